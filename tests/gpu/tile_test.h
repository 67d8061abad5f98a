/* tests/gpu/tile_test.h -- the harness of the tile copies' tests: test_tile.cu (include/swz/tile.h
 * on its own) and test_transpose_copies.cu (the same copies with the transpose family's paths,
 * examples/transpose/copies.h).  A test includes this, then instantiates tile.h once per
 * configuration NAME with TILE_KERNEL(NAME, T, SMEM_ELEMS): a kernel that loads a tile from `in`
 * at (r0, c0), stores it back to out1 at (r0, c0) and transposed to out2 at (c0, r0).
 *   placements<T>(name, kernel, block, R, C)   the kernel at interior, ragged, negative and
 *        far-out origins on a 70 x 90 matrix, with aligned and misaligned pointers (odd leading
 *        dimensions), and once exactly fitting: every element of out1 and out2 (poisoned
 *        before) checked -- the input inside the window and the matrix, the poison elsewhere;
 *   model(name, NAME_model, status, st, ld, ldt)   NAME_model's status and instruction counts;
 *   insns(items, threads)   warp instructions of a pass over `items` vectors.
 * Failures are counted in `failures`.  Built by nvcc (suite gpu; exit 77 without a GPU) and as
 * host C++ with SWZ_EMULATE on the SIMT emulator of emu_simt.h (suite emulated). */
#ifndef TILE_TEST_H
#define TILE_TEST_H
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

/* Warp instructions of a pass over `items` vectors with `threads` threads. */
static uint64_t insns(int items, int threads)
{
    uint64_t n = 0;
    for (int j = 0; j * threads < items; ++j)
        for (int w = 0; w < threads / 32; ++w) n += j * threads + w * 32 < items;
    return n;
}

#endif /* TILE_TEST_H */
