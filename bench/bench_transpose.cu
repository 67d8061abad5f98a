/* bench/bench_transpose.cu -- swz's fp32 transpose variants beside cuBLAS and a copy.
 *
 * What it measures
 *   out (N x N) = transpose of in (N x N), row-major fp32, N = 8192 and 16384 (--quick: 1024 and
 *   2048), for every float variant of the swz-transpose library (examples/transpose: naive, and
 *   the shared tile in layouts none / pad / xor / morton at every tile size), beside
 *     - cublasSgeam (C = A^T, alpha 1, beta 0) -- THE PEER (ratio_peer);
 *     - cudaMemcpy device-to-device of the N*N*4 bytes (it moves 2*N*N*4 bytes, as the
 *       transpose does) -- the ceiling (ratio_memcpy).
 *   GB/s = bytes read + written (2 * N*N*4) / median time of 20 CUDA-event-timed launches after
 *   warm-up.
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Before it is timed, every output (cuBLAS's too), poisoned with NaN first, is compared with
 *   the input bit for bit -- out[c*N + r] == in[r*N + c] for every element -- by an independent
 *   kernel on the GPU.  The input is random in [-1, 1), never zero.
 *
 * Usage: bench_transpose [--out DIR] [--quick] [--reps N]  -> DIR/transpose.csv
 */
#include <cublas_v2.h>

#include "bench_util.h"
#include "transpose.h"

#define CUBLAS_CHECK(call)                                                                          \
    do {                                                                                            \
        cublasStatus_t s_ = (call);                                                                 \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                          \
            fprintf(stderr, "%s:%d: %s -> cuBLAS status %d\n", __FILE__, __LINE__, #call, (int)s_); \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

/* Count the elements where out is not the transpose of in (bitwise). */
__global__ void transpose_check_kernel(const uint32_t *in, const uint32_t *out, int64_t n,
                                       unsigned long long *wrong)
{
    unsigned long long bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n * n; i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t r = i / n, c = i % n;
        bad += in[r * n + c] != out[c * n + r];
    }
    for (int o = 16; o > 0; o >>= 1) bad += __shfl_down_sync(0xFFFFFFFFu, bad, o);
    if ((threadIdx.x & 31) == 0 && bad) atomicAdd(wrong, bad);
}

static unsigned long long transpose_wrong(const float *in, const float *out, int64_t n, unsigned long long *d_wrong)
{
    unsigned long long w = 0;
    CUDA_CHECK(cudaMemset(d_wrong, 0, sizeof w));
    transpose_check_kernel<<<bench_sm_count() * 8, 256>>>((const uint32_t *)in, (const uint32_t *)out, n, d_wrong);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(&w, d_wrong, sizeof w, cudaMemcpyDeviceToHost));
    return w;
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "bench_transpose", "swz fp32 transposes vs cublasSgeam and memcpy");
    bench_require_gpu();
    const int64_t sizes_full[2] = {8192, 16384}, sizes_quick[2] = {1024, 2048};
    const int64_t *sizes = o.quick ? sizes_quick : sizes_full;
    const size_t emax = (size_t)(sizes[1] * sizes[1]);
    float *in, *out;
    unsigned long long *d_wrong;
    CUDA_CHECK(cudaMalloc(&in, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&out, emax * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_wrong, sizeof(unsigned long long)));
    cublasHandle_t h;
    CUBLAS_CHECK(cublasCreate(&h));
    bench_table t("transpose");
    printf("# peer: cublasSgeam (C = A^T); ceiling: cudaMemcpy D2D of the matrix; GB/s = read + written\n");

    for (int si = 0; si < 2; ++si) {
        const int64_t n = sizes[si];
        const size_t e = (size_t)(n * n), bytes = e * sizeof(float);
        const std::string sz = bench_size2(n, n);
        bench_fill_uniform(in, e, 0x7A45ull + (uint64_t)n, -1.0f, 1.0f);
        const double moved = 2.0 * (double)bytes;

        const float t_memcpy = bench_memcpy_ms(o, out, in, bytes);
        const float one = 1.0f, zero = 0.0f;
        /* Row-major in (n x n) is column-major in^T; column-major out = op(in_cm)^T.  beta = 0:
         * B is not needed, but must be a valid matrix -- pass `in` (finite), not the poisoned
         * output, so that a library that computes 0 * B anyway cannot turn NaN into a failure. */
        auto geam = [&] {
            CUBLAS_CHECK(cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, (int)n, (int)n, &one, in, (int)n, &zero, in,
                                     (int)n, out, (int)n));
        };
        gpu_poison(out, bytes);
        geam();
        CUDA_CHECK_LAUNCH();
        if (unsigned long long w = transpose_wrong(in, out, n, d_wrong))
            t.fail("cublasSgeam %s: %llu elements wrong", sz.c_str(), w);
        const float t_peer = bench_time_ms(o, geam);
        t.add("memcpy", sz, "GB/s", moved / (t_memcpy * 1e6), 1.0, t_peer / t_memcpy, "cublasSgeam");
        t.add("cublasSgeam", sz, "GB/s", moved / (t_peer * 1e6), t_memcpy / t_peer, 1.0, "cublasSgeam");

        for (int v = 0; v < swz_transpose_variant_count; ++v) {
            const swz_transpose_variant *var = swz_transpose_variants[v];
            if (strcmp(var->elem, "float") != 0) continue;
            auto run = [&] {
                cudaError_t err = var->launch(in, out, n, n, n, n, 1, 0, 0, 0);
                if (err != cudaSuccess) {
                    fprintf(stderr, "%s: %s\n", var->name, cudaGetErrorString(err));
                    exit(1);
                }
            };
            gpu_poison(out, bytes);
            run();
            CUDA_CHECK_LAUNCH();
            if (unsigned long long w = transpose_wrong(in, out, n, d_wrong))
                t.fail("%s %s: %llu elements wrong", var->name, sz.c_str(), w);
            const float ms = bench_time_ms(o, run);
            /* "swz_transpose_xor_64_float" -> "xor_64" */
            std::string name = var->name;
            if (name.rfind("swz_transpose_", 0) == 0) name = name.substr(14);
            if (name.size() > 6 && name.compare(name.size() - 6, 6, "_float") == 0) name.resize(name.size() - 6);
            t.add(name, sz, "GB/s", moved / (ms * 1e6), t_memcpy / ms, t_peer / ms, "cublasSgeam");
        }
    }
    CUBLAS_CHECK(cublasDestroy(h));
    CUDA_CHECK(cudaFree(in));
    CUDA_CHECK(cudaFree(out));
    CUDA_CHECK(cudaFree(d_wrong));
    return t.finish(o);
}
