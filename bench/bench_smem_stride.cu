/* bench/bench_smem_stride.cu -- shared-memory bandwidth against the access stride.
 *
 * What it measures
 *   Every lane of every warp loads s[(lane * stride) % N] (elements of W = 4, 8 or 16 bytes, N
 *   elements = 32 KiB) ITERS times in a loop, for stride = 1..64.  Shared memory is the
 *   bottleneck (no global traffic in the loop), so bandwidth relative to stride 1 shows the cost
 *   of the bank conflicts: the model (swz/bank.h) predicts ideal/wavefronts, e.g. 1/gcd(stride,32)
 *   for 4-byte loads.  Bytes counted: the useful bytes loaded (threads x ITERS x W).
 *
 *   The load is inline PTX `ld.volatile.shared.{u32,v2.u32,v4.u32}` marked volatile, so the compiler can
 *   neither hoist it out of the loop nor drop it; the values are XOR-accumulated into a register
 *   that is written to global memory at the end.  SASS: one LDS / LDS.64 / LDS.128 per iteration.
 *
 *   One launch per (width, stride): the kernel takes the stride as an argument and each launch is
 *   inside an NVTX range "ld<W>_s<stride>", so ncu can attribute them:
 *     ncu --clock-control none --nvtx --print-nvtx-rename kernel \
 *         --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
 *     smsp__sass_inst_executed_op_shared_ld.sum ./bench_smem_stride --ncu
 *   (--ncu: one launch per configuration, no timing.)
 *
 * Usage: bench_smem_stride [--out DIR] [--quick] [--reps N] [--ncu]  -> DIR/smem_stride.csv
 *   CSV rows: family=smem_stride, variant=ld4|ld8|ld16, size=stride, metric=GB/s (useful bytes),
 *   ratio_peer = bandwidth / bandwidth at stride 1; and metric=model_rel rows: the bank model's
 *   ideal/wavefronts for the same warp access.
 */
#include <nvtx3/nvToolsExt.h>

#include <swz/bank.h>

#include "bench_util.h"

#define SMEM_BYTES 32768u
#define MAX_STRIDE 64

/* One W-byte shared load through inline PTX; v accumulates by XOR. */
template <int W> struct smem_ld;
template <> struct smem_ld<4> {
    static __device__ __forceinline__ uint32_t go(uint32_t a)
    {
        uint32_t x;
        asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(x) : "r"(a) : "memory");
        return x;
    }
};
template <> struct smem_ld<8> {
    static __device__ __forceinline__ uint32_t go(uint32_t a)
    {
        uint32_t x, y;
        asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(a) : "memory");
        return x ^ y;
    }
};
template <> struct smem_ld<16> {
    static __device__ __forceinline__ uint32_t go(uint32_t a)
    {
        uint32_t x, y, z, w;
        asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                     : "r"(a)
                     : "memory");
        return x ^ y ^ z ^ w;
    }
};

template <int W> __global__ void __launch_bounds__(256) smem_stride(int stride, int iters, uint32_t *out)
{
    __shared__ __align__(128) uint32_t s[SMEM_BYTES / 4];
    for (uint32_t i = threadIdx.x; i < SMEM_BYTES / 4; i += blockDim.x) s[i] = i * 2654435761u + blockIdx.x;
    __syncthreads();
    const uint32_t n = SMEM_BYTES / W, lane = threadIdx.x & 31u;
    const uint32_t addr = (uint32_t)__cvta_generic_to_shared(s) + (lane * (uint32_t)stride % n) * W;
    uint32_t acc = 0;
#pragma unroll 16
    for (int it = 0; it < iters; ++it) acc ^= smem_ld<W>::go(addr);
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

/* The model's ideal/wavefronts for one warp of this access. */
static double model_rel(int w, int stride, uint32_t *wavefronts)
{
    uint32_t addr[32];
    for (uint32_t l = 0; l < 32; ++l) addr[l] = (l * (uint32_t)stride % (SMEM_BYTES / w)) * (uint32_t)w;
    swz_bank_result r = swz_bank_eval(addr, 0xFFFFFFFFu, w);
    *wavefronts = r.wavefronts;
    return r.status == SWZ_OK && r.wavefronts ? (double)r.ideal / r.wavefronts : -1.0;
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "bench_smem_stride", "shared-memory bandwidth vs access stride");
    bench_require_gpu();
    const int sms = bench_sm_count(), block = 256, grid = sms * 4;
    const int iters = o.quick ? 256 : 8192;
    uint32_t *out;
    CUDA_CHECK(cudaMalloc(&out, (size_t)grid * block * sizeof(uint32_t)));
    bench_table t("smem_stride");
    const int widths[3] = {4, 8, 16};
    double rel[3][MAX_STRIDE + 1], model[3][MAX_STRIDE + 1];
    uint32_t wf[3][MAX_STRIDE + 1];
    printf("# %d blocks x %d threads, %d loads per thread, %u-byte buffer; bytes = useful bytes loaded\n", grid,
           block, iters, SMEM_BYTES);
    for (int wi = 0; wi < 3; ++wi) {
        const int w = widths[wi];
        double base = 0.0;
        for (int s = 1; s <= MAX_STRIDE; ++s) {
            char mark[32];
            snprintf(mark, sizeof mark, "ld%d_s%d", w, s);
            auto launch = [&] {
                switch (w) {
                case 4: smem_stride<4><<<grid, block>>>(s, iters, out); break;
                case 8: smem_stride<8><<<grid, block>>>(s, iters, out); break;
                default: smem_stride<16><<<grid, block>>>(s, iters, out); break;
                }
            };
            model[wi][s] = model_rel(w, s, &wf[wi][s]);
            nvtxRangePushA(mark);
            if (o.ncu) {
                launch();
                CUDA_CHECK_LAUNCH();
                nvtxRangePop();
                continue;
            }
            float ms = bench_time_ms(o, launch);
            nvtxRangePop();
            double gbs = (double)grid * block * iters * w / (ms * 1e6);
            if (s == 1) base = gbs;
            rel[wi][s] = gbs / base;
            t.add("ld" + std::to_string(w), std::to_string(s), "GB/s", gbs, -1, rel[wi][s], "stride 1");
            t.add("ld" + std::to_string(w), std::to_string(s), "model_rel", model[wi][s], -1, -1, "ideal/wavefronts");
        }
    }
    CUDA_CHECK(cudaFree(out));
    if (o.ncu) {
        printf("--ncu: one launch per (width, stride) done; NVTX ranges ld<W>_s<stride>\n");
        return 0;
    }
    printf("\nstride  ld4 rel (model wf)   ld8 rel (model wf)   ld16 rel (model wf)\n");
    for (int s = 1; s <= MAX_STRIDE; ++s) {
        printf("%6d", s);
        for (int wi = 0; wi < 3; ++wi) printf("   %5.2f (%4.2f %3u)  ", rel[wi][s], model[wi][s], wf[wi][s]);
        printf("\n");
    }
    return t.finish(o, false);
}
