// Module mode's inferred contracts (contracts.h).
#include "findings/contracts.h"

#include <algorithm>
#include <map>
#include <set>

#include "solver/solver.h"

namespace tenscan::findings {
namespace {

// The dims a caller usually picks freely: the batch, a sequence's length, an image's size. A
// channel or feature count is the module's own to fix.
bool usually_free(const std::string& name) {
  const std::string base = name.substr(name.rfind('.') + 1);
  // (and the names annotations give them: jaxtyping's `Float[Tensor, "batch seq dim"]`)
  static const char* kFree[] = {"B",     "T",     "L",        "H",   "W",       "D",      "N",     "batch",
                                "batch_size", "seq", "seq_len", "time", "length", "height", "width", "depth"};
  return std::any_of(std::begin(kFree), std::end(kFree), [&](const char* f) { return base == f; });
}

bool mentions(const sym::Cond& c, sym::SymId id) {
  const auto ids = c.symbols();
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// The value `id` must take given what `s` holds, if there is exactly one.
std::optional<std::int64_t> forced(solver::PathSolver& s, sym::SymId id) {
  solver::Model m;
  if (s.check(&m) != solver::Sat::Sat) return std::nullopt;
  auto it = m.find(id);
  if (it == m.end()) return std::nullopt;
  const std::int64_t v = it->second;
  if (s.can_hold(!sym::Cond::eq(sym::Expr::symbol(id), sym::Expr::constant(v)), nullptr) != solver::Sat::Unsat)
    return std::nullopt;
  return v;
}

// A condition on one size that holds exactly from some value on ("((H - 7) // 4 - 2) // 2 >= 0"
// for H >= 15) as that bound: "H >= 15", given what `base` holds (left as it was).
std::optional<std::string> lower_bound_text(solver::PathSolver& base, const sym::Cond& c, const sym::SymbolNamer& names) {
  const auto ids = c.symbols();
  if (ids.size() != 1) return std::nullopt;
  const sym::Expr x = sym::Expr::symbol(ids[0]);
  solver::Model m;
  if (base.can_hold(c, &m) != solver::Sat::Sat || !m.count(ids[0])) return std::nullopt;
  std::int64_t lo = 1, hi = m[ids[0]];  // the least value it holds for is in [lo, hi]
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    base.push();
    base.add(sym::Cond::le(x, sym::Expr::constant(mid)));
    const solver::Sat sat = base.can_hold(c, nullptr);
    base.pop();
    if (sat == solver::Sat::Unknown) return std::nullopt;
    if (sat == solver::Sat::Sat) hi = mid;
    else lo = mid + 1;
  }
  base.push();
  base.add(sym::Cond::ge(x, sym::Expr::constant(lo)));
  const bool from_lo = base.can_violate(c, nullptr) == solver::Sat::Unsat;  // (else not all values from there on)
  base.pop();
  if (!from_lo) return std::nullopt;
  return x.str(names) + " >= " + std::to_string(lo);
}

}  // namespace

Contracts infer_contracts(const interp::Interpreter& in, solver::Context& z3, unsigned rlimit, const RangeOf& range_of) {
  Contracts out;
  const auto names = in.namer();
  std::set<std::pair<std::string, std::string>> seen;  // (module, signature and conditions)
  std::map<std::pair<std::string, std::string>, std::size_t> same_contract;  // (module, contract) -> its index
  std::set<std::string> inferred;                       // what each inference was made from
  // the decisions every path of a class took: the others tell its contracts apart
  std::map<interp::ObjId, std::vector<interp::PathStep>> common;
  for (const auto& c : in.checked_forwards()) {
    auto [it, fresh] = common.try_emplace(c.cls, c.path);
    if (!fresh)
      std::erase_if(it->second, [&](const auto& step) { return std::find(c.path.begin(), c.path.end(), step) == c.path.end(); });
  }
  for (const auto& c : in.checked_forwards()) {
    // the arguments' dims, and what the path required of them
    std::vector<sym::SymId> dims;
    for (const auto& shape : c.inputs)
      if (shape)
        for (const auto& d : *shape)
          for (auto id : d.symbols())
            if (std::find(dims.begin(), dims.end(), id) == dims.end()) dims.push_back(id);
    // the symbols a contract speaks of: the class's own (its constructor's arguments without a
    // default, its forward's argument dims), not a loop's or the data's
    std::vector<sym::SymId> own = dims;
    auto is_own = [&](sym::SymId id) {
      return std::find(own.begin(), own.end(), id) != own.end() ||
             (id >= c.symbols_from && in.symbol(id).kind == interp::SymKind::Data && in.symbol(id).description == interp::kConstructorArgument);
    };
    std::vector<const interp::Requirement*> reqs;
    for (const auto& rp : c.reqs) {
      const auto& r = *rp;
      if (r.definitely_false || r.advisory || r.cond.is_true()) continue;
      // (a requirement of one of two joined paths: when the paths differ in the class's own
      // sizes, it is not the contract's; when in what the file's body did, it is)
      const auto guard_ids = r.guard.symbols();
      if (std::any_of(guard_ids.begin(), guard_ids.end(), is_own)) continue;
      const auto ids = r.cond.symbols();
      if (ids.empty() || !std::all_of(ids.begin(), ids.end(), is_own)) continue;  // (only what bears on them alone)
      for (auto id : ids)
        if (std::find(own.begin(), own.end(), id) == own.end()) own.push_back(id);
      reqs.push_back(&r);
    }
    // what holds of them before any requirement: their domains, and the branches the
    // constructor and forward took on them
    std::vector<sym::Cond> base;
    for (auto id : own) base.push_back(sym::Cond::ge(sym::Expr::symbol(id), sym::Expr::constant(1)));
    for (const auto& h : c.hard) {
      const auto ids = h.symbols();
      if (!ids.empty() && std::all_of(ids.begin(), ids.end(), is_own)) base.push_back(h);
    }
    // (a path that gives what another gave, in the same terms: the same contract, inferred once)
    std::string same = c.module + "\n" + c.output;
    for (const auto& shape : c.inputs) {
      same += "\n(";
      if (shape)
        for (const auto& d : *shape) same += d.str(names) + ",";
    }
    if (c.output_shape)
      for (const auto& d : *c.output_shape) same += "\n" + d.str(names);
    for (const auto& b : base) same += "\nb " + b.str(names);
    for (const auto* r : reqs) same += "\nr " + r->cond.str(names) + (r->definitely_false ? "!" : "");
    for (const auto& rp : c.reqs)
      if (rp->definitely_false && !rp->advisory) same += "\nf " + std::to_string(rp->site.line) + ":" + std::to_string(rp->site.col);
    // (the decisions of its path that the class's other paths did not all take)
    std::vector<std::string> when;
    for (const auto& step : c.path)
      if (step.loc.line != 0 && std::find(common[c.cls].begin(), common[c.cls].end(), step) == common[c.cls].end())
        when.push_back(step.text);
    for (const auto& w : when) same += "\nw " + w;
    if (!inferred.insert(same).second) continue;
    // (the solvers of a contract with a nonlinear condition share a Z3 context of their own)
    solver::Context mine;
    solver::Context& context = solver::linear(base) &&
                                       std::all_of(reqs.begin(), reqs.end(), [](const auto* r) { return solver::linear(r->cond); })
                                   ? z3
                                   : mine;
    solver::PathSolver s(rlimit, context);
    for (const auto& b : base) s.add(b);
    for (const auto* r : reqs) s.add(r->cond);
    // works for no argument: the failure is the finding; the contract says where, at the
    // first operation after which no input is left, as ShapeTracer locates it (one that fails
    // for every value, or the one whose requirement leaves none with those before it: a
    // reshape that fails unless the batch is empty, before a layer that fails for any batch)
    const interp::Requirement* fails = nullptr;
    const bool fails_somewhere = std::any_of(c.reqs.begin(), c.reqs.end(), [](const auto& rp) {
      return rp->definitely_false && !rp->advisory;
    });
    if (fails_somewhere || s.check(nullptr) == solver::Sat::Unsat) {
      solver::PathSolver t(rlimit, context);
      for (const auto& b : base) t.add(b);
      for (const auto& rp : c.reqs) {
        if (rp->definitely_false && !rp->advisory) {
          fails = rp.get();
          break;
        }
        if (std::find(reqs.begin(), reqs.end(), rp.get()) == reqs.end()) continue;
        t.add(rp->cond);
        if (t.check(nullptr) == solver::Sat::Unsat) {
          fails = rp.get();
          break;
        }
      }
    }
    if (fails) {
      ModuleContract k;
      k.module = c.module;
      if (auto r = range_of(c.where)) k.where = *r;
      k.signature = c.module + ".forward(" + [&] {
        std::string p;
        for (std::size_t i = 0; i < c.params.size(); ++i) p += (i ? ", " : "") + c.params[i];
        return p;
      }() + ")";
      auto at = range_of(fails->site);
      k.examples.push_back("no input: every input fails" +
                           (at ? " at " + at->path + ":" + std::to_string(at->line) + ":" + std::to_string(at->col) : std::string()));
      if (seen.insert({k.module, k.signature + "\n" + k.examples[0]}).second) out.contracts.push_back(std::move(k));
      continue;
    }
    // the dims it takes one value of: shown as that value; usually free ones are warnings
    std::map<sym::SymId, std::int64_t> one;
    for (auto id : dims)
      if (auto v = forced(s, id)) one[id] = *v;
    // a dim that must equal a constructor argument: shown as it ([B, in_planes, H, W])
    std::map<sym::SymId, sym::SymId> alias;
    for (auto d : dims) {
      if (one.count(d)) continue;
      for (auto k : own)
        if (std::find(dims.begin(), dims.end(), k) == dims.end() &&
            s.can_violate(sym::Cond::eq(sym::Expr::symbol(d), sym::Expr::symbol(k)), nullptr) == solver::Sat::Unsat) {
          alias[d] = k;
          break;
        }
    }
    // (a dim equal to a constructor argument reads as that argument wherever the contract
    // mentions it)
    const sym::SymbolNamer shown_names = [&](sym::SymId id) {
      auto a = alias.find(id);
      return names(a != alias.end() ? a->second : id);
    };
    auto shape_text = [&](const std::optional<std::vector<sym::Expr>>& shape) {
      if (!shape) return std::string("any shape");
      std::string t = "[";
      for (std::size_t i = 0; i < shape->size(); ++i) {
        const auto ids = (*shape)[i].symbols();
        const bool plain = ids.size() == 1 && (*shape)[i] == sym::Expr::symbol(ids[0]);
        auto it = plain ? one.find(ids[0]) : one.end();
        auto a = plain ? alias.find(ids[0]) : alias.end();
        t += (i ? ", " : "") + (it != one.end() && !usually_free(in.symbol(ids[0]).name) ? std::to_string(it->second)
                                : a != alias.end()                                       ? in.symbol(a->second).name
                                                                                         : (*shape)[i].str(shown_names));
      }
      return t + "]";
    };
    ModuleContract k;
    k.module = c.module;
    if (auto r = range_of(c.where)) k.where = *r;
    k.signature = c.module + ".forward(";
    for (std::size_t i = 0; i < c.params.size() && i < c.inputs.size(); ++i)
      k.signature += (i ? ", " : "") + c.params[i] + ": " + shape_text(c.inputs[i]);
    // what it returns: a dim that the conditions make equal to one of the contract's symbols
    // (max(planes, C) where C == planes) as that symbol
    std::string output = c.output.empty() ? std::string("None") : c.output;
    if (c.output_shape) {
      std::vector<sym::Expr> shown = *c.output_shape;
      // (a symbol beyond the analysis's own, to ask the solver what value a dim takes)
      const auto probe = static_cast<sym::SymId>(in.symbols().size() + 1);
      for (auto& e : shown) {
        const auto ids = e.symbols();
        if (ids.empty() || (ids.size() == 1 && e == sym::Expr::symbol(ids[0]))) continue;
        // a dim the conditions leave one value of ([B, 1568] when H = W = 224)
        if (std::all_of(ids.begin(), ids.end(), [&](auto id) { return one.count(id) != 0; })) {
          s.push();
          s.add(sym::Cond::eq(sym::Expr::symbol(probe), e));
          auto v = forced(s, probe);
          s.pop();
          if (v) {
            e = sym::Expr::constant(*v);
            continue;
          }
        }
        for (auto id : own)
          if (std::find(ids.begin(), ids.end(), id) != ids.end() &&
              s.can_violate(sym::Cond::eq(e, sym::Expr::symbol(id)), nullptr) == solver::Sat::Unsat) {
            e = sym::Expr::symbol(id);
            break;
          }
      }
      output = shape_text(shown);
    }
    k.signature += ") -> " + output;
    // what it requires: the conditions the others do not imply (each checked against the rest)
    std::vector<const interp::Requirement*> kept;
    for (const auto* r : reqs) {
      const auto ids = r->cond.symbols();
      // (what the signature shows already: a dim's one value, a dim equal to an argument)
      if (std::all_of(ids.begin(), ids.end(), [&](auto id) {
            return one.count(id) != 0 || alias.count(id) != 0 ||
                   std::any_of(alias.begin(), alias.end(), [&](const auto& x) { return x.second == id; });
          }))
        continue;
      if (std::none_of(kept.begin(), kept.end(), [&](const auto* x) { return x->cond == r->cond; })) kept.push_back(r);
    }
    // a disjunction loses the alternatives the others rule out (a broadcast's `planes == 1 or
    // planes == C or C == 1` beside `planes == max(planes, C)` is `planes == C or C == 1`)
    std::map<const interp::Requirement*, sym::Cond> shown;
    auto cond_of = [&](const interp::Requirement* r) -> const sym::Cond& {
      auto it = shown.find(r);
      return it != shown.end() ? it->second : r->cond;
    };
    // (the simplifications below are for reading only: once the solver has given up twice at
    // its limit, the rest would mostly cost as much for nothing, and the conditions are shown
    // as they are)
    int unknowns = 0;
    bool gave_up = false;
    auto settled = [&](solver::Sat r) {
      gave_up = (unknowns += r == solver::Sat::Unknown) >= 2;
      return r == solver::Sat::Unsat;
    };
    for (const auto* r : kept) {
      if (gave_up) break;
      if (r->cond.kind() != sym::Cond::Kind::Or) continue;
      std::vector<sym::Cond> alternatives = r->cond.children();
      for (std::size_t i = 0; i < alternatives.size() && alternatives.size() > 1;) {
        std::vector<sym::Cond> rest = alternatives;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        if (settled(s.can_violate(sym::Cond::any(rest), nullptr))) alternatives = std::move(rest);
        else if (gave_up) break;
        else ++i;
      }
      if (alternatives.size() < r->cond.children().size()) shown[r] = sym::Cond::any(alternatives);
    }
    std::set<const interp::Requirement*> dropped;  // (implied by the others, the shown ones included)
    solver::PathSolver only_base(rlimit, context);
    for (const auto& b : base) only_base.add(b);
    for (const auto* r : kept) {
      if (gave_up) break;
      only_base.push();
      for (const auto* x : reqs)
        if (!dropped.count(x) && !(x->cond == r->cond)) only_base.add(cond_of(x));
      if (settled(only_base.can_violate(cond_of(r), nullptr))) dropped.insert(r);
      only_base.pop();
    }
    std::erase_if(kept, [&](const auto* r) { return dropped.count(r) != 0; });
    for (const auto* r : kept)
      k.conditions.push_back((gave_up ? std::nullopt : lower_bound_text(only_base, cond_of(r), shown_names))
                                 .value_or(cond_of(r).str(shown_names)));
    // (the dims that the class's own assertions fix, `assert h == self.image_size`: its stated
    // contract, never a warning)
    solver::PathSolver unstated(rlimit, context);
    for (const auto& b : base) unstated.add(b);
    for (const auto* r : reqs)
      if (r->rule != RuleId::AssertionFailed) unstated.add(r->cond);
    for (const auto& [id, v] : one) {
      const std::string& name = in.symbol(id).name;
      if (!usually_free(name)) continue;
      k.fixed.push_back(name + " = " + std::to_string(v));
      if (!forced(unstated, id)) continue;
      // the first requirement after which it has one value left
      solver::PathSolver t(rlimit, context);
      for (const auto& b : base) t.add(b);
      ir::Loc site = c.where;
      for (const auto* r : reqs) {
        t.add(r->cond);
        if (mentions(r->cond, id) && forced(t, id)) {
          site = r->site;
          break;
        }
      }
      out.fixed.push_back({c.module, name, v, k.signature, site, c.where});
    }
    // an image size that is not free: the square sizes it takes (a few)
    sym::SymId h = 0, w = 0;
    bool has_h = false, has_w = false;
    for (auto id : dims) {
      const std::string& name = in.symbol(id).name;
      if (name == "H" && !one.count(id)) h = id, has_h = true;
      if (name == "W" && !one.count(id)) w = id, has_w = true;
    }
    const bool constrained = std::any_of(reqs.begin(), reqs.end(), [&](const auto* r) { return has_h && mentions(r->cond, h); });
    if (has_h && has_w && constrained) {
      s.push();
      s.add(sym::Cond::eq(sym::Expr::symbol(h), sym::Expr::symbol(w)));
      std::vector<std::int64_t> sizes;
      solver::Model m;
      while (sizes.size() < 5 && s.check(&m) == solver::Sat::Sat && m.count(h)) {
        sizes.push_back(m[h]);
        s.add(!sym::Cond::eq(sym::Expr::symbol(h), sym::Expr::constant(m[h])));
      }
      s.pop();
      std::sort(sizes.begin(), sizes.end());
      // (a few sizes are worth listing; many are a range its conditions already say)
      if (!sizes.empty() && sizes.size() <= 4) {
        std::string t = "H = W = ";
        for (std::size_t i = 0; i < sizes.size(); ++i) t += (i ? i + 1 == sizes.size() ? " or " : ", " : "") + std::to_string(sizes[i]);
        k.examples.push_back(t + " among square images");
      } else if (sizes.empty()) {
        k.examples.push_back("no square image");
      }
    }
    k.when = std::move(when);
    // (paths that give the same contract are one contract, whatever decisions they took: only
    // the decisions they all took are said, e.g. none for a stochastic depth's `p == 0.0`)
    std::string key = k.signature;
    for (const auto* list : {&k.conditions, &k.fixed, &k.examples})
      for (const auto& x : *list) key += "\n" + x;
    if (auto [it, fresh] = same_contract.try_emplace({k.module, key}, out.contracts.size()); !fresh) {
      auto& first = out.contracts[it->second].when;
      std::erase_if(first, [&](const std::string& w) { return std::find(k.when.begin(), k.when.end(), w) == k.when.end(); });
      continue;
    }
    out.contracts.push_back(std::move(k));
  }
  std::stable_sort(out.contracts.begin(), out.contracts.end(), [](const auto& a, const auto& b) {
    return std::tie(a.where.line, a.where.col) < std::tie(b.where.line, b.where.col);
  });
  return out;
}

}  // namespace tenscan::findings
