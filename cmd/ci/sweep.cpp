#include "tenscan/ci/sweep.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <sstream>

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

std::optional<std::int64_t> integer_of(const DataValue* v) {
  if (v && v->kind == DataValue::Kind::Int) return v->i;
  return std::nullopt;
}

// The values of a set, as tokens; nullopt when there are none, or one is not a number, string
// or boolean.
std::optional<std::vector<std::string>> tokens_of(std::span<const DataValue> items) {
  if (items.empty()) return std::nullopt;
  std::vector<std::string> out;
  for (const auto& v : items) {
    auto t = token_of(v);
    if (!t || t->empty() || t->find(',') != std::string::npos) return std::nullopt;
    out.push_back(*t);
  }
  return out;
}
// The same of a list (nullopt when it is not one).
std::optional<std::vector<std::string>> tokens_of(const DataValue* list) {
  if (!list || list->kind != DataValue::Kind::List) return std::nullopt;
  return tokens_of(std::span<const DataValue>(list->items));
}

SpaceParam set_param(const std::string& name, std::vector<std::string> values) {
  SpaceParam p;
  p.name = name;
  p.kind = SpaceParam::Kind::Set;
  p.values = std::move(values);
  return p;
}

SpaceParam range_param(const std::string& name, double lo, double hi, std::int64_t step) {
  if (lo > hi)
    throw ConfigError(name + ": the low bound " + exact_number_text(lo) + " is above the high bound " + exact_number_text(hi));
  SpaceParam p;
  p.name = name;
  p.kind = SpaceParam::Kind::Range;
  p.lo = lo;
  p.hi = hi;
  p.step = step;
  return p;
}

bool every_item_has(const DataValue& map, const char* key) {
  if (map.kind != DataValue::Kind::Map || map.items.empty()) return false;
  return std::all_of(map.items.begin(), map.items.end(), [&](const DataValue& v) { return entry(v, key) != nullptr; });
}

}  // namespace

std::vector<SpaceParam> optuna_space(const DataValue& space, std::vector<std::string>& skipped) {
  std::vector<SpaceParam> out;
  for (std::size_t i = 0; i < space.keys.size() && i < space.items.size(); ++i) {
    if (space.keys[i].kind != DataValue::Kind::String || space.keys[i].s.empty()) continue;
    const std::string& name = space.keys[i].s;
    const DataValue& spec = space.items[i];
    const DataValue* type = entry(spec, "type");
    const std::string t = type && type->kind == DataValue::Kind::String ? type->s : "";
    if (t == "categorical") {
      if (auto values = tokens_of(entry(spec, "choices"))) out.push_back(set_param(name, *values));
      else skipped.push_back(name + ": its choices are not numbers, strings or booleans");
      continue;
    }
    const auto lo = number_of(entry(spec, "low")), hi = number_of(entry(spec, "high"));
    if ((t != "int" && t != "float") || !lo || !hi) {
      skipped.push_back(name + ": not a categorical, int or float parameter with its bounds");
      continue;
    }
    if (t == "int") {
      const auto l = integer_of(entry(spec, "low")), h = integer_of(entry(spec, "high"));
      const std::int64_t step = integer_of(entry(spec, "step")).value_or(1);
      const DataValue* log = entry(spec, "log");
      if (!l || !h || step < 1 || (log && log->kind == DataValue::Kind::Bool && log->b && step != 1)) {
        skipped.push_back(name + ": an int parameter needs integer bounds and a positive integer step");
        continue;
      }
      out.push_back(range_param(name, static_cast<double>(*l), static_cast<double>(*h), step));
      continue;
    }
    out.push_back(range_param(name, *lo, *hi, 1));  // (a float step quantises within the interval)
  }
  return out;
}

std::vector<SpaceParam> nni_space(const DataValue& space, std::vector<std::string>& skipped) {
  std::vector<SpaceParam> out;
  for (std::size_t i = 0; i < space.keys.size() && i < space.items.size(); ++i) {
    if (space.keys[i].kind != DataValue::Kind::String || space.keys[i].s.empty()) continue;
    const std::string& name = space.keys[i].s;
    const DataValue* type = entry(space.items[i], "_type");
    const DataValue* value = entry(space.items[i], "_value");
    const std::string t = type && type->kind == DataValue::Kind::String ? type->s : "";
    if (t == "choice") {
      if (auto values = tokens_of(value)) out.push_back(set_param(name, *values));
      else skipped.push_back(name + ": its choices are not numbers, strings or booleans (nested spaces are not read)");
      continue;
    }
    const bool bounded = t == "randint" || t == "uniform" || t == "quniform" || t == "loguniform" || t == "qloguniform";
    if (!bounded || !value || value->kind != DataValue::Kind::List || value->items.size() < 2) {
      skipped.push_back(name + ": the type " + (t.empty() ? "(none)" : t) + " has no bounds the space can say");
      continue;
    }
    const auto lo = number_of(&value->items[0]), hi = number_of(&value->items[1]);
    if (!lo || !hi) {
      skipped.push_back(name + ": its bounds are not numbers");
      continue;
    }
    if (t == "randint") {
      // [lower, upper): integers
      const auto l = integer_of(&value->items[0]), h = integer_of(&value->items[1]);
      if (!l || !h || *h <= *l) {
        skipped.push_back(name + ": randint needs integer bounds lower < upper");
        continue;
      }
      out.push_back(range_param(name, static_cast<double>(*l), static_cast<double>(*h - 1), 1));
      continue;
    }
    out.push_back(range_param(name, *lo, *hi, 1));
  }
  return out;
}

std::vector<SpaceParam> space_file(const DataValue& file, std::vector<std::string>& skipped) {
  if (entry(file, "parameters")) return sweep_space(file, skipped);
  if (every_item_has(file, "_type")) return nni_space(file, skipped);
  if (every_item_has(file, "type")) return optuna_space(file, skipped);
  throw ConfigError("not a search space tenscan reads: a W&B sweep (\"parameters\"), an Optuna-style space (each "
                    "parameter with \"type\": int, float or categorical) or an NNI search space (\"_type\", \"_value\")");
}

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
    const DataValue* values = entry(spec, "values");
    const DataValue* value = entry(spec, "value");
    if (values || value) {
      auto tokens = values ? tokens_of(values) : tokens_of(std::span<const DataValue>(value, 1));
      if (tokens) out.push_back(set_param(name, std::move(*tokens)));
      else skip("its values are not numbers, strings or booleans");
      continue;
    }
    SpaceParam p;
    p.name = name;
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

namespace {

// The column range (1-based, end exclusive) of `key` where `line` has it as a mapping's key,
// quoted or not.
std::optional<std::pair<int, int>> key_in(const std::string& line, const std::string& key) {
  const auto start = line.find_first_not_of(" \t{,");
  if (start == std::string::npos) return std::nullopt;
  std::size_t at = start;
  const char quote = line[at] == '"' || line[at] == '\'' ? line[at] : 0;
  if (quote) ++at;
  if (line.compare(at, key.size(), key) != 0) return std::nullopt;
  std::size_t end = at + key.size();
  if (quote && (end >= line.size() || line[end++] != quote)) return std::nullopt;
  const auto colon = line.find_first_not_of(" \t", end);
  if (colon == std::string::npos || line[colon] != ':') return std::nullopt;
  return std::pair{static_cast<int>(start) + 1, static_cast<int>(end) + 1};
}

}  // namespace

void relate_space_file(AnalysisResult& result, const std::string& path, const std::string& text,
                       const std::vector<SpaceParam>& params) {
  // where each parameter is a key of the file, by its dest: the first such line after a
  // "parameters" key if the file has one
  std::vector<std::string> lines;
  std::stringstream ss(text);
  for (std::string line; std::getline(ss, line);) lines.push_back(line);
  std::size_t from = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (key_in(lines[i], "parameters")) {
      from = i + 1;
      break;
    }
  std::map<std::string, SourceRange> declared;
  for (const auto& p : params)
    for (std::size_t i = from; i < lines.size(); ++i)
      if (auto cols = key_in(lines[i], p.name)) {
        const int line = static_cast<int>(i) + 1;
        declared.emplace(option_dest(p.name), SourceRange{path, line, cols->first, line, cols->second});
        break;
      }
  for (auto& f : result.findings)
    for (const auto& h : f.region.hyperparameters)
      if (auto it = declared.find(option_dest(h)); it != declared.end())
        f.related.push_back({it->second, "the search space gives " + h + " its values here"});
}

}  // namespace tenscan::ci
