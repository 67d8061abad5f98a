/* examples/reduce/reduce.cuh -- the sum family, written once.
 *
 * What it is for
 *   A template header: define SWZ_REDUCE_TILE (threads per block), SWZ_REDUCE_ELEM, SWZ_REDUCE_ELEM_NAME and SWZ_REDUCE_VARIANT, include
 *   it, and it generates the kernel(s), launcher, workspace query, error-depth function, bank
 *   model and variant record of swz_reduce_<variant>_<SWZ_REDUCE_TILE>_<SWZ_REDUCE_ELEM_NAME>; the parameters are
 *   #undef'ed at the end of this file, so variants.cu generates all of them from one
 *   file.  A missing or bad parameter is a compile error that names it.
 *
 * Example
 *   #define SWZ_REDUCE_TILE 256
 *   #define SWZ_REDUCE_ELEM float
 *   #define SWZ_REDUCE_ELEM_NAME float
 *   #define SWZ_REDUCE_VARIANT SEQUENTIAL
 *   #include "reduce.cuh"   // -> swz_reduce_sequential_256_float(in, n, out, ws, bytes, s)
 *
 * Parameters
 *   SWZ_REDUCE_TILE       threads per block: a power of two, 64 .. 1024
 *   SWZ_REDUCE_ELEM       float or int32_t
 *   SWZ_REDUCE_ELEM_NAME  float or i32 (selects the accumulator: float, or unsigned 64-bit wrapping)
 *   SWZ_REDUCE_VARIANT    INTERLEAVED, SEQUENTIAL or FAST
 *   (The transpose family calls its parameter LAYOUT; here the shared layout is fixed and
 *   what changes is the order of the additions, so the parameter is SWZ_REDUCE_VARIANT.)
 *
 * The kernels
 *   INTERLEAVED / SEQUENTIAL (textbook, one element per thread): s[t] = x; then the tree
 *     INTERLEAVED  for d = 1, 2, 4 ..:   i = 2*d*t; if (i < SWZ_REDUCE_TILE) s[i] += s[i + d]
 *                  lanes touch words 2d apart: gcd(2d, 32)-way conflicts (2, 4, 8, 16 ..)
 *     SEQUENTIAL   for d = SWZ_REDUCE_TILE/2 .. 1:  if (t < d) s[t] += s[t + d]
 *                  lanes touch consecutive words: conflict free
 *     The tree is read through a volatile pointer so that each s[] access in the source is
 *     one shared instruction (the bank model in NAME_predict counts exactly those).
 *     Launches: one per level, ceil(log_TILE n) of them; block sums go to the workspace.
 *   FAST
 *     partials  chunk c = elements [c*CH, (c+1)*CH), CH = 256*SWZ_REDUCE_TILE.  Blocks take chunks c =
 *               blockIdx.x, + gridDim.x, ... (grid = what fills the GPU).  Per step a thread
 *               loads 4 x 16 bytes (16 elements), two steps in flight, into 4 accumulators
 *               (one per vector lane); then a warp-shuffle tree, then warp sums through 8
 *               words of shared memory; sum of chunk c -> workspace[c].  Tail chunks and
 *               misaligned input use 4-byte loads in the *same* order of additions.
 *     final     one block sums the chunk sums: thread t loads slots t + j*SWZ_REDUCE_TILE (16 at a time,
 *               j = 0..15) into accumulator j mod 4, then the same trees.  (Skipped when n
 *               fits one chunk.)
 *     The order depends on n and SWZ_REDUCE_TILE only: bit-identical results on every run and GPU.
 */
#ifndef SWZ_REDUCE_CUH_ONCE
#define SWZ_REDUCE_CUH_ONCE

#include <stdio.h> /* snprintf: the standard problem */
#include "reduce.h"
#include "../fill.h" /* ex_fill: the FAST grid */
#include <swz/bank.h>
#include <swz/tile.h>

#define EX_RD_VID_INTERLEAVED 1
#define EX_RD_VID_SEQUENTIAL 2
#define EX_RD_VID_FAST 3
#define EX_RD_VNAME_INTERLEAVED interleaved
#define EX_RD_VNAME_SEQUENTIAL sequential
#define EX_RD_VNAME_FAST fast
#define EX_RD_ISINT_float 0
#define EX_RD_ISINT_i32 1
#define EX_RD_ENAME_OK_float 1 /* SWZ_REDUCE_ELEM_NAME tokens (any other is 0 in #if: rejected) */
#define EX_RD_ENAME_OK_i32 1
#define EX_RD_ACC_float float
#define EX_RD_ACC_i32 unsigned long long
#define EX_RD_OUT_float float
#define EX_RD_OUT_i32 int64_t
#define EX_RD_V4_float float4
#define EX_RD_V4_i32 int4


#define SWZ_RD_MAX_N ((int64_t)1 << 50)

/* SWZ_EMULATE (host C++, tests/gpu/emu_simt.h included first): the kernels run unchanged on
 * the CPU, one fiber per thread; only the launch syntax differs. */
#if defined(SWZ_EMULATE) && !defined(__CUDACC__)
#define EX_RD_LAUNCH(kernel, grid, block, ...) (swz_emu_launch(dim3(grid), dim3(block), [&] { kernel(__VA_ARGS__); }))
#else
#define EX_RD_LAUNCH(kernel, grid, block, ...) (kernel<<<(grid), (block), 0, stream>>>(__VA_ARGS__))
#endif

/* Model of one instruction for the predictions: lanes' word indexes -> bank model.  store: 1
 * for a shared store (bank.h SWZ_STORE: stores never pair by rule R7, 8-byte loads may). */
static inline void ex_rd_model_insn(swz_tile_cost *c, const int64_t *word, uint32_t mask,
                                      int acc_bytes, int store)
{
    uint32_t addr[32];
    int l;
    for (l = 0; l < 32; ++l) addr[l] = (uint32_t)(word[l] * acc_bytes);
    swz_tile_cost_add(c, addr, mask, acc_bytes | (store ? SWZ_STORE : 0));
}

#endif /* SWZ_REDUCE_CUH_ONCE */

/* Included with none of the parameters: the family-once part above only. */
#if defined(SWZ_REDUCE_TILE) || defined(SWZ_REDUCE_ELEM) || defined(SWZ_REDUCE_ELEM_NAME) || defined(SWZ_REDUCE_VARIANT)
/* ================================ one variant ============================================ */
#ifndef SWZ_REDUCE_TILE
#error "reduce.cuh: define SWZ_REDUCE_TILE (threads per block: a power of two, 64 .. 1024)"
#endif
#ifndef SWZ_REDUCE_ELEM
#error "reduce.cuh: define SWZ_REDUCE_ELEM (float or int32_t)"
#endif
#ifndef SWZ_REDUCE_ELEM_NAME
#error "reduce.cuh: define SWZ_REDUCE_ELEM_NAME (float or i32)"
#endif
#ifndef SWZ_REDUCE_VARIANT
#error "reduce.cuh: define SWZ_REDUCE_VARIANT (INTERLEAVED, SEQUENTIAL or FAST)"
#endif
#define EX_RD_VID SWZ_CAT(EX_RD_VID_, SWZ_REDUCE_VARIANT)
#if EX_RD_VID < 1 || EX_RD_VID > 3
#error "reduce.cuh: SWZ_REDUCE_VARIANT must be INTERLEAVED, SEQUENTIAL or FAST"
#endif
#define EX_RD_ISINT SWZ_CAT(EX_RD_ISINT_, SWZ_REDUCE_ELEM_NAME)
#if !SWZ_CAT(EX_RD_ENAME_OK_, SWZ_REDUCE_ELEM_NAME)
#error "reduce.cuh: SWZ_REDUCE_ELEM_NAME must be float or i32"
#endif
#define EX_RD_ACC SWZ_CAT(EX_RD_ACC_, SWZ_REDUCE_ELEM_NAME)
#define EX_RD_OUT SWZ_CAT(EX_RD_OUT_, SWZ_REDUCE_ELEM_NAME)
#define EX_RD_V4 SWZ_CAT(EX_RD_V4_, SWZ_REDUCE_ELEM_NAME)
#if EX_RD_ISINT
#define EX_RD_CVT(x) ((EX_RD_ACC)(long long)(x))
#define EX_RD_RESULT(a) ((EX_RD_OUT)(a)) /* two's complement of the sum mod 2^64 */
#else
#define EX_RD_CVT(x) ((EX_RD_ACC)(x))
#define EX_RD_RESULT(a) ((EX_RD_OUT)(a))
#endif

#define EX_RD_NAME                                                                            \
    SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(swz_reduce_,                    \
        SWZ_CAT(EX_RD_VNAME_, SWZ_REDUCE_VARIANT)), _), SWZ_REDUCE_TILE), _), SWZ_REDUCE_ELEM_NAME)
#define EX_RDN(x) SWZ_CAT(EX_RD_NAME, x)

SWZ_STATIC_ASSERT((SWZ_REDUCE_TILE) >= 64 && (SWZ_REDUCE_TILE) <= 1024 && ((SWZ_REDUCE_TILE) & ((SWZ_REDUCE_TILE)-1)) == 0,
                  swz_error_reduce_TILE_must_be_a_power_of_two_from_64_to_1024);
SWZ_STATIC_ASSERT(sizeof(SWZ_REDUCE_ELEM) == 4, swz_error_reduce_ELEM_must_be_float_or_int32_t);

enum {
    EX_RDN(__NW) = (SWZ_REDUCE_TILE) / 32,  /* warps per block */
    EX_RDN(__ITERS) = 16,        /* steps per chunk (FAST) */
    EX_RDN(__LOGT) = SWZ_LOG2(SWZ_REDUCE_TILE),
    EX_RDN(__LOGW) = SWZ_LOG2((SWZ_REDUCE_TILE) / 32)
};
#define EX_RD_CH ((int64_t)(SWZ_REDUCE_TILE) * 16 * EX_RDN(__ITERS)) /* FAST chunk (elements) */

#if EX_RD_VID != EX_RD_VID_FAST
/* ---------------------------------------------------------------- textbook trees ------ */
extern "C" __global__ void __launch_bounds__(SWZ_REDUCE_TILE)
EX_RDN(_kernel)(const void *__restrict__ in, int in_is_acc, int64_t n,
                  EX_RD_ACC *__restrict__ partials, EX_RD_OUT *__restrict__ out)
{
    __shared__ EX_RD_ACC sm[SWZ_REDUCE_TILE];
    volatile EX_RD_ACC *s = sm;
    const int t = threadIdx.x;
    const int64_t i = (int64_t)blockIdx.x * (SWZ_REDUCE_TILE) + t;
    EX_RD_ACC x = 0;
    if (i < n) x = in_is_acc ? ((const EX_RD_ACC *)in)[i] : EX_RD_CVT(((const SWZ_REDUCE_ELEM *)in)[i]);
    s[t] = x;
    __syncthreads();
#if EX_RD_VID == EX_RD_VID_INTERLEAVED
#pragma unroll
    for (int d = 1; d < (SWZ_REDUCE_TILE); d *= 2) {
        const int k = 2 * d * t;
        if (k < (SWZ_REDUCE_TILE)) s[k] = s[k] + s[k + d];
        __syncthreads();
    }
#else
#pragma unroll
    for (int d = (SWZ_REDUCE_TILE) / 2; d > 0; d >>= 1) {
        if (t < d) s[t] = s[t] + s[t + d];
        __syncthreads();
    }
#endif
    if (t == 0) {
        if (out) *out = EX_RD_RESULT(s[0]);
        else partials[blockIdx.x] = s[0];
    }
}

static size_t EX_RDN(__ws_elems)(int64_t n) /* level-1 sums + level-2 sums */
{
    const int64_t n1 = (n + (SWZ_REDUCE_TILE)-1) / (SWZ_REDUCE_TILE), n2 = (n1 + (SWZ_REDUCE_TILE)-1) / (SWZ_REDUCE_TILE);
    return n <= (SWZ_REDUCE_TILE) ? 0 : (size_t)(n1 + n2);
}

extern "C" cudaError_t EX_RD_NAME(const SWZ_REDUCE_ELEM *in, int64_t n, EX_RD_OUT *out, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream)
{
    const size_t need = EX_RDN(__ws_elems)(n) * sizeof(EX_RD_ACC);
    const int64_t n1 = (n + (SWZ_REDUCE_TILE)-1) / (SWZ_REDUCE_TILE);
    EX_RD_ACC *buf[2];
    const void *cur = in;
    int acc = 0, k = 0;
    /* one element per thread: gridDim.x <= 2^31 - 1 bounds n */
    if (n < 0 || n > SWZ_RD_MAX_N || n > (int64_t)INT32_MAX * (SWZ_REDUCE_TILE) || out == NULL)
        return cudaErrorInvalidValue;
    if (n == 0) return cudaMemsetAsync(out, 0, sizeof *out, stream);
    if (in == NULL || (need > 0 && (workspace == NULL || workspace_bytes < need ||
                                    (uintptr_t)workspace % sizeof(EX_RD_ACC) != 0)))
        return cudaErrorInvalidValue;
    buf[0] = (EX_RD_ACC *)workspace;
    buf[1] = buf[0] + n1;
    while (n > (SWZ_REDUCE_TILE)) { /* one level: n -> ceil(n / SWZ_REDUCE_TILE) block sums */
        const int64_t blocks = (n + (SWZ_REDUCE_TILE)-1) / (SWZ_REDUCE_TILE);
        cudaError_t e;
        EX_RD_LAUNCH(EX_RDN(_kernel), (unsigned)blocks, (SWZ_REDUCE_TILE), cur, acc, n, buf[k], (EX_RD_OUT *)NULL);
        if ((e = cudaGetLastError()) != cudaSuccess) return e;
        cur = buf[k];
        acc = 1;
        k ^= 1;
        n = blocks;
    }
    EX_RD_LAUNCH(EX_RDN(_kernel), 1, (SWZ_REDUCE_TILE), cur, acc, n, (EX_RD_ACC *)NULL, out);
    return cudaGetLastError();
}

static int EX_RDN(__depth)(int64_t n)
{
#if EX_RD_ISINT
    (void)n;
    return 1;
#else
    int levels = 1;
    while (n > (SWZ_REDUCE_TILE)) n = (n + (SWZ_REDUCE_TILE)-1) / (SWZ_REDUCE_TILE), ++levels;
    return levels * EX_RDN(__LOGT);
#endif
}

/* One block of the tree: its STS/LDS as the kernel issues them (32 lanes per warp). */
static int EX_RDN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    const int A = (int)sizeof(EX_RD_ACC);
    int64_t w0[32], w1[32];
    int w, l, d;
    uint32_t m;
    swz_tile_cost_init(sts, (uint32_t)A);
    swz_tile_cost_init(lds, (uint32_t)A);
    for (w = 0; w < (SWZ_REDUCE_TILE) / 32; ++w) { /* s[t] = x */
        for (l = 0; l < 32; ++l) w0[l] = w * 32 + l;
        ex_rd_model_insn(sts, w0, 0xFFFFFFFFu, A, 1);
    }
#if EX_RD_VID == EX_RD_VID_INTERLEAVED
    for (d = 1; d < (SWZ_REDUCE_TILE); d *= 2)
#else
    for (d = (SWZ_REDUCE_TILE) / 2; d > 0; d >>= 1)
#endif
        for (w = 0; w < (SWZ_REDUCE_TILE) / 32; ++w) {
            m = 0u;
            for (l = 0; l < 32; ++l) {
                const int t = w * 32 + l;
#if EX_RD_VID == EX_RD_VID_INTERLEAVED
                const int k = 2 * d * t, on = k < (SWZ_REDUCE_TILE);
#else
                const int k = t, on = t < d;
#endif
                w0[l] = on ? k : 0;
                w1[l] = on ? k + d : 0;
                if (on) m |= 1u << l;
            }
            if (!m) continue;
            ex_rd_model_insn(lds, w0, m, A, 0); /* s[k] */
            ex_rd_model_insn(lds, w1, m, A, 0); /* s[k + d] */
            ex_rd_model_insn(sts, w0, m, A, 1); /* s[k] = */
        }
    for (l = 0; l < 32; ++l) w0[l] = 0; /* thread 0 reads s[0] */
    ex_rd_model_insn(lds, w0, 1u, A, 0);
    return sts->status != SWZ_OK ? sts->status : lds->status;
}

#else
/* ---------------------------------------------------------------- FAST ---------------- */
static __device__ __forceinline__ EX_RD_ACC EX_RDN(__warp_sum)(EX_RD_ACC v)
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
 * chunk of 256*SWZ_REDUCE_TILE elements. */
static __device__ __forceinline__ EX_RD_ACC EX_RDN(__block_sum)(EX_RD_ACC v, EX_RD_ACC *ws)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = EX_RDN(__warp_sum)(v);
    __syncthreads();
    if (lane == 0) ws[warp] = v;
    __syncthreads();
    v = 0;
    if (warp == 0) {
        v = lane < EX_RDN(__NW) ? ws[lane] : (EX_RD_ACC)0;
        v = EX_RDN(__warp_sum)(v);
    }
    __syncthreads(); /* ws may be reused right away */
    return v;
}

extern "C" __global__ void __launch_bounds__(SWZ_REDUCE_TILE)
EX_RDN(_partials)(const SWZ_REDUCE_ELEM *__restrict__ in, int64_t n, int vec, int64_t nchunks,
                    EX_RD_ACC *__restrict__ partials, EX_RD_OUT *__restrict__ out)
{
    __shared__ EX_RD_ACC ws[EX_RDN(__NW)];
    for (int64_t ch = blockIdx.x; ch < nchunks; ch += gridDim.x) {
        const int64_t base = ch * EX_RD_CH;
        EX_RD_ACC a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        if (vec && base + EX_RD_CH <= n) {
            const EX_RD_V4 *p = (const EX_RD_V4 *)(in + base) + threadIdx.x;
#pragma unroll 2
            for (int it = 0; it < EX_RDN(__ITERS); ++it) {
                EX_RD_V4 v[4];
#pragma unroll
                for (int j = 0; j < 4; ++j) v[j] = __ldg(p + (it * 4 + j) * (SWZ_REDUCE_TILE));
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    a0 += EX_RD_CVT(v[j].x);
                    a1 += EX_RD_CVT(v[j].y);
                    a2 += EX_RD_CVT(v[j].z);
                    a3 += EX_RD_CVT(v[j].w);
                }
            }
        } else { /* the same additions, element by element, zero past n */
#pragma unroll 1
            for (int it = 0; it < EX_RDN(__ITERS); ++it)
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    const int64_t e = base + ((int64_t)(it * 4 + j) * (SWZ_REDUCE_TILE) + threadIdx.x) * 4;
                    a0 += e + 0 < n ? EX_RD_CVT(in[e + 0]) : (EX_RD_ACC)0;
                    a1 += e + 1 < n ? EX_RD_CVT(in[e + 1]) : (EX_RD_ACC)0;
                    a2 += e + 2 < n ? EX_RD_CVT(in[e + 2]) : (EX_RD_ACC)0;
                    a3 += e + 3 < n ? EX_RD_CVT(in[e + 3]) : (EX_RD_ACC)0;
                }
        }
        {
            const EX_RD_ACC s = EX_RDN(__block_sum)((a0 + a1) + (a2 + a3), ws);
            if (threadIdx.x == 0) {
                if (out) *out = EX_RD_RESULT(s);
                else partials[ch] = s;
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(SWZ_REDUCE_TILE)
EX_RDN(_final)(const EX_RD_ACC *__restrict__ partials, int64_t m, EX_RD_OUT *__restrict__ out)
{
    __shared__ EX_RD_ACC ws[EX_RDN(__NW)];
    EX_RD_ACC a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    /* 16 slots per thread in flight: slot k0 + j*SWZ_REDUCE_TILE + t -> accumulator j mod 4, in order */
    for (int64_t k0 = 0; k0 < m; k0 += 16 * (SWZ_REDUCE_TILE)) {
        EX_RD_ACC v[16];
#pragma unroll
        for (int j = 0; j < 16; ++j) {
            const int64_t k = k0 + (int64_t)j * (SWZ_REDUCE_TILE) + threadIdx.x;
            v[j] = k < m ? partials[k] : (EX_RD_ACC)0;
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
        const EX_RD_ACC s = EX_RDN(__block_sum)((a0 + a1) + (a2 + a3), ws);
        if (threadIdx.x == 0) *out = EX_RD_RESULT(s);
    }
}

static size_t EX_RDN(__ws_elems)(int64_t n)
{
    const int64_t chunks = (n + EX_RD_CH - 1) / EX_RD_CH;
    return chunks <= 1 ? 0 : (size_t)chunks;
}

extern "C" cudaError_t EX_RD_NAME(const SWZ_REDUCE_ELEM *in, int64_t n, EX_RD_OUT *out, void *workspace,
                                    size_t workspace_bytes, cudaStream_t stream)
{
    static int fill_cache[64];
    const size_t need = EX_RDN(__ws_elems)(n) * sizeof(EX_RD_ACC);
    int64_t chunks, grid;
    int fill;
    cudaError_t e;
    if (n < 0 || n > SWZ_RD_MAX_N || out == NULL) return cudaErrorInvalidValue;
    if (n == 0) return cudaMemsetAsync(out, 0, sizeof *out, stream);
    if (in == NULL || (need > 0 && (workspace == NULL || workspace_bytes < need ||
                                    (uintptr_t)workspace % sizeof(EX_RD_ACC) != 0)))
        return cudaErrorInvalidValue;
    chunks = (n + EX_RD_CH - 1) / EX_RD_CH;
    fill = ex_fill((const void *)EX_RDN(_partials), (SWZ_REDUCE_TILE), 0, fill_cache);
    if (fill <= 0) return cudaErrorInvalidDevice;
    grid = chunks < fill ? chunks : fill;
    {
        const int vec = ((uintptr_t)in & 15u) == 0u;
        EX_RD_ACC *part = (EX_RD_ACC *)workspace;
        EX_RD_LAUNCH(EX_RDN(_partials), (unsigned)grid, (SWZ_REDUCE_TILE), in, n, vec, chunks, part,
                       chunks == 1 ? out : (EX_RD_OUT *)NULL);
        if ((e = cudaGetLastError()) != cudaSuccess || chunks == 1) return e;
        EX_RD_LAUNCH(EX_RDN(_final), 1, (SWZ_REDUCE_TILE), part, chunks, out);
    }
    return cudaGetLastError();
}

static int EX_RDN(__depth)(int64_t n)
{
#if EX_RD_ISINT
    (void)n;
    return 1;
#else
    const int64_t chunks = (n + EX_RD_CH - 1) / EX_RD_CH;
    int d;
    /* in a chunk: 4*ITERS adds per accumulator, 2 to combine them, 5 + log2(NW) tree levels */
    d = 4 * EX_RDN(__ITERS) + 2 + 5 + EX_RDN(__LOGW);
    if (chunks > 1) /* final: 4 adds per accumulator per 16*SWZ_REDUCE_TILE slots, then the same */
        d += 4 * (int)((chunks + 16 * (SWZ_REDUCE_TILE)-1) / (16 * (SWZ_REDUCE_TILE))) + 2 + 5 + EX_RDN(__LOGW);
    return d;
#endif
}

/* Per chunk: lane 0 of each warp stores its warp's sum; warp 0 reads NW words. */
static int EX_RDN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    const int A = (int)sizeof(EX_RD_ACC);
    int64_t wd[32];
    int w, l;
    swz_tile_cost_init(sts, (uint32_t)A);
    swz_tile_cost_init(lds, (uint32_t)A);
    for (w = 0; w < EX_RDN(__NW); ++w) {
        for (l = 0; l < 32; ++l) wd[l] = w;
        ex_rd_model_insn(sts, wd, 1u, A, 1);
    }
    for (l = 0; l < 32; ++l) wd[l] = l < EX_RDN(__NW) ? l : 0;
    ex_rd_model_insn(lds, wd, EX_RDN(__NW) >= 32 ? 0xFFFFFFFFu : (1u << EX_RDN(__NW)) - 1u, A, 0);
    return SWZ_OK;
}
#endif /* FAST */

extern "C" size_t EX_RDN(_workspace)(int64_t n)
{
    return n < 0 || n > SWZ_RD_MAX_N ? 0 : EX_RDN(__ws_elems)(n) * sizeof(EX_RD_ACC);
}

static cudaError_t EX_RDN(__launch_void)(const void *in, int64_t n, void *out, void *ws,
                                            size_t wsb, cudaStream_t stream)
{
    return EX_RD_NAME((const SWZ_REDUCE_ELEM *)in, n, (EX_RD_OUT *)out, ws, wsb, stream);
}

/* The standard problem (see reduce.h) and its number of blocks. */
static int EX_RDN(__problem)(char *spec)
{
#if EX_RD_VID == EX_RD_VID_FAST
    snprintf(spec, SWZ_SPEC_MAX, "%lld", (long long)EX_RD_CH * 8);
    return 9;
#else
    snprintf(spec, SWZ_SPEC_MAX, "%d", (SWZ_REDUCE_TILE) * (SWZ_REDUCE_TILE));
    return (SWZ_REDUCE_TILE) + 1;
#endif
}

static const swz_reduce_ops EX_RDN(__ops) = {
    &EX_RDN(__launch_void), &EX_RDN(_workspace), &EX_RDN(__depth), (int)sizeof(EX_RD_OUT),
#if EX_RD_VID == EX_RD_VID_FAST
    EX_RD_CH,
#else
    (SWZ_REDUCE_TILE),
#endif
};

extern "C" const swz_variant EX_RDN(_variant) = SWZ_VARIANT_INIT(
    "reduce", SWZ_STR(EX_RD_NAME), SWZ_STR(EX_RDN(_)),
    SWZ_STR(SWZ_CAT(EX_RD_VNAME_, SWZ_REDUCE_VARIANT)), SWZ_STR(SWZ_REDUCE_ELEM_NAME), (SWZ_REDUCE_TILE),
    (int)sizeof(SWZ_REDUCE_ELEM), (SWZ_REDUCE_TILE), "", &EX_RDN(__predict), &EX_RDN(__problem), &EX_RDN(__ops));

#undef EX_RD_CH
#undef EX_RDN
#undef EX_RD_NAME
#undef EX_RD_CVT
#undef EX_RD_RESULT
#undef EX_RD_V4
#undef EX_RD_OUT
#undef EX_RD_ACC
#undef EX_RD_ISINT
#undef EX_RD_VID
#endif /* one variant */
/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_REDUCE_TILE
#undef SWZ_REDUCE_ELEM
#undef SWZ_REDUCE_ELEM_NAME
#undef SWZ_REDUCE_NAME_SUFFIX
#undef SWZ_REDUCE_VARIANT
