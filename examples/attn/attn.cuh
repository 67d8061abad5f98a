/* examples/attn/attn.cuh -- the attention family written once: a FlashAttention-style forward
 * pass (attn.h says what it computes) whose Q, K, V and O tiles are swz tiles.
 *
 * What it is for
 *   A template header: define the parameters, include it, and it generates one kernel, its
 *   launcher, its bank-model prediction and its variant record, named
 *   swz_attn_<arch>_<layout>_<head_dim>_<elem>; its own parameters are #undef'ed at the end, so
 *   one .cu file generates many (variants_mma.cu, variants_wgmma.cu; attn.h lists them).
 *   Included with no parameter it declares the family-once part only (registry.cu).
 *
 * Example
 *   #define SWZ_ATTN_ARCH MMA
 *   #define SWZ_ATTN_LAYOUT XOR
 *   #define SWZ_ATTN_HEAD_DIM 128
 *   #define SWZ_ATTN_ELEM __nv_bfloat16
 *   #define SWZ_ATTN_ELEM_NAME bf16
 *   #include "attn.cuh"   // -> swz_attn_mma_xor_128_bf16(const swz_attn_args *, cudaStream_t)
 *
 * Parameters
 *   SWZ_ATTN_ARCH       MMA (portable, sm_80+) or WGMMA (Hopper, sm_90a)
 *   SWZ_ATTN_LAYOUT     NONE, PAD or XOR
 *   SWZ_ATTN_HEAD_DIM   64 or 128; 96 with MMA
 *   SWZ_ATTN_ELEM       __nv_bfloat16 or __half;  SWZ_ATTN_ELEM_NAME bf16 or f16 (the same type)
 *   SWZ_ATTN_PINGPONG   (optional, WGMMA; 0 default or 1) 1: the two consumer warpgroups take
 *                       turns issuing their wgmma batches (named barriers 4 and 5), so that one's
 *                       softmax runs while the other's products do (FlashAttention-3's ping-pong)
 *   SWZ_ATTN_PERSIST    (optional, WGMMA; 0 default or 1) 1: causal problems launch one CTA
 *                       per SM that takes tile after tile (ex_at_launch_persistent), the next
 *                       tile's Q loading into a second slot while the last one's key blocks run;
 *                       non-causal ones keep one CTA per tile (measured faster: design.md)
 *   SWZ_ATTN_BM         (optional, WGMMA; 128 default or 192) query rows of a CTA: 64 per consumer
 *                       warpgroup (192: three consumers, 160 registers each instead of 240)
 *   SWZ_ATTN_STAGES     (optional, WGMMA; 2 default, up to 4) K/V stages in shared memory
 *   SWZ_ATTN_BN         (optional; 64 default with MMA, or 128; WGMMA: 128) keys of a K/V block
 *   A missing or bad parameter is a compile error that names it.
 *
 * The portable kernel (MMA; 128 threads = 4 warps, BM = 128 query rows, BN = SWZ_ATTN_BN keys: the
 * shipped variants 128 at D 64, 64 at D 128 and 96 -- variants_mma*.cu)
 *   grid      one CTA per tile (ex_at_cta_of: causal, the CTA's place in launch order is its
 *             place in the sectioned longest-first order of ex_at_cta_at).
 *   smem      Q (BM x D), K and V (BN x D) in two stages each, all in the layout (xor: swz's
 *             automatic XOR for 16-byte access, SWZ_XOR_AUTO_OFFSET(D, 2, 16, r, c): the 16-byte
 *             unit XOR row mod 8 -- the 128-byte swizzle; pad: rows of D + 8 elements; none:
 *             row-major), written by 16-byte cp.async (swz/mma.h) and read by ldmatrix: Q as
 *             the A operand, K (BN x D, d contiguous) as the B operand of Q.K^T with the
 *             reduction dimension contiguous (SWZ_MMA_BT), V (BN x D) as the B operand of P.V
 *             with the reduction dimension strided (SWZ_MMA_B, ldmatrix .trans).
 *   a warp    32 query rows (two m16 tiles): S = Q.K^T by mma.sync m16n8k16 (fp32), the
 *             online softmax in registers (exp2 with log2(e) folded into the scale; rows
 *             reduced across the 4 lanes that hold them), P converted to 16-bit in registers
 *             as the A fragments of P.V (the accumulator order is the A-fragment order).
 *   pipeline  key blocks from the last to the first (masked blocks first); K of the next block
 *             loads while S is computed, V while P.V is: two cp.async groups per block.  Whole
 *             tiles load by the plain copies (NAME_load_async_full); only a ragged Q tile or
 *             last key block takes the bounds-checked ones (zeros past the rows).
 *   epilogue  O / l into the Q tile (each warp its own rows: 4-byte stores, conflict free in
 *             xor and pad, 8-way in none), then 16-byte coalesced stores of whole rows.
 *
 * The Hopper kernel (WGMMA; a producer warpgroup and BM / 64 consumer warpgroups: 384 threads
 * at BM = 128, 512 at BM = 192; BN = 128 keys, SWZ_ATTN_STAGES K/V stages; the shipped knobs:
 * D 128 BM 128 with ping-pong, D 64 BM 192, two stages, persistent -- variants_wgmma.cu)
 *   grid      one CTA per tile (a query block of one head; ex_at_cta_of), or with
 *             SWZ_ATTN_PERSIST and a causal mask one CTA per SM that takes tile after tile from
 *             a counter, in the order of ex_at_cta_at (ex_at_launch_persistent): the next tile's
 *             Q and first key blocks load while the last one's run, where a new CTA would start
 *             cold.
 *   smem      Q (two slots when persistent), K[2], V[2] written by TMA (swz/tma.h, 4-D maps
 *             over [batch, seq, heads, d]):
 *             xor: 128-byte-swizzled panels of 64 columns (the tma128 layout); none and pad:
 *             unswizzled boxes of 8 columns (wgmma's core-matrix layout).  wgmma reads them
 *             through swz_wgmma_desc: Q and K K-major, V MN-major (the transpose bit).
 *   producer  one thread: a tile's Q, then per key block K and V on their own mbarriers (full /
 *             empty per stage, counted across tiles), so Q.K^T of a block starts before its V
 *             has landed; the tile's number goes to the consumers with its Q (qfull), and a
 *             Q slot is reused once every consumer has stored the O it staged there (qempty).
 *   consumer  64 query rows each: S = Q.K^T (wgmma m64nBNk16, SS), softmax, O += P.V with P
 *             from registers (wgmma m64nDk16, RS); the softmax of block j runs while the
 *             tensor cores compute P.V of block j-1 (issued before it).  A consumer visits
 *             only its own rows' key blocks (ex_at_keys_end): causal, the CTA's last blocks
 *             reach past the diagonal of the first consumers' rows, which release them unread
 *             and leave the tensor cores to the others (at BM 192 and BN 128 that is 6-25 %
 *             of a causal problem's products at seqlen 8192-1024).
 *   epilogue  O / l by stmatrix into the consumer's rows of the Q tile in the layout (xor:
 *             tma128, conflict free; pad: rows of D + 8; none: row-major, 8-way), then 16-byte
 *             coalesced stores.
 */
#ifndef SWZ_ATTN_CUH_ONCE
#define SWZ_ATTN_CUH_ONCE

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <vector>

#include <swz/pad.h>
#include <swz/xor.h>
#include <swz/mma.h>
#include <swz/tma.h>
#include "../fill.h" /* ex_fill: the persistent grid */
#include "attn.h"

/* ---- the family-once part ---------------------------------------------------------------- */
#define EX_AT_LID_NONE 1
#define EX_AT_LID_PAD 2
#define EX_AT_LID_XOR 3
#define EX_AT_LNAME_NONE none
#define EX_AT_LNAME_PAD pad
#define EX_AT_LNAME_XOR xor
#define EX_AT_AID_MMA 1
#define EX_AT_AID_WGMMA 2
#define EX_AT_ANAME_MMA mma
#define EX_AT_ANAME_WGMMA wgmma
#define EX_AT_ENAME_OK_bf16 1
#define EX_AT_ENAME_OK_f16 1
#define EX_AT_DTYPE_bf16 SWZ_ATTN_BF16
#define EX_AT_DTYPE_f16 SWZ_ATTN_F16

/* Element offset of (r, c) in a tile of rows of D 16-bit elements, in layout L (1 none, 2 pad,
 * 3 xor), and the row stride in elements. */
#define EX_AT_STRIDE(L, D) ((L) == EX_AT_LID_PAD ? SWZ_PAD_STRIDE((D), 2, 16) : (uint32_t)(D))
#define EX_AT_OFF(L, D, r, c)                                                                   \
    ((L) == EX_AT_LID_XOR   ? SWZ_XOR_AUTO_OFFSET((D), 2, 16, (r), (c))                        \
     : (L) == EX_AT_LID_PAD ? SWZ_PAD_OFFSET((D), 2, 16, (r), (c))                             \
                            : (uint32_t)(r) * (uint32_t)(D) + (uint32_t)(c))

/* The Hopper kernel's named barriers (0 is __syncthreads) with ncw consumer warpgroups:
 * consumer warpgroup cw's own (EX_AT_BAR_OWN + cw, its 128 threads: the epilogue), all
 * consumers' (ncw * 128 threads: none / pad staging), and the ping-pong turns of
 * SWZ_ATTN_PINGPONG (EX_AT_BAR_TURN(ncw) + cw: warpgroup cw may issue). */
#define EX_AT_BAR_OWN 1u
#define EX_AT_BAR_CONSUMERS(ncw) (EX_AT_BAR_OWN + (uint32_t)(ncw))
#define EX_AT_BAR_TURN(ncw) (EX_AT_BAR_CONSUMERS(ncw) + 1u)
/* ... and its register split (setmaxnreg, multiples of 8).  setmaxnreg moves registers inside
 * the CTA's own pool, the registers it was launched with: __launch_bounds__(threads, 1) lets
 * ptxas give each thread 65536 / threads rounded down to 8 (168 for 384 threads, 128 for 512),
 * so the pool is 64512 or 65536, not always 64 Ki, and a consumer's setmaxnreg.inc asking for
 * more than the producer freed waits forever.  The producer warpgroup keeps 24; the ncw consumer
 * warpgroups share the rest of the pool (240 each for two, 160 for three). */
#define EX_AT_PRODUCER_REGS 24
#define EX_AT_POOL_REGS(ncw) (65536 / (128 * ((ncw) + 1)) / 8 * 8 * ((ncw) + 1)) /* per 128 threads */
#define EX_AT_CONSUMER_REGS(ncw) ((EX_AT_POOL_REGS(ncw) - EX_AT_PRODUCER_REGS) / (ncw) / 8 * 8)

/* Host and device: what a tile's offset functor (ex_at_store_rows, ex_at_bijective) is marked. */
#if defined(__CUDACC__)
#define EX_AT_HD __host__ __device__
#else
#define EX_AT_HD
#endif

/* The kernels' view of a problem. */
typedef struct ex_at_params {
    const char *q, *k, *v;
    char *o;
    float *lse;
    int64_t qs[3], ks[3], vs[3], os[3]; /* element strides: batch, seq, head */
    const int32_t *cu_q, *cu_k;          /* varlen offsets, or NULL */
    int sq, sk;                          /* lengths (varlen: the longest) */
    int batch, heads, group;             /* group = heads / heads_kv */
    int m_blocks;                        /* query blocks along sq */
    int causal;
    int section;                         /* causal: (batch, head) pairs per section of the order */
    unsigned *next_tile;                 /* SWZ_ATTN_PERSIST: tiles claimed past the first gridDim.x */
    float scale_log2;                    /* scale * log2(e) */
    float scale;
    int64_t lse_b, lse_h;                /* lse strides (elements): batch, head */
} ex_at_params;

/* One CTA's share of the problem: query block m of head h of batch entry b. */
typedef struct ex_at_cta {
    int b, h, hk, m;
    int sq, sk;         /* this sequence's lengths */
    int64_t qrow, krow; /* the first row of this sequence in q/o and in k/v (varlen offsets) */
    int bq;             /* the batch coordinate of q/k/v/o (0 for varlen) */
    int n_end;          /* key blocks to visit: 0 .. n_end-1 */
} ex_at_cta;

/* The key blocks (of BN) that query rows r0 .. r1-1 of the CTA's sequence visit: 0 .. end-1;
 * 0 when no row is below c.sq or (causal) every one of them is above the first key. */
static __device__ __forceinline__ int ex_at_keys_end(const ex_at_params &p, const ex_at_cta &c, int r0, int r1, int BN)
{
    if (r0 >= c.sq) return 0;
    const int nb = (c.sk + BN - 1) / BN;
    if (!p.causal) return nb;
    /* the last row may see keys up to last + sk - sq */
    const int lim = (r1 < c.sq ? r1 - 1 : c.sq - 1) + c.sk - c.sq;
    return lim < 0 ? 0 : (lim / BN + 1 < nb ? lim / BN + 1 : nb);
}

/* The causal order (ex_at_cta_at): the t-th tile of M query blocks x bhs (batch, head) pairs in
 * sections of `section` pairs, each section's longest tiles first; returns the pair, *m the
 * query block.  A bijection of [0, M * bhs) (test-attn host checks it). */
static EX_AT_HD inline int ex_at_causal_tile(int t, int M, int bhs, int section, int *m)
{
    const int sw = section < bhs ? section : bhs, base = t / (sw * M) * sw;
    const int sws = bhs - base < sw ? bhs - base : sw, w = t - base * M;
    *m = M - 1 - w / sws;
    return base + w % sws;
}

/* Tile t's share for blocks of BM query rows and BN keys; 0 when it has no rows (a varlen
 * sequence shorter than the grid's longest).  The hardware starts CTAs in launch order
 * (blockIdx.x fastest) as SMs free up, and a persistent CTA claims the next tile when it has
 * sent the last one's copies, so in both grids the order of the tiles is the schedule:
 *   non-causal  every tile costs the same: a head's query blocks one after the other, so the
 *               CTAs running together share a few heads' K and V in L2.
 *   causal      a tile's cost grows with its query block: the (batch, head) pairs go in sections
 *               of p.section pairs (as many as L2 holds the K and V of, ex_at_params_of), and a
 *               section's tiles go longest first (query block M-1 of each of its heads, then
 *               M-2, ...).  Short tiles come last and fill the SMs that the long ones leave, the
 *               greedy longest-first schedule, while what runs together stays inside one
 *               section's K and V. */
static __device__ __forceinline__ int ex_at_cta_set(const ex_at_params &p, int b, int h, int m, int BM, int BN,
                                                     ex_at_cta *c)
{
    c->b = b;
    c->h = h;
    c->hk = h / p.group;
    c->m = m;
    c->sq = p.sq, c->sk = p.sk, c->qrow = 0, c->krow = 0, c->bq = c->b;
    if (p.cu_q) {
        c->qrow = p.cu_q[c->b];
        c->sq = p.cu_q[c->b + 1] - (int)c->qrow;
        c->krow = p.cu_k[c->b];
        c->sk = p.cu_k[c->b + 1] - (int)c->krow;
        c->bq = 0;
    }
    if (c->m * BM >= c->sq) return 0;
    c->n_end = ex_at_keys_end(p, *c, c->m * BM, (c->m + 1) * BM, BN);
    return 1;
}
/* Causal tile t of the order above: the persistent grid's t-th claim, or the t-th CTA in launch
 * order of a causal grid of one CTA per tile (ex_at_cta_of). */
static __device__ __forceinline__ int ex_at_cta_at(const ex_at_params &p, int t, int BM, int BN, ex_at_cta *c)
{
    int m;
    const int bh = ex_at_causal_tile(t, p.m_blocks, p.heads * p.batch, p.section, &m);
    return ex_at_cta_set(p, bh / p.heads, bh % p.heads, m, BM, BN, c);
}
/* The next tile a persistent CTA takes (ex_at_launch_persistent): the first gridDim.x tiles are
 * the CTAs' own (blockIdx.x), the rest are claimed from the launch's counter. */
static __device__ __forceinline__ int ex_at_claim(const ex_at_params &p)
{
    return (int)gridDim.x + (int)atomicAdd(p.next_tile, 1u);
}
/* The CTA's tile in a grid of one CTA per tile (ex_at_launch_grid: x the query block, y the head,
 * z the batch entry).  Non-causal: the tile of its coordinates, which is the order above; causal:
 * the tile of its place in launch order (x fastest, then y, z). */
static __device__ __forceinline__ int ex_at_cta_of(const ex_at_params &p, int BM, int BN, ex_at_cta *c)
{
    if (p.causal)
        return ex_at_cta_at(p, (int)(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)), BM, BN, c);
    return ex_at_cta_set(p, (int)blockIdx.z, (int)blockIdx.y, (int)blockIdx.x, BM, BN, c);
}

/* 1 when key block n needs the mask for query rows row0 .. row0 + BM - 1: it reaches past the
 * keys, or (causal) past the first row's diagonal. */
static __device__ __forceinline__ int ex_at_needs_mask(const ex_at_params &p, const ex_at_cta &c, int row0, int n,
                                                       int BN)
{
    return (n + 1) * BN > c.sk || (p.causal && (n + 1) * BN - 1 > row0 + c.sk - c.sq);
}

/* 2^x (the special-function unit's approximation: exp2 of the scaled logits). */
static __device__ __forceinline__ float ex_at_exp2(float x)
{
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
static __device__ __forceinline__ float ex_at_quad_max(float v)
{
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, 1));
    return fmaxf(v, __shfl_xor_sync(0xffffffffu, v, 2));
}
static __device__ __forceinline__ float ex_at_quad_sum(float v)
{
    v += __shfl_xor_sync(0xffffffffu, v, 1);
    return v + __shfl_xor_sync(0xffffffffu, v, 2);
}
/* Two floats as one register of two 16-bit values (the low one first). */
template <class T> struct ex_at_pack;
template <> struct ex_at_pack<__nv_bfloat16> {
    static __device__ __forceinline__ uint32_t run(float a, float b)
    {
        __nv_bfloat162 v = __floats2bfloat162_rn(a, b);
        return *(uint32_t *)&v;
    }
};
template <> struct ex_at_pack<__half> {
    static __device__ __forceinline__ uint32_t run(float a, float b)
    {
        __half2 v = __floats2half2_rn(a, b);
        return *(uint32_t *)&v;
    }
};

/* The online softmax of one row (its values spread over the 4 lanes of a quad): the new maximum
 * of the raw logits (mx, this thread's part already folded in), the factor the previous sums
 * and outputs are scaled by, and the base the exponents subtract (0 for a row with no key yet,
 * so that -inf - -inf never happens). */
static __device__ __forceinline__ float ex_at_rescale(float *m, float mx, float scale_log2, float *base)
{
    const float mn = fmaxf(*m, ex_at_quad_max(mx));
    const float b = mn == -INFINITY ? 0.f : mn * scale_log2;
    const float alpha = *m == -INFINITY ? 0.f : ex_at_exp2(*m * scale_log2 - b);
    *m = mn;
    *base = b;
    return alpha;
}

/* The end of a row: o[] *= 1/l (0 for a row without keys) and its log-sum-exp. */
static __device__ __forceinline__ float ex_at_finish(float m, float *l, float scale)
{
    const float sum = ex_at_quad_sum(*l);
    *l = sum > 0.f ? 1.f / sum : 0.f;
    return sum > 0.f ? m * scale + logf(sum) : -INFINITY;
}

/* 16-byte chunks of rows r0 .. r0+ROWS-1 of an O tile (thread t of NT), copied to global memory
 * row by row (coalesced; o points at tile row 0, os the row stride), rows below nrows only.
 * off(r, c): the tile's element offset. */
template <int D, int ROWS, int NT, class OFF>
static __device__ __forceinline__ void ex_at_store_rows(const unsigned char *tile, int r0, int t, char *o, int64_t os,
                                                        int nrows, OFF off)
{
    enum { U = D / 8, PER = ROWS * U / NT };
#pragma unroll
    for (int j = 0; j < PER; ++j) {
        const int i = t + j * NT, r = r0 + i / U, u = i % U;
        const uint4 v = *(const uint4 *)(tile + off((uint32_t)r, (uint32_t)(u * 8)) * 2u);
        if (r < nrows) *(uint4 *)(o + ((int64_t)r * os + u * 8) * 2) = v;
    }
}

/* The bytes of K and V that one causal section of the order (ex_at_cta_at) reads: half of the
 * 50 MB L2 of an H100 / H200, so that the section being finished and the next one both fit. */
#define EX_AT_L2_SECTION (24 << 20)

/* Host: the kernels' parameters from checked arguments. */
static inline ex_at_params ex_at_params_of(const swz_attn_args *a, int BM)
{
    ex_at_params p;
    memset(&p, 0, sizeof p);
    p.q = (const char *)a->q, p.k = (const char *)a->k, p.v = (const char *)a->v, p.o = (char *)a->o;
    p.lse = a->lse;
    for (int i = 0; i < 3; ++i) {
        p.qs[i] = a->q_stride[i], p.ks[i] = a->k_stride[i], p.vs[i] = a->v_stride[i], p.os[i] = a->o_stride[i];
    }
    p.cu_q = a->cu_seqlens_q, p.cu_k = a->cu_seqlens_k;
    p.sq = (int)a->seqlen_q, p.sk = (int)a->seqlen_k;
    p.batch = (int)a->batch, p.heads = (int)a->heads, p.group = (int)(a->heads / a->heads_kv);
    p.m_blocks = (int)((a->seqlen_q + BM - 1) / BM);
    p.causal = a->causal != 0;
    {   /* a causal section: the most (batch, head) pairs, a power of two, whose K and V (sk rows
         * of D 16-bit elements each, shared by a group of heads) fit EX_AT_L2_SECTION bytes; at
         * least one.  A power of two: a last section much smaller than the others starts its
         * long tiles last, which a list of equal sections avoids (batch x heads is a multiple
         * of a power of two in the benchmark's shapes) */
        const double kv = (double)(a->seqlen_k > 0 ? a->seqlen_k : 1) * (double)a->head_dim * 4.0 / (double)p.group;
        p.section = 1;
        while (p.section < (1 << 16) && 2.0 * p.section * kv <= (double)EX_AT_L2_SECTION) p.section *= 2;
    }
    p.scale = a->scale > 0.f ? a->scale : (float)(1.0 / sqrt((double)a->head_dim));
    p.scale_log2 = p.scale * 1.4426950408889634f;
    if (a->cu_seqlens_q) p.lse_b = 0, p.lse_h = a->total_q;
    else p.lse_b = a->heads * a->seqlen_q, p.lse_h = a->seqlen_q;
    return p;
}

/* Host: raise fn's dynamic shared-memory limit to smem once (*configured, the launcher's own
 * flag, records it). */
static inline cudaError_t ex_at_configure(const void *fn, unsigned smem, int *configured)
{
    if (*configured) return cudaSuccess;
    const cudaError_t e = cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e == cudaSuccess) *configured = 1;
    return e;
}

/* Host: launch the dynamic-shared-memory kernel fn over the (query block, head, batch) grid. */
static inline cudaError_t ex_at_launch_grid(const void *fn, const swz_attn_args *a, int BM, int threads, unsigned smem,
                                            void **args, cudaStream_t s, int *configured)
{
    const cudaError_t e = ex_at_configure(fn, smem, configured);
    if (e != cudaSuccess) return e;
    const dim3 grid((unsigned)((a->seqlen_q + BM - 1) / BM), (unsigned)a->heads, (unsigned)a->batch);
    return cudaLaunchKernel(fn, grid, dim3((unsigned)threads), args, smem, s);
}

/* Host: launch fn persistent (SWZ_ATTN_PERSIST): as many CTAs as fill the GPU (ex_fill, cached
 * in fill_cache: one per SM for the shipped knobs), at most one per tile, each taking tiles in
 * the order of ex_at_cta_at -- its first at blockIdx.x, then the next unclaimed one from a
 * counter of this launch's own (allocated, zeroed and freed in stream order, so that launches
 * on other streams or replays of a captured graph never share it).  p->next_tile is set here
 * (args must point at *p). */
static inline cudaError_t ex_at_launch_persistent(const void *fn, ex_at_params *p, int threads, unsigned smem,
                                                  void **args, cudaStream_t s, int *configured, int *fill_cache)
{
    cudaError_t e = ex_at_configure(fn, smem, configured);
    if (e != cudaSuccess) return e;
    const int fill = ex_fill(fn, threads, smem, fill_cache);
    if (fill <= 0) return cudaErrorInvalidDevice;
    const int64_t tiles = (int64_t)p->m_blocks * p->heads * p->batch;
    if ((e = cudaMallocAsync((void **)&p->next_tile, sizeof(unsigned), s)) != cudaSuccess) return e;
    if ((e = cudaMemsetAsync(p->next_tile, 0, sizeof(unsigned), s)) == cudaSuccess)
        e = cudaLaunchKernel(fn, dim3((unsigned)(tiles < fill ? tiles : fill)), dim3((unsigned)threads), args, smem, s);
    const cudaError_t f = cudaFreeAsync(p->next_tile, s);
    return e != cudaSuccess ? e : f;
}

/* Host: 1 when the current device runs sm_90a code (Hopper). */
static inline int ex_at_is_sm90(void)
{
    int dev = 0, major = 0, minor = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) return 0;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) != cudaSuccess)
        return 0;
    return major == 9 && minor == 0;
}

/* Host: the 4-D map of a [batch, seq, heads, d] tensor (strides st: batch, seq, head) with boxes
 * of `rows` rows x `cols` columns of one head of one batch entry; mode 128 or 0. */
static inline cudaError_t ex_at_map(CUtensorMap *map, int dtype, const void *base, int64_t batch, int64_t seq,
                                    int64_t heads, int64_t d, const int64_t st[3], uint32_t rows, uint32_t cols,
                                    uint32_t mode)
{
    const uint64_t dims[4] = {(uint64_t)d, (uint64_t)seq, (uint64_t)heads, (uint64_t)batch};
    /* a dimension of one entry has no stride to honour: give it one the map accepts */
    const uint64_t strides[3] = {(uint64_t)(seq > 1 ? st[1] : d), (uint64_t)(heads > 1 ? st[2] : d),
                                 (uint64_t)(batch > 1 ? st[0] : d)};
    const uint32_t box[4] = {cols, rows, 1u, 1u};
    swz_tma_plan plan;
    const int tt = dtype == SWZ_ATTN_BF16 ? SWZ_TMA_BF16 : SWZ_TMA_F16;
    if (swz_tma_map_nd(map, &plan, tt, base, 4u, dims, strides, box, mode) != SWZ_OK) {
        char why[160];
        swz_error_format(&plan.error, why, sizeof why);
        fprintf(stderr, "swz attn: %s\n", why);
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Host: 1 when off(r, c) maps every element of a rows x cols tile to a distinct offset below
 * limit (a bijection into the buffer); prints the first failure under `who`. */
template <class OFF>
static inline int ex_at_bijective(const char *who, uint32_t rows, uint32_t cols, uint32_t limit, OFF off)
{
    std::vector<unsigned char> seen(limit, 0);
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t c = 0; c < cols; ++c) {
            const uint32_t o = off(r, c);
            if (o >= limit || seen[o]) {
                printf("%s: element (%u, %u) at offset %u: %s\n", who, r, c, o, o >= limit ? "outside the buffer" : "taken twice");
                return 0;
            }
            seen[o] = 1;
        }
    return 1;
}

/* The standard problem of ncu-check: 132 heads of one query block (one CTA per SM of an H100 /
 * H200), 8 full key blocks of 64 (mma) or 4 of 128 (wgmma) each: no mask, no ragged tail. */
#define EX_AT_STD_HEADS 132
#define EX_AT_STD_SK 512

#endif /* SWZ_ATTN_CUH_ONCE */

/* ================================ one variant ============================================ */
/* Included with none of the parameters (registry.cu): the family-once part above only. */
#if defined(SWZ_ATTN_ARCH) || defined(SWZ_ATTN_LAYOUT) || defined(SWZ_ATTN_HEAD_DIM) || defined(SWZ_ATTN_ELEM) || \
    defined(SWZ_ATTN_ELEM_NAME)
#if !defined(SWZ_ATTN_ARCH)
#error "attn.cuh: define SWZ_ATTN_ARCH (MMA or WGMMA)"
#endif
#if !defined(SWZ_ATTN_LAYOUT)
#error "attn.cuh: define SWZ_ATTN_LAYOUT (NONE, PAD or XOR)"
#endif
#if !defined(SWZ_ATTN_HEAD_DIM)
#error "attn.cuh: define SWZ_ATTN_HEAD_DIM (64, 96 or 128)"
#endif
#if !defined(SWZ_ATTN_ELEM)
#error "attn.cuh: define SWZ_ATTN_ELEM (__nv_bfloat16 or __half)"
#endif
#if !defined(SWZ_ATTN_ELEM_NAME)
#error "attn.cuh: define SWZ_ATTN_ELEM_NAME (bf16 or f16)"
#endif
#if !SWZ_CAT(EX_AT_ENAME_OK_, SWZ_ATTN_ELEM_NAME)
#error "attn.cuh: SWZ_ATTN_ELEM_NAME must be bf16 or f16"
#endif
#if SWZ_CAT(EX_AT_LID_, SWZ_ATTN_LAYOUT) < 1 || SWZ_CAT(EX_AT_LID_, SWZ_ATTN_LAYOUT) > 3
#error "attn.cuh: SWZ_ATTN_LAYOUT must be NONE, PAD or XOR"
#endif
#if SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) < 1 || SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) > 2
#error "attn.cuh: SWZ_ATTN_ARCH must be MMA or WGMMA"
#endif
SWZ_STATIC_ASSERT(SWZ_ATTN_HEAD_DIM == 64 || SWZ_ATTN_HEAD_DIM == 128 ||
                      (SWZ_ATTN_HEAD_DIM == 96 && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) == EX_AT_AID_MMA),
                  swz_error_attn_SWZ_ATTN_HEAD_DIM_must_be_64_or_128_or_96_with_MMA);
SWZ_STATIC_ASSERT(sizeof(SWZ_ATTN_ELEM) == 2, swz_error_attn_SWZ_ATTN_ELEM_must_be_a_16_bit_type);
#if !defined(SWZ_ATTN_PINGPONG)
#define SWZ_ATTN_PINGPONG 0
#endif
SWZ_STATIC_ASSERT((SWZ_ATTN_PINGPONG) == 0 || (SWZ_ATTN_PINGPONG) == 1, swz_error_attn_SWZ_ATTN_PINGPONG_must_be_0_or_1);
#if !defined(SWZ_ATTN_PERSIST)
#define SWZ_ATTN_PERSIST 0
#endif
SWZ_STATIC_ASSERT((SWZ_ATTN_PERSIST) == 0 || ((SWZ_ATTN_PERSIST) == 1 && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) == EX_AT_AID_WGMMA),
                  swz_error_attn_SWZ_ATTN_PERSIST_must_be_0_or_1_with_WGMMA);
#if !defined(SWZ_ATTN_BM)
#define SWZ_ATTN_BM 128
#endif
#if !defined(SWZ_ATTN_STAGES)
#define SWZ_ATTN_STAGES 2
#endif
#if !defined(SWZ_ATTN_BN) && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) == EX_AT_AID_WGMMA
#define SWZ_ATTN_BN 128
#elif !defined(SWZ_ATTN_BN)
#define SWZ_ATTN_BN 64
#endif
SWZ_STATIC_ASSERT((SWZ_ATTN_BN) == 128 || ((SWZ_ATTN_BN) == 64 && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) != EX_AT_AID_WGMMA),
                  swz_error_attn_SWZ_ATTN_BN_must_be_128_with_WGMMA_and_64_or_128_with_MMA);
SWZ_STATIC_ASSERT((SWZ_ATTN_BM) == 128 || ((SWZ_ATTN_BM) == 192 && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) == EX_AT_AID_WGMMA),
                  swz_error_attn_SWZ_ATTN_BM_must_be_128_or_192_with_WGMMA);
SWZ_STATIC_ASSERT(((SWZ_ATTN_STAGES) >= 2 && (SWZ_ATTN_STAGES) <= 4 && SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH) == EX_AT_AID_WGMMA) ||
                      (SWZ_ATTN_STAGES) == 2,
                  swz_error_attn_SWZ_ATTN_STAGES_must_be_2_to_4_with_WGMMA_and_2_with_MMA);
SWZ_STATIC_ASSERT((SWZ_ATTN_PINGPONG) == 0 || (SWZ_ATTN_BM) == 128, swz_error_attn_SWZ_ATTN_PINGPONG_needs_SWZ_ATTN_BM_128);

#define EX_AT_L SWZ_CAT(EX_AT_LID_, SWZ_ATTN_LAYOUT)
#define EX_AT_A SWZ_CAT(EX_AT_AID_, SWZ_ATTN_ARCH)
#define EX_AT_D SWZ_ATTN_HEAD_DIM
#define EX_AT_NAME                                                                              \
    SWZ_CAT(SWZ_CAT(SWZ_CAT(swz_attn_, SWZ_CAT(EX_AT_ANAME_, SWZ_ATTN_ARCH)),                  \
                    SWZ_CAT(_, SWZ_CAT(EX_AT_LNAME_, SWZ_ATTN_LAYOUT))),                        \
            SWZ_CAT(SWZ_CAT(_, SWZ_ATTN_HEAD_DIM), SWZ_CAT(_, SWZ_ATTN_ELEM_NAME)))
#define AT(x) SWZ_CAT(EX_AT_NAME, x)

#if EX_AT_A == EX_AT_AID_MMA
#include "attn_mma.inc"
#else
#include "attn_wgmma.inc"
#endif

/* The standard problem (ncu-check): B:SQ:SK:H:HKV, one query block per head, every CTA full. */
static int AT(__problem)(char *spec)
{
    snprintf(spec, SWZ_SPEC_MAX, "1:%d:%d:%d:%d", (int)AT(__BM), EX_AT_STD_SK, EX_AT_STD_HEADS, EX_AT_STD_HEADS);
    return EX_AT_STD_HEADS;
}
static const swz_attn_ops AT(__ops) = {&EX_AT_NAME, SWZ_CAT(EX_AT_DTYPE_, SWZ_ATTN_ELEM_NAME), EX_AT_D,
                                       EX_AT_A == EX_AT_AID_WGMMA, AT(__BM), AT(__BN), AT(__THREADS),
                                       (unsigned)AT(__SMEM), &AT(__selfcheck)};

extern "C" const swz_variant AT(_variant);
const swz_variant AT(_variant) = SWZ_VARIANT_INIT(
    "attn", SWZ_STR(EX_AT_NAME), SWZ_STR(AT(_kernel)), SWZ_STR(SWZ_CAT(EX_AT_LNAME_, SWZ_ATTN_LAYOUT)),
    SWZ_STR(SWZ_ATTN_ELEM_NAME), EX_AT_D, 2, AT(__THREADS), AT(__KNOBS), &AT(__predict), &AT(__problem), &AT(__ops));

#undef EX_AT_L
#undef EX_AT_A
#undef EX_AT_D
#undef EX_AT_NAME
#undef AT
#endif /* one variant */

/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_ATTN_ARCH
#undef SWZ_ATTN_LAYOUT
#undef SWZ_ATTN_HEAD_DIM
#undef SWZ_ATTN_ELEM
#undef SWZ_ATTN_ELEM_NAME
#undef SWZ_ATTN_PINGPONG
#undef SWZ_ATTN_PERSIST
#undef SWZ_ATTN_BM
#undef SWZ_ATTN_STAGES
#undef SWZ_ATTN_BN
