/* examples/transpose/tuning.h -- the benchmark's transpose tuning candidates: fp32 variants of
 * transpose.cuh with non-default knobs (THREADS, REGION_BYTES, BLOCK_ORDER/BLOCK_GROUP,
 * CACHE_HINTS, PERSIST; see transpose.cuh).  They are not part of the swz_transpose library
 * (its variant matrix stays as transpose.h lists it): tuning.inc instantiates them, and only
 * bench/bench_transpose.cu (to time them) and the host emulation tests (to check their code on
 * every test shape, see registry.cu) include it.
 *
 * Example
 *   #include "tuning.inc"   // once per program: generates every candidate (includes this file)
 *   #define ROW(L, T, S) &swz_transpose_##L##_##T##_float##S##_variant,
 *   const swz_variant *const cands[] = {SWZ_TRANSPOSE_TUNING(ROW) NULL};
 *   // cands[2]->name == "swz_transpose_xor_64_float_grp32", ->knobs == "threads=256 ..."
 *
 * Names: swz_transpose_<layout>_<tile>_float<suffix>, suffix = the knobs that differ from
 * the default (threads 256, region 16 KiB, order GROUP 32768 = column-major, hints 0, persist 0):
 *   _row           BLOCK_ORDER ROW (the default before tuning rounds 1-2)
 *   _diag          BLOCK_ORDER DIAG
 *   _grpN          BLOCK_ORDER GROUP, BLOCK_GROUP N (region rows per group)
 *   _mortN         BLOCK_ORDER MORTON, N x N supertiles
 *   _hN            CACHE_HINTS N (1 loads L1::no_allocate, 2 loads .cs, 4 stores .cs)
 *   _tN            THREADS N
 *   _r32k          REGION_BYTES 32768
 *   _p             PERSIST 1
 * The list (X(layout, tile, suffix)) must agree with tuning.inc: a registry built from it does
 * not link otherwise. */
#ifndef SWZ_EXAMPLES_TRANSPOSE_TUNING_H
#define SWZ_EXAMPLES_TRANSPOSE_TUNING_H

#include "transpose.h"

#define SWZ_TRANSPOSE_TUNING(X) \
    X(xor, 64, _row) \
    X(pad, 64, _row) \
    X(none, 64, _row) \
    X(xor, 64, _grp128) \
    X(xor, 64, _t512_row) \
    X(pad, 64, _t512_row) \
    X(none, 64, _t512_row) \
    X(xor, 64, _t512)

#ifdef __cplusplus
extern "C" {
#endif
#define EX_TT_DECLARE(L, T, S) extern const swz_variant swz_transpose_##L##_##T##_float##S##_variant;
SWZ_TRANSPOSE_TUNING(EX_TT_DECLARE)
#undef EX_TT_DECLARE
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_TRANSPOSE_TUNING_H */
