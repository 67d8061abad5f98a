"""bench/bench_attn.py -- swz's attention family beside PyTorch's scaled_dot_product_attention
backends (cuDNN, FLASH = FlashAttention-2, memory-efficient), on the same tensors in one process.

    python3 bench/bench_attn.py [--quick] [--rounds R] [--iters N] [--seqlens 512,1024,...]
                                [--dims 128,64] [--dtypes bf16,fp16] [--variants all|best]
                                [--out DIR]

Shapes: total tokens 16384 (batch = 16384 / seqlen), seqlen 512 ... 16384, 2048 / head_dim heads,
causal and not.  Every implementation is timed in interleaved rounds (each round times each
implementation once: the median of --iters launches by CUDA events after warm-up; round r starts
at the r-th implementation, so that no implementation always runs right after the others), and the
table reports the median over the rounds, in TFLOP/s counting 4 * B * H * S^2 * D (halved for
causal), with ratios against cuDNN and FLASH measured in the same run.  Before timing, every
implementation's output is compared with cuDNN's (a timing of a wrong result is not reported).
Needs torch with CUDA and libswz_attn.so (build/examples/attn, or $SWZ_ATTN_LIB).  A benchmark,
never a test: it exits 0 whatever the timings, non-zero only when an output is wrong."""
import argparse
import csv
import math
import os
import statistics
import sys

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "attn", "python"))
import swz  # noqa: E402

PEERS = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION,
         "efficient": SDPBackend.EFFICIENT_ATTENTION}


def time_ms(fn, iters):
    start = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    end = [torch.cuda.Event(enable_timing=True) for _ in range(iters)]
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    for i in range(iters):
        start[i].record()
        fn()
        end[i].record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(start, end))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--seqlens", default="512,1024,2048,4096,8192,16384")
    ap.add_argument("--dims", default="128,64")
    ap.add_argument("--dtypes", default="bf16,fp16")
    ap.add_argument("--causal", default="0,1")
    ap.add_argument("--variants", default="best", help="best: the xor variants; all: none and pad too")
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    a = ap.parse_args()
    if a.quick:
        a.seqlens, a.rounds, a.iters = "1024,4096", 2, 5
    dev = torch.cuda.get_device_name()
    print(f"# {dev}, torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
    hopper = torch.cuda.get_device_capability() == (9, 0)
    rows = []
    bad = 0
    torch.manual_seed(0)
    for dt in a.dtypes.split(","):
        dtype = torch.bfloat16 if dt == "bf16" else torch.float16
        en = "bf16" if dt == "bf16" else "f16"
        for d in (int(x) for x in a.dims.split(",")):
            names = [n for n in swz.variants() if n.endswith(f"_{d}_{en}") and (hopper or "wgmma" not in n)]
            if a.variants == "best":
                names = [n for n in names if "_xor_" in n]
            for causal in (bool(int(c)) for c in a.causal.split(",")):
                for S in (int(x) for x in a.seqlens.split(",")):
                    B, H = max(1, 16384 // S), 2048 // d
                    q, k, v = (torch.randn(B, S, H, d, device="cuda", dtype=dtype) for _ in range(3))
                    qt, kt, vt = (t.transpose(1, 2) for t in (q, k, v))  # [B, H, S, D] views, no copy
                    flops = 4.0 * B * H * S * S * d / (2 if causal else 1)
                    impls = {}
                    for p, be in PEERS.items():
                        def run(be=be):
                            with sdpa_kernel(be):
                                return F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
                        try:
                            run()
                            impls[p] = run
                        except RuntimeError:
                            pass  # the backend does not take this shape or type
                    for n in names:
                        impls[n] = (lambda n=n: swz.attention(q, k, v, causal=causal, variant=n)[0])
                    ref = impls["cudnn"]().transpose(1, 2).float() if "cudnn" in impls else None
                    for n in list(impls):
                        out = impls[n]()
                        out = out.transpose(1, 2) if n in PEERS else out
                        if ref is not None:
                            err = (out.float() - ref).abs().max().item()
                            if not err < 2e-2:
                                print(f"# {n} {dt} d {d} S {S} causal {causal}: max |o - cudnn| = {err:.3g}: WRONG")
                                bad += 1
                                del impls[n]
                    times = {n: [] for n in impls}
                    order = list(impls)
                    for r in range(a.rounds):  # each round starts at the next implementation: none always runs last
                        for n in order[r % len(order):] + order[:r % len(order)]:
                            times[n].append(time_ms(impls[n], a.iters))
                    med = {n: statistics.median(t) for n, t in times.items()}
                    for n in impls:
                        tf = flops / (med[n] * 1e-3) / 1e12
                        rows.append({"dtype": dt, "head_dim": d, "causal": int(causal), "seqlen": S, "batch": B,
                                     "heads": H, "impl": n, "ms": med[n], "tflops": tf,
                                     "x_cudnn": med["cudnn"] / med[n] if "cudnn" in med else float("nan"),
                                     "x_flash": med["flash"] / med[n] if "flash" in med else float("nan"),
                                     "spread": (max(times[n]) - min(times[n])) / med[n]})
                    del q, k, v, qt, kt, vt, ref
                    torch.cuda.empty_cache()
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "attn.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["impl"])
        w.writeheader()
        w.writerows(rows)
    print(f"# {len(rows)} rows -> {path}; TFLOP/s (x cuDNN, x FLASH), median of {a.rounds} interleaved rounds")
    keys = sorted({(r["dtype"], r["head_dim"], r["causal"]) for r in rows}, key=lambda k: (k[0], -k[1], k[2]))
    for key in keys:
        sub = [r for r in rows if (r["dtype"], r["head_dim"], r["causal"]) == key]
        seqs = sorted({r["seqlen"] for r in sub})
        impls = list(dict.fromkeys(r["impl"] for r in sub))
        print(f"\n{key[0]} d={key[1]} {'causal' if key[2] else 'non-causal'}: " + " ".join(f"{s:>15}" for s in seqs))
        for n in impls:
            cells = []
            for s in seqs:
                r = next((r for r in sub if r["seqlen"] == s and r["impl"] == n), None)
                cells.append(f"{r['tflops']:6.1f} ({r['x_cudnn']:.2f}/{r['x_flash']:.2f})" if r else " " * 15)
            print(f"  {n:28s} " + " ".join(f"{c:>15}" for c in cells))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
