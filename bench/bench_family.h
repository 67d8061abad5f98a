/* bench/bench_family.h -- the one benchmark driver of every kernel family (bench_transpose,
 * bench_reduce, bench_gemm, and every family to come).
 *
 * What it is for
 *   A family's benchmark is its example program's hooks (examples/family.h: swz_family and its
 *   swz_family_bench -- the problem set-up, the peers such as cublasSgeam, CUB or cuBLAS, the
 *   work count and the result checks, owned once by examples/<family>/registry.cu) and this.
 *   For each of the family's bench specs (--quick: its quick specs; --spec SPEC: those) it
 *     1. prepares the problem (inputs filled; the family's elem type),
 *     2. times cudaMemcpy device-to-device of copy_bytes() -- it moves 2 x copy_bytes(), the
 *        bytes the problem must move -- the ceiling (ratio_memcpy),
 *     3. runs each peer once on its poisoned output and checks it, then times it; peer 0 is THE
 *        peer (ratio_peer),
 *     4. for every variant of the family's elem (and every launch mode, e.g. gemm's block
 *        orders; --filter LIST: those whose names contain a part of LIST): poisons the output,
 *        launches once, checks the result, then times it,
 *   and writes the rows to DIR/<family>.csv (bench_util.h: one column set).  Times are medians
 *   of --reps (20) CUDA-event-timed launches after warm-up (bench_time_ms).  A wrong result ->
 *   exit 1; a timing never fails.  --ncu: steps 3 and 4 without the timing (one checked launch
 *   each, for ncu --kernel-name).  `extra` (may be NULL) runs after the table: a section of the
 *   program's own (bench_transpose's) with the same hooks.  bench_family_tuning is the table of
 *   a family's tuning candidates (bench_hgemm, bench_wgemm), and with --check their GPU test.
 *
 * Example (bench/bench_main.cu, the bench of every family without a bench_<family>.cu of its
 * own, in full but for its doc block; built with -DSWZ_FAMILY_RECORD=swz_<family>_family)
 *   #include "bench_family.h"
 *   extern const swz_family SWZ_FAMILY_RECORD;
 *   int main(int argc, char **argv)
 *   {
 *       return bench_family_main(&SWZ_FAMILY_RECORD, argc, argv,
 *                                SWZ_FAMILY_RECORD.bench->title, NULL);
 *   }
 *
 * Rows: memcpy (GB/s = 2 x copy_bytes / time; ratio_peer t_peer / t_memcpy when the family's
 * rate is GB/s too, else empty), each peer and each variant (rate = work / (ms x per_ms),
 * ratio_memcpy = t_memcpy / t, ratio_peer = t_peer / t).  Variant names drop "swz_<family>_"
 * (and "_<elem>" when the family says so) and add the mode's suffix.
 */
#ifndef SWZ_BENCH_FAMILY_H
#define SWZ_BENCH_FAMILY_H

#include "bench_util.h"
#include "../examples/family.h"

/* One prepared problem of a family's bench: its hooks, its opaque problem, its CSV size cell. */
struct bench_problem_ref {
    const swz_family_bench *b;
    void *p;
    char size[SWZ_SPEC_MAX];
};

/* The CSV name of v in launch mode `mode` (-1: none). */
static inline std::string bench_family_name(const swz_family *f, const swz_variant *v, int mode)
{
    const swz_family_bench *b = f->bench;
    std::string name = v->name, prefix = std::string("swz_") + f->registry->family + "_";
    if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
    if (b->strip_elem) {
        const std::string elem = std::string("_") + b->elem;
        const size_t at = name.find(elem);
        if (at != std::string::npos) name.erase(at, elem.size());
    }
    if (mode >= 0 && b->modes) name += b->modes[mode];
    return name;
}

/* The first variant of the family's bench elem (the problem's element type); exits if none. */
static inline const swz_variant *bench_family_model(const swz_family *f)
{
    for (int i = 0; i < f->registry->count; ++i)
        if (strcmp(f->registry->variants[i]->elem, f->bench->elem) == 0) return f->registry->variants[i];
    fprintf(stderr, "bench_%s: no variant of element %s\n", f->registry->family, f->bench->elem);
    exit(1);
}

/* Prepare `spec` (exit 2 on a bad spec: the family's list is wrong). */
static inline bench_problem_ref bench_family_prepare(const swz_family *f, const char *spec)
{
    bench_problem_ref r;
    r.b = f->bench;
    r.p = r.b->prepare(spec, bench_family_model(f));
    if (r.p == NULL) {
        fprintf(stderr, "bench_%s: bad bench spec %s (%s)\n", f->registry->family, spec, f->spec_usage);
        exit(2);
    }
    r.b->size(r.p, r.size);
    return r;
}

/* Median time of the memcpy ceiling of the problem (it allocates its own two buffers). */
static inline float bench_family_memcpy_ms(const bench_opts &o, const bench_problem_ref &r)
{
    const size_t bytes = r.b->copy_bytes(r.p);
    void *src, *dst;
    CUDA_CHECK(cudaMalloc(&src, bytes ? bytes : 1));
    CUDA_CHECK(cudaMalloc(&dst, bytes ? bytes : 1));
    CUDA_CHECK(cudaMemset(src, 0x5A, bytes));
    const float ms = bench_memcpy_ms(o, dst, src, bytes);
    CUDA_CHECK(cudaFree(src));
    CUDA_CHECK(cudaFree(dst));
    return ms;
}

/* Poison the output of `who` (peer k >= 0, or -1: the variants). */
static inline void bench_family_poison(const bench_problem_ref &r, int who)
{
    size_t bytes = 0;
    void *out = r.b->output(r.p, who, &bytes);
    gpu_poison(out, bytes);
}

/* Peer k, checked once on its poisoned output (a failure goes to t); then its median time (o.ncu:
 * none, 1). */
static inline float bench_family_peer(const bench_opts &o, const bench_problem_ref &r, int k,
                                      bench_table &t)
{
    bench_family_poison(r, k);
    if (r.b->peer(r.p, k)) exit(1);
    CUDA_CHECK_LAUNCH();
    if (r.b->peer_check(r.p, k)) t.fail("%s %s: wrong result", r.b->peers[k], r.size);
    return o.ncu ? 1.0f : bench_time_ms(o, [&] { if (r.b->peer(r.p, k)) exit(1); });
}

/* Variant v in `mode`, checked once on its poisoned output (a failure goes to t); then its
 * median time (o.ncu: none, 1). */
static inline float bench_family_variant(const bench_opts &o, const bench_problem_ref &r,
                                         const swz_variant *v, int mode, bench_table &t)
{
    bench_family_poison(r, -1);
    if (r.b->launch(r.p, v, mode)) exit(1);
    CUDA_CHECK_LAUNCH();
    if (r.b->check(r.p, v, mode)) t.fail("%s %s: wrong result", v->name, r.size);
    return o.ncu ? 1.0f : bench_time_ms(o, [&] { if (r.b->launch(r.p, v, mode)) exit(1); });
}

static inline int bench_family_modes(const swz_family_bench *b)
{
    int n = 0;
    if (b->modes == NULL) return 1;
    while (b->modes[n]) ++n;
    return n;
}

/* The family's table (DIR/<table>.csv; `table` NULL: the registry's family name): for each
 * problem (o.specs, else the family's bench specs) the memcpy ceiling, each peer and every
 * variant of the bench elem whose name matches o.filter, each checked before it is timed.  With
 * o.ncu: every peer and variant launched once, checked, nothing timed or written (for ncu
 * --kernel-name).  0, or 1 when a result was wrong. */
static inline int bench_family_table(const swz_family *f, const bench_opts &o, const char *table)
{
    const swz_family_bench *b = f->bench;
    bench_table t(table ? table : f->registry->family);
    const bool gbs = strcmp(f->rate_unit, "GB/s") == 0;
    const int modes = bench_family_modes(b);
    std::vector<const char *> specs;
    for (const std::string &spec : o.specs) specs.push_back(spec.c_str());
    if (specs.empty())
        for (const char *const *spec = o.quick ? b->quick_specs : b->specs; *spec; ++spec) specs.push_back(*spec);
    if (o.ncu) printf("\n# %s: one checked launch of each peer and variant (--ncu), nothing timed\n", t.family.c_str());
    else
        printf("\n# %s -- peer: %s; ceiling: cudaMemcpy D2D moving the same bytes; %s; median of %d launches\n",
               t.family.c_str(), b->peers[0], f->rate_unit, o.reps);
    for (const char *spec : specs) {
        bench_problem_ref r = bench_family_prepare(f, spec);
        const double work = b->work(r.p);
        const float t_memcpy = o.ncu ? 1.0f : bench_family_memcpy_ms(o, r);
        float t_peer = 0.0f;
        for (int k = 0; b->peers[k]; ++k) {
            const float ms = bench_family_peer(o, r, k, t);
            if (o.ncu) continue;
            if (k == 0) {
                t_peer = ms;
                t.add("memcpy", r.size, "GB/s", 2.0 * (double)b->copy_bytes(r.p) / (t_memcpy * 1e6), 1.0,
                      gbs ? t_peer / t_memcpy : -1, gbs ? b->peer_label : "");
            }
            t.add(b->peers[k], r.size, f->rate_unit, work / (ms * b->per_ms), t_memcpy / ms, t_peer / ms,
                  b->peer_label);
        }
        for (int i = 0; i < f->registry->count; ++i) {
            const swz_variant *v = f->registry->variants[i];
            if (strcmp(v->elem, b->elem) != 0 || !bench_matches(o.filter, v->name)) continue;
            for (int m = 0; m < modes; ++m) {
                const int mode = b->modes ? m : -1;
                const float ms = bench_family_variant(o, r, v, mode, t);
                if (o.ncu) continue;
                t.add(bench_family_name(f, v, mode), r.size, f->rate_unit, work / (ms * b->per_ms),
                      t_memcpy / ms, t_peer / ms, b->peer_label);
            }
        }
        b->release(r.p);
    }
    if (o.ncu) return t.failures ? 1 : 0;
    return t.finish(o);
}

typedef int (*bench_family_extra)(const swz_family *f, const bench_opts &o);

/* The bench program of a family: its table, then `extra` (may be NULL: a section of the
 * program's own, e.g. bench_transpose's every-element-type and tuning sections). */
static inline int bench_family_main(const swz_family *f, int argc, char **argv, const char *what,
                                    bench_family_extra extra)
{
    const std::string prog = std::string("bench_") + f->registry->family;
    const bench_opts o = bench_parse(argc, argv, prog.c_str(), what);
    if (o.check) { /* bench_family_tuning_main's */
        fprintf(stderr, "%s: --check: this family has no bench-only tuning library\n", prog.c_str());
        return 2;
    }
    bench_require_gpu();
    const int rc = bench_family_table(f, o, NULL);
    const int rc_extra = extra ? extra(f, o) : 0;
    return rc || rc_extra;
}

/* ---- tuning candidates ---------------------------------------------------------------------
 * A family's tuning candidates (examples/<family>/tuning.h: the template with other knobs, in a
 * bench-only library, not in the family's registry) beside `base`, the shipped variants they
 * vary: both NULL-terminated.  bench_family_tuning times them in a table of their own,
 * DIR/<family>_tuning.csv (plots and headlines keep to the shipped variants' tables), on the
 * same hooks, problems and options as the family's table; with o.check it instead runs every
 * candidate on each of the family's check specs (o.quick: the first two) through its run() hook,
 * against the CPU reference -- the candidates' GPU test.  0, or 1 when a result was wrong. */
static inline int bench_family_tuning(const swz_family *f, const bench_opts &o, const swz_variant *const *base,
                                      const swz_variant *const *cands)
{
    if (o.check) {
        int runs = 0, fails = 0;
        for (const swz_variant *const *v = cands; *v; ++v) {
            if (!bench_matches(o.filter, (*v)->name)) continue;
            for (int s = 0; f->check_specs[s] && (!o.quick || s < 2); ++s, ++runs) {
                const int e = f->run(*v, f->check_specs[s], 1);
                if (e) printf("%-34s %s FAILED\n", (*v)->name, f->check_specs[s]);
                fails += e != 0;
            }
        }
        printf("%s tuning candidates: %d checked runs: %s\n", f->registry->family, runs,
               fails ? "FAILED" : "all correct");
        return fails ? 1 : 0;
    }
    std::vector<const swz_variant *> all;
    for (const swz_variant *const *v = base; *v; ++v) all.push_back(*v);
    for (const swz_variant *const *v = cands; *v; ++v) all.push_back(*v);
    all.push_back(NULL);
    swz_registry r = *f->registry;
    r.variants = all.data();
    r.count = (int)all.size() - 1;
    swz_family ft = *f;
    ft.registry = &r;
    const std::string table = std::string(f->registry->family) + "_tuning";
    return bench_family_table(&ft, o, table.c_str());
}
/* The bench program of a family with tuning candidates (bench_hgemm, bench_wgemm): with --check
 * their GPU test only; else the family's table, then `extra` (may be NULL), then the candidates'
 * table. */
static inline int bench_family_tuning_main(const swz_family *f, int argc, char **argv, const swz_variant *const *base,
                                           const swz_variant *const *cands, bench_family_extra extra)
{
    const std::string prog = std::string("bench_") + f->registry->family;
    const bench_opts o = bench_parse(argc, argv, prog.c_str(), f->bench->title);
    bench_require_gpu();
    if (o.check) return bench_family_tuning(f, o, base, cands);
    const int rc = bench_family_table(f, o, NULL);
    const int rc_extra = extra ? extra(f, o) : 0;
    const int rc_tuning = bench_family_tuning(f, o, base, cands);
    return rc || rc_extra || rc_tuning;
}

#endif /* SWZ_BENCH_FAMILY_H */
