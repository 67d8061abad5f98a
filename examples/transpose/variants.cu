/* examples/transpose/variants.cu -- the transpose family's registry and record (family.h): every
 * variant that variants_u8.cu, variants_half.cu, variants_float.cu, variants_double.cu and
 * variants_v16.cu instantiate, by SWZ_TRANSPOSE_VARIANTS (transpose.h), so a listed variant that
 * is not instantiated is a link error rather than a silently untested kernel; and the family
 * record `swz_transpose_family` with the hooks of transpose.cuh (run(), the bench).  Compiled
 * for the host emulation (tests/gpu, SWZ_EMULATE: emu_registry.cpp) it is the registry of the
 * emulated variants, the benchmark's tuning candidates included, without the hooks. */
#define EX_TR_HOOKS /* run(), the CPU reference and the bench hooks (transpose.cuh) */
#include "transpose.cuh"


#define EX_TR_REF(L, T, N, TY) &swz_transpose_##L##_##T##_##N##_variant,
/* Compiled without nvcc, this is the registry of the host emulation (tests/gpu), which also
 * instantiates the benchmark's tuning candidates (variants_float.cu): they are listed here, so
 * the emulated tests check every one of them.  The library (nvcc) lists the shipped variants and
 * the TMA layout's. */
#if defined(__CUDACC__)
#define EX_TR_TUNING SWZ_TRANSPOSE_TMA_VARIANTS(EX_TR_REF)
#else
#include "tuning.h"
#define EX_TR_TREF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
#define EX_TR_TUNING SWZ_TRANSPOSE_TUNING(EX_TR_TREF)
#endif
static const swz_variant *const swz_transpose_variants[] = {SWZ_TRANSPOSE_VARIANTS(EX_TR_REF) EX_TR_TUNING NULL};
SWZ_REGISTRY_DEFINE(swz_transpose_registry, "transpose", swz_transpose_variants);

#if !defined(SWZ_EMULATE)
/* Ragged with padded leading dimensions, and a batch. */
static const char *const ex_tr_check_specs[] = {"2000:3000:1:3001:2003", "67:45:3", "1000:1037", "997:1036:1:1040:1000", NULL};
SWZ_FAMILY_DEFINE(transpose) = {&swz_transpose_registry, "ROWS:COLS[:BATCH[:LD_IN:LD_OUT]]",
                                ex_tr_check_specs, "8192:8192", "GB/s", ex_tr_run_one, &ex_tr_bench_hooks};
#endif
