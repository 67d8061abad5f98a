/* examples/transpose/tuning.h -- the benchmark's transpose tuning candidates: variants of
 * transpose.cuh with non-default knobs (THREADS, REGION_BYTES, BLOCK_ORDER/BLOCK_GROUP,
 * CACHE_HINTS, PERSIST; see transpose.cuh) or a TILE the shipped list does not have.  They are not part of the swz_transpose library
 * (its variant matrix stays as transpose.h lists it): tuning.inc instantiates them, and only
 * bench/bench_transpose.cu (to time them) and the host emulation tests (to check their code on
 * every test shape, see variants.cu) include it.
 *
 * Example
 *   #include "tuning.inc"   // once per program: generates every candidate (includes this file)
 *   #define ROW(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
 *   const swz_variant *const cands[] = {SWZ_TRANSPOSE_TUNING(ROW) NULL};
 *   // cands[3]->name == "swz_transpose_xor_64_float_grp128", ->knobs == "threads=256 ..."
 *
 * Names: swz_transpose_<layout>_<tile>_<elem><suffix>, suffix = the knobs that differ from
 * the default (threads 256, region 16 KiB, order GROUP 32768 = column-major, hints 0, persist 0):
 *   _row           BLOCK_ORDER ROW (the default before tuning rounds 1-2)
 *   _diag          BLOCK_ORDER DIAG
 *   _grpN          BLOCK_ORDER GROUP, BLOCK_GROUP N (region rows per group)
 *   _mortN         BLOCK_ORDER MORTON, N x N supertiles
 *   _hN            CACHE_HINTS N (1 loads L1::no_allocate, 2 loads .cs, 4 stores .cs)
 *   _tN            THREADS N (_t256 with 8- and 16-byte elements: the threads of the other
 *                  types, beside their shipped 512)
 *   _r32k          REGION_BYTES 32768
 *   _p             PERSIST 1
 *   _bN            MIN_BLOCKS N (registers capped so that N blocks fit on an SM; u8 and half
 *                  take 45-48 registers by default, i.e. 5 blocks of 256 threads per SM)
 *   _key           XOR_LINES 0: the per-tile key on rows narrower than 128 bytes instead of the
 *                  shipped line view (1.5x-8x its wavefronts)
 *   _a             LOAD_ASYNC 1 (the tile load by cp.async: LDGSTS, no staging registers)
 *   _rNk           REGION_BYTES N KiB (_r4k with u8 / _r8k with half: one 64x64 tile per block,
 *                  G = 1 -- a 64x64 matrix of a batch is then one full region)
 *   _mN            MIS_VBYTES N: the twin kernel for misaligned rows at N-byte accesses (16:
 *                  session 6's, shifted in registers), beside the shipped element-wide twin
 *   (none)         a TILE outside the shipped list (xor_128_u8: 128-byte output runs)
 * The list (X(layout, tile, elem, suffix)) must agree with tuning.inc: a registry built from it does
 * not link otherwise. */
#ifndef SWZ_EXAMPLES_TRANSPOSE_TUNING_H
#define SWZ_EXAMPLES_TRANSPOSE_TUNING_H

#include "transpose.h"

#define SWZ_TRANSPOSE_TUNING(X) \
    X(xor, 64, float, _row) \
    X(pad, 64, float, _row) \
    X(none, 64, float, _row) \
    X(xor, 64, float, _grp128) \
    X(xor, 64, float, _t512_row) \
    X(pad, 64, float, _t512_row) \
    X(none, 64, float, _t512_row) \
    X(xor, 64, float, _t512) \
    X(xor, 64, float, _h4) \
    X(xor, 64, float, _r32k_t512) \
    X(xor, 64, float, _h6) \
    X(xor, 64, float, _a) \
    X(xor, 64, u8, _b8) \
    X(xor, 128, u8, ) \
    X(xor, 64, half, _b8) \
    X(xor, 64, u8, _key) \
    X(xor, 32, half, _key) \
    X(xor, 32, double, _t256) \
    X(xor, 32, v16, _t256) \
    X(xor, 64, float, _m16) \
    X(xor, 32, double, _m16)

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
