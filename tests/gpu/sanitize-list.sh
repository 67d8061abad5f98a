#!/bin/sh
# tests/gpu/sanitize-list.sh BUILD -- the GPU test runs for compute-sanitizer (bench/gpu.sh):
# one line per run, "NAME COMMAND...", in the programs' quick modes (every variant, small
# shapes).  The 2^31-element transpose ('big') is left out: memcheck would take hours on it.
# tests/gpu/gemm/sanitize-list.sh, when it exists, adds the GEMM runs.
b=${1:-build}
echo "tile $b/tests/gpu/test-tile"
echo "transpose-copies $b/tests/gpu/test-transpose-copies"
echo "transpose-all $b/tests/gpu/test-transpose all --quick"
echo "transpose-args $b/tests/gpu/test-transpose args"
echo "reduce-all $b/tests/gpu/test-reduce all --quick"
echo "reduce-args $b/tests/gpu/test-reduce args"
echo "tma $b/tests/gpu/test-tma all --quick"
# wgemm: every variant once on a ragged problem (TMA zero fill at every edge, the TMA-store
# epilogue's path since 520*2 is a multiple of 16), the TMA-store variant on its fallback too.
w=$("$b/examples/swz-example-wgemm" --list 2>/dev/null)
echo "wgemm $b/examples/swz-example-wgemm --runs $(for v in $w; do printf '%s:300:520:200 ' "$v"; done)swz_wgemm_256_bf16_bf16_ts:129:257:77"
# the tuning candidates (examples/<family>/tuning.h, not in the registries): hgemm's are in
# test-hgemm's walk; wgemm's on two of the family's check specs
echo "wgemm-tuning $b/bench/bench_wgemm --check --quick"
echo "hgemm-all $b/examples/hgemm/test-hgemm all --quick"
# attn: every variant on small ragged problems -- causal with rows left without keys, GQA,
# varlen, strided views, a causal 400 x 400 where the first consumers of a CTA skip the key
# blocks past their rows and the last block's last consumers have no row at all, and a causal
# problem of more tiles than an H100 has SMs (the persistent CTAs claim tiles) -- (the
# racecheck/synccheck runs cover the pipelines' barriers).
a=$("$b/examples/swz-example-attn" --list 2>/dev/null)
echo "attn $b/examples/swz-example-attn --runs $(for v in $a; do printf '%s:1:129:200:2:1:c %s:3:70:90:2:2:vs %s:1:400:400:1:1:c %s:4:200:200:40:8:c ' "$v" "$v" "$v" "$v"; done)"
d=$(dirname "$0")
[ -f "$d/gemm/sanitize-list.sh" ] && sh "$d/gemm/sanitize-list.sh" "$b"
exit 0
