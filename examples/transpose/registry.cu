/* examples/transpose/registry.cu -- the transpose family's registry and record (family.h): every
 * variant that variants_u8.cu, variants_half.cu, variants_float.cu, variants_double.cu and
 * variants_v16.cu instantiate, by SWZ_TRANSPOSE_VARIANTS (transpose.h), so a listed variant that
 * is not instantiated is a link error rather than a silently untested kernel; and the family
 * record `swz_transpose_family` with its hooks (run(), the bench).  Compiled
 * for the host emulation (tests/gpu, SWZ_EMULATE: emu_registry.cpp) it is the registry of the
 * emulated variants, the benchmark's tuning candidates included, without the hooks. */
#include "transpose.cuh"

/* ---- the family's hooks (CUDA C++ only) ------------------------------------------------------
 * run(): run spec ROWS:COLS[:BATCH[:LD_IN:LD_OUT]] (leading dimensions default to COLS and ROWS;
 * matrices of a batch are packed); fills the input with random bytes, poisons the output
 * (0xFF), launches once and compares every element with the transpose of the input on the CPU.
 * The bench hooks (family.h; swz-example-transpose --bench and bench/bench_transpose) time a
 * variant beside cublasSgeam on ROWS:COLS (GB/s counts bytes read + written) and check both bit
 * for bit on the GPU first (check.cuh). */
#if defined(__CUDACC__) && !EX_TR_EMU
#include <cublas_v2.h>
#include <vector>
#include <algorithm>
#include "../family_main.h" /* CK, EX_CUBLAS */
#include "check.cuh"        /* ex_tr_fill, ex_tr_wrong: the bench's input and check on the GPU */

static uint64_t ex_tr_rng_state = 0x9E3779B97F4A7C15ull;
static void ex_tr_fill_random(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; ++i) p[i] = (unsigned char)(ex_rng_next(&ex_tr_rng_state) >> 56);
}

/* Number of elements of out (batch x cols x ld_out) that differ from the transpose of in. */
static long long ex_tr_count_wrong(const unsigned char *in, const unsigned char *out, int64_t rows,
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
static int ex_tr_run_checked(const swz_variant *v, int64_t rows, int64_t cols, int64_t batch,
                       int64_t ld_in, int64_t ld_out, int quiet)
{
    const int es = v->elem_size;
    const int64_t bs_in = rows * ld_in, bs_out = cols * ld_out;
    const size_t nin = (size_t)(batch * bs_in * es), nout = (size_t)(batch * bs_out * es);
    std::vector<unsigned char> hin(nin), hout(nout);
    unsigned char *din, *dout;
    char why[160];
    ex_tr_fill_random(hin.data(), nin);
    CK(cudaMalloc(&din, nin ? nin : 1));
    CK(cudaMalloc(&dout, nout ? nout : 1));
    if (swz_transpose_ops_of(v)->accepts &&
        swz_transpose_ops_of(v)->accepts(din, dout, rows, cols, ld_in, ld_out, batch, bs_in, bs_out, why, sizeof why) !=
            cudaSuccess) {
        /* a layout that refuses the call (TMA: pitches of whole 16-byte units) is no failure */
        if (!quiet) printf("%-34s %6lld x %-6lld batch %-3lld refused: %s\n", v->name, (long long)rows,
                           (long long)cols, (long long)batch, why);
        CK(cudaFree(din));
        CK(cudaFree(dout));
        return 0;
    }
    CK(cudaMemcpy(din, hin.data(), nin, cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0xFF, nout));
    CK(swz_transpose_ops_of(v)->launch(din, dout, rows, cols, ld_in, ld_out, batch, bs_in, bs_out, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hout.data(), dout, nout, cudaMemcpyDeviceToHost));
    CK(cudaFree(din));
    CK(cudaFree(dout));
    long long bad = ex_tr_count_wrong(hin.data(), hout.data(), rows, cols, ld_in, ld_out, batch, bs_in, bs_out, es);
    if (!quiet || bad)
        printf("%-34s %6lld x %-6lld batch %-3lld %s (%lld wrong)\n", v->name, (long long)rows,
               (long long)cols, (long long)batch, bad ? "FAILED" : "ok", bad);
    return bad != 0;
}

/* ROWS:COLS[:BATCH[:LD_IN:LD_OUT]] -> 1, or 0 when it does not parse. */
static int ex_tr_parse_spec(const char *spec, int64_t *r, int64_t *c, int64_t *b, int64_t *li, int64_t *lo)
{
    long long x[5] = {0, 0, 1, -1, -1};
    const int n = sscanf(spec, "%lld:%lld:%lld:%lld:%lld", &x[0], &x[1], &x[2], &x[3], &x[4]);
    if (!(n == 2 || n == 3 || n == 5) || x[0] < 0 || x[1] < 0 || x[2] < 0) return 0;
    *r = x[0], *c = x[1], *b = x[2];
    *li = n == 5 ? x[3] : x[1];
    *lo = n == 5 ? x[4] : x[0];
    return *li >= *c && *lo >= *r;
}

static int ex_tr_run_one(const swz_variant *v, const char *spec, int quiet)
{
    int64_t r, c, b, li, lo;
    if (!ex_tr_parse_spec(spec, &r, &c, &b, &li, &lo)) return 2;
    return ex_tr_run_checked(v, r, c, b, li, lo, quiet);
}

/* ---- the bench hooks (family.h): one ROWS x COLS matrix (row pitches LD_IN, LD_OUT when the
 * spec gives them: ROWS:COLS:1:LD_IN:LD_OUT), its peer cublasSgeam ---------------------------
 * The input (check.cuh's ex_tr_fill, on the GPU) is floats in (-1, 1) per 4-byte word (never
 * zero, never NaN: the peer computes 1 * x + 0 * y, which would change a NaN's or -0's bits)
 * for 4-byte elements, random bytes otherwise.  Peer 0 is cublasSgeam (C = A^T) for 4-byte elements; for the other element sizes,
 * which cuBLAS does not transpose, a cudaMemcpy of the same bytes stands in. */
typedef struct ex_tr_bench_problem {
    int64_t r, c, li, lo;
    int es;
    unsigned char *din, *dout;
    unsigned long long *d_wrong;
    cublasHandle_t h;
} ex_tr_bench_problem;

static void *ex_tr_b_prepare(const char *spec, const swz_variant *v)
{
    int64_t r, c, b, li, lo;
    if (!ex_tr_parse_spec(spec, &r, &c, &b, &li, &lo) || b != 1 || li < c || lo < r || r < 1 || c < 1)
        return NULL;
    ex_tr_bench_problem *p = new ex_tr_bench_problem();
    const size_t bin = (size_t)(r * li) * v->elem_size, bout = (size_t)(c * lo) * v->elem_size;
    p->r = r, p->c = c, p->li = li, p->lo = lo, p->es = v->elem_size;
    CK(cudaMalloc(&p->din, bin));
    CK(cudaMalloc(&p->dout, bout));
    CK(cudaMalloc(&p->d_wrong, sizeof(unsigned long long)));
    CK(ex_tr_fill(p->din, bin, p->es, 0x5EED0010u)); /* check.cuh: 4-byte words in (-1, 1), never 0 */
    EX_CUBLAS(cublasCreate(&p->h));
    return p;
}

static void ex_tr_b_release(void *vp)
{
    ex_tr_bench_problem *p = (ex_tr_bench_problem *)vp;
    cublasDestroy(p->h);
    CK(cudaFree(p->din));
    CK(cudaFree(p->dout));
    CK(cudaFree(p->d_wrong));
    delete p;
}

static void ex_tr_b_size(void *vp, char *cell)
{
    const ex_tr_bench_problem *p = (const ex_tr_bench_problem *)vp;
    snprintf(cell, SWZ_SPEC_MAX, "%lldx%lld", (long long)p->r, (long long)p->c);
}

static size_t ex_tr_b_copy_bytes(void *vp)
{
    const ex_tr_bench_problem *p = (const ex_tr_bench_problem *)vp;
    return (size_t)(p->r * p->c) * p->es;
}

static double ex_tr_b_work(void *vp) { return 2.0 * (double)ex_tr_b_copy_bytes(vp); } /* read + written */

static void *ex_tr_b_output(void *vp, int who, size_t *bytes)
{
    (void)who; /* the peer and the variants write the same matrix */
    const ex_tr_bench_problem *p = (const ex_tr_bench_problem *)vp;
    *bytes = (size_t)(p->c * p->lo) * p->es; /* the whole output buffer (row padding too) */
    return p->dout;
}

static int ex_tr_b_peer(void *vp, int k)
{
    ex_tr_bench_problem *p = (ex_tr_bench_problem *)vp;
    const float one = 1.0f, zero = 0.0f;
    (void)k;
    if (p->es != 4) return cudaMemcpyAsync(p->dout, p->din, ex_tr_b_copy_bytes(p), cudaMemcpyDeviceToDevice, 0) != cudaSuccess;
    /* Row-major in (r x c) is column-major in^T (c x r); out (c x r row-major) is column-major
     * r x c = op(in^T)^T.  beta = 0: B is not read, but must be a valid matrix -- pass `in`
     * (finite), not the poisoned output. */
    return cublasSgeam(p->h, CUBLAS_OP_T, CUBLAS_OP_N, (int)p->r, (int)p->c, &one, (const float *)p->din,
                       (int)p->li, &zero, (const float *)p->din, (int)p->r, (float *)p->dout,
                       (int)p->lo) != CUBLAS_STATUS_SUCCESS;
}

/* The elements of the output that are not the transpose of the input (after a launch). */
static unsigned long long ex_tr_b_wrong(ex_tr_bench_problem *p)
{
    unsigned long long w = 0;
    CK(ex_tr_wrong(p->din, p->dout, p->r, p->c, p->li, p->lo, 1, p->es, p->d_wrong, &w)); /* check.cuh */
    return w;
}

static int ex_tr_b_peer_check(void *vp, int k)
{
    ex_tr_bench_problem *p = (ex_tr_bench_problem *)vp;
    (void)k;
    if (p->es != 4) return 0; /* the stand-in copy is no transpose */
    const unsigned long long w = ex_tr_b_wrong(p);
    if (w) printf("cublasSgeam %lldx%lld: %llu elements wrong\n", (long long)p->r, (long long)p->c, w);
    return w != 0;
}

static int ex_tr_b_launch(void *vp, const swz_variant *v, int mode)
{
    ex_tr_bench_problem *p = (ex_tr_bench_problem *)vp;
    (void)mode;
    cudaError_t e = swz_transpose_ops_of(v)->launch(p->din, p->dout, p->r, p->c, p->li, p->lo, 1, 0, 0, 0);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}

static int ex_tr_b_check(void *vp, const swz_variant *v, int mode)
{
    ex_tr_bench_problem *p = (ex_tr_bench_problem *)vp;
    (void)mode;
    const unsigned long long w = ex_tr_b_wrong(p);
    if (w) printf("%s %lldx%lld: %llu elements wrong\n", v->name, (long long)p->r, (long long)p->c, w);
    return w != 0;
}

static const char *const ex_tr_bench_specs[] = {"8192:8192", "16384:16384", NULL};
static const char *const ex_tr_bench_quick[] = {"1024:1024", "2048:2048", NULL};
static const char *const ex_tr_bench_peers[] = {"cublasSgeam", NULL};
static const swz_family_bench ex_tr_bench_hooks = {
    "swz fp32 transposes vs cublasSgeam and memcpy", ex_tr_bench_specs, ex_tr_bench_quick, "float", 1, NULL,
    ex_tr_bench_peers, "cublasSgeam", 1e6, ex_tr_b_prepare, ex_tr_b_release, ex_tr_b_size, ex_tr_b_work, ex_tr_b_copy_bytes, ex_tr_b_output,
    ex_tr_b_peer, ex_tr_b_peer_check, ex_tr_b_launch, ex_tr_b_check};

#endif /* __CUDACC__ */


#define EX_TR_REF(L, T, N, TY) &swz_transpose_##L##_##T##_##N##_variant,
/* Compiled without nvcc, this is the registry of the host emulation (tests/gpu), which also
 * instantiates the benchmark's tuning candidates (variants_float.cu): they are listed here, so
 * the emulated tests check every one of them.  The library (nvcc) lists the shipped variants and
 * the TMA layout's. */
#if defined(__CUDACC__)
#define EX_TR_TUNING SWZ_TRANSPOSE_TMA_VARIANTS(EX_TR_REF)
#else
#include "tuning.h"
#define EX_TR_TREF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
#define EX_TR_TUNING SWZ_TRANSPOSE_TUNING(EX_TR_TREF)
#endif
static const swz_variant *const swz_transpose_variants[] = {SWZ_TRANSPOSE_VARIANTS(EX_TR_REF) EX_TR_TUNING NULL};
SWZ_REGISTRY_DEFINE(swz_transpose_registry, "transpose", swz_transpose_variants);

#if !defined(SWZ_EMULATE)
/* Ragged with padded leading dimensions, and a batch. */
static const char *const ex_tr_check_specs[] = {"2000:3000:1:3001:2003", "67:45:3", "1000:1037", "997:1036:1:1040:1000", NULL};
/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_transpose_pointers[] = {"in", "out", NULL};
static int ex_transpose_call(const swz_variant *v, void *const *p)
{
    /* ld 80: whole 16-byte units for every element size (the TMA variants take the call) */
    return (int)swz_transpose_ops_of(v)->launch(p[0], p[1], 64, 64, 80, 80, 1, 0, 0, 0);
}

SWZ_FAMILY_DEFINE(transpose) = {&swz_transpose_registry, "ROWS:COLS[:BATCH[:LD_IN:LD_OUT]]",
                                ex_tr_check_specs, "8192:8192", "GB/s", ex_tr_run_one, &ex_tr_bench_hooks, ex_transpose_pointers, ex_transpose_call};
#endif
