// Fixes of findings: where a call's argument is (python::call_argument), the fix a layer's
// requirement carries, and that applying it makes the finding go away.
#include "analysis_harness.h"

#include <map>

#include "python/call_args.h"
#include "tenscan/core/edits.h"
#include "tenscan/report/fixes.h"

using tenscan::python::call_argument;

TEST_CASE("fixes: an argument of a call, by position or keyword, or where a keyword goes", "[fixes]") {
  const std::string call = "nn.Linear(9216, 10)";
  auto a = call_argument(call, "Linear", 0, "in_features");
  REQUIRE(a);
  CHECK(a->present);
  CHECK(call.substr(a->begin, a->end - a->begin) == "9216");
  const std::string kw = "torch.nn.Linear(\n    out_features=10,\n    in_features=16 * 5 * 5,\n)";
  auto b = call_argument(kw, "Linear", 0, "in_features");
  REQUIRE(b);
  CHECK(kw.substr(b->begin, b->end - b->begin) == "16 * 5 * 5");
  CHECK(a->literal);
  CHECK(b->literal);
  CHECK_FALSE(call_argument("nn.Linear(width, 10)", "Linear", 0, "in_features")->literal);
  CHECK_FALSE(call_argument("nn.Linear(args.hidden * 2, 10)", "Linear", 0, "in_features")->literal);
  CHECK(call_argument("DataLoader(d, drop_last=False)", "DataLoader", 8, "drop_last")->literal);
  // not passed: `, keyword=value` right after the last argument (a trailing comma and a
  // comment after it stay where they are)
  const std::string loader = "DataLoader(data, batch_size=64)";
  auto c = call_argument(loader, "DataLoader", -1, "drop_last");
  REQUIRE(c);
  CHECK_FALSE(c->present);
  CHECK(c->begin == loader.size() - 1);
  CHECK(std::string(c->prefix) == ", ");
  const std::string trailing = "DataLoader(data,\n           batch_size=64,\n           # drop_last=True,\n)";
  auto d = call_argument(trailing, "DataLoader", -1, "drop_last");
  REQUIRE(d);
  CHECK(d->begin == trailing.find("64,") + 2);
  CHECK(std::string(d->prefix) == ", ");
  auto e = call_argument("DataLoader()", "DataLoader", -1, "drop_last");
  CHECK(e->begin == 11);
  CHECK(std::string(e->prefix).empty());
  // no fix where the argument might be elsewhere, or the call is not the layer's
  CHECK_FALSE(call_argument("nn.Linear(*sizes)", "Linear", 0, "in_features"));
  CHECK_FALSE(call_argument("nn.Linear(**cfg)", "Linear", 0, "in_features"));
  CHECK_FALSE(call_argument("make_layer(9216, 10)", "Linear", 0, "in_features"));
  CHECK_FALSE(call_argument("nn.Bilinear(9216, 10, 3)", "Linear", 0, "in_features"));
  CHECK_FALSE(call_argument("layers[0]", "Linear", 0, "in_features"));
  CHECK_FALSE(call_argument("nn.Linear(10)", "Linear", 1, ""));
}

TEST_CASE("fixes: a Linear layer's in_features is set to the size that reaches it, where that is one size", "[fixes]") {
  auto r = tenscan_test::analyze_program(R"py(
import torch
import torch.nn as nn
x = torch.randn(8, 1, 28, 28)
h = nn.Conv2d(1, 16, 5)(x).flatten(1)
fc = nn.Linear(in_features=16 * 4 * 4, out_features=10)
y = fc(h)
)py");
  REQUIRE(r.result.findings.size() == 1);
  const auto& fixes = r.result.findings[0].fixes;
  REQUIRE(fixes.size() == 1);
  CHECK(fixes[0].description == "set in_features to 9216");
  REQUIRE(fixes[0].replacements.size() == 1);
  const auto& rep = fixes[0].replacements[0];
  CHECK(rep.range == tenscan::SourceRange("main.py", 6, 28, 6, 38));  // (16 * 4 * 4)
  CHECK(rep.text == "9216");
  // a size the user's option decides has no one value to write
  auto symbolic = tenscan_test::analyze_program(R"py(
import argparse
import torch
import torch.nn as nn
parser = argparse.ArgumentParser()
parser.add_argument("--width", type=int, default=32)
args = parser.parse_args()
y = nn.Linear(64, 10)(torch.randn(4, args.width))
)py",
                                                {}, [] {
                                                  tenscan::AnalysisOptions o;
                                                  o.symbolic_args = true;
                                                  return o;
                                                }());
  REQUIRE(symbolic.result.findings.size() == 1);
  CHECK(symbolic.result.findings[0].fixes.empty());
  // two paths that reach the layer with different sizes: no one fix
  auto paths = tenscan_test::analyze_program(R"py(
import random
import torch
import torch.nn as nn
fc = nn.Linear(100, 10)
x = torch.randn(4, 32) if random.random() < 0.5 else torch.randn(4, 48)
y = fc(x)
)py");
  REQUIRE(paths.result.findings.size() == 1);
  CHECK(paths.result.findings[0].fixes.empty());
}

TEST_CASE("fixes: applied to each rule's bad example, a fix leaves nothing to report", "[fixes][rules]") {
  int fixed = 0;
  for (const auto& info : tenscan::all_rules()) {
    const std::string bad(tenscan::rule_example(info.rule).bad);
    auto r = tenscan_test::analyze_program(bad);
    std::vector<tenscan::Replacement> reps;
    for (const auto& f : r.result.findings)
      if (!f.fixes.empty()) reps.insert(reps.end(), f.fixes[0].replacements.begin(), f.fixes[0].replacements.end());
    if (reps.empty()) continue;
    INFO(info.id);
    auto after = tenscan::apply_replacements(bad, reps);
    REQUIRE(after);
    CHECK(tenscan_test::analyze_program(*after).findings().empty());
    ++fixed;
  }
  CHECK(fixed >= 1);  // (shape/matmul-inner-dim's in_features)
}

TEST_CASE("fixes: the log of a softmax becomes log_softmax where the softmax is the log's own operand", "[fixes]") {
  auto r = tenscan_test::analyze_program(R"py(
import torch
import torch.nn.functional as F
logits = torch.randn(8, 10) * 100
p = F.softmax(logits, dim=1)
a = torch.log(F.softmax(logits, dim=1))
b = F.softmax(logits, 1).log()
c = torch.log(p)
)py");
  std::map<int, std::string> fixed;  // line -> replacement text
  for (const auto& f : r.result.findings)
    if (!f.fixes.empty()) fixed[f.location.line] = f.fixes[0].replacements.at(0).text;
  CHECK(fixed[6] == "F.log_softmax(logits, dim=1)");
  CHECK(fixed[7] == "F.log_softmax(logits, 1)");
  CHECK(fixed.count(8) == 0);  // (p has other uses: no edit of one expression mends them)
  using tenscan::python::call_parts;
  auto m = call_parts("torch.log(F.softmax(x, 1))", "log");
  REQUIRE(m);
  CHECK(m->operand_begin == 10);
  CHECK_FALSE(call_parts("torch.log(x, out=y)", "log")->operand_end);
  CHECK_FALSE(call_parts("torch.logit(x)", "log"));
}

TEST_CASE("fixes: only a fix that mends is offered: a view's size whose next layer wants the old one is not", "[fixes]") {
  const std::string program = R"py(
import torch
import torch.nn as nn
conv = nn.Conv2d(3, 16, 5)
fc = nn.Linear(16 * 4 * 4, 10)
x = conv(torch.randn(30, 3, 14, 14))
y = fc(x.view(-1, 16 * 4 * 4))
z = nn.Linear(400, 10)(conv(torch.randn(30, 3, 14, 14)).view(-1, 16 * 4 * 4))
)py";
  auto unchecked = [] {
    tenscan::AnalysisOptions o;
    o.check_fixes = false;
    return o;
  }();
  std::map<int, std::string> offered, kept;  // line -> fix
  for (const auto& f : tenscan_test::analyze_program(program, {}, unchecked).result.findings)
    if (!f.fixes.empty()) offered[f.location.line] = f.fixes[0].description;
  for (const auto& f : tenscan_test::analyze_program(program).result.findings)
    if (!f.fixes.empty()) kept[f.location.line] = f.fixes[0].description;
  // (30 * 16 * 10 * 10 = 48000 is not a multiple of 256; the rest of each row is 1600)
  CHECK(offered == std::map<int, std::string>{{7, "set the last size to 1600"}, {8, "set the last size to 1600"}});
  CHECK(kept.empty());  // line 7: fc wants 256; line 8: the Linear wants 400, not 1600
  const std::string mended = R"py(
import torch
import torch.nn as nn
fc = nn.Linear(16 * 10 * 10, 10)
x = nn.Conv2d(3, 16, 5)(torch.randn(30, 3, 14, 14))
y = fc(x.view(-1, 16 * 4 * 4))
)py";
  // (the view's fix 1600 is what fc wants: kept, and the Linear then runs)
  auto r = tenscan_test::analyze_program(mended);
  REQUIRE(r.result.findings.size() == 1);
  REQUIRE(r.result.findings[0].fixes.size() == 1);
  CHECK(r.result.findings[0].fixes[0].description == "set the last size to 1600");
}
