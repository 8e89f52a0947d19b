// The data formats of configuration files a training script reads, each converted to the
// values the Python library that reads it would give (data_files.cpp dispatches on the format).
#pragma once

#include <optional>
#include <string>

#include "tenscan/core/analyze.h"

namespace tenscan::ci::detail {

/// (nesting deeper than this is refused: a hostile file must not exhaust the stack)
inline constexpr int kMaxDataDepth = 256;
/// (values made beyond this are refused: YAML aliases can make a small file expand without end)
inline constexpr std::size_t kMaxDataValues = 1'000'000;

/// A value of the file tenscan will not read (beyond its limits: nesting, size), the program
/// seeing an unknown rather than an error the real library would not raise.
inline DataValue unknown_data(std::string why) {
  DataValue v;
  v.kind = DataValue::Kind::Unknown;
  v.s = std::move(why);
  return v;
}

/// YAML as PyYAML's safe_load reads it: YAML 1.1's implicit types (`yes` is True, `1e-3` a
/// string, `0o7`... as PyYAML resolves them), merge keys, one document.
std::optional<DataValue> parse_yaml(const std::string& text, std::string& error);
/// TOML 1.0 as tomllib reads it (dates and times as their text).
std::optional<DataValue> parse_toml(const std::string& text, std::string& error);

}  // namespace tenscan::ci::detail
