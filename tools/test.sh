#!/usr/bin/env bash
# Runs the whole test suite: set-up (tools/setup.sh test), build, `meson test`, then one summary
# line "N passed, N failed, N skipped".  GPU tests skip (exit 77) on a machine without a GPU.
# Extra arguments go to `meson test` (e.g. a suite: tools/test.sh --suite gpu).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh" test
rc=0
meson compile -C "$SWZ_BUILD"
meson test -C "$SWZ_BUILD" --print-errorlogs "$@" || rc=$?
python3 tools/summarize.py "$SWZ_BUILD/meson-logs/testlog.json" || rc=1
exit $rc
