// Library versions (versions.h).
#include "tenscan/ci/versions.h"

#include <filesystem>
#include <regex>

#include "tenscan/ci/config.h"

namespace tenscan::ci {
namespace {

// A requirement file's line, and the file, beyond these sizes is not read for pins (a file a
// pull request made huge costs nothing).
constexpr std::size_t kLongestLine = 1024;
constexpr std::size_t kLargestFile = 1 << 20;

const std::regex& pin_pattern() {
  // a name (with extras), an exact operator and a version, where a requirement line, a conda
  // list item, a quoted requirement (setup.py, pyproject.toml) or a Pipfile entry puts them
  static const std::regex re(
      R"re((?:^|[\s"',\[(])([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:=\s*["'])?\s*(===|==|~=|=)\s*([0-9]+(?:\.[0-9]+)*)(\.\*)?)re");
  return re;
}

bool is_version(std::string_view v) {
  static const std::regex re(R"re([0-9]+(\.[0-9]+)*)re");
  return std::regex_match(v.begin(), v.end(), re);
}

}  // namespace

std::string library_key(std::string_view distribution) {
  std::string k;
  for (char c : distribution) k += c == '_' || c == '.' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* build : {"tensorflow-gpu", "tensorflow-cpu", "tensorflow-macos"})
    if (k == build) return "tensorflow";
  return k;
}

std::map<std::string, std::string> pinned_in(std::string_view text) {
  std::map<std::string, std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    start = end + 1;
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    if (line.size() > kLongestLine) continue;  // (no requirement is that long; the pattern's cost grows with it)
    for (std::sregex_iterator it(line.begin(), line.end(), pin_pattern()), stop; it != stop; ++it) {
      const std::string name = library_key((*it)[1].str());
      // (a single `=` is conda's pin only in a list item: `python_requires=...` is no pin)
      if ((*it)[2].str() == "=" && line.find('-') > static_cast<std::size_t>(it->position(1))) continue;
      out.try_emplace(name, (*it)[3].str());
    }
  }
  return out;
}

std::map<std::string, std::string> pinned_versions(const SourceProvider& sources, const std::string& entry) {
  std::map<std::string, std::string> out;
  std::filesystem::path dir = std::filesystem::path(entry).lexically_normal().parent_path();
  while (true) {
    for (const char* name : kRequirementFiles) {
      const std::string rel = (dir / name).generic_string();
      if (!sources.is_file(rel)) continue;
      std::string error;
      if (auto text = sources.read(rel, error); text && text->size() <= kLargestFile)
        for (auto& [lib, v] : pinned_in(*text)) out.try_emplace(lib, v);  // (a nearer one was first)
    }
    if (dir.empty() || dir == dir.parent_path()) break;
    dir = dir.parent_path();
  }
  return out;
}

std::pair<std::string, std::string> parse_library_version(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || !is_version(text.substr(eq + 1)))
    throw ConfigError("expected NAME=VERSION, e.g. tensorflow=1.8.0, got \"" + std::string(text) + "\"");
  return {library_key(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

}  // namespace tenscan::ci
