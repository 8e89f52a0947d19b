// CST -> IR lowering for Python (tree-sitter-python 0.23 node types) and name resolution.
// Desugarings: decorators, comprehensions (nested functions called on the first iterable),
// chained comparisons, augmented assignment, lambda. Everything the IR cannot express becomes
// an Unsupported node plus a diagnostic, never an abort.
#include "python/lower.h"
#include "python/lower_match.h"
#include "python/ts_node.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "python/limits.h"
#include "python/logical_lines.h"
#include "python/parser.h"

namespace tenscan::python {
namespace {

using ir::Code;
using ir::Expr;
using ir::ExprKind;
using ir::Loc;
using ir::Stmt;
using ir::StmtKind;

constexpr int kMaxDepth = 400;  // nesting beyond this lowers to Unsupported (stack safety)

// ---- scope bookkeeping for name resolution -------------------------------------------------
struct Scope {
  Code* code = nullptr;
  Scope* parent = nullptr;
  std::vector<std::string> bound_order;  // binding order (params first), for stable slots
  std::set<std::string> bound, globals, nonlocals;
  std::vector<Expr*> uses;  // Name nodes (loads and stores) in this scope
  std::vector<ir::Param*> params;
  std::set<std::string> cells;         // locals captured by inner scopes
  std::vector<std::string> frees;      // free variables, in first-use order
  bool annotates = false;              // a module or class body with `name: T` statements
  [[nodiscard]] bool function_like() const {
    return code->kind == Code::Kind::Function || code->kind == Code::Kind::Lambda ||
           code->kind == Code::Kind::Comprehension;
  }
  [[nodiscard]] bool is_local(const std::string& n) const {
    return function_like() && bound.count(n) && !globals.count(n) && !nonlocals.count(n);
  }
  void bind(const std::string& n) {
    if (bound.insert(n).second) bound_order.push_back(n);
  }
  void add_free(const std::string& n) {
    if (std::find(frees.begin(), frees.end(), n) == frees.end()) frees.push_back(n);
  }
};

class Lowerer {
 public:
  Lowerer(ir::Module& m, std::uint32_t file_id, std::vector<LowerDiag>& diags)
      : m_(m), src_(m.source), file_(file_id), diags_(diags) {}

  void lower(TSNode root) {
    Code* top = m_.new_code();
    top->kind = Code::Kind::Module;
    top->name = "<module>";
    top->loc = loc(root);
    m_.top = top;
    auto& scope = push_scope(top);
    top->body = block_children(root);
    top->doc = docstring(root);
    top->annotates = scope.annotates;
    pop_scope();
    resolve(scope);
  }

 private:
  ir::Module& m_;
  const std::string& src_;
  std::uint32_t file_;
  std::vector<LowerDiag>& diags_;
  std::deque<Scope> scopes_;
  Scope* cur_ = nullptr;
  int depth_ = 0;
  int comp_counter_ = 0;
  int match_counter_ = 0;

  // ---- helpers ----------------------------------------------------------------------------
  Loc loc(TSNode n) const {
    TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
    return Loc{file_, static_cast<int>(s.row) + 1, static_cast<int>(s.column), static_cast<int>(e.row) + 1,
               static_cast<int>(e.column)};
  }
  std::string_view text(TSNode n) const {
    auto b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    if (b > src_.size() || e > src_.size() || e < b) return {};
    return std::string_view(src_).substr(b, e - b);
  }
  static std::string_view type(TSNode n) { return ts_node_type(n); }
  static bool null(TSNode n) { return ts_node_is_null(n); }
  /// Children carrying field `name`, in order. (ts_node_field_name_for_child is unreliable in
  /// tree-sitter 0.20; the cursor API reports fields correctly.)
  static std::vector<TSNode> field_children(TSNode n, const char* name) {
    std::vector<TSNode> out;
    TSTreeCursor c = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&c)) {
      do {
        const char* f = ts_tree_cursor_current_field_name(&c);
        if (f && std::strcmp(f, name) == 0) out.push_back(ts_tree_cursor_current_node(&c));
      } while (ts_tree_cursor_goto_next_sibling(&c));
    }
    ts_tree_cursor_delete(&c);
    return out;
  }
  static std::vector<TSNode> named_children(TSNode n) {
    std::vector<TSNode> out;
    uint32_t c = ts_node_named_child_count(n);
    out.reserve(c);
    for (uint32_t i = 0; i < c; ++i) {
      TSNode k = ts_node_named_child(n, i);
      if (type(k) != "comment" && type(k) != "line_continuation") out.push_back(k);
    }
    return out;
  }
  void unsupported_diag(TSNode n, std::string what) {
    diags_.push_back({LowerDiag::Kind::Unsupported, loc(n), std::move(what)});
  }
  Expr* unsupported_expr(TSNode n, const std::string& what) {
    unsupported_diag(n, what + " is not supported; its value is treated as unknown");
    Expr* e = m_.new_expr(ExprKind::Unsupported, loc(n));
    e->name = what;
    return e;
  }
  Stmt* unsupported_stmt(TSNode n, const std::string& what) {
    unsupported_diag(n, what + " is not supported and was skipped");
    Stmt* s = m_.new_stmt(StmtKind::Unsupported, loc(n));
    s->text = what;
    return s;
  }
  Scope& push_scope(Code* code) {
    auto& s = scopes_.emplace_back();
    s.code = code;
    s.parent = cur_;
    cur_ = &s;
    return s;
  }
  void pop_scope() { cur_ = cur_->parent; }
  Expr* name_expr(const std::string& n, Loc l, bool store) {
    Expr* e = m_.new_expr(ExprKind::Name, l);
    e->name = n;
    cur_->uses.push_back(e);
    if (store) cur_->bind(n);
    return e;
  }
  struct DepthGuard {
    int& d;
    explicit DepthGuard(int& depth) : d(depth) { ++d; }
    ~DepthGuard() { --d; }
  };

  // ---- statements -------------------------------------------------------------------------
  ir::Block block_children(TSNode n) {
    ir::Block out;
    check_indentation(n);
    for (TSNode c : named_children(n)) stmt(c, out);
    return out;
  }

  // tree-sitter accepts inconsistent indentation that Python rejects: statements of one block
  // must start in the same column, module-level ones in column 0, and a body on its own lines
  // must be indented deeper than the statement that opens it.
  void check_indentation(TSNode block) {
    if (indentation_error_ || !check_indentation_) return;
    auto kids = named_children(block);
    if (kids.empty()) {
      // `def f():` followed by an unindented line parses as an empty body
      TSNode parent = ts_node_parent(block);
      if (type(block) == "block" && !null(parent)) {
        TSNode next = ts_node_next_named_sibling(parent);
        indentation_diag(null(next) ? parent : next, "expected an indented block");
      }
      return;
    }
    TSPoint first = ts_node_start_point(kids[0]);
    bool module = type(block) == "module";
    TSNode parent = ts_node_parent(block);
    if (module && first.column != 0) return indentation_diag(kids[0], "unexpected indent");
    if (!module && !null(parent)) {
      TSPoint head = ts_node_start_point(parent);
      // elif/else/except/finally clauses are children of the statement; use the clause's column
      if (first.row != head.row && first.column <= head.column)
        return indentation_diag(kids[0], "expected an indented block");
    }
    uint32_t line = first.row;
    for (TSNode k : kids) {
      TSPoint p = ts_node_start_point(k);
      if (p.row != line && p.column != first.column)
        return indentation_diag(k, p.column > first.column ? "unexpected indent"
                                                            : "unindent does not match any outer indentation level");
      line = ts_node_end_point(k).row;
    }
  }
  void indentation_diag(TSNode n, const char* what) {
    indentation_error_ = true;
    diags_.push_back({LowerDiag::Kind::SyntaxError, loc(n), what, "IndentationError"});
  }

 public:
  bool indentation_error_ = false;
  bool check_indentation_ = true;  // off when tree-sitter already found a syntax error

 private:
  ir::Block block(TSNode n) {
    if (null(n)) return {};
    return block_children(n);
  }

  void stmt(TSNode n, ir::Block& out) {
    DepthGuard g(depth_);
    if (depth_ > kMaxDepth) {
      out.push_back(unsupported_stmt(n, "code nested this deeply"));
      return;
    }
    auto t = type(n);
    Loc l = loc(n);
    if (t == "expression_statement") {
      for (TSNode c : named_children(n)) {
        auto ct = type(c);
        if (ct == "assignment") {
          assignment(c, out);
        } else if (ct == "augmented_assignment") {
          aug_assignment(c, out);
        } else {
          Stmt* s = m_.new_stmt(StmtKind::Expr, loc(c));
          s->value = expr(c);
          out.push_back(s);
        }
      }
    } else if (t == "pass_statement") {
      out.push_back(m_.new_stmt(StmtKind::Pass, l));
    } else if (t == "break_statement") {
      out.push_back(m_.new_stmt(StmtKind::Break, l));
    } else if (t == "continue_statement") {
      out.push_back(m_.new_stmt(StmtKind::Continue, l));
    } else if (t == "return_statement") {
      Stmt* s = m_.new_stmt(StmtKind::Return, l);
      auto kids = named_children(n);
      if (!kids.empty()) s->value = expr_or_list(kids[0]);
      out.push_back(s);
    } else if (t == "if_statement") {
      out.push_back(if_stmt(n));
    } else if (t == "while_statement") {
      Stmt* s = m_.new_stmt(StmtKind::While, l);
      s->value = expr(field(n, "condition"));
      s->body = block(field(n, "body"));
      TSNode alt = field(n, "alternative");
      if (!null(alt)) s->orelse = block(field(alt, "body"));
      out.push_back(s);
    } else if (t == "for_statement") {
      Stmt* s = m_.new_stmt(StmtKind::For, l);
      s->targets.push_back(target(field(n, "left")));
      s->value = expr_or_list(field(n, "right"));
      s->body = block(field(n, "body"));
      TSNode alt = field(n, "alternative");
      if (!null(alt)) s->orelse = block(field(alt, "body"));
      out.push_back(s);
    } else if (t == "function_definition") {
      out.push_back(function_def(n, {}));
    } else if (t == "class_definition") {
      out.push_back(class_def(n, {}));
    } else if (t == "decorated_definition") {
      std::vector<Expr*> decorators;
      for (TSNode c : named_children(n))
        if (type(c) == "decorator") {
          auto kids = named_children(c);
          if (!kids.empty()) decorators.push_back(expr(kids[0]));
        }
      TSNode def = field(n, "definition");
      if (type(def) == "class_definition")
        out.push_back(class_def(def, decorators));
      else
        out.push_back(function_def(def, decorators));
    } else if (t == "try_statement") {
      out.push_back(try_stmt(n));
    } else if (t == "with_statement") {
      out.push_back(with_stmt(n));
    } else if (t == "raise_statement") {
      Stmt* s = m_.new_stmt(StmtKind::Raise, l);
      TSNode cause = field(n, "cause");
      for (TSNode c : named_children(n))
        if (null(cause) || !ts_node_eq(c, cause)) {
          s->value = expr_or_list(c);
          break;
        }
      if (!null(cause)) s->cause = expr(cause);
      out.push_back(s);
    } else if (t == "assert_statement") {
      Stmt* s = m_.new_stmt(StmtKind::Assert, l);
      auto kids = named_children(n);
      if (!kids.empty()) s->value = expr(kids[0]);
      if (kids.size() > 1) s->cause = expr(kids[1]);
      out.push_back(s);
    } else if (t == "global_statement" || t == "nonlocal_statement") {
      for (TSNode c : named_children(n)) {
        std::string name(text(c));
        if (t == "global_statement") {
          cur_->globals.insert(name);
          cur_->code->global_decls.push_back(name);
        } else {
          cur_->nonlocals.insert(name);
        }
      }
    } else if (t == "import_statement") {
      import_stmt(n, out);
    } else if (t == "import_from_statement") {
      import_from(n, out);
    } else if (t == "future_import_statement") {
      // `from __future__ import annotations` changes nothing tenscan models.
    } else if (t == "delete_statement") {
      Stmt* s = m_.new_stmt(StmtKind::Delete, l);
      for (TSNode c : named_children(n)) {
        if (type(c) == "expression_list")
          for (TSNode k : named_children(c)) s->targets.push_back(target(k));
        else
          s->targets.push_back(target(c));
      }
      out.push_back(s);
    } else if (t == "type_alias_statement") {
      // `type X = ...` only affects typing.
    } else if (t == "match_statement") {
      MatchHooks hooks{
          [this](TSNode x) { return expr(x); },
          [this](TSNode x) { return block(x); },
          [this](const std::string& name, Loc at, bool store) { return name_expr(name, at, store); },
          [this](TSNode x) { return loc(x); },
          [this](TSNode x) { return text(x); },
          [this](TSNode x, const std::string& what) {
            unsupported_diag(x, what + " is not supported; its case is treated as never matching");
          }};
      ir::Block lowered = lower_match(m_, n, hooks, match_counter_);
      out.insert(out.end(), lowered.begin(), lowered.end());
    } else if (t == "print_statement" || t == "exec_statement") {
      // Python 3 rejects these: a syntax error, like CPython's
      indentation_error_ = true;
      diags_.push_back({LowerDiag::Kind::SyntaxError, loc(n),
                        std::string("Missing parentheses in call to '") + (t == "print_statement" ? "print" : "exec") +
                            "'. Did you mean " + (t == "print_statement" ? "print" : "exec") + "(...)?"});
    } else if (t == "ERROR") {
      // reported as a syntax error by the caller; nothing to lower
    } else {
      out.push_back(unsupported_stmt(n, "the statement '" + std::string(t) + "'"));
    }
  }

  Stmt* if_stmt(TSNode n) {
    Stmt* s = m_.new_stmt(StmtKind::If, loc(n));
    s->value = expr(field(n, "condition"));
    s->body = block(field(n, "consequence"));
    // alternatives: elif_clause* else_clause?  -> nested Ifs in orelse
    std::vector<TSNode> alts = field_children(n, "alternative");
    ir::Block* tail = &s->orelse;
    int nested = 0;
    for (TSNode a : alts) {
      if (type(a) == "elif_clause" && depth_ + ++nested > kMaxDepth) {
        tail->push_back(unsupported_stmt(a, "an elif chain this long"));
        break;
      }
      if (type(a) == "elif_clause") {
        Stmt* e = m_.new_stmt(StmtKind::If, loc(a));
        e->value = expr(field(a, "condition"));
        e->body = block(field(a, "consequence"));
        tail->push_back(e);
        tail = &e->orelse;
      } else {
        *tail = block(field(a, "body"));
      }
    }
    return s;
  }

  Stmt* try_stmt(TSNode n) {
    Stmt* s = m_.new_stmt(StmtKind::Try, loc(n));
    s->body = block(field(n, "body"));
    for (TSNode c : named_children(n)) {
      auto t = type(c);
      if (t == "except_clause" || t == "except_group_clause") {
        ir::Handler h;
        h.loc = loc(c);
        TSNode value = field(c, "value");
        TSNode alias = field(c, "alias");
        for (TSNode k : named_children(c)) {
          if (type(k) == "block") {
            h.body = block_children(k);
          } else if (null(value) && !h.type && type(k) != "block") {
            // older shapes: `except E as e` without fields
            if (type(k) == "as_pattern") {
              auto ks = named_children(k);
              if (!ks.empty()) h.type = expr(ks[0]);
              TSNode al = field(k, "alias");
              if (!null(al)) {
                auto aks = named_children(al);
                if (!aks.empty()) h.target = name_expr(std::string(text(aks[0])), loc(aks[0]), true);
              }
            } else {
              h.type = expr(k);
            }
          }
        }
        if (!null(value) && type(value) == "as_pattern") {
          // `except E as name:` parses as an as_pattern in the value field
          auto ks = named_children(value);
          if (!ks.empty()) h.type = expr(ks[0]);
          TSNode al = field(value, "alias");
          if (!null(al)) alias = al;
        } else if (!null(value)) {
          h.type = expr(value);
        }
        if (!null(alias)) {
          TSNode id = alias;
          if (type(id) != "identifier") {
            auto ks = named_children(id);
            if (!ks.empty()) id = ks[0];
          }
          h.target = name_expr(std::string(text(id)), loc(id), true);
        }
        s->handlers.push_back(std::move(h));
      } else if (t == "else_clause") {
        s->orelse = block(field(c, "body"));
      } else if (t == "finally_clause") {
        for (TSNode k : named_children(c))
          if (type(k) == "block") s->finalbody = block_children(k);
      }
    }
    return s;
  }

  Stmt* with_stmt(TSNode n) {
    Stmt* s = m_.new_stmt(StmtKind::With, loc(n));
    for (TSNode c : named_children(n)) {
      if (type(c) != "with_clause") continue;
      for (TSNode item : named_children(c)) {
        if (type(item) != "with_item") continue;
        TSNode v = field(item, "value");
        ir::WithItem wi;
        if (type(v) == "as_pattern") {
          auto ks = named_children(v);
          if (!ks.empty()) wi.context = expr(ks[0]);
          TSNode al = field(v, "alias");
          if (!null(al)) {
            auto aks = named_children(al);
            if (!aks.empty()) wi.target = target(aks[0]);
          }
        } else {
          wi.context = expr(v);
        }
        s->with_items.push_back(wi);
      }
    }
    s->body = block(field(n, "body"));
    return s;
  }

  void assignment(TSNode n, ir::Block& out) {
    // a = b = c  parses as assignment(left=a, right=assignment(left=b, right=c))
    std::vector<TSNode> lefts;
    TSNode cur = n;
    TSNode right{};
    bool annotated_only = false;
    while (true) {
      lefts.push_back(field(cur, "left"));
      TSNode r = field(cur, "right");
      if (null(r)) {
        annotated_only = true;
        break;
      }
      if (type(r) == "assignment") {
        cur = r;
        continue;
      }
      if (type(r) == "augmented_assignment") {
        out.push_back(unsupported_stmt(r, "an augmented assignment inside an assignment"));
        return;
      }
      right = r;
      break;
    }
    if (!annotated_only) {
      Stmt* s = m_.new_stmt(StmtKind::Assign, loc(n));
      s->value = expr_or_list(right);
      for (TSNode l : lefts) s->targets.push_back(target(l));
      out.push_back(s);
    }
    // `x: T` and `x: T = v` in a module or class body: __annotations__["x"] = "T", after the
    // value as CPython stores it, into the dict the interpreter binds when the body starts
    // (Code::annotates). The annotation is kept as its source text (as under `from __future__
    // import annotations`), so a forward reference is never a NameError; dataclasses and
    // NamedTuple read the names and their order. (In a function body an annotation has no
    // runtime effect.)
    TSNode annotation = field(n, "type");
    if (!null(annotation) && type(lefts[0]) == "identifier" && !cur_->function_like()) {
      cur_->annotates = true;
      Loc l = loc(n);
      Stmt* s = m_.new_stmt(StmtKind::Assign, l);
      // (a string annotation is its value, as CPython evaluates it)
      Expr* quoted = type(annotation) == "type" && named_children(annotation).size() == 1 &&
                             type(named_children(annotation)[0]) == "string"
                         ? expr(named_children(annotation)[0])
                         : nullptr;
      s->value = quoted && quoted->kind == ExprKind::Str ? quoted
                                                         : str_const(std::string(text(annotation)), loc(annotation));
      Expr* sub = m_.new_expr(ExprKind::Subscript, l);
      sub->a = name_expr("__annotations__", l, false);
      sub->b = str_const(std::string(text(lefts[0])), loc(lefts[0]));
      s->targets.push_back(sub);
      out.push_back(s);
    }
  }

  Expr* str_const(std::string value, Loc l) {
    Expr* e = m_.new_expr(ExprKind::Str, l);
    e->name = std::move(value);
    return e;
  }

  // The docstring of a module, class or function body: its first statement when that is a
  // plain string literal (CPython binds it as __doc__; absent means None).
  std::optional<std::string> docstring(TSNode body_node) {
    if (null(body_node)) return std::nullopt;
    auto kids = named_children(body_node);
    if (kids.empty() || type(kids[0]) != "expression_statement") return std::nullopt;
    auto parts = named_children(kids[0]);
    if (parts.size() != 1 || type(parts[0]) != "string") return std::nullopt;
    Expr* e = expr(parts[0]);
    if (e->kind != ExprKind::Str) return std::nullopt;
    return e->name;
  }

  void aug_assignment(TSNode n, ir::Block& out) {
    Stmt* s = m_.new_stmt(StmtKind::AugAssign, loc(n));
    std::string op(text(field(n, "operator")));
    op.pop_back();  // strip '='
    s->binop = binop(op);
    s->targets.push_back(target(field(n, "left")));
    s->value = expr_or_list(field(n, "right"));
    out.push_back(s);
  }

  Stmt* function_def(TSNode n, const std::vector<Expr*>& decorators) {
    std::string name(text(field(n, "name")));
    Loc l = loc(n);
    Expr* fn = make_function(n, name, Code::Kind::Function, field(n, "parameters"), field(n, "body"));
    return bind_decorated(name, l, fn, decorators, field(n, "name"));
  }

  Stmt* bind_decorated(const std::string& name, Loc l, Expr* value, const std::vector<Expr*>& decorators,
                       TSNode name_node) {
    for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) {
      Expr* call = m_.new_expr(ExprKind::Call, (*it)->loc);
      call->a = *it;
      call->items.push_back(value);
      value = call;
    }
    Stmt* s = m_.new_stmt(StmtKind::Assign, l);
    s->value = value;
    s->targets.push_back(name_expr(name, loc(name_node), true));
    return s;
  }

  Expr* make_function(TSNode n, const std::string& name, Code::Kind kind, TSNode params, TSNode body) {
    Code* code = m_.new_code();
    code->kind = kind;
    code->name = name;
    code->qualname = qualname(name);
    code->loc = loc(n);
    code->parent = cur_->code;
    Expr* fn = m_.new_expr(ExprKind::Function, loc(n));
    fn->code = code;
    fn->name = name;
    if (kind == Code::Kind::Function)
      if (TSNode r = field(n, "return_type"); !null(r)) code->returns = text(r);
    // Defaults are evaluated in the enclosing scope.
    struct P {
      std::string name;
      ir::Param::Kind kind;
      TSNode def;
      std::string annotation;
    };
    std::vector<P> ps;
    bool after_star = false;
    int posonly_upto = -1;
    if (!null(params)) {
      for (TSNode p : named_children(params)) {
        auto t = type(p);
        TSNode def{};
        std::string pname;
        ir::Param::Kind k = after_star ? ir::Param::Kind::KeywordOnly : ir::Param::Kind::Positional;
        if (t == "identifier") {
          pname = text(p);
        } else if (t == "default_parameter" || t == "typed_default_parameter") {
          TSNode nm = field(p, "name");
          if (type(nm) != "identifier") {
            unsupported_diag(p, "a tuple parameter");
            pname = "<tuple>";
          } else {
            pname = text(nm);
          }
          def = field(p, "value");
        } else if (t == "typed_parameter") {
          auto ks = named_children(p);
          TSNode inner = ks.empty() ? p : ks[0];
          if (type(inner) == "list_splat_pattern") {
            auto iks = named_children(inner);
            pname = iks.empty() ? "args" : std::string(text(iks[0]));
            k = ir::Param::Kind::VarArgs;
            after_star = true;
          } else if (type(inner) == "dictionary_splat_pattern") {
            auto iks = named_children(inner);
            pname = iks.empty() ? "kwargs" : std::string(text(iks[0]));
            k = ir::Param::Kind::VarKeywords;
          } else {
            pname = text(inner);
          }
        } else if (t == "list_splat_pattern") {
          auto ks = named_children(p);
          pname = ks.empty() ? "args" : std::string(text(ks[0]));
          k = ir::Param::Kind::VarArgs;
          after_star = true;
        } else if (t == "dictionary_splat_pattern") {
          auto ks = named_children(p);
          pname = ks.empty() ? "kwargs" : std::string(text(ks[0]));
          k = ir::Param::Kind::VarKeywords;
        } else if (t == "keyword_separator") {
          after_star = true;
          continue;
        } else if (t == "positional_separator") {
          posonly_upto = static_cast<int>(ps.size());
          continue;
        } else {
          unsupported_diag(p, "this parameter form");
          pname = "<param" + std::to_string(ps.size()) + ">";
        }
        std::string annotation;
        if (t == "typed_parameter" || t == "typed_default_parameter")
          if (TSNode ty = field(p, "type"); !null(ty)) annotation = text(ty);
        ps.push_back({pname, k, def, annotation});
      }
    }
    for (auto& p : ps) {
      if (!null(p.def)) {
        if (p.kind == ir::Param::Kind::KeywordOnly) {
          fn->keywords.push_back({p.name, expr(p.def)});
        } else {
          fn->items.push_back(expr(p.def));
        }
      }
    }
    auto& scope = push_scope(code);
    int idx = 0;
    for (auto& p : ps) {
      ir::Param param;
      param.name = p.name;
      param.kind = p.kind;
      param.has_default = !null(p.def);
      param.positional_only = idx < posonly_upto;
      param.annotation = p.annotation;
      code->params.push_back(param);
      scope.bind(p.name);
      ++idx;
    }
    for (auto& p : code->params) scope.params.push_back(&p);
    if (kind == Code::Kind::Lambda) {
      Stmt* r = m_.new_stmt(StmtKind::Return, loc(body));
      r->value = expr(body);
      code->body.push_back(r);
    } else {
      code->body = block(body);
    }
    pop_scope();
    return fn;
  }

  std::string qualname(const std::string& name) const {
    std::vector<std::string> parts;
    for (Scope* s = cur_; s && s->code->kind != Code::Kind::Module; s = s->parent) parts.push_back(s->code->name);
    std::string q;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) q += *it + ".";
    return q + name;
  }

  Stmt* class_def(TSNode n, const std::vector<Expr*>& decorators) {
    std::string name(text(field(n, "name")));
    Code* code = m_.new_code();
    code->kind = Code::Kind::Class;
    code->name = name;
    code->qualname = qualname(name);
    code->loc = loc(n);
    code->parent = cur_->code;
    Expr* cls = m_.new_expr(ExprKind::Class, loc(n));
    cls->code = code;
    cls->name = name;
    TSNode supers = field(n, "superclasses");
    if (!null(supers)) call_args(supers, cls->items, cls->keywords);
    auto& scope = push_scope(code);
    scope.bind("__doc__");  // (the interpreter binds both when the body starts)
    code->body = block(field(n, "body"));
    code->doc = docstring(field(n, "body"));
    code->annotates = scope.annotates;
    if (scope.annotates) scope.bind("__annotations__");
    pop_scope();
    return bind_decorated(name, loc(n), cls, decorators, field(n, "name"));
  }

  void import_stmt(TSNode n, ir::Block& out) {
    for (TSNode c : named_children(n)) {
      Stmt* s = m_.new_stmt(StmtKind::Import, loc(c));
      if (type(c) == "aliased_import") {
        s->module = text(field(c, "name"));
        std::string alias(text(field(c, "alias")));
        s->asnames.push_back(alias);
        s->targets.push_back(name_expr(alias, loc(field(c, "alias")), true));
      } else {
        s->module = text(c);
        std::string top = s->module.substr(0, s->module.find('.'));
        s->targets.push_back(name_expr(top, loc(c), true));
      }
      out.push_back(s);
    }
  }

  void import_from(TSNode n, ir::Block& out) {
    Stmt* s = m_.new_stmt(StmtKind::ImportFrom, loc(n));
    TSNode mod = field(n, "module_name");
    if (type(mod) == "relative_import") {
      for (TSNode c : named_children(mod)) {
        if (type(c) == "import_prefix")
          s->level = static_cast<int>(text(c).size());
        else
          s->module = text(c);
      }
    } else {
      s->module = text(mod);
    }
    for (TSNode c : named_children(n))
      if (type(c) == "wildcard_import") {
        s->names.push_back("*");
        s->asnames.emplace_back();
        s->targets.push_back(nullptr);
      }
    for (TSNode c : field_children(n, "name")) {
      if (type(c) == "aliased_import") {
        std::string nm(text(field(c, "name")));
        std::string al(text(field(c, "alias")));
        s->names.push_back(nm);
        s->asnames.push_back(al);
        s->targets.push_back(name_expr(al, loc(c), true));
      } else {
        std::string nm(text(c));
        s->names.push_back(nm);
        s->asnames.emplace_back();
        s->targets.push_back(name_expr(nm, loc(c), true));
      }
    }
    out.push_back(s);
  }

  // ---- targets ----------------------------------------------------------------------------
  Expr* target(TSNode n) {
    auto t = type(n);
    Loc l = loc(n);
    if (t == "identifier") return name_expr(std::string(text(n)), l, true);
    if (t == "attribute" || t == "subscript") return expr(n);
    if (t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" || t == "tuple" || t == "list" ||
        t == "expression_list") {
      Expr* e = m_.new_expr(t == "list_pattern" || t == "list" ? ExprKind::List : ExprKind::Tuple, l);
      for (TSNode c : named_children(n)) e->items.push_back(target(c));
      return e;
    }
    if (t == "list_splat_pattern" || t == "list_splat") {
      Expr* e = m_.new_expr(ExprKind::Starred, l);
      auto ks = named_children(n);
      e->a = ks.empty() ? unsupported_expr(n, "an empty starred target") : target(ks[0]);
      return e;
    }
    if (t == "parenthesized_expression") {
      auto ks = named_children(n);
      if (ks.size() == 1) return target(ks[0]);
    }
    return unsupported_expr(n, "this assignment target");
  }

  // ---- expressions ------------------------------------------------------------------------
  Expr* expr_or_list(TSNode n) {
    if (type(n) == "expression_list" || type(n) == "pattern_list") {
      Expr* e = m_.new_expr(ExprKind::Tuple, loc(n));
      for (TSNode c : named_children(n)) e->items.push_back(expr(c));
      return e;
    }
    return expr(n);
  }

  static ir::BinOp binop(std::string_view op) {
    static const std::map<std::string_view, ir::BinOp> ops = {
        {"+", ir::BinOp::Add},      {"-", ir::BinOp::Sub},       {"*", ir::BinOp::Mul},
        {"@", ir::BinOp::MatMul},   {"/", ir::BinOp::Div},       {"//", ir::BinOp::FloorDiv},
        {"%", ir::BinOp::Mod},      {"**", ir::BinOp::Pow},      {"<<", ir::BinOp::LShift},
        {">>", ir::BinOp::RShift},  {"&", ir::BinOp::BitAnd},    {"|", ir::BinOp::BitOr},
        {"^", ir::BinOp::BitXor}};
    auto it = ops.find(op);
    return it == ops.end() ? ir::BinOp::Add : it->second;
  }

  void call_args(TSNode args, std::vector<Expr*>& pos, std::vector<ir::Keyword>& kws) {
    for (TSNode c : named_children(args)) {
      auto t = type(c);
      if (t == "keyword_argument") {
        kws.push_back({std::string(text(field(c, "name"))), expr(field(c, "value"))});
      } else if (t == "dictionary_splat") {
        auto ks = named_children(c);
        kws.push_back({"", ks.empty() ? unsupported_expr(c, "an empty ** argument") : expr(ks[0])});
      } else if (t == "list_splat") {
        Expr* s = m_.new_expr(ExprKind::Starred, loc(c));
        auto ks = named_children(c);
        s->a = ks.empty() ? unsupported_expr(c, "an empty * argument") : expr(ks[0]);
        pos.push_back(s);
      } else {
        pos.push_back(expr(c));
      }
    }
  }

  Expr* expr(TSNode n) {
    if (null(n)) {
      Expr* e = m_.new_expr(ExprKind::None, Loc{file_, 0, 0, 0, 0});
      return e;
    }
    DepthGuard g(depth_);
    if (depth_ > kMaxDepth) return unsupported_expr(n, "an expression nested this deeply");
    auto t = type(n);
    Loc l = loc(n);
    if (t == "identifier") return name_expr(std::string(text(n)), l, false);
    if (t == "integer") return integer(n);
    if (t == "float") return float_lit(n);
    if (t == "string" || t == "concatenated_string") return string_lit(n);
    if (t == "true") return m_.new_expr(ExprKind::True, l);
    if (t == "false") return m_.new_expr(ExprKind::False, l);
    if (t == "none") return m_.new_expr(ExprKind::None, l);
    if (t == "ellipsis") return m_.new_expr(ExprKind::Ellipsis, l);
    if (t == "parenthesized_expression") {
      auto ks = named_children(n);
      if (ks.size() == 1) return expr(ks[0]);
      return unsupported_expr(n, "this parenthesized expression");
    }
    if (t == "attribute") {
      Expr* e = m_.new_expr(ExprKind::Attr, l);
      e->a = expr(field(n, "object"));
      e->name = text(field(n, "attribute"));
      return e;
    }
    if (t == "subscript") {
      Expr* e = m_.new_expr(ExprKind::Subscript, l);
      e->a = expr(field(n, "value"));
      std::vector<TSNode> subs;
      for (TSNode c : field_children(n, "subscript"))
        if (ts_node_is_named(c) && type(c) != "comment") subs.push_back(c);
      // x[a, b] has two subscript children; x[(a, b)] one tuple child: both index with a tuple.
      bool trailing_comma = false;
      if (!subs.empty()) {
        TSNode last = subs.back();
        TSNode next = ts_node_next_sibling(last);
        trailing_comma = !null(next) && type(next) == ",";
      }
      if (subs.size() == 1 && !trailing_comma) {
        e->b = index_expr(subs[0]);
      } else {
        Expr* tup = m_.new_expr(ExprKind::Tuple, l);
        for (TSNode s : subs) tup->items.push_back(index_expr(s));
        e->b = tup;
      }
      return e;
    }
    if (t == "slice") return index_expr(n);
    if (t == "call") {
      Expr* e = m_.new_expr(ExprKind::Call, l);
      e->a = expr(field(n, "function"));
      TSNode args = field(n, "arguments");
      if (type(args) == "generator_expression")
        e->items.push_back(comprehension(args, ExprKind::List));
      else
        call_args(args, e->items, e->keywords);
      return e;
    }
    if (t == "binary_operator") {
      Expr* e = m_.new_expr(ExprKind::Binary, l);
      e->binop = binop(text(field(n, "operator")));
      e->a = expr(field(n, "left"));
      e->b = expr(field(n, "right"));
      return e;
    }
    if (t == "unary_operator") {
      Expr* e = m_.new_expr(ExprKind::Unary, l);
      auto op = text(field(n, "operator"));
      e->unop = op == "-" ? ir::UnOp::Neg : op == "+" ? ir::UnOp::Pos : ir::UnOp::Invert;
      e->a = expr(field(n, "argument"));
      return e;
    }
    if (t == "not_operator") {
      Expr* e = m_.new_expr(ExprKind::Unary, l);
      e->unop = ir::UnOp::Not;
      e->a = expr(field(n, "argument"));
      return e;
    }
    if (t == "boolean_operator") {
      auto op = text(field(n, "operator"));
      Expr* e = m_.new_expr(op == "and" ? ExprKind::And : ExprKind::Or, l);
      e->a = expr(field(n, "left"));
      e->b = expr(field(n, "right"));
      return e;
    }
    if (t == "comparison_operator") return comparison(n);
    if (t == "conditional_expression") {
      auto ks = named_children(n);
      if (ks.size() != 3) return unsupported_expr(n, "this conditional expression");
      Expr* e = m_.new_expr(ExprKind::IfExp, l);
      e->b = expr(ks[0]);
      e->a = expr(ks[1]);
      e->c = expr(ks[2]);
      return e;
    }
    if (t == "lambda") return make_function(n, "<lambda>", Code::Kind::Lambda, field(n, "parameters"), field(n, "body"));
    if (t == "list" || t == "tuple" || t == "set" || t == "expression_list") {
      Expr* e = m_.new_expr(t == "list" ? ExprKind::List : t == "set" ? ExprKind::Set : ExprKind::Tuple, l);
      for (TSNode c : named_children(n)) {
        auto ct = type(c);
        if (ct == "list_splat" || ct == "parenthesized_list_splat") {
          TSNode inner = c;
          if (ct == "parenthesized_list_splat") {
            auto ks = named_children(c);
            if (!ks.empty()) inner = ks[0];
          }
          Expr* s = m_.new_expr(ExprKind::Starred, loc(c));
          auto ks = named_children(inner);
          s->a = ks.empty() ? unsupported_expr(c, "an empty starred item") : expr(ks[0]);
          e->items.push_back(s);
        } else {
          e->items.push_back(expr(c));
        }
      }
      return e;
    }
    if (t == "dictionary") {
      Expr* e = m_.new_expr(ExprKind::Dict, l);
      for (TSNode c : named_children(n)) {
        if (type(c) == "pair") {
          e->items.push_back(expr(field(c, "key")));
          e->items2.push_back(expr(field(c, "value")));
        } else if (type(c) == "dictionary_splat") {
          auto ks = named_children(c);
          e->items.push_back(nullptr);
          e->items2.push_back(ks.empty() ? unsupported_expr(c, "an empty ** item") : expr(ks[0]));
        }
      }
      return e;
    }
    if (t == "list_comprehension") return comprehension(n, ExprKind::List);
    if (t == "set_comprehension") return comprehension(n, ExprKind::Set);
    if (t == "dictionary_comprehension") return comprehension(n, ExprKind::Dict);
    if (t == "generator_expression") return comprehension(n, ExprKind::List);
    if (t == "named_expression") {
      Expr* e = m_.new_expr(ExprKind::Walrus, l);
      e->b = expr(field(n, "value"));
      // The walrus binds in the nearest enclosing non-comprehension scope.
      Scope* s = cur_;
      while (s->code->kind == Code::Kind::Comprehension && s->parent) s = s->parent;
      Scope* saved = cur_;
      cur_ = s;
      e->a = name_expr(std::string(text(field(n, "name"))), loc(field(n, "name")), true);
      cur_ = saved;
      if (s != cur_) {
        // the use inside the comprehension must resolve as a free variable of it
        cur_->uses.push_back(e->a);
        s->uses.pop_back();
      }
      return e;
    }
    if (t == "yield") {
      cur_->code->is_generator = true;
      Expr* e = m_.new_expr(ExprKind::Yield, l);
      auto ks = named_children(n);
      if (!ks.empty()) {
        if (text(n).rfind("yield from", 0) == 0) {
          e->name = "from";
        }
        e->a = expr_or_list(ks[0]);
      }
      return e;
    }
    if (t == "list_splat") {
      Expr* s = m_.new_expr(ExprKind::Starred, l);
      auto ks = named_children(n);
      s->a = ks.empty() ? unsupported_expr(n, "an empty starred item") : expr(ks[0]);
      return s;
    }
    if (t == "await") return unsupported_expr(n, "await");
    if (t == "as_pattern") return unsupported_expr(n, "this 'as' pattern");
    if (t == "ERROR") return unsupported_expr(n, "invalid syntax");
    return unsupported_expr(n, "the expression '" + std::string(t) + "'");
  }

  Expr* index_expr(TSNode n) {
    if (type(n) != "slice") return expr(n);
    // slice children: up to three expressions separated by ':' tokens; positions matter.
    Expr* e = m_.new_expr(ExprKind::Slice, loc(n));
    int part = 0;
    uint32_t cnt = ts_node_child_count(n);
    for (uint32_t i = 0; i < cnt; ++i) {
      TSNode c = ts_node_child(n, i);
      if (!ts_node_is_named(c)) {
        if (type(c) == ":") ++part;
        continue;
      }
      if (type(c) == "comment") continue;
      Expr* v = expr(c);
      if (part == 0) e->a = v;
      else if (part == 1) e->b = v;
      else e->c = v;
    }
    return e;
  }

  Expr* comparison(TSNode n) {
    Expr* e = m_.new_expr(ExprKind::Compare, loc(n));
    bool first = true;
    TSTreeCursor cur = ts_tree_cursor_new(n);
    std::vector<std::pair<TSNode, bool>> kids;  // (node, is an operator)
    if (ts_tree_cursor_goto_first_child(&cur)) {
      do {
        const char* f = ts_tree_cursor_current_field_name(&cur);
        kids.emplace_back(ts_tree_cursor_current_node(&cur), f && std::strcmp(f, "operators") == 0);
      } while (ts_tree_cursor_goto_next_sibling(&cur));
    }
    ts_tree_cursor_delete(&cur);
    for (auto [c, is_op] : kids) {
      if (is_op) {
        auto op = text(c);
        ir::CmpOp k = ir::CmpOp::Eq;
        if (op == "==") k = ir::CmpOp::Eq;
        else if (op == "!=" || op == "<>") k = ir::CmpOp::Ne;
        else if (op == "<") k = ir::CmpOp::Lt;
        else if (op == "<=") k = ir::CmpOp::Le;
        else if (op == ">") k = ir::CmpOp::Gt;
        else if (op == ">=") k = ir::CmpOp::Ge;
        else if (op == "in") k = ir::CmpOp::In;
        else if (op == "is") k = ir::CmpOp::Is;
        else if (op.find("not") != std::string_view::npos && op.find("in") != std::string_view::npos) k = ir::CmpOp::NotIn;
        else if (op.find("is") != std::string_view::npos) k = ir::CmpOp::IsNot;
        e->cmpops.push_back(k);
        continue;
      }
      if (!ts_node_is_named(c) || type(c) == "comment") continue;
      if (first) {
        e->a = expr(c);
        first = false;
      } else {
        e->items.push_back(expr(c));
      }
    }
    if (e->cmpops.size() != e->items.size()) return unsupported_expr(n, "this comparison");
    return e;
  }

  // [body for x in it if c ...] -> (lambda .0: <loops appending body>)(it)
  Expr* comprehension(TSNode n, ExprKind result_kind) {
    std::vector<TSNode> clauses;
    for (TSNode c : named_children(n))
      if (type(c) == "for_in_clause" || type(c) == "if_clause") clauses.push_back(c);
    if (clauses.empty() || type(clauses[0]) != "for_in_clause") return unsupported_expr(n, "this comprehension");
    auto first_iter = [&](TSNode clause) {
      std::vector<TSNode> rights;
      for (TSNode r : field_children(clause, "right"))
        if (ts_node_is_named(r)) rights.push_back(r);
      return rights;
    };
    auto rights0 = first_iter(clauses[0]);
    if (rights0.empty()) return unsupported_expr(n, "this comprehension");
    Expr* iter0;
    if (rights0.size() == 1) {
      iter0 = expr(rights0[0]);
    } else {
      iter0 = m_.new_expr(ExprKind::Tuple, loc(clauses[0]));
      for (TSNode r : rights0) iter0->items.push_back(expr(r));
    }
    Code* code = m_.new_code();
    code->kind = Code::Kind::Comprehension;
    code->name = "<comprehension" + std::to_string(comp_counter_++) + ">";
    code->qualname = qualname(code->name);
    code->loc = loc(n);
    code->parent = cur_->code;
    auto& scope = push_scope(code);
    ir::Param p;
    p.name = ".0";
    code->params.push_back(p);
    scope.bind(".0");
    scope.params.push_back(&code->params.back());
    Loc l = loc(n);
    // .r = [] / {} / set()
    Stmt* init = m_.new_stmt(StmtKind::Assign, l);
    init->value = m_.new_expr(result_kind == ExprKind::Dict ? ExprKind::Dict : result_kind, l);
    init->targets.push_back(name_expr(".r", l, true));
    code->body.push_back(init);
    // build nested loops from the clauses
    ir::Block* cur_block = &code->body;
    bool first = true;
    for (TSNode c : clauses) {
      if (type(c) == "for_in_clause") {
        Stmt* f = m_.new_stmt(StmtKind::For, loc(c));
        f->targets.push_back(target(field(c, "left")));
        if (first) {
          f->value = name_expr(".0", loc(c), false);
          first = false;
        } else {
          auto rs = first_iter(c);
          if (rs.size() == 1) {
            f->value = expr(rs[0]);
          } else {
            f->value = m_.new_expr(ExprKind::Tuple, loc(c));
            for (TSNode r : rs) f->value->items.push_back(expr(r));
          }
        }
        cur_block->push_back(f);
        cur_block = &f->body;
      } else {
        auto ks = named_children(c);
        if (ks.empty()) continue;
        Stmt* i = m_.new_stmt(StmtKind::If, loc(c));
        i->value = expr(ks[0]);
        cur_block->push_back(i);
        cur_block = &i->body;
      }
    }
    // .r.append(body) / .r.add(body) / .r[key] = value
    TSNode body = field(n, "body");
    if (result_kind == ExprKind::Dict) {
      Stmt* a = m_.new_stmt(StmtKind::Assign, loc(body));
      a->value = expr(field(body, "value"));
      Expr* sub = m_.new_expr(ExprKind::Subscript, loc(body));
      sub->a = name_expr(".r", loc(body), false);
      sub->b = expr(field(body, "key"));
      a->targets.push_back(sub);
      cur_block->push_back(a);
    } else {
      Stmt* a = m_.new_stmt(StmtKind::Expr, loc(body));
      Expr* call = m_.new_expr(ExprKind::Call, loc(body));
      Expr* attr = m_.new_expr(ExprKind::Attr, loc(body));
      attr->a = name_expr(".r", loc(body), false);
      attr->name = result_kind == ExprKind::Set ? "add" : "append";
      call->a = attr;
      call->items.push_back(expr(body));
      a->value = call;
      cur_block->push_back(a);
    }
    Stmt* ret = m_.new_stmt(StmtKind::Return, l);
    ret->value = name_expr(".r", l, false);
    code->body.push_back(ret);
    pop_scope();
    Expr* fn = m_.new_expr(ExprKind::Function, l);
    fn->code = code;
    fn->name = code->name;
    Expr* call = m_.new_expr(ExprKind::Call, l);
    call->a = fn;
    call->items.push_back(iter0);
    return call;
  }

  Expr* integer(TSNode n) {
    std::string s;
    for (char ch : text(n))
      if (ch != '_') s.push_back(ch);
    if (!s.empty() && (s.back() == 'j' || s.back() == 'J')) return unsupported_expr(n, "a complex literal");
    if (!s.empty() && (s.back() == 'l' || s.back() == 'L')) s.pop_back();
    int base = 10;
    std::size_t off = 0;
    if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, off = 2;
    else if (s.size() > 1 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O')) base = 8, off = 2;
    else if (s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, off = 2;
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(s.data() + off, s.data() + s.size(), v, base);
    if (ec != std::errc() || ptr != s.data() + s.size()) return unsupported_expr(n, "an integer literal this large");
    Expr* e = m_.new_expr(ExprKind::Int, loc(n));
    e->ival = v;
    return e;
  }

  Expr* float_lit(TSNode n) {
    std::string s;
    for (char ch : text(n))
      if (ch != '_') s.push_back(ch);
    if (!s.empty() && (s.back() == 'j' || s.back() == 'J')) return unsupported_expr(n, "a complex literal");
    Expr* e = m_.new_expr(ExprKind::Float, loc(n));
    char* end = nullptr;
    e->fval = std::strtod(s.c_str(), &end);
    return e;
  }

  // Decodes string literals, including f-strings (as FString of parts) and implicit
  // concatenation. Bytes literals keep their raw text.
  Expr* string_lit(TSNode n) {
    std::vector<TSNode> parts;
    if (type(n) == "concatenated_string") {
      for (TSNode c : named_children(n))
        if (type(c) == "string") parts.push_back(c);
    } else {
      parts.push_back(n);
    }
    std::vector<Expr*> pieces;
    std::string acc;
    bool is_f = false, is_bytes = false, formatted = false;
    for (TSNode p : parts) {
      std::string prefix;
      for (TSNode c : named_children(p))
        if (type(c) == "string_start") {
          for (char ch : text(c))
            if (ch != '"' && ch != '\'') prefix.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
        }
      bool raw = prefix.find('r') != std::string::npos;
      if (prefix.find('f') != std::string::npos) is_f = true;
      if (prefix.find('b') != std::string::npos) is_bytes = true;
      // walk the children in order: string_content (may contain escape nodes), interpolation
      uint32_t cnt = ts_node_named_child_count(p);
      for (uint32_t i = 0; i < cnt; ++i) {
        TSNode c = ts_node_named_child(p, i);
        auto t = type(c);
        if (t == "string_content") {
          std::string part = raw ? std::string(text(c)) : unescape(text(c));
          if (prefix.find('f') != std::string::npos) {
            std::string braces;
            for (std::size_t j = 0; j < part.size(); ++j) {
              braces.push_back(part[j]);
              if ((part[j] == '{' || part[j] == '}') && j + 1 < part.size() && part[j + 1] == part[j]) ++j;
            }
            part = braces;
          }
          acc += part;
        } else if (t == "interpolation") {
          if (!null(field(c, "format_specifier")) || !null(field(c, "type_conversion"))) formatted = true;
          if (!acc.empty()) {
            Expr* s = m_.new_expr(ExprKind::Str, loc(c));
            s->name = acc;
            pieces.push_back(s);
            acc.clear();
          }
          pieces.push_back(expr_or_list(field(c, "expression")));
        }
      }
    }
    if (!is_f) {
      Expr* e = m_.new_expr(is_bytes ? ExprKind::Bytes : ExprKind::Str, loc(n));
      e->name = acc;
      return e;
    }
    if (!acc.empty()) {
      Expr* s = m_.new_expr(ExprKind::Str, loc(n));
      s->name = acc;
      pieces.push_back(s);
    }
    Expr* e = m_.new_expr(ExprKind::FString, loc(n));
    e->items = std::move(pieces);
    if (formatted) e->name = "formatted";  // format specs / conversions: the text is not computed
    return e;
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x110000) {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  static std::string unescape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
      char ch = s[i];
      if (ch != '\\' || i + 1 >= s.size()) {
        out.push_back(ch);
        continue;
      }
      char e = s[++i];
      auto hex = [&](std::size_t len) -> std::uint32_t {
        std::uint32_t v = 0;
        std::size_t j = 0;
        for (; j < len && i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])); ++j) {
          char h = s[++i];
          v = v * 16 + static_cast<std::uint32_t>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
        }
        return v;
      };
      switch (e) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
          std::uint32_t v = static_cast<std::uint32_t>(e - '0');
          for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k) v = v * 8 + static_cast<std::uint32_t>(s[++i] - '0');
          append_utf8(out, v);
          break;
        }
        case 'x': append_utf8(out, hex(2)); break;
        case 'u': append_utf8(out, hex(4)); break;
        case 'U': append_utf8(out, hex(8)); break;
        case 'a': out.push_back('\a'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'v': out.push_back('\v'); break;
        case '\\': out.push_back('\\'); break;
        case '\'': out.push_back('\''); break;
        case '"': out.push_back('"'); break;
        case '\n': break;  // line continuation inside a string
        default:
          out.push_back('\\');
          out.push_back(e);
      }
    }
    return out;
  }

  // ---- name resolution (Python symtable rules) --------------------------------------------
  // Pass 1: for every scope, find free variables and mark cells in the defining scopes.
  // Pass 2: assign slots and annotate every Name node.
  static Scope* enclosing_function(Scope* s) {
    for (Scope* p = s->parent; p; p = p->parent)
      if (p->function_like()) return p;
    return nullptr;
  }

  void resolve(Scope& /*module*/) {
    for (auto& s : scopes_) {
      if (s.code->kind == Code::Kind::Module) continue;
      std::set<std::string> seen;
      for (Expr* use : s.uses) {
        const std::string& n = use->name;
        if (!seen.insert(n).second) continue;
        if (s.globals.count(n)) continue;
        if (s.is_local(n)) continue;
        if (s.code->kind == Code::Kind::Class && s.bound.count(n) && !s.nonlocals.count(n)) continue;
        // free: find the nearest enclosing function scope that binds it
        Scope* def = nullptr;
        for (Scope* p = s.parent; p; p = p->parent) {
          if (!p->function_like()) continue;
          if (p->globals.count(n)) break;
          if (p->is_local(n)) {
            def = p;
            break;
          }
        }
        if (!def) continue;  // global
        def->cells.insert(n);
        for (Scope* p = &s; p != def; p = p->parent) p->add_free(n);
      }
    }
    for (auto& s : scopes_) assign_slots(s);
    for (auto& s : scopes_) {
      for (Expr* use : s.uses) annotate(s, use);
    }
    for (auto& s : scopes_) {
      Code* c = s.code;
      for (std::size_t i = 0; i < s.frees.size(); ++i) {
        // where the parent scope (the one that evaluates MakeFunction) keeps the cell
        Scope* p = s.parent;
        int from = -1;
        if (p) {
          auto it = std::find(p->code->slot_names.begin(), p->code->slot_names.end(), s.frees[i]);
          if (it != p->code->slot_names.end()) from = static_cast<int>(it - p->code->slot_names.begin());
        }
        c->closure_from.push_back(from);
      }
    }
  }

  static void assign_slots(Scope& s) {
    Code* c = s.code;
    if (c->kind == Code::Kind::Module) return;
    if (s.function_like()) {
      for (const auto& n : s.bound_order) {
        if (!s.is_local(n)) continue;
        c->slot_names.push_back(n);
      }
      for (auto* p : s.params) {
        auto it = std::find(c->slot_names.begin(), c->slot_names.end(), p->name);
        p->slot = static_cast<int>(it - c->slot_names.begin());
      }
      for (std::size_t i = 0; i < c->slot_names.size(); ++i)
        if (s.cells.count(c->slot_names[i])) c->cell_slots.push_back(static_cast<int>(i));
    }
    for (const auto& f : s.frees) {
      c->free_slots.push_back(static_cast<int>(c->slot_names.size()));
      c->slot_names.push_back(f);
    }
    c->nslots = static_cast<int>(c->slot_names.size());
  }

  static void annotate(Scope& s, Expr* use) {
    const std::string& n = use->name;
    Code* c = s.code;
    if (c->kind == Code::Kind::Module || s.globals.count(n)) {
      use->scope = ir::NameScope::Global;
      return;
    }
    if (c->kind == Code::Kind::Class && s.bound.count(n) && !s.nonlocals.count(n)) {
      use->scope = ir::NameScope::ClassBody;
      return;
    }
    auto it = std::find(c->slot_names.begin(), c->slot_names.end(), n);
    if (it == c->slot_names.end()) {
      use->scope = ir::NameScope::Global;
      return;
    }
    int slot = static_cast<int>(it - c->slot_names.begin());
    use->slot = slot;
    bool is_cell = std::find(c->cell_slots.begin(), c->cell_slots.end(), slot) != c->cell_slots.end() ||
                   std::find(c->free_slots.begin(), c->free_slots.end(), slot) != c->free_slots.end();
    use->scope = is_cell ? ir::NameScope::Cell : ir::NameScope::Fast;
  }
};

// Finds the first syntax error: an ERROR node or a MISSING token, depth first in source order.
// Iterative (a cursor), so arbitrarily deep trees cannot exhaust the stack.
bool first_syntax_error(TSNode root, TSNode& out) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  bool found = false;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (ts_node_is_missing(n) || std::strcmp(ts_node_type(n), "ERROR") == 0) {
      out = n;
      found = true;
      break;
    }
    // descend only into subtrees that contain an error
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&c)) continue;
    bool moved = false;
    while (!moved) {
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        moved = true;
      } else if (!ts_tree_cursor_goto_parent(&c)) {
        break;
      }
    }
    if (!moved) break;
  }
  ts_tree_cursor_delete(&c);
  return found;
}

/// The first error tree-sitter found in `root`, if any.
std::optional<LowerDiag> tree_error(TSNode root, std::uint32_t file_id) {
  TSNode err;
  if (!ts_node_has_error(root) || !first_syntax_error(root, err)) return std::nullopt;
  TSPoint s = ts_node_start_point(err), e = ts_node_end_point(err);
  ir::Loc l{file_id, static_cast<int>(s.row) + 1, static_cast<int>(s.column), static_cast<int>(e.row) + 1,
            static_cast<int>(e.column)};
  std::string msg;
  if (ts_node_is_missing(err)) {
    msg = std::string("invalid syntax: expected '") + ts_node_type(err) + "'";
  } else {
    msg = "invalid syntax";
  }
  return LowerDiag{LowerDiag::Kind::SyntaxError, l, msg};
}

LowerDiag nesting_diag(const NestingError& e, std::uint32_t file_id) {
  return LowerDiag{LowerDiag::Kind::SyntaxError, ir::Loc{file_id, e.line, e.col, e.end_line, e.end_col}, e.message,
                   e.error};
}

}  // namespace

LowerResult lower_module(std::string path, std::string dotted_name, std::string source, std::uint32_t file_id,
                         bool is_stub) {
  LowerResult r;
  r.module = std::make_unique<ir::Module>();
  auto& m = *r.module;
  m.path = std::move(path);
  m.name = std::move(dotted_name);
  m.source = std::move(source);
  m.is_stub = is_stub;
  // CPython stops at its first error. A nesting limit of its tokenizer is that error unless the
  // parser fails before the logical line that breaks it: what tree-sitter finds in the lines
  // before (as far as its scanner keeps their indentation) is such a failure; what it would
  // find in the whole file may be an effect of the nesting itself, and deep enough nesting
  // makes it corrupt its memory (limits.cpp). So only those lines are parsed, and lowered.
  TokenizerLimits limits = tokenizer_limits(m.source);
  std::string_view parsed = m.source;
  if (limits.error) parsed = parsed.substr(0, std::min(limits.logical_line_start, limits.wide_indent_start));
  Tree tree = parse_python(parsed);
  if (!tree) {
    r.syntax_error = true;
    r.diags.push_back({LowerDiag::Kind::SyntaxError, ir::Loc{file_id, 1, 0, 1, 0}, "the file could not be parsed"});
    return r;
  }
  TSNode root = ts_tree_root_node(tree.get());
  std::optional<LowerDiag> error = tree_error(root, file_id);
  // a statement run past a line break (which tree-sitter's scanner allows) before the first
  // error tree-sitter found is CPython's first error: `n_batches =` of an exercise, three
  // blanks before the one tree-sitter could not join
  if (error)
    if (auto e = broken_logical_line(root, parsed); e && std::pair(e->line, e->col) < std::pair(error->loc.line, error->loc.col))
      error = nesting_diag(*e, file_id);
  std::vector<LowerDiag> lowered;
  Lowerer lowerer(m, file_id, lowered);
  lowerer.check_indentation_ = !error;
  lowerer.lower(root);
  if (!error && lowerer.indentation_error_) {
    auto first = std::find_if(lowered.begin(), lowered.end(),
                              [](const LowerDiag& d) { return d.kind == LowerDiag::Kind::SyntaxError; });
    // (a block cut off where the nesting limit is broken is empty only in the lines parsed)
    bool cut_off = first == lowered.end() || (limits.error && first->error == "IndentationError" &&
                                              first->message == "expected an indented block");
    if (!cut_off) error = *first;
  }
  if (!error && limits.error) error = nesting_diag(*limits.error, file_id);
  // the compiler's limits, on a module that parsed; then the logical lines tree-sitter's scanner
  // ran together
  if (!error)
    if (auto e = compiler_limits(root)) error = nesting_diag(*e, file_id);
  if (!error)
    if (auto e = broken_logical_line(root, parsed)) error = nesting_diag(*e, file_id);
  if (error) {
    r.syntax_error = true;
    r.diags.push_back(std::move(*error));
  } else {
    r.diags = std::move(lowered);
  }
  return r;
}

}  // namespace tenscan::python
