/* bench/copy_ceiling.cu -- how close SM-issued copies come to cudaMemcpy on this GPU: the
 * ceiling a transpose (which is a copy with the addresses permuted) can reach.
 *
 * What it measures
 *   For each size of the transposes' square problems (8192^2 and 16384^2 of 1-, 2-, 4-, 8- and
 *   16-byte elements: 64 MiB to 4 GiB), cudaMemcpy device to device (which runs on the copy
 *   engines: no kernel appears under ncu) against copy kernels issued by the SMs, each in
 *   GB/s (read + written) and x cudaMemcpy of the same run:
 *     grid4      bench_util.h's bench_copy_kernel: a grid-stride loop, 4 x 16-byte loads per
 *                thread in flight, SMs x 8 blocks of 256 threads (bench_transpose's memcpy_kernel)
 *     chunkU     one block of 256 threads per U x 4 KiB chunk: every thread loads its U 16-byte
 *                vectors (4 KiB apart per vector index), then stores them (U = 4, 8, 16)
 *     chunkU_nc  the same with ld.global.nc.L1::no_allocate (the transposes' load)
 *     bulkKB     one warp per chunk of KB KiB: one TMA bulk copy (cp.async.bulk) global ->
 *                shared, then one shared -> global (KB = 16, 32)
 *   Every kernel's output is checked against its input (a wrong copy fails the program).
 *
 * The transposes' own address pattern (section "tiles", size cells "ELEM NxN")
 *   For float and 16-byte elements at 8192^2 and 16384^2, a copy that moves exactly the bytes a
 *   transpose of R x C-element regions reads and writes, to exactly the addresses it reads and
 *   writes, in the same block order (column-major over the regions, the transposes' default),
 *   with no shared memory and no element permutation: input region (ry, rx), R rows of C*E
 *   bytes, read as 16-byte vectors in row-major order; vector k goes to vector k of output
 *   region (rx, ry), C rows of R*E bytes (ld.global.nc loads, every load of a thread before
 *   its stores).  It was meant as the DRAM ceiling of that pattern; it is not one: on the
 *   H100 the transposes with those regions run 0.5-1.5 % faster than it (2026-12-06:
 *   float 64x64 0.962-0.964 against xor_64_float's 0.970-0.974, v16 16x64 0.957-0.960 at
 *   16384^2 against xor_16_v16's 0.968-0.975; a guess, not measured: a block's barrier keeps
 *   its reads and its writes apart).  What it does show: 32x32 regions cost float 1.7-3.2 % against 64x64, and
 *   at 16384^2 the v16 region shapes do not matter (0.957-0.960 for all three).
 *     tiles_RxC_tTH   regions of R x C elements, TH threads (the shipped xor_64_float: 64x64,
 *                     256; xor_16_v16: 16x64, 512; xor_32_v16: 32x32, 512; 32x32 at 256 threads
 *                     is the tile of cuBLAS's geam kernels)
 *   Checked vector by vector against the pattern on the device.
 *
 * Usage: copy_ceiling [--out DIR] [--quick] [--reps N]  -> DIR/copy_ceiling.csv
 */
#include "bench_util.h"
#include <swz/tma.h>

#include <functional>

template <int U, int NC>
__global__ static void __launch_bounds__(256) cc_chunk(const uint4 *__restrict__ in, uint4 *__restrict__ out)
{
    const size_t base = (size_t)blockIdx.x * (256 * U) + threadIdx.x;
    uint4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
        const uint4 *p = in + base + 256 * u;
        if (NC)
            asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
                         : "=r"(v[u].x), "=r"(v[u].y), "=r"(v[u].z), "=r"(v[u].w)
                         : "l"(p));
        else v[u] = *p;
    }
#pragma unroll
    for (int u = 0; u < U; ++u) out[base + 256 * u] = v[u];
}

template <int KB>
__global__ static void __launch_bounds__(32) cc_bulk(const unsigned char *__restrict__ in, unsigned char *__restrict__ out)
{
    extern __shared__ __align__(128) unsigned char cc_smem[];
    __shared__ __align__(8) uint64_t bar;
    const size_t off = (size_t)blockIdx.x * (KB * 1024);
    if (threadIdx.x == 0) {
        swz_mbar_init(&bar, 1);
        swz_fence_mbar_init();
        swz_mbar_expect_tx(&bar, KB * 1024);
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                         swz_smem_addr(cc_smem)),
                     "l"(in + off), "r"(KB * 1024), "r"(swz_smem_addr(&bar))
                     : "memory");
        swz_mbar_wait(&bar, 0);
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + off),
                     "r"(swz_smem_addr(cc_smem)), "r"(KB * 1024)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}

/* The transposes' pattern (above): region (ry, rx) of the nr x nc-element input, blocks
 * column-major over the regions, vector k of the input region to vector k of the output region. */
template <int R, int C, int E, int TH>
struct cc_tile_shape {
    enum { CV = C * E / 16, RV = R * E / 16, N = R * CV, U = N / TH };
    static_assert(RV >= 1 && CV >= 1 && N % TH == 0, "regions of whole 16-byte vectors, whole vectors per thread");
};
template <int R, int C, int E, int TH>
__global__ static void __launch_bounds__(TH) cc_tiles(const uint4 *__restrict__ in, uint4 *__restrict__ out, int64_t nr, int64_t nc)
{
    typedef cc_tile_shape<R, C, E, TH> S;
    const int64_t nby = nr / R, ry = blockIdx.x % nby, rx = blockIdx.x / nby;
    const int64_t ldi = nc * E / 16, ldo = nr * E / 16;
    uint4 v[S::U];
#pragma unroll
    for (int u = 0; u < S::U; ++u) {
        const int k = (int)threadIdx.x + u * TH;
        const uint4 *p = in + (ry * R + k / S::CV) * ldi + rx * S::CV + k % S::CV;
        asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
                     : "=r"(v[u].x), "=r"(v[u].y), "=r"(v[u].z), "=r"(v[u].w)
                     : "l"(p));
    }
#pragma unroll
    for (int u = 0; u < S::U; ++u) {
        const int k = (int)threadIdx.x + u * TH;
        out[(rx * C + k / S::RV) * ldo + ry * S::RV + k % S::RV] = v[u];
    }
}
/* Counts the output vectors that differ from the input vector the pattern sends there. */
template <int R, int C, int E, int TH>
__global__ static void cc_tiles_check(const uint4 *in, const uint4 *out, int64_t nr, int64_t nc, unsigned *bad)
{
    typedef cc_tile_shape<R, C, E, TH> S;
    const int64_t ldi = nc * E / 16, ldo = nr * E / 16, n = nc * ldo;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t orow = i / ldo, ocv = i % ldo, rx = orow / C, ry = ocv / S::RV;
        const int64_t k = (orow % C) * S::RV + ocv % S::RV;
        const uint4 x = out[i], y = in[(ry * R + k / S::CV) * ldi + rx * S::CV + k % S::CV];
        if (x.x != y.x || x.y != y.y || x.z != y.z || x.w != y.w) atomicAdd(bad, 1u);
    }
}

/* 0 when out == in for every byte (compared on the device, 16 bytes per thread). */
__global__ static void cc_compare(const uint4 *a, const uint4 *b, size_t n16, unsigned *bad)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x) {
        const uint4 x = a[i], y = b[i];
        if (x.x != y.x || x.y != y.y || x.z != y.z || x.w != y.w) atomicAdd(bad, 1u);
    }
}

int main(int argc, char **argv)
{
    bench_opts o = bench_parse(argc, argv, "copy_ceiling", "SM-issued copy kernels against cudaMemcpy D2D");
    bench_require_gpu();
    const int sms = bench_sm_count();
    const int logs_full[] = {26, 27, 28, 29, 30, 31, 32}, logs_quick[] = {24};
    const int *logs = o.quick ? logs_quick : logs_full, nl = o.quick ? 1 : 7;
    const size_t maxb = (size_t)1 << logs[nl - 1];
    unsigned char *in, *out;
    unsigned *bad;
    CUDA_CHECK(cudaMalloc(&in, maxb));
    CUDA_CHECK(cudaMalloc(&out, maxb));
    CUDA_CHECK(cudaMalloc(&bad, sizeof(unsigned)));
    bench_fill_uniform((float *)in, maxb / 4, 7, -1.f, 1.f);
    CUDA_CHECK(cudaFuncSetAttribute(cc_bulk<16>, cudaFuncAttributeMaxDynamicSharedMemorySize, 16 * 1024));
    CUDA_CHECK(cudaFuncSetAttribute(cc_bulk<32>, cudaFuncAttributeMaxDynamicSharedMemorySize, 32 * 1024));
    bench_table t("copy_ceiling");
    printf("# %d SMs; GB/s = 2 x bytes / time (read + written), x cudaMemcpy D2D of the same bytes; median of %d\n",
           sms, o.reps);
    /* one kernel: out poisoned, one launch, its check kernel counting wrong 16-byte units into
     * *bad (a nonzero count fails the program), then timed; GB/s and x cudaMemcpy (tm ms) */
    auto measure = [&](const char *name, const char *size, size_t bytes, float tm, const std::function<void()> &f,
                       const std::function<void()> &check) {
        CUDA_CHECK(cudaMemset(out, 0xA5, bytes));
        f();
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaMemset(bad, 0, sizeof(unsigned)));
        check();
        unsigned nbad = 0;
        CUDA_CHECK(cudaMemcpy(&nbad, bad, sizeof nbad, cudaMemcpyDeviceToHost));
        if (nbad) t.fail("%s %s: %u wrong 16-byte units", name, size, nbad);
        const float ms = o.ncu ? 1.0f : bench_time_ms(o, f);
        t.add(name, size, "GB/s", 2.0 * bytes / (ms * 1e6), tm / ms, -1);
    };
    for (int li = 0; li < nl; ++li) {
        const size_t bytes = (size_t)1 << logs[li], n16 = bytes / 16;
        char size[32];
        snprintf(size, sizeof size, "%zuMiB", bytes >> 20);
        const float tm = bench_memcpy_ms(o, out, in, bytes);
        t.add("cudaMemcpy", size, "GB/s", 2.0 * bytes / (tm * 1e6), 1.0, -1);
        struct kern {
            const char *name;
            std::function<void()> f;
        };
        const unsigned c4 = (unsigned)(bytes / (256 * 4 * 16)), c8 = c4 / 2, c16 = c4 / 4;
        const std::vector<kern> ks = {
            {"grid4", [&] { bench_copy_kernel<<<sms * 8, 256>>>((const uint4 *)in, (uint4 *)out, bytes); }},
            {"chunk4", [&] { cc_chunk<4, 0><<<c4, 256>>>((const uint4 *)in, (uint4 *)out); }},
            {"chunk8", [&] { cc_chunk<8, 0><<<c8, 256>>>((const uint4 *)in, (uint4 *)out); }},
            {"chunk16", [&] { cc_chunk<16, 0><<<c16, 256>>>((const uint4 *)in, (uint4 *)out); }},
            {"chunk4_nc", [&] { cc_chunk<4, 1><<<c4, 256>>>((const uint4 *)in, (uint4 *)out); }},
            {"chunk8_nc", [&] { cc_chunk<8, 1><<<c8, 256>>>((const uint4 *)in, (uint4 *)out); }},
            {"bulk16", [&] { cc_bulk<16><<<(unsigned)(bytes >> 14), 32, 16 * 1024>>>(in, out); }},
            {"bulk32", [&] { cc_bulk<32><<<(unsigned)(bytes >> 15), 32, 32 * 1024>>>(in, out); }},
        };
        for (const kern &k : ks)
            measure(k.name, size, bytes, tm, k.f,
                    [&] { cc_compare<<<sms * 8, 256>>>((const uint4 *)in, (const uint4 *)out, n16, bad); });
    }
    /* the transposes' address pattern: float and 16-byte elements at 8192^2 and 16384^2 */
    struct tiles {
        const char *name;
        int E;
        void (*launch)(const uint4 *, uint4 *, int64_t, int64_t);
        void (*check)(const uint4 *, const uint4 *, int64_t, int64_t, unsigned *, int);
    };
#define CC_TILES(R, C, E, TH)                                                                                  \
    {"tiles_" #R "x" #C "_t" #TH, E,                                                                          \
     [](const uint4 *a, uint4 *b, int64_t nr, int64_t nc) {                                                   \
         cc_tiles<R, C, E, TH><<<(unsigned)((nr / R) * (nc / C)), TH>>>(a, b, nr, nc);                        \
     },                                                                                                       \
     [](const uint4 *a, const uint4 *b, int64_t nr, int64_t nc, unsigned *bd, int g) {                         \
         cc_tiles_check<R, C, E, TH><<<g, 256>>>(a, b, nr, nc, bd);                                           \
     }}
    const tiles tl[] = {CC_TILES(64, 64, 4, 256), CC_TILES(32, 32, 4, 256), CC_TILES(16, 64, 16, 512),
                        CC_TILES(32, 32, 16, 512), CC_TILES(32, 32, 16, 256)};
#undef CC_TILES
    const int64_t sides_full[] = {8192, 16384}, sides_quick[] = {1024};
    for (int E : {4, 16})
        for (int si = 0; si < (o.quick ? 1 : 2); ++si) {
            const int64_t n = o.quick ? sides_quick[si] : sides_full[si];
            const size_t bytes = (size_t)(n * n * E);
            char size[48];
            snprintf(size, sizeof size, "%s %lldx%lld", E == 4 ? "float" : "v16", (long long)n, (long long)n);
            const float tm = bench_memcpy_ms(o, out, in, bytes);
            t.add("cudaMemcpy", size, "GB/s", 2.0 * bytes / (tm * 1e6), 1.0, -1);
            for (const tiles &k : tl) {
                if (k.E != E) continue;
                measure(k.name, size, bytes, tm, [&] { k.launch((const uint4 *)in, (uint4 *)out, n, n); },
                        [&] { k.check((const uint4 *)in, (const uint4 *)out, n, n, bad, sms * 8); });
            }
        }
    CUDA_CHECK(cudaFree(in));
    CUDA_CHECK(cudaFree(out));
    CUDA_CHECK(cudaFree(bad));
    return t.finish(o);
}
