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

/// The exception a path (Flow::Raise or Exit) carries: its `message` attribute, "" if none.
std::string exception_message(const interp::State& st);
/// "TypeError: message" (or "TypeError"): the exception a path carries, for people.
std::string exception_text(const interp::Interpreter& in, const interp::State& st);

/// The completeness of a run from its final paths.
Completeness assess_completeness(const interp::Interpreter& in, const interp::States& finals, const RangeOf& range_of);

}  // namespace tenscan::findings
