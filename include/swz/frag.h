/* swz/frag.h -- which lane addresses which row of an ldmatrix / stmatrix / cp.async fragment.
 *
 * What it is for
 *   A tensor-core tile is read with ldmatrix, written with stmatrix and filled with 16-byte
 *   cp.async; each instruction takes one row address (or one 16-byte chunk) per lane.  These
 *   lane maps are the one owner of "which lane addresses which row": the device code of
 *   swz/mma.h, its host model (NAME_model) and check.h's ldmatrix-a / -b / -bt and cp-async
 *   patterns all call them, so the checker's verdict is about the addresses a kernel issues.
 *   Plain C, host and device (SWZ_FN); no CUDA needed.
 *
 * Example (where the lanes of one ldmatrix .x4 of an A fragment point)
 *   #include <swz/frag.h>
 *   uint32_t dr = 0, du = 0, rows, units, r, u;
 *   // lanes 0-7: rows 0-7 of unit 0; 8-15: rows 8-15 of unit 0; 16-31: the same of unit 1
 *   int active = swz_mma_lane_rc(SWZ_MMA_A, 4, 9, &dr, &du);   // 1: dr == 9, du == 0
 *   swz_mma_frag_extent(SWZ_MMA_BT, 2, &rows, &units);          // 8 rows x 2 units
 *   swz_mma_chunk_rc(37, 8, &r, &u);                            // chunk 37 of 8-unit rows: (4, 5)
 *   (void)active;
 *
 * Fragment kinds (frag) and their matrices.  ldmatrix/stmatrix .x1/.x2/.x4 (count 1, 2, 4)
 * move 8x8 matrices of 16-bit values; lanes 8i..8i+7 give the 16-byte row addresses of matrix
 * i; afterwards register i of lane l holds 2 elements of row l/4 of matrix i, columns
 * 2(l%4)..+1 (.trans: column l/4, rows 2(l%4)..+1).  In tile units (rows, 16-byte units),
 * from the fragment origin (r0, c0):
 *   SWZ_MMA_A   A of m16n8k16, M x K row-major tile.  ldmatrix, no .trans.
 *               matrix i at rows 8(i&1).., unit i>>1        k: 0-7   8-15
 *                                                   rows 0-7  [ m0 ]  [ m2 ]
 *                                                   rows 8-15 [ m1 ]  [ m3 ]
 *               registers a0a1 = m0 (g, 2t..), a2a3 = m1 (g+8, 2t..), a4a5 = m2 (g, 2t+8..),
 *               a6a7 = m3 (g+8, 2t+8..) with g = lane>>2, t = lane&3: the m16n8k16 A order.
 *               count 2: m0, m1 (the A of m16n8k8); count 1: m0.
 *   SWZ_MMA_B   B of m16n8k16, K x N row-major tile (rows = k).  ldmatrix .trans.
 *               matrix i at rows (k) 8(i&1).., unit (n) i>>1: the same picture, k down,
 *               n across.  .trans gives lane l the elements (k = 2t..2t+1, n = g): register
 *               0 = b0b1, 1 = b2b3 of the n8 tile at n 0-7; 2, 3 the same for n 8-15.
 *               count 2: one n8 tile (k 0-15); count 1: k 0-7.
 *   SWZ_MMA_BT  B stored N x K row-major (rows = n, "K-major", for A.B^T).  ldmatrix.
 *               matrix i at rows (n) 8(i>>1).., unit (k) i&1     k: 0-7   8-15
 *                                                   n 0-7     [ m0 ]  [ m1 ]
 *                                                   n 8-15    [ m2 ]  [ m3 ]
 *               lane l gets (n = g, k = 2t..2t+1): registers 0, 1 = b0b1, b2b3 of n 0-7;
 *               2, 3 of n 8-15.  count 2: one n8 tile; count 1: k 0-7.
 *   SWZ_MMA_C   a 16x16 block of 16-bit results (two m16n8 D tiles converted to half2/bf162,
 *               register i = m_i): stmatrix (sm_90), the SWZ_MMA_A picture.  Register 0 holds
 *               d0d1 (g, 2t..) of the n 0-7 tile, 1 its d2d3 (g+8, 2t..), 2 and 3 the n 8-15
 *               tile.
 *   C/D of m16n8k16 in fp32: c0,c1 = (g, 2t..2t+1), c2,c3 = (g+8, 2t..2t+1).
 *
 * The lane maps (host and device; the formulas, lane l, i = l >> 3, j = l & 7)
 *   swz_mma_lane_rc(frag, count, l, &dr, &du)   frag A, B, C: dr = 8(i&1) + j, du = i >> 1;
 *       BT: dr = 8(i>>1) + j, du = i & 1.  Returns 0 (inactive) for l >= 8*count.
 *   swz_mma_chunk_rc(i, units, &r, &u)   16-byte chunk i of a copy: r = i / units,
 *       u = i mod units (units = 16-byte units per row): thread tid copies chunks tid + j*THREADS,
 *       so consecutive lanes write consecutive units of a row.
 *
 */
#ifndef SWZ_FRAG_H
#define SWZ_FRAG_H

#include "common.h"

#define SWZ_MMA_A 0
#define SWZ_MMA_B 1
#define SWZ_MMA_BT 2
#define SWZ_MMA_C 3
#define SWZ_MMA_FRAG_COUNT 4

/* 1 when frag is a fragment kind and count is 1, 2 or 4. */
SWZ_FN int swz_mma_frag_is_valid(int frag, int count)
{
    return frag >= 0 && frag < SWZ_MMA_FRAG_COUNT && (count == 1 || count == 2 || count == 4);
}

/* Lane l's row of the fragment, relative to its origin: dr rows down, du 16-byte units right.
 * Returns 1, or 0 for an inactive lane (l >= 8*count) or a bad (frag, count). */
SWZ_FN int swz_mma_lane_rc(int frag, int count, uint32_t lane, uint32_t *dr, uint32_t *du)
{
    const uint32_t i = lane >> 3, j = lane & 7u;
    if (!swz_mma_frag_is_valid(frag, count) || lane >= 8u * (uint32_t)count) return 0;
    if (frag == SWZ_MMA_BT) {
        *dr = 8u * (i >> 1) + j;
        *du = i & 1u;
    } else {
        *dr = 8u * (i & 1u) + j;
        *du = i >> 1;
    }
    return 1;
}

/* Rows and 16-byte units one fragment covers (0, 0 for a bad one). */
SWZ_FN void swz_mma_frag_extent(int frag, int count, uint32_t *rows, uint32_t *units)
{
    *rows = *units = 0u;
    if (!swz_mma_frag_is_valid(frag, count)) return;
    if (frag == SWZ_MMA_BT) {
        *rows = count == 4 ? 16u : 8u;
        *units = count == 1 ? 1u : 2u;
    } else {
        *rows = count == 1 ? 8u : 16u;
        *units = count == 4 ? 2u : 1u;
    }
}

/* Chunk i of a 16-byte copy of rows of `units` 16-byte units: row r, unit u. */
SWZ_FN void swz_mma_chunk_rc(uint32_t i, uint32_t units, uint32_t *r, uint32_t *u)
{
    *r = i / units;
    *u = i % units;
}

#endif /* SWZ_FRAG_H */
