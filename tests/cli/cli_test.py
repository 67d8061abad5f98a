#!/usr/bin/env python3
"""tests/cli/cli_test.py -- tests of the swz-check CLI (meson suite 'cli').

Usage: cli_test.py SWZ_CHECK GROUP
  GROUP  summary  the no-argument table: every layout and pattern, the cells the layouts
                  promise (the headers' doc blocks, docs/design.md), --json agrees with the text
         tensor-core  the ldmatrix-a/-b/-bt and cp-async patterns against the model, from the
                  PTX fragment tables, and the verdicts on 128-byte fp16 rows
         known    single questions with known answers (the stride gcd rule of bank.h, the c ^ r
                  trap, Morton rows/columns, padding), in JSON and in text
         oracle   every JSON field against an independent Python model written from the
                  documented bank rules of bank.h (R1-R7) and the headers' formulas (not from the tool),
                  including bank.h's rule R7 (paired 8/16-byte loads; stores never pair),
                  and the H200 measurements R7 rests on
         text     the text report says what the JSON says (lanes, verdicts, totals, layout)
         errors   bad arguments: exit 2, one-line reason + usage on stderr, never a crash
         svg      --svg / --svg-grid: well-formed XML, byte-identical on every run, the
                  pictures show the lanes, banks and conflicts of the JSON
         help     --help / --version
Prints one line per check that failed and a count of checks; exit 0 when
all passed, 1 otherwise.
"""
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SWZ = None
FAILED = []
PASSED = [0]

LAYOUTS = ["none", "pad", "xor", "morton", "tma32", "tma64", "tma128", "linear"]
PATTERNS = ["row", "col", "stride:2", "block", "transpose"]


def check(cond, what):
    if cond:
        PASSED[0] += 1
    else:
        FAILED.append(what)
        print("FAIL " + what)
    return cond


def run(args, timeout=60):
    p = subprocess.run([SWZ] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def run_json(args):
    rc, out, err = run(args + ["--json"])
    if rc != 0:
        raise AssertionError(f"swz-check {' '.join(args)} --json: exit {rc}: {err.strip()}")
    return json.loads(out)


# ---- an independent model (bank.h's documented rules R1-R7 + the headers' formulas) --------

def log2(x):
    assert x > 0 and x & (x - 1) == 0, x
    return x.bit_length() - 1


ACCESS_BYTES = {"4": 4, "8": 8, "16": 16, "ldmatrix1": 16, "ldmatrix2": 16, "ldmatrix4": 16}
ACCESS_LANES = {"4": 32, "8": 32, "16": 32, "ldmatrix1": 8, "ldmatrix2": 16, "ldmatrix4": 32}


def phase_lanes(access):
    """bank.h R3: <= 4 B a whole warp, 8 B half-warps, 16 B quarter-warps; ldmatrix: 8 lanes."""
    k = ACCESS_BYTES[access]
    return 32 if k <= 4 else 128 // k


def reads_in_pairs(addrs, access, store):
    """bank.h R7 (measured on an H200): an 8- or 16-byte *load* (not ldmatrix, not a store)
    whose quads of lanes 4q..4q+3 all read in pairs the same way -- lanes 0,1 alike and 2,3
    alike in every quad, or 0,2 and 1,3 in every quad; an inactive lane (None) matches anything."""
    if store or access not in ("8", "16"):
        return False
    # every quad by the same split (the H200 does not pair warps whose quads mix the two)
    return any(all(all(len({addrs[q + i] for i in pair if addrs[q + i] is not None}) <= 1 for pair in split)
                   for q in range(0, 32, 4))
               for split in (((0, 1), (2, 3)), ((0, 2), (1, 3))))


class Layout:
    """offset(r, c) of each kind, from the formulas in pad.h, xor.h and morton.h."""

    def __init__(self, kind, w, h, e, a):
        self.kind, self.w, self.h, self.e, self.a = kind, w, h, e, a
        if kind == "pad":  # pad.h: units = ceil(W*E/A), made odd; stride = units' * A / E
            units = -(-w * e // a)
            self.stride = (units | 1) * a // e
        else:
            self.stride = w
        if kind in ("xor", "linear"):  # xor.h (linear.h's default masks are its): M = log2 vec, B = log2 min(Ur, N), M + S = log2 max(W, 128/E)
            vec, ur, n = a // e, w * e // a, 128 // a
            self.m = log2(vec)
            self.b = log2(min(ur, n))
            self.s = log2(max(w, 128 // e)) - self.m
        if kind.startswith("tma"):
            self.mode = int(kind[3:])

    def offset(self, r, c):
        w, e = self.w, self.e
        if self.kind in ("none", "pad"):
            return r * self.stride + c
        if self.kind in ("xor", "linear"):
            o = r * w + c
            return o ^ (((o >> (self.m + self.s)) & ((1 << self.b) - 1)) << self.m)
        if self.kind == "morton":
            v = self.a // e
            lw, lh = log2(w // v), log2(self.h)
            k = min(lw, lh)
            u = c // v
            z = 0
            for bit in range(k):  # u on even bits, r on odd bits
                z |= ((u >> bit) & 1) << (2 * bit)
                z |= ((r >> bit) & 1) << (2 * bit + 1)
            hi = (u >> k) if lw > lh else (r >> k)
            return (z + (hi << (2 * k))) * v + c % v
        # xor.h: phys = A ^ (((A >> 7) & (S/16 - 1)) << 4) on absolute (aligned) byte addresses
        a = (r * w + c) * e
        return (a ^ (((a >> 7) & (self.mode // 16 - 1)) << 4)) // e


# The 8x8 matrices of the m16n8k16 fragments, written from the PTX fragment tables, as (row,
# 16-byte unit) of matrix i from the fragment's origin; lanes 8i..8i+7 address matrix i's rows.
# A (M x K tile): a0a1 rows 0-7 k 0-7, a2a3 rows 8-15 k 0-7, a4a5 rows 0-7 k 8-15, a6a7 rows 8-15
# k 8-15.  B (K x N tile, .trans): b0b1 k 0-7, b2b3 k 8-15 of n 0-7, then the same for n 8-15.
# BT (N x K tile): b0b1 k 0-7, b2b3 k 8-15 of n 0-7 (rows), then n 8-15.
FRAG_MATRICES = {"ldmatrix-a": [(0, 0), (8, 0), (0, 1), (8, 1)],
                 "ldmatrix-b": [(0, 0), (8, 0), (0, 1), (8, 1)],
                 "ldmatrix-bt": [(0, 0), (0, 1), (8, 0), (8, 1)]}


def place(lay, pattern, access, stride, row0, col0, block=None):
    """Lane -> (row, first col) per check.h's pattern definitions; None for inactive lanes."""
    k = ACCESS_BYTES[access]
    v = k // lay.e
    ur = lay.w // v
    total = ur * lay.h
    lanes = ACCESS_LANES[access]
    u0 = col0 // v
    out = []
    for i in range(32):
        if i >= lanes:
            out.append(None)
            continue
        if pattern in ("row", "cp-async"):  # cp-async: lane l writes chunk l of the row-major order
            q = row0 * ur + u0 + i
            row, unit = q // ur, q % ur
        elif pattern in FRAG_MATRICES:
            dr, du = FRAG_MATRICES[pattern][i // 8]
            row, unit = row0 + dr + i % 8, u0 + du
        elif pattern == "col":
            q = u0 * lay.h + row0 + i
            row, unit = q % lay.h, q // lay.h
        elif pattern == "stride":  # check.h: lanes past the end of the tile are inactive (no wrap)
            q = row0 * ur + u0 + i * stride
            if q >= total:
                out.append(None)
                continue
            row, unit = q // ur, q % ur
        else:  # block: bw x bh units per phase (check.h's default 8x4, 4x4, 4x2), phases stacked
            p = phase_lanes(access)
            bw, bh = block if block else (1 << ((log2(p) + 1) // 2), p >> ((log2(p) + 1) // 2))
            q, ph = i % p, i // p
            row = row0 + ph * bh + q // bw
            unit = u0 + q % bw
        out.append((row, unit * v) if row < lay.h and unit < ur else None)
    return out


def lane_addr(lay, access, row, col):
    """(byte address of the aligned group, permuted?) or None when the vector is scattered."""
    v = ACCESS_BYTES[access] // lay.e
    offs = [lay.offset(row, col + j) for j in range(v)]
    base = offs[0] - offs[0] % v
    if sorted(offs) != list(range(base, base + v)):
        return None
    return base * lay.e, offs != list(range(base, base + v))


def bank_eval(addrs, access, store=False):
    """bank.h R4-R5: per phase, the largest number of distinct 4-byte words in one bank; phases twice
    as wide when R7 pairs the load.  Returns wavefronts, ideal, ways, the per-phase costs,
    whether R7 applied and the lanes per phase."""
    k = ACCESS_BYTES[access]
    paired = reads_in_pairs(addrs, access, store)
    p = phase_lanes(access) * (2 if paired else 1)
    wf = ideal = ways = 0
    per_phase = []
    for first in range(0, ACCESS_LANES[access], p):
        words = set()
        for i in range(first, first + p):
            if addrs[i] is not None:
                words.update(addrs[i] // 4 + j for j in range(max(1, k // 4)))
        if not words:
            per_phase.append(0)
            continue
        cost = max(sum(1 for w in words if w % 32 == b) for b in range(32))
        per_phase.append(cost)
        wf += cost
        ideal += 1
        ways = max(ways, cost)
    return wf, ideal, ways, per_phase, paired, p


def r8_eval(addrs, srcs):
    """bank.h R8 (cp.async's shared writes; srcs[l] the byte offset lane l copies from), written
    as the constraints a wavefront obeys: after identical destinations merge across the warp,
    each source line on its own, across the whole warp: the fewest groups of its lanes that each
    write one shared 128-byte line, send each source sector (chunks 2k, 2k+1) to one shared
    sector and no two to the same, follow one rotation or reflection of the 4-sector ring, keep
    or swap the chunk halves alike, and do not mix split source sectors (lanes in two shared
    sectors) with whole ones (a sector only one active lane of the warp reads joins either).
    Returns the per-quarter costs: a line's cost counts in the quarter of its first lane."""
    first = {}
    for i, a in enumerate(addrs):
        if a is not None and a not in first:
            first[a] = i
    live = list(first.values())  # lane order: first is filled lane by lane
    # whole 0, split 1, or 2: no other active lane of the warp reads the source sector
    kind = {}
    for i in live:
        mates = [m for m in range(32) if m != i and addrs[m] is not None and srcs[m] // 32 == srcs[i] // 32]
        kind[i] = 2 if not mates else int(any(addrs[m] // 32 != addrs[i] // 32 for m in mates if m in live))
    costs = [0, 0, 0, 0]
    for line in dict.fromkeys(srcs[i] // 128 for i in live):  # the lines in the order of their first lanes
        lanes = [i for i in live if srcs[i] // 128 == line]
        items = [(srcs[i] // 16, addrs[i] // 16, kind[i]) for i in lanes]  # (source chunk, shared chunk, kind)

        def ok(grp):
            if {k for j, d, k in grp} >= {0, 1} or len({d // 8 for j, d, k in grp}) > 1 \
                    or len({(j ^ d) & 1 for j, d, k in grp}) > 1:
                return False
            sec = {}
            for j, d, k in grp:
                if sec.setdefault(j // 2 % 4, d // 2) != d // 2:
                    return False
            if len(set(sec.values())) < len(sec):
                return False
            return any(all(((g + r) if refl == 0 else (r - g)) % 4 == t % 4 for g, t in sec.items())
                       for r in range(4) for refl in (0, 1))

        best = [len(items)]

        def search(i, groups):
            if len(groups) >= best[0]:
                return
            if i == len(items):
                best[0] = len(groups)
                return
            for g in groups:
                g.append(items[i])
                if ok(g):
                    search(i + 1, groups)
                g.pop()
            groups.append([items[i]])
            search(i + 1, groups)
            groups.pop()

        search(0, [])
        costs[lanes[0] // 8] += best[0]
    return costs


def model_instr(lay, pattern, access, stride, row0, col0, store=False, block=None):
    pl = place(lay, pattern, access, stride, row0, col0, block)
    addrs, perm, lanes = [None] * 32, False, []
    for i, rc in enumerate(pl):
        if rc is None:
            continue
        got = lane_addr(lay, access, *rc)
        if got is None:
            return None
        addrs[i] = got[0]
        perm |= got[1]
        lanes.append((i, rc[0], rc[1], got[0], got[1]))
    wf, ideal, ways, per_phase, paired, pl = bank_eval(addrs, access, store)
    if pattern == "cp-async":  # bank.h R8, not the 16-byte store's R5; rows start 128-byte source lines
        pitch = -(-lay.w * lay.e // 128) * 128
        srcs = [None] * 32
        for i, row, col, _, _ in lanes:
            srcs[i] = row * pitch + col * lay.e
        per_phase = r8_eval(addrs, srcs)
        wf, ideal, ways = sum(per_phase), sum(1 for c in per_phase if c), max(per_phase)
    return {"wavefronts": wf, "ideal": ideal, "ways": ways, "permuted": perm, "lanes": lanes,
            "per_phase": per_phase, "paired": paired, "phase_lanes": pl}


def model_tile(lay, pattern, access, stride, store=False, block=None):
    """Whole-tile totals (check.h: ROW/COL runs of one warp's units, BLOCK warp blocks,
    STRIDE the single instruction at the origin)."""
    k = ACCESS_BYTES[access]
    v = k // lay.e
    ur = lay.w // v
    lanes = ACCESS_LANES[access]
    origins = []
    if pattern in ("row", "col", "cp-async"):
        for i in range(-(-ur * lay.h // lanes)):
            q = i * lanes
            origins.append((q // ur, (q % ur) * v) if pattern != "col" else (q % lay.h, (q // lay.h) * v))
    elif pattern in FRAG_MATRICES:  # the tile cut into fragments
        mats = FRAG_MATRICES[pattern][:lanes // 8]
        fr, fu = max(m[0] for m in mats) + 8, max(m[1] for m in mats) + 1
        nx, ny = -(-ur // fu), -(-lay.h // fr)
        origins = [((i // nx) * fr, (i % nx) * fu * v) for i in range(nx * ny)]
    elif pattern == "block":
        p = phase_lanes(access)
        bw, bh = block if block else (1 << ((log2(p) + 1) // 2), p >> ((log2(p) + 1) // 2))
        bh *= -(-lanes // p)
        nx, ny = -(-ur // bw), -(-lay.h // bh)
        origins = [((i // nx) * bh, (i % nx) * bw * v) for i in range(nx * ny)]
    else:
        origins = [(0, 0)]
    tot = {"instructions": 0, "wavefronts": 0, "ideal": 0, "worst_ways": 0}
    for r0, c0 in origins:
        m = model_instr(lay, pattern, access, stride, r0, c0, store, block)
        if m is None:
            return None
        tot["instructions"] += 1
        tot["wavefronts"] += m["wavefronts"]
        tot["ideal"] += m["ideal"]
        tot["worst_ways"] = max(tot["worst_ways"], m["ways"])
    return tot


# ---- summary -------------------------------------------------------------------------------

CELL = re.compile(r"(\d+)-way (\d+)/(\d+)")


def parse_summary_text(text):
    """{(access, label): [(ways, wavefronts, ideal) x 5, or None for invalid], 'wasted' ...}"""
    rows, access, table = {}, None, None
    for line in text.splitlines():
        m = re.match(r"(\d+)-byte accesses \(", line)
        if m:
            access, table = int(m.group(1)), "main"
            continue
        if line.startswith("Wider accesses"):
            table = "wide"
            continue
        if table is None or not line.startswith("  ") or re.match(r"\s+(access|layout)\s", line):
            continue
        body = line.strip()
        if table == "wide":
            m = re.match(r"(\d+) B\s+(.*)$", body)
            if m:
                access, body = int(m.group(1)), m.group(2)
        m = re.match(r"(\w+(?: \(\d+ B\))?)\s+(.*)$", body)
        if not m:
            continue
        label, rest = m.group(1), m.group(2)
        if rest.startswith("-- not valid"):
            rows[(access, label)] = None
            continue
        cells = [tuple(int(x) for x in c) for c in CELL.findall(rest)]
        wasted = re.search(r"(\d+) B(?: \([\d.]+%\))?\s*$", rest)
        rows[(access, label)] = {"cells": cells, "wasted": int(wasted.group(1)) if wasted else None}
    return rows


def test_summary():
    rc, out, err = run([])
    check(rc == 0, f"no-argument run exits 0 (got {rc})")
    check(err == "", f"no-argument run writes nothing to stderr ({err[:200]!r})")
    for name in LAYOUTS:
        check(re.search(rf"^\s+{name}\s", out, re.M) is not None, f"summary lists layout {name}")
    for name in PATTERNS:
        check(re.search(rf"\s{re.escape(name)}\s", out) is not None, f"summary lists pattern {name}")
    rows = parse_summary_text(out)
    main = {lab: rows[(a, lab)] for (a, lab) in rows if a == 4}
    check(set(main) == set(LAYOUTS), f"the 4-byte table has exactly the layouts (got {sorted(main)})")
    pat = {p: i for i, p in enumerate(PATTERNS)}

    def ways(access, label, p):
        r = rows.get((access, label))
        return r["cells"][pat[p]][0] if r and len(r["cells"]) == 5 else None

    # a 32x32 tile of 4-byte elements, 4-byte accesses: the costs the headers' doc blocks and
    # docs/design.md state for each layout
    check(ways(4, "none", "row") == 1, "none row: conflict free")
    check(ways(4, "none", "col") == 32, "none col: 32-way (stride 32 -> gcd(32, 32))")
    check(ways(4, "none", "stride:2") == 2, "none stride:2: 2-way (gcd(2, 32))")
    check(ways(4, "pad", "col") == 1, "pad col: 1-way (odd stride 33)")
    check(ways(4, "xor", "col") == 1 and ways(4, "xor", "row") == 1, "xor (c ^ r): row and col 1-way")
    check(ways(4, "xor", "transpose") == 1, "xor transpose 1-way")
    check(ways(4, "none", "transpose") == 32, "none transpose: the column read's 32-way")
    check(ways(4, "morton", "row") == 4, "morton row 4-way (docs/design.md: u on the even bits reaches 8 banks)")
    check(ways(4, "morton", "col") == 8, "morton col 8-way (docs/design.md)")
    check(ways(4, "morton", "block") == 1, "morton block conflict free (docs/design.md)")
    check(main["tma32"] is None and main["tma64"] is None,
          "tma32/tma64 not valid for 128-byte rows (TMA inner box <= mode)")
    # ideal: 1 wavefront per 4-byte instruction; 32*32 units / 32 lanes = 32 instructions
    none_col = rows[(4, "none")]["cells"][pat["col"]]
    check(none_col == (32, 32 * 32, 32), f"none col whole tile 1024/32 (got {none_col})")
    check(rows[(4, "pad")]["wasted"] == 32 * 4, "pad wastes one float per row: 128 B")
    for lab in ("none", "xor", "morton", "tma128"):
        check(rows[(4, lab)]["wasted"] == 0, f"{lab} wastes 0 B")
    # wider accesses: the trap and its cure; ideal 2 (8 B) and 4 (16 B) per instruction
    check(ways(8, "xor (4 B)", "col") == 2, "xor built for 4 B, read by 8 B columns: 2-way (the c ^ r trap of xor.h)")
    check(ways(8, "xor", "col") == 1, "xor built for 8 B, 8 B columns: 1-way")
    check(ways(16, "xor", "col") == 1, "xor built for 16 B, 16 B columns: 1-way")
    check(ways(16, "pad", "col") == 1 and rows[(16, "pad")]["wasted"] == 16 * 32,
          "pad for 16 B: 1-way, 16 B per row wasted")
    for a, per in ((8, 2), (16, 4)):
        c = rows[(a, "xor")]["cells"][pat["row"]]
        n_instr = 32 * 32 * 4 // a // 32
        check(c[2] == n_instr * per, f"{a}-byte rows: ideal {n_instr * per} (got {c[2]})")

    # --json agrees with the text, cell by cell
    d = run_json([])
    check(d["mode"] == "summary" and d["patterns"] == PATTERNS, "summary JSON header")
    seen = 0
    for t in d["tables"]:
        for r in t["rows"]:
            label = r["layout"] if r["layout_access"] == t["access"] else f"{r['layout']} ({r['layout_access']} B)"
            txt = rows.get((t["access"], label), "missing")
            if not r["valid"]:
                check(txt is None, f"JSON invalid row {t['access']}/{label} shown as not valid in text")
                continue
            got = [(r["cells"][p]["ways"], r["cells"][p]["wavefronts"], r["cells"][p]["ideal"]) for p in PATTERNS]
            check(txt != "missing" and txt is not None and txt["cells"] == got and txt["wasted"] == r["wasted_bytes"],
                  f"text row {t['access']}/{label} == JSON {got}")
            seen += 1
    check(seen == sum(1 for v in rows.values() if v is not None), "every text row is in the JSON")

    # every JSON cell against the independent model, for this tile and two others
    for tile, elem in (("32x32", 4), ("16x32", 4), ("64x16", 2), ("32x8", 8), ("2x4", 4), ("1x1", 4), ("4x1", 4),
                       ("4x2", 4)):
        w, h = (int(x) for x in tile.split("x"))
        dj = d if (tile, elem) == ("32x32", 4) else run_json(["--summary", "--tile", tile, "--elem", str(elem)])
        n = 0
        for t in dj["tables"]:
            for r in t["rows"]:
                if not r["valid"]:
                    continue
                if t is not dj["tables"][0]:
                    check(any("error" not in c for c in r["cells"].values()),
                          f"summary {tile}: a row of the {t['access']}-byte table that fits nothing")
                lay = Layout(r["layout"], w, h, elem, r["layout_access"])
                for p in PATTERNS:
                    if p == "transpose":
                        a = model_tile(lay, "row", str(t["access"]), 0, store=True)
                        b = model_tile(lay, "col", str(t["access"]), 0)
                        want = None if a is None or b is None else {
                            "instructions": a["instructions"] + b["instructions"],
                            "wavefronts": a["wavefronts"] + b["wavefronts"], "ideal": a["ideal"] + b["ideal"],
                            "worst_ways": max(a["worst_ways"], b["worst_ways"])}
                    else:
                        name, s = (p.split(":") + ["0"])[:2]
                        want = model_tile(lay, name, str(t["access"]), int(s))
                    cell = r["cells"][p]
                    got = None if "error" in cell else {"instructions": cell["instructions"],
                                                        "wavefronts": cell["wavefronts"], "ideal": cell["ideal"],
                                                        "worst_ways": cell["ways"]}
                    n += check(got == want, f"summary {tile} elem {elem} access {t['access']} {r['layout']}"
                                            f"@{r['layout_access']} {p}: {got} vs model {want}")
        check(n >= 20, f"summary {tile}: {n} cells compared")


# ---- known answers ---------------------------------------------------------------------------

def instr0(args):
    return run_json(args)["instructions"][0]


def test_tensor_core():
    """The ldmatrix-a/-b/-bt and cp-async patterns against the model above, and the verdicts a
    tensor-core tile is chosen by (fp16 rows of 128 bytes: 8-way without a swizzle)."""
    n = 0
    for tile in ("32x32", "64x32", "128x32", "64x16"):
        w, h = (int(x) for x in tile.split("x"))
        for lay_kind in ("none", "pad", "xor", "morton", "tma64", "tma128"):
            if not layout_valid(lay_kind, w, h, 2, 16):
                continue
            lay = Layout(lay_kind, w, h, 2, 16)
            cases = [(p, a) for p in FRAG_MATRICES for a in ("ldmatrix1", "ldmatrix2", "ldmatrix4")] + [("cp-async", "16")]
            for pattern, access in cases:
                for origin in ("0,0", "8,8", "16,16"):
                    if int(origin.split(",")[0]) >= h:
                        continue
                    op = "store" if pattern == "cp-async" else "load"
                    args = ["--layout", lay_kind, "--tile", tile, "--elem", "half", "--access", access, "--pattern",
                            pattern, "--origin", origin]
                    check_json_against_model(" ".join(args), run_json(args), lay, access, pattern, op)
                    n += 1
            args = ["--layout", lay_kind, "--tile", tile, "--elem", "half", "--pattern", "ldmatrix-a", "--op", "store"]
            check_json_against_model(" ".join(args), run_json(args), lay, "ldmatrix4", "ldmatrix-a", "store")
    check(n > 300, f"tensor-core patterns: {n} cases compared")
    for lay_kind, pattern, ways in (("none", "ldmatrix-a", 8), ("none", "ldmatrix-b", 8), ("none", "ldmatrix-bt", 8),
                                    ("xor", "ldmatrix-a", 1), ("xor", "ldmatrix-b", 1), ("xor", "ldmatrix-bt", 1),
                                    ("pad", "ldmatrix-a", 1), ("tma128", "ldmatrix-a", 1),
                                    ("none", "cp-async", 1), ("xor", "cp-async", 1),
                                    # R8, measured on the H200 (docs/design.md, Model vs hardware): 128-byte rows
                                    # at the pad's 144-byte stride cost 1 + 3 + 2 + 4 = 10 wavefronts
                                    ("pad", "cp-async", 4)):
        d = run_json(["--layout", lay_kind, "--tile", "64x64", "--elem", "half", "--pattern", pattern])
        i = d["instructions"][0]
        check(i["ways"] == ways and i["tile"]["worst_ways"] == ways and d["access"]["name"] ==
              ("16" if pattern == "cp-async" else "ldmatrix4") and i["op"] == ("store" if pattern == "cp-async" else "load"),
              f"{lay_kind} 64x64 halves {pattern}: {ways}-way (got {i['ways']}, tile {i['tile']['worst_ways']})")


def test_known():
    # bank.h R1/R5: a warp reading a[lane*s] of 4-byte elements has a gcd(s, 32)-way conflict.
    # A 32x64 tile holds lane*s for s <= 64 without wrapping.
    for s in range(1, 65):
        i = instr0(["--tile", "32x64", "--pattern", f"stride:{s}"])
        g = math.gcd(s, 32)
        check(i["ways"] == g and i["wavefronts"] == g and i["ideal"] == 1,
              f"stride {s}: {g}-way (got {i['ways']}-way, {i['wavefronts']} wavefronts)")
    base = ["--tile", "32x32", "--elem", "float"]
    i = instr0(base + ["--layout", "none", "--pattern", "col"])
    check((i["ways"], i["wavefronts"], i["ideal"]) == (32, 32, 1), "none col: 32 wavefronts")
    for lay in ("xor", "pad"):
        i = instr0(base + ["--layout", lay, "--pattern", "col"])
        check((i["ways"], i["wavefronts"]) == (1, 1), f"{lay} col conflict free")
    i = instr0(base + ["--layout", "morton", "--pattern", "row"])
    check(i["ways"] == 4, f"morton row 4-way (got {i['ways']})")
    i = instr0(base + ["--layout", "morton", "--pattern", "col"])
    check(i["ways"] == 8, f"morton col 8-way (got {i['ways']})")
    i = instr0(base + ["--layout", "morton", "--pattern", "block", "--origin", "8,8"])
    check(i["ways"] == 1, "morton block conflict free")
    # the c ^ r trap (xor.h): built for 4 B, read as 8-byte column pairs
    i = instr0(base + ["--layout", "xor", "--layout-access", "4", "--access", "8", "--pattern", "col"])
    check((i["ways"], i["ideal"], i["wavefronts"], i["permuted"]) == (2, 2, 4, True),
          f"xor@4 read by 8 B columns: 2-way, permuted (got {i['ways']}, {i['permuted']})")
    i = instr0(base + ["--layout", "xor", "--access", "8", "--pattern", "col"])
    check((i["ways"], i["ideal"], i["permuted"]) == (1, 2, False), "xor@8 read by 8 B columns: conflict free")
    # xor.h: A = 8 gives c ^ 2(r mod 16): 2-way for 4-byte column reads
    i = instr0(base + ["--layout", "xor", "--layout-access", "8", "--access", "4", "--pattern", "col"])
    check(i["ways"] == 2, f"xor@8 read by 4 B columns: 2-way (got {i['ways']})")
    # default access for wide elements; element names
    d = run_json(["--elem", "double", "--layout", "xor", "--pattern", "col"])
    check(d["access"]["bytes"] == 8 and d["layout"]["access"] == 8 and d["tile"]["elem"] == 8,
          "--elem double defaults to 8-byte accesses")
    for name, size in (("u8", 1), ("half", 2), ("float", 4), ("double", 8), ("f4x4", 16), ("float4", 16), ("16", 16)):
        d = run_json(["--elem", name, "--layout", "none", "--pattern", "row"])
        check(d["tile"]["elem"] == size, f"--elem {name} = {size} B")
    # ldmatrix: one 8x16-byte matrix per phase; default layout access 16
    d = run_json(["--layout", "xor", "--tile", "64x64", "--elem", "half", "--access", "ldmatrix4", "--pattern", "col"])
    i = d["instructions"][0]
    check(d["layout"]["access"] == 16 and i["ideal"] == 4 and i["ways"] == 1,
          f"ldmatrix4 on xor 64x64 halves: 4 phases, conflict free (got {i['ideal']}, {i['ways']})")
    d = run_json(["--layout", "none", "--tile", "64x64", "--elem", "half", "--access", "ldmatrix1", "--pattern", "col"])
    i = d["instructions"][0]
    check(len(i["lanes"]) == 8 and i["ideal"] == 1 and i["ways"] == 8,
          f"ldmatrix1 down a column of 128-byte rows: 8 lanes, 8-way (got {len(i['lanes'])}, {i['ways']})")
    # pad and TMA parameters
    d = run_json(["--layout", "pad", "--access", "16", "--pattern", "row"])
    check(d["layout"]["stride"] == 36 and d["layout"]["wasted_bytes"] == 512 and d["layout"]["params"] == {"stride": 36},
          "pad for 16 B on 32 floats: stride 36, 16 B per row, 512 B (pad.h)")
    d = run_json(["--layout", "tma128", "--pattern", "row"])
    check(d["layout"]["tma_mode"] == 128 and d["layout"]["params"].get("align") == 1024, "tma128 alignment 1024 B")
    d = run_json(["--layout", "xor", "--pattern", "row"])
    check(d["layout"]["params"] == {"B": 5, "M": 0, "S": 5} and d["layout"]["tma_mode"] == 0 and
          d["layout"]["triton"] == {"vec": 1, "per_phase": 1, "max_phase": 32},
          "xor 32x32 float @4: Swizzle<5,0,5> = Triton (1, 1, 32) (xor.h: M = log2 vec, B = log2 maxPhase)")
    # the table's text for the layout, with this layout's numbers in the macro
    check(d["layout"]["macro"] == "SWZ_XOR_AUTO_OFFSET(32, 4, 4, r, c)" and "swz_xor_auto" in d["layout"]["formula"]
          and d["layout"]["promise"], f"xor: formula, macro, promise ({d['layout']['macro']!r})")
    # block:WxH: each phase a W x H block of units (check.h), here 4 units wide, 8 rows high
    d = run_json(["--layout", "none", "--pattern", "block:4x8"])
    i = d["instructions"][0]
    check(d["pattern"]["block"] == [4, 8] and d["pattern"]["name"] == "block:4x8" and
          [(x["row"], x["col"]) for x in i["lanes"]] == [(q // 4, q % 4) for q in range(32)],
          "block:4x8: lane q at (q / 4, q mod 4)")
    d = run_json(["--layout", "none", "--pattern", "block"])
    check(d["pattern"]["block"] == [8, 4], f"block: the default 8x4 for 4-byte accesses ({d['pattern']['block']})")
    # stride:S has no wrap: lanes past the end of the tile are inactive
    i = instr0(["--tile", "32x32", "--pattern", "stride:100"])
    check([x["lane"] for x in i["lanes"]] == list(range(11)), "stride:100 on 1024 units: lanes 0-10 active")
    # transpose: a store of a row then a load of a column
    d = run_json(["--layout", "none"])
    ops = [(i["op"], i["pattern"]) for i in d["instructions"]]
    check(ops == [("store", "row"), ("load", "col")], f"default pattern transpose: {ops}")
    tt = d["tile_total"]
    check(tt["wavefronts"] == sum(i["tile"]["wavefronts"] for i in d["instructions"]), "tile_total adds the two")
    # origin: a column read starting lower, lanes past the bottom wrap to the next column
    i = instr0(["--layout", "xor", "--pattern", "col", "--origin", "16,3"])
    check(i["lanes"][0]["row"] == 16 and i["lanes"][0]["col"] == 3 and i["lanes"][16]["row"] == 0
          and i["lanes"][16]["col"] == 4, "col from (16, 3) wraps to (0, 4)")
    # --opt=value works like --opt value
    a = run_json(["--layout=xor", "--tile=16x32", "--pattern=col"])
    b = run_json(["--layout", "xor", "--tile", "16x32", "--pattern", "col"])
    check(a == b, "--opt=value == --opt value")
    c = run_json(["--layout", "xor", "--width", "16", "--height", "32", "--pattern", "col"])
    check(c == b, "--width/--height == --tile")
    # bank.h R7, the H200 measurements that a CLI pattern can express (wavefronts per
    # instruction): every lane one address (stride:0): ld8 1, ld16 2, st8 2, st16 4.  (The
    # alternating and cycling addresses need a wrap, which stride:S no longer has; the oracle
    # group checks them against the model's rules.)
    for args, op, want_wf, want_paired in (
            (["--access", "8", "--pattern", "stride:0"], "load", 1, True),
            (["--access", "16", "--pattern", "stride:0"], "load", 2, True),
            (["--access", "8", "--pattern", "stride:0"], "store", 2, False),
            (["--access", "16", "--pattern", "stride:0"], "store", 4, False)):
        d = run_json(args + ["--op", op])
        i = d["instructions"][0]
        check((i["op"], i["wavefronts"], i["paired"]) == (op, want_wf, want_paired) and
              i["phase_lanes"] == (d["access"]["phase_lanes"] * (2 if want_paired else 1)),
              f"H200 {' '.join(args)} {op}: {want_wf} wavefronts, paired {want_paired} "
              f"(got {i['wavefronts']}, {i['paired']}, {i['phase_lanes']}-lane phases)")
    # --op load is the default; the text and the SVG say 'paired (R7)' exactly when it applies
    check(run_json(["--access", "8", "--pattern", "stride:0"]) ==
          run_json(["--access", "8", "--pattern", "stride:0", "--op", "load"]), "--op load is the default")
    for op, paired in (("load", True), ("store", False)):
        rc, out, _ = run(["--access", "16", "--pattern", "stride:0", "--op", op])
        check(rc == 0 and ("paired (R7)" in out) == paired and f"instruction 1 of 1: {op}," in out and
              ("(ld.shared.v4.b32)" in out) == (op == "load") and ("(st.shared.v4.b32)" in out) == (op == "store"),
              f"text of a 16-byte broadcast {op}: paired (R7) shown iff {paired}")
    rc, out, _ = run(["--access", "8", "--pattern", "col"])
    check(rc == 0 and "paired" not in out, "an unpaired load does not mention pairing")
    # transpose: the row store never pairs, even where a load of the same lanes would
    d = run_json(["--tile", "4x1", "--access", "8", "--pattern", "transpose"])
    ops = [(i["op"], i["paired"]) for i in d["instructions"]]
    check(ops == [("store", False), ("load", True)], f"transpose on 4x1 (2 units): store unpaired, load paired {ops}")


# ---- every field against the model ---------------------------------------------------------

ORACLE_CASES = []
for _tile, _elem in (("32x32", 4), ("16x32", 4), ("64x16", 2), ("64x64", 2), ("32x8", 8), ("8x64", 16), ("128x4", 1)):
    for _lay in LAYOUTS:
        for _acc in ("4", "8", "16", "ldmatrix1", "ldmatrix2", "ldmatrix4"):
            for _pat in ("row", "col", "stride:3", "stride:16", "block", "transpose"):
                ORACLE_CASES.append((_tile, _elem, _lay, _acc, _pat))


def check_json_against_model(args, d, lay, access, pattern, op="load"):
    """op: of a single instruction (--op); transpose is a row store then a column load."""
    parts = pattern.split(":")
    block = tuple(int(x) for x in parts[1].split("x")) if parts[0] == "block" and len(parts) > 1 else None
    pats = ([("row", 0, "store"), ("col", 0, "load")] if pattern == "transpose"
            else [(parts[0], int(parts[1]) if len(parts) > 1 and not block else 0, op)])
    ok = check(len(d["instructions"]) == len(pats), f"{args}: {len(pats)} instructions")
    origin = d["pattern"]["origin"]
    for ins, (pname, stride, iop) in zip(d["instructions"], pats):
        store = iop == "store"
        m = model_instr(lay, pname, access, stride, origin[0], origin[1], store, block)
        if not check(m is not None, f"{args}: the model finds a scattered vector where swz-check does not"):
            return False
        got = (ins["op"], ins["wavefronts"], ins["ideal"], ins["ways"], ins["permuted"], ins["paired"],
               ins["phase_lanes"])
        want = (iop, m["wavefronts"], m["ideal"], m["ways"], m["permuted"], m["paired"], m["phase_lanes"])
        ok &= check(got == want, f"{args} {pname}: (op, wavefronts, ideal, ways, permuted, paired, phase_lanes) "
                                 f"{got} vs model {want}")
        lanes = [(x["lane"], x["row"], x["col"], x["addr"], x["permuted"]) for x in ins["lanes"]]
        ok &= check(lanes == m["lanes"], f"{args} {pname}: lanes differ from the model")
        mask = sum(1 << x[0] for x in m["lanes"])
        ok &= check(ins["mask"] == mask, f"{args} {pname}: mask")
        k = ACCESS_BYTES[access]
        for x in ins["lanes"]:
            ok &= check(x["banks"] == [(x["addr"] // 4 + j) % 32 for j in range(max(1, k // 4))]
                        and x["offset"] * lay.e == x["addr"] and x["elems"] == k // lay.e,
                        f"{args} lane {x['lane']}: banks/offset/elems")
        # the bank map: each phase's cells are exactly its lanes' words, depth = wavefronts
        per = [p for p in m["per_phase"]]
        pm = ins["phase_map"]
        ok &= check(len(pm) == len(per), f"{args}: {len(per)} phases in the map")
        pl, used = m["phase_lanes"], ACCESS_LANES[access]
        ok &= check([(ph["first"], ph["count"]) for ph in pm] == [(f, min(pl, used - f)) for f in range(0, used, pl)],
                    f"{args} {pname}: the map's phases are the model's ({pl} lanes)")
        cp_depth = 0
        for ph, cost in zip(pm, per):
            ok &= check(ph["ways"] == cost and ph["ideal"] == (1 if ph["active"] else 0),
                        f"{args} phase {ph['first']}: ways {ph['ways']} ideal {ph['ideal']}, model cost {cost}")
            want_words = {}
            for x in ins["lanes"]:
                if ph["first"] <= x["lane"] < ph["first"] + ph["count"]:
                    for j in range(max(1, k // 4)):
                        want_words.setdefault(x["addr"] // 4 + j, set()).add(x["lane"])
            got_words = {}
            for b, cells in enumerate(ph["banks"]):
                for c in cells:
                    ok &= check(c["word"] % 32 == b, f"{args}: word {c['word']} drawn in bank {b}")
                    got_words[c["word"]] = set(c["lanes"])
            ok &= check(got_words == want_words, f"{args} phase {ph['first']}: bank map cells")
            depth = max((len(c) for c in ph["banks"]), default=0)
            if pname == "cp-async":  # R8: the map shows the banks; a line's wavefronts count in its first lane's phase
                ok &= check(cost == ph["wavefronts"], f"{args} phase {ph['first']}: R8 {cost}")
                cp_depth = max(cp_depth, depth)
            else:
                ok &= check(depth == cost == ph["wavefronts"],
                            f"{args} phase {ph['first']}: depth {depth}, model {cost}")
        if pname == "cp-async":  # a wavefront writes each bank once: no bank deeper than the wavefronts
            ok &= check(cp_depth <= sum(per), f"{args}: depth {cp_depth}, R8 {sum(per)} wavefronts")
        t = model_tile(lay, pname, access, stride, store, block)
        got_t = None if "error" in ins["tile"] else {key: ins["tile"][key] for key in
                                                     ("instructions", "wavefronts", "ideal", "worst_ways")}
        ok &= check(got_t == t, f"{args} {pname}: whole tile {got_t} vs model {t}")
    return ok


def layout_valid(kind, w, h, e, a):
    """layout.h's rules: which kinds accept these parameters."""
    if w * e < a:
        return False
    if kind == "xor":
        return w & (w - 1) == 0
    if kind == "morton":
        u = w * e // a
        return w * e % a == 0 and u & (u - 1) == 0 and h & (h - 1) == 0
    if kind.startswith("tma"):
        return w * e % 16 == 0 and w * e <= int(kind[3:])
    return True


def test_oracle():
    n = refused = 0
    for tile, elem, lay_kind, access, pattern in ORACLE_CASES:
        w, h = (int(x) for x in tile.split("x"))
        k = ACCESS_BYTES[access]
        if k % elem:
            continue
        args = ["--layout", lay_kind, "--tile", tile, "--elem", str(elem), "--access", access, "--pattern", pattern]
        rc, out, err = run(args + ["--json"])
        lay_ok = layout_valid(lay_kind, w, h, elem, k)
        if not lay_ok:
            check(rc == 2 and out == "" and err.startswith("swz-check: "), f"{args}: invalid layout refused (rc {rc})")
            refused += 1
            continue
        lay = Layout(lay_kind, w, h, elem, k)
        scattered = any(model_instr(lay, p, access, 0, 0, 0) is None
                        for p in (["row", "col"] if pattern == "transpose" else [pattern.split(":")[0]]))
        if scattered:
            check(rc == 2 and "aligned" in err, f"{args}: scattered vector refused (rc {rc})")
            refused += 1
            continue
        if not check(rc == 0, f"{args}: exit 0 (got {rc}: {err.strip()[:200]})"):
            continue
        check_json_against_model(" ".join(args), json.loads(out), lay, access, pattern)
        n += 1
    # also layouts built for a different width than the instruction, and origins
    for lay_kind, la, access, pattern, origin in (
            ("xor", "4", "8", "col", "0,0"), ("xor", "4", "16", "col", "5,8"), ("xor", "8", "4", "col", "0,0"),
            ("xor", "16", "8", "row", "3,4"), ("pad", "16", "4", "col", "0,0"), ("pad", "16", "8", "block", "2,6"),
            ("morton", "8", "4", "block", "8,8"), ("tma128", "16", "4", "col", "7,5"), ("none", "4", "8", "stride:5", "1,2"),
            ("tma128", "4", "ldmatrix2", "block", "4,16")):
        args = ["--layout", lay_kind, "--layout-access", la, "--access", access, "--pattern", pattern, "--origin", origin]
        d = run_json(args)
        lay = Layout(lay_kind, 32, 32, 4, int(la))
        check_json_against_model(" ".join(args), d, lay, access, pattern)
        n += 1
    # block:WxH shapes other than the default (each phase W x H units, W*H its lanes), from
    # several origins, on every layout that takes a 32x32 float tile
    shapes = 0
    for lay_kind in LAYOUTS:
        for access, la, shape, origin in (("4", "4", "4x8", "0,0"), ("4", "4", "16x2", "3,5"), ("4", "4", "1x32", "0,7"),
                                          ("8", "8", "2x8", "2,4"), ("16", "16", "8x1", "0,0"),
                                          ("ldmatrix4", "16", "1x8", "4,0"), ("16", "4", "2x4", "1,1")):
            if not layout_valid(lay_kind, 32, 32, 4, int(la)):
                continue
            lay = Layout(lay_kind, 32, 32, 4, int(la))
            if model_instr(lay, "block", access, 0, 0, 0, block=tuple(int(x) for x in shape.split("x"))) is None:
                continue
            args = ["--layout", lay_kind, "--layout-access", la, "--access", access, "--pattern", f"block:{shape}",
                    "--origin", origin]
            check_json_against_model(" ".join(args), run_json(args), lay, access, f"block:{shape}")
            shapes += 1
    check(shapes >= 20, f"oracle: {shapes} block shapes compared")
    # stores (--op store) of every single-instruction case with wide accesses: never paired
    stores = 0
    for tile, elem, lay_kind, access, pattern in ORACLE_CASES:
        w, h = (int(x) for x in tile.split("x"))
        k = ACCESS_BYTES[access]
        if access == "4" or pattern == "transpose" or k % elem or not layout_valid(lay_kind, w, h, elem, k):
            continue
        lay = Layout(lay_kind, w, h, elem, k)
        if model_instr(lay, pattern.split(":")[0], access, 0, 0, 0) is None:
            continue
        args = ["--layout", lay_kind, "--tile", tile, "--elem", str(elem), "--access", access, "--pattern", pattern,
                "--op", "store"]
        rc, out, err = run(args + ["--json"])
        if check(rc == 0, f"{args}: exit 0 (got {rc}: {err.strip()[:200]})"):
            check_json_against_model(" ".join(args), json.loads(out), lay, access, pattern, "store")
            stores += 1
    # cases where R7 decides: a wrapping stride makes lanes alternate between two units, the
    # tile has fewer units than lanes, or a broadcast
    paired = 0
    for tile, elem, access, pattern in (("2x4", 4, "8", "stride:2"), ("128x4", 1, "16", "stride:16"),
                                        ("4x2", 4, "16", "stride:1"), ("8x2", 4, "8", "stride:4"),
                                        ("32x32", 4, "16", "stride:0"), ("16x16", 8, "16", "stride:8"),
                                        ("4x4", 4, "8", "stride:3"), ("64x64", 2, "8", "stride:512")):
        w, h = (int(x) for x in tile.split("x"))
        lay = Layout("none", w, h, elem, ACCESS_BYTES[access])
        for op in ("load", "store"):
            args = ["--layout", "none", "--tile", tile, "--elem", str(elem), "--access", access, "--pattern", pattern,
                    "--op", op]
            d = run_json(args)
            check_json_against_model(" ".join(args), d, lay, access, pattern, op)
            paired += d["instructions"][0]["paired"]
    check(stores > 100 and paired >= 5, f"oracle: {stores} store cases, {paired} paired loads among the R7 cases")
    check(n > 300 and refused > 30, f"oracle: {n} cases compared, {refused} refused")

    # the oracle itself reproduces the H200 measurements R7 rests on (pattern -> wavefronts)
    def lanes(f, mask=0xFFFFFFFF):
        return [f(l) if (mask >> l) & 1 else None for l in range(32)]
    for what, addrs, access, store, want in (
            ("ld8 every lane one address", lanes(lambda l: 0), "8", False, 1),
            ("ld16 every lane one address", lanes(lambda l: 0), "16", False, 2),
            ("ld16 one address, mask 0x00010001", lanes(lambda l: 0, 0x00010001), "16", False, 2),
            ("ld8 (l%2)*8", lanes(lambda l: (l % 2) * 8), "8", False, 1),
            ("ld8 (l%4)*8", lanes(lambda l: (l % 4) * 8), "8", False, 2),
            ("ld8 all 0 but lane 31 at 8", lanes(lambda l: 8 if l == 31 else 0), "8", False, 2),
            ("ld8 (l/2)*8", lanes(lambda l: (l // 2) * 8), "8", False, 1),
            ("ld8 (l/8)*128", lanes(lambda l: (l // 8) * 128), "8", False, 4),
            ("ld16 (l/16)*128", lanes(lambda l: (l // 16) * 128), "16", False, 2),
            ("st8 every lane one address", lanes(lambda l: 0), "8", True, 2),
            ("st16 every lane one address", lanes(lambda l: 0), "16", True, 4),
            ("st8 (l/2)*8", lanes(lambda l: (l // 2) * 8), "8", True, 2)):
        wf = bank_eval(addrs, access, store)[0]
        check(wf == want, f"oracle vs H200: {what}: {wf} wavefronts, measured {want}")


# ---- text agrees with JSON -------------------------------------------------------------------

TEXT_CASES = [
    ["--layout", "none", "--pattern", "col"],
    ["--layout", "xor", "--layout-access", "4", "--access", "8", "--pattern", "col"],
    ["--layout", "pad", "--access", "16", "--pattern", "stride:0"],
    ["--layout", "morton", "--pattern", "transpose", "--origin", "4,4"],
    ["--layout", "tma128", "--tile", "64x8", "--elem", "2", "--access", "ldmatrix4", "--pattern", "col"],
    ["--layout", "xor", "--tile", "16x32", "--pattern", "block"],
    ["--layout", "none", "--tile", "7x5", "--pattern", "row"],
    ["--layout", "none", "--tile", "4x1", "--access", "8", "--pattern", "transpose"],
    ["--layout", "xor", "--access", "16", "--pattern", "stride:0", "--op", "store"],
    ["--layout", "xor", "--tile", "96x32", "--elem", "2", "--access", "16", "--pattern", "col"],
    ["--layout", "xor", "--tile", "48x32", "--elem", "4", "--access", "16", "--pattern", "row"],
    ["--layout", "linear", "--tile", "80x16", "--elem", "2", "--access", "ldmatrix4", "--pattern", "col"],
    ["--layout", "xor", "--tile", "33x32", "--pattern", "col"],
]


def test_text():
    for args in TEXT_CASES:
        rc, out, err = run(args)
        d = run_json(args)
        what = " ".join(args)
        check(rc == 0 and err == "", f"{what}: text exit 0")
        check(f"{d['layout']['name']} layout, {d['tile']['width']}x{d['tile']['height']} tile" in out,
              f"{what}: header names layout and tile")
        results = re.findall(r"^  result\s+(\d+) wavefronts?, ideal (\d+), (\d+)-way", out, re.M)
        want = [(str(i["wavefronts"]), str(i["ideal"]), str(i["ways"])) for i in d["instructions"]]
        check(results == want, f"{what}: result lines {results} == JSON {want}")
        perm = re.findall(r"^  result.*permuted", out, re.M)
        check(len(perm) == sum(1 for i in d["instructions"] if i["permuted"]), f"{what}: permuted shown")
        paired = re.findall(r"^  result.*, paired \(R7\)", out, re.M)
        check(len(paired) == sum(1 for i in d["instructions"] if i["paired"]), f"{what}: paired (R7) shown")
        heads = re.findall(r"^instruction \d+ of \d+: (\w+), .*\((\S+)\)$", out, re.M)
        check([h[0] for h in heads] == [i["op"] for i in d["instructions"]] and
              all(h[1].startswith("st" if h[0] == "store" else "ld") for h in heads), f"{what}: op and PTX per instruction")
        phl = re.findall(r"^  \d+ active lanes? in \d+ phases? of (\d+) lanes", out, re.M)
        check([int(x) for x in phl] == [i["phase_lanes"] for i in d["instructions"]], f"{what}: lanes per phase")
        tiles = re.findall(r"^  whole tile pattern (\S+): (\d+) instructions?, (\d+) wavefronts?, ideal (\d+), worst (\d+)-way",
                           out, re.M)
        want = [(i["tile"]["pattern"], str(i["tile"]["instructions"]), str(i["tile"]["wavefronts"]),
                 str(i["tile"]["ideal"]), str(i["tile"]["worst_ways"])) for i in d["instructions"]]
        check(tiles == want, f"{what}: whole-tile lines {tiles} == JSON {want}")
        lanes = re.findall(r"^\s+(\d+)  \((\d+), (\d+)(?:-\d+)?\)\s+(\d+)\s+(\d+)  ([\d,]+)(  permuted)?$", out, re.M)
        want = [(str(x["lane"]), str(x["row"]), str(x["col"]), str(x["offset"]), str(x["addr"]),
                 ",".join(str(b) for b in x["banks"]), "  permuted" if x["permuted"] else "")
                for i in d["instructions"] for x in i["lanes"]]
        check(lanes == want, f"{what}: lane table == JSON lanes ({len(lanes)} vs {len(want)} rows)")
        # each phase's grid has one line per wavefront
        grids = re.findall(r"^  phase \d+ of \d+ \(lanes \d+-\d+\): (\d+) wavefronts?.*\n    bank[^\n]*\n((?:    wf[^\n]*\n)*)",
                           out, re.M)
        want = [ph["wavefronts"] for i in d["instructions"] for ph in i["phase_map"] if ph["active"]]
        check([int(g[0]) for g in grids] == want and all(g[1].count("\n") == int(g[0]) for g in grids),
              f"{what}: bank grids have one line per wavefront")
        # the grids cell by cell: line k, column b = lowest lane of the k-th word of bank b
        maps = [ph for i in d["instructions"] for ph in i["phase_map"] if ph["active"]]
        got_cells = [[line.split()[1:] for line in g[1].splitlines()] for g in grids]
        want_cells = [[[str(min(bank[k]["lanes"])) if k < len(bank) else "." for bank in ph["banks"]]
                       for k in range(ph["wavefronts"])] for ph in maps]
        check(got_cells == want_cells, f"{what}: bank grid cells == JSON phase maps")
        shared = sum(1 for ph in maps for bank in ph["banks"] for c in bank if len(c["lanes"]) > 1)
        check(("shared words" in out) == (shared > 0), f"{what}: shared words listed iff there are some")
        if d["layout"]["name"] == "xor":
            x = d["layout"]["params"]
            w = d["tile"]["width"]
            if w & (w - 1) == 0:
                check(f"B={x['B']} M={x['M']} S={x['S']}   (CuTe Swizzle<{x['B']},{x['M']},{x['S']}>" in out,
                      f"{what}: B/M/S printed as CuTe's")
            else:  # xor.h: the swizzle of the coordinate in a row padded to a power of two
                pitch = 1 << (w - 1).bit_length()
                check(f"B={x['B']} M={x['M']} S={x['S']} (Swizzle<{x['B']},{x['M']},{x['S']}> on r*{pitch} + c" in out and
                      f"no CuTe Swizzle of r*{w} + c" in out, f"{what}: B/M/S of a row that is not a power of two")
            t = d["layout"]["triton"]
            check(t is None or f"vec={t['vec']} perPhase={t['per_phase']} maxPhase={t['max_phase']}" in out,
                  f"{what}: Triton printed")
        if d["layout"]["tma_mode"]:
            check(f"multiple of {d['layout']['params']['align']} B" in out, f"{what}: TMA alignment printed")
        params = " ".join(f"{k}={v}" for k, v in d["layout"]["params"].items())
        swizzle = set(d["layout"]["params"]) == {"B", "M", "S"}  # printed as the swizzle line instead
        check((f"  params     {params}\n" in out) if params and not swizzle else "  params" not in out,
              f"{what}: parameters printed")
        check(f"  macro      {d['layout']['macro']}\n" in out, f"{what}: macro printed")
        check(f"wasted {d['layout']['wasted_bytes']} B" in out, f"{what}: wasted bytes printed")
        # the certificate: bijection, the walks at the layout's access width, the slots of column 0
        lay = d["layout"]
        check(lay["bijection"] is True and "  bijection  yes: " in out, f"{what}: bijection checked and printed")
        cert = lay["certificate"]
        def block(label):  # a labelled line of the layout block with its wrapped continuation lines
            m = re.search(r"^  " + label + r" +(.*(?:\n {13}\S.*)*)", out, re.M)
            return " ".join(m.group(1).split()) if m else ""
        text = block("conflicts")
        for name, t in (("row", cert["row"]), ("column", cert["col"])):
            check(f"{name} walk {t['instructions']} instruction" in text and f"{t['wavefronts']} wavefront" in text and
                  f"ideal {t['ideal']}, {t['worst_ways']}-way" in text, f"{what}: {name} walk of the certificate ({text!r})")
        slots = block("slots")
        check(" ".join(str(x) for x in cert["slots"]) in slots and cert["access"] == lay["access"],
              f"{what}: slots {cert['slots']} printed ({slots!r})")


# ---- errors ----------------------------------------------------------------------------------

BAD = [
    ["--bogus"], ["-x"], ["positional"], ["-"], ["--"], [""], ["--layout"], ["--layout", ""],
    ["--layout", "XOR"], ["--layout", "swizzle"], ["--layout", "xor", "--tile", "6x32", "--access", "16"],
    ["--layout", "xor", "--width", "12", "--elem", "2", "--access", "16"], ["--tile", "32"], ["--tile", "x"], ["--tile", ""],
    ["--tile", "0x32"], ["--tile", "32x0"], ["--tile", "-32x32"], ["--tile", "32x-1"], ["--tile", "+32x32"],
    ["--tile", "32x32x32"], ["--tile", " 32x32"], ["--tile", "99999999999999999999x1"],
    ["--tile", "4294967296x1"], ["--tile", "4294967295x4294967295"], ["--tile", "65537x1"],
    ["--tile", "65536x65536"], ["--tile", "1e3x2"], ["--tile", "0x20x20"], ["--width", "abc"], ["--width", ""],
    ["--height", "-1"], ["--height", "18446744073709551617"], ["--elem", "3"], ["--elem", "0"], ["--elem", ""],
    ["--elem", "-4"], ["--elem", "32"], ["--elem", "float5"], ["--elem", "4294967300"],
    ["--elem", "8", "--access", "4"], ["--elem", "16", "--access", "8"], ["--access", "32"], ["--access", "2"],
    ["--access", "ldmatrix3"], ["--access", ""], ["--access", "-4"], ["--layout-access", "2"],
    ["--layout-access", "12"], ["--layout-access", ""], ["--layout-access", "-16"], ["--pattern", "diag"],
    ["--pattern", ""], ["--pattern", "stride"], ["--pattern", "stride:"], ["--pattern", "stride:-1"],
    ["--pattern", "stride:99999999999"], ["--pattern", "stride:2x"], ["--origin", "32,0"], ["--origin", "0,32"],
    ["--origin", "1"], ["--origin", "-1,0"], ["--origin", ","], ["--origin", ""], ["--origin", "4294967295,4294967295"],
    ["--origin", "99999999999,0"], ["--svg", ""], ["--svg-grid", ""], ["--svg"], ["--json=1"], ["--summary=yes"],
    ["--summary", "--layout", "xor"], ["--summary", "--pattern", "col"], ["--summary", "--tile", "33x0"],
    ["--layout", "morton", "--tile", "24x32"], ["--layout", "morton", "--tile", "32x24"],
    ["--layout", "tma32", "--tile", "32x32"], ["--layout", "tma128", "--tile", "30x32"],
    ["--layout", "tma64", "--tile", "8x8", "--elem", "16"],
    ["--layout", "morton", "--layout-access", "4", "--access", "16", "--pattern", "row"],
    ["--tile", "1x32", "--access", "8"], ["--tile", "1x32", "--elem", "2"],
    ["--op"], ["--op", ""], ["--op", "ld"], ["--op", "LOAD"], ["--op", "store"], ["--op=load"],
    ["--op", "store", "--pattern", "transpose"], ["--summary", "--op", "load"],
    ["--layout", "xor", "--tile", "512x512", "--svg-grid", os.devnull],
    ["--layout", "pad", "--tile", "65536x1024", "--elem", "1", "--origin", "1024,0"],
    ["--tile", "64x64", "--elem", "2", "--pattern", "ldmatrix-a", "--access", "16"],
    ["--tile", "64x64", "--elem", "2", "--pattern", "ldmatrix-bt", "--access", "4"],
    ["--tile", "64x64", "--elem", "2", "--pattern", "cp-async", "--access", "8"],
    ["--tile", "64x64", "--elem", "2", "--pattern", "cp-async", "--op", "load"],
    ["--tile", "64x64", "--elem", "2", "--pattern", "ldmatrix-c"],
]


def test_errors():
    for args in BAD:
        try:
            rc, out, err = run(args, timeout=30)
        except subprocess.TimeoutExpired:
            check(False, f"{args}: timed out")
            continue
        lines = err.splitlines()
        check(rc == 2, f"{args}: exit 2 (got {rc})")
        check(out == "", f"{args}: nothing on stdout ({out[:80]!r})")
        check(len(lines) >= 2 and lines[0].startswith("swz-check: ") and len(lines[0]) > len("swz-check: ") + 5
              and any(l.startswith("usage: swz-check") for l in lines[1:]),
              f"{args}: one-line reason then usage on stderr ({err[:160]!r})")
    # fixed-seed random combinations of good and bad values: exit 0 or 2, never a crash
    rng = random.Random(20240611)
    vocab = {
        "--layout": LAYOUTS + ["", "Xor", "tma16"],
        "--tile": ["32x32", "16x32", "64x8", "8x64", "24x32", "1x1", "0x4", "65536x1024", "x", "4x", "33x33", "128x2"],
        "--elem": ["1", "2", "4", "8", "16", "half", "double", "f4x4", "3", "", "-1"],
        "--access": ["4", "8", "16", "ldmatrix1", "ldmatrix2", "ldmatrix4", "1", "ldmatrix"],
        "--op": ["load", "store", "st"],
        "--layout-access": ["4", "8", "16", "0", "32"],
        "--pattern": ["row", "col", "block", "transpose", "stride:0", "stride:1", "stride:33", "stride:4294967295",
                      "stride:x"],
        "--origin": ["0,0", "1,1", "31,31", "7,100", "0,", "100000,0"],
    }
    counts = {0: 0, 2: 0}
    for _ in range(150):
        args = []
        for opt in rng.sample(sorted(vocab), rng.randint(1, 5)):
            args += [opt, rng.choice(vocab[opt])]
        if "65536x1024" in args:  # keep the run short: that tile is slow to total, not wrong
            args += ["--pattern", "stride:1"]
        if rng.random() < 0.3:
            args.append("--json")
        rc, out, err = run(args, timeout=60)
        counts[rc] = counts.get(rc, 0) + 1
        if rc == 0:
            check(out != "" and err == "", f"{args}: exit 0 with a report")
            if "--json" in args:
                try:
                    json.loads(out)
                    check(True, "")
                except ValueError:
                    check(False, f"{args}: --json output does not parse")
        else:
            check(rc == 2 and out == "" and err.startswith("swz-check: ") and "usage: swz-check" in err,
                  f"{args}: exit 0 or 2 with a reason (got {rc}: {err[:120]!r})")
    check(counts[0] > 10 and counts[2] > 10, f"random arguments: both outcomes seen ({counts})")
    # the library's reason, through swz_strerror
    rc, _, err = run(["--layout", "xor", "--tile", "6x32", "--access", "16"])
    check(err.splitlines()[0].endswith(": xor needs a row W*E that is a whole number of accesses A (W*E = 24)"),
          f"xor 6x32 floats, 16-byte accesses: the reason names the parameter and its value ({err.splitlines()[0]!r})")
    rc, _, err = run(["--elem", "8", "--access", "4"])
    check("multiple of the element" in err.splitlines()[0], "elem 8 access 4: the reason names the element size")
    rc, _, err = run(["--origin", "32,0"])
    check(err.splitlines()[0].endswith("the origin's row R must be 0 .. H-1 = 31 (R = 32)"),
          f"origin outside: the reason names R and its value ({err.splitlines()[0]!r})")
    # one message per cause: a width too large for the tile, whether it fits 32 bits or not
    for tile, tail in (("65537x1", "needs a width W in 1 .. 65536 (W = 65537)"),
                       ("99999999999999999999x1", "the width W = 99999999999999999999 does not fit in 32 bits"),
                       ("0x4", "needs a width W in 1 .. 65536 (W = 0)")):
        for mode in ([], ["--summary"], ["--layout", "pad"]):
            rc, _, err = run(mode + ["--tile", tile])
            first = err.splitlines()[0] if err else ""
            check(rc == 2 and first.endswith(tail) and "not WxH" not in first and "zero or too large" not in first,
                  f"{mode} --tile {tile}: one message ({first!r})")
    for args, tail in ((["--tile", "32"], "'32' is not WxH (W elements per row, H rows; e.g. 32x32)"),
                       (["--tile", "1e3x2"], "the width W = '1e3' is not a number (decimal digits)"),
                       (["--origin", "1,-2"], "the column C = '-2' is not a number (decimal digits)")):
        rc, _, err = run(args)
        check(err.splitlines()[0].endswith(tail), f"{args}: malformed, names the part ({err.splitlines()[0]!r})")
    # an output file that cannot be written: exit 1, a message, no crash
    rc, out, err = run(["--layout", "xor", "--svg", "/nonexistent-dir/x/map.svg"])
    check(rc == 1 and "cannot write" in err, f"unwritable --svg: exit 1 (got {rc})")


# ---- SVG -------------------------------------------------------------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"
SVG_CASES = [
    ["--layout", "none", "--pattern", "col"],
    ["--layout", "xor", "--pattern", "transpose"],
    ["--layout", "xor", "--layout-access", "4", "--access", "8", "--pattern", "col"],
    ["--layout", "pad", "--access", "16", "--pattern", "stride:0"],
    ["--layout", "tma128", "--tile", "64x64", "--elem", "half", "--access", "ldmatrix4", "--pattern", "col"],
    ["--layout", "morton", "--tile", "64x128", "--pattern", "block"],
    ["--layout", "xor", "--tile", "8x4", "--elem", "16", "--access", "16", "--pattern", "row"],
    ["--layout", "none", "--tile", "4x2", "--access", "16", "--pattern", "transpose"],
]


def text_of(el):
    return "".join(el.itertext())


def test_svg():
    with tempfile.TemporaryDirectory(prefix="swz-cli-svg-") as tmp:
        for n, args in enumerate(SVG_CASES):
            what = " ".join(args)
            paths = [os.path.join(tmp, f"{n}-{k}.svg") for k in ("map", "grid", "map2", "grid2")]
            rc1, out1, _ = run(args + ["--svg", paths[0], "--svg-grid", paths[1]])
            rc2, out2, _ = run(args + ["--svg", paths[2], "--svg-grid", paths[3]])
            check(rc1 == 0 and rc2 == 0, f"{what}: --svg exit 0")
            data = [open(p, "rb").read() for p in paths]
            check(data[0] == data[2] and data[1] == data[3], f"{what}: SVG byte-identical on two runs")
            check(out1 == out2 and out1 == run(args)[1], f"{what}: text unchanged by --svg")
            d = run_json(args)
            roots = []
            for p in paths[:2]:
                try:
                    roots.append(ET.parse(p).getroot())
                except ET.ParseError as e:
                    check(False, f"{what}: {p} is not well-formed XML: {e}")
                    roots.append(None)
            if None in roots:
                continue
            m, g = roots
            check(m.tag == SVG_NS + "svg" and g.tag == SVG_NS + "svg", f"{what}: root is <svg>")
            for r in roots:
                check(all(r.get(a, "").isdigit() for a in ("width", "height")), f"{what}: integer width/height")
            # title: layout, tile, elem, access, pattern; the wavefront count
            texts = [text_of(t) for t in m.iter(SVG_NS + "text")]
            title = texts[0]
            for word in (d["layout"]["name"], f"{d['tile']['width']}x{d['tile']['height']}",
                         f"elem {d['tile']['elem']} B", f"access {d['access']['name']}", f"pattern {d['pattern']['name']}"):
                check(word in title, f"{what}: map title has {word!r} ({title!r})")
            total = sum(i["wavefronts"] for i in d["instructions"])
            check(f"{total} wavefront" in texts[1], f"{what}: map shows {total} wavefronts ({texts[1]!r})")
            heads = [t for t in texts if re.match(r"\d+\. (load|store), pattern", t)]
            check([("paired (R7)" in t, t.split(",")[0].split(". ")[1]) for t in heads] ==
                  [(i["paired"], i["op"]) for i in d["instructions"]],
                  f"{what}: each instruction's heading names its op and 'paired (R7)' iff paired")
            bands = [t for t in texts if re.match(r"phase \d+ \(lanes", t)]
            check(len(bands) == sum(len(i["phase_map"]) for i in d["instructions"]), f"{what}: one band per phase")
            # each cell (a <g> with a title) = one word of one bank; conflict class where depth > 1
            cells = [c for c in m.iter(SVG_NS + "g") if c.find(SVG_NS + "title") is not None]
            want = []
            for ins in d["instructions"]:
                for ph in ins["phase_map"]:
                    for b, bank in enumerate(ph["banks"]):
                        for c in bank:
                            want.append((b, c["word"], sorted(c["lanes"]), "conflict" if len(bank) > 1 else "ok"))
            got = []
            for c in cells:
                t = text_of(c.find(SVG_NS + "title"))
                mm = re.match(r"bank (\d+), word (\d+) \(byte \d+\): lanes? ([\d,]+)", t)
                if not mm:
                    continue
                got.append((int(mm.group(1)), int(mm.group(2)), [int(x) for x in mm.group(3).split(",")], c.get("class")))
            check(got == want, f"{what}: map cells == JSON phase maps ({len(got)} vs {len(want)})")
            conflict_cells = sum(1 for x in got if x[3] == "conflict")
            check((conflict_cells > 0) == (max(i["ways"] for i in d["instructions"]) > 1),
                  f"{what}: conflicts highlighted iff there is a conflict")
            # the grid: one cell per element, number = bank of the element's first byte
            lay = Layout(d["layout"]["name"], d["tile"]["width"], d["tile"]["height"], d["tile"]["elem"], d["layout"]["access"])
            els = {}
            for c in g.iter(SVG_NS + "g"):
                tt = c.find(SVG_NS + "title")
                mm = re.match(r"\((\d+), (\d+)\) offset (\d+), byte (\d+), banks? ([\d,]+)", text_of(tt) if tt is not None else "")
                if mm:
                    num = c.find(SVG_NS + "text")
                    els[(int(mm.group(1)), int(mm.group(2)))] = (int(mm.group(3)), int(mm.group(5).split(",")[0]),
                                                                 text_of(num) if num is not None else None,
                                                                 c.find(SVG_NS + "rect").get("fill"))
            w, h = d["tile"]["width"], d["tile"]["height"]
            check(len(els) == w * h, f"{what}: grid has {w * h} elements (got {len(els)})")
            bad = [(rc, v) for rc, v in els.items()
                   if v[0] != lay.offset(*rc) or v[1] != (lay.offset(*rc) * lay.e // 4) % 32
                   or (v[2] is not None and v[2] != str(v[1]))]
            check(not bad, f"{what}: grid offsets/banks match the layout formula ({bad[:3]})")
            colours = {}
            for v in els.values():
                colours.setdefault(v[1], set()).add(v[3])
            check(all(len(s) == 1 for s in colours.values()) and
                  len({next(iter(s)) for s in colours.values()}) == len(colours), f"{what}: one colour per bank")
            outlined = [r for r in g.iter(SVG_NS + "rect") if r.get("fill") == "none"]
            check(len(outlined) == sum(len(i["lanes"]) for i in d["instructions"]), f"{what}: one outline per lane")


def test_help():
    rc, out, err = run(["--help"])
    check(rc == 0 and err == "" and out.startswith("usage: swz-check"), "--help: usage on stdout, exit 0")
    for opt in ("--layout", "--tile", "--width", "--height", "--elem", "--access", "--layout-access", "--pattern",
                "--origin", "--json", "--svg", "--svg-grid", "--summary", "ldmatrix4", "stride:S", "transpose",
                "elements per row", "--op", "R7", "paired", "block:WxH", "(no wrap)", "ldmatrix-a", "ldmatrix-b",
                "ldmatrix-bt", "cp-async", "stmatrix", "--solve", "--max-pad", "--seconds", "--lines",
                "OP:PATTERN:BYTES", "R8"):
        check(opt in out, f"--help mentions {opt}")
    check("not yet measured" not in out and "modelled as st.shared" not in out,
          "--help: cp-async is costed by its measured rule R8, not as a 16-byte store")
    check(out.count("promise:") == len(LAYOUTS), "--help gives each layout's promise")
    for k in LAYOUTS:
        check(k in out, f"--help mentions layout {k}")
    rc, out, err = run(["--version"])
    check(rc == 0 and re.match(r"swz-check \d+\.\d+\.\d+\n$", out) is not None, "--version")
    rc, out2, _ = run(["-h"])
    check(rc == 0 and out2.startswith("usage:"), "-h")


GROUPS = {"summary": test_summary, "known": test_known, "oracle": test_oracle, "text": test_text,
          "tensor-core": test_tensor_core,
          "errors": test_errors, "svg": test_svg, "help": test_help}


def main():
    global SWZ
    if len(sys.argv) != 3 or sys.argv[2] not in GROUPS:
        raise SystemExit(__doc__)
    SWZ = sys.argv[1]
    try:
        GROUPS[sys.argv[2]]()
    except (AssertionError, KeyError, ValueError, TypeError, IndexError) as e:
        FAILED.append(f"exception: {type(e).__name__}: {e}")
        print(f"FAIL exception: {type(e).__name__}: {e}")
    print(f"cli {sys.argv[2]}: {PASSED[0]} checks ok, {len(FAILED)} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
