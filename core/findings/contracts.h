// Module mode's inferred contracts (AnalysisOptions::module_mode): from each forward a path
// returned from (Interpreter::checked_forwards), what the module requires of its arguments'
// dims and what it returns, and the dims that are usually free (batch, length, image size) but
// that it accepts one value of only (ShapeTracer's "works only if").
#pragma once

#include <vector>

#include "findings/completeness.h"
#include "solver/solver.h"

namespace tenscan::findings {

/// A dim a module accepts one value of only, and the operation whose requirement fixed it.
struct FixedDim {
  std::string module;     ///< "Net"
  std::string dim;        ///< "B"
  std::int64_t value = 0;
  std::string signature;  ///< the module's contract signature, for the message
  ir::Loc site;           ///< the requirement that first leaves it one value
  ir::Loc where;          ///< the class statement
};

struct Contracts {
  std::vector<ModuleContract> contracts;  ///< one per class and distinct contract, by class position
  std::vector<FixedDim> fixed;
};

/// (its solvers are made in `z3`, the analysis's Z3 context)
Contracts infer_contracts(const interp::Interpreter& in, solver::Context& z3, unsigned rlimit, const RangeOf& range_of);

}  // namespace tenscan::findings
