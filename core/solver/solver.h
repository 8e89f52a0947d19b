// Z3 as a budgeted oracle for one path's constraints (PyTea Algorithm 1, thesis §3.3.2):
// unreachable when the hard constraints are unsatisfiable, otherwise each requirement in
// order is checked for a counterexample under the hard constraints and the earlier
// requirements. "unknown" from Z3 is the dontknow verdict, never an error.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "symbolic/expr.h"

namespace z3 {
class context;
}

namespace tenscan::solver {

enum class Sat { Sat, Unsat, Unknown };

/// A counterexample: values for the symbols that occur in the query.
using Model = std::map<sym::SymId, std::int64_t>;

/// The Z3 context in which solvers make their terms, made when the first of them needs it.
/// Z3 4.8.12 takes a few milliseconds to make a context and as long to free one (it fills two
/// hash tables of half a million cells each): more than the handful of linear queries most
/// questions ask (a torchvision model file asks two dozen, in 9 ms together, and spent 14 % of
/// its time on a context per question). So an analysis keeps one for its linear questions, and
/// each gets a solver of its own in it: nothing asserted or learnt passes from one to the
/// next, only the terms are shared. A question with a nonlinear condition (see `linear`) gets a
/// context of its own, as every question had before: Z3's nonlinear reasoning at the resource
/// limit is chaotic, and in a context that other questions had used, two such queries of
/// vision_transformer took 9.8 s instead of 3.6 s to give up. Its solvers keep a context
/// alive; never used on two threads.
class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

 private:
  friend class PathSolver;
  std::shared_ptr<z3::context> z3_;
};

/// Whether PathSolver decides `c` with Z3's SMT core alone: no product of symbols, no division
/// or modulo by one.
bool linear(const sym::Cond& c);
bool linear(const std::vector<sym::Cond>& cs);  ///< each of them

class PathSolver {
 public:
  /// `rlimit`: Z3's resource limit per query (deterministic; 2 000 000 is about 2 s).
  /// A solver of its own (nothing added, nothing learnt) in `context`.
  PathSolver(unsigned rlimit, Context& context);
  /// ... in a context of its own.
  explicit PathSolver(unsigned rlimit);
  ~PathSolver();
  PathSolver(const PathSolver&) = delete;
  PathSolver& operator=(const PathSolver&) = delete;

  void add(const sym::Cond& c);
  /// Is the conjunction of everything added satisfiable?
  Sat check(Model* model = nullptr);
  /// Can `c` be false given everything added? (checks with c negated, then retracts it)
  Sat can_violate(const sym::Cond& c, Model* model);
  /// Can `c` be true given everything added? (checks with c added, then retracts it)
  Sat can_hold(const sym::Cond& c, Model* model);
  /// A minimal unsat core (Refty's explanation of a failing vector): of the conditions
  /// `named`, a smallest-by-deletion subset that, with everything added, is unsatisfiable
  /// (indices into `named`, ascending); nullopt when all of them together are satisfiable or
  /// the solver cannot decide.
  std::optional<std::vector<std::size_t>> minimal_core(const std::vector<sym::Cond>& named);
  /// A scope for temporary constraints (pop retracts what was added since the push).
  void push();
  void pop();
  [[nodiscard]] int calls() const { return calls_; }
  [[nodiscard]] double millis() const { return millis_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int calls_ = 0;
  double millis_ = 0;
};

}  // namespace tenscan::solver
