/* examples/gemm/gemm.cu -- swz-example-gemm: the GEMM family's hooks for the shared example
 * driver (../family_main.h: --list, --predict, --run/--runs, --bench and the default check of
 * every variant).
 *
 * What it is for
 *   Shows the family of gemm.cuh at work: the same SGEMM/DGEMM with the shared A tile stored
 *   plainly (its transposed store conflicts), padded, or XOR-swizzled, with row-major or
 *   Morton block order.
 *
 * Run spec: M:N:K[:RASTER] (RASTER 0 row-major blocks, 1 Morton).  run() computes
 *   C = 1.5*A*B - 0.5*C for row-major random data in [-1, 1) in one launch and checks 64
 *   sampled rows (the first, the last, random ones) against a double reference; time() gives
 *   the median of 20 launches (C = A*B) beside cuBLAS (pedantic fp32, or DGEMM) on the same
 *   problem, in TFLOP/s.  For ncu:
 *     ncu --clock-control none -k regex:swz_gemm_xor_128_float_kernel --metrics \
 *         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum \
 *         swz-example-gemm --run swz_gemm_xor_128_float 1408:1408:1408
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_variants.h"
#include "../family_main.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(void) /* uniform in [-1, 1) */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545F4914F6CDD1Dull) >> 40) * (2.0 / 16777216.0) - 1.0;
}

typedef struct problem {
    int64_t M, N, K;
    int es;             /* element bytes */
    void *hA, *hB, *hC; /* host copies (hC: the initial C) */
    void *dA, *dB, *dC;
} problem;

static double get(const void *p, int es, int64_t i)
{
    return es == 4 ? (double)((const float *)p)[i] : ((const double *)p)[i];
}

static void make_problem(problem *p, int64_t M, int64_t N, int64_t K, int es)
{
    size_t na = (size_t)(M * K), nb = (size_t)(K * N), nc = (size_t)(M * N);
    p->M = M; p->N = N; p->K = K; p->es = es;
    p->hA = malloc(na * es); p->hB = malloc(nb * es); p->hC = malloc(nc * es);
    if (!p->hA || !p->hB || !p->hC) { fprintf(stderr, "out of host memory\n"); exit(1); }
    for (size_t i = 0; i < na; ++i) if (es == 4) ((float *)p->hA)[i] = (float)rnd(); else ((double *)p->hA)[i] = rnd();
    for (size_t i = 0; i < nb; ++i) if (es == 4) ((float *)p->hB)[i] = (float)rnd(); else ((double *)p->hB)[i] = rnd();
    for (size_t i = 0; i < nc; ++i) if (es == 4) ((float *)p->hC)[i] = (float)rnd(); else ((double *)p->hC)[i] = rnd();
    CK(cudaMalloc(&p->dA, na * es));
    CK(cudaMalloc(&p->dB, nb * es));
    CK(cudaMalloc(&p->dC, nc * es));
    CK(cudaMemcpy(p->dA, p->hA, na * es, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(p->dB, p->hB, nb * es, cudaMemcpyHostToDevice));
}

static void free_problem(problem *p)
{
    free(p->hA); free(p->hB); free(p->hC);
    cudaFree(p->dA); cudaFree(p->dB); cudaFree(p->dC);
}

static cudaError_t launch(const swz_variant *var, problem *p, double alpha, double beta, int raster)
{
    const swz_gemm_ops *v = swz_gemm_ops_of(var);
    if (v->run_f)
        return v->run_f(p->M, p->N, p->K, (float)alpha, (const float *)p->dA, p->K, (const float *)p->dB,
                        p->N, (float)beta, (float *)p->dC, p->N, raster, 0);
    return v->run_d(p->M, p->N, p->K, alpha, (const double *)p->dA, p->K, (const double *)p->dB, p->N,
                    beta, (double *)p->dC, p->N, raster, 0);
}

/* Compare sampled rows of the device C with alpha*A*B + beta*C0 computed in double.  Per
 * element tolerance: u * (2*sqrt(K) + 4) * (|alpha| sum|a*b| + |beta c0|) with u the unit
 * roundoff of the element type (doubled for double, whose reference is no more exact). */
static int check(problem *p, double alpha, double beta, const int64_t *rows, int nrows, double *max_rel)
{
    const double u = p->es == 4 ? ldexp(1.0, -24) : ldexp(1.0, -52);
    const double g = u * (2.0 * sqrt((double)p->K) + 4.0);
    void *row = malloc((size_t)p->N * p->es);
    double *ref = (double *)malloc(sizeof(double) * p->N), *mag = (double *)malloc(sizeof(double) * p->N);
    int bad = 0;
    *max_rel = 0;
    for (int r = 0; r < nrows; ++r) {
        const int64_t i = rows[r];
        CK(cudaMemcpy(row, (char *)p->dC + (size_t)(i * p->N) * p->es, (size_t)p->N * p->es,
                      cudaMemcpyDeviceToHost));
        for (int64_t j = 0; j < p->N; ++j) ref[j] = mag[j] = 0;
        for (int64_t k = 0; k < p->K; ++k) {
            const double a = get(p->hA, p->es, i * p->K + k);
            for (int64_t j = 0; j < p->N; ++j) {
                const double b = get(p->hB, p->es, k * p->N + j);
                ref[j] += a * b;
                mag[j] += fabs(a * b);
            }
        }
        for (int64_t j = 0; j < p->N; ++j) {
            const double c0 = get(p->hC, p->es, i * p->N + j);
            const double want = alpha * ref[j] + beta * c0;
            const double tol = g * (fabs(alpha) * mag[j] + fabs(beta * c0)) + 1e-300;
            const double got = get(row, p->es, j), err = fabs(got - want);
            if (!(err <= tol)) {
                if (bad < 5) fprintf(stderr, "  C[%lld][%lld] = %.9g, want %.9g (tolerance %.3g)\n", (long long)i,
                                     (long long)j, got, want, tol);
                ++bad;
            } else if (err / tol > *max_rel) {
                *max_rel = err / tol;
            }
        }
    }
    free(row); free(ref); free(mag);
    return bad;
}

static int parse_spec(const char *spec, int64_t *M, int64_t *N, int64_t *K, int *raster)
{
    long long m = -1, n = -1, k = -1;
    int r = 0;
    const int got = sscanf(spec, "%lld:%lld:%lld:%d", &m, &n, &k, &r);
    if (got < 3 || m < 1 || n < 1 || k < 1 || r < 0 || r > 1) return 0;
    *M = m, *N = n, *K = k, *raster = r;
    return 1;
}

static int run_one(const swz_variant *v, const char *spec, int quiet)
{
    problem p;
    int64_t M, N, K, rows[64];
    int raster, bad;
    double rel;
    if (!parse_spec(spec, &M, &N, &K, &raster)) return 2;
    make_problem(&p, M, N, K, v->elem_size);
    for (int r = 0; r < 64; ++r) rows[r] = r == 0 ? 0 : r == 1 ? p.M - 1 : (int64_t)((rnd() + 1) / 2 * p.M) % p.M;
    CK(cudaMemcpy(p.dC, p.hC, (size_t)(p.M * p.N) * p.es, cudaMemcpyHostToDevice));
    CK(launch(v, &p, 1.5, -0.5, raster));
    CK(cudaDeviceSynchronize());
    bad = check(&p, 1.5, -0.5, rows, 64, &rel);
    if (!quiet || bad)
        printf("%-24s %s (%s blocks): 64 rows, err/tol %.3f %s\n", v->name, spec,
               raster ? "morton" : "row", rel, bad ? "FAILED" : "ok");
    free_problem(&p);
    return bad != 0;
}

static int time_one(const swz_variant *v, const char *spec, double *ms, double *peer_ms, double *rate)
{
    problem p;
    int64_t M, N, K;
    int raster;
    cublasHandle_t h;
    if (!parse_spec(spec, &M, &N, &K, &raster)) return 2;
    make_problem(&p, M, N, K, v->elem_size);
    CK(cudaMemset(p.dC, 0, (size_t)(p.M * p.N) * p.es));
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "cuBLAS init failed\n");
        exit(1);
    }
    *peer_ms = ex_time_ms([&] { /* row-major C = A*B is column-major C^T = B^T A^T */
        const float af = 1, bf = 0;
        const double ad = 1, bd = 0;
        cublasStatus_t st;
        if (p.es == 4)
            st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)p.N, (int)p.M, (int)p.K, &af, (const float *)p.dB,
                             (int)p.N, (const float *)p.dA, (int)p.K, &bf, (float *)p.dC, (int)p.N);
        else
            st = cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)p.N, (int)p.M, (int)p.K, &ad, (const double *)p.dB,
                             (int)p.N, (const double *)p.dA, (int)p.K, &bd, (double *)p.dC, (int)p.N);
        if (st != CUBLAS_STATUS_SUCCESS) {
            fprintf(stderr, "cuBLAS gemm failed\n");
            exit(1);
        }
    });
    *ms = ex_time_ms([&] { CK(launch(v, &p, 1.0, 0.0, raster)); });
    *rate = 2.0 * (double)p.M * (double)p.N * (double)p.K / *ms / 1e9;
    cublasDestroy(h);
    free_problem(&p);
    return 0;
}

/* Square and ragged, both block orders. */
static const char *const check_specs[] = {"1000:1000:999", "1000:1000:999:1", "2048:2048:2048",
                                          "2048:2048:2048:1", NULL};
static const swz_family family = {&swz_gemm_registry, "M:N:K[:RASTER]", check_specs,
                                  "4096:4096:4096", "cuBLAS (pedantic fp32 / DGEMM)", "TFLOP/s",
                                  run_one, time_one};

int main(int argc, char **argv) { return ex_family_main(&family, argc, argv); }
