#!/usr/bin/env bash
# bench/worker_overhead.sh: what the `tenscan ci` worker pool (tenscan::ci::run_workers) costs
# per entry: fork + exec + pipes + poll + JSON-lines decoding + reaping.
#
#   bench/worker_overhead.sh [-n JOBS] [--build-dir DIR] [--no-build] [--check] [TENSCAN]
#
# Builds the tenscan_ci library in DIR (default build-release/, configured with
# `cmake --preset release` if needed; incremental) and compiles the helper
# bench/worker_overhead.cpp against it (into DIR/bench/). Then runs JOBS jobs (default 200):
#   1. a trivial worker (the helper itself with --emit-summary: exec of a dynamically linked
#      binary that prints one summary record), max_parallel 1 and 2;
#   2. the same from a parent that has touched 1 GB of heap (fork copies page tables);
#   3. if a tenscan binary exists (the TENSCAN argument, else DIR/cmd/tenscan), the real
#      worker `tenscan check --worker empty.py --project-root TMP` on an empty script,
#      max_parallel 1.
# Each kind of worker is also run --direct (posix_spawn + waitpid in a loop, stdout to
# /dev/null: the cost of the process itself); pool - direct is the pool's own overhead.
# Prints ms per entry. Target: < 20 ms per entry for the trivial worker with max_parallel 1
# (--check: exit 1 if missed).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS=200
BUILD_DIR="$ROOT/build-release"
BUILD=1
CHECK=0
TARGET_MS=20
TENSCAN=""

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -n 's/^# \{0,1\}//p'; }

while (($#)); do
  case "$1" in
    -n|--jobs) JOBS="$2"; shift 2 ;;
    --build-dir) BUILD_DIR="$(cd "$2" && pwd)"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --check) CHECK=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "worker_overhead.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) TENSCAN="$1"; shift ;;
  esac
done
if ! [[ "$JOBS" =~ ^[1-9][0-9]*$ ]]; then
  echo "worker_overhead.sh: -n needs a positive integer, got '$JOBS'" >&2
  exit 2
fi

cd "$ROOT"
if ((BUILD)); then
  if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
    if [[ "$BUILD_DIR" != "$ROOT/build-release" ]]; then
      echo "worker_overhead.sh: $BUILD_DIR is not a configured build directory" >&2
      exit 2
    fi
    echo "== configuring Release build (build-release/)" >&2
    cmake --preset release >&2
  fi
  echo "== building tenscan_ci in $BUILD_DIR" >&2
  cmake --build "$BUILD_DIR" --target tenscan_ci -j "$(nproc)" >&2
fi

LIBS=("$BUILD_DIR/cmd/libtenscan_ci.a" "$BUILD_DIR/sarif/libtenscan_report.a" "$BUILD_DIR/core/libtenscan_core.a")
for lib in "${LIBS[@]}"; do
  if [[ ! -f "$lib" ]]; then
    echo "worker_overhead.sh: $lib is missing (build tenscan_ci in $BUILD_DIR)" >&2
    exit 2
  fi
done
[[ -f "$BUILD_DIR/libtenscan_grammar.a" ]] && LIBS+=("$BUILD_DIR/libtenscan_grammar.a")

HELPER="$BUILD_DIR/bench/worker_overhead"
mkdir -p "$BUILD_DIR/bench"
needs_build=0
[[ -x "$HELPER" ]] || needs_build=1
for dep in bench/worker_overhead.cpp "${LIBS[@]}"; do
  [[ "$dep" -nt "$HELPER" ]] && needs_build=1
done
if ((needs_build)); then
  echo "== compiling $HELPER" >&2
  "${CXX:-c++}" -O2 -std=c++20 -Icmd/ci/include -Icore/include -Iconfig -Isarif/include \
    bench/worker_overhead.cpp "${LIBS[@]}" -ltree-sitter -lz3 -o "$HELPER"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
ms_of() { sed -n 's/.*ms_per_entry=\([0-9.]*\).*/\1/p' <<<"$1"; }

echo "# worker pool overhead: $JOBS jobs per line, host $(hostname), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "# trivial worker: $HELPER --emit-summary"
"$HELPER" --jobs 10 --direct -- "$HELPER" --emit-summary >/dev/null  # warm-up
line="$("$HELPER" --jobs "$JOBS" --direct -- "$HELPER" --emit-summary)"
echo "trivial, direct      $line"
trivial_direct="$(ms_of "$line")"
trivial_ms=""
for p in 1 2; do
  line="$("$HELPER" --jobs "$JOBS" --parallel "$p" -- "$HELPER" --emit-summary)"
  echo "trivial, pool        $line"
  [[ -z "$trivial_ms" ]] && trivial_ms="$(ms_of "$line")"
done
line="$("$HELPER" --jobs "$JOBS" --parallel 1 --parent-mb 1024 -- "$HELPER" --emit-summary)"
echo "trivial, pool, 1 GB  $line"
echo "pool overhead, trivial worker: $(awk -v a="$trivial_ms" -v b="$trivial_direct" 'BEGIN { printf "%.2f", a - b }') ms per entry (pool - direct, max_parallel 1)"

[[ -z "$TENSCAN" && -x "$BUILD_DIR/cmd/tenscan" ]] && TENSCAN="$BUILD_DIR/cmd/tenscan"
if [[ -n "$TENSCAN" ]]; then
  if [[ ! -x "$TENSCAN" ]]; then
    echo "worker_overhead.sh: $TENSCAN is not executable" >&2
    exit 2
  fi
  TENSCAN="$(cd "$(dirname "$TENSCAN")" && pwd)/$(basename "$TENSCAN")"
  : >"$tmp/empty.py"
  cmd=("$TENSCAN" check --worker empty.py --project-root "$tmp")
  if ! "${cmd[@]}" >/dev/null 2>&1; then
    echo "# $TENSCAN has no worker mode (check --worker); timing check --format json instead"
    cmd=("$TENSCAN" check --format json --project-root "$tmp" "$tmp/empty.py")
  fi
  n=$(((JOBS + 3) / 4))
  echo "# real worker: ${cmd[*]} ($n jobs)"
  "$HELPER" --jobs 5 --direct -- "${cmd[@]}" >/dev/null  # warm-up
  line="$("$HELPER" --jobs "$n" --direct -- "${cmd[@]}")"
  echo "tenscan, direct      $line"
  direct="$(ms_of "$line")"
  line="$("$HELPER" --jobs "$n" --parallel 1 -- "${cmd[@]}")"
  echo "tenscan, pool        $line"
  echo "pool overhead, tenscan worker: $(awk -v a="$(ms_of "$line")" -v b="$direct" 'BEGIN { printf "%.2f", a - b }') ms per entry"
fi

verdict="$(awk -v a="$trivial_ms" -v t="$TARGET_MS" 'BEGIN { print (a < t) ? "met" : "MISSED" }')"
echo "target: trivial worker < $TARGET_MS ms per entry: $trivial_ms ms ($verdict)"
if ((CHECK)) && [[ "$verdict" != met ]]; then exit 1; fi
