#include "tenscan/ci/data_files.h"

#include <limits>

#include <nlohmann/json.hpp>

#include "data_formats.h"

namespace tenscan::ci {
namespace {

using Json = nlohmann::ordered_json;

using detail::kMaxDataDepth;

bool convert(const Json& j, DataValue& out, int depth, std::string& error) {
  if (depth > kMaxDataDepth) {
    error = "nested more than " + std::to_string(kMaxDataDepth) + " levels deep";
    return false;
  }
  switch (j.type()) {
    case Json::value_t::null: out.kind = DataValue::Kind::Null; return true;
    case Json::value_t::boolean: out.kind = DataValue::Kind::Bool; out.b = j.get<bool>(); return true;
    case Json::value_t::number_integer: out.kind = DataValue::Kind::Int; out.i = j.get<std::int64_t>(); return true;
    case Json::value_t::number_unsigned: {
      auto u = j.get<std::uint64_t>();
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        out.kind = DataValue::Kind::Int;
        out.i = static_cast<std::int64_t>(u);
      } else {
        out.kind = DataValue::Kind::Float;  // (Python would keep the int: tenscan's ints are 64-bit)
        out.f = static_cast<double>(u);
      }
      return true;
    }
    case Json::value_t::number_float: out.kind = DataValue::Kind::Float; out.f = j.get<double>(); return true;
    case Json::value_t::string: out.kind = DataValue::Kind::String; out.s = j.get<std::string>(); return true;
    case Json::value_t::array:
      out.kind = DataValue::Kind::List;
      for (const auto& x : j) {
        out.items.emplace_back();
        if (!convert(x, out.items.back(), depth + 1, error)) return false;
      }
      return true;
    case Json::value_t::object:
      out.kind = DataValue::Kind::Map;
      for (const auto& [k, v] : j.items()) {
        out.keys.emplace_back().kind = DataValue::Kind::String;
        out.keys.back().s = k;
        out.items.emplace_back();
        if (!convert(v, out.items.back(), depth + 1, error)) return false;
      }
      return true;
    default: error = "a value JSON does not have"; return false;
  }
}

}  // namespace

DataParser data_parser() {
  return [](const std::string& text, const std::string& format, std::string& error) -> std::optional<DataValue> {
    if (format == "yaml") return detail::parse_yaml(text, error);
    if (format == "toml") return detail::parse_toml(text, error);
    if (format != "json") {
      error = "tenscan does not read " + format + " files";
      return std::nullopt;
    }
    // (Python's json accepts NaN and Infinity; the file's own nesting limit is checked above)
    Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded()) {
      error = "the text is not valid JSON";
      return std::nullopt;
    }
    DataValue out;
    if (!convert(j, out, 0, error)) return detail::unknown_data("a JSON file tenscan did not read: " + error);
    return out;
  };
}

}  // namespace tenscan::ci
