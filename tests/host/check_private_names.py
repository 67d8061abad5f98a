#!/usr/bin/env python3
"""tests/host/check_private_names.py -- no private swz name is used outside include/ and tests/.

Names that start swz__ or SWZ__ are include/swz's own: they may change in any release.  The
examples, benches, tools, the explorer and the code blocks of the documentation use only the
public names (swz_, SWZ_); the tests may be white-box.  This test reads every file of the
source tree outside include/ and tests/ (the files git knows, or every file when the tree is not
a git checkout; build directories, hidden directories and binary files skipped) and fails on any
swz__ / SWZ__ name:

  * in a source, build or script file: anywhere;
  * in a Markdown file: inside fenced code blocks only (code a reader copies); the prose of
    docs/design.md and CHANGELOG.md may name an internal to explain it (the compile error that
    names swz__ct_check, a private name that became public).

A self-test runs the scanner on made-up files (a use in code, one in a Markdown code block, one
in Markdown prose) and requires exactly the first two to be reported, so the check can fail.

Output: TAP.  Usage: check_private_names.py <source-root>
"""
import os
import re
import subprocess
import sys

PRIVATE = re.compile(r"\b(?:swz__|SWZ__)\w*")
FENCE = re.compile(r"^\s*(```|~~~)")
SKIP_TOP = ("include", "tests")


def files_of(root):
    """Relative paths of the tree's files outside include/ and tests/."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        paths = [p for p in out.decode().split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")
                       and not os.path.exists(os.path.join(d, x, "meson-private"))]
            paths += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return sorted(p for p in paths if p.split("/")[0] not in SKIP_TOP)


def uses(path, text):
    """(line number, name) of every private name the file uses where it counts."""
    found = []
    in_code = not path.endswith(".md")
    for i, line in enumerate(text.split("\n"), 1):
        if path.endswith(".md") and FENCE.match(line):
            in_code = not in_code
            continue
        if in_code:
            found += [(i, m.group(0)) for m in PRIVATE.finditer(line)]
    return found


def scan(files):
    """files: path -> text.  The list of findings, one sentence each."""
    return [f"{p}:{i}: {name}" for p, text in sorted(files.items()) for i, name in uses(p, text)]


def self_test():
    made_up = {
        "examples/a.cu": "uint32_t s = swz__smem_u32(p);\n",
        "docs/a.md": "Prose may name `swz__ct_check`.\n\n```c\nswz__fail(&e, 1, \"\", \"\", \"\", 0);\n```\n",
        "docs/b.md": "Only prose: SWZ__CT_CHECK_AFTER chains the checks.\n",
    }
    got = scan(made_up)
    return got == ["docs/a.md:4: swz__fail", "examples/a.cu:1: swz__smem_u32"], got


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    ok, got = self_test()
    print("1..2")
    print(f"{'ok' if ok else 'not ok'} 1 - self-test: a use in code and in a Markdown code block are found, prose is not")
    for g in got if not ok else []:
        print(f"#   {g}")
    texts = {}
    for p in files_of(root):
        try:
            with open(os.path.join(root, p), encoding="utf-8") as f:
                texts[p] = f.read()
        except (UnicodeDecodeError, OSError):
            continue  # binary, or listed but absent
    bad = scan(texts)
    print(f"{'ok' if not bad else 'not ok'} 2 - {len(texts)} files outside include/ and tests/ use no swz__/SWZ__ name")
    for b in bad:
        print(f"#   {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
