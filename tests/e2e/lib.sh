# shellcheck shell=bash
# Shared by the end-to-end test scripts (cli_test.sh, ci_test.sh, hostile_test.sh): source it
# after setting `case_name`; it sets `src` (the source tree) and `work` (a temporary directory
# removed at exit) and defines the checks. `run CMD...` captures stdout, stderr and the status.
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }
run() { "$@" >"$work/out" 2>"$work/err"; status=$?; }
expect_status() { [[ $status -eq $1 ]] || { cat "$work/out" "$work/err"; fail "exit status $status, expected $1"; }; }
expect_out() { grep -qF -- "$1" "$work/out" || { cat "$work/out" "$work/err"; fail "stdout lacks: $1"; }; }
expect_err() { grep -qF -- "$1" "$work/err" || { cat "$work/out" "$work/err"; fail "stderr lacks: $1"; }; }
refute_out() { ! grep -qF -- "$1" "$work/out" || { cat "$work/out"; fail "stdout must not contain: $1"; }; }
refute_err() { ! grep -qF -- "$1" "$work/err" || { cat "$work/err"; fail "stderr must not contain: $1"; }; }
expect_file() { grep -qF -- "$2" "$1" || { cat "$1"; fail "$1 lacks: $2"; }; }
refute_file() { ! grep -qF -- "$2" "$1" || { cat "$1"; fail "$1 must not contain: $2"; }; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
g() { git -c user.name=t -c user.email=t@example.com -c init.defaultBranch=main "$@"; }
