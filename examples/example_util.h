/* examples/example_util.h -- what the example programs' main()s share (host code only).
 *
 * What it is for
 *   CK(call): stop with "file:line: call: error" and exit 1 when a CUDA runtime call fails;
 *   ex_need_gpu(): exit 77 (meson's SKIP) when no CUDA device is usable;
 *   ex_take_filter(): take "--filter SUBSTR" out of argv, wherever it stands;
 *   ex_matches(name, filter): the variant filter (NULL matches every name);
 *   ex_time_ms(f) (C++): median of 20 CUDA-event-timed calls of f after 3 warm-ups, ms.
 *
 * Example
 *   #include "../example_util.h"
 *   int main(int argc, char **argv) {
 *       const char *filter = ex_take_filter(&argc, argv);   // NULL when absent
 *       ex_need_gpu();
 *       CK(cudaDeviceSynchronize());
 *       return filter != NULL;
 *   }
 */
#ifndef SWZ_EXAMPLE_UTIL_H
#define SWZ_EXAMPLE_UTIL_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(call)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

/* xorshift64*: the families' random test data (each family its own fixed seed, so every run
 * fills the same values). */
static inline uint64_t ex_rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

/* Exit 77 unless a CUDA device is usable. */
static inline void ex_need_gpu(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
        printf("SKIP: no CUDA device\n");
        exit(77);
    }
}

/* The first "--filter SUBSTR" pair is removed from argv (*argc -= 2) and SUBSTR returned; NULL
 * when there is none (a trailing "--filter" without its argument stays where it is). */
static inline const char *ex_take_filter(int *argc, char **argv)
{
    for (int i = 1; i < *argc; ++i)
        if (strcmp(argv[i], "--filter") == 0 && i + 1 < *argc) {
            const char *f = argv[i + 1];
            memmove(argv + i, argv + i + 2, (size_t)(*argc - i - 2) * sizeof(char *));
            *argc -= 2;
            return f;
        }
    return NULL;
}

/* 1 when `filter` is NULL or a substring of `name`. */
static inline int ex_matches(const char *name, const char *filter)
{
    return filter == NULL || strstr(name, filter) != NULL;
}

#ifdef __cplusplus
#include <algorithm>
#include <vector>
/* Median time of 20 launches of f() after 3 warm-ups, in milliseconds (CUDA events). */
template <class F> static float ex_time_ms(F f)
{
    cudaEvent_t a, b;
    std::vector<float> t;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; ++i) f();
    for (int i = 0; i < 20; ++i) {
        float ms;
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}
#endif

#endif /* SWZ_EXAMPLE_UTIL_H */
