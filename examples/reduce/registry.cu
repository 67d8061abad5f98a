/* examples/reduce/registry.cu -- the table of every reduction variant (reduce.h). */
#include <string.h>
#include "reduce.h"

#define SWZ__RD_REF(V, T, N, TY, OT) &swz_reduce_##V##_##T##_##N##_info,
const swz_reduce_variant *const swz_reduce_variants[] = {SWZ_REDUCE_VARIANTS(SWZ__RD_REF) NULL};
const int swz_reduce_variant_count =
    (int)(sizeof(swz_reduce_variants) / sizeof(swz_reduce_variants[0])) - 1;

const swz_reduce_variant *swz_reduce_find(const char *name)
{
    int i;
    for (i = 0; i < swz_reduce_variant_count; ++i)
        if (strcmp(swz_reduce_variants[i]->name, name) == 0) return swz_reduce_variants[i];
    return NULL;
}
