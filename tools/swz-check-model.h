/* tools/swz-check-model.h -- what swz-check reports, computed through the swz headers.
 *
 * What it is for
 *   The data the text, JSON and SVG writers of swz-check print.  Nothing here models banks:
 *   every verdict (wavefronts, ideal, ways, permuted, lane placement, tile totals) comes from
 *   include/swz/check.h and bank.h.  This file only regroups the model's inputs for display:
 *   the words each lane touches, sorted into the 32 banks of each phase.  The phases are the
 *   model's own (swz_bank_result.phase_lanes: R3, widened by R7 when an 8/16-byte load pairs)
 *   and each phase's verdict is the model's phase_cost, so the picture cannot disagree with
 *   the instruction's verdict.
 *
 * Example
 *   swzc_instr in;
 *   swz_layout l; swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32);
 *   swzc_blocks b; swzc_blocks_find(&b, &l, 4);          // for the whole-tile totals
 *   swz_pattern p = {SWZ_PAT_COL, SWZ_ACCESS_4, 0, 0, 0, 0, 0};
 *   int st = swzc_instr_eval(&in, &l, &b, &p);
 *   // st == SWZ_OK; in.r.bank.ways == 1; in.ph[0].depth[b] == 1 for every bank b
 *   // a store: SWZ_ACCESS_8 | SWZ_STORE (never paired by R7; in.op == "store")
 *
 * Bank map of one phase (32 banks as columns; line k lists, for each bank, the lowest lane
 * of the k-th distinct word that the phase touches in it):
 *
 *     bank   0  1  2  3 ... 31        a 32x32 float tile without layout, column read:
 *     wf1    0  .  .  . ...  .        every lane in bank 0, each its own word,
 *     wf2    1  .  .  . ...  .        so 32 lines: a 32-way conflict, 32 wavefronts
 *     ...
 */
#ifndef SWZ_CHECK_MODEL_H
#define SWZ_CHECK_MODEL_H

#include <swz/check.h>

#include "swz-check-totals.h"

/* The transpose pattern of the CLI: a row store then a column load (two instructions). */
#define SWZC_PAT_TRANSPOSE 100

/* One word of one bank in one phase, and the lanes that touch it. */
typedef struct swzc_cell {
    uint32_t word;  /* byte address / 4 */
    uint32_t lanes; /* bit i = lane i */
} swzc_cell;

/* One phase (the lanes served together, bank.h rules R3 and R7). */
typedef struct swzc_phase {
    uint32_t first, count;  /* lanes [first, first + count) */
    uint32_t mask;          /* active lanes among them */
    uint32_t cost;          /* the model's cost of this phase (swz_bank_result.phase_cost) */
    uint32_t depth[32];     /* distinct words per bank */
    uint32_t max_depth;     /* the largest depth (equals cost) */
    swzc_cell cells[32][32];
} swzc_phase;

/* One instruction with everything the writers print. */
typedef struct swzc_instr {
    const char *op;            /* "load" or "store" (SWZ_STORE in the access kind) */
    swz_pattern p;             /* the pattern as handed to swz_check */
    swz_check_result r;        /* swz_check's verdict */
    uint32_t bytes;            /* bytes per lane */
    uint32_t vec;              /* elements per lane */
    uint32_t lane_perm;        /* bit i: lane i's elements arrive reordered */
    uint32_t lane_off[32];     /* physical element offset of each lane's aligned group */
    uint32_t nphases;
    swzc_phase ph[4];
    int tile_status;           /* swz_check_tile's status */
    swz_check_totals tile;     /* whole-tile totals of this instruction's pattern */
} swzc_instr;

SWZ_FN const char *swzc_access_name(int kind)
{
    switch (kind & ~SWZ_STORE) {
    case SWZ_ACCESS_4: return "4";
    case SWZ_ACCESS_8: return "8";
    case SWZ_ACCESS_16: return "16";
    case SWZ_LDMATRIX_X1: return "ldmatrix1";
    case SWZ_LDMATRIX_X2: return "ldmatrix2";
    case SWZ_LDMATRIX_X4: return "ldmatrix4";
    default: return "?";
    }
}

/* The PTX instruction of an access kind (a load, or with SWZ_STORE a store), for the reader. */
SWZ_FN const char *swzc_access_ptx(int kind)
{
    int st = (kind & SWZ_STORE) != 0;
    switch (kind & ~SWZ_STORE) {
    case SWZ_ACCESS_4: return st ? "st.shared.b32" : "ld.shared.b32";
    case SWZ_ACCESS_8: return st ? "st.shared.v2.b32" : "ld.shared.v2.b32";
    case SWZ_ACCESS_16: return st ? "st.shared.v4.b32" : "ld.shared.v4.b32";
    case SWZ_LDMATRIX_X1: return st ? "stmatrix.sync.aligned.m8n8.x1" : "ldmatrix.sync.aligned.m8n8.x1";
    case SWZ_LDMATRIX_X2: return st ? "stmatrix.sync.aligned.m8n8.x2" : "ldmatrix.sync.aligned.m8n8.x2";
    case SWZ_LDMATRIX_X4: return st ? "stmatrix.sync.aligned.m8n8.x4" : "ldmatrix.sync.aligned.m8n8.x4";
    default: return "?";
    }
}

/* Sort the words of lanes [first, first+count) -- phase p of the instruction -- into banks. */
SWZ_FN void swzc_phase_fill(swzc_phase *ph, const swzc_instr *in, uint32_t p, uint32_t first,
                            uint32_t count)
{
    uint32_t i, j, b, words = in->bytes / 4u;
    uint32_t sel = (count >= 32u ? 0xFFFFFFFFu : ((1u << count) - 1u)) << first;
    ph->first = first;
    ph->count = count;
    ph->mask = in->r.mask & sel;
    ph->cost = in->r.bank.phase_cost[p];
    ph->max_depth = 0u;
    for (b = 0; b < 32u; ++b) ph->depth[b] = 0u;
    for (i = first; i < first + count; ++i) {
        if (!((ph->mask >> i) & 1u)) continue;
        for (j = 0; j < words; ++j) {
            uint32_t w = (in->r.addr[i] >> 2) + j, k, found = 0;
            b = w & 31u;
            for (k = 0; k < ph->depth[b]; ++k)
                if (ph->cells[b][k].word == w) { ph->cells[b][k].lanes |= 1u << i; found = 1; break; }
            if (!found && ph->depth[b] < 32u) {
                ph->cells[b][ph->depth[b]].word = w;
                ph->cells[b][ph->depth[b]].lanes = 1u << i;
                ph->depth[b] += 1u;
            }
        }
    }
    for (b = 0; b < 32u; ++b)
        if (ph->depth[b] > ph->max_depth) ph->max_depth = ph->depth[b];
}

/* Evaluate one instruction of pattern *p on l and prepare its bank map; p->access is a bank.h
 * access kind, with SWZ_STORE for a store; b: l's blocks (swzc_blocks_find), for the
 * whole-tile totals.  Returns swz_check's status; on failure only in->r is meaningful. */
SWZ_FN int swzc_instr_eval(swzc_instr *in, const swz_layout *l, const swzc_blocks *b,
                           const swz_pattern *p)
{
    uint32_t i, j, pl, lanes;
    in->op = (p->access & SWZ_STORE) ? "store" : "load";
    in->p = *p;
    in->r = swz_check(l, &in->p);
    in->bytes = swz_access_bytes(p->access);
    in->vec = in->bytes && l->elem ? in->bytes / l->elem : 0u;
    in->lane_perm = 0u;
    in->nphases = 0u;
    in->tile_status = SWZ_EKIND;
    in->tile.instructions = in->tile.wavefronts = in->tile.ideal = 0u;
    in->tile.worst_ways = 0u;
    for (i = 0; i < 32u; ++i) in->lane_off[i] = 0u;
    if (in->r.status != SWZ_OK) return in->r.status;
    for (i = 0; i < 32u; ++i) {
        if (!((in->r.mask >> i) & 1u)) continue;
        in->lane_off[i] = in->r.addr[i] / l->elem;
        for (j = 0; j < in->vec; ++j)
            if (swz_layout_offset(l, in->r.row[i], in->r.col[i] + j) != in->lane_off[i] + j)
                in->lane_perm |= 1u << i;
    }
    pl = in->r.bank.phase_lanes; /* R3's phases, or twice as wide when R7 paired the load */
    lanes = swz_access_lanes(p->access);
    for (i = 0; i * pl < lanes && i < 4u; ++i) {
        uint32_t n = lanes - i * pl < pl ? lanes - i * pl : pl;
        swzc_phase_fill(&in->ph[i], in, i, i * pl, n);
    }
    in->nphases = i;
    in->tile_status = swzc_tile_totals(l, b, &in->p, &in->tile);
    return SWZ_OK;
}

/* The pattern as swz-check's --pattern spells it ("col", "stride:3", "block:4x8"; "block"
 * for the default shape) into buf (n bytes, NUL-terminated when n > 0). */
SWZ_FN void swzc_pattern_text(char *buf, size_t n, const swz_pattern *p)
{
    size_t len = 0;
    if (n) buf[0] = '\0';
    swz_text_append(buf, n, &len, swz_pattern_name(p->kind));
    if (p->kind == SWZ_PAT_STRIDE) {
        swz_text_append(buf, n, &len, ":");
        swz_text_append_u64(buf, n, &len, p->stride);
    } else if (p->kind == SWZ_PAT_BLOCK && (p->block_w || p->block_h)) {
        swz_text_append(buf, n, &len, ":");
        swz_text_append_u64(buf, n, &len, p->block_w);
        swz_text_append(buf, n, &len, "x");
        swz_text_append_u64(buf, n, &len, p->block_h);
    }
}

/* Why swz_check refused instruction *p on l (status st), naming the parameter and its value,
 * into buf (n bytes, NUL-terminated).  The one wording of these errors: swz-check prints it
 * after its context, the explorer (docs/explorer/explorer.c) shows it as it is. */
SWZ_FN void swzc_check_error(char *buf, size_t n, int st, const swz_layout *l, const swz_pattern *p)
{
    uint32_t k = swz_access_bytes(p->access), bw, bh;
    const char *need, *given;     /* the sentence: need <va> given <vb>) */
    uint64_t va, vb;
    size_t len = 0;
    if (n) buf[0] = '\0';
    if (st == SWZ_ERANGE && (p->row0 >= l->height || p->col0 >= l->width)) {
        int row = p->row0 >= l->height;
        need = row ? "the origin's row R must be 0 .. H-1 = " : "the origin's column C must be 0 .. W-1 = ";
        va = (row ? l->height : l->width) - 1u;
        given = row ? " (R = " : " (C = ";
        vb = row ? p->row0 : p->col0;
    } else if (st == SWZ_ERANGE && p->kind == SWZ_PAT_BLOCK &&
               swz_check_block_shape(p->access, p->block_w, p->block_h, &bw, &bh) != SWZ_OK) {
        need = "block:WxH needs W*H = ";
        va = swz_access_phase_lanes(p->access);
        given = " units, the lanes of one phase of this access (W*H = ";
        vb = (uint64_t)p->block_w * p->block_h;
    } else if (st == SWZ_EACCESS && p->kind >= SWZ_PAT_LDMATRIX_A && p->kind <= SWZ_PAT_CP_ASYNC &&
               k % l->elem == 0u) {
        swz_text_append(buf, n, &len, p->kind == SWZ_PAT_CP_ASYNC ? "the pattern cp-async needs --access 16"
                                                                 : "the ldmatrix patterns need --access ldmatrix1, "
                                                                   "ldmatrix2 or ldmatrix4");
        return;
    } else if (st == SWZ_EACCESS) {
        need = "an access of K bytes needs whole elements, K a multiple of E = ";
        va = l->elem;
        given = " (K = ";
        vb = k;
    } else if (st == SWZ_EWIDTH) {
        need = "a row W*E must hold one access of K = ";
        va = k;
        given = " bytes (W*E = ";
        vb = (uint64_t)l->width * l->elem;
    } else if (st == SWZ_EALIGN) {
        need = "a lane's elements are not one aligned group of K = ";
        va = k;
        given = " bytes in this layout, so the access cannot be one instruction (built for A = ";
        vb = l->access;
    } else {
        swz_text_append(buf, n, &len, swz_strerror(st));
        return;
    }
    swz_text_append(buf, n, &len, need);
    swz_text_append_u64(buf, n, &len, va);
    swz_text_append(buf, n, &len, given);
    swz_text_append_u64(buf, n, &len, vb);
    swz_text_append(buf, n, &len, ")");
}

/* A kind whose parameters are exactly a swizzle's B, M, S (on element offsets) is described
 * in CuTe's and Triton's terms too: 1 and *x filled when prm[0..np) are "B", "M", "S". */
SWZ_FN int swzc_params_swizzle(const swz_layout_param *prm, int np, swz_xor_params *x)
{
    const char *a, *b;
    int i;
    if (np != 3) return 0;
    for (i = 0; i < 3; ++i) {
        for (a = prm[i].name, b = i == 0 ? "B" : i == 1 ? "M" : "S"; *a && *a == *b; ++a, ++b) continue;
        if (*a || *b) return 0;
    }
    x->b = prm[0].value;
    x->m = prm[1].value;
    x->s = prm[2].value;
    return 1;
}

/* ---- the layout's own certificate: bijection and conflicts ------------------------------- */

/* Elements a bijection check reads at most (about 0.1 s on the host). */
#define SWZC_BIJECTION_MAX (1u << 22)

/* Whether l maps the elements of its tile one to one into [0, swz_layout_size(l)) and
 * swz_layout_coord gives each element back from its offset, checked element by element with a
 * bit per offset in bits[0..words): 1 yes, 0 no, -1 not checked (more than SWZC_BIJECTION_MAX
 * elements, or fewer than swz_layout_size(l) bits). */
SWZ_FN int swzc_bijection(const swz_layout *l, uint32_t *bits, uint32_t words)
{
    uint32_t size = swz_layout_size(l), r, c, i;
    if ((uint64_t)l->width * l->height > SWZC_BIJECTION_MAX || ((uint64_t)size + 31u) / 32u > words) return -1;
    for (i = 0; i < (size + 31u) / 32u; ++i) bits[i] = 0u;
    for (r = 0; r < l->height; ++r)
        for (c = 0; c < l->width; ++c) {
            uint32_t o = swz_layout_offset(l, r, c), rr = 0u, cc = 0u;
            if (o >= size || ((bits[o / 32u] >> (o % 32u)) & 1u)) return 0;
            bits[o / 32u] |= 1u << (o % 32u);
            if (swz_layout_coord(l, o, &rr, &cc) != SWZ_OK || rr != r || cc != c) return 0;
        }
    return 1;
}

/* What the layout does for the accesses it is built for (A = l->access bytes), from the bank
 * model: the whole-tile row walk and column walk (check.h's), and the A-byte slot, in its
 * 128-byte line, of unit 0 of each of the rows 0 .. N-1 (N = 128/A; fewer in a shorter tile):
 * a column is conflict free for the N lanes of one phase exactly when those slots differ. */
typedef struct swzc_cert {
    int row_status, col_status;  /* SWZ_OK, or the walk's error (then its totals are 0) */
    swz_check_totals row, col;   /* the walks' totals */
    uint32_t nslots;             /* rows in slot[] */
    uint32_t slot[32];           /* slot of unit 0 of row r */
    uint32_t slot_ways;          /* the most rows of slot[] sharing one slot */
} swzc_cert;

SWZ_FN void swzc_certify(const swz_layout *l, swzc_cert *c)
{
    swz_pattern p = {SWZ_PAT_ROW, SWZ_ACCESS_4, 0u, 0u, 0u, 0u, 0u};
    swzc_blocks b;
    uint32_t r, k, n = 128u / l->access, seen[32] = {0};
    const swz_check_totals zero = {0u, 0u, 0u, 0u};
    p.access = (int)l->access; /* SWZ_ACCESS_4/8/16 are the byte counts */
    swzc_blocks_find(&b, l, l->access);
    c->row_status = swzc_tile_totals(l, &b, &p, &c->row);
    p.kind = SWZ_PAT_COL;
    c->col_status = swzc_tile_totals(l, &b, &p, &c->col);
    if (c->row_status != SWZ_OK) c->row = zero;
    if (c->col_status != SWZ_OK) c->col = zero;
    c->nslots = l->height < n ? l->height : n;
    c->slot_ways = 0u;
    for (r = 0; r < c->nslots; ++r) {
        c->slot[r] = (uint32_t)((uint64_t)swz_layout_offset(l, r, 0u) * l->elem / l->access % n);
        k = ++seen[c->slot[r]];
        if (k > c->slot_ways) c->slot_ways = k;
    }
}

#if !defined(__STDC_HOSTED__) || __STDC_HOSTED__
/* swzc_bijection with a bitmap of its own (host builds; -1 also when memory runs out). */
static int swzc_bijection_host(const swz_layout *l)
{
    uint32_t words = (uint32_t)(((uint64_t)swz_layout_size(l) + 31u) / 32u);
    uint32_t *bits;
    int ok;
    if ((uint64_t)l->width * l->height > SWZC_BIJECTION_MAX) return -1;
    bits = (uint32_t *)malloc((size_t)words * sizeof *bits + sizeof *bits);
    if (!bits) return -1;
    ok = swzc_bijection(l, bits, words);
    free(bits);
    return ok;
}
#endif

/* "1 instruction", "2 instructions": n and the noun, plural unless n == 1. */
SWZ_FN const char *swzc_plural(uint64_t n) { return n == 1u ? "" : "s"; }

SWZ_FN uint32_t swzc_popcount(uint32_t x)
{
    uint32_t n = 0;
    while (x) { x &= x - 1u; ++n; }
    return n;
}

/* Integer per-mille of part/whole, rounded half up (deterministic formatting of percents). */
SWZ_FN uint64_t swzc_permille(uint64_t part, uint64_t whole)
{
    return whole ? (part * 1000u + whole / 2u) / whole : 0u;
}

#endif /* SWZ_CHECK_MODEL_H */
