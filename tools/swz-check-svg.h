/* tools/swz-check-svg.h -- swz-check's pictures: the bank map and the layout grid.
 *
 * What it is for
 *   --svg FILE draws the bank map of the instruction(s): one band per phase (the model's:
 *   twice as wide, and the verdict marked 'paired (R7)', when an 8/16-byte load's lane quads
 *   read in pairs), the 32 banks as columns, each lane placed in the bank(s) its word(s) fall
 *   in, one line per distinct word (a bank with k lines costs k wavefronts).  Banks with a conflict are red, conflict-free
 *   banks green; "7+" marks a word shared by several lanes (served once).
 *   --svg-grid FILE draws the tile itself: each element coloured and numbered by the bank of
 *   its first byte under the layout (the picture of the layout), with the elements the
 *   instruction(s) touch outlined (solid: first instruction, dashed: second).
 *   Both are deterministic: integers only, fixed attribute order, no dates or ids, so a
 *   checked-in picture can be compared byte for byte with a regenerated one.
 *
 * Example
 *   swz-check --layout xor --pattern transpose --svg map.svg --svg-grid grid.svg
 *
 * Bank map geometry (pixels): 70 px of labels, 32 banks x 26 px, lines 18 px high:
 *
 *     phase 1 (lanes 0-31): 1 wavefront
 *            0   1   2  ...  31        bank numbers
 *     wf1  [ 0][ 1][ 2] ... [31]       lane(s) in each bank
 */
#ifndef SWZ_CHECK_SVG_H
#define SWZ_CHECK_SVG_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "swz-check-model.h"

static const char *const swzc_bank_colour[32] = {
    "#f19d9d", "#f1ad9d", "#f1bc9d", "#f1cc9d", "#f1dc9d", "#f1ec9d", "#e6f19d", "#d7f19d",
    "#c7f19d", "#b7f19d", "#a7f19d", "#9df1a2", "#9df1b2", "#9df1c2", "#9df1d1", "#9df1e1",
    "#9df1f1", "#9de1f1", "#9dd1f1", "#9dc2f1", "#9db2f1", "#9da2f1", "#a79df1", "#b79df1",
    "#c79df1", "#d79df1", "#e69df1", "#f19dec", "#f19ddc", "#f19dcc", "#f19dbc", "#f19dad",
};

#define SWZC_SVG_LEFT 70
#define SWZC_SVG_CW 26
#define SWZC_SVG_CH 18
#define SWZC_SVG_LINE 20
#define SWZC_SVG_WIDTH (SWZC_SVG_LEFT + 32 * SWZC_SVG_CW + 20)
#define SWZC_SVG_FONT "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\""

/* fprintf that does nothing on a NULL stream: the layout pass measures the height. */
static void swzc_svg(FILE *f, const char *fmt, ...)
{
    va_list ap;
    if (!f) return;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

/* Print lanes as "0,1,2" (for tooltips). */
static void swzc_svg_lanes(FILE *f, uint32_t lanes)
{
    uint32_t i, first = 1;
    for (i = 0; i < 32u; ++i)
        if ((lanes >> i) & 1u) { swzc_svg(f, first ? "%" PRIu32 : ",%" PRIu32, i); first = 0; }
}

static void swzc_svg_verdict(FILE *f, const swz_bank_result *b)
{
    swzc_svg(f, "%" PRIu32 " wavefront%s, ideal %" PRIu32 ", %" PRIu32 "-way%s%s", b->wavefronts,
             b->wavefronts == 1u ? "" : "s", b->ideal, b->ways, b->ways <= 1u ? " (conflict free)" : " conflict",
             b->paired ? ", paired (R7)" : "");
}

/* The verdict of one active phase: its cost (bank.h phase_cost), ideal 1. */
static void swzc_svg_phase_verdict(FILE *f, uint32_t cost)
{
    swzc_svg(f, "%" PRIu32 " wavefront%s, ideal 1, %" PRIu32 "-way%s", cost, cost == 1u ? "" : "s", cost,
             cost <= 1u ? " (conflict free)" : " conflict");
}

/* Draw (or, with f NULL, measure) the bank maps from y; returns the y below them. */
static int swzc_svg_map_body(FILE *f, const swzc_instr *in, uint32_t n, int y)
{
    uint32_t i, p, b, k;
    for (i = 0; i < n; ++i) {
        const swzc_instr *t = &in[i];
        y += SWZC_SVG_LINE + 6;
        char pat[48];
        swzc_pattern_text(pat, sizeof pat, &t->p);
        swzc_svg(f, "<text x=\"10\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">%" PRIu32 ". %s, pattern %s", y, i + 1u,
                 t->op, pat);
        swzc_svg(f, " from (%" PRIu32 ", %" PRIu32 "): ", t->p.row0, t->p.col0);
        swzc_svg_verdict(f, &t->r.bank);
        swzc_svg(f, "%s</text>\n", t->r.permuted ? ", permuted" : "");
        for (p = 0; p < t->nphases; ++p) {
            const swzc_phase *ph = &t->ph[p];
            uint32_t rows = ph->max_depth ? ph->max_depth : 1u;
            y += SWZC_SVG_LINE;
            swzc_svg(f, "<text x=\"10\" y=\"%d\" font-size=\"12\">phase %" PRIu32 " (lanes %" PRIu32 "-%" PRIu32 "): ", y,
                     p + 1u, ph->first, ph->first + ph->count - 1u);
            if (ph->mask) swzc_svg_phase_verdict(f, ph->cost);
            else swzc_svg(f, "no active lane");
            swzc_svg(f, "</text>\n");
            y += SWZC_SVG_LINE - 4;
            swzc_svg(f, "<text x=\"10\" y=\"%d\" font-size=\"10\" fill=\"#555\">bank</text>\n", y);
            for (b = 0; b < 32u; ++b)
                swzc_svg(f, "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#555\" text-anchor=\"middle\">%" PRIu32 "</text>\n",
                         SWZC_SVG_LEFT + (int)b * SWZC_SVG_CW + SWZC_SVG_CW / 2, y, b);
            y += 4;
            swzc_svg(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>\n", SWZC_SVG_LEFT, y,
                     32 * SWZC_SVG_CW, (int)rows * SWZC_SVG_CH);
            for (k = 0; k < rows; ++k)
                swzc_svg(f, "<text x=\"10\" y=\"%d\" font-size=\"10\" fill=\"#555\">wf%" PRIu32 "</text>\n",
                         y + (int)k * SWZC_SVG_CH + 13, k + 1u);
            for (b = 0; b < 32u; ++b)
                for (k = 0; k < ph->depth[b]; ++k) {
                    const swzc_cell *c = &ph->cells[b][k];
                    uint32_t lo = 0;
                    int x = SWZC_SVG_LEFT + (int)b * SWZC_SVG_CW, cy = y + (int)k * SWZC_SVG_CH;
                    while (!((c->lanes >> lo) & 1u)) ++lo;
                    swzc_svg(f, "<g class=\"%s\"><title>bank %" PRIu32 ", word %" PRIu32 " (byte %" PRIu64 "): lane%s ",
                             ph->depth[b] > 1u ? "conflict" : "ok", b, c->word, (uint64_t)c->word * 4u,
                             (c->lanes & (c->lanes - 1u)) ? "s" : "");
                    swzc_svg_lanes(f, c->lanes);
                    swzc_svg(f, "</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>"
                                "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%" PRIu32 "%s</text></g>\n",
                             x, cy, SWZC_SVG_CW, SWZC_SVG_CH, ph->depth[b] > 1u ? "#f28b82" : "#a8dab5",
                             x + SWZC_SVG_CW / 2, cy + 13, lo, (c->lanes & (c->lanes - 1u)) ? "+" : "");
                }
            y += (int)rows * SWZC_SVG_CH;
        }
    }
    return y;
}

static void swzc_svg_title(FILE *f, const swz_layout *l, const char *pattern, const char *access)
{
    swzc_svg(f, "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">swz-check: %s layout, %" PRIu32 "x%" PRIu32
                " tile, elem %" PRIu32 " B, access %s%s, pattern %s</text>\n",
             swz_layout_name(l->kind), l->width, l->height, l->elem, access,
             access[0] >= '0' && access[0] <= '9' ? " B" : "", pattern);
}

/* The bank map picture of n instructions. */
static void swzc_svg_map(FILE *f, const swz_layout *l, const swzc_instr *in, uint32_t n,
                         const char *pattern, const char *access)
{
    uint32_t i, wf = 0, ideal = 0, ways = 0;
    int top = 48, h = swzc_svg_map_body(NULL, in, n, top) + 46;
    for (i = 0; i < n; ++i) {
        wf += in[i].r.bank.wavefronts;
        ideal += in[i].r.bank.ideal;
        if (in[i].r.bank.ways > ways) ways = in[i].r.bank.ways;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" %s>\n",
            SWZC_SVG_WIDTH, h, SWZC_SVG_WIDTH, h, SWZC_SVG_FONT);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    swzc_svg_title(f, l, pattern, access);
    fprintf(f, "<text x=\"10\" y=\"40\" font-size=\"13\">bank map: %" PRIu32 " instruction%s, %" PRIu32 " wavefront%s (ideal %" PRIu32
               "), worst %" PRIu32 "-way</text>\n",
            n, n == 1u ? "" : "s", wf, wf == 1u ? "" : "s", ideal, ways);
    swzc_svg_map_body(f, in, n, top);
    fprintf(f, "<g font-size=\"11\">\n"
               "<rect x=\"10\" y=\"%d\" width=\"14\" height=\"12\" fill=\"#a8dab5\"/><text x=\"30\" y=\"%d\">conflict-free bank</text>\n"
               "<rect x=\"170\" y=\"%d\" width=\"14\" height=\"12\" fill=\"#f28b82\"/><text x=\"190\" y=\"%d\">bank with a conflict (one line per word)</text>\n"
               "<text x=\"480\" y=\"%d\">n = lane; n+ = lanes sharing one word (no conflict)</text>\n</g>\n",
            h - 30, h - 20, h - 30, h - 20, h - 20);
    fprintf(f, "</svg>\n");
}

/* The layout picture: every element coloured and numbered by its bank. */
#define SWZC_GRID_MAX 256u
static void swzc_svg_grid(FILE *f, const swz_layout *l, const swzc_instr *in, uint32_t n,
                          const char *pattern, const char *access)
{
    int cs = l->width <= 32u && l->height <= 32u ? 24 : l->width <= 64u && l->height <= 64u ? 18 : 10;
    int left = 44, top = 76, numbers = cs >= 18;
    int w = left + (int)l->width * cs + 20, h = top + (int)l->height * cs + 20;
    uint32_t r, c, i, lane, label_every = numbers ? 1u : 8u;
    if (w < 900) w = 900;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" %s>\n", w, h,
            w, h, SWZC_SVG_FONT);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    swzc_svg_title(f, l, pattern, access);
    fprintf(f, "<text x=\"10\" y=\"40\" font-size=\"12\">colour and number: the bank of each element (row r, column c) under the layout, built for %" PRIu32
               "-byte accesses</text>\n", l->access);
    fprintf(f, "<text x=\"10\" y=\"56\" font-size=\"12\">outlined: the elements of instruction 1 (%s %s, solid)", in[0].op,
            swz_pattern_name(in[0].p.kind));
    if (n > 1u) fprintf(f, " and 2 (%s %s, dashed)", in[1].op, swz_pattern_name(in[1].p.kind));
    fprintf(f, "</text>\n");
    for (c = 0; c < l->width; c += label_every)
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" fill=\"#555\" text-anchor=\"middle\">%" PRIu32 "</text>\n",
                left + (int)c * cs + cs / 2, top - 4, c);
    for (r = 0; r < l->height; r += label_every)
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" fill=\"#555\" text-anchor=\"end\">%" PRIu32 "</text>\n", left - 4,
                top + (int)r * cs + cs / 2 + 3, r);
    for (r = 0; r < l->height; ++r)
        for (c = 0; c < l->width; ++c) {
            uint32_t off = swz_layout_offset(l, r, c), byte = off * l->elem, bank = swz_bank(byte), j;
            int x = left + (int)c * cs, y = top + (int)r * cs;
            fprintf(f, "<g><title>(%" PRIu32 ", %" PRIu32 ") offset %" PRIu32 ", byte %" PRIu32 ", bank%s %" PRIu32, r, c, off,
                    byte, l->elem > 4u ? "s" : "", bank);
            for (j = 1; j * 4u < l->elem; ++j) fprintf(f, ",%" PRIu32, swz_bank(byte + 4u * j));
            fprintf(f, "</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>", x, y, cs, cs,
                    swzc_bank_colour[bank]);
            if (numbers)
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%" PRIu32 "</text>",
                        x + cs / 2, y + cs / 2 + 4, cs >= 24 ? 11 : 9, bank);
            fprintf(f, "</g>\n");
        }
    for (i = 0; i < n && i < 2u; ++i)
        for (lane = 0; lane < 32u; ++lane) {
            if (!((in[i].r.mask >> lane) & 1u)) continue;
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"%s>"
                       "<title>instruction %" PRIu32 ", lane %" PRIu32 "</title></rect>\n",
                    left + (int)in[i].r.col[lane] * cs + 1, top + (int)in[i].r.row[lane] * cs + 1,
                    (int)in[i].vec * cs - 2, cs - 2, i ? " stroke-dasharray=\"4,3\"" : "", i + 1u, lane);
        }
    fprintf(f, "</svg>\n");
}

#endif /* SWZ_CHECK_SVG_H */
