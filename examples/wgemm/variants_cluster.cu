/* examples/wgemm/variants_cluster.cu -- the wgemm variants in 2-CTA clusters with B multicast
 * (wgemm.cuh, CLUSTER 2), bf16.  A file of its own so that it compiles beside
 * variants.cu; the registry is there. */
#define TILE 256
#define ELEM __nv_bfloat16
#define ELEM_NAME bf16
#define OUT __nv_bfloat16
#define OUT_NAME bf16
#define CLUSTER 2
#include "wgemm.cuh"
