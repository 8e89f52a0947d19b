// Argument decoding and shared shape kernels for the primitives.
#include "models/prim.h"

#include <algorithm>
#include <map>

#include "models/numeric.h"

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

std::optional<std::vector<TensorVal>> Prim::tensors(std::size_t i, std::string_view kw, bool* summary) const {
  const Value* v = arg(i, kw);
  if (!v) return std::nullopt;
  const auto* seq = in.sequence_of(st, *v);
  if (summary) {
    *summary = !seq && in.summary_items(st, *v);
    if (*summary) seq = in.summary_items(st, *v);
  }
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
  // (a dtype the program computed from what tenscan does not know: unknown, not the default)
  if (const Value* v = arg(i, kw); v && v->is_unknown_or_unknown_str()) return DType::Unknown;
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
  // (the fix of a dim one past the last, the off-by-one of a tensor that has lost a dimension:
  // the last one, where the operation's call passes it as dim=)
  std::optional<interp::ArgumentFix> fix;
  if (*c == r && r > 0) fix = interp::ArgumentFix{in.site(), "", -1, "dim", sym::Expr::constant(r - 1)};
  if (!require(sym::Cond::truth(*c >= -r && *c < r), RuleId::DimOutOfRange, m, {}, std::move(fix))) return std::nullopt;
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

Outs Prim::ret_tensor(Shape shape, DType dtype, std::optional<ir::Loc> origin) {
  Value v = tensor_value(std::move(shape), dtype, origin);
  return ret(v);
}

namespace {
// The primitives whose results hold their first operand's elements (moved, copied, converted),
// and those that join the elements of a list of tensors. Their results hold all the operand's
// values in one part, without forms (the elements moved); cat, split and index refine that
// where they know which elements go where (numeric.h), and with_dtype keeps the positions.
constexpr const char* kMovesElements[] = {"reshape", "flatten", "permute", "transpose", "t", "flip", "squeeze",
                                          "unsqueeze", "expand", "repeat", "split", "index", "with_dtype"};
constexpr const char* kJoinsElements[] = {"cat", "stack"};
// The primitives whose result pairs its elements as its operand's did, element for element (a
// dtype conversion): a pairing broadcast stays one (TensorVal::paired), and so does a column
// inserted on purpose. (Pointwise functions copy their operand's TensorVal, `same` too.)
constexpr const char* kKeepsPairs[] = {"with_dtype"};
bool named(const char* name, std::span<const char* const> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return std::string_view(n) == name; });
}
}  // namespace

void Prim::moved_values(TensorVal& t) const {
  if (const TensorVal* from = named(name, kKeepsPairs) ? tensor(0) : nullptr; from && from->shape == t.shape) {
    t.paired = from->paired;
    t.inserted_unit = from->inserted_unit;
  }
  if (named(name, kMovesElements)) {
    const TensorVal* from = tensor(0);
    if (!from) return;
    // (a conversion to a narrower dtype overflows where the values do not fit)
    domain::FloatRange all = from->values.range();
    t.values = domain::TensorValues::of(interp::dtype_is_float(t.dtype) ? saturate(all, t.dtype) : all);
    t.source = from->source;
  } else if (named(name, kJoinsElements)) {
    auto parts = tensors(0);
    if (!parts || parts->empty()) return;
    domain::FloatRange v = domain::FloatRange::bottom();
    for (const auto& part : *parts) {
      v = v.join(part.values.range());
      if (!t.source) t.source = part.source;
    }
    t.values = domain::TensorValues::of(v);
  }
}

Outs Prim::ret_unranked(DType dtype) {
  TensorVal t{std::nullopt, dtype, in.site()};
  moved_values(t);
  // an operation on data tenscan cannot see (x.float(), x + 1) yields such data too
  const TensorVal* src = tensor(0);
  t.opaque = src && src->opaque && !src->shape;
  if (t.opaque) t.module_input = src->module_input;
  Value v = in.new_tensor(st, std::move(t));
  return ret(v);
}

namespace {
// Operations that accept exactly one rank per tensor operand: an opaque operand (data tenscan
// cannot see) takes that rank here. Operations that accept several ranks leave it opaque.
struct RankUse {
  const char* primitive;
  int ranks[2];  ///< for positional operands 0 and 1; 0: not fixed
};
constexpr RankUse kRankUses[] = {
    {"mm", {2, 2}},
    {"bmm", {3, 3}},
};

// Module mode: the rank a layer gives the forward argument it takes, batched, and the names
// PyTorch's documentation gives its dims (Conv2d: (N, C, H, W), here B for the batch).
struct BatchedRank {
  std::vector<std::string> names;
};
std::optional<BatchedRank> batched_rank(const Prim& p) {
  const std::string_view n = p.name;
  auto spatial = [](std::int64_t nd) -> std::optional<BatchedRank> {
    if (nd == 1) return BatchedRank{{"B", "C", "L"}};
    if (nd == 2) return BatchedRank{{"B", "C", "H", "W"}};
    if (nd == 3) return BatchedRank{{"B", "C", "D", "H", "W"}};
    return std::nullopt;
  };
  if (n == "conv") {
    const TensorVal* w = p.tensor(1);
    return w && w->shape ? spatial(static_cast<std::int64_t>(w->rank()) - 2) : std::nullopt;
  }
  if (n == "pool") return spatial(p.const_int(6).value_or(0));
  if (n == "adaptive_pool") return spatial(p.const_int(2).value_or(0));
  if (n == "batch_norm") {  // (BatchNorm1d takes [B, C] and [B, C, L] alike: left open)
    const auto layer = p.str_arg(2).value_or("");
    return layer == "BatchNorm2d" ? spatial(2) : layer == "BatchNorm3d" ? spatial(3) : std::nullopt;
  }
  if (n == "permute") {  // (x.permute(0, 2, 3, 1) orders every dim: as many as it names)
    const auto dims = p.ints(1);
    const auto* names = dims ? Interpreter::rank_dim_names(dims->size()) : nullptr;
    return names ? std::optional<BatchedRank>(BatchedRank{*names}) : std::nullopt;
  }
  if (n == "linear") return BatchedRank{{"B", "F"}};
  if (n == "embedding") return BatchedRank{{"B", "T"}};
  if (n == "rnn") {
    const Value* bf = p.arg(7);
    const bool batch_first = bf && bf->kind == interp::VKind::Bool && bf->b.is_true();
    return batch_first ? BatchedRank{{"B", "T", "F"}} : BatchedRank{{"T", "B", "F"}};
  }
  return std::nullopt;
}
}  // namespace

void Prim::bind_module_input() {
  const TensorVal* t = args.pos.empty() ? nullptr : in.tensor_of(st, args.pos[0]);
  if (!t || !t->opaque || t->shape || !t->module_input) return;
  auto rank = batched_rank(*this);
  if (!rank) return;
  in.bind_module_rank(st, args.pos[0].obj, rank->names, name);
}

void Prim::bind_opaque_ranks() {
  bind_module_input();
  for (const auto& use : kRankUses) {
    if (std::string_view(use.primitive) != name) continue;
    for (std::size_t i = 0; i < 2 && i < args.pos.size(); ++i) {
      const TensorVal* t = in.tensor_of(st, args.pos[i]);
      if (!t || !t->opaque || t->shape || use.ranks[i] <= 0) continue;
      TensorVal bound = *t;
      Shape dims;
      for (int d = 0; d < use.ranks[i]; ++d)
        dims.push_back(in.fresh_symbol(st, "dim" + std::to_string(d), "a dimension of data tenscan cannot see", 0, -1,
                                       interp::SymKind::Data));
      bound.shape = std::move(dims);
      bound.assumed = true;
      bound.origin = in.site();
      st.heap.mut(args.pos[i].obj).tensor = std::move(bound);
    }
  }
}

std::optional<ir::Loc> Prim::layer_site() const {
  for (const auto& [k, v] : args.kw)
    if (k == "layer" && v.is_obj()) return st.heap.get(v.obj).alloc_site;
  return std::nullopt;
}

std::optional<interp::ArgumentFix> Prim::layer_fix(std::string callee, int position, std::string keyword,
                                                   sym::Expr value) const {
  auto site = layer_site();
  if (!site) return std::nullopt;
  return interp::ArgumentFix{*site, std::move(callee), position, std::move(keyword), std::move(value)};
}

RelatedMsg Prim::origin_note(const TensorVal& t, const std::string& what) const {
  Msg m;
  if (t.assumed) {
    m << "this tensor comes from data tenscan cannot see; its use here made it " << static_cast<std::int64_t>(t.rank())
      << "-D: " << *t.shape;
    return RelatedMsg{t.origin, m};
  }
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

namespace {

// bool < integral < floating < complex (PyTorch's type categories)
int category(DType d) {
  if (d == DType::Bool) return 0;
  if (interp::dtype_is_integer(d)) return 1;
  if (interp::dtype_is_float(d)) return 2;
  return 3;
}

int int_bits(DType d) {
  switch (d) {
    case DType::UInt8:
    case DType::Int8: return 8;
    case DType::Int16: return 16;
    case DType::Int32: return 32;
    default: return 64;
  }
}

int float_rank(DType d) {
  switch (d) {
    case DType::Float16:
    case DType::BFloat16: return 16;
    case DType::Float32: return 32;
    default: return 64;
  }
}

}  // namespace

bool dtype_is_complex(DType d) { return d == DType::Complex64 || d == DType::Complex128; }

DType promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Unknown || b == DType::Unknown) return DType::Unknown;
  if (category(a) < category(b)) std::swap(a, b);  // a has the higher category
  switch (category(a)) {
    case 0: return DType::Bool;
    case 1: {
      if (b == DType::Bool) return a;
      // unsigned 8-bit and a signed type: the next signed type that holds both
      if (a == DType::UInt8 || b == DType::UInt8) {
        DType other = a == DType::UInt8 ? b : a;
        return other == DType::Int8 ? DType::Int16 : other;
      }
      return int_bits(a) >= int_bits(b) ? a : b;
    }
    case 2: {
      if (category(b) < 2) return a;
      // float16 and bfloat16 have no common 16-bit type
      if (float_rank(a) == 16 && float_rank(b) == 16) return DType::Float32;
      return float_rank(a) >= float_rank(b) ? a : b;
    }
    default: {
      if (a == DType::Complex128 || b == DType::Complex128 || b == DType::Float64) return DType::Complex128;
      return DType::Complex64;
    }
  }
}

bool can_cast(DType from, DType to) {
  if (from == DType::Unknown || to == DType::Unknown) return true;
  if (dtype_is_complex(from) && !dtype_is_complex(to)) return false;
  if (interp::dtype_is_float(from) && interp::dtype_is_integer(to)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

const char* dtype_title(DType d) {
  switch (d) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int8: return "Char";
    case DType::Int16: return "Short";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float16: return "Half";
    case DType::BFloat16: return "BFloat16";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
    case DType::Complex64: return "ComplexFloat";
    case DType::Complex128: return "ComplexDouble";
    case DType::Unknown: break;
  }
  return "unknown";
}

std::optional<TypedOperand> typed_operand(const Interpreter& in, const State& st, const Value& v) {
  using P = TypedOperand::Priority;
  if (const TensorVal* t = in.tensor_of(st, v))
    return TypedOperand{t->dtype, t->shape && t->shape->empty() ? P::ZeroDim : P::Tensor};
  switch (v.kind) {
    case VKind::Bool: return TypedOperand{DType::Bool, P::Scalar};
    case VKind::Int: return TypedOperand{DType::Int64, P::Scalar};
    case VKind::Float: return TypedOperand{DType::Float32, P::Scalar};  // the default dtype
    default: return std::nullopt;
  }
}

DType result_type(std::initializer_list<TypedOperand> ops) {
  // the promoted dtype within each priority (nullopt: no operand of that priority)
  std::optional<DType> by_priority[3];
  for (const auto& o : ops) {
    if (o.dtype == DType::Unknown) return DType::Unknown;
    auto& r = by_priority[static_cast<int>(o.priority)];
    r = r ? promote(*r, o.dtype) : o.dtype;
  }
  // PyTorch's combine_categories(higher, lower)
  auto combine = [](std::optional<DType> hi, std::optional<DType> lo) -> std::optional<DType> {
    if (!hi) return lo;
    if (!lo) return hi;
    if (dtype_is_complex(*hi)) return hi;
    if (dtype_is_complex(*lo))
      return interp::dtype_is_float(*hi) ? (*hi == DType::Float64 ? DType::Complex128 : DType::Complex64) : *lo;
    if (interp::dtype_is_float(*hi)) return hi;
    if (*hi == DType::Bool || interp::dtype_is_float(*lo)) return promote(*hi, *lo);
    return hi;
  };
  auto r = combine(by_priority[0], combine(by_priority[1], by_priority[2]));
  return r.value_or(DType::Unknown);
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
