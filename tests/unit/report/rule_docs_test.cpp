// docs/rules.md, the rule pages: every SARIF helpUri's anchor is a heading there, and each page
// says what the rule means, its example and its fix.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "tenscan/report/rule_docs.h"
#include "tenscan/report/sarif.h"

using namespace tenscan;

TEST_CASE("rule docs: every rule's helpUri resolves to a heading of docs/rules.md", "[rules][docs]") {
  std::ifstream in(std::string(TENSCAN_SOURCE_DIR) + "/docs/rules.md");
  REQUIRE(in);
  // GitHub's anchors of the file's headings (a repeated heading gets -1, -2, ...)
  std::set<std::string> anchors;
  std::map<std::string, int> repeats;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#", 0) != 0) continue;
    const std::string text = line.substr(line.find_first_not_of('#') + 1);
    std::string anchor = report::heading_anchor(text.substr(text.find_first_not_of(' ')));
    if (int n = repeats[anchor]++; n > 0) anchor += "-" + std::to_string(n);
    anchors.insert(anchor);
  }
  const std::string prefix = "https://github.com/tenscan/tenscan/blob/main/docs/rules.md#";
  for (const auto& r : all_rules()) {
    INFO(r.id);
    const std::string uri = report::rule_help_uri(r.id);
    REQUIRE(uri.rfind(prefix, 0) == 0);
    CHECK(anchors.count(uri.substr(prefix.size())) == 1);
  }
  CHECK(anchors.count("shapematmul-inner-dim") == 1);  // (GitHub's anchor of "## shape/matmul-inner-dim")
}

TEST_CASE("rule docs: a page has the rule's meaning, the example with what tenscan and the run say, and the fix", "[rules][docs]") {
  const RuleInfo& info = rule_info(RuleId::Broadcast);
  const std::string page = report::rule_page(info, "example.py:5:10: error: ... [shape/broadcast]\n");
  CHECK(page.rfind("## shape/broadcast\n\n**error** by default", 0) == 0);
  CHECK(page.find(std::string(info.full_description)) != std::string::npos);
  CHECK(page.find("```python\nimport torch\n\nscores = torch.randn(32, 10)") != std::string::npos);
  CHECK(page.find("```text\nexample.py:5:10: error: ... [shape/broadcast]\n```") != std::string::npos);
  CHECK(page.find("Run as it is: `RuntimeError: The size of tensor a (10) must match") != std::string::npos);
  CHECK(page.find("### Fix\n\n" + std::string(info.help_markdown)) != std::string::npos);
  CHECK(page.find("scaled = scores / temperature.unsqueeze(1)\n```\n") != std::string::npos);
  // the whole document: an index row per rule linking to its page
  const std::string doc = report::rules_document([](const RuleInfo&) { return std::string(); });
  CHECK(doc.find("| [`shape/broadcast`](#shapebroadcast) | error | " + std::string(info.short_description) + " |") !=
        std::string::npos);
}
