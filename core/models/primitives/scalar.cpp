// Python floats: random draws and the math module's functions, on the float domain
// (domain/float_range.h).
#include <cmath>
#include <numbers>

#include "models/prim.h"

namespace tenscan::models {
namespace {

using F = domain::FloatRange;

// _tenscan.float_between(a, b[, b_reached]): a float between two numbers (in either order;
// None: any finite float on that side), as random.uniform draws it; b_reached False: b itself is
// never drawn (random.random's 1.0)
Outs float_between(Interpreter&, State&& st, Args& a) {
  F r = F::bottom();
  for (std::size_t i = 0; i < 2; ++i) {
    const Value v = i < a.pos.size() ? a.pos[i] : Value::none();
    F x = F::top();
    if (v.kind == VKind::Float) x = v.f;
    else if (auto c = v.const_int()) x = F::point(static_cast<double>(*c));
    else if (v.is_none()) x = F::point(i == 0 ? -F::kMax : F::kMax).with_reached(false, false);  // a draw is finite
    r = r.join(x);
  }
  // a continuous draw: dense, its bounds reached where they are numbers the program gave
  if (a.pos.size() > 2 && a.pos[2].kind == VKind::Bool && a.pos[2].b.is_false()) {
    // (the interval stays closed: a comparison with the bound stays undecided, as it was)
    const double b = a.pos[1].kind == VKind::Float ? a.pos[1].f.lo : r.hi;
    if (r.hi == b) r.hi_reached = false;
    if (r.lo == b) r.lo_reached = false;
  }
  return interp::one(std::move(st), Value::floating(F::between(r.lo, r.hi, r.nan).with_reached(r.lo_reached, r.hi_reached, true)));
}

// _tenscan.float_part(lo, hi, lo_open, hi_open): a part of a declared space's float interval,
// from lo to hi, without lo or hi where open: as doubles are discrete, an open bound is the
// next double inside it, so that comparisons with the bound are decided ([-0.1, 0) is below 0).
Outs float_part(Interpreter&, State&& st, Args& a) {
  auto number = [&](std::size_t i) -> std::optional<double> {
    if (i >= a.pos.size()) return std::nullopt;
    if (a.pos[i].kind == VKind::Float && a.pos[i].f.constant()) return *a.pos[i].f.constant();
    if (auto c = a.pos[i].const_int()) return static_cast<double>(*c);
    return std::nullopt;
  };
  auto open = [&](std::size_t i) { return i < a.pos.size() && a.pos[i].kind == VKind::Bool && a.pos[i].b.is_true(); };
  auto lo = number(0), hi = number(1);
  if (!lo || !hi || !std::isfinite(*lo) || !std::isfinite(*hi)) return interp::one(std::move(st), Value::floating(F::top()));
  double l = open(2) ? std::nextafter(*lo, *hi) : *lo, h = open(3) ? std::nextafter(*hi, *lo) : *hi;
  if (l > h) std::swap(l, h);
  // (the nudged bounds are reached; an open one is said as open: FloatRange::describe)
  return interp::one(std::move(st), Value::floating(F::between(l, h, false).with_reached(!open(2), !open(3), true)));
}

// One function of the math module. Python's math raises for an argument outside the domain
// ("math domain error") and for a finite argument whose result overflows ("math range error"),
// so of a finite argument the result is finite.
struct MathFn {
  const char* name;
  double (*fn)(double);
  F range;          ///< every result of a finite argument
  double domain_lo;  ///< the smallest argument accepted (-inf: all)
  bool open;        ///< domain_lo itself is outside the domain (log(0))
  bool increasing;  ///< monotone: the result's range is the bounds' results
};

double sqrt_fn(double x) { return std::sqrt(x); }
double log_fn(double x) { return std::log(x); }
double log2_fn(double x) { return std::log2(x); }
double log10_fn(double x) { return std::log10(x); }
double log1p_fn(double x) { return std::log1p(x); }
double exp_fn(double x) { return std::exp(x); }
double tanh_fn(double x) { return std::tanh(x); }
double atan_fn(double x) { return std::atan(x); }
double cos_fn(double x) { return std::cos(x); }
double sin_fn(double x) { return std::sin(x); }

constexpr double kInf = F::kInf, kMax = F::kMax, kHalfPi = std::numbers::pi / 2;

const MathFn kMath[] = {
    {"sqrt", sqrt_fn, {0.0, kMax, false}, 0.0, false, true},
    {"log", log_fn, {-kMax, kMax, false}, 0.0, true, true},
    {"log2", log2_fn, {-kMax, kMax, false}, 0.0, true, true},
    {"log10", log10_fn, {-kMax, kMax, false}, 0.0, true, true},
    {"log1p", log1p_fn, {-kMax, kMax, false}, -1.0, true, true},
    {"exp", exp_fn, {0.0, kMax, false}, -kInf, false, true},
    {"tanh", tanh_fn, {-1.0, 1.0, false}, -kInf, false, true},
    {"atan", atan_fn, {-kHalfPi, kHalfPi, false}, -kInf, false, true},
    {"cos", cos_fn, {-1.0, 1.0, false}, -kInf, false, false},
    {"sin", sin_fn, {-1.0, 1.0, false}, -kInf, false, false},
};

bool in_domain(const MathFn& m, double x) { return m.open ? x > m.domain_lo : x >= m.domain_lo; }

// _tenscan.math_fn(name, x): math.<name>(x) for an int or float x; exact when x is known, a range
// when the function is monotone, the function's range otherwise; an unknown float for any other
// argument.
Outs math_fn(Interpreter& in, State&& st, Args& a) {
  const std::string* name = a.pos.empty() ? nullptr : a.pos[0].const_str();
  const MathFn* m = nullptr;
  for (const auto& row : kMath)
    if (name && *name == row.name) m = &row;
  const Value x = a.pos.size() > 1 ? a.pos[1] : Value::none();
  if (!m || (x.kind != VKind::Float && x.kind != VKind::Int && x.kind != VKind::Bool))
    return interp::one(std::move(st), Value::floating(F::top()));
  F r = interp::as_float(st, x);
  if (auto c = r.constant(); c && !std::isnan(*c)) {
    if (!in_domain(*m, *c) || (!std::isinf(*c) && std::isinf(m->fn(*c))) || (std::isinf(*c) && !m->increasing)) {
      // the program's own failure (the argument is its value): a finding at its call
      Outs out = in.raise(std::move(st), m->name == std::string("exp") ? "OverflowError" : "ValueError",
                          m->name == std::string("exp") ? "math range error" : "math domain error");
      out[0].st.raised.mut().program_error = true;
      return out;
    }
    return interp::one(std::move(st), Value::floating(F::point(m->fn(*c))));
  }
  // an argument that reaches outside the domain (random.random() reaches 0.0): a possible failure
  if (m->domain_lo > -kInf) {
    const double last_out = m->open ? m->domain_lo : std::nextafter(m->domain_lo, -kInf);
    if (r.hazard(-kInf, last_out) != F::Reach::None)
      in.hazard(st, RuleId::NumDomain,
                interp::Msg() << "math." << m->name << ": its argument can be " << (m->open ? "" : "below ")
                              << domain::python_repr(m->domain_lo) << (m->open ? " or less" : "") << " (it is "
                              << r.describe() << "): Python raises ValueError: math domain error there; guard the "
                              << "argument or add an epsilon",
                {}, false);
  }
  // the arguments inside the domain (the others raise)
  if (!r.empty()) r.lo = std::max(r.lo, m->domain_lo);
  F out = m->range;
  if (m->increasing && !r.empty() && r.lo <= r.hi) {
    // the library's result may be an ulp off: round outwards
    double lo = m->fn(r.lo), hi = m->fn(r.hi);
    out = out.meet(F{std::isinf(lo) ? lo : std::nextafter(lo, -kInf), std::isinf(hi) ? hi : std::nextafter(hi, kInf), false,
                     r.lo_reached, r.hi_reached});
  }
  if (!r.is_finite()) {
    // an infinite argument gives the limit (exp(inf) = inf) or raises (cos(inf)); NaN gives NaN
    if (m->increasing && r.may_be_infinite()) out = out.join(F{m->fn(r.lo), m->fn(r.hi), false});
    out.nan = out.nan || r.nan;
  }
  return interp::one(std::move(st), Value::floating(out));
}

// _tenscan.float_test(kind, x): math.isnan / isinf / isfinite (kind "nan", "inf", "finite") of
// an int or float x, decided by its range where the range decides it
Outs float_test(Interpreter&, State&& st, Args& a) {
  const std::string* kind = a.pos.empty() ? nullptr : a.pos[0].const_str();
  const Value x = a.pos.size() > 1 ? a.pos[1] : Value::none();
  if (!kind || (x.kind != VKind::Float && x.kind != VKind::Int && x.kind != VKind::Bool))
    return interp::one(std::move(st), Value::unknown("math." + (kind ? "is" + *kind : std::string("isnan")) + "()"));
  F r = interp::as_float(st, x);
  bool only_inf = !r.empty() && r.lo == r.hi && std::isinf(r.lo);
  bool may_be_finite = !r.empty() && !only_inf;
  std::optional<bool> answer;
  if (*kind == "nan") {
    if (!r.nan) answer = false;
    else if (r.empty()) answer = true;
  } else if (*kind == "inf") {
    if (!r.may_be_infinite()) answer = false;
    else if (only_inf && !r.nan) answer = true;
  } else {
    if (r.is_finite()) answer = true;
    else if (!may_be_finite) answer = false;
  }
  if (!answer) return interp::one(std::move(st), Value::unknown("math.is" + *kind + "()"));
  return interp::one(std::move(st), Value::boolean(*answer));
}

const PrimRow kRows[] = {
    {"float_between", float_between},
    {"float_part", float_part},
    {"math_fn", math_fn},
    {"float_test", float_test},
};

}  // namespace

std::span<const PrimRow> scalar_primitives() { return kRows; }

}  // namespace tenscan::models
