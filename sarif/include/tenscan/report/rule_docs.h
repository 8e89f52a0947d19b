// The rule documentation: one Markdown page per rule of config/rules.def, with its example from
// config/rule_examples.def, as docs/rules.md holds them (`tenscan rules --markdown` writes the
// file, `tenscan rules --explain RULE` prints one page). Each page's heading is the rule id, so
// its GitHub anchor is the fragment of the rule's SARIF helpUri (rule_help_uri).
#pragma once

#include <functional>
#include <string>

#include "tenscan/core/rules.h"

namespace tenscan::report {

/// What tenscan says of a rule's bad example: its text output.
using ExampleReport = std::function<std::string(const RuleInfo&)>;

/// One rule's page: `## <id>`, its level, name, tags and precision, what it means, the bad
/// example with what tenscan reports and what running it does, and the fix with the fixed twin.
std::string rule_page(const RuleInfo& rule, const std::string& reported);
/// docs/rules.md: an index table, then every rule's page.
std::string rules_document(const ExampleReport& reported);
/// The anchor GitHub gives a Markdown heading (lower case; letters, digits, '-' and '_' kept;
/// spaces become '-'; everything else dropped).
std::string heading_anchor(const std::string& heading);

}  // namespace tenscan::report
