// Argument decoding and shared shape kernels for the primitives.
#include "models/prim.h"

#include <map>

namespace tenscan::models {

std::optional<sym::Expr> Prim::int_arg(std::size_t i, std::string_view kw) const {
  const Value* v = arg(i, kw);
  if (!v) return std::nullopt;
  if (v->kind == VKind::Int) return v->i;
  if (auto c = v->const_int()) return sym::Expr::constant(*c);
  return std::nullopt;
}

std::optional<std::int64_t> Prim::const_int(std::size_t i, std::string_view kw) const {
  auto e = int_arg(i, kw);
  return e ? e->as_const() : std::nullopt;
}

std::optional<bool> Prim::bool_arg(std::size_t i, std::string_view kw) const {
  const Value* v = arg(i, kw);
  if (!v) return std::nullopt;
  if (v->kind == VKind::Bool) {
    if (v->b.is_true()) return true;
    if (v->b.is_false()) return false;
    return std::nullopt;
  }
  if (auto c = v->const_int()) return *c != 0;
  if (v->is_none()) return false;
  return std::nullopt;
}

std::optional<std::string> Prim::str_arg(std::size_t i, std::string_view kw) const {
  const Value* v = arg(i, kw);
  if (v && v->const_str()) return *v->const_str();
  return std::nullopt;
}

std::optional<Shape> Prim::ints_of(const Value& v) const {
  if (v.kind == VKind::Int) return Shape{v.i};
  if (auto c = v.const_int(); c && v.kind == VKind::Bool) return Shape{sym::Expr::constant(*c)};
  if (const TensorVal* t = in.tensor_of(st, v)) {
    (void)t;
    return std::nullopt;
  }
  const auto* seq = in.sequence_of(st, v);
  if (!seq) return std::nullopt;
  Shape out;
  for (const auto& x : *seq) {
    if (x.kind == VKind::Int) out.push_back(x.i);
    else if (auto c = x.const_int()) out.push_back(sym::Expr::constant(*c));
    else return std::nullopt;
  }
  return out;
}

std::optional<Shape> Prim::ints(std::size_t i, std::string_view kw) const {
  const Value* v = arg(i, kw);
  if (!v) return std::nullopt;
  return ints_of(*v);
}

std::optional<std::vector<TensorVal>> Prim::tensors(std::size_t i, std::string_view kw) const {
  const Value* v = arg(i, kw);
  if (!v) return std::nullopt;
  const auto* seq = in.sequence_of(st, *v);
  if (!seq) return std::nullopt;
  std::vector<TensorVal> out;
  for (const auto& x : *seq) {
    const TensorVal* t = in.tensor_of(st, x);
    if (!t) return std::nullopt;
    out.push_back(*t);
  }
  return out;
}

DType Prim::dtype_arg(std::size_t i, std::string_view kw, DType def) const {
  auto s = str_arg(i, kw);
  if (!s) return def;
  DType d = parse_dtype(*s);
  return d == DType::Unknown ? def : d;
}

std::optional<std::int64_t> Prim::dim(const sym::Expr& d, std::size_t rank, const Msg& what, int extra) {
  auto c = d.as_const();
  if (!c) return std::nullopt;
  auto r = static_cast<std::int64_t>(rank) + extra;
  Msg m;
  m << "Dimension out of range: " << what << " got dim=" << d << " but the tensor has " << static_cast<std::int64_t>(rank)
    << (rank == 1 ? " dimension" : " dimensions") << " (expected a dim in [" << -r << ", " << (r - 1) << "])";
  if (!require(sym::Cond::truth(*c >= -r && *c < r), RuleId::DimOutOfRange, m)) return std::nullopt;
  if (r == 0) return std::nullopt;
  return *c < 0 ? *c + r : *c;
}

bool Prim::require_rank(const TensorVal& t, std::initializer_list<std::size_t> ranks, const Msg& what) {
  for (auto r : ranks)
    if (t.rank() == r) return true;
  std::string accepted;
  std::size_t k = 0;
  for (auto r : ranks) {
    if (k) accepted += k + 1 == ranks.size() ? " or " : ", ";
    accepted += std::to_string(r) + "-D";
    ++k;
  }
  Msg m;
  m << what << " expects a " << accepted << " input, but got a " << static_cast<std::int64_t>(t.rank()) << "-D tensor of shape "
    << *t.shape;
  return require(sym::Cond::truth(false), RuleId::RankMismatch, m, {origin_note(t, "the input got this shape here")});
}

Outs Prim::ret_tensor(Shape shape, DType dtype) {
  Value v = tensor_value(std::move(shape), dtype);
  return ret(v);
}

Outs Prim::ret_unranked(DType dtype) {
  Value v = in.new_tensor(st, TensorVal{std::nullopt, dtype, in.site()});
  return ret(v);
}

RelatedMsg Prim::origin_note(const TensorVal& t, const std::string& what) const {
  Msg m;
  m << what;
  if (t.shape) m << ": " << *t.shape;
  return RelatedMsg{t.origin, m};
}

std::string shape_str(const Interpreter& in, const Shape& s) {
  std::string r = "[";
  auto names = in.namer();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) r += ", ";
    r += s[i].str(names);
  }
  return r + "]";
}

sym::Expr numel(const Shape& s) {
  sym::Expr n = sym::Expr::constant(1);
  for (const auto& d : s) n = n * d;
  return n;
}

DType parse_dtype(const std::string& s) {
  static const std::map<std::string, DType> names = {
      {"float32", DType::Float32}, {"float", DType::Float32},   {"float64", DType::Float64}, {"double", DType::Float64},
      {"float16", DType::Float16}, {"half", DType::Float16},     {"bfloat16", DType::BFloat16}, {"int64", DType::Int64},
      {"long", DType::Int64},      {"int32", DType::Int32},      {"int", DType::Int32},        {"int16", DType::Int16},
      {"short", DType::Int16},     {"int8", DType::Int8},        {"uint8", DType::UInt8},      {"bool", DType::Bool},
      {"complex64", DType::Complex64}, {"complex128", DType::Complex128}};
  auto it = names.find(s);
  return it == names.end() ? DType::Unknown : it->second;
}

DType promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Unknown || b == DType::Unknown) return DType::Unknown;
  auto rank = [](DType d) {
    switch (d) {
      case DType::Bool: return 0;
      case DType::UInt8: return 1;
      case DType::Int8: return 2;
      case DType::Int16: return 3;
      case DType::Int32: return 4;
      case DType::Int64: return 5;
      case DType::Float16: return 6;
      case DType::BFloat16: return 7;
      case DType::Float32: return 8;
      case DType::Float64: return 9;
      case DType::Complex64: return 10;
      case DType::Complex128: return 11;
      case DType::Unknown: return -1;
    }
    return -1;
  };
  return rank(a) >= rank(b) ? a : b;
}

std::optional<Shape> broadcast_shapes(Prim& p, const Shape& a, const Shape& b, const Msg& what, RuleId rule) {
  std::size_t n = std::max(a.size(), b.size());
  Shape out(n);
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) {
    // align from the right
    bool has_a = i < a.size(), has_b = i < b.size();
    const sym::Expr* da = has_a ? &a[a.size() - 1 - i] : nullptr;
    const sym::Expr* db = has_b ? &b[b.size() - 1 - i] : nullptr;
    sym::Expr& o = out[n - 1 - i];
    if (!da) {
      o = *db;
      continue;
    }
    if (!db) {
      o = *da;
      continue;
    }
    if (*da == *db) {
      o = *da;
      continue;
    }
    auto one = sym::Expr::constant(1);
    if (da->as_const() == 1) {
      o = *db;
      continue;
    }
    if (db->as_const() == 1) {
      o = *da;
      continue;
    }
    sym::Cond c = sym::Cond::eq(*da, *db) || sym::Cond::eq(*da, one) || sym::Cond::eq(*db, one);
    Msg m;
    m << what << ": the size of tensor a (" << *da << ") must match the size of tensor b (" << *db
      << ") at non-singleton dimension " << static_cast<std::int64_t>(n - 1 - i) << " (shapes " << a << " and " << b << ")";
    if (!p.require(c, rule, m)) ok = false;
    o = sym::Expr::max(*da, *db);
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace tenscan::models
