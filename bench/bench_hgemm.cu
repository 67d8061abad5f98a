/* bench/bench_hgemm.cu -- bench_hgemm: the hgemm family (examples/hgemm) beside cublasGemmEx
 * for both of its input types, and its tuning candidates.
 *
 * What it measures is the family's bench hooks (examples/hgemm/registry.cu: C = A*B, NN, C in
 * the input type, every element checked against cuBLAS within twice the fp32-accumulation
 * bound, 64 sampled against fp64) through bench_family.h, three times: the fp16 variants beside
 * cuBLAS fp16 (DIR/hgemm.csv, the family's bench elem), then the bf16 variants beside cuBLAS
 * bf16 on bf16 inputs (DIR/hgemm_bf16.csv: the same hooks with elem "bf16"; the problem's type
 * is the variant's), then the tuning candidates of examples/hgemm/tuning.h beside the shipped
 * variant they vary (DIR/hgemm_tuning.csv).  The bf16 rows keep their full names (the fp16
 * prefix rule does not apply).
 *
 * Usage: bench_hgemm [--out DIR] [--quick] [--reps N] [--filter LIST] [--spec M:N:K]... [--ncu]
 *          -> DIR/hgemm.csv, DIR/hgemm_bf16.csv, DIR/hgemm_tuning.csv
 *        bench_hgemm --check [--quick]   the tuning candidates on the family's check specs
 *                                        (the GPU test gpu-hgemm-tuning)
 */
#include "bench_family.h"
#include "tuning.h"

extern const swz_family swz_hgemm_family;

#define BENCH_HG_REF(L, T, E, S) &swz_hgemm_##L##_##T##_##E##S##_variant,
static const swz_variant *const base[] = {SWZ_HGEMM_TUNING_BASE(BENCH_HG_REF) NULL};
static const swz_variant *const cands[] = {SWZ_HGEMM_TUNING(BENCH_HG_REF) NULL};

/* The bf16 table: the family's hooks with the bench elem bf16, its own CSV name. */
static int bf16_table(const swz_family *f, const bench_opts &o)
{
    swz_family_bench b = *f->bench;
    swz_registry r = *f->registry;
    swz_family fb = *f;
    b.elem = "bf16";
    r.family = "hgemm_bf16";
    fb.registry = &r;
    fb.bench = &b;
    printf("\n# swz bf16 GEMM (mma.sync m16n8k16) vs cublasGemmEx bf16\n");
    return bench_family_table(&fb, o, NULL);
}

int main(int argc, char **argv) { return bench_family_tuning_main(&swz_hgemm_family, argc, argv, base, cands, bf16_table); }
