#!/usr/bin/env python3
"""Hyperparameter spaces at Refty's scale (run through bench/space.sh): one `tenscan check
--space ...` over the whole space of bench/space/inception_sweep.py, timed, then a brute-force
run of tenscan on a seeded sample of the space's vectors, one concrete vector each, whose
findings must be exactly what the space's regions say of that vector.

Each space is also classified in both of Refty's solver modes (--space-solver bulk and
individual) besides auto, on the Inception space (sparse: few failing vectors) and on
bench/space/dense_conv.py (4,096 vectors nearly all failing), where bulk mode's blocking
clauses pile up.

Targets: the space has at least 10,000 vectors, its analysis takes under 10 s, the sample has
at least 200 vectors and every verdict agrees; the three modes find the same regions, and auto
mode takes at most 1.5 times the faster of the two on each space; the dense space in four
parts (--space-part) gives the whole space's regions. Exit 1 when a target is
missed, 2 when the bench cannot run."""
import itertools
import json
import random
import re
import statistics
import subprocess
import sys
import time

SCRIPT = "bench/space/inception_sweep.py"
# option -> its values (the space; --space texts are made from it)
SPACE = {
    "--batch-size": list(range(1, 65)),
    "--image-size": list(range(75, 300, 8)),
    "--k-a": [1, 3, 5, 7],
    "--k-b": [1, 3, 5],
    "--k-c": [1, 3, 5, 7],
    "--stem-stride": [1, 2],
}
SAMPLE = 200
RUNS = 5
MODES = ["auto", "bulk", "individual"]
DENSE = "bench/space/dense_conv.py"
DENSE_SPACE = ["--space", "kernel=1..64", "--space", "stride=1..64"]
AUTO_WITHIN = 1.5
PARTS = 4


def space_args():
    out = []
    for name, values in SPACE.items():
        steps = {b - a for a, b in zip(values, values[1:])}
        if len(steps) == 1 and len(values) > 4:
            out += ["--space", f"{name}={values[0]}..{values[-1]}:{steps.pop()}"]
        else:
            out += ["--space", name + "=" + ",".join(map(str, values))]
    return out


def run(tenscan, args, script=SCRIPT):
    p = subprocess.run([tenscan, "check", "--format", "json", script] + args, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"bench/space.py: tenscan exited {p.returncode}: {p.stderr.strip()[:400]}")
    return json.loads(p.stdout)


def by_mode(tenscan, args, script, runs):
    """The space in each of the solver's modes (Refty's individual and bulk; auto picks by the
    size of each requirement's space and how dense its failures are): the same regions, and
    what each costs. Returns {mode: (times, regions)} and whether the modes agree and auto is
    within AUTO_WITHIN of the faster mode."""
    found = {}
    print(f"{script} {' '.join(args)}:")
    for mode in MODES:
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            doc = run(tenscan, args + ["--space-solver", mode], script)
            times.append(time.perf_counter() - t0)
        found[mode] = (times, regions_of(doc, script == SCRIPT))
        print(f"  --space-solver {mode}: median {statistics.median(times):.3f} s of {runs} runs "
              f"(min {min(times):.3f}, max {max(times):.3f}); "
              f"{sum(len(r[2]) for r in found[mode][1])} failing vectors in {len(found[mode][1])} regions")
    same = all(found[m][1] == found["auto"][1] for m in MODES)
    fastest = min(statistics.median(found[m][0]) for m in ("bulk", "individual"))
    within = statistics.median(found["auto"][0]) <= AUTO_WITHIN * fastest
    print(f"  the three modes find the same regions: {'yes' if same else 'NO'}; auto within "
          f"{AUTO_WITHIN}x of the faster mode: {'yes' if within else 'NO'}")
    return found, same and within


def in_parts(tenscan, args, script, whole):
    """The space in PARTS parts of its first hyperparameter (tenscan check --space-part, as
    tenscan ci runs an entry's "space_parts"), one after the other: each part's time (the wall
    time of a CI matrix with a runner per part is the longest), and whether the parts' failing
    vectors together are the whole space's."""
    name = args[1].split("=")[0]
    joined, times = {}, []
    for k in range(1, PARTS + 1):
        t0 = time.perf_counter()
        doc = run(tenscan, args + ["--space-part", f"{name}={k}/{PARTS}"], script)
        times.append(time.perf_counter() - t0)
        for key_, dims, failing, _ in regions_of(doc, False):
            joined.setdefault((key_, tuple(dims)), set()).update(failing)
    expected = {(key_, tuple(dims)): failing for key_, dims, failing, _ in whole}
    same = joined == expected
    print(f"  in {PARTS} parts of {name} (--space-part): {' + '.join(f'{t:.3f}' for t in times)} = "
          f"{sum(times):.3f} s one after the other, {max(times):.3f} s on a runner each; the parts' regions "
          f"join into the whole's: {'yes' if same else 'NO'}")
    return same


def regions_of(doc, need_complete=True):
    regions = []
    for f in doc["findings"]:
        r = f.get("space_region")
        if not r:
            sys.exit(f"bench/space.py: a finding without a region: {f['message'][:200]}")
        if not r["complete"] and need_complete:
            sys.exit(f"bench/space.py: a region is not complete: {f['message'][:200]}")
        # (a region of more than 256 vectors carries its first 256 and its count in the message)
        count = re.search(r"\((?:fails|improper) for ([^)]*)\)", f["message"])
        regions.append((key(f), r["hyperparameters"], {tuple(v) for v in r["failing"]}, count and count.group(1)))
    return regions


def key(f):
    return (f["rule"], f["location"]["line"], f["location"]["col"])


def main():
    tenscan = sys.argv[1]
    total = 1
    for values in SPACE.values():
        total *= len(values)
    args = space_args()
    print(f"space: {total} vectors over {len(SPACE)} options; {SCRIPT}")
    found, same_modes = by_mode(tenscan, args, SCRIPT, RUNS)
    dense, same_dense = by_mode(tenscan, DENSE_SPACE, DENSE, 1)
    same_parts = in_parts(tenscan, DENSE_SPACE, DENSE, dense["auto"][1])
    times, regions = found["auto"]
    print(f"whole-space analysis: median {statistics.median(times):.3f} s of {RUNS} runs "
          f"(min {min(times):.3f}, max {max(times):.3f}); {len(regions)} findings with a region:")
    for (rule, line, col), names, failing, _ in regions:
        print(f"  {rule} at line {line}: fails for {len(failing)} combinations of {', '.join(names)}")

    rng = random.Random(20221)
    vectors = [tuple(rng.choice(v) for v in SPACE.values()) for _ in range(SAMPLE)]
    names = list(SPACE)
    disagree = 0
    t0 = time.perf_counter()
    for vec in vectors:
        concrete = dict(zip(names, vec))
        expected = set()
        for k, dims, failing, _ in regions:
            if tuple(str(concrete[d]) for d in dims) in failing:
                expected.add(k)
        argv = ["--"] + [x for n in names for x in (n, str(concrete[n]))]
        got = {key(f) for f in run(tenscan, argv)["findings"]}
        if got != expected:
            disagree += 1
            if disagree <= 5:
                print(f"  DISAGREE {concrete}: space says {sorted(expected)}, the vector's own run {sorted(got)}")
    brute = time.perf_counter() - t0
    print(f"brute force: {SAMPLE} sampled vectors (seed 20221), one run each, {brute:.1f} s; "
          f"{SAMPLE - disagree} agree, {disagree} disagree")
    ok = total >= 10000 and statistics.median(times) < 10 and SAMPLE >= 200 and disagree == 0
    ok = ok and same_modes and same_dense and same_parts
    print(f"targets (>= 10000 vectors, < 10 s, >= 200 sampled, all agree; modes agree, auto within "
          f"{AUTO_WITHIN}x): {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
