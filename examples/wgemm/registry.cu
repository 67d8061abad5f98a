/* examples/wgemm/registry.cu -- the wgemm family's registry and record (family.h): every
 * variant that variants.cu instantiates (SWZ_WGEMM_VARIANTS, wgemm.h), and the hooks of the
 * family record (run(), the CPU reference, the bench beside cublasGemmEx). */
#include "wgemm.cuh"

/* ---- the family's hooks: CPU reference, run(), bench ------------------------------------------- */
static uint64_t ex_wg_rng = 0x5DEECE66Dull;
static inline double ex_wg_rnd(void) /* uniform in [-1, 1) */
{
    return (double)(ex_rng_next(&ex_wg_rng) >> 40) * (2.0 / 16777216.0) - 1.0;
}
static inline uint16_t ex_wg_to16(double v, int kind)
{
    return kind == EX_WG_BF16 ? __bfloat16_as_ushort(__float2bfloat16_rn((float)v)) : __half_as_ushort(__float2half_rn((float)v));
}
static inline double ex_wg_from16(uint16_t u, int kind)
{
    if (kind == EX_WG_BF16) return (double)__bfloat162float(__ushort_as_bfloat16(u));
    return (double)__half2float(__ushort_as_half(u));
}
static inline double ex_wg_out(const void *C, int kind, size_t i)
{
    return kind == EX_WG_F32 ? (double)((const float *)C)[i] : ex_wg_from16(((const uint16_t *)C)[i], kind);
}
static inline int ex_wg_out_bytes(int kind) { return kind == EX_WG_F32 ? 4 : 2; }

typedef struct ex_wg_problem {
    int64_t M, N, K, lda, ldb, ldc;
    int in_kind, out_kind, raster;
    uint16_t *hA, *hB;    /* host copies of the inputs (NULL in the bench: filled on the GPU) */
    void *dA, *dB, *dC, *dCref;
    void *dBt;            /* B as K x N (ldbt), for the SWZ_WGEMM_B_MN variants: the same matrix as dB */
    int64_t ldbt;
    cublasHandle_t h;
} ex_wg_problem;

/* Per element: |c - ref| <= u_out |ref| + 2^-22 (K + 4) sum|a b| (fp32 accumulation in any order,
 * then one rounding to SWZ_WGEMM_OUT: u_out 2^-8 for bf16, 2^-11 for fp16, 0 for fp32 beyond the sum). */
static inline int ex_wg_check_rows(const ex_wg_problem *p, const void *dC, const int64_t *rows, int nrows, int64_t ncols,
                            double *worst)
{
    const double u_out = p->out_kind == EX_WG_BF16 ? ldexp(1.0, -8) : p->out_kind == EX_WG_F16 ? ldexp(1.0, -11) : 0.0;
    const double g = ldexp(1.0, -22) * ((double)p->K + 4.0);
    const int ob = ex_wg_out_bytes(p->out_kind);
    const size_t K = (size_t)p->K;
    void *row = malloc((size_t)ncols * ob);
    uint16_t *r16 = (uint16_t *)malloc(K * 2);
    double *a = (double *)malloc(K * sizeof(double)), *b = (double *)malloc((size_t)ncols * K * sizeof(double));
    int bad = 0;
    *worst = 0;
    for (int64_t j = 0; j < ncols; ++j) { /* B's first ncols rows, as doubles */
        const uint16_t *bj = p->hB ? p->hB + j * p->ldb : r16;
        if (!p->hB) CK(cudaMemcpy(r16, (const uint16_t *)p->dB + j * p->ldb, K * 2, cudaMemcpyDeviceToHost));
        for (size_t k = 0; k < K; ++k) b[(size_t)j * K + k] = ex_wg_from16(bj[k], p->in_kind);
    }
    for (int r = 0; r < nrows; ++r) {
        const int64_t i = rows[r];
        CK(cudaMemcpy(row, (const char *)dC + (size_t)(i * p->ldc) * ob, (size_t)ncols * ob, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(r16, (const uint16_t *)p->dA + i * p->lda, K * 2, cudaMemcpyDeviceToHost));
        for (size_t k = 0; k < K; ++k) a[k] = ex_wg_from16(r16[k], p->in_kind);
        for (int64_t j = 0; j < ncols; ++j) {
            const double *bj = b + (size_t)j * K;
            double ref = 0, mag = 0;
            for (size_t k = 0; k < K; ++k) {
                ref += a[k] * bj[k];
                mag += fabs(a[k] * bj[k]);
            }
            const double got = ex_wg_out(row, p->out_kind, (size_t)j), tol = u_out * fabs(ref) + g * mag + 1e-30;
            const double err = fabs(got - ref);
            if (!(err <= tol)) {
                if (bad < 5) fprintf(stderr, "  C[%lld][%lld] = %.8g, want %.8g (tolerance %.3g)\n", (long long)i,
                                     (long long)j, got, ref, tol);
                ++bad;
            } else if (err / tol > *worst) {
                *worst = err / tol;
            }
        }
    }
    free(row);
    free(r16);
    free(a);
    free(b);
    return bad;
}

/* Device fill: element i = the 16-bit value of a hash of (seed, i), uniform in [-1, 1). */
static __device__ uint16_t ex_wg_fill_value(size_t i, uint64_t seed, int kind)
{
    uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const float v = (float)((double)(z >> 40) * (2.0 / 16777216.0) - 1.0);
    return kind == EX_WG_BF16 ? __bfloat16_as_ushort(__float2bfloat16_rn(v)) : __half_as_ushort(__float2half_rn(v));
}
/* x (rows x cols) = the fill; tr: x is the transpose (cols x rows) of that matrix. */
static __global__ void ex_wg_fill_kernel(uint16_t *x, size_t rows, size_t cols, uint64_t seed, int kind, int tr)
{
    const size_t n = rows * cols;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        x[i] = ex_wg_fill_value(tr ? (i % rows) * cols + i / rows : i, seed, kind);
}

static inline int ex_wg_parse(const char *spec, int64_t *M, int64_t *N, int64_t *K, int *raster)
{
    long long m = -1, n = -1, k = -1;
    int r = 0;
    if (sscanf(spec, "%lld:%lld:%lld:%d", &m, &n, &k, &r) < 3 || m < 1 || n < 1 || k < 1 || r < 0 || r > 2) return 0;
    *M = m, *N = n, *K = k, *raster = r;
    return 1;
}

static inline cudaError_t ex_wg_run_variant(const swz_variant *v, ex_wg_problem *p, int raster)
{
    const swz_wgemm_ops *o = swz_wgemm_ops_of(v);
    return o->launch(p->M, p->N, p->K, p->dA, p->lda, o->b_mn ? p->dBt : p->dB, o->b_mn ? p->ldbt : p->ldb, p->dC,
                     p->ldc, raster, 0);
}

/* run(): random inputs (host, fixed seed), C poisoned (NaN), one launch, every element of C
 * against the fp64 CPU product, and C's padding columns still poisoned.  Spec M:N:K[:RASTER];
 * lda = K + 8 when K % 8 == 0 (a padded leading dimension), else K (the padded-copy path);
 * ldc = N rounded up to 8, + 8. */
static inline int ex_wg_run(const swz_variant *v, const char *spec, int quiet)
{
    const swz_wgemm_ops *o = swz_wgemm_ops_of(v);
    ex_wg_problem p;
    int raster;
    memset(&p, 0, sizeof p);
    if (!ex_wg_parse(spec, &p.M, &p.N, &p.K, &raster)) return 2;
    p.in_kind = o->in_kind;
    p.out_kind = o->out_kind;
    p.lda = p.K % 8 == 0 ? p.K + 8 : p.K;
    p.ldb = p.K;
    p.ldc = (p.N + 7) / 8 * 8 + 8; /* 16-byte rows (the TMA-store epilogue takes them) and padding */
    const size_t na = (size_t)(p.M * p.lda), nb = (size_t)(p.N * p.ldb), nc = (size_t)(p.M * p.ldc);
    const int ob = ex_wg_out_bytes(p.out_kind);
    p.hA = (uint16_t *)malloc(na * 2);
    p.hB = (uint16_t *)malloc(nb * 2);
    for (size_t i = 0; i < na; ++i) p.hA[i] = ex_wg_to16(ex_wg_rnd(), p.in_kind);
    for (size_t i = 0; i < nb; ++i) p.hB[i] = ex_wg_to16(ex_wg_rnd(), p.in_kind);
    CK(cudaMalloc(&p.dA, na * 2));
    CK(cudaMalloc(&p.dB, nb * 2));
    CK(cudaMalloc(&p.dC, nc * ob));
    CK(cudaMemcpy(p.dA, p.hA, na * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(p.dB, p.hB, nb * 2, cudaMemcpyHostToDevice));
    if (o->b_mn) { /* the same B as K x N, ldbt = N (N % 8 != 0: the launcher's padded copy) */
        p.ldbt = p.N;
        uint16_t *t = (uint16_t *)malloc((size_t)(p.K * p.N) * 2);
        for (int64_t k = 0; k < p.K; ++k)
            for (int64_t j = 0; j < p.N; ++j) t[k * p.N + j] = p.hB[j * p.ldb + k];
        CK(cudaMalloc(&p.dBt, (size_t)(p.K * p.N) * 2));
        CK(cudaMemcpy(p.dBt, t, (size_t)(p.K * p.N) * 2, cudaMemcpyHostToDevice));
        free(t);
    }
    CK(cudaMemset(p.dC, 0xFF, nc * ob));
    cudaError_t e = ex_wg_run_variant(v, &p, raster);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    int bad = 1;
    double worst = 0;
    if (e != cudaSuccess) {
        fprintf(stderr, "%s %s: %s\n", v->name, spec, cudaGetErrorString(e));
    } else {
        /* every row up to 2^31 multiply-adds, else 32 rows (the first, the last, random ones) */
        const int all = (double)p.M * (double)p.N * (double)p.K <= 2147483648.0;
        const int64_t nr = all ? p.M : (p.M < 32 ? p.M : 32);
        int64_t *rows = (int64_t *)malloc(sizeof(int64_t) * nr);
        for (int64_t i = 0; i < nr; ++i)
            rows[i] = all || i == 0 ? i : i == 1 ? p.M - 1 : (int64_t)((ex_wg_rnd() + 1.0) / 2.0 * (double)p.M) % p.M;
        bad = ex_wg_check_rows(&p, p.dC, rows, (int)nr, p.N, &worst);
        /* the padding columns of C stay poisoned */
        uint16_t pad[3 * 2];
        for (int64_t i = 0; i < p.M && !bad; i += p.M > 7 ? p.M / 7 : 1) {
            CK(cudaMemcpy(pad, (const char *)p.dC + (size_t)(i * p.ldc + p.N) * ob, (size_t)3 * ob, cudaMemcpyDeviceToHost));
            for (int k = 0; k < 3 * ob / 2; ++k)
                if (pad[k] != 0xFFFF) { fprintf(stderr, "  C[%lld] padding written\n", (long long)i); bad = 1; }
        }
        free(rows);
    }
    if (!quiet || bad)
        printf("%-30s %s: %s, worst err/tol %.3f %s\n", v->name, spec,
               (double)p.M * (double)p.N * (double)p.K <= 2147483648.0 ? "every element" : "32 rows", worst,
               bad ? "FAILED" : "ok");
    free(p.hA);
    free(p.hB);
    cudaFree(p.dA);
    cudaFree(p.dB);
    cudaFree(p.dBt);
    cudaFree(p.dC);
    return bad != 0;
}

/* ---- bench hooks: C = A.B^T beside cublasGemmEx (CUBLAS_COMPUTE_32F, same types) ---------------
 * Inputs filled on the GPU (uniform [-1, 1) rounded to SWZ_WGEMM_ELEM), lda = ldb = K, ldc = N.  The
 * problem is prepared once for all variants of the bench's SWZ_WGEMM_ELEM, whatever their SWZ_WGEMM_OUT: the peer
 * writes the output type of the variant it was prepared for (the first: its row is the table's
 * peer), the variants' C buffer holds the widest SWZ_WGEMM_OUT (4 bytes), and each variant's C is read as
 * its own SWZ_WGEMM_OUT.  The peer is checked on 4 sampled rows x 64 columns against the CPU product; a
 * variant against the peer over the whole matrix (on the host): ||C - Cpeer||_F / ||Cpeer||_F
 * below the limit of the coarser of the two output types (2^-7 bf16, 2^-10 fp16, 1e-5 fp32)
 * and every element finite. */
#define EX_WG_OUT_MAX 4 /* bytes of the widest SWZ_WGEMM_OUT: the bench's C buffer holds any variant's C */
static inline void *ex_wg_prepare(const char *spec, const swz_variant *v)
{
    const swz_wgemm_ops *o = swz_wgemm_ops_of(v);
    ex_wg_problem *p = (ex_wg_problem *)calloc(1, sizeof *p);
    if (!ex_wg_parse(spec, &p->M, &p->N, &p->K, &p->raster)) { free(p); return NULL; }
    p->in_kind = o->in_kind;
    p->out_kind = o->out_kind;
    p->lda = p->ldb = p->K;
    p->ldc = p->N;
    const size_t ob = (size_t)ex_wg_out_bytes(p->out_kind);
    CK(cudaMalloc(&p->dA, (size_t)(p->M * p->K) * 2));
    CK(cudaMalloc(&p->dB, (size_t)(p->N * p->K) * 2));
    CK(cudaMalloc(&p->dC, (size_t)(p->M * p->N) * EX_WG_OUT_MAX));
    CK(cudaMalloc(&p->dCref, (size_t)(p->M * p->N) * ob));
    CK(cudaMalloc(&p->dBt, (size_t)(p->N * p->K) * 2)); /* the SWZ_WGEMM_B_MN variants' B: the same matrix as K x N */
    p->ldbt = p->N;
    ex_wg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dA, (size_t)p->M, (size_t)p->K, 1, p->in_kind, 0);
    ex_wg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dB, (size_t)p->N, (size_t)p->K, 2, p->in_kind, 0);
    ex_wg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dBt, (size_t)p->N, (size_t)p->K, 2, p->in_kind, 1);
    CK(cudaGetLastError());
    EX_CUBLAS(cublasCreate(&p->h));
    return p;
}
static inline void ex_wg_release(void *vp)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    cublasDestroy(p->h);
    cudaFree(p->dA); cudaFree(p->dB); cudaFree(p->dBt); cudaFree(p->dC); cudaFree(p->dCref);
    free(p);
}
static inline void ex_wg_size(void *vp, char *cell)
{
    const ex_wg_problem *q = (const ex_wg_problem *)vp;
    if (q->M == q->N && q->N == q->K) snprintf(cell, SWZ_SPEC_MAX, "%lld^3", (long long)q->M);
    else snprintf(cell, SWZ_SPEC_MAX, "%lldx%lldx%lld", (long long)q->M, (long long)q->N, (long long)q->K);
}
static inline double ex_wg_work(void *vp)
{
    const ex_wg_problem *q = (const ex_wg_problem *)vp;
    return 2.0 * (double)q->M * (double)q->N * (double)q->K;
}
static inline size_t ex_wg_copy_bytes(void *vp)
{
    const ex_wg_problem *q = (const ex_wg_problem *)vp;
    return (size_t)((q->M + q->N) * q->K * 2 + q->M * q->N * ex_wg_out_bytes(q->out_kind)) / 2;
}
static inline void *ex_wg_output(void *vp, int who, size_t *bytes)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    *bytes = (size_t)(p->M * p->N) * (who == 0 ? (size_t)ex_wg_out_bytes(p->out_kind) : (size_t)EX_WG_OUT_MAX);
    return who == 0 ? p->dCref : p->dC;
}
static inline int ex_wg_peer(void *vp, int k)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    const float one = 1.f, zero = 0.f;
    const cudaDataType ti = p->in_kind == EX_WG_BF16 ? CUDA_R_16BF : CUDA_R_16F;
    const cudaDataType to = p->out_kind == EX_WG_F32 ? CUDA_R_32F : p->out_kind == EX_WG_BF16 ? CUDA_R_16BF : CUDA_R_16F;
    (void)k;
    /* row-major C = A B^T is column-major C^T (N x M) = B (as K x N, transposed) . A^T (K x M) */
    cublasStatus_t st = cublasGemmEx(p->h, CUBLAS_OP_T, CUBLAS_OP_N, (int)p->N, (int)p->M, (int)p->K, &one, p->dB, ti,
                                     (int)p->ldb, p->dA, ti, (int)p->lda, &zero, p->dCref, to, (int)p->ldc,
                                     CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    if (st != CUBLAS_STATUS_SUCCESS) fprintf(stderr, "cublasGemmEx: status %d\n", (int)st);
    return st != CUBLAS_STATUS_SUCCESS;
}
static inline int ex_wg_peer_check(void *vp, int k)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    int64_t rows[4] = {0, p->M - 1, p->M / 3, (2 * p->M) / 3};
    double worst;
    (void)k;
    const int bad = ex_wg_check_rows(p, p->dCref, rows, 4, p->N < 64 ? p->N : 64, &worst);
    if (bad) printf("cublasGemmEx: %d elements of 4 rows x 64 columns differ from the CPU product\n", bad);
    return bad != 0;
}
static inline int ex_wg_blaunch(void *vp, const swz_variant *v, int mode)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    cudaError_t e = ex_wg_run_variant(v, p, mode >= 0 ? mode : p->raster);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}
/* The bench check's limit of a C of output type `kind` against an exact product. */
static inline double ex_wg_bench_lim(int kind)
{
    return kind == EX_WG_BF16 ? ldexp(1.0, -7) : kind == EX_WG_F16 ? ldexp(1.0, -10) : 1e-5;
}
static inline int ex_wg_bcheck(void *vp, const swz_variant *v, int mode)
{
    ex_wg_problem *p = (ex_wg_problem *)vp;
    const int vk = swz_wgemm_ops_of(v)->out_kind; /* this variant's SWZ_WGEMM_OUT; the peer's is p->out_kind */
    const size_t n = (size_t)(p->M * p->N), ob = (size_t)ex_wg_out_bytes(vk), rb = (size_t)ex_wg_out_bytes(p->out_kind);
    void *c = malloc(n * ob), *r = malloc(n * rb);
    CK(cudaMemcpy(c, p->dC, n * ob, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r, p->dCref, n * rb, cudaMemcpyDeviceToHost));
    double d2 = 0.0, r2 = 0.0;
    unsigned long long bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const double cv = ex_wg_out(c, vk, i), rv = ex_wg_out(r, p->out_kind, i);
        if (!isfinite(cv)) ++bad;
        d2 += (cv - rv) * (cv - rv);
        r2 += rv * rv;
    }
    free(c);
    free(r);
    const double rel = r2 > 0.0 ? sqrt(d2 / r2) : -1.0;
    const double lim = ex_wg_bench_lim(vk) > ex_wg_bench_lim(p->out_kind) ? ex_wg_bench_lim(vk) : ex_wg_bench_lim(p->out_kind);
    const int ok = bad == 0 && rel >= 0.0 && rel < lim;
    printf("# %-28s mode %d rel.err %.2e vs cublasGemmEx, %llu non-finite%s\n", v->name, mode, rel, bad, ok ? "" : " FAILED");
    return !ok;
}

static const char *const ex_wg_bench_specs[] = {"4096:4096:4096", "6144:6144:6144", "8192:8192:8192", NULL};
static const char *const ex_wg_bench_quick[] = {"1024:1024:1024", NULL};
static const char *const ex_wg_bench_peers[] = {"cublasGemmEx", NULL};
static const swz_family_bench ex_wg_bench = {
    "swz wgemm (TMA + wgmma) vs cublasGemmEx (CUBLAS_COMPUTE_32F)", ex_wg_bench_specs, ex_wg_bench_quick, "bf16",
    0, NULL, ex_wg_bench_peers, "cublasGemmEx", 1e9, ex_wg_prepare, ex_wg_release, ex_wg_size, ex_wg_work,
    ex_wg_copy_bytes, ex_wg_output, ex_wg_peer, ex_wg_peer_check, ex_wg_blaunch, ex_wg_bcheck};

/* The registry: every variant of SWZ_WGEMM_VARIANTS (wgemm.h), so a listed variant that is not
 * instantiated is a link error. */
#define EX_WG_REF(T, I, O, S) &swz_wgemm_##T##_##I##_##O##S##_variant,
static const swz_variant *const swz_wgemm_variants[] = {SWZ_WGEMM_VARIANTS(EX_WG_REF) NULL};
SWZ_REGISTRY_DEFINE(swz_wgemm_registry, "wgemm", swz_wgemm_variants);

/* Ragged in every dimension (M, N not multiples of the block, K not of 64), a K that TMA cannot
 * read in place (K % 8 != 0: the padded copy), one exact tile, and more tiles than SMs (the
 * persistent loop), in every tile order (Morton, groups of 8 and 16 tile-rows). */
static const char *const ex_wg_check_specs[] = {"1000:1000:264", "129:257:77", "128:256:64", "2048:2304:64",
                                                "2048:2304:64:1", "2048:2304:64:2", NULL};
/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_wgemm_pointers[] = {"A", "B", "C", NULL};
static int ex_wgemm_call(const swz_variant *v, void *const *p)
{
    /* lda, ldb = 65: rows of 130 bytes, which TMA cannot read in place (the launcher would copy
     * them into a padded buffer: cudaMallocAsync, the first CUDA call after the checks) */
    return (int)swz_wgemm_ops_of(v)->launch(64, 64, 64, p[0], 65, p[1], 65, p[2], 64, 0, 0);
}

SWZ_FAMILY_DEFINE(wgemm) = {&swz_wgemm_registry, "M:N:K[:RASTER]", ex_wg_check_specs, "8192:8192:8192",
                            "TFLOP/s", ex_wg_run, &ex_wg_bench, ex_wgemm_pointers, ex_wgemm_call};
