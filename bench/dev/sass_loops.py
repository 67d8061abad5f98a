#!/usr/bin/env python3
"""bench/dev/sass_loops.py -- the loops of each kernel in `cuobjdump -sass` output (stdin): per
kernel (names matching argv[1], a regex) its instruction count and, for its 3 loops with the most
HMMA, the instructions, HMMA, LDSM, LDGSTS and BAR in the loop body (a backward branch's range).
Usage: cuobjdump -sass OBJ | python3 bench/dev/sass_loops.py 'hgemm_xor_128_half.*ILi0E6__half'"""
import re, sys
pat = re.compile(sys.argv[1] if len(sys.argv) > 1 else ".")
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
            loops.append((cnt("HMMA"), len(body), cnt("LDSM"), cnt("LDGSTS"), cnt("BAR")))
    print("%s: %d instructions, %d HMMA" % (name[:70], len(ins), sum("HMMA" in x for x in ins)))
    for h, n, l, g, b in sorted(loops, reverse=True)[:3]:
        print("    loop: %d instructions, %d HMMA, %d LDSM, %d LDGSTS, %d BAR" % (n, h, l, g, b))
