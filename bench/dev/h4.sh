#!/bin/bash
# bench/dev/h4.sh -- helper H4's GPU run (issue 10): the TMA proof, then the wgemm family's
# checks and benchmark, then compute-sanitizer on both.  Most important first (killed at the
# lead's limit).  Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/h4.sh
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
run test-tma 20 "$B/tests/gpu/test-tma" all
RC=1
[ -x "$X" ] && run wgemm-check 20 "$X"
if [ "$RC" != 124 ] && [ -x "$X" ]; then
  TAILN=30 run wgemm-bench-bf16 22 "$X" --filter _bf16_bf16 --bench 4096:4096:4096 6144:6144:6144 8192:8192:8192
  TAILN=14 run wgemm-bench-f16 12 "$X" --filter _f16_f16 --bench 4096:4096:4096 6144:6144:6144 8192:8192:8192
fi
run sanitize-tma 8 compute-sanitizer --print-limit 5 "$B/tests/gpu/test-tma" all --quick
[ -x "$X" ] && run sanitize-wgemm 8 compute-sanitizer --print-limit 5 "$X" --runs swz_wgemm_256_bf16_bf16:300:520:200 swz_wgemm_256_bf16_bf16_c2:300:520:200
log "done $(date -u)"
