// The parts of an entry's hyperparameter space as units of work, and their results joined.
#include "tenscan/ci/space_parts.h"

#include <algorithm>
#include <cmath>

#include "tenscan/ci/config.h"
#include "tenscan/core/space_region.h"
#include "tenscan/report/run.h"

namespace tenscan::ci {
namespace {

// How many values a --space text gives its option: a set's, a range of integers'; 0 when the
// text does not say (an option's choices, a float interval).
std::uint64_t values_given(const SpaceParam& p) {
  switch (p.kind) {
    case SpaceParam::Kind::Set: return p.values.size();
    case SpaceParam::Kind::Range:
      if (p.lo != std::floor(p.lo) || p.hi != std::floor(p.hi) || p.hi - p.lo > 1e15) return 0;
      return static_cast<std::uint64_t>((p.hi - p.lo) / static_cast<double>(p.step)) + 1;
    case SpaceParam::Kind::Choices: return 0;
  }
  return 0;
}

// The hyperparameter of `entry`'s space whose values are cut, and how many it has (0: unknown);
// nullopt when the space has none of that name, or no hyperparameter.
std::optional<std::pair<std::string, std::uint64_t>> split_of(const SelectedEntry& entry) {
  std::optional<std::pair<std::string, std::uint64_t>> best;
  for (const auto& text : entry.space) {
    const SpaceParam p = parse_space_option(text);  // (validated when the configuration was read)
    const std::uint64_t n = values_given(p);
    if (!entry.space_split.empty()) {
      if (option_dest(p.name) == option_dest(entry.space_split)) return std::pair{p.name, n};
      continue;
    }
    if (!best || n > best->second) best = std::pair{p.name, n};
  }
  return best;
}

}  // namespace

std::vector<SelectedEntry> space_units(const std::vector<SelectedEntry>& entries, std::vector<std::string>& notes) {
  std::vector<SelectedEntry> units;
  for (const auto& e : entries) {
    if (e.space_parts < 2) {
      units.push_back(e);
      continue;
    }
    const auto split = split_of(e);
    if (!split) {
      notes.push_back(e.path + ": space_parts is " + std::to_string(e.space_parts) + ", but " +
                      (e.space_split.empty() ? std::string("the entry's \"space\" is empty")
                                             : "its \"space\" has no hyperparameter " + e.space_split) +
                      ": analysed as one");
      units.push_back(e);
      continue;
    }
    int parts = e.space_parts;
    if (split->second > 0 && static_cast<std::uint64_t>(parts) > split->second) parts = static_cast<int>(split->second);
    for (int k = 1; k <= parts; ++k) {
      SelectedEntry unit = e;
      unit.part = {split->first, k, parts};
      units.push_back(std::move(unit));
    }
  }
  return units;
}

std::vector<std::pair<SelectedEntry, std::vector<std::size_t>>> entries_of_units(const std::vector<SelectedEntry>& units) {
  std::vector<std::pair<SelectedEntry, std::vector<std::size_t>>> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    SelectedEntry whole = units[i];
    whole.part = {};
    if (!out.empty() && out.back().first == whole && units[i].part.count > 0) {
      out.back().second.push_back(i);
      continue;
    }
    out.push_back({std::move(whole), {i}});
  }
  return out;
}

void join_part_finding(std::vector<Finding>& findings, Finding more) {
  for (auto& f : findings) {
    if (f.rule != more.rule || f.location != more.location) continue;
    if (f.message == more.message) {
      f.level = std::max(f.level, more.level);
      return;
    }
    // (one requirement of the operation over these hyperparameters; its message's example
    // values are the first part's, as those of the first path are within one analysis)
    if (f.region.hyperparameters == more.region.hyperparameters && join_region_findings(f, more)) return;
  }
  findings.push_back(std::move(more));
}

WorkerResult join_part_results(std::vector<WorkerResult> parts) {
  if (parts.empty()) return {};
  WorkerResult out = std::move(parts[0]);
  report::EntryOutcome whole;  // (status, notifications, statistics and completeness, joined as outcomes are)
  whole.status = out.status, whole.detail = out.detail, whole.notifications = out.result.notifications;
  whole.stats = out.result.stats, whole.completeness = out.result.completeness;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    WorkerResult& p = parts[i];
    for (auto& f : p.result.findings) join_part_finding(out.result.findings, std::move(f));
    report::EntryOutcome more;
    more.status = p.status, more.detail = std::move(p.detail), more.notifications = std::move(p.result.notifications);
    more.stats = std::move(p.result.stats), more.completeness = std::move(p.result.completeness);
    report::join_entry_parts(whole, std::move(more));
    out.seconds += p.seconds;
    out.result.completed = out.result.completed && p.result.completed;
    if (out.stderr_tail.empty()) out.stderr_tail = std::move(p.stderr_tail);
    if (p.exit_code > out.exit_code) out.exit_code = p.exit_code;
  }
  out.status = whole.status, out.detail = std::move(whole.detail);
  out.result.notifications = std::move(whole.notifications);
  out.result.stats = std::move(whole.stats), out.result.completeness = std::move(whole.completeness);
  return out;
}

}  // namespace tenscan::ci
