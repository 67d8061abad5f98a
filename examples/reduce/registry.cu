/* examples/reduce/registry.cu -- the table of every reduction variant (reduce.h).  It names
 * each variant's _variant record, so a variant listed in SWZ_REDUCE_VARIANTS but not instantiated
 * by variants.cu is a link error. */
#include "reduce.h"

#define EX_RD_REF(V, T, N, TY, OT) &swz_reduce_##V##_##T##_##N##_variant,
static const swz_variant *const swz_reduce_variants[] = {SWZ_REDUCE_VARIANTS(EX_RD_REF) NULL};
SWZ_REGISTRY_DEFINE(swz_reduce_registry, "reduce", swz_reduce_variants);
