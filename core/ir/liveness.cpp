// Live variables over the IR (see liveness.h). Each statement's transfer is the textbook one,
// live_in = uses ∪ (live_out − binds), with the structured control flow of Python: a loop's head
// is the least fixpoint of its body, `break` and `continue` go to the loop's exit and head, and a
// statement inside `try` may also go to the handlers and the `finally` block.
#include "ir/liveness.h"

#include <algorithm>

namespace tenscan::ir {

bool Liveness::Names::add(const Names& o) {
  if (all) return false;
  if (o.all) {
    all = true;
    names.clear();
    return true;
  }
  std::size_t before = names.size();
  names.insert(o.names.begin(), o.names.end());
  return names.size() != before;
}

namespace {

using Names = Liveness::Names;

bool dynamic_name(const std::string& n) {
  return n == "globals" || n == "locals" || n == "vars" || n == "eval" || n == "exec";
}

Names unite(Names a, const Names& b) {
  a.add(b);
  return a;
}

// Where control goes from inside a statement other than to the next one.
struct Exits {
  Names brk, cont, exc;
};

class Analysis {
 public:
  Analysis(const Code& c, std::unordered_map<const Stmt*, Names>& after, std::unordered_map<const Stmt*, Names>& head)
      : code_(c), after_(after), head_(head) {}

  Names run() {
    for (int k : code_.cell_slots) cell(k);
    for (int k : code_.free_slots) cell(k);
    // what nested functions, lambdas and class bodies read runs at unknown times: for a module,
    // the globals they read are always live
    for (const Stmt* s : code_.body) nested_in(s);
    block(code_.body, Names{}, Exits{});
    return always_;
  }

 private:
  void cell(int k) {
    if (k >= 0 && static_cast<std::size_t>(k) < code_.slot_names.size()) always_.names.insert(code_.slot_names[k]);
  }

  // ---- reads of nested code ----------------------------------------------------------------

  // Every name code c and the code nested in it read as a global (or any name, in a class body).
  void reads_of(const Code& c, Names& into) {
    for (const Stmt* s : c.body) stmt_reads(s, into);
  }
  void stmt_reads(const Stmt* s, Names& into) {
    each_expr(s, [&](const Expr* x) { expr_reads(x, into); });
  }
  void expr_reads(const Expr* x, Names& into) {
    if (!x) return;
    if (x->kind == ExprKind::Name && x->scope != NameScope::Fast && x->scope != NameScope::Cell) {
      into.names.insert(x->name);
      if (dynamic_name(x->name)) into.all = true;
    }
    if (x->kind == ExprKind::Unsupported) into.all = true;
    if (x->code) reads_of(*x->code, into);
    for_children(x, [&](const Expr* c) { expr_reads(c, into); });
  }

  void nested_in(const Stmt* s) {
    each_expr(s, [&](const Expr* x) { nested_expr(x); });
  }
  void nested_expr(const Expr* x) {
    if (!x) return;
    if (x->kind == ExprKind::Name && dynamic_name(x->name) && x->scope != NameScope::Fast) always_.all = true;
    if (x->code && x->code->kind != Code::Kind::Comprehension) {
      if (code_.kind == Code::Kind::Module) reads_of(*x->code, always_);
      // (a function's own locals reach nested code only through cells, always live)
    } else if (x->code) {
      for (const Stmt* s : x->code->body) nested_in(s);
    }
    for_children(x, [&](const Expr* c) { nested_expr(c); });
  }

  // Calls f on each expression of statement s and of the statements nested in it (null ones too).
  template <typename F>
  static void each_expr(const Stmt* s, F&& f) {
    for (const Expr* t : s->targets) f(t);
    f(s->value);
    f(s->cause);
    for (const auto& w : s->with_items) {
      f(w.context);
      f(w.target);
    }
    for (const Block* b : {&s->body, &s->orelse, &s->finalbody})
      for (const Stmt* c : *b) each_expr(c, f);
    for (const auto& h : s->handlers) {
      f(h.type);
      for (const Stmt* c : h.body) each_expr(c, f);
    }
  }

  template <typename F>
  static void for_children(const Expr* x, F&& f) {
    for (const Expr* c : {x->a, x->b, x->c})
      if (c) f(c);
    for (const Expr* c : x->items)
      if (c) f(c);
    for (const Expr* c : x->items2)
      if (c) f(c);
    for (const auto& k : x->keywords)
      if (k.value) f(k.value);
  }

  // ---- uses and binds ----------------------------------------------------------------------

  // Names expression x reads where it is evaluated (an inline comprehension's global reads
  // included; a function's body runs later and is in always_).
  void uses(const Expr* x, Names& into) {
    if (!x) return;
    if (x->kind == ExprKind::Name) into.names.insert(x->name);
    if (x->kind == ExprKind::Unsupported) into.all = true;
    if (x->code && x->code->kind == Code::Kind::Comprehension) reads_of(*x->code, into);
    for_children(x, [&](const Expr* c) { uses(c, into); });
  }

  // An assignment target: the names it binds, and what it reads (x[i] = v reads x and i).
  void target(const Expr* t, Names& binds, Names& reads) {
    if (!t) return;
    switch (t->kind) {
      case ExprKind::Name: binds.names.insert(t->name); return;
      case ExprKind::Tuple:
      case ExprKind::List:
        for (const Expr* i : t->items) target(i, binds, reads);
        return;
      case ExprKind::Starred: target(t->a, binds, reads); return;
      default: uses(t, reads); return;
    }
  }

  static Names minus(Names a, const Names& kill) {
    if (a.all) return a;
    for (const auto& n : kill.names) a.names.erase(n);
    return a;
  }

  // ---- the transfer ------------------------------------------------------------------------

  Names block(const Block& b, Names live, const Exits& x) {
    for (auto it = b.rbegin(); it != b.rend(); ++it) {
      live = stmt(*it, live, x);
      live.add(x.exc);  // a statement may raise before it completes
    }
    return live;
  }

  Names stmt(const Stmt* s, const Names& out, const Exits& x) {
    after_[s].add(out);
    Names in;
    switch (s->kind) {
      case StmtKind::Expr:
      case StmtKind::Assert:
        in = out;
        uses(s->value, in);
        uses(s->cause, in);
        return in;
      case StmtKind::Assign: {
        Names binds, reads;
        for (const Expr* t : s->targets) target(t, binds, reads);
        in = minus(out, binds);
        in.add(reads);
        uses(s->value, in);
        return in;
      }
      case StmtKind::AugAssign:
      case StmtKind::Delete:
        in = out;
        for (const Expr* t : s->targets) uses(t, in);
        uses(s->value, in);
        return in;
      case StmtKind::If:
        in = unite(block(s->body, out, x), block(s->orelse, out, x));
        uses(s->value, in);
        return in;
      case StmtKind::While:
      case StmtKind::For:
        return loop(s, out, x);
      case StmtKind::Break:
        return x.brk;
      case StmtKind::Continue:
        return x.cont;
      case StmtKind::Return:
      case StmtKind::Raise:
        in = x.exc;
        uses(s->value, in);
        uses(s->cause, in);
        return in;
      case StmtKind::Try:
        return try_stmt(s, out, x);
      case StmtKind::With: {
        Exits inner = x;
        inner.exc.add(out);  // __exit__ may swallow the body's exception
        in = block(s->body, out, inner);
        for (auto it = s->with_items.rbegin(); it != s->with_items.rend(); ++it) {
          Names binds, reads;
          target(it->target, binds, reads);
          in = minus(in, binds);
          in.add(reads);
          uses(it->context, in);
        }
        return in;
      }
      case StmtKind::Import:
      case StmtKind::ImportFrom:
      case StmtKind::Pass:
        return out;
      case StmtKind::Unsupported:
        in.all = true;
        return in;
    }
    in.all = true;
    return in;
  }

  Names loop(const Stmt* s, const Names& out, const Exits& x) {
    Names head;
    Names binds, reads;
    if (s->kind == StmtKind::For) target(s->targets.empty() ? nullptr : s->targets[0], binds, reads);
    Names orelse = block(s->orelse, out, x);
    for (;;) {
      Exits inner = x;
      inner.brk = out;
      inner.cont = head;
      Names body = block(s->body, head, inner);
      Names next = orelse;
      if (s->kind == StmtKind::For) {
        next.add(minus(body, binds));
        next.add(reads);
      } else {
        next.add(body);
        uses(s->value, next);
      }
      if (!head.add(next)) break;
    }
    head_[s].add(head);
    Names in = head;
    if (s->kind == StmtKind::For) uses(s->value, in);
    return in;
  }

  Names try_stmt(const Stmt* s, const Names& out, const Exits& x) {
    // `finally` runs on every way out: to the next statement, or on to a raise, break or continue
    Names fin_out = unite(unite(out, x.exc), unite(x.brk, x.cont));
    Names fin = block(s->finalbody, fin_out, x);
    Exits through = x;
    through.exc.add(fin);
    through.brk.add(fin);
    through.cont.add(fin);
    Names orelse = block(s->orelse, fin, through);
    Names handlers;
    for (const auto& h : s->handlers) {
      Names binds, reads;
      target(h.target, binds, reads);
      Names in = minus(block(h.body, fin, through), binds);
      in.add(reads);
      uses(h.type, in);
      handlers.add(in);
    }
    Exits body = through;
    body.exc.add(handlers);
    return block(s->body, orelse, body);
  }

  const Code& code_;
  std::unordered_map<const Stmt*, Names>& after_;
  std::unordered_map<const Stmt*, Names>& head_;
  Names always_;
};

}  // namespace

const Liveness::Result& Liveness::of(const Code& c) {
  auto& r = results_[&c];
  if (!r) {
    r = std::make_unique<Result>();
    r->always = Analysis(c, r->after, r->head).run();
  }
  return *r;
}

bool Liveness::live_after(const Code& c, const Stmt* s, const std::string& name) {
  if (c.kind == Code::Kind::Class) return true;
  const Result& r = of(c);
  auto it = r.after.find(s);
  return r.always.contains(name) || it == r.after.end() || it->second.contains(name);
}

bool Liveness::live_at_head(const Code& c, const Stmt* s, const std::string& name) {
  if (c.kind == Code::Kind::Class) return true;
  const Result& r = of(c);
  auto it = r.head.find(s);
  return r.always.contains(name) || it == r.head.end() || it->second.contains(name);
}

}  // namespace tenscan::ir
