#!/usr/bin/env python3
"""bench/sass_loops.py -- the loops of each kernel in `cuobjdump -sass` output (stdin): per
kernel (names matching argv[1], a regex) its instruction count and, for its N loops with the most
HMMA (argv[2], default 3), the instructions, HMMA, LDSM, LDGSTS and BAR in the loop body (a
backward branch's range), and how many instructions after each LDSM the first HMMA that reads
its registers comes (around the loop: min / median / max -- short distances are
short-scoreboard stalls).  docs/design.md's hgemm figures (instructions per slice, the LDSM
distances of the persistent variant against xor) are its output.  No GPU needed.
Usage: cuobjdump -sass BUILD/bench/bench_hgemm | python3 bench/sass_loops.py 'hgemm_xor_128_half.*ILi0E6__half' [N]
       bash bench/gpu.sh sass   (bench_hgemm: the shipped variants and the tuning candidates;
                                 mma_ceiling: the loop probes)"""
import re, statistics, sys
pat = re.compile(sys.argv[1] if len(sys.argv) > 1 else ".")


def ldsm_distances(body):
    """For each LDSM ... R<d> (4 registers), the distance to the first HMMA whose A (4 registers)
    or B (2 registers) operand overlaps them, going round the loop."""
    out, n = [], len(body)
    for i, x in enumerate(body):
        m = re.match(r"LDSM\S*\s+R(\d+)", x)
        if not m:
            continue
        dst = set(range(int(m.group(1)), int(m.group(1)) + 4))
        for j in range(1, n):
            y = body[(i + j) % n]
            if y.startswith("HMMA"):
                ra, rb = (int(r) for r in re.findall(r"R(\d+)", y)[1:3])
                if dst & (set(range(ra, ra + 4)) | set(range(rb, rb + 2))):
                    out.append(j)
                    break
    return out


txt = sys.stdin.read()
for f in re.split(r"\n\s+Function : ", txt)[1:]:
    name = f.split("\n")[0].strip()
    if not pat.search(name):
        continue
    addr, ins = [], []
    for l in f.split("\n"):
        m = re.search(r"/\*([0-9a-f]{4,6})\*/\s+(.*?)\s*;", l)
        if m:
            addr.append(int(m.group(1), 16))
            ins.append(m.group(2))
    loops = []
    for a, s in zip(addr, ins):
        m = re.search(r"BRA\b.*?0x([0-9a-f]+)", s)
        if m and int(m.group(1), 16) < a:
            t = int(m.group(1), 16)
            body = [x for aa, x in zip(addr, ins) if t <= aa <= a]
            cnt = lambda k: sum(k in x for x in body)
            d = ldsm_distances(body)
            dist = " (LDSM to first use %d / %g / %d)" % (min(d), statistics.median(d), max(d)) if d else ""
            loops.append((cnt("HMMA"), len(body), cnt("LDSM"), cnt("LDGSTS"), cnt("BAR"), dist))
    print("%s: %d instructions, %d HMMA" % (name[:70], len(ins), sum("HMMA" in x for x in ins)))
    for h, n, l, g, b, dist in sorted(loops, reverse=True)[:int(sys.argv[2]) if len(sys.argv) > 2 else 3]:
        print("    loop: %d instructions, %d HMMA, %d LDSM, %d LDGSTS, %d BAR%s" % (n, h, l, g, b, dist))
