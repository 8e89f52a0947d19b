// fuzz_config: libFuzzer target for the tenscan.json loader (a pull request writes that file):
// any bytes give a Config or a ConfigError, never a crash, an uncaught exception or a hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tenscan/ci/config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tenscan::ci::Config c = tenscan::ci::parse_config(text, "tenscan.json");
    for (const auto& e : c.entries)
      if (e.pattern.empty()) __builtin_trap();  // a valid entry names a path
  } catch (const tenscan::ci::ConfigError&) {
  }
  return 0;
}
