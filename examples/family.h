/* examples/family.h -- the one record format of every kernel family (transpose, reduce, gemm):
 * a variant record, a registry of them, and a family record with the hooks the shared example
 * driver (family_main.h) calls.  Plain C (C99/C11/C++); nothing here launches anything.
 *
 * What it is for
 *   A family is one template header instantiated many times.  Each instantiation defines one
 *   swz_variant: its names, its parameters, and predict(), the bank model (include/swz/bank.h
 *   through swz_tile_cost) of the shared-memory instructions ONE block issues when the variant
 *   runs its family's standard problem -- problem() writes its run spec and returns its
 *   number of blocks, which all issue that same set.  The family's typed launchers hang off
 *   `ops` (e.g. swz_transpose_ops).  tests/gpu, bench/, the example programs and
 *   tools/ncu-check.py walk these records: ncu-check runs the standard problem of every
 *   variant under ncu and compares the measured shared instructions and wavefronts with
 *   blocks x predict(); a variant whose predicted ways are > 1 must show its conflict --
 *   nothing else says which variants conflict.
 *
 * Example
 *   #include "transpose.h"      // a family header: declares swz_transpose_registry
 *   const swz_variant *v = swz_variant_find(&swz_transpose_registry, "swz_transpose_xor_64_float");
 *   swz_tile_cost sts, lds;
 *   char spec[SWZ_SPEC_MAX];
 *   if (v && v->predict(&sts, &lds) == SWZ_OK) {
 *       int blocks = v->problem(spec);
 *       printf("%s: %d blocks of %s, %llu shared loads per block\n", v->name, blocks, spec,
 *              (unsigned long long)lds.instructions);
 *   }
 *
 * Run specs are text, the family's problem parameters joined by ':' (transpose
 * "ROWS:COLS[:BATCH]", reduce "N", gemm "M:N:K[:RASTER]"); the family's run() parses them.
 */
#ifndef SWZ_EXAMPLES_FAMILY_H
#define SWZ_EXAMPLES_FAMILY_H

#include <stddef.h>
#include <string.h>
#include <swz/tile.h> /* swz_tile_cost */

#ifdef __cplusplus
extern "C" {
#endif

#define SWZ_SPEC_MAX 64

/* One generated variant. */
typedef struct swz_variant {
    const char *family; /* "transpose", "reduce", "gemm" */
    const char *name;   /* e.g. swz_transpose_xor_64_float: its launcher's name */
    const char *kernel; /* prefix of every __global__ function it launches (ncu --kernel-name) */
    const char *layout; /* LAYOUT or VARIANT, lower case: xor, pad, none, fast, ... */
    const char *elem;   /* ELEM_NAME: float, double, half, u8, v16, i32 */
    int tile;           /* TILE */
    int elem_size;      /* bytes of one element */
    int threads;        /* threads per block */
    const char *knobs;  /* the other parameters, "key=value ..." ("" when there are none) */
    /* Bank model of one block of the standard problem: its shared stores (*sts) and shared
     * loads (*lds).  SWZ_OK or the model's error. */
    int (*predict)(swz_tile_cost *sts, swz_tile_cost *lds);
    /* The standard problem: writes its run spec (< SWZ_SPEC_MAX bytes) to spec and returns
     * the number of its blocks, every one a full block issuing predict()'s instructions. */
    int (*problem)(char *spec);
    const void *ops; /* the family's typed record: launchers and facts (family header) */
} swz_variant;

/* The initializer of a swz_variant, in the struct's order (the templates define their records
 * with it, so the order of the fields is written once):
 *   const swz_variant NAME_variant = SWZ_VARIANT_INIT("transpose", "swz_transpose_xor_64_float",
 *       "swz_transpose_xor_64_float_kernel", "xor", "float", 64, 4, 256, "", &predict, &problem, &ops); */
#define SWZ_VARIANT_INIT(FAMILY, NAME, KERNEL, LAYOUT, ELEM, TILE, ELEM_SIZE, THREADS, KNOBS,       \
                         PREDICT, PROBLEM, OPS)                                                    \
    {(FAMILY), (NAME), (KERNEL), (LAYOUT), (ELEM), (TILE), (ELEM_SIZE), (THREADS), (KNOBS),        \
     (PREDICT), (PROBLEM), (OPS)}

/* Every variant of a family, in a fixed order. */
typedef struct swz_registry {
    const char *family;
    const swz_variant *const *variants; /* count entries, then NULL */
    int count;
} swz_registry;

/* The variant of `reg` called `name`, or NULL. */
static inline const swz_variant *swz_variant_find(const swz_registry *reg, const char *name)
{
    int i;
    for (i = 0; i < reg->count; ++i)
        if (strcmp(reg->variants[i]->name, name) == 0) return reg->variants[i];
    return NULL;
}

/* Defines `const swz_registry NAME` over the NULL-terminated array ARRAY (at file scope). */
#define SWZ_REGISTRY_DEFINE(NAME, FAMILY, ARRAY)                                                \
    const swz_registry NAME = {(FAMILY), (ARRAY), (int)(sizeof(ARRAY) / sizeof((ARRAY)[0])) - 1}

/* What a family's benchmark (bench/bench_family.h) and the example driver's --bench share: the
 * family's own problem set-up, peers, work count and result checks; everything else (timing,
 * the memcpy ceiling, the order of checks and timings, the table and CSV) is the drivers'.
 * `p` is the opaque problem prepare() returns.  Launch hooks enqueue on stream 0 and return 0,
 * or 1 on a CUDA error; check hooks return 0 when the output is right, 1 (after printing why)
 * when it is not. */
typedef struct swz_family_bench {
    const char *title;              /* the bench table's heading, e.g. "swz SGEMM vs cuBLAS" */
    const char *const *specs;       /* bench_<family>'s problems (NULL-terminated) */
    const char *const *quick_specs; /* the same with --quick */
    const char *elem;               /* bench_<family> times the variants of this ELEM_NAME */
    int strip_elem;                 /* 1: CSV names drop "_<elem>" as well as "swz_<family>_" */
    const char *const *modes;       /* NULL, or each variant's launch modes' CSV suffixes */
    const char *const *peers;       /* peer row names (NULL-terminated); [0] is THE peer */
    const char *peer_label;         /* the table's name for what ratio_peer is relative to */
    double per_ms;                  /* rate = work() / (ms * per_ms): 1e6 GB/s, 1e9 TFLOP/s */
    /* Inputs of `spec` for variants like `v` (their element type), filled; NULL: bad spec. */
    void *(*prepare)(const char *spec, const swz_variant *v);
    void (*release)(void *p);
    void (*size)(void *p, char *cell);  /* the CSV size cell (< SWZ_SPEC_MAX bytes) */
    double (*work)(void *p);            /* bytes moved (read + written) or flops */
    size_t (*copy_bytes)(void *p);      /* the memcpy ceiling copies this many, moving twice as many */
    /* The buffer peer `who` (>= 0) or the variants (-1) write, and its bytes: poisoned first. */
    void *(*output)(void *p, int who, size_t *bytes);
    int (*peer)(void *p, int k);
    int (*peer_check)(void *p, int k);
    /* mode: an index into modes, or -1 for what the spec says */
    int (*launch)(void *p, const swz_variant *v, int mode);
    /* May compare with peer 0's output: the drivers run and check the peers first. */
    int (*check)(void *p, const swz_variant *v, int mode);
} swz_family_bench;

/* A family as the example driver (family_main.h) sees it.  run() returns 0 on success, 1 on a
 * wrong result or CUDA error, 2 when `spec` does not parse. */
typedef struct swz_family {
    const swz_registry *registry;
    const char *spec_usage;         /* e.g. "ROWS:COLS[:BATCH]" */
    const char *const *check_specs; /* default mode: every variant on each (NULL-terminated) */
    const char *bench_spec;         /* --bench without a spec */
    const char *rate_unit;          /* unit of the rate, e.g. "GB/s" */
    /* One problem: fill the inputs, poison the output, launch once, compare with the CPU
     * reference; quiet: print only a failure. */
    int (*run)(const swz_variant *v, const char *spec, int quiet);
    const swz_family_bench *bench;  /* --bench and bench/bench_<family> */
    /* The launcher's pointer arguments, named in the order call() takes them (NULL-terminated),
     * and call(): v's launcher on a small problem (64 x 64, or 2^18 elements) with pointers
     * p[0..) and every other argument valid; it returns the launcher's cudaError_t as an int.
     * The registry test calls it with each pointer NULL in turn (the launcher must return
     * cudaErrorInvalidValue before any CUDA call) and, on a GPU, with buffers of
     * SWZ_FAMILY_CALL_BYTES each (it must succeed). */
    const char *const *pointers;
    int (*call)(const swz_variant *v, void *const *p);
} swz_family;

#define SWZ_FAMILY_CALL_BYTES (8u << 20)

/* SWZ_FAMILY_DEFINE(F) = { ... };  defines the family record `swz_F_family`, with external
 * linkage in C and C++ (a namespace-scope const is internal in C++ unless declared extern).
 * The generic programs built for every family of examples/meson.build's list -- the example
 * program (family_example.cu), bench/bench_<F> (bench/bench_main.cu) and the registry test --
 * reach the family through this one name. */
#define SWZ_FAMILY_DEFINE(F)                                                                    \
    extern const swz_family swz_##F##_family;                                                   \
    const swz_family swz_##F##_family

#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_FAMILY_H */
