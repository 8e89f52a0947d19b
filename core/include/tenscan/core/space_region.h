// A finding's region of a declared hyperparameter space in words, and the join of the regions
// that parts of one space found (Refty's sub-spaces: tenscan ci's space_parts, shards merged by
// tenscan merge).
#pragma once

#include <string>
#include <vector>

#include "tenscan/core/finding.h"

namespace tenscan {

/// Orders vectors value by value, integers by their number ("9" before "10"), others as text.
struct VectorLess {
  bool operator()(const std::vector<std::string>& a, const std::vector<std::string>& b) const;
};

/// The region in words, as a finding's message says it in parentheses: "fails for --kernel in
/// {5, 7}: 2 of its 3 values in the declared space", "improper for ..." (advice), or for a
/// large region its count, examples and the constraint that fails.
std::string region_text(const SpaceRegionInfo& region);

/// Every vector of the declared space fails (a complete region over all of it).
bool fails_everywhere(const SpaceRegionInfo& region);

/// Adds the failing vectors another part of the space found of the same requirement; false
/// (nothing changed) when the regions are over different hyperparameters.
bool join_regions(SpaceRegionInfo& into, const SpaceRegionInfo& more);

/// Joins finding `more`, the same requirement at the same operation found in another part of
/// the space, into `into`: its region becomes the join, its message (and the last step's) says
/// the joined region, and its level is an error again when the join is the whole space. False
/// when either has no region or they are over different hyperparameters.
bool join_region_findings(Finding& into, const Finding& more);

}  // namespace tenscan
