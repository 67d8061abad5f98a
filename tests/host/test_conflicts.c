/* tests/host/test_conflicts.c -- what each layout promises, checked with swz_check_tile.
 *
 * What it proves
 *   1. A table of promises, written from the header docs and bank.h's rules (each row says
 *      why), NOT from running the code: for a layout, a pattern (check.h: ROW, COL, STRIDE,
 *      BLOCK) and an access (4/8/16 bytes, ldmatrix), the worst n-way conflict over the whole
 *      tile; for rows marked uniform every instruction suffers exactly that, so
 *      wavefronts == ways * ideal.
 *   2. Loops: the automatic XOR layout is conflict free for row and column access at its access
 *      width for every power-of-two W in 32..1024, every E and A, tile height >= 128/A, and for
 *      every W in 1..400 whose rows are whole accesses (96 halves, 48 floats: xor.h's key
 *      below the power-of-two part of the units per row), heights N and 4N + 3; padding
 *      is conflict free for column access for every width 1..1024 (sampled in the sanitized
 *      build, see PAD_SAMPLE), and for row access whenever
 *      each 128-byte phase stays inside one row or the rows carry no gap; NONE with stride s
 *      gives gcd(s, 32)-way.
 *
 * Bank arithmetic used below (4-byte banks, 32 of them, 128-byte wavefront; a K-byte access
 * phase has N = 128/K lanes): addresses that differ by a multiple of 128 bytes are in the same
 * bank; N lanes in N different K-byte slots of a 128-byte line are conflict free.
 *
 * Run: meson test -C <build> host-conflicts
 */
#include <swz/check.h>

#include <stdio.h>

#include "host_util.h"

#define NONE SWZ_LAYOUT_NONE
#define PAD SWZ_LAYOUT_PAD
#define XOR SWZ_LAYOUT_XOR
#define MORTON SWZ_LAYOUT_MORTON
#define TMA32 SWZ_LAYOUT_TMA32
#define TMA64 SWZ_LAYOUT_TMA64
#define TMA128 SWZ_LAYOUT_TMA128
#define ROW SWZ_PAT_ROW
#define COL SWZ_PAT_COL
#define BLOCK SWZ_PAT_BLOCK
#define LDM SWZ_LDMATRIX_X4

typedef struct promise {
    int kind;
    uint32_t w, h, e, a; /* layout: width, height, element bytes, access the layout is made for */
    int pattern, access; /* what the warp does */
    uint32_t ways;       /* worst n-way over the tile */
    int uniform;         /* every phase of every instruction has exactly `ways` */
    const char *why;
} promise;

static const promise table[] = {
    /* ---- NONE: plain row-major ------------------------------------------------------------ */
    {NONE, 32, 32, 4, 4, ROW, 4, 1, 1, "a row of 32 floats is one 128-byte line"},
    {NONE, 32, 32, 4, 4, COL, 4, 32, 1, "32x32 float column, rows 128 B apart, all lanes in one bank"},
    {NONE, 32, 32, 4, 8, COL, 8, 16, 1, "8-byte column: 16 lanes per phase, 16 rows in the same bank pair"},
    {NONE, 32, 32, 4, 16, COL, 16, 8, 1, "16-byte column: 8 lanes per phase, 8 rows in the same 4 banks"},
    {NONE, 32, 32, 4, 4, BLOCK, 4, 4, 1, "8x4 block: 4 rows 128 B apart reuse the same 8 banks"},
    {NONE, 64, 64, 2, 16, COL, LDM, 8, 1, "ldmatrix on 128-byte half rows: 8 row addresses 128 B apart"},
    {NONE, 64, 64, 2, 16, ROW, LDM, 1, 1, "ldmatrix along a row: 8 x 16 B contiguous = one line"},
    {NONE, 33, 32, 4, 4, COL, 4, 1, 1, "the manual float[32][33]: stride 33 words is odd"},
    {NONE, 34, 32, 4, 4, COL, 4, 2, 1, "an even pad (34) still conflicts: gcd(34, 32) = 2"},
    /* ---- PAD ------------------------------------------------------------------------------ */
    {PAD, 32, 32, 4, 4, ROW, 4, 1, 1, "stride 33: each row (one instruction) is 32 consecutive words"},
    {PAD, 32, 32, 4, 4, COL, 4, 1, 1, "pad.h: stride 33 words, bank (r + c) mod 32"},
    {PAD, 32, 32, 4, 4, BLOCK, 4, 4, 1, "bank (r + c) mod 32: a 4x8 block has anti-diagonals of 4"},
    {PAD, 32, 32, 4, 8, COL, 8, 1, 1, "stride 34 floats = 17 8-byte slots, odd"},
    {PAD, 32, 32, 4, 8, ROW, 8, 1, 1, "each half-warp phase is one 128-byte row"},
    {PAD, 32, 32, 4, 16, COL, 16, 1, 1, "pad.h: stride 36 floats = 9 16-byte slots, odd"},
    {PAD, 64, 64, 2, 16, COL, 16, 1, 1, "pad.h: stride 72 halves = 9 slots"},
    {PAD, 64, 64, 2, 16, COL, LDM, 1, 1, "ldmatrix: 8 rows, slots 9r mod 8 distinct"},
    {PAD, 64, 64, 2, 16, ROW, 16, 1, 1, "a row is 8 consecutive 16-byte slots"},
    {PAD, 16, 64, 4, 4, COL, 4, 1, 1, "stride 17 words, odd"},
    {PAD, 16, 64, 4, 4, ROW, 4, 2, 1,
     "16-float rows padded to 17: one warp covers words 17r+{0..15} and 17r+{17..32}; 17r and 17r+32 "
     "share a bank (padding does not help rows narrower than the warp)"},
    /* ---- XOR (automatic) ------------------------------------------------------------------ */
    {XOR, 16, 64, 4, 4, ROW, 4, 1, 1, "xor.h: rows of 64 B share a line, each row keeps its 16 words"},
    {XOR, 16, 64, 4, 4, COL, 4, 1, 1, "xor.h: key (r/2) mod 16, 32 consecutive rows fill the 32 slots"},
    {XOR, 32, 32, 4, 4, ROW, 4, 1, 1, "xor.h: a row stays one line"},
    {XOR, 32, 32, 4, 4, COL, 4, 1, 1, "xor.h: c ^ r visits all 32 banks down a column"},
    {XOR, 64, 32, 4, 4, ROW, 4, 1, 1, "xor.h: half a 256-byte row is one line"},
    {XOR, 64, 32, 4, 4, COL, 4, 1, 1, "xor.h: key r mod 32 on the low 5 column bits"},
    {XOR, 64, 64, 2, 16, ROW, 16, 1, 1, "xor.h: a 128-byte row is one line"},
    {XOR, 64, 64, 2, 16, COL, 16, 1, 1, "xor.h: 16-byte unit u ^ (r mod 8), 8 rows per phase"},
    {XOR, 64, 64, 2, 16, COL, LDM, 1, 1, "ldmatrix = 8 rows of 16 B per phase, as above"},
    {XOR, 64, 64, 2, 16, COL, SWZ_LDMATRIX_X1, 1, 1, "ldmatrix .x1"},
    {XOR, 64, 64, 2, 16, COL, SWZ_LDMATRIX_X2, 1, 1, "ldmatrix .x2"},
    {XOR, 64, 64, 2, 16, ROW, LDM, 1, 1, "ldmatrix along a row"},
    {XOR, 32, 32, 4, 4, COL, 8, 2, 1,
     "xor.h trap: c ^ r read as column pairs: slot u ^ (r>>1), 16 rows give 8 slots twice"},
    {XOR, 32, 32, 4, 8, COL, 8, 1, 1, "xor.h: c ^ 2(r mod 16) is made for 8-byte reads"},
    {XOR, 32, 32, 4, 8, COL, 4, 2, 1, "xor.h: ... and is 2-way for 4-byte column reads (rows r, r+16)"},
    {XOR, 32, 32, 4, 4, BLOCK, 4, 4, 1, "8x4 block: rows r0..r0+3 XOR inside one aligned group of 8 banks"},
    /* ---- MORTON --------------------------------------------------------------------------- */
    {MORTON, 32, 32, 4, 4, ROW, 4, 4, 1, "morton.h: 32x32 float rows 4-way (banks from c0 c1 c2)"},
    {MORTON, 32, 32, 4, 4, COL, 4, 8, 1, "morton.h: columns 8-way (banks from r0 r1)"},
    {MORTON, 32, 32, 4, 4, BLOCK, 4, 1, 1, "8x4 aligned block: bank bits c0 r0 c1 r1 c2 all vary"},
    {MORTON, 32, 32, 4, 8, BLOCK, 8, 1, 1, "4x4 units per phase: slot bits u0 r0 u1 r1 all vary"},
    {MORTON, 32, 32, 4, 16, BLOCK, 16, 1, 1, "4x2 units per phase: slot bits u0 r0 u1 all vary"},
    /* ---- TMA ------------------------------------------------------------------------------ */
    {TMA128, 32, 64, 4, 16, COL, 16, 1, 1, "xor.h: 128B swizzle, 16-byte chunk u ^ (r mod 8)"},
    {TMA128, 32, 64, 4, 16, ROW, 16, 1, 1, "a 128-byte row is one line"},
    {TMA128, 64, 64, 2, 16, COL, LDM, 1, 1, "ldmatrix on the wgmma/TMA 128B layout"},
    {TMA128, 32, 64, 4, 16, COL, 4, 4, 1, "4-byte column: only the 16-byte chunk moves, 8 chunks x 4 rows"},
    {TMA128, 16, 64, 4, 16, COL, 16, 1, 1, "64-byte rows in 128B mode: chunk (4(r%2)+u) ^ ((r/2)%8) distinct"},
    {TMA64, 16, 64, 4, 16, COL, 16, 1, 1, "64B swizzle on 64-byte rows: chunk (4(r%2)+u ^ (r/2)%4)"},
    {TMA32, 8, 64, 4, 16, COL, 16, 1, 1, "32B swizzle on 32-byte rows: slot 2(r%4) + (u ^ (r/4)%2)"},
};

Test(conflicts, promise_table)
{
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; ++i) {
        const promise *p = &table[i];
        swz_layout l;
        swz_check_totals t;
        int rc;
        cr_assert_eq(swz_layout_make(&l, p->kind, p->w, p->e, p->a, p->h), SWZ_OK, "row %zu: make", i);
        rc = swz_check_tile(&l, p->pattern, p->access, 0, &t);
        cr_expect_eq(rc, SWZ_OK, "row %zu (%s %ux%u E=%u A=%u %s/%d): status %d", i, swz_layout_name(p->kind), p->w,
                     p->h, p->e, p->a, swz_pattern_name(p->pattern), p->access, rc);
        if (rc != SWZ_OK) continue;
        cr_expect_eq(t.worst_ways, p->ways, "row %zu (%s %ux%u E=%u A=%u %s/%d): %u-way, promised %u-way (%s)", i,
                     swz_layout_name(p->kind), p->w, p->h, p->e, p->a, swz_pattern_name(p->pattern), p->access,
                     t.worst_ways, p->ways, p->why);
        if (p->uniform)
            cr_expect_eq(t.wavefronts, (uint64_t)p->ways * t.ideal,
                         "row %zu (%s %s/%d): %llu wavefronts, ideal %llu x %u-way", i, swz_layout_name(p->kind),
                         swz_pattern_name(p->pattern), p->access, (unsigned long long)t.wavefronts,
                         (unsigned long long)t.ideal, p->ways);
        cr_expect_gt(t.instructions, 0u);
    }
}

/* Every unit of the tile is touched once by ROW and by COL: instructions = ceil(units/lanes),
 * ideal = instructions * phases per instruction (full warps). */
Test(conflicts, instruction_counts)
{
    swz_layout l;
    swz_check_totals t;
    cr_assert_eq(swz_layout_make(&l, XOR, 64, 2, 16, 64), SWZ_OK);
    cr_assert_eq(swz_check_tile(&l, ROW, 16, 0, &t), SWZ_OK);
    cr_assert_eq(t.instructions, 64u * 64u / 8u / 32u); /* 8 halves per unit, 32 lanes */
    cr_assert_eq(t.ideal, t.instructions * 4u);         /* 4 quarter-warp phases */
    cr_assert_eq(swz_check_tile(&l, COL, LDM, 0, &t), SWZ_OK);
    cr_assert_eq(t.instructions, 64u * 64u / 8u / 32u);
    cr_assert_eq(t.ideal, t.instructions * 4u); /* one matrix per phase */
    cr_assert_eq(swz_check_tile(&l, COL, SWZ_LDMATRIX_X1, 0, &t), SWZ_OK);
    cr_assert_eq(t.instructions, 64u * 64u / 8u / 8u);
    cr_assert_eq(t.ideal, t.instructions);
    /* BLOCK on 32x32 floats, 16-byte units: 8 x 32 units in warp blocks of 4 units x 8 rows
     * (4 phases of 4 x 2), every phase full */
    cr_assert_eq(swz_layout_make(&l, MORTON, 32, 4, 16, 32), SWZ_OK);
    cr_assert_eq(swz_check_tile(&l, BLOCK, 16, 0, &t), SWZ_OK);
    cr_assert_eq(t.instructions, (8u / 4u) * (32u / 8u));
    cr_assert_eq(t.ideal, t.instructions * 4u);
    cr_assert_eq(swz_check_tile(&l, BLOCK, 8, 0, &t), SWZ_OK); /* 4 units x 8 rows of 8-byte units */
    cr_assert_eq(t.instructions, (16u / 4u) * (32u / 8u));
    cr_assert_eq(t.ideal, t.instructions * 2u);
}

/* Lane placement of swz_check against check.h's definitions of the patterns (random origins,
 * every access kind, several layouts and tile shapes).  BLOCK fixes which units a phase covers,
 * not the lane order inside the block, so phases are compared as sets. */
static int cmp_pair(const void *a, const void *b)
{
    const uint64_t *x = (const uint64_t *)a, *y = (const uint64_t *)b;
    return *x < *y ? -1 : *x > *y;
}

Test(conflicts, pattern_placement)
{
    static const int accs[] = {1, 2, 4, 8, 16, SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X2, SWZ_LDMATRIX_X4};
    static const uint32_t shapes[][4] = {{32, 32, 4, 4}, {64, 64, 2, 16}, {16, 8, 1, 4}, {128, 3, 1, 8}, {8, 40, 8, 8}};
    host_rng g = host_rng_seed(11);
    uint32_t it, n = 0;
    for (it = 0; it < 20000; ++it) {
        const uint32_t *sh = shapes[host_rng_below(&g, 5)];
        int kind = host_rng_below(&g, 2) ? XOR : NONE, acc = accs[host_rng_below(&g, 8)];
        swz_layout l;
        swz_pattern p;
        swz_check_result r;
        uint32_t k = swz_access_bytes(acc), v, ur, lanes, pl, lw, bw, bh, i, want_mask = 0;
        uint64_t want[32], got[32];
        if (swz_layout_make(&l, kind, sh[0], sh[2], sh[3], sh[1]) != SWZ_OK) continue;
        if (k < sh[2] || k % sh[2] || sh[0] * sh[2] < k) continue;
        v = k / sh[2];
        ur = sh[0] / v;
        lanes = acc == SWZ_LDMATRIX_X1 ? 8 : acc == SWZ_LDMATRIX_X2 ? 16 : 32;
        pl = k <= 4 ? 32 : 128 / k;
        lw = pl == 32 ? 3 : 2; /* default bw = 8, 4, 4 */
        p.block_w = p.block_h = 0u;
        if (host_rng_below(&g, 2)) { /* a chosen shape: any power-of-two width up to pl */
            lw = host_rng_below(&g, pl == 32 ? 6 : pl == 16 ? 5 : 4);
            p.block_w = 1u << lw;
            p.block_h = pl >> lw;
        }
        bw = 1u << lw;
        bh = pl / bw; /* default bh = 4, 4, 2 */
        p.kind = (int)host_rng_below(&g, 4);
        p.access = acc;
        p.stride = host_rng_below(&g, 70);
        p.row0 = host_rng_below(&g, sh[1]);
        p.col0 = host_rng_below(&g, sh[0]);
        r = swz_check(&l, &p);
        if (kind == XOR && r.status == SWZ_EALIGN) continue; /* XOR made for a wider access */
        CHECK(r.status == SWZ_OK, "status %d (%s, access %d)", r.status, swz_pattern_name(p.kind), acc);
        for (i = 0; i < 32; ++i) {
            uint64_t row = 0, unit = 0, q0 = (uint64_t)p.row0 * ur + p.col0 / v, total = (uint64_t)ur * sh[1];
            want[i] = got[i] = 0;
            if (i >= lanes) continue;
            switch (p.kind) {
            case ROW:
                row = (q0 + i) / ur;
                unit = (q0 + i) % ur;
                break;
            case COL: {
                uint64_t q = (uint64_t)(p.col0 / v) * sh[1] + p.row0 + i;
                row = q % sh[1];
                unit = q / sh[1];
                break;
            }
            case SWZ_PAT_STRIDE: /* check.h: lanes past the end of the tile are inactive */
                if (q0 + (uint64_t)i * p.stride >= total) continue;
                row = (q0 + (uint64_t)i * p.stride) / ur;
                unit = (q0 + (uint64_t)i * p.stride) % ur;
                break;
            default:
                row = p.row0 + (i / pl) * bh + (i % pl) / bw;
                unit = p.col0 / v + (i % pl) % bw;
                break;
            }
            if (row >= sh[1] || unit >= ur) continue;
            want_mask |= 1u << i;
            want[i] = row << 32 | unit * v;
            got[i] = (uint64_t)r.row[i] << 32 | r.col[i];
            if ((r.mask >> i) & 1u) {
                uint32_t off = swz_layout_offset(&l, r.row[i], r.col[i]);
                CHECK(r.addr[i] == off / v * v * sh[2], "lane %u address %u, layout says %u", i, r.addr[i],
                      off / v * v * sh[2]);
            }
        }
        CHECK(r.mask == want_mask, "%s access %d origin (%u,%u) W=%u H=%u: mask %#x, want %#x",
              swz_pattern_name(p.kind), acc, p.row0, p.col0, sh[0], sh[1], r.mask, want_mask);
        if (p.kind == BLOCK)
            for (i = 0; i < 32; i += pl) { /* same set of units per phase */
                qsort(want + i, pl, sizeof want[0], cmp_pair);
                qsort(got + i, pl, sizeof got[0], cmp_pair);
            }
        for (i = 0; i < 32; ++i)
            CHECK(want[i] == got[i], "%s access %d origin (%u,%u) W=%u H=%u lane/slot %u: (%u,%u), want (%u,%u)",
                  swz_pattern_name(p.kind), acc, p.row0, p.col0, sh[0], sh[1], i, (uint32_t)(got[i] >> 32),
                  (uint32_t)got[i], (uint32_t)(want[i] >> 32), (uint32_t)want[i]);
        ++n;
    }
    cr_assert_gt(n, 5000u);
}

/* The column-pair trap as a single instruction (check.h's own example): the pair arrives
 * swapped on odd rows, and the half-warp sees 8 slots used twice. */
Test(conflicts, column_pair_trap_single_instruction)
{
    swz_layout l;
    swz_pattern p = {SWZ_PAT_COL, SWZ_ACCESS_8, 0, 0, 0, 0, 0};
    swz_check_result r;
    uint32_t lane;
    cr_assert_eq(swz_layout_make(&l, XOR, 32, 4, 4, 32), SWZ_OK);
    r = swz_check(&l, &p);
    cr_assert_eq(r.status, SWZ_OK);
    cr_assert_eq(r.bank.ways, 2u);
    cr_assert_eq(r.bank.wavefronts, 4u);
    cr_assert_eq(r.bank.ideal, 2u);
    cr_assert_eq(r.permuted, 1);
    cr_assert_eq(r.mask, 0xFFFFFFFFu);
    for (lane = 0; lane < 32; ++lane) {
        /* lane = row; physical pair starts at column (0 ^ r) & ~1 of row r */
        cr_assert_eq(r.row[lane], lane);
        cr_assert_eq(r.col[lane], 0u);
        cr_assert_eq(r.addr[lane], (lane * 32u + (lane & ~1u)) * 4u, "lane %u", lane);
    }
    /* read with the layout made for 8-byte accesses: no permutation, no conflict */
    cr_assert_eq(swz_layout_make(&l, XOR, 32, 4, 8, 32), SWZ_OK);
    r = swz_check(&l, &p);
    cr_assert(r.status == SWZ_OK && r.bank.ways == 1u && r.permuted == 0);
}

/* A vector access that does not find its elements as one aligned group cannot be one
 * instruction: 8-byte reads of the 33-float padded tile (odd rows start at 4 mod 8 bytes). */
Test(conflicts, scattered_vector_is_ealign)
{
    swz_layout l;
    swz_check_totals t;
    cr_assert_eq(swz_layout_make(&l, PAD, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_check_tile(&l, COL, 8, 0, &t), SWZ_EALIGN);
    cr_assert_eq(swz_check_tile(&l, ROW, 16, 0, &t), SWZ_EALIGN);
    cr_assert_eq(swz_check_tile(&l, ROW, 4, 99, &t), SWZ_OK);
    cr_assert_eq(swz_check_tile(&l, 17, 4, 0, &t), SWZ_EKIND);
    cr_assert_eq(swz_check_tile(&l, ROW, 5, 0, &t), SWZ_EKIND);
    cr_assert_eq(swz_layout_make(&l, NONE, 32, 8, 8, 32), SWZ_OK);
    cr_assert_eq(swz_check_tile(&l, ROW, 4, 0, &t), SWZ_EACCESS, "4-byte access of 8-byte elements");
}

/* NONE, a[lane * s] of 4-byte words: gcd(s, 32)-way (R1, R5: lane l in bank (l*s) mod 32); the tile is 32 x 128
 * floats so that lane * s (s <= 128) never wraps. */
Test(conflicts, stride_rule)
{
    swz_layout l;
    swz_check_totals t;
    uint32_t s;
    cr_assert_eq(swz_layout_make(&l, NONE, 32, 4, 4, 128), SWZ_OK);
    for (s = 1; s <= 128; ++s) {
        cr_assert_eq(swz_check_tile(&l, SWZ_PAT_STRIDE, 4, s, &t), SWZ_OK);
        cr_assert_eq(t.instructions, 1u);
        cr_assert_eq(t.worst_ways, ref_gcd(s, 32), "stride %u: %u-way, gcd rule %u", s, t.worst_ways, ref_gcd(s, 32));
        cr_assert_eq(t.wavefronts, ref_gcd(s, 32));
    }
}

/* The automatic XOR on a W x H tile built for A-byte accesses: the whole-tile row walk, and the
 * column walk when `cols` (a phase on N consecutive rows: H a multiple of N), at width A and,
 * for 16-byte units, with ldmatrix .x4, all conflict free.  Returns the walks checked. */
static uint32_t xor_auto_walks_free(uint32_t w, uint32_t e, uint32_t a, uint32_t h, int cols)
{
    uint32_t ip, n = 0;
    swz_layout l;
    cr_assert_eq(swz_layout_make(&l, XOR, w, e, a, h), SWZ_OK);
    for (ip = 0; ip < 2 + (a == 16) * 2; ++ip) {
        int pat = ip % 2 ? COL : ROW, acc = ip < 2 ? (int)a : LDM;
        swz_check_totals t;
        int rc;
        if (pat == COL && !cols) continue;
        rc = swz_check_tile(&l, pat, acc, 0, &t);
        CHECK(rc == SWZ_OK && t.worst_ways == 1 && t.wavefronts == t.ideal,
              "xor W=%u H=%u E=%u A=%u %s/%d: status %d, %u-way, %llu/%llu wavefronts", w, h, e, a,
              swz_pattern_name(pat), acc, rc, t.worst_ways, (unsigned long long)t.wavefronts,
              (unsigned long long)t.ideal);
        ++n;
    }
    return n;
}

/* The automatic XOR: conflict free for rows and columns at its access width, every power-of-two
 * W in 32..1024, every (E, A), heights N and 4N (N = 128/A rows fill one phase). */
Test(conflicts, xor_auto_every_shape)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t lw, ie, ia, hm, n = 0;
    for (lw = 5; lw <= 10; ++lw)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia)
                for (hm = 1; hm <= 4; hm *= 4)
                    if (as[ia] % es[ie] == 0) n += xor_auto_walks_free(1u << lw, es[ie], as[ia], hm * 128u / as[ia], 1);
    cr_assert_eq(n, 6u * 12u * 2u * 2u + 6u * 5u * 2u * 2u, "%u cases", n);
}

/* Rows that are not a power of two (xor.h section 2: Ur = 2^v * odd units, key (r >> (t - B))
 * mod 2^B, B = min(v, t)): every W in 1..400 with W*E a multiple of A, every E and A, height N
 * (one phase of rows) and 4N + 3 (whole phases and a ragged end, where the column walk wraps
 * and only the row walk is promised): the row-major walk and the column walk (on whole phases:
 * H a multiple of N) at width A, and ldmatrix .x4 (16-byte units) the same, conflict free. */
Test(conflicts, xor_auto_every_width)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t w, ie, ia, n = 0;
    for (w = 1; w <= 400; ++w)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) {
                uint32_t e = es[ie], a = as[ia];
                if (a % e || w * e < a || w * e % a) continue;
                n += xor_auto_walks_free(w, e, a, 128u / a, 1);
                n += xor_auto_walks_free(w, e, a, 4u * 128u / a + 3u, 0);
            }
    cr_assert_gt(n, 5000u, "%u cases", n);
}

/* The automatic key against every key it could have been.  For a row of n units (A-byte
 * accesses, N = 2^t = 128/A lanes per phase) the XOR-linear keys that keep rows closed are the
 * mask assignments of the t row bits of an N-row tile with every mask below 2^v (v: n = 2^v *
 * odd; linear.h); masks at or above N move a unit by a multiple of 128 bytes, which changes no
 * bank, so masks below min(2^v, N) stand for all of them.  The figure is bank.h's wavefronts of
 * the whole-tile row walk plus the column walk at width A (check.h's lanes on the unswizzled
 * tile, each lane's unit moved by the candidate's key here, then swz_bank_eval).  For every n
 * of the ranges below, brute force over all those assignments finds the least figure; it
 * equals the ideal (a conflict-free key exists among the allowed masks, so the automatic XOR
 * never has a row of whole units to refuse), and the automatic XOR's own figure (check.h on
 * swz_layout_make's layout) equals it.  Ranges: 16-byte units n = 1..48 (at most 8^3
 * assignments; every v up to 4 > t) with every element size, 8-byte and 4-byte units
 * n = 1..24 at E = A except 8 and 16 (powers of two, whose key is the one they always had; up
 * to 16^5 assignments). */
typedef struct brute_lanes {
    uint32_t n_instr, mask[2 * 48], row[2 * 48][32], unit[2 * 48][32];
} brute_lanes;

static uint64_t brute_figure(const brute_lanes *bl, uint32_t n, uint32_t a, const uint32_t key[32])
{
    uint64_t t = 0;
    uint32_t i, l;
    for (i = 0; i < bl->n_instr; ++i) {
        uint32_t addr[32];
        swz_bank_result r;
        for (l = 0; l < 32; ++l)
            addr[l] = ((bl->mask[i] >> l) & 1u) ? (bl->row[i][l] * n + (bl->unit[i][l] ^ key[bl->row[i][l]])) * a : 0u;
        r = swz_bank_eval(addr, bl->mask[i], (int)a);
        t += r.wavefronts;
    }
    return t;
}

Test(conflicts, xor_auto_key_against_brute_force, .timeout = 120)
{
    static const uint32_t as[] = {16, 8, 4}, nmax[] = {48, 24, 24}, es[] = {1, 2, 4, 8, 16};
    static brute_lanes bl;
    uint32_t ia, ie, n, cases = 0;
    uint64_t assignments = 0;
    for (ia = 0; ia < 3; ++ia)
        for (ie = 0; ie < 5; ++ie)
            for (n = 1; n <= nmax[ia]; ++n) {
                const uint32_t a = as[ia], e = es[ie], nl = 128u / a, t = ref_log2(nl), w = n * a / e;
                const uint32_t p2 = ref_pow2_part(n), mm = p2 < nl ? p2 : nl;
                uint32_t total = 1, idx, i, ip;
                uint64_t best = ~(uint64_t)0, ideal = 0, autofig = 0;
                swz_layout none, x;
                if (a % e || (a != 16 && e != a) || (a != 16 && n >= 8 && ref_is_pow2(n))) continue;
                cr_assert_eq(swz_layout_make(&none, NONE, w, e, a, nl), SWZ_OK);
                cr_assert_eq(swz_layout_make(&x, XOR, w, e, a, nl), SWZ_OK);
                bl.n_instr = 0;
                for (ip = 0; ip < 2; ++ip) { /* the lanes of the row walk, then the column walk */
                    swz_pattern pat = {ip ? COL : ROW, (int)a, 0, 0, 0, 0, 0};
                    swz_check_totals tot;
                    uint32_t count;
                    cr_assert_eq(swz_check_tile_count(&none, &pat, &count), SWZ_OK);
                    for (i = 0; i < count; ++i) {
                        swz_pattern pi;
                        swz_check_result r;
                        uint32_t l;
                        cr_assert_eq(swz_check_tile_nth(&none, &pat, i, &pi), SWZ_OK);
                        r = swz_check(&none, &pi);
                        cr_assert_eq(r.status, SWZ_OK);
                        ideal += r.bank.ideal;
                        bl.mask[bl.n_instr] = r.mask;
                        for (l = 0; l < 32; ++l) bl.row[bl.n_instr][l] = r.row[l], bl.unit[bl.n_instr][l] = r.col[l] / (a / e);
                        bl.n_instr += 1;
                    }
                    cr_assert_eq(swz_check_tile_pattern(&x, &pat, &tot), SWZ_OK);
                    autofig += tot.wavefronts;
                }
                for (i = 0; i < t; ++i) total *= mm;
                for (idx = 0; idx < total; ++idx) {
                    uint32_t mask[5] = {0, 0, 0, 0, 0}, key[32], v = idx, r;
                    uint64_t f;
                    for (i = 0; i < t; ++i, v /= mm) mask[i] = v % mm;
                    for (r = 0; r < nl; ++r) { /* key(r) = XOR of the masks of r's set bits */
                        key[r] = 0;
                        for (i = 0; i < t; ++i)
                            if ((r >> i) & 1u) key[r] ^= mask[i];
                    }
                    f = brute_figure(&bl, n, a, key);
                    if (f < best) best = f;
                }
                assignments += total;
                CHECK(best == ideal, "A=%u n=%u: the best allowed key costs %llu, ideal %llu", a, n,
                      (unsigned long long)best, (unsigned long long)ideal);
                CHECK(autofig == best, "A=%u E=%u n=%u (W=%u): the automatic XOR costs %llu, the best allowed key %llu", a,
                      e, n, w, (unsigned long long)autofig, (unsigned long long)best);
                ++cases;
            }
    cr_log_info("automatic key = brute-force optimum in %u cases (%llu assignments)", cases,
                (unsigned long long)assignments);
    cr_assert_gt(cases, 150u);
}

/* Widths 1..320 all, then every 7th, the powers of two and 1023 (about 4 s plain); the
 * sanitized build (about 3x slower) takes widths 1..128 and the same samples above. */
#define PAD_SAMPLE(w)                                                                             \
    ((w) <= (SWZ_TEST_SANITIZED ? 128u : 320u) || ((w) & ((w)-1)) == 0 || (w) == 1023 || (w) % 7 == 0)

/* The tile walk of swz_check_tile, one instruction at a time, and for each active phase: its
 * cost, its active lanes, and how many rows (ROW) or unit columns (COL) they are on (lanes are
 * consecutive units in the walk's order, so spans - 1 row or column ends are crossed). */
typedef struct phase_seen {
    uint32_t cost, lanes, spans;
} phase_seen;

/* Calls f(ctx, phase) for every active phase of every instruction of the whole-tile walk of
 * pattern pat (ROW or COL) with access a; returns SWZ_OK or the first status. */
static int walk_phases(const swz_layout *l, int pat, int a, void (*f)(void *, phase_seen), void *ctx)
{
    uint32_t v = (uint32_t)a / l->elem, ur = l->width / v, n = (ur * l->height + 31u) / 32u, i, ph, j;
    for (i = 0; i < n; ++i) {
        swz_pattern p = {pat, a, 0, 0, 0, 0, 0};
        swz_check_result r;
        uint32_t q = i * 32u;
        p.row0 = pat == ROW ? q / ur : q % l->height;
        p.col0 = pat == ROW ? q % ur * v : q / l->height * v;
        r = swz_check(l, &p);
        if (r.status != SWZ_OK) return r.status;
        for (ph = 0; ph * r.bank.phase_lanes < 32u; ++ph) {
            phase_seen s = {r.bank.phase_cost[ph], 0, 0};
            uint32_t last = 0;
            for (j = ph * r.bank.phase_lanes; j < (ph + 1) * r.bank.phase_lanes; ++j) {
                uint32_t key = pat == ROW ? r.row[j] : r.col[j];
                if (!((r.mask >> j) & 1u)) continue;
                if (s.lanes == 0 || key != last) s.spans += 1;
                last = key;
                s.lanes += 1;
            }
            if (s.lanes) f(ctx, s);
        }
    }
    return SWZ_OK;
}

typedef struct pad_tally {
    uint32_t padded;      /* the layout has padding after the accessed units of a row */
    uint32_t nl;          /* lanes per phase */
    uint32_t phases, bad; /* phases seen, phases that broke the promise */
    uint32_t crossing;    /* phases that cross a row end into padding (2-way promised) */
    uint32_t one_col;     /* COL: phases on one column (conflict free promised) */
} pad_tally;

/* pad.h, rows: with padding (one access after each row), a phase whose lanes cross k >= 1 row
 * ends covers lanes + k access slots; it is exactly 2-way when that is more than the N slots
 * of a 128-byte line, conflict free otherwise (and always without padding). */
static void pad_row_phase(void *ctx, phase_seen s)
{
    pad_tally *t = (pad_tally *)ctx;
    uint32_t want = t->padded && s.spans > 1 && s.lanes + (s.spans - 1) > t->nl ? 2u : 1u;
    t->phases += 1;
    t->crossing += want == 2u;
    t->bad += s.cost != want;
}
/* pad.h, columns: a full phase on N consecutive rows of one column is conflict free. */
static void pad_col_phase(void *ctx, phase_seen s)
{
    pad_tally *t = (pad_tally *)ctx;
    t->phases += 1;
    if (s.spans == 1 && s.lanes == t->nl) t->one_col += 1, t->bad += s.cost != 1u;
}

/* Padding, pad.h's promise, phase by phase, for the widths of PAD_SAMPLE in 1..1024 with W*E a
 * multiple of A, every (E, A), height N + 3 (N = 128/A lanes per phase; full and partial
 * phases): rows as pad_row_phase says (48 floats: the phases that cross a row end are 2-way,
 * the others free), columns as pad_col_phase says, and (a quarter of the widths) the
 * whole-tile column walk conflict free at height N. */
Test(conflicts, pad_every_width, .timeout = 120)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t w, ie, ia, cases = 0, crossing = 0;
    for (w = 1; w <= 1024; ++w)
        for (ie = PAD_SAMPLE(w) ? 0 : 5; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) { /* one height, N + 3: full and partial phases */
                    uint32_t e = es[ie], a = as[ia], nl = 128u / a, h = nl + 3u;
                    uint32_t units = w * e / a;
                    pad_tally rt = {units % 2u == 0u, nl, 0, 0, 0, 0}, ct = {0, nl, 0, 0, 0, 0};
                    swz_layout l;
                    swz_check_totals t;
                    int rc;
                    if (a % e || w * e < a || w * e % a) continue;
                    cr_assert_eq(swz_layout_make(&l, PAD, w, e, a, h), SWZ_OK);
                    rc = walk_phases(&l, ROW, (int)a, pad_row_phase, &rt);
                    CHECK(rc == SWZ_OK && rt.bad == 0, "pad W=%u H=%u E=%u A=%u rows: status %d, %u of %u phases "
                          "break the promise", w, h, e, a, rc, rt.bad, rt.phases);
                    rc = walk_phases(&l, COL, (int)a, pad_col_phase, &ct);
                    CHECK(rc == SWZ_OK && ct.bad == 0 && ct.one_col > 0, "pad W=%u H=%u E=%u A=%u columns: status "
                          "%d, %u of %u one-column phases conflict", w, h, e, a, rc, ct.bad, ct.one_col);
                    if (w % 4u == 1u) { /* the whole-tile column walk, H a multiple of N */
                        cr_assert_eq(swz_layout_make(&l, PAD, w, e, a, nl), SWZ_OK);
                        rc = swz_check_tile(&l, COL, (int)a, 0, &t);
                        CHECK(rc == SWZ_OK && t.worst_ways == 1, "pad W=%u H=%u E=%u A=%u col walk: %u-way", w, nl,
                              e, a, t.worst_ways);
                    }
                    crossing += rt.crossing;
                    ++cases;
                }
    cr_log_info("pad: %u shapes, %u row phases crossing into padding (all 2-way)", cases, crossing);
    cr_assert_gt(crossing, 1000u); /* the 2-way half of the promise was exercised */
}

/* pad.h's example of the 2-way rows: 48 floats (192 B) per row, stride 49: the second
 * instruction of a row walk covers the last 16 words of row 0 and the first 16 of row 1. */
Test(conflicts, pad_48_floats_rows)
{
    swz_layout l;
    swz_pattern p = {ROW, SWZ_ACCESS_4, 0, 0, 32, 0, 0};
    swz_check_result r;
    cr_assert_eq(swz_layout_make(&l, PAD, 48, 4, 4, 32), SWZ_OK);
    cr_assert_eq(l.stride, 49u);
    r = swz_check(&l, &p);
    cr_assert_eq(r.status, SWZ_OK);
    cr_assert_eq(r.bank.ways, 2u, "48-float rows, a run across the row end: %u-way", r.bank.ways);
    p.col0 = 0;
    r = swz_check(&l, &p);
    cr_assert_eq(r.bank.ways, 1u, "a run inside one row is conflict free");
}

/* morton.h's block promise, for every Morton tile with W*E/A and H powers of two (units per
 * row and height 1..256), every (E, A) and every block shape bw x bh of one phase (bw a power
 * of two, bw * bh = N lanes, the warp's block inside the tile): the whole-tile BLOCK walk is
 * conflict free exactly when the block's unit bits are the N lowest slot bits of the Morton
 * code.  The code (morton.h) puts unit bit i at bit 2i and row bit i at 2i+1 for i < k =
 * min(log2 units, log2 H), then the longer side's higher bits from bit 2k; counting the unit
 * bits among the low n = log2 N code bits gives the one conflict-free width (8x4 of 32 lanes,
 * 4x4 of 16, 4x2 of 8 when both sides are that long). */
Test(conflicts, morton_block_shapes, .timeout = 60)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t ie, ia, lu, lh, lw, free_seen = 0, conflict_seen = 0;
    for (ie = 0; ie < 5; ++ie)
        for (ia = 0; ia < 3; ++ia)
            for (lu = 0; lu <= 8; ++lu)
                for (lh = 0; lh <= 8; ++lh) {
                    uint32_t e = es[ie], a = as[ia], v = a / e, nl = 128u / a, n = ref_log2(nl);
                    uint32_t k = lu < lh ? lu : lh, phases = 32u / nl, ubits;
                    swz_layout l;
                    if (a % e) continue;
                    if (swz_layout_make(&l, MORTON, (1u << lu) * v, e, a, 1u << lh) != SWZ_OK) continue;
                    ubits = n <= 2u * k ? (n + 1u) / 2u : k + (lu > lh ? n - 2u * k : 0u);
                    for (lw = 0; lw <= n; ++lw) {
                        swz_pattern p = {BLOCK, (int)a, 0, 0, 0, 1u << lw, nl >> lw};
                        swz_check_totals t;
                        int rc;
                        if (lw > lu || (n - lw) + ref_log2(phases) > lh) continue; /* warp block fits */
                        rc = swz_check_tile_pattern(&l, &p, &t);
                        CHECK(rc == SWZ_OK, "morton E=%u A=%u 2^%u x 2^%u units, block %ux%u: status %d", e, a, lu,
                              lh, 1u << lw, nl >> lw, rc);
                        CHECK((t.worst_ways == 1) == (lw == ubits),
                              "morton E=%u A=%u 2^%u units x 2^%u rows, block %ux%u: %u-way, want %s", e, a, lu, lh,
                              1u << lw, nl >> lw, t.worst_ways, lw == ubits ? "conflict free" : "a conflict");
                        if (t.worst_ways == 1) ++free_seen; else ++conflict_seen;
                    }
                }
    cr_assert_gt(free_seen, 100u);
    cr_assert_gt(conflict_seen, 100u);
}

/* The case morton.h names: a 32x32 float tile, 4-byte loads.  8x4 blocks are conflict free,
 * 4x8 blocks 2-way (rows r and r+4 of a column pair share bits 0..4 of the code). */
Test(conflicts, morton_32x32_float_blocks)
{
    swz_layout l;
    swz_check_totals t;
    swz_pattern wide = {BLOCK, SWZ_ACCESS_4, 0, 0, 0, 8, 4}, tall = {BLOCK, SWZ_ACCESS_4, 0, 0, 0, 4, 8};
    swz_pattern dflt = {BLOCK, SWZ_ACCESS_4, 0, 0, 0, 0, 0};
    cr_assert_eq(swz_layout_make(&l, MORTON, 32, 4, 4, 32), SWZ_OK);
    cr_assert_eq(swz_check_tile_pattern(&l, &wide, &t), SWZ_OK);
    cr_assert_eq(t.worst_ways, 1u);
    cr_assert_eq(swz_check_tile_pattern(&l, &tall, &t), SWZ_OK);
    cr_assert_eq(t.worst_ways, 2u, "4x8 blocks: %u-way", t.worst_ways);
    cr_assert_eq(swz_check_tile_pattern(&l, &dflt, &t), SWZ_OK);
    cr_assert_eq(t.worst_ways, 1u, "the default shape is 8x4");
}

/* Bad block shapes are refused: the product must be the lanes per phase. */
Test(conflicts, block_shape_checked)
{
    swz_layout l;
    swz_check_result r;
    swz_pattern p = {BLOCK, SWZ_ACCESS_4, 0, 0, 0, 8, 8};
    uint32_t bw = 0, bh = 0;
    cr_assert_eq(swz_layout_make(&l, NONE, 32, 4, 4, 32), SWZ_OK);
    r = swz_check(&l, &p);
    cr_assert_eq(r.status, SWZ_ERANGE, "8x8 = 64 lanes in a 32-lane phase");
    p.block_w = 0, p.block_h = 4;
    cr_assert_eq(swz_check(&l, &p).status, SWZ_ERANGE, "only one side given");
    p.block_w = 32, p.block_h = 0x8000001u; /* 32 * h wraps to 32 in 32 bits */
    cr_assert_eq(swz_check(&l, &p).status, SWZ_ERANGE);
    cr_assert_eq(swz_check_block_shape(SWZ_ACCESS_8, 0, 0, &bw, &bh), SWZ_OK);
    cr_assert(bw == 4 && bh == 4, "default for 16 lanes: %ux%u", bw, bh);
    cr_assert_eq(swz_check_block_shape(SWZ_ACCESS_16, 8, 1, &bw, &bh), SWZ_OK);
    cr_assert(bw == 8 && bh == 1);
    cr_assert_eq(swz_check_block_shape(7, 0, 0, &bw, &bh), SWZ_EKIND);
}

/* STRIDE does not wrap: a[lane * 1000000] of floats is 32-way (1000000 = 2^6 * 15625, every
 * lane in bank 0) on a tile that holds all 32 lanes; on a smaller tile the lanes past its end
 * are inactive. */
Test(conflicts, stride_lanes_past_the_tile)
{
    swz_layout l;
    swz_pattern p = {SWZ_PAT_STRIDE, SWZ_ACCESS_4, 1000000u, 0, 0, 0, 0};
    swz_check_result r;
    uint32_t i;
    cr_assert_eq(swz_layout_make(&l, NONE, 1024, 4, 4, 65536), SWZ_OK); /* 2^26 > 31 * 10^6 */
    r = swz_check(&l, &p);
    cr_assert_eq(r.status, SWZ_OK);
    cr_assert_eq(r.mask, 0xFFFFFFFFu);
    cr_assert_eq(r.bank.ways, 32u, "a[lane*1000000]: %u-way", r.bank.ways);
    cr_assert_eq(swz_layout_make(&l, NONE, 1024, 4, 4, 4096), SWZ_OK); /* 4194304 units: lanes 0..4 */
    r = swz_check(&l, &p);
    cr_assert_eq(r.status, SWZ_OK);
    cr_assert_eq(r.mask, 0x1Fu, "mask %#x", r.mask);
    cr_assert_eq(r.bank.ways, 5u);
    for (i = 0; i < 5; ++i) cr_assert_eq(r.addr[i], 4u * 1000000u * i);
}
