/* tests/gpu/family_test.h -- the one test driver of every kernel family's GPU test program
 * (test_transpose, test_reduce, test_gemm; the emulated builds of them too).
 *
 * What it is for
 *   "Every variant on every case against the CPU reference, output poisoned first" is one loop,
 *   here: for each variant of the family's registry that the family selects, each of its cases
 *   is run by the family's run() hook (fill, poison the output, launch, compare with the CPU
 *   reference), and the driver reports one line per variant and a total.  What is the family's
 *   own -- argument checks, a 2^31-element case, a host-only model check -- is a short list of
 *   extra modes, each a function, dispatched by the same main.
 *
 *   PROGRAM WALK [OPTION...]   the walk (WALK is the family's walk mode: "all", "gpu"); the
 *                              options go to the family's setup() first
 *   PROGRAM EXTRA [OPTION...]  one of the family's extra modes
 *   Exit status: 0 ok, 1 a failure, 2 bad usage, 77 no GPU (modes that need one).
 *
 * Example
 *   static int failures = 0;             // EXPECT (gpu_util.h) counts here; declared first
 *   #include "family_test.h"
 *   static int setup(int argc, char **argv) { return argc == 0 ? 0 : 2; }
 *   static int cases(const swz_variant *v) { (void)v; return 3; }
 *   static long long run(const swz_variant *v, int i) { return check_one(v, i); } // wrong count
 *   static int args(int argc, char **argv) { ...; return failures ? 1 : 0; }
 *   static const family_test t = {&swz_reduce_registry, "all", "[--quick]", setup, NULL, cases, run};
 *   static const family_extra extras[] = {{"args", "", args, 1}, {NULL, NULL, NULL, 0}};
 *   int main(int argc, char **argv) { return family_test_main(&t, extras, argc, argv); }
 *
 * A case counts as failed when run() returns non-zero or an EXPECT inside it failed.
 */
#ifndef SWZ_TEST_FAMILY_TEST_H
#define SWZ_TEST_FAMILY_TEST_H

#include <stdio.h>
#include <string.h>

#include "gpu_util.h" /* gpu_require_device, EXPECT */
#include "../../examples/family.h"

typedef struct family_test {
    const swz_registry *registry;
    const char *walk;       /* the walk's mode name */
    const char *walk_usage; /* its options, for the usage line */
    /* The options after the mode: 0, or 2 when they are wrong. */
    int (*setup)(int argc, char **argv);
    /* 1 when the walk runs v (NULL: every variant). */
    int (*select)(const swz_variant *v);
    int (*cases)(const swz_variant *v);
    /* Case i of v: the number of wrong results (it prints what is wrong). */
    long long (*run)(const swz_variant *v, int i);
} family_test;

typedef struct family_extra {
    const char *mode;
    const char *usage;                  /* its options */
    int (*fn)(int argc, char **argv);   /* the options after the mode; 0, 1 failed, 2 usage */
    int needs_gpu;
} family_extra;

/* The walk: every selected variant on each of its cases; 0 when all are right. */
static inline int family_walk(const family_test *t)
{
    int variants = 0, cases = 0, failed = 0;
    for (int i = 0; i < t->registry->count; ++i) {
        const swz_variant *v = t->registry->variants[i];
        const int n = t->select && !t->select(v) ? -1 : t->cases(v);
        int bad = 0;
        if (n < 0) continue;
        for (int c = 0; c < n; ++c) {
            const int before = failures;
            bad += t->run(v, c) != 0 || failures != before;
        }
        ++variants;
        cases += n;
        failed += bad != 0;
        printf("%-34s %3d cases %s\n", v->name, n, bad ? "FAILED" : "ok");
    }
    printf("%d variants, %d cases, %d variants failed\n", variants, cases, failed);
    if (variants == 0) printf("FAIL: the walk ran no variant\n");
    return failed || variants == 0 || failures ? 1 : 0;
}

static inline int family_test_usage(const family_test *t, const family_extra *extras, const char *prog)
{
    fprintf(stderr, "usage: %s %s %s", prog, t->walk, t->walk_usage);
    for (const family_extra *e = extras; e && e->mode; ++e) fprintf(stderr, " | %s%s%s", e->mode, *e->usage ? " " : "", e->usage);
    fprintf(stderr, "\n");
    return 2;
}

static inline int family_test_main(const family_test *t, const family_extra *extras, int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : t->walk;
    const int rest = argc > 2 ? argc - 2 : 0;
    char **opts = argv + 2;
    if (strcmp(mode, t->walk) == 0) {
        if (t->setup && t->setup(rest, opts) != 0) return family_test_usage(t, extras, argv[0]);
        gpu_require_device();
        return family_walk(t);
    }
    for (const family_extra *e = extras; e && e->mode; ++e)
        if (strcmp(mode, e->mode) == 0) {
            if (e->needs_gpu) gpu_require_device();
            const int rc = e->fn(rest, opts);
            return rc == 2 ? family_test_usage(t, extras, argv[0]) : rc;
        }
    return family_test_usage(t, extras, argv[0]);
}

#endif /* SWZ_TEST_FAMILY_TEST_H */
