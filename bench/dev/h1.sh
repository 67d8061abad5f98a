#!/bin/bash
# bench/dev/h1.sh -- helper H1's GPU run (issue 10: the TMA proof, bench_wgemm, the wgemm
# epilogue's ncu check).  From the repo root: OUT=DIR B=BUILD [H1_SECONDS=88] bash bench/dev/h1.sh
# Most important first: the TMA probes (one copy per process, 4 processes at a time), test-tma
# (every group in a child), bench_wgemm --quick, ncu of the TMA-store epilogue (both wavefront
# counters), ncu-check --family wgemm, then the sanitizers.  Each step gets at most what is left.
set -u
B=${B:-build-dev}
OUT=${OUT:-out-h1}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
T0=$(date +%s)
LIMIT=${H1_SECONDS:-88}
left() { echo $(( LIMIT - 2 - ($(date +%s) - T0) )); }
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo "$l"; }
log() { echo "== $* (t=$(( $(date +%s) - T0 ))s)" | tee -a "$OUT/summary.txt"; }
run() { # run SECONDS LOGFILE CMD...: the command under a time cap, its status appended
    local s=$1 f=$2; shift 2
    [ "$(left)" -gt 3 ] || { echo "skipped: no time left" | tee -a "$OUT/$f"; return; }
    timeout -k 2 "$(cap "$s")" "$@" > "$OUT/$f" 2>&1 < /dev/null
    echo "rc=$? wall=$(( $(date +%s) - T0 ))s" >> "$OUT/$f"
}
log "$(date -u) $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv,noheader 2>/dev/null)"
tma=$B/tests/gpu/test-tma
ex=$B/examples/swz-example-wgemm

log "test-tma probes (bench/dev/h1-probes.txt)"
probe_one() { # ARGS...: one probe in its own process; one line
    local out rc
    out=$(timeout -k 1 10 "$tma" probe "$@" 2>&1); rc=$?
    printf '%-42s rc=%-3d %s\n' "$*" "$rc" "$(echo "$out" | grep -v '^$' | tr '\n' ' ' | cut -c1-400)"
}
export -f probe_one; export tma
grep -v '^#' bench/dev/h1-probes.txt | grep -v '^$' | \
    timeout -k 2 "$(cap 18)" xargs -P 4 -L 1 bash -c 'probe_one "$@"' _ > "$OUT/probes.txt" 2>&1
sort "$OUT/probes.txt" | tee -a "$OUT/summary.txt" | cut -c1-220

log "test-tma all"
run 25 test-tma.txt "$tma" all
grep -v "^probe.* ok" "$OUT/test-tma.txt" | head -60 | tee -a "$OUT/summary.txt"

log "wgemm check specs: the TMA-store (_ts) and MN-major B (_bmn) variants"
run 6 wgemm-check-bmn.txt "$ex" --filter _bmn
run 6 wgemm-check-ts.txt "$ex" --filter _ts
tail -9 "$OUT/wgemm-check-bmn.txt" "$OUT/wgemm-check-ts.txt" | tee -a "$OUT/summary.txt"

log "bench_wgemm --quick (every registered variant of the bench elem)"
run 12 bench-wgemm.txt "$B/bench/bench_wgemm" --quick --out "$OUT"
tail -25 "$OUT/bench-wgemm.txt" | tee -a "$OUT/summary.txt"

log "ncu: the TMA-store epilogue beside the plain kernel, both wavefront counters"
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_inst_executed_op_shared_atom.sum
run 10 ncu-ts.txt ncu --clock-control none --metrics "$M" -k "regex:swz_wgemm_256_bf16_bf16(_ts)?_kernel" \
    "$ex" --runs swz_wgemm_256_bf16_bf16_ts:1536:2816:1024 swz_wgemm_256_bf16_bf16:1536:2816:1024 \
    swz_wgemm_256_bf16_bf16_ts:128:256:64
grep -E "swz_wgemm|__|rc=" "$OUT/ncu-ts.txt" | grep -v "^==PROF" | head -60 | tee -a "$OUT/summary.txt"

log "ncu-check --family wgemm"
run 12 ncu-check.txt python3 tools/ncu-check.py --build "$B" --family wgemm --keep "$OUT/ncu-check"
tail -20 "$OUT/ncu-check.txt" | tee -a "$OUT/summary.txt"

log "the TMA-store epilogue beside the plain kernel (accumulators now in registers: no stack frame)"
run 10 bench-ts.txt "$ex" --bench --filter swz_wgemm_256_bf16_bf16 4096:4096:4096 8192:8192:8192
grep -E "_bf16_bf16 |_ts |FAIL|rc=" "$OUT/bench-ts.txt" | tee -a "$OUT/summary.txt"

# the sanitize-list.sh entries of tma and wgemm (what the lead's final run sanitizes), per tool
for tool in ${H1_TOOLS:-memcheck racecheck synccheck}; do
    bash tests/gpu/sanitize-list.sh "$B" | grep -E "^(tma|wgemm) " | while read -r name cmd; do
        log "$tool: $name"
        # shellcheck disable=SC2086
        run 15 "san-$name-$tool.txt" compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 5 $cmd
        grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|^rc=|FAIL" "$OUT/san-$name-$tool.txt" | tee -a "$OUT/summary.txt"
    done
done
log "done"
exit 0
