// The region of a declared hyperparameter space where a requirement fails (Refty's answer):
// every failing vector of the hyperparameters the requirement depends on, found one vector
// at a time in a small space (individual mode) or by all-SAT with blocking clauses (bulk mode), with the size of the space over them, then said in the
// user's names: "fails for --kernel = 7 (1 of its 3 values)", or for a large region its count,
// examples and the constraint that fails.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/finding.h"
#include "solver/solver.h"

namespace tenscan::findings {

/// Orders vectors value by value, integers by their number ("9" before "10"), others as text.
struct VectorLess {
  bool operator()(const std::vector<std::string>& a, const std::vector<std::string>& b) const;
};

struct SpaceRegion {
  std::vector<std::string> names;                 ///< the hyperparameters, in a fixed order
  std::vector<std::uint64_t> sizes;               ///< each one's number of values (0: too many)
  std::vector<std::vector<std::string>> domains;  ///< each one's values, when the space is small
  std::set<std::vector<std::string>, VectorLess> failing;  ///< failing vectors, values as the user writes them
  bool complete = true;                           ///< every failing vector is in `failing`
  std::uint64_t space = 1;                        ///< vectors of the declared space over `names` (0: too many to count)
  std::string constraint;                         ///< the requirement in the user's names
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

/// Adds what another path found of the same requirement (over the same hyperparameters).
void merge_region(SpaceRegion& into, const SpaceRegion& more);

/// Every vector of the declared space fails (a complete region over all of it).
bool fails_everywhere(const SpaceRegion& region);

/// The region as a finding carries it (Finding::region): every failing combination, or the
/// first 256 found.
SpaceRegionInfo region_info(const SpaceRegion& region);

/// The region in words, for a finding's message ("fails for ..."; of a piece of advice,
/// Requirement::advisory, "improper for ...").
std::string region_text(const SpaceRegion& region, bool advisory = false);

}  // namespace tenscan::findings
