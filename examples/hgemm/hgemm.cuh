/* examples/hgemm/hgemm.cuh -- the fp16 / bf16 tensor-core GEMM family (mma.sync m16n8k16),
 * written once.
 *
 * What it is for
 *   C = alpha * A * B + beta * C with A, B in fp16 or bf16, fp32 accumulation and C in fp32 or
 *   in the input type; B either K x N row-major ("NN", read with ldmatrix .trans) or N x K
 *   row-major ("NT", C = A * B^T, both operands K-major).  The shared A and B tiles are stored
 *   in the variant's SWZ_HGEMM_LAYOUT (none, pad or the automatic XOR of swz/xor.h) and written and read
 *   only through swz/mma.h: 16-byte cp.async copies (NAME_load_async, zero-filled at ragged
 *   edges) and ldmatrix fragments, so the cost of a bank conflict is the only difference
 *   between the variants at the same knobs.
 *   A template header: define the parameters, include it, and it generates the kernels, the
 *   launcher, the bank model and the variant record of swz_hgemm_<layout>_<SWZ_HGEMM_TILE>_<elem><suffix>;
 *   the parameters are #undef'ed at the end of this file.  A missing or bad parameter is
 *   a compile error that names it.
 *
 * Example
 *   #define SWZ_HGEMM_TILE 128
 *   #define SWZ_HGEMM_ELEM __half
 *   #define SWZ_HGEMM_ELEM_NAME half
 *   #define SWZ_HGEMM_LAYOUT XOR
 *   #include "hgemm.cuh"   // -> swz_hgemm_xor_128_half(M, N, K, alpha, A, lda, B, ldb,
 *                          //        SWZ_HGEMM_NN, beta, C, ldc, SWZ_HGEMM_C_F32, stream)
 *
 * Parameters
 *   SWZ_HGEMM_TILE          block tile rows (M): 64, 128 or 256
 *   SWZ_HGEMM_ELEM          __half or __nv_bfloat16
 *   SWZ_HGEMM_ELEM_NAME     half or bf16 (name part; selects the mma.sync type)
 *   SWZ_HGEMM_LAYOUT        NONE, PAD or XOR: the layout of both shared operand tiles
 *                   NONE  row-major: ldmatrix of 8 rows of one 16-byte column conflicts
 *                         (4-way for 64-byte rows, 8-way for rows of 128 bytes or more)
 *                   PAD   SWZ_PAD_OFFSET(W, 2, 16, r, c): rows padded by 16 bytes
 *                   XOR   SWZ_XOR_AUTO_OFFSET(W, 2, 16, r, c): the automatic swizzle
 *   optional knobs (defaults in brackets)
 *   SWZ_HGEMM_TILE_N        block tile columns (N) [256]
 *   SWZ_HGEMM_TILE_K        K slice per pipeline stage: 32 or 64 [32]
 *   SWZ_HGEMM_STAGES        cp.async pipeline depth, 2 .. 6 [4]
 *   SWZ_HGEMM_WARPS_M       warps along M [2]; the warps along N are SWZ_HGEMM_TILE_N / 64 * (SWZ_HGEMM_TILE / 64 / SWZ_HGEMM_WARPS_M)
 *                 so that every warp tile is 64 x 64 unless SWZ_HGEMM_WARP_N says otherwise
 *   SWZ_HGEMM_WARP_N        warp tile columns [64] (warp tile rows are SWZ_HGEMM_TILE / SWZ_HGEMM_WARPS_M)
 *   SWZ_HGEMM_RASTER_GROUP  grouped block order: GROUP block rows walked column by column [8]
 *   SWZ_HGEMM_MIN_BLOCKS    __launch_bounds__ minimum blocks per SM [1]
 *   SWZ_HGEMM_PERSIST       0: one block per tile of C;  1: a persistent grid (SMs x resident blocks)
 *                 walks the tiles in the same grouped order, and a block's last SWZ_HGEMM_STAGES-1
 *                 slices already copy its next tile's first ones, so the pipeline never
 *                 drains between tiles (the epilogue stages through its own shared memory,
 *                 beside the stages) [0]
 *   SWZ_HGEMM_LOOP_PROBE    1: generate only NAME_loop_probe, the variant's main loop alone on
 *                 L2-resident tiles, with or without its copies (bench/mma_ceiling's loop
 *                 ceilings) -- not the GEMM kernel, launcher or record, which the library has
 *                 under the same name (tuning.h, loop_probe.cu: a bench-only library) [0]
 *   SWZ_HGEMM_NAME_SUFFIX   appended to the name (tuning candidates, tuning.h) [nothing]
 *
 * The kernel (defaults: 128 x 256 block, 8 warps of 64 x 64, K slices of 32, 4 stages)
 *   grid: one block per 128 x 256 tile of C, in grouped order (SWZ_HGEMM_RASTER_GROUP block rows at a
 *   time, so the blocks in flight share A rows and B columns in L2).  Per K slice kt: the block
 *   copies the A slice (SWZ_HGEMM_TILE x SWZ_HGEMM_TILE_K) and the B slice into stage kt mod SWZ_HGEMM_STAGES with 16-byte
 *   cp.async (zero fill past M, N, K), SWZ_HGEMM_STAGES-1 slices ahead; one cp.async.wait_group
 *   SWZ_HGEMM_STAGES-2 + __syncthreads per slice.  Each warp, per 16-wide k step: 4 ldmatrix.x4 of A
 *   (rows 16i..), 4 ldmatrix.x4 of B (.trans for NN; two n8 tiles each), 32 mma.sync
 *   m16n8k16 into 128 fp32 accumulators per thread; the fragments of step k+1 are loaded
 *   (into the other register buffer) before the mma of step k are issued.
 *   Two main loops, chosen per block: a block whose every slice is full (tiles inside M and N,
 *   K % SWZ_HGEMM_TILE_K == 0, both operands 16-byte aligned with ld % 8 == 0) runs a branch-free slice
 *   (running copy pointers, swz/mma.h NAME_load_async_run; the slice's copies spread between
 *   the m16 rows of mma.sync of its first k steps; the last SWZ_HGEMM_STAGES-1 slices in a loop that
 *   copies nothing); any other block runs the same order with the checked copies.
 *   Epilogue: per warp, 16 rows at a time through shared memory (fp32, rows padded by 8
 *   floats: the 8-byte fragment stores and the 16-byte reads are conflict free), then
 *   alpha * acc + beta * C with 16-byte loads and stores of C (beta == 0 never reads C).
 *   SWZ_HGEMM_PERSIST 1: grid = the blocks the device holds at once (SMs x blocks per SM, capped by the
 *   tiles); block b takes tiles b, b + grid, ... in the grouped order.  When a full-slice
 *   tile's next tile is full too (and K has SWZ_HGEMM_STAGES-1 slices), its last SWZ_HGEMM_STAGES-1 slices copy
 *   the next tile's first ones and the barrier of its last slice also loads the next tile's
 *   first fragments, so the copies are in flight through the epilogue and the next tile's
 *   first slice waits for nothing; otherwise the next tile starts its own prologue after a
 *   barrier.  The epilogue then stages in shared memory of its own (after the stages).
 *
 * Fast path and fallbacks (always correct)
 *   The cp.async path needs, per operand, a 16-byte aligned base pointer and a leading
 *   dimension that is a multiple of 8 elements; otherwise swz/mma.h copies that operand's
 *   chunks element by element (synchronous, zero-filled the same way).  So K % 8 != 0 with
 *   lda = K is correct but slow.  The 16-byte epilogue needs C 16-byte aligned and ldc a
 *   multiple of 16 bytes, else it stores element by element; a ragged right edge stores the
 *   columns inside only.  Any M, N, K >= 0; K == 0 or alpha == 0 run the kernel with no k
 *   slice (the launcher sets K = 0 for alpha == 0): A and B are not read, C = beta * C, so NaN
 *   or inf in A or B does not reach C (BLAS), and beta == 0 gives C = 0 whatever C held.
 *
 * Launcher (returns cudaErrorInvalidValue, launching nothing, for a negative size, a NULL
 * pointer (A, B only when K > 0), ld < the row length, b_layout or c_type unknown, or more than
 * 2^31-1 blocks); M == 0 or N == 0: cudaSuccess, nothing launched.  Dynamic shared memory
 * (cudaFuncSetAttribute once per kernel).
 */
#ifndef SWZ_HGEMM_CUH_ONCE
#define SWZ_HGEMM_CUH_ONCE

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include <swz/mma.h>
#include <swz/pad.h>
#include <swz/xor.h>
#include "../family.h"

#include "hgemm.h" /* the ops record, the variant list, the registry */

/* Layout ids (an unknown SWZ_HGEMM_LAYOUT token is 0 in #if: rejected) and the offset of each. */
#define EX_HG_LID_NONE 1
#define EX_HG_LID_PAD 2
#define EX_HG_LID_XOR 3
#define EX_HG_LNAME_NONE none
#define EX_HG_LNAME_PAD pad
#define EX_HG_LNAME_XOR xor
#define EX_HG_OFF_1(W, r, c) ((uint32_t)(r) * (uint32_t)(W) + (uint32_t)(c))
#define EX_HG_OFF_2(W, r, c) SWZ_PAD_OFFSET(W, 2, 16, (r), (c))
#define EX_HG_OFF_3(W, r, c) SWZ_XOR_AUTO_OFFSET(W, 2, 16, (r), (c))
/* elements of a ROWS x W tile in each layout */
#define EX_HG_SIZE_1(R, W) ((uint32_t)(R) * (uint32_t)(W))
#define EX_HG_SIZE_2(R, W) ((uint32_t)(R) * SWZ_PAD_STRIDE(W, 2, 16))
#define EX_HG_SIZE_3(R, W) ((uint32_t)(R) * (uint32_t)(W))
#define EX_HG_ENAME_OK_half 1
#define EX_HG_ENAME_OK_bf16 1
#define EX_HG_BF16_half 0
#define EX_HG_BF16_bf16 1


/* The epilogue staging row: a warp tile row of WN floats padded by 8 (32 bytes). */
#define EX_HG_EPI_LD(WN) ((WN) + 8)

/* fp32 -> the output element */
static __device__ __forceinline__ void ex_hg_cvt(float v, float *o) { *o = v; }
static __device__ __forceinline__ void ex_hg_cvt(float v, __half *o) { *o = __float2half_rn(v); }
static __device__ __forceinline__ void ex_hg_cvt(float v, __nv_bfloat16 *o) { *o = __float2bfloat16_rn(v); }
static __device__ __forceinline__ float ex_hg_tof(float v) { return v; }
static __device__ __forceinline__ float ex_hg_tof(__half v) { return __half2float(v); }
static __device__ __forceinline__ float ex_hg_tof(__nv_bfloat16 v) { return __bfloat162float(v); }

/* The epilogue's per-lane staging offsets (floats from the warp's staging base), host and
 * device: the one owner, used by the kernel and by the model.
 *   fragment store (STS.64): n8 tile j, half h (0: row g, 1: row g+8), lane l = 4g + t:
 *       row 8h + g, columns 8j + 2t..+1
 *   read (LDS.128), fp32 C: iteration it, lane l: chunk q = 32 it + l of 16 rows x WN/4
 *       chunks: row q / (WN/4), columns 4 (q mod (WN/4))..+3
 *   read, 16-bit C: iteration it, part p (0, 1): chunk q = 32 it + l of 8 columns, row
 *       q / (WN/8), columns 8 (q mod (WN/8)) + 4 (p ^ s)..+3 with s = (q mod (WN/8)) >> 2 & 1:
 *       the lanes of a quarter warp whose 32-byte chunks fall into the second 128 bytes read
 *       their halves in the other order, so each LDS.128 covers 32 distinct banks x 4. */
SWZ_FN uint32_t ex_hg_epi_st(uint32_t wn, uint32_t lane, uint32_t j, uint32_t h)
{
    const uint32_t g = lane >> 2, t = lane & 3u;
    return (8u * h + g) * (uint32_t)EX_HG_EPI_LD(wn) + 8u * j + 2u * t;
}
SWZ_FN uint32_t ex_hg_epi_ld(uint32_t wn, int c16, uint32_t lane, uint32_t it, uint32_t p, uint32_t *row,
                             uint32_t *col)
{
    const uint32_t per = c16 ? wn / 8u : wn / 4u, q = 32u * it + lane, u = q % per;
    *row = q / per;
    *col = c16 ? 8u * u : 4u * u;
    return *row * (uint32_t)EX_HG_EPI_LD(wn) + *col + (c16 ? 4u * (p ^ ((u >> 2) & 1u)) : 0u);
}

#endif /* SWZ_HGEMM_CUH_ONCE */

/* ================================ one variant ================================ */
/* Included with none of SWZ_HGEMM_TILE, SWZ_HGEMM_ELEM, SWZ_HGEMM_ELEM_NAME, SWZ_HGEMM_LAYOUT: the declarations above only. */
#if defined(SWZ_HGEMM_TILE) || defined(SWZ_HGEMM_ELEM) || defined(SWZ_HGEMM_ELEM_NAME) || defined(SWZ_HGEMM_LAYOUT)
#if !defined(SWZ_HGEMM_TILE)
#error "hgemm.cuh: define SWZ_HGEMM_TILE (block tile rows: 64, 128 or 256)"
#endif
#if !defined(SWZ_HGEMM_ELEM)
#error "hgemm.cuh: define SWZ_HGEMM_ELEM (__half or __nv_bfloat16)"
#endif
#if !defined(SWZ_HGEMM_ELEM_NAME)
#error "hgemm.cuh: define SWZ_HGEMM_ELEM_NAME (half or bf16)"
#endif
#if !defined(SWZ_HGEMM_LAYOUT)
#error "hgemm.cuh: define SWZ_HGEMM_LAYOUT (NONE, PAD or XOR)"
#endif
#if !SWZ_CAT(EX_HG_ENAME_OK_, SWZ_HGEMM_ELEM_NAME)
#error "hgemm.cuh: SWZ_HGEMM_ELEM_NAME must be half or bf16"
#endif
#if SWZ_CAT(EX_HG_LID_, SWZ_HGEMM_LAYOUT) < 1 || SWZ_CAT(EX_HG_LID_, SWZ_HGEMM_LAYOUT) > 3
#error "hgemm.cuh: SWZ_HGEMM_LAYOUT must be NONE, PAD or XOR"
#endif
#ifndef SWZ_HGEMM_TILE_N
#define SWZ_HGEMM_TILE_N 256
#endif
#ifndef SWZ_HGEMM_TILE_K
#define SWZ_HGEMM_TILE_K 32
#endif
#ifndef SWZ_HGEMM_STAGES
#define SWZ_HGEMM_STAGES 4
#endif
#ifndef SWZ_HGEMM_WARPS_M
#define SWZ_HGEMM_WARPS_M 2
#endif
#ifndef SWZ_HGEMM_WARP_N
#define SWZ_HGEMM_WARP_N 64
#endif
#ifndef SWZ_HGEMM_RASTER_GROUP
#define SWZ_HGEMM_RASTER_GROUP 8
#endif
#ifndef SWZ_HGEMM_MIN_BLOCKS
#define SWZ_HGEMM_MIN_BLOCKS 1
#endif
#ifndef SWZ_HGEMM_PERSIST
#define SWZ_HGEMM_PERSIST 0
#endif
#ifndef SWZ_HGEMM_LOOP_PROBE
#define SWZ_HGEMM_LOOP_PROBE 0
#endif
#ifndef SWZ_HGEMM_NAME_SUFFIX
#define SWZ_HGEMM_NAME_SUFFIX
#endif

#define EX_HG_LID SWZ_CAT(EX_HG_LID_, SWZ_HGEMM_LAYOUT)
#define EX_HG_OFF(W, r, c) SWZ_CAT(EX_HG_OFF_, EX_HG_LID)(W, r, c)
#define EX_HG_SIZE(R, W) SWZ_CAT(EX_HG_SIZE_, EX_HG_LID)(R, W)
#define EX_HG_NAME                                                                              \
    SWZ_CAT(SWZ_CAT(SWZ_CAT(SWZ_CAT(swz_hgemm_, SWZ_CAT(EX_HG_LNAME_, SWZ_HGEMM_LAYOUT)), SWZ_CAT(_, SWZ_HGEMM_TILE)), \
                        SWZ_CAT(_, SWZ_HGEMM_ELEM_NAME)),                                               \
              SWZ_HGEMM_NAME_SUFFIX)
#define HG(x) SWZ_CAT(EX_HG_NAME, x)

enum {
    HG(__BM) = (SWZ_HGEMM_TILE), HG(__BN) = (SWZ_HGEMM_TILE_N), HG(__BK) = (SWZ_HGEMM_TILE_K), HG(__S) = (SWZ_HGEMM_STAGES),
    HG(__WM) = (SWZ_HGEMM_WARPS_M), HG(__WTM) = (SWZ_HGEMM_TILE) / (SWZ_HGEMM_WARPS_M), HG(__WTN) = (SWZ_HGEMM_WARP_N),
    HG(__WN) = (SWZ_HGEMM_TILE_N) / (SWZ_HGEMM_WARP_N), HG(__NT) = 32 * (SWZ_HGEMM_WARPS_M) * ((SWZ_HGEMM_TILE_N) / (SWZ_HGEMM_WARP_N)),
    HG(__MI) = (SWZ_HGEMM_TILE) / (SWZ_HGEMM_WARPS_M) / 16, HG(__NI) = (SWZ_HGEMM_WARP_N) / 8, HG(__KS) = (SWZ_HGEMM_TILE_K) / 16,
    HG(__BF16) = SWZ_CAT(EX_HG_BF16_, SWZ_HGEMM_ELEM_NAME)
};

SWZ_STATIC_ASSERT((SWZ_HGEMM_TILE) == 64 || (SWZ_HGEMM_TILE) == 128 || (SWZ_HGEMM_TILE) == 256, swz_error_hgemm_TILE_must_be_64_128_or_256);
SWZ_STATIC_ASSERT(sizeof(SWZ_HGEMM_ELEM) == 2, swz_error_hgemm_ELEM_must_be_a_2_byte_type);
SWZ_STATIC_ASSERT((SWZ_HGEMM_TILE_N) == 64 || (SWZ_HGEMM_TILE_N) == 128 || (SWZ_HGEMM_TILE_N) == 256, swz_error_hgemm_TILE_N_must_be_64_128_or_256);
SWZ_STATIC_ASSERT((SWZ_HGEMM_TILE_K) == 32 || (SWZ_HGEMM_TILE_K) == 64, swz_error_hgemm_TILE_K_must_be_32_or_64);
SWZ_STATIC_ASSERT((SWZ_HGEMM_STAGES) >= 2 && (SWZ_HGEMM_STAGES) <= 6, swz_error_hgemm_STAGES_must_be_2_to_6);
SWZ_STATIC_ASSERT((SWZ_HGEMM_WARPS_M) >= 1 && (SWZ_HGEMM_TILE) % ((SWZ_HGEMM_WARPS_M) * 16) == 0, swz_error_hgemm_WARPS_M_must_divide_TILE_into_16_row_blocks);
SWZ_STATIC_ASSERT((SWZ_HGEMM_WARP_N) % 16 == 0 && (SWZ_HGEMM_TILE_N) % (SWZ_HGEMM_WARP_N) == 0, swz_error_hgemm_WARP_N_must_be_a_multiple_of_16_dividing_TILE_N);
SWZ_STATIC_ASSERT(HG(__NT) <= 1024, swz_error_hgemm_more_than_1024_threads);
SWZ_STATIC_ASSERT((SWZ_HGEMM_RASTER_GROUP) >= 1, swz_error_hgemm_RASTER_GROUP_must_be_positive);
SWZ_STATIC_ASSERT((SWZ_HGEMM_MIN_BLOCKS) >= 1, swz_error_hgemm_MIN_BLOCKS_must_be_positive);
SWZ_STATIC_ASSERT((SWZ_HGEMM_PERSIST) == 0 || (SWZ_HGEMM_PERSIST) == 1, swz_error_hgemm_PERSIST_must_be_0_or_1);
SWZ_STATIC_ASSERT((SWZ_HGEMM_LOOP_PROBE) == 0 || (SWZ_HGEMM_LOOP_PROBE) == 1, swz_error_hgemm_LOOP_PROBE_must_be_0_or_1);

/* The three shared tiles through swz/mma.h: A (SWZ_HGEMM_TILE x SWZ_HGEMM_TILE_K), B NN (SWZ_HGEMM_TILE_K x SWZ_HGEMM_TILE_N), B NT
 * (SWZ_HGEMM_TILE_N x SWZ_HGEMM_TILE_K). */
#define SWZ_MMA_NAME HG(_ta)
#define SWZ_MMA_COPY_PERIODIC 1 /* checked by NAME_model (test-hgemm model) */
#define SWZ_MMA_ELEM SWZ_HGEMM_ELEM
#define SWZ_MMA_ROWS (SWZ_HGEMM_TILE)
#define SWZ_MMA_COLS (SWZ_HGEMM_TILE_K)
#define SWZ_MMA_THREADS HG(__NT)
#define SWZ_MMA_LAYOUT(r, c) EX_HG_OFF(SWZ_HGEMM_TILE_K, r, c)
#include <swz/mma.h>
#define SWZ_MMA_NAME HG(_tb)
#define SWZ_MMA_COPY_PERIODIC 1 /* checked by NAME_model (test-hgemm model) */
#define SWZ_MMA_ELEM SWZ_HGEMM_ELEM
#define SWZ_MMA_ROWS (SWZ_HGEMM_TILE_K)
#define SWZ_MMA_COLS (SWZ_HGEMM_TILE_N)
#define SWZ_MMA_THREADS HG(__NT)
#define SWZ_MMA_LAYOUT(r, c) EX_HG_OFF(SWZ_HGEMM_TILE_N, r, c)
#include <swz/mma.h>
#define SWZ_MMA_NAME HG(_tbt)
#define SWZ_MMA_COPY_PERIODIC 1 /* checked by NAME_model (test-hgemm model) */
#define SWZ_MMA_ELEM SWZ_HGEMM_ELEM
#define SWZ_MMA_ROWS (SWZ_HGEMM_TILE_N)
#define SWZ_MMA_COLS (SWZ_HGEMM_TILE_K)
#define SWZ_MMA_THREADS HG(__NT)
#define SWZ_MMA_LAYOUT(r, c) EX_HG_OFF(SWZ_HGEMM_TILE_K, r, c)
#include <swz/mma.h>

/* bytes: one A tile, one B tile (the larger of the two orientations), one stage, all stages;
 * each rounded up to 128 bytes. */
#define EX_HG_R128(x) (((uint32_t)(x) + 127u) / 128u * 128u)
#define EX_HG_MAX(a, b) ((a) > (b) ? (a) : (b))
enum {
    HG(__A_BYTES) = EX_HG_R128(2u * EX_HG_SIZE(SWZ_HGEMM_TILE, SWZ_HGEMM_TILE_K)),
    HG(__B_BYTES) = EX_HG_R128(2u * EX_HG_MAX(EX_HG_SIZE(SWZ_HGEMM_TILE_K, SWZ_HGEMM_TILE_N), EX_HG_SIZE(SWZ_HGEMM_TILE_N, SWZ_HGEMM_TILE_K)))
};
#define HG_STAGE_BYTES ((uint32_t)HG(__A_BYTES) + (uint32_t)HG(__B_BYTES))
/* the epilogue's staging: 16 rows of EX_HG_EPI_LD(SWZ_HGEMM_WARP_N) floats per warp; in the stages'
 * memory (after the last slice) unless SWZ_HGEMM_PERSIST, where the next tile's copies are in flight */
#define HG_EPI_BYTES ((uint32_t)HG(__NT) / 32u * 16u * (uint32_t)EX_HG_EPI_LD(SWZ_HGEMM_WARP_N) * 4u)
#define HG_SMEM_BYTES (HG_STAGE_BYTES * (uint32_t)(SWZ_HGEMM_STAGES) + ((SWZ_HGEMM_PERSIST) ? HG_EPI_BYTES : 0u))
SWZ_STATIC_ASSERT(EX_HG_R128(2u * EX_HG_SIZE(SWZ_HGEMM_TILE, SWZ_HGEMM_TILE_K)) * 1u + 0u <= 232448u, swz_error_hgemm_A_tile_too_big);
SWZ_STATIC_ASSERT(HG_STAGE_BYTES * (uint32_t)(SWZ_HGEMM_STAGES) <= 232448u, swz_error_hgemm_stages_exceed_227KiB_of_shared_memory);
SWZ_STATIC_ASSERT(HG_SMEM_BYTES <= 232448u,
                  swz_error_hgemm_PERSIST_stages_and_epilogue_staging_exceed_227KiB_of_shared_memory);
SWZ_STATIC_ASSERT(((SWZ_HGEMM_TILE) / (SWZ_HGEMM_WARPS_M) / 16 >= 1) && HG_EPI_BYTES <= HG_STAGE_BYTES * (uint32_t)(SWZ_HGEMM_STAGES),
                  swz_error_hgemm_epilogue_staging_exceeds_the_pipeline_shared_memory);

/* The byte offset (from the tile) of the row lane `lane` gives ldmatrix .x4 for fragment i of
 * k step ks of the warp (wm, wn): operand 0 = A (m16 block i), 1 = B NN, 2 = B NT (n16 pair
 * i).  The one owner of the kernel's fragment addresses (device and host twin).  It is
 * NAME_lane_addr split into a part per thread and k step (A, B NT) or per thread and pair (B
 * NN), computed once outside the main loop, plus a constant: the fragment's 16-row step
 * taken at lane 0.  That holds for every layout whose offset(r + 16, c) - offset(r, c) is the
 * same for all r, c -- none, pad and the automatic XOR (its key has a period of at most 8
 * rows); test-hgemm model checks every lane of every fragment against the layout formula. */
SWZ_FN uint32_t HG(__frag_addr)(int operand, uint32_t lane, int wm, int wn, int ks, int i)
{
    const uint32_t r0 = (uint32_t)(wm * HG(__WTM)), n0 = (uint32_t)(wn * HG(__WTN)), k0 = 16u * (uint32_t)ks;
    const uint32_t s = 16u * (uint32_t)i;
    if (operand == 0)
        return HG(_ta_lane_addr)(SWZ_MMA_A, 4, (int)lane, r0, k0) +
               (HG(_ta_lane_addr)(SWZ_MMA_A, 4, 0, s, 0u) - HG(_ta_lane_addr)(SWZ_MMA_A, 4, 0, 0u, 0u));
    if (operand == 1)
        return HG(_tb_lane_addr)(SWZ_MMA_B, 4, (int)lane, 0u, n0 + s) +
               (HG(_tb_lane_addr)(SWZ_MMA_B, 4, 0, k0, 0u) - HG(_tb_lane_addr)(SWZ_MMA_B, 4, 0, 0u, 0u));
    return HG(_tbt_lane_addr)(SWZ_MMA_BT, 4, (int)lane, n0, k0) +
           (HG(_tbt_lane_addr)(SWZ_MMA_BT, 4, 0, s, 0u) - HG(_tbt_lane_addr)(SWZ_MMA_BT, 4, 0, 0u, 0u));
}

#if defined(__CUDACC__)
/* Fragments of k step ks (0 .. SWZ_HGEMM_TILE_K/16-1) of the stage at shared address st (cvta; A at 0,
 * B at A_BYTES) into fa, fb, at HG(__frag_addr). */
template <int BT>
static __device__ __forceinline__ void HG(__frags)(uint32_t (&fa)[HG(__MI)][4], uint32_t (&fb)[HG(__NI)][2],
                                                   uint32_t st, int wm, int wn, int ks)
{
    const uint32_t lane = threadIdx.x & 31u;
#pragma unroll
    for (int i = 0; i < HG(__MI); ++i) swz_mma_ldmatrix_x4(fa[i], st + HG(__frag_addr)(0, lane, wm, wn, ks, i), 0);
#pragma unroll
    for (int j = 0; j < HG(__NI) / 2; ++j) {
        uint32_t r[4];
        swz_mma_ldmatrix_x4(r, st + (uint32_t)HG(__A_BYTES) + HG(__frag_addr)(BT == SWZ_HGEMM_NN ? 1 : 2, lane, wm, wn, ks, j),
                            BT == SWZ_HGEMM_NN);
        fb[2 * j][0] = r[0];
        fb[2 * j][1] = r[1];
        fb[2 * j + 1][0] = r[2];
        fb[2 * j + 1][1] = r[3];
    }
}

/* The slice at k0 of A and B into `stage`: NAME_load_async_full where the tile is inside the
 * matrix and the operand is 16-byte aligned (fa, fb), else NAME_load_async (zero fill, any
 * alignment). */
template <int BT>
static __device__ __forceinline__ void HG(__copy)(unsigned char *stage, const SWZ_HGEMM_ELEM *A, int64_t lda,
                                                  const SWZ_HGEMM_ELEM *B, int64_t ldb, int64_t m0, int64_t n0,
                                                  int64_t k0, int64_t M, int64_t N, int64_t K, int fa, int fb,
                                                  int64_t offa, int64_t offb)
{
    SWZ_HGEMM_ELEM *sa = (SWZ_HGEMM_ELEM *)stage, *sb = (SWZ_HGEMM_ELEM *)(stage + HG(__A_BYTES));
    if (fa) HG(_ta_load_async_full)(sa, A + m0 * lda + k0, lda, offa);
    else HG(_ta_load_async)(sa, A, lda, m0, k0, M, K);
    if (BT == SWZ_HGEMM_NN) {
        if (fb) HG(_tb_load_async_full)(sb, B + k0 * ldb + n0, ldb, offb);
        else HG(_tb_load_async)(sb, B, ldb, k0, n0, K, N);
    } else {
        if (fb) HG(_tbt_load_async_full)(sb, B + n0 * ldb + k0, ldb, offb);
        else HG(_tbt_load_async)(sb, B, ldb, n0, k0, N, K);
    }
}

/* The 32 mma.sync of one k step of a warp tile (serpentine over N: reuse the B registers). */
static __device__ __forceinline__ void HG(__mma)(float (&acc)[HG(__MI)][HG(__NI)][4], const uint32_t (&fa)[HG(__MI)][4],
                                                 const uint32_t (&fb)[HG(__NI)][2])
{
#pragma unroll
    for (int i = 0; i < HG(__MI); ++i)
#pragma unroll
        for (int jj = 0; jj < HG(__NI); ++jj) {
            const int j = (i & 1) ? HG(__NI) - 1 - jj : jj;
#if SWZ_CAT(EX_HG_BF16_, SWZ_HGEMM_ELEM_NAME)
            swz_mma_m16n8k16_bf16(acc[i][j], fa[i], fb[j], acc[i][j]);
#else
            swz_mma_m16n8k16_f16(acc[i][j], fa[i], fb[j], acc[i][j]);
#endif
        }
}

/* The main loop of a block whose every slice is full (both tiles inside the matrix, K a
 * multiple of SWZ_HGEMM_TILE_K, operands 16-byte aligned with ld a multiple of 8): the loop's order with no
 * branch in the slice.  The copies come from running pointers (swz/mma.h NAME_load_async_run:
 * one 64-bit add per chunk, shared offsets as immediates), and a slice's chunks are spread over
 * the m16 rows of mma.sync of its first SWZ_HGEMM_TILE_K/16 - 1 k steps (the first when there are two):
 * slot q of NSLOT = PARTS x MI copies chunks [q T / NSLOT, (q+1) T / NSLOT) of the T = PA + PB
 * this thread issues (A's first), so the copies sit between mma.sync instead of in a burst
 * that idles the tensor pipe.  The last SWZ_HGEMM_STAGES-1 slices copy nothing (COPY 0). */
enum { HG(__PA) = (HG(_ta_CHUNKS) + HG(__NT) - 1) / HG(__NT),
       HG(__PB) = (EX_HG_MAX((int)HG(_tb_CHUNKS), (int)HG(_tbt_CHUNKS)) + HG(__NT) - 1) / HG(__NT),
       HG(__PARTS) = HG(__KS) > 2 ? HG(__KS) - 1 : 1, HG(__NSLOT) = HG(__PARTS) * HG(__MI) };
template <int BT>
static __device__ __forceinline__ void HG(__copy_slot)(int q, unsigned sa, unsigned sb, const SWZ_HGEMM_ELEM *pa, int64_t lda,
                                                       const SWZ_HGEMM_ELEM *pb, int64_t ldb)
{
    enum { PA = HG(__PA), T = HG(__PA) + HG(__PB), NS = HG(__NSLOT) };
    const int lo = q * T / NS, hi = (q + 1) * T / NS;
    if (lo < PA) HG(_ta_load_async_run)(sa, pa, lda, lo, hi < PA ? hi : PA, 1);
    if (hi > PA) {
        if (BT == SWZ_HGEMM_NN) HG(_tb_load_async_run)(sb, pb, ldb, lo > PA ? lo - PA : 0, hi - PA, 1);
        else HG(_tbt_load_async_run)(sb, pb, ldb, lo > PA ? lo - PA : 0, hi - PA, 1);
    }
}
/* One full slice: k steps 0 .. KS-1 (fragments of step k+1 loaded before the mma of step k; the
 * barrier before the last step's mma, the next slice's first fragments after it).  COPY: the
 * slice SWZ_HGEMM_STAGES-1 ahead is copied from pa, pb into the stage at byte offset wo. */
template <int BT, int COPY>
static __device__ __forceinline__ void HG(__slice_full)(float (&acc)[HG(__MI)][HG(__NI)][4],
                                                        uint32_t (&fa)[2][HG(__MI)][4], uint32_t (&fb)[2][HG(__NI)][2],
                                                        uint32_t sm, int &rs, uint32_t da, uint32_t db,
                                                        const SWZ_HGEMM_ELEM *pa, int64_t lda, const SWZ_HGEMM_ELEM *pb, int64_t ldb,
                                                        int wm, int wn)
{
    enum { KS = HG(__KS), MI = HG(__MI), NI = HG(__NI), S = HG(__S) };
#pragma unroll
    for (int ks = 0; ks < KS; ++ks) {
        if (ks == KS - 1) {
            swz_mma_commit();
            SWZ_MMA_WAIT(S - 2);
            __syncthreads();
            rs = rs == S - 1 ? 0 : rs + 1;
        }
        {
            HG(__frags)<BT>(fa[(ks + 1) & 1], fb[(ks + 1) & 1], sm + (uint32_t)rs * HG_STAGE_BYTES, wm, wn,
                            (ks + 1) % KS);
        }
#pragma unroll
        for (int i = 0; i < MI; ++i) {
#pragma unroll
            for (int jj = 0; jj < NI; ++jj) {
                const int j = (i & 1) ? NI - 1 - jj : jj;
#if SWZ_CAT(EX_HG_BF16_, SWZ_HGEMM_ELEM_NAME)
                swz_mma_m16n8k16_bf16(acc[i][j], fa[ks & 1][i], fb[ks & 1][j], acc[i][j]);
#else
                swz_mma_m16n8k16_f16(acc[i][j], fa[ks & 1][i], fb[ks & 1][j], acc[i][j]);
#endif
            }
            if (COPY && ks < HG(__PARTS)) HG(__copy_slot)<BT>(ks * MI + i, da, db, pa, lda, pb, ldb);
        }
    }
}

/* Full slices kt .. end-1 (kt advanced), each copying the slice SWZ_HGEMM_STAGES-1 ahead from pa, pb
 * (advanced) into stage ws (advanced); COPY 0: they copy nothing. */
template <int BT, int COPY>
static __device__ __forceinline__ void HG(__slices)(int &kt, int end, float (&acc)[HG(__MI)][HG(__NI)][4],
                                                    uint32_t (&fa)[2][HG(__MI)][4], uint32_t (&fb)[2][HG(__NI)][2],
                                                    uint32_t sm, int &rs, int &ws, uint32_t da, uint32_t db,
                                                    const SWZ_HGEMM_ELEM *&pa, int64_t lda, const SWZ_HGEMM_ELEM *&pb, int64_t ldb,
                                                    int64_t ib, int wm, int wn)
{
    for (; kt < end; ++kt) {
        const uint32_t wo = COPY ? (uint32_t)ws * HG_STAGE_BYTES : 0u;
        HG(__slice_full)<BT, COPY>(acc, fa, fb, sm, rs, da + wo, db + wo, pa, lda, pb, ldb, wm, wn);
        if (COPY) {
            pa += HG(__BK), pb += ib;
            ws = ws == HG(__S) - 1 ? 0 : ws + 1;
        }
    }
}

/* The prologue of the full-slice loop: slices 0 .. NS-1 (those < KT) into stages 0 .. NS-1, each
 * its own commit group (the slots of one slice in order), pa and pb advanced past them. */
template <int BT, int NS>
static __device__ __forceinline__ void HG(__prime)(int KT, uint32_t da, uint32_t db, const SWZ_HGEMM_ELEM *&pa, int64_t lda,
                                                   const SWZ_HGEMM_ELEM *&pb, int64_t ldb, int64_t ib)
{
#pragma unroll
    for (int s = 0; s < NS; ++s) {
        if (s < KT)
#pragma unroll
            for (int q = 0; q < HG(__NSLOT); ++q)
                HG(__copy_slot)<BT>(q, da + s * HG_STAGE_BYTES, db + s * HG_STAGE_BYTES, pa, lda, pb, ldb);
        swz_mma_commit();
        pa += HG(__BK), pb += ib;
    }
}

/* After a prologue: wait until all but the last W of its copy groups landed, make every
 * thread's copies visible (barrier), then load slice 0's first fragments from stage 0. */
template <int BT, int W>
static __device__ __forceinline__ void HG(__first_frags)(uint32_t (&fa)[HG(__MI)][4], uint32_t (&fb)[HG(__NI)][2],
                                                         uint32_t sm, int wm, int wn)
{
    SWZ_MMA_WAIT(W);
    __syncthreads();
    HG(__frags)<BT>(fa, fb, sm, wm, wn, 0);
}

/* The accumulators of a warp tile set to 0. */
static __device__ __forceinline__ void HG(__zero)(float (&acc)[HG(__MI)][HG(__NI)][4])
{
#pragma unroll
    for (int i = 0; i < HG(__MI); ++i)
#pragma unroll
        for (int j = 0; j < HG(__NI); ++j) acc[i][j][0] = acc[i][j][1] = acc[i][j][2] = acc[i][j][3] = 0.f;
}

/* The origin of tile t (0 <= t < tiles_m * tiles_n) in the grouped raster: SWZ_HGEMM_RASTER_GROUP block
 * rows at a time, walked column by column, so the blocks in flight share A rows and B columns
 * in L2. */
static __device__ __forceinline__ void HG(__tile_origin)(int64_t t, int64_t tiles_m, int64_t tiles_n, int64_t *m0,
                                                         int64_t *n0)
{
    const int64_t per_group = (int64_t)(SWZ_HGEMM_RASTER_GROUP) * tiles_n;
    const int64_t first_m = t / per_group * (SWZ_HGEMM_RASTER_GROUP);
    const int64_t gsize = tiles_m - first_m < (SWZ_HGEMM_RASTER_GROUP) ? tiles_m - first_m : (SWZ_HGEMM_RASTER_GROUP);
    *m0 = (first_m + (t % per_group) % gsize) * HG(__BM);
    *n0 = (t % per_group) / gsize * HG(__BN);
}

#if !SWZ_HGEMM_LOOP_PROBE /* the GEMM: kernel and launcher */
template <int BT, typename CT>
__global__ void __launch_bounds__(HG(__NT), SWZ_HGEMM_MIN_BLOCKS)
    HG(_kernel)(int64_t M, int64_t N, int64_t K, float alpha, const SWZ_HGEMM_ELEM *__restrict__ A, int64_t lda,
                const SWZ_HGEMM_ELEM *__restrict__ B, int64_t ldb, float beta, CT *C, int64_t ldc)
{
    enum { BM = HG(__BM), BN = HG(__BN), BK = HG(__BK), S = HG(__S), MI = HG(__MI), NI = HG(__NI),
           KS = HG(__KS), WTM = HG(__WTM), WTN = HG(__WTN), WN = HG(__WN), EPL = EX_HG_EPI_LD(SWZ_HGEMM_WARP_N) };
    extern __shared__ __align__(128) unsigned char HG(__smem)[];
    unsigned char *smem = HG(__smem);
    const int64_t tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN, tiles = tiles_m * tiles_n;
    const int warp = (int)(threadIdx.x >> 5), lane = (int)(threadIdx.x & 31u);
    const int wm = warp / WN, wn = warp % WN;
    const int KT = (int)((K + BK - 1) / BK);
    /* full-tile copies: operand 16-byte aligned with ld a multiple of 8, tile inside M / N;
     * slice kt also needs (kt + 1) * BK <= K, i.e. kt < KF */
    const int al_a = (((uintptr_t)A) & 15u) == 0 && lda % 8 == 0;
    const int al_b = (((uintptr_t)B) & 15u) == 0 && ldb % 8 == 0;
    const int KF = (int)(K / BK);
    /* this thread's first copy chunk in A and B (loop-invariant: swz/mma.h NAME_copy_offset) */
    const int64_t offa = HG(_ta_copy_offset)(lda);
    const int64_t offb = BT == SWZ_HGEMM_NN ? HG(_tb_copy_offset)(ldb) : HG(_tbt_copy_offset)(ldb);
    const uint32_t sm = (uint32_t)__cvta_generic_to_shared(smem);
    const uint32_t da = sm + HG(_ta_chunk_addr)((int)threadIdx.x);
    const uint32_t db = sm + HG(__A_BYTES) +
                        (BT == SWZ_HGEMM_NN ? HG(_tb_chunk_addr)((int)threadIdx.x) : HG(_tbt_chunk_addr)((int)threadIdx.x));
    const int64_t ib = BT == SWZ_HGEMM_NN ? (int64_t)BK * ldb : (int64_t)BK;

    float acc[MI][NI][4];
    uint32_t fa[2][MI][4], fb[2][NI][2];
    /* rs: the stage the next slice is read from; ws: the stage the copy SWZ_HGEMM_STAGES-1 slices ahead
     * goes to (always rs + S - 1 mod S); primed: this tile's first S-1 slices were copied by
     * the previous tile's last slices and fa[0], fb[0] hold its first fragments (SWZ_HGEMM_PERSIST) */
    int rs = 0, ws = S - 1, primed = 0;
    const SWZ_HGEMM_ELEM *pa = A, *pb = B;
    for (int64_t t = blockIdx.x; t < tiles; t += (SWZ_HGEMM_PERSIST) ? (int64_t)gridDim.x : tiles) {
        int64_t m0, n0;
        HG(__tile_origin)(t, tiles_m, tiles_n, &m0, &n0);
        HG(__zero)(acc);
        const int in_a = al_a && m0 + BM <= M, in_b = al_b && n0 + BN <= N;
        if (in_a && in_b && K % BK == 0) {
            /* every slice full: the branch-free loop (HG(__slice_full)) */
            if (!primed) {
                /* the previous tile (SWZ_HGEMM_PERSIST) may still be read from: a barrier before the copies */
                if ((SWZ_HGEMM_PERSIST) && t != (int64_t)blockIdx.x) __syncthreads();
                rs = 0, ws = S - 1;
                pa = A + m0 * lda + offa;
                pb = B + (BT == SWZ_HGEMM_NN ? n0 : n0 * ldb) + offb;
                HG(__prime)<BT, S - 1>(KT, da, db, pa, lda, pb, ldb, ib);
                HG(__first_frags)<BT, S - 2>(fa[0], fb[0], sm, wm, wn);
            }
            int kt = 0;
            HG(__slices)<BT, 1>(kt, KT - (S - 1), acc, fa, fb, sm, rs, ws, da, db, pa, lda, pb, ldb, ib, wm, wn);
            primed = 0;
#if SWZ_HGEMM_PERSIST
            /* the last S-1 slices copy the first S-1 of the block's next tile when that one is full
             * too (and K has S-1 slices): the stream of slices goes on across the tiles */
            {
                const int64_t tn = t + (int64_t)gridDim.x;
                int64_t m1 = M, n1 = N;
                if (tn < tiles) HG(__tile_origin)(tn, tiles_m, tiles_n, &m1, &n1);
                if (tn < tiles && KT >= S - 1 && m1 + BM <= M && n1 + BN <= N) {
                    pa = A + m1 * lda + offa;
                    pb = B + (BT == SWZ_HGEMM_NN ? n1 : n1 * ldb) + offb;
                    HG(__slices)<BT, 1>(kt, KT, acc, fa, fb, sm, rs, ws, da, db, pa, lda, pb, ldb, ib, wm, wn);
                    primed = 1;
                }
            }
#endif
            HG(__slices)<BT, 0>(kt, KT, acc, fa, fb, sm, rs, ws, da, db, pa, lda, pb, ldb, ib, wm, wn);
        } else {
            /* some slice is not full (an edge block, K % SWZ_HGEMM_TILE_K, an unaligned operand): each copy
             * takes NAME_load_async_full or the checked, zero-filling NAME_load_async.  The same
             * order: fragments prefetched across the slice boundary, the barrier before the last
             * k step's mma, the next slice's first fragments right after it */
            if ((SWZ_HGEMM_PERSIST) && t != (int64_t)blockIdx.x) __syncthreads();
            rs = 0, ws = S - 1, primed = 0;
#pragma unroll
            for (int s = 0; s < S - 1; ++s) {
                if (s < KT)
                    HG(__copy)<BT>(smem + s * HG_STAGE_BYTES, A, lda, B, ldb, m0, n0, (int64_t)s * BK, M, N, K,
                                   in_a && s < KF, in_b && s < KF, offa, offb);
                swz_mma_commit();
            }
            HG(__first_frags)<BT, S - 2>(fa[0], fb[0], sm, wm, wn);
            for (int kt = 0; kt < KT; ++kt) {
#pragma unroll
                for (int ks = 0; ks < KS; ++ks) {
                    if (ks == KS - 1) {
                        SWZ_MMA_WAIT(S - 2);
                        __syncthreads();
                        rs = rs == S - 1 ? 0 : rs + 1;
                    }
                    {
                        HG(__frags)<BT>(fa[(ks + 1) & 1], fb[(ks + 1) & 1], sm + (uint32_t)rs * HG_STAGE_BYTES, wm, wn,
                                        (ks + 1) % KS);
                    }
                    if (ks == 0) {
                        const int kn = kt + S - 1;
                        if (kn < KT)
                            HG(__copy)<BT>(smem + ws * HG_STAGE_BYTES, A, lda, B, ldb, m0, n0, (int64_t)kn * BK, M, N,
                                           K, in_a && kn < KF, in_b && kn < KF, offa, offb);
                        swz_mma_commit();
                        ws = ws == S - 1 ? 0 : ws + 1;
                    }
                    HG(__mma)(acc, fa[ks & 1], fb[ks & 1]);
                }
            }
        }

        /* epilogue.  SWZ_HGEMM_PERSIST: in its own shared memory, while the next tile's copies land;
         * otherwise in the stages': every cp.async (also the zero-filled slices past K) landed
         * and no stage is read any more */
#if !SWZ_HGEMM_PERSIST
        SWZ_MMA_WAIT(0);
        __syncthreads();
#endif
        {
            float *stg = (float *)(smem + ((SWZ_HGEMM_PERSIST) ? (uint32_t)(SWZ_HGEMM_STAGES) * HG_STAGE_BYTES : 0u)) +
                         (uint32_t)warp * 16u * (uint32_t)EPL;
            const int c16 = sizeof(CT) == 2;
            const int vec = (((uintptr_t)C) & 15u) == 0 && ((uint64_t)ldc * sizeof(CT)) % 16u == 0;
#pragma unroll
            for (int i = 0; i < MI; ++i) {
                __syncwarp();
#pragma unroll
                for (int j = 0; j < NI; ++j)
#pragma unroll
                    for (int h = 0; h < 2; ++h)
                        *(float2 *)(stg + ex_hg_epi_st(WTN, (uint32_t)lane, (uint32_t)j, (uint32_t)h)) =
                            make_float2(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
                __syncwarp();
                const int64_t row0 = m0 + wm * WTM + 16 * i, col0 = n0 + wn * WTN;
                enum { PER = 16 * WTN / (sizeof(CT) == 2 ? 8 : 4) / 32 };
#pragma unroll
                for (int it = 0; it < PER; ++it) {
                    uint32_t r, c;
                    float v[8];
                    const uint32_t o0 = ex_hg_epi_ld(WTN, c16, (uint32_t)lane, (uint32_t)it, 0u, &r, &c);
                    const float4 x0 = *(const float4 *)(stg + o0);
                    const int nv = c16 ? 8 : 4;
                    v[0] = x0.x, v[1] = x0.y, v[2] = x0.z, v[3] = x0.w;
                    if (c16) {
                        const uint32_t o1 = ex_hg_epi_ld(WTN, c16, (uint32_t)lane, (uint32_t)it, 1u, &r, &c);
                        const float4 x1 = *(const float4 *)(stg + o1);
                        if (o1 > o0) v[4] = x1.x, v[5] = x1.y, v[6] = x1.z, v[7] = x1.w;
                        else v[4] = v[0], v[5] = v[1], v[6] = v[2], v[7] = v[3],
                             v[0] = x1.x, v[1] = x1.y, v[2] = x1.z, v[3] = x1.w;
                    }
                    const int64_t gr = row0 + r, gc = col0 + c;
                    if (gr >= M || gc >= N) continue;
                    CT *cp = C + gr * ldc + gc;
                    if (vec && gc + nv <= N) {
                        __align__(16) CT o[8];
                        if (beta != 0.f) {
                            __align__(16) CT old[8];
                            *(uint4 *)old = *(const uint4 *)cp;
#pragma unroll
                            for (int e = 0; e < 8; ++e)
                                if (e < nv) ex_hg_cvt(alpha * v[e] + beta * ex_hg_tof(old[e]), &o[e]);
                        } else {
#pragma unroll
                            for (int e = 0; e < 8; ++e)
                                if (e < nv) ex_hg_cvt(alpha * v[e], &o[e]);
                        }
                        *(uint4 *)cp = *(const uint4 *)o;
                    } else {
                        for (int e = 0; e < nv && gc + e < N; ++e) {
                            CT o;
                            ex_hg_cvt(beta != 0.f ? alpha * v[e] + beta * ex_hg_tof(cp[e]) : alpha * v[e], &o);
                            cp[e] = o;
                        }
                    }
                }
            }
        }
    } /* tiles */
    SWZ_MMA_WAIT(0); /* SWZ_HGEMM_PERSIST: nothing in flight is left at exit (the last copies were waited for) */
}

template <int BT, typename CT>
static cudaError_t HG(__launch)(int64_t M, int64_t N, int64_t K, float alpha, const SWZ_HGEMM_ELEM *A, int64_t lda,
                                const SWZ_HGEMM_ELEM *B, int64_t ldb, float beta, CT *C, int64_t ldc, cudaStream_t stream)
{
    static int configured = 0, resident = 0; /* set once per kernel: the shared memory limit;
                                                  SWZ_HGEMM_PERSIST: blocks resident on the device */
    int64_t blocks = ((M + HG(__BM) - 1) / HG(__BM)) * ((N + HG(__BN) - 1) / HG(__BN));
    if (blocks > 0x7FFFFFFF) return cudaErrorInvalidValue;
    if (!configured) {
        cudaError_t e = cudaFuncSetAttribute(HG(_kernel)<BT, CT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)HG_SMEM_BYTES);
        if (e == cudaSuccess && (SWZ_HGEMM_PERSIST)) {
            int dev = 0, sms = 0, per_sm = 0;
            e = cudaGetDevice(&dev);
            if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
            if (e == cudaSuccess)
                e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, HG(_kernel)<BT, CT>, HG(__NT),
                                                                  HG_SMEM_BYTES);
            if (e == cudaSuccess && sms * per_sm < 1) e = cudaErrorInvalidConfiguration;
            resident = sms * per_sm;
        }
        if (e != cudaSuccess) return e;
        configured = 1;
    }
    if ((SWZ_HGEMM_PERSIST) && blocks > resident) blocks = resident;
    HG(_kernel)<BT, CT><<<(unsigned)blocks, HG(__NT), HG_SMEM_BYTES, stream>>>(M, N, K, alpha, A, lda, B, ldb,
                                                                               beta, C, ldc);
    return cudaGetLastError();
}
#endif /* !SWZ_HGEMM_LOOP_PROBE */

#if SWZ_HGEMM_LOOP_PROBE
/* The main loop alone (SWZ_HGEMM_LOOP_PROBE 1; bench/mma_ceiling's loop ceilings): block b runs KT full
 * slices of NN tile t = b mod tiles -- A rows t*SWZ_HGEMM_TILE .. (t+1)*SWZ_HGEMM_TILE-1 (lda), B columns
 * t*SWZ_HGEMM_TILE_N .. (t+1)*SWZ_HGEMM_TILE_N-1 (ldb), few enough tiles that the operands stay in L2, each read
 * by every tiles-th block as a GEMM's grouped raster shares them -- through the kernel's own
 * prologue (HG(__prime)) and slice loop (HG(__slices)).  copy 1: as in the GEMM, each slice
 * copies the one SWZ_HGEMM_STAGES-1 ahead; copy 0: the SWZ_HGEMM_STAGES stages are filled once and then read round
 * and round by slices that copy nothing (the ldmatrix + mma.sync + barrier of the loop, no
 * memory traffic).  No epilogue: each thread writes the sum of its accumulators to out (so
 * nothing is eliminated) and thread 0 of each block its clock64 and globaltimer spans to
 * clk[2b], clk[2b+1] (the SM clock the loop ran at).  Named NAME_kernel_loop_probe.  KT >= SWZ_HGEMM_STAGES; A is tiles*SWZ_HGEMM_TILE x KT*SWZ_HGEMM_TILE_K
 * and B KT*SWZ_HGEMM_TILE_K x tiles*SWZ_HGEMM_TILE_N, 16-byte aligned, lda and ldb multiples of 8. */
template <int COPY>
__global__ void __launch_bounds__(HG(__NT), SWZ_HGEMM_MIN_BLOCKS)
    HG(_kernel_loop_probe)(int tiles, int KT, const SWZ_HGEMM_ELEM *__restrict__ A, int64_t lda, const SWZ_HGEMM_ELEM *__restrict__ B,
                           int64_t ldb, float *out, unsigned long long *clk)
{
    enum { S = HG(__S), MI = HG(__MI), NI = HG(__NI), WN = HG(__WN), BT = SWZ_HGEMM_NN };
    extern __shared__ __align__(128) unsigned char HG(__smem)[];
    const int warp = (int)(threadIdx.x >> 5), wm = warp / WN, wn = warp % WN;
    const uint32_t sm = (uint32_t)__cvta_generic_to_shared(HG(__smem));
    const uint32_t da = sm + HG(_ta_chunk_addr)((int)threadIdx.x);
    const uint32_t db = sm + HG(__A_BYTES) + HG(_tb_chunk_addr)((int)threadIdx.x);
    const int64_t ib = (int64_t)HG(__BK) * ldb;
    const int64_t t = (int64_t)(blockIdx.x % (unsigned)tiles);
    const SWZ_HGEMM_ELEM *pa = A + t * HG(__BM) * lda + HG(_ta_copy_offset)(lda), *pb = B + t * HG(__BN) + HG(_tb_copy_offset)(ldb);
    float acc[MI][NI][4];
    uint32_t fa[2][MI][4], fb[2][NI][2];
    HG(__zero)(acc);
    unsigned long long t0, t1;
    const long long c0 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    int rs = 0, ws = S - 1, kt = 0;
    HG(__prime)<BT, COPY ? S - 1 : S>(KT, da, db, pa, lda, pb, ldb, ib);
    HG(__first_frags)<BT, COPY ? S - 2 : 0>(fa[0], fb[0], sm, wm, wn);
    if (COPY) HG(__slices)<BT, 1>(kt, KT - (S - 1), acc, fa, fb, sm, rs, ws, da, db, pa, lda, pb, ldb, ib, wm, wn);
    HG(__slices)<BT, 0>(kt, KT, acc, fa, fb, sm, rs, ws, da, db, pa, lda, pb, ldb, ib, wm, wn);
    SWZ_MMA_WAIT(0);
    const long long c1 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j) sum += acc[i][j][0] + acc[i][j][1] + acc[i][j][2] + acc[i][j][3];
    out[(int64_t)blockIdx.x * HG(__NT) + threadIdx.x] = sum;
    if (threadIdx.x == 0) clk[2 * blockIdx.x] = (unsigned long long)(c1 - c0), clk[2 * blockIdx.x + 1] = t1 - t0;
}

/* Launches `blocks` probe blocks over `tiles` tiles (copy 0 or 1; see above); cudaErrorInvalidValue
 * for KT < SWZ_HGEMM_STAGES, blocks < 1, tiles < 1, a NULL or misaligned operand, an ld that is not a
 * multiple of 8 or too short for the tiles. */
extern "C" cudaError_t HG(_loop_probe)(int copy, int blocks, int tiles, int KT, const void *A, int64_t lda,
                                       const void *B, int64_t ldb, float *out, unsigned long long *clk,
                                       cudaStream_t stream)
{
    if (KT < HG(__S) || blocks < 1 || tiles < 1 || !A || !B || !out || !clk || ((uintptr_t)A & 15u) ||
        ((uintptr_t)B & 15u) || lda % 8 || ldb % 8 || lda < (int64_t)KT * HG(__BK) || ldb < (int64_t)tiles * HG(__BN))
        return cudaErrorInvalidValue;
    void (*k)(int, int, const SWZ_HGEMM_ELEM *, int64_t, const SWZ_HGEMM_ELEM *, int64_t, float *, unsigned long long *) =
        copy ? HG(_kernel_loop_probe)<1> : HG(_kernel_loop_probe)<0>;
    cudaError_t e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)HG_SMEM_BYTES);
    if (e != cudaSuccess) return e;
    k<<<(unsigned)blocks, HG(__NT), HG_SMEM_BYTES, stream>>>(tiles, KT, (const SWZ_HGEMM_ELEM *)A, lda, (const SWZ_HGEMM_ELEM *)B, ldb,
                                                            out, clk);
    return cudaGetLastError();
}
#else /* the variant's launcher */

extern "C" cudaError_t EX_HG_NAME(int64_t M, int64_t N, int64_t K, float alpha, const void *A, int64_t lda,
                                  const void *B, int64_t ldb, int b_layout, float beta, void *C, int64_t ldc,
                                  int c_type, cudaStream_t stream)
{
    if (M < 0 || N < 0 || K < 0 || (b_layout != SWZ_HGEMM_NN && b_layout != SWZ_HGEMM_NT) ||
        (c_type != SWZ_HGEMM_C_F32 && c_type != SWZ_HGEMM_C_IN))
        return cudaErrorInvalidValue;
    if (M == 0 || N == 0) return cudaSuccess;
    if (C == NULL || ldc < N || (K > 0 && (A == NULL || B == NULL || lda < K || ldb < (b_layout == SWZ_HGEMM_NN ? N : K))))
        return cudaErrorInvalidValue;
    /* alpha == 0 (BLAS): A and B are not referenced, C = beta * C (beta == 0: C = 0, whatever C
     * held) -- the kernel with no k slice: its accumulators stay 0, never alpha * (NaN or inf) */
    if (alpha == 0.f) K = 0;
    const SWZ_HGEMM_ELEM *a = (const SWZ_HGEMM_ELEM *)A, *b = (const SWZ_HGEMM_ELEM *)B;
    if (b_layout == SWZ_HGEMM_NN)
        return c_type == SWZ_HGEMM_C_F32
                   ? HG(__launch)<SWZ_HGEMM_NN, float>(M, N, K, alpha, a, lda, b, ldb, beta, (float *)C, ldc, stream)
                   : HG(__launch)<SWZ_HGEMM_NN, SWZ_HGEMM_ELEM>(M, N, K, alpha, a, lda, b, ldb, beta, (SWZ_HGEMM_ELEM *)C, ldc, stream);
    return c_type == SWZ_HGEMM_C_F32
               ? HG(__launch)<SWZ_HGEMM_NT, float>(M, N, K, alpha, a, lda, b, ldb, beta, (float *)C, ldc, stream)
               : HG(__launch)<SWZ_HGEMM_NT, SWZ_HGEMM_ELEM>(M, N, K, alpha, a, lda, b, ldb, beta, (SWZ_HGEMM_ELEM *)C, ldc, stream);
}
#endif /* SWZ_HGEMM_LOOP_PROBE */
#endif /* __CUDACC__ */

#if !SWZ_HGEMM_LOOP_PROBE
/* ---- host model ---- */
static uint32_t HG(__frag_lanes)(int operand, int warp, int ks, int i, uint32_t addr[32])
{
    const int wm = warp / HG(__WN), wn = warp % HG(__WN);
    for (uint32_t l = 0; l < 32u; ++l) addr[l] = HG(__frag_addr)(operand, l, wm, wn, ks, i);
    return 0xFFFFFFFFu;
}

static int HG(__copy_model)(int b_layout, swz_tile_cost *cost)
{
    if (b_layout < 0) return HG(_ta_model)(SWZ_MMA_OP_COPY, 4, cost);
    if (b_layout == SWZ_HGEMM_NN) return HG(_tb_model)(SWZ_MMA_OP_COPY, 4, cost);
    return HG(_tbt_model)(SWZ_MMA_OP_COPY, 4, cost);
}

/* The standard problem: 11 x 11 full blocks (121: at most one per SM of an H200), 8 slices of
 * K, NN, C in the input type. */
enum { HG(__STD_SLICES) = 8 };
static int HG(__problem)(char *spec)
{
    snprintf(spec, SWZ_SPEC_MAX, "%d:%d:%d:nn:in", 11 * HG(__BM), 11 * HG(__BN), HG(__STD_SLICES) * HG(__BK));
    return 121;
}

/* One block of the standard problem: shared stores = the cp.async writes (LDGSTS) of both
 * operands' tiles in every slice (copy_model, bank.h R8) and the epilogue's STS.64;
 * shared loads = every warp's ldmatrix of every slice (ncu counts their wavefronts in the
 * shared-load wavefronts, their instructions in smsp__sass_inst_executed_op_ldsm), then the
 * epilogue's LDS.128. */
static int HG(__predict)(swz_tile_cost *sts, swz_tile_cost *lds)
{
    uint32_t addr[32], mask;
    const int warps = HG(__NT) / 32;
    swz_tile_cost_init(sts, 8u);
    swz_tile_cost_init(lds, 16u);
    {
        swz_tile_cost ca, cb;
        HG(__copy_model)(-1, &ca);
        HG(__copy_model)(SWZ_HGEMM_NN, &cb);
        swz_tile_cost_merge_n(sts, &ca, (uint64_t)HG(__STD_SLICES));
        swz_tile_cost_merge_n(sts, &cb, (uint64_t)HG(__STD_SLICES));
    }
    /* the loop prefetches the first k step of the slice after the last one too (its fragments
     * are loaded, never used): one k step more, at the same offsets in another stage */
    for (int s = 0; s < HG(__STD_SLICES) + 1; ++s)
        for (int w = 0; w < warps; ++w)
            for (int ks = 0; ks < (s < HG(__STD_SLICES) ? HG(__KS) : 1); ++ks) {
                for (int i = 0; i < HG(__MI); ++i) {
                    mask = HG(__frag_lanes)(0, w, ks, i, addr);
                    swz_tile_cost_add(lds, addr, mask, SWZ_LDMATRIX_X4);
                }
                for (int j = 0; j < HG(__NI) / 2; ++j) {
                    mask = HG(__frag_lanes)(1, w, ks, j, addr);
                    swz_tile_cost_add(lds, addr, mask, SWZ_LDMATRIX_X4);
                }
            }
    /* epilogue, C in the input type (16-bit): per warp and m16 block, NI x 2 stores, then
     * 16 rows x WTN/8 chunks of two LDS.128 */
    for (int w = 0; w < warps; ++w) {
        const uint32_t base = (uint32_t)w * 16u * (uint32_t)EX_HG_EPI_LD(HG(__WTN)) * 4u;
        for (int i = 0; i < HG(__MI); ++i) {
            for (int j = 0; j < HG(__NI); ++j)
                for (int h = 0; h < 2; ++h) {
                    for (int l = 0; l < 32; ++l)
                        addr[l] = base + 4u * ex_hg_epi_st(HG(__WTN), (uint32_t)l, (uint32_t)j, (uint32_t)h);
                    swz_tile_cost_add(sts, addr, 0xFFFFFFFFu, SWZ_ACCESS_8 | SWZ_STORE);
                }
            for (int it = 0; it < 16 * HG(__WTN) / 8 / 32; ++it)
                for (uint32_t p = 0; p < 2u; ++p) {
                    uint32_t r, c;
                    for (int l = 0; l < 32; ++l)
                        addr[l] = base + 4u * ex_hg_epi_ld(HG(__WTN), 1, (uint32_t)l, (uint32_t)it, p, &r, &c);
                    swz_tile_cost_add(lds, addr, 0xFFFFFFFFu, SWZ_ACCESS_16);
                }
        }
    }
    return sts->status != SWZ_OK ? sts->status : lds->status;
}

static const swz_hgemm_ops HG(__ops) = {
#if defined(__CUDACC__)
    EX_HG_NAME,
#else
    NULL,
#endif
    HG(__BF16), HG(__BM), HG(__BN), HG(__BK), HG(__S), HG(__WM), HG(__WN), HG(__WTM), HG(__WTN),
    HG_SMEM_BYTES, HG(__copy_model), HG(__frag_lanes)};

extern "C" const swz_variant HG(_variant);
const swz_variant HG(_variant) = SWZ_VARIANT_INIT(
    "hgemm", SWZ_STR(EX_HG_NAME), SWZ_STR(HG(_kernel)), SWZ_STR(SWZ_CAT(EX_HG_LNAME_, SWZ_HGEMM_LAYOUT)),
    SWZ_STR(SWZ_HGEMM_ELEM_NAME), (SWZ_HGEMM_TILE), 2, HG(__NT),
    "tile_n=" SWZ_STR(SWZ_HGEMM_TILE_N) " tile_k=" SWZ_STR(SWZ_HGEMM_TILE_K) " stages=" SWZ_STR(SWZ_HGEMM_STAGES) " warps_m=" SWZ_STR(
        SWZ_HGEMM_WARPS_M) " warp_n=" SWZ_STR(SWZ_HGEMM_WARP_N) " group=" SWZ_STR(SWZ_HGEMM_RASTER_GROUP) " persist=" SWZ_STR(SWZ_HGEMM_PERSIST),
    HG(__predict), HG(__problem), &HG(__ops));
#endif /* !SWZ_HGEMM_LOOP_PROBE */

#undef HG_STAGE_BYTES
#undef HG_EPI_BYTES
#undef HG_SMEM_BYTES
#undef EX_HG_LID
#undef EX_HG_OFF
#undef EX_HG_SIZE
#undef EX_HG_NAME
#undef HG
/* The parameters of this family (and only they) are undefined: the next instantiation starts
 * from scratch, and no name is left behind in the includer. */
#undef SWZ_HGEMM_TILE
#undef SWZ_HGEMM_ELEM
#undef SWZ_HGEMM_ELEM_NAME
#undef SWZ_HGEMM_NAME_SUFFIX
#undef SWZ_HGEMM_LAYOUT
#undef SWZ_HGEMM_TILE_N
#undef SWZ_HGEMM_TILE_K
#undef SWZ_HGEMM_STAGES
#undef SWZ_HGEMM_WARPS_M
#undef SWZ_HGEMM_WARP_N
#undef SWZ_HGEMM_RASTER_GROUP
#undef SWZ_HGEMM_MIN_BLOCKS
#undef SWZ_HGEMM_PERSIST
#undef SWZ_HGEMM_PIPE
#undef SWZ_HGEMM_LOOP_PROBE
#endif /* a variant */
