// Module mode's primitives (Interpreter::check_modules; the stub _tenscan_modules.py): a
// function's required parameters, a forward's symbolic argument, and the forward's result.
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

// _tenscan.module_input(name, index): argument `index` of the forward being checked, a tensor
// whose rank and dims are symbols until a layer fixes them (TensorVal::module_input); dims of
// arguments after the first carry its name ("mask.B")
Outs module_input(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "module_input");
  const std::string name = p.str_arg(0).value_or("x");
  const std::int64_t index = p.const_int(1).value_or(0);
  TensorVal t{std::nullopt, DType::Unknown, in.site()};  // (the dtype its layers expect: unknown)
  t.opaque = true;
  t.module_input = in.new_module_input(index == 0 ? std::string() : name + ".", index);
  return p.ret(in.new_tensor(p.st, std::move(t)));
}

// _tenscan.constructor_argument(name): a size >= 1 for a constructor's argument without a
// default, named after it
Outs constructor_argument(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "constructor_argument");
  sym::Expr s = in.constructor_argument(p.st, p.str_arg(0).value_or("n"));
  return p.ret(Value::integer(s));
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
    {"constructor_argument", constructor_argument}};

}  // namespace

std::span<const PrimRow> module_mode_primitives() { return kRows; }

}  // namespace tenscan::models
