/* examples/transpose/transpose.cu -- swz-example-transpose: runs, checks and times the
 * transpose variants; prints the bank model's prediction for each (no GPU needed for that).
 *
 * Usage
 *   swz-example-transpose                     every variant on a ragged 2000x3000 matrix and
 *                                             a batch, checked on the CPU; then fp32 timings
 *   swz-example-transpose --bench [R C]       time every variant (default 8192x8192) against
 *                                             cudaMemcpy of the same bytes; checked
 *   swz-example-transpose --run NAME R C [B]  one checked call of one variant (for ncu:
 *                                             exactly one kernel launch)
 *   swz-example-transpose --runs NAME:R:C[:B] ...   the same for several variants in one
 *                                             process (tools/ncu-check.py: one ncu session)
 *   swz-example-transpose --predict [SUBSTR]  per variant: predicted shared wavefronts per
 *                                             instruction from include/swz/tile.h's model
 *   swz-example-transpose --list              the variant names
 *   --filter SUBSTR restricts the default and --bench runs to matching names.
 * Exit status: 0 ok, 1 a wrong result or a CUDA error, 2 bad usage, 77 no GPU (for the modes
 * that need one).
 */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <algorithm>

#include "transpose.h"
#include "../example_util.h" /* CK, swz__ex_need_gpu, swz__ex_take_filter */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static void fill_random(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        rng_state ^= rng_state >> 12;
        rng_state ^= rng_state << 25;
        rng_state ^= rng_state >> 27;
        p[i] = (unsigned char)((rng_state * 0x2545F4914F6CDD1Dull) >> 56);
    }
}

/* Number of elements of out (batch x cols x ld_out) that differ from the transpose of in. */
static long long check(const unsigned char *in, const unsigned char *out, int64_t rows,
                       int64_t cols, int64_t ld_in, int64_t ld_out, int64_t batch, int64_t bs_in,
                       int64_t bs_out, int es)
{
    long long bad = 0;
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t r0 = 0; r0 < rows; r0 += 64)
            for (int64_t c0 = 0; c0 < cols; c0 += 64)
                for (int64_t r = r0; r < std::min(rows, r0 + 64); ++r)
                    for (int64_t c = c0; c < std::min(cols, c0 + 64); ++c)
                        bad += memcmp(in + (b * bs_in + r * ld_in + c) * es,
                                      out + (b * bs_out + c * ld_out + r) * es, (size_t)es) != 0;
    return bad;
}

/* One checked call: returns 0 on success. */
static int run_checked(const swz_transpose_variant *v, int64_t rows, int64_t cols, int64_t batch,
                       int64_t ld_in, int64_t ld_out, int quiet)
{
    const int es = v->elem_size;
    const int64_t bs_in = rows * ld_in, bs_out = cols * ld_out;
    const size_t nin = (size_t)(batch * bs_in * es), nout = (size_t)(batch * bs_out * es);
    std::vector<unsigned char> hin(nin), hout(nout);
    unsigned char *din, *dout;
    fill_random(hin.data(), nin);
    CK(cudaMalloc(&din, nin ? nin : 1));
    CK(cudaMalloc(&dout, nout ? nout : 1));
    CK(cudaMemcpy(din, hin.data(), nin, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0xFF, nout));
    CK(v->launch(din, dout, rows, cols, ld_in, ld_out, batch, bs_in, bs_out, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hout.data(), dout, nout, cudaMemcpyDeviceToHost));
    CK(cudaFree(din));
    CK(cudaFree(dout));
    long long bad = check(hin.data(), hout.data(), rows, cols, ld_in, ld_out, batch, bs_in, bs_out, es);
    if (!quiet || bad)
        printf("%-34s %6lld x %-6lld batch %-3lld %s (%lld wrong)\n", v->name, (long long)rows,
               (long long)cols, (long long)batch, bad ? "FAILED" : "ok", bad);
    return bad != 0;
}

static int bench(int64_t rows, int64_t cols, const char *filter)
{
    int fails = 0, es_done[17] = {0};
    size_t max_bytes = (size_t)rows * cols * 16;
    unsigned char *din, *dout;
    CK(cudaMalloc(&din, max_bytes));
    CK(cudaMalloc(&dout, max_bytes));
    CK(cudaMemset(din, 0x5A, max_bytes));
    printf("# transpose %lld x %lld; GB/s counts bytes read + written; median of 20\n",
           (long long)rows, (long long)cols);
    printf("# %-32s %10s %10s %8s\n", "variant", "ms", "GB/s", "x memcpy");
    for (int i = 0; i < swz_transpose_variant_count; ++i) {
        const swz_transpose_variant *v = swz_transpose_variants[i];
        const size_t bytes = (size_t)rows * cols * v->elem_size;
        if (!swz__ex_matches(v->name, filter)) continue;
        if (!es_done[v->elem_size]) {
            float mc = swz__ex_time_ms([&] { CK(cudaMemcpyAsync(dout, din, bytes, cudaMemcpyDeviceToDevice, 0)); });
            printf("  %-32s %10.4f %10.1f %8.3f\n", "cudaMemcpy (same bytes)", mc, 2e-6 * bytes / mc, 1.0);
            es_done[v->elem_size] = 1;
        }
        float mc = swz__ex_time_ms([&] { CK(cudaMemcpyAsync(dout, din, bytes, cudaMemcpyDeviceToDevice, 0)); });
        float ms = swz__ex_time_ms([&] { CK(v->launch(din, dout, rows, cols, cols, rows, 1, 0, 0, 0)); });
        printf("  %-32s %10.4f %10.1f %8.3f\n", v->name, ms, 2e-6 * bytes / ms, mc / ms);
    }
    CK(cudaFree(din));
    CK(cudaFree(dout));
    /* correctness of what was timed, on a smaller ragged shape */
    for (int i = 0; i < swz_transpose_variant_count; ++i)
        if (swz__ex_matches(swz_transpose_variants[i]->name, filter))
            fails += run_checked(swz_transpose_variants[i], 1000, 1037, 1, 1037, 1000, 1);
    printf("%s\n", fails ? "FAILED" : "all timed variants checked: ok");
    return fails ? 1 : 0;
}

static int predict(const char *filter)
{
    int rc = 0;
    printf("# bank model (include/swz/tile.h) of one full block; wavefronts per instruction\n");
    printf("# name kernel layout tile elem region_rows region_cols "
           "sts_instr sts_wavefronts sts_ideal sts_ways lds_instr lds_wavefronts lds_ideal lds_ways\n");
    for (int i = 0; i < swz_transpose_variant_count; ++i) {
        const swz_transpose_variant *v = swz_transpose_variants[i];
        swz_tile_cost st, ld;
        int e;
        if (!swz__ex_matches(v->name, filter)) continue;
        e = v->predict(&st, &ld);
        if (e != SWZ_OK) {
            printf("%s model-error %d (%s)\n", v->name, e, swz_strerror(e));
            rc = 1;
            continue;
        }
        printf("%s %s %s %d %s %d %d %llu %llu %llu %u %llu %llu %llu %u\n", v->name, v->kernel,
               v->layout, v->tile, v->elem, v->region_rows, v->region_cols,
               (unsigned long long)st.instructions, (unsigned long long)st.wavefronts,
               (unsigned long long)st.ideal, st.worst_ways, (unsigned long long)ld.instructions,
               (unsigned long long)ld.wavefronts, (unsigned long long)ld.ideal, ld.worst_ways);
    }
    return rc;
}

static int usage(void)
{
    fprintf(stderr, "usage: swz-example-transpose [--filter S] [--bench [R C]] | --run NAME R C [B] | "
                    "--runs NAME:R:C[:B]... | --predict [S] | --list\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *filter = swz__ex_take_filter(&argc, argv);
    int i, fails = 0;
    if (argc >= 2 && strcmp(argv[1], "--list") == 0) {
        for (i = 0; i < swz_transpose_variant_count; ++i) puts(swz_transpose_variants[i]->name);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--predict") == 0) return predict(argc >= 3 ? argv[2] : filter);
    if (argc >= 2 && strcmp(argv[1], "--run") == 0) {
        const swz_transpose_variant *v;
        if (argc < 5) return usage();
        v = swz_transpose_find(argv[2]);
        if (v == NULL) {
            fprintf(stderr, "unknown variant %s (--list)\n", argv[2]);
            return 2;
        }
        swz__ex_need_gpu();
        {
            const int64_t r = atoll(argv[3]), c = atoll(argv[4]), b = argc >= 6 ? atoll(argv[5]) : 1;
            return run_checked(v, r, c, b, c, r, 0);
        }
    }
    if (argc >= 2 && strcmp(argv[1], "--runs") == 0) { /* NAME:ROWS:COLS[:BATCH] ... */
        int bad = 0;
        swz__ex_need_gpu();
        for (i = 2; i < argc; ++i) {
            char name[128];
            long long r = 0, c = 0, b = 1;
            const swz_transpose_variant *v;
            if (sscanf(argv[i], "%127[^:]:%lld:%lld:%lld", name, &r, &c, &b) < 3 ||
                (v = swz_transpose_find(name)) == NULL) {
                fprintf(stderr, "bad run spec %s (NAME:ROWS:COLS[:BATCH])\n", argv[i]);
                return 2;
            }
            bad |= run_checked(v, r, c, b, c, r, 0);
        }
        return bad;
    }
    if (argc >= 2 && strcmp(argv[1], "--bench") == 0) {
        swz__ex_need_gpu();
        return bench(argc >= 4 ? atoll(argv[2]) : 8192, argc >= 4 ? atoll(argv[3]) : 8192, filter);
    }
    if (argc != 1) return usage();
    swz__ex_need_gpu();
    printf("# every variant: ragged 2000 x 3000 (ld 3001 / 2003) and a batch of 3 x 67 x 45\n");
    for (i = 0; i < swz_transpose_variant_count; ++i) {
        const swz_transpose_variant *v = swz_transpose_variants[i];
        if (!swz__ex_matches(v->name, filter)) continue;
        fails += run_checked(v, 2000, 3000, 1, 3001, 2003, 1);
        fails += run_checked(v, 67, 45, 3, 45, 67, 1);
    }
    printf("%s\n", fails ? "FAILED" : "all variants correct");
    if (fails) return 1;
    return bench(4096, 4096, filter ? filter : "_float");
}
