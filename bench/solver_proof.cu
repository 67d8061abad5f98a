/* bench/solver_proof.cu -- swz_solve's layouts on the GPU: random access sets run as real kernels
 * under ncu, measured wavefronts against the prediction (the solver's GPU proof; driven by
 * bench/solver_proof.py).
 *
 * What it does
 *   Builds SP_SETS random access sets from a fixed seed: a tile (W x H elements of E = 1, 2, 4,
 *   8 or 16 bytes, 11 shapes), one write (st.shared of 4/8/16 bytes or stmatrix .x4, as a row,
 *   column, block, cp-async-row or ldmatrix-fragment walk of the whole tile) and one to
 *   three reads (ld.shared of 4/8/16 bytes, ldmatrix .x1/.x2/.x4 and .trans, as whole-tile
 *   walks of check.h's patterns, or custom lanes: pairs of lanes on one unit -- rule R7's
 *   pairing --, and random units), each with a weight 1..3.  For each set swz_solve (solve.h)
 *   picks the layout (XOR masks + pad up to two units, and for rows narrower than 128 bytes
 *   also the line view, options.lines); the host then lays out every warp
 *   instruction of every access through that layout (check.h's swz_check for the named walks,
 *   swz_layout_offset for custom lanes) and predicts each access's wavefronts with bank.h
 *   (swz_bank_eval), and does the same for the layouts none, pad and auto-xor.
 *
 *   On the GPU each (set, read) is one launch of one warp (kernel sp_run): the write's
 *   instructions, then that read's, each instruction once, at the per-lane byte offsets
 *   computed on the host (an instruction table in global memory).  So a launch's shared-store
 *   counters are the write and its shared-load counters the read; ncu keys them by launch (one
 *   ncu pass over the whole program).  The warp stores hash(logical word) at each word it writes,
 *   and every read compares what it got with hash(the logical word it asked for), a value that
 *   does not depend on the layout: a read through a wrong offset fails the check.  ldmatrix
 *   lanes are checked against the PTX fragment (lane l, register j = matrix j, row l/4, word
 *   l%4; .trans: rows 2(l%4), 2(l%4)+1 at column l/4).
 *
 *   Output (DIR): solver_proof_sets.csv (one row per set: tile, accesses, the solver's layout
 *   as a macro line, its weighted total and bound, the totals of none / pad / auto-xor) and
 *   solver_proof_launches.csv (one row per launch in launch order: set, read, instructions and
 *   predicted wavefronts of the write and the read, the data check).  Launch 0 is a baseline
 *   with no instruction.
 *
 * Usage
 *   solver_proof [--out DIR] [--list] [--self-test] [--sets N]
 *     --list       write both CSVs with the predictions and exit; needs no GPU
 *     --self-test  no GPU: check the host side (solver proven and no worse than none, pad and
 *                  auto-xor; its cost equals the independent per-instruction evaluation; a host
 *                  twin of the kernel passes the data check and fails it with another layout's
 *                  read offsets; variety of shapes, sizes, kinds, R7 pairs); a meson test
 *     --sets N     the first N sets (default SP_SETS = 300)
 *   Normally run through solver_proof.py (one ncu invocation):
 *     python3 bench/solver_proof.py --bench build/bench/solver_proof --out DIR
 *
 * The measured claim (solver_proof.py): for every launch, shared-store wavefronts = the write's
 * prediction and shared-load wavefronts = the read's, instruction counts as listed, data check
 * ok; per set the measured weighted total equals the solver's and is at most the predicted
 * best of none, pad and auto-xor.
 */
#include <swz/solve.h>

#include <string>
#include <vector>

#include "bench_util.h"

#define SP_SETS 300
#define SP_SMEM_BYTES 32768u
#define SP_SEED 0x50C0FFEE2026ull
#define SP_SOLVE_SECONDS 2.0
static uint32_t dropped_sets; /* not proven within SP_SOLVE_SECONDS */

/* Instruction codes of the kernel (warp-uniform). */
enum { SP_ST4, SP_ST8, SP_ST16, SP_STSM4, SP_LD4, SP_LD8, SP_LD16, SP_LDSM1, SP_LDSM2, SP_LDSM4, SP_LDSM1T,
       SP_LDSM2T, SP_LDSM4T, SP_NOPS };

/* One warp instruction as the kernel reads it (166 words). */
struct sp_instr {
    uint32_t op, mask;   /* SP_*, active lanes (ldmatrix / stmatrix: all) */
    uint32_t care[4];    /* loads: bit 4*l+j of the 128 -> compare word j of lane l */
    uint32_t addr[32];   /* byte offset of each lane into the shared buffer */
    uint32_t data[128];  /* stores: what lane l stores (word j at [4l+j]); loads: what it must read */
};

/* hash(logical word): distinct for distinct words (an odd multiplier is a bijection mod 2^32) */
__host__ __device__ static inline uint32_t sp_hash(uint32_t word) { return word * 0x9E3779B1u ^ 0x6A09E667u; }
static uint32_t sp_half(uint32_t byte) { return (sp_hash(byte / 4u) >> (8u * (byte % 4u))) & 0xFFFFu; }

/* ---- the kernel ------------------------------------------------------------------------ */
#define SP_ST(PTX, ...) asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p " PTX "; }" ::__VA_ARGS__ : "memory")

/* ldmatrix .x1/.x2/.x4 with qualifier Q ("" or ".trans") as three cases of the switch */
#define SP_LDSM_CASES(OP1, OP2, OP4, Q)                                                                          \
    case OP1: asm volatile("ldmatrix.sync.aligned.m8n8.x1" Q ".shared.b16 {%0}, [%1];" : "=r"(v0) : "r"(a) : "memory"); \
        words = 1u;                                                                                              \
        break;                                                                                                   \
    case OP2:                                                                                                    \
        asm volatile("ldmatrix.sync.aligned.m8n8.x2" Q ".shared.b16 {%0, %1}, [%2];" : "=r"(v0), "=r"(v1) : "r"(a)  \
                     : "memory");                                                                                \
        words = 2u;                                                                                              \
        break;                                                                                                   \
    case OP4:                                                                                                    \
        asm volatile("ldmatrix.sync.aligned.m8n8.x4" Q ".shared.b16 {%0, %1, %2, %3}, [%4];"                      \
                     : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(a) : "memory");                              \
        words = 4u;                                                                                              \
        break;

extern "C" __global__ void __launch_bounds__(32) sp_run(const sp_instr *__restrict__ ins, uint32_t n_write,
                                                        uint32_t n, uint32_t *__restrict__ result)
{
    extern __shared__ __align__(1024) uint32_t sp_smem[];
    const uint32_t lane = threadIdx.x, base = (uint32_t)__cvta_generic_to_shared(sp_smem);
    uint32_t bad = 0u, compared = 0u;
    if (lane == 0u) result[2] = base & 1023u; /* the model assumes a 1024-aligned buffer */
#pragma unroll 1
    for (uint32_t i = 0; i < n; ++i) {
        const sp_instr *x = ins + i;
        const uint32_t op = x->op, act = (x->mask >> lane) & 1u, a = base + x->addr[lane];
        const uint32_t *d = x->data + 4u * lane;
        uint32_t v0 = 0u, v1 = 0u, v2 = 0u, v3 = 0u, words = 0u;
        if (i == n_write) __syncwarp(); /* the write is complete before the read */
        switch (op) {
        case SP_ST4: SP_ST("st.volatile.shared.u32 [%1], %2", "r"(act), "r"(a), "r"(d[0])); break;
        case SP_ST8: SP_ST("st.volatile.shared.v2.u32 [%1], {%2, %3}", "r"(act), "r"(a), "r"(d[0]), "r"(d[1])); break;
        case SP_ST16:
            SP_ST("st.volatile.shared.v4.u32 [%1], {%2, %3, %4, %5}", "r"(act), "r"(a), "r"(d[0]), "r"(d[1]),
                  "r"(d[2]), "r"(d[3]));
            break;
        case SP_STSM4:
            asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(d[0]),
                         "r"(d[1]), "r"(d[2]), "r"(d[3]) : "memory");
            break;
        case SP_LD4:
            asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.volatile.shared.u32 %0, [%1]; }"
                         : "+r"(v0) : "r"(a), "r"(act) : "memory");
            words = 1u;
            break;
        case SP_LD8:
            asm volatile("{ .reg .pred p; setp.ne.u32 p, %3, 0; @p ld.volatile.shared.v2.u32 {%0, %1}, [%2]; }"
                         : "+r"(v0), "+r"(v1) : "r"(a), "r"(act) : "memory");
            words = 2u;
            break;
        case SP_LD16:
            asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4]; }"
                         : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3) : "r"(a), "r"(act) : "memory");
            words = 4u;
            break;
        SP_LDSM_CASES(SP_LDSM1, SP_LDSM2, SP_LDSM4, "")
        SP_LDSM_CASES(SP_LDSM1T, SP_LDSM2T, SP_LDSM4T, ".trans")
        default: bad += 1000000u; break;
        }
        const uint32_t got[4] = {v0, v1, v2, v3};
        const uint32_t care = (x->care[lane / 8u] >> (4u * (lane % 8u))) & 0xFu;
        for (uint32_t j = 0; j < words; ++j)
            if ((care >> j) & 1u) {
                compared += 1u;
                bad += got[j] != d[j];
            }
    }
    atomicAdd(&result[0], bad);
    atomicAdd(&result[1], compared);
}

/* ---- access sets --------------------------------------------------------------------------- */
struct sp_shape { uint32_t w, h, e; };
static const sp_shape SHAPES[] = {
    {64, 32, 1}, {128, 16, 1}, {32, 32, 2}, {64, 16, 2}, {64, 32, 2}, {128, 16, 2},
    {16, 32, 4}, {32, 32, 4}, {64, 16, 4}, {16, 32, 8}, {8, 32, 16},
};
#define SP_NSHAPES ((uint32_t)(sizeof SHAPES / sizeof SHAPES[0]))

struct sp_access {
    swz_solve_access a;        /* what swz_solve sees */
    int op;                    /* SP_* the kernel executes */
    std::string desc;          /* "ld8:col w2" */
    std::vector<uint32_t> row, col; /* custom lanes (SWZ_SOLVE_LANES) */
};

struct sp_set {
    uint32_t w, h, e;
    std::vector<sp_access> acc; /* acc[0] the write, then the reads */
    swz_solve_result res;
    swz_layout tile;            /* the tile's rows, no swizzle: where the walks place the lanes */
    swz_layout lay[4];          /* solver, none, pad, auto-xor; the solver's may be the line view
                                   (rows of 128/E elements: res.width, solve.h options.lines) */
    int have[4];
    uint64_t total[4];          /* weighted wavefronts per layout (independent evaluation) */
    std::vector<uint64_t> pred; /* solver layout: wavefronts of each access (unweighted) */
    std::vector<uint32_t> ninstr, npaired;
    std::string macro;
};

static int op_of(int kind, int trans)
{
    const int store = kind & SWZ_STORE, k = kind & ~SWZ_STORE;
    if (store) return k == SWZ_ACCESS_4 ? SP_ST4 : k == SWZ_ACCESS_8 ? SP_ST8 : k == SWZ_ACCESS_16 ? SP_ST16 : SP_STSM4;
    switch (k) {
    case SWZ_ACCESS_4: return SP_LD4;
    case SWZ_ACCESS_8: return SP_LD8;
    case SWZ_ACCESS_16: return SP_LD16;
    case SWZ_LDMATRIX_X1: return trans ? SP_LDSM1T : SP_LDSM1;
    case SWZ_LDMATRIX_X2: return trans ? SP_LDSM2T : SP_LDSM2;
    default: return trans ? SP_LDSM4T : SP_LDSM4;
    }
}
static bool is_ldsm(int op) { return op >= SP_LDSM1; }
static const char *op_name(int op)
{
    static const char *n[SP_NOPS] = {"st4", "st8", "st16", "stsm4", "ld4", "ld8", "ld16", "ldsm1", "ldsm2",
                                     "ldsm4", "ldsm1t", "ldsm2t", "ldsm4t"};
    return n[op];
}

struct sp_rng {
    test_rng r{SP_SEED};
    uint32_t operator()(uint32_t n) { return (uint32_t)(rng_next(&r) >> 33) % n; }
};

/* One warp instruction of an access on layout l: lanes' byte addresses, logical byte addresses,
 * active mask.  Returns 0 when the access cannot be an instruction here. */
struct sp_lanes { uint32_t addr[32], logical[32], mask; };

static int walk(const sp_set &s, const sp_access &x, const swz_layout *l, std::vector<sp_lanes> &out)
{
    out.clear();
    const uint32_t rowb = s.w * s.e, lanes = swz_access_lanes(x.a.kind);
    const uint32_t full = lanes < 32u ? (1u << lanes) - 1u : ~0u;
    /* lane (r, c) of the tile -> byte address in layout l, whose rows may be the line view's
     * (l->width elements: the same row-major bytes cut into other rows) */
    auto phys = [&](uint32_t r, uint32_t c) {
        const uint64_t b = (uint64_t)r * s.w + c;
        const uint32_t o = swz_layout_offset(l, (uint32_t)(b / l->width), (uint32_t)(b % l->width));
        return o == SWZ_BAD_OFFSET ? o : o * s.e;
    };
    if (x.a.source == SWZ_SOLVE_NAMED) {
        swz_pattern pat = x.a.pattern;
        uint32_t n;
        pat.access = x.a.kind & ~SWZ_STORE;
        if (swz_check_tile_count(&s.tile, &pat, &n) != SWZ_OK) return 0;
        for (uint32_t i = 0; i < n; ++i) {
            swz_pattern pi = pat;
            if (swz_check_tile_nth(&s.tile, &pat, i, &pi) != SWZ_OK) return 0;
            swz_check_result r = swz_check(&s.tile, &pi);
            if (r.status != SWZ_OK) return 0;
            sp_lanes L;
            L.mask = r.mask & full;
            if (L.mask == 0u) continue;
            for (uint32_t q = 0; q < 32; ++q) {
                const bool on = (L.mask >> q) & 1u;
                L.addr[q] = on ? phys(r.row[q], r.col[q]) : 0u;
                L.logical[q] = on ? r.row[q] * rowb + r.col[q] * s.e : 0u;
                if (L.addr[q] == SWZ_BAD_OFFSET) return 0;
            }
            out.push_back(L);
        }
    } else {
        for (uint32_t i = 0; i < x.a.count; ++i) {
            sp_lanes L;
            L.mask = full;
            for (uint32_t q = 0; q < 32; ++q) {
                const bool on = (L.mask >> q) & 1u;
                const uint32_t r = x.row[32 * i + q], c = x.col[32 * i + q];
                L.addr[q] = on ? phys(r, c) : 0u;
                L.logical[q] = on ? r * rowb + c * s.e : 0u;
                if (L.addr[q] == SWZ_BAD_OFFSET) return 0;
            }
            out.push_back(L);
        }
    }
/* ldmatrix / stmatrix take every lane that gives a row: a partial fragment is not one */
    if (is_ldsm(x.op) || x.op == SP_STSM4)
        for (const sp_lanes &L : out)
            if (L.mask != full) return 0;
    return 1;
}

/* Wavefronts of every instruction of an access under layout l (bank.h), and R7 pairs. */
static int predict(const sp_set &s, const sp_access &x, const swz_layout *l, uint64_t *waves, uint32_t *n,
                   uint32_t *paired)
{
    std::vector<sp_lanes> ins;
    if (!walk(s, x, l, ins)) return 0;
    *waves = 0u;
    *paired = 0u;
    *n = (uint32_t)ins.size();
    for (const sp_lanes &L : ins) {
        swz_bank_result r = swz_bank_eval(L.addr, L.mask, x.a.kind);
        if (r.status != SWZ_OK) return 0;
        *waves += r.wavefronts;
        *paired += r.paired;
    }
    return 1;
}

static void add_named(sp_access &x, int kind, int pat, uint32_t stride, const char *what, uint32_t weight)
{
    swz_solve_access init = SWZ_SOLVE_NAMED_INIT;
    x.a = init;
    x.a.kind = kind;
    x.a.pattern.kind = pat;
    x.a.pattern.access = kind & ~SWZ_STORE;
    x.a.pattern.stride = stride;
    x.a.weight = weight;
    x.op = op_of(kind, pat == SWZ_PAT_LDMATRIX_B);
    x.desc = std::string(op_name(x.op)) + ":" + what + " w" + std::to_string(weight);
}

/* A random read of the set's tile: a named walk, pairs of lanes on one unit, or random units. */
static void random_read(sp_rng &g, const sp_set &s, sp_access &x)
{
    const uint32_t weight = 1u + g(3u);
    if (s.e == 2u && g(3u) == 0u) { /* ldmatrix fragments (or rows / columns of 16-byte rows) */
        const int kinds[3] = {SWZ_LDMATRIX_X1, SWZ_LDMATRIX_X2, SWZ_LDMATRIX_X4};
        const int pats[5] = {SWZ_PAT_LDMATRIX_A, SWZ_PAT_LDMATRIX_B, SWZ_PAT_LDMATRIX_BT, SWZ_PAT_ROW, SWZ_PAT_COL};
        const int p = pats[g(5u)];
        add_named(x, kinds[g(3u)], p, 0u, swz_pattern_name(p), weight);
        return;
    }
    uint32_t bytes;
    do bytes = 4u << g(3u); while (bytes < s.e);
    const int kind = (int)bytes;
    const uint32_t c = g(10u);
    if (c < 6u) {
        const int pats[4] = {SWZ_PAT_ROW, SWZ_PAT_COL, SWZ_PAT_BLOCK, SWZ_PAT_STRIDE};
        const int p = pats[c % 4u];
        const uint32_t stride = 1u + g(5u);
        add_named(x, kind, p, stride, p == SWZ_PAT_STRIDE ? ("stride" + std::to_string(stride)).c_str()
                                                           : swz_pattern_name(p), weight);
        return;
    }
    /* custom lanes: 8 instructions.  pairs-row: lanes 2k, 2k+1 on one unit along rows (quads
     * aabb: R7 pairs 8/16-byte loads); pairs-col: lanes l, l^2 on one unit down a column (abab);
     * random: any unit (sometimes the same) */
    const uint32_t vec = bytes / s.e, ur = s.w / vec, units = ur * s.h, mode = c - 6u;
    const char *names[4] = {"pairs-row", "pairs-col", "random", "random"};
    swz_solve_access init = SWZ_SOLVE_NAMED_INIT;
    x.a = init;
    x.a.source = SWZ_SOLVE_LANES;
    x.a.kind = kind;
    x.a.weight = weight;
    x.a.count = 8u;
    x.row.resize(32 * 8);
    x.col.resize(32 * 8);
    const uint32_t start = g(units);
    for (uint32_t i = 0; i < 8u; ++i)
        for (uint32_t l = 0; l < 32u; ++l) {
            uint32_t u; /* unit number: row-major for rows, column-major for columns */
            if (mode == 0u) u = (start + i * 16u + l / 2u) % units;
            else if (mode == 1u) {
                const uint32_t cm = (start + i * 16u + (l / 4u) * 2u + l % 2u) % units; /* column-major */
                u = (cm % s.h) * ur + cm / s.h;
            } else
                u = g(units);
            x.row[32 * i + l] = u / ur;
            x.col[32 * i + l] = u % ur * vec;
        }
    x.op = op_of(kind, 0);
    x.desc = std::string(op_name(x.op)) + ":" + names[mode] + " w" + std::to_string(weight);
    x.a.row = x.row.data();
    x.a.col = x.col.data();
}

static int make_set(sp_rng &g, sp_set &s)
{
    const sp_shape sh = SHAPES[g(SP_NSHAPES)];
    s.w = sh.w;
    s.h = sh.h;
    s.e = sh.e;
    s.acc.clear();
    sp_access wr;
    const uint32_t weight = 1u + g(3u);
    if (s.e == 2u && g(6u) == 0u) { /* stmatrix: the C fragment's epilogue store */
        const int p = g(2u) ? SWZ_PAT_LDMATRIX_A : SWZ_PAT_LDMATRIX_BT;
        add_named(wr, SWZ_LDMATRIX_X4 | SWZ_STORE, p, 0u, swz_pattern_name(p), weight);
    } else {
        uint32_t bytes;
        do bytes = 4u << g(3u); while (bytes < s.e);
        /* whole-tile walks only (so that every read finds what it checks written) */
        const uint32_t c = g(8u);
        const int p = c < 3u ? SWZ_PAT_ROW : c < 6u ? SWZ_PAT_COL : c == 6u ? SWZ_PAT_BLOCK : SWZ_PAT_CP_ASYNC;
        if (p == SWZ_PAT_CP_ASYNC) bytes = 16u;
        add_named(wr, (int)bytes | SWZ_STORE, p, 0u, swz_pattern_name(p), weight);
    }
    s.acc.push_back(wr);
    const uint32_t nr = g(6u) == 0u ? 3u : 1u + g(2u); /* 1, 2 or 3 reads */
    for (uint32_t k = 0; k < nr; ++k) {
        sp_access rd;
        random_read(g, s, rd);
        s.acc.push_back(rd);
    }
    /* the solver */
    std::vector<swz_solve_access> a;
    for (sp_access &x : s.acc) {
        if (x.a.source == SWZ_SOLVE_LANES) {
            x.a.row = x.row.data();
            x.a.col = x.col.data();
        }
        a.push_back(x.a);
    }
    swz_solve_options opt = SWZ_SOLVE_OPTIONS_INIT;
    opt.max_pad = 2u * swz_solve_unit(a.data(), (uint32_t)a.size());
    /* A few sets take the exact search minutes (32x32 floats, 4-byte column store and column
     * read: 21 million nodes, 94 s); a set not proven within SP_SOLVE_SECONDS of CPU time is
     * drawn again, so every set of the proof has the proven optimum. */
    opt.seconds = SP_SOLVE_SECONDS;
    opt.lines = 1; /* rows narrower than 128 B: also the line view (its answer where cheaper) */
    const clock_t t0 = clock();
    if (swz_solve(s.w, s.e, s.h, a.data(), (uint32_t)a.size(), &opt, &s.res) != SWZ_OK || !s.res.proven) {
        if (s.res.status == SWZ_OK) dropped_sets += 1u;
        return 0;
    }
    if (getenv("SP_TIMES")) {
        std::string d;
        for (const sp_access &x : s.acc) d += x.desc + " | ";
        fprintf(stderr, "%.3f s %ux%u e%u U%u nodes %llu: %s\n", (double)(clock() - t0) / CLOCKS_PER_SEC, s.w, s.h, s.e,
                s.res.unit, (unsigned long long)s.res.nodes, d.c_str());
    }
    const uint32_t U = s.res.unit;
    swz_linear_params p[4];
    memset(p, 0, sizeof p);
    p[0] = s.res.layout;
    p[2].pad = swz_pad_stride(s.w, s.e, U) * s.e - s.w * s.e;
    s.have[0] = s.have[1] = s.have[2] = 1;
    s.have[3] = swz_linear_auto(s.w, s.e, U, &p[3]) == SWZ_OK;
    swz_linear_params zero;
    memset(&zero, 0, sizeof zero);
    if (swz_layout_make_linear(&s.tile, s.w, s.e, U, s.h, &zero) != SWZ_OK) return 0;
    for (int k = 0; k < 4; ++k) {
        const uint32_t w = k == 0 ? s.res.width : s.w; /* the solver's: W or the line view's 128/E */
        s.total[k] = 0u;
        if (s.have[k] && swz_layout_make_linear(&s.lay[k], w, s.e, U, s.h * s.w / w, &p[k]) != SWZ_OK) s.have[k] = 0;
    }
    if (!s.have[0]) return 0;
    if ((uint64_t)swz_layout_size(&s.lay[0]) * s.e > SP_SMEM_BYTES) return 0;
    s.pred.assign(s.acc.size(), 0u);
    s.ninstr.assign(s.acc.size(), 0u);
    s.npaired.assign(s.acc.size(), 0u);
    for (int k = 0; k < 4; ++k) {
        if (!s.have[k]) continue;
        for (size_t i = 0; i < s.acc.size(); ++i) {
            uint64_t wv;
            uint32_t n, pr;
            if (!predict(s, s.acc[i], &s.lay[k], &wv, &n, &pr)) {
                if (k == 0) return 0; /* not expressible as instructions: draw another set */
                s.have[k] = 0;
                break;
            }
            s.total[k] += (uint64_t)s.acc[i].a.weight * wv;
            if (k == 0) {
                s.pred[i] = wv;
                s.ninstr[i] = n;
                s.npaired[i] = pr;
            }
        }
    }
    char mac[320];
    swz_linear_macro(s.res.width, s.e, U, &s.res.layout, mac, sizeof mac);
    s.macro = mac;
    if (s.res.width != s.w) /* the line view: (r, c) -> ((r*W + c) / width, (r*W + c) % width) */
        s.macro += " on rows of " + std::to_string(s.res.width) + " (line view)";
    return 1;
}

static std::vector<sp_set> make_sets(uint32_t n)
{
    sp_rng g;
    std::vector<sp_set> sets;
    while (sets.size() < n) {
        sp_set s;
        if (make_set(g, s)) sets.push_back(s);
    }
    return sets;
}

/* ---- instruction tables and the host twin of the kernel ---------------------------------------- */

/* The instructions of one launch: the write, then read r (1..), all through `lay` (the write's
 * and the read's layouts may differ only to prove the check can fail).  `care_words` counts
 * the compared words. */
static std::vector<sp_instr> build(const sp_set &s, size_t r, const swz_layout *wlay, const swz_layout *rlay,
                                   uint32_t *n_write, uint64_t *care_words)
{
    std::vector<sp_instr> out;
    std::vector<sp_lanes> ins;
    std::vector<char> written((size_t)s.w * s.h * s.e / 4u + 4u, 0);
    const sp_access &wr = s.acc[0], &rd = s.acc[r];
    walk(s, wr, wlay, ins);
    for (const sp_lanes &L : ins) {
        sp_instr x;
        memset(&x, 0, sizeof x);
        x.op = (uint32_t)wr.op;
        x.mask = wr.op == SP_STSM4 ? ~0u : L.mask;
        for (uint32_t l = 0; l < 32; ++l) {
            x.addr[l] = L.addr[l];
            if (wr.op == SP_STSM4) { /* register i of lane l: matrix i, row l/4, word l%4 */
                for (uint32_t i = 0; i < 4; ++i) x.data[4 * l + i] = sp_hash(L.logical[8 * i + l / 4] / 4u + l % 4u);
                written[L.logical[l] / 4u] = written[L.logical[l] / 4u + 1] = 1;
                written[L.logical[l] / 4u + 2] = written[L.logical[l] / 4u + 3] = 1;
            } else if ((L.mask >> l) & 1u) {
                const uint32_t nw = swz_access_bytes(wr.a.kind) / 4u;
                for (uint32_t j = 0; j < nw; ++j) {
                    x.data[4 * l + j] = sp_hash(L.logical[l] / 4u + j);
                    written[L.logical[l] / 4u + j] = 1;
                }
            }
        }
        out.push_back(x);
    }
    *n_write = (uint32_t)out.size();
    *care_words = 0u;
    walk(s, rd, rlay, ins);
    for (size_t i = 0; i < ins.size(); ++i) {
        const sp_lanes &L = ins[i], &G = L; /* G: the logical side (the same for every layout) */
        sp_instr x;
        memset(&x, 0, sizeof x);
        x.op = (uint32_t)rd.op;
        x.mask = is_ldsm(rd.op) ? ~0u : L.mask;
        for (uint32_t l = 0; l < 32; ++l) {
            x.addr[l] = L.addr[l];
            uint32_t words = 0u, exp[4] = {0u, 0u, 0u, 0u}, ok[4] = {0u, 0u, 0u, 0u};
            if (rd.op >= SP_LDSM1T) { /* .trans: rows 2(l%4), 2(l%4)+1 of matrix j, column l/4 */
                words = (uint32_t)(rd.op - SP_LDSM1T) == 2u ? 4u : (uint32_t)(rd.op - SP_LDSM1T) + 1u;
                for (uint32_t j = 0; j < words; ++j) {
                    const uint32_t b0 = G.logical[8 * j + 2 * (l % 4)] + 2u * (l / 4), b1 = G.logical[8 * j + 2 * (l % 4) + 1] + 2u * (l / 4);
                    exp[j] = sp_half(b0) | sp_half(b1) << 16;
                    ok[j] = written[b0 / 4u] && written[b1 / 4u];
                }
            } else if (is_ldsm(rd.op)) { /* matrix j, row l/4, word l%4 */
                words = (uint32_t)(rd.op - SP_LDSM1) == 2u ? 4u : (uint32_t)(rd.op - SP_LDSM1) + 1u;
                for (uint32_t j = 0; j < words; ++j) {
                    const uint32_t wd = G.logical[8 * j + l / 4] / 4u + l % 4u;
                    exp[j] = sp_hash(wd);
                    ok[j] = written[wd];
                }
            } else if ((L.mask >> l) & 1u) {
                words = swz_access_bytes(rd.a.kind) / 4u;
                for (uint32_t j = 0; j < words; ++j) {
                    exp[j] = sp_hash(G.logical[l] / 4u + j);
                    ok[j] = written[G.logical[l] / 4u + j];
                }
            }
            for (uint32_t j = 0; j < words; ++j) {
                x.data[4 * l + j] = exp[j];
                if (ok[j]) {
                    x.care[l / 8] |= 1u << (4u * (l % 8u) + j);
                    *care_words += 1u;
                }
            }
        }
        out.push_back(x);
    }
    return out;
}

/* The kernel on the host: returns the mismatching words (the GPU's result[0]). */
static uint64_t emulate(const std::vector<sp_instr> &ins, uint32_t n_write, uint64_t *compared)
{
    std::vector<uint32_t> sm(SP_SMEM_BYTES / 4u, 0xDEADBEEFu);
    uint64_t bad = 0u;
    *compared = 0u;
    for (size_t i = 0; i < ins.size(); ++i) {
        const sp_instr &x = ins[i];
        const int op = (int)x.op;
        if (i < n_write) {
            for (uint32_t l = 0; l < 32; ++l) {
                if (op == SP_STSM4) { /* row l%8 of matrix l/8 <- register l/8 of lanes 4(l%8) .. +3 */
                    for (uint32_t j = 0; j < 4; ++j) sm[x.addr[l] / 4u + j] = x.data[4 * (4 * (l % 8) + j) + l / 8];
                } else if ((x.mask >> l) & 1u) {
                    const uint32_t nw = op == SP_ST4 ? 1u : op == SP_ST8 ? 2u : 4u;
                    for (uint32_t j = 0; j < nw; ++j) sm[x.addr[l] / 4u + j] = x.data[4 * l + j];
                }
            }
            continue;
        }
        for (uint32_t l = 0; l < 32; ++l) {
            uint32_t got[4] = {0u, 0u, 0u, 0u}, words = 0u;
            if (op >= SP_LDSM1T) {
                words = op == SP_LDSM4T ? 4u : (uint32_t)(op - SP_LDSM1T) + 1u;
                for (uint32_t j = 0; j < words; ++j) {
                    const uint32_t b0 = x.addr[8 * j + 2 * (l % 4)] + 2u * (l / 4), b1 = x.addr[8 * j + 2 * (l % 4) + 1] + 2u * (l / 4);
                    got[j] = ((sm[b0 / 4u] >> (8u * (b0 % 4u))) & 0xFFFFu) | ((sm[b1 / 4u] >> (8u * (b1 % 4u))) & 0xFFFFu) << 16;
                }
            } else if (is_ldsm(op)) {
                words = op == SP_LDSM4 ? 4u : (uint32_t)(op - SP_LDSM1) + 1u;
                for (uint32_t j = 0; j < words; ++j) got[j] = sm[x.addr[8 * j + l / 4] / 4u + l % 4u];
            } else if ((x.mask >> l) & 1u) {
                words = op == SP_LD4 ? 1u : op == SP_LD8 ? 2u : 4u;
                for (uint32_t j = 0; j < words; ++j) got[j] = sm[x.addr[l] / 4u + j];
            }
            const uint32_t care = (x.care[l / 8] >> (4u * (l % 8u))) & 0xFu;
            for (uint32_t j = 0; j < words; ++j)
                if ((care >> j) & 1u) {
                    *compared += 1u;
                    bad += got[j] != x.data[4 * l + j];
                }
        }
    }
    return bad;
}

/* ---- output ------------------------------------------------------------------------------------ */
static std::string set_desc(const sp_set &s)
{
    std::string d;
    for (size_t i = 0; i < s.acc.size(); ++i) d += (i ? " | " : "") + s.acc[i].desc;
    return d;
}

static void write_sets(const std::string &dir, const std::vector<sp_set> &sets)
{
    FILE *f = fopen((dir + "/solver_proof_sets.csv").c_str(), "w");
    if (!f) {
        fprintf(stderr, "cannot write %s/solver_proof_sets.csv\n", dir.c_str());
        exit(1);
    }
    fprintf(f, "set,tile,elem,unit,accesses,weights,layout,solver,bound,proven,none,pad,auto_xor,best_other,pred,instructions,paired\n");
    for (size_t i = 0; i < sets.size(); ++i) {
        const sp_set &s = sets[i];
        std::string w, pr, ni, pa;
        uint64_t best = ~(uint64_t)0;
        for (size_t k = 0; k < s.acc.size(); ++k) {
            w += (k ? " " : "") + std::to_string(s.acc[k].a.weight);
            pr += (k ? " " : "") + std::to_string(s.pred[k]);
            ni += (k ? " " : "") + std::to_string(s.ninstr[k]);
            pa += (k ? " " : "") + std::to_string(s.npaired[k]);
        }
        for (int k = 1; k < 4; ++k)
            if (s.have[k] && s.total[k] < best) best = s.total[k];
        fprintf(f, "%zu,%ux%u,%u,%u,\"%s\",%s,\"%s\",%llu,%llu,%d,%llu,%llu,%s,%llu,%s,%s,%s\n", i, s.w, s.h, s.e,
                s.res.unit, set_desc(s).c_str(), w.c_str(), s.macro.c_str(), (unsigned long long)s.total[0],
                (unsigned long long)s.res.bound, s.res.proven, (unsigned long long)s.total[1],
                (unsigned long long)s.total[2], s.have[3] ? std::to_string(s.total[3]).c_str() : "",
                (unsigned long long)best, pr.c_str(), ni.c_str(), pa.c_str());
    }
    fclose(f);
}

struct sp_launch {
    int set, read; /* -1, -1: the baseline */
    uint32_t n_write, n_read;
    uint64_t pred_write, pred_read, care;
    std::string check;
};

static void write_launches(const std::string &dir, const std::vector<sp_set> &sets, const std::vector<sp_launch> &L)
{
    FILE *f = fopen((dir + "/solver_proof_launches.csv").c_str(), "w");
    if (!f) {
        fprintf(stderr, "cannot write %s/solver_proof_launches.csv\n", dir.c_str());
        exit(1);
    }
    fprintf(f, "launch,set,read,kernel,write_op,read_op,write_instructions,read_instructions,write_ldsm,read_ldsm,"
               "pred_write,pred_read,compared_words,check\n");
    for (size_t i = 0; i < L.size(); ++i) {
        const sp_launch &x = L[i];
        if (x.set < 0) {
            fprintf(f, "%zu,-1,-1,sp_run,-,-,0,0,0,0,0,0,0,%s\n", i, x.check.c_str());
            continue;
        }
        const sp_set &s = sets[(size_t)x.set];
        const int wo = s.acc[0].op, ro = s.acc[(size_t)x.read].op;
        fprintf(f, "%zu,%d,%d,sp_run,%s,%s,%u,%u,%d,%d,%llu,%llu,%llu,%s\n", i, x.set, x.read, op_name(wo),
                op_name(ro), x.n_write, x.n_read, wo == SP_STSM4, is_ldsm(ro), (unsigned long long)x.pred_write,
                (unsigned long long)x.pred_read, (unsigned long long)x.care, x.check.c_str());
    }
    fclose(f);
}

/* ---- self-test (no GPU) --------------------------------------------------------------------------- */
static int self_test(const std::vector<sp_set> &sets)
{
    int fails = 0;
    auto expect = [&](bool c, const std::string &what) {
        printf("%s %s\n", c ? "ok  " : "FAIL", what.c_str());
        fails += !c;
    };
    uint32_t shapes = 0u, elems = 0u, ops = 0u, proven = 0, worse = 0, costs_off = 0, beats = 0, conflicted = 0;
    uint32_t paired = 0u, emu_bad = 0u, mutant_caught = 0u, mutants = 0u, vacuous = 0u, custom = 0u, view = 0u;
    for (const sp_set &s : sets) {
        for (uint32_t k = 0; k < SP_NSHAPES; ++k)
            if (SHAPES[k].w == s.w && SHAPES[k].h == s.h && SHAPES[k].e == s.e) shapes |= 1u << k;
        elems |= s.e;
        for (const sp_access &x : s.acc) {
            ops |= 1u << x.op;
            custom += x.a.source == SWZ_SOLVE_LANES;
        }
        for (uint32_t p : s.npaired) paired += p;
        proven += s.res.proven && s.res.gap == 0u;
        view += s.res.width != s.w;
        costs_off += s.total[0] != s.res.wavefronts;
        uint64_t best = ~(uint64_t)0;
        for (int k = 1; k < 4; ++k)
            if (s.have[k] && s.total[k] < best) best = s.total[k];
        worse += s.total[0] > best;
        beats += s.total[0] < best;
        conflicted += s.total[1] > s.total[0];
        /* the host twin of the kernel: every read right through the solver's layout; the same
         * reads through the none layout (the write through the solver's) must fail where the
         * two layouts place a read differently */
        for (size_t r = 1; r < s.acc.size(); ++r) {
            uint32_t nw;
            uint64_t care, cmp;
            std::vector<sp_instr> ins = build(s, r, &s.lay[0], &s.lay[0], &nw, &care);
            emu_bad += emulate(ins, nw, &cmp) != 0u || cmp != care;
            vacuous += care == 0u;
            std::vector<sp_instr> mut = build(s, r, &s.lay[0], &s.lay[1], &nw, &care);
            bool differs = false;
            for (size_t i = nw; i < mut.size(); ++i)
                for (uint32_t l = 0; l < 32; ++l) differs = differs || (mut[i].addr[l] != ins[i].addr[l] &&
                                                                        ((mut[i].care[l / 8] >> (4 * (l % 8))) & 0xFu));
            if (differs) {
                mutants += 1u;
                mutant_caught += emulate(mut, nw, &cmp) != 0u;
            }
        }
    }
    expect(sets.size() >= 300u, std::to_string(sets.size()) + " random access sets (at least 300)");
    expect(__builtin_popcount(shapes) == (int)SP_NSHAPES, std::to_string(__builtin_popcount(shapes)) + " tile shapes of " + std::to_string(SP_NSHAPES));
    expect(elems == (1u | 2u | 4u | 8u | 16u), "element sizes 1, 2, 4, 8 and 16 bytes");
    expect(ops == (1u << SP_NOPS) - 1u, "every instruction kind (st4/8/16, stmatrix, ld4/8/16, ldmatrix x1/x2/x4 and .trans)");
    expect(proven == sets.size(), "the solver is proven optimal (gap 0) on " + std::to_string(proven) + " sets");
    expect(costs_off == 0u, "its cost equals the per-instruction evaluation (check.h + bank.h) on every set (" +
                                std::to_string(costs_off) + " off)");
    expect(worse == 0u, "never above the best of none, pad and auto-xor (" + std::to_string(worse) + " above; " +
                            std::to_string(beats) + " strictly below)");
    expect(beats > 0u && conflicted > sets.size() / 4u, "sets where it matters: " + std::to_string(beats) +
                                                            " below every other, " + std::to_string(conflicted) + " below none");
    expect(view > 0u, std::to_string(view) + " sets whose best layout is the line view (rows < 128 B as 128-byte lines)");
    expect(paired > 0u && custom > 0u, std::to_string(paired) + " R7-paired instructions, " + std::to_string(custom) + " custom-lane reads");
    expect(emu_bad == 0u, "the kernel's host twin reads every checked word right through the solver's layout");
    expect(vacuous == 0u, "every read checks some words");
    expect(mutants > 0u && mutant_caught == mutants, "reads through another layout fail the check in " +
                                                         std::to_string(mutant_caught) + " of " + std::to_string(mutants));
    printf("self-test: %s\n", fails ? "FAILED" : "passed");
    return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
    std::string out_dir = ".";
    bool list = false, selftest = false;
    uint32_t nsets = SP_SETS;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out_dir = argv[++i];
            mkdir(out_dir.c_str(), 0777);
        } else if (!strcmp(argv[i], "--list")) list = true;
        else if (!strcmp(argv[i], "--self-test")) selftest = true;
        else if (!strcmp(argv[i], "--sets") && i + 1 < argc) nsets = (uint32_t)atoi(argv[++i]);
        else {
            printf("usage: solver_proof [--out DIR] [--list] [--self-test] [--sets N]\n");
            return strcmp(argv[i], "--help") && strcmp(argv[i], "-h") ? 2 : 0;
        }
    }
    const clock_t t0 = clock();
    std::vector<sp_set> sets = make_sets(nsets);
    printf("# %zu sets built and solved in %.2f s (host; %u drawn again: not proven within %.1f s)\n", sets.size(),
           (double)(clock() - t0) / CLOCKS_PER_SEC, dropped_sets, SP_SOLVE_SECONDS);
    if (selftest) return self_test(sets);

    std::vector<sp_launch> launches;
    launches.push_back({-1, -1, 0, 0, 0, 0, 0, "-"});
    for (size_t i = 0; i < sets.size(); ++i)
        for (size_t r = 1; r < sets[i].acc.size(); ++r)
            launches.push_back({(int)i, (int)r, sets[i].ninstr[0], sets[i].ninstr[r], sets[i].pred[0], sets[i].pred[r], 0, "-"});
    int failures = 0;
    if (!list) {
        bench_require_gpu();
        size_t cap = 0;
        sp_instr *d_ins = nullptr;
        uint32_t *d_res, h_res[3];
        CUDA_CHECK(cudaMalloc(&d_res, sizeof h_res));
        CUDA_CHECK(cudaFuncSetAttribute((const void *)sp_run, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SP_SMEM_BYTES));
        for (sp_launch &L : launches) {
            std::vector<sp_instr> ins;
            uint32_t nw = 0;
            uint64_t care = 0;
            if (L.set >= 0) {
                const sp_set &s = sets[(size_t)L.set];
                ins = build(s, (size_t)L.read, &s.lay[0], &s.lay[0], &nw, &care);
            }
            L.care = care;
            if (ins.size() > cap) {
                if (d_ins) CUDA_CHECK(cudaFree(d_ins));
                cap = ins.size() * 2;
                CUDA_CHECK(cudaMalloc(&d_ins, cap * sizeof(sp_instr)));
            }
            if (!ins.empty()) CUDA_CHECK(cudaMemcpy(d_ins, ins.data(), ins.size() * sizeof(sp_instr), cudaMemcpyHostToDevice));
            CUDA_CHECK(cudaMemset(d_res, 0, 2 * sizeof(uint32_t)));
            gpu_poison(d_res + 2, sizeof(uint32_t));
            sp_run<<<1, 32, SP_SMEM_BYTES>>>(d_ins, nw, (uint32_t)ins.size(), d_res);
            CUDA_CHECK_LAUNCH();
            CUDA_CHECK(cudaMemcpy(h_res, d_res, sizeof h_res, cudaMemcpyDeviceToHost));
            const bool ok = h_res[0] == 0u && h_res[1] == care && h_res[2] == 0u;
            L.check = L.set < 0 ? (h_res[2] == 0u ? "-" : "FAIL") : ok ? "ok" : "FAIL";
            if (L.check == "FAIL") {
                fprintf(stderr, "FAIL set %d read %d: %u of %u words wrong (%llu expected compared), base mod 1024 = %u\n",
                        L.set, L.read, h_res[0], h_res[1], (unsigned long long)care, h_res[2]);
                failures += 1;
            }
        }
        if (d_ins) CUDA_CHECK(cudaFree(d_ins));
        CUDA_CHECK(cudaFree(d_res));
    }
    write_sets(out_dir, sets);
    write_launches(out_dir, sets, launches);
    printf("# %zu sets, %zu launches (1 baseline): wrote %s/solver_proof_{sets,launches}.csv\n", sets.size(),
           launches.size(), out_dir.c_str());
    if (failures) fprintf(stderr, "solver_proof: %d launch(es) read wrong values\n", failures);
    return failures ? 1 : 0;
}
