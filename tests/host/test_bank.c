/* tests/host/test_bank.c -- swz_bank_eval against an independent brute-force count.
 *
 * What it proves
 *   A second implementation of bank.h's rules R1-R7, written here from the doc block in a
 *   different way (enumerate every byte each active lane touches, per phase;
 *   sort the 4-byte words, drop duplicates, count distinct words per bank; R7 as a table of
 *   the two allowed ways to split a lane quad into pairs, each pair holding at most one
 *   distinct active address), agrees with swz_bank_eval -- wavefronts, ideal, ways, phases,
 *   paired, phase_lanes and every phase's cost -- on fixed-seed random warps for every access
 *   kind, loads and stores (SWZ_STORE), with random masks and address generators that provoke
 *   broadcast, sub-word sharing, strides, heavy conflicts and, for R7, warps whose quads read
 *   in pairs (per pair or per quad addresses, some with one lane broken or the quad in the
 *   abba shape that does not pair).
 *   Also: the published stride rule (a[lane*s] of 4-byte words: gcd(s, 32)-way, s = 1..128),
 *   hand-derived cases (broadcast, one word, sub-word bytes, misaligned lanes, 8/16-byte
 *   phases, ldmatrix x1/x2/x4) and the H200 measurements that R7 rests on, which the reference
 *   must also reproduce.
 *
 * Run: meson test -C <build> host-bank
 */
#include <swz/bank.h>

#include <stdio.h>

#include "host_util.h"

static const int kinds[] = {SWZ_ACCESS_1,
                            SWZ_ACCESS_2,
                            SWZ_ACCESS_4,
                            SWZ_ACCESS_8,
                            SWZ_ACCESS_16,
                            SWZ_LDMATRIX_X1,
                            SWZ_LDMATRIX_X2,
                            SWZ_LDMATRIX_X4,
                            SWZ_ACCESS_1 | SWZ_STORE,
                            SWZ_ACCESS_2 | SWZ_STORE,
                            SWZ_ACCESS_4 | SWZ_STORE,
                            SWZ_ACCESS_8 | SWZ_STORE,
                            SWZ_ACCESS_16 | SWZ_STORE,
                            SWZ_LDMATRIX_X4 | SWZ_STORE}; /* stmatrix */
#define N_KINDS ((uint32_t)(sizeof kinds / sizeof kinds[0]))

/* ---- the reference --------------------------------------------------------------------- */
typedef struct ref_result {
    int status;
    uint32_t wavefronts, ideal, ways, phases, paired, phase_lanes, phase_cost[4];
} ref_result;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* R7, from the doc text: a quad of lanes reads in pairs by split `only` (of the two below) when
 * that split leaves, in each of its pairs, at most one distinct address among the active
 * lanes; the warp pairs when every quad does so by the same split. */
static const uint32_t ref_splits[2][2][2] = {{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}};

static int ref_quad_pairs(const uint32_t addr[32], uint32_t mask, uint32_t q, uint32_t only)
{
    uint32_t s, h, i;
    for (s = only; s == only; ++s) {
        int split_ok = 1;
        for (h = 0; h < 2; ++h) {
            uint32_t distinct = 0, seen = 0;
            for (i = 0; i < 2; ++i) {
                uint32_t lane = 4 * q + ref_splits[s][h][i];
                if (!((mask >> lane) & 1u)) continue;
                if (distinct == 0 || addr[lane] != seen) ++distinct;
                seen = addr[lane];
            }
            if (distinct > 1) split_ok = 0;
        }
        if (split_ok) return 1;
    }
    return 0;
}

static ref_result ref_bank(const uint32_t addr[32], uint32_t mask, int kind)
{
    ref_result r;
    uint32_t bytes, used, per_phase, lane, p, q;
    int store = 0, ldsm = 0;
    memset(&r, 0, sizeof r);
    r.status = SWZ_OK;
    if (kind >= 0 && (kind & 0x100)) { /* SWZ_STORE: the same kinds, stored */
        store = 1;
        kind -= 0x100;
    }
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
        ldsm = 1;
        break; /* R3: addresses of lanes 0-7 */
    case SWZ_LDMATRIX_X2:
        bytes = 16;
        used = 16;
        ldsm = 1;
        break; /* lanes 0-15 */
    case SWZ_LDMATRIX_X4:
        bytes = 16;
        used = 32;
        ldsm = 1;
        break; /* lanes 0-31 */
    default: r.status = SWZ_EKIND; return r;
    }
    if (used < 32) mask &= (1u << used) - 1u; /* lanes the instruction ignores */
    /* R3: whole warp for <= 4 bytes, 16 lanes for 8, 8 lanes for 16 (one ldmatrix matrix) */
    per_phase = bytes <= 4 ? 32 : bytes == 8 ? 16 : 8;
    for (lane = 0; lane < used; ++lane) /* R2: aligned to the access size */
        if ((mask >> lane) & 1u && addr[lane] % bytes != 0) {
            r.status = SWZ_EALIGN;
            return r;
        }
    /* R7: 8/16-byte loads (not stores, not ldmatrix) whose every quad pairs: phases twice as wide */
    r.paired = !store && !ldsm && (bytes == 8 || bytes == 16);
    if (r.paired) { /* every quad must pair by the same split (H200 run 3: mixed splits don't) */
        uint32_t split, ok_any = 0;
        for (split = 0; split < 2; ++split) {
            uint32_t ok = 1;
            for (q = 0; q < 8; ++q) ok &= (uint32_t)ref_quad_pairs(addr, mask, q, split);
            ok_any |= ok;
        }
        r.paired = ok_any;
    }
    if (r.paired) per_phase *= 2;
    r.phase_lanes = per_phase;
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
        r.phase_cost[p] = cost;
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
        snprintf(msg, n, "kind %#x mask %#x: status %d, reference %d (lane0 %#x)", kind, mask, g.status, w.status,
                 addr[0]);
        return 1;
    }
    if (g.status != SWZ_OK) return 0;
    if (g.wavefronts != w.wavefronts || g.ideal != w.ideal || g.ways != w.ways || g.phases != w.phases ||
        g.paired != w.paired || g.phase_lanes != w.phase_lanes || g.phase_cost[0] != w.phase_cost[0] ||
        g.phase_cost[1] != w.phase_cost[1] || g.phase_cost[2] != w.phase_cost[2] ||
        g.phase_cost[3] != w.phase_cost[3]) {
        snprintf(msg, n,
                 "kind %#x mask %#x: swz {wf %u, ideal %u, ways %u, phases %u, paired %u, lanes %u, cost %u %u %u %u}, "
                 "reference {%u, %u, %u, %u, %u, %u, %u %u %u %u}; lane0 %#x lane1 %#x lane2 %#x lane3 %#x",
                 kind, mask, g.wavefronts, g.ideal, g.ways, g.phases, g.paired, g.phase_lanes, g.phase_cost[0],
                 g.phase_cost[1], g.phase_cost[2], g.phase_cost[3], w.wavefronts, w.ideal, w.ways, w.phases, w.paired,
                 w.phase_lanes, w.phase_cost[0], w.phase_cost[1], w.phase_cost[2], w.phase_cost[3], addr[0], addr[1],
                 addr[2], addr[3]);
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
    uint32_t stride = host_rng_below(g, 40), pool[4], i, q;
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
    /* R7 material, 4 warps in 10: make lane quads read in pairs (lane 4q+1 or 4q+2 copies lane
     * 4q, the other two share too: the shapes aabb / abab, per quad), then sometimes break
     * it again: one lane moved, or one quad in the abba shape (which does not pair). */
    if (host_rng_below(g, 10) < 4) {
        const uint32_t fix = host_rng_below(g, 5), split = host_rng_below(g, 2);
        for (q = 0; q < 8; ++q) {
            uint32_t l = 4 * q;
            /* one split for the whole warp; fix 3 gives one quad the other split (no pair) */
            if ((split ^ (fix == 3 && q == 5)) != 0) { /* aabb */
                addr[l + 1] = addr[l];
                addr[l + 3] = addr[l + 2];
            } else { /* abab */
                addr[l + 2] = addr[l];
                addr[l + 3] = addr[l + 1];
            }
        }
        if (fix == 1) { /* one lane reads elsewhere */
            lane = host_rng_below(g, 32);
            addr[lane] = (addr[lane] + bytes * (1u + host_rng_below(g, 40))) / bytes * bytes;
        } else if (fix == 2) { /* quad q in the shape abba */
            q = host_rng_below(g, 8);
            addr[4 * q + 3] = addr[4 * q];
            addr[4 * q + 2] = addr[4 * q + 1];
        }
    }
}

Test(bank, random_warps_vs_reference)
{
    host_rng g = host_rng_seed(77);
    uint32_t addr[32], k, i, mismatches = 0, paired[2] = {0, 0}, wide_loads = 0, full_paired = 0;
    char msg[256];
    for (k = 0; k < N_KINDS; ++k)
        for (i = 0; i < 20000; ++i) {
            uint32_t mask = random_mask(&g);
            swz_bank_result r;
            random_warp(&g, swz_access_bytes(kinds[k]), addr);
            if (compare(addr, mask, kinds[k], msg, sizeof msg)) {
                ++mismatches;
                cr_assert_fail("%s", msg);
            }
            r = swz_bank_eval(addr, mask, kinds[k]);
            if (kinds[k] == SWZ_ACCESS_8 || kinds[k] == SWZ_ACCESS_16) {
                ++wide_loads;
                paired[kinds[k] == SWZ_ACCESS_16] += r.paired;
                full_paired += r.paired && mask == 0xFFFFFFFFu;
            } else {
                cr_assert_eq(r.paired, 0u, "kind %#x never pairs", kinds[k]);
            }
        }
    cr_assert_eq(mismatches, 0u);
    /* the random warps reach R7 often, with and without help from inactive lanes */
    cr_assert_gt(paired[0], 20000u / 4, "8-byte loads paired in %u of 20000 warps", paired[0]);
    cr_assert_gt(paired[1], 20000u / 4, "16-byte loads paired in %u of 20000 warps", paired[1]);
    cr_assert_gt(full_paired, wide_loads / 20, "paired with every lane active: %u", full_paired);
    cr_assert_lt(paired[0] + paired[1], wide_loads * 3 / 4, "unpaired wide loads too");
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
    static const int bad[] = {0, 3, 5, 6, 7, 12, 32, 100, 103, 105, -1, 201, 0x100, 0x103, 0x120, 0x200 | 4};
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
    /* SWZ_STORE changes none of these (R7 is decided per warp, by swz_bank_eval) */
    cr_assert_eq(swz_access_bytes(SWZ_ACCESS_16 | SWZ_STORE), 16u);
    cr_assert_eq(swz_access_phase_lanes(SWZ_ACCESS_8 | SWZ_STORE), 16u);
    cr_assert_eq(swz_access_lanes(SWZ_LDMATRIX_X2 | SWZ_STORE), 16u);
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
    uint32_t wavefronts, ideal, ways, phases, paired;
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
    /* R3 phase width, doubled by R7 (ldmatrix: 8 lanes, one matrix) */
    const uint32_t bytes = (uint32_t)(c->kind & 0xFF) <= 16 ? (uint32_t)(c->kind & 0xFF) : 16u;
    const uint32_t lanes = (bytes <= 4 ? 32u : 128u / bytes) * (c->paired ? 2u : 1u);
    cr_expect_eq(g.status, c->status, "%s: status %d, want %d", c->what, g.status, c->status);
    cr_expect_eq(w.status, c->status, "%s: reference status %d", c->what, w.status);
    if (c->status != SWZ_OK) return;
    cr_expect(g.wavefronts == c->wavefronts && g.ideal == c->ideal && g.ways == c->ways && g.phases == c->phases &&
                  g.paired == c->paired && g.phase_lanes == lanes,
              "%s: {wf %u, ideal %u, ways %u, phases %u, paired %u, %u-lane phases}, want {%u, %u, %u, %u, %u, %u}",
              c->what, g.wavefronts, g.ideal, g.ways, g.phases, g.paired, g.phase_lanes, c->wavefronts, c->ideal,
              c->ways, c->phases, c->paired, lanes);
    cr_expect(w.wavefronts == c->wavefronts && w.ideal == c->ideal && w.ways == c->ways && w.phases == c->phases &&
                  w.paired == c->paired && w.phase_lanes == lanes,
              "%s: reference disagrees with the hand value", c->what);
}

#define ST(K) ((K) | SWZ_STORE)
#define LD8 SWZ_ACCESS_8
#define LD16 SWZ_ACCESS_16

Test(bank, hand_derived)
{
    hand_case c;
#define CASE(WHAT, KIND, MASK, STATUS, WF, IDEAL, WAYS, PHASES, PAIRED, ...)                                          \
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
        c.paired = PAIRED;                                                                                             \
        check_hand(&c);                                                                                                \
    } while (0)
    /* CASE(what, kind, mask, status, wavefronts, ideal, ways, phases, paired, base, div, step, mod, sub):
     * lane l reads base + (l / div) * step + (l % mod) * sub */
    CASE("consecutive floats", 4, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 0, 1, 4, 1, 0);
    CASE("bank.h example: stride 2", 4, 0xFFFFFFFFu, SWZ_OK, 2, 1, 2, 1, 0, 0, 1, 8, 1, 0);
    CASE("broadcast: all lanes one word", 4, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 256, 32, 0, 1, 0);
    CASE("bytes of one word", 1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 64, 32, 0, 4, 1);
    CASE("halves: lane pairs share words 128 B apart", 2, 0xFFFFFFFFu, SWZ_OK, 16, 1, 16, 1, 0, 0, 2, 128, 2, 2);
    CASE("bytes: 4 lanes per word, 8 words in bank 0", 1, 0xFFFFFFFFu, SWZ_OK, 8, 1, 8, 1, 0, 0, 4, 128, 4, 1);
    CASE("column of a 32x32 float tile", 4, 0xFFFFFFFFu, SWZ_OK, 32, 1, 32, 1, 0, 0, 1, 128, 1, 0);
    CASE("column, 5 lanes active", 4, 0x0000001Fu, SWZ_OK, 5, 1, 5, 1, 0, 0, 1, 128, 1, 0);
    CASE("no lane active", 4, 0u, SWZ_OK, 0, 0, 0, 0, 0, 0, 1, 128, 1, 0);
    CASE("8 B, no lane active: every quad pairs vacuously", LD8, 0u, SWZ_OK, 0, 0, 0, 0, 1, 0, 1, 128, 1, 0);
    CASE("8 B consecutive: two half-warp phases", LD8, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 0, 1, 8, 1, 0);
    CASE("8 B, both halves one line (quads distinct: no pairing)", LD8, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 0, 1, 0,
         16, 8);
    CASE("8 B, only the low half-warp", LD8, 0x0000FFFFu, SWZ_OK, 1, 1, 1, 1, 0, 0, 1, 8, 1, 0);
    CASE("8 B column (rows of 128 B)", LD8, 0xFFFFFFFFu, SWZ_OK, 32, 2, 16, 2, 0, 0, 1, 128, 1, 0);
    CASE("8 B stride 2 slots: 2-way per phase", LD8, 0xFFFFFFFFu, SWZ_OK, 4, 2, 2, 2, 0, 0, 1, 16, 1, 0);
    CASE("16 B consecutive: four quarter phases", LD16, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 0, 1, 16, 1, 0);
    CASE("16 B stride 2 slots: 2-way per phase", LD16, 0xFFFFFFFFu, SWZ_OK, 8, 4, 2, 4, 0, 0, 1, 32, 1, 0);
    CASE("16 B, lanes 8-15 only", LD16, 0x0000FF00u, SWZ_OK, 1, 1, 1, 1, 0, 0, 1, 16, 1, 0);
    CASE("ldmatrix x1: 8 rows of 16 B, contiguous", SWZ_LDMATRIX_X1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 0, 1, 16, 1,
         0);
    CASE("ldmatrix x1: rows 128 B apart", SWZ_LDMATRIX_X1, 0xFFFFFFFFu, SWZ_OK, 8, 1, 8, 1, 0, 0, 1, 128, 1, 0);
    CASE("ldmatrix x2: two matrices", SWZ_LDMATRIX_X2, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 0, 1, 16, 1, 0);
    CASE("ldmatrix x2: rows 128 B apart", SWZ_LDMATRIX_X2, 0xFFFFFFFFu, SWZ_OK, 16, 2, 8, 2, 0, 0, 1, 128, 1, 0);
    CASE("ldmatrix x4: four matrices", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 0, 1, 16, 1, 0);
    CASE("ldmatrix x4: rows 256 B apart", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_OK, 32, 4, 8, 4, 0, 0, 1, 256, 1, 0);
    CASE("ldmatrix x4: one row for all (never pairs)", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 0, 32, 0,
         1, 0);
    CASE("stmatrix x4: lane pairs share rows (never pairs)", ST(SWZ_LDMATRIX_X4), 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0,
         0, 2, 16, 1, 0);
    CASE("misaligned 4 B", 4, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 2, 1, 4, 1, 0);
    CASE("misaligned 2 B", 2, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 1, 1, 2, 1, 0);
    CASE("misaligned 8 B (4-aligned)", LD8, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 4, 1, 8, 1, 0);
    CASE("misaligned 16 B (8-aligned)", LD16, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 8, 1, 16, 1, 0);
    CASE("misaligned 16 B store", ST(LD16), 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 8, 1, 16, 1, 0);
    CASE("misaligned ldmatrix row", SWZ_LDMATRIX_X4, 0xFFFFFFFFu, SWZ_EALIGN, 0, 0, 0, 0, 0, 8, 1, 16, 1, 0);
    CASE("1 B never misaligned", 1, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 0, 3, 1, 1, 1, 0);

    /* R7, as measured on an H200 by bench/conformance (pattern -> wavefronts per instruction);
     * the other fields follow from the rule: a paired 8-byte load is one whole-warp phase, a
     * paired 16-byte load two half-warp phases. */
    CASE("H200: ld8 every lane one address -> 1", LD8, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 1, 256, 32, 0, 1, 0);
    CASE("H200: ld16 every lane one address -> 2", LD16, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 1, 4096, 32, 0, 1, 0);
    CASE("H200: ld16 one address, mask 0x00010001 -> 2", LD16, 0x00010001u, SWZ_OK, 2, 2, 1, 2, 1, 0, 32, 0, 1, 0);
    CASE("H200: ld8 two addresses alternating, (l%2)*8 -> 1", LD8, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 1, 0, 32, 0, 2,
         8);
    CASE("H200: ld8 four addresses cycling, (l%4)*8 -> 2", LD8, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 0, 32, 0, 4, 8);
    CASE("H200: ld8 lane pairs share, (l/2)*8 -> 1", LD8, 0xFFFFFFFFu, SWZ_OK, 1, 1, 1, 1, 1, 0, 2, 8, 1, 0);
    /* one phase of 4 addresses 128 B apart: bank 0 and 1 hold 4 distinct words each */
    CASE("H200: ld8 8-lane groups, (l/8)*128 -> 4", LD8, 0xFFFFFFFFu, SWZ_OK, 4, 1, 4, 1, 1, 0, 8, 128, 1, 0);
    CASE("H200: ld16 halves, (l/16)*128 -> 2", LD16, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 1, 0, 16, 128, 1, 0);
    /* stores never merge: R1-R6 phases */
    CASE("H200: st8 every lane one address -> 2", ST(LD8), 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 256, 32, 0, 1, 0);
    CASE("H200: st16 every lane one address -> 4", ST(LD16), 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 4096, 32, 0, 1, 0);
    CASE("H200: st8 lane pairs share -> 2", ST(LD8), 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 0, 0, 2, 8, 1, 0);
    CASE("H200: st16 (l/16)*128 -> 4", ST(LD16), 0xFFFFFFFFu, SWZ_OK, 4, 4, 1, 4, 0, 0, 16, 128, 1, 0);
    /* R7 derived by hand (not measured): ld16, lane pairs share 16-byte units, (l/2)*16: each
     * half-warp phase reads 8 units = 128 B, conflict free. */
    CASE("ld16 lane pairs share units: 2 half-warps of 128 B", LD16, 0xFFFFFFFFu, SWZ_OK, 2, 2, 1, 2, 1, 0, 2, 16, 1,
         0);
    /* ld8 (l/8)*128 + (l%8)*8: quads of distinct addresses, not paired; a half-warp reads
     * bytes 0..63 of two lines 128 B apart: 2-way in each half */
    CASE("ld8 quads of distinct addresses do not pair", LD8, 0xFFFFFFFFu, SWZ_OK, 4, 2, 2, 2, 0, 0, 8, 128, 8, 8);
#undef CASE
    {
        /* ld8 all 0 but lane 31 reads 8 (H200: 2): quad 7 is (0, 0, 0, 8), neither split pairs it */
        uint32_t l;
        memset(&c, 0, sizeof c);
        c.what = "H200: ld8 all 0 but lane 31 reads 8 -> 2";
        c.kind = LD8;
        c.mask = 0xFFFFFFFFu;
        c.addr[31] = 8;
        c.status = SWZ_OK;
        c.wavefronts = 2, c.ideal = 2, c.ways = 1, c.phases = 2, c.paired = 0;
        check_hand(&c);
        /* the same with lane 31 inactive: the wildcard makes quad 7 pair, one phase */
        c.what = "ld8 all 0, lane 31 (reads 8) inactive -> 1";
        c.mask = 0x7FFFFFFFu;
        c.wavefronts = 1, c.ideal = 1, c.phases = 1, c.paired = 1;
        check_hand(&c);
        /* quad shape abba (lanes 0,3 alike, 1,2 alike) is not one of R7's splits */
        c.what = "ld8 quads abba -> no pairing, 2";
        c.mask = 0xFFFFFFFFu;
        for (l = 0; l < 32; ++l) c.addr[l] = (2 * (l / 4) + (l % 4 == 1 || l % 4 == 2)) * 8;
        c.wavefronts = 2, c.ideal = 2, c.ways = 1, c.phases = 2, c.paired = 0;
        check_hand(&c);
        /* a paired merged phase can conflict: ld16 (l/8)*128 + ((l%8)/2)*16 (quads aabb); a
         * half-warp reads units 0..3 of two lines 128 B apart: banks 0-15 twice, 2-way */
        c.what = "ld16 paired, 2-way inside the merged phase";
        c.kind = LD16;
        for (l = 0; l < 32; ++l) c.addr[l] = (l / 8) * 128 + ((l % 8) / 2) * 16;
        c.wavefronts = 4, c.ideal = 2, c.ways = 2, c.phases = 2, c.paired = 1;
        check_hand(&c);
        /* distinct addresses, every odd lane inactive: each pair has one active lane */
        c.what = "ld16 distinct, odd lanes inactive -> paired, 2";
        c.kind = LD16;
        c.mask = 0x55555555u;
        for (l = 0; l < 32; ++l) c.addr[l] = l * 16;
        /* half-warp h: lanes 16h + 2i at (16h + 2i)*16: 8 units 32 B apart = 256 B, 2-way */
        c.wavefronts = 4, c.ideal = 2, c.ways = 2, c.phases = 2, c.paired = 1;
        check_hand(&c);
    }
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

/* phase_cost and phase_lanes by hand: ld16 (l/2)*16 + (l/16)*128 is paired (lanes 2i, 2i+1
 * alike); half-warp 0 reads units 0..7 (128 B, cost 1), half-warp 1 units 8..15 shifted by
 * 128 B = bytes 256..383 (cost 1).  Unpaired (a store) the four quarter-warps read 4 units
 * each: cost 1 each. */
Test(bank, phase_costs_by_hand)
{
    uint32_t addr[32], l;
    swz_bank_result r;
    for (l = 0; l < 32; ++l) addr[l] = (l / 2) * 16 + (l / 16) * 128;
    r = swz_bank_eval(addr, 0xFFFFFFFFu, SWZ_ACCESS_16);
    cr_assert(r.paired == 1 && r.phase_lanes == 16 && r.phase_cost[0] == 1 && r.phase_cost[1] == 1 &&
              r.phase_cost[2] == 0 && r.phase_cost[3] == 0 && r.wavefronts == 2);
    r = swz_bank_eval(addr, 0xFFFFFFFFu, SWZ_ACCESS_16 | SWZ_STORE);
    cr_assert(r.paired == 0 && r.phase_lanes == 8 && r.phase_cost[0] == 1 && r.phase_cost[1] == 1 &&
              r.phase_cost[2] == 1 && r.phase_cost[3] == 1 && r.wavefronts == 4);
    /* lane 17 alone at 128 B: the pairing breaks (quad 4 = lanes 16-19 reads a, b, c, c) and
     * the quarter-warp of lanes 16-23 reads bytes 256..319 and 128..143: banks 0-3 twice */
    addr[17] = 128;
    r = swz_bank_eval(addr, 0xFFFFFFFFu, SWZ_ACCESS_16);
    cr_assert(r.paired == 0 && r.phase_lanes == 8 && r.phase_cost[0] == 1 && r.phase_cost[1] == 1 &&
              r.phase_cost[2] == 2 && r.phase_cost[3] == 1 && r.wavefronts == 5, "costs %u %u %u %u", r.phase_cost[0],
              r.phase_cost[1], r.phase_cost[2], r.phase_cost[3]);
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

/* The same for R7: a model that never pairs (every load evaluated as a store) and one that
 * pairs stores too (every store evaluated as a load) both disagree with the reference on the
 * random warps, so the random test would catch either mistake. */
Test(bank, reference_detects_wrong_pairing)
{
    host_rng g = host_rng_seed(80);
    uint32_t addr[32], i, never = 0, always = 0;
    for (i = 0; i < 4000; ++i) {
        const int k = i % 2 ? SWZ_ACCESS_16 : SWZ_ACCESS_8;
        const uint32_t mask = random_mask(&g);
        random_warp(&g, swz_access_bytes(k), addr);
        never += swz_bank_eval(addr, mask, k | SWZ_STORE).wavefronts != ref_bank(addr, mask, k).wavefronts;
        always += swz_bank_eval(addr, mask, k).wavefronts != ref_bank(addr, mask, k | SWZ_STORE).wavefronts;
    }
    cr_assert_gt(never, 200u, "a model without R7 differs in %u warps", never);
    cr_assert_gt(always, 200u, "a model that pairs stores differs in %u warps", always);
}

/* R7's "same way" condition, as measured on an H200 (conformance run 3): quads that all pair
 * but by different splits do not pair. */
Test(bank, h200_mixed_splits_do_not_pair)
{
    uint32_t addr[32], l, K;
    for (K = 8; K <= 16; K *= 2) {
        const int kind = K == 8 ? SWZ_ACCESS_8 : SWZ_ACCESS_16;
        swz_bank_result g;
        ref_result w;
        /* quads alternate aabb / abab (8 distinct units per half-warp, all in one line) */
        for (l = 0; l < 32; ++l) {
            const uint32_t q = l / 4, i = l % 4;
            addr[l] = (2 * q + (q % 2 ? i % 2 : i / 2)) % 16 * K;
        }
        g = swz_bank_eval(addr, 0xFFFFFFFFu, kind);
        w = ref_bank(addr, 0xFFFFFFFFu, kind);
        cr_expect(g.paired == 0 && g.wavefronts == (K == 8 ? 2u : 4u), "K=%u mixed splits: paired %u, wf %u", K,
                  g.paired, g.wavefronts);
        cr_expect(w.paired == 0 && w.wavefronts == g.wavefronts, "reference, K=%u mixed splits", K);
        /* every quad aabb except quad 7 = (a, b, a, off): H200 ld16 -> 4, not 2 (pattern #233) */
        for (l = 0; l < 32; ++l) addr[l] = (l < 28 ? l / 2 : 64 + l % 2) * K;
        g = swz_bank_eval(addr, 0x7FFFFFFFu, kind);
        w = ref_bank(addr, 0x7FFFFFFFu, kind);
        cr_expect_eq(g.paired, 0u, "K=%u quad 7 aba-: must not pair", K);
        cr_expect(w.paired == 0 && w.wavefronts == g.wavefronts, "reference, K=%u aba-", K);
        if (K == 16) cr_expect_eq(g.wavefronts, 4u, "H200 measured 4 for ld16 aba-");
    }
}

/* ---- R8: cp.async's shared writes ---------------------------------------------------------
 * A second implementation written from R8's text as constraints on a wavefront instead of maps:
 * the lanes of one wavefront come from one source line (any lanes of the warp), write one shared
 * line, a source sector's lanes in it write one shared sector (two source sectors never share
 * one), the sector map extends to a
 * rotation or reflection of the 4-sector ring, and the chunk half is kept or swapped alike;
 * whole and split source sectors never mix (a sector's only lane joins either).  The fewest wavefronts is found by exhaustive
 * branch and bound over partitions (no choice of maps), and must equal bank.h's cover. */
typedef struct { uint32_t j, d, g, line, kind, lane; } r8_item; /* kind 0 whole, 1 split, 2 single lane */

static int r8_group_ok(const r8_item *it, const int *grp, int n)
{
    int a, b, r, dir, fits = 0;
    for (a = 0; a < n; ++a)
        for (b = a + 1; b < n; ++b) {
            const r8_item *x = &it[grp[a]], *y = &it[grp[b]];
            if ((x->kind ^ y->kind) == 1u || (x->d >> 3) != (y->d >> 3) || x->line != y->line) return 0;
            if (x->g == y->g ? (x->d >> 1) != (y->d >> 1) : (x->d >> 1) == (y->d >> 1)) return 0;
            if (((x->j ^ x->d) & 1u) != ((y->j ^ y->d) & 1u)) return 0;
        }
    for (dir = 0; dir < 2 && !fits; ++dir) /* some ring map sends every g to its sector */
        for (r = 0; r < 4 && !fits; ++r) {
            fits = 1;
            for (a = 0; a < n; ++a) {
                const uint32_t t = (it[grp[a]].d >> 1) & 3u, g = it[grp[a]].g;
                if ((dir ? (uint32_t)(r - (int)g) & 3u : (g + (uint32_t)r) & 3u) != t) fits = 0;
            }
        }
    return fits;
}

static void r8_search(const r8_item *it, int n, int i, int grp[][8], int *len, int ng, int *best)
{
    int k;
    if (ng >= *best) return;
    if (i == n) { *best = ng; return; }
    for (k = 0; k < ng; ++k) {
        if (len[k] == 8) continue; /* a wavefront writes one shared line: 8 chunks at most */
        grp[k][len[k]++] = i;
        if (r8_group_ok(it, grp[k], len[k])) r8_search(it, n, i + 1, grp, len, ng, best);
        --len[k];
    }
    grp[ng][0] = i;
    len[ng] = 1;
    r8_search(it, n, i + 1, grp, len, ng + 1, best);
}

static uint32_t r8_reference(const uint32_t *saddr, const uint32_t *src, uint32_t mask)
{
    r8_item it[32];
    uint32_t total = 0, l, m, line_done = 0;
    int n = 0, i;
    for (l = 0; l < 32; ++l) {
        int dup = 0;
        if (!((mask >> l) & 1u)) continue;
        for (m = 0; m < l; ++m) dup |= ((mask >> m) & 1u) && saddr[m] == saddr[l];
        if (dup) continue; /* an earlier lane writes the same place */
        it[n].j = (src[l] >> 4) & 7u;
        it[n].d = saddr[l] >> 4;
        it[n].g = src[l] >> 5;
        it[n].lane = l;
        it[n].line = src[l] >> 7;
        it[n].kind = 2;
        ++n;
    }
    for (l = 0; l < (uint32_t)n; ++l)
        for (m = 0; m < (uint32_t)n; ++m)
            if (m != l && it[l].g == it[m].g) {
                if (it[l].kind == 2u) it[l].kind = 0;
                if ((it[l].d >> 1) != (it[m].d >> 1)) it[l].kind = 1;
            }
    for (l = 0; l < (uint32_t)n; ++l) /* a lane whose write merged still reads its sector */
        for (m = 0; m < 32; ++m)
            if (it[l].kind == 2u && ((mask >> m) & 1u) && (src[m] >> 5) == it[l].g && m != it[l].lane)
                it[l].kind = 0;
    for (l = 0; l < (uint32_t)n; ++l) it[l].g &= 3u; /* the sector's place in its line */
    for (i = 0; i < n; ++i) { /* each source line on its own, across the whole warp */
        r8_item one[32];
        int k, nl = 0, grp[32][8], len[32] = {0}, best = 33;
        if ((line_done >> i) & 1u) continue;
        for (k = i; k < n; ++k)
            if (it[k].line == it[i].line) {
                one[nl++] = it[k];
                line_done |= 1u << k;
            }
        r8_search(one, nl, 0, grp, len, 0, &best);
        total += (uint32_t)best;
    }
    return total;
}

typedef struct { const char *name; uint32_t mask, measured, addr[32], chunk[32]; } r8_measured;
static const r8_measured r8_h200[] = {
#include "cp_async_h200.inc"
};
static const r8_measured r8_h100[] = {
#include "cp_async_h100.inc"
};

/* R8 against one card's measured patterns, and the independent reference against them too. */
static uint32_t r8_check_card(const r8_measured *pat, size_t n, const char *card)
{
    size_t i;
    uint32_t src[32], l, in_order = 0;
    for (i = 0; i < n; ++i) {
        const r8_measured *p = &pat[i];
        int lane_order = 1;
        swz_bank_result h;
        for (l = 0; l < 32; ++l) {
            src[l] = 16u * p->chunk[l];
            lane_order &= p->chunk[l] == l;
        }
        h = swz_bank_eval_cp_async(p->addr, src, p->mask);
        cr_expect_eq(h.status, SWZ_OK, "%s", p->name);
        cr_expect_eq(h.wavefronts, p->measured, "%s: R8 %u, %s %u", p->name, h.wavefronts, card, p->measured);
        cr_expect_eq(r8_reference(p->addr, src, p->mask), p->measured, "%s: reference", p->name);
        if (lane_order) { /* the kind takes lane l's source as chunk l */
            in_order += 1u;
            cr_expect_eq(swz_bank_eval(p->addr, p->mask, SWZ_CP_ASYNC_16).wavefronts, h.wavefronts, "%s: kind",
                         p->name);
        }
    }
    return in_order;
}

Test(bank, cp_async_matches_the_h200)
{
    cr_assert_eq(sizeof r8_h200 / sizeof r8_h200[0], 96u, "the 96 measured cp.async patterns");
    cr_expect(r8_check_card(r8_h200, sizeof r8_h200 / sizeof r8_h200[0], "H200") >= 72u,
              "the lane-order patterns also go through the kind");
}

Test(bank, cp_async_matches_the_h100)
{
    /* the 12-unit rows: quarter by quarter 1,4,5,2 / 4,5,2,3 / 5,2,4,5 wavefronts, whole warps
     * 11 / 12 / 15, not the quarters' sums: the line two quarters read is served once */
    cr_assert_eq(sizeof r8_h100 / sizeof r8_h100[0], 111u, "the 111 measured cp.async patterns");
    cr_expect(r8_check_card(r8_h100, sizeof r8_h100 / sizeof r8_h100[0], "H100") >= 72u,
              "the lane-order patterns also go through the kind");
}

Test(bank, cp_async_agrees_with_reference)
{
    host_rng g = host_rng_seed(0xC0A5u);
    int t, shape;
    for (t = 0; t < 6000; ++t) {
        uint32_t saddr[32], src[32], mask, l, span;
        shape = t % 6;
        span = shape < 3 ? 256u : 2048u;
        mask = t % 5 == 0 ? host_rng_u32(&g) : 0xFFFFFFFFu;
        for (l = 0; l < 32; ++l) {
            const uint32_t r = host_rng_u32(&g);
            switch (shape) {
            case 0: saddr[l] = (r % (span / 16u)) * 16u; break;                /* random chunks */
            case 1: saddr[l] = ((l ^ (r % 8u)) % 32u) * 16u; break;             /* near a line */
            case 2: saddr[l] = (l / 8u) * 128u + ((l + r % 3u) % 8u) * 16u; break; /* shifted runs */
            case 3: saddr[l] = (l / 4u) * (64u + 16u * (t % 4u)) + (l % 4u) * 16u; break; /* padded rows */
            case 4: saddr[l] = (l * (1u + (uint32_t)t % 5u) * 16u) % span; break; /* strides */
            default: saddr[l] = (l % 8u) * 16u + (r % 4u) * 128u; break;          /* lines mixed */
            }
            src[l] = t % 3 == 0 ? 16u * l : t % 3 == 1 ? 16u * ((l / 4u) * 8u + l % 4u) : 16u * (r % 64u);
        }
        {
            swz_bank_result b = swz_bank_eval_cp_async(saddr, src, mask);
            const uint32_t ref = r8_reference(saddr, src, mask);
            cr_assert_eq(b.status, SWZ_OK);
            cr_assert_eq(b.wavefronts, ref, "trial %d (shape %d): bank.h %u, reference %u", t, shape, b.wavefronts,
                         ref);
        }
    }
}

Test(bank, cp_async_reference_detects_a_wrong_rule)
{
    /* the reference is not a copy of bank.h: dropping R8's whole/split rule (lane 7 a line
     * away, H200 3) or its ring maps (two sectors 64 B apart, H200 2) changes its answer */
    uint32_t a[32] = {0}, s[32], l;
    for (l = 0; l < 32; ++l) s[l] = 16u * l;
    for (l = 0; l < 8; ++l) a[l] = 16u * l + (l == 7u ? 128u : 0u);
    cr_expect_eq(r8_reference(a, s, 0xFFu), 3u);
    cr_expect_eq(swz_bank_eval(a, 0xFFu, SWZ_CP_ASYNC_16).wavefronts, 3u);
    for (l = 0; l < 4; ++l) a[l] = (l / 2u) * 64u + (l % 2u) * 16u;
    cr_expect_eq(r8_reference(a, s, 0xFu), 2u);
    cr_expect_eq(swz_bank_eval(a, 0xFu, SWZ_CP_ASYNC_16).wavefronts, 2u);
    /* as a 16-byte store both would cost 1 */
    cr_expect_eq(swz_bank_eval(a, 0xFu, SWZ_ACCESS_16 | SWZ_STORE).wavefronts, 1u);
}
