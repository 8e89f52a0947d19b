// The float domain: what the analyzer knows of a Python float (an IEEE double) on one path.
// The values that are not NaN lie in the closed interval [lo, hi], whose bounds may be the
// infinities (float('inf') is a float like any other); `nan` says whether it may be NaN. A
// known float is a point; a float nothing is known of is top.
//
// The arithmetic is Python's: IEEE double operations, rounded to nearest. Rounding is monotone,
// so the rounded results at an interval's corners bound the rounded results inside it; only
// pow(), whose library implementation need not be monotone, rounds its bounds outwards. Division by zero raises in Python (ZeroDivisionError) instead of
// giving an infinity or NaN; the operations here describe the results of the divisions that do
// not raise, and `may_be_zero` tells the caller when one might.
//
// Each bound also says whether it is *reached*: a value the program plausibly produces (a known
// float, a library's documented range such as random()'s [0, 1), an operation's saturation such
// as relu's 0), or only the limit of what the analyzer knows (a float of unknown data, a bound a
// loop's widening moved). A range is also *dense* when every value strictly between its bounds
// is plausible (a draw from [0, 1) and the sums and images of such draws; not the hull of 0 and 1
// that a join of two constants makes, nor a widened range). The numerical checks look only at
// reached values (`reaches`, `hazard`): a value the analyzer cannot know is never by itself a
// finding. In the lattice a bound not known to be reached, or an interior not known to be dense,
// is above the same range that is (it claims less): a join reaches a bound when every side that
// has it does, and top, the float nothing is known of, reaches nothing.
//
// One assumption is made for the shape analysis: arithmetic on floats that are finite and not
// both known does not overflow. A tensor's data read as a float (`loss.item()`), a random draw
// and an int converted to a float are finite(); their sums, products and quotients stay finite
// (the bounds stop at the largest double instead of reaching an infinity), and so do the
// widenings of a loop that accumulates them. Known floats are computed exactly, overflow
// included, and an infinity or NaN the program writes (`best = float("inf")`) is kept. So
// `if val_loss < best` with `best = inf` is decided as training code means it, and whether a
// loss can in fact become NaN or infinite is the numerical analysis's question, not a path of
// the shape analysis.
#pragma once

#include <limits>
#include <optional>
#include <string>

#include "domain/lattice.h"

namespace tenscan::domain {

struct FloatRange {
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr double kMax = std::numeric_limits<double>::max();
  double lo = -kInf;
  double hi = kInf;
  bool nan = true;
  bool lo_reached = false;  ///< lo is a value the program plausibly produces (file comment)
  bool hi_reached = false;  ///< the same for hi
  bool dense = false;       ///< every value strictly between lo and hi is plausible
  /// every integer between lo and hi is plausible (a draw of integers: torch.randint); like
  /// dense, a claim a range without it does not make
  bool integral = false;

  static FloatRange top() { return {}; }
  static FloatRange bottom() { return {kInf, -kInf, false}; }
  /// Every finite double: a float of a tensor's data (see the file comment). Nothing reached.
  static FloatRange finite() { return {-kMax, kMax, false}; }
  /// x itself (NaN: the range that holds only NaN), reached.
  static FloatRange point(double x);
  /// Every double in [lo, hi], and NaN if `nan`; its bounds reached unless said otherwise.
  static FloatRange between(double lo, double hi, bool nan = false, bool reached = true);
  /// The same range with its bounds marked reached or not, and its interior dense or not.
  [[nodiscard]] FloatRange with_reached(bool lo_r, bool hi_r, bool dense_interior) const {
    FloatRange r = *this;
    r.lo_reached = lo_r;
    r.hi_reached = hi_r;
    r.dense = dense_interior;
    return r;
  }
  [[nodiscard]] FloatRange with_reached(bool lo_r, bool hi_r) const { return with_reached(lo_r, hi_r, dense); }
  /// The value when it is known (one double, or NaN).
  [[nodiscard]] std::optional<double> constant() const;
  [[nodiscard]] bool is_bottom() const { return empty() && !nan; }
  [[nodiscard]] bool is_top() const { return lo == -kInf && hi == kInf && nan; }
  /// No value but NaN.
  [[nodiscard]] bool empty() const { return lo > hi; }
  [[nodiscard]] bool contains(double x) const;
  [[nodiscard]] bool may_be_zero() const { return contains(0.0); }
  [[nodiscard]] bool may_be_infinite() const { return !empty() && (lo == -kInf || hi == kInf); }
  /// Neither NaN nor an infinity.
  [[nodiscard]] bool is_finite() const { return !nan && !may_be_infinite(); }
  /// Whether x is one of the reached values (the file comment): a reached bound, a value
  /// inside a dense range, or an integer inside an integral one.
  [[nodiscard]] bool reaches(double x) const;
  /// What the reached values say of a set of unsafe values [a, b] (a closed interval; NaN is
  /// not considered): none of them is in it, some may be (a reached bound is, or a dense range
  /// overlaps it by more than kPointLike: a draw from a continuous range is not exactly 0), or
  /// every value of the range is (both bounds reached, the range dense or one number).
  enum class Reach { None, Some, All };
  static constexpr double kPointLike = 1e-30;
  [[nodiscard]] Reach hazard(double a, double b) const;

  [[nodiscard]] bool leq(const FloatRange& o) const;
  [[nodiscard]] FloatRange join(const FloatRange& o) const;
  [[nodiscard]] FloatRange meet(const FloatRange& o) const;
  /// A bound that moved outwards goes to zero if that keeps its sign (a decaying learning rate
  /// stays non-negative, a growing loss non-negative), else to its infinity, or to the largest
  /// double when both ranges are finite and not both known (a finite accumulation does not
  /// overflow: see the file comment). The ascending chain stabilises after at most three widenings of each bound.
  [[nodiscard]] FloatRange widen(const FloatRange& later) const;
  friend bool operator==(const FloatRange&, const FloatRange&) = default;

  // Python's float operators (see the file comment for division by zero).
  friend FloatRange operator+(const FloatRange& a, const FloatRange& b);
  friend FloatRange operator-(const FloatRange& a, const FloatRange& b);
  friend FloatRange operator*(const FloatRange& a, const FloatRange& b);
  friend FloatRange operator/(const FloatRange& a, const FloatRange& b);
  friend FloatRange operator-(const FloatRange& a);
  static FloatRange floordiv(const FloatRange& a, const FloatRange& b);
  static FloatRange mod(const FloatRange& a, const FloatRange& b);
  static FloatRange pow(const FloatRange& a, const FloatRange& b);
  static FloatRange abs(const FloatRange& a);

  // Python's comparisons (NaN compares unequal to everything, itself included).
  static Tri lt(const FloatRange& a, const FloatRange& b);
  static Tri le(const FloatRange& a, const FloatRange& b);
  static Tri eq(const FloatRange& a, const FloatRange& b);
  /// bool(x): true unless x is 0.0 (NaN is true).
  [[nodiscard]] Tri truth() const;

  /// As Python's repr() prints it when known ("0.5", "1e-05", "inf", "nan"); else e.g.
  /// "a float in [0.0, 1.0]" or "a float".
  [[nodiscard]] std::string describe() const;
};

static_assert(Lattice<FloatRange>);

/// How Python's repr() prints a double.
std::string python_repr(double d);

}  // namespace tenscan::domain
