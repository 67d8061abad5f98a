#!/usr/bin/env bash
# tools/check-toolkits.sh [12.X ...] -- which CUDA 12 toolkits swz's headers build with.  Run it
# by hand (not in CI: it downloads NVIDIA's wheels from PyPI, ~25 MB per version, into
# ${SWZ_TOOLKITS_DIR:-/tmp/swz-toolkits}); docs/design.md ("Toolkits") records its last result.
#
# PyPI's nvidia-cuda-*-cu12 wheels hold a toolkit's headers, libcudart and ptxas but no nvcc
# driver, cicc or cudafe++, so a 12.X front end cannot be had this way.  Per version (default:
# every 12.X release on PyPI) the script checks what it can with that version's own parts:
#   host    every include/swz header in one C11 and one C++17 program, <cuda.h> first (the
#           TMA encoder of tma.h and its runtime-API calls), compiled by gcc / g++ -Wall
#           -Wextra -Werror against 12.X's headers (nvidia-cuda-runtime-cu12) and linked with
#           12.X's libcudart (the entry-point query must exist there);
#   device  the kernels of the headers' doc examples (tests/host/header_examples.py: mma.h,
#           pad.h, tile.h, tma.h, xor.h) and of docs/guide.md (cp.async + ldmatrix + mma.sync;
#           TMA + mbarrier + wgmma), compiled to PTX for sm_90a by the nvcc on PATH, the PTX
#           version lowered to the newest 12.X's ptxas accepts, and assembled by 12.X's ptxas
#           (nvidia-cuda-nvcc-cu12): the inline PTX swz writes must be in 12.X's ISA.
# Prints one line per version and check, then "N passed, N failed"; exit 1 when one failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
work=${SWZ_TOOLKITS_DIR:-/tmp/swz-toolkits}
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(12.0 12.1 12.2 12.3 12.4 12.5 12.6 12.8 12.9)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || { echo "check-toolkits: no nvcc (the device check compiles PTX with it)" >&2; exit 2; }
mkdir -p "$work/ptx"
passed=0 failed=0
result() { # version check ok|FAIL detail
  printf '%-5s %-7s %-4s %s\n' "$1" "$2" "$3" "$4"
  if [ "$3" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

# The kernels, once: PTX of every CUDA block of the header examples and of the guide.
python3 - "$root" "$work/ptx" <<'EOF' || { echo "check-toolkits: could not extract the kernels" >&2; exit 2; }
import os, sys
root, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(root, "tests", "host"))
sys.path.insert(0, os.path.join(root, "tests", "docs"))
import glob, header_examples as hx, mdcheck
for f in glob.glob(os.path.join(out, "*.cu")):
    os.remove(f)
for h in sorted(glob.glob(os.path.join(root, "include", "swz", "*.h"))):
    for k, (heading, code) in enumerate(hx.examples_of(h), 1):
        ctx = hx.context_of(heading, code)
        if ctx == "kernel":
            top, body = hx.split_scopes(code)
            code = top + hx.kernel_signature(heading) + "\n{\n" + body + "}\n"
        elif ctx != "cuda":
            continue
        open(os.path.join(out, f"{os.path.basename(h)[:-2]}-{k}.cu"), "w").write(code)
for lang, words, first, _, text, _ in mdcheck.blocks(os.path.join(root, "docs", "guide.md")):
    if lang == "cuda" and not words and ("<swz/mma.h>" in text or "<swz/tma.h>" in text):
        open(os.path.join(out, f"guide-{first}.cu"), "w").write(text)
EOF
kernels=()
for cu in "$work"/ptx/*.cu; do
  [ -e "$cu" ] || continue
  if "$nvcc" -arch=sm_90a -ptx -I"$root/include" -I"$root/examples/transpose" -I"$root/examples/gemm" \
      "$cu" -o "${cu%.cu}.ptx" >"${cu%.cu}.log" 2>&1; then
    kernels+=("${cu%.cu}.ptx")
  else
    result "-" ptx FAIL "$(basename "$cu"): the installed nvcc cannot compile it ($(head -c 300 "${cu%.cu}.log"))"
  fi
done
[ ${#kernels[@]} -gt 0 ] || { echo "check-toolkits: no kernel compiled to PTX" >&2; exit 2; }

# The host program: every header, <cuda.h> first, the encoder referenced.
host_src=$work/host.c
{
  echo "#include <cuda.h>"
  for h in "$root"/include/swz/*.h; do echo "#include <swz/$(basename "$h")>"; done
  echo "int main(void)"
  echo "{"
  echo "    CUtensorMap map;"
  echo "    swz_tma_plan p;"
  echo "    return swz_tma_map_2d(&map, &p, SWZ_TMA_BF16, (const void *)(uintptr_t)0x10000, 64, 64, 64, 64, 64,"
  echo "                          SWZ_TMA_AUTO) == SWZ_OK ? 0 : 0; /* no GPU needed: built, not run */"
  echo "}"
} >"$host_src"

for v in "${versions[@]}"; do
  t=$work/$v
  if [ ! -d "$t/nvidia/cuda_runtime/include" ] || [ ! -x "$t/nvidia/cuda_nvcc/bin/ptxas" ]; then
    if ! python3 -m pip install -q --disable-pip-version-check --no-deps --target "$t" \
        "nvidia-cuda-runtime-cu12==$v.*" "nvidia-cuda-nvcc-cu12==$v.*" >"$work/pip-$v.log" 2>&1; then
      result "$v" fetch FAIL "pip could not install the $v wheels ($(tail -1 "$work/pip-$v.log"))"
      continue
    fi
  fi
  inc=$t/nvidia/cuda_runtime/include lib=$t/nvidia/cuda_runtime/lib ptxas=$t/nvidia/cuda_nvcc/bin/ptxas
  for lang in c11 c++17; do
    if [ "$lang" = c11 ]; then cc=(gcc -x c -std=c11); else cc=(g++ -x c++ -std=c++17); fi
    if "${cc[@]}" -Wall -Wextra -Werror -I"$root/include" -isystem "$inc" "$host_src" -o "$work/host-$v" \
        -L"$lib" -l:libcudart.so.12 >"$work/host-$v-$lang.log" 2>&1; then
      result "$v" "$lang" ok "all headers + the TMA encoder, linked with libcudart $v"
    else
      result "$v" "$lang" FAIL "$(grep -m1 -E 'error|undefined' "$work/host-$v-$lang.log")"
    fi
  done
  isa=$("$ptxas" -arch=sm_90a "${kernels[0]}" -o /dev/null 2>&1 | sed -n "s/.*current version is '\([0-9.]*\)'.*/\1/p" | head -1)
  bad=() why=
  for ptx in "${kernels[@]}"; do
    low=${ptx%.ptx}-$v.ptx
    if [ -n "$isa" ]; then sed "s/^\.version .*/.version $isa/" "$ptx" >"$low"; else cp "$ptx" "$low"; fi
    if ! "$ptxas" -arch=sm_90a "$low" -o "${low%.ptx}.cubin" >"${low%.ptx}.log" 2>&1; then
      bad+=("$(basename "${ptx%.ptx}")")
      [ -n "$why" ] || why=$(grep -m1 -i error "${low%.ptx}.log")
    fi
  done
  if [ ${#bad[@]} -eq 0 ]; then
    result "$v" device ok "${#kernels[@]} kernels assembled by ptxas $v (PTX ISA ${isa:-as emitted})"
  else
    result "$v" device FAIL "ptxas $v (ISA ${isa:-?}) refused ${bad[*]}: $why"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
