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
 * Exit 77 without a GPU.
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

/* mode 0: the full list; 1 (--quick, for compute-sanitizer): up to 2^20+3; 2 (--emu, the CPU
 * emulation): up to 262147 = 4 chunks + 3 of the fast 256 variant. */
static int test_all(int mode)
{
    const int64_t full[] = {0, 1, 31, 32, 33, 1000, (1 << 20) + 3, (int64_t)1 << 28};
    const int64_t quick[] = {0, 1, 31, 32, 33, 1000, 65539, (1 << 20) + 3};
    const int64_t emu[] = {0, 1, 31, 32, 33, 1000, 65539, 262147};
    const int64_t *lengths = mode == 0 ? full : mode == 1 ? quick : emu;
    const int nl = 8;
    const int64_t nmax = lengths[nl - 1], nmis = mode == 0 ? lengths[nl - 2] : nmax;
    test_rng rng = {0x5EED0003u};
    std::vector<float> hf((size_t)nmax + 1), hs((size_t)nmax + 1);
    std::vector<int32_t> hi((size_t)nmax + 1);
    void *df, *ds, *di, *dout, *ws;
    size_t wsb = 0;
    for (int64_t i = 0; i <= nmax; ++i) {
        hf[(size_t)i] = rng_float(&rng);
        hi[(size_t)i] = (int32_t)(uint32_t)(rng_next(&rng) >> 32);
        hs[(size_t)i] = 0.0f;
    }
    for (int k = 0; k < 64; ++k) /* sparse: small integers at random places */
        hs[(size_t)(rng_next(&rng) % (uint64_t)(nmax + 1))] = (float)((int)(rng_next(&rng) % 2001u) - 1000);
    for (int i = 0; i < swz_reduce_registry.count; ++i) {
        size_t w = swz_reduce_ops_of(swz_reduce_registry.variants[i])->workspace(nmax);
        if (w > wsb) wsb = w;
    }
    CUDA_CHECK(cudaMalloc(&df, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&ds, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&di, (size_t)(nmax + 1) * 4));
    CUDA_CHECK(cudaMalloc(&dout, 8));
    CUDA_CHECK(cudaMalloc(&ws, wsb ? wsb : 1));
    CUDA_CHECK(cudaMemcpy(df, hf.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(ds, hs.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(di, hi.data(), (size_t)(nmax + 1) * 4, cudaMemcpyHostToDevice));

    for (int li = 0; li < nl; ++li) {
        const int64_t n = lengths[li];
        for (int off = 0; off < (n == nmis ? 2 : 1); ++off) { /* off 1: misaligned */
            double fref = 0, fabs_sum = 0, sref = 0;
            int64_t iref = 0;
            for (int64_t k = off; k < n + off; ++k) {
                fref += hf[(size_t)k];
                fabs_sum += fabs(hf[(size_t)k]);
                sref += hs[(size_t)k];
                iref += hi[(size_t)k];
            }
            for (int i = 0; i < swz_reduce_registry.count; ++i) {
                const swz_variant *v = swz_reduce_registry.variants[i];
                uint64_t bits;
                if (is_int(v)) {
                    int64_t got;
                    EXPECT(run_twice(v, (const int32_t *)di + off, n, dout, ws, wsb, &bits) == 0,
                           "%s n=%lld off=%d: two runs differ", v->name, (long long)n, off);
                    memcpy(&got, &bits, 8);
                    EXPECT(got == iref, "%s n=%lld off=%d: %lld, want %lld", v->name, (long long)n,
                           off, (long long)got, (long long)iref);
                } else {
                    float got;
                    uint32_t b32;
                    const double u = ldexp(1.0, -24), d = swz_reduce_ops_of(v)->depth(n);
                    const double tol = d * u / (1.0 - d * u) * fabs_sum;
                    EXPECT(run_twice(v, (const float *)df + off, n, dout, ws, wsb, &bits) == 0,
                           "%s n=%lld off=%d: two runs differ", v->name, (long long)n, off);
                    b32 = (uint32_t)bits;
                    memcpy(&got, &b32, 4);
                    EXPECT(fabs((double)got - fref) <= tol, "%s n=%lld off=%d: %.9g, want %.9g +- %.3g",
                           v->name, (long long)n, off, got, fref, tol);
                    EXPECT(run_twice(v, (const float *)ds + off, n, dout, ws, wsb, &bits) == 0,
                           "%s n=%lld off=%d (sparse): two runs differ", v->name, (long long)n, off);
                    b32 = (uint32_t)bits;
                    memcpy(&got, &b32, 4);
                    EXPECT((double)got == sref, "%s n=%lld off=%d (sparse): %.9g, want exactly %.9g",
                           v->name, (long long)n, off, got, sref);
                }
            }
            printf("n = %-10lld%s: %d variants checked, %d failures so far\n", (long long)n,
                   off ? " (misaligned)" : "", swz_reduce_registry.count, failures);
        }
    }
    CUDA_CHECK(cudaFree(df));
    CUDA_CHECK(cudaFree(ds));
    CUDA_CHECK(cudaFree(di));
    CUDA_CHECK(cudaFree(dout));
    CUDA_CHECK(cudaFree(ws));
    return failures ? 1 : 0;
}

static int test_args(void)
{
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

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "all";
    gpu_require_device();
    if (strcmp(mode, "all") == 0)
        return test_all(argc > 2 && strcmp(argv[2], "--quick") == 0 ? 1
                        : argc > 2 && strcmp(argv[2], "--emu") == 0 ? 2 : 0);
    if (strcmp(mode, "args") == 0) return test_args();
    fprintf(stderr, "usage: test-reduce all [--quick|--emu] | args\n");
    return 2;
}
