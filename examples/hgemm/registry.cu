/* examples/hgemm/registry.cu -- the hgemm family's registry and record (family.h): every
 * variant instantiated by variants_none.cu, variants_pad.cu and variants_xor.cu (hgemm.cuh).
 * The set, SWZ_HGEMM_VARIANTS (hgemm.h): SWZ_HGEMM_LAYOUT NONE, PAD, XOR x SWZ_HGEMM_ELEM fp16,
 * bf16 at the same knobs (SWZ_HGEMM_TILE 128, SWZ_HGEMM_TILE_N 256, SWZ_HGEMM_TILE_K 32, 4 stages,
 * 8 warps of 64 x 64), so the bench shows the cost of the conflict.  The tuning candidates are
 * bench-only (tuning.h). */
#include "hgemm.cuh"

/* ---------------- the family's hooks (once): CPU reference, run(), bench ----------------
 */
#include <cublas_v2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include "../family_main.h" /* CK, EX_CUBLAS */

/* Input values: element idx of operand `which` (0 A, 1 B, 2 C) is a hash of (seed, which,
 * idx) mapped to [-1, 1) and rounded to the type -- the same function on the host and the
 * device, so a bench problem is filled on the GPU and its sampled reference needs no copy. */
SWZ_FN float ex_hg_value(uint64_t seed, int which, uint64_t idx)
{
    uint64_t x = seed ^ ((uint64_t)which << 56) ^ (idx * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 32;
    return (float)((double)(x >> 40) * (2.0 / 16777216.0) - 1.0);
}
SWZ_FN uint16_t ex_hg_bits(float f, int bf16)
{
    if (bf16) {
        const __nv_bfloat16 h = __float2bfloat16_rn(f);
        uint16_t b;
        memcpy(&b, &h, 2);
        return b;
    }
    const __half h = __float2half_rn(f);
    uint16_t b;
    memcpy(&b, &h, 2);
    return b;
}
SWZ_FN double ex_hg_val16(uint16_t b, int bf16)
{
    if (bf16) {
        const uint32_t u = (uint32_t)b << 16;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    __half_raw raw;
    raw.x = b;
    return (double)__half2float(__half(raw));
}
/* element (r, c) of an R x C row-major operand with leading dimension ld as 16-bit bits */
__global__ void ex_hg_fill_kernel(uint16_t *p, int64_t rows, int64_t cols, int64_t ld, uint64_t seed, int which,
                                  int bf16, int absval)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < rows * cols; i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t r = i / cols, c = i % cols;
        const float v = ex_hg_value(seed, which, (uint64_t)i);
        p[r * ld + c] = ex_hg_bits(absval ? fabsf(v) : v, bf16);
    }
}

/* Rounding unit of the output type and the error bound (docs/design.md, hgemm, "Error bound"):
 *   |c - ref| <= (2 (K + 3) u + u_out) (|alpha| sum_k |a_ik b_kj| + |beta c_ij|) + 2^-100,
 *   u = 2^-24 (fp32), u_out 0 (fp32 C), 2^-11 (fp16), 2^-8 (bf16): every fp32 addition of the
 *   tensor core may lose up to 2u (truncation), products of 16-bit inputs are exact in fp32. */
static inline double ex_hg_tol(int64_t K, int c16, int bf16, double mag)
{
    const double u = ldexp(1.0, -24), uo = !c16 ? 0.0 : bf16 ? ldexp(1.0, -8) : ldexp(1.0, -11);
    return (2.0 * (double)(K + 3) * u + uo) * mag + ldexp(1.0, -100);
}

typedef struct ex_hg_spec {
    long long M, N, K;
    int bt, ct;   /* SWZ_HGEMM_NN/NT, SWZ_HGEMM_C_F32/C_IN */
    double alpha, beta;
} ex_hg_spec;

/* "M:N:K[:nn|nt[:f32|in[:b0]]]"; b0: beta = 0 (C poisoned: must not be read).  0 or 2. */
static inline int ex_hg_parse(const char *spec, ex_hg_spec *s)
{
    char b[8] = "nn", c[8] = "in", z[8] = "";
    s->alpha = 1.5, s->beta = -0.5;
    const int n = sscanf(spec, "%lld:%lld:%lld:%7[a-z]:%7[a-z0-9]:%7[a-z0-9]", &s->M, &s->N, &s->K, b, c, z);
    if (n < 3 || s->M < 0 || s->N < 0 || s->K < 0) return 2;
    if (strcmp(b, "nn") && strcmp(b, "nt")) return 2;
    if (strcmp(c, "in") && strcmp(c, "f32")) return 2;
    if (n == 6 && strcmp(z, "b0")) return 2;
    s->bt = strcmp(b, "nt") == 0 ? SWZ_HGEMM_NT : SWZ_HGEMM_NN;
    s->ct = strcmp(c, "f32") == 0 ? SWZ_HGEMM_C_F32 : SWZ_HGEMM_C_IN;
    if (n == 6) s->beta = 0.0;
    return 0;
}

/* run(): fill A, B (and C unless b0) with random 16-bit values, C with ldc = N + 8 whose pad
 * columns (and with b0 all of C) hold NaN poison; one launch; every element of the rows
 * checked (all rows, or 64 sampled rows when M*N*K > 2^28) against the fp64 reference within
 * ex_hg_tol, the pad columns still poison; prints ||C - ref|| / ||ref||. */
static inline int ex_hg_run(const swz_variant *v, const char *spec, int quiet)
{
    ex_hg_spec s;
    if (ex_hg_parse(spec, &s)) return 2;
    const int bf16 = swz_hgemm_ops_of(v)->bf16, c16 = s.ct == SWZ_HGEMM_C_IN;
    const int64_t M = s.M, N = s.N, K = s.K, ldc = N + 8, lda = K, ldb = s.bt == SWZ_HGEMM_NN ? N : K;
    const size_t na = (size_t)(M * K), nb = (size_t)(K * N), nc = (size_t)(M * ldc), cs = c16 ? 2 : 4;
    std::vector<uint16_t> ha(na + 1), hb(nb + 1);
    std::vector<unsigned char> hc(nc * cs + 1), out(nc * cs + 1);
    const uint64_t seed = 0x5EED0009u + (uint64_t)(M * 131 + N * 7 + K);
    for (size_t i = 0; i < na; ++i) ha[i] = ex_hg_bits(ex_hg_value(seed, 0, i), bf16);
    for (size_t i = 0; i < nb; ++i) hb[i] = ex_hg_bits(ex_hg_value(seed, 1, i), bf16);
    memset(hc.data(), 0xFF, nc * cs); /* poison: NaN in every type */
    for (int64_t r = 0; r < M && s.beta != 0.0; ++r)
        for (int64_t c = 0; c < N; ++c) {
            const float f = ex_hg_value(seed, 2, (uint64_t)(r * N + c));
            if (c16) {
                const uint16_t b = ex_hg_bits(f, bf16);
                memcpy(&hc[(size_t)(r * ldc + c) * 2], &b, 2);
            } else memcpy(&hc[(size_t)(r * ldc + c) * 4], &f, 4);
        }
    void *dA, *dB, *dC;
    CK(cudaMalloc(&dA, na * 2 + 16));
    CK(cudaMalloc(&dB, nb * 2 + 16));
    CK(cudaMalloc(&dC, nc * cs + 16));
    CK(cudaMemcpy(dA, ha.data(), na * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, hb.data(), nb * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, hc.data(), nc * cs, cudaMemcpyHostToDevice));
    cudaError_t e = swz_hgemm_ops_of(v)->launch(M, N, K, (float)s.alpha, dA, lda, dB, ldb, s.bt, (float)s.beta, dC,
                                                ldc, s.ct, 0);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("%s %s: %s FAILED\n", v->name, spec, cudaGetErrorString(e));
        cudaFree(dA), cudaFree(dB), cudaFree(dC);
        return 1;
    }
    CK(cudaMemcpy(out.data(), dC, nc * cs, cudaMemcpyDeviceToHost));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    const int sampled = (double)M * (double)N * (double)K > 268435456.0;
    const int64_t rows = sampled ? 64 : M;
    long long bad = 0, checked = 0;
    double err2 = 0, ref2 = 0, worst = 0;
    std::vector<double> arow((size_t)K + 1);
    for (int64_t ri = 0; ri < rows; ++ri) {
        const int64_t r = !sampled ? ri : ri == 0 ? 0 : ri == rows - 1 ? M - 1 : (int64_t)((uint64_t)(ri * 2654435761u) % (uint64_t)M);
        for (int64_t k = 0; k < K; ++k) arow[(size_t)k] = ex_hg_val16(ha[(size_t)(r * lda + k)], bf16);
        for (int64_t c = 0; c < ldc; ++c) {
            const unsigned char *g = &out[(size_t)(r * ldc + c) * cs];
            const double got = c16 ? ex_hg_val16((uint16_t)(g[0] | g[1] << 8), bf16) : (double)*(const float *)g;
            if (c >= N) { /* pad column: untouched poison */
                const int poisoned = c16 ? (g[0] == 0xFF && g[1] == 0xFF) : (*(const uint32_t *)g == 0xFFFFFFFFu);
                if (!poisoned && bad++ < 5) printf("%s %s: pad (%lld, %lld) written\n", v->name, spec, (long long)r, (long long)c);
                continue;
            }
            double acc = 0, mag = 0, c0 = 0;
            for (int64_t k = 0; k < K; ++k) {
                const double b = ex_hg_val16(hb[(size_t)(s.bt == SWZ_HGEMM_NN ? k * ldb + c : c * ldb + k)], bf16);
                acc += arow[(size_t)k] * b;
                mag += fabs(arow[(size_t)k] * b);
            }
            if (s.beta != 0.0) {
                const unsigned char *h0 = &hc[(size_t)(r * ldc + c) * cs];
                c0 = c16 ? ex_hg_val16((uint16_t)(h0[0] | h0[1] << 8), bf16) : (double)*(const float *)h0;
            }
            const double ref = s.alpha * acc + s.beta * c0;
            const double tol = ex_hg_tol(K, c16, bf16, fabs(s.alpha) * mag + fabs(s.beta * c0));
            const double d = fabs(got - ref);
            ++checked;
            err2 += d * d, ref2 += ref * ref;
            if (tol > 0 && d / tol > worst) worst = d / tol;
            if (!(d <= tol)) {
                if (bad < 5)
                    printf("%s %s: C(%lld, %lld) = %.8g, reference %.8g (bound %.3g)\n", v->name, spec, (long long)r,
                           (long long)c, got, ref, tol);
                ++bad;
            }
        }
    }
    if (!quiet || bad)
        printf("%-34s %-22s %lld elements%s, ||C-ref||/||ref|| %.3g, worst |err|/bound %.3f %s\n", v->name, spec,
               checked, sampled ? " (sampled rows)" : "", ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2), worst,
               bad ? "FAILED" : "ok");
    return bad ? 1 : 0;
}

/* ---- bench: C = A*B (NN), C in the input type, beside cublasGemmEx (CUBLAS_COMPUTE_32F) ---- */
typedef struct ex_hg_bench {
    int64_t M, N, K;
    int bf16;
    uint64_t seed;
    void *dA, *dB, *dC, *dP, *dAbsA, *dAbsB;
    float *dMag;                                  /* |A| |B| (fp32, by cuBLAS) */
    unsigned long long *dBad;
    cublasHandle_t h;
} ex_hg_bench;

/* cuBLAS is column-major: row-major C = A B is C^T = B^T A^T. */
static inline cublasStatus_t ex_hg_cublas(ex_hg_bench *p, const void *a, const void *b, void *c, int c16)
{
    const float one = 1.0f, zero = 0.0f;
    const cudaDataType t = p->bf16 ? CUDA_R_16BF : CUDA_R_16F;
    return cublasGemmEx(p->h, CUBLAS_OP_N, CUBLAS_OP_N, (int)p->N, (int)p->M, (int)p->K, &one, b, t, (int)p->N, a, t,
                        (int)p->K, &zero, c, c16 ? t : CUDA_R_32F, (int)p->N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

static inline void *ex_hg_b_prepare(const char *spec, const swz_variant *v)
{
    long long M, N, K;
    if (sscanf(spec, "%lld:%lld:%lld", &M, &N, &K) != 3 || M < 1 || N < 1 || K < 1) return NULL;
    ex_hg_bench *p = new ex_hg_bench();
    p->M = M, p->N = N, p->K = K, p->bf16 = swz_hgemm_ops_of(v)->bf16, p->seed = 0xBE7C4u;
    CK(cudaMalloc(&p->dA, (size_t)(M * K) * 2));
    CK(cudaMalloc(&p->dB, (size_t)(K * N) * 2));
    CK(cudaMalloc(&p->dC, (size_t)(M * N) * 2));
    CK(cudaMalloc(&p->dP, (size_t)(M * N) * 2));
    CK(cudaMalloc(&p->dAbsA, (size_t)(M * K) * 2));
    CK(cudaMalloc(&p->dAbsB, (size_t)(K * N) * 2));
    CK(cudaMalloc(&p->dMag, (size_t)(M * N) * 4));
    CK(cudaMalloc(&p->dBad, 16));
    ex_hg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dA, M, K, K, p->seed, 0, p->bf16, 0);
    ex_hg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dB, K, N, N, p->seed, 1, p->bf16, 0);
    ex_hg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dAbsA, M, K, K, p->seed, 0, p->bf16, 1);
    ex_hg_fill_kernel<<<1024, 256>>>((uint16_t *)p->dAbsB, K, N, N, p->seed, 1, p->bf16, 1);
    CK(cudaGetLastError());
    EX_CUBLAS(cublasCreate(&p->h));
    EX_CUBLAS(ex_hg_cublas(p, p->dAbsA, p->dAbsB, p->dMag, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaFree(p->dAbsA));
    CK(cudaFree(p->dAbsB));
    return p;
}
static inline void ex_hg_b_release(void *vp)
{
    ex_hg_bench *p = (ex_hg_bench *)vp;
    cublasDestroy(p->h);
    cudaFree(p->dA), cudaFree(p->dB), cudaFree(p->dC), cudaFree(p->dP), cudaFree(p->dMag), cudaFree(p->dBad);
    delete p;
}
static inline void ex_hg_b_size(void *vp, char *cell)
{
    const ex_hg_bench *p = (const ex_hg_bench *)vp;
    if (p->M == p->N && p->N == p->K) snprintf(cell, SWZ_SPEC_MAX, "%lld^3", (long long)p->M);
    else snprintf(cell, SWZ_SPEC_MAX, "%lldx%lldx%lld", (long long)p->M, (long long)p->N, (long long)p->K);
}
static inline double ex_hg_b_work(void *vp)
{
    const ex_hg_bench *p = (const ex_hg_bench *)vp;
    return 2.0 * (double)p->M * (double)p->N * (double)p->K;
}
static inline size_t ex_hg_b_copy_bytes(void *vp)
{
    const ex_hg_bench *p = (const ex_hg_bench *)vp;
    return (size_t)(p->M * p->K + p->K * p->N + p->M * p->N); /* x2 bytes, halved */
}
static inline void *ex_hg_b_output(void *vp, int who, size_t *bytes)
{
    ex_hg_bench *p = (ex_hg_bench *)vp;
    *bytes = (size_t)(p->M * p->N) * 2;
    return who >= 0 ? p->dP : p->dC;
}
static inline int ex_hg_b_peer(void *vp, int k)
{
    (void)k;
    return ex_hg_cublas((ex_hg_bench *)vp, ((ex_hg_bench *)vp)->dA, ((ex_hg_bench *)vp)->dB, ((ex_hg_bench *)vp)->dP, 1) !=
           CUBLAS_STATUS_SUCCESS;
}

/* Sampled fp64 check of 64 elements (corners and hashed positions) of a 16-bit C. */
static inline long long ex_hg_sampled(const ex_hg_bench *p, const void *dc, const char *who)
{
    long long bad = 0;
    for (int s = 0; s < 64; ++s) {
        const int64_t r = s == 0 ? 0 : s == 1 ? p->M - 1 : (int64_t)((uint64_t)(s * 2654435761u) % (uint64_t)p->M);
        const int64_t c = s == 0 ? 0 : s == 1 ? p->N - 1 : (int64_t)((uint64_t)(s * 40503u + 17u) % (uint64_t)p->N);
        double acc = 0, mag = 0;
        uint16_t g;
        for (int64_t k = 0; k < p->K; ++k) {
            const double a = ex_hg_val16(ex_hg_bits(ex_hg_value(p->seed, 0, (uint64_t)(r * p->K + k)), p->bf16), p->bf16);
            const double b = ex_hg_val16(ex_hg_bits(ex_hg_value(p->seed, 1, (uint64_t)(k * p->N + c)), p->bf16), p->bf16);
            acc += a * b, mag += fabs(a * b);
        }
        CK(cudaMemcpy(&g, (const uint16_t *)dc + r * p->N + c, 2, cudaMemcpyDeviceToHost));
        const double got = ex_hg_val16(g, p->bf16), tol = ex_hg_tol(p->K, 1, p->bf16, mag);
        if (!(fabs(got - acc) <= tol)) {
            if (bad < 3) printf("%s: C(%lld, %lld) = %.6g, reference %.6g (bound %.3g)\n", who, (long long)r, (long long)c, got, acc, tol);
            ++bad;
        }
    }
    return bad;
}
static inline int ex_hg_b_peer_check(void *vp, int k)
{
    (void)k;
    return ex_hg_sampled((const ex_hg_bench *)vp, ((const ex_hg_bench *)vp)->dP, "cublasGemmEx") != 0;
}

/* Every element against cuBLAS: |c - p| <= 2 bound(|A||B|) (both within the bound of the exact product). */
__global__ void ex_hg_compare_kernel(const uint16_t *c, const uint16_t *p, const float *mag, int64_t n, int64_t K,
                                     int bf16, unsigned long long *bad)
{
    const double u = 1.0 / 16777216.0, uo = bf16 ? 1.0 / 256.0 : 1.0 / 2048.0;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        const double x = ex_hg_val16(c[i], bf16), y = ex_hg_val16(p[i], bf16);
        const double tol = 2.0 * ((2.0 * (double)(K + 3) * u + uo) * (double)mag[i] * (1.0 + 1e-3) + 1e-30);
        if (!(fabs(x - y) <= tol)) atomicAdd(bad, 1ull);
    }
}
static inline int ex_hg_b_launch(void *vp, const swz_variant *v, int mode)
{
    ex_hg_bench *p = (ex_hg_bench *)vp;
    (void)mode;
    const cudaError_t e = swz_hgemm_ops_of(v)->launch(p->M, p->N, p->K, 1.0f, p->dA, p->K, p->dB, p->N, SWZ_HGEMM_NN,
                                                      0.0f, p->dC, p->N, SWZ_HGEMM_C_IN, 0);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}
static inline int ex_hg_b_check(void *vp, const swz_variant *v, int mode)
{
    ex_hg_bench *p = (ex_hg_bench *)vp;
    unsigned long long bad = 0;
    (void)mode;
    CK(cudaMemset(p->dBad, 0, 8));
    ex_hg_compare_kernel<<<1024, 256>>>((const uint16_t *)p->dC, (const uint16_t *)p->dP, p->dMag, p->M * p->N, p->K,
                                        p->bf16, p->dBad);
    CK(cudaMemcpy(&bad, p->dBad, 8, cudaMemcpyDeviceToHost));
    const long long sbad = ex_hg_sampled(p, p->dC, v->name);
    printf("# %-34s %llu elements off cuBLAS by more than twice the bound, %lld of 64 sampled off fp64%s\n", v->name, bad,
           sbad, bad || sbad ? " FAILED" : "");
    return bad || sbad;
}

/* The registry: every variant of SWZ_HGEMM_VARIANTS (hgemm.h), so a listed variant that is not
 * instantiated is a link error. */
#define EX_HG_REF(L, T, E) &swz_hgemm_##L##_##T##_##E##_variant,
static const swz_variant *const ex_hg_variants[] = {SWZ_HGEMM_VARIANTS(EX_HG_REF) NULL};
extern "C" {
SWZ_REGISTRY_DEFINE(swz_hgemm_registry, "hgemm", ex_hg_variants);
}

/* The check specs: ragged shapes in both B orientations and both C types, beta = 0 (C
 * poisoned, never read) on some. */
static const char *const ex_hg_checks[] = {
    "1:1:1", "127:129:65", "255:257:1000", "300:520:136:nn:f32", "64:300:8:nt:in:b0",
    "1:1:1:nt:f32", "127:129:65:nt:in", "255:257:1000:nt:f32:b0", "129:255:7:nn:in", "256:512:256:nn:f32:b0",
    "513:263:96:nt:in", "640:7640:160:nn:in", NULL};
static const char *const ex_hg_bench_specs[] = {"4096:4096:4096", "8192:8192:8192", NULL};
static const char *const ex_hg_bench_quick[] = {"2048:2048:2048", NULL};
static const char *const ex_hg_peers[] = {"cublasGemmEx", NULL};

static swz_family_bench ex_hg_make_bench(void)
{
    swz_family_bench b;
    memset(&b, 0, sizeof b);
#ifdef SWZ_FAMILY_DEFINE /* the record with a title (examples/family.h after 'one family list') */
    b.title = "swz fp16/bf16 GEMM (mma.sync m16n8k16) vs cublasGemmEx";
#endif
    b.specs = ex_hg_bench_specs;
    b.quick_specs = ex_hg_bench_quick;
    b.elem = "half";
    b.strip_elem = 0;
    b.modes = NULL;
    b.peers = ex_hg_peers;
    b.peer_label = "cublas";
    b.per_ms = 1e9;
    b.prepare = ex_hg_b_prepare;
    b.release = ex_hg_b_release;
    b.size = ex_hg_b_size;
    b.work = ex_hg_b_work;
    b.copy_bytes = ex_hg_b_copy_bytes;
    b.output = ex_hg_b_output;
    b.peer = ex_hg_b_peer;
    b.peer_check = ex_hg_b_peer_check;
    b.launch = ex_hg_b_launch;
    b.check = ex_hg_b_check;
    return b;
}
static const swz_family_bench ex_hg_bench_hooks = ex_hg_make_bench();

/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_hgemm_pointers[] = {"A", "B", "C", NULL};
static int ex_hgemm_call(const swz_variant *v, void *const *p)
{
    return (int)swz_hgemm_ops_of(v)->launch(64, 64, 64, 1.0f, p[0], 64, p[1], 64, SWZ_HGEMM_NN, 0.0f, p[2], 64,
                                            SWZ_HGEMM_C_F32, 0);
}

#ifdef SWZ_FAMILY_DEFINE
SWZ_FAMILY_DEFINE(hgemm) =
#else
extern const swz_family swz_hgemm_family;
const swz_family swz_hgemm_family =
#endif
    {&swz_hgemm_registry, "M:N:K[:nn|nt[:f32|in[:b0]]]", ex_hg_checks, "4096:4096:4096", "TFLOP/s", ex_hg_run,
     &ex_hg_bench_hooks, ex_hgemm_pointers, ex_hgemm_call};
