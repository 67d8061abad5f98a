/* tests/host/test_solve_kernels.c -- the shipped kernels' hand-written shared layouts against
 * swz_solve's optimum for their own instructions (no GPU: the families' host models only).
 *
 * What it proves
 *   For each layout below, the kernel's own shared-memory instructions, as byte addresses in
 *   the unswizzled tile, are solved over the whole XOR-linear family with pads (solve.h), and
 *   the hand-written layout costs exactly the solver's proven optimum:
 *   - transpose, every shipped TILE x ELEM (TILE 8, 16, 32, 64 x u8, half, float, double; v16
 *     up to 32): the region a block stages (G tiles of TILE x TILE side by side) as one tall
 *     tile of G*TILE rows (tile t's row r is row t*TILE + r: the bytes of the none variant's
 *     region), with its 16-byte row stores (tile.h LOAD) and its register-transpose word reads
 *     (STORE_T), recorded through tile.h's NAME_model with a recording layout.  The recording
 *     is checked first: under layout none it costs exactly the none variant's own predict()
 *     (instructions and wavefronts), and its shape is the registry's; the shipped layout (the
 *     key (r / VEC) mod NQ on rows of 128 bytes or more, the line view below) is the xor
 *     variant's predict(), and its knobs say xor_lines=1;
 *   - the SGEMM/DGEMM A tile (examples/gemm: BK x TILE, k-major): its transposed element stores
 *     and 16-byte reads along M, from the none variant's smem_pattern (every warp of a slice);
 *     the shipped key 2*(k/VEC mod 4) is the xor variant's own smem_pattern under bank.h, and
 *     as masks (swz_linear_from_xor of its info) the solver's cost function agrees;
 *   - the tensor-core tiles of mma.h (fp16, 16-byte units): A tiles 128x32 and 128x64 (cp.async
 *     row writes + ldmatrix .x4 A reads), B tiles 32x128 and 64x128 stored K x N (cp.async +
 *     ldmatrix .x4 .trans) and 128x32, 128x64 stored N x K (ldmatrix .x4), the hgemm family's
 *     tiles, through check.h's cp-async / ldmatrix-a / -b / -bt walks, which
 *     are checked against mma.h's NAME_model under layout none and the shipped layout; that
 *     layout is the automatic XOR SWZ_XOR_AUTO_OFFSET(COLS, 2, 16) (mma.h's example), through
 *     its own NAME_model.
 *   - the 48 tile of floats (rows of 12 units; the region is one tile): its xor variant's
 *     alternating reads (copies.h), recorded with copies.h, cost the solver's optimum under the
 *     shipped key, and tile.h's own order cannot reach it under any layout of the family;
 *   Each case logs the solver's answer and time, the shipped cost and the none cost, and the
 *   shipped layout must cost exactly the optimum.  Narrower rows than 128 bytes share 128-byte
 *   lines, and the solver (options.lines) also searches keys across the rows of a line (the
 *   region as rows of 128 bytes): the transpose tiles of 8-64 byte rows ship that answer (the
 *   xor variants' line view, XOR_LINES 1), so their shipped cost is the line view's optimum.
 *
 * The file includes itself (TSK_PASS) to instantiate tile.h and mma.h once per shape.
 *
 * Run: meson test -C <build> host-solve-kernels   (configured where nvcc builds the families)
 */
#if !defined(TSK_PASS)
#include <swz/mma.h>
#include <swz/solve.h>
#include <swz/xor.h>

#include <stdio.h>
#include <string.h>

#include "host_util.h"
#include "transpose.h"
#include "gemm.h"

#define TSK_CAT_(a, b) a##b
#define TSK_CAT(a, b) TSK_CAT_(a, b)

/* ---- shared -------------------------------------------------------------------------------- */

/* The solver's optimum (pads up to max_pad bytes) against the shipped cost, logged. */
static void solve_case(const char *what, uint32_t w, uint32_t e, uint32_t h,
                       const swz_solve_access *acc, uint32_t n, uint32_t max_pad,
                       uint64_t shipped, uint64_t none)
{
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    char line[320];
    clock_t t0 = clock();
    double secs;
    opt.max_pad = max_pad;
    opt.lines = 1; /* rows narrower than 128 B: also as 128-byte lines (the transpose's keys) */
    cr_assert_eq(swz_solve(w, e, h, acc, n, &opt, &res), SWZ_OK, "%s: solve", what);
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    swz_linear_macro(res.width, e, res.unit, &res.layout, line, sizeof line);
    cr_log_info("%s: solver %llu, shipped %llu, none %llu (%llu nodes, %.3f s): %s%s\n", what,
                (unsigned long long)res.wavefronts, (unsigned long long)shipped,
                (unsigned long long)none, (unsigned long long)res.nodes, secs, line,
                res.width != w ? " on 128-byte lines" : "");
    cr_assert(res.proven && res.gap == 0u, "%s: not proven", what);
    cr_assert(res.wavefronts <= shipped, "%s: the solver's %llu above the shipped %llu", what,
              (unsigned long long)res.wavefronts, (unsigned long long)shipped);
    /* every shipped layout costs the optimum; on rows narrower than 128 B the transpose's is
     * the solver's line view (XOR_LINES 1, a key across the rows of a 128-byte line) */
    cr_assert_eq(res.wavefronts, shipped,
                 "%s: the solver's optimum is %llu wavefronts, the shipped layout costs %llu (%s%s)", what,
                 (unsigned long long)res.wavefronts, (unsigned long long)shipped, line,
                 res.width != w ? " on 128-byte lines" : "");
}

/* The variant swz_<family>_<layout>_<tile>_<elem> of a registry (it must exist). */
static const swz_variant *variant_named(const swz_registry *reg, const char *layout, int tile,
                                        const char *elem)
{
    char name[96];
    const swz_variant *v;
    snprintf(name, sizeof name, "swz_%s_%s_%d_%s", reg->family, layout, tile, elem);
    v = swz_variant_find(reg, name);
    cr_assert_not_null(v, "%s is not in the registry", name);
    return v;
}

/* Wavefronts of `count` instructions of 32 byte addresses each under bank.h. */
static uint64_t eval_bytes(const uint32_t *addr, uint32_t count, int kind)
{
    uint64_t t = 0u;
    uint32_t i;
    for (i = 0; i < count; ++i) {
        swz_bank_result r = swz_bank_eval(addr + 32u * i, 0xFFFFFFFFu, kind);
        cr_assert_eq(r.status, SWZ_OK);
        t += r.wavefronts;
    }
    return t;
}

/* ---- transpose ----------------------------------------------------------------------------- */

/* The recording layout: every call's (r, c) of the region; returns the none variant's offset
 * (tile c / TILE, row-major inside), i.e. the tall tile's row-major offset. */
#define REC_MAX (1u << 17)
static uint32_t rec_r[REC_MAX], rec_c[REC_MAX], rec_n;
static uint32_t rec_off(uint32_t r, uint32_t c, uint32_t tile)
{
    return (c / tile) * tile * tile + r * tile + c % tile;
}
static uint32_t rec(uint32_t r, uint32_t c, uint32_t tile)
{
    if (rec_n < REC_MAX) {
        rec_r[rec_n] = r;
        rec_c[rec_n] = c;
    }
    ++rec_n;
    return rec_off(r, c, tile);
}

/* The region of a variant (transpose.cuh): G = max(1, 16 KiB / tile bytes) tiles, 256
 * threads, accesses of min(16, TILE*E) bytes.  The test checks the registry agrees. */
#define TR_G(T, E) (16384 / ((T) * (T) * (E)) < 1 ? 1 : 16384 / ((T) * (T) * (E)))
#define TR_VB(T, E) ((T) * (E) < 16 ? (T) * (E) : 16)

/* X(name, C type, TILE) of every shipped shape (transpose.h's list, without naive). */
#define TR_TILES(X, N, TY) X(N, TY, 8) X(N, TY, 16) X(N, TY, 32)
#define TR_SHAPES(X)                                                                             \
    TR_TILES(X, u8, uint8_t) X(u8, uint8_t, 64) TR_TILES(X, half, uint16_t) X(half, uint16_t, 64) \
    TR_TILES(X, float, float) X(float, float, 64) TR_TILES(X, double, double)                    \
    X(double, double, 64) TR_TILES(X, v16, tsk_v16)

typedef struct tsk_v16 {
    uint32_t w[4];
} tsk_v16;

#define TSK_PASS 1 /* tile.h once per shape */
#define TSK_N u8
#define TSK_TY uint8_t
#include "test_solve_kernels.c"
#define TSK_N half
#define TSK_TY uint16_t
#include "test_solve_kernels.c"
#define TSK_N float
#define TSK_TY float
#include "test_solve_kernels.c"
#define TSK_N double
#define TSK_TY double
#include "test_solve_kernels.c"
#define TSK_N v16
#define TSK_TY tsk_v16
#define TSK_NO64 1
#include "test_solve_kernels.c"
#undef TSK_PASS
#define TSK_PASS 3 /* the 48 tile of floats: tile.h's order and copies.h's alternating one */
#include "test_solve_kernels.c"
#undef TSK_PASS

typedef int (*model_fn)(int op, swz_tile_cost *cost);
typedef struct tr_shape {
    const char *elem;
    uint32_t tile, e, cols, vec, read_bytes;
    model_fn model;
} tr_shape;
#define TR_ROW(N, TY, T)                                                                         \
    {#N, (T), (uint32_t)sizeof(TY), (uint32_t)((T) * TR_G((T), (int)sizeof(TY))),                \
     (uint32_t)tr_##N##_##T##_VEC, (uint32_t)tr_##N##_##T##_READ_BYTES, tr_##N##_##T##_model},
static const tr_shape tr_shapes[] = {TR_SHAPES(TR_ROW)};

static const swz_variant *tr_variant(const char *layout, const tr_shape *s)
{
    return variant_named(&swz_transpose_registry, layout, (int)s->tile, s->elem);
}

/* One op of a shape: its instructions as byte addresses of the tall tile (each lane's first
 * layout call is its access; NAME_model then checks the vector group with `per - 1` more). */
static uint32_t tr_record(const tr_shape *s, int op, uint32_t *bytes, uint32_t cap,
                          swz_tile_cost *c)
{
    uint32_t per = 1u + (op == SWZ_TILE_OP_LOAD ? s->vec : s->read_bytes / s->e), i, n;
    rec_n = 0;
    cr_assert_eq(s->model(op, c), SWZ_OK);
    n = (uint32_t)c->instructions * 32u;
    cr_assert(n <= cap && rec_n <= REC_MAX);
    cr_assert_eq(rec_n, n * per, "%s %u: every lane active (%u records)", s->elem, s->tile, rec_n);
    for (i = 0; i < n; ++i)
        bytes[i] = rec_off(rec_r[i * per], rec_c[i * per], s->tile) * s->e;
    return (uint32_t)c->instructions;
}

Test(solve_kernels, transpose_every_tile_and_element)
{
    static uint32_t bytes[2][1u << 13];
    size_t k;
    for (k = 0; k < sizeof tr_shapes / sizeof tr_shapes[0]; ++k) {
        const tr_shape *s = &tr_shapes[k];
        const swz_variant *vn = tr_variant("none", s), *vx = tr_variant("xor", s);
        swz_tile_cost rc[2], none[2], ship[2];
        swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
        char what[64];
        int op;
        /* a warp instruction is 32 consecutive items at any block size, so the recording's
         * 256 threads issue the variant's instructions whatever its THREADS (checked below:
         * the recording costs exactly the none variant's predict()) */
        cr_assert(vn->threads % 32 == 0 && vx->threads == vn->threads, "%s: threads %d / %d", vn->name, vn->threads, vx->threads);
        cr_assert_eq(swz_transpose_ops_of(vn)->region_rows, (int)s->tile);
        cr_assert_eq(swz_transpose_ops_of(vn)->region_cols, (int)s->cols);
        cr_assert_eq(vn->predict(&none[0], &none[1]), SWZ_OK);
        cr_assert_eq(vx->predict(&ship[0], &ship[1]), SWZ_OK);
        cr_assert(strstr(vx->knobs, "xor_lines=1") != NULL, "%s: knobs %s", vx->name, vx->knobs);
        for (op = 0; op < 2; ++op) {
            int kind = op == 0 ? (int)(s->vec * s->e) | SWZ_STORE : (int)s->read_bytes;
            acc[op].source = SWZ_SOLVE_BYTES;
            acc[op].kind = kind;
            acc[op].byte = bytes[op];
            acc[op].count = tr_record(s, op == 0 ? SWZ_TILE_OP_LOAD : SWZ_TILE_OP_STORE_T,
                                      bytes[op], 1u << 13, &rc[op]);
            /* the recording is the none variant's own model, instruction for instruction */
            cr_assert_eq(rc[op].instructions, none[op].instructions);
            cr_assert_eq(eval_bytes(bytes[op], acc[op].count, kind), none[op].wavefronts,
                         "%s %u op %d: recorded instructions cost %llu, predict() %llu", s->elem,
                         s->tile, op, (unsigned long long)eval_bytes(bytes[op], acc[op].count, kind),
                         (unsigned long long)none[op].wavefronts);
            cr_assert_eq(ship[op].instructions, none[op].instructions);
        }
        snprintf(what, sizeof what, "transpose %ux%u %s (%u tiles)", s->tile, s->tile, s->elem,
                 s->cols / s->tile);
        solve_case(what, s->tile, s->e, s->cols, acc, 2, 64u,
                   ship[0].wavefronts + ship[1].wavefronts, none[0].wavefronts + none[1].wavefronts);
    }
}

/* The 48 tile of floats (rows of 12 sixteen-byte units, one tile a region): store_t reads its
 * rows in copies.h's alternating order (SWZ_TRANSPOSE_COPIES_ROTATE 2), recorded through tile.h
 * with copies.h as the kernel's copies are (pass 3).  The shipped key (transpose.cuh, the 48
 * tile's masks on 16-byte units) costs the xor variant's predict() under the solver's cost
 * function, and that is the solver's optimum for these instructions.  In tile.h's own order
 * (the none variant's instructions) the optimum, pads included, is higher: the rows of one read
 * share half of the banks, which no key of the family separates -- why the order alternates. */
Test(solve_kernels, transpose_48_float)
{
    static uint32_t bytes[2][1u << 13];
    static const tr_shape alt = {"float", 48u, 4u, 48u, (uint32_t)tr_float_48a_VEC,
                                 (uint32_t)tr_float_48a_READ_BYTES, tr_float_48a_model};
    static const tr_shape plain = {"float", 48u, 4u, 48u, (uint32_t)tr_float_48_VEC,
                                   (uint32_t)tr_float_48_READ_BYTES, tr_float_48_model};
    const swz_linear_params key = {{0u, 0u, 0u, 2u}, 0u}; /* unit u -> u ^ 2*bit3(r) */
    const swz_variant *vx = tr_variant("xor", &alt), *vn = tr_variant("none", &alt);
    swz_tile_cost rc, ship[2], none[2];
    swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    swz_solve_result res;
    swz_solve_problem p;
    swz_linear_params zero;
    uint64_t alt_none;
    int op, t;
    memset(&zero, 0, sizeof zero);
    cr_assert_eq(swz_transpose_ops_of(vx)->region_rows, 48);
    cr_assert_eq(swz_transpose_ops_of(vx)->region_cols, 48);
    cr_assert_eq(vx->predict(&ship[0], &ship[1]), SWZ_OK);
    cr_assert_eq(vn->predict(&none[0], &none[1]), SWZ_OK);
    cr_assert_eq(ship[0].wavefronts + ship[1].wavefronts, ship[0].ideal + ship[1].ideal, "%s: not conflict free",
                 vx->name);
    for (t = 0; t < 2; ++t) {
        const tr_shape *s = t ? &plain : &alt;
        for (op = 0; op < 2; ++op) {
            const int kind = op == 0 ? (int)(s->vec * s->e) | SWZ_STORE : (int)s->read_bytes;
            acc[op].source = SWZ_SOLVE_BYTES;
            acc[op].kind = kind;
            acc[op].byte = bytes[op];
            acc[op].count = tr_record(s, op == 0 ? SWZ_TILE_OP_LOAD : SWZ_TILE_OP_STORE_T, bytes[op], 1u << 13, &rc);
            cr_assert_eq(rc.instructions, (t ? none : ship)[op].instructions);
            if (t) /* tile.h's order: the none variant's own model */
                cr_assert_eq(eval_bytes(bytes[op], acc[op].count, kind), none[op].wavefronts);
        }
        if (!t) {
            /* the shipped key, as masks, costs what the xor variant predicts */
            cr_assert_eq(swz_solve_compile(&p, 48u, 4u, 48u, acc, 2), SWZ_OK);
            cr_assert_eq(swz_solve_cost(&p, &key), ship[0].wavefronts + ship[1].wavefronts);
            alt_none = swz_solve_cost(&p, &zero);
            swz_solve_problem_free(&p);
            solve_case("transpose 48x48 float (alternating reads)", 48u, 4u, 48u, acc, 2, 64u,
                       ship[0].wavefronts + ship[1].wavefronts, alt_none);
        } else {
            opt.max_pad = 64u;
            cr_assert_eq(swz_solve(48u, 4u, 48u, acc, 2, &opt, &res), SWZ_OK);
            cr_log_info("transpose 48x48 float in tile.h's order: solver %llu (the alternating order: %llu)\n",
                        (unsigned long long)res.wavefronts,
                        (unsigned long long)(ship[0].wavefronts + ship[1].wavefronts));
            cr_assert(res.proven && res.wavefronts > ship[0].wavefronts + ship[1].wavefronts,
                      "tile.h's order reaches %llu", (unsigned long long)res.wavefronts);
        }
    }
}

/* ---- the GEMM A tile ----------------------------------------------------------------------- */

typedef int (*pattern_fn)(int op, int idx, int warp, uint32_t addr[32], int *access);

/* Every warp's instructions of op in one slice; returns the count, *kind the access. */
static uint32_t gemm_record(pattern_fn pat, int threads, int op, uint32_t *bytes, uint32_t cap,
                            int *kind)
{
    uint32_t n = 0u;
    int w, i, per = pat(op, -1, 0, bytes, kind);
    cr_assert(per > 0);
    for (w = 0; w < threads / 32; ++w)
        for (i = 0; i < per; ++i, ++n) {
            cr_assert(32u * (n + 1u) <= cap);
            cr_assert_eq(pat(op, i, w, bytes + 32u * n, kind), per);
        }
    return n;
}

Test(solve_kernels, gemm_a_tile)
{
    static uint32_t bytes[2][1u << 13], xb[1u << 13];
    static const int ops[2] = {SWZ_GEMM_OP_A_STORE, SWZ_GEMM_OP_A_READ};
    int v, cases = 0;
    for (v = 0; v < swz_gemm_registry.count; ++v) {
        const swz_variant *vx = swz_gemm_registry.variants[v], *vn;
        const swz_gemm_ops *ox, *on;
        swz_gemm_info info;
        swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
        swz_solve_problem p;
        swz_linear_params lp;
        swz_xor_params xp;
        uint64_t ship = 0u, none = 0u;
        uint32_t i, a_bytes;
        char what[64];
        int o, kind, xkind;
        if (strcmp(vx->layout, "xor") != 0) continue;
        vn = variant_named(&swz_gemm_registry, "none", vx->tile, vx->elem);
        ox = swz_gemm_ops_of(vx);
        on = swz_gemm_ops_of(vn);
        ox->info(&info);
        a_bytes = (uint32_t)(info.bk * info.tile * info.elem_bytes);
        for (o = 0; o < 2; ++o) {
            uint32_t n = gemm_record(on->smem_pattern, info.threads, ops[o], bytes[o], 1u << 13, &kind);
            uint32_t nx = gemm_record(ox->smem_pattern, info.threads, ops[o], xb, 1u << 13, &xkind);
            cr_assert_eq(n, nx);
            cr_assert_eq(kind, xkind);
            for (i = 0; i < 32u * n; ++i) cr_assert(bytes[o][i] < a_bytes, "an A access outside the A tile");
            acc[o].source = SWZ_SOLVE_BYTES;
            acc[o].kind = kind;
            acc[o].count = n;
            acc[o].byte = bytes[o];
            none += eval_bytes(bytes[o], n, kind);
            ship += eval_bytes(xb, n, kind);
        }
        /* the shipped key as masks costs the same under the solver's own cost function */
        xp.b = (uint32_t)info.xor_b;
        xp.m = (uint32_t)info.xor_m;
        xp.s = (uint32_t)info.xor_s;
        cr_assert_eq(swz_linear_from_xor(xp, (uint32_t)info.tile, (uint32_t)info.elem_bytes, 16u, &lp), SWZ_OK);
        cr_assert_eq(swz_solve_compile(&p, (uint32_t)info.tile, (uint32_t)info.elem_bytes,
                                       (uint32_t)info.bk, acc, 2), SWZ_OK);
        cr_assert_eq(swz_solve_cost(&p, &lp), ship, "%s: the key as masks", vx->name);
        swz_solve_problem_free(&p);
        snprintf(what, sizeof what, "gemm A tile %dx%d %s (%s)", info.bk, info.tile, vx->elem, vx->name);
        solve_case(what, (uint32_t)info.tile, (uint32_t)info.elem_bytes, (uint32_t)info.bk, acc, 2,
                   32u, ship, none);
        ++cases;
    }
    cr_assert_eq(cases, 4, "float and double at TILE 64 and 128");
}

/* ---- the tensor-core tiles ----------------------------------------------------------------- */

#define TSK_PASS 2 /* mma.h twice per shape: none and the automatic XOR */
#define TSK_ROWS 128
#define TSK_COLS 32
#include "test_solve_kernels.c"
#define TSK_ROWS 128
#define TSK_COLS 64
#include "test_solve_kernels.c"
#define TSK_ROWS 32
#define TSK_COLS 128
#include "test_solve_kernels.c"
#define TSK_ROWS 64
#define TSK_COLS 128
#include "test_solve_kernels.c"
#undef TSK_PASS

typedef int (*mma_model_fn)(int op, int count, swz_tile_cost *cost);
typedef struct mma_shape {
    uint32_t rows, cols;
    int frag, pat;
    mma_model_fn none, xor_;
} mma_shape;
#define MMA_ROW(R, C, F, P) {(R), (C), (F), (P), mma_##R##x##C##_none_model, mma_##R##x##C##_xor_model}
static const mma_shape mma_shapes[] = {
    MMA_ROW(128, 32, SWZ_MMA_A, SWZ_PAT_LDMATRIX_A), MMA_ROW(128, 64, SWZ_MMA_A, SWZ_PAT_LDMATRIX_A),
    MMA_ROW(32, 128, SWZ_MMA_B, SWZ_PAT_LDMATRIX_B), MMA_ROW(64, 128, SWZ_MMA_B, SWZ_PAT_LDMATRIX_B),
    MMA_ROW(128, 32, SWZ_MMA_BT, SWZ_PAT_LDMATRIX_BT), MMA_ROW(128, 64, SWZ_MMA_BT, SWZ_PAT_LDMATRIX_BT)};

Test(solve_kernels, tensor_core_tiles)
{
    size_t k;
    for (k = 0; k < sizeof mma_shapes / sizeof mma_shapes[0]; ++k) {
        const mma_shape *s = &mma_shapes[k];
        swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
        swz_tile_cost nc, nf, xc, xf;
        swz_solve_problem p;
        swz_linear_params zero, aut;
        char what[64];
        acc[0].kind = SWZ_ACCESS_16 | SWZ_STORE;
        acc[0].pattern.kind = SWZ_PAT_CP_ASYNC;
        acc[1].kind = SWZ_LDMATRIX_X4;
        acc[1].pattern.kind = s->pat;
        cr_assert_eq(s->none(SWZ_MMA_OP_COPY, 4, &nc), SWZ_OK);
        cr_assert_eq(s->none(s->frag, 4, &nf), SWZ_OK);
        cr_assert_eq(s->xor_(SWZ_MMA_OP_COPY, 4, &xc), SWZ_OK);
        cr_assert_eq(s->xor_(s->frag, 4, &xf), SWZ_OK);
        uint64_t solver_none, solver_xor, lines;
        /* check.h's walks are mma.h's instructions: the same count, and under none and under the
         * shipped layout (as masks) the same ldmatrix cost */
        memset(&zero, 0, sizeof zero);
        cr_assert_eq(swz_linear_auto(s->cols, 2u, 16u, &aut), SWZ_OK);
        cr_assert_eq(swz_solve_compile(&p, s->cols, 2u, s->rows, acc, 2), SWZ_OK);
        cr_assert_eq(p.instructions, nc.instructions + nf.instructions);
        solver_none = swz_solve_cost(&p, &zero);
        solver_xor = swz_solve_cost(&p, &aut);
        swz_solve_problem_free(&p);
        cr_assert_eq(swz_solve_compile(&p, s->cols, 2u, s->rows, acc + 1, 1), SWZ_OK);
        cr_assert_eq(swz_solve_cost(&p, &zero), nf.wavefronts);
        cr_assert_eq(swz_solve_cost(&p, &aut), xf.wavefronts);
        swz_solve_problem_free(&p);
        /* The copy: the solver scores cp.async's writes as 16-byte stores (R5), a lower bound of
         * bank.h's R8 (an R8 wavefront writes distinct banks).  R8 also has a bound no layout
         * changes: one wavefront per source line, a source line per tile row
         * (rows of 2*cols bytes, 128/(2*cols) of them a quarter when narrower than 128 B).  The
         * shipped xor copy meets it, so the solver's optimum in its R5 terms is R8-optimal too. */
        lines = 2u * s->cols < 128u ? 128u / (2u * s->cols) : 1u;
        cr_assert(solver_none - nf.wavefronts <= nc.wavefronts && solver_xor - xf.wavefronts <= xc.wavefronts,
                  "R5 bounds R8: solver copy %llu / %llu, R8 %llu / %llu",
                  (unsigned long long)(solver_none - nf.wavefronts), (unsigned long long)(solver_xor - xf.wavefronts),
                  (unsigned long long)nc.wavefronts, (unsigned long long)xc.wavefronts);
        cr_assert_eq(xc.wavefronts, 4u * lines * xc.instructions, "the shipped copy meets R8's layout-free bound");
        snprintf(what, sizeof what, "mma %s tile %ux%u half",
                 s->frag == SWZ_MMA_A ? "A" : s->frag == SWZ_MMA_B ? "B (.trans)" : "B^T (N x K)", s->rows,
                 s->cols);
        solve_case(what, s->cols, 2u, s->rows, acc, 2, 64u, solver_xor, solver_none);
    }
}

#elif TSK_PASS == 1
/* ---- pass 1: tile.h for TSK_TY at TILE 8, 16, 32 (and 64 unless TSK_NO64), recording -------- */
#if !defined(TSK_T)
#define TSK_T 8
#include "test_solve_kernels.c"
#define TSK_T 16
#include "test_solve_kernels.c"
#define TSK_T 32
#include "test_solve_kernels.c"
#if !defined(TSK_NO64)
#define TSK_T 64
#include "test_solve_kernels.c"
#endif
#undef TSK_N
#undef TSK_TY
#undef TSK_NO64
#else
#define SWZ_TILE_NAME TSK_CAT(TSK_CAT(TSK_CAT(tr_, TSK_N), _), TSK_T)
#define SWZ_TILE_ELEM TSK_TY
#define SWZ_TILE_ROWS TSK_T
#define SWZ_TILE_COLS (TSK_T * TR_G(TSK_T, (int)sizeof(TSK_TY)))
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_VBYTES TR_VB(TSK_T, (int)sizeof(TSK_TY))
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), (uint32_t)TSK_T)
#include <swz/tile.h>
#undef TSK_T
#endif

#elif TSK_PASS == 3
/* ---- pass 3: tile.h for the 48 tile of floats, recording: as is, and with copies.h's
 * alternating reads (transpose.cuh's xor variant) ---------------------------------------------- */
#define SWZ_TILE_NAME tr_float_48
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 48
#define SWZ_TILE_COLS 48
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 48u)
#include <swz/tile.h>
#define SWZ_TILE_NAME tr_float_48a
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 48
#define SWZ_TILE_COLS 48
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) rec((uint32_t)(r), (uint32_t)(c), 48u)
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_ROTATE 2
#include <swz/tile.h>

#elif TSK_PASS == 2
/* ---- pass 2: mma.h for a TSK_ROWS x TSK_COLS fp16 tile, none and the automatic XOR --------- */
#define SWZ_MMA_NAME TSK_CAT(TSK_CAT(TSK_CAT(TSK_CAT(mma_, TSK_ROWS), x), TSK_COLS), _none)
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS TSK_ROWS
#define SWZ_MMA_COLS TSK_COLS
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) ((uint32_t)(r) * (uint32_t)TSK_COLS + (uint32_t)(c))
#include <swz/mma.h>
#define SWZ_MMA_NAME TSK_CAT(TSK_CAT(TSK_CAT(TSK_CAT(mma_, TSK_ROWS), x), TSK_COLS), _xor)
#define SWZ_MMA_ELEM uint16_t
#define SWZ_MMA_ROWS TSK_ROWS
#define SWZ_MMA_COLS TSK_COLS
#define SWZ_MMA_THREADS 128
#define SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(TSK_COLS, 2, 16, (r), (c))
#include <swz/mma.h>
#undef TSK_ROWS
#undef TSK_COLS
#endif
