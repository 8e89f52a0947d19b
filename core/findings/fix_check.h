// A fix is offered only where it mends: the program as the fix makes it analyses as completely
// as before, without the finding it fixes and without a new one. (A view's size mended whose
// next Linear was built for the old one would break that Linear; the layer of a loop built at
// one call would change for every iteration.)
#pragma once

#include <functional>
#include <optional>

#include "tenscan/core/analyze.h"

namespace tenscan::findings {

/// Analyses the entry again, from another view of the project, within `seconds` (0: no limit);
/// nullopt when it could not.
using Reanalysis = std::function<std::optional<AnalysisResult>(const SourceProvider& sources, double seconds)>;

/// Drops the fixes of `result`'s findings that do not hold. All are tried together first; when
/// they fail, each distinct fix alone (up to four), while `seconds_left` allows another analysis
/// as long as `seconds_each` (the first one's); the others are dropped, as are all of them when
/// time is short.
void keep_fixes_that_hold(const SourceProvider& sources, AnalysisResult& result, const Reanalysis& again,
                          double seconds_each, double seconds_left);

}  // namespace tenscan::findings
