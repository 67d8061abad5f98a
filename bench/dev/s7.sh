#!/bin/bash
# bench/dev/s7.sh -- session 7, every call (runs s7 - s7f, one per step of NOTES.md "Session 7"):
# the GPU tests and memcheck (lib.sh transpose_tests), then the ragged 8191 x 16385 of every
# element type, three interleaved rounds, the twins beside cuBLAS and the _m16 candidates
# (session 6's shifted twins), then ncu of the float and double twins beside cuBLAS's geam
# kernel (one launch each: time, DRAM / L2 throughput, L1 / L2 requests and sectors, instructions).
#   OUT=DIR B=BUILD [S7_SECONDS=540] bash bench/dev/s7.sh
set -u
LIMIT=${S7_SECONDS:-540}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
transpose_tests
types_rounds 3 8191x16385
M="gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,dram__bytes_read.sum,dram__bytes_write.sum"
K="regex:transpose_readWrite|xor_64_float_kernel_mis|pad_64_float_kernel_mis|xor_32_double_kernel_mis|xor_64_double_kernel_mis|pad_64_double_kernel_mis"
run 150 ncu.txt ncu --clock-control none --metrics "$M" --kernel-name "$K" \
  env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=half,float,double SWZ_BENCH_PROBLEMS=8191x16385 "$B/bench/bench_transpose" --ncu --out "$OUT/ncu"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
