#!/bin/sh
# tests/gpu/template_params.sh NVCC ARCH INCLUDE_DIR EXAMPLES_DIR
# Every family template rejects a missing or a bad parameter at compile time, with a message
# that names it; tile.h rejects a bad SWZ_TILE_VBYTES; and a control instantiation of each
# compiles, so the failures come from the checks alone.  Each case below is
#   family | nvcc mode (-E: preprocessor #error, -cuda: static_assert) | expected text | defines
# (one #define per ';').  Runs nvcc's front end only: no GPU needed.
set -u
nvcc=$1 arch=$2 inc=$3 ex=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0
while IFS='|' read -r fam mode want defs; do
  [ -z "$fam" ] && continue
  n=$((n + 1))
  src="$tmp/case$n.cu"
  { echo "#include <stdint.h>"
    echo "$defs" | tr ';' '\n' | sed -e 's/^ *//' -e '/^$/d' -e 's/^/#define /'
    if [ "$fam" = tile ]; then echo "#include <swz/tile.h>"; else echo "#include \"$fam.cuh\""; fi
  } > "$src"
  dir=$ex/$fam; [ "$fam" = tile ] && dir=$ex
  if "$nvcc" -arch="sm_$arch" -I"$inc" -I"$dir" -I"$ex" "$mode" "$src" -o "$tmp/out$n" > "$tmp/log$n" 2>&1; then
    rc=0; else rc=1; fi
  if [ "$want" = OK ]; then
    if [ $rc -ne 0 ]; then echo "FAIL $fam control [$defs] did not compile:"; cat "$tmp/log$n"; fails=$((fails + 1))
    else echo "ok   $fam control [$defs] compiles"; fi
  elif [ $rc -eq 0 ]; then
    echo "FAIL $fam [$defs] compiled"; fails=$((fails + 1))
  elif ! grep -q "$want" "$tmp/log$n"; then
    echo "FAIL $fam [$defs]: the error does not say '$want':"; cat "$tmp/log$n"; fails=$((fails + 1))
  else
    echo "ok   $fam [$defs]: $want"
  fi
done <<'CASES'
transpose|-cuda|OK|TILE 32;ELEM uint4;ELEM_NAME v16;LAYOUT XOR
transpose|-E|define TILE|ELEM float;ELEM_NAME float;LAYOUT XOR
transpose|-E|define LAYOUT|TILE 32;ELEM float;ELEM_NAME float
transpose|-E|LAYOUT must be|TILE 32;ELEM float;ELEM_NAME float;LAYOUT DIAG
transpose|-cuda|swz_error_transpose_TILE_must_be_a_power_of_two|TILE 12;ELEM float;ELEM_NAME float;LAYOUT XOR
transpose|-cuda|swz_error_transpose_tile_exceeds_48KiB_static_shared_memory|TILE 64;ELEM uint4;ELEM_NAME v16;LAYOUT XOR
transpose|-cuda|swz_error_transpose_TMA_TILE_and_region_must_be_multiples_of_128_bytes|TILE 64;ELEM uint8_t;ELEM_NAME u8;LAYOUT TMA
transpose|-E|SHIFTED must be 0 or 1|TILE 32;ELEM float;ELEM_NAME float;LAYOUT XOR;NAME_SUFFIX _s2;SHIFTED 2
transpose|-cuda|OK|TILE 64;ELEM float;ELEM_NAME float;LAYOUT PAD;NAME_SUFFIX _m8;MIS_VBYTES 8
transpose|-cuda|swz_error_transpose_MIS_VBYTES_must_be_0_or_a_power_of_two|TILE 64;ELEM float;ELEM_NAME float;LAYOUT XOR;NAME_SUFFIX _m2;MIS_VBYTES 2
transpose|-cuda|swz_error_transpose_MIS_VBYTES_must_be_0_or_a_power_of_two|TILE 64;ELEM float;ELEM_NAME float;LAYOUT XOR;NAME_SUFFIX _m12;MIS_VBYTES 12
transpose|-cuda|swz_error_transpose_MIS_VBYTES_under_4_needs_the_NONE_or_XOR_layout|TILE 64;ELEM uint16_t;ELEM_NAME h16;LAYOUT PAD;NAME_SUFFIX _m2;MIS_VBYTES 2
transpose|-cuda|swz_error_transpose_MIS_VBYTES_differs_from_the_vector_width_on_an_XOR_LINES_tile|TILE 16;ELEM float;ELEM_NAME float;LAYOUT XOR;NAME_SUFFIX _m4;MIS_VBYTES 4
transpose|-E|LAYOUT TMA takes none of|TILE 64;ELEM float;ELEM_NAME float;LAYOUT TMA;NAME_SUFFIX _h4;CACHE_HINTS 4
reduce|-cuda|OK|TILE 256;ELEM float;ELEM_NAME float;VARIANT SEQUENTIAL
reduce|-E|define VARIANT|TILE 256;ELEM float;ELEM_NAME float
reduce|-E|ELEM_NAME must be float or i32|TILE 256;ELEM float;ELEM_NAME f32;VARIANT FAST
reduce|-cuda|swz_error_reduce_TILE_must_be_a_power_of_two|TILE 100;ELEM float;ELEM_NAME float;VARIANT FAST
gemm|-cuda|OK|TILE 64;ELEM float;ELEM_NAME float;LAYOUT XOR
gemm|-E|define ELEM|TILE 64;ELEM_NAME float;LAYOUT XOR
gemm|-cuda|swz_error_gemm_TILE_must_be_a_power_of_two|TILE 96;ELEM float;ELEM_NAME float;LAYOUT XOR
wgemm|-cuda|OK|TILE 256;ELEM __nv_bfloat16;ELEM_NAME bf16;OUT float;OUT_NAME f32
wgemm|-E|define OUT_NAME|TILE 256;ELEM __nv_bfloat16;ELEM_NAME bf16;OUT float
wgemm|-cuda|swz_error_wgemm_TILE_must_be_128_or_256|TILE 64;ELEM __half;ELEM_NAME f16;OUT __half;OUT_NAME f16
wgemm|-cuda|swz_error_wgemm_ELEM_must_be_bf16_or_f16|TILE 256;ELEM float;ELEM_NAME f32;OUT float;OUT_NAME f32
wgemm|-cuda|swz_error_wgemm_OUT_must_be_float_bf16_or_f16|TILE 256;ELEM __half;ELEM_NAME f16;OUT double;OUT_NAME f64
wgemm|-cuda|swz_error_wgemm_STAGES_must_be_2_to_6_within_227KiB|TILE 256;ELEM __half;ELEM_NAME f16;OUT __half;OUT_NAME f16;STAGES 5
wgemm|-cuda|swz_error_wgemm_EPILOGUE_must_be_0_or_1|TILE 256;ELEM __half;ELEM_NAME f16;OUT __half;OUT_NAME f16;EPILOGUE 2
hgemm|-cuda|OK|TILE 128;ELEM __half;ELEM_NAME half;LAYOUT XOR
hgemm|-E|define LAYOUT|TILE 128;ELEM __half;ELEM_NAME half
hgemm|-E|ELEM_NAME must be half or bf16|TILE 128;ELEM __half;ELEM_NAME f16;LAYOUT XOR
hgemm|-cuda|swz_error_hgemm_TILE_K_must_be_32_or_64|TILE 128;ELEM __half;ELEM_NAME half;LAYOUT PAD;TILE_K 48
tile|-cuda|OK|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 8
tile|-cuda|swz_error_tile_SWZ_TILE_VBYTES_must_be_1_2_4_8_or_16|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 3
tile|-cuda|swz_error_tile_SWZ_TILE_VBYTES_must_be_1_2_4_8_or_16|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 32
tile|-cuda|swz_error_tile_SWZ_TILE_SHIFTED_must_be_0_or_1|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_SHIFTED 2
tile|-cuda|OK|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_LINE_STEP 1;SWZ_TILE_LINE_TILE 32
tile|-cuda|swz_error_tile_SWZ_TILE_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_LINE_STEP 1;SWZ_TILE_LINE_TILE 48
tile|-cuda|swz_error_tile_SWZ_TILE_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_LINE_STEP 1;SWZ_TILE_LINE_TILE 128
tile|-cuda|swz_error_tile_SWZ_TILE_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_LINE_STEP 1;SWZ_TILE_LINE_TILE -32
transpose|-cuda|OK|TILE 32;ELEM double;ELEM_NAME double;LAYOUT XOR;NAME_SUFFIX _s2;BLOCK_ORDER SPLIT;BLOCK_GROUP 2
transpose|-cuda|OK|TILE 64;ELEM float;ELEM_NAME float;LAYOUT PAD;NAME_SUFFIX _a;LOAD_ASYNC 1
transpose|-E|LOAD_ASYNC must be 0 or 1|TILE 64;ELEM float;ELEM_NAME float;LAYOUT XOR;NAME_SUFFIX _a2;LOAD_ASYNC 2
CASES
echo "template parameters: $n cases, $fails failed"
[ $fails -eq 0 ]
