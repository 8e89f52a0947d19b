// GitLab Code Quality (artifacts:reports:codequality, research ci-sarif.md §3.1, §9): a JSON
// array, UTF-8 without BOM, one codeclimate issue per finding:
//   {"type": "issue", "check_name": RULE-ID, "description": MESSAGE, "categories": ["Bug Risk"],
//    "severity": ..., "fingerprint": ..., "location": {"path": ..., "lines": {"begin": N}}}
//
// - severity: error -> "critical", warning -> "major", note -> "info".
// - fingerprint: RunFinding::fingerprint (line-independent, so a finding that moves is not
//   reported as fixed + new). GitLab keeps one entry per fingerprint, so uniqueness is
//   enforced: a repeated or missing fingerprint gets a "~N" suffix / a computed one.
// - Suppressed findings are left out; so are findings whose path is not project-relative (one
//   invalid entry makes GitLab's parser drop every later entry).
// - With a baseline, every current finding is listed, not only new ones: GitLab's MR widget
//   computes new / fixed itself by diffing against the target branch's report.
#pragma once

#include <string>

#include "tenscan/report/run.h"

namespace tenscan::report {

/// The Code Quality report (pretty-printed JSON array, '\n'-terminated; "[]" when empty).
std::string render_codequality(const RunReport& run);

}  // namespace tenscan::report
