#!/usr/bin/env bash
# Validates JUnit XML reports: well-formed, valid against tenscan's own schema (junit.xsd: the
# jenkins-junit.xsd conventions plus testcase file/line and unique (classname, name)), counts
# that match the testcases, and, when the upstream jenkins-junit.xsd is available (a local copy
# in ../shared/schemas, or $JENKINS_JUNIT_XSD), valid against it once the file/line extension
# attributes are stripped (research ci-sarif.md §4.1).
# Usage: validate_junit.sh FILE...   Exit: 0 valid, 1 invalid, 2 setup/usage.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if (($# == 0)); then
  echo "usage: validate_junit.sh FILE..." >&2
  exit 2
fi
command -v xmllint >/dev/null || { echo "validate_junit: xmllint (libxml2-utils) is required" >&2; exit 2; }
jenkins=${JENKINS_JUNIT_XSD:-$here/../../../shared/schemas/jenkins-junit.xsd}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for file in "$@"; do
  xmllint --noout --schema "$here/junit.xsd" "$file" || status=1
  # The counts the consumers show: testsuites/testsuite tests/failures/errors = their testcases.
  for check in \
    'count(//testcase) = /testsuites/@tests' \
    'count(//testcase[failure]) = /testsuites/@failures' \
    'count(//testcase[error]) = /testsuites/@errors' \
    'count(//testsuite[count(testcase) != @tests or count(testcase[failure]) != @failures or count(testcase[error]) != @errors]) = 0'; do
    if [[ $(xmllint --xpath "$check" "$file") != true ]]; then
      echo "$file: fails $check"
      status=1
    fi
  done
  if [[ -f $jenkins ]]; then
    # Our output writes each attribute value between double quotes with '"' escaped, so a
    # regular expression removes the two extension attributes exactly.
    sed -E 's/ file="[^"]*" line="[^"]*"//' "$file" >"$work/stripped.xml"
    if xmllint --noout --schema "$jenkins" "$work/stripped.xml" 2>"$work/jenkins.log"; then
      echo "$file: valid against jenkins-junit.xsd (file/line stripped)"
    else
      sed "s|$work/stripped.xml|$file (file/line stripped)|" "$work/jenkins.log"
      status=1
    fi
  else
    echo "$file: jenkins-junit.xsd not found ($jenkins): upstream schema check skipped"
  fi
done
if ((status)); then echo "validate_junit: FAILED" >&2; else echo "validate_junit: OK ($# file(s))"; fi
exit "$status"
