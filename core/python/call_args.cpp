// Where an argument of a call is (call_args.h), read with tree-sitter.
#include "python/call_args.h"

#include <string>
#include <vector>

#include "python/parser.h"
#include "python/ts_node.h"

namespace tenscan::python {
namespace {

std::string_view type_of(TSNode n) { return ts_node_type(n); }

// Whether an expression is made of literals alone (`16 * 4 * 4`, `False`, `-1`): no name, call
// or attribute whose value another use of the text might depend on.
bool literal(TSNode n) {
  const std::string_view t = type_of(n);
  if (t == "integer" || t == "float" || t == "true" || t == "false" || t == "none" || t == "string") return true;
  if (t != "binary_operator" && t != "unary_operator" && t != "parenthesized_expression") return false;
  const std::uint32_t k = ts_node_named_child_count(n);
  for (std::uint32_t i = 0; i < k; ++i)
    if (!literal(ts_node_named_child(n, i))) return false;
  return true;
}

ArgumentSite present(TSNode v) { return ArgumentSite{ts_node_start_byte(v), ts_node_end_byte(v), true, "", literal(v)}; }

// The call that is the whole of `text` (its function and argument list), when its callee's
// name ends with `callee` ("Linear" for nn.Linear and torch.nn.Linear, not for Bilinear).
struct ParsedCall {
  Tree tree;
  TSNode function{}, args{};
};
std::optional<ParsedCall> parse_call(std::string_view text, std::string_view callee) {
  ParsedCall c{parse_python(text)};
  if (!c.tree) return std::nullopt;
  TSNode root = ts_tree_root_node(c.tree.get());
  if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1) return std::nullopt;
  TSNode stmt = ts_node_named_child(root, 0);
  if (type_of(stmt) != "expression_statement" || ts_node_named_child_count(stmt) != 1) return std::nullopt;
  TSNode expr = ts_node_named_child(stmt, 0);
  if (type_of(expr) != "call") return std::nullopt;
  c.function = field(expr, "function");
  c.args = field(expr, "arguments");
  if (ts_node_is_null(c.function) || ts_node_is_null(c.args) || type_of(c.args) != "argument_list") return std::nullopt;
  if (callee.empty()) return c;
  const std::string_view name = node_text(text, c.function);
  if (name.size() < callee.size() || name.substr(name.size() - callee.size()) != callee) return std::nullopt;
  if (name.size() > callee.size() && name[name.size() - callee.size() - 1] != '.') return std::nullopt;
  return c;
}

}  // namespace

std::optional<CallParts> call_parts(std::string_view call, std::string_view callee) {
  auto c = parse_call(call, callee);
  if (!c) return std::nullopt;
  CallParts parts;
  TSNode object{};
  if (type_of(c->function) == "attribute") {
    TSNode attr = field(c->function, "attribute");
    if (ts_node_is_null(attr)) return std::nullopt;
    parts.name_begin = ts_node_start_byte(attr);
    parts.name_end = ts_node_end_byte(attr);
    object = field(c->function, "object");
  } else if (type_of(c->function) == "identifier") {
    parts.name_begin = ts_node_start_byte(c->function);
    parts.name_end = ts_node_end_byte(c->function);
  } else {
    return std::nullopt;
  }
  std::vector<TSNode> args;
  const std::uint32_t n = ts_node_named_child_count(c->args);
  for (std::uint32_t i = 0; i < n; ++i)
    if (TSNode a = ts_node_named_child(c->args, i); type_of(a) != "comment") args.push_back(a);
  // the one operand: the only argument (a positional one), or the receiver of a method called
  // without arguments (`p.log()`)
  TSNode operand{};
  if (args.size() == 1 && type_of(args[0]) != "keyword_argument" && type_of(args[0]) != "list_splat" &&
      type_of(args[0]) != "dictionary_splat")
    operand = args[0];
  else if (args.empty() && !ts_node_is_null(object))
    operand = object;
  if (!ts_node_is_null(operand)) {
    parts.operand_begin = ts_node_start_byte(operand);
    parts.operand_end = ts_node_end_byte(operand);
  }
  return parts;
}

std::optional<ArgumentSite> call_argument(std::string_view call, std::string_view callee, int position,
                                          std::string_view keyword) {
  auto c = parse_call(call, callee);
  if (!c) return std::nullopt;
  TSNode args = c->args;
  int positional = 0;
  TSNode last{};  // the last argument (comments are not)
  const std::uint32_t n = ts_node_named_child_count(args);
  for (std::uint32_t i = 0; i < n; ++i) {
    TSNode a = ts_node_named_child(args, i);
    const std::string_view t = type_of(a);
    if (t == "comment") continue;
    if (t == "list_splat" || t == "dictionary_splat") return std::nullopt;
    if (t == "keyword_argument") {
      last = a;
      TSNode k = field(a, "name");
      TSNode v = field(a, "value");
      if (!keyword.empty() && !ts_node_is_null(k) && !ts_node_is_null(v) && node_text(call, k) == keyword)
        return present(v);
      continue;
    }
    if (positional++ == position) return present(a);
    last = a;
  }
  if (keyword.empty()) return std::nullopt;
  // not passed: `, keyword=value` goes right after the last argument (before a trailing comma
  // or a comment that follows it), or in the empty parentheses
  ArgumentSite site;
  const bool none = ts_node_is_null(last);
  site.begin = site.end = none ? ts_node_start_byte(args) + 1 : ts_node_end_byte(last);
  site.prefix = none ? "" : ", ";
  return site;
}

}  // namespace tenscan::python
