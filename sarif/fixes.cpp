// Applying fixes and showing them (tenscan/report/fixes.h).
#include "tenscan/report/fixes.h"

#include <algorithm>
#include <tuple>

namespace tenscan::report {
namespace {

// The byte offset of (1-based line, 1-based code-point column); nullopt past the line's end.
std::optional<std::size_t> byte_offset(const std::string& text, int line, int col) {
  std::size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos) return std::nullopt;
    ++pos;
  }
  for (int c = 1; c < col; ++c) {
    if (pos >= text.size() || text[pos] == '\n') return std::nullopt;
    ++pos;
    while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) ++pos;
  }
  return pos;
}

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

std::optional<std::string> apply_replacements(const std::string& source, std::vector<Replacement> replacements) {
  struct Edit {
    std::size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (auto& r : replacements) {
    auto b = byte_offset(source, r.range.line, r.range.col);
    auto e = byte_offset(source, r.range.end_line, r.range.end_col);
    if (!b || !e || *e < *b) return std::nullopt;
    edits.push_back({*b, *e, std::move(r.text)});
  }
  // (one edit that several findings ask for, drop_last=True for each failure of a last
  // minibatch, is made once)
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return std::tie(a.begin, a.end, a.text) < std::tie(b.begin, b.end, b.text); });
  edits.erase(std::unique(edits.begin(), edits.end(),
                          [](const Edit& a, const Edit& b) { return a.begin == b.begin && a.end == b.end && a.text == b.text; }),
              edits.end());
  for (std::size_t i = 1; i < edits.size(); ++i)
    if (edits[i].begin < edits[i - 1].end || edits[i].begin == edits[i - 1].begin) return std::nullopt;
  std::string out = source;
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) out.replace(it->begin, it->end - it->begin, it->text);
  return out;
}

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
