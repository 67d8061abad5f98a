#!/usr/bin/env bash
# bench/gpu.sh -- everything that needs the GPU, in one call, with a short table last.
#
#   bash bench/gpu.sh [STAGE...]      stages: build test sanitize ncu bench conform solver (default: all)
#   SAN_ONLY="tma wgemm"              sanitize only these entries of tests/gpu/sanitize-list.sh
#   BENCHES="transpose gemm"          only these benchmarks (default: every family's bench_<family>
#                                     -- one per examples/swz-example-<family> -- then smem_stride
#                                     and coalesce); NCU_FAMILY=gemm  only that ncu family
#
# Builds release (build-release/, -Dbuildtype=release, host tests off: they run in CI), runs the
# GPU tests, compute-sanitizer (memcheck, racecheck, synccheck) over the GPU test programs in
# their quick mode, the ncu check of model vs measured shared wavefronts, the benchmarks against
# cudaMemcpy / cuBLAS / CUB, the bank-model conformance run and the solver's GPU proof
# (conform, solver: their CSVs and one-line summaries also directly in $OUT).  Logs and CSVs go to $OUT
# (default gpu-out/); a tarball of them is $OUT/gpu-results.tgz.  Exit status: non-zero when a
# test, a sanitizer, the ncu check or a benchmark's correctness check failed; never for a timing.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-gpu-out}
R=$(mktemp -d /tmp/swz-gpu.XXXXXX)
B=${SWZ_GPU_BUILD:-build-release}
STAGES=${*:-build test sanitize ncu bench conform solver}
declare -A STATUS
note() { STATUS[$1]=$2; echo "== $1: $2"; }
has() { [[ " $STAGES " == *" $1 "* ]]; }
# The families built: every executable file examples/swz-example-<family> (not the .p folders).
families() { for f in "$B"/examples/swz-example-*; do [ -f "$f" ] && [ -x "$f" ] && echo "${f##*/swz-example-}"; done; }
mkdir -p "$OUT"
# Stopped by a time limit (timeout sends TERM): keep what was measured so far.
trap 'tar czf "$OUT/gpu-results.tgz" -C "$R" . 2>/dev/null; echo "== stopped: partial results in $OUT"; exit 124' TERM

if has build; then
  t0=$(date +%s)
  # Always a clean build: Meson 1.0 records no header dependencies for .cu files, so a kept
  # build directory could run stale kernels.
  rm -rf "$B"
  meson setup "$B" -Dbuildtype=release -Dhost_tests=disabled >"$R/setup.log" 2>&1 \
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
  if python3 tools/ncu-check.py --build "$B" --out "$R" --family "${NCU_FAMILY:-all}" >"$R/ncu-check.log" 2>&1; then note ncu "model == measured"
  else note ncu "MISMATCH or error (see ncu-check.log)"; fi
  tail -40 "$R/ncu-check.log"
fi

if has bench; then
  fails=0
  fams=$(families)
  [ -x "$B/bench/mma_ceiling" ] && { "$B/bench/mma_ceiling" --out "$R" >"$R/mma_ceiling.log" 2>&1 || fails=$((fails + 1)); tail -3 "$R/mma_ceiling.log"; }  # hgemm's ceiling
  for b in ${BENCHES:-$fams smem_stride coalesce}; do
    [ -x "$B/bench/bench_$b" ] || { echo "bench_$b not built"; fails=$((fails + 1)); continue; }
    "$B/bench/bench_$b" --out "$R" >"$R/bench_$b.log" 2>&1 || { fails=$((fails + 1)); echo "bench_$b FAILED"; }
    tail -45 "$R/bench_$b.log"
    if [ "$b" = transpose ]; then  # torch x.t().contiguous() beside the same run's swz figures
      if python3 -c "import torch" 2>/dev/null; then
        python3 bench/torch_transpose.py --out "$R" --swz "$R/transpose_types.csv" >"$R/torch_transpose.log" 2>&1 \
          || { fails=$((fails + 1)); echo "torch_transpose FAILED"; }
        tail -30 "$R/torch_transpose.log"
      else echo "torch_transpose: python3 has no torch, skipped"; fi
    fi
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
for s in build test sanitize ncu bench conform solver; do
  [ -n "${STATUS[$s]:-}" ] && printf '%-9s %s\n' "$s" "${STATUS[$s]}"
done
for f in $(families | sed "s|^\(.*\)$|$R/\1.csv|"); do
  [ -f "$f" ] && python3 bench/headline.py "$f" 2>/dev/null
done
[ -f "$R/transpose_types.csv" ] && python3 bench/headline.py "$R/transpose_types.csv" 2>/dev/null
rc=0
for s in "${!STATUS[@]}"; do [[ "${STATUS[$s]}" == *FAIL* || "${STATUS[$s]}" == *MISMATCH* ]] && rc=1; done
[[ "${STATUS[test]:-}" == *" 0 failed"* || -z "${STATUS[test]:-}" ]] || rc=1
exit $rc
