/* examples/gemm/gemm_table.c -- swz_gemm_registry: every variant of gemm_variants.h (their
 * records and launchers are instantiated in gemm_f32.cu and gemm_f64.cu; a listed variant that
 * is not instantiated is a link error). */
#include <stddef.h>

#include "gemm_variants.h"

#define EX_GEMM_REF(L, T, E) &SWZ_CAT(SWZ_GEMM_NAME(L, T, E), _variant),
static const swz_variant *const swz_gemm_variants[] = {SWZ_GEMM_VARIANTS(EX_GEMM_REF) NULL};
SWZ_REGISTRY_DEFINE(swz_gemm_registry, "gemm", swz_gemm_variants);
