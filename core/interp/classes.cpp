// The class-creation protocol after a class body has run: a metaclass's __new__ and __init__
// (class registries: `REGISTRY[name] = cls` in the metaclass) and the nearest base's
// __init_subclass__ (plugin registries). tenscan builds the class itself (make_class); the
// metaclass's `super().__new__(mcs, name, bases, ns)` (type.__new__) returns that class.
#include "interp/interpreter.h"

namespace tenscan::interp {

std::optional<Value> user_function(const State& st, const std::optional<Value>& v) {
  if (!v || !v->is_obj()) return std::nullopt;
  const Object& o = st.heap.get(v->obj);
  if (o.kind == OKind::Function) return v;
  if ((o.kind == OKind::StaticMethod || o.kind == OKind::ClassMethod) && o.a.is_obj() &&
      st.heap.get(o.a.obj).kind == OKind::Function)
    return o.a;
  return std::nullopt;
}

void implicit_static_new(State& st, ObjId cls) {
  auto& attrs = st.heap.mut(cls).attrs;
  auto it = attrs.find("__new__");
  if (it == attrs.end() || !it->second.is_obj() || st.heap.get(it->second.obj).kind != OKind::Function) return;
  Object wrapper;
  wrapper.kind = OKind::StaticMethod;
  wrapper.a = it->second;
  Value w = Value::object(st.heap.alloc(std::move(wrapper)));
  st.heap.mut(cls).attrs["__new__"] = w;
}

Outs Interpreter::finish_class(State&& st, ObjId cls, const std::vector<Value>& bases, Value metaclass,
                               const std::vector<std::pair<std::string, Value>>& keywords) {
  implicit_static_new(st, cls);
  // the metaclass: the statement's, else the first base's (classes made by one keep it)
  if (!metaclass.is_obj()) {
    for (const Value& b : bases) {
      if (!b.is_obj() || st.heap.get(b.obj).kind != OKind::Class) continue;
      auto it = st.heap.get(b.obj).attrs.find(kMetaclassAttr);
      if (it != st.heap.get(b.obj).attrs.end()) {
        metaclass = it->second;
        break;
      }
    }
  }
  // runs a hook on every outcome that made a class: the hook `find` names in that outcome's
  // state, called with `args_of(cls)`; each result's value stays the class
  auto run_hook = [&](Outs outs, auto find, auto args_of) {
    Outs res;
    for (auto& o : outs) {
      std::optional<Value> fn;
      if (o.st.normal() && o.v.is_obj() && o.st.heap.get(o.v.obj).kind == OKind::Class) fn = find(o.st, o.v);
      if (!fn) {
        res.push_back(std::move(o));
        continue;
      }
      const Value made_cls = o.v;
      for (auto& r : call(std::move(o.st), *fn, args_of(made_cls))) {
        r.v = made_cls;
        res.push_back(std::move(r));
      }
    }
    return res;
  };
  Outs made;
  const bool user_meta = metaclass.is_obj() && st.heap.get(metaclass.obj).kind == OKind::Class &&
                         st.heap.get(metaclass.obj).builtin_type < 0;
  if (!user_meta) {
    made = one(std::move(st), Value::object(cls));
  } else {
    st.heap.mut(cls).attrs[kMetaclassAttr] = metaclass;
    // M.__new__(M, name, bases, ns), then M.__init__(cls, name, bases, ns), as type.__call__
    std::vector<DictEntry> entries;
    for (const auto& [k, v] : st.heap.get(cls).attrs)
      if (k != kMetaclassAttr) entries.push_back({Value::str(k), v});
    Value ns = new_dict(st, std::move(entries));
    Value name = Value::str(st.heap.get(cls).name);
    Value base_tuple = new_tuple(st, bases);
    auto new_fn = user_function(st, class_lookup(st, metaclass.obj, "__new__"));
    if (new_fn) {
      classes_being_made_[ns.obj] = cls;
      Args args;
      args.pos = {metaclass, name, base_tuple, ns};
      made = call(std::move(st), *new_fn, std::move(args));
      classes_being_made_.erase(ns.obj);
    } else {
      made = one(std::move(st), Value::object(cls));
    }
    made = run_hook(
        std::move(made),
        [&](const State& s, const Value&) { return user_function(s, class_lookup(s, metaclass.obj, "__init__")); },
        [&](const Value& c) {
          Args args;
          args.pos = {c, name, base_tuple, ns};
          return args;
        });
  }
  // __set_name__(owner, name) of each attribute whose type defines it (a descriptor learning
  // its name), as type.__new__ calls them, before __init_subclass__
  Outs named;
  for (auto& o : made) {
    if (!o.st.normal() || !o.v.is_obj() || o.st.heap.get(o.v.obj).kind != OKind::Class) {
      named.push_back(std::move(o));
      continue;
    }
    const Value made_cls = o.v;
    std::vector<std::pair<std::string, Value>> attrs;
    for (const auto& [k, v] : o.st.heap.get(made_cls.obj).attrs)
      if (v.is_obj() && o.st.heap.get(v.obj).kind == OKind::Instance) attrs.emplace_back(k, v);
    Outs cur;
    cur.push_back(std::move(o));
    for (const auto& [name, attr] : attrs) {
      Outs next;
      for (auto& c : cur) {
        std::optional<Value> hook;
        if (c.st.normal()) hook = user_function(c.st, class_lookup(c.st, c.st.heap.get(attr.obj).cls, "__set_name__"));
        if (!hook) {
          next.push_back(std::move(c));
          continue;
        }
        Args args;
        args.pos = {attr, made_cls, Value::str(name)};
        for (auto& r : call(std::move(c.st), *hook, std::move(args))) {
          r.v = made_cls;
          next.push_back(std::move(r));
        }
      }
      cur = std::move(next);
    }
    append(named, std::move(cur));
  }
  made = std::move(named);
  // __init_subclass__ of the nearest base that defines it (an implicit classmethod)
  Outs res = run_hook(
      std::move(made),
      [&](const State& s, const Value& c) {
        std::optional<Value> hook;
        const auto& mro = s.heap.get(c.obj).mro;
        for (std::size_t i = 1; i < mro.size() && !hook; ++i) {
          const auto& attrs = s.heap.get(mro[i]).attrs;
          if (auto it = attrs.find("__init_subclass__"); it != attrs.end()) hook = user_function(s, it->second);
        }
        return hook;
      },
      [&](const Value& c) {
        Args args;
        args.pos = {c};
        for (const auto& [k, v] : keywords) args.kw.emplace_back(k, v);
        return args;
      });
  return res;
}

}  // namespace tenscan::interp
