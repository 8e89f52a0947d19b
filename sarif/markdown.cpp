// The Markdown summary (layout in markdown.h).
#include "tenscan/report/markdown.h"

#include <algorithm>
#include <string_view>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/fixes.h"
#include "tenscan/report/run.h"
#include "tenscan/report/shape_report.h"
#include "tenscan/report/sarif.h"

namespace tenscan::report {
namespace {

std::string location_cell(const SourceRange& r, const MarkdownOptions& options) {
  const std::string text = detail::markdown_cell(line_text(r));
  if (options.link_prefix.empty()) return text;
  // a notebook's page shows it rendered, where no line can be anchored: link its source view
  return "[" + text + "](" + options.link_prefix + project_relative_uri(r.path).value_or(r.path) +
         (r.cell.cell > 0 ? "?plain=1" : "") + "#L" + std::to_string(r.line) + ")";
}

void table(std::string& out, const char* title, const std::vector<const RunFinding*>& rows,
           const MarkdownOptions& options) {
  if (rows.empty()) return;
  out += "\n### " + std::string(title) + " (" + std::to_string(rows.size()) + ")\n\n";
  out += "| level | location | rule | message |\n| --- | --- | --- | --- |\n";
  std::size_t shown = 0;
  for (const RunFinding* f : rows) {
    if (shown++ == options.max_findings) break;
    out += "| " + std::string(level_name(f->finding.level)) + " | " +
           location_cell(f->finding.location, options) + " | `" + std::string(rule_info(f->finding.rule).id) +
           "` | " + detail::markdown_cell(f->finding.message) + " |\n";
  }
  if (rows.size() > options.max_findings)
    out += "\n_… and " + std::to_string(rows.size() - options.max_findings) + " more not shown._\n";
}

// The regions of a declared hyperparameter space the findings fail in: a collapsed table of
// the failing combinations each.
void space_regions(std::string& out, const std::vector<const RunFinding*>& rows, const MarkdownOptions& options) {
  constexpr std::size_t kRows = 50;
  std::string body;
  std::size_t shown = 0;
  for (const RunFinding* f : rows) {
    if (shown++ == options.max_findings) break;
    const SpaceRegionInfo& r = f->finding.region;
    if (r.hyperparameters.empty()) continue;
    std::string names;
    for (std::size_t i = 0; i < r.hyperparameters.size(); ++i) names += (i ? ", " : "") + r.hyperparameters[i];
    body += "\n<details><summary>" + detail::markdown_cell(line_text(f->finding.location)) + " <code>" +
            std::string(rule_info(f->finding.rule).id) + "</code>: fails for " + (r.complete ? "" : "at least ") +
            std::to_string(r.failing.size()) + (r.space > 0 ? " of " + std::to_string(r.space) : "") +
            " combinations of " + detail::markdown_cell(names) + "</summary>\n\n|";
    for (const auto& h : r.hyperparameters) body += " " + detail::markdown_cell(h) + " |";
    body += "\n|";
    for (std::size_t i = 0; i < r.hyperparameters.size(); ++i) body += " --- |";
    body += "\n";
    std::size_t n = 0;
    for (const auto& v : r.failing) {
      if (n++ == kRows) break;
      body += "|";
      for (const auto& x : v) body += " " + detail::markdown_cell(x) + " |";
      body += "\n";
    }
    if (r.failing.size() > kRows) body += "\n_… and " + std::to_string(r.failing.size() - kRows) + " more._\n";
    if (!r.constraint.empty()) body += "\nIt needs `" + r.constraint + "`.\n";
    body += "\n</details>\n";
  }
  if (!body.empty()) out += "\n### Where in the hyperparameter space they fail\n" + body;
}

// The longest run of backticks in `text`.
std::size_t longest_backticks(std::string_view text) {
  std::size_t streak = 0, longest = 0;
  for (char c : text) longest = std::max(longest, streak = c == '`' ? streak + 1 : 0);
  return longest;
}

// A fence for a code block holding `lines`: longer than any run of backticks in them, so no
// line of the repository can close it.
std::string fence_for(const std::vector<std::string>& lines) {
  std::size_t longest = 0;
  for (const auto& l : lines) longest = std::max(longest, longest_backticks(l));
  return std::string(std::max<std::size_t>(3, longest + 1), '`');
}

// The findings' fixes as suggestions: the lines each edits, as they become.
void suggestions(std::string& out, const std::vector<const RunFinding*>& rows, const MarkdownOptions& options) {
  std::string body;
  std::size_t shown = 0, count = 0;
  for (const RunFinding* f : rows) {
    if (shown++ == options.max_findings) break;
    if (f->finding.fixes.empty()) continue;
    const Fix& fix = f->finding.fixes[0];
    auto lines = fixed_lines(fix, options.sources);
    if (!lines) continue;
    ++count;
    std::vector<std::string> after;
    for (const auto& l : lines->after) after.push_back(detail::printable(l));
    const std::string fence = fence_for(after);
    SourceRange at;
    at.path = lines->path;
    at.line = lines->first;
    body += "\n" + location_cell(f->finding.location, options) + " `" + std::string(rule_info(f->finding.rule).id) +
            "`: " + detail::markdown_cell(fix.description) + " (" + location_cell(at, options) + ")\n\n" + fence + "suggestion\n";
    for (const auto& l : after) body += l + "\n";
    body += fence + "\n";
  }
  if (count) out += "\n### Suggested fixes (" + std::to_string(count) + ")\n" + body;
}

// The layers of each entry's model (tenscan ci --report): collapsed, one entry each.
void model_shapes(std::string& out, const RunReport& run, const MarkdownOptions& options) {
  std::string body;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.modules.empty()) continue;
    AnalysisResult layers;
    layers.modules = e.modules;
    std::size_t failing = 0;
    for (const auto& m : e.modules) failing += !m.failures.empty();
    std::string entry = e.path;
    for (const auto& a : e.args) entry += " " + a;
    body += "\n<details><summary>" + detail::markdown_cell(entry) + ": " + detail::plural(e.modules.size(), "layer") +
            (failing ? ", " + std::to_string(failing) + " failing" : "") + "</summary>\n\n" +
            render_shape_table_markdown(layers);
    if (!options.shape_reports.empty())
      body += "\nThe whole report, with the forward pass and the findings: `" +
              detail::markdown_cell(options.shape_reports + "/" + shape_report_file_name(e.path, e.args)) + "` (in the job's artifacts).\n";
    body += "\n</details>\n";
  }
  if (!body.empty()) out += "\n### Model shapes\n" + body;
}

// Module mode's contracts: the models whose contract the change altered (against a baseline),
// then every checked file's contracts, collapsed.
void model_contracts(std::string& out, const RunReport& run, const MarkdownOptions& options) {
  // (a code span shows its text as it is, escapes and all: only the control characters go; a
  // contract's `when` quotes code in backticks, so such a span is delimited by two)
  auto code = [](const std::string& s) {
    std::string t = detail::printable(s);
    std::replace(t.begin(), t.end(), '\n', ' ');
    std::replace(t.begin(), t.end(), '\r', ' ');
    // (delimited by one backtick more than its longest run of them)
    const std::size_t longest = longest_backticks(t);
    const std::string fence(longest + 1, '`');
    return longest ? fence + " " + t + " " + fence : fence + t + fence;
  };
  auto lines = [&](const std::vector<std::string>& xs) {
    std::string t;
    for (std::size_t i = 0; i < xs.size(); ++i) t += (i ? ", " : "") + code(xs[i]);
    return t;
  };
  if (!run.contract_changes.empty()) {
    out += "\n### Model contracts changed (" + std::to_string(run.contract_changes.size()) + ")\n\n";
    for (const auto& c : run.contract_changes) {
      out += "- " + code(c.module) + " (" + location_cell(c.where, options) + "): ";
      if (c.before.empty()) out += "new, " + lines(c.after);
      else if (c.after.empty()) out += "no longer checked (was " + lines(c.before) + ")";
      else out += "now " + lines(c.after) + " (was " + lines(c.before) + ")";
      for (std::size_t i = 0; i < c.callers.size(); ++i)
        out += (i ? ", " : "; callers: ") + location_cell(c.callers[i], options);
      out += "\n";
    }
  }
  std::string body;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.contracts.empty()) continue;
    body += "\n<details><summary>" + detail::markdown_cell(detail::entry_label(e)) + ": " +
            detail::plural(e.contracts.size(), "contract") + "</summary>\n\n";
    for (const auto& c : e.contracts) body += "- " + location_cell(c.where, options) + ": " + code(contract_line(c)) + "\n";
    body += "\n</details>\n";
  }
  if (!body.empty()) out += "\n### Model contracts (module mode)\n" + body;
}

std::vector<const RunFinding*> select(const std::vector<RunFinding>& findings, bool only_new) {
  std::vector<const RunFinding*> out;
  for (std::size_t i : detail::finding_order(findings)) {
    const RunFinding& f = findings[i];
    if (!f.suppressed && (!only_new || f.baseline == BaselineState::New)) out.push_back(&f);
  }
  return out;
}

}  // namespace

std::string render_markdown(const RunReport& run, const MarkdownOptions& options) {
  std::string out = run.failure.empty() ? "## tenscan: " + detail::count_phrase(run) + " in " +
                                             detail::plural(run.entries.size(), "entry") + "\n"
                                       : std::string("## tenscan: the run did not complete\n");

  if (!run.failure.empty())
    out += "\n**tenscan did not complete this run:** " + detail::markdown_cell(run.failure) +
           (run.failure_path.empty() ? "" : " (" + detail::markdown_cell(run.failure_path) + ")") + "\n";
  std::string incomplete;
  std::size_t not_analysed = 0;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.status == EntryStatus::Analysed) continue;
    ++not_analysed;
    incomplete += "| " + detail::markdown_cell(detail::entry_label(e)) + " | " + entry_status_name(e.status) + " | " +
                  detail::markdown_cell(e.detail) + " |\n";
  }
  std::size_t partial = 0;
  for (std::size_t i : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[i];
    if (e.status != EntryStatus::Analysed || e.completeness.complete) continue;
    ++partial;
    incomplete += "| " + detail::markdown_cell(detail::entry_label(e)) + " | incomplete | " + detail::markdown_cell(incomplete_text(e.completeness)) + " |\n";
  }
  if (not_analysed + partial)
    out += "\n**" + detail::plural(not_analysed + partial, "entry") + (not_analysed + partial == 1 ? " was" : " were") +
           " not analysed completely, so the results are incomplete:**\n\n| entry | status | detail |\n| --- | --- | "
           "--- |\n" +
           incomplete;

  const auto current = select(run.findings, run.baseline_compared);
  if (run.baseline_compared) {
    std::size_t unchanged = 0;
    for (const auto& f : run.findings) unchanged += !f.suppressed && f.baseline == BaselineState::Unchanged;
    out += "\n**" + std::to_string(current.size()) + " new**, " + std::to_string(unchanged) + " unchanged, " +
           std::to_string(run.absent.size()) + " fixed compared with " +
           (run.base_revision.empty() ? std::string("the baseline") : detail::markdown_cell(run.base_revision)) + ".\n";
    if (!run.not_analysed.empty())
      out += "\n" + detail::plural(run.not_analysed.size(), "finding") + " of the baseline " +
             (run.not_analysed.size() == 1 ? "was" : "were") +
             " not re-checked: the change's analysis did not reach " + (run.not_analysed.size() == 1 ? "its line" : "their lines") +
             " (an entry not analysed, or an earlier error that now stops it), so " +
             (run.not_analysed.size() == 1 ? "it is" : "they are") + " not counted as fixed.\n";
  }
  std::size_t suppressed = 0;
  for (const auto& f : run.findings) suppressed += f.suppressed;
  if (suppressed)
    out += "\n" + detail::plural(suppressed, "finding") + " suppressed by `# tenscan: ignore` comments " +
           (suppressed == 1 ? "is" : "are") + " not listed.\n";

  table(out, run.baseline_compared ? "New findings" : "Findings", current, options);
  space_regions(out, current, options);
  suggestions(out, current, options);
  model_shapes(out, run, options);
  model_contracts(out, run, options);
  table(out, "Fixed findings", select(run.absent, false), options);
  table(out, "Not re-checked", select(run.not_analysed, false), options);
  return out;
}

}  // namespace tenscan::report
