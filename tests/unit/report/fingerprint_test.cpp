// primaryLocationLineHash against github/codeql-action's test vectors (src/fingerprints.test.ts)
// and against the research's Python reference (ci-sarif.md Appendix D) on two awkward files;
// tenscan's own finding fingerprint.
#include "tenscan/report/fingerprint.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using tenscan::report::line_hashes;
using Hashes = std::vector<std::string>;

namespace {
std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
}  // namespace

TEST_CASE("line hashes match codeql-action's test vectors", "[fingerprint]") {
  CHECK(line_hashes("") == Hashes{"c129715d7a2bc9a3:1"});
  CHECK(line_hashes(" a\nb\n  \t\tc\n d") ==
        Hashes{"271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"});
  CHECK(line_hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End") ==
        Hashes{"8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1", "c6805c5e1288b612:1",
               "b86d3392aea1be30:1", "e6ceba753e1a442:1"});

  const Hashes hello = {"e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1",
                        "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
                        "c129715d7a2bc9a3:1"};
  CHECK(line_hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n") == hello);
  CHECK(line_hashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r") == hello);
  CHECK(line_hashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n") == hello);
  CHECK(line_hashes(" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n") == hello);

  CHECK(line_hashes(repeat("Lorem ipsum dolor sit amet.\n", 10)) ==
        Hashes{"a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3", "a7f2ff13bc495cf2:4",
               "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6", "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1",
               "55ec222b86bcae53:1", "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"});

  CHECK(line_hashes("x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n") ==
        Hashes{"e54938cc54b302f1:1", "bb609acbe9138d60:1", "1131fd5871777f34:1", "5c482a0f8b35ea28:1",
               "54517377da7028d2:1", "2c644846cb18d53e:1", "f1b89f20de0d133:1", "c129715d7a2bc9a3:1"});
}

// Expected values from the Python reference in the research (Appendix D), run on the same bytes
// decoded with errors='replace' (Node's decoder gives the identical code-unit sequence, checked).
TEST_CASE("line hashes match the Python reference on UTF-8, astral characters and CRLF", "[fingerprint]") {
  const std::string script =
      "# Train a small CNN on MNIST \xe2\x80\x94 r\xc3\xa9sum\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 "
      "\xf0\x9f\x9a\x80\r\n"
      "import torch\r\n"
      "import torch.nn as nn\r\n"
      "\r\n"
      "class Net(nn.Module):\r\n"
      "\tdef __init__(self):\r\n"
      "\t\tsuper().__init__()\r\n"
      "\t\tself.fc = nn.Linear(784, 10)  # \xc2\xb5-batch \xf0\x9f\x98\x80\r\n"
      "\r\n"
      "\tdef forward(self, x):\r\n"
      "\t\treturn self.fc(x.view(x.size(0), -1))\r\n"
      "\r\n"
      "x = torch.randn(64, 1, 28, 28)\r\n"
      "print(Net()(x) @ torch.randn(64, 3))\r\n";
  CHECK(line_hashes(script) == Hashes{"2bc045ffac4ec22c:1", "70e8bf38786b1f1f:1", "d2726b5777660f24:1",
                                      "3ff955a28c6f7776:1", "46e93a784cfbb20a:1", "5156798d92ddb600:1",
                                      "46eeb02ef48d53af:1", "6b356be921a35308:1", "1cdfb89c7f2a7c63:1",
                                      "3435889862036854:1", "22255206c5a84bf:1", "d0d78634c37c3969:1",
                                      "37063f9a41d3b9c3:1", "6f68f497bee15cbb:1", "c129715d7a2bc9a3:1"});
}

TEST_CASE("line hashes treat a BOM, invalid UTF-8 and lone CR like Node does", "[fingerprint]") {
  const std::string odd =
      "\xef\xbb\xbfx = \"caf\xe9\"  # latin-1 byte\r\n"
      "y = \"\xe2\x82\"\rz = \"\xf0\x9f\x98\x80\xf4\x90\x80\x80\"\n"
      "\n"
      "   \t\n"
      "w = 1";
  CHECK(line_hashes(odd) == Hashes{"14fd4f75296fe119:1", "66a5ab656b7d1a23:1", "6c92a0b3e4e4d16e:1",
                                   "86794bd6a28d3ac0:1", "7767cfff7f48eb56:1", "49e0e9e766697104:1"});
}

TEST_CASE("a line hash survives inserting lines above and changes when the line changes", "[fingerprint]") {
  const std::string body = "y = model(x)\nloss = y.sum()\n";
  auto before = line_hashes(body);
  auto after = line_hashes("# a new comment\n\n" + body);
  CHECK(after[2] == before[0]);
  CHECK(line_hashes("y = model(x2)\nloss = y.sum()\n")[0] != before[0]);
}

TEST_CASE("finding fingerprints depend on rule and identity, not on lines", "[fingerprint]") {
  tenscan::Finding a;
  a.rule = tenscan::RuleId::MatmulInnerDim;
  a.identity = "shape/matmul-inner-dim|Net.forward|mat1 and mat2 shapes cannot be multiplied (#x#, #x#)";
  a.location = {"train.py", 12, 5, 12, 20};
  tenscan::Finding moved = a;
  moved.location = {"train.py", 40, 9, 40, 24};
  moved.message = "a different wording";
  tenscan::Finding other_rule = a;
  other_rule.rule = tenscan::RuleId::Broadcast;
  tenscan::Finding other_identity = a;
  other_identity.identity += "!";

  const auto fp = tenscan::report::finding_fingerprint(a);
  CHECK(fp.size() == 16);
  CHECK(fp.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(tenscan::report::finding_fingerprint(moved) == fp);
  CHECK(tenscan::report::finding_fingerprint(other_rule) != fp);
  CHECK(tenscan::report::finding_fingerprint(other_identity) != fp);
  // Pinned (independently computed FNV-1a): baselines persist it, so it must never change by accident.
  CHECK(fp == "d427e91933dbe650");
}
