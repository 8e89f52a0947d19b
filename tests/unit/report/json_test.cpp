// tenscan's JSON document and the JSON-lines wire format: structure, lossless round trip,
// rejection of malformed lines.
#include "tenscan/report/json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sample.h"
#include "tenscan/core/analyze.h"
#include "tenscan/report/run.h"

using namespace tenscan;
using namespace tenscan::report;
using nlohmann::json;

namespace {
// Field-by-field equality of the findings model (the structs do not all define ==).
void check_same(const AnalysisResult& a, const AnalysisResult& b) {
  REQUIRE(a.findings.size() == b.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    const auto &x = a.findings[i], &y = b.findings[i];
    CHECK(x.rule == y.rule);
    CHECK(x.level == y.level);
    CHECK(x.message == y.message);
    CHECK(x.location == y.location);
    CHECK(x.related == y.related);
    CHECK(x.steps == y.steps);
    CHECK(x.path_conditions == y.path_conditions);
    CHECK(x.identity == y.identity);
    CHECK(x.region == y.region);
  }
  REQUIRE(a.notifications.size() == b.notifications.size());
  for (std::size_t i = 0; i < a.notifications.size(); ++i) {
    const auto &x = a.notifications[i], &y = b.notifications[i];
    CHECK(x.kind == y.kind);
    CHECK(x.level == y.level);
    CHECK(x.message == y.message);
    CHECK(x.location == y.location);
  }
  const auto &s = a.stats, &t = b.stats;
  CHECK(s.paths_explored == t.paths_explored);
  CHECK(s.paths_valid == t.paths_valid);
  CHECK(s.paths_invalid == t.paths_invalid);
  CHECK(s.paths_dontknow == t.paths_dontknow);
  CHECK(s.paths_unreachable == t.paths_unreachable);
  CHECK(s.paths_pruned == t.paths_pruned);
  CHECK(s.paths_merged == t.paths_merged);
  CHECK(s.assumptions == t.assumptions);
  CHECK(s.solver_calls == t.solver_calls);
  CHECK(s.solver_ms == t.solver_ms);  // exact: the encoding round-trips doubles
  CHECK(s.requirements_checked == t.requirements_checked);
  CHECK(s.requirements_online == t.requirements_online);
  CHECK(s.modules_loaded == t.modules_loaded);
  CHECK(s.statements_executed == t.statements_executed);
  CHECK(s.unmodelled_calls == t.unmodelled_calls);
  CHECK(s.operations == t.operations);
  CHECK(a.completed == b.completed);
}

AnalysisResult awkward() {
  auto r = sample::result();
  r.findings[0].message =
      "Quotes \" and \\ backslashes, a\nnewline, a tab\t, NUL-free control \x01, \xc3\xa9 \xf0\x9f\x9a\x80.";
  r.findings[0].path_conditions = {"", "args.mode == \"train\u2028\""};
  r.findings[1].identity.clear();
  r.findings[1].related.clear();
  r.findings[1].steps = {{{"d\xc3\xa9j\xc3\xa0 vu.py", 1, 0, 0, 0}, ""},
                         {{"train.py", 2, 3, 4, 5}, "a \"quoted\"\nstep\t\xe2\x80\x94"}};
  r.findings[0].steps.clear();
  r.findings[1].region = {.hyperparameters = {"--kernel", "--arch"},
                          .failing = {{"5", "'wide'"}, {"7", "a \"b\", c"}},
                          .complete = false,
                          .space = 6,
                          .constraint = "kernel <= 3"};
  r.stats.paths_merged = 2147483647;
  r.notifications.push_back({Notification::Kind::Internal, Level::Error, "", {"", 0, 3, 0, 0}});
  r.stats.solver_ms = 0.1 + 0.2;
  r.completed = false;
  return r;
}
}  // namespace

TEST_CASE("json: the document has the documented shape, sorted", "[json]") {
  auto doc = json::parse(render_json(sample::result(), "train.py"));
  CHECK(doc["version"] == version());
  CHECK(doc["entry"] == "train.py");
  CHECK(doc["completed"] == true);
  REQUIRE(doc["findings"].size() == 2);
  const auto& f = doc["findings"][0];  // models/net.py sorts before train.py
  CHECK(f["rule"] == "shape/reshape-numel");
  CHECK(f["level"] == "warning");
  CHECK(f["location"] ==
        json{{"path", "models/net.py"}, {"line", 9}, {"col", 18}, {"end_line", 9}, {"end_col", 44}});
  CHECK(f["related"][1]["message"] == "self.fc is built here.");
  CHECK(f["path_conditions"] == json{"--model is 'big'", "batch_size == 64"});
  CHECK(f["identity"] == "shape/reshape-numel|Net.forward|view asks for # elements");
  REQUIRE(doc["notifications"].size() == 2);
  CHECK(doc["notifications"][0] == json{{"kind", "budget"},
                                        {"level", "warning"},
                                        {"message", "The path budget (256) ran out; 3 paths were dropped."}});
  CHECK(doc["notifications"][1]["location"]["path"] == "train.py");
  CHECK(doc["stats"]["unmodelled_calls"]["wandb.log"] == 3);
  CHECK(doc["stats"]["solver_ms"] == 12.25);
  CHECK(doc["stats"]["paths_merged"] == 5);
  CHECK(doc["stats"]["assumptions"] == 2);
  CHECK(doc["stats"]["benign_calls"] == json::object());
  CHECK(doc["stats"].size() == 21);
  CHECK(f["steps"] == json::array());
  CHECK(doc["findings"][1]["steps"][0] ==
        json{{"location", {{"path", "train.py"}, {"line", 5}, {"col", 5}, {"end_line", 5}, {"end_col", 31}}},
             {"message", "x is created with shape [64, 1, 28, 28] here."}});
  CHECK(doc["findings"][1]["steps"].size() == 3);
}

TEST_CASE("json lines: every record is one line and the round trip is lossless", "[json][wire]") {
  for (const auto& original : {sample::result(), awkward()}) {
    const auto text = encode_json_lines(original);
    std::size_t lines = 0;
    for (char c : text) lines += c == '\n';
    CHECK(lines == original.findings.size() + original.notifications.size() + 1);
    std::string error;
    auto decoded = decode_json_lines(text, &error);
    INFO(error);
    REQUIRE(decoded);
    check_same(original, *decoded);
    CHECK(encode_json_lines(*decoded) == text);
  }
}

TEST_CASE("json lines: the shape report's layers travel as module records", "[json][wire][shape-report]") {
  AnalysisResult r = sample::result();
  r.modules.push_back({"Net.fc1", "Linear", "in_features=9216", 1, {"[64, 9216]", "[16, 9216]"}, {"[64, 128]"}, 1179776,
                       {"train.py", 22, 9, 22, 20}, {"shape/matmul-inner-dim: mat1 and mat2 \"x\"\n"}, {-1, 0}});
  const auto text = encode_json_lines(r);
  CHECK_THAT(text, Catch::Contains("\"type\":\"module\""));
  auto decoded = decode_json_lines(text);
  REQUIRE(decoded);
  CHECK(decoded->modules == r.modules);
}

TEST_CASE("json lines: single records decode to the same alternative", "[json][wire]") {
  const auto r = sample::result();
  auto f = decode_json_line(encode_json_line(r.findings[1]));
  REQUIRE(f);
  REQUIRE(std::holds_alternative<Finding>(*f));
  CHECK(std::get<Finding>(*f).path_conditions == r.findings[1].path_conditions);
  auto n = decode_json_line(encode_json_line(r.notifications[0]));
  REQUIRE(n);
  CHECK(std::get<Notification>(*n).kind == Notification::Kind::UnmodelledCall);
  auto s = decode_json_line(encode_json_line(RunSummary{r.stats, false}) + "\r\n");
  REQUIRE(s);
  CHECK(std::get<RunSummary>(*s).completed == false);
  CHECK(std::get<RunSummary>(*s).stats.operations == r.stats.operations);
}

TEST_CASE("json lines: malformed input is rejected with a reason", "[json][wire]") {
  std::string error;
  {
    auto f = sample::result().findings[0];
    f.region = {.hyperparameters = {"--kernel"}, .failing = {{"5", "7"}}, .complete = true, .space = 3};  // a combination of the wrong length
    CHECK_FALSE(decode_json_line(encode_json_line(f), &error));
  }
  CHECK_FALSE(decode_json_line("{not json", &error));
  CHECK_FALSE(error.empty());
  CHECK_FALSE(decode_json_line(R"({"type":"gossip"})", &error));
  CHECK(error == "unknown record type 'gossip'");
  auto line = encode_json_line(sample::result().findings[0]);
  auto bad_rule = line;
  bad_rule.replace(bad_rule.find("shape/broadcast"), 15, "shape/nonexistent");
  CHECK_FALSE(decode_json_line(bad_rule, &error));
  CHECK(error == "unknown rule id 'shape/nonexistent'");
  auto bad_level = line;
  bad_level.replace(bad_level.find("\"error\""), 7, "\"fatal\"");
  CHECK_FALSE(decode_json_line(bad_level, &error));
  CHECK(error == "unknown level 'fatal'");
  CHECK_FALSE(decode_json_line(R"({"type":"finding","rule":"shape/broadcast"})", &error));

  CHECK_FALSE(decode_json_lines(line + "garbage\n", &error));
  CHECK(error.rfind("line 2: ", 0) == 0);
}

TEST_CASE("json lines: a stream without its summary was cut short", "[json][wire]") {
  const auto r = sample::result();
  auto decoded = decode_json_lines(encode_json_line(r.findings[0]) + "\n\n");
  REQUIRE(decoded);
  CHECK(decoded->findings.size() == 1);
  CHECK_FALSE(decoded->completed);
}

TEST_CASE("json: invalid UTF-8 in a message is replaced, not thrown", "[json]") {
  auto r = sample::result();
  r.findings[0].message = "bad \xff byte.";
  auto doc = json::parse(render_json(r, "train.py"));
  CHECK(doc["findings"][1]["message"] == "bad \xef\xbf\xbd byte.");
  auto line = decode_json_line(encode_json_line(r.findings[0]));
  REQUIRE(line);
  CHECK(std::get<Finding>(*line).message == "bad \xef\xbf\xbd byte.");
}

TEST_CASE("json lines: records from before steps and the new stats still decode", "[json][wire]") {
  // A worker built before Finding::steps and Stats::paths_merged/assumptions existed.
  auto f =
      decode_json_line(R"({"type":"finding","rule":"shape/broadcast","level":"error","message":"m.",)"
                       R"("location":{"path":"a.py","line":1,"col":1,"end_line":1,"end_col":2},"related":[],)"
                       R"("path_conditions":[],"identity":""})");
  REQUIRE(f);
  CHECK(std::get<Finding>(*f).steps.empty());
  auto s = decode_json_line(R"({"type":"summary","stats":{"paths_explored":3},"completed":true})");
  REQUIRE(s);
  CHECK(std::get<RunSummary>(*s).stats.paths_merged == 0);
  CHECK(std::get<RunSummary>(*s).stats.assumptions == 0);

  // Mistyped new fields are rejected, not guessed.
  std::string error;
  auto line = encode_json_line(sample::result().findings[0]);
  auto bad_steps = line;
  bad_steps.replace(bad_steps.find("\"steps\":["), 9, "\"steps\":7,\"x\":[");
  CHECK_FALSE(decode_json_line(bad_steps, &error));
  CHECK_THAT(error, Catch::Contains("expected an array of steps"));
  CHECK_FALSE(decode_json_line(R"({"type":"summary","stats":{"assumptions":"2"},"completed":true})", &error));
  CHECK_THAT(error, Catch::Contains("expected an integer"));
}

TEST_CASE("json: module mode's contracts, only when there are some", "[json][contracts]") {
  AnalysisResult r = sample::result();
  CHECK(!json::parse(render_json(r, "m.py")).contains("contracts"));
  r.contracts.push_back({"Net", {"models/net.py", 6, 1, 6, 30}, "Net.forward(x: [B, 1, H, W]) -> [B, 10]",
                         {"H*W == 784"}, {}, {"H = W = 28 among square images"}, {}});
  r.contracts.push_back({"Enc", {"models/net.py", 30, 1, 30, 20}, "Enc.forward(t: [B, T]) -> [1, 256]", {}, {"B = 1"}, {},
                         {"`self.pool` is true"}});
  auto doc = json::parse(render_json(r, "models/net.py"));
  REQUIRE(doc["contracts"].size() == 2);
  CHECK(doc["contracts"][0] == json{{"module", "Net"},
                                    {"location", {{"path", "models/net.py"}, {"line", 6}, {"col", 1}, {"end_line", 6}, {"end_col", 30}}},
                                    {"signature", "Net.forward(x: [B, 1, H, W]) -> [B, 10]"},
                                    {"requires", {"H*W == 784"}},
                                    {"only_if", json::array()},
                                    {"accepts", {"H = W = 28 among square images"}},
                                    {"when", json::array()}});
  CHECK(doc["contracts"][1]["only_if"] == json{"B = 1"});
  CHECK(doc["contracts"][1]["when"] == json{"`self.pool` is true"});
}

TEST_CASE("json lines: module mode's contracts travel as contract records", "[json][wire][contracts]") {
  AnalysisResult r = sample::result();
  r.contracts.push_back({"Net", {"models.py", 10, 1, 10, 6}, "Net.forward(x: [B, 1, H, W]) -> [B, 10]",
                         {"H >= 28"}, {"W = 28"}, {"H = W = 28 or 29 among square images"}, {"`self.bias` is true"}});
  r.contracts.push_back({"resnet18()", {"models.py", 40, 1, 40, 9}, "resnet18().forward(x: [B, 3, H, W]) -> [B, 1000]", {}, {}, {}, {}});
  const auto text = encode_json_lines(r);
  CHECK_THAT(text, Catch::Contains("\"type\":\"contract\""));
  auto decoded = decode_json_lines(text);
  REQUIRE(decoded);
  CHECK(decoded->contracts == r.contracts);
}

TEST_CASE("contracts: the models whose contracts a change altered, added or removed", "[contracts]") {
  auto entry = [](std::vector<ModuleContract> cs, EntryStatus status = EntryStatus::Analysed) {
    EntryOutcome e;
    e.path = "models.py";
    e.status = status;
    e.contracts = std::move(cs);
    return e;
  };
  const ModuleContract enc128{"Encoder", {"models.py", 5, 1, 5, 8}, "Encoder.forward(x: [B, T]) -> [B, 128]", {}, {}, {}, {}};
  ModuleContract enc256 = enc128;
  enc256.signature = "Encoder.forward(x: [B, T]) -> [B, 256]";
  enc256.where.line = 7;  // (a line that moved is no change)
  const ModuleContract head{"Head", {"models.py", 30, 1, 30, 5}, "Head.forward(x: [B, 256]) -> [B, 10]", {"B >= 1"}, {}, {}, {}};
  ModuleContract head_moved = head;
  head_moved.where.line = 33;
  const ModuleContract gone{"Old", {"models.py", 50, 1, 50, 4}, "Old.forward(x: [B, 4]) -> [B, 4]", {}, {}, {}, {}};

  auto changes = contract_changes({entry({enc128, head, gone})}, {entry({enc256, head_moved})});
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].module == "Old");  // (no longer at head: located by the entry)
  CHECK(changes[0].after.empty());
  CHECK(changes[1].module == "Encoder");
  CHECK(changes[1].where.line == 7);
  CHECK(changes[1].before == std::vector<std::string>{"Encoder.forward(x: [B, T]) -> [B, 128]"});
  CHECK(changes[1].after == std::vector<std::string>{"Encoder.forward(x: [B, T]) -> [B, 256]"});
  CHECK(contract_line(head) == "Head.forward(x: [B, 256]) -> [B, 10]; requires B >= 1");
  // a side that could not be analysed, or a file new in the change, tells nothing
  CHECK(contract_changes({entry({enc128}, EntryStatus::TimedOut)}, {entry({enc256})}).empty());
  CHECK(contract_changes({}, {entry({enc256})}).empty());
}
