/* examples/transpose/registry.cu -- the table of every transpose variant (transpose.h).
 * It names each variant's _info object, so a variant listed in SWZ_TRANSPOSE_VARIANTS but not
 * instantiated by variants_*.cu is a link error rather than a silently untested kernel. */
#include <string.h>
#include "transpose.h"

#define SWZ__TR_REF(L, T, N, TY) &swz_transpose_##L##_##T##_##N##_info,
const swz_transpose_variant *const swz_transpose_variants[] = {SWZ_TRANSPOSE_VARIANTS(SWZ__TR_REF) NULL};
const int swz_transpose_variant_count =
    (int)(sizeof(swz_transpose_variants) / sizeof(swz_transpose_variants[0])) - 1;

const swz_transpose_variant *swz_transpose_find(const char *name)
{
    int i;
    for (i = 0; i < swz_transpose_variant_count; ++i)
        if (strcmp(swz_transpose_variants[i]->name, name) == 0) return swz_transpose_variants[i];
    return NULL;
}
