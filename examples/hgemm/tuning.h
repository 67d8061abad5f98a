/* examples/hgemm/tuning.h -- the hgemm family's tuning candidates and loop probes: variants of
 * hgemm.cuh with non-default knobs, which bench/bench_hgemm times beside the shipped variant they
 * vary, and the xor kernels' main loop alone (SWZ_HGEMM_LOOP_PROBE), which bench/mma_ceiling
 * times.  They are not part of the swz_hgemm library or its registry (a variant is shipped
 * because a user would pick it): tuning.cu and loop_probe.cu instantiate them into the
 * bench-only library swz_hgemm_tuning (examples/hgemm/meson.build), which only bench_hgemm,
 * mma_ceiling and test-hgemm (all: the candidates on every test shape; args: the probes' sums)
 * link.
 *
 * Example
 *   #include "tuning.h"
 *   #define ROW(L, T, E, S) &swz_hgemm_##L##_##T##_##E##S##_variant,
 *   const swz_variant *const cands[] = {SWZ_HGEMM_TUNING(ROW) NULL};
 *   // cands[0]->name == "swz_hgemm_xor_128_half_s6g16", ->knobs == "tile_n=256 ... stages=6 ..."
 *   cudaError_t e = swz_hgemm_xor_128_half_loop_probe(1, sms, 1, 512, dA, K, dB, 256, out, clk, 0);
 *
 * Names: swz_hgemm_<layout>_<tile>_<elem><suffix>, suffix = the knobs that differ from the
 * shipped variant (swz_hgemm_<layout>_<tile>_<elem>, hgemm.h):
 *   _s6g16   SWZ_HGEMM_STAGES 6 (five K slices in flight), SWZ_HGEMM_RASTER_GROUP 16
 *   _p       SWZ_HGEMM_PERSIST 1 (a persistent grid: a tile's last slices copy the next tile's
 *            first ones)
 * docs/design.md (hgemm) says why neither is the default; docs/performance.md has their figures.
 * The list (X(layout, tile, elem, suffix)) must agree with tuning.cu, and SWZ_HGEMM_LOOP_PROBES
 * (X(layout, tile, elem)) with loop_probe.cu: a program that uses a listed name does not link
 * otherwise. */
#ifndef SWZ_EXAMPLES_HGEMM_TUNING_H
#define SWZ_EXAMPLES_HGEMM_TUNING_H

#include "hgemm.h"

/* The candidates, and the shipped variant they vary (bench_hgemm times them side by side). */
#define SWZ_HGEMM_TUNING(X) X(xor, 128, half, _s6g16) X(xor, 128, half, _p)
#define SWZ_HGEMM_TUNING_BASE(X) X(xor, 128, half, )

/* The loop probes: NAME_loop_probe(copy, blocks, tiles, KT, A, lda, B, ldb, out, clk, stream)
 * runs the variant's own prologue and full-slice loop (hgemm.cuh, SWZ_HGEMM_LOOP_PROBE). */
#define SWZ_HGEMM_LOOP_PROBES(X) X(xor, 128, half) X(xor, 128, bf16)

#ifdef __cplusplus
extern "C" {
#endif
#define SWZ_HGEMM_TUNING_DECLARE(L, T, E, S) SWZ_HGEMM_DECLARE(L, T, E##S) /* hgemm.h: launcher and record */
SWZ_HGEMM_TUNING(SWZ_HGEMM_TUNING_DECLARE)
#undef SWZ_HGEMM_TUNING_DECLARE
#define SWZ_HGEMM_PROBE_DECLARE(L, T, E)                                                          \
    cudaError_t swz_hgemm_##L##_##T##_##E##_loop_probe(int copy, int blocks, int tiles, int KT,   \
                                                       const void *A, int64_t lda, const void *B, \
                                                       int64_t ldb, float *out,                   \
                                                       unsigned long long *clk, cudaStream_t stream);
SWZ_HGEMM_LOOP_PROBES(SWZ_HGEMM_PROBE_DECLARE)
#undef SWZ_HGEMM_PROBE_DECLARE
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_HGEMM_TUNING_H */
