#!/bin/bash
# bench/dev/h5.sh -- helper H5's GPU run (conformance of the bank model's newest rules, the
# solver's GPU proof).  Most important first (killed at the lead's limit, 130 s).
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/h5.sh
set -u
B=${B:-build}
OUT=${OUT:-out-h5}
mkdir -p "$OUT"
S="$OUT/summary.txt"
export PATH=/usr/local/cuda/bin:$PATH
log() { echo "== $*" | tee -a "$S"; }
run() { # run NAME TIMEOUT CMD...: output to $OUT/NAME.txt, its tail to the summary
  local name=$1 t=$2
  shift 2
  log "$name: $*"
  local t0=$(date +%s%N)
  timeout "$t" "$@" > "$OUT/$name.txt" 2>&1
  echo "rc=$? wall_ms=$((($(date +%s%N) - t0) / 1000000))" >> "$OUT/$name.txt"
  tail -n "${TAILN:-12}" "$OUT/$name.txt" | tee -a "$S"
}
log "$(date -u) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader 2>/dev/null)"
# sync 2: 1. stmatrix and cp.async with the counters sync 1 found (STSM's own instruction
#    counter, LDGSTS's SASS-attributed wavefronts) and 37 probes of cp.async's write rule
TAILN=40 run conform 35 python3 bench/conformance.py --bench "$B/bench/bench_conformance" --out "$OUT/conform" \
  --kinds stsm_x1,stsm_x2,stsm_x4,cpasync
# 2. the solver's GPU proof on all 300 sets
TAILN=12 run solver 90 python3 bench/solver_proof.py --bench "$B/bench/solver_proof" --out "$OUT/solver"
rm -f "$OUT"/conform/ncu_conformance.csv.gz; gzip -f "$OUT"/conform/ncu_conformance.csv "$OUT"/solver/ncu_solver_proof.csv 2>/dev/null
log "done $(date -u)"
