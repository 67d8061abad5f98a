/* examples/transpose/transpose.cu -- the transpose family's hooks for
 * the shared example driver (../family_main.h: --list, --predict, --run/--runs, --bench and
 * the default check of every variant).
 *
 * Run spec: ROWS:COLS[:BATCH[:LD_IN:LD_OUT]] (leading dimensions default to COLS and ROWS;
 * matrices of a batch are packed).  run() fills the input with random bytes, poisons the
 * output (0xFF), launches once and compares every element with the transpose of the input;
 * The bench hooks (family.h; --bench here and bench/bench_transpose) time the variant beside
 * cublasSgeam on ROWS:COLS (GB/s counts bytes read + written) and check both bit for bit on the
 * GPU first.
 */
#include <cublas_v2.h>
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

/* ---- the bench hooks (family.h): one ROWS x COLS matrix, its peer cublasSgeam ------------
 * The input is random floats in [-1, 1) (never zero, never NaN: the peer computes
 * 1 * x + 0 * y, which would change a NaN's or -0's bits) for 4-byte elements, random bytes
 * otherwise.  Peer 0 is cublasSgeam (C = A^T) for 4-byte elements; for the other element sizes,
 * which cuBLAS does not transpose, a cudaMemcpy of the same bytes stands in. */
typedef struct bench_problem {
    int64_t r, c;
    int es;
    unsigned char *din, *dout;
    unsigned long long *d_wrong;
    cublasHandle_t h;
} bench_problem;

/* Count the elements (es bytes) where out (c x r) is not the transpose of in (r x c), bitwise. */
__global__ void transpose_wrong_kernel(const unsigned char *in, const unsigned char *out, int64_t r,
                                       int64_t c, int es, unsigned long long *wrong)
{
    unsigned long long bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < r * c;
         i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t row = i / c, col = i % c;
        const unsigned char *a = in + i * es, *b = out + (col * r + row) * es;
        if (es % 4 == 0) {
            for (int k = 0; k < es; k += 4) bad += *(const uint32_t *)(a + k) != *(const uint32_t *)(b + k);
        } else {
            for (int k = 0; k < es; ++k) bad += a[k] != b[k];
        }
    }
    for (int o = 16; o > 0; o >>= 1) bad += __shfl_down_sync(0xFFFFFFFFu, bad, o);
    if ((threadIdx.x & 31) == 0 && bad) atomicAdd(wrong, bad);
}

static void *b_prepare(const char *spec, const swz_variant *v)
{
    int64_t r, c, b, li, lo;
    if (!parse_spec(spec, &r, &c, &b, &li, &lo) || b != 1 || li != c || lo != r || r < 1 || c < 1)
        return NULL;
    bench_problem *p = new bench_problem();
    const size_t bytes = (size_t)(r * c) * v->elem_size;
    std::vector<unsigned char> h(bytes);
    p->r = r, p->c = c, p->es = v->elem_size;
    fill_random(h.data(), bytes);
    if (p->es == 4)
        for (size_t i = 0; i < bytes / 4; ++i) { /* 23 random bits: in [-1, 1), never 0 */
            uint32_t x;
            memcpy(&x, &h[i * 4], 4);
            const float f = (float)((double)(x >> 9 | 1) / 4194304.0 - 1.0);
            memcpy(&h[i * 4], &f, 4);
        }
    CK(cudaMalloc(&p->din, bytes));
    CK(cudaMalloc(&p->dout, bytes));
    CK(cudaMalloc(&p->d_wrong, sizeof(unsigned long long)));
    CK(cudaMemcpy(p->din, h.data(), bytes, cudaMemcpyHostToDevice));
    EX_CUBLAS(cublasCreate(&p->h));
    return p;
}

static void b_release(void *vp)
{
    bench_problem *p = (bench_problem *)vp;
    cublasDestroy(p->h);
    CK(cudaFree(p->din));
    CK(cudaFree(p->dout));
    CK(cudaFree(p->d_wrong));
    delete p;
}

static void b_size(void *vp, char *cell)
{
    const bench_problem *p = (const bench_problem *)vp;
    snprintf(cell, SWZ_SPEC_MAX, "%lldx%lld", (long long)p->r, (long long)p->c);
}

static size_t b_copy_bytes(void *vp)
{
    const bench_problem *p = (const bench_problem *)vp;
    return (size_t)(p->r * p->c) * p->es;
}

static double b_work(void *vp) { return 2.0 * (double)b_copy_bytes(vp); } /* read + written */

static void *b_output(void *vp, int who, size_t *bytes)
{
    (void)who; /* the peer and the variants write the same matrix */
    *bytes = b_copy_bytes(vp);
    return ((bench_problem *)vp)->dout;
}

static int b_peer(void *vp, int k)
{
    bench_problem *p = (bench_problem *)vp;
    const float one = 1.0f, zero = 0.0f;
    (void)k;
    if (p->es != 4) return cudaMemcpyAsync(p->dout, p->din, b_copy_bytes(p), cudaMemcpyDeviceToDevice, 0) != cudaSuccess;
    /* Row-major in (r x c) is column-major in^T (c x r); out (c x r row-major) is column-major
     * r x c = op(in^T)^T.  beta = 0: B is not read, but must be a valid matrix -- pass `in`
     * (finite), not the poisoned output. */
    return cublasSgeam(p->h, CUBLAS_OP_T, CUBLAS_OP_N, (int)p->r, (int)p->c, &one, (const float *)p->din,
                       (int)p->c, &zero, (const float *)p->din, (int)p->r, (float *)p->dout,
                       (int)p->r) != CUBLAS_STATUS_SUCCESS;
}

/* The elements of the output that are not the transpose of the input (after a launch). */
static unsigned long long b_wrong(bench_problem *p)
{
    unsigned long long w = 0;
    CK(cudaMemset(p->d_wrong, 0, sizeof w));
    transpose_wrong_kernel<<<1024, 256>>>(p->din, p->dout, p->r, p->c, p->es, p->d_wrong);
    CK(cudaGetLastError());
    CK(cudaMemcpy(&w, p->d_wrong, sizeof w, cudaMemcpyDeviceToHost));
    return w;
}

static int b_peer_check(void *vp, int k)
{
    bench_problem *p = (bench_problem *)vp;
    (void)k;
    if (p->es != 4) return 0; /* the stand-in copy is no transpose */
    const unsigned long long w = b_wrong(p);
    if (w) printf("cublasSgeam %lldx%lld: %llu elements wrong\n", (long long)p->r, (long long)p->c, w);
    return w != 0;
}

static int b_launch(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    (void)mode;
    cudaError_t e = swz_transpose_ops_of(v)->launch(p->din, p->dout, p->r, p->c, p->c, p->r, 1, 0, 0, 0);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}

static int b_check(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    (void)mode;
    const unsigned long long w = b_wrong(p);
    if (w) printf("%s %lldx%lld: %llu elements wrong\n", v->name, (long long)p->r, (long long)p->c, w);
    return w != 0;
}

static const char *const bench_specs[] = {"8192:8192", "16384:16384", NULL};
static const char *const bench_quick[] = {"1024:1024", "2048:2048", NULL};
static const char *const bench_peers[] = {"cublasSgeam", NULL};
static const swz_family_bench bench_hooks = {
    "swz fp32 transposes vs cublasSgeam and memcpy", bench_specs, bench_quick, "float", 1, NULL,
    bench_peers, "cublasSgeam", 1e6, b_prepare, b_release, b_size, b_work, b_copy_bytes, b_output,
    b_peer, b_peer_check, b_launch, b_check};

/* Ragged with padded leading dimensions, and a batch. */
static const char *const check_specs[] = {"2000:3000:1:3001:2003", "67:45:3", "1000:1037", NULL};
SWZ_FAMILY_DEFINE(transpose) = {&swz_transpose_registry, "ROWS:COLS[:BATCH[:LD_IN:LD_OUT]]",
                                check_specs, "8192:8192", "GB/s", run_one, &bench_hooks};

