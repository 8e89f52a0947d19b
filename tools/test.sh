#!/usr/bin/env bash
# README command 2: installs what is missing, builds everything and runs the whole test suite:
#   1. the gcc build: unit tests, fixture suites, end-to-end and SARIF-validator tests;
#   2. a clang build with AddressSanitizer + UndefinedBehaviorSanitizer and libFuzzer, which
#      runs the same suite again under the sanitizers plus a short fuzzing session.
# Set TENSCAN_SKIP_SANITIZERS=1 to run only the first part.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=$(nproc)
bash tools/setup.sh --tests

echo "== build (gcc, RelWithDebInfo)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTENSCAN_BUILD_TESTS=ON >/dev/null
build() {  # build DIR: quiet on success, the compiler's output on failure
  mkdir -p "$1"
  if ! cmake --build "$1" -j"$jobs" >"$1/build.log" 2>&1; then
    tail -n 80 "$1/build.log"
    echo "tenscan: the build in $1 failed" >&2
    exit 1
  fi
  grep -E "warning:" "$1/build.log" | sort -u || true
}
build build
echo "== tests"
(cd build && ctest -j"$jobs" --output-on-failure --timeout 600)

if [[ "${TENSCAN_SKIP_SANITIZERS:-0}" != 1 ]]; then
  echo "== build (clang, ASan + UBSan + libFuzzer)"
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DTENSCAN_SANITIZE=address,undefined -DTENSCAN_BUILD_FUZZERS=ON -DTENSCAN_BUILD_TESTS=ON >/dev/null
  build build-fuzz
  echo "== tests under ASan + UBSan, and a short fuzzing session"
  # (the validators and the CI-integration tests run Node/Python tools over the same output as
  # above: not repeated here)
  (cd build-fuzz && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     LSAN_OPTIONS=suppressions="$root/tests/fuzz/lsan.supp" \
     ctest -j"$jobs" --output-on-failure --timeout 900 -LE "validator|integrations")
fi
