#!/bin/bash
# bench/dev/lead.sh -- the lead's probe at a helper sync (session 3, sync 2): tools/ncu-check.py
# on the hgemm family, whose predict() now holds the cp.async writes (bank.h R8, by source
# line) on the store side beside the epilogue's STS, against LDGSTS + STS counters.
# Run from the repo root: OUT=<dir> B=<build dir> bash bench/dev/lead.sh
set -u
B=${B:-build}
OUT=${OUT:-out-lead}
mkdir -p "$OUT"
timeout 100 python3 tools/ncu-check.py --build "$B" --family hgemm --keep "$OUT/ncu-hgemm" \
  > "$OUT/ncu-check-hgemm.txt" 2>&1
echo "ncu-check hgemm rc=$?"
tail -30 "$OUT/ncu-check-hgemm.txt"
