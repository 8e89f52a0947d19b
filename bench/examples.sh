#!/usr/bin/env bash
# Real-world coverage benchmark (issue 5): tenscan on the training entry scripts of a
# checkout of pytorch/examples, three variants per project (unmodified, injected error
# before the loss, one layer size +1). A measurement, not a gate: exit 0 whatever the
# verdicts, 2 if the benchmark could not run. See bench/README.md.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bench/examples.sh PATH_TO_PYTORCH_EXAMPLES_CHECKOUT [--build-dir DIR] [--only PROJECT]...
                         [--timeout SECONDS] [--keep DIR]

  --build-dir DIR   Release build directory holding cmd/tenscan (default: build-release,
                    configured for Release and built if the binary is missing)
  --only PROJECT    run only this project (repeatable; the name in bench/examples/projects.tsv)
  --timeout S       per-run timeout in seconds (default 300, tenscan's own default per entry)
  --keep DIR        keep the mutated copies and the JSON reports in DIR
  TENSCAN=path      use this binary (no build)
EOF
}

die() { echo "bench/examples.sh: $*" >&2; exit 2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/lib.sh
source "$here/lib.sh"
repo=$(dirname "$here")
tsv=$here/examples/projects.tsv
mutate=$here/examples/mutate.py
judge=$here/examples/verdict.py

checkout='' build_dir=$repo/build-release timeout_s=300 keep=''
only=()
while (($#)); do
    case $1 in
        --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
        --only) only+=("${2:?--only needs a project}"); shift 2 ;;
        --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
        --keep) keep=${2:?--keep needs a directory}; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) [[ -z $checkout ]] || die "more than one checkout given"; checkout=$1; shift ;;
    esac
done
[[ -n $checkout ]] || { usage >&2; die "no checkout given"; }
[[ -d $checkout ]] || die "$checkout: not a directory"
checkout=$(cd "$checkout" && pwd)
[[ -x /usr/bin/time ]] || die "GNU time is needed at /usr/bin/time (Debian: apt-get install time)"
command -v timeout >/dev/null || die "timeout (coreutils) is needed"
command -v python3 >/dev/null || die "python3 is needed"
[[ -r $tsv ]] || die "$tsv missing"

tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2

if [[ -n $keep ]]; then
    mkdir -p "$keep"; work=$(cd "$keep" && pwd)
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/tenscan-examples.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi

commit=$(git -C "$checkout" rev-parse --short HEAD 2>/dev/null || echo "not a git work tree")
echo "tenscan:  $tenscan ($("$tenscan" --version 2>/dev/null | head -n1 || echo '?'))"
echo "checkout: $checkout ($commit)"
echo "host:     $(uname -n), load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'), timeout ${timeout_s}s"
echo

# resolve "FILE:REGEX;FILE:LINE" (relative to $1) into "FILE:LINE" words
resolve_expect() {
    local root=$1 spec=$2 part file what lines line
    local -a parts
    IFS=';' read -ra parts <<<"$spec"
    for part in "${parts[@]}"; do
        file=${part%%:*} what=${part#*:}
        if [[ $what =~ ^[0-9]+$ ]]; then
            echo "$file:$what"
        else
            lines=$(python3 "$mutate" lines "$root/$file" "$what") || return 1
            for line in $lines; do echo "$file:$line"; done
        fi
    done
}

# run_tenscan DIR ENTRY ARGS OUT_PREFIX: writes OUT.json, OUT.err; sets rc, secs, rss_kb
run_tenscan() {
    local dir=$1 entry=$2 args=$3 out=$4
    local -a argv=(check "$entry" --format json --project-root .)
    if [[ $args != - ]]; then
        local -a script_args
        read -ra script_args <<<"$args"
        argv+=(-- "${script_args[@]}")
    fi
    rc=0
    (cd "$dir" && /usr/bin/time -f '%e %M' -o "$out.time" \
        timeout "$timeout_s" "$tenscan" "${argv[@]}" >"$out.json" 2>"$out.err") || rc=$?
    read -r secs rss_kb < <(tail -n1 "$out.time") || { secs='?' rss_kb=0; }
    [[ $secs =~ ^[0-9.]+$ ]] || secs='?'
    [[ $rss_kb =~ ^[0-9]+$ ]] || rss_kb=0
}

# judge_run VARIANT OUT DIR [EXPECT...] [BASELINE]: sets verdict, stats_line
judge_run() {
    local variant=$1 out=$2 dir=$3 baseline=$4; shift 4
    local -a jargs=()
    local e
    for e in "$@"; do jargs+=(--expect "$e"); done
    [[ -n $baseline && -s $baseline ]] && jargs+=(--baseline "$baseline")
    if ((rc == 124)); then
        verdict="FAIL: timeout after ${timeout_s}s"; stats_line=; return
    fi
    # exit 2 (could not run) still writes a report when, e.g., the script's argparse fails
    if [[ ! -s $out.json ]] || ! stats_line=$(python3 "$judge" "$variant" "$out.json" "$dir" "${jargs[@]}" 2>/dev/null); then
        local why
        why=$(grep -m1 -v '^\s*$' "$out.err" 2>/dev/null | cut -c1-120 || true)
        verdict="FAIL: crash (exit $rc${why:+: $why})"; stats_line=; return
    fi
    verdict=${stats_line%%$'\t'*}
    ((rc == 0 || rc == 1)) || verdict="$verdict (tenscan exit $rc)"
}

short() {  # table cell for a verdict
    case $1 in
        ok) echo ok ;;
        n/a*) echo n/a ;;
        "FAIL: missing"*) echo "FAIL missing" ;;
        "FAIL: wrong line"*) echo "FAIL wrong-line" ;;
        "FAIL: extra"*) echo "FAIL extra" ;;
        "FAIL: timeout"*) echo "FAIL timeout" ;;
        "FAIL: vacuous"*) echo "FAIL vacuous" ;;
        "FAIL: crash"*) echo "FAIL crash" ;;
        *) echo "FAIL" ;;
    esac
}

rows=() details=()
n=0 clean=0 found_i=0 n_i=0 found_m=0 n_m=0
while IFS=$'\t' read -r project dir entry args ifile iregex iedit ialso lfile lregex lexpect; do
    [[ -z $project || $project = \#* || $project = project ]] && continue
    if ((${#only[@]})); then
        sel=0
        for o in "${only[@]}"; do [[ $o = "$project" || $o = "${project%%/*}" ]] && sel=1; done
        ((sel)) || continue
    fi
    n=$((n + 1))
    slug=${project//\//_}
    if [[ ! -f $checkout/$dir/$entry ]]; then
        rows+=("$project|absent|absent|absent|-|-|-|-")
        details+=("$project: $dir/$entry is not in this checkout")
        [[ $ifile != - ]] && n_i=$((n_i + 1))
        [[ $lfile != - ]] && n_m=$((n_m + 1))
        continue
    fi
    times=() rss_max=0
    # the project's tenscan.json, if the bench has one (data hints for files the project's
    # own scripts generate): copied into every variant
    config=$here/examples/config/$slug.json
    [[ -f $config ]] || config=

    # 1. unmodified
    u=$work/$slug/unmodified
    mkdir -p "$u"; cp -r "$checkout/$dir/." "$u/"; [[ -z $config ]] || cp "$config" "$u/tenscan.json"
    run_tenscan "$u" "$entry" "$args" "$work/$slug/unmodified"
    times+=("$secs"); ((rss_kb > rss_max)) && rss_max=$rss_kb
    judge_run unmodified "$work/$slug/unmodified" "$u" ""
    v_u=$verdict
    base=$work/$slug/unmodified.json
    ops=- unm=- top=- notes=- cell_u=
    if [[ -n $stats_line ]]; then
        IFS=$'\t' read -r _ _ ops unm top completed notes <<<"$stats_line"
        [[ $completed = yes || $v_u != ok ]] || v_u="FAIL: analysis incomplete"
    fi
    if [[ $v_u = ok ]]; then
        clean=$((clean + 1))
        # clean, but some path stopped early (uncaught exception from an unmodelled API, a budget)
        [[ $notes = - ]] || { cell_u="ok*"; details+=("$project unmodified: ok*, stopped early: $notes"); }
    else
        details+=("$project unmodified: $v_u")
    fi

    # 2. injected error before the loss
    if [[ $ifile = - ]]; then
        v_i="n/a"; times+=(-)
    else
        n_i=$((n_i + 1))
        m=$work/$slug/injected
        mkdir -p "$m"; cp -r "$checkout/$dir/." "$m/"; [[ -z $config ]] || cp "$config" "$m/tenscan.json"
        if pos=$(python3 "$mutate" inject "$m/$ifile" "$iregex" "$iedit" 2>"$work/$slug/injected.mut"); then
            read -r loss_line ins_line <<<"$pos"
            expect=("$ifile:$loss_line")
            ((ins_line > 0)) && expect+=("$ifile:$ins_line")
            if [[ $ialso != - ]]; then
                mapfile -t more < <(resolve_expect "$m" "$ialso")
                expect+=("${more[@]}")
            fi
            run_tenscan "$m" "$entry" "$args" "$work/$slug/injected"
            times+=("$secs"); ((rss_kb > rss_max)) && rss_max=$rss_kb
            judge_run injected "$work/$slug/injected" "$m" "$base" "${expect[@]}"
            v_i=$verdict
            [[ $v_i = ok ]] && found_i=$((found_i + 1))
            [[ $v_i = ok ]] || details+=("$project injected ($ifile:$loss_line, expected ${expect[*]}): $v_i")
        else
            v_i="FAIL: mutation did not apply: $(head -c 200 "$work/$slug/injected.mut")"
            times+=(-); details+=("$project injected: $v_i")
        fi
    fi

    # 3. one layer size +1
    if [[ $lfile = - ]]; then
        v_m="n/a"; times+=(-)
    else
        n_m=$((n_m + 1))
        m=$work/$slug/mutated
        mkdir -p "$m"; cp -r "$checkout/$dir/." "$m/"; [[ -z $config ]] || cp "$config" "$m/tenscan.json"
        if change=$(python3 "$mutate" layer "$m/$lfile" "$lregex" 2>"$work/$slug/mutated.mut") &&
            mapfile -t expect < <(resolve_expect "$m" "$lexpect") && ((${#expect[@]})); then
            read -r layer_line old new <<<"$change"
            run_tenscan "$m" "$entry" "$args" "$work/$slug/mutated"
            times+=("$secs"); ((rss_kb > rss_max)) && rss_max=$rss_kb
            judge_run mutated "$work/$slug/mutated" "$m" "$base" "${expect[@]}"
            v_m=$verdict
            [[ $v_m = ok ]] && found_m=$((found_m + 1))
            [[ $v_m = ok ]] || details+=("$project mutated ($lfile:$layer_line $old -> $new, expected ${expect[*]}): $v_m")
        else
            v_m="FAIL: mutation did not apply: $(head -c 200 "$work/$slug/mutated.mut")"
            times+=(-); details+=("$project mutated: $v_m")
        fi
    fi

    t=$(IFS=/; echo "${times[*]}")
    rss_mb=$(( (rss_max + 512) / 1024 ))
    rows+=("$project|${cell_u:-$(short "$v_u")}|$(short "$v_i")|$(short "$v_m")|$t|$rss_mb|$unm${top:+: $top}|$ops")
    echo "done: $project ($t s)" >&2
done <"$tsv"

((n)) || die "no project selected (see $tsv)"

echo "| project | unmodified | injected | mutated | time s (u/i/m) | peak RSS MB | unmodelled APIs: distinct (+ I/O, logging, plotting... that need no model), top 5 | operations |"
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
echo "unmodified: $clean/$n clean; injected: $found_i/$n_i found; mutated: $found_m/$n_m found"
[[ -n $keep ]] && echo "(copies and JSON reports kept in $work)"
exit 0
