// Keeping only the fixes that mend (fix_check.h).
#include "findings/fix_check.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

#include "tenscan/core/edits.h"

namespace tenscan::findings {
namespace {

using Key = std::tuple<RuleId, std::string, int>;  // a finding, across analyses of edited text
Key key_of(const Finding& f) { return {f.rule, f.location.path, f.location.line}; }

}  // namespace

void keep_fixes_that_hold(const SourceProvider& sources, AnalysisResult& result, const Reanalysis& again,
                          double seconds_each, double seconds_left) {
  // the distinct fixes, each with the findings that carry it (drop_last=True for several
  // failures of one last minibatch is one fix)
  std::vector<std::pair<const Fix*, std::vector<Finding*>>> fixes;
  for (auto& f : result.findings) {
    if (f.fixes.empty()) continue;
    auto same = std::find_if(fixes.begin(), fixes.end(), [&](const auto& e) { return *e.first == f.fixes[0]; });
    if (same == fixes.end()) fixes.push_back({&f.fixes[0], {&f}});
    else same->second.push_back(&f);
  }
  if (fixes.empty()) return;
  std::set<Key> before;
  for (const auto& f : result.findings) before.insert(key_of(f));
  const auto start = std::chrono::steady_clock::now();
  auto left = [&] {
    if (seconds_left <= 0) return std::numeric_limits<double>::infinity();
    return seconds_left - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto holds = [&](std::size_t first, std::size_t last) {
    // (an analysis needs about as long as the first one took; half as long again to be safe)
    if (left() < seconds_each * 1.5) return false;
    std::vector<const Fix*> applied;
    std::set<Key> mended;
    for (std::size_t i = first; i < last; ++i) {
      applied.push_back(fixes[i].first);
      for (const Finding* f : fixes[i].second) mended.insert(key_of(*f));
    }
    auto edited = apply_fixes(sources, applied);
    if (!edited) return false;
    EditedSource fixed(sources, std::move(*edited));
    auto r = again(fixed, std::isinf(left()) ? 0.0 : left());
    if (!r || !r->completed || r->completeness.complete != result.completeness.complete) return false;
    for (const auto& f : r->findings)
      if (mended.count(key_of(f)) != 0 || before.count(key_of(f)) == 0) return false;
    return true;
  };
  if (holds(0, fixes.size())) return;
  constexpr std::size_t kAlone = 4;
  std::vector<bool> keep(fixes.size(), false);
  for (std::size_t i = 0; i < fixes.size() && i < kAlone && fixes.size() > 1; ++i) keep[i] = holds(i, i + 1);
  for (std::size_t i = 0; i < fixes.size(); ++i)
    if (!keep[i])
      for (Finding* f : fixes[i].second) f->fixes.clear();
}

}  // namespace tenscan::findings
