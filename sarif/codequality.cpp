// The GitLab Code Quality reporter (choices in codequality.h).
#include "tenscan/report/codequality.h"

#include <algorithm>
#include <set>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/sarif.h"

namespace tenscan::report {

namespace {
const char* severity(Level l) {
  switch (l) {
    case Level::Error:
      return "critical";
    case Level::Warning:
      return "major";
    case Level::Note:
      return "info";
  }
  return "info";
}
}  // namespace

std::string render_codequality(const RunReport& run) {
  detail::Json issues = detail::Json::array();
  std::set<std::string> used;
  for (std::size_t index : detail::finding_order(run.findings)) {
    const RunFinding& rf = run.findings[index];
    const Finding& f = rf.finding;
    if (rf.suppressed || !project_relative_uri(f.location.path)) continue;
    const std::string base = rf.fingerprint.empty() ? detail::base_fingerprint(f) : rf.fingerprint;
    std::string fingerprint = base;
    for (int n = 2; !used.insert(fingerprint).second; ++n) fingerprint = base + "~" + std::to_string(n);
    const int begin = std::max(f.location.line, 1);
    detail::Json lines = {{"begin", begin}};
    if (f.location.end_line > begin) lines["end"] = f.location.end_line;
    issues.push_back(
        {{"type", "issue"},
         {"check_name", rule_info(f.rule).id},
         {"description", f.message.empty() ? std::string(rule_info(f.rule).short_description) : f.message},
         {"categories", {"Bug Risk"}},
         {"severity", severity(f.level)},
         {"fingerprint", fingerprint},
         {"location", {{"path", f.location.path}, {"lines", std::move(lines)}}}});
  }
  if (!run.failure.empty()) {
    // GitLab shows issues, not tool errors: the run's failure is one, on the file it is about
    const std::string path = project_relative_uri(run.failure_path) ? run.failure_path : std::string(".");
    issues.push_back({{"type", "issue"},
                      {"check_name", "analysis/run-failed"},
                      {"description", "tenscan could not analyse this change: " + run.failure},
                      {"categories", {"Bug Risk"}},
                      {"severity", "blocker"},
                      {"fingerprint", detail::fnv1a_hex("analysis/run-failed: " + run.failure)},
                      {"location", {{"path", path}, {"lines", {{"begin", 1}}}}}});
  }
  return detail::dump(issues, 2) + "\n";
}

}  // namespace tenscan::report
