#!/usr/bin/env bash
# End-to-end tests of `tenscan ci` and `tenscan merge` on real git repositories built in a
# temporary directory: ci_test.sh TENSCAN CASE. The sample project is examples/mnist (a
# training script and the model module it imports); its base commit has the correct layer
# size, and the changes under test introduce the bug into model.py.
set -uo pipefail
tenscan=$(realpath "$1")
case_name=$2
source "$(dirname "$0")/lib.sh"

repo=$work/repo
# A repository whose base commit is the fixed MNIST example; prints nothing.
make_repo() {
  mkdir -p "$repo"
  cp "$src/examples/mnist/train.py" "$src/examples/mnist/model.py" "$repo/"
  sed -i 's/64 \* 13 \* 13/64 * 12 * 12/' "$repo/model.py"
  printf '# sample\n' >"$repo/README.md"
  (cd "$repo" && g init -q && g add -A && g commit -qm base)
  base=$(cd "$repo" && git rev-parse HEAD)
}
# The change under test: the layer size bug in model.py, committed.
introduce_bug() {
  sed -i 's/64 \* 12 \* 12/64 * 13 * 13/' "$repo/model.py"
  (cd "$repo" && g commit -qam "resize fc1")
}

case "$case_name" in
  model-change)
    # the change is in model.py; the entry train.py imports it and is re-analysed; the failing
    # operation (fc1 call, line 27) is not on the changed line, the layer definition (line 16) is
    make_repo; introduce_bug
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/t.sarif" --junit "$work/t.xml" \
        --codequality "$work/cq.json" --markdown "$work/t.md" --json "$work/t.json"
    expect_status 1
    # (train.py, and the changed file of models on its own, in module mode)
    expect_err "1 changed file"; expect_err "2 entries selected"
    expect_out "model.py:16:20: error:"; expect_out "[shape/matmul-inner-dim]"
    expect_out "(fails at model.py:27; reported on this changed line: the Linear layer is defined here)"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['baselineState']") == new ]] || fail "not new"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['locations'][0]['physicalLocation']['region']['startLine']") == 16 ]] || fail "not anchored"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['relatedLocations'][0]['physicalLocation']['region']['startLine']") == 27 ]] || fail "failing op not related"
    [[ $(json "$work/t.sarif" "len(d['runs'])") == 1 ]] || fail "runs"
    expect_file "$work/t.xml" 'classname="model.py" name="shape/matmul-inner-dim"'
    [[ $(json "$work/cq.json" "d[0]['location']['lines']['begin']") == 16 ]] || fail "cq line"
    expect_file "$work/t.md" "model.py"
    # the model's inferred contract changed: it takes 30 x 30 images now, not 28 x 28
    expect_file "$work/t.md" "### Model contracts changed (1)"
    expect_file "$work/t.md" '- `Net` (model.py:7): now `Net.forward(x: [B, 1, H, W]) -> [B, 10]; requires'
    expect_file "$work/t.md" 'accepts H = W = 30 or 31 among square images` (was `Net.forward(x: [B, 1, H, W]) -> [B, 10]; requires'
    expect_file "$work/t.md" 'accepts H = W = 28 or 29 among square images`); callers: train.py:66'
    [[ $(json "$work/t.json" "[e['path'] for e in d['entries']]") == "['model.py', 'train.py']" ]] || fail "module entry"
    [[ $(json "$work/t.json" "[c['module'] for c in d['contract_changes']]") == "['Net']" ]] || fail "contract change"
    [[ $(json "$work/t.json" "d['contract_changes'][0]['callers'][0]['line']") == 66 ]] || fail "caller"
    [[ $(json "$work/t.json" "d['entries'][0]['contracts'][0]['signature']") == "Net.forward(x: [B, 1, H, W]) -> [B, 10]" ]] || fail "contracts"
    ;;
  notebook)
    # a training notebook is an entry; the bug is introduced in one of its cells: text output
    # names the cell, SARIF, Code Quality and JUnit the line of the .ipynb file that holds the
    # code (where GitHub anchors the alert and where the diff changed it)
    mkdir -p "$repo"
    cp "$src/tests/fixtures/notebook/mnist_notebook_fixed.ipynb" "$repo/train.ipynb"
    printf '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n' >"$repo/empty.ipynb"
    (cd "$repo" && g init -q && g add -A && g commit -qm base)
    base=$(cd "$repo" && git rev-parse HEAD)
    sed -i 's/nn.Linear(9216, hidden)/nn.Linear(64 * 13 * 13, hidden)/' "$repo/train.ipynb"
    (cd "$repo" && g commit -qam "resize fc1")
    line=$(grep -n 'x = F.relu(self.fc1(x))' "$repo/train.ipynb" | cut -d: -f1)
    run env CI_PROJECT_URL=https://gitlab.example/g/p CI_COMMIT_SHA=abc "$tenscan" ci --repo "$repo" --base "$base" \
        --sarif "$work/t.sarif" --junit "$work/t.xml" --codequality "$work/cq.json" --markdown "$work/t.md"
    expect_status 1; expect_err "1 entry selected"
    expect_out "train.ipynb:cell 4:6:20: error:"; expect_out "(fails at train.ipynb:cell 4:13;"
    expect_out "        x = F.relu(self.fc1(x))"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['relatedLocations'][0]['physicalLocation']['region']['startLine']") == "$line" ]] || fail "SARIF line"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['baselineState']") == new ]] || fail "not new"
    [[ $(json "$work/cq.json" "d[0]['location']['lines']['begin']") == $((line - 7)) ]] || fail "cq line"
    expect_file "$work/t.xml" 'classname="train.ipynb" name="shape/matmul-inner-dim"'
    expect_file "$work/t.md" "[train.ipynb:cell 4:6](https://gitlab.example/g/p/-/blob/abc/train.ipynb?plain=1#L$((line - 7)))"
    ;;
  unrelated-change)
    make_repo
    printf 'more\n' >>"$repo/README.md"; (cd "$repo" && g commit -qam docs)
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/t.sarif" --junit "$work/t.xml"
    expect_status 0; expect_err "0 entries selected"
    [[ $(json "$work/t.sarif" "len(d['runs'][0]['results'])") == 0 ]] || fail "results"
    ;;
  full-scan)
    # no base anywhere: every entry is analysed, nothing is classified
    make_repo; introduce_bug
    run env -u CI_MERGE_REQUEST_DIFF_BASE_SHA -u GITHUB_EVENT_NAME "$tenscan" ci --repo "$repo" --sarif "$work/t.sarif"
    expect_status 1; expect_err "1 entry selected"; expect_out "model.py:27:13: error:"
    [[ $(json "$work/t.sarif" "'baselineState' in d['runs'][0]['results'][0]") == False ]] || fail "baselineState without baseline"
    ;;
  shape-report)
    # --report DIR: every analysed entry's page (its workers trace the modules), and the layers
    # in the Markdown summary, collapsed
    make_repo; introduce_bug
    run env -u CI_MERGE_REQUEST_DIFF_BASE_SHA -u GITHUB_EVENT_NAME "$tenscan" ci --repo "$repo" --report "$work/shapes" \
      --markdown "$work/t.md"
    expect_status 1
    [[ -s "$work/shapes/train.py.html" ]] || fail "no shape report"
    grep -q 'class="failing">' "$work/shapes/train.py.html" || fail "the failing layer is not highlighted"
    expect_file "$work/t.md" "### Model shapes"
    expect_file "$work/t.md" "<details><summary>train.py: "
    expect_file "$work/t.md" "shapes/train.py.html"
    ;;
  line-shift)
    # the bug exists at the base; the change only shifts lines: the finding stays unchanged
    make_repo; introduce_bug; base=$(cd "$repo" && git rev-parse HEAD)
    sed -i '1i # a new comment\n# and another' "$repo/model.py"; (cd "$repo" && g commit -qam shift)
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/t.sarif" --markdown "$work/t.md"
    expect_status 1; expect_out "model.py:29:13: error:"
    [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['baselineState']") == unchanged ]] || fail "not unchanged"
    run "$tenscan" ci --repo "$repo" --base "$base" --new-only --sarif "$work/t.sarif"
    expect_status 0
    [[ $(json "$work/t.sarif" "len(d['runs'][0]['results'])") == 0 ]] || fail "new-only kept an unchanged finding"
    ;;
  fixed)
    # the base has the bug, the change fixes it: reported as fixed
    make_repo; introduce_bug; base=$(cd "$repo" && git rev-parse HEAD)
    sed -i 's/64 \* 13 \* 13/64 * 12 * 12/' "$repo/model.py"; (cd "$repo" && g commit -qam fix)
    run "$tenscan" ci --repo "$repo" --base "$base" --markdown "$work/t.md" --json "$work/t.json"
    expect_status 0
    [[ $(json "$work/t.json" "len(d['absent'])") == 1 ]] || fail "absent"
    expect_file "$work/t.md" "ixed"
    ;;
  worker-failures)
    # two entries; the worker of one crashes (then hangs): the other's finding is still reported
    make_repo; introduce_bug
    cp "$repo/train.py" "$repo/train2.py"; (cd "$repo" && g add -A && g commit -qm second)
    # only the faulty entry gets a short timeout: the other's analysis may take its time (a
    # sanitizer build on a loaded machine) and must still be reported
    printf '{"entries": [{"path": "train.py", "timeout": 3}]}\n' >"$repo/tenscan.json"
    for fault in crash hang; do
      run env TENSCAN_TEST_WORKER_FAULT="$fault:train.py" "$tenscan" ci --repo "$repo" --base "$base" \
          --sarif "$work/t.sarif" --junit "$work/t.xml" --markdown "$work/t.md"
      expect_status 2
      expect_out "[shape/matmul-inner-dim]"
      [[ $(json "$work/t.sarif" "d['runs'][0]['results'][0]['properties']['entries']") == "['train2.py']" ]] || fail "$fault: entries"
      expect_file "$work/t.xml" "<error"
      [[ $(json "$work/t.sarif" "len(d['runs'][0]['results'])") == 1 ]] || fail "$fault: results lost"
      expect_file "$work/t.sarif" "toolExecutionNotifications"
      expect_file "$work/t.md" "train.py"
    done
    ;;
  shallow-missing-base)
    make_repo; introduce_bug
    g clone -q --depth 1 "file://$repo" "$work/shallow"
    run "$tenscan" ci --repo "$work/shallow" --base "$base"
    expect_status 2; expect_err "git fetch --depth=1 origin $base"
    (cd "$work/shallow" && git fetch -q --depth=1 origin "$base")
    run "$tenscan" ci --repo "$work/shallow" --base "$base"
    expect_status 1; expect_out "model.py:16:20: error:"
    ;;
  github-pr)
    # GitHub's pull_request checkout: HEAD is the merge commit, HEAD^1 the base branch
    make_repo
    (cd "$repo" && g checkout -qb feature)
    introduce_bug
    (cd "$repo" && g checkout -q main && g merge -q --no-ff feature -m merge)
    run env GITHUB_EVENT_NAME=pull_request "$tenscan" ci --repo "$repo"
    expect_status 1; expect_err "first parent"; expect_out "model.py:16:20: error:"
    ;;
  staged-and-files)
    make_repo
    sed -i 's/64 \* 12 \* 12/64 * 13 * 13/' "$repo/model.py"
    (cd "$repo" && git add model.py)
    run "$tenscan" ci --repo "$repo" --staged
    expect_status 1; expect_err "HEAD (--staged)"; expect_out "model.py:16:20: error:"
    cd "$repo"
    run "$tenscan" ci model.py
    expect_status 1; expect_out "model.py:27:13: error:"
    run "$tenscan" ci README.md
    expect_status 0; expect_err "0 entries selected"
    cd "$work"
    ;;
  suppression)
    make_repo
    sed -i 's/64 \* 12 \* 12, hidden)/64 * 13 * 13, hidden)/' "$repo/model.py"
    sed -i 's/        x = self.fc1(x)/        x = self.fc1(x)  # tenscan: ignore[shape\/matmul-inner-dim]/' "$repo/model.py"
    (cd "$repo" && g commit -qam suppressed)
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/t.sarif" --json "$work/t.json"
    expect_status 0
    [[ $(json "$work/t.sarif" "len(d['runs'][0]['results'])") == 0 ]] || fail "suppressed result in SARIF"
    [[ $(json "$work/t.json" "d['findings'][0]['suppressed']") == True ]] || fail "not reported as suppressed in JSON"
    run "$tenscan" check "$repo/train.py"
    expect_status 0; expect_out "no issues found"
    ;;
  config)
    make_repo; introduce_bug
    printf '{"entries": [{"path": "train.py", "args": ["--batch-size", "32"]}], "auto_detect": false, "rules": {"shape/matmul-inner-dim": "warning"}}\n' >"$repo/tenscan.json"
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/t.sarif"
    expect_status 0; expect_out "model.py:16:20: warning:"; expect_out "[32, 9216]"
    run "$tenscan" ci --repo "$repo" --base "$base" --fail-on warning
    expect_status 1
    run "$tenscan" check "$repo/train.py"
    expect_status 0; expect_out "model.py:27:13: warning:"
    printf '{"entries": [{"path": "train.py", "timout": 3}]}\n' >"$repo/tenscan.json"
    run "$tenscan" ci --repo "$repo" --base "$base"
    expect_status 2; expect_err 'tenscan.json: entries[0].timout: unknown key (did you mean "timeout"?)'
    ;;
  symbolic-args)
    # tenscan.json symbolic_args reaches the workers: the batch size becomes a symbol and the
    # addition is a warning naming --batch-size; an entry's own symbolic_args overrides it
    mkdir -p "$repo"
    cat >"$repo/train.py" <<'PY'
import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument('--batch-size', type=int, default=64)
args = parser.parse_args()
if __name__ == '__main__':
    y = torch.randn(args.batch_size, 10) + torch.randn(64, 10)
PY
    (cd "$repo" && g init -q && g add -A && g commit -qm base)
    ci() { run env -u CI_MERGE_REQUEST_DIFF_BASE_SHA -u GITHUB_EVENT_NAME "$tenscan" ci --repo "$repo" "$@"; }
    ci; expect_status 0; expect_err "1 entry selected"; refute_out "--batch-size"
    printf '{"symbolic_args": true}\n' >"$repo/tenscan.json"
    ci --sarif "$work/t.sarif" --fail-on warning
    expect_status 1; expect_out "train.py:7:9: warning:"; expect_out "--batch-size"
    expect_file "$work/t.sarif" "--batch-size"
    printf '{"symbolic_args": true, "entries": [{"path": "train.py", "symbolic_args": false}]}\n' >"$repo/tenscan.json"
    ci --fail-on warning; expect_status 0; refute_out "--batch-size"
    printf '{"entries": [{"path": "train.py", "args": ["--batch-size", "64"], "symbolic_args": true}]}\n' >"$repo/tenscan.json"
    ci --fail-on warning; expect_status 0; refute_out "--batch-size"
    printf '{"entries": [{"path": "train.py", "symbolic_args": 1}]}\n' >"$repo/tenscan.json"
    ci; expect_status 2; expect_err "tenscan.json: entries[0].symbolic_args: expected boolean, got integer 1"
    ;;
  shard-merge)
    make_repo; introduce_bug
    cp "$repo/train.py" "$repo/train2.py"; cp "$repo/train.py" "$repo/train3.py"; (cd "$repo" && g add -A && g commit -qm more)
    run "$tenscan" ci --repo "$repo" --base "$base" --sarif "$work/all.sarif"
    for k in 1 2; do
      run "$tenscan" ci --repo "$repo" --base "$base" --shard "$k/2" --sarif "$work/s$k.sarif"
      expect_status 1
    done
    expect_err "shard 2/2 of 4"  # (three scripts, and model.py in module mode)
    run "$tenscan" merge --repo "$repo" "$work/s1.sarif" "$work/s2.sarif" --sarif "$work/m.sarif" --junit "$work/m.xml"
    expect_status 1
    [[ $(json "$work/m.sarif" "len(d['runs'])") == 1 ]] || fail "runs"
    [[ "$(json "$work/m.sarif" "d['runs'][0]['results'][0]['properties']['entries']")" == \
       "$(json "$work/all.sarif" "d['runs'][0]['results'][0]['properties']['entries']")" ]] || fail "merged entries differ"
    [[ $(grep -c '<testsuite ' "$work/m.xml") == 4 ]] || fail "junit suites"
    run "$tenscan" ci --repo "$repo" --shard 3/2; expect_status 2
    ;;
  space-parts)
    # an entry's space in parts: each part a unit of work (in parallel, or on its own shard),
    # their findings joined into the whole space's; a merge that misses a part says so
    mkdir -p "$repo"
    cp "$src/tests/fixtures/hparam/space_attention_heads_bad.py" "$repo/train.py"
    printf '{"auto_detect": false, "entries": [{"path": "train.py", "space": {"embed-dim": [96, 128, 192, 256], "heads": true, "optimizer": true}, "space_parts": 3}]}\n' >"$repo/tenscan.json"
    (cd "$repo" && g init -q && g add -A && g commit -qm base)
    run "$tenscan" ci --repo "$repo" --jobs 2 --sarif "$work/all.sarif" --json "$work/all.json" --fail-on warning
    expect_status 1
    expect_err "3 units of work selected (1 entry, some of whose spaces are analysed in parts)"
    expect_err "train.py (space part 3/3): analysed"
    expect_out "(fails for (--embed-dim, --heads) in {(128, 6), (256, 6)}, whatever --optimizer is: 2 of the 16 combinations in the declared space)"
    [[ $(json "$work/all.json" "d['entries'][0]['space_parts']['analysed']") == "[1, 2, 3]" ]] || fail "parts analysed"
    [[ $(json "$work/all.json" "len(d['findings'])") == 1 ]] || fail "one joined finding"
    for k in 1 2 3; do
      run "$tenscan" ci --repo "$repo" --shard "$k/3" --sarif "$work/s$k.sarif"
      expect_status 0
    done
    run "$tenscan" merge --repo "$repo" "$work/s1.sarif" "$work/s2.sarif" "$work/s3.sarif" --sarif "$work/m.sarif" --fail-on warning
    expect_status 1
    [[ "$(json "$work/m.sarif" "d['runs'][0]['results'][0]['message']['text']")" == \
       "$(json "$work/all.sarif" "d['runs'][0]['results'][0]['message']['text']")" ]] || fail "merged message differs"
    [[ "$(json "$work/m.sarif" "d['runs'][0]['results'][0]['properties']['spaceRegion']")" == \
       "$(json "$work/all.sarif" "d['runs'][0]['results'][0]['properties']['spaceRegion']")" ]] || fail "merged region"
    [[ "$(json "$work/m.sarif" "len(d['runs'][0]['results'][0]['properties']['spaceRegion']['failing'])")" == 4 ]] ||
      fail "merged region's size"
    run "$tenscan" merge --repo "$repo" "$work/s1.sarif" "$work/s3.sarif"
    expect_out "no merged report holds part 2 of the 3 parts of the space (by embed-dim): the values of embed-dim in it were not checked"
    expect_out "analysis incomplete"
    ;;
  user-stubs)
    # an in-house package that exists only as a user stub: without the stub its calls are
    # unmodelled (no finding); with it (tenscan.json stub_dirs or --stub-dir) the bug is found
    mkdir -p "$repo/stubs/inhouse" "$repo/proj"
    cat >"$repo/stubs/inhouse/__init__.py" <<'PY'
PY
    cat >"$repo/stubs/inhouse/layers.py" <<'PY'
"""Stub of the in-house layers package (the real one is a private wheel)."""
import torch.nn as nn


class Projection(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        return self.linear(x)
PY
    cat >"$repo/proj/encoder.py" <<'PY'
import torch.nn as nn
from inhouse.layers import Projection


class Encoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = Projection(width, 64)

    def forward(self, x):
        return self.proj(x)
PY
    cat >"$repo/train.py" <<'PY'
import argparse

import torch

from proj.encoder import Encoder


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=128)
    args = parser.parse_args()
    model = Encoder(args.width)
    batch = torch.randn(32, 256)
    out = model(batch)
    print(out.shape)


if __name__ == "__main__":
    main()
PY
    (cd "$repo" && g init -q && g add -A && g commit -qm stubs)
    run "$tenscan" check "$repo/train.py"
    expect_status 0; expect_out "no issues found"
    run "$tenscan" check --stub-dir stubs "$repo/train.py"
    expect_status 1; expect_out "proj/encoder.py:11:16: error:"; expect_out "[shape/matmul-inner-dim]"
    printf '{"stub_dirs": ["stubs"]}\n' >"$repo/tenscan.json"
    run "$tenscan" ci --repo "$repo"
    expect_status 1; expect_out "proj/encoder.py:11:16: error:"
    # a change to the stub selects the entry through the import graph
    (cd "$repo" && g add -A && g commit -qm config)
    sed -i 's/in-house layers package/in-house layers package (v2)/' "$repo/stubs/inhouse/layers.py"
    run "$tenscan" ci --repo "$repo" --base HEAD --list-entries
    expect_status 0; expect_out "train.py"
    ;;
  bad-repo)
    run "$tenscan" ci --repo "$work"; expect_status 2; expect_err "tenscan: error:"
    make_repo
    run "$tenscan" ci --repo "$repo" --base no-such-rev; expect_status 2; expect_err "no-such-rev"
    ;;
  *) fail "unknown case" ;;
esac
echo "ok [$case_name]"
