// fuzz_analyze: libFuzzer target for the whole analyzer. The input bytes are the source of an
// entry script `main.py` served from memory; tenscan::analyze runs on it with small budgets.
// Whatever the bytes are, the analyzer must not crash, hang, leak or trip a sanitizer.
//
// Build (clang only; ASan + UBSan come from TENSCAN_SANITIZE):
//   cmake --preset fuzz && cmake --build --preset fuzz        # -> build-fuzz/tests/fuzz/fuzz_analyze
//
// Short bounded run (what CTest does; seeds the corpus from tests/fixtures/**/*.py):
//   ctest --preset fuzz                                        # test fuzz/short, label fuzz
//
// Long run (hours; independent of CTest and of the benchmark). Keep the corpus outside the
// repository, seed it once from the fixtures, and run one job per core:
//   mkdir -p /tmp/tenscan-corpus /tmp/tenscan-crashes
//   find tests/fixtures examples -name '*.py' -exec cp {} /tmp/tenscan-corpus/ \;
//   LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp \
//   build-fuzz/tests/fuzz/fuzz_analyze /tmp/tenscan-corpus \
//       -dict=tests/fuzz/python.dict -timeout=30 -rss_limit_mb=2048 -max_len=16384 \
//       -artifact_prefix=/tmp/tenscan-crashes/ -print_final_stats=1 \
//       -jobs=$(nproc) -workers=$(nproc) -max_total_time=28800
// Reproduce one finding:      build-fuzz/tests/fuzz/fuzz_analyze /tmp/tenscan-crashes/crash-<sha1>
// Minimise it:                build-fuzz/tests/fuzz/fuzz_analyze -minimize_crash=1 -runs=10000 \
//                                 -exact_artifact_path=/tmp/min.py /tmp/tenscan-crashes/crash-<sha1>
// Shrink the corpus:          build-fuzz/tests/fuzz/fuzz_analyze -merge=1 /tmp/corpus-min /tmp/tenscan-corpus
// Check it by hand:           build/cmd/tenscan check /tmp/min.py
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "tenscan/core/analyze.h"

namespace {

using tenscan::MemorySource;

tenscan::AnalysisOptions fuzz_options() {
  tenscan::AnalysisOptions o;
  o.max_paths = 16;
  o.max_loop_unroll = 16;
  o.max_statements = 200'000;
  o.max_call_depth = 50;
  o.solver_rlimit = 200'000;
  // the larger fixture programs take seconds under ASan+UBSan+coverage, more on a loaded CI
  // machine: a time budget well below libFuzzer's -timeout keeps a slow input from passing
  // for a hang (a real hang, outside the interpreter's loop, is still caught)
  o.max_seconds = 10;
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const tenscan::AnalysisOptions options = fuzz_options();
  std::string text(reinterpret_cast<const char*>(data), size);
  // A NUL byte makes the entry "a binary file" (refused before parsing); such inputs are still
  // run, but they cannot reach the parser, so the fuzzer learns quickly to avoid them.
  const bool binary = text.find('\0') != std::string::npos || text.size() > options.max_file_bytes;
  MemorySource sources({{"main.py", std::move(text)}});
  tenscan::AnalysisResult result = tenscan::analyze(sources, "main.py", options);
  // The entry always exists: unless it was refused as binary/oversized, the analysis must
  // complete, or say why it could not (analyze.h: the script itself exited with an error).
  bool script_exit = false;
  for (const auto& n : result.notifications)
    script_exit = script_exit || (n.kind == tenscan::Notification::Kind::ScriptExit && n.level == tenscan::Level::Error);
  if (!binary && !result.completed && !script_exit) __builtin_trap();
  return 0;
}
