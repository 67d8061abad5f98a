#!/bin/bash
# bench/dev/s9b.sh -- session 9's second call (NOTES.md "Session 9"): xor_64_float now loads
# its tile by cp.async (variants_float.cu SWZ_TV_ASYNC_TILE; the plain 16-byte form on whole
# regions, the bounds-checked one at edges).  The GPU tests and memcheck (lib.sh
# transpose_tests), ncu-check of the float transposes (the bank model's cp.async writes, R8,
# against the LDGSTS counters), five interleaved rounds of every type and problem, torch.
#   OUT=DIR B=BUILD [S9_SECONDS=560] bash bench/dev/s9b.sh
set -u
LIMIT=${S9_SECONDS:-560}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$OUT/summary.txt"
transpose_tests
log "ncu-check: the float transposes' bank model against the counters"
run 150 ncu-check.txt python3 tools/ncu-check.py --build "$B" --family transpose --filter _float --out "$OUT/ncu-check"
tail -30 "$OUT/ncu-check.txt" | tee -a "$OUT/summary.txt"
types_rounds 5 "" "" all
torch_step all/round5
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
