#!/bin/sh
# tests/gpu/sanitize-list.sh BUILD -- the GPU test runs for compute-sanitizer (bench/gpu.sh):
# one line per run, "NAME COMMAND...", in the programs' quick modes (every variant, small
# shapes).  The 2^31-element transpose ('big') is left out: memcheck would take hours on it.
# tests/gpu/gemm/sanitize-list.sh, when it exists, adds the GEMM runs.
b=${1:-build}
echo "tile $b/tests/gpu/test-tile"
echo "transpose-all $b/tests/gpu/test-transpose all --quick"
echo "transpose-args $b/tests/gpu/test-transpose args"
echo "reduce-all $b/tests/gpu/test-reduce all --quick"
echo "reduce-args $b/tests/gpu/test-reduce args"
echo "tma $b/tests/gpu/test-tma all --quick"
echo "wgemm $b/examples/swz-example-wgemm"
echo "hgemm-all $b/examples/hgemm/test-hgemm all --quick"
d=$(dirname "$0")
[ -f "$d/gemm/sanitize-list.sh" ] && sh "$d/gemm/sanitize-list.sh" "$b"
exit 0
