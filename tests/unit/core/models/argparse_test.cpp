// The argparse stub (models/stubs/argparse.py) against CPython's argparse: option values that
// look like negative numbers, short options named by a letter that could be read as part of a
// number (-e), values attached to short options (-e3) and clusters of short flags (-vvq).
// Expected values are what CPython 3.11 prints for the same parser and command line, except
// -1e-3, which CPython accepts as a negative number from 3.13 on.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../analysis_harness.h"

using tenscan::Notification;
using tenscan_test::analyze_program;

namespace {

const char* const kParser = R"py(
import argparse
p = argparse.ArgumentParser()
p.add_argument("-e", "--epochs", type=int, default=1)
p.add_argument("-v", "--verbose", action="count", default=0)
p.add_argument("-q", action="store_true")
p.add_argument("--lr", type=float, default=0.1)
p.add_argument("--shift", type=int, default=0)
p.add_argument("--scale", type=float, nargs=2, default=[1.0, 1.0])
a = p.parse_args()
tenscan_reveal((a.epochs, a.verbose, a.q, a.lr, a.shift, a.scale))
)py";

/// The revealed namespace, or "exit" when the parser rejected the command line.
std::string parsed(const std::vector<std::string>& argv) {
  auto r = analyze_program(kParser, argv);
  CHECK(r.findings().empty());
  if (!r.notes(Notification::Kind::ScriptExit).empty()) return "exit";
  return r.reveal_at(11);
}

}  // namespace

TEST_CASE("argparse: -e is an option, not a number", "[models][argparse]") {
  CHECK(parsed({}) == "(1, 0, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-e", "3"}) == "(3, 0, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"--epochs", "-e"}) == "exit");  // -e is an option, so --epochs has no value
  CHECK(parsed({"-e"}) == "exit");
}

TEST_CASE("argparse: a value attached to a short option, and clusters of short flags", "[models][argparse]") {
  CHECK(parsed({"-e3"}) == "(3, 0, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-e=4"}) == "(4, 0, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-vv"}) == "(1, 2, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-vvq"}) == "(1, 2, True, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-qv"}) == "(1, 1, True, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-vqe5"}) == "(5, 1, True, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-v", "-v", "-v"}) == "(1, 3, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"--verb"}) == "(1, 1, False, 0.1, 0, [1.0, 1.0])");
  CHECK(parsed({"-vx"}) == "exit");  // x is no flag: "ignored explicit argument 'x'"
  CHECK(parsed({"-q3"}) == "exit");
  CHECK(parsed({"-x"}) == "exit");
}

TEST_CASE("argparse: negative numbers are values", "[models][argparse]") {
  CHECK(parsed({"--lr", "-0.5"}) == "(1, 0, False, -0.5, 0, [1.0, 1.0])");
  CHECK(parsed({"--lr", "-.5"}) == "(1, 0, False, -0.5, 0, [1.0, 1.0])");
  CHECK(parsed({"--lr", "-1e-3"}) == "(1, 0, False, -0.001, 0, [1.0, 1.0])");
  CHECK(parsed({"--lr=-1e-3"}) == "(1, 0, False, -0.001, 0, [1.0, 1.0])");
  CHECK(parsed({"--shift", "-2"}) == "(1, 0, False, 0.1, -2, [1.0, 1.0])");
  CHECK(parsed({"--scale", "-1", "2.5"}) == "(1, 0, False, 0.1, 0, [-1.0, 2.5])");
}
