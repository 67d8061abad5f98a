#!/bin/bash
# bench/dev/h4.sh -- helper H4's GPU run (issue 9: the mma.sync GEMM, examples/hgemm), most
# important first (the lead kills it at its limit; every step gets at most what is left):
# bench_hgemm (fp16: every variant beside cublasGemmEx, every element checked), the bf16
# variants beside cuBLAS bf16, the example's default check, test-hgemm all --quick and args,
# ncu of the xor kernel at 4096^3, then compute-sanitizer memcheck / racecheck / synccheck on
# small problems of the full-slice and the edge path.
# From the repo root: OUT=DIR B=BUILD [H4_SECONDS=120] bash bench/dev/h4.sh
set -u
B=${B:-build-dev}
OUT=${OUT:-out-h4}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
T0=$(date +%s)
LIMIT=${H4_SECONDS:-120}
left() { echo $(( LIMIT - 2 - ($(date +%s) - T0) )); }
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo "$l"; }
log() { echo "== $* (t=$(( $(date +%s) - T0 ))s)" | tee -a "$OUT/summary.txt"; }
run() { # run SECONDS LOGFILE CMD...: the command under a time cap, its status appended
    local s=$1 f=$2; shift 2
    [ "$(left)" -gt 3 ] || { echo "skipped: no time left" | tee -a "$OUT/$f"; return; }
    timeout -k 2 "$(cap "$s")" "$@" > "$OUT/$f" 2>&1 < /dev/null
    echo "rc=$? t=$(( $(date +%s) - T0 ))s" >> "$OUT/$f"
}
ex=$B/examples/swz-example-hgemm
th=$B/examples/hgemm/test-hgemm
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv,noheader 2>/dev/null)"

log "bench_hgemm (fp16 then bf16, each beside cuBLAS of its type, every element checked)"
run 34 bench.txt "$B/bench/bench_hgemm" --out "$OUT"
grep -E "hgemm|FAIL|rc=" "$OUT/bench.txt" | grep -v "^# swz" | tee -a "$OUT/summary.txt"

log "second timing pass of the xor variants (run-to-run spread; example --bench, unchecked)"
run 14 bench_again.txt "$ex" --bench --filter xor_128 4096:4096:4096 8192:8192:8192
tee -a "$OUT/summary.txt" < "$OUT/bench_again.txt"

log "default check (every variant, 11 ragged specs) and the full-slice path on more slices"
run 12 check.txt "$ex"
tail -4 "$OUT/check.txt" | tee -a "$OUT/summary.txt"
run 20 test_all_quick.txt "$th" all --quick
tail -6 "$OUT/test_all_quick.txt" | tee -a "$OUT/summary.txt"
run 6 test_args.txt "$th" args
tail -3 "$OUT/test_args.txt" | tee -a "$OUT/summary.txt"

log "ncu: xor_128_half at 4096^3 (one launch)"
run 28 ncu_xor.txt ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section InstructionStats --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_tensor_op_hmma.sum \
    -k regex:swz_hgemm_xor_128_half_kernel -c 1 "$ex" --run swz_hgemm_xor_128_half 4096:4096:4096:nn:in
grep -vE "^==PROF==|^\s*$" "$OUT/ncu_xor.txt" | grep -E "stalled|Throughput|Frequency|Duration|Issued|Eligible|Active|hmma|Cycles|rc=" | tee -a "$OUT/summary.txt"

# compute-sanitizer on the full-slice path (256x512, 4 slices) and the edge path (ragged), both B
# orientations, fp16 and bf16
runs="swz_hgemm_xor_128_half:256:512:128:nn:in swz_hgemm_xor_128_half:127:129:65:nt:f32 swz_hgemm_pad_128_bf16:256:512:128:nt:in swz_hgemm_xor_128_half_k64:300:520:128:nn:f32"
for tool in memcheck racecheck synccheck; do
    log "compute-sanitizer $tool"
    # shellcheck disable=SC2086
    run 12 "san_$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 "$ex" --runs $runs
    grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|FAIL|ok$|rc=" "$OUT/san_$tool.txt" | tee -a "$OUT/summary.txt"
done
log "racecheck of sanitize-list.sh's hgemm entry (how long it takes)"
run 25 san_list_racecheck.txt compute-sanitizer --tool racecheck --error-exitcode 99 --print-limit 5 "$th" all --quick
tail -3 "$OUT/san_list_racecheck.txt" | tee -a "$OUT/summary.txt"
log "mma_ceiling"
run 10 ceiling.txt "$B/bench/mma_ceiling" --out "$OUT"
tail -4 "$OUT/ceiling.txt" | tee -a "$OUT/summary.txt"
log "done"
exit 0
