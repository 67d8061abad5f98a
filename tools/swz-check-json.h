/* tools/swz-check-json.h -- swz-check --json: the same result for programs.
 *
 * What it is for
 *   Tests and programs read this instead of the text.  Schema version 2 (the key "swz_check";
 *   2: the layout's kind-specific objects became the table's "params", "formula", "macro",
 *   "promise" and "tma_mode", and "pattern" got "block"); all numbers are integers; key order
 *   is fixed.
 *
 * Example
 *   swz-check --layout xor --pattern col --json | python3 -c \
 *       'import json,sys; d=json.load(sys.stdin); print(d["instructions"][0]["ways"])'   # 1
 *
 * One question ("mode": "check"):
 *   {"swz_check": 2, "mode": "check",
 *    "tile": {"width", "height", "elem"},
 *    "layout": {"name", "access", "stride", "size_elems", "size_bytes", "data_bytes",
 *               "wasted_bytes", "tma_mode" (0: not a TMA kind),
 *               "params": {name: value, ...}  (swz_layout_params_of: "B", "M", "S" of xor ...),
 *               "triton": {"vec", "per_phase", "max_phase"} | null   (params B, M, S only),
 *               "formula", "macro" (with these numbers), "promise"  (layout.h's table),
 *               "bijection": true | false | null  (checked element by element; null: a tile of
 *                            more than 2^22 elements, not checked),
 *               "certificate": {"access" (the layout's A), "row", "col": the whole-tile walks
 *                  at A: {"instructions", "wavefronts", "ideal", "worst_ways"} | {"error"},
 *                  "slots": [the A-byte slot of unit 0 of rows 0..min(H, 128/A)-1 in its
 *                  128-byte line], "slot_ways": the most of them in one slot}}
 *    "access": {"name", "bytes", "lanes", "phase_lanes"},    phase_lanes: bank.h R3's
 *    "pattern": {"name", "stride", "block", "origin": [r, c]},   name as --pattern spells
 *                                                          it; stride: null unless stride;
 *                                                          block: [w, h] units per phase,
 *                                                          null unless block
 *    "instructions": [{"op", "pattern", "origin", "wavefronts", "ideal", "ways", "phases",
 *        "permuted", "mask", "paired", "phase_lanes",       op: "load" or "store"; paired:
 *                                                          R7 widened this load's phases,
 *                                                          phase_lanes: as served
 *        "lanes": [{"lane", "row", "col", "elems", "offset", "addr", "banks": [..],
 *                   "permuted"}],                          active lanes only
 *        "phase_map": [{"first", "count", "active", "wavefronts", "ideal", "ways",
 *                       "banks": [32 x [{"word", "lanes": [..]}]]}],   the model's phases
 *                       (wavefronts = ways = the phase's cost, ideal 1 if a lane is active)
 *        "tile": {"pattern", "instructions", "wavefronts", "ideal", "worst_ways"}
 *              | {"pattern", "error"}}],
 *    "tile_total": {"instructions", "wavefronts", "ideal", "worst_ways"} | null}
 * The summary ("mode": "summary"):
 *   {"swz_check": 2, "mode": "summary", "tile": {...}, "stride": 2,
 *    "patterns": ["row", "col", "stride:2", "block", "transpose"],
 *    "tables": [{"access", "rows": [{"layout", "layout_access", "valid",
 *        "error" (when not valid), "wasted_bytes" (when valid),
 *        "cells": {pattern: {"ways", "wavefronts", "ideal", "instructions"} | {"error"}}}]}]}
 */
#ifndef SWZ_CHECK_JSON_H
#define SWZ_CHECK_JSON_H

#include <inttypes.h>
#include <stdio.h>

#include "swz-check-summary.h"

/* Our strings are ASCII without quotes or control characters except what we escape here. */
static void swzc_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20u) fprintf(f, "\\u%04x", (unsigned)(unsigned char)*s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

static void swzc_json_lanes(FILE *f, uint32_t lanes)
{
    uint32_t i, first = 1;
    fputc('[', f);
    for (i = 0; i < 32u; ++i)
        if ((lanes >> i) & 1u) { fprintf(f, first ? "%" PRIu32 : ", %" PRIu32, i); first = 0; }
    fputc(']', f);
}

static void swzc_json_tile(FILE *f, const swz_layout *l)
{
    fprintf(f, "  \"tile\": {\"width\": %" PRIu32 ", \"height\": %" PRIu32 ", \"elem\": %" PRIu32 "},\n",
            l->width, l->height, l->elem);
}

/* {"instructions", "wavefronts", "ideal", "worst_ways"}, or {"error"} when st is not SWZ_OK. */
static void swzc_json_totals(FILE *f, int st, const swz_check_totals *t)
{
    if (st != SWZ_OK) {
        fprintf(f, "{\"error\": ");
        swzc_json_str(f, swz_strerror(st));
        fputc('}', f);
        return;
    }
    fprintf(f, "{\"instructions\": %" PRIu64 ", \"wavefronts\": %" PRIu64 ", \"ideal\": %" PRIu64 ", \"worst_ways\": %" PRIu32 "}",
            t->instructions, t->wavefronts, t->ideal, t->worst_ways);
}

static void swzc_json_layout(FILE *f, const swz_layout *l)
{
    const swz_layout_info *info = swz_layout_kind_info(l->kind);
    swz_layout_param prm[SWZ_LAYOUT_MAX_PARAMS];
    char macro[160];
    uint32_t size = swz_layout_size(l);
    int np = swz_layout_params_of(l, prm), i;
    swz_layout_macro(l, macro, sizeof macro);
    fprintf(f, "  \"layout\": {\"name\": \"%s\", \"access\": %" PRIu32 ", \"stride\": %" PRIu32
               ", \"size_elems\": %" PRIu32 ", \"size_bytes\": %" PRIu64 ", \"data_bytes\": %" PRIu64
               ", \"wasted_bytes\": %" PRIu64 ", \"tma_mode\": %" PRIu32 ",\n    \"params\": {",
            info->name, l->access, l->stride, size, (uint64_t)size * l->elem,
            (uint64_t)l->width * l->height * l->elem, swz_layout_waste_bytes(l), info->tma_mode);
    for (i = 0; i < np; ++i) {
        fprintf(f, "%s", i ? ", " : "");
        swzc_json_str(f, prm[i].name);
        fprintf(f, ": %" PRIu32, prm[i].value);
    }
    fprintf(f, "},\n    \"triton\": ");
    {
        swz_xor_params x;
        uint32_t vec, pp, mp;
        if (swzc_params_swizzle(prm, np, &x) && swz_xor_to_triton(x, l->width, &vec, &pp, &mp) == SWZ_OK)
            fprintf(f, "{\"vec\": %" PRIu32 ", \"per_phase\": %" PRIu32 ", \"max_phase\": %" PRIu32 "}", vec, pp, mp);
        else
            fprintf(f, "null");
    }
    fprintf(f, ",\n    \"formula\": ");
    swzc_json_str(f, info->formula);
    fprintf(f, ",\n    \"macro\": ");
    swzc_json_str(f, macro);
    fprintf(f, ",\n    \"promise\": ");
    swzc_json_str(f, info->promise);
    {
        swzc_cert c;
        int bij = swzc_bijection_host(l);
        uint32_t r;
        swzc_certify(l, &c);
        fprintf(f, ",\n    \"bijection\": %s,\n    \"certificate\": {\"access\": %" PRIu32 ", \"row\": ",
                bij == 1 ? "true" : bij == 0 ? "false" : "null", l->access);
        swzc_json_totals(f, c.row_status, &c.row);
        fprintf(f, ", \"col\": ");
        swzc_json_totals(f, c.col_status, &c.col);
        fprintf(f, ", \"slots\": [");
        for (r = 0; r < c.nslots; ++r) fprintf(f, r ? ", %" PRIu32 : "%" PRIu32, c.slot[r]);
        fprintf(f, "], \"slot_ways\": %" PRIu32 "}", c.slot_ways);
    }
    fprintf(f, "},\n");
}

static void swzc_json_instr(FILE *f, const swzc_instr *in, const swz_layout *l)
{
    const swz_check_result *r = &in->r;
    uint32_t i, j, p, b, k, first = 1, words = in->bytes / 4u;
    char pat[48];
    (void)l;
    swzc_pattern_text(pat, sizeof pat, &in->p);
    fprintf(f, "    {\"op\": \"%s\", \"pattern\": \"%s\", \"origin\": [%" PRIu32 ", %" PRIu32 "], \"wavefronts\": %" PRIu32
               ", \"ideal\": %" PRIu32 ", \"ways\": %" PRIu32 ", \"phases\": %" PRIu32 ", \"permuted\": %s, \"mask\": %" PRIu32
               ",\n     \"paired\": %s, \"phase_lanes\": %" PRIu32 ",\n",
            in->op, pat, in->p.row0, in->p.col0, r->bank.wavefronts, r->bank.ideal,
            r->bank.ways, r->bank.phases, r->permuted ? "true" : "false", r->mask, r->bank.paired ? "true" : "false",
            r->bank.phase_lanes);
    fprintf(f, "     \"lanes\": [");
    for (i = 0; i < 32u; ++i) {
        if (!((r->mask >> i) & 1u)) continue;
        fprintf(f, "%s\n       {\"lane\": %" PRIu32 ", \"row\": %" PRIu32 ", \"col\": %" PRIu32 ", \"elems\": %" PRIu32
                   ", \"offset\": %" PRIu32 ", \"addr\": %" PRIu32 ", \"banks\": [",
                first ? "" : ",", i, r->row[i], r->col[i], in->vec, in->lane_off[i], r->addr[i]);
        first = 0;
        for (j = 0; j < words; ++j) fprintf(f, j ? ", %" PRIu32 : "%" PRIu32, swz_bank(r->addr[i] + 4u * j));
        fprintf(f, "], \"permuted\": %s}", (in->lane_perm >> i) & 1u ? "true" : "false");
    }
    fprintf(f, "],\n     \"phase_map\": [");
    for (p = 0; p < in->nphases; ++p) {
        const swzc_phase *ph = &in->ph[p];
        fprintf(f, "%s\n       {\"first\": %" PRIu32 ", \"count\": %" PRIu32 ", \"active\": %" PRIu32 ", \"wavefronts\": %" PRIu32
                   ", \"ideal\": %" PRIu32 ", \"ways\": %" PRIu32 ", \"banks\": [",
                p ? "," : "", ph->first, ph->count, swzc_popcount(ph->mask), ph->cost, ph->mask ? 1u : 0u,
                ph->cost);
        for (b = 0; b < 32u; ++b) {
            fprintf(f, b ? ", [" : "[");
            for (k = 0; k < ph->depth[b]; ++k) {
                fprintf(f, "%s{\"word\": %" PRIu32 ", \"lanes\": ", k ? ", " : "", ph->cells[b][k].word);
                swzc_json_lanes(f, ph->cells[b][k].lanes);
                fputc('}', f);
            }
            fputc(']', f);
        }
        fprintf(f, "]}");
    }
    fprintf(f, "],\n     \"tile\": {\"pattern\": \"%s\", ", pat);
    if (in->tile_status == SWZ_OK)
        fprintf(f, "\"instructions\": %" PRIu64 ", \"wavefronts\": %" PRIu64 ", \"ideal\": %" PRIu64 ", \"worst_ways\": %" PRIu32 "}}",
                in->tile.instructions, in->tile.wavefronts, in->tile.ideal, in->tile.worst_ways);
    else {
        fprintf(f, "\"error\": ");
        swzc_json_str(f, swz_strerror(in->tile_status));
        fprintf(f, "}}");
    }
}

static void swzc_json_check(FILE *f, const swz_layout *l, const swzc_instr *in, uint32_t n,
                            const char *pattern_name)
{
    uint32_t i;
    int tile_ok = 1;
    swz_check_totals tot = {0u, 0u, 0u, 0u};
    fprintf(f, "{\n  \"swz_check\": 2,\n  \"mode\": \"check\",\n");
    swzc_json_tile(f, l);
    swzc_json_layout(f, l);
    fprintf(f, "  \"access\": {\"name\": \"%s\", \"bytes\": %" PRIu32 ", \"lanes\": %" PRIu32 ", \"phase_lanes\": %" PRIu32 "},\n",
            swzc_access_name(in[0].p.access), in[0].bytes, swz_access_lanes(in[0].p.access),
            swz_access_phase_lanes(in[0].p.access));
    fprintf(f, "  \"pattern\": {\"name\": \"%s\", \"stride\": ", pattern_name);
    if (in[0].p.kind == SWZ_PAT_STRIDE && n == 1u) fprintf(f, "%" PRIu32, in[0].p.stride);
    else fprintf(f, "null");
    fprintf(f, ", \"block\": ");
    if (in[0].p.kind == SWZ_PAT_BLOCK && n == 1u) {
        uint32_t bw = 0u, bh = 0u;
        swz_check_block_shape(in[0].p.access, in[0].p.block_w, in[0].p.block_h, &bw, &bh);
        fprintf(f, "[%" PRIu32 ", %" PRIu32 "]", bw, bh);
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ", \"origin\": [%" PRIu32 ", %" PRIu32 "]},\n  \"instructions\": [\n", in[0].p.row0, in[0].p.col0);
    for (i = 0; i < n; ++i) {
        swzc_json_instr(f, &in[i], l);
        fprintf(f, i + 1u < n ? ",\n" : "\n");
        if (in[i].tile_status != SWZ_OK) tile_ok = 0;
        tot.instructions += in[i].tile.instructions;
        tot.wavefronts += in[i].tile.wavefronts;
        tot.ideal += in[i].tile.ideal;
        if (in[i].tile.worst_ways > tot.worst_ways) tot.worst_ways = in[i].tile.worst_ways;
    }
    fprintf(f, "  ],\n  \"tile_total\": ");
    if (tile_ok)
        fprintf(f, "{\"instructions\": %" PRIu64 ", \"wavefronts\": %" PRIu64 ", \"ideal\": %" PRIu64 ", \"worst_ways\": %" PRIu32 "}\n}\n",
                tot.instructions, tot.wavefronts, tot.ideal, tot.worst_ways);
    else
        fprintf(f, "null\n}\n");
}

static void swzc_json_summary(FILE *f, const swzc_summary *s)
{
    uint32_t t, r, c;
    fprintf(f, "{\n  \"swz_check\": 2,\n  \"mode\": \"summary\",\n");
    fprintf(f, "  \"tile\": {\"width\": %" PRIu32 ", \"height\": %" PRIu32 ", \"elem\": %" PRIu32 "},\n", s->width,
            s->height, s->elem);
    fprintf(f, "  \"stride\": %u,\n  \"patterns\": [", SWZC_SUM_STRIDE);
    for (c = 0; c < SWZC_SUM_PATS; ++c) fprintf(f, c ? ", \"%s\"" : "\"%s\"", swzc_sum_pat_name[c]);
    fprintf(f, "],\n  \"tables\": [");
    for (t = 0; t < s->ntables; ++t) {
        const swzc_sum_table *tb = &s->tables[t];
        fprintf(f, "%s\n    {\"access\": %" PRIu32 ", \"rows\": [", t ? "," : "", tb->access);
        for (r = 0; r < tb->nrows; ++r) {
            const swzc_sum_row *row = &tb->rows[r];
            fprintf(f, "%s\n      {\"layout\": \"%s\", \"layout_access\": %" PRIu32 ", \"valid\": %s, ", r ? "," : "",
                    swz_layout_name(row->kind), row->layout_access, row->status == SWZ_OK ? "true" : "false");
            if (row->status != SWZ_OK) {
                char why[160];
                swz_error_format(&row->l.error, why, sizeof why);
                fprintf(f, "\"error\": ");
                swzc_json_str(f, why);
                fprintf(f, ", \"cells\": {}}");
                continue;
            }
            fprintf(f, "\"wasted_bytes\": %" PRIu64 ", \"cells\": {", swz_layout_waste_bytes(&row->l));
            for (c = 0; c < SWZC_SUM_PATS; ++c) {
                const swzc_sum_cell *cell = &row->cell[c];
                fprintf(f, "%s\"%s\": ", c ? ", " : "", swzc_sum_pat_name[c]);
                if (cell->status == SWZ_OK)
                    fprintf(f, "{\"ways\": %" PRIu32 ", \"wavefronts\": %" PRIu64 ", \"ideal\": %" PRIu64 ", \"instructions\": %" PRIu64 "}",
                            cell->t.worst_ways, cell->t.wavefronts, cell->t.ideal, cell->t.instructions);
                else {
                    fprintf(f, "{\"error\": ");
                    swzc_json_str(f, swz_strerror(cell->status));
                    fputc('}', f);
                }
            }
            fprintf(f, "}}");
        }
        fprintf(f, "]}");
    }
    fprintf(f, "\n  ]\n}\n");
}

#endif /* SWZ_CHECK_JSON_H */
