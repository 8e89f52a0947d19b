// Jupyter notebooks as entries: a notebook's code cells become one Python script for the
// analyzer (which reads no JSON), and every location in that script is mapped back into the
// notebook, both as the cell and line a person reads and as the position in the .ipynb file
// where GitHub anchors an alert and a diff changes lines.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/analyze.h"
#include "tenscan/report/report.h"

namespace tenscan::ci {

/// Whether a project path names a notebook (".ipynb").
bool is_notebook(std::string_view path);

/// A notebook's code cells as one script, and where each of the script's characters is.
struct NotebookScript {
  /// Where one code point of the script is: in the .ipynb file (line, code-point column of
  /// the first character of its JSON spelling) and in its cell's source (column).
  struct Pos {
    int file_line = 0;
    int file_col = 0;
    int cell_col = 0;
  };
  struct Line {
    int cell = 0;           ///< 1-based, every cell counted
    int line = 0;           ///< 1-based line in the cell's source
    std::vector<Pos> cols;  ///< per code point of the script line, then the position just past it
  };
  std::string source;              ///< the code cells in order; magics and shell lines made `pass`
  std::vector<Line> lines;         ///< per script line
  std::vector<std::string> cells;  ///< every cell's source as the notebook holds it ("" unless code)
  /// The IPython magics and shell commands left out ("%matplotlib", "!pip"), and the first
  /// one's place (in script coordinates, before relocate()).
  std::vector<std::string> skipped;
  SourceRange first_skipped;
  /// The first code cell that does not compile on its own (a SyntaxError: Jupyter's Run All
  /// stops there), in script coordinates; the script holds the cells before it, and that cell's
  /// lines blank. code_cells_after: the code cells after it, left out.
  std::optional<CompileError> compile_error;
  int compile_error_cell = 0;
  int code_cells_after = 0;
};

/// Reads an nbformat 4 notebook's JSON. nullopt with `error` set when the text is not a
/// notebook tenscan can analyse (not JSON, nbformat 3, a kernel in another language).
std::optional<NotebookScript> read_notebook(std::string_view json, std::string& error);

/// Moves a range in the script into the notebook (SourceRange's notebook convention).
void relocate(SourceRange& range, const NotebookScript& notebook);

/// Script lines (a completeness range) moved into the notebook: one range per cell they fall in.
std::vector<Completeness::Lines> relocate_lines(const Completeness::Lines& lines, const NotebookScript& notebook);

/// A SourceProvider that reads a notebook as its script (and everything else as `base` does),
/// and keeps the notebooks it converted for relocate_all().
class NotebookSource final : public SourceProvider {
 public:
  explicit NotebookSource(const SourceProvider& base) : base_(base) {}
  std::optional<std::string> read(const std::string& rel_path, std::string& error) const override;
  [[nodiscard]] bool is_file(const std::string& rel_path) const override { return base_.is_file(rel_path); }
  [[nodiscard]] bool is_dir(const std::string& rel_path) const override { return base_.is_dir(rel_path); }
  /// Every location of `result` in a notebook read here, moved into the notebook; and a note
  /// per notebook that had magics or shell lines left out.
  void relocate_all(AnalysisResult& result) const;

 private:
  const SourceProvider& base_;
  mutable std::mutex mu_;
  mutable std::map<std::string, std::shared_ptr<const NotebookScript>> notebooks_;
};

/// analyze() for an entry that may be a notebook: its code cells are analysed in order and
/// every location points into the notebook.
AnalysisResult analyze_entry(const SourceProvider& sources, const std::string& entry, const AnalysisOptions& options);

/// A reporters' SourceLookup over `sources`: a file's text, and for report::cell_source_key a
/// notebook cell's source.
report::SourceLookup source_lookup(const SourceProvider& sources);

}  // namespace tenscan::ci
