/* examples/wgemm/tuning.h -- the wgemm family's tuning candidates: variants of wgemm.cuh with
 * non-default knobs, which bench/bench_wgemm times beside the shipped variant they vary.  They
 * are not part of the swz_wgemm library or its registry (a variant is shipped because a user
 * would pick it): tuning.cu instantiates them into the bench-only library swz_wgemm_tuning
 * (examples/wgemm/meson.build), which only bench_wgemm links (its --check mode is the GPU test
 * gpu-wgemm-tuning).
 *
 * Example
 *   #include "tuning.h"
 *   #define ROW(T, I, O, S) &swz_wgemm_##T##_##I##_##O##S##_variant,
 *   const swz_variant *const cands[] = {SWZ_WGEMM_TUNING(ROW) NULL};
 *   cudaError_t e = swz_wgemm_256_bf16_bf16_c2(M, N, K, dA, K, dB, K, dC, N, 0, stream);
 *
 * Names: swz_wgemm_<tile>_<in>_<out><suffix> as in wgemm.h; the candidates' suffixes:
 *   _c2      SWZ_WGEMM_CLUSTER 2: clusters of two CTAs that load one half of the B tile each
 *            and multicast it
 * docs/design.md (wgemm) says why it is not shipped; docs/performance.md has its figures.
 * The list (X(tile, in, out, suffix)) must agree with tuning.cu: a program that uses a listed
 * name does not link otherwise. */
#ifndef SWZ_EXAMPLES_WGEMM_TUNING_H
#define SWZ_EXAMPLES_WGEMM_TUNING_H

#include "wgemm.h"

/* The candidates, and the shipped variant they vary (bench_wgemm times them side by side). */
#define SWZ_WGEMM_TUNING(X) X(256, bf16, bf16, _c2)
#define SWZ_WGEMM_TUNING_BASE(X) X(256, bf16, bf16, )

#ifdef __cplusplus
extern "C" {
#endif
SWZ_WGEMM_TUNING(SWZ_WGEMM_DECLARE) /* wgemm.h: launcher and record */
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_WGEMM_TUNING_H */
