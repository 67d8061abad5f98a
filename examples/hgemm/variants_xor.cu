/* examples/hgemm/variants_xor.cu -- the xor variants (the automatic swizzle), fp16 and bf16 (hgemm.cuh; the
 * registry and the family record are in variants.cu).  One file per layout so the kernels
 * compile in parallel.  Both also generate their loop probe (LOOP_PROBE: bench/mma_ceiling). */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT XOR
#define LOOP_PROBE 1
#include "hgemm.cuh"

#define TILE 128
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define LAYOUT XOR
#define LOOP_PROBE 1
#include "hgemm.cuh"
