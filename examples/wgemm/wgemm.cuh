/* examples/wgemm/wgemm.cuh -- the Hopper GEMM family: TMA loads into 128-B-swizzled tiles, wgmma
 * m64nNk16 from shared memory, a producer warpgroup and two consumer warpgroups with
 * setmaxnreg, a SWZ_WGEMM_STAGES-deep mbarrier pipeline, persistent CTAs over a grouped tile order.
 *
 * What it computes
 *   C (M x N, row-major, ldc) = A (M x K, row-major, lda) . B^T, B given N x K row-major (ldb):
 *   the "K-major B" case of A.B^T; with SWZ_WGEMM_B_MN 1, C = A . B with B given K x N row-major (ldb >= N,
 *   "MN-major B").  SWZ_WGEMM_ELEM in (bf16 or fp16), fp32 accumulation, C in SWZ_WGEMM_OUT (fp32,
 *   bf16 or fp16).  Any M, N, K >= 1: TMA zero-fills the tiles past the edges, the epilogue
 *   stores only inside C.  TMA needs 16-byte-aligned rows: when lda or ldb is not a multiple
 *   of 8 elements (or A, B not 16-byte aligned), the launcher copies the operand into a padded
 *   buffer first (cudaMemcpy2DAsync; slower, correct).
 *
 * Example (variants.cu)
 *   #define SWZ_WGEMM_TILE 256                 // BN: the wgmma N of each consumer (128 or 256)
 *   #define SWZ_WGEMM_ELEM __nv_bfloat16
 *   #define SWZ_WGEMM_ELEM_NAME bf16
 *   #define SWZ_WGEMM_OUT __nv_bfloat16
 *   #define SWZ_WGEMM_OUT_NAME bf16
 *   #include "wgemm.cuh"             // swz_wgemm_256_bf16_bf16(M, N, K, A, lda, B, ldb, C, ldc, raster, stream)
 *
 * Parameters
 *   SWZ_WGEMM_TILE       BN, the block's N (128 or 256); the block is 128 x BN x 64 (BM x BN x BK)
 *   SWZ_WGEMM_ELEM       __nv_bfloat16 or __half;  SWZ_WGEMM_ELEM_NAME bf16 or f16 (the same type)
 *   SWZ_WGEMM_OUT        float, __nv_bfloat16 or __half; SWZ_WGEMM_OUT_NAME f32, bf16 or f16
 *   SWZ_WGEMM_STAGES     (optional, default 4) shared pipeline depth, 2 .. 6, within 227 KiB
 *   SWZ_WGEMM_EPILOGUE   (optional, default 0) 0: C stored from the registers; 1: each consumer stages
 *              64 x 128-byte chunks of C in two tma128 buffers (conflict free: the 16-byte
 *              units of 8 rows XOR row mod 8) and TMA-stores them (suffix _ts; where C's rows
 *              are not 16-byte aligned it falls back to 0)
 *   SWZ_WGEMM_BLOCK_K    (optional, default 64) 32: k-blocks of 32 (64-byte rows, the tma64 swizzle, which
 *              swz_tma_mode_for picks), twice the stages in the same shared memory (suffix _k32)
 *   SWZ_WGEMM_CLUSTER    (optional, default 1) 2: clusters of two CTAs on tiles (2p, tn), (2p+1, tn) that
 *              load one half of the shared B tile each and multicast it (name suffix _c2)
 *   SWZ_WGEMM_B_MN       (optional, default 0) 1: B is K x N row-major (MN-major): its tile is BN/64
 *              panels of BK k-rows x 128 bytes (64 n), one TMA box each in the tma128 layout,
 *              read by wgmma through MN-major descriptors (LBO = the next panel, BK x 128 bytes;
 *              SBO = the next 8 k-rows, 1024) with the transpose bit set (suffix _bmn;
 *              SWZ_WGEMM_CLUSTER 1 only)
 *   A missing or bad parameter is a compile error that names it.
 *
 * The kernel (384 threads, one CTA per SM, persistent)
 *   smem     SWZ_WGEMM_STAGES x (A 128x64 + B BNx64 SWZ_WGEMM_ELEM), each tile TMA-written in the tma128 layout
 *            (swz_tma_offset(64, 2, 128, r, c): 128-byte rows, 16-byte units XOR row mod 8),
 *            base 1024-aligned; full[s] / empty[s] mbarriers per stage.
 *   wg 0     the producer: setmaxnreg.dec 40; one thread walks the CTA's tiles (t = blockIdx.x,
 *            + gridDim.x, ...) and k-blocks: wait empty[s], expect_tx(full[s], stage bytes),
 *            two TMA loads.
 *   wg 1, 2  the consumers: setmaxnreg.inc 232; consumer c owns rows 64c..64c+63 of the block:
 *            per k-block wait full[s], 4 x wgmma m64nBNk16 (descriptors from swz_wgmma_desc:
 *            K-major, SBO 1024; the k step adds 32 bytes to the start address), commit; when the
 *            previous k-block's group is done (wgmma.wait_group 1), release its stage (one
 *            arrive per consumer on empty[s]).  Epilogue: fp32 accumulators converted to SWZ_WGEMM_OUT
 *            and stored straight from registers (2 elements per store where aligned).
 *   order    tile t -> (tm, tn) in Morton order over 4 x 4 supertiles (RASTER 0, the default,
 *            swz/morton.h's swz_morton_block), or grouped by 8 tile-rows (RASTER 1; 16 with
 *            RASTER 2): consecutive CTAs share A and B panels in L2.  Measured at 8192^3 (bf16,
 *            H200): Morton 700.8 TFLOP/s, groups of 16 666.4, groups of 8 656.8.
 *   Shared memory is only TMA-written and wgmma-read: the model (predict) has no LDS/STS.
 */
#ifndef SWZ_WGEMM_CUH_ONCE
#define SWZ_WGEMM_CUH_ONCE

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swz/tma.h>
#include <swz/morton.h>

#include "../family.h"
#include "../family_main.h"

#include "wgemm.h" /* the ops record, the variant list, the registry */

#define EX_WG_F32 SWZ_WGEMM_KIND_F32
#define EX_WG_BF16 SWZ_WGEMM_KIND_BF16
#define EX_WG_F16 SWZ_WGEMM_KIND_F16
#define EX_WG_BM 128
#define EX_WG_THREADS 384
#define EX_WG_GROUP_M 8

/* ---- device: one CTA's whole life ------------------------------------------------------------ */
template <class T> struct ex_wg_type { enum { kind = -1 }; }; /* not a wgemm type: the checks below name it */
template <> struct ex_wg_type<float> { enum { kind = EX_WG_F32 }; static __device__ float cvt(float v) { return v; } };
template <> struct ex_wg_type<__nv_bfloat16> {
    enum { kind = EX_WG_BF16 };
    static __device__ __nv_bfloat16 cvt(float v) { return __float2bfloat16_rn(v); }
};
template <> struct ex_wg_type<__half> { enum { kind = EX_WG_F16 }; static __device__ __half cvt(float v) { return __float2half_rn(v); } };

template <int BN, class TIn> struct ex_wg_mma;
template <> struct ex_wg_mma<256, __nv_bfloat16> {
    static __device__ void run(float *d, uint64_t a, uint64_t b, int s, int tb) { swz_wgmma_m64n256k16_bf16(d, a, b, s, tb); }
};
template <> struct ex_wg_mma<256, __half> {
    static __device__ void run(float *d, uint64_t a, uint64_t b, int s, int tb) { swz_wgmma_m64n256k16_f16(d, a, b, s, tb); }
};
template <> struct ex_wg_mma<128, __nv_bfloat16> {
    static __device__ void run(float *d, uint64_t a, uint64_t b, int s, int tb) { swz_wgmma_m64n128k16_bf16(d, a, b, s, tb); }
};
template <> struct ex_wg_mma<128, __half> {
    static __device__ void run(float *d, uint64_t a, uint64_t b, int s, int tb) { swz_wgmma_m64n128k16_f16(d, a, b, s, tb); }
};

/* EPI 1: a consumer's staging buffer is 64 rows x 128 bytes (CW = 128 / sizeof(SWZ_WGEMM_OUT) columns of
 * C) in the tma128 layout, the image one TMA store reads.  Byte offset of accumulator pair
 * (i, i+1) of thread lt in the buffer of its chunk (columns acc_col / CW * CW ..): the one
 * address computation, for the kernel and for its bank model. */
#define EX_WG_STG 8192u
static __host__ __device__ __forceinline__ uint32_t ex_wg_stage_off(uint32_t lt, uint32_t i, uint32_t cw, uint32_t ob)
{
    /* the tma128 image of the buffer's byte (row, col): the macro form of the swizzle (the mode is
     * a constant; the row and column are in the buffer by construction) */
    return SWZ_TMA_SWIZZLE(128u, (swz_wgmma_acc_row(lt, i) * cw + swz_wgmma_acc_col(lt, i) % cw) * ob);
}
/* Named barrier `id` over one warpgroup (128 threads). */
static __device__ __forceinline__ void ex_wg_bar(uint32_t id) { asm volatile("bar.sync %0, 128;" ::"r"(id) : "memory"); }

/* A consumer frees a stage: in its own CTA, or (CL = 2) in every CTA of the cluster, whose
 * producers all write into it. */
template <int CL> static __device__ __forceinline__ void ex_wg_release(uint64_t *bar)
{
    if (CL == 1) swz_mbar_arrive(bar);
    else
        for (uint32_t r = 0; r < (uint32_t)CL; ++r) swz_mbar_arrive_cluster(bar, r);
}

/* Tile t of tiles_m x tiles_n -> (tm, tn). */
static __device__ __forceinline__ void ex_wg_tile(uint32_t t, uint32_t tiles_m, uint32_t tiles_n, int raster,
                                                  uint32_t *tm, uint32_t *tn)
{
    if (raster == 0) { /* swz/morton.h: 4 x 4 supertiles of tiles in Z order (the default) */
        (void)swz_morton_block(t, tiles_n, tiles_m, 2, tn, tm);
        return;
    }
    const uint32_t gm = raster == 2 ? 2u * EX_WG_GROUP_M : EX_WG_GROUP_M;
    const uint32_t per_group = gm * tiles_n, g = t / per_group, first = g * gm;
    const uint32_t rows = tiles_m - first < gm ? tiles_m - first : gm;
    *tm = first + (t % per_group) % rows;
    *tn = (t % per_group) / rows;
}

/* CL = 1: each CTA loads its A and B tiles.  CL = 2: a cluster of two CTAs takes the tiles (2p,
 * tn) and (2p + 1, tn): each loads its own A and one half of the shared B tile, multicast to
 * both; a stage is free when the consumers of both CTAs released it (empty counts 2 x CL). */
template <int BN, int BK, int SWZ_WGEMM_STAGES, int CL, int EPI, int BMN, class TIn, class TOut>
static __device__ __forceinline__ void ex_wg_body(const CUtensorMap *ma, const CUtensorMap *mb, const CUtensorMap *mc,
                                                  TOut *C, int M, int N, int K, int64_t ldc, int raster, int vec2,
                                                  int tmac)
{
    /* rows of BK 16-bit elements: the swizzle is the one the row fills (swz_tma_mode_for) */
    enum { A_BYTES = EX_WG_BM * BK * 2, B_BYTES = BN * BK * 2, STAGE = A_BYTES + B_BYTES, S = SWZ_TMA_MODE_FOR(BK * 2) };
    extern __shared__ __align__(1024) unsigned char ex_wg_smem[];
    __shared__ __align__(8) uint64_t full[SWZ_WGEMM_STAGES], empty[SWZ_WGEMM_STAGES];
    unsigned char *smem = (unsigned char *)swz_tma_align_up(ex_wg_smem, 128u);
    const uint32_t tiles_m = (uint32_t)(M + EX_WG_BM - 1) / EX_WG_BM, tiles_n = (uint32_t)(N + BN - 1) / BN;
    const uint32_t rows_u = (tiles_m + CL - 1) / CL; /* units of CL tile-rows */
    const uint32_t units = rows_u * tiles_n, kblocks = (uint32_t)(K + BK - 1) / BK;
    const uint32_t rank = CL > 1 ? swz_cluster_ctarank() : 0u, first = blockIdx.x / CL, step = gridDim.x / CL;
    const int wg = (int)(threadIdx.x / 128u);
    if (threadIdx.x == 0) {
        for (int s = 0; s < SWZ_WGEMM_STAGES; ++s) {
            swz_mbar_init(&full[s], 1);
            swz_mbar_init(&empty[s], 2 * CL);
        }
        swz_fence_mbar_init();
    }
    if (CL > 1) swz_cluster_sync(); /* the peer's barriers exist before any multicast or arrive */
    else __syncthreads();
    if (wg == 0) {
        SWZ_SETMAXNREG_DEC(40);
        if (threadIdx.x == 0) {
            swz_tma_prefetch(ma);
            swz_tma_prefetch(mb);
            uint32_t it = 0;
            for (uint32_t u = first; u < units; u += step) {
                uint32_t tu, tn;
                ex_wg_tile(u, rows_u, tiles_n, raster, &tu, &tn);
                const uint32_t tm = tu * CL + rank;
                for (uint32_t kb = 0; kb < kblocks; ++kb, ++it) {
                    const uint32_t s = it % SWZ_WGEMM_STAGES, ph = (it / SWZ_WGEMM_STAGES) & 1u;
                    unsigned char *sa = smem + s * STAGE, *sb = sa + A_BYTES;
                    swz_mbar_wait(&empty[s], ph ^ 1u);
                    swz_mbar_expect_tx(&full[s], STAGE);
                    swz_tma_load_2d(sa, ma, S, &full[s], (int)(kb * BK), (int)(tm * EX_WG_BM));
                    if (BMN) /* BN/64 panels of BK k-rows x 64 n (128 bytes: tma128) */
                        for (uint32_t q = 0; q < (uint32_t)BN / 64u; ++q)
                            swz_tma_load_2d(sb + q * (BK * 128u), mb, 128u, &full[s], (int)(tn * BN + q * 64u), (int)(kb * BK));
                    else if (CL == 1)
                        swz_tma_load_2d(sb, mb, S, &full[s], (int)(kb * BK), (int)(tn * BN));
                    else
                        swz_tma_load_2d_multicast(sb + rank * (B_BYTES / CL), mb, S, &full[s], (int)(kb * BK),
                                                  (int)(tn * BN + rank * (BN / CL)), (uint16_t)((1u << CL) - 1u));
                }
            }
        }
        __syncwarp();
    } else {
        SWZ_SETMAXNREG_INC(232);
        const uint32_t c = (uint32_t)wg - 1u, lt = threadIdx.x % 128u;
        const uint32_t base = swz_smem_addr(smem);
        uint32_t it = 0;
        for (uint32_t u = first; u < units; u += step) {
            uint32_t tu, tn;
            ex_wg_tile(u, rows_u, tiles_n, raster, &tu, &tn);
            const uint32_t tm = tu * CL + rank;
            float d[BN / 2];
#pragma unroll
            for (int i = 0; i < BN / 2; ++i) d[i] = 0.f;
            for (uint32_t kb = 0; kb < kblocks; ++kb, ++it) {
                const uint32_t s = it % SWZ_WGEMM_STAGES, ph = (it / SWZ_WGEMM_STAGES) & 1u;
                const uint32_t sa = base + s * STAGE + c * 64u * (2u * BK), sb = base + s * STAGE + A_BYTES;
                swz_mbar_wait(&full[s], ph);
                swz_wgmma_fence();
#pragma unroll
                for (uint32_t kk = 0; kk < BK / 16; ++kk)
                    ex_wg_mma<BN, TIn>::run(d, swz_wgmma_desc(sa + kk * 32u, S, SWZ_WGMMA_K_MAJOR, 64u),
                                            BMN ? swz_wgmma_desc(sb + kk * 16u * 128u, 128u, SWZ_WGMMA_MN_MAJOR, BK)
                                                : swz_wgmma_desc(sb + kk * 32u, S, SWZ_WGMMA_K_MAJOR, BN),
                                            (kb > 0 || kk > 0) ? 1 : 0, BMN);
                swz_wgmma_commit();
                SWZ_WGMMA_WAIT(1);
                if (kb > 0 && lt == 0) ex_wg_release<CL>(&empty[(it + SWZ_WGEMM_STAGES - 1) % SWZ_WGEMM_STAGES]);
            }
            SWZ_WGMMA_WAIT(0);
            if (lt == 0) ex_wg_release<CL>(&empty[(it + SWZ_WGEMM_STAGES - 1) % SWZ_WGEMM_STAGES]);
            /* epilogue: accumulator i of thread lt at (row, col) of the consumer's 64 x BN block */
            const int64_t r0 = (int64_t)tm * EX_WG_BM + c * 64u, c0 = (int64_t)tn * BN;
            if (EPI == 1 && tmac) { /* through two 64 x 128-byte tma128 buffers, TMA stores */
                enum { CW = 128 / (int)sizeof(TOut) };
                unsigned char *stg = smem + SWZ_WGEMM_STAGES * STAGE + c * 2u * EX_WG_STG;
#pragma unroll
                for (int j = 0; j < BN / CW; ++j) {
                    unsigned char *buf = stg + (j & 1) * EX_WG_STG;
                    if (lt == 0) SWZ_TMA_WAIT_READ(1); /* the store from this buffer two chunks ago has read it */
                    ex_wg_bar(1u + c);
#pragma unroll
                    for (int k = 0; k < CW / 2; k += 2) { /* constant bounds: unrolled, so d[] stays in registers */
                        const int i = j * CW / 2 + k;
                        unsigned char *q = buf + ex_wg_stage_off(lt, (uint32_t)i, CW, (uint32_t)sizeof(TOut));
                        if (sizeof(TOut) == 4) {
                            *(float2 *)q = make_float2(d[i], d[i + 1]);
                        } else {
                            TOut v2[2] = {ex_wg_type<TOut>::cvt(d[i]), ex_wg_type<TOut>::cvt(d[i + 1])};
                            *(uint32_t *)q = *(const uint32_t *)v2;
                        }
                    }
                    swz_fence_proxy_async();
                    ex_wg_bar(1u + c);
                    if (lt == 0) {
                        swz_tma_store_2d(mc, 128u, buf, (int)(c0 + j * CW), (int)r0);
                        swz_tma_commit();
                    }
                }
                continue;
            }
#pragma unroll
            for (int i = 0; i < BN / 2; i += 2) {
                const int64_t r = r0 + swz_wgmma_acc_row(lt, (uint32_t)i), col = c0 + swz_wgmma_acc_col(lt, (uint32_t)i);
                if (r >= M) continue;
                TOut *p = C + r * ldc + col;
                if (vec2 && col + 1 < N) {
                    if (sizeof(TOut) == 4) {
                        *(float2 *)p = make_float2(d[i], d[i + 1]);
                    } else {
                        TOut v2[2] = {ex_wg_type<TOut>::cvt(d[i]), ex_wg_type<TOut>::cvt(d[i + 1])};
                        *(uint32_t *)p = *(const uint32_t *)v2;
                    }
                } else {
                    if (col < N) p[0] = ex_wg_type<TOut>::cvt(d[i]);
                    if (col + 1 < N) p[1] = ex_wg_type<TOut>::cvt(d[i + 1]);
                }
            }
        }
        if (EPI == 1 && lt == 0) SWZ_TMA_WAIT(0); /* the stores are done before the CTA leaves */
    }
    if (CL > 1) swz_cluster_sync(); /* no CTA leaves while its peer may still arrive on it */
}

/* ---- host: the launcher shared by every variant ------------------------------------------------ */
typedef void (*ex_wg_kernel_fn)(CUtensorMap, CUtensorMap, CUtensorMap, void *, int, int, int, int64_t, int, int, int);

/* Encode the map of a rows x K operand (ld elements; K the inner extent) with boxes of box_rows x bk; pads the
 * operand into *pad (cudaMallocAsync'ed, the caller frees) when TMA cannot read it in place. */
static inline cudaError_t ex_wg_map(CUtensorMap *map, int dtype, const void *X, int64_t rows, int64_t K, int64_t ld,
                             uint32_t box_rows, uint32_t bk, void **pad, cudaStream_t s)
{
    swz_tma_plan p;
    if (swz_tma_plan_2d(&p, dtype, X, (uint64_t)rows, (uint64_t)K, (uint64_t)ld, box_rows, bk, SWZ_TMA_AUTO) != SWZ_OK) {
        const int64_t lp = (K + 7) / 8 * 8; /* 16-byte rows */
        cudaError_t e = cudaMallocAsync(pad, (size_t)(rows * lp) * 2, s);
        if (e != cudaSuccess) return e;
        e = cudaMemcpy2DAsync(*pad, (size_t)lp * 2, X, (size_t)ld * 2, (size_t)K * 2, (size_t)rows,
                              cudaMemcpyDeviceToDevice, s);
        if (e != cudaSuccess) return e;
        X = *pad;
        ld = lp;
    }
    if (swz_tma_map_2d(map, &p, dtype, X, (uint64_t)rows, (uint64_t)K, (uint64_t)ld, box_rows, bk, SWZ_TMA_AUTO) != SWZ_OK) {
        char why[200];
        swz_error_format(&p.error, why, sizeof why);
        fprintf(stderr, "wgemm: tensor map refused: %s\n", why);
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Clusters of `cl` CTAs of `kernel` that are resident at once with `smem` bytes each (cached per
 * kernel: a persistent grid larger than this would run its last clusters as a second wave). */
static inline int ex_wg_max_clusters(ex_wg_kernel_fn kernel, int cl, size_t smem, int sms)
{
    static struct { ex_wg_kernel_fn k; int n; } cache[16];
    for (int i = 0; i < 16; ++i)
        if (cache[i].k == kernel) return cache[i].n;
    int n = sms / cl;
    if (cl > 1) {
        cudaLaunchConfig_t cfg = {};
        cudaLaunchAttribute at = {};
        cfg.gridDim = dim3((unsigned)(n * cl));
        cfg.blockDim = dim3(EX_WG_THREADS);
        cfg.dynamicSmemBytes = smem;
        at.id = cudaLaunchAttributeClusterDimension;
        at.val.clusterDim.x = (unsigned)cl;
        at.val.clusterDim.y = at.val.clusterDim.z = 1;
        cfg.attrs = &at;
        cfg.numAttrs = 1;
        int q = 0;
        if (cudaOccupancyMaxActiveClusters(&q, kernel, &cfg) == cudaSuccess && q > 0 && q < n) n = q;
        (void)cudaGetLastError();
    }
    for (int i = 0; i < 16; ++i)
        if (!cache[i].k) { cache[i].k = kernel; cache[i].n = n; break; }
    return n;
}

static inline cudaError_t ex_wg_launch(ex_wg_kernel_fn kernel, int bn, int bk, int stages, int cl, int epi, int bmn, int in_kind, int out_kind,
                                int64_t M, int64_t N, int64_t K, const void *A, int64_t lda, const void *B, int64_t ldb,
                                void *C, int64_t ldc, int raster, cudaStream_t s)
{
    if (M < 1 || N < 1 || K < 1 || lda < K || ldb < (bmn ? N : K) || ldc < N || M > INT32_MAX || N > INT32_MAX || K > INT32_MAX ||
        raster < 0 || raster > 2 || A == NULL || B == NULL || C == NULL) /* before any CUDA call */
        return cudaErrorInvalidValue;
    const int dtype = in_kind == EX_WG_BF16 ? SWZ_TMA_BF16 : SWZ_TMA_F16;
    const int out_bytes = out_kind == EX_WG_F32 ? 4 : 2;
    const size_t smem = (size_t)stages * (EX_WG_BM + bn) * bk * 2 + (epi ? 4 * EX_WG_STG : 0) + 1024;
    CUtensorMap ma, mb, mc;
    int tmac = 0;
    memset(&mc, 0, sizeof mc);
    if (epi) { /* C by TMA stores where its rows allow, else the direct stores */
        swz_tma_plan pc;
        const int dt = out_kind == EX_WG_F32 ? SWZ_TMA_F32 : out_kind == EX_WG_BF16 ? SWZ_TMA_BF16 : SWZ_TMA_F16;
        /* a TMA store reaching a row's end writes the rest of its 16-byte unit (pc.store_pad
         * bytes of C's padding, tma.h): only rows of whole units keep the columns past N */
        tmac = swz_tma_map_2d(&mc, &pc, dt, C, (uint64_t)M, (uint64_t)N, (uint64_t)ldc, 64u, 128u / out_bytes, 128u) == SWZ_OK &&
               pc.store_pad == 0u;
    }
    void *pa = NULL, *pb = NULL;
    cudaError_t e = ex_wg_map(&ma, dtype, A, M, K, lda, EX_WG_BM, (uint32_t)bk, &pa, s);
    if (e == cudaSuccess) /* SWZ_WGEMM_B_MN: K rows of N, boxes of BK rows x 64 (the tma128 panels) */
        e = bmn ? ex_wg_map(&mb, dtype, B, K, N, ldb, (uint32_t)bk, 64u, &pb, s)
                : ex_wg_map(&mb, dtype, B, N, K, ldb, (uint32_t)(bn / cl), (uint32_t)bk, &pb, s);
    int dev = 0, sms = 0;
    if (e == cudaSuccess) e = cudaGetDevice(&dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    if (e == cudaSuccess) e = cudaFuncSetAttribute((const void *)kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e == cudaSuccess) {
        const int64_t units = ((M + EX_WG_BM * cl - 1) / (EX_WG_BM * cl)) * ((N + bn - 1) / bn);
        const int64_t most = ex_wg_max_clusters(kernel, cl, smem, sms);
        const int vec2 = ldc % 2 == 0 && ((uintptr_t)C % (2 * out_bytes)) == 0;
        cudaLaunchConfig_t cfg = {};
        cudaLaunchAttribute at = {};
        cfg.gridDim = dim3((unsigned)((units < most ? units : most) * cl));
        cfg.blockDim = dim3(EX_WG_THREADS);
        cfg.dynamicSmemBytes = smem;
        cfg.stream = s;
        at.id = cudaLaunchAttributeClusterDimension;
        at.val.clusterDim.x = (unsigned)cl;
        at.val.clusterDim.y = at.val.clusterDim.z = 1;
        cfg.attrs = &at;
        cfg.numAttrs = cl > 1 ? 1 : 0;
        if (getenv("SWZ_WGEMM_VERBOSE"))
            fprintf(stderr, "wgemm launch: %lld units of %d CTA(s), at most %lld clusters resident -> grid %u, smem %zu, "
                            "tma store %d\n", (long long)units, cl, (long long)most, cfg.gridDim.x, smem, tmac);
        e = cudaLaunchKernelEx(&cfg, kernel, ma, mb, mc, C, (int)M, (int)N, (int)K, ldc, raster, vec2, tmac);
    }
    if (pa) cudaFreeAsync(pa, s);
    if (pb) cudaFreeAsync(pb, s);
    return e;
}

/* The bank model of one block of the standard problem (one tile): TMA writes and wgmma reads the
 * pipeline stages (no LDS/STS); with EPI 1 the epilogue's shared stores, every warp instruction
 * of both consumers through ex_wg_stage_off (the kernel's own address function). */
static inline int ex_wg_predict(swz_tile_cost *sts, swz_tile_cost *lds, int bn, int ob, int epi)
{
    const uint32_t cw = 128u / (uint32_t)ob;
    swz_tile_cost_init(sts, 2u * (uint32_t)ob);
    swz_tile_cost_init(lds, 16u);
    for (int c = 0; epi && c < 2; ++c)
        for (uint32_t w = 0; w < 4; ++w)
            for (uint32_t i = 0; i < (uint32_t)bn / 2u; i += 2) {
                uint32_t addr[32];
                for (uint32_t l = 0; l < 32; ++l) addr[l] = ex_wg_stage_off(32u * w + l, i, cw, (uint32_t)ob);
                swz_tile_cost_add(sts, addr, 0xFFFFFFFFu, 2 * ob | SWZ_STORE);
            }
    return sts->status != SWZ_OK ? sts->status : lds->status;
}

#endif /* SWZ_WGEMM_CUH_ONCE */

/* ================================ one variant ============================================ */
/* Included with none of the parameters (registry.cu): the family-once part above only. */
#if defined(SWZ_WGEMM_TILE) || defined(SWZ_WGEMM_ELEM) || defined(SWZ_WGEMM_ELEM_NAME) || defined(SWZ_WGEMM_OUT) || \
    defined(SWZ_WGEMM_OUT_NAME)

/* ---- one variant ------------------------------------------------------------------------------ */
#ifndef SWZ_WGEMM_TILE
#error "wgemm.cuh: define SWZ_WGEMM_TILE (BN: 128 or 256)"
#endif
#ifndef SWZ_WGEMM_ELEM
#error "wgemm.cuh: define SWZ_WGEMM_ELEM (__nv_bfloat16 or __half)"
#endif
#ifndef SWZ_WGEMM_ELEM_NAME
#error "wgemm.cuh: define SWZ_WGEMM_ELEM_NAME (bf16 or f16)"
#endif
#ifndef SWZ_WGEMM_OUT
#error "wgemm.cuh: define SWZ_WGEMM_OUT (float, __nv_bfloat16 or __half)"
#endif
#ifndef SWZ_WGEMM_OUT_NAME
#error "wgemm.cuh: define SWZ_WGEMM_OUT_NAME (f32, bf16 or f16)"
#endif
#ifndef SWZ_WGEMM_STAGES
#define SWZ_WGEMM_STAGES 4
#endif
#ifndef SWZ_WGEMM_CLUSTER
#define SWZ_WGEMM_CLUSTER 1
#endif
#ifndef SWZ_WGEMM_EPILOGUE
#define SWZ_WGEMM_EPILOGUE 0
#endif
#ifndef SWZ_WGEMM_BLOCK_K
#define SWZ_WGEMM_BLOCK_K 64
#endif
#ifndef SWZ_WGEMM_B_MN
#define SWZ_WGEMM_B_MN 0
#endif
SWZ_STATIC_ASSERT(SWZ_WGEMM_TILE == 128 || SWZ_WGEMM_TILE == 256, swz_error_wgemm_TILE_must_be_128_or_256);
SWZ_STATIC_ASSERT(ex_wg_type<SWZ_WGEMM_ELEM>::kind == EX_WG_BF16 || ex_wg_type<SWZ_WGEMM_ELEM>::kind == EX_WG_F16,
                  swz_error_wgemm_ELEM_must_be_bf16_or_f16);
SWZ_STATIC_ASSERT(ex_wg_type<SWZ_WGEMM_OUT>::kind >= 0, swz_error_wgemm_OUT_must_be_float_bf16_or_f16);
SWZ_STATIC_ASSERT(SWZ_WGEMM_CLUSTER == 1 || SWZ_WGEMM_CLUSTER == 2, swz_error_wgemm_CLUSTER_must_be_1_or_2);
SWZ_STATIC_ASSERT(SWZ_WGEMM_EPILOGUE == 0 || SWZ_WGEMM_EPILOGUE == 1, swz_error_wgemm_EPILOGUE_must_be_0_or_1);
SWZ_STATIC_ASSERT(SWZ_WGEMM_BLOCK_K == 64 || SWZ_WGEMM_BLOCK_K == 32, swz_error_wgemm_BLOCK_K_must_be_32_or_64);
SWZ_STATIC_ASSERT(SWZ_WGEMM_B_MN == 0 || (SWZ_WGEMM_B_MN == 1 && SWZ_WGEMM_CLUSTER == 1), swz_error_wgemm_B_MN_must_be_0_or_1_with_CLUSTER_1);
SWZ_STATIC_ASSERT(SWZ_WGEMM_STAGES >= 2 && SWZ_WGEMM_STAGES <= 6 * 64 / SWZ_WGEMM_BLOCK_K &&
                      SWZ_WGEMM_STAGES * (128 + SWZ_WGEMM_TILE) * SWZ_WGEMM_BLOCK_K * 2 + SWZ_WGEMM_EPILOGUE * 4 * 8192 + 1024 <= 232448,
                  swz_error_wgemm_STAGES_must_be_2_to_6_within_227KiB);

#if SWZ_WGEMM_B_MN == 1 && SWZ_WGEMM_BLOCK_K == 32
#define EX_WG_SUFFIX _k32_bmn
#elif SWZ_WGEMM_B_MN == 1 && SWZ_WGEMM_EPILOGUE == 1
#define EX_WG_SUFFIX _ts_bmn
#elif SWZ_WGEMM_B_MN == 1
#define EX_WG_SUFFIX _bmn
#elif SWZ_WGEMM_BLOCK_K == 32 && SWZ_WGEMM_CLUSTER == 2
#define EX_WG_SUFFIX _c2_k32
#elif SWZ_WGEMM_BLOCK_K == 32
#define EX_WG_SUFFIX _k32
#elif SWZ_WGEMM_CLUSTER == 2 && SWZ_WGEMM_EPILOGUE == 1
#define EX_WG_SUFFIX _c2_ts
#elif SWZ_WGEMM_CLUSTER == 2
#define EX_WG_SUFFIX _c2
#elif SWZ_WGEMM_EPILOGUE == 1
#define EX_WG_SUFFIX _ts
#else
#define EX_WG_SUFFIX
#endif
#define EX_WG_NAME                                                                              \
    SWZ_CAT(SWZ_CAT(SWZ_CAT(swz_wgemm_, SWZ_WGEMM_TILE),                                        \
                    SWZ_CAT(SWZ_CAT(_, SWZ_WGEMM_ELEM_NAME), SWZ_CAT(_, SWZ_WGEMM_OUT_NAME))),  \
            EX_WG_SUFFIX)
#define EX_WG_ID(s) SWZ_CAT(EX_WG_NAME, s)

__global__ void __launch_bounds__(EX_WG_THREADS, 1)
    EX_WG_ID(_kernel)(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                      const __grid_constant__ CUtensorMap mc, void *C, int M, int N, int K, int64_t ldc, int raster,
                      int vec2, int tmac)
{
    ex_wg_body<SWZ_WGEMM_TILE, SWZ_WGEMM_BLOCK_K, SWZ_WGEMM_STAGES, SWZ_WGEMM_CLUSTER, SWZ_WGEMM_EPILOGUE, SWZ_WGEMM_B_MN, SWZ_WGEMM_ELEM, SWZ_WGEMM_OUT>(&ma, &mb, &mc, (SWZ_WGEMM_OUT *)C, M, N, K, ldc, raster, vec2, tmac);
}

cudaError_t EX_WG_NAME(int64_t M, int64_t N, int64_t K, const void *A, int64_t lda, const void *B, int64_t ldb, void *C,
                       int64_t ldc, int raster, cudaStream_t s)
{
    return ex_wg_launch(EX_WG_ID(_kernel), SWZ_WGEMM_TILE, SWZ_WGEMM_BLOCK_K, SWZ_WGEMM_STAGES, SWZ_WGEMM_CLUSTER, SWZ_WGEMM_EPILOGUE, SWZ_WGEMM_B_MN, ex_wg_type<SWZ_WGEMM_ELEM>::kind, ex_wg_type<SWZ_WGEMM_OUT>::kind, M, N, K, A, lda, B,
                        ldb, C, ldc, raster, s);
}

static int EX_WG_ID(_predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    return ex_wg_predict(sts, lds, SWZ_WGEMM_TILE, (int)sizeof(SWZ_WGEMM_OUT), SWZ_WGEMM_EPILOGUE);
}

static int EX_WG_ID(_problem)(char *spec)
{
    /* 132 tiles (one per SM; 12 tile-rows: whole cluster pairs), each issuing predict()'s set */
    snprintf(spec, SWZ_SPEC_MAX, "%d:%d:%d", 12 * 128, 11 * SWZ_WGEMM_TILE, 1024);
    return 132;
}

static const swz_wgemm_ops EX_WG_ID(_ops) = {EX_WG_NAME, ex_wg_type<SWZ_WGEMM_ELEM>::kind, ex_wg_type<SWZ_WGEMM_OUT>::kind, SWZ_WGEMM_TILE, SWZ_WGEMM_B_MN};
extern const swz_variant EX_WG_ID(_variant);
const swz_variant EX_WG_ID(_variant) = SWZ_VARIANT_INIT(
    "wgemm", SWZ_STR(EX_WG_NAME), SWZ_STR(EX_WG_ID(_kernel)), "tma128", SWZ_STR(SWZ_WGEMM_ELEM_NAME), SWZ_WGEMM_TILE, 2,
    EX_WG_THREADS, "stages=" SWZ_STR(SWZ_WGEMM_STAGES) " bk=" SWZ_STR(SWZ_WGEMM_BLOCK_K) " cluster=" SWZ_STR(SWZ_WGEMM_CLUSTER) " epilogue=" SWZ_STR(SWZ_WGEMM_EPILOGUE) " b_mn=" SWZ_STR(SWZ_WGEMM_B_MN) " out=" SWZ_STR(SWZ_WGEMM_OUT_NAME), EX_WG_ID(_predict), EX_WG_ID(_problem),
    &EX_WG_ID(_ops));

#undef EX_WG_NAME
#undef EX_WG_ID
#undef EX_WG_SUFFIX
#endif /* one variant */
/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_WGEMM_TILE
#undef SWZ_WGEMM_ELEM
#undef SWZ_WGEMM_ELEM_NAME
#undef SWZ_WGEMM_NAME_SUFFIX
#undef SWZ_WGEMM_OUT
#undef SWZ_WGEMM_OUT_NAME
#undef SWZ_WGEMM_STAGES
#undef SWZ_WGEMM_CLUSTER
#undef SWZ_WGEMM_EPILOGUE
#undef SWZ_WGEMM_BLOCK_K
#undef SWZ_WGEMM_B_MN
