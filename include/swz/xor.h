/* swz/xor.h -- XOR swizzles: the general primitive, the automatic choice, and Hopper's
 * TMA/wgmma 32B/64B/128B patterns.
 *
 * What it is for
 *   A shared-memory tile stored row-major conflicts when a warp walks down a column: every
 *   row starts in the same bank.  An XOR swizzle permutes the access units *inside* each row
 *   by XOR with bits of the row index, so a column lands in distinct banks while a row stays
 *   one contiguous 128-byte line.  It costs no memory and one XOR.
 *
 * Example (a 32x32 float tile, written by rows, read by columns, no conflict either way)
 *   #include <swz/xor.h>
 *   #define TILE_AT(r, c) SWZ_XOR_AUTO_OFFSET(32, 4, 4, (r), (c))   // == r*32 + (c ^ r)
 *   __global__ void k(float *out) {
 *       __shared__ float t[32 * 32];
 *       t[TILE_AT(threadIdx.y, threadIdx.x)] = (float)threadIdx.x;   // row write
 *       __syncthreads();
 *       out[threadIdx.y * 32 + threadIdx.x] = t[TILE_AT(threadIdx.x, threadIdx.y)];  // column
 *   }
 *
 * 1. The general primitive (CuTe's Swizzle<B,M,S>), on any offset (elements or bytes):
 *
 *      swz_xor(B, M, S, o) = o ^ (((o >> (M+S)) & (2^B - 1)) << M)          requires S >= B
 *
 *      offset bits:   ... | yyy (B bits at M+S) | ... | zzz (B bits at M) | mmm (M bits) |
 *      result bits:   ... |        yyy          | ... |    zzz ^ yyy      |      mmm      |
 *
 *    M keeps 2^M units together (the vector), B is how many bits are scrambled, S how far above
 *    them the key bits sit.  With S >= B the key bits are never changed, so the map is an
 *    involution: swz_xor is its own inverse.
 *    Triton's (vec, perPhase, maxPhase) on a row of W elements is
 *      M = log2 vec,  B = log2 maxPhase,  M + S = ceil(log2 W) + log2 perPhase
 *    (phys_col = ((c/vec) ^ ((r/perPhase) % maxPhase))*vec + c%vec; for a power-of-two W,
 *    M + S = log2(W * perPhase)): swz_xor_from_triton and swz_xor_to_triton convert.  CuTe's
 *    Swizzle<B,M,S> is (B, M, S) as is; CuTe composes it with element offsets, so
 *    Swizzle<3,3,3> on 2-byte elements is the 128-byte pattern.
 *    On a tile, swz_xor_2d applies (B, M, S) to the coordinate (r, c) packed as
 *    r*2^ceil(log2 W) + c and keeps the result in row r: for a power-of-two W that packing is
 *    the row-major offset r*W + c (CuTe's composition); for any other W it is the same swizzle
 *    of the row padded to a power of two, stored in rows of W elements.
 *
 * 2. The automatic form: from tile width W (elements; any W whose row W*E is a whole number of
 *    accesses), element size E and access width A (bytes; 4, 8 or 16, a multiple of E)
 *    swz_xor_auto picks (B, M, S) so that a warp reading or writing the tile's rows, or walking
 *    down a column, one A-byte access per lane, is conflict free.  Let vec = A/E (elements per
 *    access), Ur = W*E/A (accesses per row), 2^v = SWZ_POW2_PART(Ur) (the largest power of two
 *    dividing Ur: Ur = 2^v * odd), N = 2^t = 128/A (accesses per 128-byte line = lanes per
 *    phase of the instruction):
 *
 *      M = log2 vec,   B = min(v, t),   key(r) = (r >> (t - B)) mod 2^B
 *      the access u of row r is stored at access u ^ key(r) of row r
 *      M + S = ceil(log2 W) + t - B            (= log2 max(W, 128/E) for a power-of-two W)
 *
 *      2^v >= N (rows of whole lines, e.g. any W*E a multiple of 128 B): key = r mod N
 *      2^v <  N:  key = (r / L) mod 2^v,  L = N / 2^v   (for a power-of-two W: L rows share
 *                 a line; Ur odd: no key at all, 48-byte rows of 16-byte accesses)
 *
 *    For a power-of-two W this is Swizzle<B, M, S> on the row-major offset r*W + c (CuTe's).
 *    For any other W (96 halves or 48 floats of 16-byte accesses: Ur = 12 = 4 * 3, key
 *    (r / 2) mod 4) it is the same (B, M, S) on the packed coordinate (swz_xor_2d); no
 *    swizzle of the offset r*W + c is this map.
 *
 *    Why rows map onto themselves: a key below 2^v XORs only the low v bits of u, so every
 *    aligned block of 2^v accesses maps onto itself, and Ur is a multiple of 2^v.  (A key
 *    with a bit at or above 2^v moves some access past the row: docs/layouts.md, the closure
 *    lemma, proves both directions.)
 *    Why columns are conflict free: a column access needs the N lanes of one phase (N
 *    consecutive rows) in N different A-byte slots of the 128-byte line.  The slot of (row r,
 *    access u) is (r*Ur + (u ^ key(r))) mod N.  With v < t, Ur = 2^v * o (o odd) and
 *    u = 2^v*h + l (l < 2^v), it is 2^v * ((r*o + h) mod L) + (l ^ key(r)): the 2^v rows of one
 *    class r mod L among N consecutive rows share the first part (o is odd: the L classes
 *    take the L values) and have consecutive r / L, so distinct keys.  With v >= t,
 *    r*Ur = 0 mod N and key = r mod N.
 *    Why rows are conflict free: a phase of the row-major walk (N consecutive accesses from a
 *    multiple of N) meets row ends only at multiples of 2^B; each piece is a union of aligned
 *    2^B-blocks, which the key permutes in place: the phase covers the slots it covers
 *    unswizzled, N consecutive ones.
 *    The access width matters: for 32x32 floats, A = 4 gives c ^ r (the textbook swizzle),
 *    which leaves 2-way conflicts for a reader of column pairs (8-byte reads); A = 8 gives
 *    c ^ 2(r mod 16), conflict free for 8-byte reads but 2-way for 4-byte column reads.  No
 *    single XOR serves both: choose A for the widest access that touches the tile.
 *    Column accesses are conflict free when a phase's lanes walk N consecutive rows of one
 *    column (tile height >= N); in shorter tiles lanes wrap to the next column and may
 *    conflict: swz-check shows the ways.  A row that is not a whole number of accesses (6
 *    floats of 16-byte accesses) has no layout here: SWZ_EALIGN, SWZ_XOR_AUTO_CHECK a
 *    compile error (pad.h rounds such rows up).
 *
 *    32x32 floats, A = 4 (B=5, M=0, S=5): physical column of (r, c) = c ^ r
 *         c: 0  1  2  3 ...            every column visits all 32 banks once
 *      r=0   0  1  2  3
 *      r=1   1  0  3  2
 *      r=2   2  3  0  1
 *      r=3   3  2  1  0
 *
 * 3. Hopper hardware swizzles (TMA tensor maps and wgmma descriptors, modes S = 32, 64, 128
 *    bytes) act on the *absolute* shared-memory byte address A:
 *
 *      phys = A ^ (((A >> 7) & (S/16 - 1)) << 4)        (= Swizzle<log2(S/16), 4, 3> on bytes)
 *
 *    The pattern repeats every 8*S bytes (256, 512, 1024), so a buffer indexed by offsets must
 *    start at a multiple of 8*S: swz_tma_align(S) gives it, swz_tma_is_aligned checks a
 *    pointer.  A buffer aligned only to 128 bytes silently reads the wrong elements.
 *    TMA limits: the swizzled inner box is at most S bytes and a multiple of 16 bytes.
 *
 * Function forms of the kinds (layout.h's table), in the order of their macro forms:
 *   swz_xor_offset(W, E, A, r, c) / swz_xor_coord(W, E, A, off, &r, &c)   the automatic swizzle
 *   swz_tma_offset(W, E, S, r, c) / swz_tma_coord(W, E, S, off, &r, &c)   modes 32, 64, 128
 *   A parameter outside the kind's rules or a column past the row stops the program with one
 *   line naming it (common.h, contract violations); swz_xor_auto and swz_tma_check_row are the
 *   checks that return a code instead.
 */
#ifndef SWZ_XOR_H
#define SWZ_XOR_H

#include "common.h"

/* ---- 1. general primitive ------------------------------------------------------------- */

/* Parameters of one swizzle, CuTe's <B, M, S>. */
typedef struct swz_xor_params {
    uint32_t b; /* bits scrambled */
    uint32_t m; /* low bits kept (log2 of the vector in offset units) */
    uint32_t s; /* distance from the scrambled bits to the key bits */
} swz_xor_params;

/* 1 when (b, m, s) is a valid involution on 32-bit offsets (s >= b and b + m + s <= 31),
 * 0 otherwise. */
SWZ_FN int swz_xor_is_valid(uint32_t b, uint32_t m, uint32_t s)
{
    return s >= b && b <= 31u && m <= 31u && s <= 31u && b + m + s <= 31u;
}

/* o ^ (((o >> (m+s)) & (2^b - 1)) << m), its own inverse, for any offset o.  An invalid
 * (b, m, s) (swz_xor_is_valid) stops the program (common.h, contract violations); the check
 * folds away for constant parameters. */
SWZ_FN uint32_t swz_xor(uint32_t b, uint32_t m, uint32_t s, uint32_t o)
{
    if (!swz_xor_is_valid(b, m, s)) {
        swz__contract_fail("swz_xor", "a swizzle with S >= B and B + M + S <= 31", "S", s, "B", b);
        return SWZ_BAD_OFFSET;
    }
    return o ^ (((o >> (m + s)) & ((1u << b) - 1u)) << m);
}

/* Macro form for constant B, M, S (checked at compile time).  o is evaluated twice. */
#define SWZ__XOR_OK(B, M, S) ((S) >= (B) && (B) + (M) + (S) <= 31)
#define SWZ__XOR_CLAMP(B, M, S, x) (SWZ__XOR_OK(B, M, S) ? (x) : 0) /* no bad shift after an error */
#define SWZ_XOR(B, M, S, o)                                                                     \
    (((o) ^ ((((o) >> (SWZ__XOR_CLAMP(B, M, S, M) + SWZ__XOR_CLAMP(B, M, S, S))) &              \
              ((1u << SWZ__XOR_CLAMP(B, M, S, B)) - 1u)) << SWZ__XOR_CLAMP(B, M, S, M))) +       \
     (unsigned)SWZ__CT_CHECK(SWZ__XOR_OK(B, M, S), swz_error_xor_needs_S_ge_B))

/* ---- 2. automatic choice ---------------------------------------------------------------- */

/* Constant-expression (B, M, S) of the automatic swizzle; see the formula above.  0 for bad
 * (W, E, A), so that the compile error of SWZ_XOR_AUTO_CHECK is the only diagnostic. */
#define SWZ__XOR_AUTO_WIDTH_OK(W) ((W) >= 1 && (W) <= SWZ_MAX_SIDE)
#define SWZ__XOR_AUTO_OK(W, E, A)                                                               \
    (SWZ__VALID_ACCESS(E, A) && SWZ__XOR_AUTO_WIDTH_OK(W) && (W) * (E) >= (A) &&               \
     (W) * (E) % (A) == 0)
#define SWZ_XOR_AUTO_M(W, E, A)                                                                 \
    (SWZ__XOR_AUTO_OK(W, E, A) ? SWZ__LOG2_SMALL(A) - SWZ__LOG2_SMALL(E) : 0)
#define SWZ_XOR_AUTO_B(W, E, A)                                                                 \
    (SWZ__XOR_AUTO_OK(W, E, A) ? SWZ__MIN(SWZ_LOG2(SWZ_POW2_PART(W)) + SWZ__LOG2_SMALL(E) -      \
                                              SWZ__LOG2_SMALL(A),                               \
                                          7 - SWZ__LOG2_SMALL(A))                               \
                               : 0)
#define SWZ_XOR_AUTO_S(W, E, A)                                                                 \
    (SWZ__XOR_AUTO_OK(W, E, A) ? SWZ__CEIL_LOG2(W) + 7 - SWZ__LOG2_SMALL(A) - SWZ_XOR_AUTO_B(W, E, A) - \
                                     SWZ_XOR_AUTO_M(W, E, A)                                    \
                               : 0)

/* Compile-time validation of (W, E, A); 0 when valid, a compile error (the first failing
 * reason only) otherwise. */
#define SWZ_XOR_AUTO_CHECK(W, E, A)                                                             \
    (SWZ__CT_CHECK(SWZ__VALID_ELEM(E), swz_error_element_size_must_be_1_2_4_8_or_16) +         \
     SWZ__CT_CHECK_AFTER(SWZ__VALID_ELEM(E), SWZ__VALID_ACCESS(E, A),                           \
                         swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element) +        \
     SWZ__CT_CHECK_AFTER(SWZ__VALID_ACCESS(E, A), SWZ__XOR_AUTO_WIDTH_OK(W),                    \
                         swz_error_xor_tile_width_must_be_1_to_65536) +                         \
     SWZ__CT_CHECK_AFTER(SWZ__VALID_ACCESS(E, A) && SWZ__XOR_AUTO_WIDTH_OK(W),                  \
                         (W) * (E) >= (A), swz_error_tile_row_narrower_than_one_access) +       \
     SWZ__CT_CHECK_AFTER(SWZ__VALID_ACCESS(E, A) && SWZ__XOR_AUTO_WIDTH_OK(W) && (W) * (E) >= (A), \
                         (W) * (E) % (A) == 0, swz_error_xor_row_must_be_a_whole_number_of_accesses))

/* (B, M, S) on the coordinate (r, c) packed into a row of 2^L elements (L = ceil(log2 W)), the
 * result kept in row r: the in-row element offset (swz_xor_2d's, for a W that is not a power of
 * two). */
#define SWZ__XOR_IN_ROW(B, M, S, L, r, c)                                                       \
    (SWZ_XOR(B, M, S, ((uint32_t)(r) << (L)) | (uint32_t)(c)) & ((1u << (L)) - 1u))

/* Element offset of (r, c) in a W-wide tile under the automatic swizzle, W, E, A constants.
 * Folds to shifts, masks and one XOR (a power-of-two W: the swizzle of r*W + c). */
#define SWZ_XOR_AUTO_OFFSET(W, E, A, r, c)                                                      \
    ((uint32_t)SWZ_XOR_AUTO_CHECK(W, E, A) +                                                   \
     (SWZ_IS_POW2(W) ? SWZ_XOR(SWZ_XOR_AUTO_B(W, E, A), SWZ_XOR_AUTO_M(W, E, A), SWZ_XOR_AUTO_S(W, E, A), \
                               (uint32_t)(r) * (uint32_t)(W) + (uint32_t)(c))                   \
                     : (uint32_t)(r) * (uint32_t)(W) +                                          \
                           SWZ__XOR_IN_ROW(SWZ_XOR_AUTO_B(W, E, A), SWZ_XOR_AUTO_M(W, E, A),    \
                                           SWZ_XOR_AUTO_S(W, E, A), SWZ__CEIL_LOG2(W), r, c)))

/* The parameters of the automatic swizzle: E and A as everywhere (common.h), W in
 * [1, SWZ_MAX_SIDE], W*E >= A and a multiple of A.  SWZ_OK, or the code recorded in *err (may
 * be NULL) for `who`. */
SWZ_FN int swz__xor_auto_check_at(swz_error *err, const char *who, uint32_t width, uint32_t elem,
                                  uint32_t access)
{
    int e = swz__check_width_at(err, who, width, elem, access);
    if (e != SWZ_OK) return e;
    if (width * elem < access)
        return swz_error_set(err, SWZ_EWIDTH, who, "a row W*E of at least one access A", "W*E",
                             (uint64_t)width * elem);
    if ((width * elem) % access != 0u)
        return swz_error_set(err, SWZ_EALIGN, who, "a row W*E that is a whole number of accesses A",
                             "W*E", (uint64_t)width * elem);
    return SWZ_OK;
}

/* Run-time form.  Fills *p and returns SWZ_OK, or returns SWZ_EELEM / SWZ_EACCESS /
 * SWZ_ERANGE (width 0 or > SWZ_MAX_SIDE) / SWZ_EWIDTH (width * elem < access) / SWZ_EALIGN
 * (width * elem not a multiple of access) and leaves *p untouched.  Every row of whole
 * accesses has one (section 2): v, the exponent of the power-of-two part of W*E/A, bounds the
 * key, and none is refused for lack of a conflict-free key. */
SWZ_FN int swz_xor_auto(uint32_t width, uint32_t elem, uint32_t access, swz_xor_params *p)
{
    int e = swz__xor_auto_check_at(NULL, "xor", width, elem, access);
    uint32_t le, la, lv, ln;
    if (e != SWZ_OK) return e;
    le = swz_log2(elem);
    la = swz_log2(access);
    lv = swz_log2(swz_pow2_part(width)) + le - la; /* v: 2^v = the power-of-two part of W*E/A */
    ln = 7u - la;                                  /* t: log2 accesses per 128-byte line */
    p->m = la - le;
    p->b = lv < ln ? lv : ln;
    p->s = swz__ceil_log2(width) + (ln - p->b) - p->m;
    return SWZ_OK;
}

/* Element offset of (row, col) in a tile of `width` elements per row under the explicit swizzle
 * p (swz_layout_make_xor's, swz_xor_auto's), the formula for any row and col (no tile bounds:
 * the caller keeps col < width and row*width + col < 2^32):
 *   width a power of two (or 0):  swz_xor(p, row*width + col), for any p;
 *   any other width:  row*width + the low L bits of swz_xor(p, row*2^L + col), L =
 *                     ceil(log2 width): the swizzle of the coordinate packed into a row of 2^L
 *                     elements, kept in row `row`.
 * Every row maps onto itself, one to one, when p.m + p.b <= log2 SWZ_POW2_PART(width) (log2
 * width for a power of two).  An invalid p stops the program (swz_xor). */
SWZ_FN uint32_t swz_xor_2d(swz_xor_params p, uint32_t width, uint32_t row, uint32_t col)
{
    uint32_t lw;
    if ((width & (width - 1u)) == 0u) return swz_xor(p.b, p.m, p.s, row * width + col);
    lw = swz__ceil_log2(width);
    return row * width + (swz_xor(p.b, p.m, p.s, (row << lw) | col) & ((1u << lw) - 1u));
}

/* Inverse of swz_xor_2d: (row, col) of a physical element offset; SWZ_OK.  For a width that is
 * not a power of two the inverse of a p under which every row maps onto itself (above): row =
 * off / width.  Width 0 or an invalid p stops the program (common.h, contract violations). */
SWZ_FN int swz_xor_2d_inv(swz_xor_params p, uint32_t width, uint32_t off, uint32_t *row,
                          uint32_t *col)
{
    uint32_t o, lw;
    if (width == 0u) {
        swz__contract_fail("swz_xor_2d_inv", "a width W of at least 1", "W", 0u, NULL, 0u);
        return SWZ_ERANGE;
    }
    if ((width & (width - 1u)) == 0u) {
        o = swz_xor(p.b, p.m, p.s, off);
        *row = o / width;
        *col = o % width;
        return SWZ_OK;
    }
    lw = swz__ceil_log2(width);
    o = off / width;
    *col = swz_xor(p.b, p.m, p.s, (o << lw) | (off % width)) & ((1u << lw) - 1u);
    *row = o;
    return SWZ_OK;
}

/* ---- the kind xor: (W, E, A, row, col), the order of SWZ_XOR_AUTO_OFFSET -------------------
 * The automatic swizzle of (W, E, A) as a function form (swz_xor_2d of swz_xor_auto's
 * parameters).  The parameters are those swz_xor_auto accepts and col < W; a violation stops the program with the parameter and its
 * limit (common.h, contract violations).  The row is not bounded (every row maps onto itself:
 * any height): the caller keeps row*W + col < 2^32.  The checked, non-fatal form is
 * swz_layout_offset / swz_layout_coord. */
SWZ_FN uint32_t swz_xor_offset(uint32_t width, uint32_t elem, uint32_t access, uint32_t row,
                               uint32_t col)
{
    swz_error e = SWZ__ERROR_NONE;
    swz_xor_params p = {0u, 0u, 0u};
    if (!swz__contract_params("swz_xor_offset", swz__xor_auto_check_at(&e, "xor", width, elem, access), &e) ||
        !swz__contract_col("swz_xor_offset", col, width))
        return SWZ_BAD_OFFSET;
    swz_xor_auto(width, elem, access, &p);
    return swz_xor_2d(p, width, row, col);
}
/* Inverse of swz_xor_offset: SWZ_OK with the (row, col) stored at element offset off. */
SWZ_FN int swz_xor_coord(uint32_t width, uint32_t elem, uint32_t access, uint32_t off,
                         uint32_t *row, uint32_t *col)
{
    swz_error e = SWZ__ERROR_NONE;
    swz_xor_params p = {0u, 0u, 0u};
    if (!swz__contract_params("swz_xor_coord", swz__xor_auto_check_at(&e, "xor", width, elem, access), &e))
        return SWZ_ERANGE;
    swz_xor_auto(width, elem, access, &p);
    return swz_xor_2d_inv(p, width, off, row, col);
}

/* Triton (vec, perPhase, maxPhase) on rows of `width` elements -> (B, M, S) for swz_xor_2d.
 * SWZ_EPOW2 if vec, perPhase or maxPhase is not a power of two, SWZ_ERANGE if the result is not
 * a valid swizzle of one row (width 0, vec * maxPhase above the largest power of two dividing
 * width, or S < B). */
SWZ_FN int swz_xor_from_triton(uint32_t vec, uint32_t per_phase, uint32_t max_phase,
                               uint32_t width, swz_xor_params *p)
{
    uint32_t m, b, ms;
    if (!swz_is_pow2(vec) || !swz_is_pow2(per_phase) || !swz_is_pow2(max_phase))
        return SWZ_EPOW2;
    if (width == 0u || vec * max_phase > swz_pow2_part(width)) return SWZ_ERANGE;
    m = swz_log2(vec);
    b = swz_log2(max_phase);
    ms = swz__ceil_log2(width) + swz_log2(per_phase);
    if (ms < m || ms - m < b || ms + b > 31u) return SWZ_ERANGE;
    p->m = m;
    p->b = b;
    p->s = ms - m;
    return SWZ_OK;
}

/* (B, M, S) of swz_xor_2d on rows of `width` elements -> Triton (vec, perPhase, maxPhase).
 * SWZ_ERANGE when the key bits start inside the row (M + S < ceil(log2 width): not expressible
 * in Triton's terms), when the scrambled bits reach past the largest power of two dividing
 * width (M + B > log2 SWZ_POW2_PART(width)) or for width 0. */
SWZ_FN int swz_xor_to_triton(swz_xor_params p, uint32_t width, uint32_t *vec,
                             uint32_t *per_phase, uint32_t *max_phase)
{
    uint32_t lw;
    if (width == 0u) return SWZ_ERANGE;
    lw = swz__ceil_log2(width);
    if (p.m + p.s < lw || p.m + p.b > swz_log2(swz_pow2_part(width))) return SWZ_ERANGE;
    *vec = 1u << p.m;
    *max_phase = 1u << p.b;
    *per_phase = 1u << (p.m + p.s - lw);
    return SWZ_OK;
}

/* ---- 3. Hopper TMA / wgmma swizzle modes ----------------------------------------------- */

#define SWZ_TMA_32B 32u
#define SWZ_TMA_64B 64u
#define SWZ_TMA_128B 128u

#define SWZ__VALID_TMA(S) ((S) == 32 || (S) == 64 || (S) == 128)

/* The one definition of the Hopper swizzle: mode S (32, 64, 128 bytes) is CuTe's Swizzle<B, M, S'>
 * on byte addresses with
 *     B  = log2(S/16)   the 16-byte units of one S-byte span are scrambled (2, 4, 8 of them)
 *     M  = 4            a 16-byte unit stays whole
 *     S' = 3            the key is the 128-byte line index (bits M + S' = 7 and up)
 * SWZ_TMA_XOR_B(S) (0 for a bad mode, so that the macro forms' own check is the only error),
 * SWZ_TMA_XOR_M and SWZ_TMA_XOR_S as constant expressions; swz_tma_xor(S, &p) the same numbers
 * at run time.  swz_tma_swizzle, SWZ_TMA_SWIZZLE, swz_tma_offset, SWZ_TMA_OFFSET, linear.h's
 * swz_linear_from_tma and layout.h's tma kinds all go through these numbers. */
#define SWZ_TMA_XOR_B(S) (SWZ__VALID_TMA(S) ? SWZ_LOG2((S) / 16u) : 0)
#define SWZ_TMA_XOR_M 4
#define SWZ_TMA_XOR_S 3
SWZ_FN int swz_tma_xor(uint32_t mode, swz_xor_params *p)
{
    if (!(mode == 32u || mode == 64u || mode == 128u)) return SWZ_EKIND;
    p->b = swz_log2(mode / 16u);
    p->m = SWZ_TMA_XOR_M;
    p->s = SWZ_TMA_XOR_S;
    return SWZ_OK;
}

/* Required alignment of a buffer indexed with offsets under mode S: the swizzle's period
 * 2^(B+M+S') = 8*S bytes; 0 for an invalid mode. */
SWZ_FN uint32_t swz_tma_align(uint32_t mode)
{
    return (mode == 32u || mode == 64u || mode == 128u) ? 8u * mode : 0u;
}
#define SWZ_TMA_ALIGN(S) (8u * (S) + (unsigned)SWZ__CT_CHECK(SWZ__VALID_TMA(S), swz_error_tma_mode_must_be_32_64_or_128))

/* The hardware's map of an absolute shared byte address: swz_xor with the numbers of mode S.
 * A mode other than 32, 64, 128 stops the program (common.h, contract violations). */
SWZ_FN uint32_t swz_tma_swizzle(uint32_t mode, uint32_t addr)
{
    swz_xor_params p = {0u, 0u, 0u};
    if (swz_tma_xor(mode, &p) != SWZ_OK) {
        swz__contract_fail("swz_tma_swizzle", "a swizzle mode S of 32, 64 or 128 bytes", "S", mode, NULL, 0u);
        return SWZ_BAD_OFFSET;
    }
    return swz_xor(p.b, p.m, p.s, addr);
}
#define SWZ_TMA_SWIZZLE(S, a)                                                                   \
    ((unsigned)SWZ__CT_CHECK(SWZ__VALID_TMA(S), swz_error_tma_mode_must_be_32_64_or_128) +     \
     SWZ_XOR(SWZ_TMA_XOR_B(S), SWZ_TMA_XOR_M, SWZ_TMA_XOR_S, (a)))

/* 1 when p is aligned for mode S (8*S bytes), 0 otherwise (and for a bad mode).  In device
 * code a shared-memory pointer is checked through its shared-window address. */
SWZ_FN int swz_tma_is_aligned(const void *p, uint32_t mode)
{
    uint32_t al = swz_tma_align(mode);
    uint64_t a;
#if defined(__CUDA_ARCH__)
    a = __isShared(p) ? (uint64_t)__cvta_generic_to_shared(p) : (uint64_t)(uintptr_t)p;
#else
    a = (uint64_t)(uintptr_t)p;
#endif
    return al != 0u && (a & (uint64_t)(al - 1u)) == 0u;
}

/* The rows a TMA layout of mode S holds (the TMA inner-box rule): S a mode, E in
 * {1, 2, 4, 8, 16}, W*E a positive multiple of 16 bytes and at most S.  SWZ_OK, or SWZ_EKIND
 * (mode), SWZ_EELEM or SWZ_ERANGE (the row) recorded in *err (may be NULL) for "tma<S>". */
SWZ_FN int swz_tma_check_row(swz_error *err, uint32_t width, uint32_t elem, uint32_t mode)
{
    const uint64_t rb = (uint64_t)width * elem; /* 64-bit: a huge width must not wrap to a valid row */
    const char *who = mode == 32u ? "tma32" : mode == 64u ? "tma64" : mode == 128u ? "tma128" : "tma";
    if (swz_tma_align(mode) == 0u)
        return swz_error_set(err, SWZ_EKIND, who, "a swizzle mode S of 32, 64 or 128 bytes", "S", mode);
    if (!(elem == 1u || elem == 2u || elem == 4u || elem == 8u || elem == 16u))
        return swz_error_set(err, SWZ_EELEM, who, "an element size E of 1, 2, 4, 8 or 16 bytes", "E", elem);
    if (rb == 0u || rb % 16u != 0u || rb > mode)
        return swz_error_set(err, SWZ_ERANGE, who,
                             mode == 32u   ? "a row W*E that is a multiple of 16 bytes and at most 32 bytes"
                             : mode == 64u ? "a row W*E that is a multiple of 16 bytes and at most 64 bytes"
                                           : "a row W*E that is a multiple of 16 bytes and at most 128 bytes",
                             "W*E", rb);
    return SWZ_OK;
}

/* The formula for any (row, col), no checks (what layout.h's descriptor calls after its own). */
SWZ_FN uint32_t swz__tma_offset_unchecked(uint32_t width, uint32_t elem, uint32_t mode, uint32_t row,
                                          uint32_t col)
{
    return swz_tma_swizzle(mode, (row * width + col) * elem) / elem;
}
SWZ_FN void swz__tma_coord_unchecked(uint32_t width, uint32_t elem, uint32_t mode, uint32_t off,
                                     uint32_t *row, uint32_t *col)
{
    const uint32_t o = swz_tma_swizzle(mode, off * elem) / elem; /* an involution */
    *row = o / width;
    *col = o % width;
}

/* ---- the kinds tma32 / tma64 / tma128: (W, E, S, row, col), the order of SWZ_TMA_OFFSET ------
 * Element offset of (row, col) in a tile whose rows are `width` elements of `elem` bytes,
 * stored at a base aligned to swz_tma_align(mode), laid out as TMA writes it:
 * swz_tma_swizzle(S, (row*W + col)*E) / E.  The parameters are those swz_tma_check_row accepts
 * and col < W (a column past the row would name another element); a violation stops the
 * program with the parameter and its limit (common.h, contract violations).  The row is not
 * bounded (no height parameter): the caller keeps (row*W + col)*E < 2^32.  The checked,
 * non-fatal form is swz_layout_offset / swz_layout_coord. */
SWZ_FN uint32_t swz_tma_offset(uint32_t width, uint32_t elem, uint32_t mode, uint32_t row,
                               uint32_t col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_tma_offset", swz_tma_check_row(&e, width, elem, mode), &e) ||
        !swz__contract_col("swz_tma_offset", col, width))
        return SWZ_BAD_OFFSET;
    return swz__tma_offset_unchecked(width, elem, mode, row, col);
}
/* Inverse of swz_tma_offset (the swizzle is an involution): SWZ_OK with the (row, col) stored at
 * element offset off. */
SWZ_FN int swz_tma_coord(uint32_t width, uint32_t elem, uint32_t mode, uint32_t off, uint32_t *row,
                         uint32_t *col)
{
    swz_error e = SWZ__ERROR_NONE;
    if (!swz__contract_params("swz_tma_coord", swz_tma_check_row(&e, width, elem, mode), &e))
        return SWZ_ERANGE;
    swz__tma_coord_unchecked(width, elem, mode, off, row, col);
    return SWZ_OK;
}
#define SWZ__TMA_ROW_OK(W, E, S) (SWZ__VALID_ELEM(E) && (W) * (E) % 16 == 0 && (W) * (E) <= (S))
#define SWZ_TMA_OFFSET(W, E, S, r, c)                                                           \
    ((uint32_t)SWZ__CT_CHECK_AFTER(SWZ__VALID_TMA(S), SWZ__TMA_ROW_OK(W, E, S),                 \
                                   swz_error_tma_row_must_be_a_multiple_of_16_bytes_and_at_most_the_mode) + \
     SWZ_TMA_SWIZZLE(S, ((uint32_t)(r) * (W) + (uint32_t)(c)) * (E)) /                           \
         (SWZ__TMA_ROW_OK(W, E, S) ? (E) : 1))

#endif /* SWZ_XOR_H */
