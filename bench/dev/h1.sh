#!/bin/bash
# bench/dev/h1.sh -- helper H1's GPU run (issue 10: the TMA proof, bench_wgemm, the wgemm
# epilogue's ncu check).  From the repo root: OUT=DIR B=BUILD [H1_SECONDS=78] bash bench/dev/h1.sh
# Most important first: test-tma (every group in a child), the store-origin probes (one copy per
# process, 4 at a time), the fp16 TMA-store variant's checks, the TMA-store epilogue beside the
# plain kernel at 4096/6144/8192^3 (bf16 and fp16), ncu-check --family wgemm, the sanitizers
# on the tma and wgemm entries of tests/gpu/sanitize-list.sh, then bench_wgemm.  Each step gets
# at most what is left.
set -u
B=${B:-build-dev}
OUT=${OUT:-out-h1}
mkdir -p "$OUT"
LIMIT=${H1_SECONDS:-78}
. "$(dirname "$0")/lib.sh"
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv,noheader 2>/dev/null)"
tma=$B/tests/gpu/test-tma
ex=$B/examples/swz-example-wgemm

log "test-tma all"
run 25 test-tma.txt "$tma" all
grep -v "^probe.* ok$" "$OUT/test-tma.txt" | cut -c1-300 | head -60 | tee -a "$OUT/summary.txt"

log "test-tma probes (bench/dev/h1-probes.txt)"
probe_one() { # ARGS...: one probe in its own process; one line
    local out rc
    out=$(timeout -k 1 10 "$tma" probe "$@" 2>&1); rc=$?
    printf '%-44s rc=%-3d %s\n' "$*" "$rc" "$(echo "$out" | grep -v '^$' | tr '\n' ' ' | cut -c1-400)"
}
export -f probe_one; export tma
grep -v '^#' bench/dev/h1-probes.txt | grep -v '^$' | \
    timeout -k 2 "$(cap 10)" xargs -P 4 -L 1 bash -c 'probe_one "$@"' _ > "$OUT/probes.txt" 2>&1
sort "$OUT/probes.txt" | tee -a "$OUT/summary.txt" | cut -c1-240

log "wgemm check specs: the fp16 TMA-store variant"
run 6 wgemm-check-f16-ts.txt "$ex" --filter _f16_f16_ts
tail -3 "$OUT/wgemm-check-f16-ts.txt" | tee -a "$OUT/summary.txt"

log "the TMA-store epilogue beside the plain kernel: fp16, then bf16"
run 9 bench-f16.txt "$ex" --bench --filter 256_f16_f16 4096:4096:4096 6144:6144:6144 8192:8192:8192
grep -E "^#|swz_|FAIL|rc=" "$OUT/bench-f16.txt" | tee -a "$OUT/summary.txt"
run 14 bench-bf16.txt "$ex" --bench --filter 256_bf16_bf16 4096:4096:4096 6144:6144:6144 8192:8192:8192
grep -E "^#|swz_|FAIL|rc=" "$OUT/bench-bf16.txt" | tee -a "$OUT/summary.txt"

log "ncu-check --family wgemm"
run 10 ncu-check.txt python3 tools/ncu-check.py --build "$B" --family wgemm --keep "$OUT/ncu-check"
tail -8 "$OUT/ncu-check.txt" | tee -a "$OUT/summary.txt"

# the sanitize-list.sh entries of tma and wgemm (what the lead's final run sanitizes), per tool
for tool in ${H1_TOOLS:-memcheck racecheck synccheck}; do
    bash tests/gpu/sanitize-list.sh "$B" | grep -E "^(tma|wgemm) " | while read -r name cmd; do
        log "$tool: $name"
        # shellcheck disable=SC2086
        run 10 "san-$name-$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 $cmd
        grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|^rc=|FAIL" "$OUT/san-$name-$tool.txt" | tee -a "$OUT/summary.txt"
    done
done

log "bench_wgemm (the generic bench: every variant of the bench elem, 4096-8192^3)"
run 30 bench-wgemm.txt "$B/bench/bench_wgemm" --out "$OUT"
grep -E "rel.err|FAIL|^wgemm|rc=" "$OUT/bench-wgemm.txt" | tee -a "$OUT/summary.txt"
log "done"
exit 0
