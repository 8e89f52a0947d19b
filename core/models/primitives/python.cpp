// The Python runtime's dynamic features the builtins stubs need: names bound by exec'd code and
// importing by a name computed at run time.
#include "models/prim.h"

namespace tenscan::models {
namespace {

// _tenscan.exec_names(): the code exec() runs binds names tenscan cannot see: from now on a
// global name of the calling module that is not bound reads as an unknown value rather than
// raising NameError (Interpreter: kExecNamesMarker)
Outs exec_names(Interpreter& in, State&& st, Args&) {
  // the frame below the stub's own is the caller's
  if (st.frames.size() >= 2) {
    interp::ObjId globals = st.frames[st.frames.size() - 2].globals;
    if (globals != interp::kNoObj) st.heap.mut(globals).attrs[interp::kExecNamesMarker] = Value::str("exec()");
  }
  in.record_unmodelled("exec");
  return interp::one(std::move(st), Value::none());
}

// _tenscan.import_module(name): `import name` for a name known as a string (importlib,
// __import__): the module, as the import statement binds its last component
Outs import_module(Interpreter& in, State&& st, Args& a) {
  const std::string* name = a.pos.empty() ? nullptr : a.pos[0].const_str();
  if (!name || name->empty()) {
    in.record_unmodelled("__import__");
    return interp::one(std::move(st), Value::unknown("__import__()"));
  }
  return in.import_module(std::move(st), *name, nullptr, 0);
}

const PrimRow kRows[] = {
    {"exec_names", exec_names},
    {"import_module", import_module},
};

}  // namespace

std::span<const PrimRow> python_primitives() { return kRows; }

}  // namespace tenscan::models
