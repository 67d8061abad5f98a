#!/usr/bin/env bash
# Consumer (a): an outside project copies include/swz into its own tree and compiles a C file
# (C99 and C11, -Wpedantic -Werror, then runs it) and a .cu file (nvcc -c) against the copy.
# Usage: copied.sh SWZ_SOURCE_ROOT
source "$(dirname "$0")/common.sh"
SRC=$1
mkdir -p "$WORK/proj/third_party"
cp -r "$SRC/include/swz" "$WORK/proj/third_party/swz"
cp "$HERE/app.c" "$HERE/kernel.cu" "$WORK/proj/"
cd "$WORK/proj"
for std in c99 c11; do
  step "gcc -std=$std against the copied headers"
  gcc -std=$std "${CFLAGS_HOUSE[@]}" -Ithird_party app.c -o app-$std
  ./app-$std
done
if [ -n "$NVCC" ]; then
  step "nvcc -c kernel.cu against the copied headers"
  "$NVCC" -arch=sm_90 -Ithird_party -c kernel.cu -o kernel.o
  test -s kernel.o
else
  echo "no nvcc: the .cu part is not compiled"
fi
