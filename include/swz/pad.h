/* swz/pad.h -- padded row strides, and the plain row-major tile (the kind none: a pad of 0).
 *
 * What it is for
 *   The oldest cure for column conflicts: give every row a few extra elements so that walking
 *   down a column advances by an odd number of accesses and visits every bank.  It works for
 *   any tile width (no power of two needed) and any pattern whose lanes differ by rows, at the
 *   cost of memory: swz_pad_waste_bytes tells how much.  Two kinds of layout.h's table live
 *   here: pad (swz_pad_offset / swz_pad_coord, SWZ_PAD_OFFSET) and none (swz_none_offset /
 *   swz_none_coord), both in the order (W, E, A, row, col) of every kind.
 *
 * Example (the classic float tile[32][33], in a 32x32-thread block's transpose)
 *   #include <swz/pad.h>
 *   #define LD SWZ_PAD_STRIDE(32, 4, 4)             // 33, a compile-time constant
 *   __global__ void t32(const float *in, float *out) {
 *       __shared__ float tile[32 * LD];
 *       unsigned r = threadIdx.y, c = threadIdx.x;
 *       tile[SWZ_PAD_OFFSET(32, 4, 4, r, c)] = in[r * 32 + c];     // == r*33 + c: row write
 *       __syncthreads();
 *       out[r * 32 + c] = tile[SWZ_PAD_OFFSET(32, 4, 4, c, r)];    // column read, no conflict
 *   }
 *
 * Formula
 *   For width W (elements), element size E and access width A (bytes; 4, 8 or 16, a multiple
 *   of E), with one A-byte access per lane:
 *
 *     units   = ceil(W*E / A)                      accesses per row
 *     units'  = units if odd, else units + 1       odd, so rows step through all 128/A slots
 *     stride  = units' * A / E                     elements per row
 *     offset(r, c) = r * stride + c
 *
 *   Rows stay aligned to A (vector accesses keep working), and a column of N = 128/A lanes on
 *   consecutive rows hits slots r*units' mod N, all distinct because units' is odd.  An even
 *   pad does not help (34 floats: 2-way); a 4-byte pad under 16-byte access breaks alignment,
 *   which is why the pad is one access wide.
 *
 * Promise (one A-byte access per lane, N = 128/A lanes per phase; tests/host/test_conflicts.c
 * checks it phase by phase for every width)
 *   Columns: a phase whose N lanes walk N consecutive rows of one column is conflict free, for
 *     every W; a whole-tile column walk is conflict free when H is a multiple of N (otherwise
 *     a phase that continues into the next column can conflict).
 *   Rows: a phase whose lanes stay in one row is conflict free, and so is every phase when the
 *     rows carry no padding (ceil(W*E/A) odd, W*E a multiple of A).  A phase that crosses k
 *     row ends into the padding covers lanes + k access slots; it is exactly 2-way when that
 *     is more than N (every full phase that crosses a row end), conflict free otherwise.  So
 *     rows are conflict free when W*E is a multiple of 128 B and runs start at a row start;
 *     48-float rows (192 B) are 2-way wherever one instruction's run crosses a row end, and
 *     16-float rows (64 B, stride 17) are 2-way for every full warp.
 *
 *     W=32 floats, A=4:  stride 33  (+4 B per row, 3.1% of a 32x32 tile)
 *     W=32 floats, A=16: stride 36  (+16 B per row, 12.5%)
 *     W=64 halves, A=16: stride 72  (+16 B per row, 12.5%)
 */
#ifndef SWZ_PAD_H
#define SWZ_PAD_H

#include "common.h"

/* Constant-expression stride (elements); compile error (the first failing reason only) for
 * bad (E, A) or W out of [1, SWZ_MAX_SIDE]; the stride is clamped to 1 then, so that the error
 * is the only diagnostic. */
#define SWZ__PAD_UNITS(W, E, A) (((W) * (E) + (A)-1) / (A))
#define SWZ__PAD_OK(W, E, A) (SWZ__VALID_ACCESS(E, A) && (W) > 0 && (W) <= SWZ_MAX_SIDE)
#define SWZ_PAD_STRIDE(W, E, A)                                                                 \
    ((uint32_t)(SWZ__CT_CHECK(SWZ__VALID_ELEM(E), swz_error_element_size_must_be_1_2_4_8_or_16) + \
                SWZ__CT_CHECK_AFTER(SWZ__VALID_ELEM(E), SWZ__VALID_ACCESS(E, A),                \
                                    swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element) + \
                SWZ__CT_CHECK_AFTER(SWZ__VALID_ACCESS(E, A), (W) > 0 && (W) <= SWZ_MAX_SIDE,    \
                                    swz_error_pad_width_out_of_range)) +                        \
     (uint32_t)(SWZ__PAD_OK(W, E, A) ? (SWZ__PAD_UNITS(W, E, A) | 1u) * (A) / (E) : 1u))

#define SWZ_PAD_OFFSET(W, E, A, r, c) ((uint32_t)(r) * SWZ_PAD_STRIDE(W, E, A) + (uint32_t)(c))

/* Run-time stride in elements, or 0 (never a stride) for bad parameters: width 0 or
 * > SWZ_MAX_SIDE, element or access not supported. */
SWZ_FN uint32_t swz_pad_stride(uint32_t width, uint32_t elem, uint32_t access)
{
    uint32_t units;
    if (swz__check_width_at(NULL, "", width, elem, access) != SWZ_OK) return 0u;
    units = (width * elem + access - 1u) / access;
    return (units | 1u) * access / elem;
}

/* ---- the formula on a given stride (what layout.h's descriptor and the pad kind share) ---- */

/* row * stride + col: the formula itself, for any row and col (no tile bounds; the caller keeps
 * row * stride + col < 2^32).  swz_pad_offset is the form with the tile's parameters. */
SWZ_FN uint32_t swz_pad_offset_stride(uint32_t stride, uint32_t row, uint32_t col)
{
    return row * stride + col;
}

/* Inverse: (row, col) of an offset in rows of `width` elements `stride` apart.  SWZ_OK, or
 * SWZ_ERANGE when the offset falls in the padding (col >= width); *row and *col are set in both
 * cases (*col is then the position inside the padded row).  A stride of 0 stops the program
 * (common.h, contract violations). */
SWZ_FN int swz_pad_coord_stride(uint32_t stride, uint32_t width, uint32_t off, uint32_t *row,
                                uint32_t *col)
{
    if (stride == 0u) {
        swz__contract_fail("swz_pad_coord_stride", "a stride of at least one element", "stride", 0u, NULL, 0u);
        return SWZ_ERANGE;
    }
    *row = off / stride;
    *col = off % stride;
    return *col < width ? SWZ_OK : SWZ_ERANGE;
}

/* ---- the kinds none and pad: (W, E, A, row, col), the macro forms' order ------------------
 * The parameters are those SWZ_PAD_STRIDE accepts and col < W; a violation stops the program
 * with the parameter and its limit (common.h, contract violations).  The row is not bounded
 * (these kinds have no height parameter): the caller keeps row * stride + col < 2^32, as for
 * any array.  The checked, non-fatal form is swz_layout_offset / swz_layout_coord. */

/* The kinds none (stride W) and pad (stride swz_pad_stride(W, E, A)) as function fn: the
 * contract (SWZ_PAD_STRIDE's parameters, col < W), then the formula on the stride. */
SWZ_FN uint32_t swz__rows_offset(const char *fn, int padded, uint32_t width, uint32_t elem,
                                 uint32_t access, uint32_t row, uint32_t col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params(fn, swz__check_width_at(&e, padded ? "pad" : "none", width, elem, access), &e) ||
        !swz__contract_col(fn, col, width))
        return SWZ_BAD_OFFSET;
    return swz_pad_offset_stride(padded ? swz_pad_stride(width, elem, access) : width, row, col);
}
SWZ_FN int swz__rows_coord(const char *fn, int padded, uint32_t width, uint32_t elem, uint32_t access,
                           uint32_t off, uint32_t *row, uint32_t *col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params(fn, swz__check_width_at(&e, padded ? "pad" : "none", width, elem, access), &e))
        return SWZ_ERANGE;
    return swz_pad_coord_stride(padded ? swz_pad_stride(width, elem, access) : width, width, off, row, col);
}

/* none: the row-major tile, r*W + c (E and A are the kind's parameters, checked as pad's). */
SWZ_FN uint32_t swz_none_offset(uint32_t width, uint32_t elem, uint32_t access, uint32_t row,
                                uint32_t col)
{
    return swz__rows_offset("swz_none_offset", 0, width, elem, access, row, col);
}
/* Inverse of swz_none_offset: SWZ_OK with *row = off / W, *col = off mod W. */
SWZ_FN int swz_none_coord(uint32_t width, uint32_t elem, uint32_t access, uint32_t off,
                          uint32_t *row, uint32_t *col)
{
    return swz__rows_coord("swz_none_coord", 0, width, elem, access, off, row, col);
}

/* pad: r * swz_pad_stride(W, E, A) + c, the function form of SWZ_PAD_OFFSET. */
SWZ_FN uint32_t swz_pad_offset(uint32_t width, uint32_t elem, uint32_t access, uint32_t row,
                               uint32_t col)
{
    return swz__rows_offset("swz_pad_offset", 1, width, elem, access, row, col);
}
/* Inverse of swz_pad_offset: SWZ_OK, or SWZ_ERANGE when off falls in the padding; *row and *col
 * as swz_pad_coord_stride sets them. */
SWZ_FN int swz_pad_coord(uint32_t width, uint32_t elem, uint32_t access, uint32_t off,
                         uint32_t *row, uint32_t *col)
{
    return swz__rows_coord("swz_pad_coord", 1, width, elem, access, off, row, col);
}

/* Bytes of padding in a tile of `height` rows: SWZ_OK and *bytes, or the code of bad (W, E, A)
 * (swz_pad_stride's parameters) or SWZ_ERANGE for a height outside [1, SWZ_MAX_SIDE] (*bytes
 * untouched). */
SWZ_FN int swz_pad_waste_bytes(uint32_t width, uint32_t elem, uint32_t access, uint32_t height,
                               uint64_t *bytes)
{
    int e = swz__check_width_at(NULL, "pad", width, elem, access);
    if (e != SWZ_OK) return e;
    if (height == 0u || height > SWZ_MAX_SIDE) return SWZ_ERANGE;
    *bytes = (uint64_t)(swz_pad_stride(width, elem, access) - width) * elem * height;
    return SWZ_OK;
}

#endif /* SWZ_PAD_H */
