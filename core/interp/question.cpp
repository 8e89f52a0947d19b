// A requirement as a question to the solver (see question.h).
#include "interp/question.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "interp/interpreter.h"

namespace tenscan::interp {

std::string requirement_question(const Interpreter& in, const Requirement& r, const std::vector<sym::Cond>& context,
                                 sym::SymId young) {
  std::vector<sym::SymId> seeds = r.cond.symbols();
  for (auto id : r.guard.symbols()) seeds.push_back(id);
  // symbols are numbered by first appearance, with their kind in the low bits
  std::unordered_map<sym::SymId, std::uint64_t> names;
  sym::SymbolCoder canonical = [&](sym::SymId id) -> std::uint64_t {
    const SymKind kind = in.symbol(id).kind;
    const std::uint64_t k = kind == SymKind::Data ? 0 : kind == SymKind::Input ? 1 : 2;
    return names.emplace(id, names.size()).first->second << 2 | k;
  };
  sym::SymbolCoder anonymous = [](sym::SymId) -> std::uint64_t { return 0; };
  std::string key;
  r.cond.encode(key, canonical);
  r.guard.encode(key, canonical);
  // the cone in an order that does not depend on the symbols' names (ties keep the context's)
  std::vector<std::pair<std::string, sym::Cond>> cone;
  for (auto& c : sym::constraints_on(context, seeds, 0, young)) {
    std::string shape;
    c.encode(shape, anonymous);
    cone.emplace_back(std::move(shape), std::move(c));
  }
  std::stable_sort(cone.begin(), cone.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [shape, c] : cone) c.encode(key, canonical);
  return key;
}

}  // namespace tenscan::interp
