/* examples/fill.h -- how many blocks of a kernel fill the current GPU: the grid of the
 * persistent kernels (reduce.cuh's FAST, transpose.cuh's persistent variants, attn.cuh's
 * persistent causal launch).
 *
 *   blocks = SMs x (resident blocks of `kernel` per SM at `threads` threads and `smem` bytes of
 *            dynamic shared memory, at least 1)
 *
 * Example
 *   static int cache[64];   // per device ordinal, 0 = not asked yet
 *   int grid = ex_fill((const void *)my_kernel, 256, 0, cache);   // 0 on a CUDA error
 *
 * The template headers include this once per variant; the include guard keeps one copy.  The
 * CUDA calls are plain names, so tests/gpu/emu_simt.h (included first) can stand in for them.
 */
#ifndef SWZ_EXAMPLES_FILL_H
#define SWZ_EXAMPLES_FILL_H

#include <cuda_runtime.h>

/* Blocks of `kernel` that fill the current GPU (cached per device in cache[64]; 0 on error); a
 * kernel with more than 48 KiB of dynamic shared memory needs its limit raised before. */
static inline int ex_fill(const void *kernel, int threads, size_t smem, int *cache)
{
    int dev = 0, sms = 0, per = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || dev < 0 || dev >= 64) return 0;
    if (cache[dev] > 0) return cache[dev];
    if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, threads, smem) != cudaSuccess)
        return 0;
    cache[dev] = sms * (per > 0 ? per : 1);
    return cache[dev];
}

#endif /* SWZ_EXAMPLES_FILL_H */
