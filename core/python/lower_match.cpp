// The match statement lowered to if statements (see lower_match.h). For
//
//     match command:
//         case ["load", name] if name:   body1
//         case Point(x=0) | None:        body2
//
// the IR is, with hidden variables S, M, T...:
//
//     S = command; M = False
//     if __tenscan_match_sequence__(S):
//         if __tenscan_match_len__(S) == 2:
//             T0 = S[0]
//             if T0 == "load":
//                 T1 = S[1]; name = T1
//                 if name: M = True; body1
//     if not M:
//         F = False
//         (Point(x=0): T = __tenscan_match_class__(S, Point, 0, ("x",)); if T is not None: ... F = True)
//         if not F: (None: if S is None: F = True)
//         if F: M = True; body2
//
// Each sub-pattern's statements run inside the enclosing one's success branch (a
// continuation), so the case's body appears once; an or-pattern's alternatives set a flag
// instead. The natives are in core/interp/patterns.cpp.
#include "python/lower_match.h"

#include <cstring>

namespace tenscan::python {
namespace {

using ir::Block;
using ir::CmpOp;
using ir::Expr;
using ir::ExprKind;
using ir::Loc;
using ir::Stmt;
using ir::StmtKind;

std::string_view type(TSNode n) { return ts_node_type(n); }

std::vector<TSNode> named_kids(TSNode n) {
  std::vector<TSNode> out;
  for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
    TSNode k = ts_node_named_child(n, i);
    if (type(k) != "comment" && type(k) != "line_continuation") out.push_back(k);
  }
  return out;
}

// (node, field name) of each named child
std::vector<std::pair<TSNode, std::string>> fielded_kids(TSNode n) {
  std::vector<std::pair<TSNode, std::string>> out;
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode k = ts_tree_cursor_current_node(&c);
      if (!ts_node_is_named(k) || type(k) == "comment") continue;
      const char* f = ts_tree_cursor_current_field_name(&c);
      out.emplace_back(k, f ? f : "");
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

class MatchLowerer {
 public:
  MatchLowerer(ir::Module& m, const MatchHooks& h, int& counter) : m_(m), h_(h), counter_(counter) {}

  Block lower(TSNode n) {
    at_ = h_.loc(n);
    Block out;
    // the subject: `match a, b:` matches the tuple (a, b)
    std::vector<TSNode> subjects;
    TSNode body{};
    for (const auto& [k, f] : fielded_kids(n)) {
      if (f == "subject") subjects.push_back(k);
      if (f == "body") body = k;
    }
    if (subjects.empty() || ts_node_is_null(body)) return out;
    Expr* subject = nullptr;
    if (subjects.size() == 1) {
      subject = h_.expr(subjects[0]);
    } else {
      subject = m_.new_expr(ExprKind::Tuple, at_);
      for (TSNode s : subjects) subject->items.push_back(h_.expr(s));
    }
    const std::string subj = fresh();
    const std::string matched = fresh();
    out.push_back(assign(subj, subject));
    out.push_back(assign(matched, constant(false)));
    bool first = true;
    for (TSNode clause : named_kids(body)) {
      if (type(clause) != "case_clause") continue;
      at_ = h_.loc(clause);
      Block code = case_clause(clause, subj, matched);
      if (first) {
        out.insert(out.end(), code.begin(), code.end());
      } else {
        out.push_back(if_(not_(load(matched)), std::move(code)));
      }
      first = false;
    }
    return out;
  }

 private:
  using Then = std::function<Block()>;

  ir::Module& m_;
  const MatchHooks& h_;
  int& counter_;
  Loc at_;

  Block case_clause(TSNode clause, const std::string& subj, const std::string& matched) {
    std::vector<TSNode> patterns;
    TSNode guard{}, consequence{};
    for (const auto& [k, f] : fielded_kids(clause)) {
      if (f == "guard") guard = k;
      else if (f == "consequence") consequence = k;
      else if (type(k) == "case_pattern") patterns.push_back(k);
    }
    Then then = [&]() {
      Block b;
      Block body{assign(matched, constant(true))};
      Block rest = h_.block(consequence);
      body.insert(body.end(), rest.begin(), rest.end());
      auto g = ts_node_is_null(guard) ? std::vector<TSNode>{} : named_kids(guard);
      if (g.empty()) return body;
      b.push_back(if_(h_.expr(g[0]), std::move(body)));
      return b;
    };
    // `case a, b:` is the sequence pattern [a, b]
    if (patterns.size() > 1) return sequence(patterns, subj, then);
    if (patterns.empty()) return then();
    return pattern(patterns[0], subj, then);
  }

  Block pattern(TSNode p, const std::string& subj, const Then& then) {
    auto t = type(p);
    if (t == "case_pattern") {
      auto kids = named_kids(p);
      if (kids.empty()) return then();  // `_`
      return pattern(kids.back(), subj, then);
    }
    if (t == "as_pattern") {
      auto kids = named_kids(p);
      if (kids.size() != 2) return unsupported(p, "this as-pattern");
      std::string alias(h_.text(kids[1]));
      return pattern(kids[0], subj, [&]() {
        Block b{assign(alias, load(subj))};
        Block rest = then();
        b.insert(b.end(), rest.begin(), rest.end());
        return b;
      });
    }
    if (t == "union_pattern") return alternatives(named_kids(p), subj, then);
    if (t == "dotted_name") {
      auto ids = named_kids(p);
      if (ids.size() == 1) {
        std::string name(h_.text(ids[0]));
        if (name == "_") return then();
        Block b{assign(name, load(subj))};  // a capture pattern
        Block rest = then();
        b.insert(b.end(), rest.begin(), rest.end());
        return b;
      }
      // a value pattern: Color.RED
      return {if_(compare(load(subj), CmpOp::Eq, dotted(p)), then())};
    }
    if (Expr* lit = literal(p)) {
      auto kind = lit->kind;
      bool singleton = kind == ExprKind::None || kind == ExprKind::True || kind == ExprKind::False;
      return {if_(compare(load(subj), singleton ? CmpOp::Is : CmpOp::Eq, lit), then())};
    }
    if (t == "tuple_pattern" && named_kids(p).size() == 1 && !has_comma(p)) {
      return pattern(named_kids(p)[0], subj, then);  // (p): a group, not a tuple
    }
    if (t == "list_pattern" || t == "tuple_pattern") return sequence(named_kids(p), subj, then);
    if (t == "dict_pattern") return mapping(p, subj, then);
    if (t == "class_pattern") return class_pattern(p, subj, then);
    return unsupported(p, "this pattern");
  }

  // `a.b.c` of a dotted_name node: the Name a, then the attribute loads
  Expr* dotted(TSNode n) {
    auto ids = named_kids(n);
    Expr* value = load(std::string(h_.text(ids[0])));
    for (std::size_t i = 1; i < ids.size(); ++i) {
      Expr* attr = m_.new_expr(ExprKind::Attr, h_.loc(ids[i]));
      attr->a = value;
      attr->name = std::string(h_.text(ids[i]));
      value = attr;
    }
    return value;
  }

  // a literal pattern's value (negative numbers: '-' is a sibling token before the number)
  Expr* literal(TSNode p) {
    auto t = type(p);
    if (t == "none") return m_.new_expr(ExprKind::None, h_.loc(p));
    if (t == "true") return m_.new_expr(ExprKind::True, h_.loc(p));
    if (t == "false") return m_.new_expr(ExprKind::False, h_.loc(p));
    if (t != "integer" && t != "float" && t != "string" && t != "concatenated_string") return nullptr;
    Expr* e = h_.expr(p);
    TSNode prev = ts_node_prev_sibling(p);
    if (!ts_node_is_null(prev) && !ts_node_is_named(prev) && type(prev) == "-") {
      Expr* neg = m_.new_expr(ExprKind::Unary, h_.loc(p));
      neg->unop = ir::UnOp::Neg;
      neg->a = e;
      return neg;
    }
    return e;
  }

  Block alternatives(const std::vector<TSNode>& alts, const std::string& subj, const Then& then) {
    const std::string flag = fresh();
    Block out{assign(flag, constant(false))};
    bool first = true;
    for (TSNode alt : alts) {
      Block code = pattern(alt, subj, [&]() { return Block{assign(flag, constant(true))}; });
      if (first) out.insert(out.end(), code.begin(), code.end());
      else out.push_back(if_(not_(load(flag)), std::move(code)));
      first = false;
    }
    out.push_back(if_(load(flag), then()));
    return out;
  }

  static bool has_comma(TSNode n) {
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
      TSNode k = ts_node_child(n, i);
      if (!ts_node_is_named(k) && type(k) == ",") return true;
    }
    return false;
  }

  static bool is_star(TSNode item) {
    auto kids = named_kids(item);
    return type(item) == "splat_pattern" ||
           (type(item) == "case_pattern" && kids.size() == 1 && type(kids[0]) == "splat_pattern");
  }

  Block sequence(const std::vector<TSNode>& items, const std::string& subj, const Then& then) {
    const auto n = static_cast<std::int64_t>(items.size());
    std::int64_t star = -1;
    for (std::int64_t i = 0; i < n; ++i)
      if (is_star(items[static_cast<std::size_t>(i)])) {
        if (star >= 0) return unsupported(items[static_cast<std::size_t>(i)], "a sequence pattern with two starred names");
        star = i;
      }
    Expr* length = call("__tenscan_match_len__", {load(subj)});
    Expr* fits = star < 0 ? compare(length, CmpOp::Eq, integer(n)) : compare(length, CmpOp::Ge, integer(n - 1));
    Block inner = items_from(items, 0, star, subj, then);
    return {if_(call("__tenscan_match_sequence__", {load(subj)}), {if_(fits, std::move(inner))})};
  }

  // the statements matching items[k...] of a sequence, then `then`
  Block items_from(const std::vector<TSNode>& items, std::size_t k, std::int64_t star, const std::string& subj,
                   const Then& then) {
    if (k == items.size()) return then();
    const auto n = static_cast<std::int64_t>(items.size());
    const auto i = static_cast<std::int64_t>(k);
    Then next = [&, k]() { return items_from(items, k + 1, star, subj, then); };
    if (i == star) {
      // *name: the items between the fixed ones, as a list; *_ binds nothing
      TSNode splat = type(items[k]) == "splat_pattern" ? items[k] : named_kids(items[k])[0];
      auto ids = named_kids(splat);
      if (ids.empty() || h_.text(ids[0]) == "_") return next();
      std::int64_t after = n - star - 1;
      Expr* slice = m_.new_expr(ExprKind::Slice, at_);
      slice->a = integer(star);
      if (after > 0) slice->b = integer(-after);
      Expr* part = m_.new_expr(ExprKind::Subscript, at_);
      part->a = load(subj);
      part->b = slice;
      Expr* starred = m_.new_expr(ExprKind::Starred, at_);
      starred->a = part;
      Expr* list = m_.new_expr(ExprKind::List, at_);
      list->items.push_back(starred);
      Block b{assign(std::string(h_.text(ids[0])), list)};
      Block rest = next();
      b.insert(b.end(), rest.begin(), rest.end());
      return b;
    }
    // items after the star are indexed from the end
    std::int64_t index = star >= 0 && i > star ? i - n : i;
    const std::string item = fresh();
    Block b{assign(item, subscript(load(subj), integer(index)))};
    Block rest = pattern(items[k], item, next);
    b.insert(b.end(), rest.begin(), rest.end());
    return b;
  }

  Block mapping(TSNode p, const std::string& subj, const Then& then) {
    std::vector<std::pair<TSNode, TSNode>> entries;
    TSNode rest{};
    TSNode key{};
    for (const auto& [k, f] : fielded_kids(p)) {
      if (f == "key") key = k;
      else if (f == "value" && !ts_node_is_null(key)) entries.emplace_back(key, k), key = TSNode{};
      else if (type(k) == "splat_pattern") rest = k;
    }
    std::vector<Expr*> keys;
    for (const auto& e : entries) {
      Expr* k = literal(e.first);
      if (!k && type(e.first) == "dotted_name") k = dotted(e.first);
      if (!k) return unsupported(e.first, "this mapping pattern key");
      keys.push_back(k);
    }
    Block inner = entries_from(entries, keys, 0, rest, subj, then);
    return {if_(call("__tenscan_match_mapping__", {load(subj)}), std::move(inner))};
  }

  Block entries_from(const std::vector<std::pair<TSNode, TSNode>>& entries, const std::vector<Expr*>& keys, std::size_t k,
                     TSNode rest, const std::string& subj, const Then& then) {
    if (k == entries.size()) {
      auto ids = ts_node_is_null(rest) ? std::vector<TSNode>{} : named_kids(rest);
      if (ids.empty()) return then();
      // **rest: a copy without the matched keys
      const std::string name(h_.text(ids[0]));
      Expr* copy = m_.new_expr(ExprKind::Dict, at_);
      copy->items.push_back(nullptr);
      copy->items2.push_back(load(subj));
      Block b{assign(name, copy)};
      for (Expr* key : keys) {
        Stmt* del = m_.new_stmt(StmtKind::Delete, at_);
        del->targets.push_back(subscript(load(name), key));
        b.push_back(del);
      }
      Block after = then();
      b.insert(b.end(), after.begin(), after.end());
      return b;
    }
    const std::string value = fresh();
    Block found{assign(value, subscript(load(subj), keys[k]))};
    Block sub = pattern(entries[k].second, value,
                        [&, k]() { return entries_from(entries, keys, k + 1, rest, subj, then); });
    found.insert(found.end(), sub.begin(), sub.end());
    return {if_(compare(keys[k], CmpOp::In, load(subj)), std::move(found))};
  }

  Block class_pattern(TSNode p, const std::string& subj, const Then& then) {
    auto kids = named_kids(p);
    if (kids.empty() || type(kids[0]) != "dotted_name") return unsupported(p, "this class pattern");
    Expr* cls = dotted(kids[0]);
    std::vector<TSNode> subpatterns;  // positional ones first, then the keyword ones' patterns
    std::int64_t npos = 0;
    Expr* kwnames = m_.new_expr(ExprKind::Tuple, at_);
    for (std::size_t i = 1; i < kids.size(); ++i) {
      auto inner = named_kids(kids[i]);
      if (type(kids[i]) == "case_pattern" && inner.size() == 1 && type(inner[0]) == "keyword_pattern") {
        auto kw = named_kids(inner[0]);
        if (kw.size() != 2) return unsupported(inner[0], "this keyword pattern");
        kwnames->items.push_back(str(std::string(h_.text(kw[0]))));
        subpatterns.push_back(kw[1]);
      } else {
        if (!kwnames->items.empty()) return unsupported(kids[i], "a positional pattern after a keyword pattern");
        subpatterns.push_back(kids[i]);
        ++npos;
      }
    }
    const std::string values = fresh();
    Block b{assign(values, call("__tenscan_match_class__", {load(subj), cls, integer(npos), kwnames}))};
    Block inner = attributes_from(subpatterns, 0, values, then);
    b.push_back(if_(compare(load(values), CmpOp::IsNot, m_.new_expr(ExprKind::None, at_)), std::move(inner)));
    return b;
  }

  Block attributes_from(const std::vector<TSNode>& subpatterns, std::size_t k, const std::string& values, const Then& then) {
    if (k == subpatterns.size()) return then();
    const std::string item = fresh();
    Block b{assign(item, subscript(load(values), integer(static_cast<std::int64_t>(k))))};
    Block rest = pattern(subpatterns[k], item, [&, k]() { return attributes_from(subpatterns, k + 1, values, then); });
    b.insert(b.end(), rest.begin(), rest.end());
    return b;
  }

  Block unsupported(TSNode n, const std::string& what) {
    h_.unsupported(n, what);
    return {};  // (never matches)
  }

  // ---- IR builders ---------------------------------------------------------------------------
  std::string fresh() { return "__match_" + std::to_string(counter_++); }
  Expr* load(const std::string& n) { return h_.name(n, at_, false); }
  Stmt* assign(const std::string& n, Expr* v) {
    Stmt* s = m_.new_stmt(StmtKind::Assign, at_);
    s->value = v;
    s->targets.push_back(h_.name(n, at_, true));
    return s;
  }
  Stmt* if_(Expr* cond, Block body) {
    Stmt* s = m_.new_stmt(StmtKind::If, at_);
    s->value = cond;
    s->body = std::move(body);
    return s;
  }
  Expr* constant(bool b) { return m_.new_expr(b ? ExprKind::True : ExprKind::False, at_); }
  Expr* integer(std::int64_t v) {
    Expr* e = m_.new_expr(ExprKind::Int, at_);
    e->ival = v;
    return e;
  }
  Expr* str(std::string s) {
    Expr* e = m_.new_expr(ExprKind::Str, at_);
    e->name = std::move(s);
    return e;
  }
  Expr* not_(Expr* a) {
    Expr* e = m_.new_expr(ExprKind::Unary, at_);
    e->unop = ir::UnOp::Not;
    e->a = a;
    return e;
  }
  Expr* compare(Expr* a, CmpOp op, Expr* b) {
    Expr* e = m_.new_expr(ExprKind::Compare, at_);
    e->a = a;
    e->items.push_back(b);
    e->cmpops.push_back(op);
    return e;
  }
  Expr* subscript(Expr* obj, Expr* index) {
    Expr* e = m_.new_expr(ExprKind::Subscript, at_);
    e->a = obj;
    e->b = index;
    return e;
  }
  Expr* call(const char* fn, std::vector<Expr*> args) {
    Expr* e = m_.new_expr(ExprKind::Call, at_);
    e->a = load(fn);
    e->items = std::move(args);
    return e;
  }
};

}  // namespace

ir::Block lower_match(ir::Module& m, TSNode match_statement, const MatchHooks& hooks, int& counter) {
  return MatchLowerer(m, hooks, counter).lower(match_statement);
}

}  // namespace tenscan::python
