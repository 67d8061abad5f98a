#!/bin/bash
# bench/dev/s6d.sh -- session 6, fourth call: where the twin kernels' time goes on the ragged
# 8191 x 16385 (float, double, u8) beside cuBLAS's transpose_readWrite_alignment_kernel: ncu
# speed of light, warp stall reasons and the L2 / L1 request and sector counts of the global
# loads and stores (bench_transpose --ncu: every kernel launched once).
#   OUT=DIR B=BUILD [S6_SECONDS=300] bash bench/dev/s6d.sh
set -u
LIMIT=${S6_SECONDS:-300}
. "$(dirname "$0")/lib.sh"
build_once bench/bench_transpose
M="gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warp_latency_per_inst_issued.ratio"
K="regex:transpose_readWrite|xor_64_float_kernel_mis|xor_64_float_sb4_kernel_mis|xor_32_double_kernel_mis|xor_64_u8_kernel_mis|xor_128_u8_kernel_mis"
run 240 ncu.txt ncu --clock-control none --metrics "$M" --section WarpStateStats --kernel-name "$K" \
  env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=float,double,u8 SWZ_BENCH_PROBLEMS=8191x16385 "$B/bench/bench_transpose" --ncu --out "$OUT/ncu"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
