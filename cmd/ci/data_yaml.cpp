// YAML configuration files, parsed by yaml-cpp and typed as PyYAML's SafeLoader types them:
// YAML 1.1's implicit resolvers for plain scalars, its tags, merge keys.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>
#include <set>

#include "data_formats.h"

namespace tenscan::ci::detail {
namespace {

// PyYAML's implicit resolvers (yaml/resolver.py), tried in its order on a plain scalar. (Made
// when first used: compiling them costs ~10 million instructions, which every tenscan process,
// one per analysed entry, paid at start-up when they were globals.)
enum class Resolver { Bool, Float, Int, Null };
const std::regex& resolver(Resolver r) {
  static const std::regex kBool(R"(^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$)");
  static const std::regex kFloat(
      R"(^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$)");
  static const std::regex kInt(
      R"(^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$)");
  static const std::regex kNull(R"(^(?:~|null|Null|NULL|)$)");
  switch (r) {
    case Resolver::Bool: return kBool;
    case Resolver::Float: return kFloat;
    case Resolver::Int: return kInt;
    case Resolver::Null: break;
  }
  return kNull;
}

constexpr const char* kTag = "tag:yaml.org,2002:";
// the tags SafeConstructor knows (binary, timestamp, omap, pairs and set are read as their
// text or their plain structure)
const std::set<std::string> kSafeTags{"null", "bool", "int", "float", "binary", "timestamp", "omap", "pairs",
                                      "set", "str", "seq", "map"};

DataValue scalar_string(std::string s) {
  DataValue v;
  v.kind = DataValue::Kind::String;
  v.s = std::move(s);
  return v;
}

// The digits of a number as PyYAML's constructors read them: '_' dropped, the sign apart.
std::string digits(const std::string& s, int& sign) {
  std::string d;
  for (char c : s)
    if (c != '_') d += c;
  sign = 1;
  if (!d.empty() && (d[0] == '-' || d[0] == '+')) {
    if (d[0] == '-') sign = -1;
    d.erase(0, 1);
  }
  return d;
}

// Base 60 (`1:30` is 90): the parts from the most significant.
template <typename T>
T sexagesimal(const std::string& d) {
  T value = 0;
  std::size_t at = 0;
  while (at <= d.size()) {
    std::size_t colon = d.find(':', at);
    std::string part = d.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
    value = value * 60 + static_cast<T>(std::strtod(part.c_str(), nullptr));
    if (colon == std::string::npos) break;
    at = colon + 1;
  }
  return value;
}

std::optional<DataValue> to_int(const std::string& text, std::string& error) {
  int sign = 1;
  std::string d = digits(text, sign);
  DataValue v;
  v.kind = DataValue::Kind::Int;
  try {
    long long n = 0;
    if (d == "0") n = 0;
    else if (d.starts_with("0b")) n = std::stoll(d.substr(2), nullptr, 2);
    else if (d.starts_with("0x")) n = std::stoll(d.substr(2), nullptr, 16);
    else if (d.find(':') != std::string::npos) n = sexagesimal<long long>(d);
    else if (d.size() > 1 && d[0] == '0') n = std::stoll(d, nullptr, 8);
    else n = std::stoll(d, nullptr, 10);
    v.i = sign * n;
  } catch (const std::out_of_range&) {
    // (Python's ints have no limit; tenscan's are 64-bit)
    v.kind = DataValue::Kind::Float;
    v.f = sign * std::strtod(d.c_str(), nullptr);
  } catch (const std::invalid_argument&) {
    error = "'" + text + "' is not an int";  // (`0b_`: PyYAML's int() fails on it too)
    return std::nullopt;
  }
  return v;
}

DataValue to_float(const std::string& text) {
  int sign = 1;
  std::string d = digits(text, sign);
  for (auto& c : d) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  DataValue v;
  v.kind = DataValue::Kind::Float;
  if (d == ".inf") v.f = sign * std::numeric_limits<double>::infinity();
  else if (d == ".nan") v.f = std::numeric_limits<double>::quiet_NaN();
  else if (d.find(':') != std::string::npos) v.f = sign * sexagesimal<double>(d);
  else v.f = sign * std::strtod(d.c_str(), nullptr);
  return v;
}

bool same_key(const DataValue& a, const DataValue& b) {
  if (a.kind != b.kind) {
    // 1 == 1.0 == True as dict keys
    auto num = [](const DataValue& x) -> std::optional<double> {
      if (x.kind == DataValue::Kind::Int) return static_cast<double>(x.i);
      if (x.kind == DataValue::Kind::Float) return x.f;
      if (x.kind == DataValue::Kind::Bool) return x.b ? 1.0 : 0.0;
      return std::nullopt;
    };
    auto x = num(a), y = num(b);
    return x && y && *x == *y;
  }
  switch (a.kind) {
    case DataValue::Kind::Null: return true;
    case DataValue::Kind::Bool: return a.b == b.b;
    case DataValue::Kind::Int: return a.i == b.i;
    case DataValue::Kind::Float: return a.f == b.f;
    case DataValue::Kind::String: return a.s == b.s;
    default: return false;  // (a list as a key is an error in Python; never equal here)
  }
}

class Converter {
 public:
  explicit Converter(std::string& error) : error_(error) {}

  std::optional<DataValue> value(const YAML::Node& n, int depth) {
    if (depth > kMaxDataDepth) return limit("nested more than " + std::to_string(kMaxDataDepth) + " levels deep");
    if (++made_ > kMaxDataValues)
      return limit("it makes more than " + std::to_string(kMaxDataValues) + " values (aliases expand it)");
    const std::string tag = n.Tag();
    if (!tag.empty() && tag != "?" && tag != "!" && !tag.starts_with(kTag))
      return fail("the tag " + tag + " is not one yaml.safe_load constructs");
    if (tag.starts_with(kTag) && !kSafeTags.count(tag.substr(std::char_traits<char>::length(kTag))))
      return fail("the tag " + tag + " is not one yaml.safe_load constructs");
    const std::string type = tag.starts_with(kTag) ? tag.substr(std::char_traits<char>::length(kTag)) : "";
    switch (n.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        return type == "str" ? scalar_string("") : DataValue{};
      case YAML::NodeType::Scalar: return scalar(n.Scalar(), tag, type);
      case YAML::NodeType::Sequence: {
        DataValue v;
        v.kind = DataValue::Kind::List;
        for (const auto& item : n) {
          auto x = value(item, depth + 1);
          if (!x) return std::nullopt;
          v.items.push_back(std::move(*x));
        }
        return v;
      }
      case YAML::NodeType::Map: return mapping(n, depth);
    }
    return DataValue{};
  }

 private:
  std::optional<DataValue> fail(std::string why) {
    error_ = std::move(why);
    return std::nullopt;
  }
  // beyond tenscan's limits, not an error of the file: the whole file becomes unknown
  std::optional<DataValue> limit(std::string why) {
    limited = true;
    return fail(std::move(why));
  }

 public:
  bool limited = false;

 private:

  std::optional<DataValue> scalar(const std::string& s, const std::string& tag, const std::string& type) {
    if (type == "str" || tag == "!") return scalar_string(s);  // quoted, or !!str
    if (type == "int") {
      if (!std::regex_match(s, resolver(Resolver::Int))) return fail("'" + s + "' is not an int");
      return to_int(s, error_);
    }
    if (type == "float") return to_float(s);
    if (type == "bool" || (type.empty() && std::regex_match(s, resolver(Resolver::Bool)))) {
      DataValue v;
      v.kind = DataValue::Kind::Bool;
      v.b = s == "yes" || s == "Yes" || s == "YES" || s == "true" || s == "True" || s == "TRUE" || s == "on" ||
            s == "On" || s == "ON";
      return v;
    }
    if (type == "null") return DataValue{};
    if (type == "binary") return unknown_data("a !!binary value of a YAML file");
    if (std::regex_match(s, resolver(Resolver::Float))) return to_float(s);
    if (std::regex_match(s, resolver(Resolver::Int))) return to_int(s, error_);
    if (std::regex_match(s, resolver(Resolver::Null))) return DataValue{};
    return scalar_string(s);  // (a timestamp too: PyYAML makes a datetime of it)
  }

  // A mapping, with PyYAML's merge keys: `<<: *defaults` (or a list of them, the first
  // winning) gives the entries the mapping does not set itself, before its own.
  std::optional<DataValue> mapping(const YAML::Node& n, int depth) {
    std::vector<std::pair<DataValue, DataValue>> merged, own;
    for (const auto& kv : n) {
      if (kv.first.IsScalar() && kv.first.Scalar() == "<<" && kv.first.Tag() == "?") {
        // (a YAML::Node assigned to another changes the node it refers to: no swaps here)
        std::vector<YAML::Node> sources;
        if (kv.second.IsSequence()) {
          for (std::size_t i = kv.second.size(); i > 0; --i) sources.push_back(kv.second[i - 1]);
        } else {
          sources.push_back(kv.second);
        }
        for (const auto& src : sources) {
          if (!src.IsMap()) return fail("a merge key (<<) takes a mapping or a list of mappings");
          auto m = value(src, depth + 1);
          if (!m) return std::nullopt;
          for (std::size_t i = 0; i < m->keys.size(); ++i) merged.emplace_back(m->keys[i], m->items[i]);
        }
        continue;
      }
      auto k = value(kv.first, depth + 1);
      if (!k) return std::nullopt;
      if (k->kind == DataValue::Kind::List || k->kind == DataValue::Kind::Map)
        return fail("a mapping's key is a " + std::string(k->kind == DataValue::Kind::List ? "list" : "mapping") +
                    " (unhashable in Python)");
      auto v = value(kv.second, depth + 1);
      if (!v) return std::nullopt;
      own.emplace_back(std::move(*k), std::move(*v));
    }
    // a dict built in order: a key set again keeps its place and takes the later value
    DataValue out;
    out.kind = DataValue::Kind::Map;
    for (auto* list : {&merged, &own})
      for (auto& entry : *list) {
        const DataValue& key = entry.first;
        auto at = std::find_if(out.keys.begin(), out.keys.end(), [&](const DataValue& x) { return same_key(x, key); });
        if (at != out.keys.end()) {
          out.items[static_cast<std::size_t>(at - out.keys.begin())] = std::move(entry.second);
        } else {
          out.keys.push_back(std::move(entry.first));
          out.items.push_back(std::move(entry.second));
        }
      }
    return out;
  }

  std::string& error_;
  std::size_t made_ = 0;
};

}  // namespace

std::optional<DataValue> parse_yaml(const std::string& text, std::string& error) {
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    error = e.what();
    return std::nullopt;
  }
  if (docs.size() > 1) {
    error = "expected a single document in the stream, but found another document";
    return std::nullopt;
  }
  if (docs.empty()) return DataValue{};
  try {
    Converter convert(error);
    auto v = convert.value(docs[0], 0);
    if (!v && convert.limited) return unknown_data("a YAML file tenscan did not read: " + error);
    return v;
  } catch (const YAML::Exception& e) {
    error = e.what();
    return std::nullopt;
  }
}

}  // namespace tenscan::ci::detail
