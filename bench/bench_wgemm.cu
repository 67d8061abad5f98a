/* bench/bench_wgemm.cu -- bench_wgemm: the wgemm family (examples/wgemm) beside cublasGemmEx, and
 * its tuning candidates.
 *
 * What it measures is the family's bench hooks (examples/wgemm/registry.cu: every bf16-input
 * variant on 4096^3 - 8192^3, checked against cuBLAS first) through bench_family.h: the table of
 * the shipped variants (DIR/wgemm.csv), then the tuning candidates of examples/wgemm/tuning.h
 * beside the shipped variant they vary (DIR/wgemm_tuning.csv).
 *
 * Usage: bench_wgemm [--out DIR] [--quick] [--reps N] [--filter LIST] [--spec M:N:K]... [--ncu]
 *          -> DIR/wgemm.csv, DIR/wgemm_tuning.csv
 *        bench_wgemm --check [--quick]   the tuning candidates on the family's check specs
 *                                        (the GPU test gpu-wgemm-tuning)
 */
#include "bench_family.h"
#include "tuning.h"

extern const swz_family swz_wgemm_family;

#define BENCH_WG_REF(T, I, O, S) &swz_wgemm_##T##_##I##_##O##S##_variant,
static const swz_variant *const base[] = {SWZ_WGEMM_TUNING_BASE(BENCH_WG_REF) NULL};
static const swz_variant *const cands[] = {SWZ_WGEMM_TUNING(BENCH_WG_REF) NULL};

int main(int argc, char **argv) { return bench_family_tuning_main(&swz_wgemm_family, argc, argv, base, cands, NULL); }
