/* bench/bench_transpose_types.h -- bench_transpose's every-element-type section: how
 * close to a copy is a transpose of u8, half, float, double and 16-byte elements, and is it
 * faster than what a user would call instead?
 *
 * What it measures
 *   For each ELEM (u8, half, float, double, v16) and each problem -- 8192^2, 16384^2, the ragged
 *   8191 x 16385 and 16385 x 8191 (odd leading dimensions: no row is 16-byte aligned), 8192^2
 *   from a base one element past 16-byte alignment ("8192x8192+1": rows of whole units, every
 *   one misaligned by the same offset), a batch of 4096 matrices of 64 x 64 and one of 1024 of
 *   256 x 256 (packed) -- in the same run:
 *     memcpy        cudaMemcpy D2D of the same bytes (it moves 2x them, as the transpose does)
 *     memcpy_kernel a plain 16-byte-vector copy kernel of the same bytes (a reference: what a
 *                   kernel reaches; not a peer)
 *     cuBLAS geam   C = A^T (alpha 1, beta 0): cublasSgeam for 4-byte elements, cublasDgeam and
 *                   cublasCgeam (complex float) for 8, cublasZgeam (complex double) for 16;
 *                   none for 1 and 2 bytes, none for the batches (cuBLAS has no batched geam)
 *     swz variants  the shipped xor/pad tiles, the TMA layout (4-, 8- and 16-byte elements; it
 *                   refuses the ragged size, whose pitches are not whole 16-byte units) and the
 *                   element's tuning candidates (tuning.h)
 *   GB/s = bytes read + written / median time of the problem's reps (fewer at 16384^2 and the
 *   ragged size) after warm-up; every ratio is a same-run time ratio t_other / t_variant.
 *   torch (x.t().contiguous()) is bench/torch_transpose.py, run right after this program by
 *   bench/gpu.sh; it reads this section's CSV for the same-run ratios.
 *
 * Checks: every output (the peers' too) poisoned with 0xFF first, then compared with the input
 * bit for bit on the GPU (examples/transpose/check.cuh); a wrong result fails the program.
 *
 * Output: a table per problem and element (ratios to memcpy and to each peer), and
 * DIR/transpose_types.csv (bench_util.h's columns; size cell "ELEM PROBLEM", e.g.
 * "u8 8192x8192"; ratio_peer against the element's first geam where there is one).
 *
 * Example (bench_transpose.cu)
 *   #include "bench_transpose_types.h"
 *   int rc = bench_transpose_types(o, "u8,float", NULL);   // NULL or "": every element type,
 *                                                           // every problem ("8192x8192,...")
 * With o.ncu (--ncu): each peer and variant launched once (its checked launch), not timed:
 * one profiled launch each under ncu.
 */
#ifndef SWZ_BENCH_TRANSPOSE_TYPES_H
#define SWZ_BENCH_TRANSPOSE_TYPES_H

#include <cublas_v2.h>
#include <cuComplex.h>

#include "bench_util.h"
#include "transpose.h"
#include "tuning.h"
#include "check.cuh" /* examples/transpose: device fill and bit-exact check */

struct bt_problem {
    const char *name; /* size cell, e.g. 8192x8192 or 4096x64x64 (batch x rows x cols) */
    int64_t rows, cols, batch;
    int reps;
    int off; /* elements between the 256-byte aligned allocations and the input and output bases */
};

/* The candidates of the section (swz_transpose_<name>), timed on the problems of their
 * element (v->elem); the tuning candidates among them are instantiated by tuning.inc. */
static const char *const bt_candidates[] = {
    "xor_64_u8",     "pad_64_u8",     "xor_128_u8", "xor_32_u8",  "xor_64_u8_key",
    "xor_128_u8_own",
    "xor_64_half",   "pad_64_half",   "xor_64_half_a", "xor_32_half", "xor_32_half_key",
    "xor_64_float",  "pad_64_float",  "xor_64_float_h4",  "xor_64_float_r32k_t512", "xor_64_float_a",
    "xor_32_float",
    "xor_64_double", "pad_64_double", "xor_32_double",
    "xor_32_double_split2", "xor_32_double_split4", "xor_32_double_a",
    "xor_32_v16",    "pad_32_v16",    "xor_16_v16",
    "xor_32_v16_split2", "xor_32_v16_split4", "xor_32_v16_a",
    "tma_64_half",   "tma_64_float",  "tma_32_double", "tma_32_v16", NULL};

#define BT_TUNING_REF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
static const swz_variant *const bt_tuning[] = {SWZ_TRANSPOSE_TUNING(BT_TUNING_REF) NULL};
#undef BT_TUNING_REF

/* swz_transpose_<name> from the library's registry or the tuning list; NULL if neither. */
static inline const swz_variant *bt_find(const char *name)
{
    const std::string full = std::string("swz_transpose_") + name;
    const swz_variant *v = swz_variant_find(&swz_transpose_registry, full.c_str());
    for (int i = 0; !v && bt_tuning[i]; ++i)
        if (full == bt_tuning[i]->name) v = bt_tuning[i];
    return v;
}

/* The cuBLAS transposes of es-byte elements: C (cols x rows, row-major) = A^T. */
static inline int bt_geam_count(int es) { return es == 4 ? 1 : es == 8 ? 2 : es == 16 ? 1 : 0; }
static inline const char *bt_geam_name(int es, int k)
{
    return es == 4 ? "cublasSgeam" : es == 16 ? "cublasZgeam" : k == 0 ? "cublasDgeam" : "cublasCgeam";
}
static inline cublasStatus_t bt_geam(cublasHandle_t h, int es, int k, const void *in, void *out,
                                     int64_t rows, int64_t cols)
{
    /* Row-major in (rows x cols) is column-major in^T; out (cols x rows row-major) is
     * column-major rows x cols = op(in^T)^T.  beta = 0: B is not read but must be a valid
     * matrix of finite values: `in`. */
    const int m = (int)rows, n = (int)cols;
    const cublasOperation_t T = CUBLAS_OP_T, N = CUBLAS_OP_N;
    if (es == 4) {
        const float one = 1.0f, zero = 0.0f;
        return cublasSgeam(h, T, N, m, n, &one, (const float *)in, n, &zero, (const float *)in, m,
                           (float *)out, m);
    }
    if (es == 8 && k == 0) {
        const double one = 1.0, zero = 0.0;
        return cublasDgeam(h, T, N, m, n, &one, (const double *)in, n, &zero, (const double *)in,
                           m, (double *)out, m);
    }
    if (es == 8) {
        const cuComplex one = make_cuComplex(1.0f, 0.0f), zero = make_cuComplex(0.0f, 0.0f);
        return cublasCgeam(h, T, N, m, n, &one, (const cuComplex *)in, n, &zero,
                           (const cuComplex *)in, m, (cuComplex *)out, m);
    }
    const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
    return cublasZgeam(h, T, N, m, n, &one, (const cuDoubleComplex *)in, n, &zero,
                       (const cuDoubleComplex *)in, m, (cuDoubleComplex *)out, m);
}

/* 1 when `name` is in the comma-separated `list` (NULL or "": everything is). */
static inline bool bt_listed(const char *list, const char *name)
{
    return !list || !*list || strstr((std::string(",") + list + ",").c_str(), (std::string(",") + name + ",").c_str());
}

/* Row "memcpy_kernel": bench_util.h's bench_copy_kernel, what a kernel, rather than cudaMemcpy,
 * reaches on the same bytes (the profile's reference; not a transpose, not checked). */
/* elems, problems: comma-separated element names and problem names, NULL or "" for all;
 * o.filter (--filter): comma-separated parts of the swz candidates' names to time (e.g. "tma,xor_32"). */
static inline int bench_transpose_types(const bench_opts &o0, const char *elems, const char *problems)
{
    static const struct { const char *name; int es; } E[] = {
        {"u8", 1}, {"half", 2}, {"float", 4}, {"double", 8}, {"v16", 16}};
    static const bt_problem full[] = {{"8192x8192", 8192, 8192, 1, 20, 0},
                                      {"16384x16384", 16384, 16384, 1, 10, 0},
                                      {"8191x16385", 8191, 16385, 1, 10, 0},
                                      {"16385x8191", 16385, 8191, 1, 10, 0},
                                      {"8192x8192+1", 8192, 8192, 1, 20, 1},
                                      {"4096x64x64", 64, 64, 4096, 20, 0},
                                      {"1024x256x256", 256, 256, 1024, 20, 0}};
    static const bt_problem quick[] = {{"1024x1024", 1024, 1024, 1, 3, 0},
                                       {"2048x2048", 2048, 2048, 1, 3, 0},
                                       {"1023x2049", 1023, 2049, 1, 3, 0},
                                       {"1024x1024+1", 1024, 1024, 1, 3, 1},
                                       {"256x64x64", 64, 64, 256, 3, 0},
                                       {"64x256x256", 256, 256, 64, 3, 0}};
    const bt_problem *P = o0.quick ? quick : full;
    const int np = o0.quick ? (int)(sizeof quick / sizeof quick[0]) : (int)(sizeof full / sizeof full[0]);
    bench_table t("transpose_types");
    cublasHandle_t h;
    unsigned long long *d_n;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "bench_transpose: cublasCreate failed\n");
        return 1;
    }
    CUDA_CHECK(cudaMalloc(&d_n, sizeof *d_n));
    printf("\n# every element type: GB/s = read + written; x<name> = t(name) / t(row), "
           "same run; median of the problem's reps\n");
    for (int pi = 0; pi < np; ++pi) {
        const bt_problem &pb = P[pi];
        bench_opts o = o0;
        o.reps = o0.quick ? o0.reps : pb.reps;
        for (const auto &el : E) {
            if (!bt_listed(elems, el.name) || !bt_listed(problems, pb.name)) continue;
            const int es = el.es;
            const size_t bytes = (size_t)(pb.rows * pb.cols * pb.batch) * (size_t)es;
            const double moved = 2.0 * (double)bytes;
            const std::string size = std::string(el.name) + " " + pb.name;
            unsigned char *ain, *aout; /* the allocations; din, dout: the problem's bases */
            const size_t pad = (size_t)pb.off * (size_t)es;
            CUDA_CHECK(cudaMalloc(&ain, bytes + pad));
            CUDA_CHECK(cudaMalloc(&aout, bytes + pad));
            unsigned char *const din = ain + pad, *const dout = aout + pad;
            CUDA_CHECK(ex_tr_fill(din, bytes, es, 0x5EED0000u + (uint64_t)es));
            CUDA_CHECK(cudaDeviceSynchronize());
            /* check one launch of f (poisoned output first): 0 when exact */
            auto checked = [&](const char *what, auto f) {
                unsigned long long wrong = 0;
                CUDA_CHECK(cudaMemset(dout, 0xFF, bytes));
                f();
                CUDA_CHECK_LAUNCH();
                CUDA_CHECK(ex_tr_wrong(din, dout, pb.rows, pb.cols, pb.cols, pb.rows, pb.batch, es, d_n, &wrong));
                if (wrong) t.fail("%s %s: %llu elements wrong", what, size.c_str(), wrong);
                return wrong == 0;
            };
            std::vector<std::string> names;
            std::vector<float> ms;
            /* the median time of f; with --ncu nothing more (f's checked launch was the one) */
            auto timed = [&](auto f) -> float { return o.ncu ? 1.0f : bench_time_ms(o, f); };
            names.push_back("memcpy");
            {
                auto f = [&] { CUDA_CHECK(cudaMemcpyAsync(dout, din, bytes, cudaMemcpyDeviceToDevice, 0)); };
                if (o.ncu) { /* once, so that a profiler sees what cudaMemcpy runs */
                    f();
                    CUDA_CHECK(cudaDeviceSynchronize());
                }
                ms.push_back(timed(f));
            }
            const int npeer = pb.batch == 1 ? bt_geam_count(es) : 0;
            for (int k = 0; k < npeer; ++k) {
                auto f = [&] {
                    if (bt_geam(h, es, k, din, dout, pb.rows, pb.cols) != CUBLAS_STATUS_SUCCESS) {
                        fprintf(stderr, "%s failed\n", bt_geam_name(es, k));
                        exit(1);
                    }
                };
                if (!checked(bt_geam_name(es, k), f)) continue;
                names.push_back(bt_geam_name(es, k));
                ms.push_back(timed(f));
            }
            const size_t first_swz = names.size();
            {
                static int sms = 0;
                if (!sms) sms = bench_sm_count();
                auto f = [&] {
                    /* the allocations' aligned bases: a 16-byte vector copy needs them */
                    bench_copy_kernel<<<sms * 8, 256>>>((const uint4 *)ain, (uint4 *)aout, bytes);
                };
                names.push_back("memcpy_kernel");
                if (o.ncu) {
                    f();
                    CUDA_CHECK_LAUNCH();
                }
                ms.push_back(o.ncu ? 1.0f : bench_time_ms(o, f));
            }
            for (int ci = 0; bt_candidates[ci]; ++ci) {
                const char *cn = bt_candidates[ci];
                const swz_variant *v = bt_find(cn);
                if (!v) {
                    printf("# %s: not built\n", cn);
                    continue;
                }
                if (strcmp(v->elem, el.name) != 0) continue; /* another element's */
                if (!bench_matches(o.filter, cn)) continue;
                const int64_t r = pb.rows, c = pb.cols, b = pb.batch;
                char why[160];
                if (swz_transpose_ops_of(v)->accepts &&
                    swz_transpose_ops_of(v)->accepts(din, dout, r, c, c, r, b, r * c, c * r, why, sizeof why) !=
                        cudaSuccess) { /* the TMA layout: pitches of whole 16-byte units only */
                    printf("# %s %s: %s refuses it (%s)\n", el.name, pb.name, cn, why);
                    continue;
                }
                auto f = [&] {
                    cudaError_t e = swz_transpose_ops_of(v)->launch(din, dout, r, c, c, r, b, r * c, c * r, 0);
                    if (e != cudaSuccess) {
                        fprintf(stderr, "%s: %s\n", v->name, cudaGetErrorString(e));
                        exit(1);
                    }
                };
                if (!checked(v->name, f)) continue;
                names.push_back(cn);
                ms.push_back(timed(f));
            }
            if (o.ncu) { /* nothing was timed */
                printf("# %s %s: %zu launches checked (--ncu)\n", el.name, pb.name, names.size());
                CUDA_CHECK(cudaFree(ain));
                CUDA_CHECK(cudaFree(aout));
                continue;
            }
            /* the table: ratios to memcpy and to every peer of this problem */
            printf("\n# %s %s: %.1f MiB each way, median of %d\n%-20s %8s %8s", el.name, pb.name,
                   (double)bytes / 1048576.0, o.reps, "variant", "GB/s", "xmemcpy");
            for (size_t k = 1; k < first_swz; ++k) printf(" %8s", ("x" + names[k].substr(6)).c_str());
            printf("\n");
            for (size_t i = 0; i < names.size(); ++i) {
                printf("%-20s %8.1f %8.3f", names[i].c_str(), moved / (ms[i] * 1e6), ms[0] / ms[i]);
                for (size_t k = 1; k < first_swz; ++k) printf(" %8.3f", ms[k] / ms[i]);
                printf("\n");
                t.add(names[i], size, "GB/s", moved / (ms[i] * 1e6), ms[0] / ms[i],
                      first_swz > 1 ? ms[1] / ms[i] : -1, first_swz > 1 ? names[1] : "");
            }
            if (!t.write_csv(o0.out)) ++t.failures; /* after every problem: a killed run keeps it */
            fflush(stdout);
            CUDA_CHECK(cudaFree(ain));
            CUDA_CHECK(cudaFree(aout));
        }
    }
    cublasDestroy(h);
    CUDA_CHECK(cudaFree(d_n));
    if (o0.ncu || t.failures) fprintf(stderr, "transpose_types: %d wrong result(s)\n", t.failures);
    return t.failures ? 1 : 0;
}

#endif /* SWZ_BENCH_TRANSPOSE_TYPES_H */
