/* examples/hgemm/variants_xor.cu -- the xor variants (the automatic swizzle), fp16 and bf16 (hgemm.cuh; the
 * registry and the family record are in variants.cu).  One file per layout so the kernels
 * compile in parallel.  Both also generate their loop probe (SWZ_HGEMM_LOOP_PROBE: bench/mma_ceiling). */
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
