// Unknown stays unknown: every function of tenscan's library models, called with arguments
// tenscan does not know (a configuration it could not read), never reports an error by
// itself. The calls are generated from the stubs compiled into the binary, so a model added
// later is covered too; an error here is an unknown that a model turned into a certainty.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

#include "../analysis_harness.h"
#include "models/stubs.h"

using tenscan::Level;

namespace {

std::string stub_text(const std::string& path) {
  for (const auto& s : tenscan::models::embedded_stubs())
    if (s.path == path) return std::string(s.text);
  FAIL("no stub " << path);
  return {};
}

// The public functions of a module stub (`def name(` at column 0), or the public methods of
// one of its classes, in order.
std::vector<std::string> public_functions(const std::string& text, const std::string& cls = {}) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  bool inside = cls.empty();
  const std::regex def(cls.empty() ? R"(^def ([a-z][a-z0-9_]*)\()" : R"(^    def ([a-z][a-z0-9_]*)\()");
  while (std::getline(lines, line)) {
    if (!cls.empty()) {
      if (line.rfind("class " + cls + "(", 0) == 0 || line.rfind("class " + cls + ":", 0) == 0) inside = true;
      else if (inside && !line.empty() && line[0] != ' ' && line[0] != '#') break;
    }
    std::smatch m;
    if (inside && std::regex_search(line, m, def)) out.push_back(m[1]);
  }
  return out;
}

std::vector<std::string> public_classes(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  const std::regex cls(R"(^class ([A-Z][A-Za-z0-9]*)\()");
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, cls)) out.push_back(m[1]);
  }
  return out;
}

// A program calling each of `calls` on unknown values, each call on its own (a TypeError of a
// wrong arity is caught: only the models' requirements are of interest).
std::string program(const std::vector<std::string>& calls) {
  std::string p =
      "import json\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
      "u = json.loads(open('settings.json').read())\n"
      "v = json.loads(open('other.json').read())\n";
  for (const auto& c : calls) p += "try:\n    " + c + "\nexcept Exception:\n    pass\n";
  return p;
}

// Calls that are wrong whatever their arguments' values: the shape of the call, not an
// unknown, makes them fail (clamp with neither bound, where with two arguments).
bool wrong_whatever_the_values(const std::string& message) {
  return message.find("At least one of 'min' or 'max' must not be None") != std::string::npos ||
         message.find("where() received an invalid combination of arguments") != std::string::npos;
}

void no_errors(const std::vector<std::string>& calls) {
  auto run = tenscan_test::analyze_program(program(calls));
  for (const auto& f : run.result.findings) {
    INFO(f.location.line << ": " << f.message);
    CHECK((f.level != Level::Error || wrong_whatever_the_values(f.message)));
  }
}

}  // namespace

TEST_CASE("unknown arguments: torch.nn.functional", "[models][unknown]") {
  std::vector<std::string> calls;
  for (const auto& f : public_functions(stub_text("torch/nn/functional.py")))
    for (const char* args : {"u", "u, v", "u, v, u"}) calls.push_back("F." + f + "(" + args + ")");
  REQUIRE(calls.size() > 150);
  no_errors(calls);
}

TEST_CASE("unknown arguments: torch", "[models][unknown]") {
  std::vector<std::string> calls;
  for (const auto& f : public_functions(stub_text("torch/__init__.py")))
    for (const char* args : {"u", "u, v", "u, v, u"}) calls.push_back("torch." + f + "(" + args + ")");
  REQUIRE(calls.size() > 200);
  no_errors(calls);
}

TEST_CASE("unknown arguments: Tensor methods of an unknown tensor", "[models][unknown]") {
  // (a tensor of unknown rank and dims, as torch.load of a file tenscan cannot see gives)
  std::vector<std::string> calls;
  for (const auto& m : public_functions(stub_text("torch/__init__.py"), "Tensor"))
    for (const char* args : {"", "u", "u, v"}) calls.push_back("torch.load('w.pt')." + m + "(" + args + ")");
  REQUIRE(calls.size() > 150);
  no_errors(calls);
}

TEST_CASE("unknown arguments: torch.nn modules", "[models][unknown]") {
  std::vector<std::string> calls;
  for (const auto& c : public_classes(stub_text("torch/nn/__init__.py")))
    for (const char* args : {"u", "u, v", "u, v, u"}) calls.push_back("nn." + c + "(" + args + ")(torch.load('x.pt'))");
  REQUIRE(calls.size() > 100);
  no_errors(calls);
}
