// The shape report (shape_report.h).
#include "tenscan/report/shape_report.h"

#include <algorithm>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/report.h"

namespace tenscan::report {
namespace {

// Text in HTML: printable (control and bidi characters shown as escapes), markup escaped.
std::string html(std::string_view text) {
  const std::string s = detail::printable(text);
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// A shape as the table shows it: one whose rank is unknown (what a failed operation returns,
// data tenscan cannot see) in words.
std::string shape_text(const std::string& s) {
  if (s.rfind("[...]", 0) == 0) return "unknown" + s.substr(5);
  return s;
}

std::string lines_html(const std::vector<std::string>& variants) {
  std::string out;
  for (const auto& v : variants) out += (out.empty() ? "" : "<br>") + html(shape_text(v));
  return out.empty() ? "—" : out;
}

std::string params_text(std::int64_t n) {
  if (n < 0) return "?";
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::int64_t total_params(const AnalysisResult& r, bool& known) {
  std::int64_t total = 0;
  known = true;
  for (const auto& m : r.modules) {
    if (m.params < 0) known = false;
    else total += m.params;
  }
  return total;
}

constexpr const char* kStyle = R"css(
body{font-family:system-ui,sans-serif;margin:1.5em;color:#1f2328}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;font-size:.9em}
th,td{border:1px solid #d0d7de;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right}
td.shape{font-family:ui-monospace,monospace;white-space:nowrap}
tr.failing{background:#ffebe9}tr.failing td:first-child{border-left:4px solid #cf222e}
.failure{color:#cf222e;font-size:.85em;margin-top:.2em}
.path{font-size:.85em;color:#57606a}
#filter{margin:.5em 0;padding:.3em;width:20em}
svg text{font-family:ui-monospace,monospace;font-size:12px}
.finding{border:1px solid #d0d7de;border-left:4px solid #cf222e;padding:.5em .8em;margin:.6em 0}
.finding.warning{border-left-color:#bf8700}
code{font-family:ui-monospace,monospace}
)css";

constexpr const char* kScript = R"js(
function filterRows(){var q=document.getElementById('filter').value.toLowerCase();
var deep=document.getElementById('deep').checked;
document.querySelectorAll('#layers tbody tr').forEach(function(r){
var d=+r.dataset.depth;var hit=r.textContent.toLowerCase().indexOf(q)>=0;
r.style.display=(hit&&(deep||d<=2||r.classList.contains('failing')))?'':'none';});}
)js";

// The forward pass as a chain of boxes: the modules the program and its top-level modules call,
// in order, each edge labelled with the shapes between them; failing ones in red.
std::string graph_svg(const AnalysisResult& r) {
  std::vector<const ModuleCall*> nodes;
  for (const auto& m : r.modules)
    if (m.depth <= 1) nodes.push_back(&m);
  if (nodes.empty()) return {};
  constexpr int kW = 420, kH = 34, kGap = 30, kX = 20;
  const int height = static_cast<int>(nodes.size()) * (kH + kGap) + 20;
  std::string out = "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kW + 360) +
                    "\" height=\"" + std::to_string(height) + "\" role=\"img\" aria-label=\"forward pass\">\n";
  int y = 10;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const ModuleCall& m = *nodes[i];
    const bool failing = !m.failures.empty();
    const int x = kX + m.depth * 24;
    out += "<g class=\"node" + std::string(failing ? " failing" : "") + "\"><rect x=\"" + std::to_string(x) + "\" y=\"" +
           std::to_string(y) + "\" width=\"" + std::to_string(kW - m.depth * 24) + "\" height=\"" + std::to_string(kH) +
           "\" rx=\"5\" fill=\"" + (failing ? "#ffebe9" : "#f6f8fa") + "\" stroke=\"" + (failing ? "#cf222e" : "#8c959f") +
           "\"/><text x=\"" + std::to_string(x + 8) + "\" y=\"" + std::to_string(y + 21) + "\">" + html(m.path) + " (" +
           html(m.type) + ")</text></g>\n";
    if (i + 1 < nodes.size()) {
      const int y0 = y + kH, y1 = y + kH + kGap;
      out += "<line x1=\"" + std::to_string(kX + 40) + "\" y1=\"" + std::to_string(y0) + "\" x2=\"" + std::to_string(kX + 40) +
             "\" y2=\"" + std::to_string(y1) + "\" stroke=\"#57606a\" marker-end=\"url(#arrow)\"/>";
      // (what reaches the next one: after a module, its output; into its first child, its input)
      std::string label;
      for (const auto& o : nodes[i + 1]->inputs) label += (label.empty() ? "" : " | ") + shape_text(o);
      out += "<text x=\"" + std::to_string(kX + 50) + "\" y=\"" + std::to_string(y0 + 19) + "\">" + html(label) + "</text>\n";
    }
    y += kH + kGap;
  }
  out += "<defs><marker id=\"arrow\" markerWidth=\"8\" markerHeight=\"8\" refX=\"4\" refY=\"7\" orient=\"auto\">"
         "<path d=\"M0,0 L8,0 L4,8 z\" fill=\"#57606a\"/></marker></defs>\n</svg>\n";
  return out;
}

}  // namespace

std::string shape_report_file_name(const std::string& entry) {
  std::string name;
  for (char c : entry) name += c == '/' || c == '\\' ? std::string("__") : std::string(1, c);
  return name + ".html";
}

std::string render_shape_report(const AnalysisResult& result, const std::string& entry) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>tenscan shape report: " +
                    html(entry) + "</title>\n<style>" + kStyle + "</style>\n<script>" + kScript + "</script>\n</head><body>\n";
  out += "<h1>tenscan shape report: <code>" + html(entry) + "</code></h1>\n";
  std::size_t failing = 0;
  for (const auto& m : result.modules) failing += !m.failures.empty();
  out += "<p id=\"summary\">" + std::to_string(result.modules.size()) + " layers, " + std::to_string(failing) +
         " failing; " + std::to_string(result.findings.size()) + " findings in the entry" +
         (result.completeness.complete ? "" : "; <strong>the analysis is incomplete</strong>: " + html(incomplete_text(result.completeness))) +
         ".</p>\n";
  if (result.modules.empty()) {
    out += "<p>The analysis called no <code>nn.Module</code>: there is no layer to show.</p>\n";
  } else {
    out += "<h2>Layers</h2>\n<input id=\"filter\" placeholder=\"filter layers\" oninput=\"filterRows()\"> "
           "<label><input type=\"checkbox\" id=\"deep\" onchange=\"filterRows()\"> show layers nested deeper than 2</label>\n";
    out += "<table id=\"layers\"><thead><tr><th>module</th><th>type</th><th>arguments</th><th>input</th><th>output</th>"
           "<th>parameters</th><th>called at</th></tr></thead><tbody>\n";
    for (const auto& m : result.modules) {
      const bool fails = !m.failures.empty();
      out += "<tr data-depth=\"" + std::to_string(m.depth) + "\"" + (fails ? " class=\"failing\"" : "") +
             (m.depth > 2 && !fails ? " style=\"display:none\"" : "") + "><td style=\"padding-left:" +
             std::to_string(0.6 + m.depth * 1.2) + "em\">" + html(m.path);
      for (const auto& f : m.failures) out += "<div class=\"failure\">" + html(f) + "</div>";
      out += "</td><td>" + html(m.type) + "</td><td>" + html(m.args) + "</td><td class=\"shape\">" + lines_html(m.inputs) +
             "</td><td class=\"shape\">" + lines_html(m.outputs) + "</td><td class=\"num\">" + params_text(m.params) +
             "</td><td>" + (m.call.path.empty() ? "" : html(line_text(m.call))) + "</td></tr>\n";
    }
    bool known = true;
    const std::int64_t total = total_params(result, known);
    out += "</tbody><tfoot><tr><th colspan=\"5\">total parameters</th><th class=\"num\" id=\"total\">" +
           (known ? params_text(total) : params_text(total) + " and more (some sizes are symbolic)") +
           "</th><th></th></tr></tfoot></table>\n";
    out += "<p class=\"path\">A cell with several shapes: they differ between paths (a branch on an option, another "
           "DataLoader); those of a DataLoader's last, smaller minibatch say so.</p>\n";
    out += "<h2>Forward pass</h2>\n" + graph_svg(result);
  }
  if (!result.findings.empty()) {
    out += "<h2>Findings</h2>\n";
    for (const Finding* f : sorted_findings(result.findings)) {
      out += "<div class=\"finding " + std::string(level_name(f->level)) + "\"><strong>" + html(line_text(f->location)) +
             "</strong> <code>" + std::string(rule_info(f->rule).id) + "</code> " + std::string(level_name(f->level)) +
             ": " + html(f->message);
      if (!f->path_conditions.empty()) {
        out += "<div class=\"path\">on this path: ";
        for (std::size_t i = 0; i < f->path_conditions.size(); ++i) out += (i ? "; " : "") + html(f->path_conditions[i]);
        out += "</div>";
      }
      if (!f->related.empty()) {
        out += "<ul class=\"path\">";
        for (const auto& r : f->related) out += "<li>" + html(line_text(r.range)) + ": " + html(r.message) + "</li>";
        out += "</ul>";
      }
      if (!f->fixes.empty()) out += "<div>fix: " + html(f->fixes[0].description) + "</div>";
      out += "</div>\n";
    }
  }
  return out + "</body></html>\n";
}

std::string render_shape_table_markdown(const AnalysisResult& result) {
  if (result.modules.empty()) return {};
  const auto cell = detail::markdown_cell;
  auto joined = [&](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : "<br>") + cell(shape_text(s));
    return out.empty() ? std::string("—") : out;
  };
  std::string out = "| module | type | input | output | parameters |\n| --- | --- | --- | --- | --- |\n";
  for (const auto& m : result.modules) {
    std::string indent;  // (spaces would collapse: the nesting in non-breaking ones)
    for (int d = 0; d < m.depth; ++d) indent += "&nbsp;&nbsp;";
    out += "| " + indent + (m.failures.empty() ? "" : "**✗** ") +
           cell(m.path) + " | " + cell(m.type) + " | " + joined(m.inputs) + " | " + joined(m.outputs) + " | " +
           params_text(m.params) + " |\n";
  }
  bool known = true;
  const std::int64_t total = total_params(result, known);
  out += "\nTotal parameters: " + params_text(total) + (known ? "" : " and more") + "\n";
  return out;
}

}  // namespace tenscan::report
