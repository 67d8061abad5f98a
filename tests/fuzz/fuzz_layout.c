/* tests/fuzz/fuzz_layout.c -- libFuzzer target: the run-time layout constructors.
 *
 * What it checks
 *   Any parameters go to one of swz_layout_make, swz_layout_make_xor (explicit or from
 *   Triton's triple), swz_xor_auto, swz_xor_is_valid + swz_xor, swz_xor_from_triton /
 *   swz_xor_to_triton, swz_pad_stride, swz_tma_check_row and swz_morton_block (the checking
 *   forms: the index functions stop on parameters outside their contract, so they are called
 *   only with what a checking form accepted).  None may crash or
 *   trip ASan/UBSan.  Every result they accept must be what they promise: a layout maps each
 *   (row, col) into [0, size) and back (checked at input-chosen points, and over the whole
 *   tile when it is small), a swizzle is an involution, the Triton conversion round-trips, a
 *   pad stride is an odd number of accesses, a Z-order block index lands inside its grid
 *   (and, for small grids, on every tile once); and every accepted parameter set obeys the
 *   documented rules (a wrapped product must not pass for a valid one).  A violation aborts
 *   with the property.
 *
 * Build and run (tests/fuzz/meson.build does this as the test fuzz-layout)
 *   clang -g -O2 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude \
 *     tests/fuzz/fuzz_layout.c -o fuzz-layout && ./fuzz-layout tests/fuzz/corpus/layout
 *
 * Input: a selector byte, then the parameters as fz_u32 values (fuzz_input.h).
 */
#include <string.h>

#include <swz/layout.h>

#include "fuzz_input.h"

enum { FZ_POINTS = 8, FZ_FULL_ELEMS = 4096 };

/* The promises of a layout that its constructor accepted. */
static void check_layout(const swz_layout *l, fz_in *in)
{
    static uint8_t seen[4 * FZ_FULL_ELEMS + 8192];
    uint32_t w = l->width, h = l->height, size = swz_layout_size(l), i, r, c;
    uint64_t elems = (uint64_t)w * h;
    FZ_ASSERT(elems <= SWZ_MAX_ELEMS && size >= elems, "size %u for %ux%u", size, w, h);
    FZ_ASSERT(swz_layout_waste_bytes(l) == (size - elems) * l->elem, "waste of kind %d", l->kind);
    FZ_ASSERT(swz_layout_offset(l, h, 0) == SWZ_BAD_OFFSET && swz_layout_offset(l, 0, w) == SWZ_BAD_OFFSET,
              "offset outside the tile accepted (kind %d)", l->kind);
    FZ_ASSERT(swz_layout_coord(l, size, &r, &c) == SWZ_ERANGE, "coord past the size (kind %d)", l->kind);
    for (i = 0; i < FZ_POINTS; ++i) {
        uint32_t row = fz_u32(in) % h, col = fz_u32(in) % w, off = swz_layout_offset(l, row, col);
        uint32_t any = fz_u32(in) % size;
        FZ_ASSERT(off < size, "kind %d W=%u E=%u A=%u H=%u: (%u,%u) -> %u, size %u", l->kind, w,
                  l->elem, l->access, h, row, col, off, size);
        FZ_ASSERT(swz_layout_coord(l, off, &r, &c) == SWZ_OK && r == row && c == col,
                  "kind %d W=%u E=%u A=%u H=%u: (%u,%u) -> %u -> (%u,%u)", l->kind, w, l->elem,
                  l->access, h, row, col, off, r, c);
        if (swz_layout_coord(l, any, &r, &c) == SWZ_OK)
            FZ_ASSERT(r < h && c < w && swz_layout_offset(l, r, c) == any,
                      "kind %d: offset %u -> (%u,%u) -> %u", l->kind, any, r, c,
                      swz_layout_offset(l, r, c));
    }
    if (elems > FZ_FULL_ELEMS || size > sizeof seen) return;
    memset(seen, 0, size);
    for (r = 0; r < h; ++r)
        for (c = 0; c < w; ++c) {
            uint32_t off = swz_layout_offset(l, r, c);
            FZ_ASSERT(off < size && !seen[off], "kind %d W=%u E=%u A=%u H=%u: (%u,%u) -> %u twice",
                      l->kind, w, l->elem, l->access, h, r, c, off);
            seen[off] = 1;
        }
}

/* The documented common rules of every accepted (W, E, A[, H]): E in {1,2,4,8,16}, A in
 * {4,8,16} a multiple of E, W*E >= A, 1 <= W, H <= SWZ_MAX_SIDE, W*H <= SWZ_MAX_ELEMS. */
static int is_pow2(uint64_t x) { return x && !(x & (x - 1u)); }
static int common_ok(uint32_t w, uint32_t e, uint32_t a, uint32_t h)
{
    return is_pow2(e) && e <= 16u && (a == 4u || a == 8u || a == 16u) && a % e == 0u &&
           (uint64_t)w * e >= a && w >= 1u && w <= SWZ_MAX_SIDE && h >= 1u && h <= SWZ_MAX_SIDE &&
           (uint64_t)w * h <= SWZ_MAX_ELEMS;
}

/* What swz_layout_make promises about the parameters of a layout it accepted (layout.h's
 * table of kinds): the descriptor holds them, and they obey the kind's own rule. */
static void check_accepted(const swz_layout *l, int kind, uint32_t w, uint32_t e, uint32_t a,
                           uint32_t h)
{
    uint64_t rb = (uint64_t)w * e;
    int ok = common_ok(w, e, a, h);
    FZ_ASSERT(l->kind == kind && l->width == w && l->elem == e && l->access == a && l->height == h,
              "descriptor of kind %d does not hold its parameters", kind);
    switch (kind) {
    case SWZ_LAYOUT_NONE:
    case SWZ_LAYOUT_PAD: break;
    case SWZ_LAYOUT_XOR: ok = ok && rb % a == 0u; break;
    case SWZ_LAYOUT_MORTON: ok = ok && rb % a == 0u && is_pow2(rb / a) && is_pow2(h); break;
    case SWZ_LAYOUT_LINEAR: ok = ok && rb % a == 0u; break;
    case SWZ_LAYOUT_TMA32: ok = ok && rb % 16u == 0u && rb <= 32u; break;
    case SWZ_LAYOUT_TMA64: ok = ok && rb % 16u == 0u && rb <= 64u; break;
    case SWZ_LAYOUT_TMA128: ok = ok && rb % 16u == 0u && rb <= 128u; break;
    default: ok = 0; break;
    }
    FZ_ASSERT(ok, "kind %d accepted W=%u E=%u A=%u H=%u", kind, w, e, a, h);
}

static void check_xor_params(swz_xor_params p, fz_in *in)
{
    uint32_t i;
    FZ_ASSERT(swz_xor_is_valid(p.b, p.m, p.s), "(%u,%u,%u) not valid", p.b, p.m, p.s);
    for (i = 0; i < FZ_POINTS; ++i) {
        uint32_t o = fz_u32(in);
        FZ_ASSERT(swz_xor(p.b, p.m, p.s, swz_xor(p.b, p.m, p.s, o)) == o,
                  "(%u,%u,%u) not an involution at %u", p.b, p.m, p.s, o);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint32_t sel = fz_byte(&in) % 9u;
    swz_layout l;
    swz_xor_params p, q;
    uint32_t w = fz_u32(&in), e = fz_u32(&in), a = fz_u32(&in), h = fz_u32(&in);
    switch (sel) {
    case 0: { /* the general constructor, any kind */
        int kind = (int)fz_u32(&in);
        if (swz_layout_make(&l, kind, w, e, a, h) == SWZ_OK) {
            check_accepted(&l, kind, w, e, a, h);
            check_layout(&l, &in);
        }
        break;
    }
    case 1: /* explicit (B, M, S) */
        p.b = fz_u32(&in);
        p.m = fz_u32(&in);
        p.s = fz_u32(&in);
        if (swz_layout_make_xor(&l, w, e, a, h, p) == SWZ_OK) {
            check_accepted(&l, SWZ_LAYOUT_XOR, w, e, a, h);
            FZ_ASSERT(p.m + p.b <= (uint32_t)__builtin_ctz(w), "(%u,%u,%u) reaches past a row of %u",
                      p.b, p.m, p.s, w);
            check_xor_params(l.p.x, &in);
            check_layout(&l, &in);
        }
        break;
    case 2: { /* Triton's (vec, perPhase, maxPhase) on rows of w elements, as a layout */
        uint32_t vec = fz_u32(&in), pp = fz_u32(&in), mp = fz_u32(&in);
        if (swz_xor_from_triton(vec, pp, mp, w, &p) == SWZ_OK &&
            swz_layout_make_xor(&l, w, e, a, h, p) == SWZ_OK)
            check_layout(&l, &in);
        break;
    }
    case 3: /* the automatic swizzle and its Triton form */
        if (swz_xor_auto(w, e, a, &p) == SWZ_OK) {
            uint32_t vec, pp, mp;
            FZ_ASSERT(common_ok(w, e, a, 1u) && (uint64_t)w * e % a == 0u, "auto accepted W=%u E=%u A=%u", w, e, a);
            check_xor_params(p, &in);
            FZ_ASSERT(swz_xor_to_triton(p, w, &vec, &pp, &mp) == SWZ_OK &&
                      swz_xor_from_triton(vec, pp, mp, w, &q) == SWZ_OK && q.b == p.b &&
                      q.m == p.m && q.s == p.s,
                      "auto (%u,%u,%u) of W=%u E=%u A=%u does not round-trip through Triton",
                      p.b, p.m, p.s, w, e, a);
        }
        break;
    case 4: { /* padding */
        uint32_t st = swz_pad_stride(w, e, a), i;
        if (st == 0u) break;
        FZ_ASSERT(common_ok(w, e, a, 1u) || (uint64_t)w * e < a, "pad accepted W=%u E=%u A=%u", w, e, a);
        FZ_ASSERT(st >= w && st * e % a == 0u && (st * e / a) % 2u == 1u,
                  "pad stride %u for W=%u E=%u A=%u", st, w, e, a);
        {
            uint64_t waste = 0u;
            int we = swz_pad_waste_bytes(w, e, a, h, &waste);
            FZ_ASSERT(we == (h >= 1u && h <= SWZ_MAX_SIDE ? SWZ_OK : SWZ_ERANGE), "pad waste code %d, H=%u", we, h);
            FZ_ASSERT(we != SWZ_OK || waste == (uint64_t)(st - w) * e * h, "pad waste");
        }
        for (i = 0; i < FZ_POINTS; ++i) {
            uint32_t row = fz_u32(&in) % 4096u, col = fz_u32(&in) % w, r, c, off = swz_pad_offset(w, e, a, row, col);
            FZ_ASSERT(off == swz_pad_offset_stride(st, row, col), "pad (%u,%u): the kind's form", row, col);
            FZ_ASSERT(swz_pad_coord_stride(st, w, off, &r, &c) == SWZ_OK && r == row && c == col &&
                      swz_pad_coord(w, e, a, off, &r, &c) == SWZ_OK && r == row && c == col,
                      "pad (%u,%u) stride %u", row, col, st);
        }
        break;
    }
    case 5: { /* Triton's triple alone */
        uint32_t vec = fz_u32(&in), pp = fz_u32(&in), mp = fz_u32(&in), v2, pp2, mp2;
        if (swz_xor_from_triton(vec, pp, mp, w, &p) != SWZ_OK) break;
        FZ_ASSERT(is_pow2(vec) && is_pow2(pp) && is_pow2(mp) && w != 0u && (uint64_t)vec * mp <= (w & (0u - w)),
                  "Triton (%u,%u,%u) accepted on W=%u", vec, pp, mp, w);
        check_xor_params(p, &in);
        FZ_ASSERT(swz_xor_to_triton(p, w, &v2, &pp2, &mp2) == SWZ_OK && v2 == vec && pp2 == pp &&
                  mp2 == mp, "Triton (%u,%u,%u) W=%u -> (%u,%u,%u) -> (%u,%u,%u)", vec, pp, mp,
                  w, p.b, p.m, p.s, v2, pp2, mp2);
        break;
    }
    case 6: { /* the TMA modes on any parameters: e is the mode here, a the column */
        uint32_t mode = e, elem = fz_u32(&in), off, r, c;
        swz_error err;
        if (swz_tma_check_row(&err, w, elem, mode) != SWZ_OK) {
            FZ_ASSERT(err.code != SWZ_OK && err.param && err.param[0], "tma%u refused W=%u E=%u naming nothing",
                      mode, w, elem);
            break;
        }
        FZ_ASSERT(swz_tma_align(mode) && (elem == 1u || elem == 2u || elem == 4u || elem == 8u ||
                  elem == 16u) && (uint64_t)w * elem % 16u == 0u && (uint64_t)w * elem <= mode,
                  "tma%u accepted W=%u E=%u", mode, w, elem);
        /* swz_tma_offset's contract: col < W (a violation stops it), the row unbounded; the
         * round trip holds below 4 GiB */
        if (a >= w || ((uint64_t)h * w + a) * elem >> 32) break;
        off = swz_tma_offset(w, elem, mode, h, a);
        FZ_ASSERT(swz_tma_swizzle(mode, off * elem) / elem == h * w + a &&
                  swz_tma_coord(w, elem, mode, off, &r, &c) == SWZ_OK && r == h && c == a,
                  "tma%u W=%u E=%u (%u,%u) -> %u does not map back", mode, w, elem, h, a, off);
        break;
    }
    case 7: { /* Z-order rasterization: w, e = grid, a = supertile log2, h = index */
        uint32_t tx, ty;
        if (swz_morton_block(h, w, e, a, &tx, &ty) == SWZ_OK) {
            FZ_ASSERT((uint64_t)h < (uint64_t)w * e && tx < w && ty < e,
                      "block %u of %ux%u (lg %u) -> (%u,%u)", h, w, e, a, tx, ty);
            if ((uint64_t)w * e <= 1024u) {
                static uint8_t hit[1024];
                uint32_t i;
                memset(hit, 0, sizeof hit);
                for (i = 0; i < w * e; ++i) {
                    FZ_ASSERT(swz_morton_block(i, w, e, a, &tx, &ty) == SWZ_OK && tx < w &&
                              ty < e && !hit[ty * w + tx],
                              "block %u of %ux%u (lg %u) -> (%u,%u) again", i, w, e, a, tx, ty);
                    hit[ty * w + tx] = 1;
                }
            }
        } else {
            FZ_ASSERT((uint64_t)h >= (uint64_t)w * e || a > 15u, "block %u of %ux%u (lg %u) refused",
                      h, w, e, a);
        }
        break;
    }
    default: /* the general primitive: w, e, a are B, M, S */
        p.b = w;
        p.m = e;
        p.s = a;
        if (swz_xor_is_valid(p.b, p.m, p.s)) check_xor_params(p, &in);
        break;
    }
    return 0;
}
