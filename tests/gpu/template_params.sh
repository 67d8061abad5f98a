#!/bin/sh
# tests/gpu/template_params.sh NVCC ARCH INCLUDE_DIR EXAMPLES_DIR
# Every family template rejects a missing or a bad parameter at compile time, with a message
# that names it; tile.h rejects a bad SWZ_TILE_VBYTES, and the transpose's copies.h (tile.h's
# extension, family 'copies') its bad knobs; the attention template (family 'attn') its bad
# block sizes and knob combinations; mma.h rejects a fragment access (ldmatrix, hence
# mma.sync) of elements that are not 2 bytes and a layout that splits 16-byte units (one built
# for 4- or 8-byte access), while its copy takes any element size; and a control instantiation
# of each compiles, so the failures come from the checks alone.  Each case below is
#   family | nvcc mode (-E: preprocessor #error, -cuda: static_assert) | expected text | defines
# (one #define per ';').  An mma case (family "mma": swz/mma.h with SWZ_MMA_NAME t) also
# compiles a kernel that uses the tile: t_ldmatrix of TP_ELEM elements, or t_load_async where
# TP_COPY_ONLY is defined.  Runs nvcc's front end only: no GPU needed.
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
    case $fam in
      tile | copies) echo "#include <swz/tile.h>" ;;
      mma) echo "#include <swz/layout.h>"; echo "#include <swz/mma.h>"
        echo "__global__ void swz_tp_use(const TP_ELEM *g, uint32_t *o)"
        echo "{"
        echo "    extern __shared__ __align__(128) unsigned char swz_tp_s[];"
        echo "#ifdef TP_COPY_ONLY"
        echo "    t_load_async((TP_ELEM *)swz_tp_s, g, 64, 0, 0, 64, 64);"
        echo "#else"
        echo "    uint32_t r[4] = {0u, 0u, 0u, 0u};"
        echo "    t_ldmatrix(r, (const TP_ELEM *)swz_tp_s, SWZ_MMA_A, 4, 0u, 0u);"
        echo "    o[threadIdx.x] = r[0] + (uint32_t)(g != 0);"
        echo "#endif"
        echo "}" ;;
      *) echo "#include \"$fam.cuh\"" ;;
    esac
    # every parameter the case defined is gone after the include (the family undefines its own)
    echo "$defs" | tr ';' '\n' | sed -e 's/^ *//' -e '/^$/d' -e 's/[ (].*//' | grep '^SWZ_' |
      while read -r p; do printf '#ifdef %s\n#error "%s left defined"\n#endif\n' "$p" "$p"; done
  } > "$src"
  dir=$ex/$fam; { [ "$fam" = tile ] || [ "$fam" = mma ]; } && dir=$ex; [ "$fam" = copies ] && dir=$ex/transpose
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
transpose|-cuda|OK|SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM uint4;SWZ_TRANSPOSE_ELEM_NAME v16;SWZ_TRANSPOSE_LAYOUT XOR
transpose|-E|define SWZ_TRANSPOSE_TILE|SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR
transpose|-E|define SWZ_TRANSPOSE_LAYOUT|SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float
transpose|-E|SWZ_TRANSPOSE_LAYOUT must be|SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT DIAG
transpose|-cuda|swz_error_transpose_TILE_must_be_a_power_of_two|SWZ_TRANSPOSE_TILE 12;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR
transpose|-cuda|swz_error_transpose_TILE_must_be_a_power_of_two_of_at_least_8_or_48_for_4_byte_elements|SWZ_TRANSPOSE_TILE 48;SWZ_TRANSPOSE_ELEM double;SWZ_TRANSPOSE_ELEM_NAME double;SWZ_TRANSPOSE_LAYOUT XOR
transpose|-cuda|swz_error_transpose_MORTON_needs_a_power_of_two_TILE|SWZ_TRANSPOSE_TILE 48;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT MORTON
transpose|-cuda|swz_error_transpose_XOR_on_a_48_tile_needs_MIS_VBYTES_of_the_element_size_or_16|SWZ_TRANSPOSE_TILE 48;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _m8;SWZ_TRANSPOSE_MIS_VBYTES 8
transpose|-cuda|swz_error_transpose_tile_exceeds_48KiB_static_shared_memory|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM uint4;SWZ_TRANSPOSE_ELEM_NAME v16;SWZ_TRANSPOSE_LAYOUT XOR
transpose|-cuda|swz_error_transpose_TMA_TILE_and_region_must_be_multiples_of_128_bytes|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM uint8_t;SWZ_TRANSPOSE_ELEM_NAME u8;SWZ_TRANSPOSE_LAYOUT TMA
transpose|-E|SWZ_TRANSPOSE_SHIFTED must be 0 or 1|SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _s2;SWZ_TRANSPOSE_SHIFTED 2
transpose|-cuda|OK|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT PAD;SWZ_TRANSPOSE_NAME_SUFFIX _m8;SWZ_TRANSPOSE_MIS_VBYTES 8
transpose|-cuda|swz_error_transpose_MIS_VBYTES_must_be_0_or_a_power_of_two|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _m2;SWZ_TRANSPOSE_MIS_VBYTES 2
transpose|-cuda|swz_error_transpose_MIS_VBYTES_must_be_0_or_a_power_of_two|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _m12;SWZ_TRANSPOSE_MIS_VBYTES 12
transpose|-cuda|swz_error_transpose_MIS_VBYTES_under_4_needs_the_NONE_or_XOR_layout|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM uint16_t;SWZ_TRANSPOSE_ELEM_NAME h16;SWZ_TRANSPOSE_LAYOUT PAD;SWZ_TRANSPOSE_NAME_SUFFIX _m2;SWZ_TRANSPOSE_MIS_VBYTES 2
transpose|-cuda|swz_error_transpose_MIS_VBYTES_differs_from_the_vector_width_on_an_XOR_LINES_tile|SWZ_TRANSPOSE_TILE 16;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _m4;SWZ_TRANSPOSE_MIS_VBYTES 4
transpose|-E|SWZ_TRANSPOSE_MIS_OWN must be 0 or 1|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM uint8_t;SWZ_TRANSPOSE_ELEM_NAME u8;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _o2;SWZ_TRANSPOSE_MIS_OWN 2
transpose|-cuda|swz_error_transpose_MIS_OWN_needs_the_shifted_twin_MIS_VBYTES_wider_than_the_element|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _own;SWZ_TRANSPOSE_MIS_OWN 1
transpose|-cuda|swz_error_transpose_copies_OWN_needs_SHIFTED_vectors_wider_than_an_element_and_runs_of_whole_tile_columns|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _own;SWZ_TRANSPOSE_MIS_VBYTES 16;SWZ_TRANSPOSE_MIS_OWN 1
transpose|-E|SWZ_TRANSPOSE_LAYOUT TMA takes none of|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT TMA;SWZ_TRANSPOSE_NAME_SUFFIX _h4;SWZ_TRANSPOSE_CACHE_HINTS 4
reduce|-cuda|OK|SWZ_REDUCE_TILE 256;SWZ_REDUCE_ELEM float;SWZ_REDUCE_ELEM_NAME float;SWZ_REDUCE_VARIANT SEQUENTIAL
reduce|-E|define SWZ_REDUCE_VARIANT|SWZ_REDUCE_TILE 256;SWZ_REDUCE_ELEM float;SWZ_REDUCE_ELEM_NAME float
reduce|-E|SWZ_REDUCE_ELEM_NAME must be float or i32|SWZ_REDUCE_TILE 256;SWZ_REDUCE_ELEM float;SWZ_REDUCE_ELEM_NAME f32;SWZ_REDUCE_VARIANT FAST
reduce|-cuda|swz_error_reduce_TILE_must_be_a_power_of_two|SWZ_REDUCE_TILE 100;SWZ_REDUCE_ELEM float;SWZ_REDUCE_ELEM_NAME float;SWZ_REDUCE_VARIANT FAST
gemm|-cuda|OK|SWZ_GEMM_TILE 64;SWZ_GEMM_ELEM float;SWZ_GEMM_ELEM_NAME float;SWZ_GEMM_LAYOUT XOR
gemm|-E|define SWZ_GEMM_ELEM|SWZ_GEMM_TILE 64;SWZ_GEMM_ELEM_NAME float;SWZ_GEMM_LAYOUT XOR
gemm|-cuda|swz_error_gemm_TILE_must_be_a_power_of_two|SWZ_GEMM_TILE 96;SWZ_GEMM_ELEM float;SWZ_GEMM_ELEM_NAME float;SWZ_GEMM_LAYOUT XOR
wgemm|-cuda|OK|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __nv_bfloat16;SWZ_WGEMM_ELEM_NAME bf16;SWZ_WGEMM_OUT float;SWZ_WGEMM_OUT_NAME f32
wgemm|-E|define SWZ_WGEMM_OUT_NAME|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __nv_bfloat16;SWZ_WGEMM_ELEM_NAME bf16;SWZ_WGEMM_OUT float
wgemm|-cuda|swz_error_wgemm_TILE_must_be_128_or_256|SWZ_WGEMM_TILE 64;SWZ_WGEMM_ELEM __half;SWZ_WGEMM_ELEM_NAME f16;SWZ_WGEMM_OUT __half;SWZ_WGEMM_OUT_NAME f16
wgemm|-cuda|swz_error_wgemm_ELEM_must_be_bf16_or_f16|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM float;SWZ_WGEMM_ELEM_NAME f32;SWZ_WGEMM_OUT float;SWZ_WGEMM_OUT_NAME f32
wgemm|-cuda|swz_error_wgemm_OUT_must_be_float_bf16_or_f16|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __half;SWZ_WGEMM_ELEM_NAME f16;SWZ_WGEMM_OUT double;SWZ_WGEMM_OUT_NAME f64
wgemm|-cuda|swz_error_wgemm_STAGES_must_be_2_to_6_within_227KiB|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __half;SWZ_WGEMM_ELEM_NAME f16;SWZ_WGEMM_OUT __half;SWZ_WGEMM_OUT_NAME f16;SWZ_WGEMM_STAGES 5
wgemm|-cuda|swz_error_wgemm_EPILOGUE_must_be_0_or_1|SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __half;SWZ_WGEMM_ELEM_NAME f16;SWZ_WGEMM_OUT __half;SWZ_WGEMM_OUT_NAME f16;SWZ_WGEMM_EPILOGUE 2
hgemm|-cuda|OK|SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME half;SWZ_HGEMM_LAYOUT XOR
hgemm|-E|define SWZ_HGEMM_LAYOUT|SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME half
hgemm|-E|SWZ_HGEMM_ELEM_NAME must be half or bf16|SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME f16;SWZ_HGEMM_LAYOUT XOR
hgemm|-cuda|swz_error_hgemm_TILE_K_must_be_32_or_64|SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME half;SWZ_HGEMM_LAYOUT PAD;SWZ_HGEMM_TILE_K 48
hgemm|-cuda|swz_error_hgemm_LOOP_PROBE_must_be_0_or_1|SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME half;SWZ_HGEMM_LAYOUT XOR;SWZ_HGEMM_LOOP_PROBE 2
tile|-cuda|OK|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 8
tile|-cuda|swz_error_tile_SWZ_TILE_VBYTES_must_be_1_2_4_8_or_16|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 3
tile|-cuda|swz_error_tile_SWZ_TILE_VBYTES_must_be_1_2_4_8_or_16|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_VBYTES 32
mma|-cuda|OK|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 16, (r), (c))
mma|-cuda|OK|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 2, 16, (r), (c))
mma|-cuda|OK|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 16;SWZ_MMA_COLS 8;SWZ_MMA_THREADS 32;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(8, 2, 16, (r), (c))
mma|-cuda|OK|SWZ_MMA_NAME t;SWZ_MMA_ELEM float;TP_ELEM float;TP_COPY_ONLY 1;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 4, 16, (r), (c))
mma|-cuda|OK|SWZ_MMA_NAME t;SWZ_MMA_ELEM double;TP_ELEM double;TP_COPY_ONLY 1;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_MORTON_OFFSET(64, 8, 16, 64, (r), (c))
mma|-cuda|swz_error_mma_ldmatrix_and_mma_sync_need_a_2_byte_SWZ_MMA_ELEM|SWZ_MMA_NAME t;SWZ_MMA_ELEM float;TP_ELEM float;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 4, 16, (r), (c))
mma|-cuda|swz_error_mma_ldmatrix_and_mma_sync_need_a_2_byte_SWZ_MMA_ELEM|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint8_t;TP_ELEM uint8_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) ((r) * 64 + (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 4, (r), (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 2, 8, (r), (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 16;SWZ_MMA_COLS 8;SWZ_MMA_THREADS 32;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(8, 2, 4, (r), (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_PAD_OFFSET(64, 2, 4, (r), (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM float;TP_ELEM float;TP_COPY_ONLY 1;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_XOR_AUTO_OFFSET(64, 4, 4, (r), (c))
mma|-cuda|swz_error_mma_SWZ_MMA_LAYOUT_must_keep_16_byte_units_whole|SWZ_MMA_NAME t;SWZ_MMA_ELEM uint16_t;TP_ELEM uint16_t;SWZ_MMA_ROWS 64;SWZ_MMA_COLS 64;SWZ_MMA_THREADS 128;SWZ_MMA_LAYOUT(r, c) SWZ_TMA_OFFSET(64, 2, 128, (r), (c)) + 1u
transpose|-cuda|OK|SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM double;SWZ_TRANSPOSE_ELEM_NAME double;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _s2;SWZ_TRANSPOSE_BLOCK_ORDER SPLIT;SWZ_TRANSPOSE_BLOCK_GROUP 2
transpose|-cuda|OK|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT PAD;SWZ_TRANSPOSE_NAME_SUFFIX _a;SWZ_TRANSPOSE_LOAD_ASYNC 1
transpose|-E|SWZ_TRANSPOSE_LOAD_ASYNC must be 0 or 1|SWZ_TRANSPOSE_TILE 64;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR;SWZ_TRANSPOSE_NAME_SUFFIX _a2;SWZ_TRANSPOSE_LOAD_ASYNC 2
transpose|-cuda|OK|TILE )(;ELEM )(;LAYOUT )(;THREADS )(;SWZ_TRANSPOSE_TILE 32;SWZ_TRANSPOSE_ELEM float;SWZ_TRANSPOSE_ELEM_NAME float;SWZ_TRANSPOSE_LAYOUT XOR
reduce|-cuda|OK|TILE )(;ELEM )(;VARIANT )(;SWZ_REDUCE_TILE 256;SWZ_REDUCE_ELEM float;SWZ_REDUCE_ELEM_NAME float;SWZ_REDUCE_VARIANT SEQUENTIAL
gemm|-cuda|OK|TILE )(;ELEM )(;LAYOUT )(;SWZ_GEMM_TILE 64;SWZ_GEMM_ELEM float;SWZ_GEMM_ELEM_NAME float;SWZ_GEMM_LAYOUT XOR
hgemm|-cuda|OK|TILE )(;ELEM )(;LAYOUT )(;STAGES )(;SWZ_HGEMM_TILE 128;SWZ_HGEMM_ELEM __half;SWZ_HGEMM_ELEM_NAME half;SWZ_HGEMM_LAYOUT XOR
wgemm|-cuda|OK|TILE )(;ELEM )(;OUT )(;STAGES )(;SWZ_WGEMM_TILE 256;SWZ_WGEMM_ELEM __nv_bfloat16;SWZ_WGEMM_ELEM_NAME bf16;SWZ_WGEMM_OUT float;SWZ_WGEMM_OUT_NAME f32
attn|-cuda|OK|SWZ_ATTN_ARCH MMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 64;SWZ_ATTN_BN 128;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-cuda|OK|SWZ_ATTN_ARCH WGMMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 128;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-E|define SWZ_ATTN_HEAD_DIM|SWZ_ATTN_ARCH MMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-cuda|swz_error_attn_SWZ_ATTN_BN_must_be_128_with_WGMMA_and_64_or_128_with_MMA|SWZ_ATTN_ARCH MMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 64;SWZ_ATTN_BN 96;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-cuda|swz_error_attn_SWZ_ATTN_BN_must_be_128_with_WGMMA_and_64_or_128_with_MMA|SWZ_ATTN_ARCH WGMMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 128;SWZ_ATTN_BN 64;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-cuda|swz_error_attn_SWZ_ATTN_STAGES_must_be_2_to_4_with_WGMMA_and_2_with_MMA|SWZ_ATTN_ARCH MMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 64;SWZ_ATTN_STAGES 3;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
attn|-cuda|swz_error_attn_SWZ_ATTN_PINGPONG_needs_SWZ_ATTN_BM_128|SWZ_ATTN_ARCH WGMMA;SWZ_ATTN_LAYOUT XOR;SWZ_ATTN_HEAD_DIM 128;SWZ_ATTN_BM 192;SWZ_ATTN_PINGPONG 1;SWZ_ATTN_ELEM __nv_bfloat16;SWZ_ATTN_ELEM_NAME bf16
copies|-cuda|swz_error_transpose_copies_SHIFTED_must_be_0_or_1|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_SHIFTED 2
copies|-cuda|swz_error_transpose_copies_ROTATE_must_be_0_1_or_2|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 32;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((r) * 32 + (c));SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_ROTATE 3
copies|-cuda|OK|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_SHIFTED 1;SWZ_TRANSPOSE_COPIES_LINE_STEP 1;SWZ_TRANSPOSE_COPIES_LINE_TILE 32
copies|-cuda|swz_error_transpose_copies_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_SHIFTED 1;SWZ_TRANSPOSE_COPIES_LINE_STEP 1;SWZ_TRANSPOSE_COPIES_LINE_TILE 48
copies|-cuda|swz_error_transpose_copies_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_SHIFTED 1;SWZ_TRANSPOSE_COPIES_LINE_STEP 1;SWZ_TRANSPOSE_COPIES_LINE_TILE 128
copies|-cuda|swz_error_transpose_copies_LINE_TILE_must_be_0_or_a_multiple_of_LW_dividing_COLS|SWZ_TILE_NAME t;SWZ_TILE_ELEM float;SWZ_TILE_ROWS 32;SWZ_TILE_COLS 64;SWZ_TILE_THREADS 256;SWZ_TILE_LAYOUT(r, c) ((c) / 32 * 1024 + (r) * 32 + (c) % 32);SWZ_TILE_EXT "copies.h";SWZ_TRANSPOSE_COPIES_SHIFTED 1;SWZ_TRANSPOSE_COPIES_LINE_STEP 1;SWZ_TRANSPOSE_COPIES_LINE_TILE -32
CASES
echo "template parameters: $n cases, $fails failed"
[ $fails -eq 0 ]
