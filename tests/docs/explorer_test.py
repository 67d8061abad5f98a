#!/usr/bin/env python3
"""docs/explorer.html agrees with swz-check --json (suite 'docs').

Usage: explorer_test.py EXPLORER_HTML SWZ_CHECK

Opens the explorer in headless Chromium (no server: a file:// URL) with a #selftest hash that
makes the page put each case into its form, render it as for a user, and read the numbers
back from the rendered page into <pre id="selftest">.  Every case is also run through
swz-check --json; op (load/store), wavefronts, ideal, ways, permuted, paired (bank.h R7) and
lanes per phase, every active lane's (row, col, byte address), the whole-tile totals and the
layout's certificate (bijection, the row and column walks at its access width, the slots of
column 0) must be equal; where swz-check refuses a case, the explorer must show the reason swz-check prints
after its context, word for word.  A second load opens one conflicting case the
way a user's link does (#layout=...) and checks the verdict line the user reads.
Exit 77 (skip) when no Chromium is installed.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

# (swz-check options) -- several layouts, element sizes, access widths and kinds, patterns,
# origins; conflict free and conflicting; one invalid layout (both must refuse it).
CASES = [
    "--layout none --tile 32x32 --elem 4 --access 4 --pattern col",
    "--layout none --tile 32x32 --elem 4 --access 4 --pattern stride:2",
    "--layout pad --tile 32x32 --elem 4 --access 4 --pattern col",
    "--layout pad --tile 64x64 --elem 2 --access 16 --pattern col",
    "--layout xor --tile 32x32 --elem 4 --access 4 --pattern col",
    "--layout xor --tile 32x32 --elem 4 --layout-access 4 --access 8 --pattern col",
    "--layout xor --tile 32x32 --elem 4 --layout-access 8 --access 8 --pattern col",
    "--layout xor --tile 64x64 --elem 2 --access 16 --pattern col",
    "--layout xor --tile 16x32 --elem 4 --access 4 --pattern col",
    "--layout xor --tile 32x32 --elem 4 --access 4 --pattern transpose",
    "--layout morton --tile 32x32 --elem 4 --access 4 --pattern row",
    "--layout morton --tile 32x32 --elem 4 --access 4 --pattern block --origin 8,8",
    "--layout tma128 --tile 64x64 --elem 2 --access ldmatrix4 --pattern col",
    "--layout tma128 --tile 32x32 --elem 4 --access 4 --pattern col",
    "--layout tma64 --tile 32x32 --elem 2 --access 8 --pattern row --origin 3,8",
    "--layout tma32 --tile 16x32 --elem 2 --access ldmatrix2 --pattern col",
    "--layout none --tile 64x16 --elem 8 --access 8 --pattern stride:5 --origin 1,2",
    "--layout xor --tile 24x32 --elem 4 --access 4 --pattern col",
    # rows that are not a power of two: 96 halves, 48 floats (12 units), 80 halves (10)
    "--layout xor --tile 96x32 --elem 2 --access 16 --pattern col",
    "--layout xor --tile 48x32 --elem 4 --access 4 --pattern col",
    "--layout linear --tile 80x16 --elem 2 --access ldmatrix4 --pattern col",
    # R7: paired loads (a broadcast, lanes alternating between two units) and the same stores
    "--layout none --tile 32x32 --elem 4 --access 16 --pattern stride:0",
    "--layout none --tile 32x32 --elem 4 --access 16 --op store --pattern stride:0",
    "--layout none --tile 4x1 --elem 4 --access 8 --pattern stride:1",
    "--layout pad --tile 8x8 --elem 4 --access 8 --op store --pattern stride:4",
    "--layout none --tile 4x2 --elem 4 --access 16 --pattern transpose",
    # block shapes, stride past the tile (no wrap), a large tile (fast whole-tile totals)
    "--layout morton --tile 32x32 --elem 4 --access 4 --pattern block:4x8",
    "--layout xor --tile 64x64 --elem 2 --access 16 --pattern block:2x4 --origin 8,16",
    "--layout none --tile 32x32 --elem 4 --access 4 --pattern stride:100",
    "--layout xor --tile 1024x1024 --elem 4 --access 4 --pattern col",
    # refused by both, in the same words: layout, instruction and block-shape errors
    "--layout xor --tile 6x32 --elem 4 --access 16 --pattern col",
    "--layout tma64 --tile 32x32 --elem 4 --access 4 --pattern col",
    "--layout morton --tile 32x24 --elem 4 --access 4 --pattern row",
    "--layout none --tile 32x32 --elem 4 --access 4 --pattern col --origin 40,0",
    "--layout pad --tile 32x32 --elem 4 --layout-access 4 --access 8 --pattern col",
    "--layout none --tile 32x32 --elem 4 --access 4 --pattern block:3x3",
]
USER_CASE = "--layout xor --tile 32x32 --elem 4 --layout-access 4 --access 8 --pattern col"


def cli_to_hash(opts):
    """swz-check options -> the explorer's hash (the same names, without the dashes)."""
    words = opts.split()
    pairs = [(words[i][2:], words[i + 1]) for i in range(0, len(words), 2)]
    return "&".join(f"{k}={v}" for k, v in pairs)


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def dump_dom(chromium, url, profile):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-extensions", "--allow-file-access-from-files", f"--user-data-dir={profile}",
           "--virtual-time-budget=20000", "--dump-dom", url]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-3000:])
        raise SystemExit(f"chromium exited {p.returncode}")
    return p.stdout


def swz_json(swz, opts):
    p = subprocess.run([swz] + opts.split() + ["--json"], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        return None, (p.stderr or p.stdout).strip()
    return json.loads(p.stdout), None


def compare(opts, ref, got, errors):
    def bad(msg):
        errors.append(f"[{opts}] {msg}")

    lay, cert = ref["layout"], got.get("cert") or {}
    walk = lambda t: "" if "error" in t else f"{t['instructions']},{t['wavefronts']},{t['ideal']},{t['worst_ways']}"
    want = {"bijection": {True: "1", False: "0", None: "-1"}[lay["bijection"]],
            "row": walk(lay["certificate"]["row"]), "col": walk(lay["certificate"]["col"]),
            "slots": ",".join(str(x) for x in lay["certificate"]["slots"])}
    if {k: cert.get(k) for k in want} != want:
        bad(f"certificate {want} (swz-check) vs {cert} (explorer)")
    ins_ref = ref["instructions"]
    ins_got = got["instr"]
    if len(ins_ref) != len(ins_got):
        bad(f"{len(ins_ref)} instructions in swz-check, {len(ins_got)} in the explorer")
        return
    for k, (a, b) in enumerate(zip(ins_ref, ins_got)):
        if b.get("status") != 0:
            bad(f"instruction {k}: explorer status {b.get('status')}")
            continue
        for key in ("wavefronts", "ideal", "ways"):
            if a[key] != b[key]:
                bad(f"instruction {k}: {key} {a[key]} (swz-check) vs {b[key]} (explorer)")
        if a["op"] != b.get("op"):
            bad(f"instruction {k}: op {a['op']} vs {b.get('op')}")
        if int(bool(a["paired"])) != b.get("paired") or a["phase_lanes"] != b.get("phaseLanes"):
            bad(f"instruction {k}: paired {a['paired']}, {a['phase_lanes']}-lane phases vs "
                f"{b.get('paired')}, {b.get('phaseLanes')}")
        if int(bool(a["permuted"])) != b["permuted"]:
            bad(f"instruction {k}: permuted {a['permuted']} vs {b['permuted']}")
        la = [(x["lane"], x["row"], x["col"], x["addr"]) for x in a["lanes"]]
        lb = [(x["lane"], x["row"], x["col"], x["addr"]) for x in b["lanes"]]
        if la != lb:
            diff = next((i for i, (x, y) in enumerate(zip(la, lb)) if x != y), min(len(la), len(lb)))
            bad(f"instruction {k}: lanes differ (first at index {diff}: "
                f"{la[diff] if diff < len(la) else None} vs {lb[diff] if diff < len(lb) else None})")
        t = a["tile"]
        if "error" not in t:
            tb = b.get("totals")
            want = {"instructions": t["instructions"], "wavefronts": t["wavefronts"],
                    "ideal": t["ideal"], "worst": t["worst_ways"]}
            if tb != want:
                bad(f"instruction {k}: tile totals {want} vs {tb}")


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    page, swz = os.path.abspath(sys.argv[1]), sys.argv[2]
    chromium = find_chromium()
    if not chromium:
        print("no chromium: skipped (Debian: apt-get install chromium)")
        return 77
    url = "file://" + urllib.parse.quote(page)
    errors = []
    with tempfile.TemporaryDirectory(prefix="swz-explorer-") as profile:
        # 1. all cases in one page load, through the page's own form and renderer
        cases = ";".join(cli_to_hash(c) for c in CASES)
        dom = dump_dom(chromium, url + "#selftest=" + urllib.parse.quote(cases, safe=""), profile)
        m = re.search(r'<pre id="selftest"[^>]*data-done="1"[^>]*>(.*?)</pre>', dom, re.S)
        if not m:
            raise SystemExit("the explorer did not finish its self-test:\n" + dom[-2000:])
        results = json.loads(html.unescape(m.group(1)))
        if len(results) != len(CASES):
            raise SystemExit(f"{len(results)} results for {len(CASES)} cases")
        conflicting = refused = 0
        for opts, got in zip(CASES, results):
            ref, err = swz_json(swz, opts)
            if ref is None:  # swz-check refuses the case: the explorer must show the same reason
                refused += 1
                bad = [i for i in got["instr"] if i.get("status", 0) != 0]
                first = err.splitlines()[0] if err else ""
                if not bad:
                    errors.append(f"[{opts}] swz-check refuses it ({first}) but the explorer does not")
                elif not first.endswith(": " + bad[0].get("error", "?")):
                    errors.append(f"[{opts}] the explorer says {bad[0].get('error')!r}, swz-check {first!r}")
                else:
                    print(f"ok   {opts}: both refuse it: {bad[0]['error']}")
                continue
            compare(opts, ref, got, errors)
            ways = max(i["ways"] for i in ref["instructions"])
            conflicting += ways > 1
            print(f"ok   {opts}: " + ", ".join(
                f"{i['wavefronts']} wavefront{'s' if i['wavefronts'] != 1 else ''} (ideal {i['ideal']}, {i['ways']}-way)"
                for i in ref["instructions"]))
        if refused < 6:
            errors.append(f"only {refused} refused cases: the error wording would go untested")
        if conflicting < 3:
            errors.append(f"only {conflicting} conflicting cases: the comparison would miss conflict bugs")
        npaired = sum(i.get("paired", 0) for got in results for i in got["instr"])
        nstore = sum(i.get("op") == "store" for got in results for i in got["instr"])
        if npaired < 3 or nstore < 3:
            errors.append(f"{npaired} paired loads and {nstore} stores: R7 and --op would go untested")

        # 2. a user's link: the verdict line as displayed
        ref, _ = swz_json(swz, USER_CASE)
        dom = dump_dom(chromium, url + "#" + cli_to_hash(USER_CASE), profile)
        m = re.search(r'<div class="verdict[^"]*"[^>]*>([^<]*)</div>', dom)
        i0 = ref["instructions"][0]
        want = f"{i0['wavefronts']} wavefronts (ideal {i0['ideal']}) — {i0['ways']}-way bank conflict"
        if not m or html.unescape(m.group(1)) != want:
            errors.append(f"user link {USER_CASE}: verdict {m.group(1) if m else None!r}, expected {want!r}")
        else:
            print(f"ok   user link shows: {want}")
    for e in errors:
        print("FAIL " + e)
    print("explorer agrees with swz-check on all cases" if not errors else "explorer disagrees with swz-check")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
