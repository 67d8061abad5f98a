#!/usr/bin/env python3
"""tools/ncu-check.py -- swz's bank model against the GPU's counters, for the kernels swz ships.

What it does
  Every kernel family (examples/<family>, one record format: examples/family.h) prints, with
  `swz-example-<family> --predict`, one line per variant in one format for all families: the
  variant's kernel-name prefix, its standard problem (a run spec of full blocks), the number
  of blocks, and what the host-side bank model (include/swz/bank.h through swz_tile_cost)
  says one block costs: shared store and load instructions, wavefronts, ideal wavefronts and
  the worst n-way conflict.  This script runs every variant's standard problem under Nsight
  Compute (`swz-example-<family> --runs NAME:SPEC ...`, one ncu run per family),

    ncu --clock-control none --csv --print-units base --metrics
        l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,
        l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,
        smsp__sass_inst_executed_op_shared_ld.sum,
        smsp__sass_inst_executed_op_shared_st.sum,
        smsp__sass_inst_executed_op_ldsm.sum (ldmatrix), smsp__inst_executed_op_shared_stsm.sum
        (stmatrix), smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum and
        smsp__sass_inst_executed_op_ldgsts.sum (cp.async's shared writes, bank.h R8),
        smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum and _op_stsm.sum, and
        ..._op_ld.sum and _op_ldsm.sum (the wavefronts of STS / STSM and of LDS / LDSM
        themselves: where every launch has them, a side counts these instead of the l1tex
        counter, which adds the instructions' arbitration with other shared traffic landing at
        the same time, such as TMA writes)

  and compares, separately for loads (LDS, LDSM) and stores (every shared write: STS, STSM and
  cp.async's LDGSTS), with blocks x the prediction:
    instructions                 measured == predicted (the model describes the instructions
                                 the kernel really issues)
    wavefronts per instruction   within --tol (2%) where the model predicts no conflict
                                 (ways 1), within --tol-conflict (5%) where it predicts one
                                 (ways > 1); such a side must also show its conflict: measured
                                 at least half way from the conflict-free figure to the
                                 predicted one.  The predicted ways alone say which variants
                                 conflict.
  Variants whose model issues no shared instruction (e.g. the naive transpose) are skipped.
  It prints one table row per variant and side, and exits 1 on any mismatch.

Usage
  python3 tools/ncu-check.py --build BUILD [--ncu PATH] [--family FAMILY|all]
                             [--filter SUBSTR] [--tol 0.02] [--tol-conflict 0.05]
                             [--separate] [--keep|--out DIR]
      BUILD is a meson build directory (release); every examples/swz-example-<family> in it
      is a family (one per line of examples/meson.build's list; a new family needs no change
      here).
      --separate runs ncu once per variant.
  python3 tools/ncu-check.py --self-test [SAMPLE.csv ...]
      Parses hand-written ncu CSV samples (tests/gpu/ncu_sample*.csv; both ncu's default
      "details" layout and --page raw), and checks the parser and the verdict logic.  No GPU.
  python3 tools/ncu-check.py --check-predict EXE ...
      Runs `EXE --predict` and `EXE --list` of example programs and checks that every listed
      variant has one prediction line this script parses.  No GPU.
  python3 tools/ncu-check.py --ncu-csv FILE --predict-file FILE
      Re-analyses a saved ncu CSV (written by --keep) against a saved --predict output.

Exit status: 0 all match, 1 a mismatch or a wrong kernel result, 2 the tools could not run
(no ncu, no permission for the counters, missing build).
"""
import argparse
import csv
import io
import os
import re
import shutil
import subprocess
import sys

M_WF = {"ld": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
        "st": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"}
M_IN = {"ld": "smsp__sass_inst_executed_op_shared_ld.sum",
        "st": "smsp__sass_inst_executed_op_shared_st.sum"}
# ldmatrix: its wavefronts are in M_WF["ld"], its instructions not in M_IN["ld"] but here
M_LDSM = "smsp__sass_inst_executed_op_ldsm.sum"
# the other shared writes (the store side is every shared write a model predicts): stmatrix's
# wavefronts are in M_WF["st"], its instructions here; cp.async's (LDGSTS, bank.h R8) both here
M_STSM = "smsp__inst_executed_op_shared_stsm.sum"
M_LDGSTS_WF = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"
M_LDGSTS_IN = "smsp__sass_inst_executed_op_ldgsts.sum"
# The store side's wavefronts attributed to the instructions that caused them (STS, STSM): the
# hardware counter M_WF["st"] also counts the arbitration of those stores with TMA's shared
# writes landing at the same time (the wgmma attention kernels: 1098-1430 wavefronts over 132
# CTAs, equal to its bank-conflict counter, while these read exactly 4.000 and 32.000 per STSM;
# docs/design.md, "Model vs hardware").  Where a launch has them, the store side is their sum.
# The load side likewise (LDS, LDSM): the wgmma attention's D 64 xor epilogue LDS, which overlap
# the other warpgroups' shared traffic (no barrier across the consumers), read 28,042 wavefronts
# on the l1tex load counter against 25,344 = 4.000 per LDS on these (its bank-conflict counter:
# 18), where the pad and none epilogues, behind a barrier, read 25,344 on both (H100, 2026-12-07).
M_SASS_WF = {"st": ("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum"),
             "ld": ("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum")}
METRICS = [M_WF["ld"], M_WF["st"], M_IN["ld"], M_IN["st"], M_LDSM, M_STSM, M_LDGSTS_WF, M_LDGSTS_IN,
           *M_SASS_WF["st"], *M_SASS_WF["ld"]]


def families(build):
    """The families built in BUILD: every examples/swz-example-<family> (a new family needs no
    change here)."""
    root = os.path.join(build, "examples")
    found = []
    for f in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        path = os.path.join(root, f)
        if f.startswith("swz-example-") and os.path.isfile(path) and os.access(path, os.X_OK):
            found.append(f[len("swz-example-"):])
    return found


class ParseError(Exception):
    pass


# ---- ncu CSV ------------------------------------------------------------------------------------
def parse_number(text):
    """ncu value text -> float; None for n/a or empty.  Accepts thousands separators
    ('1,234,567'), spaces, and exponents."""
    t = (text or "").strip().replace(",", "").replace(" ", "")
    if t == "" or t.lower() in ("n/a", "nan", "-"):
        return None
    try:
        return float(t)
    except ValueError:
        raise ParseError("not a number: %r" % text)


def kernel_base(name):
    """'void ns::k<int>(const float *, int)' -> 'k'; 'k' -> 'k'."""
    n = name.strip()
    depth, cut = 0, len(n)
    for i, ch in enumerate(n):  # drop the parameter list: the first '(' at template depth 0
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    n = n[:cut].strip()
    n = re.sub(r"<.*>$", "", n)          # template arguments
    n = n.split()[-1] if n.split() else n  # return type ('void k')
    return n.split("::")[-1]


def parse_ncu_csv(text):
    """ncu --csv output (possibly mixed with ==PROF== lines and the program's own output) ->
    list of {'id': str, 'kernel': base name, 'metrics': {name: float}}, one per kernel
    launch, in order.  Handles the default 'details' page (one row per metric) and
    '--page raw' (one row per launch, one column per metric, an optional units row)."""
    lines = text.splitlines()
    start = None
    for i, ln in enumerate(lines):
        s = ln.lstrip()
        if s.startswith('"') or s.startswith("ID,"):
            try:
                fields = next(csv.reader([s]))
            except csv.Error:
                continue
            if "Kernel Name" in [f.strip() for f in fields] and "ID" in [f.strip() for f in fields]:
                start = i
                break
    if start is None:
        raise ParseError("no ncu CSV header (a line with \"ID\" and \"Kernel Name\") found")
    header = [h.strip() for h in next(csv.reader([lines[start].lstrip()]))]
    col = {h: k for k, h in enumerate(header)}
    details = "Metric Name" in col and "Metric Value" in col
    out, by_id = [], {}
    for ln in lines[start + 1:]:
        s = ln.strip()
        if not s or s.startswith("=="):
            continue
        try:
            row = next(csv.reader([s]))
        except csv.Error:
            continue
        if len(row) < len(header):
            continue  # program output or a truncated line
        rid = row[col["ID"]].strip()
        if not re.fullmatch(r"\d+", rid):
            continue  # the units row of --page raw, or noise
        kern = kernel_base(row[col["Kernel Name"]])
        if rid not in by_id:
            by_id[rid] = {"id": rid, "kernel": kern, "metrics": {}}
            out.append(by_id[rid])
        rec = by_id[rid]
        if details:
            v = parse_number(row[col["Metric Value"]])
            if v is not None:
                rec["metrics"][row[col["Metric Name"]].strip()] = v
        else:
            for m in header:
                if m in METRICS or re.match(r"^[a-z0-9]+__\w+\.\w+$", m):
                    v = parse_number(row[col[m]])
                    if v is not None:
                        rec["metrics"][m] = v
    return out


def totals(records, prefix):
    """Sum of every metric over the launches whose kernel name starts with prefix."""
    t, n = {m: 0.0 for m in METRICS}, 0
    sass = {side: True for side in M_SASS_WF}  # every launch has the side's instruction-attributed wavefronts
    for r in records:
        if r["kernel"].startswith(prefix):
            n += 1
            for side, ms in M_SASS_WF.items():
                sass[side] = sass[side] and all(m in r["metrics"] for m in ms)
            for m in METRICS:
                t[m] += r["metrics"].get(m, 0.0)
    for side in sass:
        t["sass_" + side] = sass[side] and n > 0
    return t, n


# ---- predictions (the examples' --predict output) ---------------------------------------------
PREDICT_FIELDS = ["family", "name", "kernel", "layout", "tile", "elem", "threads", "blocks", "spec",
                  "st_instr", "st_wf", "st_ideal", "st_ways", "ld_instr", "ld_wf", "ld_ideal", "ld_ways"]
PREDICT_INT = set(PREDICT_FIELDS[9:]) | {"tile", "threads", "blocks"}


def parse_predict(text):
    """Rows of `swz-example-<family> --predict` (examples/family_main.h) -> list of dicts."""
    rows = []
    for ln in text.splitlines():
        if not ln.strip() or ln.startswith("#"):
            continue
        f = ln.split()
        if len(f) >= 2 and f[1] == "model-error":
            raise ParseError("the model rejected %s: %s" % (f[0], ln))
        if len(f) != len(PREDICT_FIELDS):
            raise ParseError("bad prediction line (%d fields, want %d): %r" % (len(f), len(PREDICT_FIELDS), ln))
        try:
            rows.append({k: int(v) if k in PREDICT_INT else v for k, v in zip(PREDICT_FIELDS, f)})
        except ValueError:
            raise ParseError("bad number in prediction line: %r" % ln)
    return rows


def measured(side, meas):
    """(wavefronts, instructions) measured on one side: loads are LDS and LDSM; stores STS, STSM
    and LDGSTS; the wavefronts of LDS / LDSM and STS / STSM are the instruction-attributed ones
    where every launch has them."""
    wf = sum(meas[m] for m in M_SASS_WF[side]) if meas.get("sass_" + side) else meas[M_WF[side]]
    if side == "ld":
        return wf, meas[M_IN["ld"]] + meas.get(M_LDSM, 0.0)
    return wf + meas.get(M_LDGSTS_WF, 0.0), meas[M_IN["st"]] + meas.get(M_STSM, 0.0) + meas.get(M_LDGSTS_IN, 0.0)


def verdict(p, side, meas, blocks, tol, tol_conflict):
    """(ok, text) for one variant and side ('ld' or 'st')."""
    instr_p = p[side + "_instr"] * blocks
    wf_p = p[side + "_wf"] * blocks
    ideal_p = p[side + "_ideal"] * blocks
    wf_m, in_m = measured(side, meas)
    if instr_p == 0 and in_m == 0:
        return True, "no shared %s" % ("loads" if side == "ld" else "stores")
    if in_m != instr_p:
        return False, "instructions %d measured, %d predicted" % (in_m, instr_p)
    pr, mr, ir = wf_p / instr_p, wf_m / in_m, ideal_p / instr_p
    conflicting = p[side + "_ways"] > 1
    t = tol_conflict if conflicting else tol
    if abs(mr - pr) > t * pr:
        return False, "%.3f wavefronts/instr measured, %.3f predicted (> %g%%)" % (mr, pr, 100 * t)
    if conflicting and mr - ir < 0.5 * (pr - ir):
        return False, "predicted %d-way conflict not seen: %.3f vs conflict-free %.3f" % (
            p[side + "_ways"], mr, ir)
    return True, "%.3f measured, %.3f predicted" % (mr, pr)


def analyse(preds, records, blocks_of, tol, tol_conflict, out=sys.stdout):
    """Print the table; return the number of mismatches."""
    bad = 0
    out.write("%-34s %-4s %10s %10s %10s %6s  %s\n" % ("variant", "side", "instr", "wf/instr",
                                                     "predicted", "ways", "verdict"))
    for p in preds:
        meas, n = totals(records, p["kernel"])
        if n == 0:
            out.write("%-34s  MISSING: no launch of %s* in the ncu output\n" % (p["name"], p["kernel"]))
            bad += 1
            continue
        for side in ("st", "ld"):
            ok, why = verdict(p, side, meas, blocks_of[p["name"]], tol, tol_conflict)
            wf_m, in_m = measured(side, meas)
            mr = wf_m / in_m if in_m else 0.0
            pr = p[side + "_wf"] / p[side + "_instr"] if p[side + "_instr"] else 0.0
            out.write("%-34s %-4s %10d %10.3f %10.3f %6d  %s%s\n" % (
                p["name"], "LDS" if side == "ld" else "STS", in_m, mr, pr, p[side + "_ways"],
                "ok: " if ok else "MISMATCH: ", why))
            bad += not ok
    return bad


# ---- running -----------------------------------------------------------------------------------
def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def select(preds, flt):
    """The variants to measure: those whose model issues shared instructions, matching flt."""
    return [p for p in preds if (p["st_instr"] or p["ld_instr"]) and (not flt or flt in p["name"])]


def check_family(args, family, ncu):
    exe = os.path.join(args.build, "examples", "swz-example-" + family)
    if not os.access(exe, os.X_OK):
        print("ncu-check: %s not found (build with meson first)" % exe)
        return 2
    r = run([exe, "--predict"])
    if r.returncode != 0:
        print(r.stdout)
        print("ncu-check: %s --predict failed" % exe)
        return 2
    preds = select(parse_predict(r.stdout), args.filter)
    if not preds:
        print("ncu-check: no %s variant selected" % family)
        return 0
    specs = ["%s:%s" % (p["name"], p["spec"]) for p in preds]
    blocks_of = {p["name"]: p["blocks"] for p in preds}
    groups = [[s] for s in specs] if args.separate else [specs]
    records, text_all = [], []
    for g, grp in enumerate(groups):
        kernels = [p["kernel"] for p in preds if "%s:%s" % (p["name"], p["spec"]) in grp]
        regex = "regex:^(%s)" % "|".join(re.escape(k) for k in kernels)
        cmd = [ncu, "--clock-control", "none", "--csv", "--print-units", "base",
               "--metrics", ",".join(METRICS), "--kernel-name", regex, exe, "--runs"] + grp
        print("# " + " ".join(cmd[:12]) + " ... (%d runs)" % len(grp))
        sys.stdout.flush()
        r = run(cmd)
        text_all.append(r.stdout)
        if "ERR_NVGPUCTRPERM" in r.stdout:
            print(r.stdout[-2000:])
            print("ncu-check: no permission for the GPU performance counters (run as root, or "
                  "set NVreg_RestrictProfilingToAdminUsers=0)")
            return 2
        if r.returncode != 0:
            print(r.stdout[-4000:])
            print("ncu-check: ncu or the kernels failed (exit %d)" % r.returncode)
            return 1
        records += parse_ncu_csv(r.stdout)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        with open(os.path.join(args.keep, "ncu_%s.csv" % family), "w") as f:
            f.write("\n".join(text_all))
        with open(os.path.join(args.keep, "predict_%s.txt" % family), "w") as f:
            f.write(run([exe, "--predict"]).stdout)
    print("## %s: %d variants" % (family, len(preds)))
    table = io.StringIO()
    bad = analyse(preds, records, blocks_of, args.tol, args.tol_conflict, out=table)
    sys.stdout.write(table.getvalue())
    if args.keep:
        with open(os.path.join(args.keep, "ncu_check_%s.txt" % family), "w") as f:
            f.write(table.getvalue())
    print("## %s: %s" % (family, "all match" if bad == 0 else "%d mismatches" % bad))
    return 1 if bad else 0


# ---- self-test -----------------------------------------------------------------------------------
# What `swz-example-transpose --predict` prints for these variants (plus the naive one, which
# issues no shared instruction and must be left out).
SELF_PRED = """\
# bank model (include/swz/bank.h) of one block of each variant's standard problem
# family name kernel layout tile elem threads blocks spec sts_instr sts_wavefronts sts_ideal sts_ways lds_instr lds_wavefronts lds_ideal lds_ways
transpose swz_transpose_naive_32_float swz_transpose_naive_32_float_kernel naive 32 float 256 64 512:512 0 0 0 0 0 0 0 0
transpose swz_transpose_xor_64_float swz_transpose_xor_64_float_kernel xor 64 float 256 64 1024:256 32 128 128 1 128 128 128 1
transpose swz_transpose_none_64_float swz_transpose_none_64_float_kernel none 64 float 256 64 1024:256 32 128 128 1 128 1024 128 8
transpose swz_transpose_pad_64_float swz_transpose_pad_64_float_kernel pad 64 float 256 64 1024:256 32 128 128 1 128 128 128 1
"""


def self_test(samples):
    fails = []

    def expect(cond, what):
        if not cond:
            fails.append(what)

    expect(parse_number("1,234,567") == 1234567.0, "thousands separators")
    expect(parse_number(" 8.5e+02 ") == 850.0, "exponent")
    expect(parse_number("n/a") is None, "n/a")
    expect(kernel_base("void swz::k<int, 4>(const float *, int)") == "k", "C++ signature")
    expect(kernel_base("swz_transpose_xor_64_float_kernel") == "swz_transpose_xor_64_float_kernel",
           "extern C name")
    expect(kernel_base("swz_reduce_fast_256_float_partials(const float *, long, int)") ==
           "swz_reduce_fast_256_float_partials", "name with parameters")
    try:
        parse_ncu_csv("no csv here\n==PROF== nothing\n")
        fails.append("a text without a CSV header must raise ParseError")
    except ParseError:
        pass
    preds = select(parse_predict(SELF_PRED), None)
    expect([p["name"] for p in preds] == ["swz_transpose_xor_64_float", "swz_transpose_none_64_float",
                                         "swz_transpose_pad_64_float"], "prediction parsing and selection")
    expect(preds[1]["ld_ways"] == 8 and preds[1]["spec"] == "1024:256" and preds[1]["blocks"] == 64,
           "prediction fields")
    try:
        parse_predict("transpose swz_transpose_xor_64_float 64 float\n")
        fails.append("a short prediction line must raise ParseError")
    except ParseError:
        pass
    blocks = {p["name"]: p["blocks"] for p in preds}
    # The samples describe runs of 64 blocks (16 x 4 regions): xor and pad ideal, none with its
    # 8-way loads, each written by hand from that scenario (see tests/gpu/ncu_sample_*.csv).
    for path in samples:
        with open(path) as f:
            recs = parse_ncu_csv(f.read())
        name = os.path.basename(path)
        kern = sorted({r["kernel"] for r in recs})
        expect(kern == ["swz_transpose_none_64_float_kernel", "swz_transpose_pad_64_float_kernel",
                        "swz_transpose_xor_64_float_kernel"], "%s: kernels %s" % (name, kern))
        t, n = totals(recs, "swz_transpose_xor_64_float_kernel")
        expect(n == 2, "%s: the xor kernel was launched twice (got %d)" % (name, n))
        expect(t[M_IN["ld"]] == 2 * 128 * 64 and t[M_WF["ld"]] == 2 * 128 * 64,
               "%s: xor totals summed over both launches: %s" % (name, t))
        blocks2 = dict(blocks, swz_transpose_xor_64_float=128)  # xor: two launches of 64
        out = io.StringIO()
        bad = analyse(preds, recs, blocks2, 0.02, 0.05, out=out)
        table = out.getvalue()
        # planted: the pad kernel's loads measure 1.05 wavefronts/instr -> a 5% mismatch
        expect(bad == 1, "%s: exactly the planted pad mismatch expected, got %d:\n%s" % (name, bad, table))
        expect(re.search(r"swz_transpose_pad_64_float\s+LDS.*MISMATCH", table) is not None,
               "%s: the pad LDS row must be the mismatch:\n%s" % (name, table))
        expect(re.search(r"swz_transpose_none_64_float\s+LDS.*ok", table) is not None,
               "%s: the none LDS row (8-way, as predicted) must pass:\n%s" % (name, table))
    # verdict logic on synthetic counts
    p = dict(preds[1])  # none: 8-way loads predicted
    meas = {M_WF["ld"]: 128 * 1.0, M_IN["ld"]: 128, M_WF["st"]: 128, M_IN["st"]: 32}
    ok, why = verdict(p, "ld", meas, 1, 0.02, 0.05)
    expect(not ok, "a conflicting variant measured conflict free must fail (%s)" % why)
    meas[M_WF["ld"]] = 1024
    expect(verdict(p, "ld", meas, 1, 0.02, 0.05)[0], "none with 8-way loads must pass")
    meas[M_IN["ld"]] = 127
    expect(not verdict(p, "ld", meas, 1, 0.02, 0.05)[0], "an instruction count off by one must fail")
    # the predicted ways alone decide what must conflict: a 2-way side with a small excess over
    # the ideal (1.10 predicted, 1.00 ideal) passes at 1.08 and fails at 1.02 (within 5%, but
    # not half way to the predicted conflict); a conflict-free side (ways 1) is held to 2%
    q = dict(preds[0], ld_instr=100, ld_wf=110, ld_ideal=100, ld_ways=2)
    meas = {M_WF["ld"]: 108.0, M_IN["ld"]: 100}
    expect(verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "a 2-way side measured as predicted must pass")
    meas[M_WF["ld"]] = 102.0
    expect(not verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "a 2-way side without its conflict must fail")
    q.update(ld_wf=100, ld_ways=1)
    meas[M_WF["ld"]] = 103.0
    expect(not verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "ways 1: 2% tolerance")
    meas[M_WF["ld"]] = 101.0
    expect(verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "ways 1 within 2% must pass")
    # the store side: STSM instructions; the l1tex counter 4.2 per STSM (arbitration with TMA
    # writes), the instruction-attributed ones exactly the predicted 4.0: those decide, where a
    # launch has them, and only then
    q = dict(preds[0], st_instr=100, st_wf=400, st_ideal=400, st_ways=1)
    meas = {M_WF["st"]: 420.0, M_IN["st"]: 0, M_STSM: 100, M_SASS_WF["st"][0]: 0.0, M_SASS_WF["st"][1]: 400.0, "sass_st": True}
    expect(verdict(q, "st", meas, 1, 0.02, 0.05)[0], "STSM judged by the instruction-attributed wavefronts")
    meas["sass_st"] = False
    expect(not verdict(q, "st", meas, 1, 0.02, 0.05)[0], "without them, the l1tex counter's 5% excess fails")
    # the load side the same way: LDS and LDSM by their own wavefronts where the launch has them
    q = dict(preds[0], ld_instr=100, ld_wf=400, ld_ideal=400, ld_ways=1)
    meas = {M_WF["ld"]: 435.0, M_IN["ld"]: 60, M_LDSM: 40, M_SASS_WF["ld"][0]: 240.0, M_SASS_WF["ld"][1]: 160.0,
            "sass_ld": True}
    expect(verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "LDS + LDSM judged by the instruction-attributed wavefronts")
    meas["sass_ld"] = False
    expect(not verdict(q, "ld", meas, 1, 0.02, 0.05)[0], "without them, the l1tex load counter's excess fails")
    rec = [{"id": "1", "kernel": "k", "metrics": {M_WF["st"]: 420.0, M_SASS_WF["st"][0]: 0.0, M_SASS_WF["st"][1]: 400.0}},
           {"id": "2", "kernel": "k", "metrics": {M_WF["st"]: 420.0}}]
    expect(totals(rec[:1], "k")[0]["sass_st"] and not totals(rec, "k")[0]["sass_st"],
           "the instruction-attributed sum only when every launch has it")
    for f in fails:
        print("self-test FAIL: " + f)
    print("ncu-check self-test: %d samples, %s" % (len(samples), "FAILED" if fails else "ok"))
    return 1 if fails else 0


def check_predict(exes):
    """--check-predict: the example programs' --predict output is the format parsed here."""
    bad = 0
    for exe in exes:
        r, names = run([exe, "--predict"]), run([exe, "--list"]).stdout.split()
        try:
            preds = parse_predict(r.stdout)
        except ParseError as e:
            print("%s --predict: %s" % (exe, e))
            bad += 1
            continue
        got = [p["name"] for p in preds]
        if r.returncode != 0 or not names or got != names:
            print("%s: --predict (exit %d) lists %d variants, --list %d" % (exe, r.returncode, len(got), len(names)))
            bad += 1
        fams = {p["family"] for p in preds}
        if len(fams) != 1 or not os.path.basename(exe).endswith(tuple(fams)):
            print("%s: families %s" % (exe, sorted(fams)))
            bad += 1
        print("%s: %d predictions, %d with shared instructions" % (os.path.basename(exe), len(preds),
                                                                  len(select(preds, None))))
    print("ncu-check --check-predict: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--build", default="build", help="meson build directory (release)")
    ap.add_argument("--ncu", default=None, help="path to ncu (default: on PATH)")
    ap.add_argument("--family", default="all",
                    help="one family (a directory examples/<family> of the build), or all")
    ap.add_argument("--filter", default=None, help="only variants whose name contains this")
    ap.add_argument("--tol", type=float, default=0.02)
    ap.add_argument("--tol-conflict", type=float, default=0.05)
    ap.add_argument("--separate", action="store_true", help="ncu once per variant")
    ap.add_argument("--keep", "--out", dest="keep", default=None,
                    help="directory for the raw ncu CSV, the predictions and the table")
    ap.add_argument("--self-test", nargs="*", default=None, metavar="SAMPLE")
    ap.add_argument("--check-predict", nargs="+", default=None, metavar="EXE")
    ap.add_argument("--ncu-csv", default=None)
    ap.add_argument("--predict-file", default=None)
    args = ap.parse_args()
    if args.self_test is not None:
        return self_test(args.self_test)
    if args.check_predict:
        return check_predict(args.check_predict)
    if args.ncu_csv:
        with open(args.predict_file) as f:
            preds = select(parse_predict(f.read()), args.filter)
        with open(args.ncu_csv) as f:
            recs = parse_ncu_csv(f.read())
        blocks = {p["name"]: p["blocks"] for p in preds}
        return 1 if analyse(preds, recs, blocks, args.tol, args.tol_conflict) else 0
    ncu = args.ncu or shutil.which("ncu") or (
        "/usr/local/cuda/bin/ncu" if os.access("/usr/local/cuda/bin/ncu", os.X_OK) else None)
    if not ncu:
        print("ncu-check: ncu (Nsight Compute) not found; pass --ncu PATH")
        return 2
    rc = 0
    fams = families(args.build) if args.family == "all" else [args.family]
    if not fams:
        print("ncu-check: no examples/swz-example-<family> in %s (build with meson first)" % args.build)
        return 2
    for fam in fams:
        rc = max(rc, check_family(args, fam, ncu))
    return rc


if __name__ == "__main__":
    sys.exit(main())
