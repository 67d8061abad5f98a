#!/usr/bin/env bash
# tests/host/compile_fail.sh -- bad compile-time parameters are rejected, and say why.
#
# Each case is one expression using a macro form with a bad parameter.  It must fail to
# compile in C (gcc -std=c11 and -std=c99), C++ (g++ -std=c++17) and CUDA (nvcc -arch=sm_90),
# and the compiler's message must contain the swz_error_* identifier that names the reason
# (common.h: a negative bit-field width in C, the swz__ct_check<false, swz_error_...>
# instantiation in C++), on a diagnostic line ('error:', 'instantiation of', nvcc's 'Reason=')
# rather than on an echoed source line of the macro, and the whole message must be short
# (under MAX_LOG bytes: one clear error, not pages of follow-on warnings from a failed check's
# derived constants).  A positive control per language compiles the same expressions with
# good parameters (with -Wall -Wextra -Wpedantic -Werror), so a failure cannot come from a
# typo in the snippet.  Output: TAP, one line per case x language.
#
# Usage: compile_fail.sh <include-dir> [case-id...]
#   With case ids, runs only those (used for the known-bug cases, which the default run skips).
# Environment: CC, CXX, NVCC override the compilers; without nvcc the cuda lines are SKIP.
set -u
INC=$(cd "$1" && pwd)
shift
source "$(dirname "${BASH_SOURCE[0]}")/compilers.sh" cfail

# id | reason identifier | bad expression | good expression  (r and c are unsigned variables)
CASES=(
  "xor_row_24_bytes|swz_error_xor_row_must_be_a_whole_number_of_accesses|SWZ_XOR_AUTO_OFFSET(6, 4, 16, r, c)|SWZ_XOR_AUTO_OFFSET(12, 4, 16, r, c)"
  "xor_width_0|swz_error_xor_tile_width_must_be_1_to_65536|SWZ_XOR_AUTO_OFFSET(0, 4, 4, r, c)|SWZ_XOR_AUTO_OFFSET(48, 4, 4, r, c)"
  "linear_mask_4_on_12_units|swz_error_linear_mask_must_be_below_the_power_of_two_part_of_units_per_row|SWZ_LINEAR_OFFSET(96, 2, 16, 0, 0, 4, 0, 0, 0, 0, 0, 0, r, c)|SWZ_LINEAR_OFFSET(96, 2, 16, 0, 0, 3, 0, 0, 0, 0, 0, 0, r, c)"
  "linear_row_24_bytes|swz_error_linear_needs_valid_E_A_rows_of_whole_units_and_pad_of_whole_units|SWZ_LINEAR_OFFSET(6, 4, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, r, c)|SWZ_LINEAR_OFFSET(12, 4, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, r, c)"
  "xor_elem_3|swz_error_element_size_must_be_1_2_4_8_or_16|SWZ_XOR_AUTO_OFFSET(32, 3, 4, r, c)|SWZ_XOR_AUTO_OFFSET(32, 4, 4, r, c)"
  "pad_elem_3|swz_error_element_size_must_be_1_2_4_8_or_16|SWZ_PAD_OFFSET(32, 3, 4, r, c)|SWZ_PAD_OFFSET(32, 4, 4, r, c)"
  "xor_access_4_elem_8|swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element|SWZ_XOR_AUTO_OFFSET(32, 8, 4, r, c)|SWZ_XOR_AUTO_OFFSET(32, 8, 8, r, c)"
  "pad_access_8_elem_16|swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element|SWZ_PAD_STRIDE(32, 16, 8)|SWZ_PAD_STRIDE(32, 16, 16)"
  "xor_access_2|swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element|SWZ_XOR_AUTO_OFFSET(64, 4, 2, r, c)|SWZ_XOR_AUTO_OFFSET(64, 4, 4, r, c)"
  "xor_access_6|swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element|SWZ_XOR_AUTO_OFFSET(32, 2, 6, r, c)|SWZ_XOR_AUTO_OFFSET(32, 2, 8, r, c)"
  "morton_access_4_elem_8|swz_error_access_must_be_4_8_or_16_and_a_multiple_of_element|SWZ_MORTON_OFFSET(32, 8, 4, 32, r, c)|SWZ_MORTON_OFFSET(32, 8, 8, 32, r, c)"
  "xor_row_narrower_than_access|swz_error_tile_row_narrower_than_one_access|SWZ_XOR_AUTO_OFFSET(2, 1, 4, r, c)|SWZ_XOR_AUTO_OFFSET(4, 1, 4, r, c)"
  "xor_s_below_b|swz_error_xor_needs_S_ge_B|SWZ_XOR(4, 0, 2, r)|SWZ_XOR(2, 0, 2, r)"
  "pad_width_0|swz_error_pad_width_out_of_range|SWZ_PAD_STRIDE(0, 4, 4)|SWZ_PAD_STRIDE(1, 4, 4)"
  "morton_width_24|swz_error_morton_needs_power_of_two_units_per_row_and_height|SWZ_MORTON_OFFSET(24, 4, 4, 32, r, c)|SWZ_MORTON_OFFSET(32, 4, 4, 32, r, c)"
  "morton_height_24|swz_error_morton_needs_power_of_two_units_per_row_and_height|SWZ_MORTON_OFFSET(32, 4, 4, 24, r, c)|SWZ_MORTON_OFFSET(32, 4, 4, 16, r, c)"
  "tma_align_mode_48|swz_error_tma_mode_must_be_32_64_or_128|SWZ_TMA_ALIGN(48)|SWZ_TMA_ALIGN(64)"
  "tma_offset_row_over_mode|swz_error_tma_row_must_be_a_multiple_of_16_bytes_and_at_most_the_mode|SWZ_TMA_OFFSET(32, 4, 64, r, c)|SWZ_TMA_OFFSET(32, 4, 128, r, c)"
  "tma_offset_row_24_bytes|swz_error_tma_row_must_be_a_multiple_of_16_bytes_and_at_most_the_mode|SWZ_TMA_OFFSET(6, 4, 128, r, c)|SWZ_TMA_OFFSET(8, 4, 128, r, c)"
  "tma_offset_elem_3|swz_error_tma_row_must_be_a_multiple_of_16_bytes_and_at_most_the_mode|SWZ_TMA_OFFSET(16, 3, 128, r, c)|SWZ_TMA_OFFSET(16, 4, 128, r, c)"
  "static_assert_reason|swz_error_user_reason|(SWZ_STATIC_ASSERT(SWZ_IS_POW2(48), swz_error_user_reason), 0u)|(SWZ_STATIC_ASSERT(SWZ_IS_POW2(64), swz_error_user_reason), 0u)"
  "tma_swizzle_mode_48|swz_error_tma_mode_must_be_32_64_or_128|SWZ_TMA_SWIZZLE(48, r)|SWZ_TMA_SWIZZLE(32, r)"
  "tma_offset_mode_48|swz_error_tma_mode_must_be_32_64_or_128|SWZ_TMA_OFFSET(12, 4, 48, r, c)|SWZ_TMA_OFFSET(12, 4, 64, r, c)"
)
KNOWN_BUGS=" "
MAX_LOG=2048 # bytes of compiler output a rejected case may print
LANGS=(c11 c99 c++ cuda)

# A statement-expression-free snippet: the expression as a function's return value.  The
# static-assert case is a declaration, so it goes to file scope.
snippet() { # expr -> file
  local expr=$1
  echo "#include <swz/layout.h>"
  echo "unsigned swz_cf(unsigned r, unsigned c);"
  if [[ $expr == \(SWZ_STATIC_ASSERT* ]]; then
    local decl=${expr#(}
    decl=${decl%, 0u)}
    echo "$decl;"
    echo "unsigned swz_cf(unsigned r, unsigned c) { return r + c; }"
  else
    echo "unsigned swz_cf(unsigned r, unsigned c) { return (unsigned)(r + c + $expr); }"
  fi
}

compile() { # lang file -> exit status, output in $WORK/log
  local lang=$1 src=$2
  case $lang in
    c11 | c99) "$CC" -x c -std="$lang" -Wall -Wextra -Wpedantic -Werror -I"$INC" -c "$src" -o "$WORK/o.o" ;;
    c++) "$CXX" -x c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -I"$INC" -c "$src" -o "$WORK/o.o" ;;
    cuda)
      cp "$src" "$WORK/t.cu"
      "$NVCC" -arch=sm_90 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -I"$INC" -c "$WORK/t.cu" -o "$WORK/o.o" ;;
  esac >"$WORK/log" 2>&1
}

selected=()
for c in "${CASES[@]}"; do
  id=${c%%|*}
  if [ $# -gt 0 ]; then
    for want in "$@"; do [ "$want" = "$id" ] && selected+=("$c"); done
  elif [[ $KNOWN_BUGS != *" $id "* ]]; then
    selected+=("$c")
  fi
done
if [ $# -gt 0 ] && [ ${#selected[@]} -ne $# ]; then
  echo "Bail out! unknown case id among: $*"
  exit 1
fi

echo "1..$(((${#selected[@]} + 1) * ${#LANGS[@]}))"
[ $# -gt 0 ] || echo "# known bugs, run separately: $KNOWN_BUGS"
n=0
# positive controls: every good expression of the selected cases in one file per language
{
  echo "#include <swz/layout.h>"
  i=0
  for c in "${selected[@]}"; do
    IFS='|' read -r id reason bad good <<<"$c"
    i=$((i + 1))
    if [[ $good == \(SWZ_STATIC_ASSERT* ]]; then
      d=${good#(}
      echo "${d%, 0u)};"
    else
      echo "unsigned swz_good_$i(unsigned r, unsigned c);"
      echo "unsigned swz_good_$i(unsigned r, unsigned c) { return (unsigned)(r + c + $good); }"
    fi
  done
} >"$WORK/good.c"
for lang in "${LANGS[@]}"; do
  n=$((n + 1))
  if [ "$lang" = cuda ] && [ -z "$NVCC" ]; then echo "ok $n - good parameters compile ($lang) # SKIP no nvcc"; continue; fi
  if compile "$lang" "$WORK/good.c"; then
    echo "ok $n - good parameters compile ($lang)"
  else
    echo "not ok $n - good parameters compile ($lang)"
    sed 's/^/# /' "$WORK/log" | head -30
  fi
done
for c in "${selected[@]}"; do
  IFS='|' read -r id reason bad good <<<"$c"
  snippet "$bad" >"$WORK/bad.c"
  for lang in "${LANGS[@]}"; do
    n=$((n + 1))
    name="$id: $bad rejected with $reason ($lang)"
    if [ "$lang" = cuda ] && [ -z "$NVCC" ]; then echo "ok $n - $name # SKIP no nvcc"; continue; fi
    if compile "$lang" "$WORK/bad.c"; then
      echo "not ok $n - $name"
      echo "# it compiled"
    elif ! grep -qE "(error:|instantiation of|Reason=).*$reason" "$WORK/log"; then
      echo "not ok $n - $name"
      echo "# rejected, but the message does not name $reason:"
      sed 's/^/# /' "$WORK/log" | head -20
    elif [ "$(wc -c <"$WORK/log")" -ge "$MAX_LOG" ]; then
      echo "not ok $n - $name"
      echo "# rejected with the reason, but the message is $(wc -c <"$WORK/log") bytes (limit $MAX_LOG); it starts:"
      sed 's/^/# /' "$WORK/log" | head -20
    else
      echo "ok $n - $name ($(wc -c <"$WORK/log") bytes)"
    fi
  done
done
exit 0
