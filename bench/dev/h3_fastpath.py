#!/usr/bin/env python3
"""bench/dev/h3_fastpath.py SASS [KERNEL...]: instructions on the fast path (whole tiles, aligned) of each
transpose kernel: walks the SASS from 0, following 'BRA Px, X' (the tile.h __fast test, a
two-predicate branch) and unconditional BRA, not following other predicated branches; stops at
EXIT.  Prints the count and how many of them are LDS/STS, LDG/STG, BAR."""
import re, sys
txt = open(sys.argv[1]).read()
want = sys.argv[2:]
for m in re.finditer(r'Function : (\S+)\n(.*?)(?=\n\s+Function :|\Z)', txt, re.S):
    name, body = m.group(1), m.group(2)
    if want and name not in want: continue
    ins = {}
    order = []
    for line in body.splitlines():
        mm = re.match(r'\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;', line)
        if mm:
            a = int(mm.group(1), 16); ins[a] = mm.group(2); order.append(a)
    nxt = {a: order[i + 1] if i + 1 < len(order) else None for i, a in enumerate(order)}
    pc, n, kinds, seen = 0, 0, {}, 0
    while pc is not None and seen < 100000:
        seen += 1
        op = ins[pc]; n += 1
        k = re.sub(r'^@!?U?P\w+\s+', '', op).split()[0].split('.')[0]
        kinds[k] = kinds.get(k, 0) + 1
        pred = re.match(r'^@!?U?P\w+\s+', op)
        if k == 'EXIT' and not pred: break
        if k == 'BRA':
            tgt = int(op.split()[-1], 16)
            if not pred: pc = tgt; continue
            if re.search(r'BRA !?U?P\d, 0x', op): pc = tgt; continue
        pc = nxt[pc]
    mem = sum(v for k, v in kinds.items() if k in ('LDS', 'STS'))
    g = sum(v for k, v in kinds.items() if k in ('LDG', 'STG'))
    print(f"{name:52s} fast path {n:5d} instrs/thread  LDS+STS {mem:3d}  LDG+STG {g:3d}  other {n-mem-g}")
