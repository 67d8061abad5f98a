#!/usr/bin/env python3
"""tests/gpu/sass_check.py TRANSPOSE_EXE REDUCE_EXE -- what the fast paths compile to.

Reads the SASS of programs linking the transpose and reduce kernel libraries (cuobjdump -sass;
the test programs link every variant through the registries) and checks, per kernel:
  transpose, shared-memory layouts (none, pad, xor, morton), 16-byte vectors (TILE*E >= 16):
      LDG.E.128 (16-byte global loads), STG.E.128 (16-byte global stores), STS.128 (16-byte
      shared stores) present, in the narrow kernels of small matrices too (where not empty:
      G == 1 compiles them empty); 1- and 2-byte elements: PRMT (the register transpose of
      the transposed store is byte permutes) present; the twin kernels for misaligned rows
      (_kernel_mis): global loads and stores and shared stores of the twin's own width
      (`TRANSPOSE_EXE twins` lists each twin with it: 16 bytes, or the element's for 4- and
      8-byte elements on 128-byte rows), and where that width is wider than an element
      (copies.h's shifted path) SHFL.DOWN / SHFL.UP (the neighbour lanes' units) and the PRMT
      above, except that a twin writing whole output units by ownership (`twins`' third
      column, SWZ_TRANSPOSE_MIS_OWN) reads the next rows from shared memory: SHFL.DOWN and no
      SHFL.UP; the tma layout: UTMALDG.3D, UTMASTG.3D, LDS.128 and STS.128 instead of the
      global vectors;
  reduce fast partials: LDG.E.128 present;
  every kernel: no local memory (LDL/STL: spills or dynamically indexed arrays).
cuobjdump is looked up at run time: $CUOBJDUMP, then PATH, then /usr/local/cuda/bin, then the
copy tools/setup.sh unpacks into build-tools/cuda/bin; without it the check exits 77 (meson:
SKIP) and says why.  No GPU needed.  Exit 1 on a violation."""
import collections
import os
import re
import shutil
import subprocess
import sys


def find_cuobjdump():
    """$CUOBJDUMP, cuobjdump on PATH, /usr/local/cuda/bin or build-tools/cuda/bin; None if none."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for c in (os.environ.get("CUOBJDUMP"), shutil.which("cuobjdump"), "/usr/local/cuda/bin/cuobjdump",
              os.path.join(repo, "build-tools", "cuda", "bin", "cuobjdump")):
        if c and os.access(c, os.X_OK):
            return c
    return None


def functions(cuobjdump, lib):
    text = subprocess.run([cuobjdump, "-sass", lib], stdout=subprocess.PIPE,
                          universal_newlines=True, check=True).stdout
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = m.group(1)
            funcs[cur] = collections.Counter()
            continue
        if cur:
            # LDGSTS (cp.async) first: it would count as an LDG otherwise
            m = re.search(r"\b(LDGSTS|LDG|STG|LDS|STS|LDL|STL|PRMT|SHFL|UTMALDG|UTMASTG)((?:\.[A-Z0-9]+)*)", line)
            if m:
                mods = [x for x in m.group(2).split(".") if x and x not in ("CONSTANT", "STRONG", "SM", "GPU", "EF", "EL", "LU", "EU", "NA")]
                funcs[cur][".".join([m.group(1)] + mods)] += 1
    return funcs


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    ltr, lrd = sys.argv[1:]  # executables (cuobjdump cannot read meson's archives)
    cuobjdump = find_cuobjdump()
    if cuobjdump is None:
        print("SKIP: cuobjdump not found ($CUOBJDUMP, PATH, /usr/local/cuda/bin, build-tools/cuda/bin); "
              "tools/setup.sh installs it (PyPI nvidia-cuda-cuobjdump)")
        return 77
    # the twins and their access widths, from the program itself (transpose.h's ops->mis_vbytes)
    twins = {}
    for line in subprocess.run([ltr, "twins"], stdout=subprocess.PIPE, universal_newlines=True,
                               check=True).stdout.splitlines():
        k, w, own = line.split()
        twins[k] = (int(w), own == "1")
    width = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}
    bad, seen = [], 0
    for name, h in functions(cuobjdump, ltr).items():
        m = re.match(r"swz_transpose_(\w+?)_(\d+)_(\w+?)_kernel(_narrow|_mis)?$", name)
        if not m or (m.group(4) == "_narrow" and not any(k.startswith(("LDG", "STG")) for k in h)):
            continue  # not a transpose kernel, or a narrow kernel compiled empty (G == 1)
        seen += 1
        layout, tile, elem = m.group(1), int(m.group(2)), m.group(3)
        esize = {"u8": 1, "half": 2, "float": 4, "double": 8, "v16": 16}[elem]
        need = []
        if m.group(4) == "_mis":
            if name not in twins:
                bad.append("%s: not in the program's list of twins" % name)
                continue
            vb, own = twins.pop(name)
            w = width[vb]
            need = ["LDG.E" + w, "STG.E" + w, "STS" + w]
            if vb > esize:  # shifted in registers
                need += ["SHFL.DOWN"] + ([] if own else ["SHFL.UP"]) + (["PRMT"] if esize < 4 else [])
            if own and h["SHFL.UP"]:  # the next rows come from shared memory, not the previous lane
                bad.append("%s: SHFL.UP in a twin writing by ownership" % name)
        elif layout == "tma":  # TMA both ways, 16-byte shared copies between the two tiles
            need = ["UTMALDG.3D", "UTMASTG.3D", "LDS.128", "STS.128"]
        elif layout != "naive" and tile * esize >= 16:
            need = ["LDG.E.128", "STG.E.128", "STS.128"]
        if m.group(4) != "_mis" and layout != "naive" and esize < 4:
            need.append("PRMT")
        for n in need:
            if h[n] == 0:
                bad.append("%s: no %s" % (name, n))
        for n in ("LDL", "STL"):
            if any(k.startswith(n) for k in h):
                bad.append("%s: local memory (%s)" % (name, n))
    for name in twins:
        bad.append("%s: listed as a twin, not in the SASS" % name)
    for name, h in functions(cuobjdump, lrd).items():
        if not name.startswith("swz_reduce_"):
            continue
        seen += 1
        if name.endswith("_partials") and h["LDG.E.128"] == 0:
            bad.append("%s: no LDG.E.128" % name)
        if any(k.startswith("LDL") or k.startswith("STL") for k in h):
            bad.append("%s: local memory" % name)
    for b in bad:
        print("FAIL " + b)
    print("sass-check: %d kernels, %s" % (seen, "%d violations" % len(bad) if bad else "ok"))
    return 1 if bad or seen == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
