#!/bin/bash
# bench/dev/h4.sh -- helper H4's GPU run (issue 10): TMA proof, then the wgemm family.
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/h4.sh
set -u
B=${B:-build}
OUT=${OUT:-out-h4}
mkdir -p "$OUT"
log() { echo "== $*" | tee -a "$OUT/summary.txt"; }
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null)"
log "test-tma all"
timeout 40 "$B/tests/gpu/test-tma" all > "$OUT/test-tma.txt" 2>&1; echo "rc=$?" >> "$OUT/test-tma.txt"
tail -n 30 "$OUT/test-tma.txt" | tee -a "$OUT/summary.txt"
if [ -x "$B/examples/wgemm/swz-example-wgemm" ]; then
  log "wgemm checks"
  timeout 30 "$B/examples/wgemm/swz-example-wgemm" > "$OUT/wgemm-check.txt" 2>&1; echo "rc=$?" >> "$OUT/wgemm-check.txt"
  tail -n 30 "$OUT/wgemm-check.txt" | tee -a "$OUT/summary.txt"
  log "wgemm bench"
  timeout 40 "$B/examples/wgemm/swz-example-wgemm" --bench > "$OUT/wgemm-bench.txt" 2>&1; echo "rc=$?" >> "$OUT/wgemm-bench.txt"
  tail -n 30 "$OUT/wgemm-bench.txt" | tee -a "$OUT/summary.txt"
fi
log "compute-sanitizer test-tma --quick"
timeout 25 compute-sanitizer --print-limit 5 "$B/tests/gpu/test-tma" all --quick > "$OUT/sanitize-tma.txt" 2>&1; echo "rc=$?" >> "$OUT/sanitize-tma.txt"
tail -n 8 "$OUT/sanitize-tma.txt" | tee -a "$OUT/summary.txt"
log "done $(date -u)"
