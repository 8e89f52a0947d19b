// The parts of an entry's hyperparameter space as units of work (tenscan.json "space_parts"),
// and the units' results joined into the entry's.
#include <catch2/catch.hpp>

#include "tenscan/ci/config.h"
#include "tenscan/ci/space_parts.h"
#include "tenscan/core/space_region.h"

using namespace tenscan;
using namespace tenscan::ci;

namespace {

SelectedEntry entry(std::string path, std::vector<std::string> space, int parts, std::string split = "") {
  SelectedEntry e;
  e.path = std::move(path);
  e.space = std::move(space);
  e.space_parts = parts;
  e.space_split = std::move(split);
  return e;
}

std::vector<std::string> parts_of(const std::vector<SelectedEntry>& units) {
  std::vector<std::string> out;
  for (const auto& u : units)
    out.push_back(u.path + (u.part.count ? " " + u.part.name + "=" + std::to_string(u.part.index) + "/" +
                                               std::to_string(u.part.count)
                                         : std::string()));
  return out;
}

WorkerResult part_result(std::vector<std::string> failing, bool complete = true) {
  WorkerResult w;
  Finding f;
  f.rule = RuleId::InvalidHyperparameter;
  f.level = Level::Warning;
  f.location = {"train.py", 12, 8, 12, 40};
  f.region.hyperparameters = {"--heads"};
  f.region.sizes = {4};
  f.region.domains = {{"2", "4", "6", "8"}};
  for (auto& v : failing) f.region.failing.push_back({v});
  f.region.space = 4;
  f.message = "embed_dim must be divisible by num_heads (" + region_text(f.region) + ")";
  w.result.findings.push_back(f);
  w.result.notifications.push_back({Notification::Kind::Budget, Level::Note, "same note", {}});
  w.result.completeness.complete = complete;
  w.result.stats.paths_explored = 3;
  w.seconds = 1;
  return w;
}

}  // namespace

TEST_CASE("space parts: an entry becomes one unit per part of the hyperparameter with the most values", "[space][parts]") {
  std::vector<std::string> notes;
  auto units = space_units({entry("a.py", {"kernel", "batch-size=1..512:32", "width=16,32,64"}, 4),
                            entry("b.py", {"kernel=3,5"}, 8),
                            entry("c.py", {"width=16,32,64", "kernel=3,5,7,9"}, 2, "width"),
                            entry("d.py", {"arch"}, 2),
                            entry("e.py", {"kernel=3,5"}, 1)},
                           notes);
  CHECK(parts_of(units) == std::vector<std::string>{"a.py batch-size=1/4", "a.py batch-size=2/4", "a.py batch-size=3/4",
                                                    "a.py batch-size=4/4", "b.py kernel=1/2", "b.py kernel=2/2",
                                                    "c.py width=1/2", "c.py width=2/2", "d.py arch=1/2", "d.py arch=2/2",
                                                    "e.py"});
  CHECK(notes.empty());
  // a named hyperparameter the space lacks, or no space: one unit, and said
  units = space_units({entry("f.py", {"kernel=3,5"}, 2, "depth"), entry("g.py", {}, 3)}, notes);
  CHECK(parts_of(units) == std::vector<std::string>{"f.py", "g.py"});
  REQUIRE(notes.size() == 2);
  CHECK(notes[0] == "f.py: space_parts is 2, but its \"space\" has no hyperparameter depth: analysed as one");
  CHECK(notes[1] == "g.py: space_parts is 3, but the entry's \"space\" is empty: analysed as one");
  // the units of each entry, in order
  units = space_units({entry("b.py", {"kernel=3,5"}, 2), entry("e.py", {}, 1)}, notes);
  auto grouped = entries_of_units(units);
  REQUIRE(grouped.size() == 2);
  CHECK(grouped[0].first.path == "b.py");
  CHECK(grouped[0].first.part.count == 0);
  CHECK(grouped[0].second == std::vector<std::size_t>{0, 1});
  CHECK(grouped[1].second == std::vector<std::size_t>{2});
}

TEST_CASE("space parts: the parts' results join into the entry's", "[space][parts]") {
  std::vector<WorkerResult> parts{part_result({"6"}), part_result({}, false), part_result({"2"})};
  parts[1].result.findings.clear();
  parts[2].status = report::EntryStatus::TimedOut;
  parts[2].detail = "timed out after 60 s";
  WorkerResult w = join_part_results(std::move(parts));
  REQUIRE(w.result.findings.size() == 1);
  CHECK(w.result.findings[0].message ==
        "embed_dim must be divisible by num_heads (fails for --heads in {2, 6}: 2 of its 4 values in the declared space)");
  CHECK(w.result.notifications.size() == 1);
  CHECK(w.result.stats.paths_explored == 9);
  CHECK_FALSE(w.result.completeness.complete);
  CHECK(w.status == report::EntryStatus::TimedOut);
  CHECK(w.detail == "timed out after 60 s");
  CHECK(w.seconds == 3);
}
