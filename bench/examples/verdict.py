#!/usr/bin/env python3
"""Judge one `tenscan check --format json` run for bench/examples.sh.

  verdict.py VARIANT JSON ROOT [--expect FILE:LINE ...] [--baseline JSON]

VARIANT is `unmodified`, `injected` or `mutated`; ROOT is the directory tenscan ran in
(finding paths are relative to it); each --expect names a file (relative to ROOT) and a
1-based line where the error must be reported (a finding whose range covers the line
counts). Error findings whose `identity` also occurs in the --baseline run (the unmodified
project) are not counted as extra: the unmodified variant already reports them.

Prints one tab-separated line:
  VERDICT  ERRORS  OPERATIONS  UNMODELLED_DISTINCT  TOP5  COMPLETED  NOTES
NOTES: notifications that explain an early stop (uncaught exception, script exit, budget).
VERDICT is `ok` or `FAIL: <reason>` (unmodified: also FAIL when the analysis was vacuous:
the script exits with an error or no operation was analysed); TOP5 is `name×count,...` (or `-`).
"""
import json
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def where(finding, root):
    loc = finding.get("location") or {}
    path = loc.get("path", "?")
    full = os.path.normpath(path if os.path.isabs(path) else os.path.join(root, path))
    return full, loc.get("line", 0), loc.get("end_line", loc.get("line", 0))


def short(finding, root):
    full, line, _ = where(finding, root)
    rel = os.path.relpath(full, root)
    msg = " ".join(finding.get("message", "").split())
    if len(msg) > 110:
        msg = msg[:107] + "..."
    return f"{rel}:{line} {finding.get('rule', '?')}: {msg}"


def main(argv):
    variant, json_path, root = argv[0], argv[1], os.path.abspath(argv[2])
    expect, baseline = [], None
    rest = argv[3:]
    while rest:
        opt, val, rest = rest[0], rest[1], rest[2:]
        if opt == "--expect":
            f, _, line = val.rpartition(":")
            expect.append((os.path.normpath(os.path.join(root, f)), int(line)))
        elif opt == "--baseline":
            baseline = val
    doc = load(json_path)
    errors = [f for f in doc.get("findings", []) if f.get("level") == "error"]
    known = set()
    if baseline:
        try:
            known = {f.get("identity") for f in load(baseline).get("findings", [])
                     if f.get("level") == "error"}
        except (OSError, ValueError):
            pass

    stats = doc.get("stats", {})
    ops = sum(v for v in stats.get("operations", {}).values() if isinstance(v, (int, float)))
    # why an analysis may have stopped early: the script exits (argparse), a path ended with
    # an uncaught exception (often from an unmodelled API), a budget was hit
    notes = []
    for n in doc.get("notifications", []):
        msg = " ".join(n.get("message", "").split())
        if n.get("kind") == "unmodelled-call" and msg.split(" ", 1)[0].isdigit():
            continue  # the summary of unmodelled calls: listed in the table
        loc = n.get("location")
        at = f"{loc.get('path')}:{loc.get('line')}: " if loc else ""
        notes.append(at + (msg if len(msg) <= 140 else msg[:137] + "..."))
    why = (" [" + "; ".join(notes[:2]) + "]") if notes else ""
    exits = [n for n in doc.get("notifications", []) if n.get("kind") == "script-exit"
             and n.get("level") == "error"]

    if variant == "unmodified":
        if errors:
            verdict = f"FAIL: extra findings ({len(errors)}): " + " | ".join(short(f, root) for f in errors[:3])
        elif exits or ops == 0:
            verdict = f"FAIL: vacuous ({int(ops)} operations analysed){why}"
        else:
            verdict = "ok"
    else:
        def hit(f):
            full, line, end = where(f, root)
            return any(full == ef and line <= el <= max(end, line) for ef, el in expect)
        hits = [f for f in errors if hit(f)]
        extra = [f for f in errors if not hit(f) and f.get("identity") not in known]
        if not hits and not extra:
            verdict = "FAIL: missing finding" + why
        elif not hits:
            verdict = f"FAIL: wrong line ({len(extra)}): " + " | ".join(short(f, root) for f in extra[:2])
        elif extra:
            verdict = f"FAIL: extra findings ({len(extra)}): " + " | ".join(short(f, root) for f in extra[:2])
        else:
            verdict = "ok"

    unmodelled = stats.get("unmodelled_calls", {}) or {}
    top = sorted(unmodelled.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    top5 = ",".join(f"{k}×{v}" for k, v in top) or "-"
    benign = stats.get("benign_calls", {}) or {}  # I/O, logging, plotting, ...: need no model
    completed = "yes" if doc.get("completed", True) else "no"
    print("\t".join([verdict, str(len(errors)), str(int(ops)), f"{len(unmodelled)} (+{len(benign)} need none)", top5, completed,
                     "; ".join(notes[:3]) or "-"]))


if __name__ == "__main__":
    main(sys.argv[1:])
