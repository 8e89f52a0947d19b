#!/usr/bin/env bash
# The numerical checks on GRIST's 22 PyTorch subjects (see bench/grist.py):
#
#   bench/grist.sh DIR     DIR: a checkout of Jacob-yen/GRIST (never committed here)
#
# Prints per subject whether a numerical finding is at GRIST's marked bug site, elsewhere, or
# missing, and the count of other numerical findings. Uses build-r/cmd/tenscan (built if
# missing).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -eq 1 && -d $1/scripts/study_case ]] || { echo "usage: bench/grist.sh GRIST_CHECKOUT" >&2; exit 2; }
[[ -x $repo/build-r/cmd/tenscan ]] || cmake --build "$repo/build-r" --target tenscan >/dev/null
exec python3 "$repo/bench/grist.py" "$(cd "$1" && pwd)" "$repo/build-r/cmd/tenscan"
