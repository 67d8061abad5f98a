#!/bin/bash
# bench/dev/s5e.sh -- the lead's fifth GPU probe of session 5: the skewed column-major order
# (_t512_skew, order.h SKEW) for the two 128 KiB-pitch misses, three interleaved rounds of
# bench_transpose's every-element-type section (double and 16-byte, 8192^2 and 16384^2), medians
# by bench/dev/rounds.py, and the padded pitch beside them (the example's bench).
#   OUT=DIR B=BUILD [S5_SECONDS=300] bash bench/dev/s5e.sh   (B: built here if it has no bench_transpose)
set -u
LIMIT=${S5_SECONDS:-300}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
build_once bench/bench_transpose examples/swz-example-transpose
for r in 1 2 3; do
  log "transpose round $r"
  mkdir -p "$OUT/round$r"
  run 40 "round$r/bench.txt" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=double,v16 \
    SWZ_BENCH_PROBLEMS=8192x8192,16384x16384 "$B/bench/bench_transpose" --out "$OUT/round$r"
  grep -E "FAIL|wrong|rc=" "$OUT/round$r/bench.txt" | tee -a "$OUT/summary.txt"
done
python3 "$(dirname "$0")/rounds.py" "$OUT" 3 | tee -a "$OUT/summary.txt"
run 40 pitch.txt "$B/examples/swz-example-transpose" --bench --filter xor_32_ 16384:16384 16384:16384:1:16416:16416 \
  8192:8192 8192:8192:1:8208:8208
grep -E "^# transpose|swz_|rc=|FAIL|ok" "$OUT/pitch.txt" | tee -a "$OUT/summary.txt"
log "done"
