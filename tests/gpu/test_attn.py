"""tests/gpu/test_attn.py -- swz.attention (examples/attn/python/swz) from PyTorch.

Every variant of the library, both head dimensions, causal and not, seqlen_q != seqlen_k, GQA,
varlen batches and strided views, against a float64 reference computed with torch on the GPU
(causal aligned bottom-right), within the error bound of registry.cu (P and O rounded to the
input type: u = 2^-8 bf16, 2^-11 fp16); then the errors a caller can make.  Exit 77 (meson's
SKIP) without torch or a CUDA device."""
import math
import sys

try:
    import torch
except ImportError:
    print("SKIP: no torch")
    sys.exit(77)
if not torch.cuda.is_available():
    print("SKIP: no CUDA device")
    sys.exit(77)

import swz  # noqa: E402  (after the skips: importing it needs torch)

failures = 0


def expect(cond, msg):
    global failures
    if not cond:
        failures += 1
        print("FAIL", msg)


def reference(q, k, v, causal, scale):
    """float64 o [B, Sq, H, D] and lse [B, H, Sq] with the diagonal aligned bottom-right, and the
    per-element bound sum_j p_j |v_j| / l."""
    B, Sq, H, D = q.shape
    Sk, Hk = k.shape[1], k.shape[2]
    qd = q.double().transpose(1, 2)                                  # B H Sq D
    kd = k.double().transpose(1, 2).repeat_interleave(H // Hk, dim=1)
    vd = v.double().transpose(1, 2).repeat_interleave(H // Hk, dim=1)
    s = torch.matmul(qd, kd.transpose(-1, -2)) * scale
    if causal:
        i = torch.arange(Sq, device=q.device)[:, None]
        j = torch.arange(Sk, device=q.device)[None, :]
        s = s.masked_fill(j > i + Sk - Sq, float("-inf"))
    m = s.amax(dim=-1, keepdim=True)
    empty = torch.isinf(m) & (m < 0)
    p = torch.exp(s - torch.where(empty, torch.zeros_like(m), m))
    l = p.sum(-1, keepdim=True)
    safe = torch.where(l > 0, l, torch.ones_like(l))
    o = torch.matmul(p, vd) / safe
    bound = torch.matmul(p, vd.abs()) / safe
    lse = torch.where(l[..., 0] > 0, (m + torch.log(safe))[..., 0], torch.full_like(l[..., 0], float("-inf")))
    return o.transpose(1, 2), lse, bound.transpose(1, 2)


def check(name, o, lse, q, k, v, causal, scale=None):
    scale = scale if scale is not None else 1.0 / math.sqrt(q.shape[-1])
    ro, rl, bound = reference(q, k, v, causal, scale)
    u = 2.0 ** -8 if q.dtype == torch.bfloat16 else 2.0 ** -11
    tol = 1.25 * (u * bound + u * ro.abs() + q.shape[1] * 2.0 ** -24 * bound) + 1e-5
    err = (o.double() - ro).abs()
    bad = ~(err <= tol)
    expect(not bad.any().item(), f"{name}: {bad.sum().item()} elements of o outside the bound "
           f"(worst {(err / tol).max().item():.2f} of it)")
    finite = torch.isfinite(rl)
    lerr = (lse.double() - rl).abs()
    expect(bool((lerr[finite] <= 1e-3 + 1e-6 * rl[finite].abs()).all().item()), f"{name}: lse off by "
           f"{lerr[finite].max().item() if finite.any() else 0:.3g}")
    expect(bool(torch.isneginf(lse[~finite]).all().item()), f"{name}: rows without keys need lse = -inf")


def rand(shape, dtype, mul=1.0):
    return (torch.rand(shape, device="cuda", dtype=torch.float32) * 2 - 1).mul(mul).to(dtype)


def main():
    torch.manual_seed(1234)
    names = swz.variants()
    expect(len(names) > 0, "no variant in the library")
    hopper = torch.cuda.get_device_capability() == (9, 0)
    shapes = [(2, 300, 500, 4, 2), (1, 129, 127, 2, 1), (1, 1, 1, 2, 2), (1, 1000, 1000, 2, 1)]
    for name in names:
        if "wgmma" in name and not hopper:
            continue
        d = int(name.split("_")[4])
        dtype = torch.bfloat16 if name.endswith("bf16") else torch.float16
        for (B, Sq, Sk, H, Hk) in shapes:
            for causal in (False, True):
                q, k, v = rand((B, Sq, H, d), dtype), rand((B, Sk, Hk, d), dtype), rand((B, Sk, Hk, d), dtype)
                o, lse = swz.attention(q, k, v, causal=causal, variant=name)
                torch.cuda.synchronize()
                check(f"{name} {B}x{Sq}x{Sk}x{H}/{Hk} causal={causal}", o, lse, q, k, v, causal)
        # a strided view: heads sliced out of a wider tensor, q transposed in memory
        base = rand((2, 8, 300, d + 8), dtype)                 # B, heads, S, d + pad
        q = base[:, :4, :, :d].transpose(1, 2)                  # [2, 300, 4, d], strides not packed
        k, v = rand((2, 300, 2, d), dtype), rand((2, 300, 2, d), dtype)
        o, lse = swz.attention(q, k, v, causal=True, variant=name)
        check(f"{name} strided view", o, lse, q, k, v, True)
        # varlen: three sequences packed
        lens_q, lens_k = [5, 300, 129], [7, 250, 400]
        cq = torch.tensor([0] + list(torch.tensor(lens_q).cumsum(0)), dtype=torch.int32, device="cuda")
        ck = torch.tensor([0] + list(torch.tensor(lens_k).cumsum(0)), dtype=torch.int32, device="cuda")
        q, k, v = rand((sum(lens_q), 4, d), dtype), rand((sum(lens_k), 2, d), dtype), rand((sum(lens_k), 2, d), dtype)
        for causal in (False, True):
            o, lse = swz.attention(q, k, v, causal=causal, cu_seqlens_q=cq, cu_seqlens_k=ck, variant=name)
            for b in range(3):
                qs, qe, ks, ke = cq[b].item(), cq[b + 1].item(), ck[b].item(), ck[b + 1].item()
                check(f"{name} varlen seq {b} causal={causal}", o[qs:qe][None], lse[:, qs:qe][None],
                      q[qs:qe][None], k[ks:ke][None], v[ks:ke][None], causal)
    # the default variant, large logits, a given scale
    for d in (64, 96, 128):
        q, k, v = rand((1, 200, 2, d), torch.bfloat16, 40.0), rand((1, 300, 2, d), torch.bfloat16), rand((1, 300, 2, d), torch.bfloat16)
        o, lse = swz.attention(q, k, v, scale=0.3)
        expect(bool(torch.isfinite(o).all().item()), f"d {d}: large logits gave a non-finite o")
        check(f"default d {d} large logits", o, lse, q, k, v, False, scale=0.3)
    # the errors a caller can make: a ValueError that says what is wrong, nothing launched
    q = rand((1, 64, 4, 80), torch.bfloat16)
    for args, says in (((q, q, q), "head dimension"),
                       ((rand((1, 64, 10, 64), torch.bfloat16), rand((1, 64, 3, 64), torch.bfloat16),
                         rand((1, 64, 3, 64), torch.bfloat16)), "multiple of heads_kv"),
                       ((rand((1, 64, 4, 64), torch.float32),) * 3, "bfloat16 or float16")):
        try:
            swz.attention(*args)
            expect(False, f"no error for {says}")
        except ValueError as e:
            expect(says in str(e), f"the error {e!r} does not say {says!r}")
    print(f"{len(names)} variants; {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
