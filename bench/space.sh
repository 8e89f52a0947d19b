#!/usr/bin/env bash
# Hyperparameter spaces at Refty's scale (see bench/space.py): the whole space of
# bench/space/inception_sweep.py (178,176 vectors) in one `tenscan check --space ...`, timed,
# and 200 sampled vectors checked one by one against the regions it reports.
#
#   bench/space.sh [--build-dir DIR]     (TENSCAN=binary to time an existing one)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build_dir=build-release
[[ ${1:-} == --build-dir ]] && build_dir=$2
# shellcheck source=bench/lib.sh
source "$repo/bench/lib.sh"
tenscan=$(bench_tenscan "$repo" "$build_dir") || exit 2
cd "$repo"
exec python3 bench/space.py "$tenscan"
