// fuzz_notebook: libFuzzer target for the notebook reader of `tenscan check` and `tenscan ci`
// (a notebook of the change is read before any analysis). Whatever the bytes, the reader
// refuses them with a reason or makes a script with one line record per script line, and every
// position of the script moves into the notebook at a place that exists in the file.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "tenscan/ci/notebook.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto nb = tenscan::ci::read_notebook(text, error);
  if (!nb) {
    if (error.empty()) __builtin_trap();
    return 0;
  }
  if (static_cast<std::size_t>(std::count(nb->source.begin(), nb->source.end(), '\n')) != nb->lines.size())
    __builtin_trap();
  const int file_lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (std::size_t i = 0; i < nb->lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    const int width = static_cast<int>(nb->lines[i].cols.size());
    for (int col : {0, 1, width, width + 5}) {
      tenscan::SourceRange r{"nb.ipynb", line, col, line + 1, col + 1};
      tenscan::ci::relocate(r, *nb);
      if (r.line < 0 || r.line > file_lines || r.end_line > file_lines || r.col < 0) __builtin_trap();
      if (r.cell.cell < 0 || static_cast<std::size_t>(r.cell.cell) > nb->cells.size()) __builtin_trap();
    }
  }
  return 0;
}
