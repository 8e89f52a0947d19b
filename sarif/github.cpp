// GitHub Actions workflow commands (tenscan/report/github.h).
#include "tenscan/report/github.h"

#include <algorithm>

#include "tenscan/core/rules.h"
#include "internal.h"
#include "tenscan/report/report.h"

namespace tenscan::report {
namespace {

// A command's message: each line made printable (printable escapes any other control
// character), '%' escaped, and the lines joined with an escaped LF (the runner turns it back).
std::string escape_data(std::string_view text) {
  std::string out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (start > 0) out += "%0A";
    for (char c : printable(text.substr(start, end - start))) out += c == '%' ? std::string("%25") : std::string(1, c);
    start = end + 1;
  }
  return out;
}

// A property's value: the message's escapes, and ':' and ',' (which end a property).
std::string escape_property(std::string_view text) {
  std::string out;
  for (char c : escape_data(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

const char* command(Level level) {
  switch (level) {
    case Level::Error: return "error";
    case Level::Warning: return "warning";
    case Level::Note: return "notice";
  }
  return "error";
}

// file=...,line=...,col=... of a range (only what it has: a file-level range has no line).
std::string where(const SourceRange& r) {
  std::string out = "file=" + escape_property(r.path);
  if (r.line <= 0) return out;
  out += ",line=" + std::to_string(r.line);
  if (r.end_line >= r.line) out += ",endLine=" + std::to_string(r.end_line);
  if (r.col > 0) {
    out += ",col=" + std::to_string(r.col);
    // (GitHub takes a column range on one line only)
    if (r.end_line == r.line && r.end_col > r.col) out += ",endColumn=" + std::to_string(r.end_col);
  }
  return out;
}

}  // namespace

std::string render_github(const AnalysisResult& result, const TextOptions& options) {
  std::string out;
  for (const Finding* f : sorted_findings(result.findings)) {
    std::string message = f->message;
    for (const auto& rel : f->related) message += "\n" + detail::location_text(rel.range) + ": " + rel.message;
    for (const auto& c : f->path_conditions) message += "\non this path: " + c;
    out += "::" + std::string(command(f->level)) + " " + where(f->location) + ",title=" +
           escape_property("tenscan " + std::string(rule_info(f->rule).id)) + "::" + escape_data(message) + "\n";
  }
  for (const Notification* n : sorted_notifications(result.notifications)) {
    if (n->location.path.empty() || n->kind == Notification::Kind::Reveal) continue;
    out += "::" + std::string(command(n->level)) + " " + where(n->location) + ",title=" +
           escape_property("tenscan analysis/" + std::string(notification_kind_name(n->kind))) + "::" +
           escape_data(n->message) + "\n";
  }
  std::string summary = render_summary_text(result, options);
  summary.erase(summary.find_last_not_of('\n') + 1);
  // (an analysis that did not check everything says so where the annotations are seen)
  if (!result.completed || !result.completeness.complete)
    out += "::warning title=" + escape_property("tenscan: analysis incomplete") + "::" + escape_data(summary) + "\n";
  return out + printable(summary) + "\n";
}

}  // namespace tenscan::report
