/* bench/bench_conformance.cu -- run warp access patterns on the GPU, one launch each, so that ncu
 * can check swz/bank.h's model against the hardware counters (driven by bench/conformance.py).
 *
 * What it does
 *   Builds a fixed list of warp access patterns (structured: unit strides, sub-word and same-word
 *   accesses, half-/quarter-warp splits, lane masks, the rows/columns/blocks of every swz layout,
 *   ldmatrix tiles, the m16n8k16 fragments and cp.async rows of swz/mma.h; and random ones from
 *   a fixed seed) for every access kind the model knows: 1, 2, 4, 8, 16-byte loads and stores,
 *   ldmatrix .x1/.x2/.x4 (and .trans), stmatrix .x1/.x2/.x4 and cp.async's 16-byte shared
 *   writes (the last two modelled as stores and not measured before this list had them;
 *   stores evaluated as such:
 *   SWZ_STORE, which rule R7's pairing never applies to; the 'merge' patterns named "R7 ..."
 *   probe that rule's edges).  For each it records the
 *   model's prediction (swz_bank_eval on the host), then launches one warp that executes that
 *   exact instruction REPS times (conformance_kernel.cuh), and checks the values the warp read
 *   (or what its stores left) against the host's copy of the buffer.  Before the patterns, one
 *   launch of every kernel with reps = 0 measures the loop's fixed cost.
 *
 *   Output: DIR/conformance_launches.csv, one row per launch in launch order:
 *     launch,pattern,kernel,kind,group,name,reps,mask,model_wavefronts,model_ideal,model_ways,
 *     model_phases,check,addrs
 *   check is ok / FAIL (values wrong) / - (not run: --list, or a reps = 0 baseline).
 *   The exit status is 1 if any check failed, 77 without a GPU (unless --list).
 *
 * Usage
 *   bench_conformance [--out DIR] [--list] [--reps R] [--kinds K,K..] [--quick (accepted; changes nothing)]
 *     --list    write the launch list with the model's predictions and exit; needs no GPU
 *     --reps R  instruction repeats per launch (odd, default 33)
 *     --kinds   only these access kinds (labels ld1 .. st16, ldsm_x1 .. ldsm_x4_t, stsm_x1 ..
 *               stsm_x4, cpasync), their baselines and patterns (numbered as in the whole list)
 *   Normally run through conformance.py, which wraps it in one ncu invocation:
 *     python3 bench/conformance.py --bench build/bench/bench_conformance --out DIR
 *
 * Example of a pattern (what the model says and the GPU must agree with)
 *   ld8  stride 2: lane l reads 8 bytes at 16*l -> each half-warp covers 256 bytes -> model:
 *   2 wavefronts per half-warp, 4 in all, ideal 2.
 */
#include <swz/check.h>

#include <cinttypes>
#include <string>
#include <vector>

#include "bench_util.h"

#define CONF_LOAD 0
#define CONF_STORE 1
#define CONF_LDSM 2
#define CONF_STSM 3
#define CONF_CPASYNC 4
#define CONF_SMEM_BYTES 32768u
#define CONF_SRCIDX_WORD 64u /* pat[64 .. 95]: lane l's cp.async source chunk (0 .. CONF_SRC_CHUNKS-1) */
#define CONF_SRC_WORD 128u   /* pat[128 ..]: the cp.async global source (512-byte aligned), 4 words per chunk */
#define CONF_SRC_CHUNKS 256u /* 4 KiB: 32 global 128-byte lines */
#define CONF_PAT_WORDS (CONF_SRC_WORD + 4u * CONF_SRC_CHUNKS)
#define CONF_OUT_FLAG 128u /* out[128]: the shared base address mod 1024 */
#define CONF_DEFAULT_REPS 33

/* Initial content of the buffer (load kernels): word i. */
__host__ __device__ static inline uint32_t conf_init_word(uint32_t i) { return (i * 0x9E3779B1u) ^ 0x5A5AC3C3u; }
/* Word j of what lane `lane` stores. */
__host__ __device__ static inline uint32_t conf_store_word(uint32_t lane, uint32_t j)
{
    return ((lane + 1u) * 0x01010101u) ^ (j * 0x10204080u) ^ 0x80000000u;
}

/* ---- the kernels ------------------------------------------------------------------- */
#define CONF_NAME conf_ld1
#define CONF_MODE CONF_LOAD
#define CONF_WORDS 1
#define CONF_PTX "ld.volatile.shared.u8"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ld2
#define CONF_MODE CONF_LOAD
#define CONF_WORDS 1
#define CONF_PTX "ld.volatile.shared.u16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ld4
#define CONF_MODE CONF_LOAD
#define CONF_WORDS 1
#define CONF_PTX "ld.volatile.shared.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ld8
#define CONF_MODE CONF_LOAD
#define CONF_WORDS 2
#define CONF_PTX "ld.volatile.shared.v2.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ld16
#define CONF_MODE CONF_LOAD
#define CONF_WORDS 4
#define CONF_PTX "ld.volatile.shared.v4.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_st1
#define CONF_MODE CONF_STORE
#define CONF_WORDS 1
#define CONF_STORE_BYTES 1u
#define CONF_PTX "st.volatile.shared.u8"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_st2
#define CONF_MODE CONF_STORE
#define CONF_WORDS 1
#define CONF_STORE_BYTES 2u
#define CONF_PTX "st.volatile.shared.u16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_st4
#define CONF_MODE CONF_STORE
#define CONF_WORDS 1
#define CONF_STORE_BYTES 4u
#define CONF_PTX "st.volatile.shared.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_st8
#define CONF_MODE CONF_STORE
#define CONF_WORDS 2
#define CONF_STORE_BYTES 8u
#define CONF_PTX "st.volatile.shared.v2.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_st16
#define CONF_MODE CONF_STORE
#define CONF_WORDS 4
#define CONF_STORE_BYTES 16u
#define CONF_PTX "st.volatile.shared.v4.u32"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ldsm_x1
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 1
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x1.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ldsm_x2
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 2
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x2.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ldsm_x4
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 4
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
#include "conformance_kernel.cuh"

/* Tensor-core tiles (swz/mma.h): ldmatrix .trans, stmatrix (sm_90) and cp.async's shared
 * writes -- the instructions whose model (bank.h R3: 8-lane phases per matrix; cp.async as a
 * 16-byte store) was not yet measured. */
#define CONF_NAME conf_ldsm_x1_t
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 1
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ldsm_x2_t
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 2
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_ldsm_x4_t
#define CONF_MODE CONF_LDSM
#define CONF_WORDS 4
#define CONF_PTX "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_stsm_x1
#define CONF_MODE CONF_STSM
#define CONF_WORDS 1
#define CONF_STORE_BYTES 16u
#define CONF_PTX "stmatrix.sync.aligned.m8n8.x1.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_stsm_x2
#define CONF_MODE CONF_STSM
#define CONF_WORDS 2
#define CONF_STORE_BYTES 16u
#define CONF_PTX "stmatrix.sync.aligned.m8n8.x2.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_stsm_x4
#define CONF_MODE CONF_STSM
#define CONF_WORDS 4
#define CONF_STORE_BYTES 16u
#define CONF_PTX "stmatrix.sync.aligned.m8n8.x4.shared.b16"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_cpasync
#define CONF_MODE CONF_CPASYNC
#define CONF_WORDS 4
#define CONF_STORE_BYTES 16u
#define CONF_PTX "cp.async.cg.shared.global"
#include "conformance_kernel.cuh"
#define CONF_NAME conf_cpasync_z
#define CONF_MODE CONF_CPASYNC
#define CONF_WORDS 4
#define CONF_STORE_BYTES 16u
#define CONF_SRC_SIZE 16u
#define CONF_PTX "cp.async.cg.shared.global"
#include "conformance_kernel.cuh"

typedef void (*conf_kernel_fn)(const uint32_t *, int, uint32_t, uint32_t *);

/* One entry per kernel: its name, the model's access kind, and what it does. */
struct conf_kernel {
    const char *name;
    int access; /* SWZ_ACCESS_* (| SWZ_STORE for the stores) or SWZ_LDMATRIX_X* */
    int mode;   /* CONF_LOAD, CONF_STORE, CONF_LDSM, CONF_STSM, CONF_CPASYNC */
    conf_kernel_fn fn;
    int trans;  /* ldmatrix .trans */
};
static const conf_kernel KERNELS[] = {
    {"conf_ld1", SWZ_ACCESS_1, CONF_LOAD, conf_ld1, 0},
    {"conf_ld2", SWZ_ACCESS_2, CONF_LOAD, conf_ld2, 0},
    {"conf_ld4", SWZ_ACCESS_4, CONF_LOAD, conf_ld4, 0},
    {"conf_ld8", SWZ_ACCESS_8, CONF_LOAD, conf_ld8, 0},
    {"conf_ld16", SWZ_ACCESS_16, CONF_LOAD, conf_ld16, 0},
    {"conf_st1", SWZ_ACCESS_1 | SWZ_STORE, CONF_STORE, conf_st1, 0},
    {"conf_st2", SWZ_ACCESS_2 | SWZ_STORE, CONF_STORE, conf_st2, 0},
    {"conf_st4", SWZ_ACCESS_4 | SWZ_STORE, CONF_STORE, conf_st4, 0},
    {"conf_st8", SWZ_ACCESS_8 | SWZ_STORE, CONF_STORE, conf_st8, 0},
    {"conf_st16", SWZ_ACCESS_16 | SWZ_STORE, CONF_STORE, conf_st16, 0},
    {"conf_ldsm_x1", SWZ_LDMATRIX_X1, CONF_LDSM, conf_ldsm_x1, 0},
    {"conf_ldsm_x2", SWZ_LDMATRIX_X2, CONF_LDSM, conf_ldsm_x2, 0},
    {"conf_ldsm_x4", SWZ_LDMATRIX_X4, CONF_LDSM, conf_ldsm_x4, 0},
    {"conf_ldsm_x1_t", SWZ_LDMATRIX_X1, CONF_LDSM, conf_ldsm_x1_t, 1},
    {"conf_ldsm_x2_t", SWZ_LDMATRIX_X2, CONF_LDSM, conf_ldsm_x2_t, 1},
    {"conf_ldsm_x4_t", SWZ_LDMATRIX_X4, CONF_LDSM, conf_ldsm_x4_t, 1},
    {"conf_stsm_x1", SWZ_LDMATRIX_X1 | SWZ_STORE, CONF_STSM, conf_stsm_x1, 0},
    {"conf_stsm_x2", SWZ_LDMATRIX_X2 | SWZ_STORE, CONF_STSM, conf_stsm_x2, 0},
    {"conf_stsm_x4", SWZ_LDMATRIX_X4 | SWZ_STORE, CONF_STSM, conf_stsm_x4, 0},
    {"conf_cpasync", SWZ_CP_ASYNC_16, CONF_CPASYNC, conf_cpasync, 0},
    {"conf_cpasync_z", SWZ_CP_ASYNC_16, CONF_CPASYNC, conf_cpasync_z, 0}, /* the src-size (ZFILL) form */
};
#define N_KERNELS ((int)(sizeof KERNELS / sizeof KERNELS[0]))

/* The access-kind label conformance.py groups by: ld1 .. st16, ldsm_x1 .. ldsm_x4. */
static std::string kind_label(int k) { return std::string(KERNELS[k].name).substr(5); }

/* ---- patterns -------------------------------------------------------------------------- */
struct conf_pattern {
    int kernel; /* index into KERNELS */
    std::string group, name;
    uint32_t addr[32];
    uint32_t src[32]; /* cp.async: lane l's source chunk (16 bytes at 16*src[l]); default l */
    uint32_t mask;
    swz_bank_result model;
};

struct conf_gen {
    std::vector<conf_pattern> pats;
    test_rng rng{0x5EED0C0F0B4A4Bull};

    /* Add a pattern; addresses wrap into the buffer and are aligned down to the access size. */
    void add(int k, const std::string &group, const std::string &name, const uint32_t *addr, uint32_t mask,
             const uint32_t *src = nullptr)
    {
        conf_pattern p;
        p.kernel = k;
        p.group = group;
        p.name = name;
        const uint32_t bytes = swz_access_bytes(KERNELS[k].access);
        uint32_t sb[32];
        for (int l = 0; l < 32; ++l) {
            p.addr[l] = (addr[l] % CONF_SMEM_BYTES) / bytes * bytes;
            p.src[l] = src ? src[l] % CONF_SRC_CHUNKS : (uint32_t)l;
            sb[l] = 16u * p.src[l];
        }
        /* ldmatrix / stmatrix: the whole warp */
        p.mask = KERNELS[k].mode == CONF_LDSM || KERNELS[k].mode == CONF_STSM ? 0xFFFFFFFFu : mask;
        p.model = KERNELS[k].mode == CONF_CPASYNC ? swz_bank_eval_cp_async(p.addr, sb, p.mask)
                                                  : swz_bank_eval(p.addr, p.mask, KERNELS[k].access);
        if (p.model.status != SWZ_OK) {
            fprintf(stderr, "internal: pattern %s/%s rejected by the model (%d)\n", group.c_str(), name.c_str(),
                    p.model.status);
            exit(2);
        }
        pats.push_back(p);
    }

    template <class F> void add_fn(int k, const std::string &group, const std::string &name, F f,
                                   uint32_t mask = 0xFFFFFFFFu)
    {
        uint32_t a[32];
        for (uint32_t l = 0; l < 32; ++l) a[l] = f(l);
        add(k, group, name, a, mask);
    }
    /* cp.async: lane l writes shared f(l) from source chunk g(l). */
    template <class F, class G> void add_src(int k, const std::string &group, const std::string &name, F f, G g,
                                             uint32_t mask = 0xFFFFFFFFu)
    {
        uint32_t a[32], s[32];
        for (uint32_t l = 0; l < 32; ++l) { a[l] = f(l); s[l] = g(l); }
        add(k, group, name, a, mask, s);
    }

    /* One warp instruction of pattern `pat` on a layout, placed by swz_check (check.h). */
    /* gpitch (cp.async only): the copy reads a global matrix of that row pitch in bytes (a
     * multiple of 128), lane l the chunk at its (row, col); 0: lane l reads chunk l. */
    void add_layout(int k, int layout, uint32_t w, uint32_t h, uint32_t e, uint32_t a_layout, int pat_kind,
                    uint32_t row0 = 0, uint32_t col0 = 0, uint32_t gpitch = 0)
    {
        swz_layout l;
        if (swz_layout_make(&l, layout, w, e, a_layout, h) != SWZ_OK) return;
        swz_pattern p = {pat_kind, (int)swz_access_bytes(KERNELS[k].access), 1u, row0, col0, 0u, 0u};
        swz_check_result r = swz_check(&l, &p);
        if (r.status != SWZ_OK || r.mask == 0u) return;
        uint32_t a[32];
        for (int i = 0; i < 32; ++i) a[i] = (r.mask >> i) & 1u ? r.addr[i] : 0u;
        char nm[96];
        snprintf(nm, sizeof nm, "%s %ux%u e%u a%u %s", swz_layout_name(layout), w, h, e, a_layout,
                 swz_pattern_name(pat_kind));
        if (gpitch) {
            uint32_t s[32];
            for (int i = 0; i < 32; ++i) s[i] = (r.row[i] * gpitch + r.col[i] * e) / 16u;
            snprintf(nm + strlen(nm), sizeof nm - strlen(nm), " from rows %u B apart", gpitch);
            add(k, "layout-src", nm, a, r.mask, s);
            return;
        }
        add(k, "layout", nm, a, r.mask);
    }

    uint32_t rnd(uint32_t n) { return (uint32_t)(rng_next(&rng) >> 33) % n; }
};

static int kernel_index(const char *label)
{
    for (int k = 0; k < N_KERNELS; ++k)
        if (kind_label(k) == label) return k;
    fprintf(stderr, "internal: no kernel %s\n", label);
    exit(2);
}

static std::vector<conf_pattern> make_patterns(void)
{
    conf_gen g;
    const uint32_t widths[5] = {1, 2, 4, 8, 16};
    const char *ops[2] = {"ld", "st"};
    for (int o = 0; o < 2; ++o) {
        for (int wi = 0; wi < 5; ++wi) {
            const uint32_t K = widths[wi];
            const int k = kernel_index((std::string(ops[o]) + std::to_string(K)).c_str());
            /* G1: lane l at unit l*s (s = 0: every lane the same address, a broadcast). */
            const uint32_t strides[8] = {0, 1, 2, 3, 4, 8, 32, 33};
            for (uint32_t s : strides)
                g.add_fn(k, "stride", "units*" + std::to_string(s), [&](uint32_t l) { return l * s * K; });
            /* G2: sub-word accesses -- several lanes inside one word. */
            if (K < 4) {
                const uint32_t per = 4 / K;
                g.add_fn(k, "subword", "same word", [&](uint32_t l) { return (l % per) * K; });
                for (uint32_t s : {1u, 2u, 32u})
                    g.add_fn(k, "subword", "words*" + std::to_string(s),
                             [&](uint32_t l) { return (l / per) * 4u * s + (l % per) * K; });
                g.add_fn(k, "subword", "two words one bank",
                         [&](uint32_t l) { return (l % per) * K + (l / 16) * 128u; });
            }
            /* G3: half-warp and quarter-warp splits (phases of 8- and 16-byte accesses). */
            g.add_fn(k, "split", "halves same addresses", [&](uint32_t l) { return (l % 16) * K; });
            g.add_fn(k, "split", "halves next line", [&](uint32_t l) { return (l % 16) * K + (l / 16) * 128u; });
            g.add_fn(k, "split", "halves 1 KiB apart", [&](uint32_t l) { return (l % 16) * K + (l / 16) * 1024u; });
            g.add_fn(k, "split", "quarters same addresses", [&](uint32_t l) { return (l % 8) * K; });
            g.add_fn(k, "split", "quarters one line each", [&](uint32_t l) { return (l % 8) * K + (l / 8) * 128u; });
            g.add_fn(k, "split", "lane pairs across lines", [&](uint32_t l) { return (l % 2) * 128u + (l / 2) * K; });
            /* G3b: shared addresses across phases -- when does the hardware merge phases?
             * (On the H200, 8- and 16-byte loads where all 32 lanes read one address took 1
             * and 2 wavefronts where R1-R6 said 2 and 4: rule R7.)  Uniform addresses under
             * masks, per-half and per-quarter uniform addresses, lane groups sharing one. */
            if (K >= 4) {
                for (uint32_t m : {0x0000FFFFu, 0xFFFF0000u, 0x000000FFu, 0x0F0F0F0Fu, 0x00010001u,
                                   0x80000001u, 0x00000003u, 0x00FF00FFu, 0x01010101u}) {
                    char nm[48];
                    snprintf(nm, sizeof nm, "uniform mask %08x", m);
                    g.add_fn(k, "merge", nm, [&](uint32_t) { return 0u; }, m);
                }
                g.add_fn(k, "merge", "uniform per half, same line", [&](uint32_t l) { return (l / 16) * K; });
                g.add_fn(k, "merge", "uniform per half, bank 0 twice", [&](uint32_t l) { return (l / 16) * 128u; });
                g.add_fn(k, "merge", "uniform per quarter, same line", [&](uint32_t l) { return (l / 8) * K; });
                g.add_fn(k, "merge", "uniform per quarter, bank 0", [&](uint32_t l) { return (l / 8) * 128u; });
                g.add_fn(k, "merge", "two addresses alternating", [&](uint32_t l) { return (l % 2) * K; });
                g.add_fn(k, "merge", "four addresses cycling", [&](uint32_t l) { return (l % 4) * K; });
                g.add_fn(k, "merge", "lane pairs share", [&](uint32_t l) { return (l / 2) * K; });
                g.add_fn(k, "merge", "lane quads share", [&](uint32_t l) { return (l / 4) * K; });
                g.add_fn(k, "merge", "half 0 uniform, half 1 distinct",
                         [&](uint32_t l) { return l < 16 ? 0u : (l % 16) * K; });
                g.add_fn(k, "merge", "uniform but lane 31", [&](uint32_t l) { return l == 31 ? K : 0u; });
            }
            /* G3c: the edges of rule R7 (bank.h): an 8/16-byte load whose every lane quad reads in
             * pairs (lanes 0,1 and 2,3 alike, or 0,2 and 1,3; an inactive lane matches anything)
             * is served in phases twice as wide.  Quad q reads units 2q, 2q+1 in the shapes
             * aabb / abab (pair), abba / aaab (do not); pairs that straddle quads or sit 4 lanes
             * apart (do not); quads paired one way and the other; paired quads whose merged
             * phase conflicts; one unpaired lane, active or not; distinct addresses made
             * "paired" by inactive partners; masks.  Most are chosen so that pairing and not
             * pairing predict different counts.  Stores run the same list as a control: they
             * never pair. */
            if (K >= 8) {
                const uint32_t F = 0xFFFFFFFFu;
                struct edge {
                    const char *name;
                    uint32_t mask;
                    uint32_t (*addr)(uint32_t l, uint32_t K); /* byte address of lane l */
                };
                static const edge edges[] = {
                    {"R7 quad aabb", F, [](uint32_t l, uint32_t K) { return (2 * (l / 4) + (l % 4 >= 2)) * K; }},
                    {"R7 quad abab", F, [](uint32_t l, uint32_t K) { return (2 * (l / 4) + l % 2) * K; }},
                    {"R7 quad abba (no pair)", F,
                     [](uint32_t l, uint32_t K) { return (2 * (l / 4) + (l % 4 == 1 || l % 4 == 2)) * K; }},
                    {"R7 quad aaab (no pair)", F,
                     [](uint32_t l, uint32_t K) { return (2 * (l / 4) + (l % 4 == 3)) * K; }},
                    {"R7 pairs straddle quads", F, [](uint32_t l, uint32_t K) { return (l + 1) / 2 % 16 * K; }},
                    {"R7 pairs lanes l,l^4", F, [](uint32_t l, uint32_t K) { return (l % 4 + l / 8 * 4) * K; }},
                    {"R7 half 0 aabb, half 1 abab", F,
                     [](uint32_t l, uint32_t K) { return (2 * (l / 4) + (l < 16 ? l % 4 >= 2 : l % 2)) * K; }},
                    {"R7 quads alternate aabb/abab", F,
                     [](uint32_t l, uint32_t K) { return (2 * (l / 4) + (l / 4 % 2 ? l % 2 : l % 4 >= 2)) * K; }},
                    {"R7 pairs, pair 3 a line away", F,
                     [](uint32_t l, uint32_t K) { return l / 2 == 3 ? 128u : l / 2 * K; }},
                    {"R7 pairs, halves on same banks", F,
                     [](uint32_t l, uint32_t K) { return l / 2 % 8 * K + l / 16 * 128; }},
                    {"R7 pairs, quads in one bank", F,
                     [](uint32_t l, uint32_t K) { return l / 2 % 2 * K + l / 4 * 128; }},
                    {"R7 pairs but lane 29", F, [](uint32_t l, uint32_t K) { return (l == 29 ? 64 : l / 2) * K; }},
                    {"R7 pairs but lane 29, inactive", 0xDFFFFFFFu,
                     [](uint32_t l, uint32_t K) { return (l == 29 ? 64 : l / 2) * K; }},
                    {"R7 quad 7 aba-, lane 31 off", 0x7FFFFFFFu,
                     [](uint32_t l, uint32_t K) { return (l < 28 ? l / 2 : 64 + l % 2) * K; }},
                    {"R7 quad 7 abc-, lane 31 off", 0x7FFFFFFFu,
                     [](uint32_t l, uint32_t K) { return (l < 28 ? l / 2 : 64 + l % 4) * K; }},
                    {"R7 distinct, odd lanes off", 0x55555555u,
                     [](uint32_t l, uint32_t K) { return (l % 2 ? 256 + l : l / 2) * K; }},
                    {"R7 distinct, lanes 4q+2,3 off", 0x33333333u,
                     [](uint32_t l, uint32_t K) { return (l / 4 * 2 + l % 4) * K; }},
                    {"R7 pairs mask 0000ffff", 0x0000FFFFu, [](uint32_t l, uint32_t K) { return l / 2 * K; }},
                    {"R7 pairs mask ffff0000", 0xFFFF0000u, [](uint32_t l, uint32_t K) { return l / 2 * K; }},
                    {"R7 pairs mask 00ff00ff", 0x00FF00FFu, [](uint32_t l, uint32_t K) { return l / 2 * K; }},
                    {"R7 pairs mask 0f0f0f0f", 0x0F0F0F0Fu, [](uint32_t l, uint32_t K) { return l / 2 * K; }},
                    {"R7 8-lane groups, halves a line apart", F,
                     [](uint32_t l, uint32_t K) { return l / 8 * K + l / 16 * 128; }},
                    {"R7 8-lane groups 256B apart", F, [](uint32_t l, uint32_t) { return l / 8 * 256; }},
                    {"R7 eight addresses cycling", F, [](uint32_t l, uint32_t K) { return l % 8 * K; }},
                };
                for (const edge &e : edges)
                    g.add_fn(k, "merge", e.name, [&](uint32_t l) { return e.addr(l, K); }, e.mask);
            }
            /* G4: lane masks on a fully conflicting pattern (every lane in bank 0, 128 B apart). */
            const uint32_t masks[5] = {0x1u, 0xFFu, 0xFFFF0000u, 0x55555555u, 0x0F0F0F0Fu};
            for (uint32_t m : masks) {
                char nm[48];
                snprintf(nm, sizeof nm, "lines*1 mask %08x", m);
                g.add_fn(k, "mask", nm, [&](uint32_t l) { return l * 128u; }, m);
            }
            /* G5: rows, columns and blocks of every layout (check.h places the lanes). */
            if (K >= 4) {
                for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR, SWZ_LAYOUT_MORTON, SWZ_LAYOUT_TMA128})
                    for (int pk : {SWZ_PAT_COL, SWZ_PAT_BLOCK}) g.add_layout(k, lay, 32, 32, 4, K, pk);
                if (K > 4) /* the textbook c ^ r (tuned for 4-byte access) read as pairs / quads */
                    g.add_layout(k, SWZ_LAYOUT_XOR, 32, 32, 4, 4, SWZ_PAT_COL);
            } else {
                for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR})
                    g.add_layout(k, lay, K == 1 ? 64 : 32, 32, K, 4, SWZ_PAT_COL);
            }
            /* G6: random (fixed seed): one in a small window (broadcasts and shared words), one
             * anywhere, one in the window with a random mask. */
            for (int r = 0; r < 3; ++r) {
                const uint32_t span = r == 1 ? CONF_SMEM_BYTES : 512u;
                const uint32_t mask = r == 2 ? (uint32_t)(rng_next(&g.rng) >> 32) : 0xFFFFFFFFu;
                char nm[48];
                snprintf(nm, sizeof nm, "random %u span %u", r, span);
                g.add_fn(k, "random", nm, [&](uint32_t) { return g.rnd(span / K) * K; }, mask);
            }
        }
    }
    /* ldmatrix (.trans too) and stmatrix: each lane gives one 16-byte row address (lanes 0-7 /
     * 0-15 / 0-31). */
    for (const char *x : {"ldsm_x1", "ldsm_x2", "ldsm_x4", "ldsm_x1_t", "ldsm_x2_t", "ldsm_x4_t", "stsm_x1",
                          "stsm_x2", "stsm_x4"}) {
        const int k = kernel_index(x);
        /* the m16n8k16 fragments of swz/mma.h (check.h's ldmatrix-a/-b/-bt) on fp16 tiles */
        for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR, SWZ_LAYOUT_TMA128})
            for (int pk : {SWZ_PAT_LDMATRIX_A, SWZ_PAT_LDMATRIX_B, SWZ_PAT_LDMATRIX_BT}) {
                g.add_layout(k, lay, 64, 32, 2, 16, pk);
                g.add_layout(k, lay, 64, 32, 2, 16, pk, 8, 8);
            }
        g.add_layout(k, SWZ_LAYOUT_NONE, 32, 32, 2, 16, SWZ_PAT_LDMATRIX_A);
        g.add_layout(k, SWZ_LAYOUT_XOR, 32, 32, 2, 16, SWZ_PAT_LDMATRIX_A);
        g.add_layout(k, SWZ_LAYOUT_XOR, 128, 32, 2, 16, SWZ_PAT_LDMATRIX_BT);
        for (uint32_t pitch : {16u, 32u, 64u, 128u, 144u, 256u})
            g.add_fn(k, "stride", "rows pitch " + std::to_string(pitch), [&](uint32_t l) { return l * pitch; });
        g.add_fn(k, "stride", "one row (broadcast)", [&](uint32_t) { return 0u; });
        g.add_fn(k, "merge", "matrix m at row 0 of line m", [&](uint32_t l) { return (l / 8) * 128u; });
        g.add_fn(k, "merge", "lane pairs share a row", [&](uint32_t l) { return (l / 2) * 16u; });
        /* matrix m = l/8 beside each other in 128-byte rows r = l%8: plain and XOR-swizzled. */
        g.add_fn(k, "tile", "128B rows side by side", [&](uint32_t l) { return (l % 8) * 128u + (l / 8) * 16u; });
        g.add_fn(k, "tile", "128B rows side by side, m^r",
                 [&](uint32_t l) { return (l % 8) * 128u + (((l / 8) ^ (l % 8)) & 7u) * 16u; });
        g.add_fn(k, "tile", "matrices stacked, 64B rows", [&](uint32_t l) { return l * 64u; });
        for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR, SWZ_LAYOUT_MORTON, SWZ_LAYOUT_TMA128})
            g.add_layout(k, lay, 64, 32, 2, 16, SWZ_PAT_COL);
        g.add_layout(k, SWZ_LAYOUT_TMA64, 32, 32, 2, 16, SWZ_PAT_COL);
        g.add_layout(k, SWZ_LAYOUT_TMA32, 16, 32, 2, 16, SWZ_PAT_COL);
        g.add_layout(k, SWZ_LAYOUT_XOR, 64, 32, 2, 16, SWZ_PAT_BLOCK);
        for (int r = 0; r < 3; ++r) {
            const uint32_t span = r == 0 ? 256u : r == 1 ? 1024u : CONF_SMEM_BYTES;
            char nm[48];
            snprintf(nm, sizeof nm, "random %d span %u", r, span);
            g.add_fn(k, "random", nm, [&](uint32_t) { return g.rnd(span / 16u) * 16u; });
        }
    }
    /* cp.async's 16-byte shared writes: the st16 shapes, and the rows of a tile copy
     * (check.h's cp-async pattern) on every layout of fp16 tiles. */
    /* cpasync_z: the same patterns through the src-size form, which the SGEMM's B copy uses
     * (its LDGSTS measured 8 wavefronts an instruction where R8 says 4: docs/design.md) */
    for (const char *label : {"cpasync", "cpasync_z"}) {
        const int k = kernel_index(label);
        for (uint32_t s : {0u, 1u, 2u, 3u, 4u, 8u, 32u, 33u})
            g.add_fn(k, "stride", "units*" + std::to_string(s), [&](uint32_t l) { return l * s * 16u; });
        g.add_fn(k, "split", "quarters same addresses", [&](uint32_t l) { return (l % 8) * 16u; });
        g.add_fn(k, "split", "quarters one line each", [&](uint32_t l) { return (l % 8) * 16u + (l / 8) * 128u; });
        g.add_fn(k, "split", "lane pairs share", [&](uint32_t l) { return (l / 2) * 16u; });
        for (uint32_t m : {0x1u, 0xFFu, 0xFFFF0000u, 0x55555555u})
            g.add_fn(k, "mask", "lines*1 mask " + std::to_string(m), [&](uint32_t l) { return l * 128u; }, m);
        for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR, SWZ_LAYOUT_TMA128})
            for (uint32_t w : {32u, 64u}) {
                g.add_layout(k, lay, w, 32, 2, 16, SWZ_PAT_CP_ASYNC);
                g.add_layout(k, lay, w, 32, 2, 16, SWZ_PAT_CP_ASYNC, 2, 0);
            }
        g.add_layout(k, SWZ_LAYOUT_PAD, 48, 32, 2, 16, SWZ_PAT_CP_ASYNC, 1, 0);
        for (int r = 0; r < 3; ++r) {
            const uint32_t span = r == 0 ? 256u : r == 1 ? 1024u : CONF_SMEM_BYTES;
            g.add_fn(k, "random", "random " + std::to_string(r), [&](uint32_t) { return g.rnd(span / 16u) * 16u; });
        }
        /* On the H200 cp.async's shared writes are not st.shared.v4's (rule R8).  Whole aligned 128-byte
         * lines per quarter match the model, strided chunks cost one wavefront each (units*2: 32,
         * model 8), a broadcast costs 1 (model 4), unaligned runs 3 per quarter.  Probes of the
         * rule (appended: the patterns above keep their numbers): lanes 0 and 1 (one 32-byte
         * sector of the global source) at a distance; lanes 0 and 2 (two sectors); one quarter's
         * line shifted, reversed, pair-swapped, split; two quarters on one line. */
        for (uint32_t d : {0u, 16u, 32u, 48u, 64u, 80u, 96u, 112u, 128u, 144u, 176u, 256u})
            g.add_fn(k, "ldgsts", "lanes 0,1 at 0," + std::to_string(d), [&](uint32_t l) { return l == 1u ? d : 0u; },
                     0x3u);
        for (uint32_t d : {0u, 32u, 48u, 64u})
            g.add_fn(k, "ldgsts", "lanes 0,1 at 16," + std::to_string(d),
                     [&](uint32_t l) { return l == 0u ? 16u : d; }, 0x3u);
        for (uint32_t d : {16u, 32u, 128u})
            g.add_fn(k, "ldgsts", "lanes 0,2 at 0," + std::to_string(d), [&](uint32_t l) { return l == 2u ? d : 0u; },
                     0x5u);
        for (uint32_t sh : {16u, 32u, 64u})
            g.add_fn(k, "ldgsts", "quarter line shifted " + std::to_string(sh),
                     [&](uint32_t l) { return l * 16u + sh; }, 0xFFu);
        g.add_fn(k, "ldgsts", "quarter line reversed", [&](uint32_t l) { return (7u - l % 8u) * 16u; }, 0xFFu);
        g.add_fn(k, "ldgsts", "quarter line pairs swapped", [&](uint32_t l) { return (l ^ 1u) * 16u; }, 0xFFu);
        g.add_fn(k, "ldgsts", "quarter line halves swapped", [&](uint32_t l) { return (l ^ 4u) * 16u; }, 0xFFu);
        g.add_fn(k, "ldgsts", "quarter line, lane 7 a line away",
                 [&](uint32_t l) { return l * 16u + (l == 7u ? 128u : 0u); }, 0xFFu);
        g.add_fn(k, "ldgsts", "quarter 2 lines of 64B", [&](uint32_t l) { return (l / 4u) * 128u + (l % 4u) * 16u; },
                 0xFFu);
        g.add_fn(k, "ldgsts", "half a line", [&](uint32_t l) { return l * 16u; }, 0x0Fu);
        g.add_fn(k, "ldgsts", "half a line at 64", [&](uint32_t l) { return 64u + l * 16u; }, 0x0Fu);
        g.add_fn(k, "ldgsts", "two sectors 64B apart", [&](uint32_t l) { return (l / 2u) * 64u + (l % 2u) * 16u; },
                 0x0Fu);
        g.add_fn(k, "ldgsts", "two quarters one line", [&](uint32_t l) { return (l % 8u) * 16u; }, 0xFFFFu);
        g.add_fn(k, "ldgsts", "two quarters one line, q1 reversed",
                 [&](uint32_t l) { return (l < 8u ? l : 15u - l) * 16u; }, 0xFFFFu);
        g.add_fn(k, "ldgsts", "two quarters two lines", [&](uint32_t l) { return l * 16u; }, 0xFFFFu);
        g.add_fn(k, "ldgsts", "warp 64B rows stride 80", [&](uint32_t l) { return (l / 4u) * 80u + (l % 4u) * 16u; });
        g.add_fn(k, "ldgsts", "warp 128B rows stride 144", [&](uint32_t l) { return (l / 8u) * 144u + (l % 8u) * 16u; });
        g.add_fn(k, "ldgsts", "warp 128B rows stride 160", [&](uint32_t l) { return (l / 8u) * 160u + (l % 8u) * 16u; });
        g.add_fn(k, "ldgsts", "warp 128B rows stride 256", [&](uint32_t l) { return (l / 8u) * 256u + (l % 8u) * 16u; });
        /* Does R8 follow the lane or the source?  The patterns above read chunk l
         * (one contiguous 512-byte run); a tile copy's quarter-warp reads two rows of 64 bytes
         * from two global lines, or chunks of a line out of lane order.  Contiguous shared
         * writes from: two lines per quarter (lanes 4-7 at the start or at the half of the
         * next line), chunks 3l mod 8 of each line, chunk 0 of 8 lines; and the tile copies of
         * the hgemm operands (64-, 128- and 512-byte rows) from a real matrix's rows. */
        auto line = [](uint32_t l) { return 16u * l; };
        g.add_src(k, "ldgsts-src", "64B rows from 2 lines", line, [](uint32_t l) { return (l / 4u) * 8u + l % 4u; });
        g.add_src(k, "ldgsts-src", "64B rows from 2 lines, 2nd half", line,
                  [](uint32_t l) { return (l / 4u) * 8u + l % 4u + 4u * ((l / 4u) % 2u); });
        g.add_src(k, "ldgsts-src", "chunks 3l mod 8", line, [](uint32_t l) { return (l / 8u) * 8u + (3u * l) % 8u; });
        g.add_src(k, "ldgsts-src", "chunk 0 of 8 lines", line, [](uint32_t l) { return 8u * l; });
        g.add_src(k, "ldgsts-src", "one line per quarter, lanes 0,1 swapped sources", line,
                  [](uint32_t l) { return l % 8u < 2u ? l ^ 1u : l; });
        g.add_src(k, "ldgsts-src", "quarter from one line, shifted 16 (source)", line,
                  [](uint32_t l) { return (l / 8u) * 16u + 1u + l % 8u; });
        for (int lay : {SWZ_LAYOUT_NONE, SWZ_LAYOUT_PAD, SWZ_LAYOUT_XOR})
            for (uint32_t w : {32u, 64u, 256u})
                for (uint32_t r0 : {0u, 2u})
                    g.add_layout(k, lay, w, 32, 2, 16, SWZ_PAT_CP_ASYNC, r0, 0, w == 256u ? 5632u : 512u);
        /* Rows of 12 units at a padded pitch: the attention's pad head-dim-96 copy (shared rows
         * of 208 bytes, source rows of 256), whose LDGSTS measured 12.5 wavefronts per
         * instruction where R8 says 14 (docs/design.md, "R8 misses one shape").  Its three
         * warp shapes (chunks 32s .. 32s+31 of the row-major chunk order, s = 0, 1, 2: the
         * copy repeats every 8 rows) whole, then each quarter alone, so the rule can be
         * refined quarter by quarter. */
        for (uint32_t s3 = 0; s3 < 3u; ++s3) {
            auto sh = [s3](uint32_t l) { const uint32_t i = 32u * s3 + l; return (i / 12u) * 208u + (i % 12u) * 16u; };
            auto src = [s3](uint32_t l) { const uint32_t i = 32u * s3 + l; return (i / 12u) * 16u + i % 12u; };
            const std::string nm = "rows of 12 units, pitch 208, shape " + std::to_string(s3);
            g.add_src(k, "ldgsts-12", nm, sh, src);
            for (uint32_t q = 0; q < 4u; ++q)
                g.add_src(k, "ldgsts-12", nm + " quarter " + std::to_string(q), sh, src, 0xFFu << (8u * q));
        }
    }
    return g.pats;
}

/* ---- host reference ------------------------------------------------------------------- */
static uint32_t image_bytes(uint32_t addr, uint32_t n) /* n <= 4 bytes of the initial buffer */
{
    uint32_t v = 0;
    for (uint32_t b = 0; b < n; ++b) {
        uint32_t a = addr + b;
        v |= ((conf_init_word(a / 4u) >> (8u * (a % 4u))) & 0xFFu) << (8u * b);
    }
    return v;
}

/* Check out[] (128 words) of one launch with `reps` repeats; returns an empty string or the
 * first difference. */
static std::string check_launch(const conf_pattern &p, int reps, const uint32_t *out)
{
    const conf_kernel &kn = KERNELS[p.kernel];
    const uint32_t bytes = swz_access_bytes(kn.access), R = (uint32_t)reps;
    char msg[160];
    if (out[CONF_OUT_FLAG] != 0u) {
        snprintf(msg, sizeof msg, "shared base not 1024-aligned (mod 1024 = %u)", out[CONF_OUT_FLAG]);
        return msg;
    }
    for (uint32_t l = 0; l < 32; ++l) {
        const bool act = (p.mask >> l) & 1u;
        for (uint32_t j = 0; j < 4; ++j) {
            uint32_t want = 0u, got = out[l * 4 + j];
            bool any = false; /* store: got must be one of several values */
            if (kn.mode == CONF_LOAD) {
                if (act && 4u * j < bytes) want = R * image_bytes(p.addr[l] + 4u * j, bytes < 4u ? bytes : 4u);
            } else if (kn.mode == CONF_LDSM && !kn.trans) {
                const uint32_t nmat = swz_access_lanes(kn.access) / 8u;
                if (j < nmat) want = R * image_bytes(p.addr[j * 8u + l / 4u] + 4u * (l % 4u), 4u);
            } else if (kn.mode == CONF_LDSM) { /* .trans: (row 2(l%4)+h, column l/4) of matrix j */
                const uint32_t nmat = swz_access_lanes(kn.access) / 8u;
                if (j < nmat)
                    want = R * (image_bytes(p.addr[j * 8u + 2u * (l % 4u)] + 2u * (l / 4u), 2u) |
                                image_bytes(p.addr[j * 8u + 2u * (l % 4u) + 1u] + 2u * (l / 4u), 2u) << 16);
            } else if (kn.mode == CONF_STSM) {
                /* row r of matrix i (the address of lane 8i + r) holds register i of lanes 4r..4r+3:
                 * what is at lane l's address came from some row with that address */
                const uint32_t nl = swz_access_lanes(kn.access);
                if (l >= nl || R == 0u) continue;
                any = true;
                bool found = false;
                for (uint32_t q = 0; q < nl && !found; ++q)
                    if (p.addr[q] == p.addr[l]) found = conf_store_word(4u * (q % 8u) + j, q / 8u) == got;
                if (!found) {
                    snprintf(msg, sizeof msg, "lane %u word %u: read back 0x%08x, stored by no matrix row at 0x%x", l,
                             j, got, p.addr[l]);
                    return msg;
                }
            } else if (act && 4u * j < bytes && R > 0u) {
                /* stores: the value some active lane with this very address stored */
                any = true;
                const uint32_t n = bytes < 4u ? bytes : 4u, keep = n == 4u ? 0xFFFFFFFFu : (1u << (8u * n)) - 1u;
                bool found = false;
                for (uint32_t q = 0; q < 32 && !found; ++q) /* cp.async: lane q stored its source chunk */
                    if (((p.mask >> q) & 1u) && p.addr[q] == p.addr[l])
                        found = (conf_store_word(kn.mode == CONF_CPASYNC ? p.src[q] : q, j) & keep) == got;
                if (!found) {
                    snprintf(msg, sizeof msg, "lane %u word %u: read back 0x%08x, stored by no lane at 0x%x", l, j,
                             got, p.addr[l]);
                    return msg;
                }
            }
            if (!any && got != want) {
                snprintf(msg, sizeof msg, "lane %u word %u: got 0x%08x want 0x%08x", l, j, got, want);
                return msg;
            }
        }
    }
    return "";
}

int main(int argc, char **argv)
{
    std::string out_dir = ".";
    bool list = false;
    int reps = CONF_DEFAULT_REPS;
    std::string kinds; /* ",ld4,stsm_x1," -- empty: every kind */
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out_dir = argv[++i];
            mkdir(out_dir.c_str(), 0777); /* one level; an existing directory is fine */
        }
        else if (!strcmp(argv[i], "--list")) list = true;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--quick")) continue; /* accepted like the benches: the run is short anyway */
        else if (!strcmp(argv[i], "--kinds") && i + 1 < argc) kinds = std::string(",") + argv[++i] + ",";
        else {
            printf("usage: bench_conformance [--out DIR] [--list] [--reps R (odd)] [--kinds K,K..] [--quick]\n");
            return strcmp(argv[i], "--help") && strcmp(argv[i], "-h") ? 2 : 0;
        }
    }
    if (reps < 1 || reps % 2 == 0) {
        fprintf(stderr, "bench_conformance: --reps must be odd and >= 1 (an odd count identifies the value)\n");
        return 2;
    }
    std::vector<conf_pattern> pats = make_patterns();

    /* Launch order: one reps = 0 baseline per kernel, then every pattern. */
    struct launch {
        int pattern; /* -1: baseline */
        int kernel, reps;
        std::string check;
    };
    std::vector<launch> launches;
    auto wanted = [&](int k) { return kinds.empty() || kinds.find("," + kind_label(k) + ",") != std::string::npos; };
    for (int k = 0; k < N_KERNELS; ++k)
        if (wanted(k)) launches.push_back({-1, k, 0, "-"});
    if (launches.empty()) {
        fprintf(stderr, "bench_conformance: --kinds%s names no kernel (kinds: ld1 .. cpasync, see --list)\n",
                kinds.c_str());
        return 2;
    }
    for (size_t i = 0; i < pats.size(); ++i) /* pattern numbers stay those of the whole list */
        if (wanted(pats[i].kernel)) launches.push_back({(int)i, pats[i].kernel, reps, "-"});

    int failures = 0;
    if (!list) {
        bench_require_gpu();
        uint32_t *d_pat, *d_out, h_out[4 * 32 + 1], h_pat[CONF_PAT_WORDS];
        CUDA_CHECK(cudaMalloc(&d_pat, sizeof h_pat));
        CUDA_CHECK(cudaMalloc(&d_out, sizeof h_out));
        for (int k = 0; k < N_KERNELS; ++k)
            CUDA_CHECK(cudaFuncSetAttribute((const void *)KERNELS[k].fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            (int)CONF_SMEM_BYTES));
        for (launch &L : launches) {
            const conf_pattern *p = L.pattern >= 0 ? &pats[(size_t)L.pattern] : &pats[0];
            for (int l = 0; l < 32; ++l) h_pat[l] = L.pattern >= 0 ? p->addr[l] : 0u;
            h_pat[32] = L.pattern >= 0 ? p->mask : 0xFFFFFFFFu;
            for (uint32_t w = 33; w < CONF_PAT_WORDS; ++w) /* cp.async's source: chunk c holds c's store words */
                h_pat[w] = w >= CONF_SRC_WORD ? conf_store_word((w - CONF_SRC_WORD) / 4u, (w - CONF_SRC_WORD) % 4u) : 0u;
            for (uint32_t l = 0; l < 32; ++l) h_pat[CONF_SRCIDX_WORD + l] = L.pattern >= 0 ? p->src[l] : l;
            CUDA_CHECK(cudaMemcpy(d_pat, h_pat, sizeof h_pat, cudaMemcpyHostToDevice));
            gpu_poison(d_out, sizeof h_out);
            CUDA_CHECK(cudaMemset(d_out, 0, 4 * 32 * sizeof(uint32_t))); /* inactive lanes must stay 0 */
            KERNELS[L.kernel].fn<<<1, 32, CONF_SMEM_BYTES>>>(d_pat, L.reps, 0u, d_out);
            CUDA_CHECK_LAUNCH();
            CUDA_CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
            if (L.pattern < 0) {
                L.check = h_out[CONF_OUT_FLAG] == 0u ? "-" : "FAIL";
            } else {
                std::string e = check_launch(*p, L.reps, h_out);
                L.check = e.empty() ? "ok" : "FAIL";
                if (!e.empty()) {
                    fprintf(stderr, "FAIL pattern %d (%s %s/%s): %s\n", L.pattern, KERNELS[L.kernel].name,
                            p->group.c_str(), p->name.c_str(), e.c_str());
                }
            }
            failures += L.check == "FAIL";
        }
        CUDA_CHECK(cudaFree(d_pat));
        CUDA_CHECK(cudaFree(d_out));
    }

    std::string path = out_dir + "/conformance_launches.csv";
    FILE *f = fopen(path.c_str(), "w");
    if (!f) {
        fprintf(stderr, "cannot write %s\n", path.c_str());
        return 1;
    }
    fprintf(f, "launch,pattern,kernel,kind,group,name,reps,mask,model_wavefronts,model_ideal,model_ways,"
               "model_phases,check,addrs,srcs\n");
    for (size_t i = 0; i < launches.size(); ++i) {
        const launch &L = launches[i];
        if (L.pattern < 0) {
            fprintf(f, "%zu,-1,%s,%s,baseline,reps 0,0,ffffffff,,,,,%s,,\n", i, KERNELS[L.kernel].name,
                    kind_label(L.kernel).c_str(), L.check.c_str());
            continue;
        }
        const conf_pattern &p = pats[(size_t)L.pattern];
        std::string addrs, srcs; /* srcs: cp.async's source chunks (lane l's default l) */
        for (int l = 0; l < 32; ++l) {
            char b[16];
            snprintf(b, sizeof b, l ? " %x" : "%x", p.addr[l]);
            addrs += b;
            snprintf(b, sizeof b, l ? " %x" : "%x", p.src[l]);
            srcs += b;
        }
        fprintf(f, "%zu,%d,%s,%s,%s,\"%s\",%d,%08x,%u,%u,%u,%u,%s,%s,%s\n", i, L.pattern, KERNELS[L.kernel].name,
                kind_label(L.kernel).c_str(), p.group.c_str(), p.name.c_str(), L.reps, p.mask, p.model.wavefronts,
                p.model.ideal, p.model.ways, p.model.phases, L.check.c_str(), addrs.c_str(), srcs.c_str());
    }
    fclose(f);
    int nbase = 0;
    for (const launch &L : launches) nbase += L.pattern < 0;
    printf("# %zu patterns, %zu launches (%d baselines), reps %d: wrote %s\n", launches.size() - (size_t)nbase,
           launches.size(), nbase, reps, path.c_str());
    if (failures) fprintf(stderr, "bench_conformance: %d launch(es) read or left wrong values\n", failures);
    return failures ? 1 : 0;
}
