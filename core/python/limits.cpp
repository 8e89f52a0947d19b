// CPython's limits on nesting (see limits.h). The numbers are CPython's: MAXINDENT and MAXLEVEL
// in Parser/tokenizer.c, CO_MAXBLOCKS and the compiler's frame blocks in Python/compile.c, and
// the symbol table's recursion limit (3 x sys.getrecursionlimit(), for a script run directly).
#include "python/limits.h"
#include "python/ts_node.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tenscan::python {
namespace {

constexpr std::size_t kMaxIndent = 100;  // indentation levels on the stack, level 0 included
constexpr std::size_t kMaxLevel = 200;   // open brackets
constexpr int kTabSize = 8;
constexpr int kWideIndent = 256;         // tree-sitter-python keeps indentation in a byte
constexpr int kMaxBlocks = 20;           // frame blocks open at once in one code unit
constexpr int kRecursionLimit = 3000;    // statements and expressions nested, for a script
// tree-sitter 0.20.7 (Debian 12) corrupts its heap when it recovers from an error with some 65535
// entries on its parse stack (`y = ` and 65535 minus signs, an unclosed bracket around as many):
// a logical line that may need more than this many is never handed to it (the margin covers
// what enclosing blocks and zero-width tokens add)
constexpr std::size_t kMaxPending = 50000;

// ---- tokenizer -------------------------------------------------------------------------------

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view s) : s_(s) {}

  TokenizerLimits run() {
    std::vector<int> indents{0}, altindents{0};
    bool at_line_start = true;
    while (!out_.error) {
      if (at_line_start) {
        at_line_start = false;
        // the indentation of a new line (CPython: tok_get, "Get indentation level")
        const std::size_t line_begin = i_;
        int col = 0, altcol = 0, cont_col = -1;
        while (i_ < s_.size()) {
          char c = s_[i_];
          if (c == ' ') {
            ++col, ++altcol, ++i_;
          } else if (c == '\t') {
            col = (col / kTabSize + 1) * kTabSize, ++altcol, ++i_;
          } else if (c == '\f') {
            col = altcol = 0, ++i_;
          } else if (c == '\\' && newline_at(i_ + 1) > 0) {
            // a backslash continuation inside the indentation: the first one fixes the column
            if (cont_col < 0) cont_col = col;
            i_ += 1 + newline_at(i_ + 1);
            next_line();
          } else {
            break;
          }
        }
        const bool blank = i_ >= s_.size() || s_[i_] == '#' || newline_at(i_) > 0;
        if (!blank && brackets_.empty()) {
          if (cont_col >= 0) col = altcol = cont_col;
          if (col > indents.back()) {
            if (indents.size() >= kMaxIndent && !quiet_)
              return report("IndentationError", "too many levels of indentation", line_, 0, 0, line_begin);
            if (altcol <= altindents.back()) cpython_error_first();  // TabError
            indents.push_back(col);
            altindents.push_back(altcol);
          } else {
            while (indents.size() > 1 && col < indents.back()) {
              indents.pop_back();
              altindents.pop_back();
            }
            // an unindent that matches no outer level, or TabError
            if (col != indents.back() || altcol != altindents.back()) cpython_error_first();
          }
          if (col >= kWideIndent && out_.wide_indent_start == std::string_view::npos)
            out_.wide_indent_start = line_begin;
          logical_start_ = line_begin;
        }
      }
      if (i_ >= s_.size()) break;
      const char c = s_[i_];
      if (std::size_t nl = newline_at(i_); nl > 0) {
        if (brackets_.empty()) pending_ = 0;  // the end of a logical line: its statement is complete
        i_ += nl;
        next_line();
        at_line_start = true;
      } else if (c == ' ' || c == '\t' || c == '\f') {
        ++i_;
      } else if (c == '#') {
        while (i_ < s_.size() && newline_at(i_) == 0) ++i_;
      } else if (c == '\\') {
        std::size_t cont = newline_at(i_ + 1);
        if (cont == 0) {
          cpython_error_first();  // a stray backslash
          token(1);
        } else {
          i_ += 1 + cont;
          next_line();
        }
      } else if (c == '\'' || c == '"') {
        // (a prefix such as r, b or f changes nothing about where the string ends)
        token(0);
        if (!skip_string(fstring_prefix_end_ == i_)) cpython_error_first();  // unterminated
      } else if (c == '(' || c == '[' || c == '{') {
        if (brackets_.size() >= kMaxLevel && !quiet_) {
          const int col = static_cast<int>(i_ - line_start_);
          return report("SyntaxError", "too many nested parentheses", line_, col, col + 1, logical_start_);
        }
        brackets_.push_back(c);
        bases_.push_back(pending_);
        token(1);
      } else if (c == ')' || c == ']' || c == '}') {
        const char open = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (brackets_.empty() || brackets_.back() != open) {
          cpython_error_first();  // unmatched
          ++i_;
          continue;
        }
        brackets_.pop_back();
        pending_ = bases_.back();  // the bracketed expression is one operand now
        bases_.pop_back();
        token(1);
      } else if (c == ',' && !brackets_.empty()) {
        pending_ = bases_.back();  // an element of the bracket is complete
        token(1);
      } else if (c == ';' && brackets_.empty()) {
        pending_ = 0;
        ++i_;
      } else if (is_name_char(c)) {
        std::size_t start = i_;
        while (i_ < s_.size() && is_name_char(s_[i_])) ++i_;
        const std::size_t end = i_;
        i_ = start;
        // an f-string's prefix: f, rf or fr in any case
        const std::string_view name = s_.substr(start, end - start);
        if (name.size() <= 2 && name.find_first_not_of("rRfF") == std::string_view::npos &&
            name.find_first_of("fF") != std::string_view::npos && (name.size() == 1 || name[0] != name[1]))
          fstring_prefix_end_ = end;
        token(end - start);
      } else {
        token(1);
      }
    }
    return out_;
  }

 private:
  /// Counts one token of `length` bytes starting at i_ (the caller may move i_ itself) towards
  /// what tree-sitter keeps on its parse stack, and stops the scan where that gets too deep.
  void token(std::size_t length) {
    count();
    i_ += length;
  }
  void count() {
    if (++pending_ > kMaxPending && !out_.error) {
      const int col = static_cast<int>(i_ - line_start_);
      report("SyntaxError", "the file could not be parsed: its nesting is deeper than tenscan's parser can follow",
             line_, col, col + 1, logical_start_);
      out_.too_deep = true;
    }
  }
  const TokenizerLimits& report(const char* error, const char* message, int line, int col, int end_col,
                                std::size_t logical_start) {
    out_.error = NestingError{error, message, line, col, line, end_col};
    out_.logical_line_start = logical_start;
    return out_;
  }
  /// CPython's tokenizer stops here with an error of its own: no nesting limit of it is reported
  /// after this point (but tree-sitter's safety is still watched).
  void cpython_error_first() { quiet_ = true; }

  /// The length of the line break at `at` (\n, \r\n or \r), 0 if there is none.
  [[nodiscard]] std::size_t newline_at(std::size_t at) const {
    if (at >= s_.size()) return 0;
    if (s_[at] == '\n') return 1;
    if (s_[at] == '\r') return at + 1 < s_.size() && s_[at + 1] == '\n' ? 2 : 1;
    return 0;
  }
  void next_line() {
    ++line_;
    line_start_ = i_;
  }
  /// Skips the string starting at the quote at i_; false if it does not end (a one-line string
  /// then ends before the line break, a triple-quoted one at the end of the file). In an
  /// f-string, what its replacement fields hold counts as tokens (tree-sitter parses them): a
  /// byte each.
  bool skip_string(bool fstring) {
    const char q = s_[i_];
    const bool triple = i_ + 2 < s_.size() && s_[i_ + 1] == q && s_[i_ + 2] == q;
    i_ += triple ? 3 : 1;
    int fields = 0;
    while (i_ < s_.size() && !out_.error) {
      const char c = s_[i_];
      if (fstring) {
        if (c == '{' && fields == 0 && i_ + 1 < s_.size() && s_[i_ + 1] == '{') {
          i_ += 2;  // a literal brace
          continue;
        }
        if (c == '{') ++fields;
        if (fields > 0 && c != ' ' && c != '\t') count();
        if (c == '}' && fields > 0) --fields;
      }
      if (c == '\\') {
        ++i_;
        if (std::size_t nl = newline_at(i_); nl > 0) {
          i_ += nl;
          next_line();
        } else if (i_ < s_.size()) {
          ++i_;
        }
      } else if (c == q && (!triple || (i_ + 2 < s_.size() && s_[i_ + 1] == q && s_[i_ + 2] == q))) {
        i_ += triple ? 3 : 1;
        return true;
      } else if (std::size_t nl = newline_at(i_); nl > 0) {
        if (!triple) return false;
        i_ += nl;
        next_line();
      } else {
        ++i_;
      }
    }
    return false;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  std::size_t logical_start_ = 0;
  std::vector<char> brackets_;
  /// What tree-sitter's LR parse stack may hold: a shift pushes one entry per token and only
  /// a reduction pops, so the tokens since the last point where the stack is known to be
  /// shallow bound it. Such points: the end of a logical line, an element of a bracket or the
  /// bracket itself complete (back to the depth where the bracket opened).
  std::size_t pending_ = 0;
  std::size_t fstring_prefix_end_ = std::string_view::npos;  ///< where the last f-string prefix ends
  std::vector<std::size_t> bases_;
  bool quiet_ = false;
  TokenizerLimits out_;
};

// ---- compiler: the symbol table's recursion limit --------------------------------------------

bool is(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

/// What the recursion limit needs to know about a node type, looked up once per grammar symbol.
struct NodeKind {
  bool counted = false;    ///< a statement or an expression of CPython's AST (see ast_levels)
  bool statement = false;  ///< a statement (where RecursionError is reported)
  bool if_statement = false, elif = false, else_clause = false;
  bool string = false, concatenated_string = false, boolean_operator = false;
};

class NodeKinds {
 public:
  NodeKind of(TSNode n) {
    const TSSymbol sym = ts_node_symbol(n);
    if (sym >= kinds_.size()) kinds_.resize(sym + std::size_t{1});
    auto& slot = kinds_[sym];
    if (!slot) slot = classify(ts_node_type(n), ts_node_is_named(n));
    return *slot;
  }

 private:
  static NodeKind classify(std::string_view type, bool named) {
    static const std::unordered_set<std::string_view> counted{
        // statements
        "expression_statement", "return_statement", "delete_statement", "raise_statement", "pass_statement",
        "break_statement", "continue_statement", "import_statement", "import_from_statement",
        "future_import_statement", "global_statement", "nonlocal_statement", "assert_statement",
        "type_alias_statement", "if_statement", "for_statement", "while_statement", "try_statement", "with_statement",
        "match_statement", "function_definition", "class_definition",
        // expressions
        "identifier", "integer", "float", "string", "concatenated_string", "true", "false", "none", "ellipsis",
        "binary_operator", "unary_operator", "not_operator", "boolean_operator", "comparison_operator",
        "conditional_expression", "call", "attribute", "subscript", "slice", "list", "tuple", "set", "dictionary",
        "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression", "lambda",
        "await", "yield", "named_expression", "list_splat", "expression_list", "pattern_list", "tuple_pattern",
        "list_pattern", "interpolation"};
    NodeKind k;
    if (!named) return k;
    k.counted = counted.count(type) != 0;
    k.statement = (type.size() > 10 && type.substr(type.size() - 10) == "_statement") ||
                  type == "function_definition" || type == "class_definition";
    k.if_statement = type == "if_statement";
    k.elif = type == "elif_clause";
    k.else_clause = type == "else_clause";
    k.string = type == "string";
    k.concatenated_string = type == "concatenated_string";
    k.boolean_operator = type == "boolean_operator";
    return k;
  }
  std::vector<std::optional<NodeKind>> kinds_;
};

/// How much deeper than its parent a node is among CPython's statements and expressions (the
/// AST the symbol table walks). Where the concrete tree has a node the AST does not, or may not,
/// have, 0: the count errs on the short side, so a program within the limit is never reported.
int ast_levels(TSNode n, const NodeKind& kind, TSNode parent, const NodeKind& parent_kind) {
  if (!kind.counted) return 0;
  // the strings of a concatenation are one constant; `a and b and c` is one BoolOp
  if (parent_kind.concatenated_string && kind.string) return 0;
  if (kind.boolean_operator && parent_kind.boolean_operator) {
    TSNode op = field(n, "operator");
    TSNode parent_op = field(parent, "operator");
    TSNode left = field(parent, "left");
    if (!ts_node_is_null(op) && !ts_node_is_null(parent_op) && ts_node_eq(left, n) &&
        std::strcmp(ts_node_type(op), ts_node_type(parent_op)) == 0)
      return 0;
  }
  return 1;
}

std::optional<NestingError> at(TSNode n, const char* error, const char* message) {
  TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  return NestingError{error, message, static_cast<int>(s.row) + 1, static_cast<int>(s.column),
                      static_cast<int>(e.row) + 1, static_cast<int>(e.column)};
}

/// The first node, in source order, nested deeper than the limit: reported at the innermost
/// statement around it. An iterative walk (a cursor and a stack of depths).
std::optional<NestingError> recursion_limit(TSNode root) {
  // (ts_node_parent walks down from the root: the stack keeps each level's node instead)
  struct Level {
    TSNode node;
    NodeKind kind;
    int depth;
    TSNode statement;  // the innermost statement around (null: none)
    int elifs;         // an if_statement's elif clauses so far (each nests in the previous one)
  };
  NodeKinds kinds;
  std::vector<Level> stack{{root, kinds.of(root), 0, TSNode{}, 0}};
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  std::optional<NestingError> found;
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    while (true) {
      TSNode n = ts_tree_cursor_current_node(&cursor);
      const NodeKind kind = kinds.of(n);
      Level& up = stack.back();
      int depth = up.depth;
      // `elif` is an If in the orelse of the previous one: the k-th is k deeper, and `else` holds
      // the statements of the last one's orelse
      if (up.kind.if_statement && kind.elif) depth += ++up.elifs;
      else if (up.kind.if_statement && kind.else_clause) depth += up.elifs;
      else depth += ast_levels(n, kind, up.node, up.kind);
      TSNode statement = kind.statement || kind.elif ? n : up.statement;
      if (depth > kRecursionLimit) {
        found = at(ts_node_is_null(statement) ? n : statement, "RecursionError",
                   "maximum recursion depth exceeded during compilation");
        break;
      }
      if (ts_tree_cursor_goto_first_child(&cursor)) {
        stack.push_back({n, kind, depth, statement, 0});
        continue;
      }
      bool moved = false;
      while (!moved) {
        if (ts_tree_cursor_goto_next_sibling(&cursor)) {
          moved = true;
        } else if (stack.size() > 1 && ts_tree_cursor_goto_parent(&cursor)) {
          stack.pop_back();
        } else {
          break;
        }
      }
      if (!moved) break;
    }
  }
  ts_tree_cursor_delete(&cursor);
  return found;
}

// ---- compiler: statically nested blocks ------------------------------------------------------

/// CPython's frame blocks (compile.c): a loop's body is inside one, each item of a `with`
/// opens one, a `try` body one, an except handler's body two (the handler and its cleanup), a
/// `try` with `finally` one more around all that, and its `finally` body is compiled twice, once
/// as it is and once inside one. A function or class body starts a new code unit with none open.
/// Pushing one when 20 are open is the error, at the statement (or the except clause) pushing it.
class BlockCheck {
 public:
  std::optional<NestingError> run(TSNode root) {
    if (!overflows(root, 0)) return std::nullopt;
    return first_in_block(root, 0);
  }

 private:
  // Statements are nested at most as deep as the tokenizer allows (99 indentation levels) when
  // this runs; the bound below only guards the recursion against anything else.
  static constexpr int kMaxRecursion = 1000;

  struct Need {
    int blocks = 0;     ///< the most blocks open at once inside, relative to the start
    bool own = false;   ///< a code unit inside (a function, a class) overflows on its own
  };

  /// The named children but comments (a cursor: ts_node_named_child(i) walks from the first).
  static std::vector<TSNode> children(TSNode n) {
    std::vector<TSNode> out;
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
      do {
        TSNode k = ts_tree_cursor_current_node(&c);
        if (ts_node_is_named(k) && !is(k, "comment")) out.push_back(k);
      } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    return out;
  }
  static TSNode child_block(TSNode clause) {
    for (TSNode k : children(clause))
      if (is(k, "block")) return k;
    return TSNode{};
  }
  static TSNode else_body(TSNode stmt) {
    for (TSNode k : children(stmt))
      if (is(k, "else_clause")) return field(k, "body");
    return TSNode{};
  }

  /// The parts of a try statement.
  struct Try {
    TSNode body{}, orelse{}, finally{};
    std::vector<TSNode> handlers;
  };
  static Try parts(TSNode stmt) {
    Try t;
    t.body = field(stmt, "body");
    for (TSNode k : children(stmt)) {
      if (is(k, "except_clause") || is(k, "except_group_clause")) t.handlers.push_back(k);
      else if (is(k, "else_clause")) t.orelse = field(k, "body");
      else if (is(k, "finally_clause")) t.finally = child_block(k);
    }
    return t;
  }
  static int with_items(TSNode stmt) {
    int items = 0;
    for (TSNode k : children(stmt))
      if (is(k, "with_clause"))
        for (TSNode item : children(k)) items += is(item, "with_item") ? 1 : 0;
    return std::max(items, 1);
  }

  [[nodiscard]] bool overflows(TSNode n, int d) {
    if (ts_node_is_null(n)) return false;
    Need need = need_of(n);
    return need.own || d + need.blocks > kMaxBlocks;
  }

  /// The blocks a statement or a block of statements needs (memoised: a `finally` body is
  /// looked at twice, and nested ones would otherwise cost 2^depth).
  Need need_of(TSNode n) {
    if (ts_node_is_null(n)) return {};
    auto it = memo_.find(n.id);
    if (it != memo_.end()) return it->second;
    Need need;
    if (++recursion_ <= kMaxRecursion) need = compute(n);
    --recursion_;
    memo_.emplace(n.id, need);
    return need;
  }
  static void include(Need& into, Need part, int offset) {
    into.blocks = std::max(into.blocks, part.blocks + offset);
    into.own = into.own || part.own;
  }
  Need try_except(const Try& t) {
    Need need{1, false};
    include(need, need_of(t.body), 1);
    include(need, need_of(t.orelse), 0);
    for (TSNode h : t.handlers) include(need, need_of(child_block(h)), 2);
    return need;
  }
  Need compute(TSNode n) {
    Need need;
    if (is(n, "module") || is(n, "block")) {
      for (TSNode k : children(n)) include(need, need_of(k), 0);
    } else if (is(n, "for_statement") || is(n, "while_statement")) {
      need.blocks = 1;
      include(need, need_of(field(n, "body")), 1);
      include(need, need_of(else_body(n)), 0);
    } else if (is(n, "with_statement")) {
      int items = with_items(n);
      need.blocks = items;
      include(need, need_of(field(n, "body")), items);
    } else if (is(n, "try_statement")) {
      Try t = parts(n);
      if (ts_node_is_null(t.finally)) return try_except(t);
      need.blocks = 1;
      if (t.handlers.empty()) include(need, need_of(t.body), 1);
      else include(need, try_except(t), 1);
      include(need, need_of(t.finally), 1);
    } else if (is(n, "if_statement")) {
      include(need, need_of(field(n, "consequence")), 0);
      for (TSNode k : children(n)) {
        if (is(k, "elif_clause")) include(need, need_of(field(k, "consequence")), 0);
        else if (is(k, "else_clause")) include(need, need_of(field(k, "body")), 0);
      }
    } else if (is(n, "match_statement")) {
      TSNode body = field(n, "body");
      if (!ts_node_is_null(body))
        for (TSNode k : children(body))
          if (is(k, "case_clause")) include(need, need_of(field(k, "consequence")), 0);
    } else if (is(n, "decorated_definition")) {
      need = need_of(field(n, "definition"));
    } else if (is(n, "function_definition") || is(n, "class_definition")) {
      need.own = overflows(field(n, "body"), 0);  // a code unit of its own
    }
    return need;
  }

  std::optional<NestingError> overflow_at(TSNode n) {
    return at(n, "SyntaxError", "too many statically nested blocks");
  }

  /// The first push that overflows in block `b` compiled with `d` blocks open (overflows(b, d)).
  std::optional<NestingError> first_in_block(TSNode b, int d) {
    for (TSNode k : children(b))
      if (overflows(k, d)) return first_in_statement(k, d);
    return std::nullopt;
  }
  /// ... in the part of a statement that is a block (a body) compiled with `d` blocks open.
  std::optional<NestingError> first_in(TSNode body, int d) {
    if (!overflows(body, d)) return std::nullopt;
    return first_in_block(body, d);
  }
  std::optional<NestingError> first_in_try_except(TSNode stmt, const Try& t, int d) {
    if (d + 1 > kMaxBlocks) return overflow_at(stmt);
    if (auto e = first_in(t.body, d + 1)) return e;
    if (auto e = first_in(t.orelse, d)) return e;
    for (TSNode h : t.handlers) {
      if (d + 2 > kMaxBlocks) return overflow_at(h);
      if (auto e = first_in(child_block(h), d + 2)) return e;
    }
    return std::nullopt;
  }
  std::optional<NestingError> first_in_statement(TSNode n, int d) {
    if (++recursion_ > kMaxRecursion) {
      --recursion_;
      return std::nullopt;
    }
    std::optional<NestingError> e;
    if (is(n, "for_statement") || is(n, "while_statement")) {
      if (d + 1 > kMaxBlocks) e = overflow_at(n);
      else if (!(e = first_in(field(n, "body"), d + 1))) e = first_in(else_body(n), d);
    } else if (is(n, "with_statement")) {
      int items = with_items(n);
      e = d + items > kMaxBlocks ? overflow_at(n) : first_in(field(n, "body"), d + items);
    } else if (is(n, "try_statement")) {
      Try t = parts(n);
      if (ts_node_is_null(t.finally)) {
        e = first_in_try_except(n, t, d);
      } else if (d + 1 > kMaxBlocks) {
        e = overflow_at(n);
      } else {
        e = t.handlers.empty() ? first_in(t.body, d + 1) : first_in_try_except(n, t, d + 1);
        if (!e) e = first_in(t.finally, d);      // the finally body as it is
        if (!e) e = first_in(t.finally, d + 1);  // and on the way out of an exception
      }
    } else if (is(n, "if_statement")) {
      e = first_in(field(n, "consequence"), d);
      for (TSNode k : children(n)) {
        if (e) break;
        if (is(k, "elif_clause")) e = first_in(field(k, "consequence"), d);
        else if (is(k, "else_clause")) e = first_in(field(k, "body"), d);
      }
    } else if (is(n, "match_statement")) {
      TSNode body = field(n, "body");
      if (!ts_node_is_null(body))
        for (TSNode k : children(body))
          if (!e && is(k, "case_clause")) e = first_in(field(k, "consequence"), d);
    } else if (is(n, "decorated_definition")) {
      e = first_in_statement(field(n, "definition"), d);
    } else if (is(n, "function_definition") || is(n, "class_definition")) {
      e = first_in(field(n, "body"), 0);
    }
    --recursion_;
    return e;
  }

  std::unordered_map<const void*, Need> memo_;
  int recursion_ = 0;
};

}  // namespace

TokenizerLimits tokenizer_limits(std::string_view source) { return Tokenizer(source).run(); }

std::optional<NestingError> compiler_limits(TSNode root) {
  if (auto e = recursion_limit(root)) return e;
  return BlockCheck().run(root);
}

}  // namespace tenscan::python
