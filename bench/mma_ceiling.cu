/* bench/mma_ceiling.cu -- the mma.sync m16n8k16 instruction's own ceiling on this GPU: fp16 and
 * bf16 inputs, fp32 accumulation, no memory traffic.
 *
 * What it measures
 *   Every warp issues ITERS x CHAINS mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16} from
 *   registers into CHAINS independent accumulator sets (so the instruction's latency is
 *   hidden by the other chains), and writes its sums once at the end (so nothing is
 *   eliminated).  One m16n8k16 is 2*16*8*16 = 4096 flops.  Configurations: warps per SM
 *   (4, 8, 16: blocks of 128 / 256 / 512 threads, one block per SM times 1 or 2) x CHAINS
 *   (4, 8, 16); each configuration's median of --reps launches, and per type the best of them
 *   is THE ceiling (the GEMM family's TFLOP/s are reported against it, examples/hgemm/NOTES.md).
 *   Then the sustained rate (not with --quick): 16 warps x 16 chains back to back for about 3 s,
 *   the first and the last 100 launches -- a long GEMM runs at the power limit, where the
 *   clock (and with it this ceiling) is lower than in the short median launches.
 *   The swz mma.sync wrapper (swz/mma.h: swz_mma_m16n8k16_f16 / _bf16) is the instruction.
 *
 * Usage: mma_ceiling [--out DIR] [--quick] [--reps N]  -> DIR/mma_ceiling.csv
 */
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "bench_util.h"
#include <swz/mma.h>

template <int BF16, int CHAINS>
__global__ void mma_chain_kernel(int iters, float *out, uint32_t seed)
{
    float acc[CHAINS][4];
    uint32_t a[4], b[2];
    const uint32_t t = threadIdx.x + seed;
    /* small, lane-dependent operands (0x1400 ~ 2^-10 in fp16, 0x3A83 ~ 1e-3 in bf16) */
    const uint32_t base = BF16 ? 0x3A833A83u : 0x14001400u;
    for (int i = 0; i < 4; ++i) a[i] = base ^ ((t + (uint32_t)i) & 3u);
    for (int i = 0; i < 2; ++i) b[i] = base ^ ((t >> 2) & 3u) ^ (uint32_t)i;
    for (int c = 0; c < CHAINS; ++c) acc[c][0] = acc[c][1] = acc[c][2] = acc[c][3] = 0.f;
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int c = 0; c < CHAINS; ++c) {
            if (BF16) swz_mma_m16n8k16_bf16(acc[c], a, b, acc[c]);
            else swz_mma_m16n8k16_f16(acc[c], a, b, acc[c]);
        }
    }
    float s = 0.f;
    for (int c = 0; c < CHAINS; ++c) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <int BF16, int CHAINS>
static double run_config(const bench_opts &o, int sms, int threads, int per_sm, float *out, double *ms_out)
{
    const int iters = o.quick ? 256 : 4096, blocks = sms * per_sm;
    const float ms = bench_time_ms(o, [&] { mma_chain_kernel<BF16, CHAINS><<<blocks, threads>>>(iters, out, 1u); });
    const double mmas = (double)blocks * (threads / 32) * (double)iters * CHAINS;
    *ms_out = ms;
    return mmas * 4096.0 / (ms * 1e9); /* TFLOP/s */
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "mma_ceiling", "mma.sync m16n8k16 (fp16/bf16, fp32 accumulation) from registers");
    bench_require_gpu();
    cudaDeviceProp prop;
    CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    const int sms = prop.multiProcessorCount;
    float *out;
    CUDA_CHECK(cudaMalloc(&out, (size_t)sms * 2 * 512 * sizeof(float)));
    bench_table t("mma_ceiling");
    printf("# %d SMs; TFLOP/s of mma.sync m16n8k16 alone (4096 flops each), median of %d launches\n", sms, o.reps);
    const struct { int threads, per_sm; } cfg[] = {{128, 1}, {256, 1}, {256, 2}, {512, 1}};
    for (int bf = 0; bf < 2; ++bf) {
        double best = 0;
        char bestname[64] = "";
        for (const auto &c : cfg)
            for (int chains = 4; chains <= 16; chains *= 2) {
                double ms = 0, tf;
                if (bf) tf = chains == 4 ? run_config<1, 4>(o, sms, c.threads, c.per_sm, out, &ms)
                           : chains == 8 ? run_config<1, 8>(o, sms, c.threads, c.per_sm, out, &ms)
                                         : run_config<1, 16>(o, sms, c.threads, c.per_sm, out, &ms);
                else tf = chains == 4 ? run_config<0, 4>(o, sms, c.threads, c.per_sm, out, &ms)
                        : chains == 8 ? run_config<0, 8>(o, sms, c.threads, c.per_sm, out, &ms)
                                      : run_config<0, 16>(o, sms, c.threads, c.per_sm, out, &ms);
                CUDA_CHECK_LAUNCH();
                char name[64];
                snprintf(name, sizeof name, "%s_w%d_c%d", bf ? "bf16" : "fp16", c.threads / 32 * c.per_sm, chains);
                t.add(name, "regs", "TFLOP/s", tf, -1, -1);
                if (tf > best) best = tf, snprintf(bestname, sizeof bestname, "%s", name);
            }
        t.add(bf ? "bf16_ceiling" : "fp16_ceiling", "regs", "TFLOP/s", best, -1, -1);
        printf("# %s ceiling: %.1f TFLOP/s (%s)\n", bf ? "bf16" : "fp16", best, bestname);
        if (!o.quick && !o.ncu) {
            /* sustained: 16 warps x 16 chains per SM back to back for about 3 s, in groups of
             * 100 launches of about 2 ms each (the regime of an 8192^3 GEMM, where the H200
             * reaches its power limit and the clock falls): the rate of the first and of the
             * last group */
            const int blocks = sms, threads = 512, iters = 16384;
            const double flops = (double)blocks * (threads / 32) * (double)iters * 16 * 4096.0;
            cudaEvent_t e0, e1;
            CUDA_CHECK(cudaEventCreate(&e0));
            CUDA_CHECK(cudaEventCreate(&e1));
            double first = 0, last = 0;
            for (int g = 0; g < 15; ++g) {
                CUDA_CHECK(cudaEventRecord(e0, 0));
                for (int i = 0; i < 100; ++i)
                    if (bf) mma_chain_kernel<1, 16><<<blocks, threads>>>(iters, out, 1u);
                    else mma_chain_kernel<0, 16><<<blocks, threads>>>(iters, out, 1u);
                CUDA_CHECK(cudaEventRecord(e1, 0));
                CUDA_CHECK(cudaEventSynchronize(e1));
                float ms = 0;
                CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
                last = 100.0 * flops / (ms * 1e9);
                if (g == 0) first = last;
            }
            CUDA_CHECK_LAUNCH();
            CUDA_CHECK(cudaEventDestroy(e0));
            CUDA_CHECK(cudaEventDestroy(e1));
            t.add(bf ? "bf16_sustained_first" : "fp16_sustained_first", "regs", "TFLOP/s", first, -1, -1);
            t.add(bf ? "bf16_sustained" : "fp16_sustained", "regs", "TFLOP/s", last, -1, -1);
            printf("# %s sustained (16 warps x 16 chains, 1500 launches back to back): first 100 %.1f, "
                   "last 100 %.1f TFLOP/s\n", bf ? "bf16" : "fp16", first, last);
        }
    }
    CUDA_CHECK(cudaFree(out));
    return t.finish(o);
}
