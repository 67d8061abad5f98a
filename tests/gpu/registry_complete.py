#!/usr/bin/env python3
"""tests/gpu/registry_complete.py EXAMPLE LIBRARY FAMILY -- every kernel in a family's library
belongs to a variant of its registry.

A variant instantiated in a variants file but left out of the registry would build and never be
tested: the GPU tests, the benches and tools/ncu-check.py all walk the registry.  This reads the
kernel-name prefix of every registered variant from `EXAMPLE --predict` (the `kernel` column,
examples/family_main.h) and the names of the __global__ functions compiled into LIBRARY (their
host stubs, `nm -C`), and fails on any kernel named swz_FAMILY_... that no prefix covers, or on a
registered variant with no kernel at all.  No GPU needed; exit 77 (skip) without nm.
"""
import re
import shutil
import subprocess
import sys


def kernels(lib, family):
    out = subprocess.run(["nm", "-C", "--defined-only", lib], check=True, capture_output=True,
                         text=True).stdout
    # Every __global__ function has a host stub "__device_stub__Z<len><name>..." (mangled: the
    # name is the next <len> characters), whatever its linkage; nothing else is named so.
    stub = re.compile(r"__device_stub__Z(\d+)(swz_%s_\w+)" % re.escape(family))
    found = set()
    for line in out.splitlines():
        found.update(m.group(2)[:int(m.group(1))] for m in stub.finditer(line))
    return sorted(found)


def prefixes(example):
    out = subprocess.run([example, "--predict"], check=True, capture_output=True, text=True).stdout
    rows = [l.split() for l in out.splitlines() if l.strip() and not l.startswith("#")]
    return {r[1]: r[2] for r in rows if len(r) > 2}  # name -> kernel prefix


def main(argv):
    if len(argv) != 4:
        print(__doc__)
        return 2
    example, lib, family = argv[1:]
    if shutil.which("nm") is None:
        print("registry-complete: no nm here (binutils)")
        return 77
    ks, ps = kernels(lib, family), prefixes(example)
    bad = [k for k in ks if not any(k.startswith(p) for p in ps.values())]
    empty = [n for n, p in ps.items() if not any(k.startswith(p) for k in ks)]
    for k in bad:
        print("FAIL %s: kernel %s belongs to no registered variant" % (family, k))
    for n in empty:
        print("FAIL %s: variant %s has no kernel %s* in %s" % (family, n, ps[n], lib))
    print("%s: %d kernels, %d registered variants: %s" % (family, len(ks), len(ps),
          "FAILED" if bad or empty else "every kernel registered"))
    return 1 if bad or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
