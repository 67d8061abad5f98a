#!/usr/bin/env bash
# The generated docs are current: docs/gen.sh, run into a temp directory with the swz-check of
# this build, reproduces the committed docs/img/*.svg (--only svg) or docs/explorer.html
# (--only explorer) byte for byte, and no committed picture is missing or left over.
# Usage: gen_current.sh SOURCE_ROOT SWZ_CHECK svg|explorer
# Exit 77 for `explorer` when clang cannot build WebAssembly (Debian: apt-get install clang lld).
# After changing a header, the CLI or docs/explorer/: run `bash docs/gen.sh` and commit docs/
# (it also refreshes the swz-check output quoted in docs/guide.md and docs/layouts.md).
set -euo pipefail
ROOT=$1
SWZ=$2
WHAT=$3
TMP=$(mktemp -d "${TMPDIR:-/tmp}/swz-docs-gen.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [ "$WHAT" = explorer ]; then
  if ! command -v clang >/dev/null || ! command -v wasm-ld >/dev/null; then
    echo "clang or wasm-ld missing: skipped (Debian: apt-get install clang lld)"; exit 77
  fi
fi
bash "$ROOT/docs/gen.sh" --swz-check "$SWZ" --out "$TMP" --only "$WHAT"
fail=0
if [ "$WHAT" = svg ]; then
  (cd "$TMP/img" && ls) >"$TMP/new.list"
  (cd "$ROOT/docs/img" && ls -- *.svg) >"$TMP/old.list"
  if ! diff -u "$TMP/old.list" "$TMP/new.list"; then
    echo "docs/img differs from the pictures docs/gen.sh makes (above: - committed, + generated)"; fail=1
  fi
  n=0
  while read -r f; do
    [ -f "$ROOT/docs/img/$f" ] || continue
    n=$((n + 1))
    cmp -s "$TMP/img/$f" "$ROOT/docs/img/$f" || { echo "out of date: docs/img/$f"; fail=1; }
  done <"$TMP/new.list"
  [ "$n" -gt 0 ] || { echo "no picture generated"; fail=1; }
  echo "$n pictures compared"
  # every picture is shown somewhere, and every picture a page shows exists
  for f in $(cat "$TMP/new.list"); do
    grep -q "img/$f" "$ROOT"/docs/*.md || { echo "docs/img/$f is referenced by no docs/*.md"; fail=1; }
  done
  for f in $(grep -oh 'img/[A-Za-z0-9_.-]*\.svg' "$ROOT"/docs/*.md | sort -u); do
    [ -f "$ROOT/docs/$f" ] || { echo "docs/$f is referenced but does not exist"; fail=1; }
  done
else
  cmp -s "$TMP/explorer.html" "$ROOT/docs/explorer.html" || { echo "out of date: docs/explorer.html"; fail=1; }
fi
if [ $fail -ne 0 ]; then
  echo "regenerate with: bash docs/gen.sh (or --swz-check <build>/tools/swz-check), then commit docs/"
  exit 1
fi
echo "docs/$([ "$WHAT" = svg ] && echo 'img/*.svg' || echo explorer.html) current"
