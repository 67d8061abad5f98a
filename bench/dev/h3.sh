#!/bin/bash
# bench/dev/h3.sh -- helper H3's GPU run (issue 12's open point: the solver's line view on
# transpose rows narrower than 128 bytes, with tile.h's incremental offsets).  Run from the repo
# root:  OUT=<dir> B=<build dir> [H3_SECONDS=70] bash bench/dev/h3.sh
# Most important first: builds bench/dev/h3_lines.cu (the 10 narrow shapes, key and line view,
# one translation unit each, in parallel), times both on 8192^2, a batch of 4096 64x64 and
# 16384^2 (same-run ratios, every output checked), then ncu (--clock-control none) on one
# shape (64x64 u8: instructions, shared wavefronts, stall reasons) for the batch and 8192^2.
# Each step gets at most what is left of H3_SECONDS (the caller's timeout).
set -u
B=${B:-build}
OUT=${OUT:-out-h3}
mkdir -p "$OUT"
LIMIT=${H3_SECONDS:-70}
. "$(dirname "$0")/lib.sh"
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null) $(git log -1 --format=%h 2>/dev/null)"

log "build bench/dev/h3_lines.cu (10 shapes x key + line view)"
W=$(mktemp -d)
NV="nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Iinclude -Iexamples/transpose -Iexamples"
for k in 0 1 2 3 4 5 6 7 8 9; do
  $NV -c -DH3_SHAPE=$k bench/dev/h3_lines.cu -o "$W/s$k.o" > "$W/s$k.log" 2>&1 &
done
$NV -c -DH3_MAIN bench/dev/h3_lines.cu -o "$W/main.o" > "$W/main.log" 2>&1 &
wait
cat "$W"/*.log > "$OUT/build.txt"
$NV "$W"/main.o "$W"/s?.o -o "$W/h3_lines" >> "$OUT/build.txt" 2>&1
[ -x "$W/h3_lines" ] || { log "build FAILED"; tail -30 "$OUT/build.txt" >> "$OUT/summary.txt"; exit 1; }

log "bench: key vs line view (key_over_lines > 1: the line view is faster)"
run 30 bench.csv "$W/h3_lines" --rounds 5 --reps 20
cat "$OUT/bench.csv" >> "$OUT/summary.txt"

NCU_M=smsp__inst_executed.sum,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_per_inst_issued.ratio
for p in 1 0; do
  log "ncu: 64x64 u8, problem $p (1: 4096 x 64x64, the narrow kernel; 0: 8192^2), key then line view"
  run 25 "ncu-p$p.txt" ncu --clock-control none --kernel-name regex:swz_transpose_xor_64_u8 \
    --section WarpStateStats --metrics "$NCU_M" "$W/h3_lines" --once 0 $p
  grep -E "^  swz_|inst_executed.sum|gpu__time|dram__|wavefronts|op_shared|warps_active|latency_per|Stall|Warp Cycles|rc=|ok$|WRONG" \
    "$OUT/ncu-p$p.txt" | cut -c1-120 | head -60 >> "$OUT/summary.txt"
done
rm -rf "$W"
log "done $(date -u)"
