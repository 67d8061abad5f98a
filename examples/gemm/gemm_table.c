/* examples/gemm/gemm_table.c -- swz_gemm_variants[]: one entry per variant of
 * gemm_variants.h (the launchers themselves are instantiated in gemm_f32.cu and gemm_f64.cu). */
#include <stddef.h>
#include <string.h>

#include "gemm_variants.h"

#define SWZ__GEMM_STR_(x) #x
#define SWZ__GEMM_STR(x) SWZ__GEMM_STR_(x)
#define SWZ__GEMM_RUN_float(n) n, SWZ__GCAT(n, _host), NULL, NULL
#define SWZ__GEMM_RUN_double(n) NULL, NULL, n, SWZ__GCAT(n, _host)
#define SWZ__GEMM_ENTRY(L, T, E)                                                                \
    {SWZ__GEMM_STR(SWZ_GEMM_NAME(L, T, E)) + 9, SWZ__GCAT(SWZ_GEMM_NAME(L, T, E), _info),       \
     SWZ__GCAT(SWZ_GEMM_NAME(L, T, E), _smem_pattern),                                          \
     SWZ__GCAT(SWZ_GEMM_NAME(L, T, E), _selfcheck), SWZ__GEMM_RUN_##E(SWZ_GEMM_NAME(L, T, E))},

const swz_gemm_variant swz_gemm_variants[] = {SWZ_GEMM_VARIANTS(SWZ__GEMM_ENTRY)};
const int swz_gemm_variant_count = (int)(sizeof swz_gemm_variants / sizeof swz_gemm_variants[0]);

const swz_gemm_variant *swz_gemm_find(const char *name)
{
    int i;
    for (i = 0; i < swz_gemm_variant_count; ++i)
        if (strcmp(swz_gemm_variants[i].name, name) == 0) return &swz_gemm_variants[i];
    return NULL;
}
