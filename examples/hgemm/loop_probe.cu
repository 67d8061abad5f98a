/* examples/hgemm/loop_probe.cu -- the loop probes that tuning.h lists (SWZ_HGEMM_LOOP_PROBE 1:
 * hgemm.cuh generates only NAME_loop_probe, the shipped xor variant's prologue and full-slice
 * loop, not its GEMM kernel, launcher or record, which libswz_hgemm has), into the bench-only
 * library swz_hgemm_tuning: bench/mma_ceiling times them, test-hgemm args checks their sums.  A
 * file of its own so that it compiles beside tuning.cu. */
#include "tuning.h"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_LOOP_PROBE 1
#include "hgemm.cuh"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __nv_bfloat16
#define SWZ_HGEMM_ELEM_NAME bf16
#define SWZ_HGEMM_LAYOUT XOR
#define SWZ_HGEMM_LOOP_PROBE 1
#include "hgemm.cuh"
