// The integer interval domain: a closed interval of int64 whose extremes stand for -inf and +inf,
// with saturating arithmetic (Python's floor division and modulo included).
#pragma once

#include <cstdint>
#include <limits>

#include "domain/lattice.h"

namespace tenscan::domain {

/// A closed integer interval; bounds saturate at +-infinity (represented by the int64
/// extremes). Empty (bottom) when lo > hi.
struct IntInterval {
  static constexpr std::int64_t kNegInf = std::numeric_limits<std::int64_t>::min();
  static constexpr std::int64_t kPosInf = std::numeric_limits<std::int64_t>::max();
  std::int64_t lo = kNegInf;
  std::int64_t hi = kPosInf;

  static IntInterval top() { return {}; }
  static IntInterval point(std::int64_t v) { return {v, v}; }
  static IntInterval bottom() { return {1, 0}; }
  [[nodiscard]] bool is_bottom() const { return lo > hi; }
  [[nodiscard]] bool is_top() const { return lo == kNegInf && hi == kPosInf; }
  [[nodiscard]] bool is_point() const { return lo == hi; }
  [[nodiscard]] bool contains(std::int64_t v) const { return lo <= v && v <= hi; }
  [[nodiscard]] bool leq(const IntInterval& o) const { return is_bottom() || (o.lo <= lo && hi <= o.hi); }
  [[nodiscard]] IntInterval meet(const IntInterval& o) const;
  [[nodiscard]] IntInterval join(const IntInterval& o) const;
  /// A bound that moved outwards goes to its infinity.
  [[nodiscard]] IntInterval widen(const IntInterval& later) const;
  friend bool operator==(const IntInterval&, const IntInterval&) = default;
  // Sound interval arithmetic with saturation at the infinities.
  friend IntInterval operator+(const IntInterval& a, const IntInterval& b);
  friend IntInterval operator-(const IntInterval& a, const IntInterval& b);
  friend IntInterval operator*(const IntInterval& a, const IntInterval& b);
  static IntInterval floordiv(const IntInterval& a, const IntInterval& b);
  static IntInterval mod(const IntInterval& a, const IntInterval& b);
  static IntInterval min(const IntInterval& a, const IntInterval& b);
  static IntInterval max(const IntInterval& a, const IntInterval& b);
  /// b**n for n >= 1: odd powers are monotone, even powers are non-negative.
  static IntInterval power(const IntInterval& b, unsigned n);
};

static_assert(Lattice<IntInterval>);

/// floor(n / d) for d != 0, in 128 bits.
__int128 floor_div(__int128 n, __int128 d);
/// v clamped into int64, the extremes standing for the infinities (only ever loosens a bound).
std::int64_t clamp_to_bound(__int128 v);

}  // namespace tenscan::domain
