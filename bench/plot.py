#!/usr/bin/env python3
"""bench/plot.py -- draw the benchmark CSVs as PNG figures for docs/performance.md.

What it draws
  performance.png: one panel per kernel family (transpose, reduce, gemm) found in the CSVs:
    grouped bars, one group per problem size, one bar per row (swz variants, the peer, memcpy),
    height = ratio to the family's peer (t_peer / t_variant, the CSV's ratio_peer column), so
    the peer is the line at 1.0 and "higher is faster".  Each bar is labelled with its GB/s or
    TFLOP/s.
  transpose_types.png (when transpose_types.csv is there): one panel per element type (u8, half,
    float, double, v16), one group per problem, bars = the shipped XOR tile, the best swz variant,
    the cuBLAS geam peers and torch x.t().contiguous() (transpose_torch.csv, when there), height
    = ratio to the same run's cudaMemcpy; the 0.96 target dotted.
  sweeps.png (when smem_stride.csv or coalesce.csv is there): bandwidth relative to stride 1
    against the stride, with the bank model's prediction (model_rel rows) as dashed lines.

Input: the CSVs written by the bench programs (--out DIR), all with the columns
  family,variant,size,metric,value,ratio_memcpy,ratio_peer
Other CSVs in the directory (conformance.csv, ...) are ignored.

Usage
  python3 bench/plot.py [DIR or CSV files ...] [--out DIR]     (default: '.', writes to --out or DIR)
Needs matplotlib (present on the GPU machine; elsewhere: pip install matplotlib in a venv).
"""
import argparse
import csv
import glob
import os
import sys

COLUMNS = ["family", "variant", "size", "metric", "value", "ratio_memcpy", "ratio_peer"]
FAMILIES = ["transpose", "reduce", "gemm"]


def read_rows(paths):
    rows = []
    for p in paths:
        with open(p, newline="") as f:
            r = csv.DictReader(f)
            if r.fieldnames != COLUMNS:
                continue  # not a bench table (conformance.csv, ncu output, ...)
            for row in r:
                for k in ("value", "ratio_memcpy", "ratio_peer"):
                    row[k] = float(row[k]) if row[k] not in ("", None) else None
                rows.append(row)
    return rows


def size_key(s):
    """'8192x8192' / '4096^3' / '2^28' / '268435456' -> a number to sort by."""
    if s.startswith("2^"):
        s = str(2 ** int(s[2:])) if s[2:].isdigit() else s
    n = 1.0
    for part in s.replace("^3", "").replace("x", " ").split():
        try:
            n *= float(part)
        except ValueError:
            return (1, s)
    return (0, n)


def family_panel(ax, rows, fam):
    rows = [r for r in rows if r["metric"] in ("GB/s", "TFLOP/s") and r["ratio_peer"] is not None]
    sizes = sorted({r["size"] for r in rows}, key=size_key)
    variants = []
    for r in rows:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    n = max(1, len(variants))
    width = 0.8 / n
    cmap = __import__("matplotlib").colormaps["tab20" if n > 10 else "tab10"]
    # the colormap's greys would read as memcpy or a peer: variants take the other colours
    palette = [c for c in (cmap(i) for i in range(cmap.N)) if not c[0] == c[1] == c[2]]
    ci = 0
    for vi, v in enumerate(variants):
        # memcpy grey, the peers (cuBLAS, CUB) dark, swz variants in colour
        if v == "memcpy":
            color = "#aaaaaa"
        elif v.startswith("cub"):
            color = "#333333" if all(r["ratio_peer"] == 1.0 for r in rows if r["variant"] == v) else "#777777"
        else:
            color = palette[ci % len(palette)]
            ci += 1
        xs, hs, labels = [], [], []
        for si, s in enumerate(sizes):
            hit = [r for r in rows if r["variant"] == v and r["size"] == s]
            if not hit:
                continue
            xs.append(si - 0.4 + width * (vi + 0.5))
            hs.append(hit[0]["ratio_peer"])
            labels.append("%.0f" % hit[0]["value"] if hit[0]["value"] >= 100 else "%.1f" % hit[0]["value"])
        if not xs:
            continue
        bars = ax.bar(xs, hs, width * 0.95, label=v, color=color)
        for b, lab in zip(bars, labels):
            ax.annotate(lab, (b.get_x() + b.get_width() / 2, b.get_height()), ha="center", va="bottom",
                        fontsize=6, rotation=90, xytext=(0, 2), textcoords="offset points")
    ax.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels(sizes)
    metric = rows[0]["metric"] if rows else ""
    ax.set_title("%s (bar labels: %s)" % (fam, metric))
    ax.set_ylabel("ratio to peer (higher is faster)")
    top = max([r["ratio_peer"] for r in rows] + [1.0])
    ax.set_ylim(0, top * 1.2)  # room for the bar labels above the tallest bar
    # The legend beside the panel, not over it: inside, a row of twenty names either covers
    # bars and ticks or runs past the figure's edges.
    ax.legend(fontsize=7, ncol=1 if n <= 16 else 2, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              borderaxespad=0.0, frameon=False)


TYPE_ELEMS = ["u8", "half", "float", "double", "v16"]


def types_panel(ax, rows, elem):
    """transpose_types / transpose_torch rows of one element: x memcpy per problem."""
    rows = [r for r in rows if r["size"].split(" ")[0] == elem and r["ratio_memcpy"] is not None]
    probs = []
    for r in rows:
        p = r["size"].split(" ", 1)[1]
        if p not in probs:
            probs.append(p)
    shipped = "xor_32_v16" if elem == "v16" else "xor_64_" + elem
    series = [("shipped " + shipped, lambda rs: [r for r in rs if r["variant"] == shipped]),
              ("best swz", lambda rs: sorted([r for r in rs if r["family"] == "transpose_types" and
                                              not r["variant"].startswith(("memcpy", "cublas"))],
                                             key=lambda r: -r["value"])[:1])]
    for peer in dict.fromkeys(r["variant"] for r in rows if r["variant"].startswith("cublas")):
        series.append((peer, lambda rs, peer=peer: [r for r in rs if r["variant"] == peer]))
    series.append(("torch t().contiguous()", lambda rs: [r for r in rs if r["variant"] == "torch_t_contiguous"]))
    width = 0.8 / len(series)
    for si, (label, pick) in enumerate(series):
        xs, hs, names = [], [], []
        for pi, p in enumerate(probs):
            hit = pick([r for r in rows if r["size"].split(" ", 1)[1] == p])
            if hit:
                xs.append(pi - 0.4 + width * (si + 0.5))
                hs.append(hit[0]["ratio_memcpy"])
                names.append(("%s " % hit[0]["variant"] if label == "best swz" else "") + "%.2f" % hit[0]["ratio_memcpy"])
        if not xs:
            continue
        bars = ax.bar(xs, hs, width * 0.95, label=label)
        for b, lab in zip(bars, names):
            ax.annotate(lab, (b.get_x() + b.get_width() / 2, b.get_height()), ha="center", va="bottom",
                        fontsize=5, rotation=90, xytext=(0, 2), textcoords="offset points")
    ax.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
    ax.axhline(0.96, color="gray", linewidth=0.8, linestyle=":")
    ax.set_xticks(range(len(probs)))
    ax.set_xticklabels(probs, fontsize=7)
    ax.set_title("transpose %s" % elem)
    ax.set_ylabel("x cudaMemcpy (same run)")
    ax.set_ylim(0, 1.35)
    ax.legend(fontsize=6, loc="upper right")


def sweep_panel(ax, rows, fam, title=None):
    meas = [r for r in rows if r["metric"] == "GB/s" and r["ratio_peer"] is not None]
    model = [r for r in rows if r["metric"] == "model_rel"]
    cmap = __import__("matplotlib").colormaps["tab10"]
    variants = []
    for r in meas:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    for vi, v in enumerate(variants):
        pts = sorted((int(r["size"]), r["ratio_peer"]) for r in meas if r["variant"] == v)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3, color=cmap(vi),
                label="%s measured" % v)
        mp = sorted((int(r["size"]), r["value"]) for r in model if r["variant"] == v)
        if mp:
            ax.plot([p[0] for p in mp], [p[1] for p in mp], linestyle="--", color="black", linewidth=1,
                    label="%s model ideal/wavefronts" % v)
    if fam == "coalesce" and meas:
        xs = sorted({int(r["size"]) for r in meas})
        ax.plot(xs, [1.0 / x for x in xs], linestyle=":", color="gray", label="1/stride")
    ax.set_xlabel("stride (elements)")
    ax.set_ylabel("bandwidth / bandwidth at stride 1")
    ax.set_title(title or fam)
    ax.set_ylim(0, 1.15)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("inputs", nargs="*", default=["."], help="directories or CSV files (default .)")
    ap.add_argument("--out", help="directory for the PNGs (default: the first input directory)")
    args = ap.parse_args()
    paths = []
    for p in args.inputs:
        paths += sorted(glob.glob(os.path.join(p, "*.csv"))) if os.path.isdir(p) else [p]
    rows = read_rows(paths)
    if not rows:
        print("plot.py: no benchmark CSV found in %s" % " ".join(args.inputs), file=sys.stderr)
        return 1
    out = args.out or (args.inputs[0] if os.path.isdir(args.inputs[0]) else ".")
    os.makedirs(out, exist_ok=True)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    fams = [f for f in FAMILIES if any(r["family"] == f for r in rows)]
    if fams:
        # One full-width panel per family, stacked: a family can have twenty bars per size.
        fig, axes = plt.subplots(len(fams), 1, figsize=(13, 4.2 * len(fams)), squeeze=False)
        for ax, fam in zip(axes[:, 0], fams):
            family_panel(ax, [r for r in rows if r["family"] == fam], fam)
        fig.suptitle("swz kernels vs peers (ratio to the peer; dashed line = peer)")
        fig.tight_layout()
        path = os.path.join(out, "performance.png")
        fig.savefig(path, dpi=130, bbox_inches="tight")  # the legends beside the panels included
        written.append(path)
    # Every element type of the transpose (bench_transpose's section, torch beside it).
    trows = [r for r in rows if r["family"] in ("transpose_types", "transpose_torch")]
    elems = [e for e in TYPE_ELEMS if any(r["size"].split(" ")[0] == e for r in trows)]
    if elems:
        fig, axes = plt.subplots(len(elems), 1, figsize=(10, 3.2 * len(elems)), squeeze=False)
        for ax, e in zip(axes[:, 0], elems):
            types_panel(ax, trows, e)
        fig.tight_layout()
        path = os.path.join(out, "transpose_types.png")
        fig.savefig(path, dpi=130)
        written.append(path)
    # Sweeps: one panel per shared-memory access width, one for the coalescing sweep.
    panels = []
    for v in sorted({r["variant"] for r in rows if r["family"] == "smem_stride"}, key=lambda v: int(v[2:])):
        panels.append(([r for r in rows if r["family"] == "smem_stride" and r["variant"] == v], "smem_stride",
                       "shared memory, %s-byte loads: s[(lane*stride) %% N]" % v[2:]))
    if any(r["family"] == "coalesce" for r in rows):
        panels.append(([r for r in rows if r["family"] == "coalesce"], "coalesce",
                       "global memory, 4-byte loads: a[k*stride] (useful bytes)"))
    if panels:
        cols = 2 if len(panels) > 1 else 1
        nrows = (len(panels) + cols - 1) // cols
        fig, axes = plt.subplots(nrows, cols, figsize=(6.5 * cols, 4.2 * nrows), squeeze=False)
        for i, (rs, fam, title) in enumerate(panels):
            sweep_panel(axes[i // cols][i % cols], rs, fam, title)
        for j in range(len(panels), nrows * cols):
            axes[j // cols][j % cols].axis("off")
        fig.tight_layout()
        path = os.path.join(out, "sweeps.png")
        fig.savefig(path, dpi=130)
        written.append(path)
    for p in written:
        print("# wrote %s" % p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
