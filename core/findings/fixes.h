// Fixes of findings that edit the project's code (tenscan/core/finding.h's Fix): an operation's
// ArgumentFix (an argument of the call that built the layer) made into the replacement of that
// argument's text, or the insertion of `keyword=value`.
#pragma once

#include <optional>

#include "interp/state.h"
#include "ir/ir.h"
#include "tenscan/core/finding.h"

namespace tenscan::findings {

/// The fix `af` asks for in module `m` (the project file that holds the call), or nullopt when
/// the value is not one constant, the call is not where and what `af` says, or the argument
/// already has that value.
std::optional<Fix> argument_fix(const ir::Module& m, const interp::ArgumentFix& af);

}  // namespace tenscan::findings
