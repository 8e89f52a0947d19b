// The driver's steps: entry selection over the import graph, shards, the anchoring policy and
// rule overrides.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "tenscan/ci/driver.h"

using namespace tenscan;
using namespace tenscan::ci;

namespace {

ImportGraph graph_of(const std::map<std::string, std::string>& files, std::vector<std::string>& names) {
  names.clear();
  for (const auto& [path, _] : files) names.push_back(path);
  return ImportGraph(names, [files](const std::string& p) -> std::optional<std::string> {
    auto it = files.find(p);
    if (it == files.end()) return std::nullopt;
    return it->second;
  });
}

const std::map<std::string, std::string> kProject = {
    {"train.py", "from models.net import Net\nif __name__ == '__main__':\n    Net()\n"},
    {"eval.py", "import utils\nif __name__ == \"__main__\":\n    pass\n"},
    {"models/__init__.py", ""},
    {"models/net.py", "import torch\nfrom . import blocks\n"},
    {"models/blocks.py", "import torch.nn as nn\n"},
    {"utils.py", "import os\n"},
    {"third_party/tool.py", "if __name__ == '__main__':\n    pass\n"},
    {"docs/README.md", "# x\n"},
};

std::vector<std::string> paths(const std::vector<SelectedEntry>& v) {
  std::vector<std::string> out;
  for (const auto& e : v) out.push_back(e.path);
  return out;
}

}  // namespace

TEST_CASE("entries: auto-detected scripts, configured entries with arguments, exclusions", "[driver]") {
  std::vector<std::string> files;
  ImportGraph g = graph_of(kProject, files);
  Config c;
  c.exclude = {"third_party/"};
  CHECK(paths(select_entries(c, g, files, std::nullopt)) == std::vector<std::string>{"eval.py", "train.py"});
  c.entries = {{"train.py", {"--epochs", "1"}, 60.0, std::nullopt}, {"train.py", {"--model", "big"}, std::nullopt, std::nullopt}};
  c.timeout = 100;
  auto all = select_entries(c, g, files, std::nullopt);
  REQUIRE(all.size() == 3);
  CHECK(all[0] == SelectedEntry{"eval.py", {}, 100});
  CHECK(all[1] == SelectedEntry{"train.py", {"--epochs", "1"}, 60});
  CHECK(all[2] == SelectedEntry{"train.py", {"--model", "big"}, 100});
  c.auto_detect = false;
  CHECK(paths(select_entries(c, g, files, std::nullopt)) == std::vector<std::string>{"train.py", "train.py"});
}

TEST_CASE("entries: symbolic_args from the configuration, overridden per entry", "[driver]") {
  std::vector<std::string> files;
  ImportGraph g = graph_of(kProject, files);
  Config c;
  c.exclude = {"third_party/"};
  CHECK_FALSE(select_entries(c, g, files, std::nullopt)[0].symbolic_args);
  c.symbolic_args = true;
  EntrySpec fixed{"train.py", {"--batch-size", "32"}, std::nullopt, false};
  EntrySpec inherits{"train.py", {"--model", "big"}, std::nullopt, std::nullopt};
  c.entries = {fixed, inherits};
  auto all = select_entries(c, g, files, std::nullopt);
  REQUIRE(all.size() == 3);
  CHECK(all[0] == SelectedEntry{"eval.py", {}, 300, true});  // auto-detected: the global key
  CHECK(all[1] == SelectedEntry{"train.py", {"--batch-size", "32"}, 300, false});
  CHECK(all[2] == SelectedEntry{"train.py", {"--model", "big"}, 300, true});
  // the same path and arguments configured twice: the first entry in the file wins
  c.symbolic_args = false;
  c.entries = {{"train.py", {}, std::nullopt, true}, {"train.py", {}, std::nullopt, std::nullopt}};
  all = select_entries(c, g, files, std::nullopt);
  REQUIRE(all.size() == 2);
  CHECK(all[1] == SelectedEntry{"train.py", {}, 300, true});
  std::swap(c.entries[0], c.entries[1]);
  all = select_entries(c, g, files, std::nullopt);
  REQUIRE(all.size() == 2);
  CHECK(all[1] == SelectedEntry{"train.py", {}, 300, false});
}

TEST_CASE("worker argv: the configuration's options, --symbolic-args when the entry has it", "[driver]") {
  Config c;
  c.max_paths = 64;
  c.stub_dirs = {"stubs"};
  SelectedEntry e{"train.py", {"--epochs", "1"}, 300, false};
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  // the time budget is 80 % of the entry's timeout: the worker reports before it is killed
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "64", "--time-budget", "240", "--stub-dir", "stubs", "train.py", "--",
                                         "--epochs", "1"});
  e.symbolic_args = true;
  e.timeout = 2.5;
  argv = worker_argv("/bin/tenscan", "/repo", "abc123", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "64", "--time-budget", "2", "--symbolic-args", "--revision", "abc123",
                                         "--stub-dir", "stubs", "train.py", "--", "--epochs", "1"});
  // the flag is the tenscan's own, before `--`: never one of the script's arguments
  auto dashdash = std::find(argv.begin(), argv.end(), "--");
  CHECK(std::find(argv.begin(), dashdash, "--symbolic-args") != dashdash);
  CHECK(std::find(dashdash, argv.end(), "--symbolic-args") == argv.end());
}

TEST_CASE("entries: selected when they or a module they import changed", "[driver]") {
  std::vector<std::string> files;
  ImportGraph g = graph_of(kProject, files);
  Config c;
  c.exclude = {"third_party/"};
  using Set = std::set<std::string>;
  CHECK(paths(select_entries(c, g, files, Set{"models/blocks.py"})) == std::vector<std::string>{"train.py"});
  CHECK(paths(select_entries(c, g, files, Set{"models/__init__.py"})) == std::vector<std::string>{"train.py"});
  CHECK(paths(select_entries(c, g, files, Set{"utils.py"})) == std::vector<std::string>{"eval.py"});
  CHECK(paths(select_entries(c, g, files, Set{"eval.py", "models/net.py"})) == std::vector<std::string>{"eval.py", "train.py"});
  CHECK(select_entries(c, g, files, Set{"docs/README.md"}).empty());
  CHECK(select_entries(c, g, files, Set{"third_party/tool.py"}).empty());
  CHECK(select_entries(c, g, files, Set{}).empty());
}

TEST_CASE("entries: a changed user stub selects the entries that import its module", "[driver]") {
  std::map<std::string, std::string> project = {
      {"train.py", "import inhouse.layers\nif __name__ == '__main__':\n    pass\n"},
      {"eval.py", "import os\nif __name__ == '__main__':\n    pass\n"},
      {"stubs/inhouse/__init__.py", ""},
      {"stubs/inhouse/layers.py", "import torch.nn as nn\n"},
  };
  std::vector<std::string> files;
  for (const auto& [path, _] : project) files.push_back(path);
  ImportGraph g(files, [&](const std::string& p) -> std::optional<std::string> { return project.at(p); }, {"stubs"});
  Config c;
  CHECK(paths(select_entries(c, g, files, std::set<std::string>{"stubs/inhouse/layers.py"})) ==
        std::vector<std::string>{"train.py"});
}

TEST_CASE("entries: a changed configuration file selects the entries whose code or arguments name it", "[driver]") {
  std::map<std::string, std::string> project = {
      {"train.py", "from common import load\nif __name__ == '__main__':\n    load()\n"},
      {"common.py", "import yaml\ndef load(path='configs/base.yaml'):\n    return yaml.safe_load(open(path))\n"},
      {"eval.py", "import json\nif __name__ == '__main__':\n    json.load(open(\"eval.json\"))\n"},
      {"sweep.py", "import argparse\nif __name__ == '__main__':\n    pass\n"},
      {"configs/base.yaml", "lr: 0.1\n"},
      {"eval.json", "{}"},
      {"sweep_args.txt", "--lr\n0.1\n"},
      {"notes.txt", "x"},
  };
  std::vector<std::string> files;
  ImportGraph g = graph_of(project, files);
  Config c;
  EntrySpec sweep;
  sweep.pattern = "sweep.py";
  sweep.args = {"@sweep_args.txt"};
  c.entries.push_back(sweep);
  using Set = std::set<std::string>;
  using V = std::vector<std::string>;
  // named by a module the entry imports, by the entry itself, by the entry's configured arguments
  CHECK(paths(select_entries(c, g, files, Set{"configs/base.yaml"})) == V{"train.py"});
  CHECK(paths(select_entries(c, g, files, Set{"eval.json"})) == V{"eval.py"});
  CHECK(paths(select_entries(c, g, files, Set{"sweep_args.txt"})) == V{"sweep.py"});
  // a text file no entry names selects nothing
  CHECK(select_entries(c, g, files, Set{"notes.txt"}).empty());
}

TEST_CASE("shards partition the entries deterministically", "[driver]") {
  std::vector<SelectedEntry> v;
  for (int i = 0; i < 7; ++i) v.push_back({"e" + std::to_string(i) + ".py", {}, 1});
  std::vector<std::string> joined;
  for (int k = 1; k <= 3; ++k)
    for (const auto& e : take_shard(v, k, 3)) joined.push_back(e.path);
  std::sort(joined.begin(), joined.end());
  CHECK(joined == paths(v));
  CHECK(paths(take_shard(v, 2, 3)) == std::vector<std::string>{"e1.py", "e4.py"});
  CHECK(paths(take_shard(v, 1, 1)) == paths(v));
}

namespace {

report::RunFinding finding_at(const std::string& path, int line, std::vector<RelatedLocation> related) {
  report::RunFinding rf;
  rf.finding.rule = RuleId::MatmulInnerDim;
  rf.finding.message = "shapes cannot be multiplied";
  rf.finding.location = {path, line, 5, line, 20};
  rf.finding.related = std::move(related);
  rf.baseline = report::BaselineState::New;
  rf.fingerprint = "f";
  return rf;
}

}  // namespace

TEST_CASE("anchoring: a finding outside the diff moves to a related location on a changed line", "[driver]") {
  ChangedFile model{ChangedFile::Status::Modified, "model.py", "model.py", {{16, 16}}, false};
  RelatedLocation input{{"model.py", 26, 13, 26, 30}, "the input got its shape here"};
  RelatedLocation layer{{"model.py", 16, 20, 16, 50}, "the Linear layer is defined here"};

  std::vector<report::RunFinding> v{finding_at("model.py", 27, {input, layer})};
  anchor_to_changes(v, {model});
  REQUIRE(v.size() == 1);
  const Finding& f = v[0].finding;
  CHECK(v[0].anchored);
  CHECK(f.location == SourceRange{"model.py", 16, 20, 16, 50});
  REQUIRE(f.related.size() == 2);
  CHECK(f.related[0].range.line == 27);
  CHECK(f.related[0].message == "the operation that fails");
  CHECK(f.related[1].range.line == 26);
  CHECK(f.message ==
        "shapes cannot be multiplied (fails at model.py:27; reported on this changed line: the Linear layer is defined here)");
  CHECK(v[0].fingerprint == "f");  // the identity does not move with the anchor

  SECTION("already on a changed line: unchanged") {
    std::vector<report::RunFinding> w{finding_at("model.py", 16, {input})};
    anchor_to_changes(w, {model});
    CHECK_FALSE(w[0].anchored);
    CHECK(w[0].finding.location.line == 16);
  }
  SECTION("no related location in the diff: unchanged") {
    std::vector<report::RunFinding> w{finding_at("model.py", 27, {input})};
    anchor_to_changes(w, {model});
    CHECK_FALSE(w[0].anchored);
  }
  SECTION("unchanged findings (present at the base) are never moved") {
    std::vector<report::RunFinding> w{finding_at("model.py", 27, {layer})};
    w[0].baseline = report::BaselineState::Unchanged;
    anchor_to_changes(w, {model});
    CHECK_FALSE(w[0].anchored);
  }
  SECTION("a whole new file counts as changed everywhere") {
    ChangedFile added{ChangedFile::Status::Added, "model.py", "", {}, true};
    std::vector<report::RunFinding> w{finding_at("model.py", 27, {layer})};
    anchor_to_changes(w, {added});
    CHECK_FALSE(w[0].anchored);
  }
  SECTION("a deleted file's lines are not changed lines") {
    ChangedFile deleted{ChangedFile::Status::Deleted, "model.py", "model.py", {{16, 16}}, false};
    std::vector<report::RunFinding> w{finding_at("train.py", 27, {layer})};
    anchor_to_changes(w, {deleted});
    CHECK_FALSE(w[0].anchored);
  }
}

TEST_CASE("rule overrides: off drops, a level replaces", "[driver]") {
  AnalysisResult r;
  Finding a;
  a.rule = RuleId::MatmulInnerDim;
  a.region.hyperparameters = {"--kernel"};
  a.region.error_if_whole = true;
  Finding b;
  b.rule = RuleId::Broadcast;
  r.findings = {a, b};
  apply_rule_overrides(r, {{"shape/broadcast", "off"}, {"shape/matmul-inner-dim", "note"}});
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].rule == RuleId::MatmulInnerDim);
  CHECK(r.findings[0].level == Level::Note);
  CHECK_FALSE(r.findings[0].region.error_if_whole);  // (joining the parts of a space keeps the configured level)
}

TEST_CASE("worker argv: the configuration's data hints, one --data JSON each", "[driver]") {
  Config c;
  c.data = {tenscan::DataHint{"traindata.pt", {"100", "N"}, "float64", "ndarray"}};
  SelectedEntry e{"train.py", {}, 0, false};
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "256", "--data",
                                         R"({"as":"ndarray","dtype":"float64","file":"traindata.pt","shape":[100,"N"]})",
                                         "train.py", "--"});
}

TEST_CASE("worker argv: the configuration's ranges, one --range each", "[driver]") {
  Config c;
  c.ranges = {tenscan::AttributeRange{"ActNorm", "scale", -3, 2.5}};
  SelectedEntry e{"train.py", {}, 0, false};
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "256", "--range", "ActNorm.scale=-3..2.5", "train.py", "--"});
}

TEST_CASE("worker argv: the configuration's library versions, one --library-version each", "[driver]") {
  Config c;
  c.versions = {{"tensorflow", "1.8.0"}, {"torch", "1.13"}};
  SelectedEntry e{"train.py", {}, 0, false};
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "256", "--library-version", "tensorflow=1.8.0", "--library-version",
                                         "torch=1.13", "train.py", "--"});
}

TEST_CASE("worker argv: the configuration's model declarations, one --model JSON each", "[driver]") {
  Config c;
  tenscan::ModelDecl d;
  d.model = "ResNet";
  d.args = "BasicBlock, [2, 2, 2, 2]";
  d.inputs = {{"x", {"B", "3", "32", "32"}, "float16"}};
  c.models = {d};
  SelectedEntry e{"models/resnet.py", {}, 0, false};
  e.modules = true;
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  const auto at = std::find(argv.begin(), argv.end(), "--model");
  REQUIRE(at != argv.end());
  REQUIRE(at + 1 != argv.end());
  CHECK(*(at + 1) ==
        R"({"args":"BasicBlock, [2, 2, 2, 2]","dtypes":{"x":"float16"},"inputs":{"x":["B",3,32,32]},"model":"ResNet"})");
}

TEST_CASE("worker argv: the entry's hyperparameter space, one --space each", "[driver]") {
  Config c;
  SelectedEntry e{"train.py", {"--epochs", "1"}, 0, false, {"kernel=3,5,7", "arch"}};
  auto argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "256", "--space", "kernel=3,5,7", "--space", "arch", "train.py", "--",
                                         "--epochs", "1"});
  // a unit of work of a space in parts: its part
  e.part = {"kernel", 2, 3};
  argv = worker_argv("/bin/tenscan", "/repo", "", c, e);
  CHECK(argv == std::vector<std::string>{"/bin/tenscan", "check", "--worker", "--project-root", "/repo", "--max-paths",
                                         "256", "--space", "kernel=3,5,7", "--space", "arch", "--space-part",
                                         "kernel=2/3", "train.py", "--", "--epochs", "1"});
}

TEST_CASE("entries: a changed file of models that no script is, checked in module mode; its callers", "[driver][contracts]") {
  const std::map<std::string, std::string> project = {
      {"train.py", "from models.net import Net, build\nif __name__ == '__main__':\n    model = Net(3)\n    other = build()\n"
                   "    NetPlus(1)\n    # Net (2) in a comment is a caller by text too\n"},
      {"models/__init__.py", ""},
      {"models/net.py", "import torch.nn as nn\n\n\nclass Net(nn.Module):\n    pass\n\n\ndef build():\n    return Net(4)\n"},
      {"models/plain.py", "class Helper:\n    pass\n"},
      {"models/deep.py", "import torch\n\n\nclass Deep(\n    torch.nn.Sequential):\n    pass\n"},
      {"third_party/zoo.py", "import torch.nn as nn\nclass Z(nn.Module):\n    pass\n"},
  };
  std::vector<std::string> files;
  ImportGraph g = graph_of(project, files);
  Config c;
  c.exclude = {"third_party/"};
  using Set = std::set<std::string>;
  auto selected = select_entries(c, g, files, Set{"models/net.py", "models/plain.py", "models/deep.py", "third_party/zoo.py"});
  REQUIRE(paths(selected) == std::vector<std::string>{"models/deep.py", "models/net.py", "train.py"});
  CHECK(selected[0].modules);
  CHECK(selected[1].modules);
  CHECK_FALSE(selected[2].modules);
  const auto argv = worker_argv("tenscan", "/r", "", c, selected[1]);
  const auto at = std::find(argv.begin(), argv.end(), "--modules");
  REQUIRE(at != argv.end());
  CHECK(*(at + 1) == "on");
  // (no change set: a full run checks the scripts only)
  CHECK(paths(select_entries(c, g, files, std::nullopt)) == std::vector<std::string>{"train.py"});

  std::vector<report::ContractChange> changes{{"models/net.py", "Net", {"models/net.py", 4, 1, 4, 4}, {"a"}, {"b"}},
                                              {"models/net.py", "build()", {"models/net.py", 8, 1, 8, 6}, {"a"}, {"b"}}};
  MemorySource sources(project);
  find_callers(changes, selected, g, sources);
  // Net( in train.py (not NetPlus, not `class Net(`), and in the file of models' builder
  std::vector<std::pair<std::string, int>> net, build;
  for (const auto& r : changes[0].callers) net.emplace_back(r.path, r.line);
  for (const auto& r : changes[1].callers) build.emplace_back(r.path, r.line);
  CHECK(net == std::vector<std::pair<std::string, int>>{{"models/net.py", 9}, {"train.py", 3}, {"train.py", 6}});
  CHECK(build == std::vector<std::pair<std::string, int>>{{"train.py", 4}});
}
