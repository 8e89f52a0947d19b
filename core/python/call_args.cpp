// Where an argument of a call is (call_args.h), read with tree-sitter.
#include "python/call_args.h"

#include <string>

#include "python/parser.h"
#include "python/ts_node.h"

namespace tenscan::python {
namespace {

std::string_view type_of(TSNode n) { return ts_node_type(n); }

}  // namespace

std::optional<ArgumentSite> call_argument(std::string_view call, std::string_view callee, int position,
                                          std::string_view keyword) {
  Tree tree = parse_python(call);
  if (!tree) return std::nullopt;
  TSNode root = ts_tree_root_node(tree.get());
  if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1) return std::nullopt;
  TSNode stmt = ts_node_named_child(root, 0);
  if (type_of(stmt) != "expression_statement" || ts_node_named_child_count(stmt) != 1) return std::nullopt;
  TSNode expr = ts_node_named_child(stmt, 0);
  if (type_of(expr) != "call") return std::nullopt;
  TSNode function = field(expr, "function");
  TSNode args = field(expr, "arguments");
  if (ts_node_is_null(function) || ts_node_is_null(args) || type_of(args) != "argument_list") return std::nullopt;
  const std::string_view name = node_text(call, function);
  if (name.size() < callee.size() || name.substr(name.size() - callee.size()) != callee) return std::nullopt;
  if (name.size() > callee.size() && name[name.size() - callee.size() - 1] != '.') return std::nullopt;
  int positional = 0;
  const std::uint32_t n = ts_node_named_child_count(args);
  for (std::uint32_t i = 0; i < n; ++i) {
    TSNode a = ts_node_named_child(args, i);
    const std::string_view t = type_of(a);
    if (t == "comment") continue;
    if (t == "list_splat" || t == "dictionary_splat") return std::nullopt;
    if (t == "keyword_argument") {
      TSNode k = field(a, "name");
      TSNode v = field(a, "value");
      if (!keyword.empty() && !ts_node_is_null(k) && !ts_node_is_null(v) && node_text(call, k) == keyword)
        return ArgumentSite{ts_node_start_byte(v), ts_node_end_byte(v), true};
      continue;
    }
    if (positional++ == position) return ArgumentSite{ts_node_start_byte(a), ts_node_end_byte(a), true};
  }
  if (keyword.empty()) return std::nullopt;
  // not passed: `, keyword=value` goes after the last argument (a trailing comma is kept)
  ArgumentSite site;
  const std::uint32_t close = ts_node_end_byte(args) - 1;  // the ')'
  std::size_t at = close;
  while (at > ts_node_start_byte(args) + 1 && (call[at - 1] == ' ' || call[at - 1] == '\n' || call[at - 1] == '\t')) --at;
  site.begin = site.end = at;
  site.prefix = call[at - 1] == '(' ? "" : call[at - 1] == ',' ? " " : ", ";
  return site;
}

}  // namespace tenscan::python
