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
 *   is THE ceiling (the GEMM family's TFLOP/s are reported against it, docs/performance.md).
 *   Then the sustained rate (not with --quick): 16 warps x 16 chains back to back for about 3 s,
 *   the first and the last 100 launches -- a long GEMM runs at the power limit, where the
 *   clock (and with it this ceiling) is lower than in the short median launches; and the same
 *   with random operands (four sets per lane used in turn, as a GEMM's operands change from
 *   one mma.sync to the next: the tensor core's power, and with it the clock under the power
 *   limit, depends on the data).
 *   The swz mma.sync wrapper (swz/mma.h: swz_mma_m16n8k16_f16 / _bf16) is the instruction.
 *   Then the loop ceilings of the hgemm family's xor kernel (examples/hgemm/tuning.h, the loop
 *   probes of the bench-only library swz_hgemm_tuning: hgemm.cuh's SWZ_HGEMM_LOOP_PROBE): one
 *   block per SM runs the GEMM's own full-slice loop for KT = 512 slices of one 128 x 256 tile
 *   (K = 16384, the same tile in every block, so the operands sit in L2): "loop_nocopy" with
 *   its copies left out (ldmatrix + mma.sync + the barrier of each slice: the ceiling of any
 *   GEMM fed through this warp tile from shared memory), "loop_copy" with them (cp.async from
 *   L2 on top), and "loop_copy8" over 8 tiles (K = 4096, each tile read by every 8th block as
 *   in a grouped raster, 4 launches per figure), so that 132 SMs reading the same lines is not
 *   what the copy rows measure.  Beside each rate the SM clock the blocks ran at (clock64 / globaltimer, the
 *   median block) -- the clock is what the power limit moves -- and, not with --quick, the
 *   same loop back to back for about 1 s (the last 100 launches).  --ncu: one launch of each
 *   loop (ncu -k regex:loop_probe).  The GEMM's own rate
 *   (bench_hgemm) then differs from loop_copy by what the loop does not have: DRAM, the
 *   prologue and epilogue of each tile, the waves.
 *
 * Usage: mma_ceiling [--out DIR] [--quick] [--reps N]  -> DIR/mma_ceiling.csv (the loop rows too)
 */
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "bench_util.h"
#include <swz/mma.h>

#include "tuning.h" /* examples/hgemm: the xor kernels' main loop alone (swz_hgemm_xor_128_*_loop_probe) */

/* Back-to-back timing: `groups` groups of 100 calls of f, each group bracketed by one event pair;
 * returns the milliseconds of the last group (*first_ms: of the first, when not NULL). */
template <class F> static float sustained_ms(int groups, F f, float *first_ms)
{
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    float ms = 0;
    for (int g = 0; g < groups; ++g) {
        CUDA_CHECK(cudaEventRecord(e0, 0));
        for (int i = 0; i < 100; ++i) f();
        CUDA_CHECK(cudaEventRecord(e1, 0));
        CUDA_CHECK(cudaEventSynchronize(e1));
        CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
        if (g == 0 && first_ms) *first_ms = ms;
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaEventDestroy(e0));
    CUDA_CHECK(cudaEventDestroy(e1));
    return ms;
}

/* The median SM clock (MHz) of the blocks of the last probe launch (clk: 2 words per block). */
static float loop_clock(const unsigned long long *dclk, int sms)
{
    std::vector<unsigned long long> hc((size_t)sms * 2);
    CUDA_CHECK(cudaMemcpy(hc.data(), dclk, hc.size() * sizeof(hc[0]), cudaMemcpyDeviceToHost));
    std::vector<float> mhz;
    for (int i = 0; i < sms; ++i)
        if (hc[2 * i + 1]) mhz.push_back((float)(1e3 * (double)hc[2 * i] / (double)hc[2 * i + 1]));
    return mhz.empty() ? 0.f : bench_median(mhz);
}

/* The loop ceilings (see the top): per type, nocopy (1 tile), copy (1 tile: every block reads the
 * same operands) and copy8 (8 tiles, each read by every 8th block, K a quarter as long and 4
 * launches per timing: the same work); rate, clock and, unless quick, the sustained rate into t. */
static void loop_ceilings(const bench_opts &o, int sms, bench_table &t)
{
    const struct { const char *name; int copy, tiles, kt, launches; } cfg[] = {
        {"nocopy", 0, 1, 512, 1}, {"copy", 1, 1, 512, 1}, {"copy8", 1, 8, 128, 4}};
    const size_t elems = (size_t)8 << 20; /* the largest A and B: 128 x 16384, 16384 x 256, 1024 x 4096, 4096 x 2048 */
    uint16_t *a, *b;
    float *out;
    unsigned long long *clk;
    CUDA_CHECK(cudaMalloc(&a, elems * 2));
    CUDA_CHECK(cudaMalloc(&b, elems * 2));
    CUDA_CHECK(cudaMalloc(&out, (size_t)sms * 256 * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&clk, (size_t)sms * 2 * sizeof(unsigned long long)));
    for (int bf = 0; bf < 2; ++bf) {
        /* random operands in [-1, 1) of the type (the tensor core's power depends on the data);
         * tests/gpu/gpu_util.h's generator and bit conversion */
        std::vector<uint16_t> hv(elems);
        test_rng rng = {0x9E3779B97F4A7C15ull + (uint64_t)bf};
        for (auto &v : hv) v = gpu_bits16(rng_float(&rng), bf);
        CUDA_CHECK(cudaMemcpy(a, hv.data(), elems * 2, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(b, hv.data(), elems * 2, cudaMemcpyHostToDevice));
        for (const auto &c : cfg) {
            const int KT = o.quick ? 16 : c.kt;
            const int64_t K = (int64_t)KT * 32, ldb = (int64_t)c.tiles * 256;
            auto launch = [&] {
                for (int l = 0; l < c.launches; ++l) {
                    const cudaError_t e =
                        bf ? swz_hgemm_xor_128_bf16_loop_probe(c.copy, sms, c.tiles, KT, a, K, b, ldb, out, clk, 0)
                           : swz_hgemm_xor_128_half_loop_probe(c.copy, sms, c.tiles, KT, a, K, b, ldb, out, clk, 0);
                    if (e != cudaSuccess) {
                        fprintf(stderr, "loop probe: %s\n", cudaGetErrorString(e));
                        exit(1);
                    }
                }
            };
            if (o.ncu) { /* one launch each, for ncu (-k regex:loop_probe) */
                launch();
                CUDA_CHECK_LAUNCH();
                continue;
            }
            const double flops = (double)c.launches * sms * 128 * 256 * (double)K * 2.0;
            const float ms = bench_time_ms(o, launch);
            const float clock = loop_clock(clk, sms);
            char name[64], size[64];
            snprintf(size, sizeof size, "%dtiles_K%lld", c.tiles, (long long)K);
            snprintf(name, sizeof name, "%s_loop_%s", bf ? "bf16" : "fp16", c.name);
            t.add(name, size, "TFLOP/s", flops / (ms * 1e9), -1, -1);
            snprintf(name, sizeof name, "%s_loop_%s_mhz", bf ? "bf16" : "fp16", c.name);
            t.add(name, size, "MHz", clock, -1, -1);
            printf("# %s loop_%s (%d tile(s), K %lld): %.1f TFLOP/s at %.0f MHz\n", bf ? "bf16" : "fp16", c.name,
                   c.tiles, (long long)K, flops / (ms * 1e9), clock);
            if (!o.quick) {
                const float last = sustained_ms(45, launch, NULL); /* ~45 x 100 x ~0.25 ms: about 1 s */
                const float sclock = loop_clock(clk, sms);
                const double rate = 100.0 * flops / (last * 1e9);
                snprintf(name, sizeof name, "%s_loop_%s_sustained", bf ? "bf16" : "fp16", c.name);
                t.add(name, size, "TFLOP/s", rate, -1, -1);
                snprintf(name, sizeof name, "%s_loop_%s_sustained_mhz", bf ? "bf16" : "fp16", c.name);
                t.add(name, size, "MHz", sclock, -1, -1);
                printf("# %s loop_%s sustained (about 1 s back to back): last 100 %.1f TFLOP/s at %.0f MHz\n",
                       bf ? "bf16" : "fp16", c.name, rate, sclock);
            }
        }
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(out));
    CUDA_CHECK(cudaFree(clk));
}

template <int BF16, int CHAINS, int RND = 0>
__global__ void mma_chain_kernel(int iters, float *out, uint32_t seed)
{
    float acc[CHAINS][4];
    uint32_t a[RND ? 4 : 1][4], b[RND ? 4 : 1][2];
    const uint32_t t = threadIdx.x + seed;
    if (RND) {
        /* four random operand sets per lane, used in turn (every mma.sync's operands differ from
         * the last one's, as in a GEMM): random signs and mantissas, magnitudes 2^-3 .. 1 */
        for (int c = 0; c < (RND ? 4 : 1); ++c)
            for (int i = 0; i < 6; ++i) {
                uint32_t x = (t * 0x9E3779B9u) ^ ((uint32_t)(c * 6 + i) * 0x85EBCA6Bu) ^ (blockIdx.x * 0xC2B2AE35u);
                x ^= x >> 16, x *= 0x7FEB352Du, x ^= x >> 15, x *= 0x846CA68Bu, x ^= x >> 16;
                const uint32_t m = BF16 ? 0x81FF81FFu : 0x8FFF8FFFu; /* sign, 2 exponent bits, mantissa */
                const uint32_t w = (BF16 ? 0x3E003E00u : 0x30003000u) | (x & m);
                if (i < 4) a[c][i] = w;
                else b[c][i - 4] = w;
            }
    } else {
        /* small, lane-dependent operands (0x1400 ~ 2^-10 in fp16, 0x3A83 ~ 1e-3 in bf16) */
        const uint32_t base = BF16 ? 0x3A833A83u : 0x14001400u;
        for (int i = 0; i < 4; ++i) a[0][i] = base ^ ((t + (uint32_t)i) & 3u);
        for (int i = 0; i < 2; ++i) b[0][i] = base ^ ((t >> 2) & 3u) ^ (uint32_t)i;
    }
    for (int c = 0; c < CHAINS; ++c) acc[c][0] = acc[c][1] = acc[c][2] = acc[c][3] = 0.f;
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int c = 0; c < CHAINS; ++c) {
            const int o = RND ? c & 3 : 0;
            if (BF16) swz_mma_m16n8k16_bf16(acc[c], a[o], b[o], acc[c]);
            else swz_mma_m16n8k16_f16(acc[c], a[o], b[o], acc[c]);
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
            float first_ms = 0;
            const float last_ms = sustained_ms(15, [&] {
                if (bf) mma_chain_kernel<1, 16><<<blocks, threads>>>(iters, out, 1u);
                else mma_chain_kernel<0, 16><<<blocks, threads>>>(iters, out, 1u);
            }, &first_ms);
            const double first = 100.0 * flops / (first_ms * 1e9), last = 100.0 * flops / (last_ms * 1e9);
            /* the same with random operands (four sets per lane, in turn): the tensor core's power,
             * and so the clock under the power limit, depends on the data */
            const float rms = sustained_ms(15, [&] {
                if (bf) mma_chain_kernel<1, 16, 1><<<blocks, threads>>>(iters, out, 1u);
                else mma_chain_kernel<0, 16, 1><<<blocks, threads>>>(iters, out, 1u);
            }, NULL);
            const double rnd = 100.0 * flops / (rms * 1e9);
            t.add(bf ? "bf16_sustained_random" : "fp16_sustained_random", "regs", "TFLOP/s", rnd, -1, -1);
            printf("# %s sustained with random operands (4 sets per lane, in turn): last 100 %.1f TFLOP/s\n",
                   bf ? "bf16" : "fp16", rnd);
            t.add(bf ? "bf16_sustained_first" : "fp16_sustained_first", "regs", "TFLOP/s", first, -1, -1);
            t.add(bf ? "bf16_sustained" : "fp16_sustained", "regs", "TFLOP/s", last, -1, -1);
            printf("# %s sustained (16 warps x 16 chains, 1500 launches back to back): first 100 %.1f, "
                   "last 100 %.1f TFLOP/s\n", bf ? "bf16" : "fp16", first, last);
        }
    }
    CUDA_CHECK(cudaFree(out));
    loop_ceilings(o, sms, t);
    return t.finish(o);
}
