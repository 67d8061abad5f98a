#!/usr/bin/env python3
"""bench/tune.py -- interleaved passes of a family's benchmark, and the median of each figure.

What it is for
  A single bench run of two variants that differ by 1-2 % says little: the clock under the
  power limit and the memory's state drift between runs.  This runs the same measurement
  PASSES times, interleaved (pass 1 of every variant, then pass 2, ...), so that a drift hits
  every variant alike, and prints per problem and variant the median rate, the median of the
  same-run ratios to cudaMemcpy and to the family's peer (each pass measures its own), and the
  range of the peer ratio over the passes.

  PROGRAM is one of
    bench_<family> (build/bench/): each pass is one run of it, --out DIR/pass<k> (its CSVs:
        every table it writes, e.g. bench_hgemm's hgemm, hgemm_bf16 and hgemm_tuning, or
        bench_transpose's transpose_types), with --filter and --spec passed on (bench_family.h:
        only those variants, those problems; the peers and cudaMemcpy always run).  Its
        environment passes through, e.g. SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=double,v16
        for bench_transpose's every-element-type section.
    swz-example-<family> (build/examples/): each pass runs `PROGRAM --bench --filter V SPEC...`
        once per item V of --filter (in order), each variant beside its own run of the peer;
        its output goes to DIR/pass<k>-<i>.txt.  Variants only the shipped registry has.
  The tuning candidates (examples/<family>/tuning.h) are in bench_<family>'s tables, not in the
  example programs.

Usage
  python3 bench/tune.py PROGRAM [--passes N] [--filter V,V...] [--spec SPEC]... [--out DIR]
  python3 bench/tune.py --summarize DIR       the medians of the passes already in DIR
  python3 bench/tune.py --self-test           the medians of two hand-made passes (no GPU)
  bash bench/gpu.sh tune runs it (TUNE_PROGRAM, TUNE_PASSES, TUNE_FILTER, TUNE_SPECS).
Exit status: 0, or 1 when a pass failed (a wrong result or a crash; a slow one never fails),
2 for bad usage.
"""
import argparse
import csv
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile


def summarize_csv(out):
    """{(table, size, variant): [(value, x memcpy, x peer)]} from out/pass*/*.csv, in first-seen order."""
    rows = {}
    passes = [d for d in glob.glob(os.path.join(out, "pass*")) if re.search(r"pass\d+$", d)]
    for d in sorted(passes, key=lambda d: int(re.search(r"(\d+)$", d).group(1))):
        for f in sorted(glob.glob(os.path.join(d, "*.csv"))):
            for x in csv.DictReader(open(f)):
                k = (x["family"], x["size"], x["variant"])
                rows.setdefault(k, []).append((float(x["value"]), num(x["ratio_memcpy"]), num(x["ratio_peer"])))
    return rows


def summarize_text(out):
    """The same from the example programs' --bench output (out/pass<k>-<i>.txt): rate and x peer."""
    rows = {}
    for f in sorted(glob.glob(os.path.join(out, "pass*-*.txt")), key=pass_key):
        table = size = None
        for line in open(f):
            m = re.match(r"# (\S+) (\S+): median time", line)
            if m:
                table, size = m.group(1), m.group(2)
                continue
            m = re.match(r"  (\S+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", line)
            if m and table:
                rows.setdefault((table, size, m.group(1)), []).append((float(m.group(3)), None, float(m.group(5))))
    return rows


def pass_key(path):
    m = re.search(r"pass(\d+)-(\d+)\.txt$", path)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def num(s):
    return float(s) if s not in (None, "") else None


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def report(rows):
    """One block per (table, size): median value, x memcpy, x peer, the peer ratio's range, passes."""
    lines = ["# median over the passes; x memcpy and x peer: each pass's same-run ratio"]
    last = None
    for (table, size, variant), v in rows.items():
        if (table, size) != last:
            lines.append("\n# %s %s" % (table, size))
            lines.append("%-30s %10s %9s %9s  %-15s %s" % ("variant", "value", "x memcpy", "x peer", "x peer range", "passes"))
            last = (table, size)
        peers = [p for _, _, p in v if p is not None]
        rng = "%.3f..%.3f" % (min(peers), max(peers)) if peers else ""
        mm, mp = med([m for _, m, _ in v]), med(peers)
        lines.append("%-30s %10.2f %9s %9s  %-15s %d" % (variant, med([a for a, _, _ in v]),
                                                         "%.3f" % mm if mm is not None else "",
                                                         "%.3f" % mp if mp is not None else "", rng, len(v)))
    return "\n".join(lines)


def run_passes(a):
    prog, base = a.program, os.path.basename(a.program)
    if not os.access(prog, os.X_OK):
        print("tune.py: %s is not an executable" % prog, file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    example = base.startswith("swz-example-")
    if not example and not base.startswith("bench_"):
        print("tune.py: PROGRAM must be a bench_<family> or a swz-example-<family>", file=sys.stderr)
        return 2
    fails = 0
    for k in range(1, a.passes + 1):
        if example:
            for i, v in enumerate(a.filter.split(",") if a.filter else [""]):
                cmd = [prog, "--bench"] + (["--filter", v] if v else []) + a.spec
                with open(os.path.join(a.out, "pass%d-%d.txt" % (k, i)), "w") as log:
                    rc = subprocess.call(cmd, stdout=log, stderr=subprocess.STDOUT)
                fails += rc != 0
                print("pass %d %s: %s" % (k, v or "every variant", "ok" if rc == 0 else "FAILED (exit %d)" % rc))
        else:
            d = os.path.join(a.out, "pass%d" % k)
            cmd = [prog, "--out", d] + (["--filter", a.filter] if a.filter else [])
            for s in a.spec:
                cmd += ["--spec", s]
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "bench.txt"), "w") as log:
                rc = subprocess.call(cmd, stdout=log, stderr=subprocess.STDOUT)
            fails += rc != 0
            print("pass %d: %s" % (k, "ok" if rc == 0 else "FAILED (exit %d, see %s/bench.txt)" % (rc, d)))
        sys.stdout.flush()
    print(report(summarize_text(a.out) if example else summarize_csv(a.out)))
    return 1 if fails else 0


def self_test():
    """Three passes of a CSV table and of the example's text: the medians and ranges of known rows."""
    with tempfile.TemporaryDirectory() as t:
        for k, (v, rp) in enumerate([(100.0, 0.90), (120.0, 1.10), (110.0, 1.00)], 1):
            os.makedirs(os.path.join(t, "pass%d" % k))
            with open(os.path.join(t, "pass%d" % k, "fam.csv"), "w") as f:
                f.write("family,variant,size,metric,value,ratio_memcpy,ratio_peer\n")
                f.write("fam,memcpy,8x8,GB/s,%g,1,\n" % (v * 2))
                f.write("fam,a,8x8,GB/s,%g,0.5,%g\n" % (v, rp))
        rows = summarize_csv(t)
        out = report(rows)
        ok = rows[("fam", "8x8", "a")] == [(100.0, 0.5, 0.9), (120.0, 0.5, 1.1), (110.0, 0.5, 1.0)]
        ok &= bool(re.search(r"^a\s+110\.00\s+0\.500\s+1\.000\s+0\.900\.\.1\.100\s+3$", out, re.M))
        ok &= bool(re.search(r"^memcpy\s+220\.00\s+1\.000\s+\s+3$", out, re.M))
        for k, rate in enumerate([400.0, 500.0, 600.0], 1):
            with open(os.path.join(t, "pass%d-0.txt" % k), "w") as f:
                f.write("# hgemm 4096:4096:4096: median time, TFLOP/s, and the ratio to cublasGemmEx on the same problem\n"
                        "# variant ms TFLOP/s peer ms x peer\n"
                        "  swz_hgemm_xor_128_half  0.3000 %10.1f  0.2000  %.3f\n" % (rate, rate / 700.0))
        out = report(summarize_text(t))
        ok &= bool(re.search(r"^swz_hgemm_xor_128_half\s+500\.00\s+0\.714\s+0\.571\.\.0\.857\s+3$", out, re.M))
    print("tune.py self-test: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("program", nargs="?")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--filter", default="", help="comma-separated parts of variant names")
    ap.add_argument("--spec", action="append", default=[], help="a problem (repeatable); default: the family's")
    ap.add_argument("--out", default=None, help="where the passes go (default: a new tune-XXXX folder)")
    ap.add_argument("--summarize", metavar="DIR")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if a.summarize:
        rows = summarize_csv(a.summarize) or summarize_text(a.summarize)
        print(report(rows))
        return 0 if rows else 1
    if not a.program or a.passes < 1:
        ap.print_usage(sys.stderr)
        return 2
    a.out = a.out or tempfile.mkdtemp(prefix="tune-", dir=".")
    return run_passes(a)


if __name__ == "__main__":
    sys.exit(main())
