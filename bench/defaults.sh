#!/usr/bin/env bash
# Default-arguments benchmark: `tenscan check` on every training entry script of a checkout
# of pytorch/examples (or of another repository, with --entries) at its DEFAULT arguments
# (only what a script cannot run without is given; see bench/defaults/*.tsv), one row per entry: wall time, peak RSS, whether
# the analysis was complete, paths completed/stopped, coverage, findings, exit status; then
# the total wall time and a target line (each entry complete, < 2 s, < 300 MB). With --ci, the
# same entries also go through one `tenscan ci --jobs 2` run on a repository made of the
# checkout (target: every entry complete, under 15 s in all).
# A measurement, not a gate: exit 0 whatever the verdicts (1 with --check when the targets
# are not met), 2 if the benchmark could not run.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bench/defaults.sh PATH_TO_CHECKOUT [--entries TSV] [--build-dir DIR] [--only PROJECT]...
                         [--timeout SECONDS] [--keep DIR] [--ci] [--check]

  --entries TSV     the entries to run (default bench/defaults/examples.tsv, for a
                    pytorch/examples checkout; bench/defaults/pytorch_gan.tsv lists the
                    scripts of an eriklindernoren/PyTorch-GAN checkout)
  --build-dir DIR   Release build directory holding cmd/tenscan (default: build-release,
                    configured for Release and built if the binary is missing)
  --only PROJECT    run only this entry (repeatable; the project name in
                    bench/defaults/examples.tsv, or the part before its `/`)
  --timeout S       per-run timeout in seconds (default 120)
  --keep DIR        keep the JSON reports (and tenscan's stderr, GNU time's output) in DIR
  --ci              also time one `tenscan ci --jobs 2` over all the selected entries, in a
                    git repository made of the checkout's files with a tenscan.json listing
                    them with their args (the per-project configs are not applied there)
  --check           exit 1 when the targets are not met
  TENSCAN=path      use this binary (no build)
EOF
}

die() { echo "bench/defaults.sh: $*" >&2; exit 2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
source "$here/lib.sh"
repo=$(dirname "$here")
tsv=$here/defaults/examples.tsv
configs=$here/examples/config

# the targets: every entry complete, under this wall time and this peak RSS
target_s=2 target_mb=300 target_ci_s=15

checkout='' build_dir=$repo/build-release timeout_s=120 keep='' check=0 ci=0
only=()
while (($#)); do
    case $1 in
        --entries) tsv=${2:?--entries needs a file}; shift 2 ;;
        --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
        --only) only+=("${2:?--only needs a project}"); shift 2 ;;
        --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
        --keep) keep=${2:?--keep needs a directory}; shift 2 ;;
        --check) check=1; shift ;;
        --ci) ci=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) [[ -z $checkout ]] || die "more than one checkout given"; checkout=$1; shift ;;
    esac
done
[[ -n $checkout ]] || { usage >&2; die "no checkout given"; }
# (the per-project tenscan.json files are pytorch/examples' own)
[[ $tsv -ef $here/defaults/examples.tsv ]] || configs=''
[[ -d $checkout ]] || die "$checkout: not a directory"
checkout=$(cd "$checkout" && pwd)
if [[ ! $timeout_s =~ ^[0-9]+([.][0-9]+)?$ || $timeout_s =~ ^0+([.]0+)?$ ]]; then
    die "--timeout: '$timeout_s' is not a positive number of seconds"
fi
[[ -x /usr/bin/time ]] || die "GNU time is needed at /usr/bin/time (Debian: apt-get install time)"
command -v timeout >/dev/null || die "timeout (coreutils) is needed"
command -v python3 >/dev/null || die "python3 is needed"
[[ -r $tsv ]] || die "$tsv missing"

# the entries: project, dir, entry (relative to the checkout), args (`-` = none)
entries=()
while IFS= read -r line; do
    [[ -z $line || $line = \#* || $line = project$'\t'* ]] && continue
    IFS=$'\t' read -r project dir entry args <<<"$line"
    [[ -n $project && -n $dir && -n $entry && -n $args ]] || die "$tsv: malformed line: $line"
    [[ $entry = "$dir"/* ]] || die "$tsv: $project: entry $entry is not inside $dir"
    entries+=("$line")
done <"$tsv"
for o in "${only[@]}"; do
    found=0
    for e in "${entries[@]}"; do
        project=${e%%$'\t'*}
        [[ $o = "$project" || $o = "${project%%/*}" ]] && found=1
    done
    ((found)) || die "--only $o: no such project in $tsv"
done

tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2

# the copies of the projects (tenscan runs in a copy, with the bench's tenscan.json): always
# temporary; the reports go to --keep DIR when given
work=$(mktemp -d "${TMPDIR:-/tmp}/tenscan-defaults.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [[ -n $keep ]]; then
    mkdir -p "$keep" || die "cannot create $keep"
    reports=$(cd "$keep" && pwd)
else
    reports=$work/reports
    mkdir -p "$reports"
fi

commit=$(git -C "$checkout" rev-parse --short HEAD 2>/dev/null || echo "not a git work tree")
echo "tenscan:  $tenscan ($("$tenscan" --version 2>/dev/null | head -n1 || echo '?'))"
echo "checkout: $checkout ($commit)"
echo "host:     $(uname -n), $(nproc 2>/dev/null || echo '?') cores, load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'), timeout ${timeout_s}s"
echo

# summarise REPORT.json: prints one tab-separated line
#   COMPLETE  PATHS_COMPLETED  PATHS_STOPPED  COVERAGE  FINDINGS  ERRORS  NOTE
# COMPLETE is yes/no (no also when the entry could not be analysed at all: "completed": false,
# e.g. the script exits with an error at these arguments); NOTE says why it is not complete
# (or `-`). Exits non-zero when the report cannot be read.
summarise() {
    python3 - "$1" <<'PY'
import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
findings = doc.get("findings", [])
errors = sum(1 for f in findings if f.get("level") == "error")
c = doc.get("completeness") or {}
analysed = doc.get("completed", True)
complete = analysed and c.get("complete", False)


def one_line(text, width=200):
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 3] + "..."


notes = []
if not analysed:
    exits = [n for n in doc.get("notifications", [])
             if n.get("kind") == "script-exit" and n.get("level") == "error"]
    why = exits[0].get("message", "") if exits else "no reason in the report"
    notes.append("not analysed: " + why)
if c and not c.get("complete", True):
    notes.append(c.get("summary") or "incomplete")
cov = c.get("coverage")
print("\t".join([
    "yes" if complete else "no",
    str(c.get("paths_completed", "-")),
    str(c.get("paths_stopped", "-")),
    "-" if cov is None else f"{cov:.1f}",
    str(len(findings)),
    str(errors),
    one_line("; ".join(notes)) if notes else "-",
]))
PY
}

# selected PROJECT: whether --only (when given) selects PROJECT (or the part before its `/`)
selected() {
    ((${#only[@]})) || return 0
    local o
    for o in "${only[@]}"; do [[ $o = "$1" || $o = "${1%%/*}" ]] && return 0; done
    return 1
}

rows=() details=()
n=0 met=0 absent=0 total_s=0
for e in "${entries[@]}"; do
    IFS=$'\t' read -r project dir entry args <<<"$e"
    selected "$project" || continue
    slug=${project//\//_}
    if [[ ! -f $checkout/$entry ]]; then
        absent=$((absent + 1))
        rows+=("$project|-|-|absent|-|-|-|-")
        details+=("$project: $entry is not in this checkout (not counted in the targets)")
        continue
    fi
    n=$((n + 1))

    # a copy of the project dir, with the bench's tenscan.json if it has one
    copy=$work/copies/$slug
    mkdir -p "$copy"
    cp -r "$checkout/$dir/." "$copy/"
    [[ -z $configs || ! -f $configs/$slug.json ]] || cp "$configs/$slug.json" "$copy/tenscan.json"

    out=$reports/$slug
    argv=(check "${entry#"$dir"/}" --format json --project-root .)
    if [[ $args != - ]]; then
        read -ra script_args <<<"$args"
        argv+=(-- "${script_args[@]}")
    fi
    rc=0
    (cd "$copy" && /usr/bin/time -f '%e %M' -o "$out.time" \
        timeout -k 10 "$timeout_s" "$tenscan" "${argv[@]}" >"$out.json" 2>"$out.err" </dev/null) || rc=$?
    secs='?' rss_kb=''
    read -r secs rss_kb < <(tail -n1 "$out.time" 2>/dev/null) || true
    [[ $secs =~ ^[0-9.]+$ ]] || secs='?'
    [[ $rss_kb =~ ^[0-9]+$ ]] || rss_kb=''
    rss_mb=-
    [[ -z $rss_kb ]] || rss_mb=$(((rss_kb + 512) / 1024))
    [[ $secs = '?' ]] || total_s=$(awk -v a="$total_s" -v b="$secs" 'BEGIN { printf "%.2f", a + b }')

    complete=crash pc=- ps=- cov=- nf=- note=-
    if ((rc == 124)) || { ((rc == 137)) && [[ $secs != '?' ]] &&
        awk -v s="$secs" -v t="$timeout_s" 'BEGIN { exit !(s >= t) }'; }; then
        complete=timeout
        details+=("$project: timeout after ${timeout_s}s")
    elif ((rc > 2)) || [[ ! -s $out.json ]] || ! summary=$(summarise "$out.json" 2>/dev/null); then
        why=$(grep -m1 -v '^\s*$' "$out.err" 2>/dev/null | cut -c1-160 || true)
        details+=("$project: crash (exit $rc${why:+: $why})")
    else
        IFS=$'\t' read -r complete pc ps cov nf errors note <<<"$summary"
        if ((errors == 1)); then nf="$nf (1 error)"; elif ((errors > 1)); then nf="$nf ($errors errors)"; fi
        [[ $note = - ]] || details+=("$project: $note")
    fi
    if [[ $complete = yes ]]; then
        over=''
        if [[ $secs = '?' ]] || ! awk -v s="$secs" -v t="$target_s" 'BEGIN { exit !(s < t) }'; then
            over="wall $secs s"
        fi
        if [[ -z $rss_kb ]] || ((rss_kb >= target_mb * 1024)); then
            over="${over:+$over, }peak RSS $rss_mb MB"
        fi
        if [[ -n $over ]]; then
            details+=("$project: complete but over the targets: $over")
        else
            met=$((met + 1))
        fi
    fi
    rows+=("$project|$secs|$rss_mb|$complete|$pc/$ps|$cov|$nf|$rc")
    echo "done: $project ($secs s, $complete)" >&2
done

((n + absent)) || die "no entry selected (see $tsv)"
((n)) || die "none of the selected entries is in $checkout"

echo "| project | wall s | peak RSS MB | complete | paths completed/stopped | coverage % | findings | exit |"
echo "|---|---|---|---|---|---|---|---|"
for r in "${rows[@]}"; do
    IFS='|' read -r c1 c2 c3 c4 c5 c6 c7 c8 <<<"$r"
    echo "| $c1 | $c2 | $c3 | $c4 | $c5 | $c6 | $c7 | $c8 |"
done
if ((${#details[@]})); then
    echo
    echo "Details:"
    for d in "${details[@]}"; do echo "- $d"; done
fi
echo
echo "total wall time: ${total_s} s ($n entr$( ((n == 1)) && echo y || echo ies))"
verdict=PASS
((met == n)) || verdict=FAIL
echo "targets (each entry complete, < ${target_s} s, < ${target_mb} MB): $verdict ($met of $n entries meet them)"

if ((ci)); then
    # one repository holding the checkout's files, its tenscan.json listing the selected entries
    ci_repo=$work/ci-repo
    mkdir -p "$ci_repo"
    (cd "$checkout" && tar --exclude=.git -cf - .) | (cd "$ci_repo" && tar -xf -) || die "cannot copy $checkout"
    ci_entries=()
    for e in "${entries[@]}"; do
        IFS=$'\t' read -r project dir entry args <<<"$e"
        selected "$project" || continue
        [[ -f $checkout/$entry ]] && ci_entries+=("$entry"$'\t'"$args")
    done
    printf '%s\n' "${ci_entries[@]}" | python3 -c '
import json, sys
entries = []
for line in sys.stdin.read().splitlines():
    path, args = line.split("\t")
    entries.append({"path": path, **({} if args == "-" else {"args": args.split()})})
json.dump({"entries": entries, "auto_detect": False}, sys.stdout, indent=1)
' >"$ci_repo/tenscan.json"
    if ! { git -C "$ci_repo" init -q && git -C "$ci_repo" add -A &&
        git -C "$ci_repo" -c user.name=bench -c user.email=bench@localhost commit -qm checkout; }; then
        die "cannot make the ci repository"
    fi
    rc=0
    (cd "$ci_repo" && /usr/bin/time -f '%e %M' -o "$reports/ci.time" \
        timeout -k 10 "$timeout_s" "$tenscan" ci --jobs 2 --json "$reports/ci.json" >"$reports/ci.out" 2>&1 </dev/null) || rc=$?
    read -r ci_s ci_kb < <(tail -n1 "$reports/ci.time" 2>/dev/null) || true
    ci_done=$(python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
es = doc.get("entries", [])
print(sum(1 for e in es if (e.get("completeness") or {}).get("complete")), len(es))
' "$reports/ci.json" 2>/dev/null || echo "0 0")
    read -r ci_complete ci_total <<<"$ci_done"
    echo
    echo "tenscan ci --jobs 2: ${ci_s:-?} s wall, largest process peak RSS $(((${ci_kb:-0} + 512) / 1024)) MB, exit $rc, $ci_complete of $ci_total entries complete"
    ci_verdict=PASS
    if ((ci_total != ${#ci_entries[@]} || ci_complete != ci_total)) || [[ -z ${ci_s:-} ]] ||
        ! awk -v s="$ci_s" -v t="$target_ci_s" 'BEGIN { exit !(s < t) }'; then
        ci_verdict=FAIL
    fi
    echo "target (tenscan ci --jobs 2: every entry complete, < ${target_ci_s} s in all): $ci_verdict"
    [[ $ci_verdict = PASS ]] || verdict=FAIL
fi
[[ -z $keep ]] || echo "(JSON reports kept in $reports)"
[[ $verdict = PASS || $check = 0 ]] || exit 1
exit 0
