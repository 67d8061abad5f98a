#!/usr/bin/env python3
"""bench/solver_proof.py -- swz_solve's layouts measured on the GPU (the solver's proof).

What it does
  Runs bench solver_proof under ONE ncu invocation: 300 random access sets (a write and one to
  three reads on tiles of 1- to 16-byte elements, fixed seed), each (set, read) one launch of one
  warp that executes the write's instructions and then the read's through the layout swz_solve
  chose (solver_proof.cu).  A launch's shared-store counters are the write, its shared-load
  counters the read.  For every launch it compares, after subtracting the baseline launch:
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum  with the write's predicted wavefronts,
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum  with the read's (ldmatrix included),
  the instruction counters with the instruction counts (LDSM and STSM on their own counters,
  candidates as in conformance.py), and the program's data check.  Per set: the measured
  weighted total (write and reads times their weights) must equal the solver's prediction and
  be at most the predicted best of none, pad and auto-xor.

  Writes DIR/solver_proof.csv (per launch, measured beside predicted), DIR/solver_proof_sets_
  measured.csv (per set), DIR/solver_proof.txt (the mismatches and the summary) and the one-line
  DIR/solver_proof_summary.txt.  Exit status 0 when every launch matches and every data check
  passed; 1 otherwise.

Usage
  python3 bench/solver_proof.py --bench BUILD/bench/solver_proof --out DIR [--ncu PATH] [--sets N]
  python3 bench/solver_proof.py --ncu-csv DIR/ncu_solver_proof.csv --results DIR --out DIR2
        (analyse an earlier run again: DIR holds solver_proof_{sets,launches}.csv; no GPU)
  The host side alone (no GPU, a meson test): BUILD/bench/solver_proof --self-test
"""
import argparse
import csv
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import conformance as C  # noqa: E402  (one owner of the ncu CSV parser and the counter candidates)

ST_WAVES, LD_WAVES = C.WAVES % "st", C.WAVES % "ld"


def load_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def analyse(launches, sets, records):
    if len(records) != len(launches):
        raise C.ParseError("ncu reported %d kernel launches, solver_proof made %d" % (len(records), len(launches)))
    for L, R in zip(launches, records):
        if C.kernel_base_name(R["kernel"]) != L["kernel"]:
            raise C.ParseError("launch %s: ncu saw %r, the list says %r" % (L["launch"], R["kernel"], L["kernel"]))
        L["ncu"] = R["metrics"]
    base = launches[0]["ncu"]
    rows = []
    for L in launches[1:]:
        m = L["ncu"]
        st, _ = C.first_delta(m, base, [ST_WAVES])
        ld, _ = C.first_delta(m, base, [LD_WAVES])
        wi_names = [n for n in C.INST_CANDIDATES["stsm"] if n != C.SASS_INST] if L["write_ldsm"] == "1" \
            else [C.INSTS % "st"]
        ri_names = [n for n in C.INST_CANDIDATES["ldsm"] if n != C.SASS_INST] if L["read_ldsm"] == "1" \
            else [C.INSTS % "ld"]
        wi, wsrc = C.first_delta(m, base, wi_names)
        ri, rsrc = C.first_delta(m, base, ri_names)
        r = {k: L[k] for k in ("launch", "set", "read", "write_op", "read_op", "write_instructions",
                               "read_instructions", "pred_write", "pred_read", "compared_words", "check")}
        r.update({"meas_write": st, "meas_read": ld, "inst_write": wi, "inst_read": ri,
                  "inst_write_src": C.short_src(wsrc), "inst_read_src": C.short_src(rsrc)})
        bad = []
        if st is None or ld is None:
            bad.append("no data")
        else:
            if abs(st - int(L["pred_write"])) > 0.01:
                bad.append("write %d->%g" % (int(L["pred_write"]), st))
            if abs(ld - int(L["pred_read"])) > 0.01:
                bad.append("read %d->%g" % (int(L["pred_read"]), ld))
        for v, n, what in ((wi, L["write_instructions"], "write"), (ri, L["read_instructions"], "read")):
            if v is not None and int(round(v)) != int(n):
                bad.append("%s inst %d != %s" % (what, int(round(v)), n))
        if L["check"] != "ok":
            bad.append("data check " + L["check"])
        r["verdict"] = "match" if not bad else "DIFF " + "; ".join(bad)
        r["inst_checked"] = (wi is not None) + (ri is not None)
        rows.append(r)
    # per set
    by = {}
    for r in rows:
        by.setdefault(int(r["set"]), []).append(r)
    srows = []
    for S in sets:
        i = int(S["set"])
        rs = by.get(i, [])
        w = [int(x) for x in S["weights"].split()]
        s = {"set": i, "tile": S["tile"], "elem": S["elem"], "accesses": S["accesses"], "layout": S["layout"],
             "solver": int(S["solver"]), "none": int(S["none"]), "pad": int(S["pad"]),
             "auto_xor": S["auto_xor"], "best_other": int(S["best_other"]), "measured": None, "verdict": "no data"}
        reads = {int(r["read"]): r for r in rs}
        if rs and all(r["meas_write"] is not None and r["meas_read"] is not None for r in rs) and \
                sorted(reads) == list(range(1, len(w))):
            writes = {r["meas_write"] for r in rs}
            tot = w[0] * rs[0]["meas_write"] + sum(w[k] * reads[k]["meas_read"] for k in reads)
            s["measured"] = tot
            ok = all(r["verdict"] == "match" for r in rs) and len(writes) == 1
            s["verdict"] = ("match" if ok and abs(tot - s["solver"]) < 0.01 else "DIFF") + \
                           (", <= best of none/pad/auto-xor" if tot <= s["best_other"] + 0.01 else ", ABOVE the best other")
        srows.append(s)
    return rows, srows


def report(rows, srows, out, extra):
    lines = []
    bad = [r for r in rows if r["verdict"] != "match"]
    lines.append("launches whose measurement differs from the prediction (or whose data check failed): %d of %d"
                 % (len(bad), len(rows)))
    for r in bad[:60]:
        lines.append("  launch %s set %s read %s (%s -> %s): %s" % (r["launch"], r["set"], r["read"], r["write_op"],
                                                                  r["read_op"], r["verdict"]))
    sbad = [s for s in srows if not s["verdict"].startswith("match")]
    above = [s for s in srows if "ABOVE" in s["verdict"]]
    lines.append("sets: %d, measured weighted total == solver's prediction in %d, <= best of none/pad/auto-xor in %d"
                 % (len(srows), len(srows) - len(sbad), len(srows) - len(above) - sum(s["measured"] is None for s in srows)))
    for s in sbad[:40]:
        lines.append("  set %d %s e%s %s: solver %d measured %s best other %d -- %s" % (
            s["set"], s["tile"], s["elem"], s["accesses"], s["solver"], s["measured"], s["best_other"], s["verdict"]))
    inst_ok = sum(r["inst_checked"] for r in rows)
    srcs = sorted({r["inst_write_src"] for r in rows} | {r["inst_read_src"] for r in rows})
    lines.append("instruction counts checked: %d of %d (counters: %s)" % (inst_ok, 2 * len(rows), ", ".join(srcs)))
    gain = sum(1 for s in srows if s["solver"] < s["best_other"])
    lines.append("sets where the solver's layout is strictly cheaper than none, pad and auto-xor: %d" % gain)
    summary = ("solver proof: %d sets, %d launches: %d launches measured == predicted (wavefronts of the write and "
               "the read, instructions, data), %d sets' weighted totals == the solver's, %d <= the best of none/pad/"
               "auto-xor (%d strictly below); ncu %.0f s" % (
                   len(srows), len(rows), len(rows) - len(bad), len(srows) - len(sbad),
                   len(srows) - len(above) - sum(s["measured"] is None for s in srows), gain, extra.get("ncu_wall_s", 0)))
    lines.append(summary)
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(out, "solver_proof.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(out, "solver_proof_summary.txt"), "w") as f:
        f.write(summary + "\n")
    for name, data in (("solver_proof.csv", rows), ("solver_proof_sets_measured.csv", srows)):
        with open(os.path.join(out, name), "w", newline="") as f:
            cols = [k for k in data[0] if k != "ncu"] if data else []
            w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
            w.writeheader()
            w.writerows(data)
    return 0 if not bad and not sbad else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", help="path of solver_proof")
    ap.add_argument("--out", default=".", help="output directory")
    ap.add_argument("--ncu", help="path of ncu")
    ap.add_argument("--sets", type=int, help="only the first N sets")
    ap.add_argument("--ncu-csv", help="analyse this ncu CSV instead of running (with --results)")
    ap.add_argument("--results", help="directory with solver_proof_{sets,launches}.csv matching --ncu-csv")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    extra = {}
    if args.ncu_csv:
        raw, res = args.ncu_csv, args.results or os.path.dirname(args.ncu_csv)
        rc = 0
    else:
        if not args.bench:
            ap.error("give --bench PATH (or --ncu-csv)")
        ncu = args.ncu or C.find_tool("ncu", ["/opt/nvidia/nsight-compute/*/ncu", "/usr/local/cuda/nsight-compute*/ncu"])
        if not ncu:
            print("solver_proof.py: ncu not found (give --ncu PATH)", file=sys.stderr)
            return 1
        extras = sorted(set(C.known_metrics(ncu, [n for role in ("ldsm", "stsm") for n in C.INST_CANDIDATES[role]
                                                  if "__" in n])))
        raw, res = os.path.join(args.out, "ncu_solver_proof.csv"), args.out
        cmd = [ncu, "--clock-control", "none", "--metrics", ",".join(C.METRICS + extras), "--csv", "--print-units",
               "base", "--kernel-name", "regex:^sp_run", "--log-file", raw, args.bench, "--out", args.out]
        if args.sets:
            cmd += ["--sets", str(args.sets)]
        print("# " + " ".join(cmd), flush=True)
        t0 = time.time()
        p = subprocess.run(cmd, env=dict(os.environ, LC_ALL="C", LANG="C"), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace")
        extra["ncu_wall_s"] = time.time() - t0
        sys.stdout.write(p.stdout[-3000:])
        with open(os.path.join(args.out, "ncu_stdout.txt"), "w") as f:
            f.write(p.stdout)
        try:
            with open(raw, errors="replace") as f:
                C.parse_ncu_csv(f.read())
        except (OSError, C.ParseError):
            with open(raw, "w") as f:
                f.write(p.stdout)
        rc = p.returncode
        print("# ncu: %.1f s, exit %d" % (extra["ncu_wall_s"], rc), flush=True)
    try:
        with open(raw, errors="replace") as f:
            records = C.parse_ncu_csv(f.read())
        launches = load_csv(os.path.join(res, "solver_proof_launches.csv"))
        sets = load_csv(os.path.join(res, "solver_proof_sets.csv"))
        rows, srows = analyse(launches, sets, records)
    except (OSError, C.ParseError) as e:
        print("solver_proof.py: %s" % e, file=sys.stderr)
        return 1
    return max(report(rows, srows, args.out, extra), 1 if rc else 0)


if __name__ == "__main__":
    sys.exit(main())
