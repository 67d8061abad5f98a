#!/usr/bin/env python3
"""Print 'N passed, N failed, N skipped' from a meson testlog.json (one JSON object a line).

Before that line, one line per reason a test was skipped, with the tests it skipped:
  skipped: <the test's last line of output> -- <test>, <test>, ...
so a test that did not run says why (no GPU, no cuobjdump, no libFuzzer) instead of only
adding to a count.
"""
import json
import sys

counts = {"passed": 0, "failed": 0, "skipped": 0}
skipped = {}  # reason -> test names, in the order meson ran them
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            test = json.loads(line)
            res = test.get("result", "")
            if res in ("OK", "EXPECTEDFAIL"):
                counts["passed"] += 1
            elif res == "SKIP":
                counts["skipped"] += 1
                out = [ln.strip() for ln in (test.get("stdout") or "").splitlines() if ln.strip()]
                out = out or [ln.strip() for ln in (test.get("stderr") or "").splitlines() if ln.strip()]
                reason = out[-1] if out else "(no reason given)"
                name = test.get("name", "?").split(" / ")[-1]
                skipped.setdefault(reason, []).append(name)
            else:
                counts["failed"] += 1
except OSError as e:
    print(f"no test log: {e}", file=sys.stderr)
    counts["failed"] += 1
for reason, names in skipped.items():
    print(f"skipped: {reason} -- {', '.join(names)}")
print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
sys.exit(1 if counts["failed"] else 0)
