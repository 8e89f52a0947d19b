#!/usr/bin/env python3
"""Runs every rule's example (config/rule_examples.def, via `tenscan rules --json`) under the
installed Python and torch, and checks that the bad program does what its entry says (raises that
exception with that message, or, for "nothing raises: ...", runs to the end) and that the fixed
twin runs to the end. A module-mode rule's example is a module: its entry ends with
"(module mode, when called as Encoder()(torch.randn(2, 32)))", and both twins are run so. A development check, not a test: the test suite never executes code.

    python3 tools/check_rule_examples.py build-r/cmd/tenscan
"""
import json
import os
import subprocess
import sys
import tempfile


def run(source):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "example.py")
        with open(path, "w") as f:
            f.write(source)
        p = subprocess.run([sys.executable, path], cwd=d, capture_output=True, text=True, timeout=300)
        lines = [l for l in p.stderr.splitlines() if l.strip()]
        return p.returncode, (lines[-1].strip() if lines else "")


def main():
    rules = json.loads(subprocess.run([sys.argv[1], "rules", "--json"], capture_output=True, text=True, check=True).stdout)
    failures = 0
    for r in rules:
        ex = r["example"]
        want = ex["raises"]
        # a module-mode rule: the example is a module, called as its entry says
        call = ""
        marker = " (module mode, when called as "
        if marker in want:
            call = "\nimport torch\n_ = " + want.split(marker)[1][:-1] + "\n"
            want = want.split(marker)[0]
        code, last = run(ex["bad"] + call)
        # (the entry may say more than the exception's message, in parentheses)
        message = want.split(" (on ")[0]
        if want.startswith("nothing raises"):
            ok = code == 0
        else:
            ok = code != 0 and last == message
        fixed_code, fixed_last = run(ex["fixed"] + call)
        ok = ok and fixed_code == 0
        failures += not ok
        print(("ok  " if ok else "FAIL") + f" {r['id']}: bad -> {last if code else 'ran to the end'}"
              + ("" if fixed_code == 0 else f"; fixed -> {fixed_last}"))
    print(f"{len(rules) - failures} of {len(rules)} examples behave as their entries say")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
