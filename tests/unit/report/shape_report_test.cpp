// The shape report: the layer table, the failing layer highlighted, escaping, Markdown.
#include <catch2/catch.hpp>

#include "tenscan/report/shape_report.h"

using namespace tenscan;

namespace {

AnalysisResult traced() {
  AnalysisResult r;
  ModuleCall net{"Net", "Net", "", 0, {"[B, 1, 28, 28]"}, {"[...]"}, 0, {"train.py", 40, 10, 40, 20}, {}};
  ModuleCall conv{"Net.conv1", "Conv2d", "in_channels=1, out_channels=32", 1, {"[B, 1, 28, 28]"}, {"[B, 32, 26, 26]"}, 320,
                  {"train.py", 20, 9, 20, 24}, {}};
  ModuleCall fc{"Net.fc1", "Linear", "in_features=12544, out_features=128", 1, {"[64, 9216]", "[16, 9216]"}, {}, 1605760,
                {"train.py", 22, 9, 22, 20}, {"shape/matmul-inner-dim: mat1 and mat2 shapes cannot be multiplied <b>"}};
  r.modules = {net, conv, fc};
  Finding f;
  f.rule = RuleId::MatmulInnerDim;
  f.message = "mat1 and mat2 shapes cannot be multiplied <b>";
  f.location = {"train.py", 22, 13, 22, 24};
  f.path_conditions = {"for example when B = 16"};
  r.findings.push_back(f);
  return r;
}

}  // namespace

TEST_CASE("shape report: a self-contained page with the layers, the failing one highlighted", "[shape-report]") {
  const std::string page = report::render_shape_report(traced(), "train.py");
  CHECK_THAT(page, Catch::StartsWith("<!DOCTYPE html>"));
  CHECK(page.find("src=\"http") == std::string::npos);  // nothing fetched
  CHECK(page.find("<link") == std::string::npos);
  CHECK_THAT(page, Catch::Contains("<tr data-depth=\"1\" class=\"failing\">"));
  CHECK_THAT(page, Catch::Contains("Net.fc1"));
  CHECK_THAT(page, Catch::Contains("[64, 9216]<br>[16, 9216]"));  // (the shapes of two paths)
  CHECK_THAT(page, Catch::Contains("id=\"total\">1,606,080<"));
  CHECK_THAT(page, Catch::Contains("cannot be multiplied &lt;b&gt;"));
  CHECK(page.find("multiplied <b>") == std::string::npos);
  CHECK_THAT(page, Catch::Contains("on this path: for example when B = 16"));
  CHECK_THAT(page, Catch::Contains("<svg id=\"graph\""));
  CHECK(report::shape_report_file_name("models/train.py") == "models__train.py.html");
  // the same script run with other arguments keeps a page of its own
  const auto a = report::shape_report_file_name("train.py", {"--arch", "resnet"});
  const auto b = report::shape_report_file_name("train.py", {"--arch", "vgg"});
  CHECK_THAT(a, Catch::Matches(R"(train\.py\.[0-9a-f]{8}\.html)"));
  CHECK(a != b);
  CHECK(a != report::shape_report_file_name("train.py", {"--archresnet"}));
  AnalysisResult none;
  CHECK_THAT(report::render_shape_report(none, "x.py"), Catch::Contains("called no <code>nn.Module</code>"));
}

TEST_CASE("shape report: the forward pass as a dataflow graph: a container's modules, skip connections as arcs",
          "[shape-report]") {
  AnalysisResult r;
  // Net calls stem, then block and side on what stem and the data made, and head on both
  r.modules = {
      {"Net", "Net", "", 0, {"[4, 3, 8, 8]"}, {"[4, 10]"}, 0, {}, {}, {-1}},
      {"Net.stem", "Conv2d", "", 1, {"[4, 3, 8, 8]"}, {"[4, 16, 8, 8]"}, 448, {}, {}, {-1}},
      {"Net.block", "Block", "", 1, {"[4, 16, 8, 8]"}, {"[4, 16, 8, 8]"}, 0, {}, {}, {1}},
      {"Net.block.conv", "Conv2d", "", 2, {"[4, 16, 8, 8]"}, {"[4, 16, 8, 8]"}, 2320, {}, {}, {1}},
      {"Net.side", "Conv2d", "", 1, {"[4, 3, 8, 8]"}, {"[4, 16, 8, 8]"}, 64, {}, {}, {-1}},
      {"Net.head", "Linear", "", 1, {"[4, 32]"}, {"[4, 10]"}, 330, {}, {"shape/x: <bad>"}, {1, 3, 4}},
      {"CrossEntropyLoss", "CrossEntropyLoss", "", 0, {"[4, 10], [4]"}, {"[]"}, 0, {}, {}, {-1, 5}},
  };
  const std::string page = report::render_shape_report(r, "train.py");
  auto edge = [&](int from, int to) {
    return page.find("data-from=\"" + std::to_string(from) + "\" data-to=\"" + std::to_string(to) + "\"") != std::string::npos;
  };
  CHECK_THAT(page, Catch::Contains("<text class=\"heading\" x=\"20\" y=\"")); // (Net: a heading, no box)
  CHECK(page.find("data-row=\"0\"") == std::string::npos);
  CHECK(page.find("data-row=\"3\"") == std::string::npos);  // (drawn as its depth-1 ancestor, the block)
  CHECK(edge(-1, 1));
  CHECK(edge(1, 2));
  CHECK(edge(-1, 4));
  CHECK(edge(2, 5));   // (the block's conv made head's input: the block)
  CHECK(edge(4, 5));
  CHECK(edge(1, 5));   // (the residual)
  CHECK(edge(5, 6));
  CHECK(edge(-1, 6));
  CHECK(!edge(0, 6));
  CHECK(!edge(2, 2));
  // next box down: a straight arrow; any other an arc; labels are the producer's shapes
  CHECK_THAT(page, Catch::Contains("<g class=\"edge\" data-from=\"1\" data-to=\"2\">"));
  CHECK_THAT(page, Catch::Contains("<g class=\"edge arc\" data-from=\"1\" data-to=\"5\">"));
  CHECK_THAT(page, Catch::Contains(">[4, 16, 8, 8]</text>"));
  CHECK_THAT(page, Catch::Contains("<g class=\"node failing\" data-row=\"5\">"));
  // rows from a worker are not trusted to be in range
  r.modules[5].from = {99, -7};
  CHECK_THAT(report::render_shape_report(r, "train.py"), Catch::Contains("<svg id=\"graph\""));
}

TEST_CASE("shape report: the layer table in Markdown, escaped", "[shape-report][markdown]") {
  const std::string md = report::render_shape_table_markdown(traced());
  CHECK_THAT(md, Catch::StartsWith("| module | type | input | output | parameters |\n"));
  CHECK_THAT(md, Catch::Contains("| &nbsp;&nbsp;**✗** Net.fc1 | Linear | \\[64, 9216\\]<br>\\[16, 9216\\] | — | 1,605,760 |"));
  CHECK_THAT(md, Catch::EndsWith("\nTotal parameters: 1,606,080\n"));
  CHECK(report::render_shape_table_markdown(AnalysisResult{}).empty());
}

TEST_CASE("shape report: module mode's contracts, escaped", "[shape-report][contracts]") {
  AnalysisResult r = traced();
  CHECK(report::render_shape_report(r, "models.py").find("<h2>Contracts</h2>") == std::string::npos);
  r.contracts.push_back({"Net<i>", {"models.py", 10, 1, 10, 6}, "Net<i>.forward(x: [B, 1, H, W]) -> [B, 10]",
                         {"H >= 28"}, {}, {"H = W = 28 or 29 among square images"}, {}});
  const std::string page = report::render_shape_report(r, "models.py");
  CHECK_THAT(page, Catch::Contains("<h2>Contracts</h2>"));
  CHECK_THAT(page, Catch::Contains("<strong>models.py:10</strong> <code>Net&lt;i&gt;.forward(x: [B, 1, H, W]) -&gt; [B, 10]; "
                                   "requires H &gt;= 28; accepts H = W = 28 or 29 among square images</code>"));
}
