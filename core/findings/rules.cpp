// Expands config/rules.def into the rule metadata table.
#include "tenscan/core/rules.h"

#include <array>

#include "tenscan/core/finding.h"

namespace tenscan {
namespace {
constexpr std::array kRules = {
#define TENSCAN_RULE(ident, id, level, name, tags, precision, short_desc, full_desc, help) \
  RuleInfo{RuleId::ident, id, level, name, tags, precision, short_desc, full_desc, help},
#include "rules.def"
#undef TENSCAN_RULE
};
// (the examples' programs begin after the newline that follows R"py(, and end with a newline)
constexpr std::string_view program(std::string_view text) { return text.substr(text.empty() || text[0] != '\n' ? 0 : 1); }
constexpr std::array kExamples = {
#define TENSCAN_RULE_EXAMPLE(ident, raises, bad, fixed) RuleExample{RuleId::ident, raises, program(bad), program(fixed)},
#include "rule_examples.def"
#undef TENSCAN_RULE_EXAMPLE
};
static_assert(kExamples.size() == kRules.size(), "config/rule_examples.def needs one example per rule of config/rules.def");
}  // namespace

std::span<const RuleInfo> all_rules() { return kRules; }

const RuleExample& rule_example(RuleId r) {
  for (const auto& e : kExamples)
    if (e.rule == r) return e;
  return kExamples[0];  // (unreachable: the static_assert and the test see to one per rule)
}

const RuleInfo& rule_info(RuleId r) { return kRules[static_cast<std::size_t>(r)]; }

std::optional<RuleId> rule_by_id(std::string_view id) {
  for (const auto& r : kRules)
    if (r.id == id) return r.rule;
  return std::nullopt;
}

const char* level_name(Level l) {
  switch (l) {
    case Level::Note: return "note";
    case Level::Warning: return "warning";
    case Level::Error: return "error";
  }
  return "error";
}

const char* notification_kind_name(Notification::Kind k) {
  switch (k) {
    case Notification::Kind::SyntaxError: return "syntax-error";
    case Notification::Kind::UnreadableFile: return "unreadable-file";
    case Notification::Kind::UnsupportedSyntax: return "unsupported-syntax";
    case Notification::Kind::UnmodelledCall: return "unmodelled-call";
    case Notification::Kind::Budget: return "budget";
    case Notification::Kind::Internal: return "internal-error";
    case Notification::Kind::Reveal: return "reveal";
    case Notification::Kind::ScriptExit: return "script-exit";
    case Notification::Kind::Unsupported: return "unsupported";
    case Notification::Kind::Configuration: return "configuration";
  }
  return "internal-error";
}

}  // namespace tenscan
