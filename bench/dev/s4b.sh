#!/bin/bash
# bench/dev/s4b.sh -- the lead's second GPU probe of session 4: why the PERSIST hgemm measured
# 9-12% slower in s4.sh (ncu of xor, s6g16, p, ps6g16 side by side at 4096^3, beta 0: time, SM
# clock, tensor pipe, L2, stalls; the SASS loops of each), the PERSIST variants timed first, and
# three rounds of the transpose candidates for the 128 KiB row pitch and the L2 prefetch hint.
#   OUT=DIR B=BUILD [S4_SECONDS=300] bash bench/dev/s4b.sh
# Ran once, at the commit that added it; the _ps6g16 variants were dropped after it (examples/hgemm/NOTES.md, session 4).
set -u
LIMIT=${S4_SECONDS:-300}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
ex=$B/examples/swz-example-hgemm
log "$(date -u) $(nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader 2>/dev/null)"

log "SASS loops (cuobjdump) of the xor kernels, NN, C in fp16"
sass_loops 'hgemm_xor_128_half.*ILi0E6__half' "$B"/examples/libswz_hgemm.a.p/hgemm_variants_{xor,tune}.cu.o

log "bench: the PERSIST variants first, then the others (example --bench, each beside its cuBLAS)"
run 30 bench_p.txt "$ex" --bench --filter xor_128_half_p 4096:4096:4096 8192:8192:8192
run 30 bench_x.txt "$ex" --bench --filter xor_128_half 4096:4096:4096 8192:8192:8192
grep -E "xor|cublas" "$OUT/bench_p.txt" "$OUT/bench_x.txt" | tee -a "$OUT/summary.txt"

SQ=8192x8192,16384x16384
for r in 1 2 3; do
  log "transpose round $r"
  mkdir -p "$OUT/round$r"
  run 25 "round$r/bench.txt" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS=float,double,v16 \
    SWZ_BENCH_PROBLEMS=$SQ "$B/bench/bench_transpose" --out "$OUT/round$r"
done

log "ncu: xor, s6g16, p, ps6g16 at 4096^3 (beta 0)"
M=smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum,launch__grid_size
run 120 ncu.txt ncu --clock-control none --section WarpStateStats --metrics "$M" -k regex:swz_hgemm_xor_128_half "$ex" \
  --runs swz_hgemm_xor_128_half:4096:4096:4096:nn:in:b0 swz_hgemm_xor_128_half_s6g16:4096:4096:4096:nn:in:b0 \
  swz_hgemm_xor_128_half_p:4096:4096:4096:nn:in:b0 swz_hgemm_xor_128_half_ps6g16:4096:4096:4096:nn:in:b0
grep -E "swz_hgemm|stalled|hmma|hit_rate|inst_executed|per_second|duration|grid_size|rc=" "$OUT/ncu.txt" | tee -a "$OUT/summary.txt"
log "done"
exit 0
