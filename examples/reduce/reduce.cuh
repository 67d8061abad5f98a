/* examples/reduce/reduce.cuh -- the sum family, written once.
 *
 * What it is for
 *   A template header: define TILE (threads per block), ELEM, ELEM_NAME and VARIANT, include
 *   it, and it generates the kernel(s), launcher, workspace query, error-depth function, bank
 *   model and registry entry of swz_reduce_<variant>_<TILE>_<ELEM_NAME>; the parameters are
 *   #undef'ed at the end so variants.cu generates all of them from one file.
 *
 * Example
 *   #define TILE 256
 *   #define ELEM float
 *   #define ELEM_NAME float
 *   #define VARIANT SEQUENTIAL
 *   #include "reduce.cuh"   // -> swz_reduce_sequential_256_float(in, n, out, ws, bytes, s)
 *
 * Parameters
 *   TILE       threads per block: a power of two, 64 .. 1024
 *   ELEM       float or int32_t
 *   ELEM_NAME  float or i32 (selects the accumulator: float, or unsigned 64-bit wrapping)
 *   VARIANT    INTERLEAVED, SEQUENTIAL or FAST
 *   (The transpose family calls its parameter LAYOUT; here the shared layout is fixed and
 *   what changes is the order of the additions, so the parameter is VARIANT.)
 *
 * The kernels
 *   INTERLEAVED / SEQUENTIAL (textbook, one element per thread): s[t] = x; then the tree
 *     INTERLEAVED  for d = 1, 2, 4 ..:   i = 2*d*t; if (i < TILE) s[i] += s[i + d]
 *                  lanes touch words 2d apart: gcd(2d, 32)-way conflicts (2, 4, 8, 16 ..)
 *     SEQUENTIAL   for d = TILE/2 .. 1:  if (t < d) s[t] += s[t + d]
 *                  lanes touch consecutive words: conflict free
 *     The tree is read through a volatile pointer so that each s[] access in the source is
 *     one shared instruction (the bank model in NAME_predict counts exactly those).
 *     Launches: one per level, ceil(log_TILE n) of them; block sums go to the workspace.
 *   FAST
 *     partials  chunk c = elements [c*CH, (c+1)*CH), CH = 256*TILE.  Blocks take chunks c =
 *               blockIdx.x, + gridDim.x, ... (grid = what fills the GPU).  Per step a thread
 *               loads 4 x 16 bytes (16 elements), two steps in flight, into 4 accumulators
 *               (one per vector lane); then a warp-shuffle tree, then warp sums through 8
 *               words of shared memory; sum of chunk c -> workspace[c].  Tail chunks and
 *               misaligned input use 4-byte loads in the *same* order of additions.
 *     final     one block sums the chunk sums: thread t loads slots t + j*TILE (16 at a time,
 *               j = 0..15) into accumulator j mod 4, then the same trees.  (Skipped when n
 *               fits one chunk.)
 *     The order depends on n and TILE only: bit-identical results on every run and GPU.
 */
#ifndef SWZ_REDUCE_CUH_ONCE
#define SWZ_REDUCE_CUH_ONCE

#include <stdio.h> /* snprintf: the standard problem */
#include "reduce.h"
#include "../fill.h" /* ex_fill: the FAST grid */
#include <swz/bank.h>
#include <swz/tile.h>

#define SWZ__RD_VID_INTERLEAVED 1
#define SWZ__RD_VID_SEQUENTIAL 2
#define SWZ__RD_VID_FAST 3
#define SWZ__RD_VNAME_INTERLEAVED interleaved
#define SWZ__RD_VNAME_SEQUENTIAL sequential
#define SWZ__RD_VNAME_FAST fast
#define SWZ__RD_ISINT_float 0
#define SWZ__RD_ISINT_i32 1
#define SWZ__RD_ACC_float float
#define SWZ__RD_ACC_i32 unsigned long long
#define SWZ__RD_OUT_float float
#define SWZ__RD_OUT_i32 int64_t
#define SWZ__RD_V4_float float4
#define SWZ__RD_V4_i32 int4

#define SWZ__RD_CAT_(a, b) a##b
#define SWZ__RD_CAT(a, b) SWZ__RD_CAT_(a, b)
#define SWZ__RD_STR_(a) #a
#define SWZ__RD_STR(a) SWZ__RD_STR_(a)

#define SWZ_RD_MAX_N ((int64_t)1 << 50)

/* SWZ_EMULATE (host C++, tests/gpu/emu_simt.h included first): the kernels run unchanged on
 * the CPU, one fiber per thread; only the launch syntax differs. */
#if defined(SWZ_EMULATE) && !defined(__CUDACC__)
#define SWZ__RD_LAUNCH(kernel, grid, block, ...) (swz_emu_launch(dim3(grid), dim3(block), [&] { kernel(__VA_ARGS__); }))
#else
#define SWZ__RD_LAUNCH(kernel, grid, block, ...) (kernel<<<(grid), (block), 0, stream>>>(__VA_ARGS__))
#endif

/* Model of one instruction for the predictions: lanes' word indexes -> bank model.  store: 1
 * for a shared store (bank.h SWZ_STORE: stores never pair by rule R7, 8-byte loads may). */
static inline void swz__rd_model_insn(swz_tile_cost *c, const int64_t *word, uint32_t mask,
                                      int acc_bytes, int store)
{
    uint32_t addr[32];
    int l;
    for (l = 0; l < 32; ++l) addr[l] = (uint32_t)(word[l] * acc_bytes);
    swz_tile_cost_add(c, addr, mask, acc_bytes | (store ? SWZ_STORE : 0));
}

#endif /* SWZ_REDUCE_CUH_ONCE */

/* ================================ one variant ============================================ */
#if !defined(TILE) || !defined(ELEM) || !defined(ELEM_NAME) || !defined(VARIANT)
#error "reduce.cuh: define TILE, ELEM, ELEM_NAME and VARIANT before including it"
#endif
#define SWZ__RD_VID SWZ__RD_CAT(SWZ__RD_VID_, VARIANT)
#if SWZ__RD_VID < 1 || SWZ__RD_VID > 3
#error "reduce.cuh: VARIANT must be INTERLEAVED, SEQUENTIAL or FAST"
#endif
#define SWZ__RD_ISINT SWZ__RD_CAT(SWZ__RD_ISINT_, ELEM_NAME)
#define SWZ__RD_ACC SWZ__RD_CAT(SWZ__RD_ACC_, ELEM_NAME)
#define SWZ__RD_OUT SWZ__RD_CAT(SWZ__RD_OUT_, ELEM_NAME)
#define SWZ__RD_V4 SWZ__RD_CAT(SWZ__RD_V4_, ELEM_NAME)
#if SWZ__RD_ISINT
#define SWZ__RD_CVT(x) ((SWZ__RD_ACC)(long long)(x))
#define SWZ__RD_RESULT(a) ((SWZ__RD_OUT)(a)) /* two's complement of the sum mod 2^64 */
#else
#define SWZ__RD_CVT(x) ((SWZ__RD_ACC)(x))
#define SWZ__RD_RESULT(a) ((SWZ__RD_OUT)(a))
#endif

#define SWZ__RD_NAME                                                                            \
    SWZ__RD_CAT(SWZ__RD_CAT(SWZ__RD_CAT(SWZ__RD_CAT(SWZ__RD_CAT(swz_reduce_,                    \
        SWZ__RD_CAT(SWZ__RD_VNAME_, VARIANT)), _), TILE), _), ELEM_NAME)
#define SWZ__RDN(x) SWZ__RD_CAT(SWZ__RD_NAME, x)

SWZ_STATIC_ASSERT((TILE) >= 64 && (TILE) <= 1024 && ((TILE) & ((TILE)-1)) == 0,
                  swz_error_reduce_TILE_must_be_a_power_of_two_from_64_to_1024);
SWZ_STATIC_ASSERT(sizeof(ELEM) == 4, swz_error_reduce_ELEM_must_be_float_or_int32_t);

enum {
    SWZ__RDN(__NW) = (TILE) / 32,  /* warps per block */
    SWZ__RDN(__ITERS) = 16,        /* steps per chunk (FAST) */
    SWZ__RDN(__LOGT) = SWZ_LOG2(TILE),
    SWZ__RDN(__LOGW) = SWZ_LOG2((TILE) / 32)
};
#define SWZ__RD_CH ((int64_t)(TILE) * 16 * SWZ__RDN(__ITERS)) /* FAST chunk (elements) */

#if SWZ__RD_VID != SWZ__RD_VID_FAST
/* ---------------------------------------------------------------- textbook trees ------ */
extern "C" __global__ void __launch_bounds__(TILE)
SWZ__RDN(_kernel)(const void *__restrict__ in, int in_is_acc, int64_t n,
                  SWZ__RD_ACC *__restrict__ partials, SWZ__RD_OUT *__restrict__ out)
{
    __shared__ SWZ__RD_ACC sm[TILE];
    volatile SWZ__RD_ACC *s = sm;
    const int t = threadIdx.x;
    const int64_t i = (int64_t)blockIdx.x * (TILE) + t;
    SWZ__RD_ACC x = 0;
    if (i < n) x = in_is_acc ? ((const SWZ__RD_ACC *)in)[i] : SWZ__RD_CVT(((const ELEM *)in)[i]);
    s[t] = x;
    __syncthreads();
#if SWZ__RD_VID == SWZ__RD_VID_INTERLEAVED
#pragma unroll
    for (int d = 1; d < (TILE); d *= 2) {
        const int k = 2 * d * t;
        if (k < (TILE)) s[k] = s[k] + s[k + d];
        __syncthreads();
    }
#else
#pragma unroll
    for (int d = (TILE) / 2; d > 0; d >>= 1) {
        if (t < d) s[t] = s[t] + s[t + d];
        __syncthreads();
    }
#endif
    if (t == 0) {
        if (out) *out = SWZ__RD_RESULT(s[0]);
        else partials[blockIdx.x] = s[0];
    }
}

static size_t SWZ__RDN(__ws_elems)(int64_t n) /* level-1 sums + level-2 sums */
{
    const int64_t n1 = (n + (TILE)-1) / (TILE), n2 = (n1 + (TILE)-1) / (TILE);
    return n <= (TILE) ? 0 : (size_t)(n1 + n2);
}

extern "C" cudaError_t SWZ__RD_NAME(const ELEM *in, int64_t n, SWZ__RD_OUT *out, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream)
{
    const size_t need = SWZ__RDN(__ws_elems)(n) * sizeof(SWZ__RD_ACC);
    const int64_t n1 = (n + (TILE)-1) / (TILE);
    SWZ__RD_ACC *buf[2];
    const void *cur = in;
    int acc = 0, k = 0;
    /* one element per thread: gridDim.x <= 2^31 - 1 bounds n */
    if (n < 0 || n > SWZ_RD_MAX_N || n > (int64_t)INT32_MAX * (TILE) || out == NULL)
        return cudaErrorInvalidValue;
    if (n == 0) return cudaMemsetAsync(out, 0, sizeof *out, stream);
    if (in == NULL || (need > 0 && (workspace == NULL || workspace_bytes < need ||
                                    (uintptr_t)workspace % sizeof(SWZ__RD_ACC) != 0)))
        return cudaErrorInvalidValue;
    buf[0] = (SWZ__RD_ACC *)workspace;
    buf[1] = buf[0] + n1;
    while (n > (TILE)) { /* one level: n -> ceil(n / TILE) block sums */
        const int64_t blocks = (n + (TILE)-1) / (TILE);
        cudaError_t e;
        SWZ__RD_LAUNCH(SWZ__RDN(_kernel), (unsigned)blocks, (TILE), cur, acc, n, buf[k], (SWZ__RD_OUT *)NULL);
        if ((e = cudaGetLastError()) != cudaSuccess) return e;
        cur = buf[k];
        acc = 1;
        k ^= 1;
        n = blocks;
    }
    SWZ__RD_LAUNCH(SWZ__RDN(_kernel), 1, (TILE), cur, acc, n, (SWZ__RD_ACC *)NULL, out);
    return cudaGetLastError();
}

static int SWZ__RDN(__depth)(int64_t n)
{
#if SWZ__RD_ISINT
    (void)n;
    return 1;
#else
    int levels = 1;
    while (n > (TILE)) n = (n + (TILE)-1) / (TILE), ++levels;
    return levels * SWZ__RDN(__LOGT);
#endif
}

/* One block of the tree: its STS/LDS as the kernel issues them (32 lanes per warp). */
static int SWZ__RDN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    const int A = (int)sizeof(SWZ__RD_ACC);
    int64_t w0[32], w1[32];
    int w, l, d;
    uint32_t m;
    swz_tile_cost_init(sts, (uint32_t)A);
    swz_tile_cost_init(lds, (uint32_t)A);
    for (w = 0; w < (TILE) / 32; ++w) { /* s[t] = x */
        for (l = 0; l < 32; ++l) w0[l] = w * 32 + l;
        swz__rd_model_insn(sts, w0, 0xFFFFFFFFu, A, 1);
    }
#if SWZ__RD_VID == SWZ__RD_VID_INTERLEAVED
    for (d = 1; d < (TILE); d *= 2)
#else
    for (d = (TILE) / 2; d > 0; d >>= 1)
#endif
        for (w = 0; w < (TILE) / 32; ++w) {
            m = 0u;
            for (l = 0; l < 32; ++l) {
                const int t = w * 32 + l;
#if SWZ__RD_VID == SWZ__RD_VID_INTERLEAVED
                const int k = 2 * d * t, on = k < (TILE);
#else
                const int k = t, on = t < d;
#endif
                w0[l] = on ? k : 0;
                w1[l] = on ? k + d : 0;
                if (on) m |= 1u << l;
            }
            if (!m) continue;
            swz__rd_model_insn(lds, w0, m, A, 0); /* s[k] */
            swz__rd_model_insn(lds, w1, m, A, 0); /* s[k + d] */
            swz__rd_model_insn(sts, w0, m, A, 1); /* s[k] = */
        }
    for (l = 0; l < 32; ++l) w0[l] = 0; /* thread 0 reads s[0] */
    swz__rd_model_insn(lds, w0, 1u, A, 0);
    return sts->status != SWZ_OK ? sts->status : lds->status;
}

#else
/* ---------------------------------------------------------------- FAST ---------------- */
static __device__ __forceinline__ SWZ__RD_ACC SWZ__RDN(__warp_sum)(SWZ__RD_ACC v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xFFFFFFFFu, v, o);
    return v;
}

/* The block's sum of one value per thread (fixed tree); valid in thread 0.  ws: NW words.
 * The barrier before the warp sums are stored: every warp of the block has consumed all its
 * loads by then (its sum depends on them), so the NW one-lane stores are issued together with
 * no 16-byte loads of the block still landing in L1, which shares its data banks with shared
 * memory.  Without it, on the H200 the partials kernel of fast_512 (16 warps, stores staggered
 * between the other warps' streaming loads) measured 139 store wavefronts for its 128 one-lane
 * stores (i32: 133), while the final kernel -- the same stores, no streaming loads -- and
 * fast_256 measured exactly one per store, as the bank model predicts.  Cost: one barrier per
 * chunk of 256*TILE elements. */
static __device__ __forceinline__ SWZ__RD_ACC SWZ__RDN(__block_sum)(SWZ__RD_ACC v, SWZ__RD_ACC *ws)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = SWZ__RDN(__warp_sum)(v);
    __syncthreads();
    if (lane == 0) ws[warp] = v;
    __syncthreads();
    v = 0;
    if (warp == 0) {
        v = lane < SWZ__RDN(__NW) ? ws[lane] : (SWZ__RD_ACC)0;
        v = SWZ__RDN(__warp_sum)(v);
    }
    __syncthreads(); /* ws may be reused right away */
    return v;
}

extern "C" __global__ void __launch_bounds__(TILE)
SWZ__RDN(_partials)(const ELEM *__restrict__ in, int64_t n, int vec, int64_t nchunks,
                    SWZ__RD_ACC *__restrict__ partials, SWZ__RD_OUT *__restrict__ out)
{
    __shared__ SWZ__RD_ACC ws[SWZ__RDN(__NW)];
    for (int64_t ch = blockIdx.x; ch < nchunks; ch += gridDim.x) {
        const int64_t base = ch * SWZ__RD_CH;
        SWZ__RD_ACC a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        if (vec && base + SWZ__RD_CH <= n) {
            const SWZ__RD_V4 *p = (const SWZ__RD_V4 *)(in + base) + threadIdx.x;
#pragma unroll 2
            for (int it = 0; it < SWZ__RDN(__ITERS); ++it) {
                SWZ__RD_V4 v[4];
#pragma unroll
                for (int j = 0; j < 4; ++j) v[j] = __ldg(p + (it * 4 + j) * (TILE));
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    a0 += SWZ__RD_CVT(v[j].x);
                    a1 += SWZ__RD_CVT(v[j].y);
                    a2 += SWZ__RD_CVT(v[j].z);
                    a3 += SWZ__RD_CVT(v[j].w);
                }
            }
        } else { /* the same additions, element by element, zero past n */
#pragma unroll 1
            for (int it = 0; it < SWZ__RDN(__ITERS); ++it)
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    const int64_t e = base + ((int64_t)(it * 4 + j) * (TILE) + threadIdx.x) * 4;
                    a0 += e + 0 < n ? SWZ__RD_CVT(in[e + 0]) : (SWZ__RD_ACC)0;
                    a1 += e + 1 < n ? SWZ__RD_CVT(in[e + 1]) : (SWZ__RD_ACC)0;
                    a2 += e + 2 < n ? SWZ__RD_CVT(in[e + 2]) : (SWZ__RD_ACC)0;
                    a3 += e + 3 < n ? SWZ__RD_CVT(in[e + 3]) : (SWZ__RD_ACC)0;
                }
        }
        {
            const SWZ__RD_ACC s = SWZ__RDN(__block_sum)((a0 + a1) + (a2 + a3), ws);
            if (threadIdx.x == 0) {
                if (out) *out = SWZ__RD_RESULT(s);
                else partials[ch] = s;
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(TILE)
SWZ__RDN(_final)(const SWZ__RD_ACC *__restrict__ partials, int64_t m, SWZ__RD_OUT *__restrict__ out)
{
    __shared__ SWZ__RD_ACC ws[SWZ__RDN(__NW)];
    SWZ__RD_ACC a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    /* 16 slots per thread in flight: slot k0 + j*TILE + t -> accumulator j mod 4, in order */
    for (int64_t k0 = 0; k0 < m; k0 += 16 * (TILE)) {
        SWZ__RD_ACC v[16];
#pragma unroll
        for (int j = 0; j < 16; ++j) {
            const int64_t k = k0 + (int64_t)j * (TILE) + threadIdx.x;
            v[j] = k < m ? partials[k] : (SWZ__RD_ACC)0;
        }
#pragma unroll
        for (int j = 0; j < 16; j += 4) {
            a0 += v[j];
            a1 += v[j + 1];
            a2 += v[j + 2];
            a3 += v[j + 3];
        }
    }
    {
        const SWZ__RD_ACC s = SWZ__RDN(__block_sum)((a0 + a1) + (a2 + a3), ws);
        if (threadIdx.x == 0) *out = SWZ__RD_RESULT(s);
    }
}

static size_t SWZ__RDN(__ws_elems)(int64_t n)
{
    const int64_t chunks = (n + SWZ__RD_CH - 1) / SWZ__RD_CH;
    return chunks <= 1 ? 0 : (size_t)chunks;
}

extern "C" cudaError_t SWZ__RD_NAME(const ELEM *in, int64_t n, SWZ__RD_OUT *out, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream)
{
    static int fill_cache[64];
    const size_t need = SWZ__RDN(__ws_elems)(n) * sizeof(SWZ__RD_ACC);
    int64_t chunks, grid;
    int fill;
    cudaError_t e;
    if (n < 0 || n > SWZ_RD_MAX_N || out == NULL) return cudaErrorInvalidValue;
    if (n == 0) return cudaMemsetAsync(out, 0, sizeof *out, stream);
    if (in == NULL || (need > 0 && (workspace == NULL || workspace_bytes < need ||
                                    (uintptr_t)workspace % sizeof(SWZ__RD_ACC) != 0)))
        return cudaErrorInvalidValue;
    chunks = (n + SWZ__RD_CH - 1) / SWZ__RD_CH;
    fill = ex_fill((const void *)SWZ__RDN(_partials), (TILE), fill_cache);
    if (fill <= 0) return cudaErrorInvalidDevice;
    grid = chunks < fill ? chunks : fill;
    {
        const int vec = ((uintptr_t)in & 15u) == 0u;
        SWZ__RD_ACC *part = (SWZ__RD_ACC *)workspace;
        SWZ__RD_LAUNCH(SWZ__RDN(_partials), (unsigned)grid, (TILE), in, n, vec, chunks, part,
                       chunks == 1 ? out : (SWZ__RD_OUT *)NULL);
        if ((e = cudaGetLastError()) != cudaSuccess || chunks == 1) return e;
        SWZ__RD_LAUNCH(SWZ__RDN(_final), 1, (TILE), part, chunks, out);
    }
    return cudaGetLastError();
}

static int SWZ__RDN(__depth)(int64_t n)
{
#if SWZ__RD_ISINT
    (void)n;
    return 1;
#else
    const int64_t chunks = (n + SWZ__RD_CH - 1) / SWZ__RD_CH;
    int d;
    /* in a chunk: 4*ITERS adds per accumulator, 2 to combine them, 5 + log2(NW) tree levels */
    d = 4 * SWZ__RDN(__ITERS) + 2 + 5 + SWZ__RDN(__LOGW);
    if (chunks > 1) /* final: 4 adds per accumulator per 16*TILE slots, then the same */
        d += 4 * (int)((chunks + 16 * (TILE)-1) / (16 * (TILE))) + 2 + 5 + SWZ__RDN(__LOGW);
    return d;
#endif
}

/* Per chunk: lane 0 of each warp stores its warp's sum; warp 0 reads NW words. */
static int SWZ__RDN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    const int A = (int)sizeof(SWZ__RD_ACC);
    int64_t wd[32];
    int w, l;
    swz_tile_cost_init(sts, (uint32_t)A);
    swz_tile_cost_init(lds, (uint32_t)A);
    for (w = 0; w < SWZ__RDN(__NW); ++w) {
        for (l = 0; l < 32; ++l) wd[l] = w;
        swz__rd_model_insn(sts, wd, 1u, A, 1);
    }
    for (l = 0; l < 32; ++l) wd[l] = l < SWZ__RDN(__NW) ? l : 0;
    swz__rd_model_insn(lds, wd, SWZ__RDN(__NW) >= 32 ? 0xFFFFFFFFu : (1u << SWZ__RDN(__NW)) - 1u, A, 0);
    return SWZ_OK;
}
#endif /* FAST */

extern "C" size_t SWZ__RDN(_workspace)(int64_t n)
{
    return n < 0 || n > SWZ_RD_MAX_N ? 0 : SWZ__RDN(__ws_elems)(n) * sizeof(SWZ__RD_ACC);
}

static cudaError_t SWZ__RDN(__launch_void)(const void *in, int64_t n, void *out, void *ws,
                                            size_t wsb, cudaStream_t stream)
{
    return SWZ__RD_NAME((const ELEM *)in, n, (SWZ__RD_OUT *)out, ws, wsb, stream);
}

/* The standard problem (see reduce.h) and its number of blocks. */
static int SWZ__RDN(__problem)(char *spec)
{
#if SWZ__RD_VID == SWZ__RD_VID_FAST
    snprintf(spec, SWZ_SPEC_MAX, "%lld", (long long)SWZ__RD_CH * 8);
    return 9;
#else
    snprintf(spec, SWZ_SPEC_MAX, "%d", (TILE) * (TILE));
    return (TILE) + 1;
#endif
}

static const swz_reduce_ops SWZ__RDN(__ops) = {
    &SWZ__RDN(__launch_void), &SWZ__RDN(_workspace), &SWZ__RDN(__depth), (int)sizeof(SWZ__RD_OUT),
#if SWZ__RD_VID == SWZ__RD_VID_FAST
    SWZ__RD_CH,
#else
    (TILE),
#endif
};

extern "C" const swz_variant SWZ__RDN(_variant) = {
    "reduce",
    SWZ__RD_STR(SWZ__RD_NAME),
    SWZ__RD_STR(SWZ__RDN(_)),
    SWZ__RD_STR(SWZ__RD_CAT(SWZ__RD_VNAME_, VARIANT)),
    SWZ__RD_STR(ELEM_NAME),
    (TILE),
    (int)sizeof(ELEM),
    (TILE),
    "",
    &SWZ__RDN(__predict),
    &SWZ__RDN(__problem),
    &SWZ__RDN(__ops),
};

#undef SWZ__RD_CH
#undef SWZ__RDN
#undef SWZ__RD_NAME
#undef SWZ__RD_CVT
#undef SWZ__RD_RESULT
#undef SWZ__RD_V4
#undef SWZ__RD_OUT
#undef SWZ__RD_ACC
#undef SWZ__RD_ISINT
#undef SWZ__RD_VID
#undef TILE
#undef ELEM
#undef ELEM_NAME
#undef VARIANT
