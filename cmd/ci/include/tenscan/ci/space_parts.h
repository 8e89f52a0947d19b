// The parts of an entry's hyperparameter space (Refty's sub-spaces): an entry whose
// "space_parts" is N runs as N units of work, each checking the space with one hyperparameter's
// values cut to its part (tenscan check --space-part), in parallel with --jobs and across
// runners with --shard; the units' results join into the entry's.
#pragma once

#include <string>
#include <vector>

#include "tenscan/ci/driver.h"
#include "tenscan/ci/workers.h"

namespace tenscan::ci {

/// The units of work of `entries`, in order: an entry with space_parts > 1 becomes one unit per
/// part (SelectedEntry::part), of the hyperparameter its space_split names or else the one of
/// its space with the most values (a set, or a range of integers; an option's choices when no
/// other is known), and at most as many parts as it has values. `notes`: why an entry asked for
/// parts was not split.
std::vector<SelectedEntry> space_units(const std::vector<SelectedEntry>& entries, std::vector<std::string>& notes);

/// The entries of `units` (each entry once, in order) and, per entry, the indices of its units.
std::vector<std::pair<SelectedEntry, std::vector<std::size_t>>> entries_of_units(const std::vector<SelectedEntry>& units);

/// One entry's result from the results of its parts, in part order: findings of the same
/// requirement at the same operation joined (their regions, messages and levels:
/// join_region_findings), the rest kept once; notifications once each; statistics summed; the
/// analysis complete if every part's was; the status the worst part's.
WorkerResult join_part_results(std::vector<WorkerResult> parts);

/// Joins `more`, a finding another part of the same entry's space reported, into `findings`:
/// into the same requirement's finding at the same operation, or as a new finding.
void join_part_finding(std::vector<Finding>& findings, Finding more);

}  // namespace tenscan::ci
