// Applying findings' fixes to source text (`tenscan check --fix`) and showing them as a unified
// diff (`--diff`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tenscan/core/finding.h"

namespace tenscan::report {

/// `source` with the replacements made (each range in 1-based code-point columns, end
/// exclusive; all in this file; the same edit twice is made once). nullopt when a range is not in
/// the text or two overlap.
std::optional<std::string> apply_replacements(const std::string& source, std::vector<Replacement> replacements);

/// The unified diff (`--- a/PATH`, `+++ b/PATH`, hunks with 3 lines of context) between two
/// versions of a file that differ only on the lines of `replacements` (as apply_replacements
/// made them); empty when they are equal.
std::string unified_diff(const std::string& path, const std::string& before, const std::string& after,
                         const std::vector<Replacement>& replacements);

}  // namespace tenscan::report
