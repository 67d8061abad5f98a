/* bench/bench_transpose.cu -- swz's fp32 transpose variants beside cuBLAS and a copy.
 *
 * What it measures
 *   out (N x N) = transpose of in (N x N), row-major fp32, N = 8192 and 16384 (--quick: 1024 and
 *   2048), for every float variant of the swz-transpose library (examples/transpose: naive, and
 *   the shared tile in layouts none / pad / xor / morton at every tile size), beside
 *     - cublasSgeam (C = A^T, alpha 1, beta 0) -- THE PEER (ratio_peer);
 *     - cudaMemcpy device-to-device of the N*N*4 bytes (it moves 2*N*N*4 bytes, as the
 *       transpose does) -- the ceiling (ratio_memcpy).
 *   GB/s = bytes read + written (2 * N*N*4) / median time of 20 CUDA-event-timed launches after
 *   warm-up.
 *
 * Checks (a wrong result -> exit 1; a timing never fails)
 *   Before it is timed, every output (cuBLAS's too), poisoned with NaN first, is compared with
 *   the input bit for bit -- out[c*N + r] == in[r*N + c] for every element -- by an independent
 *   kernel on the GPU.  The input is random in [-1, 1), never zero.
 *
 * The driver is bench_family.h; the problem, the peer and the checks are the family's bench
 * hooks in examples/transpose/transpose.cu (the example program's --bench uses the same); the
 * tuning section below is this program's own extra, on the same hooks.
 *
 * Tuning section (after the table; CSV DIR/transpose_tuning.csv, family transpose_tuning, so
 *   that plots and headlines keep to the shipped variants): the fp32 candidates of
 *   examples/transpose/tuning.h -- the shipped kernel with other knobs (block order, cache
 *   hints, block size, region size, persistent grid) -- beside the shipped xor/pad 64 and 32,
 *   memcpy and cublasSgeam, each timed in 3 rounds (medians of --reps launches; the figure is
 *   the median of the rounds), every candidate checked bit-exact first.  A compact table (one
 *   row per candidate, both sizes side by side, '*' where it meets the target: >= 0.95x memcpy
 *   and faster than cublasSgeam at both sizes) and the winners follow.  The predictions are in
 *   the comment above tuning().
 *
 * Every-element-type section (bench_transpose_types.h, after the fp32 table, before the tuning
 *   section): u8, half, float, double and 16-byte elements at 8192^2, 16384^2, 8191 x 16385
 *   and two batches, beside memcpy and cuBLAS geam (CSV DIR/transpose_types.csv).
 *
 * Usage: bench_transpose [--out DIR] [--quick] [--reps N]  -> DIR/transpose.csv,
 *                                          DIR/transpose_types.csv, DIR/transpose_tuning.csv
 *   SWZ_BENCH_ELEMS=u8,half          the every-element-type section for those elements only
 *   SWZ_BENCH_PROBLEMS=8192x8192     ... and those problems only
 *   SWZ_BENCH_SECTIONS=types,tuning  only those sections ('table': the fp32 table too)
 *   SWZ_BENCH_ONLY=tma,xor_32        the every-element-type section: only the swz candidates whose
 *                                    names contain one of these (the references always run)
 *   --ncu                            the every-element-type section: one checked launch of
 *                                    each, no timing (run under ncu --kernel-name)
 */
#include "transpose.h"
#include "bench_family.h"

/* The family record: examples/transpose/transpose.cu (its bench hooks: cublasSgeam, checks). */
extern const swz_family swz_transpose_family;
static const swz_family &family = swz_transpose_family;
#include "tuning.inc"    /* the tuning candidates: instantiated in this program only */
#include "bench_transpose_types.h" /* the every-element-type section (issue 11) */

/* "swz_transpose_xor_64_float" -> "xor_64"; "swz_transpose_xor_64_float_grp32" -> "xor_64_grp32" */
static std::string short_name(const swz_variant *v) { return bench_family_name(&family, v, -1); }

/* ==================================== tuning ==================================================
 * Which knobs bring the shipped kernel (xor/pad, TILE 64, 256 threads, 16 KiB per block, row-major
 * block order, no cache hints) to >= 0.95x memcpy and past cublasSgeam at 8192^2 and 16384^2?
 * Run 1 on the H200 (GB/s, 8192^2 | 16384^2): memcpy 4074 | 4231, cublasSgeam 3676 | 3942,
 * xor_64 3741 | 3825, pad_64 3780 | 3851: targets >= ~3870 | ~4020.  ncu shows the shared side
 * at the model's wavefronts (conflict free), so the gap is on the global side.
 *
 * Reasoning and predictions, written before the run (medians, GB/s, 8192^2 | 16384^2):
 *  - Bytes in flight.  HBM3e ~4.8 TB/s x ~0.7 us loaded latency / 132 SMs ~ 25 KB per SM must be
 *    in flight (read half: ~13 KB).  The shipped kernel: 32 registers, 17 KiB shared (16 + 1 KiB
 *    reserved) -> 8 blocks = 2048 threads per SM, each block with 16 KiB of 16-byte loads in
 *    flight in its load phase: up to 128 KiB per SM, 5x what is needed.  So block size and
 *    region size are not the limiter: _t128 (13 blocks, shared-memory bound), _t512 (4 blocks)
 *    and _r32k (6 blocks x 32 KiB) keep the bytes in flight; predicted within +-1% of xor_64.
 *  - Tail.  A block lives ~ 8 blocks x 32 KiB / (4.2 TB/s / 132) ~ 8 us; the last wave's
 *    imbalance costs ~ half of that: ~4 us of ~140 us at 8192^2 (3%), ~1% at 16384^2.  But the
 *    measured gap to memcpy is 10 us at 8192^2 and 50 us at 16384^2: it grows with the size, so
 *    it is a steady-state loss, not the tail.  _r32k (twice the life) -> -0.5..-1% at 8192^2;
 *    the persistent grids (_p: 48 registers, 5 blocks/SM; _grp32_p: 64, 4 blocks/SM) trade the
 *    launch-order tail for a one-region-per-block imbalance: within +-1%.
 *  - DRAM / TLB locality of the write side (the likely steady-state loss).  Blocks start in
 *    index order, so ~1056 resident blocks (8 x 132) are in flight.  Row-major order at
 *    16384^2 (256 x 256 regions of 64 x 64): ~4 region rows across the whole width -> input
 *    read in full 64 KiB rows, but every one of the 16384 output rows (64 KiB apart) gets a
 *    1 KiB run, and the in-flight write footprint is the whole 1 GiB output (512 pages of
 *    2 MiB); at 8192^2 ~8 region rows -> 2 KiB output runs over 256 MiB.  That matches
 *    16384^2 doing worse (0.91x memcpy) than 8192^2 (0.93x).  GROUP 32 and MORTON 32 make the
 *    in-flight set a ~32 x 33 patch of regions: 8 KiB runs on both sides, a 2 x 128 MiB
 *    footprint at 16384^2.  Predicted: _grp32 +3..5% at 16384^2 (3950..4020), +1..2% at
 *    8192^2 (3780..3820); _mort32 the same minus its 64-bit index arithmetic at block start
 *    (~0.5%); _grp8 half way; _grp128 (groups of 128 region rows: at 8192^2 column-major, the
 *    mirror image of ROW -- output rows whole, input in 2 KiB runs) ~ xor_64 +-2%, and its sign
 *    tells which side's locality matters more; _diag ~ xor_64 (same rows in flight,
 *    only shifted; Hopper hashes addresses over the memory partitions, partition camping is
 *    gone).  TILE 32 (region 32 x 128) with GROUP 64 has the same square patch: ~ _grp32.
 *  - Cache hints.  The loads already compile to LDG.E.128.CONSTANT (the read-only path, via
 *    __restrict__); _h1 adds L1::no_allocate (LDG.E.NA): +-0.5%.  _h2 loads .cs (LDG.E.EF:
 *    evict first in L1 and L2), leaving L2 to the output lines (longer write combining):
 *    +0..1%.  _h4 stores .cs (STG.E.EF: output leaves L2 early): +-1%, could lose at 16384^2;
 *    _h5 = _h1 + _h4.  Hinted variants use MIN_BLOCKS 8 where the hints cost registers, so
 *    occupancy stays at 8 blocks.
 *  - XOR vs PAD: the same global side and both conflict free: within +-1% (target: xor within
 *    2% of pad or faster).
 * Predicted ranking at 16384^2: xor_64_grp32_h2 >= xor_64_grp32_h5 ~ xor_64_grp32 ~
 * pad_64_grp32(_h5) ~ xor_64_mort32 > xor_32_grp64* ~ xor_64_grp32_r32k ~ xor_64_grp32_t512 >
 * xor_64_grp8 > xor_64_grp32_p > _grp128 ~ pad_64 ~ xor_64 ~ _diag ~ _h1/_h2/_h4/_h5 ~
 * _t128/_t512 > _r32k ~ _p; none_64 (conflicting) ~1-3% below xor_64 (memory bound).  Expected to meet both targets: the GROUP/MORTON ones at 16384^2 if
 * the locality argument holds; 8192^2 (needs +2.4% over pad_64) is the harder one.
 * What to make the default from the outcome:
 *  - a GROUP/MORTON candidate wins by > 1% at 16384^2 and does not lose at 8192^2: BLOCK_ORDER
 *    GROUP, BLOCK_GROUP 32 (for every layout / element: 32-bit index math, no registers);
 *  - a hint mask adds > 0.5% at both sizes on top of the order: make it the default CACHE_HINTS
 *    (with MIN_BLOCKS so occupancy stays);
 *  - t/r/p knobs: keep 256 / 16 KiB / non-persistent unless one wins by > 1% at both sizes;
 *  - nothing reaches 0.95x: keep the defaults, report the gap; the next step is a TMA
 *    (cp.async.bulk.tensor) load/store of the tile, which takes address generation off the SM.
 *
 * Outcome of round 1 (H200, GB/s, 8192^2 | 16384^2; memcpy 4113 | 4230, cublasSgeam 3720 |
 * 3943): the locality prediction was wrong in its details.  GROUP 32 / MORTON 32 / DIAG and
 * the cache hints moved nothing (+-1%); _t128, _r32k and the persistent grids lost 3-7%.  Two
 * knobs won: 512 threads (_t512: 3897 | 4008, +4% at both sizes) and groups of 128 region rows
 * (_grp128: 3932 | 3934), which at 8192^2 is a column-major walk -- whole output rows in
 * flight, the write side's locality.  Round 2 (this list) combines them: 512 and 1024 threads
 * with column-major (_col = GROUP 32768) and 64/128/256-row groups, plus pad and the
 * conflicting none at the same knobs.  Predicted: _t512_col and _t512_grp128 >= 3950 | 4030
 * (>= 0.96x | 0.95x memcpy), _t1024* within 1% of them, xor within 1% of pad.
 *
 * Outcome of round 2 (H200, GB/s, 8192^2 | 16384^2; memcpy 4065 | 4218, cublasSgeam 3676 |
 * 3929): column-major order at 256 threads won and met both targets: xor_64_col 3898 | 4021
 * (0.959x | 0.953x memcpy, 1.060x | 1.023x cublasSgeam).  512 threads with column-major or
 * grouped orders fell back to 0.93-0.94x; 1024 threads lost 28%; 512 threads row-major 0.949x
 * | 0.944x.  The conflicting none_64 at 512 threads ran 8% below xor (the 8-way reads show
 * once fewer blocks hide them).  Column-major (GROUP 32768) is now the default of every
 * transpose variant; this list keeps the old ROW default and the 512-thread variants beside
 * it, so each run shows what the choice buys.
 */
struct tuning_entry {
    const swz_variant *v; /* NULL: memcpy or cublasSgeam */
    std::string name;
    std::vector<float> ms[2]; /* per size: one median per round */
};

#define EX_TUNING_REF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
static const swz_variant *const tuning_candidates[] = {SWZ_TRANSPOSE_TUNING(EX_TUNING_REF)};

static int tuning(const swz_family *f, const bench_opts &o)
{
    const int rounds = o.quick ? 1 : 3;
    const char *const *specs = o.quick ? f->bench->quick_specs : f->bench->specs;
    bench_table tt("transpose_tuning");
    std::vector<tuning_entry> rows;
    std::string size[2];
    double sizes_moved[2] = {0, 0};
    rows.push_back({NULL, "memcpy", {}});
    rows.push_back({NULL, "cublasSgeam", {}});
    for (const char *base : {"swz_transpose_xor_64_float", "swz_transpose_pad_64_float", "swz_transpose_none_64_float",
                             "swz_transpose_xor_32_float", "swz_transpose_pad_32_float"}) {
        const swz_variant *v = swz_variant_find(&swz_transpose_registry, base);
        if (v) rows.push_back({v, short_name(v) + " (shipped)", {}});
    }
    for (const swz_variant *v : tuning_candidates)
        if (strcmp(v->elem, "float") == 0) rows.push_back({v, short_name(v), {}});

    for (int si = 0; si < 2 && specs[si]; ++si) {
        bench_problem_ref r = bench_family_prepare(f, specs[si]);
        size[si] = r.size;
        /* every candidate checked first (the shipped ones were checked in the main table) */
        for (tuning_entry &e : rows) {
            if (!e.v || strstr(e.name.c_str(), "(shipped)")) continue;
            bench_family_poison(r, -1);
            if (r.b->launch(r.p, e.v, -1)) exit(1);
            CUDA_CHECK_LAUNCH();
            if (r.b->check(r.p, e.v, -1)) tt.fail("%s %s: wrong result", e.v->name, r.size);
        }
        /* rounds: every entry once per round, in list order, so slow drifts hit all alike */
        for (int round = 0; round < rounds; ++round)
            for (tuning_entry &e : rows) {
                float ms;
                if (e.name == "memcpy") ms = bench_family_memcpy_ms(o, r);
                else if (e.name == "cublasSgeam") ms = bench_time_ms(o, [&] { if (r.b->peer(r.p, 0)) exit(1); });
                else ms = bench_time_ms(o, [&] { if (r.b->launch(r.p, e.v, -1)) exit(1); });
                e.ms[si].push_back(ms);
            }
        sizes_moved[si] = r.b->work(r.p);
        r.b->release(r.p);
    }

    /* figures: median of the rounds; ratios to this section's own memcpy and cublasSgeam */
    double gbs[2][64] = {{0}}, rm[2][64] = {{0}}, rp[2][64] = {{0}};
    const size_t nr = rows.size() < 64 ? rows.size() : 64;
    for (int si = 0; si < 2; ++si) {
        const double moved = sizes_moved[si];
        const float t_mc = bench_median(rows[0].ms[si]), t_peer = bench_median(rows[1].ms[si]);
        for (size_t k = 0; k < nr; ++k) {
            const float ms = bench_median(rows[k].ms[si]);
            gbs[si][k] = moved / (ms * 1e6);
            rm[si][k] = t_mc / ms;
            rp[si][k] = t_peer / ms;
            tt.add(rows[k].name.substr(0, rows[k].name.find(' ')), size[si], "GB/s",
                   gbs[si][k], rm[si][k], rp[si][k], "cublasSgeam");
        }
    }
    printf("\n# tuning (fp32; knobs: examples/transpose/tuning.h): median of %d rounds x %d launches;\n"
           "# '*' = target met at both sizes (>= 0.95x memcpy and faster than cublasSgeam)\n",
           rounds, o.reps);
    printf("%-22s %9s %7s %6s   %9s %7s %6s  %s\n", "candidate", "GB/s", "xmemcpy", "xgeam", "GB/s", "xmemcpy",
           "xgeam", "knobs");
    printf("%-22s %24s   %24s\n", "", size[0].c_str(), size[1].c_str());
    int best[2] = {-1, -1}, best_both = -1;
    for (size_t k = 0; k < nr; ++k) {
        const bool ok = k >= 2 && rm[0][k] >= 0.95 && rm[1][k] >= 0.95 && rp[0][k] > 1.0 && rp[1][k] > 1.0;
        printf("%-22s %9.1f %7.3f %6.3f   %9.1f %7.3f %6.3f %s %s\n", rows[k].name.substr(0, 22).c_str(),
               gbs[0][k], rm[0][k], rp[0][k], gbs[1][k], rm[1][k], rp[1][k], ok ? "*" : " ",
               rows[k].v && rows[k].v->knobs ? rows[k].v->knobs : "");
        if (k < 2) continue;
        for (int si = 0; si < 2; ++si)
            if (best[si] < 0 || gbs[si][k] > gbs[si][best[si]]) best[si] = (int)k;
        if (ok && (best_both < 0 || rm[0][k] + rm[1][k] > rm[0][best_both] + rm[1][best_both])) best_both = (int)k;
    }
    for (int si = 0; si < 2; ++si)
        if (best[si] >= 0)
            printf("# best at %s: %s %.1f GB/s (x%.3f memcpy, x%.3f cublasSgeam)\n",
                   size[si].c_str(), rows[best[si]].name.c_str(), gbs[si][best[si]],
                   rm[si][best[si]], rp[si][best[si]]);
    printf("# best meeting the target at both sizes: %s\n", best_both >= 0 ? rows[best_both].name.c_str() : "none");
    /* XOR vs PAD with the same knobs (target: xor within 2% of pad, or faster) */
    printf("# xor / pad (same knobs, GB/s ratio at %s | %s):", size[0].c_str(),
           size[1].c_str());
    for (size_t k = 2; k < nr; ++k) {
        if (rows[k].name.rfind("pad_", 0) != 0) continue;
        const std::string twin = "xor_" + rows[k].name.substr(4);
        for (size_t j = 2; j < nr; ++j)
            if (rows[j].name == twin)
                printf("  %s %.3f|%.3f", twin.substr(0, twin.find(' ')).c_str(), gbs[0][j] / gbs[0][k],
                       gbs[1][j] / gbs[1][k]);
    }
    printf("\n");
    /* the conflicting layout's cost on this memory-bound kernel, for every knob set measured
     * with both (8-way column reads in none, conflict free in xor) */
    printf("# conflicting none / xor (same knobs, GB/s ratio at %s | %s):", size[0].c_str(),
           size[1].c_str());
    for (size_t k = 2; k < nr; ++k) {
        if (rows[k].name.rfind("none_", 0) != 0) continue;
        const std::string twin = "xor_" + rows[k].name.substr(5);
        for (size_t j = 2; j < nr; ++j)
            if (rows[j].name == twin)
                printf("  %s %.3f|%.3f", rows[k].name.substr(0, rows[k].name.find(' ')).c_str(), gbs[0][k] / gbs[0][j],
                       gbs[1][k] / gbs[1][j]);
    }
    printf("\n");
    return tt.finish(o, false);
}

/* After the fp32 table: the every-element-type section (SWZ_BENCH_ELEMS=u8,float: only those
 * elements; SWZ_BENCH_PROBLEMS=8192x8192,...: only those problems), then the fp32 tuning
 * section. */
static int sections(const swz_family *f, const bench_opts &o)
{
    const char *only = getenv("SWZ_BENCH_SECTIONS");
    const int types = bench_transpose_types(o, getenv("SWZ_BENCH_ELEMS"), getenv("SWZ_BENCH_PROBLEMS"));
    const int tuned = only && *only && !strstr(only, "tuning") ? 0 : tuning(f, o);
    return types || tuned;
}

/* SWZ_BENCH_SECTIONS=types[,tuning]: only those sections (no fp32 table); with --ncu the
 * every-element-type section launches each peer and variant once, checked, untimed (for
 * ncu --kernel-name). */
int main(int argc, char **argv)
{
    const char *only = getenv("SWZ_BENCH_SECTIONS");
    if (only && *only && !strstr(only, "table")) {
        const bench_opts o = bench_parse(argc, argv, "bench_transpose", family.bench->title);
        bench_require_gpu();
        return sections(&family, o);
    }
    return bench_family_main(&family, argc, argv, family.bench->title, sections);
}
