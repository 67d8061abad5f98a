/* tests/host/test_linear.c -- the XOR-linear layout kind of swz/linear.h.
 *
 * What it proves
 *   - The closure lemma (docs/layouts.md): u -> u ^ m maps the units [0, n) of a row onto
 *     themselves exactly when m < 2^v, 2^v the largest power of two dividing n -- every mask
 *     of every n up to 4096, and for every n up to 65536 (the most units a row has: W <= 65536,
 *     E <= A) every mask below 2^v and masks above it (each bit from v up, and random ones);
 *     swz_linear_check accepts exactly those masks.  The test's own closure check (the largest
 *     u ^ m over u < n, bit by bit) is checked against brute force first.
 *   - Bijection and inverse over every mask assignment of small tiles: every element size and
 *     access width, units per row Ur in 1..12 (masks below 2^v of Ur; three row bits: 2^3v mask
 *     assignments) and pads of 0..2 units, heights 1..8; the offset equals the formula of linear.h written
 *     here independently (the key built row by row from f(r) = f(r without its lowest bit) ^
 *     mask[lowest bit]), no two elements collide, swz_linear_coord and swz_layout_coord invert
 *     it and every other offset below the size is padding.
 *   - The macro form equals the function form on those tiles.
 *   - The incremental form: offset(r0 ^ r1, c0 ^ c1) = (r0 + r1)*stride + (in_row(r0, c0) ^
 *     in_row(r1, c1)) for rows without common bits, exhaustively on small layouts.
 *   - Special cases: swz_linear_from_xor equals swz_xor_2d for every (B, M, S) that has a form,
 *     and swz_linear_to_xor gives it back; swz_linear_auto equals the table's XOR kind;
 *     swz_linear_from_tma equals swz_tma_offset for every mode on rows of the mode's bytes;
 *     Triton round trips through (vec, perPhase, maxPhase).
 *   - Bad parameters are refused with the code linear.h documents.
 *
 * Run: meson test -C <build> host-linear
 */
#include <swz/layout.h>

#include "host_util.h"

static const uint32_t elems[] = {1, 2, 4, 8, 16};
static const uint32_t accesses[] = {4, 8, 16};

/* ---- the closure lemma -------------------------------------------------------------------- */

/* max(u ^ m) over 0 <= u < n (1 <= n, m < 2^18): from the top bit down, u takes the bit that
 * makes the result's bit 1 unless the bound n - 1 forbids it (while u's bits so far equal the
 * bound's). */
static uint32_t max_xor_below(uint32_t n, uint32_t m)
{
    uint32_t lim = n - 1u, u = 0, tight = 1;
    int b;
    for (b = 17; b >= 0; --b) {
        uint32_t want = ((m >> b) & 1u) ^ 1u, lb = (lim >> b) & 1u, bit = want;
        if (tight && want > lb) bit = 0u;
        if (tight && bit < lb) tight = 0;
        u |= bit << b;
    }
    return u ^ m;
}
/* u -> u ^ m keeps [0, n) inside itself (and so permutes it: XOR with m is one to one). */
static int closed(uint32_t n, uint32_t m) { return max_xor_below(n, m) < n; }

Test(linear, closure_check_against_brute_force)
{
    uint32_t n, m, u;
    for (n = 1; n <= 1024; ++n)
        for (m = 0; m < 2048; ++m) {
            uint32_t best = 0;
            for (u = 0; u < n; ++u)
                if ((u ^ m) > best) best = u ^ m;
            CHECK(max_xor_below(n, m) == best, "n=%u m=%u: %u, brute force %u", n, m, max_xor_below(n, m), best);
        }
}

/* Every n up to 4096 and every mask below 2^(ceil(log2 n) + 1) (a mask with a bit at or above
 * that moves unit 0 past n): closed exactly when m < 2^v. */
Test(linear, closure_lemma_every_mask)
{
    uint32_t n, m, closed_count = 0;
    for (n = 1; n <= 4096; ++n) {
        uint32_t top = 2u << ref_ceil_log2(n), p2 = ref_pow2_part(n);
        for (m = 0; m < top; ++m) {
            int c = closed(n, m);
            if (c != (m < p2)) CHECK(0, "n=%u mask %u: closed %d, lemma says %d (2^v = %u)", n, m, c, m < p2, p2);
            closed_count += (uint32_t)c;
        }
    }
    cr_log_info("closure: %u closed (n, mask) pairs", closed_count);
}

/* Every n up to 65536 (a row's most units): every mask below 2^v closed, and the masks with a
 * bit at or above 2^v -- each single bit 2^b (v <= b <= ceil(log2 n)), 2^b | (2^v - 1), and 8
 * random ones below 2^(ceil(log2 n) + 1) -- not; swz_linear_check (W = n floats of 4-byte units)
 * accepts exactly the closed ones. */
Test(linear, closure_lemma_every_row_width)
{
    host_rng g = host_rng_seed(20261207u);
    uint32_t n, m, b, i;
    for (n = 1; n <= 65536; ++n) {
        uint32_t p2 = ref_pow2_part(n), lw = ref_ceil_log2(n), masks[64], nm = 0;
        swz_linear_params q = {{0}, 0};
        for (m = 0; m < p2; ++m) CHECK(closed(n, m), "n=%u mask %u below 2^v = %u is not closed", n, m, p2);
        for (b = ref_log2(p2); b <= lw; ++b) masks[nm++] = 1u << b, masks[nm++] = (1u << b) | (p2 - 1u);
        for (i = 0; i < 8; ++i) masks[nm++] = p2 + host_rng_below(&g, (2u << lw) - p2);
        for (i = 0; i < nm; ++i)
            CHECK(!closed(n, masks[i]), "n=%u mask %u (>= 2^v = %u) is closed", n, masks[i], p2);
        if (n % 7u == 0u || p2 >= 16u) { /* the check, on a sample of n (it is per mask) */
            for (m = 0; m < p2 && m < 64u; ++m) {
                q.mask[3] = m;
                CHECK(swz_linear_check(NULL, n, 4, 4, &q) == SWZ_OK, "n=%u: check refuses mask %u", n, m);
            }
            for (i = 0; i < nm; ++i) {
                q.mask[3] = masks[i];
                CHECK(swz_linear_check(NULL, n, 4, 4, &q) == SWZ_ERANGE, "n=%u: check accepts mask %u", n, masks[i]);
            }
        }
    }
}

/* ---- bijection ------------------------------------------------------------------------------ */

/* The key of row r, built from the key of r with its lowest set bit cleared. */
static uint32_t ref_key(const uint32_t mask[3], uint32_t r)
{
    uint32_t low;
    if (r == 0u) return 0u;
    low = r & (0u - r);
    return ref_key(mask, r & (r - 1u)) ^ mask[low == 1u ? 0 : low == 2u ? 1 : 2];
}

Test(linear, bijection_every_mask_small_tiles)
{
    size_t ie, ia;
    uint64_t checked = 0;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia) {
            uint32_t e = elems[ie], a = accesses[ia], vec, ur;
            if (a % e) continue;
            vec = a / e;
            for (ur = 1; ur <= 12; ++ur) {
                uint32_t w = ur * vec, h, m0, m1, m2, pad, lim = ref_pow2_part(ur);
                for (h = 1; h <= 8; ++h)
                    for (pad = 0; pad <= 2u * a; pad += a)
                        for (m0 = 0; m0 < lim; ++m0)
                            for (m1 = 0; m1 < lim; ++m1)
                                for (m2 = 0; m2 < lim; ++m2) {
                                    swz_linear_params p = {{0}, 0};
                                    uint32_t mk[3], stride = w + pad / e, size = stride * h, r, c, o;
                                    unsigned char seen[8 * 8 * 96];
                                    swz_layout l;
                                    mk[0] = p.mask[0] = m0;
                                    mk[1] = p.mask[1] = m1;
                                    mk[2] = p.mask[2] = m2;
                                    p.pad = pad;
                                    CHECK(swz_layout_make_linear(&l, w, e, a, h, &p) == SWZ_OK,
                                          "make_linear W=%u E=%u A=%u H=%u", w, e, a, h);
                                    CHECK(swz_layout_size(&l) == size, "size %u", swz_layout_size(&l));
                                    memset(seen, 0, sizeof seen);
                                    for (r = 0; r < h; ++r)
                                        for (c = 0; c < w; ++c) {
                                            uint32_t rr = 99, cc = 99;
                                            uint32_t want = r * stride + ((c / vec) ^ ref_key(mk, r)) * vec + c % vec;
                                            o = swz_linear_offset(w, e, a, &p, r, c);
                                            CHECK(o == want, "offset (%u,%u) %u want %u", r, c, o, want);
                                            CHECK(swz_layout_offset(&l, r, c) == o, "layout offset");
                                            CHECK(o < size && !seen[o], "collision at %u", o);
                                            seen[o] = 1;
                                            CHECK(swz_linear_coord(w, e, a, &p, o, &rr, &cc) == SWZ_OK && rr == r &&
                                                      cc == c, "coord of %u", o);
                                            CHECK(swz_layout_coord(&l, o, &rr, &cc) == SWZ_OK && rr == r && cc == c,
                                                  "layout coord of %u", o);
                                            ++checked;
                                        }
                                    for (o = 0; o < size; ++o) {
                                        uint32_t rr, cc;
                                        if (!seen[o])
                                            CHECK(swz_layout_coord(&l, o, &rr, &cc) == SWZ_ERANGE,
                                                  "padding %u not ERANGE", o);
                                    }
                                }
            }
        }
    cr_assert(checked > 100000u, "only %llu elements checked", (unsigned long long)checked);
}

/* The macro with constant masks of all eight row bits, on rows 0..255. */
#define MACRO_CASE(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7)                                  \
    do {                                                                                        \
        swz_linear_params p = {{m0, m1, m2, m3, m4, m5, m6, m7}, (P)};                          \
        uint32_t r, c;                                                                          \
        for (r = 0; r < 256; ++r)                                                               \
            for (c = 0; c < (W); ++c)                                                           \
                CHECK(SWZ_LINEAR_OFFSET(W, E, A, P, m0, m1, m2, m3, m4, m5, m6, m7, r, c) ==     \
                          swz_linear_offset(W, E, A, &p, r, c),                                \
                      "macro (%u,%u)", r, c);                                                   \
        ++cases;                                                                                \
    } while (0)

Test(linear, macro_equals_function)
{
    int cases = 0;
    MACRO_CASE(32, 4, 4, 0, 1, 2, 4, 8, 16, 31, 5, 3);
    MACRO_CASE(16, 4, 16, 16, 0, 0, 1, 2, 3, 0, 1, 2);
    MACRO_CASE(64, 2, 16, 0, 1, 2, 4, 7, 6, 5, 3, 1);
    MACRO_CASE(8, 8, 16, 32, 1, 3, 2, 0, 0, 1, 2, 3);
    MACRO_CASE(32, 1, 4, 4, 1, 0, 0, 0, 0, 0, 0, 1);
    MACRO_CASE(96, 2, 16, 0, 0, 1, 2, 0, 3, 0, 1, 2); /* 12 units: masks below 4 */
    MACRO_CASE(48, 4, 4, 16, 1, 2, 4, 8, 15, 3, 0, 7); /* 48 units: below 16 */
    MACRO_CASE(80, 2, 16, 0, 0, 0, 1, 1, 0, 1, 0, 1);  /* 10 units: below 2 */
    MACRO_CASE(24, 2, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0); /* 3 units: no mask */
    cr_assert_eq(cases, 9);
}

/* The incremental form (tile.h's copies use it): for rows r0, r1 with no common bit and any
 * columns c0, c1 < W, offset(r0 ^ r1, c0 ^ c1) = (r0 + r1)*stride + (in_row(r0, c0) ^
 * in_row(r1, c1)).  Every element size and access width, units per row 1..64, pads of 0..2
 * units; masks: every assignment of three (row bits 0..2) where units per row <= 4 (<= 2 in
 * the sanitized build) with every pair of rows below 8 without common bits (27), then 8 (2)
 * random assignments of all sixteen row bits (fixed seed) with 27 random disjoint row pairs
 * each; columns: every pair where W <= 16, else 256 random pairs. */
Test(linear, incremental_form_every_disjoint_pair)
{
    size_t ie, ia;
    uint64_t checked = 0;
    host_rng g = host_rng_seed(20261201u);
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia) {
            uint32_t e = elems[ie], a = accesses[ia], vec, ur;
            if (a % e) continue;
            vec = a / e;
            for (ur = 1; ur <= 64; ur *= 2) {
                uint32_t w = ur * vec, pad, k, r0, r1, c0, c1, i, n;
                for (pad = 0; pad <= 2u * a; pad += a) {
                    const uint32_t nm = ur <= (SWZ_TEST_SANITIZED ? 2u : 4u) ? ur * ur * ur : 0u;
                    for (k = 0; k < nm + (SWZ_TEST_SANITIZED ? 2u : 8u); ++k) {
                        swz_linear_params p = {{0}, 0};
                        uint32_t stride, rows[27][2], nr = 0, cols[256][2], nc = 0;
                        if (k < nm) { /* every assignment of masks to row bits 0..2 */
                            p.mask[0] = k % ur, p.mask[1] = k / ur % ur, p.mask[2] = k / (ur * ur);
                            for (r0 = 0; r0 < 8; ++r0)
                                for (r1 = 0; r1 < 8; ++r1)
                                    if ((r0 & r1) == 0u) rows[nr][0] = r0, rows[nr][1] = r1, ++nr;
                        } else {
                            for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i) p.mask[i] = host_rng_below(&g, ur);
                            for (nr = 0; nr < 27u; ++nr) {
                                r0 = host_rng_u32(&g) & 0xFFFFu;
                                rows[nr][0] = r0, rows[nr][1] = host_rng_u32(&g) & 0xFFFFu & ~r0;
                            }
                        }
                        CHECK(nr == 27u, "%u row pairs", nr);
                        if (w <= 16u)
                            for (c0 = 0; c0 < w; ++c0)
                                for (c1 = 0; c1 < w; ++c1) cols[nc][0] = c0, cols[nc][1] = c1, ++nc;
                        else
                            for (; nc < 256u; ++nc) cols[nc][0] = host_rng_below(&g, w), cols[nc][1] = host_rng_below(&g, w);
                        p.pad = pad;
                        CHECK(swz_linear_check(NULL, w, e, a, &p) == SWZ_OK, "W=%u E=%u A=%u", w, e, a);
                        stride = swz_linear_stride(w, e, &p);
                        for (i = 0; i < nr; ++i)
                            for (n = 0; n < nc; ++n) {
                                uint32_t full, inc;
                                r0 = rows[i][0], r1 = rows[i][1], c0 = cols[n][0], c1 = cols[n][1];
                                full = swz_linear_offset(w, e, a, &p, r0 ^ r1, c0 ^ c1);
                                inc = (r0 + r1) * stride +
                                      (swz_linear_in_row(e, a, &p, r0, c0) ^ swz_linear_in_row(e, a, &p, r1, c1));
                                if (full != inc)
                                    CHECK(0, "W=%u E=%u A=%u pad %u rows %u^%u cols %u^%u: %u != %u", w, e, a,
                                          pad, r0, r1, c0, c1, full, inc);
                                ++checked;
                            }
                    }
                }
            }
        }
    cr_log_info("incremental form: %llu offsets", (unsigned long long)checked);
    cr_assert(checked > (SWZ_TEST_SANITIZED ? 100000u : 1000000u), "only %llu offsets checked", (unsigned long long)checked);
}

/* The macro form of the in-row part equals the function form (all eight row bits). */
Test(linear, in_row_macro_equals_function)
{
    const swz_linear_params p = {{1, 2, 4, 8, 16, 31, 5, 3}, 0};
    uint32_t r, c;
    for (r = 0; r < 256; ++r)
        for (c = 0; c < 32; ++c)
            CHECK(SWZ_LINEAR_IN_ROW(32, 4, 4, 0, 1, 2, 4, 8, 16, 31, 5, 3, r, c) == swz_linear_in_row(4, 4, &p, r, c) &&
                      swz_linear_in_row(4, 4, &p, r, c) == swz_linear_offset(32, 4, 4, &p, r, c) - r * 32u,
                  "in_row (%u, %u)", r, c);
}

/* CuTe's Swizzle (swz_xor_2d's map, for widths that are not powers of two too): every (B, M, S)
 * on W-wide rows that has a linear form equals swz_xor_2d -- the key above the row
 * (M + S >= ceil(log2 W)), the scrambled bits inside its aligned blocks (M + B <= log2 of W's
 * power-of-two part), whole units (2^M >= vec). */
Test(linear, from_xor_equals_swz_xor)
{
    static const uint32_t ws[] = {1, 2, 4, 8, 16, 32, 64, 128, 3, 6, 12, 24, 48, 96, 80, 40};
    uint32_t iw, b, m, s, forms = 0;
    size_t ie, ia;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia) {
            uint32_t e = elems[ie], a = accesses[ia];
            if (a % e) continue;
            for (iw = 0; iw < sizeof ws / sizeof ws[0]; ++iw)
                for (b = 0; b <= 4; ++b)
                    for (m = 0; m <= 6; ++m)
                        for (s = b; s <= 9; ++s) {
                            uint32_t w = ws[iw], r, c, lw = ref_ceil_log2(w), lp = ref_log2(ref_pow2_part(w));
                            swz_xor_params x = {b, m, s}, back;
                            swz_linear_params p;
                            int has = swz_xor_is_valid(b, m, s) && w * e >= a && w * e % a == 0 && m + s >= lw &&
                                      m + b <= lp && (1u << m) >= a / e && m + s - lw + b <= 16u;
                            int got = swz_linear_from_xor(x, w, e, a, &p);
                            CHECK((got == SWZ_OK) == has, "from_xor B=%u M=%u S=%u W=%u: %d", b, m, s, w, got);
                            if (got != SWZ_OK) continue;
                            ++forms;
                            for (r = 0; r < 64; ++r)
                                for (c = 0; c < w; ++c)
                                    CHECK(swz_linear_offset(w, e, a, &p, r, c) == swz_xor_2d(x, w, r, c),
                                          "B=%u M=%u S=%u W=%u (%u,%u)", b, m, s, w, r, c);
                            /* back to (B, M, S): the same map (B = 0 forms are all the identity) */
                            CHECK(swz_linear_to_xor(&p, w, e, a, &back) == SWZ_OK, "to_xor");
                            for (r = 0; r < 64; ++r)
                                for (c = 0; c < w; ++c)
                                    CHECK(swz_xor_2d(back, w, r, c) == swz_xor_2d(x, w, r, c), "round trip");
                        }
        }
    cr_assert(forms > 500u, "%u forms", forms);
}

Test(linear, to_xor_refuses_what_has_no_form)
{
    swz_linear_params p = {{0}, 0};
    swz_xor_params x;
    p.mask[0] = 3u; /* two target bits from one row bit */
    cr_assert_eq(swz_linear_to_xor(&p, 64, 4, 16, &x), SWZ_ERANGE);
    p.mask[0] = 1u;
    p.mask[1] = 1u; /* two row bits onto one target bit */
    cr_assert_eq(swz_linear_to_xor(&p, 64, 4, 16, &x), SWZ_ERANGE);
    p.mask[1] = 0u;
    p.pad = 16u;
    cr_assert_eq(swz_linear_to_xor(&p, 64, 4, 16, &x), SWZ_ERANGE);
}

/* swz_linear_auto's masks give the XOR kind's offsets, for every width 1..600 whose rows are
 * whole units. */
Test(linear, auto_equals_xor_kind)
{
    uint32_t w;
    size_t ie, ia;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia)
            for (w = 1; w <= 600; ++w) {
                uint32_t e = elems[ie], a = accesses[ia], r, c;
                swz_layout x, l;
                if (a % e || w * e < a || w * e % a) continue;
                cr_assert_eq(swz_layout_make(&x, SWZ_LAYOUT_XOR, w, e, a, 64), SWZ_OK);
                cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_LINEAR, w, e, a, 64), SWZ_OK);
                for (r = 0; r < 64; ++r)
                    for (c = 0; c < w; ++c)
                        CHECK(swz_layout_offset(&l, r, c) == swz_layout_offset(&x, r, c), "W=%u (%u,%u)", w, r, c);
            }
}

Test(linear, from_tma_equals_tma_offset)
{
    uint32_t mode;
    size_t ie, ia;
    int cases = 0;
    for (mode = 32; mode <= 128; mode *= 2)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) {
                uint32_t e = elems[ie], a = accesses[ia], w = mode / e, r, c;
                swz_linear_params p;
                if (a % e) continue;
                cr_assert_eq(swz_linear_from_tma(mode, w, e, a, &p), SWZ_OK);
                for (r = 0; r < 64; ++r)
                    for (c = 0; c < w; ++c)
                        CHECK(swz_linear_offset(w, e, a, &p, r, c) == swz_tma_offset(w, e, mode, r, c),
                              "mode %u E=%u A=%u (%u,%u)", mode, e, a, r, c);
                cr_assert_eq(swz_linear_from_tma(mode, w / 2, e, a, &p), SWZ_ERANGE); /* rows shorter than the mode */
                ++cases;
            }
    cr_assert_eq(cases, 3 * 12);
}

Test(linear, triton_round_trip)
{
    uint32_t vec, pp, mp, got_v = 0, got_p = 0, got_m = 0, r, c;
    for (vec = 2; vec <= 8; vec *= 2) /* 2-byte elements: units of 4..16 bytes */
        for (pp = 1; pp <= 4; pp *= 2)
            for (mp = 1; mp <= 8; mp *= 2) {
                swz_linear_params p;
                swz_xor_params x;
                if (vec * mp > 64) continue;
                cr_assert_eq(swz_linear_from_triton(vec, pp, mp, 64, 2, 2 * vec, &p), SWZ_OK, "vec %u", vec);
                cr_assert_eq(swz_xor_from_triton(vec, pp, mp, 64, &x), SWZ_OK);
                for (r = 0; r < 64; ++r)
                    for (c = 0; c < 64; ++c)
                        CHECK(swz_linear_offset(64, 2, 2 * vec, &p, r, c) == swz_xor_2d(x, 64, r, c), "triton");
                cr_assert_eq(swz_linear_to_triton(&p, 64, 2, 2 * vec, &got_v, &got_p, &got_m), SWZ_OK);
                if (mp > 1) /* maxPhase 1 is the identity, whatever vec and perPhase were */
                    cr_assert(got_v == vec && got_p == pp && got_m == mp, "%u %u %u -> %u %u %u", vec, pp, mp,
                              got_v, got_p, got_m);
            }
}

Test(linear, bad_parameters)
{
    swz_linear_params p = {{0}, 0};
    swz_layout l;
    cr_assert_eq(swz_linear_check(NULL, 48, 4, 4, &p), SWZ_OK); /* 48 units per row: any count */
    cr_assert_eq(swz_linear_check(NULL, 6, 4, 16, &p), SWZ_EALIGN); /* 24-byte rows of 16-byte units */
    cr_assert_eq(swz_linear_check(NULL, 2, 4, 16, &p), SWZ_EWIDTH);
    cr_assert_eq(swz_linear_check(NULL, 32, 3, 4, &p), SWZ_EELEM);
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 2, &p), SWZ_EACCESS);
    p.mask[5] = 8u; /* 32 floats in 16-byte units: 8 units */
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_ERANGE);
    cr_assert_eq(swz_layout_make_linear(&l, 32, 4, 16, 32, &p), SWZ_ERANGE);
    cr_assert_str_eq(l.error.param, "mask");
    p.mask[5] = 3u; /* 48 floats in 16-byte units: 12 = 4 * 3, masks below 4 */
    cr_assert_eq(swz_linear_check(NULL, 48, 4, 16, &p), SWZ_OK);
    p.mask[5] = 4u;
    cr_assert_eq(swz_layout_make_linear(&l, 48, 4, 16, 32, &p), SWZ_ERANGE);
    cr_assert_str_eq(l.error.param, "mask");
    p.mask[5] = 7u;
    p.pad = 8u; /* half a unit */
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_ERANGE);
    p.pad = 32u;
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_OK);
}
