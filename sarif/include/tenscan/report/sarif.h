// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers: one run, every catalogue
// rule, GitHub-compatible fingerprints. See research ci-sarif.md §1 and §9 for each field.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

namespace tenscan::report {

inline constexpr std::string_view kInformationUri = "https://github.com/tenscan/tenscan";

struct SarifOptions {
  /// The project root; becomes run.originalUriBaseIds["%SRCROOT%"] as a file URI. Made
  /// absolute if relative; omitted when empty. Result URIs are always relative to it.
  std::filesystem::path project_root;
  /// run.automationDetails.id: "category/" (GitHub takes the text up to the last '/' as the
  /// category, §1.4). Empty: omitted.
  std::string automation_id = "tenscan/";
  /// Keep suppressed findings, marked `suppressions: [{"kind": "inSource"}]`. Off for GitHub,
  /// which ignores `suppressions` and would open alerts for them (§1.8).
  bool include_suppressed = false;
};

/// The SARIF log of a CI run (pretty-printed JSON, exactly one run). `sources` supplies file
/// text for the primaryLocationLineHash; files it cannot supply get no line hash (upload-sarif
/// computes one).
///
/// - results: the current findings in reporting order; partialFingerprints carry GitHub's
///   primaryLocationLineHash and "tenscanFinding/v1" = RunFinding::fingerprint; baselineState
///   ("new" / "unchanged") when a baseline was compared; Finding::steps as codeFlows (one
///   codeFlow, one threadFlow, a threadFlowLocation per step with executionOrder 1..n; GitHub's
///   "paths"; at most 1,000 steps: the first 999 and the last); properties: entries,
///   pathConditions, anchored. Absent (fixed) findings are never results: GitHub ignores baselineState and
///   would open alerts for them; they are listed in run.properties.tenscan.absent.
/// - invocations[0].executionSuccessful is true (the driver ran); each entry's notifications
///   become toolExecutionNotifications with properties.entry (and .args), and every entry that
///   was not analysed adds one notification "analysis/<status>" (error; warning for
///   timed-out) located at the entry file. A finding whose location is not project-relative is
///   left out with an "analysis/invalid-location" notification.
/// - run.properties.tenscan: entries [{path, args, status, detail, seconds, stats}],
///   baselineCompared, absent [{rule, level, message, location, fingerprint, entries}] (when
///   compared), baseRevision / headRevision (when known).
std::string render_sarif(const RunReport& run, const SourceLookup& sources, const SarifOptions& options);

/// `tenscan check`'s log: the result as a run of one entry (empty path, status Failed when the
/// result did not complete), rendered by render_sarif(RunReport) so the two cannot drift.
std::string render_sarif(const AnalysisResult& result, const SourceLookup& sources,
                         const SarifOptions& options);

/// Reads a log written by render_sarif(RunReport) back into a RunReport (for `tenscan merge`):
/// results become findings (Finding::identity is not stored, so it is empty; the fingerprint
/// is kept; codeFlows become the steps), run.properties.tenscan the entries, absent findings and revisions, and the
/// "analysis/<notification kind>" notifications the entries' notifications (the generated
/// per-entry status and invalid-location notifications are skipped: rendering regenerates
/// them). render_sarif(*read_sarif(render_sarif(r))) == render_sarif(r) for any run whose
/// findings have project-relative paths. nullopt and a reason in *error for anything else
/// (not JSON, not SARIF 2.1.0, not one tenscan run, unknown rule ids, mistyped fields).
std::optional<RunReport> read_sarif(std::string_view text, std::string* error = nullptr);

/// The documentation link of a rule: kInformationUri + "/blob/main/docs/rules.md#" + anchor,
/// where the anchor is GitHub's heading slug of the rule id ("shape/matmul-inner-dim" ->
/// "shapematmul-inner-dim").
std::string rule_help_uri(std::string_view rule_id);

/// A project-relative path as a relative URI reference ('/' separators, percent-encoded), or
/// nullopt if the path is empty, absolute, has a scheme or drive, or climbs out with "..".
std::optional<std::string> project_relative_uri(std::string_view path);

}  // namespace tenscan::report
