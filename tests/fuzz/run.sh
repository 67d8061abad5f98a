#!/usr/bin/env bash
# One bounded libFuzzer run of a tests/fuzz target (the meson tests fuzz-*, suite 'fuzz').
#   run.sh FUZZER SEEDS WORKDIR [libFuzzer options]   fuzz from the committed seeds for 20 s
#   run.sh --skip REASON                              no fuzzer could be built: SKIP (exit 77)
# New inputs go to WORKDIR/corpus (emptied first, so every run starts from the seeds alone),
# a crashing input to WORKDIR/artifacts/.  Exit status: 0 = no crash, no leak, no sanitizer
# report, no input slower than 10 s; 1 otherwise (libFuzzer's own default for a crash is 77,
# which meson would count as SKIP: a found bug must fail the test).
set -euo pipefail
if [ "$1" = --skip ]; then
  echo "SKIP: $2"
  exit 77
fi
fuzzer=$1 seeds=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
exec "$fuzzer" -seed=1 -max_total_time=20 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -error_exitcode=1 -timeout_exitcode=1 \
  -artifact_prefix="$work/artifacts/" "$@" "$work/corpus" "$seeds"
