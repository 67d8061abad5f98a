/* bench/bench_hgemm.cu -- bench_hgemm: the hgemm family (examples/hgemm) beside cublasGemmEx
 * for both of its input types.
 *
 * What it measures is the family's bench hooks (examples/hgemm/variants.cu: C = A*B, NN, C in
 * the input type, every element checked against cuBLAS within twice the fp32-accumulation
 * bound, 64 sampled against fp64) through bench_family.h, twice: the fp16 variants beside
 * cuBLAS fp16 (DIR/hgemm.csv, the family's bench elem), then the bf16 variants beside cuBLAS
 * bf16 on bf16 inputs (DIR/hgemm_bf16.csv: the same hooks with elem "bf16"; the problem's type
 * is the variant's).  The bf16 rows keep their full names (the fp16 prefix rule does not apply).
 *
 * Usage: bench_hgemm [--out DIR] [--quick] [--reps N]  -> DIR/hgemm.csv, DIR/hgemm_bf16.csv
 */
#include "bench_family.h"

extern const swz_family swz_hgemm_family;

int main(int argc, char **argv)
{
    const swz_family *f = &swz_hgemm_family;
    const int rc = bench_family_main(f, argc, argv, f->bench->title, NULL);
    swz_family_bench b = *f->bench;
    swz_registry r = *f->registry;
    swz_family fb = *f;
    b.elem = "bf16";
    r.family = "hgemm_bf16";
    fb.registry = &r;
    fb.bench = &b;
    const int rcb = bench_family_main(&fb, argc, argv, "swz bf16 GEMM (mma.sync m16n8k16) vs cublasGemmEx bf16", NULL);
    return rc || rcb;
}
