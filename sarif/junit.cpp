// The JUnit XML reporter (layout and choices in junit.h).
#include "tenscan/report/junit.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "internal.h"
#include "tenscan/core/rules.h"

namespace tenscan::report {
namespace {

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// XML 1.0 character data: markup characters escaped; characters XML 1.0 does not allow
// (control characters, U+FFFE/U+FFFF) and invalid UTF-8 become U+FFFD. In attributes, quotes
// and whitespace other than ' ' are character references (attribute-value normalisation would
// turn them into spaces).
std::string escape(std::string_view s, bool attribute) {
  std::string out;
  detail::for_each_code_point(s, [&](char32_t c, std::size_t) {
    switch (c) {
      case '&':
        out += "&amp;";
        return;
      case '<':
        out += "&lt;";
        return;
      case '>':
        out += "&gt;";
        return;
      case '\r':
        out += "&#13;";
        return;
      default:
        break;
    }
    if (attribute) {
      switch (c) {
        case '"':
          out += "&quot;";
          return;
        case '\'':
          out += "&apos;";
          return;
        case '\t':
          out += "&#9;";
          return;
        case '\n':
          out += "&#10;";
          return;
        default:
          break;
      }
    }
    const bool allowed = c == '\t' || c == '\n' || (c >= 0x20 && c != 0xFFFE && c != 0xFFFF);
    append_utf8(out, allowed ? c : char32_t{0xFFFD});
  });
  return out;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", std::max(s, 0.0));
  return buf;
}

// "models/net.py:9:18: warning: message"
std::string finding_line(const Finding& f) {
  std::string s = line_text(f.location);
  if (const int col = f.location.cell.cell > 0 ? f.location.cell.col : f.location.col; col > 0)
    s += ":" + std::to_string(col);
  return s + ": " + level_name(f.level) + ": " + f.message + "\n";
}

struct Problem {  // a <failure> or an <error>
  std::string type, message, text;
};

struct Case {
  std::string classname, name, file;
  int line = 0;
  std::optional<double> time;
  std::optional<Problem> error, failure;
  std::string system_out;
};

struct Suite {
  std::string name;
  double time = 0;
  std::vector<Case> cases;
  std::size_t entry_case = SIZE_MAX;  // the entry's own testcase, if the suite is an entry's
  int count(std::optional<Problem> Case::*which) const {
    return static_cast<int>(
        std::count_if(cases.begin(), cases.end(), [&](const Case& c) { return (c.*which).has_value(); }));
  }
};

void write_problem(std::string& out, const char* element, const Problem& p) {
  out += "      <" + std::string(element) + " type=\"" + escape(p.type, true) + "\" message=\"" +
         escape(p.message, true) + "\">" + escape(p.text, false) + "</" + element + ">\n";
}

void write_case(std::string& out, const Case& c) {
  out +=
      "    <testcase classname=\"" + escape(c.classname, true) + "\" name=\"" + escape(c.name, true) + "\"";
  if (!c.file.empty())
    out += " file=\"" + escape(c.file, true) + "\" line=\"" + std::to_string(std::max(c.line, 1)) + "\"";
  if (c.time) out += " time=\"" + seconds(*c.time) + "\"";
  if (!c.error && !c.failure && c.system_out.empty()) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  if (c.error) write_problem(out, "error", *c.error);  // jenkins-junit.xsd order: error*, failure*
  if (c.failure) write_problem(out, "failure", *c.failure);
  if (!c.system_out.empty()) out += "      <system-out>" + escape(c.system_out, false) + "</system-out>\n";
  out += "    </testcase>\n";
}

}  // namespace

std::string render_junit(const RunReport& run) {
  std::vector<Suite> suites;
  std::map<std::string, std::size_t> suite_of_path;  // an entry path's first suite
  for (std::size_t index : detail::entry_order(run.entries)) {
    const EntryOutcome& e = run.entries[index];
    Suite s{detail::entry_label(e), e.seconds, {}, 0};
    Case c{detail::entry_label(e), "tenscan", "", 0, e.seconds, std::nullopt, std::nullopt, ""};
    if (e.status != EntryStatus::Analysed) {
      const auto& info = detail::status_info(e.status);
      const std::string message =
          "analysis " + std::string(info.verb) + (e.detail.empty() ? "" : ": " + e.detail);
      c.error = Problem{info.name, message, message + "\n"};
    }
    s.cases.push_back(std::move(c));
    suite_of_path.try_emplace(e.path, suites.size());
    suites.push_back(std::move(s));
  }
  if (!run.failure.empty()) {
    // the run's own failure: an erroring test case GitLab's test report shows
    Case c{"tenscan", "run", run.failure_path, 0, 0.0, std::nullopt, std::nullopt, ""};
    c.error = Problem{"analysis/run-failed", run.failure, run.failure + "\n"};
    Suite s{"tenscan", 0, {}, SIZE_MAX};
    s.cases.push_back(std::move(c));
    suite_of_path.try_emplace("tenscan", suites.size());
    suites.push_back(std::move(s));
  }
  // The suite a finding belongs to: its first entry's (a suite of its own for an entry the run
  // does not list; "tenscan" when it names none).
  auto owner = [&](const RunFinding& f) {
    const std::string name = f.entries.empty() ? std::string("tenscan") : f.entries.front();
    auto [it, fresh] = suite_of_path.try_emplace(name, suites.size());
    if (fresh) suites.push_back(Suite{name, 0, {}, SIZE_MAX});
    return it->second;
  };

  // (file, rule) -> the failing findings, in reporting order; unchanged findings go to the
  // entry's system-out.
  std::map<std::pair<std::string, std::string_view>, std::vector<const RunFinding*>> groups;
  for (std::size_t index : detail::finding_order(run.findings)) {
    const RunFinding& f = run.findings[index];
    if (f.suppressed) continue;
    if (run.baseline_compared && f.baseline == BaselineState::Unchanged) {
      Suite& s = suites[owner(f)];
      if (s.entry_case != SIZE_MAX)
        s.cases[s.entry_case].system_out += "unchanged: " + finding_line(f.finding);
      continue;
    }
    groups[{f.finding.location.path, rule_info(f.finding.rule).id}].push_back(&f);
  }
  for (const auto& [key, members] : groups) {
    std::size_t suite = SIZE_MAX;
    for (const RunFinding* f : members) suite = std::min(suite, owner(*f));
    const Finding& first = members.front()->finding;
    Case c{key.first,
           std::string(key.second),
           key.first,
           first.location.line,
           std::nullopt,
           std::nullopt,
           Problem{std::string(key.second), first.message, ""},
           ""};
    for (const RunFinding* f : members) c.failure->text += finding_line(f->finding);
    suites[suite].cases.push_back(std::move(c));
  }
  // GitLab keeps only the first of testcases with the same (classname, name): a repeated pair
  // (the same entry listed twice) gets a numbered name.
  std::set<std::pair<std::string, std::string>> used;
  for (auto& s : suites) {
    for (auto& c : s.cases) {
      const std::string name = c.name;
      for (int n = 2; !used.insert({c.classname, c.name}).second; ++n)
        c.name = name + " (" + std::to_string(n) + ")";
    }
  }

  int tests = 0, failures = 0, errors = 0;
  double total = 0;
  std::string body;
  for (const Suite& s : suites) {
    if (s.cases.empty()) continue;
    const int f = s.count(&Case::failure), e = s.count(&Case::error), n = static_cast<int>(s.cases.size());
    tests += n, failures += f, errors += e, total += s.time;
    body += "  <testsuite name=\"" + escape(s.name, true) + "\" tests=\"" + std::to_string(n) +
            "\" failures=\"" + std::to_string(f) + "\" errors=\"" + std::to_string(e) +
            "\" skipped=\"0\" time=\"" + seconds(s.time) + "\">\n";
    for (const Case& c : s.cases) write_case(body, c);
    body += "  </testsuite>\n";
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tenscan\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
         std::to_string(errors) + "\" time=\"" + seconds(total) + "\">\n" + body + "</testsuites>\n";
}

}  // namespace tenscan::report
