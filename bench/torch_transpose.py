#!/usr/bin/env python3
"""bench/torch_transpose.py -- torch's transpose beside swz's, for every element type.

What it measures
  For the problems and element types of bench_transpose's every-element-type section
  (bench/bench_transpose_types.h): torch `x.t().contiguous()` (a batch:
  `x.transpose(-2, -1).contiguous()`) and `x.clone()` (torch's own copy of the same bytes) on
  uint8, float16, float32, float64 and complex128 (the 16-byte element), at 8192^2, 16384^2,
  8191 x 16385, 4096 x 64 x 64 and 1024 x 256 x 256.  Timing: 3 warm-up calls, then `reps`
  calls each between its own pair of CUDA events; the median.  GB/s = bytes read + written.
  Every result is checked once (torch.equal with the transposed view) before it is timed.

Output
  DIR/transpose_torch.csv (bench_util.h's columns: family,variant,size,metric,value,
  ratio_memcpy,ratio_peer; size "ELEM PROBLEM" as in transpose_types.csv; ratio_peer against
  x.clone()) and a table.  With --swz DIR/transpose_types.csv (the same run's swz figures) the
  ratios to that run's cudaMemcpy, and the best swz variant's ratio to torch, are printed and
  ratio_memcpy is filled in.

Usage
  python3 bench/torch_transpose.py [--out DIR] [--swz CSV] [--quick] [--reps N] [--elems u8,...]
                                   [--problems 8191x16385,...]
  Exits 0 with a SKIP line when torch or a CUDA device is missing (bench/gpu.sh runs it only
  where python3 has torch).
"""
import argparse
import csv
import os
import statistics
import sys

PROBLEMS = [("8192x8192", 1, 8192, 8192, 20), ("16384x16384", 1, 16384, 16384, 10),
            ("8191x16385", 1, 8191, 16385, 10), ("4096x64x64", 4096, 64, 64, 20),
            ("1024x256x256", 1024, 256, 256, 20)]
QUICK = [("1024x1024", 1, 1024, 1024, 3), ("2048x2048", 1, 2048, 2048, 3),
         ("1023x2049", 1, 1023, 2049, 3), ("256x64x64", 256, 64, 64, 3),
         ("64x256x256", 64, 256, 256, 3)]
ELEMS = ["u8", "half", "float", "double", "v16"]


def swz_rows(path):
    """{size cell: {variant: GB/s}} of a transpose_types.csv (empty without one)."""
    out = {}
    if not path or not os.path.exists(path):
        return out
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r.get("metric") == "GB/s":
                out.setdefault(r["size"], {})[r["variant"]] = float(r["value"])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=".")
    ap.add_argument("--swz", default=None, help="transpose_types.csv of the same run")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reps", type=int, default=0, help="timed calls (default: per problem)")
    ap.add_argument("--elems", default=",".join(ELEMS))
    ap.add_argument("--problems", default=None, help="only these problems, e.g. 8191x16385")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("SKIP torch_transpose: python3 has no torch")
        return 0
    if not torch.cuda.is_available():
        print("SKIP torch_transpose: torch sees no CUDA device")
        return 0
    dtypes = {"u8": torch.uint8, "half": torch.float16, "float": torch.float32,
              "double": torch.float64, "v16": torch.complex128}
    swz = swz_rows(a.swz)
    dev = torch.device("cuda")
    print("# torch %s, %s; median of the problem's reps; GB/s = read + written"
          % (torch.__version__, torch.cuda.get_device_name(0)))

    def median_ms(fn, reps):
        for _ in range(3):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(reps):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            fn()
            e.record()
            e.synchronize()
            ts.append(s.elapsed_time(e))
        return statistics.median(ts)

    rows, bad = [], 0
    print("%-20s %-8s %9s %9s %8s %8s  %s" % ("size", "op", "GB/s", "xclone", "xmemcpy", "swz/it", "best swz"))
    for name, batch, r, c, reps in (QUICK if a.quick else PROBLEMS):
        if a.problems and name not in a.problems.split(","):
            continue
        for el in a.elems.split(","):
            dt = dtypes[el]
            shape = (batch, r, c) if batch > 1 else (r, c)
            g = torch.Generator(device=dev).manual_seed(1234)
            if dt == torch.uint8:
                x = torch.randint(0, 256, shape, dtype=dt, device=dev, generator=g)
            else:
                x = torch.randn(shape, dtype=dt, device=dev, generator=g)
            nbytes = x.numel() * x.element_size()
            tr = (lambda: x.transpose(-2, -1).contiguous()) if batch > 1 else (lambda: x.t().contiguous())
            y = tr()
            if not torch.equal(y, x.transpose(-2, -1)):
                print("FAIL torch %s %s: x.t().contiguous() differs from the transposed view" % (el, name))
                bad += 1
            del y
            n = a.reps or reps
            t_tr = median_ms(tr, n)
            t_cl = median_ms(lambda: x.clone(), n)
            size = "%s %s" % (el, name)
            mine = {k: v for k, v in swz.get(size, {}).items() if not k.startswith(("memcpy", "cublas"))}
            memcpy = swz.get(size, {}).get("memcpy")
            best = max(mine.items(), key=lambda kv: kv[1]) if mine else None
            for op, t in (("t_contiguous", t_tr), ("clone", t_cl)):
                gbs = 2.0 * nbytes / (t * 1e6)
                rm = gbs / memcpy if memcpy else None
                rows.append(["transpose_torch", "torch_" + op, size, "GB/s", "%.6g" % gbs,
                             "%.6g" % rm if rm else "", "%.6g" % (t_cl / t)])
                print("%-20s %-8s %9.1f %9.3f %8s %8s  %s" % (
                    size, op[:8], gbs, t_cl / t, "%.3f" % rm if rm else "-",
                    "%.3f" % (best[1] / gbs) if best and op == "t_contiguous" else "-",
                    best[0] if best and op == "t_contiguous" else ""))
            sys.stdout.flush()
            del x
            torch.cuda.empty_cache()
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "transpose_torch.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["family", "variant", "size", "metric", "value", "ratio_memcpy", "ratio_peer"])
        w.writerows(rows)
    print("# wrote %s" % path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
