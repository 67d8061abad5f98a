/* tests/gpu/test_transpose.cu -- every transpose variant against a CPU reference.
 *
 *   test-transpose all     every variant x shapes 1x1, 1xN, Nx1, non-multiples of the tile,
 *                          exact multiples, padded leading dimensions, a batch with gaps,
 *                          misaligned pointers and leading dimensions (the twin kernels:
 *                          output rows at every offset in their 16-byte units, one offset
 *                          for all rows, row counts that are and are not multiples of the
 *                          tile, fewer than a tile and its next rows, batches of matrices at
 *                          other offsets, launches split by rows), ragged shapes with
 *                          leading dimensions of whole 16-byte units; every element of
 *                          the output checked, and every byte the launcher must not write
 *                          (ld padding, batch gaps, 256 bytes before and after the output)
 *                          checked to still hold the poison; the
 *                          TMA layout must refuse (ops->accepts, the launcher) exactly the
 *                          shapes whose pitches are not whole 16-byte units, writing nothing
 *   test-transpose big     'batch', then a 65536 x 32769 uint8 matrix (2^31 + 2^16 elements:
 *                          64-bit indexing) through the XOR and naive kernels, checked in full,
 *                          and 16-byte elements from 256 MiB off a line (the peel)
 *   test-transpose batch   batches longer than gridDim.z allows (70000 ragged 17 x 9 matrices
 *                          with gaps: the launcher splits them over launches), packed 64 x 64
 *                          and 256 x 256 batches (the bench's), and every shipped element type
 *                          (the TMA layout too)
 *   test-transpose args    launcher argument checks: NULL, negative, ld too small,
 *                          overlapping batch outputs, in/out overlap, int64 overflow ->
 *                          cudaErrorInvalidValue and nothing written; empty shapes ->
 *                          cudaSuccess and nothing written
 *   test-transpose model   (no GPU) the bank model's promises, for every variant and its
 *                          twin for misaligned rows: xor/pad conflict free where the tile
 *                          rows allow it, none conflicting
 *   test-transpose twins   (no GPU) the twin kernels and their access widths (sass_check.py)
 *   --quick (with all)     fewer shapes, for compute-sanitizer runs
 *   --layout L (with all)  only the variants of layout L (e.g. tma)
 * The walk ('all') and the dispatch are tests/gpu/family_test.h; this file has the shapes,
 * the case (run_case) and the extra modes.  Exit 77 without a GPU (meson: SKIP).  Random data
 * from a fixed seed; no element of the input
 * is all 0xFF bytes, so an output element still equal to the 0xFF poison was not written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>

#include "gpu_util.h"
#include "transpose.h"

static int failures = 0; /* EXPECT (gpu_util.h) counts here */

#include "family_test.h" /* the walk of every variant on every shape, and main() */

/* Random bytes, then no element left all 0xFF (the poison). */
static void fill_input(test_rng *rng, unsigned char *p, size_t n_elems, int es)
{
    rng_bytes(rng, p, n_elems * (size_t)es);
    for (size_t i = 0; i < n_elems; ++i) {
        unsigned char *e = p + i * (size_t)es;
        int all = 1;
        for (int b = 0; b < es; ++b) all &= e[b] == 0xFF;
        if (all) e[0] = 0x5A;
    }
}

struct shape {
    int64_t rows, cols, ld_in, ld_out, batch, bs_in, bs_out;
    int misalign_in, misalign_out; /* elements added to the pointers */
};

/* TMA's rule, stated here independently of the kernel: pointers, leading dimensions and (for a
 * batch) batch strides in whole 16-byte units, batch strides at least a matrix. */
static bool tma_encodable(const shape &s, int es)
{
    const bool units = (s.ld_in * es) % 16 == 0 && (s.ld_out * es) % 16 == 0 && (s.misalign_in * es) % 16 == 0 &&
                       (s.misalign_out * es) % 16 == 0;
    return units && (s.batch == 1 || ((s.bs_in * es) % 16 == 0 && (s.bs_out * es) % 16 == 0 &&
                                      s.bs_in >= s.rows * s.ld_in && s.bs_out >= s.cols * s.ld_out));
}

/* Bytes of poison before and after the output matrices, checked like the gaps inside. */
static const size_t guard = 256;

/* Runs one case; returns the number of wrong elements + touched gap bytes.  A variant with
 * ops->accepts (the TMA layout) must refuse exactly the shapes TMA cannot encode, with a
 * sentence naming the 16-byte rule, return that refusal from the launcher and write nothing. */
static long long run_case(const swz_variant *v, const shape &s, test_rng *rng)
{
    const int es = v->elem_size;
    const int64_t ext_in = (s.batch - 1) * s.bs_in + (s.rows - 1) * s.ld_in + s.cols;
    const int64_t ext_out = (s.batch - 1) * s.bs_out + (s.cols - 1) * s.ld_out + s.rows;
    const size_t bin = (size_t)(ext_in + s.misalign_in) * es, bout = guard + (size_t)(ext_out + s.misalign_out) * es + guard;
    std::vector<unsigned char> hin(bin), hout(bout), expect(bout, 0xFF);
    unsigned char *din, *dout;
    long long bad = 0;
    fill_input(rng, hin.data(), bin / es, es);
    CUDA_CHECK(cudaMalloc(&din, bin));
    CUDA_CHECK(cudaMalloc(&dout, bout));
    CUDA_CHECK(cudaMemcpy(din, hin.data(), bin, cudaMemcpyHostToDevice));
    gpu_poison(dout, bout);
    const swz_transpose_ops *ops = swz_transpose_ops_of(v);
    unsigned char *pin = din + (size_t)s.misalign_in * es, *pout = dout + guard + (size_t)s.misalign_out * es;
    cudaError_t want = cudaSuccess;
    char why[160] = "";
    if (ops->accepts) {
        const bool ok = tma_encodable(s, es);
        want = ops->accepts(pin, pout, s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.bs_in, s.bs_out, why, sizeof why);
        EXPECT((want == cudaSuccess) == ok, "%s: %lld x %lld (ld %lld/%lld, misalign %d/%d): accepts() says %s (%s), "
               "the 16-byte rule says %s", v->name, (long long)s.rows, (long long)s.cols, (long long)s.ld_in,
               (long long)s.ld_out, s.misalign_in, s.misalign_out, cudaGetErrorString(want), why, ok ? "run" : "refuse");
        const bool units = (s.ld_in * es) % 16 == 0 && (s.ld_out * es) % 16 == 0 && (s.misalign_in * es) % 16 == 0 &&
                           (s.misalign_out * es) % 16 == 0 && (s.batch == 1 || ((s.bs_in * es) % 16 == 0 && (s.bs_out * es) % 16 == 0));
        if (want != cudaSuccess)
            EXPECT(strstr(why, units ? "stride" : "16 bytes") != NULL, "%s: the refusal does not name the %s: '%s'",
                   v->name, units ? "batch stride" : "16-byte rule", why);
    }
    cudaError_t e = ops->launch(pin, pout, s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.bs_in, s.bs_out, 0);
    EXPECT(e == want, "%s: launch returned %s, want %s", v->name, cudaGetErrorString(e), cudaGetErrorString(want));
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(hout.data(), dout, bout, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(din));
    CUDA_CHECK(cudaFree(dout));
    /* the expected output buffer: poison everywhere, the transpose where it belongs (nowhere
     * when the call was refused) */
    for (int64_t b = 0; b < (want == cudaSuccess ? s.batch : 0); ++b)
        for (int64_t r = 0; r < s.rows; ++r)
            for (int64_t c = 0; c < s.cols; ++c)
                memcpy(&expect[guard + (size_t)(s.misalign_out + b * s.bs_out + c * s.ld_out + r) * es],
                       &hin[(size_t)(s.misalign_in + b * s.bs_in + r * s.ld_in + c) * es], (size_t)es);
    for (size_t i = 0; i < bout; i += (size_t)es)
        bad += memcmp(&expect[i], &hout[i], (size_t)es) != 0;
    if (bad)
        printf("FAIL %s: %lld x %lld (ld %lld/%lld, batch %lld, bs %lld/%lld, misalign %d/%d): "
               "%lld wrong elements\n",
               v->name, (long long)s.rows, (long long)s.cols, (long long)s.ld_in, (long long)s.ld_out,
               (long long)s.batch, (long long)s.bs_in, (long long)s.bs_out, s.misalign_in,
               s.misalign_out, bad);
    return bad;
}

static shape plain(int64_t r, int64_t c)
{
    shape s = {r, c, c, r, 1, 0, 0, 0, 0};
    return s;
}

/* s with leading dimensions rounded up to multiples of a elements. */
static shape round_lds(shape s, int64_t a)
{
    s.ld_in = (s.cols + a - 1) / a * a;
    s.ld_out = (s.rows + a - 1) / a * a;
    return s;
}

/* s as a packed batch of n matrices (batch strides of one matrix). */
static shape packed(shape s, int64_t n)
{
    s.batch = n;
    s.bs_in = s.rows * s.ld_in;
    s.bs_out = s.cols * s.ld_out;
    return s;
}

static int quick = 0;               /* all --quick */
static const char *only_layout = NULL; /* all --layout L */

static int setup(int argc, char **argv)
{
    for (int i = 0; i < argc; ++i) {
        if (strcmp(argv[i], "--quick") == 0) quick = 1;
        else if (strcmp(argv[i], "--layout") == 0 && i + 1 < argc) only_layout = argv[++i];
        else return 2;
    }
    return 0;
}

static int selected(const swz_variant *v) { return !only_layout || strcmp(v->layout, only_layout) == 0; }

/* The shapes of v: the edge cases, ragged and exact region multiples, padding, batches,
 * misalignment (the last four not with --quick). */
static std::vector<shape> shapes_of(const swz_variant *v)
{
    const int64_t R = swz_transpose_ops_of(v)->region_rows, C = swz_transpose_ops_of(v)->region_cols, T = v->tile;
    const int es = v->elem_size;
    std::vector<shape> sh;
    sh.push_back(plain(1, 1));
    sh.push_back(plain(1, 1000));
    sh.push_back(plain(1000, 1));
    sh.push_back(plain(T - 1, T + 1));                  /* non-multiples of the tile */
    sh.push_back(plain(3 * R + 5, 2 * C + 7));          /* ragged region edges */
    sh.push_back(plain(4 * R, 2 * C));                  /* exact multiples: fast path */
    {
        /* ragged, with leading dimensions of whole 16-byte units (what the TMA layout takes:
         * clipped boxes; output rows ending inside a unit) */
        const int64_t a = es < 16 ? 16 / es : 1;
        sh.push_back(round_lds(plain(3 * R + 5, 2 * C + 7), a));
        sh.push_back(plain(2 * R + a, C + 3 * a));           /* ragged, packed, rows of whole units */
        sh.push_back(packed(plain(R + a, C + 5 * a), 3));    /* a packed ragged batch */
    }
    {
        shape s = plain(2 * R + 3, C + 9); /* padded leading dimensions */
        s.ld_in = s.cols + 3;
        s.ld_out = s.rows + 5;
        sh.push_back(s);
    }
    {
        shape s = plain(2 * R, 2 * C); /* aligned batch with gaps between matrices */
        s.batch = 3;
        s.ld_in = s.cols + 16;
        s.ld_out = s.rows + 32;
        s.bs_in = s.rows * s.ld_in + 64;
        s.bs_out = s.cols * s.ld_out + 48;
        sh.push_back(s);
    }
    if (!quick) {
        shape s = plain(37, 53); /* small ragged batch */
        s.batch = 5;
        s.bs_in = s.rows * s.ld_in + 1;
        s.bs_out = s.cols * s.ld_out + 3;
        sh.push_back(s);
        s = plain(2 * R + 1, C + 1); /* misaligned pointers: the twin kernel (shifted path) */
        s.misalign_in = 1;
        s.misalign_out = 1;
        sh.push_back(s);
        s = plain(2 * R, 2 * C); /* misaligned output only */
        s.misalign_out = 1;
        sh.push_back(s);
        s = plain(T, 3 * C); /* one row of tiles, wide */
        sh.push_back(s);
        /* the twins (misaligned rows), where SWZ_TRANSPOSE_MIS_OWN's units and next rows reach: */
        const int v = es < 16 ? 16 / es : 1; /* elements per 16-byte unit */
        s = plain(2 * R + 3, C + 5); /* odd ld_out: the output rows at every offset of their units */
        s.ld_out = s.rows | 1;
        sh.push_back(s);
        s = plain(2 * R, 2 * C); /* aligned rows, the output one element short of a unit */
        s.misalign_out = v - 1;
        sh.push_back(s);
        s = plain(R, C); /* one region: the last unit of each run cut by the matrix's end */
        s.misalign_out = 1;
        sh.push_back(s);
        s = plain(R + 3, C); /* fewer rows than a tile and its next rows */
        s.misalign_in = s.misalign_out = 1;
        sh.push_back(s);
        s = plain(2 * R + 1, C + 3); /* a batch of matrices at other offsets */
        s.batch = 3;
        s.bs_in = s.rows * s.ld_in + 5;
        s.bs_out = s.cols * s.ld_out + 7;
        sh.push_back(s);
        s = plain(4 * R + 7, C + 2); /* more region rows than one launch takes in the emulation */
        s.misalign_out = 3;
        sh.push_back(s);
        s = plain(1, C + 1); /* one row, one column */
        s.misalign_in = s.misalign_out = 1;
        sh.push_back(s);
        s = plain(R + v, 1);
        s.misalign_in = s.misalign_out = 1;
        sh.push_back(s);
        /* rows of whole units under misaligned pointers (the twin), ragged, in a batch whose
         * strides keep the rows aligned */
        s = packed(round_lds(plain(2 * R + 5, 2 * C + 3), v), 2);
        s.misalign_in = 1;
        s.misalign_out = v - 1;
        sh.push_back(s);
        {
            /* rows of whole 128-byte lines under pointers off a line, in a batch: the launcher
             * peels 16-byte elements (in the emulation at any size), the twin takes the others */
            const int64_t l = es < 128 ? 128 / es : 1;
            s = packed(round_lds(plain(2 * R + 3, C + 1), l), 2);
            s.misalign_in = (int)(l / 2 + 1);
            s.misalign_out = 2;
            sh.push_back(s);
        }
        if (v > 1) {
            s = plain(v - 1, 3 * C); /* fewer rows than the output pointer's offset in its unit */
            s.ld_out = v;
            s.misalign_out = 1;
            sh.push_back(s);
        }
    }
    return sh;
}

static int cases(const swz_variant *v) { return (int)shapes_of(v).size(); }

static long long run(const swz_variant *v, int i)
{
    static test_rng rng = {0x5EED0001u};
    return run_case(v, shapes_of(v)[(size_t)i], &rng);
}

/* Large batches stay exact: more matrices than one launch's gridDim.z (65535), ragged and with
 * gaps between matrices; and the bench's packed batches of 64 x 64 and 256 x 256 matrices.  The
 * XOR variant of the largest tile of every element type, and the naive one. */
static int test_batch(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    const char *names[] = {"swz_transpose_xor_64_u8",    "swz_transpose_xor_64_half",   "swz_transpose_xor_64_float",
                           "swz_transpose_xor_64_double", "swz_transpose_xor_32_v16",    "swz_transpose_naive_32_float",
                           "swz_transpose_tma_64_float",  "swz_transpose_tma_32_double", "swz_transpose_tma_32_v16"};
    static test_rng rng = {0x5EED0003u};
    long long bad = 0;
    for (const char *name : names) {
        const swz_variant *v = swz_variant_find(&swz_transpose_registry, name);
        EXPECT(v != NULL, "variant %s missing", name);
        if (!v) continue;
        shape s = plain(17, 9); /* ragged, gaps: bs > the matrix */
        s.batch = 70000;
        s.bs_in = s.rows * s.ld_in + 3;
        s.bs_out = s.cols * s.ld_out + 5;
        long long b = run_case(v, s, &rng);
        s = plain(64, 64); /* packed, as bench_transpose's 4096 x 64 x 64 */
        s.batch = 4096;
        s.bs_in = s.bs_out = 64 * 64;
        b += run_case(v, s, &rng);
        s = plain(256, 256);
        s.batch = 64;
        s.bs_in = s.bs_out = 256 * 256;
        b += run_case(v, s, &rng);
        printf("%-34s batches 70000 x 17x9, 4096 x 64x64, 64 x 256x256: %s\n", name, b ? "FAILED" : "ok");
        bad += b;
    }
    return bad || failures ? 1 : 0;
}

/* 65536 x 32769 uint8: more than 2^31 elements, checked in full in 64x64 blocks ('batch'
 * first). */
static int test_big(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    if (test_batch(0, argv) != 0) return 1;
    const int64_t R = 65536, C = 32769, N = R * C;
    const char *names[] = {"swz_transpose_xor_64_u8", "swz_transpose_naive_32_u8"};
    std::vector<unsigned char> hin((size_t)N), hout((size_t)N);
    unsigned char *din, *dout;
    uint64_t s = 0x5EED0002u;
    for (int64_t i = 0; i < N; i += 8) { /* xorshift64*, 8 bytes at a time, never 0xFF */
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        uint64_t x = s * 0x2545F4914F6CDD1Dull;
        for (int b = 0; b < 8 && i + b < N; ++b, x >>= 8) hin[(size_t)(i + b)] = (unsigned char)(x % 255u);
    }
    CUDA_CHECK(cudaMalloc(&din, (size_t)N));
    CUDA_CHECK(cudaMalloc(&dout, (size_t)N));
    CUDA_CHECK(cudaMemcpy(din, hin.data(), (size_t)N, cudaMemcpyHostToDevice));
    for (const char *name : names) {
        const swz_variant *v = swz_variant_find(&swz_transpose_registry, name);
        long long bad = 0;
        EXPECT(v != NULL, "variant %s missing", name);
        if (!v) continue;
        gpu_poison(dout, (size_t)N);
        EXPECT(swz_transpose_ops_of(v)->launch(din, dout, R, C, C, R, 1, 0, 0, 0) == cudaSuccess, "%s: launch", name);
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemcpy(hout.data(), dout, (size_t)N, cudaMemcpyDeviceToHost));
        for (int64_t r0 = 0; r0 < R; r0 += 64)
            for (int64_t c0 = 0; c0 < C; c0 += 64)
                for (int64_t c = c0; c < std::min(C, c0 + 64); ++c) {
                    const unsigned char *o = &hout[(size_t)(c * R + r0)];
                    for (int64_t r = r0; r < std::min(R, r0 + 64); ++r)
                        bad += o[r - r0] != hin[(size_t)(r * C + c)];
                }
        EXPECT(bad == 0, "%s: %lld of %lld elements wrong", name, bad, (long long)N);
        printf("%s %lld x %lld (%lld elements): %s\n", name, (long long)R, (long long)C,
               (long long)N, bad ? "FAILED" : "ok");
    }
    CUDA_CHECK(cudaFree(din));
    CUDA_CHECK(cudaFree(dout));
    /* 16-byte elements from 256 MiB on rows of whole lines under pointers off a line: the
     * launcher's peel (transpose.cuh NAME__peel; the emulation covers it on small shapes) */
    static test_rng rng = {0x5EED0004u};
    for (const char *name : {"swz_transpose_xor_32_v16", "swz_transpose_xor_16_v16"}) {
        const swz_variant *v = swz_variant_find(&swz_transpose_registry, name);
        EXPECT(v != NULL, "variant %s missing", name);
        if (!v) continue;
        shape sh = round_lds(plain(4099, 4101), 8); /* 8 elements: whole 128-byte lines */
        sh.misalign_in = 3;
        sh.misalign_out = 5;
        const long long bad = run_case(v, sh, &rng);
        printf("%s 4099 x 4101 from bases off a line: %s\n", name, bad ? "FAILED" : "ok");
        EXPECT(bad == 0, "%s: the peeled transpose: %lld wrong", name, bad);
    }
    return failures ? 1 : 0;
}

static int test_args(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    const int64_t big = (int64_t)1 << 40;
    unsigned char *buf;
    std::vector<unsigned char> h(1 << 16);
    const size_t bytes = 1 << 16;
    CUDA_CHECK(cudaMalloc(&buf, bytes));
    for (int i = 0; i < swz_transpose_registry.count; ++i) {
        const swz_variant *v = swz_transpose_registry.variants[i];
        const int es = v->elem_size;
        unsigned char *in = buf, *out = buf + bytes / 2; /* 32 KiB each */
        struct bad_call {
            const char *what;
            const void *in;
            void *out;
            int64_t rows, cols, ld_in, ld_out, batch, bs_in, bs_out;
            cudaError_t want;
        } calls[] = {
            {"in NULL", NULL, out, 4, 4, 4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"out NULL", in, NULL, 4, 4, 4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"rows < 0", in, out, -1, 4, 4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"cols < 0", in, out, 4, -1, 4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"batch < 0", in, out, 4, 4, 4, 4, -1, 0, 0, cudaErrorInvalidValue},
            {"ld_in < cols", in, out, 4, 8, 7, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"ld_out < rows", in, out, 8, 4, 4, 7, 1, 0, 0, cudaErrorInvalidValue},
            {"ld_in < 0", in, out, 4, 4, -4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"bs_in < 0", in, out, 4, 4, 4, 4, 2, -16, 16, cudaErrorInvalidValue},
            {"bs_out < 0", in, out, 4, 4, 4, 4, 2, 16, -16, cudaErrorInvalidValue},
            {"batch outputs overlap", in, out, 4, 4, 4, 4, 2, 16, 15, cudaErrorInvalidValue},
            {"in and out overlap", in, in + 8 * es, 4, 4, 4, 4, 1, 0, 0, cudaErrorInvalidValue},
            {"extent overflows int64", in, out, big, big, big, big, 1, 0, 0, cudaErrorInvalidValue},
            {"batch extent overflows", in, out, 4, 4, 4, 4, big, big, big, cudaErrorInvalidValue},
            {"rows == 0", in, out, 0, 4, 4, 4, 1, 0, 0, cudaSuccess},
            {"cols == 0", in, out, 4, 0, 4, 4, 1, 0, 0, cudaSuccess},
            {"batch == 0", in, out, 4, 4, 4, 4, 0, 0, 0, cudaSuccess},
            {"empty with NULL pointers", NULL, NULL, 0, 0, 0, 0, 1, 0, 0, cudaSuccess},
        };
        for (const bad_call &c : calls) {
            gpu_poison(buf, bytes);
            cudaError_t e = swz_transpose_ops_of(v)->launch(c.in, c.out, c.rows, c.cols, c.ld_in, c.ld_out, c.batch,
                                      c.bs_in, c.bs_out, 0);
            EXPECT(e == c.want, "%s, %s: got %s, want %s", v->name, c.what, cudaGetErrorString(e),
                   cudaGetErrorString(c.want));
            EXPECT(cudaGetLastError() == cudaSuccess, "%s, %s: left a CUDA error", v->name, c.what);
            CUDA_CHECK(cudaDeviceSynchronize());
            CUDA_CHECK(cudaMemcpy(h.data(), buf, bytes, cudaMemcpyDeviceToHost));
            EXPECT(std::all_of(h.begin(), h.end(), [](unsigned char x) { return x == 0xFF; }),
                   "%s, %s: memory was written", v->name, c.what);
        }
    }
    CUDA_CHECK(cudaFree(buf));
    printf("argument checks of %d variants: %s\n", swz_transpose_registry.count,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

/* The bank model's promises for one block of a variant's kernel, or of its twin for misaligned
 * rows (the same promises: a twin's layout is built for its own copies' width): xor with the
 * line view (XOR_LINES 1, the default: the shipped xor variants, the 48 tile's key included) is
 * conflict free for both copies; xor with the per-tile key and pad are conflict free for the
 * transposed reads whenever a tile row is >= 64 bytes and for the row stores whenever it is a
 * whole number of 128-byte lines (narrower rows put several tiles of the block's region into
 * one phase, which no per-tile layout separates; pad's 48 floats, 192 bytes, are 2-way where a
 * phase crosses a row end: docs/layouts.md); none conflicts on the reads. */
static void check_promises(const swz_variant *v, const char *what, int (*predict)(swz_tile_cost *, swz_tile_cost *))
{
    const int row_bytes = v->tile * v->elem_size;
    swz_tile_cost st, ld;
    const int e = predict(&st, &ld);
    EXPECT(e == SWZ_OK, "%s%s: model error %d", v->name, what, e);
    if (e != SWZ_OK) return;
    if (strcmp(v->layout, "naive") == 0) {
        EXPECT(st.instructions == 0 && ld.instructions == 0, "%s: naive uses shared memory?", v->name);
        return;
    }
    EXPECT(st.instructions > 0 && ld.instructions > 0, "%s%s: no shared instructions", v->name, what);
    if (strcmp(v->layout, "xor") == 0 && strstr(v->knobs, "xor_lines=1")) {
        /* the per-tile key on rows of 128 bytes or more, swz_solve's line view below that:
         * conflict free for both copies at every TILE (docs/solver.md) */
        EXPECT(ld.wavefronts == ld.ideal, "%s%s: reads %llu wavefronts, ideal %llu", v->name, what,
               (unsigned long long)ld.wavefronts, (unsigned long long)ld.ideal);
        EXPECT(st.wavefronts == st.ideal, "%s%s: stores %llu wavefronts, ideal %llu", v->name, what,
               (unsigned long long)st.wavefronts, (unsigned long long)st.ideal);
    } else if (strcmp(v->layout, "tma") == 0) {
        /* the lane mapping of tma.inc: conflict free for the 16-byte reads of the loaded
         * tile and the 16-byte writes of the transposed one */
        EXPECT(ld.wavefronts == ld.ideal && st.wavefronts == st.ideal, "%s: %llu / %llu read, %llu / %llu "
               "written wavefronts (ideal)", v->name, (unsigned long long)ld.wavefronts,
               (unsigned long long)ld.ideal, (unsigned long long)st.wavefronts, (unsigned long long)st.ideal);
    } else if (strcmp(v->layout, "xor") == 0 || strcmp(v->layout, "pad") == 0) {
        if (row_bytes >= 64)
            EXPECT(ld.wavefronts == ld.ideal, "%s%s: reads %llu wavefronts, ideal %llu", v->name, what,
                   (unsigned long long)ld.wavefronts, (unsigned long long)ld.ideal);
        if (row_bytes >= 128 && row_bytes % 128 == 0)
            EXPECT(st.wavefronts == st.ideal, "%s%s: stores %llu wavefronts, ideal %llu", v->name, what,
                   (unsigned long long)st.wavefronts, (unsigned long long)st.ideal);
    }
    if (strcmp(v->layout, "none") == 0)
        EXPECT(ld.wavefronts > ld.ideal, "%s%s: the row-major tile does not conflict?", v->name, what);
}

/* A twin with SWZ_TRANSPOSE_MIS_OWN (ops->mis_own) issues, beside its copies' shared instructions, the
 * next NV = 16/E rows' stores (NV/TILE of the tile's: the same vectors per row) and, in store_t,
 * as many reads again (each warp's item step reads VEC_T rows of its items' words, and VEC_T
 * rows more in the lanes that end a run); its copies at 16 bytes are the kernel's, so its model
 * is the kernel's with those. */
static void check_own(const swz_variant *v)
{
    const swz_transpose_ops *ops = swz_transpose_ops_of(v);
    swz_tile_cost st, ld, tst, tld;
    if (!ops->mis_own || !ops->mis_predict || ops->mis_vbytes != 16) return;
    const uint64_t nv = (uint64_t)(16 / v->elem_size), t = (uint64_t)v->tile;
    EXPECT(v->predict(&st, &ld) == SWZ_OK && ops->mis_predict(&tst, &tld) == SWZ_OK, "%s: model error", v->name);
    EXPECT(tld.instructions == 2 * ld.instructions && tst.instructions * t == st.instructions * (t + nv),
           "%s (twin): %llu shared stores and %llu reads, want %llu and %llu (the kernel's with the next rows)",
           v->name, (unsigned long long)tst.instructions, (unsigned long long)tld.instructions,
           (unsigned long long)(st.instructions * (t + nv) / t), (unsigned long long)(2 * ld.instructions));
}

/* 'model' (no GPU): every prediction succeeds, and the promises above hold for every variant
 * and every twin. */
static int test_model(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    int twins = 0;
    for (int i = 0; i < swz_transpose_registry.count; ++i) {
        const swz_variant *v = swz_transpose_registry.variants[i];
        const swz_transpose_ops *ops = swz_transpose_ops_of(v);
        check_promises(v, "", v->predict);
        if (ops->mis_predict) check_promises(v, " (twin)", ops->mis_predict), ++twins;
        check_own(v);
        EXPECT(!ops->mis_predict == !ops->mis_kernel && !ops->mis_kernel == !ops->mis_vbytes,
               "%s: a twin kernel half described", v->name);
    }
    printf("bank-model promises of %d variants and %d twins: %s\n", swz_transpose_registry.count, twins,
           failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

/* 'twins' (no GPU): one line per twin kernel, "<kernel> <widest access in bytes>", what
 * tests/gpu/sass_check.py checks the twins' SASS against. */
static int list_twins(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) return 2;
    for (int i = 0; i < swz_transpose_registry.count; ++i) {
        const swz_transpose_ops *ops = swz_transpose_ops_of(swz_transpose_registry.variants[i]);
        /* the third column: 1 where the twin writes whole output units by ownership */
        if (ops->mis_kernel) printf("%s %d %d\n", ops->mis_kernel, ops->mis_vbytes, ops->mis_own);
    }
    return 0;
}

static const family_test walk = {&swz_transpose_registry, "all", "[--quick] [--layout L]", setup, selected, cases, run};
static const family_extra extras[] = {
    {"big", "", test_big, 1}, {"batch", "", test_batch, 1}, {"args", "", test_args, 1}, {"model", "", test_model, 0}, {"twins", "", list_twins, 0},
    {NULL, NULL, NULL, 0}};

int main(int argc, char **argv) { return family_test_main(&walk, extras, argc, argv); }
