/* tests/host/test_layout.c -- exhaustive bijection of every layout kind of swz/layout.h.
 *
 * What it proves
 *   For every kind (NONE, PAD, XOR, MORTON, TMA32/64/128), every tile width and height that is
 *   a power of two in 1..1024 (all pairs), every element size 1/2/4/8/16 and every access
 *   width 4/8/16 (and for PAD, TMA and XOR every width 1..1024 with a few heights; XOR also
 *   the widths 2^k * o up to 65536, o odd up to 15, every key value it has):
 *     - swz_layout_make returns the code the header docs prescribe (derived here, independently,
 *       from the rules written in layout.h / common.h; invalid combinations included);
 *     - for a valid layout, every (row, col) maps into [0, swz_layout_size), no two collide
 *       (a bitmap), the offset equals the formula documented in pad.h / xor.h / morton.h /
 *       the Hopper swizzle formula of xor.h (re-implemented here bit by bit), swz_layout_coord inverts it, and every
 *       offset of [0, size) that holds no element is reported as SWZ_ERANGE; the kind's own
 *       function form (swz_<kind>_offset / _coord with the same parameters) gives the same
 *       offset and inverts it.
 *   A self-test feeds the checker a broken layout to show it can fail.
 *   The error record of every refused combination names a parameter and the value passed, and
 *   swz_error_format says so.  The table of kinds: every row's name, number, TMA mode (the
 *   one its name states), texts and functions agree with the run-time interface.
 *
 * The sanitized build runs the same full ranges (about 38 s of CPU under ASan+UBSan, 16 s plain;
 * Criterion runs the tests in parallel).
 *
 * Run: meson test -C <build> host-layout   (or the executable with --verbose / --filter)
 */
#include <swz/layout.h>

#include <stdio.h>
#include <string.h>

#include "host_util.h"

#define MAX_SIDE_LOG2 10u /* sides 1..1024 */
#define PAD_ALL_WIDTHS 1024u

static const uint32_t elems[] = {1, 2, 4, 8, 16};
static const uint32_t accesses[] = {4, 8, 16};
#define N_ELEMS 5
#define N_ACCESSES 3

static uint32_t ref_tma_mode(int kind)
{
    return kind == SWZ_LAYOUT_TMA32 ? 32u : kind == SWZ_LAYOUT_TMA64 ? 64u : kind == SWZ_LAYOUT_TMA128 ? 128u : 0u;
}

/* layout.h: "All kinds need E in {1,2,4,8,16}, A in {4,8,16} a multiple of E, W*E >= A, W, H in
 * [1, SWZ_MAX_SIDE] and W*H <= SWZ_MAX_ELEMS"; XOR (and LINEAR, made with the automatic XOR's
 * masks): W*E a multiple of A (xor.h); MORTON: W*E/A and H powers of two; TMA: W*E a multiple
 * of 16 and <= mode.  Codes (common.h): EKIND unknown layout, EELEM element size, EACCESS access
 * width, ERANGE a size zero or too large, EWIDTH W*E < A, EPOW2 not a power of two, EALIGN rows
 * that are not whole accesses; swz_layout_make reports the first in the order it lists them
 * (EKIND, EELEM, EACCESS, ERANGE, EWIDTH, then the kind's own) and the kind-specific rules
 * after the general ones.  A TMA row that is not a multiple of 16 bytes or wider than the mode
 * is a size out of range for that mode: ERANGE. */
static int expected_make(int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a)
{
    uint64_t rowb = (uint64_t)w * e;
    if (kind < 0 || kind > 7) return SWZ_EKIND;
    if (!ref_valid_elem(e)) return SWZ_EELEM;
    if (!ref_valid_access(e, a)) return SWZ_EACCESS;
    if (w == 0 || h == 0 || w > 65536u || h > 65536u || (uint64_t)w * h > (1ull << 26)) return SWZ_ERANGE;
    if (rowb < a) return SWZ_EWIDTH;
    switch (kind) {
    case SWZ_LAYOUT_XOR:
    case SWZ_LAYOUT_LINEAR: /* swz_layout_make: the automatic XOR's masks */
        if (rowb % a != 0) return SWZ_EALIGN;
        break;
    case SWZ_LAYOUT_MORTON:
        if (rowb % a != 0 || !ref_is_pow2(rowb / a) || !ref_is_pow2(h)) return SWZ_EPOW2;
        break;
    case SWZ_LAYOUT_TMA32:
    case SWZ_LAYOUT_TMA64:
    case SWZ_LAYOUT_TMA128:
        if (rowb % 16 != 0 || rowb > ref_tma_mode(kind)) return SWZ_ERANGE;
        break;
    default: break;
    }
    return SWZ_OK;
}

/* pad.h: units = ceil(W*E/A), made odd by adding one if even; stride = units*A/E. */
static uint32_t ref_pad_stride(uint32_t w, uint32_t e, uint32_t a)
{
    uint32_t units = (w * e) / a + ((w * e) % a != 0);
    if (units % 2 == 0) units += 1;
    return units * a / e;
}

/* The documented formula of each kind, written independently of the headers. */
static uint32_t ref_offset(int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a, uint32_t r, uint32_t c)
{
    uint32_t vec = a / e;
    switch (kind) {
    case SWZ_LAYOUT_NONE: return r * w + c;
    case SWZ_LAYOUT_PAD: return r * ref_pad_stride(w, e, a) + c;
    case SWZ_LAYOUT_XOR:
    case SWZ_LAYOUT_LINEAR: {
        /* xor.h section 2: the unit u of row r moves to u ^ key(r); Ur accesses per row,
         * N per 128-byte line.  A power-of-two W keeps the formula written before other widths
         * were accepted -- rows >= 128 B: key = r mod N, else key = (r / (N/Ur)) mod Ur -- so
         * its offsets are checked unchanged; any other W: host_util.h's reference of the
         * general text (key (r >> (t - B)) mod 2^B, B = min(v, t)). */
        uint32_t ur = w * e / a, n = 128u / a, u = c / vec;
        uint32_t key = ur >= n ? r % n : (r / (n / ur)) % ur;
        if (!ref_is_pow2(w)) return ref_xor_auto_offset(w, e, a, r, c);
        return r * w + (u ^ key) * vec + c % vec;
    }
    case SWZ_LAYOUT_MORTON: {
        /* morton.h: k = min(log2(W/vec), log2 H); z = interleave(u mod 2^k, r mod 2^k) +
         * ((u or r, the longer side) >> k) << 2k; offset = z*vec + c mod vec. */
        uint32_t wu = w / vec, u = c / vec, lwu = ref_log2(wu), lh = ref_log2(h);
        uint32_t k = lwu < lh ? lwu : lh, side = 1u << k;
        uint64_t z = ref_interleave(u % side, r % side, k);
        uint32_t hi = wu > h ? u / side : r / side;
        z += (uint64_t)hi * side * side;
        return (uint32_t)z * vec + c % vec;
    }
    default: { /* TMA: the hardware map of the byte address, base aligned to 8*mode */
        uint32_t byte = (r * w + c) * e;
        return ref_tma_bits(ref_tma_mode(kind), byte) / e;
    }
    }
}

typedef uint32_t (*offset_fn)(const swz_layout *l, uint32_t r, uint32_t c);

static uint32_t real_offset(const swz_layout *l, uint32_t r, uint32_t c) { return swz_layout_offset(l, r, c); }

/* The documented formula as an offset_fn. */
static uint32_t doc_ref(const swz_layout *l, uint32_t r, uint32_t c)
{
    return ref_offset(l->kind, l->width, l->height, l->elem, l->access, r, c);
}

/* The kind's own function form (pad.h, xor.h, morton.h, linear.h) with the layout's parameters,
 * in the order (W, E, A, [H | S | &p], row, col) of every kind, and its inverse. */
static uint32_t kind_offset(const swz_layout *l, uint32_t r, uint32_t c)
{
    const uint32_t w = l->width, e = l->elem, a = l->access, h = l->height;
    switch (l->kind) {
    case SWZ_LAYOUT_NONE: return swz_none_offset(w, e, a, r, c);
    case SWZ_LAYOUT_PAD: return swz_pad_offset(w, e, a, r, c);
    case SWZ_LAYOUT_XOR: return swz_xor_offset(w, e, a, r, c);
    case SWZ_LAYOUT_MORTON: return swz_morton_offset(w, e, a, h, r, c);
    case SWZ_LAYOUT_LINEAR: return swz_linear_offset(w, e, a, &l->p.lin, r, c);
    default: return swz_tma_offset(w, e, ref_tma_mode(l->kind), r, c);
    }
}
static int kind_coord(const swz_layout *l, uint32_t off, uint32_t *r, uint32_t *c)
{
    const uint32_t w = l->width, e = l->elem, a = l->access, h = l->height;
    switch (l->kind) {
    case SWZ_LAYOUT_NONE: return swz_none_coord(w, e, a, off, r, c);
    case SWZ_LAYOUT_PAD: return swz_pad_coord(w, e, a, off, r, c);
    case SWZ_LAYOUT_XOR: return swz_xor_coord(w, e, a, off, r, c);
    case SWZ_LAYOUT_MORTON: return swz_morton_coord(w, e, a, h, off, r, c);
    case SWZ_LAYOUT_LINEAR: return swz_linear_coord(w, e, a, &l->p.lin, off, r, c);
    default: return swz_tma_coord(w, e, ref_tma_mode(l->kind), off, r, c);
    }
}

/* Checks one valid layout: off_of is the map under test (swz_layout_offset, or a broken one in
 * the self-test), ref the expected formula (NULL: none).  Returns 0, or 1 with a message. */
static int check_layout(const swz_layout *l, offset_fn off_of, offset_fn ref, host_bitmap *bm, char *msg, size_t n)
{
    uint32_t w = l->width, h = l->height, size = swz_layout_size(l), r, c, o, rr, cc;
    uint64_t holes = 0;
#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        snprintf(msg, n, __VA_ARGS__);                                                                                 \
        return 1;                                                                                                      \
    } while (0)
    if ((uint64_t)size < (uint64_t)w * h) FAIL("size %u < %u elements", size, w * h);
    host_bitmap_reset(bm, size);
    for (r = 0; r < h; ++r) {
        for (c = 0; c < w; ++c) {
            o = off_of(l, r, c);
            if (o >= size) FAIL("(%u,%u) -> %u, outside [0,%u)", r, c, o, size);
            if (host_bitmap_set(bm, o)) FAIL("(%u,%u) -> %u, already taken by another element", r, c, o);
            if (ref) {
                uint32_t want = ref(l, r, c);
                if (o != want) FAIL("(%u,%u) -> %u, documented formula gives %u", r, c, o, want);
            }
            rr = cc = 0xDEADu;
            if (swz_layout_coord(l, o, &rr, &cc) != SWZ_OK || rr != r || cc != c)
                FAIL("coord(%u) = (%u,%u), want (%u,%u)", o, rr, cc, r, c);
        }
    }
    for (o = 0; o < size; ++o) {
        if (host_bitmap_get(bm, o)) continue;
        ++holes;
        if (swz_layout_coord(l, o, &rr, &cc) != SWZ_ERANGE) FAIL("coord(%u) of a hole is not SWZ_ERANGE", o);
    }
    if (swz_layout_coord(l, size, &rr, &cc) != SWZ_ERANGE) FAIL("coord(size=%u) is not SWZ_ERANGE", size);
    if (swz_layout_coord(l, 0xFFFFFFF0u, &rr, &cc) != SWZ_ERANGE) FAIL("coord(0xFFFFFFF0) is not SWZ_ERANGE");
    if (swz_layout_offset(l, h, 0) != SWZ_BAD_OFFSET) FAIL("offset(row=height) is not SWZ_BAD_OFFSET");
    if (swz_layout_offset(l, 0, w) != SWZ_BAD_OFFSET) FAIL("offset(col=width) is not SWZ_BAD_OFFSET");
    if (swz_layout_waste_bytes(l) != holes * l->elem)
        FAIL("waste %llu bytes, holes %llu x %u bytes", (unsigned long long)swz_layout_waste_bytes(l),
             (unsigned long long)holes, l->elem);
    return 0;
#undef FAIL
}

/* A layout that swz_layout_make built: the kind's own function forms give the same offsets and
 * invert them.  Returns 0, or 1 with a message. */
static int check_kind_forms(const swz_layout *l, char *msg, size_t n)
{
    uint32_t r, c, o, rr, cc;
    for (r = 0; r < l->height; ++r)
        for (c = 0; c < l->width; ++c) {
            o = swz_layout_offset(l, r, c);
            rr = cc = 0xDEADu;
            if (kind_offset(l, r, c) != o) {
                snprintf(msg, n, "(%u,%u): the kind's function form gives %u, not %u", r, c, kind_offset(l, r, c), o);
                return 1;
            }
            if (kind_coord(l, o, &rr, &cc) != SWZ_OK || rr != r || cc != c) {
                snprintf(msg, n, "the kind's coord(%u) = (%u,%u), want (%u,%u)", o, rr, cc, r, c);
                return 1;
            }
        }
    return 0;
}

/* Make and check (kind, w, h, e, a); returns 1 when the combination was valid. */
static int one_combo(int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a, host_bitmap *bm)
{
    swz_layout l;
    char msg[256];
    int want = expected_make(kind, w, h, e, a), got = swz_layout_make(&l, kind, w, e, a, h);
    CHECK(got == want, "make(%s, W=%u, H=%u, E=%u, A=%u) = %d, the docs give %d", swz_layout_name(kind), w, h, e, a,
          got, want);
    if (got != SWZ_OK) return 0;
    CHECK(l.kind == kind && l.width == w && l.height == h && l.elem == e && l.access == a,
          "descriptor fields do not echo the parameters");
    if (check_layout(&l, real_offset, doc_ref, bm, msg, sizeof msg) || check_kind_forms(&l, msg, sizeof msg))
        cr_assert_fail("%s W=%u H=%u E=%u A=%u: %s", swz_layout_name(kind), w, h, e, a, msg);
    return 1;
}

/* All power-of-two (W, H) pairs in 1..2^MAX_SIDE_LOG2, all E, all A. */
static void sweep_pow2(int kind)
{
    host_bitmap bm = {NULL, 0};
    uint32_t lw, lh, ie, ia, valid = 0, invalid = 0;
    for (lw = 0; lw <= MAX_SIDE_LOG2; ++lw)
        for (lh = 0; lh <= MAX_SIDE_LOG2; ++lh)
            for (ie = 0; ie < N_ELEMS; ++ie)
                for (ia = 0; ia < N_ACCESSES; ++ia) {
                    if (one_combo(kind, 1u << lw, 1u << lh, elems[ie], accesses[ia], &bm))
                        ++valid;
                    else
                        ++invalid;
                }
    host_bitmap_free(&bm);
    cr_log_info("%s: %u valid and %u invalid combinations checked", swz_layout_name(kind), valid, invalid);
    cr_assert_gt(valid, 0u, "no valid combination was checked");
}

Test(layout, bijection_none) { sweep_pow2(SWZ_LAYOUT_NONE); }
Test(layout, bijection_pad) { sweep_pow2(SWZ_LAYOUT_PAD); }
Test(layout, bijection_xor) { sweep_pow2(SWZ_LAYOUT_XOR); }
Test(layout, bijection_morton) { sweep_pow2(SWZ_LAYOUT_MORTON); }
Test(layout, bijection_tma32) { sweep_pow2(SWZ_LAYOUT_TMA32); }
Test(layout, bijection_tma64) { sweep_pow2(SWZ_LAYOUT_TMA64); }
Test(layout, bijection_tma128) { sweep_pow2(SWZ_LAYOUT_TMA128); }

/* PAD accepts any width: every W in 1..1024 with heights 1, 2, 33. */
Test(layout, bijection_pad_every_width)
{
    static const uint32_t heights[] = {1, 2, 33};
    host_bitmap bm = {NULL, 0};
    uint32_t w, ih, ie, ia, valid = 0;
    for (w = 1; w <= PAD_ALL_WIDTHS; ++w)
        for (ih = 0; ih < 3; ++ih)
            for (ie = 0; ie < N_ELEMS; ++ie)
                for (ia = 0; ia < N_ACCESSES; ++ia)
                    valid += one_combo(SWZ_LAYOUT_PAD, w, heights[ih], elems[ie], accesses[ia], &bm);
    host_bitmap_free(&bm);
    cr_assert_gt(valid, 0u);
}

/* TMA, NONE and XOR accept widths that are not powers of two (e.g. 96-byte rows): every W in
 * 1..1024 with heights 1, 8, 9, 64 (TMA: only rows that are multiples of 16 bytes and at most
 * the mode are valid; XOR: rows of whole accesses, above W = 300 only the height N = 128/A, to
 * stay cheap: rows 0..N-1 hold every key value); MORTON must reject them. */
Test(layout, every_width_tma_none_xor_morton)
{
    static const uint32_t heights[] = {1, 8, 9, 64};
    static const int kinds[] = {SWZ_LAYOUT_NONE,  SWZ_LAYOUT_XOR,   SWZ_LAYOUT_MORTON,
                                SWZ_LAYOUT_TMA32, SWZ_LAYOUT_TMA64, SWZ_LAYOUT_TMA128};
    host_bitmap bm = {NULL, 0};
    uint32_t w, ih, ie, ia, ik, valid = 0;
    for (ik = 0; ik < 6; ++ik)
        for (w = 1; w <= 1024; ++w)
            for (ih = 0; ih < 4; ++ih)
                for (ie = 0; ie < N_ELEMS; ++ie)
                    for (ia = 0; ia < N_ACCESSES; ++ia) {
                        /* keep NONE cheap: its non-power-of-two widths up to 300 only */
                        if (kinds[ik] == SWZ_LAYOUT_NONE && w > 300) continue;
                        if (kinds[ik] == SWZ_LAYOUT_XOR && w > 300) { /* one height: N */
                            if (ih == 0) valid += one_combo(SWZ_LAYOUT_XOR, w, 128u / accesses[ia], elems[ie], accesses[ia], &bm);
                            continue;
                        }
                        valid += one_combo(kinds[ik], w, heights[ih], elems[ie], accesses[ia], &bm);
                    }
    host_bitmap_free(&bm);
    cr_assert_gt(valid, 0u);
}

/* XOR on wide rows that are not powers of two: W = 2^k * o in 1025..65536 for o = 3 and 15
 * (every exponent v of the units' power-of-two part), every E and A, height N = 128/A (rows
 * 0..N-1 hold every key value): the whole check of one_combo. */
Test(layout, xor_wide_rows_every_exponent)
{
    host_bitmap bm = {NULL, 0};
    uint32_t o, k, ie, ia, valid = 0;
    for (o = 3; o <= 15; o += 12)
        for (k = 0; (o << k) <= 65536u; ++k)
            for (ie = 0; ie < N_ELEMS; ++ie)
                for (ia = 0; ia < N_ACCESSES; ++ia) {
                    uint32_t w = o << k, n = 128u / accesses[ia];
                    if (w <= 1024u) continue;
                    valid += one_combo(SWZ_LAYOUT_XOR, w, n, elems[ie], accesses[ia], &bm);
                }
    host_bitmap_free(&bm);
    cr_assert_gt(valid, 100u, "%u valid", valid);
}

/* The value of the parameter an error names, from the inputs of swz_layout_make (the names
 * layout.h's doc and common.h's swz_error use: W, H, E, A, their products, kind). */
static int named_value(const char *param, int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a, uint64_t *v)
{
    if (!strcmp(param, "W")) *v = w;
    else if (!strcmp(param, "H")) *v = h;
    else if (!strcmp(param, "E")) *v = e;
    else if (!strcmp(param, "A")) *v = a;
    else if (!strcmp(param, "W*E")) *v = (uint64_t)w * e;
    else if (!strcmp(param, "W*H")) *v = (uint64_t)w * h;
    else if (!strcmp(param, "kind")) *v = (uint32_t)kind;
    else return 0;
    return 1;
}

/* After swz_layout_make returned got: l->error holds the same code; on failure it names a
 * parameter with the value that was passed, and swz_error_format's sentence is
 * "<who> needs <need> (<param> = <value>)" with who the kind's name ("layout" for a bad kind). */
static void check_error_record(const swz_layout *l, int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a, int got)
{
    char buf[256], tail[64];
    uint64_t v = 0;
    const char *who = kind >= 0 && kind < SWZ_LAYOUT_COUNT ? swz_layout_name(kind) : "layout";
    size_t len;
    CHECK(l->error.code == got, "error.code %d, make returned %d", l->error.code, got);
    if (got == SWZ_OK) return;
    CHECK(named_value(l->error.param, kind, w, h, e, a, &v), "make(kind=%d, W=%u, H=%u, E=%u, A=%u) = %d names '%s'",
          kind, w, h, e, a, got, l->error.param);
    CHECK(l->error.value == v, "error names %s = %llu, it was %llu", l->error.param,
          (unsigned long long)l->error.value, (unsigned long long)v);
    len = swz_error_format(&l->error, buf, sizeof buf);
    snprintf(tail, sizeof tail, " (%s = %llu)", l->error.param, (unsigned long long)v);
    CHECK(len == strlen(buf) && strncmp(buf, who, strlen(who)) == 0 && strstr(buf, " needs ") &&
              strlen(buf) > strlen(tail) && strcmp(buf + strlen(buf) - strlen(tail), tail) == 0,
          "sentence '%s' (who %s, tail '%s')", buf, who, tail);
}

/* Invalid parameters of every kind: the returned code follows the documented rules, and the
 * error record names the parameter and its value. */
Test(layout, make_error_codes)
{
    static const uint32_t ws[] = {0,  1,  2,   3,   4,    5,    7,    8,     12,    16,    24,       32,         48,
                                  64, 96, 100, 128, 1000, 1024, 4096, 65535, 65536, 65537, 1u << 20, 0xFFFFFFFFu};
    static const uint32_t hs[] = {0, 1, 2, 3, 8, 48, 64, 1024, 2048, 65536, 65537};
    static const uint32_t es[] = {0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32};
    static const uint32_t as[] = {0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
    uint32_t iw, ih, ie, ia, seen[8] = {0};
    int kind;
    swz_layout l;
    for (kind = -2; kind <= 8; ++kind)
        for (iw = 0; iw < sizeof ws / sizeof ws[0]; ++iw)
            for (ih = 0; ih < sizeof hs / sizeof hs[0]; ++ih)
                for (ie = 0; ie < sizeof es / sizeof es[0]; ++ie)
                    for (ia = 0; ia < sizeof as / sizeof as[0]; ++ia) {
                        int want = expected_make(kind, ws[iw], hs[ih], es[ie], as[ia]);
                        int got = swz_layout_make(&l, kind, ws[iw], es[ie], as[ia], hs[ih]);
                        CHECK(got == want, "make(kind=%d, W=%u, H=%u, E=%u, A=%u) = %d (%s), the docs give %d (%s)",
                              kind, ws[iw], hs[ih], es[ie], as[ia], got, swz_strerror(got), want, swz_strerror(want));
                        check_error_record(&l, kind, ws[iw], hs[ih], es[ie], as[ia], got);
                        seen[-want] += 1;
                    }
    /* every code occurs, so none of the rules went untested */
    for (ie = 0; ie <= 7; ++ie) cr_expect_gt(seen[ie], 0u, "code %d never produced", -(int)ie);
}

/* The example of layout.h's doc block: XOR 32x32 floats, (3,5) -> 3*32 + (5 ^ 3). */
Test(layout, doc_example)
{
    swz_layout l;
    uint32_t r = 99, c = 99;
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_layout_offset(&l, 3, 5), 3u * 32u + (5u ^ 3u));
    cr_assert_eq(swz_layout_coord(&l, 3u * 32u + (5u ^ 3u), &r, &c), SWZ_OK);
    cr_assert(r == 3 && c == 5);
    /* the classic padded tile float[32][33]: 32 * 1 floats of padding */
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_PAD, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_layout_size(&l), 32u * 33u);
    cr_assert_eq(swz_layout_waste_bytes(&l), 32u * 4u);
}

Test(layout, names)
{
    int k, j;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        cr_assert_str_neq(swz_layout_name(k), "?");
        for (j = 0; j < k; ++j) cr_assert_str_neq(swz_layout_name(k), swz_layout_name(j));
    }
    cr_assert_str_eq(swz_layout_name(SWZ_LAYOUT_COUNT), "?");
    cr_assert_str_eq(swz_layout_name(-1), "?");
}

/* swz_layout_make_xor: explicit (B, M, S).  Valid when swz_layout_make(XOR, ...) is, and
 * S >= B, B + M + S <= 31, M + B <= log2 of W's power-of-two part (scrambled bits inside the
 * row's aligned blocks); SWZ_ERANGE for bad parameters.  A valid one is a bijection of the tile
 * for any height, and the offset is CuTe's Swizzle<B,M,S> of r*W + c for a power-of-two W
 * (checked bit by bit), for another W r*W + the low ceil(log2 W) bits of the swizzle of
 * r*2^ceil(log2 W) + c (xor.h, swz_xor_2d). */
static swz_xor_params explicit_params;
static uint32_t explicit_ref(const swz_layout *l, uint32_t r, uint32_t c)
{
    uint32_t lw = ref_ceil_log2(l->width);
    if (ref_is_pow2(l->width))
        return ref_xor_bits(explicit_params.b, explicit_params.m, explicit_params.s, r * l->width + c);
    return r * l->width + (ref_xor_bits(explicit_params.b, explicit_params.m, explicit_params.s, (r << lw) + c) &
                           ((1u << lw) - 1u));
}

Test(layout, make_xor_explicit)
{
    static const uint32_t ws[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 1024, 24, 96, 48, 80, 33, 0, 65537};
    host_bitmap bm = {NULL, 0};
    char msg[256];
    uint32_t iw, b, m, s, valid = 0, rejected = 0;
    for (iw = 0; iw < sizeof ws / sizeof ws[0]; ++iw)
        for (b = 0; b <= 11; ++b)
            for (m = 0; m <= 11; ++m)
                for (s = 0; s <= 22; ++s) {
                    uint32_t w = ws[iw], h = w >= 1024 ? 3 : 33;
                    swz_xor_params p;
                    swz_layout l;
                    int want = expected_make(SWZ_LAYOUT_XOR, w, h, 4, 4), got;
                    p.b = b;
                    p.m = m;
                    p.s = s;
                    if (want == SWZ_OK && !(s >= b && b + m + s <= 31 && m + b <= ref_log2(ref_pow2_part(w))))
                        want = SWZ_ERANGE;
                    got = swz_layout_make_xor(&l, w, 4, 4, h, p);
                    CHECK(got == want, "make_xor(W=%u, <%u,%u,%u>) = %d, want %d", w, b, m, s, got, want);
                    if (got != SWZ_OK) {
                        ++rejected;
                        continue;
                    }
                    CHECK(l.p.x.b == b && l.p.x.m == m && l.p.x.s == s, "descriptor does not hold <%u,%u,%u>", b, m, s);
                    explicit_params = p;
                    if (check_layout(&l, real_offset, explicit_ref, &bm, msg, sizeof msg))
                        cr_assert_fail("make_xor(W=%u H=%u, <%u,%u,%u>): %s", w, h, b, m, s, msg);
                    ++valid;
                }
    host_bitmap_free(&bm);
    cr_assert_gt(valid, 100u);
    cr_assert_gt(rejected, 100u);
}

Test(layout, tma_mode_accessor)
{
    swz_layout l;
    int k;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        uint32_t want = k == SWZ_LAYOUT_TMA32 ? 32u : k == SWZ_LAYOUT_TMA64 ? 64u : k == SWZ_LAYOUT_TMA128 ? 128u : 0u;
        cr_assert_eq(swz_layout_make(&l, k, 8, 4, 4, 8), SWZ_OK);
        cr_assert_eq(swz_layout_tma_mode(&l), want, "%s", swz_layout_name(k));
    }
}

/* ---- self-test: the checker detects broken layouts ------------------------------------- */
static uint32_t broken_collide(const swz_layout *l, uint32_t r, uint32_t c)
{
    /* the last element lands on the first */
    if (r == l->height - 1 && c == l->width - 1) return swz_layout_offset(l, 0, 0);
    return swz_layout_offset(l, r, c);
}
static uint32_t broken_outside(const swz_layout *l, uint32_t r, uint32_t c)
{
    return r == 1 && c == 0 ? swz_layout_size(l) : swz_layout_offset(l, r, c);
}
static uint32_t broken_swap(const swz_layout *l, uint32_t r, uint32_t c)
{
    /* a valid bijection that disagrees with the layout's own inverse */
    if (r == 0 && c < 2) return swz_layout_offset(l, 0, 1 - c);
    return swz_layout_offset(l, r, c);
}

Test(layout, checker_detects_broken_layouts)
{
    host_bitmap bm = {NULL, 0};
    char msg[256];
    swz_layout l;
    int k;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        cr_assert_eq(swz_layout_make(&l, k, 8, 4, 4, 8), SWZ_OK); /* 32-byte rows suit every kind */
        cr_assert_eq(check_layout(&l, real_offset, doc_ref, &bm, msg, sizeof msg), 0, "%s", msg);
        cr_assert_eq(check_layout(&l, broken_collide, NULL, &bm, msg, sizeof msg), 1, "collision missed (%s)",
                     swz_layout_name(k));
        cr_assert_eq(check_layout(&l, broken_outside, NULL, &bm, msg, sizeof msg), 1, "out of range missed");
        cr_assert_eq(check_layout(&l, broken_swap, NULL, &bm, msg, sizeof msg), 1, "wrong inverse missed");
        cr_assert_eq(check_layout(&l, broken_swap, doc_ref, &bm, msg, sizeof msg), 1, "formula mismatch missed");
    }
    /* a layout whose descriptor lies about its kind disagrees with the documented formula */
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 8, 32), SWZ_OK);
    l.p.x.s = 5; /* key (r/2) mod 16 instead of r mod 16: still a bijection, not the documented one */
    cr_assert_eq(check_layout(&l, real_offset, doc_ref, &bm, msg, sizeof msg), 1, "formula mismatch missed");
    host_bitmap_free(&bm);
}

/* ---- the table of kinds (layout.h) ------------------------------------------------------- */

/* A valid layout of kind k: the first shape of a short list that the kind accepts. */
static int some_layout(int k, swz_layout *l)
{
    static const uint32_t shapes[][4] = {{32, 4, 4, 32}, {8, 4, 4, 8}, {16, 2, 4, 16}, {4, 4, 4, 4}};
    size_t i;
    for (i = 0; i < sizeof shapes / sizeof shapes[0]; ++i)
        if (swz_layout_make(l, k, shapes[i][0], shapes[i][1], shapes[i][2], shapes[i][3]) == SWZ_OK) return 1;
    return 0;
}

/* Every row: its number, a unique name that swz_layout_kind_find finds, the TMA mode its name
 * states ("tma<S>": S, other kinds 0), every text present, and its functions the ones the
 * run-time interface dispatches to (same offsets and inverses over a whole tile). */
Test(layout, table_rows)
{
    int k, j;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        const swz_layout_info *row = swz_layout_kind_info(k);
        swz_layout l;
        swz_layout_param prm[SWZ_LAYOUT_MAX_PARAMS];
        uint32_t r, c, want_mode = 0;
        int np;
        cr_assert_not_null(row, "kind %d has no row", k);
        cr_assert_eq(row->kind, k);
        cr_assert_str_eq(row->name, swz_layout_name(k));
        cr_assert_eq(swz_layout_kind_find(row->name), k, "find(%s)", row->name);
        for (j = 0; j < k; ++j) cr_assert_str_neq(row->name, swz_layout_kind_info(j)->name);
        if (strncmp(row->name, "tma", 3) == 0) want_mode = (uint32_t)strtoul(row->name + 3, NULL, 10);
        cr_assert_eq(row->tma_mode, want_mode, "%s: mode %u", row->name, row->tma_mode);
        cr_assert_eq(swz_layout_kind_tma_mode(k), want_mode);
        cr_assert(row->formula[0] && row->promise[0] && row->macro[0], "%s: a text is empty", row->name);
        cr_assert(row->make && row->offset && row->coord && row->params);
        cr_assert(some_layout(k, &l), "%s: no valid layout among the shapes tried", row->name);
        for (r = 0; r < l.height; ++r)
            for (c = 0; c < l.width; ++c) {
                uint32_t o = row->offset(&l, r, c), rr = 0, cc = 0;
                CHECK(o == swz_layout_offset(&l, r, c), "%s: row offset %u != dispatch", row->name, o);
                CHECK(row->coord(&l, o, &rr, &cc) == SWZ_OK && rr == r && cc == c, "%s: row coord", row->name);
            }
        np = swz_layout_params_of(&l, prm);
        cr_assert(np >= 0 && np <= SWZ_LAYOUT_MAX_PARAMS);
        cr_assert_eq(np, row->params(&l, prm));
        for (j = 0; j < np; ++j) cr_assert(prm[j].name && prm[j].name[0]);
    }
    cr_assert_null(swz_layout_kind_info(-1));
    cr_assert_null(swz_layout_kind_info(SWZ_LAYOUT_COUNT));
    cr_assert_eq(swz_layout_kind_find("nope"), SWZ_EKIND);
    cr_assert_eq(swz_layout_kind_find("xo"), SWZ_EKIND, "a prefix is not a name");
    cr_assert_eq(swz_layout_kind_find("xorr"), SWZ_EKIND);
    cr_assert_eq(swz_layout_kind_find(""), SWZ_EKIND);
}

/* The parameters a kind reports are the ones its header computes: XOR's (B, M, S) are
 * swz_xor_auto's, PAD's stride is swz_pad_stride's. */
Test(layout, table_params)
{
    swz_layout l;
    swz_layout_param prm[SWZ_LAYOUT_MAX_PARAMS];
    swz_xor_params x;
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 64, 2, 16, 8), SWZ_OK);
    cr_assert_eq(swz_xor_auto(64, 2, 16, &x), SWZ_OK);
    cr_assert_eq(swz_layout_params_of(&l, prm), 3);
    cr_assert(!strcmp(prm[0].name, "B") && prm[0].value == x.b);
    cr_assert(!strcmp(prm[1].name, "M") && prm[1].value == x.m);
    cr_assert(!strcmp(prm[2].name, "S") && prm[2].value == x.s);
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_PAD, 48, 4, 16, 8), SWZ_OK);
    cr_assert_eq(swz_layout_params_of(&l, prm), 1);
    cr_assert(!strcmp(prm[0].name, "stride") && prm[0].value == swz_pad_stride(48, 4, 16));
}

/* swz_layout_macro writes the row's macro with the numbers in place of the letters W, E, A, H
 * and nothing else changed (the identifiers keep their capitals). */
Test(layout, table_macro_text)
{
    swz_layout l;
    char buf[128], small[8];
    size_t n;
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 8, 16), SWZ_OK);
    n = swz_layout_macro(&l, buf, sizeof buf);
    cr_assert_str_eq(buf, "SWZ_XOR_AUTO_OFFSET(32, 4, 8, r, c)");
    cr_assert_eq(n, strlen(buf));
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_MORTON, 16, 2, 4, 64), SWZ_OK);
    swz_layout_macro(&l, buf, sizeof buf);
    cr_assert_str_eq(buf, "SWZ_MORTON_OFFSET(16, 2, 4, 64, r, c)");
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_TMA64, 16, 4, 16, 8), SWZ_OK);
    swz_layout_macro(&l, buf, sizeof buf);
    cr_assert_str_eq(buf, "SWZ_TMA_OFFSET(16, 4, 64, r, c)");
    n = swz_layout_macro(&l, small, sizeof small); /* cut, NUL-terminated, full length returned */
    cr_assert_str_eq(small, "SWZ_TMA");
    cr_assert_eq(n, strlen(buf));
}

/* swz_error_format: the sentence of layout.h's example, cut like snprintf, and the code's
 * general text when no parameter is named. */
Test(layout, error_format)
{
    swz_layout l;
    swz_error none = {SWZ_EKIND, "", "", "", 0};
    char buf[128], small[10];
    size_t n;
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_XOR, 6, 4, 16, 32), SWZ_EALIGN);
    n = swz_error_format(&l.error, buf, sizeof buf);
    cr_assert_str_eq(buf, "xor needs a row W*E that is a whole number of accesses A (W*E = 24)");
    cr_assert_eq(n, strlen(buf));
    cr_assert_eq(swz_error_format(&l.error, small, sizeof small), n);
    cr_assert_str_eq(small, "xor needs");
    cr_assert_eq(swz_error_format(&l.error, small, 0), n, "n = 0 writes nothing");
    cr_assert_eq(swz_error_format(&none, buf, sizeof buf), strlen(swz_strerror(SWZ_EKIND)));
    cr_assert_str_eq(buf, swz_strerror(SWZ_EKIND));
    cr_assert_eq(swz_layout_make(&l, SWZ_LAYOUT_PAD, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(l.error.code, SWZ_OK, "a success clears the record");
    swz_error_format(&l.error, buf, sizeof buf);
    cr_assert_str_eq(buf, swz_strerror(SWZ_OK));
    /* the explicit XOR names its swizzle parameters */
    {
        swz_xor_params p = {4, 0, 2};
        cr_assert_eq(swz_layout_make_xor(&l, 32, 4, 4, 32, p), SWZ_ERANGE);
        swz_error_format(&l.error, buf, sizeof buf);
        cr_assert_str_eq(buf, "xor needs key bits above the scrambled ones, S >= B (S = 2)");
        p.b = 3, p.m = 3, p.s = 3;
        cr_assert_eq(swz_layout_make_xor(&l, 32, 4, 4, 32, p), SWZ_ERANGE);
        cr_assert_str_eq(l.error.param, "M+B");
        cr_assert_eq(l.error.value, 6u);
    }
}
