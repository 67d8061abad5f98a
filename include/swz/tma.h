/* swz/tma.h -- Hopper tiles: TMA tensor maps whose swizzle is swz's tma32/64/128 layout, TMA
 * loads and stores with mbarriers, the shared-buffer alignment they need, and wgmma
 * shared-memory descriptors built from the same layouts.
 *
 * What it is for
 *   A Hopper kernel copies tiles between global and shared memory with the Tensor Memory
 *   Accelerator (TMA): the host encodes a CUtensorMap (global shape, strides, box shape,
 *   swizzle mode), the device issues one instruction per box.  TMA writes the box into shared
 *   memory in the layout swz calls tma32 / tma64 / tma128 (xor.h section 3: an XOR of the
 *   absolute byte address), so user code reads a TMA-written tile with plain loads through
 *   swz_tma_offset, and wgmma reads it through a descriptor (swz_wgmma_desc).  This header is
 *   the one owner of the choice "which swizzle for a box" (swz_tma_mode_for) and of every
 *   driver limit (checked up front, each with its own sentence in swz_error).
 *
 * Example (host, plain C: the plan of a 64 x 64 bf16 box of a 1000 x 4096 matrix)
 *   #include <swz/tma.h>
 *   const void *a = (const void *)(uintptr_t)0x10000;  // stands in for a device pointer
 *   swz_tma_plan p;
 *   char why[160];
 *   int e = swz_tma_plan_2d(&p, SWZ_TMA_BF16, a, 1000, 4096, 4096, 64, 64, SWZ_TMA_AUTO);
 *   // e == SWZ_OK: p.mode == 128 (64 bf16 = 128 inner bytes), p.box_bytes == 8192,
 *   // p.smem_align == 1024; a device buffer holds the box as swz_tma_offset(64, 2, 128, r, c)
 *   e = swz_tma_plan_2d(&p, SWZ_TMA_BF16, a, 1000, 4096, 4100, 64, 64, SWZ_TMA_AUTO);
 *   if (e != SWZ_OK) swz_error_format(&p.error, why, sizeof why);
 *   // "tma needs a row stride (ld*E) that is a multiple of 16 bytes (ld*E = 8200)"
 *
 * Example (host, with a CUDA toolkit -- nvcc, or C with <cuda.h> first: the tensor map of a device matrix)
 *   #include <cuda.h>
 *   #include <swz/tma.h>
 *   CUtensorMap map;                 // passed to the kernel by value (below)
 *   swz_tma_plan p;
 *   char why[160];
 *   void *dptr = NULL;               // a 1000 x 4096 bf16 matrix, ld = 4096
 *   if (cudaMalloc(&dptr, (size_t)1000 * 4096 * 2) == cudaSuccess &&
 *       swz_tma_map_2d(&map, &p, SWZ_TMA_BF16, dptr, 1000, 4096, 4096, 64, 64, SWZ_TMA_AUTO) != SWZ_OK)
 *       swz_error_format(&p.error, why, sizeof why);   // which check or the driver refused
 *   cudaFree(dptr);
 *
 * Example (in a kernel `__global__ void k(const __grid_constant__ CUtensorMap map, int row0, int col0, uint16_t *out)`)
 *   #include <swz/tma.h>
 *   __shared__ SWZ_TMA_ALIGNAS(128) uint16_t tile[64 * 64];   // 1024-byte aligned (8*S, S = 128)
 *   __shared__ uint64_t bar;
 *   if (threadIdx.x == 0) { swz_mbar_init(&bar, 1); swz_fence_mbar_init(); }
 *   __syncthreads();
 *   if (threadIdx.x == 0) {
 *       swz_mbar_expect_tx(&bar, 8192);                           // p.box_bytes
 *       swz_tma_load_2d(tile, &map, 128, &bar, col0, row0);      // inner coordinate first
 *   }
 *   swz_mbar_wait(&bar, 0);                                       // phase 0 completes
 *   const unsigned r = threadIdx.x / 64, c = threadIdx.x % 64;
 *   out[threadIdx.x] = tile[SWZ_TMA_OFFSET(64, 2, 128, r, c)];   // the bits of (row0 + r, col0 + c)
 *
 * The formulas
 *   Mode of a box of B = box_cols * E inner bytes (swz_tma_mode_for, SWZ_TMA_MODE_FOR):
 *     S = B for B = 32, 64, 128 (the widest swizzle the row fills, as CuTe's and CUTLASS's
 *     selectors pick); SWZ_TMA_NONE (0) for any other B.  A swizzled box must fill its span
 *     (B == S, checked by the plan): the driver accepts B < S, but the H200 then lays the rows
 *     out S bytes apart (measured on the H200 by test-tma), which is not the tma layout of B-byte
 *     rows.
 *   Shared image of the box (rows of B bytes, packed, base aligned to swz_tma_smem_align(S)):
 *     element (b, r, c) of the box at byte swz_tma_swizzle(S, ((b*rows + r)*cols + c)*E)
 *     (S > 0; = swz_tma_offset(cols, E, S, b*rows + r, c) * E), or ((b*rows + r)*cols + c)*E
 *     (S = 0).  A load writes out-of-bounds elements as zeros.
 *   Stores (measured on the H200, test-tma): a store writes the box's elements inside the
 *   matrix and, where the box reaches a row's end, the rest of that row's last 16-byte unit
 *   (plan.store_pad bytes of the row padding, never another row: strides are multiples of 16
 *   bytes); its origin must have no negative coordinate (swz_tma_check_store_origin; a load's
 *   may).
 *   Origin: a box's inner start c0 must satisfy c0*E % 16 == 0 (swz_tma_check_origin); rows
 *   and batch entries start anywhere, negative coordinates and boxes past the edges included.
 *   Alignment: 8*S bytes (256, 512, 1024) for S > 0, 128 bytes for S = 0 (the TMA's own rule
 *   for shared tile addresses).  A swizzled buffer that is 128-B aligned but not 8*S-B
 *   aligned would silently hold another layout: the device copies check it in every build
 *   (one compare-and-branch per copy; NDEBUG too) and on a misaligned buffer print the
 *   function, the shared address and the alignment needed, then stop the kernel (__trap: the
 *   launch fails with cudaErrorLaunchFailure); code compiled for sm_90a stops it without the
 *   printed report unless SWZ_TMA_REPORT is 1 (the report's printf would serialize a kernel's
 *   wgmma: section 5) -- by a shared load from an odd address, so that the launch fails with
 *   cudaErrorMisalignedAddress ("misaligned address"), which names the fault; swz_tma_check_smem
 *   says so on the host (SWZ_EALIGN).
 *   wgmma descriptor (64 bits): start address >> 4 in bits 0-13, LBO >> 4 in 16-29, SBO >> 4
 *   in 32-45, base offset 0 in 49-51 (buffers are 8*S aligned), layout type in 62-63 (0 none,
 *   1 = 128 B, 2 = 64 B, 3 = 32 B).  A tile is a stack of panels of P = max(S, 16) bytes per
 *   row and `panel_rows` rows each (a TMA box of P inner bytes per panel); then
 *     K-major,  S > 0:  SBO = 8*S (the next 8 rows), LBO = 16 (unused: k16 fits one row)
 *     K-major,  S = 0:  SBO = 128 (8 rows of 16 B), LBO = panel_rows*16 (the next 8 k)
 *     MN-major, S > 0:  SBO = 8*S (the next 8 k), LBO = panel_rows*S (the next S bytes of MN)
 *     MN-major, S = 0:  SBO = panel_rows*16 (the next 8 of MN), LBO = 128 (the next 8 k)
 *   (PTX ISA, "matrix descriptor" and the canonical layouts of wgmma; CuTe's GmmaDescriptor
 *   states the same).  Stepping k inside a swizzled K-major panel adds k*E bytes to the start
 *   address: the hardware applies the XOR to the absolute address, as TMA wrote it.
 *
 * Device part (under nvcc): mbarrier init / arrive (local or a cluster peer's) /
 * arrive.expect_tx / try_wait.parity, fence.mbarrier_init and fence.proxy.async, TMA tile load
 * (2-D, 3-D, 2-D multicast to a cluster) and store (2-D, 3-D) with bulk commit / wait,
 * tensor-map prefetch, the cluster rank and barrier; wgmma fence /
 * commit / wait, m64nNk16 (N = 64, 128, 256; f16 or bf16 in, f32 accumulate) and setmaxnreg.
 * TMA needs sm_90; wgmma, setmaxnreg and multicast need sm_90a (-gencode arch=compute_90a,code=sm_90a):
 * compiled for another target they set *swz_wgmma_missing (a device flag) and do nothing, so a
 * test can tell which code ran instead of reading garbage.
 */
#ifndef SWZ_TMA_H
#define SWZ_TMA_H

#include "common.h"
#include "xor.h"
#include "layout.h"

#if defined(__CUDACC__)
#include <cuda.h>
#include <stdio.h> /* printf: the device copies' report of a misaligned buffer */
#endif
#if defined(__CUDACC__) || defined(CUDA_VERSION)
#include <cuda_runtime_api.h>
#define SWZ__TMA_HAVE_DRIVER 1
#endif

/* ---- 1. the mode of a box, its alignment -------------------------------------------------- */

#define SWZ_TMA_NONE 0u          /* no swizzle */
#define SWZ_TMA_AUTO 0xFFFFFFFFu /* a mode argument: choose from the box (swz_tma_mode_for) */

/* Mode for a box of B inner bytes: S = B for B = 32, 64, 128; 0 (no swizzle) for any other B. */
#define SWZ_TMA_MODE_FOR(B) ((B) == 32 ? 32u : (B) == 64 ? 64u : (B) == 128 ? 128u : 0u)
SWZ_FN uint32_t swz_tma_mode_for(uint32_t inner_bytes) { return SWZ_TMA_MODE_FOR(inner_bytes); }

/* Shared-memory alignment a TMA box of mode S needs: 8*S (swz_tma_align), 128 for no swizzle;
 * a compile error naming swz_error_tma_mode_must_be_0_32_64_or_128 for any other S.  The
 * reason type is declared here, at file scope: SWZ__CT_CHECK would declare it where the macro
 * is used, and a type declared inside an alignment attribute of a block-scope variable (a
 * __shared__ buffer in a kernel) aborts nvcc 13.0's front end (internal error). */
#if defined(__cplusplus)
struct swz_error_tma_mode_must_be_0_32_64_or_128;
#endif
#define SWZ_TMA_SMEM_ALIGN(S)                                                                    \
    (((S) == 0 ? 128u : 8u * (S)) +                                                              \
     (unsigned)SWZ__CT_CHECK((S) == 0 || SWZ__VALID_TMA(S), swz_error_tma_mode_must_be_0_32_64_or_128))
SWZ_FN uint32_t swz_tma_smem_align(uint32_t mode) { return mode == 0u ? 128u : swz_tma_align(mode); }

/* The attribute of a static shared buffer for mode S (a compile error for a bad mode), in a
 * kernel or at file scope: `__shared__ SWZ_TMA_ALIGNAS(128) uint16_t tile[64 * 64];`. */
#if defined(__CUDACC__)
#define SWZ_TMA_ALIGNAS(S) __align__(SWZ_TMA_SMEM_ALIGN(S))
#elif defined(__cplusplus)
#define SWZ_TMA_ALIGNAS(S) alignas(SWZ_TMA_SMEM_ALIGN(S))
#endif

/* A shared-memory byte address (or an offset inside a region whose base is aligned to 1024)
 * that a box of mode `mode` may start at: SWZ_OK, SWZ_EKIND (bad mode) or SWZ_EALIGN, recorded
 * in *e (may be NULL) with the required alignment in the sentence. */
SWZ_FN int swz_tma_check_smem(swz_error *e, uint64_t addr, uint32_t mode)
{
    if (!(mode == 0u || swz_tma_align(mode) != 0u))
        return swz_error_set(e, SWZ_EKIND, "tma", "a swizzle mode of 0, 32, 64 or 128 bytes", "mode", mode);
    if (addr % swz_tma_smem_align(mode) != 0u)
        return swz_error_set(e, SWZ_EALIGN, "tma",
                             mode == 0u    ? "a shared address aligned to 128 bytes (no swizzle)"
                             : mode == 32u ? "a shared address aligned to 256 bytes (8*S, S = 32)"
                             : mode == 64u ? "a shared address aligned to 512 bytes (8*S, S = 64)"
                                           : "a shared address aligned to 1024 bytes (8*S, S = 128)",
                             "address", addr);
    return SWZ_OK;
}

/* ---- 2. the plan of a tensor map (plain C; every driver limit) ---------------------------- */

/* Element types; the values are CUtensorMapDataType's (checked under nvcc). */
enum swz_tma_dtype {
    SWZ_TMA_U8 = 0, SWZ_TMA_U16, SWZ_TMA_U32, SWZ_TMA_S32, SWZ_TMA_U64, SWZ_TMA_S64,
    SWZ_TMA_F16, SWZ_TMA_F32, SWZ_TMA_F64, SWZ_TMA_BF16, SWZ_TMA_F32_FTZ, SWZ_TMA_TF32,
    SWZ_TMA_TF32_FTZ, SWZ_TMA_DTYPE_COUNT
};

/* Bytes of one element of type t (1, 2, 4 or 8), 0 for an unknown type. */
SWZ_FN uint32_t swz_tma_dtype_bytes(int t)
{
    switch (t) {
    case SWZ_TMA_U8: return 1u;
    case SWZ_TMA_U16: case SWZ_TMA_F16: case SWZ_TMA_BF16: return 2u;
    case SWZ_TMA_U32: case SWZ_TMA_S32: case SWZ_TMA_F32: case SWZ_TMA_F32_FTZ: case SWZ_TMA_TF32:
    case SWZ_TMA_TF32_FTZ: return 4u;
    case SWZ_TMA_U64: case SWZ_TMA_S64: case SWZ_TMA_F64: return 8u;
    default: return 0u;
    }
}

/* What cuTensorMapEncodeTiled is given, after every check.  Dimension 0 is the inner one
 * (columns), then rows, then the batch (rank 3), or any outer dimensions (swz_tma_plan_nd,
 * rank up to SWZ_TMA_MAX_RANK). */
#define SWZ_TMA_MAX_RANK 5
typedef struct swz_tma_plan {
    uint32_t rank;         /* 2 to SWZ_TMA_MAX_RANK */
    int dtype;             /* enum swz_tma_dtype */
    uint32_t elem;         /* bytes per element */
    uint32_t mode;         /* swizzle: 0, 32, 64 or 128 bytes */
    const void *base;      /* global address of element (0, 0, 0) */
    uint64_t dims[SWZ_TMA_MAX_RANK];        /* cols, rows, batch, ... (elements) */
    uint64_t strides[SWZ_TMA_MAX_RANK - 1]; /* bytes between rows, between batch entries, ... */
    uint32_t box[SWZ_TMA_MAX_RANK];         /* box cols, rows, batch, ... (elements) */
    uint32_t box_bytes;    /* bytes one box load writes: the mbarrier's expect_tx */
    uint32_t smem_align;   /* the destination's required alignment (swz_tma_smem_align) */
    uint32_t l2_promotion; /* 0, 64, 128 or 256 bytes (default 256); set before encoding */
    uint32_t store_pad;    /* padding bytes after a row's last element that a store reaching
                              the row's end writes too: 16-B unit end - cols*E (0: none) */
    swz_error error;       /* which parameter was refused, when one was */
} swz_tma_plan;

#define SWZ__TMA_LIM_BOX 256u              /* box dimension, elements */
#define SWZ__TMA_LIM_DIM (1ull << 32)      /* global dimension, elements */
#define SWZ__TMA_LIM_STRIDE (1ull << 40)   /* global stride, bytes (exclusive) */

SWZ_FN int swz__tma_check_box(swz_error *e, uint32_t n, const char *param)
{
    if (n == 0u || n > SWZ__TMA_LIM_BOX)
        return swz_error_set(e, SWZ_ERANGE, "tma", "a box dimension of 1 to 256 elements", param, n);
    return SWZ_OK;
}
SWZ_FN int swz__tma_check_dim(swz_error *e, uint64_t n, const char *param)
{
    if (n == 0u || n > SWZ__TMA_LIM_DIM)
        return swz_error_set(e, SWZ_ERANGE, "tma", "a global dimension of 1 to 2^32 elements", param, n);
    return SWZ_OK;
}
SWZ_FN int swz__tma_check_stride(swz_error *e, uint64_t bytes, uint64_t least, const char *param)
{
    if (bytes % 16u != 0u)
        return swz_error_set(e, SWZ_EALIGN, "tma", "a row stride (ld*E) that is a multiple of 16 bytes", param, bytes);
    if (bytes >= SWZ__TMA_LIM_STRIDE)
        return swz_error_set(e, SWZ_ERANGE, "tma", "a stride below 2^40 bytes", param, bytes);
    if (bytes < least)
        return swz_error_set(e, SWZ_ERANGE, "tma", "a stride at least the extent it steps over", param, bytes);
    return SWZ_OK;
}

/* The plan of a rank-3 map: `batch` matrices of rows x cols elements of type dtype, row-major
 * with leading dimension ld (elements) and batch_stride (elements) between matrices; boxes of
 * box_batch x box_rows x box_cols; mode 0, 32, 64, 128 or SWZ_TMA_AUTO.  rank 2 when batch ==
 * box_batch == 1 is asked through swz_tma_plan_2d.  Returns SWZ_OK or the first failed check
 * (p->error names it). */
SWZ_FN int swz__tma_plan(swz_tma_plan *p, uint32_t rank, int dtype, const void *base,
                         uint64_t batch, uint64_t rows, uint64_t cols, uint64_t ld,
                         uint64_t batch_stride, uint32_t box_batch, uint32_t box_rows,
                         uint32_t box_cols, uint32_t mode)
{
    swz_error *e = &p->error;
    uint32_t E = swz_tma_dtype_bytes(dtype), inner;
    int r;
    uint32_t i;
    swz_error_clear(e);
    for (i = 0; i < SWZ_TMA_MAX_RANK; ++i) {
        p->dims[i] = 0u;
        p->box[i] = 0u;
        if (i + 1u < SWZ_TMA_MAX_RANK) p->strides[i] = 0u;
    }
    p->mode = p->box_bytes = p->smem_align = p->store_pad = 0u;
    p->rank = rank;
    p->dtype = dtype;
    p->elem = E;
    p->base = base;
    p->l2_promotion = 256u;
    if (E == 0u)
        return swz_error_set(e, SWZ_EELEM, "tma", "an element type of enum swz_tma_dtype", "dtype", (uint64_t)(int64_t)dtype);
    if ((r = swz__tma_check_dim(e, cols, "cols")) || (r = swz__tma_check_dim(e, rows, "rows")) ||
        (r = swz__tma_check_dim(e, batch, "batch")) || (r = swz__tma_check_box(e, box_cols, "box_cols")) ||
        (r = swz__tma_check_box(e, box_rows, "box_rows")) || (r = swz__tma_check_box(e, box_batch, "box_batch")))
        return r;
    inner = box_cols * E;
    if (inner % 16u != 0u)
        return swz_error_set(e, SWZ_ERANGE, "tma", "an inner box (box_cols*E) that is a multiple of 16 bytes", "box_cols*E", inner);
    if (mode == SWZ_TMA_AUTO) mode = swz_tma_mode_for(inner);
    if (!(mode == 0u || swz_tma_align(mode) != 0u))
        return swz_error_set(e, SWZ_EKIND, "tma", "a swizzle mode of 0, 32, 64, 128 or SWZ_TMA_AUTO", "mode", mode);
    if (mode != 0u && inner != mode) /* the driver takes inner < S, but lays rows out S bytes apart */
        return swz_error_set(e, SWZ_ERANGE, "tma", "an inner box (box_cols*E) of exactly the swizzle span S bytes", "box_cols*E", inner);
    if ((uint64_t)(uintptr_t)base % 16u != 0u)
        return swz_error_set(e, SWZ_EALIGN, "tma", "a global address aligned to 16 bytes", "address", (uint64_t)(uintptr_t)base);
    if ((r = swz__tma_check_stride(e, ld * E, cols * E, "ld*E")))
        return r;
    if (rank == 3u && (r = swz__tma_check_stride(e, batch_stride * E, rows * ld * E, "batch_stride*E")))
        return r;
    p->mode = mode;
    p->dims[0] = cols;
    p->dims[1] = rows;
    p->dims[2] = batch;
    p->strides[0] = ld * E;
    p->strides[1] = batch_stride * E;
    p->box[0] = box_cols;
    p->box[1] = box_rows;
    p->box[2] = box_batch;
    p->box_bytes = inner * box_rows * box_batch;
    p->smem_align = swz_tma_smem_align(mode);
    p->store_pad = (uint32_t)((16u - cols * E % 16u) % 16u);
    return SWZ_OK;
}

/* 2-D: rows x cols of dtype, leading dimension ld (elements), boxes of box_rows x box_cols. */
SWZ_FN int swz_tma_plan_2d(swz_tma_plan *p, int dtype, const void *base, uint64_t rows,
                           uint64_t cols, uint64_t ld, uint32_t box_rows, uint32_t box_cols,
                           uint32_t mode)
{
    return swz__tma_plan(p, 2u, dtype, base, 1u, rows, cols, ld, 0u, 1u, box_rows, box_cols, mode);
}

/* Batched 3-D: `batch` matrices batch_stride elements apart, boxes of box_batch matrices. */
SWZ_FN int swz_tma_plan_3d(swz_tma_plan *p, int dtype, const void *base, uint64_t batch,
                           uint64_t rows, uint64_t cols, uint64_t ld, uint64_t batch_stride,
                           uint32_t box_batch, uint32_t box_rows, uint32_t box_cols, uint32_t mode)
{
    return swz__tma_plan(p, 3u, dtype, base, batch, rows, cols, ld, batch_stride, box_batch,
                         box_rows, box_cols, mode);
}

/* Rank 2 to SWZ_TMA_MAX_RANK: dims[0] the inner (contiguous) extent, dims[i] the others,
 * strides[i - 1] the elements between consecutive entries of dimension i (any order: e.g. a
 * [batch, seq, heads, d] tensor is dims {d, seq, heads, batch}, strides {s_seq, s_head,
 * s_batch}), boxes of box[i] entries.  Each stride is a multiple of 16 bytes, below 2^40 and
 * at least one row (dims[0]*E): the entries of an outer dimension may interleave with each
 * other, which the map allows.  SWZ_OK or the first failed check (p->error names it). */
SWZ_FN int swz_tma_plan_nd(swz_tma_plan *p, int dtype, const void *base, uint32_t rank, const uint64_t *dims,
                           const uint64_t *strides, const uint32_t *box, uint32_t mode)
{
    static const char *const dn[SWZ_TMA_MAX_RANK] = {"dims[0]", "dims[1]", "dims[2]", "dims[3]", "dims[4]"};
    static const char *const bn[SWZ_TMA_MAX_RANK] = {"box[0]", "box[1]", "box[2]", "box[3]", "box[4]"};
    static const char *const sn[SWZ_TMA_MAX_RANK - 1] = {"strides[0]*E", "strides[1]*E", "strides[2]*E",
                                                        "strides[3]*E"};
    uint32_t i, E = swz_tma_dtype_bytes(dtype);
    int r;
    if (rank < 2u || rank > SWZ_TMA_MAX_RANK) {
        swz__tma_plan(p, 2u, dtype, base, 1u, 1u, 1u, 1u, 0u, 1u, 1u, 1u, 0u); /* clears p */
        return swz_error_set(&p->error, SWZ_ERANGE, "tma", "a rank of 2 to 5", "rank", rank);
    }
    /* the 2-D checks of the inner dimension and the first stride, then the outer dimensions */
    r = swz__tma_plan(p, 2u, dtype, base, 1u, dims[1], dims[0], E ? strides[0] : 1u, 0u, 1u, box[1], box[0], mode);
    if (r != SWZ_OK) return r;
    for (i = 2u; i < rank; ++i)
        if ((r = swz__tma_check_dim(&p->error, dims[i], dn[i])) || (r = swz__tma_check_box(&p->error, box[i], bn[i])) ||
            (r = swz__tma_check_stride(&p->error, strides[i - 1u] * E, dims[0] * E, sn[i - 1u])))
            return r;
    p->rank = rank;
    for (i = 2u; i < rank; ++i) {
        p->dims[i] = dims[i];
        p->box[i] = box[i];
        p->strides[i - 1u] = strides[i - 1u] * E;
        p->box_bytes *= box[i];
    }
    return SWZ_OK;
}

/* The inner coordinate c0 (elements, negative allowed) at which a copy of plan p's boxes may
 * start: c0*E a multiple of 16 bytes, the TMA's rule for loads and stores (measured on the H200:
 * a box whose inner start is not on a 16-byte unit faults with "illegal instruction"; rows and
 * batch entries may start anywhere).  The device copies cannot check it (E is inside the opaque
 * map): a caller whose origins are not multiples of the box checks them here.  SWZ_OK or
 * SWZ_EALIGN, recorded in *e (may be NULL). */
SWZ_FN int swz_tma_check_origin(swz_error *e, const swz_tma_plan *p, int64_t c0)
{
    const uint64_t b = (uint64_t)c0 * p->elem; /* modulo 2^64: the same remainder mod 16 */
    if (b % 16u != 0u)
        return swz_error_set(e, SWZ_EALIGN, "tma", "an inner box start (c0*E) on a 16-byte unit", "c0*E", b);
    return SWZ_OK;
}

/* The origin (c0, c1, c2) of a TMA store of plan p's boxes (c2 = 0 for rank 2): the inner
 * start on a 16-byte unit (swz_tma_check_origin) and no negative coordinate -- measured on the
 * H200, a store whose box starts before the matrix faults with "illegal instruction" (a load's
 * may start there: it reads zeros); boxes past the right and bottom edges are clipped (see
 * store_pad).  SWZ_OK, SWZ_EALIGN or SWZ_ERANGE naming c0, c1 or c2, recorded in *e. */
SWZ_FN int swz_tma_check_store_origin(swz_error *e, const swz_tma_plan *p, int64_t c0, int64_t c1, int64_t c2)
{
    int r = swz_tma_check_origin(e, p, c0);
    if (r != SWZ_OK) return r;
    if (c0 < 0 || c1 < 0 || c2 < 0)
        return swz_error_set(e, SWZ_ERANGE, "tma", "a store origin with no negative coordinate",
                             c0 < 0 ? "c0" : c1 < 0 ? "c1" : "c2", (uint64_t)(c0 < 0 ? c0 : c1 < 0 ? c1 : c2));
    return SWZ_OK;
}

/* ---- 3. wgmma shared-memory descriptors --------------------------------------------------- */

#define SWZ_WGMMA_K_MAJOR 0  /* rows of the tile run along M (or N); k is contiguous */
#define SWZ_WGMMA_MN_MAJOR 1 /* rows run along k; M (or N) is contiguous */

/* The parameters of a descriptor: mode 0, 32, 64 or 128, major SWZ_WGMMA_K_MAJOR or
 * SWZ_WGMMA_MN_MAJOR, panel_rows a positive multiple of 8.  SWZ_OK, or SWZ_EKIND (mode, major)
 * or SWZ_ERANGE (panel_rows) recorded in *err (may be NULL). */
SWZ_FN int swz__wgmma_check_at(swz_error *err, uint32_t mode, int major, uint32_t panel_rows)
{
    if (!(mode == 0u || swz_tma_align(mode) != 0u))
        return swz_error_set(err, SWZ_EKIND, "wgmma", "a swizzle mode S of 0, 32, 64 or 128 bytes", "S", mode);
    if (major != SWZ_WGMMA_K_MAJOR && major != SWZ_WGMMA_MN_MAJOR)
        return swz_error_set(err, SWZ_EKIND, "wgmma", "a major of SWZ_WGMMA_K_MAJOR (0) or SWZ_WGMMA_MN_MAJOR (1)",
                             "major", (uint64_t)(uint32_t)major);
    if (panel_rows == 0u || panel_rows % 8u != 0u)
        return swz_error_set(err, SWZ_ERANGE, "wgmma", "panel rows that are a positive multiple of 8",
                             "panel_rows", panel_rows);
    return SWZ_OK;
}

/* Leading and stride byte offsets of a tile of panels (formulas above; 8*S = swz_tma_align(S) is
 * the swizzle's period: 8 rows of S bytes).  SWZ_OK, or SWZ_EKIND for a bad mode or major,
 * SWZ_ERANGE for panel_rows not a positive multiple of 8 (*lbo, *sbo untouched). */
SWZ_FN int swz_wgmma_offsets(uint32_t mode, int major, uint32_t panel_rows, uint32_t *lbo, uint32_t *sbo)
{
    const int e = swz__wgmma_check_at(NULL, mode, major, panel_rows);
    if (e != SWZ_OK) return e;
    if (major == SWZ_WGMMA_K_MAJOR) {
        *lbo = mode ? 16u : panel_rows * 16u;
        *sbo = mode ? swz_tma_align(mode) : 128u;
    } else {
        *lbo = mode ? panel_rows * mode : 128u;
        *sbo = mode ? swz_tma_align(mode) : panel_rows * 16u;
    }
    return SWZ_OK;
}

/* The descriptor's layout-type field of a mode: 0 none, 1 = 128 B, 2 = 64 B, 3 = 32 B. */
SWZ_FN uint64_t swz__wgmma_layout_type(uint32_t mode)
{
    return mode == 128u ? 1u : mode == 64u ? 2u : mode == 32u ? 3u : 0u;
}

/* The descriptor of a tile at shared byte address `addr` (a multiple of 16; a panel starts at a
 * multiple of swz_tma_smem_align(mode), a k step inside it adds k*E bytes) stored as panels of
 * panel_rows rows of max(mode, 16) bytes.  A device hot-path function like the offsets: bad
 * parameters (those swz_wgmma_offsets refuses) stop the program (common.h, contract
 * violations) instead of returning a descriptor wgmma would read garbage through. */
SWZ_FN uint64_t swz_wgmma_desc(uint32_t addr, uint32_t mode, int major, uint32_t panel_rows)
{
    uint32_t lbo = 0u, sbo = 0u;
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_wgmma_desc", swz__wgmma_check_at(&e, mode, major, panel_rows), &e))
        return 0u;
    swz_wgmma_offsets(mode, major, panel_rows, &lbo, &sbo);
    return (uint64_t)((addr & 0x3FFFFu) >> 4) | (uint64_t)((lbo & 0x3FFFFu) >> 4) << 16 |
           (uint64_t)((sbo & 0x3FFFFu) >> 4) << 32 | swz__wgmma_layout_type(mode) << 62;
}

/* The descriptor of a tile held in the swz layout l at addr, into *desc: l is tma32/64/128 with
 * rows of exactly S bytes (W*E = S), or none with rows of 16 bytes; its height is the panel's
 * rows.  SWZ_OK, or SWZ_EKIND for any other layout, SWZ_ERANGE for a height that is not a
 * multiple of 8 (*desc untouched). */
SWZ_FN int swz_wgmma_desc_of(const swz_layout *l, int major, uint32_t addr, uint64_t *desc)
{
    uint32_t mode = swz_layout_tma_mode(l), rowb = l->width * l->elem;
    int e;
    if (!(mode ? rowb == mode : (l->kind == SWZ_LAYOUT_NONE && rowb == 16u))) return SWZ_EKIND;
    e = swz__wgmma_check_at(NULL, mode, major, l->height);
    if (e != SWZ_OK) return e;
    *desc = swz_wgmma_desc(addr, mode, major, l->height);
    return SWZ_OK;
}

/* Add `bytes` (a multiple of 16) to a descriptor's start address: the k step inside a panel. */
SWZ_FN uint64_t swz_wgmma_desc_advance(uint64_t desc, uint32_t bytes) { return desc + (uint64_t)(bytes >> 4); }

/* Where accumulator i of thread t (of the warpgroup) sits in the 64 x N tile:
 * row = 16*(t/32) + (t%32)/4 + 8*((i/2)%2), col = 8*(i/4) + 2*(t%4) + i%2. */
SWZ_FN uint32_t swz_wgmma_acc_row(uint32_t t, uint32_t i) { return 16u * (t / 32u) + (t % 32u) / 4u + 8u * ((i / 2u) % 2u); }
SWZ_FN uint32_t swz_wgmma_acc_col(uint32_t t, uint32_t i) { return 8u * (i / 4u) + 2u * (t % 4u) + i % 2u; }

/* ---- 4. the encoder (a CUDA toolkit: nvcc, or <cuda.h> included first) --------------------- */
#if defined(SWZ__TMA_HAVE_DRIVER)

#if defined(__cplusplus)
static_assert((int)SWZ_TMA_BF16 == (int)CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 &&
                  (int)SWZ_TMA_TF32_FTZ == (int)CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ,
              "swz: enum swz_tma_dtype follows CUtensorMapDataType");
#endif

typedef CUresult (*swz__tma_encode_fn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                       const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                       const cuuint32_t *, CUtensorMapInterleave,
                                       CUtensorMapSwizzle, CUtensorMapL2promotion,
                                       CUtensorMapFloatOOBfill);

/* Encode the checked plan into *map (zeros fill out-of-bounds elements).  SWZ_OK, or SWZ_EKIND
 * when the driver has no cuTensorMapEncodeTiled, SWZ_ERANGE when it refuses (p->error holds
 * the CUresult). */
SWZ_HOST_FN int swz_tma_encode(CUtensorMap *map, swz_tma_plan *p)
{
    static swz__tma_encode_fn fn = NULL;
    cuuint64_t dims[SWZ_TMA_MAX_RANK], strides[SWZ_TMA_MAX_RANK - 1];
    cuuint32_t box[SWZ_TMA_MAX_RANK], estr[SWZ_TMA_MAX_RANK] = {1u, 1u, 1u, 1u, 1u};
    CUtensorMapSwizzle sw;
    CUtensorMapL2promotion l2;
    CUresult r;
    uint32_t i;
    if (!fn) {
        union { void *p; swz__tma_encode_fn f; } u; /* ISO C: no cast between the two kinds */
        enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        u.p = NULL;
#if CUDART_VERSION >= 12050 /* the versioned query (CUDA 12.5+, where the unversioned one is deprecated) */
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &u.p, 12000, cudaEnableDefault, &q) !=
                cudaSuccess || q != cudaDriverEntryPointSuccess || !u.p)
            return swz_error_set(&p->error, SWZ_EKIND, "cudaGetDriverEntryPointByVersion",
                             "a driver with cuTensorMapEncodeTiled (CUDA 12.0+)", "query", (uint64_t)q);
#else
        if (cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &u.p, cudaEnableDefault, &q) != cudaSuccess ||
            q != cudaDriverEntryPointSuccess || !u.p)
            return swz_error_set(&p->error, SWZ_EKIND, "cudaGetDriverEntryPoint",
                             "a driver with cuTensorMapEncodeTiled (CUDA 12.0+)", "query", (uint64_t)q);
#endif
        fn = u.f;
    }
    for (i = 0; i < SWZ_TMA_MAX_RANK; ++i) {
        dims[i] = p->dims[i];
        box[i] = p->box[i];
        if (i + 1u < SWZ_TMA_MAX_RANK) strides[i] = p->strides[i];
    }
    sw = p->mode == 128u ? CU_TENSOR_MAP_SWIZZLE_128B : p->mode == 64u ? CU_TENSOR_MAP_SWIZZLE_64B
       : p->mode == 32u  ? CU_TENSOR_MAP_SWIZZLE_32B  : CU_TENSOR_MAP_SWIZZLE_NONE;
    l2 = p->l2_promotion == 256u ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
       : p->l2_promotion == 128u ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B
       : p->l2_promotion == 64u  ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B : CU_TENSOR_MAP_L2_PROMOTION_NONE;
    r = fn(map, (CUtensorMapDataType)p->dtype, p->rank, (void *)(uintptr_t)p->base, dims, strides,
           box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, sw, l2, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS)
        return swz_error_set(&p->error, SWZ_ERANGE, "cuTensorMapEncodeTiled", "the driver to accept the map",
                             "CUresult", (uint64_t)r);
    return SWZ_OK;
}

/* Plan and encode in one call (swz_tma_plan_2d's parameters). */
SWZ_HOST_FN int swz_tma_map_2d(CUtensorMap *map, swz_tma_plan *p, int dtype, const void *base,
                               uint64_t rows, uint64_t cols, uint64_t ld, uint32_t box_rows,
                               uint32_t box_cols, uint32_t mode)
{
    int e = swz_tma_plan_2d(p, dtype, base, rows, cols, ld, box_rows, box_cols, mode);
    return e != SWZ_OK ? e : swz_tma_encode(map, p);
}
SWZ_HOST_FN int swz_tma_map_3d(CUtensorMap *map, swz_tma_plan *p, int dtype, const void *base,
                               uint64_t batch, uint64_t rows, uint64_t cols, uint64_t ld,
                               uint64_t batch_stride, uint32_t box_batch, uint32_t box_rows,
                               uint32_t box_cols, uint32_t mode)
{
    int e = swz_tma_plan_3d(p, dtype, base, batch, rows, cols, ld, batch_stride, box_batch, box_rows,
                            box_cols, mode);
    return e != SWZ_OK ? e : swz_tma_encode(map, p);
}
SWZ_HOST_FN int swz_tma_map_nd(CUtensorMap *map, swz_tma_plan *p, int dtype, const void *base, uint32_t rank,
                               const uint64_t *dims, const uint64_t *strides, const uint32_t *box, uint32_t mode)
{
    int e = swz_tma_plan_nd(p, dtype, base, rank, dims, strides, box, mode);
    return e != SWZ_OK ? e : swz_tma_encode(map, p);
}
#endif /* SWZ__TMA_HAVE_DRIVER */

/* ---- 5. device: mbarriers, TMA copies, wgmma ---------------------------------------------- */
#if defined(__CUDACC__)
#define SWZ__TMA_DFN static __device__ __forceinline__

/* The shared-window address (cvta) of a pointer into shared memory: what the PTX copies, the
 * mbarrier instructions and swz_wgmma_desc take. */
SWZ__TMA_DFN uint32_t swz_smem_addr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

/* SWZ_TMA_REPORT (define it before including to choose): 1 -- a copy into a misaligned buffer
 * prints which function, the shared address and the alignment its mode needs, then stops the
 * kernel (cudaErrorLaunchFailure); 0 -- it stops the kernel with the fault that names the
 * problem, a 4-byte shared load from the odd address addr | 1 (no call: the launch fails with
 * cudaErrorMisalignedAddress, "misaligned address", and compute-sanitizer or cuda-gdb show the
 * copy's line).  The check itself is there either way.
 * Default 1, but 0 in code compiled for sm_90a (__CUDA_ARCH_FEAT_SM90_ALL, where wgmma runs):
 * device printf is a function call, and ptxas serializes every wgmma of a kernel that contains
 * a call (C7510, "wgmma pipeline crossing function boundary": a wait after each wgmma), so the
 * report would cost a wgmma kernel its overlap even though it never runs.  A build for sm_90
 * alone, or a test that wants the report from its sm_90a code, gets it (test-tma defines 1). */
#if !defined(SWZ_TMA_REPORT)
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define SWZ_TMA_REPORT 0
#else
#define SWZ_TMA_REPORT 1
#endif
#endif

/* The report of a misaligned copy, out of line (the copies inline only the test): which
 * function, the shared address, the alignment its mode needs; then the kernel stops. */
static __device__ __noinline__ void swz__tma_misaligned(const char *fn, uint32_t addr, uint32_t mode)
{
    if (swz_tma_smem_align(mode) == 0u)
        printf("swz: %s: mode %u is not a TMA swizzle mode (0, 32, 64 or 128 bytes); shared address 0x%x; "
               "kernel stopped\n", fn, mode, addr);
    else
        printf("swz: %s: shared address 0x%x is not aligned to %u bytes, which TMA swizzle mode %u needs "
               "(swz_tma_smem_align); kernel stopped\n", fn, addr, swz_tma_smem_align(mode), mode);
    __trap();
}

/* The shared-buffer check of every copy, in every build (NDEBUG too: a misaligned swizzled box
 * would silently hold another layout): one compare-and-branch; the report (SWZ_TMA_REPORT) is
 * out of line. */
SWZ__TMA_DFN void swz__tma_check_dst(const void *p, uint32_t mode, const char *fn)
{
    const uint32_t a = swz_smem_addr(p);
    if (__builtin_expect((a & (swz_tma_smem_align(mode) - 1u)) != 0u, 0)) {
#if SWZ_TMA_REPORT
        swz__tma_misaligned(fn, a, mode);
#else
        (void)fn;
        /* the branch waits for the load's value, so the load's fault comes before the trap */
        asm volatile("{ .reg .u32 t; .reg .pred p; SWZ_MIS: ld.volatile.shared.u32 t, [%0];"
                     " setp.eq.u32 p, t, 0x5a5a5a5a; @p bra SWZ_MIS; }" ::"r"(a | 1u) : "memory");
        __trap(); /* not reached: the load faults */
#endif
    }
}

/* Round a shared pointer up to the alignment of mode (a dynamic-shared-memory base). */
SWZ__TMA_DFN void *swz_tma_align_up(void *p, uint32_t mode)
{
    uint32_t a = swz_tma_smem_align(mode), s = swz_smem_addr(p);
    return (char *)p + ((a - s % a) % a);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SWZ__TMA_ASM(...) asm volatile(__VA_ARGS__)
#else
#define SWZ__TMA_ASM(...) __trap()
#endif

/* sm_90a-only instructions (wgmma, setmaxnreg, multicast): compiled for another target they set
 * swz_wgmma_missing instead. */
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define SWZ__WG_ASM(...) asm volatile(__VA_ARGS__)
#define SWZ_WGMMA_AVAILABLE 1
#else
#define SWZ__WG_ASM(...) swz__wgmma_missing()
#endif
/* Set when a wgmma/setmaxnreg/multicast function ran from code compiled without sm_90a. */
static __device__ int swz_wgmma_missing;
SWZ__TMA_DFN void swz__wgmma_missing(void) { swz_wgmma_missing = 1; }

SWZ__TMA_DFN void swz_mbar_init(uint64_t *bar, uint32_t count)
{
    SWZ__TMA_ASM("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(swz_smem_addr(bar)), "r"(count) : "memory");
}
/* Make initialized mbarriers visible to the async proxy and the cluster. */
SWZ__TMA_DFN void swz_fence_mbar_init(void) { SWZ__TMA_ASM("fence.mbarrier_init.release.cluster;" ::: "memory"); }
SWZ__TMA_DFN void swz_mbar_arrive(uint64_t *bar)
{
    SWZ__TMA_ASM("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(swz_smem_addr(bar)) : "memory");
}
/* Arrive on the mbarrier of CTA `cta` of the cluster at the same shared offset as bar. */
SWZ__TMA_DFN void swz_mbar_arrive_cluster(uint64_t *bar, uint32_t cta)
{
    SWZ__TMA_ASM("{ .reg .b32 ra; mapa.shared::cluster.u32 ra, %0, %1;\n"
                 " mbarrier.arrive.release.cluster.shared::cluster.b64 _, [ra]; }" ::"r"(swz_smem_addr(bar)),
                 "r"(cta) : "memory");
}
/* Arrive and announce `bytes` of transactions (the copies that complete this phase). */
SWZ__TMA_DFN void swz_mbar_expect_tx(uint64_t *bar, uint32_t bytes)
{
    SWZ__TMA_ASM("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(swz_smem_addr(bar)), "r"(bytes)
                 : "memory");
}
/* 1 when the phase of parity `parity` has completed. */
SWZ__TMA_DFN int swz_mbar_try_wait(uint64_t *bar, uint32_t parity)
{
    uint32_t ok = 0u;
    SWZ__TMA_ASM("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.b32 %0, 1, 0, p; }"
                 : "=r"(ok) : "r"(swz_smem_addr(bar)), "r"(parity) : "memory");
    return (int)ok;
}
SWZ__TMA_DFN void swz_mbar_wait(uint64_t *bar, uint32_t parity)
{
    while (!swz_mbar_try_wait(bar, parity)) {
    }
}
/* Order this thread's generic-proxy shared writes before later async-proxy reads (TMA store). */
SWZ__TMA_DFN void swz_fence_proxy_async(void) { SWZ__TMA_ASM("fence.proxy.async.shared::cta;" ::: "memory"); }
SWZ__TMA_DFN void swz_tma_prefetch(const CUtensorMap *map)
{
    SWZ__TMA_ASM("prefetch.tensormap [%0];" ::"l"((uint64_t)(uintptr_t)map) : "memory");
}

/* Box at (c0 = inner/column, c1 = row[, c2 = batch]) into dst (mode: the map's swizzle, for the
 * alignment check); completes `box_bytes` on bar.  Measured on the H200 (test-tma's probes):
 * c0*E must be a multiple of 16 bytes -- a box whose inner start is not on a 16-byte unit faults
 * with "illegal instruction" (rows and batch entries may start anywhere, negative included). */
SWZ__TMA_DFN void swz_tma_load_2d(void *dst, const CUtensorMap *map, uint32_t mode, uint64_t *bar, int32_t c0,
                                  int32_t c1)
{
    swz__tma_check_dst(dst, mode, "swz_tma_load_2d");
    SWZ__TMA_ASM("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(swz_smem_addr(dst)),
                 "l"((uint64_t)(uintptr_t)map), "r"(c0), "r"(c1), "r"(swz_smem_addr(bar)) : "memory");
}
SWZ__TMA_DFN void swz_tma_load_3d(void *dst, const CUtensorMap *map, uint32_t mode, uint64_t *bar, int32_t c0,
                                  int32_t c1, int32_t c2)
{
    swz__tma_check_dst(dst, mode, "swz_tma_load_3d");
    SWZ__TMA_ASM("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(swz_smem_addr(dst)),
                 "l"((uint64_t)(uintptr_t)map), "r"(c0), "r"(c1), "r"(c2), "r"(swz_smem_addr(bar)) : "memory");
}
SWZ__TMA_DFN void swz_tma_load_4d(void *dst, const CUtensorMap *map, uint32_t mode, uint64_t *bar, int32_t c0,
                                  int32_t c1, int32_t c2, int32_t c3)
{
    swz__tma_check_dst(dst, mode, "swz_tma_load_4d");
    SWZ__TMA_ASM("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4, %5}], [%6];" ::"r"(swz_smem_addr(dst)),
                 "l"((uint64_t)(uintptr_t)map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(swz_smem_addr(bar)) : "memory");
}
/* The same box into dst and bar at the same offsets in every CTA of the cluster in cta_mask. */
SWZ__TMA_DFN void swz_tma_load_2d_multicast(void *dst, const CUtensorMap *map, uint32_t mode, uint64_t *bar,
                                            int32_t c0, int32_t c1, uint16_t cta_mask)
{
    swz__tma_check_dst(dst, mode, "swz_tma_load_2d_multicast");
    SWZ__WG_ASM("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 ".multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(swz_smem_addr(dst)),
                 "l"((uint64_t)(uintptr_t)map), "r"(c0), "r"(c1), "r"(swz_smem_addr(bar)), "h"(cta_mask)
                 : "memory");
}
/* Box from src (written by this CTA: swz_fence_proxy_async first) to the global box at
 * (c0, c1[, c2]), an origin swz_tma_check_store_origin accepts (no negative coordinate; an
 * inner start on a 16-byte unit); rows and columns outside the matrix are not written, except
 * that a row that ends inside a 16-byte unit is written to the unit's end (plan.store_pad
 * bytes of its padding; measured on the H200).  Then swz_tma_commit. */
SWZ__TMA_DFN void swz_tma_store_2d(const CUtensorMap *map, uint32_t mode, const void *src, int32_t c0, int32_t c1)
{
    swz__tma_check_dst(src, mode, "swz_tma_store_2d");
    SWZ__TMA_ASM("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%2, %3}], [%1];" ::"l"(
                     (uint64_t)(uintptr_t)map),
                 "r"(swz_smem_addr(src)), "r"(c0), "r"(c1) : "memory");
}
SWZ__TMA_DFN void swz_tma_store_3d(const CUtensorMap *map, uint32_t mode, const void *src, int32_t c0, int32_t c1,
                                   int32_t c2)
{
    swz__tma_check_dst(src, mode, "swz_tma_store_3d");
    SWZ__TMA_ASM("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%2, %3, %4}], [%1];" ::"l"(
                     (uint64_t)(uintptr_t)map),
                 "r"(swz_smem_addr(src)), "r"(c0), "r"(c1), "r"(c2) : "memory");
}
SWZ__TMA_DFN void swz_tma_commit(void) { SWZ__TMA_ASM("cp.async.bulk.commit_group;" ::: "memory"); }
/* Wait until at most n committed store groups are pending: their shared source may be
 * reused (_READ) / their global writes are done (SWZ_TMA_WAIT).  n: a constant (macros: the asm
 * "n" constraint needs one). */
#define SWZ_TMA_WAIT_READ(n) SWZ__TMA_ASM("cp.async.bulk.wait_group.read %0;" ::"n"((n)) : "memory")
#define SWZ_TMA_WAIT(n) SWZ__TMA_ASM("cp.async.bulk.wait_group %0;" ::"n"((n)) : "memory")

/* -- clusters -- */
/* This CTA's rank in its cluster (0 without a cluster). */
SWZ__TMA_DFN uint32_t swz_cluster_ctarank(void)
{
    uint32_t r = 0u;
    SWZ__TMA_ASM("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
}
/* Every thread of every CTA of the cluster: release this CTA's prior writes, then wait for all
 * (the barriers' initialization before a peer's multicast or remote arrive; no CTA leaves
 * while a peer may still write into it). */
SWZ__TMA_DFN void swz_cluster_sync(void)
{
    SWZ__TMA_ASM("barrier.cluster.arrive.release.aligned;\n barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

/* -- wgmma (sm_90a) -- */

SWZ__TMA_DFN void swz_wgmma_fence(void) { SWZ__WG_ASM("wgmma.fence.sync.aligned;" ::: "memory"); }
SWZ__TMA_DFN void swz_wgmma_commit(void) { SWZ__WG_ASM("wgmma.commit_group.sync.aligned;" ::: "memory"); }
#define SWZ_WGMMA_WAIT(n) SWZ__WG_ASM("wgmma.wait_group.sync.aligned %0;" ::"n"((n)) : "memory")
/* Registers of the warpgroup's threads: more (consumers) or fewer (the producer); n a constant
 * multiple of 8 in [24, 256]. */
#define SWZ_SETMAXNREG_INC(n) SWZ__WG_ASM("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"((n)))
#define SWZ_SETMAXNREG_DEC(n) SWZ__WG_ASM("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"((n)))

/* Make the accumulator registers d[0..n) live across an asynchronous wgmma (a compiler fence). */
SWZ__TMA_DFN void swz__wg_keep(float *d, int n)
{
    for (int i = 0; i < n; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

/* The operand lists: 8 accumulators each (%i numbering and "+f" constraints). */
#define SWZ__WG_R(a, b, c, d, e, f, g, h) "%" #a ", %" #b ", %" #c ", %" #d ", %" #e ", %" #f ", %" #g ", %" #h
#define SWZ__WG_C(D, i)                                                                          \
    "+f"((D)[8 * (i)]), "+f"((D)[8 * (i) + 1]), "+f"((D)[8 * (i) + 2]), "+f"((D)[8 * (i) + 3]),  \
        "+f"((D)[8 * (i) + 4]), "+f"((D)[8 * (i) + 5]), "+f"((D)[8 * (i) + 6]), "+f"((D)[8 * (i) + 7])
#define SWZ__WG_R4 SWZ__WG_R(0, 1, 2, 3, 4, 5, 6, 7) ", " SWZ__WG_R(8, 9, 10, 11, 12, 13, 14, 15) ", " \
    SWZ__WG_R(16, 17, 18, 19, 20, 21, 22, 23) ", " SWZ__WG_R(24, 25, 26, 27, 28, 29, 30, 31)
#define SWZ__WG_R8 SWZ__WG_R4 ", " SWZ__WG_R(32, 33, 34, 35, 36, 37, 38, 39) ", "                 \
    SWZ__WG_R(40, 41, 42, 43, 44, 45, 46, 47) ", " SWZ__WG_R(48, 49, 50, 51, 52, 53, 54, 55) ", " \
    SWZ__WG_R(56, 57, 58, 59, 60, 61, 62, 63)
#define SWZ__WG_R16 SWZ__WG_R8 ", " SWZ__WG_R(64, 65, 66, 67, 68, 69, 70, 71) ", "                \
    SWZ__WG_R(72, 73, 74, 75, 76, 77, 78, 79) ", " SWZ__WG_R(80, 81, 82, 83, 84, 85, 86, 87) ", " \
    SWZ__WG_R(88, 89, 90, 91, 92, 93, 94, 95) ", " SWZ__WG_R(96, 97, 98, 99, 100, 101, 102, 103) \
    ", " SWZ__WG_R(104, 105, 106, 107, 108, 109, 110, 111) ", "                                  \
    SWZ__WG_R(112, 113, 114, 115, 116, 117, 118, 119) ", " SWZ__WG_R(120, 121, 122, 123, 124, 125, 126, 127)
#define SWZ__WG_C4(D) SWZ__WG_C(D, 0), SWZ__WG_C(D, 1), SWZ__WG_C(D, 2), SWZ__WG_C(D, 3)
#define SWZ__WG_C8(D) SWZ__WG_C4(D), SWZ__WG_C(D, 4), SWZ__WG_C(D, 5), SWZ__WG_C(D, 6), SWZ__WG_C(D, 7)
#define SWZ__WG_C16(D)                                                                          \
    SWZ__WG_C8(D), SWZ__WG_C(D, 8), SWZ__WG_C(D, 9), SWZ__WG_C(D, 10), SWZ__WG_C(D, 11),        \
        SWZ__WG_C(D, 12), SWZ__WG_C(D, 13), SWZ__WG_C(D, 14), SWZ__WG_C(D, 15)

/* D(64 x N, f32, the wgmma accumulator fragment) = A(64 x 16) B(16 x N) + (scale_d ? D : 0)
 * for one warpgroup; A and B by descriptor, B K-major (tb 0) or MN-major (tb 1); TYPE f16 or
 * bf16.  NAME: swz_wgmma_m64n<N>k16_<TYPE>(float d[N/2], uint64_t da, uint64_t db, int scale_d). */
#define SWZ__WGMMA_FN(N, TYPE, RLIST, CLIST, DA, DB, SC)                                          \
    SWZ__TMA_DFN void swz_wgmma_m64n##N##k16_##TYPE(float *d, uint64_t da, uint64_t db, int scale_d, int tb) \
    {                                                                                           \
        if (tb)                                                                                 \
            SWZ__WG_ASM("{ .reg .pred p; setp.ne.b32 p, " SC ", 0;\n"                           \
                        " wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." #TYPE "." #TYPE     \
                        " {" RLIST "}, " DA ", " DB ", p, 1, 1, 0, 1; }"                       \
                        : CLIST : "l"(da), "l"(db), "r"(scale_d));                              \
        else                                                                                    \
            SWZ__WG_ASM("{ .reg .pred p; setp.ne.b32 p, " SC ", 0;\n"                           \
                        " wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." #TYPE "." #TYPE     \
                        " {" RLIST "}, " DA ", " DB ", p, 1, 1, 0, 0; }"                       \
                        : CLIST : "l"(da), "l"(db), "r"(scale_d));                              \
    }
SWZ__WGMMA_FN(64, f16, SWZ__WG_R4, SWZ__WG_C4(d), "%32", "%33", "%34")
SWZ__WGMMA_FN(64, bf16, SWZ__WG_R4, SWZ__WG_C4(d), "%32", "%33", "%34")
SWZ__WGMMA_FN(128, f16, SWZ__WG_R8, SWZ__WG_C8(d), "%64", "%65", "%66")
SWZ__WGMMA_FN(128, bf16, SWZ__WG_R8, SWZ__WG_C8(d), "%64", "%65", "%66")
SWZ__WGMMA_FN(256, f16, SWZ__WG_R16, SWZ__WG_C16(d), "%128", "%129", "%130")
SWZ__WGMMA_FN(256, bf16, SWZ__WG_R16, SWZ__WG_C16(d), "%128", "%129", "%130")

/* The same with A (64 x 16) from registers instead of shared memory: a[4] of each thread holds
 * its warp's 16 x 16 slice of A in the mma.sync m16n8k16 A-fragment order (a0a1 = (g, 2t..),
 * a2a3 = (g+8, 2t..), a4a5 = (g, 2t+8..), a6a7 = (g+8, 2t+8..); g = lane/4, t = lane%4, rows
 * 16*warp.. of the warpgroup) -- the order of a 16-bit accumulator fragment converted pairwise,
 * so a product's result feeds the next product without shared memory.  The registers of a and
 * d must not change until the group completes (swz_wgmma_fence_operand after the wait).
 * NAME: swz_wgmma_m64n<N>k16_rs_<TYPE>(float d[N/2], const uint32_t a[4], uint64_t db, int scale_d, int tb). */
#define SWZ__WGMMA_RS_FN(N, TYPE, RLIST, CLIST, A0, DB, SC)                                       \
    SWZ__TMA_DFN void swz_wgmma_m64n##N##k16_rs_##TYPE(float *d, const uint32_t *a, uint64_t db, int scale_d, int tb) \
    {                                                                                           \
        if (tb)                                                                                 \
            SWZ__WG_ASM("{ .reg .pred p; setp.ne.b32 p, " SC ", 0;\n"                           \
                        " wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." #TYPE "." #TYPE     \
                        " {" RLIST "}, " A0 ", " DB ", p, 1, 1, 1; }"                          \
                        : CLIST : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d)); \
        else                                                                                    \
            SWZ__WG_ASM("{ .reg .pred p; setp.ne.b32 p, " SC ", 0;\n"                           \
                        " wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." #TYPE "." #TYPE     \
                        " {" RLIST "}, " A0 ", " DB ", p, 1, 1, 0; }"                          \
                        : CLIST : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d)); \
    }
SWZ__WGMMA_RS_FN(64, f16, SWZ__WG_R4, SWZ__WG_C4(d), "{%32, %33, %34, %35}", "%36", "%37")
SWZ__WGMMA_RS_FN(64, bf16, SWZ__WG_R4, SWZ__WG_C4(d), "{%32, %33, %34, %35}", "%36", "%37")
SWZ__WGMMA_RS_FN(128, f16, SWZ__WG_R8, SWZ__WG_C8(d), "{%64, %65, %66, %67}", "%68", "%69")
SWZ__WGMMA_RS_FN(128, bf16, SWZ__WG_R8, SWZ__WG_C8(d), "{%64, %65, %66, %67}", "%68", "%69")
SWZ__WGMMA_RS_FN(256, f16, SWZ__WG_R16, SWZ__WG_C16(d), "{%128, %129, %130, %131}", "%132", "%133")
SWZ__WGMMA_RS_FN(256, bf16, SWZ__WG_R16, SWZ__WG_C16(d), "{%128, %129, %130, %131}", "%132", "%133")

/* A compiler fence on the registers of an asynchronous wgmma's operands: after the group's
 * wgmma wait, call it on the accumulators (and on register A fragments) so that the compiler
 * neither reads them before the wait nor reuses their registers while the tensor cores may
 * still read them.  No instruction is emitted. */
SWZ__TMA_DFN void swz_wgmma_fence_operand(float *d, int n)
{
    for (int i = 0; i < n; ++i) asm volatile("" : "+f"(d[i])::"memory");
}
SWZ__TMA_DFN void swz_wgmma_fence_operand_u32(uint32_t *a, int n)
{
    for (int i = 0; i < n; ++i) asm volatile("" : "+r"(a[i])::"memory");
}

#endif /* __CUDACC__ */

#endif /* SWZ_TMA_H */
