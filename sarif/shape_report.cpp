// The shape report (shape_report.h).
#include "tenscan/report/shape_report.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "internal.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

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
svg text.heading{font-weight:bold;fill:#57606a}
svg .edge text{paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}
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

// The forward pass as a dataflow graph: the modules the program calls and their children (the
// model's layers, a loss), in the order first called, an edge from each module whose output
// another's input was computed from (a residual addition, a concatenation: several edges), each
// labelled with the shapes it carries. A module that contains others is a heading, its edges
// drawn to and from its children; deeper modules are drawn as their depth-1 ancestor.
class ForwardGraph {
 public:
  explicit ForwardGraph(const std::vector<ModuleCall>& rows) : rows_(rows) {
    const int n = static_cast<int>(rows.size());
    std::map<std::string, int> depth1;
    for (int i = 0; i < n; ++i)
      if (rows[i].depth == 1) depth1.emplace(rows[i].path, i);
    container_.assign(rows.size(), false);
    ancestor_.assign(rows.size(), -1);
    for (int i = 0; i < n; ++i) {
      const auto& m = rows[static_cast<std::size_t>(i)];
      if (m.depth <= 1) ancestor_[i] = i;
      else if (const auto dot = m.path.find('.'); dot != std::string::npos)  // (its depth-1 ancestor: the path's first two parts)
        if (auto it = depth1.find(m.path.substr(0, m.path.find('.', dot + 1))); it != depth1.end()) ancestor_[i] = it->second;
      if (m.depth == 1)
        for (int j = 0; j < n; ++j)
          if (rows[j].depth == 0 && m.path.rfind(rows[j].path + ".", 0) == 0) container_[j] = true;
    }
    for (int i = 0; i < n; ++i) {
      if (ancestor_[i] < 0 || container_[i]) continue;
      std::vector<int> to = shown(i);
      for (int f : rows[static_cast<std::size_t>(i)].from)
        for (int src : shown(f))
          for (int dst : to)
            if (src != dst && std::find(edges_.begin(), edges_.end(), std::pair{src, dst}) == edges_.end())
              edges_.emplace_back(src, dst);
    }
  }

  [[nodiscard]] std::string svg() const {
    // the items top to bottom: the program's data, then the modules (headings for containers)
    std::vector<int> items{kInput};
    for (int i = 0; i < static_cast<int>(rows_.size()); ++i)
      if (ancestor_[i] == i) items.push_back(i);
    if (items.size() == 1) return {};
    constexpr int kW = 420, kH = 30, kGap = 34, kHead = 22, kX = 20;
    std::map<int, int> top, position;
    int y = 10;
    for (std::size_t k = 0; k < items.size(); ++k) {
      position[items[k]] = static_cast<int>(k);
      top[items[k]] = y;
      y += heading(items[k]) ? kHead : kH + kGap;
    }
    int widest = 0;
    std::string body, arcs;
    for (int item : items) {
      const int t = top[item];
      if (heading(item)) {
        body += "<text class=\"heading\" x=\"" + std::to_string(kX) + "\" y=\"" + std::to_string(t + 15) + "\">" +
                html(name(item)) + "</text>\n";
        continue;
      }
      const bool failing = item >= 0 && !rows_[static_cast<std::size_t>(item)].failures.empty();
      body += "<g class=\"node" + std::string(failing ? " failing" : "") + "\" data-row=\"" + std::to_string(item) +
              "\"><rect x=\"" + std::to_string(kX) + "\" y=\"" + std::to_string(t) + "\" width=\"" + std::to_string(kW) +
              "\" height=\"" + std::to_string(kH) + "\" rx=\"5\" fill=\"" + (failing ? "#ffebe9" : "#f6f8fa") +
              "\" stroke=\"" + (failing ? "#cf222e" : "#8c959f") + "\"/><text x=\"" + std::to_string(kX + 8) + "\" y=\"" +
              std::to_string(t + 19) + "\">" + html(name(item)) + "</text></g>\n";
    }
    // an edge to the next box down: straight; any other: an arc on the right, wider the further it goes
    int arc = 0;
    for (const auto& [src, dst] : edges_) {
      const std::string full = edge_label(src, dst), label = drawn_label(full);
      const std::string title = "<title>" + html(name(src) + " → " + name(dst) + (full.empty() ? "" : ": " + full)) + "</title>";
      const int ps = position[src], pd = position[dst];
      bool next = pd > ps;
      for (int k = ps + 1; k < pd && next; ++k) next = heading(items[static_cast<std::size_t>(k)]);
      if (next && pd == ps + 1) {
        const int cx = kX + kW / 2, y0 = top[src] + kH, y1 = top[dst];
        body += "<g class=\"edge\" data-from=\"" + std::to_string(src) + "\" data-to=\"" + std::to_string(dst) + "\">" + title + "<line x1=\"" +
                std::to_string(cx) + "\" y1=\"" + std::to_string(y0) + "\" x2=\"" + std::to_string(cx) + "\" y2=\"" +
                std::to_string(y1 - 2) + "\" stroke=\"#57606a\" marker-end=\"url(#arrow)\"/><text x=\"" + std::to_string(cx + 10) +
                "\" y=\"" + std::to_string(y0 + 21) + "\">" + label + "</text></g>\n";
        widest = std::max(widest, kW / 2 + 10 + static_cast<int>(label.size()) * 7);
        continue;
      }
      const int off = 40 + 28 * (arc++ % 8);
      const int x = kX + kW, y0 = top[src] + kH / 2, y1 = top[dst] + kH / 2;
      arcs += "<g class=\"edge arc\" data-from=\"" + std::to_string(src) + "\" data-to=\"" + std::to_string(dst) + "\">" + title + "<path d=\"M" +
              std::to_string(x) + "," + std::to_string(y0) + " C" + std::to_string(x + off) + "," + std::to_string(y0) + " " +
              std::to_string(x + off) + "," + std::to_string(y1) + " " + std::to_string(x + 2) + "," + std::to_string(y1) +
              "\" fill=\"none\" stroke=\"#0969da\" marker-end=\"url(#arrow-arc)\"/><text x=\"" + std::to_string(x + off * 3 / 4 + 6) +
              "\" y=\"" + std::to_string((y0 + y1) / 2) + "\" fill=\"#0969da\">" + label + "</text></g>\n";
      widest = std::max(widest, kW + off + static_cast<int>(label.size()) * 7);
    }
    const int width = kX + std::max(kW, widest) + 20;
    return "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
           std::to_string(y) + "\" role=\"img\" aria-label=\"forward pass\">\n<defs>" + marker("arrow", "#57606a") +
           marker("arrow-arc", "#0969da") + "</defs>\n" + body + arcs + "</svg>\n";
  }

 private:
  static constexpr int kInput = -1;

  [[nodiscard]] bool heading(int item) const { return item >= 0 && container_[static_cast<std::size_t>(item)]; }

  [[nodiscard]] std::string name(int item) const {
    if (item == kInput) return "input";
    const auto& m = rows_[static_cast<std::size_t>(item)];
    return m.path + " (" + m.type + ")";
  }

  // The item a row is drawn as: itself, or its depth-1 ancestor (none for a module that contains
  // others: the modules it calls make its result).
  [[nodiscard]] std::vector<int> shown(int row) const {
    if (row < 0 || row >= static_cast<int>(rows_.size())) return {kInput};
    if (container_[static_cast<std::size_t>(row)] || ancestor_[row] < 0) return {};
    return {ancestor_[row]};
  }

  // What an edge carries: the producer's outputs (for the data, the consumer's inputs when the
  // data is all it takes).
  [[nodiscard]] std::string edge_label(int src, int dst) const {
    const auto& to = rows_[static_cast<std::size_t>(dst)];
    if (src == kInput && to.from != std::vector<int>{kInput}) return {};
    const auto& shapes = src == kInput ? to.inputs : rows_[static_cast<std::size_t>(src)].outputs;
    std::string label;
    for (const auto& o : shapes) label += (label.empty() ? "" : " | ") + shape_text(o);
    return label;
  }

  // An edge's label as drawn: its first shape, shortened; the whole in its tooltip.
  static std::string drawn_label(const std::string& label) {
    constexpr std::size_t kMax = 48;
    std::string first = label.substr(0, label.find(" | "));
    if (first.size() > kMax) {
      std::size_t cut = kMax;
      while (cut > 0 && (static_cast<unsigned char>(first[cut]) & 0xC0) == 0x80) --cut;  // (not inside a UTF-8 character)
      first = first.substr(0, cut) + "…";
    }
    return html(first.size() < label.size() ? first + " …" : first);
  }

  static std::string marker(const char* id, const char* colour) {
    return std::string("<marker id=\"") + id + "\" markerWidth=\"8\" markerHeight=\"8\" refX=\"8\" refY=\"4\" orient=\"auto\">"
           "<path d=\"M0,0 L8,4 L0,8 z\" fill=\"" + colour + "\"/></marker>";
  }

  const std::vector<ModuleCall>& rows_;
  std::vector<bool> container_;
  std::vector<int> ancestor_;  // the row each is drawn as (-1: none)
  std::vector<std::pair<int, int>> edges_;
};

}  // namespace

std::string shape_report_file_name(const std::string& entry, const std::vector<std::string>& args) {
  std::string name;
  for (char c : entry) name += c == '/' || c == '\\' ? std::string("__") : std::string(1, c);
  if (!args.empty()) {
    std::uint32_t h = 2166136261u;  // FNV-1a over the arguments, each ended by a NUL
    for (const auto& a : args)
      for (std::size_t i = 0; i <= a.size(); ++i) h = (h ^ static_cast<unsigned char>(i < a.size() ? a[i] : '\0')) * 16777619u;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", h);
    name += std::string(".") + hex;
  }
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
    out += "<p class=\"path\">A cell with several shapes: they differ between paths, each with the branch decisions "
           "that lead to it and no other shape; those of a DataLoader's last, smaller minibatch say so.</p>\n";
    out += "<h2>Forward pass</h2>\n" + ForwardGraph(result.modules).svg();
  }
  if (!result.contracts.empty()) {
    // module mode: what each model of the file takes and returns
    out += "<h2>Contracts</h2>\n<ul class=\"contracts\">\n";
    for (const auto& c : result.contracts)
      out += "<li><strong>" + html(line_text(c.where)) + "</strong> <code>" + html(contract_line(c)) + "</code></li>\n";
    out += "</ul>\n";
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
