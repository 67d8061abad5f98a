#!/bin/bash
# bench/dev/h4.sh -- helper H4's GPU run (issue 9: the mma.sync GEMM, examples/hgemm), most
# important first (the lead kills it at its limit; every step gets at most what is left):
# bench_hgemm twice (fp16 then bf16, every variant beside cuBLAS of its type, every element
# checked) and a third, unchecked pass of the xor variants; ncu of xor_128_half at 4096^3 with
# the per-instruction stall samples (which SASS instruction each stall reason sits on); the
# example's default check, test-hgemm all --quick and args; compute-sanitizer racecheck on
# test-hgemm all --quick (the sanitize-list.sh entry: how long it takes), memcheck and
# synccheck on small problems of every tuning variant.
# From the repo root: OUT=DIR B=BUILD [H4_SECONDS=110] bash bench/dev/h4.sh
set -u
B=${B:-build-dev}
OUT=${OUT:-out-h4}
mkdir -p "$OUT"
LIMIT=${H4_SECONDS:-110}
. "$(dirname "$0")/lib.sh"
ex=$B/examples/swz-example-hgemm
th=$B/examples/hgemm/test-hgemm
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv,noheader 2>/dev/null)"

bench_passes 2 20
log "third timing pass of the xor variants (example --bench: each beside its own cuBLAS run)"
run 12 bench3.txt "$ex" --bench --filter xor_128 4096:4096:4096 8192:8192:8192
tee -a "$OUT/summary.txt" < "$OUT/bench3.txt"

log "ncu: xor_128_half at 4096^3, warp states and the per-instruction stall samples"
M=smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct
run 30 ncu_xor.txt ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SourceCounters \
    --metrics "$M" -k regex:swz_hgemm_xor_128_half_kernel -c 1 -o "$OUT/xor" -f "$ex" --run swz_hgemm_xor_128_half 4096:4096:4096:nn:in
grep -vE "^==PROF==|^\s*$" "$OUT/ncu_xor.txt" | tail -5 | tee -a "$OUT/summary.txt"
if [ -f "$OUT/xor.ncu-rep" ]; then
    run 20 ncu_xor_details.txt ncu -i "$OUT/xor.ncu-rep"
    grep -E "stalled|hmma|hit_rate|Duration|Frequency|Throughput|rc=" "$OUT/ncu_xor_details.txt" | tee -a "$OUT/summary.txt"
    run 20 ncu_source.csv ncu -i "$OUT/xor.ncu-rep" --page source --csv --print-source sass
    # keep the instructions that have stall samples (the full table is large)
    python3 - "$OUT/ncu_source.csv" "$OUT/ncu_source_sampled.csv" <<'PY' 2>&1 | tee -a "$OUT/summary.txt"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], errors="replace")))
hdr = next((i for i, r in enumerate(rows) if any("Sampl" in c for c in r)), None)
if hdr is None:
    print("ncu source page: no sampling column; first lines:", rows[:3]); sys.exit(0)
h = rows[hdr]
cols = [i for i, c in enumerate(h) if "Sampl" in c or "stall" in c.lower()]
keep = [h]
for r in rows[hdr + 1:]:
    try:
        if any(float((r[i] or "0").replace(",", "")) > 0 for i in cols if i < len(r)):
            keep.append(r)
    except ValueError:
        pass
csv.writer(open(sys.argv[2], "w")).writerows(keep)
print("ncu source page: %d instructions with samples (of %d rows); columns %s" % (len(keep) - 1, len(rows) - hdr - 1, [h[i] for i in cols][:12]))
PY
    rm -f "$OUT/ncu_source.csv"
    ls -la "$OUT/xor.ncu-rep" >> "$OUT/summary.txt"
    [ "$(stat -c %s "$OUT/xor.ncu-rep")" -gt 12000000 ] && rm -f "$OUT/xor.ncu-rep"
fi

log "default check (every variant, 11 ragged specs), test-hgemm all --quick, args"
run 12 check.txt "$ex"
tail -2 "$OUT/check.txt" | tee -a "$OUT/summary.txt"
run 15 test_all_quick.txt "$th" all --quick
tail -4 "$OUT/test_all_quick.txt" | tee -a "$OUT/summary.txt"
run 6 test_args.txt "$th" args
tail -2 "$OUT/test_args.txt" | tee -a "$OUT/summary.txt"

log "racecheck of sanitize-list.sh's hgemm entry (test-hgemm all --quick)"
run 40 san_list_racecheck.txt compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 5 "$th" all --quick
tail -4 "$OUT/san_list_racecheck.txt" | tee -a "$OUT/summary.txt"
runs="swz_hgemm_xor_128_half_s6:256:512:192:nn:in swz_hgemm_xor_128_half_k64s4:300:520:256:nt:f32 swz_hgemm_xor_128_half_g16:127:129:65:nn:in:b0 swz_hgemm_none_128_bf16:256:512:128:nn:in"
for tool in memcheck synccheck; do
    log "compute-sanitizer $tool"
    # shellcheck disable=SC2086
    run 10 "san_$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 "$ex" --runs $runs
    grep -hE "ERROR SUMMARY|FAIL|ok$|rc=" "$OUT/san_$tool.txt" | tee -a "$OUT/summary.txt"
done
log "done"
exit 0
