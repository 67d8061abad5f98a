#!/bin/bash
# bench/dev/s9c.sh -- session 9's third call (NOTES.md "Session 9"): mma.h's bounds-checked
# copy no longer issues a 16-byte cp.async for a chunk cut by the right edge (s9b's memcheck
# error: xor_64_float, the first registry variant on that copy) and zero-fills chunks outside
# the matrix with shared stores.  The GPU tests and memcheck of every user of the copy
# (transpose, test-mma, hgemm), five interleaved rounds of every type and problem (with `_az`,
# the bounds-checked copy on every region, beside the shipped plain copy and `_ldg`: s9b's
# xor_64_float lost 0.3 % to `_ldg` where s9's `_a` had won 0.4 %), ncu of the three.  (`_az`
# turned out to compile to the plain LDGSTS too after the mma.h fix; removed after s9f.)
# Run twice: at a0c8d3c (xor_64_float on the plain copy) and on the final tree (xor_64_float
# back on LDG + STS, the cp.async copies as `_a` and `_az`).
#   OUT=DIR B=BUILD [S9_SECONDS=560] bash bench/dev/s9c.sh
set -u
LIMIT=${S9_SECONDS:-560}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose tests/gpu/test-mma examples/hgemm/test-hgemm \
  examples/swz-example-hgemm bench/bench_transpose
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
transpose_tests
log "mma and hgemm: tests and memcheck"
run 60 mma.txt "$B/tests/gpu/test-mma"
run 90 san-mma.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-mma"
run 150 hgemm-all.txt "$B/examples/hgemm/test-hgemm" all
run 60 hgemm-example.txt "$B/examples/swz-example-hgemm"
run 150 san-hgemm.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/examples/hgemm/test-hgemm" all --quick
for f in mma san-mma hgemm-all hgemm-example san-hgemm; do
  echo "$f: $(grep -E "ok|FAIL|ERROR SUMMARY|passed|failed" "$OUT/$f.txt" | tail -2 | tr '\n' ' ') $(tail -1 "$OUT/$f.txt")" | tee -a "$OUT/summary.txt"
done
types_rounds 5 "" "" all
log "ncu: xor_64_float and its cp.async candidates beside Sgeam at 16384^2"
ncu_types ncu-float.txt float 16384x16384 "transpose_readWrite|xor_64_float(_a|_az|_ldg)?_kernel$"
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
