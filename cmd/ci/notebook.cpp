// Where a notebook's script is in the notebook: relocation of every location of a result, the
// SourceProvider that reads notebooks as scripts, and the reporters' lookup of a cell's source.
#include <algorithm>
#include <charconv>

#include "tenscan/ci/notebook.h"

namespace tenscan::ci {

using Pos = NotebookScript::Pos;

void relocate(SourceRange& r, const NotebookScript& nb) {
  if (r.line < 1) return;
  // the place of (line, col) in the script; past the last line: the end of the last line
  auto place = [&](int line, int col) -> std::pair<const NotebookScript::Line*, Pos> {
    if (nb.lines.empty()) return {nullptr, {}};
    const bool past = line < 1 || static_cast<std::size_t>(line) > nb.lines.size();
    const NotebookScript::Line& l = past ? nb.lines.back() : nb.lines[static_cast<std::size_t>(line) - 1];
    if (l.cols.empty()) return {&l, {}};
    const std::size_t i = past ? l.cols.size() - 1 : std::clamp<std::size_t>(static_cast<std::size_t>(std::max(col, 1)) - 1, 0, l.cols.size() - 1);
    Pos p = l.cols[i];
    if (col < 1) p.file_col = p.cell_col = 0;
    return {&l, p};
  };
  auto [line, start] = place(r.line, r.col);
  if (!line || line->cell == 0) {  // the prelude: the notebook as a whole
    r = SourceRange{r.path, 0, 0, 0, 0};
    return;
  }
  r.cell = {line->cell, line->line, start.cell_col, 0, 0};
  const int end_line = r.end_line, end_col = r.end_col;
  r.line = start.file_line;
  r.col = start.file_col;
  r.end_line = r.end_col = 0;
  if (end_line < 1) return;
  auto [eline, end] = place(end_line, end_col);
  if (!eline || eline->cell != line->cell) {  // ends in another cell: at the end of the first line
    end = line->cols.empty() ? start : line->cols.back();
    eline = line;
  }
  r.end_line = end.file_line;
  r.end_col = end.file_col;
  r.cell.end_line = eline->line;
  r.cell.end_col = end.cell_col;
}

std::vector<Completeness::Lines> relocate_lines(const Completeness::Lines& lines, const NotebookScript& nb) {
  // one range per cell the script's lines fall in; the prelude's line is nowhere
  std::vector<Completeness::Lines> out;
  const int last = std::min(std::max(lines.end_line, lines.line), static_cast<int>(nb.lines.size()));
  for (int k = std::max(lines.line, 1); k <= last; ++k) {
    const NotebookScript::Line& l = nb.lines[static_cast<std::size_t>(k) - 1];
    if (l.cell == 0 || l.cols.empty()) continue;
    const int file_first = l.cols.front().file_line, file_last = l.cols.back().file_line;
    if (!out.empty() && out.back().cell == l.cell && out.back().cell_end_line + 1 == l.line) {
      out.back().end_line = file_last;
      out.back().cell_end_line = l.line;
    } else {
      out.push_back({lines.path, file_first, file_last, l.cell, l.line, l.line});
    }
  }
  return out;
}

std::optional<std::string> NotebookSource::read(const std::string& rel_path, std::string& error) const {
  auto text = base_.read(rel_path, error);
  if (!text || !is_notebook(rel_path)) return text;
  auto nb = read_notebook(*text, error);
  if (!nb) {
    error = "not a notebook tenscan can read: " + error;
    return std::nullopt;
  }
  std::string source = nb->source;
  std::lock_guard lock(mu_);
  notebooks_[rel_path] = std::make_shared<const NotebookScript>(std::move(*nb));
  return source;
}

void NotebookSource::relocate_all(AnalysisResult& result) const {
  std::lock_guard lock(mu_);
  for (const auto& [path, nb] : notebooks_) {
    auto move = [&, &path = path, &nb = nb](SourceRange& r) {
      if (r.path == path) relocate(r, *nb);
    };
    for (auto& f : result.findings) {
      move(f.location);
      for (auto& rl : f.related) move(rl.range);
      for (auto& s : f.steps) move(s.range);
    }
    for (auto& n : result.notifications) move(n.location);
    for (auto& c : result.completeness.causes) move(c.location);
    for (auto* list : {&result.completeness.unchecked, &result.completeness.executed}) {
      std::vector<Completeness::Lines> moved;
      for (const auto& l : *list) {
        if (l.path != path) {
          moved.push_back(l);
          continue;
        }
        auto parts = relocate_lines(l, *nb);
        moved.insert(moved.end(), parts.begin(), parts.end());
      }
      *list = std::move(moved);
    }
    if (const auto& e = nb->compile_error) {
      // the cell's error, as CPython reports it (columns: the cell's code points stand in for
      // its bytes, which differ only after a non-ASCII character)
      Finding f;
      f.rule = RuleId::SyntaxError;
      f.level = Level::Error;
      f.message = e->error + ": " + e->message;
      f.location = SourceRange{path, e->line, e->col, e->end_line, e->end_col};
      relocate(f.location, *nb);
      f.identity = "python/syntax-error|" + path;
      result.findings.push_back(std::move(f));
      if (nb->code_cells_after > 0)
        result.notifications.push_back(
            {Notification::Kind::SyntaxError, Level::Note,
             "Run All stops at cell " + std::to_string(nb->compile_error_cell) + "'s " + e->error + ": " +
                 (nb->code_cells_after == 1 ? std::string("the code cell after it was")
                                            : "the " + std::to_string(nb->code_cells_after) + " code cells after it were") +
                 " not analysed",
             SourceRange{path}});
    }
    if (!nb->skipped.empty()) {
      Notification n{Notification::Kind::UnsupportedSyntax, Level::Note, "", nb->first_skipped};
      n.location.path = path;
      relocate(n.location, *nb);
      std::string list;
      for (std::size_t i = 0; i < nb->skipped.size() && i < 5; ++i) list += (i ? ", " : "") + nb->skipped[i];
      if (nb->skipped.size() > 5) list += ", ...";
      n.message = std::to_string(nb->skipped.size()) +
                  (nb->skipped.size() == 1 ? " IPython magic or shell command was" : " IPython magics and shell commands were") +
                  " not analysed (" + list + "): what they do is unknown to tenscan";
      result.notifications.push_back(std::move(n));
    }
  }
}

AnalysisResult analyze_entry(const SourceProvider& sources, const std::string& entry, const AnalysisOptions& options) {
  NotebookSource notebooks(sources);
  AnalysisResult result = analyze(notebooks, entry, options);
  notebooks.relocate_all(result);
  return result;
}

report::SourceLookup source_lookup(const SourceProvider& sources) {
  return [&sources](const std::string& key) -> std::optional<std::string> {
    std::string error;
    const auto nul = key.find('\0');
    if (nul == std::string::npos) return sources.read(key, error);
    auto text = sources.read(key.substr(0, nul), error);
    if (!text) return std::nullopt;
    auto nb = read_notebook(*text, error);
    std::size_t cell = 0;
    std::from_chars(key.data() + nul + 1, key.data() + key.size(), cell);
    if (!nb || cell < 1 || cell > nb->cells.size()) return std::nullopt;
    return nb->cells[cell - 1];
  };
}

}  // namespace tenscan::ci
