#!/usr/bin/env bash
# End-to-end tests of tenscan under a hostile pull request (issue 16, docs/security.md):
# hostile_test.sh TENSCAN CASE. Each case builds a git repository in a temporary directory
# from examples/mnist and checks one defence exactly.
set -uo pipefail
tenscan=$(realpath "$1")
case_name=$2
source "$(dirname "$0")/lib.sh"
ci() { run env -u CI_MERGE_REQUEST_DIFF_BASE_SHA -u GITHUB_EVENT_NAME -u GITHUB_ACTIONS "$tenscan" ci --repo "$repo" "$@"; }

repo=$work/repo
# The MNIST example with its layer-size bug, committed; prints nothing.
make_repo() {
  mkdir -p "$repo"
  cp "$src/examples/mnist/train.py" "$src/examples/mnist/model.py" "$repo/"
  (cd "$repo" && g init -q && g add -A && g commit -qm base)
}
commit() { (cd "$repo" && g add -A && g commit -qm "$1"); }

case "$case_name" in
  report-links)
    # a committed link named like a report, or a linked directory on the report's path, is
    # refused; the file it points at is untouched; FIFOs and /dev/stdout are written in place
    make_repo
    printf 'secret\n' >"$work/victim"
    mkdir "$work/elsewhere"
    ln -s "$work/victim" "$repo/results.sarif"
    ln -s "$work/elsewhere" "$repo/out"
    commit links
    cd "$repo" && run "$tenscan" ci --sarif results.sarif --junit out/junit.xml --json ok.json; cd "$work" || exit 1
    expect_status 2
    expect_err "cannot write results.sarif: $repo/results.sarif is a symbolic link inside the repository"
    expect_err "cannot write out/junit.xml: $repo/out is a symbolic link inside the repository"
    [[ $(cat "$work/victim") == secret ]] || fail "the link's target was overwritten"
    [[ -z $(ls -A "$work/elsewhere") ]] || fail "a report was written through the linked directory"
    [[ -L $repo/results.sarif ]] || fail "the link was replaced"
    [[ $(json "$repo/ok.json" "len(d['entries'])") == 1 ]] || fail "the other report was not written"
    run "$tenscan" check "$repo/train.py" -o "$repo/results.sarif"
    expect_status 2; expect_err "is a symbolic link inside the repository"
    [[ $(cat "$work/victim") == secret ]] || fail "check -o overwrote the link's target"
    # special files: written, never replaced
    mkfifo "$work/fifo"
    cat "$work/fifo" >"$work/from-fifo" &
    reader=$!
    ci --junit "$work/fifo"
    wait $reader
    expect_status 1
    [[ -p $work/fifo ]] || fail "the FIFO was replaced"
    expect_file "$work/from-fifo" '<testsuites name="tenscan"'
    ci --sarif /dev/stdout
    expect_status 1; expect_out '"version": "2.1.0"'
    [[ -c /dev/null ]] || fail "no /dev/null"
    ci --json /dev/null; expect_status 1
    [[ -c /dev/null ]] || fail "/dev/null was replaced"
    ls -A "$repo" | grep -q tenscan- && fail "a temporary file was left behind"
    ;;
  failure-reports)
    # a configuration or repository error (exit 2) still writes every report, saying why
    make_repo
    printf '{"entries": 3}\n' >"$repo/tenscan.json"
    commit config
    o=$work/o; mkdir "$o"
    ci --sarif "$o/t.sarif" --junit "$o/t.xml" --codequality "$o/cq.json" --markdown "$o/t.md" --json "$o/t.json"
    expect_status 2; expect_err "tenscan.json: entries: expected array, got integer 3"
    [[ $(json "$o/t.sarif" "d['runs'][0]['invocations'][0]['executionSuccessful']") == False ]] || fail "sarif success"
    [[ $(json "$o/t.sarif" "d['runs'][0]['invocations'][0]['toolExecutionNotifications'][0]['descriptor']['id']") == analysis/run-failed ]] || fail "sarif notification"
    expect_file "$o/t.xml" '<error type="analysis/run-failed" message="invalid configuration: tenscan.json: entries: expected array, got integer 3"'
    [[ $(json "$o/cq.json" "d[0]['location']['path']") == tenscan.json ]] || fail "code quality path"
    [[ $(json "$o/cq.json" "d[0]['severity']") == blocker ]] || fail "code quality severity"
    expect_file "$o/t.md" "**tenscan did not complete this run:** invalid configuration"
    [[ $(json "$o/t.json" "d['complete']") == False ]] || fail "json complete"
    # the SARIF passes through merge with its failure
    run "$tenscan" merge --repo "$repo" "$o/t.sarif" --json "$o/m.json"
    expect_status 2
    [[ $(json "$o/m.json" "d['failure']") == "invalid configuration: tenscan.json: entries: expected array, got integer 3" ]] || fail "merge lost the failure"
    rm "$repo/tenscan.json"; commit "no config"
    ci --base no-such-revision --json "$o/r.json"
    expect_status 2; expect_err "no-such-revision"
    expect_file "$o/r.json" "no-such-revision"
    ;;
  cancel)
    # SIGTERM to `tenscan ci`: no worker survives, the reports of what finished are written
    # (the cancelled entry marked), and tenscan exits as the signal would have it
    make_repo
    cp "$repo/train.py" "$repo/a_first.py"; commit more
    TENSCAN_TEST_WORKER_FAULT=hang:train.py "$tenscan" ci --repo "$repo" --jobs 1 --json "$work/c.json" \
      >"$work/out" 2>"$work/err" &
    pid=$!
    for _ in $(seq 1 600); do grep -q "a_first.py: analysed" "$work/err" && break; sleep 0.1; done
    for _ in $(seq 1 100); do pgrep -f -- "--worker.*train.py" >/dev/null && break; sleep 0.1; done
    pgrep -f -- "--worker.*train.py" >/dev/null || fail "the hanging worker never started"
    kill -TERM $pid
    wait $pid; status=$?
    expect_status 143
    pgrep -f -- "--worker.*$repo" && fail "a worker survived the cancellation"
    expect_err "train.py: cancelled (the run was cancelled by SIGTERM)"
    [[ $(json "$work/c.json" "d['failure']") == "the run was cancelled by SIGTERM; 1 entry was not analysed" ]] || fail "failure"
    [[ $(json "$work/c.json" "[(e['path'], e['status']) for e in d['entries']]") == "[('a_first.py', 'analysed'), ('train.py', 'cancelled')]" ]] || fail "entries"
    [[ $(json "$work/c.json" "len(d['findings'])") == 1 ]] || fail "the finished entry's finding was lost"
    ;;
  log-injection)
    # strings and file names of the analysed code cannot emit CI commands into the job's log:
    # no line of the text output (stdout or stderr) starts with "::" after leading whitespace,
    # and none contains "##["
    mkdir -p "$repo"
    cat >"$repo/::warning file=x::pwned.py" <<'PY'
import torch

if __name__ == "__main__":
    x = torch.randn(4, 3) @ torch.randn(4, 3)
    raise RuntimeError("done\n::add-mask::\x1b[2J\n##[set-output name=a]b\r::error::injected")
PY
    cp "$repo/::warning file=x::pwned.py" "$repo/$(printf 'nl\n::error::x.py')"
    (cd "$repo" && g init -q && g add -A && g commit -qm hostile)
    ci --markdown "$work/t.md"
    expect_status 1
    expect_err "tenscan: nl<U+000A>::error::x.py: analysed"
    expect_out "nl<U+000A>::error::x.py:4:9: error:"
    expect_out "<U+003A>:warning file=x::pwned.py:4:9: error:"
    expect_out "uncaught RuntimeError: done<U+000A>::add-mask::<U+001B>[2J<U+000A>#<U+0023>[set-output name=a]b<U+000D>::error::injected"
    for f in "$work/out" "$work/err"; do
      if grep -nE '^[[:space:]]*::|##\[' "$f"; then fail "$f has a line a runner reads as a command"; fi
      if LC_ALL=C grep -nP '[\x00-\x08\x0b-\x1f\x7f]' "$f"; then fail "$f has a control character"; fi
    done
    expect_file "$work/t.md" "| \\<U\\+003A\\>:warning file=x::pwned.py:4 |"
    ;;
  reading)
    # tenscan reads nothing outside the repository because of what the repository holds: a
    # tenscan.json linked outside is refused without quoting it; stub directories must exist
    make_repo
    printf '{"rules": {"SECRET-TOKEN": "off"}}\n' >"$work/outside.json"
    ln -s "$work/outside.json" "$repo/tenscan.json"
    commit "linked config"
    ci --json "$work/r.json"
    expect_status 2
    expect_err "tenscan.json is a symbolic link to a file outside the repository; tenscan does not read it"
    refute_err "SECRET-TOKEN"; refute_out "SECRET-TOKEN"
    ! grep -q SECRET-TOKEN "$work/r.json" || fail "the report quotes the outside file"
    run "$tenscan" check "$repo/train.py"
    expect_status 2; expect_err "symbolic link to a file outside the repository"; refute_err "SECRET-TOKEN"
    # a link inside the repository is the repository's own file
    rm "$repo/tenscan.json"; printf '{"rules": {"shape/matmul-inner-dim": "off"}}\n' >"$repo/conf.json"
    ln -s conf.json "$repo/tenscan.json"; commit "config"
    ci; expect_status 0
    rm "$repo/tenscan.json" "$repo/conf.json"; commit "no config"
    run "$tenscan" check --stub-dir "$work" "$repo/train.py"
    expect_status 2; expect_err "--stub-dir $work: must be a directory of the project"
    run "$tenscan" check --stub-dir ../x "$repo/train.py"
    expect_status 2; expect_err "--stub-dir ../x: must be a directory of the project"
    run "$tenscan" check --stub-dir missing "$repo/train.py"
    expect_status 2; expect_err "--stub-dir missing: no such directory in the project"
    printf '{"stub_dirs": ["stubs"]}\n' >"$repo/tenscan.json"; commit "stub dir"
    ci; expect_status 2; expect_err 'tenscan.json: stub_dirs[0]: no such directory in the repository: "stubs"'
    mkdir "$repo/stubs"; touch "$repo/stubs/__init__.py"; commit "stubs"
    ci; expect_status 1
    ;;
  config-files)
    # a configuration the script reads (json.load) is read only inside the repository: through
    # a link out of it, or by a path that leaves it, it is unknown (no finding from its values,
    # none of its bytes in a report); the repository's own file decides the shapes
    make_repo
    printf 'import json\nimport torch\nimport torch.nn as nn\nwith open("%s") as f:\n    cfg = json.load(f)\nnn.Linear(cfg["width"], 4)(torch.randn(2, 10))\n' "cfg.json" >"$repo/cfgtrain.py"
    printf '{"width": 7, "SECRET-TOKEN": 1}\n' >"$work/outside.json"
    ln -s "$work/outside.json" "$repo/cfg.json"
    commit "linked config"
    run "$tenscan" check "$repo/cfgtrain.py" --format json
    expect_status 0; refute_out "SECRET-TOKEN"; refute_err "SECRET-TOKEN"
    sed -i 's|"cfg.json"|"../outside.json"|' "$repo/cfgtrain.py"
    run "$tenscan" check "$repo/cfgtrain.py"; expect_status 0
    rm "$repo/cfg.json"; printf '{"width": 7}\n' >"$repo/cfg.json"
    sed -i 's|"../outside.json"|"cfg.json"|' "$repo/cfgtrain.py"; commit "own config"
    run "$tenscan" check "$repo/cfgtrain.py"
    expect_status 1; expect_out "expects 7 input features"
    ;;
  dash-entry)
    # an entry whose name starts with '-' is analysed, not taken for an option, in the
    # working tree and at a revision
    mkdir -p "$repo"
    cp "$src/examples/mnist/model.py" "$repo/"; cp "$src/examples/mnist/train.py" "$repo/-x.py"
    (cd "$repo" && g init -q && g add -A && g commit -qm base)
    ci; expect_status 1; expect_out "model.py:27:13: error:"; expect_err "tenscan: -x.py: analysed"
    printf '\n' >>"$repo/-x.py"; commit touch
    ci --base HEAD~1 --head HEAD; expect_status 1; expect_err "tenscan: baseline -x.py: analysed"
    expect_out "1 error (0 new) in 1 entry; 0 fixed"
    ;;
  hidden-not-fixed)
    # an error the change only hides (an earlier error now stops the analysis before it) is
    # not listed as fixed: it was not re-checked
    make_repo
    base=$(cd "$repo" && git rev-parse HEAD)
    sed -i 's/nn.Conv2d(32, 64/nn.Conv2d(16, 64/' "$repo/model.py"; commit "conv2 input"
    ci --base "$base" --json "$work/h.json" --markdown "$work/h.md"
    expect_status 1; expect_out "model.py:11:22: error: Conv2d expects 16 input channels"
    expect_out "1 error (1 new) in 2 entries; 0 fixed; 1 earlier finding not re-checked"  # (train.py; model.py in module mode)
    [[ $(json "$work/h.json" "len(d['absent'])") == 0 ]] || fail "listed as fixed"
    [[ $(json "$work/h.json" "[f['rule'] for f in d['not_analysed']]") == "['shape/matmul-inner-dim']" ]] || fail "not_analysed"
    expect_file "$work/h.md" "### Not re-checked (1)"
    # really fixed: a complete analysis that no longer reports it
    git -C "$repo" checkout -q "$base" -- model.py
    sed -i 's/64 \* 13 \* 13/64 * 12 * 12/' "$repo/model.py"; commit "fix"
    ci --base "$base" --json "$work/f.json"
    expect_status 0; expect_out "no issues found in 2 entries; 1 fixed"
    [[ $(json "$work/f.json" "len(d['absent'])") == 1 ]] || fail "the real fix is not listed as fixed"
    [[ $(json "$work/f.json" "len(d['not_analysed'])") == 0 ]] || fail "the real fix is listed as not re-checked"
    ;;
  rename)
    # a renamed entry (and a renamed module) keeps its findings unchanged: the base revision is
    # analysed under the old names, and its findings are compared under the new ones
    make_repo
    base=$(cd "$repo" && git rev-parse HEAD)
    (cd "$repo" && g mv train.py train_mnist.py && g mv model.py net.py && sed -i 's/from model import/from net import/' train_mnist.py && g commit -qam rename)
    ci --base "$base" --new-only --json "$work/r.json"
    expect_status 0
    expect_err "tenscan: baseline train.py: analysed"
    [[ $(json "$work/r.json" "[(f['rule'], f['baseline']) for f in d['findings']]") == "[]" ]] || fail "new-only kept findings"
    ci --base "$base" --json "$work/a.json"
    expect_status 1
    [[ $(json "$work/a.json" "[(f['location']['path'], f['baseline']) for f in d['findings']]") == "[('net.py', 'unchanged')]" ]] || fail "not unchanged"
    [[ $(json "$work/a.json" "len(d['absent']) + len(d['not_analysed'])") == 0 ]] || fail "the old names' findings are listed as gone"
    ;;
  submodule)
    # a commit that only moves a submodule to another commit changes code every entry may
    # import: every entry is analysed, not none
    mkdir -p "$work/lib"
    (cd "$work/lib" && g init -q && printf 'X = 1\n' >lib.py && g add -A && g commit -qm one)
    make_repo
    (cd "$repo" && g -c protocol.file.allow=always submodule add -q "$work/lib" vendor/lib >/dev/null 2>&1 && g commit -qm "add lib") ||
      fail "cannot add the submodule"
    base=$(cd "$repo" && git rev-parse HEAD)
    (cd "$work/lib" && printf 'X = 2\n' >lib.py && g commit -qam two)
    (cd "$repo/vendor/lib" && g -c protocol.file.allow=always pull -q >/dev/null 2>&1) || fail "cannot update the submodule"
    (cd "$repo" && g commit -qam "bump lib")
    ci --base "$base"
    expect_status 1
    expect_err "tenscan: the submodule vendor/lib changed: every entry counts as changed"
    expect_err "1 entry selected"; expect_out "model.py:27:13: error:"
    ;;
  *) fail "unknown case" ;;
esac
echo "ok [$case_name]"
