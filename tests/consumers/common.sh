# tests/consumers/common.sh -- sourced by the consumer tests: a temp directory removed on exit,
# the C compiler flags of the house, and the nvcc to use (empty when there is none).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/swz-consumer.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
CFLAGS_HOUSE=(-Wall -Wextra -Wpedantic -Werror)
NVCC=${NVCC:-}
if [ -n "$NVCC" ]; then NVCC=$(command -v "$NVCC" || true); fi
if [ -z "$NVCC" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=$(command -v nvcc)
  elif [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc
  fi
fi
step() { echo "--- $*"; }
