/* examples/wgemm/variants_cluster.cu -- the wgemm variants in 2-CTA clusters with B multicast
 * (wgemm.cuh, SWZ_WGEMM_CLUSTER 2), bf16.  A file of its own so that it compiles beside
 * variants.cu; the registry is there. */
#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#define SWZ_WGEMM_CLUSTER 2
#include "wgemm.cuh"
