/* tests/gpu/test_hgemm.cu -- the hgemm family (examples/hgemm) beyond its example program's
 * default check.
 *
 *   test-hgemm all [--quick]  every variant -- the registry's and the tuning candidates of
 *                             examples/hgemm/tuning.h -- on ragged shapes x both B orientations x
 *                             both C types x beta != 0 / beta == 0 (C poisoned, never read),
 *                             through the family's own run() hook (random data, C with 8
 *                             poisoned pad columns, every element of every row against the fp64
 *                             reference within the fp32-accumulation bound, docs/design.md);
 *                             --quick: 4 small shapes x 2 modes, for compute-sanitizer
 *   test-hgemm args           the launcher's argument checks: cudaErrorInvalidValue and C
 *                             untouched for bad arguments; M == 0 or N == 0 is a no-op; the
 *                             xor kernels' loop probes (bench/mma_ceiling): argument checks, and
 *                             the sum of each block's accumulators, with and without copies,
 *                             against the exact sum of the slices they read; then alpha0
 *   test-hgemm alpha0         alpha = 0 with NaN and +-inf in A and B (BLAS: not referenced):
 *                             every variant, NN and NT, both C types: C = 0 for beta = 0 (C
 *                             poisoned with NaN), C = 2 C for beta = 2, padding untouched
 *   test-hgemm model          (no GPU) every variant's (and candidate's) fragment address math: the byte offset
 *                             each lane gives ldmatrix, for every warp, k step and fragment of
 *                             a slice, equals an independent reimplementation of the layout
 *                             formula and the PTX fragment tables; and the bank model's verdicts
 *                             are the variant's promise (xor: every ldmatrix conflict free, every
 *                             cp.async row write at its source's cost (bank.h R8: rows of 64 bytes 2 per
 *                             quarter, two source lines; longer rows 1); pad: ldmatrix conflict
 *                             free, its cp.async writes 15/4 of ideal for 64-byte rows, 21/8 for
 *                             longer ones, worst 4 a quarter (derived by hand in the test); none:
 *                             cp.async as xor, the A and B.T ldmatrix 4-way (64-byte rows),
 *                             B .trans 8-way (rows >= 128 bytes))
 * The walk ('all') and the dispatch are tests/gpu/family_test.h.  Exit 77 without a GPU
 * (all, args).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

#include "gpu_util.h"
#include "hgemm.cuh"
#include "tuning.h" /* the bench-only candidates and loop probes (library swz_hgemm_tuning) */

static int failures = 0; /* EXPECT (gpu_util.h) counts here */

#include "family_test.h"

extern const swz_family swz_hgemm_family;

/* What the walks cover: the shipped variants (the registry's, SWZ_HGEMM_VARIANTS) and the tuning
 * candidates (SWZ_HGEMM_TUNING), which the library's registry does not list. */
#define TH_REF(L, T, E) &swz_hgemm_##L##_##T##_##E##_variant,
#define TH_TREF(L, T, E, S) &swz_hgemm_##L##_##T##_##E##S##_variant,
static const swz_variant *const walked_variants[] = {SWZ_HGEMM_VARIANTS(TH_REF) SWZ_HGEMM_TUNING(TH_TREF) NULL};
SWZ_REGISTRY_DEFINE(walked, "hgemm", walked_variants);

static int quick = 0;
/* Every block of 128:256:32, 256:512:128 and 384:768:512 takes the full-slice loop (tiles inside
 * M and N, K a multiple of TILE_K); 300:520:128 mixes full-slice and edge blocks in one launch;
 * the others (K % 32 != 0 or a tile across M or N) take the edge path.  640:7640:160 and
 * 640:7640:96 have 150 tiles, more than an H200 holds blocks (132): a PERSIST variant's blocks
 * take two tiles, and a full tile followed by a full one (the slices stream on; with K 96 and
 * 4 stages the main loop is empty: KT == STAGES-1), by a ragged one (the last tile column) or
 * by none. */
static const char *const shapes_full[] = {"1:1:1", "2:3:4", "17:9:33", "127:129:65", "128:256:32", "255:257:1000",
                                          "129:255:7", "300:520:136", "513:263:96", "64:300:8", "384:768:512",
                                          "256:512:128", "300:520:128", "1000:1000:999", "640:7640:160",
                                          "640:7640:96", NULL};
/* --quick (compute-sanitizer: racecheck instruments every shared access): an unaligned K (the
 * element-wise copies), an edge-only, a full-only and a mixed launch, in two modes that cover
 * both B orientations, both C types and beta == 0 */
static const char *const shapes_quick[] = {"129:255:7", "127:129:65", "256:512:128", "300:520:128", NULL};
static const char *const modes[] = {"nn:in", "nn:f32", "nt:in", "nt:f32", "nn:in:b0", "nt:f32:b0", NULL};
static const char *const modes_quick[] = {"nn:in", "nt:f32:b0", NULL};
static std::vector<std::string> specs;

static int setup(int argc, char **argv)
{
    quick = argc == 1 && strcmp(argv[0], "--quick") == 0;
    if (argc > 1 || (argc == 1 && !quick)) return 2;
    for (const char *const *s = quick ? shapes_quick : shapes_full; *s; ++s)
        for (const char *const *m = quick ? modes_quick : modes; *m; ++m) specs.push_back(std::string(*s) + ":" + *m);
    return 0;
}
static int cases(const swz_variant *v)
{
    (void)v;
    return (int)specs.size();
}
static long long run(const swz_variant *v, int i) { return swz_hgemm_family.run(v, specs[(size_t)i].c_str(), 1); }

/* ---- the loop probes (tuning.h, SWZ_HGEMM_LOOP_PROBE; bench/mma_ceiling) ----
 * Their argument checks, and that they compute what they claim: block b runs the slice loop over
 * 128 x 256 tile t = b mod tiles, so the sum of its accumulators is sum_k colsum_At(k) x
 * rowsum_Bt(k) over the k the slices read -- with copies, slice kt is K columns 32kt..32kt+31;
 * without, the STAGES stages hold slices 0 .. STAGES-1 and slice kt reads stage kt mod STAGES.
 * The operands are multiples of 1/4 in [-1, 1), so every product and sum is exact in fp32. */
static void test_probe(void)
{
    enum { KT = 12, K = KT * 32, BM = 128, BN = 256, S = 4, BLOCKS = 5, NT = 256, TILES = 2, LDB = TILES * BN };
    std::vector<float> fa((size_t)TILES * BM * K), fb((size_t)K * LDB);
    test_rng rng = {0x1234567ull};
    for (float &f : fa) f = (float)((int)(rng_next(&rng) >> 61) - 4) * 0.25f;
    for (float &f : fb) f = (float)((int)(rng_next(&rng) >> 61) - 4) * 0.25f;
    std::vector<double> colsum(TILES * K, 0.0), rowsum(TILES * K, 0.0); /* [tile][k] */
    for (int tl = 0; tl < TILES; ++tl)
        for (int k = 0; k < K; ++k) {
            for (int i = 0; i < BM; ++i) colsum[tl * K + k] += fa[(size_t)(tl * BM + i) * K + k];
            for (int j = 0; j < BN; ++j) rowsum[tl * K + k] += fb[(size_t)k * LDB + tl * BN + j];
        }
    for (int bf = 0; bf < 2; ++bf) {
        std::vector<uint16_t> ha(fa.size()), hb(fb.size());
        for (size_t i = 0; i < fa.size(); ++i) ha[i] = gpu_bits16(fa[i], bf); /* exact in both types */
        for (size_t i = 0; i < fb.size(); ++i) hb[i] = gpu_bits16(fb[i], bf);
        void *a, *b;
        float *out;
        unsigned long long *clk;
        CUDA_CHECK(cudaMalloc(&a, ha.size() * 2 + 16));
        CUDA_CHECK(cudaMalloc(&b, hb.size() * 2));
        CUDA_CHECK(cudaMalloc(&out, BLOCKS * NT * sizeof(float)));
        CUDA_CHECK(cudaMalloc(&clk, BLOCKS * 2 * sizeof(unsigned long long)));
        CUDA_CHECK(cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice));
        cudaError_t (*probe)(int, int, int, int, const void *, int64_t, const void *, int64_t, float *,
                             unsigned long long *, cudaStream_t) =
            bf ? swz_hgemm_xor_128_bf16_loop_probe : swz_hgemm_xor_128_half_loop_probe;
        const char *name = bf ? "bf16 probe" : "half probe";
        EXPECT(probe(1, BLOCKS, TILES, S - 1, a, K, b, LDB, out, clk, 0) == cudaErrorInvalidValue,
               "%s: KT < STAGES accepted", name);
        EXPECT(probe(1, 0, TILES, KT, a, K, b, LDB, out, clk, 0) == cudaErrorInvalidValue, "%s: 0 blocks accepted", name);
        EXPECT(probe(1, BLOCKS, 0, KT, a, K, b, LDB, out, clk, 0) == cudaErrorInvalidValue, "%s: 0 tiles accepted", name);
        EXPECT(probe(1, BLOCKS, TILES, KT, (const char *)a + 2, K, b, LDB, out, clk, 0) == cudaErrorInvalidValue,
               "%s: misaligned A accepted", name);
        EXPECT(probe(1, BLOCKS, TILES, KT, a, K, b, LDB - 8, out, clk, 0) == cudaErrorInvalidValue,
               "%s: ldb < tiles x 256 accepted", name);
        for (int copy = 0; copy < 2; ++copy) {
            gpu_poison(out, BLOCKS * NT * sizeof(float));
            EXPECT(probe(copy, BLOCKS, TILES, KT, a, K, b, LDB, out, clk, 0) == cudaSuccess, "%s copy %d: launch failed",
                   name, copy);
            CUDA_CHECK(cudaDeviceSynchronize());
            std::vector<float> got(BLOCKS * NT);
            std::vector<unsigned long long> hc(BLOCKS * 2);
            CUDA_CHECK(cudaMemcpy(got.data(), out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
            CUDA_CHECK(cudaMemcpy(hc.data(), clk, hc.size() * sizeof(hc[0]), cudaMemcpyDeviceToHost));
            for (int blk = 0; blk < BLOCKS; ++blk) {
                const int tl = blk % TILES;
                double want = 0.0, sum = 0.0;
                for (int kt = 0; kt < KT; ++kt)
                    for (int k = 0; k < 32; ++k) {
                        const int kk = 32 * (copy ? kt : kt % S) + k;
                        want += colsum[tl * K + kk] * rowsum[tl * K + kk];
                    }
                for (int t = 0; t < NT; ++t) sum += got[(size_t)blk * NT + t];
                EXPECT(sum == want, "%s copy %d block %d: sum of the accumulators %.3f, want %.3f", name, copy, blk, sum,
                       want);
                EXPECT(hc[2 * blk] > 0 && hc[2 * blk + 1] > 0, "%s copy %d block %d: no clock spans", name, copy, blk);
            }
        }
        CUDA_CHECK(cudaFree(a));
        CUDA_CHECK(cudaFree(b));
        CUDA_CHECK(cudaFree(out));
        CUDA_CHECK(cudaFree(clk));
    }
}

/* ---- alpha == 0 (BLAS): A and B are not referenced, C = beta * C ----
 * A and B hold NaN, +inf and -inf (and ones), so any product that reaches C is NaN; with
 * alpha = 0 every variant, both B orientations and both C types must give C = 0 for beta = 0
 * (C poisoned with NaN first: it must not be read either) and C = 2 * C for beta = 2 (C of
 * multiples of 1/8, so 2 * C is exact in every C type); the 8 padding columns of each row of
 * C keep their bytes. */
/* The bytes of element value f in C's type (fp32, or the operands' 16-bit type). */
static void c_bytes(float f, int c16, int bf16, unsigned char *out)
{
    if (c16) {
        const uint16_t u = gpu_bits16(f, bf16);
        memcpy(out, &u, 2);
    } else {
        memcpy(out, &f, 4);
    }
}

static void test_alpha0(void)
{
    enum { M = 130, N = 260, K = 40, LDC = N + 8 };
    void *a, *b, *c;
    CUDA_CHECK(cudaMalloc(&a, (size_t)M * K * 2));
    CUDA_CHECK(cudaMalloc(&b, (size_t)K * N * 2));
    CUDA_CHECK(cudaMalloc(&c, (size_t)M * LDC * 4));
    int bad_runs = 0, runs = 0;
    for (int i = 0; i < swz_hgemm_registry.count; ++i) {
        const swz_variant *v = swz_hgemm_registry.variants[i];
        const swz_hgemm_ops *o = swz_hgemm_ops_of(v);
        /* NaN, +inf, -inf, 1 in the operand's type */
        const uint16_t pat[4] = {(uint16_t)(o->bf16 ? 0x7FC0u : 0x7E00u), (uint16_t)(o->bf16 ? 0x7F80u : 0x7C00u),
                                 (uint16_t)(o->bf16 ? 0xFF80u : 0xFC00u), gpu_bits16(1.0f, o->bf16)};
        std::vector<uint16_t> ha((size_t)M * K), hb((size_t)K * N);
        for (size_t j = 0; j < ha.size(); ++j) ha[j] = pat[j % 4];
        for (size_t j = 0; j < hb.size(); ++j) hb[j] = pat[(j / 3) % 4];
        CUDA_CHECK(cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice));
        for (int bt = 0; bt < 2; ++bt)
            for (int ct = 0; ct < 2; ++ct)
                for (int beta2 = 0; beta2 < 2; ++beta2) {
                    const int c16 = ct == SWZ_HGEMM_C_IN, es = c16 ? 2 : 4;
                    const size_t cbytes = (size_t)M * LDC * es;
                    std::vector<unsigned char> c0(cbytes), got(cbytes);
                    std::vector<float> cf((size_t)M * LDC, 0.0f); /* C's values (beta 2) */
                    test_rng rng = {0xA1FA0ull + (uint64_t)(i * 8 + bt * 4 + ct * 2 + beta2)};
                    if (!beta2) {
                        memset(c0.data(), 0xFF, cbytes); /* NaN in every C type */
                    } else {
                        for (size_t j = 0; j < cf.size(); ++j) {
                            cf[j] = (float)((int)(rng_next(&rng) >> 59) - 16) * 0.125f;
                            c_bytes(cf[j], c16, o->bf16, &c0[j * es]);
                        }
                    }
                    CUDA_CHECK(cudaMemcpy(c, c0.data(), cbytes, cudaMemcpyHostToDevice));
                    const cudaError_t e = o->launch(M, N, K, 0.0f, a, K, b, bt == SWZ_HGEMM_NN ? N : K, bt, beta2 ? 2.0f : 0.0f,
                                                    c, LDC, ct, 0);
                    EXPECT(e == cudaSuccess, "%s alpha 0: launch: %s", v->name, cudaGetErrorString(e));
                    CUDA_CHECK(cudaDeviceSynchronize());
                    CUDA_CHECK(cudaMemcpy(got.data(), c, cbytes, cudaMemcpyDeviceToHost));
                    long long wrong = 0;
                    for (int r = 0; r < M; ++r)
                        for (int j = 0; j < LDC; ++j) {
                            const size_t at = ((size_t)r * LDC + j) * es;
                            if (j >= N) { /* padding: untouched */
                                wrong += memcmp(&got[at], &c0[at], es) != 0;
                                continue;
                            }
                            /* beta 2: the bytes of 2 C (exact); beta 0: a zero of either sign */
                            const float want = beta2 ? 2.0f * cf[(size_t)r * LDC + j] : 0.0f;
                            unsigned char wb[4], gb[4] = {0, 0, 0, 0};
                            c_bytes(want, c16, o->bf16, wb);
                            memcpy(gb, &got[at], es);
                            gb[es - 1] &= want == 0.0f ? 0x7F : 0xFF;
                            if (memcmp(gb, wb, es) != 0) {
                                if (wrong < 3)
                                    printf("  %s %s C %s beta %d: C[%d][%d] has bytes %02x%02x.., want %g\n", v->name,
                                           bt ? "nt" : "nn", c16 ? "in" : "f32", beta2 ? 2 : 0, r, j, got[at + es - 1],
                                           got[at + es - 2], want);
                                ++wrong;
                            }
                        }
                    ++runs;
                    bad_runs += wrong != 0;
                    EXPECT(wrong == 0, "%s %s C %s alpha 0 beta %d: %lld wrong elements (NaN/inf of A, B or C reached C)",
                           v->name, bt ? "nt" : "nn", c16 ? "in" : "f32", beta2 ? 2 : 0, wrong);
                }
    }
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(c));
    printf("alpha 0 with NaN/inf in A and B: %d runs, %d wrong\n", runs, bad_runs);
}

static int test_alpha0_mode(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    test_alpha0();
    return failures ? 1 : 0;
}

/* ---- args ---- */
static int test_args(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    void *a, *b, *c;
    const int64_t n = 64;
    CUDA_CHECK(cudaMalloc(&a, n * n * 2));
    CUDA_CHECK(cudaMalloc(&b, n * n * 2));
    CUDA_CHECK(cudaMalloc(&c, n * n * 4));
    for (int i = 0; i < walked.count; ++i) {
        const swz_variant *v = walked.variants[i];
        const swz_hgemm_fn f = swz_hgemm_ops_of(v)->launch;
        struct call {
            const char *what;
            int64_t M, N, K;
            const void *A;
            int64_t lda;
            const void *B;
            int64_t ldb;
            int bt;
            void *C;
            int64_t ldc;
            int ct;
            cudaError_t want;
        } calls[] = {
            {"M < 0", -1, n, n, a, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"N < 0", n, -1, n, a, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"K < 0", n, n, -1, a, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"A NULL", n, n, n, NULL, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"B NULL", n, n, n, a, n, NULL, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"C NULL", n, n, n, a, n, b, n, SWZ_HGEMM_NN, NULL, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"lda < K", n, n, n, a, n - 1, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"ldb < N (NN)", n, n, n, a, n, b, n - 1, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"ldb < K (NT)", n, n + 8, n, a, n, b, n - 1, SWZ_HGEMM_NT, c, n + 8, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"ldc < N", n, n, n, a, n, b, n, SWZ_HGEMM_NN, c, n - 1, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"b_layout 2", n, n, n, a, n, b, n, 2, c, n, SWZ_HGEMM_C_F32, cudaErrorInvalidValue},
            {"c_type 2", n, n, n, a, n, b, n, SWZ_HGEMM_NN, c, n, 2, cudaErrorInvalidValue},
            {"M == 0", 0, n, n, a, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaSuccess},
            {"N == 0", n, 0, n, a, n, b, n, SWZ_HGEMM_NN, c, n, SWZ_HGEMM_C_F32, cudaSuccess},
        };
        for (const call &k : calls) {
            std::vector<uint32_t> got((size_t)(n * n));
            gpu_poison(c, n * n * 4);
            const cudaError_t e = f(k.M, k.N, k.K, 1.0f, k.A, k.lda, k.B, k.ldb, k.bt, 0.0f, k.C, k.ldc, k.ct, 0);
            EXPECT(e == k.want, "%s, %s: got %s", v->name, k.what, cudaGetErrorString(e));
            EXPECT(cudaGetLastError() == cudaSuccess, "%s, %s: left a CUDA error", v->name, k.what);
            CUDA_CHECK(cudaDeviceSynchronize());
            CUDA_CHECK(cudaMemcpy(got.data(), c, n * n * 4, cudaMemcpyDeviceToHost));
            for (size_t j = 0; j < got.size(); ++j)
                if (got[j] != 0xFFFFFFFFu) {
                    EXPECT(0, "%s, %s: C written", v->name, k.what);
                    break;
                }
        }
    }
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(c));
    test_probe();
    test_alpha0();
    printf("argument checks of %d variants, the loop probes and alpha 0: %s\n", walked.count,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

/* ---- model (no GPU) ---- */
/* The layout formula, written again: element offset of (r, c) in a tile of rows of W 16-bit
 * elements.  none r*W + c; pad r*(W + 8) + c; xor: the 16-byte unit u = c/8 XOR-ed with
 * (r / (128 / (2W))) mod 8 for rows shorter than 128 bytes (several rows share a 128-byte
 * line), r mod 8 otherwise -- restricted to the units of a row (W/8 of them when fewer than 8). */
static uint32_t ref_off(const char *layout, uint32_t W, uint32_t r, uint32_t c)
{
    if (strcmp(layout, "none") == 0) return r * W + c;
    if (strcmp(layout, "pad") == 0) return r * (W + 8) + c;
    const uint32_t units = W / 8, per_line = units < 8 ? 8 / units : 1;
    const uint32_t key = (r / per_line) % 8 % (units < 8 ? units : 8);
    return r * W + (((c / 8) ^ key) * 8) + c % 8;
}

/* lane l's row and 16-byte unit in an ldmatrix.x4 of kind A / B (.trans) / BT (PTX tables) */
static void ref_lane(int bt, uint32_t l, uint32_t *dr, uint32_t *du)
{
    const uint32_t i = l >> 3, j = l & 7;
    if (bt) *dr = 8 * (i >> 1) + j, *du = i & 1;
    else *dr = 8 * (i & 1) + j, *du = i >> 1;
}

static int test_model(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    long long checked = 0;
    for (int vi = 0; vi < walked.count; ++vi) {
        const swz_variant *v = walked.variants[vi];
        const swz_hgemm_ops *o = swz_hgemm_ops_of(v);
        const int warps = o->warps_m * o->warps_n;
        EXPECT(warps * 32 == v->threads, "%s: %d warps but %d threads", v->name, warps, v->threads);
        for (int op = 0; op < 3; ++op) {
            /* tile width (elements per row) and the fragments per warp and k step */
            const uint32_t W = op == 1 ? (uint32_t)o->bn : (uint32_t)o->bk;
            const int nfr = op == 0 ? o->warp_m / 16 : o->warp_n / 16;
            int worst = 0;
            for (int w = 0; w < warps; ++w)
                for (int ks = 0; ks < o->bk / 16; ++ks)
                    for (int f = 0; f < nfr; ++f) {
                        uint32_t addr[32];
                        const uint32_t mask = o->frag_lanes(op, w, ks, f, addr);
                        const int wm = w / o->warps_n, wn = w % o->warps_n;
                        /* fragment origin: rows, columns (elements) of the tile */
                        const uint32_t r0 = op == 0 ? (uint32_t)(wm * o->warp_m + 16 * f)
                                          : op == 1 ? (uint32_t)(16 * ks) : (uint32_t)(wn * o->warp_n + 16 * f);
                        const uint32_t c0 = op == 0 || op == 2 ? (uint32_t)(16 * ks) : (uint32_t)(wn * o->warp_n + 16 * f);
                        EXPECT(mask == 0xFFFFFFFFu, "%s op %d: mask %08x", v->name, op, mask);
                        for (uint32_t l = 0; l < 32; ++l) {
                            uint32_t dr, du;
                            ref_lane(op == 2, l, &dr, &du);
                            const uint32_t want = 2 * ref_off(v->layout, W, r0 + dr, c0 + 8 * du);
                            ++checked;
                            EXPECT(addr[l] == want, "%s op %d warp %d ks %d frag %d lane %u: offset %u, formula %u",
                                   v->name, op, w, ks, f, l, addr[l], want);
                        }
                        const swz_bank_result b = swz_bank_eval(addr, mask, SWZ_LDMATRIX_X4);
                        EXPECT(b.status == SWZ_OK, "%s op %d: bank model error %d", v->name, op, b.status);
                        if ((int)b.ways > worst) worst = (int)b.ways;
                    }
            /* the promise: pad/xor conflict free; none 4-way (rows of 64 bytes: 2 rows per
             * 128 bytes, 8 rows in 2 bank groups), 8-way for rows >= 128 bytes */
            const int want = strcmp(v->layout, "none") != 0 ? 1 : W * 2 >= 128 ? 8 : 4;
            EXPECT(worst == want, "%s op %d (rows of %u bytes): worst ldmatrix %d-way, promised %d-way", v->name, op,
                   W * 2, worst, want);
        }
        uint32_t copy_ways = 1u; /* the worst of the copies predict() counts (A and B NN) */
        for (int bt = -1; bt <= 1; ++bt) {
            /* cp.async row writes by bank.h R8, with the model's sources (each tile row starts
             * its own 128-byte source line; R8 serves per source line across the warp).
             * A quarter warp copies 8 consecutive 16-byte units of the tile: for rows of 64
             * bytes two rows, i.e. two source lines of 4 chunks each; for longer rows 8 chunks
             * of one line.  Derived by hand from R8 (per quarter: the fewest maps per shared
             * line and whole/split pool):
             *   none, xor, 64-byte rows: each row's 4 chunks land whole in one shared line by
             *     one map (none: rotation 0 / 2; xor: the pair shares the key (r >> 1) & 3, a
             *     rotation or a reflection) -> 2 per quarter: twice ideal, worst 2;
             *   none, xor, rows of 128 bytes or more: one line written whole (xor: a key XORed
             *     into the chunk index is a rotation or a reflection, one swap bit) -> ideal;
             *   pad (rows + 16 bytes), 64-byte rows (stride 80): rows 2m, 2m+1 with m = q mod
             *     4 in every instruction: m = 0: row 2m whole 1 + row 2m+1 split 3 = 4; m = 1:
             *     1 + 3 = 4; m = 2: 1 + 2 = 3; m = 3: 2 (its row crosses a shared line) + 2 =
             *     4 -> 15 per 4 ideal, worst 4;
             *   pad, rows of 128 bytes or more (stride 16 mod 128): the quarter's 8 units
             *     start at chunk s = r mod 8 of a shared line: s = 0: 1; s even: 2 lines, one
             *     rotation each = 2; s = 1, 7: 3; s = 3, 5: 4 -> over the 8 residues (every
             *     tile has a multiple of 8 rows) 21 per 8 ideal, worst 4.
             * (The per-block totals predict() derives from these match the H200's LDGSTS
             * counters: xor / none k32 2048 wavefronts, pad k32 4608, xor k64 3072.) */
            swz_tile_cost c;
            const uint32_t row_bytes = 2u * (bt == SWZ_HGEMM_NN ? (uint32_t)o->bn : (uint32_t)o->bk);
            const int pad = strcmp(v->layout, "pad") == 0, short_rows = row_bytes < 128;
            const uint32_t want = pad ? 4u : short_rows ? 2u : 1u;
            const uint64_t num = pad ? (short_rows ? 15u : 21u) : short_rows ? 2u : 1u;
            const uint64_t den = pad ? (short_rows ? 4u : 8u) : 1u;
            EXPECT(o->copy_model(bt, &c) == SWZ_OK, "%s copy %d: model error", v->name, bt);
            EXPECT(c.worst_ways == want && c.wavefronts * den == c.ideal * num,
                   "%s copy %d (rows of %u bytes): %llu wavefronts, ideal %llu, %u-way; promised %u-way, %llu/%llu of ideal",
                   v->name, bt, row_bytes, (unsigned long long)c.wavefronts, (unsigned long long)c.ideal, c.worst_ways,
                   want, (unsigned long long)num, (unsigned long long)den);
            if (bt <= 0) copy_ways = copy_ways > c.worst_ways ? copy_ways : c.worst_ways;
        }
        swz_tile_cost st, ld;
        EXPECT(v->predict(&st, &ld) == SWZ_OK, "%s: predict failed", v->name);
        const int lw = strcmp(v->layout, "none") == 0 ? 8 : 1;
        EXPECT((int)ld.worst_ways == lw, "%s: predicted loads %u-way, promised %d", v->name, ld.worst_ways, lw);
        /* stores: the copies (A, B NN) of every slice and the epilogue's conflict-free STS.64 */
        EXPECT(st.worst_ways == copy_ways, "%s: predicted stores %u-way, the copies %u-way", v->name, st.worst_ways,
               copy_ways);
    }
    printf("fragment addresses of %d variants: %lld lanes checked: %s\n", walked.count, checked,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

static const family_test walk = {&walked, "all", "[--quick]", setup, NULL, cases, run};
static const family_extra extras[] = {{"args", "", test_args, 1}, {"alpha0", "", test_alpha0_mode, 1},
                                      {"model", "", test_model, 0}, {NULL, NULL, NULL, 0}};

int main(int argc, char **argv) { return family_test_main(&walk, extras, argc, argv); }
