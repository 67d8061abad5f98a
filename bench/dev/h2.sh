#!/bin/bash
# bench/dev/h2.sh -- helper H2's GPU run (session 3, sync 2: the transpose family's TMA layout,
# issue 10; issue 11's missed targets).  Run from the repo root:
#   OUT=<dir> B=<build dir> [H2_SECONDS=100] bash bench/dev/h2.sh
# Sync 1 ran every bench line in 1-2 s, so this run repeats them: most important first, the
# every-element-type rows of half, float, double and v16 at 8192^2 and 16384^2 in ROUNDS
# interleaved runs of bench_transpose (medians per row: rounds.txt), then test-transpose (the full
# walk: every variant on the new shapes, 8- and 16-byte ones now at 512 threads), ncu-check on
# the TMA layout, ncu of cudaMemcpy and of the 16-byte kernels beside cublasZgeam, memcheck.
# Each step gets at most what is left of H2_SECONDS (the caller's timeout).
set -u
B=${B:-build}
OUT=${OUT:-out-h2}
mkdir -p "$OUT"
LIMIT=${H2_SECONDS:-100}
ROUNDS=${ROUNDS:-5}
. "$(dirname "$0")/lib.sh"
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm --format=csv,noheader 2>/dev/null)"

SQ=8192x8192,16384x16384
log "bench: $ROUNDS rounds of the every-element-type rows (half, float, double, v16; $SQ)"
for r in $(seq 1 "$ROUNDS"); do
  mkdir -p "$OUT/round$r"
  run 12 "round$r/bench.txt" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=half,float,double,v16 \
    SWZ_BENCH_PROBLEMS=$SQ "$B/bench/bench_transpose" --out "$OUT/round$r"
  grep -E "FAIL|wrong|^rc=" "$OUT/round$r/bench.txt" | head -5 | sed "s/^/round $r: /" >> "$OUT/summary.txt"
done
python3 "$(dirname "$0")/rounds.py" "$OUT" "$ROUNDS" > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt" >> "$OUT/summary.txt"

log "GPU tests: test-transpose all (every variant, full), batch, args"
run 25 test-all.txt "$B/tests/gpu/test-transpose" all
grep -E "variants|FAIL" "$OUT/test-all.txt" | head -20 >> "$OUT/summary.txt"
run 10 test-batch.txt "$B/tests/gpu/test-transpose" batch
tail -10 "$OUT/test-batch.txt" >> "$OUT/summary.txt"
run 6 test-args.txt "$B/tests/gpu/test-transpose" args
tail -2 "$OUT/test-args.txt" >> "$OUT/summary.txt"

log "ncu-check on the TMA layout (standard problem: model == measured shared instructions)"
run 15 ncu-check.txt python3 tools/ncu-check.py --build "$B" --family transpose --filter tma --out "$OUT/ncu-check"
tail -14 "$OUT/ncu-check.txt" >> "$OUT/summary.txt"

NCU_M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
ncu_run() { # ncu_run SECONDS LOG ELEMS PROBLEM KERNEL-REGEX ONLY: one launch of each matching kernel
  run "$1" "$2" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS="$3" SWZ_BENCH_PROBLEMS="$4" SWZ_BENCH_ONLY="$6" \
    ncu --clock-control none --kernel-name "regex:$5" --section SpeedOfLight --section LaunchStats --section Occupancy \
      --metrics "$NCU_M" "$B/bench/bench_transpose" --ncu --out "$OUT/ncu-bench"
  grep -E "^  [a-zA-Z_]|dram__|lts__t_sector_hit|smsp__inst_executed.sum|gpu__time_duration|Achieved Occupancy|op_shared|shared_op|Grid Size|Block Size|Registers Per|^rc=" \
    "$OUT/$2" | cut -c1-110 | head -90 >> "$OUT/summary.txt"
}
log "ncu: everything one v16 16384^2 run launches (is cudaMemcpy a kernel? Zgeam's launch beside ours)"
ncu_run 14 ncu-v16.txt v16 16384x16384 "geam|swz_transpose_(tma|xor)_32_v16_kernel|[Cc]opy|[Mm]emcpy" "tma_32_v16,xor_32_v16"
log "ncu: float 8192^2 (the TMA kernel with one polling warp, beside xor)"
ncu_run 8 ncu-f32.txt float 8192x8192 "swz_transpose_(tma|xor)_64_float_kernel" "tma_64_float,xor_64_float"

log "compute-sanitizer memcheck: test-transpose all --quick"
run 30 memcheck.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick
tail -4 "$OUT/memcheck.txt" >> "$OUT/summary.txt"
log "done $(date -u)"
