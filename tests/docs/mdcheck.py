#!/usr/bin/env python3
"""Check the code blocks of the docs (suite 'docs'): what a reader copies must work.

Usage:
  mdcheck.py --mode c       [-I DIR ...] FILE.md ...   compile every ```c block
  mdcheck.py --mode cuda    [-I DIR ...] FILE.md ...   compile every ```cuda block
  mdcheck.py --mode console --swz-check PATH FILE.md ...   re-run every ```console block
  mdcheck.py --mode console --swz-check PATH --update FILE.md ...   rewrite their output

Blocks are selected by the first word of the fence's info string; add the word `nocheck`
after it to exclude one block (none of the docs needs it today).  A block whose info string
has `file=NAME` (e.g. ```cuda file=smem_transpose.cuh) is a header the reader saves under
that name: it is written to the build directory (which is on the include path) and checked
by compiling the blocks that include it; one that no block includes is an error.  A block
with `fails=WORD` must NOT compile, and the compiler's message must contain WORD (the docs
show what a mistake looks like: e.g. ```c fails=swz_error_xor_row_must_be_a_whole_number_of_accesses).
  c        a whole translation unit: gcc -std=c11 -Wall -Wextra -Wpedantic -Werror; a block
           with main() is linked and run and must exit 0, others are compiled with -c.
  cuda     a whole translation unit: nvcc -arch=sm_90 -c (exit 77 without nvcc).
  console  lines "$ command" followed by the command's exact output.  The command runs in
           bash with the directory of --swz-check first on PATH, so "swz-check ..." is the
           built tool; output is compared line by line, trailing blanks ignored.
Fails when a file has no block of the mode at all and --allow-none is not given (a check that
checks nothing would pass silently).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^( *)```(\S*)(.*)$")


def blocks(path):
    """Yield (lang, words, first_line_no, last_line_no, text, indent) of each fenced block.
    A fence may be indented (inside a list item): the indent is removed from its lines."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang, rest = m.group(1), m.group(2), m.group(3).split()
        j = i + 1
        while j < len(lines) and not lines[j].startswith(indent + "```"):
            j += 1
        body = [ln[len(indent):] if ln.startswith(indent) else ln.lstrip() for ln in lines[i + 1:j]]
        yield lang, rest, i + 1, j + 1, "\n".join(body) + "\n", indent
        i = j + 1


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def expect_failure(p, path, line, word, tool):
    if p.returncode == 0:
        return f"{path}:{line}: {tool} accepted a block marked fails={word}"
    if word not in p.stderr:
        return f"{path}:{line}: {tool} failed, but its message does not name {word}\n{p.stderr[-2000:]}"
    return None


def check_c(blk, tmp, incs):
    path, line, text, fails = blk
    src = os.path.join(tmp, f"block{line}.c")
    open(src, "w").write(text)
    flags = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"] + [f"-I{d}" for d in incs]
    if fails:
        return expect_failure(run(["gcc"] + flags + ["-c", src, "-o", src + ".o"]), path, line, fails, "gcc")
    if re.search(r"\bint\s+main\s*\(", text):
        exe = src[:-2]
        p = run(["gcc"] + flags + [src, "-o", exe])
        if p.returncode:
            return f"{path}:{line}: gcc failed\n{p.stderr}"
        p = run([exe])
        if p.returncode:
            return f"{path}:{line}: the program exited {p.returncode}\n{p.stdout}{p.stderr}"
        return None
    p = run(["gcc"] + flags + ["-c", src, "-o", src + ".o"])
    return f"{path}:{line}: gcc failed\n{p.stderr}" if p.returncode else None


def check_cuda(blk, tmp, incs, nvcc):
    path, line, text, fails = blk
    src = os.path.join(tmp, f"block{line}.cu")
    open(src, "w").write(text)
    p = run([nvcc, "-arch=sm_90", "-c"] + [f"-I{d}" for d in incs] + [src, "-o", src + ".o"])
    if fails:
        return expect_failure(p, path, line, fails, "nvcc")
    return f"{path}:{line}: nvcc failed\n{p.stderr}" if p.returncode else None


def console_commands(text):
    """[(command, expected_lines)] of a console block."""
    out, cur = [], None
    for ln in text.rstrip("\n").split("\n"):
        if ln.startswith("$ "):
            cur = (ln[2:], [])
            out.append(cur)
        elif cur is not None:
            cur[1].append(ln)
        elif ln.strip():
            raise ValueError(f"output before the first '$ ' line: {ln!r}")
    return out


def run_console(cmd, env, cwd):
    p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True,
                       timeout=120, env=env, cwd=cwd)
    lines = (p.stdout + p.stderr).rstrip("\n").split("\n")
    return p.returncode, [ln.rstrip() for ln in lines]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["c", "cuda", "console"], required=True)
    ap.add_argument("-I", dest="incs", action="append", default=[])
    ap.add_argument("--swz-check")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--allow-none", action="store_true")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()

    errors, count = [], 0
    if a.mode in ("c", "cuda"):
        nvcc = None
        if a.mode == "cuda":
            nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or (
                "/usr/local/cuda/bin/nvcc" if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
            if not nvcc:
                print("no nvcc: skipped")
                return 77
        with tempfile.TemporaryDirectory(prefix="swz-mdcheck-") as tmp:
            todo, headers = [], []
            for f in a.files:
                n = 0
                for lang, words, first, _, text, _ in blocks(f):
                    if lang != a.mode or "nocheck" in words:
                        continue
                    name = next((w[5:] for w in words if w.startswith("file=")), None)
                    if name:
                        open(os.path.join(tmp, name), "w").write(text)
                        headers.append((f, first, name))
                        continue
                    fails = next((w[6:] for w in words if w.startswith("fails=")), None)
                    todo.append((f, first, text, fails))
                    n += 1
                if n == 0 and not a.allow_none:
                    errors.append(f"{f}: no ```{a.mode} block")
            for f, first, name in headers:
                if not any(re.search(r'#\s*include\s*"' + re.escape(name) + '"', b[2]) for b in todo):
                    errors.append(f"{f}:{first}: file={name} is included by no checked block")
            a.incs = [tmp] + a.incs
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
                if a.mode == "c":
                    res = list(ex.map(lambda b: check_c(b, tmp, a.incs), todo))
                else:
                    res = list(ex.map(lambda b: check_cuda(b, tmp, a.incs, nvcc), todo))
            for b, r in zip(todo, res):
                count += 1
                if r:
                    errors.append(r)
                else:
                    print(f"ok   {b[0]}:{b[1]} ({a.mode}{', fails as documented' if b[3] else ''})")
    else:
        if not a.swz_check:
            ap.error("--mode console needs --swz-check")
        env = dict(os.environ)
        env["PATH"] = os.path.dirname(os.path.abspath(a.swz_check)) + os.pathsep + env.get("PATH", "")
        env["LC_ALL"] = "C"
        with tempfile.TemporaryDirectory(prefix="swz-mdcheck-") as cwd:
            for f in a.files:
                n = 0
                lines = open(f, encoding="utf-8").read().split("\n")
                edits = []  # (first_line_index, last_line_index, new_body_lines)
                for lang, words, first, last, text, indent in blocks(f):
                    if lang != "console" or "nocheck" in words:
                        continue
                    n += 1
                    body = []
                    for cmd, want in console_commands(text):
                        count += 1
                        rc, got = run_console(cmd, env, cwd)
                        body += [indent + "$ " + cmd] + [(indent + g).rstrip() for g in got]
                        if rc:
                            errors.append(f"{f}:{first}: `{cmd}` exited {rc}\n" + "\n".join(got[-20:]))
                        elif [w.rstrip() for w in want] != got:
                            diff = next((k for k, (x, y) in enumerate(zip(want, got)) if x.rstrip() != y),
                                        min(len(want), len(got)))
                            errors.append(f"{f}:{first}: `{cmd}`: output differs at its line {diff + 1}:\n"
                                          f"  doc:  {want[diff] if diff < len(want) else '(end)'}\n"
                                          f"  tool: {got[diff] if diff < len(got) else '(end)'}")
                        else:
                            print(f"ok   {f}:{first}: {cmd}")
                    edits.append((first, last - 1, body))
                if n == 0 and not a.allow_none:
                    errors.append(f"{f}: no ```console block")
                if a.update and edits:
                    for first, last, body in reversed(edits):
                        lines[first:last] = body
                    open(f, "w", encoding="utf-8").write("\n".join(lines))
        if a.update:
            print(f"updated {count} commands' output")
            return 0
    for e in errors:
        print("FAIL " + e)
    if errors and a.mode == "console":
        print("if the tool's output changed on purpose: bash docs/gen.sh --only md, then commit docs/")
    print(f"{count} blocks checked, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
