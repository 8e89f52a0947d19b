#!/usr/bin/env bash
# Long fuzzing runs of tenscan's libFuzzer targets (tests/fuzz/), each for a given time, with
# ASan + UBSan (a clang build in build-fuzz, made if missing).
#
#   bench/fuzz.sh [--seconds N | --cpu-seconds N] [--jobs J] [--keep] [TARGET...]
#
# TARGET: fuzz_analyze fuzz_frontend fuzz_config fuzz_sarif fuzz_imports fuzz_diff fuzz_notebook
# (default: all).
# Each target runs for N seconds of wall-clock time (default 1800) on J processes at a time
# (default 1; the targets run one after another), or, with --cpu-seconds, until its fuzzing
# process has used N seconds of CPU (one process: on a loaded machine wall-clock time is not
# fuzzing time; --cpu-seconds 1800 is 30 CPU-minutes whatever else runs). Its corpus lives in
# /tmp/tenscan-fuzz/TARGET/corpus, seeded from the repository's own inputs (fixtures, examples,
# configuration examples, report goldens) and from tests/fuzz/corpus/TARGET, and is kept
# between runs; reproducers of crashes, leaks and timeouts go to /tmp/tenscan-fuzz/TARGET/
# artifacts. With --keep, the inputs that reach code the repository's own inputs do not
# (-merge=1 against them) go to tests/fuzz/corpus/TARGET, the 60 smallest of them, which the
# fuzz/regress/TARGET test runs input by input; a reproducer belongs there too, once fixed.
#
# Prints per target: executions, corpus size, coverage and what was found; exits 1 when a
# target found something.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=1800 jobs=1 keep=0 cpu_budget=
targets=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --cpu-seconds) cpu_budget=$2; jobs=1; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    fuzz_*) targets+=("$1"); shift ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_analyze fuzz_frontend fuzz_config fuzz_sarif fuzz_imports fuzz_diff fuzz_notebook)

build=$repo/build-fuzz
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
    -DCMAKE_CXX_COMPILER=clang++-14 -DTENSCAN_SANITIZE=address,undefined -DTENSCAN_BUILD_FUZZERS=ON \
    -DTENSCAN_BUILD_TESTS=ON >/dev/null || { echo "fuzz.sh: configure failed" >&2; exit 2; }
fi
cmake --build "$build" -j2 --target "${targets[@]}" >/dev/null 2>&1 ||
  cmake --build "$build" -j2 --target "${targets[@]}" >&2 || { echo "fuzz.sh: build failed" >&2; exit 2; }

# seed_dirs TARGET: the repository's inputs of that kind
seed() {
  local target=$1 into=$2
  case $target in
    fuzz_analyze|fuzz_frontend|fuzz_imports)
      find "$repo/tests/fixtures" "$repo/examples" "$repo/bench/programs" "$repo/bench/synthetic" -name '*.py' -print0 |
        while IFS= read -r -d '' f; do cp "$f" "$into/seed-$(echo "$f" | md5sum | cut -c1-16).py"; done ;;
    fuzz_config)
      find "$repo/config/examples" -name '*.json' -exec cp {} "$into/" \; ;;
    fuzz_notebook)
      find "$repo/tests/fixtures" -name '*.ipynb' -exec cp {} "$into/" \; ;;
    fuzz_diff)
      # a change as a pull request makes it: each bad fixture as the base, its fixed twin as the
      # head (the format is in tests/fuzz/fuzz_diff.cpp)
      find "$repo/tests/fixtures" -name '*_bad.py' -print0 | while IFS= read -r -d '' f; do
        local twin=${f%_bad.py}_fixed.py
        [[ -f $twin ]] || continue
        { printf '#### a train.py\n'; cat "$f"; printf '#### b train.py\n'; cat "$twin"
          printf '#### b moved/train.py\n'; cat "$f"; } >"$into/seed-$(echo "$f" | md5sum | cut -c1-16)"
      done ;;
    fuzz_sarif)
      find "$repo/tests/report" -path '*/node_modules' -prune -o -name '*.sarif' -print -exec cp {} "$into/" \; >/dev/null ;;
  esac
  if [[ -d $repo/tests/fuzz/corpus/$target ]]; then cp "$repo/tests/fuzz/corpus/$target"/* "$into/" 2>/dev/null || true; fi
}

export LSAN_OPTIONS="suppressions=$repo/tests/fuzz/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
found=0
# this run's table (its own file: two runs on different targets may go on side by side)
mkdir -p /tmp/tenscan-fuzz
summary=/tmp/tenscan-fuzz/summary-$$.md
printf '| target | wall seconds | CPU seconds | executions | corpus | coverage | slow units | found |\n|---|---|---|---|---|---|---|---|\n' >"$summary"
for t in "${targets[@]}"; do
  work=/tmp/tenscan-fuzz/$t
  mkdir -p "$work/corpus" "$work/artifacts"
  seed "$t" "$work/corpus"
  log=$work/run.log
  # (the reproducers of earlier runs stay until they are fixed: this run counts only its own)
  started=$work/started
  touch "$started"
  extra=()
  [[ $t == fuzz_analyze || $t == fuzz_frontend || $t == fuzz_imports ]] && extra+=(-dict="$repo/tests/fuzz/python.dict")
  begun=$SECONDS
  flags=(-timeout=60 -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$work/artifacts/" -print_final_stats=1)
  if [[ -n $cpu_budget ]]; then
    echo "== $t: ${cpu_budget} CPU seconds, corpus $work/corpus" >&2
    # one process, stopped with SIGINT (libFuzzer prints its statistics and exits) once its own
    # user + system time, read from /proc, reaches the budget
    (cd "$work" && exec "$build/tests/fuzz/$t" "$work/corpus" "${extra[@]}" "${flags[@]}" >"$log" 2>&1) &
    pid=$! used=0 stopped=0
    ticks=$(getconf CLK_TCK)
    while kill -0 "$pid" 2>/dev/null; do
      sleep 5
      now=$(awk -v t="$ticks" '{printf "%d", ($14 + $15) / t}' "/proc/$pid/stat" 2>/dev/null) && used=$now
      if ((used >= cpu_budget && !stopped)); then kill -INT "$pid" 2>/dev/null; stopped=1; fi
    done
    wait "$pid"
    rc=$?
    ((stopped)) && ! grep -q 'ERROR: \|SUMMARY: ' "$log" && rc=0  # (the interruption is the planned end)
    echo "$used 0" >"$work/cpu"
  else
    echo "== $t: ${seconds}s on $jobs process(es), corpus $work/corpus" >&2
    # (in $work: with -jobs, libFuzzer writes each job's output to fuzz-N.log in the current
    # directory)
    # CPU time of the fuzzing processes (user + system), measured rather than assumed from the
    # wall-clock limit: on a loaded machine the two differ
    (cd "$work" && rm -f fuzz-*.log && /usr/bin/time -o "$work/cpu" -f '%U %S' "$build/tests/fuzz/$t" "$work/corpus" \
      "${extra[@]}" -max_total_time="$seconds" "${flags[@]}" -jobs="$jobs" -workers="$jobs" >"$log" 2>&1)
    rc=$?
  fi
  cat "$work"/fuzz-*.log >>"$log" 2>/dev/null
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
  # (without the final statistics: the last status line's count)
  ((execs > 0)) || execs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
  cpu=$(awk '{printf "%d", $1 + $2}' "$work/cpu" 2>/dev/null)
  n=$(find "$work/corpus" -type f | wc -l)
  # a slow unit (libFuzzer keeps the slowest input, over 10 s) is a cost, not a failure
  artifacts=$(find "$work/artifacts" -type f -newer "$started" ! -name 'slow-unit-*' | wc -l)
  slow=$(find "$work/artifacts" -type f -newer "$started" -name 'slow-unit-*' | wc -l)
  what=none
  if [[ $rc -ne 0 || $artifacts -gt 0 ]]; then
    what="exit $rc, $artifacts reproducer(s) in $work/artifacts"
    found=1
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$((SECONDS - begun))" "${cpu:-?}" "$execs" "$n" "${cov:-?}" "$slow" "$what" >>"$summary"
  if [[ $keep == 1 ]]; then
    # only what adds coverage to the repository's own inputs: merge into a copy of the seeds
    # and keep the files the merge added
    rm -rf "$work/min" && mkdir -p "$work/min" "$repo/tests/fuzz/corpus/$t"
    seed "$t" "$work/min"
    ls "$work/min" >"$work/seeds.txt"
    "$build/tests/fuzz/$t" -merge=1 "${extra[@]}" "$work/min" "$work/corpus" >/dev/null 2>&1
    # at most 60 of them, the smallest (cheapest to replay), so that the regression tests stay
    # quick and the repository small; the whole corpus stays in $work for the next run
    for f in "$work/min"/*; do
      grep -qxF "$(basename "$f")" "$work/seeds.txt" || echo "$(stat -c %s "$f") $f"
    done | sort -n | head -n 60 | cut -d' ' -f2- | while IFS= read -r f; do cp "$f" "$repo/tests/fuzz/corpus/$t/"; done
  fi
done
cat "$summary"
exit $found
