// Unit tests of the tensor values domain (domain/tensor_values.h): its lattice laws, DEBAR's
// motivating example at the domain's level, and soundness against concrete vectors: random
// programs of slices, concatenations, sums and differences run on concrete data and on the
// abstraction, every concrete element within its part's range.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "domain/tensor_values.h"

using tenscan::domain::Affine;
using tenscan::domain::FloatRange;
using tenscan::domain::Summary;
using tenscan::domain::TensorValues;

namespace {

TensorValues var(std::uint64_t id, FloatRange r) { return TensorValues::of(r, Affine::of(Summary{id, r})); }

// x op y part by part, as the numerical models compute it for + and - (forms added, ranges
// refined by them)
TensorValues combine(const TensorValues& x, const TensorValues& y, double k, std::int64_t rank) {
  TensorValues a = x, b = y;
  if (!a.aligned(b)) {
    if (a.partitioned()) b = *b.split_as(a, rank);
    else a = *a.split_as(b, rank);
  }
  TensorValues r = a;
  for (std::size_t i = 0; i < r.parts.size(); ++i) {
    auto& p = r.parts[i];
    p.range = a.parts[i].range + b.parts[i].range * FloatRange::point(k);
    p.form = a.parts[i].form && b.parts[i].form ? a.parts[i].form->plus(*b.parts[i].form, k) : std::nullopt;
    if (p.form) p.range = p.range.meet(p.form->range());
  }
  return r.normalized();
}

std::vector<TensorValues> samples() {
  const FloatRange unit = FloatRange::between(0.0, 1.0);
  TensorValues split = TensorValues::concat({var(1, unit), TensorValues::of(FloatRange::point(1.0))}, {2, 1}, 1);
  TensorValues split_b = TensorValues::concat({TensorValues::of(unit), TensorValues::of(FloatRange::between(-1.0, 1.0))}, {2, 1}, 1);
  return {TensorValues::bottom(),
          TensorValues::top(),
          TensorValues::of(unit),
          TensorValues::of(FloatRange::point(0.0), Affine::constant(0.0)),
          var(1, unit),
          var(2, FloatRange::between(-2.0, 5.0)),
          split,
          split_b,
          split.without_forms()};
}

}  // namespace

TEST_CASE("tensor values: the lattice laws hold on a spread of elements", "[domain]") {
  const auto xs = samples();
  for (const TensorValues& a : xs) {
    CHECK(a.leq(a));
    CHECK(TensorValues::bottom().leq(a.smashed().without_forms()));
    CHECK(a.leq(TensorValues::top()));
    for (const TensorValues& b : xs) {
      TensorValues j = a.join(b), w = a.widen(b);
      CHECK(j == b.join(a));
      CHECK(a.leq(j));
      CHECK(b.leq(j));
      CHECK(a.leq(w));
      CHECK(b.leq(w));
      CHECK(w.widen(b) == w);
      if (a.aligned(b)) {
        TensorValues m = a.meet(b);
        CHECK(m.leq(a));
        CHECK(a.leq(b) == (j == b));
      }
    }
  }
}

TEST_CASE("tensor values: DEBAR's rectangles, their widths exact through the affine forms", "[domain]") {
  // center in [-10, 10], offset in [0.1, 1]: bottom_left = c - o, top_right = c + o, their
  // concatenation split into four columns, width = right - left
  const TensorValues c = var(1, FloatRange::between(-10.0, 10.0));
  const TensorValues o = var(2, FloatRange::between(0.1, 1.0));
  const TensorValues bl = combine(c, o, -1.0, 2), tr = combine(c, o, 1.0, 2);
  const TensorValues rect = TensorValues::concat({bl, tr}, {2, 2}, 1);
  REQUIRE(rect.parts.size() == 2);
  auto column = [&](std::int64_t i) { return rect.narrowed(1, i, 1, 4, 2); };
  const TensorValues width = combine(column(3), column(1), -1.0, 2);
  const TensorValues height = combine(column(2), column(0), -1.0, 2);
  CHECK(width.range().lo == Approx(0.2));
  CHECK(width.range().hi == Approx(2.0));
  CHECK(height.range().lo == Approx(0.2));
  // intervals alone: [-19.8, 22]
  CHECK(combine(column(3).without_forms(), column(1).without_forms(), -1.0, 2).range().lo == Approx(-19.8));
  // different columns do not cancel: right - bottom is c[:, 1] - c[:, 0] + 2 o
  CHECK(combine(column(3), column(0), -1.0, 2).range().lo < -19.0);
}

TEST_CASE("tensor values: partitions keep a constant column apart and merge when uselessly fine", "[domain]") {
  const FloatRange relu = FloatRange::between(0.0, FloatRange::kInf).with_reached(true, false, true);
  // homogeneous coordinates: [xy, 1]; the last column is exactly 1
  const TensorValues pts = TensorValues::concat({var(1, relu), TensorValues::of(FloatRange::point(1.0), Affine::constant(1.0))}, {2, 1}, 1);
  CHECK(pts.narrowed(1, 2, 1, 3, 2).range() == FloatRange::point(1.0));
  CHECK(pts.selected(1, 2, 2).range() == FloatRange::point(1.0));
  CHECK(pts.narrowed(1, 0, 2, 3, 2).range() == relu);
  CHECK(pts.range().lo == 0.0);
  // two parts that say the same and claim no equality are one
  const TensorValues same = TensorValues::concat({TensorValues::of(relu), TensorValues::of(relu)}, {3, 4}, 0);
  CHECK_FALSE(same.partitioned());
  // beyond kMaxParts: smashed
  std::vector<TensorValues> many;
  const int n = static_cast<int>(TensorValues::kMaxParts) + 1;
  for (int i = 0; i < n; ++i) many.push_back(TensorValues::of(FloatRange::point(i)));
  CHECK_FALSE(TensorValues::concat(many, std::vector<std::int64_t>(static_cast<std::size_t>(n), 1), 0).partitioned());
  many.pop_back();
  CHECK(TensorValues::concat(many, std::vector<std::int64_t>(static_cast<std::size_t>(n - 1), 1), 0).partitioned());
  // an unknown extent: one part
  CHECK_FALSE(TensorValues::concat({var(1, relu), TensorValues::of(FloatRange::point(1.0))}, {-1, 1}, 1).partitioned());
  // joins of paths split alike keep the parts; split differently, one part
  CHECK(pts.join(pts).partitioned());
  CHECK_FALSE(pts.join(TensorValues::of(relu)).partitioned());
}

TEST_CASE("tensor values: random programs on concrete vectors stay within their abstraction", "[domain]") {
  // 1-D tensors: the concrete elements, and the abstraction of them
  struct Both {
    std::vector<double> xs;
    TensorValues v;
  };
  std::mt19937 gen(11);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(gen); };
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(gen); };
  int checked = 0;
  for (int program = 0; program < 300; ++program) {
    std::vector<Both> pool;
    std::uint64_t next_id = 1;
    for (int i = 0; i < 3; ++i) {
      double lo = uniform(-5, 5), hi = lo + uniform(0, 5);
      Both b;
      for (int k = 0; k < 6; ++k) b.xs.push_back(uniform(lo, hi));
      b.v = var(next_id++, FloatRange::between(lo, hi));
      pool.push_back(std::move(b));
    }
    for (int step = 0; step < 12; ++step) {
      const Both& a = pool[pick(pool.size())];
      const auto n = static_cast<std::int64_t>(a.xs.size());
      Both r;
      switch (pick(4)) {
        case 0: {  // a slice
          std::int64_t start = static_cast<std::int64_t>(pick(static_cast<std::size_t>(n)));
          std::int64_t len = 1 + static_cast<std::int64_t>(pick(static_cast<std::size_t>(n - start)));
          r.xs.assign(a.xs.begin() + start, a.xs.begin() + start + len);
          r.v = a.v.narrowed(0, start, len, n, 1);
          break;
        }
        case 1: {  // a concatenation
          const Both& b = pool[pick(pool.size())];
          r.xs = a.xs;
          r.xs.insert(r.xs.end(), b.xs.begin(), b.xs.end());
          r.v = TensorValues::concat({a.v, b.v}, {n, static_cast<std::int64_t>(b.xs.size())}, 0);
          break;
        }
        default: {  // a sum or a difference of two of the same length
          std::vector<const Both*> same;
          for (const Both& b : pool)
            if (b.xs.size() == a.xs.size()) same.push_back(&b);
          const Both& b = *same[pick(same.size())];
          const double k = pick(2) ? 1.0 : -1.0;
          for (std::size_t i = 0; i < a.xs.size(); ++i) r.xs.push_back(a.xs[i] + k * b.xs[i]);
          r.v = combine(a.v, b.v, k, 1);
          break;
        }
      }
      // every element within its part's range (exact arithmetic up to rounding)
      std::int64_t at = 0;
      for (const auto& part : r.v.parts) {
        const std::int64_t size = part.size < 0 ? static_cast<std::int64_t>(r.xs.size()) : part.size;
        for (std::int64_t i = at; i < at + size; ++i) {
          const double x = r.xs[static_cast<std::size_t>(i)];
          CHECK((part.range.contains(x) || std::fabs(x - part.range.lo) < 1e-9 || std::fabs(x - part.range.hi) < 1e-9));
          ++checked;
        }
        at += size;
      }
      CHECK(at == static_cast<std::int64_t>(r.xs.size()));
      pool.push_back(std::move(r));
    }
  }
  CHECK(checked > 10000);
}
