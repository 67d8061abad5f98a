# bench/dev/lib.sh -- the helpers every bench/dev/<name>.sh sync script uses (sourced, after the
# script sets LIMIT, its seconds): B (the build, default build) and OUT (the results, default
# out-<name>, created), left / cap give each step at most what is left, log
# appends a timed line to $OUT/summary.txt, run SECONDS LOGFILE CMD... runs one step under its
# cap and appends its status; build_once, smi_start / smi_stop, ceiling_step, sass_loops, bench_passes
# and types_rounds are the steps several scripts share.
export PATH=/usr/local/cuda/bin:$PATH
B=${B:-build}
OUT=${OUT:-out-$(basename "$0" .sh)}
mkdir -p "$OUT"
T0=$(date +%s)
# NCU_KERNEL_METRICS: time, DRAM / L2 throughput and hit rate, requests, instructions, warps
# active, issue-slot use and the warp stalls per issue (session 8's ncu tables of the transposes
# beside cuBLAS; ncu --metrics "$NCU_KERNEL_METRICS")
NCU_KERNEL_METRICS="gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_requests_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio"
left() { echo $(( LIMIT - 3 - ($(date +%s) - T0) )); }
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo "$l"; }
log() { echo "== $* (t=$(( $(date +%s) - T0 ))s)" | tee -a "$OUT/summary.txt"; }
run() { # run SECONDS LOGFILE CMD...: the command under a time cap, its status appended
  local s=$1 f=$2; shift 2
  [ "$(left)" -gt 4 ] || { echo "skipped: no time left" | tee -a "$OUT/$f"; return; }
  timeout -k 2 "$(cap "$s")" "$@" > "$OUT/$f" 2>&1 < /dev/null
  echo "rc=$? t=$(( $(date +%s) - T0 ))s" >> "$OUT/$f"
}
sass_loops() { # sass_loops REGEX OBJ...: the SASS loops of the matching kernels (sass_loops.py), to sass.txt and the summary
  local re=$1 o; shift
  for o in "$@"; do
    cuobjdump -sass "$o" | python3 "$(dirname "${BASH_SOURCE[0]}")/sass_loops.py" "$re" >> "$OUT/sass.txt" 2>&1
  done
  tee -a "$OUT/summary.txt" < "$OUT/sass.txt"
}
build_once() { # build_once TARGET...: unless $B/<first target> exists, a release build of the targets in $B
  [ -e "$B/$1" ] && return
  log "build (release): $*"
  meson setup "$B" -Dbuildtype=release -Dhost_tests=disabled > "$OUT/setup.txt" 2>&1
  run 300 build.txt ninja -C "$B" "$@"
  tail -3 "$OUT/build.txt" | tee -a "$OUT/summary.txt"
}
smi_start() { # nvidia-smi every 50 ms (SM clock, power, temperature, clock event reasons) to $OUT/clocks.csv
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active \
    --format=csv -lms 50 > "$OUT/clocks.csv" 2>&1 &
  SMI=$!
}
smi_stop() { kill "${SMI:-}" 2>/dev/null; }
ceiling_step() { # ceiling_step SECONDS: mma_ceiling (chains, random operands, loop probes) with nvidia-smi beside it
  smi_start
  log "mma_ceiling (chains, sustained, random operands, the loop probes), nvidia-smi every 50 ms"
  run "$1" mma_ceiling.txt "$B/bench/mma_ceiling" --out "$OUT"
  grep -E "^#|rc=" "$OUT/mma_ceiling.txt" | tee -a "$OUT/summary.txt"
  smi_stop
}
bench_passes() { # bench_passes N SECONDS: bench_hgemm N times (every element checked), each pass's rows to the summary
  local pass
  for pass in $(seq 1 "$1"); do
    log "bench_hgemm pass $pass (fp16 then bf16, each beside cuBLAS of its type, every element checked)"
    mkdir -p "$OUT/pass$pass"
    run "$2" "bench$pass.txt" "$B/bench/bench_hgemm" --out "$OUT/pass$pass"
    grep -E "hgemm|FAIL|rc=" "$OUT/bench$pass.txt" | grep -v "^# swz" | tee -a "$OUT/summary.txt"
  done
}
types_rounds() { # types_rounds N PROBLEMS [ELEMS [DIR]]: N rounds of bench_transpose's every-element-type section on PROBLEMS (ELEMS: those elements; DIR: under $OUT/DIR), then the medians (rounds.py)
  local r d="$OUT/${4:-.}"
  mkdir -p "$d"
  for r in $(seq 1 "$1"); do
    log "$2 ${3:-every element type}, round $r"
    mkdir -p "$d/round$r"
    run 90 "${4:-.}/round$r/bench.txt" env SWZ_BENCH_SECTIONS=types SWZ_BENCH_PROBLEMS="$2" SWZ_BENCH_ELEMS="${3:-}" \
      "$B/bench/bench_transpose" --out "$d/round$r"
    grep -E "FAIL|wrong [1-9]|rc=" "$d/round$r/bench.txt" | tee -a "$OUT/summary.txt"
  done
  python3 "$(dirname "${BASH_SOURCE[0]}")/rounds.py" "$d" "$1" | tee -a "$OUT/summary.txt"
}
transpose_tests() { # transpose_tests: test-tile, test-transpose all and model, memcheck of all --quick; one summary line each
  local f
  run 60 tile.txt "$B/tests/gpu/test-tile"
  run 150 transpose-all.txt "$B/tests/gpu/test-transpose" all
  run 20 transpose-model.txt "$B/tests/gpu/test-transpose" model
  run 150 san-transpose.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick
  for f in tile transpose-all transpose-model san-transpose; do
    echo "$f: $(grep -E "ok|FAIL|ERROR SUMMARY|variants" "$OUT/$f.txt" | tail -2 | tr '\n' ' ') $(tail -1 "$OUT/$f.txt")" | tee -a "$OUT/summary.txt"
  done
}
torch_step() { # torch_step DIR: torch's x.t().contiguous() beside the bench CSV in $OUT/DIR (bench/torch_transpose.py), where torch imports
  python3 -c "import torch" 2>/dev/null || return 0
  log "torch x.t().contiguous() beside $1"
  run 200 torch.txt python3 "$(dirname "${BASH_SOURCE[0]}")/../torch_transpose.py" --out "$OUT/$1" --swz "$OUT/$1/transpose_types.csv"
  tail -40 "$OUT/torch.txt" >> "$OUT/summary.txt"
}
ncu_types() { # ncu_types FILE ELEMS PROBLEMS REGEX: one profiled launch (NCU_KERNEL_METRICS) of each matching kernel of bench_transpose's every-element-type section
  run 120 "$1" ncu --clock-control none --metrics "$NCU_KERNEL_METRICS" --kernel-name "regex:$4" \
    env SWZ_BENCH_SECTIONS=types SWZ_BENCH_ELEMS="$2" SWZ_BENCH_PROBLEMS="$3" "$B/bench/bench_transpose" --ncu --out "$OUT/ncu"
  grep -E "rc=" "$OUT/$1" | tee -a "$OUT/summary.txt"
}
