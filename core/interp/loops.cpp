// Loops summarised instead of unrolled (see the For and While statements in exec.cpp): the
// fixpoint of a while loop's head up to what it drew (same_up_to_loop_draws); a for loop's
// trial iteration on a value standing for the remaining items, kept when it leaves the path
// where it was (summarise_loop), when a widened state contains it (summarise_widened), or when
// the paths at the head, taken together, contain every path it leads to (summarise_set); the
// representative iteration of a long loop; and where a body's paths go after it.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "interp/compare.h"
#include "interp/interpreter.h"
#include "interp/question.h"

namespace tenscan::interp {

namespace {

// The splits a trial iteration may make (trial_iteration): summarise_set compares at most 64
// paths, and an iteration of a training loop splits a few times.
constexpr long kTrialSplits = 128;

// The names a for loop's target binds (`for i, (x, y) in ...`).
void target_slots(const ir::Expr* t, std::vector<const ir::Expr*>& out) {
  if (!t) return;
  if (t->kind == ir::ExprKind::Name) out.push_back(t);
  for (const ir::Expr* k : t->items) target_slots(k, out);
  if (t->kind == ir::ExprKind::Starred) target_slots(t->a, out);
}

}  // namespace

// Whether state l at a while loop's head is state h up to the symbols the loop made: the
// same values, except int variables that hold a symbol made in the loop where h holds
// another one made in the loop, of the same kind, with the same range and the same
// constraints (after renaming). The future of l is then that of h with other draws.
bool Interpreter::same_up_to_loop_draws(const State& h, const State& l, sym::SymId since, std::vector<Place>& grown) {
  grown.clear();
  if (h.frames.size() != l.frames.size()) return false;
  std::map<sym::SymId, sym::SymId> rename;  // l's symbol -> h's
  State renamed = l;
  // x (of l) and y (of h) differ: only as two draws of the loop; records the renaming
  auto draws = [&](const Value& x, const Value& y) {
    auto a = x.i.as_symbol(), b = y.i.as_symbol();
    if (!a || !b || *a < since || *b < since || symbol(*a).kind != symbol(*b).kind ||
        !(l.ranges.get(*a) == h.ranges.get(*b)))
      return false;
    auto [it, fresh] = rename.emplace(*a, *b);
    return fresh || it->second == *b;
  };
  for (std::size_t f = 0; f < l.frames.size(); ++f) {
    const auto& ls = l.frames[f].slots;
    const auto& hs = h.frames[f].slots;
    if (ls.size() != hs.size()) return false;
    for (std::size_t k = 0; k < ls.size(); ++k) {
      if (!ls[k].is_int() || !hs[k].is_int() || ls[k].i == hs[k].i) continue;
      if (!draws(ls[k], hs[k])) return false;
      renamed.frames[f].slots[k] = hs[k];
    }
  }
  // a loop at module level keeps its variables in the module's namespace
  ObjId g = l.frames.back().globals;
  if (g != kNoObj && g == h.frames.back().globals && g < l.heap.size() && g < h.heap.size() &&
      l.heap.ptr(g) != h.heap.ptr(g)) {
    const Object& lo = l.heap.get(g);
    const Object& ho = h.heap.get(g);
    for (const auto& [name, x] : lo.attrs) {
      auto it = ho.attrs.find(name);
      if (it == ho.attrs.end() || !x.is_int() || !it->second.is_int() || x.i == it->second.i) continue;
      if (!draws(x, it->second)) return false;
      renamed.heap.mut(g).attrs[name] = it->second;
    }
  }
  std::set<sym::SymId> images;
  for (const auto& [a, b] : rename)
    if (!images.insert(b).second || rename.count(b)) return false;  // one to one, no chains
  if (!rename.empty()) {
    // every constraint on a renamed symbol is, renamed, one of h's
    sym::SymbolNamer plain = [](sym::SymId id) { return "s" + std::to_string(id); };
    sym::SymbolNamer mapped = [&](sym::SymId id) {
      auto it = rename.find(id);
      return "s" + std::to_string(it == rename.end() ? id : it->second);
    };
    std::set<std::string> known;
    for (const auto& c : h.hard) known.insert(c.str(plain));
    for (const auto& c : l.hard) {
      auto syms = c.symbols();
      if (std::none_of(syms.begin(), syms.end(), [&](sym::SymId id) { return rename.count(id) != 0; })) continue;
      if (!known.count(c.str(mapped))) return false;
    }
  }
  // the same path, up to floats (they decide no shape); a float outside h's is a behaviour the
  // previous head did not have (an exploration rate that decays, a running loss): it grew
  if (h.reqs.size() != renamed.reqs.size() || common_requirements(renamed, h) != h.reqs.size()) return false;
  std::vector<Place> floats;
  if (!same_up_to_scalars(renamed, h, Differ::Floats, floats, merge_work_)) return false;
  for (const Place& p : floats)
    if (!within(p, false)) grown.push_back(p);
  return true;
}

// The body run once from `from_state` on a value that stands for items[from..]: the paths that
// complete it, or nullopt when there is no such value or a path left the loop (break, return,
// an exception) or the iteration reported a finding.
std::optional<States> Interpreter::trial_iteration(const ir::Stmt* s, const State& from_state,
                                                   const std::vector<Value>& items, std::size_t from,
                                                   std::pair<sym::SymId, sym::SymId>* representative,
                                                   States* covered) {
  State trial_state = from_state;
  auto before = static_cast<sym::SymId>(symbols_.size());
  std::optional<Value> var = loop_representative(trial_state, s, items, from);
  if (!var) return std::nullopt;
  if (representative) *representative = {before, static_cast<sym::SymId>(symbols_.size())};
  States trial, trial_exited;
  trial.push_back(std::move(trial_state));
  std::size_t reported = result_.findings.size();
  // A trial that splits into more paths than a summary can be made of is given up as soon as
  // it does (its paths stop, and an unrolled loop costs less than the rest of the trial would:
  // a stage loop of a Swin Transformer building its blocks of unknown width split 1,643 times).
  const long outer_limit = trial_fork_limit_;
  trial_fork_limit_ = std::min(outer_limit, forks_ + kTrialSplits);
  ++trials_;
  run_loop_body(s, trial, trial_exited, *var);
  --trials_;
  trial_fork_limit_ = outer_limit;
  if (covered) {
    // (an inner loop's paths that ended as covered: finished, their requirements checked)
    auto done = std::partition(trial_exited.begin(), trial_exited.end(), [](const State& q) { return q.flow != Flow::Covered; });
    if (done != trial_exited.begin() || trial.empty() || result_.findings.size() != reported) return std::nullopt;
    for (auto it = done; it != trial_exited.end(); ++it) covered->push_back(std::move(*it));
    return trial;
  }
  if (!trial_exited.empty() || trial.empty() || result_.findings.size() != reported) return std::nullopt;
  return trial;
}

// Whether post's requirements are pre's and, beyond them, only requirements pre already has at the same site and rule, up to the names of their symbols (requirement_question):
// an epoch that imposes its minibatches' requirements again, on the fresh sizes of its fresh
// batches. Such a requirement has the same answer as the one pre has, and a failure of it is
// reported at the same site: requiring it again changes no verdict. (A requirement on the value
// that stands for the remaining items is never one of them: each item gets its own verdict.)
bool Interpreter::repeats_requirements(const State& pre, const State& post, sym::SymId young) const {
  if (common_requirements(pre, post) != pre.reqs.size()) return false;
  if (post.reqs.size() == pre.reqs.size()) return true;
  // (a requirement of a DataLoader's last minibatch names that DataLoader's iteration: another
  // epoch's iteration of the same loader has the same length, batch size and loop)
  using Batch = std::optional<std::tuple<sym::Expr, sym::Expr, std::uint32_t, int, int>>;
  auto batch_of = [&](int lb) -> Batch {
    if (lb < 0) return std::nullopt;
    const LastBatch& b = last_batches_[static_cast<std::size_t>(lb)];
    return std::make_tuple(b.length, b.batch_size, b.loop.file, b.loop.line, b.loop.col);
  };
  auto site_of = [&](const Requirement& r) {
    return std::make_tuple(r.rule, r.site.file, r.site.line, r.site.col, r.definitely_false, batch_of(r.last_batch));
  };
  using Site = decltype(site_of(std::declval<const Requirement&>()));
  std::set<std::pair<Site, std::string>> known;
  for (const auto& r : pre.reqs) known.emplace(site_of(*r), requirement_question(*this, *r, pre.hard, young));
  for (std::size_t i = pre.reqs.size(); i < post.reqs.size(); ++i)
    if (!known.count({site_of(*post.reqs[i]), requirement_question(*this, *post.reqs[i], post.hard, young)})) return false;
  return true;
}

// A loop over the remaining items[from..] whose body, run once on path `st` with the loop
// variable as a value that stands for all those items (loop_representative), leaves the state
// as it was (the same objects or new ones of the same shapes, no requirement the path does not
// already have, no break/return/exception) needs no more iterations on that path: every
// remaining iteration starts from and returns to that state. On success the loop variable gets
// the last item and the path has left the loop; otherwise nothing changes.
bool Interpreter::summarise_loop(const ir::Stmt* s, State& st, const std::vector<Value>& items, std::size_t from,
                                 sym::SymId young, States& covered, bool may_widen) {
  if (!st.normal()) return false;
  const State& pre = st;
  States inner;  // (the trial's inner loops' covered paths: kept if the trial is)
  std::optional<States> tried = trial_iteration(s, pre, items, from, nullptr, &inner);
  if (!tried) return false;
  States trial = std::move(*tried);
  std::vector<const ir::Expr*> targets;
  target_slots(s->targets[0], targets);
  auto exact = [&](const State& post) {
    if (post.frames.size() != pre.frames.size() || !repeats_requirements(pre, post, young) || !(post.modules == pre.modules))
      return false;
    for (std::size_t f = 0; f < pre.frames.size(); ++f) {
      const auto& ps = pre.frames[f].slots;
      const auto& qs = post.frames[f].slots;
      if (ps.size() != qs.size()) return false;
      for (std::size_t k = 0; k < ps.size(); ++k) {
        bool is_target = f + 1 == pre.frames.size() &&
                         std::any_of(targets.begin(), targets.end(), [&](const ir::Expr* t) { return t->slot == static_cast<int>(k) && t->scope == ir::NameScope::Fast; });
        if (!is_target && !equivalent(pre, ps[k], post, qs[k])) return false;
      }
    }
    // every object that existed before must be unchanged (or changed to an equivalent value)
    auto unchanged = [&](ObjId id) {
      const Object& a = pre.heap.get(id);
      const Object& b = post.heap.get(id);
      if (a.items.size() != b.items.size() || a.entries.size() != b.entries.size() || a.attrs.size() != b.attrs.size())
        return false;
      for (std::size_t i = 0; i < a.items.size(); ++i)
        if (!equivalent(pre, a.items[i], post, b.items[i])) return false;
      for (std::size_t i = 0; i < a.entries.size(); ++i)
        if (!equivalent(pre, a.entries[i].value, post, b.entries[i].value)) return false;
      // (a cell's value: a local a comprehension or closure reads lives there)
      if (!equivalent(pre, a.a, post, b.a) || !equivalent(pre, a.b, post, b.b) || !equivalent(pre, a.c, post, b.c))
        return false;
      for (const auto& [k, v] : a.attrs) {
        const std::string& name = k;  // (clang 14 cannot capture structured bindings)
        if (a.kind == OKind::Module && std::any_of(targets.begin(), targets.end(), [&](const ir::Expr* t) {
              return t->name == name && t->scope == ir::NameScope::Global;
            }))
          continue;  // a module-level loop variable
        auto it = b.attrs.find(k);
        if (it == b.attrs.end() || !equivalent(pre, v, post, it->second)) return false;
      }
      return a.tensor.has_value() == b.tensor.has_value() && (!a.tensor || a.tensor->shape == b.tensor->shape);
    };
    return pre.heap.for_each_changed(post.heap, unchanged);
  };
  if (!std::all_of(trial.begin(), trial.end(), exact)) {
    if (!may_widen || !in_project(s->loc.file) ||
        !summarise_widened(s, st, items, from, young, std::move(trial), targets, covered))
      return false;
    append(covered, std::move(inner));
    return true;
  }
  append(covered, std::move(inner));
  // fixpoint: the remaining iterations are covered; the loop variable ends with the last item
  for (const ir::Expr* t : targets) store_name(st, t, items.back());
  return true;
}

// The paths at a loop's head after its first iteration that no single trial iteration leaves
// where it was (summarise_loop), taken together: when every path that one more iteration from
// any of them leads to is, up to renaming what the iteration drew (covers_up_to_renaming), one
// of them with nothing dead told apart (an image flipped or not, on each epoch's fresh images),
// the set is closed: any number of iterations only leads to states the set stands for. The
// paths then leave the loop with the last item; each trial path ends as Flow::Covered (its
// future is its cover's), so that the requirements its iteration imposed on what it drew are
// still checked (one on the value standing for the remaining items keeps the loop unrolled).
// False, with nothing changed, otherwise.
bool Interpreter::summarise_set(const ir::Stmt* s, States& live, States& exited, const std::vector<Value>& items,
                                std::size_t from, sym::SymId young) {
  constexpr std::size_t kMaxSet = 64;  // (a pairwise comparison per trial path)
  if (live.size() > kMaxSet || std::any_of(live.begin(), live.end(), [](const State& l) { return !l.normal(); }))
    return false;
  std::vector<const ir::Expr*> targets;
  target_slots(s->targets[0], targets);
  auto at_end = [&](State& st) {
    for (const ir::Expr* t : targets) store_name(st, t, items.back());
  };
  auto kind_of = [this](sym::SymId id) { return static_cast<int>(symbol(id).kind); };
  States heads = live;
  for (auto& h : heads) at_end(h);
  States covered;
  for (const State& l : live) {
    std::pair<sym::SymId, sym::SymId> rep;  // the symbols of the value that stands for the items
    std::optional<States> trial = trial_iteration(s, l, items, from, &rep, &covered);
    if (!trial) return false;
    for (auto& q : *trial) {
      // a requirement on the value that stands for the remaining items is checked by unrolling,
      // where each item gets its own verdict (one on the iteration's own draws is checked on q)
      if (common_requirements(l, q) != l.reqs.size()) return false;
      for (std::size_t i = l.reqs.size(); i < q.reqs.size(); ++i)
        for (const sym::Cond* c : {&q.reqs[i]->cond, &q.reqs[i]->guard})
          for (sym::SymId id : c->symbols())
            if (id >= rep.first && id < rep.second) return false;
      at_end(q);
      bool found = false;
      for (const State& h : heads) {
        // (bindings no later statement reads do not tell them apart)
        States pair;
        pair.push_back(h);
        pair.push_back(q);
        forget_dead(pair, s, true);
        if ((found = covers_up_to_renaming(pair[0], pair[1], young, kind_of, merge_work_))) break;
      }
      if (!found) return false;
      q.flow = Flow::Covered;
      covered.push_back(std::move(q));
    }
  }
  for (auto& l : live) at_end(l);
  append(exited, std::move(covered));
  return true;
}

// The trial iteration of summarise_loop changed scalars (a float loss, a step counter next to
// it, a flag): the state before it is widened towards the state after it (widen_head), and one
// more trial iteration from the widened state must stay within it (covers) and, like the first,
// impose no requirement the path does not already have. The loop then leaves with the widened
// state. Loop variables are set to the last item on both sides (each iteration overwrites
// them). False, with nothing changed, otherwise.
bool Interpreter::summarise_widened(const ir::Stmt* s, State& st, const std::vector<Value>& items, std::size_t from,
                                    sym::SymId young, States&& first, const std::vector<const ir::Expr*>& targets,
                                    States& covered) {
  if (first.size() > 1) merge_states(first, true);  // (paths that differ in scalars only: one)
  if (first.size() != 1) return false;
  State pre = st;
  State w = std::move(first[0]);
  for (const ir::Expr* t : targets) {
    store_name(pre, t, items.back());
    store_name(w, t, items.back());
  }
  // (the trial must impose no new requirement: one on the representative item is checked by
  // unrolling, where each item gets its own verdict)
  if (!repeats_requirements(pre, w, young)) return false;
  w.reqs.resize(pre.reqs.size());
  if (!widen_head(pre, w, Widen::ForLoop)) return false;
  States inner;
  std::optional<States> trial = trial_iteration(s, w, items, from, nullptr, &inner);
  if (!trial) return false;
  for (auto& post : *trial) {
    for (const ir::Expr* t : targets) store_name(post, t, items.back());
    if (!repeats_requirements(w, post, young) || !covers(w, post)) return false;
  }
  st = std::move(w);
  append(covered, std::move(inner));
  return true;
}

// A loop over a summary iterator (a DataLoader, itertools.count(), data tenscan cannot see)
// runs its body once per representative item. When that changed scalars a condition of the
// project reads (an exploration rate that decays, a step counter a warm-up compares), the later
// iterations start from other values and may take branches the first did not: they are
// explored from the state before the loop widened towards each path after it (widen_head), the
// body run again from there, and again from a state widened further, until a pass stays within
// it (covers) or after kSummaryRounds passes. What these passes find is reported; what they
// leave by break, return or an exception leaves the loop; the paths that complete them end as
// covered (the requirements they imposed are checked on them). The loop itself is left, as
// before, by the paths of the first pass: continuing with the widened values would make every
// later statement that tests them branch, and with each outer iteration the paths would
// multiply. So the iterations of the loop are explored, and what follows it sees the values of
// one pass.
namespace {

// post, with each scalar that head holds differently (an int, a float or a bool in a variable,
// or in an attribute or item of an object older than the loop) set back to head's value: the
// state an iteration started from, as far as its scalars go (what the body bound afresh, a
// minibatch, a loss, stays as post has it). `names` gets the names of the places set back (the
// variable or attribute; "" for an item).
State scalars_reverted(const State& head, const State& post, std::vector<std::string>& names) {
  State r = post;
  auto scalar = [](const Value& v) { return v.kind == VKind::Int || v.kind == VKind::Float || v.kind == VKind::Bool; };
  auto differs = [&](const Value& was, const Value& now) {
    return scalar(was) && scalar(now) && was.kind == now.kind && !same_value(was, now);
  };
  if (head.frames.size() == r.frames.size())
    for (std::size_t f = 0; f < r.frames.size(); ++f)
      for (std::size_t k = 0; k < r.frames[f].slots.size() && k < head.frames[f].slots.size(); ++k)
        if (differs(head.frames[f].slots[k], r.frames[f].slots[k])) {
          r.frames[f].slots[k] = head.frames[f].slots[k];
          const ir::Code* code = r.frames[f].code;
          names.push_back(code && k < code->slot_names.size() ? code->slot_names[k] : std::string());
        }
  post.heap.for_each_changed(head.heap, [&](ObjId id) {
    if (head.heap.is_released(id) || post.heap.is_released(id)) return true;
    const Object& was = head.heap.get(id);
    const Object& now = post.heap.get(id);
    for (const auto& [name, v] : was.attrs)
      if (auto it = now.attrs.find(name); it != now.attrs.end() && differs(v, it->second)) {
        r.heap.mut(id).attrs[name] = v;
        names.push_back(name);
      }
    if (was.items.size() == now.items.size())
      for (std::size_t i = 0; i < was.items.size(); ++i)
        if (differs(was.items[i], now.items[i])) {
          r.heap.mut(id).items[i] = was.items[i];
          names.emplace_back();
        }
    return true;
  });
  return r;
}

// The names (variables and attributes) that a condition of the project's code reads: an if's,
// a while's, an assert's or a conditional expression's test.
void condition_names(const ir::Expr* e, std::unordered_set<std::string>& out) {
  if (!e) return;
  if (e->kind == ir::ExprKind::Name || e->kind == ir::ExprKind::Attr) out.insert(e->name);
  for (const ir::Expr* c : {e->a, e->b, e->c}) condition_names(c, out);
  for (const ir::Expr* c : e->items) condition_names(c, out);
  for (const ir::Expr* c : e->items2) condition_names(c, out);
  for (const auto& k : e->keywords) condition_names(k.value, out);
}

}  // namespace

bool Interpreter::decides(const std::vector<std::string>& names) {
  // (built once, and again when more modules were lowered since)
  if (!decision_names_ || decision_modules_ != modules_.size()) {
    decision_names_.emplace();
    decision_modules_ = modules_.size();
    for (const auto& m : modules_) {
      if (!m || m->is_stub) continue;
      for (const ir::Stmt& st : m->stmts)
        if (st.kind == ir::StmtKind::If || st.kind == ir::StmtKind::While || st.kind == ir::StmtKind::Assert)
          condition_names(st.value, *decision_names_);
      for (const ir::Expr& e : m->exprs)
        if (e.kind == ir::ExprKind::IfExp) condition_names(e.a, *decision_names_);
    }
  }
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return n.empty() || decision_names_->count(n) != 0; });
}

void Interpreter::summary_fixpoint(const ir::Stmt* s, const State& head, const States& live, States& exited,
                                   const std::vector<Value>& items, int last_batch) {
  constexpr int kSummaryRounds = 3;
  // (not in a trial iteration of an outer loop, which is speculative, and at most
  // kFixpointsPerLoop times per loop: a loop nested in another runs again in each of the outer
  // loop's iterations, from much the same state)
  constexpr int kFixpointsPerLoop = 2;
  if (trials_ > 0 || ++fixpoints_[s] > kFixpointsPerLoop) return;
  for (const State& l : live) {
    if (!l.normal()) continue;
    // (only scalars a condition reads can lead a later iteration elsewhere: a running loss or a
    // step counter that only counts need no second pass)
    std::vector<std::string> changed;
    State reverted = scalars_reverted(head, l, changed);
    State w = l;
    if (!decides(changed) || !widen_head(reverted, w, Widen::EndlessLoop)) continue;
    for (int round = 0; round < kSummaryRounds; ++round) {
      States pass;
      pass.push_back(w);
      for (std::size_t k = 0; k < items.size() && !pass.empty(); ++k)
        run_loop_body(s, pass, exited, items[k], k + 1 == items.size() ? last_batch : -1);
      // (bindings no later statement reads, the branch's own temporaries, do not tell them apart)
      pass.insert(pass.begin(), std::move(w));
      forget_dead(pass, s, true);
      w = std::move(pass.front());
      pass.erase(pass.begin());
      merge_states(pass, true);
      // the paths that stay within w are done; the others widen it for one more pass
      bool escaped = false, widened = round + 1 < kSummaryRounds;
      State next = w;
      for (auto& q : pass) {
        if (!covers(w, q)) {
          escaped = true;
          State towards = q;
          towards.reqs.resize(w.reqs.size());
          if (widened && (widened = widen_head(next, towards, Widen::EndlessLoop))) next = std::move(towards);
        }
        if (q.reqs.size() > w.reqs.size()) {
          q.flow = Flow::Covered;
          exited.push_back(std::move(q));
        }
      }
      if (!escaped || !widened) break;
      w = std::move(next);
    }
  }
}

void Interpreter::widen_loop_tensors(const State& head, States& live) {
  for (auto& l : live) {
    if (!l.normal() || l.frames.size() != head.frames.size()) continue;
    auto& slots = l.frames.back().slots;
    const auto& was = head.frames.back().slots;
    for (std::size_t k = 0; k < slots.size() && k < was.size(); ++k) {
      const TensorVal* before = tensor_of(head, was[k]);
      const TensorVal* after = before ? tensor_of(l, slots[k]) : nullptr;
      if (!after || before->shape == after->shape) continue;
      TensorVal t{std::nullopt, after->dtype, after->origin};
      t.opaque = true;
      slots[k] = new_tensor(l, std::move(t));
    }
  }
}

// One value that stands for every one of items[from..]: an int symbol ranging over them when
// they are an arithmetic progression (a range), else their join (see join_values).
std::optional<Value> Interpreter::loop_representative(State& st, const ir::Stmt* s, const std::vector<Value>& items,
                                                      std::size_t from) {
  if (from >= items.size()) return std::nullopt;
  auto first = items[from].const_int(), last = items.back().const_int();
  if (first && last && items[from].kind == VKind::Int && *last >= *first) {
    std::int64_t step = items.size() > from + 1 && items[from + 1].const_int() ? *items[from + 1].const_int() - *first : 1;
    bool progression = step > 0;
    for (std::size_t i = from; i < items.size() && progression; ++i)
      progression = items[i].const_int() == *first + static_cast<std::int64_t>(i - from) * step;
    if (progression) {
      sym::Expr var = fresh_symbol(st, "iteration", "an iteration of the loop at line " + std::to_string(s->loc.line),
                                   *first, *last);
      if (step > 1)
        assume(st, sym::Cond::eq(sym::Expr::mod(var - sym::Expr::constant(*first), sym::Expr::constant(step)),
                                 sym::Expr::constant(0)));
      return Value::integer(var);
    }
  }
  return join_values(st, std::vector<Value>(items.begin() + static_cast<std::ptrdiff_t>(from), items.end()));
}

// A loop with more items than the unroll cap, after its first iteration: the body runs once
// more on a value that stands for all the remaining items (loop_representative), and the paths
// that complete it leave the loop as if it had run them all. The caller widens what the loop
// grew (widen_loop_exits). False, with nothing changed, when the items have no such value.
bool Interpreter::run_representative_iteration(const ir::Stmt* s, States& live, States& exited,
                                               const std::vector<Value>& items, std::size_t from) {
  std::vector<State> with_rep;
  std::vector<Value> reps;
  for (const State& st : live) {
    State c = st;
    std::optional<Value> rep = loop_representative(c, s, items, from);
    if (!rep) return false;
    with_rep.push_back(std::move(c));
    reps.push_back(*rep);
  }
  std::vector<const ir::Expr*> targets;
  target_slots(s->targets[0], targets);
  States done;
  for (std::size_t k = 0; k < with_rep.size(); ++k) {
    States one_state;
    one_state.push_back(with_rep[k]);
    run_loop_body(s, one_state, exited, reps[k]);
    // what the iteration changed stands for what any number of them leaves (a counter); the
    // loop variables end with the last item
    for (auto& st : one_state) {
      widen_changed_scalars(with_rep[k], st);
      for (const ir::Expr* t : targets) store_name(st, t, items.back());
      done.push_back(std::move(st));
    }
  }
  live = std::move(done);
  merge_states(live);
  return true;
}

void Interpreter::run_loop_body(const ir::Stmt* s, States& live, States& exited, const Value& item, int last_batch) {
  States body;
  int outer = live.empty() ? -1 : live.front().last_batch;
  for (auto& st : live) {
    if (!st.normal()) {
      exited.push_back(std::move(st));
      continue;
    }
    // the requirements of this iteration belong to the last minibatch (see Requirement)
    if (last_batch >= 0) st.last_batch = last_batch;
    for (auto& r : assign(s->targets[0], std::move(st), item)) body.push_back(std::move(r));
  }
  exec_block(s->body, body);
  if (last_batch >= 0)
    for (auto& st : body) st.last_batch = outer;
  live.clear();
  split_loop_outcomes(body, live, exited, s);
}

// After a loop body: `continue` and normal completion go round again, `break` and everything
// abnormal (return, raise, exit) leave the loop.
void Interpreter::split_loop_outcomes(States& body, States& live, States& exited, const ir::Stmt* loop, bool join) {
  for (auto& st : body) {
    if (st.flow == Flow::Break) {
      st.flow = Flow::Normal;
      exited.push_back(std::move(st));
    } else if (st.flow == Flow::Continue || st.normal()) {
      st.flow = Flow::Normal;
      live.push_back(std::move(st));
    } else {
      exited.push_back(std::move(st));
    }
  }
  if (loop && in_project(loop->loc.file)) forget_dead(live, loop, true);
  merge_states(live, join);
}

}  // namespace tenscan::interp
