#!/usr/bin/env python3
"""tests/host/header_examples.py -- the "Example" block of every public header compiles.

Every include/swz/*.h opens with a doc block whose "Example" section (the line ` * Example`,
then lines indented ` *   `, up to the first line that is not) is code a user may paste.  For
each header (a glob: new headers are covered without editing this file) the block is
extracted, with the ` *   ` prefix removed, and compiled:

  * a block whose code (comments aside) uses CUDA (__global__, __shared__, threadIdx,
    blockIdx) is a CUDA file,
    compiled as written by nvcc -arch=sm_90 -Werror all-warnings (SKIP without nvcc);
  * any other block is host C: its file-scope items (lines at the block's left margin that
    start with '#', SWZ_FN, SWZ_STATIC_ASSERT, enum, typedef, struct, static, with their
    continuation lines) go to file scope, the other lines become the body of main(), and the
    program is compiled as C99 and as C++11 (-Wall -Wextra -Wpedantic -Werror; unused
    variables allowed: an example computes values to show them), linked and run (exit 0).

A header without an Example block fails.  Output: TAP, one line per header x language.

Usage: header_examples.py <include-dir>     (CC, CXX, NVCC override the compilers)
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

CUDA_WORDS = re.compile(r"__global__|__shared__|threadIdx|blockIdx")
FILE_SCOPE = re.compile(r"^(#|SWZ_FN\b|SWZ_STATIC_ASSERT\b|enum\b|typedef\b|struct\b|static\b)")
LAX = ["-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-unused-function"]


def example_of(path):
    """The Example block of a header's first comment, prefix removed; None if absent."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, inside = [], False
    for line in lines:
        if line.startswith("*/") or line.strip() == "*/":
            break
        if not inside:
            if re.match(r"^ \* Example\b", line):
                inside = True
            continue
        if line.startswith(" *   "):
            out.append(line[5:])
        else:
            break
    return "\n".join(out) + "\n" if out else None


def split_scopes(code):
    """(file-scope text, main-body text) of a host example."""
    top, body = [], []
    lines = code.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if FILE_SCOPE.match(line):
            item = [line]
            depth = line.count("{") - line.count("}")
            cont = line.rstrip().endswith("\\")
            i += 1
            # continuation: a macro's backslash lines, open braces, or deeper-indented lines
            while i < len(lines) and (cont or depth > 0 or
                                      (lines[i].startswith(" ") and not line.startswith("#"))):
                item.append(lines[i])
                depth += lines[i].count("{") - lines[i].count("}")
                cont = lines[i].rstrip().endswith("\\")
                i += 1
            top.extend(item)
        else:
            body.append("    " + line if line else line)
            i += 1
    return "\n".join(top) + "\n", "\n".join(body) + "\n"


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def main():
    inc = os.path.abspath(sys.argv[1])
    cc = os.environ.get("CC") or "gcc"
    cxx = os.environ.get("CXX") or "g++"
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or (
        "/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else "")
    headers = sorted(glob.glob(os.path.join(inc, "swz", "*.h")))
    plan = []
    for h in headers:
        code = example_of(h)
        name = os.path.basename(h)
        if code is None:
            plan.append((name, "none", None))
        elif CUDA_WORDS.search(re.sub(r"//.*", "", code)):  # code, not its comments
            plan.append((name, "cuda", code))
        else:
            plan.append((name, "c99", code))
            plan.append((name, "c++11", code))
    print(f"1..{len(plan)}")
    work = tempfile.mkdtemp(prefix="swz-hex.")
    try:
        for n, (name, lang, code) in enumerate(plan, 1):
            what = f"{name}: its Example block compiles ({lang})"
            if code is None:
                print(f"not ok {n} - {name}: has an Example block")
                continue
            if lang == "cuda":
                if not nvcc:
                    print(f"ok {n} - {what} # SKIP no nvcc")
                    continue
                src = os.path.join(work, "ex.cu")
                with open(src, "w") as f:
                    f.write(code)
                rc, log = run([nvcc, "-arch=sm_90", "-Werror", "all-warnings", "-I", inc,
                               "-c", src, "-o", os.path.join(work, "ex.o")], work)
            else:
                top, body = split_scopes(code)
                src = os.path.join(work, "ex.c")
                with open(src, "w") as f:
                    f.write("#include <stdlib.h>\n" + top +
                            "int main(void)\n{\n" + body + "    return 0;\n}\n")
                exe = os.path.join(work, "ex")
                if lang == "c99":
                    cmd = [cc, "-x", "c", "-std=c99"]
                else:
                    cmd = [cxx, "-x", "c++", "-std=c++11"]
                cmd += ["-Wall", "-Wextra", "-Wpedantic", "-Werror"] + LAX + ["-I", inc, src, "-o", exe]
                rc, log = run(cmd, work)
                if rc == 0:
                    rc, log2 = run([exe], work)
                    log += log2
                    if rc != 0:
                        log += f"\n(the program exited {rc})"
            if rc == 0:
                print(f"ok {n} - {what}")
            else:
                print(f"not ok {n} - {what}")
                with open(src) as f:
                    for line in f.read().split("\n"):
                        print("#   | " + line)
                for line in log.strip().split("\n")[:25]:
                    print("# " + line[:300])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
