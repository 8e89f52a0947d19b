#!/usr/bin/env bash
# README command 1: installs what is missing, builds tenscan, and runs its main job, `tenscan
# ci`, on a sample repository created on the fly from examples/mnist: a base commit with a
# correct model, and a change to model.py that introduces a shape bug the training script
# (train.py, which imports the model) hits. Prints the findings and writes SARIF, JUnit, GitLab
# Code Quality and Markdown reports. Exits 0 when tenscan reports the bug as new.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash tools/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTENSCAN_BUILD_TESTS=OFF >/dev/null
cmake --build build --target tenscan -j"$(nproc)" >/dev/null
tenscan=$root/build/cmd/tenscan

demo=$(mktemp -d /tmp/tenscan-demo.XXXXXX)
repo=$demo/repo
out=$demo/reports
mkdir -p "$repo" "$out"
git_() { git -C "$repo" -c user.name=demo -c user.email=demo@example.com -c init.defaultBranch=main "$@"; }
cp examples/mnist/train.py examples/mnist/model.py "$repo/"
# the base commit: fc1 sized for the real 64 x 12 x 12 feature map
sed -i 's/64 \* 13 \* 13/64 * 12 * 12/' "$repo/model.py"
git_ init -q && git_ add -A && git_ commit -qm "MNIST example"
# the change under review: fc1 resized in model.py (as in examples/mnist)
cp examples/mnist/model.py "$repo/model.py"
git_ commit -qam "Resize fc1"
echo "sample repository: $repo"
git_ --no-pager diff --stat HEAD~1 HEAD
echo
echo "\$ tenscan ci --base HEAD~1 --sarif $out/tenscan.sarif --junit $out/tenscan-junit.xml --codequality $out/gl-code-quality-report.json --markdown $out/summary.md"
set +e
(cd "$repo" && "$tenscan" ci --base HEAD~1 --sarif "$out/tenscan.sarif" --junit "$out/tenscan-junit.xml" \
   --codequality "$out/gl-code-quality-report.json" --markdown "$out/summary.md")
rc=$?
set -e
echo
ls -1 "$out"
if [[ $rc -eq 1 ]] && grep -q '"baselineState": "new"' "$out/tenscan.sarif"; then
  echo "(exit status 1: tenscan found the new shape error the change introduces, before any training ran)"
  exit 0
fi
echo "demo: expected tenscan ci to report a new finding (exit status 1), got $rc" >&2
exit 1
