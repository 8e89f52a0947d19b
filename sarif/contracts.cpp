// Module mode's contracts across a change (tenscan ci against a base revision): which models'
// contracts the change altered, added or removed.
#include <algorithm>
#include <map>
#include <tuple>

#include "tenscan/report/run.h"

namespace tenscan::report {

std::string contract_line(const ModuleContract& c) {
  std::string out = c.signature;
  auto add = [&](const char* word, const std::vector<std::string>& items) {
    for (const auto& x : items) out += std::string("; ") + word + " " + x;
  };
  add("requires", c.conditions);
  add("only if", c.fixed);
  add("accepts", c.examples);
  add("when", c.when);
  return out;
}

std::vector<ContractChange> contract_changes(const std::vector<EntryOutcome>& base, const std::vector<EntryOutcome>& head) {
  std::vector<ContractChange> out;
  for (const auto& h : head) {
    auto b = std::find_if(base.begin(), base.end(), [&](const EntryOutcome& e) { return e.path == h.path && e.args == h.args; });
    // (what could not be analysed on either side tells nothing of a change)
    if (h.status != EntryStatus::Analysed || (b != base.end() && b->status != EntryStatus::Analysed)) continue;
    // each model's contracts as lines, in the order the analysis gave them
    std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> lines;
    std::map<std::string, SourceRange> where;
    if (b != base.end())
      for (const auto& c : b->contracts) lines[c.module].first.push_back(contract_line(c));
    for (const auto& c : h.contracts) {
      lines[c.module].second.push_back(contract_line(c));
      where.try_emplace(c.module, c.where);
    }
    // (a file new in the change has no contracts to compare with: its models are not changes)
    if (b == base.end()) continue;
    for (auto& [module, both] : lines) {
      auto& [before, after] = both;
      std::sort(before.begin(), before.end());
      std::sort(after.begin(), after.end());
      if (before == after) continue;
      ContractChange c{h.path, module, where.count(module) ? where[module] : SourceRange{h.path, 0, 0, 0, 0}, before, after};
      out.push_back(std::move(c));
    }
  }
  std::sort(out.begin(), out.end(), [](const ContractChange& a, const ContractChange& b) {
    return std::tie(a.path, a.where.line, a.module) < std::tie(b.path, b.where.line, b.module);
  });
  return out;
}

}  // namespace tenscan::report
