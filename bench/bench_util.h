/* bench/bench_util.h -- what every swz benchmark program shares.
 *
 * What it is for
 *   Command-line options (--out DIR, --quick, --reps N), a device banner, random fills on the
 *   device (never zeros), CUDA-event timing (warm-up, then the median of N timed launches, one
 *   event pair per launch), and the result
 *   table: printed on stdout and written to DIR/<family>.csv with the one column set all
 *   families share:
 *
 *       family,variant,size,metric,value,ratio_memcpy,ratio_peer
 *
 *   ratio_memcpy = t(memcpy) / t(variant), where the cudaMemcpy device-to-device MOVES THE SAME
 *   NUMBER OF BYTES (read + written) as the variant must (so a copy of half of them), and
 *   ratio_peer = t(peer) / t(variant): above 1 means faster than the reference.  For the
 *   bandwidth and rate families this equals the ratio of the GB/s or TFLOP/s figures.  An empty cell means "not
 *   applicable".  Sweeps (bench_smem_stride, bench_coalesce) put the stride-1 figure in the
 *   ratio_peer column's place.
 *
 * Example
 *   #include "bench_util.h"
 *   int main(int argc, char **argv) {
 *       bench_opts o = bench_parse(argc, argv, "demo", "what it measures");
 *       bench_require_gpu();                             // exit 77 without a GPU
 *       float ms = bench_time_ms(o, [&] { my_kernel<<<g, b>>>(p); });
 *       bench_table t("demo");
 *       t.add("mine", "1024", "GB/s", bytes / (ms * 1e6), -1, -1);  // variant, size, metric, value
 *       return t.finish(o);                              // print + CSV; 0 unless a check failed
 *   }
 *
 * Timing (docs/performance.md, METHOD): warm-up launches first (module load, handle creation,
 * clocks), then `reps` launches each bracketed by its own pair of events; the figure is the
 * median.  A timing never fails the program; a wrong result does (bench_fail()).
 */
#ifndef SWZ_BENCH_UTIL_H
#define SWZ_BENCH_UTIL_H

#include <cuda_runtime.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_util.h" /* tests/gpu: CUDA_CHECK, CUDA_CHECK_LAUNCH, exit 77 without a device */

struct bench_opts {
    std::string out = ".";  /* directory for the CSV */
    bool quick = false;     /* small sizes, few repetitions (a smoke run) */
    int reps = 20;          /* timed launches; the median is reported */
    int warmup = 3;         /* untimed launches first */
    bool ncu = false;       /* one launch per configuration (family benches: each checked), no timing */
    /* family benches (bench_family.h) only: */
    std::string filter;             /* comma-separated parts of variant names; empty: every variant */
    std::vector<std::string> specs; /* these problems instead of the family's bench specs */
    bool check = false;             /* the tuning candidates on the family's check specs, no timing */
};

/* 1 when some comma-separated part of `list` occurs in `name` (empty: always). */
static inline bool bench_matches(const std::string &list, const char *name)
{
    if (list.empty()) return true;
    const std::string l = list + ",";
    for (size_t a = 0, b; (b = l.find(',', a)) != std::string::npos; a = b + 1)
        if (b > a && strstr(name, l.substr(a, b - a).c_str())) return true;
    return false;
}

static inline void bench_usage(const char *prog, const char *what)
{
    printf("%s -- %s\n"
           "usage: %s [--out DIR] [--quick] [--reps N] [--ncu] [--filter LIST] [--spec SPEC]... [--check]\n"
           "  --out DIR      write DIR/<family>.csv (default '.'; DIR is created if its parent exists)\n"
           "  --quick        small sizes, 3 timed launches: a smoke run\n"
           "  --reps N       timed launches per figure (default 20, median reported)\n"
           "  --ncu          one launch per configuration, no timing (run under ncu)\n"
           "  family benches only:\n"
           "  --filter LIST  only the variants whose names contain one of these comma-separated parts\n"
           "  --spec SPEC    this problem instead of the family's bench problems (repeatable)\n"
           "  --check        the tuning candidates on the family's check specs, no timing\n",
           prog, what, prog);
}

static inline bench_opts bench_parse(int argc, char **argv, const char *prog, const char *what)
{
    bench_opts o;
    bool reps_given = false;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            o.out = argv[++i];
            mkdir(o.out.c_str(), 0777); /* one level; an existing directory is fine */
        } else if (!strcmp(argv[i], "--quick")) {
            o.quick = true;
        } else if (!strcmp(argv[i], "--ncu")) {
            o.ncu = true;
        } else if (!strcmp(argv[i], "--check")) {
            o.check = true;
        } else if (!strcmp(argv[i], "--filter") && i + 1 < argc) {
            o.filter = argv[++i];
        } else if (!strcmp(argv[i], "--spec") && i + 1 < argc) {
            o.specs.push_back(argv[++i]);
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            o.reps = atoi(argv[++i]);
            reps_given = true;
            if (o.reps < 1) {
                fprintf(stderr, "%s: --reps must be >= 1\n", prog);
                exit(2);
            }
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            bench_usage(prog, what);
            exit(0);
        } else {
            fprintf(stderr, "%s: unknown argument '%s'\n", prog, argv[i]);
            bench_usage(prog, what);
            exit(2);
        }
    }
    if (o.quick && !reps_given) o.reps = 3;
    if (o.quick) o.warmup = 1;
    return o;
}

#ifndef SWZ_BENCH_BUILDTYPE
#define SWZ_BENCH_BUILDTYPE "unknown"
#endif

/* Exit 77 (meson's SKIP) without a GPU, then print one line about the device and the build. */
static inline void bench_require_gpu(void)
{
    gpu_require_device();
    if (strcmp(SWZ_BENCH_BUILDTYPE, "release") != 0)
        printf("# WARNING: built with buildtype '%s', not 'release': figures are not comparable "
               "(meson setup -Dbuildtype=release)\n", SWZ_BENCH_BUILDTYPE);
    int dev = 0, drv = 0, rt = 0, clk = 0, memclk = 0;
    cudaDeviceProp p;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
    CUDA_CHECK(cudaDriverGetVersion(&drv));
    CUDA_CHECK(cudaRuntimeGetVersion(&rt));
    CUDA_CHECK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&memclk, cudaDevAttrMemoryClockRate, dev));
    printf("# device: %s, CC %d.%d, %d SMs, L2 %d MiB, %.1f GiB, SM clock %d MHz, mem clock %d MHz, "
           "driver %d.%d, runtime %d.%d\n",
           p.name, p.major, p.minor, p.multiProcessorCount, p.l2CacheSize >> 20,
           (double)p.totalGlobalMem / (1 << 30), clk / 1000, memclk / 1000, drv / 1000,
           (drv % 1000) / 10, rt / 1000, (rt % 1000) / 10);
}

static inline int bench_sm_count(void)
{
    int dev = 0, n = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev));
    return n;
}

/* ---- random fills on the device ------------------------------------------------------------
 * A counter-based hash (splitmix64 finaliser): element i of seed s is the same on every run and
 * every launch configuration, so a CPU reference can regenerate it (bench_rand_host). */
__host__ __device__ static inline uint64_t bench_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* Uniform in [lo, hi), 24 random bits: never exactly zero unless lo <= 0 < hi hits it by chance
 * (probability 2^-24 per element for [-1, 1)); bench_fill_uniform then nudges 0 to lo. */
__host__ __device__ static inline float bench_rand_host(uint64_t seed, uint64_t i, float lo, float hi)
{
    uint64_t h = bench_mix(seed * 0x100000001B3ull ^ bench_mix(i));
    float u = (float)(h >> 40) * (1.0f / 16777216.0f);
    float v = lo + (hi - lo) * u;
    return v == 0.0f ? lo : v;
}

__global__ static void bench_fill_kernel(float *p, size_t n, uint64_t seed, float lo, float hi)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = bench_rand_host(seed, i, lo, hi);
}

static inline void bench_fill_uniform(float *dev, size_t n, uint64_t seed, float lo, float hi)
{
    bench_fill_kernel<<<bench_sm_count() * 8, 256>>>(dev, n, seed, lo, hi);
    CUDA_CHECK_LAUNCH();
}

/* A plain copy kernel: 16-byte vectors, four per thread in flight, grid-stride over the grid
 * the caller launches; the last bytes % 16 by one thread (bench_transpose's memcpy_kernel row,
 * copy_ceiling's grid4). */
__global__ static void bench_copy_kernel(const uint4 *__restrict__ in, uint4 *__restrict__ out, size_t bytes)
{
    const size_t n16 = bytes / 16, stride = (size_t)gridDim.x * blockDim.x;
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n16; i += 4 * stride) {
        const uint4 a = in[i], b = in[i + stride], c = in[i + 2 * stride], d = in[i + 3 * stride];
        out[i] = a, out[i + stride] = b, out[i + 2 * stride] = c, out[i + 3 * stride] = d;
    }
    for (; i < n16; i += stride) out[i] = in[i];
    if (blockIdx.x == 0 && threadIdx.x == 0)
        for (size_t k = n16 * 16; k < bytes; ++k) ((unsigned char *)out)[k] = ((const unsigned char *)in)[k];
}

/* ---- timing ------------------------------------------------------------------------------- */
static inline float bench_median(std::vector<float> v)
{
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

/* Warm up, then time `reps` launches of f (each its own event pair) on the default stream;
 * returns the median in milliseconds.  f must enqueue work on stream 0 and may not synchronize. */
template <class F> static float bench_time_ms(const bench_opts &o, F f)
{
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    for (int i = 0; i < o.warmup; ++i) f();
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int i = 0; i < o.reps; ++i) {
        float ms = 0.0f;
        CUDA_CHECK(cudaEventRecord(a, 0));
        f();
        CUDA_CHECK(cudaEventRecord(b, 0));
        CUDA_CHECK(cudaEventSynchronize(b));
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    CUDA_CHECK(cudaEventDestroy(a));
    CUDA_CHECK(cudaEventDestroy(b));
    return bench_median(t);
}

/* The ceiling of every bandwidth family: a device-to-device copy of `bytes` bytes (which moves
 * 2*bytes: read + written).  src and dst must hold `bytes` bytes. */
static inline float bench_memcpy_ms(const bench_opts &o, void *dst, const void *src, size_t bytes)
{
    return bench_time_ms(o, [&] { CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0)); });
}

/* ---- results ------------------------------------------------------------------------------ */
struct bench_row {
    std::string family, variant, size, metric;
    double value;        /* GB/s, TFLOP/s, ... */
    double ratio_memcpy; /* < 0: not applicable */
    double ratio_peer;   /* < 0: not applicable */
    std::string peer;    /* what ratio_peer is relative to (table only) */
};

struct bench_table {
    std::string family;
    std::vector<bench_row> rows;
    int failures = 0;

    explicit bench_table(const char *fam) : family(fam) {}

    void add(const std::string &variant, const std::string &size, const char *metric, double value,
             double ratio_memcpy, double ratio_peer, const std::string &peer = "")
    {
        rows.push_back({family, variant, size, metric, value, ratio_memcpy, ratio_peer, peer});
    }

    /* A wrong result: reported at once (printf format), turns the exit status non-zero. */
    void fail(const char *fmt, ...) __attribute__((format(printf, 2, 3)))
    {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "FAIL %s: ", family.c_str());
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
        va_end(ap);
        ++failures;
    }

    static std::string cell(double v, const char *fmt)
    {
        if (v < 0 || !std::isfinite(v)) return "";
        char buf[64];
        snprintf(buf, sizeof buf, fmt, v);
        return buf;
    }

    void print() const
    {
        printf("\n%-14s %-28s %-12s %-8s %10s %12s %10s  %s\n", "family", "variant", "size", "metric",
               "value", "ratio_memcpy", "ratio_peer", "peer");
        for (const bench_row &r : rows)
            printf("%-14s %-28s %-12s %-8s %10.2f %12s %10s  %s\n", r.family.c_str(), r.variant.c_str(),
                   r.size.c_str(), r.metric.c_str(), r.value, cell(r.ratio_memcpy, "%.3f").c_str(),
                   cell(r.ratio_peer, "%.3f").c_str(), r.peer.c_str());
    }

    bool write_csv(const std::string &dir) const
    {
        std::string path = dir + "/" + family + ".csv";
        FILE *f = fopen(path.c_str(), "w");
        if (!f) {
            fprintf(stderr, "cannot write %s\n", path.c_str());
            return false;
        }
        fprintf(f, "family,variant,size,metric,value,ratio_memcpy,ratio_peer\n");
        for (const bench_row &r : rows)
            fprintf(f, "%s,%s,%s,%s,%.6g,%s,%s\n", r.family.c_str(), r.variant.c_str(), r.size.c_str(),
                    r.metric.c_str(), r.value, cell(r.ratio_memcpy, "%.6g").c_str(),
                    cell(r.ratio_peer, "%.6g").c_str());
        fclose(f);
        printf("# wrote %s\n", path.c_str());
        return true;
    }

    /* Print (unless print_rows is false: sweeps print their own compact table), write the CSV;
     * the exit status: 1 if a result was wrong or the CSV could not be
     * written, else 0. */
    int finish(const bench_opts &o, bool print_rows = true) const
    {
        if (print_rows) print();
        bool ok = write_csv(o.out);
        if (failures) fprintf(stderr, "%s: %d wrong result(s)\n", family.c_str(), failures);
        return (failures || !ok) ? 1 : 0;
    }
};

/* "8192x8192", "4096^3", ... */
static inline std::string bench_size2(long long r, long long c)
{
    return std::to_string(r) + "x" + std::to_string(c);
}

#endif /* SWZ_BENCH_UTIL_H */
