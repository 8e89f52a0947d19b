#!/usr/bin/env bash
# README command 1: installs what is missing, builds tenscan, and runs it on the bundled
# example (examples/mnist), whose model has a real shape bug. Exits 0 when tenscan reports it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash tools/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTENSCAN_BUILD_TESTS=OFF >/dev/null
cmake --build build --target tenscan -j"$(nproc)" >/dev/null
echo "\$ tenscan check examples/mnist/train.py"
set +e
./build/cmd/tenscan check examples/mnist/train.py
rc=$?
set -e
if [[ $rc -eq 1 ]]; then
  echo "(exit status 1: tenscan found the shape error before any training ran)"
  exit 0
fi
echo "demo: expected tenscan to report the bug (exit status 1), got $rc" >&2
exit 1
