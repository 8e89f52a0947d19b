// Joining the parts of one entry's hyperparameter space analysed apart (tenscan ci's
// "space_parts", shards merged by tenscan merge): their statistics, completeness and outcomes.
#include <algorithm>
#include <set>

#include "tenscan/report/run.h"

namespace tenscan::report {
namespace {

template <class T>
void append_new(std::vector<T>& into, const std::vector<T>& more) {
  for (const auto& x : more)
    if (std::find(into.begin(), into.end(), x) == into.end()) into.push_back(x);
}

void add_counts(std::map<std::string, int>& into, const std::map<std::string, int>& more) {
  for (const auto& [k, n] : more) into[k] += n;
}

// How bad a status is for the entry as a whole: any part not analysed makes it so.
int severity(EntryStatus s) {
  switch (s) {
    case EntryStatus::Analysed: return 0;
    case EntryStatus::Failed: return 1;
    case EntryStatus::Cancelled: return 2;
    case EntryStatus::TimedOut: return 3;
    case EntryStatus::OutOfMemory: return 4;
    case EntryStatus::Crashed: return 5;
  }
  return 5;
}

}  // namespace

void join_stats(Stats& into, const Stats& more) {
  for (auto field : {&Stats::paths_explored, &Stats::paths_valid, &Stats::paths_invalid, &Stats::paths_dontknow,
                     &Stats::paths_unreachable, &Stats::paths_pruned, &Stats::paths_merged, &Stats::paths_joined,
                     &Stats::loops_widened, &Stats::objects_reclaimed, &Stats::assumptions, &Stats::solver_calls,
                     &Stats::requirements_checked, &Stats::requirements_online, &Stats::modules_loaded,
                     &Stats::statements_executed})
    into.*field += more.*field;
  into.solver_ms += more.solver_ms;
  add_counts(into.unmodelled_calls, more.unmodelled_calls);
  add_counts(into.benign_calls, more.benign_calls);
  add_counts(into.unsupported, more.unsupported);
  add_counts(into.operations, more.operations);
}

void join_completeness(Completeness& into, const Completeness& more) {
  into.complete = into.complete && more.complete;
  into.paths_completed += more.paths_completed;
  into.paths_stopped += more.paths_stopped;
  for (const auto& c : more.causes) {
    auto same = std::find_if(into.causes.begin(), into.causes.end(),
                             [&](const Completeness::Cause& e) { return e.what == c.what && e.location == c.location; });
    if (same != into.causes.end()) same->paths += c.paths;
    else into.causes.push_back(c);
  }
  std::stable_sort(into.causes.begin(), into.causes.end(),
                   [](const Completeness::Cause& a, const Completeness::Cause& b) { return a.paths > b.paths; });
  // (the parts run the same program: the share checked is the smaller one)
  if (more.statements_reached > 0 &&
      (into.statements_reached == 0 || more.coverage() < into.coverage())) {
    into.statements_reached = more.statements_reached;
    into.statements_checked = more.statements_checked;
  }
  auto by_line = [](const Completeness::Lines& a, const Completeness::Lines& b) {
    return std::tie(a.path, a.line, a.end_line) < std::tie(b.path, b.line, b.end_line);
  };
  append_new(into.unchecked, more.unchecked);
  std::sort(into.unchecked.begin(), into.unchecked.end(), by_line);
  append_new(into.executed, more.executed);
  std::sort(into.executed.begin(), into.executed.end(), by_line);
}

void join_entry_parts(EntryOutcome& into, EntryOutcome more) {
  if (severity(more.status) > severity(into.status)) {
    into.status = more.status;
    into.detail = std::move(more.detail);
  }
  append_new(into.notifications, more.notifications);
  join_stats(into.stats, more.stats);
  join_completeness(into.completeness, more.completeness);
  into.seconds += more.seconds;
  std::set<int> parts(into.space_parts.begin(), into.space_parts.end());
  parts.insert(more.space_parts.begin(), more.space_parts.end());
  into.space_parts.assign(parts.begin(), parts.end());
}

}  // namespace tenscan::report
