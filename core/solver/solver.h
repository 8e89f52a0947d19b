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

namespace tenscan::solver {

enum class Sat { Sat, Unsat, Unknown };

/// A counterexample: values for the symbols that occur in the query.
using Model = std::map<sym::SymId, std::int64_t>;

class PathSolver {
 public:
  /// `rlimit`: Z3's resource limit per query (deterministic; 2 000 000 is about 2 s).
  explicit PathSolver(unsigned rlimit);
  /// A solver of its own (nothing added, nothing learnt) in `context_of`'s Z3 context, which
  /// costs less to make than the context (about 0.7 ms) and keeps only the terms both made.
  /// Never used on another thread than `context_of`.
  PathSolver(unsigned rlimit, const PathSolver& context_of);
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
