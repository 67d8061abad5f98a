#!/bin/bash
# bench/dev/s8b.sh -- session 8's full call (NOTES.md "Session 8"): the GPU tests and memcheck
# (lib.sh transpose_tests), three interleaved rounds of bench_transpose's every-element-type
# section on every problem (8192^2, 16384^2, the ragged 8191 x 16385, the two batches) for every
# element type, torch beside the last round (bench/torch_transpose.py), then ncu of the float and
# double twins beside cuBLAS's geam kernel on the ragged problem.
#   OUT=DIR B=BUILD [S8_SECONDS=560] bash bench/dev/s8b.sh
set -u
LIMIT=${S8_SECONDS:-560}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
transpose_tests
types_rounds 3 "" "" all
torch_step all/round3
log "ncu: float and double twins beside cuBLAS geam on 8191x16385"
ncu_types ncu-ragged.txt float,double 8191x16385 "transpose_readWrite|xor_64_float_kernel_mis|xor_32_double_kernel_mis|xor_64_double_kernel_mis"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
