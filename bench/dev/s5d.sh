#!/bin/bash
# bench/dev/s5d.sh -- the lead's fourth GPU probe of session 5: the loop probes over 8 tiles
# (loop_copy8: each tile read by every 8th block, as in a grouped raster) beside the one-tile
# rows, test-hgemm args (the probes' exact sums), nvidia-smi every 50 ms beside mma_ceiling.
#   OUT=DIR B=BUILD [S5_SECONDS=300] bash bench/dev/s5d.sh   (B: built here if it has no mma_ceiling)
set -u
LIMIT=${S5_SECONDS:-300}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
build_once bench/mma_ceiling examples/hgemm/test-hgemm
log "test-hgemm args (with the loop probes' sums)"
run 30 args.txt "$B/examples/hgemm/test-hgemm" args
tail -2 "$OUT/args.txt" | tee -a "$OUT/summary.txt"
ceiling_step 150
log "done"
