/* bench/bench_coalesce.cu -- global-memory bandwidth against the stride between a warp's lanes.
 *
 * What it measures
 *   Thread k (k = 0 .. L-1, L = N / stride) loads the 4-byte element a[k * stride] of one array of
 *   N floats (1 GiB; 16 MiB with --quick), for stride = 1..32: consecutive lanes of a warp are
 *   `stride` elements apart.  Every stride spans the same 1 GiB, far past L2, so each launch
 *   streams from DRAM.  Bytes counted: USEFUL bytes only, 4 * L (the bytes the program asked for),
 *   not the sectors the memory system moved; bandwidth is reported relative to stride 1.
 *   Expect about 1/stride up to 8 (a 32-byte sector holds 8 floats), then a floor set by the
 *   sector (1/8) or by the DRAM burst, if the memory fetches more than a sector.
 *
 *   The loads are independent (8 per thread in flight), summed in a register, and the sum is
 *   written only if it equals an impossible value, so nothing is dropped and nothing but the
 *   loads reaches memory.  The input is random in [1, 2) (never zero).
 *
 * Usage: bench_coalesce [--out DIR] [--quick] [--reps N] [--ncu]  -> DIR/coalesce.csv
 *   CSV rows: family=coalesce, variant=ld4, size=stride, metric=GB/s (useful bytes read),
 *   ratio_memcpy = t(memcpy moving the same bytes: a copy of half the array) / t(stride),
 *   ratio_peer = bandwidth relative to stride 1.  One launch per stride (stride is the kernel's argument; NVTX range
 *   "ld4_s<stride>"); --ncu makes exactly one launch each.
 */
#include <nvtx3/nvToolsExt.h>

#include "bench_util.h"

#define UNROLL 8
#define MAX_STRIDE 32

__global__ void __launch_bounds__(256) coalesce_read(const float *__restrict__ a, uint64_t loads, int stride,
                                                     float *out)
{
    const uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x, T = (uint64_t)gridDim.x * blockDim.x;
    float acc = 0.0f;
    uint64_t k = t;
    for (; k + (UNROLL - 1) * T < loads; k += UNROLL * T) {
        float v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) v[u] = __ldg(a + (k + u * T) * (uint64_t)stride);
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) acc += v[u];
    }
    for (; k < loads; k += T) acc += __ldg(a + k * (uint64_t)stride);
    if (acc == -1.0f) out[0] = acc; /* inputs are in [1, 2): never true, but the loads must happen */
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "bench_coalesce", "global-memory bandwidth vs lane stride");
    bench_require_gpu();
    const uint64_t n = o.quick ? (1ull << 22) : (1ull << 28);
    const int grid = bench_sm_count() * 8, block = 256;
    float *a, *b, *out;
    CUDA_CHECK(cudaMalloc(&a, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&b, n * sizeof(float) / 2));
    CUDA_CHECK(cudaMalloc(&out, sizeof(float)));
    bench_fill_uniform(a, n, 0xC0A1E5CEull, 1.0f, 2.0f);
    bench_table t("coalesce");
    printf("# array %llu floats (%.0f MiB); %d x %d threads; bytes = useful bytes read (4 per load)\n",
           (unsigned long long)n, n * 4.0 / (1 << 20), grid, block);
    double base = 0.0, rel[MAX_STRIDE + 1], gbs_s[MAX_STRIDE + 1];
    float t_memcpy = 0.0f;
    if (!o.ncu) {
        /* a copy of half the array moves (reads + writes) as many bytes as stride 1 reads */
        t_memcpy = bench_memcpy_ms(o, b, a, n * sizeof(float) / 2);
        t.add("memcpy", "1", "GB/s", (double)n * sizeof(float) / (t_memcpy * 1e6), 1.0, -1);
    }
    for (int s = 1; s <= MAX_STRIDE; ++s) {
        const uint64_t loads = n / (uint64_t)s;
        char mark[32];
        snprintf(mark, sizeof mark, "ld4_s%d", s);
        auto launch = [&] { coalesce_read<<<grid, block>>>(a, loads, s, out); };
        nvtxRangePushA(mark);
        if (o.ncu) {
            launch();
            CUDA_CHECK_LAUNCH();
            nvtxRangePop();
            continue;
        }
        float ms = bench_time_ms(o, launch);
        nvtxRangePop();
        gbs_s[s] = (double)loads * sizeof(float) / (ms * 1e6);
        if (s == 1) base = gbs_s[s];
        rel[s] = gbs_s[s] / base;
        t.add("ld4", std::to_string(s), "GB/s", gbs_s[s], t_memcpy / ms, rel[s], "stride 1");
    }
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(out));
    if (o.ncu) {
        printf("--ncu: one launch per stride done; NVTX ranges ld4_s<stride>\n");
        return 0;
    }
    printf("\nstride  useful GB/s  rel. to stride 1  (1/stride)\n");
    for (int s = 1; s <= MAX_STRIDE; ++s) printf("%6d  %11.1f  %16.3f  %10.3f\n", s, gbs_s[s], rel[s], 1.0 / s);
    return t.finish(o, false);
}
