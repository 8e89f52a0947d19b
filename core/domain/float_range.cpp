// The float domain of float_range.h.
#include "domain/float_range.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

namespace tenscan::domain {

namespace {

constexpr double kInf = FloatRange::kInf;

// One ulp outwards (the infinities stay), where the library's function may not be monotone.
double down(double x) { return std::isinf(x) ? x : std::nextafter(x, -kInf); }
double up(double x) { return std::isinf(x) ? x : std::nextafter(x, kInf); }

// The range of op over the corners of a and b: op is monotone in each argument on the part of
// the plane the corners span (the callers split where it is not). NaN corners set `nan`. No
// outward rounding is needed: Python computes the rounded result, and rounding to nearest is
// monotone, so the rounded corners bound the rounded results inside.
// A corner's result is reached when both bounds it combines are; a bound of the result is
// reached when a corner that gives it is.
template <typename Op>
FloatRange corners(const FloatRange& a, const FloatRange& b, Op op) {
  FloatRange r = FloatRange::bottom();
  r.nan = a.nan || b.nan;
  if (a.empty() || b.empty()) return r;
  // (a continuous operation's image of two dense ranges is dense)
  r.dense = a.dense && b.dense;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const double x = i ? a.hi : a.lo, y = j ? b.hi : b.lo;
      const bool reached = (i ? a.hi_reached : a.lo_reached) && (j ? b.hi_reached : b.lo_reached);
      double z = op(x, y);
      if (std::isnan(z)) {
        r.nan = true;
        continue;
      }
      if (z < r.lo) r.lo = z, r.lo_reached = reached;
      else if (z == r.lo) r.lo_reached = r.lo_reached || reached;
      if (z > r.hi) r.hi = z, r.hi_reached = reached;
      else if (z == r.hi) r.hi_reached = r.hi_reached || reached;
    }
  }
  // one result whatever the operands are (x + inf, x * 0): every run that gets here makes it
  if (r.lo == r.hi) r.lo_reached = r.hi_reached = r.dense = true;
  return r;
}

// The result of an operation on a and b under the file comment's assumption: when both are
// finite and not both known, it does not overflow (and so, with no infinite operand, it is not
// NaN either: Python raises on 0.0 / 0.0).
FloatRange no_overflow(const FloatRange& a, const FloatRange& b, FloatRange r) {
  if (!a.is_finite() || !b.is_finite() || (a.constant() && b.constant()) || r.empty()) return r;
  // (a bound the assumption moves is not one the program reaches)
  return {std::max(r.lo, -FloatRange::kMax), std::min(r.hi, FloatRange::kMax), false,
          r.lo_reached && r.lo >= -FloatRange::kMax, r.hi_reached && r.hi <= FloatRange::kMax, r.dense};
}

}  // namespace

FloatRange FloatRange::point(double x) {
  if (std::isnan(x)) return {kInf, -kInf, true};
  return {x, x, false, true, true, true};
}

FloatRange FloatRange::between(double l, double h, bool n, bool reached) {
  if (std::isnan(l)) l = -kInf;
  if (std::isnan(h)) h = kInf;
  return {l, h, n, reached, reached, reached};
}

std::optional<double> FloatRange::constant() const {
  if (!nan && lo == hi) return lo;
  if (nan && empty()) return std::nan("");
  return std::nullopt;
}

bool FloatRange::contains(double x) const { return std::isnan(x) ? nan : lo <= x && x <= hi; }

bool FloatRange::reaches(double x) const {
  if (std::isnan(x) || !contains(x)) return false;
  return (x == lo && lo_reached) || (x == hi && hi_reached) || (dense && lo < x && x < hi) ||
         (integral && x == std::floor(x));
}

FloatRange::Reach FloatRange::hazard(double a, double b) const {
  if (empty() || b < a) return Reach::None;
  if (lo_reached && hi_reached && (dense || integral || lo == hi) && a <= lo && hi <= b) return Reach::All;
  bool some = (lo_reached && a <= lo && lo <= b) || (hi_reached && a <= hi && hi <= b);
  if (dense) some = some || std::min(b, hi) - std::max(a, lo) > kPointLike;
  // (an integer draw is each integer in its range: 0 among them)
  if (integral) some = some || std::ceil(std::max(a, lo)) <= std::min(b, hi);
  return some ? Reach::Some : Reach::None;
}

bool FloatRange::leq(const FloatRange& o) const {
  if (nan && !o.nan) return false;
  if (empty()) return true;
  if (!(o.lo <= lo && hi <= o.hi)) return false;
  // at the same bound, one not known to be reached is the larger (it claims less); a dense
  // range is below only dense ones or ones that are not
  return !(lo == o.lo && o.lo_reached && !lo_reached) && !(hi == o.hi && o.hi_reached && !hi_reached) &&
         (!o.dense || dense) && (!o.integral || integral);
}

FloatRange FloatRange::join(const FloatRange& o) const {
  if (empty()) return {o.lo, o.hi, nan || o.nan, o.lo_reached, o.hi_reached, o.dense, o.integral};
  if (o.empty()) return {lo, hi, nan || o.nan, lo_reached, hi_reached, dense, integral};
  FloatRange r{std::min(lo, o.lo), std::max(hi, o.hi), nan || o.nan};
  // (the hull of two dense ranges that overlap is dense; a gap between them is not; the same
  // for integers, whose ranges may also touch)
  r.dense = dense && o.dense && std::max(lo, o.lo) <= std::min(hi, o.hi);
  r.integral = integral && o.integral && std::max(lo, o.lo) <= std::min(hi, o.hi) + 1;
  // a bound is reached when every side that has it reaches it
  r.lo_reached = (lo != r.lo || lo_reached) && (o.lo != r.lo || o.lo_reached);
  r.hi_reached = (hi != r.hi || hi_reached) && (o.hi != r.hi || o.hi_reached);
  return r;
}

FloatRange FloatRange::meet(const FloatRange& o) const {
  FloatRange r{std::max(lo, o.lo), std::min(hi, o.hi), nan && o.nan};
  if (r.empty()) {
    r.lo = kInf, r.hi = -kInf;
    return r;
  }
  r.lo_reached = (lo == r.lo && lo_reached) || (o.lo == r.lo && o.lo_reached);
  r.hi_reached = (hi == r.hi && hi_reached) || (o.hi == r.hi && o.hi_reached);
  r.dense = dense || o.dense;
  r.integral = integral || o.integral;
  return r;
}

FloatRange FloatRange::widen(const FloatRange& later) const {
  if (empty()) return later.join(*this);
  if (later.empty()) return join(later);
  FloatRange r = join(later);
  bool finite = is_finite() && later.is_finite() && !(constant() && later.constant());
  // a bound that moved is a limit of the analysis, not a value the program is known to reach
  if (later.lo < lo) r.lo = lo > 0 && later.lo >= 0 ? 0.0 : finite ? -kMax : -kInf, r.lo_reached = r.dense = r.integral = false;
  if (later.hi > hi) r.hi = hi < 0 && later.hi <= 0 ? 0.0 : finite ? kMax : kInf, r.hi_reached = r.dense = r.integral = false;
  return r;
}

FloatRange operator+(const FloatRange& a, const FloatRange& b) {
  return no_overflow(a, b, corners(a, b, [](double x, double y) { return x + y; }));
}

FloatRange operator-(const FloatRange& a, const FloatRange& b) {
  return no_overflow(a, b, corners(a, b, [](double x, double y) { return x - y; }));
}

FloatRange operator-(const FloatRange& a) {
  if (a.empty()) return a;
  return {-a.hi, -a.lo, a.nan, a.hi_reached, a.lo_reached, a.dense, a.integral};
}

FloatRange operator*(const FloatRange& a, const FloatRange& b) {
  FloatRange r = corners(a, b, [](double x, double y) { return x * y; });
  // 0 * inf is NaN, also when the zero is not a corner
  if ((a.may_be_zero() && b.may_be_infinite()) || (b.may_be_zero() && a.may_be_infinite())) r.nan = true;
  // and 0 times a finite number is 0, also when every corner is NaN
  auto finite_member = [](const FloatRange& x) { return !x.empty() && !(x.lo == x.hi && std::isinf(x.lo)); };
  if ((a.may_be_zero() && finite_member(b)) || (b.may_be_zero() && finite_member(a))) {
    FloatRange zero = FloatRange::point(0.0);
    zero.lo_reached = zero.hi_reached = a.reaches(0.0) || b.reaches(0.0);
    r = r.join(zero);
  }
  return no_overflow(a, b, r);
}

FloatRange operator/(const FloatRange& a, const FloatRange& b) {
  bool nan = a.nan || b.nan || (a.may_be_infinite() && b.may_be_infinite());
  if (a.empty() || b.empty()) return {kInf, -kInf, nan};
  if (b.may_be_zero()) {
    // divisors near zero: any magnitude (a zero divisor itself raises)
    if (b.lo == 0.0 && b.hi == 0.0) return {kInf, -kInf, nan};
    return no_overflow(a, b, {-kInf, kInf, nan});
  }
  FloatRange r = corners(a, b, [](double x, double y) { return x / y; });
  r.nan = r.nan || nan;
  if (a.may_be_zero() && !r.empty()) r = r.join(FloatRange::point(0.0).with_reached(a.reaches(0.0), a.reaches(0.0)));
  return no_overflow(a, b, r);
}

FloatRange FloatRange::floordiv(const FloatRange& a, const FloatRange& b) {
  FloatRange q = a / b;
  if (q.empty()) return q;
  if (auto c = a.constant(), d = b.constant(); c && d && !std::isnan(*c) && !std::isnan(*d) && *d != 0.0)
    return point(std::floor(*c / *d));
  return no_overflow(a, b, {std::floor(q.lo) - 1.0, std::floor(q.hi), q.nan || a.may_be_infinite()});  // (not reached)
}

FloatRange FloatRange::mod(const FloatRange& a, const FloatRange& b) {
  auto c = a.constant(), d = b.constant();
  if (c && d && !std::isnan(*c) && !std::isnan(*d) && *d != 0.0) {
    double r = std::fmod(*c, *d);
    if (r != 0.0 && ((r < 0) != (*d < 0))) r += *d;  // the sign of the divisor, as Python's %
    return point(r);
  }
  bool nan = a.nan || b.nan || a.may_be_infinite();
  if (b.empty()) return {kInf, -kInf, nan};
  // the result has the divisor's sign and a smaller magnitude
  double m = std::max(std::fabs(b.lo), std::fabs(b.hi));
  return {b.lo < 0 ? -m : 0.0, b.hi > 0 ? m : 0.0, nan};
}

FloatRange FloatRange::pow(const FloatRange& a, const FloatRange& b) {
  auto c = a.constant(), d = b.constant();
  if (c && d) return point(std::pow(*c, *d));
  bool nan = a.nan || b.nan;
  if (a.empty() || b.empty()) return {kInf, -kInf, nan};
  // a non-negative base to a fixed positive power: monotone in the base
  if (a.lo >= 0 && d && *d > 0) {
    FloatRange r{std::pow(a.lo, *d), std::pow(a.hi, *d), nan};
    // (the outward ulp: a reached base's power is reached, one ulp is the library's leeway)
    return no_overflow(a, b, {down(r.lo), up(r.hi), nan, a.lo_reached, a.hi_reached, a.dense});
  }
  // an even integer power: non-negative
  if (d && std::fmod(*d, 2.0) == 0.0 && *d > 0) {
    FloatRange mag = abs(a);
    return no_overflow(a, b, {down(std::pow(mag.lo, *d)), up(std::pow(mag.hi, *d)), nan, mag.lo_reached, mag.hi_reached,
                              mag.dense});
  }
  return top();
}

FloatRange FloatRange::abs(const FloatRange& a) {
  if (a.empty()) return a;
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return -a;
  const double m = std::max(-a.lo, a.hi);
  return {0.0, m, a.nan, a.reaches(0.0), (m == a.hi && a.hi_reached) || (m == -a.lo && a.lo_reached), a.dense};
}

Tri FloatRange::lt(const FloatRange& a, const FloatRange& b) {
  if (a.empty() || b.empty()) return Tri::False;  // NaN compares false
  if (a.lo >= b.hi) return Tri::False;
  if (a.hi < b.lo && !a.nan && !b.nan) return Tri::True;
  return Tri::Unknown;
}

Tri FloatRange::le(const FloatRange& a, const FloatRange& b) {
  if (a.empty() || b.empty()) return Tri::False;
  if (a.lo > b.hi) return Tri::False;
  if (a.hi <= b.lo && !a.nan && !b.nan) return Tri::True;
  return Tri::Unknown;
}

Tri FloatRange::eq(const FloatRange& a, const FloatRange& b) {
  if (a.empty() || b.empty()) return Tri::False;
  if (a.hi < b.lo || b.hi < a.lo) return Tri::False;
  if (a.lo == a.hi && b.lo == b.hi && !a.nan && !b.nan) return Tri::True;  // (lo == hi: so a == b here)
  return Tri::Unknown;
}

Tri FloatRange::truth() const {
  if (!contains(0.0)) return Tri::True;
  if (lo == 0.0 && hi == 0.0 && !nan) return Tri::False;
  return Tri::Unknown;
}

std::string python_repr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  // the shortest digits that read back as d, then Python's layout: positional for decimal
  // exponents in [-4, 16), scientific otherwise, always with a point or an exponent
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::size_t e = sci.find('e');
  std::string mant = sci.substr(0, e);
  int exp = std::atoi(sci.c_str() + e + 1);
  bool negative = mant[0] == '-';
  if (negative) mant.erase(0, 1);
  std::string digits;
  for (char ch : mant)
    if (ch != '.') digits += ch;
  std::string out = negative ? "-" : "";
  if (exp >= -4 && exp < 16) {
    auto point = static_cast<std::size_t>(exp) + 1;  // digits before the point (exp >= 0)
    if (exp < 0) {
      out.append("0.").append(static_cast<std::size_t>(-exp - 1), '0').append(digits);
    } else if (point >= digits.size()) {
      out.append(digits).append(point - digits.size(), '0').append(".0");
    } else {
      out.append(digits, 0, point).append(".").append(digits, point, std::string::npos);
    }
  } else {
    out.append(digits, 0, 1);
    if (digits.size() > 1) out.append(".").append(digits, 1, std::string::npos);
    char ebuf[16];
    std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out.append(ebuf);
  }
  return out;
}

std::string FloatRange::describe() const {
  if (auto c = constant()) return python_repr(*c);
  if (is_top() || (lo == -kInf && hi == kInf)) return "a float";
  if (empty()) return "nan";
  std::string s;
  if (lo == -kMax && hi == kMax) s = "a finite float";
  else if (hi == kMax) s = "a finite float >= " + python_repr(lo);
  else if (lo == -kMax) s = "a finite float <= " + python_repr(hi);
  else {
    // an unreached bound one double from a number written shorter is that number, left out:
    // "[-0.1, 0.0)" (a part of a declared interval, open at the cut: _tenscan.float_part)
    auto bound = [](double x, bool reached, double outward, char closed, char open) {
      const double next = std::nextafter(x, outward) + 0.0;  // (+ 0.0: no "-0.0")
      return !reached && python_repr(next).size() < python_repr(x).size() ? std::pair{python_repr(next), open}
                                                                           : std::pair{python_repr(x), closed};
    };
    const auto [l, lb] = bound(lo, lo_reached, -kInf, '[', '(');
    const auto [h, hb] = bound(hi, hi_reached, kInf, ']', ')');
    s = "a float in " + std::string(1, lb) + l + ", " + h + std::string(1, hb);
  }
  return nan ? s + " or nan" : s;
}

}  // namespace tenscan::domain
