#!/bin/bash
# bench/dev/s5b.sh -- the lead's second GPU probe of session 5: mma_ceiling again (now also
# with random operands; the loop probes a second time) with nvidia-smi every 50 ms beside it;
# copy_ceiling a second time; the 128 KiB row pitch: the shipped double and 16-byte transposes
# on their square problems and with each row padded (ld + 256 bytes, + 64 bytes), fp32 16384^2
# likewise (64 KiB pitch) -- GB/s from the example's bench, against copy_ceiling's cudaMemcpy.
#   OUT=DIR B=BUILD [S5_SECONDS=400] bash bench/dev/s5b.sh   (B: built here if it has no mma_ceiling)
set -u
LIMIT=${S5_SECONDS:-400}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
build_once bench/mma_ceiling bench/copy_ceiling examples/swz-example-transpose
ceiling_step 120
log "copy_ceiling (second run)"
run 90 copy_ceiling.txt "$B/bench/copy_ceiling" --out "$OUT"
grep -E "cudaMemcpy|chunk8 |bulk32|rc=" "$OUT/copy_ceiling.txt" | tee -a "$OUT/summary.txt"
tr=$B/examples/swz-example-transpose
log "the row pitch: double 16384^2, v16 8192^2, float 16384^2, square and padded"
run 60 pitch-double.txt "$tr" --bench --filter xor_32_double 16384:16384 16384:16384:1:16416:16416 16384:16384:1:16392:16392 8192:8192
run 60 pitch-v16.txt "$tr" --bench --filter xor_32_v16 8192:8192 8192:8192:1:8208:8208 8192:8192:1:8196:8196 16384:16384
run 60 pitch-float.txt "$tr" --bench --filter xor_64_float 16384:16384 16384:16384:1:16448:16448 8192:8192
grep -hE "^#|swz_|rc=|FAIL|ok" "$OUT"/pitch-*.txt | tee -a "$OUT/summary.txt"
log "done"
