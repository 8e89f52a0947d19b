#!/usr/bin/env bash
# The shell logic of the tenscan GitHub Action (ci-templates/github/action.yml), one subcommand
# per step, so that it can be run and tested outside GitHub (tests/integrations):
#
#   run-tenscan.sh source-hash   hash of the tenscan sources this action was checked out with
#                                (the cache key of the built binary) -> output `hash`
#   run-tenscan.sh build         tools/setup.sh (apt packages, pinned grammar; sudo when not root)
#                                and a Release build of tenscan -> output `bin`
#   run-tenscan.sh run           `tenscan ci` (or `tenscan merge`) writing SARIF, JUnit and Markdown
#                                (and the shape reports, shapes/ENTRY.html, with `tenscan ci`);
#                                appends the Markdown to $GITHUB_STEP_SUMMARY; records tenscan's exit
#                                status in the output `exit-code` and always exits 0 itself when
#                                tenscan ran, so that the SARIF upload step still runs
#   run-tenscan.sh finish        exits with the recorded status (the job fails at the very end)
#
# Environment (the action maps its inputs onto these; all optional):
#   TENSCAN_BIN                 the tenscan executable (default: `tenscan` on PATH)
#   TENSCAN_BUILD_DIR           build directory for `build` (default: $RUNNER_TEMP/tenscan-build)
#   TENSCAN_BASE                base revision (default: tenscan takes it from the CI environment:
#                               HEAD^1 of the pull-request merge commit)
#   TENSCAN_ARGS                extra arguments for `tenscan ci`, shell-quoted ("--jobs 2 --new-only")
#   TENSCAN_CATEGORY            SARIF category, written as automationDetails.id (default "tenscan/")
#   TENSCAN_FAIL_ON             error | warning | note | none (default "error")
#   TENSCAN_WORKING_DIRECTORY   where to run, relative to $GITHUB_WORKSPACE (default ".")
#   TENSCAN_REPORTS_DIR         where the reports go (default: $RUNNER_TEMP/tenscan-reports)
#   TENSCAN_MODE                ci (default) | merge: `tenscan merge` of TENSCAN_MERGE_INPUTS
#   TENSCAN_MERGE_INPUTS        merge mode: SARIF files or directories searched for *.sarif
#   TENSCAN_EXIT_CODE           finish: the status to exit with (the `run` step's `exit-code`)
# GitHub's own variables used: GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP,
# GITHUB_EVENT_NAME, GITHUB_SHA (and, read by tenscan itself, GITHUB_SERVER_URL/REPOSITORY/SHA).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_root=$(cd "$here/../.." && pwd)
tmp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}

say() { echo "tenscan-action: $*" >&2; }
output() {  # output NAME VALUE: a step output (printed when not on GitHub)
  if [[ -n ${GITHUB_OUTPUT:-} ]]; then
    printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
  else
    printf '%s=%s\n' "$1" "$2"
  fi
}

source_hash() {
  # Everything that goes into the binary; the file list is sorted so the hash is stable.
  (cd "$source_root" &&
    find CMakeLists.txt cmd core sarif config grammar/package.json grammar/package-lock.json tools/setup.sh \
      -type f ! -path '*/node_modules/*' -print0 2>/dev/null | LC_ALL=C sort -z | xargs -0 sha256sum) |
    sha256sum | cut -c1-32
}

cmd_source_hash() {
  output hash "$(source_hash)"
}

cmd_build() {
  local build_dir=${TENSCAN_BUILD_DIR:-$tmp/tenscan-build}
  local bin_dir=$build_dir/bin
  # The packages are needed even when the binary comes from the cache (its shared libraries).
  bash "$source_root/tools/setup.sh"
  if [[ -x $bin_dir/tenscan && -f $bin_dir/source-hash && $(cat "$bin_dir/source-hash") == "$(source_hash)" ]]; then
    say "using the cached build ($bin_dir/tenscan)"
  else
    say "building tenscan (Release) in $build_dir"
    cmake -S "$source_root" -B "$build_dir/cmake" -DCMAKE_BUILD_TYPE=Release -DTENSCAN_BUILD_TESTS=OFF >/dev/null
    cmake --build "$build_dir/cmake" --target tenscan -j"$(nproc)"
    mkdir -p "$bin_dir"
    cp "$build_dir/cmake/cmd/tenscan" "$bin_dir/tenscan"
    source_hash >"$bin_dir/source-hash"
  fi
  "$bin_dir/tenscan" --version
  output bin "$bin_dir/tenscan"
}

# Splits a shell-quoted argument string into words without evaluating it (xargs does the quotes).
split_args() {
  # shellcheck disable=SC2034 # a nameref: assigns the caller's array
  local -n into=$1
  into=()
  [[ -n ${2//[[:space:]]/} ]] || return 0
  # shellcheck disable=SC2034
  mapfile -d '' into < <(printf '%s' "$2" | xargs printf '%s\0')
}

# Makes the base revision available in a shallow clone (actions/checkout fetches one commit
# unless told `fetch-depth: 2`): fetches it by id from origin. Best effort; tenscan says what
# is missing if this does not help.
ensure_base() {
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  if [[ -n ${TENSCAN_BASE:-} ]]; then
    git cat-file -e "${TENSCAN_BASE}^{commit}" 2>/dev/null && return 0
    say "the base revision $TENSCAN_BASE is not in this clone; fetching it"
    git fetch --no-tags --depth=1 origin "$TENSCAN_BASE" >&2 ||
      echo "::warning::tenscan: could not fetch the base revision $TENSCAN_BASE; use actions/checkout with fetch-depth: 0 or 2"
  elif [[ ${GITHUB_EVENT_NAME:-} == pull_request* ]]; then
    git cat-file -e 'HEAD^1^{commit}' 2>/dev/null && return 0
    say "HEAD^1 (the pull request's base) is not in this clone (fetch-depth: 1?); fetching it"
    git fetch --no-tags --depth=2 origin "${GITHUB_SHA:-HEAD}" >&2 ||
      echo "::warning::tenscan: the pull request's base commit is missing; use actions/checkout with fetch-depth: 2"
  fi
}

cmd_run() {
  local bin=${TENSCAN_BIN:-}
  if [[ -z $bin ]]; then
    bin=$(command -v tenscan || true)
  fi
  if [[ -z $bin || ! -x $bin ]]; then
    echo "::error::tenscan: no tenscan executable (TENSCAN_BIN='${TENSCAN_BIN:-}', none on PATH)"
    exit 2
  fi
  bin=$(realpath "$bin")

  local workdir=${TENSCAN_WORKING_DIRECTORY:-.}
  if [[ $workdir != /* ]]; then workdir=${GITHUB_WORKSPACE:-$PWD}/$workdir; fi
  cd "$workdir"

  local reports=${TENSCAN_REPORTS_DIR:-$tmp/tenscan-reports}
  mkdir -p "$reports"
  reports=$(realpath "$reports")
  local sarif=$reports/tenscan.sarif junit=$reports/tenscan-junit.xml markdown=$reports/tenscan.md
  rm -f "$sarif" "$junit" "$markdown"

  local -a extra cmd
  split_args extra "${TENSCAN_ARGS:-}"
  local mode=${TENSCAN_MODE:-ci}
  case $mode in
    ci)
      ensure_base
      cmd=("$bin" ci --sarif "$sarif" --junit "$junit" --markdown "$markdown" --report "$reports/shapes"
        --category "${TENSCAN_CATEGORY:-tenscan/}" --fail-on "${TENSCAN_FAIL_ON:-error}")
      if [[ -n ${TENSCAN_BASE:-} ]]; then cmd+=(--base "$TENSCAN_BASE"); fi
      ;;
    merge)
      local -a inputs sarifs=()
      split_args inputs "${TENSCAN_MERGE_INPUTS:-}"
      local input
      for input in "${inputs[@]}"; do
        if [[ -d $input ]]; then
          mapfile -t -O "${#sarifs[@]}" sarifs < <(find "$input" -name '*.sarif' -type f | LC_ALL=C sort)
        else
          sarifs+=("$input")
        fi
      done
      if ((${#sarifs[@]} == 0)); then
        echo "::error::tenscan: merge mode found no SARIF files in '${TENSCAN_MERGE_INPUTS:-}'"
        exit 2
      fi
      cmd=("$bin" merge "${sarifs[@]}" --sarif "$sarif" --junit "$junit" --markdown "$markdown")
      ;;
    *)
      echo "::error::tenscan: unknown mode '$mode' (ci or merge)"
      exit 2
      ;;
  esac
  cmd+=("${extra[@]}")

  echo "\$ ${cmd[*]}"
  local rc=0
  "${cmd[@]}" || rc=$?

  case $rc in
    0) say "no findings at or above '${TENSCAN_FAIL_ON:-error}'" ;;
    1) say "findings at or above '${TENSCAN_FAIL_ON:-error}' (exit status 1); the job fails after the upload" ;;
    *) echo "::error::tenscan exited with status $rc (usage error or incomplete analysis; reports are kept)" ;;
  esac

  if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
    if [[ -s $markdown ]]; then
      # The job summary holds at most 1 MiB per step.
      head -c 1000000 "$markdown" >>"$GITHUB_STEP_SUMMARY"
      echo >>"$GITHUB_STEP_SUMMARY"
    else
      printf '### tenscan\n\ntenscan exited with status %s and wrote no Markdown report; see the job log.\n' \
        "$rc" >>"$GITHUB_STEP_SUMMARY"
    fi
  fi

  local root
  root=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  output exit-code "$rc"
  output repo-root "$root"
  output reports-dir "$reports"
  if [[ -s $sarif ]]; then output sarif-file "$sarif"; else output sarif-file ""; fi
  if [[ -s $junit ]]; then output junit-file "$junit"; else output junit-file ""; fi
  if [[ -s $markdown ]]; then output markdown-file "$markdown"; else output markdown-file ""; fi
  return 0
}

cmd_finish() {
  local rc=${TENSCAN_EXIT_CODE:-}
  if [[ ! $rc =~ ^[0-9]+$ ]]; then
    echo "::error::tenscan did not run (no exit status recorded)"
    exit 2
  fi
  case $rc in
    0) say "passed" ;;
    1) echo "::error::tenscan found problems at or above '${TENSCAN_FAIL_ON:-error}' (see the job summary and the code scanning alerts)" ;;
    *) echo "::error::tenscan could not complete the analysis (exit status $rc)" ;;
  esac
  exit "$rc"
}

case ${1:-} in
  source-hash) cmd_source_hash ;;
  build) cmd_build ;;
  run) cmd_run ;;
  finish) cmd_finish ;;
  *)
    echo "usage: run-tenscan.sh source-hash|build|run|finish" >&2
    exit 2
    ;;
esac
