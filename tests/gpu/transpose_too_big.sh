#!/bin/sh
# tests/gpu/transpose_too_big.sh NVCC ARCH INCLUDE_DIR TRANSPOSE_DIR
# A TILE/ELEM whose shared tile does not fit in 48 KiB of static shared memory must fail to
# compile with the reason in the message (a 64x64 tile of 16-byte elements is 64 KiB), while the
# same file with TILE 32 compiles: the check is real, and it is the only thing that fails.
# Runs nvcc's front end only (-cuda), no GPU needed.
set -u
nvcc=$1 arch=$2 inc=$3 dir=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for t in 64 32; do
  cat > "$tmp/v$t.cu" <<SRC
#include <stdint.h>
#define TILE $t
#define ELEM uint4
#define ELEM_NAME v16
#define LAYOUT XOR
#include "transpose.cuh"
SRC
done
if "$nvcc" -arch="sm_$arch" -I"$inc" -I"$dir" -cuda "$tmp/v64.cu" -o "$tmp/v64.ii" > "$tmp/log64" 2>&1; then
  echo "FAIL: a 64x64 tile of 16-byte elements compiled"; exit 1
fi
if ! grep -q "swz_error_transpose_tile_exceeds_48KiB_static_shared_memory" "$tmp/log64"; then
  echo "FAIL: the compile error does not name the reason:"; cat "$tmp/log64"; exit 1
fi
if ! "$nvcc" -arch="sm_$arch" -I"$inc" -I"$dir" -cuda "$tmp/v32.cu" -o "$tmp/v32.ii" > "$tmp/log32" 2>&1; then
  echo "FAIL: the 32x32 control did not compile:"; cat "$tmp/log32"; exit 1
fi
echo "ok: 64x64 v16 rejected with swz_error_transpose_tile_exceeds_48KiB_static_shared_memory; 32x32 compiles"
