// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers: one run, every catalogue
// rule, GitHub-compatible fingerprints. See research ci-sarif.md §1 and §9 for each field.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"

namespace tenscan::report {

inline constexpr std::string_view kInformationUri = "https://github.com/tenscan/tenscan";

struct SarifOptions {
  /// The project root; becomes run.originalUriBaseIds["%SRCROOT%"] as a file URI. Made
  /// absolute if relative; omitted when empty. Result URIs are always relative to it.
  std::filesystem::path project_root;
  /// run.automationDetails.id: "category/" (GitHub takes the text up to the last '/' as the
  /// category, §1.4). Empty: omitted.
  std::string automation_id = "tenscan/";
};

/// The SARIF log (pretty-printed JSON). `sources` supplies file text for the
/// primaryLocationLineHash; files it cannot supply get no line hash (upload-sarif computes one).
std::string render_sarif(const AnalysisResult& result, const SourceLookup& sources,
                         const SarifOptions& options);

/// The documentation link of a rule: kInformationUri + "/blob/main/docs/rules.md#" + anchor,
/// where the anchor is GitHub's heading slug of the rule id ("shape/matmul-inner-dim" ->
/// "shapematmul-inner-dim").
std::string rule_help_uri(std::string_view rule_id);

/// A project-relative path as a relative URI reference ('/' separators, percent-encoded), or
/// nullopt if the path is empty, absolute, has a scheme or drive, or climbs out with "..".
std::optional<std::string> project_relative_uri(std::string_view path);

}  // namespace tenscan::report
