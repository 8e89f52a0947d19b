// Python's builtins that need the interpreter's internals (types, len, isinstance, getattr,
// super, iter/next, min/max over symbolic ints, methods of list/dict/str/...). The rest of
// builtins (exceptions, enumerate, zip, sorted, ...) is Python in models/stubs/builtins.py.
#include <algorithm>
#include <cmath>

#include "interp/interpreter.h"
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

// Collects the elements of an iterable (concrete sequences only; unknown otherwise).
bool elements(Interpreter& in, State& st, const Value& v, std::vector<Value>& out, bool& summary) {
  Outs it = in.iterate(std::move(st), v);
  st = std::move(it[0].st);
  summary = false;
  if (!st.normal()) return false;
  if (!it[0].v.is_obj()) return false;
  const Object& o = st.heap.get(it[0].v.obj);
  out = o.items;
  summary = o.summary_iter;
  return true;
}

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
    return in.isinstance(st, v, cls.obj) ? 1 : 0;
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
  if (!c.is_obj() || !base.is_obj()) return one(std::move(st), Value::unknown("issubclass"));
  const auto& mro = st.heap.get(c.obj).mro;
  bool r = std::find(mro.begin(), mro.end(), base.obj) != mro.end() || base.obj == in.builtin_class("object");
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
  if (const std::string* name = arg(a, 1).const_str()) in.setattr(st, arg(a, 0), *name, arg(a, 2));
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

Outs b_vars(Interpreter& in, State&& st, Args& a) { return in.getattr(std::move(st), arg(a, 0), "__dict__"); }

Outs b_id(Interpreter&, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_obj()) return one(std::move(st), Value::integer(static_cast<std::int64_t>(v.obj)));
  return one(std::move(st), Value::unknown("id"));
}

Outs b_open(Interpreter& in, State&& st, Args&) {
  in.record_unmodelled("open");
  return one(std::move(st), Value::unknown("open()"));
}

Outs b_reveal(Interpreter& in, State&& st, Args& a) {
  st.reveals.push_back({in.site(), in.show(st, arg(a, 0))});
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
  if (v.kind == VKind::Float) return one(std::move(st), Value::floating(v.f ? std::optional<double>(std::fabs(*v.f)) : std::nullopt));
  return in.call(std::move(st), Value::unknown("abs"), {});
}

Outs b_round(Interpreter&, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (a.pos.size() >= 2 && !a.pos[1].is_none()) return one(std::move(st), v.kind == VKind::Float ? v : Value::floating(std::nullopt));
  if (v.kind == VKind::Int) return one(std::move(st), v);
  if (v.kind == VKind::Float && v.f) return one(std::move(st), Value::integer(static_cast<std::int64_t>(std::nearbyint(*v.f))));
  return one(std::move(st), Value::unknown("round"));
}

Outs b_repr(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.kind == VKind::Str) return one(std::move(st), v.s ? Value::str("'" + *v.s + "'") : Value::unknown_str());
  return in.str_of(std::move(st), v);
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
      if (v.f && std::isfinite(*v.f)) return one(std::move(st), Value::integer(static_cast<std::int64_t>(std::trunc(*v.f))));
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
      if (auto c = v.const_int()) return one(std::move(st), Value::floating(static_cast<double>(*c)));
      return one(std::move(st), Value::floating(std::nullopt));
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
  if (!elements(in, st, a.pos[0], items, summary)) {
    if (!st.normal()) return one(std::move(st), Value::none());
    return one(std::move(st), Value::unknown(kind == OKind::List ? "list" : kind == OKind::Tuple ? "tuple" : "set"));
  }
  if (summary) {
    if (kind == OKind::Set) return one(std::move(st), Value::unknown("a set of unknown size"));
    // list(loader): as many elements as the iteration has, each like a representative
    Value v = in.new_list(st, std::move(items), kind);
    st.heap.mut(v.obj).summary_iter = true;
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
    if (src.is_obj() && st.heap.get(src.obj).kind == OKind::Dict) {
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

Outs t_type(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() == 1) {
    ObjId c = in.class_of(st, a.pos[0]);
    if (!c) return one(std::move(st), Value::unknown("type"));
    return one(std::move(st), Value::object(c));
  }
  return one(std::move(st), Value::unknown("type(name, bases, dict)"));
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
  if (self.is_obj() && st.heap.get(self.obj).kind == OKind::Dict) {
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
  if (o.kind == OKind::Dict) return one(std::move(st), in.new_dict(st, o.entries));
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
Outs list_count(Interpreter& in, State&& st, Args& a) {
  std::int64_t n = 0;
  if (const auto* items = in.sequence_of(st, arg(a, 0)))
    for (const auto& v : *items) n += same_value(v, arg(a, 1));
  return one(std::move(st), Value::integer(n));
}
Outs list_remove(Interpreter&, State&& st, Args& a) {
  if (auto* items = items_of(st, arg(a, 0)))
    for (auto it = items->begin(); it != items->end(); ++it)
      if (same_value(*it, arg(a, 1))) {
        items->erase(it);
        break;
      }
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
  if (arg(a, 1).is_unknown()) return one(std::move(st), Value::unknown("dict value"));
  return one(std::move(st), def);
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
  return one(std::move(st), in.new_list(st, std::move(items)));
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

// strings: exact for concrete strings, unknown otherwise
Outs str_method(Interpreter& in, State&& st, Args& a, const char* name) {
  const Value& self = arg(a, 0);
  std::string n = name;
  if (!self.s) {
    if (n == "split") return one(std::move(st), Value::unknown("str.split"));
    if (n == "startswith" || n == "endswith" || n == "isdigit") return one(std::move(st), Value::unknown("str test"));
    return one(std::move(st), Value::unknown_str());
  }
  const std::string& s = *self.s;
  auto strip_set = [&](std::size_t i) {
    return a.pos.size() > i && a.pos[i].s ? *a.pos[i].s : std::string(" \t\n\r\f\v");
  };
  if (n == "lower" || n == "upper") {
    std::string r = s;
    std::transform(r.begin(), r.end(), r.begin(), [&](unsigned char c) { return n == "lower" ? std::tolower(c) : std::toupper(c); });
    return one(std::move(st), Value::str(r));
  }
  if (n == "strip" || n == "lstrip" || n == "rstrip") {
    std::string set = strip_set(1);
    std::size_t b = n == "rstrip" ? 0 : s.find_first_not_of(set);
    std::size_t e = n == "lstrip" ? s.size() : s.find_last_not_of(set);
    if (b == std::string::npos) return one(std::move(st), Value::str(""));
    if (n != "lstrip") e = e == std::string::npos ? 0 : e + 1;
    return one(std::move(st), Value::str(s.substr(b, e > b ? e - b : 0)));
  }
  if (n == "startswith" || n == "endswith") {
    const Value& p = arg(a, 1);
    if (!p.s) return one(std::move(st), Value::unknown("str test"));
    bool r = n == "startswith" ? s.rfind(*p.s, 0) == 0
                               : s.size() >= p.s->size() && s.compare(s.size() - p.s->size(), p.s->size(), *p.s) == 0;
    return one(std::move(st), Value::boolean(r));
  }
  if (n == "replace") {
    const Value& x = arg(a, 1);
    const Value& y = arg(a, 2);
    if (!x.s || !y.s || x.s->empty()) return one(std::move(st), Value::unknown_str());
    std::string r = s;
    for (std::size_t p = r.find(*x.s); p != std::string::npos; p = r.find(*x.s, p + y.s->size())) r.replace(p, x.s->size(), *y.s);
    return one(std::move(st), Value::str(r));
  }
  if (n == "split") {
    std::vector<Value> parts;
    const Value& sep = arg(a, 1);
    if (sep.is_none()) {
      std::size_t i = 0;
      while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        std::size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) parts.push_back(Value::str(s.substr(i, j - i)));
        i = j;
      }
    } else if (sep.s && !sep.s->empty()) {
      std::size_t i = 0;
      while (true) {
        std::size_t j = s.find(*sep.s, i);
        parts.push_back(Value::str(s.substr(i, j == std::string::npos ? std::string::npos : j - i)));
        if (j == std::string::npos) break;
        i = j + sep.s->size();
      }
    } else {
      return one(std::move(st), Value::unknown("str.split"));
    }
    return one(std::move(st), in.new_list(st, std::move(parts)));
  }
  if (n == "join") {
    std::vector<Value> parts;
    bool summary = false;
    if (!elements(in, st, arg(a, 1), parts, summary) || summary) return one(std::move(st), Value::unknown_str());
    std::string r;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (!parts[i].s) return one(std::move(st), Value::unknown_str());
      if (i) r += s;
      r += *parts[i].s;
    }
    return one(std::move(st), Value::str(r));
  }
  if (n == "isdigit") {
    bool r = !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
    return one(std::move(st), Value::boolean(r));
  }
  return one(std::move(st), Value::unknown_str());  // format and friends
}
Outs str_lower(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "lower"); }
Outs str_upper(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "upper"); }
Outs str_strip(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "strip"); }
Outs str_lstrip(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "lstrip"); }
Outs str_rstrip(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "rstrip"); }
Outs str_startswith(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "startswith"); }
Outs str_endswith(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "endswith"); }
Outs str_replace(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "replace"); }
Outs str_split(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "split"); }
Outs str_join(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "join"); }
Outs str_isdigit(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "isdigit"); }
Outs str_format(Interpreter& in, State&& st, Args& a) { return str_method(in, std::move(st), a, "format"); }

struct TypeSpec {
  const char* name;
  NativeFn ctor;
  std::vector<std::pair<const char*, NativeFn>> methods;
};

const std::vector<TypeSpec>& type_specs() {
  static const std::vector<TypeSpec> specs = {
      {"object", t_object, {{"__init__", object_init}}},
      {"type", t_type, {}},
      {"int", t_int, {}},
      {"bool", t_bool, {}},
      {"float", t_float, {}},
      {"str", t_str, {{"lower", str_lower}, {"upper", str_upper}, {"strip", str_strip}, {"lstrip", str_lstrip},
                      {"rstrip", str_rstrip}, {"startswith", str_startswith}, {"endswith", str_endswith},
                      {"replace", str_replace}, {"split", str_split}, {"join", str_join}, {"isdigit", str_isdigit},
                      {"format", str_format}}},
      {"list", t_list, {{"append", list_append}, {"extend", list_extend}, {"insert", list_insert}, {"pop", list_pop},
                        {"copy", list_copy}, {"clear", list_clear}, {"reverse", list_reverse}, {"sort", list_sort},
                        {"index", list_index}, {"count", list_count}, {"remove", list_remove}}},
      {"tuple", t_tuple, {{"index", list_index}, {"count", list_count}}},
      {"set", t_set, {{"add", set_add}, {"update", list_extend}, {"copy", list_copy}, {"clear", list_clear}}},
      {"dict", t_dict, {{"get", dict_get}, {"keys", dict_keys}, {"values", dict_values}, {"items", dict_items},
                        {"update", dict_update}, {"pop", list_pop}, {"setdefault", dict_setdefault},
                        {"copy", list_copy}, {"clear", list_clear}}},
      {"range", t_range, {}},
      {"slice", t_slice, {}},
      {"property", t_property, {}},
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
      {"hasattr", b_hasattr}, {"getattr", b_getattr}, {"setattr", b_setattr},       {"callable", b_callable},
      {"iter", b_iter},       {"next", b_next},       {"super", b_super},           {"vars", b_vars},
      {"id", b_id},           {"open", b_open},       {"max", b_max},               {"min", b_min},
      {"abs", b_abs},         {"round", b_round},     {"repr", b_repr},             {"hash", b_hash},
      {"tenscan_reveal", b_reveal},
  };
  return fns;
}

}  // namespace

void register_builtins(Interpreter& in) {
  for (const auto& t : type_specs()) {
    if (t.ctor) in.add_native(std::string(t.name) + ".__call__", t.ctor);
    for (const auto& [m, fn] : t.methods) in.add_native(std::string(t.name) + "." + m, fn);
  }
  for (const auto& [n, fn] : function_specs()) in.add_native(n, fn);
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
