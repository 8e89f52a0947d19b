// The shape report's trace of nn.Module calls (Interpreter::module_enter / module_exit):
// nn.Module.__call__ tells the interpreter that a module's forward begins and what it returned.
#include "models/prim.h"

namespace tenscan::models {
namespace {

// _tenscan.module_enter(module, args): its forward begins on the positional arguments `args`
Outs module_enter(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() >= 2)
    if (const auto* args = in.sequence_of(st, a.pos[1])) {
      const std::vector<interp::Value> copy = *args;
      in.module_enter(st, a.pos[0], copy);
    }
  return interp::one(std::move(st), interp::Value::none());
}

// _tenscan.module_exit(module, result): its forward returned `result`, which this returns
Outs module_exit(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() < 2) return interp::one(std::move(st), interp::Value::none());
  in.module_exit(st, a.pos[0], a.pos[1]);
  interp::Value result = a.pos[1];
  return interp::one(std::move(st), std::move(result));
}

const PrimRow kRows[] = {{"module_enter", module_enter}, {"module_exit", module_exit}};

}  // namespace

std::span<const PrimRow> trace_primitives() { return kRows; }

}  // namespace tenscan::models
