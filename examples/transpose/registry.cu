/* examples/transpose/registry.cu -- the table of every transpose variant (transpose.h).
 * It names each variant's _info object, so a variant listed in SWZ_TRANSPOSE_VARIANTS but not
 * instantiated by variants_*.cu is a link error rather than a silently untested kernel. */
#include <string.h>
#include "transpose.h"

#define SWZ__TR_REF(L, T, N, TY) &swz_transpose_##L##_##T##_##N##_info,
/* Compiled without nvcc, this file is the registry of the host emulation (tests/gpu), which
 * also instantiates the benchmark's tuning candidates (variants_float.cu): list them there, so
 * the emulated tests check every one of them.  The library (nvcc) lists the shipped variants. */
#if defined(__CUDACC__)
#define SWZ__TR_TUNING
#else
#include "tuning.h"
#define SWZ__TR_TREF(L, T, S) &swz_transpose_##L##_##T##_float##S##_info,
#define SWZ__TR_TUNING SWZ_TRANSPOSE_TUNING(SWZ__TR_TREF)
#endif
const swz_transpose_variant *const swz_transpose_variants[] = {SWZ_TRANSPOSE_VARIANTS(SWZ__TR_REF) SWZ__TR_TUNING NULL};
const int swz_transpose_variant_count =
    (int)(sizeof(swz_transpose_variants) / sizeof(swz_transpose_variants[0])) - 1;

const swz_transpose_variant *swz_transpose_find(const char *name)
{
    int i;
    for (i = 0; i < swz_transpose_variant_count; ++i)
        if (strcmp(swz_transpose_variants[i]->name, name) == 0) return swz_transpose_variants[i];
    return NULL;
}
