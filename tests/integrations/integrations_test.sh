#!/usr/bin/env bash
# Runs the CI templates of ci-templates/ and the pre-commit manifest with the real tools, on a
# sample project with a real shape bug (sample/: train_bad.py feeds [B, 400] into model.py's
# nn.Linear(320, 50)), against the tenscan executable under test.
#
# Usage: integrations_test.sh TENSCAN CASE
#   action-validator  action.yml and the example workflows through @action-validator/cli
#   github-action     ci-templates/github/run-tenscan.sh in a PR-like git repository with GitHub's
#                     environment variables (run, summary, outputs, exit status, shallow clone, merge)
#   gitlab-ci         the GitLab template included by a sample .gitlab-ci.yml, run by gitlab-ci-local
#                     (shell executor): rules, base fetching, Code Quality / JUnit / SARIF artifacts
#   pre-commit        .pre-commit-hooks.yaml through Debian's pre-commit: try-repo and a real commit
# Exit: 0 passed, 1 failed, 77 skipped (a tool this test needs is not installed; the reason is printed).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_root=$(cd "$here/../.." && pwd)
(($# == 2)) || { echo "usage: integrations_test.sh TENSCAN CASE" >&2; exit 2; }
tenscan=$(realpath "$1")
case_name=$2

work=$(mktemp -d "${TMPDIR:-/tmp}/tenscan-integrations.XXXXXX")
trap 'rm -rf "$work"' EXIT

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
skip() { echo "SKIPPED: $*" >&2; exit 77; }
need() {  # need TOOL WHY
  command -v "$1" >/dev/null 2>&1 || skip "'$1' is not installed ($2)"
}
expect_rc() {  # expect_rc WANT GOT WHAT
  if [[ $1 == "$2" ]]; then pass "$3 (exit status $2)"; else fail "$3: exit status $2, expected $1"; fi
}
expect_file() {  # expect_file PATH WHAT
  if [[ -s $1 ]]; then pass "$2 exists"; else fail "$2 missing or empty: $1"; fi
}
expect_grep() {  # expect_grep PATTERN FILE WHAT
  if grep -qE -- "$1" "$2" 2>/dev/null; then pass "$3"; else
    fail "$3: /$1/ not found in $2"
    sed 's/^/    | /' "$2" 2>/dev/null | tail -n 40 >&2 || true
  fi
}
finish() {
  if ((failures)); then echo "$case_name: $failures check(s) failed" >&2; exit 1; fi
  echo "$case_name: all checks passed"
  exit 0
}

export GIT_AUTHOR_NAME=tenscan-test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=tenscan-test GIT_COMMITTER_EMAIL=test@example.invalid
export GIT_CONFIG_NOSYSTEM=1 HOME=$work/home
mkdir -p "$HOME"
git_q() { git -c init.defaultBranch=main -c advice.detachedHead=false "$@" >/dev/null 2>&1; }

# The tenscan under test must have the CI driver: not a reason to skip, the thing under test.
require_ci() {
  if ! "$tenscan" ci --help 2>&1 | grep -q -- '--base'; then
    echo "FAIL: '$tenscan ci --help' does not work: this tenscan has no CI driver" >&2
    exit 1
  fi
}

# The pinned npm tools (package-lock.json), installed once per lock file (like tests/report).
npm_tools() {
  need node "the npm tools of tests/integrations run on Node.js"
  need npm "installs the pinned tools of tests/integrations/package-lock.json"
  local marker=$here/node_modules/.tenscan-package-lock.json
  if ! (
    flock 9
    if ! cmp -s "$here/package-lock.json" "$marker"; then
      echo "installing the pinned integration tools (npm ci)" >&2
      (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --update-notifier=false --loglevel=error >&2)
      cp "$here/package-lock.json" "$marker"
    fi
  ) 9>"${TMPDIR:-/tmp}/tenscan-integrations-npm.lock"; then
    echo "FAIL: npm ci in $here failed" >&2
    exit 1
  fi
}

# A sample repository: main has the fixed project; returns the path.
#   sample_origin DIR  -> a bare repository DIR/origin.git with branches main (clean) and
#                         feature (train.py feeds [B, 400]: the shape bug), plus DIR/seed
sample_origin() {
  local dir=$1
  mkdir -p "$dir/seed"
  (
    cd "$dir/seed"
    git_q init
    cp "$here/sample/model.py" "$here/sample/train.py" .
    printf '# sample\n' >README.md
    if [[ -n ${2:-} ]]; then mkdir -p ci && cp "$2" ci/; fi
    if [[ -n ${3:-} ]]; then printf '%s' "$3" >.gitlab-ci.yml; fi
    git_q add -A
    git_q commit -m "base: the project"
    git_q checkout -b feature
    cp "$here/sample/train_bad.py" train.py
    git_q commit -am "feature: 20x20 feature maps"
    git_q checkout main
    git_q clone --bare . "$dir/origin.git"
  )
}

# ---------------------------------------------------------------------------------------------
case_action_validator() {
  npm_tools
  local validator=$here/node_modules/.bin/action-validator f out=$work/out.txt
  for f in "$source_root/ci-templates/github/action.yml" "$source_root/ci-templates/github/tenscan.yml" \
    "$source_root/ci-templates/github/tenscan-sharded.yml" "$source_root/ci-templates/github/tenscan-fork-upload.yml"; do
    local rc=0
    node "$validator" "$f" >"$out" 2>&1 || rc=$?
    expect_rc 0 "$rc" "action-validator ${f#"$source_root"/}"
    ((rc == 0)) || sed 's/^/    | /' "$out" >&2
  done
  # The validator must be able to say no (a broken action and a broken workflow).
  mkdir -p "$work/broken"
  sed 's/using: composite/using: compose/' "$source_root/ci-templates/github/action.yml" >"$work/broken/action.yml"
  sed 's/runs-on:/runs-onn:/' "$source_root/ci-templates/github/tenscan.yml" >"$work/broken/tenscan.yml"
  for f in "$work/broken/action.yml" "$work/broken/tenscan.yml"; do
    local rc=0
    node "$validator" "$f" >"$out" 2>&1 || rc=$?
    expect_rc 1 "$rc" "action-validator rejects a broken ${f##*/}"
  done
  finish
}

# ---------------------------------------------------------------------------------------------
case_github_action() {
  need git "the action runs in a git checkout"
  require_ci
  local script=$source_root/ci-templates/github/run-tenscan.sh
  sample_origin "$work"
  # The pull request: refs/pull/N/merge is a merge commit of the PR head into the base tip.
  git_q clone "$work/origin.git" "$work/pr"
  (cd "$work/pr" && git_q fetch origin feature && git_q merge --no-ff -m "Merge feature into main" FETCH_HEAD)
  local merge_sha
  merge_sha=$(git -C "$work/pr" rev-parse HEAD)
  (cd "$work/pr" && git_q push origin HEAD:refs/pull/1/merge)

  run_action() {  # run_action WORKSPACE NAME [VAR=VALUE...]: runs `run`, then `finish`
    local ws=$1 name=$2
    shift 2
    local d=$work/gh-$name
    mkdir -p "$d/runner"
    : >"$d/summary.md"
    : >"$d/output"
    local rc=0
    env GITHUB_WORKSPACE="$ws" GITHUB_STEP_SUMMARY="$d/summary.md" GITHUB_OUTPUT="$d/output" \
      GITHUB_EVENT_NAME=pull_request GITHUB_SHA="$merge_sha" GITHUB_REPOSITORY=acme/sample \
      GITHUB_SERVER_URL=https://github.com GITHUB_ACTIONS=true CI=true RUNNER_TEMP="$d/runner" \
      TENSCAN_BIN="$tenscan" "$@" bash "$script" run >"$d/log" 2>&1 || rc=$?
    expect_rc 0 "$rc" "[$name] run-tenscan.sh run exits 0 whenever tenscan ran"
    ((rc == 0)) || sed 's/^/    | /' "$d/log" >&2
    local code
    code=$(sed -n 's/^exit-code=//p' "$d/output" | tail -n1)
    rc=0
    env TENSCAN_EXIT_CODE="$code" bash "$script" finish >>"$d/log" 2>&1 || rc=$?
    echo "$code" >"$d/exit-code"
    echo "$rc" >"$d/finish-rc"
  }
  output_of() { sed -n "s/^$2=//p" "$work/gh-$1/output" | tail -n1; }

  # 1. The pull request with the shape bug: findings, exit status 1 after the reports.
  run_action "$work/pr" bug
  expect_rc 1 "$(cat "$work/gh-bug/exit-code")" "[bug] tenscan ci's status is recorded in the exit-code output"
  expect_rc 1 "$(cat "$work/gh-bug/finish-rc")" "[bug] the finish step fails the job"
  local sarif junit md
  sarif=$(output_of bug sarif-file)
  junit=$(output_of bug junit-file)
  md=$(output_of bug markdown-file)
  expect_file "$sarif" "[bug] SARIF report (sarif-file output)"
  expect_file "$junit" "[bug] JUnit report (junit-file output)"
  expect_file "$md" "[bug] Markdown report (markdown-file output)"
  expect_grep '"shape/matmul-inner-dim"' "$sarif" "[bug] the SARIF has the finding"
  expect_grep '"id": *"tenscan/' "$sarif" "[bug] the SARIF run carries the category (automationDetails.id)"
  expect_grep '<failure' "$junit" "[bug] the JUnit report has a failure"
  expect_grep 'matmul-inner-dim' "$work/gh-bug/summary.md" "[bug] the job summary got the Markdown report"
  expect_grep '(model|train)\.py:[0-9]+:[0-9]+: error: .*\[shape/matmul-inner-dim\]' "$work/gh-bug/log" "[bug] the log has the compiler-style finding"
  expect_grep "^repo-root=$work/pr\$" "$work/gh-bug/output" "[bug] repo-root output (upload-sarif checkout_path)"
  expect_grep '::error::' "$work/gh-bug/log" "[bug] the finish step prints an error annotation"

  # 2. A clean pull request (a harmless change to train.py): exit 0 everywhere.
  git_q clone "$work/origin.git" "$work/clean"
  (cd "$work/clean" && git_q checkout -b tweak && printf '\n# reviewed\n' >>train.py && git_q commit -am tweak &&
    git_q checkout main && git_q merge --no-ff -m "Merge tweak into main" tweak)
  run_action "$work/clean" clean GITHUB_SHA="$(git -C "$work/clean" rev-parse HEAD)"
  expect_rc 0 "$(cat "$work/gh-clean/exit-code")" "[clean] tenscan ci passes on the fixed project"
  expect_rc 0 "$(cat "$work/gh-clean/finish-rc")" "[clean] the finish step passes"
  expect_file "$(output_of clean sarif-file)" "[clean] SARIF report"

  # 3. --fail-on none: the findings are reported but do not fail.
  run_action "$work/pr" failnone TENSCAN_FAIL_ON=none
  expect_rc 0 "$(cat "$work/gh-failnone/exit-code")" "[fail-on none] exit status"
  expect_grep '"shape/matmul-inner-dim"' "$(output_of failnone sarif-file)" "[fail-on none] the SARIF still has the finding"

  # 4. A usage error (status 2) propagates to the finish step; arguments are split shell-style.
  run_action "$work/pr" usage TENSCAN_ARGS="--no-such-option 'two words'"
  expect_rc 2 "$(cat "$work/gh-usage/exit-code")" "[usage error] tenscan's status 2 is recorded"
  expect_rc 2 "$(cat "$work/gh-usage/finish-rc")" "[usage error] the finish step exits 2"
  expect_grep 'tenscan exited with status 2|wrote no Markdown' "$work/gh-usage/log" "[usage error] explained in the log"

  # 5. actions/checkout's default fetch-depth 1: HEAD^1 is missing; the script fetches it.
  mkdir -p "$work/shallow"
  (cd "$work/shallow" && git_q init && git_q remote add origin "file://$work/origin.git" &&
    git_q fetch --no-tags --depth 1 origin refs/pull/1/merge && git_q checkout --detach FETCH_HEAD)
  if git -C "$work/shallow" cat-file -e 'HEAD^1^{commit}' 2>/dev/null; then
    fail "[shallow] the test clone should lack HEAD^1"
  fi
  run_action "$work/shallow" shallow
  expect_grep 'not in this clone' "$work/gh-shallow/log" "[shallow] the missing base is detected"
  if git -C "$work/shallow" cat-file -e 'HEAD^1^{commit}' 2>/dev/null; then pass "[shallow] HEAD^1 was fetched"; else fail "[shallow] HEAD^1 is still missing"; fi
  expect_rc 1 "$(cat "$work/gh-shallow/exit-code")" "[shallow] the PR is analysed against the fetched base"

  # 6. Shards and merge mode (the sharded workflow): two shard reports -> one.
  run_action "$work/pr" shard1 TENSCAN_ARGS="--shard 1/2" TENSCAN_REPORTS_DIR="$work/shards/1"
  run_action "$work/pr" shard2 TENSCAN_ARGS="--shard 2/2" TENSCAN_REPORTS_DIR="$work/shards/2"
  expect_file "$work/shards/1/tenscan.sarif" "[shard 1/2] SARIF"
  expect_file "$work/shards/2/tenscan.sarif" "[shard 2/2] SARIF"
  run_action "$work/pr" merge TENSCAN_MODE=merge TENSCAN_MERGE_INPUTS="$work/shards"
  expect_file "$(output_of merge sarif-file)" "[merge] merged SARIF"
  expect_grep '"shape/matmul-inner-dim"' "$(output_of merge sarif-file)" "[merge] the merged SARIF has the shard's finding"
  expect_grep 'matmul-inner-dim' "$work/gh-merge/summary.md" "[merge] the job summary got the merged Markdown"

  # 7. No tenscan at all: a clear error, no outputs.
  local rc=0
  env -u TENSCAN_BIN PATH=/usr/bin:/bin GITHUB_OUTPUT="$work/none-output" RUNNER_TEMP="$work" \
    bash "$script" run >"$work/none.log" 2>&1 || rc=$?
  expect_rc 2 "$rc" "[no tenscan] run-tenscan.sh run fails"
  expect_grep 'no tenscan executable' "$work/none.log" "[no tenscan] says so"
  finish
}

# ---------------------------------------------------------------------------------------------
case_gitlab_ci() {
  need git "gitlab-ci-local runs jobs in a git repository"
  need rsync "gitlab-ci-local copies the repository with rsync (apt package rsync)"
  require_ci
  npm_tools
  local gcl=$here/node_modules/.bin/gitlab-ci-local
  local include=$'include:\n  - local: ci/tenscan.gitlab-ci.yml\n'
  sample_origin "$work" "$source_root/ci-templates/gitlab/tenscan.gitlab-ci.yml" "$include"
  local base_sha
  base_sha=$(git -C "$work/origin.git" rev-parse main)
  # The merge request pipeline's checkout: a shallow clone of the source branch (GIT_DEPTH),
  # without the diff base.
  git_q clone --depth 1 --branch feature "file://$work/origin.git" "$work/mr"
  git -C "$work/mr" remote set-head origin main >/dev/null 2>&1 || true
  if git -C "$work/mr" cat-file -e "$base_sha^{commit}" 2>/dev/null; then
    fail "the shallow merge-request clone should lack the base commit"
  fi
  mkdir -p "$work/bin"
  ln -s "$tenscan" "$work/bin/tenscan"
  # shellcheck disable=SC2054 # the comma-separated list is one argument
  local -a gcl_common=(--home "$work/gcl-home" --shell-executor-no-image --shell-isolation --no-color
    --ignore-predefined-vars CI_PIPELINE_SOURCE,CI_COMMIT_BRANCH,CI_DEFAULT_BRANCH,CI_MERGE_REQUEST_DIFF_BASE_SHA)
  mkdir -p "$work/gcl-home"

  # Rules: merge request pipelines and the default branch, nothing else.
  list_jobs() {  # list_jobs DIR VAR=VALUE... -> job names, one a line
    (cd "$1" && shift && node "$gcl" "${gcl_common[@]}" --list-json "${@/#/--variable=}" 2>/dev/null) |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const j of JSON.parse(s))if(j.when!=="never")console.log(j.name)})'
  }
  local jobs
  jobs=$(list_jobs "$work/mr" CI_PIPELINE_SOURCE=merge_request_event CI_MERGE_REQUEST_DIFF_BASE_SHA="$base_sha")
  if grep -qx tenscan <<<"$jobs"; then pass "rules: tenscan runs in merge request pipelines"; else fail "rules: no tenscan job in an MR pipeline (jobs: $jobs)"; fi
  jobs=$(list_jobs "$work/mr" CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=feature CI_DEFAULT_BRANCH=main)
  if grep -qx tenscan <<<"$jobs"; then fail "rules: tenscan should not run on a feature-branch push"; else pass "rules: not on feature-branch pushes"; fi
  jobs=$(list_jobs "$work/mr" CI_PIPELINE_SOURCE=push CI_COMMIT_BRANCH=main CI_DEFAULT_BRANCH=main)
  if grep -qx tenscan <<<"$jobs"; then pass "rules: tenscan runs on the default branch"; else fail "rules: no tenscan job on the default branch (jobs: $jobs)"; fi

  # The merge request pipeline: the base is fetched, the bug is found, the reports are artifacts.
  local rc=0
  (cd "$work/mr" && PATH="$work/bin:$PATH" node "$gcl" "${gcl_common[@]}" \
    --variable CI_PIPELINE_SOURCE=merge_request_event --variable CI_MERGE_REQUEST_DIFF_BASE_SHA="$base_sha" \
    --variable CI_COMMIT_BRANCH= --variable CI_DEFAULT_BRANCH=main tenscan) >"$work/mr.log" 2>&1 || rc=$?
  if ((rc != 0)); then pass "[MR] the job fails on the shape bug (gitlab-ci-local exit $rc)"; else fail "[MR] the job should fail"; fi
  expect_grep 'not in this clone .*fetching it' "$work/mr.log" "[MR] the missing diff base is fetched"
  expect_grep 'error: .*\[shape/matmul-inner-dim\]' "$work/mr.log" "[MR] the finding is in the job log"
  local art=$work/mr/.gitlab-ci-local/artifacts/tenscan
  expect_file "$art/gl-code-quality-report.json" "[MR] Code Quality artifact (reports:codequality)"
  expect_file "$art/tenscan-junit.xml" "[MR] JUnit artifact (reports:junit)"
  expect_file "$art/tenscan.sarif" "[MR] SARIF artifact"
  if node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const ok = Array.isArray(r) && r.some(e => e.check_name === "shape/matmul-inner-dim" && e.fingerprint &&
        ["info","minor","major","critical","blocker"].includes(e.severity) && e.location && ["model.py", "train.py"].includes(e.location.path) &&
        Number.isInteger(e.location.lines.begin));
      process.exit(ok ? 0 : 1);' "$art/gl-code-quality-report.json" 2>/dev/null; then
    pass "[MR] the Code Quality report has the finding (check_name, fingerprint, severity, path, line)"
  else
    fail "[MR] the Code Quality report lacks the finding"
    head -c 2000 "$art/gl-code-quality-report.json" >&2 || true
  fi
  expect_grep '<failure' "$art/tenscan-junit.xml" "[MR] the JUnit report has a failure"

  # The default branch pipeline: every entry, no base, clean, reports still produced.
  git_q clone --depth 1 --branch main "file://$work/origin.git" "$work/main"
  rc=0
  (cd "$work/main" && PATH="$work/bin:$PATH" node "$gcl" "${gcl_common[@]}" \
    --variable CI_PIPELINE_SOURCE=push --variable CI_COMMIT_BRANCH=main --variable CI_DEFAULT_BRANCH=main tenscan) \
    >"$work/main.log" 2>&1 || rc=$?
  expect_rc 0 "$rc" "[default branch] the job passes on the fixed project"
  ((rc == 0)) || sed 's/^/    | /' "$work/main.log" | tail -n 40 >&2
  expect_file "$work/main/.gitlab-ci-local/artifacts/tenscan/gl-code-quality-report.json" "[default branch] Code Quality artifact (the MR widget's base report)"

  # No tenscan in the image: a clear message, exit 2.
  rc=0
  (cd "$work/main" && node "$gcl" "${gcl_common[@]}" --variable TENSCAN_BIN=/nonexistent/tenscan \
    --variable CI_PIPELINE_SOURCE=push --variable CI_COMMIT_BRANCH=main --variable CI_DEFAULT_BRANCH=main tenscan) \
    >"$work/nobin.log" 2>&1 || rc=$?
  if ((rc != 0)); then pass "[no tenscan] the job fails"; else fail "[no tenscan] the job should fail"; fi
  expect_grep 'not found: run this job in an image that has tenscan' "$work/nobin.log" "[no tenscan] says how to provide it"
  finish
}

# ---------------------------------------------------------------------------------------------
case_pre_commit() {
  need git "pre-commit works on git repositories"
  need pre-commit "Debian package pre-commit (tools/setup.sh --tests)"
  require_ci
  export PRE_COMMIT_HOME=$work/pre-commit-cache
  # The hook repository: the manifest of this source tree, committed. (`try-repo` on a local
  # repository copies tracked files with their uncommitted changes into a shadow commit, but not
  # untracked files, so an uncommitted new manifest would be missed; a clean clone works either way.)
  mkdir -p "$work/hooks"
  cp "$source_root/.pre-commit-hooks.yaml" "$work/hooks/"
  (cd "$work/hooks" && git_q init && git_q add -A && git_q commit -m "tenscan hooks")
  local hooks_rev
  hooks_rev=$(git -C "$work/hooks" rev-parse HEAD)
  mkdir -p "$work/bin"
  ln -s "$tenscan" "$work/bin/tenscan"
  export PATH="$work/bin:$PATH"

  mkdir -p "$work/proj"
  cd "$work/proj"
  git_q init
  cp "$here/sample/model.py" "$here/sample/train.py" .
  git_q add -A
  git_q commit -m base

  # try-repo on the staged change with the bug: the hook fails and prints the finding.
  cp "$here/sample/train_bad.py" train.py
  git add train.py
  local rc=0
  pre-commit try-repo "$work/hooks" tenscan --verbose >"$work/try-bad.log" 2>&1 || rc=$?
  expect_rc 1 "$rc" "[try-repo] a staged shape bug fails the hook"
  expect_grep '(model|train)\.py:[0-9]+:[0-9]+: error: .*\[shape/matmul-inner-dim\]' "$work/try-bad.log" "[try-repo] the hook prints the finding"
  expect_grep 'tenscan.*Failed' "$work/try-bad.log" "[try-repo] pre-commit reports the hook as failed"

  # The fixed version (staged) passes.
  cp "$here/sample/train.py" train.py
  printf '\n# reviewed\n' >>train.py
  git add train.py
  rc=0
  pre-commit try-repo "$work/hooks" tenscan --verbose >"$work/try-fixed.log" 2>&1 || rc=$?
  expect_rc 0 "$rc" "[try-repo] the fixed version passes"
  ((rc == 0)) || sed 's/^/    | /' "$work/try-fixed.log" >&2
  expect_grep 'tenscan.*Passed' "$work/try-fixed.log" "[try-repo] pre-commit reports the hook as passed"
  git_q commit -m "reviewed"

  # A staged notebook that trains a model with a shape bug: the hook runs on it (types_or:
  # jupyter) and fails, naming the cell.
  cp "$source_root/tests/fixtures/notebook/mnist_notebook_bad.ipynb" train_nb.ipynb
  git add train_nb.ipynb
  rc=0
  pre-commit try-repo "$work/hooks" tenscan --verbose >"$work/try-nb.log" 2>&1 || rc=$?
  expect_rc 1 "$rc" "[try-repo] a staged notebook with a shape bug fails the hook"
  expect_grep 'train_nb\.ipynb:cell 4:13:20: error: .*\[shape/matmul-inner-dim\]' "$work/try-nb.log" "[try-repo] the finding names the notebook's cell"
  git rm -q --cached train_nb.ipynb && rm train_nb.ipynb

  # Only non-Python files staged: the hook is skipped (types_or: python, pyi, jupyter and configuration formats).
  printf 'notes\n' >NOTES.txt
  git add NOTES.txt
  rc=0
  pre-commit try-repo "$work/hooks" tenscan >"$work/try-none.log" 2>&1 || rc=$?
  expect_rc 0 "$rc" "[try-repo] no Python file staged"
  expect_grep 'no files to check' "$work/try-none.log" "[try-repo] the hook is skipped for non-Python files"
  git_q commit -m notes

  # The real thing: .pre-commit-config.yaml + `pre-commit install` + `git commit`.
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: tenscan\n' "$work/hooks" "$hooks_rev" >.pre-commit-config.yaml
  git add .pre-commit-config.yaml
  git_q commit -m "pre-commit config" --no-verify
  pre-commit install >/dev/null
  cp "$here/sample/train_bad.py" train.py
  git add train.py
  rc=0
  git commit -m "the bug" >"$work/commit-bad.log" 2>&1 || rc=$?
  if ((rc != 0)); then pass "[git commit] the commit with the shape bug is refused"; else fail "[git commit] the commit with the bug went through"; fi
  expect_grep '\[shape/matmul-inner-dim\]' "$work/commit-bad.log" "[git commit] the finding is shown"
  cp "$here/sample/train.py" train.py
  git add train.py
  rc=0
  git commit -m "fixed" >"$work/commit-fixed.log" 2>&1 || rc=$?
  expect_rc 0 "$rc" "[git commit] the fixed commit goes through"
  ((rc == 0)) || sed 's/^/    | /' "$work/commit-fixed.log" >&2
  finish
}

case $case_name in
  action-validator) case_action_validator ;;
  github-action) case_github_action ;;
  gitlab-ci) case_gitlab_ci ;;
  pre-commit) case_pre_commit ;;
  *) echo "unknown case '$case_name'" >&2; exit 2 ;;
esac
