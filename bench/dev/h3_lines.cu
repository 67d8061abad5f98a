/* bench/dev/h3_lines.cu -- helper H3's device-sync bench (issue 12's open point): the transpose's
 * XOR line view (XOR_LINES 1, the solver's layout on rows narrower than 128 bytes) against the
 * per-tile key on the 10 narrow shapes, in the same run, each output checked bit for bit.
 *
 * Built by bench/dev/h3.sh on the GPU machine, not by meson: one translation unit per shape
 * (-DH3_SHAPE=k instantiates examples/transpose/transpose.cuh twice, the key (XOR_LINES 0) and
 * the line view (XOR_LINES 1), as swz_transpose_xor_<T>_<E>_key / _lines, whatever the shipped
 * default) and the driver (-DH3_MAIN), e.g.
 *   for k in 0 1 ... 9; do nvcc -c -DH3_SHAPE=$k ... bench/dev/h3_lines.cu -o s$k.o; done
 *   nvcc -DH3_MAIN ... bench/dev/h3_lines.cu s*.o -o h3_lines
 *   h3_lines [--rounds N] [--reps N] [--once SHAPE PROBLEM]   (--once: one checked launch of
 *                                                              each of the shape's two, for ncu)
 * Output: per shape and problem the medians (us) over rounds, each round the median of --reps
 * samples (each 10 launches back to back, 2 for a 16384^2 of 8 bytes) of the key then the line
 * view; ratio = t_key / t_lines (> 1: the line view is
 * faster), GB/s, x cudaMemcpy of the same bytes (same run), and the model's wavefronts per
 * region (predict(): stores + loads) for both.
 */
#include <cuda_fp16.h>
#include <stdint.h>

/* The 10 shapes whose tile rows are narrower than 128 bytes: X(index, TILE, ELEM, ELEM_NAME) */
#define H3_SHAPES(X)                                                                            \
    X(0, 64, uint8_t, u8) X(1, 32, uint8_t, u8) X(2, 16, uint8_t, u8) X(3, 8, uint8_t, u8)        \
    X(4, 32, __half, half) X(5, 16, __half, half) X(6, 8, __half, half) X(7, 16, float, float)    \
    X(8, 8, float, float) X(9, 8, double, double)

#if defined(H3_SHAPE)
/* H3_SHAPES' row H3_SHAPE (the preprocessor cannot index the list) */
#if H3_SHAPE == 0
#define H3_T 64
#define H3_E uint8_t
#define H3_N u8
#elif H3_SHAPE == 1
#define H3_T 32
#define H3_E uint8_t
#define H3_N u8
#elif H3_SHAPE == 2
#define H3_T 16
#define H3_E uint8_t
#define H3_N u8
#elif H3_SHAPE == 3
#define H3_T 8
#define H3_E uint8_t
#define H3_N u8
#elif H3_SHAPE == 4
#define H3_T 32
#define H3_E __half
#define H3_N half
#elif H3_SHAPE == 5
#define H3_T 16
#define H3_E __half
#define H3_N half
#elif H3_SHAPE == 6
#define H3_T 8
#define H3_E __half
#define H3_N half
#elif H3_SHAPE == 7
#define H3_T 16
#define H3_E float
#define H3_N float
#elif H3_SHAPE == 8
#define H3_T 8
#define H3_E float
#define H3_N float
#elif H3_SHAPE == 9
#define H3_T 8
#define H3_E double
#define H3_N double
#else
#error "bench/dev/h3_lines.cu: H3_SHAPE is 0..9"
#endif
/* The same shape twice, the per-tile key and the line view; each include #undefs its parameters. */
#define TILE H3_T
#define ELEM H3_E
#define ELEM_NAME H3_N
#define LAYOUT XOR
#define NAME_SUFFIX _key
#define XOR_LINES 0
#include "transpose.cuh"
#define TILE H3_T
#define ELEM H3_E
#define ELEM_NAME H3_N
#define LAYOUT XOR
#define NAME_SUFFIX _lines
#define XOR_LINES 1
#include "transpose.cuh"

#elif defined(H3_MAIN)
#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "transpose.h"
#include "example_util.h" /* CK */

#define H3_DECL(k, T, E, N)                                                                     \
    extern "C" const swz_variant swz_transpose_xor_##T##_##N##_key_variant;                      \
    extern "C" const swz_variant swz_transpose_xor_##T##_##N##_lines_variant;
H3_SHAPES(H3_DECL)
#define H3_ROW(k, T, E, N) {#T "x" #T " " #N, &swz_transpose_xor_##T##_##N##_key_variant, &swz_transpose_xor_##T##_##N##_lines_variant},
struct h3_shape {
    const char *name;
    const swz_variant *key, *lines;
};
static const h3_shape shapes[] = {H3_SHAPES(H3_ROW)};

/* out (batch of cols x rows) == transpose of in (batch of rows x cols), byte for byte */
template <typename W>
__global__ void h3_check(const W *in, const W *out, int64_t rows, int64_t cols, int64_t batch,
                         unsigned long long *bad)
{
    const int64_t n = rows * cols * batch;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t b = i / (rows * cols), r = i / cols % rows, c = i % cols;
        if (out[b * rows * cols + c * rows + r] != in[i]) atomicAdd(bad, 1ull);
    }
}
__global__ void h3_fill(uint32_t *p, int64_t words, uint32_t seed)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < words; i += (int64_t)gridDim.x * blockDim.x) {
        uint32_t x = (uint32_t)i * 2654435761u ^ seed;
        x ^= x >> 15, x *= 2246822519u, x ^= x >> 13, x *= 3266489917u, x ^= x >> 16;
        p[i] = x;
    }
}

static unsigned long long check(const swz_variant *v, const void *in, void *out, int64_t rows, int64_t cols,
                                int64_t batch, unsigned long long *dbad)
{
    unsigned long long bad = 0;
    const size_t bytes = (size_t)(rows * cols * batch) * v->elem_size;
    CK(cudaMemset(out, 0xFF, bytes));
    CK(cudaMemset(dbad, 0, sizeof bad));
    CK(swz_transpose_ops_of(v)->launch(in, out, rows, cols, cols, rows, batch, rows * cols, cols * rows, 0));
    switch (v->elem_size) {
    case 1: h3_check<<<1024, 256>>>((const uint8_t *)in, (const uint8_t *)out, rows, cols, batch, dbad); break;
    case 2: h3_check<<<1024, 256>>>((const uint16_t *)in, (const uint16_t *)out, rows, cols, batch, dbad); break;
    case 4: h3_check<<<1024, 256>>>((const uint32_t *)in, (const uint32_t *)out, rows, cols, batch, dbad); break;
    default: h3_check<<<1024, 256>>>((const uint64_t *)in, (const uint64_t *)out, rows, cols, batch, dbad); break;
    }
    CK(cudaMemcpy(&bad, dbad, sizeof bad, cudaMemcpyDeviceToHost));
    return bad;
}

/* median over reps samples of the time (us) of one call of f, a sample timing `inner` calls
 * back to back (so that a 10 us kernel is not timed with the launch latency) */
template <typename F> static double time_us(F f, int reps, int inner)
{
    std::vector<float> t(reps);
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f(); /* warm-up */
    for (int i = 0; i < reps; ++i) {
        CK(cudaEventRecord(a));
        for (int k = 0; k < inner; ++k) f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t[i], a, b));
        t[i] /= (float)inner;
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(t.begin(), t.end());
    return 1000.0 * t[reps / 2];
}
static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct h3_problem {
    const char *name;
    int64_t rows, cols, batch;
};
static const h3_problem problems[] = {{"8192x8192", 8192, 8192, 1}, {"4096x64x64", 64, 64, 4096}, {"16384x16384", 16384, 16384, 1}};

static void wavefronts(const swz_variant *v, unsigned long long *w, unsigned long long *ideal)
{
    swz_tile_cost s, l;
    if (v->predict(&s, &l) != SWZ_OK) {
        *w = *ideal = 0;
        return;
    }
    *w = s.wavefronts + l.wavefronts;
    *ideal = s.ideal + l.ideal;
}

int main(int argc, char **argv)
{
    int rounds = 5, reps = 20, once = -1, once_p = -1, fails = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--once") && i + 2 < argc) once = atoi(argv[++i]), once_p = atoi(argv[++i]);
    }
    size_t maxb = 0;
    for (const h3_problem &p : problems) maxb = std::max(maxb, (size_t)(p.rows * p.cols * p.batch) * 8);
    void *in, *out, *cpy;
    unsigned long long *dbad;
    CK(cudaMalloc(&in, maxb));
    CK(cudaMalloc(&out, maxb));
    CK(cudaMalloc(&cpy, maxb));
    CK(cudaMalloc(&dbad, sizeof *dbad));
    h3_fill<<<1024, 256>>>((uint32_t *)in, (int64_t)(maxb / 4), 12345u);
    CK(cudaDeviceSynchronize());
    if (once >= 0) { /* ncu: one checked launch of the key and of the line view */
        const h3_shape &s = shapes[once];
        const h3_problem &p = problems[once_p];
        for (const swz_variant *v : {s.key, s.lines}) {
            const unsigned long long bad = check(v, in, out, p.rows, p.cols, p.batch, dbad);
            printf("%s %s: %s\n", v->name, p.name, bad ? "WRONG" : "ok");
            fails += bad != 0;
        }
        return fails ? 1 : 0;
    }
    printf("shape,problem,key_us,lines_us,key_over_lines,key_gbs,lines_gbs,key_x_memcpy,lines_x_memcpy,"
           "wavefronts_key,wavefronts_lines,ideal,rounds_lines_faster\n");
    for (int ip = 0; ip < (int)(sizeof problems / sizeof *problems); ++ip) {
        const h3_problem &p = problems[ip];
        if (ip == 2) rounds = rounds > 3 ? 3 : rounds, reps = reps > 10 ? 10 : reps; /* the big one: last, shorter */
        for (const h3_shape &s : shapes) {
            const int64_t n = p.rows * p.cols * p.batch, es = s.key->elem_size;
            const size_t bytes = (size_t)n * es;
            std::vector<double> tk, tl, tm;
            int faster = 0;
            unsigned long long wk, wl, ik, il;
            const unsigned long long bk = check(s.key, in, out, p.rows, p.cols, p.batch, dbad);
            const unsigned long long bl = check(s.lines, in, out, p.rows, p.cols, p.batch, dbad);
            if (bk || bl) {
                printf("# %s %s: WRONG (key %llu, lines %llu elements)\n", s.name, p.name, bk, bl);
                ++fails;
                continue;
            }
            auto run = [&](const swz_variant *v) {
                return [=] { CK(swz_transpose_ops_of(v)->launch(in, out, p.rows, p.cols, p.cols, p.rows, p.batch,
                                                                p.rows * p.cols, p.cols * p.rows, 0)); };
            };
            const int inner = bytes < ((size_t)1 << 30) ? 10 : 2;
            for (int r = 0; r < rounds; ++r) {
                tk.push_back(time_us(run(s.key), reps, inner));
                tl.push_back(time_us(run(s.lines), reps, inner));
                tm.push_back(time_us([=] { CK(cudaMemcpyAsync(cpy, in, bytes, cudaMemcpyDeviceToDevice)); }, reps, inner));
                faster += tl.back() < tk.back();
            }
            const double k = median(tk), l = median(tl), m = median(tm);
            wavefronts(s.key, &wk, &ik);
            wavefronts(s.lines, &wl, &il);
            printf("%s,%s,%.2f,%.2f,%.4f,%.0f,%.0f,%.4f,%.4f,%llu,%llu,%llu,%d/%d\n", s.name, p.name, k, l, k / l,
                   2.0 * bytes / k * 1e-3, 2.0 * bytes / l * 1e-3, m / k, m / l, wk, wl, ik, faster, rounds);
            fflush(stdout);
        }
    }
    return fails ? 1 : 0;
}
#else
#error "bench/dev/h3_lines.cu: compile with -DH3_SHAPE=0..9 (a shape's two variants) or -DH3_MAIN (the driver)"
#endif
