// tenscan-verify FIXTURE.py: analyses a fixture and checks its inline expectations exactly
// both ways (clang -verify / mypy style; see tests/fixtures/README.md). Expectations are read
// from the comment nodes of the same tree-sitter parse, so '#' inside strings never counts.
#include <cctype>
#include <tree_sitter/api.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "python/parser.h"
#include "tenscan/ci/data_files.h"
#include "tenscan/ci/config.h"
#include "tenscan/ci/versions.h"
#include "tenscan/ci/notebook.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/edits.h"

namespace fs = std::filesystem;
using namespace tenscan;

namespace {

struct Expectation {
  int line = 0;       // where the finding must be
  int comment_line = 0;
  std::string rule;
  std::optional<Level> level;
  std::vector<std::string> substrings;
  int count = 1;
  int matched = 0;
};

// `# expect-fix: DESCRIPTION`: the finding on the line carries this fix (its first).
struct FixExpectation {
  int line = 0;
  std::string description;
  bool matched = false;
};

// `# expect-contract[@+N]: Net.forward(x: [B, 1, H, W]) -> [B, 10]; requires ...; only if ...;
// accepts ...`: module mode's contract of the class defined on the line (ContractExpectation::text).
struct ContractExpectation {
  int line = 0;
  std::string text;
  bool matched = false;
};

// A contract as one line: its signature, then each condition, fixed dim and accepted size.
std::string contract_line(const ModuleContract& c) {
  std::string out = c.signature;
  for (const auto& x : c.conditions) out += "; requires " + x;
  for (const auto& x : c.fixed) out += "; only if " + x;
  for (const auto& x : c.examples) out += "; accepts " + x;
  for (const auto& x : c.when) out += "; when " + x;
  return out;
}

struct Spec {
  std::vector<ContractExpectation> contracts;
  std::vector<Expectation> expects;
  std::vector<FixExpectation> fixes;
  std::map<int, std::string> reveals;  // line -> expected text
  bool expect_none = false;
  bool expect_incomplete = false;   // expect-incomplete: a budget or a gap stops the analysis
  std::vector<std::string> args;
  bool symbolic_args = false;       // tenscan-options: --symbolic-args
  std::vector<SpaceParam> space;    // tenscan-options: --space=NAME[=SPEC] ...
  std::vector<std::string> errors;  // malformed expectation comments
};

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

std::vector<std::string> split_args(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

void parse_expect(const std::string& body, int line, Spec& spec) {
  // body: "expect[@+N|@-N][ COUNT]: [level] rule ["substr"]..."  (already without the leading "expect")
  static const std::regex head(R"(^(@([+-]\d+))?(\s+(\d+))?\s*:\s*(.*)$)");
  std::smatch m;
  if (!std::regex_match(body, m, head)) {
    spec.errors.push_back("line " + std::to_string(line) + ": malformed expectation 'expect" + body + "'");
    return;
  }
  Expectation e;
  e.comment_line = line;
  e.line = line + (m[2].matched ? std::stoi(m[2].str()) : 0);
  if (m[4].matched) e.count = std::stoi(m[4].str());
  std::string rest = trim(m[5].str());
  // substrings in double quotes
  static const std::regex quoted("\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(rest.begin(), rest.end(), quoted); it != std::sregex_iterator(); ++it)
    e.substrings.push_back((*it)[1].str());
  std::string words = std::regex_replace(rest, quoted, "");
  auto ws = split_args(words);
  for (const auto& w : ws) {
    if (w == "error") e.level = Level::Error;
    else if (w == "warning") e.level = Level::Warning;
    else if (w == "note") e.level = Level::Note;
    else if (e.rule.empty()) e.rule = w;
    else spec.errors.push_back("line " + std::to_string(line) + ": unexpected word '" + w + "' in expectation");
  }
  if (e.rule.empty() || !rule_by_id(e.rule)) {
    spec.errors.push_back("line " + std::to_string(line) + ": unknown rule id '" + e.rule + "'");
    return;
  }
  spec.expects.push_back(e);
}

// `expect-fix[@+N]: DESCRIPTION`
void parse_fix(const std::string& c, int line, Spec& spec) {
  static const std::regex fix(R"(^expect-fix(@([+-]\d+))?\s*:\s*(.+)$)");
  std::smatch m;
  if (!std::regex_match(c, m, fix)) {
    spec.errors.push_back("line " + std::to_string(line) + ": malformed '" + c + "'");
    return;
  }
  spec.fixes.push_back({line + (m[2].matched ? std::stoi(m[2].str()) : 0), trim(m[3].str())});
}

void parse_comment(const std::string& text, int line, Spec& spec) {
  std::string c = trim(text.substr(1));  // drop '#'
  if (c.rfind("expect-none", 0) == 0) {
    spec.expect_none = true;
    return;
  }
  if (c.rfind("expect-incomplete", 0) == 0) {
    spec.expect_incomplete = true;
    return;
  }
  if (c.rfind("tenscan-args:", 0) == 0) {
    spec.args = split_args(c.substr(13));
    return;
  }
  if (c.rfind("tenscan-options:", 0) == 0) {
    for (const auto& o : split_args(c.substr(16))) {
      if (o == "--symbolic-args") {
        spec.symbolic_args = true;
      } else if (o.rfind("--space=", 0) == 0) {
        try {
          spec.space.push_back(tenscan::ci::parse_space_option(o.substr(8)));
        } catch (const tenscan::ci::ConfigError& e) {
          spec.errors.push_back("line " + std::to_string(line) + ": " + o + ": " + e.what());
        }
      } else spec.errors.push_back("line " + std::to_string(line) + ": unknown tenscan option '" + o + "'");
    }
    return;
  }
  if (c.rfind("expect-contract", 0) == 0) {
    static const std::regex contract(R"(^expect-contract(@([+-]\d+))?\s*:\s*(.+)$)");
    std::smatch m;
    if (std::regex_match(c, m, contract))
      spec.contracts.push_back({line + (m[2].matched ? std::stoi(m[2].str()) : 0), trim(m[3].str())});
    else
      spec.errors.push_back("line " + std::to_string(line) + ": malformed '" + c + "'");
    return;
  }
  if (c.rfind("reveal:", 0) == 0) {
    spec.reveals[line] = trim(c.substr(7));
    return;
  }
  if (c.rfind("expect", 0) != 0) return;
  // prose that starts with the word ("# expected output: ...") is not an expectation: one is
  // `expect` followed by ':', '@' or a count
  if (c.size() > 6 && std::isalpha(static_cast<unsigned char>(c[6]))) return;
  // several expectations separated by ';'
  std::size_t start = 0;
  while (start < c.size()) {
    std::size_t semi = c.find(';', start);
    std::string part = trim(c.substr(start, semi == std::string::npos ? std::string::npos : semi - start));
    if (part.rfind("expect-fix", 0) == 0) parse_fix(part, line, spec);
    else if (part.rfind("expect", 0) == 0) parse_expect(part.substr(6), line, spec);
    else if (!part.empty()) spec.errors.push_back("line " + std::to_string(line) + ": cannot parse '" + part + "'");
    if (semi == std::string::npos) break;
    start = semi + 1;
  }
}

void collect_comments(TSNode n, const std::string& src, Spec& spec) {
  if (std::string_view(ts_node_type(n)) == "comment") {
    auto b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    parse_comment(src.substr(b, e - b), static_cast<int>(ts_node_start_point(n).row) + 1, spec);
    return;
  }
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; ++i) collect_comments(ts_node_child(n, i), src, spec);
}

// The findings' fixes: exactly the expected ones (`# expect-fix`), and the program with all of
// them applied analyses as completely as before, without the findings they fix and without a
// new one.
bool check_fixes(const std::string& name, Spec& spec, const AnalysisResult& result, const SourceProvider& sources,
                 const AnalysisOptions& options, const std::function<int(const SourceRange&)>& line_of, bool notebook) {
  bool ok = true;
  std::vector<const Fix*> fixes;
  std::set<std::pair<std::string, int>> fixed;  // (rule, line) of the findings fixed
  for (const auto& f : result.findings) {
    if (f.fixes.empty()) continue;
    const int line = line_of(f.location);
    bool matched = false;
    for (auto& e : spec.fixes)
      if (!e.matched && e.line == line && e.description == f.fixes[0].description) matched = e.matched = true;
    if (!matched) {
      std::cout << "unexpected fix: " << name << ":" << line << " " << rule_info(f.rule).id << " \"" << f.fixes[0].description
                << "\"\n";
      ok = false;
    }
    fixed.insert({std::string(rule_info(f.rule).id), line});
    fixes.push_back(&f.fixes[0]);
  }
  for (const auto& e : spec.fixes)
    if (!e.matched) {
      std::cout << "missing fix: " << name << ":" << e.line << " \"" << e.description << "\"\n";
      ok = false;
    }
  if (fixes.empty() || notebook) return ok;
  auto edited = apply_fixes(sources, fixes);
  if (!edited) {
    std::cout << name << ": the fixes do not apply\n";
    return false;
  }
  EditedSource fixed_sources(sources, std::move(*edited));
  AnalysisResult again = tenscan::ci::analyze_entry(fixed_sources, name, options);
  if (again.completeness.complete != result.completeness.complete) {
    std::cout << name << ": with the fixes applied, the analysis is " << (again.completeness.complete ? "" : "in") << "complete\n";
    ok = false;
  }
  std::set<std::pair<std::string, int>> before;
  for (const auto& f : result.findings) before.insert({std::string(rule_info(f.rule).id), line_of(f.location)});
  for (const auto& f : again.findings) {
    const std::pair<std::string, int> key{std::string(rule_info(f.rule).id), line_of(f.location)};
    if (fixed.count(key) == 0 && before.count(key) != 0) continue;
    std::cout << "after the fixes: " << name << ":" << key.second << " " << key.first << " \"" << f.message << "\"\n";
    ok = false;
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: tenscan-verify FIXTURE.py\n";
    return 2;
  }
  fs::path fixture = fs::absolute(argv[1]);
  std::ifstream in(fixture, std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << fixture << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string src = ss.str();
  // a notebook: its expectations are comments of its script, and a finding's place in the
  // notebook (cell, line) is mapped back to the script's line to match them
  std::map<std::pair<int, int>, int> script_line;
  if (tenscan::ci::is_notebook(fixture.string())) {
    std::string error;
    auto nb = tenscan::ci::read_notebook(src, error);
    if (!nb) {
      std::cout << fixture.filename().string() << ": " << error << "\n";
      return 1;
    }
    src = nb->source;
    for (std::size_t i = 0; i < nb->lines.size(); ++i)
      script_line[{nb->lines[i].cell, nb->lines[i].line}] = static_cast<int>(i) + 1;
  }
  auto line_of = [&](const SourceRange& r) {
    if (script_line.empty()) return r.line;
    auto it = script_line.find({r.cell.cell, r.cell.line});
    return it == script_line.end() ? -r.line : it->second;  // (negative: not in a cell, matches nothing)
  };
  Spec spec;
  python::Tree tree = python::parse_python(src);
  if (tree) collect_comments(ts_tree_root_node(tree.get()), src, spec);
  std::string name = fixture.filename().string();
  bool ok = true;
  for (const auto& e : spec.errors) {
    std::cout << name << ": bad expectation: " << e << "\n";
    ok = false;
  }
  if (spec.expects.empty() && !spec.expect_none && spec.reveals.empty() && spec.contracts.empty()) {
    std::cout << name << ": has no expectations; a fixture without findings must say `# expect-none`\n";
    ok = false;
  }
  if (!spec.expects.empty() && spec.expect_none) {
    std::cout << name << ": has both `# expect-none` and expectations\n";
    ok = false;
  }

  DirectorySource sources(fixture.parent_path());
  AnalysisOptions options;
  options.script_args = spec.args;
  options.symbolic_args = spec.symbolic_args;
  options.space = spec.space;
  options.parse_data = tenscan::ci::data_parser();  // (as `tenscan check` reads configurations)
  // a tenscan.json next to the fixture applies as it does to `tenscan check` (stub
  // directories, data hints, ranges, model declarations)
  try {
    tenscan::ci::Config config = tenscan::ci::load_config(fixture.parent_path(), std::nullopt);
    options.stub_dirs = config.stub_dirs;
    options.data_hints = config.data;
    options.attribute_ranges = config.ranges;
    options.model_decls = config.models;
    options.library_versions = config.versions;
  } catch (const tenscan::ci::ConfigError& e) {
    std::cout << name << ": " << e.what() << "\n";
    return 1;
  }
  // (and the versions the requirement files beside it pin)
  options.library_versions.merge(tenscan::ci::pinned_versions(sources, name));
  AnalysisResult result = tenscan::ci::analyze_entry(sources, name, options);
  if (!result.completed) {
    std::cout << name << ": the analysis did not complete\n";
    ok = false;
  }
  // a fixture's verdict is one of a completed analysis, unless it says otherwise
  if (result.completeness.complete == spec.expect_incomplete) {
    std::cout << name << ": the analysis was " << (spec.expect_incomplete ? "complete" : "incomplete")
              << (spec.expect_incomplete ? " but the fixture says `# expect-incomplete`" : ": ") ;
    if (!spec.expect_incomplete)
      for (const auto& c : result.completeness.causes) std::cout << c.what << " (" << c.paths << " paths); ";
    std::cout << "\n";
    ok = false;
  }
  for (const auto& f : result.findings) {
    bool matched = false;
    for (auto& e : spec.expects) {
      if (e.matched >= e.count || e.line != line_of(f.location) || e.rule != rule_info(f.rule).id) continue;
      if (e.level && *e.level != f.level) continue;
      bool subs = true;
      for (const auto& s : e.substrings) subs = subs && f.message.find(s) != std::string::npos;
      if (!subs) continue;
      ++e.matched;
      matched = true;
      break;
    }
    if (!matched) {
      std::cout << "unexpected: " << name << ":" << line_of(f.location) << ":" << f.location.col << " " << level_name(f.level)
                << " " << rule_info(f.rule).id << " \"" << f.message << "\"\n";
      ok = false;
    }
  }
  ok = check_fixes(name, spec, result, sources, options, line_of, !script_line.empty()) && ok;
  // module mode's contracts: exactly the expected ones
  for (const auto& c : result.contracts) {
    const std::string text = contract_line(c);
    auto it = std::find_if(spec.contracts.begin(), spec.contracts.end(), [&](const ContractExpectation& e) {
      return !e.matched && e.line == line_of(c.where) && e.text == text;
    });
    if (it != spec.contracts.end()) {
      it->matched = true;
      continue;
    }
    std::cout << "unexpected contract: " << name << ":" << line_of(c.where) << " " << text << "\n";
    ok = false;
  }
  for (const auto& e : spec.contracts)
    if (!e.matched) {
      std::cout << "missing contract: " << name << ":" << e.line << " " << e.text << "\n";
      ok = false;
    }
  for (const auto& e : spec.expects) {
    if (e.matched < e.count) {
      std::cout << "missing: " << name << ":" << e.line << " " << e.rule;
      for (const auto& s : e.substrings) std::cout << " \"" << s << "\"";
      if (e.count > 1) std::cout << " (" << e.matched << " of " << e.count << " found)";
      std::cout << "\n";
      ok = false;
    }
  }
  // reveal probes: exactly the expected text, and no probe without an expectation
  std::map<int, std::vector<std::string>> got;
  for (const auto& n : result.notifications)
    if (n.kind == Notification::Kind::Reveal && n.location.path == name) got[line_of(n.location)].push_back(n.message);
  for (const auto& [line, want] : spec.reveals) {
    auto it = got.find(line);
    if (it == got.end()) {
      std::cout << "missing reveal: " << name << ":" << line << " expected '" << want << "' (line not reached)\n";
      ok = false;
      continue;
    }
    for (const auto& g : it->second)
      if (g != want) {
        std::cout << "wrong reveal: " << name << ":" << line << " expected '" << want << "' but got '" << g << "'\n";
        ok = false;
      }
  }
  for (const auto& [line, texts] : got)
    if (!spec.reveals.count(line)) {
      std::cout << "unexpected reveal: " << name << ":" << line << " '" << texts[0] << "'\n";
      ok = false;
    }
  if (!ok) {
    std::cout << "-- notifications --\n";
    for (const auto& n : result.notifications)
      if (n.kind != Notification::Kind::Reveal)
        std::cout << "  " << n.location.path << ":" << line_of(n.location) << " " << notification_kind_name(n.kind) << ": "
                  << n.message << "\n";
  }
  std::cout << name << ": " << (ok ? "ok" : "FAILED") << " (" << result.findings.size() << " findings, "
            << spec.expects.size() << " expectations)\n";
  return ok ? 0 : 1;
}
