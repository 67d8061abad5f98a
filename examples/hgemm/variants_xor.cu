/* examples/hgemm/variants_xor.cu -- the xor variants (the automatic swizzle), fp16 and bf16
 * (hgemm.cuh; the registry and the family record are in registry.cu).  One file per layout so the
 * kernels compile in parallel.  Their loop probes are bench-only (tuning.h, loop_probe.cu). */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT XOR
#include "hgemm.cuh"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __nv_bfloat16
#define SWZ_HGEMM_ELEM_NAME bf16
#define SWZ_HGEMM_LAYOUT XOR
#include "hgemm.cuh"
