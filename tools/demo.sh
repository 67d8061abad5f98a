#!/usr/bin/env bash
# The demo: set-up (tools/setup.sh demo: meson, ninja, gcc, g++), build swz-check alone, print
# its summary of every layout x pattern for a 32x32 float tile, and, when a GPU is present,
# build and run the example kernels.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh" demo
meson compile -C "$SWZ_BUILD" tools/swz-check
"$SWZ_BUILD/tools/swz-check"
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  # every program named swz-example-*, as the build defines them: "name path" lines
  mapfile -t examples < <(meson introspect --targets "$SWZ_BUILD" | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    if t["name"].startswith("swz-example-"):
        print(t["name"], t["filename"][0])')
  meson compile -C "$SWZ_BUILD" "${examples[@]%% *}"
  for ex in "${examples[@]}"; do
    "${ex#* }"
  done
else
  echo "(no GPU here: the example kernels run where nvidia-smi sees a GPU)"
fi
