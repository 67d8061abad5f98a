#!/usr/bin/env python3
"""Headline lines of one family CSV (bench/*.csv): per size, the best swz variant against the
memcpy ceiling and the peer, plus the named comparisons the targets in docs/performance.md use.
For transpose_types.csv (size cells "ELEM PROBLEM") one line per element and problem, with
torch's x.t().contiguous() from transpose_torch.csv beside it when that file is there.
Usage: headline.py FAMILY.csv"""
import csv
import os
import sys

PEERS = {"memcpy", "cublasSgeam", "cublasSgemm", "cublasSgemm_default", "cub::DeviceReduce::Sum",
         "cub", "cublas"}


def is_peer(v):
    return v in PEERS or v.startswith("cublas") or v.startswith("cub") or v.startswith("memcpy")


rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
torch = {}
if rows and rows[0]["family"] == "transpose_types":
    tp = os.path.join(os.path.dirname(sys.argv[1]), "transpose_torch.csv")
    if os.path.exists(tp):
        torch = {r["size"]: float(r["value"]) for r in csv.DictReader(open(tp, encoding="utf-8"))
                 if r["variant"] == "torch_t_contiguous"}
fam = rows[0]["family"] if rows else "?"
for size in dict.fromkeys(r["size"] for r in rows):
    rs = [r for r in rows if r["size"] == size and r["metric"] in ("GB/s", "TFLOP/s")]
    mine = [r for r in rs if not is_peer(r["variant"])]
    if not mine:
        continue
    best = max(mine, key=lambda r: float(r["value"]))
    peers = [r for r in rs if is_peer(r["variant"]) and r["variant"] != "memcpy"]
    peer = peers[0]["variant"] if peers else "peer"
    vs_torch = f"  x{float(best['value']) / torch[size]:.2f} torch" if size in torch else ""
    vs_peer = f"x{float(best['ratio_peer'] or 'nan'):.3f} {peer}" if peers else "(no cuBLAS peer)"
    print(f"{fam:9s} {size:>14s}  best {best['variant']:<24s} {float(best['value']):8.1f} {best['metric']:<7s}"
          f" x{float(best['ratio_memcpy'] or 'nan'):.3f} memcpy  {vs_peer}{vs_torch}")
