/* examples/gemm/registry.cu -- the GEMM family's registry (every variant of SWZ_GEMM_VARIANTS,
 * gemm.h: a listed variant that is not instantiated is a link error) and its hooks for the shared
 * example driver (../family_main.h: --list, --predict, --run/--runs, --bench and the default check of
 * every variant).
 *
 * What it is for
 *   Shows the family of gemm.cuh at work: the same SGEMM/DGEMM with the shared A tile stored
 *   plainly (its transposed store conflicts), padded, or XOR-swizzled, with row-major or
 *   Morton block order.
 *
 * Run spec: M:N:K[:RASTER] (RASTER 0 row-major blocks, 1 Morton).  run() computes
 *   C = 1.5*A*B - 0.5*C for row-major random data in [-1, 1) in one launch and checks 64
 *   sampled rows (the first, the last, random ones) against a double reference; the bench hooks
 *   (family.h; --bench here and bench/bench_gemm) time C = A*B beside cuBLAS (pedantic fp32, or
 *   DGEMM) on the same problem, in TFLOP/s, each result checked first.  For ncu:
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

#include "gemm.h"
#include "../family_main.h"

#define EX_GEMM_REF(L, T, E) &SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _variant),
static const swz_variant *const swz_gemm_variants[] = {SWZ_GEMM_VARIANTS(EX_GEMM_REF) NULL};
SWZ_REGISTRY_DEFINE(swz_gemm_registry, "gemm", swz_gemm_variants);

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(void) /* uniform in [-1, 1) */
{
    return (double)(ex_rng_next(&rng_state) >> 40) * (2.0 / 16777216.0) - 1.0;
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

/* Compare sampled rows of the device C (dC) with alpha*A*B + beta*C0 computed in double.  Per
 * element tolerance: u * (2*sqrt(K) + 4) * (|alpha| sum|a*b| + |beta c0|) with u the unit
 * roundoff of the element type (doubled for double, whose reference is no more exact). */
static int check(problem *p, const void *dC, double alpha, double beta, const int64_t *rows, int nrows,
                 double *max_rel)
{
    const double u = p->es == 4 ? ldexp(1.0, -24) : ldexp(1.0, -52);
    const double g = u * (2.0 * sqrt((double)p->K) + 4.0);
    void *row = malloc((size_t)p->N * p->es);
    double *ref = (double *)malloc(sizeof(double) * p->N), *mag = (double *)malloc(sizeof(double) * p->N);
    int bad = 0;
    *max_rel = 0;
    for (int r = 0; r < nrows; ++r) {
        const int64_t i = rows[r];
        CK(cudaMemcpy(row, (const char *)dC + (size_t)(i * p->N) * p->es, (size_t)p->N * p->es,
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
    bad = check(&p, p.dC, 1.5, -0.5, rows, 64, &rel);
    if (!quiet || bad)
        printf("%-24s %s (%s blocks): 64 rows, err/tol %.3f %s\n", v->name, spec,
               raster ? "morton" : "row", rel, bad ? "FAILED" : "ok");
    free_problem(&p);
    return bad != 0;
}

/* ---- the bench hooks (family.h): C = A*B (alpha 1, beta 0), its peers cuBLAS --------------
 * Peer 0 is cuBLAS with CUBLAS_PEDANTIC_MATH (plain FMA, no TF32; SGEMM or DGEMM) into Cref,
 * peer 1 the same with CUBLAS_DEFAULT_MATH (for information) into C; both checked on 8 sampled
 * rows against the CPU reference of check().  A variant is checked against Cref over the whole
 * matrix: ||C - Cref||_F / ||Cref||_F < 5e-5 (fp32 products of length 8192 in different orders
 * differ by about 3e-6 on random [-1, 1) data, a TF32 product by about 3e-4) and every element
 * finite. */
typedef struct bench_problem {
    problem q;
    int raster; /* the spec's */
    int math;   /* the handle's math mode now (-1: not set) */
    void *dCref;
    double *d_acc;
    unsigned long long *d_bad;
    cublasHandle_t h;
} bench_problem;

/* sum (c - r)^2 and sum r^2 in double, and a count of non-finite c, over n elements. */
template <class T>
__global__ void gemm_diff_kernel(const T *c, const T *r, size_t n, double *acc, unsigned long long *bad)
{
    double d2 = 0.0, r2 = 0.0;
    unsigned long long nb = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        const double cv = c[i], rv = r[i];
        if (!isfinite(cv)) ++nb;
        d2 += (cv - rv) * (cv - rv);
        r2 += rv * rv;
    }
    for (int o = 16; o > 0; o >>= 1) {
        d2 += __shfl_down_sync(0xFFFFFFFFu, d2, o);
        r2 += __shfl_down_sync(0xFFFFFFFFu, r2, o);
        nb += __shfl_down_sync(0xFFFFFFFFu, nb, o);
    }
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&acc[0], d2);
        atomicAdd(&acc[1], r2);
        atomicAdd(bad, nb);
    }
}

static void *b_prepare(const char *spec, const swz_variant *v)
{
    int64_t M, N, K;
    int raster;
    if (!parse_spec(spec, &M, &N, &K, &raster)) return NULL;
    bench_problem *p = new bench_problem();
    make_problem(&p->q, M, N, K, v->elem_size);
    p->raster = raster;
    p->math = -1;
    CK(cudaMalloc(&p->dCref, (size_t)(M * N) * p->q.es));
    CK(cudaMalloc(&p->d_acc, 2 * sizeof(double)));
    CK(cudaMalloc(&p->d_bad, sizeof(unsigned long long)));
    EX_CUBLAS(cublasCreate(&p->h));
    return p;
}

static void b_release(void *vp)
{
    bench_problem *p = (bench_problem *)vp;
    cublasDestroy(p->h);
    CK(cudaFree(p->dCref));
    CK(cudaFree(p->d_acc));
    CK(cudaFree(p->d_bad));
    free_problem(&p->q);
    delete p;
}

static void b_size(void *vp, char *cell)
{
    const problem *q = &((bench_problem *)vp)->q;
    if (q->M == q->N && q->N == q->K) snprintf(cell, SWZ_SPEC_MAX, "%lld^3", (long long)q->M);
    else snprintf(cell, SWZ_SPEC_MAX, "%lldx%lldx%lld", (long long)q->M, (long long)q->N, (long long)q->K);
}

static double b_work(void *vp)
{
    const problem *q = &((bench_problem *)vp)->q;
    return 2.0 * (double)q->M * (double)q->N * (double)q->K;
}

/* A and B read, C written; the ceiling copies half of it. */
static size_t b_copy_bytes(void *vp)
{
    const problem *q = &((bench_problem *)vp)->q;
    return (size_t)(q->M * q->K + q->K * q->N + q->M * q->N) * q->es / 2;
}

static void *b_output(void *vp, int who, size_t *bytes)
{
    bench_problem *p = (bench_problem *)vp;
    *bytes = (size_t)(p->q.M * p->q.N) * p->q.es;
    return who == 0 ? p->dCref : p->q.dC;
}

static int b_peer(void *vp, int k)
{
    bench_problem *p = (bench_problem *)vp;
    problem *q = &p->q;
    const float af = 1, bf = 0;
    const double ad = 1, bd = 0;
    void *out = k == 0 ? p->dCref : q->dC;
    cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
    if (p->math != k) {
        st = cublasSetMathMode(p->h, k == 0 ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH);
        p->math = k;
    }
    /* row-major C = A*B is column-major C^T = B^T A^T: swap the operands */
    if (st == CUBLAS_STATUS_SUCCESS && q->es == 4)
        st = cublasSgemm(p->h, CUBLAS_OP_N, CUBLAS_OP_N, (int)q->N, (int)q->M, (int)q->K, &af, (const float *)q->dB,
                         (int)q->N, (const float *)q->dA, (int)q->K, &bf, (float *)out, (int)q->N);
    else if (st == CUBLAS_STATUS_SUCCESS)
        st = cublasDgemm(p->h, CUBLAS_OP_N, CUBLAS_OP_N, (int)q->N, (int)q->M, (int)q->K, &ad, (const double *)q->dB,
                         (int)q->N, (const double *)q->dA, (int)q->K, &bd, (double *)out, (int)q->N);
    if (st != CUBLAS_STATUS_SUCCESS) fprintf(stderr, "cuBLAS gemm: status %d\n", (int)st);
    return st != CUBLAS_STATUS_SUCCESS;
}

static int b_peer_check(void *vp, int k)
{
    bench_problem *p = (bench_problem *)vp;
    int64_t rows[8];
    double rel;
    for (int r = 0; r < 8; ++r) rows[r] = r == 0 ? 0 : r == 1 ? p->q.M - 1 : (int64_t)((rnd() + 1) / 2 * p->q.M) % p->q.M;
    const int bad = check(&p->q, k == 0 ? p->dCref : p->q.dC, 1.0, 0.0, rows, 8, &rel);
    if (bad) printf("cuBLAS (%s math): %d elements of 8 rows differ from the CPU reference\n",
                    k == 0 ? "pedantic" : "default", bad);
    return bad != 0;
}

static int b_launch(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    cudaError_t e = launch(v, &p->q, 1.0, 0.0, mode >= 0 ? mode : p->raster);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}

static int b_check(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    const size_t n = (size_t)(p->q.M * p->q.N);
    double acc[2];
    unsigned long long bad = 0;
    CK(cudaMemset(p->d_acc, 0, 2 * sizeof(double)));
    CK(cudaMemset(p->d_bad, 0, sizeof bad));
    if (p->q.es == 4)
        gemm_diff_kernel<<<1024, 256>>>((const float *)p->q.dC, (const float *)p->dCref, n, p->d_acc, p->d_bad);
    else
        gemm_diff_kernel<<<1024, 256>>>((const double *)p->q.dC, (const double *)p->dCref, n, p->d_acc, p->d_bad);
    CK(cudaGetLastError());
    CK(cudaMemcpy(acc, p->d_acc, sizeof acc, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&bad, p->d_bad, sizeof bad, cudaMemcpyDeviceToHost));
    const double rel = acc[1] > 0.0 ? sqrt(acc[0] / acc[1]) : -1.0;
    const int ok = bad == 0 && rel >= 0.0 && rel < 5e-5;
    printf("# %-28s mode %d rel.err %.2e vs cuBLAS, %llu non-finite%s\n", v->name, mode, rel, bad,
           ok ? "" : " FAILED");
    return !ok;
}

/* The bench hooks: bench/bench_gemm (bench/bench_main.cu) and --bench here.
 *   swz's SGEMM variants beside cuBLAS.
 *
 * What it measures
 *   C = A*B (row-major, fp32, alpha = 1, beta = 0) for M = N = K = 4096 and 8192 (--quick: 512
 *   and 1024), with every float variant of the swz-gemm library (examples/gemm: layouts none,
 *   pad, xor of the shared A tile; SWZ_GEMM_TILE 128 and 64; block order row-major and Morton), beside
 *     - cublasSgemm with CUBLAS_PEDANTIC_MATH: plain fp32 FMA, no TF32 -- THE PEER (ratio_peer);
 *     - cublasSgemm with CUBLAS_DEFAULT_MATH (for information; cuBLAS does not use TF32 for
 *       Sgemm unless CUBLAS_TF32_TENSOR_OP_MATH is set, so this is fp32 too);
 *     - cudaMemcpy device-to-device of the bytes the product must move (A + B read, C written),
 *       as the memory ceiling (metric GB/s; its ratio_peer is left empty).
 *   TFLOP/s = 2*M*N*K / median time (20 CUDA-event-timed launches after warm-up).
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Both cuBLAS runs against the CPU double-precision reference of the example program at 8
 *   sampled rows (the first, the last, random ones; per element
 *   |c - ref| <= 2^-24 (2 sqrt(K) + 4) sum |a*b|); every swz variant, on an output poisoned with NaN,
 *   against cuBLAS over the whole matrix: ||C - C_cublas||_F / ||C_cublas||_F < 5e-5 and every
 *   element finite.  Two fp32 products of length K = 8192 in different orders differ by about
 *   3e-6 on random [-1, 1) data; a TF32 product by about 3e-4: the bound tells them apart.
 *   Inputs are random in [-1, 1).
 *
 * Usage: bench_gemm [--out DIR] [--quick] [--reps N]  -> DIR/gemm.csv
 */
static const char *const bench_specs[] = {"4096:4096:4096", "8192:8192:8192", NULL};
static const char *const bench_quick[] = {"512:512:512", "1024:1024:1024", NULL};
static const char *const bench_modes[] = {"/row", "/morton", NULL}; /* RASTER 0, 1 */
static const char *const bench_peers[] = {"cublasSgemm_pedantic", "cublasSgemm_default", NULL};
static const swz_family_bench bench_hooks = {
    "swz SGEMM variants vs cublasSgemm (pedantic fp32)", bench_specs, bench_quick, "float", 0,
    bench_modes, bench_peers, "cublas pedantic", 1e9, b_prepare, b_release, b_size, b_work,
    b_copy_bytes, b_output, b_peer, b_peer_check, b_launch, b_check};

/* Square and ragged, both block orders. */
static const char *const check_specs[] = {"1000:1000:999", "1000:1000:999:1", "2048:2048:2048",
                                          "2048:2048:2048:1", NULL};
/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_gemm_pointers[] = {"A", "B", "C", NULL};
static int ex_gemm_call(const swz_variant *v, void *const *p)
{
    const swz_gemm_ops *o = swz_gemm_ops_of(v);
    if (o->run_f)
        return (int)o->run_f(64, 64, 64, 1.0f, (const float *)p[0], 64, (const float *)p[1], 64, 0.0f, (float *)p[2],
                             64, SWZ_GEMM_RASTER_ROW, 0);
    return (int)o->run_d(64, 64, 64, 1.0, (const double *)p[0], 64, (const double *)p[1], 64, 0.0, (double *)p[2], 64,
                         SWZ_GEMM_RASTER_ROW, 0);
}

SWZ_FAMILY_DEFINE(gemm) = {&swz_gemm_registry, "M:N:K[:RASTER]", check_specs, "4096:4096:4096",
                           "TFLOP/s", run_one, &bench_hooks, ex_gemm_pointers, ex_gemm_call};

