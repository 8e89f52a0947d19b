// Writes a small project and the reports tenscan would write for it, exercising every field the
// writers can emit; the validator tests (CMakeLists.txt here) check the outputs.
// Usage: sarif_sample OUT_DIR  -> OUT_DIR/project/..., and in OUT_DIR:
//   tenscan.sarif, empty.sarif        `tenscan check` (one result)
//   run.sarif, run-all.sarif          a CI run: baseline, failed entries, notifications,
//                                     suppressions (dropped for GitHub / included)
//   junit.xml, junit-plain.xml        JUnit with and without a baseline
//   codequality.json, codequality-empty.json
//   tenscan.txt, run.txt, run.json, summary.md   for people reading the test
// Exits 1 if reading run-all.sarif back and rendering it again does not give the same bytes.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "tenscan/core/finding.h"
#include "tenscan/report/codequality.h"
#include "tenscan/report/json.h"
#include "tenscan/report/junit.h"
#include "tenscan/report/markdown.h"
#include "tenscan/report/run.h"
#include "tenscan/report/sarif.h"
#include "tenscan/report/text.h"

namespace fs = std::filesystem;
using namespace tenscan;

namespace {

const std::map<std::string, std::string> kFiles = {
    {"train.py",
     "# Entraînement du modèle \xe2\x80\x94 \xe8\xae\xad\xe7\xbb\x83 \xf0\x9f\x9a\x80\n"
     "import argparse\n"
     "import torch\n"
     "from models.net import Net\n"
     "\n"
     "parser = argparse.ArgumentParser()\n"
     "parser.add_argument(\"--batch-size\", type=int, default=64)\n"
     "parser.add_argument(\"--model\", default=\"small\")\n"
     "args = parser.parse_args()\n"
     "\n"
     "model = torch.compile(Net(args.model))\n"
     "x = torch.randn(args.batch_size, 1, 28, 28)\n"
     "y = model(x)\n"
     "loss = (y - torch.zeros(64, 10)).sum()\n"
     "optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=-0.9)  # tenscan: "
     "ignore[hparam/invalid-value]\n"},
    {"models/net.py",  // CRLF line ends and tabs
     "import torch.nn as nn\r\n"
     "\r\n"
     "class Net(nn.Module):\r\n"
     "\tdef __init__(self, kind):\r\n"
     "\t\tsuper().__init__()\r\n"
     "\t\tself.fc = nn.Linear(784, 10)\r\n"
     "\t\tif kind == \"big\":\r\n"
     "\t\t\tself.fc = nn.Linear(\r\n"
     "\t\t\t\t756, 10)\r\n"
     "\r\n"
     "\tdef forward(self, x):\r\n"
     "\t\treturn self.fc(x.view(x.size(0), -1))\r\n"},
    {"data/l\xc3\xa4"
     "dt.py",  // a non-ASCII file name: percent-encoded in the URI
     "import torch\n"
     "\n"
     "def targets(n):\n"
     "    return torch.rand(n) * 10  # \xc2\xbd-open interval\n"
     "\n"
     "loss = torch.nn.functional.cross_entropy(torch.randn(8, 10), targets(8))\n"},
    {"broken.py",
     "def f(x)\n"
     "    return x\n"},
};

AnalysisResult sample_result() {
  AnalysisResult r;
  auto add = [&](RuleId rule, Level level, std::string message, SourceRange where,
                 std::vector<RelatedLocation> related = {}, std::vector<std::string> conditions = {}) {
    Finding f;
    f.rule = rule;
    f.level = level;
    f.message = std::move(message);
    f.location = std::move(where);
    f.related = std::move(related);
    f.path_conditions = std::move(conditions);
    f.identity = std::string(rule_info(rule).id) + "|" + f.location.path + "|" + f.message.substr(0, 24);
    r.findings.push_back(std::move(f));
  };
  add(RuleId::MatmulInnerDim, Level::Error,
      "Linear expects 756 input features but receives [64, 784] \xc3\x97 [756, 10]: mat1 and mat2 shapes "
      "cannot be "
      "multiplied.",
      {"models/net.py", 12, 10, 12, 41},
      {{{"train.py", 12, 5, 12, 44}, "x is created with shape [64, 1, 28, 28] here."},
       {{"models/net.py", 8, 14, 9, 13}, "self.fc is rebuilt with in_features=756 here (multi-line range)."},
       {{"models/net.py", 7, 6, 7, 19}, "The branch taken on this path."}},
      {"--model is 'big'"});
  // The execution path of the matmul finding (a SARIF codeFlow): where x got its shape, the
  // branch, the layer rebuilt, the call into forward (through torch, outside the project: left
  // out of the log), the failing operation.
  r.findings.back().steps = {
      {{"train.py", 12, 5, 12, 44}, "x is created with shape [64, 1, 28, 28] here."},
      {{"models/net.py", 7, 6, 7, 19}, "kind == \"big\" is true on this path (--model big)."},
      {{"models/net.py", 8, 14, 9, 13}, "self.fc is rebuilt with in_features=756 here."},
      {{"train.py", 13, 5, 13, 13}, "model(x) calls Net.forward with x of shape [64, 1, 28, 28]."},
      {{"/usr/lib/python3/site-packages/torch/nn/modules/module.py", 1501, 16, 1501, 44},
       "Module.__call__ calls forward."},
      {{"models/net.py", 12, 10, 12, 41}, "self.fc receives [64, 784] and fails."}};
  add(RuleId::Broadcast, Level::Warning,
      "This works only when batch_size == 64: y is [batch_size, 10] and the target is [64, 10].",
      {"train.py", 14, 9, 14, 32}, {{{"train.py", 13, 5, 13, 13}, "y gets shape [batch_size, 10] here."}},
      {"--batch-size is not 64"});
  add(RuleId::InvalidHyperparameter, Level::Note,
      "SGD momentum is -0.9, outside its domain [0, \xe2\x88\x9e).", {"train.py", 15, 57, 15, 70});
  add(RuleId::DtypeMismatch, Level::Error,
      "cross_entropy needs integer (long) class targets but targets(8) is float32 \xe2\x80\x94 "
      "\xe2\x80\x9c\xc3\xa9"
      "tiquettes\xe2\x80\x9d must be long.",
      {"data/l\xc3\xa4"
       "dt.py",
       6, 62, 6, 72},
      {{{"data/l\xc3\xa4"
         "dt.py",
         4, 12, 4, 32},
        "The targets are created here."}});
  add(RuleId::SyntaxError, Level::Error, "Expected ':' after the parameter list of 'def f(x)'.",
      {"broken.py", 1, 9, 1, 9});

  // A location outside the project (a sandbox path) must never reach the log: the writer drops
  // the finding and says so in a notification.
  add(RuleId::RankMismatch, Level::Error, "Conv2d expects a 3-D or 4-D input but receives a 2-D tensor.",
      {"/tmp/tenscan-sandbox/train.py", 3, 1, 3, 5});

  r.notifications = {
      {Notification::Kind::SyntaxError,
       Level::Error,
       "broken.py is not valid Python; the module was skipped.",
       {"broken.py", 1, 9, 1, 9}},
      {Notification::Kind::UnmodelledCall,
       Level::Note,
       "torch.compile is not modelled; its result is unknown.",
       {"train.py", 11, 9, 11, 22}},
      {Notification::Kind::UnsupportedSyntax,
       Level::Note,
       "A file-level note without a line.",
       {"data/l\xc3\xa4"
        "dt.py",
        0, 0, 0, 0}},
      {Notification::Kind::Budget,
       Level::Warning,
       "The path budget (256) ran out; 12 paths were dropped.",
       {}},
      {Notification::Kind::Internal, Level::Error, "The worker for eval.py timed out after 60 s.", {}},
  };
  Stats& s = r.stats;
  s.paths_explored = 6, s.paths_valid = 3, s.paths_invalid = 2, s.paths_dontknow = 1, s.paths_unreachable = 1;
  s.paths_pruned = 12, s.paths_merged = 4, s.assumptions = 2, s.solver_calls = 41, s.solver_ms = 87.5,
  s.requirements_checked = 120;
  s.requirements_online = 97, s.modules_loaded = 3, s.statements_executed = 4096;
  s.unmodelled_calls = {{"torch.compile", 1}, {"wandb.log", 4}, {"\xe6\xa8\xa1\xe5\x9e\x8b.helper", 2}};
  s.operations = {{"linear", 2}, {"view", 1}, {"broadcast", 1}, {"cross_entropy", 1}};
  r.completed = false;  // one entry timed out
  return r;
}

// A CI run over the project: train.py analysed (the sample result, without its out-of-project
// finding), eval.py crashed after reporting one finding again, and an entry for every other
// status; compared with a baseline that had the dtype finding and one that was fixed.
report::RunReport sample_run(const report::SourceLookup& sources) {
  using report::EntryStatus;
  AnalysisResult train = sample_result();
  train.findings.pop_back();
  AnalysisResult eval;
  eval.findings = {train.findings[0]};
  report::RunReport run;
  run.entries = {
      {"train.py", {}, EntryStatus::Analysed, "", 2.5, train.notifications, train.stats},
      {"eval.py", {"--model", "big"}, EntryStatus::Crashed, "killed by signal 11 (SIGSEGV)", 0.75, {}, {}},
      {"slow.py", {}, EntryStatus::TimedOut, "timed out after 60 s", 60, {}, {}},
      {"big.py", {}, EntryStatus::OutOfMemory, "address-space limit of 4096 MB reached", 3, {}, {}},
      {"broken.py", {}, EntryStatus::Failed, "broken.py is not valid Python", 0.01, {}, {}},
  };
  run.findings = report::collect_findings({{"train.py", &train}, {"eval.py", &eval}});
  report::apply_suppressions(run.findings, sources);

  std::vector<report::RunFinding> baseline;
  for (const auto& f : run.findings)
    if (f.finding.rule == RuleId::DtypeMismatch) baseline.push_back(f);
  report::RunFinding fixed = baseline.at(0);
  fixed.finding.rule = RuleId::RankMismatch;
  fixed.finding.message = "Conv2d expects a 3-D or 4-D input but receives a 2-D tensor.";
  fixed.fingerprint = "0123456789abcdef";
  baseline.push_back(fixed);
  report::classify_against_baseline(run, baseline);
  run.base_revision = "8d3c2b1a0f9e8d7c6b5a49382716059483726150";
  run.head_revision = "f00dfeedc0ffee00112233445566778899aabbcc";
  return run;
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: sarif_sample OUT_DIR\n";
    return 2;
  }
  const fs::path out = fs::absolute(argv[1]);
  const fs::path project = out / "project";
  for (const auto& [rel, text] : kFiles) write(project / rel, text);

  report::SourceLookup sources = [](const std::string& rel) -> std::optional<std::string> {
    auto it = kFiles.find(rel);
    if (it == kFiles.end()) return std::nullopt;
    return it->second;
  };
  report::SarifOptions options;
  options.project_root = project;
  write(out / "tenscan.sarif", report::render_sarif(sample_result(), sources, options));
  write(out / "tenscan.txt",
        report::render_text(sample_result(), sources, {}));  // for people reading the test
  options.automation_id = "tenscan/empty/";
  write(out / "empty.sarif", report::render_sarif(AnalysisResult{}, sources, options));

  const report::RunReport run = sample_run(sources);
  options.automation_id = "tenscan/";
  write(out / "run.sarif", report::render_sarif(run, sources, options));
  options.automation_id = "tenscan/all/";
  options.include_suppressed = true;
  const std::string all = report::render_sarif(run, sources, options);
  write(out / "run-all.sarif", all);
  write(out / "junit.xml", report::render_junit(run));
  report::RunReport plain = run;
  plain.baseline_compared = false;
  plain.absent.clear();
  for (auto& f : plain.findings) f.baseline = report::BaselineState::None;
  write(out / "junit-plain.xml", report::render_junit(plain));
  write(out / "codequality.json", report::render_codequality(run));
  write(out / "codequality-empty.json", report::render_codequality(report::RunReport{}));
  write(out / "run.txt", report::render_run_text(run, sources, {}));
  write(out / "run.json", report::render_run_json(run));
  write(out / "summary.md", report::render_markdown(run, {"https://github.com/o/r/blob/f00dfeed/", 50}));

  std::string error;
  auto back = report::read_sarif(all, &error);
  if (!back || report::render_sarif(*back, sources, options) != all) {
    std::cerr << "sarif_sample: run-all.sarif does not read back to the same log " << error << "\n";
    return 1;
  }
  for (const char* name : {"tenscan.sarif", "empty.sarif", "run.sarif", "run-all.sarif", "junit.xml",
                           "junit-plain.xml", "codequality.json", "codequality-empty.json"})
    std::cout << (out / name).string() << "\n";
  return 0;
}
