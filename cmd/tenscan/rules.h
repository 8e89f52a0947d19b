// `tenscan rules`: the rule catalogue as a list, JSON, one rule's page (--explain) or the whole
// documentation (--markdown, which is docs/rules.md).
#pragma once

#include <string>

namespace tenscan::cmd {

struct RulesArgs {
  bool json = false;
  bool markdown = false;
  std::string explain;  ///< a rule id; empty: none
};

/// Prints what `args` asks for; the exit status (2 for a rule id tenscan does not have).
int run_rules(const RulesArgs& args);

}  // namespace tenscan::cmd
