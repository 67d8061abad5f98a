/* swz/mma.h -- tensor-core tiles: 16-byte cp.async copies of a global matrix into a shared tile
 * stored in any swz layout, ldmatrix / stmatrix fragment accesses of the m16n8k16 operands
 * whose per-lane row addresses come from that layout, mma.sync m16n8k16, and host-side twins
 * that list every lane's address for bank.h.
 *
 * What it is for
 *   A tensor-core kernel writes its shared tiles with 16-byte cp.async and reads them with
 *   ldmatrix (.x4, .trans); both must be conflict free in the tile's layout.  This header
 *   writes those accesses once with the layout as a parameter, a macro SWZ_MMA_LAYOUT(r, c)
 *   giving the element offset of tile element (r, c), as swz/tile.h does.  It is a template
 *   header: define the parameters, include it, and it generates functions named after
 *   SWZ_MMA_NAME, then #undefs every parameter.  Included without SWZ_MMA_NAME it declares only
 *   the shared part: cp.async commit/wait, ldmatrix .x4 and mma.sync, with swz/frag.h's lane
 *   maps and fragment kinds (the one owner of "which lane addresses which row": the device
 *   code, NAME_model and check.h's ldmatrix-* and cp-async patterns all call them).
 *
 * Example (a 64x64 fp16 A tile with the 128-byte swizzle; one warp, one m16n8k16 product)
 *   #include <cuda_fp16.h>
 *   #include <swz/xor.h>
 *   #define SWZ_MMA_NAME     ta
 *   #define SWZ_MMA_ELEM     __half
 *   #define SWZ_MMA_ROWS     64
 *   #define SWZ_MMA_COLS     64
 *   #define SWZ_MMA_THREADS  128
 *   #define SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 16, (r), (c))
 *   #include <swz/mma.h>
 *   __global__ void first_product(const __half *a, const __half *b, float *d, int64_t m, int64_t k)
 *   {
 *       __shared__ __align__(128) __half sa[64 * 64], sb[64 * 64];
 *       uint32_t fa[4], fb[4];
 *       float acc[4] = {0.f, 0.f, 0.f, 0.f};
 *       ta_load_async(sa, a, k, 0, 0, m, k);   // A: m x k, row-major, ld = k
 *       ta_load_async(sb, b, 64, 0, 0, k, 64); // B: k x 64, row-major (K x N)
 *       swz_mma_commit();
 *       SWZ_MMA_WAIT(0);
 *       __syncthreads();
 *       if (threadIdx.x < 32) {
 *           ta_ldmatrix(fa, sa, SWZ_MMA_A, 4, 0, 0);   // rows 0-15, k 0-15
 *           ta_ldmatrix(fb, sb, SWZ_MMA_B, 4, 0, 0);   // k 0-15, n 0-15 (.trans): two n8 tiles
 *           swz_mma_m16n8k16_f16(acc, fa, fb, acc);     // D(16x8) += A(16x16) B(16x8), n 0-7
 *           d[threadIdx.x] = acc[0];
 *       }
 *   }
 *
 * Parameters (define before including; all are #undef'ed by the include)
 *   SWZ_MMA_NAME          prefix of the generated names
 *   SWZ_MMA_ELEM          element type; sizeof 1, 2, 4, 8 or 16 for the copies; the fragments
 *                         are the 16-bit ones of fp16 / bf16, so NAME_ldmatrix, _ldmatrix_plain
 *                         and _stmatrix are a compile error naming
 *                         swz_error_mma_ldmatrix_and_mma_sync_need_a_2_byte_SWZ_MMA_ELEM where
 *                         they are used with another size (NAME_model of a fragment kind:
 *                         SWZ_EELEM).  A copy-only tile (examples/transpose) may hold any size.
 *   SWZ_MMA_ROWS/COLS     tile shape in elements; COLS * sizeof(ELEM) a multiple of 16
 *   SWZ_MMA_THREADS       threads taking part in the copy: a positive multiple of 32
 *   SWZ_MMA_LAYOUT(r, c)  element offset of (r, c) in the shared array (uint32_t-valued).  It
 *                         must keep every 16-byte unit of a row (16/E elements, starting at a
 *                         multiple of 16/E) whole and in order at a 16-byte-aligned offset:
 *                         XOR with M >= log2(16/E), PAD or MORTON built for 16-byte access,
 *                         NONE.  A layout that is a constant expression (SWZ_XOR*, SWZ_PAD*,
 *                         SWZ_LINEAR_OFFSET, SWZ_TMA_OFFSET; not SWZ_MORTON_OFFSET or a
 *                         function) is checked at compile time in C++ (swz_error_mma_SWZ_MMA_
 *                         LAYOUT_must_keep_16_byte_units_whole_build_it_for_16_byte_access:
 *                         e.g. SWZ_XOR_AUTO_OFFSET(W, 2, 4, r, c)); any layout by NAME_model
 *                         at run time (SWZ_EALIGN).
 *   SWZ_MMA_COPY_PERIODIC (optional, 0 or 1; default 0)  1 promises that the copy's chunk
 *                         addresses repeat with a fixed stride: chunk_addr(i + j*THREADS) ==
 *                         chunk_addr(i) + chunk_addr(j*THREADS) - chunk_addr(0) for every chunk
 *                         (none, pad, and an XOR whose key period divides THREADS/units rows).
 *                         NAME_load_async_full then computes one shared address per thread
 *                         instead of one per chunk; NAME_model(SWZ_MMA_OP_COPY) checks the
 *                         promise and reports SWZ_EALIGN when it does not hold.
 *   A bad parameter is a compile error naming it (swz_error_mma_...).
 *
 * Fragment kinds (SWZ_MMA_A, _B, _BT, _C: the operands of m16n8k16 and their matrices) and
 * the lane maps (swz_mma_lane_rc, swz_mma_frag_extent, swz_mma_chunk_rc) are in swz/frag.h, which
 * this header includes: plain C, so that check.h's patterns use them without CUDA.
 *
 * Generated (NAME = SWZ_MMA_NAME; device functions only under nvcc)
 *   uint32_t NAME_lane_addr(int frag, int count, int lane, uint32_t r0, uint32_t c0)
 *       (host + device) byte offset in the tile of the row lane `lane` addresses for the
 *       fragment at (r0, c0) (c0 in elements, a multiple of 16/E): SWZ_MMA_LAYOUT(r0 + dr,
 *       c0 + du*16/E) * E; SWZ_BAD_OFFSET for an inactive lane.  The device functions add it
 *       to the tile's shared address: this is the one address computation.
 *   uint32_t NAME_chunk_addr(int i)   (host + device) byte offset of copy chunk i.
 *   void NAME_load_async(ELEM *s, const ELEM *g, int64_t ld, int64_t row0, int64_t col0,
 *                        int64_t rows, int64_t cols)
 *       tile(r, c) = g[(row0 + r) * ld + col0 + c], zero outside [0, rows) x [0, cols), with
 *       one 16-byte cp.async.cg per chunk inside the matrix and a 16-byte shared store of
 *       zeros per chunk outside it.  Asynchronous: follow it by swz_mma_commit() and
 *       SWZ_MMA_WAIT(n) + __syncthreads() before reading.  When g + col0 or ld is not 16-byte
 *       aligned, a chunk straddles column 0 (col0 < 0) or is cut by the right edge (a 16-byte
 *       copy would name bytes past the row, which compute-sanitizer reports as read even with
 *       a src-size below 16), those chunks are copied element by element with plain loads and
 *       stores (synchronous, correct).
 *       sm_80+; below sm_80 every chunk takes that plain path.
 *   void NAME_load_async_full(ELEM *s, const ELEM *g, int64_t ld, int64_t off)
 *       the same copy of a tile wholly inside the matrix, g pointing at its element (0, 0), g
 *       and ld 16-byte aligned (the caller's contract), off = NAME_copy_offset(ld): one
 *       16-byte cp.async per chunk and no bounds arithmetic -- the interior tiles of a GEMM
 *       main loop.
 *   int64_t NAME_copy_offset(int64_t ld)   this thread's first chunk's element offset from
 *       the tile origin (loop-invariant: computed once, outside the main loop).
 *   void NAME_load_async_run(unsigned sdst, const ELEM *src, int64_t ld, int j0, int j1, int pred)
 *       chunks j0 <= j < j1 of this thread (chunk tid + j*THREADS) of the same full-tile copy,
 *       from a running pointer: sdst = the tile's shared address (cvta) + NAME_chunk_addr(tid),
 *       src = the tile origin + NAME_copy_offset(ld); nothing issued when pred == 0 (a
 *       predicated cp.async, no branch).  With SWZ_MMA_COPY_PERIODIC and THREADS a multiple of
 *       the units per row, chunk j is src + j*(THREADS/units)*ld and sdst + a constant: a main
 *       loop that advances src by a slice and sdst by a stage does no other address arithmetic
 *       and may spread one slice's chunks over its k steps.
 *   void NAME_ldmatrix(uint32_t *reg, const ELEM *s, int frag, int count, uint32_t r0, uint32_t c0)
 *       reg[0..count) = the fragment (ldmatrix .x<count>, .trans for SWZ_MMA_B); whole warp,
 *       frag and count constants.  sm_75+.
 *   void NAME_ldmatrix_plain(...same...)   the same registers from plain 16-bit shared loads,
 *       by the fragment tables (a reference for tests; not conflict-tuned).
 *   void NAME_stmatrix(ELEM *s, const uint32_t *reg, int count, uint32_t r0, uint32_t c0)
 *       stmatrix .x<count> of a SWZ_MMA_C fragment; sm_90 (below: plain 4-byte stores).
 *   uint32_t NAME_lanes(int frag, int count, uint32_t r0, uint32_t c0, uint32_t addr[32])
 *       (host) every lane's address of one ldmatrix; returns the active lanes' mask.
 *   int NAME_model(int op, int count, swz_tile_cost *cost)   (host)
 *       op SWZ_MMA_OP_COPY: the shared writes of one NAME_load_async over the whole tile
 *       (bank.h R8, swz_bank_eval_cp_async, count ignored) with the sources of a matrix
 *       whose rows each start a 128-byte line: chunk (r, u) reads byte r*P + 16u, P = 128 *
 *       ceil(16 * units / 128) -- any matrix with 128-byte aligned rows at least a tile row
 *       long (a GEMM's operands; a row start at a line's second half costs the same);
 *       op = a fragment kind: ldmatrix (stmatrix for SWZ_MMA_C) .x<count> of every fragment
 *       that tiles the tile, one warp instruction each.  Returns cost->status.
 *   Constants NAME_CHUNK_ELEMS (16/E), NAME_CHUNKS (chunks per tile).
 *
 * Shared (no NAME)
 *   swz_mma_commit()            cp.async.commit_group
 *   SWZ_MMA_WAIT(n)             cp.async.wait_group n (n a constant: at most n groups pending)
 *   swz_mma_ldmatrix_x4(reg, saddr, trans)   ldmatrix .x4 (.trans) of this lane's row at the
 *       shared address saddr: for a kernel that keeps NAME_lane_addr's offsets in registers
 *       (computed once per thread) instead of recomputing them per fragment.
 *   swz_mma_m16n8k16_f16(d, a, b, c), swz_mma_m16n8k16_bf16(...)   float d[4] = a.b + c[4]
 *       with a[4], b[2] the fragment registers above (mma.sync.aligned.m16n8k16.row.col).
 *
 * Bank model (bank.h R3): one 8-lane phase per matrix for ldmatrix; stmatrix is modelled as
 * the same pattern (measured: docs/design.md, "Model vs hardware"); cp.async's shared writes by R8 (its
 * measured rule: per source line across the warp, chunk maps of the sector ring) with the
 * sources above: a quarter warp copying rows of 64 bytes reads two source lines (2 wavefronts
 * in any layout).
 */
#ifndef SWZ_MMA_H
#define SWZ_MMA_H

#include "common.h"
#include "bank.h"
#include "frag.h"

#define SWZ_MMA_OP_COPY 16 /* NAME_model's op: the cp.async copy (the others are fragment kinds) */

#if defined(__CUDACC__)
SWZ_FN void swz_mma_commit(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define SWZ_MMA_WAIT(n) asm volatile("cp.async.wait_group %0;" ::"n"((n)) : "memory")
#else
#define SWZ_MMA_WAIT(n) ((void)(n))
#endif

/* D = A.B + C, m16n8k16, fp32 accumulators; ROW.COL; TYPE f16 or bf16.  sm_80+; compiled for
 * an older architecture it traps (so a multi-architecture build still compiles). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define SWZ__MMA_MMA(NAME, TYPE)                                                                \
    static __device__ __forceinline__ void NAME(float d[4], const uint32_t a[4],               \
                                                const uint32_t b[2], const float c[4])         \
    {                                                                                          \
        (void)a, (void)b, (void)c, (void)d;                                                    \
        asm volatile("trap;");                                                                 \
    }
#else
#define SWZ__MMA_MMA(NAME, TYPE)                                                                \
    static __device__ __forceinline__ void NAME(float d[4], const uint32_t a[4],               \
                                                const uint32_t b[2], const float c[4])         \
    {                                                                                          \
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." TYPE "." TYPE ".f32 "            \
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"     \
                     : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])                          \
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),       \
                       "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));                            \
    }
#endif
/* One 16-byte cp.async.cg global -> shared of which the first `bytes` (0..16) are read and
 * the rest zero-filled (sm_80+; the callers below have the plain path for older GPUs). */
static __device__ __forceinline__ void swz__mma_cp_async16(unsigned saddr, const void *src, unsigned bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(saddr), "l"(src), "r"(bytes) : "memory");
#else
    (void)saddr, (void)src, (void)bytes;
#endif
}

/* The same copy of all 16 bytes, issued only when pred != 0 (a predicated LDGSTS: no branch,
 * so a main loop's copies stay in the basic block of its mma.sync). */
static __device__ __forceinline__ void swz__mma_cp_async16_if(unsigned saddr, const void *src, int pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"
                 "@p cp.async.cg.shared.global [%0], [%1], 16;\n\t}" ::"r"(saddr), "l"(src), "r"(pred)
                 : "memory");
#else
    (void)saddr, (void)src, (void)pred;
#endif
}
/* ldmatrix .x4 (.trans when trans != 0, a constant) with this lane's row address `saddr` (a
 * shared address, cvta): for a caller that computes the lane addresses itself, e.g. once per
 * thread outside a main loop from NAME_lane_addr.  sm_75+ (below: traps). */
static __device__ __forceinline__ void swz_mma_ldmatrix_x4(uint32_t reg[4], unsigned saddr, int trans)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
    if (trans)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(reg[0]), "=r"(reg[1]), "=r"(reg[2]), "=r"(reg[3]) : "r"(saddr) : "memory");
    else
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(reg[0]), "=r"(reg[1]), "=r"(reg[2]), "=r"(reg[3]) : "r"(saddr) : "memory");
#else
    (void)reg, (void)saddr, (void)trans;
    asm volatile("trap;");
#endif
}
SWZ__MMA_MMA(swz_mma_m16n8k16_f16, "f16")
SWZ__MMA_MMA(swz_mma_m16n8k16_bf16, "bf16")
#undef SWZ__MMA_MMA
#endif /* __CUDACC__ */

#endif /* SWZ_MMA_H */

/* ======================= generated part (each inclusion with SWZ_MMA_NAME) ================= */
#if defined(SWZ_MMA_NAME)

#if !defined(SWZ_MMA_ELEM) || !defined(SWZ_MMA_ROWS) || !defined(SWZ_MMA_COLS) ||              \
    !defined(SWZ_MMA_THREADS) || !defined(SWZ_MMA_LAYOUT)
#error "swz/mma.h: define SWZ_MMA_ELEM, SWZ_MMA_ROWS, SWZ_MMA_COLS, SWZ_MMA_THREADS and SWZ_MMA_LAYOUT(r, c) along with SWZ_MMA_NAME"
#endif

#define SWZ__MN(x) SWZ_CAT(SWZ_MMA_NAME, x)

enum {
    SWZ__MN(__E) = (int)sizeof(SWZ_MMA_ELEM),
    SWZ__MN(_CHUNK_ELEMS) = 16 / (int)sizeof(SWZ_MMA_ELEM) < 1 ? 1 : 16 / (int)sizeof(SWZ_MMA_ELEM),
    SWZ__MN(__UNITS) = (SWZ_MMA_COLS) / SWZ__MN(_CHUNK_ELEMS),
    SWZ__MN(_CHUNKS) = (SWZ_MMA_ROWS) * SWZ__MN(__UNITS),
    SWZ__MN(__PER) = (SWZ__MN(_CHUNKS) + (SWZ_MMA_THREADS)-1) / (SWZ_MMA_THREADS),
#if defined(SWZ_MMA_COPY_PERIODIC)
    SWZ__MN(__PERIODIC) = (SWZ_MMA_COPY_PERIODIC) ? 1 : 0
#else
    SWZ__MN(__PERIODIC) = 0
#endif
};

SWZ_STATIC_ASSERT(SWZ__VALID_ELEM(sizeof(SWZ_MMA_ELEM)),
                  swz_error_mma_SWZ_MMA_ELEM_size_must_be_1_2_4_8_or_16);
SWZ_STATIC_ASSERT((SWZ_MMA_THREADS) > 0 && (SWZ_MMA_THREADS) % 32 == 0,
                  swz_error_mma_SWZ_MMA_THREADS_must_be_a_positive_multiple_of_32);
SWZ_STATIC_ASSERT((SWZ_MMA_ROWS) > 0 && (SWZ_MMA_COLS) > 0 &&
                      (SWZ_MMA_ROWS) * (SWZ_MMA_COLS) <= (1 << 24),
                  swz_error_mma_tile_shape_must_be_positive_and_at_most_2_to_the_24_elements);
SWZ_STATIC_ASSERT(((SWZ_MMA_COLS) * (int)sizeof(SWZ_MMA_ELEM)) % 16 == 0,
                  swz_error_mma_SWZ_MMA_COLS_rows_must_be_a_multiple_of_16_bytes);

/* The layout keeps every 16-byte unit of a row whole, in order and 16-byte aligned (what one
 * cp.async chunk and one ldmatrix row address are): checked at compile time in C++ wherever
 * SWZ_MMA_LAYOUT is a constant expression -- the first, second and last element of the first
 * and last unit of row 0 and of rows 1, 2, 4, 8, ... (a layout's XOR key is a function of the
 * row bits, so a layout built for 4- or 8-byte access moves part of a unit in one of them).  A
 * layout that is a function call is left to NAME_model (SWZ_EALIGN) at run time, as in C. */
#if defined(__cplusplus) && (defined(__GNUC__) || defined(__clang__) || defined(__CUDACC__))
template <int SWZ__D = 0>
static constexpr uint32_t SWZ__MN(__ct_at)(uint32_t r, uint32_t c) { return (uint32_t)(SWZ_MMA_LAYOUT(r, c)); }
template <int SWZ__D = 0>
static constexpr int SWZ__MN(__ct_unit)(uint32_t r, uint32_t c, uint32_t v)
{
    return SWZ__MN(__ct_at)<>(r, c) % v == 0u && SWZ__MN(__ct_at)<>(r, c + 1u % v) == SWZ__MN(__ct_at)<>(r, c) + 1u % v &&
           SWZ__MN(__ct_at)<>(r, c + v - 1u) == SWZ__MN(__ct_at)<>(r, c) + v - 1u;
}
template <int SWZ__D = 0>
static constexpr int SWZ__MN(__ct_rows)(uint32_t r)
{
    return r >= (uint32_t)(SWZ_MMA_ROWS) ||
           (SWZ__MN(__ct_unit)<>(r, 0u, (uint32_t)SWZ__MN(_CHUNK_ELEMS)) &&
            SWZ__MN(__ct_unit)<>(r, (uint32_t)(SWZ_MMA_COLS) - (uint32_t)SWZ__MN(_CHUNK_ELEMS), (uint32_t)SWZ__MN(_CHUNK_ELEMS)) &&
            SWZ__MN(__ct_rows)<>(r ? 2u * r : 1u));
}
SWZ_STATIC_ASSERT(!__builtin_constant_p(SWZ__MN(__ct_at)<>(1u, 1u)) || SWZ__MN(__ct_rows)<>(0u),
                  swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole_build_it_for_16_byte_access);
#endif

/* ldmatrix, stmatrix and mma.sync move 16-bit elements: NAME_ldmatrix, NAME_ldmatrix_plain and
 * NAME_stmatrix are a compile error (in C++, where they are used) for an element of another
 * size; the copies (NAME_load_async*) work for elements of 1 to 16 bytes. */
enum { SWZ__MN(__FRAG_E_OK) = sizeof(SWZ_MMA_ELEM) == 2 };
#define SWZ__MMA_FRAG_ELEM_CHECK(D)                                                             \
    SWZ_STATIC_ASSERT(SWZ__MN(__FRAG_E_OK) || (D), swz_error_mma_ldmatrix_and_mma_sync_need_a_2_byte_SWZ_MMA_ELEM)

SWZ_FN uint32_t SWZ__MN(_lane_addr)(int frag, int count, int lane, uint32_t r0, uint32_t c0)
{
    uint32_t dr = 0u, du = 0u;
    if (!swz_mma_lane_rc(frag, count, (uint32_t)lane, &dr, &du)) return SWZ_BAD_OFFSET;
    return (uint32_t)(SWZ_MMA_LAYOUT(r0 + dr, c0 + du * (uint32_t)SWZ__MN(_CHUNK_ELEMS))) *
           (uint32_t)SWZ__MN(__E);
}

SWZ_FN uint32_t SWZ__MN(_chunk_addr)(int i)
{
    uint32_t r, u;
    swz_mma_chunk_rc((uint32_t)i, (uint32_t)SWZ__MN(__UNITS), &r, &u);
    return (uint32_t)(SWZ_MMA_LAYOUT(r, u * (uint32_t)SWZ__MN(_CHUNK_ELEMS))) * (uint32_t)SWZ__MN(__E);
}

#if defined(__CUDACC__)
/* One chunk element by element (plain loads and stores; zero outside the matrix). */
static __device__ __forceinline__ void SWZ__MN(__chunk_plain)(char *dst, const char *g, int64_t ld,
                                                              int64_t gr, int64_t gc, int64_t rows,
                                                              int64_t cols)
{
    enum { kE = SWZ__MN(__E), kV = SWZ__MN(_CHUNK_ELEMS) };
    for (int x = 0; x < kV; ++x) {
        const int inside = gr >= 0 && gr < rows && gc + x >= 0 && gc + x < cols;
        const char *p = g + ((gr * ld) + gc + x) * kE;
        for (int b = 0; b < kE; ++b) dst[x * kE + b] = inside ? p[b] : (char)0;
    }
}

static __device__ __forceinline__ void SWZ__MN(_load_async)(SWZ_MMA_ELEM *s, const SWZ_MMA_ELEM *g,
                                                            int64_t ld, int64_t row0, int64_t col0,
                                                            int64_t rows, int64_t cols)
{
    enum { kE = SWZ__MN(__E), kV = SWZ__MN(_CHUNK_ELEMS), kN = SWZ__MN(_CHUNKS),
           kPER = SWZ__MN(__PER), kTH = (SWZ_MMA_THREADS), kU = SWZ__MN(__UNITS) };
    const int tid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
    const char *gb = (const char *)g;
    char *sb = (char *)s;
    const int aligned = ((((uintptr_t)gb + (uint64_t)col0 * kE) & 15u) == 0) && (((uint64_t)ld * kE) & 15u) == 0;
    if (tid >= kTH) return;
#pragma unroll
    for (int j = 0; j < kPER; ++j) {
        const int i = tid + j * kTH;
        uint32_t r, u;
        if (kN % kTH != 0 && i >= kN) break;
        swz_mma_chunk_rc((uint32_t)i, (uint32_t)kU, &r, &u);
        const int64_t gr = row0 + r, gc = col0 + (int64_t)u * kV;
        char *dst = sb + SWZ__MN(_chunk_addr)(i);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
        /* a whole chunk: one 16-byte cp.async; a chunk outside the matrix: a 16-byte shared
         * store of zeros (no global address at all); a chunk cut by the right edge: the plain
         * path below, so that no copy names bytes past the matrix (compute-sanitizer counts a
         * 16-byte cp.async as a 16-byte read whatever its src-size) */
        if (aligned && !(gc < 0 && gc + kV > 0)) {
            if (!(gr >= 0 && gr < rows && gc >= 0 && gc < cols)) {
                *(uint4 *)dst = make_uint4(0u, 0u, 0u, 0u);
                continue;
            }
            if (cols - gc >= kV) {
                swz__mma_cp_async16((unsigned)__cvta_generic_to_shared(dst), gb + (gr * ld + gc) * kE, 16u);
                continue;
            }
        }
#endif
        (void)aligned;
        SWZ__MN(__chunk_plain)(dst, gb, ld, gr, gc, rows, cols);
    }
}

/* This thread's first chunk (chunk tid): its element offset r*ld + u*(16/E) from the tile
 * origin in a matrix of leading dimension ld.  Loop-invariant: compute it once, outside a
 * main loop, and hand it to NAME_load_async_full. */
static __device__ __forceinline__ int64_t SWZ__MN(_copy_offset)(int64_t ld)
{
    uint32_t r0, u0;
    const int tid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
    swz_mma_chunk_rc((uint32_t)tid, (uint32_t)SWZ__MN(__UNITS), &r0, &u0);
    return (int64_t)r0 * ld + (int64_t)u0 * SWZ__MN(_CHUNK_ELEMS);
}

/* The whole tile inside the matrix: g points at its origin (element (0, 0)), g and ld are
 * 16-byte aligned (the caller's contract, not checked), off = NAME_copy_offset(ld): one
 * 16-byte cp.async per chunk, no bounds arithmetic.  The same chunks, lanes and shared
 * addresses as NAME_load_async. */
static __device__ __forceinline__ void SWZ__MN(_load_async_full)(SWZ_MMA_ELEM *s, const SWZ_MMA_ELEM *g, int64_t ld,
                                                                 int64_t off)
{
    enum { kV = SWZ__MN(_CHUNK_ELEMS), kN = SWZ__MN(_CHUNKS), kPER = SWZ__MN(__PER), kTH = (SWZ_MMA_THREADS),
           kU = SWZ__MN(__UNITS) };
    const int tid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
    if (tid >= kTH) return;
    /* chunk tid + j*THREADS: when THREADS is a multiple of the units per row it is THREADS /
     * units rows below chunk tid, same unit -- a block-uniform step per chunk */
    const SWZ_MMA_ELEM *p0 = g + off;
    const uint32_t dst0 = SWZ__MN(_chunk_addr)(tid);
#pragma unroll
    for (int j = 0; j < kPER; ++j) {
        const int i = tid + j * kTH;
        uint32_t r, u;
        if (kN % kTH != 0 && i >= kN) break;
        swz_mma_chunk_rc((uint32_t)i, (uint32_t)kU, &r, &u);
        const SWZ_MMA_ELEM *src = kTH % kU == 0 ? p0 + (int64_t)(j * (kTH / kU)) * ld
                                                : g + (int64_t)r * ld + (int64_t)u * kV;
        char *dst = (char *)s + (SWZ__MN(__PERIODIC) && j > 0
                                     ? dst0 + (SWZ__MN(_chunk_addr)(j * kTH) - SWZ__MN(_chunk_addr)(0))
                                     : SWZ__MN(_chunk_addr)(i));
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
        swz__mma_cp_async16((unsigned)__cvta_generic_to_shared(dst), src, 16u);
#else
        SWZ__MN(__chunk_plain)(dst, (const char *)src, ld, 0, 0, 1, kV);
#endif
    }
}

/* Chunks j0 <= j < j1 of this thread (chunk tid + j*THREADS) of a tile wholly inside the
 * matrix, from a running pointer: sdst = the tile's shared address (cvta) + NAME_chunk_addr(tid),
 * src = the tile origin + NAME_copy_offset(ld) (g and ld 16-byte aligned, as for
 * NAME_load_async_full); nothing is issued when pred == 0.  With SWZ_MMA_COPY_PERIODIC and
 * THREADS a multiple of the units per row, chunk j is src + j*(THREADS/units)*ld and
 * sdst + a constant, so a main loop that advances src and sdst by a slice and a stage does no
 * other address arithmetic, and a caller can spread one slice's chunks over its k steps.  The
 * same chunks, lanes and shared addresses as NAME_load_async (other layouts: the per-chunk
 * address, computed). */
static __device__ __forceinline__ void SWZ__MN(_load_async_run)(unsigned sdst, const SWZ_MMA_ELEM *src, int64_t ld,
                                                                int j0, int j1, int pred)
{
    enum { kV = SWZ__MN(_CHUNK_ELEMS), kN = SWZ__MN(_CHUNKS), kPER = SWZ__MN(__PER), kTH = (SWZ_MMA_THREADS),
           kU = SWZ__MN(__UNITS), kRUN = SWZ__MN(__PERIODIC) && (SWZ_MMA_THREADS) % SWZ__MN(__UNITS) == 0 };
    const int tid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
    if (tid >= kTH) return;
#pragma unroll
    for (int j = 0; j < kPER; ++j) {
        const int i = tid + j * kTH;
        uint32_t r, u, r0, u0;
        if (j < j0 || j >= j1) continue;
        if (kN % kTH != 0 && i >= kN) break;
        swz_mma_chunk_rc((uint32_t)i, (uint32_t)kU, &r, &u);
        swz_mma_chunk_rc((uint32_t)tid, (uint32_t)kU, &r0, &u0);
        const SWZ_MMA_ELEM *p = kRUN ? src + (int64_t)(j * (kTH / kU)) * ld
                                     : src + ((int64_t)r - (int64_t)r0) * ld + ((int64_t)u - (int64_t)u0) * kV;
        const unsigned d = kRUN ? sdst + (SWZ__MN(_chunk_addr)(j * kTH) - SWZ__MN(_chunk_addr)(0))
                                : sdst - SWZ__MN(_chunk_addr)(tid) + SWZ__MN(_chunk_addr)(i);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
        swz__mma_cp_async16_if(d, p, pred);
#else
        if (pred) SWZ__MN(__chunk_plain)((char *)__cvta_shared_to_generic(d), (const char *)p, ld, 0, 0, 1, kV);
#endif
    }
}
/* lane's shared address for a fragment: the one address computation, NAME_lane_addr; lanes
 * past 8*count (whose addresses the instruction ignores) repeat the first lanes' rows. */
static __device__ __forceinline__ unsigned SWZ__MN(__saddr)(const void *s, int frag, int count,
                                                            uint32_t r0, uint32_t c0)
{
    const int lane = (int)(threadIdx.x & 31u) % (8 * count);
    return (unsigned)__cvta_generic_to_shared(s) + SWZ__MN(_lane_addr)(frag, count, lane, r0, c0);
}

/* The fragment from plain 16-bit loads, by the fragment tables (reference path). */
template <int SWZ__D = 0>
static __device__ __forceinline__ void SWZ__MN(_ldmatrix_plain)(uint32_t *reg, const SWZ_MMA_ELEM *s,
                                                                int frag, int count, uint32_t r0,
                                                                uint32_t c0)
{
    SWZ__MMA_FRAG_ELEM_CHECK(SWZ__D);
    const uint32_t lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    const char *sb = (const char *)s;
    for (int i = 0; i < count; ++i) {
        uint32_t dr = 0u, du = 0u, v = 0;
        swz_mma_lane_rc(frag, count, 8u * (uint32_t)i, &dr, &du); /* row 0 of matrix i */
        for (uint32_t h = 0; h < 2u; ++h) {
            /* element (row, col) of matrix i this half of the register holds */
            const uint32_t row = frag == SWZ_MMA_B ? 2u * t + h : g;
            const uint32_t col = frag == SWZ_MMA_B ? g : 2u * t + h;
            const uint32_t off = (uint32_t)(SWZ_MMA_LAYOUT(r0 + dr + row, c0 + du * (uint32_t)SWZ__MN(_CHUNK_ELEMS) + col)) *
                                 (uint32_t)SWZ__MN(__E);
            v |= (uint32_t)(*(const uint16_t *)(sb + off)) << (16u * h);
        }
        reg[i] = v;
    }
}

template <int SWZ__D = 0>
static __device__ __forceinline__ void SWZ__MN(_ldmatrix)(uint32_t *reg, const SWZ_MMA_ELEM *s,
                                                          int frag, int count, uint32_t r0, uint32_t c0)
{
    SWZ__MMA_FRAG_ELEM_CHECK(SWZ__D);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
    const unsigned a = SWZ__MN(__saddr)(s, frag, count, r0, c0);
/* ldmatrix .x4/.x2/.x1 with the qualifier TR ("" or ".trans") */
#define SWZ__MMA_LDSM(TR)                                                                       \
    if (count == 4)                                                                            \
        asm volatile("ldmatrix.sync.aligned.m8n8.x4" TR ".shared.b16 {%0, %1, %2, %3}, [%4];"  \
                     : "=r"(reg[0]), "=r"(reg[1]), "=r"(reg[2]), "=r"(reg[3]) : "r"(a) : "memory"); \
    else if (count == 2)                                                                       \
        asm volatile("ldmatrix.sync.aligned.m8n8.x2" TR ".shared.b16 {%0, %1}, [%2];"          \
                     : "=r"(reg[0]), "=r"(reg[1]) : "r"(a) : "memory");                        \
    else                                                                                       \
        asm volatile("ldmatrix.sync.aligned.m8n8.x1" TR ".shared.b16 {%0}, [%1];"              \
                     : "=r"(reg[0]) : "r"(a) : "memory");
    if (frag == SWZ_MMA_B) {
        SWZ__MMA_LDSM(".trans")
    } else {
        SWZ__MMA_LDSM("")
    }
#undef SWZ__MMA_LDSM
#else
    SWZ__MN(_ldmatrix_plain)(reg, s, frag, count, r0, c0);
#endif
}

template <int SWZ__D = 0>
static __device__ __forceinline__ void SWZ__MN(_stmatrix)(SWZ_MMA_ELEM *s, const uint32_t *reg,
                                                          int count, uint32_t r0, uint32_t c0)
{
    SWZ__MMA_FRAG_ELEM_CHECK(SWZ__D);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    const unsigned a = SWZ__MN(__saddr)(s, SWZ_MMA_C, count, r0, c0);
    if (count == 4)
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
                     ::"r"(a), "r"(reg[0]), "r"(reg[1]), "r"(reg[2]), "r"(reg[3]) : "memory");
    else if (count == 2)
        asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
                     ::"r"(a), "r"(reg[0]), "r"(reg[1]) : "memory");
    else
        asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(reg[0])
                     : "memory");
#else
    const uint32_t lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
    char *sb = (char *)s;
    for (int i = 0; i < count; ++i) {
        uint32_t dr = 0u, du = 0u;
        swz_mma_lane_rc(SWZ_MMA_C, count, 8u * (uint32_t)i, &dr, &du);
        *(uint32_t *)(sb + (uint32_t)(SWZ_MMA_LAYOUT(r0 + dr + g, c0 + du * (uint32_t)SWZ__MN(_CHUNK_ELEMS) + 2u * t)) *
                                (uint32_t)SWZ__MN(__E)) = reg[i];
    }
#endif
}
#endif /* __CUDACC__ */

/* Host twins: the addresses of one fragment instruction, and the model of a whole tile. */
static inline uint32_t SWZ__MN(_lanes)(int frag, int count, uint32_t r0, uint32_t c0, uint32_t addr[32])
{
    uint32_t mask = 0u;
    int l;
    for (l = 0; l < 32; ++l) {
        addr[l] = SWZ__MN(_lane_addr)(frag, count, l, r0, c0);
        if (addr[l] == SWZ_BAD_OFFSET) addr[l] = 0u;
        else mask |= 1u << l;
    }
    return mask;
}

/* 1 when the 16-byte unit at (r, u) is whole, in order and aligned in the layout. */
static inline int SWZ__MN(__unit_ok)(uint32_t r, uint32_t u)
{
    const uint32_t v = (uint32_t)SWZ__MN(_CHUNK_ELEMS), base = (uint32_t)(SWZ_MMA_LAYOUT(r, u * v));
    uint32_t x;
    if (base % v != 0u) return 0;
    for (x = 1; x < v; ++x)
        if ((uint32_t)(SWZ_MMA_LAYOUT(r, u * v + x)) != base + x) return 0;
    return 1;
}

static inline int SWZ__MN(_model)(int op, int count, swz_tile_cost *cost)
{
    enum { kN = SWZ__MN(_CHUNKS), kTH = (SWZ_MMA_THREADS), kU = SWZ__MN(__UNITS) };
    uint32_t addr[32], src[32], mask, fr, fu, r, u, r0, u0;
    int w, j, l;
    swz_tile_cost_init(cost, 16u);
    if (op == SWZ_MMA_OP_COPY) {
        /* each tile row starts its own 128-byte source line (bank.h's row pitch) */
        const uint32_t pitch = swz_cp_async_row_pitch((uint32_t)kU * 16u);
        for (w = 0; w < kTH / 32; ++w)
            for (j = 0; j < SWZ__MN(__PER); ++j) {
                mask = 0u;
                for (l = 0; l < 32; ++l) {
                    const int i = w * 32 + l + j * kTH;
                    addr[l] = src[l] = 0u;
                    if (i >= kN) continue;
                    swz_mma_chunk_rc((uint32_t)i, (uint32_t)kU, &r, &u);
                    if (!SWZ__MN(__unit_ok)(r, u)) cost->status = SWZ_EALIGN;
                    if (SWZ__MN(__PERIODIC) && i >= kTH && /* the promise of SWZ_MMA_COPY_PERIODIC */
                        SWZ__MN(_chunk_addr)(i) != SWZ__MN(_chunk_addr)(i % kTH) + SWZ__MN(_chunk_addr)(i - i % kTH) -
                                                       SWZ__MN(_chunk_addr)(0))
                        cost->status = SWZ_EALIGN;
                    addr[l] = SWZ__MN(_chunk_addr)(i);
                    src[l] = r * pitch + u * 16u;
                    mask |= 1u << l;
                }
                if (cost->status != SWZ_OK) return cost->status;
                if (mask) swz_tile_cost_add_result(cost, swz_bank_eval_cp_async(addr, src, mask));
            }
        return cost->status;
    }
    swz_mma_frag_extent(op, count, &fr, &fu);
    if (fr == 0u || (uint32_t)(SWZ_MMA_ROWS) % fr != 0u || (uint32_t)kU % fu != 0u || SWZ__MN(__E) != 2) {
        cost->status = fr == 0u ? SWZ_EKIND : SWZ__MN(__E) != 2 ? SWZ_EELEM : SWZ_ERANGE;
        return cost->status;
    }
    for (r0 = 0; r0 < (uint32_t)(SWZ_MMA_ROWS); r0 += fr)
        for (u0 = 0; u0 < (uint32_t)kU; u0 += fu) {
            for (l = 0; l < 8 * count; ++l) {
                uint32_t dr = 0u, du = 0u;
                swz_mma_lane_rc(op, count, (uint32_t)l, &dr, &du);
                if (!SWZ__MN(__unit_ok)(r0 + dr, u0 + du)) cost->status = SWZ_EALIGN;
            }
            if (cost->status != SWZ_OK) return cost->status;
            mask = SWZ__MN(_lanes)(op, count, r0, u0 * (uint32_t)SWZ__MN(_CHUNK_ELEMS), addr);
            swz_tile_cost_add(cost, addr, mask,
                              (count == 4 ? SWZ_LDMATRIX_X4 : count == 2 ? SWZ_LDMATRIX_X2 : SWZ_LDMATRIX_X1) |
                                  (op == SWZ_MMA_C ? SWZ_STORE : 0));
        }
    return cost->status;
}

#undef SWZ__MMA_FRAG_ELEM_CHECK
#undef SWZ__MN
#undef SWZ_MMA_NAME
#undef SWZ_MMA_ELEM
#undef SWZ_MMA_ROWS
#undef SWZ_MMA_COLS
#undef SWZ_MMA_THREADS
#undef SWZ_MMA_LAYOUT
#undef SWZ_MMA_COPY_PERIODIC
#endif /* SWZ_MMA_NAME */
