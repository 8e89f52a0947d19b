#!/usr/bin/env bash
# Installs everything tenscan needs to build on Debian 12: the apt packages and the
# pinned tree-sitter Python grammar (grammar/package-lock.json). Idempotent and quiet
# when everything is already there. Set TENSCAN_SKIP_APT=1 to skip the apt step.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

apt_packages=(
  build-essential cmake pkg-config git nodejs npm
  libtree-sitter-dev libz3-dev nlohmann-json3-dev libgit2-dev catch2 libcli11-dev libyaml-cpp-dev
  libtomlplusplus-dev
)
# Only for the test suite: the fuzzer/sanitizer build (clang) and the SARIF/JUnit validators.
test_packages=(clang-14 libclang-rt-14-dev libxml2-utils python3 pre-commit rsync git chromium-headless-shell)

want=("${apt_packages[@]}")
if [[ "${1:-}" == "--tests" ]]; then want+=("${test_packages[@]}"); fi

if [[ "${TENSCAN_SKIP_APT:-0}" != 1 ]]; then
  missing=()
  for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # nodejs/npm may come from elsewhere than apt (the machine image); accept any working npm.
  if command -v npm >/dev/null 2>&1; then
    missing=("${missing[@]/#nodejs/}"); missing=("${missing[@]/#npm/}")
  fi
  read -r -a missing <<<"${missing[*]}"
  if ((${#missing[@]})); then
    echo "tenscan setup: installing ${missing[*]}" >&2
    sudo=""; [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

# The grammar: exact version from the lock file, no install scripts (we only need its C sources).
grammar_src="$root/grammar/node_modules/tree-sitter-python/src/parser.c"
if [[ ! -f "$grammar_src" ]] || ! cmp -s "$root/grammar/package-lock.json" "$root/grammar/node_modules/.package-lock.json.tenscan" 2>/dev/null; then
  echo "tenscan setup: installing the pinned tree-sitter-python grammar" >&2
  (cd "$root/grammar" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  cp "$root/grammar/package-lock.json" "$root/grammar/node_modules/.package-lock.json.tenscan"
fi
