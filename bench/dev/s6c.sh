#!/bin/bash
# bench/dev/s6c.sh -- session 6, third call: the twin's shifted load at half the aligned batch
# (default) against batch 1 and the full batch (_sbN candidates), on the ragged 8191 x 16385 of
# every element type, three interleaved rounds; the GPU tests and memcheck again first.
#   OUT=DIR B=BUILD [S6_SECONDS=420] bash bench/dev/s6c.sh
set -u
LIMIT=${S6_SECONDS:-420}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
transpose_tests # (in session 6 without the model step)
types_rounds 3 8191x16385
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
