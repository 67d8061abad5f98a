#!/bin/bash
# bench/dev/s6b.sh -- the second call of session 6 (same build as s6.sh): the ragged rounds again
# with their CSVs kept, and ncu of cuBLAS's geam kernels: transpose_readWrite_alignment_kernel
# (cublasZgeam at 16-byte 16384^2) and whatever Sgeam / Dgeam run on the ragged 8191 x 16385.
#   OUT=DIR B=BUILD [S6_SECONDS=300] bash bench/dev/s6b.sh
set -u
LIMIT=${S6_SECONDS:-300}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
types_rounds 3 8191x16385
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,launch__waves_per_multiprocessor,smsp__inst_executed.sum,sm__cycles_elapsed.avg.per_second"
# bench_transpose --ncu: every kernel launched once (its checked launch); the filter leaves out
# the bench's own fill / check / copy kernels
K="regex:^(?!bench|ex_tr)"
log "ncu: cublasZgeam's kernel and ours, 16-byte 16384^2"
run 60 ncu-zgeam.txt ncu --clock-control none --metrics "$M" --kernel-name "$K" \
  env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=v16 SWZ_BENCH_PROBLEMS=16384x16384 "$B/bench/bench_transpose" --ncu --out "$OUT/ncu1"
log "ncu: cuBLAS's kernels and ours on the ragged float, double and u8"
for e in float double u8; do
  run 60 "ncu-ragged-$e.txt" ncu --clock-control none --metrics "$M" --kernel-name "$K" \
    env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=$e SWZ_BENCH_PROBLEMS=8191x16385 "$B/bench/bench_transpose" --ncu --out "$OUT/ncu-$e"
done
for f in "$OUT"/ncu-*.txt; do echo "## $f"; grep -E "^  [a-zA-Z_]|\(|rc=|WARN|ERR" "$f" | grep -v "==PROF== Profiling" | cut -c1-140; done > "$OUT/ncu-summary.txt"
head -150 "$OUT/ncu-summary.txt" >> "$OUT/summary.txt"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
