/* swz/bank.h -- the shared-memory bank model.
 *
 * What it is for
 *   Predict, on the host, what one warp-wide shared-memory instruction costs: how many
 *   wavefronts (128-byte passes) it takes, how many it would take without conflicts, and the
 *   worst n-way conflict.  Feed it the byte address of each lane; it needs no GPU.  swz's
 *   tests prove every layout against it, and bench/ checks it against the GPU's counters
 *   (ncu: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum per
 *   smsp__sass_inst_executed_op_shared_ld.sum).
 *
 * Example (lanes reading a[lane * 2] of floats: the 2-way conflict of an even stride)
 *   #include <swz/bank.h>
 *   uint32_t addr[32];
 *   for (int l = 0; l < 32; ++l) addr[l] = 4u * 2u * l;
 *   swz_bank_result r = swz_bank_eval(addr, 0xFFFFFFFFu, SWZ_ACCESS_4);
 *   // r.wavefronts == 2, r.ideal == 1, r.ways == 2
 *
 * The rules (the documented behaviour of compute capability 5.0 .. 9.0, R1-R6, and one
 * measured on an H200, R7)
 *   R1 32 banks of 4 bytes: bank(a) = (a / 4) mod 32.  A wavefront serves 128 bytes.
 *   R2 An access of k <= 4 bytes touches the word a/4; of 8 or 16 bytes, the 2 or 4 words from
 *      a/4 (the address must be aligned to the access size: SWZ_EALIGN otherwise).
 *   R3 Lanes are served in phases: the whole warp for 1, 2 and 4-byte accesses; half-warps
 *      (lanes 0-15, 16-31) for 8-byte; quarter-warps (8 lanes) for 16-byte.  ldmatrix .x1/.x2/.x4
 *      takes one 16-byte row address from each of lanes 0-7 / 0-15 / 0-31 and serves one 8x16-byte
 *      matrix (8 lanes' addresses) per phase.
 *   R4 Within a phase, lanes touching the same word share it (reads broadcast; for writes one
 *      value lands): they do not conflict.  Sub-word accesses inside one word do not conflict.
 *   R5 Within a phase, the cost is the largest number of distinct words that fall into one
 *      bank (at least 1 if any lane of the phase is active).  The instruction's wavefronts are
 *      the sum over its phases that have an active lane; `ways` is the worst phase's count.
 *   R6 Ideal = the number of phases with an active lane (1 for <= 4-byte accesses; 2 for 8-byte
 *      and 4 for 16-byte when the whole warp is active; one per matrix for ldmatrix).
 *   R7 Paired loads (measured on an H200, bench/conformance.py): an 8- or 16-byte *load* whose
 *      lane quads (4q..4q+3) all read in pairs *the same way* -- in every quad lanes 0,1 alike
 *      and lanes 2,3 alike, or in every quad lanes 0,2 alike and 1,3 alike (an inactive lane
 *      matches anything) -- is served with phases twice as wide: the whole warp for 8-byte,
 *      half-warps for 16-byte.  R5 and R6 then apply to those phases (a full-warp 8-byte
 *      broadcast: 1 wavefront, 16-byte: 2).  Quads pairing in different ways, other shapes
 *      (lanes 0,3 and 1,2 alike), stores and ldmatrix never pair (docs/design.md).
 *   R1-R7 agree with the H200's counters on every pattern of bench/conformance (docs/design.md).
 *
 * To evaluate a store, OR SWZ_STORE into the kind (SWZ_ACCESS_8 | SWZ_STORE).
 */
#ifndef SWZ_BANK_H
#define SWZ_BANK_H

#include "common.h"

#define SWZ_BANKS 32u
#define SWZ_BANK_BYTES 4u
#define SWZ_WAVEFRONT_BYTES 128u

/* Access kinds: plain loads/stores of 1..16 bytes per lane, and ldmatrix (stmatrix is the same
 * pattern). */
#define SWZ_ACCESS_1 1
#define SWZ_ACCESS_2 2
#define SWZ_ACCESS_4 4
#define SWZ_ACCESS_8 8
#define SWZ_ACCESS_16 16
#define SWZ_LDMATRIX_X1 101
#define SWZ_LDMATRIX_X2 102
#define SWZ_LDMATRIX_X4 104
#define SWZ_STORE 0x100 /* OR into a kind: the instruction stores (R7 applies to loads only) */

typedef struct swz_bank_result {
    int status;          /* SWZ_OK, SWZ_EKIND (bad kind) or SWZ_EALIGN (misaligned lane) */
    uint32_t wavefronts; /* predicted wavefronts of the instruction */
    uint32_t ideal;      /* wavefronts without any conflict */
    uint32_t ways;       /* worst n-way conflict of any phase: 1 = conflict free, 0 = no lane */
    uint32_t phases;     /* phases with at least one active lane */
    uint32_t paired;     /* 1 when R7 widened the phases of an 8/16-byte load */
    uint32_t phase_lanes;   /* lanes per phase as served (after R7) */
    uint32_t phase_cost[4]; /* R5 cost of phase i (lanes i*phase_lanes ...), 0 if inactive */
} swz_bank_result;

SWZ_FN uint32_t swz_bank(uint32_t byte_addr) { return (byte_addr >> 2) & 31u; }

/* Bytes each lane accesses (16 for ldmatrix rows); 0 for an unknown kind. */
SWZ_FN uint32_t swz_access_bytes(int kind)
{
    switch (kind & ~SWZ_STORE) {
    case SWZ_ACCESS_1: return 1u;
    case SWZ_ACCESS_2: return 2u;
    case SWZ_ACCESS_4: return 4u;
    case SWZ_ACCESS_8: return 8u;
    case SWZ_ACCESS_16:
    case SWZ_LDMATRIX_X1:
    case SWZ_LDMATRIX_X2:
    case SWZ_LDMATRIX_X4: return 16u;
    default: return 0u;
    }
}

/* Lanes per phase (R3); 0 for an unknown kind. */
SWZ_FN uint32_t swz_access_phase_lanes(int kind)
{
    uint32_t b = swz_access_bytes(kind);
    return b == 0u ? 0u : b <= 4u ? 32u : 128u / b;
}

/* Lanes whose addresses the instruction uses (32, or 8/16 for ldmatrix x1/x2). */
SWZ_FN uint32_t swz_access_lanes(int kind)
{
    int k = kind & ~SWZ_STORE;
    return k == SWZ_LDMATRIX_X1 ? 8u : k == SWZ_LDMATRIX_X2 ? 16u
         : swz_access_bytes(kind) ? 32u : 0u;
}

/* R7: 1 when all quads of lanes read in pairs the same way, 0 otherwise (no pairing).  Lanes
 * i and j are alike when either is inactive or both read the same address. */
SWZ_FN int swz__alike(const uint32_t *addr, uint32_t mask, uint32_t i, uint32_t j)
{
    return !((mask >> i) & 1u) || !((mask >> j) & 1u) || addr[i] == addr[j];
}
SWZ_FN int swz_bank_is_paired(const uint32_t addr[32], uint32_t mask, int kind)
{
    uint32_t q, b = swz_access_bytes(kind);
    int k = kind & ~SWZ_STORE, aabb = 1, abab = 1;
    if ((kind & SWZ_STORE) || (b != 8u && b != 16u) || k >= SWZ_LDMATRIX_X1) return 0;
    for (q = 0; q < 32u; q += 4u) {
        aabb = aabb && swz__alike(addr, mask, q, q + 1u) && swz__alike(addr, mask, q + 2u, q + 3u);
        abab = abab && swz__alike(addr, mask, q, q + 2u) && swz__alike(addr, mask, q + 1u, q + 3u);
    }
    return aabb || abab;
}

/* Cost of the phase made of lanes [first, first+n) (R4, R5): the largest number of distinct
 * words in one bank; 0 if no lane in it is active. */
SWZ_FN uint32_t swz__phase_cost(const uint32_t *addr, uint32_t mask, uint32_t first, uint32_t n,
                                uint32_t bytes)
{
    uint32_t words[128] = {0};
    uint32_t nw = 0, i, j, b, worst = 0, per_lane = bytes <= 4u ? 1u : bytes / 4u;
    for (i = first; i < first + n; ++i) {
        if (!((mask >> i) & 1u)) continue;
        for (j = 0; j < per_lane; ++j) {
            uint32_t w = (addr[i] >> 2) + j, k, seen = 0;
            for (k = 0; k < nw; ++k)
                if (words[k] == w) { seen = 1; break; }
            if (!seen) words[nw++] = w;
        }
    }
    for (b = 0; b < 32u; ++b) {
        uint32_t c = 0;
        for (i = 0; i < nw; ++i) c += (words[i] & 31u) == b;
        if (c > worst) worst = c;
    }
    return worst;
}

/* Evaluate one warp instruction: addr[lane] is each lane's shared-memory byte address, mask the
 * active lanes (bit i = lane i; ignored lanes' addresses are not read). */
SWZ_FN swz_bank_result swz_bank_eval(const uint32_t addr[32], uint32_t mask, int kind)
{
    swz_bank_result r = {SWZ_OK, 0u, 0u, 0u, 0u, 0u, 0u, {0u, 0u, 0u, 0u}};
    uint32_t bytes = swz_access_bytes(kind), lanes = swz_access_lanes(kind), pl, p, i;
    if (bytes == 0u) { r.status = SWZ_EKIND; return r; }
    if (lanes < 32u) mask &= (1u << lanes) - 1u;
    for (i = 0; i < 32u; ++i)
        if (((mask >> i) & 1u) && addr[i] % bytes != 0u) { r.status = SWZ_EALIGN; return r; }
    pl = swz_access_phase_lanes(kind);
    r.paired = (uint32_t)swz_bank_is_paired(addr, mask, kind);
    if (r.paired) pl *= 2u;
    r.phase_lanes = pl;
    for (p = 0; p * pl < lanes; ++p) {
        uint32_t c = swz__phase_cost(addr, mask, p * pl, pl, bytes);
        r.phase_cost[p] = c;
        if (c == 0u) continue;
        r.phases += 1u;
        r.wavefronts += c;
        if (c > r.ways) r.ways = c;
    }
    r.ideal = r.phases;
    return r;
}

#endif /* SWZ_BANK_H */
