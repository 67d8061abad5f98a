/* examples/transpose/transpose.cu -- swz-example-transpose: the transpose family's hooks for
 * the shared example driver (../family_main.h: --list, --predict, --run/--runs, --bench and
 * the default check of every variant).
 *
 * Run spec: ROWS:COLS[:BATCH[:LD_IN:LD_OUT]] (leading dimensions default to COLS and ROWS;
 * matrices of a batch are packed).  run() fills the input with random bytes, poisons the
 * output (0xFF), launches once and compares every element with the transpose of the input;
 * time() times the variant and cudaMemcpy of the same bytes (GB/s counts bytes read + written).
 */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <algorithm>

#include "transpose.h"
#include "../family_main.h"

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
static int run_checked(const swz_variant *v, int64_t rows, int64_t cols, int64_t batch,
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
    CK(swz_transpose_ops_of(v)->launch(din, dout, rows, cols, ld_in, ld_out, batch, bs_in, bs_out, 0));
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

/* ROWS:COLS[:BATCH[:LD_IN:LD_OUT]] -> 1, or 0 when it does not parse. */
static int parse_spec(const char *spec, int64_t *r, int64_t *c, int64_t *b, int64_t *li, int64_t *lo)
{
    long long x[5] = {0, 0, 1, -1, -1};
    const int n = sscanf(spec, "%lld:%lld:%lld:%lld:%lld", &x[0], &x[1], &x[2], &x[3], &x[4]);
    if (!(n == 2 || n == 3 || n == 5) || x[0] < 0 || x[1] < 0 || x[2] < 0) return 0;
    *r = x[0], *c = x[1], *b = x[2];
    *li = n == 5 ? x[3] : x[1];
    *lo = n == 5 ? x[4] : x[0];
    return *li >= *c && *lo >= *r;
}

static int run_one(const swz_variant *v, const char *spec, int quiet)
{
    int64_t r, c, b, li, lo;
    if (!parse_spec(spec, &r, &c, &b, &li, &lo)) return 2;
    return run_checked(v, r, c, b, li, lo, quiet);
}

static int time_one(const swz_variant *v, const char *spec, double *ms, double *peer_ms, double *rate)
{
    int64_t r, c, b, li, lo;
    unsigned char *din, *dout;
    if (!parse_spec(spec, &r, &c, &b, &li, &lo) || b != 1 || li != c || lo != r) return 2;
    const size_t bytes = (size_t)r * c * v->elem_size;
    CK(cudaMalloc(&din, bytes ? bytes : 1));
    CK(cudaMalloc(&dout, bytes ? bytes : 1));
    CK(cudaMemset(din, 0x5A, bytes));
    *peer_ms = ex_time_ms([&] { CK(cudaMemcpyAsync(dout, din, bytes, cudaMemcpyDeviceToDevice, 0)); });
    *ms = ex_time_ms([&] { CK(swz_transpose_ops_of(v)->launch(din, dout, r, c, c, r, 1, 0, 0, 0)); });
    *rate = 2e-6 * (double)bytes / *ms;
    CK(cudaFree(din));
    CK(cudaFree(dout));
    return 0;
}

/* Ragged with padded leading dimensions, and a batch. */
static const char *const check_specs[] = {"2000:3000:1:3001:2003", "67:45:3", "1000:1037", NULL};
static const swz_family family = {&swz_transpose_registry, "ROWS:COLS[:BATCH[:LD_IN:LD_OUT]]",
                                  check_specs, "8192:8192", "cudaMemcpy", "GB/s", run_one,
                                  time_one};

int main(int argc, char **argv) { return ex_family_main(&family, argc, argv); }
