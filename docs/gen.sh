#!/usr/bin/env bash
# docs/gen.sh -- regenerate every generated file under docs/: the bank-map pictures
# (docs/img/*.svg, drawn by swz-check), docs/explorer.html (docs/explorer/page.html with
# docs/explorer/explorer.c -- the swz headers -- compiled to WebAssembly and embedded base64),
# and the output shown under each `$ swz-check ...` line of docs/guide.md and docs/layouts.md.
#
#   bash docs/gen.sh                          # build swz-check from tools/swz-check.c, write docs/
#   bash docs/gen.sh --swz-check build/tools/swz-check
#   bash docs/gen.sh --out /tmp/d --only svg  # what tests/docs does: regenerate elsewhere, compare
#
# Options: --swz-check PATH (default: compile tools/swz-check.c with cc), --out DIR (default:
# docs/; pictures go to DIR/img), --only svg|explorer|md (md: the console blocks, rewritten in
# place; done only when writing to docs/).  Needs: cc for swz-check; clang with the
# wasm32 target and wasm-ld (Debian: clang, lld) for the explorer.  Output is byte-for-byte
# deterministic: the test suite checks the committed files against a fresh run.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SWZ=""
OUT="$ROOT/docs"
ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --swz-check) SWZ=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    -h|--help) sed -n "2,15p" "$0"; exit 0 ;;
    *) echo "gen.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
TMP=$(mktemp -d "${TMPDIR:-/tmp}/swz-gen.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# ---- pictures --------------------------------------------------------------------------------
# name | swz-check options | --svg (bank map of the instruction) or --svg-grid (the tile's banks)
PICTURES=(
  # none: the row-major tile, and why it needs a layout
  "none-32x32f-col|--layout none --tile 32x32 --elem 4 --access 4 --pattern col|svg"
  "none-32x32f-grid|--layout none --tile 32x32 --elem 4 --access 4 --pattern col|svg-grid"
  # pad
  "pad-32x32f-col|--layout pad --tile 32x32 --elem 4 --access 4 --pattern col|svg"
  "pad-32x32f-grid|--layout pad --tile 32x32 --elem 4 --access 4 --pattern col|svg-grid"
  "pad-64x64h-col16|--layout pad --tile 64x64 --elem 2 --access 16 --pattern col|svg"
  "pad-16x32f-row|--layout pad --tile 16x32 --elem 4 --access 4 --pattern row|svg"
  # xor, automatic: the three common shapes and the access-width trap
  "xor-32x32f-col|--layout xor --tile 32x32 --elem 4 --access 4 --pattern col|svg"
  "xor-32x32f-grid|--layout xor --tile 32x32 --elem 4 --access 4 --pattern col|svg-grid"
  "xor-64x64h-col16|--layout xor --tile 64x64 --elem 2 --access 16 --pattern col|svg"
  "xor-64x8h-grid16|--layout xor --tile 64x8 --elem 2 --access 16 --pattern col|svg-grid"
  "xor-16x32f-col|--layout xor --tile 16x32 --elem 4 --access 4 --pattern col|svg"
  "xor-16x32f-row|--layout xor --tile 16x32 --elem 4 --access 4 --pattern row|svg"
  "xor-16x32f-grid|--layout xor --tile 16x32 --elem 4 --access 4 --pattern col|svg-grid"
  "xor-a4-32x32f-col8|--layout xor --tile 32x32 --elem 4 --layout-access 4 --access 8 --pattern col|svg"
  "xor-a8-32x32f-col8|--layout xor --tile 32x32 --elem 4 --layout-access 8 --access 8 --pattern col|svg"
  "xor-a8-32x32f-grid|--layout xor --tile 32x32 --elem 4 --layout-access 8 --access 8 --pattern col|svg-grid"
  "xor-a8-32x32f-col4|--layout xor --tile 32x32 --elem 4 --layout-access 8 --access 4 --pattern col|svg"
  # xor on a row that is not a power of two: 96 halves, 12 units of 16 bytes
  "xor-96x32h-col16|--layout xor --tile 96x32 --elem 2 --access 16 --pattern col|svg"
  "xor-96x8h-grid16|--layout xor --tile 96x8 --elem 2 --access 16 --pattern col|svg-grid"
  # morton
  "morton-32x32f-row|--layout morton --tile 32x32 --elem 4 --access 4 --pattern row|svg"
  "morton-32x32f-col|--layout morton --tile 32x32 --elem 4 --access 4 --pattern col|svg"
  "morton-32x32f-block|--layout morton --tile 32x32 --elem 4 --access 4 --pattern block|svg"
  "morton-32x32f-grid|--layout morton --tile 32x32 --elem 4 --access 4 --pattern block|svg-grid"
  # Hopper TMA / wgmma modes
  "tma128-64x64h-ldmatrix4|--layout tma128 --tile 64x64 --elem 2 --access ldmatrix4 --pattern col|svg"
  "tma128-64x8h-grid|--layout tma128 --tile 64x8 --elem 2 --access 16 --pattern col|svg-grid"
  "tma128-32x32f-col4|--layout tma128 --tile 32x32 --elem 4 --access 4 --pattern col|svg"
  "tma64-32x16h-grid|--layout tma64 --tile 32x16 --elem 2 --access 16 --pattern col|svg-grid"
  "tma64-32x32h-col16|--layout tma64 --tile 32x32 --elem 2 --access 16 --pattern col|svg"
  "tma32-16x32h-col16|--layout tma32 --tile 16x32 --elem 2 --access 16 --pattern col|svg"
  "tma32-16x32h-grid|--layout tma32 --tile 16x32 --elem 2 --access 16 --pattern col|svg-grid"
)

build_swz() {
  if [ -z "$SWZ" ]; then
    command -v cc >/dev/null || { echo "gen.sh: no cc to build swz-check; pass --swz-check PATH" >&2; exit 1; }
    cc -std=c11 -O2 -I"$ROOT/include" -I"$ROOT/tools" "$ROOT/tools/swz-check.c" -o "$TMP/swz-check"
    SWZ=$TMP/swz-check
  fi
}

gen_svg() {
  build_swz
  mkdir -p "$OUT/img"
  local entry name opts kind
  for entry in "${PICTURES[@]}"; do
    IFS='|' read -r name opts kind <<<"$entry"
    # shellcheck disable=SC2086
    "$SWZ" $opts "--$kind" "$OUT/img/$name.svg" >/dev/null
  done
}

gen_explorer() {
  mkdir -p "$OUT"
  local cc=${CLANG:-clang}
  command -v "$cc" >/dev/null || { echo "gen.sh: no clang for the explorer's WebAssembly (apt-get install clang lld)" >&2; exit 1; }
  # Deterministic output: no debug info, names stripped; the build directory is not embedded.
  (cd "$ROOT" && "$cc" --target=wasm32 -ffreestanding -nostdlib -O2 -mbulk-memory \
     -Wall -Wextra -Werror -Iinclude -Wl,--no-entry -Wl,--strip-all \
     -o "$TMP/explorer.wasm" docs/explorer/explorer.c)
  python3 - "$ROOT/docs/explorer/page.html" "$TMP/explorer.wasm" "$OUT/explorer.html" <<'PY'
import base64, sys
page, wasm, out = sys.argv[1:4]
html = open(page, encoding="utf-8").read()
assert html.count("@WASM_BASE64@") == 1, "page.html must hold one @WASM_BASE64@"

def leb(data, i):
    n = shift = 0
    while True:
        b = data[i]; i += 1
        n |= (b & 0x7F) << shift; shift += 7
        if b < 0x80:
            return n, i

# Drop custom sections (id 0: "producers" names the compiler version): only code and data stay.
data = open(wasm, "rb").read()
assert data[:8] == b"\0asm\1\0\0\0", "not a wasm module"
keep, i = [data[:8]], 8
while i < len(data):
    start = i
    sid = data[i]
    size, i = leb(data, i + 1)
    if sid != 0:
        keep.append(data[start:i + size])
    i += size
b64 = base64.b64encode(b"".join(keep)).decode("ascii")
with open(out, "w", encoding="utf-8", newline="\n") as f:
    f.write(html.replace("@WASM_BASE64@", b64))
PY
}

gen_md() {
  [ "$(cd "$OUT" && pwd)" = "$ROOT/docs" ] || return 0
  build_swz
  python3 "$ROOT/tests/docs/mdcheck.py" --mode console --swz-check "$SWZ" --update \
    "$ROOT/docs/guide.md" "$ROOT/docs/layouts.md" "$ROOT/docs/solver.md" >/dev/null
}

case "$ONLY" in
  "") gen_svg; gen_explorer; gen_md ;;
  svg) gen_svg ;;
  explorer) gen_explorer ;;
  md) gen_md ;;
  *) echo "gen.sh: --only svg|explorer|md" >&2; exit 2 ;;
esac
