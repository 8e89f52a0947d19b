// Elementwise arithmetic with broadcasting, the matmul family, linear, reductions, softmax-
// style dim checks, item(), where/clamp and scalar results.
#include <cmath>

#include "models/numeric.h"

namespace tenscan::models {
namespace {

using sym::Cond;
using sym::Expr;

Expr k(std::int64_t v) { return Expr::constant(v); }

// Ops whose result is floating even for integer operands (true division).
bool true_division(const std::string& op) {
  const BinaryModel* m = binary_model(op);
  return m && m->division == Division::True;
}
// Ops whose result may have an affine form although its range is unknown (x + y - y).
bool is_affine(const std::string& op) {
  const BinaryModel* m = binary_model(op);
  return m && m->form;
}

// _tenscan.elementwise(a, b, op_name, result_dtype_or_None, inplace): broadcasting binary
// ops; either operand may be a Python scalar. The result dtype follows torch.result_type
// (comparison ops pass "bool"; masked_fill and copy_ pass the receiver's dtype). An in-place
// op (a += b, a.add_(b)) writes into `a`: the broadcast shape must be a's shape, and the
// result dtype must be castable to a's dtype.
Outs elementwise_shapes(Prim& p);

// [.., N, 1] against [.., N], N not certainly 1: the column's last axis broadcast against the
// vector's, every element of one paired with every element of the other. (Two TF1
// placeholders' batches, which the runs feed, are the same N unless they certainly differ.)
bool column_against_vector(const Interpreter& in, const State& st, const Shape& col, const Shape& vec) {
  if (col.size() != vec.size() + 1 || vec.empty() || col.back().as_const() != std::optional<std::int64_t>(1))
    return false;
  auto fed = [&](const Expr& e) {
    auto id = e.as_symbol();
    return id && in.symbol(*id).fed;
  };
  for (std::size_t i = 0; i < vec.size(); ++i) {
    const sym::Tri same = st.ranges.decide(Cond::eq(col[i], vec[i]));
    if (same != sym::Tri::True && !(same == sym::Tri::Unknown && fed(col[i]) && fed(vec[i]))) return false;
  }
  return st.ranges.decide(Cond::eq(vec.back(), k(1))) != sym::Tri::True;
}

// The pairs an elementwise result holds (TensorVal::paired): made here where a column not
// inserted on purpose meets a vector of its length, else kept from an operand of the result's
// shape (the other a scalar, or broadcast into it); and whether its last axis is a column
// inserted on purpose.
void mark_pairs(Interpreter& in, Outs& outs, const TensorVal* x, const TensorVal* y, const std::string& op,
                const ir::Loc& site) {
  for (auto& o : outs) {
    const TensorVal* r = in.tensor_of(o.st, o.v);
    if (!r || !r->shape) continue;
    std::shared_ptr<const interp::PairedBroadcast> pairs;
    bool unit = false;
    if (x && y && x->shape && y->shape &&
        ((!x->inserted_unit && column_against_vector(in, o.st, *x->shape, *y->shape)) ||
         (!y->inserted_unit && column_against_vector(in, o.st, *y->shape, *x->shape))))
      pairs = std::make_shared<interp::PairedBroadcast>(
          interp::PairedBroadcast{site, op, *x->shape, *y->shape, *r->shape, x->origin, y->origin});
    for (const TensorVal* t : {x, y}) {
      if (!t || t->shape != r->shape) continue;
      if (!pairs) pairs = t->paired;
      unit = unit || t->inserted_unit;
    }
    if (!pairs && !unit) continue;
    TensorVal& t = *o.st.heap.mut(o.v.obj).tensor;
    t.paired = pairs;
    t.inserted_unit = unit;
  }
}

// A reduction over all the elements of a tensor that pairs a column with a vector
// (TensorVal::paired): a warning where the pairs were made.
void report_pairs(Prim& p, const TensorVal& t, const std::string& op) {
  const interp::PairedBroadcast& pb = *t.paired;
  // (a TF1 placeholder's None dimension prints as TensorFlow prints it: ?)
  auto names = p.in.namer();
  auto text = [&](const Shape& s) {
    std::string r = "[";
    for (std::size_t i = 0; i < s.size(); ++i) {
      auto id = s[i].as_symbol();
      r += (i ? ", " : "") + (id && p.in.symbol(*id).fed ? std::string("?") : s[i].str(names));
    }
    return r + "]";
  };
  const auto count = numel(pb.result).as_const();
  Msg m;
  m << "`" << pb.op << "` broadcasts a " << text(pb.left) << " tensor and a " << text(pb.right) << " tensor to "
    << text(pb.result) << ", pairing every element of one with every element of the other, and " << op << " reduces all "
    << (count ? std::to_string(*count) + " " : std::string()) << "pairs: one value per example on each side needs "
    << "the same shape on both (a squeeze of the column, or an unsqueeze of the vector)";
  std::vector<RelatedMsg> rel;
  if (pb.left_at.line) rel.push_back(RelatedMsg{pb.left_at, Msg("the left operand got its shape here")});
  if (pb.right_at.line) rel.push_back(RelatedMsg{pb.right_at, Msg("the right operand got its shape here")});
  if (p.in.site().line) rel.push_back(RelatedMsg{p.in.site(), Msg("all the pairs are reduced here")});
  p.in.advise(p.st, Cond::truth(false), RuleId::PairwiseBroadcast, m, std::move(rel), pb.site.line ? std::optional(pb.site) : std::nullopt);
}

Outs elementwise(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "elementwise");
  for (std::size_t i = 0; i < 2; ++i)
    if (p.arg(i)) in.summarise(p.st, *p.arg(i));
  // the values (numeric.h), by the operands' values; a division checks its divisor
  const TensorVal* x = p.tensor(0);
  const TensorVal* y = p.tensor(1);
  const std::string op = p.str_arg(2).value_or("");
  FloatRange values = FloatRange::top();
  TensorValues xv, yv;
  const std::optional<Shape> xs = x ? x->shape : std::nullopt, ys = y ? y->shape : std::nullopt;
  if (p.arg(0) && p.arg(1)) {
    DType dt = x ? x->dtype : y ? y->dtype : DType::Float32;
    xv = operand_values(in, p.st, *p.arg(0));
    yv = operand_values(in, p.st, *p.arg(1));
    if (divides(op)) check_division(p, op, yv.range(), y, dt);
    if (op == "**" || op == "pow") check_power(p, xv.range(), yv.range(), x, dt);
    values = binary_range(op, xv.range(), yv.range(), dt);
  }
  const ir::Loc site = in.site();
  Outs outs = elementwise_shapes(p);
  mark_pairs(in, outs, x, y, op, site);
  // part by part, with the affine forms, for each result (as the result's elements see each
  // operand: a broadcast one as a whole)
  auto result_values = [&](const interp::Out& o) -> TensorValues {
    const TensorVal* r = in.tensor_of(o.st, o.v);
    if (!r || !r->shape) return TensorValues::of(values);
    auto seen = [&](const TensorValues& v, const std::optional<Shape>& s, bool tensor) {
      return broadcast_values(v, !tensor || (s && *s == *r->shape));
    };
    return binary_values(op, seen(xv, xs, x != nullptr), seen(yv, ys, y != nullptr), r->dtype,
                         static_cast<std::int64_t>(r->shape->size()));
  };
  if (values.is_top() && op != "-" && !is_affine(op)) return outs;
  std::vector<TensorValues> results;
  results.reserve(outs.size());
  for (const auto& o : outs) results.push_back(result_values(o));
  auto with_results = [&](const std::shared_ptr<const interp::ValueSource>& source) {
    for (std::size_t i = 0; i < outs.size(); ++i) set_values(in, outs[i], results[i], &source);
    return std::move(outs);
  };
  // (a difference is remembered even of unknown values: exp(x - m) is the max trick, see
  // pointwise.cpp)
  if (values.is_top() && op == "-") return with_results(value_source(p, "- of unknown values", x, op));
  // (the source says what the result holds, its forms taken into account)
  for (std::size_t i = 0; i < outs.size(); ++i)
    if (in.tensor_of(outs[i].st, outs[i].v)) {
      values = results[i].range();
      break;
    }
  const TensorVal* from = x && x->source ? x : y;
  auto source = values.is_top() ? nullptr : value_source(p, made_text(op, values), from, op);
  // a tensor compared with a number: remembered for torch.where (see ValueSource)
  const BinaryModel* model = binary_model(op);
  if (x && !y && p.arg(0)->is_obj() && model && model->comparison) {
    FloatRange bound = operand_range(in, p.st, *p.arg(1));
    if (auto c = bound.constant()) {
      auto guard = std::make_shared<interp::ValueSource>(*source);
      guard->compared = p.arg(0)->obj;
      guard->comparison = model->comparison;
      guard->against = *c;
      source = guard;
    }
  }
  return with_results(source);
}

Outs elementwise_shapes(Prim& p) {
  const TensorVal* x = p.tensor(0);
  const TensorVal* y = p.tensor(1);
  std::string op = p.str_arg(2).value_or("elementwise operation");
  if (op.rfind("clamp_", 0) == 0) op = op.back() == '_' ? "clamp_" : "clamp";  // (clamp_min, clamp_max_)
  bool inplace = p.bool_arg(4, "inplace").value_or(false) && x;
  auto ox = p.operand(0), oy = p.operand(1);
  DType dt = DType::Unknown;
  if (ox && oy) dt = result_type({*ox, *oy});
  else if (x) dt = x->dtype;
  else if (y) dt = y->dtype;
  if (true_division(op) && dtype_is_integer_or_bool(dt)) dt = DType::Float32;
  bool explicit_dtype = p.present(3);
  if (explicit_dtype) dt = p.dtype_arg(3, {}, dt);
  std::vector<RelatedMsg> rel;
  if (x) rel.push_back(p.origin_note(*x, "the left operand got its shape here"));
  if (y) rel.push_back(p.origin_note(*y, "the right operand got its shape here"));
  if (inplace) {
    if (!explicit_dtype && !can_cast(dt, x->dtype)) {
      Msg m;
      m << "result type " << dtype_title(dt) << " can't be cast to the desired output type " << dtype_title(x->dtype)
        << ": `" << op << "` writes its " << interp::dtype_name(dt) << " result into the " << interp::dtype_name(x->dtype)
        << " tensor on the left (convert that tensor first, or use the out-of-place form)";
      p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
      return p.ret_unranked(x->dtype);
    }
    dt = x->dtype;
  }
  if (!x && !y) return p.ret_unranked(dt);
  if ((x && !x->shape) || (y && !y->shape)) return p.ret_unranked(dt);
  if (!x || !y) return p.ret_tensor(x ? *x->shape : *y->shape, dt);
  Msg what;
  what << "`" << op << "`";
  auto out = broadcast_shapes(p, *x->shape, *y->shape, what);
  if (!out) return p.ret_unranked(dt);
  if (inplace) {
    const Shape& xs = *x->shape;
    Cond same = Cond::truth(out->size() == xs.size());
    if (out->size() == xs.size())
      for (std::size_t i = 0; i < xs.size(); ++i) same = same && Cond::eq((*out)[i], xs[i]);
    Msg m;
    m << "output with shape " << xs << " doesn't match the broadcast shape " << *out << ": the in-place `" << op
      << "` cannot change the shape of its left operand " << xs << " (the right operand has shape " << *y->shape << ")";
    if (!p.require(same, RuleId::Broadcast, m, rel)) return p.ret_unranked(dt);
    return p.ret_tensor(xs, dt);
  }
  return p.ret_tensor(*out, dt);
}

// torch.matmul semantics (1-D vectors, 2-D matrices, N-D batched with broadcasting).
// `kind` selects the stricter variants: "mm" (2-D only), "bmm" (3-D only), "matmul".
Outs matmul_kind(Interpreter& in, State&& st, Args& a, const char* kind) {
  Prim p(in, std::move(st), a, kind);
  const TensorVal* x = p.tensor(0);
  const TensorVal* y = p.tensor(1);
  if (!x || !y) return p.ret_unranked(x ? x->dtype : y ? y->dtype : DType::Unknown);
  DType dt = promote(x->dtype, y->dtype);
  std::string k_name = kind;
  std::vector<RelatedMsg> rel{p.origin_note(*x, "the left operand got its shape here"),
                              p.origin_note(*y, "the right operand got its shape here")};
  // mm and bmm accept one rank: an operand of another rank fails even when the other operand's
  // shape is unknown (PyTorch: "self must be a matrix", "batch1 must be a 3D tensor")
  if ((k_name == "mm" || k_name == "bmm") && (!x->shape || !y->shape)) {
    const std::size_t want = k_name == "mm" ? 2 : 3;
    const char* names[2] = {k_name == "mm" ? "self" : "batch1", k_name == "mm" ? "mat2" : "batch2"};
    const TensorVal* ops[2] = {x, y};
    for (int i = 0; i < 2; ++i) {
      if (!ops[i]->shape || ops[i]->shape->size() == want) continue;
      Msg m;
      m << k_name << " expects " << (want == 2 ? "2-D matrices" : "3-D batches of matrices") << ", but its "
        << (i == 0 ? "first" : "second") << " operand has shape " << *ops[i]->shape << " (" << names[i] << " must be "
        << (want == 2 ? "a matrix" : "a 3D tensor") << ")";
      p.require(Cond::truth(false), RuleId::RankMismatch, m, {rel[static_cast<std::size_t>(i)]});
      return p.ret_unranked(dt);
    }
  }
  if (!x->shape || !y->shape) return p.ret_unranked(dt);
  const Shape A = *x->shape, B = *y->shape;
  if (x->dtype != y->dtype && x->dtype != DType::Unknown && y->dtype != DType::Unknown) {
    Msg m;
    m << k_name << ": expected both operands to have the same dtype, but got " << interp::dtype_name(x->dtype) << " and "
      << interp::dtype_name(y->dtype);
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return p.ret_unranked(dt);
  }
  if (k_name == "mm" && (A.size() != 2 || B.size() != 2)) {
    Msg m;
    m << "mm expects 2-D matrices, but got shapes " << A << " and " << B;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, rel);
    return p.ret_unranked(dt);
  }
  if (k_name == "bmm" && (A.size() != 3 || B.size() != 3)) {
    Msg m;
    m << "bmm expects 3-D batches of matrices, but got shapes " << A << " and " << B;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, rel);
    return p.ret_unranked(dt);
  }
  if (A.empty() || B.empty()) {
    Msg m;
    m << k_name << ": both arguments need at least 1 dimension, but got shapes " << A << " and " << B;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, rel);
    return p.ret_unranked(dt);
  }
  // promote vectors
  Shape a2 = A, b2 = B;
  bool a_vec = A.size() == 1, b_vec = B.size() == 1;
  if (a_vec) a2.insert(a2.begin(), k(1));
  if (b_vec) b2.push_back(k(1));
  const Expr& inner_a = a2.back();
  const Expr& inner_b = b2[b2.size() - 2];
  Msg m;
  if (A.size() == 2 && B.size() == 2) {
    m << "mat1 and mat2 shapes cannot be multiplied (" << A[0] << "x" << A[1] << " and " << B[0] << "x" << B[1] << ")";
  } else {
    m << k_name << ": the inner dimensions do not match: " << A << " @ " << B << " (" << inner_a << " != " << inner_b << ")";
  }
  if (!p.require(Cond::eq(inner_a, inner_b), RuleId::MatmulInnerDim, m, rel)) return p.ret_unranked(dt);
  // batch dims broadcast (bmm requires equality)
  Shape ba(a2.begin(), a2.end() - 2), bb(b2.begin(), b2.end() - 2);
  Shape batch;
  if (k_name == "bmm") {
    Msg mb;
    mb << "bmm: batch sizes must match, but got " << A[0] << " and " << B[0] << " (shapes " << A << " and " << B << ")";
    if (!p.require(Cond::eq(A[0], B[0]), RuleId::SizeMismatch, mb, rel)) return p.ret_unranked(dt);
    batch = {A[0]};
  } else {
    auto bs = broadcast_shapes(p, ba, bb, Msg("matmul batch dimensions"));
    if (!bs) return p.ret_unranked(dt);
    batch = *bs;
  }
  Shape out = batch;
  if (!a_vec) out.push_back(a2[a2.size() - 2]);
  if (!b_vec) out.push_back(b2.back());
  return p.ret_tensor(out, dt);
}
Outs matmul(Interpreter& in, State&& st, Args& a) { return matmul_kind(in, std::move(st), a, "matmul"); }
Outs mm(Interpreter& in, State&& st, Args& a) { return matmul_kind(in, std::move(st), a, "mm"); }
Outs bmm(Interpreter& in, State&& st, Args& a) { return matmul_kind(in, std::move(st), a, "bmm"); }

// _tenscan.linear(input, weight, bias): input [..., in] x weight [out, in] -> [..., out]
Outs linear(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "linear");
  const TensorVal* x = p.tensor(0);
  const TensorVal* w = p.tensor(1);
  if (!x || !w || !w->shape || w->shape->size() != 2) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  const Expr out_f = (*w->shape)[0], in_f = (*w->shape)[1];
  std::vector<RelatedMsg> rel{RelatedMsg{w->origin, Msg("the Linear layer is defined here")}};
  if (interp::dtype_is_integer(x->dtype) || x->dtype == DType::Bool) {
    Msg m;
    m << "Linear expects a floating-point input, but got a tensor of dtype " << interp::dtype_name(x->dtype)
      << " (convert it with .float())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return p.ret_unranked(DType::Float32);
  }
  if (x->dtype != w->dtype && x->dtype != DType::Unknown && w->dtype != DType::Unknown) {
    Msg m;
    m << "mat1 and mat2 must have the same dtype: the input is " << interp::dtype_name(x->dtype)
      << " but the Linear layer's weight is " << interp::dtype_name(w->dtype) << " (convert the input with .to("
      << interp::dtype_name(w->dtype) << ") or the layer with ." << (w->dtype == DType::Float64 ? "double()" : "float()") << ")";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return p.ret_unranked(w->dtype);
  }
  if (!x->shape) return p.ret_unranked(dt);
  const Shape s = *x->shape;
  if (s.empty()) {
    p.require(Cond::truth(false), RuleId::RankMismatch, Msg("Linear expects an input with at least 1 dimension, but got a 0-D tensor"), rel);
    return p.ret_unranked(dt);
  }
  rel.insert(rel.begin(), p.origin_note(*x, "the input got its shape here"));
  Msg m;
  m << "mat1 and mat2 shapes cannot be multiplied: the input is " << s << " but the Linear layer expects " << in_f
    << " input features (last dimension " << s.back() << " != " << in_f << ")";
  // (the fix: the layer's in_features, the size that reaches it)
  interp::ArgumentFix fix{w->origin, "Linear", 0, "in_features", s.back()};
  if (!p.require(Cond::eq(s.back(), in_f), RuleId::MatmulInnerDim, m, rel, std::move(fix))) return p.ret_unranked(dt);
  Shape out = s;
  out.back() = out_f;
  return p.ret_tensor(out, dt);
}

// _tenscan.reduce(t, dim or None or tuple, keepdim, result dtype or None, op_name, float_only)
// An empty tuple of dims reduces every dimension, as None does. `float_only`: the reduction
// has no integer form (mean, std, var, norm) and the result dtype must be floating or complex.
Outs reduce(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "reduce");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret_unranked(DType::Unknown);
  DType dt = p.dtype_arg(3, "dtype", t->dtype);
  std::string op = p.str_arg(4).value_or("reduction");
  if (p.bool_arg(5).value_or(false) && dtype_is_integer_or_bool(dt)) {
    Msg m;
    m << op << " only supports floating-point and complex tensors, but got a tensor of dtype " << interp::dtype_name(dt)
      << " (convert it with .float() first)";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*t, "the tensor got its dtype here")});
    return p.ret_unranked(DType::Float32);
  }
  // the values: of the reduced elements (their count, when known, for a sum or a norm)
  std::optional<std::int64_t> count;
  FloatRange values = FloatRange::top();
  std::shared_ptr<const interp::ValueSource> source;
  auto done = [&](Outs outs) { return values.is_top() ? outs : with_values(in, std::move(outs), TensorValues::of(values), source); };
  auto set_values = [&] {
    values = reduced_values(op, t->values.range(), count, dt);
    if (values.is_top()) return;
    // (of data nothing is known of, a spread or a norm is 0 when the data is constant)
    const bool spread_of_unknown = t->values.range().is_top() && values.lo == 0.0 && values.lo_reached &&
                                   std::isinf(values.hi) && !values.integral;
    source = value_source(p, spread_of_unknown ? op + " of data tenscan cannot see is 0 when the data is constant"
                                               : made_text(op, values), t);
  };
  if (!t->shape) {
    set_values();
    return done(p.ret_unranked(dt));
  }
  const Shape s = *t->shape;
  bool keep = p.bool_arg(2, "keepdim").value_or(false);
  std::optional<Shape> dims;
  if (p.present(1, "dim")) {
    dims = p.ints(1, "dim");
    if (!dims) return p.ret_unranked(dt);
  }
  if (t->paired && (!dims || dims->empty())) report_pairs(p, *t, op);
  if (!dims || dims->empty()) count = numel(s).as_const();
  else if (dims->size() == 1 && dims->front().as_const()) {
    std::int64_t d = *dims->front().as_const();
    if (d < 0) d += static_cast<std::int64_t>(s.size());
    if (d >= 0 && static_cast<std::size_t>(d) < s.size()) count = s[static_cast<std::size_t>(d)].as_const();
  }
  set_values();
  if (!dims || dims->empty()) return done(p.ret_tensor(keep ? Shape(s.size(), k(1)) : Shape{}, dt));
  std::vector<bool> reduced(s.size(), false);
  for (const auto& d : *dims) {
    if (s.empty()) {
      auto c = d.as_const();
      if (c && (*c == 0 || *c == -1)) continue;
    }
    auto n = p.dim(d, s.size(), Msg(op));
    if (!n) return p.ret_unranked(dt);
    if (reduced[static_cast<std::size_t>(*n)]) {
      Msg m;
      m << op << ": dim " << *n << " appears multiple times in the list of dims " << *dims << " (tensor shape " << s << ")";
      p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
      return p.ret_unranked(dt);
    }
    reduced[static_cast<std::size_t>(*n)] = true;
  }
  Shape out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!reduced[i]) out.push_back(s[i]);
    else if (keep) out.push_back(k(1));
  }
  return done(p.ret_tensor(out, dt));
}

// _tenscan.if_integral(t, dtype) -> dtype if t holds bools or integers, else None: the result
// dtype of ops that compute integer inputs in another dtype (sum and cumsum in int64,
// logsumexp in the default float dtype)
Outs if_integral(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "if_integral");
  const TensorVal* t = p.tensor(0);
  if (!t || !dtype_is_integer_or_bool(t->dtype)) return p.ret_none();
  const Value* d = p.arg(1);
  return p.ret(d ? *d : Value::none());
}

// _tenscan.check_dim(t, dim, op_name, scalar_ok=True) -> whether dim is valid (softmax,
// log_softmax, cumsum, size, select, ...). A 0-d tensor accepts dim 0 and -1 when
// `scalar_ok`; otherwise (size, select, narrow, unbind) it has no dimension to name.
Outs check_dim(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "check_dim");
  const TensorVal* t = p.tensor(0);
  auto d = p.int_arg(1, "dim");
  std::string op = p.str_arg(2).value_or("operation");
  bool scalar_ok = p.bool_arg(3).value_or(true);
  if (!t || !t->shape || !d) return p.ret(Value::boolean(true));
  if (t->shape->empty() && !scalar_ok) {
    Msg m;
    m << "Dimension specified as " << *d << " but tensor has no dimensions: " << op << " cannot be applied to a 0-dim tensor";
    p.require(Cond::truth(false), RuleId::DimOutOfRange, m, {p.origin_note(*t, "the tensor got its shape here")});
    return p.ret(Value::boolean(false));
  }
  std::size_t rank = std::max<std::size_t>(t->shape->size(), 1);
  auto n = p.dim(*d, rank, Msg(op));
  return p.ret(Value::boolean(n.has_value()));
}

// _tenscan.item(t): requires a single element; a Python float of unknown value, or an int the
// data decides
Outs item(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "item");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret(Value::unknown("item()"));
  if (t->shape) {
    Expr n = numel(*t->shape);
    Msg m;
    m << "a Tensor with " << n << " elements cannot be converted to Scalar (shape " << *t->shape << ")";
    if (!p.require(Cond::eq(n, k(1)), RuleId::SizeMismatch, m, {p.origin_note(*t, "the tensor got its shape here")}))
      return p.ret(Value::unknown("item()"));
  }
  if (interp::dtype_is_integer(t->dtype)) {
    // an integer the data decides (a class label, an index read from an index array): a Data
    // symbol in the dtype's range, so that using it as an index or a size is checked
    std::int64_t lo = sym::Interval::kNegInf, hi = sym::Interval::kPosInf;
    switch (t->dtype) {
      case interp::DType::UInt8: lo = 0, hi = 255; break;
      case interp::DType::Int8: lo = -128, hi = 127; break;
      case interp::DType::Int16: lo = -32768, hi = 32767; break;
      default: break;
    }
    return p.ret(Value::integer(in.fresh_symbol(p.st, "item", "an integer read from a tensor's data", lo, hi,
                                                interp::SymKind::Data)));
  }
  // one number the values analysis knows (torch.full, an element of torch.linspace): that
  // number; else a float of the data, finite for the shape analysis (domain/float_range.h)
  if (const domain::FloatRange v = t->values.range(); !v.nan && v.lo == v.hi && std::isfinite(v.lo))
    return p.ret(Value::floating(domain::FloatRange::point(v.lo)));
  return p.ret(Value::floating(domain::FloatRange::finite()));
}

// _tenscan.where(cond, x, y, name="torch.where"): broadcast of three
Outs where(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "where");
  std::string name = p.str_arg(3).value_or("torch.where");
  const TensorVal* c = p.tensor(0);
  const TensorVal* x = p.tensor(1);
  const TensorVal* y = p.tensor(2);
  auto ox = p.operand(1), oy = p.operand(2);
  DType dt = ox && oy ? result_type({*ox, *oy}) : x ? x->dtype : y ? y->dtype : DType::Float32;
  Shape out;
  for (const TensorVal* t : {c, x, y}) {
    if (!t) continue;
    if (!t->shape) return p.ret_unranked(dt);
    auto b = broadcast_shapes(p, out, *t->shape, Msg(name));
    if (!b) return p.ret_unranked(dt);
    out = *b;
  }
  // the values: either side's, the side the condition selects only where it holds
  // (torch.where(x > 0, x, eps): x's values above 0)
  FloatRange xv = p.arg(1) ? operand_range(in, p.st, *p.arg(1)) : FloatRange::top();
  FloatRange yv = p.arg(2) ? operand_range(in, p.st, *p.arg(2)) : FloatRange::top();
  const interp::ValueSource* guard = c && c->source ? c->source.get() : nullptr;
  // (and the other side only where it does not: torch.where(y == 0, eps, y))
  auto guarded = [&](FloatRange v, bool holds_there) {
    const double b = guard->against, inf = FloatRange::kInf;
    std::string cmp = guard->comparison;
    if (!holds_there) {  // the complement
      static const std::pair<const char*, const char*> kNot[] = {{">", "<="}, {">=", "<"}, {"<", ">="}, {"<=", ">"}, {"==", "!="}, {"!=", "=="}};
      for (const auto& [op, n] : kNot)
        if (cmp == op) {
          cmp = n;
          break;
        }
    }
    if (cmp == "!=") return without(v, b);
    if (cmp == "==") return v.contains(b) ? FloatRange::point(b).with_reached(v.reaches(b), v.reaches(b)) : FloatRange::bottom();
    FloatRange holds = cmp == ">"    ? FloatRange::between(std::nextafter(b, inf), inf)
                       : cmp == ">=" ? FloatRange::between(b, inf)
                       : cmp == "<"  ? FloatRange::between(-inf, std::nextafter(b, -inf))
                                     : FloatRange::between(-inf, b);
    // (the condition's bound is a limit, not a value the operand is known to reach)
    FloatRange kept = v.meet(holds.with_reached(false, false, false));
    return kept.empty() ? kept : kept.with_reached(v.reaches(kept.lo), v.reaches(kept.hi), v.dense);
  };
  if (guard && guard->compared) {
    if (p.arg(1) && compared_is(p.st, *guard, *p.arg(1))) xv = guarded(xv, true);
    if (p.arg(2) && compared_is(p.st, *guard, *p.arg(2))) yv = guarded(yv, false);
  }
  FloatRange values = xv.is_top() || yv.is_top() ? FloatRange::top() : xv.join(yv);
  Outs outs = p.ret_tensor(out, dt);
  if (values.is_top()) return outs;
  return with_values(in, std::move(outs), TensorValues::of(values), value_source(p, made_text(name, values), x ? x : y));
}


const PrimRow kRows[] = {
    {"elementwise", elementwise}, {"matmul", matmul}, {"mm", mm},         {"bmm", bmm},     {"linear", linear},
    {"reduce", reduce},           {"check_dim", check_dim}, {"item", item}, {"where", where},
    {"if_integral", if_integral},
};

}  // namespace

bool dtype_is_integer_or_bool(DType d) { return interp::dtype_is_integer(d) || d == DType::Bool; }

std::span<const PrimRow> math_primitives() { return kRows; }

}  // namespace tenscan::models
