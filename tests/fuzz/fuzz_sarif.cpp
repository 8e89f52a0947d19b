// fuzz_sarif: libFuzzer target for the SARIF reader `tenscan merge` uses (shard reports come
// from other jobs, possibly of a fork): any bytes are a run or a clean refusal; a run that was
// read renders again and reads back to the same findings.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "tenscan/report/sarif.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string why;
  auto run = tenscan::report::read_sarif(text, &why);
  if (!run) {
    if (why.empty()) __builtin_trap();  // a refusal says why
    return 0;
  }
  tenscan::report::SourceLookup none = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  const std::string again = tenscan::report::render_sarif(*run, none, {});
  // what tenscan writes it reads back, and writes again the same (sarif.h)
  auto back = tenscan::report::read_sarif(again, &why);
  if (!back || tenscan::report::render_sarif(*back, none, {}) != again) __builtin_trap();
  return 0;
}
