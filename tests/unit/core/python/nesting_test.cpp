// Nesting deeper than CPython allows is CPython's error, once, where CPython reports it (issue
// 16). Every expected error, line and column below is what CPython 3.11.2 and 3.12.1 report for
// the same source (compile(), or the script run directly for the recursion limit, whose
// threshold depends on how deep the compiling code is: 3000 for a script), columns 0-based.
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "../analysis_harness.h"
#include "python/limits.h"
#include "python/lower.h"

using tenscan::python::LowerDiag;
using tenscan::python::LowerResult;
using tenscan::python::tokenizer_limits;

namespace {

LowerResult lower(const std::string& src) { return tenscan::python::lower_module("m.py", "m", src, 1, false); }

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

/// `headers`, each indented one step deeper than the one before, around `inner`.
std::string nest(const std::vector<std::string>& headers, const std::string& inner = "pass", int step = 1) {
  std::string out;
  for (std::size_t i = 0; i < headers.size(); ++i)
    out += std::string(i * static_cast<std::size_t>(step), ' ') + headers[i] + "\n";
  return out + std::string(headers.size() * static_cast<std::size_t>(step), ' ') + inner + "\n";
}
std::vector<std::string> times(const std::string& header, int n) { return std::vector<std::string>(static_cast<std::size_t>(n), header); }
std::vector<std::string> fors(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("for i" + std::to_string(i) + " in x:");
  return out;
}

/// A block structure in which each level's body holds the next level: `open(level)` gives the
/// lines before the body, `close(level)` those after it (each at the level's indentation).
std::string chain(int n, const std::function<std::vector<std::string>(int)>& open,
                  const std::function<std::vector<std::string>(int)>& close) {
  std::string out;
  for (int i = 0; i < n; ++i)
    for (const auto& l : open(i)) out += std::string(static_cast<std::size_t>(i), ' ') + l + "\n";
  out += std::string(static_cast<std::size_t>(n), ' ') + "pass\n";
  for (int i = n - 1; i >= 0; --i)
    for (const auto& l : close(i)) out += std::string(static_cast<std::size_t>(i), ' ') + l + "\n";
  return out;
}
std::string try_bodies(int n) {
  return chain(n, [](int) { return std::vector<std::string>{"try:"}; },
               [](int) { return std::vector<std::string>{"except E:", " pass"}; });
}
std::string except_bodies(int n) {
  return chain(n, [](int) { return std::vector<std::string>{"try:", " pass", "except E:"}; },
               [](int) { return std::vector<std::string>{}; });
}
std::string finally_bodies(int n) {
  return chain(n, [](int) { return std::vector<std::string>{"try:", " pass", "finally:"}; },
               [](int) { return std::vector<std::string>{}; });
}
std::string async_fors(int n) {
  std::vector<std::string> h{"async def g():"};
  for (int i = 0; i < n; ++i) h.push_back("async for i" + std::to_string(i) + " in x:");
  return nest(h);
}
std::string fors_def_fors(int n) {
  std::vector<std::string> h = fors(20);
  h.push_back("def f():");
  for (int i = 0; i < n; ++i) h.push_back("for j" + std::to_string(i) + " in x:");
  return nest(h);
}

struct Over {
  const char* what;
  std::string src;
  const char* error;
  const char* message;
  int line, col;  // col -1: not checked
};

const char* const kBlocks = "too many statically nested blocks";
const char* const kIndent = "too many levels of indentation";
const char* const kParens = "too many nested parentheses";
const char* const kRecursion = "maximum recursion depth exceeded during compilation";
const char* const kTooDeep = "the file could not be parsed: its nesting is deeper than tenscan's parser can follow";

}  // namespace

TEST_CASE("nesting: beyond CPython's limits, CPython's error at CPython's line, and nothing else", "[python][nesting]") {
  const std::string deep_expr = "y = " + std::string(3000, '-') + "1\n";
  std::vector<Over> rows{
      // the compiler: 20 blocks open at once in one function
      {"21 nested for", nest(fors(21)), "SyntaxError", kBlocks, 21, 20},
      {"21 nested while", nest(times("while x:", 21)), "SyntaxError", kBlocks, 21, 20},
      {"11 nested with of two items", nest(times("with a, b:", 11)), "SyntaxError", kBlocks, 11, 10},
      {"11 nested parenthesized with of two items", nest(times("with (a, b):", 11)), "SyntaxError", kBlocks, 11, 10},
      {"21 nested with of a tuple", nest(times("with (a, b) as c:", 21)), "SyntaxError", kBlocks, 21, 20},
      {"20 nested try bodies: the innermost handler", try_bodies(20), "SyntaxError", kBlocks, 22, 19},
      {"11 nested except bodies (two blocks each)", except_bodies(11), "SyntaxError", kBlocks, 31, 10},
      {"21 nested finally bodies (compiled twice)", finally_bodies(21), "SyntaxError", kBlocks, 61, 20},
      {"a function starts with no block open", fors_def_fors(21), "SyntaxError", kBlocks, 42, 41},
      {"21 nested async for", async_fors(21), "SyntaxError", kBlocks, 22, 21},
      // the tokenizer: 100 indentation levels, 200 open brackets
      {"100 nested if", nest(times("if x:", 100)), "IndentationError", kIndent, 101, 0},
      {"300 nested if", nest(times("if x:", 300)), "IndentationError", kIndent, 101, 0},
      {"100 nested if, 4 columns each", nest(times("if x:", 100), "pass", 4), "IndentationError", kIndent, 101, 0},
      {"100 nested def", nest(times("def f():", 100)), "IndentationError", kIndent, 101, 0},
      {"100 levels of tabs", [] {
         std::string s;
         for (int i = 0; i < 100; ++i) s += std::string(static_cast<std::size_t>(i), '\t') + "if x:\n";
         return s + std::string(100, '\t') + "pass\n";
       }(),
       "IndentationError", kIndent, 101, 0},
      {"201 parentheses", "x = 1\ny = " + std::string(201, '(') + "1" + std::string(201, ')') + "\n", "SyntaxError",
       kParens, 2, 204},
      {"201 mixed brackets", "x = 1\ny = " + repeat("[{(", 67) + "1" + repeat(")}]", 67) + "\n", "SyntaxError", kParens, 2,
       204},
      {"201 parentheses on 201 lines", "x = 1\ny = (\n" + repeat("(\n", 200) + "1" + repeat(")\n", 201), "SyntaxError",
       kParens, 202, 0},
      {"brackets in strings and comments do not count",
       "x = '(((' + \"\"\"[[[\n]]]\"\"\"  # (((\ny = " + std::string(201, '(') + "1" + std::string(201, ')') + "\n",
       "SyntaxError", kParens, 3, 204},
      {"1000000 unclosed parentheses", "y = " + std::string(1000000, '(') + "\n", "SyntaxError", kParens, 1, 204},
      // the symbol table: statements and expressions 3000 deep (no position in CPython: the statement's)
      {"3000 unary minus", "y = " + std::string(2999, '-') + "1\n", "RecursionError", kRecursion, 1, 0},
      {"3000 attributes", "y = x" + repeat(".a", 2999) + "\n", "RecursionError", kRecursion, 1, 0},
      {"a 20000-term sum", "y = 1" + repeat(" + 1", 20000) + "\n", "RecursionError", kRecursion, 1, 0},
      {"3000 calls in a function", "def f():\n return x" + repeat("()", 2999) + "\n", "RecursionError", kRecursion, 2,
       1},
      {"3000 elif", "x = 0\nif x:\n pass\n" + repeat("elif x:\n pass\n", 2999), "RecursionError", kRecursion, -1, -1},
      {"3000 nested f-string fields", "y = f'{" + std::string(2998, '-') + "x}'\n", "RecursionError", kRecursion, 1, 0},
      // the first error wins: the symbol table runs before the compiler, the tokenizer with the parser
      {"the recursion limit before an earlier nesting of blocks", nest(fors(21)) + deep_expr, "RecursionError",
       kRecursion, 23, 0},
      {"a parse error before the nesting", "def f(:\n pass\n" + nest(times("if x:", 101)), "SyntaxError", nullptr, 1, -1},
      {"an unexpected indent before the nesting", "x = 1\n  y = 2\ny = " + std::string(201, '(') + "\n",
       "IndentationError", "unexpected indent", 2, -1},
      {"the nesting before a parse error", nest(times("if x:", 101)) + "def f(:\n pass\n", "IndentationError", kIndent,
       101, 0},
  };
  for (const auto& row : rows) {
    INFO(row.what);
    LowerResult r = lower(row.src);
    REQUIRE(r.module);
    CHECK(r.syntax_error);
    for (const auto& d : r.diags) INFO("diag " << d.loc.line << ":" << d.loc.col << " " << d.error << ": " << d.message);
    REQUIRE(r.diags.size() == 1);  // once, and no note about a file that does not compile
    const LowerDiag& d = r.diags[0];
    CHECK(d.kind == LowerDiag::Kind::SyntaxError);
    CHECK(d.error == row.error);
    if (row.message) CHECK(d.message == row.message);
    if (row.line >= 0) CHECK(d.loc.line == row.line);
    if (row.col >= 0) CHECK(d.loc.col == row.col);
  }
}

TEST_CASE("nesting: just within CPython's limits, no error", "[python][nesting]") {
  struct Within {
    const char* what;
    std::string src;
  };
  std::vector<Within> rows{
      {"20 nested for", nest(fors(20))},
      {"10 nested with of two items", nest(times("with a, b:", 10))},
      {"20 nested with of a tuple", nest(times("with (a, b) as c:", 20))},
      {"19 nested try bodies", try_bodies(19)},
      {"10 nested except bodies", except_bodies(10)},
      {"20 nested finally bodies", finally_bodies(20)},
      {"20 for, a function, 20 for", fors_def_fors(20)},
      {"20 nested async for", async_fors(20)},
      {"nested if and def do not open blocks", nest(times("if x:", 60))},
      {"99 nested if", nest(times("if x:", 99))},
      {"99 nested if, 2 columns each", nest(times("if x:", 99), "pass", 2)},
      {"200 parentheses", "x = 1\ny = " + std::string(200, '(') + "1" + std::string(200, ')') + "\n"},
      {"2998 unary minus", "y = " + std::string(2998, '-') + "1\n"},
      {"2998 elif", "x = 0\nif x:\n pass\n" + repeat("elif x:\n pass\n", 2998)},
      {"5000 and: one BoolOp", "y = x" + repeat(" and x", 5000) + "\n"},
      {"5000 comparisons: one Compare", "y = x" + repeat(" < x", 5000) + "\n"},
      {"5000 strings: one constant", "y = 'a'" + repeat(" 'a'", 5000) + "\n"},
      {"a list of 40000 elements", "y = [" + repeat("-1, ", 40000) + "]\n"},
  };
  for (const auto& row : rows) {
    INFO(row.what);
    LowerResult r = lower(row.src);
    for (const auto& d : r.diags) INFO("diag " << d.loc.line << ":" << d.loc.col << " " << d.error << ": " << d.message);
    REQUIRE(r.module);
    CHECK_FALSE(r.syntax_error);
    for (const auto& d : r.diags) CHECK(d.kind == LowerDiag::Kind::Unsupported);  // deeper than the lowering goes
  }
}

TEST_CASE("nesting: the tokenizer scan", "[python][nesting]") {
  SECTION("CPython's own tokenizer error first: no nesting error after it") {
    CHECK_FALSE(tokenizer_limits("s = 'abc\ny = " + std::string(201, '(') + "\n").error);
    CHECK_FALSE(tokenizer_limits("s = )\ny = " + std::string(201, '(') + "\n").error);
    CHECK_FALSE(tokenizer_limits("if x:\n    y = 1\n  z = 2\n" + nest(times("if x:", 101))).error);
    CHECK_FALSE(tokenizer_limits("s = \\ y\n" + nest(times("if x:", 101))).error);
  }
  SECTION("continuation lines and lines in brackets do not indent") {
    CHECK_FALSE(tokenizer_limits("x = (\n" + repeat("      1,\n", 500) + ")\n").error);
    CHECK_FALSE(tokenizer_limits(repeat("x = 1 + \\\n      2\n", 300)).error);
    CHECK_FALSE(tokenizer_limits("s = '''\n" + nest(times("if x:", 150)) + "'''\n").error);
  }
  SECTION("where tree-sitter's scanner loses the indentation") {
    CHECK(tokenizer_limits(nest(times("if x:", 50), "pass", 4)).wide_indent_start == std::string::npos);
    auto t = tokenizer_limits("x = 1\nif x:\n" + std::string(256, ' ') + "y = 1\n");
    CHECK(t.wide_indent_start == 12);
    CHECK_FALSE(t.error);
  }
  SECTION("what tree-sitter 0.20.7 cannot take is never handed to it") {
    // (`y = ` and 65535 minus signs, or as many in an unclosed bracket, corrupted its heap)
    for (const std::string& src : {"y = " + std::string(70000, '-') + "\n", "y = (" + std::string(70000, '-') + "\n",
                                   "y = f'{" + std::string(70000, '-') + "}'\n", "a = " + repeat("a = ", 40000) + "\n"}) {
      auto t = tokenizer_limits("x = 1\n" + src);
      CHECK(t.too_deep);
      REQUIRE(t.error);
      CHECK(t.error->message == kTooDeep);
      CHECK(t.error->line == 2);
      CHECK(t.logical_line_start == 6);
      LowerResult r = lower("x = 1\n" + src);
      CHECK(r.syntax_error);
      REQUIRE(r.diags.size() == 1);
      CHECK(r.diags[0].message == kTooDeep);
    }
    // a bracket's elements and a statement's end bound what is pending
    CHECK_FALSE(tokenizer_limits(repeat("y = " + std::string(20000, '-') + "1\n", 5)).error);
    CHECK_FALSE(tokenizer_limits("y = f(" + repeat(std::string(100, '-') + "1, ", 2000) + ")\n").error);
  }
}

TEST_CASE("nesting: the analysis reports CPython's error once and runs nothing", "[python][nesting][interp]") {
  auto program = [](int loops) {
    std::vector<std::string> headers;
    for (int i = 0; i < loops; ++i) headers.push_back("for i" + std::to_string(i) + " in range(1):");
    return "import torch\n" + nest(headers, "y = torch.zeros(2, 3) @ torch.zeros(4, 5)");
  };
  tenscan_test::Run over = tenscan_test::analyze_program(program(21));
  REQUIRE(over.result.findings.size() == 1);
  const tenscan::Finding& f = over.result.findings[0];
  CHECK(f.message == "SyntaxError: too many statically nested blocks");
  CHECK(f.location.line == 22);
  CHECK(f.location.col == 21);
  CHECK(over.findings() == std::vector<std::string>{"python/syntax-error@22"});
  CHECK(over.notes(tenscan::Notification::Kind::UnsupportedSyntax).empty());
  CHECK(over.result.stats.paths_explored == 0);
  // one loop fewer: it compiles, and the analysis runs the innermost body
  tenscan_test::Run within = tenscan_test::analyze_program(program(20));
  CHECK(within.findings() == std::vector<std::string>{"shape/matmul-inner-dim@22"});

  tenscan_test::Run indent = tenscan_test::analyze_program("import torch\n" + nest(times("if True:", 300)));
  REQUIRE(indent.result.findings.size() == 1);
  CHECK(indent.result.findings[0].message == "IndentationError: too many levels of indentation");
  CHECK(indent.result.findings[0].location.line == 102);
  CHECK(indent.result.notifications.empty());
}
