#!/usr/bin/env bash
# Consumer (b): swz installed by `meson install --destdir` from this build; an outside project
# finds it with `pkg-config --cflags swz` (PKG_CONFIG_PATH into the staged tree) and compiles a
# C file (and a .cu file with nvcc).  Checks the flags point into the staged install, not into
# this source tree, and that the version is the project's.
# Usage: pkgconfig.sh SWZ_BUILD_DIR PROJECT_VERSION
source "$(dirname "$0")/common.sh"
BUILD=$1
VERSION=$2
DEST=$WORK/stage
step "meson install --destdir"
meson install -C "$BUILD" --no-rebuild --destdir "$DEST" --quiet >/dev/null
pc=$(find "$DEST" -name swz.pc -print -quit)
[ -n "$pc" ] || { echo "swz.pc was not installed" >&2; exit 1; }
hdr=$(find "$DEST" -path '*/include/swz/xor.h' -print -quit)
[ -n "$hdr" ] || { echo "include/swz/xor.h was not installed" >&2; exit 1; }
prefix=$(sed -n 's/^prefix=//p' "$pc")
export PKG_CONFIG_PATH=$(dirname "$pc")
# The .pc names the final prefix; a staged install is found through --define-variable.
cflags=$(pkg-config --define-variable=prefix="$DEST$prefix" --cflags swz)
echo "pkg-config --cflags swz: $cflags"
case "$cflags" in *"$DEST"*) ;; *) echo "cflags do not point into the staged install" >&2; exit 1;; esac
got=$(pkg-config --modversion swz)
[ "$got" = "$VERSION" ] || { echo "pkg-config --modversion swz: $got, expected $VERSION" >&2; exit 1; }
mkdir -p "$WORK/proj" && cp "$HERE/app.c" "$HERE/kernel.cu" "$WORK/proj/" && cd "$WORK/proj"
step "gcc \$(pkg-config --cflags swz)"
# shellcheck disable=SC2086
gcc -std=c11 "${CFLAGS_HOUSE[@]}" $cflags app.c -o app
./app
if [ -n "$NVCC" ]; then
  step "nvcc \$(pkg-config --cflags swz) -c kernel.cu"
  # shellcheck disable=SC2086
  "$NVCC" -arch=sm_90 $cflags -c kernel.cu -o kernel.o
  test -s kernel.o
else
  echo "no nvcc: the .cu part is not compiled"
fi
