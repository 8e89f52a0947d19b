// Applying fixes and showing them (tenscan/report/fixes.h).
#include "tenscan/report/fixes.h"

#include <algorithm>

#include "tenscan/core/edits.h"

namespace tenscan::report {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

std::optional<FixedLines> fixed_lines(const Fix& fix, const SourceLookup& sources) {
  if (fix.replacements.empty() || !sources) return std::nullopt;
  FixedLines out;
  out.path = fix.replacements[0].range.path;
  int last = 0;
  out.first = fix.replacements[0].range.line;
  for (const auto& r : fix.replacements) {
    if (r.range.path != out.path || r.range.cell.cell > 0) return std::nullopt;
    out.first = std::min(out.first, r.range.line);
    last = std::max({last, r.range.line, r.range.end_line});
  }
  auto before = sources(out.path);
  if (!before) return std::nullopt;
  auto after = apply_replacements(*before, fix.replacements);
  if (!after) return std::nullopt;
  const auto old_lines = lines_of(*before), new_lines = lines_of(*after);
  // (what a fix writes has no line break: the edited lines end where the old ones did, less the
  // line breaks it replaced)
  const int removed = static_cast<int>(old_lines.size()) - static_cast<int>(new_lines.size());
  if (last > static_cast<int>(old_lines.size()) || last - removed < out.first) return std::nullopt;
  out.before.assign(old_lines.begin() + out.first - 1, old_lines.begin() + last);
  out.after.assign(new_lines.begin() + out.first - 1, new_lines.begin() + (last - removed));
  return out;
}

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after,
                         const std::vector<Replacement>& replacements) {
  if (before == after) return {};
  const auto old_lines = lines_of(before), new_lines = lines_of(after);
  // the changed lines of the old text, grouped into hunks with 3 lines of context either side
  // (the fixes replace text within lines, and what they insert has no line break, so line k of
  // the old text is line k of the new one)
  std::vector<std::pair<int, int>> changed;
  for (const auto& r : replacements) changed.emplace_back(r.range.line, std::max(r.range.end_line, r.range.line));
  std::sort(changed.begin(), changed.end());
  constexpr int kContext = 3;
  std::vector<std::pair<int, int>> hunks;
  for (const auto& [first, last] : changed) {
    const int lo = std::max(1, first - kContext);
    const int hi = std::min(static_cast<int>(old_lines.size()), last + kContext);
    if (!hunks.empty() && lo <= hunks.back().second + 1) hunks.back().second = std::max(hunks.back().second, hi);
    else hunks.emplace_back(lo, hi);
  }
  std::string out = "--- a/" + path + "\n+++ b/" + path + "\n";
  for (const auto& [lo, hi] : hunks) {
    const int n = hi - lo + 1;
    out += "@@ -" + std::to_string(lo) + "," + std::to_string(n) + " +" + std::to_string(lo) + "," + std::to_string(n) + " @@\n";
    for (int k = lo; k <= hi; ++k) {
      const auto i = static_cast<std::size_t>(k - 1);
      const std::string& was = i < old_lines.size() ? old_lines[i] : std::string();
      const std::string& now = i < new_lines.size() ? new_lines[i] : std::string();
      if (was == now) {
        out += " " + was + "\n";
      } else {
        out += "-" + was + "\n";
        out += "+" + now + "\n";
      }
    }
  }
  return out;
}

}  // namespace tenscan::report
