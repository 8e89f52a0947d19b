// An entry whose analysis did not reach the end of its program: every reporter says so, with
// what was not analysed, and never says "no issues found" of it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tenscan/report/json.h"
#include "tenscan/report/markdown.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"
#include "tenscan/report/sarif.h"
#include "tenscan/report/text.h"

using namespace tenscan;
using namespace tenscan::report;
using nlohmann::json;

namespace {

Completeness stopped() {
  Completeness c;
  c.complete = false;
  c.paths_completed = 0;
  c.paths_stopped = 3;
  c.causes = {{"the work budget", {"train.py", 48, 5, 48, 20}, 3}};
  c.statements_reached = 40;
  c.statements_checked = 0;
  c.unchecked = {{"train.py", 52, 130}, {"train.py", 140, 140}, {"model.py", 9, 12}};
  return c;
}

RunReport run_with(const Completeness& c) {
  RunReport run;
  EntryOutcome e;
  e.path = "train.py";
  e.completeness = c;
  run.entries.push_back(e);
  return run;
}

}  // namespace

TEST_CASE("incomplete: one sentence says what stopped the paths and which lines were not analysed", "[incomplete]") {
  CHECK(incomplete_text(stopped()) ==
        "no path reached the end of the program (stopped by the work budget at train.py:48); lines 52\u2013130 "
        "and 140 of train.py, lines 9\u201312 of model.py were not analysed (coverage 0%)");
  Completeness some = stopped();
  some.paths_completed = 5;
  some.statements_checked = 30;
  some.unchecked = {{"train.py", 77, 77}};
  some.causes.push_back({"an uncaught TypeError: bad operand", {"model.py", 3, 1, 3, 2}, 1});
  some.causes.push_back({"the call-depth limit (200)", {}, 0});
  CHECK(incomplete_text(some) ==
        "3 paths of 8 did not reach the end of the program (stopped by the work budget at train.py:48; ended by an "
        "uncaught TypeError: bad operand at model.py:3; cut short by the call-depth limit (200)); line 77 of train.py "
        "was not analysed (coverage 75%)");
  CHECK(incomplete_text(Completeness{}).empty());
}

TEST_CASE("incomplete: check's summary line, the run text, Markdown, SARIF and JSON", "[incomplete]") {
  AnalysisResult result;
  result.completeness = stopped();
  TextOptions to;
  to.entry = "train.py";
  CHECK(render_summary_text(result, to) ==
        "no issues found so far in train.py; analysis incomplete: " + incomplete_text(stopped()) + "\n");
  result.findings.push_back(Finding{});
  CHECK_THAT(render_summary_text(result, to), Catch::StartsWith("1 error in train.py; analysis incomplete: no path"));

  const RunReport run = run_with(stopped());
  CHECK(render_run_text(run, {}, {}) ==
        "train.py: warning: analysis incomplete: " + incomplete_text(stopped()) +
            " [analysis/incomplete]\nno issues found so far in 1 entry; 1 entry analysed incompletely\n");

  const std::string md = render_markdown(run, {});
  CHECK_THAT(md, Catch::StartsWith("## tenscan: no issues found so far in 1 entry\n"));
  CHECK(md.find("| train.py | incomplete | no path reached the end of the program \\(stopped by the work budget at "
                "train.py:48\\)") != std::string::npos);

  const json sarif = json::parse(render_sarif(run, {}, {}));
  const auto& invocation = sarif["runs"][0]["invocations"][0];
  CHECK(invocation["executionSuccessful"] == true);
  REQUIRE(invocation["toolExecutionNotifications"].size() == 1);
  const auto& n = invocation["toolExecutionNotifications"][0];
  CHECK(n["level"] == "warning");
  CHECK(n["descriptor"]["id"] == "analysis/incomplete");
  CHECK(n["message"]["text"] == "The analysis of train.py is incomplete: " + incomplete_text(stopped()));
  // the entry's completeness survives a round trip through SARIF (tenscan merge)
  auto back = read_sarif(render_sarif(run, {}, {}), nullptr);
  REQUIRE(back);
  CHECK(back->entries.at(0).completeness == stopped());

  const json doc = json::parse(render_json(result, "train.py"));
  CHECK(doc["completeness"]["complete"] == false);
  CHECK(doc["completeness"]["coverage"] == 0.0);
  CHECK(doc["completeness"]["summary"] == incomplete_text(stopped()));
  CHECK(doc["completeness"]["unchecked"][0] == json::parse(R"({"path": "train.py", "line": 52, "end_line": 130})"));

  // a complete run: "no issues found", no notification
  const RunReport done = run_with(Completeness{});
  CHECK(render_run_text(done, {}, {}) == "no issues found in 1 entry\n");
  CHECK_FALSE(json::parse(render_sarif(done, {}, {}))["runs"][0]["invocations"][0].contains("toolExecutionNotifications"));
}

TEST_CASE("incomplete: the worker's wire format carries completeness", "[incomplete][wire]") {
  AnalysisResult result;
  result.completeness = stopped();
  auto back = decode_json_lines(encode_json_lines(result), nullptr);
  REQUIRE(back);
  CHECK(back->completeness == stopped());
  // a summary from an older worker (no completeness) decodes as complete
  auto old = decode_json_lines(R"({"type": "summary", "stats": {}, "completed": true})", nullptr);
  REQUIRE(old);
  CHECK(old->completeness.complete);
}
