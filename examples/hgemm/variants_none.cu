/* examples/hgemm/variants_none.cu -- the none variants (row-major tiles: the conflicting baseline), fp16 and bf16 (hgemm.cuh; the registry and the family record are in
 * variants.cu).  One file per layout so the kernels compile in parallel. */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT NONE
#include "hgemm.cuh"

#define TILE 128
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define LAYOUT NONE
#include "hgemm.cuh"

