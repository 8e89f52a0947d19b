// Unit tests of symbolic integers and conditions: canonical form, folding, Python floordiv/mod,
// printing, evaluation and condition normalisation.
#include "symbolic/expr.h"

#include <catch2/catch.hpp>
#include <limits>
#include <map>
#include <string>
#include <unordered_set>

using tenscan::sym::Cond;
using tenscan::sym::Expr;
using tenscan::sym::SymId;

namespace {

constexpr SymId kB = 0, kH = 1, kW = 2, kN = 3, kCoin = 4;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

std::string name_of(SymId id) {
  static const char* const names[] = {"B", "H", "W", "N", "coin"};
  return id < 5 ? names[id] : "s" + std::to_string(id);
}

std::string str(const Expr& e) {
  return e.str(name_of);
}
std::string str(const Cond& c) {
  return c.str(name_of);
}

Expr k(std::int64_t v) {
  return Expr::constant(v);
}

const Expr B = Expr::symbol(kB);
const Expr H = Expr::symbol(kH);
const Expr W = Expr::symbol(kW);
const Expr N = Expr::symbol(kN);

/// A valuation from a map.
auto env(std::map<SymId, std::int64_t> m) {
  return [m](SymId s) -> std::optional<std::int64_t> {
    auto it = m.find(s);
    if (it == m.end()) return std::nullopt;
    return it->second;
  };
}

}  // namespace

TEST_CASE("constants and symbols", "[symbolic][expr]") {
  CHECK(Expr().as_const() == 0);
  CHECK(k(7).as_const() == 7);
  CHECK(k(1000000).as_const() == 1000000);
  CHECK(k(7).is_const());
  CHECK_FALSE(B.is_const());
  CHECK(B.as_symbol() == kB);
  CHECK_FALSE((B + k(1)).as_symbol().has_value());
  CHECK_FALSE((k(2) * B).as_symbol().has_value());
  CHECK(Expr::symbol(kB) == B);
  CHECK(B != H);
  CHECK((k(3) + k(4)).as_const() == 7);
  CHECK((k(3) * k(-4)).as_const() == -12);
  CHECK((-k(5)).as_const() == -5);
}

TEST_CASE("polynomials are canonical regardless of construction order", "[symbolic][expr]") {
  CHECK(B * k(2) - B == B);
  CHECK((B + k(1)) * (B - k(1)) == B * B - k(1));
  CHECK(B + H == H + B);
  CHECK(B * H == H * B);
  CHECK((B + H) * W == W * H + B * W);
  CHECK(B - B == Expr());
  CHECK((B - B).as_const() == 0);
  CHECK((B + H) - H == B);
  CHECK(k(2) * (B + k(3)) == k(2) * B + k(6));
  CHECK((B * H) * W == B * (H * W));
  CHECK((B + k(1)) * (B + k(1)) == B * B + k(2) * B + k(1));
  CHECK(B * B != B);
  CHECK(k(0) * B == Expr());
  CHECK(B + k(1) != B + k(2));
  CHECK((B + k(1)).hash() == (k(1) + B).hash());
  CHECK(std::hash<Expr>{}(B * H) == std::hash<Expr>{}(H * B));
  std::unordered_set<Expr> set{B + H, H + B, B * k(2) - B, B};
  CHECK(set.size() == 2);
}

TEST_CASE("total order is consistent with equality", "[symbolic][expr]") {
  CHECK((B <=> B) == std::strong_ordering::equal);
  CHECK((B + H <=> H + B) == std::strong_ordering::equal);
  auto ab = B <=> H;
  auto ba = H <=> B;
  CHECK(ab != std::strong_ordering::equal);
  CHECK((ab < 0) == (ba > 0));
  CHECK(((B + k(1)) <=> (B + k(2))) != std::strong_ordering::equal);
}

TEST_CASE("str renders Python-like expressions", "[symbolic][expr]") {
  CHECK(str(k(0)) == "0");
  CHECK(str(k(-3)) == "-3");
  CHECK(str(B) == "B");
  CHECK(str(k(2) * B + k(3)) == "2*B + 3");
  CHECK(str(B * H - k(1)) == "B*H - 1");
  CHECK(str(k(3) - k(2) * B) == "-2*B + 3");
  CHECK(str(H - k(2) * B) == "-2*B + H");
  CHECK(str(-B) == "-B");
  CHECK(str(B - H) == "B - H");
  CHECK(str(B * B) == "B**2");
  CHECK(str(k(3) * B * B * H) == "3*B**2*H");
  CHECK(str(Expr::floordiv(N, k(16))) == "N // 16");
  CHECK(str(Expr::mod(N, k(16))) == "N % 16");
  CHECK(str(Expr::min(H, k(3))) == "min(H, 3)");
  CHECK(str(Expr::min(k(3), H)) == "min(H, 3)");
  CHECK(str(Expr::max(B, H)) == "max(B, H)");
  CHECK(str(Expr::floordiv(B + k(1), k(2))) == "(B + 1) // 2");
  CHECK(str(Expr::floordiv(N, B * H)) == "N // (B*H)");
  CHECK(str(Expr::floordiv(N, k(16)) + k(1)) == "N // 16 + 1");
  CHECK(str(k(2) * Expr::floordiv(N, k(16))) == "2*(N // 16)");
  CHECK(str(-Expr::floordiv(N, k(16))) == "-(N // 16)");
  CHECK(str(H - Expr::floordiv(N, k(16))) == "H - N // 16");
  CHECK(str(Expr::floordiv(N, k(3)) * Expr::floordiv(N, k(3))) == "(N // 3)**2");
  CHECK(str(Expr::floordiv(H - k(1), k(2)) + k(1)) == "(H - 1) // 2 + 1");
  CHECK(str(Expr::min(B + k(1), H)) == "min(H, B + 1)");
  CHECK(str(k(kMin)) == std::to_string(kMin));
}

TEST_CASE("constant floordiv and mod follow Python semantics", "[symbolic][expr]") {
  auto fd = [](std::int64_t a, std::int64_t b) { return Expr::floordiv(k(a), k(b)).as_const(); };
  auto md = [](std::int64_t a, std::int64_t b) { return Expr::mod(k(a), k(b)).as_const(); };
  CHECK(fd(7, 2) == 3);
  CHECK(fd(-7, 2) == -4);
  CHECK(fd(7, -2) == -4);
  CHECK(fd(-7, -2) == 3);
  CHECK(fd(6, 3) == 2);
  CHECK(fd(-6, 3) == -2);
  CHECK(fd(0, 5) == 0);
  CHECK(md(7, 2) == 1);
  CHECK(md(-7, 2) == 1);
  CHECK(md(7, -2) == -1);
  CHECK(md(-7, -2) == -1);
  CHECK(md(-6, 3) == 0);
  CHECK(md(kMin, -1) == 0);
  CHECK(fd(kMin, 1) == kMin);
  CHECK(fd(kMax, -1) == -kMax);
  // kMin // -1 overflows: an opaque atom, not UB.
  Expr over = Expr::floordiv(k(kMin), k(-1));
  CHECK_FALSE(over.is_const());
  CHECK(over.is_atom());
  CHECK(over.atom_kind() == Expr::AtomKind::Opaque);
}

TEST_CASE("symbolic floordiv and mod simplify by positive constants", "[symbolic][expr]") {
  CHECK(Expr::floordiv(B, k(1)) == B);
  CHECK(Expr::mod(B, k(1)) == Expr());
  CHECK(Expr::mod(B, k(-1)) == Expr());
  CHECK(Expr::floordiv(B, k(-1)) == -B);
  CHECK(Expr::floordiv(k(4) * B + k(6), k(2)) == k(2) * B + k(3));
  CHECK(Expr::floordiv(k(4) * B + k(7), k(4)) == B + k(1));
  CHECK(Expr::floordiv(k(4) * B - k(1), k(4)) == B - k(1));  // floor(-1/4) == -1
  CHECK(Expr::mod(k(4) * B + k(7), k(4)) == k(3));
  CHECK(Expr::mod(k(4) * B - k(1), k(4)) == k(3));  // Python: -1 % 4 == 3
  CHECK(Expr::floordiv(k(6) * B * H, k(3)) == k(2) * B * H);
  CHECK(Expr::mod(k(6) * B * H + k(5), k(3)) == k(2));
  // Not divisible: stays an atom.
  Expr q = Expr::floordiv(B + k(1), k(2));
  REQUIRE(q.is_atom());
  CHECK(q.atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(q.atom_operands().first == B + k(1));
  CHECK(q.atom_operands().second == k(2));
  // Mod reduces coefficients modulo the divisor.
  CHECK(Expr::mod(B + k(2), k(2)) == Expr::mod(B, k(2)));
  CHECK(Expr::mod(k(5) * B + H, k(4)) == Expr::mod(B + H, k(4)));
  // Mod of mod.
  CHECK(Expr::mod(Expr::mod(B, k(4)), k(4)) == Expr::mod(B, k(4)));
  CHECK(Expr::mod(Expr::mod(B, k(8)), k(4)) == Expr::mod(B, k(4)));
  CHECK(Expr::mod(Expr::mod(B, k(3)), k(4)) == Expr::mod(B, k(3)));
  // Nested floordiv by positive constants.
  CHECK(Expr::floordiv(Expr::floordiv(N, k(4)), k(4)) == Expr::floordiv(N, k(16)));
  CHECK(Expr::floordiv(Expr::mod(N, k(4)), k(4)) == Expr());
  // Symbolic divisors stay atoms.
  CHECK(Expr::floordiv(N, B).atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(Expr::mod(N, B).atom_kind() == Expr::AtomKind::Mod);
  CHECK(Expr::floordiv(N, B) == Expr::floordiv(N, B));
  CHECK(Expr::floordiv(N, B) != Expr::floordiv(B, N));
}

TEST_CASE("floordiv and mod by a monomial that divides every term are exact", "[symbolic][expr]") {
  // reshape(-1, V) of a [B, T, V] tensor: numel // V and numel % V without a division atom
  CHECK(Expr::floordiv(k(32) * B * N * H, H) == k(32) * B * N);
  CHECK(Expr::mod(k(32) * B * N * H, H) == Expr());
  CHECK(Expr::floordiv(k(6) * B * H + k(4) * H * H, k(2) * H) == k(3) * B + k(2) * H);
  CHECK(Expr::floordiv(B * H, -H) == -B);
  CHECK(Expr::floordiv(B * B * H, B * H) == B);
  CHECK(Expr::floordiv(k(0), B) == Expr());
  CHECK(Expr::floordiv(B * H + H, H) == B + k(1));  // (a constant quotient term is the constant)
  CHECK(Expr::floordiv(B * H + H, H).eval(env({{kB, 2}, {kH, 3}})) == 3);
  // the terms it divides come out: (x + k*b) // b == x // b + k, (x + k*b) % b == x % b
  CHECK(Expr::floordiv(B * H + k(1), H) == B + Expr::floordiv(k(1), H));
  CHECK(Expr::floordiv(N - H, H) + k(1) == Expr::floordiv(N, H));  // a patch embedding's (H - p) // p + 1
  CHECK(Expr::floordiv(N + k(2) * H, -H) == Expr::floordiv(N, -H) - k(2));
  CHECK(Expr::mod(B * H + N, H) == Expr::mod(N, H));
  // not a multiple in any term (or of the coefficient), or a divisor that is not a monomial
  CHECK(Expr::floordiv(N + k(1), H).atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(Expr::mod(N + B, H).atom_kind() == Expr::AtomKind::Mod);
  CHECK(Expr::mod(k(3) * B * H, k(2) * H).atom_kind() == Expr::AtomKind::Mod);
  CHECK(Expr::floordiv(B * H, H + k(1)).atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(Expr::floordiv(B * H, B * N).atom_kind() == Expr::AtomKind::FloorDiv);
  // the simplified forms agree with Python on every nonzero divisor
  for (std::int64_t b : {-4, -1, 0, 3, 7}) {
    for (std::int64_t h : {-3, -1, 2, 5}) {
      auto at = env({{kB, b}, {kH, h}});
      CHECK(Expr::floordiv(k(6) * B * H, k(2) * H).eval(at) == Expr::floordiv(k(6 * b * h), k(2 * h)).as_const());
      CHECK(Expr::mod(k(6) * B * H, k(2) * H).eval(at) == Expr::mod(k(6 * b * h), k(2 * h)).as_const());
      // (and with a rest the divisor does not divide)
      for (std::int64_t c : {-5, -1, 0, 4}) {
        Expr e = k(3) * B * H + B + k(c);
        std::int64_t v = 3 * b * h + b + c;
        CHECK(Expr::floordiv(e, H).eval(at) == Expr::floordiv(k(v), k(h)).as_const());
        CHECK(Expr::mod(e, H).eval(at) == Expr::mod(k(v), k(h)).as_const());
        CHECK(Expr::floordiv(e, -H).eval(at) == Expr::floordiv(k(v), k(-h)).as_const());
      }
    }
  }
}

TEST_CASE("floordiv and mod by a polynomial that divides exactly", "[symbolic][expr]") {
  // the element count of [B, 2*N, h + 1, w + 1], expanded, by B*(h + 1)*(w + 1), expanded
  Expr h = Expr::floordiv(H - k(1), k(2)), w = Expr::floordiv(W - k(1), k(2));
  Expr spatial = B * (h + k(1)) * (w + k(1));
  Expr numel = k(2) * N * spatial;
  CHECK(Expr::floordiv(numel, spatial) == k(2) * N);
  CHECK(Expr::mod(numel, spatial) == Expr());
  CHECK(Expr::floordiv((N + k(1)) * (N + k(2)), N + k(2)) == N + k(1));
  CHECK(Expr::floordiv(N * N - k(1), N + k(1)) == N - k(1));
  // not a multiple: an atom, as before
  CHECK(Expr::floordiv(numel + k(1), spatial).atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(Expr::mod(N * N, N + k(1)).atom_kind() == Expr::AtomKind::Mod);
  CHECK(Expr::floordiv(k(3) * N + k(1), k(2) * N + k(2)).atom_kind() == Expr::AtomKind::FloorDiv);
  CHECK(Expr::floordiv(k(kMin) * N * H, -(N * H) + k(1)).atom_kind() == Expr::AtomKind::FloorDiv);  // (no overflow)
  for (std::int64_t n : {-3, 1, 4})
    for (std::int64_t hh : {1, 2, 7}) {
      auto at = env({{kB, 2}, {kN, n}, {kH, hh}, {kW, 5}});
      INFO("N=" << n << " H=" << hh);
      CHECK(Expr::floordiv(numel, spatial).eval(at) == Expr::floordiv(k(*numel.eval(at)), k(*spatial.eval(at))).as_const());
    }
}

TEST_CASE("a remainder by a multiple of the divisor is its operand modulo the divisor", "[symbolic][expr]") {
  // (y % d1) is y plus a multiple of d1, so of d when d divides d1, in any product
  CHECK(Expr::mod(k(3) * Expr::mod(H, k(7)) + k(1), k(7)) == Expr::mod(k(3) * H + k(1), k(7)));
  CHECK(Expr::mod(B * Expr::mod(H, k(14)), k(7)) == Expr::mod(B * H, k(7)));
  CHECK(Expr::mod(Expr::mod(H, k(3)) + B, k(7)).atom_operands().first == Expr::mod(H, k(3)) + B);  // 3: not a multiple
  // the padding to a multiple of 7 of a window partition: (7 - H % 7) % 7, then H + it
  Expr pad = Expr::mod(k(7) - Expr::mod(H, k(7)), k(7));
  CHECK(pad == Expr::mod(k(6) * H, k(7)));
  CHECK(Expr::mod(H + pad, k(7)) == Expr());
  for (std::int64_t h = -15; h <= 15; ++h) {
    INFO("H=" << h);
    CHECK(pad.eval(env({{kH, h}})) == ((7 - (h % 7 + 7) % 7) % 7));
    CHECK((H + pad).eval(env({{kH, h}})).value() % 7 == 0);
  }
}

TEST_CASE("comparisons whose remainders cancel as quotients are decided", "[symbolic][cond]") {
  // the padded size, split into windows and put back: [B, P // 7, 7, ...] holds B*P*C elements
  Expr padded = H + Expr::mod(k(7) - Expr::mod(H, k(7)), k(7));
  Expr windows = Expr::floordiv(padded, k(7)) * k(7);
  CHECK(Cond::eq(windows, padded).kind() == Cond::Kind::True);
  CHECK(Cond::eq(B * windows * W, B * padded * W).kind() == Cond::Kind::True);
  CHECK(Cond::ne(windows, padded).kind() == Cond::Kind::False);
  CHECK(Cond::le(windows, padded).kind() == Cond::Kind::True);
  // not equal for every H: left to the solver
  Expr unpadded = Expr::floordiv(H, k(7)) * k(7);
  CHECK(Cond::eq(unpadded, H).kind() == Cond::Kind::Eq);
  CHECK(Cond::eq(Expr::mod(H, k(7)), k(0)).kind() == Cond::Kind::Eq);
}

TEST_CASE("symbolic floordiv and mod agree with Python on concrete values", "[symbolic][expr]") {
  // (a*B + c) // d and % d, evaluated at B = b, against the constant fold of the same numbers.
  for (std::int64_t a : {-6, -4, -3, 2, 4, 6}) {
    for (std::int64_t c : {-9, -7, -1, 0, 1, 7}) {
      for (std::int64_t d : {-3, -2, 2, 3, 4}) {
        for (std::int64_t b : {-5, -1, 0, 3, 8}) {
          Expr e = k(a) * B + k(c);
          std::int64_t v = a * b + c;
          INFO("a=" << a << " c=" << c << " d=" << d << " b=" << b);
          CHECK(Expr::floordiv(e, k(d)).eval(env({{kB, b}})) == Expr::floordiv(k(v), k(d)).as_const());
          CHECK(Expr::mod(e, k(d)).eval(env({{kB, b}})) == Expr::mod(k(v), k(d)).as_const());
        }
      }
    }
  }
}

TEST_CASE("division by constant zero yields a fresh opaque atom", "[symbolic][expr]") {
  Expr z1 = Expr::floordiv(B, k(0));
  Expr z2 = Expr::floordiv(B, k(0));
  REQUIRE(z1.is_atom());
  CHECK(z1.atom_kind() == Expr::AtomKind::Opaque);
  CHECK(z1 != z2);
  CHECK(z1 == z1);
  CHECK(z1 - z1 == Expr());
  CHECK(Expr::mod(k(3), k(0)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK_FALSE(z1.eval(env({{kB, 4}})).has_value());
  CHECK(str(z1) == "B // 0");
}

TEST_CASE("int64 overflow yields an opaque atom", "[symbolic][expr]") {
  Expr sum = k(kMax) + k(1);
  CHECK_FALSE(sum.is_const());
  CHECK(sum.atom_kind() == Expr::AtomKind::Opaque);
  CHECK((k(kMin) - k(1)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((k(kMax) * k(2)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((-k(kMin)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((k(kMax) * B * k(2)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((k(kMax) * B + k(kMax) * B).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((B - k(kMin)).atom_kind() == Expr::AtomKind::Opaque);
  CHECK((B + k(kMax) - k(1)).eval(env({{kB, 1}})) == kMax);
  CHECK_FALSE((k(kMax) * B).eval(env({{kB, 2}})).has_value());
}

TEST_CASE("min and max fold when decidable", "[symbolic][expr]") {
  CHECK(Expr::min(k(3), k(5)).as_const() == 3);
  CHECK(Expr::max(k(3), k(5)).as_const() == 5);
  CHECK(Expr::min(B, B) == B);
  CHECK(Expr::max(B + H, H + B) == B + H);
  CHECK(Expr::min(B, B + k(1)) == B);
  CHECK(Expr::max(B, B + k(1)) == B + k(1));
  CHECK(Expr::min(B, H) == Expr::min(H, B));
  CHECK(Expr::max(B, k(1)) == Expr::max(k(1), B));
  Expr m = Expr::min(B, H);
  REQUIRE(m.is_atom());
  CHECK(m.atom_kind() == Expr::AtomKind::Min);
  CHECK(Expr::max(B, H).atom_kind() == Expr::AtomKind::Max);
  CHECK(Expr::min(B, H) != Expr::max(B, H));
}

TEST_CASE("eval evaluates under a full assignment", "[symbolic][expr]") {
  auto v = env({{kB, 4}, {kH, -3}, {kN, 100}});
  CHECK((k(2) * B + k(3)).eval(v) == 11);
  CHECK((B * H - k(1)).eval(v) == -13);
  CHECK(Expr::floordiv(N, k(16)).eval(v) == 6);
  CHECK(Expr::mod(N, k(16)).eval(v) == 4);
  CHECK(Expr::floordiv(H, B).eval(v) == -1);
  CHECK(Expr::mod(H, B).eval(v) == 1);
  CHECK(Expr::floordiv(N, H).eval(v) == -34);
  CHECK(Expr::mod(N, H).eval(v) == -2);
  CHECK(Expr::min(B, H).eval(v) == -3);
  CHECK(Expr::max(B, H).eval(v) == 4);
  CHECK((B * B * B).eval(v) == 64);
  CHECK_FALSE((B + W).eval(v).has_value());
  CHECK_FALSE(Expr::floordiv(N, B - k(4)).eval(v).has_value());
  CHECK_FALSE(Expr::mod(N, B - k(4)).eval(v).has_value());
  CHECK(k(9).eval(v) == 9);
}

TEST_CASE("symbols, terms and atom structure", "[symbolic][expr]") {
  CHECK((B * H + N).symbols() == std::vector<SymId>{kB, kH, kN});
  CHECK((Expr::floordiv(N, W) + B * B).symbols() == std::vector<SymId>{kB, kW, kN});
  CHECK(k(3).symbols().empty());

  CHECK(k(0).terms().empty());
  auto tc = k(5).terms();
  REQUIRE(tc.size() == 1);
  CHECK(tc[0].coef == 5);
  CHECK(tc[0].factors.empty());

  auto ta = B.terms();
  REQUIRE(ta.size() == 1);
  CHECK(ta[0].coef == 1);
  REQUIRE(ta[0].factors.size() == 1);
  CHECK(ta[0].factors[0] == B);

  auto tp = (k(2) * B * H - k(3) * N + k(7)).terms();
  REQUIRE(tp.size() == 3);
  std::int64_t constant = 0;
  int nonconst = 0;
  for (const auto& t : tp) {
    if (t.factors.empty()) {
      constant = t.coef;
      continue;
    }
    ++nonconst;
    for (const auto& f : t.factors) CHECK(f.is_atom());
    if (t.factors.size() == 2) {
      CHECK(t.coef == 2);
      CHECK(t.factors[0] * t.factors[1] == B * H);
    } else {
      CHECK(t.coef == -3);
      CHECK(t.factors[0] == N);
    }
  }
  CHECK(constant == 7);
  CHECK(nonconst == 2);

  CHECK(B.is_atom());
  CHECK(B.atom_kind() == Expr::AtomKind::Symbol);
  CHECK(B.atom_symbol() == kB);
  CHECK_FALSE((B + k(1)).is_atom());
  CHECK_FALSE((k(2) * B).is_atom());
  CHECK_FALSE((B * H).is_atom());
  CHECK_FALSE(k(1).is_atom());
  auto [lhs, rhs] = Expr::max(B, k(1)).atom_operands();
  CHECK(Expr::max(lhs, rhs) == Expr::max(B, k(1)));
}

TEST_CASE("comparisons normalise to p op 0", "[symbolic][cond]") {
  Cond c = Cond::eq(B, k(64));
  CHECK(c.kind() == Cond::Kind::Eq);
  CHECK(c.poly() == B - k(64));
  CHECK(Cond::eq(B, k(64)) == Cond::eq(k(64), B));  // canonical up to sign
  CHECK(Cond::ne(B, H) == Cond::ne(H, B));
  CHECK(Cond::lt(B, H) == Cond::le(B + k(1), H));
  CHECK(Cond::lt(B, H).poly() == B - H + k(1));
  CHECK(Cond::gt(B, H) == Cond::lt(H, B));
  CHECK(Cond::ge(B, k(1)) == Cond::le(k(1), B));
  CHECK(Cond::ge(B, k(1)).poly() == k(1) - B);
  CHECK(Cond::le(B, H).kind() == Cond::Kind::Le);
  CHECK(Cond::eq(B + H, k(2) * H) == Cond::eq(B, H));
}

TEST_CASE("constant comparisons fold", "[symbolic][cond]") {
  CHECK(Cond::eq(k(3), k(3)).is_true());
  CHECK(Cond::eq(k(3), k(4)).is_false());
  CHECK(Cond::ne(k(3), k(4)).is_true());
  CHECK(Cond::lt(k(3), k(4)).is_true());
  CHECK(Cond::lt(k(4), k(4)).is_false());
  CHECK(Cond::le(k(4), k(4)).is_true());
  CHECK(Cond::gt(k(5), k(4)).is_true());
  CHECK(Cond::ge(k(3), k(4)).is_false());
  CHECK(Cond::eq(B, B).is_true());
  CHECK(Cond::lt(B, B + k(1)).is_true());
  CHECK(Cond::le(B + k(1), B).is_false());
  CHECK(Cond().is_true());
  CHECK(Cond::truth(false).is_false());
}

TEST_CASE("comparisons divide by the gcd of their coefficients", "[symbolic][cond]") {
  CHECK(Cond::eq(k(2) * B, k(6)) == Cond::eq(B, k(3)));
  CHECK(Cond::eq(k(2) * B, k(7)).is_false());  // no integer solution
  CHECK(Cond::ne(k(2) * B, k(7)).is_true());
  CHECK(Cond::eq(k(4) * B + k(6) * H, k(2)) == Cond::eq(k(2) * B + k(3) * H, k(1)));
  // 2*B <= 7  <=>  B <= 3;  2*B >= 7  <=>  B >= 4;  -3*B + 5 <= 0 <=> B >= 2 (ceil(5/3) = 2)
  CHECK(Cond::le(k(2) * B, k(7)) == Cond::le(B, k(3)));
  CHECK(Cond::ge(k(2) * B, k(7)) == Cond::ge(B, k(4)));
  CHECK(Cond::le(k(5), k(3) * B) == Cond::ge(B, k(2)));
  CHECK(Cond::le(k(4) * B, k(-6)) == Cond::le(B, k(-2)));  // 4*B + 6 <= 0 <=> B <= -1.5
  CHECK(Cond::lt(k(2) * B, k(2) * H) == Cond::lt(B, H));
}

TEST_CASE("condition strings", "[symbolic][cond]") {
  CHECK(str(Cond::eq(B, k(64))) == "B == 64");
  CHECK(str(Cond::eq(k(64), B)) == "B == 64");
  CHECK(str(Cond::ne(B, k(1))) == "B != 1");
  CHECK(str(Cond::le(B, k(10))) == "B <= 10");
  CHECK(str(Cond::ge(B, k(1))) == "B >= 1");
  CHECK(str(Cond::gt(B, k(0))) == "B >= 1");
  CHECK(str(Cond::lt(B, H)) == "B <= H - 1");
  CHECK(str(Cond::eq(B, H)) == "B == H");
  CHECK(str(Cond::eq(B * H, N)) == "B*H == N");
  CHECK(str(Cond::eq(B + k(1), k(0))) == "B == -1");
  CHECK(str(Cond::le(-B, k(3))) == "B >= -3");
  CHECK(str(Cond::eq(Expr::mod(N, k(16)), k(0))) == "N % 16 == 0");
  CHECK(str(Cond::truth(true)) == "True");
  CHECK(str(Cond::truth(false)) == "False");
  CHECK(str(Cond::eq(B, k(64)) && Cond::ne(H, k(1))) == "B == 64 and H != 1");
  CHECK(str(Cond::eq(B, k(64)) || Cond::ne(H, k(1))) == "B == 64 or H != 1");
  Cond nested = Cond::eq(B, k(1)) || (Cond::eq(H, k(2)) && Cond::eq(W, k(3)));
  CHECK(str(nested) == "B == 1 or (H == 2 and W == 3)");
  Cond coin = Cond::boolean_symbol(kCoin);
  CHECK(str(coin) == "coin");
  CHECK(str(!coin) == "not coin");
}

TEST_CASE("and/or flatten, fold and sort", "[symbolic][cond]") {
  Cond a = Cond::eq(B, k(1)), b = Cond::le(H, k(5)), c = Cond::ne(W, k(0));
  Cond t = Cond::truth(true), f = Cond::truth(false);
  CHECK((a && t) == a);
  CHECK((a || f) == a);
  CHECK((a && f).is_false());
  CHECK((a || t).is_true());
  CHECK((a && a) == a);
  CHECK((a && b) == (b && a));
  CHECK(((a && b) && c) == (a && (b && c)));
  CHECK(((a && b) && c).children().size() == 3);
  CHECK((a && b && a).children().size() == 2);
  CHECK(((a || b) || c) == (c || (b || a)));
  CHECK((a && !a).is_false());
  CHECK((a || !a).is_true());
  Cond coin = Cond::boolean_symbol(kCoin);
  CHECK((coin && !coin).is_false());
  CHECK(Cond::all({}).is_true());
  CHECK(Cond::any({}).is_false());
  CHECK(Cond::all({a, b, c}) == (a && b && c));
  CHECK(Cond::any({a}) == a);
  CHECK(Cond::all({a, t, b}) == (a && b));
  CHECK(Cond::any({a, t, b}).is_true());
  CHECK((a && b).kind() == Cond::Kind::And);
  CHECK((a || b).kind() == Cond::Kind::Or);
  CHECK((a && b).hash() == (b && a).hash());
  // Complementary pairs are found when extending an existing junction too.
  CHECK(((a && b) && !a).is_false());
  CHECK(((!a && b && c) && a).is_false());
  CHECK(((a || b) || !a).is_true());
  CHECK(((coin && b) && !coin).is_false());
  CHECK(((a && b) && (c && !a)).is_false());
}

TEST_CASE("long conjunctions are order independent", "[symbolic][cond]") {
  std::vector<Cond> cs;
  for (int i = 0; i < 200; ++i) cs.push_back(Cond::le(Expr::symbol(static_cast<SymId>(i % 37)), k(i)));
  Cond forward, backward;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    forward = forward && cs[i];
    backward = cs[cs.size() - 1 - i] && backward;
  }
  CHECK(forward == backward);
  CHECK(forward == Cond::all(cs));
  CHECK(forward.children().size() == 200);
  CHECK((forward && cs[17]) == forward);
  CHECK((forward && Cond::all({cs[3], cs[150]})) == forward);
}

TEST_CASE("negation pushes through", "[symbolic][cond]") {
  Cond a = Cond::eq(B, k(1)), b = Cond::le(H, k(5));
  CHECK((!Cond::truth(true)).is_false());
  CHECK((!Cond::truth(false)).is_true());
  CHECK((!a) == Cond::ne(B, k(1)));
  CHECK((!Cond::ne(B, k(1))) == a);
  CHECK((!b) == Cond::gt(H, k(5)));
  CHECK((!b).poly() == -H + k(6));
  CHECK((!Cond::lt(B, H)) == Cond::ge(B, H));
  CHECK((!(a && b)) == (!a || !b));
  CHECK((!(a || b)) == (!a && !b));
  CHECK((!!a) == a);
  CHECK((!!(a && b)) == (a && b));
  Cond coin = Cond::boolean_symbol(kCoin);
  CHECK(coin.kind() == Cond::Kind::BoolSym);
  CHECK(coin.bool_symbol() == kCoin);
  CHECK((!coin).kind() == Cond::Kind::Not);
  CHECK((!coin).children().size() == 1);
  CHECK((!!coin) == coin);
}

TEST_CASE("condition eval and symbols", "[symbolic][cond]") {
  auto v = env({{kB, 4}, {kH, 7}, {kCoin, 1}});
  CHECK(Cond::eq(B, k(4)).eval(v) == true);
  CHECK(Cond::ne(B, k(4)).eval(v) == false);
  CHECK(Cond::lt(B, H).eval(v) == true);
  CHECK(Cond::ge(B, H).eval(v) == false);
  CHECK_FALSE(Cond::eq(W, k(1)).eval(v).has_value());
  // Three-valued: a decisive operand beats an unknown one.
  CHECK((Cond::eq(W, k(1)) && Cond::eq(B, k(5))).eval(v) == false);
  CHECK((Cond::eq(W, k(1)) || Cond::eq(B, k(4))).eval(v) == true);
  CHECK_FALSE((Cond::eq(W, k(1)) && Cond::eq(B, k(4))).eval(v).has_value());
  CHECK(Cond::boolean_symbol(kCoin).eval(v) == true);
  CHECK((!Cond::boolean_symbol(kCoin)).eval(v) == false);
  CHECK((Cond::eq(B * H, W) && Cond::boolean_symbol(kCoin)).symbols() ==
        std::vector<SymId>{kB, kH, kW, kCoin});
}

TEST_CASE("normalised conditions are semantically equivalent", "[symbolic][cond]") {
  // Each constructor agrees with direct integer comparison over a grid of values.
  for (std::int64_t a : {-3, 2, 3}) {
    for (std::int64_t c : {-7, -1, 0, 4}) {
      for (std::int64_t b : {-4, -2, -1, 0, 1, 2, 5}) {
        Expr lhs = k(a) * B;
        auto v = env({{kB, b}});
        std::int64_t x = a * b;
        INFO("a=" << a << " c=" << c << " b=" << b);
        CHECK(Cond::eq(lhs, k(c)).eval(v) == (x == c));
        CHECK(Cond::ne(lhs, k(c)).eval(v) == (x != c));
        CHECK(Cond::lt(lhs, k(c)).eval(v) == (x < c));
        CHECK(Cond::le(lhs, k(c)).eval(v) == (x <= c));
        CHECK(Cond::gt(lhs, k(c)).eval(v) == (x > c));
        CHECK(Cond::ge(lhs, k(c)).eval(v) == (x >= c));
        CHECK((!Cond::le(lhs, k(c))).eval(v) == (x > c));
      }
    }
  }
}

namespace {

/// A random expression tree over B and H, built both as an Expr and evaluated directly with
/// Python semantics, to check that canonicalisation preserves meaning.
struct RandomTree {
  std::uint64_t state;
  std::int64_t next(std::int64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::int64_t>((state >> 33) % static_cast<std::uint64_t>(n));
  }
  /// Returns the Expr and sets *ok/*value for the valuation (b, h); ok=false on division by 0.
  Expr build(int depth, std::int64_t b, std::int64_t h, bool* ok, std::int64_t* value) {
    std::int64_t pick = depth == 0 ? next(3) : next(10);
    if (pick == 0) return *value = b, B;
    if (pick == 1) return *value = h, H;
    if (pick == 2) {
      std::int64_t c = next(9) - 4;
      return *value = c, k(c);
    }
    std::int64_t x, y;
    Expr l = build(depth - 1, b, h, ok, &x);
    Expr r = build(depth - 1, b, h, ok, &y);
    auto pyfloor = [](std::int64_t p, std::int64_t q) {
      std::int64_t d = p / q;
      return (p % q != 0 && ((p < 0) != (q < 0))) ? d - 1 : d;
    };
    switch (pick) {
      case 3:
        return *value = x + y, l + r;
      case 4:
        return *value = x - y, l - r;
      case 5:
        return *value = x * y, l * r;
      case 6:
        if (y == 0) *ok = false;
        *value = y == 0 ? 0 : pyfloor(x, y);
        return Expr::floordiv(l, r);
      case 7:
        if (y == 0) *ok = false;
        *value = y == 0 ? 0 : x - y * pyfloor(x, y);
        return Expr::mod(l, r);
      case 8:
        return *value = std::min(x, y), Expr::min(l, r);
      default:
        return *value = std::max(x, y), Expr::max(l, r);
    }
  }
};

}  // namespace

TEST_CASE("canonicalisation preserves meaning on random expressions", "[symbolic][expr]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    for (std::int64_t b : {-3, -1, 0, 2, 5}) {
      for (std::int64_t h : {-2, 1, 3}) {
        RandomTree t{seed};
        bool ok = true;
        std::int64_t expected = 0;
        Expr e = t.build(3, b, h, &ok, &expected);
        INFO("seed=" << seed << " B=" << b << " H=" << h << " e=" << str(e));
        auto got = e.eval(env({{kB, b}, {kH, h}}));
        if (ok) {
          CHECK(got == expected);
          ++checked;
        }
        if (got) CHECK(Cond::eq(e, k(*got)).eval(env({{kB, b}, {kH, h}})) == true);
      }
    }
  }
  CHECK(checked > 3000);
}
