#!/usr/bin/env bash
# Runs `tenscan check --format sarif` on the bundled example and on fixtures with findings of
# every kind (related locations, path notes, syntax errors, notifications) and validates each
# report with the official SARIF validator and a schema check like GitHub's upload step.
set -euo pipefail
tenscan=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
inputs=(examples/mnist/train.py)
for f in tests/fixtures/programs/mnist_cnn_bad.py tests/fixtures/programs/lstm_lm_bad.py \
         tests/fixtures/python/syntax_bad.py tests/fixtures/shape/indexing_bad.py tests/fixtures/programs/vae_fixed.py; do
  [[ -f "$src/$f" ]] && inputs+=("$f")
done
files=()
for f in "${inputs[@]}"; do
  name=$(echo "$f" | tr '/' '_')
  set +e
  "$tenscan" check "$src/$f" --format sarif -o "$out/$name.sarif"
  rc=$?
  set -e
  [[ $rc -le 1 ]] || { echo "tenscan failed on $f (status $rc)"; exit 1; }
  files+=("$out/$name.sarif")
done
bash "$src/tests/report/validate_sarif.sh" "${files[@]}"
