// A requirement as a question to the solver (see question.h).
#include "interp/question.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>

#include "interp/interpreter.h"

namespace tenscan::interp {

std::size_t requirement_question(const Interpreter& in, const Requirement& r, const std::vector<sym::Cond>& context,
                                 sym::SymId young) {
  std::vector<sym::SymId> seeds = r.cond.symbols();
  for (auto id : r.guard.symbols()) seeds.push_back(id);
  std::unordered_map<sym::SymId, std::size_t> names;
  sym::SymbolNamer canonical = [&](sym::SymId id) {
    const char* kind = in.symbol(id).kind == SymKind::Data ? "d" : in.symbol(id).kind == SymKind::Input ? "i" : "p";
    return kind + std::to_string(names.emplace(id, names.size()).first->second);
  };
  sym::SymbolNamer anonymous = [](sym::SymId) { return std::string("?"); };
  std::string key = r.cond.str(canonical) + "|" + r.guard.str(canonical);
  std::vector<std::pair<std::string, sym::Cond>> cone;
  for (auto& c : sym::constraints_on(context, seeds, 0, young)) cone.emplace_back(c.str(anonymous), std::move(c));
  std::stable_sort(cone.begin(), cone.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [shape, c] : cone) key += "|" + c.str(canonical);
  return std::hash<std::string>{}(key);
}

}  // namespace tenscan::interp
