#!/usr/bin/env python3
"""bench/smem_sweep_ncu.py -- ncu wavefronts per instruction for the shared-memory stride sweep.

Runs `bench_smem_stride --ncu` (one launch per (width, stride), in the order widths 4, 8, 16 x
strides 1..64) under one ncu run, reads each launch's shared-load wavefronts and
instructions, and writes DIR/smem_stride_ncu.csv and a table: measured wavefronts per
instruction beside the bank model's (bench_smem_stride's model_rel = ideal / wavefronts) and
the measured bandwidth relative to stride 1 from DIR/smem_stride.csv when that file exists.

Usage: smem_sweep_ncu.py --bench BUILD/bench/bench_smem_stride --out DIR [--ncu PATH]
Exit status: 0, 1 when a measured value differs from the model by more than 1%, 2 no ncu.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import parse_ncu_csv  # noqa: E402  (one ncu CSV parser for the benches)

WF = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
INST = "smsp__sass_inst_executed_op_shared_ld.sum"
WIDTHS = (4, 8, 16)
STRIDES = range(1, 65)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", required=True)
    ap.add_argument("--out", default=".")
    ap.add_argument("--ncu", default=shutil.which("ncu") or "/usr/local/cuda/bin/ncu")
    a = ap.parse_args()
    if not os.path.exists(a.ncu):
        print("smem_sweep_ncu: ncu not found", file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    raw = os.path.join(a.out, "ncu_smem_stride.csv")
    cmd = [a.ncu, "--clock-control", "none", "--csv", "--print-units", "base", "--metrics",
           WF + "," + INST, "--kernel-name", "regex:smem_stride", "--log-file", raw, a.bench, "--ncu"]
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    if p.returncode != 0:
        sys.stdout.write(p.stdout[-3000:] + p.stderr[-3000:])
        return 2
    recs = parse_ncu_csv(open(raw, encoding="utf-8", errors="replace").read())
    configs = [(w, s) for w in WIDTHS for s in STRIDES]
    if len(recs) != len(configs):
        print("smem_sweep_ncu: %d kernels profiled, expected %d" % (len(recs), len(configs)))
        return 1
    model, bw = {}, {}
    sweep = os.path.join(a.out, "smem_stride.csv")
    if os.path.exists(sweep):
        for r in csv.DictReader(open(sweep, encoding="utf-8")):
            key = (int(r["variant"][2:]), int(r["size"]))
            if r["metric"] == "model_rel":
                model[key] = float(r["value"])
            elif r["metric"] == "GB/s" and r["ratio_peer"]:
                bw[key] = float(r["ratio_peer"])
    bad = 0
    rows = []
    for (w, s), rec in zip(configs, recs):
        m = rec["metrics"]
        wpi = m[WF] / m[INST] if m.get(INST) else float("nan")
        ideal = {4: 1, 8: 2, 16: 4}[w]
        mod = ideal / model[(w, s)] if (w, s) in model else float("nan")
        ok = abs(wpi - mod) <= 0.01 * mod if mod == mod else True
        bad += not ok
        rows.append((w, s, wpi, mod, bw.get((w, s), float("nan")), ok))
    with open(os.path.join(a.out, "smem_stride_ncu.csv"), "w", encoding="utf-8") as f:
        f.write("width,stride,ncu_wavefronts_per_inst,model_wavefronts,rel_bandwidth,match\n")
        for w, s, wpi, mod, rel, ok in rows:
            f.write("%d,%d,%.4f,%.4f,%.4f,%d\n" % (w, s, wpi, mod, rel, ok))
    print("stride | ld4: ncu wf/inst (model) rel.bw | ld8 ... | ld16 ...")
    for s in STRIDES:
        cells = []
        for w in WIDTHS:
            r = rows[WIDTHS.index(w) * len(STRIDES) + s - 1]
            cells.append("%6.2f (%5.2f) %5.2f%s" % (r[2], r[3], r[4], "" if r[5] else " !"))
        print("%6d | %s" % (s, " | ".join(cells)))
    print("smem sweep: %d of %d configurations differ from the model by more than 1%%" % (bad, len(rows)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
