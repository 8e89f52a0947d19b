// Translation of tenscan's symbolic conditions to Z3 integer arithmetic and the budgeted
// checks. Python floor division and modulo are modelled with Z3's div/mod, which agree with
// Python for positive divisors (the only kind shape arithmetic produces).
#include "solver/solver.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <set>

namespace tenscan::solver {

namespace {
bool linear(const sym::Expr& e);
bool linear_atom(const sym::Expr& e) {
  switch (e.atom_kind()) {
    case sym::Expr::AtomKind::Symbol:
    case sym::Expr::AtomKind::Opaque: return true;
    case sym::Expr::AtomKind::FloorDiv:
    case sym::Expr::AtomKind::Mod: {
      auto [a, b] = e.atom_operands();
      return b.as_const() && linear(a);
    }
    case sym::Expr::AtomKind::Min:
    case sym::Expr::AtomKind::Max: {
      auto [a, b] = e.atom_operands();
      return linear(a) && linear(b);
    }
  }
  return false;
}
bool linear(const sym::Expr& e) {
  if (e.as_const()) return true;
  if (e.is_atom()) return linear_atom(e);
  for (const auto& t : e.terms())
    if (t.factors.size() > 1 || !std::all_of(t.factors.begin(), t.factors.end(), linear_atom)) return false;
  return true;
}
}  // namespace

bool linear(const sym::Cond& c) {
  switch (c.kind()) {
    case sym::Cond::Kind::Eq:
    case sym::Cond::Kind::Ne:
    case sym::Cond::Kind::Le: return linear(c.poly());
    case sym::Cond::Kind::Not:
    case sym::Cond::Kind::And:
    case sym::Cond::Kind::Or:
      return std::all_of(c.children().begin(), c.children().end(), [](const sym::Cond& k) { return linear(k); });
    default: return true;
  }
}

bool linear(const std::vector<sym::Cond>& cs) {
  return std::all_of(cs.begin(), cs.end(), [](const sym::Cond& c) { return linear(c); });
}

struct PathSolver::Impl {
  std::shared_ptr<z3::context> owned;  ///< (shared with the other solvers of its Context)
  z3::context& ctx;
  z3::solver s;
  std::map<sym::SymId, z3::expr> ints;
  std::map<sym::SymId, z3::expr> bools;
  // Only Z3's deterministic resource limit bounds a query, never its "timeout": the timer
  // behind that parameter (a thread pool since Z3 4.8.10) can deadlock, Z3 issue 5990, seen
  // here as a fuzz/short input hanging for minutes with every thread waiting on a lock. The
  // resource limit also makes the verdicts independent of the machine's load.
  //
  // `s` starts as Z3's SMT core alone (Z3_mk_simple_solver). Z3's default solver costs about
  // ten times as much to make (it builds its tactics for each logic up front: some 6 ms, paid
  // by each of a module check's dozens of solvers), and it runs the same core on linear
  // queries once it is used incrementally, as every query here is; it differs on nonlinear
  // ones (its tactics run the first query, and any query the core leaves open for want of a
  // method). So a condition that multiplies or divides by a symbol replaces the core by the
  // default solver, given the same assertions in the same scopes: the verdicts are the
  // default solver's. (A query that reaches the resource limit may take another time to get
  // there: the default solver did not see the linear queries before it.)
  //
  // Before either, a query whose nonlinearity is products of sizes only goes to Z3's nlsat
  // procedure (the `qfnra-nlsat` tactic, given the assertions anew, with half the limit): it
  // decides those polynomials (with floor divisions by constants) in about a millisecond where
  // the default solver's tactics took 100-400 ms or gave up (a vision transformer's windowed
  // reshapes, `B * ((H - 1) // 4 + 1) // 7 * ... == 64 * B`). Its verdicts are sound for
  // integers (a model it gives is integral; what it cannot settle it leaves open), and what it
  // leaves open goes to the default solver as before. A division by a size (a convolution's
  // `(H - k) // s` over a space of kernels and strides) stays with the default solver, whose
  // incremental core decides those in a fraction of nlsat's time, query after query.
  unsigned rlimit;
  bool nonlinear = false;         ///< a condition multiplies or divides by a symbol
  bool divides = false;           ///< a condition divides by a symbol
  bool upgraded = false;          ///< `s` is the default solver
  std::vector<z3::expr> asserted;  ///< what was added and not popped, in order
  std::vector<std::size_t> scopes;  ///< the size of `asserted` at each open push
  Impl(unsigned limit, std::shared_ptr<z3::context> context)
      : owned(std::move(context)), ctx(*owned), s(ctx, z3::solver::simple()), rlimit(limit) {
    s.set(params());
  }

  z3::params params() {
    z3::params p(ctx);
    p.set("rlimit", rlimit);
    return p;
  }
  void add(const z3::expr& e) {
    s.add(e);
    asserted.push_back(e);
    upgrade();
  }
  void push() {
    s.push();
    scopes.push_back(asserted.size());
  }
  void pop() {
    s.pop();
    asserted.resize(scopes.back(), ctx.bool_val(true));
    scopes.pop_back();
  }
  // (see above)
  void upgrade() {
    if (upgraded || !nonlinear) return;
    z3::solver d(ctx);
    d.set(params());
    std::size_t open = 0;
    for (std::size_t i = 0; i <= asserted.size(); ++i) {
      for (; open < scopes.size() && scopes[open] == i; ++open) d.push();
      if (i < asserted.size()) d.add(asserted[i]);
    }
    s = d;
    upgraded = true;
  }

  z3::expr var(sym::SymId id) {
    auto it = ints.find(id);
    if (it != ints.end()) return it->second;
    z3::expr v = ctx.int_const(("s" + std::to_string(id)).c_str());
    ints.emplace(id, v);
    return v;
  }
  z3::expr boolvar(sym::SymId id) {
    auto it = bools.find(id);
    if (it != bools.end()) return it->second;
    z3::expr v = ctx.bool_const(("b" + std::to_string(id)).c_str());
    bools.emplace(id, v);
    return v;
  }

  z3::expr atom(const sym::Expr& e) {
    switch (e.atom_kind()) {
      case sym::Expr::AtomKind::Symbol: return var(e.atom_symbol());
      case sym::Expr::AtomKind::FloorDiv: {
        auto [a, b] = e.atom_operands();
        return z3::expr(ctx, Z3_mk_div(ctx, expr(a), expr(b)));
      }
      case sym::Expr::AtomKind::Mod: {
        auto [a, b] = e.atom_operands();
        return z3::mod(expr(a), expr(b));
      }
      case sym::Expr::AtomKind::Min: {
        auto [a, b] = e.atom_operands();
        z3::expr x = expr(a), y = expr(b);
        return z3::ite(x <= y, x, y);
      }
      case sym::Expr::AtomKind::Max: {
        auto [a, b] = e.atom_operands();
        z3::expr x = expr(a), y = expr(b);
        return z3::ite(x >= y, x, y);
      }
      case sym::Expr::AtomKind::Opaque: break;
    }
    // an opaque atom: a fresh unconstrained integer
    return ctx.int_const(("opaque" + std::to_string(reinterpret_cast<std::uintptr_t>(e.node()))).c_str());
  }

  z3::expr expr(const sym::Expr& e) {
    if (auto c = e.as_const()) return ctx.int_val(static_cast<int64_t>(*c));
    if (e.is_atom()) return atom(e);
    z3::expr sum = ctx.int_val(0);
    for (const auto& t : e.terms()) {
      z3::expr term = ctx.int_val(static_cast<int64_t>(t.coef));
      for (const auto& f : t.factors) term = term * atom(f);
      sum = sum + term;
    }
    return sum.simplify();
  }

  /// `c` as an assertion: translated, and the solver marked nonlinear when it is (`linear`).
  z3::expr assertion(const sym::Cond& c) {
    z3::expr e = cond(c);
    if (!linear(c)) {
      nonlinear = true;
      divides = divides || divides_by_symbol(e);
    }
    return e;
  }

  // Whether `e` divides by (or takes a remainder modulo) something not a number.
  static bool divides_by_symbol(const z3::expr& e) {
    std::vector<z3::expr> todo{e};
    std::set<unsigned> seen;
    while (!todo.empty()) {
      z3::expr x = todo.back();
      todo.pop_back();
      if (!x.is_app() || !seen.insert(x.id()).second) continue;
      const Z3_decl_kind k = x.decl().decl_kind();
      if ((k == Z3_OP_IDIV || k == Z3_OP_MOD || k == Z3_OP_REM) && x.num_args() == 2 && !x.arg(1).is_numeral()) return true;
      for (unsigned i = 0; i < x.num_args(); ++i) todo.push_back(x.arg(i));
    }
    return false;
  }

  z3::expr cond(const sym::Cond& c) {
    switch (c.kind()) {
      case sym::Cond::Kind::True: return ctx.bool_val(true);
      case sym::Cond::Kind::False: return ctx.bool_val(false);
      case sym::Cond::Kind::Eq: return expr(c.poly()) == 0;
      case sym::Cond::Kind::Ne: return expr(c.poly()) != 0;
      case sym::Cond::Kind::Le: return expr(c.poly()) <= 0;
      case sym::Cond::Kind::BoolSym: return boolvar(c.bool_symbol());
      case sym::Cond::Kind::Not: return !cond(c.children()[0]);
      case sym::Cond::Kind::And: {
        z3::expr_vector v(ctx);
        for (const auto& k : c.children()) v.push_back(cond(k));
        return z3::mk_and(v);
      }
      case sym::Cond::Kind::Or: {
        z3::expr_vector v(ctx);
        for (const auto& k : c.children()) v.push_back(cond(k));
        return z3::mk_or(v);
      }
    }
    return ctx.bool_val(true);
  }

  void read_model(const z3::model& m, Model* model) {
    if (!model) return;
    model->clear();
    for (auto& [id, v] : ints) {
      z3::expr val = m.eval(v, true);
      int64_t x = 0;
      if (val.is_numeral_i64(x)) (*model)[id] = x;
    }
  }

  // (see above) Sat or Unsat when nlsat settles the assertions, else Unknown.
  Sat run_nlsat(Model* model) {
    try {
      z3::solver n = z3::tactic(ctx, "qfnra-nlsat").mk_solver();
      z3::params p(ctx);
      p.set("rlimit", rlimit / 2);
      n.set(p);
      for (const auto& e : asserted) n.add(e);
      const z3::check_result r = n.check();
      if (r == z3::unsat) return Sat::Unsat;
      if (r == z3::unknown) return Sat::Unknown;
      read_model(n.get_model(), model);
      return Sat::Sat;
    } catch (const z3::exception&) {  // (a condition outside its fragment)
      return Sat::Unknown;
    }
  }

  Sat run(Model* model) {
    if (nonlinear && !divides)
      if (Sat r = run_nlsat(model); r != Sat::Unknown) return r;
    z3::check_result r;
    try {
      r = s.check();
    } catch (const z3::exception&) {
      return Sat::Unknown;
    }
    if (r == z3::unsat) return Sat::Unsat;
    if (r == z3::unknown) return Sat::Unknown;
    read_model(s.get_model(), model);
    return Sat::Sat;
  }
};

Context::Context() = default;
Context::~Context() = default;

PathSolver::PathSolver(unsigned rlimit, Context& context) {
  if (!context.z3_) context.z3_ = std::make_shared<z3::context>();
  impl_ = std::make_unique<Impl>(rlimit, context.z3_);
}
PathSolver::PathSolver(unsigned rlimit) : impl_(std::make_unique<Impl>(rlimit, std::make_shared<z3::context>())) {}
PathSolver::~PathSolver() = default;

void PathSolver::add(const sym::Cond& c) {
  try {
    impl_->add(impl_->assertion(c));
  } catch (const z3::exception&) {
    // a condition Z3 rejects is dropped (sound for finding errors: fewer assumptions)
  }
}

Sat PathSolver::check(Model* model) {
  auto t0 = std::chrono::steady_clock::now();
  Sat r = impl_->run(model);
  millis_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ++calls_;
  return r;
}

Sat PathSolver::can_violate(const sym::Cond& c, Model* model) { return can_hold(!c, model); }

Sat PathSolver::can_hold(const sym::Cond& c, Model* model) {
  impl_->push();
  add(c);
  Sat r = check(model);
  impl_->pop();
  return r;
}

std::optional<std::vector<std::size_t>> PathSolver::minimal_core(const std::vector<sym::Cond>& named) {
  auto t0 = std::chrono::steady_clock::now();
  Impl& m = *impl_;
  std::optional<std::vector<std::size_t>> out;
  m.push();
  try {
    // each condition behind a tracking literal, so that the core names conditions
    std::vector<z3::expr> track;
    for (std::size_t i = 0; i < named.size(); ++i) {
      track.push_back(m.ctx.bool_const(("core" + std::to_string(i)).c_str()));
      m.add(z3::implies(track.back(), m.assertion(named[i])));
    }
    auto unsat_with = [&](const std::vector<std::size_t>& keep) {
      z3::expr_vector a(m.ctx);
      for (auto i : keep) a.push_back(track[i]);
      ++calls_;
      return m.s.check(a) == z3::unsat;
    };
    std::vector<std::size_t> all(named.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    if (unsat_with(all)) {
      // Z3's core, then each member dropped in turn where the rest still conflict
      std::vector<std::size_t> core;
      const z3::expr_vector z = m.s.unsat_core();
      for (std::size_t i = 0; i < track.size(); ++i)
        for (unsigned k = 0; k < z.size(); ++k)
          if (z3::eq(z[k], track[i])) core.push_back(i);
      for (std::size_t k = 0; k < core.size();) {
        std::vector<std::size_t> rest = core;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(k));
        if (unsat_with(rest)) core = std::move(rest);
        else ++k;
      }
      out = std::move(core);
    }
  } catch (const z3::exception&) {
    out.reset();
  }
  m.pop();
  millis_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

void PathSolver::push() { impl_->push(); }
void PathSolver::pop() { impl_->pop(); }

}  // namespace tenscan::solver
