/* tools/swz-check.c -- the swz checker CLI: is my tile bank-conflict free for the instruction
 * I actually use?
 *
 * What it is for
 *   Run it before writing a kernel, on any machine (no GPU needed).  It is a thin front end to
 *   include/swz/check.h, layout.h and bank.h: it builds the layout, places one warp's lanes in
 *   the named pattern, and prints the bank model's verdict with the picture behind it.
 *
 * Synopsis
 *   swz-check                                    the summary: every layout x pattern
 *   swz-check --summary [--tile WxH] [--elem E] [--json]
 *   swz-check [--layout L] [--tile WxH | --width W --height H] [--elem E] [--access K]
 *             [--op load|store] [--layout-access A] [--pattern P] [--origin R,C] [--json]
 *             [--svg FILE] [--svg-grid FILE]
 *   swz-check --help | --version
 *
 * Example
 *   swz-check --layout xor --layout-access 4 --access 8 --pattern col
 *   # the textbook c ^ r swizzle read as column pairs: 2-way conflict, permuted
 *
 * Exit status: 0 success; 1 an output file could not be written (or memory ran out); 2 bad
 * arguments (one line "swz-check: <reason>" and the usage on stderr).
 *
 * As a function: compiled with -DSWZ_CHECK_NO_MAIN this file defines swz_check_cli (declared
 * in swz-check-cli.h: the whole CLI on given streams, returning the exit status, never calling
 * exit()) and no main(); main() below is only `return swz_check_cli(argc, argv, stdout, stderr);`.
 *
 * Layout kinds: everything about them -- names, --layout parsing, the --help list, formulas,
 * parameters, promises, macro lines -- comes from the table of include/swz/layout.h
 * (swz_layout_kind_info), so a new kind needs no change here.
 *
 * Files: swz-check-cli.h (swz_check_cli), swz-check-model.h (the instruction record, its bank
 * map and the wording of check errors), swz-check-totals.h (fast whole-tile totals),
 * swz-check-summary.h (the summary table), swz-check-text.h, swz-check-json.h,
 * swz-check-svg.h (the three output forms).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swz/check.h>

#include "swz-check-cli.h"
#include "swz-check-model.h"
#include "swz-check-summary.h"
#include "swz-check-text.h"
#include "swz-check-json.h"
#include "swz-check-svg.h"
#include "swz-check-solve.h"

#ifndef SWZ_CHECK_VERSION
#define SWZ_CHECK_VERSION "0.1.0"
#endif

static const char usage_text[] =
    "usage: swz-check                          (summary of every layout x pattern, 32x32 floats)\n"
    "       swz-check --summary [--tile WxH] [--elem E] [--json]\n"
    "       swz-check [--layout L] [--tile WxH | --width W --height H] [--elem E] [--access K]\n"
    "                 [--op load|store] [--layout-access A] [--pattern P] [--origin R,C] [--json]\n"
    "                 [--svg FILE] [--svg-grid FILE]\n"
    "       swz-check --solve [--tile WxH] [--elem E] --access OP:PATTERN:BYTES[:WEIGHT] ...\n"
    "                 [--max-pad P] [--seconds S] [--lines] [--time]\n"
    "       swz-check --help | --version\n";

static const char help_text[] =
    "\n"
    "Predicts the shared-memory bank conflicts of one warp instruction on a tile stored in a\n"
    "swz layout, with the bank model of <swz/bank.h> (32 banks of 4 bytes, 128 bytes per\n"
    "wavefront; 8-byte accesses served by half-warps, 16-byte and ldmatrix by quarter-warps;\n"
    "rule R7: an 8/16-byte load whose every lane quad reads in pairs -- lanes 0,1 and 2,3 alike,\n"
    "or 0,2 and 1,3 -- is served in phases twice as wide, shown as 'paired (R7)'; stores never).\n"
    "With no option that asks about an instruction (--layout, --access, --op, --layout-access,\n"
    "--pattern, --origin, --svg, --svg-grid) it prints the summary of every layout x pattern.\n"
    "\n"
    "The tile\n"
    "  --tile WxH             W elements per row (the contiguous dimension), H rows\n"
    "                         (default 32x32; W and H in 1..65536, W*H at most 2^26)\n"
    "  --width W, --height H  the same, one side at a time\n"
    "  --elem E               element bytes: 1, 2, 4, 8, 16 or a type name (default 4):\n"
    "                         1: u8 i8 char            2: half f16 bf16 u16 short\n"
    "                         4: float f32 int u32 half2   8: double f64 u64 float2\n"
    "                         16: float4 f4x4 int4 double2\n"
    "The layout\n"
    "  --layout L             the layout (default none); W, E, A: width, element bytes, and\n"
    "                         the access width it is built for:\n";

/* (after the list of layouts; ISO C caps a string literal at 4095 characters) */
static const char help_text2[] =
    "  --layout-access A      the access width the layout is built for: 4, 8 or 16 bytes\n"
    "                         (default: the instruction's width; 16 for ldmatrix)\n"
    "The instruction\n"
    "  --access K             bytes per lane: 4, 8, 16 (ld/st.shared .b32, .v2.b32, .v4.b32), or\n"
    "                         ldmatrix1, ldmatrix2, ldmatrix4 (ldmatrix .x1/.x2/.x4: one 16-byte\n"
    "                         row address from each of 8/16/32 lanes) (default: 4, or E if wider)\n"
    "  --op O                 load (default) or store (st.shared, stmatrix): stores are never\n"
    "                         paired by R7; not with transpose, which is a store then a load\n"
    "  --pattern P            where the lanes go (default transpose):\n"
    "                         row        along a row, continuing on the next row (a row write)\n"
    "                         col        down a column, continuing at the top of the next one\n"
    "                         stride:S   lane l takes unit l*S in row-major order (a[lane*S]);\n"
    "                                    lanes past the end of the tile are inactive (no wrap)\n"
    "                         block      each phase a compact 2-D block of units: 8x4 (4-byte),\n"
    "                                    4x4 (8-byte) or 4x2 (16-byte, ldmatrix), stacked down\n"
    "                         block:WxH  the same with each phase a block of W x H units\n"
    "                                    (W*H = the lanes of one phase: 32, 16 or 8)\n"
    "                         transpose  two instructions: the store of a row, then the load of\n"
    "                                    a column\n"
    "                         ldmatrix-a   one ldmatrix of the m16n8k16 A fragment at the origin\n"
    "                                    (M x K row-major tile): matrix i of .x4 at rows 8(i&1),\n"
    "                                    16-byte unit i>>1 (swz/mma.h); default --access ldmatrix4;\n"
    "                                    with --op store it is stmatrix (the epilogue's C)\n"
    "                         ldmatrix-b   the B fragment of a K x N row-major tile (.trans):\n"
    "                                    the same lanes, k down, n across\n"
    "                         ldmatrix-bt  the B fragment of an N x K (K-major) tile: matrix i\n"
    "                                    at rows 8(i>>1), unit i&1\n"
    "                         cp-async     the 16-byte shared writes of a cp.async tile copy:\n"
    "                                    lane l writes chunk l of the row-major order (a store;\n"
    "                                    --access 16); costed by bank.h rule R8, measured on an\n"
    "                                    H200 and H100: per 128-byte source line across the warp,\n"
    "                                    the source rows each starting a line -- padded rows and\n"
    "                                    64-byte rows cost more than 16-byte stores would\n"
    "  --origin R,C           row and column (elements) of the first lane (default 0,0)\n"
    "A lane accesses one unit of K bytes = K/E consecutive elements of a row; lanes that fall\n"
    "outside the tile are inactive.  The whole-tile totals walk the pattern over every unit of\n"
    "the tile from (0, 0); --origin moves only the one instruction shown.\n"
    "\n";

static const char help_text3[] =
    "The solver (--solve; docs/solver.md)\n"
    "  --solve                the best XOR-linear or padded layout (include/swz/solve.h) for the\n"
    "                         tile's own mix of accesses, with its exact cost and a proven bound,\n"
    "                         as a macro line to paste, beside none, pad and the automatic XOR;\n"
    "                         takes --tile WxH and --elem E (bytes) and:\n"
    "  --access OP:PATTERN:BYTES[:WEIGHT]   one access of the tile, every instruction of it over\n"
    "                         the whole tile (repeat, up to 16): OP load or store; PATTERN row,\n"
    "                         col, block, ldmatrix-a, ldmatrix-b, ldmatrix-bt, cp-async, stride.N\n"
    "                         or @FILE (one instruction per line, lane l's row,col as word l, -\n"
    "                         for an inactive lane); BYTES 1-16 or ldmatrix1/2/4; WEIGHT how often\n"
    "                         it runs (default 1)\n"
    "  --max-pad P            pads tried per row, bytes (0, U, 2U, ... up to P)\n"
    "  --seconds S            stop the search after S seconds (then the bound and the gap say how\n"
    "                         far the answer may be from the optimum)\n"
    "  --lines                also solve rows under 128 bytes as 128-byte lines\n"
    "  --time                 print the search's CPU time\n"
    "\n";

/* (ISO C caps a string literal at 4095 characters) */
static const char help_text4[] =
    "Output\n"
    "  (text)                 the layout's formula, parameters, macro form and promise; its\n"
    "                         bijection (checked element by element) and certificate (the\n"
    "                         whole-tile row and column walks at the access width it is built\n"
    "                         for, the 128-byte-line slots of one column); for each\n"
    "                         phase a bank map (32 banks as columns, line k = the k-th distinct\n"
    "                         word of each bank = wavefront k, numbers are lanes); lane -> (row,\n"
    "                         col) -> offset -> byte -> banks; wavefronts, ideal, n-way,\n"
    "                         'permuted'; whole-tile totals\n"
    "  --json                 the same result as JSON (schema: tools/swz-check-json.h)\n"
    "  --svg FILE             an SVG picture of the bank map\n"
    "  --svg-grid FILE        an SVG picture of the tile, each element coloured by its bank\n"
    "                         (tiles up to 256x256)\n"
    "  --summary              the summary, for a --tile / --elem other than 32x32 floats; a\n"
    "                         layout whose tile is a grid of equal blocks (most, when H is a\n"
    "                         multiple of 32) costs its first block only: 8192x8192 floats in\n"
    "                         seconds; other tiles evaluate every instruction (minutes at 2^26\n"
    "                         elements); tiles of 2^22 elements or more show progress on stderr\n"
    "Values follow the option as the next argument or after '=' (--tile=64x32).\n"
    "\n"
    "Exit status: 0 success, 1 an output file could not be written, 2 bad arguments.\n"
    "\n"
    "Examples\n"
    "  swz-check --layout xor --pattern col          conflict free: 1 wavefront\n"
    "  swz-check --layout none --pattern col         32-way: 32 wavefronts\n"
    "  swz-check --layout xor --layout-access 4 --access 8 --pattern col\n"
    "                                                the c ^ r trap: 2-way, permuted\n"
    "  swz-check --layout tma128 --tile 64x8 --elem half --access ldmatrix4 --pattern col\n"
    "  swz-check --layout morton --pattern block:4x8 Morton read in 4x8 blocks: 2-way\n"
    "  swz-check --access 8 --pattern stride:0       a broadcast load: paired (R7), 1 wavefront\n"
    "  swz-check --access 8 --pattern stride:0 --op store\n"
    "                                                the same store: 2 half-warps, 2 wavefronts\n"
    "  swz-check --layout xor --pattern transpose --svg map.svg --svg-grid tile.svg\n"
    "  swz-check --layout none --tile 64x64 --elem half --pattern ldmatrix-a\n"
    "                                                A fragment, 128-byte rows: 8-way\n"
    "  swz-check --layout xor --tile 64x64 --elem half --pattern ldmatrix-a\n"
    "                                                the 128-byte swizzle: conflict free\n"
    "  swz-check --layout pad --tile 64x64 --elem half --pattern cp-async\n"
    "  swz-check --solve --tile 64x64 --elem 4 --access store:row:16 --access load:col:4\n"
    "                                                the transpose's tile: its best layout\n";

/* The CLI's streams of one call of swz_check_cli. */
typedef struct cli_io {
    FILE *out, *err;
} cli_io;

/* Exit status of the CLI; SWZC_GO: parsing went fine, go on. */
#define SWZC_OK 0
#define SWZC_EFILE 1
#define SWZC_EUSAGE 2
#define SWZC_GO (-1)

/* "swz-check: <reason>" and the usage on err; returns SWZC_EUSAGE. */
static int usage_error(const cli_io *io, const char *fmt, ...)
{
    va_list ap;
    fprintf(io->err, "swz-check: ");
    va_start(ap, fmt);
    vfprintf(io->err, fmt, ap);
    va_end(ap);
    fprintf(io->err, "\n%sRun 'swz-check --help' for the options.\n", usage_text);
    return SWZC_EUSAGE;
}

/* The layouts of the table, for --help: name, formula and promise of each. */
static void print_layout_help(FILE *f)
{
    int k;
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        const swz_layout_info *info = swz_layout_kind_info(k);
        fprintf(f, "                         %-8s", info->name);
        swzc_print_wrapped(f, info->formula, 33, 33);
        fprintf(f, "%33spromise:", "");
        swzc_print_wrapped(f, info->promise, 41, 33);
    }
}

/* "none, pad, ... or tma128": the kinds of the table, into buf. */
static void layout_names(char *buf, size_t n)
{
    size_t len = 0;
    int k;
    buf[0] = '\0';
    for (k = 0; k < SWZ_LAYOUT_COUNT; ++k) {
        int w = snprintf(buf + len, len < n ? n - len : 0u, "%s%s",
                         k == 0 ? "" : k + 1 == SWZ_LAYOUT_COUNT ? " or " : ", ", swz_layout_name(k));
        if (w > 0) len += (size_t)w;
        if (len >= n) break;
    }
}

/* Decimal digits only, no sign: 1 and the value when it fits 32 bits, 0 when malformed, -1
 * when all digits but too large for 32 bits. */
static int parse_u32(const char *s, size_t len, uint32_t *out)
{
    uint64_t v = 0;
    size_t i;
    int big = 0;
    if (len == 0u) return 0;
    for (i = 0; i < len; ++i) {
        if (s[i] < '0' || s[i] > '9') return 0;
        if (!big) v = v * 10u + (uint64_t)(s[i] - '0');
        if (v > 0xFFFFFFFFu) big = 1;
    }
    if (big) return -1;
    *out = (uint32_t)v;
    return 1;
}

/* A number option's value; the message names the option, what was given and why. */
static int need_u32(const cli_io *io, const char *opt, const char *what, const char *s, size_t len,
                    uint32_t *v)
{
    int r = parse_u32(s, len, v);
    if (r == 1) return SWZC_GO;
    if (r < 0)
        return usage_error(io, "%s: %s = %.*s does not fit in 32 bits", opt, what, (int)len, s);
    return usage_error(io, "%s: %s = '%.*s' is not a number (decimal digits)", opt, what, (int)len, s);
}

/* "AxB" or "A,B" with one of seps between: a and b named an_name / b_name in messages. */
static int need_pair(const cli_io *io, const char *opt, const char *form, const char *s, const char *seps,
                     const char *a_name, uint32_t *a, const char *b_name, uint32_t *b)
{
    size_t n = strcspn(s, seps);
    int st;
    if (s[n] == '\0' || s[n + 1 + strcspn(s + n + 1, seps)] != '\0')
        return usage_error(io, "%s: '%s' is not %s", opt, s, form);
    st = need_u32(io, opt, a_name, s, n, a);
    if (st != SWZC_GO) return st;
    return need_u32(io, opt, b_name, s + n + 1, strlen(s + n + 1), b);
}

typedef struct elem_name { const char *name; uint32_t bytes; } elem_name;
static const elem_name elem_names[] = {
    {"u8", 1}, {"i8", 1}, {"s8", 1}, {"char", 1}, {"uint8", 1}, {"int8", 1},
    {"u16", 2}, {"i16", 2}, {"s16", 2}, {"short", 2}, {"half", 2}, {"f16", 2}, {"fp16", 2}, {"bf16", 2},
    {"u32", 4}, {"i32", 4}, {"s32", 4}, {"int", 4}, {"float", 4}, {"f32", 4}, {"fp32", 4}, {"half2", 4},
    {"u64", 8}, {"i64", 8}, {"s64", 8}, {"double", 8}, {"f64", 8}, {"fp64", 8}, {"float2", 8},
    {"float4", 16}, {"f4x4", 16}, {"int4", 16}, {"uint4", 16}, {"double2", 16},
};

static int parse_elem(const cli_io *io, const char *s, uint32_t *e)
{
    size_t i;
    uint32_t v = 0u;
    int r = parse_u32(s, strlen(s), &v);
    if (r != 0) {
        if (r == 1 && (v == 1u || v == 2u || v == 4u || v == 8u || v == 16u)) { *e = v; return SWZC_GO; }
        return usage_error(io, "--elem: the element size E must be 1, 2, 4, 8 or 16 bytes (E = %s)", s);
    }
    for (i = 0; i < sizeof elem_names / sizeof elem_names[0]; ++i)
        if (strcmp(s, elem_names[i].name) == 0) { *e = elem_names[i].bytes; return SWZC_GO; }
    return usage_error(io, "--elem: '%s' is not an element size (1, 2, 4, 8, 16) or a type name such as half, "
                           "float, double, float4", s);
}

static int parse_access(const cli_io *io, const char *s, int *kind)
{
    static const struct { const char *name; int kind; } a[] = {
        {"4", SWZ_ACCESS_4}, {"8", SWZ_ACCESS_8}, {"16", SWZ_ACCESS_16},
        {"ldmatrix1", SWZ_LDMATRIX_X1}, {"ldmatrix2", SWZ_LDMATRIX_X2}, {"ldmatrix4", SWZ_LDMATRIX_X4},
        {"ldmatrix.x1", SWZ_LDMATRIX_X1}, {"ldmatrix.x2", SWZ_LDMATRIX_X2}, {"ldmatrix.x4", SWZ_LDMATRIX_X4},
    };
    size_t i;
    for (i = 0; i < sizeof a / sizeof a[0]; ++i)
        if (strcmp(s, a[i].name) == 0) { *kind = a[i].kind; return SWZC_GO; }
    return usage_error(io, "--access: the access K must be 4, 8, 16, ldmatrix1, ldmatrix2 or ldmatrix4 (K = '%s')", s);
}

typedef struct options {
    int layout;
    uint32_t width, height, elem;
    int access;              /* 0 = default */
    int store;               /* --op store */
    int op_given;            /* --op was given */
    uint32_t layout_access;  /* 0 = default */
    int pattern;             /* SWZ_PAT_* or SWZC_PAT_TRANSPOSE */
    uint32_t stride;
    uint32_t block_w, block_h; /* block:WxH; 0, 0 = the default shape */
    uint32_t row0, col0;
    int json, summary;
    const char *svg, *svg_grid;
    int question;            /* an option that asks about one instruction was given */
    char pattern_text[48];
} options;

static int parse_pattern(const cli_io *io, options *o, const char *s)
{
    int k, st = SWZC_GO;
    o->block_w = o->block_h = 0u;
    if (strncmp(s, "stride:", 7) == 0) {
        st = need_u32(io, "--pattern", "the stride S of stride:S", s + 7, strlen(s + 7), &o->stride);
        o->pattern = SWZ_PAT_STRIDE;
    } else if (strncmp(s, "block:", 6) == 0) {
        st = need_pair(io, "--pattern", "block:WxH (a block of W x H units per phase, e.g. block:4x8)", s + 6, "xX",
                       "the block width W", &o->block_w, "the block height H", &o->block_h);
        if (st == SWZC_GO && (o->block_w == 0u || o->block_h == 0u))
            return usage_error(io, "--pattern %s: block:WxH needs W and H of at least 1 unit (W = %" PRIu32
                                   ", H = %" PRIu32 ")", s, o->block_w, o->block_h);
        o->pattern = SWZ_PAT_BLOCK;
    } else if (strcmp(s, "transpose") == 0) {
        o->pattern = SWZC_PAT_TRANSPOSE;
    } else if (strcmp(s, "stride") == 0) {
        return usage_error(io, "--pattern stride needs a stride: stride:S, e.g. stride:2");
    } else {
        for (k = 0; k < SWZ_PAT_COUNT; ++k)
            if (k != SWZ_PAT_STRIDE && strcmp(s, swz_pattern_name(k)) == 0) break;
        if (k == SWZ_PAT_COUNT)
            return usage_error(io, "--pattern: '%s' is not row, col, stride:S, block, block:WxH, transpose, "
                                   "ldmatrix-a, ldmatrix-b, ldmatrix-bt or cp-async", s);
        o->pattern = k;
    }
    if (st != SWZC_GO) return st;
    if (o->pattern == SWZC_PAT_TRANSPOSE) {
        snprintf(o->pattern_text, sizeof o->pattern_text, "transpose");
    } else {
        swz_pattern p = {0, 0, 0u, 0u, 0u, 0u, 0u};
        p.kind = o->pattern;
        p.stride = o->stride;
        p.block_w = o->block_w;
        p.block_h = o->block_h;
        swzc_pattern_text(o->pattern_text, sizeof o->pattern_text, &p);
    }
    return SWZC_GO;
}

/* The value of one option (name without '='); returns SWZC_GO or an exit status. */
static int parse_option(const cli_io *io, options *o, const char *name, const char *val)
{
    int st = SWZC_GO;
    if (strcmp(name, "--layout") == 0) {
        int k = swz_layout_kind_find(val);
        if (k < 0) {
            char names[256];
            layout_names(names, sizeof names);
            return usage_error(io, "--layout: '%s' is not a layout (%s)", val, names);
        }
        o->layout = k;
        o->question = 1;
    } else if (strcmp(name, "--tile") == 0) {
        st = need_pair(io, "--tile", "WxH (W elements per row, H rows; e.g. 32x32)", val, "xX", "the width W",
                       &o->width, "the height H", &o->height);
    } else if (strcmp(name, "--width") == 0) {
        st = need_u32(io, "--width", "the width W", val, strlen(val), &o->width);
    } else if (strcmp(name, "--height") == 0) {
        st = need_u32(io, "--height", "the height H", val, strlen(val), &o->height);
    } else if (strcmp(name, "--elem") == 0) {
        st = parse_elem(io, val, &o->elem);
    } else if (strcmp(name, "--access") == 0) {
        st = parse_access(io, val, &o->access);
        o->question = 1;
    } else if (strcmp(name, "--op") == 0) {
        if (strcmp(val, "load") == 0) o->store = 0;
        else if (strcmp(val, "store") == 0) o->store = 1;
        else return usage_error(io, "--op: '%s' is not load or store", val);
        o->op_given = 1;
        o->question = 1;
    } else if (strcmp(name, "--layout-access") == 0) {
        st = need_u32(io, "--layout-access", "the access width A", val, strlen(val), &o->layout_access);
        if (st == SWZC_GO && o->layout_access != 4u && o->layout_access != 8u && o->layout_access != 16u)
            return usage_error(io, "--layout-access: the access width A must be 4, 8 or 16 bytes (A = %s)", val);
        o->question = 1;
    } else if (strcmp(name, "--pattern") == 0) {
        st = parse_pattern(io, o, val);
        o->question = 1;
    } else if (strcmp(name, "--origin") == 0) {
        st = need_pair(io, "--origin", "R,C (row and column in elements, e.g. 0,0)", val, ",", "the row R", &o->row0,
                       "the column C", &o->col0);
        o->question = 1;
    } else if (strcmp(name, "--svg") == 0 || strcmp(name, "--svg-grid") == 0) {
        if (val[0] == '\0') return usage_error(io, "%s needs a file name", name);
        if (strcmp(name, "--svg") == 0) o->svg = val; else o->svg_grid = val;
        o->question = 1;
    } else {
        return usage_error(io, "unknown option '%s'", name);
    }
    return st;
}

/* Fill *o from argv; returns SWZC_GO, or the exit status when the CLI is done (--help,
 * --version: 0; bad arguments: 2). */
static int parse_args(const cli_io *io, options *o, int argc, char **argv)
{
    int i, st;
    o->layout = SWZ_LAYOUT_NONE;
    o->width = o->height = 32u;
    o->elem = 4u;
    o->access = 0;
    o->store = o->op_given = 0;
    o->layout_access = 0u;
    o->pattern = SWZC_PAT_TRANSPOSE;
    snprintf(o->pattern_text, sizeof o->pattern_text, "transpose");
    o->stride = 0u;
    o->block_w = o->block_h = 0u;
    o->row0 = o->col0 = 0u;
    o->json = o->summary = o->question = 0;
    o->svg = o->svg_grid = NULL;
    for (i = 1; i < argc; ++i) {
        const char *arg = argv[i], *val = NULL, *eq;
        char name[32];
        size_t n;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fprintf(io->out, "%s%s", usage_text, help_text);
            print_layout_help(io->out);
            fprintf(io->out, "%s%s%s", help_text2, help_text3, help_text4);
            return SWZC_OK;
        }
        if (strcmp(arg, "--version") == 0) {
            fprintf(io->out, "swz-check %s\n", SWZ_CHECK_VERSION);
            return SWZC_OK;
        }
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
            return usage_error(io, "unexpected argument '%s' (options start with --)", arg);
        eq = strchr(arg, '=');
        n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof name) return usage_error(io, "unknown option '%s'", arg);
        memcpy(name, arg, n);
        name[n] = '\0';
        if (strcmp(name, "--json") == 0 || strcmp(name, "--summary") == 0) {
            if (eq) return usage_error(io, "%s takes no value", name);
            if (name[2] == 'j') o->json = 1; else o->summary = 1;
            continue;
        }
        if (strcmp(name, "--layout") && strcmp(name, "--tile") && strcmp(name, "--width") &&
            strcmp(name, "--height") && strcmp(name, "--elem") && strcmp(name, "--access") && strcmp(name, "--op") &&
            strcmp(name, "--layout-access") && strcmp(name, "--pattern") && strcmp(name, "--origin") &&
            strcmp(name, "--svg") && strcmp(name, "--svg-grid"))
            return usage_error(io, "unknown option '%s'", name);
        if (eq) val = eq + 1;
        else if (i + 1 < argc) val = argv[++i];
        else return usage_error(io, "%s needs a value", name);
        st = parse_option(io, o, name, val);
        if (st != SWZC_GO) return st;
    }
    if (o->summary && o->question)
        return usage_error(io, "--summary takes only --tile, --width, --height, --elem and --json");
    if (o->op_given && o->pattern == SWZC_PAT_TRANSPOSE)
        return usage_error(io, "--op: the transpose pattern is a row store then a column load; give --pattern row, "
                               "col, stride:S or block to choose one instruction's op");
    return SWZC_GO;
}

/* Write one picture to path with draw; returns 0 or SWZC_EFILE (with a message). */
typedef void (*svg_writer)(FILE *, const swz_layout *, const swzc_instr *, uint32_t, const char *,
                           const char *);
static int write_svg(const cli_io *io, const char *path, svg_writer draw, const swz_layout *l,
                     const swzc_instr *in, uint32_t n, const options *o)
{
    FILE *f = fopen(path, "wb");
    int bad;
    if (!f) {
        fprintf(io->err, "swz-check: cannot write '%s'\n", path);
        return SWZC_EFILE;
    }
    draw(f, l, in, n, o->pattern_text, swzc_access_name(o->access));
    bad = ferror(f);
    bad |= fclose(f);
    if (bad) {
        fprintf(io->err, "swz-check: error writing '%s'\n", path);
        return SWZC_EFILE;
    }
    return SWZC_OK;
}

/* Progress of the summary of a large tile on err, one line rewritten in place. */
static void summary_progress(void *ctx, uint32_t done, uint32_t total)
{
    FILE *err = (FILE *)ctx;
    fprintf(err, "\rswz-check: summary: %" PRIu32 " of %" PRIu32 " layout rows%s", done, total,
            done == total ? "\n" : "");
    fflush(err);
}

static int run_summary(const cli_io *io, const options *o)
{
    swzc_summary *s = (swzc_summary *)malloc(sizeof *s);
    int st;
    if (!s) {
        fprintf(io->err, "swz-check: out of memory\n");
        return SWZC_EFILE;
    }
    st = swzc_summary_eval(s, o->width, o->height, o->elem, summary_progress, io->err);
    if (st != SWZ_OK) {
        char why[200];
        swz_error e = s->error;
        e.who = "the tile";
        swz_error_format(&e, why, sizeof why);
        free(s);
        return usage_error(io, "--tile %" PRIu32 "x%" PRIu32 " --elem %" PRIu32 ": %s", o->width, o->height, o->elem,
                           why);
    }
    if (o->json) swzc_json_summary(io->out, s);
    else swzc_print_summary(io->out, s);
    free(s);
    return SWZC_OK;
}

/* Evaluate the instruction(s) of the question into in[0..*n); returns SWZC_GO or an exit status. */
static int eval_question(const cli_io *io, options *o, swz_layout *l, swzc_instr *in, uint32_t *n)
{
    swzc_blocks b;
    swz_pattern p = {0, 0, 0u, 0u, 0u, 0u, 0u};
    uint32_t k;
    int st;
    char ctx[200], why[240];
    if (o->access == 0)
        o->access = o->pattern == SWZ_PAT_CP_ASYNC ? SWZ_ACCESS_16
                  : o->pattern >= SWZ_PAT_LDMATRIX_A && o->pattern <= SWZ_PAT_LDMATRIX_BT ? SWZ_LDMATRIX_X4
                  : o->elem > 4u ? (int)o->elem : SWZ_ACCESS_4;
    if (o->pattern == SWZ_PAT_CP_ASYNC) {
        if (o->op_given && !o->store) return usage_error(io, "--pattern cp-async is a store (the copy's shared writes): drop --op load");
        o->store = 1;
    }
    k = swz_access_bytes(o->access);
    if (o->layout_access == 0u) o->layout_access = k;
    snprintf(ctx, sizeof ctx, "--layout %s --tile %" PRIu32 "x%" PRIu32 " --elem %" PRIu32 " --layout-access %" PRIu32,
             swz_layout_name(o->layout), o->width, o->height, o->elem, o->layout_access);
    st = swz_layout_make(l, o->layout, o->width, o->elem, o->layout_access, o->height);
    if (st != SWZ_OK) {
        swz_error_format(&l->error, why, sizeof why);
        return usage_error(io, "%s: %s", ctx, why);
    }
    if (o->svg_grid && (o->width > SWZC_GRID_MAX || o->height > SWZC_GRID_MAX))
        return usage_error(io, "--svg-grid draws tiles up to %ux%u (W = %" PRIu32 ", H = %" PRIu32 ")", SWZC_GRID_MAX,
                           SWZC_GRID_MAX, o->width, o->height);
    swzc_blocks_find(&b, l, k);
    p.stride = o->stride;
    p.row0 = o->row0;
    p.col0 = o->col0;
    p.block_w = o->block_w;
    p.block_h = o->block_h;
    if (o->pattern == SWZC_PAT_TRANSPOSE) {
        *n = 2u;
        p.kind = SWZ_PAT_ROW;
        p.access = o->access | SWZ_STORE;
        st = swzc_instr_eval(&in[0], l, &b, &p);
        if (st == SWZ_OK) {
            p.kind = SWZ_PAT_COL;
            p.access = o->access;
            st = swzc_instr_eval(&in[1], l, &b, &p);
        }
    } else {
        *n = 1u;
        p.kind = o->pattern;
        p.access = o->access | (o->store ? SWZ_STORE : 0);
        st = swzc_instr_eval(&in[0], l, &b, &p);
    }
    if (st != SWZ_OK) {
        swzc_check_error(why, sizeof why, st, l, &p);
        return usage_error(io, "--access %s --pattern %s --origin %" PRIu32 ",%" PRIu32 " on %s: %s",
                           swzc_access_name(o->access), o->pattern_text, o->row0, o->col0, ctx, why);
    }
    return SWZC_GO;
}

static void print_question(FILE *f, const options *o, const swz_layout *l, const swzc_instr *in, uint32_t n)
{
    swz_check_totals tot = {0u, 0u, 0u, 0u};
    int tile_ok = 1;
    uint32_t i;
    fprintf(f, "swz-check: %s layout, %" PRIu32 "x%" PRIu32 " tile of %" PRIu32 "-byte elements (W = %" PRIu32
               " elements = %" PRIu64 " B per row), %s%s %s, pattern %s\n\n",
            swz_layout_name(l->kind), l->width, l->height, l->elem, l->width, (uint64_t)l->width * l->elem,
            swzc_access_name(o->access), o->access < SWZ_LDMATRIX_X1 ? "-byte" : "",
            n > 1u ? "accesses" : o->store ? "stores" : "loads", o->pattern_text);
    swzc_print_layout(f, l);
    for (i = 0; i < n; ++i) {
        swzc_print_instr(f, &in[i], i + 1u, n);
        if (in[i].tile_status != SWZ_OK) tile_ok = 0;
        tot.instructions += in[i].tile.instructions;
        tot.wavefronts += in[i].tile.wavefronts;
        tot.ideal += in[i].tile.ideal;
        if (in[i].tile.worst_ways > tot.worst_ways) tot.worst_ways = in[i].tile.worst_ways;
    }
    if (n > 1u && tile_ok)
        fprintf(f, "\ntotal, whole tile (%s): %" PRIu64 " instruction%s, %" PRIu64 " wavefront%s, ideal %" PRIu64
                   ", worst %" PRIu32 "-way\n",
                o->pattern_text, tot.instructions, swzc_plural(tot.instructions), tot.wavefronts,
                swzc_plural(tot.wavefronts), tot.ideal, tot.worst_ways);
}

static int run_check(const cli_io *io, options *o)
{
    swzc_instr *in = (swzc_instr *)calloc(2u, sizeof *in);
    swz_layout l;
    uint32_t n = 0u;
    int st;
    if (!in) {
        fprintf(io->err, "swz-check: out of memory\n");
        return SWZC_EFILE;
    }
    st = eval_question(io, o, &l, in, &n);
    if (st == SWZC_GO) {
        st = SWZC_OK;
        if (o->json) swzc_json_check(io->out, &l, in, n, o->pattern_text);
        else print_question(io->out, o, &l, in, n);
        if (o->svg) st = write_svg(io, o->svg, swzc_svg_map, &l, in, n, o);
        if (st == SWZC_OK && o->svg_grid) st = write_svg(io, o->svg_grid, swzc_svg_grid, &l, in, n, o);
    }
    free(in);
    return st;
}

int swz_check_cli(int argc, char **argv, FILE *out, FILE *err)
{
    cli_io io;
    options o;
    int st;
    io.out = out;
    io.err = err;
    for (st = 1; st < argc; ++st) /* --solve: its own arguments (swz-check-solve.h) */
        if (strcmp(argv[st], "--solve") == 0) return swzc_solve_cli(argc, argv, out, err);
    st = parse_args(&io, &o, argc, argv);
    if (st == SWZC_GO) st = o.question ? run_check(&io, &o) : run_summary(&io, &o);
    if (fflush(out) != 0 || ferror(out)) {
        fprintf(err, "swz-check: error writing the output\n");
        if (st == SWZC_OK) st = SWZC_EFILE;
    }
    return st;
}

#ifndef SWZ_CHECK_NO_MAIN
int main(int argc, char **argv)
{
    return swz_check_cli(argc, argv, stdout, stderr);
}
#endif
