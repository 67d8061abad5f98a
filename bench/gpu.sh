#!/usr/bin/env bash
# bench/gpu.sh -- everything that needs the GPU, in one call, with a short table last.
#
#   bash bench/gpu.sh [STAGE...]      default: build test sanitize ncu bench torch ceilings conform solver
#
# Stages (each documented in bench/README.md, "bench/gpu.sh"):
#   build     clean release build in build-release/ (-Dbuildtype=release, host tests off: CI runs them)
#   test      the GPU tests (meson suite gpu)
#   sanitize  compute-sanitizer memcheck, racecheck, synccheck over tests/gpu/sanitize-list.sh
#             (the GPU test programs in their quick modes)      SAN_ONLY="tma wgemm": those entries
#   ncu       tools/ncu-check.py: model vs measured shared wavefronts of every variant
#                                                  NCU_FAMILY=gemm, NCU_FILTER=tma: only those
#   bench     every family's bench_<family> (one per examples/swz-example-<family>), then
#             smem_stride (with its ncu wavefronts) and coalesce, then the plots
#                                                  BENCHES="transpose gemm": only those
#   torch     torch's x.t().contiguous() beside the newest transpose_types.csv of this call (the
#             bench or tune stage's; else bench_transpose's every-element-type section first)
#   ceilings  copy_ceiling, and mma_ceiling with nvidia-smi sampling the SM clock every 50 ms
#   conform   the bank-model conformance run (bench/conformance.py)
#   solver    swz_solve's GPU proof (bench/solver_proof.py)
#   tune      bench/tune.py: interleaved passes of one program, medians
#             TUNE_PROGRAM (default bench_transpose, with SWZ_BENCH_SECTIONS=types unless set),
#             TUNE_PASSES (3), TUNE_FILTER (variants: comma-separated name parts), TUNE_SPECS
#   profile   ncu with the kernel metrics (time, DRAM / L2 throughput, requests, instructions,
#             occupancy, issue use, warp stalls, tensor pipe, SM clock) of one checked launch of
#             each matching kernel of a bench program's --ncu mode
#             PROFILE_PROGRAM (default bench_transpose, SWZ_BENCH_SECTIONS=types), PROFILE_KERNELS
#             (ncu regex), PROFILE_FILTER, PROFILE_SPECS, PROFILE_METRICS; defaults: v16 16384^2
#             (SWZ_BENCH_ELEMS, SWZ_BENCH_PROBLEMS) beside cublasZgeam
#   sass      bench/sass_loops.py over the SASS of bench_hgemm and mma_ceiling (no GPU needed)
#                                                  SASS_KERNELS: the kernel-name regex
#   tma-probes  test-tma's one-copy-per-process probes of bench/tma_probes.txt
#
# Logs and CSVs go to $OUT (default gpu-out/); a tarball of them is $OUT/gpu-results.tgz; conform,
# solver, tune and profile also leave their summaries directly in $OUT.  SWZ_GPU_BUILD: the build
# directory (default build-release).  Exit status: non-zero when a test, a sanitizer, the ncu
# check, a benchmark's or a pass's correctness check failed; never for a timing.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-gpu-out}
B=${SWZ_GPU_BUILD:-build-release}
STAGES=${*:-build test sanitize ncu bench torch ceilings conform solver}
ALL_STAGES="build test sanitize ncu bench torch ceilings conform solver tune profile sass tma-probes"
declare -A STATUS
note() { STATUS[$1]=$2; echo "== $1: $2"; }
has() { [[ " $STAGES " == *" $1 "* ]]; }
for st in $STAGES; do [[ " $ALL_STAGES " == *" $st "* ]] || { echo "bench/gpu.sh: unknown stage '$st' (stages: $ALL_STAGES)"; exit 2; }; done
R=$(mktemp -d /tmp/swz-gpu.XXXXXX)
# A bench program by name: bench_<x> in $B/bench, swz-example-<x> in $B/examples, else a path.
program() { case $1 in bench_*|mma_ceiling|copy_ceiling) echo "$B/bench/$1" ;; swz-example-*) echo "$B/examples/$1" ;; *) echo "$1" ;; esac; }
# The newest file called $1 under $R (bench, tune's passes), or nothing.
newest() { find "$R" -name "$1" -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -1 | cut -d' ' -f2-; }
# The families built: every executable file examples/swz-example-<family> (not the .p folders).
families() { for f in "$B"/examples/swz-example-*; do [ -f "$f" ] && [ -x "$f" ] && echo "${f##*/swz-example-}"; done; }
mkdir -p "$OUT"
# Stopped by a time limit (timeout sends TERM): keep what was measured so far.
trap 'tar czf "$OUT/gpu-results.tgz" -C "$R" . 2>/dev/null; echo "== stopped: partial results in $OUT"; exit 124' TERM

if has build; then
  t0=$(date +%s)
  # Always a clean build of this tree; CUDA through tools/nvcc-md.sh (tools/setup.sh does the
  # same), whose dependency files Meson 1.0 would not write.
  rm -rf "$B"
  meson setup "$B" --native-file "$(bash tools/nvcc-md.sh --native-file)" -Dbuildtype=release -Dhost_tests=disabled >"$R/setup.log" 2>&1 \
    || { tail -40 "$R/setup.log"; note build "setup FAILED"; }
  if ninja -C "$B" -k 0 >"$R/build.log" 2>&1; then note build "ok ($(( $(date +%s) - t0 )) s)"
  else grep -E "error|FAILED" "$R/build.log" | head -40; note build "FAILED (some targets)"; fi
fi

if has test; then
  meson test -C "$B" --suite gpu --no-rebuild --print-errorlogs --num-processes 2 >"$R/test.log" 2>&1
  python3 tools/summarize.py "$B/meson-logs/testlog.json" >"$R/test-summary.txt" 2>&1
  grep -E "^ *[0-9]+/[0-9]+ " "$R/test.log"
  note test "$(tail -1 "$R/test-summary.txt")"
fi

if has sanitize; then
  # Each GPU test program has a quick mode (small shapes, every variant) for the sanitizers.
  fails=0; runs=0
  while read -r name cmd; do
    [ -n "$name" ] || continue
    [ -n "${SAN_ONLY:-}" ] && [[ " $SAN_ONLY " != *" $name "* ]] && continue  # SAN_ONLY="tma wgemm": only these
    for tool in memcheck racecheck synccheck; do
      runs=$((runs + 1))
      # shellcheck disable=SC2086
      if timeout "${SAN_TIMEOUT:-240}" compute-sanitizer --tool $tool --error-exitcode 99 $cmd >"$R/san-$name-$tool.log" 2>&1; then :
      else fails=$((fails + 1)); echo "sanitizer $tool FAILED: $name"; tail -15 "$R/san-$name-$tool.log"; fi
      grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" "$R/san-$name-$tool.log" | sed "s/^/  $name $tool: /"
    done
  done < <(bash tests/gpu/sanitize-list.sh "$B")
  note sanitize "$runs runs, $fails failed"
fi

if has ncu; then
  if python3 tools/ncu-check.py --build "$B" --out "$R" --family "${NCU_FAMILY:-all}" ${NCU_FILTER:+--filter "$NCU_FILTER"} \
      >"$R/ncu-check.log" 2>&1; then note ncu "model == measured"
  else note ncu "MISMATCH or error (see ncu-check.log)"; fi
  tail -40 "$R/ncu-check.log"
fi

if has bench; then
  fails=0
  fams=$(families)
  for b in ${BENCHES:-$fams smem_stride coalesce}; do
    [ -x "$B/bench/bench_$b" ] || { echo "bench_$b not built"; fails=$((fails + 1)); continue; }
    "$B/bench/bench_$b" --out "$R" >"$R/bench_$b.log" 2>&1 || { fails=$((fails + 1)); echo "bench_$b FAILED"; }
    tail -45 "$R/bench_$b.log"
  done
  # the stride sweep's wavefronts per instruction under ncu, beside the model and bandwidth
  if [[ " ${BENCHES:-smem_stride} " == *" smem_stride "* ]]; then
    python3 bench/smem_sweep_ncu.py --bench "$B/bench/bench_smem_stride" --out "$R" >"$R/smem_sweep_ncu.log" 2>&1 \
      || { fails=$((fails + 1)); echo "smem sweep ncu: mismatch or error"; }
    tail -3 "$R/smem_sweep_ncu.log"
  fi
  python3 bench/plot.py "$R" >"$R/plot.log" 2>&1 && cp "$R"/*.png "$OUT/" 2>/dev/null
  note bench "$fails failed"
fi

if has tune; then
  # interleaved passes of one program (bench/tune.py); by default the transposes' every-element-type section
  prog=$(program "${TUNE_PROGRAM:-bench_transpose}")
  envs=(SWZ_BENCH_SECTIONS="${SWZ_BENCH_SECTIONS:-}")
  [ -z "${TUNE_PROGRAM:-}" ] && envs=(SWZ_BENCH_SECTIONS="${SWZ_BENCH_SECTIONS:-types}")
  args=(--passes "${TUNE_PASSES:-3}" --out "$R/tune"); for s in ${TUNE_SPECS:-}; do args+=(--spec "$s"); done
  [ -n "${TUNE_FILTER:-}" ] && args+=(--filter "$TUNE_FILTER")
  if env "${envs[@]}" python3 bench/tune.py "$prog" "${args[@]}" >"$R/tune.log" 2>&1; then
    note tune "${TUNE_PASSES:-3} passes of ${prog##*/}: ok"
  else note tune "FAILED (a pass of ${prog##*/}; see tune.log)"; fi
  grep -v "^pass " "$R/tune.log" > "$OUT/tune.txt"
  cat "$OUT/tune.txt"
fi

if has torch; then
  # torch x.t().contiguous() beside the same call's swz figures (bench_transpose's every-element-type CSV)
  if ! python3 -c "import torch" 2>/dev/null; then note torch "python3 has no torch: skipped"
  else
    csv=$(newest transpose_types.csv)
    if [ -z "$csv" ]; then
      mkdir -p "$R/types"
      SWZ_BENCH_SECTIONS=types "$B/bench/bench_transpose" --out "$R/types" >"$R/bench_transpose_types.log" 2>&1
      csv=$R/types/transpose_types.csv
    fi
    if python3 bench/torch_transpose.py --out "$R" --swz "$csv" >"$R/torch_transpose.log" 2>&1; then note torch "ok (beside $(basename "$(dirname "$csv")")/transpose_types.csv)"
    else note torch "FAILED (see torch_transpose.log)"; fi
    tail -30 "$R/torch_transpose.log"
  fi
fi

if has ceilings; then
  fails=0
  "$B/bench/copy_ceiling" --out "$R" >"$R/copy_ceiling.log" 2>&1 || { fails=$((fails + 1)); echo "copy_ceiling FAILED"; }
  grep -vE "^$" "$R/copy_ceiling.log" | tail -40
  # the SM clock, power and clock-event reasons every 50 ms beside the mma.sync ceilings (power-limited clocks)
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active \
    --format=csv -lms 50 >"$R/clocks.csv" 2>&1 &
  smi=$!
  "$B/bench/mma_ceiling" --out "$R" >"$R/mma_ceiling.log" 2>&1 || { fails=$((fails + 1)); echo "mma_ceiling FAILED"; }
  kill "$smi" 2>/dev/null
  grep -E "^#" "$R/mma_ceiling.log" | tail -30
  note ceilings "$fails failed"
fi

if has profile; then
  # one checked launch of each matching kernel under ncu (the program's --ncu mode), with the kernel metrics
  M=${PROFILE_METRICS:-gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_write.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio}
  prog=$(program "${PROFILE_PROGRAM:-bench_transpose}")
  if [ -z "${PROFILE_PROGRAM:-}" ]; then
    kernels=${PROFILE_KERNELS:-'transpose_readWrite|swz_transpose_(xor_16|xor_32|tma_32)_v16_kernel$'}
    envs=(SWZ_BENCH_SECTIONS="${SWZ_BENCH_SECTIONS:-types}" SWZ_BENCH_ELEMS="${SWZ_BENCH_ELEMS:-v16}"
          SWZ_BENCH_PROBLEMS="${SWZ_BENCH_PROBLEMS:-16384x16384}")
  else
    kernels=${PROFILE_KERNELS:-^swz_}
    envs=(SWZ_BENCH_SECTIONS="${SWZ_BENCH_SECTIONS:-}")
  fi
  args=(--ncu --out "$R/profile"); for s in ${PROFILE_SPECS:-}; do args+=(--spec "$s"); done
  [ -n "${PROFILE_FILTER:-}" ] && args+=(--filter "$PROFILE_FILTER")
  mkdir -p "$R/profile"
  if env "${envs[@]}" ncu --clock-control none --metrics "$M" --kernel-name "regex:$kernels" "$prog" "${args[@]}" \
      >"$R/profile.txt" 2>&1; then note profile "ok: ${prog##*/}, kernels /$kernels/"
  else note profile "FAILED (see profile.txt)"; fi
  cp "$R/profile.txt" "$OUT/"
  grep -E "^  [a-zA-Z_].*\(|^    [a-z_]+__|^    [a-z]+_|FAIL|ERR" "$R/profile.txt" | cut -c1-150 | head -120
fi

if has sass; then
  # the loops of the hgemm kernels in cuobjdump's SASS: instructions, HMMA / LDSM / LDGSTS / BAR per
  # loop, how far each LDSM is from its first use (docs/design.md, hgemm)
  # (bench_hgemm holds the shipped variants and the tuning candidates, mma_ceiling the loop probes)
  re=${SASS_KERNELS:-hgemm_xor_128_half.*ILi0E6__half}
  if { cuobjdump -sass "$B/bench/bench_hgemm" && cuobjdump -sass "$B/bench/mma_ceiling"; } 2>"$R/sass.log" \
      | python3 bench/sass_loops.py "$re" >"$R/sass.txt" 2>>"$R/sass.log" && [ -s "$R/sass.txt" ]; then
    note sass "ok ($(grep -c '^[^ ]' "$R/sass.txt") kernels)"
  else note sass "FAILED (see sass.log)"; fi
  cat "$R/sass.txt"
fi

if has tma-probes; then
  # one TMA copy per process (a fault names its copy): the probes the TMA rules of docs/design.md rest on
  "$B/tests/gpu/test-tma" probes bench/tma_probes.txt >"$R/tma_probes.txt" 2>&1
  note tma-probes "$(grep -c ' ok ' "$R/tma_probes.txt") ok, $(grep -c 'FAILED' "$R/tma_probes.txt") fault (see tma_probes.txt)"
  cat "$R/tma_probes.txt"
fi

if has conform; then
  # exit 0: every launch ran and read right (model/hardware differences are findings, in the line)
  if python3 bench/conformance.py --bench "$B/bench/bench_conformance" --out "$R/conform" >"$R/conformance.log" 2>&1
  then note conform "$(cat "$R/conform/conformance_summary.txt")"
  else note conform "FAILED: $(cat "$R/conform/conformance_summary.txt" 2>/dev/null || echo 'see conformance.log')"; fi
  cp "$R"/conform/conformance.csv "$R"/conform/conformance_summary.txt "$OUT/" 2>/dev/null
  tail -30 "$R/conformance.log"
fi

if has solver; then
  # swz_solve's GPU proof: exit 0 only when every launch measures what the model predicts
  if python3 bench/solver_proof.py --bench "$B/bench/solver_proof" --out "$R/solver" >"$R/solver_proof.log" 2>&1
  then note solver "$(cat "$R/solver/solver_proof_summary.txt")"
  else note solver "MISMATCH or FAILED: $(cat "$R/solver/solver_proof_summary.txt" 2>/dev/null || echo 'see solver_proof.log')"; fi
  cp "$R"/solver/solver_proof.csv "$R"/solver/solver_proof_sets_measured.csv "$R"/solver/solver_proof_summary.txt \
    "$OUT/" 2>/dev/null
  tail -12 "$R/solver_proof.log"
fi

tar czf "$OUT/gpu-results.tgz" -C "$R" . 2>/dev/null
echo
echo "==================== swz on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null) ===================="
for s in $ALL_STAGES; do
  [ -n "${STATUS[$s]:-}" ] && printf '%-10s %s\n' "$s" "${STATUS[$s]}"
done
for f in $(families | sed "s|^\(.*\)$|$R/\1.csv|"); do
  [ -f "$f" ] && python3 bench/headline.py "$f" 2>/dev/null
done
[ -f "$R/transpose_types.csv" ] && python3 bench/headline.py "$R/transpose_types.csv" 2>/dev/null
rc=0
for s in "${!STATUS[@]}"; do [[ "${STATUS[$s]}" == *FAIL* || "${STATUS[$s]}" == *MISMATCH* ]] && rc=1; done
[[ "${STATUS[test]:-}" == *" 0 failed"* || -z "${STATUS[test]:-}" ]] || rc=1
exit $rc
