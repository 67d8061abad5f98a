/* tests/gpu/gpu_util.h -- functions shared by the GPU tests: skip without a GPU (exit 77, meson's
 * SKIP), check every CUDA call, a soft check that counts failures (EXPECT), a fixed-seed random
 * generator, output poisoning, and the 16-bit pattern of a float as fp16 or bf16. */
#ifndef SWZ_TEST_GPU_UTIL_H
#define SWZ_TEST_GPU_UTIL_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPU_SKIP 77

/* Exit 77 unless a CUDA device is usable. */
static inline void gpu_require_device(void)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        printf("SKIP: no CUDA device (%s)\n", e == cudaSuccess ? "0 devices" : cudaGetErrorString(e));
        exit(GPU_SKIP);
    }
}

#define CUDA_CHECK(call)                                                                       \
    do {                                                                                       \
        cudaError_t swz_test_e_ = (call);                                                      \
        if (swz_test_e_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call,                    \
                    cudaGetErrorString(swz_test_e_));                                          \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

/* Launch-and-check: the last error after a launch, then a synchronize. */
#define CUDA_CHECK_LAUNCH()                                                                    \
    do {                                                                                       \
        CUDA_CHECK(cudaGetLastError());                                                        \
        CUDA_CHECK(cudaDeviceSynchronize());                                                   \
    } while (0)

/* EXPECT(cond, fmt, ...): when cond is false, count one failure and print "FAIL file:line: "
 * and the message; the test goes on.  The test file declares the counter and ends with it:
 *     static int failures = 0;
 *     ...  EXPECT(got == want, "%s: got %d, want %d", name, got, want);  ...
 *     return failures ? 1 : 0; */
#define EXPECT(cond, ...)                                                                      \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            ++failures;                                                                        \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                        \
            printf(__VA_ARGS__);                                                               \
            printf("\n");                                                                      \
        }                                                                                      \
    } while (0)

/* xorshift64*: deterministic, fixed seed per test. */
typedef struct { uint64_t s; } test_rng;
static inline uint64_t rng_next(test_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}
static inline float rng_float(test_rng *r) /* uniform in [-1, 1) */
{
    return (float)((rng_next(r) >> 40) * (1.0 / 16777216.0) * 2.0 - 1.0);
}
static inline void rng_bytes(test_rng *r, void *p, size_t n)
{
    unsigned char *c = (unsigned char *)p;
    for (size_t i = 0; i < n; ++i) c[i] = (unsigned char)(rng_next(r) >> 56);
}

/* Fill device memory with a byte pattern that no correct result produces by accident
 * (0xFF bytes: NaN for floats, -1 for integers). */
static inline void gpu_poison(void *dev, size_t bytes)
{
    CUDA_CHECK(cudaMemset(dev, 0xFF, bytes));
}

#if defined(__CUDACC__) /* nvcc: the emulated tests' host compilers need not have these types */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
/* The bits of f rounded to bf16 (bf16 != 0) or fp16 (round to nearest even), on the host. */
static inline uint16_t gpu_bits16(float f, int bf16)
{
    uint16_t u;
    if (bf16) {
        const __nv_bfloat16 e = __float2bfloat16(f);
        memcpy(&u, &e, 2);
    } else {
        const __half e = __float2half(f);
        memcpy(&u, &e, 2);
    }
    return u;
}
#endif

#endif
