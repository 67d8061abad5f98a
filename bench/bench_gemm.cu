/* bench/bench_gemm.cu -- swz's SGEMM variants beside cuBLAS.
 *
 * What it measures
 *   C = A*B (row-major, fp32, alpha = 1, beta = 0) for M = N = K = 4096 and 8192 (--quick: 512
 *   and 1024), with every float variant of the swz-gemm library (examples/gemm: layouts none,
 *   pad, xor of the shared A tile; TILE 128 and 64; block order row-major and Morton), beside
 *     - cublasSgemm with CUBLAS_PEDANTIC_MATH: plain fp32 FMA, no TF32 -- THE PEER (ratio_peer);
 *     - cublasSgemm with CUBLAS_DEFAULT_MATH (for information; cuBLAS does not use TF32 for
 *       Sgemm unless CUBLAS_TF32_TENSOR_OP_MATH is set, so this is fp32 too);
 *     - cudaMemcpy device-to-device of the bytes the product must move (A + B read, C written),
 *       as the memory ceiling (metric GB/s; its ratio_peer is left empty).
 *   TFLOP/s = 2*M*N*K / median time (20 CUDA-event-timed launches after warm-up).
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Both cuBLAS runs against the CPU double-precision reference of the example program at 8
 *   sampled rows (the first, the last, random ones; per element
 *   |c - ref| <= 2^-24 (2 sqrt(K) + 4) sum |a*b|); every swz variant, on an output poisoned with NaN,
 *   against cuBLAS over the whole matrix: ||C - C_cublas||_F / ||C_cublas||_F < 5e-5 and every
 *   element finite.  Two fp32 products of length K = 8192 in different orders differ by about
 *   3e-6 on random [-1, 1) data; a TF32 product by about 3e-4: the bound tells them apart.
 *   Inputs are random in [-1, 1).
 *
 * The driver is bench_family.h; the problem, the peers and the checks are the family's bench
 * hooks in examples/gemm/gemm.cu (the example program's --bench uses the same).
 *
 * Usage: bench_gemm [--out DIR] [--quick] [--reps N]  -> DIR/gemm.csv
 */
#define EX_FAMILY_NO_MAIN
#include "gemm.cu" /* examples/gemm: `family` and its bench hooks */
#include "bench_family.h"

int main(int argc, char **argv)
{
    return bench_family_main(&family, argc, argv, "swz SGEMM variants vs cublasSgemm (pedantic fp32)", NULL);
}
