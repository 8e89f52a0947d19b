// Module mode's primitives (Interpreter::check_modules; the stub _tenscan_modules.py): a
// function's required parameters, a forward's symbolic argument, and the forward's result.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>

#include "models/prim.h"

namespace tenscan::models {
namespace {

using interp::OKind;
using interp::Value;

// The function of a plain function or bound method value (nullptr: neither).
const interp::Function* function_of(const State& st, const Value& v) {
  if (!v.is_obj()) return nullptr;
  const auto& o = st.heap.get(v.obj);
  if (o.kind == OKind::Function && o.fn.code) return &o.fn;
  if (o.kind == OKind::BoundMethod) return function_of(st, o.b);  // (self, func)
  return nullptr;
}

// _tenscan.required_parameters(fn): the names of fn's parameters that have no default, the
// first (self) left out: what a call must give it
Outs required_parameters(Interpreter& in, State&& st, Args& a) {
  std::vector<Value> names;
  if (const interp::Function* fn = a.pos.empty() ? nullptr : function_of(st, a.pos[0])) {
    bool first = true;
    for (const auto& p : fn->code->params) {
      const bool skip = first;
      first = false;
      if (skip || p.has_default || p.kind == ir::Param::Kind::VarArgs || p.kind == ir::Param::Kind::VarKeywords) continue;
      names.push_back(Value::str(p.name));
    }
  }
  Value list = in.new_list(st, std::move(names));
  return interp::one(std::move(st), list);
}

// A jaxtyping annotation, `Float[Tensor, "batch 3 224 224"]`: its dtype and its dims (a name
// or a size each); nullopt when it is not one, or when its shape has a variadic part (`*batch`,
// `...`), an expression or a size tenscan does not read (one beyond 64 bits).
struct Annotated {
  struct Dim {
    std::string name;                 ///< "batch"; "_" for an anonymous dim
    std::optional<std::int64_t> size;  ///< a size written as a number
  };
  DType dtype = DType::Unknown;
  std::vector<Dim> dims;
};

// One dim of a shape written as text ("batch", "224"): a size when all digits (nullopt when
// more than 64 bits hold), else a name.
std::optional<Annotated::Dim> dim_of(const std::string& tok) {
  Annotated::Dim d{tok, std::nullopt};
  if (!tok.empty() && std::all_of(tok.begin(), tok.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    std::int64_t v = 0;
    if (std::from_chars(tok.data(), tok.data() + tok.size(), v).ec != std::errc()) return std::nullopt;
    d.size = v;
  }
  return d;
}

std::optional<Annotated> jaxtyping(std::string text) {
  // (a string annotation, 'Float[Tensor, "batch 10"]', is the same annotation)
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') && text.back() == text.front())
    text = text.substr(1, text.size() - 2);
  const auto open = text.find('['), quote = text.find_first_of("\"'");
  if (open == std::string::npos || quote == std::string::npos || quote < open) return std::nullopt;
  const auto close = text.find(text[quote], quote + 1);
  if (close == std::string::npos) return std::nullopt;
  std::string kind = text.substr(0, open);
  if (auto dot = kind.rfind('.'); dot != std::string::npos) kind = kind.substr(dot + 1);
  static const std::pair<const char*, DType> kKinds[] = {
      {"Float", DType::Unknown},   {"Float16", DType::Float16}, {"BFloat16", DType::BFloat16},
      {"Float32", DType::Float32}, {"Float64", DType::Float64}, {"Int", DType::Int64},
      {"Integer", DType::Int64},   {"Int64", DType::Int64},     {"Int32", DType::Int32},
      {"Int8", DType::Int8},       {"UInt8", DType::UInt8},     {"Bool", DType::Bool},
      {"Shaped", DType::Unknown},  {"Num", DType::Unknown},     {"Real", DType::Unknown},
      {"Inexact", DType::Unknown}};
  Annotated out;
  bool known = false;
  for (const auto& [k, d] : kKinds)
    if (kind == k) out.dtype = d, known = true;
  if (!known) return std::nullopt;
  std::string dims = text.substr(quote + 1, close - quote - 1);
  std::size_t i = 0;
  while (i < dims.size()) {
    while (i < dims.size() && dims[i] == ' ') ++i;
    std::size_t j = i;
    while (j < dims.size() && dims[j] != ' ') ++j;
    if (j > i) {
      std::string tok = dims.substr(i, j - i);
      if (tok[0] == '#') tok = tok.substr(1);  // (broadcastable: the same name)
      const bool word = std::all_of(tok.begin(), tok.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
      if (tok.empty() || !word) return std::nullopt;  // (*batch, ..., name=expr)
      auto d = dim_of(tok);
      if (!d) return std::nullopt;
      out.dims.push_back(std::move(*d));
    }
    i = j;
  }
  return out;
}

// The annotation of parameter `name` of function `fn`, empty when none.
std::string annotation_of(const State& st, const Value& fn, const std::string& name) {
  if (const interp::Function* f = function_of(st, fn))
    for (const auto& p : f->code->params)
      if (p.name == name) return p.annotation;
  return {};
}

// _tenscan.module_input(name, index[, forward]): argument `index` of the forward being checked,
// a tensor whose rank and dims are symbols until a layer fixes them (TensorVal::module_input);
// dims of arguments after the first carry its name ("mask.B"). A jaxtyping annotation of the
// argument gives them at once: its sizes as sizes, its names as sizes named so, the same for
// every argument that names them. A shape tenscan.json declares for it comes first.
Outs module_input(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "module_input");
  const std::string name = p.str_arg(0).value_or("x");
  const std::int64_t index = p.const_int(1).value_or(0);
  std::optional<Annotated> declared;
  if (const ModelDecl::Input* d = in.declared_input(name)) {  // (tenscan.json's "models")
    declared.emplace();
    declared->dtype = d->dtype.empty() ? DType::Unknown : parse_dtype(d->dtype);
    for (const auto& dim : d->shape) {
      auto ad = dim_of(dim);
      if (!ad) {  // (a size beyond 64 bits: the declared shape is not read, as an annotation's)
        declared.reset();
        break;
      }
      declared->dims.push_back(std::move(*ad));
    }
  }
  if (declared || a.pos.size() > 2)
    if (auto ann = declared ? declared : jaxtyping(annotation_of(p.st, a.pos[2], name))) {
      Shape dims;
      for (const auto& d : ann->dims)
        dims.push_back(d.size ? sym::Expr::constant(*d.size)
                              : in.annotated_dim(p.st, d.name == "_" ? name + "." + std::to_string(dims.size()) : d.name));
      TensorVal t{std::move(dims), ann->dtype, in.site()};
      t.assumed = true;
      return p.ret(in.new_tensor(p.st, std::move(t)));
    }
  TensorVal t{std::nullopt, DType::Unknown, in.site()};  // (the dtype its layers expect: unknown)
  t.opaque = true;
  t.module_input = in.new_module_input(index == 0 ? std::string() : name + ".", index);
  return p.ret(in.new_tensor(p.st, std::move(t)));
}

// _tenscan.check_returned(forward, output): what the forward returned against its jaxtyping
// return annotation (`-> Float[Tensor, "batch 10"]`), at the forward's definition: its rank,
// and each dim (a name is the size the arguments' annotations gave it). Nothing when there is
// no annotation tenscan reads, or the output's shape is unknown.
Outs check_returned(Interpreter& in, State&& st, Args& a) {
  const interp::Function* fn = a.pos.size() >= 2 ? function_of(st, a.pos[0]) : nullptr;
  const TensorVal* out = fn ? in.tensor_of(st, a.pos[1]) : nullptr;
  auto ann = out && out->shape ? jaxtyping(fn->code->returns) : std::nullopt;
  if (!ann) return interp::one(std::move(st), Value::none());
  const Shape shape = *out->shape;
  // (at its `def`, not the whole function)
  const ir::Loc at{fn->code->loc.file, fn->code->loc.line, fn->code->loc.col, fn->code->loc.line, fn->code->loc.col + 3};
  const std::string said = "its return annotation `" + fn->code->returns + "`";
  if (shape.size() != ann->dims.size()) {
    Msg m;
    m << fn->code->qualname << "() returns a tensor of rank " << static_cast<std::int64_t>(shape.size()) << " (" << shape
      << "), but " << said << " says rank " << static_cast<std::int64_t>(ann->dims.size());
    in.require_at(st, at, sym::Cond::truth(false), RuleId::RankMismatch, std::move(m));
    return interp::one(std::move(st), Value::none());
  }
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const auto& d = ann->dims[i];
    if (!d.size && d.name == "_") continue;
    const sym::Expr want = d.size ? sym::Expr::constant(*d.size) : in.annotated_dim(st, d.name);
    Msg m;
    m << fn->code->qualname << "() returns " << shape << ", whose dim " << static_cast<std::int64_t>(i) << " is "
      << shape[i] << ", but " << said << " says " << (d.size ? std::to_string(*d.size) : d.name);
    if (!in.require_at(st, at, sym::Cond::eq(shape[i], want), RuleId::SizeMismatch, std::move(m))) break;
  }
  return interp::one(std::move(st), Value::none());
}

// What module mode makes up for a constructor's argument by its annotation: a size (an `int`,
// or no annotation), a float or a bool of unknown value, or nothing (a callable, a list, a
// string, a module: no value stands for all of them).
enum class MadeUp : std::uint8_t { Size, Float, Bool, Nothing };

MadeUp made_up_kind(std::string t) {
  std::erase(t, ' ');
  for (const char* opt : {"Optional[", "typing.Optional["})
    if (t.starts_with(opt) && t.ends_with("]")) t = t.substr(std::strlen(opt), t.size() - std::strlen(opt) - 1);
  if (t.ends_with("|None")) t.resize(t.size() - std::strlen("|None"));
  else if (t.starts_with("None|")) t.erase(0, std::strlen("None|"));
  if (t.empty() || t == "int") return MadeUp::Size;
  if (t == "float") return MadeUp::Float;
  if (t == "bool") return MadeUp::Bool;
  return MadeUp::Nothing;
}

// _tenscan.constructor_argument(name, init): what a constructor's argument without a default
// stands for in a check of its class (MadeUp): a size >= 1 named after it, an unknown float or
// bool; an argument of another annotation stops the check (StopReason::NotMadeUp): the class is
// checked where the file builds it, or as tenscan.json's "models" declares it.
Outs constructor_argument(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "constructor_argument");
  const std::string name = p.str_arg(0).value_or("n");
  std::string annotation;
  if (const interp::Function* fn = a.pos.size() >= 2 ? function_of(p.st, a.pos[1]) : nullptr)
    for (const auto& param : fn->code->params)
      if (param.name == name) annotation = param.annotation;
  switch (made_up_kind(annotation)) {
    case MadeUp::Size:
      return p.ret(Value::integer(in.constructor_argument(p.st, name)));
    case MadeUp::Float:
      return p.ret(Value::floating(domain::FloatRange::finite()));
    case MadeUp::Bool:
      return p.ret(Value::boolean(sym::Cond::boolean_symbol(
          in.fresh_bool_symbol(name, "a constructor argument module mode made up", interp::SymKind::Input))));
    case MadeUp::Nothing:
      break;
  }
  // (reported at the class; dropped, with the stop, when another check builds it)
  const interp::ObjId cls = p.st.module_check;
  const ir::Loc at = cls ? p.st.heap.get(cls).alloc_site : in.site();
  in.note(Notification::Kind::Budget, at,
          "module mode did not check " + (cls ? p.st.heap.get(cls).name : std::string("this class")) +
              " on its own: its constructor's `" + name + ": " + annotation +
              "` has no default, and no made-up value stands for every one (a size stands for an int); a model "
              "builder of the file that builds it, or a \"models\" entry of tenscan.json, checks it");
  in.stop(p.st, interp::StopReason::NotMadeUp, at);
  return p.ret(Value::none());
}

// _tenscan.module_checked(what, names, inputs, output, model): the forward of the model that
// `what` (a class, a model builder) made returned output
Outs module_checked(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() >= 5) {
    std::vector<std::string> names;
    std::vector<Value> inputs;
    if (const auto* items = in.sequence_of(st, a.pos[1]))
      for (const auto& v : *items) names.push_back(v.const_str() ? *v.const_str() : std::string("?"));
    if (const auto* items = in.sequence_of(st, a.pos[2])) inputs = *items;
    in.module_checked(st, a.pos[0], names, inputs, a.pos[3], a.pos[4]);
  }
  return interp::one(std::move(st), Value::none());
}

const PrimRow kRows[] = {
    {"required_parameters", required_parameters}, {"module_input", module_input}, {"module_checked", module_checked},
    {"constructor_argument", constructor_argument}, {"check_returned", check_returned}};

}  // namespace

std::span<const PrimRow> module_mode_primitives() { return kRows; }

}  // namespace tenscan::models
