/* tests/host/test_primitives.c -- the raw primitives under layout.h.
 *
 * What it proves
 *   xor.h   swz_xor equals CuTe's Swizzle<B,M,S> written bit by bit and is an involution for
 *           every valid (B, M, S); swz_xor_is_valid states exactly the documented rule; the
 *           automatic (B, M, S) follows the documented formula for every (W, E, A) and its
 *           error codes follow the documented rules; Triton's (vec, perPhase, maxPhase) and
 *           CuTe's (B, M, S) convert both ways and swz_xor_from_triton reproduces Triton's
 *           phys_col formula computed independently; the TMA swizzle equals xor.h's
 *           formula bit by bit, is an involution, repeats every 8*S bytes, and offset-relative
 *           indexing is right exactly on 8*S-aligned bases.
 *   morton.h  encode/decode equal a bit-by-bit interleave (exhaustive over one 16-bit
 *           coordinate, fixed-seed random 32-bit), the doc's 4x4 picture, and swz_morton_block
 *           is a bijection onto the grid for many grids (non powers of two included) and
 *           visits whole supertiles in Z order.
 *   pad.h   the stride formula for every width 0..2048 and all (E, A), and its promises
 *           (odd number of accesses per row, alignment kept, pad below two accesses).
 *   common.h  log2 / power-of-two functions (and the power-of-two part, ceil(log2)) in function
 *           and macro forms; error strings.
 *   Macro forms (SWZ_XOR, SWZ_XOR_AUTO_*, SWZ_PAD_*, SWZ_TMA_*, SWZ_MORTON_OFFSET) equal the
 *   function forms.
 *   The API convention (common.h): the checking functions return an SWZ_E* code (and name the
 *   parameter in their record) for parameters no tile has, the formula forms compute their
 *   formula without a range check, predicates (*_is_*) return 1 or 0; that the index functions
 *   stop on a contract violation is test_contract.c's.
 *
 * Run: meson test -C <build> host-primitives
 */
#include <swz/bank.h>
#include <swz/layout.h>

#include <stdio.h>
#include <string.h>

#include "host_util.h"

static const uint32_t elems[] = {1, 2, 4, 8, 16};
static const uint32_t accesses[] = {4, 8, 16};

/* ---- common.h ------------------------------------------------------------------------ */

Test(common, log2_and_pow2)
{
    host_rng g = host_rng_seed(1);
    uint32_t x, i;
    for (x = 1; x < (1u << 20); ++x) {
        CHECK(swz_log2(x) == ref_log2(x), "swz_log2(%u) = %u", x, swz_log2(x));
        CHECK((uint32_t)SWZ_LOG2(x) == ref_log2(x), "SWZ_LOG2(%u) = %u", x, (uint32_t)SWZ_LOG2(x));
        CHECK(swz_is_pow2(x) == ref_is_pow2(x), "swz_is_pow2(%u)", x);
        CHECK((SWZ_IS_POW2(x) ? 1 : 0) == ref_is_pow2(x), "SWZ_IS_POW2(%u)", x);
    }
    for (i = 0; i < 100000; ++i) {
        x = host_rng_u32(&g) | 1u << (i % 32);
        CHECK(swz_log2(x) == ref_log2(x) && (uint32_t)SWZ_LOG2(x) == ref_log2(x), "log2(%u)", x);
        CHECK(swz_is_pow2(x) == ref_is_pow2(x), "swz_is_pow2(%u)", x);
    }
    for (x = 1; x < (1u << 20); ++x) { /* the power-of-two part and ceil(log2) of every x */
        CHECK(swz_pow2_part(x) == ref_pow2_part(x) && SWZ_POW2_PART(x) == ref_pow2_part(x), "pow2_part(%u)", x);
        CHECK(swz__ceil_log2(x) == ref_ceil_log2(x) && (uint32_t)SWZ__CEIL_LOG2(x) == ref_ceil_log2(x),
              "ceil_log2(%u) = %u", x, swz__ceil_log2(x));
    }
    cr_assert_eq(swz_pow2_part(0), 0u);
    cr_assert_eq(swz_pow2_part(0x80000000u), 0x80000000u);
    cr_assert_eq(swz__ceil_log2(0xFFFFFFFFu), 32u);
    cr_assert_eq(swz_log2(0), 0u);
    cr_assert_eq(swz_is_pow2(0), 0);
    cr_assert_eq(swz_log2(0xFFFFFFFFu), 31u);
    cr_assert_eq(swz_is_pow2(0x80000000u), 1);
}

Test(common, strerror)
{
    int c, d;
    for (c = 0; c >= -7; --c) {
        cr_assert_str_neq(swz_strerror(c), swz_strerror(99), "code %d has no message", c);
        for (d = 0; d > c; --d) cr_assert_str_neq(swz_strerror(c), swz_strerror(d));
    }
    cr_assert_str_eq(swz_strerror(-8), swz_strerror(1));
}

/* ---- xor.h: the primitive --------------------------------------------------------------- */

/* swz_xor_is_valid: "valid involution on 32-bit offsets" = S >= B and B + M + S <= 31. */
Test(xor, primitive_all_valid_params)
{
    host_rng g = host_rng_seed(2);
    uint32_t b, m, s, o, i, triples = 0;
    for (b = 0; b <= 32; ++b)
        for (m = 0; m <= 32; ++m)
            for (s = 0; s <= 32; ++s) {
                int valid = s >= b && b + m + s <= 31;
                CHECK(swz_xor_is_valid(b, m, s) == valid, "swz_xor_is_valid(%u,%u,%u)", b, m, s);
                if (!valid) continue;
                ++triples;
                for (o = 0; o < (1u << 13); ++o) {
                    uint32_t y = swz_xor(b, m, s, o);
                    CHECK(y == ref_xor_bits(b, m, s, o), "swz_xor(%u,%u,%u,%u) = %u, bitwise %u", b, m, s, o, y,
                          ref_xor_bits(b, m, s, o));
                    CHECK(swz_xor(b, m, s, y) == o, "swz_xor(%u,%u,%u) is not an involution at %u", b, m, s, o);
                }
                for (i = 0; i < 2000; ++i) {
                    uint32_t y;
                    o = host_rng_u32(&g);
                    y = swz_xor(b, m, s, o);
                    CHECK(y == ref_xor_bits(b, m, s, o), "swz_xor(%u,%u,%u,%#x)", b, m, s, o);
                    CHECK(swz_xor(b, m, s, y) == o, "swz_xor(%u,%u,%u) is not an involution at %#x", b, m, s, o);
                }
            }
    /* 0 <= b <= s, m >= 0, b + m + s <= 31: sum over (b, s) of 32 - b - s */
    {
        uint32_t want = 0;
        for (b = 0; b <= 31; ++b)
            for (s = b; b + s <= 31; ++s) want += 32 - b - s;
        cr_assert_eq(triples, want);
    }
}

#define XOR_CASES(X)                                                                                                   \
    X(0, 0, 0) X(1, 0, 1) X(3, 0, 3) X(5, 0, 5) X(4, 1, 4) X(3, 4, 3) X(3, 3, 3) X(2, 2, 5) X(4, 0, 7) X(6, 10, 12)
Test(xor, macro_equals_function)
{
    host_rng g = host_rng_seed(3);
    uint32_t o, i;
    for (i = 0; i < 200000; ++i) {
        o = i < 100000 ? i : host_rng_u32(&g);
#define X(B, M, S) CHECK(SWZ_XOR(B, M, S, o) == swz_xor(B, M, S, o), "SWZ_XOR(%d,%d,%d,%u)", B, M, S, o);
        XOR_CASES(X)
#undef X
    }
}

/* ---- xor.h: the automatic choice --------------------------------------------------------- */

/* swz_xor_auto's rules: EELEM, EACCESS, ERANGE for width 0 or > SWZ_MAX_SIDE, EWIDTH when
 * width * elem < access, EALIGN when width * elem is not a multiple of access; every other
 * width, power of two or not, has its (B, M, S): xor.h section 2's formula (v from the
 * power-of-two part of the units per row), and for a power-of-two width the formula it had
 * before other widths were accepted (B = log2 min(Ur, N), M + S = log2 max(W, 128/E)). */
Test(xor, auto_params_formula_and_errors)
{
    static const uint32_t big[] = {2047, 2048, 4096, 65535, 65536, 65537, 100000, 131072, 1u << 31, 0xFFFFFFFFu};
    uint32_t iw, w, e, a, checked = 0;
    for (iw = 0; iw < 1100 + sizeof big / sizeof big[0]; ++iw)
        for (w = iw < 1100 ? iw : big[iw - 1100], e = 0; e <= 17; ++e)
            for (a = 0; a <= 17; ++a) {
                swz_xor_params p = {77, 77, 77};
                int got = swz_xor_auto(w, e, a, &p), want;
                if (!ref_valid_elem(e))
                    want = SWZ_EELEM;
                else if (!ref_valid_access(e, a))
                    want = SWZ_EACCESS;
                else if (w == 0 || w > 65536)
                    want = SWZ_ERANGE;
                else if (w * e < a)
                    want = SWZ_EWIDTH;
                else if (w * e % a != 0)
                    want = SWZ_EALIGN;
                else
                    want = SWZ_OK;
                CHECK(got == want, "swz_xor_auto(W=%u,E=%u,A=%u) = %d, want %d", w, e, a, got, want);
                if (got != SWZ_OK) {
                    CHECK(p.b == 77 && p.m == 77 && p.s == 77, "*p touched on error (W=%u,E=%u,A=%u)", w, e, a);
                    continue;
                }
                {
                    /* M = log2 vec, B = min(v, t), M + S = ceil(log2 W) + t - B */
                    uint32_t vec = a / e, ur = w * e / a, n = 128 / a, t = ref_log2(n);
                    uint32_t v = ref_log2(ref_pow2_part(ur)), wm = ref_log2(vec), wb = v < t ? v : t,
                             wms = ref_ceil_log2(w) + t - wb;
                    CHECK(p.m == wm && p.b == wb && p.m + p.s == wms,
                          "auto(W=%u,E=%u,A=%u) = <%u,%u,%u>, want B=%u M=%u M+S=%u", w, e, a, p.b, p.m, p.s, wb, wm,
                          wms);
                    if (ref_is_pow2(w)) /* unchanged for power-of-two rows */
                        CHECK(p.b == ref_log2(ur < n ? ur : n) && p.m + p.s == ref_log2(w > 128 / e ? w : 128 / e),
                              "auto(W=%u,E=%u,A=%u) = <%u,%u,%u> differs from the power-of-two formula", w, e, a,
                              p.b, p.m, p.s);
                    CHECK(swz_xor_is_valid(p.b, p.m, p.s) == 1, "auto(W=%u,E=%u,A=%u) is not an involution", w, e, a);
                    ++checked;
                }
            }
    cr_assert_gt(checked, 100u);
}

/* The doc's examples: 32x32 floats, A = 4 gives c ^ r; A = 8 gives c ^ 2(r mod 16). */
Test(xor, auto_doc_examples)
{
    swz_xor_params p4, p8;
    uint32_t r, c;
    cr_assert_eq(swz_xor_auto(32, 4, 4, &p4), SWZ_OK);
    cr_assert_eq(swz_xor_auto(32, 4, 8, &p8), SWZ_OK);
    for (r = 0; r < 64; ++r)
        for (c = 0; c < 32; ++c) {
            cr_assert_eq(swz_xor_2d(p4, 32, r, c), r * 32 + (c ^ (r % 32)));
            cr_assert_eq(swz_xor_2d(p8, 32, r, c), r * 32 + (c ^ (2 * (r % 16))));
            cr_assert_eq(SWZ_XOR_AUTO_OFFSET(32, 4, 4, r, c), r * 32 + (c ^ (r % 32)));
        }
}

/* The doc's rows that are not a power of two: 96 halves and 48 floats of 16-byte accesses are 12
 * units, 12 = 4 * 3: key (r / 2) mod 4 on the unit c / vec; 80 halves (10 = 2 * 5): (r / 4) mod 2;
 * 48 bytes of 16-byte units (3, odd): no key.  Each is the reference of host_util.h too. */
Test(xor, auto_doc_examples_not_power_of_two)
{
    uint32_t r, c;
    for (r = 0; r < 64; ++r) {
        for (c = 0; c < 96; ++c) {
            cr_assert_eq(swz_xor_offset(96, 2, 16, r, c), r * 96 + ((c / 8) ^ ((r / 2) % 4)) * 8 + c % 8);
            cr_assert_eq(SWZ_XOR_AUTO_OFFSET(96, 2, 16, r, c), r * 96 + ((c / 8) ^ ((r / 2) % 4)) * 8 + c % 8);
            cr_assert_eq(swz_xor_offset(96, 2, 16, r, c), ref_xor_auto_offset(96, 2, 16, r, c));
        }
        for (c = 0; c < 48; ++c)
            cr_assert_eq(swz_xor_offset(48, 4, 16, r, c), r * 48 + ((c / 4) ^ ((r / 2) % 4)) * 4 + c % 4);
        for (c = 0; c < 80; ++c)
            cr_assert_eq(swz_xor_offset(80, 2, 16, r, c), r * 80 + ((c / 8) ^ ((r / 4) % 2)) * 8 + c % 8);
        for (c = 0; c < 24; ++c) cr_assert_eq(swz_xor_offset(24, 2, 16, r, c), r * 24 + c);
    }
}

#define AUTO_CASES(X)                                                                                                  \
    X(1, 4, 4)                                                                                                         \
    X(2, 2, 4) X(4, 1, 4) X(8, 4, 4) X(16, 4, 4) X(32, 4, 4) X(64, 4, 4) X(128, 4, 4) X(32, 4, 8) X(32, 4, 16)         \
        X(64, 2, 16) X(128, 2, 16) X(256, 1, 16) X(16, 8, 8) X(8, 16, 16) X(1024, 1, 4) X(1024, 16, 16) X(32, 2, 4)    \
            X(64, 1, 8) X(96, 2, 16) X(48, 4, 16) X(80, 2, 16) X(48, 4, 4) X(33, 4, 4) X(24, 4, 4) X(12, 4, 16) \
                X(40, 2, 16) X(3, 4, 4) X(6, 2, 4) X(100, 4, 8) X(192, 1, 16) X(1000, 16, 16) X(65535, 4, 4) \
                    X(24, 16, 16) X(36, 8, 8)
Test(xor, auto_macros_equal_function)
{
    uint32_t r, c;
#define X(W, E, A)                                                                                                     \
    {                                                                                                                  \
        swz_xor_params p;                                                                                              \
        cr_assert_eq(swz_xor_auto(W, E, A, &p), SWZ_OK);                                                               \
        cr_assert(p.b == (uint32_t)SWZ_XOR_AUTO_B(W, E, A) && p.m == (uint32_t)SWZ_XOR_AUTO_M(W, E, A) &&              \
                      p.s == (uint32_t)SWZ_XOR_AUTO_S(W, E, A),                                                        \
                  "SWZ_XOR_AUTO_B/M/S(%d,%d,%d) differ from swz_xor_auto", W, E, A);                                   \
        for (r = 0; r < 40; ++r)                                                                                       \
            for (c = 0; c < (W); ++c)                                                                                  \
                CHECK(SWZ_XOR_AUTO_OFFSET(W, E, A, r, c) == swz_xor_2d(p, W, r, c) &&                                  \
                          swz_xor_2d(p, W, r, c) == ref_xor_auto_offset(W, E, A, r, c),                                \
                      "SWZ_XOR_AUTO_OFFSET(%d,%d,%d,%u,%u)", W, E, A, r, c);                                           \
    }
    AUTO_CASES(X)
#undef X
}

/* swz_xor_2d_inv inverts swz_xor_2d for the automatic parameters of every width 1..512. */
Test(xor, xor_2d_inverse)
{
    uint32_t w, ie, ia, r, c, rr, cc;
    for (w = 1; w <= 512; ++w)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) {
                swz_xor_params p;
                if (swz_xor_auto(w, elems[ie], accesses[ia], &p) != SWZ_OK) continue;
                for (r = 0; r < 33; ++r)
                    for (c = 0; c < w; ++c) {
                        swz_xor_2d_inv(p, w, swz_xor_2d(p, w, r, c), &rr, &cc);
                        CHECK(rr == r && cc == c, "inverse of (%u,%u) W=%u gives (%u,%u)", r, c, w, rr, cc);
                    }
            }
}

/* ---- xor.h: Triton and CuTe --------------------------------------------------------------- */

/* Triton: phys_col = ((c/vec) ^ ((r/perPhase) % maxPhase))*vec + c%vec. */
static uint32_t triton_col(uint32_t vec, uint32_t pp, uint32_t mp, uint32_t r, uint32_t c)
{
    return ((c / vec) ^ ((r / pp) % mp)) * vec + c % vec;
}

/* Widths: the powers of two to 1024 and rows that are not (Triton's formula is a row key: it
 * keeps a row when vec * maxPhase divides the width's power-of-two part). */
static const uint32_t triton_widths[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 3, 6, 12, 24, 48, 96, 80, 40, 200, 192};
Test(xor, from_triton_reproduces_triton)
{
    uint32_t lv, lpp, lmp, iw, r, c, ok = 0;
    for (iw = 0; iw < sizeof triton_widths / sizeof triton_widths[0]; ++iw)
        for (lv = 0; lv <= 6; ++lv)
            for (lpp = 0; lpp <= 4; ++lpp)
                for (lmp = 0; lmp <= 5; ++lmp) {
                    uint32_t w = triton_widths[iw], vec = 1u << lv, pp = 1u << lpp, mp = 1u << lmp, v2, pp2, mp2;
                    swz_xor_params p = {0, 0, 0};
                    int got = swz_xor_from_triton(vec, pp, mp, w, &p);
                    if (vec * mp > ref_pow2_part(w)) {
                        CHECK(got == SWZ_ERANGE, "from_triton(%u,%u,%u,W=%u) = %d, want SWZ_ERANGE", vec, pp, mp, w,
                              got);
                        continue;
                    }
                    CHECK(got == SWZ_OK, "from_triton(%u,%u,%u,W=%u) = %d", vec, pp, mp, w, got);
                    ++ok;
                    for (r = 0; r < 2 * pp * mp + 3; ++r)
                        for (c = 0; c < w; ++c) {
                            uint32_t want = r * w + triton_col(vec, pp, mp, r, c);
                            CHECK(swz_xor_2d(p, w, r, c) == want, "triton(%u,%u,%u) W=%u (%u,%u): swz %u, Triton %u",
                                  vec, pp, mp, w, r, c, swz_xor_2d(p, w, r, c), want);
                        }
                    CHECK(swz_xor_to_triton(p, w, &v2, &pp2, &mp2) == SWZ_OK && v2 == vec && pp2 == pp && mp2 == mp,
                          "to_triton(from_triton(%u,%u,%u)) = (%u,%u,%u)", vec, pp, mp, v2, pp2, mp2);
                }
    cr_assert_gt(ok, 100u);
    {
        swz_xor_params p;
        static const uint32_t bad[] = {0, 3, 6, 12, 100};
        uint32_t i;
        for (i = 0; i < 5; ++i) {
            cr_assert_eq(swz_xor_from_triton(bad[i], 1, 1, 64, &p), SWZ_EPOW2);
            cr_assert_eq(swz_xor_from_triton(1, bad[i], 1, 64, &p), SWZ_EPOW2);
            cr_assert_eq(swz_xor_from_triton(1, 1, bad[i], 64, &p), SWZ_EPOW2);
            cr_assert_eq(swz_xor_from_triton(1, 1, 1, bad[i], &p), bad[i] == 0 ? SWZ_ERANGE : SWZ_OK);
        }
    }
}

/* (B, M, S) -> Triton -> (B, M, S) round trip on powers of two 2^0..2^20 and other widths;
 * SWZ_ERANGE exactly when the key starts inside the row (M + S < ceil(log2 W)) or the scrambled
 * bits leave the row's aligned blocks (M + B > log2 of W's power-of-two part). */
Test(xor, to_triton_round_trip)
{
    static const uint32_t odd[] = {3, 5, 6, 12, 24, 48, 96, 80, 1000, 65535};
    uint32_t b, m, s, iw, n = 0;
    for (iw = 0; iw < 21u + sizeof odd / sizeof odd[0]; ++iw)
        for (b = 0; b <= 10; ++b)
            for (s = b; s <= 24; ++s)
                for (m = 0; b + m + s <= 31; ++m) {
                    uint32_t w = iw <= 20u ? 1u << iw : odd[iw - 21u], lw = ref_ceil_log2(w),
                             lp = ref_log2(ref_pow2_part(w));
                    swz_xor_params p = {b, m, s}, q = {0, 0, 0};
                    uint32_t vec = 0, pp = 0, mp = 0;
                    int got = swz_xor_to_triton(p, w, &vec, &pp, &mp);
                    if (m + s < lw || m + b > lp) {
                        CHECK(got == SWZ_ERANGE, "to_triton(<%u,%u,%u>, W=%u) = %d, want SWZ_ERANGE", b, m, s, w, got);
                        continue;
                    }
                    CHECK(got == SWZ_OK, "to_triton(<%u,%u,%u>, W=%u) = %d", b, m, s, w, got);
                    CHECK(swz_xor_from_triton(vec, pp, mp, w, &q) == SWZ_OK && q.b == b && q.m == m && q.s == s,
                          "<%u,%u,%u> W=%u -> (%u,%u,%u) -> <%u,%u,%u>", b, m, s, w, vec, pp, mp, q.b, q.m, q.s);
                    ++n;
                }
    cr_assert_gt(n, 1000u);
    {
        swz_xor_params p = {3, 0, 3};
        uint32_t v, pp, mp;
        cr_assert_eq(swz_xor_to_triton(p, 24, &v, &pp, &mp), SWZ_ERANGE, "key inside the row: 3 < ceil(log2 24)");
        cr_assert_eq(swz_xor_to_triton(p, 0, &v, &pp, &mp), SWZ_ERANGE);
    }
}

/* The automatic swizzle is expressible in Triton's terms for every (W, E, A): W 1..1100 and
 * the powers of two to 65536. */
Test(xor, auto_is_triton_expressible)
{
    uint32_t iw, ie, ia;
    for (iw = 1; iw <= 1100u + 16u; ++iw)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) {
                uint32_t w = iw <= 1100u ? iw : 1u << (iw - 1100u);
                swz_xor_params p, q;
                uint32_t v, pp, mp;
                if (swz_xor_auto(w, elems[ie], accesses[ia], &p) != SWZ_OK) continue;
                CHECK(swz_xor_to_triton(p, w, &v, &pp, &mp) == SWZ_OK, "W=%u", w);
                CHECK(v == accesses[ia] / elems[ie], "vec must be the access in elements");
                CHECK(swz_xor_from_triton(v, pp, mp, w, &q) == SWZ_OK && q.b == p.b && q.m == p.m && q.s == p.s, "W=%u", w);
            }
}

/* ---- xor.h: TMA ------------------------------------------------------------------------- */

Test(tma, swizzle_formula_involution_period)
{
    static const uint32_t modes[] = {32, 64, 128};
    host_rng g = host_rng_seed(4);
    uint32_t im, a, i;
    for (im = 0; im < 3; ++im) {
        uint32_t S = modes[im], period = 8 * S;
        for (a = 0; a < (1u << 20); ++a) {
            uint32_t y = swz_tma_swizzle(S, a);
            CHECK(y == ref_tma_bits(S, a), "tma(%u, %u) = %u, formula %u", S, a, y, ref_tma_bits(S, a));
            CHECK(swz_tma_swizzle(S, y) == a, "tma(%u) is not an involution at %u", S, a);
            CHECK(swz_tma_swizzle(S, a + period) == y + period, "tma(%u) does not repeat every %u bytes at %u", S,
                  period, a);
            CHECK(y / period == a / period, "tma(%u) leaves its %u-byte atom at %u", S, period, a);
            CHECK(y % 16 == a % 16, "tma(%u) splits a 16-byte chunk at %u", S, a);
            CHECK((S == 32   ? SWZ_TMA_SWIZZLE(32, a)
                   : S == 64 ? SWZ_TMA_SWIZZLE(64, a)
                             : SWZ_TMA_SWIZZLE(128, a)) == y,
                  "SWZ_TMA_SWIZZLE(%u, %u)", S, a);
        }
        for (i = 0; i < 1000000; ++i) {
            a = host_rng_u32(&g);
            CHECK(swz_tma_swizzle(S, a) == ref_tma_bits(S, a), "tma(%u, %#x)", S, a);
            CHECK(swz_tma_swizzle(S, swz_tma_swizzle(S, a)) == a, "tma(%u) involution at %#x", S, a);
        }
        cr_assert_eq(swz_tma_align(S), period);
        { /* the one definition: Swizzle<log2(S/16), 4, 3> on bytes, at run time and as constants */
            swz_xor_params p = {0, 0, 0};
            const uint32_t cb = S == 32 ? SWZ_TMA_XOR_B(32) : S == 64 ? SWZ_TMA_XOR_B(64) : SWZ_TMA_XOR_B(128);
            cr_assert_eq(swz_tma_xor(S, &p), SWZ_OK);
            cr_assert(p.b == ref_log2(S / 16) && p.m == 4 && p.s == 3, "mode %u: <%u, %u, %u>", S, p.b, p.m, p.s);
            cr_assert(cb == p.b && SWZ_TMA_XOR_M == 4 && SWZ_TMA_XOR_S == 3, "mode %u: the macro numbers", S);
        }
    }
    /* hand-derived from the formula: 128B mode, line 1 XORs the 16-byte chunk index with 1 */
    cr_assert_eq(swz_tma_swizzle(128, 128), 144u);
    cr_assert_eq(swz_tma_swizzle(128, 7 * 128 + 5), 7 * 128 + (7 << 4) + 5);
    cr_assert_eq(swz_tma_swizzle(32, 128), 128u + 16u);
    cr_assert_eq(swz_tma_swizzle(32, 256), 256u);
    cr_assert_eq(swz_tma_swizzle(64, 3 * 128 + 16), 3 * 128 + (16 ^ (3 << 4)));
}

Test(tma, bad_modes)
{
    static const uint32_t bad[] = {0, 1, 16, 31, 33, 48, 96, 127, 129, 256, 1024};
    uint32_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        swz_xor_params p = {9, 9, 9};
        swz_error e;
        cr_assert_eq(swz_tma_xor(bad[i], &p), SWZ_EKIND, "mode %u", bad[i]);
        cr_assert(p.b == 9 && p.m == 9 && p.s == 9, "mode %u: output written on failure", bad[i]);
        cr_assert_eq(swz_tma_align(bad[i]), 0u, "mode %u", bad[i]);
        cr_assert_eq(swz_tma_check_row(&e, 8, 4, bad[i]), SWZ_EKIND, "mode %u", bad[i]);
        cr_assert(e.code == SWZ_EKIND && strcmp(e.param, "S") == 0 && e.value == bad[i], "mode %u: the record", bad[i]);
        cr_assert_eq(swz_tma_is_aligned((const void *)(uintptr_t)0x100000u, bad[i]), 0, "mode %u", bad[i]);
    }
    cr_assert_eq(SWZ_TMA_ALIGN(32), 256u);
    cr_assert_eq(SWZ_TMA_ALIGN(64), 512u);
    cr_assert_eq(SWZ_TMA_ALIGN(128), 1024u);
}

Test(tma, is_aligned)
{
    static const uint32_t modes[] = {32, 64, 128};
    uint32_t im, k;
    for (im = 0; im < 3; ++im)
        for (k = 0; k < 8192; ++k) {
            const char *p = (const char *)(uintptr_t)(0x10000000u + k);
            CHECK(swz_tma_is_aligned(p, modes[im]) == (k % (8 * modes[im]) == 0), "is_aligned(base+%u, %u)", k,
                  modes[im]);
        }
}

/* Offset-relative indexing (swizzle the offset, add the base) equals the hardware's map of the
 * absolute address for every base that is a multiple of 8*S, and is wrong somewhere for bases
 * that are only 128-byte aligned (the trap the doc warns about). */
Test(tma, base_alignment_trap)
{
    static const uint32_t modes[] = {32, 64, 128};
    uint32_t im, base, off;
    for (im = 0; im < 3; ++im) {
        uint32_t S = modes[im];
        for (base = 0; base < 16384; base += 128) {
            uint32_t wrong = 0;
            for (off = 0; off < 4096; off += 16)
                wrong += swz_tma_swizzle(S, base + off) != base + swz_tma_swizzle(S, off);
            if (base % (8 * S) == 0)
                CHECK(wrong == 0, "mode %u base %u: %u offsets differ", S, base, wrong);
            else
                CHECK(wrong > 0, "mode %u base %u (misaligned) gives the same map", S, base);
        }
    }
}

/* swz_tma_check_row accepts (W, E, S) iff elem in {1..16}, 0 < W*E, W*E a multiple of 16 and
 * <= mode; then swz_tma_offset is the hardware map and swz_tma_coord its inverse.  (A column
 * past the row, and the refused parameters, stop swz_tma_offset: test_contract.c.) */
#define TMA_CASES(X)                                                                                                   \
    X(32, 1, 32)                                                                                                       \
    X(32, 2, 16) X(32, 4, 8) X(32, 8, 4) X(32, 16, 2) X(64, 4, 16) X(64, 2, 24) X(128, 4, 32) X(128, 2, 64)            \
        X(128, 1, 128) X(128, 4, 24) X(128, 16, 8) X(64, 8, 6)
Test(tma, offset)
{
    static const uint32_t modes[] = {32, 64, 128};
    uint32_t im, e, w, r, c, nvalid = 0;
    for (im = 0; im < 3; ++im)
        for (e = 0; e <= 17; ++e)
            for (w = 0; w <= 140; ++w) {
                uint32_t S = modes[im];
                int valid = ref_valid_elem(e) && w * e > 0 && w * e % 16 == 0 && w * e <= S;
                CHECK((swz_tma_check_row(NULL, w, e, S) == SWZ_OK) == valid, "tma_check_row(W=%u,E=%u,S=%u)", w, e, S);
                if (!valid) continue;
                ++nvalid;
                for (r = 0; r < 70; ++r)
                    for (c = 0; c < w; ++c) {
                        uint32_t want = ref_tma_bits(S, (r * w + c) * e) / e, rr = 0, cc = 0;
                        CHECK(swz_tma_offset(w, e, S, r, c) == want, "tma_offset(W=%u,E=%u,S=%u,%u,%u) = %u, want %u", w,
                              e, S, r, c, swz_tma_offset(w, e, S, r, c), want);
                        CHECK(swz_tma_coord(w, e, S, want, &rr, &cc) == SWZ_OK && rr == r && cc == c,
                              "tma_coord(W=%u,E=%u,S=%u,%u) = (%u,%u), want (%u,%u)", w, e, S, want, rr, cc, r, c);
                    }
            }
    /* a width whose W*E wraps 32 bits is not a valid row */
    cr_assert_eq(swz_tma_check_row(NULL, (1u << 28) + 2u, 16, 32), SWZ_ERANGE);
    cr_assert_gt(nvalid, 10u);
    for (r = 0; r < 70; ++r) {
#define X(S, E, W)                                                                                                     \
    for (c = 0; c < (W); ++c)                                                                                          \
        CHECK(SWZ_TMA_OFFSET(W, E, S, r, c) == swz_tma_offset(W, E, S, r, c), "SWZ_TMA_OFFSET(%d, %d, %d, %u, %u)", W, E,  \
              S, r, c);
        TMA_CASES(X)
#undef X
    }
}

/* ---- morton.h ------------------------------------------------------------------------------ */

Test(morton, encode16_exhaustive_one_coordinate)
{
    static const uint32_t others[] = {0, 1, 0xFFFF, 0x5A5A, 0xA5A5, 0x8000, 0x1234};
    uint32_t x, i, dx, dy;
    for (i = 0; i < 7; ++i)
        for (x = 0; x < 65536; ++x) {
            uint32_t y = others[i], z1 = swz_morton_encode16(x, y), z2 = swz_morton_encode16(y, x);
            CHECK(z1 == ref_interleave16(x, y), "encode16(%u,%u) = %#x, want %#x", x, y, z1, ref_interleave16(x, y));
            CHECK(z2 == ref_interleave16(y, x), "encode16(%u,%u) = %#x", y, x, z2);
            swz_morton_decode32(z1, &dx, &dy);
            CHECK(dx == x && dy == y, "decode32(%#x) = (%u,%u), want (%u,%u)", z1, dx, dy, x, y);
            swz_morton_decode32(z2, &dx, &dy);
            CHECK(dx == y && dy == x, "decode32(%#x)", z2);
            CHECK(swz_morton_spread16(x) == ref_interleave16(x, 0), "spread16(%u)", x);
            CHECK(swz_morton_compact32(ref_interleave16(x, 0)) == x, "compact32 of spread %u", x);
            /* bits above 16 are ignored */
            CHECK(swz_morton_encode16(x | 0xABCD0000u, y | 0x12340000u) == z1, "encode16 uses high bits of %u", x);
        }
}

Test(morton, random_32bit)
{
    host_rng g = host_rng_seed(5);
    uint32_t i, x, y, dx, dy;
    for (i = 0; i < 1000000; ++i) {
        uint32_t code = host_rng_u32(&g);
        uint64_t z;
        swz_morton_decode32(code, &dx, &dy);
        ref_deinterleave(code, 16, &x, &y);
        CHECK(dx == x && dy == y, "decode32(%#x) = (%u,%u), want (%u,%u)", code, dx, dy, x, y);
        CHECK(swz_morton_encode16(dx, dy) == code, "encode16(decode32(%#x))", code);
        x = host_rng_u32(&g);
        y = host_rng_u32(&g);
        if (i < 4) {
            x = i & 1 ? 0xFFFFFFFFu : 0;
            y = i & 2 ? 0xFFFFFFFFu : 0;
        }
        z = swz_morton_encode32(x, y);
        CHECK(z == ref_interleave(x, y, 32), "encode32(%#x,%#x)", x, y);
        swz_morton_decode64(z, &dx, &dy);
        CHECK(dx == x && dy == y, "decode64(encode32(%#x,%#x)) = (%#x,%#x)", x, y, dx, dy);
    }
}

/* morton.h's picture: x = column, y = row. */
Test(morton, doc_picture)
{
    static const uint32_t pic[4][4] = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
    uint32_t x, y;
    for (y = 0; y < 4; ++y)
        for (x = 0; x < 4; ++x) cr_assert_eq(swz_morton_encode16(x, y), pic[y][x], "(x=%u, y=%u)", x, y);
}

/* Checks swz_morton_block on one grid: a bijection of [0, gx*gy) onto the grid, whole
 * supertiles first (row-major), Z order inside; past the end SWZ_ERANGE. */
static void check_block_grid(uint32_t gx, uint32_t gy, uint32_t lg, host_bitmap *bm)
{
    uint64_t n = (uint64_t)gx * gy, idx;
    uint32_t side = 1u << lg, fx = gx / side, fy = gy / side, tx, ty;
    uint64_t full = (uint64_t)fx * fy * side * side;
    host_bitmap_reset(bm, (size_t)n);
    for (idx = 0; idx < n; ++idx) {
        int rc = swz_morton_block((uint32_t)idx, gx, gy, lg, &tx, &ty);
        CHECK(rc == SWZ_OK, "block(%llu, %u x %u, lg %u) = %d", (unsigned long long)idx, gx, gy, lg, rc);
        CHECK(tx < gx && ty < gy, "block(%llu, %u x %u, lg %u) = (%u,%u) outside", (unsigned long long)idx, gx, gy, lg,
              tx, ty);
        CHECK(!host_bitmap_set(bm, (size_t)ty * gx + tx), "block: tile (%u,%u) visited twice (%u x %u, lg %u)", tx, ty,
              gx, gy, lg);
        if (idx < full) {
            uint64_t st = idx / ((uint64_t)side * side), in = idx % ((uint64_t)side * side);
            uint32_t zx, zy;
            ref_deinterleave(in, lg, &zx, &zy);
            CHECK(tx == (st % fx) * side + zx && ty == (st / fx) * side + zy,
                  "block(%llu, %u x %u, lg %u) = (%u,%u), Z order gives (%u,%u)", (unsigned long long)idx, gx, gy, lg,
                  tx, ty, (uint32_t)((st % fx) * side + zx), (uint32_t)((st / fx) * side + zy));
        } else {
            CHECK(tx >= fx * side || ty >= fy * side, "edge index %llu lands inside the whole supertiles",
                  (unsigned long long)idx);
        }
    }
    if (n < 0xFFFFFFFFu)
        CHECK(swz_morton_block((uint32_t)n, gx, gy, lg, &tx, &ty) == SWZ_ERANGE, "idx = gx*gy accepted");
}

Test(morton, block_bijection)
{
    static const uint32_t big[][3] = {{1000, 999, 3}, {4096, 3, 4},    {1, 5000, 2}, {257, 129, 7},  {64, 64, 15},
                                      {63, 65, 5},    {2048, 2048, 4}, {3, 3000, 0}, {1023, 1025, 9}};
    host_bitmap bm = {NULL, 0};
    uint32_t gx, gy, lg, i, tx, ty;
    for (gx = 1; gx <= 33; ++gx)
        for (gy = 1; gy <= 33; ++gy)
            for (lg = 0; lg <= 6; ++lg) check_block_grid(gx, gy, lg, &bm);
    for (i = 0; i < sizeof big / sizeof big[0]; ++i) check_block_grid(big[i][0], big[i][1], big[i][2], &bm);
    host_bitmap_free(&bm);
    cr_assert_eq(swz_morton_block(0, 8, 8, 16, &tx, &ty), SWZ_ERANGE, "lg > 15 accepted");
    cr_assert_eq(swz_morton_block(0, 0, 8, 1, &tx, &ty), SWZ_ERANGE, "empty grid accepted");
    cr_assert_eq(swz_morton_block(0, 8, 0, 1, &tx, &ty), SWZ_ERANGE, "empty grid accepted");
}

/* SWZ_MORTON_OFFSET equals the function form. */
#define MORTON_CASES(X)                                                                                                \
    X(32, 32, 4, 4) X(64, 16, 2, 16) X(16, 64, 4, 8) X(8, 8, 16, 16) X(128, 4, 1, 4) X(4, 128, 4, 16)
Test(morton, macro_equals_function)
{
    uint32_t r, c;
#define X(W, H, E, A)                                                                                                  \
    for (r = 0; r < (H); ++r)                                                                                          \
        for (c = 0; c < (W); ++c)                                                                                      \
            CHECK(SWZ_MORTON_OFFSET(W, E, A, H, r, c) == swz_morton_offset(W, E, A, H, r, c) &&                        \
                      SWZ_MORTON_OFFSET(W, E, A, H, r, c) ==                                                           \
                          swz_morton_offset_log2(ref_log2((W) * (E) / (A)), ref_log2(H), (A) / (E), r, c),             \
                  "SWZ_MORTON_OFFSET(%d, %d, %d, %d, %u, %u)", W, E, A, H, r, c);
    MORTON_CASES(X)
#undef X
}

/* ---- pad.h ------------------------------------------------------------------------------- */

#define PAD_CASES(X)                                                                                                   \
    X(1, 4, 4) X(32, 4, 4) X(32, 4, 16) X(64, 2, 16) X(33, 4, 4) X(100, 2, 8) X(7, 16, 16) X(1000, 1, 4) X(48, 8, 8)
Test(pad, stride_formula_every_width)
{
    uint32_t w, e, a, n = 0;
    for (w = 0; w <= 2048; ++w)
        for (e = 0; e <= 17; ++e)
            for (a = 0; a <= 17; ++a) {
                uint32_t st = swz_pad_stride(w, e, a), units;
                if (!ref_valid_access(e, a) || w == 0) {
                    CHECK(st == 0, "pad_stride(%u,%u,%u) = %u, want 0", w, e, a, st);
                    continue;
                }
                units = (w * e + a - 1) / a;
                if (units % 2 == 0) ++units;
                CHECK(st == units * a / e, "pad_stride(%u,%u,%u) = %u, want %u", w, e, a, st, units * a / e);
                /* the documented promises */
                CHECK(st >= w && (st * e) % a == 0 && ((st * e) / a) % 2 == 1 && (st - w) * e < 2 * a,
                      "pad_stride(%u,%u,%u) = %u breaks a promise", w, e, a, st);
                {
                    uint64_t waste = 1234u;
                    CHECK(swz_pad_waste_bytes(w, e, a, 7, &waste) == SWZ_OK && waste == (uint64_t)(st - w) * e * 7,
                          "waste(%u,%u,%u)", w, e, a);
                }
                ++n;
            }
    cr_assert_gt(n, 1000u);
    cr_assert_eq(swz_pad_stride(65536, 4, 4), 65537u);
    cr_assert_eq(swz_pad_stride(65537, 4, 4), 0u);
    {
        uint64_t waste = 1234u;
        cr_assert_eq(swz_pad_waste_bytes(0, 4, 4, 7, &waste), SWZ_ERANGE, "width 0");
        cr_assert_eq(swz_pad_waste_bytes(32, 3, 4, 7, &waste), SWZ_EELEM);
        cr_assert_eq(swz_pad_waste_bytes(32, 4, 4, 0, &waste), SWZ_ERANGE, "height 0");
        cr_assert_eq(waste, 1234u, "output untouched on failure");
        cr_assert_eq(swz_pad_waste_bytes(32, 4, 4, 32, &waste), SWZ_OK);
        cr_assert_eq(waste, 32u * 4u, "float[32][33]: one float per row");
    }
    /* the doc's table */
    cr_assert_eq(swz_pad_stride(32, 4, 4), 33u);
    cr_assert_eq(swz_pad_stride(32, 4, 16), 36u);
    cr_assert_eq(swz_pad_stride(64, 2, 16), 72u);
#define X(W, E, A)                                                                                                     \
    cr_assert_eq(SWZ_PAD_STRIDE(W, E, A), swz_pad_stride(W, E, A), "SWZ_PAD_STRIDE(%d,%d,%d)", W, E, A);               \
    cr_assert_eq(SWZ_PAD_OFFSET(W, E, A, 5, 3), 5 * swz_pad_stride(W, E, A) + 3);
    PAD_CASES(X)
#undef X
}

Test(pad, coord)
{
    uint32_t st = 33, w = 32, off, r, c, r2, c2;
    for (off = 0; off < 33 * 40; ++off) {
        int in = swz_pad_coord_stride(st, w, off, &r, &c) == SWZ_OK;
        cr_assert_eq(in, off % 33 < 32);
        cr_assert(r == off / 33 && c == off % 33);
        cr_assert_eq(swz_pad_coord(32, 4, 4, off, &r2, &c2) == SWZ_OK, in, "the kind's form, float[32][33]");
        cr_assert(r2 == r && c2 == c);
        if (in) cr_assert(swz_pad_offset_stride(st, r, c) == off && swz_pad_offset(32, 4, 4, r, c) == off);
        cr_assert_eq(swz_none_coord(32, 4, 4, off, &r, &c), SWZ_OK, "none: every offset holds an element");
        cr_assert(r == off / 32 && c == off % 32 && swz_none_offset(32, 4, 4, r, c) == off);
    }
}

/* Grids of 2^32 tiles or more (counts past 32 bits) stay inside the grid, in Z order. */
Test(morton, block_huge_grid)
{
    static const uint32_t grids[][3] = {
        {65536, 65536, 1}, {65536, 65536, 15}, {1u << 20, 1u << 12, 0}, {65535, 131072, 15}};
    host_rng g = host_rng_seed(99);
    uint32_t i, k, tx, ty;
    for (k = 0; k < 4; ++k) {
        uint32_t gx = grids[k][0], gy = grids[k][1], lg = grids[k][2], side = 1u << lg;
        for (i = 0; i < 1000; ++i) {
            uint32_t idx = i == 0 ? 0u : host_rng_u32(&g);
            cr_assert_eq(swz_morton_block(idx, gx, gy, lg, &tx, &ty), SWZ_OK);
            cr_assert(tx < gx && ty < gy, "block(%u, %u x %u, lg %u) = (%u, %u): outside the grid", idx, gx, gy, lg, tx,
                      ty);
            if ((uint64_t)idx < (uint64_t)(gx / side) * (gy / side) * side * side) {
                /* whole supertiles come first, in Z order */
                uint64_t st = (uint64_t)idx / ((uint64_t)side * side), in = (uint64_t)idx % ((uint64_t)side * side);
                uint32_t zx, zy;
                ref_deinterleave(in, lg, &zx, &zy);
                cr_assert(tx == (st % (gx / side)) * side + zx && ty == (st / (gx / side)) * side + zy,
                          "block(%u, %u x %u, lg %u) = (%u, %u), not the Z order", idx, gx, gy, lg, tx, ty);
            }
        }
    }
}

/* ---- the checking and the index forms (common.h's convention) ---------------------------- */

/* The checking functions refuse parameters no tile has with an SWZ_E* code (and leave their
 * outputs alone); the index functions stop instead (test_contract.c). */
Test(convention, checking_forms_refuse)
{
    swz_xor_params p = {7, 7, 7};
    swz_linear_params lin;
    swz_error e;
    memset(&lin, 0, sizeof lin);
    cr_assert_eq(swz_xor_is_valid(32, 0, 0), 0, "b = 32");
    cr_assert_eq(swz_xor_is_valid(4, 0, 2), 0, "s < b");
    cr_assert_eq(swz_xor_is_valid(3, 20, 9), 0, "b + m + s = 32");
    cr_assert_eq(swz_xor_auto(6, 4, 16, &p), SWZ_EALIGN, "24-byte rows of 16-byte accesses");
    cr_assert(p.b == 7 && p.m == 7 && p.s == 7, "output untouched on failure");
    cr_assert_eq(swz_tma_check_row(&e, 20, 1, 32), SWZ_ERANGE, "20-byte rows");
    cr_assert(strcmp(e.who, "tma32") == 0 && strcmp(e.param, "W*E") == 0 && e.value == 20u);
    lin.mask[0] = 8;
    cr_assert_eq(swz_linear_check(&e, 32, 4, 16, &lin), SWZ_ERANGE, "a mask of 8 on 8 units");
    cr_assert(strcmp(e.who, "linear") == 0 && strcmp(e.param, "mask") == 0 && e.value == 8u);
    cr_assert_eq(swz_linear_check(NULL, 6, 4, 16, &lin), SWZ_EALIGN, "the record is optional");
    lin.mask[0] = 4;
    cr_assert_eq(swz_linear_check(&e, 48, 4, 16, &lin), SWZ_ERANGE, "a mask of 4 on 12 = 4 * 3 units");
    cr_assert(strcmp(e.param, "mask") == 0 && e.value == 4u);
    lin.mask[0] = 3;
    cr_assert_eq(swz_linear_check(&e, 48, 4, 16, &lin), SWZ_OK, "a mask of 3 on 12 units");
}

/* The formula forms compute their formula for any (row, col): they know no tile (the kind's form
 * swz_<kind>_offset checks the column, swz_layout_offset both coordinates, without stopping). */
Test(convention, formula_forms_do_not_range_check)
{
    swz_xor_params p = {5, 0, 5};
    swz_layout l;
    cr_assert_eq(swz_pad_offset_stride(33, 40, 50), 40u * 33u + 50u, "row 40, col 50 of a 32-wide tile: the formula");
    cr_assert_eq(swz_xor_2d(p, 32, 40, 3), ref_xor_bits(5, 0, 5, 40u * 32u + 3u), "row 40 of a 32-tall tile");
    cr_assert_eq(swz_xor_offset(32, 4, 4, 40, 3), ref_xor_bits(5, 0, 5, 40u * 32u + 3u), "xor: any height");
    cr_assert_eq(swz_morton_offset_log2(5, 5, 1, 40, 3), swz_morton_offset_log2(5, 5, 1, 40 % 32, 3) + 32u * 32u,
                 "morton past its 32 rows: the next 32x32 square");
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_layout_offset(&l, 40, 3), SWZ_BAD_OFFSET, "the checked form refuses it");
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_PAD, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_layout_offset(&l, 0, 32), SWZ_BAD_OFFSET);
}

/* Predicates are named *_is_* and return exactly 1 or 0. */
Test(convention, predicates_return_1_or_0)
{
    uint32_t x, b, m, s, addr[32] = {0};
    for (x = 0; x < 70000; ++x) cr_assert(swz_is_pow2(x) == 0 || swz_is_pow2(x) == 1);
    for (b = 0; b < 34; ++b)
        for (m = 0; m < 34; ++m)
            for (s = 0; s < 34; ++s) CHECK(swz_xor_is_valid(b, m, s) == 0 || swz_xor_is_valid(b, m, s) == 1, "is_valid");
    cr_assert_eq(swz_bank_is_paired(addr, 0xFFFFFFFFu, SWZ_ACCESS_8), 1, "a broadcast pairs");
    cr_assert_eq(swz_bank_is_paired(addr, 0xFFFFFFFFu, SWZ_ACCESS_4), 0, "4-byte never pairs");
    cr_assert_eq(swz_tma_is_aligned((const void *)(uintptr_t)1024u, 128u), 1);
    cr_assert_eq(swz_tma_is_aligned((const void *)(uintptr_t)512u, 128u), 0);
}
