/* swz/solve.h -- the best XOR-linear layout (with padding) for a tile's own accesses, with its
 * exact cost (host C).
 *
 * What it is for
 *   A kernel writes a tile one way and reads it one or more other ways; no formula covers every
 *   combination.  swz_solve takes the tile (W x H elements of E bytes) and the kernel's shared
 *   instructions over the whole tile, and returns the layout of linear.h (masks + pad) with the
 *   fewest total weighted wavefronts of bank.h (R1-R7), then the fewest bytes, then the simplest
 *   masks -- exact within that family, with a certified lower bound (docs/solver.md).
 *
 * Example (64x64 floats: 16-byte row stores, 4-byte column reads)
 *   #include <swz/solve.h>
 *   swz_solve_access acc[2] = {SWZ_SOLVE_NAMED_INIT, SWZ_SOLVE_NAMED_INIT};
 *   swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
 *   swz_solve_result res;
 *   acc[0].kind = SWZ_ACCESS_16 | SWZ_STORE;
 *   acc[0].pattern.kind = SWZ_PAT_ROW;
 *   acc[1].kind = SWZ_ACCESS_4;
 *   acc[1].pattern.kind = SWZ_PAT_COL;
 *   if (swz_solve(64, 4, 64, acc, 2, &opt, &res) == SWZ_OK) {
 *       // res.layout: masks on 16-byte units; res.wavefronts its exact cost, res.gap == 0
 *   }
 *
 * Inputs.  Each access is every warp instruction of one kind of access over the whole tile:
 *   SWZ_SOLVE_NAMED  a check.h pattern (row, col, stride, block, and the others check.h names)
 *                    walked over the whole tile as swz_check_tile_pattern walks it;
 *   SWZ_SOLVE_LANES  `count` instructions of 32 lanes: row[32*i + l], col[32*i + l] (elements);
 *   SWZ_SOLVE_BYTES  `count` instructions of 32 lanes: byte[32*i + l], a byte address in the
 *                    unswizzled row-major tile (row = b / (W*E), col = (b mod W*E) / E), what a
 *                    family's model lists;
 *   mask[i] the active lanes of instruction i (NULL: all), kind a bank.h kind (SWZ_ACCESS_*,
 *   SWZ_LDMATRIX_X*, | SWZ_STORE), weight how often the access runs.
 *
 * The line view (options.lines = 1).  Rows narrower than 128 bytes share a 128-byte line, and
 * a key that moves units across the rows of a line (e.g. the transpose's Swizzle<1,6,3> on
 * 32-byte rows) is outside the family of the tile's own rows.  With lines set, swz_solve also
 * solves the same bytes as rows of 128/E elements (row r, column c of the tile is row
 * (r*W + c) / (128/E), column (r*W + c) mod (128/E) of the view; W*H*E a multiple of 128) and
 * keeps that answer where it is strictly better; res.width says which (the layout's W).  Use
 * it as SWZ_LINEAR_OFFSET(res.width, E, U, pad, masks, (r*W + c) / res.width,
 * (r*W + c) % res.width).  The answer is then exact in the union of the two families.
 *
 * The family searched.  Units of U = the widest access's bytes (so every access's vector stays
 * contiguous and aligned); rows of any whole number n = W*E/U of units (n = 2^v * odd: 96 halves
 * or 48 floats are 12 = 4 * 3 units of 16 bytes); one mask per row bit of rows 0..H-1, every
 * value below 2^v (linear.h: exactly the masks that keep each row closed; n itself for a power
 * of two); pads of 0, U, 2U, ... up to options.max_pad bytes per row.  Only the mask values
 * below min(2^v, 128/U) are tried: a word's bank depends on the unit index mod 128/U alone, so
 * higher mask bits change no cost, and the simplest optimum has them clear.
 *
 * The search and its bound (proof in docs/solver.md).  Depth-first over the masks of row bits
 * 0, 1, ...; a partial assignment (bits below d) is bounded below, per served phase (bank.h
 * R3/R7: pairing depends only on which lanes share an address, which no bijection changes), by
 *   max( ceil(distinct words / 32),  the cost of any set of the phase's lanes whose cost is
 *        already fixed )
 * where with pad 0 the lanes of rows equal above bit d form such a set (their unknown key part
 * is one XOR below 2^v on their units: a permutation of their 128-byte-line slots, for any n --
 * docs/solver.md), with any pad the
 * lanes of one row do (a shift of banks), and the lanes of rows below 2^d always do.  Subtrees
 * whose bound cannot beat the best layout found are cut; at depth = row bits the bound is the
 * exact cost.  Each phase's bound is kept per depth and only the phases a mask can move are
 * recomputed (those whose rows differ in that bit; with a pad, those with rows in [2^d,
 * 2^(d+1))).  The search is exact when it finishes (res.proven = 1, res.gap = 0); a time budget
 * stops it early and then res.bound is the root's bound and res.gap the distance to it.
 */
#ifndef SWZ_SOLVE_H
#define SWZ_SOLVE_H

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "linear.h"

#define SWZ_SOLVE_NAMED 0
#define SWZ_SOLVE_LANES 1
#define SWZ_SOLVE_BYTES 2

typedef struct swz_solve_access {
    int source;            /* SWZ_SOLVE_NAMED, _LANES or _BYTES */
    int kind;              /* bank.h kind: SWZ_ACCESS_* or SWZ_LDMATRIX_X*, | SWZ_STORE */
    uint32_t weight;       /* how often it runs: its wavefronts count this many times */
    swz_pattern pattern;   /* NAMED: the pattern (its access is `kind`, its origin ignored) */
    uint32_t count;        /* LANES, BYTES: instructions */
    const uint32_t *mask;  /* LANES, BYTES: active lanes of each instruction; NULL = all */
    const uint32_t *row;   /* LANES: row of lane l of instruction i at [32*i + l] */
    const uint32_t *col;   /* LANES: first column (element) of that lane */
    const uint32_t *byte;  /* BYTES: byte address in the unswizzled row-major tile */
} swz_solve_access;

#define SWZ_SOLVE_NAMED_INIT                                                                    \
    {SWZ_SOLVE_NAMED, SWZ_ACCESS_4, 1u, {SWZ_PAT_ROW, SWZ_ACCESS_4, 0u, 0u, 0u, 0u, 0u}, 0u, NULL, NULL, \
     NULL, NULL}

typedef struct swz_solve_options {
    uint32_t max_pad;   /* most pad bytes per row tried (0: XOR only) */
    double seconds;     /* time budget of the search (<= 0: none) */
    int lines;          /* 1: rows narrower than 128 B also searched as 128-byte lines (below) */
} swz_solve_options;

#define SWZ_SOLVE_OPTIONS_INIT {0u, 0.0, 0}

typedef struct swz_solve_result {
    int status;               /* SWZ_OK or an SWZ_E* code */
    uint32_t unit;            /* bytes per XOR unit U */
    swz_linear_params layout; /* the best layout found (masks on U-byte units, pad bytes) */
    uint64_t wavefronts;      /* its total weighted wavefronts (exact) */
    uint64_t bytes;           /* its shared memory: H * (W*E + pad) */
    uint64_t bound;           /* a lower bound of the family's optimum (= wavefronts if proven) */
    uint64_t words_bound;     /* sum of weight * ceil(distinct words / 32) over served phases */
    uint64_t gap;             /* wavefronts - bound: 0 when proven optimal */
    int proven;               /* 1 when the search finished */
    uint64_t nodes;           /* partial assignments evaluated */
    uint64_t instructions;    /* warp instructions of the accesses (unweighted) */
    uint32_t width;           /* elements per row of the layout: W, or 128/E (options.lines) */
} swz_solve_result;

/* The unit (widest access) of a set of accesses; 0 for a bad kind. */
SWZ_FN uint32_t swz_solve_unit(const swz_solve_access *acc, uint32_t n)
{
    uint32_t u = 4u, i;
    for (i = 0; i < n; ++i) {
        uint32_t b = swz_access_bytes(acc[i].kind);
        if (b == 0u) return 0u;
        if (b > u) u = b;
    }
    return u;
}

/* ---- the compiled problem: distinct words of every served phase ------------------------- */

typedef struct swz__solve_word {
    uint32_t row, unit, word; /* word: 4-byte word inside the unit */
} swz__solve_word;

typedef struct swz__solve_phase {
    uint32_t first, count; /* words [first, first + count), sorted by row */
    uint32_t weight;
    uint32_t lb; /* max(ceil(count / 32), the worst single row) */
} swz__solve_phase;

typedef struct swz_solve_problem {
    uint32_t width, elem, height, unit, ur, rbits, row_words;
    uint32_t span_bits; /* row bits below which some phase's rows differ (its top bit + 1) */
    uint32_t masks;     /* mask values searched: min(2^v, 128/unit), the bank-relevant ones of
                           the family (2^v = swz_pow2_part(ur)) */
    swz__solve_word *w;
    swz__solve_phase *ph;
    uint32_t nw, nph, capw, capph;
    uint64_t instructions, words_bound;
} swz_solve_problem;

SWZ_HOST_FN void swz_solve_problem_free(swz_solve_problem *p)
{
    free(p->w);
    free(p->ph);
    p->w = NULL;
    p->ph = NULL;
    p->nw = p->nph = p->capw = p->capph = 0u;
}

SWZ_HOST_FN int swz__solve_grow(swz_solve_problem *p, uint32_t words)
{
    if (p->nw + words > p->capw) {
        uint32_t cap = (p->capw ? p->capw * 2u : 4096u) + words;
        void *n = realloc(p->w, (size_t)cap * sizeof *p->w);
        if (!n) return SWZ_ERANGE;
        p->w = (swz__solve_word *)n;
        p->capw = cap;
    }
    if (p->nph + 4u > p->capph) {
        uint32_t cap = (p->capph ? p->capph * 2u : 1024u) + 4u;
        void *n = realloc(p->ph, (size_t)cap * sizeof *p->ph);
        if (!n) return SWZ_ERANGE;
        p->ph = (swz__solve_phase *)n;
        p->capph = cap;
    }
    return SWZ_OK;
}

/* Bank count of the words [first, first+count) of a phase under masks' key table (rows not
 * below `known` use key 0), with `stride_words` words per row; the worst bank. */
SWZ_HOST_FN uint32_t swz__solve_cost(const swz_solve_problem *p, const swz__solve_word *w,
                                     uint32_t count, const uint32_t *key, uint32_t key_mask,
                                     uint32_t stride_words)
{
    uint32_t cnt[32] = {0}, i, worst = 0u, uw = p->unit / 4u;
    for (i = 0; i < count; ++i) {
        uint32_t k = key ? key[w[i].row & key_mask] : 0u;
        uint32_t b = (w[i].row * stride_words + (w[i].unit ^ k) * uw + w[i].word) & 31u;
        if (++cnt[b] > worst) worst = cnt[b];
    }
    return worst;
}

/* Add one instruction: lanes' (row, col), active mask, kind, weight. */
SWZ_HOST_FN int swz__solve_add(swz_solve_problem *p, const uint32_t row[32], const uint32_t col[32],
                               uint32_t mask, int kind, uint32_t weight)
{
    uint32_t addr[32], bytes = swz_access_bytes(kind), lanes = swz_access_lanes(kind), pl, ph, l;
    uint32_t rowb = p->width * p->elem;
    int e;
    if (bytes == 0u) return SWZ_EKIND;
    if (lanes < 32u) mask &= (1u << lanes) - 1u;
    if (mask == 0u) return SWZ_OK;
    for (l = 0; l < 32u; ++l) {
        uint32_t cb;
        addr[l] = 0u;
        if (!((mask >> l) & 1u)) continue;
        if (row[l] >= p->height || col[l] >= p->width) return SWZ_ERANGE;
        cb = col[l] * p->elem;
        if (cb % bytes != 0u || cb + bytes > rowb) return SWZ_EALIGN;
        addr[l] = row[l] * rowb + cb;
    }
    e = swz__solve_grow(p, 128u);
    if (e != SWZ_OK) return e;
    pl = swz_access_phase_lanes(kind) * (swz_bank_is_paired(addr, mask, kind) ? 2u : 1u);
    p->instructions += 1u;
    for (ph = 0; ph * pl < lanes; ++ph) {
        swz__solve_phase *f = &p->ph[p->nph];
        uint32_t n = 0u, i, j, worst = 0u, r0;
        swz__solve_word *w = p->w + p->nw;
        for (l = ph * pl; l < (ph + 1u) * pl && l < 32u; ++l) {
            uint32_t nwl = bytes <= 4u ? 1u : bytes / 4u;
            if (!((mask >> l) & 1u)) continue;
            for (j = 0; j < nwl; ++j) {
                uint32_t cb = col[l] * p->elem + 4u * j, seen = 0u;
                swz__solve_word x;
                x.row = row[l];
                x.unit = cb / p->unit;
                x.word = (cb % p->unit) / 4u;
                for (i = 0; i < n && !seen; ++i)
                    seen = w[i].row == x.row && w[i].unit == x.unit && w[i].word == x.word;
                if (seen) continue;
                for (i = n; i > 0u && w[i - 1u].row > x.row; --i) w[i] = w[i - 1u]; /* by row */
                w[i] = x;
                ++n;
            }
        }
        if (n == 0u) continue;
        { /* words at word w of their unit only reach the banks = w mod U/4 (rows start at
           * multiples of U, units are U bytes): 32/(U/4) banks */
            uint32_t per[4] = {0u, 0u, 0u, 0u}, uw = p->unit / 4u, cls = 32u / uw;
            for (i = 0; i < n; ++i) per[w[i].word] += 1u;
            for (i = 0; i < uw; ++i)
                if ((per[i] + cls - 1u) / cls > worst) worst = (per[i] + cls - 1u) / cls;
        }
        for (i = 0; i < n; i = j) { /* the worst single row: its cost never changes */
            uint32_t c;
            r0 = w[i].row;
            for (j = i; j < n && w[j].row == r0; ++j) {}
            c = swz__solve_cost(p, w + i, j - i, NULL, 0u, 0u);
            if (c > worst) worst = c;
        }
        {
            uint32_t dif = w[0].row ^ w[n - 1u].row, bits = 0u;
            for (i = 1; i < n; ++i) dif |= w[0].row ^ w[i].row;
            while (dif >> bits) ++bits;
            if (bits > p->span_bits) p->span_bits = bits;
        }
        f->first = p->nw;
        f->count = n;
        f->weight = weight;
        f->lb = (n + 31u) / 32u > worst ? (n + 31u) / 32u : worst;
        p->words_bound += (uint64_t)weight * ((n + 31u) / 32u);
        p->nw += n;
        p->nph += 1u;
    }
    return SWZ_OK;
}

SWZ_HOST_FN int swz__solve_add_view(swz_solve_problem *p, uint32_t width, uint32_t row[32],
                                    uint32_t col[32], uint32_t mask, int kind, uint32_t weight)
{
    uint32_t l;
    if (p->width != width) /* the line view: the same bytes as rows of p->width elements */
        for (l = 0; l < 32u; ++l)
            if ((mask >> l) & 1u) {
                uint32_t b;
                if (row[l] >= p->height * p->width / width || col[l] >= width) return SWZ_ERANGE;
                b = (row[l] * width + col[l]) * p->elem;
                row[l] = b / (p->width * p->elem);
                col[l] = b % (p->width * p->elem) / p->elem;
            }
    return swz__solve_add(p, row, col, mask, kind, weight);
}

/* swz_solve_compile in the view of rows of `view` elements (view == width: the tile itself;
 * otherwise the same bytes as rows of `view` elements, W*H a multiple of view: a lane at
 * (row, col) of the tile is at byte (row*W + col)*E of the view). */
SWZ_HOST_FN int swz_solve_compile_view(swz_solve_problem *p, uint32_t width, uint32_t elem,
                                       uint32_t height, const swz_solve_access *acc, uint32_t n,
                                       uint32_t view)
{
    uint32_t a, i, l;
    int e;
    memset(p, 0, sizeof *p);
    if (view == 0u || ((uint64_t)width * height) % view != 0u) return SWZ_ERANGE;
    p->width = view;
    p->elem = elem;
    p->height = (uint32_t)((uint64_t)width * height / view);
    p->unit = swz_solve_unit(acc, n);
    if (p->unit == 0u) return SWZ_EKIND;
    if (!(elem == 1u || elem == 2u || elem == 4u || elem == 8u || elem == 16u)) return SWZ_EELEM;
    if (elem > p->unit) return SWZ_EACCESS;
    if (width == 0u || height == 0u || width > SWZ_MAX_SIDE || height > SWZ_MAX_SIDE ||
        (uint64_t)width * height > SWZ_MAX_ELEMS || view > SWZ_MAX_SIDE || p->height > SWZ_MAX_SIDE)
        return SWZ_ERANGE;
    if ((view * elem) % p->unit != 0u) return SWZ_EALIGN;
    p->ur = view * elem / p->unit;
    /* the masks of the family are those below 2^v, the power-of-two part of the units per row
     * (linear.h); a unit's bank is (row*stride + unit*U/4 + word) mod 32: only unit bits below
     * 128/U reach it, so mask bits at or above them change no cost (and 0 is simpler) */
    p->masks = swz_pow2_part(p->ur) < 128u / p->unit ? swz_pow2_part(p->ur) : 128u / p->unit;
    p->rbits = height > 1u ? swz_log2(height - 1u) + 1u : 0u;
    p->row_words = view * elem / 4u;
    for (a = 0; a < n; ++a) {
        uint32_t row[32], col[32];
        const swz_solve_access *x = &acc[a];
        if (x->source == SWZ_SOLVE_NAMED) {
            swz_layout none;
            swz_pattern pat = x->pattern;
            uint32_t count;
            pat.access = x->kind;
            e = swz_layout_make(&none, SWZ_LAYOUT_NONE, width, elem, p->unit, height);
            if (e != SWZ_OK) return e;
            e = swz_check_tile_count(&none, &pat, &count);
            if (e != SWZ_OK) return e;
            for (i = 0; i < count; ++i) {
                swz_check_result r;
                swz_pattern pi = pat;
                e = swz_check_tile_nth(&none, &pat, i, &pi);
                if (e != SWZ_OK) return e;
                r = swz_check(&none, &pi);
                if (r.status != SWZ_OK) return r.status;
                e = swz__solve_add_view(p, width, r.row, r.col, r.mask, x->kind, x->weight);
                if (e != SWZ_OK) return e;
            }
        } else if (x->source == SWZ_SOLVE_LANES || x->source == SWZ_SOLVE_BYTES) {
            for (i = 0; i < x->count; ++i) {
                uint32_t m = x->mask ? x->mask[i] : 0xFFFFFFFFu;
                for (l = 0; l < 32u; ++l) {
                    if (x->source == SWZ_SOLVE_LANES) {
                        row[l] = x->row[32u * i + l];
                        col[l] = x->col[32u * i + l];
                    } else {
                        uint32_t b = x->byte[32u * i + l];
                        row[l] = b / (width * elem);
                        col[l] = b % (width * elem) / elem;
                        if ((m >> l & 1u) && b % elem != 0u) return SWZ_EALIGN;
                    }
                }
                e = swz__solve_add_view(p, width, row, col, m, x->kind, x->weight);
                if (e != SWZ_OK) return e;
            }
        } else
            return SWZ_EKIND;
    }
    return SWZ_OK;
}

/* Compile the accesses of a W x H tile of E-byte elements (the tile's own rows).  Returns
 * SWZ_OK, or SWZ_EKIND (a kind or source), SWZ_ERANGE (a lane outside the tile, or out of
 * memory), SWZ_EALIGN (a lane not aligned to its access, or W*E not a multiple of the unit), a
 * check.h code of a named pattern. */
SWZ_HOST_FN int swz_solve_compile(swz_solve_problem *p, uint32_t width, uint32_t elem,
                                  uint32_t height, const swz_solve_access *acc, uint32_t n)
{
    return swz_solve_compile_view(p, width, elem, height, acc, n, width);
}

/* Exact total weighted wavefronts of a compiled problem under layout q (masks on p->unit-byte
 * units; q->pad a multiple of the unit). */
SWZ_HOST_FN uint64_t swz_solve_cost(const swz_solve_problem *p, const swz_linear_params *q)
{
    uint32_t *key = (uint32_t *)malloc(sizeof(uint32_t) * ((size_t)1u << p->rbits));
    uint32_t i, sw = (p->width * p->elem + q->pad) / 4u;
    uint64_t t = 0u;
    if (!key) return ~(uint64_t)0;
    for (i = 0; i < (1u << p->rbits); ++i) key[i] = swz_linear_key(q, i);
    for (i = 0; i < p->nph; ++i)
        t += (uint64_t)p->ph[i].weight *
             swz__solve_cost(p, p->w + p->ph[i].first, p->ph[i].count, key, (1u << p->rbits) - 1u, sw);
    free(key);
    return t;
}

/* ---- the search ---------------------------------------------------------------------------- */

typedef struct swz__solve_state {
    const swz_solve_problem *p;
    uint32_t *key;      /* key of x < 2^d from the masks of bits below d */
    uint32_t pad, sw;   /* pad bytes, stride in words */
    uint32_t depth;     /* masks searched: row bits below it (the others stay 0) */
    uint32_t *lv;       /* lv[d*nph + i]: phase i's bound with the masks of bits below d */
    uint64_t *tot;      /* tot[d]: the weighted sum of lv[d*nph ..] */
    uint32_t *chg;      /* chg[chg_at[d] ..< chg_at[d+1]]: the phases whose bound mask d moves */
    uint32_t *chg_at;
    swz_linear_params cur, best;
    uint64_t best_cost, best_bytes, nodes;
    uint32_t best_nnz, best_sum;
    uint64_t cap;       /* only layouts costing at most this are of interest (~0: any) */
    int have_best, stopped;
    clock_t deadline;
} swz__solve_state;

/* Phase f's lower bound (exact at d == rbits) over every completion of the masks of bits below
 * d (s->key holds their keys). */
SWZ_HOST_FN uint32_t swz__solve_phase_bound(const swz__solve_state *s, const swz__solve_phase *f,
                                            uint32_t d)
{
    const swz_solve_problem *p = s->p;
    const swz__solve_word *w = p->w + f->first;
    uint32_t lowmask = (1u << d) - 1u, b = f->lb, j, k;
    if (s->pad == 0u) { /* groups of rows equal above bit d */
        for (j = 0; j < f->count; j = k) {
            uint32_t hi = w[j].row >> d, c;
            for (k = j; k < f->count && (w[k].row >> d) == hi; ++k) {}
            if (k - j <= b) continue; /* fewer words than the bound: cannot raise it */
            c = swz__solve_cost(p, w + j, k - j, s->key, lowmask, s->sw);
            if (c > b) b = c;
        }
    } else { /* the rows below 2^d (a prefix: words are sorted by row) */
        for (k = 0; k < f->count && w[k].row <= lowmask; ++k) {}
        if (k > b) {
            uint32_t c = swz__solve_cost(p, w, k, s->key, lowmask, s->sw);
            if (c > b) b = c;
        }
    }
    return b;
}

/* The bound of the masks of bits below d + 1 (mask d just set in s->key), from level d's:
 * only the phases of chg[d] move (pad 0: the phases whose rows differ in bit d -- a group of
 * rows equal above bit d is a group above bit d+1 whose rows share bit d, and XOR-ing a common
 * mask into a whole group permutes banks; any pad: the phases with rows in [2^d, 2^(d+1))).
 * Every phase's bound only grows with d, so the sum stops once it reaches cap.  With store
 * set, level d + 1 is written (uncapped). */
SWZ_HOST_FN uint64_t swz__solve_step(swz__solve_state *s, uint32_t d, uint64_t cap, int store)
{
    const swz_solve_problem *p = s->p;
    const uint32_t *lo = s->lv + (size_t)d * p->nph;
    uint32_t *hi = s->lv + (size_t)(d + 1u) * p->nph, i;
    uint64_t t = s->tot[d];
    s->nodes += 1u;
    if (store) memcpy(hi, lo, sizeof *hi * p->nph);
    for (i = s->chg_at[d]; i < s->chg_at[d + 1u] && (store || t < cap); ++i) {
        uint32_t ph = s->chg[i], b = swz__solve_phase_bound(s, &p->ph[ph], d + 1u);
        t += (uint64_t)p->ph[ph].weight * (b - lo[ph]);
        if (store) hi[ph] = b;
    }
    if (store) s->tot[d + 1u] = t;
    return t;
}

/* 1 when (cost, bytes, nnz, sum) is better than the best so far. */
SWZ_HOST_FN int swz__solve_better(const swz__solve_state *s, uint64_t cost, uint64_t bytes,
                                  uint32_t nnz, uint32_t sum)
{
    if (!s->have_best) return 1;
    if (cost != s->best_cost) return cost < s->best_cost;
    if (bytes != s->best_bytes) return bytes < s->best_bytes;
    if (nnz != s->best_nnz) return nnz < s->best_nnz;
    return sum < s->best_sum;
}

SWZ_HOST_FN void swz__solve_keys(swz__solve_state *s, uint32_t d, uint32_t m)
{
    uint32_t x, half = 1u << d;
    for (x = 0; x < half; ++x) s->key[half + x] = s->key[x] ^ m;
    s->cur.mask[d] = m;
}

/* Level d is in s->lv / s->tot; masks of bits below d in s->cur and s->key. */
SWZ_HOST_FN void swz__solve_dfs(swz__solve_state *s, uint32_t d, uint32_t nnz, uint32_t sum)
{
    const swz_solve_problem *p = s->p;
    uint64_t bytes = (uint64_t)p->height * (p->width * p->elem + s->pad);
    uint64_t bound[32];
    uint32_t order[32], m, i, n = p->masks;
    if (s->stopped) return;
    if (s->deadline != (clock_t)-1 && (s->nodes & 255u) == 0u && clock() > s->deadline) {
        s->stopped = 1;
        return;
    }
    if (d == s->depth) { /* a leaf: the bound is the exact cost */
        if (s->tot[d] <= s->cap && swz__solve_better(s, s->tot[d], bytes, nnz, sum)) {
            s->best = s->cur;
            s->best_cost = s->tot[d];
            s->best_bytes = bytes;
            s->best_nnz = nnz;
            s->best_sum = sum;
            s->have_best = 1;
        }
        return;
    }
    for (m = 0; m < n; ++m) { /* every child's bound, then the children best first */
        swz__solve_keys(s, d, m);
        bound[m] = swz__solve_step(s, d, s->have_best ? s->best_cost + 1u : s->cap + (s->cap < ~(uint64_t)0), 0);
        for (i = m; i > 0u && bound[order[i - 1u]] > bound[m]; --i) order[i] = order[i - 1u];
        order[i] = m;
    }
    for (i = 0; i < n; ++i) {
        m = order[i];
        if (s->have_best ? !swz__solve_better(s, bound[m], bytes, nnz + (m != 0u), sum + m)
                         : bound[m] > s->cap)
            continue;
        swz__solve_keys(s, d, m);
        swz__solve_step(s, d, 0u, 1);
        swz__solve_dfs(s, d + 1u, nnz + (m != 0u), sum + m);
    }
    s->cur.mask[d] = 0u;
}

/* The phases whose bound can move when mask d is set (see swz__solve_step), per d < depth. */
SWZ_HOST_FN int swz__solve_changes(swz__solve_state *s)
{
    const swz_solve_problem *p = s->p;
    uint32_t d, i, j, n = 0u;
    for (d = 0; d < s->depth; ++d) {
        s->chg_at[d] = n;
        for (i = 0; i < p->nph; ++i) {
            const swz__solve_phase *f = &p->ph[i];
            const swz__solve_word *w = p->w + f->first;
            int moves = 0;
            for (j = 0; j < f->count && !moves; ++j)
                moves = s->pad == 0u ? ((w[j].row ^ w[0].row) >> d & 1u)
                                     : (w[j].row >> d) == 1u;
            if (moves) s->chg[n++] = i;
        }
    }
    s->chg_at[s->depth] = n;
    return SWZ_OK;
}

/* Level 0 of pad `pad` (stride, depth, the phases each mask moves, every phase's root bound);
 * returns the root bound. */
SWZ_HOST_FN uint64_t swz__solve_setup(swz__solve_state *s, uint32_t pad)
{
    const swz_solve_problem *p = s->p;
    uint64_t rb = 0u;
    uint32_t i;
    s->pad = s->cur.pad = pad;
    s->sw = (p->width * p->elem + pad) / 4u;
    s->key[0] = 0u;
    /* pad 0: a mask of a bit at or above span_bits XORs whole phases by one constant, a
     * permutation of banks: it changes no cost, and 0 is the simplest */
    s->depth = pad == 0u ? p->span_bits : p->rbits;
    swz__solve_changes(s);
    for (i = 0; i < p->nph; ++i) {
        s->lv[i] = swz__solve_phase_bound(s, &p->ph[i], 0u);
        rb += (uint64_t)p->ph[i].weight * s->lv[i];
    }
    s->tot[0] = rb;
    s->nodes += 1u;
    return rb;
}

/* Solve a compiled problem among the layouts costing at most cap; SWZ_ERANGE (res->proven
 * still set) when the search finished without one. */
SWZ_HOST_FN int swz__solve_run_capped(const swz_solve_problem *p, const swz_solve_options *opt,
                                      swz_solve_result *res, uint64_t cap)
{
    swz__solve_state s;
    uint32_t pad;
    uint64_t root = 0u;
    memset(res, 0, sizeof *res);
    memset(&s, 0, sizeof s);
    res->unit = p->unit;
    s.p = p;
    s.key = (uint32_t *)calloc((size_t)1u << p->rbits, sizeof(uint32_t));
    s.lv = (uint32_t *)malloc(sizeof(uint32_t) * ((size_t)p->nph + 1u) * (p->rbits + 1u));
    s.tot = (uint64_t *)malloc(sizeof(uint64_t) * (p->rbits + 1u));
    s.chg = (uint32_t *)malloc(sizeof(uint32_t) * ((size_t)p->nph + 1u) * (p->rbits + 1u));
    s.chg_at = (uint32_t *)malloc(sizeof(uint32_t) * (p->rbits + 2u));
    if (!s.key || !s.lv || !s.tot || !s.chg || !s.chg_at) {
        res->status = SWZ_ERANGE;
        goto done;
    }
    s.cap = cap;
    s.deadline = opt && opt->seconds > 0.0 ? clock() + (clock_t)(opt->seconds * CLOCKS_PER_SEC) : (clock_t)-1;
    /* every pad in turn: a larger pad costs bytes, so it is searched only while its root bound
     * is below the best cost */
    for (pad = 0; pad <= (opt ? opt->max_pad : 0u); pad += p->unit) {
        uint64_t rb = swz__solve_setup(&s, pad);
        if (pad == 0u || rb < root) root = rb; /* the bound of the whole family: min over pads */
        if (s.have_best ? rb >= s.best_cost : rb > cap) continue; /* more bytes: only cheaper wins */
        swz__solve_dfs(&s, 0u, 0u, 0u);
        if (s.stopped) break;
    }
    res->layout = s.best;
    res->wavefronts = s.best_cost;
    res->bytes = s.best_bytes;
    res->words_bound = p->words_bound;
    res->proven = !s.stopped;
    res->bound = res->proven ? s.best_cost : root;
    res->gap = s.best_cost - res->bound;
    res->nodes = s.nodes;
    res->instructions = p->instructions;
    res->width = p->width;
    res->status = s.have_best ? SWZ_OK : SWZ_ERANGE;
done:
    free(s.key);
    free(s.lv);
    free(s.tot);
    free(s.chg);
    free(s.chg_at);
    return res->status;
}

/* Solve a compiled problem; see swz_solve. */
SWZ_HOST_FN int swz_solve_problem_run(const swz_solve_problem *p, const swz_solve_options *opt,
                                      swz_solve_result *res)
{
    return swz__solve_run_capped(p, opt, res, ~(uint64_t)0);
}

/* The best layout of linear.h (masks on units of the widest access, pad up to opt->max_pad
 * bytes) for the n accesses of a W x H tile of E-byte elements.  Returns SWZ_OK (res filled)
 * or the first error of swz_solve_compile (res->status too). */
SWZ_HOST_FN int swz_solve(uint32_t width, uint32_t elem, uint32_t height,
                          const swz_solve_access *acc, uint32_t n, const swz_solve_options *opt,
                          swz_solve_result *res)
{
    swz_solve_problem p;
    swz_solve_result lr;
    uint64_t cap = ~(uint64_t)0;
    int e, le = SWZ_ERANGE, searched;
    memset(res, 0, sizeof *res);
    memset(&lr, 0, sizeof lr);
    if (opt && opt->lines && width * elem < 128u && ((uint64_t)width * height * elem) % 128u == 0u) {
        /* the line view first: the tile's own rows then only need to reach its cost (they win
         * ties: simpler to use), which cuts their search */
        le = swz_solve_compile_view(&p, width, elem, height, acc, n, 128u / elem);
        if (le == SWZ_OK) le = swz_solve_problem_run(&p, opt, &lr);
        swz_solve_problem_free(&p);
        if (le == SWZ_OK) cap = lr.wavefronts;
    }
    e = swz_solve_compile(&p, width, elem, height, acc, n);
    searched = e == SWZ_OK;
    if (e == SWZ_OK) e = swz__solve_run_capped(&p, opt, res, cap);
    swz_solve_problem_free(&p);
    res->width = width;
    if (le == SWZ_OK && (e != SWZ_OK || lr.wavefronts < res->wavefronts ||
                         (lr.wavefronts == res->wavefronts && lr.bytes < res->bytes))) {
        /* the line view strictly better, or the own rows found nothing at its cost */
        uint64_t nodes = res->nodes;
        int proven = lr.proven && (!searched || res->proven);
        uint64_t bound = e == SWZ_OK && res->bound < lr.bound ? res->bound : lr.bound;
        *res = lr;
        res->width = 128u / elem;
        res->nodes += nodes;
        res->proven = proven;
        res->bound = proven ? res->wavefronts : bound;
        res->gap = res->wavefronts - res->bound;
        e = SWZ_OK;
    } else if (le == SWZ_OK) {
        res->nodes += lr.nodes;
        res->proven = res->proven && lr.proven;
        if (lr.bound < res->bound) res->bound = lr.bound;
        res->gap = res->wavefronts - res->bound;
    }
    res->status = e;
    return e;
}

#endif /* SWZ_SOLVE_H */
