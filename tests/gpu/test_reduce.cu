/* tests/gpu/test_reduce.cu -- every reduction variant against a CPU reference.
 *
 *   test-reduce all [--quick|--emu]  lengths 0, 1, 31, 32, 33, 1000, 2^20+3 and 2^28 (--quick:
 *                              65539 and 2^20+3 last, for compute-sanitizer; --emu: 65539 and
 *                              262147, for the CPU emulation), for every variant:
 *                                i32    exact, against an int64 sum of random int32 values
 *                                float  random values in [-1, 1) against a double sum, within
 *                                       depth(n) * 2^-24 / (1 - depth(n) * 2^-24) * sum |x|
 *                                       (depth: the variant's own bound on roundings per
 *                                       element); and a sparse input (64 small integers among
 *                                       zeros) whose float sum is exact
 *                              each run twice: the two results must be bit-identical; the
 *                              output is poisoned (0xFF) before every run; a misaligned input
 *                              pointer (one element off) is checked at the largest length but
 *                              2^28
 *   test-reduce args           n < 0, NULL in/out, workspace NULL, too small or misaligned ->
 *                              cudaErrorInvalidValue with the output untouched; n == 0 ->
 *                              cudaSuccess and a result of 0
 * The walk ('all') and the dispatch are tests/gpu/family_test.h; this file has the lengths,
 * the case (run) and the extra mode.  Exit 77 without a GPU.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "gpu_util.h"
#include "reduce.h"

static int failures = 0; /* EXPECT (gpu_util.h) counts here */

#include "family_test.h" /* the walk of every variant on every length, and main() */

static int is_int(const swz_variant *v) { return strcmp(v->elem, "i32") == 0; }

/* Runs v twice on device data d (n elements); returns 0 and the result bits in *res when both
 * runs agree, -1 otherwise. */
static int run_twice(const swz_variant *v, const void *d, int64_t n, void *dout, void *ws,
                     size_t wsb, uint64_t *res)
{
    uint64_t r[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        gpu_poison(dout, 8);
        cudaError_t e = swz_reduce_ops_of(v)->launch(d, n, dout, ws, wsb, 0);
        EXPECT(e == cudaSuccess, "%s n=%lld: launch returned %s", v->name, (long long)n,
               cudaGetErrorString(e));
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemcpy(&r[k], dout, (size_t)swz_reduce_ops_of(v)->out_size, cudaMemcpyDeviceToHost));
    }
    if (swz_reduce_ops_of(v)->out_size == 4) r[0] &= 0xFFFFFFFFu, r[1] &= 0xFFFFFFFFu;
    *res = r[0];
    return r[0] == r[1] ? 0 : -1;
}

/* The walk's data: mode 0 the full list of lengths; 1 (--quick, for compute-sanitizer): up to
 * 2^20+3; 2 (--emu, the CPU emulation): up to 262147 = 4 chunks + 3 of the fast 256 variant.
 * The inputs (random floats, sparse small integers, random int32) are made once, at the first
 * case; each case is one length (the last but one of the full list, or the longest of the
 * others, a second time misaligned by one element) with its CPU references. */
static int mode = 0;
static const int nl = 8;
static const int64_t lengths_of[3][8] = {
    {0, 1, 31, 32, 33, 1000, (1 << 20) + 3, (int64_t)1 << 28},
    {0, 1, 31, 32, 33, 1000, 65539, (1 << 20) + 3},
    {0, 1, 31, 32, 33, 1000, 65539, 262147}};

struct walk_case {
    int64_t n;
    int off;           /* elements the input pointer is moved by: 1 = misaligned */
    double fref, fabs_sum, sref;
    int64_t iref;
};

static struct {
    int ready;
    std::vector<walk_case> cases;
    void *df, *ds, *di, *dout, *ws;
    size_t wsb;
} walk_data;

static int setup(int argc, char **argv)
{
    mode = argc == 0 ? 0 : argc == 1 && strcmp(argv[0], "--quick") == 0 ? 1
         : argc == 1 && strcmp(argv[0], "--emu") == 0 ? 2 : -1;
    return mode < 0 ? 2 : 0;
}

static void prepare_walk(void)
{
    const int64_t *lengths = lengths_of[mode];
    const int64_t nmax = lengths[nl - 1], nmis = mode == 0 ? lengths[nl - 2] : nmax;
    test_rng rng = {0x5EED0003u};
    std::vector<float> hf((size_t)nmax + 1), hs((size_t)nmax + 1);
    std::vector<int32_t> hi((size_t)nmax + 1);
    for (int64_t i = 0; i <= nmax; ++i) {
        hf[(size_t)i] = rng_float(&rng);
        hi[(size_t)i] = (int32_t)(uint32_t)(rng_next(&rng) >> 32);
        hs[(size_t)i] = 0.0f;
    }
    for (int k = 0; k < 64; ++k) /* sparse: small integers at random places */
        hs[(size_t)(rng_next(&rng) % (uint64_t)(nmax + 1))] = (float)((int)(rng_next(&rng) % 2001u) - 1000);
    for (int li = 0; li < nl; ++li)
        for (int off = 0; off < (lengths[li] == nmis ? 2 : 1); ++off) {
            walk_case c = {lengths[li], off, 0, 0, 0, 0};
            for (int64_t k = off; k < c.n + off; ++k) {
                c.fref += hf[(size_t)k];
                c.fabs_sum += fabs(hf[(size_t)k]);
                c.sref += hs[(size_t)k];
                c.iref += hi[(size_t)k];
            }
            walk_data.cases.push_back(c);
        }
    for (int i = 0; i < swz_reduce_registry.count; ++i) {
        size_t w = swz_reduce_ops_of(swz_reduce_registry.variants[i])->workspace(nmax);
        if (w > walk_data.wsb) walk_data.wsb = w;
    }
    CUDA_CHECK(cudaMalloc(&walk_data.df, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&walk_data.ds, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&walk_data.di, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&walk_data.dout, 8));
    CUDA_CHECK(cudaMalloc(&walk_data.ws, walk_data.wsb ? walk_data.wsb : 1));
    CUDA_CHECK(cudaMemcpy(walk_data.df, hf.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(walk_data.ds, hs.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(walk_data.di, hi.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));
    walk_data.ready = 1;
}

static int cases(const swz_variant *v)
{
    (void)v;
    if (!walk_data.ready) prepare_walk();
    return (int)walk_data.cases.size();
}

/* Case i of v: i32 exact against the int64 sum; float within the variant's bound on random
 * values and exactly on the sparse integers; every result twice, bit-identical.  The failures
 * are EXPECTs (the walk counts them). */
static long long run(const swz_variant *v, int i)
{
    const walk_case &c = walk_data.cases[(size_t)i];
    const int64_t n = c.n;
    const int off = c.off;
    void *dout = walk_data.dout, *ws = walk_data.ws;
    const size_t wsb = walk_data.wsb;
    uint64_t bits;
    if (is_int(v)) {
        int64_t got;
        EXPECT(run_twice(v, (const int32_t *)walk_data.di + off, n, dout, ws, wsb, &bits) == 0,
               "%s n=%lld off=%d: two runs differ", v->name, (long long)n, off);
        memcpy(&got, &bits, 8);
        EXPECT(got == c.iref, "%s n=%lld off=%d: %lld, want %lld", v->name, (long long)n, off,
               (long long)got, (long long)c.iref);
    } else {
        float got;
        uint32_t b32;
        const double u = ldexp(1.0, -24), d = swz_reduce_ops_of(v)->depth(n);
        const double tol = d * u / (1.0 - d * u) * c.fabs_sum;
        EXPECT(run_twice(v, (const float *)walk_data.df + off, n, dout, ws, wsb, &bits) == 0,
               "%s n=%lld off=%d: two runs differ", v->name, (long long)n, off);
        b32 = (uint32_t)bits;
        memcpy(&got, &b32, 4);
        EXPECT(fabs((double)got - c.fref) <= tol, "%s n=%lld off=%d: %.9g, want %.9g +- %.3g", v->name,
               (long long)n, off, got, c.fref, tol);
        EXPECT(run_twice(v, (const float *)walk_data.ds + off, n, dout, ws, wsb, &bits) == 0,
               "%s n=%lld off=%d (sparse): two runs differ", v->name, (long long)n, off);
        b32 = (uint32_t)bits;
        memcpy(&got, &b32, 4);
        EXPECT((double)got == c.sref, "%s n=%lld off=%d (sparse): %.9g, want exactly %.9g", v->name,
               (long long)n, off, got, c.sref);
    }
    return 0;
}

static int test_args(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    const int64_t n = 300000; /* more than one chunk of every fast variant */
    void *din, *dout, *ws;
    CUDA_CHECK(cudaMalloc(&din, (size_t)n * 4));
    CUDA_CHECK(cudaMalloc(&dout, 8));
    CUDA_CHECK(cudaMalloc(&ws, 1 << 20));
    CUDA_CHECK(cudaMemset(din, 0, (size_t)n * 4));
    for (int i = 0; i < swz_reduce_registry.count; ++i) {
        const swz_variant *v = swz_reduce_registry.variants[i];
        const size_t need = swz_reduce_ops_of(v)->workspace(n);
        uint64_t got = 0;
        struct call {
            const char *what;
            const void *in;
            int64_t n;
            void *out, *ws;
            size_t wsb;
            cudaError_t want;
        } calls[] = {
            {"n < 0", din, -1, dout, ws, 1 << 20, cudaErrorInvalidValue},
            {"n > 2^50", din, (int64_t)1 << 51, dout, ws, 1 << 20, cudaErrorInvalidValue},
            {"in NULL", NULL, n, dout, ws, 1 << 20, cudaErrorInvalidValue},
            {"out NULL", din, n, NULL, ws, 1 << 20, cudaErrorInvalidValue},
            {"workspace NULL", din, n, dout, NULL, 1 << 20, cudaErrorInvalidValue},
            {"workspace too small", din, n, dout, ws, need - 1, cudaErrorInvalidValue},
            {"workspace misaligned", din, n, dout, (char *)ws + 1, 1 << 19, cudaErrorInvalidValue},
        };
        EXPECT(need > 0, "%s: needs no workspace at n=%lld?", v->name, (long long)n);
        EXPECT(swz_reduce_ops_of(v)->workspace(-1) == 0, "%s: workspace(-1) != 0", v->name);
        for (const call &c : calls) {
            gpu_poison(dout, 8);
            cudaError_t e = swz_reduce_ops_of(v)->launch(c.in, c.n, c.out, c.ws, c.wsb, 0);
            EXPECT(e == c.want, "%s, %s: got %s", v->name, c.what, cudaGetErrorString(e));
            EXPECT(cudaGetLastError() == cudaSuccess, "%s, %s: left a CUDA error", v->name, c.what);
            CUDA_CHECK(cudaDeviceSynchronize());
            CUDA_CHECK(cudaMemcpy(&got, dout, 8, cudaMemcpyDeviceToHost));
            EXPECT(got == ~(uint64_t)0, "%s, %s: output written", v->name, c.what);
        }
        gpu_poison(dout, 8); /* n == 0: the empty sum, with no input or workspace needed */
        EXPECT(swz_reduce_ops_of(v)->launch(NULL, 0, dout, NULL, 0, 0) == cudaSuccess, "%s: n == 0 failed", v->name);
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemcpy(&got, dout, 8, cudaMemcpyDeviceToHost));
        if (swz_reduce_ops_of(v)->out_size == 4) got |= 0xFFFFFFFF00000000ull; /* the untouched upper poison */
        EXPECT(got == (swz_reduce_ops_of(v)->out_size == 4 ? 0xFFFFFFFF00000000ull : 0u), "%s: n == 0 gave bits %llx",
               v->name, (unsigned long long)got);
    }
    CUDA_CHECK(cudaFree(din));
    CUDA_CHECK(cudaFree(dout));
    CUDA_CHECK(cudaFree(ws));
    printf("argument checks of %d variants: %s\n", swz_reduce_registry.count, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

static const family_test walk = {&swz_reduce_registry, "all", "[--quick|--emu]", setup, NULL, cases, run};
static const family_extra extras[] = {{"args", "", test_args, 1}, {NULL, NULL, NULL, 0}};

int main(int argc, char **argv) { return family_test_main(&walk, extras, argc, argv); }
