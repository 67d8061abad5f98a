/* bench/bench_gemm.cu -- swz's SGEMM variants beside cuBLAS.
 *
 * What it measures
 *   C = A*B (row-major, fp32, alpha = 1, beta = 0) for M = N = K = 4096 and 8192 (--quick: 512
 *   and 1024), with every float variant of the swz-gemm library (examples/gemm: layouts none,
 *   pad, xor of the shared A tile; TILE 128 and 64; block order row-major and Morton), beside
 *     - cublasSgemm with CUBLAS_PEDANTIC_MATH: plain fp32 FMA, no TF32 -- THE PEER (ratio_peer);
 *     - cublasSgemm with CUBLAS_DEFAULT_MATH (for information; cuBLAS does not use TF32 for
 *       Sgemm unless CUBLAS_TF32_TENSOR_OP_MATH is set, so this is fp32 too);
 *     - cudaMemcpy device-to-device of the bytes the product must move (A + B read, C written),
 *       as the memory ceiling (metric GB/s; its ratio_peer is left empty).
 *   TFLOP/s = 2*M*N*K / median time (20 CUDA-event-timed launches after warm-up).
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   cuBLAS (pedantic) against a CPU double-precision dot product at 64 random entries
 *   (|c - ref| <= 1e-6 * sum |a*b| + 1e-6); every swz variant, on an output poisoned with NaN,
 *   against cuBLAS over the whole matrix: ||C - C_cublas||_F / ||C_cublas||_F < 5e-5 and every
 *   element finite.  Two fp32 products of length K = 8192 in different orders differ by about
 *   3e-6 on random [-1, 1) data; a TF32 product by about 3e-4: the bound tells them apart.
 *   Inputs are random in [-1, 1), never zero.
 *
 * Usage: bench_gemm [--out DIR] [--quick] [--reps N]  -> DIR/gemm.csv
 */
#include <cublas_v2.h>

#include "bench_util.h"
#include "gemm_variants.h"

/* sum (c - r)^2 and sum r^2 in double, and a count of non-finite c, over n elements. */
__global__ void gemm_diff_kernel(const float *c, const float *r, size_t n, double *acc, unsigned long long *bad)
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

/* Relative Frobenius error of c against r; -1 if an element of c is not finite. */
static double gemm_rel_err(const float *c, const float *r, size_t n, double *d_acc, unsigned long long *d_bad)
{
    double acc[2];
    unsigned long long bad = 0;
    CUDA_CHECK(cudaMemset(d_acc, 0, 2 * sizeof(double)));
    CUDA_CHECK(cudaMemset(d_bad, 0, sizeof bad));
    gemm_diff_kernel<<<bench_sm_count() * 4, 256>>>(c, r, n, d_acc, d_bad);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(acc, d_acc, sizeof acc, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&bad, d_bad, sizeof bad, cudaMemcpyDeviceToHost));
    if (bad) return -1.0;
    return acc[1] > 0.0 ? sqrt(acc[0] / acc[1]) : -1.0;
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "bench_gemm", "swz SGEMM variants vs cublasSgemm (pedantic fp32)");
    bench_require_gpu();
    const int sizes_full[2] = {4096, 8192}, sizes_quick[2] = {512, 1024};
    const int *sizes = o.quick ? sizes_quick : sizes_full;
    const int nmax = sizes[1];
    const size_t emax = (size_t)nmax * nmax;
    float *A, *B, *C, *Cref, *scratch;
    double *d_acc;
    unsigned long long *d_bad;
    CUDA_CHECK(cudaMalloc(&A, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&B, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&C, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&Cref, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&scratch, 3 * emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_acc, 2 * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&d_bad, sizeof(unsigned long long)));
    bench_fill_uniform(scratch, 3 * emax, 0x5C4A7C4ull, -1.0f, 1.0f); /* the copy's source: not zeros */
    cublasHandle_t h;
    CUBLAS_CHECK(cublasCreate(&h));
    bench_table t("gemm");
    printf("# peer: cublasSgemm with CUBLAS_PEDANTIC_MATH (fp32, no TF32); row-major C = A*B, alpha 1, beta 0\n");

    for (int si = 0; si < 2; ++si) {
        const int n = sizes[si];
        const size_t e = (size_t)n * n;
        const std::string sz = std::to_string(n) + "^3";
        const double flop = 2.0 * n * (double)n * n;
        const uint64_t seed = 0x6E77000ull + (uint64_t)n;
        bench_fill_uniform(A, e, seed, -1.0f, 1.0f);
        bench_fill_uniform(B, e, seed + 1, -1.0f, 1.0f);
        const float one = 1.0f, zero = 0.0f;
        /* Row-major C = A*B is column-major C^T = B^T A^T: swap the operands. */
        auto sgemm_into = [&](float *out) {
            CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, out, n));
        };
        auto sgemm = [&] { sgemm_into(Cref); };

        /* The peer, and its check against the CPU. */
        CUBLAS_CHECK(cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH));
        gpu_poison(Cref, e * sizeof(float));
        sgemm();
        CUDA_CHECK_LAUNCH();
        {
            test_rng rng{0xC0FFEEull + (uint64_t)n};
            std::vector<float> row(n), col(n);
            int bad = 0;
            for (int s = 0; s < 64; ++s) {
                const int i = (int)(rng_next(&rng) % (uint64_t)n), j = (int)(rng_next(&rng) % (uint64_t)n);
                float c;
                CUDA_CHECK(cudaMemcpy(row.data(), A + (size_t)i * n, n * sizeof(float), cudaMemcpyDeviceToHost));
                CUDA_CHECK(cudaMemcpy2D(col.data(), sizeof(float), B + j, n * sizeof(float), sizeof(float), n,
                                        cudaMemcpyDeviceToHost));
                CUDA_CHECK(cudaMemcpy(&c, Cref + (size_t)i * n + j, sizeof c, cudaMemcpyDeviceToHost));
                double ref = 0.0, mag = 0.0;
                for (int k = 0; k < n; ++k) {
                    ref += (double)row[k] * col[k];
                    mag += fabs((double)row[k] * col[k]);
                }
                if (!(fabs(c - ref) <= 1e-6 * mag + 1e-6)) ++bad; /* fp32: ~1e-7 * mag; TF32 ~4e-6 * mag */
            }
            if (bad) t.fail("cublasSgemm %s: %d of 64 entries differ from the CPU double reference", sz.c_str(), bad);
        }
        const float t_peer = bench_time_ms(o, sgemm);

        /* The memory ceiling: a copy that moves as many bytes as the product must (A and B
         * read, C written: 3 n^2 floats), i.e. copies 1.5 n^2 floats. */
        const size_t moved = 3 * e * sizeof(float);
        const float t_memcpy = bench_memcpy_ms(o, scratch + 3 * e / 2, scratch, moved / 2);
        t.add("memcpy", sz, "GB/s", moved / (t_memcpy * 1e6), 1.0, -1, "");
        t.add("cublasSgemm_pedantic", sz, "TFLOP/s", flop / (t_peer * 1e9), t_memcpy / t_peer, 1.0, "cublas pedantic");

        CUBLAS_CHECK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
        const float t_def = bench_time_ms(o, [&] { sgemm_into(C); });
        t.add("cublasSgemm_default", sz, "TFLOP/s", flop / (t_def * 1e9), t_memcpy / t_def, t_peer / t_def,
              "cublas pedantic");

        /* Every float variant of the library, both block orders. */
        for (int v = 0; v < swz_gemm_registry.count; ++v) {
            const swz_gemm_ops &var = *swz_gemm_ops_of(swz_gemm_registry.variants[v]);
            const char *var_name = swz_gemm_registry.variants[v]->name + strlen("swz_gemm_");
            if (!var.run_f) continue;
            for (int raster = 0; raster < 2; ++raster) {
                const std::string name = std::string(var_name) + (raster == SWZ_GEMM_RASTER_MORTON ? "/morton" : "/row");
                auto run = [&] {
                    cudaError_t err = var.run_f(n, n, n, 1.0f, A, n, B, n, 0.0f, C, n, raster, 0);
                    if (err != cudaSuccess) {
                        fprintf(stderr, "swz_gemm_%s: %s\n", var_name, cudaGetErrorString(err));
                        exit(1);
                    }
                };
                gpu_poison(C, e * sizeof(float));
                run();
                CUDA_CHECK_LAUNCH();
                const double err = gemm_rel_err(C, Cref, e, d_acc, d_bad);
                if (!(err >= 0.0 && err < 5e-5))
                    t.fail("%s %s: relative error %.3g vs cuBLAS (-1: a non-finite element)", name.c_str(), sz.c_str(), err);
                const float ms = bench_time_ms(o, run);
                t.add(name, sz, "TFLOP/s", flop / (ms * 1e9), t_memcpy / ms, t_peer / ms, "cublas pedantic");
                printf("# %-22s %-7s rel.err %.2e  %7.2f TFLOP/s  %.3f x cuBLAS\n", name.c_str(), sz.c_str(), err,
                       flop / (ms * 1e9), t_peer / ms);
            }
        }
    }
    CUBLAS_CHECK(cublasDestroy(h));
    CUDA_CHECK(cudaFree(A));
    CUDA_CHECK(cudaFree(B));
    CUDA_CHECK(cudaFree(C));
    CUDA_CHECK(cudaFree(Cref));
    CUDA_CHECK(cudaFree(scratch));
    CUDA_CHECK(cudaFree(d_acc));
    CUDA_CHECK(cudaFree(d_bad));
    return t.finish(o);
}
