/* tools/swz-check-text.h -- swz-check's human-readable output.
 *
 * What it is for
 *   The report a user reads: the layout's formula, parameters, macro form, promise and storage
 *   (all from layout.h's table of kinds), its certificate (bijection, the whole-tile row and
 *   column walks at its access width, the slots of one column: swz-check-model.h), for each
 *   instruction the bank map of
 *   every phase, the lane table lane -> (row, col) -> offset -> byte address -> banks, the
 *   verdict (wavefronts, ideal, n-way, permuted, 'paired (R7)' when an 8/16-byte load's lane
 *   quads read in pairs and its phases are twice as wide) and the whole-tile totals; or,
 *   without a question, the summary table of every layout x pattern.
 *
 * Example
 *   swzc_print_layout(stdout, &l);          // the "layout" block
 *   swzc_print_instr(stdout, &in, 1, 2);    // "instruction 1 of 2: ..."
 *   swzc_print_summary(stdout, &s);         // the no-argument table
 *
 * All numbers are integers (percentages in per-mille, printed as d.d), so the output is the
 * same on every machine.
 */
#ifndef SWZ_CHECK_TEXT_H
#define SWZ_CHECK_TEXT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "swz-check-summary.h"

/* Print s wrapped at 100 columns, every line indented by `indent` spaces (the first line
 * continues where the caller left it, at column `col`). */
static void swzc_print_wrapped(FILE *f, const char *s, int col, int indent)
{
    while (*s) {
        size_t len = strcspn(s, " ");
        if (col > indent && col + 1 + (int)len > 100) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            ++col;
        }
        fprintf(f, "%.*s", (int)len, s);
        col += (int)len;
        s += len;
        while (*s == ' ') ++s;
    }
    fputc('\n', f);
}

static void swzc_fmt_waste(char *buf, size_t n, const swz_layout *l)
{
    uint64_t wb = swz_layout_waste_bytes(l);
    uint64_t pm = swzc_permille(wb, (uint64_t)l->width * l->height * l->elem);
    if (wb == 0u)
        snprintf(buf, n, "0 B");
    else
        snprintf(buf, n, "%" PRIu64 " B (%" PRIu64 ".%" PRIu64 "%%)", wb, pm / 10u, pm % 10u);
}

/* A swizzle (B, M, S) on rows of W elements in CuTe's and Triton's terms, and the column it
 * moves an element of row r to (key (r / L) mod 2^B, L rows per key step).  On a row that is
 * not a power of two the swizzle acts on the coordinate packed into a row of 2^ceil(log2 W)
 * elements (xor.h, swz_xor_2d): not a CuTe Swizzle of the row-major offset. */
static void swzc_print_swizzle(FILE *f, swz_xor_params x, uint32_t w)
{
    uint32_t vec, pp, mp, ms = x.m + x.s, lw = 0u, lpk;
    while (lw < 31u && (1u << lw) < w) ++lw; /* the row padded to a power of two: 2^lw elements */
    lpk = ms >= lw ? 1u << (ms - lw) : 0u;
    if (swz_is_pow2(w))
        fprintf(f, "  swizzle    B=%" PRIu32 " M=%" PRIu32 " S=%" PRIu32 "   (CuTe Swizzle<%" PRIu32 ",%" PRIu32 ",%" PRIu32
                   "> on element offsets)\n", x.b, x.m, x.s, x.b, x.m, x.s);
    else {
        char line[240];
        snprintf(line, sizeof line, "B=%" PRIu32 " M=%" PRIu32 " S=%" PRIu32 "   (Swizzle<%" PRIu32 ",%" PRIu32 ",%" PRIu32
                 "> on r*%" PRIu32 " + c, the row padded to a power of two, kept in row r; no CuTe Swizzle of r*%" PRIu32
                 " + c)", x.b, x.m, x.s, x.b, x.m, x.s, 1u << lw, w);
        fprintf(f, "  swizzle    ");
        swzc_print_wrapped(f, line, 13, 13);
    }
    if (swz_xor_to_triton(x, w, &vec, &pp, &mp) == SWZ_OK)
        fprintf(f, "  Triton     vec=%" PRIu32 " perPhase=%" PRIu32 " maxPhase=%" PRIu32 "\n", vec, pp, mp);
    else
        fprintf(f, "  Triton     not expressible as (vec, perPhase, maxPhase)\n");
    if (lpk >= 1u && x.b == 0u) {
        fprintf(f, "  columns    physical column = c (no key)\n");
    } else if (lpk >= 1u) {
        char key[64], shift[16] = "";
        if (lpk == 1u) snprintf(key, sizeof key, "r mod %" PRIu32, 1u << x.b);
        else snprintf(key, sizeof key, "(r / %" PRIu32 ") mod %" PRIu32, lpk, 1u << x.b);
        if (x.m) snprintf(shift, sizeof shift, " << %" PRIu32, x.m);
        fprintf(f, "  columns    physical column = c ^ ((%s)%s)", key, shift);
        if (lpk > 1u && swz_is_pow2(w)) fprintf(f, "   (%" PRIu32 " rows share a 128-byte line)", lpk);
        else if (lpk > 1u)
            fprintf(f, "   (rows %" PRIu32 " apart start in one slot)", lpk);
        fprintf(f, "\n");
    }
}

/* One walk of the certificate: "row walk 48 instructions, 192 wavefronts, ideal 192, 1-way". */
static void swzc_fmt_walk(char *buf, size_t n, const char *name, int st, const swz_check_totals *t)
{
    if (st != SWZ_OK)
        snprintf(buf, n, "%s walk not available (%s)", name, swz_strerror(st));
    else
        snprintf(buf, n, "%s walk %" PRIu64 " instruction%s, %" PRIu64 " wavefront%s, ideal %" PRIu64 ", %" PRIu32 "-way",
                 name, t->instructions, swzc_plural(t->instructions), t->wavefronts, swzc_plural(t->wavefronts),
                 t->ideal, t->worst_ways);
}

/* The layout's certificate (swz-check-model.h): the bijection, checked element by element; the
 * whole-tile row and column walks at the access width the layout is built for, from the bank
 * model; the slots of one column over one phase's rows. */
static void swzc_print_certificate(FILE *f, const swz_layout *l)
{
    swzc_cert c;
    char line[512], row[160], col[160];
    uint32_t r, n = 128u / l->access;
    size_t len;
    int bij = swzc_bijection_host(l);
    uint64_t elems = (uint64_t)l->width * l->height;
    if (bij == 1)
        snprintf(line, sizeof line, "yes: the %" PRIu64 " elements take %" PRIu64 " distinct offsets below %" PRIu32
                 " and swz_layout_coord gives each one back (checked element by element)",
                 elems, elems, swz_layout_size(l));
    else if (bij == 0)
        snprintf(line, sizeof line, "NO: two elements share an offset, or an offset does not give its element back");
    else
        snprintf(line, sizeof line, "not checked here (over %u elements; tests/host/test_layout.c checks the kinds)",
                 SWZC_BIJECTION_MAX);
    fprintf(f, "  bijection  ");
    swzc_print_wrapped(f, line, 13, 13);
    swzc_certify(l, &c);
    swzc_fmt_walk(row, sizeof row, "row", c.row_status, &c.row);
    swzc_fmt_walk(col, sizeof col, "column", c.col_status, &c.col);
    snprintf(line, sizeof line, "the whole tile at A = %" PRIu32 " B (bank.h): %s; %s%s", l->access, row, col,
             c.row_status == SWZ_OK && c.col_status == SWZ_OK && c.row.worst_ways == 1u && c.col.worst_ways == 1u
                 ? ": conflict free"
                 : "");
    fprintf(f, "  conflicts  ");
    swzc_print_wrapped(f, line, 13, 13);
    len = (size_t)snprintf(line, sizeof line, "unit 0 of rows 0-%" PRIu32 " in the %" PRIu32
                           "-byte slots of their 128-byte lines:", c.nslots - 1u, l->access);
    for (r = 0; r < c.nslots && len < sizeof line; ++r)
        len += (size_t)snprintf(line + len, sizeof line - len, " %" PRIu32, c.slot[r]);
    if (len < sizeof line)
        snprintf(line + len, sizeof line - len, "%s",
                 c.slot_ways == 1u ? (c.nslots == n ? " (all different: one phase, conflict free)" : " (all different)")
                                   : " (some repeat: a column phase conflicts)");
    fprintf(f, "  slots      ");
    swzc_print_wrapped(f, line, 13, 13);
}

/* The layout block of the report, every line from the table of layout.h (no kind named here):
 * formula, the kind's parameters, its macro form with these numbers, the TMA alignment when
 * the kind has a TMA mode, the promise, and the storage. */
static void swzc_print_layout(FILE *f, const swz_layout *l)
{
    const swz_layout_info *info = swz_layout_kind_info(l->kind);
    swz_layout_param prm[SWZ_LAYOUT_MAX_PARAMS];
    char waste[64], macro[160];
    uint32_t size = swz_layout_size(l);
    int np = swz_layout_params_of(l, prm), i;
    swz_xor_params x;
    swzc_fmt_waste(waste, sizeof waste, l);
    swz_layout_macro(l, macro, sizeof macro);
    fprintf(f, "layout %s, built for %" PRIu32 "-byte accesses\n", info->name, l->access);
    fprintf(f, "  formula    ");
    swzc_print_wrapped(f, info->formula, 13, 13);
    if (swzc_params_swizzle(prm, np, &x)) { /* the parameters are a swizzle's: in CuTe's terms */
        swzc_print_swizzle(f, x, l->width);
    } else if (np > 0) {
        fprintf(f, "  params    ");
        for (i = 0; i < np; ++i) fprintf(f, " %s=%" PRIu32, prm[i].name, prm[i].value);
        fprintf(f, "\n");
    }
    if (l->stride != l->width)
        fprintf(f, "  stride     %" PRIu32 " elements per row = %" PRIu64 " B (%" PRIu64 " B of padding per row)\n",
                l->stride, (uint64_t)l->stride * l->elem, (uint64_t)(l->stride - l->width) * l->elem);
    fprintf(f, "  macro      %s\n", macro);
    if (info->tma_mode)
        fprintf(f, "  alignment  the buffer must start at a multiple of %" PRIu32 " B (swz_tma_align(%" PRIu32
                   ")); the pattern repeats every %" PRIu32 " B\n",
                swz_tma_align(info->tma_mode), info->tma_mode, swz_tma_align(info->tma_mode));
    fprintf(f, "  promise    ");
    swzc_print_wrapped(f, info->promise, 13, 13);
    fprintf(f, "  storage    %" PRIu32 " elements = %" PRIu64 " B for %" PRIu64 " B of data; wasted %s\n", size,
            (uint64_t)size * l->elem, (uint64_t)l->width * l->height * l->elem, waste);
    swzc_print_certificate(f, l);
}

/* Lanes as ranges: "0-7,9,12-13". */
static void swzc_print_lanes(FILE *f, uint32_t lanes)
{
    uint32_t i = 0, first = 1;
    while (i < 32u) {
        uint32_t j = i;
        if (!((lanes >> i) & 1u)) { ++i; continue; }
        while (j + 1u < 32u && ((lanes >> (j + 1u)) & 1u)) ++j;
        fprintf(f, "%s%" PRIu32, first ? "" : ",", i);
        if (j > i) fprintf(f, "-%" PRIu32, j);
        first = 0;
        i = j + 1u;
    }
}

/* 1 when the phase touches `word` with exactly the lanes `lanes`. */
static int swzc_cell_find(const swzc_phase *ph, uint32_t word, uint32_t lanes)
{
    uint32_t b = word & 31u, k;
    for (k = 0; k < ph->depth[b]; ++k)
        if (ph->cells[b][k].word == word) return ph->cells[b][k].lanes == lanes;
    return 0;
}

static void swzc_print_phase(FILE *f, const swzc_instr *in, uint32_t p)
{
    const swzc_phase *ph = &in->ph[p];
    uint32_t b, k, shared = 0;
    fprintf(f, "  phase %" PRIu32 " of %" PRIu32 " (lanes %" PRIu32 "-%" PRIu32 "): ", p + 1u, in->nphases,
            ph->first, ph->first + ph->count - 1u);
    if (!ph->mask) { fprintf(f, "no active lane\n"); return; }
    fprintf(f, "%" PRIu32 " wavefront%s, %s", ph->cost, ph->cost == 1u ? "" : "s",
            ph->cost == 1u ? "conflict free" : "");
    if (ph->cost == 0u && in->p.kind == SWZ_PAT_CP_ASYNC)
        fprintf(f, "its source lines counted in an earlier phase (bank.h R8)");
    else if (ph->cost > 1u && in->p.kind == SWZ_PAT_CP_ASYNC)
        fprintf(f, "cp.async writes (bank.h R8)");
    else if (ph->cost > 1u)
        fprintf(f, "%" PRIu32 "-way conflict", ph->cost);
    fprintf(f, "\n    bank");
    for (b = 0; b < 32u; ++b) fprintf(f, " %2" PRIu32, b);
    fprintf(f, "\n");
    for (k = 0; k < ph->max_depth; ++k) {
        fprintf(f, "    wf%-2" PRIu32, k + 1u);
        for (b = 0; b < 32u; ++b) {
            if (k < ph->depth[b]) {
                uint32_t lanes = ph->cells[b][k].lanes, lo = 0;
                while (!((lanes >> lo) & 1u)) ++lo;
                fprintf(f, " %2" PRIu32, lo);
                if (lanes & (lanes - 1u)) shared = 1;
            } else {
                fprintf(f, "  .");
            }
        }
        fprintf(f, "\n");
    }
    if (ph->max_depth != ph->cost && in->p.kind == SWZ_PAT_CP_ASYNC)
        fprintf(f, "    (the lines are the banks' depth; cp.async's writes take %" PRIu32 " wavefronts by R8:\n"
                   "     one source line, one shared line and one ring map per wavefront; a source line\n"
                   "     is served once for the warp and counted in the phase of its first lane)\n", ph->cost);
    else if (ph->max_depth != ph->cost)
        fprintf(f, "    (display error: %" PRIu32 " lines but the model says %" PRIu32 " wavefronts)\n",
                ph->max_depth, ph->cost);
    if (shared) {
        /* one line per run of consecutive words with the same lanes */
        fprintf(f, "    shared words (one access serves all its lanes, no conflict):\n");
        for (b = 0; b < 32u; ++b)
            for (k = 0; k < ph->depth[b]; ++k) {
                const swzc_cell *c = &ph->cells[b][k];
                uint32_t n = 1u;
                if (!(c->lanes & (c->lanes - 1u))) continue;
                if (c->word > 0u && swzc_cell_find(ph, c->word - 1u, c->lanes)) continue; /* not a run start */
                while (swzc_cell_find(ph, c->word + n, c->lanes)) ++n;
                if (n == 1u)
                    fprintf(f, "      word %" PRIu32 " (bank %" PRIu32 "): lanes ", c->word, b);
                else
                    fprintf(f, "      words %" PRIu32 "-%" PRIu32 " (banks %" PRIu32 "-%" PRIu32 "): lanes ", c->word,
                            c->word + n - 1u, b, (b + n - 1u) & 31u);
                swzc_print_lanes(f, c->lanes);
                fprintf(f, "\n");
            }
    }
}

static void swzc_print_instr(FILE *f, const swzc_instr *in, uint32_t idx, uint32_t n)
{
    const swz_check_result *r = &in->r;
    uint32_t p, i;
    char pat[48];
    swzc_pattern_text(pat, sizeof pat, &in->p);
    fprintf(f, "\ninstruction %" PRIu32 " of %" PRIu32 ": %s, pattern %s", idx, n, in->op, pat);
    fprintf(f, " from (%" PRIu32 ", %" PRIu32 "), %" PRIu32 " B per lane (%s)\n", in->p.row0, in->p.col0,
            in->bytes, in->p.kind == SWZ_PAT_CP_ASYNC ? "cp.async.cg.shared.global" : swzc_access_ptx(in->p.access));
    fprintf(f, "  %" PRIu32 " active lane%s in %" PRIu32 " phase%s of %" PRIu32 " lanes", swzc_popcount(r->mask),
            swzc_popcount(r->mask) == 1u ? "" : "s", in->nphases, in->nphases == 1u ? "" : "s",
            r->bank.phase_lanes);
    if (r->bank.paired)
        fprintf(f, ": paired (R7) -- every lane quad reads in pairs, so the\n"
                   "  load is served in phases twice as wide as R3's %" PRIu32 " lanes",
                swz_access_phase_lanes(in->p.access));
    fprintf(f, "\n");
    for (p = 0; p < in->nphases; ++p) swzc_print_phase(f, in, p);
    fprintf(f, "  lane  (row, col)        offset    byte  banks\n");
    for (i = 0; i < 32u; ++i) {
        char rc[48];
        uint32_t j, words = in->bytes / 4u;
        if (!((r->mask >> i) & 1u)) continue;
        if (in->vec > 1u)
            snprintf(rc, sizeof rc, "(%" PRIu32 ", %" PRIu32 "-%" PRIu32 ")", r->row[i], r->col[i], r->col[i] + in->vec - 1u);
        else
            snprintf(rc, sizeof rc, "(%" PRIu32 ", %" PRIu32 ")", r->row[i], r->col[i]);
        fprintf(f, "  %4" PRIu32 "  %-16s %7" PRIu32 " %7" PRIu32 "  ", i, rc, in->lane_off[i], r->addr[i]);
        for (j = 0; j < words; ++j)
            fprintf(f, j ? ",%" PRIu32 : "%" PRIu32, swz_bank(r->addr[i] + 4u * j));
        if ((in->lane_perm >> i) & 1u) fprintf(f, "  permuted");
        fprintf(f, "\n");
    }
    fprintf(f, "  result     %" PRIu32 " wavefront%s, ideal %" PRIu32 ", %" PRIu32 "-way%s%s%s\n", r->bank.wavefronts,
            r->bank.wavefronts == 1u ? "" : "s", r->bank.ideal, r->bank.ways,
            r->bank.ways <= 1u ? " (conflict free)" : " conflict", r->bank.paired ? ", paired (R7)" : "",
            r->permuted ? "; permuted: some lanes' elements arrive reordered (reorder the registers)" : "");
    if (in->tile_status == SWZ_OK)
        fprintf(f, "  whole tile pattern %s: %" PRIu64 " instruction%s, %" PRIu64 " wavefront%s, ideal %" PRIu64
                   ", worst %" PRIu32 "-way%s\n",
                pat, in->tile.instructions, swzc_plural(in->tile.instructions), in->tile.wavefronts,
                swzc_plural(in->tile.wavefronts), in->tile.ideal, in->tile.worst_ways,
                in->p.row0 || in->p.col0 ? " (the walk from (0, 0); --origin moves only the instruction above)" : "");
    else
        fprintf(f, "  whole tile pattern %s: not available: %s\n", pat,
                in->tile_status == SWZ_EALIGN ? "an instruction of the walk would split a lane's elements (the layout "
                                                "scatters them there)"
                                              : swz_strerror(in->tile_status));
}

/* ---- summary ----------------------------------------------------------------------------- */

#define SWZC_CELL_LEN 32

static void swzc_fmt_cell(char *buf, size_t n, const swzc_sum_cell *c)
{
    if (c->status != SWZ_OK)
        snprintf(buf, n, c->status == SWZ_EALIGN ? "split" : "n/a");
    else
        snprintf(buf, n, "%" PRIu32 "-way %" PRIu64 "/%" PRIu64, c->t.worst_ways, c->t.wavefronts, c->t.ideal);
}

static void swzc_row_label(char *buf, size_t n, const swzc_sum_row *row, uint32_t access)
{
    if (row->layout_access != access)
        snprintf(buf, n, "%s (%" PRIu32 " B)", swz_layout_name(row->kind), row->layout_access);
    else
        snprintf(buf, n, "%s", swz_layout_name(row->kind));
}

static void swzc_print_table(FILE *f, const swzc_summary *s, uint32_t t0, uint32_t t1)
{
    char cells[SWZC_SUM_MAX_TABLES * SWZC_SUM_MAX_ROWS][SWZC_SUM_PATS + 3][200];
    size_t width[SWZC_SUM_PATS + 3];
    uint32_t nrow = 0, t, r, c, ncol = SWZC_SUM_PATS + 3, wide = t1 > t0 + 1u || s->tables[t0].access != (s->elem > 4u ? s->elem : 4u);
    for (c = 0; c < ncol; ++c) width[c] = 0;
    for (t = t0; t < t1; ++t)
        for (r = 0; r < s->tables[t].nrows; ++r, ++nrow) {
            const swzc_sum_row *row = &s->tables[t].rows[r];
            if (r == 0u) snprintf(cells[nrow][0], sizeof cells[nrow][0], "%" PRIu32 " B", s->tables[t].access);
            else cells[nrow][0][0] = '\0';
            swzc_row_label(cells[nrow][1], sizeof cells[nrow][1], row, s->tables[t].access);
            for (c = 0; c < SWZC_SUM_PATS; ++c) {
                if (row->status != SWZ_OK) { cells[nrow][2 + c][0] = '\0'; continue; }
                swzc_fmt_cell(cells[nrow][2 + c], sizeof cells[nrow][2 + c], &row->cell[c]);
            }
            if (row->status != SWZ_OK) {
                char why[160];
                swz_error_format(&row->l.error, why, sizeof why);
                snprintf(cells[nrow][2], sizeof cells[nrow][2], "-- not valid here: %s", why);
                cells[nrow][ncol - 1][0] = '\0';
            } else {
                swzc_fmt_waste(cells[nrow][ncol - 1], sizeof cells[nrow][ncol - 1], &row->l);
            }
        }
    {
        const char *head[SWZC_SUM_PATS + 3] = {"access", "layout", "row", "col", "stride:2", "block",
                                               "transpose", "wasted"};
        for (c = 0; c < ncol; ++c) width[c] = strlen(head[c]);
        for (r = 0; r < nrow; ++r)
            for (c = 0; c < ncol; ++c) {
                size_t len = strlen(cells[r][c]);
                int invalid_note = c == 2 && cells[r][3][0] == '\0' && len > 0;
                if (!invalid_note && len > width[c]) width[c] = len;
            }
        fprintf(f, " ");
        for (c = wide ? 0u : 1u; c < ncol; ++c)
            if (c + 1 == ncol) fprintf(f, " %s", head[c]);
            else fprintf(f, " %-*s", (int)width[c] + 1, head[c]);
        fprintf(f, "\n");
    }
    for (r = 0; r < nrow; ++r) {
        int invalid = cells[r][3][0] == '\0';
        fprintf(f, " ");
        for (c = wide ? 0u : 1u; c < ncol; ++c) {
            if (invalid && c == 2) { fprintf(f, " %s", cells[r][c]); break; }
            if (c + 1 == ncol) fprintf(f, " %s", cells[r][c]);
            else fprintf(f, " %-*s", (int)width[c] + 1, cells[r][c]);
        }
        fprintf(f, "\n");
    }
}

static void swzc_print_summary(FILE *f, const swzc_summary *s)
{
    uint32_t t, k;
    int any_tma = 0;
    fprintf(f, "swz-check: %" PRIu32 "x%" PRIu32 " tile of %" PRIu32 "-byte elements (%" PRIu64 " B per row), every layout x access pattern\n",
            s->width, s->height, s->elem, (uint64_t)s->width * s->elem);
    fprintf(f, "Each cell: the worst n-way bank conflict of one warp instruction (1-way = conflict free),\n"
               "then wavefronts / ideal wavefronts summed over every instruction that covers the tile.\n"
               "Patterns: row = lanes along a row; col = lanes down a column (the read side of a transpose);\n"
               "stride:2 = a[lane*2]; block = compact 2-D blocks: loads.  transpose = row store + col load.\n"
               "'n/a' / 'split': the access does not fit the layout (a vector would be split).\n\n");
    if (s->ntables == 0u) return;
    fprintf(f, "%" PRIu32 "-byte accesses (%s, %s), layouts built for %" PRIu32 "-byte accesses:\n",
            s->tables[0].access, swzc_access_ptx((int)s->tables[0].access),
            swzc_access_ptx((int)s->tables[0].access | SWZ_STORE), s->tables[0].access);
    swzc_print_table(f, s, 0u, 1u);
    if (s->ntables > 1u) {
        fprintf(f, "\nWider accesses (ideal: 2 wavefronts per 8-byte, 4 per 16-byte instruction); each layout built\n"
                   "for the access width, and 'L (%" PRIu32 " B)' = layout L built for %" PRIu32 "-byte accesses read wider:\n",
                s->tables[0].access, s->tables[0].access);
        swzc_print_table(f, s, 1u, s->ntables);
    }
    for (t = 0; t < s->ntables; ++t)
        for (k = 0; k < s->tables[t].nrows; ++k)
            if (s->tables[t].rows[k].status == SWZ_OK && swz_layout_kind_tma_mode(s->tables[t].rows[k].kind)) any_tma = 1;
    fprintf(f, "\nwasted = bytes of storage that hold no element.\n");
    if (any_tma) fprintf(f, "tmaS = Hopper's TMA/wgmma swizzle of S bytes: the buffer must be aligned to 8*S bytes.\n");
    fprintf(f, "One instruction in detail: swz-check --layout xor --pattern col (more: swz-check --help).\n");
}

#endif /* SWZ_CHECK_TEXT_H */
