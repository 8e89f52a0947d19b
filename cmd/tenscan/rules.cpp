// `tenscan rules` (rules.h).
#include "rules.h"

#include <iostream>
#include <nlohmann/json.hpp>

#include "tenscan/ci/notebook.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/rule_docs.h"
#include "tenscan/report/text.h"

namespace tenscan::cmd {
namespace {

// What `tenscan check example.py` prints of a rule's bad example: the analyzer run on it.
std::string example_report(const RuleInfo& rule) {
  const std::string file = "example.py";
  MemorySource sources(std::map<std::string, std::string>{{file, std::string(rule_example(rule.rule).bad)}});
  const AnalysisResult result = analyze(sources, file, AnalysisOptions{});
  report::TextOptions options;
  options.entry = file;
  return report::render_text(result, ci::source_lookup(sources), options);
}

}  // namespace

int run_rules(const RulesArgs& args) {
  if (!args.explain.empty()) {
    auto id = rule_by_id(args.explain);
    if (!id) {
      std::cerr << "tenscan: error: no rule is called '" << report::printable(args.explain)
                << "' (`tenscan rules` lists them)\n";
      return 2;
    }
    const RuleInfo& info = rule_info(*id);
    std::cout << report::rule_page(info, example_report(info));
    return 0;
  }
  if (args.markdown) {
    std::cout << report::rules_document(example_report);
    return 0;
  }
  if (args.json) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : all_rules()) {
      const RuleExample& ex = rule_example(r.rule);
      arr.push_back({{"id", r.id},
                     {"name", r.name},
                     {"level", r.default_level},
                     {"tags", r.tags},
                     {"precision", r.precision},
                     {"short", r.short_description},
                     {"full", r.full_description},
                     {"help", r.help_markdown},
                     {"example", {{"bad", ex.bad}, {"fixed", ex.fixed}, {"raises", ex.raises}}}});
    }
    std::cout << arr.dump(2) << "\n";
    return 0;
  }
  for (const auto& r : all_rules()) std::cout << r.id << "  [" << r.default_level << "]  " << r.short_description << "\n";
  return 0;
}

}  // namespace tenscan::cmd
