/* docs/explorer/explorer.c -- the WebAssembly core of docs/explorer.html.
 *
 * What it is for
 *   The explorer page must show exactly what swz-check and a kernel get, so its numbers come
 *   from the swz headers themselves, compiled to WebAssembly: this file includes
 *   <swz/check.h>, runs swz_layout_make / swz_check / swz_check_tile for the case the page
 *   selects, and leaves the results in one exported array of 32-bit integers that the page's
 *   JavaScript only draws.  docs/gen.sh builds it and embeds it base64 in docs/explorer.html:
 *
 *     clang --target=wasm32 -ffreestanding -nostdlib -O2 -mbulk-memory -Iinclude \
 *           -Wl,--no-entry -Wl,--strip-all -o explorer.wasm docs/explorer/explorer.c
 *
 * Exports
 *   ex_layout_count(), ex_layout_name(k), ex_layout_formula(k), ex_layout_promise(k),
 *   ex_layout_tma_mode(k): the table of layout kinds (include/swz/layout.h), so the page lists
 *   and describes whatever kinds the headers have;
 *   ex_run(...): one instruction; ex_out(): its results (below); ex_error(): why it failed, in
 *   the words swz-check prints after its context (swz_error_format for the layout,
 *   swzc_check_error of tools/swz-check-model.h for the instruction: one owner of each
 *   wording); ex_macro(): the layout's macro form with its numbers; ex_param_name(i): the name
 *   of parameter i (values in the output array); ex_triton(b, m, s, w): a swizzle's Triton
 *   form; ex_cell_bank(r, c): the bank of an element.
 *
 * Output layout (ex_out(), int32 words; see the EX_* indices below)
 *   [EX_STATUS..]   status (SWZ_OK or a negative SWZ_E*), which step failed (1 layout, 2 check,
 *                   3 tile totals), the model's wavefronts / ideal / ways / phases, permuted,
 *                   active-lane mask, layout stride / size / waste bytes, tile totals
 *                   (instructions, wavefronts, ideal, worst ways), lanes per phase (as served:
 *                   R3's, twice as wide when rule R7 paired an 8/16-byte load), bytes per lane,
 *                   lanes used by the instruction, whether R7 paired the load, the number of
 *                   the layout's parameters (swz_layout_params_of), and the layout's certificate
 *                   (swz-check's, tools/swz-check-model.h): the bijection (1 yes, 0 no, -1 not
 *                   checked: a tile of more than 2^20 elements), the whole-tile row and column
 *                   walks at the layout's access width (status, instructions, wavefronts,
 *                   ideal, worst ways each) and how many rows' slots follow and the most of
 *                   them in one slot.  A store is asked for with SWZ_STORE (256) OR-ed into the
 *                   access kind, as in bank.h.
 *   [EX_PARAM + i]  the value of parameter i.
 *   [EX_LANE + 8*l] per lane l: row, first column, byte address, words touched, and for each
 *                   of up to 4 words its bank and its "turn" in that bank within the lane's
 *                   phase (0 = first distinct word of the bank, 1 = second = a conflict ...),
 *                   packed as bank | turn << 8.
 *   [EX_BANKLOAD + 32*p + b] distinct words phase p puts in bank b (the conflict degree).
 *   [EX_SLOT + r]   the certificate's A-byte slot, in its 128-byte line, of unit 0 of row r.
 *
 * The turn of a word is its rank among the distinct words of its bank in its phase, in lane
 * order -- a picture of rule R5 of bank.h (cost = the largest count), computed here so that the
 * page does no modelling of its own.  The whole-tile totals are swz-check's
 * (swzc_tile_totals: a tile made of equal blocks costs one block), so large tiles stay fast.
 */
#include <swz/check.h>

#include "../../tools/swz-check-model.h"

enum {
    EX_STATUS = 0, EX_STEP, EX_WAVEFRONTS, EX_IDEAL, EX_WAYS, EX_PHASES, EX_PERMUTED, EX_MASK,
    EX_STRIDE, EX_SIZE, EX_WASTE,
    EX_T_INSTR, EX_T_WAVEFRONTS, EX_T_IDEAL, EX_T_WAYS, EX_T_STATUS,
    EX_PHASE_LANES, EX_BYTES, EX_LANES, EX_PAIRED, EX_NPARAMS,
    EX_BIJECTION, EX_C_ROW_STATUS, EX_C_ROW_INSTR, EX_C_ROW_WAVEFRONTS, EX_C_ROW_IDEAL, EX_C_ROW_WAYS,
    EX_C_COL_STATUS, EX_C_COL_INSTR, EX_C_COL_WAVEFRONTS, EX_C_COL_IDEAL, EX_C_COL_WAYS, EX_C_NSLOTS,
    EX_C_SLOT_WAYS,
    EX_PARAM = 48,                        /* SWZ_LAYOUT_MAX_PARAMS values */
    EX_LANE = EX_PARAM + SWZ_LAYOUT_MAX_PARAMS, /* 32 lanes x 8 words */
    EX_BANKLOAD = EX_LANE + 32 * 8,       /* 4 phases x 32 banks (8-lane phases: at most 4) */
    EX_SLOT = EX_BANKLOAD + 4 * 32,       /* 32 rows' slots */
    EX_WORDS = EX_SLOT + 32
};

SWZ_STATIC_ASSERT(EX_C_SLOT_WAYS < EX_PARAM, explorer_header_words_overlap_the_parameters);

static int32_t out[EX_WORDS];
static swz_layout lay;
static swz_layout_param params[SWZ_LAYOUT_MAX_PARAMS];
static char error_text[256], macro_text[160];
static uint32_t bijection_bits[1u << 15]; /* a bit per offset of tiles up to 2^20 elements */

__attribute__((export_name("ex_out"))) int32_t *ex_out(void) { return out; }
/* Where the parts of ex_out() start, and its length (the page reads them, not a copy). */
__attribute__((export_name("ex_at_param"))) int ex_at_param(void) { return EX_PARAM; }
__attribute__((export_name("ex_at_lane"))) int ex_at_lane(void) { return EX_LANE; }
__attribute__((export_name("ex_at_bankload"))) int ex_at_bankload(void) { return EX_BANKLOAD; }
__attribute__((export_name("ex_at_slot"))) int ex_at_slot(void) { return EX_SLOT; }
__attribute__((export_name("ex_words"))) int ex_words(void) { return EX_WORDS; }
__attribute__((export_name("ex_error"))) const char *ex_error(void) { return error_text; }
__attribute__((export_name("ex_macro"))) const char *ex_macro(void) { return macro_text; }

__attribute__((export_name("ex_layout_count"))) int ex_layout_count(void) { return SWZ_LAYOUT_COUNT; }
__attribute__((export_name("ex_layout_name"))) const char *ex_layout_name(int k)
{
    return swz_layout_name(k);
}
__attribute__((export_name("ex_layout_formula"))) const char *ex_layout_formula(int k)
{
    const swz_layout_info *info = swz_layout_kind_info(k);
    return info ? info->formula : "";
}
__attribute__((export_name("ex_layout_promise"))) const char *ex_layout_promise(int k)
{
    const swz_layout_info *info = swz_layout_kind_info(k);
    return info ? info->promise : "";
}
__attribute__((export_name("ex_layout_tma_mode"))) int ex_layout_tma_mode(int k)
{
    return (int)swz_layout_kind_tma_mode(k);
}
/* Triton's (vec, perPhase, maxPhase) of the swizzle (b, m, s) on rows of `width` elements
 * (swz_xor_to_triton), packed vec | perPhase << 10 | maxPhase << 20; -1 when not expressible. */
__attribute__((export_name("ex_triton"))) int ex_triton(uint32_t b, uint32_t m, uint32_t s, uint32_t width)
{
    swz_xor_params x;
    uint32_t v = 0, pp = 0, mp = 0;
    x.b = b;
    x.m = m;
    x.s = s;
    if (swz_xor_to_triton(x, width, &v, &pp, &mp) != SWZ_OK || v > 1023u || pp > 1023u || mp > 1023u) return -1;
    return (int)(v | pp << 10 | mp << 20);
}
__attribute__((export_name("ex_param_name"))) const char *ex_param_name(int i)
{
    return i >= 0 && i < out[EX_NPARAMS] ? params[i].name : "";
}

/* Bank of the element (row, col) of the layout made by the last ex_run; -1 outside or when
 * the layout is invalid. */
__attribute__((export_name("ex_cell_bank"))) int ex_cell_bank(uint32_t row, uint32_t col)
{
    uint32_t o;
    if (out[EX_STEP] == 1) return -1;
    o = swz_layout_offset(&lay, row, col);
    return o == SWZ_BAD_OFFSET ? -1 : (int)swz_bank(o * lay.elem);
}

__attribute__((export_name("ex_run"))) int ex_run(int kind, uint32_t width, uint32_t height,
                                                  uint32_t elem, uint32_t layout_access,
                                                  int pattern, int access, uint32_t stride,
                                                  uint32_t row0, uint32_t col0,
                                                  uint32_t block_w, uint32_t block_h)
{
    swz_pattern p;
    swz_check_result r;
    swz_check_totals t;
    swzc_blocks blocks;
    uint32_t i, j, ph, bytes, pl, per_lane;
    int e, np;
    for (i = 0; i < (uint32_t)EX_WORDS; ++i) out[i] = 0;
    error_text[0] = macro_text[0] = '\0';
    out[EX_STEP] = 1;
    e = swz_layout_make(&lay, kind, width, elem, layout_access, height);
    if (e != SWZ_OK) {
        swz_error_format(&lay.error, error_text, sizeof error_text);
        out[EX_STATUS] = e;
        return e;
    }
    out[EX_STRIDE] = (int32_t)lay.stride;
    out[EX_SIZE] = (int32_t)swz_layout_size(&lay);
    out[EX_WASTE] = (int32_t)swz_layout_waste_bytes(&lay);
    np = swz_layout_params_of(&lay, params);
    out[EX_NPARAMS] = np;
    for (i = 0; i < (uint32_t)np; ++i) out[EX_PARAM + i] = (int32_t)params[i].value;
    swz_layout_macro(&lay, macro_text, sizeof macro_text);
    { /* the layout's certificate, as swz-check prints it */
        swzc_cert cert;
        out[EX_BIJECTION] = swzc_bijection(&lay, bijection_bits, (uint32_t)(sizeof bijection_bits / sizeof bijection_bits[0]));
        swzc_certify(&lay, &cert);
        out[EX_C_ROW_STATUS] = cert.row_status;
        out[EX_C_ROW_INSTR] = (int32_t)cert.row.instructions;
        out[EX_C_ROW_WAVEFRONTS] = (int32_t)cert.row.wavefronts;
        out[EX_C_ROW_IDEAL] = (int32_t)cert.row.ideal;
        out[EX_C_ROW_WAYS] = (int32_t)cert.row.worst_ways;
        out[EX_C_COL_STATUS] = cert.col_status;
        out[EX_C_COL_INSTR] = (int32_t)cert.col.instructions;
        out[EX_C_COL_WAVEFRONTS] = (int32_t)cert.col.wavefronts;
        out[EX_C_COL_IDEAL] = (int32_t)cert.col.ideal;
        out[EX_C_COL_WAYS] = (int32_t)cert.col.worst_ways;
        out[EX_C_NSLOTS] = (int32_t)cert.nslots;
        out[EX_C_SLOT_WAYS] = (int32_t)cert.slot_ways;
        for (i = 0; i < cert.nslots; ++i) out[EX_SLOT + i] = (int32_t)cert.slot[i];
    }

    out[EX_STEP] = 2;
    p.kind = pattern;
    p.access = access;
    p.stride = stride;
    p.row0 = row0;
    p.col0 = col0;
    p.block_w = block_w;
    p.block_h = block_h;
    r = swz_check(&lay, &p);
    bytes = swz_access_bytes(access);
    pl = swz_access_phase_lanes(access);
    out[EX_PHASE_LANES] = (int32_t)pl;
    out[EX_BYTES] = (int32_t)bytes;
    out[EX_LANES] = (int32_t)swz_access_lanes(access);
    if (r.status != SWZ_OK) {
        swzc_check_error(error_text, sizeof error_text, r.status, &lay, &p);
        out[EX_STATUS] = r.status;
        return r.status;
    }
    pl = r.bank.phase_lanes; /* the phases as served (R7 may have widened them) */
    out[EX_PHASE_LANES] = (int32_t)pl;
    out[EX_PAIRED] = (int32_t)r.bank.paired;
    out[EX_WAVEFRONTS] = (int32_t)r.bank.wavefronts;
    out[EX_IDEAL] = (int32_t)r.bank.ideal;
    out[EX_WAYS] = (int32_t)r.bank.ways;
    out[EX_PHASES] = (int32_t)r.bank.phases;
    out[EX_PERMUTED] = r.permuted;
    out[EX_MASK] = (int32_t)r.mask;

    /* Per phase: its distinct words in lane order; a word's turn is the number of distinct
     * words of its bank met before it (R4: a word shared by several lanes is one word). */
    per_lane = bytes <= 4u ? 1u : bytes / 4u;
    for (ph = 0; ph * pl < 32u; ++ph) {
        uint32_t words[128], turns[128], nw = 0, k, q;
        for (i = ph * pl; i < (ph + 1u) * pl; ++i) {
            int32_t *lane = out + EX_LANE + 8 * i;
            if (!((r.mask >> i) & 1u)) continue;
            lane[0] = (int32_t)r.row[i];
            lane[1] = (int32_t)r.col[i];
            lane[2] = (int32_t)r.addr[i];
            lane[3] = (int32_t)per_lane;
            for (j = 0; j < per_lane; ++j) {
                uint32_t w = (r.addr[i] >> 2) + j, b = w & 31u, turn = 0;
                for (q = 0; q < nw && words[q] != w; ++q) continue;
                if (q == nw) { /* a new distinct word */
                    for (k = 0; k < nw; ++k) turn += (words[k] & 31u) == b;
                    words[nw] = w;
                    turns[nw++] = turn;
                    out[EX_BANKLOAD + 32 * ph + b] += 1;
                }
                lane[4 + j] = (int32_t)(b | turns[q] << 8);
            }
        }
    }

    out[EX_STEP] = 3;
    swzc_blocks_find(&blocks, &lay, bytes);
    e = swzc_tile_totals(&lay, &blocks, &p, &t);
    out[EX_T_STATUS] = e;
    out[EX_T_INSTR] = (int32_t)t.instructions;
    out[EX_T_WAVEFRONTS] = (int32_t)t.wavefronts;
    out[EX_T_IDEAL] = (int32_t)t.ideal;
    out[EX_T_WAYS] = (int32_t)t.worst_ways;
    out[EX_STEP] = 0;
    return SWZ_OK;
}
