#!/usr/bin/env python3
"""tenscan on the public TensorFlow/Keras shape-fault corpora. Run through bench/tf-corpora.sh.

Two corpora, each a set of faulty programs with their fixed twins (fetched, never committed):

- tensfa's SFData (`SFData/{ICSE2020,ISSTA2018,StackOverflow}`): per fault, `sID_context.py`
  (the faulty program from the StackOverflow post, completed with the data and imports it
  needs to run and crash) and `sID_ground_truth.py` (the same program repaired).
  `sID_original.py` (the post's code as posted, often a fragment) is not analysed.
- ForeverZyh/TensorFlow-Program-Bugs (ISSTA'18), its subjects whose root cause is an unaligned
  tensor: the StackOverflow ones (`StackOverflow/UT-n/ID-buggy/*.py` and `ID-fix/*.py`) and the
  GitHub ones (`Github/UT-n/`: a project's buggy and fixed trees, `NAME-buggy/` and `NAME-fix/`,
  and a `test_script.py` whose subprocess calls name the entry scripts and their arguments:
  each is analysed with those arguments, except the dataset downloads). Its programs run under
  TensorFlow 1.8.0 (each asserts `tf.__version__ == "1.8.0"`, and the corpus says so), which
  tenscan is told with `--library-version tensorflow=1.8.0`, as a project says it with a pin in
  its requirements; SFData's programs say no version (tenscan takes the latest).

The fault's lines are the faulty program's lines that the fix changes (difflib, in every file
the fix changes; a pure insertion marks the lines on both sides of it). A finding counts as *at
the line* when its location, or one of its related locations or steps, is on one of them; as
*elsewhere* when the faulty program has findings but none there. A finding is an error or a
warning of the shape, hparam or dtype rules, in the project's own files. A false positive is
such a finding on a fixed program.

For a missed fault the reason is read from tenscan's own report: a syntax error (Python 2
code), a name the program never defines (the post's fragment), the analysis stopped before
the end, a call tenscan has no model for (grouped: TensorFlow 1.x API removed in 2.x, other
TensorFlow/Keras API, data read from files, another library), or modelled but not detected.
"""
import argparse
import ast
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


def analyse(tenscan, root, entry, args, timeout, versions=()):
    """tenscan's JSON report on `entry` (relative to the project `root`) run with `args`, the
    library versions (NAME=VERSION) declared."""
    start = time.monotonic()
    declared = [x for v in versions for x in ("--library-version", v)]
    try:
        run = subprocess.run([tenscan, "check", entry, "--project-root", ".", "--format", "json", "--stats"] + declared +
                             ["--"] + args,
                             cwd=root, capture_output=True, text=True, timeout=timeout)
        doc = json.loads(run.stdout)
        doc = doc["entries"][0] if "entries" in doc else doc
    except subprocess.TimeoutExpired:
        doc = {"failed": "timed out after %d s" % timeout}
    except (ValueError, KeyError, IndexError):
        doc = {"failed": "no report (exit %d): %s" % (run.returncode, run.stderr.strip()[-200:])}
    doc["seconds"] = time.monotonic() - start
    return doc


def findings(doc):
    return [f for f in doc.get("findings", []) if f["rule"].startswith(FAMILIES) and f.get("level") in LEVELS]


def lines_of(f):
    """The (file, line) places a finding names: its location, related locations and steps."""
    spans = [f["location"]] + [r.get("location", r) for r in f.get("related", []) + f.get("steps", [])]
    out = set()
    for s in spans:
        if "line" in s:
            path = s.get("path", f["location"]["path"])
            out.update((path, n) for n in range(s["line"], s.get("end_line", s["line"]) + 1))
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


class Subject:
    """A fault: the faulty and fixed project trees, the entry scripts of each (relative to the
    tree) with their arguments, the fault's (file, line) places in the faulty tree, and the
    library versions the programs run with (NAME=VERSION)."""

    def __init__(self, corpus, fid, buggy_root, fixed_root, entries, fixed_entries, site, versions=()):
        self.corpus, self.id = corpus, fid
        self.buggy_root, self.fixed_root = buggy_root, fixed_root
        self.entries, self.fixed_entries = entries, fixed_entries
        self.site = site
        self.versions = versions


def single_file(corpus, fid, buggy, fixed, versions=()):
    # (the two programs are in one directory, under different names: a tree of each)
    name = os.path.basename(buggy)
    return Subject(corpus, fid, os.path.dirname(buggy), os.path.dirname(fixed), [(name, [])],
                   [(os.path.basename(fixed), [])], {(name, n) for n in fault_lines(buggy, fixed)}, versions)


TFBUGS_VERSIONS = ("tensorflow=1.8.0",)


def sfdata_subjects(root):
    for sub in ("ICSE2020", "ISSTA2018", "StackOverflow"):
        for ctx in sorted(glob.glob(os.path.join(root, sub, "s*_context.py"))):
            fixed = ctx[: -len("_context.py")] + "_ground_truth.py"
            if os.path.exists(fixed):
                yield single_file("SFData/" + sub, os.path.basename(ctx)[: -len("_context.py")], ctx, fixed)


def _ut(subjects):
    return sorted(subjects, key=lambda p: int(p.rsplit("-", 1)[1]))


def tfbugs_subjects(root):
    for subject in _ut(glob.glob(os.path.join(root, "StackOverflow", "UT-*"))):
        for buggy_dir in sorted(glob.glob(os.path.join(subject, "*-buggy"))):
            fix_dir = buggy_dir[: -len("-buggy")] + "-fix"
            for buggy in sorted(glob.glob(os.path.join(buggy_dir, "*.py"))):
                fixed = os.path.join(fix_dir, os.path.basename(buggy))
                if os.path.exists(fixed):
                    yield single_file("TensorFlow-Program-Bugs/UT", os.path.basename(subject), buggy, fixed, TFBUGS_VERSIONS)
    for subject in _ut(glob.glob(os.path.join(root, "Github", "UT-*"))):
        s = github_subject(subject)
        if s:
            yield s


def test_script_entries(path):
    """The entry scripts test_script.py runs and their arguments: each subprocess.call's list
    [interpreter_path, "./%s/SCRIPT" % get_target_dir(), "--flag=value", ...], the directory
    left out (a dataset download, download.py, is not an entry)."""
    entries = []
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "call"
                and node.args and isinstance(node.args[0], ast.List)):
            continue
        items = node.args[0].elts[1:]
        text = []
        for it in items:
            if isinstance(it, ast.Constant) and isinstance(it.value, str):
                text.append(it.value)
            elif isinstance(it, ast.BinOp) and isinstance(it.left, ast.Constant) and isinstance(it.left.value, str):
                text.append(it.left.value.replace("%s", "DIR"))
        if not text or not text[0].startswith("./DIR/"):
            continue
        script = text[0][len("./DIR/"):]
        if os.path.basename(script) != "download.py":
            entries.append((script, [a for a in text[1:] if "DIR" not in a]))
    return entries


def github_subject(subject):
    test = os.path.join(subject, "test_script.py")
    buggy = [d for d in glob.glob(os.path.join(subject, "*-buggy")) if os.path.isdir(d)]
    if not os.path.exists(test) or len(buggy) != 1:
        return None
    fix = buggy[0][: -len("-buggy")] + "-fix"
    entries = test_script_entries(test)
    if not entries or not os.path.isdir(fix):
        return None
    site = set()
    for path in sorted(glob.glob(os.path.join(buggy[0], "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, buggy[0])
        other = os.path.join(fix, rel)
        if os.path.exists(other) and open(path, "rb").read() != open(other, "rb").read():
            site.update((rel, n) for n in fault_lines(path, other))
    return Subject("TensorFlow-Program-Bugs/Github UT", os.path.basename(subject), buggy[0], fix, entries, entries, site,
                   TFBUGS_VERSIONS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tenscan", required=True)
    ap.add_argument("--sfdata", help="tensfa's SFData directory")
    ap.add_argument("--tfbugs", help="a TensorFlow-Program-Bugs checkout")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--verbose", action="store_true", help="one line per fault")
    ap.add_argument("--json", help="write every fault's verdict here")
    args = ap.parse_args()
    subjects = []
    if args.sfdata:
        subjects += sfdata_subjects(args.sfdata)
    if args.tfbugs:
        subjects += tfbugs_subjects(args.tfbugs)
    if not subjects:
        sys.exit("bench/tf_corpora.py: no faults found (give --sfdata and/or --tfbugs)")
    per = collections.OrderedDict()
    rows = []
    for subj in subjects:
        corpus, fid, site = subj.corpus, subj.id, subj.site
        c = per.setdefault(corpus, dict(faults=0, at=0, elsewhere=0, missed=0, fp=0, fp_files=0, unanalysable=0,
                                       seconds=0.0, slowest=0.0, reasons=collections.Counter(),
                                       apis=collections.Counter()))
        bdocs = [analyse(args.tenscan, subj.buggy_root, e, a, args.timeout, subj.versions) for e, a in subj.entries]
        fdocs = [analyse(args.tenscan, subj.fixed_root, e, a, args.timeout, subj.versions) for e, a in subj.fixed_entries]
        found = [f for d in bdocs for f in findings(d)]
        fps = [f for d in fdocs for f in findings(d)]
        bdoc = bdocs[0]
        at = [f for f in found if lines_of(f) & site]
        c["faults"] += 1
        seconds = [d["seconds"] for d in bdocs + fdocs]
        c["seconds"] += sum(seconds)
        c["slowest"] = max([c["slowest"]] + seconds)
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
            print("%-28s %-14s %-11s lines %s  %s%s" % (corpus, fid, verdict, ",".join(
                  "%s:%d" % (f, n) if len({f for f, _ in site}) > 1 else str(n) for f, n in sorted(site)),
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
