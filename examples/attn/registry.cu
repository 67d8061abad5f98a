/* examples/attn/registry.cu -- the attention family's registry (every variant of
 * SWZ_ATTN_VARIANTS, attn.h: a listed variant that is not instantiated is a link error), the
 * argument checks every launcher starts with, swz_attn_forward, and the hooks of the family
 * record.
 *
 * Run spec: B:SQ:SK:H:HKV[:FLAGS] -- batch, seqlen_q, seqlen_k, heads, heads_kv; H = 0 (and HKV
 * = 0) means 2048 / head_dim heads.  FLAGS, any of:
 *   c  causal (the diagonal aligned bottom-right)
 *   v  variable lengths: B sequences packed along seqlen, sequence 0 of SQ x SK, the others of
 *      random lengths 1..SQ x 1..SK (cu_seqlens on the device)
 *   s  strided views: every tensor a slice of a larger one (an extra head, 8 extra columns per
 *      head, a batch stride 8 elements longer), so no stride is the packed one; the elements
 *      outside the view must stay as they were
 *   x  large logits: q scaled by 40 (|s| up to ~1e3 before the softmax scale)
 * run() fills q, k, v with random values of the type, poisons o and lse (all bits set: NaN),
 * launches once and compares with a CPU reference in double precision: every row, or for large
 * problems the first and last query blocks and 128 random rows of each head.
 *
 * The error bound, per element (derived, not fitted): the kernel rounds P = exp(s - m) to the
 * input type before P.V (unit roundoff u_p: 2^-8 bf16, 2^-11 fp16) while l sums P in fp32, and
 * rounds O to the type (u_o = u_p), so
 *   |o - o_ref| <= u_p * sum_j p_j |v_j| / l  +  u_o * |o_ref|  +  e_s * sum_j p_j |v_j| / l
 * with e_s the fp32 error of the logits, D * 2^-24 * scale * max_j sum_d |q_d k_jd|, and the fp32
 * accumulation of P.V, SK * 2^-24 * sum_j p_j |v_j| / l; the test allows 1.25 times that sum plus
 * 1e-6.  The log-sum-exp: |lse - lse_ref| <= 2 e_s + SK * 2^-23 + 2^-22 |lse_ref| + 1e-5.
 */
#include "attn.cuh"

#include <algorithm>
#include <math.h>
#include <stdlib.h>
#include <vector>

#include "../family_main.h"

/* ---- the registry ------------------------------------------------------------------------- */
#define EX_AT_REF(A, L, D, E) &swz_attn_##A##_##L##_##D##_##E##_variant,
static const swz_variant *const ex_at_variants[] = {SWZ_ATTN_VARIANTS(EX_AT_REF) NULL};
extern "C" {
SWZ_REGISTRY_DEFINE(swz_attn_registry, "attn", ex_at_variants);
}

/* ---- the argument checks ------------------------------------------------------------------ */
/* Record the failed rule in *why (may be NULL) and return the launchers' error e. */
static cudaError_t ex_at_fail(swz_error *why, cudaError_t e, int code, const char *need, const char *param,
                              uint64_t value)
{
    swz_error_set(why, code, "attn", need, param, value);
    return e;
}

extern "C" cudaError_t swz_attn_check_for(const swz_attn_args *a, int64_t d_want, int dtype_want, swz_error *why)
{
    const cudaError_t BAD = cudaErrorInvalidValue;
    swz_error_clear(why);
    if (!a) return ex_at_fail(why, BAD, SWZ_ERANGE, "an argument record", "a", 0);
    if (a->dtype != SWZ_ATTN_BF16 && a->dtype != SWZ_ATTN_F16)
        return ex_at_fail(why, BAD, SWZ_EKIND, "a dtype of SWZ_ATTN_BF16 or SWZ_ATTN_F16", "dtype", (uint64_t)a->dtype);
    if (dtype_want && a->dtype != dtype_want)
        return ex_at_fail(why, BAD, SWZ_EKIND, "the variant's element type", "dtype", (uint64_t)a->dtype);
    if (a->head_dim != 64 && a->head_dim != 96 && a->head_dim != 128)
        return ex_at_fail(why, BAD, SWZ_EKIND, "a head dimension of 64, 96 or 128", "head_dim", (uint64_t)a->head_dim);
    if (d_want && a->head_dim != d_want)
        return ex_at_fail(why, BAD, SWZ_EKIND, "the variant's head dimension", "head_dim", (uint64_t)a->head_dim);
    if (a->batch < 1 || a->batch > 65535) return ex_at_fail(why, BAD, SWZ_ERANGE, "a batch of 1 to 65535", "batch", (uint64_t)a->batch);
    if (a->heads < 1 || a->heads > 65535) return ex_at_fail(why, BAD, SWZ_ERANGE, "1 to 65535 heads", "heads", (uint64_t)a->heads);
    if (a->heads_kv < 1) return ex_at_fail(why, BAD, SWZ_ERANGE, "at least one key/value head", "heads_kv", (uint64_t)a->heads_kv);
    if (a->heads % a->heads_kv != 0)
        return ex_at_fail(why, BAD, SWZ_ERANGE, "heads a multiple of heads_kv", "heads", (uint64_t)a->heads);
    if (a->seqlen_q < 0 || a->seqlen_q > INT32_MAX / 2)
        return ex_at_fail(why, BAD, SWZ_ERANGE, "a seqlen_q of 0 to 2^30", "seqlen_q", (uint64_t)a->seqlen_q);
    if (a->seqlen_k < 0 || a->seqlen_k > INT32_MAX / 2)
        return ex_at_fail(why, BAD, SWZ_ERANGE, "a seqlen_k of 0 to 2^30", "seqlen_k", (uint64_t)a->seqlen_k);
    /* the kernels number their tiles (query blocks of 64 rows or more, x heads x batch) with an int */
    if ((a->seqlen_q + 63) / 64 * a->heads * a->batch >= INT32_MAX)
        return ex_at_fail(why, BAD, SWZ_ERANGE, "fewer than 2^31 tiles of 64 query rows (seqlen_q / 64 x heads x batch)",
                          "seqlen_q", (uint64_t)a->seqlen_q);
    if (!(a->scale >= 0.f && a->scale < INFINITY))
        return ex_at_fail(why, BAD, SWZ_ERANGE, "a finite scale >= 0 (0: 1/sqrt(head_dim))", "scale", 0);
    const void *ptr[5] = {a->q, a->k, a->v, a->o, a->lse};
    static const char *const pname[5] = {"q", "k", "v", "o", "lse"};
    for (int i = 0; i < 5; ++i)
        if (!ptr[i]) return ex_at_fail(why, BAD, SWZ_ERANGE, "a device pointer, not NULL", pname[i], 0);
    if ((a->cu_seqlens_q == NULL) != (a->cu_seqlens_k == NULL))
        return ex_at_fail(why, BAD, SWZ_ERANGE, "cu_seqlens_q and cu_seqlens_k both set or both NULL", "cu_seqlens_k", 0);
    if (a->cu_seqlens_q && (a->total_q < 0 || a->total_k < 0 || a->total_q > INT32_MAX / 2 || a->total_k > INT32_MAX / 2))
        return ex_at_fail(why, BAD, SWZ_ERANGE, "varlen totals of 0 to 2^30 rows", "total_q", (uint64_t)a->total_q);
    const int64_t *st[4] = {a->q_stride, a->k_stride, a->v_stride, a->o_stride};
    static const char *const sname[4][3] = {{"q_stride[0]", "q_stride[1]", "q_stride[2]"},
                                            {"k_stride[0]", "k_stride[1]", "k_stride[2]"},
                                            {"v_stride[0]", "v_stride[1]", "v_stride[2]"},
                                            {"o_stride[0]", "o_stride[1]", "o_stride[2]"}};
    /* the extent of each stride's dimension (q and o, then k and v): a dimension of one entry has
     * no stride to check (PyTorch gives such a dimension any stride) */
    const int vl = a->cu_seqlens_q != NULL;
    const int64_t ext[2][3] = {{vl ? 1 : a->batch, vl ? a->total_q : a->seqlen_q, a->heads},
                               {vl ? 1 : a->batch, vl ? a->total_k : a->seqlen_k, a->heads_kv}};
    for (int t = 0; t < 4; ++t)
        for (int i = 0; i < 3; ++i) {
            if (ext[t == 1 || t == 2][i] <= 1) continue;
            if (st[t][i] < 0 || st[t][i] >= ((int64_t)1 << 39))
                return ex_at_fail(why, BAD, SWZ_ERANGE, "a stride of 0 to 2^39 elements", sname[t][i], (uint64_t)st[t][i]);
            if (st[t][i] * 2 % 16 != 0)
                return ex_at_fail(why, cudaErrorInvalidPitchValue, SWZ_EALIGN,
                                  "a stride that is a whole number of 16 bytes (8 elements)", sname[t][i],
                                  (uint64_t)st[t][i]);
        }
    for (int i = 0; i < 4; ++i)
        if ((uintptr_t)ptr[i] % 16u != 0u)
            return ex_at_fail(why, cudaErrorMisalignedAddress, SWZ_EALIGN, "a base address aligned to 16 bytes",
                              pname[i], (uint64_t)(uintptr_t)ptr[i]);
    if ((uintptr_t)a->lse % 4u != 0u)
        return ex_at_fail(why, cudaErrorMisalignedAddress, SWZ_EALIGN, "an fp32 lse aligned to 4 bytes", "lse",
                          (uint64_t)(uintptr_t)a->lse);
    return cudaSuccess;
}

/* The variant swz_attn_forward takes: the Hopper one on sm_90, the portable one elsewhere. */
/* The xor variant of one arch (wgmma 1 or 0), head dimension and type, or NULL. */
static const swz_variant *ex_at_xor_variant(int wgmma, int64_t d, int dtype)
{
    for (int i = 0; i < swz_attn_registry.count; ++i) {
        const swz_variant *v = swz_attn_registry.variants[i];
        const swz_attn_ops *o = swz_attn_ops_of(v);
        if (strcmp(v->layout, "xor") == 0 && o->head_dim == d && o->dtype == dtype && o->wgmma == wgmma) return v;
    }
    return NULL;
}
static const swz_variant *ex_at_pick(const swz_attn_args *a)
{
    const swz_variant *v = ex_at_is_sm90() ? ex_at_xor_variant(1, a->head_dim, a->dtype) : NULL;
    return v ? v : ex_at_xor_variant(0, a->head_dim, a->dtype);
}

extern "C" cudaError_t swz_attn_forward(const swz_attn_args *a, cudaStream_t stream)
{
    const cudaError_t e = swz_attn_check_for(a, 0, 0, NULL);
    if (e != cudaSuccess) return e;
    const swz_variant *v = ex_at_pick(a);
    return v ? swz_attn_ops_of(v)->launch(a, stream) : cudaErrorNotSupported;
}

extern "C" const char *swz_attn_forward_variant(const swz_attn_args *a)
{
    const swz_variant *v = a ? ex_at_pick(a) : NULL;
    return v ? v->name : NULL;
}

extern "C" const char *swz_attn_variant_name(int i)
{
    return i >= 0 && i < swz_attn_registry.count ? swz_attn_registry.variants[i]->name : NULL;
}

extern "C" int swz_attn_explain(const swz_attn_args *a, char *buf, size_t n)
{
    swz_error why;
    const cudaError_t e = swz_attn_check_for(a, 0, 0, &why);
    if (buf && n) swz_error_format(&why, buf, n);
    if (e == cudaSuccess && buf && n) snprintf(buf, n, "ok");
    return (int)e;
}

/* ---- problems: host data, device buffers, the reference ------------------------------------ */
static uint64_t ex_at_rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t ex_at_rng(void)
{
    return ex_rng_next(&ex_at_rng_state);
}
static double ex_at_uniform(void) { return (double)(ex_at_rng() >> 11) * (2.0 / 9007199254740992.0) - 1.0; }

/* 16-bit values: to the type (round to nearest even) and back. */
static uint16_t ex_at_to16(double x, int dtype)
{
    if (dtype == SWZ_ATTN_BF16) {
        __nv_bfloat16 h = __float2bfloat16_rn((float)x);
        return *(uint16_t *)&h;
    }
    __half h = __float2half_rn((float)x);
    return *(uint16_t *)&h;
}
static double ex_at_from16(uint16_t u, int dtype)
{
    if (dtype == SWZ_ATTN_BF16) return (double)__bfloat162float(*(__nv_bfloat16 *)&u);
    return (double)__half2float(*(__half *)&u);
}

typedef struct ex_at_spec {
    int64_t b, sq, sk, h, hkv;
    int causal, varlen, strided, large;
} ex_at_spec;

static int ex_at_parse(const char *spec, int64_t d, ex_at_spec *s)
{
    char flags[16] = "";
    long long b, sq, sk, h, hkv;
    memset(s, 0, sizeof *s);
    const int n = sscanf(spec, "%lld:%lld:%lld:%lld:%lld:%15s", &b, &sq, &sk, &h, &hkv, flags);
    if (n < 5 || b < 1 || sq < 0 || sk < 0 || h < 0 || hkv < 0) return 0;
    if (h == 0) h = 2048 / d;
    if (hkv == 0) hkv = h;
    s->b = b, s->sq = sq, s->sk = sk, s->h = h, s->hkv = hkv;
    for (const char *f = flags; *f; ++f) {
        if (*f == 'c') s->causal = 1;
        else if (*f == 'v') s->varlen = 1;
        else if (*f == 's') s->strided = 1;
        else if (*f == 'x') s->large = 1;
        else return 0;
    }
    return 1;
}

/* One problem in host and device memory. */
typedef struct ex_at_problem {
    ex_at_spec s;
    int dtype;
    int64_t d;
    std::vector<int32_t> cq, ck;           /* varlen offsets (B + 1) */
    int64_t rows_q, rows_k, nb;            /* rows of the seqlen dimension, batch entries */
    int64_t qst[3], kst[3], vst[3], ost[3]; /* strides */
    size_t qn, kn, vn, on, ln;             /* elements of the storage */
    std::vector<uint16_t> q, k, v;
    void *dq, *dk, *dv, *dout, *dcu;
    float *dlse;
    swz_attn_args a;
} ex_at_problem;

static void ex_at_free(ex_at_problem *p)
{
    cudaFree(p->dq), cudaFree(p->dk), cudaFree(p->dv), cudaFree(p->dout), cudaFree(p->dlse), cudaFree(p->dcu);
    p->dq = p->dk = p->dv = p->dout = p->dcu = NULL, p->dlse = NULL;
}

/* Strides of a [nb, rows, heads, d] tensor: packed, or a view into a larger one ('s'). */
static size_t ex_at_strides(int64_t nb, int64_t rows, int64_t heads, int64_t d, int strided, int64_t st[3])
{
    const int64_t hs = strided ? d + 8 : d, ss = (strided ? heads + 1 : heads) * hs, bs = rows * ss + (strided ? 8 : 0);
    st[0] = bs, st[1] = ss, st[2] = hs;
    return (size_t)(nb * bs + (strided ? 8 : 0));
}

static int ex_at_prepare(ex_at_problem *p, const ex_at_spec *s, int dtype, int64_t d)
{
    p->s = *s, p->dtype = dtype, p->d = d;
    p->dq = p->dk = p->dv = p->dout = p->dcu = NULL, p->dlse = NULL;
    p->cq.assign((size_t)s->b + 1, 0), p->ck.assign((size_t)s->b + 1, 0);
    for (int64_t b = 0; b < s->b; ++b) {
        const int64_t lq = !s->varlen || b == 0 ? s->sq : (s->sq ? 1 + (int64_t)(ex_at_rng() % (uint64_t)s->sq) : 0);
        const int64_t lk = !s->varlen || b == 0 ? s->sk : (s->sk ? 1 + (int64_t)(ex_at_rng() % (uint64_t)s->sk) : 0);
        p->cq[(size_t)b + 1] = p->cq[(size_t)b] + (int32_t)lq;
        p->ck[(size_t)b + 1] = p->ck[(size_t)b] + (int32_t)lk;
    }
    p->nb = s->varlen ? 1 : s->b;
    p->rows_q = s->varlen ? p->cq[(size_t)s->b] : s->sq;
    p->rows_k = s->varlen ? p->ck[(size_t)s->b] : s->sk;
    p->qn = ex_at_strides(p->nb, p->rows_q, s->h, d, s->strided, p->qst);
    p->on = ex_at_strides(p->nb, p->rows_q, s->h, d, s->strided, p->ost);
    p->kn = ex_at_strides(p->nb, p->rows_k, s->hkv, d, s->strided, p->kst);
    p->vn = ex_at_strides(p->nb, p->rows_k, s->hkv, d, s->strided, p->vst);
    p->ln = (size_t)(s->varlen ? s->h * p->rows_q : s->b * s->h * s->sq);
    const double qmul = s->large ? 40.0 : 1.0;
    p->q.resize(p->qn), p->k.resize(p->kn), p->v.resize(p->vn);
    for (size_t i = 0; i < p->qn; ++i) p->q[i] = ex_at_to16(qmul * ex_at_uniform(), dtype);
    for (size_t i = 0; i < p->kn; ++i) p->k[i] = ex_at_to16(ex_at_uniform(), dtype);
    for (size_t i = 0; i < p->vn; ++i) p->v[i] = ex_at_to16(ex_at_uniform(), dtype);
    if (cudaMalloc(&p->dq, p->qn * 2 + 16) || cudaMalloc(&p->dk, p->kn * 2 + 16) || cudaMalloc(&p->dv, p->vn * 2 + 16) ||
        cudaMalloc(&p->dout, p->on * 2 + 16) || cudaMalloc((void **)&p->dlse, p->ln * 4 + 16) ||
        cudaMalloc(&p->dcu, 2 * p->cq.size() * 4 + 16))
        return 0;
    if (cudaMemcpy(p->dq, p->q.data(), p->qn * 2, cudaMemcpyHostToDevice) ||
        cudaMemcpy(p->dk, p->k.data(), p->kn * 2, cudaMemcpyHostToDevice) ||
        cudaMemcpy(p->dv, p->v.data(), p->vn * 2, cudaMemcpyHostToDevice) ||
        cudaMemcpy(p->dcu, p->cq.data(), p->cq.size() * 4, cudaMemcpyHostToDevice) ||
        cudaMemcpy((int32_t *)p->dcu + p->cq.size(), p->ck.data(), p->ck.size() * 4, cudaMemcpyHostToDevice))
        return 0;
    swz_attn_args *a = &p->a;
    memset(a, 0, sizeof *a);
    a->dtype = dtype, a->batch = s->b, a->seqlen_q = s->sq, a->seqlen_k = s->sk, a->heads = s->h, a->heads_kv = s->hkv;
    a->head_dim = d;
    a->q = p->dq, a->k = p->dk, a->v = p->dv, a->o = p->dout, a->lse = p->dlse;
    for (int i = 0; i < 3; ++i) a->q_stride[i] = p->qst[i], a->k_stride[i] = p->kst[i], a->v_stride[i] = p->vst[i], a->o_stride[i] = p->ost[i];
    if (s->varlen) {
        a->cu_seqlens_q = (const int32_t *)p->dcu, a->cu_seqlens_k = (const int32_t *)p->dcu + p->cq.size();
        a->total_q = p->rows_q, a->total_k = p->rows_k;
    }
    a->causal = s->causal;
    return 1;
}

/* Poison the outputs: every bit set (NaN in bf16, fp16 and fp32). */
static int ex_at_poison(ex_at_problem *p)
{
    return cudaMemset(p->dout, 0xFF, p->on * 2) == cudaSuccess && cudaMemset(p->dlse, 0xFF, p->ln * 4) == cudaSuccess;
}

/* The reference of one row (b, h, i) and the bounds of its comparison (the header comment). */
static void ex_at_ref_row(const ex_at_problem *p, int64_t b, int64_t h, int64_t i, double *o, double *otol, double *lse,
                          double *ltol)
{
    const ex_at_spec &s = p->s;
    const int64_t d = p->d, hk = h / (s.h / s.hkv);
    const int64_t q0 = s.varlen ? p->cq[(size_t)b] : 0, k0 = s.varlen ? p->ck[(size_t)b] : 0;
    const int64_t sq = s.varlen ? p->cq[(size_t)b + 1] - q0 : s.sq, sk = s.varlen ? p->ck[(size_t)b + 1] - k0 : s.sk;
    const int64_t bb = s.varlen ? 0 : b;
    const double scale = 1.0 / sqrt((double)d), u = p->dtype == SWZ_ATTN_BF16 ? 1.0 / 256.0 : 1.0 / 2048.0;
    const uint16_t *qr = p->q.data() + bb * p->qst[0] + (q0 + i) * p->qst[1] + h * p->qst[2];
    std::vector<double> sv((size_t)sk), pv((size_t)sk);
    double m = -INFINITY, smax = 0.0;
    int64_t nk = 0;
    for (int64_t j = 0; j < sk; ++j) {
        if (s.causal && j > i + sk - sq) {
            sv[(size_t)j] = -INFINITY;
            continue;
        }
        const uint16_t *kr = p->k.data() + bb * p->kst[0] + (k0 + j) * p->kst[1] + hk * p->kst[2];
        double acc = 0.0, aabs = 0.0;
        for (int64_t x = 0; x < d; ++x) {
            const double t = ex_at_from16(qr[x], p->dtype) * ex_at_from16(kr[x], p->dtype);
            acc += t, aabs += fabs(t);
        }
        sv[(size_t)j] = acc * scale;
        smax = std::max(smax, aabs * scale);
        m = std::max(m, sv[(size_t)j]);
        ++nk;
    }
    const double es = (double)d * ldexp(1.0, -24) * smax;
    if (nk == 0) {
        for (int64_t x = 0; x < d; ++x) o[x] = 0.0, otol[x] = 0.0;
        *lse = -INFINITY, *ltol = 0.0;
        return;
    }
    double l = 0.0;
    for (int64_t j = 0; j < sk; ++j) l += (pv[(size_t)j] = sv[(size_t)j] == -INFINITY ? 0.0 : exp(sv[(size_t)j] - m));
    for (int64_t x = 0; x < d; ++x) {
        double acc = 0.0, aabs = 0.0;
        for (int64_t j = 0; j < sk; ++j) {
            if (pv[(size_t)j] == 0.0) continue;
            const double vv = ex_at_from16(p->v[(size_t)(bb * p->vst[0] + (k0 + j) * p->vst[1] + hk * p->vst[2] + x)], p->dtype);
            acc += pv[(size_t)j] * vv, aabs += pv[(size_t)j] * fabs(vv);
        }
        o[x] = acc / l;
        const double bpv = aabs / l;
        otol[x] = 1.25 * (u * bpv + u * fabs(o[x]) + es * bpv + (double)sk * ldexp(1.0, -24) * bpv) + 1e-6;
    }
    *lse = m + log(l);
    *ltol = 2.0 * es + (double)sk * ldexp(1.0, -23) + ldexp(1.0, -22) * fabs(*lse) + 1e-5;
}

/* Compare the device's o and lse with the reference on the checked rows; the storage outside
 * the views must still hold the poison.  Returns the number of wrong values. */
static long long ex_at_compare(const ex_at_problem *p, const char *who, int quiet, double *worst)
{
    const ex_at_spec &s = p->s;
    std::vector<uint16_t> o(p->on);
    std::vector<float> lse(p->ln);
    if (cudaMemcpy(o.data(), p->dout, p->on * 2, cudaMemcpyDeviceToHost) ||
        cudaMemcpy(lse.data(), p->dlse, p->ln * 4, cudaMemcpyDeviceToHost)) {
        printf("%s: cudaMemcpy failed\n", who);
        return 1;
    }
    std::vector<unsigned char> inview(p->on, 0);
    long long bad = 0;
    *worst = 0.0;
    std::vector<double> ro((size_t)p->d), rt((size_t)p->d);
    const int64_t d = p->d;
    const double pairs = (double)s.b * (double)s.h * (double)s.sq * (double)s.sk;
    for (int64_t b = 0; b < s.b; ++b) {
        const int64_t q0 = s.varlen ? p->cq[(size_t)b] : 0, sq = s.varlen ? p->cq[(size_t)b + 1] - q0 : s.sq;
        const int64_t bb = s.varlen ? 0 : b;
        for (int64_t h = 0; h < s.h; ++h) {
            std::vector<int64_t> rows;
            if (pairs <= 3.3e7) {
                for (int64_t i = 0; i < sq; ++i) rows.push_back(i);
            } else {
                for (int64_t i = 0; i < sq && i < 130; ++i) rows.push_back(i);
                for (int64_t i = std::max<int64_t>(130, sq - 130); i < sq; ++i) rows.push_back(i);
                for (int r = 0; r < 128 && sq > 0; ++r) rows.push_back((int64_t)(ex_at_rng() % (uint64_t)sq));
            }
            for (int64_t i = 0; i < sq; ++i) /* every element of the view is the output's */
                for (int64_t x = 0; x < d; ++x) inview[(size_t)(bb * p->ost[0] + (q0 + i) * p->ost[1] + h * p->ost[2] + x)] = 1;
            for (int64_t i : rows) {
                double rl, lt;
                ex_at_ref_row(p, b, h, i, ro.data(), rt.data(), &rl, &lt);
                const uint16_t *orow = o.data() + bb * p->ost[0] + (q0 + i) * p->ost[1] + h * p->ost[2];
                for (int64_t x = 0; x < d; ++x) {
                    const double got = ex_at_from16(orow[x], p->dtype), err = fabs(got - ro[(size_t)x]);
                    if (!(err <= rt[(size_t)x])) {
                        if (!quiet && bad < 5)
                            printf("%s: o[b %lld, row %lld, h %lld, d %lld] = %.6g, reference %.6g (bound %.3g)\n", who,
                                   (long long)b, (long long)i, (long long)h, (long long)x, got, ro[(size_t)x], rt[(size_t)x]);
                        ++bad;
                    } else if (rt[(size_t)x] > 0) {
                        *worst = std::max(*worst, err / rt[(size_t)x]);
                    }
                }
                const float gl = lse[(size_t)(s.varlen ? h * p->rows_q + q0 + i : (b * s.h + h) * s.sq + i)];
                const int ok = rl == -INFINITY ? (gl == -INFINITY) : fabs((double)gl - rl) <= lt;
                if (!ok) {
                    if (!quiet && bad < 5)
                        printf("%s: lse[b %lld, h %lld, row %lld] = %.8g, reference %.8g (bound %.3g)\n", who, (long long)b,
                               (long long)h, (long long)i, (double)gl, rl, lt);
                    ++bad;
                }
            }
        }
    }
    for (size_t i = 0; i < p->on; ++i)
        if (!inview[i] && o[i] != 0xFFFFu) {
            if (!quiet && bad < 5) printf("%s: element %zu outside the output view was written\n", who, i);
            ++bad;
        }
    return bad;
}

static int ex_at_run(const swz_variant *v, const char *spec, int quiet)
{
    const swz_attn_ops *ops = swz_attn_ops_of(v);
    ex_at_spec s;
    if (!ex_at_parse(spec, ops->head_dim, &s)) return 2;
    if (ops->wgmma && !ex_at_is_sm90()) {
        if (!quiet) printf("%-32s %-22s skipped: needs sm_90\n", v->name, spec);
        return 0;
    }
    ex_at_problem p;
    int rc = 1;
    if (!ex_at_prepare(&p, &s, ops->dtype, ops->head_dim) || !ex_at_poison(&p)) {
        printf("%s %s: set-up failed\n", v->name, spec);
        ex_at_free(&p);
        return 1;
    }
    cudaError_t e = ops->launch(&p.a, 0);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("%s %s: %s\n", v->name, spec, cudaGetErrorString(e));
    } else {
        double worst = 0.0;
        const long long bad = ex_at_compare(&p, v->name, quiet, &worst);
        if (bad) printf("%-32s %-22s FAILED: %lld wrong values\n", v->name, spec, bad);
        else if (!quiet) printf("%-32s %-22s ok (worst error %.2f of its bound)\n", v->name, spec, worst);
        rc = bad != 0;
    }
    ex_at_free(&p);
    return rc;
}

/* ---- the bench hooks ---------------------------------------------------------------------
 * The C bench times the variants of one head dimension and type beside the portable xor
 * variant (the peer row, for a same-run reference); the comparison with PyTorch's backends
 * (cuDNN, FlashAttention-2, memory-efficient) is bench/bench_attn.py. */
typedef struct ex_at_bench {
    ex_at_problem p;
    void *peer_out;
    const swz_variant *peer;
} ex_at_bench;

static void *ex_at_b_prepare(const char *spec, const swz_variant *v)
{
    const swz_attn_ops *ops = swz_attn_ops_of(v);
    ex_at_spec s;
    if (!ex_at_parse(spec, ops->head_dim, &s)) return NULL;
    ex_at_bench *b = new ex_at_bench;
    b->peer_out = NULL;
    b->peer = ex_at_xor_variant(0, ops->head_dim, ops->dtype);
    if (!b->peer || !ex_at_prepare(&b->p, &s, ops->dtype, ops->head_dim) ||
        cudaMalloc(&b->peer_out, b->p.on * 2 + 16) != cudaSuccess) {
        ex_at_free(&b->p);
        delete b;
        return NULL;
    }
    return b;
}
static void ex_at_b_release(void *vp)
{
    ex_at_bench *b = (ex_at_bench *)vp;
    cudaFree(b->peer_out);
    ex_at_free(&b->p);
    delete b;
}
static void ex_at_b_size(void *vp, char *cell)
{
    const ex_at_spec &s = ((ex_at_bench *)vp)->p.s;
    snprintf(cell, SWZ_SPEC_MAX, "%lldx%lld%s", (long long)s.sq, (long long)s.h, s.causal ? "c" : "");
}
static double ex_at_b_work(void *vp)
{
    const ex_at_problem &p = ((ex_at_bench *)vp)->p;
    const double f = 4.0 * (double)p.s.b * (double)p.s.h * (double)p.s.sq * (double)p.s.sk * (double)p.d;
    return p.s.causal ? f / 2 : f;
}
static size_t ex_at_b_copy_bytes(void *vp)
{
    const ex_at_problem &p = ((ex_at_bench *)vp)->p;
    return (p.qn + p.kn + p.vn + p.on) * 2;
}
static void *ex_at_b_output(void *vp, int who, size_t *bytes)
{
    ex_at_bench *b = (ex_at_bench *)vp;
    *bytes = b->p.on * 2;
    return who >= 0 ? b->peer_out : b->p.dout;
}
static int ex_at_b_peer(void *vp, int k)
{
    ex_at_bench *b = (ex_at_bench *)vp;
    (void)k;
    swz_attn_args a = b->p.a;
    a.o = b->peer_out;
    return swz_attn_ops_of(b->peer)->launch(&a, 0) != cudaSuccess || cudaGetLastError() != cudaSuccess;
}
static int ex_at_b_check_out(ex_at_bench *b, void *out, const char *who)
{
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    void *keep = b->p.dout;
    b->p.dout = out;
    double worst;
    const long long bad = ex_at_compare(&b->p, who, 0, &worst);
    b->p.dout = keep;
    if (bad) printf("# %s: %lld wrong values\n", who, bad);
    return bad != 0;
}
static int ex_at_b_peer_check(void *vp, int k)
{
    ex_at_bench *b = (ex_at_bench *)vp;
    (void)k;
    return ex_at_b_check_out(b, b->peer_out, b->peer->name);
}
static int ex_at_b_launch(void *vp, const swz_variant *v, int mode)
{
    (void)mode;
    ex_at_bench *b = (ex_at_bench *)vp;
    if (swz_attn_ops_of(v)->wgmma && !ex_at_is_sm90()) return 1;
    return swz_attn_ops_of(v)->launch(&b->p.a, 0) != cudaSuccess || cudaGetLastError() != cudaSuccess;
}
static int ex_at_b_check(void *vp, const swz_variant *v, int mode)
{
    (void)mode;
    ex_at_bench *b = (ex_at_bench *)vp;
    return ex_at_b_check_out(b, b->p.dout, v->name);
}

static const char *const ex_at_bench_specs[] = {"4:4096:4096:0:0", "4:4096:4096:0:0:c", "1:16384:16384:0:0", NULL};
static const char *const ex_at_bench_quick[] = {"2:1024:1024:0:0", NULL};
static const char *const ex_at_bench_peers[] = {"swz_attn_mma_xor", NULL};
static const swz_family_bench ex_at_bench_hooks = {
    "swz attention forward (TFLOP/s; PyTorch's backends: bench/bench_attn.py)", ex_at_bench_specs, ex_at_bench_quick,
    "bf16", 0, NULL, ex_at_bench_peers, "mma_xor", 1e9, ex_at_b_prepare, ex_at_b_release, ex_at_b_size, ex_at_b_work,
    ex_at_b_copy_bytes, ex_at_b_output, ex_at_b_peer, ex_at_b_peer_check, ex_at_b_launch, ex_at_b_check};

/* Every shape the tests name: ragged lengths (1, 7, 127, 129, 1000, 4097), seqlen_q != seqlen_k
 * both ways (causal rows without a key), GQA and MQA, varlen batches, strided views, large
 * logits. */
static const char *const ex_at_check_specs[] = {
    "1:128:128:2:2",     "2:1:1:2:1",         "1:7:7:3:3:c",        "1:127:129:4:2",   "1:129:127:2:1:c",
    "2:1000:1000:2:2:c", "1:4097:4097:2:1",   "1:4097:4097:2:2:c",  "3:300:500:4:2:v", "4:300:500:4:1:vc",
    "2:257:193:4:4:s",   "2:193:257:4:2:cs",  "1:200:300:2:2:x",    "1:1000:130:2:1:c", "1:0:64:2:2",
    "1:64:0:2:2",        "12:200:200:12:4:c", "24:200:200:8:2:vc", NULL};
/* The launcher with pointers p[0..) (swz_family.call: the registry test's NULL-pointer checks). */
static const char *const ex_attn_pointers[] = {"q", "k", "v", "o", "lse", NULL};
static int ex_attn_call(const swz_variant *v, void *const *p)
{
    const swz_attn_ops *o = swz_attn_ops_of(v);
    const swz_attn_args a = swz_attn_args_dense(o->dtype, 1, 64, 64, 2, 2, o->head_dim, p[0], p[1], p[2], p[3],
                                                (float *)p[4]);
    return (int)o->launch(&a, 0);
}

SWZ_FAMILY_DEFINE(attn) = {&swz_attn_registry, "B:SQ:SK:H:HKV[:cvsx]", ex_at_check_specs, "4:4096:4096:0:0",
                           "TFLOP/s", ex_at_run, &ex_at_bench_hooks, ex_attn_pointers, ex_attn_call};
