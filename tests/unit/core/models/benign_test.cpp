// Unmodelled calls that need no model (files, logs, plots, clocks, seeds, RL environments) are
// counted apart from those that may hide a shape error, and only the latter are in the note.
#include <catch2/catch.hpp>

#include <algorithm>

#include "../analysis_harness.h"
#include "models/benign.h"

using tenscan::models::benign_reason;
using tenscan_test::analyze_program;

TEST_CASE("benign: the reason is found by qualified-name prefix", "[models][benign]") {
  CHECK(benign_reason("io.open") == "I/O");
  CHECK(benign_reason("import tqdm") == "logging");
  CHECK(benign_reason("tqdm.tqdm") == "logging");
  CHECK(benign_reason("matplotlib.pyplot.plot") == "plotting");
  CHECK(benign_reason("time.perf_counter") == "timing");
  CHECK(benign_reason("torch.manual_seed") == "configuration");
  CHECK(benign_reason("gymnasium.make") == "environment");
  // a prefix matches whole name components only
  CHECK(benign_reason("timm.create_model").empty());
  CHECK(benign_reason("openai.Completion").empty());
  CHECK(benign_reason("osmnx.graph").empty());
  // APIs whose results may carry shapes are never benign
  CHECK(benign_reason("torchtext.vocab.build_vocab_from_iterator").empty());
  CHECK(benign_reason("torch.sparse.mm").empty());
  CHECK(benign_reason("collections.deque").empty());
}

TEST_CASE("benign: counted apart, and left out of the unmodelled-call note", "[models][benign]") {
  auto r = analyze_program(
      "import wandb\n"
      "import timm\n"
      "from io import open\n"
      "with open('log.txt', 'w') as f:\n"
      "    f.write('start')\n"
      "wandb.log({'loss': 0.5})\n"
      "model = timm.create_model('resnet18')\n");
  const auto& s = r.result.stats;
  CHECK(s.unmodelled_calls.count("timm.create_model") == 1);
  CHECK(s.unmodelled_calls.count("import timm") == 1);
  CHECK(s.benign_calls.count("logging: wandb.log") == 1);
  CHECK(s.benign_calls.count("I/O: io.open") == 1);
  for (const auto& [name, n] : s.unmodelled_calls) {
    INFO(name);
    CHECK(benign_reason(name).empty());
  }
  auto note = std::find_if(r.result.notifications.begin(), r.result.notifications.end(), [](const auto& n) {
    return n.kind == tenscan::Notification::Kind::UnmodelledCall && n.message.find("APIs tenscan does not model") != std::string::npos;
  });
  REQUIRE(note != r.result.notifications.end());
  CHECK(note->message.find("timm.create_model") != std::string::npos);
  CHECK(note->message.find("wandb") == std::string::npos);
  CHECK(note->message.find("io.open") == std::string::npos);
}
