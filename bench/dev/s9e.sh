#!/bin/bash
# bench/dev/s9e.sh -- session 9's last call (NOTES.md "Session 9"): copy_ceiling with its new
# "tiles" section (the transposes' own address pattern as a plain copy: what the DRAM side of
# the float and v16 regions allows), beside three rounds of the float and v16 transposes and
# cuBLAS geam at 8192^2 and 16384^2 in the same call.
#   OUT=DIR B=BUILD [S9_SECONDS=400] bash bench/dev/s9e.sh
set -u
LIMIT=${S9_SECONDS:-400}
. "$(dirname "$0")/lib.sh"
build_once bench/copy_ceiling bench/bench_transpose
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
log "copy_ceiling (SM copies and the transposes' pattern against cudaMemcpy)"
run 150 copy_ceiling.txt "$B/bench/copy_ceiling" --out "$OUT"
grep -E "tiles|cudaMemcpy|chunk4 |bulk32|FAIL|rc=" "$OUT/copy_ceiling.txt" | tail -40 | tee -a "$OUT/summary.txt"
types_rounds 3 "8192x8192,16384x16384" "float,v16" sq
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
