#!/usr/bin/env bash
# tenscan on the public TensorFlow/Keras shape-fault corpora (see bench/tf_corpora.py):
#
#   bench/tf-corpora.sh [--sfdata DIR] [--tfbugs DIR] [--verbose] [--json FILE] [--timeout S]
#
#   --sfdata DIR   the SFData directory of a tensfa/tensfa checkout
#   --tfbugs DIR   a ForeverZyh/TensorFlow-Program-Bugs checkout (its StackOverflow/UT-* subjects)
#
# Neither corpus is committed here: fetch them first. Prints per corpus the faults found at the
# fault's line, found elsewhere, missed (with the reasons grouped) and the findings on the fixed
# versions (false positives). Uses $TENSCAN, else build-r/cmd/tenscan (built if missing).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
(($#)) || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
tenscan=${TENSCAN:-$repo/build-r/cmd/tenscan}
if [[ -z ${TENSCAN:-} && ! -x $tenscan ]]; then
    cmake --build "$repo/build-r" --target tenscan >/dev/null
fi
exec python3 "$repo/bench/tf_corpora.py" --tenscan "$tenscan" "$@"
