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
  AnalysisResult none;
  CHECK_THAT(report::render_shape_report(none, "x.py"), Catch::Contains("called no <code>nn.Module</code>"));
}

TEST_CASE("shape report: the layer table in Markdown, escaped", "[shape-report][markdown]") {
  const std::string md = report::render_shape_table_markdown(traced());
  CHECK_THAT(md, Catch::StartsWith("| module | type | input | output | parameters |\n"));
  CHECK_THAT(md, Catch::Contains("| &nbsp;&nbsp;**✗** Net.fc1 | Linear | \\[64, 9216\\]<br>\\[16, 9216\\] | — | 1,605,760 |"));
  CHECK_THAT(md, Catch::EndsWith("\nTotal parameters: 1,606,080\n"));
  CHECK(report::render_shape_table_markdown(AnalysisResult{}).empty());
}
