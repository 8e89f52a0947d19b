// Merging paths where they meet (after a branch, at a loop's exit, between statements when there
// are too many): paths that are the same program state continue as one. Two kinds of merge:
//
//  - exact: the same values (floats aside) and the same requirements. The merged path's hard
//    constraints are the common ones and the disjunction of the rest (PyTea §3.2.3).
//  - joined (at the end of an `if` of the project's code): the paths may also differ in ints
//    and booleans (a label, a counter, a draw) and in the requirements each imposed since they
//    split. A fresh boolean g says which one was taken: each path's own constraints and
//    requirements hold under its side of g, and each differing value becomes a fresh symbol
//    equal to the first path's value if g, to the second's otherwise. The join is exact, so
//    the shape verdicts are those of the two paths. Paths whose difference mentions a user
//    input stay apart: their findings are warnings that name the input's values.
//    A variable or attribute that holds None, an int or a float of different kinds on the two
//    sides (a learning rate that is the int 20 until the first annealing makes it 5.0; a best
//    loss that is None until the first epoch) becomes a choice between the two kinds, under
//    g: the path that reads it splits again into one path per kind (Interpreter::eval), so no
//    operation ever sees a value of the wrong kind, and the join stays exact.
//
// In both, floats they hold with different values join into their hull (a float decides no
// shape).
#include <algorithm>
#include <unordered_set>

#include "interp/compare.h"
#include "interp/coverage.h"
#include "interp/join.h"
#include "interp/interpreter.h"

namespace tenscan::interp {

namespace {

// At most this many hard constraints, and requirements, of their own on the two sides of a join.
constexpr std::size_t kMaxJoinedConstraints = 64;
constexpr std::size_t kMaxJoinedRequirements = 64;

std::size_t common_constraints(const State& a, const State& b) {
  std::size_t k = 0;
  while (k < a.hard.size() && k < b.hard.size() && a.hard[k] == b.hard[k]) ++k;
  return k;
}

// What two merged paths know beyond their first k common hard constraints: the disjunction
// of their remaining ones. Only constraints that bear on the paths' open requirements are
// kept (those sharing symbols with them, transitively): the bounds of a draw neither
// requirement mentions cannot change a verdict, and dropping a conjunct only weakens its
// side. When what is left is a branch condition and its negation (the two arms of one
// branch) the disjunction is true (PyTea §3.2.3). Kept otherwise, so that a requirement
// raised under one path's condition (the last minibatch exists: len % bs != 0) is not
// checked without it.
sym::Cond path_disjunction(const State& a, const State& b, std::size_t k) {
  if (k >= a.hard.size() || k >= b.hard.size()) return {};
  std::vector<sym::SymId> wanted = symbols_of(a.reqs);
  auto ka = sym::constraints_on(a.hard, wanted, k), kb = sym::constraints_on(b.hard, wanted, k);
  if (ka.empty() || kb.empty()) return {};
  sym::Cond ca = sym::Cond::all(ka), cb = sym::Cond::all(kb);
  if (ca == !cb) return {};
  return ca || cb;
}

// A place the join must guard (ints, booleans, choices), unlike a float, which joins alone.
bool is_scalar_place(const Place& p) { return p.x.kind != VKind::Float || p.y.kind != VKind::Float; }

// The reveals both paths made before they forked once, and each later one once: a loop that
// merges its paths every iteration doubled the list each time.
void unite_reveals(std::vector<Reveal>& o, const std::vector<Reveal>& s) {
  auto same_reveal = [](const Reveal& x, const Reveal& y) {
    return x.site.file == y.site.file && x.site.line == y.site.line && x.site.col == y.site.col && x.text == y.text;
  };
  std::size_t q = 0;
  while (q < o.size() && q < s.size() && same_reveal(o[q], s[q])) ++q;
  for (std::size_t i = q; i < s.size(); ++i)
    if (std::none_of(o.begin() + static_cast<std::ptrdiff_t>(q), o.end(),
                     [&](const Reveal& x) { return same_reveal(x, s[i]); }))
      o.push_back(s[i]);
}

}  // namespace

bool Interpreter::same_space_choices(const State& a, const State& b) const {
  for (const auto& [name, id] : space_symbols_) {
    if (symbols_[id].labels.empty()) continue;
    const sym::Interval x = a.ranges.eval(sym::Expr::symbol(id)), y = b.ranges.eval(sym::Expr::symbol(id));
    if (x.lo != y.lo || x.hi != y.hi) return false;
  }
  return true;
}

bool Interpreter::joinable(const State& o, const State& s, std::size_t k, std::size_t p,
                           const std::vector<Place>& places) const {
  auto input = [&](const std::vector<sym::SymId>& ids) {
    return std::any_of(ids.begin(), ids.end(), [&](sym::SymId id) { return symbol(id).kind == SymKind::Input; });
  };
  for (const State* st : {&o, &s}) {
    for (std::size_t i = k; i < st->hard.size(); ++i)
      if (input(st->hard[i].symbols())) return false;
    for (std::size_t i = p; i < st->reqs.size(); ++i)
      if (input(st->reqs[i]->cond.symbols())) return false;
  }
  for (const Place& pl : places)
    for (const Value* v : {&pl.x, &pl.y}) {
      if ((v->kind == VKind::Int || v->kind == VKind::Choice) && input(v->i.symbols())) return false;
      if ((v->kind == VKind::Bool || v->kind == VKind::Choice) && input(v->b.symbols())) return false;
    }
  return true;
}

void Interpreter::join_paths(State& o, const State& s, std::size_t k, std::size_t p, const std::vector<Place>& places,
                             const std::string& what) {
  sym::Cond g = sym::Cond::boolean_symbol(
      fresh_bool_symbol("merged", "which of two paths merged into one was taken", SymKind::Program));
  // Beyond the common prefixes, what both sides hold (paths that split long ago and imposed the
  // same later, or joined before) holds unguarded; only the rest is each side's own. (Guarding
  // the shared part too doubled a loop's requirements at every join.)
  std::vector<sym::Cond> both, only_o, only_s;
  std::unordered_set<sym::Cond> in_s(s.hard.begin() + static_cast<std::ptrdiff_t>(k), s.hard.end());
  std::unordered_set<sym::Cond> in_o;
  for (std::size_t i = k; i < o.hard.size(); ++i) {
    in_o.insert(o.hard[i]);
    (in_s.count(o.hard[i]) ? both : only_o).push_back(o.hard[i]);
  }
  for (std::size_t i = k; i < s.hard.size(); ++i)
    if (!in_o.count(s.hard[i])) only_s.push_back(s.hard[i]);
  o.hard.resize(k);
  o.hard.insert(o.hard.end(), both.begin(), both.end());
  if (!only_o.empty()) o.hard.push_back(!g || sym::Cond::all(only_o));
  if (!only_s.empty()) o.hard.push_back(g || sym::Cond::all(only_s));
  auto guarded = [](const Requirement& r, const sym::Cond& side) {
    auto copy = std::make_shared<Requirement>(r);
    copy->guard = r.guard && side;
    return copy;
  };
  auto same_req = [](const Requirement& a, const Requirement& b) {
    return a.cond == b.cond && a.guard == b.guard && a.rule == b.rule && a.site.file == b.site.file &&
           a.site.line == b.site.line && a.site.col == b.site.col;
  };
  auto held_by = [&](const Requirements& reqs, const Requirement& r) {
    for (std::size_t i = p; i < reqs.size(); ++i)
      if (reqs[i].get() == &r || same_req(*reqs[i], r)) return true;
    return false;
  };
  Requirements tail_s(s.reqs.begin() + static_cast<std::ptrdiff_t>(p), s.reqs.end());
  for (std::size_t i = p; i < o.reqs.size(); ++i)
    if (!held_by(s.reqs, *o.reqs[i])) o.reqs[i] = guarded(*o.reqs[i], g);
  for (const auto& r : tail_s)
    if (!held_by(o.reqs, *r)) o.reqs.push_back(guarded(*r, !g));
  sym::RangeEnv o_ranges = o.ranges;
  o.ranges = o.ranges.join(s.ranges);
  struct Joined {
    sym::Expr a, b, j;
  };
  std::vector<Joined> joined;  // correlated places (the same pair of values) share one symbol
  const Place* at = nullptr;    // the place being joined
  ScalarJoin exact;
  // an int that is x on o's side (g) and y on s's: a symbol equal to each under its side of g
  exact.ints = [&](const std::vector<Value>& xy) {
    const sym::Expr &x = xy[0].i, &y = xy[1].i;
    auto same = std::find_if(joined.begin(), joined.end(), [&](const Joined& jn) { return jn.a == x && jn.b == y; });
    if (same != joined.end()) return Value::integer(same->j);
    sym::Interval r = o_ranges.eval(x).join(s.ranges.eval(y));
    sym::Expr j = fresh_symbol(o, place_name(o, *at, what), "a value the two sides of a branch set differently", r.lo,
                               r.hi < r.lo ? r.lo - 1 : r.hi, SymKind::Program);
    o.hard.push_back(!g || sym::Cond::eq(j, x));
    o.hard.push_back(g || sym::Cond::eq(j, y));
    joined.push_back({x, y, j});
    return Value::integer(j);
  };
  exact.bools = [&](const std::vector<Value>& xy) { return Value::boolean((g && xy[0].b) || (!g && xy[1].b)); };
  // values of two kinds (the comparison allowed it: see choosable): each kind holds where it
  // held on its side
  exact.flag = [&](const std::vector<sym::Cond>& whens) { return (g && whens[0]) || (!g && whens[1]); };
  for (const Place& pl : places) {
    if (!is_scalar_place(pl)) continue;
    at = &pl;
    if (auto v = join_scalars(exact, {pl.x, pl.y})) assign_at(o, pl, *v);
  }
}

void Interpreter::forget_dead(States& states, const ir::Stmt* s, bool head) {
  if (states.size() < 2 || states[0].frames.empty()) return;
  const Frame& top = states[0].frames.back();
  if (!top.code) return;
  const ir::Code& code = *top.code;
  auto in_frame = [&](const State& st) { return !st.frames.empty() && st.frames.back().code == &code; };
  auto live = [&](const std::string& name) {
    return head ? liveness_.live_at_head(code, s, name) : liveness_.live_after(code, s, name);
  };
  // the frame's slots
  for (std::size_t k = 0; k < code.slot_names.size(); ++k) {
    const Value* first = nullptr;
    bool differ = false;
    for (const State& st : states) {
      if (!in_frame(st) || k >= st.frames.back().slots.size()) continue;
      const Value& v = st.frames.back().slots[k];
      if (!first) first = &v;
      else differ = differ || !same_value(*first, v);
    }
    if (!differ || live(code.slot_names[k])) continue;
    for (State& st : states)
      if (in_frame(st) && k < st.frames.back().slots.size()) st.frames.back().slots[k] = Value::undef();
  }
  // a module body's globals
  if (code.kind != ir::Code::Kind::Module || top.globals == kNoObj) return;
  ObjId g = top.globals;
  auto module_of = [&](const State& st) -> const Object* {
    return in_frame(st) && st.frames.back().globals == g && st.heap.valid(g) ? &st.heap.get(g) : nullptr;
  };
  const Object* first = module_of(states[0]);
  if (!first) return;
  std::vector<std::string> dead;
  for (const State& st : states) {
    const Object* m = module_of(st);
    if (!m || m == first) continue;
    // a name some module objects bind and others do not, or bind to another value
    for (const Object* x : {first, m}) {
      const Object* y = x == first ? m : first;
      for (const auto& [name, v] : x->attrs) {
        auto it = y->attrs.find(name);
        if ((it == y->attrs.end() || !same_value(it->second, v)) &&
            std::find(dead.begin(), dead.end(), name) == dead.end() && !live(name))
          dead.push_back(name);
      }
    }
  }
  for (State& st : states)
    if (const Object* m = module_of(st))
      for (const std::string& name : dead)
        if (m->attrs.count(name)) st.heap.mut(g).attrs.erase(name);
}

void Interpreter::merge_states(States& states, bool join, const std::string& what, bool choices) {
  if (states.size() < 2) return;
  States out;
  std::vector<std::size_t> signatures;  // of out's paths: only paths that share one are compared
  std::vector<Place> places;
  for (auto& s : states) {
    bool merged = false;
    std::size_t sig = signature(s);
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < out.size(); ++i)
      if (signatures[i] == sig) candidates.push_back(i);
    if (join && candidates.size() > 1) {
      // the nearest relative first (the other side of the latest split): the fewest constraints
      // and requirements of their own to guard
      std::vector<std::size_t> shared(out.size());
      for (std::size_t i : candidates) shared[i] = common_constraints(out[i], s);
      std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) { return shared[a] > shared[b]; });
    }
    for (std::size_t i : candidates) {
      State& o = out[i];
      if (over_work_budget()) break;  // past the budget: no more comparisons (tick stops the paths)
      if (!same_space_choices(o, s)) continue;
      std::size_t p = common_requirements(o, s);
      bool same_reqs = p == o.reqs.size() && p == s.reqs.size();
      if (!join && !same_reqs) continue;
      Differ differ = !join ? Differ::Floats : choices ? Differ::Kinds : Differ::Scalars;
      if (!same_up_to_scalars(o, s, differ, places, merge_work_)) continue;
      std::size_t k = common_constraints(o, s);
      if (same_reqs && std::none_of(places.begin(), places.end(), is_scalar_place)) {
        sym::Cond either = path_disjunction(o, s, k);
        o.hard.resize(k);
        if (!either.is_true()) o.hard.push_back(either);
        o.ranges = o.ranges.join(s.ranges);  // the range environment of the merged path is the join
      } else {
        // (paths that split long ago carry long histories of their own: guarding them would
        // grow every later query of the solver, and joining them again and again doubled
        // them; they stay apart)
        if (o.hard.size() + s.hard.size() - 2 * k > kMaxJoinedConstraints ||
            o.reqs.size() + s.reqs.size() - 2 * p > kMaxJoinedRequirements ||
            !joinable(o, s, k, p, places))
          continue;
        join_paths(o, s, k, p, places, what);
        ++result_.stats.paths_joined;
      }
      for (const Place& pl : places)
        if (pl.in == Place::In::Values && pl.values)
          assign_values(o, pl, (*pl.values)[0].join((*pl.values)[1]));
        else if (pl.x.kind == VKind::Float && pl.y.kind == VKind::Float)
          assign_at(o, pl, *join_scalars(ScalarJoin{}, {pl.x, pl.y}));  // (floats: their hull)
      std::size_t steps = 0;
      while (steps < o.path.size() && steps < s.path.size() && o.path[steps] == s.path[steps]) ++steps;
      o.path.resize(steps);
      Coverage::unite(o.covered, s.covered);
      Coverage::unite(o.covered_sound, s.covered_sound);
      o.certain_error = o.certain_error && s.certain_error;
      o.contingent = o.contingent || s.contingent;
      for (const ir::Stmt* u : *s.unwound)
        if (std::find(o.unwound->begin(), o.unwound->end(), u) == o.unwound->end()) o.unwound.mut().push_back(u);
      if (!s.reveals->empty()) unite_reveals(o.reveals.mut(), *s.reveals);
      ++result_.stats.paths_merged;
      merged = true;
      break;
    }
    if (!merged) {
      out.push_back(std::move(s));
      signatures.push_back(sig);
    }
  }
  states = std::move(out);
}

void Interpreter::merge_outs(Outs& outs, const std::string& what) {
  if (outs.size() < 2) return;
  // each value rides as a pending return value, which the comparison and the join treat as a
  // place like any other
  Outs merged;
  States states;
  for (auto& o : outs) {
    if (!o.st.normal()) {
      merged.push_back(std::move(o));
      continue;
    }
    o.st.flow = Flow::Return;
    o.st.ret = std::move(o.v);
    states.push_back(std::move(o.st));
  }
  // (an expression's value is operated on at once: it never becomes a choice)
  merge_states(states, true, what, false);
  for (auto& st : states) {
    Value v = *st.ret;
    st.flow = Flow::Normal;
    st.ret.reset();
    merged.emplace_back(std::move(st), std::move(v));
  }
  outs = std::move(merged);
}

}  // namespace tenscan::interp
