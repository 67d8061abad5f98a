#!/usr/bin/env bash
# tools/nvcc-md.sh NVCC ARGS... -- nvcc that also writes the dependency file ninja reads.
# Meson 1.0 (Debian 12) compiles .cu files without one, so a changed header would not rebuild
# the kernels that include it: every `-c SRC -o OBJ` compile gets `-MD -MF OBJ.d` (the depfile
# meson's ninja rule names); anything else (version query, sanity check, link) runs unchanged.
#   bash tools/nvcc-md.sh --native-file   writes build-tools/nvcc-md.ini, a meson native file
#       that makes this script, with the nvcc found on PATH, the CUDA compiler, and prints its
#       path (tools/setup.sh, bench/gpu.sh: `meson setup --native-file "$(bash tools/nvcc-md.sh
#       --native-file)"`); the one place that names the file
set -u
if [ "${1:-}" = --native-file ]; then
  nvcc=$(command -v nvcc) || { echo "nvcc-md.sh: no nvcc on PATH" >&2; exit 1; }
  here=$(cd "$(dirname "$0")" && pwd)
  file=$(dirname "$here")/build-tools/nvcc-md.ini
  mkdir -p "$(dirname "$file")"
  printf "[binaries]\ncuda = ['%s', '%s']\n" "$here/nvcc-md.sh" "$nvcc" > "$file" && echo "$file"
  exit
fi
nvcc=$1
shift
out="" compile=0 prev=""
for a in "$@"; do
  [ "$prev" = -o ] && out=$a
  [ "$a" = -c ] && compile=1
  prev=$a
done
if [ "$compile" = 1 ] && [ -n "$out" ]; then exec "$nvcc" "$@" -MD -MF "$out.d"; fi
exec "$nvcc" "$@"
