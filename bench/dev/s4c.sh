#!/bin/bash
# bench/dev/s4c.sh -- the lead's third GPU probe of session 4: PERSIST with its tile schedule
# recomputed after each main loop from fresh reads (ex_hg_fresh64), against xor: the SASS loops
# of both (cuobjdump | sass_loops.py), the example's bench (each beside its cuBLAS run), ncu of
# both at 4096^3 (beta 0), the default check and memcheck / racecheck of _p on 150 tiles.
#   OUT=DIR B=BUILD [S4_SECONDS=240] bash bench/dev/s4c.sh   (B: a build with the hgemm targets)
# Ran once, at fccf86b (its fresh-read tile schedule was reverted after: examples/hgemm/NOTES.md, session 4).
set -u
LIMIT=${S4_SECONDS:-240}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
ex=$B/examples/swz-example-hgemm
log "SASS loops (cuobjdump) of xor and _p, NN, C in fp16"
sass_loops 'hgemm_xor_128_half.*ILi0E6__half' "$B"/examples/libswz_hgemm.a.p/hgemm_variants_{xor,tune}.cu.o
log "bench (example --bench, xor fp16 variants)"
run 40 bench.txt "$ex" --bench --filter xor_128_half 4096:4096:4096 8192:8192:8192
grep -E "xor|cublas" "$OUT/bench.txt" | tee -a "$OUT/summary.txt"
log "ncu: xor and _p at 4096^3 (beta 0)"
M=smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum
run 60 ncu.txt ncu --clock-control none --metrics "$M" -k regex:swz_hgemm_xor_128_half "$ex" \
  --runs swz_hgemm_xor_128_half:4096:4096:4096:nn:in:b0 swz_hgemm_xor_128_half_p:4096:4096:4096:nn:in:b0
grep -E "void swz|stalled|hmma|hit_rate|inst_executed|per_second|duration|rc=" "$OUT/ncu.txt" | cut -c1-110 | tee -a "$OUT/summary.txt"
log "default check; memcheck and racecheck of _p on 150 tiles"
run 40 check.txt "$ex"
tail -2 "$OUT/check.txt" | tee -a "$OUT/summary.txt"
for tool in memcheck racecheck; do
  run 30 "san_$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 "$ex" \
    --runs swz_hgemm_xor_128_half_p:640:7640:160:nn:in swz_hgemm_xor_128_half_p:640:7640:96:nt:f32:b0
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" "$OUT/san_$tool.txt" | tee -a "$OUT/summary.txt"
done
log "done"
