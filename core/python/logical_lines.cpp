#include "python/logical_lines.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace tenscan::python {
namespace {

bool is(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

// Whether the text between two tokens continues the line with a backslash.
bool backslash_between(std::string_view source, std::uint32_t from, std::uint32_t to) {
  for (std::uint32_t i = from; i < to && i < source.size(); ++i)
    if (source[i] == '\\' && i + 1 < source.size() && (source[i + 1] == '\n' || source[i + 1] == '\r')) return true;
  return false;
}

// The length in bytes of the physical line `row` (0-based) ends on, without its line break.
int line_length(std::string_view source, std::uint32_t end_byte) {
  std::size_t eol = source.find_first_of("\r\n", end_byte);
  if (eol == std::string_view::npos) eol = source.size();
  std::size_t bol = source.rfind('\n', end_byte == 0 ? 0 : end_byte - 1);
  bol = bol == std::string_view::npos ? 0 : bol + 1;
  return static_cast<int>(eol - bol);
}

}  // namespace

std::optional<NestingError> broken_logical_line(TSNode root, std::string_view source) {
  struct Item {
    TSNode node;
    bool statement = false;  // a child of a module or a block: a logical line of its own
    bool leave = false;      // past a block or a decorator: what follows starts a new line
  };
  std::vector<Item> stack{{root}};
  std::optional<TSNode> prev;  // the last token of the current logical line
  int depth = 0;               // brackets open at that token
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    if (item.leave) {
      prev.reset();
      depth = 0;
      continue;
    }
    TSNode n = item.node;
    if (item.statement) {
      prev.reset();
      depth = 0;
    }
    if (is(n, "comment") || is(n, "line_continuation")) continue;
    const std::uint32_t children = ts_node_child_count(n);
    if (children == 0 || is(n, "string")) {
      // a token (a string is one, whatever lines it spans)
      if (prev && depth == 0 && ts_node_start_point(n).row > ts_node_end_point(*prev).row &&
          !backslash_between(source, ts_node_end_byte(*prev), ts_node_start_byte(n))) {
        NestingError e;
        e.error = "SyntaxError";
        e.message = "invalid syntax";
        e.line = e.end_line = static_cast<int>(ts_node_end_point(*prev).row) + 1;
        e.col = e.end_col = line_length(source, ts_node_end_byte(*prev));
        return e;
      }
      const char* t = ts_node_type(n);
      if (children == 0 && (std::strcmp(t, "(") == 0 || std::strcmp(t, "[") == 0 || std::strcmp(t, "{") == 0)) ++depth;
      if (children == 0 && (std::strcmp(t, ")") == 0 || std::strcmp(t, "]") == 0 || std::strcmp(t, "}") == 0) && depth > 0)
        --depth;
      prev = n;
      continue;
    }
    const bool lines_of_their_own = is(n, "module") || is(n, "block");
    if (is(n, "block") || is(n, "decorator")) {
      prev.reset();
      depth = 0;
      stack.push_back({n, false, true});
    }
    // (children in order through a cursor, then pushed last first: ts_node_child(n, i) walks
    // from the first child, and a module has hundreds)
    const std::size_t first = stack.size();
    TSTreeCursor cursor = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cursor)) do
        stack.push_back({ts_tree_cursor_current_node(&cursor), lines_of_their_own, false});
      while (ts_tree_cursor_goto_next_sibling(&cursor));
    ts_tree_cursor_delete(&cursor);
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
  }
  return std::nullopt;
}

}  // namespace tenscan::python
