/* examples/gemm/gemm_variants.h -- the GEMM variants built into the swz-gemm library, and
 * their registry (family.h) for tests, the example and benchmarks.
 *
 * What it is for
 *   Declares every instantiated launcher swz_gemm_<layout>_<SWZ_GEMM_TILE>_<elem> (and its host
 *   emulation, description and bank-model helpers, see gemm.cuh) and swz_gemm_registry, one
 *   swz_variant per variant, so that a program can loop over them.  Plain C (C linkage); link with
 *   the library (Meson: dependency swz_gemm_dep).  C11 or C++ (CUDA's driver_types.h, included
 *   through cuda_runtime_api.h, uses an anonymous union that -std=c99 -Wpedantic rejects).
 *
 * Example
 *   #include "gemm_variants.h"
 *   // C = A*B for 1000 x 700 x 300 floats, XOR-swizzled A tile, Morton block order:
 *   cudaError_t e = swz_gemm_xor_128_float(1000, 700, 300, 1.0f, dA, 300, dB, 700, 0.0f,
 *                                          dC, 700, SWZ_GEMM_RASTER_MORTON, 0);
 *   for (int i = 0; i < swz_gemm_registry.count; ++i) puts(swz_gemm_registry.variants[i]->name);
 *
 * The set: SWZ_GEMM_ELEM float and double x SWZ_GEMM_LAYOUT NONE, PAD, XOR x SWZ_GEMM_TILE 128 (large products) and 64
 * (small ones: four times as many blocks).  gemm_f32.cu and gemm_f64.cu instantiate it.
 */
#ifndef SWZ_GEMM_VARIANTS_H
#define SWZ_GEMM_VARIANTS_H

#include <cuda_runtime_api.h>
#include <stdint.h>

#include "gemm_api.h"
#include "../family.h"

#ifdef __cplusplus
extern "C" {
#endif

/* X(SWZ_GEMM_LAYOUT, SWZ_GEMM_TILE, SWZ_GEMM_ELEM) for every variant in the library. */
#define SWZ_GEMM_VARIANTS(X)                                                                    \
    X(NONE, 128, float) X(PAD, 128, float) X(XOR, 128, float)                                  \
    X(NONE, 64, float) X(PAD, 64, float) X(XOR, 64, float)                                     \
    X(NONE, 128, double) X(PAD, 128, double) X(XOR, 128, double)                               \
    X(NONE, 64, double) X(PAD, 64, double) X(XOR, 64, double)

#define EX_GEMM_DECLARE(L, T, E)                                                              \
    cudaError_t SWZ_GEMM_NAME(L, T, E)(int64_t M, int64_t N, int64_t K, E alpha, const E *A,   \
                                       int64_t lda, const E *B, int64_t ldb, E beta, E *C,     \
                                       int64_t ldc, int raster, cudaStream_t stream);          \
    cudaError_t SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _host)(int64_t M, int64_t N, int64_t K,      \
                                       E alpha, const E *A, int64_t lda, const E *B,           \
                                       int64_t ldb, E beta, E *C, int64_t ldc, int raster,     \
                                       int order);                                             \
    void SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _info)(swz_gemm_info *info);                        \
    int SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _smem_pattern)(int op, int idx, int warp,            \
                                                         uint32_t addr[32], int *access);      \
    int SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _selfcheck)(void);                                   \
    extern const swz_variant SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _variant);
SWZ_GEMM_VARIANTS(EX_GEMM_DECLARE)

typedef cudaError_t (*swz_gemm_fn_f)(int64_t, int64_t, int64_t, float, const float *, int64_t,
                                     const float *, int64_t, float, float *, int64_t, int,
                                     cudaStream_t);
typedef cudaError_t (*swz_gemm_fn_d)(int64_t, int64_t, int64_t, double, const double *, int64_t,
                                     const double *, int64_t, double, double *, int64_t, int,
                                     cudaStream_t);
typedef cudaError_t (*swz_gemm_host_fn_f)(int64_t, int64_t, int64_t, float, const float *,
                                          int64_t, const float *, int64_t, float, float *,
                                          int64_t, int, int);
typedef cudaError_t (*swz_gemm_host_fn_d)(int64_t, int64_t, int64_t, double, const double *,
                                          int64_t, const double *, int64_t, double, double *,
                                          int64_t, int, int);

/* What a GEMM variant adds to its swz_variant record (family.h), as v->ops.  Its standard
 * problem (v->problem) is the square 11*SWZ_GEMM_TILE cube: 11 x 11 full blocks (121, at most one per
 * SM of an H100/H200: co-resident blocks' cp.async writes contend with the A stores and the
 * counters then show a few percent more store wavefronts than the instructions cost).
 * predict() covers one block: the transposed A stores (STS; the cp.async of B is LDGSTS,
 * which the shared-store counters do not count) and the A and B reads, over the 11*SWZ_GEMM_TILE/BK
 * slices of K. */
typedef struct swz_gemm_ops {
    void (*info)(swz_gemm_info *);
    int (*smem_pattern)(int op, int idx, int warp, uint32_t addr[32], int *access);
    int (*selfcheck)(void);
    swz_gemm_fn_f run_f;       /* float variants; NULL otherwise */
    swz_gemm_host_fn_f host_f;
    swz_gemm_fn_d run_d;       /* double variants; NULL otherwise */
    swz_gemm_host_fn_d host_d;
} swz_gemm_ops;

static inline const swz_gemm_ops *swz_gemm_ops_of(const swz_variant *v)
{
    return (const swz_gemm_ops *)v->ops;
}

/* Every variant, in a fixed order. */
extern const swz_registry swz_gemm_registry;

#ifdef __cplusplus
}
#endif

#endif /* SWZ_GEMM_VARIANTS_H */
