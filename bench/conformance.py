#!/usr/bin/env python3
"""bench/conformance.py -- swz's bank model (include/swz/bank.h) against the GPU's own counters.

What it does
  Runs bench_conformance under ONE ncu invocation (every pattern is its own kernel launch: one
  warp, one shared-memory instruction repeated R times), reads ncu's CSV, subtracts each
  kernel's fixed cost (its R = 0 baseline launch), and prints for every pattern the model's
  wavefronts per instruction beside the measured ones with a verdict, then a summary of the
  mismatches grouped by access kind.  Writes DIR/conformance.csv, DIR/conformance.json and
  DIR/conformance.txt (the full table); ncu's raw CSV stays in DIR/ncu_conformance.csv.

  measured wavefronts / instruction = (wavefronts(R) - wavefronts(baseline)) / R
  where wavefronts = l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum (ld for loads and
  ldmatrix, st for stores).  The instruction counter (smsp__sass_inst_executed_op_shared_{ld,st})
  minus the baseline must equal R; the table shows it ("inst" column) so a kernel whose
  instruction is counted elsewhere is visible, not silently divided.  STSM and LDGSTS are not
  plain shared stores to ncu: their counters are candidates tried in order (WAVE_CANDIDATES,
  INST_CANDIDATES below), the last resort for a count being the SASS's single instruction in
  the repeat loop; the table's "counters used" lines and the CSV's src columns say which, and
  DIR/ncu_metrics_shared.txt keeps what this ncu lists about shared memory.  One line of
  totals goes to DIR/conformance_summary.txt.

Usage
  python3 bench/conformance.py --bench BUILD/bench/bench_conformance --out DIR [--ncu PATH]
        [--kinds stsm_x1,stsm_x2,stsm_x4,cpasync]   (only these kinds: a shorter run)
        [--extra-metrics]   (also SASS-attributed wavefronts and ldmatrix's own counters: a
                             second opinion in the 'sass' column; slower)
  python3 bench/conformance.py --ncu-csv DIR/ncu_conformance.csv --launches DIR/conformance_launches.csv --out DIR
        (analyse an earlier run again; needs no GPU)
  python3 bench/conformance.py --self-test [--bench BUILD/bench/bench_conformance]
        (parses the hand-written ncu samples in bench/testdata; with --bench also checks the
        pattern list (--list, no GPU) and, when cuobjdump is found, the SASS of every kernel)
  python3 bench/conformance.py --sass BUILD/bench/bench_conformance   (SASS check only)

Exit status: 0 when every launch ran and read correct values (mismatches between the model and
the hardware are findings, reported, not failures; --strict makes them failures); 1 when a
launch read wrong values, ncu's output cannot be matched to the launches, or a check fails.
"""
import argparse
import csv
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

METRICS = [
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
]
# Second opinion, with --extra-metrics only (SASS-attributed counters need instrumented replays:
# slower), and only those this ncu knows (checked with --query-metrics first, since one unknown
# name stops the whole run): wavefronts attributed to SASS instructions, and ldmatrix's own
# counters (in case LDSM is not counted as a shared load).
EXTRA_METRICS = [
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
    "smsp__sass_inst_executed_op_ldsm.sum",
]
SASS_WAVES = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
CONFL = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum"
INSTS = "smsp__sass_inst_executed_op_shared_%s.sum"
LDSM_INSTS = "smsp__sass_inst_executed_op_ldsm.sum"
# Tensor-core tiles (swz/mma.h): ncu does not count STSM and LDGSTS as shared stores
# (op_shared_st rose by 0 for 33 STSMs; LDGSTS's shared writes are not in op_st), and which
# counters do see them differs between ncu versions.  So each role has candidates in order of
# preference; only those this ncu lists are collected (one unknown name stops the whole run),
# and per launch the first candidate with a value in both the launch and its baseline is used.
# The table's src columns say which one it was.  On the H200 with ncu of CUDA 13.0
# (2026-12-01) the LDGSTS wavefronts are in smsp__sass_l1tex_..._op_ldgsts (no l1tex__ op_ldgsts
# counter is listed) and STSM's count in smsp__inst_executed_op_shared_stsm.  Not a candidate:
# all shared wavefronts minus op_ld minus op_st, which gives 3.00 per cp.async for every
# pattern, not its writes.
#   instructions of a kind: LDSM, STSM, LDGSTS have their own counters; the last resort is the
#   SASS (SASS_INST): the repeat loop is not unrolled and holds the one instruction once
#   (conformance_kernel.cuh, checked by sass_check), so it executed R times.
SASS_INST = "sass:one-per-iteration"
WAVE_CANDIDATES = {
    "ld": [WAVES % "ld"],
    "st": [WAVES % "st"],
    "ldgsts": ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
               "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
               "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"],
}
INST_CANDIDATES = {
    "ld": [INSTS % "ld"],
    "st": [INSTS % "st"],
    "ldsm": [LDSM_INSTS, "sm__sass_inst_executed_op_ldsm.sum", "smsp__inst_executed_op_ldsm.sum", SASS_INST],
    "stsm": ["smsp__inst_executed_op_shared_stsm.sum", "smsp__sass_inst_executed_op_shared_stsm.sum",
             "sm__sass_inst_executed_op_shared_stsm.sum", "sm__inst_executed_op_shared_stsm.sum",
             "smsp__sass_inst_executed_op_stsm.sum", "smsp__inst_executed_op_stsm.sum", SASS_INST],
    "ldgsts": ["smsp__sass_inst_executed_op_ldgsts.sum", "smsp__inst_executed_op_ldgsts.sum",
               "sm__sass_inst_executed_op_ldgsts.sum", "sm__inst_executed_op_ldgsts.sum",
               "smsp__sass_inst_executed_op_ldgsts_cache_bypass.sum",
               "sm__sass_inst_executed_op_ldgsts_cache_bypass.sum", SASS_INST],
}
CONFL_CANDIDATES = {
    "ld": [CONFL % "ld"], "st": [CONFL % "st"],
    "ldgsts": ["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
               "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"],
}
# Everything a run may ask for beyond METRICS (filtered by known_metrics).
CANDIDATE_METRICS = sorted({m for d in (WAVE_CANDIDATES, INST_CANDIDATES, CONFL_CANDIDATES) for v in d.values()
                            for m in v if "__" in m and m not in METRICS} | {SASS_WAVES % "stsm"})


def inst_role(kind):
    """Which instruction counters count a kind: ld/st (LDS/STS), ldsm, stsm or ldgsts."""
    for prefix, role in (("ldsm", "ldsm"), ("stsm", "stsm"), ("cpasync", "ldgsts")):
        if kind.startswith(prefix):
            return role
    return KINDS[kind][1]


def delta(m, b, name, reps=None):
    """Launch minus baseline of one metric (SASS_INST: the repeat count); None when either is
    missing."""
    if name == SASS_INST:
        return None if reps is None else float(reps)
    if m.get(name) is None or b.get(name) is None:
        return None
    return m[name] - b[name]


def first_delta(m, b, names, reps=None):
    """(value, name) of the first candidate with a value, or (None, None)."""
    for n in names:
        v = delta(m, b, n, reps)
        if v is not None:
            return v, n
    return None, None


def short_src(name):
    """A metric name as the table's src column shows it."""
    if name is None:
        return "-"
    return name.replace(".sum", "").replace("l1tex__data_pipe_lsu_wavefronts_mem_shared", "waves") \
               .replace("smsp__sass_inst_executed", "sass_inst").replace("smsp__inst_executed", "inst")


# The one shared-memory instruction each kernel must contain (SASS mnemonic), and which
# counters measure it.
KINDS = {
    "ld1": ("LDS.U8", "ld"), "ld2": ("LDS.U16", "ld"), "ld4": ("LDS", "ld"),
    "ld8": ("LDS.64", "ld"), "ld16": ("LDS.128", "ld"),
    "st1": ("STS.U8", "st"), "st2": ("STS.U16", "st"), "st4": ("STS", "st"),
    "st8": ("STS.64", "st"), "st16": ("STS.128", "st"),
    "ldsm_x1": ("LDSM.16.M88", "ld"), "ldsm_x2": ("LDSM.16.M88.2", "ld"),
    "ldsm_x4": ("LDSM.16.M88.4", "ld"),
    "ldsm_x1_t": ("LDSM.16.MT88", "ld"), "ldsm_x2_t": ("LDSM.16.MT88.2", "ld"),
    "ldsm_x4_t": ("LDSM.16.MT88.4", "ld"),
    "stsm_x1": ("STSM.16.M88", "st"), "stsm_x2": ("STSM.16.M88.2", "st"), "stsm_x4": ("STSM.16.M88.4", "st"),
    "cpasync": ("LDGSTS.E.BYPASS.128", "ldgsts"), "cpasync_z": ("LDGSTS.E.BYPASS.128.ZFILL", "ldgsts"),
}


def sass_side(mnemonic):
    """Which counters a shared instruction lands in: ldgsts, st (STS, STSM) or ld."""
    return "ldgsts" if mnemonic.startswith("LDGSTS") else "st" if mnemonic.startswith("STS") else "ld"
HERE = os.path.dirname(os.path.abspath(__file__))
TOL = 0.01  # wavefronts per instruction; the counters are exact, this only absorbs rounding


class ParseError(Exception):
    pass


# ---- ncu CSV ---------------------------------------------------------------------------------
_SCALE = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


def parse_number(text, unit=""):
    """ncu's value text -> float, or None for n/a.  Accepts '1234', '1,234' (thousands
    separators), '1.5e+03', and scaled units ('Kinst' style, if --print-units base was lost)."""
    t = (text or "").strip().strip('"').replace(",", "").replace("\u202f", "").replace(" ", "")
    if t == "" or t.lower() in ("n/a", "nan", "-"):
        return None
    try:
        v = float(t)
    except ValueError:
        return None
    u = (unit or "").strip()
    if len(u) > 1 and u[0] in "KMG" and u[1:].isalpha():  # 'Kinst', 'Mwavefront', ...
        v *= _SCALE[u[0]]
    return v


def parse_ncu_csv(text):
    """Both of ncu's CSV layouts -> [{'id', 'kernel', 'metrics': {name: value}}] in ID order.

    'details' (default): one row per (kernel, metric) with columns ID, Kernel Name, Metric Name,
    Metric Unit, Metric Value.  'raw' (--page raw): one row per kernel, one column per metric,
    and a units row under the header.  Lines that are not CSV rows of the report (==PROF==,
    ==WARNING==, the program's own output) are skipped."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("==")]
    start = None
    for i, ln in enumerate(lines):
        if ln.lstrip().startswith('"') and "Kernel Name" in next(csv.reader([ln]), []):
            start = i
            break
    if start is None:
        raise ParseError("no ncu CSV header (a quoted row with a \"Kernel Name\" column) found")
    header = [h.strip() for h in next(csv.reader([lines[start]]))]
    # Rows of the report are quoted CSV; anything else (the program's own output) is skipped.
    body = [ln for ln in lines[start + 1:] if ln.lstrip().startswith('"')]
    rows = [r for r in csv.reader(io.StringIO("\n".join(body))) if len(r) >= len(header)]
    col = {h: i for i, h in enumerate(header)}
    long_form = "Metric Name" in col and "Metric Value" in col
    recs, order = {}, []
    state = {"seq": -1, "cur": None}

    def rec(row, metric=None):
        """The record a row belongs to: by the ID column; without one, a new record starts
        with every row (wide form) or when a metric repeats (long form)."""
        if "ID" in col:
            try:
                kid = int(row[col["ID"]].strip().replace(",", ""))
            except ValueError:
                return None
        else:
            cur = state["cur"]
            if not long_form or cur is None or metric in cur["metrics"] or \
                    cur["kernel"] != row[col["Kernel Name"]].strip():
                state["seq"] += 1
            kid = state["seq"]
        if kid not in recs:
            recs[kid] = {"id": kid, "kernel": row[col["Kernel Name"]].strip(), "metrics": {}}
            order.append(kid)
        state["cur"] = recs[kid]
        return recs[kid]

    if long_form:
        for row in rows:
            name = row[col["Metric Name"]].strip()
            r = rec(row, name)
            if r is None:
                continue
            unit = row[col["Metric Unit"]] if "Metric Unit" in col else ""
            r["metrics"][name] = parse_number(row[col["Metric Value"]], unit)
    else:
        mcols = [h for h in header if "__" in h]
        if not mcols:
            raise ParseError("ncu CSV has neither 'Metric Name' nor metric columns")
        units = {}
        for row in rows:
            if "ID" in col and not row[col["ID"]].strip():  # the units row under the header
                units = {h: row[col[h]] for h in mcols}
                continue
            r = rec(row)
            if r is None:
                continue
            for h in mcols:
                r["metrics"][h] = parse_number(row[col[h]], units.get(h, ""))
    return [recs[k] for k in sorted(recs)]


def kernel_base_name(name):
    """'conf_ld4', 'conf_ld4(const unsigned int *, ...)', 'void conf_ld4(...)' -> 'conf_ld4'."""
    n = name.split("(")[0].strip()
    return n.split()[-1] if n else n


# ---- launches and analysis ---------------------------------------------------------------------
def load_launches(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["launch"] = int(r["launch"])
        r["pattern"] = int(r["pattern"])
        r["reps"] = int(r["reps"])
    return rows


def analyse(launches, records, sass_counts=None):
    """Join launches (bench_conformance's list, in launch order) with ncu's records (ID order).
    sass_counts: {kernel: count of its one expected instruction in the SASS} from sass_check, which
    lets SASS_INST stand in for an instruction counter this ncu lacks (only where the count is 1)."""
    if len(records) != len(launches):
        raise ParseError("ncu reported %d kernel launches, bench_conformance made %d: cannot match "
                         "them (was ncu filtered, or did the program stop early?)" % (len(records), len(launches)))
    base = {}
    for L, R in zip(launches, records):
        if kernel_base_name(R["kernel"]) != L["kernel"]:
            raise ParseError("launch %d: ncu saw kernel %r, the list says %r" % (L["launch"], R["kernel"], L["kernel"]))
        L["ncu"] = R["metrics"]
        if L["pattern"] < 0:
            base[L["kind"]] = R["metrics"]
    out = []
    for L in launches:
        if L["pattern"] < 0:
            continue
        kind = L["kind"]
        side = KINDS[kind][1]
        m, b = L["ncu"], base.get(kind)
        res = {
            "pattern": L["pattern"], "kind": kind, "group": L["group"], "name": L["name"], "mask": L["mask"],
            "reps": L["reps"], "check": L["check"], "addrs": L.get("addrs", ""),
            "model_wavefronts": int(L["model_wavefronts"]), "model_ideal": int(L["model_ideal"]),
            "model_ways": int(L["model_ways"]),
            "measured_wavefronts": None, "measured_conflicts": None, "inst": None, "verdict": "no data",
            "sass_wavefronts": None, "waves_src": None, "inst_src": None,
        }
        if b is None:
            out.append(res)
            continue
        reps = L["reps"]
        # SASS-attributed wavefronts of this kind of instruction (a second opinion, --extra-metrics)
        sk = {"ldsm": "ldsm", "stsm": "stsm", "ldgsts": "ldgsts"}.get(inst_role(kind), side)
        sw = delta(m, b, SASS_WAVES % sk)
        if sw is not None:
            res["sass_wavefronts"] = sw / reps
        waves, res["waves_src"] = first_delta(m, b, WAVE_CANDIDATES[side])
        insts = [n for n in INST_CANDIDATES[inst_role(kind)]
                 if n != SASS_INST or (sass_counts or {}).get(L["kernel"]) == 1]
        inst, res["inst_src"] = first_delta(m, b, insts, reps)
        confl, _ = first_delta(m, b, CONFL_CANDIDATES.get(side, []))
        # every candidate's value per instruction (in the JSON): which counters see what
        res["candidates"] = {n: (None if delta(m, b, n, reps) is None else delta(m, b, n, reps) / reps)
                             for n in WAVE_CANDIDATES[side] + INST_CANDIDATES[inst_role(kind)]}
        if waves is None:
            out.append(res)
            continue
        res["measured_wavefronts"] = waves / reps
        res["inst"] = None if inst is None else int(round(inst))
        if confl is not None:
            res["measured_conflicts"] = confl / reps
        if abs(res["measured_wavefronts"] - res["model_wavefronts"]) <= TOL:
            res["verdict"] = "match"
        elif res["measured_wavefronts"] < res["model_wavefronts"]:
            res["verdict"] = "DIFF hw<model"
        else:
            res["verdict"] = "DIFF hw>model"
        if res["inst"] is None:
            res["verdict"] += " (inst n/a)"
        elif res["inst"] != reps:
            res["verdict"] += " (inst %d != R %d)" % (res["inst"], reps)
        out.append(res)
    return out


def fmt(v, f="%.2f"):
    return "-" if v is None else f % v


def summarise(results):
    kinds = sorted({r["kind"] for r in results}, key=lambda k: list(KINDS).index(k))
    by = {k: [r for r in results if r["kind"] == k] for k in kinds}
    summary = {}
    for k in kinds:
        rs = by[k]
        summary[k] = {
            "patterns": len(rs),
            "match": sum(r["verdict"] in ("match", "match (inst n/a)") for r in rs),
            "hw_below_model": sum(r["verdict"].startswith("DIFF hw<") for r in rs),
            "hw_above_model": sum(r["verdict"].startswith("DIFF hw>") for r in rs),
            "no_data": sum(r["verdict"] == "no data" for r in rs),
            "inst_count_off": sum("!= R" in r["verdict"] for r in rs),
            "check_failed": sum(r["check"] == "FAIL" for r in rs),
        }
    return summary


def one_line(tot, summary):
    """The run in one line (gpu.sh's summary): totals, then the kinds that did not all match."""
    bad = ["%s %d/%d" % (k, v["match"], v["patterns"]) for k, v in summary.items() if v["match"] != v["patterns"]]
    return ("conformance: %d patterns, %d match the model, %d hw<model, %d hw>model, %d no data, %d inst off, "
            "%d check failed%s" % (tot.get("patterns", 0), tot.get("match", 0), tot.get("hw_below_model", 0),
                                   tot.get("hw_above_model", 0), tot.get("no_data", 0), tot.get("inst_count_off", 0),
                                   tot.get("check_failed", 0), "; not all matching: " + ", ".join(bad) if bad else ""))


def report(results, out_dir, extra=None):
    lines = ["%4s %-9s %-8s %-36s %8s %5s %5s %8s %6s %6s %5s  %s" %
             ("pat", "kind", "group", "name", "mask", "model", "ideal", "measured", "confl", "sass", "inst", "verdict")]
    for r in results:
        lines.append("%4d %-9s %-8s %-36s %8s %5d %5d %8s %6s %6s %5s  %s%s" % (
            r["pattern"], r["kind"], r["group"], r["name"][:36], r["mask"], r["model_wavefronts"],
            r["model_ideal"], fmt(r["measured_wavefronts"]), fmt(r["measured_conflicts"]),
            fmt(r.get("sass_wavefronts")), fmt(r["inst"], "%d"), r["verdict"],
            "  CHECK FAILED" if r["check"] == "FAIL" else ""))
    summary = summarise(results)
    lines.append("")
    lines.append("counters used (wavefronts; instructions), per access kind:")
    for k in summary:
        ws = sorted({short_src(r.get("waves_src")) for r in results if r["kind"] == k})
        ins = sorted({short_src(r.get("inst_src")) for r in results if r["kind"] == k})
        lines.append("  %-9s %s; %s" % (k, ", ".join(ws), ", ".join(ins)))
    lines.append("")
    lines.append("summary by access kind (wavefronts per instruction, model vs ncu):")
    lines.append("%-8s %8s %6s %9s %9s %7s %9s %6s" %
                 ("kind", "patterns", "match", "hw<model", "hw>model", "nodata", "inst-off", "check"))
    tot = {}
    for k, s in summary.items():
        lines.append("%-8s %8d %6d %9d %9d %7d %9d %6d" % (k, s["patterns"], s["match"], s["hw_below_model"],
                     s["hw_above_model"], s["no_data"], s["inst_count_off"], s["check_failed"]))
        for key, v in s.items():
            tot[key] = tot.get(key, 0) + v
    lines.append("%-8s %8d %6d %9d %9d %7d %9d %6d" % ("all", tot.get("patterns", 0), tot.get("match", 0),
                 tot.get("hw_below_model", 0), tot.get("hw_above_model", 0), tot.get("no_data", 0),
                 tot.get("inst_count_off", 0), tot.get("check_failed", 0)))
    diffs = [r for r in results if r["verdict"] not in ("match", "match (inst n/a)")]
    if diffs:
        lines.append("")
        lines.append("mismatches, grouped by access kind and pattern group (model -> measured):")
        groups = {}
        for r in diffs:
            groups.setdefault((r["kind"], r["group"]), []).append(r)
        for (k, g), rs in sorted(groups.items(), key=lambda kv: (list(KINDS).index(kv[0][0]), kv[0][1])):
            items = ", ".join("#%d %s %d->%s" % (r["pattern"], r["name"], r["model_wavefronts"],
                                                 fmt(r["measured_wavefronts"])) for r in rs[:6])
            more = " (+%d more)" % (len(rs) - 6) if len(rs) > 6 else ""
            lines.append("  %-8s %-8s %3d: %s%s" % (k, g, len(rs), items, more))
    lines.append("")
    lines.append(one_line(tot, summary))
    text = "\n".join(lines)
    print(text)
    if out_dir:
        with open(os.path.join(out_dir, "conformance.txt"), "w") as f:
            f.write(text + "\n")
        with open(os.path.join(out_dir, "conformance_summary.txt"), "w") as f:
            f.write(lines[-1] + "\n")
        cols = ["pattern", "kind", "group", "name", "mask", "reps", "model_wavefronts", "model_ideal", "model_ways",
                "measured_wavefronts", "measured_conflicts", "sass_wavefronts", "inst", "verdict", "check",
                "waves_src", "inst_src", "addrs"]
        with open(os.path.join(out_dir, "conformance.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
            w.writeheader()
            for r in results:
                w.writerow(r)
        doc = {"metrics": METRICS, "candidates": {"wavefronts": WAVE_CANDIDATES, "instructions": INST_CANDIDATES},
               "tolerance": TOL, "summary": summary, "patterns": results}
        if extra:
            doc.update(extra)
        with open(os.path.join(out_dir, "conformance.json"), "w") as f:
            json.dump(doc, f, indent=1)
        print("# wrote %s/conformance.{txt,csv,json}" % out_dir)
    return summary


# ---- SASS check --------------------------------------------------------------------------------
def find_tool(name, extra_globs=()):
    p = shutil.which(name)
    if p:
        return p
    for g in list(extra_globs) + ["/usr/local/cuda/bin/" + name]:
        hits = sorted(glob.glob(g))
        if hits:
            return hits[-1]
    return None


def sass_check(bench, quiet=False):
    """Every conf_* kernel must contain its expected shared instruction exactly once (the repeat
    loop is not unrolled), and no other instruction of the counted side (loads for ld/ldsm
    kernels, stores for st kernels).  Returns (ok, {kernel: count of its instruction}), or None
    without cuobjdump."""
    tool = find_tool("cuobjdump", [os.path.join(HERE, "..", "build-tools", "cuda", "bin", "cuobjdump")])
    if not tool:
        print("# SASS check skipped: cuobjdump not found")
        return None
    sass = subprocess.run([tool, "--dump-sass", bench], capture_output=True, text=True, check=True).stdout
    funcs, cur = {}, None
    for ln in sass.splitlines():
        m = re.search(r"Function : (\S+)", ln)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        if cur:
            m = re.search(r"\b((?:LDGSTS|LDSM|STSM|LDS|STS)(?:\.[A-Z0-9]+)*)\b", ln)
            if m:
                funcs[cur].append(m.group(1))
    bad, counts = [], {}
    for kind, (mnem, side) in KINDS.items():
        ins = funcs.get("conf_" + kind)
        if ins is None:
            bad.append("conf_%s: kernel not found" % kind)
            continue
        counted = [i for i in ins if sass_side(i) == side]
        counts["conf_" + kind] = counted.count(mnem)
        if counted.count(mnem) != 1:
            bad.append("conf_%s: %d x %s, not exactly one (found %s)" % (kind, counted.count(mnem), mnem,
                                                                         sorted(set(ins))))
        others = sorted(set(counted) - {mnem})
        if others:
            bad.append("conf_%s: other %s instructions %s would be counted too" % (kind, side, others))
        if not quiet:
            print("# SASS conf_%-9s %-20s x%-3d (shared instructions: %s)" %
                  (kind, mnem, counted.count(mnem), ", ".join("%s x%d" % (i, ins.count(i)) for i in sorted(set(ins)))))
    for b in bad:
        print("SASS FAIL: " + b)
    return not bad, counts


# ---- running -----------------------------------------------------------------------------------
_QUERY = {}


def query_metrics(ncu):
    """(set of base metric names this ncu lists, its --query-metrics text): for the local GPU or,
    failing that, the GH100 chip; (set(), message) when it cannot be asked.  Asked once."""
    if ncu in _QUERY:
        return _QUERY[ncu]
    got = (set(), "ncu --query-metrics gave no list")
    for extra in ([], ["--chip", "gh100"]):
        try:
            p = subprocess.run([ncu, "--query-metrics"] + extra, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            got = (set(), "ncu --query-metrics failed: %s" % e)
            break
        if p.returncode == 0 and "__" in p.stdout:
            got = (set(re.findall(r"^\s*([a-z0-9_]+__[a-z0-9_]+)", p.stdout, re.M)),
                   "# ncu --query-metrics %s\n%s" % (" ".join(extra), p.stdout))
            break
    _QUERY[ncu] = got
    return got


def known_metrics(ncu, names):
    """The subset of names (with a .sum/.avg... suffix) whose base metric this ncu lists."""
    listed = query_metrics(ncu)[0]
    return [n for n in names if n.rsplit(".", 1)[0] in listed]


def log_shared_metrics(ncu, path):
    """Write the lines of --query-metrics about shared memory, LDGSTS, LDSM and STSM to path (what
    a later run may ask for): the device's own answer to "which counter sees it?"."""
    listed, text = query_metrics(ncu)
    keep = [ln for ln in text.splitlines() if re.search(r"ldgsts|stsm|ldsm|shared|^#|^Device|^-", ln, re.I)]
    with open(path, "w") as f:
        f.write("# %d metrics listed; lines about shared memory, ldgsts, ldsm, stsm:\n" % len(listed))
        f.write("\n".join(keep) + "\n")
    return len(keep)


def run_ncu(args):
    ncu = args.ncu or find_tool("ncu", ["/opt/nvidia/nsight-compute/*/ncu", "/usr/local/cuda/nsight-compute*/ncu"])
    if not ncu:
        print("conformance.py: ncu not found (give --ncu PATH)", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    raw = os.path.join(args.out, "ncu_conformance.csv")
    print("# %d lines about shared-memory counters in %s/ncu_metrics_shared.txt" %
          (log_shared_metrics(ncu, os.path.join(args.out, "ncu_metrics_shared.txt")), args.out), flush=True)
    # Every candidate counter of every role this ncu lists (LDSM, STSM and LDGSTS are not plain
    # shared loads and stores to ncu), and with --extra-metrics the SASS-attributed ones.
    extras = known_metrics(ncu, CANDIDATE_METRICS + (EXTRA_METRICS if args.extra_metrics else []))
    extras = sorted(set(extras))
    print("# candidate metrics this ncu lists: %s" % (", ".join(extras) or "none"), flush=True)
    # The SASS: each kernel's one instruction (and, where no counter counts it, its count)
    sass = sass_check(args.bench, quiet=True)
    cmd = [ncu, "--clock-control", "none", "--metrics", ",".join(METRICS + extras), "--csv", "--print-units", "base",
           "--kernel-name", "regex:^conf_", "--log-file", raw, args.bench, "--out", args.out]
    if args.kinds:
        cmd += ["--kinds", args.kinds]
    print("# " + " ".join(cmd), flush=True)
    t0 = time.time()
    env = dict(os.environ, LC_ALL="C", LANG="C")  # '1234.5', not '1.234,5'
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    wall = time.time() - t0
    sys.stdout.write(p.stdout)  # the program's own lines and ncu's messages
    with open(os.path.join(args.out, "ncu_stdout.txt"), "w") as f:
        f.write(p.stdout)
    # Some ncu versions print the report on stdout despite --log-file: use it if the log has none.
    try:
        with open(raw, errors="replace") as f:
            parse_ncu_csv(f.read())
    except (OSError, ParseError):
        with open(raw, "w") as f:
            f.write(p.stdout)
    try:
        launches = load_launches(os.path.join(args.out, "conformance_launches.csv"))
    except OSError as e:
        print("conformance.py: bench_conformance wrote no launch list (exit %d; see above): %s" %
              (p.returncode, e), file=sys.stderr)
        return 1
    print("# ncu: %.1f s for %d launches (%.2f s per launch), exit %d" %
          (wall, len(launches), wall / max(1, len(launches)), p.returncode), flush=True)
    return analyse_files(raw, os.path.join(args.out, "conformance_launches.csv"), args,
                         {"ncu_wall_s": wall, "ncu_exit": p.returncode, "ncu": ncu, "collected": METRICS + extras},
                         p.returncode, sass and sass[1])


def analyse_files(raw, launches_path, args, extra=None, prog_rc=0, sass_counts=None):
    with open(raw, errors="replace") as f:
        records = parse_ncu_csv(f.read())
    launches = load_launches(launches_path)
    if sass_counts is None and getattr(args, "bench", None):
        r = sass_check(args.bench, quiet=True)
        sass_counts = r and r[1]
    results = analyse(launches, records, sass_counts)
    summary = report(results, args.out, extra)
    failed = sum(s["check_failed"] for s in summary.values())
    diffs = sum(s["patterns"] - s["match"] for s in summary.values())
    rc = 0
    if failed or prog_rc:
        print("conformance.py: %d launch(es) read wrong values (program exit %d)" % (failed, prog_rc))
        rc = 1
    if args.strict and diffs:
        rc = 1
    return rc


# ---- self-test ---------------------------------------------------------------------------------
def self_test(bench):
    ok = True

    def expect(cond, what):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + what)
        ok = ok and bool(cond)

    td = os.path.join(HERE, "testdata")
    launches = load_launches(os.path.join(td, "conformance_launches_sample.csv"))
    for fmt_name in ("details", "raw"):
        with open(os.path.join(td, "ncu_%s_sample.csv" % fmt_name)) as f:
            recs = parse_ncu_csv(f.read())
        expect(len(recs) == 5, "%s: 5 kernel records (got %d)" % (fmt_name, len(recs)))
        expect([kernel_base_name(r["kernel"]) for r in recs] ==
               ["conf_ld4", "conf_st8", "conf_ld4", "conf_ld4", "conf_st8"], "%s: kernel names in ID order" % fmt_name)
        expect(recs[2]["metrics"].get(WAVES % "ld") == 1056.0, "%s: thousands separator '1,056' -> 1056" % fmt_name)
        expect(recs[1]["metrics"].get(INSTS % "st") is not None, "%s: all six metrics present" % fmt_name)
        res = analyse([dict(L) for L in launches], recs)
        v = {r["pattern"]: r for r in res}
        expect(v[0]["verdict"] == "match" and abs(v[0]["measured_wavefronts"] - 32.0) < 1e-9,
               "%s: 32-way ld4 after baseline subtraction = 32.00, match" % fmt_name)
        expect(v[1]["verdict"] == "DIFF hw<model" and abs(v[1]["measured_wavefronts"] - 1.0) < 1e-9,
               "%s: model 2 vs hw 1 is reported DIFF hw<model" % fmt_name)
        expect(v[2]["verdict"].startswith("match") and v[2]["inst"] == 33,
               "%s: st8 baseline (fixed stores) subtracted, inst delta = R" % fmt_name)
    # Mismatched lists are refused, not silently joined.
    with open(os.path.join(td, "ncu_details_sample.csv")) as f:
        recs = parse_ncu_csv(f.read())
    try:
        analyse([dict(L) for L in launches[:-1]], recs)
        expect(False, "count mismatch raises")
    except ParseError:
        expect(True, "count mismatch raises")
    # stmatrix and cp.async: their counters are candidates tried in order (testdata/README.md)
    tl = load_launches(os.path.join(td, "conformance_launches_tc_sample.csv"))
    with open(os.path.join(td, "ncu_tc_sample.csv")) as f:
        trecs = parse_ncu_csv(f.read())
    v = {r["kind"]: r for r in analyse([dict(L) for L in tl], trecs)}
    expect(v["stsm_x1"]["verdict"] == "match" and v["stsm_x1"]["inst"] == 33 and
           v["stsm_x1"]["inst_src"] == "smsp__sass_inst_executed_op_shared_stsm.sum",
           "stsm: op_shared_st's 0 is not its count; the first STSM counter with a value (n/a skipped) is")
    expect(v["cpasync"]["verdict"] == "match" and abs(v["cpasync"]["measured_wavefronts"] - 4.0) < 1e-9 and
           v["cpasync"]["waves_src"] == WAVE_CANDIDATES["ldgsts"][1] and v["cpasync"]["inst"] == 33,
           "cp.async: its writes from the SASS-attributed ldgsts counter (4.00), not its read-back loads; count 33")
    bare = [{"id": r["id"], "kernel": r["kernel"],
             "metrics": {k: x for k, x in r["metrics"].items() if "stsm" not in k}} for r in trecs]
    v = {r["kind"]: r for r in analyse([dict(L) for L in tl], bare, {"conf_stsm_x1": 1})}
    expect(v["stsm_x1"]["inst"] == 33 and v["stsm_x1"]["inst_src"] == SASS_INST and v["stsm_x1"]["verdict"] == "match",
           "stsm without a counter: the SASS's single STSM in the loop gives R")
    v = {r["kind"]: r for r in analyse([dict(L) for L in tl], bare, {"conf_stsm_x1": 2})}
    expect(v["stsm_x1"]["verdict"] == "match (inst n/a)", "two STSMs in the SASS: no count is claimed")
    expect(parse_number('"12,345,678"') == 12345678.0 and parse_number("n/a") is None and
           parse_number("1.5", "Kinst") == 1500.0, "number formats")
    if bench:
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([bench, "--list", "--out", d], capture_output=True, text=True)
            expect(p.returncode == 0, "bench_conformance --list runs without a GPU (%s)" % p.stdout.strip())
            if p.returncode == 0:
                L = load_launches(os.path.join(d, "conformance_launches.csv"))
                pats = [r for r in L if r["pattern"] >= 0]
                expect(len(pats) >= 300, "at least 300 patterns (%d)" % len(pats))
                expect(set(r["kind"] for r in pats) == set(KINDS), "every access kind has patterns")
                expect(all(sum(r["kind"] == k for r in pats) >= 15 for k in KINDS), ">= 15 patterns per kind")
                groups = set(r["group"] for r in pats)
                expect({"stride", "subword", "split", "mask", "layout", "random"} <= groups,
                       "structured and random groups present (%s)" % sorted(groups))
                expect(sum(r["pattern"] < 0 for r in L) == len(KINDS) and all(r["reps"] == 0 for r in L[:len(KINDS)]),
                       "one reps=0 baseline per kernel, first")
                expect(all(int(r["model_wavefronts"]) >= int(r["model_ideal"]) >= 1 for r in pats),
                       "model: wavefronts >= ideal >= 1 for every pattern")
                expect(any(int(r["model_wavefronts"]) > int(r["model_ideal"]) for r in pats) and
                       any(int(r["model_wavefronts"]) == int(r["model_ideal"]) for r in pats),
                       "both conflicting and conflict-free patterns")
            s = sass_check(bench)
            if s is not None:
                expect(s[0], "SASS: exactly one LDS/STS/LDSM/STSM/LDGSTS of the right width per kernel")
    print("self-test: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", help="path of bench_conformance")
    ap.add_argument("--out", default=".", help="output directory (default .)")
    ap.add_argument("--ncu", help="path of ncu (default: PATH, /opt/nvidia/nsight-compute/*/ncu)")
    ap.add_argument("--ncu-csv", help="analyse this ncu CSV instead of running (with --launches)")
    ap.add_argument("--launches", help="conformance_launches.csv matching --ncu-csv")
    ap.add_argument("--extra-metrics", action="store_true",
                    help="also collect SASS-attributed and ldmatrix wavefront counters (slower)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when the model and the hardware differ")
    ap.add_argument("--kinds", help="only these access kinds, e.g. stsm_x1,stsm_x2,stsm_x4,cpasync "
                    "(bench_conformance --kinds)")
    ap.add_argument("--self-test", action="store_true", help="parse the samples in bench/testdata (no GPU)")
    ap.add_argument("--sass", metavar="BENCH", help="check the SASS of bench_conformance and exit")
    args = ap.parse_args()
    if args.self_test:
        return self_test(args.bench)
    if args.sass:
        r = sass_check(args.sass)
        return 0 if r and r[0] else 1
    if args.ncu_csv:
        if not args.launches:
            ap.error("--ncu-csv needs --launches")
        os.makedirs(args.out, exist_ok=True)
        try:
            return analyse_files(args.ncu_csv, args.launches, args)
        except ParseError as e:
            print("conformance.py: " + str(e), file=sys.stderr)
            return 1
    if not args.bench:
        ap.error("give --bench PATH (or --ncu-csv, --self-test, --sass)")
    try:
        return run_ncu(args)
    except ParseError as e:
        print("conformance.py: " + str(e), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
