/* swz/linear.h -- XOR-linear layouts: the unit of (row, unit) moves to unit ^ f(row), f linear
 * over GF(2) in the row bits, optionally with padded rows.
 *
 * What it is for
 *   The general XOR swizzle that every other XOR in swz is a special case of: CuTe's
 *   Swizzle<B,M,S> with its key bits above the row (xor.h), Triton's (vec, perPhase, maxPhase),
 *   the Hopper TMA modes (for rows of exactly the mode's bytes) and the hand-derived keys of the
 *   example kernels.  swz_solve (solve.h) searches this family for a tile's own accesses.
 *
 * Example (64x64 floats, 16-byte units: the transpose key (r / 4) mod 8)
 *   #include <swz/linear.h>
 *   swz_linear_params p = {{0u, 0u, 1u, 2u, 4u}, 0u};   // row bits 2, 3, 4 -> unit bits 0, 1, 2
 *   uint32_t o = swz_linear_offset(64, 4, 16, &p, 5, 9);  // 5*64 + ((2 ^ 1) * 4) + 1 = 333
 *   uint32_t r, c;
 *   int ok = swz_linear_coord(64, 4, 16, &p, o, &r, &c);  // SWZ_OK, r == 5, c == 9
 *   // the same as a constant expression (eight masks, pad 0 bytes):
 *   enum { O = SWZ_LINEAR_OFFSET(64, 4, 16, 0, 0, 0, 1, 2, 4, 0, 0, 0, 5, 9) };  // 333
 *   (void)ok;
 *
 * The formula (W elements per row, E element bytes, A unit bytes = the access width, vec = A/E,
 * Ur = W*E/A units per row (any whole number: Ur = 2^v * odd, 2^v = SWZ_POW2_PART(Ur), Ur
 * itself for a power of two), P pad bytes per row (a multiple of A))
 *
 *      f(r)   = XOR of mask[i] over the set bits i of r          (mask[i] < 2^v, i < 16)
 *      stride = W + P/E                                          (elements between row starts)
 *      offset(r, c) = r*stride + ((c/vec) ^ f(r))*vec + c mod vec
 *
 *   f is linear over GF(2): f(a ^ b) = f(a) ^ f(b).  Every row maps onto itself -- a key below
 *   2^v changes only the low v bits of a unit, so each aligned block of 2^v units (Ur is a
 *   multiple of 2^v) maps onto itself, and exactly these masks do: a mask with a bit at or
 *   above 2^v moves some unit past the row (docs/layouts.md, the closure lemma) -- and within
 *   a row u -> u ^ f(r) is an involution, so the map is a bijection onto [0, H*stride) minus
 *   the padding, for any height: the inverse is r = off / stride, c = ((x/vec) ^ f(r))*vec +
 *   x mod vec with x = off mod stride (padding when x >= W).  A unit of A bytes stays whole and
 *   aligned, so an access of at most A bytes stays one contiguous aligned vector.
 *
 *   Incremental form.  in_row(r, c) = ((c/vec) ^ f(r))*vec + c mod vec = c ^ f(r)*vec is
 *   XOR-linear in (r, c), and r*stride adds over rows without common bits, so for r0 & r1 == 0
 *      offset(r0 ^ r1, c0 ^ c1) = (r0 + r1)*stride + (in_row(r0, c0) ^ in_row(r1, c1)):
 *   a loop over steps (r1, c1) known at compile time from a thread's base (r0, c0) pays one
 *   XOR and one add per step (CuTe does the same); tile.h's copies do it (SWZ_TILE_LINEAR).
 *
 * Special cases (the converters below; each returns SWZ_ERANGE where none exists)
 *   Swizzle<B,M,S> on elements, key above the row (M+S >= log2 W) and M >= log2 vec:
 *      mask[M+S-log2 W + j] = 1 << (M - log2 vec + j),  j < B.
 *   Triton (vec', perPhase, maxPhase): through swz_xor_from_triton's (B, M, S).
 *   TMA mode S bytes with rows of exactly S bytes (W*E == S): mask[log2(128/S) + j] =
 *      1 << (j + log2(16/A)), j < log2(S/16)  (A <= 16).
 *   swz_xor_auto(W, E, A): swz_linear_auto.
 */
#ifndef SWZ_LINEAR_H
#define SWZ_LINEAR_H

#include "common.h"
#include "xor.h"

/* Row bits that can carry a mask (tile heights up to SWZ_MAX_SIDE = 2^16). */
#define SWZ_LINEAR_MAX_BITS 16

typedef struct swz_linear_params {
    uint32_t mask[SWZ_LINEAR_MAX_BITS]; /* unit mask of row bit i (< SWZ_POW2_PART(W*E/A)) */
    uint32_t pad;                       /* pad bytes per row (a multiple of A) */
} swz_linear_params;

/* f(row): the XOR of the masks of row's set bits. */
SWZ_FN uint32_t swz_linear_key(const swz_linear_params *p, uint32_t row)
{
    uint32_t k = 0u, i;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i)
        k ^= (0u - ((row >> i) & 1u)) & p->mask[i];
    return k;
}

/* SWZ_OK when (W, E, A, p) is a valid XOR-linear layout: E, A as everywhere (common.h), W in
 * [1, SWZ_MAX_SIDE], W*E a multiple of A (Ur = W*E/A units per row, any count), every mask
 * below SWZ_POW2_PART(Ur) (Ur itself for a power of two: the masks that keep every row closed),
 * the pad a multiple of A and W + pad/E <= SWZ_MAX_SIDE.  SWZ_EELEM, SWZ_EACCESS, SWZ_ERANGE
 * (W, a mask, or the pad), SWZ_EWIDTH (W*E < A) or SWZ_EALIGN (W*E not a multiple of A)
 * otherwise, recorded in *err (may be NULL) as "linear needs ...". */
SWZ_FN int swz_linear_check(swz_error *err, uint32_t width, uint32_t elem, uint32_t access,
                            const swz_linear_params *p)
{
    uint32_t lim, i;
    int e = swz__check_width_at(err, "linear", width, elem, access);
    if (e != SWZ_OK) return e;
    if (width * elem < access)
        return swz_error_set(err, SWZ_EWIDTH, "linear", "a row W*E of at least one access A", "W*E",
                             (uint64_t)width * elem);
    if ((width * elem) % access != 0u)
        return swz_error_set(err, SWZ_EALIGN, "linear", "a row W*E that is a whole number of units A",
                             "W*E", (uint64_t)width * elem);
    lim = swz_pow2_part(width * elem / access);
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i)
        if (p->mask[i] >= lim)
            return swz_error_set(err, SWZ_ERANGE, "linear",
                                 "every mask below the largest power of two dividing the units per "
                                 "row W*E/A (W*E/A itself for a power of two)",
                                 "mask", p->mask[i]);
    if (p->pad % access != 0u || width + p->pad / elem > SWZ_MAX_SIDE)
        return swz_error_set(err, SWZ_ERANGE, "linear",
                             "a pad that is a multiple of A bytes, W + pad/E <= 65536", "pad", p->pad);
    return SWZ_OK;
}

/* Elements between row starts: W + pad/E. */
SWZ_FN uint32_t swz_linear_stride(uint32_t width, uint32_t elem, const swz_linear_params *p)
{
    return width + p->pad / elem;
}

/* Offset of (row, col) within its row: ((col/vec) ^ f(row))*vec + col mod vec = col ^ f(row)*vec
 * (< W).  XOR-linear in both arguments: in_row(r0 ^ r1, c0 ^ c1) = in_row(r0, c0) ^
 * in_row(r1, c1) for every r0, r1 and c0, c1 < W (the incremental form below). */
SWZ_FN uint32_t swz_linear_in_row(uint32_t elem, uint32_t access, const swz_linear_params *p,
                                  uint32_t row, uint32_t col)
{
    uint32_t vec = access / elem;
    return ((col / vec) ^ swz_linear_key(p, row)) * vec + col % vec;
}

/* The formula for any row and col, no checks (what layout.h's descriptor calls after its own). */
SWZ_FN uint32_t swz__linear_offset_unchecked(uint32_t width, uint32_t elem, uint32_t access,
                                             const swz_linear_params *p, uint32_t row, uint32_t col)
{
    return row * swz_linear_stride(width, elem, p) + swz_linear_in_row(elem, access, p, row, col);
}
SWZ_FN int swz__linear_coord_unchecked(uint32_t width, uint32_t elem, uint32_t access,
                                       const swz_linear_params *p, uint32_t off, uint32_t *row,
                                       uint32_t *col)
{
    uint32_t vec = access / elem, stride = swz_linear_stride(width, elem, p);
    uint32_t r = off / stride, x = off % stride;
    if (x >= width) return SWZ_ERANGE;
    *row = r;
    *col = ((x / vec) ^ swz_linear_key(p, r)) * vec + x % vec;
    return SWZ_OK;
}

/* ---- the kind linear: (W, E, A, &p, row, col), the macro forms' order ----------------------
 * Element offset of (row, col): row*stride + swz_linear_in_row(row, col).  The parameters are
 * those swz_linear_check accepts and col < W; a violation stops the program with the parameter
 * and its limit (common.h, contract violations).  The row is not bounded (every row maps onto
 * itself: any height): the caller keeps row * stride < 2^32.  The checked, non-fatal form is
 * swz_layout_offset / swz_layout_coord.
 *
 * Incremental form (what tile.h's copies use): for rows r0, r1 with no common bit (r0 & r1 == 0,
 * so r0 + r1 == r0 ^ r1) and columns c0, c1 < W,
 *   offset(r0 ^ r1, c0 ^ c1) = r0*stride + r1*stride + (in_row(r0, c0) ^ in_row(r1, c1)),
 * so a loop whose (row, col) is a thread's base (r0, c0) XOR a step (r1, c1) known at compile
 * time computes in_row(r0, c0) once and per step one XOR and one add of constants (with pad 0
 * the whole offset is XOR-linear: offset(r0, c0) ^ offset(r1, c1)). */
SWZ_FN uint32_t swz_linear_offset(uint32_t width, uint32_t elem, uint32_t access,
                                  const swz_linear_params *p, uint32_t row, uint32_t col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_linear_offset", swz_linear_check(&e, width, elem, access, p), &e) ||
        !swz__contract_col("swz_linear_offset", col, width))
        return SWZ_BAD_OFFSET;
    return swz__linear_offset_unchecked(width, elem, access, p, row, col);
}

/* Inverse of swz_linear_offset: SWZ_OK with (*row, *col), or SWZ_ERANGE (untouched) when off
 * is padding. */
SWZ_FN int swz_linear_coord(uint32_t width, uint32_t elem, uint32_t access,
                            const swz_linear_params *p, uint32_t off, uint32_t *row,
                            uint32_t *col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_linear_coord", swz_linear_check(&e, width, elem, access, p), &e))
        return SWZ_ERANGE;
    return swz__linear_coord_unchecked(width, elem, access, p, off, row, col);
}

/* Number of nonzero masks (the solver's first simplicity measure). */
SWZ_FN uint32_t swz_linear_nonzero(const swz_linear_params *p)
{
    uint32_t n = 0u, i;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i) n += p->mask[i] != 0u;
    return n;
}

/* ---- conversions ------------------------------------------------------------------------- */

SWZ_FN void swz__linear_clear(swz_linear_params *p)
{
    uint32_t i;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i) p->mask[i] = 0u;
    p->pad = 0u;
}

/* The run form mask[s0 + j] = 1 << (t + j), j < b, pad 0, into *p when swz_linear_check
 * accepts it (its code otherwise; *p untouched). */
SWZ_FN int swz__linear_from_run(uint32_t width, uint32_t elem, uint32_t access, uint32_t s0,
                                uint32_t t, uint32_t b, swz_linear_params *p)
{
    uint32_t j;
    swz_linear_params q;
    int e;
    swz__linear_clear(&q);
    for (j = 0; j < b; ++j) q.mask[s0 + j] = 1u << (t + j);
    e = swz_linear_check(NULL, width, elem, access, &q);
    if (e == SWZ_OK) *p = q;
    return e;
}

/* The swizzle (B, M, S) of xor.h's swz_xor_2d on W-wide rows (CuTe's Swizzle<B,M,S> on element
 * offsets for a power-of-two W) -> masks on A-byte units (pad 0).  SWZ_ERANGE unless the key
 * is above the row (M+S >= ceil(log2 W)), the target stays in the row (M+B <= log2
 * SWZ_POW2_PART(W): log2 W for a power of two) and whole units move (2^M >= vec), or for W 0;
 * the codes of swz_xor_is_valid / swz_linear_check otherwise. */
SWZ_FN int swz_linear_from_xor(swz_xor_params x, uint32_t width, uint32_t elem, uint32_t access,
                               swz_linear_params *p)
{
    uint32_t lw, lv;
    int e = swz__check_elem_access(elem, access);
    if (e != SWZ_OK) return e;
    if (width == 0u || !swz_xor_is_valid(x.b, x.m, x.s)) return SWZ_ERANGE;
    lw = swz__ceil_log2(width);
    lv = swz_log2(access / elem);
    if (x.m + x.s < lw || x.m + x.b > swz_log2(swz_pow2_part(width)) || x.m < lv ||
        x.m + x.s - lw + x.b > SWZ_LINEAR_MAX_BITS)
        return SWZ_ERANGE;
    return swz__linear_from_run(width, elem, access, x.m + x.s - lw, x.m - lv, x.b, p);
}

/* Masks -> the swizzle (B, M, S) of swz_xor_2d on W-wide rows (CuTe's Swizzle<B,M,S> on element
 * offsets for a power-of-two W): SWZ_OK when the nonzero masks are one run mask[s0 + j] =
 * 1 << (t + j), j < B (all zero: B = 0), and pad is 0; SWZ_ERANGE otherwise (no (B, M, S)
 * exists). */
SWZ_FN int swz_linear_to_xor(const swz_linear_params *p, uint32_t width, uint32_t elem,
                             uint32_t access, swz_xor_params *x)
{
    uint32_t i, s0 = 0u, b = 0u, t = 0u, lv, lw;
    int e = swz_linear_check(NULL, width, elem, access, p);
    if (e != SWZ_OK) return e;
    if (p->pad != 0u) return SWZ_ERANGE;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS && p->mask[i] == 0u; ++i) {}
    s0 = i;
    if (i < SWZ_LINEAR_MAX_BITS) {
        if (!swz_is_pow2(p->mask[i])) return SWZ_ERANGE;
        t = swz_log2(p->mask[i]);
        for (; i < SWZ_LINEAR_MAX_BITS && p->mask[i] == 1u << (t + b) && t + b < 32u; ++i) ++b;
        for (; i < SWZ_LINEAR_MAX_BITS; ++i)
            if (p->mask[i] != 0u) return SWZ_ERANGE;
    }
    lv = swz_log2(access / elem);
    lw = swz__ceil_log2(width);
    x->b = b;
    x->m = b ? t + lv : lv;
    x->s = b ? s0 + lw - x->m : (lw > x->m ? lw - x->m : 0u);
    if (x->s < x->b) return SWZ_ERANGE; /* run longer than its distance (s0 + lw < t + lv + b) */
    return swz_xor_is_valid(x->b, x->m, x->s) ? SWZ_OK : SWZ_ERANGE;
}

/* Triton (vec, perPhase, maxPhase) on W-wide rows -> masks on A-byte units. */
SWZ_FN int swz_linear_from_triton(uint32_t vec, uint32_t per_phase, uint32_t max_phase,
                                  uint32_t width, uint32_t elem, uint32_t access,
                                  swz_linear_params *p)
{
    swz_xor_params x;
    int e = swz_xor_from_triton(vec, per_phase, max_phase, width, &x);
    return e != SWZ_OK ? e : swz_linear_from_xor(x, width, elem, access, p);
}

/* Masks -> Triton (vec, perPhase, maxPhase), where a run form exists (swz_linear_to_xor). */
SWZ_FN int swz_linear_to_triton(const swz_linear_params *p, uint32_t width, uint32_t elem,
                                uint32_t access, uint32_t *vec, uint32_t *per_phase,
                                uint32_t *max_phase)
{
    swz_xor_params x;
    int e = swz_linear_to_xor(p, width, elem, access, &x);
    return e != SWZ_OK ? e : swz_xor_to_triton(x, width, vec, per_phase, max_phase);
}

/* Hopper TMA mode (32, 64, 128 bytes) on rows of exactly `mode` bytes (W*E == mode), units of
 * A <= 16 bytes -> masks; SWZ_ERANGE for another row length or a bad mode.  The mode's
 * Swizzle<B, 4, 3> on bytes (swz_tma_xor, xor.h) is Swizzle<B, 4 - log2 E, 3> on elements. */
SWZ_FN int swz_linear_from_tma(uint32_t mode, uint32_t width, uint32_t elem, uint32_t access,
                               swz_linear_params *p)
{
    swz_xor_params x;
    int e = swz__check_elem_access(elem, access);
    if (e != SWZ_OK) return e;
    if (swz_tma_xor(mode, &x) != SWZ_OK || (uint64_t)width * elem != mode) return SWZ_ERANGE;
    x.m -= swz_log2(elem);
    return swz_linear_from_xor(x, width, elem, access, p);
}

/* The automatic XOR of xor.h as masks: swz_xor_auto(W, E, A) through swz_linear_from_xor. */
SWZ_FN int swz_linear_auto(uint32_t width, uint32_t elem, uint32_t access, swz_linear_params *p)
{
    swz_xor_params x;
    int e = swz_xor_auto(width, elem, access, &x);
    return e != SWZ_OK ? e : swz_linear_from_xor(x, width, elem, access, p);
}

/* ---- macro form (constant W, E, A, P and the masks of row bits 0..7) ---------------------- */

#define SWZ__LINEAR_BIT(r, i, m) ((0u - (((uint32_t)(r) >> (i)) & 1u)) & (uint32_t)(m))
#define SWZ__LINEAR_KEY8(r, m0, m1, m2, m3, m4, m5, m6, m7)                                     \
    (SWZ__LINEAR_BIT(r, 0, m0) ^ SWZ__LINEAR_BIT(r, 1, m1) ^ SWZ__LINEAR_BIT(r, 2, m2) ^         \
     SWZ__LINEAR_BIT(r, 3, m3) ^ SWZ__LINEAR_BIT(r, 4, m4) ^ SWZ__LINEAR_BIT(r, 5, m5) ^         \
     SWZ__LINEAR_BIT(r, 6, m6) ^ SWZ__LINEAR_BIT(r, 7, m7))
#define SWZ__LINEAR_OK(W, E, A, P)                                                              \
    (SWZ__VALID_ACCESS(E, A) && (W) * (E) >= (A) && (W) * (E) % (A) == 0 && (P) % (A) == 0)
/* The masks' bound: the largest power of two dividing the units per row W*E/A. */
#define SWZ__LINEAR_UR(W, E, A, P) (SWZ__LINEAR_OK(W, E, A, P) ? (int)SWZ_POW2_PART((W) * (E) / (A)) : 1)
#define SWZ__LINEAR_MASKS_OK(U, m0, m1, m2, m3, m4, m5, m6, m7)                                 \
    ((m0) < (U) && (m1) < (U) && (m2) < (U) && (m3) < (U) && (m4) < (U) && (m5) < (U) &&         \
     (m6) < (U) && (m7) < (U))
#define SWZ__LINEAR_VEC(W, E, A, P) (SWZ__LINEAR_OK(W, E, A, P) ? (A) / (E) : 1)

/* The parameter checks of the macro forms: 0, or a compile error naming what is wrong. */
#define SWZ__LINEAR_CT(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7)                              \
    ((uint32_t)SWZ__CT_CHECK(SWZ__LINEAR_OK(W, E, A, P),                                        \
                             swz_error_linear_needs_valid_E_A_rows_of_whole_units_and_pad_of_whole_units) + \
     (uint32_t)SWZ__CT_CHECK_AFTER(SWZ__LINEAR_OK(W, E, A, P),                                  \
                                   SWZ__LINEAR_MASKS_OK(SWZ__LINEAR_UR(W, E, A, P), m0, m1, m2, m3, m4, \
                                                        m5, m6, m7),                            \
                                   swz_error_linear_mask_must_be_below_the_power_of_two_part_of_units_per_row))

/* swz_linear_in_row for constant W, E, A, P and masks m0..m7: the XOR-linear part of the
 * offset, ((c/vec) ^ f(r))*vec + c mod vec (< W), checked as SWZ_LINEAR_OFFSET is. */
#define SWZ_LINEAR_IN_ROW(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7, r, c)                      \
    (SWZ__LINEAR_CT(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7) +                               \
     ((((uint32_t)(c) / SWZ__LINEAR_VEC(W, E, A, P)) ^                                          \
       SWZ__LINEAR_KEY8(r, m0, m1, m2, m3, m4, m5, m6, m7)) * SWZ__LINEAR_VEC(W, E, A, P)) +     \
     (uint32_t)(c) % SWZ__LINEAR_VEC(W, E, A, P))

/* Element offset of (r, c) for constant W, E, A, P (pad bytes) and masks m0..m7 of row bits
 * 0..7 (rows of 256 or more repeat the key of r mod 256: use the function form for taller
 * key spans): r*(W + P/E) + SWZ_LINEAR_IN_ROW(...).  Bad parameters or a mask at or above
 * SWZ_POW2_PART(W*E/A) (W*E/A for a power of two) are compile errors. */
#define SWZ_LINEAR_OFFSET(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7, r, c)                      \
    ((uint32_t)(r) * (uint32_t)((W) + (P) / (E)) +                                              \
     SWZ_LINEAR_IN_ROW(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7, r, c))

/* The macro line of a layout with numbers, e.g. "SWZ_LINEAR_OFFSET(64, 4, 16, 0, 0, 0, 1, 2,
 * 4, 0, 0, 0, r, c)", into buf (n bytes, NUL-terminated when n > 0); returns the length of the
 * whole text.  When a mask of row bit 8 or above is set the macro cannot express it: the text is
 * "swz_linear_offset(...)" with the call to make instead, and the return value is the same. */
SWZ_HOST_FN size_t swz_linear_macro(uint32_t width, uint32_t elem, uint32_t access,
                                    const swz_linear_params *p, char *buf, size_t n)
{
    size_t len = 0;
    uint32_t i, high = 0u;
    if (n) buf[0] = '\0';
    for (i = 8; i < SWZ_LINEAR_MAX_BITS; ++i) high |= p->mask[i];
    swz_text_append(buf, n, &len, high ? "swz_linear_offset(" : "SWZ_LINEAR_OFFSET(");
    swz_text_append_u64(buf, n, &len, width);
    swz_text_append(buf, n, &len, ", ");
    swz_text_append_u64(buf, n, &len, elem);
    swz_text_append(buf, n, &len, ", ");
    swz_text_append_u64(buf, n, &len, access);
    swz_text_append(buf, n, &len, high ? ", &p, r, c)  /* p.pad = " : ", ");
    swz_text_append_u64(buf, n, &len, p->pad);
    for (i = 0; i < (high ? (uint32_t)SWZ_LINEAR_MAX_BITS : 8u); ++i) {
        swz_text_append(buf, n, &len, high && i == 0 ? ", p.mask = {" : i == 0 || !high ? ", " : ", ");
        swz_text_append_u64(buf, n, &len, p->mask[i]);
    }
    swz_text_append(buf, n, &len, high ? "} */" : ", r, c)");
    return len;
}

#endif /* SWZ_LINEAR_H */
