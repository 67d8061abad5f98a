/* tests/gpu/test_families.cu -- every variant of every kernel family through the one record
 * format (examples/family.h), with one code path; host only, no GPU needed.
 *
 * For the registry of every family in examples/meson.build's list (swz_families.h, generated
 * there: SWZ_FAMILY_LIST) and each variant it asserts what tools/ncu-check.py,
 * bench/ and the example driver rely on:
 *   the record    family and name agree with the registry ("swz_<family>_..."), names are
 *                 unique, the kernel-name prefix starts with the name (ncu's --kernel-name
 *                 regex selects exactly this variant's kernels), ops is set, the element size
 *                 is 1-16 bytes, threads a multiple of 32;
 *   the problem   problem() writes a spec shorter than SWZ_SPEC_MAX, and at least one block;
 *                 the same answer every call;
 *   the model     predict() succeeds; for loads and stores: ideal <= wavefronts, a side with
 *                 no instruction has no wavefronts, and the worst ways exceed 1 exactly when
 *                 the wavefronts exceed the ideal (a phase costs its ways; the ideal is one
 *                 per phase) -- so "ways > 1" is a sound way to say which variants conflict;
 *   the pointers  every variant's launcher, called through its family record's call() with each
 *                 of its pointers NULL in turn (swz_family.pointers names them: transpose in,
 *                 out; reduce in, out, workspace; gemm, hgemm, wgemm A, B, C; attn q, k, v, o,
 *                 lse) and the other arguments valid, returns
 *                 cudaErrorInvalidValue -- checked before any launch or other CUDA call, so it
 *                 needs no GPU.  The arguments are chosen so that a launcher that skipped the
 *                 check would reach a CUDA call first and return another error here (wgemm's
 *                 leading dimensions are not whole 16-byte units: it would allocate a padded
 *                 copy); on a GPU of compute capability 9.0 the same calls with every pointer
 *                 set (device buffers) must succeed, so the NULL is the only thing wrong.
 */
#include <stdio.h>
#include <string.h>

#include "family.h"
#include "swz_families.h" /* SWZ_FAMILY_LIST: X(transpose) X(reduce) ... */
#include "gpu_util.h"     /* EXPECT */

#define X(F) extern const swz_family swz_##F##_family;
SWZ_FAMILY_LIST
#undef X

static int failures = 0; /* EXPECT (gpu_util.h) counts here */

static void check_cost(const swz_variant *v, const char *side, const swz_tile_cost *c)
{
    EXPECT(c->status == SWZ_OK, "%s %s: status %d", v->name, side, c->status);
    EXPECT(c->ideal <= c->wavefronts, "%s %s: ideal %llu > wavefronts %llu", v->name, side,
           (unsigned long long)c->ideal, (unsigned long long)c->wavefronts);
    EXPECT(c->instructions > 0 || c->wavefronts == 0, "%s %s: wavefronts without instructions",
           v->name, side);
    EXPECT((c->worst_ways > 1) == (c->wavefronts > c->ideal), "%s %s: ways %u but %llu of ideal %llu",
           v->name, side, c->worst_ways, (unsigned long long)c->wavefronts, (unsigned long long)c->ideal);
}

static int check_registry(const swz_registry *reg, const char *family)
{
    char prefix[32];
    int shared = 0;
    snprintf(prefix, sizeof prefix, "swz_%s_", family);
    EXPECT(strcmp(reg->family, family) == 0, "registry %s: family %s", family, reg->family);
    EXPECT(reg->count > 0 && reg->variants[reg->count] == NULL, "%s: %d variants, not NULL-terminated",
           family, reg->count);
    for (int i = 0; i < reg->count; ++i) {
        const swz_variant *v = reg->variants[i];
        char spec[SWZ_SPEC_MAX], again[SWZ_SPEC_MAX];
        swz_tile_cost st, ld;
        int blocks;
        EXPECT(strcmp(v->family, family) == 0, "%s: family %s", v->name, v->family);
        EXPECT(strncmp(v->name, prefix, strlen(prefix)) == 0, "%s: not named %s...", v->name, prefix);
        EXPECT(strncmp(v->kernel, v->name, strlen(v->name)) == 0, "%s: kernel prefix %s", v->name, v->kernel);
        EXPECT(swz_variant_find(reg, v->name) == v, "%s: not found by name (or not unique)", v->name);
        EXPECT(v->ops != NULL && v->predict != NULL && v->problem != NULL, "%s: missing hooks", v->name);
        EXPECT(v->tile > 0 && v->threads > 0 && v->threads % 32 == 0, "%s: tile %d threads %d", v->name,
               v->tile, v->threads);
        EXPECT(v->elem_size >= 1 && v->elem_size <= 16 && (v->elem_size & (v->elem_size - 1)) == 0,
               "%s: element of %d bytes", v->name, v->elem_size);
        memset(spec, 0, sizeof spec);
        blocks = v->problem(spec);
        EXPECT(blocks > 0 && spec[0] != '\0' && memchr(spec, '\0', sizeof spec) != NULL,
               "%s: problem %s of %d blocks", v->name, spec, blocks);
        EXPECT(v->problem(again) == blocks && strcmp(again, spec) == 0, "%s: problem not stable", v->name);
        EXPECT(strchr(spec, ' ') == NULL, "%s: spec '%s' has a space (--predict is whitespace-separated)",
               v->name, spec);
        if (v->predict(&st, &ld) != SWZ_OK) {
            EXPECT(0, "%s: predict failed", v->name);
            continue;
        }
        check_cost(v, "stores", &st);
        check_cost(v, "loads", &ld);
        shared += st.instructions + ld.instructions > 0;
    }
    /* A family may issue no LSU shared instruction at all: wgemm's tiles are written by TMA
     * and read by wgmma (the async proxy, which neither bank.h nor ncu's shared ld/st counters
     * cover) and its epilogue stores from registers, so its model is empty by construction. */
    if (shared == 0) printf("%-9s no variant issues LSU shared loads or stores\n", family);
    printf("%-9s %3d variants (%d with shared memory): %s\n", family, reg->count, shared,
           failures ? "FAILED" : "ok");
    return failures;
}

/* ---- the launchers' pointer checks ---------------------------------------------------------- */

enum { PTR_MAX = 8 };
typedef int (*ptr_call_fn)(const swz_variant *v, void *const *p);

/* Every variant of `reg`: each pointer NULL in turn -> cudaErrorInvalidValue; with `dev` (device
 * buffers; NULL without a usable GPU) every pointer set -> cudaSuccess and a clean
 * synchronize.  Returns the number of NULL calls checked. */
static int check_pointers(const swz_registry *reg, const char *family, const char *const *names, ptr_call_fn call,
                          void *const *dev)
{
    int n = 0, calls = 0, before = failures;
    while (names[n]) ++n;
    for (int i = 0; i < reg->count; ++i) {
        const swz_variant *v = reg->variants[i];
        for (int k = 0; k < n; ++k) {
            void *p[PTR_MAX];
            for (int j = 0; j < n; ++j) /* distinct, 256-byte aligned, never dereferenced */
                p[j] = dev ? dev[j] : (void *)(uintptr_t)(0x100000000ull * (uint64_t)(j + 1));
            p[k] = NULL;
            const cudaError_t e = (cudaError_t)call(v, p);
            ++calls;
            EXPECT(e == cudaErrorInvalidValue, "%s: %s NULL: %s (%d), want cudaErrorInvalidValue", v->name, names[k],
                   cudaGetErrorName(e), (int)e);
        }
        if (dev) {
            const cudaError_t e = (cudaError_t)call(v, dev);
            const cudaError_t s = cudaDeviceSynchronize();
            EXPECT(e == cudaSuccess && s == cudaSuccess, "%s: every pointer set: %s, then %s", v->name,
                   cudaGetErrorName(e), cudaGetErrorName(s));
        }
    }
    printf("%-9s %3d NULL-pointer calls%s: %s\n", family, calls, dev ? " and the calls with every pointer set" : "",
           failures == before ? "cudaErrorInvalidValue, nothing launched" : "FAILED");
    return calls;
}

/* Device buffers for the calls with every pointer set, on a GPU of compute capability 9.0 or
 * more (wgemm is sm_90a code); NULL otherwise. */
static void *const *pointer_buffers(void)
{
    static void *buf[PTR_MAX];
    int n = 0, major = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0 ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess || major < 9) {
        (void)cudaGetLastError();
        return NULL;
    }
    for (int j = 0; j < PTR_MAX; ++j) { /* 8 MiB each: the largest call is 2^18 elements + workspace */
        CUDA_CHECK(cudaMalloc(&buf[j], SWZ_FAMILY_CALL_BYTES));
        CUDA_CHECK(cudaMemset(buf[j], 0, SWZ_FAMILY_CALL_BYTES));
    }
    return buf;
}

int main(void)
{
    int families = 0;
#define X(F)                                                                                    \
    check_registry(swz_##F##_family.registry, #F);                                              \
    EXPECT(swz_##F##_family.run != NULL && swz_##F##_family.check_specs != NULL &&              \
               swz_##F##_family.check_specs[0] != NULL && swz_##F##_family.bench != NULL &&     \
               swz_##F##_family.bench->title != NULL,                                           \
           "%s: family record incomplete", #F);                                                 \
    ++families;
    SWZ_FAMILY_LIST
#undef X
    {
        void *const *dev = pointer_buffers();
#define X(F) check_pointers(swz_##F##_family.registry, #F, swz_##F##_family.pointers, swz_##F##_family.call, dev);
        SWZ_FAMILY_LIST
#undef X
    }
    printf("%d families: %s\n", families, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
