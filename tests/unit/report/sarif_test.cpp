// The SARIF writer: log and run structure, rule metadata from the catalogue, results,
// fingerprints, notifications, path hygiene and determinism.
#include "tenscan/report/sarif.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sample.h"
#include "tenscan/core/analyze.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/fingerprint.h"

using namespace tenscan;
using namespace tenscan::report;
using nlohmann::json;

namespace {
json sarif_of(const AnalysisResult& r, SarifOptions options = {}, SourceLookup sources = sample::lookup()) {
  if (options.project_root.empty()) options.project_root = "/home/runner/work/my repo/";
  return json::parse(render_sarif(r, sources, options));
}
}  // namespace

TEST_CASE("sarif: one run with the log-level fields GitHub requires", "[sarif]") {
  auto log = sarif_of(sample::result());
  CHECK(log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  CHECK(log["version"] == "2.1.0");
  REQUIRE(log["runs"].size() == 1);
  const auto& run = log["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "tenscan");
  CHECK(run["tool"]["driver"]["semanticVersion"] == version());
  CHECK(run["tool"]["driver"]["informationUri"] == "https://github.com/tenscan/tenscan");
  CHECK(run["automationDetails"]["id"] == "tenscan/");
  CHECK(run["columnKind"] == "unicodeCodePoints");
  CHECK(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///home/runner/work/my%20repo/");
  CHECK(run["invocations"].size() == 1);
  CHECK(run["invocations"][0]["executionSuccessful"] == true);
  const auto& entry = run["properties"]["tenscan"]["entries"][0];
  CHECK(entry["status"] == "analysed");
  CHECK(entry["stats"]["unmodelled_calls"]["apex.amp.initialize"] == 3);
  CHECK(entry["stats"]["paths_pruned"] == 3);
  CHECK(run["properties"]["tenscan"]["baselineCompared"] == false);
}

TEST_CASE("sarif: every catalogue rule, in catalogue order, with GitHub's metadata", "[sarif]") {
  auto log = sarif_of(AnalysisResult{});
  const auto& rules = log["runs"][0]["tool"]["driver"]["rules"];
  const auto catalogue = all_rules();
  REQUIRE(rules.size() == catalogue.size());
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const auto& r = rules[i];
    const auto& info = catalogue[i];
    INFO(info.id);
    CHECK(r["id"] == info.id);
    CHECK(r["name"] == info.name);
    CHECK(r["shortDescription"]["text"] == info.short_description);
    CHECK(r["fullDescription"]["text"] == info.full_description);
    CHECK(r["fullDescription"]["text"].get<std::string>().size() <= 1024);
    CHECK(r["help"]["markdown"] == info.help_markdown);
    CHECK(r["help"]["text"].get<std::string>().find('`') == std::string::npos);
    CHECK(r["helpUri"].get<std::string>().rfind("https://github.com/tenscan/tenscan/blob/main/docs/rules.md#",
                                                0) == 0);
    CHECK(r["defaultConfiguration"]["level"] == info.default_level);
    const auto& props = r["properties"];
    CHECK(props["precision"] == info.precision);
    CHECK_FALSE(props.contains("security-severity"));
    const std::string severity =
        info.default_level == "note" ? "recommendation" : std::string(info.default_level);
    CHECK(props["problem.severity"] == severity);
    REQUIRE(props["tags"].is_array());
    CHECK_FALSE(props["tags"].empty());
    CHECK(props["tags"].size() <= 10);
    for (const auto& tag : props["tags"]) {
      const auto t = tag.get<std::string>();
      CHECK_FALSE(t.empty());
      CHECK(t.find_first_of(", ") == std::string::npos);
    }
  }
  CHECK(rules[0]["properties"]["tags"] == json{"correctness", "shape", "incompatible-shape"});
}

TEST_CASE("sarif: results carry rule, level, message, region and related locations", "[sarif]") {
  auto log = sarif_of(sample::result());
  const auto& results = log["runs"][0]["results"];
  REQUIRE(results.size() == 2);
  const auto& first = results[0];  // models/net.py sorts first
  CHECK(first["ruleId"] == "shape/reshape-numel");
  CHECK(first["ruleIndex"] == static_cast<int>(RuleId::ReshapeNumel));
  CHECK(log["runs"][0]["tool"]["driver"]["rules"][first["ruleIndex"].get<int>()]["id"] == first["ruleId"]);
  CHECK(first["level"] == "warning");
  CHECK(first["message"]["text"] ==
        "view asks for 756 elements per sample but the input has 784.\n"
        "On this path: --model is 'big'; batch_size == 64.");
  REQUIRE(first["locations"].size() == 1);
  CHECK(first["locations"][0]["physicalLocation"] ==
        json::parse(R"({"artifactLocation": {"uri": "models/net.py", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": 9, "startColumn": 18, "endLine": 9, "endColumn": 44}})"));
  REQUIRE(first["relatedLocations"].size() == 2);
  CHECK(first["relatedLocations"][0]["id"] == 1);
  CHECK(first["relatedLocations"][0]["message"]["text"] == "x is created with shape [64, 1, 28, 28] here.");
  CHECK(first["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "train.py");
  CHECK(first["relatedLocations"][1]["id"] == 2);

  const auto& second = results[1];
  CHECK(second["ruleId"] == "shape/broadcast");
  CHECK(second["message"]["text"] == sample::result().findings[0].message);  // no path conditions
}

TEST_CASE("sarif: the steps become one codeFlow with one threadFlow", "[sarif][steps]") {
  auto log = sarif_of(sample::result());
  const auto& results = log["runs"][0]["results"];
  CHECK_FALSE(results[0].contains("codeFlows"));  // no steps, no codeFlows
  CHECK(results[1]["codeFlows"] == json::parse(R"([{"threadFlows": [{"locations": [
      {"location": {"physicalLocation": {"artifactLocation": {"uri": "train.py", "uriBaseId": "%SRCROOT%"},
                                         "region": {"startLine": 5, "startColumn": 5, "endLine": 5, "endColumn": 31}},
                    "message": {"text": "x is created with shape [64, 1, 28, 28] here."}},
       "nestingLevel": 0, "executionOrder": 1},
      {"location": {"physicalLocation": {"artifactLocation": {"uri": "train.py", "uriBaseId": "%SRCROOT%"},
                                         "region": {"startLine": 6, "startColumn": 5, "endLine": 6, "endColumn": 13}},
                    "message": {"text": "y gets shape [64, 10] here."}},
       "nestingLevel": 0, "executionOrder": 2},
      {"location": {"physicalLocation": {"artifactLocation": {"uri": "train.py", "uriBaseId": "%SRCROOT%"},
                                         "region": {"startLine": 7, "startColumn": 9, "endLine": 7, "endColumn": 31}},
                    "message": {"text": "The subtraction fails here."}},
       "nestingLevel": 0, "executionOrder": 3}]}]}])"));
  // The related locations are unchanged by the steps.
  CHECK(results[1]["relatedLocations"].size() == 1);

  // Steps outside the project are left out and the order renumbered; a step without a message
  // has no location.message; no step left, no codeFlows (a threadFlow needs a location).
  auto r = sample::result();
  r.findings[0].steps = {{{"/usr/lib/python3/torch/nn/functional.py", 10, 1, 10, 2}, "Inside torch."},
                         {{"train.py", 6, 5, 6, 13}, ""},
                         {{"../up.py", 1, 1, 1, 2}, "Outside."},
                         {{"train.py", 7, 9, 7, 31}, "Fails."}};
  r.findings[1].steps = {{{"/abs.py", 1, 1, 1, 2}, "Outside."}};
  auto log2 = sarif_of(r);
  const auto& results2 = log2["runs"][0]["results"];
  CHECK_FALSE(results2[0].contains("codeFlows"));
  const auto& steps = results2[1]["codeFlows"][0]["threadFlows"][0]["locations"];
  REQUIRE(steps.size() == 2);
  CHECK_FALSE(steps[0]["location"].contains("message"));
  CHECK(steps[0]["executionOrder"] == 1);
  CHECK(steps[1]["location"]["message"]["text"] == "Fails.");
  CHECK(steps[1]["executionOrder"] == 2);
  CHECK(log2.dump().find("functional.py") == std::string::npos);

  // GitHub shows 1,000 thread-flow locations: a longer path keeps its first 999 and its last.
  auto many = sample::result();
  auto& long_path = many.findings[0].steps;
  long_path.clear();
  for (int i = 1; i <= 2500; ++i)
    long_path.push_back({{"train.py", 1 + i % 7, 1, 1 + i % 7, 2}, std::to_string(i) + "."});
  auto log3 = sarif_of(many);
  const auto& capped = log3["runs"][0]["results"][1]["codeFlows"][0]["threadFlows"][0]["locations"];
  REQUIRE(capped.size() == 1000);
  CHECK(capped[998]["location"]["message"]["text"] == "999.");
  CHECK(capped[999]["location"]["message"]["text"] == "2500.");
  CHECK(capped[999]["executionOrder"] == 1000);
}

namespace {
// The run fingerprint assign_fingerprints gives a finding on its own.
std::string run_fingerprint(const Finding& f) {
  std::vector<RunFinding> one{{f, {}, {}, BaselineState::None, false, false}};
  assign_fingerprints(one);
  return one[0].fingerprint;
}
}  // namespace

TEST_CASE("sarif: primaryLocationLineHash is GitHub's, tenscan's key ignores lines", "[sarif][fingerprint]") {
  auto log = sarif_of(sample::result());
  const auto& results = log["runs"][0]["results"];
  const auto net_hashes = line_hashes(sample::files().at("models/net.py"));
  CHECK(results[0]["partialFingerprints"]["primaryLocationLineHash"] == net_hashes[8]);
  const auto train_hashes = line_hashes(sample::files().at("train.py"));
  CHECK(results[1]["partialFingerprints"]["primaryLocationLineHash"] == train_hashes[6]);
  const auto own = results[1]["partialFingerprints"]["tenscanFinding/v1"].get<std::string>();
  CHECK(own == run_fingerprint(sample::result().findings[0]));
  CHECK(own.size() == 16);
  // The steps are not part of any fingerprint.
  auto no_steps = sample::result().findings[0];
  no_steps.steps.clear();
  CHECK(run_fingerprint(no_steps) == own);
  CHECK(finding_fingerprint(no_steps) == finding_fingerprint(sample::result().findings[0]));

  // Moving the finding keeps tenscan's key; without sources there is no line hash.
  auto moved = sample::result();
  for (auto& f : moved.findings) f.location.line += 1, f.location.end_line += 1;
  auto log2 = sarif_of(moved, {}, {});
  const auto& results2 = log2["runs"][0]["results"];
  CHECK(results2[1]["partialFingerprints"]["tenscanFinding/v1"] == own);
  CHECK_FALSE(results2[1]["partialFingerprints"].contains("primaryLocationLineHash"));

  // Identical identities are told apart by an occurrence count, like GitHub's ":n".
  auto twice = sample::result();
  twice.findings.push_back(twice.findings[0]);
  twice.findings.back().location.line = 2;
  auto log3 = sarif_of(twice);
  // (the copy moved to line 2 comes first in line order)
  CHECK(log3["runs"][0]["results"][1]["partialFingerprints"]["tenscanFinding/v1"] == own);
  CHECK(log3["runs"][0]["results"][2]["partialFingerprints"]["tenscanFinding/v1"] == own + ":2");
}

TEST_CASE("sarif: notifications become toolExecutionNotifications", "[sarif]") {
  auto r = sample::result();
  r.notifications.push_back({Notification::Kind::SyntaxError,
                             Level::Error,
                             "Expected ':' after 'def f()'.",
                             {"bad.py", 3, 8, 3, 8}});
  r.completed = false;
  auto log = sarif_of(r);
  // The driver ran (SARIF's executionSuccessful); the entry's failure is a notification.
  const auto& inv = log["runs"][0]["invocations"][0];
  CHECK(inv["executionSuccessful"] == true);
  const auto& notes = inv["toolExecutionNotifications"];
  REQUIRE(notes.size() == 4);
  CHECK(notes[0] == json::parse(R"({"level": "error", "descriptor": {"id": "analysis/failed"},
      "message": {"text": "The analysis of the entry script failed."}})"));
  CHECK(notes[1] == json::parse(R"({"level": "warning", "descriptor": {"id": "analysis/budget"},
      "message": {"text": "The path budget (256) ran out; 3 paths were dropped."}})"));
  CHECK(notes[2]["descriptor"]["id"] == "analysis/syntax-error");
  CHECK(notes[2]["level"] == "error");
  CHECK(notes[2]["locations"][0]["physicalLocation"]["region"] ==
        json::parse(R"({"startLine": 3, "startColumn": 8, "endLine": 3, "endColumn": 8})"));
  CHECK(notes[3]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "train.py");
}

TEST_CASE("sarif: no absolute or escaping path ever reaches an artifactLocation", "[sarif][paths]") {
  auto r = sample::result();
  r.findings[0].location.path = "/tmp/tenscan-sandbox-1234/train.py";
  r.findings[1].related[0].range.path = "../outside.py";
  r.findings[1].steps = {{{"/tmp/tenscan-sandbox-1234/lib.py", 2, 1, 2, 3}, "In the sandbox."},
                         {{"../outside.py", 1, 1, 1, 2}, "Outside."}};
  r.notifications[0].location.path = "C:/work/train.py";
  auto log = sarif_of(r);
  const auto text = log.dump();
  CHECK(text.find("tenscan-sandbox") == std::string::npos);
  CHECK(text.find("outside.py") == std::string::npos);
  const auto& run = log["runs"][0];
  REQUIRE(run["results"].size() == 1);
  CHECK(run["results"][0]["relatedLocations"].size() == 1);
  CHECK_FALSE(run["results"][0].contains("codeFlows"));
  const auto& notes = run["invocations"][0]["toolExecutionNotifications"];
  REQUIRE(notes.size() == 3);
  CHECK(notes[0]["descriptor"]["id"] == "analysis/invalid-location");
  CHECK(notes[0]["message"]["text"] ==
        "A shape/broadcast finding had a location outside the project and was left out of this log.");
  for (const auto& n : notes) CHECK_FALSE(n.contains("locations"));
}

TEST_CASE("sarif: project-relative URIs and help links", "[sarif][paths]") {
  CHECK(project_relative_uri("train.py") == "train.py");
  CHECK(project_relative_uri("./src//models/net.py") == "src/models/net.py");
  CHECK(project_relative_uri("src\\win\\path.py") == "src/win/path.py");
  CHECK(project_relative_uri("my dir/r\xc3\xa9sum\xc3\xa9#1.py") == "my%20dir/r%C3%A9sum%C3%A9%231.py");
  CHECK_FALSE(project_relative_uri(""));
  CHECK_FALSE(project_relative_uri("."));
  CHECK_FALSE(project_relative_uri("/abs/train.py"));
  CHECK_FALSE(project_relative_uri("a/../../b.py"));
  CHECK_FALSE(project_relative_uri("C:/x.py"));
  CHECK_FALSE(project_relative_uri("file:///x.py"));
  CHECK(rule_help_uri("shape/matmul-inner-dim") ==
        "https://github.com/tenscan/tenscan/blob/main/docs/rules.md#shapematmul-inner-dim");
  CHECK(markdown_to_plain(
            "## Fix\nUse `x.view(x.size(0), -1)` and **never** `__init__` [docs](https://x.y/z).") ==
        "Fix\nUse x.view(x.size(0), -1) and never __init__ docs (https://x.y/z).");
}

TEST_CASE("sarif: output is deterministic and independent of input order", "[sarif]") {
  auto a = sample::result();
  auto b = a;
  std::swap(b.findings[0], b.findings[1]);
  std::swap(b.notifications[0], b.notifications[1]);
  SarifOptions options;
  options.project_root = "/src";
  options.automation_id = "tenscan/services-a/";
  const auto x = render_sarif(a, sample::lookup(), options);
  CHECK(x == render_sarif(b, sample::lookup(), options));
  auto log = json::parse(x);
  CHECK(log["runs"][0]["automationDetails"]["id"] == "tenscan/services-a/");
  CHECK(log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///src/");
  // An empty result still has a results array (upload-sarif requires it).
  auto empty = sarif_of(AnalysisResult{});
  CHECK(empty["runs"][0]["results"] == json::array());
  CHECK_FALSE(empty["runs"][0]["invocations"][0].contains("toolExecutionNotifications"));
}
