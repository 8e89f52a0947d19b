// Fingerprints: GitHub's primaryLocationLineHash (an exact port of codeql-action's
// src/fingerprints.ts, research ci-sarif.md §1.3 / Appendix D) and tenscan's own
// location-independent finding fingerprint.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/finding.h"

namespace tenscan::report {

/// primaryLocationLineHash for every line of a file's bytes (UTF-8): element i belongs to
/// line i + 1. As GitHub counts lines, a file ending in a newline has one more (empty) line.
std::vector<std::string> line_hashes(std::string_view text);

/// tenscan's fingerprint of a finding: 16 hex digits of the 64-bit FNV-1a hash of its rule id
/// and identity (rule id, path and message when the identity is empty). Contains no line
/// numbers, so it survives unrelated edits.
std::string finding_fingerprint(const Finding& finding);

}  // namespace tenscan::report
