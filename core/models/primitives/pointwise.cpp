// Pointwise functions of one tensor, one row each: the shape rule (the input's shape), the
// dtype rule (the floating functions make float32 of an integral input), the numerical transfer
// function (numeric.h) and the operand values that make an infinity or a NaN (DEBAR's unsafe
// operations). Stubs call _tenscan.pointwise(x, name); _tenscan.values(t, lo, hi, what) gives a
// tensor the values a library documents (torch.rand's [0, 1), a constant fill).
#include <cmath>
#include <limits>

#include "models/numeric.h"

namespace tenscan::models {
namespace {

using F = FloatRange;
constexpr double kInf = F::kInf;
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// A value as the dtype stores it (float16 and bfloat16 approximated by float32: the bounds that
// matter here, 0 and 1, are the same).
double stored(double v, DType dt) {
  if (dt == DType::Float64 || dt == DType::Complex128 || std::isnan(v) || std::isinf(v)) return v;
  const double max = dtype_max(dt);
  if (std::fabs(v) > max) return v > 0 ? kInf : -kInf;  // (a float cast out of range is undefined)
  return static_cast<double>(static_cast<float>(v));
}

double softplus_fn(double x) { return x > 20 ? x : std::log1p(std::exp(x)); }
double sigmoid_fn(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double relu_fn(double x) { return x > 0 ? x : 0.0; }
double relu6_fn(double x) { return std::min(std::max(x, 0.0), 6.0); }
double silu_fn(double x) { return x * sigmoid_fn(x); }
double neg_fn(double x) { return -x; }
double square_fn(double x) { return x * x; }
double rsqrt_fn(double x) { return 1.0 / std::sqrt(x); }
double reciprocal_fn(double x) { return 1.0 / x; }
double exp_fn(double x) { return std::exp(x); }
double expm1_fn(double x) { return std::expm1(x); }
double log_fn(double x) { return std::log(x); }
double log2_fn(double x) { return std::log2(x); }
double log10_fn(double x) { return std::log10(x); }
double log1p_fn(double x) { return std::log1p(x); }
double sqrt_fn(double x) { return std::sqrt(x); }
double tanh_fn(double x) { return std::tanh(x); }
double atan_fn(double x) { return std::atan(x); }
double asin_fn(double x) { return std::asin(x); }
double acos_fn(double x) { return std::acos(x); }
double erf_fn(double x) { return std::erf(x); }
double floor_fn(double x) { return std::floor(x); }
double ceil_fn(double x) { return std::ceil(x); }
double round_fn(double x) { return std::nearbyint(x); }
double trunc_fn(double x) { return std::trunc(x); }
double sign_fn(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }
double cosh_fn(double x) { return std::cosh(x); }
double sinh_fn(double x) { return std::sinh(x); }
double atanh_fn(double x) { return std::atanh(x); }

/// How a function maps the values of its input.
enum class Curve : std::uint8_t {
  Increasing,  ///< monotone increasing on its domain: the bounds' images
  Decreasing,  ///< monotone decreasing on its domain
  Even,        ///< decreasing below 0, increasing above (square, cosh)
  Bounded,     ///< no monotonicity used: its range
  Same,        ///< the values themselves (abs is Even; copies keep their values)
  Softmax,     ///< in [0, 1]; exactly 0 where the inputs spread further than exp can span
  Finite,      ///< the values with NaN made 0 and the infinities the dtype's extremes (nan_to_num)
};

/// Where an overflow starts, for the dtype at hand: a fixed bound, or the log of the dtype's
/// largest value (exp) or of twice it (cosh and sinh, above it or below its negative).
enum class Limit : std::uint8_t { Fixed, ExpAbove, CoshAbove, CoshBelow };

/// Where an operand makes an infinity or a NaN.
struct Unsafe {
  RuleId rule;
  double lo, hi;  ///< closed; lo > hi: none
  const char* unsafe;  ///< in words ("0 or negative"; empty: the dtype's threshold, `limit`)
  const char* effect;
  const char* fix;
  Limit limit = Limit::Fixed;
};
constexpr Unsafe kSafe{RuleId::NumDomain, 1.0, 0.0, "", "", ""};

struct Pointwise {
  const char* name;
  bool floating;       ///< an integral or bool input gives float32
  Curve shape;
  double (*fn)(double);
  double dom_lo, dom_hi;  ///< outside [dom_lo, dom_hi] the result is NaN
  double range_lo, range_hi;  ///< every result lies here (before saturation)
  /// The value the function saturates to at its lower / upper end (sigmoid's 0 and 1 in
  /// float32, relu's 0; NaN: none): reached when the input goes past where it saturates,
  /// whether or not the input's own bound is reached.
  double sat_lo, sat_hi;
  /// The input below which the function is at sat_lo (relu: 0); -inf: only an unbounded or
  /// reached input reaches it.
  double sat_from;
  Unsafe unsafe[2];
};

constexpr double kTiny = std::numeric_limits<float>::min();  // (the dtype's replaces it)

// the log family: -inf at 0 (log1p: at -1), NaN below
constexpr const char* kLogFix = "add an epsilon or clamp the argument, or use the operation's log-space form";
constexpr Unsafe kLogUnsafe{RuleId::NumLogDomain, -kInf, 0.0, "0 or negative", "is -inf at 0 and NaN below 0", kLogFix};
constexpr Unsafe kLog1pUnsafe{RuleId::NumLogDomain, -kInf, -1.0, "-1 or less", "is -inf at -1 and NaN below -1", kLogFix};
// an infinity reached from below: exp of a value nothing bounds overflows first (log(1 + exp(x)),
// log(sum(exp(x))) written by hand)
constexpr Unsafe kLogInf{RuleId::NumOverflow, kInf, kInf, "inf (an exp before it overflows)", "is inf there",
                         "use F.softplus(x) for log(1 + exp(x)) and torch.logsumexp for log(sum(exp(x))): they do not overflow"};
constexpr Unsafe kCoshUnsafe[2] = {
    {RuleId::NumOverflow, 0, kInf, "", "overflows to inf", "clamp the argument, or compute in log space", Limit::CoshAbove},
    {RuleId::NumOverflow, -kInf, 0, "", "overflows to inf", "clamp the argument, or compute in log space", Limit::CoshBelow}};
// atanh and erfinv: infinite at -1 and 1, NaN beyond
constexpr const char* kUnitFix = "clamp the argument into the open interval, e.g. x.clamp(-1 + eps, 1 - eps)";
constexpr Unsafe kAtanhUnsafe[2] = {
    {RuleId::NumDomain, -kInf, -1.0, "-1 or less", "is -inf at -1 and NaN below", kUnitFix},
    {RuleId::NumDomain, 1.0, kInf, "1 or more", "is inf at 1 and NaN above", kUnitFix}};
constexpr Unsafe kAsinUnsafe[2] = {
    {RuleId::NumDomain, -kInf, -1.0000000000000002, "below -1", "is NaN outside [-1, 1]", "clamp the argument into [-1, 1]"},
    {RuleId::NumDomain, 1.0000000000000002, kInf, "above 1", "is NaN outside [-1, 1]", "clamp the argument into [-1, 1]"}};

const Pointwise kPointwise[] = {
    // name  floating shape  fn  domain  range  saturation  sat_from  unsafe
    {"exp", true, Curve::Increasing, exp_fn, -kInf, kInf, 0.0, kInf, 0.0, kInf, -kInf,
     {{RuleId::NumOverflow, 0, kInf, "", "overflows to inf", "subtract the maximum first, or use torch.logsumexp / F.softmax",
       Limit::ExpAbove},
      kSafe}},
    {"expm1", true, Curve::Increasing, expm1_fn, -kInf, kInf, -1.0, kInf, -1.0, kNaN, -kInf,
     {{RuleId::NumOverflow, 0, kInf, "", "overflows to inf", "subtract the maximum first, or clamp the exponent", Limit::ExpAbove},
      kSafe}},
    {"cosh", true, Curve::Even, cosh_fn, -kInf, kInf, 1.0, kInf, kNaN, kInf, -kInf, {kCoshUnsafe[0], kCoshUnsafe[1]}},
    {"sinh", true, Curve::Increasing, sinh_fn, -kInf, kInf, -kInf, kInf, -kInf, kInf, -kInf, {kCoshUnsafe[0], kCoshUnsafe[1]}},
    {"tan", true, Curve::Bounded, nullptr, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"atanh", true, Curve::Increasing, atanh_fn, -1.0, 1.0, -kInf, kInf, kNaN, kNaN, -kInf, {kAtanhUnsafe[0], kAtanhUnsafe[1]}},
    {"erfinv", true, Curve::Bounded, nullptr, -1.0, 1.0, -kInf, kInf, kNaN, kNaN, -kInf, {kAtanhUnsafe[0], kAtanhUnsafe[1]}},
    {"nan_to_num", false, Curve::Finite, nullptr, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"log", true, Curve::Increasing, log_fn, 0.0, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kLogUnsafe, kLogInf}},
    {"log2", true, Curve::Increasing, log2_fn, 0.0, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kLogUnsafe, kLogInf}},
    {"log10", true, Curve::Increasing, log10_fn, 0.0, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kLogUnsafe, kLogInf}},
    {"log1p", true, Curve::Increasing, log1p_fn, -1.0, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kLog1pUnsafe, kLogInf}},
    {"sqrt", true, Curve::Increasing, sqrt_fn, 0.0, kInf, 0.0, kInf, kNaN, kNaN, -kInf,
     {{RuleId::NumSqrtNegative, -kInf, -std::numeric_limits<double>::denorm_min(), "negative", "is NaN there",
       "clamp the argument at 0 (plus an epsilon if it is differentiated), or compute it in a form that cannot be negative"},
      kSafe}},
    {"rsqrt", true, Curve::Decreasing, rsqrt_fn, 0.0, kInf, 0.0, kInf, kNaN, kNaN, -kInf,
     {{RuleId::NumSqrtNegative, -kInf, -std::numeric_limits<double>::denorm_min(), "negative", "is NaN there",
       "clamp the argument at a small epsilon"},
      {RuleId::NumDivisionByZero, -kTiny, kTiny, "0", "is inf there", "add an epsilon to the argument"}}},
    {"reciprocal", true, Curve::Bounded, reciprocal_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf,
     {{RuleId::NumDivisionByZero, -kTiny, kTiny, "0", "is inf there", "add an epsilon or clamp the argument away from 0"},
      kSafe}},
    {"sigmoid", true, Curve::Increasing, sigmoid_fn, -kInf, kInf, 0.0, 1.0, 0.0, 1.0, -kInf, {kSafe, kSafe}},
    {"tanh", true, Curve::Increasing, tanh_fn, -kInf, kInf, -1.0, 1.0, -1.0, 1.0, -kInf, {kSafe, kSafe}},
    {"softplus", true, Curve::Increasing, softplus_fn, -kInf, kInf, 0.0, kInf, 0.0, kNaN, -kInf, {kSafe, kSafe}},
    {"relu", false, Curve::Increasing, relu_fn, -kInf, kInf, 0.0, kInf, 0.0, kNaN, 0.0, {kSafe, kSafe}},
    {"relu6", false, Curve::Increasing, relu6_fn, -kInf, kInf, 0.0, 6.0, 0.0, 6.0, 0.0, {kSafe, kSafe}},
    {"silu", true, Curve::Bounded, silu_fn, -kInf, kInf, -0.2785, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"gelu", true, Curve::Bounded, nullptr, -kInf, kInf, -0.17, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"elu", true, Curve::Bounded, nullptr, -kInf, kInf, -1.0, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"neg", false, Curve::Decreasing, neg_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"abs", false, Curve::Even, neg_fn, -kInf, kInf, 0.0, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"square", false, Curve::Even, square_fn, -kInf, kInf, 0.0, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"sin", true, Curve::Bounded, nullptr, -kInf, kInf, -1.0, 1.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"cos", true, Curve::Bounded, nullptr, -kInf, kInf, -1.0, 1.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"atan", true, Curve::Increasing, atan_fn, -kInf, kInf, -1.5707963267948966, 1.5707963267948966, kNaN, kNaN, -kInf,
     {kSafe, kSafe}},
    {"asin", true, Curve::Increasing, asin_fn, -1.0, 1.0, -1.5707963267948966, 1.5707963267948966, kNaN, kNaN, -kInf,
     {kAsinUnsafe[0], kAsinUnsafe[1]}},
    {"acos", true, Curve::Decreasing, acos_fn, -1.0, 1.0, 0.0, 3.141592653589793, kNaN, kNaN, -kInf,
     {kAsinUnsafe[0], kAsinUnsafe[1]}},
    {"erf", true, Curve::Increasing, erf_fn, -kInf, kInf, -1.0, 1.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"floor", false, Curve::Increasing, floor_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"ceil", false, Curve::Increasing, ceil_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"round", false, Curve::Increasing, round_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"trunc", false, Curve::Increasing, trunc_fn, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"sign", false, Curve::Increasing, sign_fn, -kInf, kInf, -1.0, 1.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"softmax", true, Curve::Softmax, nullptr, -kInf, kInf, 0.0, 1.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"log_softmax", true, Curve::Bounded, nullptr, -kInf, kInf, -kInf, 0.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    {"logsigmoid", true, Curve::Bounded, nullptr, -kInf, kInf, -kInf, 0.0, kNaN, kNaN, -kInf, {kSafe, kSafe}},
    // copies: the same values
    {"clone", false, Curve::Same, nullptr, -kInf, kInf, -kInf, kInf, kNaN, kNaN, -kInf, {kSafe, kSafe}},
};

// Roundings: their images are integers, not a dense range.
bool discrete(const Pointwise& row) {
  for (const char* n : {"floor", "ceil", "round", "trunc", "sign"})
    if (std::string_view(n) == row.name) return true;
  return false;
}

const Pointwise* find_row(const std::string& name) {
  for (const auto& row : kPointwise)
    if (name == row.name) return &row;
  return nullptr;
}

// The overflow threshold of exp-like rows depends on the dtype: the log of its largest value.
Unsafe for_dtype(const Unsafe& u, DType dt) {
  Unsafe r = u;
  const double ln_max = std::log(dtype_max(dt));
  if (u.limit == Limit::ExpAbove) r.lo = std::nextafter(ln_max, kInf);
  if (u.limit == Limit::CoshAbove) r.lo = std::nextafter(ln_max + std::log(2.0), kInf);
  if (u.limit == Limit::CoshBelow) r.hi = -std::nextafter(ln_max + std::log(2.0), kInf);
  if (u.rule == RuleId::NumDivisionByZero) r.lo = -dtype_tiny(dt), r.hi = dtype_tiny(dt);
  return r;
}

// The values of row applied to x, stored in dtype dt.
F apply(const Pointwise& row, const F& x, DType dt) {
  if (x.empty()) return x;
  if (row.shape == Curve::Same) return x;
  // the part of x inside the domain; outside it, NaN
  bool nan = x.nan || x.lo < row.dom_lo || x.hi > row.dom_hi;
  const double lo = std::max(x.lo, row.dom_lo), hi = std::min(x.hi, row.dom_hi);
  if (lo > hi) return F::between(kInf, -kInf, true, false);
  const bool lo_r = x.reaches(lo), hi_r = x.reaches(hi);
  // (a continuous function's image of a dense range is dense; a rounding's is not)
  const bool dense = x.dense && !discrete(row);
  F r = F::between(row.range_lo, row.range_hi, nan, false);
  auto image = [&](double v) { return stored(row.fn(v), dt); };
  switch (row.shape) {
    case Curve::Increasing:
      r = F::between(image(lo), image(hi), nan, false).with_reached(lo_r, hi_r, dense);
      break;
    case Curve::Decreasing:
      r = F::between(image(hi), image(lo), nan, false).with_reached(hi_r, lo_r, dense);
      break;
    case Curve::Even: {
      F a = F::abs(F::between(lo, hi, false, false).with_reached(lo_r, hi_r, dense));
      double top = stored(std::fabs(row.fn(a.hi)), dt), bottom = stored(std::fabs(row.fn(a.lo)), dt);
      r = F::between(bottom, top, nan, false).with_reached(a.lo_reached, a.hi_reached, dense);
      break;
    }
    case Curve::Bounded:
      if (row.fn && x.constant()) r = F::point(image(*x.constant()));
      break;
    case Curve::Softmax: {
      // the smallest share is at least exp(-(hi - lo)) / n; it underflows to exactly 0 when the
      // spread passes the dtype's range of exp (always for inputs nothing bounds), and the
      // largest share is exactly 1 only then
      const double spread = hi - lo;
      const bool underflows = std::isinf(spread) || stored(std::exp(-spread), dt) == 0.0;
      r = F::between(0.0, 1.0, nan, false).with_reached(underflows, std::isinf(spread), dense);
      break;
    }
    case Curve::Same: break;
    case Curve::Finite: {
      const double max = dtype_max(dt);
      r = F::between(std::isinf(lo) ? (lo < 0 ? -max : max) : lo, std::isinf(hi) ? (hi > 0 ? max : -max) : hi, false, false)
              .with_reached(lo_r, hi_r, dense);
      if (x.nan) r = r.join(F::point(0.0));
      return r;
    }
  }
  r = r.meet(F::between(row.range_lo, row.range_hi, true, false).with_reached(r.lo_reached, r.hi_reached));
  r.nan = nan;
  // saturation: the end value is reached when the input goes past where it saturates
  if (!std::isnan(row.sat_lo) && r.lo == row.sat_lo && (std::isinf(x.lo) || x.lo < row.sat_from)) r.lo_reached = true;
  if (!std::isnan(row.sat_hi) && r.hi == row.sat_hi && std::isinf(x.hi)) r.hi_reached = true;
  return saturate(r, dt);
}

// Which of the library's log-space forms replaces log of this operand, if any.
// Whether an infinity in the operand comes from exp of a difference (exp(x - x.max()), the
// stable log-sum-exp written out): tenscan does not relate x and its maximum, so it takes the
// subtraction for the max trick rather than report an overflow it cannot show.
bool max_subtracted(const TensorVal* operand) {
  int links = 0;
  for (const interp::ValueSource* s = operand ? operand->source.get() : nullptr; s && links < 4; s = s->from.get(), ++links) {
    if (s->op != "exp") continue;
    const interp::ValueSource* input = s->from.get();
    return input && (input->op == "-" || input->op == "sub");
  }
  return false;
}

// The edit that makes log(softmax(x)) log_softmax(x): the log call (the current site) becomes
// the softmax call, renamed, when the operand is that call's result itself; none otherwise.
std::vector<interp::CallRewrite> log_softmax_rewrite(const Interpreter& in, const TensorVal* operand) {
  const interp::ValueSource* s = operand ? operand->source.get() : nullptr;
  if (!s || s->op != "softmax" || !s->loc.line || !in.site().line) return {};
  return {{in.site(), "log", ""}, {s->loc, "softmax", "log_softmax"}};
}

// (the operand's nearest sources: log(p), log(1 - p))
std::string log_fix(const TensorVal* operand, const std::string& generic) {
  int links = 0;
  for (const interp::ValueSource* s = operand ? operand->source.get() : nullptr; s && links < 3; s = s->from.get(), ++links) {
    if (s->op == "softmax") return "use F.log_softmax instead of the log of a softmax, which underflows to exactly 0";
    if (s->op == "sigmoid")
      return "use F.logsigmoid (log(1 - sigmoid(x)) is F.logsigmoid(-x)), or BCEWithLogitsLoss for a loss, instead of the "
             "log of a sigmoid, which saturates to exactly 0 and 1";
  }
  return generic;
}

// The affine form of row `name` applied to a part holding `x` with `form`: a copy keeps it,
// negation negates it, relu and abs are the identity where x >= 0 (DEBAR's ReLU relation) and
// relu is 0 where x <= 0; anything else is not affine.
std::optional<domain::Affine> pointwise_form(const std::string& name, const F& x, const std::optional<domain::Affine>& form) {
  if (!form) return std::nullopt;
  if (name == "clone") return form;
  if (name == "neg") return form->scaled(-1.0);
  if ((name == "relu" || name == "abs") && !x.empty() && x.lo >= 0) return form;
  if (name == "relu" && !x.empty() && x.hi <= 0 && !x.nan) return domain::Affine::constant(0.0);
  if (name == "abs" && !x.empty() && x.hi <= 0) return form->scaled(-1.0);
  return std::nullopt;
}

// _tenscan.pointwise(x, name[, dtype]): row `name` applied to tensor x.
Outs pointwise(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "pointwise");
  if (p.arg(0)) in.summarise(p.st, *p.arg(0));
  const TensorVal* t = p.tensor(0);
  const std::string name = p.str_arg(1).value_or("");
  const Pointwise* row = find_row(name);
  if (!t) {
    const Value* v = p.arg(0);
    return p.ret(v ? *v : Value::unknown("tensor"));
  }
  TensorVal r = *t;
  r.origin = in.site().line ? in.site() : t->origin;
  if (row && row->floating && dtype_is_integer_or_bool(r.dtype)) r.dtype = DType::Float32;
  if (p.present(2, "dtype")) r.dtype = p.dtype_arg(2, "dtype", r.dtype);
  if (!row) {
    r.values = TensorValues::top();
    r.source = nullptr;
    return p.ret(in.new_tensor(p.st, r));
  }
  const F all = t->values.range();
  const std::string op = "torch." + name;
  for (const Unsafe& u : row->unsafe) {
    if (u.lo > u.hi) continue;
    // (log(sum(exp(x - m))) is the max trick: its exp does not overflow, as far as tenscan can tell)
    if (u.rule == RuleId::NumOverflow && std::isinf(u.lo) && max_subtracted(t)) continue;
    Unsafe d = for_dtype(u, r.dtype);
    std::string fix = d.rule == RuleId::NumLogDomain ? log_fix(t, d.fix) : d.fix;
    std::string unsafe = *d.unsafe              ? std::string(d.unsafe)
                         : d.limit == Limit::CoshBelow ? "below " + number_text(d.hi)
                                                       : "above " + number_text(d.lo);
    check_hazard(p, {d.rule, d.lo, d.hi, unsafe, d.effect, fix, d.rule == RuleId::NumLogDomain ? log_softmax_rewrite(in, t) : std::vector<interp::CallRewrite>{}},
                 all, t, op, "its input");
  }
  // part by part; the affine form survives the operations that are affine where the part lies
  r.values = t->values;
  for (auto& part : r.values.parts) {
    const F before = part.range;
    part.range = apply(*row, before, r.dtype);
    part.form = pointwise_form(name, before, part.form);
  }
  r.values = r.values.normalized();
  if (row->shape != Curve::Same)
    r.source = r.values.range().is_top() ? nullptr : value_source(p, made_text(name, r.values.range()), t, name);
  return p.ret(in.new_tensor(p.st, r));
}

// _tenscan.values(t, lo, hi, what[, hi_open]): t with values in [lo, hi] (a Python number each;
// None: unbounded), reached, as the library documents them; `hi_open`: below hi, as the dtype
// stores the largest value below it (torch.rand's [0, 1)).
Outs values(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "values");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret(p.arg(0) ? *p.arg(0) : Value::none());
  auto bound = [&](std::size_t i, double unbounded) {
    const Value* v = p.arg(i);
    if (!v || v->is_none()) return F::point(unbounded);
    return operand_range(in, p.st, *v);
  };
  F lo = bound(1, -kInf), hi = bound(2, kInf);
  TensorVal r = *t;
  F made = F::top();
  if (lo.empty() || hi.empty() || lo.lo > hi.hi) {  // (bounds the library refuses: no values)
    made = F::top();
  } else {
    // a fill whose number is not known: its range, reached as the number's is
    double top = hi.hi;
    if (p.bool_arg(4).value_or(false) && top == 1.0) top = below_one(r.dtype);
    // (a documented range is a continuous draw or one number: dense)
    made = F::between(lo.lo, top, false, false).with_reached(lo.lo_reached && !std::isinf(lo.lo),
                                                              hi.hi_reached && !std::isinf(top), true);
    made = saturate(made, r.dtype);
    // (an integer dtype draws integers: each of them, not the reals between)
    if (interp::dtype_is_integer(r.dtype) && made.lo < made.hi) made.dense = false, made.integral = true;
  }
  // (a fill of a known number is that constant everywhere; anything else is new data)
  r.values = filled(made);
  const std::string what = p.str_arg(3).value_or("the library");
  r.source = made.is_top() ? nullptr : value_source(p, made_text(what, made), nullptr);
  return p.ret(in.new_tensor(p.st, r));
}

// _tenscan.linspace(t, start, end[, endpoint]): the 1-D tensor t (its shape already made,
// [steps]) holding `steps` evenly spaced values from start to end, computed as PyTorch does;
// with `endpoint`, as NumPy does (end included unless it is False). With known numbers and at
// most kMaxParts steps, each element is its own part, its exact value (a stochastic-depth
// schedule, `[x.item() for x in torch.linspace(0, rate, depth)]`, gives each block its own
// rate: the first one 0, a drop path that is off); otherwise the values lie between the ends.
Outs linspace(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "linspace");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape || t->shape->size() != 1) return p.ret(p.arg(0) ? *p.arg(0) : Value::none());
  const F lo = p.arg(1) ? operand_range(in, p.st, *p.arg(1)) : F::top();
  const F hi = p.arg(2) ? operand_range(in, p.st, *p.arg(2)) : F::top();
  const std::optional<bool> numpy_endpoint = p.bool_arg(3);
  const bool endpoint = numpy_endpoint.value_or(true);
  TensorVal r = *t;
  const auto steps = (*t->shape)[0].as_const();
  auto known = [](const F& x) { return !x.nan && x.lo == x.hi && std::isfinite(x.lo); };
  if (known(lo) && known(hi) && steps && *steps >= 1 &&
      static_cast<std::size_t>(*steps) <= domain::TensorValues::kMaxParts) {
    // (PyTorch's kernel: from the start for the first half, from the end for the rest; NumPy:
    // i * step + start, the last one the end itself)
    const double start = lo.lo, end = hi.lo;
    const std::int64_t n = *steps, div = endpoint ? n - 1 : n;
    const double step = div > 0 ? (end - start) / static_cast<double>(div) : 0.0;
    std::vector<domain::TensorValues> parts;
    for (std::int64_t i = 0; i < n; ++i) {
      const auto x = static_cast<double>(i);
      double v = numpy_endpoint ? (endpoint && n > 1 && i == n - 1 ? end : x * step + start)
                 : i < n / 2    ? start + step * x
                                : end - step * static_cast<double>(n - 1 - i);
      if (r.dtype == interp::DType::Float32) v = static_cast<float>(v);
      parts.push_back(filled(F::point(v)));
    }
    r.values = domain::TensorValues::concat(parts, std::vector<std::int64_t>(static_cast<std::size_t>(n), 1), 0);
  } else if (!lo.empty() && !hi.empty() && !lo.nan && !hi.nan) {
    // (every value between the ends' extremes, both ends reached)
    r.values = filled(F::between(std::min(lo.lo, hi.lo), std::max(lo.hi, hi.hi)).with_reached(true, true, true));
  }
  return p.ret(in.new_tensor(p.st, r));
}

// _tenscan.gathered(batch, sample): the minibatch `batch` (its shape already made) holding
// rows like `sample`: the sample's values, their parts and forms (renamed for this minibatch:
// equalities between the columns of one row hold in every row, and two minibatches are
// different rows).
Outs gathered(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "gathered");
  const TensorVal* batch = p.tensor(0);
  const TensorVal* sample = p.tensor(1);
  if (!batch || !sample) return p.ret(p.arg(0) ? *p.arg(0) : Value::none());
  TensorVal r = *batch;
  r.values = sample->values.gathered(domain::view_tag(4, 0, static_cast<std::int64_t>(in.fresh_nonce()), 0, 0));
  r.source = sample->source;
  return p.ret(in.new_tensor(p.st, r));
}

const PrimRow kRows[] = {
    {"pointwise", pointwise},
    {"values", values},
    {"linspace", linspace},
    {"gathered", gathered},
};

}  // namespace

std::span<const PrimRow> pointwise_primitives() { return kRows; }

}  // namespace tenscan::models
