#!/usr/bin/env bash
# Module-mode benchmark: `tenscan check --modules on` on each file of models listed (default
# bench/modules/examples.txt, paths in a pytorch/examples checkout), one row per file: wall
# time, peak RSS, contracts inferred, errors, whether the analysis was complete; then a target
# line (each file under 1 s and 300 MB, with no error finding). With --runs N each file is run N
# times and its fastest run is the row (one run's wall time varies by a third on a loaded
# machine). A measurement: exit 0 whatever the verdicts (1 with --check when the targets are not
# met), 2 if it could not run.
#
#   bench/modules.sh PATH_TO_CHECKOUT [--list FILE] [--build-dir DIR] [--runs N] [--check]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
checkout=${1:?usage: bench/modules.sh PATH_TO_CHECKOUT [--list FILE] [--build-dir DIR] [--runs N] [--check]}
shift
list=$here/modules/examples.txt build_dir=build-release check=0 runs=1
while [[ $# -gt 0 ]]; do
    case $1 in
        --list) list=$2; shift 2 ;;
        --build-dir) build_dir=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --check) check=1; shift ;;
        *) echo "bench/modules.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[[ -d $checkout && -f $list ]] || { echo "bench/modules.sh: no checkout $checkout or list $list" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench/modules.sh: --runs takes a positive count, got $runs" >&2; exit 2; }
# shellcheck source=bench/lib.sh
source "$here/lib.sh"
tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# (CPU seconds beside the wall time: on a loaded machine the wall time of one run varies by a
# third, its CPU time much less; the target is on the wall time)
echo "| file | seconds | CPU s | peak MB | contracts | errors | complete |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
met=0 total=0
while read -r file; do
    [[ -z $file || $file == \#* ]] && continue
    total=$((total + 1))
    if [[ ! -f $checkout/$file ]]; then echo "| $file | - | - | - | - | - | absent |"; continue; fi
    secs='' kb='' cpu=''
    for ((run = 0; run < runs; run++)); do
        (cd "$checkout" && /usr/bin/time -f "%e %M %U %S" -o "$out/time" "$tenscan" check --modules on --format json "$file" \
            >"$out/r.json" 2>/dev/null) || true
        read -r s k user sys < <(tail -1 "$out/time")  # (after "Command exited with non-zero status")
        if [[ -z $secs ]] || python3 -c "import sys; sys.exit(0 if $s < $secs else 1)"; then
            secs=$s kb=$k cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
        fi
    done
    row=$(python3 - "$out/r.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("- - no"); sys.exit()
errors = sum(1 for f in d["findings"] if f["level"] == "error")
print(len(d.get("contracts", [])), errors, "yes" if d["completeness"]["complete"] else "no")
PY
)
    read -r contracts errors complete <<<"$row"
    mb=$((kb / 1024))
    echo "| $file | $secs | $cpu | $mb | $contracts | $errors | $complete |"
    if python3 -c "import sys; sys.exit(0 if float('$secs') < 1 and $mb < 300 and '$errors' == '0' else 1)"; then
        met=$((met + 1))
    fi
done <"$list"
verdict=$([[ $met -eq $total ]] && echo PASS || echo FAIL)
echo
echo "targets (each file < 1 s, < 300 MB, no error finding): $verdict ($met of $total files meet them)"
[[ $check -eq 1 && $verdict == FAIL ]] && exit 1
exit 0
