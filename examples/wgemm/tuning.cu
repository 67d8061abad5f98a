/* examples/wgemm/tuning.cu -- instantiates the tuning candidates that tuning.h lists (wgemm.cuh),
 * into the bench-only library swz_wgemm_tuning; each block sets the knobs that differ from the
 * shipped 256_bf16_bf16 (variants.cu).  docs/design.md (wgemm) has why none is shipped. */
#include "tuning.h"

/* _c2: 2-CTA clusters with B multicast */
#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#define SWZ_WGEMM_CLUSTER 2
#include "wgemm.cuh"
