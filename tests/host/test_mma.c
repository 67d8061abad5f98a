/* tests/host/test_mma.c -- swz/mma.h's lane maps and model against the PTX fragment tables.
 *
 * What it proves
 *   For fp16 tiles of 32 rows and rows of 32, 64 and 128 elements in the layouts none, pad,
 *   automatic xor (16-byte access: the 128-byte swizzle on 128-byte rows) and the TMA 128B
 *   mode, each instantiated through the template with the library's own layout macro:
 *   * every lane of every ldmatrix / stmatrix fragment (A, B .trans, BT, C; .x1, .x2, .x4; many
 *     origins) delivers exactly the tile elements that the m16n8k16 fragment tables assign to
 *     its registers.  The reference here simulates the instruction from its PTX definition
 *     (lanes 8i..8i+7 give the row addresses of matrix i; register i of lane l holds row l/4,
 *     columns 2(l%4)..+1 of matrix i, .trans the transpose) on a tile filled through an
 *     independent layout formula, and compares with the tables (A: a0a1 = (g, 2t..),
 *     a2a3 = (g+8, 2t..), a4a5 = (g, 2t+8..), a6a7 = (g+8, 2t+8..); B: b0b1 = (k = 2t.., n = g),
 *     b2b3 = (k = 2t+8.., n = g); D: d0d1 = (g, 2t..), d2d3 = (g+8, 2t..)), never calling the
 *     lane map under test; lanes past 8*count are inactive;
 *   * every cp.async chunk lands on its 16 bytes of the tile (one whole, ordered unit);
 *   * the model's verdicts: on rows of >= 128 B the fragment loads are 8-way without a swizzle
 *     and conflict free with the 128-byte swizzle and with padding; the cp.async writes are
 *     conflict free in none, pad and xor;
 *   * check.h's ldmatrix-a/-b/-bt and cp-async patterns (run-time layouts) give the same totals
 *     as the template's model (macro layouts) and put each lane on the reference's row.
 *
 * Run: meson test -C <build> host-mma
 */
#include <swz/check.h>
#include <swz/mma.h>
#include <swz/pad.h>
#include <swz/xor.h>

#include <stdio.h>

#include "host_util.h"

#define ROWS 32

/* ---- the template under test: 11 instantiations, the layout one of the library's macros */
#define SWZ_MMA_NAME n32
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 32
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) ((uint32_t)(r) * 32u + (uint32_t)(c))
#include <swz/mma.h>
#define SWZ_MMA_NAME p32
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 32
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_PAD_OFFSET(32, 2, 16, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME x32
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 32
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(32, 2, 16, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME t32
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 32
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_TMA_OFFSET(32, 2, 128, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME n64
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) ((uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/mma.h>
#define SWZ_MMA_NAME p64
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 2, 16, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME x64
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 16, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME t64
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_TMA_OFFSET(64, 2, 128, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME n128
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 128
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) ((uint32_t)(r) * 128u + (uint32_t)(c))
#include <swz/mma.h>
#define SWZ_MMA_NAME p128
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 128
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_PAD_OFFSET(128, 2, 16, (r), (c))
#include <swz/mma.h>
#define SWZ_MMA_NAME x128
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 128
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(128, 2, 16, (r), (c))
#include <swz/mma.h>

/* ---- independent reference: layouts from their documented formulas (docs/design.md) ----- */
enum { REF_NONE, REF_PAD, REF_XOR, REF_TMA128 };

/* element offset of (r, c), fp16, 16-byte accesses (8 elements per unit) */
static uint32_t ref_offset(int kind, uint32_t w, uint32_t r, uint32_t c)
{
    uint32_t units = w / 8u, u = c / 8u, e = c % 8u;
    switch (kind) {
    case REF_PAD: return r * ((units | 1u) * 8u) + c;            /* stride = (W*E/A | 1) * A/E */
    case REF_XOR: {
        /* rows >= 128 B: unit ^ (r mod 8); shorter rows (L = 8/Ur rows per 128-byte line):
         * unit ^ ((r / L) mod Ur) */
        uint32_t key = units >= 8u ? r % 8u : (r / (8u / units)) % units;
        return r * w + (u ^ key) * 8u + e;
    }
    case REF_TMA128: {
        uint32_t b = (r * w + c) * 2u;                           /* byte address */
        return (b ^ (((b >> 7) & 7u) << 4)) / 2u;
    }
    default: return r * w + c;
    }
}

typedef struct inst {
    const char *name;
    int ref;
    uint32_t w;
    uint32_t (*lane_addr)(int, int, int, uint32_t, uint32_t);
    uint32_t (*chunk_addr)(int);
    int (*model)(int, int, swz_tile_cost *);
} inst;

#define I(N, REF, W) {#N, REF, W, N##_lane_addr, N##_chunk_addr, N##_model}
static const inst insts[] = {I(n32, REF_NONE, 32),   I(p32, REF_PAD, 32),    I(x32, REF_XOR, 32),
                             I(t32, REF_TMA128, 32), I(n64, REF_NONE, 64),   I(p64, REF_PAD, 64),
                             I(x64, REF_XOR, 64),    I(t64, REF_TMA128, 64), I(n128, REF_NONE, 128),
                             I(p128, REF_PAD, 128),  I(x128, REF_XOR, 128)};
#undef I
#define NINST (int)(sizeof insts / sizeof insts[0])

/* The m16n8k16 fragment tables (PTX ISA): the operand element (row, col) that half h of
 * register i of lane l holds, in the coordinates of the stored tile (A: row m, col k; B as
 * stored K x N: row k, col n; BT as stored N x K: row n, col k; C: row m, col n).  Registers
 * 2 and 3 of B/BT/C are the second n8 tile (n + 8). */
static void ref_elem(int frag, int i, uint32_t l, uint32_t h, uint32_t *row, uint32_t *col)
{
    const uint32_t g = l >> 2, t = l & 3u;
    uint32_t m, n, k;
    switch (frag) {
    case SWZ_MMA_A: /* a0a1 (g, 2t), a2a3 (g+8, 2t), a4a5 (g, 2t+8), a6a7 (g+8, 2t+8) */
        *row = g + (i == 1 || i == 3 ? 8u : 0u);
        *col = 2u * t + h + (i >= 2 ? 8u : 0u);
        return;
    case SWZ_MMA_B: /* b0b1 (k = 2t, n = g), b2b3 (k = 2t+8, n = g); regs 2, 3: n + 8 */
    case SWZ_MMA_BT:
        k = 2u * t + h + (i == 1 || i == 3 ? 8u : 0u);
        n = g + (i >= 2 ? 8u : 0u);
        *row = frag == SWZ_MMA_B ? k : n;
        *col = frag == SWZ_MMA_B ? n : k;
        return;
    default: /* C: d0d1 (g, 2t), d2d3 (g+8, 2t); regs 2, 3: n + 8 */
        m = g + (i == 1 || i == 3 ? 8u : 0u);
        n = 2u * t + h + (i >= 2 ? 8u : 0u);
        *row = m;
        *col = n;
        return;
    }
}

static uint16_t code(uint32_t r, uint32_t c) { return (uint16_t)(r * 256u + c); }

/* ldmatrix (or stmatrix, the same data movement) from its PTX definition: lane l, register
 * i, half h reads matrix i's row l/4 (non-.trans: columns 2(l%4)+h) or column l/4 (.trans:
 * row 2(l%4)+h); row q of matrix i starts at the address given by lane 8i + q. */
static uint16_t ref_ldmatrix(const uint16_t *tile, const uint32_t addr[32], int trans, int i,
                             uint32_t l, uint32_t h)
{
    uint32_t q = trans ? 2u * (l & 3u) + h : l >> 2, x = trans ? l >> 2 : 2u * (l & 3u) + h;
    return tile[(addr[8 * i + (int)q] + 2u * x) / 2u];
}

Test(mma, fragments_deliver_the_fragment_tables)
{
    static uint16_t tile[ROWS * 256];
    int n, frag, ci, checked = 0;
    for (n = 0; n < NINST; ++n) {
        const inst *s = &insts[n];
        uint32_t r, c;
        memset(tile, 0xFF, sizeof tile);
        for (r = 0; r < ROWS; ++r)
            for (c = 0; c < s->w; ++c) tile[ref_offset(s->ref, s->w, r, c)] = code(r, c);
        for (frag = 0; frag < SWZ_MMA_FRAG_COUNT; ++frag)
            for (ci = 0; ci < 3; ++ci) {
                const int count = 1 << ci;
                uint32_t r0, c0;
                for (r0 = 0; r0 + 16u <= ROWS; r0 += 8u)
                    for (c0 = 0; c0 + 16u <= s->w; c0 += 8u) {
                        uint32_t addr[32], l, h;
                        int i;
                        for (l = 0; l < 32u; ++l) {
                            addr[l] = s->lane_addr(frag, count, (int)l, r0, c0);
                            if (l >= 8u * (uint32_t)count) {
                                CHECK(addr[l] == SWZ_BAD_OFFSET, "%s frag %d x%d: lane %u is not used, got address %u",
                                      s->name, frag, count, l, addr[l]);
                                continue;
                            }
                            CHECK(addr[l] % 16u == 0u && addr[l] < sizeof tile,
                                  "%s frag %d x%d at (%u, %u): lane %u address %u not a 16-byte row", s->name, frag,
                                  count, r0, c0, l, addr[l]);
                        }
                        for (i = 0; i < count; ++i)
                            for (l = 0; l < 32u; ++l)
                                for (h = 0; h < 2u; ++h) {
                                    uint32_t er, ec;
                                    const uint16_t got = ref_ldmatrix(tile, addr, frag == SWZ_MMA_B, i, l, h);
                                    ref_elem(frag, i, l, h, &er, &ec);
                                    CHECK(got == code(r0 + er, c0 + ec),
                                          "%s frag %d x%d at (%u, %u): lane %u reg %d half %u holds (%u, %u), "
                                          "want (%u, %u)",
                                          s->name, frag, count, r0, c0, l, i, h, got / 256u, got % 256u, r0 + er,
                                          c0 + ec);
                                    ++checked;
                                }
                    }
            }
    }
    cr_assert(checked > 100000, "only %d register halves checked", checked);
}

Test(mma, cp_async_chunks_land_on_their_unit)
{
    int n, i;
    for (n = 0; n < NINST; ++n) {
        const inst *s = &insts[n];
        const int chunks = (int)(ROWS * s->w / 8u);
        for (i = 0; i < chunks; ++i) {
            const uint32_t r = (uint32_t)i / (s->w / 8u), c = ((uint32_t)i % (s->w / 8u)) * 8u;
            const uint32_t a = s->chunk_addr(i);
            uint32_t x;
            CHECK(a == ref_offset(s->ref, s->w, r, c) * 2u, "%s chunk %d: address %u, want (%u, %u) at %u", s->name,
                  i, a, r, c, ref_offset(s->ref, s->w, r, c) * 2u);
            for (x = 0; x < 8u; ++x) /* the 16 bytes are elements c .. c+7 of row r, in order */
                CHECK(ref_offset(s->ref, s->w, r, c + x) * 2u == a + 2u * x, "%s chunk %d: element %u not at %u",
                      s->name, i, x, a + 2u * x);
        }
    }
}

static swz_tile_cost model_of(const inst *s, int op, int count)
{
    swz_tile_cost t;
    int st = s->model(op, count, &t);
    cr_assert(st == SWZ_OK && t.status == SWZ_OK, "%s op %d x%d: model status %d", s->name, op, count, st);
    cr_assert(t.instructions > 0u, "%s op %d: no instructions", s->name, op);
    return t;
}

Test(mma, verdicts_on_128_byte_rows)
{
    int n, frag;
    for (n = 0; n < NINST; ++n) {
        const inst *s = &insts[n];
        if (s->w < 64u) continue;
        for (frag = 0; frag < SWZ_MMA_FRAG_COUNT; ++frag) {
            swz_tile_cost t = model_of(s, frag, 4);
            cr_assert(t.ideal == 4u * t.instructions, "%s frag %d: x4 ideal is one wavefront per matrix", s->name,
                      frag);
            if (s->ref == REF_NONE)
                cr_assert(t.worst_ways == 8u && t.wavefronts == 8u * t.ideal,
                          "%s frag %d: 8 rows of one 16-byte column in one bank group: 8-way (got %u ways, %llu/%llu)",
                          s->name, frag, t.worst_ways, (unsigned long long)t.wavefronts, (unsigned long long)t.ideal);
            else
                cr_assert(t.worst_ways == 1u && t.wavefronts == t.ideal, "%s frag %d: conflict free, got %u ways",
                          s->name, frag, t.worst_ways);
        }
    }
}

Test(mma, cp_async_writes_conflict_free)
{
    int n;
    for (n = 0; n < NINST; ++n) {
        const inst *s = &insts[n];
        swz_tile_cost t = model_of(s, SWZ_MMA_OP_COPY, 0);
        cr_assert(t.instructions == ROWS * s->w / 8u / 32u, "%s: one instruction per 32 chunks, got %llu", s->name,
                  (unsigned long long)t.instructions);
        /* bank.h R8 (measured on the H200 and H100): one wavefront per source line when
         * the rows land whole in aligned shared lines (none, xor, tma128: rows of 64 B put two
         * source rows, i.e. two lines, in each quarter); padded rows are shifted runs. */
        const uint32_t lines = s->w * 2u < 128u ? 128u / (s->w * 2u) : 1u;
        if (s->ref == REF_PAD && s->w * 2u < 128u) /* H200: 64-byte rows at an 80-byte stride, 15 */
            cr_assert(t.wavefronts == 15u * t.instructions && t.worst_ways == 4u,
                      "%s: 15 wavefronts an instruction, worst quarter 4; got %llu, %u", s->name,
                      (unsigned long long)t.wavefronts, t.worst_ways);
        else if (s->ref == REF_PAD) /* shifted 128-byte runs: 1-4 a quarter (H200: 10 and 12 at 144 B) */
            cr_assert(t.wavefronts > 4u * t.instructions && t.worst_ways > 1u && t.worst_ways <= 4u,
                      "%s: padded rows cost more than whole lines, at most 4 a quarter; got %llu, %u", s->name,
                      (unsigned long long)t.wavefronts, t.worst_ways);
        else
            cr_assert(t.worst_ways == lines && t.wavefronts == 4u * lines * t.instructions,
                      "%s: %u source line(s) a quarter-warp, %u wavefronts an instruction; got %u ways %llu",
                      s->name, lines, 4u * lines, t.worst_ways, (unsigned long long)t.wavefronts);
    }
}

Test(mma, padding_conflict_free_on_every_width)
{
    int n, frag;
    for (n = 0; n < NINST; ++n)
        if (insts[n].ref == REF_PAD)
            for (frag = 0; frag < SWZ_MMA_FRAG_COUNT; ++frag) {
                swz_tile_cost t = model_of(&insts[n], frag, 4);
                cr_assert(t.worst_ways == 1u, "%s frag %d: pad rows are in distinct slots, got %u ways", insts[n].name,
                          frag, t.worst_ways);
            }
}

Test(mma, bad_fragment_kinds)
{
    uint32_t dr = 7u, du = 7u;
    swz_tile_cost t;
    cr_assert(!swz_mma_lane_rc(SWZ_MMA_FRAG_COUNT, 4, 0u, &dr, &du));
    cr_assert(!swz_mma_lane_rc(SWZ_MMA_A, 3, 0u, &dr, &du));
    cr_assert(!swz_mma_lane_rc(SWZ_MMA_A, 2, 16u, &dr, &du));
    cr_assert(x64_lane_addr(SWZ_MMA_A, 3, 0, 0u, 0u) == SWZ_BAD_OFFSET);
    cr_assert(x64_model(9, 4, &t) == SWZ_EKIND && t.status == SWZ_EKIND);
}

/* A layout that breaks the 16-byte units (the element-level c ^ r swizzle) is refused. */
#define SWZ_MMA_NAME bad
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS ROWS
#define SWZ_MMA_COLS 64
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) ((uint32_t)(r) * 64u + ((uint32_t)(c) ^ ((uint32_t)(r) & 7u)))
#include <swz/mma.h>
Test(mma, split_units_refused)
{
    swz_tile_cost t;
    cr_assert(bad_model(SWZ_MMA_OP_COPY, 0, &t) == SWZ_EALIGN);
    cr_assert(bad_model(SWZ_MMA_A, 4, &t) == SWZ_EALIGN);
}

/* check.h's patterns: the run-time layout through the same lane map. */
static int layout_kind(int ref)
{
    return ref == REF_PAD ? SWZ_LAYOUT_PAD : ref == REF_XOR ? SWZ_LAYOUT_XOR
         : ref == REF_TMA128 ? SWZ_LAYOUT_TMA128 : SWZ_LAYOUT_NONE;
}

Test(mma, check_patterns_match_the_template)
{
    static const int pats[] = {SWZ_PAT_LDMATRIX_A, SWZ_PAT_LDMATRIX_B, SWZ_PAT_LDMATRIX_BT};
    static const int frags[] = {SWZ_MMA_A, SWZ_MMA_B, SWZ_MMA_BT};
    static const int acc[] = {SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X2, SWZ_LDMATRIX_X4};
    int n, p, ci;
    for (n = 0; n < NINST; ++n) {
        const inst *s = &insts[n];
        swz_layout l;
        swz_check_totals tot;
        swz_tile_cost t;
        swz_pattern pat = {SWZ_PAT_CP_ASYNC, SWZ_ACCESS_16, 0u, 0u, 0u, 0u, 0u};
        cr_assert(swz_layout_make(&l, layout_kind(s->ref), s->w, 2u, 16u, ROWS) == SWZ_OK, "%s: layout", s->name);
        cr_assert(swz_check_tile_pattern(&l, &pat, &tot) == SWZ_OK, "%s: cp-async totals", s->name);
        t = model_of(s, SWZ_MMA_OP_COPY, 0);
        cr_assert(tot.instructions == t.instructions && tot.wavefronts == t.wavefronts && tot.ideal == t.ideal,
                  "%s cp-async: check.h %llu/%llu, model %llu/%llu", s->name, (unsigned long long)tot.wavefronts,
                  (unsigned long long)tot.instructions, (unsigned long long)t.wavefronts,
                  (unsigned long long)t.instructions);
        for (p = 0; p < 3; ++p)
            for (ci = 0; ci < 3; ++ci) {
                const int count = 1 << ci;
                uint32_t r0, c0, lane;
                pat.kind = pats[p];
                pat.access = acc[ci];
                cr_assert(swz_check_tile_pattern(&l, &pat, &tot) == SWZ_OK, "%s %s: totals", s->name,
                          swz_pattern_name(pats[p]));
                t = model_of(s, frags[p], count);
                cr_assert(tot.instructions == t.instructions && tot.wavefronts == t.wavefronts &&
                              tot.worst_ways == t.worst_ways,
                          "%s %s x%d: check.h %llu wavefronts / %llu, model %llu / %llu", s->name,
                          swz_pattern_name(pats[p]), count, (unsigned long long)tot.wavefronts,
                          (unsigned long long)tot.instructions, (unsigned long long)t.wavefronts,
                          (unsigned long long)t.instructions);
                for (r0 = 0; r0 + 16u <= ROWS; r0 += 16u)
                    for (c0 = 0; c0 + 16u <= s->w; c0 += 16u) {
                        swz_check_result r;
                        pat.row0 = r0;
                        pat.col0 = c0;
                        r = swz_check(&l, &pat);
                        cr_assert(r.status == SWZ_OK, "%s %s at (%u, %u): status %d", s->name,
                                  swz_pattern_name(pats[p]), r0, c0, r.status);
                        for (lane = 0; lane < 32u; ++lane) {
                            /* lane 8i + q: row q of matrix i; the matrix holds register i,
                             * whose half 0 of lane 4q is the matrix's element (q, 0) (or, for
                             * .trans, lane q's half 0 is (0, q)): its row/col origin. */
                            uint32_t er, ec;
                            const int i = (int)(lane / 8u);
                            if (lane >= 8u * (uint32_t)count) {
                                CHECK(!((r.mask >> lane) & 1u), "%s: lane %u active", s->name, lane);
                                continue;
                            }
                            ref_elem(frags[p], i, frags[p] == SWZ_MMA_B ? 0u : 4u * (lane % 8u), 0u, &er, &ec);
                            if (frags[p] == SWZ_MMA_B) er += lane % 8u; /* .trans: row q of the stored matrix */
                            CHECK(r.row[lane] == r0 + er && r.col[lane] == c0 + (ec & ~7u),
                                  "%s %s x%d: lane %u at (%u, %u), want (%u, %u)", s->name, swz_pattern_name(pats[p]),
                                  count, lane, r.row[lane], r.col[lane], r0 + er, c0 + (ec & ~7u));
                            CHECK(r.addr[lane] == s->lane_addr(frags[p], count, (int)lane, r0, c0),
                                  "%s %s: lane %u address %u, template %u", s->name, swz_pattern_name(pats[p]), lane,
                                  r.addr[lane], s->lane_addr(frags[p], count, (int)lane, r0, c0));
                        }
                    }
                pat.row0 = pat.col0 = 0u;
            }
        pat.kind = SWZ_PAT_LDMATRIX_A;
        pat.access = SWZ_ACCESS_16;
        cr_assert(swz_check(&l, &pat).status == SWZ_EACCESS, "ldmatrix-a needs an ldmatrix access");
        pat.kind = SWZ_PAT_CP_ASYNC;
        pat.access = SWZ_ACCESS_8;
        cr_assert(swz_check(&l, &pat).status == SWZ_EACCESS, "cp-async needs 16-byte access");
    }
}
