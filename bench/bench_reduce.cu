/* bench/bench_reduce.cu -- swz's fp32 sum reductions beside CUB and a copy.
 *
 * What it measures
 *   sum of n = 2^28 floats (1 GiB; --quick: 2^22) with every float variant of the swz-reduce
 *   library (examples/reduce: interleaved and sequential textbook trees, the fast production
 *   kernel), beside
 *     - cub::DeviceReduce::Sum (temporary storage allocated once, outside the timing) -- THE PEER;
 *     - cudaMemcpy device-to-device moving the same number of bytes (a copy of n*2 bytes: n*2
 *       read + n*2 written = the n*4 bytes the reduction reads) -- the ceiling.
 *   GB/s counts bytes READ (n*4; the 4-byte result is negligible); median of 20
 *   CUDA-event-timed launches after warm-up.  Workspaces are allocated once, outside the timing.
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Against a CPU sum in double of the same input, before timing, on an output poisoned with
 *   NaN: a swz variant must be within its own documented error bound
 *   depth * 2^-24 / (1 - depth * 2^-24) * sum|x| (reduce.h: the variant's depth(n)); CUB within
 *   1e-5 * sum|x|.  The input is random in [-1, 1), never zero.
 *
 * The driver is bench_family.h; the problem, the peer and the checks are the family's bench
 * hooks in examples/reduce/reduce.cu (the example program's --bench uses the same).
 *
 * Usage: bench_reduce [--out DIR] [--quick] [--reps N]  -> DIR/reduce.csv
 */
#define EX_FAMILY_NO_MAIN
#include "reduce.cu" /* examples/reduce: `family` and its bench hooks */
#include "bench_family.h"

int main(int argc, char **argv)
{
    return bench_family_main(&family, argc, argv, "swz fp32 reductions vs cub::DeviceReduce::Sum", NULL);
}
