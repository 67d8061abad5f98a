/* bench/bench_reduce.cu -- swz's fp32 sum reductions beside CUB and a copy.
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
#include <cub/device/device_reduce.cuh>

#include "bench_util.h"
#include "reduce.h"

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "bench_reduce", "swz fp32 reductions vs cub::DeviceReduce::Sum");
    bench_require_gpu();
    const int64_t n = o.quick ? (1ll << 22) : (1ll << 28);
    const size_t bytes = (size_t)n * sizeof(float);
    const std::string sz = "2^" + std::to_string(63 - __builtin_clzll((unsigned long long)n)); /* n is 2^k */
    float *x, *copy_dst, *d_out;
    CUDA_CHECK(cudaMalloc(&x, bytes));
    CUDA_CHECK(cudaMalloc(&copy_dst, bytes / 2));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));
    bench_fill_uniform(x, (size_t)n, 0x5E3D0CEull, -1.0f, 1.0f);
    bench_table t("reduce");
    printf("# peer: cub::DeviceReduce::Sum; GB/s = bytes read; ceiling: memcpy moving the same bytes\n");

    /* The CPU reference, in double. */
    double ref = 0.0, mag = 0.0;
    {
        std::vector<float> h((size_t)n);
        CUDA_CHECK(cudaMemcpy(h.data(), x, bytes, cudaMemcpyDeviceToHost));
        for (float v : h) {
            ref += v;
            mag += fabs((double)v);
        }
    }
    printf("# n = %lld, reference sum %.6f, sum|x| %.1f\n", (long long)n, ref, mag);
    auto result = [&] {
        float r;
        CUDA_CHECK(cudaMemcpy(&r, d_out, sizeof r, cudaMemcpyDeviceToHost));
        return (double)r;
    };

    /* Ceiling and peer. */
    const float t_memcpy = bench_memcpy_ms(o, copy_dst, x, bytes / 2);
    size_t cub_bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, x, d_out, n));
    void *cub_tmp;
    CUDA_CHECK(cudaMalloc(&cub_tmp, cub_bytes));
    auto cub_sum = [&] { CUDA_CHECK(cub::DeviceReduce::Sum(cub_tmp, cub_bytes, x, d_out, n, 0)); };
    gpu_poison(d_out, sizeof(float));
    cub_sum();
    CUDA_CHECK_LAUNCH();
    {
        const double got = result();
        if (!(fabs(got - ref) <= 1e-5 * mag))
            t.fail("cub::DeviceReduce::Sum: %.6f, reference %.6f (tolerance %.3g)", got, ref, 1e-5 * mag);
    }
    const float t_peer = bench_time_ms(o, cub_sum);
    t.add("memcpy", sz, "GB/s", bytes / (t_memcpy * 1e6), 1.0, t_peer / t_memcpy, "cub");
    t.add("cub_sum", sz, "GB/s", bytes / (t_peer * 1e6), t_memcpy / t_peer, 1.0, "cub");

    for (int v = 0; v < swz_reduce_registry.count; ++v) {
        const swz_variant *var = swz_reduce_registry.variants[v];
        if (strcmp(var->elem, "float") != 0) continue;
        const size_t ws_bytes = swz_reduce_ops_of(var)->workspace(n);
        void *ws = nullptr;
        if (ws_bytes) CUDA_CHECK(cudaMalloc(&ws, ws_bytes));
        auto run = [&] {
            cudaError_t err = swz_reduce_ops_of(var)->launch(x, n, d_out, ws, ws_bytes, 0);
            if (err != cudaSuccess) {
                fprintf(stderr, "%s: %s\n", var->name, cudaGetErrorString(err));
                exit(1);
            }
        };
        gpu_poison(d_out, sizeof(float));
        run();
        CUDA_CHECK_LAUNCH();
        const double got = result();
        const double u = (double)swz_reduce_ops_of(var)->depth(n) * ldexp(1.0, -24);
        const double bound = u / (1.0 - u) * mag;
        if (!(fabs(got - ref) <= bound))
            t.fail("%s: %.6f, reference %.6f, error %.3g > its bound %.3g", var->name, got, ref, fabs(got - ref), bound);
        const float ms = bench_time_ms(o, run);
        std::string name = var->name; /* "swz_reduce_fast_256_float" -> "fast_256" */
        if (name.rfind("swz_reduce_", 0) == 0) name = name.substr(11);
        if (name.size() > 6 && name.compare(name.size() - 6, 6, "_float") == 0) name.resize(name.size() - 6);
        t.add(name, sz, "GB/s", bytes / (ms * 1e6), t_memcpy / ms, t_peer / ms, "cub");
        printf("# %-18s error %.3g (bound %.3g)\n", name.c_str(), fabs(got - ref), bound);
        if (ws) CUDA_CHECK(cudaFree(ws));
    }
    CUDA_CHECK(cudaFree(cub_tmp));
    CUDA_CHECK(cudaFree(x));
    CUDA_CHECK(cudaFree(copy_dst));
    CUDA_CHECK(cudaFree(d_out));
    return t.finish(o);
}
