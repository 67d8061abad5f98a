/* examples/attn/attn.h -- the attention family: a fused FlashAttention-style forward pass
 * (softmax(scale * Q K^T + mask) V and the log-sum-exp of every row) on swz's tiles.  What the
 * library swz_attn exports: the argument record and its checks, every variant's launcher and
 * record, the registry, the typed ops record and swz_attn_forward, which picks the fastest
 * variant the GPU runs.  Plain C (C99/C11/C++); nothing here needs nvcc.
 *
 * What it computes
 *   For every batch entry b, head h and query row i (0 <= i < Sq):
 *     s_j   = scale * q_i . k_j            for the keys j the mask keeps (0 <= j < Sk, and with
 *                                          causal: j <= i + Sk - Sq, the diagonal aligned
 *                                          bottom-right as PyTorch and FlashAttention do)
 *     o_i   = sum_j exp(s_j - m) v_j / sum_j exp(s_j - m),   m = max_j s_j
 *     lse_i = m + log(sum_j exp(s_j - m))  (natural log, fp32)
 *   A row the mask leaves without a key (causal with Sq > Sk: the first Sq - Sk rows) gets
 *   o_i = 0 and lse_i = -inf.  Inputs bf16 or fp16, products and sums in fp32, O in the input
 *   type.  Grouped-query / multi-query attention: query head h reads key/value head
 *   h / (heads / heads_kv).
 *
 * Tensors as PyTorch holds them
 *   q: [batch, seqlen_q, heads, head_dim], k and v: [batch, seqlen_k, heads_kv, head_dim],
 *   o: [batch, seqlen_q, heads, head_dim], every stride an argument in elements (the last
 *   dimension's stride is 1), so a transposed or sliced view works without a copy;
 *   lse: [batch, heads, seqlen_q] fp32, contiguous.
 *   Variable-length batches (FlashAttention's varlen form): with cu_seqlens_q / cu_seqlens_k
 *   (int32 device arrays of batch + 1 cumulative offsets) the sequences are packed along the
 *   seqlen dimension of a single batch entry -- q [1, total_q, heads, d], k and v
 *   [1, total_k, heads_kv, d] -- sequence b holding rows cu[b] .. cu[b+1]-1; seqlen_q and
 *   seqlen_k are then the longest sequence (they size the grid), and lse is [heads, total_q].
 *
 * Example
 *   #include "attn.h"
 *   swz_attn_args a = swz_attn_args_dense(SWZ_ATTN_BF16, 4, 2048, 2048, 16, 16, 128, dq, dk, dv,
 *                                         dout, dlse);   // contiguous [4, 2048, 16, 128]
 *   a.causal = 1;
 *   swz_error why;
 *   if (swz_attn_check(&a, &why) != cudaSuccess) { char s[160]; swz_error_format(&why, s, sizeof s); }
 *   cudaError_t e = swz_attn_forward(&a, stream);   // the fastest variant this GPU runs
 *
 * Names: swz_attn_<arch>_<layout>_<head_dim>_<elem>
 *   arch     wgmma  Hopper (sm_90a): TMA loads, wgmma, a producer warp and two (head dim 128,
 *                   taking turns) or three (64) consumer warpgroups, K/V pipelined in stages, the softmax of one block overlapped with
 *                   the P.V product of the previous one
 *            mma    portable (sm_80 and later): cp.async into XOR tiles, ldmatrix (.trans for V),
 *                   mma.sync m16n8k16 (FlashAttention-2 style)
 *   layout   xor    the tiles in swz's conflict-free XOR layout (mma: the automatic 16-byte XOR;
 *                   wgmma: the 128-byte TMA swizzle)
 *            none   row-major tiles (mma: ldmatrix 8-way conflicted; wgmma: the operands in
 *                   wgmma's unswizzled core-matrix layout, the output staged row-major)
 *            pad    rows padded by 16 bytes (wgmma: the output staging tile only -- a wgmma
 *                   descriptor cannot express a padded row; its operands are as in none)
 *   head_dim 64 or 128 (both archs), 96 (mma: rows of 12 sixteen-byte units, the XOR of
 *            docs/layouts.md's rows that are not a power of two);  elem bf16 or f16
 *
 * Launcher contract (every variant, and swz_attn_forward): returns cudaSuccess, or without
 * launching anything and without writing anything:
 *   cudaErrorInvalidValue       a NULL pointer, a size < 1 (batch, heads, heads_kv; seqlen < 0),
 *                               heads not a multiple of heads_kv, the wrong element type or head
 *                               dimension for the variant, a stride of the last dimension != 1
 *   cudaErrorInvalidPitchValue  a stride (q, k, v, o) that is not a whole number of 16 bytes
 *   cudaErrorMisalignedAddress  a base pointer not aligned to 16 bytes
 *   cudaErrorNotSupported       (swz_attn_forward) no variant for the head dimension / type;
 *                               (a variant) a GPU this variant cannot run on (wgmma: not sm_90)
 *   swz_attn_check says which rule failed, in one sentence.  Seqlen 0 is a successful no-op.
 */
#ifndef SWZ_EXAMPLES_ATTN_H
#define SWZ_EXAMPLES_ATTN_H

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <swz/common.h>
#include "../family.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SWZ_ATTN_BF16 1
#define SWZ_ATTN_F16 2

/* The arguments of one forward pass (see the header comment for shapes and strides). */
typedef struct swz_attn_args {
    int dtype;                 /* SWZ_ATTN_BF16 or SWZ_ATTN_F16 */
    int64_t batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim;
    const void *q, *k, *v;     /* device pointers */
    void *o;                   /* device pointer: the output */
    float *lse;                /* device pointer: [batch, heads, seqlen_q] (varlen: [heads, total_q]) */
    int64_t q_stride[3];       /* element strides of the batch, seqlen and head dimensions */
    int64_t k_stride[3], v_stride[3], o_stride[3];
    const int32_t *cu_seqlens_q, *cu_seqlens_k; /* both NULL, or both set (varlen) */
    int64_t total_q, total_k;  /* varlen: cu_seqlens_q[batch], cu_seqlens_k[batch] (rows of q/o/lse, k/v) */
    float scale;               /* softmax scale; 0: 1/sqrt(head_dim) */
    int causal;                /* 1: keys j <= i + seqlen_k - seqlen_q only */
} swz_attn_args;

/* Arguments for contiguous tensors q [batch, sq, heads, d], k/v [batch, sk, heads_kv, d],
 * o like q, lse [batch, heads, sq]; scale 1/sqrt(d), not causal. */
static inline swz_attn_args swz_attn_args_dense(int dtype, int64_t batch, int64_t sq, int64_t sk,
                                                int64_t heads, int64_t heads_kv, int64_t d,
                                                const void *q, const void *k, const void *v, void *o,
                                                float *lse)
{
    swz_attn_args a;
    memset(&a, 0, sizeof a);
    a.dtype = dtype;
    a.batch = batch, a.seqlen_q = sq, a.seqlen_k = sk, a.heads = heads, a.heads_kv = heads_kv;
    a.head_dim = d;
    a.q = q, a.k = k, a.v = v, a.o = o, a.lse = lse;
    a.q_stride[0] = sq * heads * d, a.q_stride[1] = heads * d, a.q_stride[2] = d;
    a.o_stride[0] = a.q_stride[0], a.o_stride[1] = a.q_stride[1], a.o_stride[2] = a.q_stride[2];
    a.k_stride[0] = sk * heads_kv * d, a.k_stride[1] = heads_kv * d, a.k_stride[2] = d;
    a.v_stride[0] = a.k_stride[0], a.v_stride[1] = a.k_stride[1], a.v_stride[2] = a.k_stride[2];
    return a;
}

/* cudaSuccess, or the launchers' error (above) for the first rule the arguments break, with its
 * sentence in *why (may be NULL), e.g. "attn needs heads a multiple of heads_kv (heads = 10)".
 * d_want / dtype_want: a variant's head dimension and element type (0: any offered). */
cudaError_t swz_attn_check_for(const swz_attn_args *a, int64_t d_want, int dtype_want, swz_error *why);
static inline cudaError_t swz_attn_check(const swz_attn_args *a, swz_error *why)
{
    return swz_attn_check_for(a, 0, 0, why);
}

typedef cudaError_t (*swz_attn_launch_fn)(const swz_attn_args *a, cudaStream_t stream);

/* What an attention variant adds to its swz_variant record (family.h), as v->ops. */
typedef struct swz_attn_ops {
    swz_attn_launch_fn launch;
    int dtype;        /* SWZ_ATTN_BF16 or SWZ_ATTN_F16 */
    int head_dim;     /* 64, 96 (mma) or 128 */
    int wgmma;        /* 1: needs sm_90a (Hopper) */
    int block_m, block_n, threads;
    unsigned smem_bytes;
    /* Host check of the variant's shared-memory address math (no GPU): the layouts are
     * bijections inside their buffers, every fragment address the kernel derives equals the
     * tile's own (swz/mma.h NAME_lane_addr), the epilogue's stores and reads cover the O tile
     * exactly once.  0, or 1 after printing what failed. */
    int (*selfcheck)(void);
} swz_attn_ops;

static inline const swz_attn_ops *swz_attn_ops_of(const swz_variant *v) { return (const swz_attn_ops *)v->ops; }

/* Every variant, in a fixed order. */
extern const swz_registry swz_attn_registry;

/* The forward pass by the fastest variant this GPU runs for a's head dimension and type: the
 * Hopper one (wgmma, xor) on sm_90, the portable one (mma, xor) elsewhere and for head_dim 96. */
cudaError_t swz_attn_forward(const swz_attn_args *a, cudaStream_t stream);
/* The name of the variant swz_attn_forward would take (NULL: none). */
const char *swz_attn_forward_variant(const swz_attn_args *a);
/* The name of variant i of the registry (0 <= i < swz_attn_registry.count), NULL past the last:
 * the variant list for callers without the registry's C types (the Python module). */
const char *swz_attn_variant_name(int i);
/* swz_attn_check's result for a, its sentence into buf (n bytes): for callers without the
 * swz_error record at hand (the Python module). */
int swz_attn_explain(const swz_attn_args *a, char *buf, size_t n);

/* Every shipped variant: X(arch, layout, head_dim, elem). */
#define SWZ_ATTN_VARIANTS(X)                                                                    \
    X(mma, xor, 64, bf16) X(mma, xor, 128, bf16) X(mma, xor, 64, f16) X(mma, xor, 128, f16)    \
    X(mma, none, 64, bf16) X(mma, none, 128, bf16) X(mma, pad, 64, bf16) X(mma, pad, 128, bf16) \
    X(mma, xor, 96, bf16) X(mma, xor, 96, f16) X(mma, pad, 96, bf16)                          \
    X(wgmma, xor, 64, bf16) X(wgmma, xor, 128, bf16) X(wgmma, xor, 64, f16)                   \
    X(wgmma, xor, 128, f16) X(wgmma, none, 64, bf16) X(wgmma, none, 128, bf16)                 \
    X(wgmma, pad, 64, bf16) X(wgmma, pad, 128, bf16)

#define SWZ_ATTN_DECLARE(A, L, D, E)                                                            \
    cudaError_t swz_attn_##A##_##L##_##D##_##E(const swz_attn_args *a, cudaStream_t stream);   \
    extern const swz_variant swz_attn_##A##_##L##_##D##_##E##_variant;
SWZ_ATTN_VARIANTS(SWZ_ATTN_DECLARE)
#undef SWZ_ATTN_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* SWZ_EXAMPLES_ATTN_H */
