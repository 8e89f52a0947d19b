// The tests of the match statement's patterns that are not plain Python expressions, as
// natives under reserved builtin names (core/python/lower_match.cpp emits calls of them):
// whether the subject is a sequence or a mapping as PEP 634 defines them, its length, and a
// class pattern's isinstance test with the attributes its sub-patterns match against.
#include "interp/patterns.h"

#include <algorithm>

#include "interp/interpreter.h"

namespace tenscan::interp {
namespace {

const Value& arg(const Args& a, std::size_t i) {
  static const Value none = Value::none();
  return i < a.pos.size() ? a.pos[i] : none;
}

bool derives_from(Interpreter& in, const State& st, const Value& v, std::initializer_list<const char*> types) {
  ObjId c = in.class_of(st, v);
  if (!c) return false;
  const auto& mro = st.heap.get(c).mro;
  return std::any_of(types.begin(), types.end(), [&](const char* t) {
    return std::find(mro.begin(), mro.end(), in.builtin_class(t)) != mro.end();
  });
}

// collections.abc.Sequence, not str/bytes: list, tuple (namedtuples, torch.Size), range
Outs match_sequence(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_unknown()) return one(std::move(st), Value::unknown("whether the subject is a sequence"));
  return one(std::move(st), Value::boolean(v.is_obj() && derives_from(in, st, v, {"list", "tuple", "range"})));
}

// collections.abc.Mapping: dict and its subclasses
Outs match_mapping(Interpreter& in, State&& st, Args& a) {
  const Value& v = arg(a, 0);
  if (v.is_unknown()) return one(std::move(st), Value::unknown("whether the subject is a mapping"));
  return one(std::move(st), Value::boolean(v.is_obj() && derives_from(in, st, v, {"dict"})));
}

Outs match_len(Interpreter& in, State&& st, Args& a) { return in.len(std::move(st), arg(a, 0)); }

// __tenscan_match_class__(subject, cls, n_positional, keyword_names): None when the subject
// is not an instance of cls or lacks an attribute a sub-pattern names; else the tuple of the
// values the positional sub-patterns (through cls.__match_args__) and the keyword ones match.
Outs match_class(Interpreter& in, State&& st, Args& a) {
  const Value& subject = arg(a, 0);
  const Value& cls = arg(a, 1);
  const auto npos = static_cast<std::size_t>(arg(a, 2).const_int().value_or(0));
  if (cls.is_unknown() || subject.is_unknown()) return one(std::move(st), Value::unknown("a class pattern's match"));
  if (!cls.is_obj() || st.heap.get(cls.obj).kind != OKind::Class)
    return in.raise(std::move(st), "TypeError", "called match pattern must be a class");
  const std::string cls_name = st.heap.get(cls.obj).name;
  if (!in.isinstance(st, subject, cls.obj)) return one(std::move(st), Value::none());
  std::vector<std::string> names;
  // bool(), int(), str(), list() ... with one positional sub-pattern match the subject itself
  static const char* self_matching[] = {"bool", "bytearray", "bytes", "dict", "float", "frozenset",
                                        "int", "list", "set", "str", "tuple"};
  bool self_match = st.heap.get(cls.obj).builtin_type >= 0 &&
                    std::any_of(std::begin(self_matching), std::end(self_matching),
                                [&](const char* t) { return cls_name == t; });
  if (npos > 0 && !self_match) {
    auto match_args = in.class_lookup(st, cls.obj, "__match_args__");
    std::vector<Value> items;
    if (match_args && match_args->is_obj() && st.heap.get(match_args->obj).kind == OKind::Tuple)
      items = st.heap.get(match_args->obj).items;
    else if (match_args && !match_args->is_unknown())
      return in.raise(std::move(st), "TypeError", cls_name + ".__match_args__ must be a tuple (got " +
                                                      in.type_name(st, *match_args) + ")");
    else if (match_args)
      return one(std::move(st), Value::unknown("a class pattern's match"));
    if (npos > items.size())
      return in.raise(std::move(st), "TypeError", cls_name + "() accepts " + std::to_string(items.size()) +
                                                      " positional sub-pattern" + (items.size() == 1 ? "" : "s") +
                                                      " (" + std::to_string(npos) + " given)");
    for (std::size_t i = 0; i < npos; ++i) {
      const std::string* n = items[i].const_str();
      if (!n) return one(std::move(st), Value::unknown("a class pattern's match"));
      names.push_back(*n);
    }
  } else if (npos > 1) {
    return in.raise(std::move(st), "TypeError", cls_name + "() accepts 1 positional sub-pattern (" +
                                                    std::to_string(npos) + " given)");
  }
  const Value& kw = arg(a, 3);
  if (kw.is_obj() && st.heap.get(kw.obj).kind == OKind::Tuple)
    for (const Value& k : st.heap.get(kw.obj).items)
      if (const std::string* n = k.const_str()) names.push_back(*n);
  // the attributes, one after another, on every outcome of the lookups
  struct Partial {
    State st;
    std::vector<Value> got;
  };
  std::vector<Partial> work;
  work.push_back({std::move(st), {}});
  if (self_match && npos == 1) work.back().got.push_back(subject);
  Outs res;
  while (!work.empty()) {
    Partial p = std::move(work.back());
    work.pop_back();
    std::size_t next = p.got.size() - (self_match && npos == 1 ? 1 : 0);
    if (next == names.size()) {
      Value t = in.new_tuple(p.st, p.got);
      res.emplace_back(std::move(p.st), t);
      continue;
    }
    bool found = false;
    Outs r = in.getattr_opt(std::move(p.st), subject, names[next], found);
    for (auto& o : r) {
      if (!o.st.normal()) {
        res.push_back(std::move(o));
      } else if (!found) {
        res.emplace_back(std::move(o.st), Value::none());  // a missing attribute: no match
      } else {
        std::vector<Value> got = p.got;
        got.push_back(o.v);
        work.push_back({std::move(o.st), std::move(got)});
      }
    }
  }
  return res;
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& pattern_natives() {
  static const std::vector<std::pair<const char*, NativeFn>> natives = {
      {"__tenscan_match_sequence__", match_sequence},
      {"__tenscan_match_mapping__", match_mapping},
      {"__tenscan_match_len__", match_len},
      {"__tenscan_match_class__", match_class},
  };
  return natives;
}

}  // namespace tenscan::interp
