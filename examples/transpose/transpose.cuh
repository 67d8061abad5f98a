/* examples/transpose/transpose.cuh -- the transpose kernel family, written once.
 *
 * What it is for
 *   A template header: define TILE, ELEM, ELEM_NAME and LAYOUT, include it, and it generates one
 *   kernel, its launchers, its bank-model prediction and its registry entry, named
 *   swz_transpose_<layout>_<TILE>_<ELEM_NAME>; the four parameters are #undef'ed at the end,
 *   so one .cu file generates many variants (variants_*.cu do; transpose.h lists them).
 *
 * Example (this exact text is what variants_tile.inc expands to)
 *   #define TILE 64
 *   #define ELEM double
 *   #define ELEM_NAME double
 *   #define LAYOUT XOR
 *   #include "transpose.cuh"   // -> swz_transpose_xor_64_double(in, out, rows, cols, ld_in,
 *                              //    ld_out, stream), ..._batched(...), ..._info, ..._kernel
 *
 * Parameters
 *   TILE       side of the square shared tile: 8, 16, 32 or 64 (a power of two >= 8)
 *   ELEM       element type, 1, 2, 4, 8 or 16 bytes (e.g. uint8_t, __half, float, double, uint4)
 *   ELEM_NAME  token used in the names (u8, half, float, double, v16)
 *   LAYOUT     NAIVE, NONE, PAD, XOR or MORTON
 *
 * The kernel (256 threads; see include/swz/tile.h for the copies)
 *   A block transposes a region of TILE rows x G*TILE columns of the input: G = max(1,
 *   16 KiB / (TILE*TILE*E)) tiles side by side, each stored in the layout, so every block moves
 *   16 KiB (or one tile, if bigger) with 4+ independent 16-byte loads per thread in flight.
 *     load     16-byte LDG along input rows -> one 16-byte STS per vector (row of the tile)
 *     store_t  per thread VEC = 16/E rows x one 4-byte word of the tile (4 LDS of 4 bytes for
 *              float) -> registers transposed -> 16-byte STG along output rows; a warp writes
 *              whole 128-byte lines
 *   Vector width: VB = min(16, TILE*E) bytes; VEC = VB/E elements.
 *   Both global sides are coalesced; the layout decides the shared-memory cost:
 *     NONE    r*TILE + c.  A store_t instruction reads rows VEC*q + k of one word column
 *             (q = 0..NQ-1): they all start in the same bank (8-way for 64x64 float).
 *     PAD     r*stride + c with stride = SWZ_PAD_STRIDE(TILE, E, VB) (rows stay 16-byte
 *             aligned for the STS.128).  Rows VEC apart still collide, so PAD reads its VEC
 *             rows in a lane-rotated order (tile.h SWZ_TILE_ROTATE) that makes one
 *             instruction's rows consecutive; registers are rotated back with selects.
 *     XOR     SWZ_XOR(B, M, S, r*TILE + c) with key (r / VEC) mod NQ moved into the
 *             128/NQ-byte slot bits: B = log2 NQ, M = log2(128/(NQ*E)), M+S = log2(TILE*VEC)
 *             (Triton: vec = 128/(NQ*E), perPhase = VEC, maxPhase = NQ).  64x64 float:
 *             Swizzle<3,2,6> -- the 16-byte unit index is XORed with (r/4) mod 8: conflict free
 *             for the STS.128 rows *and* the 4-byte reads of rows 4q + k.  swz_xor_auto would
 *             give Swizzle<3,2,4> (key r mod 8), which is tuned for 16-byte column reads and
 *             leaves this read pattern 8-way: the access pattern, not only the width, decides.
 *     MORTON  SWZ_MORTON_OFFSET over 16-byte units (a bijection; not conflict free for rows
 *             or columns -- see morton.h).
 *     NAIVE   no shared memory: coalesced element reads, strided element writes.
 *   Tiles narrower than 64 bytes per row (e.g. 8x8 u8) put several tiles into one warp's
 *   reads, which no per-tile layout can separate: `swz-example-transpose --predict` prints the
 *   model's verdict for every variant.
 *
 * Shared memory: static, at most 48 KiB per block (the portable static limit).  A TILE/ELEM
 * whose region does not fit (64x64 of 16-byte elements = 64 KiB) fails to compile with
 * "swz: swz_error_transpose_tile_exceeds_48KiB_static_shared_memory".  We chose a compile-time
 * error over dynamic shared memory with cudaFuncSetAttribute because a 64 KiB tile buys
 * nothing here: a 32x32 tile of 16-byte elements already has 512-byte rows on both sides,
 * and 64 KiB blocks would cut residency to 3 blocks per SM.
 */
#ifndef SWZ_TRANSPOSE_CUH_ONCE
#define SWZ_TRANSPOSE_CUH_ONCE

/* SWZ_EMULATE (host C++ without nvcc): the same variants run on the CPU through tile.h's
 * emulation -- every block, then every thread in turn -- for tests on machines without a GPU. */
#if defined(SWZ_EMULATE) && !defined(__CUDACC__)
#define SWZ_TILE_EMULATE 1
#define SWZ__TR_EMU 1
#define SWZ__TR_DFN static inline
#include <stdlib.h>
#else
#define SWZ__TR_EMU 0
#define SWZ__TR_DFN static __device__ __forceinline__
#endif

#include "transpose.h"
#include <swz/xor.h>
#include <swz/pad.h>
#include <swz/morton.h>
#include <swz/tile.h>

#define SWZ_TR_THREADS 256
/* Grid limits per launch (gridDim.y, gridDim.z); taller matrices or longer batches take
 * several launches.  Overridable so the emulation tests can exercise that split. */
#ifndef SWZ_TR_MAX_GRID_Y
#define SWZ_TR_MAX_GRID_Y 65535
#endif
#ifndef SWZ_TR_MAX_GRID_Z
#define SWZ_TR_MAX_GRID_Z 65535
#endif
#define SWZ_TR_REGION_BYTES 16384
#define SWZ_TR_SMEM_LIMIT (48 * 1024)

#define SWZ__TR_LID_NAIVE 1
#define SWZ__TR_LID_NONE 2
#define SWZ__TR_LID_PAD 3
#define SWZ__TR_LID_XOR 4
#define SWZ__TR_LID_MORTON 5
#define SWZ__TR_LNAME_NAIVE naive
#define SWZ__TR_LNAME_NONE none
#define SWZ__TR_LNAME_PAD pad
#define SWZ__TR_LNAME_XOR xor
#define SWZ__TR_LNAME_MORTON morton

#define SWZ__TR_CAT_(a, b) a##b
#define SWZ__TR_CAT(a, b) SWZ__TR_CAT_(a, b)
#define SWZ__TR_STR_(a) #a
#define SWZ__TR_STR(a) SWZ__TR_STR_(a)

/* Bytes spanned by `batch` matrices of rows x cols with leading dimension ld and batch stride
 * bs (elements of esize bytes); 0 when it overflows int64. */
static inline int swz__tr_extent(int64_t batch, int64_t bs, int64_t rows, int64_t ld,
                                 int64_t cols, int64_t esize, int64_t *bytes)
{
    int64_t a, b, t;
    if (__builtin_mul_overflow(batch - 1, bs, &a) || __builtin_mul_overflow(rows - 1, ld, &b) ||
        __builtin_add_overflow(a, b, &t) || __builtin_add_overflow(t, cols, &t) ||
        __builtin_mul_overflow(t, esize, &t))
        return 0;
    *bytes = t;
    return 1;
}

/* Argument checks shared by every launcher (see transpose.h).  *empty = 1: nothing to do. */
static inline cudaError_t swz__tr_check(const void *in, const void *out, int64_t rows,
                                        int64_t cols, int64_t ld_in, int64_t ld_out,
                                        int64_t batch, int64_t bs_in, int64_t bs_out,
                                        int64_t esize, int *empty)
{
    int64_t bi, bo;
    *empty = 0;
    if (rows < 0 || cols < 0 || batch < 0 || ld_in < 0 || ld_out < 0 || bs_in < 0 || bs_out < 0)
        return cudaErrorInvalidValue;
    if (rows == 0 || cols == 0 || batch == 0) {
        *empty = 1;
        return cudaSuccess;
    }
    if (in == NULL || out == NULL || ld_in < cols || ld_out < rows) return cudaErrorInvalidValue;
    if (batch == 1) bs_in = bs_out = 0;
    if (!swz__tr_extent(batch, bs_in, rows, ld_in, cols, esize, &bi) ||
        !swz__tr_extent(batch, bs_out, cols, ld_out, rows, esize, &bo))
        return cudaErrorInvalidValue;
    /* (cols-1)*ld_out + rows fits: it is part of the extent just computed */
    if (batch > 1 && bs_out < (cols - 1) * ld_out + rows) return cudaErrorInvalidValue;
    {
        const uintptr_t pi = (uintptr_t)in, po = (uintptr_t)out;
        if (pi < po + (uintptr_t)bo && po < pi + (uintptr_t)bi) return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

#endif /* SWZ_TRANSPOSE_CUH_ONCE */

/* ================================ one variant ============================================ */
#if !defined(TILE) || !defined(ELEM) || !defined(ELEM_NAME) || !defined(LAYOUT)
#error "transpose.cuh: define TILE, ELEM, ELEM_NAME and LAYOUT before including it"
#endif

#define SWZ__TR_LID SWZ__TR_CAT(SWZ__TR_LID_, LAYOUT)
#if SWZ__TR_LID < 1 || SWZ__TR_LID > 5
#error "transpose.cuh: LAYOUT must be NAIVE, NONE, PAD, XOR or MORTON"
#endif

#define SWZ__TR_NAME                                                                            \
    SWZ__TR_CAT(SWZ__TR_CAT(SWZ__TR_CAT(SWZ__TR_CAT(SWZ__TR_CAT(swz_transpose_,                 \
        SWZ__TR_CAT(SWZ__TR_LNAME_, LAYOUT)), _), TILE), _), ELEM_NAME)
#define SWZ__TRN(x) SWZ__TR_CAT(SWZ__TR_NAME, x)

enum {
    SWZ__TRN(__E) = (int)sizeof(ELEM),
    SWZ__TRN(__G) = SWZ_TR_REGION_BYTES / ((TILE) * (TILE) * (int)sizeof(ELEM)) < 1 ? 1
                  : SWZ_TR_REGION_BYTES / ((TILE) * (TILE) * (int)sizeof(ELEM)),
    SWZ__TRN(__RC) = SWZ__TRN(__G) * (TILE),
    SWZ__TRN(__VB) = (TILE) * (int)sizeof(ELEM) < 16 ? (TILE) * (int)sizeof(ELEM) : 16,
    SWZ__TRN(__VT) = SWZ__TRN(__VB) / (int)sizeof(ELEM),
    SWZ__TRN(__NQL) = 128 / SWZ__TRN(__VB) > 32 ? 32 : 128 / SWZ__TRN(__VB),
    SWZ__TRN(__NQ) = SWZ__TILE_P2DIV32((TILE) / SWZ__TRN(__VT), SWZ__TRN(__NQL)),
    SWZ__TRN(__XB) = SWZ__TRN(__NQ) > 1 ? SWZ_LOG2(SWZ__TRN(__NQ)) : 0,
    SWZ__TRN(__XM) = SWZ__TRN(__NQ) > 1 ? SWZ_LOG2(128 / (SWZ__TRN(__NQ) * (int)sizeof(ELEM))) : 0,
    SWZ__TRN(__XS) = SWZ__TRN(__NQ) > 1 ? SWZ_LOG2((TILE) * SWZ__TRN(__VT)) - SWZ__TRN(__XM) : 0,
    SWZ__TRN(__PS) = (int)SWZ_PAD_STRIDE((TILE), (int)sizeof(ELEM), SWZ__TRN(__VB)),
#if SWZ__TR_LID == SWZ__TR_LID_PAD
    SWZ__TRN(__LSIZE) = (TILE) * SWZ__TRN(__PS),
#else
    SWZ__TRN(__LSIZE) = (TILE) * (TILE),
#endif
#if SWZ__TR_LID == SWZ__TR_LID_NAIVE
    SWZ__TRN(__SMEM) = 0
#else
    SWZ__TRN(__SMEM) = SWZ__TRN(__G) * SWZ__TRN(__LSIZE) * (int)sizeof(ELEM)
#endif
};

SWZ_STATIC_ASSERT((TILE) >= 8 && ((TILE) & ((TILE)-1)) == 0 && (TILE) <= 1024,
                  swz_error_transpose_TILE_must_be_a_power_of_two_of_at_least_8);
SWZ_STATIC_ASSERT(SWZ__TRN(__SMEM) <= SWZ_TR_SMEM_LIMIT,
                  swz_error_transpose_tile_exceeds_48KiB_static_shared_memory);

/* The layout of one tile, then of the region (G tiles side by side). */
#if SWZ__TR_LID == SWZ__TR_LID_PAD
#define SWZ__TR_TL(r, c) ((r) * (uint32_t)SWZ__TRN(__PS) + (c))
#elif SWZ__TR_LID == SWZ__TR_LID_XOR
#define SWZ__TR_TL(r, c) SWZ_XOR(SWZ__TRN(__XB), SWZ__TRN(__XM), SWZ__TRN(__XS), (r) * (uint32_t)(TILE) + (c))
#elif SWZ__TR_LID == SWZ__TR_LID_MORTON
#define SWZ__TR_TL(r, c) SWZ_MORTON_OFFSET((TILE), (TILE), (int)sizeof(ELEM), SWZ__TRN(__VB), (r), (c))
#else
#define SWZ__TR_TL(r, c) ((r) * (uint32_t)(TILE) + (c))
#endif
#define SWZ__TR_RL(r, c)                                                                        \
    (((uint32_t)(c) / (uint32_t)(TILE)) * (uint32_t)SWZ__TRN(__LSIZE) +                         \
     SWZ__TR_TL((uint32_t)(r), (uint32_t)(c) % (uint32_t)(TILE)))

#if SWZ__TR_LID != SWZ__TR_LID_NAIVE
#define SWZ_TILE_NAME SWZ__TRN(_tile)
#define SWZ_TILE_ELEM ELEM
#define SWZ_TILE_ROWS (TILE)
#define SWZ_TILE_COLS SWZ__TRN(__RC)
#define SWZ_TILE_THREADS SWZ_TR_THREADS
#define SWZ_TILE_VBYTES SWZ__TRN(__VB)
#define SWZ_TILE_ROTATE (SWZ__TR_LID == SWZ__TR_LID_PAD)
#define SWZ_TILE_LAYOUT(r, c) SWZ__TR_RL(r, c)
#include <swz/tile.h>
SWZ_STATIC_ASSERT((int)SWZ__TRN(_tile__NQ) == (int)SWZ__TRN(__NQ) && (int)SWZ__TRN(_tile_VEC_T) == (int)SWZ__TRN(__VT),
                  swz_error_transpose_xor_key_out_of_step_with_tile_h);
#endif

/* One block: input rows r0 .. r0+TILE-1, columns c0 .. c0+RC-1 of matrix bz, in two phases
 * separated by a barrier; each phase is what one thread does. */
SWZ__TR_DFN void SWZ__TRN(__phase1)(ELEM *tile, const ELEM *in, ELEM *out, int64_t rows,
                                     int64_t cols, int64_t ld_in, int64_t ld_out, int64_t bs_in,
                                     int64_t bs_out, unsigned bx, unsigned by, unsigned bz)
{
    const int64_t c0 = (int64_t)bx * SWZ__TRN(__RC), r0 = (int64_t)by * (TILE);
    const ELEM *ib = in + (int64_t)bz * bs_in;
#if SWZ__TR_LID == SWZ__TR_LID_NAIVE
    ELEM *ob = out + (int64_t)bz * bs_out;
    (void)tile;
    for (int i = SWZ__TILE_TID(); i < (TILE) * SWZ__TRN(__RC); i += SWZ_TR_THREADS) {
        const int64_t gr = r0 + i / SWZ__TRN(__RC), gc = c0 + i % SWZ__TRN(__RC);
        if (gr < rows && gc < cols) ob[gc * ld_out + gr] = ib[gr * ld_in + gc];
    }
#else
    (void)out, (void)ld_out, (void)bs_out;
    SWZ__TRN(_tile_load)(tile, ib, ld_in, r0, c0, rows, cols);
#endif
}
SWZ__TR_DFN void SWZ__TRN(__phase2)(const ELEM *tile, ELEM *out, int64_t rows, int64_t cols,
                                     int64_t ld_out, int64_t bs_out, unsigned bx, unsigned by,
                                     unsigned bz)
{
#if SWZ__TR_LID == SWZ__TR_LID_NAIVE
    (void)tile, (void)out, (void)rows, (void)cols, (void)ld_out, (void)bs_out, (void)bx, (void)by, (void)bz;
#else
    const int64_t c0 = (int64_t)bx * SWZ__TRN(__RC), r0 = (int64_t)by * (TILE);
    SWZ__TRN(_tile_store_t)(tile, out + (int64_t)bz * bs_out, ld_out, c0, r0, cols, rows);
#endif
}

#if !SWZ__TR_EMU
/* The grid covers everything (the launcher splits very tall or very long batches into several
 * launches), so the kernel has no loop: a loop would keep every loop-invariant shared address
 * alive in registers (58 instead of 32 for 64x64 float) and cost occupancy. */
extern "C" __global__ void __launch_bounds__(SWZ_TR_THREADS)
SWZ__TRN(_kernel)(const ELEM *__restrict__ in, ELEM *__restrict__ out, int64_t rows, int64_t cols,
                  int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
#if SWZ__TR_LID == SWZ__TR_LID_NAIVE
    SWZ__TRN(__phase1)(NULL, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, blockIdx.x,
                       blockIdx.y, blockIdx.z);
#else
    __shared__ __align__(16) unsigned char smem[SWZ__TRN(__SMEM)];
    ELEM *tile = (ELEM *)smem;
    SWZ__TRN(__phase1)(tile, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, blockIdx.x,
                       blockIdx.y, blockIdx.z);
    __syncthreads();
    SWZ__TRN(__phase2)(tile, out, rows, cols, ld_out, bs_out, blockIdx.x, blockIdx.y, blockIdx.z);
#endif
}
#else
/* The kernel on the CPU: every block; in it every thread's phase 1, then every thread's
 * phase 2 (the barrier). */
static void SWZ__TRN(__emulate)(dim3 grid, const ELEM *in, ELEM *out, int64_t rows, int64_t cols,
                                int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
    enum { SMEM = SWZ__TRN(__SMEM) > 0 ? SWZ__TRN(__SMEM) : 16 };
    alignas(16) static unsigned char smem[SMEM];
    ELEM *tile = (ELEM *)smem;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                memset(smem, 0xA5, sizeof smem); /* stale data from the last block must not leak */
                for (int t = 0; t < SWZ_TR_THREADS; ++t) {
                    *swz__tile_emu_tid() = t;
                    SWZ__TRN(__phase1)(tile, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, bx, by, bz);
                }
                for (int t = 0; t < SWZ_TR_THREADS; ++t) {
                    *swz__tile_emu_tid() = t;
                    SWZ__TRN(__phase2)(tile, out, rows, cols, ld_out, bs_out, bx, by, bz);
                }
            }
}
#endif

extern "C" cudaError_t SWZ__TRN(_batched)(const ELEM *in, ELEM *out, int64_t rows, int64_t cols,
                                           int64_t ld_in, int64_t ld_out, int64_t batch,
                                           int64_t bs_in, int64_t bs_out, cudaStream_t stream)
{
    const int64_t RMAX = (int64_t)SWZ_TR_MAX_GRID_Y * (TILE), BMAX = SWZ_TR_MAX_GRID_Z;
    int empty;
    int64_t gx, b0, rr;
    cudaError_t e = swz__tr_check(in, out, rows, cols, ld_in, ld_out, batch, bs_in, bs_out,
                                  (int64_t)sizeof(ELEM), &empty);
    if (e != cudaSuccess || empty) return e;
    gx = (cols + SWZ__TRN(__RC) - 1) / SWZ__TRN(__RC);
    if (gx > INT32_MAX) return cudaErrorInvalidValue;
    /* Normally one launch; more only past BMAX matrices or RMAX rows. */
    for (b0 = 0; b0 < batch; b0 += BMAX)
        for (rr = 0; rr < rows; rr += RMAX) {
            const int64_t nb = batch - b0 < BMAX ? batch - b0 : BMAX;
            const int64_t nr = rows - rr < RMAX ? rows - rr : RMAX;
            const dim3 grid((unsigned)gx, (unsigned)((nr + (TILE)-1) / (TILE)), (unsigned)nb);
#if SWZ__TR_EMU
            (void)stream;
            SWZ__TRN(__emulate)(grid, in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr,
                                cols, ld_in, ld_out, bs_in, bs_out);
#else
            SWZ__TRN(_kernel)<<<grid, SWZ_TR_THREADS, 0, stream>>>(
                in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr, cols, ld_in, ld_out,
                bs_in, bs_out);
            e = cudaGetLastError();
            if (e != cudaSuccess) return e;
#endif
        }
    return cudaSuccess;
}

extern "C" cudaError_t SWZ__TR_NAME(const ELEM *in, ELEM *out, int64_t rows, int64_t cols,
                                    int64_t ld_in, int64_t ld_out, cudaStream_t stream)
{
    return SWZ__TRN(_batched)(in, out, rows, cols, ld_in, ld_out, 1, 0, 0, stream);
}

static cudaError_t SWZ__TRN(__launch_void)(const void *in, void *out, int64_t rows, int64_t cols,
                                            int64_t ld_in, int64_t ld_out, int64_t batch,
                                            int64_t bs_in, int64_t bs_out, cudaStream_t stream)
{
    return SWZ__TRN(_batched)((const ELEM *)in, (ELEM *)out, rows, cols, ld_in, ld_out, batch,
                              bs_in, bs_out, stream);
}

static int SWZ__TRN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
#if SWZ__TR_LID == SWZ__TR_LID_NAIVE
    swz__tile_cost_init(sts, 0u);
    swz__tile_cost_init(lds, 0u);
    return SWZ_OK;
#else
    const int a = SWZ__TRN(_tile_model)(SWZ_TILE_OP_LOAD, sts);
    const int b = SWZ__TRN(_tile_model)(SWZ_TILE_OP_STORE_T, lds);
    return a != SWZ_OK ? a : b;
#endif
}

extern "C" const swz_transpose_variant SWZ__TRN(_info) = {
    SWZ__TR_STR(SWZ__TR_NAME),
    SWZ__TR_STR(SWZ__TRN(_kernel)),
    SWZ__TR_STR(SWZ__TR_CAT(SWZ__TR_LNAME_, LAYOUT)),
    SWZ__TR_STR(ELEM_NAME),
    (TILE),
    (int)sizeof(ELEM),
    SWZ_TR_THREADS,
    (TILE),
    SWZ__TRN(__RC),
    SWZ__TRN(__SMEM),
    &SWZ__TRN(__launch_void),
    &SWZ__TRN(__predict),
};

#undef SWZ__TR_TL
#undef SWZ__TR_RL
#undef SWZ__TRN
#undef SWZ__TR_NAME
#undef SWZ__TR_LID
#undef TILE
#undef ELEM
#undef ELEM_NAME
#undef LAYOUT
