/* examples/gemm/gemm.h -- the tiled SGEMM/DGEMM family (gemm.cuh): what its library swz_gemm
 * exports -- every variant's launcher and record, the registry, the typed ops record, the
 * constants a caller passes (raster order) and swz_gemm_info.
 *
 * What it is for
 *   Declares every instantiated launcher swz_gemm_<layout>_<SWZ_GEMM_TILE>_<elem> (and its host
 *   emulation, description and bank-model functions, see gemm.cuh) and swz_gemm_registry, one
 *   swz_variant per variant, so that a program can loop over them.  Plain C (C linkage); link with
 *   the library (Meson: dependency swz_gemm_dep).  C11 or C++ (CUDA's driver_types.h, included
 *   through cuda_runtime_api.h, uses an anonymous union that -std=c99 -Wpedantic rejects).
 *
 * Example
 *   #include "gemm.h"
 *   // C = A*B for 1000 x 700 x 300 floats, XOR-swizzled A tile, Morton block order:
 *   cudaError_t e = swz_gemm_xor_128_float(1000, 700, 300, 1.0f, dA, 300, dB, 700, 0.0f,
 *                                          dC, 700, SWZ_GEMM_RASTER_MORTON, 0);
 *   for (int i = 0; i < swz_gemm_registry.count; ++i) puts(swz_gemm_registry.variants[i]->name);
 *
 * The set: SWZ_GEMM_ELEM float and double x SWZ_GEMM_LAYOUT NONE, PAD, XOR x SWZ_GEMM_TILE 128 (large products) and 64
 * (small ones: four times as many blocks).  variants_float.cu and variants_double.cu instantiate it.
 */
#ifndef SWZ_EXAMPLES_GEMM_H
#define SWZ_EXAMPLES_GEMM_H

#include <cuda_runtime_api.h>
#include <stdint.h>

#include "../family.h"



/* Layout of the shared A tile (values start at 1 so that an unknown SWZ_GEMM_LAYOUT token, which the
 * preprocessor evaluates as 0, is rejected). */
#define SWZ_GEMM_LAYOUT_NONE 1 /* row-major k x SWZ_GEMM_TILE: the transposed store conflicts */
#define SWZ_GEMM_LAYOUT_PAD 2  /* rows padded by one 16-byte vector (swz/pad.h) */
#define SWZ_GEMM_LAYOUT_XOR 3  /* XOR swizzle of 16-byte units (swz/xor.h SWZ_XOR) */

/* Order in which thread blocks visit the output tiles (the launcher's `raster`). */
#define SWZ_GEMM_RASTER_ROW 0    /* row-major over tiles */
#define SWZ_GEMM_RASTER_MORTON 1 /* Z order in 2^SWZ_GEMM_MORTON_LG-tile supertiles */
#define SWZ_GEMM_MORTON_LG 3

/* Shared-memory instruction kinds of the kernel, for the bank model (see *_smem_pattern). */
#define SWZ_GEMM_OP_A_STORE 0 /* transposed store of A: one element per lane (STS.32 / STS.64) */
#define SWZ_GEMM_OP_A_READ 1  /* 16-byte read of A along M (LDS.128) */
#define SWZ_GEMM_OP_B_READ 2  /* 16-byte read of B along N (LDS.128) */
#define SWZ_GEMM_OP_B_STORE 3 /* 16-byte cp.async of B (LDGSTS), aligned path */
#define SWZ_GEMM_OP_COUNT 4

/* Names: SWZ_GEMM_NAME(XOR, 128, float) is swz_gemm_xor_128_float (SWZ_GEMM_LAYOUT in capitals, since
 * the preprocessor cannot lower-case a token). */
#define EX_GPFX_NONE swz_gemm_none_
#define EX_GPFX_PAD swz_gemm_pad_
#define EX_GPFX_XOR swz_gemm_xor_
#define SWZ_GEMM_NAME(L, T, E) SWZ_CAT(SWZ_CAT(EX_GPFX_##L, T), SWZ_CAT(_, E))

typedef struct swz_gemm_info {
    const char *name;       /* e.g. "xor_128_float" (the launcher is swz_gemm_<name>) */
    int layout;             /* SWZ_GEMM_LAYOUT_* */
    int tile;               /* SWZ_GEMM_TILE: the block computes a SWZ_GEMM_TILE x SWZ_GEMM_TILE block of C */
    int elem_bytes;         /* 4 (float) or 8 (double) */
    int threads;            /* threads per block */
    int bk;                 /* K-slice per pipeline stage (64 bytes of K: 16 floats, 8 doubles) */
    int tm, tn;             /* outputs per thread (rows x columns) */
    int a_ld;               /* row stride of the shared A tile in elements (SWZ_GEMM_TILE, or padded) */
    int min_blocks;         /* __launch_bounds__ minimum blocks per SM */
    unsigned smem_bytes;    /* static shared memory per block (two stages of A and B) */
    unsigned stage_bytes;   /* bytes of one stage; A tile first, B tile at a_tile_bytes */
    unsigned a_tile_bytes;
    int xor_b, xor_m, xor_s; /* SWZ_XOR parameters of the A tile (XOR layout; else 0) */
} swz_gemm_info;

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

#endif /* SWZ_EXAMPLES_GEMM_H */
