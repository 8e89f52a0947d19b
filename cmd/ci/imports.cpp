// Entry selection's syntactic pass: a single-pass tokenizer that forms Python's logical lines
// (brackets, backslash continuations, strings and comments handled) and recognises import
// statements and the `if __name__ == "__main__":` guard on them, then the import graph with
// the analyzer's module resolution (core/interp/interpreter.cpp, load_module_object and
// import_module).
#include "tenscan/ci/imports.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <functional>

#include "tenscan/ci/notebook.h"

namespace tenscan::ci {
namespace {

// ---- tokens --------------------------------------------------------------------------------

enum class Tok { Name, Dot, Comma, LParen, RParen, Star, Semi, Colon, EqEq, String, Other };

struct Token {
  Tok kind;
  std::string_view text;  ///< the name; for a String, its content (without prefix and quotes)
  int line;               ///< physical line (1-based)
  bool top;               ///< outside any bracket
  bool column0;           ///< starts at the first byte of its physical line
  bool str_prefix_ok;     ///< a String without a bytes/f-string prefix
};

bool is_ident_byte(unsigned char c) {
  return std::isalnum(c) || c == '_' || c >= 0x80;
}
bool is_ident_start(unsigned char c) {
  return std::isalpha(c) || c == '_' || c >= 0x80;
}

/// Splits source into logical lines of tokens and hands each line to `on_line`.
class Tokenizer {
 public:
  /// `strings`, if given, receives every string literal's content.
  explicit Tokenizer(std::string_view src, std::function<void(std::string_view)> strings = {})
      : s_(src), strings_(std::move(strings)) {}

  template <typename OnLine>
  void run(OnLine&& on_line) {
    std::vector<Token> line;
    const std::size_t n = s_.size();
    while (i_ < n) {
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (std::size_t nl = newline_at(i_)) {
        i_ += nl;
        new_line();
        if (depth_ == 0) {
          if (!line.empty()) on_line(line);
          line.clear();
          stmt_len_ = 0;
        }
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\f') {
        ++i_;
        continue;
      }
      if (c == '#') {
        while (i_ < n && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
        continue;
      }
      if (c == '\\') {
        if (std::size_t nl = newline_at(i_ + 1)) {  // continuation: the logical line goes on
          i_ += 1 + nl;
          new_line();
        } else {
          push(line, Tok::Other, 1);
        }
        continue;
      }
      if (c == '"' || c == '\'') {
        string_token(line, i_, true);
        continue;
      }
      if (is_ident_start(c) || std::isdigit(c)) {  // a name, or a number (its form does not matter)
        std::size_t j = i_;
        while (j < n &&
               (is_ident_byte(static_cast<unsigned char>(s_[j])) || (std::isdigit(c) && s_[j] == '.')))
          ++j;
        std::string_view word = s_.substr(i_, j - i_);
        if (std::isdigit(c)) {
          push(line, Tok::Other, j - i_);
        } else if (j < n && (s_[j] == '"' || s_[j] == '\'') && is_string_prefix(word)) {
          string_token(line, j, word.find_first_of("bBfF") == std::string_view::npos);
        } else {
          push(line, Tok::Name, j - i_);
        }
        continue;
      }
      const char next = i_ + 1 < n ? s_[i_ + 1] : '\0';
      switch (c) {
        case '.':
          push(line, Tok::Dot, 1);
          break;
        case ',':
          push(line, Tok::Comma, 1);
          break;
        case ';':
          push(line, Tok::Semi, 1);
          break;
        case '(':
          push(line, Tok::LParen, 1);
          ++depth_;
          break;
        case '[':
        case '{':
          push(line, Tok::Other, 1);
          ++depth_;
          break;
        case ')':
        case ']':
        case '}':
          if (depth_ > 0) --depth_;
          push(line, c == ')' ? Tok::RParen : Tok::Other, 1);
          break;
        case ':':  // `:=` is not a colon
          push(line, next == '=' ? Tok::Other : Tok::Colon, next == '=' ? 2 : 1);
          break;
        case '=':
          push(line, next == '=' ? Tok::EqEq : Tok::Other, next == '=' ? 2 : 1);
          break;
        case '*':
          push(line, next == '*' ? Tok::Other : Tok::Star, next == '*' ? 2 : 1);
          break;
        default:
          push(line, Tok::Other, 1);
          break;
      }
    }
    if (!line.empty()) on_line(line);
  }

 private:
  /// The length of the line break at j (1 for \n or a lone \r, 2 for \r\n), 0 if none.
  [[nodiscard]] std::size_t newline_at(std::size_t j) const {
    if (j >= s_.size()) return 0;
    if (s_[j] == '\n') return 1;
    if (s_[j] == '\r') return j + 1 < s_.size() && s_[j + 1] == '\n' ? 2 : 1;
    return 0;
  }
  void new_line() {
    ++line_no_;
    line_start_ = i_;
  }
  static bool is_string_prefix(std::string_view w) {
    if (w.size() > 2) return false;
    std::string lower;
    for (char ch : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    static constexpr std::string_view ok[] = {"r", "u", "b", "f", "br", "rb", "fr", "rf"};
    return std::find(std::begin(ok), std::end(ok), lower) != std::end(ok);
  }
  /// Pushes the token s_[i_, i_ + len) and moves past it.
  void push(std::vector<Token>& line, Tok kind, std::size_t len) {
    keep(line, {kind, s_.substr(i_, len), line_no_, depth_ == 0, i_ == line_start_, false});
    i_ += len;
  }
  /// Adds a token to the logical line if the parser can need it: the first tokens of each
  /// statement (the `if __name__` guard has five), every token of an import statement, the
  /// first of a class statement (its bases), and
  /// the `;` / `:` that start the next statement. This bounds the memory a pathological line
  /// (a million brackets) takes.
  void keep(std::vector<Token>& line, const Token& t) {
    const bool boundary = t.top && (t.kind == Tok::Semi || t.kind == Tok::Colon);
    if (stmt_len_ == 0) stmt_import_ = t.kind == Tok::Name && (t.text == "import" || t.text == "from");
    if (stmt_len_ == 0) stmt_class_ = t.kind == Tok::Name && t.text == "class";
    // (a class statement's bases, bounded: `class Net(torch.nn.Module):` tells a model)
    if (boundary || stmt_import_ || stmt_len_ < 5 || (stmt_class_ && stmt_len_ < kClassTokens)) line.push_back(t);
    stmt_len_ = boundary ? 0 : stmt_len_ + 1;
  }
  /// A string literal whose opening quote is at q (any prefix before it is skipped with it).
  /// Unterminated single-quoted strings end at the line break, triple-quoted ones at the end.
  void string_token(std::vector<Token>& line, std::size_t q, bool plain) {
    const std::size_t n = s_.size();
    const char quote = s_[q];
    const bool triple = q + 2 < n && s_[q + 1] == quote && s_[q + 2] == quote;
    const int first_line = line_no_;
    const bool column0 = i_ == line_start_;
    std::size_t j = q + (triple ? 3 : 1);
    const std::size_t content = j;
    std::size_t end = n, after = n;
    while (j < n) {
      if (s_[j] == '\\') {  // escapes the next byte (in raw strings too, for termination)
        ++j;
        if (std::size_t nl = newline_at(j)) {
          i_ = j + nl;
          new_line();
          j = i_;
        } else if (j < n) {
          ++j;
        }
        continue;
      }
      if (s_[j] == quote && (!triple || (j + 2 < n && s_[j + 1] == quote && s_[j + 2] == quote))) {
        end = j;
        after = j + (triple ? 3 : 1);
        break;
      }
      if (std::size_t nl = newline_at(j)) {
        if (!triple) {
          end = after = j;  // unterminated: the line break ends it (and the logical line)
          break;
        }
        i_ = j + nl;
        new_line();
        j = i_;
        continue;
      }
      ++j;
    }
    keep(line, {Tok::String, s_.substr(content, end - content), first_line, depth_ == 0, column0, plain});
    if (strings_) strings_(s_.substr(content, end - content));
    i_ = after;
  }

  std::string_view s_;
  std::function<void(std::string_view)> strings_;
  std::size_t i_ = 0;
  std::size_t line_start_ = 0;
  int line_no_ = 1;
  long depth_ = 0;
  std::size_t stmt_len_ = 0;  ///< tokens seen in the current statement
  bool stmt_import_ = false;  ///< the current statement starts with `import` or `from`
  bool stmt_class_ = false;   ///< ... with `class`
  static constexpr std::size_t kClassTokens = 32;
};

// ---- statements on a logical line ------------------------------------------------------------

class LineParser {
 public:
  LineParser(const std::vector<Token>& t, PythonFileInfo& out) : t_(t), out_(out) {}

  void run() {
    if (t_.front().column0) check_main_guard();
    if (t_.front().column0) check_model_class();
    for (std::size_t k = 0; k < t_.size(); ++k) {
      const bool stmt_start =
          k == 0 || (t_[k - 1].top && (t_[k - 1].kind == Tok::Semi || t_[k - 1].kind == Tok::Colon));
      if (!stmt_start || t_[k].kind != Tok::Name) continue;
      if (t_[k].text == "import")
        parse_import(k + 1);
      else if (t_[k].text == "from")
        parse_from(k + 1);
    }
  }

 private:
  [[nodiscard]] bool is(std::size_t k, Tok kind) const { return k < t_.size() && t_[k].kind == kind; }
  [[nodiscard]] bool is_name(std::size_t k, std::string_view text) const {
    return is(k, Tok::Name) && t_[k].text == text;
  }
  [[nodiscard]] bool is_main_string(std::size_t k) const {
    return is(k, Tok::String) && t_[k].str_prefix_ok && t_[k].text == "__main__";
  }

  /// `if __name__ == "__main__":` or `if "__main__" == __name__:`, at column 0.
  void check_main_guard() {
    if (!is_name(0, "if") || !is(2, Tok::EqEq) || !is(4, Tok::Colon)) return;
    if ((is_name(1, "__name__") && is_main_string(3)) || (is_main_string(1) && is_name(3, "__name__")))
      out_.is_main_script = true;
  }

  /// `class Name(... Module ...):` or `(... Sequential ...)`, at column 0.
  void check_model_class() {
    if (!is_name(0, "class") || !is(1, Tok::Name)) return;
    for (std::size_t k = 2; k < t_.size() && t_[k].kind != Tok::Colon; ++k)
      if (is_name(k, "Module") || is_name(k, "Sequential")) out_.defines_models = true;
  }

  /// A dotted name at k ("a.b.c"); advances k past it. Empty if there is none.
  std::string dotted(std::size_t& k) const {
    std::string name;
    while (is(k, Tok::Name)) {
      name += t_[k].text;
      ++k;
      if (!(is(k, Tok::Dot) && is(k + 1, Tok::Name))) break;
      name += '.';
      ++k;
    }
    return name;
  }
  void skip_alias(std::size_t& k) const {
    if (is_name(k, "as") && is(k + 1, Tok::Name)) k += 2;
  }

  /// `import a.b as c, d`
  void parse_import(std::size_t k) {
    const int line = t_[k - 1].line;
    for (;;) {
      std::string module = dotted(k);
      if (module.empty()) return;
      out_.imports.push_back({std::move(module), 0, {}, line});
      skip_alias(k);
      if (!is(k, Tok::Comma)) return;
      ++k;
    }
  }

  /// `from ..a.b import (c, d as e)`, `from . import x`, `from m import *`
  void parse_from(std::size_t k) {
    ImportRef ref;
    ref.line = t_[k - 1].line;
    while (is(k, Tok::Dot)) {
      ++ref.level;
      ++k;
    }
    if (!is_name(k, "import")) ref.module = dotted(k);
    if ((ref.module.empty() && ref.level == 0) || !is_name(k, "import")) return;
    ++k;
    if (is(k, Tok::Star)) {
      ref.names.emplace_back("*");
    } else {
      if (is(k, Tok::LParen)) ++k;
      while (is(k, Tok::Name)) {
        ref.names.emplace_back(t_[k].text);
        ++k;
        skip_alias(k);
        if (!is(k, Tok::Comma)) break;
        ++k;
      }
      if (ref.names.empty()) return;
    }
    out_.imports.push_back(std::move(ref));
  }

  const std::vector<Token>& t_;
  PythonFileInfo& out_;
};

std::string parent_of(const std::string& dotted_or_path, char sep) {
  auto p = dotted_or_path.rfind(sep);
  return p == std::string::npos ? "" : dotted_or_path.substr(0, p);
}

bool is_package_file(const std::string& path) {
  return path == "__init__.py" ||
         (path.size() > 12 && path.compare(path.size() - 12, 12, "/__init__.py") == 0);
}

bool ends_with_py(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0;
}

constexpr std::string_view kTrainingSteps[] = {".backward(", ".fit(", ".train_on_batch("};

// A notebook runs top to bottom like a script. It is an entry when it trains a model: it
// imports a deep-learning framework and calls a training step (`loss.backward()`,
// `model.fit(...)`); a notebook that only explores data is not one.
bool is_training_notebook(const PythonFileInfo& info, std::string_view code) {
  const bool framework = std::any_of(info.imports.begin(), info.imports.end(), [](const ImportRef& r) {
    const std::string top = r.module.substr(0, r.module.find('.'));
    return r.level == 0 && (top == "torch" || top == "tensorflow" || top == "keras" || top == "pytorch_lightning" ||
                            top == "lightning");
  });
  return framework && std::any_of(std::begin(kTrainingSteps), std::end(kTrainingSteps),
                                  [&](std::string_view step) { return code.find(step) != std::string_view::npos; });
}

PythonFileInfo scan_file(const std::string& path, const std::string& text) {
  if (!is_notebook(path)) return scan_python(text);
  std::string error;
  auto nb = read_notebook(text, error);
  if (!nb) return {};
  PythonFileInfo info = scan_python(nb->source);
  info.is_main_script = is_training_notebook(info, nb->source);
  return info;
}

}  // namespace

std::string_view base_name(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool is_data_file(std::string_view path) {
  static constexpr std::string_view kinds[] = {".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".txt"};
  return std::any_of(std::begin(kinds), std::end(kinds), [&](std::string_view k) {
    return path.size() > k.size() && path.ends_with(k);
  });
}

PythonFileInfo scan_python(std::string_view source) {
  PythonFileInfo info;
  auto strings = [&](std::string_view text) {
    if (text.size() < 256 && is_data_file(text)) info.data_files.emplace(base_name(text));
  };
  Tokenizer(source, strings).run([&](const std::vector<Token>& line) { LineParser(line, info).run(); });
  return info;
}

// ---- the import graph ----------------------------------------------------------------------

ImportGraph::ImportGraph(std::vector<std::string> files, FileReader read, std::vector<std::string> stub_dirs)
    : files_(std::make_move_iterator(files.begin()), std::make_move_iterator(files.end())),
      read_(std::move(read)),
      stub_dirs_(std::move(stub_dirs)) {}

const PythonFileInfo& ImportGraph::info(const std::string& path) {
  auto it = scanned_.find(path);
  if (it != scanned_.end()) return it->second;
  auto text = read_(path);
  return scanned_.emplace(path, text ? scan_file(path, *text) : PythonFileInfo{}).first->second;
}

std::vector<std::string> ImportGraph::main_scripts() {
  std::vector<std::string> scripts;
  for (const auto& path : files_) {
    if (!ends_with_py(path) && !is_notebook(path)) continue;
    if (auto it = scanned_.find(path); it != scanned_.end()) {
      if (it->second.is_main_script) scripts.push_back(path);
      continue;
    }
    auto text = read_(path);
    // cheap pre-check: a script's guard spells __main__ (files without it are not scanned now)
    if (!text || (!is_notebook(path) && !memmem(text->data(), text->size(), "__main__", 8))) continue;
    const auto& scanned = scanned_.emplace(path, scan_file(path, *text)).first->second;
    if (scanned.is_main_script) scripts.push_back(path);
  }
  return scripts;  // files_ is ordered, so this is sorted
}

bool ImportGraph::defines_models(const std::string& path) { return ends_with_py(path) && info(path).defines_models; }

std::string ImportGraph::find_module(const std::string& entry_dir, const std::string& dotted) const {
  std::string rel = dotted;
  std::replace(rel.begin(), rel.end(), '.', '/');
  // the entry script's directory, the project root, then the user's stub directories; a
  // module before a package
  std::vector<const std::string*> roots{&entry_dir, nullptr};
  for (const auto& dir : stub_dirs_) roots.push_back(&dir);
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const std::string* root = roots[i];
    if (i == 0 && root->empty()) continue;  // the entry is at the root: one lookup is enough
    const std::string prefix = root && !root->empty() ? *root + "/" : "";
    for (const char* suffix : {".py", "/__init__.py"})
      if (auto cand = prefix + rel + suffix; files_.count(cand)) return cand;
  }
  return "";
}

std::vector<ImportGraph::Module> ImportGraph::resolve(const std::string& entry_dir, const Module& importer,
                                                      const ImportRef& ref) const {
  std::string dotted = ref.module;
  if (ref.level > 0) {
    // relative to the importer's package; the entry script's package is its directory
    std::string base;
    if (importer.name != "__main__")
      base = is_package_file(importer.path) ? importer.name : parent_of(importer.name, '.');
    for (int i = 1; i < ref.level; ++i) base = parent_of(base, '.');
    if (!base.empty()) dotted = dotted.empty() ? base : base + "." + dotted;
  }
  // `import a.b.c` loads a, a.b and a.b.c; `from a import n` may load the submodule a.n
  std::vector<std::string> names;
  for (std::size_t p = dotted.find('.'); p != std::string::npos; p = dotted.find('.', p + 1))
    names.push_back(dotted.substr(0, p));
  if (!dotted.empty()) names.push_back(dotted);
  for (const auto& n : ref.names)
    if (n != "*") names.push_back(dotted.empty() ? n : dotted + "." + n);
  std::vector<Module> found;
  for (auto& name : names)
    if (auto path = find_module(entry_dir, name); !path.empty())
      found.push_back({std::move(path), std::move(name)});
  return found;
}

std::set<std::string> ImportGraph::data_files(const std::vector<std::string>& closure) {
  std::set<std::string> names;
  for (const auto& path : closure) names.insert(info(path).data_files.begin(), info(path).data_files.end());
  return names;
}

std::vector<std::string> ImportGraph::closure(const std::string& entry) {
  const std::string entry_dir = parent_of(entry, '/');
  std::set<std::string> loaded{entry};
  std::deque<Module> queue{{entry, "__main__"}};
  while (!queue.empty()) {
    Module m = std::move(queue.front());
    queue.pop_front();
    for (const auto& ref : info(m.path).imports)
      for (auto& dep : resolve(entry_dir, m, ref))
        if (loaded.insert(dep.path).second) queue.push_back(std::move(dep));
  }
  return {loaded.begin(), loaded.end()};
}

}  // namespace tenscan::ci
