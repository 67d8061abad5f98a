/* examples/family_main.h -- the one main() of every swz-example-<family> program (host C++).
 *
 * What it is for
 *   Every family's program offers the same modes from this code; the family supplies only its
 *   swz_family record (family.h, SWZ_FAMILY_DEFINE): the registry, run() (one checked problem) and the bench
 *   hooks (its problem set-up, peers and checks), which bench/bench_family.h walks too.
 *
 *   swz-example-F                      every variant on each of the family's check specs,
 *                                      checked against the CPU reference (needs a GPU)
 *   swz-example-F --bench [SPEC ...]   time every variant on each SPEC (default: the family's
 *                                      bench spec) beside the family's peer; then one checked
 *                                      run of each timed variant
 *   swz-example-F --run NAME SPEC      one checked problem of one variant (for ncu)
 *   swz-example-F --runs NAME:SPEC ... several, in one process (tools/ncu-check.py: one ncu
 *                                      run for the whole family)
 *   swz-example-F --predict [SUBSTR]   the bank model of one block of each variant's standard
 *                                      problem, one line per variant (no GPU needed)
 *   swz-example-F --list               the variant names
 *   --filter SUBSTR (anywhere) restricts the default, --bench and --predict to matching names.
 *   Exit status: 0 ok, 1 a wrong result or a CUDA error, 2 bad usage, 77 no GPU (modes that
 *   need one).
 *
 * --predict prints, for every family, one header line starting with '#' and then
 *   family name kernel layout tile elem threads blocks spec
 *   sts_instr sts_wavefronts sts_ideal sts_ways lds_instr lds_wavefronts lds_ideal lds_ways
 * (counts per block; `blocks` blocks of `spec` each issue them), or "NAME model-error CODE".
 *
 * Example (examples/family_example.cu, the program of every family, in full but for its doc)
 *   #include "family_main.h"
 *   extern const swz_family SWZ_FAMILY_RECORD;   // -DSWZ_FAMILY_RECORD=swz_reduce_family
 *   int main(int argc, char **argv) { return ex_family_main(&SWZ_FAMILY_RECORD, argc, argv); }
 * The family defines the record beside its hooks:
 *   SWZ_FAMILY_DEFINE(reduce) = {&swz_reduce_registry, "N", checks, "268435456", "GB/s",
 *                                run_one, &bench_hooks};
 */
#ifndef SWZ_EXAMPLES_FAMILY_MAIN_H
#define SWZ_EXAMPLES_FAMILY_MAIN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "example_util.h" /* ex_need_gpu, ex_take_filter, ex_matches */

/* EX_CUBLAS(call): exit 1 with "file:line: call -> cuBLAS status N" unless call returns
 * CUBLAS_STATUS_SUCCESS (0).  Only the programs that call cuBLAS include <cublas_v2.h>; the
 * macro names none of its types. */
#define EX_CUBLAS(call)                                                                         \
    do {                                                                                        \
        const int s_ = (int)(call);                                                             \
        if (s_ != 0) {                                                                          \
            fprintf(stderr, "%s:%d: %s -> cuBLAS status %d\n", __FILE__, __LINE__, #call, s_);  \
            exit(1);                                                                            \
        }                                                                                       \
    } while (0)

/* The --predict table (see above); 0, or 1 when the model rejects a variant. */
static inline int ex_family_predict(const swz_registry *reg, const char *filter)
{
    int rc = 0;
    printf("# bank model (include/swz/bank.h) of one block of each variant's standard problem\n");
    printf("# family name kernel layout tile elem threads blocks spec sts_instr sts_wavefronts "
           "sts_ideal sts_ways lds_instr lds_wavefronts lds_ideal lds_ways\n");
    for (int i = 0; i < reg->count; ++i) {
        const swz_variant *v = reg->variants[i];
        swz_tile_cost st, ld;
        char spec[SWZ_SPEC_MAX];
        int e, blocks;
        if (!ex_matches(v->name, filter)) continue;
        e = v->predict(&st, &ld);
        blocks = v->problem(spec);
        if (e != SWZ_OK) {
            printf("%s model-error %d (%s)\n", v->name, e, swz_strerror(e));
            rc = 1;
            continue;
        }
        printf("%s %s %s %s %d %s %d %d %s %llu %llu %llu %u %llu %llu %llu %u\n", v->family,
               v->name, v->kernel, v->layout, v->tile, v->elem, v->threads, blocks, spec,
               (unsigned long long)st.instructions, (unsigned long long)st.wavefronts,
               (unsigned long long)st.ideal, st.worst_ways, (unsigned long long)ld.instructions,
               (unsigned long long)ld.wavefronts, (unsigned long long)ld.ideal, ld.worst_ways);
    }
    return rc;
}

/* "NAME:SPEC" -> the variant and SPEC; NULL when NAME is unknown or there is no ':'. */
static inline const swz_variant *ex_family_split(const swz_registry *reg, const char *arg,
                                          const char **spec)
{
    char name[160];
    const char *colon = strchr(arg, ':');
    if (colon == NULL || (size_t)(colon - arg) >= sizeof name) return NULL;
    memcpy(name, arg, (size_t)(colon - arg));
    name[colon - arg] = '\0';
    *spec = colon + 1;
    return swz_variant_find(reg, name);
}

/* Median time of v on `spec` (*ms) and of the family's peer 0 on the same problem (*peer_ms),
 * and v's rate, through the family's bench hooks; 2 when the spec does not parse. */
static inline int ex_family_time(const swz_family *f, const swz_variant *v, const char *spec, double *ms,
                          double *peer_ms, double *rate)
{
    const swz_family_bench *b = f->bench;
    void *p = b->prepare(spec, v);
    if (p == NULL) return 2;
    *peer_ms = ex_time_ms([&] { if (b->peer(p, 0)) exit(1); });
    *ms = ex_time_ms([&] { if (b->launch(p, v, -1)) exit(1); });
    *rate = b->work(p) / (*ms * b->per_ms);
    b->release(p);
    return 0;
}

static inline int ex_family_bench(const swz_family *f, const char *const *specs, int nspecs,
                           const char *filter)
{
    const swz_registry *reg = f->registry;
    int fails = 0;
    for (int s = 0; s < nspecs; ++s) {
        printf("# %s %s: median time, %s, and the ratio to %s on the same problem\n",
               reg->family, specs[s], f->rate_unit, f->bench->peers[0]);
        printf("# %-34s %10s %10s %10s %8s\n", "variant", "ms", f->rate_unit, "peer ms", "x peer");
        for (int i = 0; i < reg->count; ++i) {
            const swz_variant *v = reg->variants[i];
            double ms = 0, peer = 0, rate = 0;
            int e;
            if (!ex_matches(v->name, filter)) continue;
            if ((e = ex_family_time(f, v, specs[s], &ms, &peer, &rate)) != 0) {
                fprintf(stderr, "%s: bad spec %s (%s)\n", v->name, specs[s], f->spec_usage);
                return e;
            }
            printf("  %-34s %10.4f %10.1f %10.4f %8.3f\n", v->name, ms, rate, peer,
                   peer > 0 ? peer / ms : 0.0);
        }
    }
    for (int i = 0; i < reg->count; ++i) /* what was timed computes the right result */
        if (ex_matches(reg->variants[i]->name, filter))
            fails += f->run(reg->variants[i], f->check_specs[0], 1) != 0;
    printf("%s\n", fails ? "FAILED" : "all timed variants checked: ok");
    return fails ? 1 : 0;
}

static inline int ex_family_usage(const swz_family *f)
{
    fprintf(stderr, "usage: swz-example-%s [--filter S] [--bench [SPEC...]] | --run NAME SPEC | "
                    "--runs NAME:SPEC... | --predict [S] | --list\n  SPEC = %s\n",
            f->registry->family, f->spec_usage);
    return 2;
}

static inline int ex_family_main(const swz_family *f, int argc, char **argv)
{
    const swz_registry *reg = f->registry;
    const char *filter = ex_take_filter(&argc, argv);
    const char *mode = argc >= 2 ? argv[1] : "";
    int fails = 0, runs = 0;
    if (strcmp(mode, "--list") == 0) {
        for (int i = 0; i < reg->count; ++i) puts(reg->variants[i]->name);
        return 0;
    }
    if (strcmp(mode, "--predict") == 0) return ex_family_predict(reg, argc >= 3 ? argv[2] : filter);
    if (strcmp(mode, "--run") == 0 || strcmp(mode, "--runs") == 0) {
        const int single = strcmp(mode, "--run") == 0;
        if (single ? argc != 4 : argc < 3) return ex_family_usage(f);
        for (int i = 2; i < argc; i += single ? 2 : 1) { /* all names first: bad usage is 2 */
            const char *spec;
            const swz_variant *v = single ? swz_variant_find(reg, argv[2])
                                          : ex_family_split(reg, argv[i], &spec);
            if (v == NULL) {
                fprintf(stderr, "unknown variant in %s (--list shows them)\n", argv[i]);
                return 2;
            }
        }
        ex_need_gpu();
        for (int i = 2; i < argc; i += single ? 2 : 1) {
            const char *spec = single ? argv[3] : NULL;
            const swz_variant *v = single ? swz_variant_find(reg, argv[2])
                                          : ex_family_split(reg, argv[i], &spec);
            const int e = f->run(v, spec, 0);
            if (e == 2) {
                fprintf(stderr, "bad spec %s (%s)\n", spec, f->spec_usage);
                return 2;
            }
            fails |= e;
        }
        return fails;
    }
    if (strcmp(mode, "--bench") == 0) {
        ex_need_gpu();
        if (argc >= 3) return ex_family_bench(f, (const char *const *)argv + 2, argc - 2, filter);
        return ex_family_bench(f, &f->bench_spec, 1, filter);
    }
    if (argc != 1) return ex_family_usage(f);
    ex_need_gpu();
    for (int i = 0; i < reg->count; ++i) {
        const swz_variant *v = reg->variants[i];
        if (!ex_matches(v->name, filter)) continue;
        for (const char *const *s = f->check_specs; *s != NULL; ++s, ++runs) {
            const int e = f->run(v, *s, 1);
            if (e) printf("%-34s %s FAILED\n", v->name, *s);
            fails += e != 0;
        }
    }
    printf("%d checked runs: %s\n", runs, fails ? "FAILED" : "all variants correct");
    return fails ? 1 : 0;
}

#endif /* SWZ_EXAMPLES_FAMILY_MAIN_H */
