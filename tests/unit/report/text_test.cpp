// The text reporter: exact compiler-style output, carets under tabs and multi-byte UTF-8,
// notifications, summary lines, colour and the --stats block.
#include "tenscan/report/text.h"

#include <catch2/catch.hpp>

#include "sample.h"

using namespace tenscan;
using namespace tenscan::report;

namespace {
SourceLookup one_file(std::string path, std::string text) {
  return [path, text](const std::string& p) -> std::optional<std::string> {
    if (p == path) return text;
    return std::nullopt;
  };
}

Finding finding_at(SourceRange where, std::string message = "Something is wrong.") {
  Finding f;
  f.rule = RuleId::MatmulInnerDim;
  f.message = std::move(message);
  f.location = std::move(where);
  return f;
}
}  // namespace

TEST_CASE("text: the whole sample renders like a compiler", "[text]") {
  const std::string expected =
      "models/net.py:9:18: warning: view asks for 756 elements per sample but the input has 784. "
      "[shape/reshape-numel]\n"
      "\t\treturn self.fc(x.view(x.size(0), 28 * 27))\n"
      "\t\t               ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
      "  train.py:5:5: note: x is created with shape [64, 1, 28, 28] here.\n"
      "  x = torch.randn(64, 1, 28, 28)\n"
      "      ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
      "  models/net.py:6:13: note: self.fc is built here.\n"
      "  \t\tself.fc = nn.Linear(784, 10)\n"
      "  \t\t          ^~~~~~~~~~~~~~~~~~\n"
      "  note: on this path: --model is 'big'; batch_size == 64\n"
      "train.py:7:9: error: Tensors of shape [64, 10] and [64, 5] cannot be broadcast: dimension 1 is 10 vs "
      "5. "
      "[shape/broadcast]\n"
      "loss = (y - torch.zeros(64, 5)).sum()\n"
      "        ^~~~~~~~~~~~~~~~~~~~~~\n"
      "  train.py:6:5: note: y gets shape [64, 10] here.\n"
      "  y = model(x)\n"
      "      ^~~~~~~~\n"
      // the steps: the related one is not repeated; the failing operation gets no second snippet
      "  train.py:5:5: note: x is created with shape [64, 1, 28, 28] here.\n"
      "  x = torch.randn(64, 1, 28, 28)\n"
      "      ^~~~~~~~~~~~~~~~~~~~~~~~~~\n"
      "  train.py:7:9: note: The subtraction fails here.\n"
      "tenscan: warning: The path budget (256) ran out; 3 paths were dropped. [analysis/budget]\n"
      "train.py:4:9: note: torch.compile is not modelled; its result is unknown. [analysis/unmodelled-call]\n"
      "model = torch.compile(Net())\n"
      "        ^~~~~~~~~~~~~~~~~~~~\n"
      "1 error, 1 warning in train.py\n";
  TextOptions options;
  options.entry = "train.py";
  CHECK(render_text(sample::result(), sample::lookup(), options) == expected);
}

TEST_CASE("text: carets count code points and terminal width, not bytes", "[text][utf8]") {
  // "é" is 2 bytes, "中文" 3 bytes and 2 columns each, "🚀" 4 bytes and 2 columns.
  const std::string line =
      "s = \"r\xc3\xa9sum\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xf0\x9f\x9a\x80\" + torch.ones(3)";
  // Code points: s(1) ' '(2) =(3) ' '(4) "(5) r é s u m é(6-11) ' '(12) 中(13) 文(14) ' '(15) 🚀(16) "(17)
  // ' '(18) +(19) ' '(20) torch.ones(3) (21-33)
  auto out = render_finding_text(finding_at({"a.py", 1, 21, 1, 34}), one_file("a.py", line + "\n"), {});
  CHECK(out == "a.py:1:21: error: Something is wrong. [shape/matmul-inner-dim]\n" + line + "\n" +
                   std::string(23, ' ') + "^~~~~~~~~~~~~\n");

  // A caret on a wide character underlines both of its columns.
  out = render_finding_text(finding_at({"a.py", 1, 13, 1, 15}), one_file("a.py", line), {});
  CHECK(out.substr(out.rfind('\n', out.size() - 2) + 1) == std::string(12, ' ') + "^~~~\n");
  // Combining marks take no column.
  out = render_finding_text(finding_at({"b.py", 1, 4, 1, 5}), one_file("b.py", "e\xcc\x81 = x"), {});
  CHECK(out.substr(out.rfind('\n', out.size() - 2) + 1) == "  ^\n");
}

TEST_CASE("text: tabs before the range are kept so the caret aligns", "[text]") {
  auto out = render_finding_text(finding_at({"t.py", 2, 5, 2, 8}),
                                 one_file("t.py", "def f():\n\t\tx\tyyy = 1\n"), {});
  CHECK(out ==
        "t.py:2:5: error: Something is wrong. [shape/matmul-inner-dim]\n"
        "\t\tx\tyyy = 1\n"
        "\t\t \t^~~\n");
}

TEST_CASE("text: ranges over several lines underline to the end of the first", "[text]") {
  auto out =
      render_finding_text(finding_at({"m.py", 1, 5, 3, 2}), one_file("m.py", "y = f(a,\n  b,\n)\n"), {});
  CHECK(out ==
        "m.py:1:5: error: Something is wrong. [shape/matmul-inner-dim]\n"
        "y = f(a,\n"
        "    ^~~~\n");
}

TEST_CASE("text: a position after the last character still gets a caret", "[text]") {
  Notification n{Notification::Kind::SyntaxError, Level::Error, "Expected ')' here.", {"s.py", 1, 10, 1, 10}};
  CHECK(render_notification_text(n, one_file("s.py", "print(x, "), {}) ==
        "s.py:1:10: error: Expected ')' here. [analysis/syntax-error]\n"
        "print(x, \n"
        "         ^\n");
}

TEST_CASE("text: without source text only the header lines appear", "[text]") {
  auto f = finding_at({"gone.py", 3, 1, 3, 4});
  f.related = {{{"gone.py", 1, 1, 1, 2}, "defined here."}};
  CHECK(render_finding_text(f, {}, {}) ==
        "gone.py:3:1: error: Something is wrong. [shape/matmul-inner-dim]\n"
        "  gone.py:1:1: note: defined here.\n");
  // Lines beyond the end of the file are skipped too, and a file-level location has no line.
  CHECK(render_finding_text(finding_at({"gone.py", 9, 1, 9, 2}), one_file("gone.py", "x\n"), {}) ==
        "gone.py:9:1: error: Something is wrong. [shape/matmul-inner-dim]\n");
  Notification n{
      Notification::Kind::UnreadableFile, Level::Warning, "Cannot read this file.", {"bin.py", 0, 0, 0, 0}};
  CHECK(render_notification_text(n, {}, {}) ==
        "bin.py: warning: Cannot read this file. [analysis/unreadable-file]\n");
}

TEST_CASE("text: steps are notes only where they add to the related notes", "[text][steps]") {
  const auto source = one_file("p.py", "a = f()\nif big:\n  b = g(a)\nc = h(b)\n");
  auto f = finding_at({"p.py", 4, 5, 4, 9}, "h rejects b.");
  f.related = {{{"p.py", 1, 5, 1, 8}, "a gets shape [3] here."}};
  // Only the related location and the failing operation itself: nothing to add.
  f.steps = {{{"p.py", 1, 5, 1, 8}, "a gets shape [3] here."}, {{"p.py", 4, 5, 4, 9}, "h rejects b."}};
  const std::string base =
      "p.py:4:5: error: h rejects b. [shape/matmul-inner-dim]\n"
      "c = h(b)\n"
      "    ^~~~\n"
      "  p.py:1:5: note: a gets shape [3] here.\n"
      "  a = f()\n"
      "      ^~~\n";
  CHECK(render_finding_text(f, source, {}) == base);

  // New steps in path order, each once; the same location with another message is new but gets
  // no second snippet, nor does a step at the failing operation; the path conditions come last.
  f.steps = {{{"p.py", 1, 5, 1, 8}, "a gets shape [3] here."},
             {{"p.py", 2, 4, 2, 7}, "big is true on this path."},
             {{"p.py", 1, 5, 1, 8}, "a is not reshaped afterwards."},
             {{"p.py", 2, 4, 2, 7}, "big is true on this path."},
             {{"p.py", 4, 5, 4, 9}, "On the last minibatch h fails."}};
  f.path_conditions = {"big"};
  const std::string more =
      "  p.py:2:4: note: big is true on this path.\n"
      "  if big:\n"
      "     ^~~\n"
      "  p.py:1:5: note: a is not reshaped afterwards.\n"
      "  p.py:4:5: note: On the last minibatch h fails.\n"
      "  note: on this path: big\n";
  CHECK(render_finding_text(f, source, {}) == base + more);
}

TEST_CASE("text: a location without a column shows its line but no caret", "[text]") {
  CHECK(render_finding_text(finding_at({"c.py", 2, 0, 0, 0}), one_file("c.py", "a = 1\nb = a @ a\n"), {}) ==
        "c.py:2: error: Something is wrong. [shape/matmul-inner-dim]\n"
        "b = a @ a\n");
}

TEST_CASE("text: summary lines", "[text]") {
  TextOptions options;
  options.entry = "train.py";
  AnalysisResult empty;
  CHECK(render_summary_text(empty, options) == "no issues found in train.py\n");
  CHECK(render_summary_text(empty, {}) == "no issues found\n");

  AnalysisResult r;
  r.findings = {finding_at({"a.py", 1, 1, 1, 2}), finding_at({"a.py", 2, 1, 2, 2}),
                finding_at({"a.py", 3, 1, 3, 2})};
  r.findings[2].level = Level::Warning;
  CHECK(render_summary_text(r, options) == "2 errors, 1 warning in train.py\n");
  r.findings[0].level = Level::Note;
  r.completed = false;
  CHECK(render_summary_text(r, options) ==
        "1 error, 1 warning, 1 note in train.py (analysis did not complete)\n");
}

TEST_CASE("text: colour is off by default and ANSI when asked", "[text]") {
  auto f = finding_at({"a.py", 1, 1, 1, 2});
  auto plain = render_finding_text(f, one_file("a.py", "x\n"), {});
  CHECK(plain.find('\033') == std::string::npos);
  TextOptions color;
  color.color = true;
  auto colored = render_finding_text(f, one_file("a.py", "x\n"), color);
  CHECK(colored ==
        "\033[1ma.py:1:1:\033[0m \033[1;31merror:\033[0m \033[1mSomething is wrong.\033[0m "
        "[shape/matmul-inner-dim]\n"
        "x\n"
        "\033[1;32m^\033[0m\n");
}

TEST_CASE("text: the stats block lists every field, counts descending then by name", "[text][stats]") {
  const std::string expected =
      "statistics:\n"
      "  paths: 4 explored (2 valid, 2 invalid, 0 dontknow, 0 unreachable), 3 pruned, 5 merged (0 joined), 0 loop heads widened\n"
      "  solver: 17 calls, 12.2 ms\n"
      "  requirements: 40 checked, 31 decided online, 2 taken as assumptions\n"
      "  modules: 2 loaded\n"
      "  statements: 123 executed, 0 objects reclaimed\n"
      "  unmodelled calls: 3 distinct, 7 total\n"
      "         3  apex.amp.initialize\n"
      "         3  wandb.log\n"
      "         1  torch.compile\n"
      "  operations: 3 distinct, 5 total\n"
      "         2  linear\n"
      "         2  view\n"
      "         1  add\n";
  CHECK(render_stats_text(sample::result().stats) == expected);
}

TEST_CASE("text: text from the analysed code cannot write CI commands or terminal escapes", "[text][escape]") {
  // a message quoting a string literal with a newline and a GitHub workflow command, a file
  // named like a command, and a source line with an escape sequence, a bidirectional override,
  // GitHub's older command syntax and an invalid byte
  const std::string line = "x = f(\"\x1b[2J\xe2\x80\xae##[set-output name=a]b\xff\")";
  Finding f = finding_at({"::error file=a::x.py", 1, 7, 1, 8}, "raised 'boom\n::add-mask::secret\r'.");
  auto out = render_finding_text(f, one_file("::error file=a::x.py", line + "\n"), {});
  CHECK(out ==
        "<U+003A>:error file=a::x.py:1:7: error: raised 'boom<U+000A>::add-mask::secret<U+000D>'. "
        "[shape/matmul-inner-dim]\n"
        "x = f(\"<U+001B>[2J<U+202E>#<U+0023>[set-output name=a]b<ff>\")\n"
        "      ^\n");
  // no line of it starts a command after the runner trims its leading whitespace (including
  // Unicode spaces), and none holds the older syntax
  const std::string spaced = "\xc2\xa0\xe3\x80\x80::warning::x ##vso[task.setvariable]";
  out = render_finding_text(finding_at({"b.py", 1, 1, 1, 2}), one_file("b.py", spaced), {});
  CHECK(out.find("\n\xc2\xa0\xe3\x80\x80<U+003A>:warning::x #<U+0023>vso[task.setvariable]\n") != std::string::npos);
  // a caret after escaped characters stays under its column
  out = render_finding_text(finding_at({"c.py", 1, 3, 1, 4}), one_file("c.py", "\x01\x02y = 1"), {});
  CHECK(out.substr(out.find('\n') + 1) == "<U+0001><U+0002>y = 1\n                ^\n");
}

TEST_CASE("text: module mode's contracts follow the findings, one block per class", "[text][contracts]") {
  AnalysisResult r;
  r.contracts.push_back({"Net", {"m.py", 6, 1, 6, 30}, "Net.forward(x: [B, 1, H, W]) -> [B, 10]", {"H*W == 784"}, {},
                         {"H = W = 28 among square images"}, {}});
  r.contracts.push_back({"Enc", {"m.py", 30, 1, 30, 20}, "Enc.forward(t: [B, T]) -> [1, 256]", {}, {"B = 1"}, {},
                         {"`x\x1b[31m` is true"}});
  TextOptions o;
  o.entry = "m.py";
  CHECK(render_text(r, one_file("m.py", ""), o) ==
        "m.py:6:1: contract: Net.forward(x: [B, 1, H, W]) -> [B, 10]\n"
        "  requires H*W == 784\n"
        "  accepts H = W = 28 among square images\n"
        "m.py:30:1: contract: Enc.forward(t: [B, T]) -> [1, 256]\n"
        "  only if B = 1\n"
        "  when `x<U+001B>[31m` is true\n"
        "no issues found in m.py\n");
}
