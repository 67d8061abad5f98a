/* tests/consumers/kernel.cu -- a CUDA translation unit of an outside project using swz in
 * device code: an XOR-swizzled 32x32 transpose tile, a padded one, and a TMA-alignment check.
 * Compiled with nvcc -c only (CI has no GPU). */
#include <swz/xor.h>
#include <swz/pad.h>

#define XT(r, c) SWZ_XOR_AUTO_OFFSET(32, 4, 4, (r), (c))
#define PT(r, c) SWZ_PAD_OFFSET(32, 4, 4, (r), (c))

__global__ void consumer_transpose(const float *in, float *out, int n, int *misaligned)
{
    __shared__ float xt[32 * 32];
    __shared__ float pt[32 * SWZ_PAD_STRIDE(32, 4, 4)];
    __shared__ __align__(1024) unsigned char stage[1024];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    float v = in[(size_t)y * n + x];
    xt[XT(threadIdx.y, threadIdx.x)] = v;
    pt[PT(threadIdx.y, threadIdx.x)] = v;
    if (threadIdx.x == 0 && threadIdx.y == 0 && !swz_tma_is_aligned(stage, SWZ_TMA_128B))
        *misaligned = 1;
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    out[(size_t)y * n + x] = xt[XT(threadIdx.x, threadIdx.y)] + pt[PT(threadIdx.x, threadIdx.y)];
}
