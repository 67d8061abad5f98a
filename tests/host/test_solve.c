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
 *   - The transpose key: tile.h's NAME_model instructions (recorded through its layout macro)
 *     solved for 64x64, 32x32 floats, 64x64 halves and 32x32 doubles; the shipped key
 *     (transpose.cuh: Swizzle<log2 NQ, log2(128/(NQ*E)), log2(TILE*VT) - M>) costs exactly the
 *     solver's optimum under NAME_model.
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

static uint32_t mask_sum(const swz_linear_params *p)
{
    uint32_t i, s = 0;
    for (i = 0; i < SWZ_LINEAR_MAX_BITS; ++i) s += p->mask[i];
    return s;
}

/* Every mask of every row bit below `bits`, every pad: the best by the solver's objective. */
static ref_best ref_enumerate(const ref_set *s, uint32_t unit, uint32_t bits, uint32_t max_pad)
{
    ref_best b = {0, 0, 0, 0, 0};
    uint32_t ur = s->w * s->e / unit, total = 1, idx, pad, i;
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

/* ---- the transpose key, from tile.h's own model ------------------------------------------ */

static uint32_t rec_r[1 << 16], rec_c[1 << 16], rec_n;
static uint32_t rec(uint32_t r, uint32_t c, uint32_t cols)
{
    if (rec_n < (1u << 16)) {
        rec_r[rec_n] = r;
        rec_c[rec_n] = c;
    }
    ++rec_n;
    return r * cols + c;
}

typedef int (*model_fn)(int op, swz_tile_cost *cost);

/* The recorded instructions of one tile.h instantiation: LOAD (16-byte row stores) and
 * STORE_T (the transposed word reads); each lane's first layout call is its access. */
static void transpose_case(const char *what, uint32_t tile, uint32_t e, uint32_t vec, uint32_t read_bytes,
                           model_fn rec_model, model_fn xor_model)
{
    static uint32_t rows[2][1 << 14], cols[2][1 << 14];
    swz_tile_cost c[2], ship[2];
    swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    uint32_t op, i;
    for (op = 0; op < 2; ++op) {
        uint32_t per = 1u + (op == 0 ? vec : read_bytes / e);
        rec_n = 0;
        cr_assert_eq(rec_model(op == 0 ? SWZ_TILE_OP_LOAD : SWZ_TILE_OP_STORE_T, &c[op]), SWZ_OK);
        cr_assert_eq(rec_n, c[op].instructions * 32u * per, "%s: every lane active (%u records)", what, rec_n);
        for (i = 0; i < c[op].instructions * 32u; ++i) {
            rows[op][i] = rec_r[i * per];
            cols[op][i] = rec_c[i * per];
        }
        acc[op].source = SWZ_SOLVE_LANES;
        acc[op].count = (uint32_t)c[op].instructions;
        acc[op].row = rows[op];
        acc[op].col = cols[op];
        acc[op].kind = op == 0 ? (int)(vec * e) | SWZ_STORE : (int)read_bytes;
        cr_assert_eq(xor_model(op == 0 ? SWZ_TILE_OP_LOAD : SWZ_TILE_OP_STORE_T, &ship[op]), SWZ_OK);
    }
    opt.max_pad = 64u;
    cr_assert_eq(swz_solve(tile, e, tile, acc, 2, &opt, &res), SWZ_OK);
    cr_assert(res.proven, "%s not proven", what);
    cr_log_info("%s: solver %llu wavefronts (%llu nodes), shipped key %llu, none %llu", what,
                (unsigned long long)res.wavefronts, (unsigned long long)res.nodes,
                (unsigned long long)(ship[0].wavefronts + ship[1].wavefronts),
                (unsigned long long)(c[0].wavefronts + c[1].wavefronts));
    cr_assert_eq(res.wavefronts, ship[0].wavefronts + ship[1].wavefronts, "%s: solver %llu, shipped key %llu",
                 what, (unsigned long long)res.wavefronts,
                 (unsigned long long)(ship[0].wavefronts + ship[1].wavefronts));
    cr_assert_eq(res.bytes, (uint64_t)tile * tile * e, "%s: the optimum needs no pad", what);
    cr_assert(c[0].wavefronts + c[1].wavefronts > res.wavefronts, "%s: none should cost more", what);
}

/* tile.h twice per shape: recording its instructions (layout none), and the shipped key of
 * transpose.cuh: Swizzle<log2 NQ, log2(128/(NQ*E)), log2(TILE*VT) - M>. */
#define SHIP_B(N) SWZ_LOG2(N##_rec_NQ)
#define SHIP_M(N, E) SWZ_LOG2(128 / (N##_rec_NQ * (E)))
#define SHIP_S(N, E, TILE) (SWZ_LOG2((TILE) * N##_rec_VEC_T) - SHIP_M(N, E))

#define SWZ_TILE_NAME t64f_rec
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 64u)
#include <swz/tile.h>
#define SWZ_TILE_NAME t64f_xor
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(SHIP_B(t64f), SHIP_M(t64f, 4), SHIP_S(t64f, 4, 64), (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>

#define SWZ_TILE_NAME t32f_rec
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 32u)
#include <swz/tile.h>
#define SWZ_TILE_NAME t32f_xor
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(SHIP_B(t32f), SHIP_M(t32f, 4), SHIP_S(t32f, 4, 32), (uint32_t)(r) * 32u + (uint32_t)(c))
#include <swz/tile.h>

#define SWZ_TILE_NAME t64h_rec
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 64u)
#include <swz/tile.h>
#define SWZ_TILE_NAME t64h_xor
#define SWZ_TILE_ELEM uint16_t
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(SHIP_B(t64h), SHIP_M(t64h, 2), SHIP_S(t64h, 2, 64), (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>

#define SWZ_TILE_NAME t32d_rec
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 32u)
#include <swz/tile.h>
#define SWZ_TILE_NAME t32d_xor
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(SHIP_B(t32d), SHIP_M(t32d, 8), SHIP_S(t32d, 8, 32), (uint32_t)(r) * 32u + (uint32_t)(c))
#include <swz/tile.h>

Test(solve, transpose_key_is_the_optimum)
{
    transpose_case("64x64 float", 64, 4, t64f_rec_VEC, t64f_rec_READ_BYTES, t64f_rec_model, t64f_xor_model);
    transpose_case("32x32 float", 32, 4, t32f_rec_VEC, t32f_rec_READ_BYTES, t32f_rec_model, t32f_xor_model);
    transpose_case("64x64 half", 64, 2, t64h_rec_VEC, t64h_rec_READ_BYTES, t64h_rec_model, t64h_xor_model);
    transpose_case("32x32 double", 32, 8, t32d_rec_VEC, t32d_rec_READ_BYTES, t32d_rec_model, t32d_xor_model);
}

/* The speed target: 128x64 halves, 16-byte row stores, 4-byte column reads, ldmatrix .trans. */
Test(solve, speed_128x64_half_three_patterns)
{
    swz_solve_access acc[3] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    clock_t t0 = clock();
    double secs;
    acc[0].kind = SWZ_ACCESS_16 | SWZ_STORE;
    acc[0].pattern.kind = SWZ_PAT_ROW;
    acc[1].kind = SWZ_ACCESS_4;
    acc[1].pattern.kind = SWZ_PAT_COL;
    acc[2].kind = SWZ_LDMATRIX_X4;
    acc[2].pattern.kind = SWZ_PAT_LDMATRIX_B;
    opt.max_pad = 64u;
    cr_assert_eq(swz_solve(64, 2, 128, acc, 3, &opt, &res), SWZ_OK);
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    cr_log_info("128x64 half, 3 patterns: %llu wavefronts (bound %llu, words bound %llu), %llu nodes, %.3f s\n",
           (unsigned long long)res.wavefronts, (unsigned long long)res.bound,
           (unsigned long long)res.words_bound, (unsigned long long)res.nodes, secs);
    cr_assert(res.proven);
    cr_assert(secs < (SWZ_TEST_SANITIZED ? 20.0 : 1.0), "took %.3f s", secs);
}
