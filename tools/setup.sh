#!/usr/bin/env bash
# Shared set-up of tools/demo.sh and tools/test.sh (sourced, not run, with the purpose as its
# argument): puts nvcc on PATH, installs what that purpose misses with apt-get (Debian, as
# root) and configures the build directory.
#
#   source tools/setup.sh demo   meson, ninja-build, gcc, g++: enough to build swz-check (and
#                                the example kernels where the CUDA toolkit is)
#   source tools/setup.sh test   the demo's, plus pkg-config, python3, libcriterion-dev (host
#                                tests), chromium (the explorer's browser test), clang,
#                                libclang-rt-dev (libFuzzer) and lld (wasm-ld: the explorer's
#                                WebAssembly); and, where the CUDA toolkit is but has no
#                                cuobjdump, NVIDIA's cuobjdump and nvdisasm from PyPI
#                                (pip install --target build-tools/cuda, put on PATH here and
#                                in `meson test`'s default setup: top-level meson.build)
#
# SWZ_BUILD names the build directory (default: build); SWZ_MESON_ARGS adds `meson setup`
# options; SWZ_CUOBJDUMP_VERSION the PyPI version of cuobjdump/nvdisasm (default 13.5.37).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swz_purpose=${1:-test}
case $swz_purpose in
  demo | test) ;;
  *) echo "swz: tools/setup.sh: purpose '$swz_purpose' is neither demo nor test" >&2; exit 2 ;;
esac

if ! command -v nvcc >/dev/null 2>&1; then
  for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do
    if [ -x "$d/nvcc" ]; then export PATH="$d:$PATH"; break; fi
  done
fi

need=()
command -v meson >/dev/null 2>&1 || need+=(meson)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v g++ >/dev/null 2>&1 || need+=(g++)
if [ "$swz_purpose" = test ]; then
  command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
  command -v python3 >/dev/null 2>&1 || need+=(python3)
  [ -f /usr/include/criterion/criterion.h ] || need+=(libcriterion-dev)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v clang >/dev/null 2>&1 || need+=(clang)
  # libFuzzer's runtime (clang -fsanitize=fuzzer); clang alone only recommends it
  compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null ||
    need+=(libclang-rt-dev)
  command -v wasm-ld >/dev/null 2>&1 || need+=(lld)
  if command -v nvcc >/dev/null 2>&1 && ! command -v cuobjdump >/dev/null 2>&1 &&
    [ ! -x build-tools/cuda/bin/cuobjdump ] && ! python3 -m pip --version >/dev/null 2>&1; then
    need+=(python3-pip)
  fi
fi
installed=0
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "swz: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    installed=1
  else
    echo "swz: missing ${need[*]}; install them (Debian: apt-get install ${need[*]}) and run again" >&2
    exit 1
  fi
fi
command -v nvcc >/dev/null 2>&1 || echo "swz: nvcc not found: building without CUDA (install the CUDA toolkit for the kernels)" >&2

# cuobjdump (with the nvdisasm it runs) for the sass-check test: the toolkit's own (beside
# nvcc, on PATH) if it has one, else NVIDIA's PyPI wheels, unpacked once into build-tools/cuda
# (ignored by git).
if [ "$swz_purpose" = test ] && command -v nvcc >/dev/null 2>&1 && ! command -v cuobjdump >/dev/null 2>&1; then
  if [ ! -x build-tools/cuda/bin/cuobjdump ]; then
    v=${SWZ_CUOBJDUMP_VERSION:-13.5.37}
    echo "swz: installing cuobjdump and nvdisasm $v (PyPI) into build-tools/cuda"
    tmp=$(mktemp -d build-tools.XXXXXX)
    chmod 755 "$tmp"
    if python3 -m pip install -q --disable-pip-version-check --no-deps --target "$tmp/pip" \
      "nvidia-cuda-cuobjdump==$v" "nvidia-cuda-nvdisasm==$v" >"$tmp/log" 2>&1; then
      mkdir -p "$tmp/bin" build-tools
      for tool in cuobjdump nvdisasm; do   # the wheels keep them in pip/nvidia/cu<N>/bin
        ln -s "../$(cd "$tmp" && find pip -name "$tool" -type f | head -n 1)" "$tmp/bin/$tool"
      done
      rm -rf build-tools/cuda   # an incomplete one (no bin/cuobjdump)
      mv -T "$tmp" build-tools/cuda 2>/dev/null || rm -rf "$tmp"   # another set-up was first
      installed=1
    else
      echo "swz: pip could not install cuobjdump (the sass-check test will SKIP):" >&2
      tail -n 3 "$tmp/log" >&2
      rm -rf "$tmp"
    fi
  fi
  if [ -x build-tools/cuda/bin/cuobjdump ]; then export PATH="$PWD/build-tools/cuda/bin:$PATH"; fi
fi

SWZ_BUILD=${SWZ_BUILD:-build}
# With nvcc: compile CUDA through tools/nvcc-md.sh, which writes the header dependencies that
# Meson 1.0 leaves out (without them a changed header does not rebuild the kernels).  A build
# directory configured without it is configured again from scratch, once.
swz_native=()
if command -v nvcc >/dev/null 2>&1; then
  swz_native=(--native-file "$(bash tools/nvcc-md.sh --native-file)")
  if [ -f "$SWZ_BUILD/build.ninja" ] && ! grep -q nvcc-md.sh "$SWZ_BUILD/build.ninja"; then
    # shellcheck disable=SC2086
    meson setup --wipe "$SWZ_BUILD" "${swz_native[@]}" ${SWZ_MESON_ARGS:-}
  fi
fi
if [ ! -f "$SWZ_BUILD/build.ninja" ]; then
  # shellcheck disable=SC2086
  meson setup "$SWZ_BUILD" "${swz_native[@]}" ${SWZ_MESON_ARGS:-}
elif [ "$swz_purpose" = test ] && { [ "$installed" = 1 ] || [ ! -f "$SWZ_BUILD/.swz-test-setup" ]; }; then
  # configured by the demo, or tools appeared since: let meson find the test tools
  meson setup --reconfigure "$SWZ_BUILD" >/dev/null
fi
if [ "$swz_purpose" = test ]; then touch "$SWZ_BUILD/.swz-test-setup"; fi
