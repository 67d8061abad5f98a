#!/bin/bash
# bench/dev/h1.sh -- helper H1 (hgemm) device run: OUT=DIR B=BUILD bash bench/dev/h1.sh
# Most important first; each step bounded so the whole stays under ~105 s.
B=${B:-build-dev}
OUT=${OUT:-out-h1}
mkdir -p "$OUT"
ex=$B/examples/swz-example-hgemm
step() { # NAME SECONDS CMD...
    local name=$1 secs=$2; shift 2
    echo "=== $name: $*" | tee -a "$OUT/summary.txt"
    local t0=$(date +%s%N)
    timeout "$secs" "$@" > "$OUT/$name.log" 2>&1
    local rc=$?
    echo "=== $name rc=$rc wall=$(( ($(date +%s%N) - t0) / 1000000 ))ms" | tee -a "$OUT/summary.txt"
    tail -40 "$OUT/$name.log"
}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv > "$OUT/gpu.txt" 2>&1
step bench_half 25 $B/bench/bench_hgemm --out "$OUT"
step bench_bf16 15 $ex --bench --filter _bf16 4096:4096:4096 8192:8192:8192
step bench_xor_again 10 $ex --bench --filter xor_128 4096:4096:4096 8192:8192:8192
step check 12 $ex
step ncu_check 25 python3 tools/ncu-check.py --build $B --family hgemm --out "$OUT/ncu-check"
step ncu_xor 18 ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section InstructionStats --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_short_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_mio_throttle,smsp__pcsamp_warps_issue_stalled_selected,smsp__pcsamp_warps_issue_stalled_not_selected,smsp__pcsamp_warps_issue_stalled_dispatch_stall \
    -k regex:swz_hgemm_xor_128_half_kernel -c 1 $ex --run swz_hgemm_xor_128_half 4096:4096:4096:nn:in
exit 0
