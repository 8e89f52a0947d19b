// The numerical side of the library models (see numeric.h).
#include "models/numeric.h"

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <limits>

namespace tenscan::models {
namespace {

using F = FloatRange;
constexpr double kInf = F::kInf;

// At most this many links of a value's source are related locations of a finding on it.
constexpr int kShownSources = 4;

}  // namespace

double dtype_max(DType dt) {
  switch (dt) {
    case DType::Float16: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e38;
    case DType::Float64:
    case DType::Complex128: return std::numeric_limits<double>::max();
    default: return static_cast<double>(std::numeric_limits<float>::max());
  }
}

double dtype_tiny(DType dt) {
  switch (dt) {
    case DType::Float16: return 6.103515625e-05;
    case DType::BFloat16: return 1.1754943508222875e-38;
    case DType::Float64:
    case DType::Complex128: return std::numeric_limits<double>::min();
    default: return static_cast<double>(std::numeric_limits<float>::min());
  }
}

double below_one(DType dt) {
  switch (dt) {
    case DType::Float16: return 1.0 - 1.0 / 2048;
    case DType::BFloat16: return 1.0 - 1.0 / 256;
    case DType::Float64:
    case DType::Complex128: return std::nextafter(1.0, 0.0);
    default: return static_cast<double>(std::nextafter(1.0F, 0.0F));
  }
}

F saturate(F r, DType dt) {
  if (r.empty()) return r;
  const double max = dtype_max(dt);
  if (r.lo < -max) r.lo = -kInf;
  if (r.hi > max) r.hi = kInf;
  if (r.lo > max) r.lo = kInf;
  if (r.hi < -max) r.hi = -kInf;
  return r;
}

TensorValues saturate(TensorValues v, DType dt) {
  for (auto& part : v.parts) {
    F s = saturate(part.range, dt);
    if (!(s == part.range)) part.form.reset(), part.range = s;
  }
  return v;
}

TensorValues filled(const F& r) {
  auto c = r.constant();
  return TensorValues::of(r, c && std::isfinite(*c) ? std::optional(domain::Affine::constant(*c)) : std::nullopt);
}

F operand_range(const Interpreter& in, const State& st, const Value& v) {
  if (const TensorVal* t = in.tensor_of(st, v)) return t->values.range();
  if (v.kind == VKind::Float) return v.f;
  if (v.kind == VKind::Int || v.kind == VKind::Bool) {
    // a known number is reached; an int the program does not fix is not (its range is what the
    // analysis knows of it)
    F r = interp::as_float(st, v);
    if (!v.const_int() && v.kind != VKind::Bool) r = r.with_reached(false, false, false);
    return r;
  }
  return F::top();
}

TensorValues operand_values(const Interpreter& in, const State& st, const Value& v) {
  if (const TensorVal* t = in.tensor_of(st, v)) return t->values;
  F r = operand_range(in, st, v);
  auto c = r.constant();
  if (c && std::isfinite(*c)) return TensorValues::of(r, domain::Affine::constant(*c));
  return TensorValues::of(r);
}

void set_values(Interpreter& in, interp::Out& o, const TensorValues& values,
                const std::shared_ptr<const interp::ValueSource>* source) {
  if (!o.v.is_obj() || !in.tensor_of(o.st, o.v)) return;
  auto& t = *o.st.heap.mut(o.v.obj).tensor;
  t.values = values;
  in.summarise(t.values);
  if (source) t.source = *source;
}

Outs with_values(Interpreter& in, Outs outs, const TensorValues& values, std::shared_ptr<const interp::ValueSource> source) {
  for (auto& o : outs) set_values(in, o, values, &source);
  return outs;
}

Outs with_values(Interpreter& in, Outs outs, const TensorValues& values) {
  for (auto& o : outs) set_values(in, o, values, nullptr);
  return outs;
}

std::string number_text(double x) {
  if (x == 0.0) x = 0.0;  // (no "-0")
  if (std::isnan(x) || std::isinf(x)) return domain::python_repr(x);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.8g", x);
  return buf;
}

std::string made_text(const std::string& what, const F& values) {
  return what + (values.lo == values.hi ? " makes " : " makes values in ") + values_text(values);
}

std::string values_text(const F& r) {
  if (r.empty()) return "NaN";
  if (r.lo == r.hi) return number_text(r.lo);
  return "[" + number_text(r.lo) + ", " + number_text(r.hi) + "]";
}

std::shared_ptr<const interp::ValueSource> value_source(Prim& p, const std::string& what, const TensorVal* from,
                                                         const std::string& op) {
  auto s = std::make_shared<interp::ValueSource>();
  s->what = what;
  s->op = op;
  s->loc = p.in.site();
  if (from && from->source) {
    s->from = from->source;
    s->depth = from->source->depth + 1;
  }
  return s;
}

void check_hazard(Prim& p, const Hazard& h, const F& values, const TensorVal* operand, const std::string& op,
                  const std::string& operand_text) {
  const F::Reach reach = values.hazard(h.lo, h.hi);
  if (reach == F::Reach::None) return;
  const bool certain = reach == F::Reach::All;
  Msg m;
  m << op << ": " << operand_text;
  if (certain && values.lo == values.hi) m << " is " << values_text(values);
  else if (certain) m << " is " << h.unsafe << " (its values are in " << values_text(values) << ")";
  else m << " can be " << h.unsafe << " (its values are in " << values_text(values) << ")";
  m << ": " << op << " " << h.effect << "; " << h.fix;
  std::vector<RelatedMsg> related;
  int shown = 0;
  for (const interp::ValueSource* s = operand ? operand->source.get() : nullptr; s && shown < kShownSources;
       s = s->from.get(), ++shown) {
    if (!s->loc.line) continue;
    related.push_back({s->loc, Msg() << s->what});
  }
  p.in.hazard(p.st, h.rule, std::move(m), std::move(related), certain, h.rewrite, h.agree);
}

void check_division(Prim& p, const std::string& op, const F& y, const TensorVal* divisor, DType dt) {
  const BinaryModel* m = binary_model(op);
  if (!m || m->division == Division::None) return;
  const bool integral = interp::dtype_is_integer(dt);
  const double tiny = integral ? 0.0 : dtype_tiny(dt);
  const bool remainder = m->division == Division::Remainder;
  // (integer division and remainder by 0 raise "ZeroDivisionError"; float ones give inf or NaN)
  const char* effect = integral      ? "raises RuntimeError: ZeroDivisionError there"
                       : remainder ? "is NaN there"
                                   : "is inf there (NaN for 0 / 0)";
  check_hazard(p, {RuleId::NumDivisionByZero, -tiny, tiny, "0", effect, "add an epsilon to the divisor or clamp it away from 0"},
               y, divisor, remainder ? "remainder" : m->division == Division::Floor ? "floor division" : "division",
               "the divisor");
}

void check_power(Prim& p, const F& x, const F& e, const TensorVal* base, DType dt) {
  auto k = e.constant();
  if (!k || std::isnan(*k) || *k == 0.0 || !interp::dtype_is_float(dt)) return;
  if (*k < 0) {
    const double tiny = dtype_tiny(dt);
    check_hazard(p, {RuleId::NumDivisionByZero, -tiny, tiny, "0", "is inf there (a negative power)",
                     "add an epsilon to the base or clamp it away from 0"},
                 x, base, "the power", "its base");
    return;
  }
  if (*k <= 1.0) return;
  // |x| ** k beyond the largest value: |x| above max ** (1 / k)
  const double limit = std::pow(dtype_max(dt), 1.0 / *k);
  const std::string above = "above " + number_text(limit);
  const std::string below = "below -" + number_text(limit);
  const char* fix = "scale the base down, or compute in log space (k * log(x))";
  check_hazard(p, {RuleId::NumOverflow, std::nextafter(limit, kInf), kInf, above, "overflows to inf", fix}, x, base,
               "the power", "its base");
  check_hazard(p, {RuleId::NumOverflow, -kInf, -std::nextafter(limit, kInf), below, "overflows to inf", fix}, x, base,
               "the power", "its base");
}

bool divides(const std::string& op) {
  const BinaryModel* m = binary_model(op);
  return m && m->division != Division::None;
}

TensorValues broadcast_values(const TensorValues& v, bool same_shape) {
  if (same_shape) return v;
  const TensorValues s = v.smashed();
  const domain::Affine* f = s.form();
  return f && f->terms.empty() ? s : s.without_forms();
}

TensorValues binary_values(const std::string& op, const TensorValues& x, const TensorValues& y, DType dt,
                           std::int64_t rank) {
  // the two split alike: a split side's partition, the other one sliced to it
  TensorValues a = x, b = y;
  if (!a.aligned(b)) {
    auto as_a = b.split_as(a, rank);
    auto as_b = a.split_as(b, rank);
    if (a.partitioned() && as_a) b = *as_a;
    else if (b.partitioned() && as_b) a = *as_b;
    else a = a.smashed(), b = b.smashed();
    if (!a.aligned(b)) a = a.smashed().without_forms(), b = b.smashed().without_forms();
  }
  TensorValues r = a;
  const bool affine = interp::dtype_is_float(dt);
  const BinaryModel* model = binary_model(op);
  for (std::size_t i = 0; i < r.parts.size(); ++i) {
    auto& part = r.parts[i];
    part.range = binary_range(op, a.parts[i].range, b.parts[i].range, dt);
    part.form = affine && model && model->form && a.parts[i].form && b.parts[i].form
                    ? model->form(*a.parts[i].form, *b.parts[i].form)
                    : std::nullopt;
    if (part.form) {
      F m = part.range.meet(part.form->range());
      if (!m.empty() || part.range.empty()) part.range = saturate(m, dt);
    }
  }
  return r.normalized();
}

namespace {

// The binary operations' range transfers and affine forms (BinaryModel).
F add_range(const F& x, const F& y, DType dt) { return saturate(x + y, dt); }
F sub_range(const F& x, const F& y, DType dt) { return saturate(x - y, dt); }
F mul_range(const F& x, const F& y, DType dt) { return saturate(x * y, dt); }

F div_range(const F& x, const F& y, DType dt) {
  if (!y.contains(0.0)) return saturate(x / y, dt);
  // a divisor that may be 0: any magnitude, NaN when the dividend may be 0 too (not reached: the
  // finding check_division made, when there is one, is about it)
  F r = F::between(-kInf, kInf, x.nan || y.nan || x.contains(0.0), false);
  if (x.lo >= 0 && y.lo >= 0) r.lo = 0.0;
  return r;
}

// by a known divisor d: Python's remainder takes d's sign, in [0, |d|) or (-|d|, 0]
F remainder_range(const F& x, const F& y, DType) {
  auto d = y.constant();
  if (!d || *d == 0.0 || std::isnan(*d) || std::isinf(*d) || x.is_top()) return F::top();
  const double m = std::fabs(*d);
  return F::between(*d > 0 ? 0.0 : -m, *d > 0 ? m : 0.0, x.nan || x.may_be_infinite(), false).with_reached(true, false, false);
}

// fmod takes the dividend's sign, within (-|d|, |d|)
F fmod_range(const F& x, const F& y, DType) {
  auto d = y.constant();
  if (!d || *d == 0.0 || std::isnan(*d) || std::isinf(*d) || x.is_top()) return F::top();
  const double m = std::fabs(*d);
  return F::between(x.lo >= 0 ? 0.0 : -m, x.hi <= 0 ? 0.0 : m, x.nan || x.may_be_infinite(), false);
}

// a fixed exponent (Python's float power of the bounds, saturating in the dtype)
F pow_range(const F& x, const F& y, DType dt) { return y.constant() ? saturate(F::pow(x, y), dt) : F::top(); }

// the larger of the two: a bound of y that cuts x's values is reached (clamp's saturation)
F max_range(const F& x, const F& y, DType) {
  F r = F::between(std::max(x.lo, y.lo), std::max(x.hi, y.hi), x.nan || y.nan, false);
  r.dense = x.dense && y.dense;
  r.lo_reached = x.lo >= y.lo ? x.lo_reached : (y.lo_reached || y.constant().has_value());
  r.hi_reached = x.hi >= y.hi ? x.hi_reached : y.hi_reached;
  return r;
}

F min_range(const F& x, const F& y, DType) {
  F r = F::between(std::min(x.lo, y.lo), std::min(x.hi, y.hi), x.nan || y.nan, false);
  r.dense = x.dense && y.dense;
  r.lo_reached = x.lo <= y.lo ? x.lo_reached : y.lo_reached;
  r.hi_reached = x.hi <= y.hi ? x.hi_reached : (y.hi_reached || y.constant().has_value());
  return r;
}

// 0 and 1 only
F bool_range(const F&, const F&, DType) { return F::between(0.0, 1.0).with_reached(true, true, false); }

using Form = domain::Affine;
std::optional<Form> add_form(const Form& a, const Form& b) { return a.plus(b, 1.0); }
std::optional<Form> sub_form(const Form& a, const Form& b) { return a.plus(b, -1.0); }
std::optional<Form> mul_form(const Form& a, const Form& b) {
  if (b.terms.empty()) return a.scaled(b.c);
  if (a.terms.empty()) return b.scaled(a.c);
  return std::nullopt;
}
std::optional<Form> div_form(const Form& a, const Form& b) {
  if (b.terms.empty() && b.c != 0.0) return a.scaled(1.0 / b.c);
  return std::nullopt;
}

// Every binary elementwise operation with a numerical model, by the names the library models
// pass to _tenscan.elementwise: Python's operators, their in-place forms, torch's and NumPy's
// method names. An operation not here has unknown values (its shape rule still applies).
const BinaryModel kBinary[] = {
    {{"+", "+=", "add", "add_"}, add_range, add_form, Division::None, nullptr},
    {{"-", "-=", "sub", "sub_"}, sub_range, sub_form, Division::None, nullptr},
    {{"*", "*=", "mul", "mul_"}, mul_range, mul_form, Division::None, nullptr},
    {{"/", "/=", "div", "div_", "true_divide"}, div_range, div_form, Division::True, nullptr},
    {{"//", "//=", "floor_divide"}, nullptr, nullptr, Division::Floor, nullptr},
    {{"%", "%=", "remainder"}, remainder_range, nullptr, Division::Remainder, nullptr},
    {{"fmod"}, fmod_range, nullptr, Division::Remainder, nullptr},
    {{"**", "pow"}, pow_range, nullptr, Division::None, nullptr},
    {{"max", "maximum", "clamp_min", "clamp_min_"}, max_range, nullptr, Division::None, nullptr},
    {{"min", "minimum", "clamp_max", "clamp_max_"}, min_range, nullptr, Division::None, nullptr},
    {{"<", "lt"}, bool_range, nullptr, Division::None, "<"},
    {{"<=", "le"}, bool_range, nullptr, Division::None, "<="},
    {{">", "gt"}, bool_range, nullptr, Division::None, ">"},
    {{">=", "ge"}, bool_range, nullptr, Division::None, ">="},
    {{"==", "eq"}, bool_range, nullptr, Division::None, "=="},
    {{"!=", "ne"}, bool_range, nullptr, Division::None, "!="},
    {{"isclose"}, bool_range, nullptr, Division::None, nullptr},
};

}  // namespace

const BinaryModel* binary_model(const std::string& op) {
  for (const auto& m : kBinary)
    for (const char* name : m.names)
      if (name && op == name) return &m;
  return nullptr;
}

F binary_range(const std::string& op, const F& x, const F& y, DType dt) {
  const BinaryModel* m = binary_model(op);
  return m && m->range ? m->range(x, y, dt) : F::top();
}

F without(const F& r, double c) {
  if (r.empty() || !r.contains(c)) return r;
  if (r.lo == c && r.hi == c) return F::between(kInf, -kInf, r.nan, false);
  F out = r;
  if (r.lo == c) out.lo_reached = false;
  if (r.hi == c) out.hi_reached = false;
  return out;
}

bool compared_is(const State& st, const interp::ValueSource& guard, const Value& t) {
  if (!guard.compared || !t.is_obj()) return false;
  if (t.obj == guard.compared) return true;
  if (!st.heap.valid(guard.compared) || !st.heap.get(guard.compared).tensor || !st.heap.get(t.obj).tensor) return false;
  const domain::Affine* a = st.heap.get(guard.compared).tensor->values.form();
  const domain::Affine* b = st.heap.get(t.obj).tensor->values.form();
  return a && b && *a == *b;
}

TensorValues stored_values(const Interpreter& in, const State& st, const Value& target, const Value& index,
                           const Value& value) {
  const TensorVal* t = in.tensor_of(st, target);
  if (!t) return TensorValues::top();
  F kept = t->values.range();
  const TensorVal* mask = in.tensor_of(st, index);
  const interp::ValueSource* guard = mask && mask->source ? mask->source.get() : nullptr;
  if (guard && guard->comparison == "==" && compared_is(st, *guard, target)) kept = without(kept, guard->against);
  return TensorValues::of(kept.join(operand_range(in, st, value)));
}

TensorValues indexed_values(const Interpreter& in, const State& st, const TensorVal& t, const Value& index) {
  const TensorValues none = t.values.smashed().without_forms();
  if (!t.shape) return none;
  std::vector<Value> items{index};
  if (const auto* seq = in.sequence_of(st, index); seq && in.heap_kind_is_tuple(st, index)) items = *seq;
  std::vector<std::int64_t> extents;  // the current result's dims (-1: not a constant)
  for (const auto& d : *t.shape) extents.push_back(d.as_const().value_or(-1));
  auto ellipsis = [](const Value& v) { return v.is_unknown() && v.s && *v.s == "Ellipsis"; };
  std::size_t indexing = 0;
  for (const Value& v : items)
    if (!ellipsis(v)) ++indexing;
  if (indexing > extents.size()) return none;
  auto known = [&](const Value& v) -> std::optional<std::int64_t> {
    if (v.kind == VKind::Int || v.kind == VKind::Bool) return v.const_int();
    return std::nullopt;
  };
  TensorValues r = t.values;
  std::size_t dim = 0;
  for (const Value& v : items) {
    const auto rank = static_cast<std::int64_t>(extents.size());
    if (ellipsis(v)) {
      // (the items after it index the last dimensions)
      dim = std::max(dim, extents.size() - indexing);
      continue;
    }
    if (dim >= extents.size()) return none;
    const std::int64_t n = extents[dim];
    if (auto i = known(v); i && v.kind == VKind::Int) {
      std::int64_t at = *i < 0 && n >= 0 ? *i + n : *i;
      if (at < 0 || (n >= 0 && at >= n)) return none;
      r = r.selected(static_cast<std::int64_t>(dim), at, rank);
      extents.erase(extents.begin() + static_cast<std::ptrdiff_t>(dim));
      --indexing;
      continue;
    }
    if (!v.is_obj() || st.heap.get(v.obj).kind != interp::OKind::Slice) return none;
    const interp::Object& s = st.heap.get(v.obj);
    auto step = s.c.is_none() ? std::optional<std::int64_t>(1) : known(s.c);
    auto start = s.a.is_none() ? std::optional<std::int64_t>(0) : known(s.a);
    auto stop = s.b.is_none() ? std::optional<std::int64_t>(n) : known(s.b);
    if (!step || *step != 1 || !start || !stop || n < 0) return none;
    auto clamp = [&](std::int64_t x) { return std::clamp<std::int64_t>(x < 0 ? x + n : x, 0, n); };
    const std::int64_t lo = clamp(*start), hi = std::max(clamp(*stop), clamp(*start));
    r = r.narrowed(static_cast<std::int64_t>(dim), lo, hi - lo, n, rank);
    extents[dim] = hi - lo;
    --indexing;
    ++dim;
  }
  return r;
}

namespace {

using Count = std::optional<std::int64_t>;

// The elements are all at one bound only when they are all one number (a fill): the bounds of a
// reduction of a range are reached only then, or when it reduces one element; but one infinite
// element (an exp that overflowed) makes a sum, a mean or a maximum infinite.
F reached_if(const F& x, F r, bool when) {
  if (when) return r;
  const bool lo_inf = std::isinf(x.lo) && x.lo_reached && r.lo == x.lo, hi_inf = std::isinf(x.hi) && x.hi_reached && r.hi == x.hi;
  return r.with_reached(lo_inf, hi_inf);
}
bool all_one(const F& x, Count n) { return x.constant().has_value() || (n && *n == 1); }

// an element of the reduced ones, or a mean of them: within their range
F order_values(const F& x, Count n, DType) { return x.is_top() ? x : reached_if(x, x, all_one(x, n)); }

F sum_values(const F& x, Count n, DType dt) {
  if (x.is_top()) return x;
  if (n && *n > 0) return reached_if(x, saturate(x * F::point(static_cast<double>(*n)), dt), all_one(x, n));
  if (x.lo >= 0) return reached_if(x, F::between(0.0, kInf, x.nan, false), false);
  if (x.hi <= 0) return F::between(-kInf, 0.0, x.nan, false);
  return F::top();
}

// at most the spread of the values (its square for var); exactly 0 for one number; of data
// nothing is known of, >= 0 and 0 reached (a constant column)
F spread_values(const F& x, DType dt, bool squared) {
  if (x.is_top()) return F::between(0.0, kInf).with_reached(true, false, false);
  if (x.constant()) return F::point(0.0);
  const double width = x.hi - x.lo;
  return saturate(F::between(0.0, squared ? width * width : width, x.nan, false).with_reached(false, false, x.dense), dt);
}
F std_values(const F& x, Count, DType dt) { return spread_values(x, dt, false); }
F var_values(const F& x, Count, DType dt) { return spread_values(x, dt, true); }

// between the smallest magnitude and the largest one times sqrt(n); of unknown data, >= 0 and 0
// reached (a zero vector)
F norm_values(const F& x, Count n, DType dt) {
  if (x.is_top()) return F::between(0.0, kInf).with_reached(true, false, false);
  F a = F::abs(x);
  F r = F::between(a.lo * (n ? std::sqrt(static_cast<double>(*n)) : 1.0), n ? a.hi * std::sqrt(static_cast<double>(*n)) : kInf,
                   x.nan, false);
  return saturate(reached_if(x, r, x.constant().has_value()), dt);
}

// min(x) + log(n) <= logsumexp(x) <= max(x) + log(n), and at least max(x): finite for finite
// elements (the max trick is inside it); continuous in the elements
F logsumexp_values(const F& x, Count n, DType dt) {
  if (x.is_top()) return x;
  const double log_n = n && *n > 0 ? std::log(static_cast<double>(*n)) : kInf;
  F r = F::between(n ? x.lo + log_n : x.lo, x.hi + log_n, x.nan, false).with_reached(false, false, x.dense);
  return saturate(r, dt);
}

// an index into the reduced dimension: 0 .. n - 1, each reached
F index_values(const F&, Count n, DType) {
  F r = n && *n >= 1 ? F::between(0.0, static_cast<double>(*n - 1)).with_reached(true, true, false)
                     : F::between(0.0, kInf).with_reached(true, false, false);
  r.integral = true;
  return r;
}

F bool_values(const F&, Count, DType) { return F::between(0.0, 1.0).with_reached(true, true, false); }

// Every reduction with a numerical model, by the names the library models pass to
// _tenscan.reduce; the others' values are unknown.
struct ReductionModel {
  std::array<const char*, 4> names;
  F (*values)(const F& x, Count n, DType dt);
};
const ReductionModel kReductions[] = {
    {{"mean()", "median()", "kthvalue()"}, order_values},
    {{"max()", "min()", "amax()", "amin()"}, order_values},
    {{"sum()"}, sum_values},
    {{"std()"}, std_values},
    {{"var()"}, var_values},
    {{"norm()", "linalg.vector_norm()", "linalg.matrix_norm()"}, norm_values},
    {{"logsumexp()"}, logsumexp_values},
    {{"argmax()", "argmin()"}, index_values},
    {{"all()", "any()"}, bool_values},
};

}  // namespace

F reduced_values(const std::string& op, const F& x, std::optional<std::int64_t> n, DType dt) {
  for (const auto& m : kReductions)
    for (const char* name : m.names)
      if (name && op == name) return m.values(x, n, dt);
  return F::top();
}

}  // namespace tenscan::models
