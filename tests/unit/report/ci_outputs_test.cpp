// The CI run reporters besides SARIF: JUnit XML, GitLab Code Quality, Markdown summary, run
// JSON and run text.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sample.h"
#include "tenscan/report/codequality.h"
#include "tenscan/report/json.h"
#include "tenscan/report/junit.h"
#include "tenscan/report/markdown.h"
#include "tenscan/report/text.h"

using namespace tenscan;
using namespace tenscan::report;
using nlohmann::json;

namespace {

using sample::compared_run;

RunFinding finding(RuleId rule, std::string path, int line, std::string message, std::string fingerprint,
                   std::vector<std::string> entries = {"a.py"}) {
  Finding f;
  f.rule = rule;
  f.level = Level::Error;
  f.message = std::move(message);
  f.location = {std::move(path), line, 1, line, 2};
  return {f, std::move(fingerprint), std::move(entries), BaselineState::None, false, false};
}

const std::string kReshape = "view asks for 756 elements per sample but the input has 784.";
const std::string kBroadcast =
    "Tensors of shape [64, 10] and [64, 5] cannot be broadcast: dimension 1 is 10 vs 5.";

}  // namespace

TEST_CASE("junit: suites per entry, testcases per (file, rule), errors for failed entries", "[junit]") {
  const std::string expected =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"tenscan\" tests=\"5\" failures=\"2\" errors=\"2\" time=\"61.750\">\n"
      "  <testsuite name=\"eval.py -- --model big\" tests=\"2\" failures=\"1\" errors=\"1\" skipped=\"0\" "
      "time=\"0.250\">\n"
      "    <testcase classname=\"eval.py -- --model big\" name=\"tenscan\" time=\"0.250\">\n"
      "      <error type=\"crashed\" message=\"analysis crashed: killed by signal 11 (SIGSEGV)\">analysis "
      "crashed: "
      "killed by signal 11 (SIGSEGV)\n</error>\n"
      "    </testcase>\n"
      "    <testcase classname=\"models/net.py\" name=\"shape/reshape-numel\" file=\"models/net.py\" "
      "line=\"9\">\n"
      "      <failure type=\"shape/reshape-numel\" message=\"" +
      kReshape + "\">models/net.py:9:18: warning: " + kReshape +
      "\n</failure>\n"
      "    </testcase>\n"
      "  </testsuite>\n"
      "  <testsuite name=\"slow.py\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"60.000\">\n"
      "    <testcase classname=\"slow.py\" name=\"tenscan\" time=\"60.000\">\n"
      "      <error type=\"timed-out\" message=\"analysis timed out: timed out after 60 s\">analysis timed "
      "out: timed "
      "out after 60 s\n</error>\n"
      "    </testcase>\n"
      "  </testsuite>\n"
      "  <testsuite name=\"train.py\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"1.500\">\n"
      "    <testcase classname=\"train.py\" name=\"tenscan\" time=\"1.500\"/>\n"
      "    <testcase classname=\"train.py\" name=\"shape/broadcast\" file=\"train.py\" line=\"7\">\n"
      "      <failure type=\"shape/broadcast\" message=\"" +
      kBroadcast + "\">train.py:7:9: error: " + kBroadcast +
      "\n</failure>\n"
      "    </testcase>\n"
      "  </testsuite>\n"
      "</testsuites>\n";
  CHECK(render_junit(sample::run()) == expected);
}

TEST_CASE("junit: an empty run is a valid empty document", "[junit]") {
  CHECK(render_junit(RunReport{}) ==
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"tenscan\" tests=\"0\" failures=\"0\" errors=\"0\" time=\"0.000\">\n"
        "</testsuites>\n");
}

TEST_CASE("junit: one testcase per file and rule, all findings in its failure", "[junit]") {
  RunReport run;
  run.entries = {{"a.py", {}, EntryStatus::Analysed, "", 0, {}, {}},
                 {"b.py", {}, EntryStatus::Analysed, "", 0, {}, {}}};
  run.findings = {finding(RuleId::Broadcast, "lib.py", 9, "second", "f2", {"b.py"}),
                  finding(RuleId::Broadcast, "lib.py", 3, "first", "f1", {"b.py"}),
                  finding(RuleId::Broadcast, "lib.py", 5, "from a", "f3", {"a.py", "b.py"}),
                  finding(RuleId::Broadcast, "lib.py", 1, "hidden", "f4", {"a.py"})};
  run.findings[3].suppressed = true;
  const auto xml = render_junit(run);
  // Owned by a.py (the first entry reporting one of its findings), lines in order, the first
  // message as the failure message; the suppressed one nowhere.
  CHECK_THAT(xml, Catch::Contains("  <testsuite name=\"a.py\" tests=\"2\" failures=\"1\""));
  CHECK_THAT(xml, Catch::Contains("  <testsuite name=\"b.py\" tests=\"1\" failures=\"0\""));
  CHECK_THAT(xml, Catch::Contains(
                      "<testcase classname=\"lib.py\" name=\"shape/broadcast\" file=\"lib.py\" line=\"3\">\n"
                      "      <failure type=\"shape/broadcast\" message=\"first\">lib.py:3:1: error: first\n"
                      "lib.py:5:1: error: from a\nlib.py:9:1: error: second\n</failure>"));
  CHECK(xml.find("hidden") == std::string::npos);
}

TEST_CASE("junit: with a baseline only new findings fail, unchanged ones go to system-out",
          "[junit][baseline]") {
  const auto xml = render_junit(compared_run());
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"1\" errors=\"2\""));
  CHECK(xml.find("name=\"shape/reshape-numel\"") == std::string::npos);
  CHECK_THAT(xml, Catch::Contains("<system-out>unchanged: models/net.py:9:18: warning: " + kReshape +
                                  "\n</system-out>"));
  CHECK_THAT(xml, Catch::Contains("name=\"shape/broadcast\""));
}

TEST_CASE("junit: escaping and characters XML 1.0 does not allow", "[junit][escape]") {
  RunReport run;
  run.entries = {
      {"a&b<c>.py", {"--x=\"1\"", "'y'"}, EntryStatus::Failed, "bad\x01input\ttab\nline", 0, {}, {}},
      {"a&b<c>.py", {"--x=\"1\"", "'y'"}, EntryStatus::Failed, "listed twice", 0, {}, {}}};
  run.findings = {finding(RuleId::Broadcast, "q\"<&>.py", 2,
                          "esc \x1b[31m, \xff, \xef\xbf\xbe, \r, ]]> & <tag> \"q\" 'a' \xf0\x9f\x9a\x80", "f",
                          {"a&b<c>.py"})};
  const auto xml = render_junit(run);
  CHECK_THAT(xml,
             Catch::Contains("<testsuite name=\"a&amp;b&lt;c&gt;.py -- --x=&quot;1&quot; &apos;y&apos;\""));
  CHECK_THAT(xml, Catch::Contains("message=\"analysis failed: bad\xef\xbf\xbdinput&#9;tab&#10;line\""));
  CHECK_THAT(xml, Catch::Contains(">analysis failed: bad\xef\xbf\xbdinput\ttab\nline\n</error>"));
  CHECK_THAT(xml, Catch::Contains("classname=\"q&quot;&lt;&amp;&gt;.py\""));
  CHECK_THAT(
      xml, Catch::Contains(
               "esc \xef\xbf\xbd[31m, \xef\xbf\xbd, \xef\xbf\xbd, &#13;, ]]&gt; &amp; &lt;tag&gt; \"q\" 'a' "
               "\xf0\x9f\x9a\x80\n</failure>"));
  // The same entry twice: its testcase name is numbered to stay unique.
  CHECK_THAT(xml, Catch::Contains("name=\"tenscan (2)\""));
  for (char c = 1; c < 0x20; ++c)
    if (c != '\t' && c != '\n') CHECK(xml.find(c) == std::string::npos);
}

TEST_CASE("codequality: the codeclimate subset GitLab reads", "[codequality]") {
  const auto run = sample::run();
  const auto text = render_codequality(run);
  REQUIRE_FALSE(text.empty());
  CHECK(text.front() == '[');  // no BOM
  const auto doc = json::parse(text);
  const auto expected = json::array({
      {{"type", "issue"},
       {"check_name", "shape/reshape-numel"},
       {"description", kReshape},
       {"categories", {"Bug Risk"}},
       {"severity", "major"},
       {"fingerprint", run.findings[0].fingerprint},
       {"location", {{"path", "models/net.py"}, {"lines", {{"begin", 9}}}}}},
      {{"type", "issue"},
       {"check_name", "shape/broadcast"},
       {"description", kBroadcast},
       {"categories", {"Bug Risk"}},
       {"severity", "critical"},
       {"fingerprint", run.findings[1].fingerprint},
       {"location", {{"path", "train.py"}, {"lines", {{"begin", 7}}}}}},
  });
  CHECK(doc == expected);
  CHECK(render_codequality(RunReport{}) == "[]\n");
}

TEST_CASE("codequality: unique fingerprints, valid entries only, every current finding", "[codequality]") {
  RunReport run;
  run.findings = {finding(RuleId::Broadcast, "a.py", 1, "x", "dup"),
                  finding(RuleId::Broadcast, "a.py", 2, "y", "dup"),
                  finding(RuleId::Broadcast, "a.py", 3, "z", "dup"),
                  finding(RuleId::Broadcast, "a.py", 0, "no line", ""),
                  finding(RuleId::Broadcast, "/abs/a.py", 4, "absolute", "abs"),
                  finding(RuleId::Broadcast, "a.py", 5, "suppressed", "s")};
  run.findings[1].finding.level = Level::Note;
  run.findings[2].finding.location.end_line = 6;
  run.findings[5].suppressed = true;
  run.baseline_compared = true;
  run.findings[0].baseline = BaselineState::Unchanged;  // still listed: GitLab diffs reports itself
  const auto doc = json::parse(render_codequality(run));
  REQUIRE(doc.size() == 4);
  CHECK(doc[0]["location"]["lines"]["begin"] == 1);  // line 0 -> 1 (must be >= 1)
  CHECK(doc[0]["fingerprint"].get<std::string>().size() == 16);
  CHECK(doc[1]["fingerprint"] == "dup");
  CHECK(doc[2]["fingerprint"] == "dup~2");
  CHECK(doc[2]["severity"] == "info");
  CHECK(doc[3]["fingerprint"] == "dup~3");
  CHECK(doc[3]["location"]["lines"] == json{{"begin", 3}, {"end", 6}});
}

TEST_CASE("markdown: summary, incomplete entries, linked findings", "[markdown]") {
  MarkdownOptions options;
  options.link_prefix = "https://github.com/o/r/blob/abc/";
  CHECK(render_markdown(sample::run(), options) ==
        "## tenscan: 1 error, 1 warning in 3 entries\n"
        "\n"
        "**2 entries were not analysed completely, so the results are incomplete:**\n"
        "\n"
        "| entry | status | detail |\n"
        "| --- | --- | --- |\n"
        "| eval.py -- --model big | crashed | killed by signal 11 \\(SIGSEGV\\) |\n"
        "| slow.py | timed-out | timed out after 60 s |\n"
        "\n"
        "### Findings (2)\n"
        "\n"
        "| level | location | rule | message |\n"
        "| --- | --- | --- | --- |\n"
        "| warning | [models/net.py:9](https://github.com/o/r/blob/abc/models/net.py#L9) | "
        "`shape/reshape-numel` | " +
            kReshape +
            " |\n"
            "| error | [train.py:7](https://github.com/o/r/blob/abc/train.py#L7) | `shape/broadcast` | "
            "Tensors of shape "
            "\\[64, 10\\] and \\[64, 5\\] cannot be broadcast: dimension 1 is 10 vs 5. |\n");
}

TEST_CASE("markdown: baseline counts, new and fixed findings, limits, escaping", "[markdown][baseline]") {
  auto run = compared_run();
  run.findings[1].finding.message = "a | b *c* <script> & `x` _y_\nnext $z$ \x1b[31m\xe2\x80\xae";
  MarkdownOptions options;
  const auto md = render_markdown(run, options);
  CHECK_THAT(md, Catch::StartsWith("## tenscan: 1 error (1 new), 1 warning (0 new) in 3 entries\n"));
  CHECK_THAT(md, Catch::Contains("\n**1 new**, 1 unchanged, 1 fixed compared with 1234567.\n"));
  CHECK_THAT(md, Catch::Contains("### New findings (1)"));
  CHECK_THAT(md, Catch::Contains("| error | train.py:7 | `shape/broadcast` | a \\| b \\*c\\* \\<script\\> "
                                 "&amp; \\`x\\` \\_y\\_ next "
                                 "\\$z\\$ \\<U\\+001B\\>\\[31m\\<U\\+202E\\> |\n"));
  CHECK_THAT(md, Catch::Contains("### Fixed findings (1)"));
  CHECK_THAT(
      md,
      Catch::Contains(
          "| error | train.py:7 | `shape/rank` | Conv2d expects a 4-D input but receives a 2-D tensor. |"));
  CHECK(md.find("reshape") == std::string::npos);  // unchanged findings are counted, not listed

  RunReport many;
  for (int i = 1; i <= 5; ++i)
    many.findings.push_back(finding(RuleId::Broadcast, "m.py", i, "m", std::to_string(i)));
  many.findings[4].suppressed = true;
  options.max_findings = 2;
  const auto limited = render_markdown(many, options);
  CHECK_THAT(limited, Catch::Contains("### Findings (4)"));
  CHECK_THAT(limited, Catch::Contains("| m.py:2 |"));
  CHECK(limited.find("| m.py:3 |") == std::string::npos);
  CHECK_THAT(limited, Catch::EndsWith("\n_… and 2 more not shown._\n"));
  CHECK_THAT(limited, Catch::Contains("1 finding suppressed by `# tenscan: ignore` comments is not listed."));
  CHECK(render_markdown(RunReport{}, options) == "## tenscan: no issues found in 0 entries\n");
}

TEST_CASE("markdown: the region of a declared hyperparameter space, as a collapsed table", "[markdown][space]") {
  RunReport run;
  run.findings.push_back(finding(RuleId::MatmulInnerDim, "train.py", 35, "m", "mat1 and mat2 ..."));
  auto& region = run.findings[0].finding.region;
  region.hyperparameters = {"--kernel", "--arch"};
  region.failing = {{"5", "'wide'"}, {"7", "a|b"}};
  region.complete = true;
  region.space = 6;
  region.constraint = "kernel <= 3";
  run.findings.push_back(finding(RuleId::Broadcast, "train.py", 40, "m", "no region"));
  const auto md = render_markdown(run, {});
  CHECK_THAT(md, Catch::Contains("\n### Where in the hyperparameter space they fail\n\n<details><summary>train.py:35 "
                                 "<code>shape/matmul-inner-dim</code>: fails for 2 of 6 combinations of --kernel, --arch"
                                 "</summary>\n\n| --kernel | --arch |\n| --- | --- |\n| 5 | 'wide' |\n| 7 | a\\|b |\n"
                                 "\nIt needs `kernel <= 3`.\n\n</details>\n"));
  CHECK(md.find("train.py:40 <code>") == std::string::npos);
  run.findings[0].finding.region.complete = false;
  CHECK_THAT(render_markdown(run, {}), Catch::Contains("fails for at least 2 of 6 combinations"));
}

TEST_CASE("run text: findings, notifications once, failed entries, summary", "[text][run]") {
  const auto run = sample::run();
  TextOptions options;
  const auto r = sample::result();
  std::string expected = render_finding_text(r.findings[1], sample::lookup(), options) +
                         render_finding_text(r.findings[0], sample::lookup(), options) +
                         render_notification_text(r.notifications[1], sample::lookup(), options) +
                         render_notification_text(r.notifications[0], sample::lookup(), options) +
                         "eval.py -- --model big: error: analysis crashed: killed by signal 11 (SIGSEGV) "
                         "[analysis/crashed]\n"
                         "slow.py: warning: analysis timed out: timed out after 60 s [analysis/timed-out]\n"
                         "1 error, 1 warning in 3 entries; 2 entries not analysed\n";
  auto twice = run;  // a notification several entries report is printed once
  twice.entries[1].notifications = twice.entries[0].notifications;
  CHECK(render_run_text(twice, sample::lookup(), options) == expected);

  auto compared = compared_run();
  compared.findings[1].suppressed = true;
  const auto text = render_run_text(compared, sample::lookup(), options);
  CHECK_THAT(text, Catch::EndsWith(
                       "\n1 warning (0 new) in 3 entries; 1 fixed; 1 suppressed; 2 entries not analysed\n"));
  CHECK(text.find("[shape/broadcast]") == std::string::npos);
  CHECK(render_run_text(RunReport{}, {}, options) == "no issues found in 0 entries\n");
}

TEST_CASE("run json: entries, findings with their run fields, absent, complete", "[json][run]") {
  auto run = compared_run();
  run.findings[1].suppressed = true;
  const auto doc = json::parse(render_run_json(run));
  CHECK(doc["complete"] == false);
  CHECK(doc["baseline_compared"] == true);
  CHECK(doc["base_revision"] == "1234567");
  CHECK(doc["summary"] == "1 warning (0 new)");
  REQUIRE(doc["entries"].size() == 3);
  CHECK(doc["entries"][0]["path"] == "eval.py");
  CHECK(doc["entries"][0]["status"] == "crashed");
  CHECK(doc["entries"][2]["notifications"].size() == 2);
  REQUIRE(doc["findings"].size() == 2);
  const auto& f = doc["findings"][1];
  CHECK(f["rule"] == "shape/broadcast");
  CHECK(f["fingerprint"] == run.findings[1].fingerprint);
  CHECK(f["baseline"] == "new");
  CHECK(f["suppressed"] == true);
  CHECK(f["anchored"] == false);
  CHECK(f["entries"] == json{"train.py"});
  CHECK(doc["findings"][0]["baseline"] == "unchanged");
  REQUIRE(doc["absent"].size() == 1);
  CHECK(doc["absent"][0]["baseline"] == "absent");
  CHECK(render_run_json(run, -1).find('\n') == render_run_json(run, -1).size() - 1);
}

TEST_CASE("markdown: a finding's fix as a suggestion of the lines it edits, fenced past the line's backticks",
          "[markdown][fixes]") {
  RunReport run;
  run.findings.push_back(finding(RuleId::MatmulInnerDim, "train.py", 3, "fc", "mat1 and mat2 shapes cannot be multiplied"));
  run.findings[0].finding.fixes.push_back({"set in_features to 9216", {{{"model.py", 2, 22, 2, 27}, "9216"}}});
  MarkdownOptions options;
  CHECK(render_markdown(run, options).find("Suggested") == std::string::npos);  // (no sources: no suggestion)
  options.sources = [](const std::string& path) -> std::optional<std::string> {
    if (path != "model.py") return std::nullopt;
    return std::string("import torch.nn as nn\nself.fc1 = nn.Linear(12544, 128)  # ```\n");
  };
  CHECK_THAT(render_markdown(run, options),
             Catch::EndsWith("### Suggested fixes (1)\n\ntrain.py:3 `shape/matmul-inner-dim`: set in\\_features to 9216 "
                             "(model.py:2)\n\n````suggestion\nself.fc1 = nn.Linear(9216, 128)  # ```\n````\n"));
}
