/* tools/swz-check-summary.h -- the table swz-check prints when run without a question.
 *
 * What it is for
 *   Every layout x pattern for one tile and element size: the worst n-way conflict and the
 *   whole-tile wavefronts / ideal (swzc_tile_totals), with the bytes each layout wastes.  One
 *   table at the narrowest access the element allows (4 bytes for elements of 4 bytes or
 *   less), then one table per wider access (8, 16 bytes) with the layouts built for that width
 *   plus, for each kind that is another layout when built for the narrow width, that one read
 *   wider where some pattern can read it and its verdicts differ (the "c ^ r read as column
 *   pairs" trap of xor.h is one).
 *
 * Example
 *   swzc_summary s;
 *   swzc_summary_eval(&s, 32, 32, 4, NULL, NULL);
 *   // s.tables[0].access == 4; s.tables[0].rows[0] is "none"; its COL cell: 32-way
 *
 * Patterns of a row (columns of the table), all from the tile origin:
 *   row, col, stride:2, block (check.h's whole-tile walks, evaluated as loads) and transpose = row
 *   store (SWZ_STORE: never paired by bank.h rule R7) + col load (the two totals added, the
 *   worse of the two ways).
 */
#ifndef SWZ_CHECK_SUMMARY_H
#define SWZ_CHECK_SUMMARY_H

#include "swz-check-model.h"
#include "swz-check-totals.h"

#define SWZC_SUM_PATS 5
#define SWZC_SUM_STRIDE 2u
#define SWZC_SUM_MAX_ROWS (2 * SWZ_LAYOUT_COUNT) /* each kind, and its narrow-built row */
#define SWZC_SUM_MAX_TABLES 3

static const int swzc_sum_pat[SWZC_SUM_PATS] = {SWZ_PAT_ROW, SWZ_PAT_COL, SWZ_PAT_STRIDE,
                                                SWZ_PAT_BLOCK, SWZC_PAT_TRANSPOSE};
static const char *const swzc_sum_pat_name[SWZC_SUM_PATS] = {"row", "col", "stride:2", "block",
                                                             "transpose"};

typedef struct swzc_sum_cell {
    int status;             /* the whole-tile status (of the first failing half) */
    swz_check_totals t;
} swzc_sum_cell;

typedef struct swzc_sum_row {
    int kind;               /* SWZ_LAYOUT_* */
    uint32_t layout_access; /* the access width the layout is built for */
    int status;             /* swz_layout_make's status */
    swz_layout l;
    swzc_sum_cell cell[SWZC_SUM_PATS];
} swzc_sum_row;

typedef struct swzc_sum_table {
    uint32_t access;        /* instruction width in bytes */
    uint32_t nrows;
    swzc_sum_row rows[SWZC_SUM_MAX_ROWS];
} swzc_sum_table;

typedef struct swzc_summary {
    uint32_t width, height, elem;
    swz_error error;        /* why the tile has no summary (swzc_summary_eval != SWZ_OK) */
    uint32_t ntables;
    swzc_sum_table tables[SWZC_SUM_MAX_TABLES];
} swzc_summary;

static void swzc_sum_row_eval(swzc_sum_row *row, int kind, uint32_t w, uint32_t h, uint32_t e,
                              uint32_t layout_access, uint32_t access)
{
    int i;
    swzc_blocks b;
    row->kind = kind;
    row->layout_access = layout_access;
    row->status = swz_layout_make(&row->l, kind, w, e, layout_access, h);
    if (row->status == SWZ_OK) swzc_blocks_find(&b, &row->l, access);
    for (i = 0; i < SWZC_SUM_PATS; ++i) {
        swzc_sum_cell *c = &row->cell[i];
        c->status = SWZ_EKIND;
        c->t.instructions = c->t.wavefronts = c->t.ideal = 0u;
        c->t.worst_ways = 0u;
        if (row->status != SWZ_OK) continue;
        if (swzc_sum_pat[i] == SWZC_PAT_TRANSPOSE) {
            swz_check_totals a, bt;
            swz_pattern pr = {SWZ_PAT_ROW, 0, 0u, 0u, 0u, 0u, 0u}, pc = {SWZ_PAT_COL, 0, 0u, 0u, 0u, 0u, 0u};
            int sa, sb;
            pr.access = (int)access | SWZ_STORE;
            pc.access = (int)access;
            sa = swzc_tile_totals(&row->l, &b, &pr, &a);
            sb = swzc_tile_totals(&row->l, &b, &pc, &bt);
            c->status = sa != SWZ_OK ? sa : sb;
            c->t.instructions = a.instructions + bt.instructions;
            c->t.wavefronts = a.wavefronts + bt.wavefronts;
            c->t.ideal = a.ideal + bt.ideal;
            c->t.worst_ways = a.worst_ways > bt.worst_ways ? a.worst_ways : bt.worst_ways;
        } else {
            swz_pattern p = {0, 0, SWZC_SUM_STRIDE, 0u, 0u, 0u, 0u};
            p.kind = swzc_sum_pat[i];
            p.access = (int)access;
            c->status = swzc_tile_totals(&row->l, &b, &p, &c->t);
        }
    }
}

/* 1 when kind built for accesses of a0 bytes is another layout than built for a (its
 * parameters or row stride differ; both valid): then the narrow one read a bytes wide may be
 * a row of its own (the "c ^ r read as column pairs" trap of xor.h is one). */
static int swzc_sum_differs(int kind, uint32_t w, uint32_t h, uint32_t e, uint32_t a0, uint32_t a)
{
    swz_layout n, x;
    swz_layout_param pn[SWZ_LAYOUT_MAX_PARAMS], px[SWZ_LAYOUT_MAX_PARAMS];
    int i, np, nx;
    if (swz_layout_make(&n, kind, w, e, a0, h) != SWZ_OK || swz_layout_make(&x, kind, w, e, a, h) != SWZ_OK)
        return 0;
    np = swz_layout_params_of(&n, pn);
    nx = swz_layout_params_of(&x, px);
    if (np != nx || n.stride != x.stride) return 1;
    for (i = 0; i < np; ++i)
        if (pn[i].value != px[i].value) return 1;
    return 0;
}

/* Progress of a summary of a large tile: called after each layout row with how many rows are
 * done of how many (done == total: the last call). */
typedef void (*swzc_sum_progress)(void *ctx, uint32_t done, uint32_t total);

/* Tiles of at least this many elements report progress (when a callback is given). */
#define SWZC_SUM_PROGRESS_ELEMS (1u << 22)

/* Fill *s for a w x h tile of e-byte elements; progress (may be NULL) hears of each row when
 * the tile has SWZC_SUM_PROGRESS_ELEMS elements or more.  Returns SWZ_OK or the element/tile
 * error that makes every table empty (SWZ_EELEM, SWZ_ERANGE, SWZ_EWIDTH), with s->error
 * naming the parameter (swz_layout_make's, its `who` the row-major layout). */
static int swzc_summary_eval(swzc_summary *s, uint32_t w, uint32_t h, uint32_t e,
                             swzc_sum_progress progress, void *ctx)
{
    uint32_t a0 = e > 4u ? e : 4u, a, done = 0u, total = 0u;
    swz_layout probe;
    int k, st, pass;
    s->width = w;
    s->height = h;
    s->elem = e;
    s->ntables = 0u;
    st = swz_layout_make(&probe, SWZ_LAYOUT_NONE, w, e, a0, h);
    s->error = probe.error;
    if (st != SWZ_OK) return st;
    if ((uint64_t)w * h < SWZC_SUM_PROGRESS_ELEMS) progress = NULL;
    for (pass = progress ? 0 : 1; pass < 2; ++pass) { /* pass 0 counts the rows for progress */
        s->ntables = 0u;
        for (a = a0; a <= 16u; a *= 2u) {
            swzc_sum_table *t = &s->tables[s->ntables];
            int fits = swz_layout_make(&probe, SWZ_LAYOUT_NONE, w, e, a, h) == SWZ_OK; /* a fits a row */
            t->access = a;
            t->nrows = 0u;
            for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
                int narrow = a != a0 && fits && swzc_sum_differs(k, w, h, e, a0, a);
                swzc_sum_row *row = &t->rows[t->nrows];
                if (pass == 0) { total += 1u + (uint32_t)narrow; continue; }
                swzc_sum_row_eval(row, k, w, h, e, a, a);
                if (progress) progress(ctx, ++done, total);
                /* the main table lists every layout; wider tables only those that allow the width */
                if (a == a0 || row->status == SWZ_OK) t->nrows += 1u;
                if (narrow) { /* the same kind built for a0, read a bytes wide: listed when some */
                    int i, any = 0, other = 0; /* pattern can read it and its verdicts are others */
                    const swzc_sum_row *wide = row;
                    row = &t->rows[t->nrows];
                    swzc_sum_row_eval(row, k, w, h, e, a0, a);
                    if (progress) progress(ctx, ++done, total);
                    for (i = 0; i < SWZC_SUM_PATS; ++i) {
                        const swzc_sum_cell *c = &row->cell[i], *d = &wide->cell[i];
                        any |= c->status == SWZ_OK;
                        other |= c->status != d->status || c->t.wavefronts != d->t.wavefronts ||
                                 c->t.worst_ways != d->t.worst_ways || wide->status != SWZ_OK;
                    }
                    if (row->status == SWZ_OK && any && other) t->nrows += 1u;
                }
            }
            if (t->nrows) s->ntables += 1u;
        }
    }
    return SWZ_OK;
}

#endif /* SWZ_CHECK_SUMMARY_H */
