#!/bin/bash
# bench/dev/lead.sh -- the lead's probe at a helper sync (session 3, sync 2): tools/ncu-check.py
# on the gemm (B's cp.async) and hgemm families, whose predict() now holds the cp.async writes (bank.h R8, by source
# line) on the store side beside the epilogue's STS, against LDGSTS + STS counters.
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/lead.sh
set -u
B=${B:-build}
OUT=${OUT:-out-lead}
mkdir -p "$OUT"
for f in gemm hgemm; do
  timeout 60 python3 tools/ncu-check.py --build "$B" --family $f --keep "$OUT/ncu-$f" > "$OUT/ncu-check-$f.txt" 2>&1
  echo "ncu-check $f rc=$?"
  tail -40 "$OUT/ncu-check-$f.txt"
done
