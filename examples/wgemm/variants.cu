/* examples/wgemm/variants.cu -- every wgemm variant (wgemm.cuh; the registry and the family
 * record are in registry.cu): bf16 -> bf16, fp16 -> fp16 and bf16 -> fp32 with the 128 x 256
 * block, bf16 -> bf16 with 128 x 128, with k-blocks of 32 in 8 stages (_k32) and with MN-major B
 * (_bmn: B given K x N), the TMA-store epilogue (_ts) for bf16 and fp16.  The cluster variant
 * (_c2) is a bench-only tuning candidate (tuning.h); docs/design.md (wgemm) has why. */
#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#include "wgemm.cuh"

#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __half
#define SWZ_WGEMM_ELEM_NAME f16
#define SWZ_WGEMM_OUT __half
#define SWZ_WGEMM_OUT_NAME f16
#include "wgemm.cuh"

#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT float
#define SWZ_WGEMM_OUT_NAME f32
#include "wgemm.cuh"

#define SWZ_WGEMM_TILE 128
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#include "wgemm.cuh"

#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#define SWZ_WGEMM_BLOCK_K 32
#define SWZ_WGEMM_STAGES 8
#include "wgemm.cuh"

/* The TMA-store epilogue (SWZ_WGEMM_EPILOGUE 1): C staged through tma128 buffers (the family's only
 * LSU shared instructions, checked by tools/ncu-check.py against predict()), then TMA stores. */
#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#define SWZ_WGEMM_EPILOGUE 1
#include "wgemm.cuh"

#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __half
#define SWZ_WGEMM_ELEM_NAME f16
#define SWZ_WGEMM_OUT __half
#define SWZ_WGEMM_OUT_NAME f16
#define SWZ_WGEMM_EPILOGUE 1
#include "wgemm.cuh"

/* MN-major B (SWZ_WGEMM_B_MN 1): B given K x N */
#define SWZ_WGEMM_TILE 256
#define SWZ_WGEMM_ELEM __nv_bfloat16
#define SWZ_WGEMM_ELEM_NAME bf16
#define SWZ_WGEMM_OUT __nv_bfloat16
#define SWZ_WGEMM_OUT_NAME bf16
#define SWZ_WGEMM_B_MN 1
#include "wgemm.cuh"
