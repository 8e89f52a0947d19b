// A small, realistic result set and its sources, shared by the reporter unit tests.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "tenscan/core/finding.h"
#include "tenscan/report/report.h"
#include "tenscan/report/run.h"

namespace sample {

inline const std::map<std::string, std::string>& files() {
  static const std::map<std::string, std::string> kFiles = {
      {"train.py",
       "import torch\n"
       "from models.net import Net\n"
       "\n"
       "model = torch.compile(Net())\n"
       "x = torch.randn(64, 1, 28, 28)\n"
       "y = model(x)\n"
       "loss = (y - torch.zeros(64, 5)).sum()\n"},
      {"models/net.py",
       "import torch.nn as nn\n"
       "\n"
       "class Net(nn.Module):\n"
       "\tdef __init__(self):\n"
       "\t\tsuper().__init__()\n"
       "\t\tself.fc = nn.Linear(784, 10)\n"
       "\n"
       "\tdef forward(self, x):\n"
       "\t\treturn self.fc(x.view(x.size(0), 28 * 27))\n"},
  };
  return kFiles;
}

inline tenscan::report::SourceLookup lookup() {
  return [](const std::string& path) -> std::optional<std::string> {
    auto it = files().find(path);
    if (it == files().end()) return std::nullopt;
    return it->second;
  };
}

inline tenscan::AnalysisResult result() {
  using namespace tenscan;
  AnalysisResult r;
  Finding broadcast;
  broadcast.rule = RuleId::Broadcast;
  broadcast.level = Level::Error;
  broadcast.message = "Tensors of shape [64, 10] and [64, 5] cannot be broadcast: dimension 1 is 10 vs 5.";
  broadcast.location = {"train.py", 7, 9, 7, 31};
  broadcast.related = {{{"train.py", 6, 5, 6, 13}, "y gets shape [64, 10] here."}};
  // The path: one step new, one the related note again, the last at the failing operation.
  broadcast.steps = {{{"train.py", 5, 5, 5, 31}, "x is created with shape [64, 1, 28, 28] here."},
                     {{"train.py", 6, 5, 6, 13}, "y gets shape [64, 10] here."},
                     {{"train.py", 7, 9, 7, 31}, "The subtraction fails here."}};
  broadcast.identity = "shape/broadcast|<module>|tensors of shape [#, #] and [#, #]";

  Finding reshape;
  reshape.rule = RuleId::ReshapeNumel;
  reshape.level = Level::Warning;
  reshape.message = "view asks for 756 elements per sample but the input has 784.";
  reshape.location = {"models/net.py", 9, 18, 9, 44};
  reshape.related = {{{"train.py", 5, 5, 5, 31}, "x is created with shape [64, 1, 28, 28] here."},
                     {{"models/net.py", 6, 13, 6, 31}, "self.fc is built here."}};
  reshape.path_conditions = {"--model is 'big'", "batch_size == 64"};
  reshape.identity = "shape/reshape-numel|Net.forward|view asks for # elements";

  // Deliberately out of order: reporters sort.
  r.findings = {broadcast, reshape};
  r.notifications = {
      {Notification::Kind::UnmodelledCall,
       Level::Note,
       "torch.compile is not modelled; its result is unknown.",
       {"train.py", 4, 9, 4, 29}},
      {Notification::Kind::Budget,
       Level::Warning,
       "The path budget (256) ran out; 3 paths were dropped.",
       {}},
  };
  r.stats.paths_explored = 4;
  r.stats.paths_valid = 2;
  r.stats.paths_invalid = 2;
  r.stats.paths_pruned = 3;
  r.stats.paths_merged = 5;
  r.stats.assumptions = 2;
  r.stats.solver_calls = 17;
  r.stats.solver_ms = 12.25;
  r.stats.requirements_checked = 40;
  r.stats.requirements_online = 31;
  r.stats.modules_loaded = 2;
  r.stats.statements_executed = 123;
  r.stats.unmodelled_calls = {{"torch.compile", 1}, {"wandb.log", 3}, {"apex.amp.initialize", 3}};
  r.stats.operations = {{"linear", 2}, {"view", 2}, {"add", 1}};
  return r;
}

// A CI run over three entries (given out of order): train.py analysed (the sample result),
// eval.py with arguments crashed after reporting the reshape finding again, slow.py timed out.
inline tenscan::report::RunReport run() {
  using namespace tenscan;
  using namespace tenscan::report;
  static const AnalysisResult train = result();
  static const AnalysisResult eval = [] {
    AnalysisResult r;
    r.findings = {result().findings[1]};
    r.completed = false;
    return r;
  }();
  RunReport run;
  run.entries = {
      {"train.py", {}, EntryStatus::Analysed, "", 1.5, train.notifications, train.stats},
      {"slow.py", {}, EntryStatus::TimedOut, "timed out after 60 s", 60, {}, {}},
      {"eval.py", {"--model", "big"}, EntryStatus::Crashed, "killed by signal 11 (SIGSEGV)", 0.25, {}, {}},
  };
  run.findings = collect_findings({{"train.py", &train}, {"eval.py", &eval}});
  return run;
}

// The sample run compared with a baseline that had its reshape finding (Unchanged now) and a
// rank finding since fixed (Absent); the broadcast finding is New.
inline tenscan::report::RunReport compared_run() {
  using namespace tenscan;
  using namespace tenscan::report;
  auto run = sample::run();
  RunFinding fixed{result().findings[0], "00000000000000aa", {"train.py"}, BaselineState::None, false, false};
  fixed.finding.rule = RuleId::RankMismatch;
  fixed.finding.message = "Conv2d expects a 4-D input but receives a 2-D tensor.";
  classify_against_baseline(run, {run.findings[0], fixed});
  run.base_revision = "1234567";
  return run;
}

}  // namespace sample
