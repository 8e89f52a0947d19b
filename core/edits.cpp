// Edits of the project's text (tenscan/core/edits.h).
#include "tenscan/core/edits.h"

#include <algorithm>
#include <tuple>

namespace tenscan {
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

std::optional<std::string> EditedSource::read(const std::string& rel_path, std::string& error) const {
  auto it = edited_.find(rel_path);
  return it != edited_.end() ? std::optional<std::string>(it->second) : base_.read(rel_path, error);
}

bool EditedSource::is_file(const std::string& rel_path) const {
  return edited_.count(rel_path) != 0 || base_.is_file(rel_path);
}

std::optional<std::map<std::string, std::string>> apply_fixes(const SourceProvider& base, const std::vector<const Fix*>& fixes) {
  std::map<std::string, std::vector<Replacement>> by_file;
  for (const Fix* f : fixes)
    for (const auto& r : f->replacements) {
      if (r.range.cell.cell > 0) return std::nullopt;
      by_file[r.range.path].push_back(r);
    }
  std::map<std::string, std::string> edited;
  for (auto& [path, reps] : by_file) {
    std::string error;
    auto before = base.read(path, error);
    if (!before) return std::nullopt;
    auto after = apply_replacements(*before, std::move(reps));
    if (!after) return std::nullopt;
    edited[path] = std::move(*after);
  }
  return edited;
}

}  // namespace tenscan
