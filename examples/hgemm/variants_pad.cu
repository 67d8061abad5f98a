/* examples/hgemm/variants_pad.cu -- the pad variants (rows padded by 16 bytes), fp16 and bf16
 * (hgemm.cuh; the registry and the family record are in registry.cu).  One file per layout so the
 * kernels compile in parallel. */
#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __half
#define SWZ_HGEMM_ELEM_NAME half
#define SWZ_HGEMM_LAYOUT PAD
#include "hgemm.cuh"

#define SWZ_HGEMM_TILE 128
#define SWZ_HGEMM_ELEM __nv_bfloat16
#define SWZ_HGEMM_ELEM_NAME bf16
#define SWZ_HGEMM_LAYOUT PAD
#include "hgemm.cuh"

