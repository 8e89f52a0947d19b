// Tensor creation and shape manipulation: new/tensor/shape/dtype, reshape/view (with -1),
// flatten, permute, transpose, diag, flip, one_hot, squeeze/unsqueeze, expand, repeat, cat,
// stack, split, chunk, and indexing (ints, slices, None, Ellipsis, bools, and advanced indexing with index
// tensors, lists and masks).
#include <algorithm>
#include <functional>
#include <set>

#include "models/numeric.h"

namespace tenscan::models {
namespace {

using sym::Cond;
using sym::Expr;

Expr k(std::int64_t v) { return Expr::constant(v); }

// _tenscan.register_tensor_class(cls)
Outs register_tensor_class(Interpreter& in, State&& st, Args& a) {
  if (!a.pos.empty() && a.pos[0].is_obj()) st.tensor_cls = a.pos[0].obj;
  (void)in;
  return interp::one(std::move(st), Value::none());
}

// _tenscan.new(size, dtype[, made_from=t][, at=obj]): torch.zeros/ones/randn/empty/full(size...)
// after the stub normalised the size to a tuple. `made_from`: the tensor it is computed from (a
// Keras layer's input: the dims passed on keep where they were made, TensorVal::made); `at`:
// the object whose creation is where the project's code made it (the Keras layer).
Outs new_tensor(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "new");
  DType dt = p.dtype_arg(1, "dtype", DType::Float32);
  auto size = p.ints(0);
  if (!size) return p.ret_unranked(dt);
  bool ok = true;
  for (const auto& d : *size) {
    Msg m;
    m << "Trying to create tensor with negative dimension " << d << ": " << *size;
    ok = p.require(Cond::ge(d, k(0)), RuleId::InvalidHyperparameter, m) && ok;
  }
  if (!ok) return p.ret_unranked(dt);
  std::optional<ir::Loc> at;
  if (const Value* o = p.arg(2, "at"); o && o->is_obj() && p.st.heap.get(o->obj).alloc_site.line != 0)
    at = p.st.heap.get(o->obj).alloc_site;
  return p.ret_tensor(*size, dt, at);
}

// _tenscan.like(t, dtype or None): zeros_like and friends
Outs like(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "like");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret_unranked(DType::Unknown);
  DType dt = p.dtype_arg(1, "dtype", t->dtype);
  if (!t->shape) return p.ret_unranked(dt);
  return p.ret_tensor(*t->shape, dt);
}

// What torch.tensor() makes of nested Python lists: the shape (PyTorch reads it from the
// first element at each level), the inferred dtype (numbers promote: bool < int64 < float32;
// an empty list gives the default float32) and the leaves. `problem` says why PyTorch
// rejects the data: ragged lists, a number where a list belongs or the reverse, or a
// tensor of several elements where a number belongs. With `nest_tensors` (NumPy's array()), a
// tensor among the lists is a nested sequence of its elements, so lists of arrays stack.
struct Nested {
  bool known = true;  ///< false: some part is a value tenscan does not know
  Shape shape;
  std::optional<DType> dtype;  ///< promoted over the leaves (nullopt: no leaf)
  std::vector<Value> leaves;
  std::optional<Msg> problem;
};

Nested scan_nested(const Interpreter& in, const State& st, const Value& data, bool nest_tensors = false) {
  Nested r;
  if (const TensorVal* t = in.tensor_of(st, data)) {
    if (t->shape) r.shape = *t->shape;
    else r.known = false;
    r.dtype = t->dtype;
    return r;
  }
  std::vector<std::size_t> sizes;
  for (const Value* cur = &data;;) {
    const auto* seq = in.sequence_of(st, *cur);
    if (!seq) {
      const TensorVal* t = nest_tensors && cur != &data ? in.tensor_of(st, *cur) : nullptr;
      if (t && t->shape && std::all_of(t->shape->begin(), t->shape->end(), [](const auto& d) { return d.as_const(); }))
        for (const auto& d : *t->shape) sizes.push_back(static_cast<std::size_t>(*d.as_const()));
      break;
    }
    sizes.push_back(seq->size());
    if (seq->empty()) break;
    cur = &(*seq)[0];
  }
  for (auto n : sizes) r.shape.push_back(k(static_cast<std::int64_t>(n)));
  std::function<void(const Value&, std::size_t)> walk = [&](const Value& v, std::size_t depth) {
    if (r.problem || !r.known) return;
    const TensorVal* t = in.tensor_of(st, v);
    const auto* seq = t ? nullptr : in.sequence_of(st, v);
    if (depth < sizes.size()) {
      if (t && t->shape) {
        // a tensor where a list belongs is read as nested lists of its elements
        bool fits = t->shape->size() == sizes.size() - depth;
        for (std::size_t i = 0; fits && i < t->shape->size(); ++i) {
          auto c = (*t->shape)[i].as_const();
          if (!c) {
            r.known = false;
            return;
          }
          fits = *c == static_cast<std::int64_t>(sizes[depth + i]);
        }
        if (!fits) {
          Msg m;
          m << "a tensor of shape " << *t->shape << " stands where the nested lists need a sequence of shape "
            << Shape(r.shape.begin() + static_cast<long>(depth), r.shape.end()) << " at dim " << static_cast<std::int64_t>(depth);
          r.problem = m;
          return;
        }
        r.dtype = r.dtype ? promote(*r.dtype, t->dtype) : t->dtype;
        return;
      }
      if (t) {
        r.known = false;
        return;
      }
      if (!seq) {
        if (!t && v.kind != VKind::Int && v.kind != VKind::Bool && v.kind != VKind::Float) {
          r.known = false;
          return;
        }
        Msg m;
        m << "expected a sequence of length " << static_cast<std::int64_t>(sizes[depth]) << " at dim "
          << static_cast<std::int64_t>(depth) << " but got " << (t ? "a tensor" : "a number")
          << ": the nested lists must form a rectangular array of shape " << r.shape;
        r.problem = m;
        return;
      }
      if (seq->size() != sizes[depth]) {
        Msg m;
        m << "expected sequence of length " << static_cast<std::int64_t>(sizes[depth]) << " at dim "
          << static_cast<std::int64_t>(depth) << " (got " << static_cast<std::int64_t>(seq->size())
          << "): the nested lists are ragged, so they do not form the shape " << r.shape << " their first elements suggest";
        r.problem = m;
        return;
      }
      for (const auto& x : *seq) walk(x, depth + 1);
      return;
    }
    DType d;
    if (seq) {
      Msg m;
      m << "expected a number at dim " << static_cast<std::int64_t>(depth) << " but got a sequence of length "
        << static_cast<std::int64_t>(seq->size()) << ": the nested lists are ragged (shape " << r.shape
        << " from the first elements)";
      r.problem = m;
      return;
    }
    if (t) {
      if (!t->shape) {
        r.known = false;
        return;
      }
      if (auto n = numel(*t->shape).as_const(); n && *n != 1) {
        Msg m;
        m << "only one element tensors can be converted to Python scalars, but the data holds a tensor of shape "
          << *t->shape << " (use torch.stack to join tensors)";
        r.problem = m;
        return;
      }
      d = t->dtype;
    } else if (v.kind == VKind::Int) {
      d = DType::Int64;
    } else if (v.kind == VKind::Bool) {
      d = DType::Bool;
    } else if (v.kind == VKind::Float) {
      d = DType::Float32;
    } else {
      r.known = false;
      return;
    }
    r.leaves.push_back(v);
    r.dtype = r.dtype ? promote(*r.dtype, d) : d;
  };
  walk(data, 0);
  return r;
}

// _tenscan.from_data(data, dtype or None[, nest_tensors]): torch.tensor(nested lists) -> shape
// and dtype of the data; with nest_tensors, NumPy's array() (lists of arrays stack)
Outs from_data(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "from_data");
  const Value* data = p.arg(0);
  const Value* nest = p.arg(2, "nest_tensors");
  bool nest_tensors = nest && nest->const_int() && *nest->const_int() != 0;
  bool explicit_dtype = p.present(1, "dtype");
  DType want = p.dtype_arg(1, "dtype", DType::Unknown);
  if (!data) return p.ret_unranked(want);
  if (in.summary_items(p.st, *data)) {
    // a list of unknown length: its elements are like its representatives (which may be such
    // lists themselves)
    std::function<std::optional<Nested>(const Value&)> scan = [&](const Value& v) -> std::optional<Nested> {
      const auto* reps = in.summary_items(p.st, v);
      if (!reps) {
        Nested e = scan_nested(in, p.st, v, nest_tensors);
        if (e.problem || !e.known) return std::nullopt;
        return e;
      }
      std::optional<Nested> elem;
      for (const auto& r : *reps) {
        auto e = scan(r);
        if (!e || (elem && !(e->shape == elem->shape))) return std::nullopt;
        elem = std::move(e);
      }
      if (!elem) return std::nullopt;
      elem->shape.insert(elem->shape.begin(), in.summary_length(p.st, v));
      return elem;
    };
    auto n = scan(*data);
    if (!n) return p.ret_unranked(want);
    DType dt = explicit_dtype ? want : n->dtype.value_or(DType::Float32);
    return p.ret_tensor(n->shape, dt);
  }
  Nested n = scan_nested(in, p.st, *data, nest_tensors);
  if (n.problem) {
    Msg m;
    m << "torch.tensor(): " << *n.problem;
    p.require(Cond::truth(false), RuleId::SizeMismatch, m);
    return p.ret_unranked(want);
  }
  if (!n.known) return p.ret_unranked(want);
  DType dt = explicit_dtype ? p.dtype_arg(1, "dtype", n.dtype.value_or(DType::Float32)) : n.dtype.value_or(DType::Float32);
  // the values: the numbers written out (numeric.h), when every one of them is known
  FloatRange values = FloatRange::bottom();
  for (const Value& leaf : n.leaves) {
    FloatRange x = operand_range(in, p.st, leaf);
    if (x.is_top() || x.empty()) return p.ret_tensor(n.shape, dt);
    values = values.join(x);
  }
  if (n.leaves.empty()) return p.ret_tensor(n.shape, dt);
  values = saturate(values, dt);
  return with_values(in, p.ret_tensor(n.shape, dt), filled(values), value_source(p, made_text("torch.tensor", values), nullptr));
}

// _tenscan.shape(t) -> tuple of ints
Outs shape(Interpreter& in, State&& st, Args& a) {
  const TensorVal* t = in.tensor_of(st, a.pos.empty() ? Value() : a.pos[0]);
  if (!t) return interp::one(std::move(st), Value::unknown("size"));
  if (!t->shape && t->module_input && t->opaque) return interp::one(std::move(st), in.module_input_shape(a.pos[0].obj));
  if (!t->shape) return interp::one(std::move(st), Value::unknown("size of a tensor of unknown rank"));
  std::vector<Value> dims;
  for (const auto& d : *t->shape) dims.push_back(Value::integer(d));
  Value v = in.new_tuple(st, std::move(dims));
  return interp::one(std::move(st), v);
}

Outs dtype(Interpreter& in, State&& st, Args& a) {
  const TensorVal* t = in.tensor_of(st, a.pos.empty() ? Value() : a.pos[0]);
  if (!t || t->dtype == DType::Unknown) return interp::one(std::move(st), Value::unknown("dtype"));
  return interp::one(std::move(st), Value::str(interp::dtype_name(t->dtype)));
}

// _tenscan.with_dtype(t, dtype): .float(), .long(), .to(dtype), .type(dtype)
Outs with_dtype(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "with_dtype");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret_unranked(DType::Unknown);
  DType dt = p.dtype_arg(1, "dtype", t->dtype);
  if (!t->shape) return p.ret_unranked(dt);
  TensorVal r = *t;
  r.dtype = dt;
  // the same values, an infinity where they do not fit a narrower float (float16's 65504)
  // (as integers, the elements are no longer what their forms compute)
  if (interp::dtype_is_float(dt)) r.values = saturate(r.values, dt);
  if (!interp::dtype_is_float(dt)) r.values = r.values.without_forms();
  Value v = in.new_tensor(p.st, r);
  return p.ret(v);
}

// _tenscan.same(t): a new tensor with the same shape and dtype, its values unknown (contiguous,
// activations with no numerical model, dropout, normalize)
Outs same(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "same");
  const TensorVal* t = p.tensor(0);
  if (!t) {
    const Value* v = p.arg(0);
    return p.ret(v ? *v : Value::unknown("tensor"));
  }
  TensorVal r = *t;
  r.origin = in.site().line ? in.site() : t->origin;
  if (p.present(1, "dtype")) r.dtype = p.dtype_arg(1, "dtype", t->dtype);
  // values: those of an operation with no numerical model are unknown (pointwise.cpp has the
  // ones that have one, copies included)
  r.values = domain::TensorValues::top();
  r.source = nullptr;
  Value v = in.new_tensor(p.st, r);
  return p.ret(v);
}

Outs numel_prim(Interpreter& in, State&& st, Args& a) {
  const TensorVal* t = in.tensor_of(st, a.pos.empty() ? Value() : a.pos[0]);
  if (!t || !t->shape) return interp::one(std::move(st), Value::unknown("numel"));
  return interp::one(std::move(st), Value::integer(numel(*t->shape)));
}

Outs ndim(Interpreter& in, State&& st, Args& a) {
  const TensorVal* t = in.tensor_of(st, a.pos.empty() ? Value() : a.pos[0]);
  if (t && !t->shape && t->module_input && t->opaque) return interp::one(std::move(st), in.module_input_rank(a.pos[0].obj));
  if (!t || !t->shape) return interp::one(std::move(st), Value::unknown("dim"));
  return interp::one(std::move(st), Value::integer(static_cast<std::int64_t>(t->shape->size())));
}

// The fix of a view that keeps the leading dims of its input and flattens the rest
// (`x.view(-1, 16 * 4 * 4)`, `x.view(B, C, 49)`): its last size set to what the rest holds, as
// an argument of the `method` call (x.view(...), x.reshape(...)) at the current site. None when
// the sizes before the last are not the input's own (-1 standing for the first).
std::optional<interp::ArgumentFix> flatten_fix(const Interpreter& in, const Shape& in_shape, const Shape& sizes, int infer,
                                               const std::string& method) {
  const std::size_t n = sizes.size();
  if (method.empty() || n < 2 || in_shape.size() < n || infer == static_cast<int>(n) - 1) return std::nullopt;
  for (std::size_t i = 0; i + 1 < n; ++i)
    if (static_cast<int>(i) != infer && !(sizes[i] == in_shape[i])) return std::nullopt;
  Expr rest = k(1);
  for (std::size_t i = n - 1; i < in_shape.size(); ++i) rest = rest * in_shape[i];
  return interp::ArgumentFix{in.site(), method, static_cast<int>(n) - 1, "", rest, "", "the last size"};
}

// _tenscan.reshape(t, sizes[, method]): view/reshape. One -1 is inferred; numel must agree.
// `method`: "view" or "reshape" when the sizes are that method's arguments, one each (what a
// fix may edit).
Outs reshape(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "reshape");
  const TensorVal* t = p.tensor(0);
  auto sizes = p.ints(1);
  if (!t) return p.ret_unranked(DType::Unknown);
  if (!sizes) return p.ret_unranked(t->dtype);
  DType dt = t->dtype;
  int infer = -1;
  for (std::size_t i = 0; i < sizes->size(); ++i) {
    auto c = (*sizes)[i].as_const();
    if (c && *c == -1) {
      if (infer >= 0) {
        p.require(Cond::truth(false), RuleId::ReshapeNumel, Msg("only one dimension can be inferred (-1) in view/reshape"));
        return p.ret_unranked(dt);
      }
      infer = static_cast<int>(i);
    } else if (c && *c < -1) {
      Msg m;
      m << "invalid shape dimension " << *c << " in view/reshape";
      p.require(Cond::truth(false), RuleId::ReshapeNumel, m);
      return p.ret_unranked(dt);
    }
  }
  if (!t->shape) {
    // data tenscan cannot see, reshaped to an explicit shape: that shape comes out (assuming
    // the element counts agree). A failed operation's result stays unknown (no follow-ons).
    if (t->opaque && infer < 0) return p.ret_tensor(*sizes, dt);
    return p.ret_unranked(dt);
  }
  Expr total = numel(*t->shape);
  Shape out = *sizes;
  auto related = std::vector<RelatedMsg>{p.origin_note(*t, "the input got its shape here")};
  if (infer >= 0) {
    Expr known = k(1);
    for (std::size_t i = 0; i < out.size(); ++i)
      if (static_cast<int>(i) != infer) known = known * out[i];
    Msg m;
    m << "shape " << *sizes << " is invalid for input of size " << total << ": the input has shape " << *t->shape << " and "
      << total << " is not divisible by " << known;
    bool ok = p.require(Cond::ne(known, k(0)) && Cond::eq(Expr::mod(total, known), k(0)), RuleId::ReshapeNumel, m, related,
                        flatten_fix(in, *t->shape, *sizes, infer, p.str_arg(2).value_or("")));
    if (!ok) return p.ret_unranked(dt);
    out[static_cast<std::size_t>(infer)] = Expr::floordiv(total, known);
  } else {
    Msg m;
    m << "shape " << *sizes << " is invalid for input of size " << total << " (input shape " << *t->shape << ", "
      << numel(*sizes) << " elements requested)";
    if (!p.require(Cond::eq(numel(*sizes), total), RuleId::ReshapeNumel, m, related,
                   flatten_fix(in, *t->shape, *sizes, infer, p.str_arg(2).value_or(""))))
      return p.ret_unranked(dt);
  }
  // x.view(-1, 1): a column the program asked for (TensorVal::inserted_unit), as an unsqueeze
  const bool column = !sizes->empty() && sizes->back().as_const() == std::optional<std::int64_t>(1) &&
                      (t->shape->empty() || t->shape->back().as_const() != std::optional<std::int64_t>(1));
  Value v = p.tensor_value(out, dt);
  if (column) p.st.heap.mut(v.obj).tensor->inserted_unit = true;
  return p.ret(v);
}

// _tenscan.flatten(t, start_dim, end_dim)
Outs flatten(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "flatten");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape& s = *t->shape;
  DType dt = t->dtype;
  auto sd = p.int_arg(1, "start_dim").value_or(k(0));
  auto ed = p.int_arg(2, "end_dim").value_or(k(-1));
  std::size_t rank = s.size();
  if (rank == 0) return p.ret_tensor({k(1)}, dt);
  auto a0 = p.dim(sd, rank, Msg("flatten(start_dim)"));
  auto a1 = p.dim(ed, rank, Msg("flatten(end_dim)"));
  if (!a0 || !a1) return p.ret_unranked(dt);
  if (*a0 > *a1) {
    Msg m;
    m << "flatten() has invalid args: start_dim (" << sd << ") cannot come after end_dim (" << ed << ") for a "
      << static_cast<std::int64_t>(rank) << "-D tensor";
    p.require(Cond::truth(false), RuleId::DimOutOfRange, m);
    return p.ret_unranked(dt);
  }
  Shape out(s.begin(), s.begin() + *a0);
  Expr prod = k(1);
  for (auto i = *a0; i <= *a1; ++i) prod = prod * s[static_cast<std::size_t>(i)];
  out.push_back(prod);
  out.insert(out.end(), s.begin() + *a1 + 1, s.end());
  return p.ret_tensor(out, dt);
}

// _tenscan.permute(t, dims)
Outs permute(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "permute");
  const TensorVal* t = p.tensor(0);
  auto dims = p.ints(1);
  if (!t || !t->shape || !dims) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  DType dt = t->dtype;
  if (dims->size() != s.size()) {
    Msg m;
    m << "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of "
         "dimensions: the input has shape "
      << s << " (" << static_cast<std::int64_t>(s.size()) << " dims) but " << static_cast<std::int64_t>(dims->size())
      << " dims were given";
    p.require(Cond::truth(false), RuleId::RankMismatch, m);
    return p.ret_unranked(dt);
  }
  std::set<std::int64_t> seen;
  Shape out;
  for (const auto& d : *dims) {
    auto n = p.dim(d, s.size(), Msg("permute"));
    if (!n) return p.ret_unranked(dt);
    if (!seen.insert(*n).second) {
      Msg m;
      m << "permute(): duplicate dims are not allowed (dim " << *n << " repeated in " << *dims << ")";
      p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
      return p.ret_unranked(dt);
    }
    out.push_back(s[static_cast<std::size_t>(*n)]);
  }
  return p.ret_tensor(out, dt);
}

// _tenscan.transpose(t, d0, d1)
Outs transpose(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "transpose");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  Shape s = *t->shape;
  DType dt = t->dtype;
  auto d0 = p.int_arg(1, "dim0"), d1 = p.int_arg(2, "dim1");
  if (!d0 || !d1) return p.ret_unranked(dt);
  if (s.empty()) return p.ret_tensor(s, dt);
  auto a0 = p.dim(*d0, s.size(), Msg("transpose"));
  auto a1 = p.dim(*d1, s.size(), Msg("transpose"));
  if (!a0 || !a1) return p.ret_unranked(dt);
  std::swap(s[static_cast<std::size_t>(*a0)], s[static_cast<std::size_t>(*a1)]);
  return p.ret_tensor(s, dt);
}

// _tenscan.t(t): 2-D transpose (<= 2 dims)
Outs t2(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "t");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  Shape s = *t->shape;
  DType dt = t->dtype;
  if (s.size() > 2) {
    Msg m;
    m << "t() expects a tensor with <= 2 dimensions, but the input has shape " << s;
    p.require(Cond::truth(false), RuleId::RankMismatch, m);
    return p.ret_unranked(dt);
  }
  std::reverse(s.begin(), s.end());
  return p.ret_tensor(s, dt);
}

// min/max of two dims, resolved when the path's ranges decide them (so that equal sizes look
// equal)
Expr min_r(const State& st, const Expr& x, const Expr& y) {
  if (st.ranges.decide(Cond::le(x, y)) == sym::Tri::True) return x;
  if (st.ranges.decide(Cond::le(y, x)) == sym::Tri::True) return y;
  return Expr::min(x, y);
}
Expr max_r(const State& st, const Expr& x, const Expr& y) {
  if (st.ranges.decide(Cond::ge(x, y)) == sym::Tri::True) return x;
  if (st.ranges.decide(Cond::ge(y, x)) == sym::Tri::True) return y;
  return Expr::max(x, y);
}

// _tenscan.diag(t, diagonal): torch.diag. A vector [n] becomes the square matrix
// [n + |k|, n + |k|] with it on diagonal k; a matrix [r, c] gives its diagonal k, of
// min(r + min(k, 0), c - max(k, 0)) elements. PyTorch 1.13 accepts offsets from -r to c (the
// diagonals just outside the matrix are empty) and raises "numel: integer multiplication
// overflow" beyond them.
Outs diag(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "diag");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  const DType dt = t->dtype;
  Expr kd = k(0);
  if (p.present(1, "diagonal")) {
    auto d = p.int_arg(1, "diagonal");
    if (!d) return p.ret_unranked(dt);
    kd = *d;
  }
  if (!p.require_rank(*t, {1, 2}, Msg("torch.diag (\"matrix or a vector expected\")"))) return p.ret_unranked(dt);
  if (s.size() == 1) {
    Expr n = s[0] + max_r(p.st, kd, -kd);
    return p.ret_tensor({n, n}, dt);
  }
  const Expr &r = s[0], &c = s[1];
  Msg m;
  m << "torch.diag: the matrix of shape " << s << " has no diagonal at offset " << kd << " (offsets from " << -r << " to " << c
    << " exist); PyTorch raises RuntimeError: numel: integer multiplication overflow";
  if (!p.require(Cond::ge(kd, -r) && Cond::le(kd, c), RuleId::IndexOutOfRange, m,
                 {p.origin_note(*t, "the matrix got its shape here")}))
    return p.ret_unranked(dt);
  Expr len = min_r(p.st, r + min_r(p.st, kd, k(0)), c - max_r(p.st, kd, k(0)));
  return p.ret_tensor({len}, dt);
}

// _tenscan.flip(t, dims): the shape stays; every dim must be in range and named once
Outs flip(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "flip");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  const DType dt = t->dtype;
  auto dims = p.ints(1, "dims");
  if (!dims) return p.ret_unranked(dt);
  std::set<std::int64_t> seen;
  for (const auto& d : *dims) {
    if (!d.as_const()) continue;  // a dim tenscan does not know: neither checked nor compared
    // a 0-d tensor accepts dim 0 and -1, like a 1-d one
    auto n = p.dim(d, std::max<std::size_t>(s.size(), 1), Msg("flip()"));
    if (!n) return p.ret_unranked(dt);
    if (!seen.insert(*n).second) {
      Msg m;
      m << "flip(): dim " << *n << " appears multiple times in the list of dims " << *dims << " (tensor shape " << s << ")";
      p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
      return p.ret_unranked(dt);
    }
  }
  return p.ret_tensor(s, dt);
}

// _tenscan.one_hot(t, num_classes): F.one_hot. The input must hold int64 class indices; the
// result is int64 of shape t.shape + [num_classes]. num_classes=-1 takes max(t) + 1 (a count
// that depends on the data, and needs a non-empty input); any other value must be positive
// (PyTorch checks that every class value is smaller, and class values are >= 0).
Outs one_hot(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "one_hot");
  const TensorVal* t = p.tensor(0);
  if (!t) return p.ret_unranked(DType::Int64);
  if (t->dtype != DType::Int64 && t->dtype != DType::Unknown) {
    Msg m;
    m << "one_hot is only applicable to index tensor: the input has dtype " << interp::dtype_name(t->dtype)
      << " but must be int64 (convert it with .long())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*t, "the input got its dtype here")});
    return p.ret_unranked(DType::Int64);
  }
  auto nc = p.present(1, "num_classes") ? p.int_arg(1, "num_classes") : std::optional<Expr>(k(-1));
  if (!t->shape || !nc) return p.ret_unranked(DType::Int64);
  const Shape s = *t->shape;
  const Expr n = numel(s);
  Msg m;
  if (nc->as_const() == -1)
    m << "one_hot: Can not infer total number of classes from empty tensor: num_classes=-1 takes max + 1 of the input's "
         "values, but the input of shape "
      << s << (n.as_const() == 0 ? " has none" : " can be empty") << " (pass num_classes)";
  else
    m << "one_hot: num_classes must be positive, but got " << *nc
      << " (class values are non-negative and must be smaller than num_classes; PyTorch raises \"Class values must be "
         "smaller than num_classes\", or \"Can not infer total number of classes from empty tensor\" for an empty input)";
  Cond ok = (Cond::eq(*nc, k(-1)) && Cond::ge(n, k(1))) || Cond::ge(*nc, k(1));
  if (!p.require(ok, RuleId::InvalidHyperparameter, m, {p.origin_note(*t, "the input got its shape here")}))
    return p.ret_unranked(DType::Int64);
  Expr classes = *nc;
  if (nc->as_const() == -1)
    classes = in.fresh_symbol(p.st, "num_classes", "the number of classes one_hot reads from the data (max + 1)", 1, 0,
                              interp::SymKind::Data);
  Shape out = s;
  out.push_back(classes);
  return p.ret_tensor(out, DType::Int64);
}

// _tenscan.squeeze(t, dim or None)
Outs squeeze(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "squeeze");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  DType dt = t->dtype;
  Shape out;
  if (!p.present(1, "dim")) {
    for (const auto& d : s) {
      auto c = d.as_const();
      if (c && *c == 1) continue;
      if (!c) return p.ret_unranked(dt);  // a symbolic dim might be 1
      out.push_back(d);
    }
    return p.ret_tensor(out, dt);
  }
  auto d = p.int_arg(1, "dim");
  if (!d) return p.ret_unranked(dt);
  if (s.empty()) return p.ret_tensor(s, dt);
  auto n = p.dim(*d, s.size(), Msg("squeeze"));
  if (!n) return p.ret_unranked(dt);
  const Expr& dd = s[static_cast<std::size_t>(*n)];
  if (dd.as_const() && *dd.as_const() != 1) return p.ret_tensor(s, dt);
  if (!dd.as_const()) return p.ret_unranked(dt);
  out = s;
  out.erase(out.begin() + *n);
  return p.ret_tensor(out, dt);
}

Outs unsqueeze(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "unsqueeze");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  Shape s = *t->shape;
  DType dt = t->dtype;
  auto d = p.int_arg(1, "dim");
  if (!d) return p.ret_unranked(dt);
  auto n = p.dim(*d, s.size(), Msg("unsqueeze"), 1);
  if (!n) return p.ret_unranked(dt);
  s.insert(s.begin() + *n, k(1));
  const bool last = static_cast<std::size_t>(*n) + 1 == s.size();
  Value v = p.tensor_value(std::move(s), dt);
  if (last) p.st.heap.mut(v.obj).tensor->inserted_unit = true;  // (a column made on purpose)
  return p.ret(v);
}

// _tenscan.expand(t, sizes)
Outs expand(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "expand");
  const TensorVal* t = p.tensor(0);
  auto sizes = p.ints(1);
  if (!t || !t->shape || !sizes) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  DType dt = t->dtype;
  if (sizes->size() < s.size()) {
    Msg m;
    m << "expand: the number of sizes provided (" << static_cast<std::int64_t>(sizes->size())
      << ") must be greater or equal to the number of dimensions in the tensor (" << static_cast<std::int64_t>(s.size())
      << "); input shape " << s;
    p.require(Cond::truth(false), RuleId::SizeMismatch, m);
    return p.ret_unranked(dt);
  }
  Shape out = *sizes;
  std::size_t off = sizes->size() - s.size();
  bool ok = true;
  for (std::size_t i = 0; i < sizes->size(); ++i) {
    const Expr& want = (*sizes)[i];
    if (i < off) continue;
    const Expr& have = s[i - off];
    if (want.as_const() == -1) {
      out[i] = have;
      continue;
    }
    Msg m;
    m << "The expanded size of the tensor (" << want << ") must match the existing size (" << have
      << ") at non-singleton dimension " << static_cast<std::int64_t>(i) << ". Target sizes: " << *sizes
      << ". Tensor sizes: " << s;
    ok = p.require(Cond::eq(want, have) || Cond::eq(have, k(1)), RuleId::SizeMismatch, m) && ok;
  }
  if (!ok) return p.ret_unranked(dt);
  return p.ret_tensor(out, dt);
}

// _tenscan.repeat(t, sizes)
Outs repeat(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "repeat");
  const TensorVal* t = p.tensor(0);
  auto sizes = p.ints(1);
  if (!t || !t->shape || !sizes) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  DType dt = t->dtype;
  if (sizes->size() < s.size()) {
    Msg m;
    m << "Number of dimensions of repeat dims (" << static_cast<std::int64_t>(sizes->size())
      << ") can not be smaller than number of dimensions of tensor (" << static_cast<std::int64_t>(s.size())
      << "); input shape " << s;
    p.require(Cond::truth(false), RuleId::SizeMismatch, m);
    return p.ret_unranked(dt);
  }
  std::size_t off = sizes->size() - s.size();
  Shape out;
  for (std::size_t i = 0; i < sizes->size(); ++i) out.push_back(i < off ? (*sizes)[i] : (*sizes)[i] * s[i - off]);
  return p.ret_tensor(out, dt);
}

// _tenscan.cat(tensors, dim) / _tenscan.stack(tensors, dim). cat skips 1-D tensors of size 0
// (PyTorch's legacy behaviour: torch.cat([torch.empty(0), x]) is x); they still take part in
// the dtype promotion.
Outs join(Interpreter& in, State&& st, Args& a, bool stack) {
  Prim p(in, std::move(st), a, stack ? "stack" : "cat");
  bool summary = false;  // a list of unknown length: ts are its representative elements
  auto ts = p.tensors(0, {}, &summary);
  if (!ts || ts->empty()) {
    if (ts && ts->empty() && !summary) {
      p.require(Cond::truth(false), RuleId::ConcatMismatch, Msg(stack ? "stack expects a non-empty TensorList" : "torch.cat(): expected a non-empty list of Tensors"));
    }
    return p.ret_unranked(DType::Unknown);
  }
  DType dt = (*ts)[0].dtype;
  for (const auto& t : *ts) {
    dt = promote(dt, t.dtype);
    if (!t.shape) return p.ret_unranked(dt);
  }
  auto legacy_empty = [](const TensorVal& t) { return t.shape->size() == 1 && (*t.shape)[0].as_const() == 0; };
  // the tensor whose shape the others must match: the first one cat does not skip
  std::size_t ref = 0;
  if (!stack)
    while (ref + 1 < ts->size() && legacy_empty((*ts)[ref])) ++ref;
  auto d = p.int_arg(1, "dim").value_or(k(0));
  const Shape& first = *(*ts)[ref].shape;
  std::size_t rank = first.size();
  auto n = p.dim(d, rank, Msg(stack ? "stack" : "cat"), stack ? 1 : 0);
  if (!n) return p.ret_unranked(dt);
  bool ok = true;
  Expr total = k(0);
  for (std::size_t j = 0; j < ts->size(); ++j) {
    const Shape& s = *(*ts)[j].shape;
    if (!stack && rank != 1 && legacy_empty((*ts)[j])) continue;
    if (s.size() != rank) {
      Msg m;
      m << (stack ? "stack" : "torch.cat") << "(): tensors must have the same number of dimensions: tensor "
        << static_cast<std::int64_t>(ref) << " has shape " << first << " but tensor " << static_cast<std::int64_t>(j)
        << " has shape " << s;
      p.require(Cond::truth(false), RuleId::ConcatMismatch, m);
      return p.ret_unranked(dt);
    }
    for (std::size_t i = 0; i < rank; ++i) {
      if (!stack && static_cast<std::int64_t>(i) == *n) continue;
      Msg m;
      if (stack) {
        m << "stack expects each tensor to be equal size, but got " << first << " at entry 0 and " << s << " at entry "
          << static_cast<std::int64_t>(j);
      } else {
        m << "Sizes of tensors must match except in dimension " << *n << ". Expected size " << first[i] << " but got size "
          << s[i] << " for tensor number " << static_cast<std::int64_t>(j) << " in the list (shapes " << first << " and " << s
          << ")";
      }
      ok = p.require(Cond::eq(first[i], s[i]), RuleId::ConcatMismatch, m,
                     {p.origin_note((*ts)[j], "tensor " + std::to_string(j) + " got its shape here")}) && ok;
      if (!ok) break;
    }
    if (!ok) break;
    if (!stack) total = total + s[static_cast<std::size_t>(*n)];
  }
  if (!ok) return p.ret_unranked(dt);
  Shape out = first;
  if (summary) {
    // as many tensors as the list holds: each like a representative
    Expr count = in.summary_length(p.st, *p.arg(0));
    auto at = static_cast<std::size_t>(*n);
    if (stack) {
      out.insert(out.begin() + *n, count);
    } else {
      // every element as long as the first along dim (a constant): count times that
      bool same = first[at].is_const() && std::all_of(ts->begin(), ts->end(), [&](const TensorVal& t) {
                    return (*t.shape)[at] == first[at];
                  });
      out[at] = same ? count * first[at]
                     : in.fresh_symbol(p.st, "cat(list)", "the length of a concatenation of a list of unknown length", 0, -1,
                                       interp::SymKind::Data);
    }
    return p.ret_tensor(out, dt);
  }
  if (stack) out.insert(out.begin() + *n, k(static_cast<std::int64_t>(ts->size())));
  else out[static_cast<std::size_t>(*n)] = total;
  // the values: one part per operand along dim (numeric.h); a stacked operand's elements sit in
  // a tensor of one more dimension (its forms renamed to that view)
  std::vector<domain::TensorValues> vals;
  std::vector<std::int64_t> sizes;
  const auto at = static_cast<std::size_t>(*n);
  for (const auto& t : *ts) {
    if (stack) {
      domain::TensorValues v = t.values.smashed();
      if (v.parts[0].form)
        v.parts[0].form = v.parts[0].form->moved(domain::view_tag(3, *n, 0, 1, static_cast<std::int64_t>(rank) + 1));
      vals.push_back(std::move(v));
      sizes.push_back(1);
    } else {
      bool skipped = rank != 1 && legacy_empty(t);
      vals.push_back(t.values);
      sizes.push_back(skipped ? 0 : (*t.shape)[at].as_const().value_or(-1));
    }
  }
  return with_values(in, p.ret_tensor(out, dt), domain::TensorValues::concat(vals, sizes, *n));
}
Outs cat(Interpreter& in, State&& st, Args& a) { return join(in, std::move(st), a, false); }
Outs stack(Interpreter& in, State&& st, Args& a) { return join(in, std::move(st), a, true); }

// _tenscan.split(t, split_size_or_sections, dim, chunks_mode)
Outs split(Interpreter& in, State&& st, Args& a) {
  bool chunk = a.pos.size() > 3 && a.pos[3].kind == VKind::Bool && a.pos[3].b.is_true();
  Prim p(in, std::move(st), a, chunk ? "chunk" : "split");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret(Value::unknown("split"));
  const Shape s = *t->shape;
  DType dt = t->dtype;
  auto d = p.int_arg(2, "dim").value_or(k(0));
  auto n = p.dim(d, s.size(), Msg(chunk ? "chunk" : "split"));
  if (!n) return p.ret(Value::unknown("split"));
  const Expr& len = s[static_cast<std::size_t>(*n)];
  const domain::TensorValues values = t->values;
  // a piece of `size` elements along dim, from `offset` when known: its values are those
  // elements' (numeric.h)
  auto piece = [&](const Expr& size, std::optional<std::int64_t> offset = std::nullopt) {
    Shape o = s;
    o[static_cast<std::size_t>(*n)] = size;
    Value v = p.tensor_value(o, dt);
    auto sc = size.as_const();
    if (offset && sc) {
      auto& r = *p.st.heap.mut(v.obj).tensor;
      r.values = values.narrowed(*n, *offset, *sc, len.as_const().value_or(-1), static_cast<std::int64_t>(s.size()));
      in.summarise(r.values);
    }
    return v;
  };
  std::vector<Value> parts;
  auto lc = len.as_const();
  if (const auto* seq = in.sequence_of(p.st, *p.arg(1))) {
    // explicit sections must add up
    Shape sizes;
    for (const auto& v : *seq)
      if (v.kind == VKind::Int) sizes.push_back(v.i);
    Expr sum = k(0);
    for (const auto& x : sizes) sum = sum + x;
    Msg m;
    m << "split_with_sizes expects split_sizes to sum exactly to " << len << " (input tensor's size at dimension " << *n
      << "), but got split_sizes=" << sizes;
    if (!p.require(Cond::eq(sum, len), RuleId::SizeMismatch, m)) return p.ret(Value::unknown("split"));
    std::optional<std::int64_t> offset = 0;
    for (const auto& x : sizes) {
      parts.push_back(piece(x, offset));
      auto c = x.as_const();
      offset = offset && c ? std::optional(*offset + *c) : std::nullopt;
    }
    return p.ret(p.tuple(parts));
  }
  auto size = p.int_arg(1);
  if (!size) return p.ret(Value::unknown("split"));
  auto sc = size->as_const();
  Msg m;
  m << (chunk ? "chunk expects `chunks` to be greater than 0, got: " : "split expects split_size be non-negative, but got split_size=")
    << *size;
  if (!p.require(chunk ? Cond::gt(*size, k(0)) : Cond::ge(*size, k(0)), RuleId::InvalidHyperparameter, m))
    return p.ret(Value::unknown("split"));
  if (!chunk) {
    Msg mz;
    mz << "split_size can only be 0 if dimension size is 0, but got dimension size of " << len << " (dim " << *n
       << " of shape " << s << ")";
    if (!p.require(Cond::gt(*size, k(0)) || Cond::eq(len, k(0)), RuleId::InvalidHyperparameter, mz))
      return p.ret(Value::unknown("split"));
  }
  if (lc && *lc == 0 && (!chunk || (sc && *sc <= 4096))) {
    // an empty dimension: split gives one empty piece, chunk gives `chunks` of them
    for (std::int64_t i = 0; i < (chunk ? *sc : 1); ++i) parts.push_back(piece(k(0)));
    return p.ret(p.tuple(parts));
  }
  if (!lc || !sc || *sc <= 0) return p.ret(Value::unknown("split"));
  std::int64_t each = chunk ? (*lc + *sc - 1) / *sc : *sc;
  if (each <= 0) each = 1;
  for (std::int64_t off = 0; off < *lc; off += each) parts.push_back(piece(k(std::min(each, *lc - off)), off));
  return p.ret(p.tuple(parts));
}

bool is_ellipsis(const Value& v) { return v.is_unknown() && v.s && *v.s == "Ellipsis"; }

// One advanced index: an index tensor's shape, or a boolean mask (which stands for one index
// tensor of `count` elements per masked dimension). Lists and ranges carry their integers for
// the bounds check; in NumPy an int among index arrays is a 0-d index array.
struct AdvIndex {
  Shape shape;
  bool mask = false;
  Expr count;                 ///< mask: the number of selected elements
  std::vector<Expr> values;   ///< the known integers of a list index (bounds-checked)
  /// a range index: its elements run from `first` to `last` (monotone), `len` of them
  struct Range {
    Expr len, first, last;
    std::int64_t step;
  };
  std::optional<Range> range;
};

// A Python range used as an index: a vector of len(range) integers. nullopt when `v` is no
// range; a range of unknown length (a symbolic step) has no AdvIndex.
std::optional<std::optional<AdvIndex>> range_index(const Interpreter& in, const State& st, const Value& v) {
  (void)in;
  if (!v.is_obj()) return std::nullopt;
  const interp::Object& o = st.heap.get(v.obj);
  if (o.kind != interp::OKind::Range) return std::nullopt;
  auto sc = o.step.as_const();
  if (!sc || *sc == 0) return std::optional<AdvIndex>{};
  // max(0, ceil((stop - start) / step)), as len(range) computes it
  Expr len = *sc > 0 ? Expr::floordiv(o.stop - o.start + k(*sc - 1), k(*sc))
                     : Expr::floordiv(o.start - o.stop + k(-*sc - 1), k(-*sc));
  if (auto c = len.as_const()) len = k(std::max<std::int64_t>(*c, 0));
  else if (st.ranges.decide(Cond::ge(len, k(0))) != sym::Tri::True) len = Expr::max(len, k(0));
  AdvIndex x;
  x.shape = Shape{len};
  x.range = AdvIndex::Range{len, o.start, o.start + (len - k(1)) * k(*sc), *sc};
  return std::optional<AdvIndex>{std::move(x)};
}

// A NumPy shape in NumPy's words: (8,) or (3,4).
Msg np_shape(const Shape& s) {
  Msg m;
  m << "(";
  for (std::size_t i = 0; i < s.size(); ++i) m << (i ? "," : "") << s[i];
  m << (s.size() == 1 ? ",)" : ")");
  return m;
}

// What an index selects: the result's shape, and whether advanced indexing took part (the
// store then goes through index_put_, which broadcasts the value and checks its dtype).
struct Indexed {
  Shape shape;
  bool advanced = false;
  bool mask = false;  ///< a boolean mask took part (PyTorch may store through masked_fill)
};

// Indexing as PyTorch's __getitem__ does it (applySlicing, then advanced indexing), or, with
// `numpy`, as NumPy does it. Items are applied left to right to the intermediate result at a
// position `dim`: an int selects (removing the dimension), a slice narrows, None and a
// Python bool insert a size-1 dimension, and each `...` advances by the number of
// dimensions the other items do not index (PyTorch accepts several). Index tensors, lists,
// ranges and masks are recorded at their position; they broadcast together, and their result
// dimensions replace the indexed ones in place when adjacent, or go first when separated.
// NumPy differs: an int is an advanced index when index arrays are present (so it separates
// them), slices may step backwards, and only one `...` is allowed. nullopt: tenscan cannot
// decide the result (or a requirement certainly fails), never a guessed shape.
std::optional<Indexed> index_shape(Prim& p, const TensorVal& t, const Value& ix, bool numpy) {
  Interpreter& in = p.in;
  const Shape s = *t.shape;
  auto origin = [&] { return std::vector<RelatedMsg>{p.origin_note(t, numpy ? "the array got its shape here" : "the tensor got its shape here")}; };
  auto fail = [&](RuleId rule, const Msg& m) -> std::optional<Indexed> {
    p.require(Cond::truth(false), rule, m, origin());
    return std::nullopt;
  };
  const char* dim_word = numpy ? " for axis " : " for dimension ";
  auto is_range = [&](const Value& v) { return v.is_obj() && p.st.heap.get(v.obj).kind == interp::OKind::Range; };

  // The index as a tuple of items: a tuple, or a short list holding a tensor, a sequence, a
  // slice, None or `...` (NumPy's legacy rule, which PyTorch keeps); anything else is one item.
  std::vector<Value> items;
  if (const auto* seq = in.sequence_of(p.st, ix)) {
    bool as_tuple = in.heap_kind_is_tuple(p.st, ix);
    if (!as_tuple && seq->size() < 32 && !numpy)
      for (const auto& v : *seq)
        as_tuple = as_tuple || v.is_none() || is_ellipsis(v) || in.tensor_of(p.st, v) || in.sequence_of(p.st, v) ||
                   in.is_slice(p.st, v) || is_range(v);
    if (as_tuple) items = *seq;
  }
  if (items.empty() && !in.heap_kind_is_tuple(p.st, ix)) items.push_back(ix);

  // Dimensions the items index (PyTorch's count_specified_dimensions): masks count their rank.
  std::int64_t specified = 0, ellipses = 0;
  bool arrays = false;  // an index array, list or range takes part (NumPy: ints become advanced)
  for (const auto& v : items) {
    if (v.is_none() || v.kind == VKind::Bool) continue;
    if (is_ellipsis(v)) {
      ++ellipses;
      continue;
    }
    if (const TensorVal* it = in.tensor_of(p.st, v)) {
      if (!it->shape) return std::nullopt;
      bool mask = it->dtype == DType::Bool || it->dtype == DType::UInt8;
      specified += mask ? static_cast<std::int64_t>(it->shape->size()) : 1;
      arrays = arrays || !it->shape->empty();
      continue;
    }
    if (in.sequence_of(p.st, v) || in.summary_items(p.st, v) || is_range(v)) arrays = true;
    ++specified;
  }
  const auto rank = static_cast<std::int64_t>(s.size());
  if (numpy && ellipses > 1) return fail(RuleId::IndexOutOfRange, Msg("an index can only have a single ellipsis ('...')"));
  if (specified > rank) {
    Msg m;
    if (numpy)
      m << "too many indices for array: array is " << rank << "-dimensional, but " << specified << " were indexed (array shape "
        << s << ")";
    else
      m << "too many indices for tensor of dimension " << rank << ": " << specified
        << " dimensions are indexed on a tensor of shape " << s;
    return fail(RuleId::IndexOutOfRange, m);
  }

  Shape cur = s;        // the intermediate result
  std::int64_t dim = 0;  // where the next item applies
  std::vector<std::optional<AdvIndex>> adv;  // advanced indices by position
  auto record = [&](AdvIndex x) {
    adv.resize(static_cast<std::size_t>(dim) + 1);
    adv[static_cast<std::size_t>(dim)] = std::move(x);
    ++dim;
  };
  // PyTorch applies each item at `dim`; only several `...` can push it past the result.
  auto in_range = [&](bool inserting) {
    auto n = static_cast<std::int64_t>(cur.size());
    if (inserting ? dim <= n : dim < n) return true;
    Msg m;
    m << "the index reaches dimension " << dim << " of a tensor of shape " << cur;
    if (ellipses > 1)
      m << ": it uses `...` " << ellipses << " times, and PyTorch lets each `...` stand for all " << (rank - specified)
        << " dimension(s) that the other items do not index, so the items after the second one run past the last dimension";
    m << " (indexed tensor shape " << s << ")";
    p.require(Cond::truth(false), RuleId::IndexOutOfRange, m, origin());
    return false;
  };
  auto select = [&](const std::optional<Expr>& i) {
    if (!in_range(false)) return false;
    auto d = static_cast<std::size_t>(dim);
    if (numpy && arrays) {  // NumPy: a 0-d index array among the others (bounds-checked with them)
      AdvIndex x;
      if (i) x.values.push_back(*i);
      record(std::move(x));
      return true;
    }
    if (i) {
      Msg m;
      m << "index " << *i << " is out of bounds" << dim_word << dim << " with size " << cur[d] << " (" << (numpy ? "array" : "tensor")
        << " shape " << s << ")";
      if (!p.require(Cond::lt(*i, cur[d]) && Cond::ge(*i, -cur[d]), RuleId::IndexOutOfRange, m, origin())) return false;
    }
    cur.erase(cur.begin() + dim);
    return true;
  };
  auto unsqueeze = [&] {
    if (!in_range(true)) return false;
    cur.insert(cur.begin() + dim, k(1));
    return true;
  };

  for (const auto& v : items) {
    if (v.is_none()) {
      if (!unsqueeze()) return std::nullopt;
      ++dim;
      continue;
    }
    if (is_ellipsis(v)) {
      dim += rank - specified;
      continue;
    }
    if (v.kind == VKind::Bool) {
      // True / False: a new dimension indexed by a tensor of 1 / 0 elements
      auto c = v.const_int();
      if (!unsqueeze()) return std::nullopt;
      Expr n = c ? k(*c) : in.fresh_symbol(p.st, "masked", "the number of selected elements", 0, 1, interp::SymKind::Data);
      record(AdvIndex{Shape{n}, false, n, {}, {}});
      continue;
    }
    if (v.kind == VKind::Int) {
      if (!select(v.i)) return std::nullopt;
      continue;
    }
    if (in.is_slice(p.st, v)) {
      if (!in_range(false)) return std::nullopt;
      const Expr size = cur[static_cast<std::size_t>(dim)];
      Value lo, hi, step;
      in.slice_parts(p.st, v, lo, hi, step);
      auto sc = step.is_none() ? std::optional<std::int64_t>(1) : step.const_int();
      if (sc && *sc == 0) {
        p.require(Cond::truth(false), RuleId::InvalidHyperparameter, Msg("slice step cannot be zero"));
        return std::nullopt;
      }
      if (!sc || *sc < 0) {
        if (sc && !numpy) {
          Msg m;
          m << "slice step must be positive, but got " << *sc << " (PyTorch has no negative strides; use torch.flip)";
          p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
          return std::nullopt;
        }
        if (!sc) return std::nullopt;
        // NumPy steps backwards: from min(start, size - 1) down to stop (exclusive); with both
        // bounds omitted that is every |step|-th element of the dimension
        Expr len;
        // a bound: omitted, a known int (b), or unknown
        std::int64_t b0 = 0, b1 = 0;
        bool known0 = lo.is_none(), known1 = hi.is_none();
        if (auto c = lo.const_int(); c && !lo.is_none()) b0 = *c, known0 = true;
        if (auto c = hi.const_int(); c && !hi.is_none()) b1 = *c, known1 = true;
        auto cs = size.as_const();
        if (lo.is_none() && hi.is_none()) {
          len = Expr::floordiv(size + k(-*sc - 1), k(-*sc));
        } else if (cs && known0 && known1) {
          const std::int64_t n = *cs;
          std::int64_t a0 = lo.is_none() ? n - 1 : (b0 < 0 ? b0 + n : b0);
          a0 = std::clamp<std::int64_t>(a0, -1, n - 1);
          std::int64_t a1 = hi.is_none() ? -1 : (b1 < 0 ? b1 + n : b1);
          a1 = std::clamp<std::int64_t>(a1, -1, n - 1);
          len = k(a0 > a1 ? (a0 - a1 + (-*sc) - 1) / (-*sc) : 0);
        } else {
          len = in.fresh_symbol(p.st, "slice", "the length of a slice", 0, -1, interp::SymKind::Data);
        }
        cur[static_cast<std::size_t>(dim)] = len;
        ++dim;
        continue;
      }
      // clamp(start), clamp(stop) to [0, size]; length = max(0, ceil((stop - start) / step)).
      // min/max the path's ranges decide are resolved, so that equal lengths look equal
      // (x[:, s:] and x[:, :s] concatenate back to the full size).
      auto min_r = [&](const Expr& x, const Expr& y) {
        if (p.st.ranges.decide(Cond::le(x, y)) == sym::Tri::True) return x;
        if (p.st.ranges.decide(Cond::le(y, x)) == sym::Tri::True) return y;
        return Expr::min(x, y);
      };
      auto max_r = [&](const Expr& x, const Expr& y) {
        if (p.st.ranges.decide(Cond::ge(x, y)) == sym::Tri::True) return x;
        if (p.st.ranges.decide(Cond::ge(y, x)) == sym::Tri::True) return y;
        return Expr::max(x, y);
      };
      auto norm = [&](const Value& b, const Expr& def) -> std::optional<Expr> {
        if (b.is_none()) return def;
        if (b.kind != VKind::Int && !b.const_int()) return std::nullopt;
        Expr x = b.kind == VKind::Int ? b.i : k(*b.const_int());
        if (auto c = x.as_const(); c && *c < 0) x = x + size;
        else if (!x.as_const()) return min_r(x, size);
        return min_r(max_r(x, k(0)), size);
      };
      auto a0 = norm(lo, k(0)), a1 = norm(hi, size);
      Expr len;
      if (!a0 || !a1) {
        len = in.fresh_symbol(p.st, "slice", "the length of a slice", 0, -1, interp::SymKind::Data);
      } else {
        len = max_r(*a1 - *a0, k(0));
        if (*sc != 1) len = Expr::floordiv(len + k(*sc - 1), k(*sc));
      }
      cur[static_cast<std::size_t>(dim)] = len;
      ++dim;
      continue;
    }
    if (const TensorVal* it = in.tensor_of(p.st, v)) {
      const Shape& is = *it->shape;
      if (interp::dtype_is_float(it->dtype) || dtype_is_complex(it->dtype)) {
        Msg m;
        if (numpy)
          m << "arrays used as indices must be of integer (or boolean) type, but the index has dtype "
            << interp::dtype_name(it->dtype) << " (convert it with .astype(int))";
        else
          m << "tensors used as indices must be long, byte or bool tensors, but the index has dtype "
            << interp::dtype_name(it->dtype) << " (convert it with .long())";
        p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*it, "the index got its dtype here")});
        return std::nullopt;
      }
      bool mask = it->dtype == DType::Bool || it->dtype == DType::UInt8;
      if (numpy && it->dtype == DType::UInt8) mask = false;  // NumPy: only bool arrays are masks
      if (is.empty() && !mask) {  // a 0-d integer tensor selects, like an int
        if (!select(std::nullopt)) return std::nullopt;
        continue;
      }
      if (is.empty()) {  // a 0-d mask: a new dimension of 0 or 1 element
        if (!unsqueeze()) return std::nullopt;
        Expr n = in.fresh_symbol(p.st, "masked", "the number of selected elements", 0, 1, interp::SymKind::Data);
        record(AdvIndex{Shape{n}, false, n, {}, {}});
        continue;
      }
      Expr n = mask ? in.fresh_symbol(p.st, "masked", "the number of selected elements", 0, -1, interp::SymKind::Data) : k(0);
      record(AdvIndex{is, mask, n, {}, {}});
      continue;
    }
    if (auto r = range_index(in, p.st, v)) {
      if (!*r) return std::nullopt;  // a range of unknown step
      record(std::move(**r));
      continue;
    }
    if (const auto* reps = in.summary_items(p.st, v)) {
      // a list of unknown length (built by a loop): an index vector of that length when its
      // elements are ints (their values are not known: no bounds check)
      bool ints = !reps->empty();
      for (const auto& r : *reps) ints = ints && r.kind == VKind::Int;
      if (!ints) return std::nullopt;
      record(AdvIndex{Shape{in.summary_length(p.st, v)}, false, k(0), {}, {}});
      continue;
    }
    if (in.sequence_of(p.st, v)) {
      // a list becomes an index tensor (int64, or a bool mask when all its elements are bools)
      Nested n = scan_nested(in, p.st, v);
      if (n.problem) {
        Msg m;
        m << "the index list cannot become a tensor: " << *n.problem;
        return fail(RuleId::SizeMismatch, m);
      }
      if (!n.known) return std::nullopt;
      AdvIndex x;
      x.shape = n.shape;
      x.mask = n.dtype == DType::Bool;
      if (x.mask) {
        x.count = in.fresh_symbol(p.st, "masked", "the number of selected elements", 0, -1, interp::SymKind::Data);
      } else {
        for (const auto& leaf : n.leaves)
          if (leaf.kind == VKind::Int) x.values.push_back(leaf.i);
      }
      record(std::move(x));
      continue;
    }
    // an index tenscan does not know (or one PyTorch rejects with a TypeError)
    return std::nullopt;
  }
  if (adv.empty()) return Indexed{cur, false, false};

  // Advanced indexing on `cur`: a mask over k dimensions becomes k index tensors.
  std::vector<std::optional<Shape>> slots;  // by position in cur; nullopt: not indexed
  bool any_mask = false;
  for (const auto& e : adv) {
    if (!e) {
      slots.emplace_back();
      continue;
    }
    std::size_t pos = slots.size();
    if (e->mask) {
      any_mask = true;
      std::size_t kdims = e->shape.size();
      if (pos + kdims > cur.size()) {
        Msg m;
        m << "too many indices for " << (numpy ? "array" : "tensor") << " of dimension " << static_cast<std::int64_t>(cur.size())
          << ": a mask of shape " << e->shape << " at dimension " << static_cast<std::int64_t>(pos) << " of " << cur << " covers "
          << static_cast<std::int64_t>(kdims) << " dimensions";
        return fail(RuleId::IndexOutOfRange, m);
      }
      for (std::size_t j = 0; j < kdims; ++j) {
        Msg m;
        if (numpy)
          m << "boolean index did not match indexed array along dimension " << static_cast<std::int64_t>(pos + j)
            << "; dimension is " << cur[pos + j] << " but corresponding boolean dimension is " << e->shape[j] << " (mask shape "
            << e->shape << ", array shape " << cur << ")";
        else
          m << "The shape of the mask " << e->shape << " at index " << static_cast<std::int64_t>(j)
            << " does not match the shape of the indexed tensor " << cur << " at index " << static_cast<std::int64_t>(pos + j);
        if (!p.require(Cond::eq(e->shape[j], cur[pos + j]), RuleId::IndexOutOfRange, m, origin())) return std::nullopt;
        slots.emplace_back(Shape{e->count});
      }
      continue;
    }
    if (pos < cur.size()) {
      const Expr& size = cur[pos];
      auto out_of_bounds = [&](Msg& m, const Expr& i) {
        m << "index " << i << " is out of bounds" << dim_word << static_cast<std::int64_t>(pos) << " with size " << size;
      };
      for (const auto& i : e->values) {
        Msg m;
        out_of_bounds(m, i);
        m << " (" << (numpy ? "array" : "tensor") << " shape " << s << ")";
        if (!p.require(Cond::lt(i, size) && Cond::ge(i, -size), RuleId::IndexOutOfRange, m, origin())) return std::nullopt;
      }
      if (const auto& r = e->range) {
        // the elements are monotone: the extremes decide; an empty range indexes nothing
        const Expr& lo = r->step > 0 ? r->first : r->last;
        const Expr& hi = r->step > 0 ? r->last : r->first;
        Msg m;
        auto f = r->first.as_const(), n = r->len.as_const(), sz = size.as_const();
        if (f && n && sz && *n > 0) {
          // the first element out of bounds, in the order PyTorch / NumPy meet them
          std::int64_t st = r->step, bad = *f;
          if (st > 0 && *f >= -*sz) bad = *f + ((*sz - *f + st - 1) / st) * st;
          if (st < 0 && *f < *sz) bad = *f + ((*f + *sz) / -st + 1) * st;
          out_of_bounds(m, k(bad));
        } else {
          m << "the range index of " << r->len << " elements from " << r->first << " to " << r->last
            << " runs out of bounds" << dim_word << static_cast<std::int64_t>(pos) << " with size " << size;
        }
        m << " (" << (numpy ? "array" : "tensor") << " shape " << s << ")";
        if (!p.require(Cond::le(r->len, k(0)) || (Cond::lt(hi, size) && Cond::ge(lo, -size)), RuleId::IndexOutOfRange, m,
                       origin()))
          return std::nullopt;
      }
    }
    slots.emplace_back(e->shape);
  }
  if (slots.size() > cur.size()) {
    Msg m;
    m << "too many indices for " << (numpy ? "array" : "tensor") << " of dimension " << static_cast<std::int64_t>(cur.size())
      << " (got " << static_cast<std::int64_t>(slots.size()) << "; indexed " << (numpy ? "array" : "tensor") << " shape " << s
      << ")";
    return fail(RuleId::IndexOutOfRange, m);
  }
  // the index tensors broadcast together
  std::optional<Shape> b;
  std::size_t first = slots.size(), last = 0;
  Msg shapes;
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i]) {
      if (first < slots.size()) shapes << (numpy ? " " : ", ");
      if (numpy) shapes << np_shape(*slots[i]);
      else shapes << *slots[i];
      first = std::min(first, i);
      last = i;
    }
  for (std::size_t i = first; i <= last; ++i) {
    if (!slots[i]) continue;
    if (!b) {
      b = *slots[i];
      continue;
    }
    Msg what;
    what << "shape mismatch: indexing " << (numpy ? "arrays" : "tensors") << " could not be broadcast together with shapes "
         << shapes;
    b = broadcast_shapes(p, *b, *slots[i], what);
    if (!b) return std::nullopt;
  }
  if (!b) return std::nullopt;
  bool adjacent = true;
  for (std::size_t i = first; i <= last; ++i) adjacent = adjacent && slots[i].has_value();
  Shape out;
  if (adjacent) {
    out.insert(out.end(), cur.begin(), cur.begin() + static_cast<long>(first));
    out.insert(out.end(), b->begin(), b->end());
    out.insert(out.end(), cur.begin() + static_cast<long>(last) + 1, cur.end());
  } else {
    out = *b;
    for (std::size_t i = 0; i < cur.size(); ++i)
      if (i >= slots.size() || !slots[i]) out.push_back(cur[i]);
  }
  return Indexed{out, true, any_mask};
}

// _tenscan.index(t, index, lib=None): t[index] (lib "numpy": NumPy's indexing rules and words).
Outs index(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "index");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const TensorVal tv = *t;
  const Value* ix = p.arg(1);
  if (!ix) return p.ret_unranked(tv.dtype);
  const Value index = *ix;
  auto r = index_shape(p, tv, index, p.str_arg(2) == "numpy");
  if (!r) return p.ret_unranked(tv.dtype);
  if (r->advanced) return p.ret_tensor(r->shape, tv.dtype);
  // (before ret_tensor, which moves the path out of p)
  const TensorValues values = indexed_values(in, p.st, tv, index);
  // x[:, None]: a column made on purpose (TensorVal::inserted_unit)
  const auto* items = in.sequence_of(p.st, index);
  const bool inserted = index.is_none() || (items && !items->empty() && items->back().is_none());
  const bool column = inserted && !r->shape.empty() && r->shape.back().as_const() == std::optional<std::int64_t>(1);
  Value v = p.tensor_value(r->shape, tv.dtype);
  if (column) p.st.heap.mut(v.obj).tensor->inserted_unit = true;
  return with_values(in, p.ret(v), values);
}

// _tenscan.index_put(t, index, value, lib=None): t[index] = value. The indexed part must
// exist (IndexError as for a read); a tensor value (an array or nested list for NumPy) must
// broadcast to the indexed part, after dropping leading size-1 dimensions beyond its rank
// (PyTorch's copy_to / index_put_, NumPy's assignment). PyTorch's basic indexing copies with
// expand's rules and message; its advanced indexing (index_put_) also requires the value's
// dtype to be the tensor's (unless a mask takes part: a one-element value is then stored by
// masked_fill, which casts). Python scalars are always accepted.
Outs index_put(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "index_put");
  const TensorVal* t = p.tensor(0);
  const Value* ix = p.arg(1);
  const Value* vp = p.arg(2);
  // the values: the stored ones join those the tensor held (numeric.h)
  if (const Value* target = p.arg(0); t && ix && vp && target->is_obj()) {
    TensorValues now = stored_values(in, p.st, *target, *ix, *vp);
    auto& mut = *p.st.heap.mut(target->obj).tensor;
    mut.values = now;
    in.summarise(mut.values);
    t = p.tensor(0);
  }
  if (!t || !t->shape || !ix || !vp) return p.ret_none();
  const TensorVal tv = *t;
  const Value index = *ix, value = *vp;
  const bool numpy = p.str_arg(3) == "numpy";
  auto r = index_shape(p, tv, index, numpy);
  if (!r) return p.ret_none();
  // the value's shape and dtype
  Shape vs;
  std::optional<DType> vdt;
  std::vector<RelatedMsg> related;
  if (const TensorVal* v = in.tensor_of(p.st, value)) {
    if (!v->shape) return p.ret_none();
    vs = *v->shape;
    vdt = v->dtype;
    related.push_back(p.origin_note(*v, "the value got its shape here"));
  } else if (numpy && in.sequence_of(p.st, value)) {
    Nested n = scan_nested(in, p.st, value);
    if (n.problem || !n.known) return p.ret_none();
    vs = n.shape;
  } else {
    return p.ret_none();
  }
  const Shape& ps = r->shape;
  if (!numpy && r->advanced && !r->mask && vdt && *vdt != DType::Unknown && tv.dtype != DType::Unknown && *vdt != tv.dtype) {
    Msg m;
    m << "Index put requires the source and destination dtypes match, got " << dtype_title(tv.dtype)
      << " for the destination and " << dtype_title(*vdt) << " for the source (value dtype " << interp::dtype_name(*vdt)
      << ", tensor dtype " << interp::dtype_name(tv.dtype) << ")";
    const TensorVal* v = in.tensor_of(p.st, value);
    if (!p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*v, "the value got its dtype here")}))
      return p.ret_none();
  }
  // PyTorch's basic store: expand(value, part shape) after slicePrefix1sSize
  const bool expand_words = !numpy && !r->advanced;
  auto mismatch = [&](Msg& m) {
    if (expand_words) return;
    if (numpy && r->advanced)
      m << "shape mismatch: value array of shape " << np_shape(vs) << " could not be broadcast to indexing result of shape "
        << np_shape(ps);
    else if (numpy)
      m << "could not broadcast input array from shape " << np_shape(vs) << " into shape " << np_shape(ps);
    else
      m << "shape mismatch: value tensor of shape " << vs << " cannot be broadcast to indexing result of shape " << ps;
  };
  const RuleId rule = expand_words ? RuleId::SizeMismatch : RuleId::Broadcast;
  // leading dimensions beyond the part's rank must be 1 (they are dropped)
  std::size_t off = 0;
  while (vs.size() - off > ps.size()) {
    const Expr& d = vs[off];
    Msg m;
    if (expand_words)
      m << "expand(" << vs << ", size=" << ps << "): the number of sizes provided ("
        << static_cast<std::int64_t>(ps.size()) << ") must be greater or equal to the number of dimensions in the tensor ("
        << static_cast<std::int64_t>(vs.size() - off) << ")";
    else
      mismatch(m);
    if (!p.require(Cond::eq(d, k(1)), rule, m, related)) return p.ret_none();
    ++off;
  }
  const std::size_t rv = vs.size() - off, lead = ps.size() - rv;
  bool ok = true;
  for (std::size_t i = 0; i < rv; ++i) {
    const Expr& have = vs[off + i];
    const Expr& want = ps[lead + i];
    Msg m;
    if (expand_words)
      m << "The expanded size of the tensor (" << want << ") must match the existing size (" << have
        << ") at non-singleton dimension " << static_cast<std::int64_t>(lead + i) << ".  Target sizes: " << ps
        << ".  Tensor sizes: " << Shape(vs.begin() + static_cast<long>(off), vs.end());
    else
      mismatch(m);
    ok = p.require(Cond::eq(want, have) || Cond::eq(have, k(1)), rule, m, related) && ok;
    if (!ok) break;
  }
  return p.ret_none();
}

// ---- index-driven ops: gather, scatter, scatter_add, index_select --------------------------
// One table row per op says what PyTorch 1.13 checks (aten/src/ATen/native/ScatterGatherChecks.h
// and index_select): the index dtype, its rank (the input's rank, or a vector), whether a
// src tensor (or a scalar value) takes part, and what shape the result has.
enum class IndexResult { Index, Self, SelfDimIsIndexLength };
enum class SrcKind { None, TensorOrScalar, TensorOnly };
struct IndexOpSpec {
  const char* name;       ///< the op as PyTorch names it in its messages
  bool int32_ok;          ///< index_select takes int32 or int64, the scatter/gather family only int64
  bool vector_index;      ///< the index is a vector (index_select) instead of a tensor of the input's rank
  SrcKind src;
  IndexResult result;
};
constexpr IndexOpSpec kIndexOps[] = {
    {"gather", false, false, SrcKind::None, IndexResult::Index},
    {"scatter", false, false, SrcKind::TensorOrScalar, IndexResult::Self},
    {"scatter_add", false, false, SrcKind::TensorOnly, IndexResult::Self},
    {"index_select", true, true, SrcKind::None, IndexResult::SelfDimIsIndexLength},
};

// _tenscan.index_op(op, input, dim, index, src or None, reduce or None)
Outs index_op(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "index_op");
  std::string op = p.str_arg(0).value_or("gather");
  const IndexOpSpec* spec = &kIndexOps[0];
  for (const auto& s : kIndexOps)
    if (op == s.name) spec = &s;
  const TensorVal* x = p.tensor(1);
  const TensorVal* ix = p.tensor(3);
  const TensorVal* src = p.tensor(4);
  DType dt = x ? x->dtype : DType::Unknown;
  if (!x || !ix) return p.ret_unranked(dt);
  auto origin = [&](const TensorVal& t, const char* what) { return p.origin_note(t, what); };
  // the index dtype
  bool dtype_ok = ix->dtype == DType::Unknown || ix->dtype == DType::Int64 || (spec->int32_ok && ix->dtype == DType::Int32);
  if (!dtype_ok) {
    Msg m;
    m << op << "(): Expected dtype " << (spec->int32_ok ? "int32 or int64" : "int64") << " for index, but the index has dtype "
      << interp::dtype_name(ix->dtype) << " (convert it with .long())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {origin(*ix, "the index got its dtype here")});
    return p.ret_unranked(dt);
  }
  // src: a tensor of the input's dtype, or (scatter) a Python number
  if (spec->src == SrcKind::TensorOnly && !src && p.present(4)) {
    Msg m;
    m << op << "() received an invalid combination of arguments: src must be a tensor, not a number (use scatter() with a "
         "value, or pass torch.full_like(index, value, dtype=...))";
    p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
    return p.ret_unranked(dt);
  }
  if (src && src->dtype != DType::Unknown && dt != DType::Unknown && src->dtype != dt) {
    Msg m;
    m << "scatter(): Expected self.dtype to be equal to src.dtype, but self is " << interp::dtype_name(dt) << " and src is "
      << interp::dtype_name(src->dtype);
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {origin(*src, "src got its dtype here")});
    return p.ret_unranked(dt);
  }
  if (auto reduce = p.str_arg(5); reduce && *reduce != "add" && *reduce != "multiply") {
    Msg m;
    m << "reduce argument must be either add or multiply, but got '" << *reduce << "'";
    p.require(Cond::truth(false), RuleId::InvalidHyperparameter, m);
    return p.ret_unranked(dt);
  }
  if (!x->shape || !ix->shape || (src && !src->shape)) return p.ret_unranked(dt);
  const Shape& xs = *x->shape;
  const Shape& is = *ix->shape;
  auto d_expr = p.int_arg(2, "dim");
  if (!d_expr) return p.ret_unranked(dt);
  Msg what;
  what << op << "()";
  auto d = p.dim(*d_expr, std::max<std::size_t>(xs.size(), 1), what);
  if (!d) return p.ret_unranked(dt);
  const auto dim = static_cast<std::size_t>(*d);
  if (spec->vector_index) {
    if (is.size() > 1) {
      Msg m;
      m << op << "(): Index is supposed to be a vector, but the index has shape " << is;
      p.require(Cond::truth(false), RuleId::RankMismatch, m, {origin(*ix, "the index got its shape here")});
      return p.ret_unranked(dt);
    }
    if (xs.empty()) return p.ret_tensor(xs, dt);
    Shape out = xs;
    out[dim] = is.empty() ? k(1) : is[0];
    return p.ret_tensor(out, dt);
  }
  // ranks: PyTorch counts a 0-d tensor as 1-d here (ensure_nonempty_dim)
  auto nonempty = [](const Shape& s) { return std::max<std::size_t>(s.size(), 1); };
  const char* self_name = op == "gather" ? "input" : "self";
  if (nonempty(is) != nonempty(xs)) {
    Msg m;
    m << "Index tensor must have the same number of dimensions as " << self_name << " tensor: the index has shape " << is
      << " and " << self_name << " has shape " << xs;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, {origin(*ix, "the index got its shape here"), origin(*x, "the tensor got its shape here")});
    return p.ret_unranked(dt);
  }
  if (src && nonempty(*src->shape) != nonempty(is)) {
    Msg m;
    m << "Index tensor must have the same number of dimensions as src tensor: the index has shape " << is
      << " and src has shape " << *src->shape;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, {origin(*ix, "the index got its shape here"), origin(*src, "src got its shape here")});
    return p.ret_unranked(dt);
  }
  if (!is.empty() && !xs.empty()) {
    Cond c = Cond::truth(true);
    for (std::size_t i = 0; i < is.size(); ++i) {
      if (i != dim) c = c && Cond::le(is[i], xs[i]);
      if (src && !src->shape->empty()) c = c && Cond::le(is[i], (*src->shape)[i]);
    }
    Msg m;
    if (op == "gather") {
      m << "Size does not match: expected index " << is << " to be smaller than self " << xs << " apart from dimension "
        << static_cast<std::int64_t>(dim);
    } else {
      m << "Expected index " << is << " to be smaller than self " << xs << " apart from dimension "
        << static_cast<std::int64_t>(dim);
      if (src) m << " and to be smaller size than src " << *src->shape;
    }
    if (!p.require(c, RuleId::SizeMismatch, m, {origin(*ix, "the index got its shape here"), origin(*x, "the tensor got its shape here")}))
      return p.ret_unranked(dt);
  }
  // the values: elements of x (gather, index_select), or of x and the scattered source (numeric.h)
  domain::FloatRange values = x->values.range();
  auto source = x->source;
  if (spec->result == IndexResult::Self) {
    const Value* s = p.arg(4);
    const Value* reduce = p.arg(5);
    const bool plain = op == "scatter" && (!reduce || reduce->is_none());
    values = plain && s && !s->is_none() ? values.join(operand_range(in, p.st, *s)) : domain::FloatRange::top();
  }
  Outs outs = p.ret_tensor(spec->result == IndexResult::Index ? is : xs, dt);
  return values.is_top() ? outs : with_values(in, std::move(outs), domain::TensorValues::of(values), source);
}

// _tenscan.select_k(t, dim, k or None, op): the shape of sort/argsort (k None: unchanged) and
// topk/kthvalue-like selections (the dim becomes k, which must be in [0, size of dim]).
Outs select_k(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "select_k");
  const TensorVal* t = p.tensor(0);
  std::string op = p.str_arg(3).value_or("sort");
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  DType dt = t->dtype;
  const Shape s = *t->shape;
  auto d_expr = p.int_arg(1, "dim");
  if (!d_expr) return p.ret_unranked(dt);
  Msg what;
  what << op << "()";
  auto d = p.dim(*d_expr, std::max<std::size_t>(s.size(), 1), what);
  if (!d) return p.ret_unranked(dt);
  if (!p.present(2)) return p.ret_tensor(s, dt);
  auto kk = p.int_arg(2);
  if (!kk) return p.ret_unranked(dt);
  Expr size = s.empty() ? k(1) : s[static_cast<std::size_t>(*d)];
  Msg m;
  m << "selected index k out of range: " << op << "() asks for k=" << *kk << " elements along dim " << *d << ", which has size "
    << size << " (tensor shape " << s << ")";
  if (!p.require(Cond::ge(*kk, k(0)) && Cond::le(*kk, size), RuleId::IndexOutOfRange, m,
                 {p.origin_note(*t, "the tensor got its shape here")}))
    return p.ret_unranked(dt);
  if (s.empty()) return p.ret_tensor(s, dt);
  Shape out = s;
  out[static_cast<std::size_t>(*d)] = *kk;
  return p.ret_tensor(out, dt);
}

// _tenscan.einsum(equation, operands): torch.einsum as aten/src/ATen/native/Linear.cpp parses
// it: subscripts [a-zA-Z], at most one `...` per operand, an explicit output after `->` (or
// the implicit one: the ellipsis dims, then the labels seen once, A-Z before a-z). A label's
// sizes broadcast (size 1 stretches) across operands and must be equal within one operand.
Outs einsum(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "einsum");
  auto eq = p.str_arg(0);
  auto ops = p.tensors(1);
  if (!eq || !ops) return p.ret_unranked(DType::Unknown);
  DType dt = ops->empty() ? DType::Unknown : (*ops)[0].dtype;
  auto fail = [&](RuleId rule, const Msg& m) {
    p.require(Cond::truth(false), rule, m);
    return p.ret_unranked(dt);
  };
  const std::string& e = *eq;
  if (ops->empty()) {
    return fail(RuleId::InvalidHyperparameter,
                Msg("einsum(): must specify the equation string and at least one operand, or at least one operand and its "
                    "subscripts list"));
  }
  auto label_index = [](char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : c - 'a' + 26; };
  auto is_label = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  const auto arrow = e.find("->");
  const std::string lhs = e.substr(0, arrow);
  // parse the operands' subscripts; -1 stands for the ellipsis
  std::vector<std::vector<int>> terms(1);
  std::vector<bool> has_ell(1, false);
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    char c = lhs[i];
    if (c == ' ') continue;
    if (c == ',') {
      terms.emplace_back();
      has_ell.push_back(false);
      continue;
    }
    if (c == '.') {
      if (has_ell.back()) {
        Msg m;
        m << "einsum(): found '.' for operand " << static_cast<std::int64_t>(terms.size() - 1)
          << " for which an ellipsis was already found";
        return fail(RuleId::InvalidHyperparameter, m);
      }
      if (i + 2 >= lhs.size() || lhs[i + 1] != '.' || lhs[i + 2] != '.') {
        Msg m;
        m << "einsum(): found '.' for operand " << static_cast<std::int64_t>(terms.size() - 1)
          << " that is not part of any ellipsis";
        return fail(RuleId::InvalidHyperparameter, m);
      }
      i += 2;
      has_ell.back() = true;
      terms.back().push_back(-1);
      continue;
    }
    if (!is_label(c)) {
      Msg m;
      m << "einsum(): invalid subscript given at index " << static_cast<std::int64_t>(i)
        << " in the equation string, subscripts must be in [a-zA-Z] (equation '" << e << "')";
      return fail(RuleId::InvalidHyperparameter, m);
    }
    terms.back().push_back(label_index(c));
  }
  if (terms.size() != ops->size()) {
    Msg m;
    m << "einsum(): " << (terms.size() > ops->size() ? "fewer" : "more")
      << " operands were provided than specified in the equation: '" << e << "' names "
      << static_cast<std::int64_t>(terms.size()) << " operand(s), but " << static_cast<std::int64_t>(ops->size())
      << " were given";
    return fail(RuleId::InvalidHyperparameter, m);
  }
  for (const auto& t : *ops) {
    if (t.dtype != DType::Unknown && dt != DType::Unknown && t.dtype != dt) {
      Msg m;
      m << "einsum(): expected scalar type " << dtype_title(dt) << " but found " << dtype_title(t.dtype)
        << ": all operands must have the same dtype";
      p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(t, "this operand got its dtype here")});
      return p.ret_unranked(dt);
    }
    if (!t.shape) return p.ret_unranked(dt);
  }
  std::vector<std::optional<Expr>> label_size(52);
  std::vector<int> label_count(52, 0);
  Shape ell;  // the broadcast ellipsis dims, right-aligned
  bool any_ell = false;
  for (std::size_t o = 0; o < terms.size(); ++o) {
    const Shape& s = *(*ops)[o].shape;
    const auto nlabels = static_cast<std::int64_t>(terms[o].size()) - (has_ell[o] ? 1 : 0);
    const auto rank = static_cast<std::int64_t>(s.size());
    std::vector<RelatedMsg> rel{p.origin_note((*ops)[o], "this operand got its shape here")};
    if (has_ell[o] ? nlabels > rank : nlabels != rank) {
      Msg m;
      m << "einsum(): the number of subscripts in the equation (" << nlabels << ") "
        << (has_ell[o] ? "is more than" : "does not match") << " the number of dimensions (" << rank << ") for operand "
        << static_cast<std::int64_t>(o) << (has_ell[o] ? "" : " and no ellipsis was given") << " (operand shape " << s << ")";
      p.require(Cond::truth(false), RuleId::RankMismatch, m, rel);
      return p.ret_unranked(dt);
    }
    std::size_t dim = 0;
    std::vector<std::optional<Expr>> here(52);
    for (int l : terms[o]) {
      if (l < 0) {
        any_ell = true;
        const auto n = static_cast<std::size_t>(rank - nlabels);
        Shape part(s.begin() + static_cast<long>(dim), s.begin() + static_cast<long>(dim + n));
        Msg what;
        what << "einsum(): the dimensions covered by the ellipsis in operand " << static_cast<std::int64_t>(o)
             << " do not broadcast with the previously seen ellipsis dimensions";
        auto b = broadcast_shapes(p, ell, part, what);
        if (!b) return p.ret_unranked(dt);
        ell = *b;
        dim += n;
        continue;
      }
      const Expr& size = s[dim++];
      const char name = static_cast<char>(l < 26 ? 'A' + l : 'a' + (l - 26));
      if (here[static_cast<std::size_t>(l)]) {
        Msg m;
        m << "einsum(): subscript " << std::string(1, name) << " is repeated for operand " << static_cast<std::int64_t>(o)
          << " but the sizes don't match, " << size << " != " << *here[static_cast<std::size_t>(l)] << " (operand shape " << s << ")";
        if (!p.require(Cond::eq(size, *here[static_cast<std::size_t>(l)]), RuleId::SizeMismatch, m, rel))
          return p.ret_unranked(dt);
        ++label_count[static_cast<std::size_t>(l)];  // implicit output: a label seen twice is summed
        continue;
      }
      here[static_cast<std::size_t>(l)] = size;
      ++label_count[static_cast<std::size_t>(l)];
      auto& seen = label_size[static_cast<std::size_t>(l)];
      if (!seen) {
        seen = size;
        continue;
      }
      Msg m;
      m << "einsum(): subscript " << std::string(1, name) << " has size " << size << " for operand "
        << static_cast<std::int64_t>(o) << " which does not broadcast with previously seen size " << *seen << " (operand shape "
        << s << ")";
      if (!p.require(Cond::eq(size, *seen) || Cond::eq(size, k(1)) || Cond::eq(*seen, k(1)), RuleId::SizeMismatch, m, rel))
        return p.ret_unranked(dt);
      if (seen->as_const() == 1) seen = size;
    }
  }
  Shape out;
  if (arrow == std::string::npos) {
    out = ell;
    for (std::size_t l = 0; l < 52; ++l)
      if (label_count[l] == 1) out.push_back(*label_size[l]);
    return p.ret_tensor(out, dt);
  }
  const std::string rhs = e.substr(arrow + 2);
  std::vector<bool> used(52, false);
  bool out_ell = false;
  for (std::size_t i = 0; i < rhs.size(); ++i) {
    char c = rhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (out_ell || i + 2 >= rhs.size() || rhs[i + 1] != '.' || rhs[i + 2] != '.') {
        return fail(RuleId::InvalidHyperparameter, Msg("einsum(): found '.' for output that is not part of any ellipsis or "
                                                       "for which an ellipsis was already found"));
      }
      i += 2;
      out_ell = true;
      out.insert(out.end(), ell.begin(), ell.end());
      continue;
    }
    if (!is_label(c)) {
      Msg m;
      m << "einsum(): invalid subscript given at index " << static_cast<std::int64_t>(arrow + 2 + i)
        << " in the equation string, subscripts must be in [a-zA-Z] (equation '" << e << "')";
      return fail(RuleId::InvalidHyperparameter, m);
    }
    auto l = static_cast<std::size_t>(label_index(c));
    if (used[l]) {
      Msg m;
      m << "einsum(): output subscript " << std::string(1, c) << " appears more than once in the output (equation '" << e << "')";
      return fail(RuleId::InvalidHyperparameter, m);
    }
    if (!label_size[l]) {
      Msg m;
      m << "einsum(): output subscript " << std::string(1, c)
        << " does not appear in the equation for any input operand (equation '" << e << "')";
      return fail(RuleId::InvalidHyperparameter, m);
    }
    used[l] = true;
    out.push_back(*label_size[l]);
  }
  (void)any_ell;
  return p.ret_tensor(out, dt);
}

// _tenscan.unranked(t or dtype): a tensor of unknown shape (what a stub returns after a
// primitive reported the failure of its operation, so that nothing follows from it)
Outs unranked(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "unranked");
  if (const TensorVal* t = p.tensor(0)) return p.ret_unranked(t->dtype);
  return p.ret_unranked(p.dtype_arg(0, {}, DType::Unknown));
}

const PrimRow kRows[] = {
    {"register_tensor_class", register_tensor_class},
    {"new", new_tensor},
    {"like", like},
    {"from_data", from_data},
    {"shape", shape},
    {"dtype", dtype},
    {"with_dtype", with_dtype},
    {"same", same},
    {"numel", numel_prim},
    {"ndim", ndim},
    {"reshape", reshape},
    {"flatten", flatten},
    {"permute", permute},
    {"transpose", transpose},
    {"t", t2},
    {"diag", diag},
    {"flip", flip},
    {"one_hot", one_hot},
    {"squeeze", squeeze},
    {"unsqueeze", unsqueeze},
    {"expand", expand},
    {"repeat", repeat},
    {"cat", cat},
    {"stack", stack},
    {"split", split},
    {"index", index},
    {"index_put", index_put},
    {"index_op", index_op},
    {"select_k", select_k},
    {"einsum", einsum},
    {"unranked", unranked},
};

}  // namespace

std::span<const PrimRow> shape_primitives() { return kRows; }

}  // namespace tenscan::models
