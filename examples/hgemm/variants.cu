/* examples/hgemm/variants.cu -- the hgemm family's registry and record (family.h): every
 * variant instantiated by variants_none.cu, variants_pad.cu, variants_xor.cu and variants_tune.cu
 * (hgemm.cuh).
 * The set: SWZ_HGEMM_LAYOUT NONE, PAD, XOR x SWZ_HGEMM_ELEM fp16, bf16 at the same knobs (SWZ_HGEMM_TILE 128, SWZ_HGEMM_TILE_N 256,
 * SWZ_HGEMM_TILE_K 32, 4 stages, 8 warps of 64 x 64), so the bench shows the cost of the conflict, and
 * the tuning variants of variants_tune.cu. */
#define EX_HG_HOOKS /* run(), the CPU reference and the bench hooks */
#include "hgemm.cuh"

/* The registry part: every record, declared. */
#define EX_HG_DECL(N) extern "C" const swz_variant N;
EX_HG_DECL(swz_hgemm_none_128_half_variant) EX_HG_DECL(swz_hgemm_pad_128_half_variant)
EX_HG_DECL(swz_hgemm_xor_128_half_variant) EX_HG_DECL(swz_hgemm_none_128_bf16_variant)
EX_HG_DECL(swz_hgemm_pad_128_bf16_variant) EX_HG_DECL(swz_hgemm_xor_128_bf16_variant)
EX_HG_DECL(swz_hgemm_xor_128_half_s6g16_variant) EX_HG_DECL(swz_hgemm_xor_128_half_p_variant)
static const swz_variant *const ex_hg_variants[] = {
    &swz_hgemm_none_128_half_variant, &swz_hgemm_pad_128_half_variant, &swz_hgemm_xor_128_half_variant,
    &swz_hgemm_none_128_bf16_variant, &swz_hgemm_pad_128_bf16_variant, &swz_hgemm_xor_128_bf16_variant,
    &swz_hgemm_xor_128_half_s6g16_variant, &swz_hgemm_xor_128_half_p_variant, NULL};
extern "C" {
SWZ_REGISTRY_DEFINE(swz_hgemm_registry, "hgemm", ex_hg_variants);
}

/* The check specs: ragged shapes in both B orientations and both C types, beta = 0 (C
 * poisoned, never read) on some. */
static const char *const ex_hg_checks[] = {
    "1:1:1", "127:129:65", "255:257:1000", "300:520:136:nn:f32", "64:300:8:nt:in:b0",
    "1:1:1:nt:f32", "127:129:65:nt:in", "255:257:1000:nt:f32:b0", "129:255:7:nn:in", "256:512:256:nn:f32:b0",
    "513:263:96:nt:in", "640:7640:160:nn:in", NULL};
static const char *const ex_hg_bench_specs[] = {"4096:4096:4096", "8192:8192:8192", NULL};
static const char *const ex_hg_bench_quick[] = {"2048:2048:2048", NULL};
static const char *const ex_hg_peers[] = {"cublasGemmEx", NULL};

static swz_family_bench ex_hg_make_bench(void)
{
    swz_family_bench b;
    memset(&b, 0, sizeof b);
#ifdef SWZ_FAMILY_DEFINE /* the record with a title (examples/family.h after 'one family list') */
    b.title = "swz fp16/bf16 GEMM (mma.sync m16n8k16) vs cublasGemmEx";
#endif
    b.specs = ex_hg_bench_specs;
    b.quick_specs = ex_hg_bench_quick;
    b.elem = "half";
    b.strip_elem = 0;
    b.modes = NULL;
    b.peers = ex_hg_peers;
    b.peer_label = "cublas";
    b.per_ms = 1e9;
    b.prepare = ex_hg_b_prepare;
    b.release = ex_hg_b_release;
    b.size = ex_hg_b_size;
    b.work = ex_hg_b_work;
    b.copy_bytes = ex_hg_b_copy_bytes;
    b.output = ex_hg_b_output;
    b.peer = ex_hg_b_peer;
    b.peer_check = ex_hg_b_peer_check;
    b.launch = ex_hg_b_launch;
    b.check = ex_hg_b_check;
    return b;
}
static const swz_family_bench ex_hg_bench_hooks = ex_hg_make_bench();

#ifdef SWZ_FAMILY_DEFINE
SWZ_FAMILY_DEFINE(hgemm) =
#else
extern const swz_family swz_hgemm_family;
const swz_family swz_hgemm_family =
#endif
    {&swz_hgemm_registry, "M:N:K[:nn|nt[:f32|in[:b0]]]", ex_hg_checks, "4096:4096:4096", "TFLOP/s", ex_hg_run,
     &ex_hg_bench_hooks};
