// Module mode's declarations (AnalysisOptions::model_decls, "models" in tenscan.json): a model
// built with the declared arguments and called on the declared shapes, one check per
// declaration; and a declaration that cannot apply said as such, never silently dropped.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using namespace tenscan_test;

namespace {

const char* kModels =
    "import torch.nn as nn\n"
    "\n"
    "class Head(nn.Module):\n"
    "    def __init__(self, layers, num_classes=10):\n"
    "        super().__init__()\n"
    "        self.body = nn.Sequential(*[nn.Linear(64, 64) for _ in range(len(layers))])\n"
    "        self.fc = nn.Linear(64, num_classes)\n"
    "\n"
    "    def forward(self, x):\n"
    "        return self.fc(self.body(x))\n";

tenscan::ModelDecl decl(std::string model, std::string args, std::string file = "models.py") {
  tenscan::ModelDecl d;
  d.model = std::move(model);
  d.args = std::move(args);
  d.file = std::move(file);
  return d;
}

Run check(std::vector<tenscan::ModelDecl> decls) {
  tenscan::AnalysisOptions o;
  o.module_mode = tenscan::AnalysisOptions::ModuleMode::On;
  o.model_decls = std::move(decls);
  return analyze_files({{"models.py", kModels}}, "models.py", o);
}

std::vector<std::string> signatures(const Run& r) {
  std::vector<std::string> out;
  for (const auto& c : r.result.contracts) out.push_back(c.signature);
  return out;
}

bool gap_says(const Run& r, const std::string& text) {
  for (const auto& c : r.result.completeness.causes)
    if (c.what.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("model declarations: each one a check of the model, built with its arguments", "[module-decls]") {
  tenscan::ModelDecl shaped = decl("Head", "[1]");
  shaped.inputs.push_back({"x", {"B", "7", "64"}, ""});
  Run r = check({decl("Head", "[1, 2], num_classes=3"), decl("Head", "(4,)"), shaped});
  CHECK(signatures(r) == std::vector<std::string>{"Head([1, 2], num_classes=3).forward(x: [B, 64]) -> [B, 3]",
                                                   "Head((4,)).forward(x: [B, 64]) -> [B, 10]",
                                                   "Head([1]).forward(x: [B, 7, 64]) -> [B, 7, 10]"});
  CHECK(r.findings().empty());
}

TEST_CASE("model declarations: arguments that are not call arguments are a gap, not a run", "[module-decls]") {
  // (text that closes the call and goes on is not arguments: nothing of it is interpreted)
  for (const char* args : {"1)\nimport os\nx = (1", "num_classes=", "**", "1) if True else (2"}) {
    INFO(args);
    Run r = check({decl("Head", args)});
    CHECK(r.result.contracts.empty());
    CHECK_FALSE(r.result.completeness.complete);
    CHECK(gap_says(r, "whose arguments are not Python call arguments: Head was not checked as declared"));
  }
}

TEST_CASE("model declarations: a call the arguments do not fit is a check that could not run, at the model",
          "[module-decls]") {
  Run r = check({decl("Head", "[1], 3, 4")});
  CHECK(r.result.contracts.empty());
  CHECK(r.result.findings.empty());
  CHECK_FALSE(r.result.completeness.complete);
  bool said = false;
  for (const auto& n : r.result.notifications)
    if (n.kind == tenscan::Notification::Kind::Unsupported) {
      CHECK(n.message.starts_with("module mode could not check Head([1], 3, 4) as tenscan.json declares it: an uncaught "
                                  "TypeError: Head.__init__() takes from 2 to 3 positional arguments but 4 were given"));
      CHECK(n.location.path == "models.py");
      CHECK(n.location.line == 3);  // (the class statement)
      said = true;
    }
  CHECK(said);
}

TEST_CASE("model declarations: one for a model the file does not define, or for another file", "[module-decls]") {
  Run r = check({decl("Haed", "[1]")});
  CHECK_FALSE(r.result.completeness.complete);
  CHECK(gap_says(r, "tenscan.json declares Haed for models.py, which defines no model of that name"));
  // (another file's declaration: this file's Head is checked as module mode makes it up)
  Run other = check({decl("Head", "[1]", "other/models.py")});
  CHECK(other.result.completeness.causes.size() <= 1);
  CHECK_FALSE(gap_says(other, "tenscan.json declares"));
  // (a file matched by its last components)
  tenscan::AnalysisOptions o;
  o.module_mode = tenscan::AnalysisOptions::ModuleMode::On;
  o.model_decls = {decl("Head", "[1, 2, 3]", "models.py")};
  Run nested = analyze_files({{"src/models.py", kModels}}, "src/models.py", o);
  CHECK(signatures(nested) == std::vector<std::string>{"Head([1, 2, 3]).forward(x: [B, 64]) -> [B, 10]"});
  o.model_decls = {decl("Head", "[1, 2, 3]", "c/models.py")};  // (not the components "src/")
  Run unmatched = analyze_files({{"src/models.py", kModels}}, "src/models.py", o);
  CHECK(signatures(unmatched).size() <= 1);
  CHECK(signatures(unmatched) != std::vector<std::string>{"Head([1, 2, 3]).forward(x: [B, 64]) -> [B, 10]"});
}

TEST_CASE("model declarations: a script that calls its models in auto mode says its declaration went unused",
          "[module-decls]") {
  tenscan::AnalysisOptions o;
  o.model_decls = {decl("Head", "[1]", "main.py")};
  Run r = analyze_files({{"main.py", std::string(kModels) +
                                         "\nimport torch\nprint(Head([1])(torch.randn(2, 64)).shape)\n"}},
                        "main.py", o);
  CHECK(r.has_note_containing(tenscan::Notification::Kind::Configuration,
                              "tenscan.json declares how module mode builds Head of main.py, but the file ran as a "
                              "script that calls its models"));
}
