#!/bin/bash
# bench/dev/h2.sh -- helper H2's GPU run (issue 11: transpose at copy speed for every element
# type).  Run from the repo root: OUT=<dir> B=<build dir> [H2_SECONDS=110] bash bench/dev/h2.sh
# Most important first: the every-element-type bench (beside memcpy, cuBLAS geam, then torch),
# then ncu of the fp32 and u8 kernels at 8192^2, then the GPU transpose tests.  Each step gets
# at most what is left of H2_SECONDS (the caller's timeout), so the script ends in time.
set -u
B=${B:-build}
OUT=${OUT:-out-h2}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
T0=$(date +%s)
LIMIT=${H2_SECONDS:-110}
left() { echo $(( LIMIT - 3 - ($(date +%s) - T0) )); }
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo "$l"; }
log() { echo "== $* (t=$(( $(date +%s) - T0 ))s)" | tee -a "$OUT/summary.txt"; }
run() { # run SECONDS LOGFILE CMD...: the command under a time cap, its status appended
  local s=$1 f=$2; shift 2
  [ "$(left)" -gt 5 ] || { echo "skipped: no time left" >> "$OUT/$f"; return; }
  timeout "$(cap "$s")" "$@" > "$OUT/$f" 2>&1; echo "rc=$?" >> "$OUT/$f"
}
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm --format=csv,noheader 2>/dev/null)"

log "bench_transpose: every element type (then the fp32 tuning rounds)"
run 45 bench.txt env SWZ_BENCH_SECTIONS=types,tuning "$B/bench/bench_transpose" --out "$OUT"
grep -E "^# (u8|half|float|double|v16) |^(memcpy|cublas|xor|pad)|FAIL|^rc=" "$OUT/bench.txt" | head -200 >> "$OUT/summary.txt"

log "torch x.t().contiguous()"
if python3 -c "import torch" 2>/dev/null; then
  run 30 torch.txt python3 bench/torch_transpose.py --out "$OUT" --swz "$OUT/transpose_types.csv"
  cat "$OUT/torch.txt" >> "$OUT/summary.txt"
else
  echo "torch: python3 has no torch, skipped" | tee -a "$OUT/summary.txt"
fi

log "ncu (--clock-control none): fp32 and u8 kernels and cublasSgeam at 8192^2"
run 30 ncu.txt env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=u8,float SWZ_BENCH_PROBLEMS=8192x8192 \
    ncu --clock-control none --kernel-name "regex:swz_transpose_|geam|transpose" \
    --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active \
    "$B/bench/bench_transpose" --ncu --out "$OUT/ncu-bench"
grep -E "swz_transpose_|geam|transpose|dram__|lts__t_sector_hit|smsp__inst_executed.sum|gpu__time_duration|Achieved Occupancy|Registers Per|Block Limit|Stall|^rc=" "$OUT/ncu.txt" | head -150 >> "$OUT/summary.txt"

log "GPU tests: test-transpose all --quick, args, batch"
run 20 test-all.txt "$B/tests/gpu/test-transpose" all --quick
tail -3 "$OUT/test-all.txt" >> "$OUT/summary.txt"
run 10 test-args.txt "$B/tests/gpu/test-transpose" args
tail -2 "$OUT/test-args.txt" >> "$OUT/summary.txt"
run 15 test-batch.txt "$B/tests/gpu/test-transpose" batch
tail -7 "$OUT/test-batch.txt" >> "$OUT/summary.txt"
log "done $(date -u)"
