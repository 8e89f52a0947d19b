// The region of a declared hyperparameter space where a requirement fails (Refty's answer):
// every failing vector of the hyperparameters the requirement depends on, found one vector
// at a time in a small space (individual mode) or by all-SAT with blocking clauses (bulk mode), with the size of the space over them, then said in the
// user's names (tenscan/core/space_region.h says it in words).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/finding.h"
#include "tenscan/core/space_region.h"
#include "solver/solver.h"

namespace tenscan::findings {

struct SpaceRegion {
  SpaceRegionInfo info;  ///< the region (failing vectors in VectorLess order)
  /// Where each hyperparameter is declared (its add_argument), with the size of its domain,
  /// for the finding's related locations.
  std::vector<std::pair<ir::Loc, std::string>> declared;
};

/// The failing vectors of requirement `cond` over the hyperparameters of a declared space it
/// depends on, in what solver `s` holds (the path's constraints, the earlier requirements);
/// nullopt when it depends on other user inputs too (an option under --symbolic-args), or on
/// none of the space. `s` is left as it was (it may be null when `cond` has no symbols).
/// `fixed`: the choices of non-integer hyperparameters that this path took (Interpreter's
/// one_of: each path takes one value), appended to every vector, so that the regions of the
/// paths join into one over all of them.
/// `mode`: individual (a solver scope per vector: one the solver cannot decide costs only
/// itself), bulk (all-SAT with blocking clauses), or chosen by the size of the space.
std::optional<SpaceRegion> space_region(const interp::Interpreter& in, solver::PathSolver* s, const sym::Cond& cond,
                                        const std::vector<std::pair<sym::SymId, std::int64_t>>& fixed,
                                        SpaceSolving mode = SpaceSolving::Auto);
/// The choices of non-integer hyperparameters that path `st` took.
std::vector<std::pair<sym::SymId, std::int64_t>> fixed_choices(const interp::Interpreter& in, const interp::State& st);

}  // namespace tenscan::findings
