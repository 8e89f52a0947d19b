// Every rule's documented example (config/rule_examples.def, shown by docs/rules.md and
// `tenscan rules --explain`): the bad program is reported under that rule and no other, and its
// fixed twin is analysed completely with nothing to report.
#include "analysis_harness.h"

#include <set>

TEST_CASE("rule examples: each bad example is its rule's finding, each fixed twin is silent", "[rules][examples]") {
  std::set<tenscan::RuleId> seen;
  for (const auto& info : tenscan::all_rules()) {
    const tenscan::RuleExample& ex = tenscan::rule_example(info.rule);
    INFO("rule " << info.id);
    CHECK(ex.rule == info.rule);
    CHECK(seen.insert(ex.rule).second);
    CHECK_FALSE(ex.raises.empty());
    auto bad = tenscan_test::analyze_program(std::string(ex.bad));
    REQUIRE_FALSE(bad.result.findings.empty());
    for (const auto& f : bad.result.findings) CHECK(tenscan::rule_info(f.rule).id == info.id);
    auto fixed = tenscan_test::analyze_program(std::string(ex.fixed));
    CHECK(fixed.findings().empty());
    CHECK(fixed.result.completeness.complete);
  }
}
