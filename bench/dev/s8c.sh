#!/bin/bash
# bench/dev/s8c.sh -- session 8's last call: the final tree (twins at ptxas's own registers
# again) through the GPU tests and memcheck, then three rounds of the ragged 8191 x 16385 and of
# 8192^2 for float and double.
#   OUT=DIR B=BUILD [S8_SECONDS=200] bash bench/dev/s8c.sh
set -u
LIMIT=${S8_SECONDS:-200}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$OUT/summary.txt"
transpose_tests
types_rounds 3 8191x16385,8192x8192 float,double final
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
