// The parts of one entry's hyperparameter space analysed apart: their regions joined into the
// whole space's (words, level), and shard reports holding parts merged into one entry.
#include <catch2/catch.hpp>

#include "tenscan/core/space_region.h"
#include "tenscan/report/run.h"

using namespace tenscan;
using namespace tenscan::report;

namespace {

// A conv's requirement over --kernel {3, 5, 7} as one part of the space found it: failing for
// `failing`, an error requirement made a warning for failing in a part only.
Finding part_finding(std::vector<std::string> failing, const std::string& example) {
  Finding f;
  f.rule = RuleId::IllegalOutputSize;
  f.level = Level::Warning;
  f.location = {"train.py", 30, 5, 30, 40};
  f.region.hyperparameters = {"--kernel"};
  f.region.sizes = {3};
  f.region.domains = {{"3", "5", "7"}};
  for (auto& v : failing) f.region.failing.push_back({v});
  f.region.space = 3;
  f.region.constraint = "28 - kernel >= 0";
  f.region.error_if_whole = true;
  f.message = "Conv2d: the kernel size " + example + " is too large (" + region_text(f.region) + ")";
  f.steps = {{f.location, "fails here: " + f.message}};
  f.identity = "shape/nonpositive-output|conv|Conv2d: the kernel size N is too large";
  return f;
}

EntryOutcome part_outcome(int k, int of) {
  EntryOutcome e;
  e.path = "train.py";
  e.space_split = "--kernel";
  e.space_part_count = of;
  e.space_parts = {k};
  e.stats.paths_explored = 2;
  e.completeness.paths_completed = 2;
  return e;
}

}  // namespace

TEST_CASE("space parts: regions join into the whole space's, words and level", "[space][parts]") {
  Finding f = part_finding({"5"}, "5");
  CHECK(f.message == "Conv2d: the kernel size 5 is too large (fails for --kernel = 5: 1 of its 3 values in the declared space)");
  REQUIRE(join_region_findings(f, part_finding({"7"}, "7")));
  CHECK(f.message ==
        "Conv2d: the kernel size 5 is too large (fails for --kernel in {5, 7}: 2 of its 3 values in the declared space)");
  CHECK(f.steps[0].message == "fails here: " + f.message);
  CHECK(f.level == Level::Warning);
  CHECK_FALSE(fails_everywhere(f.region));
  // the last part fails too: every value of the space fails, an error again
  REQUIRE(join_region_findings(f, part_finding({"3"}, "3")));
  CHECK(f.message == "Conv2d: the kernel size 5 is too large (fails for every value of --kernel in the declared space)");
  CHECK(f.level == Level::Error);
  // a level the configuration set (error_if_whole cleared) stays whatever the join covers
  Finding configured = part_finding({"5"}, "5");
  configured.level = Level::Note;
  configured.region.error_if_whole = false;
  Finding rest = part_finding({"3", "7"}, "3");
  rest.level = Level::Note;
  rest.region.error_if_whole = false;
  REQUIRE(join_region_findings(configured, rest));
  CHECK(fails_everywhere(configured.region));
  CHECK(configured.level == Level::Note);
  // regions over other hyperparameters do not join
  Finding other = part_finding({"3"}, "3");
  other.region.hyperparameters = {"--stride"};
  CHECK_FALSE(join_region_findings(f, other));
  // the explanation (the unsat core) of the whole's first failing combination is kept, and said
  // where the region depends on more than its core
  Finding two = part_finding({}, "5");
  two.region.hyperparameters = {"--kernel", "--stride"};
  two.region.sizes = {3, 2};
  two.region.domains = {{"3", "5", "7"}, {"1", "2"}};
  two.region.space = 6;
  two.region.failing = {{"7", "1"}, {"7", "2"}, {"5", "2"}};
  two.region.example = {"5", "2"}, two.region.because = {"--kernel", "--stride"};
  Finding low = two;
  low.region.failing = {{"3", "1"}, {"3", "2"}};
  low.region.example = {"3", "1"}, low.region.because = {"--kernel"}, low.region.whatever = {"--stride"};
  REQUIRE(join_regions(two.region, low.region));
  CHECK(two.region.example == std::vector<std::string>{"3", "1"});
  CHECK(region_text(two.region) == "fails for 5 of the 6 combinations in the declared space: for all but (--kernel, --stride) = "
                                   "(5, 1); --kernel = 3 fails it whatever --stride is");
  // advice says "improper for"
  Finding advice = part_finding({"5", "7"}, "5");
  advice.region.advisory = true;
  CHECK(region_text(advice.region) == "improper for --kernel in {5, 7}: 2 of its 3 values in the declared space");
}

TEST_CASE("space parts: merge_reports joins the shards' parts of an entry, and says which are missing", "[space][parts][merge]") {
  RunReport a, b;
  a.entries = {part_outcome(1, 3)};
  b.entries = {part_outcome(3, 3)};
  a.findings = {{part_finding({"5"}, "5"), {}, {"train.py"}, BaselineState::None, false, false}};
  b.findings = {{part_finding({"7"}, "7"), {}, {"train.py"}, BaselineState::None, false, false}};
  assign_fingerprints(a.findings);
  assign_fingerprints(b.findings);
  CHECK(a.findings[0].fingerprint == b.findings[0].fingerprint);  // (one finding's identity)
  auto merged = merge_reports({a, b});
  REQUIRE(merged.entries.size() == 1);
  const auto& e = merged.entries[0];
  CHECK(e.space_parts == std::vector<int>{1, 3});
  CHECK(e.stats.paths_explored == 4);
  CHECK(e.completeness.paths_completed == 4);
  REQUIRE(merged.findings.size() == 1);
  CHECK(merged.findings[0].finding.message.find("(fails for --kernel in {5, 7}: 2 of its 3 values in the declared space)") !=
        std::string::npos);
  // part 2 is in no report: its values were not checked, and the entry's analysis is not complete
  CHECK_FALSE(e.completeness.complete);
  REQUIRE(e.notifications.size() == 1);
  CHECK(e.notifications[0].message ==
        "no merged report holds part 2 of the 3 parts of the space (by --kernel): the values of --kernel in it were not "
        "checked");
  // with every part: complete, and no notification
  RunReport c;
  c.entries = {part_outcome(2, 3)};
  auto whole = merge_reports({a, b, c});
  CHECK(whole.entries[0].completeness.complete);
  CHECK(whole.entries[0].notifications.empty());
  CHECK(whole.entries[0].space_parts == std::vector<int>{1, 2, 3});
  // a part that crashed makes the entry's status its own
  c.entries[0].status = EntryStatus::Crashed;
  c.entries[0].detail = "killed by signal 9";
  auto crashed = merge_reports({a, c, b});
  CHECK(crashed.entries[0].status == EntryStatus::Crashed);
  CHECK(crashed.entries[0].detail == "killed by signal 9");
}
