# tests/host/compilers.sh -- sourced by the host tests that drive compilers (compile_headers.sh,
# compile_fail.sh, table_macros.sh): sets CC, CXX and NVCC (from the environment, else gcc,
# g++ and nvcc from PATH or /usr/local/cuda/bin; NVCC is empty when there is none: the CUDA
# lines SKIP) and WORK, a scratch directory removed when the script exits.
#
# Usage (in a script): source "$(dirname "${BASH_SOURCE[0]}")/compilers.sh" <scratch-name>
CC=${CC:-gcc}
CXX=${CXX:-g++}
NVCC=${NVCC:-}
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=$(command -v nvcc)
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  fi
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/swz-$1.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
