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
 * hooks in examples/transpose/registry.cu (the example program's --bench uses the same); the two
 * sections below are this program's own, after the table.
 *
 * Every-element-type section (bench_transpose_types.h): u8, half, float, double and 16-byte
 *   elements at 8192^2, 16384^2, 8191 x 16385 and two batches, beside memcpy and cuBLAS geam,
 *   the shipped xor/pad/tma variants and the element's tuning candidates (CSV
 *   DIR/transpose_types.csv).
 *
 * Tuning section (CSV DIR/transpose_tuning.csv, family transpose_tuning, so that plots and
 *   headlines keep to the shipped variants): the fp32 candidates of examples/transpose/tuning.h
 *   -- the shipped kernel with other knobs (block order, cache hints, block size, region size,
 *   cp.async load) -- beside the shipped xor/pad/none 64 and xor/pad 32, memcpy and
 *   cublasSgeam, each timed in 3 interleaved passes (medians of --reps launches; the figure is
 *   the median of the passes), every candidate checked bit-exact first.  A compact table (one
 *   row per candidate, both sizes side by side, '*' where it meets the target: >= 0.95x memcpy
 *   and faster than cublasSgeam at both sizes), the best of each size, and the xor/pad and
 *   none/xor ratios at equal knobs follow.
 *
 * Usage: bench_transpose [--out DIR] [--quick] [--reps N] [--filter LIST] [--spec R:C]... [--ncu]
 *          -> DIR/transpose.csv, DIR/transpose_types.csv, DIR/transpose_tuning.csv
 *   --filter LIST                    only the swz variants and candidates whose names contain
 *                                    one of these comma-separated parts (memcpy and the peers
 *                                    always run), in every section
 *   --spec R:C                       the fp32 table's and the tuning section's problems
 *   --ncu                            one checked launch of each, no timing (run under ncu
 *                                    --kernel-name)
 *   SWZ_BENCH_ELEMS=u8,half          the every-element-type section for those elements only
 *   SWZ_BENCH_PROBLEMS=8192x8192     ... and those problems only
 *   SWZ_BENCH_SECTIONS=types,tuning  only those sections ('table': the fp32 table too)
 */
#include "transpose.h"
#include "bench_family.h"

/* The family record: examples/transpose/transpose.cu (its bench hooks: cublasSgeam, checks). */
extern const swz_family swz_transpose_family;
static const swz_family &family = swz_transpose_family;
#include "tuning.inc"    /* the tuning candidates: instantiated in this program only */
#include "bench_transpose_types.h" /* the every-element-type section */

/* "swz_transpose_xor_64_float" -> "xor_64"; "swz_transpose_xor_64_float_grp32" -> "xor_64_grp32" */
static std::string short_name(const swz_variant *v) { return bench_family_name(&family, v, -1); }

/* ==================================== tuning ==================================================
 * The fp32 candidates of tuning.h beside the shipped kernels, in interleaved passes: every entry
 * once per pass, in list order, so that a slow drift of the clock or the memory hits all alike.
 * What the knobs were expected to do and what they measured is docs/performance.md ("What was
 * tried", Transpose); why the shipped knobs are the defaults is docs/design.md (Transpose).
 */
struct tuning_entry {
    const swz_variant *v; /* NULL: memcpy or cublasSgeam */
    std::string name;
    std::vector<float> ms[2]; /* per size: one median per pass */
};

#define EX_TUNING_REF(L, T, E, S) &swz_transpose_##L##_##T##_##E##S##_variant,
static const swz_variant *const tuning_candidates[] = {SWZ_TRANSPOSE_TUNING(EX_TUNING_REF)};

static int tuning(const swz_family *f, const bench_opts &o)
{
    const int passes = o.quick ? 1 : 3;
    std::vector<const char *> specs; /* the first two of --spec, else of the family's bench specs */
    for (const std::string &spec : o.specs) specs.push_back(spec.c_str());
    if (specs.empty())
        for (const char *const *spec = o.quick ? f->bench->quick_specs : f->bench->specs; *spec; ++spec)
            specs.push_back(*spec);
    specs.resize(specs.size() < 2 ? specs.size() : 2);
    const int ns = (int)specs.size(); /* the compact table's columns of a missing size stay 0 */
    bench_table tt("transpose_tuning");
    std::vector<tuning_entry> rows;
    std::string size[2];
    double sizes_moved[2] = {0, 0};
    rows.push_back({NULL, "memcpy", {}});
    rows.push_back({NULL, "cublasSgeam", {}});
    for (const char *base : {"swz_transpose_xor_64_float", "swz_transpose_pad_64_float", "swz_transpose_none_64_float",
                             "swz_transpose_xor_32_float", "swz_transpose_pad_32_float"}) {
        const swz_variant *v = swz_variant_find(&swz_transpose_registry, base);
        if (v && bench_matches(o.filter, v->name)) rows.push_back({v, short_name(v) + " (shipped)", {}});
    }
    for (const swz_variant *v : tuning_candidates)
        if (strcmp(v->elem, "float") == 0 && bench_matches(o.filter, v->name)) rows.push_back({v, short_name(v), {}});

    for (int si = 0; si < ns; ++si) {
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
        if (o.ncu) { /* --ncu: the checked launches were the ones */
            r.b->release(r.p);
            continue;
        }
        /* passes: every entry once per pass, in list order, so slow drifts hit all alike */
        for (int pass = 0; pass < passes; ++pass)
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

    if (o.ncu) return tt.failures ? 1 : 0;
    /* figures: median of the passes; ratios to this section's own memcpy and cublasSgeam */
    double gbs[2][64] = {{0}}, rm[2][64] = {{0}}, rp[2][64] = {{0}};
    const size_t nr = rows.size() < 64 ? rows.size() : 64;
    for (int si = 0; si < ns; ++si) {
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
    printf("\n# tuning (fp32; knobs: examples/transpose/tuning.h): median of %d passes x %d launches;\n"
           "# '*' = target met at both sizes (>= 0.95x memcpy and faster than cublasSgeam)\n",
           passes, o.reps);
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
        for (int si = 0; si < ns; ++si)
            if (best[si] < 0 || gbs[si][k] > gbs[si][best[si]]) best[si] = (int)k;
        if (ok && (best_both < 0 || rm[0][k] + rm[1][k] > rm[0][best_both] + rm[1][best_both])) best_both = (int)k;
    }
    for (int si = 0; si < ns; ++si)
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
    const int types = only && *only && !strstr(only, "types")
                          ? 0
                          : bench_transpose_types(o, getenv("SWZ_BENCH_ELEMS"), getenv("SWZ_BENCH_PROBLEMS"));
    const int tuned = only && *only && !strstr(only, "tuning") ? 0 : tuning(f, o);
    return types || tuned;
}

/* SWZ_BENCH_SECTIONS=types[,tuning]: only those sections (no fp32 table); with --ncu every
 * section launches each peer and variant once, checked, untimed (for ncu --kernel-name). */
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
