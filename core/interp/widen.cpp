// Widening at the head of a while loop (Cousot & Cousot's widening, on the interpreter's
// paths): a loop whose iterations differ only in scalars (a step counter, a flag a random
// draw sets, a float it anneals) reaches a fixpoint in a few iterations whatever its trip
// count. When a path at the head differs from one at the previous head only in ints, booleans
// and floats, each differing value becomes a fresh symbol over the hull of both values' ranges,
// open towards where it moved (an int that grew gets no upper bound). The loop goes on from that
// widened state; a later path at the head whose values all lie within the widened ones is
// covered by it (its future is the widened state's), and ends as Flow::Covered when its last
// iteration imposed requirements the widened path did not (they are checked on it), or is
// dropped otherwise.
#include <algorithm>

#include "interp/compare.h"
#include "interp/interpreter.h"
#include "interp/join.h"

namespace tenscan::interp {

namespace {

// l's requirements begin with all of base's
bool extends_requirements(const State& base, const State& l) { return common_requirements(base, l) == base.reqs.size(); }

}  // namespace

bool Interpreter::widened_symbol(const sym::Expr& e) const {
  auto id = e.as_symbol();
  return id && widened_.count(*id) != 0;
}

bool Interpreter::widen_head(const State& h, State& l, Widen loop) {
  std::vector<Place> places;
  if (!extends_requirements(h, l) || !same_up_to_scalars(h, l, Differ::Kinds, places, merge_work_)) return false;
  // a loop whose ints and booleans are all known runs as written (exactly, up to the unroll cap):
  // widening is for what the loop cannot know (a draw, a flag it sets at random, data), and in a
  // for loop's summary also for floats (a loss it accumulates: a step counter beside it widens
  // too); an endless loop widens what it changes whatever it is
  auto unknown = [&](const Value& v) {
    if (loop == Widen::EndlessLoop) return v.kind == VKind::Int || v.kind == VKind::Bool || v.kind == VKind::Float;
    return v.kind == VKind::Float ? loop == Widen::ForLoop : !v.const_int().has_value();
  };
  if (std::none_of(places.begin(), places.end(), [&](const Place& p) { return unknown(p.x) || unknown(p.y); }))
    return false;
  struct Widened {
    Value a, b, w;
  };
  std::vector<Widened> made;  // the same pair of values at several places: one symbol
  for (const Place& p : places) {
    auto same = std::find_if(made.begin(), made.end(), [&](const Widened& m) {
      return p.x.kind == VKind::Int && same_value(m.a, p.x) && same_value(m.b, p.y);
    });
    if (same != made.end()) {
      assign_at(l, p, same->w);
      continue;
    }
    if (p.in == Place::In::Values && p.values) {
      assign_values(l, p, (*p.values)[0].widen((*p.values)[1]));
      continue;
    }
    Value v = widened(h, p.x, l, p.y, place_name(l, p), true);
    assign_at(l, p, v);
    if (p.x.kind == VKind::Int) made.push_back({p.x, p.y, v});
  }
  ++result_.stats.loops_widened;
  return true;
}

bool Interpreter::covers(const State& w, const State& l) {
  std::vector<Place> places;
  if (!extends_requirements(w, l) || !same_up_to_scalars(w, l, Differ::Kinds, places, merge_work_)) return false;
  // a symbol the widened state holds at several places stands for one value: l must hold one too
  for (std::size_t i = 0; i < places.size(); ++i)
    for (std::size_t j = i + 1; j < places.size(); ++j)
      if (places[i].x.kind == places[j].x.kind && same_value(places[i].x, places[j].x) &&
          !same_value(places[i].y, places[j].y))
        return false;
  auto widened_flag = [&](const sym::Cond& b) {
    auto ids = b.symbols();
    return ids.size() == 1 && widened_.count(ids[0]) && b == sym::Cond::boolean_symbol(ids[0]);
  };
  // whether the widened value x holds every value y can be
  auto covered = [&](const Value& x, const Value& y) {
    if (same_value(x, y)) return true;
    if (x.kind != y.kind) return false;
    switch (x.kind) {
      case VKind::Float:
        return y.f.leq(x.f);
      case VKind::Bool:
        return widened_flag(x.b);
      case VKind::Int: {
        if (!widened_symbol(x.i)) return false;
        sym::Interval theirs = l.ranges.eval(y.i);
        return !theirs.is_bottom() && theirs.leq(w.ranges.eval(x.i));
      }
      default:
        return false;
    }
  };
  return std::all_of(places.begin(), places.end(), [&](const Place& p) {
    if (p.in == Place::In::Values) return within(p, true);
    if (p.x.kind != VKind::Choice) return covered(p.x, p.y);
    // a choice whose flag the widening made: each kind y can be, within the same kind of x
    if (!widened_flag(p.x.b)) return false;
    auto xs = p.x.alternatives();
    return std::ranges::all_of(p.y.alternatives(), [&](const Value& ya) {
             auto xa = std::ranges::find_if(xs, [&](const Value& a) { return a.kind == ya.kind; });
             return xa != xs.end() && covered(*xa, ya);
           });
  });
}

Value Interpreter::widened(const State& h, const Value& was, State& l, const Value& now, const std::string& name,
                          bool checked) {
  ScalarJoin widening;
  widening.ints = [&](const std::vector<Value>& wn) {
    sym::Interval r = h.ranges.eval(wn[0].i).widen(l.ranges.eval(wn[1].i));
    // unchecked, one step's direction is not where all the steps go: `x = (3 * x) % 7` from 1
    // steps down to 2 and later up to 6
    if (!checked) r = sym::Interval::top();
    sym::Expr w =
        fresh_symbol(l, name, "a value a loop changes from one iteration to the next", r.lo, r.hi, SymKind::Data);
    widened_.insert(*w.as_symbol());
    return Value::integer(w);
  };
  auto flag = [&](const char* description) {
    sym::SymId b = fresh_bool_symbol("widened", description, SymKind::Data);
    widened_.insert(b);
    return sym::Cond::boolean_symbol(b);
  };
  widening.bools = [&](const std::vector<Value>&) { return Value::boolean(flag("a flag a loop sets in some iteration")); };
  // (unchecked: only the direction of one step is known, not where the steps go)
  widening.floats = [&](const std::vector<domain::FloatRange>& wn) {
    return checked ? wn[0].widen(wn[1]) : domain::FloatRange::top();
  };
  // a value of two kinds (an int learning rate that the loop anneals into a float): a fresh
  // flag says which, and each kind widens from that kind's value before
  widening.flag = [&](const std::vector<sym::Cond>&) {
    return flag(("which kind of value a loop leaves in " + name).c_str());
  };
  // a kind the iteration made that was not there before: a float that was an int widens from
  // the int's value; otherwise, unchecked, it may be anything (a kind the iteration did not
  // make keeps its value)
  widening.one_sided = [&](const Value& v, std::size_t side, const std::vector<Value>& wn) -> Value {
    if (side == 0) return v;
    if (v.kind == VKind::Float) {
      std::optional<std::int64_t> c;
      for (const Value& a : wn[0].alternatives())
        if (a.kind == VKind::Int) c = a.i.as_const();
      domain::FloatRange from = c ? domain::FloatRange::point(static_cast<double>(*c)) : domain::FloatRange::top();
      return Value::floating(checked ? from.widen(v.f) : domain::FloatRange::top());
    }
    if (v.kind == VKind::Int && !checked) return widening.ints({v, v});  // (unchecked: any int)
    return v;
  };
  return join_scalars(widening, {was, now}).value_or(now);
}

void Interpreter::widen_changed_scalars(const State& pre, State& post) {
  auto widen = [&](const Value& was, Value& now, const std::string& name) {
    if (!same_value(was, now) && (was.kind == now.kind || (now.kind == VKind::Choice && choosable(was, now))))
      now = widened(pre, was, post, now, name, false);
  };
  auto scalar = [](const Value& v) {
    return v.kind == VKind::Int || v.kind == VKind::Bool || v.kind == VKind::Float || v.kind == VKind::Choice;
  };
  for (std::size_t f = 0; f < pre.frames.size() && f < post.frames.size(); ++f) {
    if (pre.frames[f].code != post.frames[f].code) break;
    auto& slots = post.frames[f].slots;
    const ir::Code* code = post.frames[f].code;
    for (std::size_t k = 0; k < slots.size() && k < pre.frames[f].slots.size(); ++k)
      widen(pre.frames[f].slots[k], slots[k], code && k < code->slot_names.size() ? code->slot_names[k] : "a local variable");
  }
  std::vector<ObjId> changed;
  post.heap.for_each_changed(pre.heap, [&](ObjId id) {
    changed.push_back(id);
    return true;
  });
  for (ObjId id : changed) {
    const Object& was = pre.heap.get(id);
    const Object& now = post.heap.get(id);
    if (was.kind != now.kind) continue;
    bool any = false;  // (copied on write only when a scalar differs)
    for (std::size_t i = 0; i < was.items.size() && i < now.items.size() && !any; ++i)
      any = scalar(now.items[i]) && !same_value(was.items[i], now.items[i]);
    for (std::size_t i = 0; i < was.entries.size() && i < now.entries.size() && !any; ++i)
      any = scalar(now.entries[i].value) && !same_value(was.entries[i].value, now.entries[i].value);
    for (const auto& [k, v] : now.attrs) {
      if (any) break;
      auto it = was.attrs.find(k);
      any = it != was.attrs.end() && scalar(v) && !same_value(it->second, v);
    }
    if (!any) continue;
    Object& m = post.heap.mut(id);
    for (std::size_t i = 0; i < was.items.size() && i < m.items.size(); ++i) widen(was.items[i], m.items[i], "an element of a list");
    for (std::size_t i = 0; i < was.entries.size() && i < m.entries.size(); ++i)
      if (same_value(was.entries[i].key, m.entries[i].key)) widen(was.entries[i].value, m.entries[i].value, "a value in a dict");
    for (auto& [k, v] : m.attrs)
      if (auto it = was.attrs.find(k); it != was.attrs.end()) widen(it->second, v, k);
  }
}

}  // namespace tenscan::interp
