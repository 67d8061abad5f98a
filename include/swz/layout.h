/* swz/layout.h -- one table of every swz layout, and one run-time interface over them.
 *
 * What it is for
 *   Tools, tests and host code that want to treat "a tile in some layout" generically: make a
 *   descriptor from (kind, width, element size, access width, height), then map (row, col) to
 *   a physical element offset and back, and ask how much storage and padding it needs.  The
 *   formulas live in their own headers (pad.h, xor.h, morton.h); this header holds the table
 *   of kinds (SWZ_LAYOUT_TABLE) and dispatches through it.  Kernels with compile-time shapes
 *   use the SWZ_*_OFFSET macros of those headers directly (each row names its macro).
 *
 * Example
 *   #include <swz/layout.h>
 *   swz_layout l;
 *   char why[128];
 *   if (swz_layout_make(&l, SWZ_LAYOUT_XOR, 6, 4, 16, 32) != SWZ_OK) // rows of 24 bytes
 *       swz_error_format(&l.error, why, sizeof why);
 *       // "xor needs a row W*E that is a whole number of accesses A (W*E = 24)"
 *   if (swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32) == SWZ_OK) {
 *       uint32_t off = swz_layout_offset(&l, 3, 5);      // 3*32 + (5 ^ 3) = 102
 *       uint32_t r, c;
 *       int ok = swz_layout_coord(&l, off, &r, &c);       // SWZ_OK, r == 3, c == 5
 *       (void)ok;
 *   }
 *   for (int k = 0; k < SWZ_LAYOUT_COUNT; ++k)            // every kind, from the table
 *       (void)swz_layout_kind_info(k)->promise;
 *
 * The table (SWZ_LAYOUT_TABLE below: one row per kind, in the order of their numbers)
 *   X(ID, name, make, offset, coord, params, tma_mode, formula, promise, macro)
 *     ID        SWZ_LAYOUT_<ID> is the kind's number (SWZ_LAYOUT_COUNT: how many kinds)
 *     name      what tools call it ("xor"); swz_layout_name / swz_layout_kind_find convert
 *     make      int make(swz_layout *l): the kind's own checks and parameters, called by
 *               swz_layout_make after the checks common to all kinds; returns SWZ_OK or an
 *               SWZ_E* code recorded in l->error (swz_error_set)
 *     offset    uint32_t offset(const swz_layout *l, row, col), row < H and col < W
 *     coord     int coord(const swz_layout *l, off, &row, &col), off < swz_layout_size(l):
 *               SWZ_OK, or SWZ_ERANGE when off holds no element
 *     params    int params(const swz_layout *l, swz_layout_param out[SWZ_LAYOUT_MAX_PARAMS]):
 *               the kind's parameters as (name, value) pairs; returns how many
 *     tma_mode  Hopper swizzle mode in bytes (32, 64, 128), 0 for a kind that is not TMA's
 *     formula   the formula, one line
 *     promise   what the kind is conflict free for (the tests prove each statement)
 *     macro     the compile-time form a kernel pastes, in the letters W, E, A, H, r, c
 *               (swz_layout_macro writes it with a layout's numbers)
 *   At run time: swz_layout_kind_info(kind) gives the row as a swz_layout_info (host code),
 *   SWZ_LAYOUT_COUNT bounds the kinds, swz_layout_kind_find("xor") finds a kind by name.
 *
 * Adding a layout kind
 *   1. its header: the formula as a function form and a SWZ_*_OFFSET macro form;
 *   2. here: its parameters as a member of union swz_layout_params, its make / offset / coord /
 *      params functions (a few lines each, calling the header), and one row appended to
 *      SWZ_LAYOUT_TABLE;
 *   3. its tests: the reference formula and its promise in tests/host.
 *   Tools (swz-check, the explorer) and the other tests iterate over the table.
 *
 * Kinds (width W, height H in elements; E element bytes; A access bytes)
 *   All kinds need E in {1,2,4,8,16}, A in {4,8,16} a multiple of E, W*E >= A, W, H in
 *   [1, SWZ_MAX_SIDE] and W*H <= SWZ_MAX_ELEMS.  Every kind is a bijection from the tile onto
 *   its image in [0, swz_layout_size).  The rows below say what each one needs beyond that.
 */
#ifndef SWZ_LAYOUT_H
#define SWZ_LAYOUT_H

#include "common.h"
#include "pad.h"
#include "xor.h"
#include "morton.h"
#include "linear.h"

/* ---- the table ----------------------------------------------------------------------------
 * Promises use N = 128/A (lanes per phase: the accesses of one 128-byte line). */
#define SWZ_LAYOUT_TABLE(X)                                                                     \
    X(NONE, "none", swz__none_make, swz__stride_offset, swz__stride_coord, swz__none_params, 0u, \
      "r*W + c",                                                                                \
      "rows conflict free; a column of N rows in one phase is up to N-way",                     \
      "((r) * W + (c))")                                                                        \
    X(PAD, "pad", swz__pad_make, swz__stride_offset, swz__stride_coord, swz__pad_params, 0u,    \
      "r*stride + c, stride = (ceil(W*E/A) | 1) * A/E",                                         \
      "columns conflict free (a phase on N consecutive rows of one column; whole-tile column "  \
      "walks when H is a multiple of N); rows conflict free unless a phase crosses a row end "  \
      "into the padding and then covers more than N access slots (lanes + row ends crossed): " \
      "that phase is 2-way (48-float rows wherever a run crosses a row end)",                  \
      "SWZ_PAD_OFFSET(W, E, A, r, c)")                                                          \
    X(XOR, "xor", swz__xor_make, swz__xor_offset, swz__xor_coord, swz__xor_params, 0u,          \
      "swz_xor_2d((B, M, S), W, r, c), (B, M, S) from swz_xor_auto(W, E, A): unit u of row r at " \
      "u ^ ((r >> R) mod 2^B), R = M + S - ceil(log2 W); = swz_xor(B, M, S, r*W + c) for a "    \
      "power-of-two W; W*E a multiple of A",                                                    \
      "rows (the row-major walk: phases of N units from a multiple of N) and columns (a phase " \
      "on N consecutive rows, H >= N) conflict free for accesses of A bytes",                   \
      "SWZ_XOR_AUTO_OFFSET(W, E, A, r, c)")                                                     \
    X(MORTON, "morton", swz__morton_make, swz__morton_offset, swz__morton_coord,                \
      swz__morton_params, 0u,                                                                   \
      "Z order over A-byte units: interleave(u, r) * A/E + c mod A/E; W*E/A and H powers of two", \
      "a phase's N lanes on an aligned block of 2^ceil(n/2) x 2^floor(n/2) units (n = log2 N: " \
      "8x4 of 32 lanes, 4x4 of 16, 4x2 of 8) conflict free when the tile is at least that "    \
      "many units in each direction; the transposed block (4x8) is 2-way; rows and columns "   \
      "conflict",                                                                               \
      "SWZ_MORTON_OFFSET(W, E, A, H, r, c)")                                                    \
    SWZ__LAYOUT_TMA_ROW(X, 32, 256, "")                                                         \
    SWZ__LAYOUT_TMA_ROW(X, 64, 512, "")                                                         \
    SWZ__LAYOUT_TMA_ROW(X, 128, 1024, "; 4-byte columns of 32 floats 4-way")                   \
    X(LINEAR, "linear", swz__linear_make, swz__linear_offset_of, swz__linear_coord_of,          \
      swz__linear_params_of, 0u,                                                                \
      "r*(W + pad/E) + ((c/vec) ^ f(r))*vec + c mod vec, f(r) = XOR of mask[i] over the set "   \
      "bits i of r (linear.h); W*E a multiple of A, masks below the largest power of two "      \
      "dividing W*E/A",                                                                         \
      "as made by swz_layout_make: the automatic XOR's masks, with xor's promise; masks from "  \
      "swz_layout_make_linear (e.g. swz_solve's answer) carry the cost the solver reports",     \
      "SWZ_XOR_AUTO_OFFSET(W, E, A, r, c)")

/* The row of the Hopper mode of S bytes (its base aligned to ALIGN = 8*S bytes). */
#define SWZ__LAYOUT_TMA_ROW(X, S, ALIGN, MORE)                                                  \
    X(TMA##S, "tma" #S, swz__tma_make, swz__tma_offset, swz__tma_coord, swz__tma_params, S##u,  \
      "Hopper " #S "B swizzle of the byte offset; W*E a multiple of 16 and <= " #S              \
      "; base aligned to " #ALIGN " B",                                                         \
      "16-byte columns (ldmatrix, wgmma) conflict free" MORE, "SWZ_TMA_OFFSET(W, E, " #S ", r, c)")

/* SWZ_LAYOUT_NONE = 0, SWZ_LAYOUT_PAD = 1, ... in the order of the table; SWZ_LAYOUT_COUNT. */
enum swz_layout_kind {
#define SWZ__LAYOUT_ENUM(ID, ...) SWZ_LAYOUT_##ID,
    SWZ_LAYOUT_TABLE(SWZ__LAYOUT_ENUM)
#undef SWZ__LAYOUT_ENUM
    SWZ_LAYOUT_COUNT
};

/* Largest number of (name, value) parameters a kind reports (swz_layout_params). */
#define SWZ_LAYOUT_MAX_PARAMS 20
/* 32-bit words of kind-specific parameters a descriptor can hold (room for a future kind of
 * one mask per row bit). */
#define SWZ_LAYOUT_PARAM_WORDS 20

/* Parameters of the kinds that have their own. */
typedef struct swz_morton_params {
    uint32_t lw_units; /* log2(W*E/A) */
    uint32_t lh;       /* log2(H) */
} swz_morton_params;

typedef union swz_layout_params {
    swz_xor_params x;                         /* XOR */
    swz_morton_params morton;                 /* MORTON */
    uint32_t tma_mode;                        /* TMA32/64/128: 32, 64, 128 */
    swz_linear_params lin;                    /* LINEAR (its pad is also in the stride) */
    uint32_t words[SWZ_LAYOUT_PARAM_WORDS];   /* room for a future kind */
} swz_layout_params;

typedef struct swz_layout {
    int kind;
    uint32_t width, height, elem, access; /* elements, elements, bytes, bytes */
    uint32_t stride;                      /* elements between row starts in storage */
    swz_layout_params p;                  /* the kind's own parameters (see the union) */
    swz_error error;                      /* why the last swz_layout_make* failed, if it did */
} swz_layout;

typedef struct swz_layout_param {
    const char *name;
    uint32_t value;
} swz_layout_param;

/* ---- per-kind functions (named in the table) ------------------------------------------------ */

SWZ_FN uint32_t swz__stride_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    return swz_pad_offset_stride(l->stride, row, col);
}
SWZ_FN int swz__stride_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    return swz_pad_coord_stride(l->stride, l->width, off, row, col);
}

SWZ_FN int swz__none_make(swz_layout *l) { (void)l; return SWZ_OK; }
SWZ_FN int swz__none_params(const swz_layout *l, swz_layout_param *out)
{
    (void)l;
    (void)out;
    return 0;
}

SWZ_FN int swz__pad_make(swz_layout *l)
{
    l->stride = swz_pad_stride(l->width, l->elem, l->access);
    return SWZ_OK;
}
SWZ_FN int swz__pad_params(const swz_layout *l, swz_layout_param *out)
{
    out[0].name = "stride";
    out[0].value = l->stride;
    return 1;
}

SWZ_FN int swz__xor_make(swz_layout *l)
{
    int e = swz__xor_auto_check_at(&l->error, "xor", l->width, l->elem, l->access);
    return e != SWZ_OK ? e : swz_xor_auto(l->width, l->elem, l->access, &l->p.x);
}
SWZ_FN uint32_t swz__xor_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    return swz_xor_2d(l->p.x, l->width, row, col);
}
SWZ_FN int swz__xor_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    return swz_xor_2d_inv(l->p.x, l->width, off, row, col);
}
SWZ_FN int swz__xor_params(const swz_layout *l, swz_layout_param *out)
{
    out[0].name = "B";
    out[0].value = l->p.x.b;
    out[1].name = "M";
    out[1].value = l->p.x.m;
    out[2].name = "S";
    out[2].value = l->p.x.s;
    return 3;
}

SWZ_FN int swz__morton_make(swz_layout *l)
{
    int e = swz__morton_check_at(&l->error, "morton", l->width, l->elem, l->access, l->height);
    if (e != SWZ_OK) return e;
    l->p.morton.lw_units = swz_log2(l->width * l->elem / l->access);
    l->p.morton.lh = swz_log2(l->height);
    return SWZ_OK;
}
SWZ_FN uint32_t swz__morton_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    return swz__morton_offset_unchecked(l->p.morton.lw_units, l->p.morton.lh, l->access / l->elem, row, col);
}
SWZ_FN int swz__morton_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    return swz__morton_coord_unchecked(l->p.morton.lw_units, l->p.morton.lh, l->access / l->elem, off,
                                       row, col);
}
SWZ_FN int swz__morton_params(const swz_layout *l, swz_layout_param *out)
{
    out[0].name = "vec";
    out[0].value = l->access / l->elem;
    out[1].name = "log2_units";
    out[1].value = l->p.morton.lw_units;
    out[2].name = "log2_height";
    out[2].value = l->p.morton.lh;
    return 3;
}

SWZ_FN uint32_t swz__tma_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    return swz__tma_offset_unchecked(l->width, l->elem, l->p.tma_mode, row, col);
}
SWZ_FN int swz__tma_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    swz__tma_coord_unchecked(l->width, l->elem, l->p.tma_mode, off, row, col);
    return SWZ_OK;
}
SWZ_FN int swz__tma_params(const swz_layout *l, swz_layout_param *out)
{
    out[0].name = "mode";
    out[0].value = l->p.tma_mode;
    out[1].name = "align";
    out[1].value = swz_tma_align(l->p.tma_mode);
    return 2;
}

SWZ_FN int swz__linear_make(swz_layout *l)
{
    int e = swz_linear_check(&l->error, l->width, l->elem, l->access, &l->p.lin);
    if (e != SWZ_OK) return e; /* before swz_linear_auto: its error names the parameter */
    return swz_linear_auto(l->width, l->elem, l->access, &l->p.lin);
}
SWZ_FN uint32_t swz__linear_offset_of(const swz_layout *l, uint32_t row, uint32_t col)
{
    return swz__linear_offset_unchecked(l->width, l->elem, l->access, &l->p.lin, row, col);
}
SWZ_FN int swz__linear_coord_of(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    return swz__linear_coord_unchecked(l->width, l->elem, l->access, &l->p.lin, off, row, col);
}
SWZ_FN int swz__linear_params_of(const swz_layout *l, swz_layout_param *out)
{
    static const char *const names[SWZ_LINEAR_MAX_BITS] = {
        "mask0", "mask1", "mask2",  "mask3",  "mask4",  "mask5",  "mask6",  "mask7",
        "mask8", "mask9", "mask10", "mask11", "mask12", "mask13", "mask14", "mask15"};
    uint32_t i, bits = swz_log2(l->height - 1u) + 1u; /* row bits of rows 0 .. H-1 */
    int n = 0;
    out[n].name = "vec";
    out[n++].value = l->access / l->elem;
    out[n].name = "pad";
    out[n++].value = l->p.lin.pad;
    for (i = 0; i < bits && i < SWZ_LINEAR_MAX_BITS; ++i) {
        out[n].name = names[i];
        out[n++].value = l->p.lin.mask[i];
    }
    return n;
}

/* ---- accessors of the table ---------------------------------------------------------------- */

/* The kind's name ("xor"), "?" for an unknown kind. */
SWZ_FN const char *swz_layout_name(int kind)
{
    switch (kind) {
#define SWZ__LAYOUT_NAME(ID, NAME, ...) case SWZ_LAYOUT_##ID: return NAME;
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_NAME)
#undef SWZ__LAYOUT_NAME
    default: return "?";
    }
}

/* The kind called `name` ("pad"), or SWZ_EKIND when there is none. */
SWZ_FN int swz_layout_kind_find(const char *name)
{
    int k;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        const char *a = swz_layout_name(k), *b = name;
        while (*a && *a == *b) ++a, ++b;
        if (*a == '\0' && *b == '\0') return k;
    }
    return SWZ_EKIND;
}

/* TMA mode in bytes of a kind (32, 64, 128), 0 for the other kinds and unknown ones. */
SWZ_FN uint32_t swz_layout_kind_tma_mode(int kind)
{
    switch (kind) {
#define SWZ__LAYOUT_TMA(ID, NAME, MAKE, OFF, COORD, PARAMS, TMA, ...) case SWZ_LAYOUT_##ID: return TMA;
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_TMA)
#undef SWZ__LAYOUT_TMA
    default: return 0u;
    }
}

SWZ_FN int swz__tma_make(swz_layout *l)
{
    l->p.tma_mode = swz_layout_kind_tma_mode(l->kind);
    return swz_tma_check_row(&l->error, l->width, l->elem, l->p.tma_mode);
}

/* One row of the table, for host code. */
typedef struct swz_layout_info {
    int kind;
    const char *name;
    int (*make)(swz_layout *l);
    uint32_t (*offset)(const swz_layout *l, uint32_t row, uint32_t col);
    int (*coord)(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col);
    int (*params)(const swz_layout *l, swz_layout_param *out);
    uint32_t tma_mode;
    const char *formula;
    const char *promise;
    const char *macro;
} swz_layout_info;

/* The row of `kind`, or NULL for an unknown kind (host code only: it holds host function
 * pointers; device code calls swz_layout_offset / swz_layout_coord, which switch on the kind). */
SWZ_HOST_FN const swz_layout_info *swz_layout_kind_info(int kind)
{
    static const swz_layout_info rows[SWZ_LAYOUT_COUNT] = {
#define SWZ__LAYOUT_INFO(ID, NAME, MAKE, OFF, COORD, PARAMS, TMA, FORMULA, PROMISE, MACRO)      \
    {SWZ_LAYOUT_##ID, NAME, MAKE, OFF, COORD, PARAMS, TMA, FORMULA, PROMISE, MACRO},
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_INFO)
#undef SWZ__LAYOUT_INFO
    };
    return kind >= 0 && kind < SWZ_LAYOUT_COUNT ? &rows[kind] : NULL;
}

/* ---- the run-time interface ---------------------------------------------------------------- */

/* Fill *l.  Returns SWZ_OK, or the first problem found (SWZ_EKIND, SWZ_EELEM, SWZ_EACCESS,
 * SWZ_ERANGE, SWZ_EWIDTH, then the kind's own: SWZ_EPOW2, SWZ_ERANGE or SWZ_EALIGN) with
 * l->error naming the parameter and its value (swz_error_format); the other fields are
 * unspecified then. */
SWZ_FN int swz_layout_make(swz_layout *l, int kind, uint32_t width, uint32_t elem,
                           uint32_t access, uint32_t height)
{
    const char *who = swz_layout_name(kind);
    int e, i;
    swz_error_clear(&l->error);
    l->kind = kind;
    l->width = width;
    l->height = height;
    l->elem = elem;
    l->access = access;
    l->stride = width;
    for (i = 0; i < SWZ_LAYOUT_PARAM_WORDS; ++i) l->p.words[i] = 0u;
    if (kind < 0 || kind >= SWZ_LAYOUT_COUNT)
        return swz_error_set(&l->error, SWZ_EKIND, "layout", "a known kind (0 .. SWZ_LAYOUT_COUNT-1)",
                             "kind", (uint64_t)(uint32_t)kind);
    e = swz__check_tile_at(&l->error, who, width, elem, access, height);
    if (e != SWZ_OK) return e;
    switch (kind) {
#define SWZ__LAYOUT_MAKE(ID, NAME, MAKE, ...) case SWZ_LAYOUT_##ID: e = MAKE(l); break;
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_MAKE)
#undef SWZ__LAYOUT_MAKE
    default: e = SWZ_EKIND; break;
    }
    if (e != SWZ_OK && l->error.code == SWZ_OK)
        swz_error_set(&l->error, e, who, "", "", 0u); /* swz_error_format: swz_strerror's text */
    return e;
}

/* An XOR layout with explicit (B, M, S) (offset units = elements; swz_xor_2d's map) instead of
 * the automatic choice: e.g. a swizzle tuned for another instruction, or one taken from CuTe or
 * Triton.  Validates like swz_layout_make, plus swz_xor_is_valid(b, m, s) and the scrambled
 * bits inside the row's aligned blocks (m + b <= log2 of the largest power of two dividing the
 * width: log2 width for a power of two) so every row maps onto itself and the layout is a
 * bijection for any height.  Returns SWZ_OK or an error code (l->error says which
 * parameter). */
SWZ_FN int swz_layout_make_xor(swz_layout *l, uint32_t width, uint32_t elem, uint32_t access,
                               uint32_t height, swz_xor_params p)
{
    int e = swz_layout_make(l, SWZ_LAYOUT_XOR, width, elem, access, height);
    if (e != SWZ_OK) return e;
    if (p.s < p.b)
        return swz_error_set(&l->error, SWZ_ERANGE, "xor", "key bits above the scrambled ones, S >= B",
                             "S", p.s);
    if (!swz_xor_is_valid(p.b, p.m, p.s))
        return swz_error_set(&l->error, SWZ_ERANGE, "xor", "a swizzle inside 31 bits, B + M + S <= 31",
                             "B+M+S", (uint64_t)p.b + p.m + p.s);
    if (p.m + p.b > swz_log2(swz_pow2_part(width)))
        return swz_error_set(&l->error, SWZ_ERANGE, "xor",
                             "scrambled bits inside the row's aligned blocks, M + B <= log2 of the "
                             "largest power of two dividing W (log2 W for a power of two)",
                             "M+B", (uint64_t)p.m + p.b);
    l->p.x = p;
    return SWZ_OK;
}

/* An XOR-linear layout with explicit masks and pad (linear.h) instead of the automatic masks:
 * validates like swz_layout_make, plus swz_linear_check (SWZ_ERANGE names a mask or the pad).
 * Returns SWZ_OK or an error code (l->error says which parameter). */
SWZ_FN int swz_layout_make_linear(swz_layout *l, uint32_t width, uint32_t elem, uint32_t access,
                                  uint32_t height, const swz_linear_params *p)
{
    int e = swz_layout_make(l, SWZ_LAYOUT_LINEAR, width, elem, access, height);
    if (e != SWZ_OK) return e;
    e = swz_linear_check(&l->error, width, elem, access, p);
    if (e != SWZ_OK) return e;
    l->p.lin = *p;
    l->stride = swz_linear_stride(width, elem, p);
    return SWZ_OK;
}

/* TMA swizzle mode in bytes (32, 64, 128) of a layout, 0 for the other kinds. */
SWZ_FN uint32_t swz_layout_tma_mode(const swz_layout *l) { return swz_layout_kind_tma_mode(l->kind); }

/* Elements of storage the tile needs (the image of the layout lies in [0, size)). */
SWZ_FN uint32_t swz_layout_size(const swz_layout *l)
{
    uint32_t n = l->stride * l->height;
    uint32_t mode = swz_layout_kind_tma_mode(l->kind);
    if (mode) { /* whole swizzle periods (8*mode bytes), since rows can be shorter than a line */
        uint32_t atom = swz_tma_align(mode) / l->elem;
        n = (n + atom - 1u) / atom * atom;
    }
    return n;
}

/* Bytes of storage that hold no element. */
SWZ_FN uint64_t swz_layout_waste_bytes(const swz_layout *l)
{
    return ((uint64_t)swz_layout_size(l) - (uint64_t)l->width * l->height) * l->elem;
}

/* Physical element offset of (row, col); SWZ_BAD_OFFSET outside the tile or for an unknown
 * kind. */
SWZ_FN uint32_t swz_layout_offset(const swz_layout *l, uint32_t row, uint32_t col)
{
    if (row >= l->height || col >= l->width) return SWZ_BAD_OFFSET;
    switch (l->kind) {
#define SWZ__LAYOUT_OFFSET(ID, NAME, MAKE, OFF, ...) case SWZ_LAYOUT_##ID: return OFF(l, row, col);
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_OFFSET)
#undef SWZ__LAYOUT_OFFSET
    default: return SWZ_BAD_OFFSET;
    }
}

/* Inverse: the (row, col) stored at physical offset off.  Returns SWZ_OK, or SWZ_ERANGE when
 * off holds no element (padding, or past the tile); *row and *col are set only on SWZ_OK. */
SWZ_FN int swz_layout_coord(const swz_layout *l, uint32_t off, uint32_t *row, uint32_t *col)
{
    uint32_t r = 0u, c = 0u;
    int e;
    if (off >= swz_layout_size(l)) return SWZ_ERANGE;
    switch (l->kind) {
#define SWZ__LAYOUT_COORD(ID, NAME, MAKE, OFF, COORD, ...)                                      \
    case SWZ_LAYOUT_##ID: e = COORD(l, off, &r, &c); break;
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_COORD)
#undef SWZ__LAYOUT_COORD
    default: e = SWZ_EKIND; break;
    }
    if (e != SWZ_OK) return e;
    if (r >= l->height || c >= l->width) return SWZ_ERANGE;
    *row = r;
    *col = c;
    return SWZ_OK;
}

/* The kind's parameters as (name, value) pairs into out; returns how many (0 for an unknown
 * kind). */
SWZ_FN int swz_layout_params_of(const swz_layout *l, swz_layout_param out[SWZ_LAYOUT_MAX_PARAMS])
{
    switch (l->kind) {
#define SWZ__LAYOUT_PARAMS(ID, NAME, MAKE, OFF, COORD, PARAMS, ...)                             \
    case SWZ_LAYOUT_##ID: return PARAMS(l, out);
        SWZ_LAYOUT_TABLE(SWZ__LAYOUT_PARAMS)
#undef SWZ__LAYOUT_PARAMS
    default: return 0;
    }
}

/* The kind's macro form with the layout's numbers in place of the letters W, E, A, H (each a
 * whole word of the text), e.g. "SWZ_XOR_AUTO_OFFSET(32, 4, 4, r, c)", into buf (n bytes,
 * NUL-terminated when n > 0).  Returns the length of the whole text (>= n: it was cut). */
SWZ_FN int swz__is_word_char(char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
}
SWZ_HOST_FN size_t swz_layout_macro(const swz_layout *l, char *buf, size_t n)
{
    const swz_layout_info *info = swz_layout_kind_info(l->kind);
    const char *start = info ? info->macro : "?", *s;
    size_t len = 0;
    char one[2] = {0, 0};
    if (n) buf[0] = '\0';
    for (s = start; *s; ++s) {
        int alone = (s == start || !swz__is_word_char(s[-1])) && !swz__is_word_char(s[1]);
        if (alone && (*s == 'W' || *s == 'E' || *s == 'A' || *s == 'H')) {
            swz_text_append_u64(buf, n, &len, *s == 'W' ? l->width : *s == 'E' ? l->elem
                                     : *s == 'A' ? l->access : l->height);
            continue;
        }
        one[0] = *s;
        swz_text_append(buf, n, &len, one);
    }
    return len;
}

#endif /* SWZ_LAYOUT_H */
