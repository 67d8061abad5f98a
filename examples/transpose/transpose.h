/* examples/transpose/transpose.h -- the transpose kernel family: every generated variant, its
 * launcher and a registry (for tests, the example program, benchmarks and tools/ncu-check.py).
 *
 * What it is for
 *   transpose.cuh is written once; variants_*.cu instantiate it for every SWZ_TRANSPOSE_LAYOUT x SWZ_TRANSPOSE_TILE x SWZ_TRANSPOSE_ELEM
 *   (see the list below) into the static library swz_transpose (Meson: swz_transpose_dep).
 *   This header declares what that library exports.
 *
 * Example
 *   #include "transpose.h"
 *   // out (cols x rows, ld_out) = transpose of in (rows x cols, ld_in), on stream s
 *   cudaError_t e = swz_transpose_xor_64_float(d_in, d_out, rows, cols, cols, rows, s);
 *   // many matrices in one launch: matrix b starts at in + b*bs_in / out + b*bs_out
 *   e = swz_transpose_xor_64_float_batched(d_in, d_out, rows, cols, cols, rows, batch,
 *                                          rows * cols, cols * rows, s);
 *   // by name, through the registry (void pointers)
 *   const swz_variant *v = swz_variant_find(&swz_transpose_registry, "swz_transpose_pad_32_double");
 *   e = swz_transpose_ops_of(v)->launch(d_in, d_out, rows, cols, cols, rows, 1, 0, 0, s);
 *
 * Names: swz_transpose_<layout>_<tile>_<elem>
 *   layout  naive (no shared memory: coalesced reads, strided writes), none (row-major tile:
 *           the conflicting one), pad (padded rows + rotated read order), xor (swizzle keyed by
 *           r / VEC), morton (Z-order over 16-byte units)
 *   tile    8, 16, 32, 64 (naive: 32 only; v16: up to 32 -- a 64x64 tile of 16-byte elements
 *           is 64 KiB, more than the 48 KiB of static shared memory: rejected at compile time);
 *           48 for float (none, pad, xor: rows of 12 sixteen-byte units, not a power of two)
 *   elem    u8 (uint8_t), half (__half), float, double, v16 (uint4: any 16-byte element)
 *   tma     (layout) the tile loaded and stored by the Tensor Memory Accelerator in 128-byte
 *           swizzled boxes, transposed between two shared tiles: tma_64_float, tma_32_double,
 *           tma_32_v16, tma_64_half (sm_90; SWZ_TRANSPOSE_TMA_VARIANTS, in the registry where built with
 *           nvcc).  It takes only calls whose pointers, leading dimensions and batch strides
 *           are whole 16-byte units (TMA's rule): others return cudaErrorInvalidPitchValue /
 *           cudaErrorInvalidValue without launching, and ops->accepts says why.
 *
 * Launcher contract (all variants)
 *   out[b][c * ld_out + r] = in[b][r * ld_in + c] for r < rows, c < cols, b < batch, with
 *   in[b] = in + b*bs_in and out[b] = out + b*bs_out (elements).  Returns cudaSuccess, or
 *   cudaErrorInvalidValue without launching anything when: a size or stride is negative, a
 *   pointer is NULL, ld_in < cols, ld_out < rows, the output matrices of a batch overlap
 *   (bs_out < (cols-1)*ld_out + rows), input and output overlap, or an extent overflows
 *   int64 bytes.  rows, cols or batch == 0 is a successful no-op (pointers not checked).
 *   Any alignment works (but for the tma layout, above): 16-byte global accesses are used where
 *   pointer, ld and batch stride allow, element accesses otherwise.  Otherwise the launch error
 *   (cudaGetLastError).
 */
#ifndef SWZ_EXAMPLES_TRANSPOSE_H
#define SWZ_EXAMPLES_TRANSPOSE_H

#include <cuda_runtime.h>
#include <stdint.h>
#include "../family.h"

#ifdef __cplusplus
#include <cuda_fp16.h>
typedef __half swz_half_t;
extern "C" {
#else
typedef uint16_t swz_half_t; /* same size and alignment as __half */
#endif

typedef cudaError_t (*swz_transpose_launch_fn)(const void *in, void *out, int64_t rows,
                                               int64_t cols, int64_t ld_in, int64_t ld_out,
                                               int64_t batch, int64_t bs_in, int64_t bs_out,
                                               cudaStream_t stream);

/* What a transpose variant adds to its swz_variant record (family.h), as v->ops.  Its
 * standard problem (v->problem) is 16 x 4 regions: 16*region_rows x 4*region_cols, 64 blocks;
 * predict() covers one block's tile load (shared stores) and transposed store (shared loads);
 * naive reports zero instructions.  v->knobs: e.g. "threads=256 region=16384 order=GROUP/32768
 * hints=0 persist=0 min_blocks=0". */
/* A variant that cannot take every call (the TMA ones: pitches of whole 16-byte units) says
 * why: cudaSuccess when the launcher would run the call, else the error the launcher returns
 * for it (nothing launched) and, in why[0..n), the sentence that names the refused parameter,
 * e.g. "tma needs a row stride (ld*E) that is a multiple of 16 bytes (ld*E = 260)". */
typedef cudaError_t (*swz_transpose_accepts_fn)(const void *in, const void *out, int64_t rows,
                                                int64_t cols, int64_t ld_in, int64_t ld_out,
                                                int64_t batch, int64_t bs_in, int64_t bs_out,
                                                char *why, size_t n);

typedef struct swz_transpose_ops {
    swz_transpose_launch_fn launch; /* the _batched launcher through void pointers */
    int region_rows;                /* one block transposes region_rows x region_cols */
    int region_cols;
    int smem_bytes;                 /* static shared memory per block */
    swz_transpose_accepts_fn accepts; /* NULL: every valid call runs (all but the TMA layout) */
    /* The twin kernel for misaligned rows (transpose.cuh SWZ_TRANSPOSE_SHIFTED; the launcher takes it when a
     * pointer, ld or batch stride is off the vector width): its name, its copies' widest
     * access in bytes (SWZ_TRANSPOSE_MIS_VBYTES: 16 shifted in registers, or the element size for 4- and
     * 8-byte elements on rows of 128 bytes or more), predict() for its block, and 1 where it
     * writes whole output units by ownership (SWZ_TRANSPOSE_MIS_OWN); NULL / 0 / NULL / 0 for a
     * variant without one. */
    const char *mis_kernel;
    int mis_vbytes;
    int (*mis_predict)(swz_tile_cost *sts, swz_tile_cost *lds);
    int mis_own;
} swz_transpose_ops;

static inline const swz_transpose_ops *swz_transpose_ops_of(const swz_variant *v)
{
    return (const swz_transpose_ops *)v->ops;
}

/* Every variant, in a fixed order. */
extern const swz_registry swz_transpose_registry;

/* ---- the variant list (X-macros: X(layout, tile, elem, C type)) -------------------------- */
#define SWZ_TRANSPOSE_LAYOUTS_(X, T, N, TY) X(none, T, N, TY) X(pad, T, N, TY) X(xor, T, N, TY) X(morton, T, N, TY)
#define SWZ_TRANSPOSE_TILES32_(X, N, TY)                                                        \
    X(naive, 32, N, TY) SWZ_TRANSPOSE_LAYOUTS_(X, 8, N, TY) SWZ_TRANSPOSE_LAYOUTS_(X, 16, N, TY) \
    SWZ_TRANSPOSE_LAYOUTS_(X, 32, N, TY)
#define SWZ_TRANSPOSE_TILES64_(X, N, TY) SWZ_TRANSPOSE_TILES32_(X, N, TY) SWZ_TRANSPOSE_LAYOUTS_(X, 64, N, TY)
/* the 48 tile (4-byte elements; rows of 12 sixteen-byte units): no morton */
#define SWZ_TRANSPOSE_TILE48_(X, N, TY) X(none, 48, N, TY) X(pad, 48, N, TY) X(xor, 48, N, TY)
#define SWZ_TRANSPOSE_VARIANTS(X)                                                               \
    SWZ_TRANSPOSE_TILES64_(X, u8, uint8_t)                                                      \
    SWZ_TRANSPOSE_TILES64_(X, half, swz_half_t)                                                 \
    SWZ_TRANSPOSE_TILES64_(X, float, float)                                                     \
    SWZ_TRANSPOSE_TILE48_(X, float, float)                                                      \
    SWZ_TRANSPOSE_TILES64_(X, double, double)                                                   \
    SWZ_TRANSPOSE_TILES32_(X, v16, uint4)

/* The TMA layout (sm_90, nvcc builds only: the host emulation has no TMA): X(tma, tile, elem,
 * C type) for 2-, 4-, 8- and 16-byte elements (2-byte ones stored as 4-byte words: TMA stores
 * of 1- and 2-byte element boxes fault). */
#define SWZ_TRANSPOSE_TMA_VARIANTS(X) X(tma, 64, float, float) X(tma, 32, double, double) X(tma, 32, v16, uint4) \
    X(tma, 64, half, swz_half_t)

/* Typed launchers: NAME (one matrix) and NAME_batched. */
#define SWZ_TRANSPOSE_DECLARE_(L, T, N, TY)                                                     \
    cudaError_t swz_transpose_##L##_##T##_##N(const TY *in, TY *out, int64_t rows, int64_t cols, \
                                              int64_t ld_in, int64_t ld_out, cudaStream_t stream); \
    cudaError_t swz_transpose_##L##_##T##_##N##_batched(                                        \
        const TY *in, TY *out, int64_t rows, int64_t cols, int64_t ld_in, int64_t ld_out,      \
        int64_t batch, int64_t bs_in, int64_t bs_out, cudaStream_t stream);                    \
    extern const swz_variant swz_transpose_##L##_##T##_##N##_variant;
SWZ_TRANSPOSE_VARIANTS(SWZ_TRANSPOSE_DECLARE_)
SWZ_TRANSPOSE_TMA_VARIANTS(SWZ_TRANSPOSE_DECLARE_)

#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_TRANSPOSE_H */
