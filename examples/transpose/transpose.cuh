/* examples/transpose/transpose.cuh -- the transpose kernel family, written once.
 *
 * What it is for
 *   A template header: define SWZ_TRANSPOSE_TILE, SWZ_TRANSPOSE_ELEM, SWZ_TRANSPOSE_ELEM_NAME and SWZ_TRANSPOSE_LAYOUT, include it, and it generates one
 *   kernel, its launchers, its bank-model prediction and its variant record, named
 *   swz_transpose_<layout>_<SWZ_TRANSPOSE_TILE>_<SWZ_TRANSPOSE_ELEM_NAME>; every parameter (the four below and the knobs)
 *   is #undef'ed at the end of this file, so one .cu file generates many variants
 *   (variants_*.cu do; transpose.h lists them).  A missing or bad parameter is a compile
 *   error that names it.
 *
 * The family (examples/meson.build's one line): transpose.cuh (this template; its family-once
 * part also holds the family's hooks, compiled with EX_TR_HOOKS), variants_<elem>.cu (every
 * instantiation, one translation unit per element type so they compile in parallel) and
 * variants.cu (the registry and the family record).  transpose.h declares what the library
 * exports; tuning.h / tuning.inc are the bench's candidates.  The copies are tile.h's
 * (tile_copies.inc instantiates them) with the family's own paths from copies.h: the rotated
 * reads of PAD, the twin's paths for misaligned rows, the cache hints.
 *
 * Example (this exact text is what variants_tile.inc expands to)
 *   #define SWZ_TRANSPOSE_TILE 64
 *   #define SWZ_TRANSPOSE_ELEM double
 *   #define SWZ_TRANSPOSE_ELEM_NAME double
 *   #define SWZ_TRANSPOSE_LAYOUT XOR
 *   #include "transpose.cuh"   // -> swz_transpose_xor_64_double(in, out, rows, cols, ld_in,
 *                              //    ld_out, stream), ..._batched(...), ..._variant, ..._kernel
 *
 * Parameters
 *   SWZ_TRANSPOSE_TILE       side of the square shared tile: 8, 16, 32, 64 or 48 (4-byte elements: 12
 *                            sixteen-byte units per row; NONE, PAD, XOR or NAIVE -- MORTON needs a
 *                            power of two, and TMA rows of whole 128-byte lines)
 *   SWZ_TRANSPOSE_ELEM       element type, 1, 2, 4, 8 or 16 bytes (e.g. uint8_t, __half, float, double, uint4)
 *   SWZ_TRANSPOSE_ELEM_NAME  token used in the names (u8, half, float, double, v16)
 *   SWZ_TRANSPOSE_LAYOUT     NAIVE, NONE, PAD, XOR or MORTON
 *
 * The kernel (256 threads by default; see include/swz/tile.h and copies.h for the copies)
 *   A block transposes a region of SWZ_TRANSPOSE_TILE rows x G*SWZ_TRANSPOSE_TILE columns of the input: G = max(1,
 *   16 KiB / (SWZ_TRANSPOSE_TILE*SWZ_TRANSPOSE_TILE*E)) tiles side by side, each stored in the layout, so every block moves
 *   16 KiB (or one tile, if bigger; the 48 tile of floats: one, 9 KiB) with 4+ independent
 *   16-byte loads per thread in flight.
 *     load     16-byte LDG along input rows -> one 16-byte STS per vector (row of the tile)
 *     store_t  per thread VEC = 16/E rows x one 4-byte word of the tile (4 LDS of 4 bytes for
 *              float) -> registers transposed -> 16-byte STG along output rows; a warp writes
 *              whole 128-byte lines (the 48 tile: 64-byte runs, NQ = 4 vectors of each of 8
 *              output rows; 576 vectors a side, 2.25 per thread of 256, the last ones guarded)
 *   Vector width: VB = min(16, SWZ_TRANSPOSE_TILE*E) bytes; VEC = VB/E elements.
 *   Both global sides are coalesced; the layout decides the shared-memory cost:
 *     NONE    r*SWZ_TRANSPOSE_TILE + c.  A store_t instruction reads rows VEC*q + k of one word column
 *             (q = 0..NQ-1): they all start in the same bank (8-way for 64x64 float, 4-way for
 *             48x48).
 *     PAD     r*stride + c with stride = SWZ_PAD_STRIDE(SWZ_TRANSPOSE_TILE, E, VB) (rows stay 16-byte
 *             aligned for the STS.128).  Rows VEC apart still collide, so PAD reads its VEC
 *             rows in a lane-rotated order (copies.h SWZ_TRANSPOSE_COPIES_ROTATE) that makes
 *             one instruction's rows consecutive; registers are rotated back with selects.
 *             48x48 float: stride 52, the reads conflict free; a quarter-warp of STS.128 that
 *             crosses a row end meets the padding unit, 2-way (4/3 of the ideal stores).
 *     XOR     SWZ_XOR(B, M, S, r*SWZ_TRANSPOSE_TILE + c) with key (r / VEC) mod NQ moved into the
 *             128/NQ-byte slot bits: B = log2 NQ, M = log2(128/(NQ*E)), M+S = log2(SWZ_TRANSPOSE_TILE*VEC)
 *             (Triton: vec = 128/(NQ*E), perPhase = VEC, maxPhase = NQ).  64x64 float:
 *             Swizzle<3,2,6> -- the 16-byte unit index is XORed with (r/4) mod 8: conflict free
 *             for the STS.128 rows *and* the 4-byte reads of rows 4q + k.  swz_xor_auto would
 *             give Swizzle<3,2,4> (key r mod 8), which is tuned for 16-byte column reads and
 *             leaves this read pattern 8-way: the access pattern, not only the width, decides.
 *             On rows narrower than 128 bytes (SWZ_TRANSPOSE_TILE*E < 128) this key is not conflict free;
 *             those shapes take swz_solve's line view instead (SWZ_TRANSPOSE_XOR_LINES below), which is.
 *             48x48 float (rows of 12 = 4 * 3 units, 192 bytes): linear.h's kind with masks
 *             below 4 (the closure lemma, docs/layouts.md), u -> u ^ 2*bit3(r), with store_t
 *             reading its 4 rows in the alternating order (k + q mod 2) mod 4 (copies.h
 *             SWZ_TRANSPOSE_COPIES_ROTATE 2).  Row r starts at bank 16r mod 32: in tile.h's order
 *             the rows 4q + k of one instruction share half of the banks, 2-way under any key
 *             that keeps the rows closed; alternating, each instruction takes two rows of each
 *             parity (the two halves) and the key puts the two of a parity into the two 32-byte
 *             slots of their half: conflict free for the reads and the STS.128 rows (a key below
 *             4 permutes units inside aligned 64-byte blocks), swz_solve's optimum for these
 *             copies.  The twin's line path takes u -> u ^ ((r >> 1) mod 16) on 4-byte units.
 *     MORTON  SWZ_MORTON_OFFSET over 16-byte units (a bijection; not conflict free for rows
 *             or columns -- see morton.h).
 *     NAIVE   no shared memory: coalesced element reads, strided element writes.
 *   Tiles narrower than 64 bytes per row (e.g. 8x8 u8) put several tiles into one warp's
 *   reads, which no per-tile layout can separate: `swz-example-transpose --predict` prints the
 *   model's verdict for every variant.
 *
 * Tuning knobs (optional parameters; defaults give the shipped variants above)
 *   SWZ_TRANSPOSE_NAME_SUFFIX   token appended to the name (required when any knob below is set, e.g.
 *                 _grp32 -> swz_transpose_xor_64_float_grp32)
 *   SWZ_TRANSPOSE_THREADS       threads per block (default 256; a multiple of 32; the shipped 8- and 16-byte
 *                 variants set 512 under their plain names: variants_knobs.inc)
 *   SWZ_TRANSPOSE_REGION_BYTES  bytes one block moves (default 16384): G = max(1, SWZ_TRANSPOSE_REGION_BYTES / tile bytes)
 *   SWZ_TRANSPOSE_BLOCK_ORDER   which region the n-th block takes (L = blockIdx.x + gridDim.x*blockIdx.y):
 *                   ROW     row-major: blocks running together cover whole input rows but
 *                           only ~ (resident blocks / gx) region rows, i.e. short runs of many
 *                           output rows;
 *                   DIAG    diagonal, region (L mod gx + L / gx) mod gx of region row L / gx
 *                           (the classic partition-camping cure);
 *                   GROUP   groups of SWZ_TRANSPOSE_BLOCK_GROUP region rows, walked down the group's rows
 *                           first (Triton's grouped order): the blocks in flight form a
 *                           SWZ_TRANSPOSE_BLOCK_GROUP x (resident / SWZ_TRANSPOSE_BLOCK_GROUP) patch -- long runs on both
 *                           sides.  The default is GROUP with SWZ_TRANSPOSE_BLOCK_GROUP 32768, i.e.
 *                           column-major: the blocks in flight write whole output rows.  On
 *                           the H200 it beat ROW by 4-5% at 8192^2 and 16384^2 fp32 (0.959x
 *                           and 0.953x memcpy against 0.911x and 0.907x; bench_transpose's
 *                           tuning section keeps ROW for comparison);
 *                   MORTON  swz_morton_block with SWZ_TRANSPOSE_BLOCK_GROUP x SWZ_TRANSPOSE_BLOCK_GROUP supertiles (a power
 *                           of two) visited in Z order;
 *                   SKEW    column-major with region row r's columns rotated by r (order.h):
 *                           the blocks in flight read every region row at another column.
 *                   SPLIT   SWZ_TRANSPOSE_BLOCK_GROUP column-major streams taken block by block, each on
 *                           its own 1/SWZ_TRANSPOSE_BLOCK_GROUP of the region columns (order.h): the blocks
 *                           in flight read SWZ_TRANSPOSE_BLOCK_GROUP columns far apart and each stream still
 *                           writes whole output rows.
 *   SWZ_TRANSPOSE_BLOCK_GROUP   see SWZ_TRANSPOSE_BLOCK_ORDER (default 32768)
 *   SWZ_TRANSPOSE_CACHE_HINTS   bit mask for the 16-byte global accesses of the copies (default 0: the
 *                 compiler's choice, LDG.E.128.CONSTANT through __restrict__, and STG.E.128):
 *                   1  loads ld.global.nc.L1::no_allocate        (SASS LDG.E.NA.128.CONSTANT)
 *                   2  loads ld.global.cs.nc: evict first in L1 and L2, instead of 1
 *                                                                (SASS LDG.E.EF.128.CONSTANT)
 *                   4  stores st.global.cs: evict first          (SASS STG.E.EF.128)
 *   SWZ_TRANSPOSE_MIN_BLOCKS    0 (default): __launch_bounds__(SWZ_TRANSPOSE_THREADS); n > 0: __launch_bounds__(SWZ_TRANSPOSE_THREADS, n),
 *                 which caps registers so that n blocks fit on an SM (e.g. keeps a hinted
 *                 variant at the default's 32 registers and 8 blocks per SM)
 *   SWZ_TRANSPOSE_MIS_MIN_BLOCKS  the same for the twin kernel for misaligned rows alone (default:
 *                 SWZ_TRANSPOSE_MIN_BLOCKS), so that a twin's cap leaves the aligned kernel as it is
 *   SWZ_TRANSPOSE_PERSIST       0 (default): one block per region, the grid covers the matrix;  1: a
 *                 persistent grid (SMs x resident blocks) strides over the regions, with a
 *                 barrier after each region's stores.
 *   SWZ_TRANSPOSE_XOR_LINES     XOR on tile rows narrower than 128 bytes (SWZ_TRANSPOSE_TILE*E < 128): 1 (default with SWZ_TRANSPOSE_LAYOUT XOR) the
 *                 region seen as 128-byte lines with swz_solve's key across the rows of a line
 *                 (conflict free; tile.h computes its offsets incrementally, SWZ_TILE_XOR_LINEAR,
 *                 so it costs no more instructions than the key: docs/design.md, "The XOR
 *                 layout uses swz_solve's line view"); 0 the per-tile key (r / VEC) mod NQ
 *                 above (1.5x-8x the ideal wavefronts there), the bench's comparison variant
 *                 (_key).
 *   SWZ_TRANSPOSE_LOAD_ASYNC    0 (default): the tile load is tile.h's (16-byte LDG into registers, then
 *                 STS);  1: swz/mma.h's cp.async copy of the same region into the same layout
 *                 (LDGSTS: no staging registers): NAME_load_async_full on whole regions of
 *                 aligned rows, the bounds-checked NAME_load_async at edges (zeros outside
 *                 the matrix), then cp.async.wait_group 0.  The twin kernel (SWZ_TRANSPOSE_SHIFTED) keeps
 *                 tile.h's copies for misaligned rows.  The emulation takes tile.h's load (the
 *                 same tile); predict() models the cp.async writes (mma.h NAME_model, bank.h
 *                 R8).  No shipped variant loads this way (docs/design.md, "The tile load
 *                 stays LDG + STS").
 *   SWZ_TRANSPOSE_SHIFTED       1 (default): a twin kernel, NAME_kernel_mis, for rows that are not aligned
 *                 for 16-byte vectors -- a pointer, ld or batch stride off the vector width,
 *                 e.g. 8191 x 16385 floats -- where the kernel's copies would move them an
 *                 element at a time through its edge path.  Its copies (SWZ_TRANSPOSE_MIS_VBYTES wide) keep
 *                 every global access aligned: wider than an element through copies.h's
 *                 shifted path (SWZ_TRANSPOSE_COPIES_SHIFTED: aligned units, shifted in
 *                 registers), or single elements on its line path.  The launcher takes it for
 *                 such problems; NAME_kernel keeps the aligned path's registers and occupancy
 *                 (the shifted path would double them).  0: no twin (16-byte elements, never
 *                 misaligned; NAIVE, TMA and SWZ_TRANSPOSE_PERSIST have none either).
 *   SWZ_TRANSPOSE_SHIFT_BATCH   the twin's copies.h SWZ_TRANSPOSE_COPIES_SHIFT_BATCH (default 0: half the
 *                 aligned load's vectors in flight per step).
 *   SWZ_TRANSPOSE_MIS_VBYTES    the twin's widest global access in bytes, a power of two from the element
 *                 size to the region copies' vector width (default 0: the element size for
 *                 4- and 8-byte elements on tile rows of 128 bytes or more, the vector width
 *                 elsewhere).  Wider than the element, the twin shifts in registers as above;
 *                 equal to it, the twin moves single elements, always aligned -- cuBLAS's
 *                 recipe: a warp reads and writes 32 consecutive elements, so each 128-byte
 *                 run of a misaligned row costs two L2 requests where 16-byte shifted units
 *                 cost a partial unit and its pieces at both ends (docs/design.md, "The
 *                 twin's access width").  The
 *                 twin's layout is the same kind built for that width (PAD's stride, XOR's key
 *                 from the twin's copies, MORTON's unit), so both copies stay conflict free;
 *                 its model is ops->mis_predict.  A width other than 16 on an XOR tile with
 *                 the line view (rows under 128 bytes), or other than 4 or 16 on the 48 tile's
 *                 XOR (its keys are solved for those), is a compile error.
 *   SWZ_TRANSPOSE_MIS_OWN       0 (default) or 1: the shifted twin writes whole output units by
 *                 ownership (copies.h SWZ_TRANSPOSE_COPIES_OWN).  A block owns, in each output
 *                 row, the aligned 16-byte units whose first byte comes from one of its input
 *                 rows [r0, r0 + SWZ_TRANSPOSE_TILE); the unit that starts at row r0 + o + NV*k (NV = 16/E;
 *                 o < NV, where the row's unit boundaries fall) needs rows up to
 *                 r0 + SWZ_TRANSPOSE_TILE + NV - 2, so where the output rows are misaligned the twin also
 *                 loads the next region's first NV rows (read again by the next block: L2 hits
 *                 in column-major order) into NV x RC row-major elements after its tiles (the
 *                 copy set _tile_next), and its store_t writes only whole units: lane k builds
 *                 unit k from its vector and the next lane's, the run's last lane from the next
 *                 rows.  Pieces remain at the matrix's first rows (the bytes before row 0's
 *                 first boundary) and last rows (a unit cut by the row's end).  A 64-byte u8
 *                 run took 3 whole units and up to 8 pieces (the twins' L2-request bound:
 *                 docs/design.md, "The twin's access width"); here 4 whole units, for NV/SWZ_TRANSPOSE_TILE
 *                 more input rows (u8 64: +25 %, half 64: +12.5 %) and twice store_t's shared
 *                 reads (the run's last lane reads NV rows more).  Needs the shifted twin
 *                 (MIS_VBYTES wider than the element) with store_t runs of whole tile columns
 *                 (u8 64 and 128, half 64; copies.h checks); ops->mis_predict adds the next
 *                 rows' stores and reads.  The bench's candidates (_own, tuning.h); not measured
 *                 on a GPU yet.
 *   The tuning candidates are instantiated in tuning.inc (benchmark only); see
 *   bench/bench_transpose.cu.
 *
 * Narrow matrices (cols <= RC / 2, e.g. a batch of 64x64 u8 matrices in a 64x256 region): for
 *   SWZ_TRANSPOSE_TILE >= 32 with G > 1 (not SWZ_TRANSPOSE_PERSIST, not NAIVE) the launcher takes a second kernel,
 *   NAME_kernel_narrow, whose region is one SWZ_TRANSPOSE_TILE x SWZ_TRANSPOSE_TILE tile in the same layout, run by
 *   SWZ_TRANSPOSE_THREADS / G threads (at least 32): every tile of such a matrix is then a full region (the
 *   fast path) instead of a quarter-filled one (the edge path).  The standard problem and
 *   predict() are the region kernel's.
 *
 * A misaligned base of 16-byte elements (rows of whole 128-byte lines, a pointer off a line, the
 *   problem at least SWZ_TR_PEEL_MIN_BYTES = 256 MiB): the launcher peels the first input rows
 *   and columns up to the lines (fewer than 8 each) into two strips of their own and runs the rest
 *   with every tile row on a line (NAME__peel; docs/design.md).
 *
 * Shared memory: static, at most 48 KiB per block (the portable static limit).  A SWZ_TRANSPOSE_TILE/SWZ_TRANSPOSE_ELEM
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
#define EX_TR_EMU 1
#define EX_TR_DFN static inline
#include <stdlib.h>
#else
#define EX_TR_EMU 0
#define EX_TR_DFN static __device__ __forceinline__
#include "../fill.h" /* ex_fill: the persistent grid */
#endif

#include <stdio.h> /* snprintf: the standard problem */
#include <string.h>
#include "transpose.h"
#include "order.h"
#include <swz/xor.h>
#include <swz/pad.h>
#include <swz/morton.h>
#include <swz/linear.h>
#include <swz/tile.h>

#define SWZ_TR_THREADS 256 /* default SWZ_TRANSPOSE_THREADS */
/* Grid limits per launch (gridDim.y, gridDim.z); taller matrices or longer batches take
 * several launches.  Overridable so the emulation tests can exercise that split. */
#ifndef SWZ_TR_MAX_GRID_Y
#define SWZ_TR_MAX_GRID_Y 65535
#endif
#ifndef SWZ_TR_MAX_GRID_Z
#define SWZ_TR_MAX_GRID_Z 65535
#endif
#define SWZ_TR_REGION_BYTES 16384 /* default SWZ_TRANSPOSE_REGION_BYTES */
#define SWZ_TR_SMEM_LIMIT (48 * 1024)
/* Blocks of a persistent grid per launch in the emulation (no device to ask). */
#ifndef SWZ_TR_EMU_PERSIST_GRID
#define SWZ_TR_EMU_PERSIST_GRID 5
#endif

/* SWZ_TRANSPOSE_BLOCK_ORDER token -> order.h's SWZ_TR_ORDER_* + 1 (0 stays free: an unknown token) */
#define EX_TR_OID_ROW 1
#define EX_TR_OID_DIAG 2
#define EX_TR_OID_GROUP 3
#define EX_TR_OID_MORTON 4
#define EX_TR_OID_SKEW 5
#define EX_TR_OID_SPLIT 6
SWZ_STATIC_ASSERT(SWZ_TR_ORDER_ROW == 0 && SWZ_TR_ORDER_DIAG == 1 && SWZ_TR_ORDER_GROUP == 2 &&
                      SWZ_TR_ORDER_MORTON == 3 && SWZ_TR_ORDER_SKEW == 4 &&
                      SWZ_TR_ORDER_SPLIT == 5,
                  swz_error_transpose_order_ids_out_of_step_with_order_h);

#define EX_TR_LID_NAIVE 1
#define EX_TR_LID_NONE 2
#define EX_TR_LID_PAD 3
#define EX_TR_LID_XOR 4
#define EX_TR_LID_MORTON 5
#define EX_TR_LID_TMA 6
#define EX_TR_LNAME_NAIVE naive
#define EX_TR_LNAME_NONE none
#define EX_TR_LNAME_PAD pad
#define EX_TR_LNAME_XOR xor
#define EX_TR_LNAME_MORTON morton
#define EX_TR_LNAME_TMA tma


/* Bytes spanned by `batch` matrices of rows x cols with leading dimension ld and batch stride
 * bs (elements of esize bytes); 0 when it overflows int64. */
static inline int ex_tr_extent(int64_t batch, int64_t bs, int64_t rows, int64_t ld,
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
static inline cudaError_t ex_tr_check(const void *in, const void *out, int64_t rows,
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
    if (!ex_tr_extent(batch, bs_in, rows, ld_in, cols, esize, &bi) ||
        !ex_tr_extent(batch, bs_out, cols, ld_out, rows, esize, &bo))
        return cudaErrorInvalidValue;
    /* (cols-1)*ld_out + rows fits: it is part of the extent just computed */
    if (batch > 1 && bs_out < (cols - 1) * ld_out + rows) return cudaErrorInvalidValue;
    {
        const uintptr_t pi = (uintptr_t)in, po = (uintptr_t)out;
        if (pi < po + (uintptr_t)bo && po < pi + (uintptr_t)bi) return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

/* Blocks of `kernel` that fill the current GPU (cached per device; 0 on error): the grid of
 * the persistent variants. */
static inline int64_t ex_tr_fill(const void *kernel, int threads, int *cache)
{
#if EX_TR_EMU
    (void)kernel, (void)threads, (void)cache;
    return SWZ_TR_EMU_PERSIST_GRID;
#else
    return ex_fill(kernel, threads, 0, cache); /* ../fill.h */
#endif
}

#if !EX_TR_EMU
/* SWZ_TRANSPOSE_CACHE_HINTS: the global accesses of the copies, with cache operators: a variant with
 * hints hands these to copies.h as its SWZ_TRANSPOSE_COPIES_GLOBAL_LOAD / _GLOBAL_STORE.  The 16-byte accesses of the fast path carry the hint; the
 * narrower ones of the edge path go to tile.h's own functions (hinting those too cost a
 * register spill in the GROUP variants, for a path no full tile takes).  Loads (read-only
 * path, .nc): H & 2 = .cs, evict first in L1 and L2 (SASS LDG.E.EF.128.CONSTANT), else
 * H & 1 = .L1::no_allocate (LDG.E.NA.128.CONSTANT); the two do not combine.  Stores with
 * H & 4: st.global.cs (STG.E.EF.128). */
template <int H>
static __device__ __forceinline__ void ex_tr_gget_h(swz_tile_v16 *v, int u, const void *p, int bytes)
{
    switch (bytes) {
    case 16:
        if (H & 2)
            asm("ld.global.cs.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
                : "=r"(v->w[0]), "=r"(v->w[1]), "=r"(v->w[2]), "=r"(v->w[3])
                : "l"(p));
        else
            asm("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                : "=r"(v->w[0]), "=r"(v->w[1]), "=r"(v->w[2]), "=r"(v->w[3])
                : "l"(p));
        break;
    default: swz_tile_global_load(v, u, p, bytes); break;
    }
}
static __device__ __forceinline__ void ex_tr_gput_cs(void *p, const swz_tile_v16 *v, int u, int bytes)
{
    switch (bytes) {
    case 16:
        asm volatile("st.global.cs.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v->w[0]),
                     "r"(v->w[1]), "r"(v->w[2]), "r"(v->w[3])
                     : "memory");
        break;
    default: swz_tile_global_store(p, v, u, bytes); break;
    }
}
#endif



#endif /* SWZ_TRANSPOSE_CUH_ONCE */

/* ================================ one variant ============================================ */
/* Included with none of SWZ_TRANSPOSE_TILE, SWZ_TRANSPOSE_ELEM, SWZ_TRANSPOSE_ELEM_NAME, SWZ_TRANSPOSE_LAYOUT (variants.cu, for the hooks): the family-once
 * part above only. */
#if defined(SWZ_TRANSPOSE_TILE) || defined(SWZ_TRANSPOSE_ELEM) || defined(SWZ_TRANSPOSE_ELEM_NAME) || defined(SWZ_TRANSPOSE_LAYOUT)
#ifndef SWZ_TRANSPOSE_TILE
#error "transpose.cuh: define SWZ_TRANSPOSE_TILE (8, 16, 32, 64 or 48)"
#endif
#ifndef SWZ_TRANSPOSE_ELEM
#error "transpose.cuh: define SWZ_TRANSPOSE_ELEM (the element type: 1, 2, 4, 8 or 16 bytes)"
#endif
#ifndef SWZ_TRANSPOSE_ELEM_NAME
#error "transpose.cuh: define SWZ_TRANSPOSE_ELEM_NAME (the element's name in the variant's name: u8, half, float, ...)"
#endif
#ifndef SWZ_TRANSPOSE_LAYOUT
#error "transpose.cuh: define SWZ_TRANSPOSE_LAYOUT (NAIVE, NONE, PAD, XOR, MORTON or TMA)"
#endif

#define EX_TR_LID SWZ_CAT(EX_TR_LID_, SWZ_TRANSPOSE_LAYOUT)
#if EX_TR_LID < 1 || EX_TR_LID > 6
#error "transpose.cuh: SWZ_TRANSPOSE_LAYOUT must be NAIVE, NONE, PAD, XOR, MORTON or TMA"
#endif
#if EX_TR_LID == EX_TR_LID_TMA && EX_TR_EMU
#error "transpose.cuh: SWZ_TRANSPOSE_LAYOUT TMA needs nvcc (the host emulation has no TMA)"
#endif

/* Tuning knobs: defaults, and a suffix whenever one is set (a knob without a suffix would
 * give a second kernel the shipped variant's name). */
#if !defined(SWZ_TRANSPOSE_NAME_SUFFIX)
#if defined(SWZ_TRANSPOSE_THREADS) || defined(SWZ_TRANSPOSE_REGION_BYTES) || defined(SWZ_TRANSPOSE_BLOCK_ORDER) || defined(SWZ_TRANSPOSE_BLOCK_GROUP) || \
    defined(SWZ_TRANSPOSE_CACHE_HINTS) || defined(SWZ_TRANSPOSE_PERSIST) || defined(SWZ_TRANSPOSE_MIN_BLOCKS) || defined(SWZ_TRANSPOSE_LOAD_ASYNC) || defined(SWZ_TRANSPOSE_XOR_LINES) || \
    defined(SWZ_TRANSPOSE_SHIFTED) || defined(SWZ_TRANSPOSE_SHIFT_BATCH) || defined(SWZ_TRANSPOSE_MIS_VBYTES) || \
    defined(SWZ_TRANSPOSE_MIS_OWN) || defined(SWZ_TRANSPOSE_MIS_MIN_BLOCKS)
#error "transpose.cuh: a tuning knob is set: define SWZ_TRANSPOSE_NAME_SUFFIX too (e.g. _grp32)"
#endif
#define SWZ_TRANSPOSE_NAME_SUFFIX
#endif
#ifndef SWZ_TRANSPOSE_THREADS
#define SWZ_TRANSPOSE_THREADS SWZ_TR_THREADS
#endif
#ifndef SWZ_TRANSPOSE_REGION_BYTES
#define SWZ_TRANSPOSE_REGION_BYTES SWZ_TR_REGION_BYTES
#endif
#ifndef SWZ_TRANSPOSE_BLOCK_ORDER
#define SWZ_TRANSPOSE_BLOCK_ORDER GROUP
#endif
#ifndef SWZ_TRANSPOSE_BLOCK_GROUP
#define SWZ_TRANSPOSE_BLOCK_GROUP 32768 /* with GROUP: one group of all region rows = column-major */
#endif
#ifndef SWZ_TRANSPOSE_CACHE_HINTS
#define SWZ_TRANSPOSE_CACHE_HINTS 0
#endif
#ifndef SWZ_TRANSPOSE_PERSIST
#define SWZ_TRANSPOSE_PERSIST 0
#endif
#ifndef SWZ_TRANSPOSE_MIN_BLOCKS
#define SWZ_TRANSPOSE_MIN_BLOCKS 0
#endif
#ifndef SWZ_TRANSPOSE_LOAD_ASYNC
#define SWZ_TRANSPOSE_LOAD_ASYNC 0
#endif
#ifndef SWZ_TRANSPOSE_SHIFTED
#define SWZ_TRANSPOSE_SHIFTED 1
#endif
#if (SWZ_TRANSPOSE_SHIFTED) != 0 && (SWZ_TRANSPOSE_SHIFTED) != 1
#error "transpose.cuh: SWZ_TRANSPOSE_SHIFTED must be 0 or 1"
#endif
#ifndef SWZ_TRANSPOSE_SHIFT_BATCH
#define SWZ_TRANSPOSE_SHIFT_BATCH 0
#endif
#ifndef SWZ_TRANSPOSE_MIS_VBYTES
#define SWZ_TRANSPOSE_MIS_VBYTES 0 /* the twin's default width: EX_TRN(__VB_mis) */
#endif
#ifndef SWZ_TRANSPOSE_MIS_OWN
#define SWZ_TRANSPOSE_MIS_OWN 0
#endif
#if (SWZ_TRANSPOSE_MIS_OWN) != 0 && (SWZ_TRANSPOSE_MIS_OWN) != 1
#error "transpose.cuh: SWZ_TRANSPOSE_MIS_OWN must be 0 or 1"
#endif
#ifndef SWZ_TRANSPOSE_XOR_LINES /* the line view is the XOR layout's (other layouts: 0, TMA rejects 1) */
#if EX_TR_LID == EX_TR_LID_XOR
#define SWZ_TRANSPOSE_XOR_LINES 1
#else
#define SWZ_TRANSPOSE_XOR_LINES 0
#endif
#endif
#if (SWZ_TRANSPOSE_XOR_LINES) != 0 && (SWZ_TRANSPOSE_XOR_LINES) != 1
#error "transpose.cuh: SWZ_TRANSPOSE_XOR_LINES must be 0 or 1"
#endif
#if (SWZ_TRANSPOSE_LOAD_ASYNC) != 0 && (SWZ_TRANSPOSE_LOAD_ASYNC) != 1
#error "transpose.cuh: SWZ_TRANSPOSE_LOAD_ASYNC must be 0 or 1"
#endif
#if (SWZ_TRANSPOSE_MIN_BLOCKS) > 0
#define EX_TR_BOUNDS __launch_bounds__(SWZ_TRANSPOSE_THREADS, SWZ_TRANSPOSE_MIN_BLOCKS)
#else
#define EX_TR_BOUNDS __launch_bounds__(SWZ_TRANSPOSE_THREADS)
#endif
#ifndef SWZ_TRANSPOSE_MIS_MIN_BLOCKS
#define SWZ_TRANSPOSE_MIS_MIN_BLOCKS SWZ_TRANSPOSE_MIN_BLOCKS
#endif
#if (SWZ_TRANSPOSE_MIS_MIN_BLOCKS) > 0
#define EX_TR_BOUNDS_MIS __launch_bounds__(SWZ_TRANSPOSE_THREADS, SWZ_TRANSPOSE_MIS_MIN_BLOCKS)
#else
#define EX_TR_BOUNDS_MIS __launch_bounds__(SWZ_TRANSPOSE_THREADS)
#endif
#define EX_TR_OID SWZ_CAT(EX_TR_OID_, SWZ_TRANSPOSE_BLOCK_ORDER)
#if EX_TR_OID < 1 || EX_TR_OID > 6
#error "transpose.cuh: SWZ_TRANSPOSE_BLOCK_ORDER must be ROW, DIAG, GROUP, MORTON, SKEW or SPLIT"
#endif
#if (SWZ_TRANSPOSE_PERSIST) != 0 && (SWZ_TRANSPOSE_PERSIST) != 1
#error "transpose.cuh: SWZ_TRANSPOSE_PERSIST must be 0 or 1"
#endif
#if (SWZ_TRANSPOSE_CACHE_HINTS) < 0 || (SWZ_TRANSPOSE_CACHE_HINTS) > 7
#error "transpose.cuh: SWZ_TRANSPOSE_CACHE_HINTS is a mask of 1, 2 and 4"
#endif

#define EX_TR_NAME                                                                            \
    SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(swz_transpose_,     \
        SWZ_CAT(EX_TR_LNAME_, SWZ_TRANSPOSE_LAYOUT)), _), SWZ_TRANSPOSE_TILE), _), SWZ_TRANSPOSE_ELEM_NAME), SWZ_TRANSPOSE_NAME_SUFFIX)
#define EX_TRN(x) SWZ_CAT(EX_TR_NAME, x)

enum {
    EX_TRN(__E) = (int)sizeof(SWZ_TRANSPOSE_ELEM),
    EX_TRN(__G) = (SWZ_TRANSPOSE_REGION_BYTES) / ((SWZ_TRANSPOSE_TILE) * (SWZ_TRANSPOSE_TILE) * (int)sizeof(SWZ_TRANSPOSE_ELEM)) < 1 ? 1
                  : (SWZ_TRANSPOSE_REGION_BYTES) / ((SWZ_TRANSPOSE_TILE) * (SWZ_TRANSPOSE_TILE) * (int)sizeof(SWZ_TRANSPOSE_ELEM)),
    EX_TRN(__RC) = EX_TRN(__G) * (SWZ_TRANSPOSE_TILE),
    EX_TRN(__VB) = (SWZ_TRANSPOSE_TILE) * (int)sizeof(SWZ_TRANSPOSE_ELEM) < 16 ? (SWZ_TRANSPOSE_TILE) * (int)sizeof(SWZ_TRANSPOSE_ELEM) : 16,
    /* The twin's widest access (SWZ_TRANSPOSE_MIS_VBYTES; the default in one place): element-wide for 4- and
     * 8-byte elements on tile rows of 128 bytes or more, where 16-byte vectors shifted in
     * registers split every 128-byte run into partial units (L2-request-bound: docs/design.md,
     * "The twin's access width"); the region copies' 16 bytes, shifted, elsewhere. */
    EX_TRN(__VB_mis) = (SWZ_TRANSPOSE_MIS_VBYTES) > 0 ? (SWZ_TRANSPOSE_MIS_VBYTES)
                     : ((int)sizeof(SWZ_TRANSPOSE_ELEM) == 4 || (int)sizeof(SWZ_TRANSPOSE_ELEM) == 8) && (SWZ_TRANSPOSE_TILE) * (int)sizeof(SWZ_TRANSPOSE_ELEM) >= 128
                         ? (int)sizeof(SWZ_TRANSPOSE_ELEM)
                         : EX_TRN(__VB),
    EX_TRN(__PS) = (int)SWZ_PAD_STRIDE((SWZ_TRANSPOSE_TILE), (int)sizeof(SWZ_TRANSPOSE_ELEM), EX_TRN(__VB)),
    /* (a padded or Morton layout needs accesses of 4 bytes or more: asserted below) */
    EX_TRN(__PS_mis) = (int)SWZ_PAD_STRIDE((SWZ_TRANSPOSE_TILE), (int)sizeof(SWZ_TRANSPOSE_ELEM), EX_TRN(__VB_mis) < 4 ? 4 : EX_TRN(__VB_mis)),
#if EX_TR_LID == EX_TR_LID_PAD
    EX_TRN(__LSIZE) = (SWZ_TRANSPOSE_TILE) * EX_TRN(__PS),
    EX_TRN(__LSIZE_mis) = (SWZ_TRANSPOSE_TILE) * EX_TRN(__PS_mis),
#else
    EX_TRN(__LSIZE) = (SWZ_TRANSPOSE_TILE) * (SWZ_TRANSPOSE_TILE),
    EX_TRN(__LSIZE_mis) = (SWZ_TRANSPOSE_TILE) * (SWZ_TRANSPOSE_TILE),
#endif
#if EX_TR_LID == EX_TR_LID_NAIVE
    EX_TRN(__SMEM) = 0,
#elif EX_TR_LID == EX_TR_LID_TMA
    EX_TRN(__SMEM) = 2 * (SWZ_TRANSPOSE_TILE) * EX_TRN(__RC) * (int)sizeof(SWZ_TRANSPOSE_ELEM), /* the loaded tile and the transposed one */
#else
    /* SWZ_TRANSPOSE_MIS_OWN: the next NV rows of the region (NV = the twin's vector, in elements), NV x RC
     * elements row-major, after the tiles at element NOFF */
    EX_TRN(__NV) = EX_TRN(__VB_mis) / (int)sizeof(SWZ_TRANSPOSE_ELEM),
    EX_TRN(__NOFF) = EX_TRN(__G) * (EX_TRN(__LSIZE) > EX_TRN(__LSIZE_mis) ? EX_TRN(__LSIZE) : EX_TRN(__LSIZE_mis)),
    EX_TRN(__SMEM) = (EX_TRN(__NOFF) + ((SWZ_TRANSPOSE_MIS_OWN) ? EX_TRN(__NV) * EX_TRN(__RC) : 0)) *
                     (int)sizeof(SWZ_TRANSPOSE_ELEM),
#endif
    /* the aligned kernel's shared memory: the tiles alone (the next rows are the twin's) */
#if EX_TR_LID == EX_TR_LID_NAIVE || EX_TR_LID == EX_TR_LID_TMA
    EX_TRN(__SMEM_AL) = EX_TRN(__SMEM),
#else
    EX_TRN(__SMEM_AL) = EX_TRN(__NOFF) * (int)sizeof(SWZ_TRANSPOSE_ELEM),
#endif
    /* the narrow kernel (EX_TR_HAS_NARROW): one-tile regions, SWZ_TRANSPOSE_THREADS / G threads (at least 32) */
    EX_TRN(__NTH) = (SWZ_TRANSPOSE_THREADS) / EX_TRN(__G) < 32 ? 32 : (SWZ_TRANSPOSE_THREADS) / EX_TRN(__G),
    EX_TRN(__NARROW) = EX_TRN(__G) > 1 && ((SWZ_TRANSPOSE_THREADS) / EX_TRN(__G) < 32 || ((SWZ_TRANSPOSE_THREADS) / EX_TRN(__G)) % 32 == 0)
};

/* EX_TR_NP2: the tile that is not a power of two, 48 of 4-byte elements (rows of 12 sixteen-byte
 * units); a constant of the preprocessor, so that the other tiles' code stays as it was. */
#define EX_TR_NP2 (((SWZ_TRANSPOSE_TILE) & ((SWZ_TRANSPOSE_TILE)-1)) != 0)
SWZ_STATIC_ASSERT(((SWZ_TRANSPOSE_TILE) >= 8 && ((SWZ_TRANSPOSE_TILE) & ((SWZ_TRANSPOSE_TILE)-1)) == 0 && (SWZ_TRANSPOSE_TILE) <= 1024) ||
                      ((SWZ_TRANSPOSE_TILE) == 48 && sizeof(SWZ_TRANSPOSE_ELEM) == 4),
                  swz_error_transpose_TILE_must_be_a_power_of_two_of_at_least_8_or_48_for_4_byte_elements);
/* The 48 tile: MORTON interleaves index bits (power-of-two sides); XOR's keys are solved for
 * the twin's copies of the element's width or of 16 bytes (EX_TR_NPACK). */
SWZ_STATIC_ASSERT(!EX_TR_NP2 || EX_TR_LID != EX_TR_LID_MORTON,
                  swz_error_transpose_MORTON_needs_a_power_of_two_TILE);
SWZ_STATIC_ASSERT(!EX_TR_NP2 || EX_TR_LID != EX_TR_LID_XOR || EX_TRN(__VB_mis) == (int)sizeof(SWZ_TRANSPOSE_ELEM) ||
                      EX_TRN(__VB_mis) == 16,
                  swz_error_transpose_XOR_on_a_48_tile_needs_MIS_VBYTES_of_the_element_size_or_16);
SWZ_STATIC_ASSERT(sizeof(SWZ_TRANSPOSE_ELEM) == 1 || sizeof(SWZ_TRANSPOSE_ELEM) == 2 || sizeof(SWZ_TRANSPOSE_ELEM) == 4 || sizeof(SWZ_TRANSPOSE_ELEM) == 8 ||
                      sizeof(SWZ_TRANSPOSE_ELEM) == 16,
                  swz_error_transpose_ELEM_must_be_1_2_4_8_or_16_bytes);
SWZ_STATIC_ASSERT(EX_TRN(__SMEM) <= SWZ_TR_SMEM_LIMIT,
                  swz_error_transpose_tile_exceeds_48KiB_static_shared_memory);
SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_THREADS) >= 32 && (SWZ_TRANSPOSE_THREADS) % 32 == 0 && (SWZ_TRANSPOSE_THREADS) <= 1024,
                  swz_error_transpose_THREADS_must_be_a_multiple_of_32_up_to_1024);
SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_BLOCK_GROUP) >= 1 && (SWZ_TRANSPOSE_BLOCK_GROUP) <= 32768 &&
                      (EX_TR_OID != EX_TR_OID_MORTON || ((SWZ_TRANSPOSE_BLOCK_GROUP) & ((SWZ_TRANSPOSE_BLOCK_GROUP)-1)) == 0),
                  swz_error_transpose_BLOCK_GROUP_out_of_range_or_not_a_power_of_two_for_MORTON);
SWZ_STATIC_ASSERT((SWZ_TRANSPOSE_MIS_VBYTES) == 0 || (SWZ_IS_POW2(SWZ_TRANSPOSE_MIS_VBYTES) && (SWZ_TRANSPOSE_MIS_VBYTES) >= (int)sizeof(SWZ_TRANSPOSE_ELEM) &&
                                        (SWZ_TRANSPOSE_MIS_VBYTES) <= EX_TRN(__VB)),
                  swz_error_transpose_MIS_VBYTES_must_be_0_or_a_power_of_two_from_the_element_size_to_the_vector_width);
SWZ_STATIC_ASSERT((EX_TR_LID != EX_TR_LID_PAD && EX_TR_LID != EX_TR_LID_MORTON) || EX_TRN(__VB_mis) >= 4,
                  swz_error_transpose_MIS_VBYTES_under_4_needs_the_NONE_or_XOR_layout);

/* The layout of one tile, then of the region (G tiles side by side), for copy set s: 0 the
 * kernel's copies (_tile; the narrow kernel's _ntile take the same layout), 1 the twin's
 * (_tile_mis, SWZ_TRANSPOSE_MIS_VBYTES wide).  A layout kind is built for its copies' access width, so the
 * two sets differ only where the widths do.  EX_TR_SN(s, x): the name x in set s (x, x_mis). */
#define EX_TR_SN_0(x) EX_TRN(x)
#define EX_TR_SN_1(x) EX_TRN(SWZ_CAT(x, _mis))
#define EX_TR_SN(s, x) SWZ_CAT(EX_TR_SN_, s)(x)
#define EX_TR_SC(s, x) SWZ_CAT(EX_TR_SN(s, _tile), x) /* a constant of set s's tile.h copies */
#if EX_TR_LID == EX_TR_LID_PAD
#define EX_TR_TL(s, r, c) ((r) * (uint32_t)EX_TR_SN(s, __PS) + (c))
#elif EX_TR_LID == EX_TR_LID_XOR && EX_TR_NP2
/* The 48 tile of floats: rows of 12 units, 2^2 * 3, so linear.h's kind with masks below 4 (on
 * 16-byte units; below 16 on 4-byte ones), each row mapped onto itself (docs/layouts.md, the
 * closure lemma).  A row starts at bank 16r mod 32, so the NQ = 4 rows VT*q + k that one
 * store_t instruction reads share their half of the banks, where no such key separates them
 * (2-way at best); the reads go in copies.h's alternating order (SWZ_TRANSPOSE_COPIES_ROTATE 2,
 * tile_copies.inc), which puts rows of both parities into each instruction, and swz_solve's
 * optimum for those instructions and the STS.128 rows is the unit u -> u ^ 2*bit3(r): masks
 * 0,0,0,2 -- both copies conflict free.  The twin's element-wide line path (4-byte units,
 * 32 rows of a column per instruction): u -> u ^ ((r >> 1) mod 16), masks 0,1,2,4,8, also
 * swz_solve's optimum and conflict free.  The masks of set s by its unit, one nibble a row bit
 * (m0 lowest). */
#define EX_TR_NPACK(s) (EX_TR_SN(s, __VB) == 16 ? 0x00002000u : 0x00084210u)
#define EX_TR_TL(s, r, c) EX_TR_PACKED((SWZ_TRANSPOSE_TILE), EX_TR_SN(s, __VB), EX_TR_NPACK(s), r, c)
#elif EX_TR_LID == EX_TR_LID_XOR
/* The XOR key of the transposed reads, in one place: the kernel and its model (tile.h's
 * NAME_model evaluates SWZ_TILE_LAYOUT) both use it, and the doc block above states it.
 * store_t reads rows VT*q + k (q < NQ) of one word column, NQ = _tile_NQ and VT = _tile_VEC_T
 * of the set's tile.h copies: Swizzle<B, M, S> with B = log2 NQ, M = log2(128/(NQ*E)),
 * M + S = log2(SWZ_TRANSPOSE_TILE*VT) puts those rows in distinct 128/NQ-byte slots (NQ = 1: no key). */
#define EX_TR_XNQ(s) ((int)EX_TR_SC(s, _NQ))
#define EX_TR_XB(s) (EX_TR_XNQ(s) > 1 ? SWZ_LOG2(EX_TR_XNQ(s)) : 0)
#define EX_TR_XM(s) (EX_TR_XNQ(s) > 1 ? SWZ_LOG2(128 / (EX_TR_XNQ(s) * (int)sizeof(SWZ_TRANSPOSE_ELEM))) : 0)
#define EX_TR_XS(s) (EX_TR_XNQ(s) > 1 ? SWZ_LOG2((SWZ_TRANSPOSE_TILE) * (int)EX_TR_SC(s, _VEC_T)) - EX_TR_XM(s) : 0)
#define EX_TR_TL(s, r, c) SWZ_XOR(EX_TR_XB(s), EX_TR_XM(s), EX_TR_XS(s), (r) * (uint32_t)(SWZ_TRANSPOSE_TILE) + (c))
#elif EX_TR_LID == EX_TR_LID_MORTON
#define EX_TR_TL(s, r, c) SWZ_MORTON_OFFSET((SWZ_TRANSPOSE_TILE), (int)sizeof(SWZ_TRANSPOSE_ELEM), EX_TR_SN(s, __VB), (SWZ_TRANSPOSE_TILE), (r), (c))
#else
#define EX_TR_TL(s, r, c) ((r) * (uint32_t)(SWZ_TRANSPOSE_TILE) + (c))
#endif
#define EX_TR_TILED(s, r, c)                                                                  \
    (((uint32_t)(c) / (uint32_t)(SWZ_TRANSPOSE_TILE)) * (uint32_t)EX_TR_SN(s, __LSIZE) +                    \
     EX_TR_TL(s, (uint32_t)(r), (uint32_t)(c) % (uint32_t)(SWZ_TRANSPOSE_TILE)))
/* XOR on tile rows narrower than 128 bytes with SWZ_TRANSPOSE_XOR_LINES 1: the region, as the none
 * layout lays it out (tile after tile, row-major), seen as 128-byte lines, with swz_solve's
 * optimal XOR-linear key across the rows of a line (docs/solver.md "Narrow rows: the line
 * view"; `swz-check --solve --lines` on the region's own accesses, 16 KiB regions of 256
 * threads): conflict free for the row stores and the transposed reads, where the per-tile key
 * costs 1.5x-8x the ideal.  The eight row-bit masks of each shape, one nibble each (m0 lowest),
 * by SWZ_TRANSPOSE_TILE and element size; 0: no line view (rows of 128 bytes or more, where the per-tile key
 * is already the optimum). */
#define EX_TR_LPACK                                                                           \
    ((SWZ_TRANSPOSE_TILE) == 64 && sizeof(SWZ_TRANSPOSE_ELEM) == 1   ? 0x00442000u                                        \
     : (SWZ_TRANSPOSE_TILE) == 32 && sizeof(SWZ_TRANSPOSE_ELEM) == 1 ? 0x00024200u                                        \
     : (SWZ_TRANSPOSE_TILE) == 16 && sizeof(SWZ_TRANSPOSE_ELEM) == 1 ? 0x00004210u                                        \
     : (SWZ_TRANSPOSE_TILE) == 8 && sizeof(SWZ_TRANSPOSE_ELEM) == 1  ? 0x00000421u                                        \
     : (SWZ_TRANSPOSE_TILE) == 32 && sizeof(SWZ_TRANSPOSE_ELEM) == 2 ? 0x00044200u                                        \
     : (SWZ_TRANSPOSE_TILE) == 16 && sizeof(SWZ_TRANSPOSE_ELEM) == 2 ? 0x00002420u                                        \
     : (SWZ_TRANSPOSE_TILE) == 8 && sizeof(SWZ_TRANSPOSE_ELEM) == 2  ? 0x00000421u                                        \
     : (SWZ_TRANSPOSE_TILE) == 16 && sizeof(SWZ_TRANSPOSE_ELEM) == 4 ? 0x00004420u                                        \
     : (SWZ_TRANSPOSE_TILE) == 8 && sizeof(SWZ_TRANSPOSE_ELEM) == 4  ? 0x00000242u                                        \
     : (SWZ_TRANSPOSE_TILE) == 8 && sizeof(SWZ_TRANSPOSE_ELEM) == 8  ? 0x00000442u                                        \
                                         : 0u)
#define EX_TR_LINES (EX_TR_LID == EX_TR_LID_XOR && (SWZ_TRANSPOSE_XOR_LINES) && EX_TR_LPACK != 0u)
/* linear.h's layout of rows of W elements on VB-byte units, with the masks of row bits 0..7
 * packed one nibble each (m0 lowest) in p: the line view's and the 48 tile's keys. */
#define EX_TR_LM(p, k) (((p) >> (4 * (k))) & 15u)
#define EX_TR_PACKED(W, VB, p, r, c)                                                          \
    SWZ_LINEAR_OFFSET(W, (int)sizeof(SWZ_TRANSPOSE_ELEM), VB, 0, EX_TR_LM(p, 0), EX_TR_LM(p, 1), \
                      EX_TR_LM(p, 2), EX_TR_LM(p, 3), EX_TR_LM(p, 4), EX_TR_LM(p, 5), EX_TR_LM(p, 6), \
                      EX_TR_LM(p, 7), r, c)
#define EX_TR_LW (128 / (int)sizeof(SWZ_TRANSPOSE_ELEM)) /* elements per 128-byte line */
#define EX_TR_NONE_OFF(r, c)                                                                  \
    (((uint32_t)(c) / (uint32_t)(SWZ_TRANSPOSE_TILE)) * (uint32_t)((SWZ_TRANSPOSE_TILE) * (SWZ_TRANSPOSE_TILE)) + (uint32_t)(r) * (uint32_t)(SWZ_TRANSPOSE_TILE) + \
     (uint32_t)(c) % (uint32_t)(SWZ_TRANSPOSE_TILE))
#define EX_TR_LINE_OFF(o)                                                                     \
    EX_TR_PACKED(EX_TR_LW, EX_TRN(__VB), EX_TR_LPACK, (o) / (uint32_t)EX_TR_LW, (o) % (uint32_t)EX_TR_LW)
#define EX_TR_RL(s, r, c) (EX_TR_LINES ? EX_TR_LINE_OFF(EX_TR_NONE_OFF(r, c)) : EX_TR_TILED(s, r, c))
/* The line view's masks are solved for the region copies' 16-byte units: a twin of another
 * width has no line view (the default twin width differs only on rows of 128 bytes or more,
 * where there is none). */
SWZ_STATIC_ASSERT(!EX_TR_LINES || EX_TRN(__VB_mis) == EX_TRN(__VB),
                  swz_error_transpose_MIS_VBYTES_differs_from_the_vector_width_on_an_XOR_LINES_tile);

/* Region (bx, by) of the L-th block (0 <= L < gx*gy < 2^32) of one matrix, in SWZ_TRANSPOSE_BLOCK_ORDER
 * (order.h; the order and group are constants here, so the switch folds away). */
EX_TR_DFN void EX_TRN(__where)(uint32_t L, uint32_t gx, uint32_t gy, unsigned *bx, unsigned *by)
{
    uint32_t x, y;
    (void)swz_tr_block_order(EX_TR_OID - 1, (SWZ_TRANSPOSE_BLOCK_GROUP), L, gx, gy, &x, &y); /* L is in range */
    *bx = x;
    *by = y;
}

/* The twin kernel for misaligned rows (SWZ_TRANSPOSE_SHIFTED): not for NAIVE (no tile), TMA (refuses them)
 * or SWZ_TRANSPOSE_PERSIST (a tuning candidate). */
#define EX_TR_HAS_MIS ((SWZ_TRANSPOSE_SHIFTED) && EX_TR_LID != EX_TR_LID_NAIVE && EX_TR_LID != EX_TR_LID_TMA && !(SWZ_TRANSPOSE_PERSIST))
/* SWZ_TRANSPOSE_MIS_OWN: the twin writes whole output units by ownership, which needs the twin's shifted path
 * (copies.h checks the shape of its runs). */
#define EX_TR_OWN (EX_TR_HAS_MIS && (SWZ_TRANSPOSE_MIS_OWN))
SWZ_STATIC_ASSERT(!(SWZ_TRANSPOSE_MIS_OWN) || (EX_TR_HAS_MIS && EX_TRN(__VB_mis) > (int)sizeof(SWZ_TRANSPOSE_ELEM)),
                  swz_error_transpose_MIS_OWN_needs_the_shifted_twin_MIS_VBYTES_wider_than_the_element);

#if EX_TR_LID == EX_TR_LID_TMA
#include "tma.inc" /* the kernel, launchers and model of the TMA layout */
#define EX_TR_HAS_NARROW 0
#else
#if EX_TR_LID != EX_TR_LID_NAIVE
/* The region's copies twice: without copies.h's paths for misaligned rows for the kernel (its
 * registers stay the aligned path's: 32 instead of 64 for 64x64 float) and with them for the
 * twin kernel that the launcher takes for misaligned rows (EX_TR_HAS_MIS). */
#define EX_TR_SET 0
#define EX_TR_COPIES _tile
#define SWZ_TILE_COLS EX_TRN(__RC)
#define SWZ_TILE_THREADS (SWZ_TRANSPOSE_THREADS)
#define SWZ_TRANSPOSE_COPIES_SHIFTED 0
#include "tile_copies.inc" /* the rest of tile.h's and copies.h's parameters, then tile.h */
#if EX_TR_HAS_MIS
#if EX_TR_OWN
/* SWZ_TRANSPOSE_MIS_OWN: the next NV rows (only their load runs), before the twin's copies, whose store_t
 * reads them through their layout (copies.h SWZ_TRANSPOSE_COPIES_OWN_NEXT). */
#define EX_TR_SET 2
#define EX_TR_COPIES _tile_next
#define SWZ_TILE_COLS EX_TRN(__RC)
#define SWZ_TILE_THREADS (SWZ_TRANSPOSE_THREADS)
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_SHIFT_BATCH (SWZ_TRANSPOSE_SHIFT_BATCH)
#include "tile_copies.inc"
#define SWZ_TRANSPOSE_COPIES_OWN 1
#define SWZ_TRANSPOSE_COPIES_OWN_NEXT(k, c) (EX_TRN(__NOFF) + EX_TRN(_tile_next_layout)((int)(k), (int)(c)))
#endif
#define EX_TR_SET 1
#define EX_TR_COPIES _tile_mis
#define SWZ_TILE_COLS EX_TRN(__RC)
#define SWZ_TILE_THREADS (SWZ_TRANSPOSE_THREADS)
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_SHIFT_BATCH (SWZ_TRANSPOSE_SHIFT_BATCH)
#include "tile_copies.inc"
#endif
#if (SWZ_TRANSPOSE_LOAD_ASYNC)
/* SWZ_TRANSPOSE_LOAD_ASYNC: the region's cp.async copy, same region, same layout (mma.h's copy works for any
 * element size; the layouts keep 16-byte units whole, as it requires).  Its host model
 * (NAME_mma_model, bank.h R8) is predict()'s tile load in every build; the emulation runs
 * tile.h's load of the same tile. */
#define SWZ_MMA_NAME EX_TRN(_mma)
#define SWZ_MMA_ELEM SWZ_TRANSPOSE_ELEM
#define SWZ_MMA_ROWS (SWZ_TRANSPOSE_TILE)
#define SWZ_MMA_COLS EX_TRN(__RC)
#define SWZ_MMA_THREADS (SWZ_TRANSPOSE_THREADS)
#define SWZ_MMA_LAYOUT(r, c) EX_TRN(_tile_layout)((int)(r), (int)(c))
#include <swz/mma.h>
#endif
#endif

/* Narrow matrices (cols <= RC / 2: e.g. a batch of 64x64 u8 matrices, which fill a quarter of a
 * 64x256 region and would take the edge path) go to a second kernel whose region is one tile,
 * with SWZ_TRANSPOSE_THREADS / G threads so that a thread keeps the region kernel's vectors in flight.
 * Compiled for tiles of 32 and more with G > 1 (its body is empty where G == 1), not for
 * SWZ_TRANSPOSE_PERSIST or NAIVE. */
#if EX_TR_LID != EX_TR_LID_NAIVE && !(SWZ_TRANSPOSE_PERSIST) && (SWZ_TRANSPOSE_TILE) >= 32
#define EX_TR_HAS_NARROW 1
#define EX_TR_SET 0
#define EX_TR_COPIES _ntile
#define SWZ_TILE_COLS (SWZ_TRANSPOSE_TILE) /* the region's layout on its first tile: a bijection onto it */
#define SWZ_TILE_THREADS EX_TRN(__NTH)
#define SWZ_TRANSPOSE_COPIES_SHIFTED 0
#include "tile_copies.inc"
#else
#define EX_TR_HAS_NARROW 0
#endif

#if EX_TR_HAS_NARROW
/* The narrow kernel's block (bx, by, bz): one SWZ_TRANSPOSE_TILE x SWZ_TRANSPOSE_TILE tile, both phases (the barrier
 * between them is the caller's: __syncthreads on the GPU, the thread loops in the emulation). */
EX_TR_DFN void EX_TRN(__nphase1)(SWZ_TRANSPOSE_ELEM *tile, const SWZ_TRANSPOSE_ELEM *in, int64_t rows, int64_t cols,
                                      int64_t ld_in, int64_t bs_in, unsigned bx, unsigned by, unsigned bz)
{
    EX_TRN(_ntile_load)(tile, in + (int64_t)bz * bs_in, ld_in, (int64_t)by * (SWZ_TRANSPOSE_TILE), (int64_t)bx * (SWZ_TRANSPOSE_TILE), rows, cols);
}
EX_TR_DFN void EX_TRN(__nphase2)(const SWZ_TRANSPOSE_ELEM *tile, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                      int64_t ld_out, int64_t bs_out, unsigned bx, unsigned by, unsigned bz)
{
    EX_TRN(_ntile_store_t)(tile, out + (int64_t)bz * bs_out, ld_out, (int64_t)bx * (SWZ_TRANSPOSE_TILE), (int64_t)by * (SWZ_TRANSPOSE_TILE), cols, rows);
}
#endif

/* One block: input rows r0 .. r0+SWZ_TRANSPOSE_TILE-1, columns c0 .. c0+RC-1 of matrix bz, in two phases
 * separated by a barrier; each phase is what one thread does. */
/* mis (a constant at every call): the copies with copies.h's paths for misaligned rows (the twin
 * kernel). */
EX_TR_DFN void EX_TRN(__phase1)(SWZ_TRANSPOSE_ELEM *tile, const SWZ_TRANSPOSE_ELEM *in, SWZ_TRANSPOSE_ELEM *out, int64_t rows,
                                     int64_t cols, int64_t ld_in, int64_t ld_out, int64_t bs_in,
                                     int64_t bs_out, unsigned bx, unsigned by, unsigned bz, int mis)
{
    const int64_t c0 = (int64_t)bx * EX_TRN(__RC), r0 = (int64_t)by * (SWZ_TRANSPOSE_TILE);
    const SWZ_TRANSPOSE_ELEM *ib = in + (int64_t)bz * bs_in;
#if EX_TR_LID == EX_TR_LID_NAIVE
    SWZ_TRANSPOSE_ELEM *ob = out + (int64_t)bz * bs_out;
    (void)tile;
    for (int i = SWZ_TILE_TID(); i < (SWZ_TRANSPOSE_TILE) * EX_TRN(__RC); i += (SWZ_TRANSPOSE_THREADS)) {
        const int64_t gr = r0 + i / EX_TRN(__RC), gc = c0 + i % EX_TRN(__RC);
        if (gr < rows && gc < cols) ob[gc * ld_out + gr] = ib[gr * ld_in + gc];
    }
#else
    (void)out, (void)ld_out, (void)bs_out;
#if EX_TR_HAS_MIS
    if (mis) {
        EX_TRN(_tile_mis_load)(tile, ib, ld_in, r0, c0, rows, cols);
#if EX_TR_OWN
        /* output rows off the twin's vectors: its store_t takes copies.h's own path (tile.h's fast
         * test, negated), which reads the next rows */
        if (!EX_TRN(_tile_mis_vec_ok)(out + (int64_t)bz * bs_out, ld_out, r0, EX_TRN(_tile_mis_VEC_T)))
            EX_TRN(_tile_next_load)(tile + EX_TRN(__NOFF), ib, ld_in, r0 + (SWZ_TRANSPOSE_TILE), c0, rows, cols);
#endif
        return;
    }
#endif
#if (SWZ_TRANSPOSE_LOAD_ASYNC) && !EX_TR_EMU
    /* a whole region on 16-byte aligned rows: one plain 16-byte cp.async per chunk (bank.h R8,
     * no bounds arithmetic); edges and unaligned rows: the bounds-checked copy */
    if (r0 + (SWZ_TRANSPOSE_TILE) <= rows && c0 + EX_TRN(__RC) <= cols &&
        ((((uintptr_t)(ib + r0 * ld_in + c0)) | (uint64_t)ld_in * sizeof(SWZ_TRANSPOSE_ELEM)) & 15u) == 0)
        EX_TRN(_mma_load_async_full)(tile, ib + r0 * ld_in + c0, ld_in, EX_TRN(_mma_copy_offset)(ld_in));
    else
        EX_TRN(_mma_load_async)(tile, ib, ld_in, r0, c0, rows, cols);
    swz_mma_commit();
    SWZ_MMA_WAIT(0);
#else
    EX_TRN(_tile_load)(tile, ib, ld_in, r0, c0, rows, cols);
#endif
#endif
    (void)mis;
}
EX_TR_DFN void EX_TRN(__phase2)(const SWZ_TRANSPOSE_ELEM *tile, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                     int64_t ld_out, int64_t bs_out, unsigned bx, unsigned by,
                                     unsigned bz, int mis)
{
#if EX_TR_LID == EX_TR_LID_NAIVE
    (void)tile, (void)out, (void)rows, (void)cols, (void)ld_out, (void)bs_out, (void)bx, (void)by, (void)bz;
#else
    const int64_t c0 = (int64_t)bx * EX_TRN(__RC), r0 = (int64_t)by * (SWZ_TRANSPOSE_TILE);
#if EX_TR_HAS_MIS
    if (mis) {
        EX_TRN(_tile_mis_store_t)(tile, out + (int64_t)bz * bs_out, ld_out, c0, r0, cols, rows);
        return;
    }
#endif
    EX_TRN(_tile_store_t)(tile, out + (int64_t)bz * bs_out, ld_out, c0, r0, cols, rows);
#endif
    (void)mis;
}

#if !EX_TR_EMU
#if !(SWZ_TRANSPOSE_PERSIST)
/* The grid covers everything (the launcher splits very tall or very long batches into several
 * launches), so the kernel has no loop: a loop would keep every loop-invariant shared address
 * alive in registers (58 instead of 32 for 64x64 float) and cost occupancy. */
/* A kernel's tile: its shared bytes (none for NAIVE), passed to EX_TRN(__block). */
#if EX_TR_LID == EX_TR_LID_NAIVE
#define EX_TR_SMEM_DECL(n) unsigned char *smem = NULL
#else
#define EX_TR_SMEM_DECL(n) __shared__ __align__(16) unsigned char smem[n]
#endif
EX_TR_DFN void EX_TRN(__block)(unsigned char *smem, const SWZ_TRANSPOSE_ELEM *__restrict__ in, SWZ_TRANSPOSE_ELEM *__restrict__ out, int64_t rows,
                                    int64_t cols, int64_t ld_in, int64_t ld_out, int64_t bs_in,
                                    int64_t bs_out, int mis)
{
    unsigned bx = blockIdx.x, by = blockIdx.y;
#if EX_TR_OID != EX_TR_OID_ROW
    EX_TRN(__where)(blockIdx.x + gridDim.x * blockIdx.y, gridDim.x, gridDim.y, &bx, &by);
#endif
#if EX_TR_LID == EX_TR_LID_NAIVE
    (void)smem;
    EX_TRN(__phase1)(NULL, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, bx, by, blockIdx.z, mis);
#else
    SWZ_TRANSPOSE_ELEM *tile = (SWZ_TRANSPOSE_ELEM *)smem;
    EX_TRN(__phase1)(tile, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, bx, by, blockIdx.z, mis);
    __syncthreads();
    EX_TRN(__phase2)(tile, out, rows, cols, ld_out, bs_out, bx, by, blockIdx.z, mis);
#endif
}
extern "C" __global__ void EX_TR_BOUNDS
EX_TRN(_kernel)(const SWZ_TRANSPOSE_ELEM *__restrict__ in, SWZ_TRANSPOSE_ELEM *__restrict__ out, int64_t rows, int64_t cols,
                  int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
    EX_TR_SMEM_DECL(EX_TRN(__SMEM_AL));
    EX_TRN(__block)(smem, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, 0);
}
#if EX_TR_HAS_MIS
/* The twin for misaligned rows (the launcher's choice, EX_TRN(__mis)).  Its registers are
 * ptxas's choice: capping the line-path twins at 32 (8 blocks of 256) made ragged float slower
 * on an H100 than the 34 that ptxas takes (docs/design.md, "The twins keep ptxas's register
 * count"). */
extern "C" __global__ void EX_TR_BOUNDS_MIS
EX_TRN(_kernel_mis)(const SWZ_TRANSPOSE_ELEM *__restrict__ in, SWZ_TRANSPOSE_ELEM *__restrict__ out, int64_t rows, int64_t cols,
                      int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
    EX_TR_SMEM_DECL(EX_TRN(__SMEM));
    EX_TRN(__block)(smem, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, 1);
}
#endif
#if EX_TR_HAS_NARROW
/* Narrow matrices: block (x, y, z) = tile (bx, by) of matrix z, row-major (a narrow matrix has
 * few tile columns). */
extern "C" __global__ void __launch_bounds__(EX_TRN(__NTH))
EX_TRN(_kernel_narrow)(const SWZ_TRANSPOSE_ELEM *__restrict__ in, SWZ_TRANSPOSE_ELEM *__restrict__ out, int64_t rows, int64_t cols,
                         int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
    if (EX_TRN(__NARROW)) {
        __shared__ __align__(16) unsigned char smem[EX_TRN(__LSIZE) * (int)sizeof(SWZ_TRANSPOSE_ELEM)];
        SWZ_TRANSPOSE_ELEM *tile = (SWZ_TRANSPOSE_ELEM *)smem;
        EX_TRN(__nphase1)(tile, in, rows, cols, ld_in, bs_in, blockIdx.x, blockIdx.y, blockIdx.z);
        __syncthreads();
        EX_TRN(__nphase2)(tile, out, rows, cols, ld_out, bs_out, blockIdx.x, blockIdx.y, blockIdx.z);
    }
}
#endif
#else
/* SWZ_TRANSPOSE_PERSIST: gridDim.x blocks stride over the gx*gy*nb regions (< 2^32) of this launch. */
extern "C" __global__ void EX_TR_BOUNDS
EX_TRN(_kernel)(const SWZ_TRANSPOSE_ELEM *__restrict__ in, SWZ_TRANSPOSE_ELEM *__restrict__ out, int64_t rows, int64_t cols,
                  int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out, uint32_t gx,
                  uint32_t gy, uint32_t nb)
{
    const uint32_t per = gx * gy;
#if EX_TR_LID != EX_TR_LID_NAIVE
    __shared__ __align__(16) unsigned char smem[EX_TRN(__SMEM)];
    SWZ_TRANSPOSE_ELEM *tile = (SWZ_TRANSPOSE_ELEM *)smem;
#else
    SWZ_TRANSPOSE_ELEM *tile = NULL;
#endif
    for (uint64_t L = blockIdx.x; L < (uint64_t)per * nb; L += gridDim.x) {
        const uint32_t bz = (uint32_t)L / per;
        unsigned bx, by;
        EX_TRN(__where)((uint32_t)L - bz * per, gx, gy, &bx, &by);
        EX_TRN(__phase1)(tile, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, bx, by, bz, 0);
#if EX_TR_LID != EX_TR_LID_NAIVE
        __syncthreads();
        EX_TRN(__phase2)(tile, out, rows, cols, ld_out, bs_out, bx, by, bz, 0);
        __syncthreads(); /* the next region's loads overwrite the tile */
#endif
    }
}
#endif
#else
/* The kernel on the CPU: every block; in it every thread's phase 1, then every thread's
 * phase 2 (the barrier).  SWZ_TRANSPOSE_PERSIST: grid.x blocks, each over its regions in the kernel's order,
 * the tile kept from one region to the next as on the GPU. */
static void EX_TRN(__emulate)(dim3 grid, const SWZ_TRANSPOSE_ELEM *in, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out,
                                uint32_t gx, uint32_t gy, uint32_t nb, int mis)
{
    enum { SMEM = EX_TRN(__SMEM) > 0 ? EX_TRN(__SMEM) : 16 };
    alignas(16) static unsigned char smem[SMEM];
    SWZ_TRANSPOSE_ELEM *tile = (SWZ_TRANSPOSE_ELEM *)smem;
    const uint64_t per = (uint64_t)gx * gy, nblk = (uint64_t)grid.x * grid.y * grid.z;
    for (uint64_t blk = 0; blk < nblk; ++blk) {
        memset(smem, 0xA5, sizeof smem); /* stale data from the last block must not leak */
#if SWZ_TRANSPOSE_PERSIST
        for (uint64_t L = blk; L < per * nb; L += grid.x) {
            const unsigned bz = (unsigned)(L / per);
            unsigned bx, by;
            EX_TRN(__where)((uint32_t)(L - bz * per), gx, gy, &bx, &by);
#else
        {
            const unsigned bz = (unsigned)(blk / per);
            unsigned bx, by;
            (void)nb;
            EX_TRN(__where)((uint32_t)(blk - bz * per), gx, gy, &bx, &by);
#endif
            for (int t = 0; t < (SWZ_TRANSPOSE_THREADS); ++t) {
                *swz_tile_emu_tid() = t;
                EX_TRN(__phase1)(tile, in, out, rows, cols, ld_in, ld_out, bs_in, bs_out, bx, by, bz, mis);
            }
            for (int t = 0; t < (SWZ_TRANSPOSE_THREADS); ++t) {
                *swz_tile_emu_tid() = t;
                EX_TRN(__phase2)(tile, out, rows, cols, ld_out, bs_out, bx, by, bz, mis);
            }
        }
    }
}
#endif

#if EX_TR_EMU && EX_TR_HAS_NARROW
/* The narrow kernel on the CPU: every block; every thread's load, then every thread's store. */
static void EX_TRN(__emulate_narrow)(dim3 grid, const SWZ_TRANSPOSE_ELEM *in, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                       int64_t ld_in, int64_t ld_out, int64_t bs_in, int64_t bs_out)
{
    alignas(16) static unsigned char smem[EX_TRN(__LSIZE) * (int)sizeof(SWZ_TRANSPOSE_ELEM)];
    SWZ_TRANSPOSE_ELEM *tile = (SWZ_TRANSPOSE_ELEM *)smem;
    for (unsigned z = 0; z < grid.z; ++z)
        for (unsigned y = 0; y < grid.y; ++y)
            for (unsigned x = 0; x < grid.x; ++x) {
                memset(smem, 0xA5, sizeof smem);
                for (int t = 0; t < EX_TRN(__NTH); ++t) {
                    *swz_tile_emu_tid() = t;
                    EX_TRN(__nphase1)(tile, in, rows, cols, ld_in, bs_in, x, y, z);
                }
                for (int t = 0; t < EX_TRN(__NTH); ++t) {
                    *swz_tile_emu_tid() = t;
                    EX_TRN(__nphase2)(tile, out, rows, cols, ld_out, bs_out, x, y, z);
                }
            }
}
#endif

/* 1 when the twin kernel (EX_TR_HAS_MIS) takes the problem: some matrix's rows are not
 * aligned for the region copies' vectors -- the input's for the loads, the output's for the
 * transposed stores (tile.h's NAME_vec_ok at column 0; regions start at multiples of RC, rows
 * of SWZ_TRANSPOSE_TILE), for the pointer, the leading dimension and, past one matrix, the batch stride. */
static int EX_TRN(__mis)(const SWZ_TRANSPOSE_ELEM *in, const SWZ_TRANSPOSE_ELEM *out, int64_t ld_in, int64_t ld_out, int64_t batch,
                          int64_t bs_in, int64_t bs_out)
{
#if EX_TR_HAS_MIS
    const int vr = EX_TRN(_tile_VEC), vt = EX_TRN(_tile_VEC_T);
    return !EX_TRN(_tile_vec_ok)(in, ld_in, 0, vr) || !EX_TRN(_tile_vec_ok)(out, ld_out, 0, vt) ||
           (batch > 1 && (!EX_TRN(_tile_vec_ok)(in, bs_in, 0, vr) || !EX_TRN(_tile_vec_ok)(out, bs_out, 0, vt)));
#else
    (void)in, (void)out, (void)ld_in, (void)ld_out, (void)batch, (void)bs_in, (void)bs_out;
    return 0;
#endif
}

/* A misaligned base of 16-byte elements is peeled (docs/design.md, "A misaligned base of 16-byte
 * elements is peeled"): 1 when the elements are 16 bytes, the problem holds at least
 * SWZ_TR_PEEL_MIN_BYTES, the leading dimensions and, past one matrix, the batch strides are
 * whole 128-byte lines and a pointer is not on a line, with *pc the input columns and *pr the
 * input rows up to the next line: input rows [pr, rows) and columns [pc, cols) then form a
 * sub-matrix whose rows all start on a line on both sides, for the kernel; the two strips before
 * it go to the launcher again (below the size, or with rows off whole lines, nothing is peeled). */
#define EX_TR_HAS_PEEL (EX_TR_LID != EX_TR_LID_NAIVE && !(SWZ_TRANSPOSE_PERSIST))
#ifndef SWZ_TR_PEEL_MIN_BYTES
#define SWZ_TR_PEEL_MIN_BYTES ((int64_t)1 << 28) /* 256 MiB: the strips' own launches cost 10-30 us */
#endif
#if EX_TR_HAS_PEEL
static int EX_TRN(__peel)(const SWZ_TRANSPOSE_ELEM *in, const SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                           int64_t ld_in, int64_t ld_out, int64_t batch, int64_t bs_in, int64_t bs_out, int64_t *pr,
                           int64_t *pc)
{
    const int64_t es = (int64_t)sizeof(SWZ_TRANSPOSE_ELEM), line = 128;
    if (es != 16 || rows * cols * batch * es < SWZ_TR_PEEL_MIN_BYTES) /* (the extents fit: ex_tr_check) */
        return 0;
    const int64_t ai = (int64_t)((uintptr_t)in % (uintptr_t)line), ao = (int64_t)((uintptr_t)out % (uintptr_t)line);
    if (ai % es != 0 || ao % es != 0 || ld_in * es % line != 0 || ld_out * es % line != 0 ||
        (batch > 1 && (bs_in * es % line != 0 || bs_out * es % line != 0)))
        return 0;
    *pc = (line - ai) % line / es;
    *pr = (line - ao) % line / es;
    return *pr > 0 || *pc > 0;
}
#endif

extern "C" cudaError_t EX_TRN(_batched)(const SWZ_TRANSPOSE_ELEM *in, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                           int64_t ld_in, int64_t ld_out, int64_t batch,
                                           int64_t bs_in, int64_t bs_out, cudaStream_t stream)
{
    int64_t ymax = SWZ_TR_MAX_GRID_Y, bmax = SWZ_TR_MAX_GRID_Z;
    int empty;
    int64_t gx, b0, rr;
    cudaError_t e = ex_tr_check(in, out, rows, cols, ld_in, ld_out, batch, bs_in, bs_out,
                                  (int64_t)sizeof(SWZ_TRANSPOSE_ELEM), &empty);
    if (e != cudaSuccess || empty) return e;
    gx = (cols + EX_TRN(__RC) - 1) / EX_TRN(__RC);
    if (gx > INT32_MAX) return cudaErrorInvalidValue;
#if EX_TR_OID != EX_TR_OID_ROW || (SWZ_TRANSPOSE_PERSIST)
    /* the kernel numbers its blocks in 32 bits: gx * gy (* batch, SWZ_TRANSPOSE_PERSIST) < 2^32 per launch */
    if (ymax > (int64_t)UINT32_MAX / gx) ymax = (int64_t)UINT32_MAX / gx;
#endif
#if EX_TR_HAS_NARROW
    if (EX_TRN(__NARROW) && 2 * cols <= EX_TRN(__RC)) { /* narrow: one-tile regions */
        const int64_t nx = (cols + (SWZ_TRANSPOSE_TILE)-1) / (SWZ_TRANSPOSE_TILE);
        for (b0 = 0; b0 < batch; b0 += bmax)
            for (rr = 0; rr < rows; rr += ymax * (SWZ_TRANSPOSE_TILE)) {
                const int64_t nb = batch - b0 < bmax ? batch - b0 : bmax;
                const int64_t nr = rows - rr < ymax * (SWZ_TRANSPOSE_TILE) ? rows - rr : ymax * (SWZ_TRANSPOSE_TILE);
                const dim3 grid((unsigned)nx, (unsigned)((nr + (SWZ_TRANSPOSE_TILE)-1) / (SWZ_TRANSPOSE_TILE)), (unsigned)nb);
#if EX_TR_EMU
                (void)stream;
                EX_TRN(__emulate_narrow)(grid, in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr, cols,
                                         ld_in, ld_out, bs_in, bs_out);
#else
                EX_TRN(_kernel_narrow)<<<grid, EX_TRN(__NTH), 0, stream>>>(
                    in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr, cols, ld_in, ld_out, bs_in, bs_out);
                e = cudaGetLastError();
                if (e != cudaSuccess) return e;
#endif
            }
        return cudaSuccess;
    }
#endif
#if SWZ_TRANSPOSE_PERSIST
    if (bmax > (int64_t)UINT32_MAX / (gx * ymax)) bmax = (int64_t)UINT32_MAX / (gx * ymax);
    static int fill_cache[64];
#if EX_TR_EMU
    const int64_t fill = ex_tr_fill(NULL, (SWZ_TRANSPOSE_THREADS), fill_cache);
#else
    const int64_t fill = ex_tr_fill((const void *)EX_TRN(_kernel), (SWZ_TRANSPOSE_THREADS), fill_cache);
#endif
    if (fill <= 0) return cudaErrorInvalidDevice;
#endif
#if EX_TR_HAS_PEEL
    {
        int64_t pr, pc;
        if (EX_TRN(__peel)(in, out, rows, cols, ld_in, ld_out, batch, bs_in, bs_out, &pr, &pc) && pr < rows && pc < cols) {
            e = EX_TRN(_batched)(in + pr * ld_in + pc, out + pc * ld_out + pr, rows - pr, cols - pc, ld_in, ld_out,
                                 batch, bs_in, bs_out, stream);
            if (e == cudaSuccess && pr > 0)
                e = EX_TRN(_batched)(in, out, pr, cols, ld_in, ld_out, batch, bs_in, bs_out, stream);
            if (e == cudaSuccess && pc > 0)
                e = EX_TRN(_batched)(in + pr * ld_in, out + pr, rows - pr, pc, ld_in, ld_out, batch, bs_in, bs_out, stream);
            return e;
        }
    }
#endif
    /* Rows that tile.h's copies cannot move in aligned vectors on one side or the other (the
     * pointer, a leading dimension or a batch stride off their width) go to the twin kernel.
     * Every launch below moves sub-matrices of this one, aligned alike. */
    const int mis = EX_TRN(__mis)(in, out, ld_in, ld_out, batch, bs_in, bs_out);
    (void)mis;
    /* Normally one launch; more only past bmax matrices or ymax region rows. */
    for (b0 = 0; b0 < batch; b0 += bmax)
        for (rr = 0; rr < rows; rr += ymax * (SWZ_TRANSPOSE_TILE)) {
            const int64_t nb = batch - b0 < bmax ? batch - b0 : bmax;
            const int64_t nr = rows - rr < ymax * (SWZ_TRANSPOSE_TILE) ? rows - rr : ymax * (SWZ_TRANSPOSE_TILE);
            const int64_t gy = (nr + (SWZ_TRANSPOSE_TILE)-1) / (SWZ_TRANSPOSE_TILE);
#if SWZ_TRANSPOSE_PERSIST
            const int64_t total = gx * gy * nb;
            const dim3 grid((unsigned)(total < fill ? total : fill), 1u, 1u);
#else
            const dim3 grid((unsigned)gx, (unsigned)gy, (unsigned)nb);
#endif
#if EX_TR_EMU
            (void)stream;
            EX_TRN(__emulate)(grid, in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr,
                                cols, ld_in, ld_out, bs_in, bs_out, (uint32_t)gx, (uint32_t)gy,
                                (uint32_t)nb, mis);
#else
#if EX_TR_HAS_MIS
            if (mis)
                EX_TRN(_kernel_mis)<<<grid, (SWZ_TRANSPOSE_THREADS), 0, stream>>>(
                    in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr, cols, ld_in, ld_out, bs_in, bs_out);
            else
#endif
            EX_TRN(_kernel)<<<grid, (SWZ_TRANSPOSE_THREADS), 0, stream>>>(
                in + b0 * bs_in + rr * ld_in, out + b0 * bs_out + rr, nr, cols, ld_in, ld_out,
                bs_in, bs_out
#if SWZ_TRANSPOSE_PERSIST
                , (uint32_t)gx, (uint32_t)gy, (uint32_t)nb
#endif
                );
            e = cudaGetLastError();
            if (e != cudaSuccess) return e;
#endif
        }
    return cudaSuccess;
}

extern "C" cudaError_t EX_TR_NAME(const SWZ_TRANSPOSE_ELEM *in, SWZ_TRANSPOSE_ELEM *out, int64_t rows, int64_t cols,
                                    int64_t ld_in, int64_t ld_out, cudaStream_t stream)
{
    return EX_TRN(_batched)(in, out, rows, cols, ld_in, ld_out, 1, 0, 0, stream);
}

static cudaError_t EX_TRN(__launch_void)(const void *in, void *out, int64_t rows, int64_t cols,
                                            int64_t ld_in, int64_t ld_out, int64_t batch,
                                            int64_t bs_in, int64_t bs_out, cudaStream_t stream)
{
    return EX_TRN(_batched)((const SWZ_TRANSPOSE_ELEM *)in, (SWZ_TRANSPOSE_ELEM *)out, rows, cols, ld_in, ld_out, batch,
                              bs_in, bs_out, stream);
}

static int EX_TRN(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
#if EX_TR_LID == EX_TR_LID_NAIVE
    swz_tile_cost_init(sts, 0u);
    swz_tile_cost_init(lds, 0u);
    return SWZ_OK;
#else
#if (SWZ_TRANSPOSE_LOAD_ASYNC)
    const int a = EX_TRN(_mma_model)(SWZ_MMA_OP_COPY, 0, sts); /* the cp.async copy's writes (R8) */
#else
    const int a = EX_TRN(_tile_model)(SWZ_TILE_OP_LOAD, sts);
#endif
    const int b = EX_TRN(_tile_model)(SWZ_TILE_OP_STORE_T, lds);
    return a != SWZ_OK ? a : b;
#endif
}
#if EX_TR_HAS_MIS
/* The twin's block: its copies' shared instructions -- the same on the shifted path; on the
 * line path (element-wide copies, copies.h NAME_LINES), which rotates each instruction's lanes by
 * the row's offset m in its 128-byte line, one block for every m < 128/E, summed (so the total
 * is ideal only when every m is). */
static int EX_TRN(__predict_mis)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    if (EX_TRN(_tile_mis_LINES)) {
        swz_tile_cost a, b;
        int e = SWZ_OK;
        swz_tile_cost_init(sts, (uint32_t)sizeof(SWZ_TRANSPOSE_ELEM));
        swz_tile_cost_init(lds, (uint32_t)sizeof(SWZ_TRANSPOSE_ELEM));
        for (int m = 0; m < 128 / (int)sizeof(SWZ_TRANSPOSE_ELEM) && e == SWZ_OK; ++m) {
            e = EX_TRN(_tile_mis_model_lines)(SWZ_TILE_OP_LOAD, m, &a);
            if (e == SWZ_OK) e = EX_TRN(_tile_mis_model_lines)(SWZ_TILE_OP_STORE_T, m, &b);
            if (e != SWZ_OK) break;
            swz_tile_cost_merge(sts, &a);
            swz_tile_cost_merge(lds, &b);
        }
        return e;
    }
    const int a = EX_TRN(_tile_mis_model)(SWZ_TILE_OP_LOAD, sts);
    const int b = EX_TRN(_tile_mis_model)(SWZ_TILE_OP_STORE_T, lds);
#if EX_TR_OWN
    /* SWZ_TRANSPOSE_MIS_OWN on misaligned output rows: the next rows' load and their reads by the runs' last
     * lanes */
    swz_tile_cost na, nb;
    const int c = EX_TRN(_tile_next_model)(SWZ_TILE_OP_LOAD, &na), d = EX_TRN(_tile_mis_model_next)(&nb);
    swz_tile_cost_merge(sts, &na);
    swz_tile_cost_merge(lds, &nb);
    return a != SWZ_OK ? a : b != SWZ_OK ? b : c != SWZ_OK ? c : d;
#else
    return a != SWZ_OK ? a : b;
#endif
}
#define EX_TRN_MIS SWZ_STR(EX_TRN(_kernel_mis)), EX_TRN(__VB_mis), &EX_TRN(__predict_mis), EX_TR_OWN
#else
#define EX_TRN_MIS NULL, 0, NULL, 0
#endif
#define EX_TRN_ACCEPTS NULL
#endif /* SWZ_TRANSPOSE_LAYOUT TMA */

/* The standard problem: 16 x 4 full regions (64 blocks; any block order covers them all). */
static int EX_TRN(__problem)(char *spec)
{
    snprintf(spec, SWZ_SPEC_MAX, "%d:%d", 16 * (SWZ_TRANSPOSE_TILE), 4 * EX_TRN(__RC));
    return 64;
}

static const swz_transpose_ops EX_TRN(__ops) = {&EX_TRN(__launch_void), (SWZ_TRANSPOSE_TILE), EX_TRN(__RC),
                                                   EX_TRN(__SMEM), EX_TRN_ACCEPTS, EX_TRN_MIS};

extern "C" const swz_variant EX_TRN(_variant) = SWZ_VARIANT_INIT(
    "transpose", SWZ_STR(EX_TR_NAME), SWZ_STR(EX_TRN(_kernel)),
    SWZ_STR(SWZ_CAT(EX_TR_LNAME_, SWZ_TRANSPOSE_LAYOUT)), SWZ_STR(SWZ_TRANSPOSE_ELEM_NAME), (SWZ_TRANSPOSE_TILE),
    (int)sizeof(SWZ_TRANSPOSE_ELEM), (SWZ_TRANSPOSE_THREADS),
    "threads=" SWZ_STR(SWZ_TRANSPOSE_THREADS) " region=" SWZ_STR(SWZ_TRANSPOSE_REGION_BYTES) " order=" SWZ_STR(
        SWZ_TRANSPOSE_BLOCK_ORDER) "/" SWZ_STR(SWZ_TRANSPOSE_BLOCK_GROUP) " hints=" SWZ_STR(SWZ_TRANSPOSE_CACHE_HINTS) " persist=" SWZ_STR(SWZ_TRANSPOSE_PERSIST)
        " min_blocks=" SWZ_STR(SWZ_TRANSPOSE_MIN_BLOCKS) " mis_min_blocks=" SWZ_STR(SWZ_TRANSPOSE_MIS_MIN_BLOCKS) " load_async=" SWZ_STR(SWZ_TRANSPOSE_LOAD_ASYNC) " xor_lines=" SWZ_STR(SWZ_TRANSPOSE_XOR_LINES)
        " shifted=" SWZ_STR(SWZ_TRANSPOSE_SHIFTED) " shift_batch=" SWZ_STR(SWZ_TRANSPOSE_SHIFT_BATCH) " mis_vbytes=" SWZ_STR(SWZ_TRANSPOSE_MIS_VBYTES) " mis_own=" SWZ_STR(SWZ_TRANSPOSE_MIS_OWN),
    &EX_TRN(__predict), &EX_TRN(__problem), &EX_TRN(__ops));

#undef EX_TR_TL
#undef EX_TR_SN_0
#undef EX_TR_SN_1
#undef EX_TR_SN
#undef EX_TR_SC
#undef EX_TR_RL
#undef EX_TR_XNQ
#undef EX_TR_XB
#undef EX_TR_XM
#undef EX_TR_XS
#undef EX_TRN
#undef EX_TR_NAME
#undef EX_TR_LID
#undef EX_TR_OID
#undef EX_TR_BOUNDS
#undef EX_TR_BOUNDS_MIS
#undef EX_TR_SMEM_DECL
#undef EX_TR_HAS_NARROW
#undef EX_TR_HAS_MIS
#undef EX_TR_OWN
#undef EX_TR_TILED
#undef EX_TR_LPACK
#undef EX_TR_LINES
#undef EX_TR_LM
#undef EX_TR_PACKED
#undef EX_TR_NP2
#undef EX_TR_NPACK
#undef EX_TR_LW
#undef EX_TR_NONE_OFF
#undef EX_TR_LINE_OFF
#undef EX_TRN_ACCEPTS
#undef EX_TRN_MIS
#endif /* one variant */
/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_TRANSPOSE_TILE
#undef SWZ_TRANSPOSE_ELEM
#undef SWZ_TRANSPOSE_ELEM_NAME
#undef SWZ_TRANSPOSE_NAME_SUFFIX
#undef SWZ_TRANSPOSE_LAYOUT
#undef SWZ_TRANSPOSE_THREADS
#undef SWZ_TRANSPOSE_REGION_BYTES
#undef SWZ_TRANSPOSE_BLOCK_ORDER
#undef SWZ_TRANSPOSE_BLOCK_GROUP
#undef SWZ_TRANSPOSE_CACHE_HINTS
#undef SWZ_TRANSPOSE_PERSIST
#undef SWZ_TRANSPOSE_MIN_BLOCKS
#undef SWZ_TRANSPOSE_LOAD_ASYNC
#undef SWZ_TRANSPOSE_XOR_LINES
#undef SWZ_TRANSPOSE_SHIFTED
#undef SWZ_TRANSPOSE_SHIFT_BATCH
#undef SWZ_TRANSPOSE_MIS_VBYTES
#undef SWZ_TRANSPOSE_MIS_OWN
#undef SWZ_TRANSPOSE_MIS_MIN_BLOCKS
