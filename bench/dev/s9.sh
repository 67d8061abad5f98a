#!/bin/bash
# bench/dev/s9.sh -- session 9's full call (NOTES.md "Session 9"), meant for an H200: the GPU
# tests and memcheck (lib.sh transpose_tests), copy_ceiling (the SM copy ceiling of this card, same
# run), five interleaved rounds of bench_transpose's every-element-type section on every problem,
# torch beside the last round, then ncu of the 128 KiB-pitch problems (double 16384^2, v16 8192^2:
# the XOR, SPLIT and `_a` kernels beside cuBLAS geam), of float 16384^2 beside Sgeam, and of the
# float and double twins beside geam on the ragged problem.
#   OUT=DIR B=BUILD [S9_SECONDS=560] bash bench/dev/s9.sh
set -u
LIMIT=${S9_SECONDS:-560}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose bench/copy_ceiling
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
transpose_tests
log "copy_ceiling (SM copies against cudaMemcpy)"
run 90 copy_ceiling.txt "$B/bench/copy_ceiling" --out "$OUT"
grep -vE "^$" "$OUT/copy_ceiling.txt" | tail -40 | tee -a "$OUT/summary.txt"
types_rounds 5 "" "" all
torch_step all/round5
log "ncu: the 128 KiB pitch (double 16384^2, v16 8192^2) beside geam"
ncu_types ncu-pitch-double.txt double 16384x16384 "transpose_readWrite|xor_64_double_kernel$|xor_32_double.*kernel$"
ncu_types ncu-pitch-v16.txt v16 8192x8192 "transpose_readWrite|xor_.*_v16.*kernel$"
log "ncu: float 16384^2 beside Sgeam"
ncu_types ncu-float.txt float 16384x16384 "transpose_readWrite|xor_64_float(_a)?_kernel$"
log "ncu: float and double twins beside geam on 8191x16385"
ncu_types ncu-ragged.txt float,double 8191x16385 "transpose_readWrite|xor_64_float_kernel_mis|xor_32_double_kernel_mis|xor_64_double_kernel_mis"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
