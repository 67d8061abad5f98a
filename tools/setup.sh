#!/usr/bin/env bash
# Shared set-up of tools/demo.sh and tools/test.sh (sourced, not run): puts nvcc on PATH,
# installs what is missing with apt-get (Debian, as root) and configures the build directory.
# SWZ_BUILD names the build directory (default: build); SWZ_MESON_ARGS adds `meson setup` options.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

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
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -f /usr/include/criterion/criterion.h ] || need+=(libcriterion-dev)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v clang >/dev/null 2>&1 || need+=(clang)
command -v wasm-ld >/dev/null 2>&1 || need+=(lld)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "swz: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "swz: missing ${need[*]}; install them (Debian: apt-get install ${need[*]}) and run again" >&2
    exit 1
  fi
fi
command -v nvcc >/dev/null 2>&1 || echo "swz: nvcc not found: building without CUDA (install the CUDA toolkit for the kernels)" >&2

SWZ_BUILD=${SWZ_BUILD:-build}
if [ ! -f "$SWZ_BUILD/build.ninja" ]; then
  # shellcheck disable=SC2086
  meson setup "$SWZ_BUILD" ${SWZ_MESON_ARGS:-}
fi
