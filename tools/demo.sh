#!/usr/bin/env bash
# The demo: set-up (tools/setup.sh), build, print swz-check's summary of every layout x
# pattern for a 32x32 float tile, and, when a GPU is present, run the example kernels.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
meson compile -C "$SWZ_BUILD"
"$SWZ_BUILD/tools/swz-check"
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  for ex in "$SWZ_BUILD"/examples/*/swz-example-*; do
    [ -x "$ex" ] && "$ex"
  done
else
  echo "(no GPU here: the example kernels run where nvidia-smi sees a GPU)"
fi
