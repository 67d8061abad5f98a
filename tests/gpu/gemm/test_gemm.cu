/* tests/gpu/gemm/test_gemm.cu -- tests of the GEMM family (examples/gemm).
 *
 *   test_gemm selfcheck   index maps of every variant (each shared slot written once per slice,
 *                         every output owned by one thread, the kernel's incremental offsets
 *                         equal to the layout formula) and the bank model's verdict on every
 *                         shared instruction of every warp against the analysis in gemm.cuh.
 *                         Host only.
 *   test_gemm emulate     the kernel's algorithm run on the CPU (the *_host functions: same
 *                         index code, NaN-filled shared memory, two phase orders) against a
 *                         double reference, on ragged, misaligned and degenerate shapes.  Host only.
 *   test_gemm args        argument checks of every launcher and host function.  Host only.
 *   test_gemm gpu float|double   every variant on the GPU against a double reference, both block
 *                         orders; beta = 0 with C poisoned (NaN must not leak), beta != 0 with
 *                         random C, alpha = 0 with NaN in A and B (beta = 2; beta = 0 with C
 *                         poisoned: C = 0); C outside M x N (padding
 *                         columns, a guard row) must stay bit-identical.  Exit 77 without a GPU.
 *
 * The walk ('gpu') and the dispatch are tests/gpu/family_test.h (the extra modes: selfcheck,
 * emulate, args).
 *
 * Tolerance per element: u * (2 sqrt(K) + 4) * (|alpha| sum_k |a_ik b_kj| + |beta c_ij|), u the
 * unit roundoff (2^-24 float; 2^-52 double, whose reference shares the rounding).  Rounding
 * errors of a K-term sum of random-sign terms grow like sqrt(K); the bound sits far above the
 * expected error and far below one missing or repeated term (|a b| ~ 1/4).
 */
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <swz/bank.h>

#include "gemm.h"
#include "gpu_util.h"

static int failures = 0, checks = 0;

#include "family_test.h" /* the walk of every variant on every shape, and main() */

/* Not gpu_util.h's EXPECT: this one also counts the checks and prints at most 30 failures, on
 * stderr. */
#undef EXPECT
#define EXPECT(cond, ...)                                                                       \
    do {                                                                                        \
        ++checks;                                                                               \
        if (!(cond)) {                                                                          \
            ++failures;                                                                         \
            if (failures <= 30) {                                                               \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                            \
                fprintf(stderr, __VA_ARGS__);                                                   \
                fprintf(stderr, "\n");                                                          \
            }                                                                                   \
        }                                                                                       \
    } while (0)

/* ---- selfcheck ------------------------------------------------------------------------- */

/* The n-way conflict gemm.cuh's analysis promises for the transposed A store. */
static uint32_t promised_store_ways(const swz_gemm_info *in)
{
    if (in->layout == SWZ_GEMM_LAYOUT_NONE) return 4; /* 4 values of k, one bank */
    if (in->layout == SWZ_GEMM_LAYOUT_PAD) return in->elem_bytes == 4 ? 2 : 1;
    return 1;
}

/* Per-instruction cost the bank model must give, derived by hand from bank.h's rules and the
 * kernel's access pattern (gemm.cuh), not from the model:
 *   A store: STS of E bytes, one element per lane; a store never pairs (R7), so the phases are
 *     those of R3: one (float, 4 bytes) or two half-warps (double, 8 bytes), each with the
 *     promised n-way conflict: wavefronts = ways * phases, ideal = phases.
 *   A read (LDS.128): lane l reads the 16-byte unit lm(l) = bit1 | bits3,4 << 1 of one
 *     128-byte-aligned run of 8 units of row k (m0 = wm*WTM + i*8*VEC).  lm ignores lane bits
 *     0 and 2, so in every quad lanes 0,1 read alike and lanes 2,3 alike: R7 pairs the load and
 *     it is served in half-warps.  Lanes 0-15 (bit 4 = 0) read units lm = 0..3, lanes 16-31
 *     units 4..7: 4 distinct units = 16 distinct words per phase, which NONE and PAD keep
 *     contiguous (64 bytes: 16 distinct banks) and XOR only permutes among the 8 units of the
 *     128-byte line (still 16 distinct banks).  Cost 1 per phase: 2 wavefronts, ideal 2,
 *     1-way (R5/R6 on the two half-warps; it was 4 quarter-warp phases before R7).
 *   B read (LDS.128): lane l reads unit ln(l) = bit0 | bit2 << 1 of a 64-byte-aligned group of
 *     4 units of row kk of Bs (row-major, no layout).  ln ignores lane bit 1: in every quad
 *     lanes 0,2 alike and 1,3 alike: paired, half-warp phases; each half-warp reads the 4 units
 *     = 64 contiguous bytes = 16 distinct banks: 2 wavefronts, ideal 2, 1-way.
 *   B store (cp.async, LDGSTS.128; bank.h R8, kind SWZ_CP_ASYNC_16): 4 quarter-warps; 8 lanes
 *     copy 8 consecutive 16-byte units of one B row (a whole source line) to 8 consecutive
 *     units of a Bs row (b_st = kr*TILE + (tid % VR)*VEC): 128 contiguous bytes, the identity
 *     map, one wavefront each: 4 wavefronts, ideal 4. */
typedef struct want_cost {
    int kind;            /* bank.h access kind smem_pattern must report */
    uint32_t paired;     /* R7 applies */
    uint32_t phase_lanes;
    uint32_t ideal;
    uint32_t ways;
} want_cost;

static want_cost want_of(const swz_gemm_info *in, int op)
{
    want_cost w;
    switch (op) {
    case SWZ_GEMM_OP_A_STORE:
        w.kind = in->elem_bytes | SWZ_STORE;
        w.paired = 0;
        w.phase_lanes = in->elem_bytes == 4 ? 32 : 16;
        w.ideal = in->elem_bytes == 4 ? 1 : 2;
        w.ways = promised_store_ways(in);
        break;
    case SWZ_GEMM_OP_A_READ:
    case SWZ_GEMM_OP_B_READ:
        w.kind = 16;
        w.paired = 1;
        w.phase_lanes = 16;
        w.ideal = 2;
        w.ways = 1;
        break;
    default: /* B store */
        w.kind = SWZ_CP_ASYNC_16;
        w.paired = 0;
        w.phase_lanes = 8;
        w.ideal = 4;
        w.ways = 1;
        break;
    }
    return w;
}

static void test_selfcheck(void)
{
    for (int v = 0; v < swz_gemm_registry.count; ++v) {
        const swz_variant *xv = swz_gemm_registry.variants[v];
        const swz_gemm_ops *x = swz_gemm_ops_of(xv);
        swz_gemm_info in;
        int sc = x->selfcheck();
        x->info(&in);
        EXPECT(sc == 0, "%s: index self-check failed with code %d", xv->name, sc);
        EXPECT(strncmp(xv->name, "swz_gemm_", 9) == 0 && strcmp(in.name, xv->name + 9) == 0, "%s: info name %s", xv->name, in.name);
        EXPECT(in.tm * in.tn * in.threads == in.tile * in.tile, "%s: outputs per block", xv->name);
        EXPECT(in.smem_bytes == 2 * in.stage_bytes && in.stage_bytes % 128 == 0 && in.a_tile_bytes % 128 == 0,
               "%s: stages must start on 128-byte lines", xv->name);
        EXPECT(in.a_tile_bytes == (unsigned)(in.bk * in.a_ld * in.elem_bytes), "%s: A tile size", xv->name);
        EXPECT(in.bk * in.elem_bytes == 64, "%s: BK is 64 bytes of K", xv->name);
        for (int op = 0; op < SWZ_GEMM_OP_COUNT; ++op) {
            uint32_t addr[32];
            int access = 0;
            int n = x->smem_pattern(op, -1, 0, addr, &access);
            EXPECT(n > 0, "%s: op %d has no instructions", xv->name, op);
            const want_cost want = want_of(&in, op);
            EXPECT(access == want.kind, "%s: op %d access kind %#x, want %#x", xv->name, op, access, want.kind);
            for (int w = 0; w < in.threads / 32; ++w)
                for (int i = 0; i < n; ++i) {
                    swz_bank_result r;
                    const uint32_t bytes = swz_access_bytes(want.kind);
                    x->smem_pattern(op, i, w, addr, &access);
                    for (int l = 0; l < 32; ++l)
                        EXPECT(addr[l] + bytes <= in.stage_bytes && addr[l] % bytes == 0,
                               "%s: op %d lane %d address %u outside the stage or misaligned", xv->name, op, l,
                               addr[l]);
                    r = swz_bank_eval(addr, 0xFFFFFFFFu, access);
                    EXPECT(r.status == SWZ_OK && r.paired == want.paired && r.phase_lanes == want.phase_lanes &&
                               r.ideal == want.ideal && r.ways == want.ways &&
                               r.wavefronts == want.ways * want.ideal,
                           "%s: op %d warp %d instr %d: paired %u, %u-lane phases, %u-way, %u wavefronts "
                           "(ideal %u); promised paired %u, %u-lane phases, %u-way, %u wavefronts",
                           xv->name, op, w, i, r.paired, r.phase_lanes, r.ways, r.wavefronts, r.ideal, want.paired,
                           want.phase_lanes, want.ways, want.ways * want.ideal);
                    /* reads: lanes n, n^1 share the A vector, lanes n, n^2 the B vector */
                    if (op == SWZ_GEMM_OP_A_READ || op == SWZ_GEMM_OP_B_READ)
                        for (int l = 0; l < 32; ++l)
                            EXPECT(addr[l] == addr[l ^ (op == SWZ_GEMM_OP_A_READ ? 1 : 2)],
                                   "%s: op %d lanes %d pair", xv->name, op, l);
                }
        }
    }
}

/* ---- problems and the reference ------------------------------------------------------- */

typedef struct tcase {
    int64_t M, N, K;
    int64_t lda_pad, ldb_pad, ldc_pad; /* ld = cols + pad */
    int offA, offB, offC;              /* element offsets from an aligned base */
    const char *what;
} tcase;

template <class T> struct problem {
    tcase c;
    int64_t lda, ldb, ldc;
    size_t na, nb, nc;      /* buffer elements (offset + matrix; C: plus a guard row) */
    T *A, *B, *C0;          /* host buffers: A, B and the initial C (whole buffer) */
    double *ref, *mag;      /* sum a*b and sum |a*b| */
};

/* Buffers and the reference of one shape.  Everything in the A and B buffers that is not an
 * element of A or B is NaN: the kernel must never use it (a padding column, the offset, the
 * element past the end). */
template <class T> static void make(problem<T> *p, const tcase *c, test_rng *rng)
{
    p->c = *c;
    p->lda = c->K + c->lda_pad;
    p->ldb = c->N + c->ldb_pad;
    p->ldc = c->N + c->ldc_pad;
    p->na = (size_t)(c->offA + c->M * p->lda + 1);
    p->nb = (size_t)(c->offB + c->K * p->ldb + 1);
    p->nc = (size_t)(c->offC + (c->M + 1) * p->ldc);
    p->A = (T *)malloc(sizeof(T) * p->na);
    p->B = (T *)malloc(sizeof(T) * p->nb);
    p->C0 = (T *)malloc(sizeof(T) * p->nc);
    p->ref = (double *)calloc((size_t)(c->M * c->N) + 1, sizeof(double));
    p->mag = (double *)calloc((size_t)(c->M * c->N) + 1, sizeof(double));
    if (!p->A || !p->B || !p->C0 || !p->ref || !p->mag) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < p->na; ++i) p->A[i] = (T)NAN;
    for (size_t i = 0; i < p->nb; ++i) p->B[i] = (T)NAN;
    for (int64_t i = 0; i < c->M; ++i)
        for (int64_t k = 0; k < c->K; ++k) p->A[c->offA + i * p->lda + k] = (T)rng_float(rng);
    for (int64_t k = 0; k < c->K; ++k)
        for (int64_t j = 0; j < c->N; ++j) p->B[c->offB + k * p->ldb + j] = (T)rng_float(rng);
    for (int64_t i = 0; i < c->M; ++i)
        for (int64_t k = 0; k < c->K; ++k) {
            const double a = (double)p->A[c->offA + i * p->lda + k];
            const T *brow = p->B + c->offB + k * p->ldb;
            double *r = p->ref + i * c->N, *m = p->mag + i * c->N;
            for (int64_t j = 0; j < c->N; ++j) {
                const double ab = a * (double)brow[j];
                r[j] += ab;
                m[j] += fabs(ab);
            }
        }
}

/* The initial C (whole buffer): all NaN (0xFF bytes) or random. */
template <class T> static void fill_c(problem<T> *p, int nan_c, test_rng *rng)
{
    if (nan_c) memset(p->C0, 0xFF, sizeof(T) * p->nc);
    else for (size_t i = 0; i < p->nc; ++i) p->C0[i] = (T)rng_float(rng);
}

template <class T> static void release(problem<T> *p)
{
    free(p->A); free(p->B); free(p->C0); free(p->ref); free(p->mag);
}

/* Check C (whole buffer) after C = alpha*A*B + beta*C0. */
template <class T> static void verify(const problem<T> *p, const T *C, double alpha, double beta, const char *who,
                                      int raster)
{
    const double u = sizeof(T) == 4 ? ldexp(1.0, -24) : ldexp(1.0, -52);
    const double g = u * (2.0 * sqrt((double)p->c.K) + 4.0);
    int bad = 0;
    for (size_t o = 0; o < p->nc; ++o) {
        const int64_t rel = (int64_t)o - p->c.offC, i = rel >= 0 ? rel / p->ldc : -1, j = rel >= 0 ? rel % p->ldc : -1;
        if (i >= 0 && i < p->c.M && j < p->c.N) {
            const double c0 = (double)p->C0[o];
            const double want = alpha * p->ref[i * p->c.N + j] + (beta != 0 ? beta * c0 : 0.0);
            const double tol = g * (fabs(alpha) * p->mag[i * p->c.N + j] + (beta != 0 ? fabs(beta * c0) : 0.0));
            const double got = (double)C[o];
            if (!(fabs(got - want) <= tol)) {
                if (++bad <= 3)
                    fprintf(stderr, "  %s %s raster %d alpha %g beta %g: C[%lld][%lld] = %.10g, want %.10g (tol %.3g)\n",
                            who, p->c.what, raster, alpha, beta, (long long)i, (long long)j, got, want, tol);
            }
        } else if (memcmp(&C[o], &p->C0[o], sizeof(T)) != 0) {
            if (++bad <= 3)
                fprintf(stderr, "  %s %s raster %d: element %lld outside M x N was written\n", who, p->c.what,
                        raster, (long long)o);
        }
    }
    EXPECT(bad == 0, "%s on %s (%lldx%lldx%lld), raster %d, alpha %g, beta %g: %d wrong elements", who,
           p->c.what, (long long)p->c.M, (long long)p->c.N, (long long)p->c.K, raster, alpha, beta, bad);
}

/* (alpha, beta, A/B NaN, C NaN) runs of each shape */
typedef struct coef { double alpha, beta; int nan_ab, nan_c; } coef;
static const coef coefs[] = {
    {1.25, 0.0, 0, 1},  /* beta = 0: C poisoned, must not be read */
    {-0.75, 0.5, 0, 0}, /* beta != 0: C is an input */
    {0.0, 2.0, 1, 0},   /* alpha = 0: A and B are NaN and must not be read; C = 2*C */
    {0.0, 0.0, 1, 1},   /* alpha = 0, beta = 0: C = 0 whatever A, B and C held (NaN) */
};

/* ---- emulation ------------------------------------------------------------------------ */

static const tcase emu_cases[] = {
    {1, 1, 1, 0, 0, 0, 0, 0, 0, "1x1x1"},
    {3, 70, 5, 0, 0, 0, 0, 0, 0, "3x70x5"},
    {129, 131, 17, 0, 0, 3, 0, 0, 0, "129x131x17 ldc+3"},
    {70, 90, 33, 3, 2, 0, 0, 0, 0, "70x90x33 lda+3 ldb+2 (K not a multiple of 4, aligned A)"},
    {40, 37, 21, 2, 1, 0, 1, 1, 1, "40x37x21 misaligned A, B, C"},
    {65, 66, 0, 0, 0, 1, 0, 0, 0, "65x66x0 (K = 0)"},
};

template <class T> static void emulate_type(void)
{
    test_rng rng = {0x5EEDULL + sizeof(T)};
    for (size_t s = 0; s < sizeof emu_cases / sizeof emu_cases[0]; ++s) {
        problem<T> p;
        T *C, *An, *Bn;
        make(&p, &emu_cases[s], &rng);
        C = (T *)malloc(sizeof(T) * p.nc);
        An = (T *)malloc(sizeof(T) * p.na); /* all NaN: for alpha = 0 */
        Bn = (T *)malloc(sizeof(T) * p.nb);
        memset(An, 0xFF, sizeof(T) * p.na);
        memset(Bn, 0xFF, sizeof(T) * p.nb);
        for (size_t f = 0; f < sizeof coefs / sizeof coefs[0]; ++f) {
            const T *A = (coefs[f].nan_ab ? An : p.A) + p.c.offA, *B = (coefs[f].nan_ab ? Bn : p.B) + p.c.offB;
            fill_c(&p, coefs[f].nan_c, &rng);
            for (int v = 0; v < swz_gemm_registry.count; ++v) {
                const swz_variant *xv = swz_gemm_registry.variants[v];
                const swz_gemm_ops *x = swz_gemm_ops_of(xv);
                if ((sizeof(T) == 4 ? (void *)x->host_f : (void *)x->host_d) == NULL) continue;
                for (int order = 0; order < 2; ++order)
                    for (int raster = 0; raster < 2; ++raster) {
                        cudaError_t e;
                        char who[96];
                        memcpy(C, p.C0, sizeof(T) * p.nc);
                        if (sizeof(T) == 4)
                            e = x->host_f(p.c.M, p.c.N, p.c.K, (float)coefs[f].alpha, (const float *)A, p.lda,
                                          (const float *)B, p.ldb, (float)coefs[f].beta, (float *)C + p.c.offC,
                                          p.ldc, raster, order);
                        else
                            e = x->host_d(p.c.M, p.c.N, p.c.K, coefs[f].alpha, (const double *)A, p.lda,
                                          (const double *)B, p.ldb, coefs[f].beta, (double *)C + p.c.offC,
                                          p.ldc, raster, order);
                        snprintf(who, sizeof who, "%s (host, order %d)", xv->name, order);
                        EXPECT(e == cudaSuccess, "%s: %s", who, cudaGetErrorString(e));
                        verify(&p, C, coefs[f].alpha, coefs[f].beta, who, raster);
                    }
            }
        }
        free(C);
        free(An);
        free(Bn);
        release(&p);
    }
}

/* ---- argument checks ------------------------------------------------------------------ */

typedef struct argcase {
    int64_t M, N, K, lda, ldb, ldc;
    int nullA, nullB, nullC, raster;
    cudaError_t want;
    const char *what;
} argcase;

static const argcase arg_cases[] = {
    {-1, 4, 4, 4, 4, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "M < 0"},
    {4, -1, 4, 4, 4, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "N < 0"},
    {4, 4, -1, 4, 4, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "K < 0"},
    {4, 4, 4, 4, 4, 4, 0, 0, 0, 2, cudaErrorInvalidValue, "raster 2"},
    {4, 4, 4, 4, 4, 4, 0, 0, 0, -1, cudaErrorInvalidValue, "raster -1"},
    {4, 4, 4, 4, 4, 4, 0, 0, 1, 0, cudaErrorInvalidValue, "C null"},
    {4, 4, 4, 4, 4, 4, 1, 0, 0, 0, cudaErrorInvalidValue, "A null"},
    {4, 4, 4, 4, 4, 4, 0, 1, 0, 0, cudaErrorInvalidValue, "B null"},
    {4, 4, 4, 3, 4, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "lda < K"},
    {4, 4, 4, 4, 3, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "ldb < N"},
    {4, 4, 4, 4, 4, 3, 0, 0, 0, 0, cudaErrorInvalidValue, "ldc < N"},
    {4, 4, 4, 4, 4, 0, 0, 0, 0, 0, cudaErrorInvalidValue, "ldc 0"},
    {1LL << 40, 4, 1, 1LL << 40, 4, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "A offsets overflow int64"},
    {4, 4, 1LL << 40, 1LL << 40, 1LL << 40, 4, 0, 0, 0, 0, cudaErrorInvalidValue, "B offsets overflow int64"},
    {1LL << 40, 1LL << 20, 0, 1, 1LL << 20, 1LL << 20, 0, 0, 0, 0, cudaErrorInvalidValue, "grid too large"},
    {1, 1, 1LL << 31, 1LL << 31, 1, 1, 0, 0, 0, 0, cudaErrorInvalidValue, "K too large"},
    {0, 4, 4, 0, 0, 0, 1, 1, 1, 0, cudaSuccess, "M = 0 (no-op, pointers unused)"},
    {4, 0, 4, 0, 0, 0, 1, 1, 1, 0, cudaSuccess, "N = 0 (no-op, pointers unused)"},
};

static void test_args(void)
{
    static double buf[64]; /* never touched: every case fails or is empty */
    for (int v = 0; v < swz_gemm_registry.count; ++v) {
        const swz_variant *xv = swz_gemm_registry.variants[v];
        const swz_gemm_ops *x = swz_gemm_ops_of(xv);
        for (size_t i = 0; i < sizeof arg_cases / sizeof arg_cases[0]; ++i) {
            const argcase *a = &arg_cases[i];
            void *A = a->nullA ? NULL : buf, *B = a->nullB ? NULL : buf, *C = a->nullC ? NULL : buf;
            cudaError_t e1, e2;
            if (x->run_f) {
                e1 = x->run_f(a->M, a->N, a->K, 1.f, (const float *)A, a->lda, (const float *)B, a->ldb, 0.f,
                              (float *)C, a->ldc, a->raster, 0);
                e2 = x->host_f(a->M, a->N, a->K, 1.f, (const float *)A, a->lda, (const float *)B, a->ldb, 0.f,
                               (float *)C, a->ldc, a->raster, 0);
            } else {
                e1 = x->run_d(a->M, a->N, a->K, 1., (const double *)A, a->lda, (const double *)B, a->ldb, 0.,
                              (double *)C, a->ldc, a->raster, 0);
                e2 = x->host_d(a->M, a->N, a->K, 1., (const double *)A, a->lda, (const double *)B, a->ldb, 0.,
                               (double *)C, a->ldc, a->raster, 0);
            }
            EXPECT(e1 == a->want && e2 == a->want, "%s, %s: launcher %d, host %d, want %d", xv->name, a->what,
                   (int)e1, (int)e2, (int)a->want);
        }
    }
    for (size_t i = 0; i < sizeof buf / sizeof buf[0]; ++i) EXPECT(buf[i] == 0.0, "buffer touched");
}

/* ---- GPU ------------------------------------------------------------------------------- */

static const tcase gpu_cases[] = {
    {1, 1, 1, 0, 0, 0, 0, 0, 0, "1x1x1"},
    {1, 300, 77, 0, 0, 0, 0, 0, 0, "1xNxK"},
    {257, 1, 64, 0, 0, 0, 0, 0, 0, "Mx1xK"},
    {65, 70, 0, 0, 0, 2, 0, 0, 0, "K = 0"},
    {300, 200, 1, 0, 0, 0, 0, 0, 0, "K = 1"},
    {129, 131, 17, 0, 0, 3, 0, 0, 0, "129x131x17 ldc+3"},
    {257, 263, 131, 0, 0, 0, 0, 0, 0, "257x263x131"},
    {64, 64, 64, 0, 0, 0, 0, 0, 0, "64^3"},
    {128, 128, 128, 0, 0, 0, 0, 0, 0, "128^3"},
    {70, 90, 33, 3, 2, 0, 0, 0, 0, "70x90x33 lda+3 ldb+2"},
    {100, 101, 99, 2, 0, 0, 1, 1, 1, "100x101x99 misaligned A, B, C"},
    {130, 132, 40, 0, 0, 0, 0, 0, 1, "130x132x40 misaligned C"},
    {130, 132, 40, 0, 0, 0, 0, 2, 0, "130x132x40 B 8-byte aligned only"},
    {512, 384, 1000, 0, 0, 0, 0, 0, 0, "512x384x1000"},
    {777, 1025, 515, 1, 3, 5, 0, 0, 0, "777x1025x515 padded lds"},
    {1100, 1300, 700, 0, 0, 0, 0, 0, 0, "1100x1300x700 (partial Morton supertiles)"},
};

/* The walk (family_test.h): every variant of the chosen element type on each shape of
 * gpu_cases (quick: only those up to 2^22 multiply-adds, for compute-sanitizer, which is slow)
 * with every coefs row and both block orders, then one invalid call.  A shape's buffers and
 * reference are made once, at its first case, and kept for the other variants. */
static int walk_double = 0, walk_quick = 0;

template <class T> struct gpu_shape {
    int made;
    problem<T> p;
    T *dA, *dB, *dAn, *dBn, *dC, *C;
};

template <class T> static gpu_shape<T> *shape_of(size_t s)
{
    static gpu_shape<T> shapes[sizeof gpu_cases / sizeof gpu_cases[0]];
    static test_rng rng = {0xC0FFEEULL + sizeof(T)};
    gpu_shape<T> *g = &shapes[s];
    if (g->made) return g;
    problem<T> *p = &g->p;
    make(p, &gpu_cases[s], &rng);
    g->C = (T *)malloc(sizeof(T) * p->nc);
    CUDA_CHECK(cudaMalloc(&g->dA, sizeof(T) * p->na));
    CUDA_CHECK(cudaMalloc(&g->dB, sizeof(T) * p->nb));
    CUDA_CHECK(cudaMalloc(&g->dAn, sizeof(T) * p->na));
    CUDA_CHECK(cudaMalloc(&g->dBn, sizeof(T) * p->nb));
    CUDA_CHECK(cudaMalloc(&g->dC, sizeof(T) * p->nc));
    CUDA_CHECK(cudaMemcpy(g->dA, p->A, sizeof(T) * p->na, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(g->dB, p->B, sizeof(T) * p->nb, cudaMemcpyHostToDevice));
    gpu_poison(g->dAn, sizeof(T) * p->na); /* NaN: for alpha = 0 */
    gpu_poison(g->dBn, sizeof(T) * p->nb);
    g->made = 1;
    return g;
}

/* The shapes the walk runs, in order: indices into gpu_cases. */
static int walk_shapes(size_t *idx)
{
    int n = 0;
    for (size_t s = 0; s < sizeof gpu_cases / sizeof gpu_cases[0]; ++s)
        if (!walk_quick || (double)gpu_cases[s].M * gpu_cases[s].N * gpu_cases[s].K <= 4194304.0) idx[n++] = s;
    return n;
}

/* Shape s of variant xv: every coefs row, both block orders, each checked element by element. */
template <class T> static void gpu_case(const swz_variant *xv, size_t s, test_rng *rng)
{
    gpu_shape<T> *g = shape_of<T>(s);
    problem<T> &p = g->p;
    const swz_gemm_ops *x = swz_gemm_ops_of(xv);
    for (size_t f = 0; f < sizeof coefs / sizeof coefs[0]; ++f) {
        const T *A = (coefs[f].nan_ab ? g->dAn : g->dA) + p.c.offA, *B = (coefs[f].nan_ab ? g->dBn : g->dB) + p.c.offB;
        fill_c(&p, coefs[f].nan_c, rng);
        for (int raster = 0; raster < 2; ++raster) {
            cudaError_t e;
            CUDA_CHECK(cudaMemcpy(g->dC, p.C0, sizeof(T) * p.nc, cudaMemcpyHostToDevice));
            if (sizeof(T) == 4)
                e = x->run_f(p.c.M, p.c.N, p.c.K, (float)coefs[f].alpha, (const float *)A, p.lda, (const float *)B,
                             p.ldb, (float)coefs[f].beta, (float *)g->dC + p.c.offC, p.ldc, raster, 0);
            else
                e = x->run_d(p.c.M, p.c.N, p.c.K, coefs[f].alpha, (const double *)A, p.lda, (const double *)B,
                             p.ldb, coefs[f].beta, (double *)g->dC + p.c.offC, p.ldc, raster, 0);
            EXPECT(e == cudaSuccess, "%s: launch: %s", xv->name, cudaGetErrorString(e));
            CUDA_CHECK(cudaDeviceSynchronize());
            CUDA_CHECK(cudaMemcpy(g->C, g->dC, sizeof(T) * p.nc, cudaMemcpyDeviceToHost));
            verify(&p, g->C, coefs[f].alpha, coefs[f].beta, xv->name, raster);
        }
    }
}

/* An invalid call (ldc < N) launches nothing: C stays as it was. */
template <class T> static void gpu_invalid(const swz_variant *xv)
{
    const swz_gemm_ops *x = swz_gemm_ops_of(xv);
    T *dC, h[16], back[16];
    cudaError_t e;
    for (int i = 0; i < 16; ++i) h[i] = (T)(i + 1);
    CUDA_CHECK(cudaMalloc(&dC, sizeof h));
    CUDA_CHECK(cudaMemcpy(dC, h, sizeof h, cudaMemcpyHostToDevice));
    if (sizeof(T) == 4)
        e = x->run_f(4, 4, 4, 1.f, (const float *)dC, 4, (const float *)dC, 4, 0.f, (float *)dC, 3, 0, 0);
    else
        e = x->run_d(4, 4, 4, 1., (const double *)dC, 4, (const double *)dC, 4, 0., (double *)dC, 3, 0, 0);
    EXPECT(e == cudaErrorInvalidValue, "%s: ldc < N accepted", xv->name);
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(back, dC, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(memcmp(h, back, sizeof h) == 0, "%s: an invalid call wrote C", xv->name);
    CUDA_CHECK(cudaFree(dC));
}

static int walk_setup(int argc, char **argv)
{
    if (argc < 1 || argc > 2 || (strcmp(argv[0], "float") != 0 && strcmp(argv[0], "double") != 0)) return 2;
    if (argc == 2 && strcmp(argv[1], "--quick") != 0) return 2;
    walk_double = strcmp(argv[0], "double") == 0;
    walk_quick = argc == 2;
    return 0;
}

static int walk_select(const swz_variant *v)
{
    const swz_gemm_ops *x = swz_gemm_ops_of(v);
    return walk_double ? x->run_d != NULL : x->run_f != NULL;
}

static int walk_cases(const swz_variant *v)
{
    size_t idx[sizeof gpu_cases / sizeof gpu_cases[0]];
    (void)v;
    return walk_shapes(idx) + 1; /* the shapes, then the invalid call */
}

static long long walk_run(const swz_variant *v, int i)
{
    static test_rng rng = {0xC0FFEEULL};
    size_t idx[sizeof gpu_cases / sizeof gpu_cases[0]];
    const int n = walk_shapes(idx);
    if (i == n) {
        if (walk_double) gpu_invalid<double>(v);
        else gpu_invalid<float>(v);
    } else if (walk_double) {
        gpu_case<double>(v, idx[i], &rng);
    } else {
        gpu_case<float>(v, idx[i], &rng);
    }
    return 0;
}

/* The host-only modes; each ends with the count of its checks. */
static int summary(const char *mode)
{
    printf("%s: %d checks, %d failed\n", mode, checks, failures);
    return failures ? 1 : 0;
}

static int mode_selfcheck(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    test_selfcheck();
    return summary("selfcheck");
}

static int mode_emulate(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    emulate_type<float>();
    emulate_type<double>();
    return summary("emulate");
}

static int mode_args(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    test_args();
    return summary("args");
}

static const family_test walk = {&swz_gemm_registry, "gpu", "float|double [--quick]", walk_setup, walk_select,
                                 walk_cases, walk_run};
static const family_extra extras[] = {{"selfcheck", "", mode_selfcheck, 0},
                                      {"emulate", "", mode_emulate, 0},
                                      {"args", "", mode_args, 0},
                                      {NULL, NULL, NULL, 0}};

int main(int argc, char **argv)
{
    const int rc = family_test_main(&walk, extras, argc, argv);
    if (argc > 1 && strcmp(argv[1], "gpu") == 0 && rc != 2) printf("gpu: %d checks, %d failed\n", checks, failures);
    return rc;
}
