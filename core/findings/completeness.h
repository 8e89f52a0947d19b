// Whether the analysis of an entry checked the whole program: which paths reached the end,
// what stopped the others, and which project lines no completed path executed (the verdict
// honesty of DESIGN.md: "no issues found" only of a complete analysis).
#pragma once

#include <functional>
#include <optional>

#include "interp/interpreter.h"
#include "tenscan/core/finding.h"

namespace tenscan::findings {

/// A project-code location as a finding's range (nullopt outside the project's code).
using RangeOf = std::function<std::optional<SourceRange>(const ir::Loc&)>;

/// The completeness of a run from its final paths. `exception_text(st)` describes the
/// uncaught exception a path ended with ("TypeError: ...").
Completeness assess_completeness(const interp::Interpreter& in, const interp::States& finals, const RangeOf& range_of,
                                 const std::function<std::string(const interp::State&)>& exception_text);

}  // namespace tenscan::findings
