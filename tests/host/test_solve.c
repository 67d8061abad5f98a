/* tests/host/test_solve.c -- swz_solve (swz/solve.h) against exhaustive enumeration and the
 * hand-derived keys of the shipped kernels.
 *
 * What it proves
 *   - For small tiles and random access sets (fixed seed: named patterns of random kinds and
 *     widths, and random custom lanes), the solver's answer equals an exhaustive enumeration of
 *     the whole family (every mask assignment of every row bit, every pad up to the limit),
 *     ordered by (wavefronts, bytes, nonzero masks, mask sum), each candidate evaluated here
 *     independently: swz_layout_make_linear + check.h's swz_check for named patterns, and
 *     swz_layout_offset + swz_bank_eval for custom lanes.  The solver's bound never exceeds its
 *     answer and its reported cost equals the independent evaluation.
 *   - The same on rows wider than 128 bytes (where only the bank-reaching mask bits are
 *     searched), on rows of a number of units that is not a power of two (48, 80, 96, 160 and
 *     192 bytes: the family's masks are those below the power-of-two part 2^v of the units per
 *     row, and the enumeration checks that swz_layout_make_linear refuses the mask 2^v), and
 *     the line view (options.lines) evaluated independently on narrow rows.
 *   - A search stopped by its time budget on such rows reports an unproven answer with a bound
 *     at most the optimum.
 *   (The shipped kernels' keys against the solver: test_solve_kernels.c.)
 *   - Speed: a 128x64 half tile with three access patterns solves in under 1 s.
 *
 * Run: meson test -C <build> host-solve
 */
#include <swz/solve.h>

#include <stdio.h>

#include "host_util.h"

/* ---- independent evaluation of one candidate --------------------------------------------- */

typedef struct ref_set {
    uint32_t w, e, h, n;
    swz_solve_access acc[3];
    uint32_t rows[3][4 * 32], cols[3][4 * 32];
} ref_set;

static uint64_t ref_cost(const ref_set *s, const swz_layout *l, int *ok)
{
    uint64_t t = 0;
    uint32_t a, i, j;
    *ok = 1;
    for (a = 0; a < s->n; ++a) {
        const swz_solve_access *x = &s->acc[a];
        if (x->source == SWZ_SOLVE_NAMED) {
            swz_check_totals tot;
            swz_pattern p = x->pattern;
            p.access = x->kind;
            if (swz_check_tile_pattern(l, &p, &tot) != SWZ_OK) *ok = 0;
            t += x->weight * tot.wavefronts;
        } else {
            for (i = 0; i < x->count; ++i) {
                uint32_t addr[32];
                swz_bank_result r;
                for (j = 0; j < 32; ++j)
                    addr[j] = swz_layout_offset(l, x->row[32 * i + j], x->col[32 * i + j]) * s->e;
                r = swz_bank_eval(addr, x->mask ? x->mask[i] : ~0u, x->kind);
                if (r.status != SWZ_OK) *ok = 0;
                t += x->weight * r.wavefronts;
            }
        }
    }
    return t;
}

typedef struct ref_best {
    uint64_t cost, bytes;
    uint32_t nnz, sum;
    int have;
} ref_best;

static uint64_t ref_candidates; /* layouts ref_enumerate evaluated, over the whole run */

static uint32_t mask_sum(const swz_linear_params *p)
{
    uint32_t i, s = 0;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i) s += p->mask[i];
    return s;
}

/* Every mask of every row bit below `bits`, every pad: the best by the solver's objective.  The
 * masks: every value the layout accepts, those below 2^v, the largest power of two dividing the
 * units per row ur (ur itself for a power of two; linear.h) -- and 2^v is refused. */
static ref_best ref_enumerate(const ref_set *s, uint32_t unit, uint32_t bits, uint32_t max_pad)
{
    ref_best b = {0, 0, 0, 0, 0};
    uint32_t ur = ref_pow2_part(s->w * s->e / unit), total = 1, idx, pad, i;
    {
        swz_linear_params q;
        swz_layout l;
        memset(&q, 0, sizeof q);
        q.mask[0] = ur;
        cr_assert_eq(swz_layout_make_linear(&l, s->w, s->e, unit, s->h, &q), SWZ_ERANGE, "mask %u accepted", ur);
    }
    for (i = 0; i < bits; ++i) total *= ur;
    for (pad = 0; pad <= max_pad; pad += unit)
        for (idx = 0; idx < total; ++idx) {
            swz_linear_params p;
            swz_layout l;
            uint32_t v = idx, nnz, sum;
            uint64_t c, bytes;
            int ok;
            memset(&p, 0, sizeof p);
            for (i = 0; i < bits; ++i, v /= ur) p.mask[i] = v % ur;
            p.pad = pad;
            cr_assert_eq(swz_layout_make_linear(&l, s->w, s->e, unit, s->h, &p), SWZ_OK);
            ref_candidates += 1u;
            c = ref_cost(s, &l, &ok);
            cr_assert(ok, "candidate not evaluable");
            bytes = (uint64_t)swz_layout_size(&l) * s->e;
            nnz = swz_linear_nonzero(&p);
            sum = mask_sum(&p);
            if (!b.have || c < b.cost || (c == b.cost && (bytes < b.bytes || (bytes == b.bytes &&
                (nnz < b.nnz || (nnz == b.nnz && sum < b.sum)))))) {
                b.cost = c;
                b.bytes = bytes;
                b.nnz = nnz;
                b.sum = sum;
                b.have = 1;
            }
        }
    return b;
}

static const int named_kinds[] = {SWZ_PAT_ROW, SWZ_PAT_COL, SWZ_PAT_STRIDE, SWZ_PAT_BLOCK};
static const int widths[] = {SWZ_ACCESS_4, SWZ_ACCESS_8, SWZ_ACCESS_16};

/* One random access set: n accesses of named patterns or random custom lanes; access 0 is
 * `first` bytes wide when first != 0 (it fixes the unit of a wide-row case). */
static void random_set(host_rng *g, ref_set *s, int first)
{
    uint32_t a, i;
    s->n = 1u + (uint32_t)(host_rng_u32(g) % 3u);
    for (a = 0; a < s->n; ++a) {
        swz_solve_access *x = &s->acc[a];
        int width = a == 0 && first ? first : widths[host_rng_u32(g) % 3u];
        x->kind = width | ((host_rng_u32(g) & 1u) ? SWZ_STORE : 0);
        x->weight = 1u + host_rng_u32(g) % 3u;
        if (host_rng_u32(g) % 3u == 0u) { /* custom lanes: random aligned (row, col) */
            uint32_t v = (uint32_t)width / s->e;
            x->source = SWZ_SOLVE_LANES;
            x->count = 1u + host_rng_u32(g) % 4u;
            for (i = 0; i < x->count * 32u; ++i) {
                s->rows[a][i] = host_rng_u32(g) % s->h;
                s->cols[a][i] = host_rng_u32(g) % (s->w / v) * v;
            }
            x->row = s->rows[a];
            x->col = s->cols[a];
        } else {
            x->source = SWZ_SOLVE_NAMED;
            x->pattern.kind = named_kinds[host_rng_u32(g) % 4u];
            x->pattern.stride = 1u + host_rng_u32(g) % 5u;
        }
    }
}

/* The solver's answer on s against the exhaustive enumeration of every mask of every row bit
 * and every pad up to max_pad. */
static void check_against_enumeration(const ref_set *s, uint32_t max_pad, int trial)
{
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    swz_layout l;
    ref_best b;
    uint64_t got;
    int ok;
    opt.max_pad = max_pad;
    cr_assert_eq(swz_solve(s->w, s->e, s->h, s->acc, s->n, &opt, &res), SWZ_OK, "trial %d", trial);
    cr_assert_eq(res.unit, swz_solve_unit(s->acc, s->n));
    b = ref_enumerate(s, res.unit, swz_log2(s->h - 1u) + 1u, opt.max_pad);
    cr_assert_eq(swz_layout_make_linear(&l, s->w, s->e, res.unit, s->h, &res.layout), SWZ_OK);
    got = ref_cost(s, &l, &ok);
    cr_assert(ok);
    cr_assert_eq(got, res.wavefronts, "trial %d: solver says %llu, evaluation %llu", trial,
                 (unsigned long long)res.wavefronts, (unsigned long long)got);
    cr_assert_eq(res.wavefronts, b.cost, "trial %d: solver %llu, exhaustive %llu", trial,
                 (unsigned long long)res.wavefronts, (unsigned long long)b.cost);
    cr_assert_eq(res.bytes, b.bytes, "trial %d bytes", trial);
    cr_assert_eq(swz_linear_nonzero(&res.layout), b.nnz, "trial %d nonzero masks", trial);
    cr_assert_eq(mask_sum(&res.layout), b.sum, "trial %d mask sum", trial);
    cr_assert(res.proven && res.gap == 0u && res.bound == res.wavefronts);
    cr_assert(res.words_bound <= res.wavefronts, "words bound %llu above the optimum",
              (unsigned long long)res.words_bound);
}

Test(solve, equals_exhaustive_enumeration_random_sets)
{
    host_rng g = host_rng_seed(20261201u);
    int trial;
    for (trial = 0; trial < 60; ++trial) {
        ref_set s;
        memset(&s, 0, sizeof s);
        s.e = (trial % 3 == 0) ? 2u : 4u;
        s.w = s.e == 2u ? 32u : (trial % 2 ? 16u : 8u); /* rows of 32 or 64 bytes */
        s.h = 8u;
        random_set(&g, &s, 0);
        check_against_enumeration(&s, 32u, trial);
    }
}

/* Rows wider than 128 bytes: the solver searches only the mask bits that reach a bank (units
 * below 128/U), the enumeration every mask below W*E/U -- both must agree.  256-byte rows of
 * 16-byte units (16 masks, 8 searched; 8 rows) and 512-byte rows of 8-byte units (64 masks, 16
 * searched; 4 rows), pads up to one unit. */
Test(solve, equals_exhaustive_enumeration_wide_rows)
{
    host_rng g = host_rng_seed(20261202u);
    int trial;
    for (trial = 0; trial < 9; ++trial) {
        ref_set s;
        memset(&s, 0, sizeof s);
        s.e = trial % 2 ? 2u : 4u;
        if (trial < 6) {
            s.w = 256u / s.e;
            s.h = 8u;
            random_set(&g, &s, SWZ_ACCESS_16);
        } else {
            s.w = 512u / s.e;
            s.h = 4u;
            random_set(&g, &s, SWZ_ACCESS_8);
        }
        check_against_enumeration(&s, swz_solve_unit(s.acc, s.n), trial);
    }
}

/* Rows of a number of units that is not a power of two: 48, 80, 96, 160 and 192 bytes (12 = 4 * 3
 * units of 4 bytes up to 48 = 16 * 3; 3, 5, 6, 10, 12 units of 16 bytes), floats and halves, 8
 * rows, pads up to two units, 60 random access sets; the expected optimum is the enumeration of every mask below the
 * power-of-two part of the units per row (up to 16^3 assignments per pad). */
Test(solve, equals_exhaustive_enumeration_rows_not_power_of_two)
{
    static const uint32_t row_bytes[] = {48, 80, 96, 160, 192};
    host_rng g = host_rng_seed(20261207u);
    uint64_t before = ref_candidates;
    int trial;
    for (trial = 0; trial < 60; ++trial) {
        ref_set s;
        memset(&s, 0, sizeof s);
        s.e = trial % 2 ? 2u : 4u;
        s.w = row_bytes[trial % 5] / s.e;
        s.h = 8u;
        random_set(&g, &s, trial % 3 == 0 ? SWZ_ACCESS_16 : 0);
        check_against_enumeration(&s, 2u * swz_solve_unit(s.acc, s.n), trial);
    }
    cr_log_info("rows not a power of two: %llu layouts enumerated\n", (unsigned long long)(ref_candidates - before));
    cr_assert_gt(ref_candidates - before, 5000u, "the enumeration covered %llu layouts only",
                 (unsigned long long)(ref_candidates - before));
}

/* A search stopped by its time budget says so on such rows: a 48x32 float tile (48 units of 4
 * bytes: masks below 16) with row stores and 8 instructions of random 4-byte lanes (fixed seed)
 * takes some 2*10^5 nodes; with a budget of 1 us (checked every 256 nodes) the answer is not
 * proven, its bound is at most the complete search's proven optimum, which is at most the
 * stopped search's answer, and the gap is the distance from the answer to the bound. */
Test(solve, time_budget_reports_its_bound_rows_not_power_of_two)
{
    static uint32_t row[32 * 8], col[32 * 8];
    swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result full, cut;
    host_rng g = host_rng_seed(20261208u);
    uint32_t i;
    for (i = 0; i < 32 * 8; ++i) row[i] = host_rng_below(&g, 32), col[i] = host_rng_below(&g, 48);
    acc[0].kind = SWZ_ACCESS_4 | SWZ_STORE;
    acc[0].pattern.kind = SWZ_PAT_ROW;
    acc[1].source = SWZ_SOLVE_LANES;
    acc[1].kind = SWZ_ACCESS_4;
    acc[1].count = 8;
    acc[1].row = row;
    acc[1].col = col;
    cr_assert_eq(swz_solve(48, 4, 32, acc, 2, &opt, &full), SWZ_OK);
    cr_assert(full.proven && full.gap == 0u && full.bound == full.wavefronts);
    opt.seconds = 1e-6;
    cr_assert_eq(swz_solve(48, 4, 32, acc, 2, &opt, &cut), SWZ_OK);
    cr_log_info("48x32 float, random lanes: optimum %llu in %llu nodes; stopped: %llu, bound %llu, %llu nodes\n",
                (unsigned long long)full.wavefronts, (unsigned long long)full.nodes,
                (unsigned long long)cut.wavefronts, (unsigned long long)cut.bound, (unsigned long long)cut.nodes);
    cr_assert(full.nodes > 10000u, "the case is too easy to stop early (%llu nodes)", (unsigned long long)full.nodes);
    cr_assert(!cut.proven, "a 1 us budget finished %llu nodes", (unsigned long long)cut.nodes);
    cr_assert(cut.bound <= full.wavefronts && full.wavefronts <= cut.wavefronts);
    cr_assert_eq(cut.gap, cut.wavefronts - cut.bound);
}

/* The line view (options.lines): on random sets of 32- and 64-byte rows the answer, evaluated
 * here lane by lane at its view coordinates (byte (r*W + c)*E as row/column of res.width-wide
 * rows) through swz_linear_offset and bank.h, costs what the solver says, never more than the
 * tile's own rows allow, and equals the exhaustive enumeration of the view's own family where
 * the view wins. */
static uint64_t view_cost(const ref_set *s, const swz_solve_result *res)
{
    swz_layout none;
    uint64_t t = 0;
    uint32_t a, i, j, vw = res->width;
    cr_assert_eq(swz_layout_make(&none, SWZ_LAYOUT_NONE, s->w, s->e, res->unit, s->h), SWZ_OK);
    for (a = 0; a < s->n; ++a) {
        const swz_solve_access *x = &s->acc[a];
        swz_pattern pat = x->pattern;
        uint32_t count = x->count;
        pat.access = x->kind;
        if (x->source == SWZ_SOLVE_NAMED) cr_assert_eq(swz_check_tile_count(&none, &pat, &count), SWZ_OK);
        for (i = 0; i < count; ++i) {
            uint32_t addr[32], mask = x->mask ? x->mask[i] : ~0u, row[32], col[32];
            swz_bank_result r;
            if (x->source == SWZ_SOLVE_NAMED) {
                swz_pattern pi = pat;
                swz_check_result c;
                cr_assert_eq(swz_check_tile_nth(&none, &pat, i, &pi), SWZ_OK);
                c = swz_check(&none, &pi);
                cr_assert_eq(c.status, SWZ_OK);
                mask = c.mask;
                memcpy(row, c.row, sizeof row);
                memcpy(col, c.col, sizeof col);
            } else {
                memcpy(row, x->row + 32 * i, sizeof row);
                memcpy(col, x->col + 32 * i, sizeof col);
            }
            for (j = 0; j < 32; ++j) {
                uint32_t b = (row[j] * s->w + col[j]) * s->e;
                addr[j] = swz_linear_offset(vw, s->e, res->unit, &res->layout, b / (vw * s->e),
                                            b % (vw * s->e) / s->e) * s->e;
            }
            r = swz_bank_eval(addr, mask, x->kind);
            cr_assert_eq(r.status, SWZ_OK);
            t += x->weight * r.wavefronts;
        }
    }
    return t;
}

Test(solve, line_view_narrow_rows)
{
    host_rng g = host_rng_seed(20261204u);
    int trial, wins = 0;
    for (trial = 0; trial < 24; ++trial) {
        ref_set s;
        swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
        swz_solve_result own, res;
        memset(&s, 0, sizeof s);
        s.e = 4u;
        s.w = trial % 2 ? 16u : 8u;
        s.h = 8u;
        random_set(&g, &s, 0);
        opt.max_pad = 16u;
        cr_assert_eq(swz_solve(s.w, s.e, s.h, s.acc, s.n, &opt, &own), SWZ_OK);
        cr_assert_eq(own.width, s.w);
        opt.lines = 1;
        cr_assert_eq(swz_solve(s.w, s.e, s.h, s.acc, s.n, &opt, &res), SWZ_OK);
        cr_assert(res.proven && res.gap == 0u);
        cr_assert(res.wavefronts <= own.wavefronts, "trial %d: lines %llu above own rows %llu", trial,
                  (unsigned long long)res.wavefronts, (unsigned long long)own.wavefronts);
        cr_assert_eq(view_cost(&s, &res), res.wavefronts, "trial %d: view evaluated %llu, solver %llu",
                     trial, (unsigned long long)view_cost(&s, &res), (unsigned long long)res.wavefronts);
        if (res.width != s.w) {
            cr_assert_eq(res.width, 32u);
            cr_assert(res.wavefronts < own.wavefronts || res.bytes < own.bytes);
            ++wins;
        }
    }
    cr_log_info("line view strictly better in %d of 24 random sets\n", wins);
}

/* One timed solve of named accesses (pattern, kind) of a W x H tile: proven, within `limit`
 * seconds of CPU time (20 under the sanitizers). */
static void speed_case(const char *what, uint32_t w, uint32_t e, uint32_t h, const int *pat,
                       const int *kind, uint32_t n, uint32_t max_pad, double limit)
{
    swz_solve_access acc[3] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    clock_t t0;
    double secs;
    uint32_t i;
    for (i = 0; i < n; ++i) {
        acc[i].kind = kind[i];
        acc[i].pattern.kind = pat[i];
    }
    opt.max_pad = max_pad;
    t0 = clock();
    cr_assert_eq(swz_solve(w, e, h, acc, n, &opt, &res), SWZ_OK);
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    cr_log_info("%s: %llu wavefronts (bound %llu, words bound %llu), %llu nodes, %.3f s\n", what,
                (unsigned long long)res.wavefronts, (unsigned long long)res.bound,
                (unsigned long long)res.words_bound, (unsigned long long)res.nodes, secs);
    cr_assert(res.proven);
    cr_assert(secs < (SWZ_TEST_SANITIZED ? 20.0 : limit), "%s took %.3f s", what, secs);
}

/* The speed target, 128 rows of 64 halves with 16-byte row stores, 4-byte column reads and
 * ldmatrix .trans, under 1 s; and the worst shipped case, 64x64 floats with 16-byte row stores
 * and 4-byte column reads (about 1.1 s before the bank-reaching masks and the incremental
 * bounds, 0.06 s after), under 0.25 s: a margin of 4x on the 1 s target. */
Test(solve, speed)
{
    static const int pat3[3] = {SWZ_PAT_ROW, SWZ_PAT_COL, SWZ_PAT_LDMATRIX_B};
    static const int kind3[3] = {SWZ_ACCESS_16 | SWZ_STORE, SWZ_ACCESS_4, SWZ_LDMATRIX_X4};
    speed_case("128x64 half, 3 patterns", 64, 2, 128, pat3, kind3, 3, 64u, 1.0);
    speed_case("64x64 float, row:16 store + col:4", 64, 4, 64, pat3, kind3, 2, 0u, 0.25);
}
