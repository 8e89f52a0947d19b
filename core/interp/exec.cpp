// Statement execution over sets of paths and expression evaluation (PyTea's constraint
// generation rules, thesis §3.2.1): branches split paths the online checker cannot decide,
// constant loops are unrolled, DataLoader-style summary iterators run their body once per
// kind of element.
#include <algorithm>
#include <cassert>
#include <map>
#include <optional>
#include <set>

#include "interp/compare.h"
#include "interp/cpython_names.h"
#include "interp/interpreter.h"

namespace tenscan::interp {

namespace {

// The name of a dim that an unpacking of a forward argument's size binds to a variable, as
// module mode shows it: the usual letter for the usual names (`n`, `batch_size`: B; `h`: H),
// the variable's own name otherwise, "d<k>" for `_`; empty for a target that is not a name.
std::string dim_name_of(const ir::Expr* e, std::size_t k) {
  if (e->kind != ir::ExprKind::Name) return {};
  static const std::pair<const char*, const char*> kUsual[] = {
      {"n", "B"}, {"b", "B"}, {"bs", "B"}, {"batch", "B"}, {"batch_size", "B"}, {"bsz", "B"}, {"c", "C"},
      {"ch", "C"}, {"channels", "C"}, {"h", "H"}, {"height", "H"}, {"w", "W"}, {"width", "W"}, {"t", "T"},
      {"seq_len", "T"}, {"seq_length", "T"}, {"l", "L"}, {"d", "D"}, {"depth", "D"}};
  for (const auto& [var, dim] : kUsual)
    if (e->name == var) return dim;
  if (e->name == "_" || e->name.empty()) return "d" + std::to_string(k);
  return e->name;
}

std::string source_text(const ir::Module* m, const ir::Loc& l) {
  if (!m || l.line <= 0) return {};
  const std::string& src = m->source;
  std::size_t pos = 0;
  for (int line = 1; line < l.line && pos != std::string::npos; ++line) {
    pos = src.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  if (pos == std::string::npos) return {};
  std::size_t end = src.find('\n', pos);
  std::string line = src.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  if (l.end_line != l.line) return line.substr(std::min<std::size_t>(static_cast<std::size_t>(l.col), line.size()));
  auto c0 = std::min<std::size_t>(static_cast<std::size_t>(l.col), line.size());
  auto c1 = std::min<std::size_t>(static_cast<std::size_t>(l.end_col), line.size());
  return line.substr(c0, c1 > c0 ? c1 - c0 : 0);
}




// Passes abnormal outcomes through unchanged and calls f(State&&, Value) on normal ones.
template <typename F>
Outs then(Outs&& in, F&& f) {
  Outs res;
  for (auto& o : in) {
    if (!o.st.normal()) {
      res.push_back(std::move(o));
      continue;
    }
    Outs r = f(std::move(o.st), std::move(o.v));
    append(res, std::move(r));
  }
  return res;
}

}  // namespace

// ---- blocks and statements -----------------------------------------------------------------

void Interpreter::exec_block(const ir::Block& b, States& states) {
  for (const ir::Stmt* s : b) {
    bool any = false;
    for (auto& st : states)
      if (st.normal()) any = true;
    if (!any) return;
    exec_stmt(s, states);
  }
}

States Interpreter::branch(State&& st, const Value& cond, const ir::Loc& loc, const ir::Expr* cond_expr,
                           States* false_out) {
  States true_states;
  Outs ts = truth(std::move(st), cond);
  for (auto& o : ts) {
    if (!o.st.normal()) {
      true_states.push_back(std::move(o.st));
      continue;
    }
    sym::Cond c = o.v.kind == VKind::Bool ? o.v.b : sym::Cond();
    if (o.v.kind == VKind::Unknown) {
      // a condition on a value tenscan does not know (an unmodelled call, a random draw, a
      // tensor's contents): both sides, each as a hard constraint. Every evaluation is its
      // own condition: two draws, or the same call made twice, may disagree.
      // The same unknown value tested again (the left operand of `a and b` that the `if` on its
      // result tests once more) gets the same answer (see unknown_test).
      std::string label = o.v.s ? *o.v.s : "an unknown value";
      if (o.v.s && *o.v.s == kFloatComparison)
        c = sym::Cond::boolean_symbol(fresh_bool_symbol("a comparison of floats",
                                                        "a comparison of floats the run decides", SymKind::Program));
      else
        c = o.v.s ? unknown_test(o.v, "is true").b
                  : sym::Cond::boolean_symbol(
                        fresh_bool_symbol("bool(" + label + ")", "the truth of a value tenscan does not know", SymKind::Data));
    }
    sym::Tri t = decide(o.st, c);
    if (t == sym::Tri::True) {
      true_states.push_back(std::move(o.st));
      continue;
    }
    if (t == sym::Tri::False) {
      false_out->push_back(std::move(o.st));
      continue;
    }
    std::string text = cond_expr ? source_text(module_of_file(cond_expr->loc.file), cond_expr->loc) : "";
    if (forks_ >= trial_fork_limit_) {
      // (a trial iteration that is no summary: given up, see trial_iteration)
      stop(o.st, StopReason::TrialBudget, loc);
      true_states.push_back(std::move(o.st));
      continue;
    }
    if (++forks_ > options_.max_paths * 64 || forks_ > check_fork_limit_) {
      // the whole analysis (or module mode's check of one model) has split too often: follow
      // the true side only and count the other as not analysed (never as valid)
      ++result_.stats.paths_pruned;
      add_gap(forks_ > check_fork_limit_ ? "module mode's split budget for one model's check (" +
                                               std::to_string(options_.max_paths * 8) + " splits)"
                                         : "the path-split budget (" + std::to_string(options_.max_paths * 64) + " splits)",
              loc);
      if (!fork_budget_reported_) {
        fork_budget_reported_ = true;
        note(Notification::Kind::Budget, loc,
             "the analysis split into more than " + std::to_string(options_.max_paths * 64) +
                 " paths; from here on only one side of undecided branches was analysed");
      }
      if (assume(o.st, c)) true_states.push_back(std::move(o.st));
      continue;
    }
    // a choice the input or the data makes: both sides are possibilities (State::contingent)
    const auto ids = c.symbols();
    const bool choice =
        std::any_of(ids.begin(), ids.end(), [&](sym::SymId id) { return symbol(id).kind != SymKind::Program; });
    if (choice) o.st.contingent = true;
    State other = o.st;
    // the path in source terms: branches in the project's code (a library model's own
    // branches are not the user's path)
    const ir::Module* m = module_of_file(loc.file);
    bool user = m && !m->is_stub;
    if (assume(o.st, c)) {
      if (user) o.st.path.push_back({"`" + text + "` is true", loc});
      true_states.push_back(std::move(o.st));
    }
    if (assume(other, !c)) {
      if (user) other.path.push_back({"`" + text + "` is false", loc});
      false_out->push_back(std::move(other));
    }
  }
  return true_states;
}

void Interpreter::exec_stmt(const ir::Stmt* s, States& states) {
  States next;
  auto pass_abnormal = [&](State& st) {
    if (!st.normal()) {
      next.push_back(std::move(st));
      return true;
    }
    if (!tick()) {
      stop(st, out_of_time_ ? StopReason::TimeBudget : over_check_budget() ? StopReason::CheckBudget : StopReason::WorkBudget,
           s->loc);
      next.push_back(std::move(st));
      return true;
    }
    return false;
  };
  if (s->cov >= 0)  // a statement of the project's code (see Coverage)
    for (auto& st : states)
      if (st.normal() && !st.frames.empty()) {
        Coverage::mark(st, s);
        st.frame().at = s;
      }
  // Path budget: drop paths beyond max_paths (reported as not analysed, never as valid).
  if (static_cast<int>(states.size()) > options_.max_paths) {
    merge_states(states);
    for (std::size_t i = static_cast<std::size_t>(options_.max_paths); i < states.size(); ++i) {
      if (states[i].normal()) {
        stop(states[i], StopReason::PathBudget, s->loc);
        ++result_.stats.paths_pruned;
      }
    }
    if (result_.stats.paths_pruned)
      note(Notification::Kind::Budget, s->loc,
           "more than " + std::to_string(options_.max_paths) + " paths; the extra paths were not analysed");
  }
  switch (s->kind) {
    case ir::StmtKind::Pass:
      break;
    case ir::StmtKind::Expr:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (auto& o : eval(s->value, std::move(st))) next.push_back(std::move(o.st));
      }
      states = std::move(next);
      break;
    case ir::StmtKind::Assign:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (auto& o : eval(s->value, std::move(st))) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          States cur;
          cur.push_back(std::move(o.st));
          for (const ir::Expr* t : s->targets) {
            States after;
            for (auto& c : cur) {
              if (!c.normal()) {
                after.push_back(std::move(c));
                continue;
              }
              for (auto& r : assign(t, std::move(c), o.v)) after.push_back(std::move(r));
            }
            cur = std::move(after);
          }
          append(next, std::move(cur));
        }
      }
      states = std::move(next);
      break;
    case ir::StmtKind::AugAssign: {
      const ir::Expr* t = s->targets[0];
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        if (t->kind == ir::ExprKind::Name) {
          for (auto& cur : split_choices(load_name(std::move(st), t))) {
            if (!cur.st.normal()) {
              next.push_back(std::move(cur.st));
              continue;
            }
            for (auto& rhs : eval(s->value, std::move(cur.st))) {
              if (!rhs.st.normal()) {
                next.push_back(std::move(rhs.st));
                continue;
              }
              SiteGuard g(*this, s->value);
              for (auto& r : binary(std::move(rhs.st), s->binop, cur.v, rhs.v, true)) {
                if (r.st.normal()) store_name(r.st, t, r.v);
                next.push_back(std::move(r.st));
              }
            }
          }
        } else if (t->kind == ir::ExprKind::Attr || t->kind == ir::ExprKind::Subscript) {
          for (auto& obj : eval(t->a, std::move(st))) {
            if (!obj.st.normal()) {
              next.push_back(std::move(obj.st));
              continue;
            }
            Outs idx_outs;
            if (t->kind == ir::ExprKind::Subscript) {
              idx_outs = eval(t->b, std::move(obj.st));
            } else {
              idx_outs = one(std::move(obj.st), Value::none());
            }
            for (auto& idx : idx_outs) {
              if (!idx.st.normal()) {
                next.push_back(std::move(idx.st));
                continue;
              }
              Outs curv = split_choices(t->kind == ir::ExprKind::Attr ? getattr(std::move(idx.st), obj.v, t->name)
                                                                      : getitem(std::move(idx.st), obj.v, idx.v));
              for (auto& cur : curv) {
                if (!cur.st.normal()) {
                  next.push_back(std::move(cur.st));
                  continue;
                }
                for (auto& rhs : eval(s->value, std::move(cur.st))) {
                  if (!rhs.st.normal()) {
                    next.push_back(std::move(rhs.st));
                    continue;
                  }
                  SiteGuard g(*this, t);
                  for (auto& r : binary(std::move(rhs.st), s->binop, cur.v, rhs.v, true)) {
                    if (!r.st.normal()) {
                      next.push_back(std::move(r.st));
                      continue;
                    }
                    if (t->kind == ir::ExprKind::Attr) {
                      for (auto& w : store_attr(std::move(r.st), obj.v, t->name, r.v)) next.push_back(std::move(w.st));
                    } else {
                      for (auto& w : setitem(std::move(r.st), obj.v, idx.v, r.v)) next.push_back(std::move(w.st));
                    }
                  }
                }
              }
            }
          }
        } else {
          note(Notification::Kind::UnsupportedSyntax, s->loc, "this augmented assignment target is not supported");
          next.push_back(std::move(st));
        }
      }
      states = std::move(next);
      break;
    }
    case ir::StmtKind::If: {
      States false_states;
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (auto& o : eval(s->value, std::move(st))) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          for (auto& t : branch(std::move(o.st), o.v, s->loc, s->value, &false_states)) next.push_back(std::move(t));
        }
      }
      States true_states;
      for (auto& st : next)
        if (st.normal()) true_states.push_back(std::move(st));
        else false_states.push_back(std::move(st));  // abnormal ones pass through the else arm untouched
      exec_block(s->body, true_states);
      exec_block(s->orelse, false_states);
      append(true_states, std::move(false_states));
      // the two arms of an `if` in the project's code join (see merge_states)
      if (in_project(s->loc.file)) forget_dead(true_states, s, false);
      merge_states(true_states, in_project(s->loc.file));
      states = std::move(true_states);
      break;
    }
    case ir::StmtKind::While: {
      States live, exited;
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        live.push_back(std::move(st));
      }
      int iterations = 0;
      States heads;     // the states at the head of the previous iteration
      States widened;   // the widened head states (see widen.cpp)
      States forever;   // states at a fixpoint (below; at most 64): the loop's end if nothing exits it
      auto loop_symbols = static_cast<sym::SymId>(symbols_.size());
      const bool user_loop = in_project(s->loc.file);
      const std::uint64_t execution = ++loop_executions_;
      const bool endless = s->value && (s->value->kind == ir::ExprKind::True ||
                                        (s->value->kind == ir::ExprKind::Int && s->value->ival != 0));
      // `while True:` runs exactly up to the unroll cap (a break at a known count stays exact);
      // at the cap it widens its known values too and goes on to a fixpoint
      bool widen_known = false;
      int cap = options_.max_loop_unroll;
      while (!live.empty()) {
        if (user_loop) loop_head(live, execution);
        if (!heads.empty()) {
          States go_on;
          for (auto& l : live) {
            // a fixpoint: a state at the head that equals one seen at the previous head, up to
            // the draws the loop made (a loop on an unknown condition whose body changes no
            // shape; a rejection-sampling loop `while j == i: j = randint(0, n - 1)`) goes on as
            // that one did: its exits are already collected
            // (one whose floats grew beyond the previous head's goes on with them widened: the
            // exploration rate of an epsilon-greedy agent decays, and its next episode explores
            // less)
            std::vector<Place> grown;
            bool fixpoint = false;
            for (const State& h : heads) {
              if (!same_up_to_loop_draws(h, l, loop_symbols, grown)) continue;
              if (grown.empty()) {
                fixpoint = true;
                break;
              }
              for (const Place& p : grown) {
                if (p.in == Place::In::Values && p.values) assign_values(l, p, (*p.values)[1].widen((*p.values)[0]));
                else assign_at(l, p, Value::floating(p.y.f.widen(p.x.f)));
              }
              break;
            }
            if (fixpoint) {
              if (forever.size() < 64) forever.push_back(std::move(l));
              continue;
            }
            // within a widened state: its future is that state's; the requirements its last
            // iteration imposed are checked on it
            if (std::any_of(widened.begin(), widened.end(), [&](const State& w) { return covers(w, l); })) {
              l.flow = Flow::Covered;
              exited.push_back(std::move(l));
              continue;
            }
            // a loop of the project's code still going after a few iterations that changed only
            // scalars: widen them (loops of the library models run as they are written)
            if (user_loop && iterations >= kWidenAfter && std::any_of(heads.begin(), heads.end(), [&](const State& h) {
                  return widen_head(h, l, widen_known ? Widen::EndlessLoop : Widen::WhileLoop);
                }))
              widened.push_back(l);
            go_on.push_back(std::move(l));
          }
          live = std::move(go_on);
        }
        if (live.empty()) break;
        heads = live;
        States cond_true, cond_false;
        for (auto& st : live) {
          if (!st.normal()) {
            exited.push_back(std::move(st));
            continue;
          }
          for (auto& o : eval(s->value, std::move(st))) {
            if (!o.st.normal()) {
              exited.push_back(std::move(o.st));
              continue;
            }
            for (auto& t : branch(std::move(o.st), o.v, s->loc, s->value, &cond_false)) cond_true.push_back(std::move(t));
          }
        }
        // loop exits normally: the else clause runs
        exec_block(s->orelse, cond_false);
        append(exited, std::move(cond_false));
        if (cond_true.empty()) break;
        if (++iterations > cap && endless && user_loop && !widen_known) {
          widen_known = true;
          cap += 4 * kWidenAfter;
        }
        if (iterations > cap) {
          note(Notification::Kind::Budget, s->loc,
               "while loop still running after " + std::to_string(options_.max_loop_unroll) +
                   " iterations; the paths that continue it were not analysed");
          for (auto& st : cond_true) {
            stop(st, StopReason::LoopCap, s->loc);
            exited.push_back(std::move(st));
          }
          break;
        }
        exec_block(s->body, cond_true);
        live.clear();
        split_loop_outcomes(cond_true, live, exited, s, user_loop);
      }
      if (exited.empty() && !forever.empty()) {
        // nothing ever leaves the loop (`while True:` with no break, a server or an endless
        // environment loop): the program runs in it for ever, a behaviour the analysis explored
        // completely; what the path required before and in it is reported, and nothing after
        // the loop is reachable
        for (auto& st : forever) {
          st.flow = Flow::Covered;
          exited.push_back(std::move(st));
        }
      }
      append(next, std::move(exited));
      if (user_loop) {
        loop_exit(next, execution);
        forget_dead(next, s, false);
      }
      merge_states(next, user_loop);
      states = std::move(next);
      break;
    }
    case ir::StmtKind::For: {
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (auto& o : eval(s->value, std::move(st))) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          Outs iters;
          {
            // iter(loader) runs the dataset's code: what fails there is reported at the loop
            SiteGuard g(*this, s->value);
            iters = iterate(std::move(o.st), o.v);
          }
          for (auto& it : iters) {
            if (!it.st.normal()) {
              next.push_back(std::move(it.st));
              continue;
            }
            States live, exited;
            std::vector<Value> items;
            bool summary = false;
            int last_batch = -1;
            std::optional<sym::Expr> count;  // of a summary iteration, when the iterator knows it
            // (a short tuple or list, a shape's dims: unrolled, not widened; see summarise_loop)
            bool short_sequence = false;
            if (o.v.is_obj()) {
              const Object& seq = it.st.heap.get(o.v.obj);
              short_sequence = (seq.kind == OKind::Tuple || seq.kind == OKind::List) && seq.items.size() <= kUnrolledSequence;
            }
            if (it.v.is_obj()) {
              const Object& io = it.st.heap.get(it.v.obj);
              items = io.items;
              summary = io.summary_iter;
              last_batch = io.last_batch;
              if (summary) count = known_summary_length(it.st, it.v);
            }
            // the last minibatch is explained at the project's own loop over the DataLoader
            if (const ir::Module* m = module_of_file(s->loc.file); last_batch >= 0 && m && !m->is_stub)
              last_batches_[static_cast<std::size_t>(last_batch)].loop = s->loc;
            if (it.v.is_unknown()) {
              // iterating something tenscan does not know: the body once, on an unknown element
              items.push_back(Value::unknown(it.v.s ? *it.v.s + "[i]" : "element"));
              summary = true;
            }
            // the lists a loop of unknown length appends to have an unknown length after it
            // (and so do those of a loop with more items than the unroll cap, if it is summarised)
            // (a loop over objects the program made one by one, `for m in self.modules()` of an
            // EfficientNet-B7's 1,100 layers, costs about what making them did: it is unrolled
            // to the end, within the work budget, when no iteration stands for the rest)
            std::size_t cap = static_cast<std::size_t>(options_.max_loop_unroll);
            if (std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is_obj(); })) cap = std::max(cap, items.size());
            bool capped = items.size() > cap, represented = false;
            // a long loop of the project's code (a dataset built sample by sample) gets the
            // representative iteration as soon as it is no fixpoint: its cost is two iterations
            // whatever its length, and the lists it grows keep their exact length
            bool long_loop = !summary && !capped && items.size() > kRepresentAfter && in_project(s->loc.file);
            std::optional<Heap> before;
            if (summary || capped || long_loop) before = it.st.heap;
            const bool user_loop = in_project(s->loc.file);
            std::optional<State> head;  // (a summary loop's state before it: summary_fixpoint)
            if (summary && user_loop) head = it.st;
            live.push_back(std::move(it.st));
            const std::uint64_t execution = ++loop_executions_;
            States summarised;  // paths whose remaining iterations one trial covered (summarise_loop)
            const auto loop_symbols = static_cast<sym::SymId>(symbols_.size());
            for (std::size_t idx = 0; idx < std::min(items.size(), cap); ++idx) {
              if (live.empty()) break;
              // After one concrete iteration, try to cover all the remaining ones at once (an
              // epoch loop), path by path: see summarise_loop. Past the cap, one iteration on a
              // value that stands for all the remaining items has to do (`for i in range(50000)`).
              if (idx == 1 && !summary && items.size() > 2) {
                // (a comprehension's loop grows its result: never a fixpoint, so no trial)
                bool comprehension = live[0].frame().code->kind == ir::Code::Kind::Comprehension;
                if (!comprehension) {
                  States rest;
                  for (auto& l : live) (summarise_loop(s, l, items, idx, loop_symbols, exited, !short_sequence) ? summarised : rest).push_back(std::move(l));
                  live = std::move(rest);
                  if (user_loop && !live.empty() && summarise_set(s, live, exited, items, idx, loop_symbols)) {
                    append(summarised, std::move(live));
                    live.clear();
                  }
                  if ((represented = live.empty())) break;
                }
                if ((capped || (long_loop && !comprehension)) &&
                    (represented = run_representative_iteration(s, live, exited, items, idx)))
                  break;
              }
              if (user_loop) loop_head(live, execution);
              run_loop_body(s, live, exited, items[idx], idx + 1 == items.size() ? last_batch : -1);
            }
            if (head && !live.empty()) {
              summary_fixpoint(s, *head, live, exited, items, last_batch);
              widen_loop_tensors(*head, live);
            }
            if (user_loop) {
              loop_exit(live, execution);
              loop_exit(summarised, execution);
              loop_exit(exited, execution);
            }
            if (capped && !represented && !live.empty()) {
              // the iterations beyond the cap were not analysed, so neither is what follows
              note(Notification::Kind::Budget, s->loc,
                   "this loop has more than " + std::to_string(cap) + " iterations that differ; the paths that run past the first " +
                       std::to_string(cap) + " were not analysed");
              for (auto& l : live) stop(l, StopReason::LoopCap, s->loc);
            }
            represented = represented || !summarised.empty();
            append(live, std::move(summarised));
            if (before && (summary || capped)) widen_loop_exits(*before, live, exited, count, items.size());
            else if (before && represented)  // (ran twice: the first item, then the representative)
              widen_loop_exits(*before, live, exited, sym::Expr::constant(static_cast<std::int64_t>(items.size())), 2);
            // the loop ran to completion: else clause
            exec_block(s->orelse, live);
            append(next, std::move(live));
            append(next, std::move(exited));
          }
        }
      }
      if (in_project(s->loc.file)) forget_dead(next, s, false);
      merge_states(next);
      states = std::move(next);
      break;
    }
    case ir::StmtKind::Break:
    case ir::StmtKind::Continue:
      for (auto& st : states) {
        if (st.normal()) st.flow = s->kind == ir::StmtKind::Break ? Flow::Break : Flow::Continue;
      }
      break;
    case ir::StmtKind::Return:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        if (!s->value) {
          st.flow = Flow::Return;
          st.ret.reset();
          next.push_back(std::move(st));
          continue;
        }
        for (auto& o : eval(s->value, std::move(st))) {
          if (o.st.normal()) {
            o.st.flow = Flow::Return;
            o.st.ret = o.v;
          }
          next.push_back(std::move(o.st));
        }
      }
      states = std::move(next);
      break;
    case ir::StmtKind::Raise: {
      // a raise in a stub (the model of a library) is reported where the user's code called it
      const ir::Module* m = module_of_file(s->loc.file);
      ir::Loc raised_at = m && m->is_stub ? site() : s->loc;
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        if (!s->value) {
          // bare raise: re-raise the exception the enclosing `except` block is handling
          // (Python re-raises the same exception: where it came from stays what it was)
          const Raised& current = st.frame().handling;
          if (current.exc.is_obj()) {
            st.flow = Flow::Raise;
            st.raised = current;
            next.push_back(std::move(st));
          } else {
            for (auto& r : raise(std::move(st), "RuntimeError", "No active exception to reraise")) next.push_back(std::move(r.st));
          }
          continue;
        }
        for (auto& o : eval(s->value, std::move(st))) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          Outs exc = one(std::move(o.st), o.v);
          if (o.v.is_obj() && exc[0].st.heap.get(o.v.obj).kind == OKind::Class) exc = call(std::move(exc[0].st), o.v, {});
          for (auto& e : exc) {
            if (e.st.normal()) {
              e.st.flow = Flow::Raise;
              // the project's own raise is the script's own check; a library model's raise is the
              // library refusing the program's call, as the real one does (the models keep its
              // checks and messages): the program's certain failure
              e.st.raised = {e.v, raised_at, !(m && m->is_stub), m && m->is_stub, site_function()};
              // SystemExit ends the program normally on this path
              ObjId se = builtin_class("SystemExit");
              if (se && isinstance(e.st, e.v, se)) e.st.flow = Flow::Exit;
            }
            next.push_back(std::move(e.st));
          }
        }
      }
      states = std::move(next);
      break;
    }
    case ir::StmtKind::Try: {
      States body;
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        body.push_back(std::move(st));
      }
      exec_block(s->body, body);
      States after;    // paths that left the body without an exception (they run `else`)
      States handled_states;  // paths that raised (caught by a handler, or not)
      for (auto& st : body) {
        if (st.flow != Flow::Raise) {
          after.push_back(std::move(st));
          continue;
        }
        // find a matching handler
        bool handled = false;
        for (const auto& h : s->handlers) {
          if (handled) break;
          bool matches = !h.type;
          State probe = st;
          probe.flow = Flow::Normal;
          if (h.type) {
            Outs tv = eval(h.type, std::move(probe));
            if (tv.empty() || !tv[0].st.normal()) continue;
            probe = std::move(tv[0].st);
            const Value& t = tv[0].v;
            auto check = [&](const Value& cls) {
              if (cls.is_unknown()) return true;  // an exception type tenscan does not know
              return cls.is_obj() && probe.heap.get(cls.obj).kind == OKind::Class && isinstance(probe, st.raised->exc, cls.obj);
            };
            if (const auto* seq = sequence_of(probe, t)) {
              for (const auto& c : *seq) matches = matches || check(c);
            } else {
              matches = check(t);
            }
          }
          if (!matches) continue;
          handled = true;
          Raised caught = *probe.raised;  // (a copy: the path's own is reset below)
          const Value exc = caught.exc;
          probe.raised.reset();
          probe.unwound.reset();
          Raised outer = probe.frame().handling;
          probe.frame().handling = std::move(caught);
          States hs;
          hs.push_back(std::move(probe));
          if (h.target) {
            States bound;
            for (auto& x : hs)
              for (auto& r : assign(h.target, std::move(x), exc)) bound.push_back(std::move(r));
            hs = std::move(bound);
          }
          exec_block(h.body, hs);
          for (auto& x : hs) {
            if (!x.frames.empty()) x.frame().handling = outer;
            handled_states.push_back(std::move(x));
          }
        }
        if (!handled) handled_states.push_back(std::move(st));
      }
      // else clause: only for paths that finished the body without an exception
      States normal, other;
      for (auto& st : after) (st.normal() ? normal : other).push_back(std::move(st));
      exec_block(s->orelse, normal);
      append(normal, std::move(other));
      append(normal, std::move(handled_states));
      if (!s->finalbody.empty()) {
        for (auto& st : normal) {
          Flow saved = st.flow;
          Value ret = st.ret;
          Raised raised = st.raised;
          if (saved == Flow::Dead || saved == Flow::Covered) {
            next.push_back(std::move(st));
            continue;
          }
          st.flow = Flow::Normal;
          States fin;
          fin.push_back(std::move(st));
          exec_block(s->finalbody, fin);
          for (auto& f : fin) {
            if (f.normal()) {
              f.flow = saved;
              f.ret = ret;
              f.raised = raised;
            }
            next.push_back(std::move(f));
          }
        }
        states = std::move(next);
      } else {
        states = std::move(normal);
      }
      merge_states(states);
      break;
    }
    case ir::StmtKind::With: {
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        States cur;
        cur.push_back(std::move(st));
        std::vector<std::vector<Value>> managers(1);
        // enter every item
        for (const auto& item : s->with_items) {
          States after;
          for (auto& c : cur) {
            if (!c.normal()) {
              after.push_back(std::move(c));
              continue;
            }
            for (auto& o : eval(item.context, std::move(c))) {
              if (!o.st.normal()) {
                after.push_back(std::move(o.st));
                continue;
              }
              bool found = false;
              Value mgr = o.v;
              Outs entered = dunder(std::move(o.st), mgr, "__enter__", {}, found);
              for (auto& e : entered) {
                if (!e.st.normal()) {
                  after.push_back(std::move(e.st));
                  continue;
                }
                Value bound = found ? e.v : (mgr.is_unknown() ? Value::unknown(*mgr.s + ".__enter__()") : mgr);
                // the manager whose __exit__ an exception from the body goes to
                e.st.exits.mut().push_back(mgr.is_obj() ? mgr : Value::none());
                if (item.target) {
                  for (auto& r : assign(item.target, std::move(e.st), bound)) after.push_back(std::move(r));
                } else {
                  after.push_back(std::move(e.st));
                }
              }
            }
          }
          cur = std::move(after);
        }
        exec_block(s->body, cur);
        // leaving the statement: an exception goes to each manager's __exit__, innermost first,
        // which suppresses it by returning a true value (contextlib.suppress, a user's manager).
        // (On the other ways out, __exit__ has no effect tenscan follows; it is not called.)
        for (std::size_t k = 0; k < s->with_items.size(); ++k) {
          States left;
          for (auto& c : cur) {
            if (c.exits->empty()) {  // (it never entered this item: an exception on the way in)
              left.push_back(std::move(c));
              continue;
            }
            Value mgr = c.exits->back();
            c.exits.mut().pop_back();
            if (c.flow != Flow::Raise || !mgr.is_obj() || !c.raised->exc.is_obj()) {
              left.push_back(std::move(c));
              continue;
            }
            const Raised raised = c.raised;
            const Value& exc = raised.exc;
            c.flow = Flow::Normal;
            Args args;
            ObjId exc_cls = class_of(c, exc);
            args.pos = {exc_cls ? Value::object(exc_cls) : Value::none(), exc, Value::none()};
            bool found = false;
            for (auto& o : dunder(std::move(c), mgr, "__exit__", std::move(args), found)) {
              if (!o.st.normal()) {
                left.push_back(std::move(o.st));
                continue;
              }
              States keep, reraise;
              if (found) {
                for (auto& t : branch(std::move(o.st), o.v, s->loc, nullptr, &reraise)) keep.push_back(std::move(t));
              } else {
                reraise.push_back(std::move(o.st));
              }
              append(left, std::move(keep));
              for (auto& t : reraise) {
                t.flow = Flow::Raise;
                t.raised = raised;
                left.push_back(std::move(t));
              }
            }
          }
          cur = std::move(left);
        }
        append(next, std::move(cur));
      }
      states = std::move(next);
      break;
    }
    case ir::StmtKind::Assert:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (auto& o : eval(s->value, std::move(st))) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          const std::string* why = s->cause && s->cause->kind == ir::ExprKind::Str ? &s->cause->name : nullptr;
          if (o.st.module_check && o.v.kind == VKind::Bool && !o.v.b.is_true() && !o.v.b.is_false()) {
            // (module mode: what a forward asserts of its input is a condition of its contract,
            // `assert h == self.image_size`, not a path that ends)
            SiteGuard at_test(*this, s->value);
            require(o.st, o.v.b, RuleId::AssertionFailed, Msg() << "AssertionError" << (why ? ": " + *why : std::string()));
            next.push_back(std::move(o.st));
            continue;
          }
          States fails;
          States passes = branch(std::move(o.st), o.v, s->loc, s->value, &fails);
          // (at the assertion's test: the site of whatever the test evaluated last is gone)
          SiteGuard at_test(*this, s->value);
          // The project's assertion failing for sure on this path is a finding
          // (python/assertion-failed, a warning: its test often rests on tenscan's models). One
          // that fails only for some values tenscan does not know (`assert torch.allclose(a,
          // b)`) is the script's own check, as a raise of its own is. Its message is the one a
          // literal gives (`assert ok, "why"`), as CPython's.
          // (a path whose own branches rested on such values, inside the test or before it,
          // does not make it certain either)
          const bool decided = passes.empty();
          append(next, std::move(passes));
          const ir::Module* m = module_of_file(s->loc.file);
          for (auto& f : fails) {
            const bool certain = decided && !f.contingent;
            Outs raised = certain ? raise_program_error(std::move(f), "AssertionError", why ? *why : "")
                                  : raise(std::move(f), "AssertionError", why ? *why : "");
            for (auto& r : raised) {
              if (!certain) r.st.raised.mut().user_raise = m && !m->is_stub;
              next.push_back(std::move(r.st));
            }
          }
        }
      }
      states = std::move(next);
      break;
    case ir::StmtKind::Import:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        const ir::Module* from = module_of_file(s->loc.file);
        for (auto& o : import_module(std::move(st), s->module, from, 0)) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          Value bound;
          if (!s->asnames.empty()) {
            bound = o.v;
          } else {
            std::string top = s->module.substr(0, s->module.find('.'));
            auto it = o.st.modules.find(top);
            bound = it == o.st.modules.end() ? Value::unknown(top) : Value::object(it->second);
          }
          if (bound.is_none()) bound = Value::unknown(s->module);
          store_name(o.st, s->targets[0], bound);
          next.push_back(std::move(o.st));
        }
      }
      states = std::move(next);
      break;
    case ir::StmtKind::ImportFrom:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        const ir::Module* from = module_of_file(s->loc.file);
        for (auto& o : import_module(std::move(st), s->module, from, s->level)) {
          if (!o.st.normal()) {
            next.push_back(std::move(o.st));
            continue;
          }
          State cur = std::move(o.st);
          Value mod = o.v;
          std::string modname = s->module;
          if (mod.is_obj()) modname = cur.heap.get(mod.obj).name;
          bool ok = true;
          for (std::size_t i = 0; i < s->names.size() && ok; ++i) {
            const std::string& n = s->names[i];
            if (n == "*") {
              ObjId g = cur.frame().globals;
              if (mod.is_obj()) {
                std::vector<std::pair<std::string, Value>> pub;
                for (const auto& [k, v] : cur.heap.get(mod.obj).attrs)
                  if (!k.empty() && k[0] != '_') pub.emplace_back(k, v);
                std::sort(pub.begin(), pub.end(), [](auto& x, auto& y) { return x.first < y.first; });
                for (auto& [k, v] : pub) cur.heap.mut(g).attrs[k] = v;
              }
              // a library tenscan models in part (or not at all) may export names its model
              // lacks: they read as unknown rather than as NameErrors
              const Object* mo = mod.is_obj() ? &cur.heap.get(mod.obj) : nullptr;
              if (!mo || mo->unmodelled_library || !mo->module || mo->module->is_stub)
                cur.heap.mut(g).attrs[kExecNamesMarker] = Value::str("`from " + modname + " import *`");
              continue;
            }
            Value v;
            bool found = false;
            if (mod.is_obj()) {
              Outs got = getattr_opt(std::move(cur), mod, n, found);
              cur = std::move(got[0].st);
              v = got[0].v;
            }
            if (!found && mod.is_obj() && cur.heap.get(mod.obj).unmodelled_library) {
              // a function or class of an unmodelled library (`from itertools import count`):
              // a value tenscan does not know
              v = Value::unknown(modname + "." + n);
            } else if (!found || !mod.is_obj()) {
              // maybe a submodule: from pkg import sub (`from . import sub` in a top-level
              // module or the entry script: sub is a top-level module)
              Outs sub = import_module(std::move(cur), modname.empty() ? n : modname + "." + n, nullptr, 0);
              cur = std::move(sub[0].st);
              v = sub[0].v;
              // neither a member nor a module anyone models (a name missing from a stub)
              if (v.is_none() || (v.is_obj() && cur.heap.get(v.obj).unmodelled_library)) v = Value::unknown(modname + "." + n);
            }
            store_name(cur, s->targets[i], v);
          }
          next.push_back(std::move(cur));
        }
      }
      states = std::move(next);
      break;
    case ir::StmtKind::Delete:
      for (auto& st : states) {
        if (pass_abnormal(st)) continue;
        for (const ir::Expr* t : s->targets) {
          if (t->kind == ir::ExprKind::Name) {
            store_name(st, t, Value::undef());
          } else if (t->kind == ir::ExprKind::Subscript) {
            Outs obj = eval(t->a, std::move(st));
            st = std::move(obj[0].st);
            Outs idx = eval(t->b, std::move(st));
            st = std::move(idx[0].st);
            if (obj[0].v.is_obj()) {
              const Object& o = st.heap.get(obj[0].v.obj);
              if (o.kind == OKind::Dict) {
                auto& es = st.heap.mut(obj[0].v.obj).entries;
                es.erase(std::remove_if(es.begin(), es.end(), [&](const DictEntry& e) { return same_value(e.key, idx[0].v); }),
                         es.end());
              } else if (o.kind == OKind::List) {
                if (auto k = idx[0].v.const_int()) {
                  auto& items = st.heap.mut(obj[0].v.obj).items;
                  auto n = static_cast<std::int64_t>(items.size());
                  std::int64_t i = *k < 0 ? *k + n : *k;
                  if (i >= 0 && i < n) items.erase(items.begin() + i);
                }
              }
            }
          } else if (t->kind == ir::ExprKind::Attr) {
            Outs obj = eval(t->a, std::move(st));
            st = std::move(obj[0].st);
            if (obj[0].v.is_obj()) st.heap.mut(obj[0].v.obj).attrs.erase(t->name);
          }
        }
        next.push_back(std::move(st));
      }
      states = std::move(next);
      break;
    case ir::StmtKind::Unsupported:
      break;
  }
}


// ---- names and assignment ------------------------------------------------------------------

Outs Interpreter::load_name(State&& st, const ir::Expr* e) {
  Frame& f = st.frame();
  // a NameError is raised at the name; the program's own unless `program` is false
  auto name_error = [&](const char* cls, const std::string& msg, bool program = true) {
    SiteGuard at_name(*this, e);
    return program ? raise_program_error(std::move(st), cls, msg) : raise(std::move(st), cls, msg);
  };
  switch (e->scope) {
    case ir::NameScope::Fast: {
      const Value& v = f.slots[static_cast<std::size_t>(e->slot)];
      if (v.kind == VKind::Undef)
        return name_error("UnboundLocalError", "local variable '" + e->name + "' referenced before assignment");
      return one(std::move(st), v);
    }
    case ir::NameScope::Cell: {
      const Value& c = f.slots[static_cast<std::size_t>(e->slot)];
      if (!c.is_obj()) return raise(std::move(st), "NameError", "free variable '" + e->name + "' is not bound");
      const Value& v = st.heap.get(c.obj).a;
      if (v.kind == VKind::Undef)
        return name_error("NameError", "cannot access free variable '" + e->name +
                                           "' where it is not associated with a value in enclosing scope");
      return one(std::move(st), v);
    }
    case ir::NameScope::ClassBody: {
      if (f.class_ns) {
        const auto& attrs = st.heap.get(f.class_ns).attrs;
        auto it = attrs.find(e->name);
        if (it != attrs.end()) return one(std::move(st), it->second);
      }
      [[fallthrough]];
    }
    case ir::NameScope::Global:
    case ir::NameScope::Unresolved: {
      const auto& g = st.heap.get(f.globals).attrs;
      auto it = g.find(e->name);
      if (it != g.end()) return one(std::move(st), it->second);
      const auto& b = st.heap.get(builtins_module_).attrs;
      auto bi = b.find(e->name);
      if (bi != b.end()) return one(std::move(st), bi->second);
      if (auto m = g.find(kExecNamesMarker); m != g.end()) {
        const std::string* why = m->second.const_str();
        return one(std::move(st), Value::unknown("a name " + (why ? *why : std::string("exec()")) + " may have bound"));
      }
      // a builtin Python has and tenscan lacks is a gap of its models; any other name the
      // program never bound is its own error
      if (cpython_builtin(e->name))
        return name_error("NameError", "name '" + e->name + "' is not defined (a builtin tenscan does not model)", false);
      return name_error("NameError", "name '" + e->name + "' is not defined");
    }
  }
  return one(std::move(st), Value::none());
}

void Interpreter::store_name(State& st, const ir::Expr* e, const Value& v) {
  Frame& f = st.frame();
  switch (e->scope) {
    case ir::NameScope::Fast: f.slots[static_cast<std::size_t>(e->slot)] = v; return;
    case ir::NameScope::Cell: {
      const Value& c = f.slots[static_cast<std::size_t>(e->slot)];
      if (c.is_obj()) st.heap.mut(c.obj).a = v;
      return;
    }
    case ir::NameScope::ClassBody:
      if (f.class_ns) {
        if (v.kind == VKind::Undef) st.heap.mut(f.class_ns).attrs.erase(e->name);
        else st.heap.mut(f.class_ns).attrs[e->name] = v;
        return;
      }
      [[fallthrough]];
    case ir::NameScope::Global:
    case ir::NameScope::Unresolved:
      if (v.kind == VKind::Undef) st.heap.mut(f.globals).attrs.erase(e->name);
      else st.heap.mut(f.globals).attrs[e->name] = v;
      return;
  }
}

States Interpreter::assign(const ir::Expr* target, State&& st, const Value& v) {
  States res;
  switch (target->kind) {
    case ir::ExprKind::Name:
      store_name(st, target, v);
      res.push_back(std::move(st));
      return res;
    case ir::ExprKind::Attr:
      for (auto& o : eval(target->a, std::move(st))) {
        if (!o.st.normal()) {
          res.push_back(std::move(o.st));
          continue;
        }
        SiteGuard g(*this, target);  // (a failing __setattr__ of a library class is reported here)
        for (auto& w : store_attr(std::move(o.st), o.v, target->name, v)) res.push_back(std::move(w.st));
      }
      return res;
    case ir::ExprKind::Subscript:
      for (auto& o : eval(target->a, std::move(st))) {
        if (!o.st.normal()) {
          res.push_back(std::move(o.st));
          continue;
        }
        for (auto& i : eval(target->b, std::move(o.st))) {
          if (!i.st.normal()) {
            res.push_back(std::move(i.st));
            continue;
          }
          SiteGuard g(*this, target);
          for (auto& w : setitem(std::move(i.st), o.v, i.v, v)) res.push_back(std::move(w.st));
        }
      }
      return res;
    case ir::ExprKind::Tuple:
    case ir::ExprKind::List: {
      // (module mode: `n, c, h, w = x.shape` gives the forward's argument its rank)
      if (auto t = module_shape_of(v)) {
        std::vector<std::string> names;
        for (const ir::Expr* e : target->items) names.push_back(dim_name_of(e, names.size()));
        if (std::find(names.begin(), names.end(), std::string()) == names.end()) {
          bind_module_rank(st, *t, names);
          if (const TensorVal* tv = tensor_of(st, Value::object(*t)); tv && tv->shape) {
            std::vector<Value> dims;
            for (const auto& d : *tv->shape) dims.push_back(Value::integer(d));
            Value shape = new_tuple(st, std::move(dims));
            return assign(target, std::move(st), shape);
          }
        }
      }
      // unpacking (with at most one starred target)
      for (auto& it : iterate(std::move(st), v)) {
        if (!it.st.normal()) {
          res.push_back(std::move(it.st));
          continue;
        }
        std::vector<Value> items;
        bool known = it.v.is_obj() && !it.st.heap.get(it.v.obj).summary_iter;
        if (known) items = it.st.heap.get(it.v.obj).items;
        const auto& ts = target->items;
        int star = -1;
        for (std::size_t k = 0; k < ts.size(); ++k)
          if (ts[k]->kind == ir::ExprKind::Starred) star = static_cast<int>(k);
        std::vector<Value> vals;
        if (!known) {
          for (std::size_t k = 0; k < ts.size(); ++k)
            vals.push_back(static_cast<int>(k) == star ? new_list(it.st, {})
                                                       : Value::unknown((v.is_unknown() && v.s ? *v.s : std::string("value")) + "[" + std::to_string(k) + "]"));
        } else if (star < 0) {
          if (items.size() != ts.size()) {
            for (auto& r : raise(std::move(it.st), "ValueError",
                                 items.size() > ts.size() ? "too many values to unpack (expected " + std::to_string(ts.size()) + ")"
                                                          : "not enough values to unpack (expected " + std::to_string(ts.size()) +
                                                                ", got " + std::to_string(items.size()) + ")"))
              res.push_back(std::move(r.st));
            continue;
          }
          vals = items;
        } else {
          std::size_t before = static_cast<std::size_t>(star), after = ts.size() - before - 1;
          if (items.size() < before + after) {
            for (auto& r : raise(std::move(it.st), "ValueError", "not enough values to unpack"))
              res.push_back(std::move(r.st));
            continue;
          }
          for (std::size_t k = 0; k < before; ++k) vals.push_back(items[k]);
          vals.push_back(new_list(it.st, std::vector<Value>(items.begin() + static_cast<long>(before),
                                                            items.end() - static_cast<long>(after))));
          for (std::size_t k = items.size() - after; k < items.size(); ++k) vals.push_back(items[k]);
        }
        States cur;
        cur.push_back(std::move(it.st));
        for (std::size_t k = 0; k < ts.size(); ++k) {
          const ir::Expr* t = ts[k]->kind == ir::ExprKind::Starred ? ts[k]->a : ts[k];
          States after;
          for (auto& c : cur) {
            if (!c.normal()) {
              after.push_back(std::move(c));
              continue;
            }
            for (auto& r : assign(t, std::move(c), vals[k])) after.push_back(std::move(r));
          }
          cur = std::move(after);
        }
        append(res, std::move(cur));
      }
      return res;
    }
    case ir::ExprKind::Starred: return assign(target->a, std::move(st), v);
    default:
      res.push_back(std::move(st));
      return res;
  }
}

// ---- expressions ---------------------------------------------------------------------------

std::vector<std::pair<State, std::vector<Value>>> Interpreter::eval_list(const std::vector<ir::Expr*>& es, State&& st) {
  std::vector<std::pair<State, std::vector<Value>>> cur;
  cur.emplace_back(std::move(st), std::vector<Value>{});
  for (const ir::Expr* e : es) {
    if (cur.size() == 1 && cur[0].first.normal() && e->kind != ir::ExprKind::Starred) {
      // (one path, as usual: its state and values stay where they are unless the argument splits it)
      Outs outs = eval(e, std::move(cur[0].first));
      if (outs.size() == 1) {
        cur[0].first = std::move(outs[0].st);
        cur[0].second.push_back(std::move(outs[0].v));
        continue;
      }
      std::vector<Value> vals = std::move(cur[0].second);
      cur.clear();
      for (auto& o : outs) {
        cur.emplace_back(std::move(o.st), vals);
        cur.back().second.push_back(std::move(o.v));
      }
      continue;
    }
    std::vector<std::pair<State, std::vector<Value>>> next;
    for (auto& [s, vals] : cur) {
      if (!s.normal()) {
        next.emplace_back(std::move(s), std::move(vals));
        continue;
      }
      if (e->kind == ir::ExprKind::Starred) {
        for (auto& o : eval(e->a, std::move(s))) {
          if (!o.st.normal()) {
            next.emplace_back(std::move(o.st), vals);
            continue;
          }
          for (auto& it : iterate(std::move(o.st), o.v)) {
            auto v2 = vals;
            if (it.st.normal()) {
              if (it.v.is_obj() && !it.st.heap.get(it.v.obj).summary_iter) {
                const auto& items = it.st.heap.get(it.v.obj).items;
                v2.insert(v2.end(), items.begin(), items.end());
              } else {
                v2.push_back(Value::unknown("*" + (o.v.is_unknown() && o.v.s ? *o.v.s : std::string("args"))));
              }
            }
            next.emplace_back(std::move(it.st), std::move(v2));
          }
        }
        continue;
      }
      for (auto& o : eval(e, std::move(s))) {
        auto v2 = vals;
        v2.push_back(o.v);
        next.emplace_back(std::move(o.st), std::move(v2));
      }
    }
    cur = std::move(next);
  }
  return cur;
}

Outs Interpreter::eval(const ir::Expr* e, State&& st) { return split_choices(eval_node(e, std::move(st))); }

Outs Interpreter::split_choices(Outs&& outs) {
  if (std::none_of(outs.begin(), outs.end(), [](const Out& o) { return o.v.kind == VKind::Choice; })) return std::move(outs);
  Outs res;
  for (auto& o : outs) {
    if (o.v.kind != VKind::Choice) {
      res.push_back(std::move(o));
      continue;
    }
    Value first = o.v.alternative(0), second = o.v.alternative(1);
    sym::Cond when = o.v.b;
    // (a path that read the choice before knows its condition: one alternative, no copy)
    switch (decide(o.st, when)) {
      case sym::Tri::True: res.emplace_back(std::move(o.st), first); continue;
      case sym::Tri::False: res.emplace_back(std::move(o.st), second); continue;
      case sym::Tri::Unknown: break;
    }
    State other = o.st;
    if (assume(o.st, when)) res.emplace_back(std::move(o.st), first);
    if (assume(other, !when)) res.emplace_back(std::move(other), second);
  }
  return res;
}

Outs Interpreter::eval_node(const ir::Expr* e, State&& st) {
  switch (e->kind) {
    case ir::ExprKind::None: return one(std::move(st), Value::none());
    case ir::ExprKind::True: return one(std::move(st), Value::boolean(true));
    case ir::ExprKind::False: return one(std::move(st), Value::boolean(false));
    case ir::ExprKind::Ellipsis: {
      Value v = Value::object(builtin_class("ellipsis"));
      auto it = st.heap.get(builtins_module_).attrs.find("Ellipsis");
      if (it != st.heap.get(builtins_module_).attrs.end()) v = it->second;
      return one(std::move(st), v);
    }
    case ir::ExprKind::Int: return one(std::move(st), Value::integer(e->ival));
    case ir::ExprKind::Float: return one(std::move(st), Value::floating(e->fval));
    case ir::ExprKind::Str: return one(std::move(st), Value::str(e->name));
    case ir::ExprKind::Bytes: return one(std::move(st), Value::unknown("bytes"));
    case ir::ExprKind::Name: return load_name(std::move(st), e);
    case ir::ExprKind::Attr:
      return then(eval(e->a, std::move(st)), [&](State&& s, Value obj) {
        SiteGuard g(*this, e);
        return getattr(std::move(s), obj, e->name);
      });
    case ir::ExprKind::Subscript:
      return then(eval(e->a, std::move(st)), [&](State&& s, Value obj) {
        return then(eval(e->b, std::move(s)), [&](State&& s2, Value idx) {
          SiteGuard g(*this, e);
          return getitem(std::move(s2), obj, idx);
        });
      });
    case ir::ExprKind::Slice: {
      auto part = [&](const ir::Expr* p, State&& s) { return p ? eval(p, std::move(s)) : one(std::move(s), Value::none()); };
      return then(part(e->a, std::move(st)), [&](State&& s1, Value lo) {
        return then(part(e->b, std::move(s1)), [&](State&& s2, Value hi) {
          return then(part(e->c, std::move(s2)), [&](State&& s3, Value step) {
            Object o;
            o.kind = OKind::Slice;
            o.a = lo;
            o.b = hi;
            o.c = step;
            Value v = Value::object(s3.heap.alloc(std::move(o)));
            return one(std::move(s3), v);
          });
        });
      });
    }
    case ir::ExprKind::Call: {
      SiteGuard g(*this, e);
      Outs res;
      // obj.method(...): look the method up without allocating a bound-method object
      Outs callees;
      std::vector<std::optional<Value>> selves;
      if (e->a->kind == ir::ExprKind::Attr) {
        for (auto& o : eval(e->a->a, std::move(st))) {
          if (!o.st.normal()) {
            callees.push_back(std::move(o));
            selves.emplace_back();
            continue;
          }
          std::optional<Value> fn;
          if (o.v.is_obj()) {
            const Object& ob = o.st.heap.get(o.v.obj);
            if (ob.kind == OKind::Instance && !ob.attrs.count(e->a->name)) {
              auto m = class_lookup(o.st, ob.cls, e->a->name);
              if (m && m->is_obj() && o.st.heap.get(m->obj).kind == OKind::Function) fn = m;
            }
          }
          if (fn) {
            selves.emplace_back(o.v);
            callees.push_back({std::move(o.st), *fn});
            continue;
          }
          SiteGuard ga(*this, e->a);
          for (auto& r : getattr(std::move(o.st), o.v, e->a->name)) {
            callees.push_back(std::move(r));
            selves.emplace_back();
          }
        }
      } else {
        callees = eval(e->a, std::move(st));
        selves.resize(callees.size());
      }
      for (std::size_t ci = 0; ci < callees.size(); ++ci) {
        auto& c = callees[ci];
        if (!c.st.normal()) {
          res.push_back(std::move(c));
          continue;
        }
        for (auto& [s, pos] : eval_list(e->items, std::move(c.st))) {
          if (!s.normal()) {
            res.emplace_back(std::move(s), Value::none());
            continue;
          }
          // keyword arguments, with **mapping expansion
          std::vector<std::pair<State, std::vector<std::pair<std::string, Value>>>> kws;
          kws.emplace_back(std::move(s), std::vector<std::pair<std::string, Value>>{});
          for (const auto& kw : e->keywords) {
            decltype(kws) next;
            for (auto& [ks, acc] : kws) {
              if (!ks.normal()) {
                next.emplace_back(std::move(ks), std::move(acc));
                continue;
              }
              for (auto& o : eval(kw.value, std::move(ks))) {
                auto a2 = acc;
                if (o.st.normal()) {
                  if (!kw.name.empty()) {
                    a2.emplace_back(kw.name, o.v);
                  } else if (o.v.is_obj() && o.st.heap.get(o.v.obj).kind == OKind::Dict) {
                    for (const auto& de : o.st.heap.get(o.v.obj).entries)
                      if (de.key.const_str()) a2.emplace_back(*de.key.const_str(), de.value);
                  } else if (!o.v.is_unknown()) {
                    // ** of an instance with keys(): rare; ignored
                  }
                }
                next.emplace_back(std::move(o.st), std::move(a2));
              }
            }
            kws = std::move(next);
          }
          for (auto& [ks, kwargs] : kws) {
            if (!ks.normal()) {
              res.emplace_back(std::move(ks), Value::none());
              continue;
            }
            Args args;
            if (selves[ci]) args.pos.push_back(*selves[ci]);
            args.pos.insert(args.pos.end(), pos.begin(), pos.end());
            args.kw = std::move(kwargs);
            for (auto& r : call(std::move(ks), c.v, std::move(args))) res.push_back(std::move(r));
          }
        }
      }
      return res;
    }
    case ir::ExprKind::Binary:
      return then(eval(e->a, std::move(st)), [&](State&& s, Value a) {
        return then(eval(e->b, std::move(s)), [&](State&& s2, Value b) {
          SiteGuard g(*this, e);
          return binary(std::move(s2), e->binop, a, b);
        });
      });
    case ir::ExprKind::Unary:
      return then(eval(e->a, std::move(st)), [&](State&& s, Value a) -> Outs {
        SiteGuard g(*this, e);
        if (e->unop == ir::UnOp::Not) {
          return then(truth(std::move(s), a), [&](State&& s2, Value t) {
            if (t.kind == VKind::Bool) return one(std::move(s2), Value::boolean(!t.b));
            return one(std::move(s2), t);
          });
        }
        if (a.kind == VKind::Int || a.kind == VKind::Bool) {
          sym::Expr x = a.kind == VKind::Int ? a.i : (a.b.is_true() ? sym::Expr::constant(1) : sym::Expr::constant(0));
          if (a.kind == VKind::Bool && !a.b.is_true() && !a.b.is_false()) return one(std::move(s), Value::unknown("int"));
          if (e->unop == ir::UnOp::Neg) return one(std::move(s), Value::integer(-x));
          if (e->unop == ir::UnOp::Pos) return one(std::move(s), Value::integer(x));
          return one(std::move(s), Value::integer(-x - sym::Expr::constant(1)));
        }
        if (a.kind == VKind::Float) {
          if (e->unop == ir::UnOp::Neg) return one(std::move(s), Value::floating(-a.f));
          return one(std::move(s), a);
        }
        bool found = false;
        const char* dn = e->unop == ir::UnOp::Neg ? "__neg__" : e->unop == ir::UnOp::Pos ? "__pos__" : "__invert__";
        Outs r = dunder(std::move(s), a, dn, {}, found);
        if (found) return r;
        return one(std::move(r[0].st), a.is_unknown() ? a : Value::unknown("operand"));
      });
    case ir::ExprKind::And:
    case ir::ExprKind::Or: {
      Outs res;
      bool is_and = e->kind == ir::ExprKind::And;
      for (auto& o : eval(e->a, std::move(st))) {
        if (!o.st.normal()) {
          res.push_back(std::move(o));
          continue;
        }
        Value left = o.v;
        States other;
        States t = branch(std::move(o.st), left, e->loc, e->a, &other);
        // `a and b`: a is falsy -> a; else b.   `a or b`: a truthy -> a; else b
        States& take_left = is_and ? other : t;
        States& eval_right = is_and ? t : other;
        for (auto& s : take_left) res.emplace_back(std::move(s), left);
        for (auto& s : eval_right) {
          if (!s.normal()) {
            res.emplace_back(std::move(s), Value::none());
            continue;
          }
          for (auto& r : eval(e->b, std::move(s))) res.push_back(std::move(r));
        }
      }
      return res;
    }
    case ir::ExprKind::Compare: {
      // a < b < c  ==  a < b and b < c  (b evaluated once)
      Outs res;
      for (auto& first : eval(e->a, std::move(st))) {
        if (!first.st.normal()) {
          res.push_back(std::move(first));
          continue;
        }
        struct Partial {
          State st;
          Value left;
          std::optional<Value> acc;
        };
        std::vector<Partial> cur;
        cur.push_back({std::move(first.st), first.v, std::nullopt});
        for (std::size_t k = 0; k < e->items.size(); ++k) {
          std::vector<Partial> next;
          for (auto& p : cur) {
            if (!p.st.normal() || (p.acc && p.acc->kind == VKind::Bool && p.acc->b.is_false())) {
              next.push_back(std::move(p));
              continue;
            }
            for (auto& rhs : eval(e->items[k], std::move(p.st))) {
              if (!rhs.st.normal()) {
                next.push_back({std::move(rhs.st), Value::none(), p.acc});
                continue;
              }
              SiteGuard g(*this, e);
              for (auto& c : compare(std::move(rhs.st), e->cmpops[k], p.left, rhs.v)) {
                std::optional<Value> acc = c.v;
                if (p.acc) {
                  if (p.acc->kind == VKind::Bool && c.v.kind == VKind::Bool) acc = Value::boolean(p.acc->b && c.v.b);
                  else acc = Value::unknown("comparison");
                }
                next.push_back({std::move(c.st), rhs.v, acc});
              }
            }
          }
          cur = std::move(next);
        }
        for (auto& p : cur) res.emplace_back(std::move(p.st), p.acc ? *p.acc : Value::none());
      }
      return res;
    }
    case ir::ExprKind::IfExp: {
      Outs res;
      for (auto& o : eval(e->a, std::move(st))) {
        if (!o.st.normal()) {
          res.push_back(std::move(o));
          continue;
        }
        States f;
        States t = branch(std::move(o.st), o.v, e->loc, e->a, &f);
        for (auto& s : t)
          for (auto& r : (s.normal() ? eval(e->b, std::move(s)) : one(std::move(s), Value::none()))) res.push_back(std::move(r));
        for (auto& s : f)
          for (auto& r : (s.normal() ? eval(e->c, std::move(s)) : one(std::move(s), Value::none()))) res.push_back(std::move(r));
      }
      // the two arms of a conditional expression in the project's code join, as an `if`'s do
      if (const ir::Module* m = module_of_file(e->loc.file); m && !m->is_stub) {
        std::string text = source_text(m, e->loc);
        merge_outs(res, text.size() <= 40 ? "`" + text + "`" : std::string("a conditional expression"));
      }
      return res;
    }
    case ir::ExprKind::List:
    case ir::ExprKind::Tuple:
    case ir::ExprKind::Set: {
      Outs res;
      OKind k = e->kind == ir::ExprKind::List ? OKind::List : e->kind == ir::ExprKind::Tuple ? OKind::Tuple : OKind::Set;
      for (auto& [s, vals] : eval_list(e->items, std::move(st))) {
        if (!s.normal()) {
          res.emplace_back(std::move(s), Value::none());
          continue;
        }
        if (k == OKind::Set) {
          std::vector<Value> uniq;
          for (auto& v : vals) {
            bool dup = false;
            for (auto& u : uniq) dup = dup || same_value(u, v);
            if (!dup) uniq.push_back(v);
          }
          vals = std::move(uniq);
        }
        Value v = new_list(s, std::move(vals), k);
        res.emplace_back(std::move(s), v);
      }
      return res;
    }
    case ir::ExprKind::Dict: {
      Outs res;
      std::vector<ir::Expr*> flat;
      for (std::size_t k = 0; k < e->items.size(); ++k) {
        flat.push_back(e->items[k] ? e->items[k] : e->items2[k]);
        flat.push_back(e->items2[k]);
      }
      for (auto& [s, vals] : eval_list(flat, std::move(st))) {
        if (!s.normal()) {
          res.emplace_back(std::move(s), Value::none());
          continue;
        }
        std::vector<DictEntry> es;
        // (every key known: a display of the project's code whose `**` parts are such dicts too)
        const ir::Module* mod = module_of_file(e->loc.file);
        bool project_keys = mod && !mod->is_stub;
        auto put = [&](const Value& k, const Value& v) {
          for (auto& x : es)
            if (same_value(x.key, k)) {
              x.value = v;
              return;
            }
          es.push_back({k, v});
        };
        for (std::size_t k = 0; k < e->items.size(); ++k) {
          if (!e->items[k]) {
            const Value& m = vals[2 * k + 1];
            if (m.is_obj() && s.heap.get(m.obj).kind == OKind::Dict)
              for (const auto& de : s.heap.get(m.obj).entries) put(de.key, de.value);
            project_keys = project_keys && m.is_obj() && known_keys(s.heap.get(m.obj));
            continue;
          }
          put(vals[2 * k], vals[2 * k + 1]);
        }
        Value v = new_dict(s, std::move(es));
        s.heap.mut(v.obj).project_keys = project_keys;
        res.emplace_back(std::move(s), v);
      }
      return res;
    }
    case ir::ExprKind::Starred:
      return eval(e->a, std::move(st));
    case ir::ExprKind::Function: {
      Outs res;
      std::vector<ir::Expr*> defaults = e->items;
      for (const auto& kw : e->keywords) defaults.push_back(kw.value);
      for (auto& [s, vals] : eval_list(defaults, std::move(st))) {
        if (!s.normal()) {
          res.emplace_back(std::move(s), Value::none());
          continue;
        }
        Object o;
        o.kind = OKind::Function;
        o.fn.code = e->code;
        o.fn.module = s.frame().module;
        o.fn.globals = s.frame().globals;
        o.fn.defaults.assign(vals.begin(), vals.begin() + static_cast<long>(e->items.size()));
        for (std::size_t k = 0; k < e->keywords.size(); ++k) o.fn.kwdefaults[e->keywords[k].name] = vals[e->items.size() + k];
        for (int from : e->code->closure_from) {
          const auto& slots = s.frame().slots;
          if (from >= 0 && static_cast<std::size_t>(from) < slots.size() && slots[static_cast<std::size_t>(from)].is_obj())
            o.fn.closure.push_back(slots[static_cast<std::size_t>(from)].obj);
          else
            o.fn.closure.push_back(kNoObj);
        }
        o.alloc_site = e->loc;
        Value v = Value::object(s.heap.alloc(std::move(o)));
        res.emplace_back(std::move(s), v);
      }
      return res;
    }
    case ir::ExprKind::Class: return make_class(std::move(st), e);
    case ir::ExprKind::FString: {
      Outs res;
      for (auto& [s, vals] : eval_list(e->items, std::move(st))) {
        if (!s.normal()) {
          res.emplace_back(std::move(s), Value::none());
          continue;
        }
        std::string acc;
        bool known = true;
        State cur = std::move(s);
        for (auto& v : vals) {
          Outs sv = str_of(std::move(cur), v);
          cur = std::move(sv[0].st);
          if (const std::string* t = sv[0].v.const_str()) acc += *t;
          else known = false;
        }
        res.emplace_back(std::move(cur), known && e->name != "formatted" ? Value::str(acc) : Value::unknown_str());
      }
      return res;
    }
    case ir::ExprKind::Walrus:
      return then(eval(e->b, std::move(st)), [&](State&& s, Value v) {
        store_name(s, e->a, v);
        return one(std::move(s), v);
      });
    case ir::ExprKind::Yield:
      return then(e->a ? eval(e->a, std::move(st)) : one(std::move(st), Value::none()), [&](State&& s, Value v) -> Outs {
        ObjId gen = s.frame().generator;
        if (!gen) return one(std::move(s), Value::none());
        if (e->name == "from") {
          return then(iterate(std::move(s), v), [&](State&& s2, Value it) {
            if (it.is_obj()) {
              auto items = s2.heap.get(it.obj).items;
              auto& dst = s2.heap.mut(gen).items;
              dst.insert(dst.end(), items.begin(), items.end());
            }
            return one(std::move(s2), Value::none());
          });
        }
        s.heap.mut(gen).items.push_back(v);
        return one(std::move(s), Value::none());
      });
    case ir::ExprKind::Unsupported: return one(std::move(st), Value::unknown(e->name));
  }
  return one(std::move(st), Value::none());
}

}  // namespace tenscan::interp
