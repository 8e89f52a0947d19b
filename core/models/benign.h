// Unmodelled APIs that need no model: their results carry no tensor shape that the analysis
// could check (files, logs, plots, clocks, seeds, an RL environment's observations are data).
// They are counted apart from the unmodelled calls that may hide a shape error (--stats).
#pragma once

#include <string_view>

namespace tenscan::models {

/// Why `api` (a qualified name as the interpreter records it: "io.open", "import tqdm",
/// "time.time") needs no model: "I/O", "logging", "plotting", "timing", "configuration" or
/// "environment"; empty when it may matter for shapes.
[[nodiscard]] std::string_view benign_reason(std::string_view api);

}  // namespace tenscan::models
