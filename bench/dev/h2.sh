#!/bin/bash
# bench/dev/h2.sh -- helper H2's GPU run (issue 11: transpose at copy speed for every element
# type).  Run from the repo root: OUT=<dir> B=<build dir> [H2_SECONDS=110] bash bench/dev/h2.sh
# Most important first: the every-element-type bench (beside memcpy, cuBLAS geam, then torch),
# then ncu (fp32 and v16 at 8192^2, double at 16384^2, the u8 batch, beside a copy kernel and
# cuBLAS), then the GPU transpose tests and memcheck.  Each step gets
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

NCU_M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active
ncu_run() { # ncu_run SECONDS LOG ELEMS PROBLEM KERNEL-REGEX: one launch of each matching kernel
  run "$1" "$2" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS="$3" SWZ_BENCH_PROBLEMS="$4" \
    ncu --clock-control none --kernel-name "regex:$5" --section SpeedOfLight --section Occupancy \
      --section WarpStateStats --metrics "$NCU_M" "$B/bench/bench_transpose" --ncu --out "$OUT/ncu-bench"
  grep -E "^  [a-zA-Z_]|dram__|lts__t_sector_hit|smsp__inst_executed.sum|gpu__time_duration|Achieved Occupancy|^rc=" \
    "$OUT/$2" | cut -c1-110 | head -80 >> "$OUT/summary.txt"
}
log "ncu (--clock-control none): fp32 and v16 at 8192^2 beside the copy kernel and cuBLAS"
ncu_run 25 ncu-f32-v16.txt float,v16 8192x8192 \
  "swz_transpose_xor_64_float_kernel|xor_64_float_h6|xor_32_v16_kernel|xor_32_v16_row|bt_copy|transpose_readWrite|geam"
log "ncu: double at 16384^2"
ncu_run 20 ncu-f64.txt double 16384x16384 "swz_transpose_xor_(32|64)_double_kernel|xor_32_double_row|bt_copy|transpose_readWrite|geam"
log "ncu: u8 batch 4096 x 64x64 (the narrow kernel)"
ncu_run 15 ncu-u8-batch.txt u8 4096x64x64 "swz_transpose_xor_64_u8|bt_copy"

log "GPU tests: test-transpose all (full), args, batch, the example's checks, big"
run 30 test-all.txt "$B/tests/gpu/test-transpose" all
tail -3 "$OUT/test-all.txt" >> "$OUT/summary.txt"; grep FAIL "$OUT/test-all.txt" | head -20 >> "$OUT/summary.txt"
run 10 test-args.txt "$B/tests/gpu/test-transpose" args
tail -2 "$OUT/test-args.txt" >> "$OUT/summary.txt"
run 15 test-batch.txt "$B/tests/gpu/test-transpose" batch
tail -7 "$OUT/test-batch.txt" >> "$OUT/summary.txt"
run 15 example.txt "$B/examples/swz-example-transpose"
tail -3 "$OUT/example.txt" >> "$OUT/summary.txt"
log "compute-sanitizer memcheck: test-transpose all --quick"
run 30 memcheck.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick
tail -4 "$OUT/memcheck.txt" >> "$OUT/summary.txt"
run 40 test-big.txt "$B/tests/gpu/test-transpose" big
tail -4 "$OUT/test-big.txt" >> "$OUT/summary.txt"
log "done $(date -u)"
