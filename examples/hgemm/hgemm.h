/* examples/hgemm/hgemm.h -- the fp16/bf16 GEMM family on mma.sync (hgemm.cuh): what its library
 * swz_hgemm exports -- every variant's launcher and record, the registry, the typed ops record.
 *
 * Example
 *   #include "hgemm.h"
 *   // C (M x N, fp32) = 1 * A (M x K, fp16) . B (K x N, fp16) + 0 * C
 *   cudaError_t e = swz_hgemm_xor_128_half(M, N, K, 1.0f, dA, K, dB, N, SWZ_HGEMM_NN, 0.0f,
 *                                          dC, N, SWZ_HGEMM_C_F32, stream);
 *   // by name, through the registry
 *   const swz_variant *v = swz_variant_find(&swz_hgemm_registry, "swz_hgemm_pad_128_bf16");
 *   e = swz_hgemm_ops_of(v)->launch(M, N, K, 1.0f, dA, K, dB, N, SWZ_HGEMM_NN, 0.0f, dC, N,
 *                                   SWZ_HGEMM_C_F32, stream);
 *
 * Names: swz_hgemm_<layout>_<tile>_<elem>: layout none, pad or xor (the shared tiles' layout,
 * the same knobs otherwise), tile 128 (the block's M), elem half or bf16.
 */
#ifndef SWZ_EXAMPLES_HGEMM_H
#define SWZ_EXAMPLES_HGEMM_H

#include <cuda_runtime.h>
#include <stdint.h>
#include "../family.h"

#define SWZ_HGEMM_NN 0    /* B is K x N row-major (ldmatrix .trans) */
#define SWZ_HGEMM_NT 1    /* B is N x K row-major: C = A * B^T */
#define SWZ_HGEMM_C_F32 0 /* C is float */
#define SWZ_HGEMM_C_IN 1  /* C is the input type (fp16 or bf16) */

typedef cudaError_t (*swz_hgemm_fn)(int64_t M, int64_t N, int64_t K, float alpha, const void *A,
                                    int64_t lda, const void *B, int64_t ldb, int b_layout,
                                    float beta, void *C, int64_t ldc, int c_type,
                                    cudaStream_t stream);

/* What an hgemm variant adds to its swz_variant record (family.h), as v->ops. */
typedef struct swz_hgemm_ops {
    swz_hgemm_fn launch;
    int bf16;                          /* 1: bf16 inputs, 0: fp16 */
    int bm, bn, bk, stages, warps_m, warps_n, warp_m, warp_n;
    unsigned smem_bytes;               /* dynamic shared memory per block */
    /* Host model of the copies: the cp.async shared writes (16-byte stores) of one slice of
     * the A tile (b_layout < 0) or of the B tile for b_layout NN / NT. */
    int (*copy_model)(int b_layout, swz_tile_cost *cost);
    /* Host twins of the kernel's per-lane shared byte offsets (from the tile base), for the
     * fragment loads of the warp `warp` at k step `ks` of a slice: operand 0 = A, 1 = B NN,
     * 2 = B NT; fragment i (A: m16 block i, B: n16 pair i).  Returns the lanes' mask. */
    uint32_t (*frag_lanes)(int operand, int warp, int ks, int i, uint32_t addr[32]);
} swz_hgemm_ops;

static inline const swz_hgemm_ops *swz_hgemm_ops_of(const swz_variant *v)
{
    return (const swz_hgemm_ops *)v->ops;
}

#ifdef __cplusplus
extern "C" {
#endif
extern const swz_registry swz_hgemm_registry;
#ifdef __cplusplus
}
#endif

/* Every shipped variant: X(layout, tile, elem). */
#define SWZ_HGEMM_VARIANTS(X) \
    X(none, 128, half) X(pad, 128, half) X(xor, 128, half) \
    X(none, 128, bf16) X(pad, 128, bf16) X(xor, 128, bf16)

#ifdef __cplusplus
extern "C" {
#endif
/* SWZ_HGEMM_DECLARE(L, T, E): a variant's launcher and record (tuning.h declares its candidates
 * with it too). */
#define SWZ_HGEMM_DECLARE(L, T, E)                                                                \
    cudaError_t swz_hgemm_##L##_##T##_##E(int64_t M, int64_t N, int64_t K, float alpha, const void *A, \
                                          int64_t lda, const void *B, int64_t ldb, int b_layout,   \
                                          float beta, void *C, int64_t ldc, int c_type,            \
                                          cudaStream_t stream);                                    \
    extern const swz_variant swz_hgemm_##L##_##T##_##E##_variant;
SWZ_HGEMM_VARIANTS(SWZ_HGEMM_DECLARE)
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_HGEMM_H */
