// fuzz_imports: libFuzzer target for the import scanner of `tenscan ci` (it reads every file of
// the change before any analysis). The input is a small project: files separated by lines
// "#### path", the first file being the entry. Whatever the bytes, the scanner lists scripts
// and closures without crashing, and a closure contains its entry.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tenscan/ci/imports.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::map<std::string, std::string> files;
  std::string path = "main.py";
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t next = text.find("\n#### ", at);
    std::string body = text.substr(at, next == std::string::npos ? std::string::npos : next - at);
    files[path] += body;
    if (next == std::string::npos) break;
    std::size_t eol = text.find('\n', next + 6);
    path = text.substr(next + 6, eol == std::string::npos ? std::string::npos : eol - next - 6);
    if (path.empty()) path = "empty.py";
    at = eol == std::string::npos ? text.size() + 1 : eol + 1;
  }
  std::vector<std::string> names;
  for (const auto& [p, _] : files) names.push_back(p);
  tenscan::ci::ImportGraph graph(names, [&](const std::string& p) -> std::optional<std::string> {
    auto it = files.find(p);
    if (it == files.end()) return std::nullopt;
    return it->second;
  }, {"stubs"});
  (void)graph.main_scripts();
  auto closure = graph.closure("main.py");
  if (std::find(closure.begin(), closure.end(), "main.py") == closure.end()) __builtin_trap();
  return 0;
}
