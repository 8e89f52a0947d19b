#!/usr/bin/env python3
"""The numerical checks on GRIST's PyTorch subjects (Jacob-yen/GRIST, ICSE'21: NaN/Inf bugs in
real training scripts, each with its bug marked). Run through bench/grist.sh.

GRIST's own copy of each script (`*_grist.py`) names the value its search drives to the
failure: `obj_var = <expr>` (or `obj_function = ...` where it builds the objective by hand).
The bug site is the statement of the original script that matches that line's neighbourhood;
a numerical finding within a few lines of it counts as found at the site. Prints, per subject,
found at the site / found elsewhere only / missed, and the numerical findings elsewhere in the
same program."""
import difflib
import json
import os
import subprocess
import sys

# GRIST's 22 PyTorch subjects: id, entry script (relative to scripts/study_case/ID_n)
SUBJECTS = [
    ("4", "test/nn/models/test_autoencoder.py"), ("5", "tests/test_losses.py"), ("12", "main.py"),
    ("13", "test/utils/test_softmax.py"), ("22", "My_pytorch1.py"), ("23", "ch5.3_softmax.py"),
    ("26", "0401_logistic_regression.py"), ("27", "0503_softmax_regression_cost.py"),
    ("32", "0504_softmax_regression.py"), ("33", "logistic_classification.py"),
    ("34", "softmax_classification.py"), ("37", "lab-05-1-logistic_regression.py"), ("38", "lab-09-1-xor.py"),
    ("46", "torch20_softmax.py"), ("47", "torch21_Softmax_Reg1.py"), ("51", "rbm.py"),
    ("53", "h02_20191644.py"), ("54", "h03_20191644.py"), ("56", "01_Logistic_Regression.py"),
    ("57", "03_softmax_cost.py"), ("62", "denoising_RBM.py"), ("63", "main.py"),
]
NEAR = 3  # lines between the marked statement and a finding at the site


def marked_line(original, grist):
    """The original script's line that GRIST's `obj_var = ...` follows, by aligning the two."""
    a = open(original, encoding="utf-8", errors="replace").read().splitlines()
    b = open(grist, encoding="utf-8", errors="replace").read().splitlines()
    mark = next((i for i, line in enumerate(b) if "obj_var =" in line and not line.lstrip().startswith("#")), None)
    if mark is None:
        mark = next((i for i, line in enumerate(b) if "obj_function =" in line and "None" not in line), None)
    if mark is None:
        return None
    # the last original line aligned at or before the mark
    best = None
    for blk in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
        if blk.size and blk.b <= mark:
            best = blk.a + min(mark - blk.b, blk.size - 1)
    return None if best is None else best + 1


def main():
    root, tenscan = sys.argv[1], sys.argv[2]
    cases = os.path.join(root, "scripts", "study_case")
    rows, at_site, elsewhere_only, other_total = [], 0, 0, 0
    for sid, entry in SUBJECTS:
        d = os.path.join(cases, "ID_" + sid)
        script = os.path.join(d, entry)
        grist = script[:-3] + "_grist.py"
        if not os.path.exists(grist):  # (the library subjects instrument a file of the library)
            grist = next((os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs if f.endswith("_grist.py")), None)
        site = marked_line(script, grist) if grist and os.path.dirname(grist) == os.path.dirname(script) else None
        run = subprocess.run([tenscan, "check", entry, "--format", "json"], cwd=d, capture_output=True, text=True,
                             timeout=120)
        try:
            doc = json.loads(run.stdout)
            res = doc["entries"][0] if "entries" in doc else doc
        except (ValueError, KeyError, IndexError):
            rows.append((sid, "-", "tenscan failed", 0, ""))
            continue
        found = [f for f in res.get("findings", []) if f["rule"].startswith("numeric/")]
        main_file = os.path.basename(entry)
        near = [f for f in found if site and f["location"]["path"].endswith(main_file)
                and abs(f["location"]["line"] - site) <= NEAR]
        verdict = "at the site" if near else "elsewhere only" if found else "missed"
        at_site += bool(near)
        elsewhere_only += bool(found) and not near
        others = len(found) - len(near)
        other_total += others
        complete = "complete" if res.get("completeness", {}).get("complete") else "incomplete"
        rows.append((sid, site or "-", verdict, others, complete))
    print("| ID | marked line | numerical finding | findings elsewhere | analysis |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %s | %s |" % r)
    print()
    print("found at the marked site: %d of %d; found elsewhere only: %d; other numerical findings: %d"
          % (at_site, len(SUBJECTS), elsewhere_only, other_total))


if __name__ == "__main__":
    main()
