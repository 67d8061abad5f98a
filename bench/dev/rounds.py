#!/usr/bin/env python3
"""bench/dev/rounds.py OUT N -- the median (min..max) over N interleaved rounds of
bench_transpose's every-element-type section (OUT/round<r>/transpose_types.csv) of each row's
GB/s and ratio to cudaMemcpy (each round's ratio is same-run), one block per size."""
import csv, os, statistics, sys
out, n = sys.argv[1], int(sys.argv[2])
rows = {}  # (size, variant) -> [(GB/s, x memcpy)]
order = []
for r in range(1, n + 1):
    f = os.path.join(out, "round%d" % r, "transpose_types.csv")
    if not os.path.exists(f):
        continue
    for x in csv.DictReader(open(f)):
        k = (x["size"], x["variant"])
        if k not in rows:
            rows[k] = []
            order.append(k)
        rows[k].append((float(x["value"]), float(x["ratio_memcpy"])))
print("# median (min..max) over the rounds of x memcpy; each round's ratio is same-run")
last = None
for k in order:
    size, name = k
    if size != last:
        print("\n# %s" % size)
        last = size
    rm = [b for _, b in rows[k]]
    g = [a for a, _ in rows[k]]
    print("%-28s %8.1f GB/s  x%.3f  (%.3f..%.3f, %d rounds)" % (name, statistics.median(g), statistics.median(rm),
                                                               min(rm), max(rm), len(rm)))
