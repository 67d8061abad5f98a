/* tests/gpu/test_tile.cu -- include/swz/tile.h on its own: load, store and store_t for tile
 * shapes, element sizes, vector widths, layouts and block shapes that the kernel families do
 * not use (non-powers of two, 2-D and 3-D blocks, thread counts that do not divide the work,
 * 2/4/8-byte vectors, a padded layout with the rotated read), each placed on a matrix at
 * interior, ragged, negative and far-out origins, with aligned and misaligned pointers (odd
 * leading dimensions: the shifted path for tiles inside the matrix, the element path for the
 * corner tile whose last row ends the matrix, where a load's next unit would leave it).
 *
 * For each placement: out1 (poisoned) receives load + store at the same origin, out2 (poisoned)
 * receives load + store_t at the transposed origin; every element of both is checked: the input
 * inside the window and the matrix, the poison everywhere else.  Then NAME_model: SWZ_OK and
 * one instruction per warp and vector for every valid layout, and SWZ_EALIGN for a layout that
 * splits the vectors (c ^ r under 16-byte access); the line path's map (misaligned rows of
 * one-element 4- and 8-byte vectors, configurations D and F) and NAME_model_lines.
 *
 * Built twice: by nvcc (suite gpu; exit 77 without a GPU) and as host C++ with SWZ_EMULATE on
 * the SIMT emulator of emu_simt.h (suite emulated), through emu_test_tile.cpp.
 */
#include <cuda_fp16.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <vector>

#include <swz/morton.h>
#include <swz/pad.h>
#include <swz/xor.h>
#include "gpu_util.h"

#if defined(SWZ_EMULATE) && !defined(__CUDACC__)
#define SWZ_TILE_EMULATE 1
#define SWZ_TILE_EMU_TID ((int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)))
#define LAUNCH(k, grid, block, ...) swz_emu_launch(dim3(grid), (block), [&] { k(__VA_ARGS__); })
#else
#define LAUNCH(k, grid, block, ...) k<<<(grid), (block)>>>(__VA_ARGS__)
#endif
#include <swz/tile.h>

static int failures = 0;

/* One configuration: tile.h instance NAME, and a kernel that loads a tile from `in` at
 * (r0, c0), stores it back to out1 at (r0, c0) and transposed to out2 at (c0, r0). */
#define TILE_KERNEL(NAME, T, SMEM_ELEMS)                                                        \
    __global__ void NAME##_kernel(const T *in, T *out1, T *out2, int64_t ld, int64_t ld2,      \
                                  int64_t r0, int64_t c0, int64_t rows, int64_t cols)          \
    {                                                                                          \
        __shared__ __align__(16) T s[SMEM_ELEMS];                                              \
        NAME##_load(s, in, ld, r0, c0, rows, cols);                                            \
        __syncthreads();                                                                       \
        NAME##_store(s, out1, ld, r0, c0, rows, cols);                                         \
        NAME##_store_t(s, out2, ld2, c0, r0, cols, rows);                                      \
    }

/* A: the doc example.  64x64 float, Swizzle<3,2,6>, 256 threads. */
#define SWZ_TILE_NAME ta
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(ta, float, 64 * 64)

/* B: 24x40 half, row-major, 96 threads (a 32x3 block). */
#define SWZ_TILE_NAME tb
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 24
#define SWZ_TILE_COLS 40
#define SWZ_TILE_THREADS 96
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 40u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(tb, __half, 24 * 40)

/* C: 16x64 uint8, padded for 16-byte rows, rotated reads, 64 threads. */
#define SWZ_TILE_NAME tc
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 16
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_ROTATE 1
#define SWZ_TILE_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 1, 16, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(tc, uint8_t, 16 * 80)

/* D: 8x12 double, 8-byte vectors, 32 threads (an 8x4 block). */
#define SWZ_TILE_NAME td
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 8
#define SWZ_TILE_COLS 12
#define SWZ_TILE_THREADS 32
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 12u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(td, double, 8 * 12)

/* E: 5x7 of 16-byte elements, 32 threads. */
#define SWZ_TILE_NAME te
#define SWZ_TILE_ELEM uint4
#define SWZ_TILE_ROWS 5
#define SWZ_TILE_COLS 7
#define SWZ_TILE_THREADS 32
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 7u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(te, uint4, 5 * 7)

/* F: 33x17 float (odd: element accesses), 64 threads in a 16x2x2 block. */
#define SWZ_TILE_NAME tf
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 33
#define SWZ_TILE_COLS 17
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 17u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(tf, float, 33 * 17)

/* G: 32x32 uint8 under the automatic 4-byte XOR, 2-byte vectors, 128 threads. */
#define SWZ_TILE_NAME tg
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_VBYTES 2
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(32, 1, 4, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(tg, uint8_t, 32 * 32)

/* H: 64x64 half in Morton order over 16-byte units, 256 threads. */
#define SWZ_TILE_NAME th
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_MORTON_OFFSET(64, 2, 16, 64, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(th, __half, 64 * 64)

/* I: 8-byte vectors of doubles at 256 threads, XOR-keyed for them (Swizzle<4,0,6>: the 8-byte
 * slot of column c moved by r mod 16): the line path with half-warp windows, whose two halves
 * take rows n and n ^ 8 (tile.h __win_row). */
#define SWZ_TILE_NAME ti
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LINE_STEP 1 /* true: 16 columns on flip bit 4, 16 rows on add 1024 */
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(4, 0, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(ti, double, 32 * 64)

/* J: a false SWZ_TILE_LINE_STEP claim (an XOR key that includes column bit 5, the step's: 32
 * columns on change the key): the model must refuse it. */
#define SWZ_TILE_NAME tj
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_VBYTES 4
#define SWZ_TILE_LINE_STEP 1
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 3, (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>

/* X: a layout that breaks 16-byte groups (c ^ r over 4-byte elements): the model must say so. */
#define SWZ_TILE_NAME tx
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(5, 0, 5, (uint32_t)(r) * 32u + (uint32_t)(c))
#include <swz/tile.h>

/* Runs one placement of configuration NAME; es = element size. */
template <class T, class K>
static void run(const char *name, K kernel, dim3 block, int R, int C, int64_t rows, int64_t cols,
                int64_t r0, int64_t c0, int misalign)
{
    const int es = (int)sizeof(T);
    const int64_t ld = cols + 5 + (misalign ? 0 : (16 - (cols + 5) % 16)) % 16; /* 16-elem multiple */
    const int64_t ld2 = rows + 3 + (misalign ? 0 : (16 - (rows + 3) % 16)) % 16;
    /* buffers reach R + 8 rows past the matrix: a read or write there is caught (poison) */
    const int64_t arows = rows + R + 8, acols = cols + C + 8;
    const size_t nin = (size_t)(arows * ld + misalign), nout1 = nin, nout2 = (size_t)(acols * ld2 + misalign);
    std::vector<unsigned char> hin(nin * es), h1(nout1 * es), h2(nout2 * es);
    test_rng rng = {0x5EED0100u + (uint64_t)(r0 * 131 + c0)};
    unsigned char *din, *d1, *d2;
    long long bad = 0;
    rng_bytes(&rng, hin.data(), hin.size());
    for (size_t i = 0; i < nin; ++i) { /* no element equal to the poison */
        int all = 1;
        for (int b = 0; b < es; ++b) all &= hin[i * es + b] == 0xFF;
        if (all) hin[i * es] = 0;
    }
    CUDA_CHECK(cudaMalloc(&din, hin.size()));
    CUDA_CHECK(cudaMalloc(&d1, h1.size()));
    CUDA_CHECK(cudaMalloc(&d2, h2.size()));
    CUDA_CHECK(cudaMemcpy(din, hin.data(), hin.size(), cudaMemcpyHostToDevice));
    gpu_poison(d1, h1.size());
    gpu_poison(d2, h2.size());
    {
        const T *in = (const T *)din + misalign;
        T *o1 = (T *)d1 + misalign, *o2 = (T *)d2 + misalign;
        LAUNCH(kernel, 1, block, in, o1, o2, ld, ld2, r0, c0, rows, cols);
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(h1.data(), d1, h1.size(), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h2.data(), d2, h2.size(), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(din));
    CUDA_CHECK(cudaFree(d1));
    CUDA_CHECK(cudaFree(d2));
    for (int64_t r = 0; r < arows; ++r)
        for (int64_t c = 0; c < ld; ++c) {
            const int inside = r >= r0 && r < r0 + R && c >= c0 && c < c0 + C && r < rows && c < cols;
            /* the source element exists only inside the matrix: index hin there alone */
            const unsigned char *src = inside ? &hin[(size_t)(misalign + r * ld + c) * es] : NULL;
            const unsigned char *g1 = &h1[(size_t)(misalign + r * ld + c) * es];
            for (int b = 0; b < es; ++b) bad += g1[b] != (inside ? src[b] : 0xFF);
        }
    for (int64_t c = 0; c < acols; ++c) /* out2: the transpose, columns c of the input */
        for (int64_t r = 0; r < ld2; ++r) {
            const int inside = r >= r0 && r < r0 + R && c >= c0 && c < c0 + C && r < rows && c < cols;
            const unsigned char *src = inside ? &hin[(size_t)(misalign + r * ld + c) * es] : NULL;
            const unsigned char *g2 = &h2[(size_t)(misalign + c * ld2 + r) * es];
            for (int b = 0; b < es; ++b) bad += g2[b] != (inside ? src[b] : 0xFF);
        }
    if (bad) {
        ++failures;
        printf("FAIL %s: %lld x %lld at (%lld, %lld)%s: %lld wrong bytes\n", name, (long long)rows,
               (long long)cols, (long long)r0, (long long)c0, misalign ? " misaligned" : "", bad);
    }
}

template <class T, class K>
static void placements(const char *name, K kernel, dim3 block, int R, int C)
{
    const int64_t rows = 70, cols = 90;
    const int64_t org[][2] = {{0, 0}, {16, 32}, {rows - R / 2, cols - C / 2}, {-3, -5},
                              {rows - 1, cols - 1}, {-R + 1, 7}, {rows + 2, 0},
                              {rows - R + 1, 0}, {0, 96 - C + 16}, {rows - R, cols - C}};
    for (const auto &o : org)
        for (int mis = 0; mis < 2; ++mis) run<T>(name, kernel, block, R, C, rows, cols, o[0], o[1], mis);
    run<T>(name, kernel, block, R, C, 2 * R, 2 * C, R, C, 0); /* exactly fitting, aligned */
    printf("%-3s %3d x %-3d block (%u,%u,%u): 21 placements %s\n", name, R, C, block.x, block.y,
           block.z, failures ? "(failures so far)" : "ok");
}

/* The model: status, and one instruction per warp and vector step. */
static void model(const char *name, int (*m)(int, swz_tile_cost *), int want_status,
                  uint64_t want_st, uint64_t want_ld, uint64_t want_ldt)
{
    swz_tile_cost a, b, c;
    const int sa = m(SWZ_TILE_OP_LOAD, &a), sb = m(SWZ_TILE_OP_STORE, &b), sc = m(SWZ_TILE_OP_STORE_T, &c);
    int ok = sa == want_status && (want_status != SWZ_OK || (sb == SWZ_OK && sc == SWZ_OK));
    if (ok && want_status == SWZ_OK)
        ok = a.instructions == want_st && b.instructions == want_ld && c.instructions == want_ldt &&
             a.wavefronts >= a.ideal && c.wavefronts >= c.ideal;
    if (!ok) {
        ++failures;
        printf("FAIL model %s: status %d/%d/%d (want %d), instructions %llu/%llu/%llu (want %llu/%llu/%llu)\n",
               name, sa, sb, sc, want_status, (unsigned long long)a.instructions,
               (unsigned long long)b.instructions, (unsigned long long)c.instructions,
               (unsigned long long)want_st, (unsigned long long)want_ld, (unsigned long long)want_ldt);
    }
}

/* The line path's item map (NAME__win_item: the device loop's and NAME_model_lines'), for a
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

/* Warp instructions of a pass over `items` vectors with `threads` threads. */
static uint64_t insns(int items, int threads)
{
    uint64_t n = 0;
    for (int j = 0; j * threads < items; ++j)
        for (int w = 0; w < threads / 32; ++w) n += j * threads + w * 32 < items;
    return n;
}

int main(void)
{
    gpu_require_device();
    placements<float>("A", ta_kernel, dim3(256), 64, 64);
    placements<__half>("B", tb_kernel, dim3(32, 3), 24, 40);
    placements<uint8_t>("C", tc_kernel, dim3(64), 16, 64);
    placements<double>("D", td_kernel, dim3(8, 4), 8, 12);
    placements<uint4>("E", te_kernel, dim3(32), 5, 7);
    placements<float>("F", tf_kernel, dim3(16, 2, 2), 33, 17);
    placements<uint8_t>("G", tg_kernel, dim3(128), 32, 32);
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
            printf("FAIL lines J: a false SWZ_TILE_LINE_STEP claim passed the model\n");
        }
    }
    if (!td_LINES || !tf_LINES || !ti_LINES || ta_LINES) {
        ++failures;
        printf("FAIL lines: NAME_LINES is %d/%d/%d for A/D/F (want 0/1/1)\n", (int)ta_LINES, (int)td_LINES,
               (int)tf_LINES);
    }
    /* store_t instructions = items * VEC_T shared reads; items = COLS/RW x ROWS/VEC_T */
    model("A", ta_model, SWZ_OK, insns(64 * 64 / 4, 256), insns(64 * 64 / 4, 256), insns(64 * 16, 256) * 4);
    model("B", tb_model, SWZ_OK, insns(24 * 40 / 8, 96), insns(24 * 40 / 8, 96), insns(20 * 3, 96) * 8);
    model("C", tc_model, SWZ_OK, insns(16 * 64 / 16, 64), insns(16 * 64 / 16, 64), insns(16 * 1, 64) * 16);
    model("D", td_model, SWZ_OK, insns(8 * 12 / 1, 32), insns(8 * 12 / 1, 32), insns(12 * 8, 32) * 1);
    model("H", th_model, SWZ_OK, insns(64 * 64 / 8, 256), insns(64 * 64 / 8, 256), insns(32 * 8, 256) * 8);
    model("X", tx_model, SWZ_EALIGN, 0, 0, 0);
    {
        swz_tile_cost cst;
        /* the padded layout with the rotated read is conflict free for store_t; ta's XOR too */
        if (tc_model(SWZ_TILE_OP_STORE_T, &cst) != SWZ_OK || cst.wavefronts != cst.ideal) {
            ++failures;
            printf("FAIL C: rotated reads of the padded tile: %llu wavefronts, ideal %llu\n",
                   (unsigned long long)cst.wavefronts, (unsigned long long)cst.ideal);
        }
        if (ta_model(SWZ_TILE_OP_STORE_T, &cst) != SWZ_OK || cst.wavefronts != cst.ideal) {
            ++failures;
            printf("FAIL A: XOR tile store_t: %llu wavefronts, ideal %llu\n",
                   (unsigned long long)cst.wavefronts, (unsigned long long)cst.ideal);
        }
    }
    printf("tile.h: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
