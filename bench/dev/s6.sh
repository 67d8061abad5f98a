#!/bin/bash
# bench/dev/s6.sh -- session 6's GPU call: tile.h's shifted path for misaligned rows (the
# transposes' twin kernel NAME_kernel_mis) tested, sanitized and measured on the ragged
# 8191 x 16385 of every element type beside cuBLAS geam and torch; then ncu of cublasZgeam's
# kernel and ours at 16-byte 16384^2 (issue 11's open question: what Zgeam does there).
#   OUT=DIR B=BUILD [S6_SECONDS=480] bash bench/dev/s6.sh
set -u
LIMIT=${S6_SECONDS:-480}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
log "GPU tests: tile.h alone, every transpose variant on every shape, args, big + batches"
run 60 tile.txt "$B/tests/gpu/test-tile"
run 150 transpose-all.txt "$B/tests/gpu/test-transpose" all
run 30 transpose-args.txt "$B/tests/gpu/test-transpose" args
run 120 transpose-big.txt "$B/tests/gpu/test-transpose" big
for f in tile transpose-all transpose-args transpose-big; do echo "$f: $(tail -2 "$OUT/$f.txt" | tr '\n' ' ')" | tee -a "$OUT/summary.txt"; done
grep -h FAIL "$OUT"/transpose-*.txt "$OUT/tile.txt" | head -20 | tee -a "$OUT/summary.txt"
log "compute-sanitizer memcheck: tile.h alone, every transpose variant (quick shapes: odd ld, padding)"
run 90 san-tile.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-tile"
run 150 san-transpose.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick
grep -hE "ERROR SUMMARY|rc=" "$OUT/san-tile.txt" "$OUT/san-transpose.txt" | tee -a "$OUT/summary.txt"
types_rounds 2 8191x16385
if python3 -c "import torch" 2>/dev/null; then
  run 60 torch.txt python3 bench/torch_transpose.py --out "$OUT/round1" --swz "$OUT/round1/transpose_types.csv" --problems 8191x16385
  tail -12 "$OUT/torch.txt" | tee -a "$OUT/summary.txt"
else echo "no torch" | tee -a "$OUT/summary.txt"; fi
log "ncu: cublasZgeam's kernel and xor_32_v16 at 16-byte 16384^2"
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__waves_per_multiprocessor,smsp__inst_executed.sum,l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_write.sum"
for k in "regex:geam" "regex:xor_32_v16_kernel$"; do
  run 60 "ncu-$(echo "$k" | tr -dc 'a-z0-9_').txt" ncu --clock-control none --kernel-name "$k" --launch-skip 2 --launch-count 1 \
    --metrics "$M" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=v16 SWZ_BENCH_PROBLEMS=16384x16384 "$B/bench/bench_transpose" --out "$OUT/ncu"
done
grep -hE "^  [a-zA-Z_]|void|swz_|geam|rc=" "$OUT"/ncu-*.txt | cut -c1-150 | tee -a "$OUT/summary.txt"
log "done"
