// The integer interval domain of int_interval.h.
//
// Bound semantics: a lower bound of kNegInf means -infinity and an upper bound of kPosInf means
// +infinity; every other bound is a finite number. Results are computed exactly in 128 bits and
// then clamped into int64, which only ever loosens a bound (sound).
#include "domain/int_interval.h"

#include <algorithm>
#include <initializer_list>

namespace tenscan::domain {

namespace {

using i128 = __int128;
constexpr std::int64_t kNegInf = IntInterval::kNegInf;
constexpr std::int64_t kPosInf = IntInterval::kPosInf;
/// Stands for an infinite bound in 128-bit arithmetic; sums of a few of these cannot overflow.
constexpr i128 kInf = static_cast<i128>(1) << 100;

i128 lo_ext(std::int64_t v) {
  return v == kNegInf ? -kInf : v;
}
i128 hi_ext(std::int64_t v) {
  return v == kPosInf ? kInf : v;
}
bool is_inf(i128 v) {
  return v >= kInf || v <= -kInf;
}

std::int64_t clamp(i128 v) { return clamp_to_bound(v); }

IntInterval make(i128 lo, i128 hi) {
  IntInterval r{clamp(lo), clamp(hi)};
  return r.is_bottom() ? IntInterval::bottom() : r;
}

/// Extended multiplication; 0 times an infinity is 0 (the corner rule of interval products).
i128 mul_ext(i128 a, i128 b) {
  if (a == 0 || b == 0) return 0;
  if (is_inf(a) || is_inf(b)) return (a < 0) != (b < 0) ? -kInf : kInf;
  return a * b;
}


/// Extended floor(x / y) for y >= 1 (y may be +infinity).
i128 fdiv_ext(i128 x, i128 y) {
  if (y >= kInf) return x >= 0 ? 0 : -1;
  if (is_inf(x)) return x;
  return floor_div(x, y);
}

IntInterval neg(const IntInterval& a) {
  if (a.is_bottom()) return a;
  return make(-hi_ext(a.hi), -lo_ext(a.lo));
}

/// Corners of floor(a / b) for b >= 1.
IntInterval floordiv_pos(const IntInterval& a, const IntInterval& b) {
  i128 lo = kInf, hi = -kInf;
  for (i128 x : {lo_ext(a.lo), hi_ext(a.hi)}) {
    for (i128 y : {lo_ext(b.lo), hi_ext(b.hi)}) {
      i128 q = fdiv_ext(x, y);
      lo = std::min(lo, q);
      hi = std::max(hi, q);
    }
  }
  return make(lo, hi);
}

/// a mod b for b >= 1: within [0, b.hi - 1], tighter when a is small or within one period.
IntInterval mod_pos(const IntInterval& a, const IntInterval& b) {
  if (a.lo >= 0 && a.hi != kPosInf && a.hi < b.lo) return a;
  if (b.is_point() && b.hi != kPosInf && a.lo != kNegInf && a.hi != kPosInf &&
      floor_div(a.lo, b.lo) == floor_div(a.hi, b.lo)) {
    i128 base = floor_div(a.lo, b.lo) * b.lo;
    return make(a.lo - base, a.hi - base);
  }
  std::int64_t hi = b.hi == kPosInf ? kPosInf : b.hi - 1;
  if (a.lo >= 0) hi = std::min(hi, a.hi);
  return {0, hi};
}

/// Applies f to the strictly positive and strictly negative parts of the divisor b and joins.
/// A zero divisor is excluded: Python raises, so no execution continues with that value.
template <typename F>
IntInterval split_divisor(const IntInterval& a, const IntInterval& b, F f) {
  if (a.is_bottom() || b.is_bottom()) return IntInterval::bottom();
  IntInterval r = IntInterval::bottom();
  bool any = false;
  if (b.hi >= 1) {
    r = r.join(f(a, IntInterval{std::max<std::int64_t>(b.lo, 1), b.hi}, false));
    any = true;
  }
  if (b.lo <= -1) {
    r = r.join(f(neg(a), neg(IntInterval{b.lo, std::min<std::int64_t>(b.hi, -1)}), true));
    any = true;
  }
  return any ? r : IntInterval::top();
}

/// x**n in extended arithmetic; magnitudes beyond int64 become infinite (clamped anyway).
i128 pow_ext(i128 x, std::size_t n) {
  i128 r = 1;
  for (std::size_t i = 0; i < n; ++i) {
    r = mul_ext(r, x);
    if (r > kPosInf) r = kInf;
    if (r < kNegInf) r = -kInf;
  }
  return r;
}

}  // namespace

// ---- IntInterval -------------------------------------------------------------------------------

IntInterval IntInterval::meet(const IntInterval& o) const {
  IntInterval r{std::max(lo, o.lo), std::min(hi, o.hi)};
  return r.is_bottom() ? bottom() : r;
}

IntInterval IntInterval::join(const IntInterval& o) const {
  if (is_bottom()) return o;
  if (o.is_bottom()) return *this;
  return {std::min(lo, o.lo), std::max(hi, o.hi)};
}

IntInterval operator+(const IntInterval& a, const IntInterval& b) {
  if (a.is_bottom() || b.is_bottom()) return IntInterval::bottom();
  return make(lo_ext(a.lo) + lo_ext(b.lo), hi_ext(a.hi) + hi_ext(b.hi));
}

IntInterval operator-(const IntInterval& a, const IntInterval& b) {
  if (a.is_bottom() || b.is_bottom()) return IntInterval::bottom();
  return make(lo_ext(a.lo) - hi_ext(b.hi), hi_ext(a.hi) - lo_ext(b.lo));
}

IntInterval operator*(const IntInterval& a, const IntInterval& b) {
  if (a.is_bottom() || b.is_bottom()) return IntInterval::bottom();
  i128 lo = kInf, hi = -kInf;
  for (i128 x : {lo_ext(a.lo), hi_ext(a.hi)}) {
    for (i128 y : {lo_ext(b.lo), hi_ext(b.hi)}) {
      i128 p = mul_ext(x, y);
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  }
  return make(lo, hi);
}

IntInterval IntInterval::floordiv(const IntInterval& a, const IntInterval& b) {
  // For b < 0: a // b == (-a) // (-b).
  return split_divisor(a, b, [](const IntInterval& x, const IntInterval& y, bool) { return floordiv_pos(x, y); });
}

IntInterval IntInterval::mod(const IntInterval& a, const IntInterval& b) {
  // For b < 0: a % b == -((-a) % (-b)).
  return split_divisor(a, b, [](const IntInterval& x, const IntInterval& y, bool negated) {
    IntInterval r = mod_pos(x, y);
    return negated ? neg(r) : r;
  });
}

IntInterval IntInterval::min(const IntInterval& a, const IntInterval& b) {
  if (a.is_bottom() || b.is_bottom()) return bottom();
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}

IntInterval IntInterval::max(const IntInterval& a, const IntInterval& b) {
  if (a.is_bottom() || b.is_bottom()) return bottom();
  return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}

IntInterval IntInterval::power(const IntInterval& b, unsigned n) {
  if (b.is_bottom()) return b;
  i128 l = pow_ext(lo_ext(b.lo), n), h = pow_ext(hi_ext(b.hi), n);
  if (n % 2 == 1 || b.lo >= 0) return make(l, h);
  if (b.hi <= 0) return make(h, l);
  return make(0, std::max(l, h));
}

__int128 floor_div(__int128 n, __int128 d) {
  __int128 q = n / d;
  if (n % d != 0 && ((n < 0) != (d < 0))) --q;
  return q;
}

std::int64_t clamp_to_bound(__int128 v) {
  if (v <= IntInterval::kNegInf) return IntInterval::kNegInf;
  if (v >= IntInterval::kPosInf) return IntInterval::kPosInf;
  return static_cast<std::int64_t>(v);
}

IntInterval IntInterval::widen(const IntInterval& later) const {
  if (is_bottom()) return later;
  if (later.is_bottom()) return *this;
  return {later.lo < lo ? kNegInf : lo, later.hi > hi ? kPosInf : hi};
}

}  // namespace tenscan::domain
