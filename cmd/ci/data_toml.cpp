// TOML configuration files, parsed by toml++ (TOML 1.0, what tomllib reads) and given as
// tomllib gives them; dates and times as their TOML text (tomllib makes datetime objects), and
// a table's keys in sorted order (toml++ keeps tables sorted; tomllib keeps the file's order).
#include <sstream>

#include <toml++/toml.h>

#include "data_formats.h"

namespace tenscan::ci::detail {
namespace {

std::optional<DataValue> convert(const toml::node& n, int depth, std::string& error) {
  if (depth > kMaxDataDepth) {
    error = "nested more than " + std::to_string(kMaxDataDepth) + " levels deep";
    return std::nullopt;
  }
  DataValue v;
  if (const auto* t = n.as_table()) {
    v.kind = DataValue::Kind::Map;
    for (const auto& [key, value] : *t) {
      auto x = convert(value, depth + 1, error);
      if (!x) return std::nullopt;
      DataValue k;
      k.kind = DataValue::Kind::String;
      k.s = std::string(key.str());
      v.keys.push_back(std::move(k));
      v.items.push_back(std::move(*x));
    }
  } else if (const auto* a = n.as_array()) {
    v.kind = DataValue::Kind::List;
    for (const auto& item : *a) {
      auto x = convert(item, depth + 1, error);
      if (!x) return std::nullopt;
      v.items.push_back(std::move(*x));
    }
  } else if (const auto* s = n.as_string()) {
    v.kind = DataValue::Kind::String;
    v.s = s->get();
  } else if (const auto* i = n.as_integer()) {
    v.kind = DataValue::Kind::Int;
    v.i = i->get();
  } else if (const auto* f = n.as_floating_point()) {
    v.kind = DataValue::Kind::Float;
    v.f = f->get();
  } else if (const auto* b = n.as_boolean()) {
    v.kind = DataValue::Kind::Bool;
    v.b = b->get();
  } else {
    std::ostringstream text;  // a date, a time, a date-time
    n.visit([&](const auto& x) { text << x; });
    v.kind = DataValue::Kind::String;
    v.s = text.str();
  }
  return v;
}

}  // namespace

std::optional<DataValue> parse_toml(const std::string& text, std::string& error) {
  try {
    toml::table table = toml::parse(text);
    auto v = convert(table, 0, error);
    return v ? v : unknown_data("a TOML file tenscan did not read: " + error);  // (only nesting fails)
  } catch (const toml::parse_error& e) {
    const auto& at = e.source().begin;
    error = std::string(e.description()) + " (line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ")";
    return std::nullopt;
  }
}

}  // namespace tenscan::ci::detail
