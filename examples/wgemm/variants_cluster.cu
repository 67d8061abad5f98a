/* examples/wgemm/variants_cluster.cu -- the wgemm variants in 2-CTA clusters with B multicast
 * (wgemm.cuh, CLUSTER 2): bf16 and fp16, and bf16 with k-blocks of 32 in 8 stages.  A file of its own so that it compiles beside
 * variants.cu; the registry is there. */
#define TILE 256
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define OUT __nv_bfloat16
#define OUT_NAME bf16
#define CLUSTER 2
#include "wgemm.cuh"

#define TILE 256
#define ELEM __half
#define ELEM_NAME f16
#define OUT __half
#define OUT_NAME f16
#define CLUSTER 2
#include "wgemm.cuh"

#define TILE 256
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define OUT __nv_bfloat16
#define OUT_NAME bf16
#define CLUSTER 2
#define BLOCK_K 32
#define STAGES 8
#include "wgemm.cuh"
