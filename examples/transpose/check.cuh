/* examples/transpose/check.cuh -- the transpose's inputs and result check on the GPU, for
 * problems too large for a host reference (the bench hooks in transpose.cuh and
 * bench/bench_transpose.cu's every-element-type section).
 *
 * What it is for
 *   A 16384^2 matrix of 16-byte elements is 4 GiB: filling it on the host and comparing it there
 *   takes longer than the whole benchmark.  Both happen here, on the device, from a counter-based
 *   hash (element i of seed s is the same on every launch configuration):
 *     ex_tr_fill     inputs for every element size: for 4, 8 and 16-byte elements every 4-byte
 *                    word is a float in (-1, 1), never 0, never NaN, so cuBLAS peers (geam:
 *                    1*x + 0*y) reproduce the bits, and the 8/16-byte elements built from those
 *                    words are finite normal doubles (complex too); for 1 and 2-byte elements
 *                    random bytes with no element all 0xFF (the poison of an output).
 *     ex_tr_wrong    how many elements of `out` are not the transpose of `in`, bit for bit,
 *                    for `batch` matrices rows x cols with row pitches ld_in, ld_out
 *                    (out[b][c][r] == in[b][r][c]).
 *
 * Example
 *   unsigned long long *d_n, wrong;
 *   cudaMalloc(&d_n, sizeof *d_n);
 *   ex_tr_fill(d_in, rows * cols * batch * es, es, 1234);          // bytes, element size, seed
 *   cudaMemset(d_out, 0xFF, bytes);                                 // poison
 *   swz_transpose_xor_64_float_batched(...);
 *   ex_tr_wrong(d_in, d_out, rows, cols, cols, rows, batch, es, d_n, &wrong); // packed; 0: exact
 *
 * Formula: h(i) = mix(seed * 0x100000001B3 ^ mix(i)), mix = the splitmix64 finaliser; float
 * word i = ((h >> 40) | 1) / 2^23 - 1 (odd numerators: never 0; |x| < 1: never NaN).
 */
#ifndef SWZ_EXAMPLES_TRANSPOSE_CHECK_CUH
#define SWZ_EXAMPLES_TRANSPOSE_CHECK_CUH

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>

__host__ __device__ static inline uint64_t ex_tr_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* es >= 4: `bytes` / 4 float words; es < 4: `bytes` random bytes, no element all 0xFF. */
__global__ static void ex_tr_fill_kernel(unsigned char *p, size_t bytes, int es, uint64_t seed)
{
    const size_t step = (size_t)gridDim.x * blockDim.x;
    if (es >= 4) {
        for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < bytes / 4; i += step) {
            const uint64_t h = ex_tr_mix(seed * 0x100000001B3ull ^ ex_tr_mix(i));
            const float f = (float)((double)((uint32_t)(h >> 40) | 1u) / 8388608.0 - 1.0);
            ((float *)p)[i] = f;
        }
        return;
    }
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < bytes / es; i += step) {
        const uint64_t h = ex_tr_mix(seed * 0x100000001B3ull ^ ex_tr_mix(i));
        if (es == 2) {
            const uint16_t v = (uint16_t)(h >> 48);
            ((uint16_t *)p)[i] = v == 0xFFFFu ? (uint16_t)0x5A5Au : v;
        } else {
            const uint8_t v = (uint8_t)(h >> 56);
            p[i] = v == 0xFFu ? (uint8_t)0x5Au : v;
        }
    }
}

static inline cudaError_t ex_tr_fill(void *dev, size_t bytes, int es, uint64_t seed)
{
    ex_tr_fill_kernel<<<1024, 256>>>((unsigned char *)dev, bytes, es, seed);
    return cudaGetLastError();
}

/* Wrong elements of out (batch x cols x rows) against in (batch x rows x cols), into *wrong. */
__global__ static void ex_tr_wrong_kernel(const unsigned char *in, const unsigned char *out,
                                          int64_t rows, int64_t cols, int64_t ld_in, int64_t ld_out,
                                          int64_t batch, int es, unsigned long long *wrong)
{
    const int64_t rc = rows * cols;
    unsigned long long bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < batch * rc;
         i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t b = i / rc, rem = i - b * rc, row = rem / cols, col = rem - row * cols;
        const unsigned char *a = in + ((b * rows + row) * ld_in + col) * es,
                            *o = out + ((b * cols + col) * ld_out + row) * es;
        if (es % 4 == 0) {
            for (int k = 0; k < es; k += 4) bad += *(const uint32_t *)(a + k) != *(const uint32_t *)(o + k);
        } else {
            for (int k = 0; k < es; ++k) bad += a[k] != o[k];
        }
    }
    for (int s = 16; s > 0; s >>= 1) bad += __shfl_down_sync(0xFFFFFFFFu, bad, s);
    if ((threadIdx.x & 31) == 0 && bad) atomicAdd(wrong, bad);
}

/* *result = the number of wrong elements (d_counter: one device word, the caller's); row pitches
 * ld_in (>= cols) and ld_out (>= rows) in elements, matrix b at b * rows * ld_in and
 * b * cols * ld_out (packed: ld_in = cols, ld_out = rows). */
static inline cudaError_t ex_tr_wrong(const void *in, const void *out, int64_t rows, int64_t cols,
                                      int64_t ld_in, int64_t ld_out, int64_t batch, int es,
                                      unsigned long long *d_counter, unsigned long long *result)
{
    cudaError_t e = cudaMemset(d_counter, 0, sizeof *d_counter);
    if (e != cudaSuccess) return e;
    ex_tr_wrong_kernel<<<1024, 256>>>((const unsigned char *)in, (const unsigned char *)out, rows,
                                      cols, ld_in, ld_out, batch, es, d_counter);
    e = cudaGetLastError();
    if (e != cudaSuccess) return e;
    return cudaMemcpy(result, d_counter, sizeof *result, cudaMemcpyDeviceToHost);
}

#endif /* SWZ_EXAMPLES_TRANSPOSE_CHECK_CUH */
