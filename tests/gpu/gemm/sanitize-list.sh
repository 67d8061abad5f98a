#!/bin/sh
# tests/gpu/gemm/sanitize-list.sh BUILD -- the GEMM runs for compute-sanitizer (bench/gpu.sh):
# every variant on the small shapes (--quick).  The argument checks (test-gemm args) are not
# listed: every case returns before any CUDA call, and compute-sanitizer reports a program
# that makes no CUDA call as an error ("terminated before first instrumented API call").
b=${1:-build}
echo "gemm-float $b/tests/gpu/gemm/test-gemm gpu float --quick"
echo "gemm-double $b/tests/gpu/gemm/test-gemm gpu double --quick"
