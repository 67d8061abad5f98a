/* swz/check.h -- the conflict checker: a layout, an access pattern, the bank model.
 *
 * What it is for
 *   Answer "is my tile conflict free for the instruction I actually use?" on the host, before
 *   writing the kernel: place one warp's lanes on the tile in a named pattern, map each lane's
 *   element through the layout to a byte address, and run bank.h's model.  tools/swz-check is
 *   a command-line front end to exactly these functions.
 *
 * Example (the 8-byte column-pair trap of the textbook c ^ r swizzle)
 *   #include <swz/check.h>
 *   swz_layout l; swz_layout_make(&l, SWZ_LAYOUT_XOR, 32, 4, 4, 32);   // tuned for 4-byte
 *   swz_pattern p = {SWZ_PAT_COL, SWZ_ACCESS_8, 0, 0, 0, 0, 0};         // read column pairs
 *   swz_check_result r = swz_check(&l, &p);
 *   // r.bank.ways == 2 and r.permuted == 1 (the pair arrives swapped on odd rows)
 *
 * Patterns (one warp instruction; a lane accesses one unit of K bytes = swz_access_bytes(kind),
 * i.e. v = K/E consecutive elements of a row; Ur = W/v units per row; P lanes per phase):
 *   ROW     lane l -> unit l of the tile in row-major order from (row0, col0): a warp writing or
 *           reading rows (rows shorter than the warp continue on the next row).
 *   COL     lane l -> unit number (col0/v)*H + row0 + l in column-major order: a warp walking
 *           down a column (the read side of a transpose); past the bottom row lanes continue at
 *           the top of the next unit column.
 *   STRIDE  lane l -> unit number q0 + l*stride in row-major order, q0 the unit of (row0, col0):
 *           the a[lane*stride] experiment.  Lanes past the end of the tile are inactive (no
 *           wrap): make the tile tall enough for the lanes you want to see.
 *   BLOCK   each phase's P lanes form a bw x bh block of units, lane q of the phase at
 *           (row0 + q / bw, unit0 + q mod bw), phases stacked downwards, from (row0, col0):
 *           warps that read compact 2-D blocks (what Morton is good at).  The shape is
 *           (block_w, block_h) of the pattern, with block_w * block_h == P; (0, 0) is the
 *           default 8x4, 4x4, 4x2 for P = 32, 16, 8 (swz_check_block_shape).
 *   LDMATRIX_A, LDMATRIX_B, LDMATRIX_BT   one ldmatrix of an m16n8k16 operand fragment at
 *           (row0, col0) (access SWZ_LDMATRIX_X1/X2/X4, count 1/2/4): lanes 8i..8i+7 address
 *           the rows of matrix i, placed by swz/frag.h's swz_mma_lane_rc (the map the device code
 *           uses): A = an M x K row-major tile, B = a K x N row-major tile read with .trans,
 *           BT = an N x K ("K-major") tile; the same lanes with SWZ_STORE are stmatrix.
 *   CP_ASYNC the 16-byte shared writes of swz/mma.h's cp.async copy (access 16): lane l writes
 *           16-byte chunk q0 + l in row-major order (swz/frag.h's swz_mma_chunk_rc), q0 the
 *           unit of (row0, col0).  Evaluated by bank.h's R8 (measured on an H200), which depends on where each
 *           lane reads: the source is taken to be a matrix whose rows start 128-byte lines
 *           (row r of the tile at r * swz_cp_async_row_pitch(W*E) bytes), as in any GEMM whose
 *           row pitch is a multiple of 128 bytes.
 *   Lanes that fall outside the tile are inactive.
 *
 * Vector accesses through a swizzle: a K-byte access must find its v elements as one aligned
 * group of v slots.  If the layout keeps the group but reorders it (c ^ r read as pairs), the
 * access is valid, `permuted` is set (the registers must be reordered), and the bank model sees
 * the aligned group.  If the group is scattered the access cannot be one instruction:
 * status = SWZ_EALIGN.
 */
#ifndef SWZ_CHECK_H
#define SWZ_CHECK_H

#include "bank.h"
#include "frag.h"
#include "layout.h"

#define SWZ_PAT_ROW 0
#define SWZ_PAT_COL 1
#define SWZ_PAT_STRIDE 2
#define SWZ_PAT_BLOCK 3
#define SWZ_PAT_LDMATRIX_A 4
#define SWZ_PAT_LDMATRIX_B 5
#define SWZ_PAT_LDMATRIX_BT 6
#define SWZ_PAT_CP_ASYNC 7
#define SWZ_PAT_COUNT 8

typedef struct swz_pattern {
    int kind;        /* SWZ_PAT_* */
    int access;      /* SWZ_ACCESS_* or SWZ_LDMATRIX_X* */
    uint32_t stride; /* STRIDE: units between lanes */
    uint32_t row0;   /* origin */
    uint32_t col0;   /* origin column, in elements (rounded down to a unit) */
    uint32_t block_w, block_h; /* BLOCK: block of one phase in units, block_w * block_h == lanes
                                  per phase; 0, 0 = the default shape */
} swz_pattern;

typedef struct swz_check_result {
    int status;           /* SWZ_OK, SWZ_EKIND, SWZ_EACCESS (unit not a multiple of elem),
                             SWZ_ERANGE (origin outside, or a bad block shape), SWZ_EALIGN
                             (scattered vector) */
    swz_bank_result bank; /* the model's verdict */
    int permuted;         /* some lane's vector elements arrive reordered */
    uint32_t mask;        /* active lanes */
    uint32_t row[32];     /* each lane's logical row ... */
    uint32_t col[32];     /* ... and first column */
    uint32_t addr[32];    /* each lane's byte address (tile based at 0) */
} swz_check_result;

SWZ_FN const char *swz_pattern_name(int kind)
{
    switch (kind) {
    case SWZ_PAT_ROW: return "row";
    case SWZ_PAT_COL: return "col";
    case SWZ_PAT_STRIDE: return "stride";
    case SWZ_PAT_BLOCK: return "block";
    case SWZ_PAT_LDMATRIX_A: return "ldmatrix-a";
    case SWZ_PAT_LDMATRIX_B: return "ldmatrix-b";
    case SWZ_PAT_LDMATRIX_BT: return "ldmatrix-bt";
    case SWZ_PAT_CP_ASYNC: return "cp-async";
    default: return "?";
    }
}

/* The block of one phase of the BLOCK pattern, in units: (block_w, block_h) when both are set,
 * else the default 2^ceil(n/2) x 2^floor(n/2), n = log2 lanes per phase (8x4, 4x4, 4x2).
 * Returns SWZ_OK, SWZ_EKIND (unknown access) or SWZ_ERANGE (block_w * block_h is not the
 * lanes per phase, or only one of them is 0). */
SWZ_FN int swz_check_block_shape(int access, uint32_t block_w, uint32_t block_h, uint32_t *bw,
                                 uint32_t *bh)
{
    uint32_t pl = swz_access_phase_lanes(access);
    if (pl == 0u) return SWZ_EKIND;
    if (block_w == 0u && block_h == 0u) {
        block_w = 1u << ((swz_log2(pl) + 1u) / 2u);
        block_h = pl / block_w;
    }
    if (block_w == 0u || block_h == 0u || block_w > pl || block_h > pl || block_w * block_h != pl)
        return SWZ_ERANGE;
    *bw = block_w;
    *bh = block_h;
    return SWZ_OK;
}

/* The swz/frag.h fragment kind of an ldmatrix pattern and its count (1, 2, 4); -1 when the
 * pattern is not one, 0 (count) when the access is not an ldmatrix. */
SWZ_FN int swz__pat_frag(const swz_pattern *p, int *count)
{
    int a = p->access & ~SWZ_STORE;
    *count = a == SWZ_LDMATRIX_X1 ? 1 : a == SWZ_LDMATRIX_X2 ? 2 : a == SWZ_LDMATRIX_X4 ? 4 : 0;
    switch (p->kind) {
    case SWZ_PAT_LDMATRIX_A: return SWZ_MMA_A;
    case SWZ_PAT_LDMATRIX_B: return SWZ_MMA_B;
    case SWZ_PAT_LDMATRIX_BT: return SWZ_MMA_BT;
    default: return -1;
    }
}

/* Place the lanes of one instruction: fills r->row, r->col, r->mask. */
SWZ_FN int swz__place(const swz_layout *l, const swz_pattern *p, swz_check_result *r)
{
    uint32_t k = swz_access_bytes(p->access), v, ur, lanes, i, bw = 1u, bh = 1u;
    uint64_t total;
    if (k == 0u) return SWZ_EKIND;
    if (p->kind == SWZ_PAT_BLOCK) {
        int e = swz_check_block_shape(p->access, p->block_w, p->block_h, &bw, &bh);
        if (e != SWZ_OK) return e;
    }
    if (k < l->elem || k % l->elem != 0u) return SWZ_EACCESS;
    v = k / l->elem;
    ur = l->width / v;
    if (ur == 0u) return SWZ_EWIDTH;
    if (p->row0 >= l->height || p->col0 >= l->width) return SWZ_ERANGE;
    {
        int count, frag = swz__pat_frag(p, &count);
        if ((frag >= 0 && count == 0) || (p->kind == SWZ_PAT_CP_ASYNC && k != 16u)) return SWZ_EACCESS;
    }
    total = (uint64_t)ur * l->height;
    lanes = swz_access_lanes(p->access);
    r->mask = 0u;
    for (i = 0; i < 32u; ++i) {
        uint64_t row = 0, unit = 0;
        uint32_t u0 = p->col0 / v;
        r->row[i] = r->col[i] = 0u;
        if (i >= lanes) continue;
        switch (p->kind) {
        case SWZ_PAT_ROW: {
            uint64_t q = (uint64_t)p->row0 * ur + u0 + i;
            row = q / ur;
            unit = q % ur;
            break;
        }
        case SWZ_PAT_COL: {
            uint64_t q = (uint64_t)u0 * l->height + p->row0 + i;
            row = q % l->height;
            unit = q / l->height;
            break;
        }
        case SWZ_PAT_STRIDE: {
            uint64_t q = (uint64_t)p->row0 * ur + u0 + (uint64_t)i * p->stride;
            if (q >= total) continue; /* past the tile: inactive */
            row = q / ur;
            unit = q % ur;
            break;
        }
        case SWZ_PAT_BLOCK: {
            uint32_t pl = bw * bh, q = i % pl, ph = i / pl;
            row = (uint64_t)p->row0 + (uint64_t)ph * bh + q / bw;
            unit = (uint64_t)u0 + q % bw;
            break;
        }
        case SWZ_PAT_LDMATRIX_A:
        case SWZ_PAT_LDMATRIX_B:
        case SWZ_PAT_LDMATRIX_BT: {
            int count, frag = swz__pat_frag(p, &count);
            uint32_t dr = 0u, du = 0u;
            if (!swz_mma_lane_rc(frag, count, i, &dr, &du)) continue;
            row = (uint64_t)p->row0 + dr;
            unit = (uint64_t)u0 + du;
            break;
        }
        case SWZ_PAT_CP_ASYNC: {
            uint32_t cr = 0u, cu = 0u;
            uint64_t q = (uint64_t)p->row0 * ur + u0 + i;
            if (q >= total) continue;
            swz_mma_chunk_rc((uint32_t)q, ur, &cr, &cu);
            row = cr;
            unit = cu;
            break;
        }
        default: return SWZ_EKIND;
        }
        if (row >= l->height || unit >= ur) continue;
        r->row[i] = (uint32_t)row;
        r->col[i] = (uint32_t)unit * v;
        r->mask |= 1u << i;
    }
    return SWZ_OK;
}

/* Evaluate one instruction of pattern p on layout l. */
SWZ_FN swz_check_result swz_check(const swz_layout *l, const swz_pattern *p)
{
    swz_check_result r;
    const swz_bank_result none = {SWZ_EKIND, 0u, 0u, 0u, 0u, 0u, 0u, {0u, 0u, 0u, 0u}};
    uint32_t i, j, k = swz_access_bytes(p->access);
    r.permuted = 0;
    r.mask = 0u;
    r.bank = none; /* every field defined, also on the early error returns */
    for (i = 0; i < 32u; ++i) r.addr[i] = r.row[i] = r.col[i] = 0u;
    r.status = swz__place(l, p, &r);
    if (r.status != SWZ_OK) return r;
    for (i = 0; i < 32u; ++i) {
        uint32_t v = k / l->elem, base, seen = 0;
        if (!((r.mask >> i) & 1u)) continue;
        base = swz_layout_offset(l, r.row[i], r.col[i]) & ~(v - 1u);
        for (j = 0; j < v; ++j) { /* the v elements must fill the aligned group [base, base+v) */
            uint32_t o = swz_layout_offset(l, r.row[i], r.col[i] + j);
            if (o < base || o >= base + v || ((seen >> (o - base)) & 1u)) {
                r.status = SWZ_EALIGN;
                return r;
            }
            seen |= 1u << (o - base);
            if (o != base + j) r.permuted = 1;
        }
        r.addr[i] = base * l->elem;
    }
    if (p->kind == SWZ_PAT_CP_ASYNC) { /* R8 by source line: tile row r starts a 128-byte line */
        uint32_t src[32];
        const uint32_t pitch = swz_cp_async_row_pitch(l->width * l->elem);
        for (i = 0; i < 32u; ++i) src[i] = r.row[i] * pitch + r.col[i] * l->elem;
        r.bank = swz_bank_eval_cp_async(r.addr, src, r.mask);
    } else {
        r.bank = swz_bank_eval(r.addr, r.mask, p->access);
    }
    r.status = r.bank.status;
    return r;
}

/* Totals of a pattern over the whole tile: every instruction of the pattern that a kernel
 * touching each unit once would issue (ROW: row-major runs of 32 units; COL: column-major runs;
 * BLOCK: the tile cut into warp blocks of the pattern's shape; LDMATRIX_*: the tile cut into
 * fragments (swz_mma_frag_extent); CP_ASYNC: as ROW; STRIDE: the single instruction at the
 * origin).  The pattern's origin is ignored.  Returns SWZ_OK or the first failing
 * instruction's status. */
typedef struct swz_check_totals {
    uint64_t instructions, wavefronts, ideal;
    uint32_t worst_ways;
} swz_check_totals;

/* The whole-tile walk of a pattern (the instructions swz_check_tile_pattern evaluates), one
 * owner for the tile walk and swz_solve's named accesses: swz_check_tile_count gives how many
 * instructions, swz_check_tile_nth the n-th as a pattern with its origin set.  Both return
 * SWZ_OK or the pattern's error (SWZ_ERANGE for n past the count). */
SWZ_FN int swz__tile_walk(const swz_layout *l, const swz_pattern *p, uint32_t *n, uint32_t *nx,
                          uint32_t *bw, uint32_t *bh)
{
    uint32_t k = swz_access_bytes(p->access), v, ur, lanes;
    *nx = *bw = *bh = 1u;
    if (k == 0u) return SWZ_EKIND;
    if (k < l->elem || k % l->elem != 0u) return SWZ_EACCESS;
    v = k / l->elem;
    ur = l->width / v;
    if (ur == 0u) return SWZ_EWIDTH;
    lanes = swz_access_lanes(p->access);
    switch (p->kind) {
    case SWZ_PAT_ROW:
    case SWZ_PAT_CP_ASYNC:
    case SWZ_PAT_COL: *n = (uint32_t)(((uint64_t)ur * l->height + lanes - 1u) / lanes); break;
    case SWZ_PAT_LDMATRIX_A:
    case SWZ_PAT_LDMATRIX_B:
    case SWZ_PAT_LDMATRIX_BT: {
        int count, frag = swz__pat_frag(p, &count);
        swz_mma_frag_extent(frag, count, bh, bw); /* one fragment: bh rows x bw units */
        if (*bh == 0u) return SWZ_EACCESS;
        *nx = (ur + *bw - 1u) / *bw;
        *n = *nx * ((l->height + *bh - 1u) / *bh);
        break;
    }
    case SWZ_PAT_STRIDE: *n = 1u; break;
    case SWZ_PAT_BLOCK: {
        int e = swz_check_block_shape(p->access, p->block_w, p->block_h, bw, bh);
        if (e != SWZ_OK) return e;
        *bh *= (lanes + *bw * *bh - 1u) / (*bw * *bh); /* phases stacked: the warp's block height */
        *nx = (ur + *bw - 1u) / *bw;
        *n = *nx * ((l->height + *bh - 1u) / *bh);
        break;
    }
    default: return SWZ_EKIND;
    }
    return SWZ_OK;
}
SWZ_FN int swz_check_tile_count(const swz_layout *l, const swz_pattern *pat, uint32_t *count)
{
    uint32_t nx, bw, bh;
    return swz__tile_walk(l, pat, count, &nx, &bw, &bh);
}
SWZ_FN int swz_check_tile_nth(const swz_layout *l, const swz_pattern *pat, uint32_t i,
                              swz_pattern *out)
{
    uint32_t n, nx, bw, bh, v, ur;
    uint64_t q = (uint64_t)i * swz_access_lanes(pat->access);
    int e = swz__tile_walk(l, pat, &n, &nx, &bw, &bh);
    if (e != SWZ_OK) return e;
    if (i >= n) return SWZ_ERANGE;
    v = swz_access_bytes(pat->access) / l->elem;
    ur = l->width / v;
    *out = *pat;
    switch (pat->kind) {
    case SWZ_PAT_CP_ASYNC:
    case SWZ_PAT_ROW: out->row0 = (uint32_t)(q / ur); out->col0 = (uint32_t)(q % ur) * v; break;
    case SWZ_PAT_COL: out->row0 = (uint32_t)(q % l->height); out->col0 = (uint32_t)(q / l->height) * v; break;
    case SWZ_PAT_LDMATRIX_A:
    case SWZ_PAT_LDMATRIX_B:
    case SWZ_PAT_LDMATRIX_BT:
    case SWZ_PAT_BLOCK: out->row0 = (i / nx) * bh; out->col0 = (i % nx) * bw * v; break;
    default: out->row0 = 0u; out->col0 = 0u; break;
    }
    return SWZ_OK;
}

SWZ_FN int swz_check_tile_pattern(const swz_layout *l, const swz_pattern *pat,
                                  swz_check_totals *t)
{
    uint32_t n, i;
    int e;
    t->instructions = t->wavefronts = t->ideal = 0u;
    t->worst_ways = 0u;
    e = swz_check_tile_count(l, pat, &n);
    if (e != SWZ_OK) return e;
    for (i = 0; i < n; ++i) {
        swz_check_result r;
        swz_pattern p = *pat;
        e = swz_check_tile_nth(l, pat, i, &p);
        if (e != SWZ_OK) return e;
        r = swz_check(l, &p);
        if (r.status != SWZ_OK) return r.status;
        t->instructions += 1u;
        t->wavefronts += r.bank.wavefronts;
        t->ideal += r.bank.ideal;
        if (r.bank.ways > t->worst_ways) t->worst_ways = r.bank.ways;
    }
    return SWZ_OK;
}

/* swz_check_tile_pattern for (pattern, access, stride), BLOCK in its default shape. */
SWZ_FN int swz_check_tile(const swz_layout *l, int pattern, int access, uint32_t stride,
                          swz_check_totals *t)
{
    swz_pattern p = {0, 0, 0u, 0u, 0u, 0u, 0u};
    p.kind = pattern;
    p.access = access;
    p.stride = stride;
    return swz_check_tile_pattern(l, &p, t);
}

#endif /* SWZ_CHECK_H */
