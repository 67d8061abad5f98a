#!/bin/bash
# bench/dev/s6c.sh -- session 6, third call: the twin's shifted load at half the aligned batch
# (default) against batch 1 and the full batch (_sbN candidates), on the ragged 8191 x 16385 of
# every element type, three interleaved rounds; the GPU tests and memcheck again first.
#   OUT=DIR B=BUILD [S6_SECONDS=420] bash bench/dev/s6c.sh
set -u
LIMIT=${S6_SECONDS:-420}
. "$(dirname "$0")/lib.sh"
build_once tests/gpu/test-tile tests/gpu/test-transpose bench/bench_transpose examples/swz-example-transpose
run 60 tile.txt "$B/tests/gpu/test-tile"
run 150 transpose-all.txt "$B/tests/gpu/test-transpose" all
run 150 san-transpose.txt compute-sanitizer --tool memcheck --error-exitcode 99 "$B/tests/gpu/test-transpose" all --quick
for f in tile transpose-all san-transpose; do echo "$f: $(grep -E "ok|FAIL|ERROR SUMMARY|variants" "$OUT/$f.txt" | tail -2 | tr '\n' ' ') $(tail -1 "$OUT/$f.txt")" | tee -a "$OUT/summary.txt"; done
types_rounds 3 8191x16385
log "done"
tar -czf "$OUT.tgz" -C "$(dirname "$OUT")" "$(basename "$OUT")"
