/* tests/gpu/test_transpose_copies.cu -- examples/transpose/copies.h, the transpose family's own
 * paths of tile.h's copies, on tile shapes, element sizes, vector widths, layouts and block
 * shapes that the transposes do not use (tile_test.h's placements, as test_tile.cu: interior,
 * ragged, negative and far-out origins, aligned and misaligned pointers):
 *   - the shifted path (SWZ_TRANSPOSE_COPIES_SHIFTED) for misaligned rows of tiles inside the
 *     matrix (16-byte units: A, B, C, H), the element path for the corner tile whose last row
 *     ends the matrix, where a load's next unit would leave it;
 *   - the line path (one-element 4- and 8-byte vectors: D, F, I), with
 *     SWZ_TRANSPOSE_COPIES_LINE_STEP (I) and its map checked lane by lane for every row offset
 *     (NAME__win_item, NAME__win_row), NAME_model_lines conflict free where the layout is (I)
 *     and refusing a false LINE_STEP claim (J);
 *   - the rotated reads of padded layouts (SWZ_TRANSPOSE_COPIES_ROTATE: C, P), conflict free in
 *     NAME_model.
 *
 * Built twice: by nvcc (suite gpu; exit 77 without a GPU) and as host C++ with SWZ_EMULATE on
 * the SIMT emulator of emu_simt.h (suite emulated), through emu_test_transpose_copies.cpp.
 */
#include "tile_test.h"

/* Every configuration: tile.h's copies extended by copies.h (SWZ_TILE_EXT), with its paths for
 * misaligned rows on (SWZ_TRANSPOSE_COPIES_SHIFTED 1). */

/* A: 64x64 float, Swizzle<3,2,6>, 256 threads. */
#define SWZ_TILE_NAME ta
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#include <swz/tile.h>
TILE_KERNEL(ta, float, 64 * 64)

/* B: 24x40 half, row-major, 96 threads (a 32x3 block). */
#define SWZ_TILE_NAME tb
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 24
#define SWZ_TILE_COLS 40
#define SWZ_TILE_THREADS 96
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 40u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#include <swz/tile.h>
TILE_KERNEL(tb, __half, 24 * 40)

/* C: 16x64 uint8, padded for 16-byte rows, rotated reads, 64 threads. */
#define SWZ_TILE_NAME tc
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 16
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 1, 16, (r), (c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_ROTATE 1
#include <swz/tile.h>
TILE_KERNEL(tc, uint8_t, 16 * 80)

/* P: 32x32 float, padded for 16-byte rows, rotated reads (NQ = 8 row groups an instruction,
 * rotations 0..3), 128 threads.  (C's single row group, NQ = 1, is never rotated.) */
#define SWZ_TILE_NAME tp
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LAYOUT(r, c) SWZ_PAD_OFFSET(32, 4, 16, (r), (c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_ROTATE 1
#include <swz/tile.h>
TILE_KERNEL(tp, float, 32 * 36)

/* D: 8x12 double, 8-byte vectors, 32 threads (an 8x4 block): the line path. */
#define SWZ_TILE_NAME td
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 8
#define SWZ_TILE_COLS 12
#define SWZ_TILE_THREADS 32
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 12u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TILE_VBYTES 8
#include <swz/tile.h>
TILE_KERNEL(td, double, 8 * 12)

/* F: 33x17 float (odd: element accesses), 64 threads in a 16x2x2 block: the line path. */
#define SWZ_TILE_NAME tf
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 33
#define SWZ_TILE_COLS 17
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 17u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#include <swz/tile.h>
TILE_KERNEL(tf, float, 33 * 17)

/* H: 64x64 half in Morton order over 16-byte units, 256 threads. */
#define SWZ_TILE_NAME th
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_MORTON_OFFSET(64, 2, 16, 64, (r), (c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#include <swz/tile.h>
TILE_KERNEL(th, __half, 64 * 64)

/* I: 8-byte vectors of doubles at 256 threads, XOR-keyed for them (Swizzle<4,0,6>: the 8-byte
 * slot of column c moved by r mod 16): the line path with half-warp windows, whose two halves
 * take rows n and n ^ 8 (copies.h __win_row). */
#define SWZ_TILE_NAME ti
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(4, 0, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_LINE_STEP 1 /* true: 16 columns on flip bit 4, 16 rows on add 1024 */
#include <swz/tile.h>
TILE_KERNEL(ti, double, 32 * 64)

/* J: a false SWZ_TRANSPOSE_COPIES_LINE_STEP claim (an XOR key that includes column bit 5, the
 * step's: 32 columns on change the key): the model must refuse it. */
#define SWZ_TILE_NAME tj
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_VBYTES 4
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 3, (uint32_t)(r) * 64u + (uint32_t)(c))
#define SWZ_TILE_EXT "copies.h"
#define SWZ_TRANSPOSE_COPIES_SHIFTED 1
#define SWZ_TRANSPOSE_COPIES_LINE_STEP 1
#include <swz/tile.h>

/* The line path's item map (copies.h NAME__win_item: the device loop's and NAME_model_lines'), for a
 * configuration that has the path (NAME_LINES): for every offset m of the rows in their
 * 128-byte lines and both maps (load/store, store_t), every element of every global row is
 * taken by exactly one lane, at its own tile element, and the lanes of each window fall in
 * one line; NAME_model_lines succeeds there and refuses an m past the line.  A configuration
 * without the path: NAME_model_lines refuses it. */
typedef int (*win_item_fn)(int, int, int, int, int, int *, int *, int *);
static void lines_map(const char *name, int has, win_item_fn item, int (*row)(int, int),
                      int (*ml)(int, int, swz_tile_cost *), int R, int C, int es, int threads)
{
    const int lw = 128 / es < 32 ? 128 / es : 32, rs = threads / lw;
    swz_tile_cost cost;
    int bad = 0;
    if (has) /* NAME__win_row: the LW-lane groups of a step take distinct rows, i*RS.. + RS-1 */
        for (int i = 0; i < 3; ++i) {
            std::vector<int> seen((size_t)rs, 0);
            for (int tid = 0; tid < threads; tid += lw) {
                const int n = row(tid, i) - i * rs;
                bad += n < 0 || n >= rs || row(tid + lw - 1, i) != row(tid, i);
                if (n >= 0 && n < rs) ++seen[(size_t)n];
            }
            for (int x : seen) bad += x != 1;
        }
    if (!has) {
        bad += ml(SWZ_TILE_OP_LOAD, 0, &cost) != SWZ_EKIND;
    } else {
        for (int t = 0; t < 2; ++t) {
            const int len = t ? R : C, nrow = t ? C : R, ns = (len + 2 * lw - 2) / lw;
            for (int m = 0; m < lw; ++m) {
                std::vector<int> seen((size_t)(nrow * len), 0);
                for (int n = 0; n < nrow + 2; ++n) /* two rows past the tile: no lane */
                for (int w = 0; w < ns; ++w) {
                    int line = -1;
                    for (int l = 0; l < lw; ++l) {
                        int r, c, k;
                        if (!item(t, n, w, l, m, &r, &c, &k)) continue;
                        bad += n < 0 || n >= nrow || k < 0 || k >= len || r != (t ? k : n) || c != (t ? n : k);
                        if (n < 0 || n >= nrow || k < 0 || k >= len) continue;
                        ++seen[(size_t)(n * len + k)];
                        if (line < 0) line = (m + k) / lw;
                        bad += (m + k) / lw != line;
                    }
                }
                for (int x : seen) bad += x != 1;
                bad += ml(t ? SWZ_TILE_OP_STORE_T : SWZ_TILE_OP_LOAD, m, &cost) != SWZ_OK;
                bad += ml(SWZ_TILE_OP_STORE, m, &cost) != SWZ_OK;
            }
        }
        bad += ml(SWZ_TILE_OP_LOAD, lw, &cost) != SWZ_EKIND;
    }
    if (bad) {
        ++failures;
        printf("FAIL lines %s: %d violations of the line path's map\n", name, bad);
    }
}

int main(void)
{
    gpu_require_device();
    placements<float>("A", ta_kernel, dim3(256), 64, 64);
    placements<__half>("B", tb_kernel, dim3(32, 3), 24, 40);
    placements<uint8_t>("C", tc_kernel, dim3(64), 16, 64);
    placements<float>("P", tp_kernel, dim3(128), 32, 32);
    placements<double>("D", td_kernel, dim3(8, 4), 8, 12);
    placements<float>("F", tf_kernel, dim3(16, 2, 2), 33, 17);
    placements<__half>("H", th_kernel, dim3(256), 64, 64);
    placements<double>("I", ti_kernel, dim3(256), 32, 64);
    /* the line path: D (8 x 12 double, 8-byte vectors) and F (33 x 17 float: 17 columns, so
     * one-element vectors) have it; A does not (16-byte vectors) */
    lines_map("A", ta_LINES, ta__win_item, ta__win_row, ta_model_lines, 64, 64, 4, 256);
    lines_map("D", td_LINES, td__win_item, td__win_row, td_model_lines, 8, 12, 8, 32);
    lines_map("F", tf_LINES, tf__win_item, tf__win_row, tf_model_lines, 33, 17, 4, 64);
    lines_map("I", ti_LINES, ti__win_item, ti__win_row, ti_model_lines, 32, 64, 8, 256);
    for (int m = 0; m < 16; ++m) { /* I's line path: conflict free at every row offset */
        swz_tile_cost a, b;
        const int ea = ti_model_lines(SWZ_TILE_OP_LOAD, m, &a), eb = ti_model_lines(SWZ_TILE_OP_STORE_T, m, &b);
        if (ea != SWZ_OK || eb != SWZ_OK || a.wavefronts != a.ideal || b.wavefronts != b.ideal) {
            ++failures;
            printf("FAIL lines I, m = %d: %llu / %llu and %llu / %llu wavefronts (ideal)\n", m,
                   (unsigned long long)a.wavefronts, (unsigned long long)a.ideal, (unsigned long long)b.wavefronts,
                   (unsigned long long)b.ideal);
        }
    }
    {
        swz_tile_cost a;
        int refused = 0;
        for (int m = 0; m < 32; ++m) refused += tj_model_lines(SWZ_TILE_OP_LOAD, m, &a) == SWZ_EKIND;
        if (refused == 0) {
            ++failures;
            printf("FAIL lines J: a false SWZ_TRANSPOSE_COPIES_LINE_STEP claim passed the model\n");
        }
    }
    if (!td_LINES || !tf_LINES || !ti_LINES || ta_LINES) {
        ++failures;
        printf("FAIL lines: NAME_LINES is %d/%d/%d/%d for A/D/F/I (want 0/1/1/1)\n", (int)ta_LINES, (int)td_LINES,
               (int)tf_LINES, (int)ti_LINES);
    }
    /* the rotated reads keep store_t's instruction count: items * VEC_T shared reads */
    model("C", tc_model, SWZ_OK, insns(16 * 64 / 16, 64), insns(16 * 64 / 16, 64), insns(16 * 1, 64) * 16);
    model("P", tp_model, SWZ_OK, insns(32 * 32 / 4, 128), insns(32 * 32 / 4, 128), insns(32 * 8, 128) * 4);
    {
        swz_tile_cost cst;
        int rotated = 0;
        for (int i = 0; i < 32 * 8; ++i) { /* store_t's items and the rotation of their reads */
            int r, c, rot;
            tp_t_item(i, &r, &c, &rot);
            rotated += rot != 0;
        }
        /* the padded layouts with the rotated reads are conflict free for store_t (P's rows
         * VEC_T apart would share slots in order: its reads are rotated) */
        if (rotated == 0 || tc_model(SWZ_TILE_OP_STORE_T, &cst) != SWZ_OK || cst.wavefronts != cst.ideal ||
            tp_model(SWZ_TILE_OP_STORE_T, &cst) != SWZ_OK || cst.wavefronts != cst.ideal) {
            ++failures;
            printf("FAIL C/P: rotated reads of the padded tiles (%d items rotated): %llu wavefronts, ideal %llu\n",
                   rotated, (unsigned long long)cst.wavefronts, (unsigned long long)cst.ideal);
        }
    }
    printf("copies.h: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
