// SARIF for a CI run: baseline states, entries, per-entry failures as notifications,
// suppressions, absent findings in properties only; reading tenscan's SARIF back.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>

#include "sample.h"
#include "tenscan/report/sarif.h"

using namespace tenscan;
using namespace tenscan::report;
using nlohmann::json;

namespace {

SarifOptions options(bool include_suppressed = false) {
  SarifOptions o;
  o.project_root = "/work/repo";
  o.include_suppressed = include_suppressed;
  return o;
}

// sample::compared_run with revisions, the broadcast finding suppressed and the reshape one
// anchored.
RunReport compared_run() {
  auto run = sample::compared_run();
  run.base_revision = "1111111111111111111111111111111111111111";
  run.head_revision = "2222222222222222222222222222222222222222";
  run.findings[1].suppressed = true;
  run.findings[0].anchored = true;
  return run;
}

json sarif_of(const RunReport& run, bool include_suppressed = false) {
  return json::parse(render_sarif(run, sample::lookup(), options(include_suppressed)));
}

}  // namespace

TEST_CASE("run sarif: entries, statuses and notifications", "[sarif][run]") {
  const auto log = sarif_of(sample::run());
  REQUIRE(log["runs"].size() == 1);
  const auto& run = log["runs"][0];
  const auto& results = run["results"];
  REQUIRE(results.size() == 2);
  CHECK(results[0]["properties"]["entries"] == json{"eval.py", "train.py"});
  CHECK(results[0]["properties"]["pathConditions"] == json{"--model is 'big'", "batch_size == 64"});
  CHECK(results[1]["properties"] == json{{"entries", {"train.py"}}});
  CHECK_FALSE(results[0].contains("baselineState"));
  CHECK_FALSE(results[0].contains("suppressions"));
  CHECK(results[0]["partialFingerprints"]["tenscanFinding/v1"] == sample::run().findings[0].fingerprint);

  const auto& inv = run["invocations"][0];
  CHECK(inv["executionSuccessful"] == true);
  const auto& notes = inv["toolExecutionNotifications"];
  REQUIRE(notes.size() == 4);
  CHECK(notes[0] == json::parse(R"({
      "level": "error",
      "message": {"text": "The analysis of eval.py -- --model big crashed: killed by signal 11 (SIGSEGV)."},
      "descriptor": {"id": "analysis/crashed"},
      "locations": [{"physicalLocation": {"artifactLocation": {"uri": "eval.py", "uriBaseId": "%SRCROOT%"}}}],
      "properties": {"entry": "eval.py", "args": ["--model", "big"]}})"));
  CHECK(notes[1]["level"] == "warning");
  CHECK(notes[1]["descriptor"]["id"] == "analysis/timed-out");
  CHECK(notes[1]["message"]["text"] == "The analysis of slow.py timed out: timed out after 60 s.");
  CHECK(notes[2]["descriptor"]["id"] == "analysis/budget");
  CHECK(notes[2]["properties"] == json{{"entry", "train.py"}});
  CHECK(notes[3]["descriptor"]["id"] == "analysis/unmodelled-call");

  const auto& tenscan = run["properties"]["tenscan"];
  CHECK(tenscan["baselineCompared"] == false);
  CHECK_FALSE(tenscan.contains("absent"));
  CHECK_FALSE(tenscan.contains("baseRevision"));
  REQUIRE(tenscan["entries"].size() == 3);
  CHECK(tenscan["entries"][0] == json::parse(R"j({"path": "eval.py", "args": ["--model", "big"],
      "status": "crashed", "detail": "killed by signal 11 (SIGSEGV)", "seconds": 0.25,
      "stats": {"paths_explored": 0, "paths_valid": 0, "paths_invalid": 0, "paths_dontknow": 0,
                "paths_unreachable": 0, "paths_pruned": 0, "paths_merged": 0, "paths_joined": 0,
                "loops_widened": 0, "objects_reclaimed": 0, "assumptions": 0,
                "solver_calls": 0, "solver_ms": 0.0,
                "requirements_checked": 0, "requirements_online": 0, "modules_loaded": 0,
                "statements_executed": 0, "unmodelled_calls": {}, "unsupported": {}, "benign_calls": {}, "operations": {}}})j"));
  CHECK(tenscan["entries"][2]["path"] == "train.py");
  CHECK(tenscan["entries"][2]["stats"]["solver_calls"] == 17);
  CHECK(tenscan["entries"][2]["stats"]["paths_merged"] == 5);
  CHECK(tenscan["entries"][2]["stats"]["assumptions"] == 2);
  CHECK(results[1]["codeFlows"][0]["threadFlows"][0]["locations"].size() == 3);
}

TEST_CASE("run sarif: baseline states, absent findings only in properties, suppressions", "[sarif][run]") {
  const auto run = compared_run();
  const auto log = sarif_of(run);
  const auto& results = log["runs"][0]["results"];
  REQUIRE(results.size() == 1);  // the suppressed one is dropped for GitHub
  CHECK(results[0]["baselineState"] == "unchanged");
  CHECK(results[0]["properties"]["anchored"] == true);
  const auto& tenscan = log["runs"][0]["properties"]["tenscan"];
  CHECK(tenscan["baselineCompared"] == true);
  CHECK(tenscan["baseRevision"] == run.base_revision);
  CHECK(tenscan["headRevision"] == run.head_revision);
  REQUIRE(tenscan["absent"].size() == 1);
  CHECK(tenscan["absent"][0] == json::parse(R"({"rule": "shape/rank", "level": "error",
      "message": "Conv2d expects a 4-D input but receives a 2-D tensor.",
      "location": {"path": "train.py", "line": 7, "col": 9, "end_line": 7, "end_col": 31},
      "fingerprint": "00000000000000aa", "entries": ["train.py"]})"));
  for (const auto& r : results) CHECK(r["baselineState"] != "absent");

  const auto all = sarif_of(run, true);
  const auto& both = all["runs"][0]["results"];
  REQUIRE(both.size() == 2);
  CHECK(both[1]["suppressions"] == json::parse(R"([{"kind": "inSource"}])"));
  CHECK(both[1]["baselineState"] == "new");
  CHECK_FALSE(both[0].contains("suppressions"));
}

TEST_CASE("run sarif: deterministic whatever the input order", "[sarif][run]") {
  auto a = compared_run();
  auto b = a;
  std::reverse(b.entries.begin(), b.entries.end());
  std::reverse(b.findings.begin(), b.findings.end());
  std::reverse(b.entries.back().notifications.begin(), b.entries.back().notifications.end());
  CHECK(render_sarif(a, sample::lookup(), options(true)) == render_sarif(b, sample::lookup(), options(true)));
}

TEST_CASE("run sarif: check's single-result log is the one-entry run", "[sarif][run]") {
  const auto result = sample::result();
  RunReport run;
  run.entries = {{"", {}, EntryStatus::Analysed, "", 0, result.notifications, result.stats}};
  run.findings = collect_findings({{"", &result}});
  CHECK(render_sarif(result, sample::lookup(), options()) == render_sarif(run, sample::lookup(), options()));
  CHECK(run.findings[0].entries.empty());
}

TEST_CASE("read_sarif: the round trip is byte-identical", "[sarif][read]") {
  auto with_sources = [](const RunReport& r, bool suppressed) {
    return render_sarif(r, sample::lookup(), options(suppressed));
  };
  auto odd = compared_run();
  odd.entries[0].seconds = 0.1 + 0.2;  // doubles survive exactly
  odd.findings[0].finding.message = "quotes \" and \\ backslash, tab\t, \xe2\x80\x94 and \x01 control";
  odd.findings[0].finding.related.insert(odd.findings[0].finding.related.begin(),
                                         {{"/abs/elsewhere.py", 1, 1, 1, 2}, "dropped: not in the project"});
  odd.findings[0].finding.location.path = "dir with space/n%t.py";
  // Steps: an empty message, one outside the project (dropped), odd characters, a file-level one.
  odd.findings[1].finding.steps = {{{"train.py", 2, 1, 2, 3}, ""},
                                   {{"/abs/elsewhere.py", 1, 1, 1, 2}, "dropped: not in the project"},
                                   {{"dir with space/n%t.py", 3, 2, 4, 0}, "quotes \" and \\, \xe2\x80\x94."},
                                   {{"x.py", 0, 0, 0, 0}, "file-level."}};
  odd.findings[0].finding.steps = {{{"x.py", 1, 1, 1, 1}, "the only step."}};
  odd.findings[1].finding.region = {.hyperparameters = {"--kernel", "--stride"},
                                    .failing = {{"5", "1"}, {"7", "2"}},
                                    .complete = true,
                                    .space = 9,
                                    .constraint = "stride <= kernel",
                                    .advisory = true,
                                    .error_if_whole = true};
  odd.findings[1].finding.region.sizes = {3, 3};
  odd.findings[1].finding.region.domains = {{"3", "5", "7"}, {"1", "2", "3"}};
  odd.findings[1].finding.region.example = {"5", "1"};
  odd.findings[1].finding.region.because = {"--kernel"};
  odd.findings[1].finding.region.whatever = {"--stride"};
  odd.findings[1].finding.fixes = {{"set in_features to 400", {{{"train.py", 2, 11, 2, 15}, "400"}}},
                                   {"pass drop_last=True", {{{"train.py", 3, 30, 3, 30}, ", drop_last=True"}}}};
  odd.entries[1].space_split = "--kernel";
  odd.entries[1].space_part_count = 4;
  odd.entries[1].space_parts = {1, 3};
  odd.entries[2].stats.paths_merged = 9;
  odd.entries[2].stats.assumptions = 4;
  odd.entries[2].notifications.push_back(
      {Notification::Kind::SyntaxError, Level::Error, "file-level", {"x.py", 0, 0, 0, 0}});
  odd.entries[2].notifications.push_back(
      {Notification::Kind::Reveal, Level::Note, "no end column", {"x.py", 3, 4, 3, 0}});

  const RunReport runs[] = {sample::run(), compared_run(), RunReport{}, odd};
  for (const auto& r : runs) {
    for (bool suppressed : {false, true}) {
      const std::string first = with_sources(r, suppressed);
      std::string error;
      auto back = read_sarif(first, &error);
      INFO(error);
      REQUIRE(back);
      CHECK(with_sources(*back, suppressed) == first);
    }
  }
  // tenscan check's log reads back too.
  const auto check = render_sarif(sample::result(), sample::lookup(), options());
  auto back = read_sarif(check);
  REQUIRE(back);
  CHECK(render_sarif(*back, sample::lookup(), options()) == check);

  // What comes back.
  auto read = read_sarif(with_sources(compared_run(), true));
  REQUIRE(read);
  const auto original = compared_run();
  REQUIRE(read->findings.size() == 2);
  CHECK(read->findings[0].finding.message == original.findings[0].finding.message);
  CHECK(read->findings[0].finding.path_conditions == original.findings[0].finding.path_conditions);
  CHECK(read->findings[0].finding.related == original.findings[0].finding.related);
  CHECK(read->findings[1].finding.steps == original.findings[1].finding.steps);
  CHECK_FALSE(read->findings[1].finding.steps.empty());
  CHECK(read->findings[0].finding.location == original.findings[0].finding.location);
  CHECK(read->findings[0].fingerprint == original.findings[0].fingerprint);
  CHECK(read->findings[0].entries == original.findings[0].entries);
  CHECK(read->findings[0].anchored);
  CHECK(read->findings[1].suppressed);
  CHECK(read->findings[1].baseline == BaselineState::New);
  CHECK(read->baseline_compared);
  CHECK(read->base_revision == original.base_revision);
  REQUIRE(read->absent.size() == 1);
  CHECK(read->absent[0].baseline == BaselineState::Absent);
  REQUIRE(read->entries.size() == 3);
  CHECK(read->entries[0].status == EntryStatus::Crashed);
  CHECK(read->entries[0].notifications.empty());  // the status notification is regenerated
  CHECK(read->entries[2].notifications.size() == 2);
  CHECK(read->entries[2].stats.unmodelled_calls == original.entries[0].stats.unmodelled_calls);
  CHECK(read->entries[2].stats.paths_merged == 5);
  CHECK(read->entries[2].stats.assumptions == 2);
}

TEST_CASE("read_sarif: foreign and malformed logs are rejected with a reason", "[sarif][read]") {
  const std::string good = render_sarif(sample::run(), sample::lookup(), options());
  auto edit = [&](const std::function<void(json&)>& change) {
    auto j = json::parse(good);
    change(j);
    return j.dump();
  };
  const std::pair<std::string, std::string> bad[] = {
      {"", "parse error"},
      {"not json", "parse error"},
      {"[]", "not a SARIF 2.1.0 log"},
      {R"({"version": "2.1.0", "runs": []})", "expected exactly one run, found 0"},
      {edit([](json& j) { j["version"] = "2.0.0"; }), "not a SARIF 2.1.0 log"},
      {edit([](json& j) { j["runs"].push_back(j["runs"][0]); }), "expected exactly one run, found 2"},
      {edit([](json& j) { j["runs"][0]["tool"]["driver"]["name"] = "eslint"; }),
       "written by \"eslint\", not tenscan"},
      {edit([](json& j) { j["runs"][0].erase("properties"); }), "run has no 'properties'"},
      {edit([](json& j) { j["runs"][0]["results"][0]["ruleId"] = "shape/no-such-rule"; }), "unknown rule id"},
      {edit([](json& j) { j["runs"][0]["results"][0]["level"] = "none"; }), "unsupported level 'none'"},
      {edit([](json& j) {
         j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = "9";
       }),
       "expected an integer"},
      {edit([](json& j) {
         j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 1e99;
       }),
       "expected an integer"},
      {edit([](json& j) { j["runs"][0]["results"][0]["message"]["text"] = "path conditions lost"; }),
       "does not end with its path conditions"},
      {edit([](json& j) { j["runs"][0]["results"][1]["codeFlows"].push_back(json::object()); }),
       "exactly one codeFlow"},
      {edit([](json& j) { j["runs"][0]["results"][1]["codeFlows"][0]["threadFlows"] = json::array(); }),
       "exactly one threadFlow"},
      {edit([](json& j) { j["runs"][0]["results"][1]["codeFlows"][0]["threadFlows"][0]["locations"] = {}; }),
       "a threadFlow needs locations"},
      {edit([](json& j) {
         j["runs"][0]["results"][1]["codeFlows"][0]["threadFlows"][0]["locations"][0].erase("location");
       }),
       "threadFlowLocation has no 'location'"},
      {edit([](json& j) {
         j["runs"][0]["results"][1]["codeFlows"][0]["threadFlows"][0]["locations"][0]["location"]["message"] =
             3;
       }),
       "threadFlowLocation message has no 'text'"},
      {edit([](json& j) { j["runs"][0]["results"][0]["baselineState"] = "updated"; }),
       "unsupported baselineState"},
      {edit([](json& j) { j["runs"][0]["properties"]["tenscan"]["entries"][0]["status"] = "exploded"; }),
       "unknown entry status"},
      {edit([](json& j) {
         j["runs"][0]["invocations"][0]["toolExecutionNotifications"][2]["properties"]["entry"] = "nope.py";
       }),
       "names the entry 'nope.py'"},
      {edit([](json& j) {
         j["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = "a%zz";
       }),
       "bad percent-encoding"},
  };
  for (const auto& [text, why] : bad) {
    INFO(text.substr(0, 200));
    std::string error;
    CHECK_FALSE(read_sarif(text, &error));
    CHECK(error.rfind("not a tenscan SARIF log: ", 0) == 0);
    CHECK_THAT(error, Catch::Contains(why));
  }
  CHECK_FALSE(read_sarif("{}"));  // no error pointer: fine
}

TEST_CASE("read_sarif: truncated and mutated logs never crash", "[sarif][read][fuzz]") {
  const std::string good = render_sarif(compared_run(), sample::lookup(), options(true));
  for (std::size_t n = 0; n + 1 < good.size(); n += 7) CHECK_FALSE(read_sarif(good.substr(0, n)));

  std::mt19937 rng(12345);
  const std::string replacements[] = {"0",  "-1",    "1e99", "\"\"", "null", "[]",
                                      "{}", "\"x\"", "true", "\xff", "%"};
  int accepted = 0;
  for (int i = 0; i < 600; ++i) {
    std::string text = good;
    for (int k = 0; k < 1 + i % 3; ++k) {
      const std::size_t at = rng() % text.size();
      const std::size_t len = rng() % 6;
      text.replace(at, len, replacements[rng() % std::size(replacements)]);
    }
    std::string error;
    auto back = read_sarif(text, &error);
    if (back) {
      ++accepted;
      (void)render_sarif(*back, sample::lookup(), options(true));  // whatever was read renders
    } else {
      CHECK_FALSE(error.empty());
    }
  }
  CHECK(accepted < 600);
}
