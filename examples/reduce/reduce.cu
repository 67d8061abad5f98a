/* examples/reduce/reduce.cu -- swz-example-reduce: the reduction family's hooks for the shared
 * example driver (../family_main.h: --list, --predict, --run/--runs, --bench and the default
 * check of every variant).
 *
 * Run spec: N[:REPS].  run() sums N random elements (floats in [-1, 1), or int32 over the
 * whole range) REPS times (default 1; 2: the second result must have the same bits) and
 * checks against a double (float: within the variant's error bound) or exact (i32) CPU sum.
 * time() times the variant and cub::DeviceReduce::Sum of the same elements (GB/s counts the
 * bytes read).
 */
#include <cuda_runtime.h>
#include <cub/device/device_reduce.cuh>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>

#include "reduce.h"
#include "../family_main.h"

static uint64_t rng_s = 0x243F6A8885A308D3ull;
static uint64_t rng(void)
{
    rng_s ^= rng_s >> 12;
    rng_s ^= rng_s << 25;
    rng_s ^= rng_s >> 27;
    return rng_s * 0x2545F4914F6CDD1Dull;
}

/* Fill n elements: floats in [-1, 1), or int32 over the whole range. */
static void fill(void *p, int64_t n, int is_int)
{
    for (int64_t i = 0; i < n; ++i) {
        const uint64_t r = rng();
        if (is_int) ((int32_t *)p)[i] = (int32_t)(uint32_t)(r >> 32);
        else ((float *)p)[i] = (float)((double)(r >> 40) / 8388608.0 - 1.0);
    }
}

static int is_int(const swz_variant *v) { return strcmp(v->elem, "i32") == 0; }

/* One checked call, or two (reps = 2: the second must give the same bits).  0 on success. */
static int run_checked(const swz_variant *v, int64_t n, int quiet, int reps)
{
    const int ii = is_int(v);
    std::vector<unsigned char> h((size_t)n * 4 + 4);
    void *din, *dout, *ws = NULL;
    size_t wsb = swz_reduce_ops_of(v)->workspace(n);
    unsigned char r1[8] = {0}, r2[8] = {0};
    int bad = 0;
    fill(h.data(), n, ii);
    CK(cudaMalloc(&din, (size_t)n * 4 + 4));
    CK(cudaMalloc(&dout, 8));
    if (wsb) CK(cudaMalloc(&ws, wsb));
    CK(cudaMemcpy(din, h.data(), (size_t)n * 4, cudaMemcpyHostToDevice));
    for (int k = 0; k < 2; ++k) {
        if (k >= reps) {
            memcpy(r2, r1, 8);
            break;
        }
        CK(cudaMemset(dout, 0xFF, 8));
        CK(swz_reduce_ops_of(v)->launch(din, n, dout, ws, wsb, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(k ? r2 : r1, dout, (size_t)swz_reduce_ops_of(v)->out_size, cudaMemcpyDeviceToHost));
    }
    if (memcmp(r1, r2, 8) != 0) bad = 1;
    if (ii) {
        int64_t ref = 0, got;
        for (int64_t i = 0; i < n; ++i) ref += ((const int32_t *)h.data())[i];
        memcpy(&got, r1, 8);
        bad |= got != ref;
        if (!quiet || bad)
            printf("%-28s n=%-11lld sum %lld (ref %lld)%s %s\n", v->name, (long long)n,
                   (long long)got, (long long)ref, bad & 1 ? " NOT REPRODUCIBLE" : "",
                   bad ? "FAILED" : "ok");
    } else {
        double ref = 0, abs = 0, tol;
        float got;
        const double u = ldexp(1.0, -24), d = swz_reduce_ops_of(v)->depth(n);
        for (int64_t i = 0; i < n; ++i) {
            ref += ((const float *)h.data())[i];
            abs += fabs(((const float *)h.data())[i]);
        }
        tol = d * u / (1 - d * u) * abs;
        memcpy(&got, r1, 4);
        bad |= !(fabs((double)got - ref) <= tol);
        if (!quiet || bad)
            printf("%-28s n=%-11lld sum %.9g (ref %.9g, |err| %.3g <= %.3g)%s %s\n", v->name,
                   (long long)n, got, ref, fabs((double)got - ref), tol,
                   memcmp(r1, r2, 8) ? " NOT REPRODUCIBLE" : "", bad ? "FAILED" : "ok");
    }
    CK(cudaFree(din));
    CK(cudaFree(dout));
    if (ws) CK(cudaFree(ws));
    return bad;
}

static int run_one(const swz_variant *v, const char *spec, int quiet)
{
    long long n = -1;
    int reps = 1;
    if (sscanf(spec, "%lld:%d", &n, &reps) < 1 || n < 0 || reps < 1 || reps > 2) return 2;
    return run_checked(v, n, quiet, reps);
}

static int time_one(const swz_variant *v, const char *spec, double *ms, double *peer_ms, double *rate)
{
    long long n = -1;
    void *din, *dout, *ws, *cub_tmp = NULL;
    size_t cub_bytes = 0;
    if (sscanf(spec, "%lld", &n) != 1 || n < 1) return 2;
    const size_t wsb = swz_reduce_ops_of(v)->workspace(n);
    CK(cudaMalloc(&din, (size_t)n * 4));
    CK(cudaMalloc(&dout, 8));
    CK(cudaMalloc(&ws, wsb ? wsb : 1));
    CK(cudaMemset(din, 0, (size_t)n * 4));
    if (is_int(v)) { /* the peer on the same elements and result type */
        auto cub_sum = [&] {
            CK(cub::DeviceReduce::Sum(cub_tmp, cub_bytes, (const int32_t *)din, (int64_t *)dout, n));
        };
        cub_sum();
        CK(cudaMalloc(&cub_tmp, cub_bytes));
        *peer_ms = ex_time_ms(cub_sum);
    } else {
        auto cub_sum = [&] {
            CK(cub::DeviceReduce::Sum(cub_tmp, cub_bytes, (const float *)din, (float *)dout, n));
        };
        cub_sum();
        CK(cudaMalloc(&cub_tmp, cub_bytes));
        *peer_ms = ex_time_ms(cub_sum);
    }
    *ms = ex_time_ms([&] { CK(swz_reduce_ops_of(v)->launch(din, n, dout, ws, wsb, 0)); });
    *rate = 4e-6 * (double)n / *ms;
    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaFree(ws));
    CK(cudaFree(cub_tmp));
    return 0;
}

/* 2^24 + 3 elements twice (bit-identical), and the sizes around one chunk and one block. */
static const char *const check_specs[] = {"16777219:2", "1048579:2", "1", "257", "65536", NULL};
static const swz_family family = {&swz_reduce_registry, "N[:REPS]", check_specs, "268435456",
                                  "cub::DeviceReduce::Sum", "GB/s", run_one, time_one};

int main(int argc, char **argv) { return ex_family_main(&family, argc, argv); }
