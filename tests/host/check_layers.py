#!/usr/bin/env python3
"""tests/host/check_layers.py -- the headers of include/swz/ form three layers, included one way.

The order (docs/design.md, Architecture, says the same):

  core      common.h < bank.h < frag.h < pad.h < xor.h < morton.h < linear.h < layout.h
            plain C, host and device: the formulas, the bank model, the lane maps
  analysis  check.h < solve.h
            host code over the core: the checker and the solver; no CUDA device machinery
  device    tile.h, mma.h, tma.h
            CUDA device code (copies, fragments, TMA, wgmma) over the core

A header may include (`#include "x.h"` or `#include <swz/x.h>` outside comments) only headers
of its own layer or of the core, and only headers before it in the order above (inside a layer
too: no cycle, and each layer reads bottom-up).  Analysis and device sit side by side on the
core and never include each other.  The check is transitive: every header a header pulls in,
directly or through others, must obey the same rule (so check.h and solve.h cannot reach
tile.h, mma.h or tma.h through a core header either).  Every include/swz/*.h must be in the
table: a new header is placed in a layer before it is used.

A self-test runs the checker on made-up headers that break each rule (a direct include upwards,
one through a core header, one across to the other layer, a header missing from the table) and
requires each to be reported, so the check can fail.

Output: TAP.  Usage: check_layers.py <include-dir>
"""
import glob
import os
import re
import sys

LAYERS = [
    ("core", ["common.h", "bank.h", "frag.h", "pad.h", "xor.h", "morton.h", "linear.h", "layout.h"]),
    ("analysis", ["check.h", "solve.h"]),
    ("device", ["tile.h", "mma.h", "tma.h"]),
]
RANK = {}
LAYER = {}
for layer, names in LAYERS:
    for name in names:
        RANK[name] = len(RANK)
        LAYER[name] = layer

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<swz/([^>]+)>)', re.M)


def includes_of(text):
    """The swz headers a header's code includes (comments removed: doc blocks show includes)."""
    code = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return [os.path.basename(a or b) for a, b in INCLUDE.findall(code)]


def allowed(src, dst):
    """May src include dst directly (or reach it)?"""
    if dst not in RANK:
        return False
    return RANK[dst] < RANK[src] and LAYER[dst] in ("core", LAYER[src])


def violations(headers):
    """headers: name -> text.  The list of broken rules, one sentence each."""
    out = []
    graph = {}
    for name, text in sorted(headers.items()):
        if name not in RANK:
            out.append(f"{name} is in no layer (add it to the table of check_layers.py and docs/design.md)")
            continue
        graph[name] = includes_of(text)
        for dst in graph[name]:
            if dst not in headers:
                out.append(f"{name} includes {dst}, which is not a header of include/swz")
            elif not allowed(name, dst):
                out.append(f"{name} ({LAYER[name]}) includes {dst} ({LAYER.get(dst, 'no layer')}): "
                           "only its own layer or the core, and only headers before it")
    # transitive: everything reachable must be allowed too; report the chain
    for name in sorted(graph):
        seen = {name: [name]}
        todo = [name]
        while todo:
            cur = todo.pop()
            for dst in graph.get(cur, []):
                if dst in seen or dst not in headers:
                    continue
                seen[dst] = seen[cur] + [dst]
                todo.append(dst)
                if len(seen[dst]) > 2 and not allowed(name, dst):
                    out.append(f"{name} ({LAYER[name]}) pulls in {dst} ({LAYER.get(dst, 'no layer')}) "
                               f"through {' -> '.join(seen[dst])}")
    return out


def self_test():
    """Each broken rule of a made-up tree must be reported."""
    inc = lambda *names: "".join(f'#include "{n}"\n' for n in names)
    cases = {
        "upwards": ({"common.h": "", "bank.h": inc("xor.h"), "xor.h": inc("common.h")}, "bank.h (core) includes xor.h"),
        "through the core": ({"common.h": "", "check.h": inc("layout.h"), "layout.h": inc("mma.h"),
                              "mma.h": inc("common.h")}, "check.h (analysis) pulls in mma.h"),
        "across": ({"common.h": "", "check.h": "", "tma.h": inc("check.h")}, "tma.h (device) includes check.h"),
        "no layer": ({"common.h": "", "new.h": inc("common.h")}, "new.h is in no layer"),
        "comments ignored": ({"common.h": "/* #include <swz/tma.h> */\n", "tma.h": ""}, None),
    }
    results = []
    for what, (tree, want) in cases.items():
        got = violations(tree)
        ok = (not got) if want is None else any(v.startswith(want) for v in got)
        results.append((what, ok, got))
    return results


def main():
    inc = sys.argv[1] if len(sys.argv) > 1 else "include"
    paths = sorted(glob.glob(os.path.join(inc, "swz", "*.h")))
    headers = {os.path.basename(p): open(p, encoding="utf-8").read() for p in paths}
    tests = self_test()
    print(f"1..{len(tests) + 2}")
    n = 0
    for what, ok, got in tests:
        n += 1
        print(f"{'ok' if ok else 'not ok'} {n} - self-test: {what} is {'reported' if what != 'comments ignored' else 'not reported'}")
        if not ok:
            for v in got:
                print(f"#   {v}")
    n += 1
    missing = [h for h in RANK if h not in headers]
    print(f"{'ok' if len(headers) >= 13 and not missing else 'not ok'} {n} - {len(headers)} headers found"
          + (f"; the table names absent headers: {', '.join(missing)}" if missing else ""))
    n += 1
    bad = violations(headers)
    print(f"{'ok' if not bad else 'not ok'} {n} - include/swz: every include follows the layers")
    for v in bad:
        print(f"#   {v}")
    for layer, names in LAYERS:
        print(f"# {layer}: {' < '.join(names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
