#!/usr/bin/env bash
# tests/host/table_macros.sh -- every row's macro form of layout.h's table equals the run-time
# layout, element by element.
#
# table_macros_gen writes a C program with each row's macro (the text swz_layout_macro gives,
# which is what a kernel pastes) for the shapes each kind accepts; this script compiles it as
# C99 and C++11 (-Wall -Wextra -Wpedantic -Werror) and CUDA (nvcc, SKIP without), runs each
# build and expects exit 0 (no element differs).  Output: TAP.
#
# Usage: table_macros.sh <include-dir> <table_macros_gen>   (CC, CXX, NVCC override compilers)
set -u
INC=$(cd "$1" && pwd)
GEN=$2
source "$(dirname "${BASH_SOURCE[0]}")/compilers.sh" tmac
echo "1..3"
if ! "$GEN" >"$WORK/check.c"; then
  for n in 1 2 3; do echo "not ok $n - table_macros_gen failed"; done
  exit 0
fi
n=0
for lang in c99 c++11 cuda; do
  n=$((n + 1))
  case $lang in
    c99) cmd=("$CC" -x c -std=c99 -Wall -Wextra -Wpedantic -Werror -I"$INC" "$WORK/check.c" -o "$WORK/x") ;;
    c++11) cmd=("$CXX" -x c++ -std=c++11 -Wall -Wextra -Wpedantic -Werror -I"$INC" "$WORK/check.c" -o "$WORK/x") ;;
    cuda)
      if [ -z "$NVCC" ]; then echo "ok $n - macro forms equal the layouts ($lang) # SKIP no nvcc"; continue; fi
      cp "$WORK/check.c" "$WORK/check.cu"
      cmd=("$NVCC" -arch=sm_90 -Werror all-warnings -I"$INC" "$WORK/check.cu" -o "$WORK/x") ;;
  esac
  if ! "${cmd[@]}" >"$WORK/log" 2>&1; then
    echo "not ok $n - macro forms equal the layouts ($lang): does not compile"
    sed 's/^/# /' "$WORK/log" | head -20
  elif ! "$WORK/x" >"$WORK/log" 2>&1; then
    echo "not ok $n - macro forms equal the layouts ($lang)"
    sed 's/^/# /' "$WORK/log" | head -25
  else
    echo "ok $n - macro forms equal the layouts ($lang): $(tail -1 "$WORK/log")"
  fi
done
exit 0
