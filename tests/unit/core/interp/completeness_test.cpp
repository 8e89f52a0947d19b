// Verdict honesty: an analysis that a budget or an exception the program does not raise itself
// cut short says so (AnalysisResult::completeness), with what it did not analyse; a complete
// one is complete, whatever it found.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using namespace tenscan_test;
using tenscan::Completeness;

TEST_CASE("completeness/a script analysed to its end is complete, with full coverage", "[completeness]") {
  Run r = analyze_program(
      "import torch\n"
      "import torch.nn as nn\n"
      "\n"
      "def main():\n"
      "    net = nn.Linear(8, 3)\n"
      "    for step in range(3):\n"
      "        out = net(torch.randn(4, 8))\n"
      "    print(out.shape)\n"
      "\n"
      "if __name__ == '__main__':\n"
      "    main()\n");
  const Completeness& c = r.result.completeness;
  CHECK(c.complete);
  CHECK(c.causes.empty());
  CHECK(c.paths_stopped == 0);
  CHECK(c.paths_completed == 1);
  CHECK(c.unchecked.empty());
  CHECK(c.statements_reached == c.statements_checked);
  CHECK(c.statements_reached >= 8);
  CHECK(c.coverage() == 100.0);
}

TEST_CASE("completeness/a loop past the unrolling cap stops the analysis: what it did not analyse is named",
          "[completeness]") {
  tenscan::AnalysisOptions small;
  small.max_loop_unroll = 16;
  Run r = analyze_program(
      "import torch\n"
      "import torch.nn as nn\n"
      "\n"
      "def evaluate(net, x):\n"
      "    return net(x)\n"
      "\n"
      "def main():\n"
      "    x = torch.randn(4, 8)\n"
      "    while x.dim() > 0:\n"
      "        x = x.unsqueeze(0)\n"
      "    net = nn.Linear(8, 3)\n"
      "    y = evaluate(net, x)\n"
      "\n"
      "main()\n",
      {}, small);
  const Completeness& c = r.result.completeness;
  CHECK_FALSE(c.complete);
  CHECK(c.paths_completed == 0);
  CHECK(c.paths_stopped == 1);
  REQUIRE(c.causes.size() == 1);
  CHECK(c.causes[0].what == "the loop unrolling cap");
  CHECK(c.causes[0].location.line == 9);
  CHECK(c.causes[0].paths == 1);
  // the rest of main() and the function it calls were never run
  REQUIRE(c.unchecked.size() == 2);
  CHECK(c.unchecked[0] == Completeness::Lines{"main.py", 5, 5});
  CHECK(c.unchecked[1] == Completeness::Lines{"main.py", 11, 12});
  CHECK(c.coverage() == 0.0);
}

TEST_CASE("completeness/an exception from tenscan's models ends a path incomplete; the script's own raise does not",
          "[completeness]") {
  Run gap = analyze_program(
      "import torch\n"
      "x = torch.randn(4, 8)\n"
      "n = len(5)\n"
      "z = y + 1\n");
  const Completeness& c = gap.result.completeness;
  CHECK_FALSE(c.complete);
  REQUIRE_FALSE(c.causes.empty());
  CHECK(c.causes[0].what.rfind("an uncaught ", 0) == 0);
  CHECK(c.causes[0].location.line == 3);
  REQUIRE(c.unchecked.size() == 1);
  CHECK(c.unchecked[0].line == 4);

  Run own = analyze_program(
      "import argparse\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--model', default='small')\n"
      "args = p.parse_args()\n"
      "if args.model != 'small':\n"
      "    raise ValueError('unknown model')\n"
      "print(args.model)\n",
      {"--model", "big"});
  CHECK(own.result.completeness.complete);
}

TEST_CASE("completeness/paths the path budget drops make the analysis incomplete", "[completeness]") {
  tenscan::AnalysisOptions small;
  small.max_paths = 4;
  Run r = analyze_program(
      "import random\n"
      "import torch\n"
      "xs = []\n"
      "for i in range(6):\n"
      "    if random.random() < 0.5:\n"
      "        xs.append(torch.randn(i + 1))\n"
      "    else:\n"
      "        xs.append(torch.randn(i + 2, 2))\n"
      "print(len(xs))\n",
      {}, small);
  const Completeness& c = r.result.completeness;
  CHECK_FALSE(c.complete);
  CHECK(c.paths_completed > 0);
  CHECK(c.paths_stopped > 0);
  bool path_budget = false;
  for (const auto& k : c.causes) path_budget = path_budget || k.what == "the path budget";
  CHECK(path_budget);
}
