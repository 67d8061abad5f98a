#!/bin/bash
# bench/dev/h2.sh -- helper H2's GPU run (session 3: the transpose family's TMA layout, issue 10;
# issue 11's missed targets).  Run from the repo root:
#   OUT=<dir> B=<build dir> [H2_SECONDS=110] bash bench/dev/h2.sh
# Most important first: test-transpose on the TMA layout (a fault there would also end the bench
# lines), the every-element-type bench rows that changed (float, double, v16 at 8192^2 and
# 16384^2: the TMA layout and the new candidates beside memcpy, the copy kernel and cuBLAS; the
# persistent TMA candidates last), the argument checks and memcheck, then ncu of the TMA kernels
# beside the shipped ones.  Each step gets at most what is left of H2_SECONDS (the
# caller's timeout), so the script ends in time.
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

bench() { # bench SECONDS LOG ELEMS PROBLEMS ONLY: the every-element-type section, those rows only
  mkdir -p "$OUT/csv-${2%.txt}"
  run "$1" "$2" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS="$3" SWZ_BENCH_PROBLEMS="$4" SWZ_BENCH_ONLY="$5" \
    "$B/bench/bench_transpose" --out "$OUT/csv-${2%.txt}"
  grep -E "^# (u8|half|float|double|v16) |^(memcpy|cublas|xor|pad|tma)|refuses|FAIL|wrong|^rc=" "$OUT/$2" | head -80 >> "$OUT/summary.txt"
}
SQ=8192x8192,16384x16384
log "GPU test first (a TMA fault would end the bench lines after it): test-transpose all --layout tma"
run 10 test-tma.txt "$B/tests/gpu/test-transpose" all --layout tma
grep -E "cases|FAIL" "$OUT/test-tma.txt" | head -40 >> "$OUT/summary.txt"
log "bench: the TMA layout (float, double, v16) beside the shipped xor, memcpy, the copy kernel, cuBLAS"
bench 24 bench-tma.txt float,double,v16 $SQ "tma_64_float,tma_32_double,tma_32_v16,xor_64_float,xor_32_double,xor_32_v16,_r8k_t128"
log "bench: the 512-thread candidates for double and v16 (the 128 KiB row pitch misses)"
bench 16 bench-t512.txt double,v16 $SQ "xor_64_double,xor_32_double,t512"
log "bench: the persistent TMA candidates (last: a hang costs only this line)"
bench 11 bench-tma-p.txt float,double,v16 $SQ "_p,tma_64_float"
log "bench: tma_64_half (its own line: 2-byte elements are new to TMA here)"
bench 9 bench-half.txt half $SQ "tma_64_half,xor_64_half,pad_64_half"
log "GPU tests: args; memcheck of the TMA layout"
run 6 test-args.txt "$B/tests/gpu/test-transpose" args
tail -2 "$OUT/test-args.txt" >> "$OUT/summary.txt"
run 11 memcheck.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick --layout tma
tail -6 "$OUT/memcheck.txt" >> "$OUT/summary.txt"

NCU_M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
ncu_run() { # ncu_run SECONDS LOG ELEMS PROBLEM KERNEL-REGEX: one launch of each matching kernel
  run "$1" "$2" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS="$3" SWZ_BENCH_PROBLEMS="$4" SWZ_BENCH_ONLY="${6:-}" \
    ncu --clock-control none --kernel-name "regex:$5" --section SpeedOfLight --section Occupancy \
      --metrics "$NCU_M" "$B/bench/bench_transpose" --ncu --out "$OUT/ncu-bench"
  grep -E "^  [a-zA-Z_]|dram__|lts__t_sector_hit|smsp__inst_executed.sum|gpu__time_duration|Achieved Occupancy|shared_op|^rc=" \
    "$OUT/$2" | cut -c1-110 | head -80 >> "$OUT/summary.txt"
}
log "ncu (--clock-control none): the TMA kernels beside xor and the copy kernel"
ncu_run 11 ncu-f32.txt float 8192x8192 "swz_transpose_(tma|xor)_64_float_kernel|bt_copy" "tma_64_float,xor_64_float"
ncu_run 9 ncu-f64.txt double 16384x16384 "swz_transpose_(tma_32|xor_32)_double_kernel" "tma_32_double,xor_32_double"
log "done $(date -u)"
