// Fixes that edit an argument of a call (fixes.h).
#include "findings/fixes.h"

#include <algorithm>

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

// The text of `loc` in `source`, as byte offsets; nullopt when it is not in it.
std::optional<std::pair<std::size_t, std::size_t>> span_of(const std::string& source, const ir::Loc& loc) {
  const std::size_t begin = offset_of(source, loc.line, loc.col);
  const std::size_t end = offset_of(source, loc.end_line, loc.end_col);
  if (begin == std::string::npos || end == std::string::npos || end <= begin) return std::nullopt;
  return std::make_pair(begin, end);
}

}  // namespace

std::optional<SourceEdit> rewrite_fix(const ir::Module& m, const std::vector<interp::CallRewrite>& rw) {
  if (m.is_stub || rw.empty()) return std::nullopt;
  struct Call {
    std::size_t begin, end;
    python::CallParts parts;  // (absolute offsets)
    const interp::CallRewrite* rewrite;
  };
  std::vector<Call> calls;
  for (const auto& r : rw) {
    if (r.call.file != rw[0].call.file) return std::nullopt;
    auto span = span_of(m.source, r.call);
    if (!span) return std::nullopt;
    auto parts = python::call_parts(std::string_view(m.source).substr(span->first, span->second - span->first), r.callee);
    if (!parts || (r.rename.empty() && parts->operand_end == 0)) return std::nullopt;
    for (auto* at : {&parts->name_begin, &parts->name_end, &parts->operand_begin, &parts->operand_end}) *at += span->first;
    calls.push_back({span->first, span->second, *parts, &r});
  }
  std::sort(calls.begin(), calls.end(), [](const Call& a, const Call& b) { return a.begin < b.begin || (a.begin == b.begin && a.end > b.end); });
  const Call& outer = calls[0];
  const bool unwrap = outer.rewrite->rename.empty();
  const std::size_t keep_begin = unwrap ? outer.parts.operand_begin : outer.begin;
  const std::size_t keep_end = unwrap ? outer.parts.operand_end : outer.end;
  // the renames inside what is kept, last first
  std::vector<const Call*> renames;
  if (!unwrap) renames.push_back(&outer);
  for (std::size_t i = 1; i < calls.size(); ++i) {
    if (calls[i].rewrite->rename.empty() || calls[i].begin < keep_begin || calls[i].end > keep_end) return std::nullopt;
    renames.push_back(&calls[i]);
  }
  std::sort(renames.begin(), renames.end(), [](const Call* a, const Call* b) { return a->parts.name_begin > b->parts.name_begin; });
  std::string text = m.source.substr(keep_begin, keep_end - keep_begin);
  for (const Call* c : renames) text.replace(c->parts.name_begin - keep_begin, c->parts.name_end - c->parts.name_begin, c->rewrite->rename);
  const std::string before = m.source.substr(outer.begin, outer.end - outer.begin);
  SourceEdit edit;
  edit.text = text;
  edit.description = before.size() <= 60 && text.size() <= 60 && before.find('\n') == std::string::npos
                         ? "replace `" + before + "` with `" + text + "`"
                         : "use " + renames.front()->rewrite->rename;
  const auto [line, col] = position_of(m.source, outer.begin);
  const auto [end_line, end_col] = position_of(m.source, outer.end);
  edit.where = ir::Loc{outer.rewrite->call.file, line, col, end_line, end_col};
  return edit;
}

std::optional<SourceEdit> argument_fix(const ir::Module& m, const interp::ArgumentFix& af) {
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
  SourceEdit edit;
  if (site->present) {
    // (a name or a call in its place may be shared with other uses, a loop's layers, an
    // option: writing a number there would change them too)
    if (!site->literal) return std::nullopt;
    if (call.substr(site->begin, site->end - site->begin) == value) return std::nullopt;
    edit.text = value;
    edit.description = "set " + (!af.name.empty() ? af.name : af.keyword.empty() ? "the argument" : af.keyword) + " to " + value;
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
