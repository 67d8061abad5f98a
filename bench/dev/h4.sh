#!/bin/bash
# bench/dev/h4.sh -- helper H4's GPU run (issue 10), most important first (the lead kills it at
# its limit): test-tma (probes and every group in child processes), the wgemm checks, the
# benches beside cublasGemmEx, ncu of the plain and the cluster kernel, then the sanitizers.
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/h4.sh
set -u
B=${B:-build}
OUT=${OUT:-out-h4}
mkdir -p "$OUT"
S="$OUT/summary.txt"
log() { echo "== $*" | tee -a "$S"; }
run() { # run NAME TIMEOUT CMD...: output to $OUT/NAME.txt, its tail to the summary
  local name=$1 t=$2
  shift 2
  log "$name: $*"
  local t0=$(date +%s%N)
  timeout "$t" "$@" > "$OUT/$name.txt" 2>&1
  RC=$?
  echo "rc=$RC wall_ms=$((($(date +%s%N) - t0) / 1000000))" >> "$OUT/$name.txt"
  tail -n "${TAILN:-25}" "$OUT/$name.txt" | tee -a "$S"
}
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv,noheader 2>/dev/null)"
X="$B/examples/swz-example-wgemm"
TAILN=40 run test-tma 15 "$B/tests/gpu/test-tma" all
RC=1
run wgemm-check 15 "$X"
SWZ_WGEMM_VERBOSE=1 TAILN=6 run wgemm-grid 6 "$X" --runs swz_wgemm_256_bf16_bf16:4096:4096:4096 swz_wgemm_256_bf16_bf16_c2:4096:4096:4096
if [ "$RC" != 124 ]; then
  TAILN=30 run wgemm-bench-bf16 16 "$X" --filter _bf16_bf16 --bench 4096:4096:4096 6144:6144:6144 8192:8192:8192
  TAILN=14 run wgemm-bench-f16 9 "$X" --filter _f16_f16 --bench 4096:4096:4096 6144:6144:6144 8192:8192:8192
  TAILN=8 run wgemm-raster 7 "$X" --filter swz_wgemm_256_bf16_bf16 --bench 8192:8192:8192:1 8192:8192:8192:2
fi
M=sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum.per_second,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpc__cycles_elapsed.avg.per_second,launch__grid_size,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
for v in swz_wgemm_256_bf16_bf16 swz_wgemm_256_bf16_bf16_c2 swz_wgemm_256_bf16_bf16_ts; do
  TAILN=16 run "ncu-$v" 9 ncu --clock-control none -k "regex:${v}_kernel" -c 1 --metrics "$M" "$X" --run "$v" 4096:4096:4096
done
TAILN=8 run sanitize-tma 8 compute-sanitizer --print-limit 5 "$B/tests/gpu/test-tma" all --quick
log "done $(date -u)"
