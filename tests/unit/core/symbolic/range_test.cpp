// Unit tests of the interval domain: saturating interval arithmetic, Python floordiv/mod on
// intervals, evaluation of expressions, and deciding/refining conditions.
#include "symbolic/range.h"

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

#include "symbolic/expr.h"

using tenscan::sym::Cond;
using tenscan::sym::Expr;
using tenscan::sym::Interval;
using tenscan::sym::RangeEnv;
using tenscan::sym::SymId;
using tenscan::sym::Tri;

namespace {

constexpr SymId kB = 0, kH = 1, kW = 2, kN = 3, kCoin = 4;
constexpr std::int64_t kNegInf = Interval::kNegInf;
constexpr std::int64_t kPosInf = Interval::kPosInf;

Expr k(std::int64_t v) {
  return Expr::constant(v);
}

const Expr B = Expr::symbol(kB);
const Expr H = Expr::symbol(kH);
const Expr W = Expr::symbol(kW);
const Expr N = Expr::symbol(kN);

Interval iv(std::int64_t lo, std::int64_t hi) {
  return Interval{lo, hi};
}

/// Python floor division and modulo on small numbers, for brute-force comparisons.
std::int64_t py_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}
std::int64_t py_mod(std::int64_t a, std::int64_t b) {
  return a - b * py_div(a, b);
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<Interval> {
  static std::string convert(const Interval& i) {
    return "[" + std::to_string(i.lo) + ", " + std::to_string(i.hi) + "]";
  }
};
}  // namespace Catch

TEST_CASE("interval basics", "[symbolic][range]") {
  CHECK(Interval::top().lo == kNegInf);
  CHECK(Interval::top().hi == kPosInf);
  CHECK(Interval::bottom().is_bottom());
  CHECK(Interval::point(3).is_point());
  CHECK(Interval::point(3).contains(3));
  CHECK_FALSE(Interval::point(3).contains(4));
  CHECK(iv(1, 5).meet(iv(3, 9)) == iv(3, 5));
  CHECK(iv(1, 2).meet(iv(3, 9)).is_bottom());
  CHECK(iv(1, 2).join(iv(5, 9)) == iv(1, 9));
  CHECK(Interval::bottom().join(iv(5, 9)) == iv(5, 9));
  CHECK(iv(5, 9).join(Interval::bottom()) == iv(5, 9));
  CHECK(Interval::top().meet(iv(2, 3)) == iv(2, 3));
}

TEST_CASE("interval arithmetic", "[symbolic][range]") {
  CHECK(iv(1, 2) + iv(10, 20) == iv(11, 22));
  CHECK(iv(1, 2) - iv(10, 20) == iv(-19, -8));
  CHECK(iv(1, 2) * iv(10, 20) == iv(10, 40));
  CHECK(iv(-2, 3) * iv(-5, 4) == iv(-15, 12));
  CHECK(iv(-2, -1) * iv(3, 4) == iv(-8, -3));
  CHECK(Interval::min(iv(1, 5), iv(3, 4)) == iv(1, 4));
  CHECK(Interval::max(iv(1, 5), iv(3, 4)) == iv(3, 5));
  CHECK((Interval::bottom() + iv(1, 2)).is_bottom());
  CHECK((iv(1, 2) * Interval::bottom()).is_bottom());
  CHECK(Interval::floordiv(Interval::bottom(), iv(1, 2)).is_bottom());
}

TEST_CASE("interval arithmetic saturates at the infinities", "[symbolic][range]") {
  Interval top = Interval::top();
  CHECK(top + iv(1, 1) == top);
  CHECK(top - iv(1, 1) == top);
  CHECK(top * iv(2, 2) == top);
  CHECK(iv(0, kPosInf) + iv(5, 5) == iv(5, kPosInf));
  CHECK(iv(0, kPosInf) - iv(5, 5) == iv(-5, kPosInf));
  CHECK(iv(kNegInf, 0) + iv(5, 5) == iv(kNegInf, 5));
  CHECK(iv(1, kPosInf) * iv(-1, -1) == iv(kNegInf, -1));
  CHECK(iv(0, kPosInf) * iv(0, kPosInf) == iv(0, kPosInf));
  CHECK(iv(0, 0) * top == iv(0, 0));
  CHECK(iv(1, kPosInf) * iv(kNegInf, -1) == iv(kNegInf, -1));
  // Finite overflow saturates instead of wrapping.
  CHECK(iv(kPosInf - 1, kPosInf - 1) + iv(10, 10) == iv(kPosInf, kPosInf));
  CHECK((iv(kNegInf + 1, kNegInf + 1) - iv(10, 10)).lo == kNegInf);
  CHECK((iv(1LL << 40, 1LL << 40) * iv(1LL << 40, 1LL << 40)).hi == kPosInf);
  CHECK((iv(1LL << 40, 1LL << 40) * iv(1LL << 40, 1LL << 40)).lo > 0);
  CHECK((iv(-(1LL << 40), 1) * iv(1LL << 40, 1LL << 40)).lo == kNegInf);
  // Negating the most negative bound does not overflow.
  CHECK((iv(0, 0) - top) == top);
  CHECK((iv(0, 0) - iv(kNegInf, 0)) == iv(0, kPosInf));
}

TEST_CASE("interval floordiv and mod", "[symbolic][range]") {
  CHECK(Interval::floordiv(iv(0, 100), iv(16, 16)) == iv(0, 6));
  CHECK(Interval::floordiv(iv(-7, -7), iv(2, 2)) == iv(-4, -4));
  CHECK(Interval::floordiv(iv(7, 7), iv(-2, -2)) == iv(-4, -4));
  CHECK(Interval::floordiv(iv(10, 20), iv(2, 5)) == iv(2, 10));
  CHECK(Interval::floordiv(iv(-20, 10), iv(2, 5)) == iv(-10, 5));
  CHECK(Interval::floordiv(iv(1, kPosInf), iv(2, 2)) == iv(0, kPosInf));
  CHECK(Interval::floordiv(iv(5, 9), iv(1, kPosInf)) == iv(0, 9));
  CHECK(Interval::floordiv(iv(-9, -5), iv(1, kPosInf)) == iv(-9, -1));
  CHECK(Interval::floordiv(iv(kNegInf, -1), iv(1, kPosInf)).hi == -1);
  // A divisor of exactly zero has no value: top.
  CHECK(Interval::floordiv(iv(1, 2), iv(0, 0)) == Interval::top());
  CHECK(Interval::mod(iv(1, 2), iv(0, 0)) == Interval::top());

  CHECK(Interval::mod(iv(-7, -7), iv(2, 2)) == iv(1, 1));
  CHECK(Interval::mod(iv(7, 7), iv(-2, -2)) == iv(-1, -1));
  CHECK(Interval::mod(iv(3, 5), iv(10, 10)) == iv(3, 5));
  CHECK(Interval::mod(iv(12, 14), iv(10, 10)) == iv(2, 4));
  CHECK(Interval::mod(iv(8, 14), iv(10, 10)) == iv(0, 9));
  CHECK(Interval::mod(iv(0, 3), iv(2, 5)) == iv(0, 3));
  CHECK(Interval::mod(Interval::top(), iv(16, 16)) == iv(0, 15));
  CHECK(Interval::mod(Interval::top(), iv(1, kPosInf)) == iv(0, kPosInf));
  CHECK(Interval::mod(Interval::top(), iv(-16, -16)) == iv(-15, 0));
  CHECK(Interval::mod(iv(0, 5), Interval::top()).contains(-3));
}

TEST_CASE("interval floordiv and mod are sound against brute force", "[symbolic][range]") {
  const std::vector<Interval> as = {iv(-9, -3), iv(-5, 5), iv(0, 0), iv(2, 11), iv(-1, 0), iv(7, 7)};
  const std::vector<Interval> bs = {iv(1, 1), iv(2, 3),   iv(-3, -1), iv(-2, 4),
                                    iv(3, 7), iv(-4, -4), iv(5, 5)};
  for (const auto& a : as) {
    for (const auto& b : bs) {
      Interval q = Interval::floordiv(a, b), r = Interval::mod(a, b), p = a * b, s = a - b;
      for (std::int64_t x = a.lo; x <= a.hi; ++x) {
        for (std::int64_t y = b.lo; y <= b.hi; ++y) {
          INFO("x=" << x << " y=" << y);
          CHECK(p.contains(x * y));
          CHECK(s.contains(x - y));
          if (y == 0) continue;
          CHECK(q.contains(py_div(x, y)));
          CHECK(r.contains(py_mod(x, y)));
        }
      }
    }
  }
}

TEST_CASE("range env get/set and eval", "[symbolic][range]") {
  RangeEnv env;
  CHECK(env.get(kB) == Interval::top());
  env.set(kB, iv(1, 64));
  env.set(kH, iv(2, 3));
  CHECK(env.get(kB) == iv(1, 64));
  CHECK(env.eval(k(5)) == Interval::point(5));
  CHECK(env.eval(B) == iv(1, 64));
  CHECK(env.eval(k(2) * B + k(3)) == iv(5, 131));
  CHECK(env.eval(B * H - k(1)) == iv(1, 191));
  CHECK(env.eval(B - H) == iv(-2, 62));
  CHECK(env.eval(Expr::floordiv(B, k(16))) == iv(0, 4));
  CHECK(env.eval(Expr::mod(B, k(16))) == iv(0, 15));
  CHECK(env.eval(Expr::min(B, H)) == iv(1, 3));
  CHECK(env.eval(Expr::max(B, H)) == iv(2, 64));
  CHECK(env.eval(W) == Interval::top());
  CHECK(env.eval(W + B) == Interval::top());
  // Even powers are non-negative.
  CHECK(env.eval(W * W).lo == 0);
  env.set(kW, iv(-2, 3));
  CHECK(env.eval(W * W) == iv(0, 9));
  CHECK(env.eval(W * W * W) == iv(-8, 27));
  CHECK(env.eval(k(2) * W * W * H) == iv(0, 54));
  env.set(kN, iv(-3, -2));
  CHECK(env.eval(N * N) == iv(4, 9));
  CHECK(env.eval(N * N * N) == iv(-27, -8));
  CHECK(env.eval(Expr::floordiv(N, k(0))) == Interval::top());  // opaque
  env.set(kB, Interval::top());
  CHECK(env.get(kB) == Interval::top());
}

TEST_CASE("range envs copy on write, compare by value and join symbol-wise", "[symbolic][range]") {
  RangeEnv a;
  a.set(kB, iv(1, 64));
  a.set(600, iv(0, 9));  // a symbol in a later chunk
  RangeEnv b = a;
  CHECK(b == a);
  b.set(kB, iv(2, 3));  // the copy's write leaves the original alone
  CHECK(a.get(kB) == iv(1, 64));
  CHECK(b.get(kB) == iv(2, 3));
  CHECK_FALSE(b == a);
  b.set(kB, iv(1, 64));
  CHECK(b == a);  // equal values in unshared chunks
  // top stored explicitly equals top never stored, and a set of top never makes a chunk
  RangeEnv c = a, d = a;
  c.set(5000, iv(1, 2));
  c.set(5000, Interval::top());
  d.set(7000, Interval::top());
  CHECK(c == a);
  CHECK(d == a);
  CHECK(d.get(7000) == Interval::top());
  // join: each symbol's interval covers both; a symbol bounded on one side only is top
  RangeEnv x, y;
  x.set(kB, iv(1, 4));
  x.set(kH, iv(0, 0));
  y.set(kB, iv(3, 9));
  y.set(600, iv(5, 5));
  RangeEnv j = x.join(y);
  CHECK(j.get(kB) == iv(1, 9));
  CHECK(j.get(kH) == Interval::top());
  CHECK(j.get(600) == Interval::top());
  CHECK(x.join(x) == x);
}

TEST_CASE("decide comparisons by interval", "[symbolic][range]") {
  RangeEnv env;
  env.set(kB, iv(1, 5));
  env.set(kH, iv(-3, 0));
  CHECK(env.decide(Cond::eq(B, k(0))) == Tri::False);
  CHECK(env.decide(Cond::ne(B, k(0))) == Tri::True);
  CHECK(env.decide(Cond::le(B, k(0))) == Tri::False);
  CHECK(env.decide(Cond::le(H, k(0))) == Tri::True);
  CHECK(env.decide(Cond::ge(B, k(1))) == Tri::True);
  CHECK(env.decide(Cond::eq(B, k(3))) == Tri::Unknown);
  CHECK(env.decide(Cond::lt(H, B)) == Tri::True);
  CHECK(env.decide(Cond::eq(H, B)) == Tri::False);
  CHECK(env.decide(Cond::le(B, k(3))) == Tri::Unknown);
  CHECK(env.decide(Cond::eq(W, k(3))) == Tri::Unknown);
  env.set(kN, Interval::point(7));
  CHECK(env.decide(Cond::eq(N, k(7))) == Tri::True);
  CHECK(env.decide(Cond::ne(N, k(7))) == Tri::False);
  CHECK(env.decide(Cond::truth(true)) == Tri::True);
  CHECK(env.decide(Cond::truth(false)) == Tri::False);
}

TEST_CASE("decide is three-valued over and/or/not", "[symbolic][range]") {
  RangeEnv env;
  env.set(kB, iv(1, 5));
  Cond yes = Cond::ge(B, k(1)), no = Cond::eq(B, k(0)), maybe = Cond::eq(W, k(2));
  Cond coin = Cond::boolean_symbol(kCoin);
  CHECK(env.decide(yes && maybe) == Tri::Unknown);
  CHECK(env.decide(no && maybe) == Tri::False);
  CHECK(env.decide(yes && Cond::le(B, k(5))) == Tri::True);
  CHECK(env.decide(yes || maybe) == Tri::True);
  CHECK(env.decide(no || maybe) == Tri::Unknown);
  CHECK(env.decide(no || Cond::gt(B, k(5))) == Tri::False);
  CHECK(env.decide(coin) == Tri::Unknown);
  CHECK(env.decide(!coin) == Tri::Unknown);
  CHECK(env.decide(coin || yes) == Tri::True);
  CHECK(env.decide(coin && no) == Tri::False);
}

TEST_CASE("refine tightens single-symbol linear comparisons", "[symbolic][range]") {
  RangeEnv env;
  CHECK(env.refine(Cond::ge(B, k(1))));
  CHECK(env.get(kB) == iv(1, kPosInf));
  CHECK(env.refine(Cond::le(B, k(64))));
  CHECK(env.get(kB) == iv(1, 64));
  CHECK(env.refine(Cond::lt(k(2) * B, k(9))));  // 2*B <= 8 -> B <= 4
  CHECK(env.get(kB) == iv(1, 4));
  CHECK(env.refine(Cond::ne(B, k(1))));
  CHECK(env.get(kB) == iv(2, 4));
  CHECK(env.refine(Cond::ne(B, k(4))));
  CHECK(env.get(kB) == iv(2, 3));
  CHECK(env.refine(Cond::ne(B, k(7))));  // outside: no change
  CHECK(env.get(kB) == iv(2, 3));
  CHECK(env.refine(Cond::eq(B, k(3))));
  CHECK(env.get(kB) == Interval::point(3));

  RangeEnv e2;
  CHECK(e2.refine(Cond::eq(k(3) * H, k(12))));
  CHECK(e2.get(kH) == Interval::point(4));
  CHECK(e2.refine(Cond::le(k(5), -H + k(100))));  // H <= 95: already tighter
  CHECK(e2.get(kH) == Interval::point(4));

  RangeEnv e3;
  CHECK(e3.refine(Cond::ge(k(-3) * W, k(7))));  // -3W - 7 >= 0 -> W <= -3 (floor(-7/3))
  CHECK(e3.get(kW) == iv(kNegInf, -3));
  CHECK(e3.refine(Cond::gt(k(-2) * W, k(-20))));  // W < 10, no change
  CHECK(e3.get(kW) == iv(kNegInf, -3));
  CHECK(e3.refine(Cond::gt(W, k(-10))));
  CHECK(e3.get(kW) == iv(-9, -3));
}

TEST_CASE("refine detects infeasible paths", "[symbolic][range]") {
  RangeEnv env;
  env.set(kB, iv(1, 5));
  RangeEnv copy = env;
  CHECK_FALSE(env.refine(Cond::eq(B, k(0))));
  CHECK_FALSE(env.refine(Cond::le(B, k(0))));
  CHECK_FALSE(env.refine(Cond::truth(false)));
  CHECK_FALSE(env.refine(Cond::ge(B, k(1)) && Cond::gt(B, k(5))));
  RangeEnv point;
  point.set(kB, Interval::point(3));
  CHECK_FALSE(point.refine(Cond::ne(B, k(3))));
  RangeEnv fresh;
  CHECK(fresh.refine(Cond::le(B, k(2))));
  CHECK_FALSE(fresh.refine(Cond::ge(B, k(3))));
  // Eq with no integer solution folds at construction, but a bound one is detected here.
  CHECK(copy.refine(Cond::eq(B, k(2)) || Cond::eq(B, k(3))));
  CHECK(copy.get(kB) == iv(1, 5));  // disjunctions are not used
}

TEST_CASE("refine leaves unusable conditions alone", "[symbolic][range]") {
  RangeEnv env;
  env.set(kB, iv(1, 64));
  RangeEnv before = env;
  CHECK(env.refine(Cond::le(B, H)));                      // two symbols
  CHECK(env.refine(Cond::eq(B * H, k(64))));              // non-linear
  CHECK(env.refine(Cond::eq(Expr::mod(B, k(2)), k(0))));  // atom, not a symbol
  CHECK(env.refine(Cond::boolean_symbol(kCoin)));
  CHECK(env.refine(Cond::ne(B, k(3))));  // interior value: nothing to shave
  CHECK(env.refine(Cond::truth(true)));
  CHECK(env == before);
  // A conjunction refines each usable conjunct.
  CHECK(env.refine(Cond::le(B, k(10)) && Cond::ge(H, k(2)) && Cond::le(B, W)));
  CHECK(env.get(kB) == iv(1, 10));
  CHECK(env.get(kH) == iv(2, kPosInf));
  CHECK(env.get(kW) == Interval::top());
}

TEST_CASE("range eval is sound on random expressions", "[symbolic][range]") {
  // Random expressions over B in [-3, 4] and H in [1, 3]; every concrete value must lie in the
  // interval computed for the expression.
  std::uint64_t state = 42;
  auto next = [&](std::int64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::int64_t>((state >> 33) % static_cast<std::uint64_t>(n));
  };
  std::function<Expr(int)> build = [&](int depth) -> Expr {
    std::int64_t pick = depth == 0 ? next(3) : next(10);
    if (pick == 0) return B;
    if (pick == 1) return H;
    if (pick == 2) return k(next(9) - 4);
    Expr l = build(depth - 1), r = build(depth - 1);
    switch (pick) {
      case 3:
        return l + r;
      case 4:
        return l - r;
      case 5:
        return l * r;
      case 6:
        return Expr::floordiv(l, r);
      case 7:
        return Expr::mod(l, r);
      case 8:
        return Expr::min(l, r);
      default:
        return Expr::max(l, r);
    }
  };
  RangeEnv env;
  env.set(kB, iv(-3, 4));
  env.set(kH, iv(1, 3));
  for (int i = 0; i < 500; ++i) {
    Expr e = build(3);
    Interval range = env.eval(e);
    for (std::int64_t b = -3; b <= 4; ++b) {
      for (std::int64_t h = 1; h <= 3; ++h) {
        auto v = e.eval([&](SymId s) -> std::optional<std::int64_t> { return s == kB ? b : h; });
        if (!v) continue;
        INFO("i=" << i << " B=" << b << " H=" << h << " value=" << *v);
        CHECK(range.contains(*v));
      }
    }
  }
}
