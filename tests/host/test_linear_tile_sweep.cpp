/* tests/host/test_linear_tile_sweep.cpp -- tile.h's incremental offsets (SWZ_TILE_XOR_LINEAR)
 * against the layout's own offsets, over tile.h's parameter space (models only: no emulation,
 * no CUDA headers; linked into host-linear-tile).
 *
 * What it proves
 *   The copies compute a thread's offsets as base ^ step (linear.h's incremental form: the
 *   base of item tid once, a compile-time step per item j*THREADS) where THREADS and the row's
 *   vector count are powers of two.  NAME_model evaluates, for every access of every warp of
 *   all three copies (load, store, store_t), the offset the copies compute and the layout's
 *   offset in full, and fails with SWZ_EKIND where they differ.  So the model accepting each
 *   instantiation below is the proof, and each also asserts that its incremental form is on
 *   exactly where the rule says (THREADS a power of two), so the comparison is not vacuous:
 *     - SWZ_TILE_LINEAR over every element size (1, 2, 4, 8, 16 bytes) x every power-of-two
 *       row width COLS from 1 to 256 elements of at least 4 bytes (linear.h's narrowest unit),
 *       each at one of THREADS 32, 64, ..., 1024 and 96 (not a power of two: the full form),
 *       every element size at every one of them; heights that are not powers of two, pads of
 *       one unit on some, an 8-byte access width on some, masks on all eight row bits (below
 *       the units per row).  The full product (294 instantiations, every THREADS at every
 *       width) passed once while this was written; CI compiles this cover of it;
 *     - a declared XOR-linear SWZ_TILE_LAYOUT (xor.h's Swizzle, and a transpose region's line
 *       view: tile after tile, seen as 128-byte lines with a key across their rows);
 *     - a layout wrongly declared XOR-linear (the unit key r mod 3): the model reports
 *       SWZ_EKIND.
 *
 * Run: meson test -C <build> host-linear-tile
 */
#include <swz/linear.h>
#include <swz/tile.h>
#include <swz/xor.h>

#include <criterion/criterion.h>

#include <stdint.h>
#include <vector>

typedef int (*lts_model)(int, swz_tile_cost *);
struct lts_case {
    const char *name;
    int elem, threads;
    lts_model model;
    int inc_ls, inc_t; /* the instantiation's incremental forms (NAME__INC_LS, NAME__INC_T) */
    int want;          /* what the rule says: THREADS a power of two */
};
static std::vector<lts_case> &lts_cases()
{
    static std::vector<lts_case> v;
    return v;
}
struct lts_reg {
    explicit lts_reg(const lts_case &c) { lts_cases().push_back(c); }
};

#define LTS_CAT_(a, b) a##b
#define LTS_CAT(a, b) LTS_CAT_(a, b)
#define LTS_STR_(a) #a
#define LTS_STR(a) LTS_STR_(a)
struct lts_v16 {
    uint32_t w[4];
};

/* The sweep: element sizes here, row widths in linear_tile_sweep_cols.inc, one instantiation
 * (its block size, access width, height, pad and masks) in linear_tile_sweep_one.inc. */
#define LTS_ELEM uint8_t
#define LTS_EB 1
#include "linear_tile_sweep_cols.inc"
#define LTS_ELEM uint16_t
#define LTS_EB 2
#include "linear_tile_sweep_cols.inc"
#define LTS_ELEM float
#define LTS_EB 4
#include "linear_tile_sweep_cols.inc"
#define LTS_ELEM double
#define LTS_EB 8
#include "linear_tile_sweep_cols.inc"
#define LTS_ELEM lts_v16
#define LTS_EB 16
#include "linear_tile_sweep_cols.inc"

static void lts_check(const char *name, lts_model model, int want_status)
{
    static const int ops[3] = {SWZ_TILE_OP_LOAD, SWZ_TILE_OP_STORE, SWZ_TILE_OP_STORE_T};
    for (int i = 0; i < 3; ++i) {
        swz_tile_cost c;
        const int s = model(ops[i], &c);
        cr_assert_eq(s, want_status, "%s op %d: model status %d, want %d", name, ops[i], s, want_status);
    }
}

Test(linear_tile_sweep, incremental_offsets_equal_the_layout)
{
    static const int elems[5] = {1, 2, 4, 8, 16}, threads[7] = {32, 64, 128, 256, 512, 1024, 96};
    int on = 0, off = 0;
    /* row widths of at least 4 bytes: 7 for u8, 8 for 2-byte elements, 9 for the others */
    cr_assert_eq(lts_cases().size(), 42u, "the sweep registers every instantiation");
    for (const lts_case &c : lts_cases()) {
        cr_assert(c.inc_ls == c.want && c.inc_t == c.want, "%s: incremental load/store %d, store_t %d, want %d",
                  c.name, c.inc_ls, c.inc_t, c.want);
        lts_check(c.name, c.model, SWZ_OK);
        (c.want ? on : off) += 1;
    }
    cr_assert(on > 0 && off > 0, "%d incremental, %d in full", on, off);
    for (int e : elems) /* every element size meets every block size */
        for (int t : threads) {
            int seen = 0;
            for (const lts_case &c : lts_cases()) seen += c.elem == e && c.threads == t;
            cr_assert(seen > 0, "no instantiation of %d-byte elements at %d threads", e, t);
        }
}

/* Declared XOR-linear layouts: xor.h's Swizzle<3,2,6> on 64x64 floats (the transpose key) ... */
#define SWZ_TILE_NAME lts_xor
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#define SWZ_TILE_XOR_LINEAR 1
#include <swz/tile.h>
/* ... a transpose region of four 64x64 u8 tiles side by side (64 x 256), tile after tile, seen
 * as 128-byte lines with masks 2, 4, 4 on line bits 3..5 (examples/transpose's line view) ... */
#define LTS_NONE(r, c) (((uint32_t)(c) / 64u) * 4096u + (uint32_t)(r) * 64u + (uint32_t)(c) % 64u)
#define LTS_LINE(o) SWZ_LINEAR_OFFSET(128, 1, 16, 0, 0, 0, 0, 2, 4, 4, 0, 0, (o) / 128u, (o) % 128u)
#define SWZ_TILE_NAME lts_lines
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 256
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) LTS_LINE(LTS_NONE(r, c))
#define SWZ_TILE_XOR_LINEAR 1
#include <swz/tile.h>
/* ... and one that is not: the unit key r mod 3, declared XOR-linear. */
#define SWZ_TILE_NAME lts_wrong
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 64u + ((uint32_t)(c) ^ ((uint32_t)(r) % 3u) * 4u))
#define SWZ_TILE_XOR_LINEAR 1
#include <swz/tile.h>

Test(linear_tile_sweep, declared_xor_linear_layouts)
{
    cr_assert(lts_xor__INC_LS && lts_xor__INC_T && lts_lines__INC_LS && lts_lines__INC_T && lts_wrong__INC_LS);
    lts_check("Swizzle<3,2,6> 64x64 float", lts_xor_model, SWZ_OK);
    lts_check("line view of a 64x256 u8 region", lts_lines_model, SWZ_OK);
    lts_check("key r mod 3 declared XOR-linear", lts_wrong_model, SWZ_EKIND);
}
