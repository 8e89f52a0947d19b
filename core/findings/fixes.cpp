// Fixes that edit an argument of a call (fixes.h).
#include "findings/fixes.h"

#include "python/call_args.h"

namespace tenscan::findings {
namespace {

// The byte offset of (line, byte column) in `source`; npos past its end.
std::size_t offset_of(const std::string& source, int line, int byte_col) {
  std::size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = source.find('\n', pos);
    if (pos == std::string::npos) return std::string::npos;
    ++pos;
  }
  pos += static_cast<std::size_t>(byte_col);
  return pos <= source.size() ? pos : std::string::npos;
}

// The ir::Loc position (1-based line, 0-based byte column) of byte offset `at`.
std::pair<int, int> position_of(const std::string& source, std::size_t at) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < at; ++i)
    if (source[i] == '\n') ++line, line_start = i + 1;
  return {line, static_cast<int>(at - line_start)};
}

}  // namespace

std::optional<ArgumentEdit> argument_fix(const ir::Module& m, const interp::ArgumentFix& af) {
  if (m.is_stub) return std::nullopt;
  std::string value = af.text;
  if (af.value) {
    auto c = af.value->as_const();
    if (!c) return std::nullopt;
    value = std::to_string(*c);
  }
  if (value.empty()) return std::nullopt;
  const std::size_t begin = offset_of(m.source, af.call.line, af.call.col);
  const std::size_t end = offset_of(m.source, af.call.end_line, af.call.end_col);
  if (begin == std::string::npos || end == std::string::npos || end <= begin) return std::nullopt;
  const std::string call = m.source.substr(begin, end - begin);
  auto site = python::call_argument(call, af.callee, af.position, af.keyword);
  if (!site) return std::nullopt;
  ArgumentEdit edit;
  if (site->present) {
    // (a name or a call in its place may be shared with other uses, a loop's layers, an
    // option: writing a number there would change them too)
    if (!site->literal) return std::nullopt;
    if (call.substr(site->begin, site->end - site->begin) == value) return std::nullopt;
    edit.text = value;
    edit.description = "set " + (af.keyword.empty() ? "the argument" : af.keyword) + " to " + value;
  } else {
    edit.text = std::string(site->prefix) + af.keyword + "=" + value;
    edit.description = "pass " + af.keyword + "=" + value;
  }
  const auto [line, col] = position_of(m.source, begin + site->begin);
  const auto [end_line, end_col] = position_of(m.source, begin + site->end);
  edit.where = ir::Loc{af.call.file, line, col, end_line, end_col};
  return edit;
}

}  // namespace tenscan::findings
