/* examples/transpose/registry.cu -- the table of every transpose variant (transpose.h).
 * It names each variant's _variant record, so a variant listed in SWZ_TRANSPOSE_VARIANTS but not
 * instantiated by variants_*.cu is a link error rather than a silently untested kernel. */
#include "transpose.h"

#define EX_TR_REF(L, T, N, TY) &swz_transpose_##L##_##T##_##N##_variant,
/* Compiled without nvcc, this file is the registry of the host emulation (tests/gpu), which
 * also instantiates the benchmark's tuning candidates (variants_float.cu): list them there, so
 * the emulated tests check every one of them.  The library (nvcc) lists the shipped variants. */
#if defined(__CUDACC__)
#define EX_TR_TUNING
#else
#include "tuning.h"
#define EX_TR_TREF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
#define EX_TR_TUNING SWZ_TRANSPOSE_TUNING(EX_TR_TREF)
#endif
static const swz_variant *const swz_transpose_variants[] = {SWZ_TRANSPOSE_VARIANTS(EX_TR_REF) EX_TR_TUNING NULL};
SWZ_REGISTRY_DEFINE(swz_transpose_registry, "transpose", swz_transpose_variants);
