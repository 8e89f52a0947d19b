// Unit tests of the abstract-domain layer: the lattice laws of every domain on a spread of
// elements, the soundness of the float arithmetic against the double operations it describes
// (sampled), and Python's printing of floats.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "domain/float_range.h"
#include "domain/int_interval.h"

using tenscan::domain::FloatRange;
using tenscan::domain::IntInterval;
using tenscan::domain::python_repr;
using tenscan::domain::Tri;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<IntInterval> samples(const IntInterval*) {
  return {IntInterval::bottom(), IntInterval::top(), IntInterval::point(0), IntInterval::point(7),
          {-3, 5},               {0, IntInterval::kPosInf}, {IntInterval::kNegInf, -1}, {2, 9}};
}

std::vector<FloatRange> samples(const FloatRange*) {
  FloatRange draws = FloatRange::between(-3.0, 4.0);  // (torch.randint(-3, 5): integers)
  draws.integral = true;
  FloatRange more = FloatRange::between(2.0, 9.0);
  more.integral = true;
  return {FloatRange::bottom(), FloatRange::top(),           FloatRange::point(0.0),
          FloatRange::point(std::nan("")), FloatRange::point(-2.5), FloatRange::between(0.0, 1.0),
          FloatRange::between(-kInf, 0.0), FloatRange::between(1e-3, 1e3, true), FloatRange::between(-1.0, kInf),
          draws, more};
}

// Doubles in r (its bounds, zero if inside, and points between), NaN if it may be NaN.
std::vector<double> members(const FloatRange& r, std::mt19937& gen) {
  std::vector<double> out;
  if (r.nan) out.push_back(std::nan(""));
  if (r.empty()) return out;
  out.push_back(r.lo);
  out.push_back(r.hi);
  if (r.contains(0.0)) out.push_back(0.0);
  double lo = std::isinf(r.lo) ? -1e6 : r.lo, hi = std::isinf(r.hi) ? 1e6 : r.hi;
  if (lo > hi) return out;  // (an infinite point)
  std::uniform_real_distribution<double> d(lo, hi);
  for (int i = 0; i < 20; ++i) out.push_back(d(gen));
  return out;
}

}  // namespace

TEMPLATE_TEST_CASE("domain: the lattice laws hold on a spread of elements", "[domain]", IntInterval, FloatRange) {
  const auto xs = samples(static_cast<const TestType*>(nullptr));
  for (const TestType& a : xs) {
    CHECK(a.leq(a));
    CHECK(TestType::bottom().leq(a));
    CHECK(a.leq(TestType::top()));
    CHECK(a.join(TestType::bottom()) == a);
    CHECK(a.meet(TestType::top()) == a);
    for (const TestType& b : xs) {
      TestType j = a.join(b), m = a.meet(b), w = a.widen(b);
      CHECK(j == b.join(a));
      CHECK(a.leq(j));
      CHECK(b.leq(j));
      CHECK(m.leq(a));
      CHECK(m.leq(b));
      CHECK(a.leq(w));
      CHECK(b.leq(w));
      CHECK(a.leq(b) == (j == b));
      // widening stabilises: once more with the same later value changes nothing
      CHECK(w.widen(b) == w);
    }
  }
}

TEST_CASE("domain: widening of intervals goes to the infinities, of floats first to zero", "[domain]") {
  CHECK(IntInterval{0, 5}.widen(IntInterval{0, 6}) == IntInterval{0, IntInterval::kPosInf});
  CHECK(IntInterval{0, 5}.widen(IntInterval{-1, 5}) == IntInterval{IntInterval::kNegInf, 5});
  // a learning rate that decays stays non-negative; one that crosses zero does not
  CHECK(FloatRange::point(0.1).widen(FloatRange::point(0.095)) == FloatRange::between(0.0, 0.1).with_reached(false, true, false));
  CHECK(FloatRange::point(0.1).widen(FloatRange::point(-0.2)) == FloatRange::between(-kInf, 0.1).with_reached(false, true, false));
  CHECK(FloatRange::between(-0.2, 0.1, true).widen(FloatRange::between(-0.3, 0.1)) ==
        FloatRange::between(-kInf, 0.1, true).with_reached(false, true, false));
  CHECK(FloatRange::point(-3.0).widen(FloatRange::point(-1.0)) == FloatRange::between(-3.0, 0.0).with_reached(true, false, false));
  // a finite accumulation that is not known (a sum of losses) stays finite; one of known floats
  // or with an infinity does not
  CHECK(FloatRange::between(0.0, 0.1).widen(FloatRange::between(-0.2, 0.1)) ==
        FloatRange::between(-FloatRange::kMax, 0.1).with_reached(false, true, false));
  CHECK(FloatRange::point(0.0).widen(FloatRange::between(0.0, 2.5)) ==
        FloatRange::between(0.0, FloatRange::kMax).with_reached(true, false, false));
  CHECK(FloatRange::between(0.0, 1.0).widen(FloatRange::between(0.0, kInf)) == FloatRange::between(0.0, kInf).with_reached(true, false, false));
  auto fixpoint = FloatRange::point(0.0);
  for (int i = 0; i < 3; ++i) fixpoint = fixpoint.widen(fixpoint + FloatRange::finite());
  CHECK(fixpoint == FloatRange::finite());
}

TEST_CASE("domain: arithmetic on finite floats that are not known does not overflow", "[domain]") {
  const double max = FloatRange::kMax;
  auto data = FloatRange::between(0.0, max, false, false);  // (data: nothing reached)
  CHECK(data + data == data);
  CHECK(data * FloatRange::point(10.0) == data);
  CHECK(FloatRange::finite() - FloatRange::finite() == FloatRange::finite());
  CHECK((FloatRange::point(1.0) / FloatRange::between(-1.0, 1.0)) == FloatRange::finite());
  CHECK(FloatRange::lt(data, FloatRange::point(kInf)) == Tri::True);
  // known floats overflow as Python computes them, and an infinity stays
  CHECK((FloatRange::point(max) * FloatRange::point(10.0)).constant() == kInf);
  CHECK(data + FloatRange::point(kInf) == FloatRange::point(kInf));
  CHECK(FloatRange::lt(data.join(FloatRange::point(kInf)), FloatRange::point(kInf)) == Tri::Unknown);
  CHECK(FloatRange::finite().describe() == "a finite float");
  CHECK(data.describe() == "a finite float >= 0.0");
}

TEST_CASE("domain: float arithmetic holds every result of the operations it describes", "[domain]") {
  std::mt19937 gen(7);
  const auto xs = samples(static_cast<const FloatRange*>(nullptr));
  int checked = 0;
  for (const FloatRange& a : xs) {
    for (const FloatRange& b : xs) {
      for (double x : members(a, gen)) {
        for (double y : members(b, gen)) {
          CHECK((a + b).contains(x + y));
          CHECK((a - b).contains(x - y));
          CHECK((a * b).contains(x * y));
          if (y != 0.0) {  // (Python raises)
            CHECK((a / b).contains(x / y));
            CHECK(FloatRange::floordiv(a, b).contains(std::floor(x / y)));
          }
          if (x >= 0 && y > 0 && y < 8) CHECK(FloatRange::pow(a, b).contains(std::pow(x, y)));
          CHECK(FloatRange::abs(a).contains(std::fabs(x)));
          CHECK((-a).contains(-x));
          Tri lt = FloatRange::lt(a, b), le = FloatRange::le(a, b), eq = FloatRange::eq(a, b);
          if (lt != Tri::Unknown) CHECK((lt == Tri::True) == (x < y));
          if (le != Tri::Unknown) CHECK((le == Tri::True) == (x <= y));
          if (eq != Tri::Unknown) CHECK((eq == Tri::True) == (x == y));
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("domain: known floats compute exactly, NaN and the infinities as IEEE has them", "[domain]") {
  CHECK((FloatRange::point(0.1) + FloatRange::point(0.2)).constant() == 0.1 + 0.2);
  CHECK((FloatRange::point(1.0) / FloatRange::point(3.0)).constant() == 1.0 / 3.0);
  CHECK(std::isnan(*(FloatRange::point(kInf) - FloatRange::point(kInf)).constant()));
  CHECK((FloatRange::point(0.0) * FloatRange::between(-1.0, kInf)).nan);
  CHECK(FloatRange::mod(FloatRange::point(-7.0), FloatRange::point(3.0)).constant() == 2.0);  // Python: -7.0 % 3.0
  CHECK(FloatRange::floordiv(FloatRange::point(-7.0), FloatRange::point(2.0)).constant() == -4.0);
  CHECK(FloatRange::point(std::nan("")) == FloatRange::point(std::nan("")));
  CHECK(FloatRange::point(std::nan("")).truth() == Tri::True);
  CHECK(FloatRange::point(0.0).truth() == Tri::False);
  CHECK(FloatRange::between(0.0, 1.0).truth() == Tri::Unknown);
  CHECK(FloatRange::eq(FloatRange::point(std::nan("")), FloatRange::point(std::nan(""))) == Tri::False);
  // a divisor that may be zero: any magnitude
  CHECK((FloatRange::between(1.0, kInf) / FloatRange::between(-1.0, 1.0)) == FloatRange::between(-kInf, kInf, false, false));
}

TEST_CASE("domain: floats print as Python's repr prints them", "[domain]") {
  CHECK(python_repr(0.1) == "0.1");
  CHECK(python_repr(1.0) == "1.0");
  CHECK(python_repr(-0.0) == "-0.0");
  CHECK(python_repr(1e-05) == "1e-05");
  CHECK(python_repr(0.0001) == "0.0001");
  CHECK(python_repr(1e16) == "1e+16");
  CHECK(python_repr(1e15) == "1000000000000000.0");
  CHECK(python_repr(123.456) == "123.456");
  CHECK(python_repr(1.1920928955078125e-07) == "1.1920928955078125e-07");
  CHECK(python_repr(65504.0) == "65504.0");
  CHECK(python_repr(-kInf) == "-inf");
  CHECK(python_repr(std::nan("")) == "nan");
  CHECK(FloatRange::between(0.0, 1.0).describe() == "a float in [0.0, 1.0]");
  CHECK(FloatRange::top().describe() == "a float");
}

TEST_CASE("domain: reached bounds: known values and documented ranges, not the limits of what is known", "[domain]") {
  using Reach = FloatRange::Reach;
  const auto unit = FloatRange::between(0.0, 1.0);  // e.g. random.random()
  CHECK(unit.reaches(0.0));
  CHECK(unit.reaches(0.5));
  CHECK_FALSE(FloatRange::top().reaches(0.0));
  CHECK_FALSE(FloatRange::finite().reaches(0.0));
  // log's unsafe arguments (-inf, 0]: certain for zero, possible for [0, 1], never for data
  CHECK(FloatRange::point(0.0).hazard(-kInf, 0.0) == Reach::All);
  CHECK(unit.hazard(-kInf, 0.0) == Reach::Some);
  CHECK((unit + FloatRange::point(1e-8)).hazard(-kInf, 0.0) == Reach::None);
  CHECK(FloatRange::finite().hazard(-kInf, 0.0) == Reach::None);
  // one reached bound: only that value is reached (relu of data: 0, not the data's maximum)
  auto relu_of_data = FloatRange::between(0.0, kInf).with_reached(true, false, false);
  CHECK(relu_of_data.hazard(-kInf, 0.0) == Reach::Some);
  CHECK(relu_of_data.hazard(88.0, kInf) == Reach::None);
  // arithmetic: a bound is reached when the bounds it comes from are
  CHECK((relu_of_data * FloatRange::point(2.0)).lo_reached);
  CHECK_FALSE((relu_of_data * FloatRange::point(2.0)).hi_reached);
  CHECK((-relu_of_data).hi_reached);
  CHECK(FloatRange::abs(FloatRange::between(-1.0, 2.0)).reaches(0.0));
  CHECK_FALSE(FloatRange::abs(FloatRange::between(-1.0, 2.0, false, false)).reaches(0.0));
  // an integer draw reaches each integer in its range (0 inside [-5, 4]), and only those
  auto draws = FloatRange::between(-5.0, 4.0).with_reached(true, true, false);
  draws.integral = true;
  CHECK(draws.reaches(0.0));
  CHECK_FALSE(draws.reaches(0.5));
  CHECK(draws.hazard(-1e-30, 1e-30) == Reach::Some);
  CHECK(draws.hazard(0.25, 0.75) == Reach::None);
  CHECK(draws.hazard(-kInf, kInf) == Reach::All);
  CHECK_FALSE(draws.join(FloatRange::between(7.0, 9.0)).integral);  // (a gap between them)
  // a join reaches a shared bound only if both sides do; widening moves a bound unreached
  CHECK_FALSE(unit.join(relu_of_data.with_reached(false, false)).lo_reached);
  CHECK(unit.join(FloatRange::between(-1.0, 0.5, false, false)).hi_reached);
  CHECK_FALSE(unit.widen(FloatRange::between(0.0, 2.0)).hi_reached);
  // a dense range's interior is reached, a hull of two constants' is not; a zero inside a
  // continuous range is not a reached divisor
  CHECK(unit.dense);
  CHECK_FALSE(FloatRange::point(0.0).join(FloatRange::point(1.0)).reaches(0.5));
  CHECK(FloatRange::point(0.0).join(FloatRange::point(1.0)).reaches(1.0));
  const auto draw = FloatRange::between(-6.0, 6.0);  // randn
  CHECK(draw.hazard(-1e-38, 1e-38) == Reach::None);
  CHECK(draw.hazard(-kInf, -1e-300) == Reach::Some);
  // the mean of a draw: its interior, not its bounds (x - mean(x)**2 can be negative)
  const auto mean = unit.with_reached(false, false, true);
  CHECK(mean.hazard(-kInf, 0.0) == Reach::None);
  CHECK((unit - mean * mean).hazard(-kInf, -1e-300) == Reach::Some);
}
