// Regression tests for interpreter and front-end bugs found by review: exception handling,
// loop caps, path merging, indentation errors, f-strings, sequence comparisons, loop summaries.
#include <catch2/catch.hpp>

#include "../analysis_harness.h"

using namespace tenscan_test;

TEST_CASE("interp: except E as name binds and matches only E", "[interp][regression]") {
  check_program(R"py(
r = 0
try:
    raise KeyError("k")
except ValueError as e:
    r = 1
except KeyError as err:
    r = 2
    tenscan_reveal(err.args)  # reveal: ('k',)
tenscan_reveal(r)  # reveal: 2
)py");
}

TEST_CASE("interp: try/else runs only when the body raised nothing; bare raise re-raises", "[interp][regression]") {
  check_program(R"py(
log = []
try:
    raise KeyError()
except KeyError:
    log.append("caught")
else:
    log.append("else")
tenscan_reveal(log)  # reveal: ['caught']
try:
    pass
except KeyError:
    log.append("no")
else:
    log.append("else")
tenscan_reveal(log)  # reveal: ['caught', 'else']
r = 0
try:
    try:
        raise ValueError("inner")
    except ValueError:
        raise
except ValueError:
    r = 5
tenscan_reveal(r)  # reveal: 5
)py");
}

TEST_CASE("interp: materialising long ranges is exact; chained comparisons short-circuit", "[interp][regression]") {
  check_program(R"py(
import torch
tenscan_reveal(sum(range(1000)))  # reveal: 499500
t = torch.tensor(list(range(1000)))
tenscan_reveal(t.view(10, 100))  # reveal: [10, 100] int64
tenscan_reveal(len(range(10, 0, -2)))  # reveal: 5
calls = []
def f():
    calls.append(1)
    return 3
tenscan_reveal(1 > 2 < f())  # reveal: False
tenscan_reveal(len(calls))  # reveal: 0
tenscan_reveal((1, 2) < (1, 3))  # reveal: True
tenscan_reveal(sorted([(2, "b"), (1, "a")]))  # reveal: [(1, 'a'), (2, 'b')]
tenscan_reveal(len("é"))  # reveal: 1
)py");
}

TEST_CASE("interp: f-string braces and format specs", "[interp][regression]") {
  check_program(R"py(
a = 3
tenscan_reveal(f"{{a}}={a}")  # reveal: '{a}=3'
tenscan_reveal(f"{a:>3}")  # reveal: str
)py");
}

TEST_CASE("interp: equal paths merge at module level too", "[interp][regression]") {
  Run r = analyze_program(R"py(
import random
k = 0
for _ in range(10):
    if random.randint(0, 1):
        k = 1
    else:
        k = 1
tenscan_reveal(k)
)py");
  CHECK(r.result.stats.paths_explored == 1);
  CHECK(r.result.stats.paths_pruned == 0);
}

TEST_CASE("interp: a loop that returns to the same state is summarised, one that does not is unrolled", "[interp][regression]") {
  const char* epochs = R"py(
import torch
import torch.nn as nn
model = nn.Linear(4, 2)
for epoch in range(1, 15):
    out = model(torch.randn(8, 4))
tenscan_reveal(epoch)
tenscan_reveal(out)
)py";
  Run summarised = analyze_program(epochs);
  CHECK(summarised.reveals() == std::vector<std::string>{"14", "[8, 2] float32"});
  // 14 iterations cost about what 2 cost (range(1, 3) is too short to be summarised)
  std::string two = epochs;
  two.replace(two.find("range(1, 15)"), 12, "range(1, 3)");
  Run unsummarised = analyze_program(two);
  CHECK(summarised.result.stats.statements_executed < unsummarised.result.stats.statements_executed + 40);
  // the shape changes with the iteration: every iteration must run, and the bug at 7 is found
  Run unrolled = analyze_program(R"py(
import torch
x = torch.randn(4, 4)
for i in range(1, 10):
    y = x @ torch.randn(4 if i != 7 else 5, 4)
)py");
  CHECK(unrolled.findings() == std::vector<std::string>{"shape/matmul-inner-dim@5"});
}

TEST_CASE("lower: indentation errors and print statements are syntax errors", "[lower][regression]") {
  Run indent = analyze_program("x = 1\n  y = 2\n");
  CHECK(indent.findings() == std::vector<std::string>{"python/syntax-error@2"});
  Run block = analyze_program("def f():\nreturn 1\n");
  // reported at the statement whose body is missing (Python points at the next line)
  CHECK(block.findings() == std::vector<std::string>{"python/syntax-error@1"});
  Run py2 = analyze_program("print 'x'\n");
  CHECK(py2.findings() == std::vector<std::string>{"python/syntax-error@1"});
  Run ok = analyze_program("if True: x = 1\nclass A:\n    def f(self):\n        return (1 +\n                2)\n    x = 2; y = 3\n");
  CHECK(ok.findings().empty());
}

TEST_CASE("interp: a namespace package at the project root imports", "[interp][regression]") {
  Run r = analyze_files({{"main.py", "import pkg.sub.leaf\ntenscan_reveal(pkg.sub.leaf.VALUE)\n"},
                         {"pkg/sub/leaf.py", "VALUE = 7\n"}});
  CHECK(r.reveals() == std::vector<std::string>{"7"});
  CHECK(r.result.stats.unmodelled_calls.empty());
}
