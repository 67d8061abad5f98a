/* examples/wgemm/variants.cu -- every wgemm variant (wgemm.cuh), the registry and the family
 * record: bf16 -> bf16, fp16 -> fp16 and bf16 -> fp32 with the 128 x 256 block, bf16 -> bf16
 * with 128 x 128, with k-blocks of 32 in 8 stages (_k32) and with MN-major B (_bmn: B given
 * K x N), the TMA-store epilogue (_ts) for bf16 and fp16; the cluster variant (_c2) is in
 * variants_cluster.cu.  The other cluster variants measured slower (NOTES.md) and are not
 * instantiated. */
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

extern const swz_variant swz_wgemm_256_bf16_bf16_c2_variant; /* variants_cluster.cu */
static const swz_variant *const swz_wgemm_variants[] = {
    &swz_wgemm_256_bf16_bf16_variant, &swz_wgemm_256_f16_f16_variant, &swz_wgemm_256_bf16_f32_variant,
    &swz_wgemm_128_bf16_bf16_variant, &swz_wgemm_256_bf16_bf16_k32_variant, &swz_wgemm_256_bf16_bf16_ts_variant, &swz_wgemm_256_f16_f16_ts_variant,
    &swz_wgemm_256_bf16_bf16_bmn_variant,
    &swz_wgemm_256_bf16_bf16_c2_variant, NULL};
SWZ_REGISTRY_DEFINE(swz_wgemm_registry, "wgemm", swz_wgemm_variants);

/* Ragged in every dimension (M, N not multiples of the block, K not of 64), a K that TMA cannot
 * read in place (K % 8 != 0: the padded copy), one exact tile, and more tiles than SMs (the
 * persistent loop), in every tile order (Morton, groups of 8 and 16 tile-rows). */
static const char *const ex_wg_check_specs[] = {"1000:1000:264", "129:257:77", "128:256:64", "2048:2304:64",
                                                "2048:2304:64:1", "2048:2304:64:2", NULL};
SWZ_FAMILY_DEFINE(wgemm) = {&swz_wgemm_registry, "M:N:K[:RASTER]", ex_wg_check_specs, "8192:8192:8192",
                            "TFLOP/s", ex_wg_run, &ex_wg_bench};
