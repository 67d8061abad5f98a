#!/usr/bin/env python3
"""tests/host/header_examples.py -- every "Example" block of every public header compiles, in
the context its heading names.

Every include/swz/*.h opens with a doc block holding one or more "Example" sections (a line
` * Example` or ` * Example (...)`, then lines indented ` *   `, up to the first line that is
not): code a user may paste.  For each header (a glob: new headers are covered without editing
this file) each block is extracted, with the ` *   ` prefix removed, and compiled in the context
its heading names:

  * "in a kernel" -- the block is the body of a kernel: its file-scope items (see below) go to
    file scope, the other lines become the body of the kernel whose signature the heading gives
    in backticks (`__global__ void k(...)`; none given: a kernel without parameters), compiled
    by nvcc -arch=sm_90 -Werror all-warnings (SKIP without nvcc);
  * "CUDA toolkit" -- host code that needs the toolkit's headers and runtime: split like a host
    block into file scope and main(), compiled as C11 and C++11 by the host compilers with the
    toolkit's include directory (-c), and built and run by nvcc (exit 0; no GPU needed: the
    example must handle a failing CUDA call);
  * otherwise a block whose code (comments aside) uses CUDA (__global__, __shared__, threadIdx,
    blockIdx) is a CUDA file, compiled as written by nvcc -arch=sm_90 -Werror all-warnings
    (SKIP without nvcc);
  * any other block is host C: its file-scope items (lines at the block's left margin that
    start with '#', SWZ_FN, SWZ_STATIC_ASSERT, enum, typedef, struct, static, with their
    continuation lines) go to file scope, the other lines become the body of main(), and the
    program is compiled as C99 and as C++11 (-Wall -Wextra -Wpedantic -Werror; unused
    variables allowed: an example computes values to show them), linked and run (exit 0).

A header without an Example block fails.  Output: TAP, one line per block x language.

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


def examples_of(path):
    """[(heading, code)] of the Example blocks of a header's first comment, prefix removed."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, cur = [], None
    for line in lines:
        if line.startswith("*/") or line.strip() == "*/":
            break
        if cur is not None:
            if line.startswith(" *   "):
                cur[1].append(line[5:])
                continue
            blocks.append(cur)
            cur = None
        if re.match(r"^ \* Example\b", line):
            cur = (line[3:].strip(), [])
    if cur is not None:
        blocks.append(cur)
    return [(h, "\n".join(c) + "\n") for h, c in blocks if c]


def context_of(heading, code):
    """'kernel', 'toolkit', 'cuda' (a whole CUDA file) or 'host'."""
    if re.search(r"\bin a kernel\b", heading):
        return "kernel"
    if "CUDA toolkit" in heading:
        return "toolkit"
    if CUDA_WORDS.search(re.sub(r"//.*", "", code)):  # code, not its comments
        return "cuda"
    return "host"


def kernel_signature(heading):
    """The kernel signature a heading gives in backticks, or a kernel without parameters."""
    m = re.search(r"`(__global__[^`]*)`", heading)
    return m.group(1) if m else "__global__ void swz_example_kernel(void)"


def cuda_root(nvcc):
    """The toolkit directory of an nvcc (bin/..), for its include/ and lib64/."""
    return os.path.dirname(os.path.dirname(os.path.realpath(nvcc))) if nvcc else ""


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
    cuda_inc = os.path.join(cuda_root(nvcc), "include")
    headers = sorted(glob.glob(os.path.join(inc, "swz", "*.h")))
    langs = {"kernel": ["cuda-kernel"], "cuda": ["cuda"], "toolkit": ["c11+cuda.h", "c++11+cuda.h", "nvcc-host"],
             "host": ["c99", "c++11"]}
    plan = []
    for h in headers:
        name = os.path.basename(h)
        blocks = examples_of(h)
        if not blocks:
            plan.append((name, "", "none", None))
        for k, (heading, code) in enumerate(blocks, 1):
            label = name if len(blocks) == 1 else f"{name} example {k}"
            ctx = context_of(heading, code)
            for lang in langs[ctx]:
                plan.append((label, heading, lang, code))
    print(f"1..{len(plan)}")
    work = tempfile.mkdtemp(prefix="swz-hex.")
    try:
        for n, (name, heading, lang, code) in enumerate(plan, 1):
            what = f"{name}: its Example block compiles ({lang})"
            if code is None:
                print(f"not ok {n} - {name}: has an Example block")
                continue
            if lang.startswith("cuda") or lang.endswith("cuda.h") or lang == "nvcc-host":
                if not nvcc:
                    print(f"ok {n} - {what} # SKIP no nvcc")
                    continue
            exe = os.path.join(work, "ex")
            runs = False
            if lang == "cuda":
                src = os.path.join(work, "ex.cu")
                text = code
                cmd = [nvcc, "-arch=sm_90", "-Werror", "all-warnings", "-I", inc, "-c", src, "-o", exe + ".o"]
            elif lang == "cuda-kernel":
                top, body = split_scopes(code)
                src = os.path.join(work, "ex.cu")
                text = top + kernel_signature(heading) + "\n{\n" + body + "}\n"
                cmd = [nvcc, "-arch=sm_90", "-Werror", "all-warnings", "-I", inc, "-c", src, "-o", exe + ".o"]
            else:
                top, body = split_scopes(code)
                text = "#include <stdlib.h>\n" + top + "int main(void)\n{\n" + body + "    return 0;\n}\n"
                runs = lang in ("c99", "c++11", "nvcc-host")
                if lang == "nvcc-host":
                    src = os.path.join(work, "ex.cu")
                    cmd = [nvcc, "-arch=sm_90", "-Werror", "all-warnings", "-I", inc, src, "-o", exe]
                else:
                    src = os.path.join(work, "ex.c")
                    std = lang[:-len("+cuda.h")] if lang.endswith("+cuda.h") else lang
                    cmd = [cxx, "-x", "c++", "-std=" + std] if std.startswith("c++") else [cc, "-x", "c", "-std=" + std]
                    cmd += ["-Wall", "-Wextra", "-Wpedantic", "-Werror"] + LAX + ["-I", inc]
                    if lang.endswith("cuda.h"):
                        cmd += ["-isystem", cuda_inc, "-c", src, "-o", exe + ".o"]
                    else:
                        cmd += [src, "-o", exe]
            with open(src, "w") as f:
                f.write(text)
            rc, log = run(cmd, work)
            if rc == 0 and runs:
                rc, log2 = run([exe], work)
                log += log2
                if rc != 0:
                    log += f"\n(the program exited {rc})"
            if rc == 0:
                print(f"ok {n} - {what}")
            else:
                print(f"not ok {n} - {what}")
                for line in text.split("\n"):
                    print("#   | " + line)
                for line in log.strip().split("\n")[:25]:
                    print("# " + line[:300])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
