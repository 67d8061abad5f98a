#!/bin/bash
# bench/dev/s5c.sh -- the lead's third GPU probe of session 5: the 128 KiB row pitch, square and
# padded (the example's bench now takes ROWS:COLS:1:LD_IN:LD_OUT), and every stall reason of
# hgemm's xor and _p at 4096^3 (ncu, per issued instruction).
#   OUT=DIR B=BUILD [S5_SECONDS=300] bash bench/dev/s5c.sh   (B: built here if it has no transpose example)
set -u
LIMIT=${S5_SECONDS:-300}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
tr=$B/examples/swz-example-transpose
ex=$B/examples/swz-example-hgemm
build_once examples/swz-example-transpose examples/swz-example-hgemm
log "the row pitch: double 16384^2, v16 8192^2 (128 KiB), float 16384^2 (64 KiB), square and padded"
for round in 1 2; do
  run 60 "pitch-double-$round.txt" "$tr" --bench --filter xor_32_double 16384:16384 16384:16384:1:16416:16416 \
    16384:16384:1:16392:16392 8192:8192 8192:8192:1:8224:8224
  run 60 "pitch-v16-$round.txt" "$tr" --bench --filter xor_32_v16 8192:8192 8192:8192:1:8208:8208 \
    8192:8192:1:8196:8196 16384:16384
  run 60 "pitch-float-$round.txt" "$tr" --bench --filter xor_64_float 16384:16384 16384:16384:1:16448:16448 \
    8192:8192 8192:8192:1:8256:8256
done
grep -hE "^# transpose|swz_|rc=|FAIL|ok" "$OUT"/pitch-*.txt | tee -a "$OUT/summary.txt"
log "ncu: every stall reason of xor and _p at 4096^3, beta 0"
run 90 ncu-stalls.txt ncu --clock-control none \
  --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,gpu__time_duration.sum" \
  -k regex:swz_hgemm_xor_128_half "$ex" \
  --runs swz_hgemm_xor_128_half:4096:4096:4096:nn:in:b0 swz_hgemm_xor_128_half_p:4096:4096:4096:nn:in:b0
grep -E "void swz|stalled|inst_executed|duration|rc=" "$OUT/ncu-stalls.txt" | cut -c1-120 | tee -a "$OUT/summary.txt"
log "done"
