// How the scalars several sides hold at one place join (see join.h).
#include "interp/join.h"

#include <algorithm>

namespace tenscan::interp {

namespace {

bool joinable_kind(VKind k) { return Value::choosable(k) || k == VKind::Bool; }

}  // namespace

std::optional<std::vector<VKind>> joinable_kinds(const std::vector<Value>& sides) {
  std::vector<VKind> kinds;
  for (const Value& v : sides)
    for (const Value& a : v.alternatives()) {
      if (!joinable_kind(a.kind)) return std::nullopt;
      if (std::find(kinds.begin(), kinds.end(), a.kind) == kinds.end()) kinds.push_back(a.kind);
    }
  std::sort(kinds.begin(), kinds.end());
  if (kinds.size() > 2 || (kinds.size() == 2 && !(Value::choosable(kinds[0]) && Value::choosable(kinds[1]))))
    return std::nullopt;
  return kinds;
}

bool choosable(const Value& x, const Value& y) {
  auto kinds = joinable_kinds({x, y});
  return kinds && kinds->size() == 2;
}

std::optional<Value> join_scalars(const ScalarJoin& how, const std::vector<Value>& sides) {
  if (sides.empty()) return std::nullopt;
  if (std::all_of(sides.begin(), sides.end(), [&](const Value& v) { return same_value(v, sides[0]); })) return sides[0];
  auto found = joinable_kinds(sides);
  if (!found) return std::nullopt;
  const std::vector<VKind>& kinds = *found;
  // the value the sides that hold kind k join to
  auto of_kind = [&](VKind k) -> std::optional<Value> {
    std::vector<Value> vals;
    std::size_t only = 0;
    for (std::size_t i = 0; i < sides.size(); ++i)
      for (const Value& a : sides[i].alternatives())
        if (a.kind == k) {
          vals.push_back(a);
          only = i;
        }
    if (vals.size() == 1) return how.one_sided ? how.one_sided(vals[0], only, sides) : vals[0];
    if (std::all_of(vals.begin(), vals.end(), [&](const Value& v) { return same_value(v, vals[0]); })) return vals[0];
    switch (k) {
      case VKind::Int:
        if (how.ints) return how.ints(vals);
        break;
      case VKind::Bool:
        if (how.bools) return how.bools(vals);
        break;
      case VKind::Float: {
        std::vector<domain::FloatRange> fs;
        for (const Value& v : vals) fs.push_back(v.f);
        if (how.floats) return Value::floating(how.floats(fs));
        domain::FloatRange r = domain::FloatRange::bottom();
        for (const auto& f : fs) r = r.join(f);
        return Value::floating(r);
      }
      default:
        return vals[0];  // (None)
    }
    return std::nullopt;
  };
  if (kinds.size() == 1) return of_kind(kinds[0]);
  if (!how.flag) return std::nullopt;
  std::vector<sym::Cond> whens;
  for (const Value& v : sides) {
    if (v.kind == VKind::Choice) whens.push_back(v.b);  // (its first alternative is the lower kind)
    else whens.push_back(sym::Cond::truth(v.kind == kinds[0]));
  }
  auto first = of_kind(kinds[0]), second = of_kind(kinds[1]);
  if (!first || !second) return std::nullopt;
  return Value::choice(how.flag(whens), *first, *second);
}

}  // namespace tenscan::interp
