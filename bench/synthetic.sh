#!/usr/bin/env bash
# Synthetic-data benchmark: `tenscan check` on the training scripts of bench/synthetic/ at
# their default arguments (datasets drawn in Python loops, random branches per sample, float
# state such as a best loss or an annealed learning rate), then the data-loop scaling of
# bench/synthetic/shapes_vae.py with --samples 10, 100, 1000 and 100000.
# Targets: every script complete, < 1 s and < 200 MB; the scaling flat (every size complete,
# and its time and peak RSS at most twice the smallest size's, plus 50 ms and 20 MB of slack).
# A measurement, not a gate: exit 0 whatever the verdicts (1 with --check when a target is
# missed), 2 if the benchmark could not run.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bench/synthetic.sh [--build-dir DIR] [--timeout SECONDS] [--check] [SCRIPT...]

  SCRIPT            only these scripts (default: every bench/synthetic/*.py)
  --build-dir DIR   Release build directory holding cmd/tenscan (default: build-release,
                    configured for Release and built if the binary is missing)
  --timeout S       per-run timeout in seconds (default 60)
  --check           exit 1 when a target is missed
  TENSCAN=path      use this binary (no build)
EOF
}

die() { echo "bench/synthetic.sh: $*" >&2; exit 2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
source "$here/lib.sh"
repo=$(dirname "$here")
build_dir=$repo/build-release timeout_s=60 check=0
scripts=()
while (($#)); do
    case $1 in
        --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
        --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
        --check) check=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) scripts+=("$1"); shift ;;
    esac
done
[[ $timeout_s =~ ^[0-9]+$ ]] || die "--timeout needs whole seconds"
[[ -x /usr/bin/time ]] || die "GNU time is needed at /usr/bin/time (Debian: apt-get install time)"
command -v python3 >/dev/null || die "python3 is needed"

tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2
if ((${#scripts[@]} == 0)); then
    for f in "$here"/synthetic/*.py; do scripts+=("$f"); done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# run SCRIPT ARGS...: prints "wall_s rss_mb complete paths findings exit"
run() {
    local script=$1; shift
    local rc=0
    (cd "$repo" && /usr/bin/time -f '%e %M' -o "$tmp/time" timeout -k 5 "$timeout_s" \
        "$tenscan" check --format json "$script" -- "$@" >"$tmp/out.json" 2>"$tmp/err" </dev/null) || rc=$?
    python3 - "$tmp/out.json" "$tmp/time" "$rc" <<'PY'
import json, sys
out, timing, rc = sys.argv[1], sys.argv[2], int(sys.argv[3])
try:
    wall, rss = open(timing).read().split()[-2:]
    wall, rss = float(wall), int(rss) / 1024
except (OSError, ValueError):
    wall, rss = float("nan"), float("nan")
status, paths, findings = "crash", "-", "-"
if rc in (124, 137):
    status = "timeout"
else:
    try:
        doc = json.load(open(out))
        c = doc.get("completeness", {})
        status = "yes" if doc.get("completed", True) and c.get("complete", False) else "no"
        paths = f'{c.get("paths_completed", 0)}/{c.get("paths_stopped", 0)}'
        findings = str(len(doc.get("findings", [])))
    except (OSError, ValueError):
        pass
print(f"{wall:.2f} {rss:.0f} {status} {paths} {findings} {rc}")
PY
}

echo "tenscan: $tenscan ($("$tenscan" --version 2>/dev/null || echo '?')), load $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| script | wall s | peak RSS MB | complete | paths completed/stopped | findings | exit |"
echo "|---|---|---|---|---|---|---|"
met=0 total=0
for s in "${scripts[@]}"; do
    rel=${s#"$repo"/}
    read -r wall rss status paths findings rc < <(run "$rel")
    echo "| $(basename "$rel" .py) | $wall | $rss | $status | $paths | $findings | $rc |"
    total=$((total + 1))
    if [[ $status = yes ]] && python3 -c "import sys; sys.exit(0 if float('$wall') < 1 and float('$rss') < 200 else 1)"; then
        met=$((met + 1))
    fi
done
scripts_ok=$((met == total))
echo
echo "targets (each script complete, < 1 s, < 200 MB): $( ((scripts_ok)) && echo PASS || echo FAIL) ($met of $total)"

echo
echo "data-loop scaling: bench/synthetic/shapes_vae.py --samples N (a random branch per sample)"
echo
echo "| samples | wall s | peak RSS MB | complete |"
echo "|---|---|---|---|"
base_wall='' base_rss='' flat=1
for n in 10 100 1000 100000; do
    read -r wall rss status _ _ _ < <(run bench/synthetic/shapes_vae.py --samples "$n")
    echo "| $n | $wall | $rss | $status |"
    if [[ -z $base_wall ]]; then base_wall=$wall base_rss=$rss; fi
    [[ $status = yes ]] || flat=0
    python3 -c "import sys; sys.exit(0 if float('$wall') <= 2 * float('$base_wall') + 0.05 and float('$rss') <= 2 * float('$base_rss') + 20 else 1)" || flat=0
done
echo
echo "targets (scaling flat: complete, time and RSS within 2x the smallest + 50 ms / 20 MB): $( ((flat)) && echo PASS || echo FAIL)"
if ((check)) && ! ((scripts_ok && flat)); then exit 1; fi
exit 0
