/* examples/hgemm/variants_none.cu -- the none variants (row-major tiles: the conflicting
 * baseline), fp16 and bf16 (hgemm.cuh; the registry and the family record are in registry.cu).
 * One file per layout so the kernels compile in parallel. */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT NONE
#include "hgemm.cuh"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __nv_bfloat16
#define SWZ_HGEMM_ELEM_NAME bf16
#define SWZ_HGEMM_LAYOUT NONE
#include "hgemm.cuh"

