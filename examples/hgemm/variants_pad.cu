/* examples/hgemm/variants_pad.cu -- the pad variants (rows padded by 16 bytes), fp16 and bf16 (hgemm.cuh; the registry and the family record are in
 * variants.cu).  One file per layout so the kernels compile in parallel. */
#define TILE 128
#define ELEM __half
#define ELEM_NAME half
#define LAYOUT PAD
#include "hgemm.cuh"

#define TILE 128
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define LAYOUT PAD
#include "hgemm.cuh"

