/* examples/transpose/order.h -- which region of the matrix the n-th block of a transpose grid
 * takes (transpose.cuh's SWZ_TRANSPOSE_BLOCK_ORDER knob), host and device.
 *
 * What it is for
 *   Blocks start roughly in the order of their linear index L = blockIdx.x + gridDim.x *
 *   blockIdx.y, so the map L -> region decides which part of the matrix is in flight at any
 *   time: how long the contiguous runs are that the resident blocks read from the input rows
 *   and write to the output rows, and how many DRAM pages / TLB entries they touch.
 *
 * Example
 *   #include "order.h"
 *   uint32_t bx, by;   // region column and row of block L in a gx x gy grid of regions
 *   swz_tr_block_order(SWZ_TR_ORDER_GROUP, 32, L, gx, gy, &bx, &by);
 *
 * The orders (a bijection of [0, gx*gy) onto [0, gx) x [0, gy) for every gx, gy >= 1 with
 * gx*gy <= 2^32; the caller guarantees L < gx*gy)
 *   ROW     bx = L mod gx, by = L / gx.  Blocks in flight cover ~resident/gx region rows
 *           across the whole width: long input runs, short output runs.
 *   DIAG    by = L / gx, bx = (L mod gx + by) mod gx: the classic diagonal reordering against
 *           partition camping (the same rows in flight as ROW, shifted per row).
 *   GROUP   region rows are cut into groups of `group` rows (the last may be shorter); a group
 *           is walked column by column, `group` rows at a time (Triton's grouped order):
 *               group = 2, gx = 3, gy = 4:   L:  0 2 4       blocks in flight form a
 *                                                1 3 5       group x (resident / group)
 *                                                6 8 10      patch: long runs on both sides
 *                                                7 9 11
 *   MORTON  swz_morton_block (swz/morton.h): group x group supertiles (group a power of two)
 *           in row-major order, Z order inside each; partial supertiles at the edges last.
 *   SKEW    by = L mod gy, bx = (L / gy + by) mod gx: column-major, each region row's columns
 *           rotated by its row.  Blocks in flight cover every region row (as column-major does),
 *           each at another column: the input rows they read start at ~resident different
 *           column offsets instead of one (what a row pitch of a power of two such as 128 KiB
 *           otherwise denies the DRAM channel hash), at the price of output rows written in
 *           short pieces spread over the run.
 *               gx = 3, gy = 3:   L:  0 3 6
 *                                     7 1 4
 *                                     5 8 2
 *   SPLIT   `group` = K column-major streams, block by block: with w = gx / K, block L of the
 *           first K*w*gy takes stream s = L mod K, whose columns are [s*w, s*w + w), at its
 *           (L / K)-th region in column-major order; the last gx - K*w columns follow,
 *           column-major.  Blocks in flight read K columns w regions apart (input rows whose
 *           offsets differ in high bits, e.g. bit 16 for K = 2 at a 128 KiB pitch: what a
 *           power-of-two pitch otherwise denies the DRAM channel hash) and each stream still
 *           writes whole output rows.
 *               K = 2, gx = 5, gy = 2:   L:  0 4 1 5 8
 *                                            2 6 3 7 9
 */
#ifndef SWZ_EXAMPLES_TRANSPOSE_ORDER_H
#define SWZ_EXAMPLES_TRANSPOSE_ORDER_H

#include <swz/common.h>
#include <swz/morton.h>

#define SWZ_TR_ORDER_ROW 0
#define SWZ_TR_ORDER_DIAG 1
#define SWZ_TR_ORDER_GROUP 2
#define SWZ_TR_ORDER_MORTON 3
#define SWZ_TR_ORDER_SKEW 4
#define SWZ_TR_ORDER_SPLIT 5

/* Region (bx, by) of block L (< gx*gy) in `order`; group: rows per group (GROUP), supertile
 * side (MORTON, a power of two <= 2^15) or streams (SPLIT).  32-bit arithmetic throughout (no
 * 64-bit division on the GPU) except MORTON, which is swz_morton_block's.  Returns SWZ_OK, or
 * SWZ_ERANGE / SWZ_EKIND for L out of range, a zero or (MORTON) non-power-of-two group, or an
 * unknown order, with (0, 0) in *bx, *by. */
SWZ_FN int swz_tr_block_order(int order, uint32_t group, uint32_t L, uint32_t gx, uint32_t gy,
                              uint32_t *bx, uint32_t *by)
{
    const uint32_t y = gx ? L / gx : 0u;
    *bx = *by = 0u;
    if (gx == 0u || gy == 0u || y >= gy) return SWZ_ERANGE;
    switch (order) {
    case SWZ_TR_ORDER_ROW:
        *by = y;
        *bx = L - y * gx;
        return SWZ_OK;
    case SWZ_TR_ORDER_DIAG: {
        /* x + (y mod gx) < 2*gx fits: y >= 1 means gy >= 2, so gx <= 2^31 */
        const uint32_t x = L - y * gx, s = x + y % gx;
        *by = y;
        *bx = s >= gx ? s - gx : s;
        return SWZ_OK;
    }
    case SWZ_TR_ORDER_GROUP: {
        uint32_t first, h, r;
        if (group == 0u) return SWZ_ERANGE;
        first = y / group * group;                      /* first region row of L's group */
        h = gy - first < group ? gy - first : group;    /* rows in this group */
        r = L - first * gx;                             /* < h * gx */
        *by = first + r % h;
        *bx = r / h;
        return SWZ_OK;
    }
    case SWZ_TR_ORDER_MORTON: {
        uint32_t lg = 0u;
        if (group == 0u || (group & (group - 1u)) != 0u || group > 32768u) return SWZ_ERANGE;
        while ((1u << lg) < group) ++lg;
        return swz_morton_block(L, gx, gy, lg, bx, by);
    }
    case SWZ_TR_ORDER_SKEW: {
        /* c < gx; c + (r mod gx) < 2*gx fits: r >= 1 means gy >= 2, so gx <= 2^31 */
        const uint32_t c = L / gy, r = L - c * gy, s = c + r % gx;
        *by = r;
        *bx = s >= gx ? s - gx : s;
        return SWZ_OK;
    }
    case SWZ_TR_ORDER_SPLIT: {
        /* kw = K*w <= gx columns in streams; L / gy < kw  <=>  L < kw*gy, without the product
         * (it can reach 2^32) */
        uint32_t w, kw, j;
        if (group == 0u) return SWZ_ERANGE;
        w = gx / group;
        kw = group * w;
        if (L / gy >= kw) { /* the columns left over, column-major */
            const uint32_t r = L - kw * gy;
            *bx = kw + r / gy;
            *by = r % gy;
            return SWZ_OK;
        }
        j = L / group;
        *bx = (L % group) * w + j / gy;
        *by = j % gy;
        return SWZ_OK;
    }
    default: return SWZ_EKIND;
    }
}

#endif /* SWZ_EXAMPLES_TRANSPOSE_ORDER_H */
