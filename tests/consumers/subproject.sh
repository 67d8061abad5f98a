#!/usr/bin/env bash
# Consumer (c): an outside Meson project with subprojects/swz pointing at this repository
# (as a git submodule or a symlink would) uses `dependency('swz')` -- served by swz's
# meson.override_dependency -- configures, builds a C program (and a CUDA object when nvcc is
# present) and runs the program.
# Usage: subproject.sh SWZ_SOURCE_ROOT
source "$(dirname "$0")/common.sh"
SRC=$1
P=$WORK/proj
mkdir -p "$P/subprojects"
ln -s "$SRC" "$P/subprojects/swz"
cp "$HERE/app.c" "$HERE/kernel.cu" "$P/"
cat >"$P/meson.build" <<'MESON'
project('consumer', 'c', default_options : ['c_std=c11', 'warning_level=3', 'werror=true'])
swz_proj = subproject('swz')
swz_dep = dependency('swz')   # the subproject's meson.override_dependency('swz', ...)
app = executable('app', 'app.c', dependencies : swz_dep)
test('app', app)
if add_languages('cuda', native : false, required : false)
  static_library('kern', 'kernel.cu', dependencies : swz_dep,
                 cuda_args : ['-gencode=arch=compute_90,code=sm_90'])
endif
MESON
cd "$P"

[ -n "$NVCC" ] && export PATH="$(dirname "$NVCC"):$PATH"
step "meson setup (subproject swz)"
meson setup build >setup.log 2>&1 || { cat setup.log; exit 1; }
grep -q "Subproject swz finished" setup.log || { cat setup.log; echo "swz was not used as a subproject" >&2; exit 1; }
step "meson compile"
meson compile -C build >compile.log 2>&1 || { cat compile.log; exit 1; }
./build/app
if [ -n "$NVCC" ]; then
  [ -f build/libkern.a ] || { echo "nvcc is present but the CUDA object was not built" >&2; exit 1; }
  echo "CUDA static library built against dependency('swz')"
fi
