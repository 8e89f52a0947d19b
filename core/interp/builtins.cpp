// Python's builtins that need the interpreter's internals (types, len, isinstance, getattr,
// super, iter/next, min/max over symbolic ints, methods of list/dict/str/...). The rest of
// builtins (exceptions, enumerate, zip, sorted, ...) is Python in models/stubs/builtins.py.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <utility>

#include "interp/interpreter.h"
#include "interp/patterns.h"
#include "models/stubs.h"

namespace tenscan::interp {

namespace {

Outs none(State&& st) { return one(std::move(st), Value::none()); }

const Value& arg(Args& a, std::size_t i) {
  static const Value kNone;
  return i < a.pos.size() ? a.pos[i] : kNone;
}

std::vector<Value>* items_of(State& st, const Value& v) {
  if (!v.is_obj()) return nullptr;
  Object& o = st.heap.mut(v.obj);
  if (o.kind == OKind::List || o.kind == OKind::Tuple || o.kind == OKind::Set) return &o.items;
  return nullptr;
}

// Collects the elements of an iterable (concrete sequences only; unknown otherwise). For a
// summary iteration, `length` is its length when the iterator knows it.
bool elements(Interpreter& in, State& st, const Value& v, std::vector<Value>& out, bool& summary,
              std::optional<sym::Expr>* length = nullptr) {
  Outs it = in.iterate(std::move(st), v);
  st = std::move(it[0].st);
  summary = false;
  if (!st.normal()) return false;
  if (!it[0].v.is_obj()) return false;
  const Object& o = st.heap.get(it[0].v.obj);
  out = o.items;
  summary = o.summary_iter;
  if (length) *length = in.known_summary_length(st, it[0].v);
  return true;
}

bool is_dict_instance(Interpreter& in, const State& st, const Value& v);

// ---- functions -------------------------------------------------------------------------

Outs b_len(Interpreter& in, State&& st, Args& a) { return in.len(std::move(st), arg(a, 0)); }

Outs b_print(Interpreter&, State&& st, Args&) { return none(std::move(st)); }

Outs b_isinstance(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  const Value& c = arg(a, 1);
  if (v.is_unknown()) return one(std::move(st), Value::unknown("isinstance"));
  auto check = [&](const Value& cls) -> int {  // 1 yes, 0 no, -1 unknown
    if (cls.is_unknown()) return -1;
    if (!cls.is_obj() || st.heap.get(cls.obj).kind != OKind::Class) return 0;
    if (in.isinstance(st, v, cls.obj)) return 1;
    // (an abstract collection of typing / collections.abc: the builtins registered with it)
    if (auto virt = in.class_lookup(st, cls.obj, "_abc_virtual"))
      if (const auto* classes = in.sequence_of(st, *virt))
        for (const auto& k : *classes)
          if (k.is_obj() && in.isinstance(st, v, k.obj)) return 1;
    return 0;
  };
  int r = 0;
  if (const auto* seq = in.sequence_of(st, c)) {
    for (const auto& x : *seq) {
      int k = check(x);
      if (k == 1) {
        r = 1;
        break;
      }
      if (k == -1) r = -1;
    }
  } else {
    r = check(c);
  }
  if (r < 0) return one(std::move(st), Value::unknown("isinstance"));
  return one(std::move(st), Value::boolean(r == 1));
}

Outs b_issubclass(Interpreter& in, State&& st, Args& a) {
  const Value& c = arg(a, 0);
  const Value& base = arg(a, 1);
  if (!c.is_obj() || !base.is_obj() || st.heap.get(c.obj).kind != OKind::Class)
    return one(std::move(st), Value::unknown("issubclass"));
  const auto& mro = st.heap.get(c.obj).mro;
  // a tuple of classes: a subclass of any of them
  std::vector<Value> bases{base};
  if (st.heap.get(base.obj).kind == OKind::Tuple) bases = st.heap.get(base.obj).items;
  bool r = false;
  for (const Value& b : bases) {
    if (!b.is_obj()) return one(std::move(st), Value::unknown("issubclass"));
    r = r || std::find(mro.begin(), mro.end(), b.obj) != mro.end() || b.obj == in.builtin_class("object");
  }
  return one(std::move(st), Value::boolean(r));
}

Outs b_hasattr(Interpreter& in, State&& st, Args& a) {
  const std::string* name = arg(a, 1).const_str();
  if (!name || arg(a, 0).is_unknown()) return one(std::move(st), Value::unknown("hasattr"));
  bool found = false;
  Outs r = in.getattr_opt(std::move(st), arg(a, 0), *name, found);
  for (auto& o : r)
    if (o.st.normal()) o.v = Value::boolean(found);
  return r;
}

Outs b_getattr(Interpreter& in, State&& st, Args& a) {
  const std::string* name = arg(a, 1).const_str();
  if (!name) return one(std::move(st), Value::unknown("getattr"));
  if (a.pos.size() >= 3) {
    bool found = false;
    Value def = a.pos[2];
    Outs r = in.getattr_opt(std::move(st), arg(a, 0), *name, found);
    if (!found)
      for (auto& o : r)
        if (o.st.normal()) o.v = def;
    return r;
  }
  return in.getattr(std::move(st), arg(a, 0), *name);
}

Outs b_setattr(Interpreter& in, State&& st, Args& a) {
  if (const std::string* name = arg(a, 1).const_str()) {
    return in.store_attr(std::move(st), arg(a, 0), *name, arg(a, 2));
  } else if (arg(a, 0).is_obj() && st.heap.get(arg(a, 0).obj).kind == OKind::Instance) {
    // a name tenscan does not know: the instance's attributes are no longer all known
    st.heap.mut(arg(a, 0).obj).attrs[kOpenAttrsMarker] = Value::boolean(true);
  }
  return none(std::move(st));
}

// delattr(obj, name): as `del obj.name` on an instance or class
Outs b_delattr(Interpreter& in, State&& st, Args& a) {
  const Value& obj = arg(a, 0);
  const std::string* name = arg(a, 1).const_str();
  if (!name || !obj.is_obj()) return none(std::move(st));
  const Object& o = st.heap.get(obj.obj);
  if (o.kind != OKind::Instance && o.kind != OKind::Class) return none(std::move(st));
  if (o.attrs.count(*name) == 0)
    return in.raise(std::move(st), "AttributeError", "'" + in.type_name(st, obj) + "' object has no attribute '" + *name + "'");
  st.heap.mut(obj.obj).attrs.erase(*name);
  return none(std::move(st));
}

Outs b_callable(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_unknown()) return one(std::move(st), Value::unknown("callable"));
  if (!v.is_obj()) return one(std::move(st), Value::boolean(false));
  const Object& o = st.heap.get(v.obj);
  bool r = o.kind == OKind::Function || o.kind == OKind::BoundMethod || o.kind == OKind::Builtin || o.kind == OKind::Class;
  if (o.kind == OKind::Instance) r = in.class_lookup(st, o.cls, "__call__").has_value();
  return one(std::move(st), Value::boolean(r));
}

Outs b_iter(Interpreter& in, State&& st, Args& a) { return in.iterate(std::move(st), arg(a, 0)); }

Outs b_next(Interpreter& in, State&& st, Args& a) {
  const Value& it = arg(a, 0);
  if (it.is_obj() && st.heap.get(it.obj).kind == OKind::Iterator) {
    const Object& o = st.heap.get(it.obj);
    if (o.summary_iter && !o.items.empty()) return one(std::move(st), o.items.front());
    if (o.items.empty()) {
      if (a.pos.size() >= 2) return one(std::move(st), a.pos[1]);
      return in.raise(std::move(st), "StopIteration", "");
    }
    Value v = o.items.front();
    auto& items = st.heap.mut(it.obj).items;
    items.erase(items.begin());
    return one(std::move(st), v);
  }
  if (it.is_obj() && st.heap.get(it.obj).kind == OKind::Instance) {
    bool found = false;
    Outs r = in.dunder(std::move(st), it, "__next__", {}, found);
    if (found) return r;
    return one(std::move(r[0].st), Value::unknown("next"));
  }
  return one(std::move(st), Value::unknown("next(" + (it.is_unknown() && it.s ? *it.s : std::string("iterator")) + ")"));
}

Outs b_super(Interpreter& in, State&& st, Args& a) {
  Object o;
  o.kind = OKind::Super;
  if (a.pos.size() >= 2) {
    o.a = a.pos[0];
    o.b = a.pos[1];
  } else {
    // zero-argument super(): the class that defined the running function, and its first argument
    const Frame* f = nullptr;
    for (auto it = st.frames.rbegin(); it != st.frames.rend(); ++it)
      if (it->function) {
        f = &*it;
        break;
      }
    if (!f) return in.raise(std::move(st), "RuntimeError", "super(): no arguments");
    ObjId owner = st.heap.get(f->function).fn.owner_class;
    const ir::Code* code = f->code;
    if (!owner || code->params.empty()) return in.raise(std::move(st), "RuntimeError", "super(): no arguments");
    Value self = f->slots[static_cast<std::size_t>(code->params[0].slot)];
    if (self.is_obj() && st.heap.get(self.obj).kind == OKind::Cell) self = st.heap.get(self.obj).a;
    o.a = Value::object(owner);
    o.b = self;
  }
  if (!o.a.is_obj()) return one(std::move(st), Value::unknown("super()"));
  return one(std::move(st), Value::object(st.heap.alloc(std::move(o))));
}

std::optional<std::string> frame_module_name(const State& st, std::int64_t depth);

// A module's namespace as a dict, in definition order (a copy: stores into it are not seen
// by the module).
Value namespace_dict(Interpreter& in, State& st, ObjId module) {
  std::vector<DictEntry> es;
  for (const auto& [k, v] : st.heap.get(module).attrs)
    if (v.kind != VKind::Undef) es.push_back({Value::str(k), v});  // not names deleted with `del`
  return in.new_dict(st, std::move(es));
}

Outs b_vars(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_obj() && st.heap.get(v.obj).kind == OKind::Module) {
    Value d = namespace_dict(in, st, v.obj);
    return one(std::move(st), d);
  }
  return in.getattr(std::move(st), v, "__dict__");
}

// globals(): the namespace of the module whose code calls it (see namespace_dict).
Outs b_globals(Interpreter& in, State&& st, Args&) {
  if (st.frames.empty() || !st.frame().globals) return one(std::move(st), Value::unknown("globals()"));
  Value d = namespace_dict(in, st, st.frame().globals);
  return one(std::move(st), d);
}

// _tenscan.frame_module(depth=0): sys._getframe(depth).f_globals["__name__"] of the code that
// calls this native (depth 1: its caller, ...), None above the outermost frame. Library stubs
// use it as CPython's do (collections.namedtuple's __module__).
Outs p_frame_module(Interpreter&, State&& st, Args& a) {
  std::int64_t depth = a.pos.empty() ? 0 : a.pos[0].const_int().value_or(0);
  auto name = frame_module_name(st, depth);
  return one(std::move(st), name ? Value::str(*name) : Value::none());
}

Outs b_id(Interpreter&, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_obj()) return one(std::move(st), Value::integer(static_cast<std::int64_t>(v.obj)));
  return one(std::move(st), Value::unknown("id"));
}

Outs b_reveal(Interpreter& in, State&& st, Args& a) {
  st.reveals.mut().push_back({in.site(), in.show(st, arg(a, 0))});
  return none(std::move(st));
}

// min/max over ints stay symbolic; everything else goes through comparisons
Outs b_minmax(Interpreter& in, State&& st, Args& a, bool is_max) {
  std::vector<Value> vals;
  if (a.pos.size() == 1) {
    bool summary = false;
    if (!elements(in, st, a.pos[0], vals, summary) || summary) return one(std::move(st), Value::unknown(is_max ? "max" : "min"));
  } else {
    vals = a.pos;
  }
  if (vals.empty()) {
    if (const Value* d = a.get(99, "default")) return one(std::move(st), *d);
    return in.raise(std::move(st), "ValueError", std::string(is_max ? "max" : "min") + "() arg is an empty sequence");
  }
  if (a.get(99, "key")) return one(std::move(st), Value::unknown(is_max ? "max" : "min"));
  bool all_int = std::all_of(vals.begin(), vals.end(), [](const Value& v) { return v.kind == VKind::Int; });
  if (all_int) {
    sym::Expr r = vals[0].i;
    for (std::size_t i = 1; i < vals.size(); ++i) r = is_max ? sym::Expr::max(r, vals[i].i) : sym::Expr::min(r, vals[i].i);
    return one(std::move(st), Value::integer(r));
  }
  Value best = vals[0];
  for (std::size_t i = 1; i < vals.size(); ++i) {
    Outs c = in.compare(std::move(st), is_max ? ir::CmpOp::Gt : ir::CmpOp::Lt, vals[i], best);
    st = std::move(c[0].st);
    if (!st.normal()) return one(std::move(st), Value::none());
    const Value& r = c[0].v;
    if (r.kind == VKind::Bool && r.b.is_true()) best = vals[i];
    else if (r.kind != VKind::Bool || !r.b.is_false()) return one(std::move(st), Value::unknown(is_max ? "max" : "min"));
  }
  return one(std::move(st), best);
}
Outs b_max(Interpreter& in, State&& st, Args& a) { return b_minmax(in, std::move(st), a, true); }
Outs b_min(Interpreter& in, State&& st, Args& a) { return b_minmax(in, std::move(st), a, false); }

Outs b_abs(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.kind == VKind::Int) {
    if (auto c = v.i.as_const()) return one(std::move(st), Value::integer(*c < 0 ? -*c : *c));
    return one(std::move(st), Value::integer(sym::Expr::max(v.i, -v.i)));
  }
  if (v.kind == VKind::Float) return one(std::move(st), Value::floating(domain::FloatRange::abs(v.f)));
  return in.call(std::move(st), Value::unknown("abs"), {});
}

Outs b_round(Interpreter&, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (a.pos.size() >= 2 && !a.pos[1].is_none()) return one(std::move(st), v.kind == VKind::Float ? v : Value::floating(std::nullopt));
  if (v.kind == VKind::Int) return one(std::move(st), v);
  if (auto f = v.const_float(); f && std::isfinite(*f))
    return one(std::move(st), Value::integer(static_cast<std::int64_t>(std::nearbyint(*f))));
  return one(std::move(st), Value::unknown("round"));
}

Outs b_repr(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.kind == VKind::Str) return one(std::move(st), v.s ? Value::str("'" + *v.s + "'") : Value::unknown_str());
  return in.str_of(std::move(st), v, true);
}

Outs b_hash(Interpreter&, State&& st, Args&) { return one(std::move(st), Value::unknown("hash")); }

// ---- constructors of builtin types -----------------------------------------------------

Outs t_int(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty()) return one(std::move(st), Value::integer(0));
  const Value& v = a.pos[0];
  switch (v.kind) {
    case VKind::Int: return one(std::move(st), v);
    case VKind::Bool:
      if (auto c = v.const_int()) return one(std::move(st), Value::integer(*c));
      return one(std::move(st), Value::unknown("int"));
    case VKind::Float:
      if (auto f = v.const_float(); f && std::isfinite(*f))
        return one(std::move(st), Value::integer(static_cast<std::int64_t>(std::trunc(*f))));
      return one(std::move(st), Value::unknown("int"));
    case VKind::Str: {
      if (!v.s) return one(std::move(st), Value::unknown("int"));
      std::string s = *v.s;
      s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == '_' || c == ' ' || c == '\n'; }), s.end());
      try {
        std::size_t used = 0;
        long long x = std::stoll(s, &used, a.pos.size() > 1 ? static_cast<int>(a.pos[1].const_int().value_or(10)) : 10);
        if (used != s.size()) throw std::invalid_argument("trailing");
        return one(std::move(st), Value::integer(static_cast<std::int64_t>(x)));
      } catch (...) {
        return in.raise(std::move(st), "ValueError", "invalid literal for int() with base 10: '" + *v.s + "'");
      }
    }
    case VKind::Obj: {
      bool found = false;
      Outs r = in.dunder(std::move(st), v, "__int__", {}, found);
      if (found) return r;
      st = std::move(r[0].st);
      r = in.dunder(std::move(st), v, "__index__", {}, found);
      if (found) return r;
      return one(std::move(r[0].st), Value::unknown("int"));
    }
    default: return one(std::move(st), Value::unknown("int"));
  }
}

Outs t_float(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty()) return one(std::move(st), Value::floating(0.0));
  const Value& v = a.pos[0];
  switch (v.kind) {
    case VKind::Float: return one(std::move(st), v);
    case VKind::Int:
    case VKind::Bool:
    {
      Value f = Value::floating(as_float(st, v));
      return one(std::move(st), f);
    }
    case VKind::Str: {
      if (!v.s) return one(std::move(st), Value::floating(std::nullopt));
      try {
        std::size_t used = 0;
        std::string s = *v.s;
        double x = std::stod(s, &used);
        return one(std::move(st), Value::floating(x));
      } catch (...) {
        std::string low = *v.s;
        std::transform(low.begin(), low.end(), low.begin(), [](unsigned char c) { return std::tolower(c); });
        if (low == "inf" || low == "+inf" || low == "infinity") return one(std::move(st), Value::floating(INFINITY));
        if (low == "-inf") return one(std::move(st), Value::floating(-INFINITY));
        if (low == "nan") return one(std::move(st), Value::floating(NAN));
        return in.raise(std::move(st), "ValueError", "could not convert string to float: '" + *v.s + "'");
      }
    }
    case VKind::Obj: {
      bool found = false;
      Outs r = in.dunder(std::move(st), v, "__float__", {}, found);
      if (found) return r;
      return one(std::move(r[0].st), Value::floating(std::nullopt));
    }
    default: return one(std::move(st), Value::floating(std::nullopt));
  }
}

Outs t_str(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty()) return one(std::move(st), Value::str(""));
  return in.str_of(std::move(st), a.pos[0]);
}

Outs t_bool(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty()) return one(std::move(st), Value::boolean(false));
  return in.truth(std::move(st), a.pos[0]);
}

Outs t_sequence(Interpreter& in, State&& st, Args& a, OKind kind) {
  if (a.pos.empty()) return one(std::move(st), in.new_list(st, {}, kind));
  std::vector<Value> items;
  bool summary = false;
  std::optional<sym::Expr> length;
  if (!elements(in, st, a.pos[0], items, summary, &length)) {
    if (!st.normal()) return one(std::move(st), Value::none());
    return one(std::move(st), Value::unknown(kind == OKind::List ? "list" : kind == OKind::Tuple ? "tuple" : "set"));
  }
  if (summary) {
    if (kind == OKind::Set) return one(std::move(st), Value::unknown("a set of unknown size"));
    // list(loader): as many elements as the iteration has, each like a representative
    Value v = in.new_summary_list(st, std::move(items), kind);
    if (length) in.set_summary_length(st, v, *length);
    return one(std::move(st), v);
  }
  if (kind == OKind::Set) {
    std::vector<Value> uniq;
    for (auto& v : items) {
      bool dup = false;
      for (auto& u : uniq) dup = dup || same_value(u, v);
      if (!dup) uniq.push_back(v);
    }
    items = std::move(uniq);
  }
  return one(std::move(st), in.new_list(st, std::move(items), kind));
}
Outs t_list(Interpreter& in, State&& st, Args& a) { return t_sequence(in, std::move(st), a, OKind::List); }
Outs t_tuple(Interpreter& in, State&& st, Args& a) { return t_sequence(in, std::move(st), a, OKind::Tuple); }
Outs t_set(Interpreter& in, State&& st, Args& a) { return t_sequence(in, std::move(st), a, OKind::Set); }

Outs t_dict(Interpreter& in, State&& st, Args& a) {
  std::vector<DictEntry> es;
  if (!a.pos.empty()) {
    const Value& src = a.pos[0];
    if (src.is_obj() && (st.heap.get(src.obj).kind == OKind::Dict || is_dict_instance(in, st, src))) {
      es = st.heap.get(src.obj).entries;
    } else {
      std::vector<Value> pairs;
      bool summary = false;
      if (elements(in, st, src, pairs, summary) && !summary) {
        for (const auto& p : pairs)
          if (const auto* kv = in.sequence_of(st, p); kv && kv->size() == 2) es.push_back({(*kv)[0], (*kv)[1]});
      } else {
        return one(std::move(st), Value::unknown("dict"));
      }
    }
  }
  for (auto& [k, v] : a.kw) {
    bool done = false;
    for (auto& e : es)
      if (e.key.const_str() && *e.key.const_str() == k) e.value = v, done = true;
    if (!done) es.push_back({Value::str(k), v});
  }
  return one(std::move(st), in.new_dict(st, std::move(es)));
}

Outs t_range(Interpreter&, State&& st, Args& a) {
  auto as_expr = [](const Value& v) -> std::optional<sym::Expr> {
    if (v.kind == VKind::Int) return v.i;
    if (auto c = v.const_int()) return sym::Expr::constant(*c);
    return std::nullopt;
  };
  std::optional<sym::Expr> start = sym::Expr::constant(0), stop, step = sym::Expr::constant(1);
  if (a.pos.size() == 1) {
    stop = as_expr(a.pos[0]);
  } else if (a.pos.size() >= 2) {
    start = as_expr(a.pos[0]);
    stop = as_expr(a.pos[1]);
    if (a.pos.size() >= 3) step = as_expr(a.pos[2]);
  }
  if (!start || !stop || !step) return one(std::move(st), Value::unknown("range"));
  Object o;
  o.kind = OKind::Range;
  o.start = *start;
  o.stop = *stop;
  o.step = *step;
  return one(std::move(st), Value::object(st.heap.alloc(std::move(o))));
}

Outs t_slice(Interpreter&, State&& st, Args& a) {
  Object o;
  o.kind = OKind::Slice;
  if (a.pos.size() == 1) {
    o.b = a.pos[0];
  } else {
    o.a = arg(a, 0);
    o.b = arg(a, 1);
    o.c = arg(a, 2);
  }
  return one(std::move(st), Value::object(st.heap.alloc(std::move(o))));
}

// The name of the module whose globals the code `depth` frames above the running one uses
// (sys._getframe(depth).f_globals["__name__"]; depth 0 is the code that called the native).
std::optional<std::string> frame_module_name(const State& st, std::int64_t depth) {
  if (depth < 0 || static_cast<std::size_t>(depth) >= st.frames.size()) return std::nullopt;
  const Frame& f = st.frames[st.frames.size() - 1 - static_cast<std::size_t>(depth)];
  if (!f.globals) return std::nullopt;
  const auto& attrs = st.heap.get(f.globals).attrs;
  auto it = attrs.find("__name__");
  if (it == attrs.end() || !it->second.const_str()) return std::nullopt;
  return *it->second.const_str();
}

// type(name, bases, dict): a class made at run time, as a class statement would make it
// (collections.namedtuple, dataclass-like factories, plugin registries).
Outs t_type_new(Interpreter& in, State&& st, Args& a) {
  const Value& name = a.pos[0];
  const Value& bases = a.pos[1];
  const Value& ns = a.pos[2];
  if (name.is_unknown() || bases.is_unknown() || ns.is_unknown()) return one(std::move(st), Value::unknown("type(name, bases, dict)"));
  if (name.kind != VKind::Str)
    return in.raise(std::move(st), "TypeError", "type.__new__() argument 1 must be str, not " + in.type_name(st, name));
  if (!in.heap_kind_is_tuple(st, bases))
    return in.raise(std::move(st), "TypeError", "type.__new__() argument 2 must be tuple, not " + in.type_name(st, bases));
  if (!ns.is_obj() || st.heap.get(ns.obj).kind != OKind::Dict)
    return in.raise(std::move(st), "TypeError", "type.__new__() argument 3 must be dict, not " + in.type_name(st, ns));
  if (!name.s) return one(std::move(st), Value::unknown("type(name, bases, dict)"));
  std::vector<ObjId> base_ids;
  std::vector<std::vector<ObjId>> seqs;
  bool unknown_base = false;
  for (const auto& b : st.heap.get(bases.obj).items) {
    if (b.is_obj() && st.heap.get(b.obj).kind == OKind::Class) {
      if (std::find(base_ids.begin(), base_ids.end(), b.obj) != base_ids.end())
        return in.raise(std::move(st), "TypeError", "duplicate base class " + st.heap.get(b.obj).name);
      base_ids.push_back(b.obj);
      seqs.push_back(st.heap.get(b.obj).mro);
    } else if (b.is_unknown()) {
      unknown_base = true;  // a base class from an unmodelled library
    } else {
      return in.raise(std::move(st), "TypeError", "bases must be types");
    }
  }
  if (base_ids.empty())
    if (ObjId obj = in.builtin_class("object")) {
      base_ids.push_back(obj);
      seqs.push_back(st.heap.get(obj).mro);
    }
  seqs.push_back(base_ids);
  auto merged = c3_merge(seqs);
  if (!merged) {
    std::string names;
    for (ObjId b : base_ids) names += (names.empty() ? "" : ", ") + st.heap.get(b).name;
    return in.raise(std::move(st), "TypeError", "Cannot create a consistent method resolution order (MRO) for bases " + names);
  }
  // the class belongs to the module named by the namespace's __module__, else to the caller's
  std::optional<std::string> module_name;
  std::vector<DictEntry> entries = st.heap.get(ns.obj).entries;
  for (const auto& e : entries)
    if (e.key.const_str() && *e.key.const_str() == "__module__" && e.value.const_str()) module_name = *e.value.const_str();
  if (!module_name) module_name = frame_module_name(st, 0);
  Object cls;
  cls.kind = OKind::Class;
  cls.name = *name.s;
  cls.alloc_site = in.site();
  if (module_name) {
    auto m = st.modules.find(*module_name);
    if (m != st.modules.end()) cls.module = st.heap.get(m->second).module;
    cls.attrs["__module__"] = Value::str(*module_name);
  }
  if (!cls.module && !st.frames.empty()) cls.module = st.frame().module;
  cls.attrs["__qualname__"] = Value::str(*name.s);
  for (const auto& e : entries)
    if (e.key.const_str()) cls.attrs[*e.key.const_str()] = e.value;
  if (unknown_base) cls.attrs["__tenscan_unknown_base__"] = Value::boolean(true);
  ObjId id = st.heap.alloc(std::move(cls));
  std::vector<ObjId> mro{id};
  mro.insert(mro.end(), merged->begin(), merged->end());
  st.heap.mut(id).mro = std::move(mro);
  implicit_static_new(st, id);
  return one(std::move(st), Value::object(id));
}

// type.__new__(mcs, name, bases, ns): from a metaclass's __new__ while a class statement makes
// the class of namespace `ns`, that class (interp/classes.cpp); else type(name, bases, ns)
Outs type_dunder_new(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() < 4) return in.raise(std::move(st), "TypeError", "type.__new__(X): X is not a type object");
  Args rest;
  rest.pos.assign(a.pos.end() - 3, a.pos.end());
  if (rest.pos[2].is_obj())
    if (ObjId cls = in.class_being_made(rest.pos[2].obj)) return one(std::move(st), Value::object(cls));
  // type.__new__(M, name, bases, ns) outside a class statement: a class whose type is M
  const Value& mcs = a.pos[a.pos.size() - 4];
  Outs made = t_type_new(in, std::move(st), rest);
  const bool user_meta = mcs.is_obj() && made[0].st.heap.get(mcs.obj).kind == OKind::Class &&
                         made[0].st.heap.get(mcs.obj).builtin_type < 0;
  for (auto& m : made)
    if (user_meta && m.st.normal() && m.v.is_obj() && m.st.heap.get(m.v.obj).kind == OKind::Class)
      m.st.heap.mut(m.v.obj).attrs[kMetaclassAttr] = mcs;
  return made;
}

// type.__call__(cls, *args, **kwargs): what calling a class does without its metaclass's
// __call__ (a metaclass's super().__call__(...)): __new__, then __init__
Outs type_dunder_call(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty() || !a.pos[0].is_obj() || st.heap.get(a.pos[0].obj).kind != OKind::Class)
    return in.raise(std::move(st), "TypeError", "descriptor '__call__' requires a 'type' object");
  ObjId cls = a.pos[0].obj;
  Args rest = a;
  rest.pos.erase(rest.pos.begin());
  return in.instantiate(std::move(st), cls, std::move(rest), false);
}

// object.__new__(cls, ...): a bare instance (the arguments are __init__'s). Called directly
// or through super(), which may have bound cls as well: the first argument is the class.
Outs object_dunder_new(Interpreter& in, State&& st, Args& a) {
  if (a.pos.empty() || !a.pos[0].is_obj() || st.heap.get(a.pos[0].obj).kind != OKind::Class)
    return in.raise(std::move(st), "TypeError", "object.__new__(X): X is not a type object");
  ObjId cls = a.pos[0].obj;
  if (st.heap.get(cls).builtin_type >= 0) {
    Args none_args;
    return in.instantiate(std::move(st), cls, std::move(none_args), false);
  }
  Value v = in.allocate(st, cls);
  return one(std::move(st), v);
}

// object.__setattr__(self, name, value): the attribute stored, past the class's own
// __setattr__ (how a frozen dataclass's __init__ and a checking __setattr__ store)
Outs object_setattr(Interpreter& in, State&& st, Args& a) {
  if (const std::string* name = arg(a, 1).const_str()) return in.object_setattr(std::move(st), arg(a, 0), *name, arg(a, 2));
  return none(std::move(st));
}

// object.__getattribute__(self, name): the attribute as attribute access finds it (a
// __getattr__ that delegates to another object reads it so: torchvision's WeightsEnum); the
// class's own __getattr__, which object's would not consult, is consulted too.
Outs object_getattribute(Interpreter& in, State&& st, Args& a) {
  if (const std::string* name = arg(a, 1).const_str()) return in.getattr(std::move(st), arg(a, 0), *name);
  return one(std::move(st), Value::unknown("object.__getattribute__(...)"));
}

// object.__init_subclass__(cls): nothing (what super().__init_subclass__() reaches)
Outs object_init_subclass(Interpreter&, State&& st, Args&) { return one(std::move(st), Value::none()); }

Outs t_type(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() == 1 && a.kw.empty()) {
    ObjId c = in.class_of(st, a.pos[0]);
    if (!c) return one(std::move(st), Value::unknown("type"));
    return one(std::move(st), Value::object(c));
  }
  if (a.pos.size() == 3) return t_type_new(in, std::move(st), a);
  return in.raise(std::move(st), "TypeError", "type() takes 1 or 3 arguments");
}

Outs t_object(Interpreter& in, State&& st, Args&) {
  Object o;
  o.kind = OKind::Instance;
  o.cls = in.builtin_class("object");
  return one(std::move(st), Value::object(st.heap.alloc(std::move(o))));
}

Outs wrap_descriptor(State&& st, Args& a, OKind kind) {
  Object o;
  o.kind = kind;
  o.a = arg(a, 0);
  o.b = arg(a, 1);
  return one(std::move(st), Value::object(st.heap.alloc(std::move(o))));
}
Outs t_property(Interpreter&, State&& st, Args& a) { return wrap_descriptor(std::move(st), a, OKind::Property); }

// property.getter(f) / .setter(f): a copy of the property with that accessor (`@x.setter`)
template <bool Setter>
Outs property_with(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj() || st.heap.get(self.obj).kind != OKind::Property)
    return in.raise(std::move(st), "TypeError", "descriptor requires a 'property' object");
  Object copy = st.heap.get(self.obj);
  (Setter ? copy.b : copy.a) = arg(a, 1);
  return one(std::move(st), Value::object(st.heap.alloc(std::move(copy))));
}

// property.deleter(f): the same property (deleting through it is not followed)
Outs property_deleter(Interpreter&, State&& st, Args& a) { return one(std::move(st), arg(a, 0)); }
Outs t_staticmethod(Interpreter&, State&& st, Args& a) { return wrap_descriptor(std::move(st), a, OKind::StaticMethod); }
Outs t_classmethod(Interpreter&, State&& st, Args& a) { return wrap_descriptor(std::move(st), a, OKind::ClassMethod); }

Outs object_init(Interpreter&, State&& st, Args&) { return none(std::move(st)); }

// ---- methods of builtin types ----------------------------------------------------------

Outs list_append(Interpreter&, State&& st, Args& a) {
  if (auto* items = items_of(st, arg(a, 0))) items->push_back(arg(a, 1));
  return none(std::move(st));
}
Outs list_extend(Interpreter& in, State&& st, Args& a) {
  std::vector<Value> more;
  bool summary = false;
  if (!elements(in, st, arg(a, 1), more, summary)) return none(std::move(st));
  if (auto* items = items_of(st, arg(a, 0))) items->insert(items->end(), more.begin(), more.end());
  return none(std::move(st));
}
Outs list_insert(Interpreter&, State&& st, Args& a) {
  auto* items = items_of(st, arg(a, 0));
  auto i = arg(a, 1).const_int();
  if (items && i) {
    auto n = static_cast<std::int64_t>(items->size());
    std::int64_t k = std::clamp<std::int64_t>(*i < 0 ? *i + n : *i, 0, n);
    items->insert(items->begin() + k, arg(a, 2));
  }
  return none(std::move(st));
}
Outs list_pop(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (self.is_obj() && (st.heap.get(self.obj).kind == OKind::Dict || is_dict_instance(in, st, self))) {
    auto& es = st.heap.mut(self.obj).entries;
    for (auto it = es.begin(); it != es.end(); ++it)
      if (same_value(it->key, arg(a, 1))) {
        Value v = it->value;
        es.erase(it);
        return one(std::move(st), v);
      }
    if (a.pos.size() >= 3) return one(std::move(st), a.pos[2]);
    return in.raise(std::move(st), "KeyError", "pop");
  }
  auto* items = items_of(st, self);
  if (!items || items->empty()) return in.raise(std::move(st), "IndexError", "pop from empty list");
  auto n = static_cast<std::int64_t>(items->size());
  std::int64_t k = n - 1;
  if (a.pos.size() >= 2) {
    auto i = a.pos[1].const_int();
    if (!i) return one(std::move(st), Value::unknown("list.pop"));
    k = *i < 0 ? *i + n : *i;
  }
  if (k < 0 || k >= n) return in.raise(std::move(st), "IndexError", "pop index out of range");
  Value v = (*items)[static_cast<std::size_t>(k)];
  items->erase(items->begin() + k);
  return one(std::move(st), v);
}
Outs list_copy(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), self);
  const Object& o = st.heap.get(self.obj);
  if (o.kind == OKind::Dict || is_dict_instance(in, st, self)) return one(std::move(st), in.new_dict(st, o.entries));
  OKind k = o.kind;
  return one(std::move(st), in.new_list(st, o.items, k));
}
Outs list_clear(Interpreter&, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (self.is_obj()) {
    Object& o = st.heap.mut(self.obj);
    o.items.clear();
    o.entries.clear();
  }
  return none(std::move(st));
}
Outs list_reverse(Interpreter&, State&& st, Args& a) {
  if (auto* items = items_of(st, arg(a, 0))) std::reverse(items->begin(), items->end());
  return none(std::move(st));
}
Outs list_sort(Interpreter&, State&& st, Args& a) {
  auto* items = items_of(st, arg(a, 0));
  if (items && !a.get(99, "key") && std::all_of(items->begin(), items->end(), [](const Value& v) { return v.const_int().has_value(); }))
    std::sort(items->begin(), items->end(), [](const Value& x, const Value& y) { return *x.const_int() < *y.const_int(); });
  return none(std::move(st));
}
Outs list_index(Interpreter& in, State&& st, Args& a) {
  if (const auto* items = in.sequence_of(st, arg(a, 0)))
    for (std::size_t i = 0; i < items->size(); ++i)
      if (same_value((*items)[i], arg(a, 1))) return one(std::move(st), Value::integer(static_cast<std::int64_t>(i)));
  return one(std::move(st), Value::unknown("index"));
}
// A value whose equality with another such value is known: a constant int, string, bool or None.
bool known_constant(const Value& v) {
  return v.const_int().has_value() || (v.kind == VKind::Str && v.s) || v.kind == VKind::None || v.kind == VKind::Bool;
}
Outs list_count(Interpreter& in, State&& st, Args& a) {
  std::int64_t n = 0;
  const auto* items = in.sequence_of(st, arg(a, 0));
  if (!items) return one(std::move(st), Value::unknown("count"));
  for (const auto& v : *items) {
    if (same_value(v, arg(a, 1))) ++n;
    else if (!known_constant(v) || !known_constant(arg(a, 1))) return one(std::move(st), Value::unknown("count"));
  }
  return one(std::move(st), Value::integer(n));
}
Outs list_remove(Interpreter& in, State&& st, Args& a) {
  const Value& x = arg(a, 1);
  auto* items = items_of(st, arg(a, 0));
  if (!items || in.summary_items(st, arg(a, 0))) return none(std::move(st));
  for (auto it = items->begin(); it != items->end(); ++it)
    if (same_value(*it, x)) {
      items->erase(it);
      return none(std::move(st));
    }
  if (known_constant(x) && std::all_of(items->begin(), items->end(), known_constant))
    return in.raise(std::move(st), "ValueError", "list.remove(x): x not in list");
  // a value the data decides (`labels.remove(y.item())`): one element fewer, each of the others
  // any of the old values (taken to be there: a ValueError would need the data)
  std::vector<Value> old = *items;
  std::size_t n = old.empty() ? 0 : old.size() - 1;
  std::vector<Value> rest;
  for (std::size_t i = 0; i < n; ++i) rest.push_back(in.join_values(st, old).value_or(Value::unknown("a list element")));
  *items_of(st, arg(a, 0)) = std::move(rest);
  return none(std::move(st));
}
Outs set_add(Interpreter&, State&& st, Args& a) {
  if (auto* items = items_of(st, arg(a, 0))) {
    for (const auto& v : *items)
      if (same_value(v, arg(a, 1))) return none(std::move(st));
    items->push_back(arg(a, 1));
  }
  return none(std::move(st));
}

Outs dict_get(Interpreter&, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  Value def = a.pos.size() >= 3 ? a.pos[2] : Value::none();
  if (!self.is_obj()) return one(std::move(st), Value::unknown("dict.get"));
  for (const auto& e : st.heap.get(self.obj).entries)
    if (same_value(e.key, arg(a, 1))) return one(std::move(st), e.value);
  // an unknown key, or a dict a loop of unknown length filled: the value or the default
  if (arg(a, 1).is_unknown() || st.heap.get(self.obj).summary_iter) return one(std::move(st), Value::unknown("dict value"));
  return one(std::move(st), def);
}
// ---- dict's own operators, for instances of dict subclasses (OrderedDict, defaultdict,
// Counter, a user's `class Registry(dict)`): a plain dict never reaches them (the interpreter
// handles its subscripts, len and iteration directly); an instance keeps its entries in the
// same place a dict does, so dict's methods (get, keys, update, ...) work on it unchanged.

bool is_dict_instance(Interpreter& in, const State& st, const Value& v) {
  return v.is_obj() && st.heap.get(v.obj).kind == OKind::Instance && in.isinstance(st, v, in.builtin_class("dict"));
}

// The entry of `key`, or -1 (-2: the key is unknown and might be any of them).

Outs dict_dunder_getitem(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  const Value& key = arg(a, 1);
  if (!is_dict_instance(in, st, self)) return in.getitem(std::move(st), self, key);
  const auto& es = st.heap.get(self.obj).entries;
  std::ptrdiff_t i = dict_find(es, key);
  if (i >= 0) return one(std::move(st), es[static_cast<std::size_t>(i)].value);
  if (i == -2) return one(std::move(st), Value::unknown("dict value"));
  // dict.__getitem__ asks a subclass's __missing__ (defaultdict, Counter) before KeyError
  bool found = false;
  Args m;
  m.pos.push_back(key);
  Outs r = in.dunder(std::move(st), self, "__missing__", std::move(m), found);
  if (found) return r;
  std::string shown = key.const_str() ? "'" + *key.const_str() + "'" : key.const_int() ? std::to_string(*key.const_int()) : "";
  return in.raise(std::move(r[0].st), "KeyError", shown);
}

Outs dict_dunder_setitem(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!is_dict_instance(in, st, self)) return in.setitem(std::move(st), self, arg(a, 1), arg(a, 2));
  dict_store(st.heap.mut(self.obj).entries, arg(a, 1), arg(a, 2));
  return none(std::move(st));
}

Outs dict_dunder_delitem(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return none(std::move(st));
  auto& es = st.heap.mut(self.obj).entries;
  std::ptrdiff_t i = dict_find(es, arg(a, 1));
  if (i >= 0) es.erase(es.begin() + i);
  else if (i == -1) return in.raise(std::move(st), "KeyError", arg(a, 1).const_str() ? "'" + *arg(a, 1).const_str() + "'" : "");
  return none(std::move(st));
}

Outs dict_dunder_contains(Interpreter&, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), Value::unknown("membership test"));
  std::ptrdiff_t i = dict_find(st.heap.get(self.obj).entries, arg(a, 1));
  if (i == -2) return one(std::move(st), Value::unknown("membership test"));
  return one(std::move(st), Value::boolean(i >= 0));
}

Outs dict_dunder_len(Interpreter&, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), Value::unknown("len(dict)"));
  return one(std::move(st), Value::integer(static_cast<std::int64_t>(st.heap.get(self.obj).entries.size())));
}

Outs dict_dunder_iter(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), Value::unknown("dict keys"));
  std::vector<Value> keys;
  for (const auto& e : st.heap.get(self.obj).entries) keys.push_back(e.key);
  Value l = in.new_list(st, std::move(keys));
  return in.iterate(std::move(st), l);
}

Outs dict_setdefault(Interpreter&, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), Value::unknown("dict.setdefault"));
  for (const auto& e : st.heap.get(self.obj).entries)
    if (same_value(e.key, arg(a, 1))) return one(std::move(st), e.value);
  Value def = a.pos.size() >= 3 ? a.pos[2] : Value::none();
  st.heap.mut(self.obj).entries.push_back({arg(a, 1), def});
  return one(std::move(st), def);
}
Outs dict_view(Interpreter& in, State&& st, Args& a, int which) {
  const Value& self = arg(a, 0);
  if (!self.is_obj()) return one(std::move(st), Value::unknown("dict view"));
  std::vector<Value> items;
  auto entries = st.heap.get(self.obj).entries;
  for (const auto& e : entries) {
    if (which == 0) items.push_back(e.key);
    else if (which == 1) items.push_back(e.value);
    else items.push_back(in.new_tuple(st, {e.key, e.value}));
  }
  if (!st.heap.get(self.obj).summary_iter) return one(std::move(st), in.new_list(st, std::move(items)));
  // the view of a dict a loop of unknown length filled is as long as the dict
  Value view = in.new_summary_list(st, std::move(items));
  in.set_summary_length(st, view, in.summary_length(st, self));
  return one(std::move(st), view);
}
Outs dict_keys(Interpreter& in, State&& st, Args& a) { return dict_view(in, std::move(st), a, 0); }
Outs dict_values(Interpreter& in, State&& st, Args& a) { return dict_view(in, std::move(st), a, 1); }
Outs dict_items(Interpreter& in, State&& st, Args& a) { return dict_view(in, std::move(st), a, 2); }
Outs dict_update(Interpreter& in, State&& st, Args& a) {
  const Value& self = arg(a, 0);
  Args b;
  if (a.pos.size() >= 2) b.pos.push_back(a.pos[1]);
  b.kw = a.kw;
  Outs d = t_dict(in, std::move(st), b);
  State s = std::move(d[0].st);
  if (self.is_obj() && s.heap.get(self.obj).project_keys) {
    // (keys stay known when what is added is known: keywords, or a dict whose keys are)
    const bool known = a.pos.size() < 2 || (a.pos[1].is_obj() && known_keys(s.heap.get(a.pos[1].obj)));
    if (!known) s.heap.mut(self.obj).project_keys = false;
  }
  if (self.is_obj() && d[0].v.is_obj()) {
    auto more = s.heap.get(d[0].v.obj).entries;
    auto& es = s.heap.mut(self.obj).entries;
    for (const auto& e : more) {
      bool done = false;
      for (auto& x : es)
        if (same_value(x.key, e.key)) x.value = e.value, done = true;
      if (!done) es.push_back(e);
    }
  }
  return none(std::move(s));
}

// ---- str methods -------------------------------------------------------------------------
// One row per method: its name, the type of its result when the string (or an argument) is
// not known, and its exact computation on known strings. Exact for ASCII text; a method whose
// answer depends on Unicode classes or code-point offsets gives an unknown result of the
// row's type for non-ASCII text (unless the row says bytes work as well: `bytes_ok`).
enum class StrGives { Str, Bool, Int, List, Tuple };

struct StrCall {
  Interpreter& in;
  State& st;
  Args& a;
  const std::string& s;
  bool unknown = false;  ///< an argument is not known: the result is the row's unknown
  const char* exc = nullptr;  ///< set: the method raises this exception class with `msg`
  std::string msg;

  /// Argument `i` (0 = the first after self) or keyword `kw`; nullptr when absent or None.
  const Value* opt(std::size_t i, std::string_view kw) const {
    const Value* v = a.get(i + 1, kw);
    return v && !v->is_none() ? v : nullptr;
  }
  /// A string argument: `def` when absent; marks the call unknown when not a known string.
  std::string text(std::size_t i, std::string_view kw, std::string def = {}) {
    const Value* v = opt(i, kw);
    if (!v) return def;
    if (const std::string* p = v->const_str()) return *p;
    if (v->kind != VKind::Str && !v->is_unknown()) fail("TypeError", "must be str, not " + type_name(*v));
    unknown = true;
    return def;
  }
  /// An integer argument: `def` when absent; marks the call unknown when not a known int.
  std::int64_t integer(std::size_t i, std::string_view kw, std::int64_t def) {
    const Value* v = opt(i, kw);
    if (!v) return def;
    if (auto c = v->const_int()) return *c;
    if (v->kind != VKind::Int && v->kind != VKind::Bool && !v->is_unknown()) fail("TypeError", "'" + type_name(*v) + "' object cannot be interpreted as an integer");
    unknown = true;
    return def;
  }
  /// The [start, end) window of `s` given by the arguments at `i`, `i + 1`, as a slice.
  std::pair<std::size_t, std::size_t> window(std::size_t i) {
    auto n = static_cast<std::int64_t>(s.size());
    auto clamp = [&](std::int64_t x) { return static_cast<std::size_t>(std::clamp(x < 0 ? x + n : x, std::int64_t{0}, n)); };
    if (windowed(i) && !ascii(s)) unknown = true;
    return {clamp(integer(i, "start", 0)), clamp(integer(i + 1, "end", n))};
  }
  bool windowed(std::size_t i) const { return opt(i, "start") || opt(i + 1, "end"); }
  void fail(const char* cls, std::string m) {
    if (!exc) exc = cls, msg = std::move(m);
  }
  static bool ascii(const std::string& x) {
    return std::all_of(x.begin(), x.end(), [](unsigned char c) { return c < 0x80; });
  }
  static std::string type_name(const Value& v) {
    switch (v.kind) {
      case VKind::Int: return "int";
      case VKind::Bool: return "bool";
      case VKind::Float: return "float";
      case VKind::None: return "NoneType";
      default: return "object";
    }
  }
};

using StrExact = Value (*)(StrCall& c);

struct StrMethod {
  const char* name;
  StrGives gives;
  StrExact exact;
  bool bytes_ok = false;  ///< UTF-8 bytes give the same answer as code points
};

std::string str_case(std::string r, int (*f)(int)) {
  for (char& ch : r) ch = static_cast<char>(f(static_cast<unsigned char>(ch)));
  return r;
}
bool str_all(const std::string& s, int (*f)(int)) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [&](unsigned char ch) { return f(ch) != 0; });
}
const char* const kWhitespace = " \t\n\r\f\v\x1c\x1d\x1e\x1f";

// Python's str.find / rfind / count on the window [b, e).
std::size_t str_find(const std::string& s, const std::string& sub, std::size_t b, std::size_t e, bool reverse) {
  if (b > e || e - b < sub.size()) return std::string::npos;
  std::size_t p = reverse ? s.rfind(sub, e - sub.size()) : s.find(sub, b);
  if (p == std::string::npos || p < b || p + sub.size() > e) return std::string::npos;
  return p;
}
Value str_find_value(StrCall& c, bool reverse, bool raise) {
  std::string sub = c.text(0, "sub");
  auto [b, e] = c.window(1);
  if (!StrCall::ascii(sub) || !StrCall::ascii(c.s)) c.unknown = true;
  std::size_t p = str_find(c.s, sub, b, e, reverse);
  if (p == std::string::npos) {
    if (raise) c.fail("ValueError", "substring not found");
    return Value::integer(-1);
  }
  return Value::integer(static_cast<std::int64_t>(p));
}
Value str_split_value(StrCall& c, bool reverse) {
  const Value* sepv = c.opt(0, "sep");
  std::int64_t maxsplit = c.integer(1, "maxsplit", -1);
  std::string sep = c.text(0, "sep");
  std::vector<std::string> parts;
  const std::string& s = c.s;
  if (sepv && sep.empty() && !c.unknown) {
    c.fail("ValueError", "empty separator");
    return Value::none();
  }
  if (!sepv) {  // runs of whitespace, no empty parts
    std::vector<std::pair<std::size_t, std::size_t>> words;
    for (std::size_t i = 0; i < s.size();) {
      i = s.find_first_not_of(kWhitespace, i);
      if (i == std::string::npos) break;
      std::size_t j = s.find_first_of(kWhitespace, i);
      if (j == std::string::npos) j = s.size();
      words.push_back({i, j});
      i = j;
    }
    auto limit = static_cast<std::size_t>(maxsplit);
    if (maxsplit >= 0 && words.size() > limit + 1) {
      if (!reverse) {
        for (std::size_t k = 0; k < limit; ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
        parts.push_back(s.substr(words[limit].first));  // the rest as is, trailing whitespace too
      } else {
        std::size_t cut = words.size() - limit;
        parts.push_back(s.substr(0, words[cut - 1].second));
        for (std::size_t k = cut; k < words.size(); ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
      }
    } else {
      for (auto [i, j] : words) parts.push_back(s.substr(i, j - i));
    }
  } else if (!reverse) {
    std::size_t i = 0;
    for (std::int64_t k = 0; maxsplit < 0 || k < maxsplit; ++k) {
      std::size_t j = s.find(sep, i);
      if (j == std::string::npos) break;
      parts.push_back(s.substr(i, j - i));
      i = j + sep.size();
    }
    parts.push_back(s.substr(i));
  } else {
    std::size_t e = s.size();
    std::vector<std::string> rev;
    for (std::int64_t k = 0; maxsplit < 0 || k < maxsplit; ++k) {
      if (e < sep.size()) break;
      std::size_t j = s.rfind(sep, e - sep.size());
      if (j == std::string::npos) break;
      rev.push_back(s.substr(j + sep.size(), e - j - sep.size()));
      e = j;
    }
    rev.push_back(s.substr(0, e));
    parts.assign(rev.rbegin(), rev.rend());
  }
  std::vector<Value> vs;
  for (auto& p : parts) vs.push_back(Value::str(std::move(p)));
  return c.in.new_list(c.st, std::move(vs));
}
Value str_partition_value(StrCall& c, bool reverse) {
  std::string sep = c.text(0, "sep");
  if (sep.empty()) {
    if (!c.unknown) c.fail("ValueError", "empty separator");
    return Value::none();
  }
  std::size_t p = reverse ? c.s.rfind(sep) : c.s.find(sep);
  std::vector<Value> vs;
  if (p == std::string::npos)
    vs = reverse ? std::vector<Value>{Value::str(""), Value::str(""), Value::str(c.s)}
                 : std::vector<Value>{Value::str(c.s), Value::str(""), Value::str("")};
  else
    vs = {Value::str(c.s.substr(0, p)), Value::str(sep), Value::str(c.s.substr(p + sep.size()))};
  return c.in.new_tuple(c.st, std::move(vs));
}
Value str_pad_value(StrCall& c, int where) {  // -1 ljust, 0 center, 1 rjust
  std::int64_t width = c.integer(0, "width", 0);
  std::string fill = c.text(1, "fillchar", " ");
  if (fill.size() != 1 && !c.unknown) {
    c.fail("TypeError", "The fill character must be exactly one character long");
    return Value::none();
  }
  auto n = static_cast<std::int64_t>(c.s.size());
  if (width <= n) return Value::str(c.s);
  auto pad = static_cast<std::size_t>(width - n);
  std::size_t left = where < 0 ? 0 : where > 0 ? pad : pad / 2 + (pad & static_cast<std::size_t>(width) & 1);
  return Value::str(std::string(left, fill[0]) + c.s + std::string(pad - left, fill[0]));
}
Value str_strip_value(StrCall& c, bool left, bool right) {
  std::string set = c.text(0, "chars", kWhitespace);
  if (!StrCall::ascii(set)) c.unknown = true;
  std::size_t b = left ? c.s.find_first_not_of(set) : 0;
  if (b == std::string::npos) return Value::str("");
  std::size_t e = right ? c.s.find_last_not_of(set) + 1 : c.s.size();
  return Value::str(c.s.substr(b, e - b));
}
Value str_affix_value(StrCall& c, bool prefix) {  // startswith / endswith: a str or a tuple of str
  const Value* p = c.opt(0, "prefix");
  std::vector<std::string> affixes;
  if (p && p->const_str()) {
    affixes.push_back(*p->const_str());
  } else if (const auto* seq = p && p->is_obj() && c.st.heap.get(p->obj).kind == OKind::Tuple ? c.in.sequence_of(c.st, *p) : nullptr) {
    for (const auto& x : *seq) {
      if (x.const_str()) affixes.push_back(*x.const_str());
      else c.unknown = true;
    }
  } else if (p && (p->kind == VKind::Str || p->is_unknown())) {
    c.unknown = true;
  } else {
    c.fail("TypeError", std::string(prefix ? "startswith" : "endswith") + " first arg must be str or a tuple of str");
    return Value::none();
  }
  auto [b, e] = c.window(1);
  for (const auto& x : affixes) {
    if (e < b || e - b < x.size()) continue;
    if (c.s.compare(prefix ? b : e - x.size(), x.size(), x) == 0) return Value::boolean(true);
  }
  return Value::boolean(false);
}
Value str_replace_value(StrCall& c) {
  std::string old = c.text(0, "old");
  std::string neu = c.text(1, "new");
  std::int64_t count = c.integer(2, "count", -1);
  std::string r;
  std::size_t i = 0;
  std::int64_t done = 0;
  if (old.empty()) {
    if (!StrCall::ascii(c.s)) c.unknown = true;
    for (; i <= c.s.size(); ++i) {
      if (count < 0 || done < count) r += neu, ++done;
      if (i < c.s.size()) r += c.s[i];
    }
    return Value::str(r);
  }
  for (std::size_t j; (count < 0 || done < count) && (j = c.s.find(old, i)) != std::string::npos; ++done) {
    r += c.s.substr(i, j - i) + neu;
    i = j + old.size();
  }
  return Value::str(r + c.s.substr(i));
}
Value str_join_value(StrCall& c) {
  std::vector<Value> parts;
  bool summary = false;
  if (!elements(c.in, c.st, arg(c.a, 1), parts, summary) || summary) {
    c.unknown = true;
    return Value::none();
  }
  std::string r;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (!parts[i].const_str()) {
      if (parts[i].kind != VKind::Str && !parts[i].is_unknown())
        c.fail("TypeError", "sequence item " + std::to_string(i) + ": expected str instance, " + StrCall::type_name(parts[i]) + " found");
      c.unknown = true;
      return Value::none();
    }
    if (i) r += c.s;
    r += *parts[i].const_str();
  }
  return Value::str(r);
}
Value str_splitlines_value(StrCall& c) {
  bool keep = c.integer(0, "keepends", 0) != 0;
  std::vector<Value> vs;
  const std::string& s = c.s;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t j = s.find_first_of("\n\r\v\f\x1c\x1d\x1e", i);
    if (j == std::string::npos) {
      vs.push_back(Value::str(s.substr(i)));
      break;
    }
    std::size_t k = j + (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n' ? 2 : 1);
    vs.push_back(Value::str(s.substr(i, (keep ? k : j) - i)));
    i = k;
  }
  return c.in.new_list(c.st, std::move(vs));
}
Value str_title_value(StrCall& c, bool every_word) {
  std::string r = c.s;
  bool prev_cased = false;
  for (std::size_t i = 0; i < r.size(); ++i) {
    auto ch = static_cast<unsigned char>(r[i]);
    bool start = every_word ? !prev_cased : i == 0;
    r[i] = static_cast<char>(start ? std::toupper(ch) : std::tolower(ch));
    prev_cased = std::isalpha(ch) != 0;
  }
  return Value::str(r);
}
bool str_is_title(const std::string& s) {
  bool cased = false, prev_cased = false;
  for (unsigned char ch : s) {
    if (std::isupper(ch)) {
      if (prev_cased) return false;
      cased = prev_cased = true;
    } else if (std::islower(ch)) {
      if (!prev_cased) return false;
      cased = prev_cased = true;
    } else {
      prev_cased = false;
    }
  }
  return cased;
}
int str_is_ident_char(int ch) { return std::isalnum(ch) || ch == '_'; }

using G = StrGives;
constexpr auto kStrMethods = std::to_array<StrMethod>({
      {"lower", G::Str, [](StrCall& c) { return Value::str(str_case(c.s, ::tolower)); }},
      {"casefold", G::Str, [](StrCall& c) { return Value::str(str_case(c.s, ::tolower)); }},
      {"upper", G::Str, [](StrCall& c) { return Value::str(str_case(c.s, ::toupper)); }},
      {"swapcase", G::Str,
       [](StrCall& c) {
         std::string r = c.s;
         for (char& ch : r) {
           auto u = static_cast<unsigned char>(ch);
           ch = static_cast<char>(std::isupper(u) ? std::tolower(u) : std::toupper(u));
         }
         return Value::str(r);
       }},
      {"title", G::Str, [](StrCall& c) { return str_title_value(c, true); }},
      {"capitalize", G::Str, [](StrCall& c) { return str_title_value(c, false); }},
      {"strip", G::Str, [](StrCall& c) { return str_strip_value(c, true, true); }},
      {"lstrip", G::Str, [](StrCall& c) { return str_strip_value(c, true, false); }},
      {"rstrip", G::Str, [](StrCall& c) { return str_strip_value(c, false, true); }},
      {"removeprefix", G::Str,
       [](StrCall& c) {
         std::string p = c.text(0, "prefix");
         return Value::str(c.s.rfind(p, 0) == 0 ? c.s.substr(p.size()) : c.s);
       },
       true},
      {"removesuffix", G::Str,
       [](StrCall& c) {
         std::string p = c.text(0, "suffix");
         bool ends = !p.empty() && c.s.size() >= p.size() && c.s.compare(c.s.size() - p.size(), p.size(), p) == 0;
         return Value::str(ends ? c.s.substr(0, c.s.size() - p.size()) : c.s);
       },
       true},
      {"replace", G::Str, str_replace_value, true},
      {"zfill", G::Str,
       [](StrCall& c) {
         std::int64_t width = c.integer(0, "width", 0);
         auto n = static_cast<std::int64_t>(c.s.size());
         if (width <= n) return Value::str(c.s);
         std::size_t sign = !c.s.empty() && (c.s[0] == '+' || c.s[0] == '-') ? 1 : 0;
         return Value::str(c.s.substr(0, sign) + std::string(static_cast<std::size_t>(width - n), '0') + c.s.substr(sign));
       }},
      {"ljust", G::Str, [](StrCall& c) { return str_pad_value(c, -1); }},
      {"rjust", G::Str, [](StrCall& c) { return str_pad_value(c, 1); }},
      {"center", G::Str, [](StrCall& c) { return str_pad_value(c, 0); }},
      {"join", G::Str, str_join_value, true},
      {"format", G::Str, [](StrCall& c) { return c.unknown = true, Value::none(); }, true},
      {"split", G::List, [](StrCall& c) { return str_split_value(c, false); }, true},
      {"rsplit", G::List, [](StrCall& c) { return str_split_value(c, true); }, true},
      {"splitlines", G::List, str_splitlines_value, true},
      {"partition", G::Tuple, [](StrCall& c) { return str_partition_value(c, false); }, true},
      {"rpartition", G::Tuple, [](StrCall& c) { return str_partition_value(c, true); }, true},
      {"find", G::Int, [](StrCall& c) { return str_find_value(c, false, false); }, true},
      {"rfind", G::Int, [](StrCall& c) { return str_find_value(c, true, false); }, true},
      {"index", G::Int, [](StrCall& c) { return str_find_value(c, false, true); }, true},
      {"rindex", G::Int, [](StrCall& c) { return str_find_value(c, true, true); }, true},
      {"count", G::Int,
       [](StrCall& c) {
         std::string sub = c.text(0, "sub");
         auto [b, e] = c.window(1);
         if (b > e) return Value::integer(0);
         if (sub.empty()) {
           if (!StrCall::ascii(c.s)) c.unknown = true;
           return Value::integer(static_cast<std::int64_t>(e - b + 1));
         }
         std::int64_t n = 0;
         for (std::size_t p = str_find(c.s, sub, b, e, false); p != std::string::npos; p = str_find(c.s, sub, p + sub.size(), e, false)) ++n;
         return Value::integer(n);
       },
       true},
      {"startswith", G::Bool, [](StrCall& c) { return str_affix_value(c, true); }, true},
      {"endswith", G::Bool, [](StrCall& c) { return str_affix_value(c, false); }, true},
      {"isdigit", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isdigit)); }},
      {"isdecimal", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isdigit)); }},
      {"isnumeric", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isdigit)); }},
      {"isalpha", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isalpha)); }},
      {"isalnum", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isalnum)); }},
      {"isspace", G::Bool, [](StrCall& c) { return Value::boolean(str_all(c.s, ::isspace)); }},
      {"islower", G::Bool,
       [](StrCall& c) {
         bool any = std::any_of(c.s.begin(), c.s.end(), [](unsigned char ch) { return std::islower(ch); });
         return Value::boolean(any && std::none_of(c.s.begin(), c.s.end(), [](unsigned char ch) { return std::isupper(ch); }));
       }},
      {"isupper", G::Bool,
       [](StrCall& c) {
         bool any = std::any_of(c.s.begin(), c.s.end(), [](unsigned char ch) { return std::isupper(ch); });
         return Value::boolean(any && std::none_of(c.s.begin(), c.s.end(), [](unsigned char ch) { return std::islower(ch); }));
       }},
      {"istitle", G::Bool, [](StrCall& c) { return Value::boolean(str_is_title(c.s)); }},
      {"isidentifier", G::Bool,
       [](StrCall& c) {
         return Value::boolean(str_all(c.s, str_is_ident_char) && !std::isdigit(static_cast<unsigned char>(c.s[0])));
       }},
});

Value str_unknown(StrGives g, const std::string& name) {
  switch (g) {
    case StrGives::Str: return Value::unknown_str();
    case StrGives::Bool: return Value::unknown("str test");
    case StrGives::Int: return Value::unknown("str." + name);
    case StrGives::List: return Value::unknown("str." + name);
    case StrGives::Tuple: return Value::unknown("str." + name);
  }
  return Value::unknown_str();
}

template <std::size_t I>
Outs str_native(Interpreter& in, State&& st, Args& a) {
  const StrMethod& m = kStrMethods[I];
  const std::string* self = arg(a, 0).const_str();
  bool non_ascii = false;
  if (self && !m.bytes_ok) {
    non_ascii = !StrCall::ascii(*self);
    for (std::size_t i = 1; i < a.pos.size(); ++i)
      if (a.pos[i].const_str() && !StrCall::ascii(*a.pos[i].const_str())) non_ascii = true;
    for (const auto& kv : a.kw)
      if (kv.second.const_str() && !StrCall::ascii(*kv.second.const_str())) non_ascii = true;
  }
  if (!self || non_ascii) return one(std::move(st), str_unknown(m.gives, m.name));
  StrCall c{in, st, a, *self, false, nullptr, {}};
  Value r = m.exact(c);
  if (c.exc) return in.raise(std::move(st), c.exc, c.msg);
  if (c.unknown) return one(std::move(st), str_unknown(m.gives, m.name));
  return one(std::move(st), std::move(r));
}

template <std::size_t... I>
std::vector<std::pair<const char*, NativeFn>> str_natives(std::index_sequence<I...>) {
  return {{kStrMethods[I].name, &str_native<I>}...};
}
// the str type's methods, one native per row of kStrMethods
std::vector<std::pair<const char*, NativeFn>> str_method_natives() {
  return str_natives(std::make_index_sequence<kStrMethods.size()>());
}

// x.item() of a number: NumPy's scalars (arr.sum(), np.float32(0.5), np.finfo(t).eps) are
// modelled as Python numbers, and their item() is the number itself. A Python float has no
// item(), so the model misses that AttributeError on a plain float.
Outs number_item(Interpreter&, State&& st, Args& a) { return one(std::move(st), arg(a, 0)); }

struct TypeSpec {
  const char* name;
  NativeFn ctor;
  std::vector<std::pair<const char*, NativeFn>> methods;
};

const std::vector<TypeSpec>& type_specs() {
  static const std::vector<TypeSpec> specs = {
      {"object", t_object,
       {{"__init__", object_init}, {"__new__", object_dunder_new}, {"__init_subclass__", object_init_subclass},
        {"__setattr__", object_setattr}, {"__getattribute__", object_getattribute}}},
      {"type", t_type, {{"__new__", type_dunder_new}, {"__call__", type_dunder_call}}},
      {"int", t_int, {{"item", number_item}}},
      {"bool", t_bool, {{"item", number_item}}},
      {"float", t_float, {{"item", number_item}}},
      {"str", t_str, str_method_natives()},
      {"list", t_list, {{"append", list_append}, {"extend", list_extend}, {"insert", list_insert}, {"pop", list_pop},
                        {"copy", list_copy}, {"clear", list_clear}, {"reverse", list_reverse}, {"sort", list_sort},
                        {"index", list_index}, {"count", list_count}, {"remove", list_remove}}},
      {"tuple", t_tuple, {{"index", list_index}, {"count", list_count}}},
      {"set", t_set, {{"add", set_add}, {"update", list_extend}, {"copy", list_copy}, {"clear", list_clear}}},
      {"dict", t_dict, {{"get", dict_get}, {"keys", dict_keys}, {"values", dict_values}, {"items", dict_items},
                        {"update", dict_update}, {"pop", list_pop}, {"setdefault", dict_setdefault},
                        {"copy", list_copy}, {"clear", list_clear}, {"__getitem__", dict_dunder_getitem},
                        {"__setitem__", dict_dunder_setitem}, {"__delitem__", dict_dunder_delitem},
                        {"__contains__", dict_dunder_contains}, {"__len__", dict_dunder_len},
                        {"__iter__", dict_dunder_iter}}},
      {"range", t_range, {}},
      {"slice", t_slice, {}},
      {"property", t_property,
       {{"getter", property_with<false>}, {"setter", property_with<true>}, {"deleter", property_deleter}}},
      {"staticmethod", t_staticmethod, {}},
      {"classmethod", t_classmethod, {}},
      {"NoneType", nullptr, {}},
      {"function", nullptr, {}},
      {"module", nullptr, {}},
      {"iterator", nullptr, {}},
      {"ellipsis", nullptr, {}},
  };
  return specs;
}

const std::vector<std::pair<const char*, NativeFn>>& function_specs() {
  static const std::vector<std::pair<const char*, NativeFn>> fns = {
      {"len", b_len},         {"print", b_print},     {"isinstance", b_isinstance}, {"issubclass", b_issubclass},
      {"hasattr", b_hasattr}, {"getattr", b_getattr}, {"setattr", b_setattr}, {"delattr", b_delattr},       {"callable", b_callable},
      {"iter", b_iter},       {"next", b_next},       {"super", b_super},           {"vars", b_vars},
      {"id", b_id},           {"max", b_max},               {"min", b_min},
      {"abs", b_abs},         {"round", b_round},     {"repr", b_repr},             {"hash", b_hash},
      {"globals", b_globals}, {"tenscan_reveal", b_reveal},
  };
  return fns;
}

}  // namespace

void register_builtins(Interpreter& in) {
  for (const auto& t : type_specs()) {
    if (t.ctor) in.add_native(std::string(t.name) + "()", t.ctor);
    for (const auto& [m, fn] : t.methods) in.add_native(std::string(t.name) + "." + m, fn);
  }
  for (const auto& [n, fn] : function_specs()) in.add_native(n, fn);
  for (const auto& [n, fn] : pattern_natives()) in.add_native(n, fn);
  in.add_native("_tenscan.frame_module", p_frame_module);
}

void Interpreter::init_builtins(State& st) {
  Object bm;
  bm.kind = OKind::Module;
  bm.name = "builtins";
  builtins_module_ = st.heap.alloc(std::move(bm));
  st.modules["builtins"] = builtins_module_;
  // builtin types
  ObjId object_cls = kNoObj;
  int tag = 0;
  for (const auto& t : type_specs()) {
    Object c;
    c.kind = OKind::Class;
    c.name = t.name;
    c.builtin_type = tag++;
    ObjId id = st.heap.alloc(std::move(c));
    std::vector<ObjId> mro{id};
    if (std::string(t.name) == "bool") mro.push_back(builtin_class("int"));
    if (object_cls) mro.push_back(object_cls);
    if (!object_cls) object_cls = id;
    st.heap.mut(id).mro = mro;
    for (const auto& [m, fn] : t.methods) {
      (void)fn;
      Object b;
      b.kind = OKind::Builtin;
      b.builtin.name = std::string(t.name) + "." + m;
      b.builtin.id = native_id(b.builtin.name);
      st.heap.mut(id).attrs[m] = Value::object(st.heap.alloc(std::move(b)));
    }
    builtin_classes_[t.name] = id;
    st.heap.mut(builtins_module_).attrs[t.name] = Value::object(id);
  }
  for (const auto& [n, fn] : function_specs()) {
    (void)fn;
    st.heap.mut(builtins_module_).attrs[n] = native_value(st, n);
  }
  for (const auto& [n, fn] : pattern_natives()) {
    (void)fn;
    st.heap.mut(builtins_module_).attrs[n] = native_value(st, n);
  }
  st.heap.mut(builtins_module_).attrs["Ellipsis"] = Value::unknown("Ellipsis");
  st.heap.mut(builtins_module_).attrs["NotImplemented"] = Value::unknown("NotImplemented");
  st.heap.mut(builtins_module_).attrs["__debug__"] = Value::boolean(true);
  // the _tenscan primitive module: one Builtin per registered primitive
  Object pm;
  pm.kind = OKind::Module;
  pm.name = "_tenscan";
  ObjId prim = st.heap.alloc(std::move(pm));
  st.modules["_tenscan"] = prim;
  for (std::size_t i = 0; i < natives_.size(); ++i) {
    const std::string& n = natives_[i].name;
    if (n.rfind("_tenscan.", 0) != 0) continue;
    st.heap.mut(prim).attrs[n.substr(9)] = native_value(st, n);
  }
  // the Python part of builtins
  const ir::Module* m = nullptr;
  for (const auto& stub : models::embedded_stubs())
    if (stub.path == "builtins.py") m = load_stub(stub, "builtins");
  if (m && m->top) {
    States states = run_module_body(std::move(st), m, builtins_module_);
    st = std::move(states.front());
    st.flow = Flow::Normal;
  }
  // every class the builtins stub defined (exceptions) is a builtin class too
  for (const auto& [k, v] : st.heap.get(builtins_module_).attrs)
    if (v.is_obj() && st.heap.get(v.obj).kind == OKind::Class && !builtin_classes_.count(k)) builtin_classes_[k] = v.obj;
}

}  // namespace tenscan::interp
