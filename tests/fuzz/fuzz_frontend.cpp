// fuzz_frontend: libFuzzer target for the front end alone (tree-sitter parse + lowering to the
// IR), faster than fuzz_analyze and so deeper into the grammar's corners: whatever the bytes,
// lowering must not crash, recurse without bound or trip a sanitizer, and a module either
// lowers or reports a syntax error. Run as bench/fuzz.sh does; reproduce with
// `fuzz_frontend FILE`.
#include <cstddef>
#include <cstdint>
#include <string>

#include "python/lower.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto r = tenscan::python::lower_module("main.py", "__main__", std::move(text), 0, false);
  if (!r.module) __builtin_trap();  // a module always comes back, with its diagnostics
  return 0;
}
