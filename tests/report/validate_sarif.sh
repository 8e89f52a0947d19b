#!/usr/bin/env bash
# Validates SARIF logs with the official SARIF validator (Microsoft Sarif.Multitool, GitHub and
# SARIF rules) and with upload-sarif's JSON-schema check; optionally checks our
# primaryLocationLineHash values against the multitool's (files must resolve via %SRCROOT%).
# Usage: validate_sarif.sh [--fingerprints] FILE...   Exit: 0 valid, 1 invalid, 2 setup/usage.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

fingerprints=0
if [[ ${1:-} == --fingerprints ]]; then
  fingerprints=1
  shift
fi
if (($# == 0)); then
  echo "usage: validate_sarif.sh [--fingerprints] FILE..." >&2
  exit 2
fi
# shellcheck source=install_validators.sh
source "$here/install_validators.sh"
install_validators validate_sarif || exit 2
multitool="$here/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
schema="$here/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1

status=0
for file in "$@"; do
  file=$(realpath "$file")
  # The multitool's exit status is always 0, even for broken JSON: judge its output log.
  rm -f "$work/validation.sarif"
  "$multitool" validate "$file" -o "$work/validation.sarif" -c "$here/sarif-validate.xml" \
    --rule-kind "Ghas;Sarif" --level "Error;Warning;Note" --log ForceOverwrite >"$work/multitool.log" 2>&1 || true
  if [[ ! -s "$work/validation.sarif" ]]; then
    status=1
    tail -n 20 "$work/multitool.log"
  fi
  node "$here/check_sarif.js" multitool "$work/validation.sarif" "$file" || status=1
  node "$here/check_sarif.js" schema "$schema" "$file" || status=1

  if ((fingerprints)); then
    rm -f "$work/oracle.sarif"
    node "$here/check_sarif.js" strip "$file" "$work/stripped.sarif" || { status=1; continue; }
    "$multitool" rewrite "$work/stripped.sarif" -o "$work/oracle.sarif" --insert RollingHashPartialFingerprints \
      --log ForceOverwrite >"$work/rewrite.log" 2>&1 || true
    node "$here/check_sarif.js" compare "$file" "$work/oracle.sarif" || status=1
  fi
done

if ((status)); then echo "validate_sarif: FAILED" >&2; else echo "validate_sarif: OK ($# file(s))"; fi
exit "$status"
