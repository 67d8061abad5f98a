#!/bin/bash
# bench/dev/lead.sh -- the lead's probe at a helper sync: cp.async (LDGSTS) shared-write
# wavefronts of every hgemm variant on its standard problem, to fit bank.h's LDGSTS rule on a
# real kernel's copies (global rows in separate 128-byte lines), next to --predict.
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/lead.sh
set -u
B=${B:-build}
OUT=${OUT:-out-lead}
mkdir -p "$OUT"
X="$B/examples/swz-example-hgemm"
timeout 60 python3 bench/conformance.py --bench "$B/bench/bench_conformance" --out "$OUT/conform" --kinds cpasync \
  > "$OUT/conform.txt" 2>&1
tail -5 "$OUT/conform.txt"
"$X" --predict > "$OUT/hgemm-predict.txt" 2>&1
M=smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,smsp__sass_inst_executed_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum,launch__grid_size
for v in $("$X" --list); do
  spec=$(awk -v v="$v" '$2==v {print $9}' "$OUT/hgemm-predict.txt")
  echo "== $v $spec"
  timeout 20 ncu --clock-control none -k "regex:${v}_kernel\$" -c 1 --csv --metrics "$M" "$X" --run "$v" "$spec" \
    > "$OUT/ncu-$v.csv" 2>&1
  grep -E 'ldgsts|grid_size' "$OUT/ncu-$v.csv" | awk -F'","' '{print $(NF-2), $NF}'
done
