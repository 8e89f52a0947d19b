#!/usr/bin/env python3
"""tenscan on the public TensorFlow/Keras shape-fault corpora. Run through bench/tf-corpora.sh.

Two corpora, each a set of faulty programs with their fixed twins (fetched, never committed):

- tensfa's SFData (`SFData/{ICSE2020,ISSTA2018,StackOverflow}`): per fault, `sID_context.py`
  (the faulty program from the StackOverflow post, completed with the data and imports it
  needs to run and crash) and `sID_ground_truth.py` (the same program repaired).
  `sID_original.py` (the post's code as posted, often a fragment) is not analysed.
- ForeverZyh/TensorFlow-Program-Bugs (ISSTA'18), its StackOverflow subjects whose root cause is
  an unaligned tensor (`StackOverflow/UT-n/ID-buggy/*.py` and `ID-fix/*.py`).

The fault's lines are the faulty program's lines that the fix changes (difflib; a pure
insertion marks the lines on both sides of it). A finding counts as *at the line* when its
location, or one of its related locations or steps, is on one of them; as *elsewhere* when
the faulty program has findings but none there. A finding is an error or a warning of the
shape, hparam or dtype rules. A false positive is such a finding on a fixed program.

For a missed fault the reason is read from tenscan's own report: a syntax error (Python 2
code), a name the program never defines (the post's fragment), the analysis stopped before
the end, a call tenscan has no model for (grouped: TensorFlow 1.x API removed in 2.x, other
TensorFlow/Keras API, data read from files, another library), or modelled but not detected.
"""
import argparse
import collections
import difflib
import glob
import json
import os
import subprocess
import sys
import time

FAMILIES = ("shape/", "hparam/", "dtype/")
LEVELS = ("error", "warning")
# tensorflow.* prefixes that TensorFlow 2 removed (the program can only run on 1.x)
TF1_ONLY = ("tensorflow.contrib", "tensorflow.examples", "tensorflow.layers", "tensorflow.variable_scope",
            "tensorflow.name_scope", "tensorflow.get_variable", "tensorflow.python", "tensorflow.Session",
            "tensorflow.placeholder", "tensorflow.train.", "tensorflow.nn.rnn_cell", "tensorflow.nn.dynamic_rnn",
            "tensorflow.nn.bidirectional_dynamic_rnn", "tensorflow.image.resize_images", "tensorflow.to_",
            "tensorflow.WholeFileReader", "tensorflow.TextLineReader", "tensorflow.FixedLengthRecordReader",
            "tensorflow.decode_csv", "tensorflow.read_file", "tensorflow.initialize_all_variables")
FILE_READERS = ("open", "numpy.load", "numpy.loadtxt", "numpy.genfromtxt", "numpy.fromfile", "pandas.", "PIL.",
                "cv2.", "scipy.io", "scipy.misc", "imageio", "skimage.", "h5py", "glob.", "os.listdir", "os.walk",
                "csv.", "pickle.", "matplotlib.image", "tensorflow.keras.preprocessing", "keras.preprocessing",
                "tensorflow.io", "tensorflow.gfile", "tensorflow.data.TextLineDataset")


def fault_lines(buggy, fixed):
    a = open(buggy, encoding="utf-8", errors="replace").read().splitlines()
    b = open(fixed, encoding="utf-8", errors="replace").read().splitlines()
    lines = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, [s.strip() for s in a], [s.strip() for s in b],
                                                     autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            lines.update(range(i1 + 1, i2 + 1))
        elif tag == "insert":
            lines.update(n for n in (i1, i1 + 1) if 1 <= n <= len(a))
    # a change that only adds or removes blank lines or comments is not the fault
    return {n for n in lines if n <= len(a) and a[n - 1].strip() and not a[n - 1].strip().startswith("#")} or lines


def analyse(tenscan, path, timeout):
    start = time.monotonic()
    try:
        run = subprocess.run([tenscan, "check", os.path.basename(path), "--project-root", ".", "--format", "json",
                              "--stats"], cwd=os.path.dirname(path), capture_output=True, text=True, timeout=timeout)
        doc = json.loads(run.stdout)
        doc = doc["entries"][0] if "entries" in doc else doc
    except subprocess.TimeoutExpired:
        doc = {"failed": "timed out after %d s" % timeout}
    except (ValueError, KeyError, IndexError):
        doc = {"failed": "no report (exit %d): %s" % (run.returncode, run.stderr.strip()[-200:])}
    doc["seconds"] = time.monotonic() - start
    return doc


def findings(doc, name):
    return [f for f in doc.get("findings", []) if f["rule"].startswith(FAMILIES) and f.get("level") in LEVELS
            and f["location"]["path"].endswith(name)]


def lines_of(f):
    spans = [f["location"]] + [r.get("location", r) for r in f.get("related", []) + f.get("steps", [])]
    out = set()
    for s in spans:
        if "line" in s:
            out.update(range(s["line"], s.get("end_line", s["line"]) + 1))
    return out


def why_missed(doc):
    if "failed" in doc:
        return "tenscan failed: " + doc["failed"], []
    rules = {f["rule"] for f in doc.get("findings", [])}
    if "python/syntax-error" in rules:
        return "not Python 3 (syntax error: Python 2 code)", []
    if "python/name-error" in rules:
        return "uses a name it never defines", []
    unmodelled = [k.replace("import ", "") for k in doc.get("stats", {}).get("unmodelled_calls", {})]
    if unmodelled:
        leaves = [k for k in unmodelled if not any(o != k and o.startswith(k + ".") for o in unmodelled)]
        if any(k.startswith(FILE_READERS) for k in leaves):
            return "data read from files", [k for k in leaves if k.startswith(FILE_READERS)]
        tf1 = [k for k in leaves if k.startswith(TF1_ONLY)]
        if tf1:
            return "unmodelled TensorFlow 1.x API (removed in 2.x)", tf1
        tf = [k for k in leaves if k.startswith(("tensorflow", "keras"))]
        if tf:
            return "unmodelled TensorFlow/Keras API", tf
        return "unmodelled library", leaves
    if not doc.get("completed", True):
        causes = doc.get("completeness", {}).get("causes", [])
        return "analysis stopped: " + (causes[0].get("kind", "?") if causes and isinstance(causes[0], dict)
                                        else str(causes[0]) if causes else "?"), []
    return "modelled, not detected", []


def sfdata_pairs(root):
    for sub in ("ICSE2020", "ISSTA2018", "StackOverflow"):
        for ctx in sorted(glob.glob(os.path.join(root, sub, "s*_context.py"))):
            fixed = ctx[: -len("_context.py")] + "_ground_truth.py"
            if os.path.exists(fixed):
                yield "SFData/" + sub, os.path.basename(ctx)[: -len("_context.py")], ctx, fixed


def tfbugs_pairs(root):
    for subject in sorted(glob.glob(os.path.join(root, "StackOverflow", "UT-*")),
                          key=lambda p: int(p.rsplit("-", 1)[1])):
        for buggy_dir in sorted(glob.glob(os.path.join(subject, "*-buggy"))):
            fix_dir = buggy_dir[: -len("-buggy")] + "-fix"
            for buggy in sorted(glob.glob(os.path.join(buggy_dir, "*.py"))):
                fixed = os.path.join(fix_dir, os.path.basename(buggy))
                if os.path.exists(fixed):
                    yield "TensorFlow-Program-Bugs/UT", os.path.basename(subject), buggy, fixed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tenscan", required=True)
    ap.add_argument("--sfdata", help="tensfa's SFData directory")
    ap.add_argument("--tfbugs", help="a TensorFlow-Program-Bugs checkout")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--verbose", action="store_true", help="one line per fault")
    ap.add_argument("--json", help="write every fault's verdict here")
    args = ap.parse_args()
    pairs = []
    if args.sfdata:
        pairs += sfdata_pairs(args.sfdata)
    if args.tfbugs:
        pairs += tfbugs_pairs(args.tfbugs)
    if not pairs:
        sys.exit("bench/tf_corpora.py: no faults found (give --sfdata and/or --tfbugs)")
    per = collections.OrderedDict()
    rows = []
    for corpus, fid, buggy, fixed in pairs:
        c = per.setdefault(corpus, dict(faults=0, at=0, elsewhere=0, missed=0, fp=0, fp_files=0, unanalysable=0,
                                       seconds=0.0, slowest=0.0, reasons=collections.Counter(),
                                       apis=collections.Counter()))
        site = fault_lines(buggy, fixed)
        bdoc, fdoc = analyse(args.tenscan, buggy, args.timeout), analyse(args.tenscan, fixed, args.timeout)
        found = findings(bdoc, os.path.basename(buggy))
        fps = findings(fdoc, os.path.basename(fixed))
        at = [f for f in found if lines_of(f) & site]
        c["faults"] += 1
        c["seconds"] += bdoc["seconds"] + fdoc["seconds"]
        c["slowest"] = max(c["slowest"], bdoc["seconds"], fdoc["seconds"])
        c["fp"] += len(fps)
        c["fp_files"] += bool(fps)
        if at:
            verdict, reason = "at the line", ""
            c["at"] += 1
        elif found:
            verdict, reason = "elsewhere", ""
            c["elsewhere"] += 1
        else:
            verdict = "missed"
            reason, apis = why_missed(bdoc)
            c["missed"] += 1
            c["reasons"][reason] += 1
            c["apis"].update(apis)
            c["unanalysable"] += reason.startswith(("not Python 3", "uses a name"))
        rows.append(dict(corpus=corpus, id=fid, verdict=verdict, reason=reason, fault_lines=sorted(site),
                         found=[(f["location"]["line"], f["rule"], f["message"]) for f in found],
                         false_positives=[(f["location"]["line"], f["rule"], f["message"]) for f in fps]))
        if args.verbose:
            print("%-28s %-14s %-11s lines %s  %s%s" % (corpus, fid, verdict, ",".join(map(str, sorted(site))),
                  "; ".join("%d %s" % (f[0], f[1]) for f in rows[-1]["found"]) or reason,
                  "  FALSE POSITIVE: " + "; ".join("%d %s %s" % fp for fp in rows[-1]["false_positives"])
                  if fps else ""), flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    print()
    print("| corpus | faults | at the line | elsewhere | missed | analysable | at the line / analysable "
          "| fixed versions with a finding (findings) | seconds (slowest) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for corpus, c in per.items():
        analysable = c["faults"] - c["unanalysable"]
        print("| %s | %d | %d | %d | %d | %d | %.0f %% | %d (%d) | %.1f (%.1f) |" % (
            corpus, c["faults"], c["at"], c["elsewhere"], c["missed"], analysable,
            100.0 * c["at"] / analysable if analysable else 0, c["fp_files"], c["fp"], c["seconds"], c["slowest"]))
    for corpus, c in per.items():
        print("\n%s, why the %d missed faults were missed:" % (corpus, c["missed"]))
        for reason, n in c["reasons"].most_common():
            print("  %3d  %s" % (n, reason))
        if c["apis"]:
            print("  the calls without a model, by number of faults:")
            for api, n in c["apis"].most_common(15):
                print("  %5d  %s" % (n, api))


if __name__ == "__main__":
    main()
