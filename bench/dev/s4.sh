#!/bin/bash
# bench/dev/s4.sh -- the lead's GPU probe of session 4 (issues 9 and 11), most important first;
# every step gets at most what is left of S4_SECONDS.  From the repo root:
#   OUT=DIR B=BUILD [S4_SECONDS=420] bash bench/dev/s4.sh
# 1. the clock and power of the whole run, sampled by nvidia-smi every 100 ms (clocks.csv);
# 2. mma_ceiling with its sustained rate (3 s back to back: the power-limited clock);
# 3. test-hgemm all (the PERSIST variants on 150-tile shapes) and the example's default check;
# 4. bench_hgemm twice (fp16 and bf16 beside cuBLAS, every element checked): _p, _ps6g16, _s6g16;
# 5. three rounds of the transpose's every-element-type rows for float, double and v16 at
#    8192^2 and 16384^2 (the 128 KiB row pitch under DIAG / MORTON / GROUP 64, the 256-byte L2
#    prefetch hint), medians in rounds.txt;
# 6. compute-sanitizer memcheck / racecheck / synccheck of a PERSIST variant on 640:7640:160;
# 7. ncu of xor_128_half_ps6g16 at 4096^3 (tensor pipe, stalls).
# Ran once, at the commit that added it; the _ps6g16 variants were dropped after it (examples/hgemm/NOTES.md, session 4).
set -u
LIMIT=${S4_SECONDS:-420}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
ex=$B/examples/swz-example-hgemm
th=$B/examples/hgemm/test-hgemm
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
  --format=csv -lms 100 > "$OUT/clocks.csv" 2>&1 &
SMI=$!
trap 'kill $SMI 2>/dev/null' EXIT
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv,noheader 2>/dev/null)"

log "mma_ceiling (configurations, then 3 s sustained per type)"
run 40 ceiling.txt "$B/bench/mma_ceiling" --out "$OUT"
grep "^#" "$OUT/ceiling.txt" | tee -a "$OUT/summary.txt"

log "test-hgemm all (every variant; 150-tile shapes for PERSIST), the example's default check"
run 100 test_all.txt "$th" all
tail -4 "$OUT/test_all.txt" | tee -a "$OUT/summary.txt"
run 30 check.txt "$ex"
tail -2 "$OUT/check.txt" | tee -a "$OUT/summary.txt"

bench_passes 2 45

SQ=8192x8192,16384x16384
ROUNDS=${ROUNDS:-3}
for r in $(seq 1 "$ROUNDS"); do
  log "transpose round $r (float, double, v16; $SQ)"
  mkdir -p "$OUT/round$r"
  run 25 "round$r/bench.txt" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=float,double,v16 \
    SWZ_BENCH_PROBLEMS=$SQ "$B/bench/bench_transpose" --out "$OUT/round$r"
  grep -E "FAIL|wrong|^rc=" "$OUT/round$r/bench.txt" | head -5 | sed "s/^/round $r: /" >> "$OUT/summary.txt"
done
python3 "$(dirname "$0")/rounds.py" "$OUT" "$ROUNDS" > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt" >> "$OUT/summary.txt"

for tool in memcheck racecheck synccheck; do
  log "compute-sanitizer $tool: PERSIST on 150 tiles"
  run 40 "san_$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 "$ex" \
    --runs swz_hgemm_xor_128_half_ps6g16:640:7640:160:nn:in swz_hgemm_xor_128_half_p:640:7640:96:nt:f32:b0
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|FAIL|ok$|rc=" "$OUT/san_$tool.txt" | tee -a "$OUT/summary.txt"
done

log "ncu: xor_128_half_ps6g16 at 4096^3"
M=smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct
run 40 ncu_ps.txt ncu --clock-control none --section SpeedOfLight --section WarpStateStats \
  --metrics "$M" -k regex:swz_hgemm_xor_128_half_ps6g16_kernel -c 1 "$ex" --run swz_hgemm_xor_128_half_ps6g16 4096:4096:4096:nn:in:b0
grep -E "stalled|hmma|hit_rate|Duration|Frequency|Throughput|rc=" "$OUT/ncu_ps.txt" | tee -a "$OUT/summary.txt"
log "done"
exit 0
