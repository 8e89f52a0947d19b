// The Python runtime's dynamic features the builtins stubs need: names bound by exec'd code and
// importing by a name computed at run time; and the environment the program runs in, as the
// project declares it (the versions of its libraries).
#include <unordered_set>

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

// _tenscan.function_parameters(fn): fn's parameters as inspect.signature lists them, each
// (name, kind, has_default, default) with kind inspect's (0 positional-only, 1 positional or
// keyword, 2 *args, 3 keyword-only, 4 **kwargs); a bound method's first left out, a class's
// __init__'s after self. None for what has no Python code tenscan sees.
Outs function_parameters(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty() || !a.pos[0].is_obj()) return interp::one(std::move(st), Value::none());
  Value f = a.pos[0];
  bool bound = false;
  if (st.heap.get(f.obj).kind == interp::OKind::BoundMethod) {
    f = st.heap.get(f.obj).b;
    bound = true;
  } else if (st.heap.get(f.obj).kind == interp::OKind::Class) {
    auto init = in.class_lookup(st, f.obj, "__init__");
    if (!init || !init->is_obj()) return interp::one(std::move(st), Value::none());
    f = *init;
    bound = true;
  }
  if (!f.is_obj() || st.heap.get(f.obj).kind != interp::OKind::Function || !st.heap.get(f.obj).fn.code)
    return interp::one(std::move(st), Value::none());
  const interp::Function fn = st.heap.get(f.obj).fn;
  // (the positional defaults belong to the last positional parameters that have one)
  std::size_t with_default = 0;
  for (const auto& p : fn.code->params)
    if (p.kind == ir::Param::Kind::Positional && p.has_default) ++with_default;
  std::size_t first_default = with_default - std::min(with_default, fn.defaults.size());
  std::vector<Value> out;
  std::size_t seen_default = 0;
  for (std::size_t i = 0; i < fn.code->params.size(); ++i) {
    const auto& p = fn.code->params[i];
    if (bound && i == 0) continue;
    std::int64_t kind = p.kind == ir::Param::Kind::VarArgs       ? 2
                        : p.kind == ir::Param::Kind::KeywordOnly ? 3
                        : p.kind == ir::Param::Kind::VarKeywords ? 4
                        : p.positional_only                      ? 0
                                                                 : 1;
    Value def = Value::none();
    bool has = false;
    if (p.kind == ir::Param::Kind::Positional && p.has_default) {
      std::size_t k = seen_default++;
      if (k >= first_default && k - first_default < fn.defaults.size()) def = fn.defaults[k - first_default], has = true;
    } else if (p.kind == ir::Param::Kind::KeywordOnly && p.has_default) {
      if (auto it = fn.kwdefaults.find(p.name); it != fn.kwdefaults.end()) def = it->second, has = true;
    }
    out.push_back(in.new_tuple(st, {Value::str(p.name), Value::integer(kind), Value::boolean(has), def}));
  }
  Value list = in.new_list(st, std::move(out));
  return interp::one(std::move(st), list);
}

// Object o's own attributes, in the order they were set, whose value is an instance of cls (or,
// with_unknown, a value tenscan cannot see); tenscan's own markers left out.
std::vector<std::pair<std::string, Value>> own_attrs(const Interpreter& in, const State& st, const interp::Object& o,
                                                     interp::ObjId cls, bool with_unknown) {
  std::vector<std::pair<std::string, Value>> found;
  for (const auto& [k, v] : o.attrs) {
    if (k.rfind("__tenscan_", 0) == 0 || v.kind == interp::VKind::Undef) continue;
    if ((with_unknown && v.is_unknown()) || in.isinstance(st, v, cls)) found.emplace_back(k, v);
  }
  return found;
}

// _tenscan.attrs_of(obj, cls, with_unknown=False, values=False): [(name, value)] of obj's own
// attributes, in the order they were set, whose value is an instance of cls (or, with_unknown, a
// value tenscan cannot see), or with `values` the values alone:
// `[(k, v) for k, v in vars(obj).items() if isinstance(v, cls)]` in one step, and
// without handing out a copy of the attribute dict (which would make every attribute the
// object lacks possibly set through it: Module.children() walks every layer of a model).
Outs attrs_of(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() < 2 || !a.pos[0].is_obj() || !a.pos[1].is_obj() ||
      st.heap.get(a.pos[0].obj).kind != interp::OKind::Instance)
    return interp::one(std::move(st), Value::unknown("vars()"));
  auto flag = [&](std::size_t i) { return a.pos.size() > i && a.pos[i].kind == interp::VKind::Bool && a.pos[i].b.is_true(); };
  const bool with_unknown = flag(2), values = flag(3);
  // (collected first: making the tuples allocates on the heap that holds the attributes)
  const auto found = own_attrs(in, st, st.heap.get(a.pos[0].obj), a.pos[1].obj, with_unknown);
  std::vector<Value> out;
  out.reserve(found.size());
  for (auto& [k, v] : found) out.push_back(values ? v : in.new_tuple(st, {Value::str(k), v}));
  Value list = in.new_list(st, std::move(out));
  return interp::one(std::move(st), list);
}

// _tenscan.modules_of(module, cls): torch's Module.modules(): the module, then the modules of
// each of its attributes that is an instance of cls, in the order they were set, each once
// (a module shared by two parents, or a parent that a child refers to, is listed at its first
// place, as named_modules' memo does).
Outs modules_of(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() < 2 || !a.pos[0].is_obj() || !a.pos[1].is_obj()) return interp::one(std::move(st), Value::unknown("modules()"));
  const interp::ObjId cls = a.pos[1].obj;
  std::vector<Value> out;
  std::unordered_set<interp::ObjId> seen;
  std::vector<Value> todo{a.pos[0]};  // (a stack, the last child pushed first: preorder)
  while (!todo.empty()) {
    Value m = todo.back();
    todo.pop_back();
    if (!seen.insert(m.obj).second) continue;
    out.push_back(m);
    const interp::Object& o = st.heap.get(m.obj);
    if (o.kind != interp::OKind::Instance) continue;
    const auto children = own_attrs(in, st, o, cls, false);
    for (auto it = children.rbegin(); it != children.rend(); ++it)
      if (it->second.is_obj()) todo.push_back(it->second);
  }
  Value list = in.new_list(st, std::move(out));
  return interp::one(std::move(st), list);
}

// _tenscan.library_version(name, text=False): the version of library `name` the project runs
// with (AnalysisOptions::library_versions) as a tuple of its numbers, (1, 8, 0), or its text
// with `text`; None when the project does not say.
Outs library_version(Interpreter& in, State&& st, Args& a) {
  const std::string* name = a.pos.empty() ? nullptr : a.pos[0].const_str();
  const auto& versions = in.options().library_versions;
  auto it = name ? versions.find(*name) : versions.end();
  if (it == versions.end()) return interp::one(std::move(st), Value::none());
  if (a.pos.size() > 1 && a.pos[1].const_int().value_or(0) != 0) return interp::one(std::move(st), Value::str(it->second));
  std::vector<Value> numbers;
  std::int64_t n = 0;
  bool digits = false;
  for (char c : it->second + ".") {
    if (c >= '0' && c <= '9' && n < 100000) {
      n = n * 10 + (c - '0'), digits = true;
    } else {
      if (c != '.' || !digits) break;  // (a suffix such as "rc1" ends the numbers)
      numbers.push_back(Value::integer(n));
      n = 0, digits = false;
    }
  }
  Value t = in.new_tuple(st, std::move(numbers));
  return interp::one(std::move(st), t);
}

const PrimRow kRows[] = {
    {"attrs_of", attrs_of},
    {"exec_names", exec_names},
    {"function_parameters", function_parameters},
    {"import_module", import_module},
    {"library_version", library_version},
    {"modules_of", modules_of},
};

}  // namespace

std::span<const PrimRow> python_primitives() { return kRows; }

}  // namespace tenscan::models
