#!/usr/bin/env python3
"""Print 'N passed, N failed, N skipped' from a meson testlog.json (one JSON object a line)."""
import json
import sys

counts = {"passed": 0, "failed": 0, "skipped": 0}
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            res = json.loads(line).get("result", "")
            if res in ("OK", "EXPECTEDFAIL"):
                counts["passed"] += 1
            elif res == "SKIP":
                counts["skipped"] += 1
            else:
                counts["failed"] += 1
except OSError as e:
    print(f"no test log: {e}", file=sys.stderr)
    counts["failed"] += 1
print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
sys.exit(1 if counts["failed"] else 0)
