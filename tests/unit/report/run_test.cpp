// The run model's pure steps: names, deduplication, fingerprints, baselines, suppressions,
// merging.
#include "tenscan/report/run.h"

#include <catch2/catch.hpp>
#include <regex>

#include "sample.h"
#include "tenscan/core/rules.h"

using namespace tenscan;
using namespace tenscan::report;

namespace {

Finding make(RuleId rule, std::string path, int line, std::string message, std::string identity = "") {
  Finding f;
  f.rule = rule;
  f.message = std::move(message);
  f.location = {std::move(path), line, 5, line, 9};
  f.identity = std::move(identity);
  return f;
}

RunFinding run_finding(Finding f, std::vector<std::string> entries = {}) {
  return {std::move(f), {}, std::move(entries), BaselineState::None, false, false};
}

std::vector<std::string> fingerprints(const std::vector<RunFinding>& findings) {
  std::vector<std::string> out;
  for (const auto& f : findings) out.push_back(f.fingerprint);
  return out;
}

SourceLookup one_file(std::string path, std::string text) {
  return [path, text](const std::string& p) -> std::optional<std::string> {
    if (p == path) return text;
    return std::nullopt;
  };
}

}  // namespace

TEST_CASE("run: status and baseline names round-trip", "[run]") {
  for (auto s : {BaselineState::None, BaselineState::New, BaselineState::Unchanged, BaselineState::Absent})
    CHECK(baseline_state_from_name(baseline_state_name(s)) == s);
  CHECK(std::string(baseline_state_name(BaselineState::Unchanged)) == "unchanged");
  CHECK_FALSE(baseline_state_from_name("updated"));
  for (auto s : {EntryStatus::Analysed, EntryStatus::Failed, EntryStatus::Crashed, EntryStatus::TimedOut,
                 EntryStatus::OutOfMemory})
    CHECK(entry_status_from_name(entry_status_name(s)) == s);
  CHECK(std::string(entry_status_name(EntryStatus::TimedOut)) == "timed-out");
  CHECK(std::string(entry_status_name(EntryStatus::OutOfMemory)) == "out-of-memory");
  CHECK_FALSE(entry_status_from_name("Crashed"));
  CHECK_FALSE(entry_status_from_name(""));
}

TEST_CASE("run: complete means every entry was analysed", "[run]") {
  RunReport run;
  CHECK(run.complete());
  run.entries.push_back({"a.py", {}, EntryStatus::Analysed, "", 0, {}, {}});
  CHECK(run.complete());
  run.entries.push_back({"b.py", {}, EntryStatus::TimedOut, "timed out", 0, {}, {}});
  CHECK_FALSE(run.complete());
  CHECK_FALSE(sample::run().complete());
}

TEST_CASE("run: collect_findings joins one finding reported by several entries", "[run]") {
  const auto run = sample::run();
  REQUIRE(run.findings.size() == 2);
  CHECK(run.findings[0].finding.rule == RuleId::ReshapeNumel);  // models/net.py sorts first
  CHECK(run.findings[0].entries == std::vector<std::string>{"eval.py", "train.py"});
  CHECK(run.findings[1].finding.rule == RuleId::Broadcast);
  CHECK(run.findings[1].entries == std::vector<std::string>{"train.py"});
  for (const auto& f : run.findings) {
    CHECK(std::regex_match(f.fingerprint, std::regex("[0-9a-f]{16}")));
    CHECK(f.baseline == BaselineState::None);
    CHECK_FALSE(f.suppressed);
  }
  CHECK(run.findings[0].fingerprint != run.findings[1].fingerprint);

  // A different message at the same place is a different finding.
  AnalysisResult a, b;
  a.findings = {make(RuleId::Broadcast, "x.py", 3, "one")};
  b.findings = {make(RuleId::Broadcast, "x.py", 3, "two"), make(RuleId::Broadcast, "x.py", 3, "one")};
  auto joined = collect_findings({{"b.py", &b}, {"a.py", &a}});
  REQUIRE(joined.size() == 2);
  CHECK(joined[0].finding.message == "one");
  CHECK(joined[0].entries == std::vector<std::string>{"a.py", "b.py"});
  CHECK(joined[1].entries == std::vector<std::string>{"b.py"});
}

TEST_CASE("run: fingerprints ignore lines and number repeats in line order", "[run][fingerprint]") {
  const auto f = make(RuleId::Broadcast, "m.py", 10, "msg", "shape/broadcast|f|msg");
  std::vector<RunFinding> one{run_finding(f)};
  assign_fingerprints(one);
  const std::string base = one[0].fingerprint;
  REQUIRE(base.size() == 16);

  auto moved = f;
  moved.location.line = 42;
  std::vector<RunFinding> later{run_finding(moved)};
  assign_fingerprints(later);
  CHECK(later[0].fingerprint == base);

  // Same identity three times in m.py (given out of order) and once in n.py.
  auto at = [&](std::string path, int line) {
    auto g = f;
    g.location.path = std::move(path);
    g.location.line = g.location.end_line = line;
    return run_finding(g);
  };
  std::vector<RunFinding> many{at("m.py", 30), at("n.py", 1), at("m.py", 10), at("m.py", 20)};
  assign_fingerprints(many);
  CHECK(many[2].fingerprint == base);
  CHECK(many[3].fingerprint == base + ":2");
  CHECK(many[0].fingerprint == base + ":3");
  CHECK(many[1].fingerprint.size() == 16);
  CHECK(many[1].fingerprint != base);  // the path is part of it

  sort_run_findings(many);
  CHECK(fingerprints(many) == std::vector<std::string>{base, base + ":2", base + ":3", many[3].fingerprint});
  CHECK(many[3].finding.location.path == "n.py");
}

TEST_CASE("run: classify_against_baseline by fingerprint", "[run][baseline]") {
  auto head = sample::run();
  std::vector<RunFinding> baseline{
      head.findings[0], run_finding(make(RuleId::RankMismatch, "old.py", 4, "gone"), {"train.py"})};
  baseline[1].fingerprint = "00000000000000aa";
  baseline[0].finding.location.line = 99;  // moved since: still the same finding
  classify_against_baseline(head, baseline);
  CHECK(head.baseline_compared);
  CHECK(head.findings[0].baseline == BaselineState::Unchanged);
  CHECK(head.findings[1].baseline == BaselineState::New);
  REQUIRE(head.absent.size() == 1);
  CHECK(head.absent[0].fingerprint == "00000000000000aa");
  CHECK(head.absent[0].baseline == BaselineState::Absent);

  // An empty baseline: everything new, nothing fixed.
  auto fresh = sample::run();
  classify_against_baseline(fresh, {});
  CHECK(fresh.absent.empty());
  for (const auto& f : fresh.findings) CHECK(f.baseline == BaselineState::New);
}

TEST_CASE("run: suppression comments on the line and alone on the line above", "[run][suppress]") {
  struct Case {
    const char* source;  // the finding is on line 2 (shape/broadcast)
    bool suppressed;
  };
  const Case cases[] = {
      {"a = 1\ny = x + z  # tenscan: ignore\n", true},
      {"a = 1\ny = x + z  #tenscan:ignore\n", true},
      {"a = 1\ny = x + z  # tenscan: ignore[shape/broadcast]\n", true},
      {"a = 1\ny = x + z  # tenscan: ignore[ shape/rank-mismatch ,shape/broadcast ]\n", true},
      {"a = 1\ny = x + z  # noqa: E501  # tenscan: ignore\n", true},
      {"a = 1\ny = x + z  # tenscan: ignore # why: the shapes are checked upstream\n", true},
      {"# tenscan: ignore[shape/broadcast]\ny = x + z\n", true},
      {"    # tenscan: ignore\r\ny = x + z\r\n", true},
      {"a = 1\ny = x + z  # tenscan: ignore[shape/rank-mismatch]\n", false},  // another rule
      {"# tenscan: ignore[shape/rank-mismatch]\ny = x + z\n", false},
      {"a = 1  # tenscan: ignore\ny = x + z\n", false},  // a trailing comment covers its own line only
      {"a = 1\ny = f('# tenscan: ignore')\n", false},    // inside a string literal
      {"a = 1\ny = f(\"it's # tenscan: ignore\")\n", false},
      {"a = 1\ny = f('a\\'b # tenscan: ignore')\n", false},
      {"a = 1\ny = f('x')  # tenscan: ignore\n", true},
      {"a = 1\ny = x + z  # tenscan: ignored\n", false},
      {"a = 1\ny = x + z  # tenscan: ignore[shape/broadcast\n", false},  // unclosed list
      {"a = 1\ny = x + z  # see tenscan: ignore\n", false},
      {"a = 1\ny = x + z\n# tenscan: ignore\n", false},
  };
  for (const auto& c : cases) {
    INFO(c.source);
    const auto f = make(RuleId::Broadcast, "t.py", 2, "m");
    CHECK(is_suppressed(f, one_file("t.py", c.source)) == c.suppressed);
  }
  // No source, line 0 or line 1: never suppressed, never a crash.
  CHECK_FALSE(is_suppressed(make(RuleId::Broadcast, "t.py", 2, "m"), {}));
  CHECK_FALSE(
      is_suppressed(make(RuleId::Broadcast, "t.py", 0, "m"), one_file("t.py", "# tenscan: ignore\n")));
  CHECK(is_suppressed(make(RuleId::Broadcast, "t.py", 1, "m"), one_file("t.py", "x  # tenscan: ignore")));

  std::vector<RunFinding> findings{run_finding(make(RuleId::Broadcast, "t.py", 2, "m")),
                                   run_finding(make(RuleId::Broadcast, "t.py", 3, "m")),
                                   run_finding(make(RuleId::RankMismatch, "t.py", 2, "m"))};
  int reads = 0;
  SourceLookup counting = [&](const std::string&) -> std::optional<std::string> {
    ++reads;
    return "a\ny  # tenscan: ignore[shape/broadcast]\nz\n";
  };
  apply_suppressions(findings, counting);
  CHECK(findings[0].suppressed);
  CHECK_FALSE(findings[1].suppressed);
  CHECK_FALSE(findings[2].suppressed);
  CHECK(reads == 1);
}

TEST_CASE("run: merge_reports joins shards like one run", "[run][merge]") {
  const auto f = make(RuleId::Broadcast, "lib.py", 10, "msg", "id");
  auto g = f;
  g.location.line = g.location.end_line = 5;

  RunReport a, b;
  a.entries = {{"z.py", {}, EntryStatus::Analysed, "", 1, {}, {}}};
  b.entries = {{"a.py", {}, EntryStatus::Crashed, "boom", 2, {}, {}}};
  // Shard a saw only line 10, shard b both: b numbered line 5 first.
  a.findings = {run_finding(f, {"z.py"})};
  assign_fingerprints(a.findings);
  b.findings = {run_finding(f, {"a.py"}), run_finding(g, {"a.py"})};
  assign_fingerprints(b.findings);
  const std::string base = a.findings[0].fingerprint;
  a.head_revision = b.head_revision = "abc";

  auto merged = merge_reports({a, b});
  REQUIRE(merged.entries.size() == 2);
  CHECK(merged.entries[0].path == "a.py");
  CHECK(merged.entries[1].path == "z.py");
  REQUIRE(merged.findings.size() == 2);
  CHECK(merged.findings[0].finding.location.line == 5);
  CHECK(merged.findings[0].fingerprint == base);
  CHECK(merged.findings[0].entries == std::vector<std::string>{"a.py"});
  CHECK(merged.findings[1].finding.location.line == 10);
  CHECK(merged.findings[1].fingerprint == base + ":2");
  CHECK(merged.findings[1].entries == std::vector<std::string>{"a.py", "z.py"});
  CHECK_FALSE(merged.baseline_compared);
  CHECK(merged.head_revision == "abc");

  // The same as collecting everything in one run.
  AnalysisResult ra, rb;
  ra.findings = {f};
  rb.findings = {f, g};
  CHECK(fingerprints(collect_findings({{"z.py", &ra}, {"a.py", &rb}})) == fingerprints(merged.findings));

  SECTION("baselines: kept only if every part compared one; a finding one shard lost is not fixed") {
    auto h = make(RuleId::RankMismatch, "old.py", 1, "old");
    a.baseline_compared = b.baseline_compared = true;
    a.base_revision = b.base_revision = "base";
    a.findings[0].baseline = BaselineState::New;
    a.absent = {run_finding(h)};
    a.absent[0].fingerprint = "ffffffffffffffff";
    a.absent[0].baseline = BaselineState::Absent;
    b.absent = {a.absent[0]};
    b.findings[0].baseline = BaselineState::Unchanged;  // line 10 (numbered ":2" in b)
    b.findings[1].baseline = BaselineState::New;
    b.absent.push_back(run_finding(f));  // b's baseline had line 10 as `base`: a reports it
    b.absent.back().fingerprint = base + ":2";
    auto m = merge_reports({a, b});
    CHECK(m.baseline_compared);
    CHECK(m.base_revision == "base");
    REQUIRE(m.absent.size() == 1);
    CHECK(m.absent[0].fingerprint == "ffffffffffffffff");
    CHECK(m.findings[0].baseline == BaselineState::New);
    CHECK(m.findings[1].baseline == BaselineState::Unchanged);

    b.baseline_compared = false;
    auto partial = merge_reports({a, b});
    CHECK_FALSE(partial.baseline_compared);
    CHECK(partial.absent.empty());
    CHECK(partial.base_revision.empty());
    for (const auto& x : partial.findings) CHECK(x.baseline == BaselineState::None);
  }

  SECTION("nothing to merge") {
    auto none = merge_reports({});
    CHECK(none.entries.empty());
    CHECK_FALSE(none.baseline_compared);
    auto same = merge_reports({a, a});
    CHECK(same.entries.size() == 1);
    CHECK(same.findings.size() == 1);
  }
}
