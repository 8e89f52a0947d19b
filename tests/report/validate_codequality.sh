#!/usr/bin/env bash
# Validates GitLab Code Quality reports against tenscan's schema (codequality.schema.json) and,
# when available (a local copy in ../shared/schemas, or $GL_CODEQUALITY_SCHEMA), against the
# team's copy of GitLab's strict schema; also no BOM and unique fingerprints (check_codequality.js).
# Usage: validate_codequality.sh FILE...   Exit: 0 valid, 1 invalid, 2 setup/usage.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if (($# == 0)); then
  echo "usage: validate_codequality.sh FILE..." >&2
  exit 2
fi
# shellcheck source=install_validators.sh
source "$here/install_validators.sh"
install_validators validate_codequality || exit 2
upstream=${GL_CODEQUALITY_SCHEMA:-$here/../../../shared/schemas/gl-codequality.schema.json}

status=0
node "$here/check_codequality.js" "$here/codequality.schema.json" "$@" || status=1
if [[ -f $upstream ]]; then
  echo "against $upstream:"
  node "$here/check_codequality.js" "$upstream" "$@" || status=1
else
  echo "gl-codequality.schema.json not found ($upstream): upstream schema check skipped"
fi
if ((status)); then echo "validate_codequality: FAILED" >&2; else echo "validate_codequality: OK ($# file(s))"; fi
exit "$status"
