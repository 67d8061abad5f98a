#!/usr/bin/env bash
# tests/host/compile_headers.sh -- every public header compiles alone in every language mode.
#
# For each include/swz/*.h (a glob: new headers are covered without editing this file) and
# each mode, a translation unit that includes only that header must compile with warnings as
# errors:
#   c99, c11      gcc -std=c99 / -std=c11 -Wall -Wextra -Wpedantic -Werror
#   c++11, c++17  g++ -std=c++11 / -std=c++17 -Wall -Wextra -Wpedantic -Werror
#   cuda          nvcc -arch=sm_90 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror, in a
#                 .cu file whose __global__ kernel calls the header's first public SWZ_FN
#                 function (else its first public function under another qualifier; found with
#                 sed; arguments are value-initialised: it is compiled, never run)
# Then fold_constants.c (the macro forms as constant expressions, values checked at compile
# time) in the same five modes.  Output: TAP, one line per header x mode.
#
# Usage: compile_headers.sh <include-dir> <tests/host-dir>
# Environment: CC, CXX, NVCC override the compilers; without nvcc the cuda lines are SKIP.
set -u
INC=$(cd "$1" && pwd)
HERE=$(cd "$2" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/compilers.sh" hdr

MODES=(c99 c11 c++11 c++17 cuda)
WARN=(-Wall -Wextra -Wpedantic -Werror)
NVWARN=(-Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror)

n=0
fails=0
# compile MODE SRC [extra flags...]: the command for one mode; output in $WORK/log
compile() {
  local mode=$1 src=$2
  shift 2
  case $mode in
    c99 | c11) "$CC" -x c -std="$mode" "${WARN[@]}" -I"$INC" "$@" -c "$src" -o "$WORK/o.o" ;;
    c++11 | c++17) "$CXX" -x c++ -std="$mode" "${WARN[@]}" -I"$INC" "$@" -c "$src" -o "$WORK/o.o" ;;
    cuda)
      cp "$src" "$WORK/t.cu"
      "$NVCC" -arch=sm_90 "${NVWARN[@]}" -I"$INC" "$@" -c "$WORK/t.cu" -o "$WORK/o.o" ;;
  esac
}
# report NAME MODE SRC [flags...]: one TAP line
report() {
  local name=$1 mode=$2 src=$3
  shift 3
  n=$((n + 1))
  if [ "$mode" = cuda ] && [ -z "$NVCC" ]; then
    echo "ok $n - $name $mode # SKIP no nvcc"
    return
  fi
  if compile "$mode" "$src" "$@" >"$WORK/log" 2>&1; then
    echo "ok $n - $name $mode"
  else
    fails=$((fails + 1))
    echo "not ok $n - $name $mode"
    sed 's/^/# /' "$WORK/log" | head -40
  fi
}


headers=("$INC"/swz/*.h)
echo "1..$(((${#headers[@]} + 1) * ${#MODES[@]}))"
if [ ${#headers[@]} -lt 7 ]; then echo "# expected at least the 7 core headers, found ${#headers[@]}"; fi
for h in "${headers[@]}"; do
  name=swz/$(basename "$h")
  # the first public function the header defines ('SWZ_FN <type> swz_<name>('), else the first
  # public one under another qualifier macro (a template header included without its parameters
  # may define only device functions, e.g. tile.h's 'SWZ_TILE_DFN ... swz_tile_get('), else none
  # (the header still compiles in a .cu file; its kernel calls nothing).  Private names (swz__*)
  # are not called: they are the header's own business.
  fn=$(sed -nE 's/^SWZ_FN[^(]*[ *](swz_[a-z][a-z0-9_]*)\(.*/\1/p' "$h" | head -n 1)
  [ -n "$fn" ] || fn=$(sed -nE 's/^SWZ_[A-Z_]*FN[^(]*[ *](swz_[a-z][a-z0-9_]*)\(.*/\1/p' "$h" | head -n 1)
  {
    echo "#include <$name>"
    echo "int swz_hdr_probe(void);"
    echo "int swz_hdr_probe(void) { return 0; }"
  } >"$WORK/alone.c"
  {
    echo "#include <$name>"
    if [ -n "$fn" ]; then
      echo "template <class R, class... A> __device__ void swz_call_zero(R (*f)(A...)) { (void)f(A()...); }"
      echo "__global__ void swz_hdr_kernel() { swz_call_zero(&$fn); }"
    else
      echo "__global__ void swz_hdr_kernel() {}"
    fi
  } >"$WORK/alone_cu.c"
  for mode in "${MODES[@]}"; do
    if [ "$mode" = cuda ]; then report "$name (kernel calls ${fn:-nothing})" cuda "$WORK/alone_cu.c"
    else report "$name" "$mode" "$WORK/alone.c"
    fi
  done
done
for mode in "${MODES[@]}"; do report "fold_constants.c" "$mode" "$HERE/fold_constants.c"; done
echo "# $fails of $n failed"
exit 0
