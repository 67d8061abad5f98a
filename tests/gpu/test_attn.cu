/* tests/gpu/test_attn.cu -- the attention family beyond its default check (every variant on the
 * check specs, gpu-attn):
 *   test-attn host   (no GPU) every variant's shared-memory address math (ops->selfcheck) and
 *                    bank model, and the argument checks: each bad argument returns its named
 *                    error from swz_attn_check and from every launcher, before any launch, with
 *                    the sentence that says which rule failed.
 *   test-attn gpu    swz_attn_forward on a GPU: it takes the fastest variant the device runs
 *                    (wgmma on sm_90 for head_dim 64 and 128, mma elsewhere) and its
 *                    result equals that variant's, bit for bit; a seqlen of 0 writes nothing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <vector>

#include "attn.h"
#include "attn.cuh" /* the family-once part: the causal tile order */
#include "gpu_util.h"

static int failures = 0;

static void host_tests(void)
{
    /* the address math and the model of every variant */
    for (int i = 0; i < swz_attn_registry.count; ++i) {
        const swz_variant *v = swz_attn_registry.variants[i];
        EXPECT(swz_attn_ops_of(v)->selfcheck() == 0, "%s: address math", v->name);
        swz_tile_cost st, ld;
        EXPECT(v->predict(&st, &ld) == SWZ_OK, "%s: model", v->name);
        /* the conflict-free layout is conflict free; none's ldmatrix / stmatrix is not.  A row
         * of 12 units (head_dim 96) is 1.5 source lines, and a 192-byte shared row puts a source
         * line's 8 chunks into two shared lines: 2 cp.async wavefronts per line in any layout
         * (bank.h R8), a line counted in the quarter of its first lane, and a quarter where two
         * lines start holds 3 (xor: 4.923 store wavefronts per instruction, measured equal on an
         * H100; pad 6 ways, 9.077) */
        const int d = swz_attn_ops_of(v)->head_dim, pow2 = (d & (d - 1)) == 0;
        if (strcmp(v->layout, "xor") == 0)
            EXPECT(st.worst_ways <= (pow2 ? 1u : 3u) && ld.worst_ways <= 1, "%s: xor predicted %u / %u ways", v->name,
                   st.worst_ways, ld.worst_ways);
        if (strcmp(v->layout, "none") == 0)
            EXPECT(st.worst_ways >= 8 || ld.worst_ways >= 8, "%s: none predicted %u / %u ways", v->name, st.worst_ways,
                   ld.worst_ways);
    }
    /* the causal order: every (pair, query block) once, and inside a section the query blocks
     * never grow (longest tiles first) */
    for (int M = 1; M <= 12; ++M)
        for (int bhs = 1; bhs <= 40; ++bhs)
            for (int sec = 1; sec <= 64; sec *= 2) {
                std::vector<int> seen((size_t)M * bhs, 0);
                int bad = 0, prev_m = M, prev_sec = -1;
                for (int t = 0; t < M * bhs; ++t) {
                    int m = -1;
                    const int bh = ex_at_causal_tile(t, M, bhs, sec, &m);
                    if (bh < 0 || bh >= bhs || m < 0 || m >= M || seen[(size_t)bh * M + m]++) { bad = 1; break; }
                    if (bh / sec == prev_sec && m > prev_m) { bad = 1; break; }
                    prev_sec = bh / sec, prev_m = m;
                }
                EXPECT(!bad, "causal order M %d, %d pairs, sections of %d: not a longest-first bijection", M, bhs, sec);
            }
    /* the variant list the Python module reads: the registry's names, NULL outside it */
    for (int i = 0; i < swz_attn_registry.count; ++i)
        EXPECT(swz_attn_variant_name(i) == swz_attn_registry.variants[i]->name, "variant name %d", i);
    EXPECT(swz_attn_variant_name(swz_attn_registry.count) == NULL && swz_attn_variant_name(-1) == NULL,
           "variant names outside the registry");
    /* argument checks: a valid record (fake, aligned device addresses), then one field broken at a time */
    char *fake = (char *)(uintptr_t)0x100000;
    const swz_attn_args good = swz_attn_args_dense(SWZ_ATTN_BF16, 2, 256, 256, 8, 2, 128, fake, fake + 0x100000,
                                                   fake + 0x200000, fake + 0x300000, (float *)(fake + 0x400000));
    swz_error why;
    char s[200];
    EXPECT(swz_attn_check(&good, &why) == cudaSuccess, "the valid record is refused");
    struct bad_case {
        const char *what;
        cudaError_t want;
        const char *says;
    } cases[] = {
        {"q NULL", cudaErrorInvalidValue, "(q = 0)"},
        {"k NULL", cudaErrorInvalidValue, "(k = 0)"},
        {"v NULL", cudaErrorInvalidValue, "(v = 0)"},
        {"o NULL", cudaErrorInvalidValue, "(o = 0)"},
        {"lse NULL", cudaErrorInvalidValue, "(lse = 0)"},
        {"head_dim 80", cudaErrorInvalidValue, "head dimension of 64, 96 or 128"},
        {"heads 10, heads_kv 3", cudaErrorInvalidValue, "heads a multiple of heads_kv"},
        {"dtype 7", cudaErrorInvalidValue, "dtype"},
        {"q seq stride 1028", cudaErrorInvalidPitchValue, "whole number of 16 bytes"},
        {"v head stride 132", cudaErrorInvalidPitchValue, "whole number of 16 bytes"},
        {"k base + 2 bytes", cudaErrorMisalignedAddress, "aligned to 16 bytes"},
        {"batch 0", cudaErrorInvalidValue, "batch"},
        {"seqlen_q -1", cudaErrorInvalidValue, "seqlen_q"},
        {"cu_seqlens_q only", cudaErrorInvalidValue, "both set or both NULL"},
        {"scale NaN", cudaErrorInvalidValue, "scale"},
        {"2^31 tiles", cudaErrorInvalidValue, "fewer than 2^31 tiles"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        swz_attn_args a = good;
        switch (c) {
        case 0: a.q = NULL; break;
        case 1: a.k = NULL; break;
        case 2: a.v = NULL; break;
        case 3: a.o = NULL; break;
        case 4: a.lse = NULL; break;
        case 5: a.head_dim = 80; break;
        case 6: a.heads = 10, a.heads_kv = 3; break;
        case 7: a.dtype = 7; break;
        case 8: a.q_stride[1] = 1028; break;
        case 9: a.v_stride[2] = 132; break;
        case 10: a.k = fake + 0x100002; break;
        case 11: a.batch = 0; break;
        case 12: a.seqlen_q = -1; break;
        case 13: a.cu_seqlens_q = (const int32_t *)fake; break;
        case 14: a.scale = NAN; break;
        case 15: a.batch = 65535, a.heads = 65535, a.heads_kv = 65535, a.seqlen_q = 64; break;
        }
        const cudaError_t e = swz_attn_check(&a, &why);
        swz_error_format(&why, s, sizeof s);
        EXPECT(e == cases[c].want, "%s: check returned %d, want %d", cases[c].what, (int)e, (int)cases[c].want);
        EXPECT(strstr(s, cases[c].says) != NULL, "%s: the sentence \"%s\" does not say \"%s\"", cases[c].what, s,
               cases[c].says);
        EXPECT(swz_attn_explain(&a, s, sizeof s) == (int)e, "%s: swz_attn_explain disagrees", cases[c].what);
        /* every launcher refuses before touching the device (a fake pointer would fault otherwise) */
        for (int i = 0; i < swz_attn_registry.count; ++i) {
            const swz_variant *v = swz_attn_registry.variants[i];
            const swz_attn_ops *o = swz_attn_ops_of(v);
            a.dtype = c == 7 ? 7 : o->dtype;
            a.head_dim = c == 5 ? 80 : o->head_dim;
            const cudaError_t le = o->launch(&a, 0);
            EXPECT(le == cases[c].want, "%s: %s returned %d, want %d", cases[c].what, v->name, (int)le,
                   (int)cases[c].want);
        }
        EXPECT(swz_attn_forward(&a, 0) == cases[c].want, "%s: swz_attn_forward", cases[c].what);
    }
    /* a variant refuses the other head dimension and type */
    for (int i = 0; i < swz_attn_registry.count; ++i) {
        const swz_variant *v = swz_attn_registry.variants[i];
        const swz_attn_ops *o = swz_attn_ops_of(v);
        swz_attn_args a = good;
        a.dtype = o->dtype == SWZ_ATTN_BF16 ? SWZ_ATTN_F16 : SWZ_ATTN_BF16;
        a.head_dim = o->head_dim;
        EXPECT(o->launch(&a, 0) == cudaErrorInvalidValue, "%s accepts the other type", v->name);
        a.dtype = o->dtype, a.head_dim = o->head_dim == 64 ? 128 : 64;
        EXPECT(o->launch(&a, 0) == cudaErrorInvalidValue, "%s accepts the other head dimension", v->name);
    }
}

static void gpu_tests(void)
{
    gpu_require_device();
    for (int d : {64, 96, 128}) {
        const int64_t B = 2, S = 700, H = 4, HK = 2, n = B * S * H * d, nk = B * S * HK * d;
        std::vector<uint16_t> hq((size_t)n), hk((size_t)nk), hv((size_t)nk);
        test_rng r = {0x1234u + (uint64_t)d};
        for (auto &x : hq) x = (uint16_t)(0x3C00u | (rng_next(&r) & 0x3FFu)); /* bf16 in [0.0078, 0.0156) */
        for (auto &x : hk) x = (uint16_t)(0xBC00u ^ (rng_next(&r) & 0x83FFu));
        for (auto &x : hv) x = (uint16_t)(0x3F00u ^ (rng_next(&r) & 0x807Fu));
        void *q, *k, *v, *o1, *o2;
        float *l1, *l2;
        CUDA_CHECK(cudaMalloc(&q, n * 2));
        CUDA_CHECK(cudaMalloc(&k, nk * 2));
        CUDA_CHECK(cudaMalloc(&v, nk * 2));
        CUDA_CHECK(cudaMalloc(&o1, n * 2));
        CUDA_CHECK(cudaMalloc(&o2, n * 2));
        CUDA_CHECK(cudaMalloc((void **)&l1, B * H * S * 4));
        CUDA_CHECK(cudaMalloc((void **)&l2, B * H * S * 4));
        CUDA_CHECK(cudaMemcpy(q, hq.data(), n * 2, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(k, hk.data(), nk * 2, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(v, hv.data(), nk * 2, cudaMemcpyHostToDevice));
        for (int causal = 0; causal < 2; ++causal) {
            swz_attn_args a = swz_attn_args_dense(SWZ_ATTN_BF16, B, S, S, H, HK, d, q, k, v, o1, l1);
            a.causal = causal;
            const char *name = swz_attn_forward_variant(&a);
            EXPECT(name != NULL, "d %d: no variant", d);
            if (!name) continue;
            const swz_variant *var = swz_variant_find(&swz_attn_registry, name);
            CUDA_CHECK(cudaMemset(o1, 0xFF, n * 2));
            CUDA_CHECK(cudaMemset(o2, 0x7F, n * 2));
            CUDA_CHECK(swz_attn_forward(&a, 0));
            swz_attn_args b = a;
            b.o = o2, b.lse = l2;
            CUDA_CHECK(swz_attn_ops_of(var)->launch(&b, 0));
            CUDA_CHECK_LAUNCH();
            std::vector<uint16_t> r1((size_t)n), r2((size_t)n);
            CUDA_CHECK(cudaMemcpy(r1.data(), o1, n * 2, cudaMemcpyDeviceToHost));
            CUDA_CHECK(cudaMemcpy(r2.data(), o2, n * 2, cudaMemcpyDeviceToHost));
            EXPECT(r1 == r2, "d %d causal %d: swz_attn_forward differs from %s", d, causal, name);
            printf("ok   swz_attn_forward d %d causal %d -> %s\n", d, causal, name);
            /* seqlen 0: nothing is written */
            a.seqlen_q = 0;
            CUDA_CHECK(cudaMemset(o1, 0x5A, n * 2));
            CUDA_CHECK(swz_attn_forward(&a, 0));
            CUDA_CHECK_LAUNCH();
            CUDA_CHECK(cudaMemcpy(r1.data(), o1, n * 2, cudaMemcpyDeviceToHost));
            for (size_t i = 0; i < r1.size(); ++i)
                if (r1[i] != 0x5A5Au) {
                    EXPECT(0, "seqlen_q 0 wrote element %zu", i);
                    break;
                }
        }
        cudaFree(q), cudaFree(k), cudaFree(v), cudaFree(o1), cudaFree(o2), cudaFree(l1), cudaFree(l2);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "host";
    if (strcmp(mode, "host") == 0) host_tests();
    else if (strcmp(mode, "gpu") == 0) gpu_tests();
    else {
        fprintf(stderr, "usage: test-attn host|gpu\n");
        return 2;
    }
    printf("%s: %d failures\n", mode, failures);
    return failures ? 1 : 0;
}
