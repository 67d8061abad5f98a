/* tests/gpu/emulate.h -- the CUDA runtime calls of the GPU tests, redirected to host memory, so
 * that a test compiled with SWZ_EMULATE (host C++, kernels run by tile.h's emulation) runs on
 * a machine without a GPU.  Include it before gpu_util.h; it includes cuda_runtime.h for the
 * types and for cudaGetErrorString (which needs no device). */
#ifndef SWZ_TEST_EMULATE_H
#define SWZ_TEST_EMULATE_H

#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static inline cudaError_t swz_emu_malloc(void **p, size_t n)
{
    *p = aligned_alloc(256, (n + 255) / 256 * 256 + 256);
    return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
static inline cudaError_t swz_emu_count(int *n)
{
    *n = 1;
    return cudaSuccess;
}

#define cudaMalloc(p, n) swz_emu_malloc((void **)(p), (n))
#define cudaFree(p) (free(p), cudaSuccess)
#define cudaMemcpy(d, s, n, k) ((void)(k), memcpy((d), (s), (n)), cudaSuccess)
#define cudaMemset(p, v, n) (memset((p), (v), (n)), cudaSuccess)
#define cudaDeviceSynchronize() cudaSuccess
#define cudaGetLastError() cudaSuccess
#define cudaGetDeviceCount(n) swz_emu_count(n)

#endif
