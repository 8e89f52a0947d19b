// Test support for unit tests that run the real analyzer on small in-memory programs: an
// in-memory SourceProvider (MemorySource), accessors for reveal probes and findings (Run),
// fixture-style inline expectations (check_program), and tables of small cases analysed as one
// program (Batch, run_rows).
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"

namespace tenscan_test {

using tenscan::MemorySource;

/// One analysis of an in-memory program, with accessors for what tests look at.
struct Run {
  tenscan::AnalysisResult result;

  /// Every reveal probe's text, in report order.
  [[nodiscard]] std::vector<std::string> reveals() const {
    std::vector<std::string> out;
    for (const auto& n : result.notifications)
      if (n.kind == tenscan::Notification::Kind::Reveal) out.push_back(n.message);
    return out;
  }
  /// The reveal texts reported on one line of main.py.
  [[nodiscard]] std::vector<std::string> reveals_at(int line) const {
    std::vector<std::string> out;
    for (const auto& n : result.notifications)
      if (n.kind == tenscan::Notification::Kind::Reveal && n.location.line == line) out.push_back(n.message);
    return out;
  }
  /// The single reveal on `line`, or "<none>" / "<several: a | b>" so a mismatch prints well.
  [[nodiscard]] std::string reveal_at(int line) const {
    auto r = reveals_at(line);
    if (r.empty()) return "<none>";
    if (r.size() == 1) return r[0];
    std::string s = "<several:";
    for (const auto& x : r) s += " " + x + " |";
    return s + ">";
  }
  /// Findings as "rule-id@line", in report order.
  [[nodiscard]] std::vector<std::string> findings() const {
    std::vector<std::string> out;
    for (const auto& f : result.findings)
      out.push_back(std::string(tenscan::rule_info(f.rule).id) + "@" + std::to_string(f.location.line));
    return out;
  }
  /// Notifications of one kind, as messages.
  [[nodiscard]] std::vector<std::string> notes(tenscan::Notification::Kind kind) const {
    std::vector<std::string> out;
    for (const auto& n : result.notifications)
      if (n.kind == kind) out.push_back(n.message);
    return out;
  }
  [[nodiscard]] bool has_note_containing(tenscan::Notification::Kind kind, const std::string& text) const {
    for (const auto& n : result.notifications)
      if (n.kind == kind && n.message.find(text) != std::string::npos) return true;
    return false;
  }
};

inline Run analyze_files(std::map<std::string, std::string> files, const std::string& entry = "main.py",
                         const tenscan::AnalysisOptions& options = {}) {
  MemorySource src(std::move(files));
  return Run{tenscan::analyze(src, entry, options)};
}

/// Analyses `program` as main.py (with `args` as its command line).
inline Run analyze_program(const std::string& program, std::vector<std::string> args = {},
                           tenscan::AnalysisOptions options = {}) {
  options.script_args = std::move(args);
  return analyze_files({{"main.py", program}}, "main.py", options);
}

/// `v`, sorted (reveals of one site on several paths come in path order).
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

/// Runs `program` as main.py and checks its inline expectations, fixture style:
///   `# reveal: TEXT`      the reveals on this line are exactly TEXT; a line reached on several
///                         paths with different values lists them sorted, joined by " | "
///   `# reveal-none`       nothing is revealed on this line (no path gets there)
///   `# expect: rule/id`   a finding with this rule on this line (several: "a; b")
/// Every reveal and every finding must be expected somewhere. Returns the run for further checks.
inline Run check_program(const std::string& program, std::vector<std::string> args = {},
                         tenscan::AnalysisOptions options = {}) {
  Run r = analyze_program(program, std::move(args), std::move(options));
  std::map<int, std::string> want_reveal, want_findings;
  std::set<int> want_none;
  {
    std::stringstream ss(program);
    std::string l;
    int line = 0;
    while (std::getline(ss, l)) {
      ++line;
      if (auto p = l.find("# reveal: "); p != std::string::npos) want_reveal[line] = l.substr(p + 10);
      if (l.find("# reveal-none") != std::string::npos) want_none.insert(line);
      if (auto p = l.find("# expect: "); p != std::string::npos) want_findings[line] = l.substr(p + 10);
    }
  }
  std::map<int, std::vector<std::string>> got_reveal;
  for (const auto& n : r.result.notifications)
    if (n.kind == tenscan::Notification::Kind::Reveal) got_reveal[n.location.line].push_back(n.message);
  for (auto& [line, texts] : got_reveal) {
    std::sort(texts.begin(), texts.end());
    std::string joined;
    for (const auto& t : texts) joined += (joined.empty() ? "" : " | ") + t;
    INFO("reveal on line " << line << ": " << joined);
    auto it = want_reveal.find(line);
    REQUIRE(it != want_reveal.end());
    CHECK(joined == it->second);
  }
  for (const auto& [line, text] : want_reveal) {
    INFO("expected a reveal on line " << line << ": " << text);
    CHECK(got_reveal.count(line) == 1);
  }
  for (int line : want_none) {
    INFO("expected no reveal on line " << line);
    CHECK(got_reveal.count(line) == 0);
  }
  std::map<int, std::string> got_findings;
  for (const auto& f : r.result.findings) {
    auto& s = got_findings[f.location.line];
    s += (s.empty() ? "" : "; ") + std::string(tenscan::rule_info(f.rule).id);
  }
  for (const auto& [line, rules] : got_findings) {
    INFO("finding(s) on line " << line << ": " << rules);
    CHECK(want_findings.count(line) == 1);
  }
  for (const auto& [line, rules] : want_findings) {
    INFO("expected finding(s) on line " << line << ": " << rules);
    CHECK(got_findings[line] == rules);
  }
  return r;
}

/// Number of lines in `text` (a trailing newline does not start a new line).
inline int line_count(const std::string& text) {
  int n = 0;
  for (char c : text)
    if (c == '\n') ++n;
  if (!text.empty() && text.back() != '\n') ++n;
  return n;
}

/// A table of small programs analysed together (one analysis for the whole table keeps the
/// suite fast). Each case is Python code whose last line is an expression; it runs inside its
/// own function, guarded by try/except so that a case which raises cannot hide the others,
/// and the expression's value is revealed on the case's last line:
///
///     def _case7():
///         <code lines but the last>
///         tenscan_reveal(<last line>)
///     try:
///         _case7()
///     except Exception:
///         tenscan_reveal('raised')
///
/// An expectation is either the exact reveal text ("[2, 3] float32"), a regular expression
/// prefixed with '~', or "!rule/id" (exactly one finding, with that rule, on the case's last
/// line) or "!rule/id@k" (on line k of the case, 1-based). A case expecting a value must not
/// raise and must have no finding; a case expecting a finding may raise after it (a library
/// model can, as PyTorch does).
struct Case {
  std::string code;
  std::string expect;
};

inline const char* torch_header() {
  return "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n";
}

class Batch {
 public:
  explicit Batch(std::vector<Case> cases, const std::string& header = torch_header())
      : cases_(std::move(cases)) {
    program_ = header;
    int line = line_count(header) + 1;
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      std::vector<std::string> lines = split_lines(cases_[i].code);
      Span sp;
      sp.start = line;
      program_ += "def _case" + std::to_string(i) + "():\n";
      for (std::size_t k = 0; k + 1 < lines.size(); ++k) program_ += "    " + lines[k] + "\n";
      program_ += "    tenscan_reveal(" + lines.back() + ")\n";
      sp.last = line + static_cast<int>(lines.size());
      program_ +=
          "try:\n    _case" + std::to_string(i) + "()\nexcept Exception:\n    tenscan_reveal('raised')\n";
      sp.end = sp.last + 4;
      line = sp.end + 1;
      spans_.push_back(sp);
    }
    run_ = analyze_program(program_);
  }

  [[nodiscard]] std::size_t size() const { return cases_.size(); }
  [[nodiscard]] const Run& run() const { return run_; }
  [[nodiscard]] const std::string& program() const { return program_; }
  [[nodiscard]] std::string name(std::size_t i) const {
    std::string code = cases_[i].code;
    for (auto& c : code)
      if (c == '\n') c = ';';
    return "#" + std::to_string(i) + " " + code + " -> " + cases_[i].expect;
  }

  /// Findings of case i as "rule-id@k" (k: line within the case, 1-based).
  [[nodiscard]] std::vector<std::string> findings_of(std::size_t i) const {
    std::vector<std::string> out;
    const Span& sp = spans_[i];
    for (const auto& f : run_.result.findings)
      if (f.location.path == "main.py" && f.location.line >= sp.start && f.location.line <= sp.end)
        out.push_back(std::string(tenscan::rule_info(f.rule).id) + "@" +
                      std::to_string(f.location.line - sp.start));
    return out;
  }
  [[nodiscard]] std::vector<std::string> reveals_in(std::size_t i) const {
    std::vector<std::string> out;
    const Span& sp = spans_[i];
    for (const auto& n : run_.result.notifications)
      if (n.kind == tenscan::Notification::Kind::Reveal && n.location.line >= sp.start &&
          n.location.line <= sp.end)
        out.push_back(n.message);
    return out;
  }

  void check(std::size_t i) const {
    const Case& c = cases_[i];
    const Span& sp = spans_[i];
    INFO("case: " << c.code);
    INFO("expected: " << c.expect);
    std::vector<std::string> got = findings_of(i);
    if (!c.expect.empty() && c.expect[0] == '!') {
      std::string rule = c.expect.substr(1);
      int at = sp.last - sp.start;
      if (auto p = rule.find('@'); p != std::string::npos) {
        at = std::stoi(rule.substr(p + 1));
        rule = rule.substr(0, p);
      }
      REQUIRE(tenscan::rule_by_id(rule).has_value());
      CHECK(got == std::vector<std::string>{rule + "@" + std::to_string(at)});
      for (const auto& f : run_.result.findings)
        if (f.location.line >= sp.start && f.location.line <= sp.end) {
          CHECK_FALSE(f.message.empty());
          CHECK(f.location.path == "main.py");
          CHECK(f.location.col >= 1);
        }
      return;
    }
    CHECK(got.empty());
    std::vector<std::string> all = reveals_in(i);
    CHECK(std::find(all.begin(), all.end(), "'raised'") == all.end());
    std::string text = run_.reveal_at(sp.last);
    if (!c.expect.empty() && c.expect[0] == '~') {
      INFO("revealed: " << text);
      CHECK(std::regex_match(text, std::regex(c.expect.substr(1))));
    } else {
      CHECK(text == c.expect);
    }
  }

  /// Every finding of the program lies inside some case.
  void check_no_stray_findings() const {
    for (const auto& f : run_.result.findings) {
      bool inside = false;
      for (const auto& sp : spans_)
        inside = inside || (f.location.line >= sp.start && f.location.line <= sp.end);
      INFO("finding: " << tenscan::rule_info(f.rule).id << " at line " << f.location.line << ": "
                       << f.message);
      CHECK(inside);
    }
  }

 private:
  struct Span {
    int start = 0, last = 0, end = 0;
  };
  static std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string l;
    while (std::getline(ss, l)) out.push_back(l);
    if (out.empty()) out.emplace_back("None");
    return out;
  }
  std::vector<Case> cases_;
  std::vector<Span> spans_;
  std::string program_;
  Run run_;
};

/// One DYNAMIC_SECTION per case (the analysis itself ran once, when `batch` was built).
inline void run_rows(const Batch& batch) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    DYNAMIC_SECTION(batch.name(i)) {
      batch.check(i);
    }
  }
  SECTION("no findings outside the cases") {
    batch.check_no_stray_findings();
  }
}

}  // namespace tenscan_test
