"""swz: the attention family of swz (examples/attn) on PyTorch CUDA tensors.

    import swz
    o, lse = swz.attention(q, k, v, causal=True)

q: [batch, seqlen_q, heads, head_dim], k and v: [batch, seqlen_k, heads_kv, head_dim] (any strides
with the last one 1: a transposed or sliced view works without a copy), bf16 or fp16 on a CUDA
device; heads a multiple of heads_kv (grouped-query / multi-query attention); head_dim 64, 96 or 128.
Returns o like q (a new contiguous tensor, or `out`) and lse [batch, heads, seqlen_q] (fp32, the
natural-log log-sum-exp of every row).  causal aligns the diagonal bottom-right when
seqlen_q != seqlen_k (as FlashAttention and torch.nn.attention.bias.causal_lower_right do); a
row left without a key gets o = 0 and lse = -inf.  scale defaults to 1/sqrt(head_dim).

Variable-length batches (FlashAttention's varlen form): q [total_q, heads, d], k and v
[total_k, heads_kv, d] with cu_seqlens_q / cu_seqlens_k (int32 CUDA tensors of batch + 1
cumulative offsets) and max_seqlen_q / max_seqlen_k; lse is then [heads, total_q].

The work is done by libswz_attn.so (the library's plain C interface, examples/attn/attn.h),
loaded with ctypes -- no compiler at import.  It is found through $SWZ_ATTN_LIB, else in the
build directory of the repository this file lives in (build/examples/attn), else on the loader's
path.  swz.attention takes the fastest variant the device runs (Hopper: TMA + wgmma; else the
portable mma.sync one); variant="swz_attn_mma_xor_128_bf16" names one (swz.variants() lists them).
Bad arguments raise ValueError with the sentence of the library's check; nothing is launched.
"""
import ctypes
import math
import os

import torch

__all__ = ["attention", "variants", "library"]

_BF16, _F16 = 1, 2


class _Args(ctypes.Structure):
    """struct swz_attn_args of attn.h, field for field."""
    _fields_ = [
        ("dtype", ctypes.c_int),
        ("batch", ctypes.c_int64), ("seqlen_q", ctypes.c_int64), ("seqlen_k", ctypes.c_int64),
        ("heads", ctypes.c_int64), ("heads_kv", ctypes.c_int64), ("head_dim", ctypes.c_int64),
        ("q", ctypes.c_void_p), ("k", ctypes.c_void_p), ("v", ctypes.c_void_p),
        ("o", ctypes.c_void_p), ("lse", ctypes.c_void_p),
        ("q_stride", ctypes.c_int64 * 3), ("k_stride", ctypes.c_int64 * 3),
        ("v_stride", ctypes.c_int64 * 3), ("o_stride", ctypes.c_int64 * 3),
        ("cu_seqlens_q", ctypes.c_void_p), ("cu_seqlens_k", ctypes.c_void_p),
        ("total_q", ctypes.c_int64), ("total_k", ctypes.c_int64),
        ("scale", ctypes.c_float), ("causal", ctypes.c_int),
    ]


_lib = None


def library():
    """The loaded libswz_attn.so (ctypes.CDLL)."""
    global _lib
    if _lib is not None:
        return _lib
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("SWZ_ATTN_LIB", "")]
    root = os.path.normpath(os.path.join(here, "..", "..", "..", ".."))
    candidates += [os.path.join(root, b, "examples", "attn", "libswz_attn.so")
                   for b in ("build", "build-release", "build-bench")]
    candidates.append("libswz_attn.so")
    errors = []
    for c in candidates:
        if not c or (os.sep in c and not os.path.exists(c)):
            continue
        try:
            lib = ctypes.CDLL(c)
        except OSError as e:
            errors.append(f"{c}: {e}")
            continue
        lib.swz_attn_forward.argtypes = [ctypes.POINTER(_Args), ctypes.c_void_p]
        lib.swz_attn_forward.restype = ctypes.c_int
        lib.swz_attn_explain.argtypes = [ctypes.POINTER(_Args), ctypes.c_char_p, ctypes.c_size_t]
        lib.swz_attn_explain.restype = ctypes.c_int
        lib.swz_attn_forward_variant.argtypes = [ctypes.POINTER(_Args)]
        lib.swz_attn_forward_variant.restype = ctypes.c_char_p
        lib.swz_attn_variant_name.argtypes = [ctypes.c_int]
        lib.swz_attn_variant_name.restype = ctypes.c_char_p
        _lib = lib
        return lib
    raise OSError("swz: libswz_attn.so not found (build the repository, or set SWZ_ATTN_LIB)"
                  + ("; " + "; ".join(errors) if errors else ""))


def variants():
    """The names of every variant in the library, in the registry's order (attn.h SWZ_ATTN_VARIANTS)."""
    lib, names = library(), []
    while True:
        n = lib.swz_attn_variant_name(len(names))
        if n is None:
            return names
        names.append(n.decode())


def _strides(t):
    if t.dim() == 3:  # varlen: [total, heads, d] -> batch stride 0
        return (0, t.stride(0), t.stride(1))
    return (t.stride(0), t.stride(1), t.stride(2))


def attention(q, k, v, causal=False, scale=None, cu_seqlens_q=None, cu_seqlens_k=None,
              max_seqlen_q=None, max_seqlen_k=None, out=None, variant=None):
    """(o, lse) = softmax(scale * q k^T [+ causal mask]) v and its log-sum-exp (see the module doc)."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        if not isinstance(t, torch.Tensor) or not t.is_cuda:
            raise ValueError(f"swz.attention needs CUDA tensors ({name} is not)")
    if q.dtype not in (torch.bfloat16, torch.float16) or k.dtype != q.dtype or v.dtype != q.dtype:
        raise ValueError("swz.attention needs q, k and v of one type, bfloat16 or float16")
    varlen = cu_seqlens_q is not None or cu_seqlens_k is not None
    want_dim = 3 if varlen else 4
    if q.dim() != want_dim or k.dim() != want_dim or v.dim() != want_dim:
        raise ValueError(f"swz.attention needs {want_dim}-D q, k, v "
                         + ("[total, heads, d] with cu_seqlens" if varlen else "[batch, seqlen, heads, d]"))
    # the kernels read rows along the last dimension: a view whose last stride is not 1 is copied
    q, k, v = (t if t.stride(-1) == 1 else t.contiguous() for t in (q, k, v))
    d = q.shape[-1]
    a = _Args()
    a.dtype = _BF16 if q.dtype == torch.bfloat16 else _F16
    a.heads, a.heads_kv, a.head_dim = q.shape[-2], k.shape[-2], d
    if varlen:
        if cu_seqlens_q is None or cu_seqlens_k is None:
            raise ValueError("swz.attention needs both cu_seqlens_q and cu_seqlens_k")
        for t in (cu_seqlens_q, cu_seqlens_k):
            if t.dtype != torch.int32 or not t.is_cuda or t.dim() != 1 or not t.is_contiguous():
                raise ValueError("swz.attention needs cu_seqlens as contiguous int32 CUDA tensors")
        a.batch = cu_seqlens_q.numel() - 1
        if cu_seqlens_k.numel() != a.batch + 1:
            raise ValueError("swz.attention needs cu_seqlens_q and cu_seqlens_k of the same length")
        if max_seqlen_q is None or max_seqlen_k is None:
            lq = (cu_seqlens_q[1:] - cu_seqlens_q[:-1]).max().item() if a.batch else 0
            lk = (cu_seqlens_k[1:] - cu_seqlens_k[:-1]).max().item() if a.batch else 0
            max_seqlen_q = lq if max_seqlen_q is None else max_seqlen_q
            max_seqlen_k = lk if max_seqlen_k is None else max_seqlen_k
        a.seqlen_q, a.seqlen_k = int(max_seqlen_q), int(max_seqlen_k)
        a.total_q, a.total_k = q.shape[0], k.shape[0]
        a.cu_seqlens_q, a.cu_seqlens_k = cu_seqlens_q.data_ptr(), cu_seqlens_k.data_ptr()
        o_shape, lse_shape = (q.shape[0], q.shape[1], d), (q.shape[1], q.shape[0])
    else:
        if k.shape[0] != q.shape[0] or v.shape != k.shape:
            raise ValueError("swz.attention needs q, k, v of one batch and k, v of one shape")
        a.batch, a.seqlen_q, a.seqlen_k = q.shape[0], q.shape[1], k.shape[1]
        o_shape, lse_shape = tuple(q.shape), (q.shape[0], q.shape[2], q.shape[1])
    if out is None:
        out = torch.empty(o_shape, dtype=q.dtype, device=q.device)
    elif tuple(out.shape) != tuple(o_shape) or out.dtype != q.dtype or out.stride(-1) != 1:
        raise ValueError(f"swz.attention needs out of shape {tuple(o_shape)}, type {q.dtype}, last stride 1")
    lse = torch.empty(lse_shape, dtype=torch.float32, device=q.device)
    a.q, a.k, a.v, a.o, a.lse = q.data_ptr(), k.data_ptr(), v.data_ptr(), out.data_ptr(), lse.data_ptr()
    for field, t in (("q_stride", q), ("k_stride", k), ("v_stride", v), ("o_stride", out)):
        getattr(a, field)[:] = _strides(t)
    a.scale = float(scale) if scale is not None else 0.0
    a.causal = 1 if causal else 0
    lib = library()
    with torch.cuda.device(q.device):
        stream = torch.cuda.current_stream().cuda_stream
        if variant is None:
            rc = lib.swz_attn_forward(ctypes.byref(a), ctypes.c_void_p(stream))
        else:
            fn = getattr(lib, variant, None)
            if fn is None:
                raise ValueError(f"swz.attention: no variant {variant} (swz.variants() lists them)")
            fn.argtypes = [ctypes.POINTER(_Args), ctypes.c_void_p]
            fn.restype = ctypes.c_int
            rc = fn(ctypes.byref(a), ctypes.c_void_p(stream))
    if rc != 0:
        buf = ctypes.create_string_buffer(256)
        if lib.swz_attn_explain(ctypes.byref(a), buf, 256) != 0:
            raise ValueError("swz.attention: " + buf.value.decode())
        raise RuntimeError(f"swz.attention: CUDA error {rc} ({variant or 'swz_attn_forward'})")
    return out, lse


def default_scale(head_dim):
    """The softmax scale swz.attention uses when none is given."""
    return 1.0 / math.sqrt(head_dim)
