// The normalisation of library arguments that nearly every stub call goes through: a dtype
// argument's name, a size given as f(2, 3) or f((2, 3)), an int-or-tuple hyperparameter, the
// modules of a model. Native, because they run for every layer and tensor a model makes (an
// EfficientNet builds 3,000 convolutions), and because as Python a dtype tenscan does not know
// made them fork a path per branch of the test.
#include "models/prim.h"

namespace tenscan::models {
namespace {

using interp::ObjId;
using interp::OKind;

/// The tensor types' names and their dtypes (torch 1.13), the CPU ones first.
constexpr std::pair<const char*, const char*> kTensorTypes[] = {
    {"torch.FloatTensor", "float32"},      {"torch.DoubleTensor", "float64"},   {"torch.HalfTensor", "float16"},
    {"torch.LongTensor", "int64"},         {"torch.IntTensor", "int32"},        {"torch.ShortTensor", "int16"},
    {"torch.ByteTensor", "uint8"},         {"torch.CharTensor", "int8"},        {"torch.BoolTensor", "bool"},
    {"torch.cuda.FloatTensor", "float32"}, {"torch.cuda.LongTensor", "int64"}, {"torch.cuda.DoubleTensor", "float64"}};

/// The dtype a class given as a dtype stands for: torch.float32 is a name here, but
/// torch.FloatTensor is a class, and torch takes Python's float, int and bool for float64,
/// int64 and bool.
std::optional<std::string> dtype_of_class(const Interpreter& in, const State& st, ObjId cls) {
  if (auto d = in.class_lookup(st, cls, "_tenscan_dtype"); d && d->const_str()) return *d->const_str();
  for (const auto& [type, name] : {std::pair{"float", "float64"}, {"int", "int64"}, {"bool", "bool"}})
    if (cls == in.builtin_class(type)) return name;
  return std::nullopt;
}

// _tenscan.dtype_name(d, default=None): the dtype name ("float32") a torch dtype argument
// stands for: None and what is no dtype give `default`; a name, "torch.float32" or the name of
// a tensor type ("torch.FloatTensor"); a tensor type's class; Python's float, int and bool. A
// value tenscan does not know is an unknown dtype (one path, whatever it is).
Outs dtype_name(Interpreter& in, State&& st, Args& a) {
  const Value* d = a.get(0, "d");
  const Value* def = a.get(1, "default");
  Value fallback = def ? *def : Value::none();
  if (!d) return interp::one(std::move(st), fallback);
  if (d->is_unknown_or_unknown_str()) return interp::one(std::move(st), Value::unknown("dtype"));
  if (const std::string* s = d->const_str()) {
    for (const auto& [type, name] : kTensorTypes)
      if (*s == type) return interp::one(std::move(st), Value::str(name));
    if (s->rfind("torch.", 0) == 0) return interp::one(std::move(st), Value::str(s->substr(6)));
    return interp::one(std::move(st), *d);
  }
  if (d->is_obj() && st.heap.get(d->obj).kind == OKind::Class)
    if (auto name = dtype_of_class(in, st, d->obj)) return interp::one(std::move(st), Value::str(*name));
  return interp::one(std::move(st), fallback);
}

// _tenscan.dtype_in(args, explicit): the dtype among .to()'s arguments (a dtype, a tensor
// whose dtype to take, or `explicit`), or None; devices and unknown values are ignored
Outs dtype_in(Interpreter& in, State&& st, Args& a) {
  std::optional<std::string> found;
  auto consider = [&](const Value& v) {
    if (const TensorVal* t = in.tensor_of(st, v)) {
      if (t->dtype != DType::Unknown) found = interp::dtype_name(t->dtype);
    } else if (const std::string* s = v.const_str()) {
      std::string name = s->rfind("torch.", 0) == 0 ? s->substr(6) : *s;
      if (parse_dtype(name) != DType::Unknown) found = interp::dtype_name(parse_dtype(name));
    } else if (v.is_obj() && st.heap.get(v.obj).kind == OKind::Class) {
      if (auto name = dtype_of_class(in, st, v.obj)) found = *name;
    }
  };
  if (!a.pos.empty())
    if (const auto* seq = in.sequence_of(st, a.pos[0]))
      for (const auto& v : *seq) consider(v);
  if (a.pos.size() > 1) consider(a.pos[1]);
  return interp::one(std::move(st), found ? Value::str(*found) : Value::none());
}

// _tenscan.tensor_type(dtype): Tensor.type()'s name of a tensor of that dtype
// ("torch.LongTensor"), unknown where it has none
Outs tensor_type(Interpreter&, State&& st, Args& a) {
  const std::string* d = a.pos.empty() ? nullptr : a.pos[0].const_str();
  if (d)
    for (const auto& [type, name] : kTensorTypes)
      if (*d == name) return interp::one(std::move(st), Value::str(type));
  return interp::one(std::move(st), Value::unknown("tensor.type()"));
}

// _tenscan.sizes(args): the sizes of torch's f(*size) calls, given as f(2, 3), f((2, 3)),
// f([2, 3]) or f(torch.Size([2, 3])): the one list or tuple, else `args` (the primitives read
// either as a sequence of ints).
Outs sizes(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty()) return interp::one(std::move(st), Value::unknown("sizes"));
  Value args = a.pos[0];
  if (const auto* items = in.sequence_of(st, args); items && items->size() == 1 && (*items)[0].is_obj()) {
    OKind k = st.heap.get((*items)[0].obj).kind;
    if (k == OKind::List || k == OKind::Tuple) args = (*items)[0];
  }
  return interp::one(std::move(st), args);
}

// _tenscan.ntuple(x, n=2): an int-or-tuple hyperparameter (kernel_size=3, stride=(2, 1)) as a
// tuple of n: a list or tuple as a tuple of its elements, anything else n times.
Outs ntuple(Interpreter& in, State&& st, Args& a) {
  const Value* x = a.get(0, "x");
  const Value* n = a.get(1, "n");
  std::int64_t count = n ? n->const_int().value_or(-1) : 2;
  if (!x || count < 0) return interp::one(std::move(st), Value::unknown("tuple"));
  if (x->is_obj()) {
    const interp::Object& o = st.heap.get(x->obj);
    if (o.kind == OKind::List || o.kind == OKind::Tuple) {
      if (o.kind == OKind::Tuple && o.cls == interp::kNoObj) return interp::one(std::move(st), *x);
      // (a list of as many elements as a loop made stays one: a tuple of that many)
      interp::Object copy = o;
      copy.kind = OKind::Tuple;
      copy.cls = interp::kNoObj;
      Value t = Value::object(st.heap.alloc(std::move(copy)));
      return interp::one(std::move(st), t);
    }
  }
  Value t = in.new_tuple(st, std::vector<Value>(static_cast<std::size_t>(count), *x));
  return interp::one(std::move(st), t);
}

const PrimRow kRows[] = {
    {"dtype_in", dtype_in},
    {"dtype_name", dtype_name},
    {"ntuple", ntuple},
    {"sizes", sizes},
    {"tensor_type", tensor_type},
};

}  // namespace

std::span<const PrimRow> argument_primitives() { return kRows; }

}  // namespace tenscan::models
