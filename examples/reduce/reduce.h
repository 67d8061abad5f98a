/* examples/reduce/reduce.h -- the reduction (sum) family: every generated variant, its launcher
 * and a registry (tests, the example program, benchmarks, tools/ncu-check.py).
 *
 * What it is for
 *   reduce.cuh is written once; variants.cu instantiates it into the static library swz_reduce
 *   (Meson: swz_reduce_dep).  Besides padding and swizzling, the third cure of a bank
 *   conflict is to *reorder* the accesses, and this family shows it: the interleaved-addressing
 *   tree (s[2*d*t] += s[2*d*t + d]) conflicts, the sequential one (s[t] += s[t + d]) touches
 *   the same words in an order that does not; and a production kernel that leaves shared
 *   memory almost unused.
 *
 * Example
 *   #include "reduce.h"
 *   size_t ws_bytes = swz_reduce_fast_256_float_workspace(n);
 *   void *ws; cudaMalloc(&ws, ws_bytes);
 *   float *d_sum;  // device pointer to one float
 *   cudaError_t e = swz_reduce_fast_256_float(d_x, n, d_sum, ws, ws_bytes, stream);
 *
 * Names: swz_reduce_<variant>_<SWZ_REDUCE_TILE>_<elem>
 *   variant  interleaved  textbook tree, s[2*d*t] += s[2*d*t + d]: bank conflicts (baseline)
 *            sequential   textbook tree, s[t] += s[t + d]: conflict free
 *                         (both: one element per thread, one launch per tree level)
 *            fast         16-byte loads, 16 elements per thread per step, warp shuffles,
 *                         chunked grid-stride over a grid sized to fill the GPU, then one
 *                         block over the chunk sums (two launches; one when n <= one chunk)
 *   SWZ_REDUCE_TILE     threads per block (256; fast also 512)
 *   elem     float  (sum in float, returned as float)
 *            i32    (int32_t elements; the sum is computed modulo 2^64 and returned as int64_t:
 *                    exact whenever the true sum fits in int64, which holds for any n < 2^32;
 *                    beyond that it wraps like unsigned 64-bit arithmetic -- defined, never UB)
 *
 * Determinism: every variant adds in an order fixed by n and SWZ_REDUCE_TILE alone (not by the grid size,
 * the GPU or the timing), so the same input gives bit-identical results on every run and on
 * every GPU.  The fast variant cuts the input into chunks of CH = SWZ_REDUCE_TILE*256 elements at fixed
 * positions; each chunk's sum lands in its own slot; a single block then sums the slots in a
 * fixed order.
 *
 * Launcher contract: out is a device pointer to one result; workspace (device memory of at
 * least NAME_workspace(n) bytes, contents irrelevant) holds partial sums.  n == 0 stores 0 to
 * *out (cudaMemsetAsync).  Returns cudaErrorInvalidValue without launching when n < 0, out is
 * NULL, in is NULL (n > 0), the workspace is NULL, too small or not aligned to the accumulator
 * (4 or 8 bytes), or n exceeds 2^50 (the tree variants: (2^31 - 1) * SWZ_REDUCE_TILE).  Misaligned input
 * (not 16-byte aligned) is handled: the fast variant falls back to 4-byte loads with the same
 * order of additions.
 */
#ifndef SWZ_EXAMPLES_REDUCE_H
#define SWZ_EXAMPLES_REDUCE_H

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>
#include "../family.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef cudaError_t (*swz_reduce_launch_fn)(const void *in, int64_t n, void *out,
                                            void *workspace, size_t workspace_bytes,
                                            cudaStream_t stream);

/* What a reduction variant adds to its swz_variant record (family.h), as v->ops.  Its
 * standard problem (v->problem): tree variants SWZ_REDUCE_TILE^2 elements (SWZ_REDUCE_TILE full first-level blocks,
 * then one full block), fast 8 whole chunks (8 chunk blocks, then the final block, whose
 * shared instructions are the same); predict() covers one of those blocks. */
typedef struct swz_reduce_ops {
    swz_reduce_launch_fn launch; /* the launcher through void pointers */
    size_t (*workspace)(int64_t n);
    /* Most roundings any element goes through (float): the error of the result is at most
     * depth * 2^-24 / (1 - depth * 2^-24) * sum |x_i|.  1 for exact integer sums. */
    int (*depth)(int64_t n);
    int out_size;  /* bytes of the result (4 for float, 8 for i32) */
    int64_t chunk; /* fast: elements per chunk; tree variants: elements per block (SWZ_REDUCE_TILE) */
} swz_reduce_ops;

static inline const swz_reduce_ops *swz_reduce_ops_of(const swz_variant *v)
{
    return (const swz_reduce_ops *)v->ops;
}

/* Every variant, in a fixed order. */
extern const swz_registry swz_reduce_registry;

/* X(variant, tile, elem, element C type, result C type) */
#define SWZ_REDUCE_ELEM_(X, N, TY, OT)                                                          \
    X(interleaved, 256, N, TY, OT) X(sequential, 256, N, TY, OT) X(fast, 256, N, TY, OT)       \
    X(fast, 512, N, TY, OT)
#define SWZ_REDUCE_VARIANTS(X) SWZ_REDUCE_ELEM_(X, float, float, float) SWZ_REDUCE_ELEM_(X, i32, int32_t, int64_t)

#define SWZ_REDUCE_DECLARE_(V, T, N, TY, OT)                                                    \
    cudaError_t swz_reduce_##V##_##T##_##N(const TY *in, int64_t n, OT *out, void *workspace,  \
                                           size_t workspace_bytes, cudaStream_t stream);        \
    size_t swz_reduce_##V##_##T##_##N##_workspace(int64_t n);                                   \
    extern const swz_variant swz_reduce_##V##_##T##_##N##_variant;
SWZ_REDUCE_VARIANTS(SWZ_REDUCE_DECLARE_)

#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_REDUCE_H */
