/* tools/swz-check-totals.h -- whole-tile totals of large tiles in a fraction of the time.
 *
 * What it is for
 *   swz_check_tile (check.h) evaluates every instruction that covers the tile: 2^21 of them
 *   for a row walk of an 8192x8192 float tile, and the summary asks for dozens of such walks
 *   (about 4 minutes).  Most layouts repeat themselves: the tile is a grid of equal blocks,
 *   each the first block moved by a whole number of 128-byte lines.  Then every instruction of
 *   a block has the same verdict as the matching instruction of the first block (a shift by a
 *   multiple of 128 bytes keeps every bank, every word's identity and rule R7's pairing), so
 *   the totals are those of a tile made of the first block alone, times the number of blocks.
 *   Nothing here knows a layout kind: the blocks are found and proven by comparing offsets.
 *
 * Example
 *   swz_layout l; swz_layout_make(&l, SWZ_LAYOUT_XOR, 8192, 4, 4, 8192);
 *   swzc_blocks b; swzc_blocks_find(&b, &l, 16);      // once per layout: 32-row bands here
 *   swz_pattern p = {SWZ_PAT_COL, SWZ_ACCESS_4, 0, 0, 0, 0, 0};
 *   swz_check_totals t;
 *   swzc_tile_totals(&l, &b, &p, &t);                 // == swz_check_tile_pattern's
 *
 * The proof (checked by swzc_blocks_find for the layout at hand, element by element)
 *   blocks of T rows x Wc columns, T a multiple of 32 dividing H, Wc = W or a divisor of W
 *   whose rows are whole 32-lane runs of the widest access (Wc*E a multiple of 32*A_max);
 *   first block:  the layout made on a Wc x T tile has the same offsets as the big one there;
 *   every block:  offset(kT + r, jWc + c) = offset(r, c) + D(k, j),  D(k, j)*E = 0 mod 128;
 *   instructions: the whole-tile walks of check.h (row-major runs of 32 units, column-major
 *                 runs down a column, warp blocks whose height divides 32 rows and whose width
 *                 divides 32 units) never cross such a block's edge, and map block to block.
 *   The single STRIDE instruction and layouts without such blocks (a square Morton tile has
 *   them; a tile whose height is not a multiple of 32 has none) fall back to swz_check_tile.
 *
 * Cost: finding the blocks reads every offset at most twice per candidate; an 8192x8192
 * summary takes about a second instead of minutes.
 */
#ifndef SWZ_CHECK_TOTALS_H
#define SWZ_CHECK_TOTALS_H

#include <swz/check.h>

/* Whole-tile instruction walks never cross a multiple of this many rows. */
#define SWZC_BLOCK_ROWS 32u

typedef struct swzc_blocks {
    int found;        /* 1: totals come from `first`, scaled by `count` */
    swz_layout first; /* the layout made on the first block alone */
    uint64_t count;   /* blocks in the tile */
    uint32_t max_access; /* the widest access (bytes) the blocks are proven for */
} swzc_blocks;

/* 1 when (rows t, cols wc) blocks prove the tile periodic as described above. */
SWZ_FN int swzc__blocks_try(const swz_layout *l, uint32_t t, uint32_t wc, swz_layout *first)
{
    uint32_t r, c, k, j, nk = l->height / t, nj = l->width / wc;
    if (swz_layout_make(first, l->kind, wc, l->elem, l->access, t) != SWZ_OK) return 0;
    if (first->kind != l->kind) return 0;
    for (r = 0; r < t; ++r)
        for (c = 0; c < wc; ++c)
            if (swz_layout_offset(first, r, c) != swz_layout_offset(l, r, c)) return 0;
    for (k = 0; k < nk; ++k)
        for (j = 0; j < nj; ++j) {
            uint32_t o00 = swz_layout_offset(l, 0u, 0u);
            uint32_t d = swz_layout_offset(l, k * t, j * wc) - o00; /* mod 2^32, like offsets */
            if (k == 0u && j == 0u) continue;
            if ((uint64_t)d * l->elem % 128u != 0u) return 0;
            for (r = 0; r < t; ++r)
                for (c = 0; c < wc; ++c)
                    if (swz_layout_offset(l, k * t + r, j * wc + c) != swz_layout_offset(l, r, c) + d)
                        return 0;
        }
    return 1;
}

/* Find the smallest blocks (fewest elements) that prove l periodic for accesses of up to
 * max_access bytes; b->found = 0 when there are none smaller than the tile. */
SWZ_FN void swzc_blocks_find(swzc_blocks *b, const swz_layout *l, uint32_t max_access)
{
    uint32_t ts[32], ws[32], nt = 0u, nw = 0u, i, j;
    uint64_t whole = (uint64_t)l->width * l->height, last = 0u;
    b->found = 0;
    b->count = 1u;
    b->max_access = max_access;
    for (i = SWZC_BLOCK_ROWS; i <= l->height && nt < 32u; i *= 2u)
        if (l->height % i == 0u) ts[nt++] = i;
    ws[nw++] = l->width;
    for (i = l->width / 2u; i >= 1u && nw < 32u; i /= 2u)
        if (l->width % i == 0u && (uint64_t)i * l->elem % (32u * max_access) == 0u) ws[nw++] = i;
    for (;;) { /* try the candidates smallest first (ties: fewer rows first) */
        uint64_t size = 0u;
        for (i = 0; i < nt; ++i)
            for (j = 0; j < nw; ++j) {
                uint64_t s = (uint64_t)ts[i] * ws[j];
                if (s > last && s < whole && (size == 0u || s < size)) size = s;
            }
        if (size == 0u) return;
        for (i = 0; i < nt; ++i) /* every shape of this size */
            for (j = 0; j < nw; ++j)
                if ((uint64_t)ts[i] * ws[j] == size && swzc__blocks_try(l, ts[i], ws[j], &b->first)) {
                    b->found = 1;
                    b->count = (uint64_t)(l->height / ts[i]) * (l->width / ws[j]);
                    return;
                }
        last = size;
    }
}

/* swz_check_tile_pattern's totals of *p on l, through b when it was found and *p's walk fits
 * the blocks (ROW, COL; BLOCK when its warp block is at most 32 rows high, dividing 32, and
 * its width divides 32 units). */
SWZ_FN int swzc_tile_totals(const swz_layout *l, const swzc_blocks *b, const swz_pattern *p,
                            swz_check_totals *t)
{
    int st, fits = b->found && p->kind != SWZ_PAT_STRIDE && p->kind <= SWZ_PAT_BLOCK &&
                   swz_access_bytes(p->access) <= b->max_access;
    if (fits && p->kind == SWZ_PAT_BLOCK) {
        uint32_t bw = 0u, bh = 0u, lanes = swz_access_lanes(p->access);
        if (swz_check_block_shape(p->access, p->block_w, p->block_h, &bw, &bh) != SWZ_OK) fits = 0;
        else {
            bh *= (lanes + bw * bh - 1u) / (bw * bh); /* the phases stacked: the warp's block */
            fits = SWZC_BLOCK_ROWS % bh == 0u && 32u % bw == 0u;
        }
    }
    if (!fits) return swz_check_tile_pattern(l, p, t);
    st = swz_check_tile_pattern(&b->first, p, t);
    t->instructions *= b->count;
    t->wavefronts *= b->count;
    t->ideal *= b->count;
    return st;
}

#endif /* SWZ_CHECK_TOTALS_H */
