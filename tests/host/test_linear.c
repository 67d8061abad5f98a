/* tests/host/test_linear.c -- the XOR-linear layout kind of swz/linear.h.
 *
 * What it proves
 *   - Bijection and inverse over every mask assignment of small tiles: every element size and
 *     access width, units per row Ur in {1, 2, 4, 8}, heights 1..8 (three row bits: Ur^3 mask
 *     assignments) and pads of 0..2 units; the offset equals the formula of linear.h written
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
            for (ur = 1; ur <= 8; ur *= 2) {
                uint32_t w = ur * vec, h, m0, m1, m2, pad;
                for (h = 1; h <= 8; ++h)
                    for (pad = 0; pad <= 2u * a; pad += a)
                        for (m0 = 0; m0 < ur; ++m0)
                            for (m1 = 0; m1 < ur; ++m1)
                                for (m2 = 0; m2 < ur; ++m2) {
                                    swz_linear_params p = {{0}, 0};
                                    uint32_t mk[3], stride = w + pad / e, size = stride * h, r, c, o;
                                    unsigned char seen[8 * 8 * 64];
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
    cr_assert_eq(cases, 5);
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

/* CuTe's Swizzle: every (B, M, S) on W-wide rows that has a linear form equals swz_xor_2d. */
Test(linear, from_xor_equals_swz_xor)
{
    uint32_t lw, b, m, s, forms = 0;
    size_t ie, ia;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia) {
            uint32_t e = elems[ie], a = accesses[ia];
            if (a % e) continue;
            for (lw = 0; lw <= 7; ++lw)
                for (b = 0; b <= 4; ++b)
                    for (m = 0; m <= 6; ++m)
                        for (s = b; s <= 9; ++s) {
                            uint32_t w = 1u << lw, r, c;
                            swz_xor_params x = {b, m, s}, back;
                            swz_linear_params p;
                            int has = swz_xor_is_valid(b, m, s) && w * e >= a && m + s >= lw &&
                                      m + b <= lw && (1u << m) >= a / e && m + s - lw + b <= 16u;
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

Test(linear, auto_equals_xor_kind)
{
    uint32_t lw;
    size_t ie, ia;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia)
            for (lw = 0; lw <= 8; ++lw) {
                uint32_t e = elems[ie], a = accesses[ia], w = 1u << lw, r, c;
                swz_layout x, l;
                if (a % e || w * e < a) continue;
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
    cr_assert_eq(swz_linear_check(NULL, 48, 4, 4, &p), SWZ_EPOW2); /* 12 units per row */
    cr_assert_eq(swz_linear_check(NULL, 2, 4, 16, &p), SWZ_EWIDTH);
    cr_assert_eq(swz_linear_check(NULL, 32, 3, 4, &p), SWZ_EELEM);
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 2, &p), SWZ_EACCESS);
    p.mask[5] = 8u; /* 32 floats in 16-byte units: 8 units */
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_ERANGE);
    cr_assert_eq(swz_layout_make_linear(&l, 32, 4, 16, 32, &p), SWZ_ERANGE);
    cr_assert_str_eq(l.error.param, "mask");
    p.mask[5] = 7u;
    p.pad = 8u; /* half a unit */
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_ERANGE);
    p.pad = 32u;
    cr_assert_eq(swz_linear_check(NULL, 32, 4, 16, &p), SWZ_OK);
}
