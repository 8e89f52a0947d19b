// Showing findings' fixes: the unified diff of `tenscan check --diff` and the lines a fix makes
// (tenscan/core/edits.h applies them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"

namespace tenscan::report {

/// The unified diff (`--- a/PATH`, `+++ b/PATH`, hunks with 3 lines of context) between two
/// versions of a file that differ only on the lines of `replacements` (as apply_replacements
/// made them); empty when they are equal.
std::string unified_diff(const std::string& path, const std::string& before, const std::string& after,
                         const std::vector<Replacement>& replacements);

/// The lines a fix edits, before and after (for a suggestion a reviewer applies, and the text
/// output's note): `first` is the first of them in `path`.
struct FixedLines {
  std::string path;
  int first = 0;
  std::vector<std::string> before, after;
};

/// The lines of `fix` (its replacements in one script file), nullopt when the file cannot be
/// read, the fix does not apply to it, or it is in a notebook (no line of the file to suggest).
std::optional<FixedLines> fixed_lines(const Fix& fix, const SourceLookup& sources);

}  // namespace tenscan::report
