/* examples/reduce/registry.cu -- the reduction family's registry (every variant of
 * SWZ_REDUCE_VARIANTS, reduce.h: a listed variant that is not instantiated is a link error) and
 * its hooks for the shared example driver (../family_main.h: --list, --predict, --run/--runs, --bench and the default
 * check of every variant).
 *
 * Run spec: N[:REPS].  run() sums N random elements (floats in [-1, 1), or int32 over the
 * whole range) REPS times (default 1; 2: the second result must have the same bits) and
 * checks against a double (float: within the variant's error bound) or exact (i32) CPU sum.
 * The bench hooks (family.h; --bench here and bench/bench_reduce) time the variant beside
 * cub::DeviceReduce::Sum of the same elements (GB/s counts the bytes read) and check both against
 * the same CPU sums as run().
 */
#include "reduce.h"

#define EX_RD_REF(V, T, N, TY, OT) &swz_reduce_##V##_##T##_##N##_variant,
static const swz_variant *const swz_reduce_variants[] = {SWZ_REDUCE_VARIANTS(EX_RD_REF) NULL};
SWZ_REGISTRY_DEFINE(swz_reduce_registry, "reduce", swz_reduce_variants);

/* The hooks (run(), the bench): CUDA C++ only -- the host emulation (tests/gpu, SWZ_EMULATE)
 * compiles the registry alone. */
#if !defined(SWZ_EMULATE)
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
#include "../family_main.h"


static uint64_t rng_s = 0x243F6A8885A308D3ull;
static uint64_t rng(void)
{
    return ex_rng_next(&rng_s);
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

static int is_int(const swz_variant *v) { return strcmp(v->elem, "i32") == 0; }

/* The CPU reference of n elements: the exact int64 sum (i32), or the sum and sum |x| in double. */
typedef struct sums {
    int64_t exact;
    double sum, mag;
} sums;

static sums cpu_sums(const void *h, int64_t n, int ii)
{
    sums s = {0, 0.0, 0.0};
    for (int64_t i = 0; i < n; ++i) {
        if (ii) s.exact += ((const int32_t *)h)[i];
        else {
            s.sum += ((const float *)h)[i];
            s.mag += fabs(((const float *)h)[i]);
        }
    }
    return s;
}

/* 1 when the result bits `got` of v on n elements are right: exact (i32), or within
 * depth * 2^-24 / (1 - depth * 2^-24) * sum |x| (float, reduce.h); the error and the tolerance
 * in *err, *tol (0 for i32). */
static int sum_ok(const swz_variant *v, int64_t n, const unsigned char *got, const sums *ref,
                  double *err, double *tol)
{
    if (is_int(v)) {
        int64_t g;
        memcpy(&g, got, 8);
        *err = fabs((double)(g - ref->exact));
        *tol = 0;
        return g == ref->exact;
    }
    float g;
    const double u = ldexp(1.0, -24), d = swz_reduce_ops_of(v)->depth(n);
    memcpy(&g, got, 4);
    *err = fabs((double)g - ref->sum);
    *tol = d * u / (1 - d * u) * ref->mag;
    return *err <= *tol;
}

/* One checked call, or two (reps = 2: the second must give the same bits).  0 on success. */
static int run_checked(const swz_variant *v, int64_t n, int quiet, int reps)
{
    const int ii = is_int(v);
    std::vector<unsigned char> h((size_t)n * 4 + 4);
    void *din, *dout, *ws = NULL;
    size_t wsb = swz_reduce_ops_of(v)->workspace(n);
    unsigned char r1[8] = {0}, r2[8] = {0};
    double err, tol;
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
        CK(swz_reduce_ops_of(v)->launch(din, n, dout, ws, wsb, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(k ? r2 : r1, dout, (size_t)swz_reduce_ops_of(v)->out_size, cudaMemcpyDeviceToHost));
    }
    const sums ref = cpu_sums(h.data(), n, ii);
    const int reproducible = memcmp(r1, r2, 8) == 0;
    bad = !reproducible || !sum_ok(v, n, r1, &ref, &err, &tol);
    if (!quiet || bad) {
        if (ii) {
            int64_t got;
            memcpy(&got, r1, 8);
            printf("%-28s n=%-11lld sum %lld (ref %lld)%s %s\n", v->name, (long long)n,
                   (long long)got, (long long)ref.exact, reproducible ? "" : " NOT REPRODUCIBLE",
                   bad ? "FAILED" : "ok");
        } else {
            float got;
            memcpy(&got, r1, 4);
            printf("%-28s n=%-11lld sum %.9g (ref %.9g, |err| %.3g <= %.3g)%s %s\n", v->name,
                   (long long)n, got, ref.sum, err, tol, reproducible ? "" : " NOT REPRODUCIBLE",
                   bad ? "FAILED" : "ok");
        }
    }
    CK(cudaFree(din));
    CK(cudaFree(dout));
    if (ws) CK(cudaFree(ws));
    return bad;
}

static int run_one(const swz_variant *v, const char *spec, int quiet)
{
    long long n = -1;
    int reps = 1;
    if (sscanf(spec, "%lld:%d", &n, &reps) < 1 || n < 0 || reps < 1 || reps > 2) return 2;
    return run_checked(v, n, quiet, reps);
}

/* ---- the bench hooks (family.h): one problem of N elements of one type, its peer CUB ---- */
typedef struct bench_problem {
    int64_t n;
    int ii;          /* i32 elements (int64 result), else float */
    sums ref;        /* of the input */
    void *din, *dout, *ws, *cub_tmp;
    size_t wsb, cub_bytes;
} bench_problem;

/* cub::DeviceReduce::Sum of the elements into dout (temporary storage NULL: its size). */
static cudaError_t cub_sum(bench_problem *p)
{
    if (p->ii)
        return cub::DeviceReduce::Sum(p->cub_tmp, p->cub_bytes, (const int32_t *)p->din,
                                      (int64_t *)p->dout, p->n, 0);
    return cub::DeviceReduce::Sum(p->cub_tmp, p->cub_bytes, (const float *)p->din, (float *)p->dout,
                                  p->n, 0);
}

static void *b_prepare(const char *spec, const swz_variant *v)
{
    long long n = -1;
    if (sscanf(spec, "%lld", &n) != 1 || n < 1) return NULL;
    bench_problem *p = new bench_problem();
    std::vector<unsigned char> h((size_t)n * 4);
    p->n = n;
    p->ii = is_int(v);
    fill(h.data(), n, p->ii);
    p->ref = cpu_sums(h.data(), n, p->ii);
    for (int i = 0; i < swz_reduce_registry.count; ++i) /* one workspace for every variant */
        p->wsb = std::max(p->wsb, swz_reduce_ops_of(swz_reduce_registry.variants[i])->workspace(n));
    CK(cudaMalloc(&p->din, (size_t)n * 4));
    CK(cudaMalloc(&p->dout, 8));
    CK(cudaMalloc(&p->ws, p->wsb ? p->wsb : 1));
    CK(cudaMemcpy(p->din, h.data(), (size_t)n * 4, cudaMemcpyHostToDevice));
    CK(cub_sum(p)); /* its temporary storage: allocated once, outside the timing */
    CK(cudaMalloc(&p->cub_tmp, p->cub_bytes ? p->cub_bytes : 1));
    return p;
}

static void b_release(void *vp)
{
    bench_problem *p = (bench_problem *)vp;
    CK(cudaFree(p->din));
    CK(cudaFree(p->dout));
    CK(cudaFree(p->ws));
    CK(cudaFree(p->cub_tmp));
    delete p;
}

static void b_size(void *vp, char *cell)
{
    const int64_t n = ((bench_problem *)vp)->n;
    if ((n & (n - 1)) == 0) snprintf(cell, SWZ_SPEC_MAX, "2^%d", 63 - __builtin_clzll((unsigned long long)n));
    else snprintf(cell, SWZ_SPEC_MAX, "%lld", (long long)n);
}

static double b_work(void *vp) { return 4.0 * (double)((bench_problem *)vp)->n; } /* bytes read */
static size_t b_copy_bytes(void *vp) { return (size_t)((bench_problem *)vp)->n * 2; }

static void *b_output(void *vp, int who, size_t *bytes)
{
    (void)who; /* CUB and the variants write the same 8 bytes */
    *bytes = 8;
    return ((bench_problem *)vp)->dout;
}

static int b_peer(void *vp, int k)
{
    (void)k;
    return cub_sum((bench_problem *)vp) != cudaSuccess;
}

/* The result bits on the device, 8 bytes (a float result in the first 4). */
static void result_bits(const bench_problem *p, unsigned char got[8])
{
    CK(cudaMemcpy(got, p->dout, 8, cudaMemcpyDeviceToHost));
}

static int b_peer_check(void *vp, int k)
{
    bench_problem *p = (bench_problem *)vp;
    unsigned char got[8];
    (void)k;
    result_bits(p, got);
    if (p->ii) {
        int64_t g;
        memcpy(&g, got, 8);
        if (g == p->ref.exact) return 0;
        printf("cub::DeviceReduce::Sum: %lld, reference %lld\n", (long long)g, (long long)p->ref.exact);
        return 1;
    }
    float g;
    memcpy(&g, got, 4);
    if (fabs((double)g - p->ref.sum) <= 1e-5 * p->ref.mag) return 0;
    printf("cub::DeviceReduce::Sum: %.6f, reference %.6f (tolerance %.3g)\n", g, p->ref.sum,
           1e-5 * p->ref.mag);
    return 1;
}

static int b_launch(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    (void)mode;
    cudaError_t e = swz_reduce_ops_of(v)->launch(p->din, p->n, p->dout, p->ws, p->wsb, 0);
    if (e != cudaSuccess) fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
    return e != cudaSuccess;
}

static int b_check(void *vp, const swz_variant *v, int mode)
{
    bench_problem *p = (bench_problem *)vp;
    unsigned char got[8];
    double err, tol;
    (void)mode;
    result_bits(p, got);
    const int ok = sum_ok(v, p->n, got, &p->ref, &err, &tol);
    printf("# %-28s error %.3g (bound %.3g)%s\n", v->name, err, tol, ok ? "" : " FAILED");
    return !ok;
}

/* The bench hooks: bench/bench_reduce (bench/bench_main.cu) and --bench here.
 *   swz's fp32 sum reductions beside CUB and a copy.
 *
 * What it measures
 *   sum of n = 2^28 floats (1 GiB; --quick: 2^22) with every float variant of the swz-reduce
 *   library (examples/reduce: interleaved and sequential textbook trees, the fast production
 *   kernel), beside
 *     - cub::DeviceReduce::Sum (temporary storage allocated once, outside the timing) -- THE PEER;
 *     - cudaMemcpy device-to-device moving the same number of bytes (a copy of n*2 bytes: n*2
 *       read + n*2 written = the n*4 bytes the reduction reads) -- the ceiling.
 *   GB/s counts bytes READ (n*4; the 4-byte result is negligible); median of 20
 *   CUDA-event-timed launches after warm-up.  Workspaces are allocated once, outside the timing.
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Against a CPU sum in double of the same input, before timing, on an output poisoned with
 *   NaN: a swz variant must be within its own documented error bound
 *   depth * 2^-24 / (1 - depth * 2^-24) * sum|x| (reduce.h: the variant's depth(n)); CUB within
 *   1e-5 * sum|x|.  The input is random in [-1, 1), never zero.
 *
 * Usage: bench_reduce [--out DIR] [--quick] [--reps N]  -> DIR/reduce.csv
 */
static const char *const bench_specs[] = {"268435456", NULL}; /* 2^28 floats: 1 GiB */
static const char *const bench_quick[] = {"4194304", NULL};
static const char *const bench_peers[] = {"cub_sum", NULL};
static const swz_family_bench bench_hooks = {
    "swz fp32 reductions vs cub::DeviceReduce::Sum", bench_specs, bench_quick, "float", 1, NULL,
    bench_peers, "cub", 1e6, b_prepare, b_release, b_size, b_work, b_copy_bytes, b_output, b_peer,
    b_peer_check, b_launch, b_check};

/* 2^24 + 3 elements twice (bit-identical), and the sizes around one chunk and one block. */
static const char *const check_specs[] = {"16777219:2", "1048579:2", "1", "257", "65536", NULL};
/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_reduce_pointers[] = {"in", "out", "workspace", NULL};
static int ex_reduce_call(const swz_variant *v, void *const *p)
{
    const swz_reduce_ops *o = swz_reduce_ops_of(v);
    return (int)o->launch(p[0], 1 << 18, p[1], p[2], o->workspace(1 << 18), 0);
}

SWZ_FAMILY_DEFINE(reduce) = {&swz_reduce_registry, "N[:REPS]", check_specs, "268435456", "GB/s",
                             run_one, &bench_hooks, ex_reduce_pointers, ex_reduce_call};
#endif /* !SWZ_EMULATE */
