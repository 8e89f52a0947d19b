// Fixes of findings that edit the project's code (tenscan/core/finding.h's Fix): an operation's
// ArgumentFix (an argument of the call that built the layer) made into the replacement of that
// argument's text, or the insertion of `keyword=value`; its CallRewrites (log(softmax(x)) made
// log_softmax(x)) into the replacement of the outermost call. Each is located like every other
// place in the program (an ir::Loc; the analyzer makes it a SourceRange as it does the others).
#pragma once

#include <optional>

#include "interp/state.h"
#include "ir/ir.h"
#include "tenscan/core/finding.h"

namespace tenscan::findings {

/// An edit of the program's text: `where` (empty: an insertion) becomes `text`.
struct SourceEdit {
  ir::Loc where;
  std::string text;
  std::string description;  ///< "set in_features to 21632", "pass drop_last=True"
};

/// The edit `af` asks for in module `m` (the project file that holds the call), or nullopt when
/// the value is not one constant, the call is not where and what `af` says, the argument is
/// passed as something other than literals (a name, a call: it may be shared with other uses)
/// or already has that value.
std::optional<SourceEdit> argument_fix(const ir::Module& m, const interp::ArgumentFix& af);

/// The one edit that makes the rewrites `rw` (calls in module `m`): the outermost call replaced
/// by what it keeps (its operand, or itself renamed) with the renames of the calls inside it
/// made. nullopt when a call is not where and what its rewrite says, has no one operand to
/// keep, or lies outside what the outermost keeps.
std::optional<SourceEdit> rewrite_fix(const ir::Module& m, const std::vector<interp::CallRewrite>& rw);

}  // namespace tenscan::findings
