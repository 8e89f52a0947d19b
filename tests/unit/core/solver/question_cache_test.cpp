// The solver's answer caches compare the question itself: a hash collision never hands one
// question another's answer (issue 16).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../analysis_harness.h"
#include "solver/question_cache.h"
#include "symbolic/expr.h"

using tenscan::solver::AnswerCache;
using tenscan_test::analyze_program;
using tenscan_test::Run;

namespace {

/// Makes every question's hash 0 for its lifetime: every question collides with every other.
struct AllQuestionsCollide {
  AllQuestionsCollide() {
    tenscan::solver::set_question_hash_for_testing([](std::size_t) -> std::size_t { return 0; });
  }
  ~AllQuestionsCollide() { tenscan::solver::set_question_hash_for_testing(nullptr); }
  AllQuestionsCollide(const AllQuestionsCollide&) = delete;
  AllQuestionsCollide& operator=(const AllQuestionsCollide&) = delete;
};

std::string encoded(const tenscan::sym::Cond& c) {
  std::string out;
  c.encode(out, [](tenscan::sym::SymId id) -> std::uint64_t { return id; });
  return out;
}

}  // namespace

TEST_CASE("solver/questions whose hashes collide keep their own answers", "[solver][cache]") {
  AllQuestionsCollide collide;
  AnswerCache<std::string, int> cache;
  cache.remember("n0 == 64", 1);
  cache.remember("n0 <= 64", 2);
  REQUIRE(cache.find("n0 == 64") != nullptr);
  REQUIRE(cache.find("n0 <= 64") != nullptr);
  CHECK(*cache.find("n0 == 64") == 1);
  CHECK(*cache.find("n0 <= 64") == 2);
  CHECK(cache.find("n0 != 64") == nullptr);
  // a question answered again keeps its first answer
  cache.remember("n0 == 64", 3);
  CHECK(*cache.find("n0 == 64") == 1);
  CHECK(cache.size() == 2);
}

TEST_CASE("solver/a requirement's question is an exact serialisation", "[solver][cache]") {
  using tenscan::sym::Cond;
  using tenscan::sym::Expr;
  Expr a = Expr::symbol(1), b = Expr::symbol(2);
  // the printed form is for people and need not be injective; the serialisation is, by structure
  std::vector<Cond> conds = {
      Cond::eq(a, Expr::constant(64)),         Cond::le(a, Expr::constant(64)),
      Cond::eq(a * b, Expr::constant(6)),      Cond::eq(a + b, Expr::constant(6)),
      Cond::eq(Expr::floordiv(a, Expr::constant(2)), b),
      Cond::eq(Expr::mod(a, Expr::constant(2)), b),
      Cond::eq(a, Expr::constant(64)) && Cond::le(b, Expr::constant(3)),
      Cond::eq(a, Expr::constant(64)) || Cond::le(b, Expr::constant(3)),
      Cond::boolean_symbol(1),                 !Cond::boolean_symbol(1),
      Cond::truth(true),                       Cond::truth(false),
  };
  for (std::size_t i = 0; i < conds.size(); ++i)
    for (std::size_t j = 0; j < conds.size(); ++j) {
      INFO(i << " vs " << j);
      CHECK((encoded(conds[i]) == encoded(conds[j])) == (i == j));
    }
  // equal structure, equal serialisation (a rebuilt condition is another node)
  CHECK(encoded(Cond::eq(a + b, Expr::constant(6))) == encoded(conds[3]));
  // self-delimiting: a concatenation of two splits in one way only
  CHECK(encoded(conds[0]) + encoded(conds[1]) != encoded(conds[1]) + encoded(conds[0]));
}

TEST_CASE("solver/an analysis in which every question collides gives every question its own verdict",
          "[solver][cache]") {
  // Line 7 holds for every n (its answer is kept); line 8 fails unless n is 1 or 64: with a
  // hash-keyed cache and colliding hashes it would get line 7's "holds" and go unreported. The
  // two paths of the branch are different questions too: one of them is invalid.
  const std::string program =
      "import argparse, random\n"
      "import torch\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--n', type=int, default=64)\n"
      "n = p.parse_args().n\n"
      "x = torch.randn(n, 10)\n"
      "y = x.view(n * 10)\n"
      "z = x + torch.randn(64, 10)\n"
      "if random.random() < 0.5:\n"
      "    w = torch.randn(n, 3) @ torch.randn(3, 4)\n"
      "else:\n"
      "    w = torch.randn(n, 3) @ torch.randn(5, 4)\n";
  tenscan::AnalysisOptions symbolic;
  symbolic.symbolic_args = true;
  Run plain = analyze_program(program, {}, symbolic);
  REQUIRE(plain.findings() == std::vector<std::string>{"shape/broadcast@8", "shape/matmul-inner-dim@12"});
  Run colliding = [&] {
    AllQuestionsCollide collide;
    return analyze_program(program, {}, symbolic);
  }();
  CHECK(colliding.findings() == plain.findings());
  for (std::size_t i = 0; i < plain.result.findings.size() && i < colliding.result.findings.size(); ++i) {
    CHECK(colliding.result.findings[i].level == plain.result.findings[i].level);
    CHECK(colliding.result.findings[i].message == plain.result.findings[i].message);
  }
  const auto& s = colliding.result.stats;
  CHECK(s.paths_valid == plain.result.stats.paths_valid);
  CHECK(s.paths_invalid == plain.result.stats.paths_invalid);
  CHECK(s.paths_dontknow == plain.result.stats.paths_dontknow);
  CHECK(s.assumptions == plain.result.stats.assumptions);
  CHECK(s.solver_calls == plain.result.stats.solver_calls);
}
