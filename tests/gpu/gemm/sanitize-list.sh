#!/bin/sh
# tests/gpu/gemm/sanitize-list.sh BUILD -- the GEMM runs for compute-sanitizer (bench/gpu.sh):
# every variant on the small shapes (--quick), and the argument checks.
b=${1:-build}
echo "gemm-float $b/tests/gpu/gemm/test-gemm gpu float --quick"
echo "gemm-double $b/tests/gpu/gemm/test-gemm gpu double --quick"
echo "gemm-args $b/tests/gpu/gemm/test-gemm args"
