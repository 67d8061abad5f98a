/* tests/host/test_bank.c -- swz_bank_eval against an independent brute-force count.
 *
 * What it proves
 *   A second implementation of bank.h's rules R1-R6, written here from the doc block and BRIEF
 *   section 2 in a different way (enumerate every byte each active lane touches, per phase;
 *   sort the 4-byte words, drop duplicates, count distinct words per bank), agrees with
 *   swz_bank_eval on fixed-seed random warps for every access kind, with random masks and
 *   address generators that provoke broadcast, sub-word sharing, strides and heavy conflicts.
 *   Also: the published stride rule (a[lane*s] of 4-byte words: gcd(s, 32)-way, s = 1..128),
 *   hand-derived cases (broadcast, one word, sub-word bytes, misaligned lanes, 8/16-byte
 *   phases, ldmatrix x1/x2/x4), which the reference must also reproduce.
 *
 * Run: meson test -C <build> host-bank
 */
#include <swz/bank.h>

#include <stdio.h>

#include "host_util.h"

static const int kinds[] = {SWZ_ACCESS_1,  SWZ_ACCESS_2,    SWZ_ACCESS_4,    SWZ_ACCESS_8,
                            SWZ_ACCESS_16, SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X2, SWZ_LDMATRIX_X4};
#define N_KINDS 8

/* ---- the reference --------------------------------------------------------------------- */
typedef struct ref_result {
    int status;
    uint32_t wavefronts, ideal, ways, phases;
} ref_result;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static ref_result ref_bank(const uint32_t addr[32], uint32_t mask, int kind)
{
    ref_result r = {SWZ_OK, 0, 0, 0, 0};
    uint32_t bytes, used, per_phase, lane, p;
    switch (kind) {
    case 1:
    case 2:
    case 4:
    case 8:
    case 16:
        bytes = (uint32_t)kind;
        used = 32;
        break;
    case SWZ_LDMATRIX_X1:
        bytes = 16;
        used = 8;
        break; /* R3: addresses of lanes 0-7 */
    case SWZ_LDMATRIX_X2:
        bytes = 16;
        used = 16;
        break; /* lanes 0-15 */
    case SWZ_LDMATRIX_X4:
        bytes = 16;
        used = 32;
        break; /* lanes 0-31 */
    default: r.status = SWZ_EKIND; return r;
    }
    /* R3: whole warp for <= 4 bytes, 16 lanes for 8, 8 lanes for 16 (one ldmatrix matrix) */
    per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    for (lane = 0; lane < used; ++lane) /* R2: aligned to the access size */
        if ((mask >> lane) & 1u && addr[lane] % bytes != 0) {
            r.status = SWZ_EALIGN;
            return r;
        }
    for (p = 0; p < used / per_phase; ++p) {
        uint64_t words[32 * 16];
        uint32_t n = 0, i, b, cost = 0;
        for (lane = p * per_phase; lane < (p + 1) * per_phase; ++lane) {
            if (!((mask >> lane) & 1u)) continue;
            for (b = 0; b < bytes; ++b) words[n++] = ((uint64_t)addr[lane] + b) / 4; /* every byte */
        }
        if (n == 0) continue; /* R5/R6: phases without an active lane cost nothing */
        qsort(words, n, sizeof words[0], cmp_u64);
        {
            uint32_t per_bank[32] = {0};
            for (i = 0; i < n; ++i)
                if (i == 0 || words[i] != words[i - 1]) per_bank[words[i] % 32] += 1; /* R4: distinct words */
            for (b = 0; b < 32; ++b)
                if (per_bank[b] > cost) cost = per_bank[b];
        }
        r.phases += 1;
        r.wavefronts += cost;
        if (cost > r.ways) r.ways = cost;
    }
    r.ideal = r.phases;
    return r;
}

/* Compares both models on one warp; returns 0 or 1 with a message. */
static int compare(const uint32_t addr[32], uint32_t mask, int kind, char *msg, size_t n)
{
    swz_bank_result g = swz_bank_eval(addr, mask, kind);
    ref_result w = ref_bank(addr, mask, kind);
    if (g.status != w.status) {
        snprintf(msg, n, "kind %d mask %#x: status %d, reference %d (lane0 %#x)", kind, mask, g.status, w.status,
                 addr[0]);
        return 1;
    }
    if (g.status != SWZ_OK) return 0;
    if (g.wavefronts != w.wavefronts || g.ideal != w.ideal || g.ways != w.ways || g.phases != w.phases) {
        snprintf(msg, n,
                 "kind %d mask %#x: swz {wf %u, ideal %u, ways %u, phases %u}, reference {%u, %u, %u, %u}; "
                 "lane0 %#x lane1 %#x",
                 kind, mask, g.wavefronts, g.ideal, g.ways, g.phases, w.wavefronts, w.ideal, w.ways, w.phases, addr[0],
                 addr[1]);
        return 1;
    }
    return 0;
}

/* ---- random warps ---------------------------------------------------------------------- */
static uint32_t random_mask(host_rng *g)
{
    switch (host_rng_below(g, 8)) {
    case 0: return 0u;
    case 1: return 1u << host_rng_below(g, 32);
    case 2: return 0x0000FFFFu;
    case 3: return 0xFFFF0000u;
    case 4: return host_rng_u32(g) & host_rng_u32(g); /* sparse */
    case 5: return host_rng_u32(g);
    default: return 0xFFFFFFFFu;
    }
}

static void random_warp(host_rng *g, uint32_t bytes, uint32_t addr[32])
{
    uint32_t lane, mode = host_rng_below(g, 7), base = host_rng_below(g, 1u << 16) * 128u;
    uint32_t stride = host_rng_below(g, 40), pool[4], i;
    for (i = 0; i < 4; ++i) pool[i] = host_rng_below(g, 2048);
    for (lane = 0; lane < 32; ++lane) {
        uint32_t a;
        switch (mode) {
        case 0: a = host_rng_below(g, 512); break;       /* dense: many shared words */
        case 1: a = base + lane * stride * bytes; break; /* a[lane * stride] */
        case 2: a = pool[host_rng_below(g, 4)]; break;   /* broadcast heavy */
        case 3:
            a = host_rng_below(g, 32) * 4u + 128u * host_rng_below(g, 8); /* bank collisions */
            break;
        case 4: a = host_rng_u32(g) & 0x7FFFFFF0u; break;                 /* anywhere */
        case 5: a = base + (lane ^ host_rng_below(g, 32)) * bytes; break; /* permuted line */
        default: a = base + lane * 128u + host_rng_below(g, 4) * bytes; break;
        }
        addr[lane] = a / bytes * bytes; /* aligned */
    }
}

Test(bank, random_warps_vs_reference)
{
    host_rng g = host_rng_seed(77);
    uint32_t addr[32], k, i, mismatches = 0;
    char msg[256];
    for (k = 0; k < N_KINDS; ++k)
        for (i = 0; i < 30000; ++i) {
            uint32_t mask = random_mask(&g);
            random_warp(&g, swz_access_bytes(kinds[k]), addr);
            if (compare(addr, mask, kinds[k], msg, sizeof msg)) {
                ++mismatches;
                cr_assert_fail("%s", msg);
            }
        }
    cr_assert_eq(mismatches, 0u);
}

/* A misaligned active lane is SWZ_EALIGN; a misaligned lane the instruction ignores (inactive,
 * or beyond the lanes ldmatrix .x1/.x2 read) is not. */
Test(bank, misaligned_lanes_vs_reference)
{
    host_rng g = host_rng_seed(78);
    uint32_t addr[32], k, i, ealign = 0, ok = 0;
    char msg[256];
    for (k = 0; k < N_KINDS; ++k) {
        uint32_t bytes = swz_access_bytes(kinds[k]);
        if (bytes == 1) continue;
        for (i = 0; i < 20000; ++i) {
            uint32_t mask = random_mask(&g), lane = host_rng_below(&g, 32);
            random_warp(&g, bytes, addr);
            addr[lane] += 1 + host_rng_below(&g, bytes - 1);
            if (compare(addr, mask, kinds[k], msg, sizeof msg)) cr_assert_fail("%s", msg);
            if (swz_bank_eval(addr, mask, kinds[k]).status == SWZ_EALIGN)
                ++ealign;
            else
                ++ok;
        }
    }
    cr_assert_gt(ealign, 1000u);
    cr_assert_gt(ok, 1000u);
}

Test(bank, unknown_kinds)
{
    static const int bad[] = {0, 3, 5, 6, 7, 12, 32, 100, 103, 105, -1, 201};
    uint32_t addr[32] = {0}, i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        cr_assert_eq(swz_bank_eval(addr, 0xFFFFFFFFu, bad[i]).status, SWZ_EKIND, "kind %d", bad[i]);
        cr_assert_eq(ref_bank(addr, 0xFFFFFFFFu, bad[i]).status, SWZ_EKIND);
        cr_assert_eq(swz_access_bytes(bad[i]), 0u);
        cr_assert_eq(swz_access_phase_lanes(bad[i]), 0u);
        cr_assert_eq(swz_access_lanes(bad[i]), 0u);
    }
}

/* R1/R3 constants. */
Test(bank, access_tables)
{
    uint32_t a;
    for (a = 0; a < 4096; ++a) cr_assert_eq(swz_bank(a), (a / 4) % 32);
    cr_assert_eq(swz_bank(0xFFFFFFFFu), 31u);
    cr_assert_eq(swz_access_bytes(SWZ_ACCESS_1), 1u);
    cr_assert_eq(swz_access_bytes(SWZ_ACCESS_8), 8u);
    cr_assert_eq(swz_access_bytes(SWZ_LDMATRIX_X2), 16u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_ACCESS_1), 32u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_ACCESS_4), 32u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_ACCESS_8), 16u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_ACCESS_16), 8u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_LDMATRIX_X4), 8u);
    cr_assert_eq(swz_access_lanes(SWZ_LDMATRIX_X1), 8u);
    cr_assert_eq(swz_access_lanes(SWZ_LDMATRIX_X2), 16u);
    cr_assert_eq(swz_access_lanes(SWZ_LDMATRIX_X4), 32u);
    cr_assert_eq(swz_access_lanes(SWZ_ACCESS_2), 32u);
}

/* ---- the stride rule and hand-derived cases ------------------------------------------ */

Test(bank, stride_rule_gcd)
{
    uint32_t addr[32], s, l;
    for (s = 1; s <= 128; ++s) {
        swz_bank_result r;
        for (l = 0; l < 32; ++l) addr[l] = 4u * l * s;
        r = swz_bank_eval(addr, 0xFFFFFFFFu, SWZ_ACCESS_4);
        cr_assert_eq(r.status, SWZ_OK);
        cr_assert_eq(r.ways, ref_gcd(s, 32), "stride %u: %u-way, want gcd(s,32) = %u", s, r.ways, ref_gcd(s, 32));
        cr_assert_eq(r.wavefronts, ref_gcd(s, 32), "stride %u", s);
        cr_assert_eq(r.ideal, 1u);
        cr_assert_eq(ref_bank(addr, 0xFFFFFFFFu, SWZ_ACCESS_4).ways, ref_gcd(s, 32), "reference, stride %u", s);
    }
}

typedef struct hand_case {
    const char *what;
    int kind;
    uint32_t mask;
    uint32_t addr[32];
    int status;
    uint32_t wavefronts, ideal, ways, phases;
} hand_case;

/* Fill addresses: a(l) = base + (l / div) * step + (l % mod) * sub */
static void fill(uint32_t addr[32], uint32_t base, uint32_t div, uint32_t step, uint32_t mod, uint32_t sub)
{
    uint32_t l;
    for (l = 0; l < 32; ++l) addr[l] = base + (l / div) * step + (l % mod) * sub;
}

static void check_hand(const hand_case *c)
{
    swz_bank_result g = swz_bank_eval(c->addr, c->mask, c->kind);
    ref_result w = ref_bank(c->addr, c->mask, c->kind);
    cr_expect_eq(g.status, c->status, "%s: status %d, want %d", c->what, g.status, c->status);
    cr_expect_eq(w.status, c->status, "%s: reference status %d", c->what, w.status);
    if (c->status != SWZ_OK) return;
    cr_expect(g.wavefronts == c->wavefronts && g.ideal == c->ideal && g.ways == c->ways && g.phases == c->phases,
              "%s: {wf %u, ideal %u, ways %u, phases %u}, want {%u, %u, %u, %u}", c->what, g.wavefronts, g.ideal,
              g.ways, g.phases, c->wavefronts, c->ideal, c->ways, c->phases);
    cr_expect(w.wavefronts == c->wavefronts && w.ideal == c->ideal && w.ways == c->ways && w.phases == c->phases,
              "%s: reference disagrees with the hand value", c->what);
}

Test(bank, hand_derived)
{
    hand_case c;
#define CASE(WHAT, KIND, MASK, STATUS, WF, IDEAL, WAYS, PHASES, ...)                                                   \
    do {                                                                                                               \
        memset(&c, 0, sizeof c);                                                                                       \
        c.what = WHAT;                                                                                                 \
        c.kind = KIND;                                                                                                 \
        c.mask = MASK;                                                                                                 \
        fill(c.addr, __VA_ARGS__);                                                                                     \
        c.status = STATUS;                                                                                             \
        c.wavefronts = WF;                                                                                             \
        c.ideal = IDEAL;                                                                                               \
        c.ways = WAYS;                                                                                                 \
        c.phases = PHASES;                                                                                             \
        check_hand(&c);                                                                                                \
    } while (0)
    /* CASE(what, kind, mask, status, wavefronts, ideal, ways, phases, base, div, step, mod, sub):
     * lane l reads base + (l / div) * step + (l % mod) * sub */
    CASE("consecutive floats", 4, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 1, 4, 1, 0);
    CASE("bank.h example: stride 2", 4, 0xFFFFFFFFu, SWZ_OK, 2, 1, 2, 1, 0, 1, 8, 1, 0);
    CASE("broadcast: all lanes one word", 4, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 256, 32, 0, 1, 0);
    CASE("bytes of one word", 1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 64, 32, 0, 4, 1);
    CASE("halves: lane pairs share words 128 B apart", 2, 0xFFFFFFFFu, SWZ_OK, 16, 1, 16, 1, 0, 2, 128, 2, 2);
    CASE("bytes: 4 lanes per word, 8 words in bank 0", 1, 0xFFFFFFFFu, SWZ_OK, 8, 1, 8, 1, 0, 4, 128, 4, 1);
    CASE("column of a 32x32 float tile", 4, 0xFFFFFFFFu, SWZ_OK, 32, 1, 32, 1, 0, 1, 128, 1, 0);
    CASE("column, 5 lanes active", 4, 0x0000001Fu, SWZ_OK, 5, 1, 5, 1, 0, 1, 128, 1, 0);
    CASE("no lane active", 4, 0u, SWZ_OK, 0, 0, 0, 0, 0, 1, 128, 1, 0);
    CASE("8 B consecutive: two half-warp phases", 8, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 1, 8, 1, 0);
    CASE("8 B, both halves one line (no merging)", 8, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 1, 0, 16, 8);
    CASE("8 B, only the low half-warp", 8, 0x0000FFFFu, SWZ_OK, 1, 1, 1, 1, 0, 1, 8, 1, 0);
    CASE("8 B column (rows of 128 B)", 8, 0xFFFFFFFFu, SWZ_OK, 32, 2, 16, 2, 0, 1, 128, 1, 0);
    CASE("8 B stride 2 slots: 2-way per phase", 8, 0xFFFFFFFFu, SWZ_OK, 4, 2, 2, 2, 0, 1, 16, 1, 0);
    CASE("16 B consecutive: four quarter phases", 16, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 1, 16, 1, 0);
    CASE("16 B stride 2 slots: 2-way per phase", 16, 0xFFFFFFFFu, SWZ_OK, 8, 4, 2, 4, 0, 1, 32, 1, 0);
    CASE("16 B broadcast", 16, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 4096, 32, 0, 1, 0);
    CASE("16 B, lanes 8-15 only", 16, 0x0000FF00u, SWZ_OK, 1, 1, 1, 1, 0, 1, 16, 1, 0);
    CASE("ldmatrix x1: 8 rows of 16 B, contiguous", SWZ_LDMATRIX_X1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 1, 16, 1, 0);
    CASE("ldmatrix x1: rows 128 B apart", SWZ_LDMATRIX_X1, 0xFFFFFFFFu, SWZ_OK, 8, 1, 8, 1, 0, 1, 128, 1, 0);
    CASE("ldmatrix x2: two matrices", SWZ_LDMATRIX_X2, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 1, 16, 1, 0);
    CASE("ldmatrix x2: rows 128 B apart", SWZ_LDMATRIX_X2, 0xFFFFFFFFu, SWZ_OK, 16, 2, 8, 2, 0, 1, 128, 1, 0);
    CASE("ldmatrix x4: four matrices", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 1, 16, 1, 0);
    CASE("ldmatrix x4: rows 256 B apart", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_OK, 32, 4, 8, 4, 0, 1, 256, 1, 0);
    CASE("misaligned 4 B", 4, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 2, 1, 4, 1, 0);
    CASE("misaligned 2 B", 2, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 1, 1, 2, 1, 0);
    CASE("misaligned 8 B (4-aligned)", 8, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 4, 1, 8, 1, 0);
    CASE("misaligned 16 B (8-aligned)", 16, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 8, 1, 16, 1, 0);
    CASE("misaligned ldmatrix row", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 8, 1, 16, 1, 0);
    CASE("1 B never misaligned", 1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 3, 1, 1, 1, 0);
#undef CASE
    /* ignored lanes are not read: x1 uses lanes 0-7, x2 lanes 0-15 */
    fill(c.addr, 0, 1, 16, 1, 0);
    c.addr[8] = 3;
    c.addr[20] = 5;
    cr_assert_eq(swz_bank_eval(c.addr, 0xFFFFFFFFu, SWZ_LDMATRIX_X1).status, SWZ_OK);
    cr_assert_eq(swz_bank_eval(c.addr, 0xFFFFFFFFu, SWZ_LDMATRIX_X2).status, SWZ_EALIGN);
    c.addr[8] = 128;
    cr_assert_eq(swz_bank_eval(c.addr, 0xFFFFFFFFu, SWZ_LDMATRIX_X2).status, SWZ_OK);
    cr_assert_eq(swz_bank_eval(c.addr, 0xFFFFFFFFu, SWZ_LDMATRIX_X4).status, SWZ_EALIGN);
    cr_assert_eq(swz_bank_eval(c.addr, 0xFFEFFFFFu, SWZ_LDMATRIX_X4).status, SWZ_OK, "lane 20 inactive");
}

/* Self-test of the comparison: a model that forgets sub-word sharing (counts lanes, not
 * words) disagrees with the reference on random warps, so the random test can fail. */
Test(bank, reference_detects_a_wrong_model)
{
    host_rng g = host_rng_seed(79);
    uint32_t addr[32], i, differ = 0;
    for (i = 0; i < 2000; ++i) {
        uint32_t l, per_bank[32] = {0}, worst = 0;
        random_warp(&g, 1, addr);
        for (l = 0; l < 32; ++l) per_bank[(addr[l] / 4) % 32] += 1; /* wrong: lanes, not distinct words */
        for (l = 0; l < 32; ++l)
            if (per_bank[l] > worst) worst = per_bank[l];
        differ += worst != ref_bank(addr, 0xFFFFFFFFu, SWZ_ACCESS_1).ways;
    }
    cr_assert_gt(differ, 100u);
}
