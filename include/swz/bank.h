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
 *   R8 cp.async's shared writes (16-byte cp.async.cg, SASS LDGSTS; measured on an H200,
 *      docs/design.md, "Model vs hardware") are not 16-byte stores.  Each lane copies one 16-byte chunk
 *      of a global 128-byte line: chunk j = (source offset / 16) mod 8, source sector g = j/2.
 *      Identical shared destinations merge across the warp (one lane's write lands).  The rest
 *      is served per source line, across the whole warp, in wavefronts that each write ONE
 *      shared 128-byte line through one of 16 chunk maps: the 4 sectors (32 bytes) of the
 *      source line go to the line's 4 sectors by a rotation or a reflection of the ring of
 *      sectors (t = g + r or t = c - g, mod 4), the two chunks of a sector keep or swap their
 *      halves (one swap bit for the wavefront).  A lane fits a wavefront when its destination
 *      chunk is the map's image of j.  A source sector whose lanes land in two shared sectors
 *      is "split": its lanes never share a wavefront with a whole sector's (two lanes into one
 *      shared sector); a sector that only one active lane reads may join either.  The cost is the fewest
 *      wavefronts covering the lanes.  Whole aligned lines in any XOR swizzle cost 1
 *      per line (4 per warp), as a 16-byte store; padded rows, strided chunks and shifted runs
 *      cost more (swz_bank_eval_cp_async).  Fitted to 72 measured patterns; of 24 new ones
 *      (sources out of lane order, from several lines) 23 matched and one refined the
 *      single-lane sector: 96 of 96 (tests/host/cp_async_h200.inc).  Rows of 12 units, whose
 *      source lines straddle quarter-warps, showed that a line is served once for the warp, not
 *      once per quarter (whole warps 11 / 12 / 15 wavefronts where the quarters alone take
 *      1+4+5+2, 4+5+2+3, 5+2+4+5): 111 of 111 on an H100 (tests/host/cp_async_h100.inc),
 *      and the H200's 96 again.  phase_cost[q] holds the lines whose first lane is in quarter q.
 *   R1-R7 agree with the H200's counters on every pattern of bench/conformance (docs/design.md).
 *
 * To evaluate a store, OR SWZ_STORE into the kind (SWZ_ACCESS_8 | SWZ_STORE).  cp.async writes
 * are the kind SWZ_CP_ASYNC_16 (lane l's source taken as 16*l: one contiguous 512-byte run), or
 * swz_bank_eval_cp_async with each lane's source offset.
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
#define SWZ_CP_ASYNC_16 116 /* cp.async 16-byte shared writes, R8 (a store: SWZ_STORE implied) */

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
    case SWZ_CP_ASYNC_16:
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
    if ((kind & SWZ_STORE) || (b != 8u && b != 16u) || k >= SWZ_LDMATRIX_X1) return 0; /* and cp.async */
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

/* Record phase p's cost c in r (R5/R8: a phase with an active lane adds its cost). */
SWZ_FN void swz__bank_add_phase(swz_bank_result *r, uint32_t p, uint32_t c)
{
    r->phase_cost[p] = c;
    if (c == 0u) return;
    r->phases += 1u;
    r->wavefronts += c;
    if (c > r->ways) r->ways = c;
}

/* R8's cover: the fewest chunk maps (rotation r or reflection c of the sector ring, swap bit)
 * that serve the n <= SWZ__CP_COVER_MAX lanes j[i] -> d[i] (source chunk, destination chunk
 * index) of one source line; kind[i] 0 = a whole sector's lane, 1 = a split sector's, 2 = the
 * only lane of its sector, which may join a wavefront of either kind.  Each lane fits exactly
 * two maps of its shared line: try every choice (2^n). */
#define SWZ__CP_COVER_MAX 16u
SWZ_FN uint32_t swz__cp_async_cover(const uint32_t *j, const uint32_t *d, const uint32_t *kind, uint32_t n)
{
    uint32_t best = n, choice, i, k;
    for (choice = 0; choice < (1u << n); ++choice) {
        uint32_t cls[SWZ__CP_COVER_MAX], nc = 0, one[SWZ__CP_COVER_MAX], no = 0;
        for (i = 0; i < n; ++i) {
            const uint32_t g = j[i] >> 1, t = (d[i] >> 1) & 3u, sw = (j[i] ^ d[i]) & 1u;
            const uint32_t m = ((choice >> i) & 1u) ? 4u + ((t + g) & 3u) : (t - g) & 3u;
            const uint32_t c = ((d[i] >> 3) << 5) | (m << 2) | (sw << 1);
            if (kind[i] == 2u) { /* a single lane: counted below, where no wavefront takes it */
                for (k = 0; k < no && one[k] != c; ++k) {}
                if (k == no) one[no++] = c;
                continue;
            }
            for (k = 0; k < nc && cls[k] != (c | kind[i]); ++k) {}
            if (k == nc) cls[nc++] = c | kind[i];
            if (nc >= best) break; /* no better than the best choice so far */
        }
        if (nc >= best) continue;
        for (i = 0, k = nc; i < no; ++i) {
            uint32_t x, found = 0;
            for (x = 0; x < nc; ++x) found |= (cls[x] & ~1u) == one[i];
            k += !found;
        }
        if (k < best) best = k;
    }
    return best;
}

/* R8: the wavefronts of one cp.async (16-byte) instruction's shared writes.  saddr[lane] is
 * the shared byte address, src[lane] the byte offset of the lane's global source (only its
 * 128-byte line, src / 128, and its chunk in that line, src / 16 mod 8, matter; pass 16 * lane
 * for a contiguous copy), mask the active lanes.  Each source line is served once for the whole
 * warp, its cost counted in the phase (quarter-warp) of its first lane; a line whose chunks more
 * than SWZ__CP_COVER_MAX live lanes copy (a chunk copied to several places) is covered 8 lanes
 * at a time, an upper bound. */
SWZ_FN swz_bank_result swz_bank_eval_cp_async(const uint32_t saddr[32], const uint32_t src[32], uint32_t mask)
{
    swz_bank_result r = {SWZ_OK, 0u, 0u, 0u, 0u, 0u, 8u, {0u, 0u, 0u, 0u}};
    uint32_t live = 0u, done = 0u, cost[4] = {0u, 0u, 0u, 0u}, i, k, q;
    for (i = 0; i < 32u; ++i) {
        if (!((mask >> i) & 1u)) continue;
        if (saddr[i] % 16u != 0u || src[i] % 16u != 0u) { r.status = SWZ_EALIGN; return r; }
        for (k = 0; k < i; ++k)
            if (((live >> k) & 1u) && saddr[k] == saddr[i]) break; /* identical destinations merge */
        if (k == i) live |= 1u << i;
    }
    for (i = 0; i < 32u; ++i) {
        uint32_t jl[32], dl[32], kl[32], n = 0, l, c = 0;
        if (!((live >> i) & 1u) || ((done >> i) & 1u)) continue;
        for (l = i; l < 32u; ++l) { /* the warp's lanes reading the line of lane i */
            uint32_t mates = 0u, split = 0u, m;
            if (!((live >> l) & 1u) || (src[l] >> 7) != (src[i] >> 7)) continue;
            done |= 1u << l;
            for (m = 0; m < 32u; ++m) /* the warp's other lanes of this source sector */
                if (m != l && ((mask >> m) & 1u) && (src[m] >> 5) == (src[l] >> 5)) {
                    mates += 1u; /* also a lane whose write merged into another's */
                    split |= ((live >> m) & 1u) && (saddr[m] >> 5) != (saddr[l] >> 5);
                }
            jl[n] = (src[l] >> 4) & 7u;
            dl[n] = saddr[l] >> 4;
            kl[n++] = mates == 0u ? 2u : split;
        }
        if (n <= SWZ__CP_COVER_MAX) c = swz__cp_async_cover(jl, dl, kl, n);
        else
            for (l = 0; l < n; l += 8u) c += swz__cp_async_cover(jl + l, dl + l, kl + l, n - l < 8u ? n - l : 8u);
        cost[i / 8u] += c;
    }
    for (q = 0; q < 4u; ++q) swz__bank_add_phase(&r, q, cost[q]);
    r.ideal = r.phases;
    return r;
}

/* The source row pitch R8's tile-copy models assume (check.h's cp-async pattern, mma.h's copy
 * model): the smallest multiple of 128 bytes that holds a row of row_bytes, so each row of the
 * tile starts its own 128-byte source line, as in a matrix whose row pitch is a multiple of
 * 128 bytes.  (A row starting at a line's second half costs the same: a rotation of the ring.) */
SWZ_FN uint32_t swz_cp_async_row_pitch(uint32_t row_bytes) { return (row_bytes + 127u) / 128u * 128u; }

/* Evaluate one warp instruction: addr[lane] is each lane's shared-memory byte address, mask the
 * active lanes (bit i = lane i; ignored lanes' addresses are not read). */
SWZ_FN swz_bank_result swz_bank_eval(const uint32_t addr[32], uint32_t mask, int kind)
{
    swz_bank_result r = {SWZ_OK, 0u, 0u, 0u, 0u, 0u, 0u, {0u, 0u, 0u, 0u}};
    uint32_t bytes = swz_access_bytes(kind), lanes = swz_access_lanes(kind), pl, p, i;
    if (bytes == 0u) { r.status = SWZ_EKIND; return r; }
    if ((kind & ~SWZ_STORE) == SWZ_CP_ASYNC_16) {
        uint32_t src[32];
        for (i = 0; i < 32u; ++i) src[i] = 16u * i;
        return swz_bank_eval_cp_async(addr, src, mask);
    }
    if (lanes < 32u) mask &= (1u << lanes) - 1u;
    for (i = 0; i < 32u; ++i)
        if (((mask >> i) & 1u) && addr[i] % bytes != 0u) { r.status = SWZ_EALIGN; return r; }
    pl = swz_access_phase_lanes(kind);
    r.paired = (uint32_t)swz_bank_is_paired(addr, mask, kind);
    if (r.paired) pl *= 2u;
    r.phase_lanes = pl;
    for (p = 0; p * pl < lanes; ++p) {
        swz__bank_add_phase(&r, p, swz__phase_cost(addr, mask, p * pl, pl, bytes));
    }
    r.ideal = r.phases;
    return r;
}

/* ---- the accumulator: totals of many instructions ------------------------------------------
 * A model of a kernel's shared instructions sums the model's verdicts over every warp
 * instruction it issues: the tile copies' NAME_model (tile.h, mma.h) and a kernel family's own
 * predict() fill one swz_tile_cost each.
 *   swz_tile_cost_init(c, access)      empty totals for `access`-byte lanes
 *   swz_tile_cost_add(c, addr, mask, kind)
 *        evaluate one warp instruction (lane l active when bit l of mask is set, byte address
 *        addr[l], kind a bank.h access kind with SWZ_STORE for shared stores) and add it; an
 *        error of the bank model sticks in c->status and later calls add nothing.
 *   swz_tile_cost_add_result(c, r)
 *        add one instruction already evaluated (e.g. swz_bank_eval_cp_async's result).
 *   swz_tile_cost_merge(c, d)
 *        add the totals d of other instructions (d's error, if any, sticks in c).
 *   swz_tile_cost_merge_n(c, d, n)
 *        add them n times (n identical runs: a tile copied once per loop iteration).
 * Host functions (SWZ_HOST_FN): a model runs on the host. */
typedef struct swz_tile_cost {
    int status;            /* SWZ_OK, SWZ_EALIGN (layout breaks vector groups), SWZ_EKIND */
    uint32_t access;       /* bytes per lane of the shared instruction */
    uint64_t instructions; /* warp-level shared instructions (loads for STORE*, stores for LOAD) */
    uint64_t wavefronts;   /* predicted wavefronts in total */
    uint64_t ideal;        /* the same without conflicts */
    uint32_t worst_ways;   /* worst n-way conflict of any instruction */
} swz_tile_cost;

SWZ_HOST_FN void swz_tile_cost_init(swz_tile_cost *c, uint32_t access)
{
    c->status = SWZ_OK;
    c->access = access;
    c->instructions = c->wavefronts = c->ideal = 0u;
    c->worst_ways = 0u;
}
SWZ_HOST_FN void swz_tile_cost_add_result(swz_tile_cost *c, swz_bank_result r)
{
    if (c->status != SWZ_OK) return;
    if (r.status != SWZ_OK) {
        c->status = r.status;
        return;
    }
    c->instructions += 1u;
    c->wavefronts += r.wavefronts;
    c->ideal += r.ideal;
    if (r.ways > c->worst_ways) c->worst_ways = r.ways;
}
SWZ_HOST_FN void swz_tile_cost_add(swz_tile_cost *c, const uint32_t addr[32], uint32_t mask, int access)
{
    if (mask == 0u || c->status != SWZ_OK) return;
    swz_tile_cost_add_result(c, swz_bank_eval(addr, mask, access));
}
SWZ_HOST_FN void swz_tile_cost_merge_n(swz_tile_cost *c, const swz_tile_cost *d, uint64_t n)
{
    if (c->status != SWZ_OK) return;
    if (d->status != SWZ_OK) {
        c->status = d->status;
        return;
    }
    c->instructions += n * d->instructions;
    c->wavefronts += n * d->wavefronts;
    c->ideal += n * d->ideal;
    if (n > 0u && d->worst_ways > c->worst_ways) c->worst_ways = d->worst_ways;
}
SWZ_HOST_FN void swz_tile_cost_merge(swz_tile_cost *c, const swz_tile_cost *d) { swz_tile_cost_merge_n(c, d, 1u); }

#endif /* SWZ_BANK_H */
