// The text reporter: gcc/clang-style diagnostics with source snippets and carets, a summary
// line, and the --stats block.
#include "tenscan/report/text.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <tuple>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/fixes.h"

namespace tenscan::report {
namespace {

constexpr const char* kReset = "\033[0m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kGreen = "\033[1;32m";

const char* level_color(Level l) {
  switch (l) {
    case Level::Error:
      return "\033[1;31m";
    case Level::Warning:
      return "\033[1;35m";
    case Level::Note:
      return "\033[1;36m";
  }
  return kBold;
}

class Writer {
 public:
  Writer(detail::SourceCache& sources, const TextOptions& options)
      : sources_(sources), color_(options.color) {}

  std::string take() { return std::move(out_); }

  // "path:line:col: level: message [tag]"; `indent` prefixes the line and its snippet (left out
  // when `with_snippet` is false).
  void diagnostic(const std::string& indent, const SourceRange& where, Level level,
                  const std::string& message, const std::string& tag, bool with_snippet = true) {
    out_ += indent;
    paint(kBold, detail::location_text(where) + ":");
    out_ += ' ';
    paint(level_color(level), std::string(level_name(level)) + ":");
    out_ += ' ';
    paint(kBold, message);
    if (!tag.empty()) out_ += " [" + tag + "]";
    out_ += '\n';
    if (with_snippet) snippet(indent, where);
  }

  void note(const std::string& indent, const std::string& message) {
    out_ += indent;
    paint(level_color(Level::Note), "note:");
    out_ += ' ' + detail::printable(message) + '\n';
  }

  // module mode's "path:line:col: contract: Net.forward(x: [B, 1, H, W]) -> [B, 10]", then what
  // it requires of the dims, one per line
  void contract(const ModuleContract& c) {
    paint(kBold, detail::location_text(c.where) + ":");
    out_ += ' ';
    paint(kBold, "contract:");
    out_ += ' ' + detail::printable(c.signature) + '\n';
    for (const auto& x : c.conditions) out_ += "  requires " + detail::printable(x) + '\n';
    for (const auto& x : c.fixed) out_ += "  only if " + detail::printable(x) + '\n';
    for (const auto& x : c.examples) out_ += "  accepts " + detail::printable(x) + '\n';
    for (const auto& x : c.when) out_ += "  when " + detail::printable(x) + '\n';
  }

  void line(const std::string& text) {
    paint(kBold, text);
    out_ += '\n';
  }

  // "path:line:col: fix: description", then the lines it edits as they become
  void fix(const std::string& indent, const Fix& f) {
    if (f.replacements.empty()) return;
    out_ += indent;
    paint(kBold, detail::location_text(f.replacements[0].range) + ":");
    out_ += ' ';
    paint(kGreen, "fix:");
    out_ += ' ' + detail::printable(f.description) + '\n';
    auto lines = fixed_lines(f, [this](const std::string& path) {
      const std::string* text = sources_.text(path);
      return text ? std::optional<std::string>(*text) : std::nullopt;
    });
    if (!lines) return;
    for (const auto& l : lines->after) {
      out_ += indent;
      paint(kGreen, l);
      out_ += '\n';
    }
  }

 private:
  // The source line, then a caret line that reproduces the line's tabs and the display width
  // of every code point before the range (columns are code points, not bytes), then '^' and
  // '~' under the range's part on this line. No caret when the column is unknown.
  void snippet(const std::string& indent, const SourceRange& where) {
    if (where.path.empty() || where.line < 1) return;
    // in a notebook: the line of the cell's source (the file's line is JSON)
    const SourceRange r = where.cell.cell > 0 ? SourceRange{cell_source_key(where.path, where.cell.cell), where.cell.line,
                                                            where.cell.col, where.cell.end_line, where.cell.end_col}
                                              : where;
    if (where.cell.cell > 0 && r.line < 1) return;
    auto text = sources_.line(r.path, r.line);
    if (!text) return;
    out_ += indent;
    out_ += detail::printable(*text);
    out_ += '\n';
    if (r.col < 1) return;
    const int col = r.col;
    // A range over several lines is underlined to the end of its first line.
    const int end_col = r.end_line > r.line ? std::numeric_limits<int>::max() : r.end_col;
    std::string pad;
    int index = 1, marks = 0;
    detail::for_each_printable(*text, [&](char32_t c, std::string_view shown) {
      // an escaped code point is as wide as its escape
      const bool escaped = c != '<' && shown.front() == '<';
      const int width = c == '\t' ? 1 : escaped ? static_cast<int>(shown.size()) : detail::display_width(c);
      if (index < col) {
        pad += c == '\t' ? std::string("\t") : std::string(static_cast<std::size_t>(width), ' ');
      } else if (index < end_col) {
        marks += width;
      }
      ++index;
    });
    if (index < col) pad.append(static_cast<std::size_t>(col - index), ' ');  // past the end (e.g. EOF)
    out_ += indent + pad;
    paint(kGreen, "^" + std::string(static_cast<std::size_t>(std::max(marks, 1) - 1), '~'));
    out_ += '\n';
  }

  // Every piece of text goes through here or through note() and snippet(), and is made
  // printable: it may quote the analysed code (detail::printable).
  void paint(const char* color, const std::string& text) {
    if (color_) out_ += color;
    out_ += detail::printable(text);
    if (color_) out_ += kReset;
  }

  detail::SourceCache& sources_;
  bool color_;
  std::string out_;
};

void write_finding(Writer& w, const Finding& f) {
  w.diagnostic("", f.location, f.level, f.message, std::string(rule_info(f.rule).id));
  for (const auto& r : f.related) w.diagnostic("  ", r.range, Level::Note, r.message, "");
  // The steps of the execution path, in order, as further notes; only those that add something:
  // a step already shown (same location and message as a related note or an earlier step) is
  // not repeated, and a step at a location whose snippet is already shown gets no second copy.
  std::vector<const RelatedLocation*> shown;
  for (const auto& r : f.related) shown.push_back(&r);
  for (const auto& step : f.steps) {
    auto seen = [&](auto same) { return std::any_of(shown.begin(), shown.end(), same); };
    if (seen([&](const RelatedLocation* s) { return *s == step; })) continue;
    if (step.range == f.location && step.message == f.message) continue;
    const bool snippet =
        step.range != f.location && !seen([&](const RelatedLocation* s) { return s->range == step.range; });
    w.diagnostic("  ", step.range, Level::Note, step.message, "", snippet);
    shown.push_back(&step);
  }
  if (!f.path_conditions.empty()) {
    std::string conditions;
    for (const auto& c : f.path_conditions) conditions += (conditions.empty() ? "" : "; ") + c;
    w.note("  ", "on this path: " + conditions);
  }
  if (!f.fixes.empty()) w.fix("  ", f.fixes[0]);
}

void write_notification(Writer& w, const Notification& n) {
  w.diagnostic("", n.location, n.level, n.message, std::string("analysis/") + notification_kind_name(n.kind));
}

std::string format_count_table(const std::map<std::string, int>& counts, const char* title) {
  std::vector<std::pair<std::string, int>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  long total = 0;
  for (const auto& [name, n] : rows) total += n;
  std::string out = "  " + std::string(title) + ": " + std::to_string(rows.size()) + " distinct, " +
                    std::to_string(total) + " total\n";
  for (const auto& [name, n] : rows) {
    char count[32];
    std::snprintf(count, sizeof count, "    %6d  ", n);
    out += count + detail::printable(name) + "\n";
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return detail::printable(text); }

std::string render_finding_text(const Finding& finding, const SourceLookup& sources,
                                const TextOptions& options) {
  detail::SourceCache cache(sources);
  Writer w(cache, options);
  write_finding(w, finding);
  return w.take();
}

std::string render_notification_text(const Notification& notification, const SourceLookup& sources,
                                     const TextOptions& options) {
  detail::SourceCache cache(sources);
  Writer w(cache, options);
  write_notification(w, notification);
  return w.take();
}

std::string render_summary_text(const AnalysisResult& result, const TextOptions& options) {
  int counts[3] = {0, 0, 0};  // indexed by Level
  for (const auto& f : result.findings) ++counts[static_cast<int>(f.level)];
  std::string parts;
  auto add = [&](Level l, const char* word) {
    if (int n = counts[static_cast<int>(l)])
      parts += (parts.empty() ? "" : ", ") + detail::plural(static_cast<std::size_t>(n), word);
  };
  add(Level::Error, "error");
  add(Level::Warning, "warning");
  add(Level::Note, "note");
  const bool complete = result.completeness.complete;
  std::string line = !parts.empty() ? parts : complete || !result.completed ? "no issues found" : "no issues found so far";
  if (!options.entry.empty()) line += " in " + options.entry;
  if (!result.completed) line += " (analysis did not complete)";
  else if (!complete) line += "; analysis incomplete: " + incomplete_text(result.completeness);
  detail::SourceCache none(SourceLookup{});
  Writer w(none, options);
  w.line(line);
  return w.take();
}

std::string render_text(const AnalysisResult& result, const SourceLookup& sources,
                        const TextOptions& options) {
  detail::SourceCache cache(sources);
  Writer w(cache, options);
  for (const Finding* f : sorted_findings(result.findings)) write_finding(w, *f);
  for (const Notification* n : sorted_notifications(result.notifications)) write_notification(w, *n);
  for (const auto& c : result.contracts) w.contract(c);
  return w.take() + render_summary_text(result, options);
}

std::string render_run_text(const RunReport& run, const SourceLookup& sources, const TextOptions& options) {
  detail::SourceCache cache(sources);
  Writer w(cache, options);
  std::size_t suppressed = 0;
  for (std::size_t i : detail::finding_order(run.findings)) {
    if (run.findings[i].suppressed) {
      ++suppressed;
      continue;
    }
    write_finding(w, run.findings[i].finding);
  }
  // Each distinct notification once: entries that import the same module report its problems alike.
  std::vector<Notification> notifications;
  for (const auto& e : run.entries)
    notifications.insert(notifications.end(), e.notifications.begin(), e.notifications.end());
  const Notification* previous = nullptr;
  for (const Notification* n : sorted_notifications(notifications)) {
    auto key = [](const Notification* x) { return std::tie(x->kind, x->level, x->message, x->location); };
    if (!previous || key(previous) != key(n)) write_notification(w, *n);
    previous = n;
  }
  std::size_t not_analysed = 0;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.status == EntryStatus::Analysed) continue;
    ++not_analysed;
    const auto& info = detail::status_info(e.status);
    w.diagnostic("", {detail::entry_label(e), 0, 0, 0, 0}, info.level,
                 "analysis " + std::string(info.verb) + (e.detail.empty() ? "" : ": " + e.detail),
                 std::string("analysis/") + info.name);
  }
  std::size_t incomplete = 0;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.status != EntryStatus::Analysed || e.completeness.complete) continue;
    ++incomplete;
    w.diagnostic("", {detail::entry_label(e), 0, 0, 0, 0}, Level::Warning,
                 "analysis incomplete: " + incomplete_text(e.completeness), "analysis/incomplete");
  }
  if (!run.failure.empty())
    w.diagnostic("", {run.failure_path, 0, 0, 0, 0}, Level::Error, run.failure, "analysis/run-failed");
  std::string summary = detail::count_phrase(run) + " in " + detail::plural(run.entries.size(), "entry");
  if (!run.failure.empty()) summary += "; the run did not complete";
  if (run.baseline_compared) summary += "; " + std::to_string(run.absent.size()) + " fixed";
  if (!run.not_analysed.empty())
    summary += "; " + detail::plural(run.not_analysed.size(), "earlier finding") + " not re-checked";
  if (suppressed) summary += "; " + std::to_string(suppressed) + " suppressed";
  if (not_analysed) summary += "; " + detail::plural(not_analysed, "entry") + " not analysed";
  if (incomplete) summary += "; " + detail::plural(incomplete, "entry") + " analysed incompletely";
  w.line(summary);
  return w.take();
}

std::string render_stats_text(const Stats& s) {
  char buf[1024];  // ample for every int; "%.1f" of an absurd solver time is at worst truncated
  std::snprintf(buf, sizeof buf,
                "statistics:\n"
                "  paths: %d explored (%d valid, %d invalid, %d dontknow, %d unreachable), %d pruned, "
                "%d merged (%d joined), %d loop heads widened\n"
                "  solver: %d calls, %.1f ms\n"
                "  requirements: %d checked, %d decided online, %d taken as assumptions\n"
                "  modules: %d loaded\n"
                "  statements: %d executed, %d objects reclaimed\n",
                s.paths_explored, s.paths_valid, s.paths_invalid, s.paths_dontknow, s.paths_unreachable,
                s.paths_pruned, s.paths_merged, s.paths_joined, s.loops_widened, s.solver_calls, s.solver_ms, s.requirements_checked,
                s.requirements_online, s.assumptions, s.modules_loaded, s.statements_executed, s.objects_reclaimed);
  return buf + (s.unsupported.empty() ? std::string() : format_count_table(s.unsupported, "paths stopped where tenscan's models fall short")) +
         format_count_table(s.unmodelled_calls, "unmodelled calls") +
         (s.benign_calls.empty() ? std::string() : format_count_table(s.benign_calls, "unmodelled calls that need no model")) +
         format_count_table(s.operations, "operations");
}

}  // namespace tenscan::report
