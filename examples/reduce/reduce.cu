/* examples/reduce/reduce.cu -- swz-example-reduce: runs, checks and times the sum variants
 * against a CPU reference and cub::DeviceReduce::Sum; prints the bank model's prediction.
 *
 * Usage
 *   swz-example-reduce                     every variant on 2^24+3 elements: checked against a
 *                                          double (float) or exact (i32) CPU sum, run twice
 *                                          (bit-identical); then the --bench table at 2^26
 *   swz-example-reduce --bench [N]         time every variant and cub (default N = 2^28)
 *   swz-example-reduce --run NAME N        exactly one checked call of one variant (for ncu)
 *   swz-example-reduce --runs NAME:N ...   the same for several variants in one process
 *   swz-example-reduce --predict [SUBSTR]  predicted shared wavefronts per instruction
 *   swz-example-reduce --list              variant names
 *   --filter SUBSTR restricts the default and --bench runs.
 * Exit status: 0 ok, 1 wrong result or CUDA error, 2 usage, 77 no GPU.
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
#include "../example_util.h" /* CK, swz__ex_need_gpu, swz__ex_take_filter */

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

static int is_int(const swz_reduce_variant *v) { return strcmp(v->elem, "i32") == 0; }

/* One checked call, or two (reps = 2: the second must give the same bits).  0 on success. */
static int run_checked(const swz_reduce_variant *v, int64_t n, int quiet, int reps)
{
    const int ii = is_int(v);
    std::vector<unsigned char> h((size_t)n * 4 + 4);
    void *din, *dout, *ws = NULL;
    size_t wsb = v->workspace(n);
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
        CK(v->launch(din, n, dout, ws, wsb, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(k ? r2 : r1, dout, (size_t)v->out_size, cudaMemcpyDeviceToHost));
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
        const double u = ldexp(1.0, -24), d = v->depth(n);
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

static int bench(int64_t n, const char *filter)
{
    void *din, *dout, *ws, *cub_tmp = NULL;
    size_t wsb = 0, cub_bytes = 0;
    int fails = 0;
    for (int i = 0; i < swz_reduce_variant_count; ++i)
        wsb = std::max(wsb, swz_reduce_variants[i]->workspace(n));
    CK(cudaMalloc(&din, (size_t)n * 4));
    CK(cudaMalloc(&dout, 8));
    CK(cudaMalloc(&ws, wsb ? wsb : 1));
    CK(cudaMemset(din, 0, (size_t)n * 4));
    CK(cub::DeviceReduce::Sum(cub_tmp, cub_bytes, (const float *)din, (float *)dout, n));
    CK(cudaMalloc(&cub_tmp, cub_bytes));
    const float cub_f = swz__ex_time_ms([&] {
        CK(cub::DeviceReduce::Sum(cub_tmp, cub_bytes, (const float *)din, (float *)dout, n));
    });
    printf("# sum of %lld elements; GB/s counts bytes read; median of 20\n", (long long)n);
    printf("# %-30s %10s %10s %8s\n", "variant", "ms", "GB/s", "x cub");
    printf("  %-30s %10.4f %10.1f %8.3f\n", "cub::DeviceReduce::Sum float", cub_f, 4e-6 * n / cub_f, 1.0);
    for (int i = 0; i < swz_reduce_variant_count; ++i) {
        const swz_reduce_variant *v = swz_reduce_variants[i];
        if (!swz__ex_matches(v->name, filter)) continue;
        const float ms = swz__ex_time_ms([&] { CK(v->launch(din, n, dout, ws, wsb, 0)); });
        printf("  %-30s %10.4f %10.1f %8.3f\n", v->name, ms, 4e-6 * n / ms, cub_f / ms);
    }
    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaFree(ws));
    CK(cudaFree(cub_tmp));
    for (int i = 0; i < swz_reduce_variant_count; ++i)
        if (swz__ex_matches(swz_reduce_variants[i]->name, filter))
            fails += run_checked(swz_reduce_variants[i], (1 << 20) + 3, 1, 2);
    printf("%s\n", fails ? "FAILED" : "all timed variants checked: ok");
    return fails ? 1 : 0;
}

static int predict(const char *filter)
{
    printf("# bank model of one block (tree variants: one level; fast: one chunk)\n");
    printf("# name kernels variant tile elem sts_instr sts_wavefronts sts_ideal sts_ways "
           "lds_instr lds_wavefronts lds_ideal lds_ways\n");
    for (int i = 0; i < swz_reduce_variant_count; ++i) {
        const swz_reduce_variant *v = swz_reduce_variants[i];
        swz_tile_cost st, ld;
        if (!swz__ex_matches(v->name, filter)) continue;
        if (v->predict(&st, &ld) != SWZ_OK) {
            printf("%s model-error\n", v->name);
            return 1;
        }
        printf("%s %s %s %d %s %llu %llu %llu %u %llu %llu %llu %u\n", v->name, v->kernels,
               v->variant, v->tile, v->elem, (unsigned long long)st.instructions,
               (unsigned long long)st.wavefronts, (unsigned long long)st.ideal, st.worst_ways,
               (unsigned long long)ld.instructions, (unsigned long long)ld.wavefronts,
               (unsigned long long)ld.ideal, ld.worst_ways);
    }
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: swz-example-reduce [--filter S] [--bench [N]] | --run NAME N | "
                    "--runs NAME:N... | --predict [S] | --list\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *filter = swz__ex_take_filter(&argc, argv);
    int i, fails = 0;
    if (argc >= 2 && strcmp(argv[1], "--list") == 0) {
        for (i = 0; i < swz_reduce_variant_count; ++i) puts(swz_reduce_variants[i]->name);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--predict") == 0) return predict(argc >= 3 ? argv[2] : filter);
    if (argc >= 2 && strcmp(argv[1], "--run") == 0) {
        const swz_reduce_variant *v;
        if (argc < 4) return usage();
        if ((v = swz_reduce_find(argv[2])) == NULL) {
            fprintf(stderr, "unknown variant %s (--list)\n", argv[2]);
            return 2;
        }
        swz__ex_need_gpu();
        return run_checked(v, atoll(argv[3]), 0, 1);
    }
    if (argc >= 2 && strcmp(argv[1], "--runs") == 0) { /* NAME:N ... */
        int bad = 0;
        swz__ex_need_gpu();
        for (i = 2; i < argc; ++i) {
            char name[128];
            long long n = 0;
            const swz_reduce_variant *v;
            if (sscanf(argv[i], "%127[^:]:%lld", name, &n) != 2 || (v = swz_reduce_find(name)) == NULL) {
                fprintf(stderr, "bad run spec %s (NAME:N)\n", argv[i]);
                return 2;
            }
            bad |= run_checked(v, n, 0, 1);
        }
        return bad;
    }
    if (argc >= 2 && strcmp(argv[1], "--bench") == 0) {
        swz__ex_need_gpu();
        return bench(argc >= 3 ? atoll(argv[2]) : (int64_t)1 << 28, filter);
    }
    if (argc != 1) return usage();
    swz__ex_need_gpu();
    for (i = 0; i < swz_reduce_variant_count; ++i)
        if (swz__ex_matches(swz_reduce_variants[i]->name, filter))
            fails += run_checked(swz_reduce_variants[i], (1 << 24) + 3, 0, 2);
    printf("%s\n", fails ? "FAILED" : "all variants correct and reproducible");
    if (fails) return 1;
    return bench((int64_t)1 << 26, filter);
}
