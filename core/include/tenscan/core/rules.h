// The rule catalogue, expanded from config/rules.def (the single source of truth).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace tenscan {

enum class RuleId {
#define TENSCAN_RULE(ident, id, level, name, tags, precision, short_desc, full_desc, help) ident,
#include "rules.def"
#undef TENSCAN_RULE
};

struct RuleInfo {
  RuleId rule;
  std::string_view id;          ///< stable public id, e.g. "shape/matmul-inner-dim"
  std::string_view default_level;  ///< "error" | "warning" | "note"
  std::string_view name;        ///< PascalCase display name
  std::string_view tags;        ///< comma-separated
  std::string_view precision;   ///< "very-high" | "high" | "medium" | "low"
  std::string_view short_description;
  std::string_view full_description;
  std::string_view help_markdown;
};

/// A rule's minimal example (config/rule_examples.def): a program it reports, its fixed twin,
/// and what running the bad one does.
struct RuleExample {
  RuleId rule;
  std::string_view raises;  ///< the exception and message at run time, or what it computes
  std::string_view bad;     ///< a small program the rule reports
  std::string_view fixed;   ///< the same program fixed: nothing to report
};

std::span<const RuleInfo> all_rules();
/// The rule's example; every rule has one (tests/unit/core/rule_examples_test.cpp).
const RuleExample& rule_example(RuleId r);
const RuleInfo& rule_info(RuleId r);
std::optional<RuleId> rule_by_id(std::string_view id);

}  // namespace tenscan
