#!/usr/bin/env bash
# bench/run.sh: times `tenscan check` on every script under examples/ and bench/programs/.
#
#   bench/run.sh [-n RUNS] [--no-build] [--check] [SCRIPT...]
#   TENSCAN=path/to/tenscan bench/run.sh          # benchmark an existing binary, no build
#
# Without TENSCAN, builds tenscan in Release (`cmake --preset release`, build-release/) first;
# the build is incremental, so it is a no-op when the binary is up to date. Each script gets
# one untimed warm-up run, then RUNS timed runs (default 10); each timed run is the bare
# command (for wall time) followed by the same command under GNU time (for RSS and CPU time).
# Reported per script: median, min and max wall time (ms), median CPU time (user+sys, ms,
# 10 ms resolution), peak resident set size (MB, the maximum over the runs, from GNU time's
# %M) and tenscan's exit code(s).
# The last line checks the targets for the 150-line MNIST-style script
# (bench/programs/mnist_150.py): < 100 ms median wall, < 100 MB peak RSS, exit 0.
# --check makes the script exit 1 when a target is missed (exit 0 otherwise).
#
# Arguments for a script's command line (`tenscan check FILE -- ARGS`) are read from a
# `# tenscan-args: ...` comment in the script, as in tests/fixtures/.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS=10
BUILD=1
CHECK=0
TARGET_SCRIPT="bench/programs/mnist_150.py"
TARGET_MS=100
TARGET_MB=100
scripts=()

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; }

while (($#)); do
  case "$1" in
    -n|--runs) RUNS="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --check) CHECK=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) scripts+=("$1"); shift ;;
  esac
done
if ! [[ "$RUNS" =~ ^[1-9][0-9]*$ ]]; then
  echo "run.sh: -n needs a positive integer, got '$RUNS'" >&2
  exit 2
fi

# ---- prerequisites ------------------------------------------------------------------------
TIME_BIN=/usr/bin/time
if [[ ! -x "$TIME_BIN" ]] || ! "$TIME_BIN" -f '%e %M' true >/dev/null 2>&1; then
  echo "run.sh: GNU time ($TIME_BIN) is required to measure peak RSS." >&2
  echo "        Install it with: sudo apt-get install time" >&2
  exit 2
fi
if [[ -z "${EPOCHREALTIME:-}" ]]; then
  echo "run.sh: needs bash >= 5 (EPOCHREALTIME)" >&2
  exit 2
fi

cd "$ROOT"
if [[ -n "${TENSCAN:-}" ]]; then
  BIN="$TENSCAN"
else
  BIN="$ROOT/build-release/cmd/tenscan"
  if ((BUILD)); then
    if [[ ! -f build-release/CMakeCache.txt ]]; then
      echo "== configuring Release build (build-release/)" >&2
      cmake --preset release >&2
    fi
    echo "== building tenscan (Release)" >&2
    cmake --build --preset release -j "$(nproc)" >&2
  fi
fi
if [[ ! -x "$BIN" ]]; then
  echo "run.sh: tenscan binary not found or not executable: $BIN" >&2
  exit 2
fi

if ((${#scripts[@]} == 0)); then
  while IFS= read -r f; do scripts+=("$f"); done < <(
    find examples bench/programs -name '*.py' -type f 2>/dev/null | LC_ALL=C sort)
fi
if ((${#scripts[@]} == 0)); then
  echo "run.sh: no scripts found under examples/ or bench/programs/" >&2
  exit 2
fi

# ---- measurement --------------------------------------------------------------------------
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

now_us() { local t="${EPOCHREALTIME/[.,]/}"; echo "$((10#$t))"; }

# median of numbers given one per line (average of the two middle values for an even count)
median() { sort -n | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

script_args() {  # the words after '# tenscan-args:' in the script, if any
  sed -n 's/^[[:space:]]*#[[:space:]]*tenscan-args:[[:space:]]*//p' "$1" | head -n 1
}

echo "tenscan: $BIN"
echo "version: $("$BIN" --version 2>/dev/null | head -n 1 || echo unknown)"
echo "host:    $(uname -srm), $(nproc) CPU(s); $RUNS timed runs per script after 1 warm-up"
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
echo "load:    $load (1-min average)"
if awk -v l="$load" 'BEGIN {exit !(l > 1.0)}'; then
  echo "warning: the machine is busy; wall times are inflated (cpu_ms = user+sys is less affected)" >&2
fi
echo
printf '%-44s %6s %10s %10s %10s %8s %9s %5s\n' "script" "lines" "median_ms" "min_ms" "max_ms" "cpu_ms" "rss_mb" "exit"
printf '%-44s %6s %10s %10s %10s %8s %9s %5s\n' "------" "-----" "---------" "------" "------" "------" "------" "----"

target_result=""
for s in "${scripts[@]}"; do
  if [[ ! -f "$s" ]]; then
    echo "run.sh: no such script: $s" >&2
    exit 2
  fi
  read -r -a sargs <<<"$(script_args "$s")"
  cmd=("$BIN" check "$s")
  ((${#sargs[@]})) && cmd+=(-- "${sargs[@]}")

  "${cmd[@]}" >/dev/null 2>&1 || true  # warm-up (page cache, dynamic loader)

  : >"$tmp/ms"
  : >"$tmp/kb"
  : >"$tmp/cpu"
  codes=()
  for ((i = 0; i < RUNS; i++)); do
    # wall time: the bare command (GNU time's own fork/exec would add several ms)
    set +e
    t0=$(now_us)
    "${cmd[@]}" >/dev/null 2>&1
    rc_bare=$?
    t1=$(now_us)
    # peak RSS, CPU time and exit code: the same command under GNU time
    "$TIME_BIN" -f '%e %M %U %S' -o "$tmp/time" "${cmd[@]}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f\n", (b - a) / 1000}' >>"$tmp/ms"
    codes+=("$rc_bare")
    # GNU time prints "Command exited with non-zero status N" before the format line
    tail -n 1 "$tmp/time" | awk '{print $2}' >>"$tmp/kb"
    tail -n 1 "$tmp/time" | awk '{printf "%.0f\n", ($3 + $4) * 1000}' >>"$tmp/cpu"
  done

  med=$(median <"$tmp/ms")
  min=$(sort -n "$tmp/ms" | head -n 1)
  max=$(sort -n "$tmp/ms" | tail -n 1)
  cpu=$(median <"$tmp/cpu")
  rss=$(sort -n "$tmp/kb" | tail -n 1 | awk '{printf "%.1f", $1 / 1024}')
  exits=$(printf '%s\n' "${codes[@]}" | sort -u | paste -sd/ -)
  lines=$(wc -l <"$s")
  printf '%-44s %6d %10.1f %10.1f %10.1f %8.0f %9s %5s\n' "$s" "$lines" "$med" "$min" "$max" "$cpu" "$rss" "$exits"
  if [[ "$exits" != 0 && "$exits" != 1 ]]; then
    echo "    note: tenscan exited with $exits; last stderr:" >&2
    sed 's/^/      /' "$tmp/err" | head -n 5 >&2
  fi

  if [[ "$s" == "$TARGET_SCRIPT" || "$s" == "./$TARGET_SCRIPT" ]]; then
    verdict=PASS
    awk -v m="$med" -v t="$TARGET_MS" 'BEGIN {exit !(m < t)}' || verdict=FAIL
    awk -v r="$rss" -v t="$TARGET_MB" 'BEGIN {exit !(r < t)}' || verdict=FAIL
    [[ "$exits" == 0 ]] || verdict=FAIL  # the script is correct: no finding, no error
    target_result="$verdict (median ${med} ms, peak RSS ${rss} MB, exit ${exits})"
  fi
done

echo
if [[ -z "$target_result" ]]; then
  echo "targets (150-line MNIST-style script: <${TARGET_MS} ms wall, <${TARGET_MB} MB RSS): NOT RUN ($TARGET_SCRIPT not benchmarked)"
  exit 0
fi
echo "targets (150-line MNIST-style script: <${TARGET_MS} ms wall, <${TARGET_MB} MB RSS): $target_result"
if ((CHECK)) && [[ "$target_result" == FAIL* ]]; then
  exit 1
fi
