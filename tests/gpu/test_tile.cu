/* tests/gpu/test_tile.cu -- include/swz/tile.h on its own (no extension): load, store and
 * store_t for tile shapes, element sizes, vector widths, layouts and block shapes that the
 * kernel families do not use (non-powers of two, 2-D and 3-D blocks, thread counts that do not
 * divide the work, 2/4/8-byte vectors, a padded layout), each placed on a matrix at interior,
 * ragged, negative and far-out origins, with aligned and misaligned pointers (odd leading
 * dimensions: tile.h's element path) -- tile_test.h's placements.  Then NAME_model: SWZ_OK and
 * one instruction per warp and vector for every valid layout, and SWZ_EALIGN for a layout that
 * splits the vectors (c ^ r under 16-byte access).  The transpose family's own paths (shifted
 * and line paths for misaligned rows, rotated reads) are test_transpose_copies.cu's.
 *
 * Built twice: by nvcc (suite gpu; exit 77 without a GPU) and as host C++ with SWZ_EMULATE on
 * the SIMT emulator of emu_simt.h (suite emulated), through emu_test_tile.cpp.
 */
#include "tile_test.h"

/* A: the doc example.  64x64 float, Swizzle<3,2,6>, 256 threads. */
#define SWZ_TILE_NAME ga
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(3, 2, 6, (uint32_t)(r) * 64u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(ga, float, 64 * 64)

/* B: 24x40 half, row-major, 96 threads (a 32x3 block). */
#define SWZ_TILE_NAME gb
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 24
#define SWZ_TILE_COLS 40
#define SWZ_TILE_THREADS 96
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 40u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(gb, __half, 24 * 40)

/* C: 16x64 uint8, padded for 16-byte rows, 64 threads. */
#define SWZ_TILE_NAME gc
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 16
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 1, 16, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(gc, uint8_t, 16 * 80)

/* D: 8x12 double, 8-byte vectors, 32 threads (an 8x4 block). */
#define SWZ_TILE_NAME gd
#define SWZ_TILE_ELEM double
#define SWZ_TILE_ROWS 8
#define SWZ_TILE_COLS 12
#define SWZ_TILE_THREADS 32
#define SWZ_TILE_VBYTES 8
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 12u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(gd, double, 8 * 12)

/* E: 5x7 of 16-byte elements, 32 threads. */
#define SWZ_TILE_NAME ge
#define SWZ_TILE_ELEM uint4
#define SWZ_TILE_ROWS 5
#define SWZ_TILE_COLS 7
#define SWZ_TILE_THREADS 32
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 7u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(ge, uint4, 5 * 7)

/* F: 33x17 float (odd: element accesses), 64 threads in a 16x2x2 block. */
#define SWZ_TILE_NAME gf
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 33
#define SWZ_TILE_COLS 17
#define SWZ_TILE_THREADS 64
#define SWZ_TILE_LAYOUT(r, c) ((uint32_t)(r) * 17u + (uint32_t)(c))
#include <swz/tile.h>
TILE_KERNEL(gf, float, 33 * 17)

/* G: 32x32 uint8 under the automatic 4-byte XOR, 2-byte vectors, 128 threads. */
#define SWZ_TILE_NAME gg
#define SWZ_TILE_ELEM uint8_t
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_VBYTES 2
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(32, 1, 4, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(gg, uint8_t, 32 * 32)

/* H: 64x64 half in Morton order over 16-byte units, 256 threads. */
#define SWZ_TILE_NAME gh
#define SWZ_TILE_ELEM __half
#define SWZ_TILE_ROWS 64
#define SWZ_TILE_COLS 64
#define SWZ_TILE_THREADS 256
#define SWZ_TILE_LAYOUT(r, c) SWZ_MORTON_OFFSET(64, 2, 16, 64, (r), (c))
#include <swz/tile.h>
TILE_KERNEL(gh, __half, 64 * 64)

/* X: a layout that breaks 16-byte groups (c ^ r over 4-byte elements): the model must say so. */
#define SWZ_TILE_NAME gx
#define SWZ_TILE_ELEM float
#define SWZ_TILE_ROWS 32
#define SWZ_TILE_COLS 32
#define SWZ_TILE_THREADS 128
#define SWZ_TILE_LAYOUT(r, c) SWZ_XOR(5, 0, 5, (uint32_t)(r) * 32u + (uint32_t)(c))
#include <swz/tile.h>

int main(void)
{
    gpu_require_device();
    placements<float>("A", ga_kernel, dim3(256), 64, 64);
    placements<__half>("B", gb_kernel, dim3(32, 3), 24, 40);
    placements<uint8_t>("C", gc_kernel, dim3(64), 16, 64);
    placements<double>("D", gd_kernel, dim3(8, 4), 8, 12);
    placements<uint4>("E", ge_kernel, dim3(32), 5, 7);
    placements<float>("F", gf_kernel, dim3(16, 2, 2), 33, 17);
    placements<uint8_t>("G", gg_kernel, dim3(128), 32, 32);
    placements<__half>("H", gh_kernel, dim3(256), 64, 64);
    /* store_t instructions = items * VEC_T shared reads; items = COLS/RW x ROWS/VEC_T */
    model("A", ga_model, SWZ_OK, insns(64 * 64 / 4, 256), insns(64 * 64 / 4, 256), insns(64 * 16, 256) * 4);
    model("B", gb_model, SWZ_OK, insns(24 * 40 / 8, 96), insns(24 * 40 / 8, 96), insns(20 * 3, 96) * 8);
    model("C", gc_model, SWZ_OK, insns(16 * 64 / 16, 64), insns(16 * 64 / 16, 64), insns(16 * 1, 64) * 16);
    model("D", gd_model, SWZ_OK, insns(8 * 12 / 1, 32), insns(8 * 12 / 1, 32), insns(12 * 8, 32) * 1);
    model("H", gh_model, SWZ_OK, insns(64 * 64 / 8, 256), insns(64 * 64 / 8, 256), insns(32 * 8, 256) * 8);
    model("X", gx_model, SWZ_EALIGN, 0, 0, 0);
    {
        swz_tile_cost cst;
        /* the XOR key (r / VEC_T) mod NQ is conflict free for store_t's reads */
        if (ga_model(SWZ_TILE_OP_STORE_T, &cst) != SWZ_OK || cst.wavefronts != cst.ideal) {
            ++failures;
            printf("FAIL A: XOR tile store_t: %llu wavefronts, ideal %llu\n",
                   (unsigned long long)cst.wavefronts, (unsigned long long)cst.ideal);
        }
    }
    printf("tile.h: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
