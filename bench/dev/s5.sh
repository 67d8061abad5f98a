#!/bin/bash
# bench/dev/s5.sh -- the lead's GPU probe of session 5: the ceilings under issue 9 and issue 11.
#   hgemm: mma_ceiling with the loop probes (the xor kernel's full-slice loop alone, with and
#   without its copies, and the SM clock it ran at), nvidia-smi sampled every 50 ms beside it;
#   the example's bench (xor fp16 / bf16 beside cuBLAS); ncu of the loop probes, of xor and of
#   cuBLAS at 4096^3 (time, SM clock, tensor pipe), and every stall reason of xor and _p.
#   transposes: copy_ceiling (SM-issued copy kernels against cudaMemcpy at the problems' sizes).
#   OUT=DIR B=BUILD [S5_SECONDS=520] bash bench/dev/s5.sh   (B: built here if it has no mma_ceiling)
# Ran once, at 1837db4 (its nvidia-smi log then also covered copy_ceiling and the bench; the
# build and sampling steps moved to lib.sh after the session's probes).
set -u
LIMIT=${S5_SECONDS:-520}
. "$(dirname "$0")/lib.sh" # B, OUT and the step helpers
build_once bench/mma_ceiling bench/copy_ceiling examples/swz-example-hgemm
ex=$B/examples/swz-example-hgemm
ceiling_step 90
log "copy_ceiling (SM copies against cudaMemcpy)"
run 90 copy_ceiling.txt "$B/bench/copy_ceiling" --out "$OUT"
grep -vE "^$" "$OUT/copy_ceiling.txt" | tail -70 | tee -a "$OUT/summary.txt"
for t in half bf16; do
  log "example bench: xor_128_$t variants beside cuBLAS"
  run 50 "bench-$t.txt" "$ex" --bench --filter "xor_128_$t" 4096:4096:4096 8192:8192:8192
  grep -E "xor|cublas|rc=" "$OUT/bench-$t.txt" | tee -a "$OUT/summary.txt"
done
log "ncu: the loop probes (time, clock, tensor pipe, stalls)"
M=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,lts__t_sector_hit_rate.pct
run 60 ncu-probe.txt ncu --clock-control none --metrics "$M" --section WarpStateStats -k regex:loop_probe \
  "$B/bench/mma_ceiling" --ncu --out "$OUT/ncu-run"
grep -E "loop_probe|duration|per_second|hmma|inst_executed|hit_rate|Stall|stall|rc=" "$OUT/ncu-probe.txt" | cut -c1-120 \
  | tee -a "$OUT/summary.txt"
log "ncu: xor and _p at 4096^3, beta 0 (every stall reason), then cuBLAS's kernel in the example's bench"
run 90 ncu-xor.txt ncu --clock-control none --metrics "$M" --section WarpStateStats --section SchedulerStats \
  -k regex:swz_hgemm_xor_128_half "$ex" \
  --runs swz_hgemm_xor_128_half:4096:4096:4096:nn:in:b0 swz_hgemm_xor_128_half_p:4096:4096:4096:nn:in:b0
grep -E "void swz|duration|per_second|hmma|inst_executed|hit_rate|Stall|stall|Issue|Eligible|Active Warps|rc=" \
  "$OUT/ncu-xor.txt" | cut -c1-120 | tee -a "$OUT/summary.txt"
run 60 ncu-cublas.txt ncu --clock-control none --metrics "$M" -k 'regex:^(?!swz|ex_|bench).*' --launch-count 12 \
  "$ex" --bench --filter xor_128_half 4096:4096:4096
grep -E "^  [a-zA-Z_]|duration|per_second|hmma|inst_executed|rc=" "$OUT/ncu-cublas.txt" | cut -c1-120 | tee -a "$OUT/summary.txt"
log "done"
