#!/bin/bash
# bench/dev/s8.sh -- session 8 (NOTES.md "Session 8"): the GPU tests and memcheck (lib.sh
# transpose_tests), three interleaved rounds of float, double and v16 at 8192^2 and 16384^2 (the
# SPLIT block-order candidates beside the shipped kernels and cuBLAS), three of the ragged
# 8191 x 16385 for every element type (the line path with stepped row pointers), then ncu of the
# float twins beside cuBLAS's geam kernel (issue-slot use and warp stalls) and of the 128 KiB-pitch
# kernels (DRAM throughput, shipped against SPLIT).
#   OUT=DIR B=BUILD [S8_SECONDS=560] bash bench/dev/s8.sh
set -u
LIMIT=${S8_SECONDS:-560}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose
transpose_tests
types_rounds 3 8192x8192,16384x16384 float,double,v16 squares
types_rounds 3 8191x16385 "" ragged
log "ncu: float twins and cublasSgeam on 8191x16385"
ncu_types ncu-ragged.txt float 8191x16385 "transpose_readWrite|xor_64_float_kernel_mis|xor_64_float_h4_kernel_mis|pad_64_float_kernel_mis"
log "ncu: the 128 KiB pitch, shipped against SPLIT"
ncu_types ncu-pitch.txt double,v16 16384x16384,8192x8192 "xor_32_double_kernel|xor_32_double_split|xor_32_v16_kernel|xor_32_v16_split|transpose_readWrite"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
