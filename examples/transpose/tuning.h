/* examples/transpose/tuning.h -- the benchmark's transpose tuning candidates: variants of
 * transpose.cuh with non-default knobs (SWZ_TRANSPOSE_THREADS, SWZ_TRANSPOSE_REGION_BYTES, SWZ_TRANSPOSE_BLOCK_ORDER/SWZ_TRANSPOSE_BLOCK_GROUP,
 * SWZ_TRANSPOSE_CACHE_HINTS, SWZ_TRANSPOSE_PERSIST; see transpose.cuh) or a SWZ_TRANSPOSE_TILE the shipped list does not have.  They are not part of the swz_transpose library
 * (its variant matrix stays as transpose.h lists it): tuning.inc instantiates them, and only
 * bench/bench_transpose.cu (to time them) and the host emulation tests (to check their code on
 * every test shape, see variants.cu) include it.
 *
 * Example
 *   #include "tuning.inc"   // once per program: generates every candidate (includes this file)
 *   #define ROW(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
 *   const swz_variant *const cands[] = {SWZ_TRANSPOSE_TUNING(ROW) NULL};
 *   // cands[2]->name == "swz_transpose_xor_64_float_h4", ->knobs == "threads=256 ..."
 *
 * Names: swz_transpose_<layout>_<tile>_<elem><suffix>, suffix = the knobs that differ from
 * the default (threads 256, region 16 KiB, order GROUP 32768 = column-major, hints 0, persist 0):
 *   _row           SWZ_TRANSPOSE_BLOCK_ORDER ROW (row-major block order: what column-major buys)
 *   _diag          SWZ_TRANSPOSE_BLOCK_ORDER DIAG
 *   _grpN          SWZ_TRANSPOSE_BLOCK_ORDER GROUP, SWZ_TRANSPOSE_BLOCK_GROUP N (region rows per group)
 *   _mortN         SWZ_TRANSPOSE_BLOCK_ORDER MORTON, N x N supertiles
 *   _splitN        SWZ_TRANSPOSE_BLOCK_ORDER SPLIT, SWZ_TRANSPOSE_BLOCK_GROUP N (N column-major streams)
 *   _hN            SWZ_TRANSPOSE_CACHE_HINTS N (1 loads L1::no_allocate, 2 loads .cs, 4 stores .cs)
 *   _tN            SWZ_TRANSPOSE_THREADS N
 *   _r32k          SWZ_TRANSPOSE_REGION_BYTES 32768
 *   _p             SWZ_TRANSPOSE_PERSIST 1
 *   _key           SWZ_TRANSPOSE_XOR_LINES 0: the per-tile key on rows narrower than 128 bytes instead of the
 *                  shipped line view (1.5x-8x its wavefronts)
 *   _a             SWZ_TRANSPOSE_LOAD_ASYNC 1 (the tile load by cp.async: LDGSTS, no staging registers)
 *   _rNk           SWZ_TRANSPOSE_REGION_BYTES N KiB (_r4k with u8 / _r8k with half: one 64x64 tile per block,
 *                  G = 1 -- a 64x64 matrix of a batch is then one full region)
 *   _own           SWZ_TRANSPOSE_MIS_OWN 1: the twin for misaligned rows writes whole 16-byte output units by
 *                  ownership, reading NV more input rows, instead of pieces at every run's edges
 *   (none)         a SWZ_TRANSPOSE_TILE outside the shipped list (xor_128_u8: 128-byte output runs)
 * The list (X(layout, tile, elem, suffix)) must agree with tuning.inc: a registry built from it does
 * not link otherwise. */
#ifndef SWZ_EXAMPLES_TRANSPOSE_TUNING_H
#define SWZ_EXAMPLES_TRANSPOSE_TUNING_H

#include "transpose.h"

#define SWZ_TRANSPOSE_TUNING(X) \
    X(xor, 64, float, _row) \
    X(xor, 64, float, _t512) \
    X(xor, 64, float, _h4) \
    X(xor, 64, float, _r32k_t512) \
    X(xor, 64, float, _a) \
    X(xor, 32, double, _a) \
    X(xor, 64, half, _a) \
    X(xor, 32, v16, _a) \
    X(xor, 128, u8, ) \
    X(xor, 128, u8, _own) \
    X(xor, 64, u8, _key) \
    X(xor, 32, half, _key) \
    X(xor, 32, double, _split2) \
    X(xor, 32, double, _split4) \
    X(xor, 32, v16, _split2) \
    X(xor, 32, v16, _split4)

#ifdef __cplusplus
extern "C" {
#endif
#define EX_TT_DECLARE(L, T, E, S) extern const swz_variant swz_transpose_##L##_##T##_##E##S##_variant;
SWZ_TRANSPOSE_TUNING(EX_TT_DECLARE)
#undef EX_TT_DECLARE
#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_TRANSPOSE_TUNING_H */
