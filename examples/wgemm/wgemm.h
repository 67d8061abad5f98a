/* examples/wgemm/wgemm.h -- the Hopper GEMM family (TMA + wgmma, wgemm.cuh): what its library
 * swz_wgemm exports -- every variant's launcher and record, the registry, the typed ops record.
 *
 * Example
 *   #include "wgemm.h"
 *   // C (M x N, bf16) = A (M x K, bf16) . B^T (B given N x K), Morton tile order
 *   cudaError_t e = swz_wgemm_256_bf16_bf16_ts(M, N, K, dA, K, dB, K, dC, N, 0, stream);
 *
 * Names: swz_wgemm_<tile>_<in>_<out><suffix>: tile 128 or 256 (the block's N), in bf16 or f16,
 * out f32, bf16 or f16; suffix _ts (TMA-store epilogue), _k32 (k-blocks of 32), _bmn (B given
 * K x N).  Needs sm_90a (the library is built with -gencode arch=compute_90a,code=sm_90a).  The
 * tuning candidates (_c2: 2-CTA clusters with TMA multicast) are bench-only: tuning.h.
 */
#ifndef SWZ_EXAMPLES_WGEMM_H
#define SWZ_EXAMPLES_WGEMM_H

#include <cuda_runtime.h>
#include <stdint.h>
#include "../family.h"

#define SWZ_WGEMM_KIND_F32 0
#define SWZ_WGEMM_KIND_BF16 1
#define SWZ_WGEMM_KIND_F16 2

/* ---- the family's typed record -------------------------------------------------------------- */
typedef struct swz_wgemm_ops {
    /* C = A . B^T as above (SWZ_WGEMM_B_MN: A . B); raster 0 Morton, 1 grouped by 8 tile-rows, 2 grouped by 16.
     * cudaErrorInvalidValue, before any CUDA call, for M, N or K < 1, lda < K, ldb < K (SWZ_WGEMM_B_MN: ldb < N),
     * ldc < N, or a NULL A, B or C. */
    cudaError_t (*launch)(int64_t M, int64_t N, int64_t K, const void *A, int64_t lda, const void *B,
                          int64_t ldb, void *C, int64_t ldc, int raster, cudaStream_t s);
    int in_kind;  /* SWZ_WGEMM_KIND_BF16 or SWZ_WGEMM_KIND_F16 */
    int out_kind; /* SWZ_WGEMM_KIND_F32, _BF16 or _F16 */
    int bn;       /* SWZ_WGEMM_TILE */
    int b_mn;     /* SWZ_WGEMM_B_MN: 1 when B is K x N (ldb >= N), 0 when N x K (ldb >= K) */
} swz_wgemm_ops;
static inline const swz_wgemm_ops *swz_wgemm_ops_of(const swz_variant *v) { return (const swz_wgemm_ops *)v->ops; }

/* Every shipped variant: X(tile, in, out, suffix). */
#define SWZ_WGEMM_VARIANTS(X) \
    X(256, bf16, bf16, ) X(256, f16, f16, ) X(256, bf16, f32, ) X(128, bf16, bf16, ) \
    X(256, bf16, bf16, _k32) X(256, bf16, bf16, _ts) X(256, f16, f16, _ts) X(256, bf16, bf16, _bmn)

#ifdef __cplusplus
extern "C" {
#endif
extern const swz_registry swz_wgemm_registry;
/* SWZ_WGEMM_DECLARE(T, I, O, S): a variant's launcher and record (tuning.h declares its
 * candidates with it too). */
#define SWZ_WGEMM_DECLARE(T, I, O, S)                                                             \
    cudaError_t swz_wgemm_##T##_##I##_##O##S(int64_t M, int64_t N, int64_t K, const void *A,     \
                                             int64_t lda, const void *B, int64_t ldb, void *C,    \
                                             int64_t ldc, int raster, cudaStream_t stream);        \
    extern const swz_variant swz_wgemm_##T##_##I##_##O##S##_variant;
SWZ_WGEMM_VARIANTS(SWZ_WGEMM_DECLARE)
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_WGEMM_H */
