/* examples/gemm/gemm.cu -- swz-example-gemm: runs the GEMM variants, checks them, predicts their
 * shared-memory wavefronts with the bank model, and times them against cuBLAS.
 *
 * What it is for
 *   Shows the family of gemm.cuh at work: the same SGEMM/DGEMM with the shared A tile stored
 *   plainly (its transposed store conflicts), padded, or XOR-swizzled, with row-major or Morton
 *   block order.  Every mode prints what it ran.
 *
 * Usage
 *   swz-example-gemm                  every variant on 2048^3 and 1000x1000x999, checked against
 *                                     a CPU reference (64 sampled rows); exit 77 without a GPU
 *   swz-example-gemm --predict        the bank model's wavefronts per shared instruction of each
 *                                     variant, and the ratios ncu should measure (no GPU needed)
 *   swz-example-gemm --once M N K VARIANT [RASTER]   one launch (for ncu), e.g.
 *       ncu --clock-control none -k regex:swz_gemm_xor_128_float_kernel \
 *           --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
 *       smsp__sass_inst_executed_op_shared_ld.sum swz-example-gemm --once 4096 4096 4096 xor_128_float
 *   swz-example-gemm --bench M N K [float|double] [REPS]  medians of REPS (20) timed launches
 *                                     per variant and raster, beside cuBLAS (pedantic fp32)
 *   swz-example-gemm --list           the variant names
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swz/bank.h>
#include <swz/xor.h>

#include "gemm_variants.h"
#include "../example_util.h" /* CK */

/* ---- the bank model's prediction ------------------------------------------------------- */

typedef struct op_stats {
    int per_slice;        /* instructions per thread per K slice */
    int kind;             /* bank.h access kind (bytes, | SWZ_STORE for stores) */
    int access;           /* bytes per lane */
    double wavefronts;    /* summed over every warp of the block and every instruction */
    double ideal;
    uint32_t worst;
    int paired;           /* every instruction is a paired load (bank.h R7) */
} op_stats;

static void op_eval(const swz_gemm_variant *v, const swz_gemm_info *in, int op, op_stats *s)
{
    uint32_t addr[32];
    memset(s, 0, sizeof *s);
    s->paired = 1;
    s->per_slice = v->smem_pattern(op, -1, 0, addr, &s->kind);
    s->access = (int)swz_access_bytes(s->kind);
    for (int w = 0; w < in->threads / 32; ++w)
        for (int i = 0; i < s->per_slice; ++i) {
            swz_bank_result r;
            v->smem_pattern(op, i, w, addr, &s->kind);
            r = swz_bank_eval(addr, 0xFFFFFFFFu, s->kind);
            s->wavefronts += r.wavefronts;
            s->ideal += r.ideal;
            if (r.ways > s->worst) s->worst = r.ways;
            if (!r.paired) s->paired = 0;
        }
}

/* What the A store would cost under swz_xor_auto(TILE, E, 16) (the automatic column swizzle)
 * instead of the kernel's SWZ_XOR parameters: lane l of warp w stores element j of the vector
 * of A row w*8 + l/4 + p*threads/4, column k = (l%4)*VEC + j. */
static double auto_xor_store(const swz_gemm_info *in, uint32_t *worst)
{
    swz_xor_params x;
    const int vec = 16 / in->elem_bytes, av = 4 * in->tile / in->threads;
    double wf = 0;
    *worst = 0;
    if (swz_xor_auto((uint32_t)in->tile, (uint32_t)in->elem_bytes, 16u, &x) != SWZ_OK) return -1;
    for (int w = 0; w < in->threads / 32; ++w)
        for (int p = 0; p < av; ++p)
            for (int j = 0; j < vec; ++j) {
                uint32_t addr[32];
                swz_bank_result r;
                for (int l = 0; l < 32; ++l) {
                    uint32_t k = (uint32_t)((l % 4) * vec + j), m = (uint32_t)(w * 8 + l / 4 + p * in->threads / 4);
                    addr[l] = swz_xor_2d(x, (uint32_t)in->tile, k, m) * (uint32_t)in->elem_bytes;
                }
                r = swz_bank_eval(addr, 0xFFFFFFFFu, in->elem_bytes | SWZ_STORE);
                wf += r.wavefronts;
                if (r.ways > *worst) *worst = r.ways;
            }
    return wf / (double)((in->threads / 32) * av * vec);
}

static int predict(void)
{
    static const char *opname[SWZ_GEMM_OP_COUNT] = {"A store (transposed)", "A read (along M)",
                                                      "B read (along N)", "B cp.async"};
    printf("Bank model (swz/bank.h) for each shared-memory instruction of each variant, averaged\n"
           "over every warp of a block and every instruction of a K slice.  The epilogue does not\n"
           "use shared memory, so these ratios are those of the whole kernel:\n"
           "  ncu ld = l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum / smsp__sass_inst_executed_op_shared_ld.sum\n"
           "  ncu st = l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum / smsp__sass_inst_executed_op_shared_st.sum\n"
           "(st: STS only; the cp.async of B is LDGSTS, listed apart.)\n");
    for (int i = 0; i < swz_gemm_variant_count; ++i) {
        const swz_gemm_variant *v = &swz_gemm_variants[i];
        swz_gemm_info in;
        op_stats s[SWZ_GEMM_OP_COUNT];
        double ld_wf = 0, ld_n = 0;
        v->info(&in);
        printf("\n%s: %d threads, %dx%d outputs per thread, BK %d, A tile %d x %d (row stride %d",
               in.name, in.threads, in.tm, in.tn, in.bk, in.bk, in.tile, in.a_ld);
        if (in.layout == SWZ_GEMM_LAYOUT_XOR)
            printf(", SWZ_XOR(%d, %d, %d)", in.xor_b, in.xor_m, in.xor_s);
        printf("), %u B shared\n", in.smem_bytes);
        printf("  %-22s %8s %6s %12s %7s %5s %6s\n", "instruction", "/slice", "bytes", "wavefronts", "ideal",
               "ways", "paired");
        for (int op = 0; op < SWZ_GEMM_OP_COUNT; ++op) {
            double n;
            op_eval(v, &in, op, &s[op]);
            n = (double)s[op].per_slice * (in.threads / 32);
            printf("  %-22s %8d %6d %12.2f %7.2f %5u %6s\n", opname[op], s[op].per_slice, s[op].access,
                   s[op].wavefronts / n, s[op].ideal / n, s[op].worst,
                   s[op].kind & SWZ_STORE ? "-" : s[op].paired ? "yes" : "no");
            if (op == SWZ_GEMM_OP_A_READ || op == SWZ_GEMM_OP_B_READ) {
                ld_wf += s[op].wavefronts;
                ld_n += n;
            }
        }
        {
            const double nst = (double)s[SWZ_GEMM_OP_A_STORE].per_slice * (in.threads / 32);
            const double ncp = (double)s[SWZ_GEMM_OP_B_STORE].per_slice * (in.threads / 32);
            printf("  predicted ncu ld %.2f, st %.2f wavefronts/instruction (%.2f if LDGSTS counts as st)\n",
                   ld_wf / ld_n, s[SWZ_GEMM_OP_A_STORE].wavefronts / nst,
                   (s[SWZ_GEMM_OP_A_STORE].wavefronts + s[SWZ_GEMM_OP_B_STORE].wavefronts) / (nst + ncp));
        }
        if (in.layout == SWZ_GEMM_LAYOUT_XOR) {
            uint32_t worst;
            double a = auto_xor_store(&in, &worst);
            printf("  (with swz_xor_auto(%d, %d, 16) instead: A store %.2f wavefronts, %u-way)\n", in.tile,
                   in.elem_bytes, a, worst);
        }
    }
    printf("\n'paired': every quad of lanes reads in pairs (A: lanes n and n^1, B: n and n^2 read the\n"
           "same 16 bytes), so the model serves the 16-byte read in 2 half-warp phases instead of 4\n"
           "quarter-warp ones (bank.h rule R7, measured on the H200).  Stores never pair ('-').\n");
    return 0;
}

/* ---- data, reference, checks ------------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(void) /* uniform in [-1, 1) */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545F4914F6CDD1Dull) >> 40) * (2.0 / 16777216.0) - 1.0;
}

static int have_gpu(void)
{
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
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

static cudaError_t launch(const swz_gemm_variant *v, problem *p, double alpha, double beta, int raster)
{
    if (v->run_f)
        return v->run_f(p->M, p->N, p->K, (float)alpha, (const float *)p->dA, p->K, (const float *)p->dB,
                        p->N, (float)beta, (float *)p->dC, p->N, raster, 0);
    return v->run_d(p->M, p->N, p->K, alpha, (const double *)p->dA, p->K, (const double *)p->dB, p->N,
                    beta, (double *)p->dC, p->N, raster, 0);
}

/* Median time (ms) of reps launches after one warm-up. */
static double time_variant(const swz_gemm_variant *v, problem *p, double alpha, double beta, int raster,
                           int reps)
{
    cudaEvent_t a, b;
    float *t = (float *)malloc(sizeof(float) * reps);
    double med;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    CK(launch(v, p, alpha, beta, raster));
    for (int r = 0; r < reps; ++r) {
        CK(cudaEventRecord(a));
        CK(launch(v, p, alpha, beta, raster));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&t[r], a, b));
    }
    for (int i = 1; i < reps; ++i) /* insertion sort */
        for (int j = i; j > 0 && t[j] < t[j - 1]; --j) { float x = t[j]; t[j] = t[j - 1]; t[j - 1] = x; }
    med = t[reps / 2];
    free(t);
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return med;
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

static int run_all(void)
{
    const int64_t shapes[2][3] = {{2048, 2048, 2048}, {1000, 1000, 999}};
    int failed = 0;
    if (!have_gpu()) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    printf("C = 1.5*A*B - 0.5*C, row-major, random data in [-1, 1); 64 sampled rows checked against\n"
           "a double reference; 'err/tol' is the largest error over its tolerance (must be <= 1).\n");
    for (int es = 4; es <= 8; es += 4)
        for (int s = 0; s < 2; ++s) {
            problem p;
            int64_t rows[64];
            make_problem(&p, shapes[s][0], shapes[s][1], shapes[s][2], es);
            for (int r = 0; r < 64; ++r) rows[r] = r == 0 ? 0 : r == 1 ? p.M - 1 : (int64_t)((rnd() + 1) / 2 * p.M) % p.M;
            printf("\n%s %lld x %lld x %lld\n", es == 4 ? "float" : "double", (long long)p.M, (long long)p.N,
                   (long long)p.K);
            for (int i = 0; i < swz_gemm_variant_count; ++i) {
                const swz_gemm_variant *v = &swz_gemm_variants[i];
                swz_gemm_info in;
                v->info(&in);
                if (in.elem_bytes != es) continue;
                for (int raster = 0; raster < 2; ++raster) {
                    double ms, rel;
                    int bad;
                    CK(cudaMemcpy(p.dC, p.hC, (size_t)(p.M * p.N) * es, cudaMemcpyHostToDevice));
                    CK(launch(v, &p, 1.5, -0.5, raster));
                    CK(cudaDeviceSynchronize());
                    bad = check(&p, 1.5, -0.5, rows, 64, &rel);
                    ms = time_variant(v, &p, 1.0, 0.0, raster, 5);
                    printf("  %-16s %-7s %9.3f ms %8.2f TFLOP/s  err/tol %.3f  %s\n", in.name,
                           raster ? "morton" : "row", ms, 2.0 * p.M * p.N * p.K / ms / 1e9, rel,
                           bad ? "FAILED" : "ok");
                    failed += bad != 0;
                }
            }
            free_problem(&p);
        }
    printf("\n%s\n", failed ? "FAILED" : "all variants ok");
    return failed ? 1 : 0;
}

static int run_once(int argc, char **argv)
{
    problem p;
    const swz_gemm_variant *v;
    swz_gemm_info in;
    int raster = argc > 6 ? atoi(argv[6]) : 0;
    if (argc < 6 || !(v = swz_gemm_find(argv[5]))) {
        fprintf(stderr, "usage: %s --once M N K VARIANT [RASTER]  (--list shows the variants)\n", argv[0]);
        return 2;
    }
    if (!have_gpu()) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    v->info(&in);
    make_problem(&p, atoll(argv[2]), atoll(argv[3]), atoll(argv[4]), in.elem_bytes);
    CK(cudaMemcpy(p.dC, p.hC, (size_t)(p.M * p.N) * in.elem_bytes, cudaMemcpyHostToDevice));
    CK(launch(v, &p, 1.0, 0.0, raster));
    CK(cudaDeviceSynchronize());
    printf("ran swz_gemm_%s once: %lld x %lld x %lld, raster %s, kernel swz_gemm_%s_kernel\n", in.name,
           (long long)p.M, (long long)p.N, (long long)p.K, raster ? "morton" : "row", in.name);
    free_problem(&p);
    return 0;
}

static int run_bench(int argc, char **argv)
{
    problem p;
    cublasHandle_t h;
    cudaEvent_t a, b;
    int es = argc > 5 && strcmp(argv[5], "double") == 0 ? 8 : 4;
    int reps = argc > 6 ? atoi(argv[6]) : 20;
    double flops, cub_ms;
    float *t;
    if (argc < 5 || reps < 1) {
        fprintf(stderr, "usage: %s --bench M N K [float|double] [REPS]\n", argv[0]);
        return 2;
    }
    if (!have_gpu()) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    make_problem(&p, atoll(argv[2]), atoll(argv[3]), atoll(argv[4]), es);
    CK(cudaMemset(p.dC, 0, (size_t)(p.M * p.N) * es));
    flops = 2.0 * p.M * p.N * p.K;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "cuBLAS init failed\n");
        return 1;
    }
    t = (float *)malloc(sizeof(float) * reps);
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int r = -1; r < reps; ++r) { /* row-major C = A*B is column-major C^T = B^T A^T */
        const float af = 1, bf = 0;
        const double ad = 1, bd = 0;
        cublasStatus_t st;
        CK(cudaEventRecord(a));
        if (es == 4)
            st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)p.N, (int)p.M, (int)p.K, &af, (const float *)p.dB,
                             (int)p.N, (const float *)p.dA, (int)p.K, &bf, (float *)p.dC, (int)p.N);
        else
            st = cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int)p.N, (int)p.M, (int)p.K, &ad, (const double *)p.dB,
                             (int)p.N, (const double *)p.dA, (int)p.K, &bd, (double *)p.dC, (int)p.N);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        if (st != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "cuBLAS gemm failed\n"); return 1; }
        if (r >= 0) CK(cudaEventElapsedTime(&t[r], a, b));
    }
    for (int i = 1; i < reps; ++i)
        for (int j = i; j > 0 && t[j] < t[j - 1]; --j) { float x = t[j]; t[j] = t[j - 1]; t[j - 1] = x; }
    cub_ms = t[reps / 2];
    printf("%s %lld x %lld x %lld, median of %d launches\n", es == 4 ? "float" : "double", (long long)p.M,
           (long long)p.N, (long long)p.K, reps);
    printf("  %-24s %9.3f ms %8.2f TFLOP/s\n", es == 4 ? "cublasSgemm (pedantic)" : "cublasDgemm", cub_ms,
           flops / cub_ms / 1e9);
    for (int i = 0; i < swz_gemm_variant_count; ++i) {
        const swz_gemm_variant *v = &swz_gemm_variants[i];
        swz_gemm_info in;
        v->info(&in);
        if (in.elem_bytes != es) continue;
        for (int raster = 0; raster < 2; ++raster) {
            double ms = time_variant(v, &p, 1.0, 0.0, raster, reps);
            printf("  %-16s %-7s %9.3f ms %8.2f TFLOP/s  %.3fx cuBLAS\n", in.name, raster ? "morton" : "row", ms,
                   flops / ms / 1e9, cub_ms / ms);
        }
    }
    cublasDestroy(h);
    free(t);
    free_problem(&p);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--predict") == 0) return predict();
    if (argc > 1 && strcmp(argv[1], "--once") == 0) return run_once(argc, argv);
    if (argc > 1 && strcmp(argv[1], "--bench") == 0) return run_bench(argc, argv);
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
        for (int i = 0; i < swz_gemm_variant_count; ++i) puts(swz_gemm_variants[i].name);
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: %s [--predict | --list | --once M N K VARIANT [RASTER] | --bench M N K "
                        "[float|double] [REPS]]\n", argv[0]);
        return 2;
    }
    return run_all();
}
