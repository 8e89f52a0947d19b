// Reading a notebook: its JSON, with every source character's place in the file (nlohmann's
// SAX parser), and its code cells made Python (IPython's magics and shell lines left out).
#include <algorithm>
#include <iterator>

#include <nlohmann/json.hpp>

#include "tenscan/ci/notebook.h"

namespace tenscan::ci {
namespace {

using Json = nlohmann::json;
using Pos = NotebookScript::Pos;

// The first line of every script: the names IPython puts in a notebook's namespace.
constexpr std::string_view kPrelude = "from IPython import get_ipython; from IPython.display import display\n";

// An input iterator over the notebook's text that publishes how far nlohmann's lexer has read:
// at the SAX event of a string, just past the string's closing quote (the lexer reads nothing
// ahead of a token).
struct TrackingIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* p = nullptr;
  const char** cursor = nullptr;
  reference operator*() const { return *p; }
  TrackingIterator& operator++() {
    *cursor = ++p;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator t = *this;
    ++*this;
    return t;
  }
  bool operator==(const TrackingIterator& o) const { return p == o.p; }
};

// (a hostile file must not make the frame stack huge; real notebooks nest about ten deep)
constexpr std::size_t kMaxDepth = 512;

struct Span {
  std::size_t begin = 0, end = 0;  // the string's spelling between its quotes
};
struct CellTokens {
  std::string type;
  std::vector<Span> source;
};

// Collects what tenscan needs from the notebook's JSON: each cell's type and the spans of its
// source strings, the kernel's language, the format version.
class NotebookSax final : public nlohmann::json_sax<Json> {
 public:
  NotebookSax(std::string_view text, const char* const* cursor) : text_(text), cursor_(cursor) {}

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t v) override { return number(static_cast<long long>(v)); }
  bool number_unsigned(number_unsigned_t v) override { return number(static_cast<long long>(v)); }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool string(string_t& s) override {
    if (is({"cells", "[]", "cell_type"})) cells.back().type = s;
    else if (is({"cells", "[]", "source"}) || is({"cells", "[]", "source", "[]"})) cells.back().source.push_back(span());
    else if (is({"metadata", "kernelspec", "language"})) kernel_language = s;
    else if (is({"metadata", "language_info", "name"})) info_language = s;
    return true;
  }
  bool start_object(std::size_t) override {
    if (is({"cells", "[]"})) cells.emplace_back();
    return push(false);
  }
  bool key(string_t& k) override {
    frames_.back().key = k;
    if (frames_.size() == 1 && k == "worksheets") worksheets = true;
    if (frames_.size() == 1 && k == "cells") has_cells = true;
    return true;
  }
  bool end_object() override { return pop(); }
  bool start_array(std::size_t) override { return push(true); }
  bool end_array() override { return pop(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    error = "not valid JSON (at byte " + std::to_string(position) + ")";
    return false;
  }

  std::vector<CellTokens> cells;
  std::string kernel_language, info_language, error;
  long long nbformat = 0;
  bool worksheets = false, has_cells = false;

 private:
  struct Frame {
    bool array = false;
    std::string key;
  };
  bool push(bool array) {
    if (frames_.size() >= kMaxDepth) {
      error = "nested more than " + std::to_string(kMaxDepth) + " levels deep";
      return false;
    }
    frames_.push_back({array, {}});
    return true;
  }
  bool pop() {
    frames_.pop_back();
    return true;
  }
  bool number(long long v) {
    if (frames_.size() == 1 && frames_[0].key == "nbformat") nbformat = v;
    return true;
  }
  // Whether the value being read sits at `path` ("[]": any element of an array).
  bool is(std::initializer_list<std::string_view> path) const {
    if (frames_.size() != path.size()) return false;
    auto f = frames_.begin();
    for (std::string_view step : path) {
      if (f->array != (step == "[]") || (!f->array && f->key != step)) return false;
      ++f;
    }
    return true;
  }
  // The spelling of the string just read: back from its closing quote to the first quote
  // not escaped by a backslash (inside a JSON string every '"' is escaped).
  Span span() const {
    const auto end = static_cast<std::size_t>(*cursor_ - text_.data()) - 1;  // the closing quote
    std::size_t q = end;
    while (q > 0) {
      --q;
      if (text_[q] != '"') continue;
      std::size_t slashes = 0;
      while (q > slashes && text_[q - 1 - slashes] == '\\') ++slashes;
      if (slashes % 2 == 0) break;
    }
    return {q + 1, end};
  }

  std::string_view text_;
  const char* const* cursor_;
  std::vector<Frame> frames_;
};

// Walks the notebook's text forward, keeping the line and code-point column of an offset.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  Pos at(std::size_t offset) {
    for (; at_ < offset; ++at_) {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '\n') ++line_, col_ = 1;
      else if ((c & 0xC0) != 0x80) ++col_;
    }
    return {line_, col_, 0};
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1, col_ = 1;
};

std::size_t utf8_length(unsigned char lead) {
  return lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
}

// One line of a cell: its text (UTF-8) and where each code point is, then the place just
// past its end.
struct CellLine {
  std::string text;
  std::vector<Pos> cols;
};

// Decodes a cell's source strings into lines, with every code point's place in the file.
std::vector<CellLine> cell_lines(std::string_view text, const std::vector<Span>& spans, Cursor& cursor) {
  std::vector<CellLine> lines(1);
  auto push = [&](std::string_view bytes, Pos p) {
    p.cell_col = static_cast<int>(lines.back().cols.size()) + 1;
    if (bytes == "\n") {
      lines.back().cols.push_back(p);
      lines.emplace_back();
      return;
    }
    lines.back().text += bytes;
    lines.back().cols.push_back(p);
  };
  Pos end;
  for (const Span& s : spans) {
    for (std::size_t i = s.begin; i < s.end;) {
      Pos p = cursor.at(i);
      if (text[i] != '\\') {
        const std::size_t n = std::min(utf8_length(static_cast<unsigned char>(text[i])), s.end - i);
        push(text.substr(i, n), p);
        i += n;
        continue;
      }
      const char e = i + 1 < s.end ? text[i + 1] : '\\';
      std::string out;
      std::size_t used = 2;
      switch (e) {
        case 'n': out = "\n"; break;
        case 't': out = "\t"; break;
        case 'r': out = "\r"; break;
        case 'b': out = "\b"; break;
        case 'f': out = "\f"; break;
        case 'u': {
          // \uXXXX, or a surrogate pair of two: its UTF-8 as nlohmann/json decodes it
          used = 6;
          auto decoded = [&](std::size_t n) {
            Json j = Json::parse("\"" + std::string(text.substr(i, n)) + "\"", nullptr, false);
            return j.is_string() ? j.get<std::string>() : std::string();
          };
          if (i + 12 <= s.end && text[i + 6] == '\\' && text[i + 7] == 'u') {
            out = decoded(12);
            if (!out.empty() && static_cast<unsigned char>(out[0]) >= 0xF0) used = 12;  // a pair: one code point
          }
          if (used == 6) out = decoded(6);
          if (out.empty()) out = "\uFFFD";
          break;
        }
        default: out = std::string(1, e);  // \" \\ \/
      }
      push(out, p);
      i += used;
    }
    end = cursor.at(s.end);  // the closing quote
  }
  // the line that ends the source without a newline ends where its string does
  if (lines.back().cols.empty()) lines.pop_back();
  else lines.back().cols.push_back({end.file_line, end.file_col, static_cast<int>(lines.back().cols.size()) + 1});
  return lines;
}

// Whether a line starts a statement: not inside brackets, a string or a continued line. Fed
// every line of a cell in order (IPython recognises magics only where a statement starts).
class StatementStarts {
 public:
  bool at_start() const { return depth_ == 0 && triple_ == 0 && !continued_; }
  void feed(std::string_view line) {
    continued_ = false;
    char single = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (triple_) {
        if (c == '\\') ++i;
        else if (line.substr(i, 3) == std::string(3, triple_)) triple_ = 0, i += 2;
      } else if (single) {
        if (c == '\\') ++i;
        else if (c == single) single = 0;
      } else if (c == '#') {
        return;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth_;
      } else if (c == ')' || c == ']' || c == '}') {
        depth_ = std::max(depth_ - 1, 0);
      } else if (c == '"' || c == '\'') {
        if (line.substr(i, 3) == std::string(3, c)) triple_ = c, i += 2;
        else single = c;
      } else if (c == '\\' && i + 1 == line.size()) {
        continued_ = true;
      }
    }
  }

 private:
  int depth_ = 0;
  char triple_ = 0;
  bool continued_ = false;
};

std::string magic_name(std::string_view rest) {
  std::size_t n = 0;
  while (n < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[n])) || rest[n] == '_')) ++n;
  return std::string(rest.substr(0, n));
}

// The command of a shell line ("pip" of "!pip install x"), its name alone.
std::string shell_command(std::string_view rest) {
  rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
  std::string word(rest.substr(0, rest.find_first_of(" \t;|&")));
  if (auto slash = word.rfind('/'); slash != std::string::npos) word = word.substr(slash + 1);
  return word.substr(0, 40);
}

bool python_body(const std::string& magic) {
  return magic == "time" || magic == "timeit" || magic == "capture" || magic == "prun";
}

// Replaces code points [from, to) of a line with `text`, every new code point placed where
// the first replaced one was.
void replace(CellLine& l, std::size_t from, std::size_t to, std::string_view text) {
  const Pos at = l.cols[std::min(from, l.cols.size() - 1)];
  // the prefix up to `from` is ASCII whenever this is called (indentation, a name, '=')
  l.text = l.text.substr(0, from) + std::string(text) + (to < l.cols.size() - 1 ? l.text.substr(to) : "");
  l.cols.erase(l.cols.begin() + static_cast<std::ptrdiff_t>(from), l.cols.begin() + static_cast<std::ptrdiff_t>(to));
  l.cols.insert(l.cols.begin() + static_cast<std::ptrdiff_t>(from), text.size(), at);
}

// Turns IPython's syntax in one cell into Python: a cell magic whose body is Python (%%time)
// loses its first line, another (%%bash) its whole body; a line magic or shell command becomes
// `pass`, `%time stmt` the statement, `x = !cmd` a call of get_ipython().
void python_of_cell(std::vector<CellLine>& lines, std::vector<std::string>& skipped, std::vector<std::size_t>& skipped_at) {
  StatementStarts starts;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    CellLine& l = lines[k];
    const bool start = starts.at_start();
    starts.feed(l.text);
    if (!start) continue;
    const std::size_t indent = l.text.find_first_not_of(" \t");
    if (indent == std::string::npos) continue;
    std::string_view rest = std::string_view(l.text).substr(indent);
    auto note = [&](std::string what) {
      skipped.push_back(std::move(what));
      skipped_at.push_back(k);
    };
    if (k == 0 && rest.starts_with("%%")) {
      const std::string magic = magic_name(rest.substr(2));
      replace(l, 0, l.cols.size() - 1, "");
      if (python_body(magic)) continue;  // %%time: the body is analysed
      note("%%" + magic);
      for (std::size_t j = 1; j < lines.size(); ++j) replace(lines[j], 0, lines[j].cols.size() - 1, "");
      return;
    }
    if (rest.starts_with("%") || rest.starts_with("!")) {
      const std::string magic = rest[0] == '!' ? "!" + shell_command(rest.substr(1)) : "%" + magic_name(rest.substr(1));
      const std::size_t after = indent + magic.size();
      const std::size_t stmt = l.text.find_first_not_of(" \t", after);
      if ((magic == "%time" || magic == "%timeit") && stmt != std::string::npos && l.text[stmt] != '-' &&
          after < l.text.size() && (l.text[after] == ' ' || l.text[after] == '\t')) {
        replace(l, indent, stmt, "");  // `%time model.fit(x)`: the statement is analysed
        continue;
      }
      note(magic);
      replace(l, indent, l.cols.size() - 1, "pass");
      continue;
    }
    // `files = !ls` or `out = %sx ls`: the value is the shell's, unknown to tenscan
    std::size_t eq = 0;
    while (eq < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[eq])) || rest[eq] == '_' ||
                                rest[eq] == '.' || rest[eq] == ',' || rest[eq] == ' '))
      ++eq;
    if (eq == 0 || eq + 1 >= rest.size() || rest[eq] != '=' || rest[eq + 1] == '=') continue;
    const std::size_t value = l.text.find_first_not_of(" \t", indent + eq + 1);
    if (value == std::string::npos || (l.text[value] != '!' && l.text[value] != '%')) continue;
    const std::string_view command = std::string_view(l.text).substr(value + 1);
    note(l.text[value] == '!' ? "!" + shell_command(command) : "%" + magic_name(command));
    replace(l, value, l.cols.size() - 1, l.text[value] == '!' ? "get_ipython().getoutput()" : "get_ipython().run_line_magic()");
  }
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

bool is_notebook(std::string_view path) { return path.size() > 6 && path.ends_with(".ipynb"); }

std::optional<NotebookScript> read_notebook(std::string_view text, std::string& error) {
  const char* cursor = text.data();
  NotebookSax sax(text, &cursor);
  TrackingIterator first{text.data(), &cursor}, last{text.data() + text.size(), &cursor};
  if (!Json::sax_parse(first, last, &sax) || !sax.error.empty()) {
    error = sax.error.empty() ? "not valid JSON" : sax.error;
    return std::nullopt;
  }
  if (sax.worksheets || (sax.nbformat != 0 && sax.nbformat < 4)) {
    error = "an nbformat 3 notebook (tenscan reads nbformat 4: jupyter nbconvert --to notebook converts it)";
    return std::nullopt;
  }
  if (!sax.has_cells) {
    error = "not a Jupyter notebook (it has no \"cells\")";
    return std::nullopt;
  }
  const std::string& language = !sax.kernel_language.empty() ? sax.kernel_language : sax.info_language;
  if (!language.empty() && lower(language) != "python") {
    error = "a notebook in " + language + ", not Python";
    return std::nullopt;
  }
  // (the analyzer takes scripts of at most 4 MiB; the map of every character's place costs
  // twelve bytes per character, so a notebook's code is bounded before it is built)
  constexpr std::size_t kMaxCode = std::size_t{4} << 20;
  std::size_t code_bytes = 0;
  for (const CellTokens& cell : sax.cells)
    if (cell.type == "code")
      for (const Span& sp : cell.source) code_bytes += sp.end - sp.begin;
  if (code_bytes > kMaxCode) {
    error = "its code cells hold more than " + std::to_string(kMaxCode >> 20) + " MiB of source";
    return std::nullopt;
  }
  NotebookScript nb;
  nb.source = kPrelude;
  nb.lines.emplace_back();  // the prelude: nowhere in the notebook
  Cursor walk(text);
  for (std::size_t c = 0; c < sax.cells.size(); ++c) {
    const CellTokens& cell = sax.cells[c];
    std::string& own = nb.cells.emplace_back();
    if (cell.type != "code") continue;
    std::vector<CellLine> lines = cell_lines(text, cell.source, walk);
    for (std::size_t k = 0; k < lines.size(); ++k) own += lines[k].text + (k + 1 < lines.size() ? "\n" : "");
    if (nb.compile_error) {
      ++nb.code_cells_after;
      continue;
    }
    std::vector<std::size_t> at;
    const std::size_t before = nb.skipped.size();
    python_of_cell(lines, nb.skipped, at);
    if (before == 0 && !at.empty())
      nb.first_skipped = {"", static_cast<int>(nb.lines.size() + at[0]) + 1, 1,
                          static_cast<int>(nb.lines.size() + at[0]) + 1, 1};
    // each cell is compiled on its own, as Jupyter runs it: one that does not compile stops
    // Run All there (its lines stay, blank, so that its error has a place)
    std::string code;
    for (const auto& l : lines) code += l.text + "\n";
    const int first_line = static_cast<int>(nb.lines.size());
    if (auto e = compile_error(code)) {
      e->line += first_line;
      e->end_line += first_line;
      nb.compile_error = e;
      nb.compile_error_cell = static_cast<int>(c) + 1;
    }
    for (std::size_t k = 0; k < lines.size(); ++k) {
      nb.source += nb.compile_error ? "" : lines[k].text;
      nb.source += '\n';
      nb.lines.push_back({static_cast<int>(c) + 1, static_cast<int>(k) + 1, std::move(lines[k].cols)});
    }
  }
  return nb;
}

}  // namespace tenscan::ci
