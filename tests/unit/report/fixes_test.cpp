// Applying fixes to a file's text, and the unified diff of what they change.
#include <catch2/catch.hpp>

#include "tenscan/core/edits.h"
#include "tenscan/report/fixes.h"

using namespace tenscan;

TEST_CASE("fixes: replacements in code points, applied from the end; overlapping ones refused", "[fixes]") {
  const std::string src = "x = \xc3\xa9t\xc3\xa9(1)\nloader = DataLoader(data, batch_size=64)\n";
  // (columns count code points: "été" is 3 columns, 5 bytes)
  auto out = tenscan::apply_replacements(src, {{{"a.py", 1, 9, 1, 10}, "2"}, {{"a.py", 2, 40, 2, 40}, ", drop_last=True"}});
  REQUIRE(out);
  CHECK(*out == "x = \xc3\xa9t\xc3\xa9(2)\nloader = DataLoader(data, batch_size=64, drop_last=True)\n");
  CHECK_FALSE(tenscan::apply_replacements(src, {{{"a.py", 1, 5, 1, 9}, "f"}, {{"a.py", 1, 8, 1, 10}, "g"}}));
  CHECK_FALSE(tenscan::apply_replacements(src, {{{"a.py", 7, 1, 7, 2}, "f"}}));   // no such line
  CHECK_FALSE(tenscan::apply_replacements(src, {{{"a.py", 1, 40, 1, 41}, "f"}}));  // past the line's end
}

TEST_CASE("fixes: a unified diff with three lines of context, near changes in one hunk", "[fixes]") {
  std::string before;
  for (int i = 1; i <= 20; ++i) before += "line " + std::to_string(i) + "\n";
  std::vector<Replacement> reps = {{{"m.py", 2, 6, 2, 7}, "two"}, {{"m.py", 4, 6, 4, 7}, "four"}, {{"m.py", 15, 6, 15, 8}, "x"}};
  auto after = tenscan::apply_replacements(before, reps);
  REQUIRE(after);
  CHECK(report::unified_diff("m.py", before, *after, reps) ==
        "--- a/m.py\n+++ b/m.py\n"
        "@@ -1,7 +1,7 @@\n line 1\n-line 2\n+line two\n line 3\n-line 4\n+line four\n line 5\n line 6\n line 7\n"
        "@@ -12,7 +12,7 @@\n line 12\n line 13\n line 14\n-line 15\n+line x\n line 16\n line 17\n line 18\n");
  CHECK(report::unified_diff("m.py", before, before, {}).empty());
}

TEST_CASE("fixes: the same edit asked for twice is made once; the lines a fix edits, before and after", "[fixes]") {
  const std::string src = "a = f(\n    torch.log(F.softmax(x,\n                        dim=1)))\nloader = DataLoader(d)\n";
  const Replacement drop{{"t.py", 4, 22, 4, 22}, ", drop_last=True"};
  auto once = tenscan::apply_replacements(src, {drop, drop});
  REQUIRE(once);
  CHECK(once->find("drop_last=True, drop_last") == std::string::npos);
  // a rewrite over two lines makes one line of them
  const Fix fix{"use log_softmax", {{{"t.py", 2, 5, 3, 32}, "F.log_softmax(x, dim=1)"}}};
  auto lines = report::fixed_lines(fix, [&](const std::string&) { return std::optional<std::string>(src); });
  REQUIRE(lines);
  CHECK(lines->first == 2);
  CHECK(lines->before == std::vector<std::string>{"    torch.log(F.softmax(x,", "                        dim=1)))"});
  CHECK(lines->after == std::vector<std::string>{"    F.log_softmax(x, dim=1))"});
  CHECK_FALSE(report::fixed_lines(fix, [](const std::string&) { return std::optional<std::string>(); }));
}
