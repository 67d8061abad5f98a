/* tests/host/test_conflicts.c -- what each layout promises, checked with swz_check_tile.
 *
 * What it proves
 *   1. A table of promises, written from the header docs and bank.h's rules (each row says
 *      why), NOT from running the code: for a layout, a pattern (check.h: ROW, COL, STRIDE,
 *      BLOCK) and an access (4/8/16 bytes, ldmatrix), the worst n-way conflict over the whole
 *      tile; for rows marked uniform every instruction suffers exactly that, so
 *      wavefronts == ways * ideal.
 *   2. Loops: the automatic XOR layout is conflict free for row and column access at its access
 *      width for every power-of-two W in 32..1024, every E and A, tile height >= 128/A; padding
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

/* The automatic XOR: conflict free for rows and columns at its access width, every power-of-two
 * W in 32..1024, every (E, A), heights N and 4N (N = 128/A rows fill one phase). */
Test(conflicts, xor_auto_every_shape)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t lw, ie, ia, hm, n = 0;
    for (lw = 5; lw <= 10; ++lw)
        for (ie = 0; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia)
                for (hm = 1; hm <= 4; hm *= 4) {
                    uint32_t w = 1u << lw, e = es[ie], a = as[ia], h = hm * 128u / a, ip;
                    static const int pats[] = {ROW, COL};
                    swz_layout l;
                    if (a % e) continue;
                    cr_assert_eq(swz_layout_make(&l, XOR, w, e, a, h), SWZ_OK);
                    for (ip = 0; ip < 2 + (a == 16) * 2; ++ip) {
                        int pat = pats[ip % 2], acc = ip < 2 ? (int)a : LDM;
                        swz_check_totals t;
                        int rc = swz_check_tile(&l, pat, acc, 0, &t);
                        CHECK(rc == SWZ_OK && t.worst_ways == 1 && t.wavefronts == t.ideal,
                              "xor W=%u H=%u E=%u A=%u %s/%d: status %d, %u-way, %llu/%llu wavefronts", w, h, e, a,
                              swz_pattern_name(pat), acc, rc, t.worst_ways, (unsigned long long)t.wavefronts,
                              (unsigned long long)t.ideal);
                        ++n;
                    }
                }
    cr_assert_eq(n, 6u * 12u * 2u * 2u + 6u * 5u * 2u * 2u, "%u cases", n);
}

/* All widths in the plain build (about 4 s); the sanitized build (about 3x slower) takes widths
 * 1..256, every 7th, the powers of two and 1023 (about a fifth of the work). */
#define PAD_SAMPLE(w) (!SWZ_TEST_SANITIZED || (w) <= 256 || ((w) & ((w)-1)) == 0 || (w) == 1023 || (w) % 7 == 0)

/* Padding: columns conflict free for every width 1..1024 (pad.h: consecutive rows hit slots
 * r * units' mod N, units' odd).  Rows: conflict free when each phase (N units) stays inside
 * one row (units per row a multiple of N) or the stride adds no gap after the accessed units;
 * otherwise a phase that crosses the padding can conflict (see the table), which is logged. */
Test(conflicts, pad_every_width, .timeout = 120)
{
    static const uint32_t es[] = {1, 2, 4, 8, 16}, as[] = {4, 8, 16};
    uint32_t w, ie, ia, cols = 0, rows_free = 0, rows_other = 0, worst_other = 0;
    for (w = 1; w <= 1024; ++w)
        for (ie = PAD_SAMPLE(w) ? 0 : 5; ie < 5; ++ie)
            for (ia = 0; ia < 3; ++ia) {
                uint32_t e = es[ie], a = as[ia], nl = 128u / a, h = nl, ur, gapless;
                swz_layout l;
                swz_check_totals t;
                int rc;
                if (a % e || w * e < a) continue;
                cr_assert_eq(swz_layout_make(&l, PAD, w, e, a, h), SWZ_OK);
                rc = swz_check_tile(&l, COL, (int)a, 0, &t);
                CHECK(rc == SWZ_OK && t.worst_ways == 1, "pad W=%u H=%u E=%u A=%u col: status %d, %u-way", w, h, e, a,
                      rc, t.worst_ways);
                ++cols;
                rc = swz_check_tile(&l, ROW, (int)a, 0, &t);
                CHECK(rc == SWZ_OK, "pad W=%u E=%u A=%u row: status %d", w, e, a, rc);
                ur = w * e / a;
                gapless = l.stride * e == ur * a;
                if (ur % nl == 0 || gapless) {
                    CHECK(t.worst_ways == 1, "pad W=%u H=%u E=%u A=%u row: %u-way, promised conflict free", w, h, e, a,
                          t.worst_ways);
                    ++rows_free;
                } else {
                    ++rows_other;
                    if (t.worst_ways > worst_other) worst_other = t.worst_ways;
                }
            }
    cr_log_info("pad: %u column cases conflict free; rows: %u promised conflict free, %u others (worst %u-way)", cols,
                rows_free, rows_other, worst_other);
    cr_assert_gt(rows_free, 500u);
}
