#!/bin/bash
# bench/dev/s9g.sh -- session 9's ncu of the one square problem where swz does not pass cuBLAS
# on the H100: v16 16384^2, xor_16 / xor_32 / tma_32 beside cublasZgeam's kernel (NOTES.md
# "Session 9": level within +-0.2 % over six calls).
#   OUT=DIR B=BUILD [S9_SECONDS=150] bash bench/dev/s9g.sh
set -u
LIMIT=${S9_SECONDS:-150}
. "$(dirname "$0")/lib.sh"
build_once bench/bench_transpose
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
log "ncu: v16 16384^2 beside Zgeam"
ncu_types ncu-v16.txt v16 16384x16384 "transpose_readWrite|(xor_16|xor_32|tma_32)_v16_kernel$"
log "done"
