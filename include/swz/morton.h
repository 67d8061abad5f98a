/* swz/morton.h -- Morton (Z-order) interleave: codes, a tile layout, block rasterization.
 *
 * What it is for
 *   Interleaving the bits of (x, y) keeps 2-D neighbours close in 1-D.  Its main use is
 *   locality: the order in which thread blocks visit output tiles (consecutive blocks share
 *   rows and columns of the inputs in L2: swz_morton_block), and tiled global storage.  As a
 *   shared-memory layout it is a bijection that is conflict free for warps reading compact
 *   2-D blocks of one shape (below), but *not* for whole rows or columns (32x32 floats: rows
 *   4-way, columns 8-way), so prefer xor.h or pad.h for row/column tiles.
 *
 * Promise (blocks; N = 128/A lanes per phase, n = log2 N; tests/host/test_conflicts.c checks
 *   every shape): a phase's N lanes on an aligned block of bw x bh access units are conflict
 *   free exactly when the block's bits are the n lowest bits of the code.  When the tile has
 *   at least 2^ceil(n/2) units per row and 2^floor(n/2) rows that is the block
 *   2^ceil(n/2) x 2^floor(n/2): 8x4 units for 32 lanes (4-byte), 4x4 for 16 (8-byte), 4x2 for 8
 *   (16-byte); the transposed block is not (a 4-wide x 8-tall block of a 32x32 float tile is
 *   2-way).  check.h's BLOCK pattern takes the shape (block_w, block_h) to try others.
 *
 * Example
 *   #include <swz/morton.h>
 *   uint32_t code = swz_morton_encode16(5, 3);          // x on even bits, y on odd: 27
 *   uint32_t x2, y2;
 *   swz_morton_decode32(code, &x2, &y2);                // x2 == 5, y2 == 3
 *   // the tile a thread block visits in Z order (8x8 supertiles) of a 100 x 70 grid, from
 *   // its 1-D index (in a kernel: blockIdx.x):
 *   uint32_t tx, ty;
 *   if (swz_morton_block(1234, 100, 70, 3, &tx, &ty) != SWZ_OK) abort();
 *
 * Formula and picture (x = column, y = row; code bits  ... y2 x2 y1 x1 y0 x0)
 *
 *        x: 0  1  2  3
 *     y=0   0  1  4  5
 *     y=1   2  3  6  7
 *     y=2   8  9 12 13
 *     y=3  10 11 14 15
 *
 * Tile layout (swz_morton_offset(W, E, A, H, r, c), SWZ_MORTON_OFFSET): over access units, so a
 * vector access stays contiguous:
 *   vec = A/E elements, u = col/vec, k = min(log2(W/vec), log2 H);
 *   offset = (interleave(u mod 2^k, row mod 2^k) + ((u or row) >> k) << 2k) * vec + col mod vec
 *   (the high bits of the longer side are appended above the interleaved square).
 *
 * Block rasterization (swz_morton_block): the grid is cut into 2^lg x 2^lg supertiles visited
 *   row-major, Z order inside each; the partial supertiles at the right and bottom edges
 *   follow, row-major.  A bijection of [0, gx*gy) onto the grid for any gx, gy.
 */
#ifndef SWZ_MORTON_H
#define SWZ_MORTON_H

#include "common.h"

/* Spread the low 16 bits of x to the even bit positions. */
SWZ_FN uint32_t swz_morton_spread16(uint32_t x)
{
    x &= 0xFFFFu;
    x = (x | (x << 8)) & 0x00FF00FFu;
    x = (x | (x << 4)) & 0x0F0F0F0Fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

/* Gather the even bits of x into the low 16 bits. */
SWZ_FN uint32_t swz_morton_compact32(uint32_t x)
{
    x &= 0x55555555u;
    x = (x | (x >> 1)) & 0x33333333u;
    x = (x | (x >> 2)) & 0x0F0F0F0Fu;
    x = (x | (x >> 4)) & 0x00FF00FFu;
    x = (x | (x >> 8)) & 0x0000FFFFu;
    return x;
}

SWZ_FN uint64_t swz_morton_spread32(uint32_t x32)
{
    uint64_t x = x32;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x;
}

SWZ_FN uint32_t swz_morton_compact64(uint64_t x)
{
    x &= 0x5555555555555555ull;
    x = (x | (x >> 1)) & 0x3333333333333333ull;
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFull;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFull;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFull;
    return (uint32_t)x;
}

/* 16-bit coordinates -> 32-bit code (bits of x and y above 16 are ignored). */
SWZ_FN uint32_t swz_morton_encode16(uint32_t x, uint32_t y)
{
    return swz_morton_spread16(x) | (swz_morton_spread16(y) << 1);
}
SWZ_FN void swz_morton_decode32(uint32_t code, uint32_t *x, uint32_t *y)
{
    *x = swz_morton_compact32(code);
    *y = swz_morton_compact32(code >> 1);
}

/* 32-bit coordinates -> 64-bit code. */
SWZ_FN uint64_t swz_morton_encode32(uint32_t x, uint32_t y)
{
    return swz_morton_spread32(x) | (swz_morton_spread32(y) << 1);
}
SWZ_FN void swz_morton_decode64(uint64_t code, uint32_t *x, uint32_t *y)
{
    *x = swz_morton_compact64(code);
    *y = swz_morton_compact64(code >> 1);
}

/* ---- the formula on its logarithms (what layout.h's descriptor and the macro form share) ----
 * Tile layout on access units: lw_units = log2(W*E/A), lh = log2(H), vec = A/E.  The formula
 * itself, for any row and col (no tile bounds: the caller keeps row < 2^lh and
 * col < vec * 2^lw_units, or uses swz_morton_offset, which checks them).  Parameters no tile has
 * (vec 0, lw_units + lh > 26: more than SWZ_MAX_ELEMS units) stop the program (common.h,
 * contract violations).  SWZ_MORTON_OFFSET (its parameters checked at compile time) and
 * layout.h (checked by swz_layout_make) call the formula without that check, so a kernel's
 * code is the formula alone. */
SWZ_FN uint32_t swz__morton_offset_unchecked(uint32_t lw_units, uint32_t lh, uint32_t vec,
                                             uint32_t row, uint32_t col)
{
    uint32_t k = lw_units < lh ? lw_units : lh, mask, u, hi, z;
    mask = (1u << k) - 1u;
    u = col / vec;
    hi = lw_units > lh ? (u >> k) : (row >> k);
    z = swz_morton_encode16(u & mask, row & mask) | (hi << (2u * k));
    return z * vec + col % vec;
}
SWZ_FN int swz__morton_coord_unchecked(uint32_t lw_units, uint32_t lh, uint32_t vec, uint32_t off,
                                       uint32_t *row, uint32_t *col)
{
    uint32_t k = lw_units < lh ? lw_units : lh, z, x, y, hi;
    z = off / vec;
    hi = z >> (2u * k);
    swz_morton_decode32(z & ((1u << (2u * k)) - 1u), &x, &y);
    if (lw_units > lh) x |= hi << k; else y |= hi << k;
    *row = y;
    *col = x * vec + off % vec;
    return SWZ_OK;
}
/* The logarithms' contract of the two forms below. */
SWZ_FN int swz__morton_log2_ok(const char *fn, uint32_t lw_units, uint32_t lh, uint32_t vec)
{
    if (vec != 0u && lw_units <= 26u && lh <= 26u && lw_units + lh <= 26u) return 1;
    swz__contract_fail(fn, "a vector of at least one element and at most 2^26 units", "vec", vec,
                       "log2 units", (uint64_t)lw_units + lh);
    return 0;
}
SWZ_FN uint32_t swz_morton_offset_log2(uint32_t lw_units, uint32_t lh, uint32_t vec, uint32_t row,
                                       uint32_t col)
{
    if (!swz__morton_log2_ok("swz_morton_offset_log2", lw_units, lh, vec)) return SWZ_BAD_OFFSET;
    return swz__morton_offset_unchecked(lw_units, lh, vec, row, col);
}

/* Inverse of swz_morton_offset_log2: SWZ_OK and (*row, *col); the parameters it refuses stop
 * the program as there. */
SWZ_FN int swz_morton_coord_log2(uint32_t lw_units, uint32_t lh, uint32_t vec, uint32_t off,
                                 uint32_t *row, uint32_t *col)
{
    if (!swz__morton_log2_ok("swz_morton_coord_log2", lw_units, lh, vec)) return SWZ_ERANGE;
    return swz__morton_coord_unchecked(lw_units, lh, vec, off, row, col);
}

/* The parameters of a Morton tile: E and A as everywhere (common.h), W and H in
 * [1, SWZ_MAX_SIDE], W*H <= SWZ_MAX_ELEMS, W*E >= A, a power-of-two number of accesses per row
 * W*E/A and a power-of-two height.  SWZ_OK, or the code recorded in *err (may be NULL) for
 * `who`. */
SWZ_FN int swz__morton_check_at(swz_error *err, const char *who, uint32_t width, uint32_t elem,
                                uint32_t access, uint32_t height)
{
    const uint64_t rowb = (uint64_t)width * elem;
    int e = swz__check_tile_at(err, who, width, elem, access, height);
    if (e != SWZ_OK) return e;
    if (rowb % access != 0u || !swz_is_pow2((uint32_t)(rowb / access)))
        return swz_error_set(err, SWZ_EPOW2, who,
                             "a power-of-two number of accesses per row W*E/A (W*E a multiple of A)",
                             "W*E", rowb);
    if (!swz_is_pow2(height))
        return swz_error_set(err, SWZ_EPOW2, who, "a power-of-two height H", "H", height);
    return SWZ_OK;
}

/* ---- the kind morton: (W, E, A, H, row, col), the order of SWZ_MORTON_OFFSET ---------------
 * The parameters are those swz__morton_check_at lists, row < H and col < W; a violation stops
 * the program with the parameter and its limit (common.h, contract violations).  The checked,
 * non-fatal form is swz_layout_offset / swz_layout_coord. */
SWZ_FN uint32_t swz_morton_offset(uint32_t width, uint32_t elem, uint32_t access, uint32_t height,
                                  uint32_t row, uint32_t col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_morton_offset",
                              swz__morton_check_at(&e, "morton", width, elem, access, height), &e) ||
        !swz__contract_col("swz_morton_offset", col, width))
        return SWZ_BAD_OFFSET;
    if (row >= height) {
        swz__contract_fail("swz_morton_offset", "a row below the height H", "row", row, "H", height);
        return SWZ_BAD_OFFSET;
    }
    return swz__morton_offset_unchecked(swz_log2(width * elem / access), swz_log2(height), access / elem,
                                        row, col);
}
/* Inverse of swz_morton_offset: SWZ_OK with (*row, *col), or SWZ_ERANGE (untouched) when off is
 * not below W*H (no element is stored there). */
SWZ_FN int swz_morton_coord(uint32_t width, uint32_t elem, uint32_t access, uint32_t height,
                            uint32_t off, uint32_t *row, uint32_t *col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_morton_coord",
                              swz__morton_check_at(&e, "morton", width, elem, access, height), &e))
        return SWZ_ERANGE;
    if (off >= width * height) return SWZ_ERANGE;
    return swz__morton_coord_unchecked(swz_log2(width * elem / access), swz_log2(height), access / elem,
                                       off, row, col);
}

/* Macro form: parameters checked at compile time; folds to shifts and masks under
 * optimization, but it is not an integer constant expression (it calls the formula,
 * swz__morton_offset_unchecked). */
#define SWZ__MORTON_OK(W, E, A, H)                                                              \
    (SWZ__VALID_ACCESS(E, A) && (W) * (E) % (A) == 0 && SWZ_IS_POW2((W) * (E) / (A)) &&          \
     SWZ_IS_POW2(H) && (H) <= SWZ_MAX_SIDE)
#define SWZ_MORTON_OFFSET(W, E, A, H, r, c)                                                     \
    ((uint32_t)(SWZ__CT_CHECK(SWZ__VALID_ACCESS(E, A), swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element) + \
                SWZ__CT_CHECK_AFTER(SWZ__VALID_ACCESS(E, A), SWZ__MORTON_OK(W, E, A, H),        \
                                    swz_error_morton_needs_power_of_two_units_per_row_and_height)) + \
     (SWZ__MORTON_OK(W, E, A, H)                                                                \
          ? swz__morton_offset_unchecked(SWZ_LOG2((W) * (E) / (A)), SWZ_LOG2(H), (A) / (E), (r), (c)) \
          : 0u))

/* Z-order rasterization of a gx x gy grid of tiles with 2^lg x 2^lg supertiles (lg <= 15).
 * Returns SWZ_OK and the tile (tx, ty) of linear index idx, or SWZ_ERANGE when
 * idx >= gx*gy or lg > 15. */
SWZ_FN int swz_morton_block(uint32_t idx, uint32_t gx, uint32_t gy, uint32_t lg, uint32_t *tx,
                            uint32_t *ty)
{
    /* 64-bit counts: a grid may hold 2^32 tiles or more even though idx is 32-bit. */
    uint64_t side = (uint64_t)1 << (lg & 15u), fx, fy, full, rw, rh, i = idx;
    uint32_t x, y;
    if (lg > 15u || i >= (uint64_t)gx * gy) return SWZ_ERANGE;
    fx = gx >> lg; /* whole supertiles per row */
    fy = gy >> lg;
    full = fx * fy << (2u * lg);
    if (i < full) {
        uint64_t st = i >> (2u * lg);
        swz_morton_decode32((uint32_t)(i & ((side * side) - 1u)), &x, &y);
        *tx = (uint32_t)((st % fx) * side + x);
        *ty = (uint32_t)((st / fx) * side + y);
        return SWZ_OK;
    }
    i -= full;
    rw = gx - fx * side; /* right strip, beside the whole supertiles */
    rh = fy * side;
    if (i < rw * rh) {
        *tx = (uint32_t)(fx * side + i % rw);
        *ty = (uint32_t)(i / rw);
        return SWZ_OK;
    }
    i -= rw * rh; /* bottom strip, full grid width */
    *tx = (uint32_t)(i % gx);
    *ty = (uint32_t)(rh + i / gx);
    return SWZ_OK;
}

#endif /* SWZ_MORTON_H */
