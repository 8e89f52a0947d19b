#include "tenscan/ci/sweep.h"

#include <cmath>

#include "tenscan/ci/config.h"

namespace tenscan::ci {
namespace {

const DataValue* entry(const DataValue& map, const std::string& key) {
  if (map.kind != DataValue::Kind::Map) return nullptr;
  for (std::size_t i = 0; i < map.keys.size() && i < map.items.size(); ++i)
    if (map.keys[i].kind == DataValue::Kind::String && map.keys[i].s == key) return &map.items[i];
  return nullptr;
}

// A scalar as the command-line token W&B passes for it (`--name=value`): Python's str().
std::optional<std::string> token_of(const DataValue& v) {
  switch (v.kind) {
    case DataValue::Kind::Bool: return v.b ? "True" : "False";
    case DataValue::Kind::Int: return std::to_string(v.i);
    case DataValue::Kind::Float: return exact_number_text(v.f);
    case DataValue::Kind::String: return v.s;
    default: return std::nullopt;
  }
}

std::optional<double> number_of(const DataValue* v) {
  if (!v) return std::nullopt;
  if (v->kind == DataValue::Kind::Int) return static_cast<double>(v->i);
  if (v->kind == DataValue::Kind::Float) return v->f;
  return std::nullopt;
}

}  // namespace

std::vector<SpaceParam> sweep_space(const DataValue& sweep, std::vector<std::string>& skipped) {
  const DataValue* params = entry(sweep, "parameters");
  if (!params || params->kind != DataValue::Kind::Map)
    throw ConfigError("not a W&B sweep configuration: it has no \"parameters\" mapping");
  std::vector<SpaceParam> out;
  for (std::size_t i = 0; i < params->keys.size() && i < params->items.size(); ++i) {
    const DataValue& key = params->keys[i];
    const DataValue& spec = params->items[i];
    if (key.kind != DataValue::Kind::String || key.s.empty()) continue;
    const std::string& name = key.s;
    auto skip = [&](const std::string& why) { skipped.push_back(name + ": " + why); };
    if (spec.kind != DataValue::Kind::Map) {
      skip("not a mapping");
      continue;
    }
    if (entry(spec, "parameters")) {
      skip("nested parameters are not read");
      continue;
    }
    SpaceParam p;
    p.name = name;
    const DataValue* values = entry(spec, "values");
    const DataValue* value = entry(spec, "value");
    if (values || value) {
      p.kind = SpaceParam::Kind::Set;
      std::vector<const DataValue*> items;
      if (values && values->kind == DataValue::Kind::List)
        for (const auto& v : values->items) items.push_back(&v);
      else if (value)
        items.push_back(value);
      bool ok = !items.empty();
      for (const DataValue* v : items) {
        auto t = token_of(*v);
        if (!t || t->empty() || t->find(',') != std::string::npos) ok = false;
        else p.values.push_back(*t);
      }
      if (!ok) {
        skip("its values are not numbers, strings or booleans");
        continue;
      }
      out.push_back(std::move(p));
      continue;
    }
    const DataValue* dist = entry(spec, "distribution");
    const std::string d = dist && dist->kind == DataValue::Kind::String ? dist->s : "";
    const auto lo = number_of(entry(spec, "min")), hi = number_of(entry(spec, "max"));
    const bool bounded = d.empty() || d == "int_uniform" || d == "uniform" || d == "q_uniform" ||
                         d == "log_uniform_values" || d == "q_log_uniform_values";
    if (!lo || !hi || !bounded) {
      skip(d.empty() ? "no values, value or min and max" : "the distribution " + d + " has no bounds the space can say");
      continue;
    }
    if (*lo > *hi) throw ConfigError("parameters." + name + ": min " + exact_number_text(*lo) + " is above max " + exact_number_text(*hi));
    p.kind = SpaceParam::Kind::Range;
    p.lo = *lo;
    p.hi = *hi;
    const bool integers = entry(spec, "min")->kind == DataValue::Kind::Int && entry(spec, "max")->kind == DataValue::Kind::Int;
    if (d == "q_uniform" && integers) {
      // round(X / q) * q: the multiples of q that min and max round to, and those between
      const double q = number_of(entry(spec, "q")).value_or(1.0);
      if (q < 1 || q != std::floor(q)) {
        skip("the step q of an integer range must be a positive integer");
        continue;
      }
      p.lo = std::round(*lo / q) * q;
      p.hi = std::round(*hi / q) * q;
      p.step = static_cast<std::int64_t>(q);
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace tenscan::ci
