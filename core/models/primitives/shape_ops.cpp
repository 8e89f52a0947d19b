// Tensor creation and shape manipulation: new/tensor/shape/dtype, reshape/view (with -1),
// flatten, permute, transpose, squeeze/unsqueeze, expand, repeat, cat, stack, split, chunk,
// and indexing with ints, slices, None and Ellipsis.
#include <algorithm>
#include <functional>
#include <set>

#include "models/prim.h"

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

// _tenscan.new(size, dtype): torch.zeros/ones/randn/empty/full(size...) after the stub
// normalised the size to a tuple.
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
  return p.ret_tensor(*size, dt);
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

// _tenscan.from_data(data, dtype): torch.tensor(nested lists) -> shape and dtype of the data
Outs from_data(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "from_data");
  const Value* data = p.arg(0);
  Shape shape;
  DType dt = DType::Int64;
  bool known = true;
  const Value* cur = data;
  // walk the first element of each level for the shape; element types give the dtype
  std::function<void(const Value&, std::size_t)> scan = [&](const Value& v, std::size_t depth) {
    if (const TensorVal* t = in.tensor_of(p.st, v)) {
      dt = promote(dt, t->dtype);
      if (t->shape) {
        if (shape.size() < depth + t->shape->size()) shape.insert(shape.end(), t->shape->begin(), t->shape->end());
      } else {
        known = false;
      }
      return;
    }
    if (const auto* seq = in.sequence_of(p.st, v)) {
      if (shape.size() == depth) shape.push_back(k(static_cast<std::int64_t>(seq->size())));
      for (const auto& x : *seq) scan(x, depth + 1);
      return;
    }
    if (v.kind == VKind::Float) dt = dt == DType::Bool || dt == DType::Int64 ? DType::Float32 : dt;
    else if (v.kind == VKind::Bool && depth == shape.size() && dt == DType::Int64) dt = DType::Bool;
    else if (v.kind == VKind::Unknown) known = false;
  };
  if (cur) scan(*cur, 0);
  DType want = p.dtype_arg(1, "dtype", dt);
  if (!known) return p.ret_unranked(want);
  return p.ret_tensor(shape, want);
}

// _tenscan.shape(t) -> tuple of ints
Outs shape(Interpreter& in, State&& st, Args& a) {
  const TensorVal* t = in.tensor_of(st, a.pos.empty() ? Value() : a.pos[0]);
  if (!t) return interp::one(std::move(st), Value::unknown("size"));
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
  Value v = in.new_tensor(p.st, r);
  return p.ret(v);
}

// _tenscan.dtype_in(args, explicit): the dtype among .to()'s arguments (a dtype name, a tensor
// whose dtype to take, or `explicit`), or None; devices and unknown values are ignored
Outs dtype_in(Interpreter& in, State&& st, Args& a) {
  std::optional<std::string> found;
  auto consider = [&](const Value& v) {
    if (const TensorVal* t = in.tensor_of(st, v)) {
      if (t->dtype != DType::Unknown) found = interp::dtype_name(t->dtype);
    } else if (const std::string* s = v.const_str()) {
      std::string name = s->rfind("torch.", 0) == 0 ? s->substr(6) : *s;
      if (parse_dtype(name) != DType::Unknown) found = interp::dtype_name(parse_dtype(name));
    }
  };
  if (!a.pos.empty())
    if (const auto* seq = in.sequence_of(st, a.pos[0]))
      for (const auto& v : *seq) consider(v);
  if (a.pos.size() > 1) consider(a.pos[1]);
  return interp::one(std::move(st), found ? Value::str(*found) : Value::none());
}

// _tenscan.same(t): a new tensor with the same shape and dtype (elementwise unary ops,
// contiguous, clone, detach, activations, dropout)
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
  if (!t || !t->shape) return interp::one(std::move(st), Value::unknown("dim"));
  return interp::one(std::move(st), Value::integer(static_cast<std::int64_t>(t->shape->size())));
}

// _tenscan.reshape(t, sizes): view/reshape. One -1 is inferred; numel must agree.
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
  if (!t->shape) return p.ret_unranked(dt);  // nothing is known about the input (no follow-on findings)
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
    bool ok = p.require(Cond::ne(known, k(0)) && Cond::eq(Expr::mod(total, known), k(0)), RuleId::ReshapeNumel, m, related);
    if (!ok) return p.ret_unranked(dt);
    out[static_cast<std::size_t>(infer)] = Expr::floordiv(total, known);
  } else {
    Msg m;
    m << "shape " << *sizes << " is invalid for input of size " << total << " (input shape " << *t->shape << ", "
      << numel(*sizes) << " elements requested)";
    if (!p.require(Cond::eq(numel(*sizes), total), RuleId::ReshapeNumel, m, related)) return p.ret_unranked(dt);
  }
  return p.ret_tensor(out, dt);
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
  return p.ret_tensor(s, dt);
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

// _tenscan.cat(tensors, dim) / _tenscan.stack(tensors, dim)
Outs join(Interpreter& in, State&& st, Args& a, bool stack) {
  Prim p(in, std::move(st), a, stack ? "stack" : "cat");
  auto ts = p.tensors(0);
  if (!ts || ts->empty()) {
    if (ts && ts->empty()) {
      p.require(Cond::truth(false), RuleId::ConcatMismatch, Msg(stack ? "stack expects a non-empty TensorList" : "torch.cat(): expected a non-empty list of Tensors"));
    }
    return p.ret_unranked(DType::Unknown);
  }
  DType dt = (*ts)[0].dtype;
  for (const auto& t : *ts) {
    dt = promote(dt, t.dtype);
    if (!t.shape) return p.ret_unranked(dt);
  }
  auto d = p.int_arg(1, "dim").value_or(k(0));
  const Shape& first = *(*ts)[0].shape;
  std::size_t rank = first.size();
  auto n = p.dim(d, rank, Msg(stack ? "stack" : "cat"), stack ? 1 : 0);
  if (!n) return p.ret_unranked(dt);
  bool ok = true;
  Expr total = k(0);
  for (std::size_t j = 0; j < ts->size(); ++j) {
    const Shape& s = *(*ts)[j].shape;
    if (s.size() != rank) {
      Msg m;
      m << (stack ? "stack" : "torch.cat") << "(): tensors must have the same number of dimensions: tensor 0 has shape "
        << first << " but tensor " << static_cast<std::int64_t>(j) << " has shape " << s;
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
  if (stack) out.insert(out.begin() + *n, k(static_cast<std::int64_t>(ts->size())));
  else out[static_cast<std::size_t>(*n)] = total;
  return p.ret_tensor(out, dt);
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
  auto piece = [&](const Expr& size) {
    Shape o = s;
    o[static_cast<std::size_t>(*n)] = size;
    return p.tensor_value(o, dt);
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
    for (const auto& x : sizes) parts.push_back(piece(x));
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
  if (!lc || !sc || *sc <= 0) return p.ret(Value::unknown("split"));
  std::int64_t each = chunk ? (*lc + *sc - 1) / *sc : *sc;
  if (each <= 0) each = 1;
  for (std::int64_t off = 0; off < *lc || (off == 0 && *lc == 0); off += each) {
    parts.push_back(piece(k(std::min(each, *lc - off))));
    if (*lc == 0) break;
  }
  return p.ret(p.tuple(parts));
}

// _tenscan.index(t, index): basic and advanced indexing
Outs index(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "index");
  const TensorVal* t = p.tensor(0);
  if (!t || !t->shape) return p.ret_unranked(t ? t->dtype : DType::Unknown);
  const Shape s = *t->shape;
  DType dt = t->dtype;
  std::vector<Value> idx;
  const Value& ix = *p.arg(1);
  if (const auto* seq = in.sequence_of(p.st, ix); seq && in.heap_kind_is_tuple(p.st, ix)) idx = *seq;
  else idx.push_back(ix);
  // count indices that consume a dimension
  std::size_t consuming = 0;
  bool ellipsis = false;
  for (const auto& v : idx) {
    if (v.is_none()) continue;
    if (v.is_unknown() && v.s && *v.s == "Ellipsis") {
      ellipsis = true;
      continue;
    }
    if (const TensorVal* it = in.tensor_of(p.st, v)) {
      consuming += it->dtype == DType::Bool && it->shape ? std::max<std::size_t>(it->shape->size(), 1) : 1;
      continue;
    }
    ++consuming;
  }
  if (consuming > s.size()) {
    Msg m;
    m << "too many indices for tensor of dimension " << static_cast<std::int64_t>(s.size()) << " (" << static_cast<std::int64_t>(consuming)
      << " indices used on a tensor of shape " << s << ")";
    p.require(Cond::truth(false), RuleId::IndexOutOfRange, m, {p.origin_note(*t, "the tensor got its shape here")});
    return p.ret_unranked(dt);
  }
  Shape out;
  std::size_t dim = 0;
  bool advanced = false;
  for (const auto& v : idx) {
    if (v.is_none()) {
      out.push_back(k(1));
      continue;
    }
    if (v.is_unknown() && v.s && *v.s == "Ellipsis") {
      std::size_t skip = s.size() - consuming;
      for (std::size_t i = 0; i < skip; ++i) out.push_back(s[dim++]);
      continue;
    }
    if (dim >= s.size()) break;
    const Expr& size = s[dim];
    if (v.kind == VKind::Int || v.kind == VKind::Bool) {
      Expr i = v.kind == VKind::Int ? v.i : k(*v.const_int());
      Msg m;
      m << "index " << i << " is out of bounds for dimension " << static_cast<std::int64_t>(dim) << " with size " << size
        << " (tensor shape " << s << ")";
      if (!p.require(Cond::lt(i, size) && Cond::ge(i, -size), RuleId::IndexOutOfRange, m,
                     {p.origin_note(*t, "the tensor got its shape here")}))
        return p.ret_unranked(dt);
      ++dim;
      continue;
    }
    if (v.is_obj() && in.is_slice(p.st, v)) {
      Value lo, hi, step;
      in.slice_parts(p.st, v, lo, hi, step);
      auto sc = step.is_none() ? std::optional<std::int64_t>(1) : step.const_int();
      if (!sc || *sc <= 0) {
        if (sc && *sc <= 0) p.require(Cond::truth(false), RuleId::InvalidHyperparameter, Msg("slice step must be positive"));
        return p.ret_unranked(dt);
      }
      // clamp(start), clamp(stop) to [0, size]; length = max(0, ceil((stop - start) / step))
      auto norm = [&](const Value& b, const Expr& def) -> std::optional<Expr> {
        if (b.is_none()) return def;
        if (b.kind != VKind::Int && !b.const_int()) return std::nullopt;
        Expr x = b.kind == VKind::Int ? b.i : k(*b.const_int());
        if (auto c = x.as_const(); c && *c < 0) x = x + size;
        else if (!x.as_const()) return Expr::min(x, size);
        return Expr::min(Expr::max(x, k(0)), size);
      };
      auto a0 = norm(lo, k(0)), a1 = norm(hi, size);
      if (!a0 || !a1) {
        out.push_back(in.fresh_symbol(p.st, "slice", "the length of a slice", 0, -1));
      } else {
        Expr len = Expr::max(*a1 - *a0, k(0));
        if (*sc != 1) len = Expr::floordiv(len + k(*sc - 1), k(*sc));
        out.push_back(len);
      }
      ++dim;
      continue;
    }
    if (const TensorVal* it = in.tensor_of(p.st, v)) {
      if (it->dtype == DType::Bool) {
        // a mask: the masked dims become one dim of unknown length
        std::size_t n = it->shape ? std::max<std::size_t>(it->shape->size(), 1) : 1;
        if (it->shape)
          for (std::size_t j = 0; j < it->shape->size() && dim + j < s.size(); ++j) {
            Msg m;
            m << "The shape of the mask " << *it->shape << " at index " << static_cast<std::int64_t>(j)
              << " does not match the shape of the indexed tensor " << s << " at index " << static_cast<std::int64_t>(dim + j);
            if (!p.require(Cond::eq((*it->shape)[j], s[dim + j]), RuleId::IndexOutOfRange, m)) return p.ret_unranked(dt);
          }
        out.push_back(in.fresh_symbol(p.st, "masked", "the number of selected elements", 0, -1));
        dim += n;
        continue;
      }
      if (!advanced && it->shape) {
        out.insert(out.end(), it->shape->begin(), it->shape->end());
        advanced = true;
      } else if (!it->shape) {
        return p.ret_unranked(dt);
      }
      ++dim;
      continue;
    }
    if (const auto* seq = in.sequence_of(p.st, v)) {
      out.push_back(k(static_cast<std::int64_t>(seq->size())));
      ++dim;
      continue;
    }
    // an unknown index value: the dimension is consumed or kept; unknown result
    return p.ret_unranked(dt);
  }
  for (; dim < s.size(); ++dim) out.push_back(s[dim]);
  return p.ret_tensor(out, dt);
}

const PrimRow kRows[] = {
    {"register_tensor_class", register_tensor_class},
    {"new", new_tensor},
    {"like", like},
    {"from_data", from_data},
    {"shape", shape},
    {"dtype", dtype},
    {"with_dtype", with_dtype},
    {"dtype_in", dtype_in},
    {"same", same},
    {"numel", numel_prim},
    {"ndim", ndim},
    {"reshape", reshape},
    {"flatten", flatten},
    {"permute", permute},
    {"transpose", transpose},
    {"t", t2},
    {"squeeze", squeeze},
    {"unsqueeze", unsqueeze},
    {"expand", expand},
    {"repeat", repeat},
    {"cat", cat},
    {"stack", stack},
    {"split", split},
    {"index", index},
};

}  // namespace

std::span<const PrimRow> shape_primitives() { return kRows; }

}  // namespace tenscan::models
