// Loss functions' input/target rules (cross_entropy, nll_loss, and the elementwise
// regression/binary losses), plus the generic primitives that stubs use for
// hyperparameter checks (_tenscan.require) and for randomness (_tenscan.randint).
#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "models/numeric.h"

namespace tenscan::models {
namespace {

using sym::Cond;
using sym::Expr;

Shape reduced(const Shape& s, const std::string& reduction) {
  if (reduction == "none") return s;
  return {};
}

// _tenscan.class_loss(input, target, name, reduction, has_weight_len or None)
// cross_entropy / nll_loss: input [N, C, d...] (or [C]); target [N, d...] of class indices
// (integer dtype), or, for cross_entropy, class probabilities with the input's shape.
Outs class_loss(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "class_loss");
  const TensorVal* x = p.tensor(0);
  const TensorVal* t = p.tensor(1);
  std::string name = p.str_arg(2).value_or("cross_entropy");
  std::string reduction = p.str_arg(3).value_or("mean");
  if (!x || !t || !x->shape || !t->shape) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  const Shape xs = *x->shape, ts = *t->shape;
  std::vector<RelatedMsg> rel{p.origin_note(*x, "the input got its shape here"), p.origin_note(*t, "the target got its shape here")};
  if (xs.empty()) {
    p.require(Cond::truth(false), RuleId::RankMismatch, Msg(name + " expects an input with at least 1 dimension"), rel);
    return p.ret_unranked(dt);
  }
  bool probs = name == "cross_entropy" && interp::dtype_is_float(t->dtype) && ts.size() == xs.size();
  if (probs) {
    Cond c = Cond::truth(true);
    for (std::size_t i = 0; i < xs.size(); ++i) c = c && Cond::eq(xs[i], ts[i]);
    Msg m;
    m << name << " with class-probability targets needs a target of the input's shape, but got input " << xs << " and target "
      << ts;
    if (!p.require(c, RuleId::LossTargetShape, m, rel)) return p.ret_unranked(dt);
    return p.ret_tensor(reduction == "none" ? Shape{xs[0]} : Shape{}, dt);
  }
  // class indices are int64 (or uint8): int32 labels fail as float ones do (1.13, 2.x)
  if (t->dtype != DType::Unknown && t->dtype != DType::Int64 && t->dtype != DType::UInt8) {
    Msg m;
    m << name << " expects class-index targets of dtype torch.long, but the target has dtype "
      << interp::dtype_name(t->dtype) << " and shape " << ts << "; PyTorch raises \"expected scalar type Long but found "
      << dtype_title(t->dtype) << "\" (convert the target with .long())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*t, "the target got its dtype here")});
    return p.ret_unranked(dt);
  }
  // expected target shape: input without the class dimension (dim 1, or dim 0 for a 1-D input)
  Shape want = xs;
  if (xs.size() == 1) want.clear();
  else want.erase(want.begin() + 1);
  Cond c = Cond::truth(want.size() == ts.size());
  if (want.size() == ts.size())
    for (std::size_t i = 0; i < ts.size(); ++i) c = c && Cond::eq(want[i], ts[i]);
  Msg m;
  if (xs.size() >= 2 && !ts.empty()) {
    m << name << ": expected target of shape " << want << " for an input of shape " << xs << ", but got target shape " << ts;
    if (ts.size() == want.size() && !want.empty()) m << " (batch size " << xs[0] << " vs " << ts[0] << ")";
  } else {
    m << name << ": expected target of shape " << want << " for an input of shape " << xs << ", but got target shape " << ts;
  }
  if (!p.require(c, RuleId::LossTargetShape, m, rel)) return p.ret_unranked(dt);
  // class weights must have C entries
  if (const TensorVal* w = p.tensor(4); w && w->shape) {
    const Expr& C = xs.size() == 1 ? xs[0] : xs[1];
    Msg mw;
    mw << name << ": weight tensor should be defined either for all " << C << " classes or no classes but got weight shape "
       << *w->shape;
    if (!p.require(Cond::truth(w->shape->size() == 1) && (w->shape->size() == 1 ? Cond::eq((*w->shape)[0], C) : Cond::truth(false)),
                   RuleId::SizeMismatch, mw, {p.origin_note(*w, "the weight got its shape here")}))
      return p.ret_unranked(dt);
  }
  return p.ret_tensor(reduction == "none" ? ts : Shape{}, dt);
}

// _tenscan.pointwise_loss(input, target, name, reduction, strict)
// mse/l1/smooth_l1/huber broadcast (strict=False); binary_cross_entropy(with_logits)
// require equal shapes (strict=True).
Outs pointwise_loss(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "pointwise_loss");
  const TensorVal* x = p.tensor(0);
  const TensorVal* t = p.tensor(1);
  std::string name = p.str_arg(2).value_or("mse_loss");
  std::string reduction = p.str_arg(3).value_or("mean");
  bool strict = p.bool_arg(4).value_or(false);
  if (!x || !t || !x->shape || !t->shape) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  const Shape xs = *x->shape, ts = *t->shape;
  std::vector<RelatedMsg> rel{p.origin_note(*x, "the input got its shape here"), p.origin_note(*t, "the target got its shape here")};
  if (name == "binary_cross_entropy") {
    // probabilities: torch refuses values outside [0, 1] (a tanh, raw scores). (Exactly 0 or 1,
    // a saturated sigmoid, is no failure: torch clamps the log at -100.)
    const char* fix = "pass probabilities (a sigmoid), or use binary_cross_entropy_with_logits on the raw scores";
    const char* effect = "raises RuntimeError: all elements of input should be between 0 and 1";
    const FloatRange v = x->values.range();
    Hazard below{RuleId::NumDomain, -FloatRange::kInf, -std::numeric_limits<double>::denorm_min(), "negative", effect, fix};
    Hazard above{RuleId::NumDomain, 1.0000000000000002, FloatRange::kInf, "above 1", effect, fix};
    // the fix: the loss on raw scores, BCEWithLogitsLoss where an nn.BCELoss (layer=) that no
    // use gives probabilities is built, else this call's binary_cross_entropy_with_logits
    const bool scores = v.hazard(below.lo, below.hi) != FloatRange::Reach::None ||
                        v.hazard(above.lo, above.hi) != FloatRange::Reach::None;
    if (auto site = p.layer_site()) {
      // (what each use of the loss gives it, under one key: the rename holds where all give scores)
      interp::ArgumentFix use{*site, "BCELoss", -2, "", std::nullopt, scores ? "raw scores" : "probabilities"};
      in.note_demand(use);
      below.rewrite = {{*site, "BCELoss", "BCEWithLogitsLoss"}};
      use.text = "raw scores";
      below.agree = use;
    } else if (in.site().line) {
      below.rewrite = {{in.site(), "binary_cross_entropy", "binary_cross_entropy_with_logits"}};
    }
    above.rewrite = below.rewrite;
    above.agree = below.agree;
    check_hazard(p, below, v, x, "binary_cross_entropy", "its input");
    check_hazard(p, above, v, x, "binary_cross_entropy", "its input");
  }
  if (strict) {
    Cond c = Cond::truth(xs.size() == ts.size());
    if (xs.size() == ts.size())
      for (std::size_t i = 0; i < xs.size(); ++i) c = c && Cond::eq(xs[i], ts[i]);
    Msg m;
    m << name << ": using a target size (" << ts << ") that is different to the input size (" << xs
      << ") is deprecated and raises a ValueError; please ensure they have the same size";
    if (!p.require(c, RuleId::LossTargetShape, m, rel)) return p.ret_unranked(dt);
    if (!interp::dtype_is_float(t->dtype) && t->dtype != DType::Unknown) {
      Msg md;
      md << name << " expects a floating-point target, but the target has dtype " << interp::dtype_name(t->dtype)
         << " (convert it with .float())";
      if (!p.require(Cond::truth(false), RuleId::DtypeMismatch, md, rel)) return p.ret_unranked(dt);
    }
    return p.ret_tensor(reduced(xs, reduction), dt);
  }
  Msg what;
  what << name << " (input " << xs << ", target " << ts << ")";
  auto b = broadcast_shapes(p, xs, ts, what, RuleId::LossTargetShape);
  if (!b) return p.ret_unranked(dt);
  // shapes that broadcast but differ: PyTorch's mse_loss, l1_loss, smooth_l1_loss and
  // huber_loss warn and go on with the broadcast pairs (a [B, 1] prediction against a [B] target
  // compares every prediction with every target; kl_div does not warn). Only where they
  // certainly differ: in rank, or in two constant sizes (sizes the solver may tell apart are no
  // evidence).
  const bool warns = name == "mse_loss" || name == "l1_loss" || name == "smooth_l1_loss" || name == "huber_loss";
  bool differ = xs.size() != ts.size();
  for (std::size_t i = 0; i < xs.size() && !differ; ++i)
    differ = xs[i].as_const() && ts[i].as_const() && *xs[i].as_const() != *ts[i].as_const();
  if (warns && differ) {
    Msg m;
    m << name << ": Using a target size (" << ts << ") that is different to the input size (" << xs
      << "). This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size. "
      << "(They broadcast to " << *b << ": the loss pairs every input element with every target it broadcasts to.)";
    in.advise(p.st, Cond::truth(false), RuleId::LossTargetShape, m, rel);
  }
  return p.ret_tensor(reduced(*b, reduction), dt);
}

// The condition, rule and message of _tenscan.require and _tenscan.advise (nullopt: nothing to
// check, an unknown condition or rule).
struct Stated {
  sym::Cond cond;
  RuleId rule;
  Msg msg;
};
std::optional<Stated> stated(Interpreter& in, const State& st, Args& a);

// The fix a stub names with require's `fix=(layer, callee, position, keyword, value)`: the
// argument of the call that built `layer` (an nn.Module) set to `value` (an int, True/False).
std::optional<interp::ArgumentFix> stated_fix(const State& st, const Args& a) {
  for (const auto& [k, v] : a.kw) {
    if (k != "fix" || !v.is_obj()) continue;
    const auto& f = st.heap.get(v.obj).items;
    if (f.size() != 5 || !f[0].is_obj() || !f[1].const_str() || !f[2].const_int() || !f[3].const_str()) return std::nullopt;
    interp::ArgumentFix fix{st.heap.get(f[0].obj).alloc_site, *f[1].const_str(), static_cast<int>(*f[2].const_int()),
                            *f[3].const_str()};
    if (f[4].kind == VKind::Int) fix.value = f[4].i;
    else if (f[4].kind == VKind::Bool && (f[4].b.is_true() || f[4].b.is_false())) fix.text = f[4].b.is_true() ? "True" : "False";
    else return std::nullopt;
    return fix;
  }
  return std::nullopt;
}

namespace {
// Where `v` was made in the project's code: a tensor's origin (or, `what`, where its rank or
// one axis's size was made), an object's allocation.
ir::Loc made_at(const Interpreter& in, const State& st, const Value& v, const Value* what) {
  const TensorVal* t = in.tensor_of(st, v);
  if (!t) return v.is_obj() ? st.heap.get(v.obj).alloc_site : ir::Loc{};
  auto rank = static_cast<std::int64_t>(t->rank());
  if (what && what->const_str() && *what->const_str() == "rank") return t->rank_origin();
  if (auto axis = what && what->kind == VKind::Int ? what->i.as_const() : std::nullopt;
      axis && t->shape && *axis >= -rank && *axis < rank)
    return t->dim_origin(static_cast<std::size_t>(*axis < 0 ? *axis + rank : *axis));
  return t->origin;
}
}  // namespace

// The places a stub names with require's `related=((value, text), ...)`: where each value was
// made in the project's code (a tensor's origin, an object's allocation: the Input, the layer
// whose output it is, the array of data), with the text saying what it is. A third element
// names what of a tensor: "rank" where its rank was made, an axis where that dim got its size
// (TensorVal::made: an array sliced or split later still names where it got its rank); a
// fourth, the value whose place to name instead when that one is unknown or the
// requirement's own site. Such a place is otherwise left out, as is one named already.
std::vector<RelatedMsg> stated_related(Interpreter& in, const State& st, const Args& a) {
  std::vector<RelatedMsg> out;
  const Value* rel = nullptr;
  for (const auto& [k, v] : a.kw)
    if (k == "related") rel = &v;
  const auto* pairs = rel ? in.sequence_of(st, *rel) : nullptr;
  if (!pairs) return out;
  ir::Loc here = in.site();
  auto useless = [&](const ir::Loc& loc) { return loc.line == 0 || (loc.file == here.file && loc.line == here.line); };
  for (const Value& pair : *pairs) {
    const auto* pv = in.sequence_of(st, pair);
    if (!pv || pv->size() < 2 || pv->size() > 4 || !(*pv)[1].const_str()) continue;
    ir::Loc loc = made_at(in, st, (*pv)[0], pv->size() >= 3 ? &(*pv)[2] : nullptr);
    if (useless(loc) && pv->size() == 4) loc = made_at(in, st, (*pv)[3], nullptr);
    auto named = [&](const RelatedMsg& r) { return r.loc.file == loc.file && r.loc.line == loc.line && r.loc.col == loc.col; };
    if (useless(loc) || std::any_of(out.begin(), out.end(), named)) continue;
    Msg m;
    m << *(*pv)[1].const_str();
    out.push_back(RelatedMsg{loc, m});
  }
  return out;
}

// _tenscan.require(condition, rule_id, *message_parts[, fix=...][, related=...]): a requirement
// stated by a stub (the hyperparameter refinements of Refty). Message parts are strings, ints,
// tuples or tensors; `fix` (see stated_fix) is what mends it, `related` (see stated_related)
// where the values it compares come from.
Outs require(Interpreter& in, State&& st, Args& a) {
  auto s = stated(in, st, a);
  if (!s) return interp::one(std::move(st), Value::boolean(true));
  bool ok = in.require(st, s->cond, s->rule, s->msg, stated_related(in, st, a), stated_fix(st, a));
  return interp::one(std::move(st), Value::boolean(ok));
}

namespace {
using SymbolValue = std::function<std::optional<std::int64_t>(sym::SymId)>;

}  // namespace

namespace {
// A run's sizes of TensorFlow 1 placeholders' None dimensions: a list of (dim, size) pairs, a
// symbol and the number fed (others are left out).
interp::RunSizes run_sizes(const Interpreter& in, const State& st, const Value* list) {
  interp::RunSizes sizes;
  if (const auto* pairs = list ? in.sequence_of(st, *list) : nullptr)
    for (const Value& pair : *pairs) {
      const auto* pv = in.sequence_of(st, pair);
      if (!pv || pv->size() != 2 || (*pv)[0].kind != VKind::Int || (*pv)[1].kind != VKind::Int) continue;
      auto id = (*pv)[0].i.as_symbol();
      auto n = (*pv)[1].i.as_const();
      if (id && n) sizes.emplace_back(*id, *n);
    }
  return sizes;
}
}  // namespace

// _tenscan.fed(sizes): a TensorFlow 1 graph runs (Session.run, Tensor.eval) with its
// placeholders' None dimensions, each (dim, size) pair of `sizes` a symbol fed a number. The
// graph's requirements on those symbols were imposed when it was built, where any sizes were
// possible (each placeholder's own: a GAN's discriminator targets are two batches long); now
// each whose symbols this run feeds is decided for the fed sizes: one that fails becomes certain
// (at its operation, with the run as a related place), one that holds is met (a graph that
// works only for some batch sizes is not reported when every run feeds one of them). A later
// run feeding other sizes decides the built condition again.
Outs fed(Interpreter& in, State&& st, Args& a) {
  const auto sizes = run_sizes(in, st, a.pos.empty() ? nullptr : &a.pos[0]);
  if (sizes.empty()) return interp::one(std::move(st), Value::none());
  ir::Loc here = in.site();
  const SymbolValue fed_size = [&](sym::SymId s) { return interp::run_size(sizes, s); };
  for (auto& rp : st.reqs) {
    const interp::Requirement& r = *rp;
    if (r.advisory || (r.definitely_false && !r.graph_cond)) continue;
    const sym::Cond& built = r.graph_cond ? *r.graph_cond : r.cond;
    const auto syms = built.symbols();
    if (std::none_of(syms.begin(), syms.end(), [&](sym::SymId s) { return fed_size(s).has_value(); })) continue;
    auto holds = built.eval(fed_size);
    if (!holds || (r.graph_cond && r.definitely_false)) continue;  // (other sizes in it; or already failed)
    if (*holds && r.graph_cond) continue;
    auto decided = std::make_shared<interp::Requirement>(r);
    decided->graph_cond = built;
    decided->cond = sym::Cond::truth(*holds);
    if (!*holds) {
      decided->definitely_false = true;
      decided->msg = r.msg.with_values(fed_size);
      Msg note;
      note << "the graph runs here, fed ";
      std::size_t k = 0;
      for (sym::SymId s : syms)
        if (auto n = fed_size(s)) note << (k++ ? " and " : "") << *n;
      note << (k > 1 ? " where the placeholders have None" : " where the placeholder has None");
      if (here.line) decided->related.push_back(RelatedMsg{here, note});
    }
    rp = std::move(decided);
  }
  return interp::one(std::move(st), Value::none());
}

// _tenscan.replay_at(marker, fed=()): what is required from now on is a TensorFlow 1 graph op's,
// checked again on the value a run feeds: reported where the project made `marker` (an object
// the op's model allocated when the op was built; State::graph_op), with the sizes `fed` gives
// the placeholders' None dimensions ((dim, size) pairs) read as those sizes. replay_at(None)
// ends it. Returns None.
Outs replay_at(Interpreter& in, State&& st, Args& a) {
  const Value* marker = a.pos.empty() ? nullptr : &a.pos[0];
  st.graph_op.reset();
  st.graph_fed.reset();
  if (!marker || !marker->is_obj()) return interp::one(std::move(st), Value::none());
  st.graph_op = st.heap.get(marker->obj).alloc_site;
  if (auto fed = run_sizes(in, st, a.pos.size() > 1 ? &a.pos[1] : nullptr); !fed.empty()) st.graph_fed = std::move(fed);
  return interp::one(std::move(st), Value::none());
}

// _tenscan.advise(cond, rule, *message[, related=...]): cond should hold; where it does not, the value is legal
// but wasteful (Refty's improper value: Interpreter::advise). Returns None.
Outs advise(Interpreter& in, State&& st, Args& a) {
  if (auto s = stated(in, st, a)) in.advise(st, s->cond, s->rule, s->msg, stated_related(in, st, a));
  return interp::one(std::move(st), Value::none());
}

std::optional<Stated> stated(Interpreter& in, const State& st, Args& a) {
  if (a.pos.size() < 2) return std::nullopt;
  const Value& c = a.pos[0];
  std::string rule_id = a.pos[1].const_str() ? *a.pos[1].const_str() : "";
  auto rule = rule_by_id(rule_id);
  if (!rule) {
    in.note(Notification::Kind::Internal, in.site(), "a library model uses the unknown rule id '" + rule_id + "'");
    return std::nullopt;
  }
  sym::Cond cond;
  if (c.kind == VKind::Bool) cond = c.b;
  else if (auto ci = c.const_int()) cond = sym::Cond::truth(*ci != 0);
  else return std::nullopt;  // an unknown condition cannot be checked
  Msg m;
  for (std::size_t i = 2; i < a.pos.size(); ++i) {
    const Value& v = a.pos[i];
    if (v.const_str()) m << *v.const_str();
    else if (v.kind == VKind::Int) m << v.i;
    else if (auto f = v.const_float()) {
      m << domain::python_repr(*f);
    } else if (const TensorVal* t = in.tensor_of(st, v); t && t->shape) m << *t->shape;
    else if (const auto* seq = in.sequence_of(st, v)) {
      Shape sh;
      bool ints = true;
      for (const auto& x : *seq) {
        if (x.kind == VKind::Int) sh.push_back(x.i);
        else ints = false;
      }
      if (ints) m << sh;
      else m << in.show(st, v);
    } else {
      m << in.show(st, v);
    }
  }
  return Stated{cond, *rule, m};
}

// _tenscan.randint(lo, hi, name): an integer chosen at random in [lo, hi] (inclusive)
Outs randint(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "randint");
  auto lo = p.const_int(0), hi = p.const_int(1);
  std::string name = p.str_arg(2).value_or("random");
  if (lo && hi) {
    if (*hi < *lo) return p.ret(Value::unknown(name));
    if (*lo == *hi) return p.ret(Value::integer(*lo));
    Expr s = in.fresh_symbol(p.st, name, "a random integer", *lo, *hi);
    return p.ret(Value::integer(s));
  }
  // Bounds the data decides (`randint(0, len(group) - 1)`): an integer between them. CPython
  // raises ValueError for an empty range; whether it is empty is the data's business, so the
  // range is taken to be non-empty, as a dataset's length is taken to be what it is.
  // (A rejection-sampling loop, `while j == i: j = randint(0, n - 1)`, stops after a few
  // draws: see Interpreter::same_up_to_loop_draws.)
  auto el = p.int_arg(0), eh = p.int_arg(1);
  if (!el || !eh) return p.ret(Value::unknown(name));
  sym::Interval il = p.st.ranges.eval(*el), ih = p.st.ranges.eval(*eh);
  Expr s = in.fresh_symbol(p.st, name, "a random integer", il.lo, ih.hi);
  if (!in.assume(p.st, sym::Cond::ge(s, *el) && sym::Cond::le(s, *eh))) return p.ret(Value::unknown(name));
  return p.ret(Value::integer(s));
}

// _tenscan.symbol(name, lo, kind="input", hi=None, fed=False): an unknown integer >= lo (and <= hi
// when given). `kind` says who picks it (see interp::SymKind): "input" (the length of a dataset
// read from disk, the channels of an image file), "data" (a count that depends on tensor
// contents, an image file's size), "program" (chosen at run time). `fed`: a TensorFlow 1
// placeholder's None dimension (SymbolInfo::fed).
Outs symbol(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "symbol");
  std::string name = p.str_arg(0).value_or("n");
  std::int64_t lo = p.const_int(1).value_or(0);
  std::int64_t hi = p.const_int(3, "hi").value_or(lo - 1);  // below lo: no upper bound
  std::string kind = p.str_arg(2, "kind").value_or("input");
  interp::SymKind k = kind == "data"      ? interp::SymKind::Data
                      : kind == "program" ? interp::SymKind::Program
                                          : interp::SymKind::Input;
  const char* what = k == interp::SymKind::Input ? "an input-dependent size" : "an unknown size";
  Expr s = in.fresh_symbol(p.st, name, what, lo, hi, k);
  if (p.bool_arg(4, "fed").value_or(false)) in.mark_fed(s.symbols().front());
  return p.ret(Value::integer(s));
}

// _tenscan.max_of(lengths, name): the largest of a list of ints. A few distinct values give
// max(...) exactly; many (one length per sample of a batch), a list of unknown length or
// elements that are not ints give a data-decided size at least the largest lower bound among
// them, not a max over dozens of symbols that every later solver query would carry.
Outs max_of(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "max_of");
  std::string name = p.str_arg(1).value_or("max");
  const Value* list = p.arg(0);
  const auto* items = list ? in.sequence_of(p.st, *list) : nullptr;
  const auto* reps = list && !items ? in.summary_items(p.st, *list) : nullptr;
  std::vector<Expr> distinct;
  bool exact = items != nullptr;
  for (const auto* vs : {items, reps}) {
    if (!vs) continue;
    for (const Value& v : *vs) {
      if (v.kind != VKind::Int) {
        exact = false;
        continue;
      }
      if (std::none_of(distinct.begin(), distinct.end(), [&](const Expr& e) { return e == v.i; })) distinct.push_back(v.i);
    }
  }
  constexpr std::size_t kExact = 4;
  if (exact && !distinct.empty() && distinct.size() <= kExact) {
    Expr m = distinct[0];
    for (std::size_t i = 1; i < distinct.size(); ++i) m = Expr::max(m, distinct[i]);
    return p.ret(Value::integer(m));
  }
  std::int64_t lo = 0;
  for (const Expr& e : distinct) lo = std::max(lo, p.st.ranges.eval(e).lo);
  return p.ret(Value::integer(in.fresh_symbol(p.st, name, "the largest of many data-decided sizes", lo,
                                              sym::Interval::kPosInf, interp::SymKind::Data)));
}

// _tenscan.input_int(name, default): under --symbolic-args, the value of an integer command-line
// option the user did not give: a symbol (an Input) with the default's sign as its bound;
// otherwise the default itself
Outs input_int(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "input_int");
  const Value* def = p.arg(1);
  if (!def) return p.ret(Value::none());
  std::optional<std::int64_t> d;
  if (def->kind == VKind::Int) d = def->i.as_const();
  if (!in.options().symbolic_args || !d.has_value()) return p.ret(*def);
  const std::int64_t dv = *d;
  std::string name = p.str_arg(0).value_or("option");
  std::int64_t lo = dv >= 1 ? 1 : dv >= 0 ? 0 : sym::Interval::kNegInf;
  Expr s = in.fresh_symbol(p.st, name, "the value of " + name + " (default " + std::to_string(dv) + ")", lo,
                           lo == sym::Interval::kNegInf ? lo : lo - 1, interp::SymKind::Input);
  return p.ret(Value::integer(s));
}

// _tenscan.length_of(n, name): n if it is an integer, else a symbol >= 1 for the unknown length
// of a dataset (picked by the user's data: warnings, not errors, when only some lengths fail)
Outs length_of(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "length_of");
  if (const Value* n = p.arg(0); n && n->kind == VKind::Int) return p.ret(*n);
  std::string name = p.str_arg(1).value_or("len(dataset)");
  Expr s = in.fresh_symbol(p.st, name, "the length of a dataset tenscan cannot see", 1, 0, interp::SymKind::Input);
  return p.ret(Value::integer(s));
}

namespace {
/// Path components of a path string, without empty and "." ones.
std::vector<std::string> path_parts(const std::string& path) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string part = path.substr(start, end - start);
    if (!part.empty() && part != ".") out.push_back(std::move(part));
    start = end + 1;
  }
  return out;
}
}  // namespace

// _tenscan.data_hint(path, default_kind): what the configuration says the data file at `path`
// holds (AnalysisOptions::data_hints): None when no hint's file ends the path (or the path is
// not a known string), else (kind, shape, dtype, range). A named dim is a fresh size >= 1 the
// data decides, the same for every dim of this load that has the name; range is (lo, hi) or
// None.
Outs data_hint(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "data_hint");
  auto path = p.str_arg(0);
  std::string kind = p.str_arg(1).value_or("tensor");
  if (!path) return p.ret_none();
  std::vector<std::string> parts = path_parts(*path);
  for (const DataHint& h : in.options().data_hints) {
    std::vector<std::string> want = path_parts(h.file);
    if (want.empty() || want.size() > parts.size() || !std::equal(want.rbegin(), want.rend(), parts.rbegin())) continue;
    std::map<std::string, Expr> named;
    std::vector<Value> dims;
    for (const std::string& d : h.shape) {
      std::int64_t n = 0;
      auto [end, err] = std::from_chars(d.data(), d.data() + d.size(), n);
      if (err == std::errc() && end == d.data() + d.size() && n >= 0) {
        dims.push_back(Value::integer(n));
        continue;
      }
      auto it = named.find(d);
      if (it == named.end())
        it = named.emplace(d, in.fresh_symbol(p.st, d, "the size " + d + " of " + h.file + " (tenscan.json data)", 1,
                                              sym::Interval::kPosInf, interp::SymKind::Data))
                 .first;
      dims.push_back(Value::integer(it->second));
    }
    Value shape = in.new_tuple(p.st, std::move(dims));
    std::string k = h.kind.empty() ? kind : h.kind;
    Value dtype = h.dtype.empty() ? Value::none() : Value::str(h.dtype);
    Value range = h.range ? in.new_tuple(p.st, {Value::floating(h.range->first), Value::floating(h.range->second)})
                          : Value::none();
    return p.ret(in.new_tuple(p.st, {Value::str(k), shape, dtype, range}));
  }
  return p.ret_none();
}

// _tenscan.summary_iter(items[, length, batch_size[, loader]]): an iterator over an unknown
// number of elements, each one of `items` (a DataLoader: full batches, then maybe a smaller
// last one). With length and batch_size, the last item is the DataLoader's last minibatch of
// length % batch_size samples: requirements imposed while the loop body runs on it are
// reported as such (shape/residual-batch). `loader`: the DataLoader whose construction takes
// drop_last=True (the findings' fix), None when that is not where its batches are decided.
Outs summary_iter(Interpreter& in, State&& st, Args& a) {
  std::vector<Value> items;
  if (!a.pos.empty())
    if (const auto* seq = in.sequence_of(st, a.pos[0])) items = *seq;
  int last = -1;
  if (a.pos.size() >= 3 && a.pos[1].kind == VKind::Int && a.pos[2].kind == VKind::Int)
    last = in.add_last_batch({a.pos[1].i, a.pos[2].i, in.site(),
                              a.pos.size() >= 4 && a.pos[3].is_obj() ? st.heap.get(a.pos[3].obj).alloc_site : ir::Loc{}});
  Value v = in.new_summary_iterator(st, std::move(items), last);
  return interp::one(std::move(st), v);
}

// _tenscan.summary_enumerate(iterable, start): enumerate() over a summary iterator (a
// DataLoader) stays a summary iterator, so the last minibatch keeps its meaning; None for
// anything else (enumerate then materialises the elements).
Outs summary_enumerate(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() < 2) return interp::one(std::move(st), Value::none());
  Outs its = in.iterate(std::move(st), a.pos[0]);
  Outs res;
  for (auto& it : its) {
    if (!it.st.normal() || !it.v.is_obj() || !it.st.heap.get(it.v.obj).summary_iter) {
      res.emplace_back(std::move(it.st), Value::none());
      continue;
    }
    const interp::Object& o = it.st.heap.get(it.v.obj);
    std::vector<Value> items = o.items;
    int last = o.last_batch;
    auto start = a.pos[1].kind == VKind::Int ? a.pos[1].i : Expr::constant(0);
    for (std::size_t i = 0; i < items.size(); ++i)
      items[i] = in.new_tuple(it.st, {Value::integer(start + Expr::constant(static_cast<std::int64_t>(i))), items[i]});
    std::optional<Expr> len = in.known_summary_length(it.st, it.v);
    Value v = in.new_summary_iterator(it.st, std::move(items), last);
    if (len) in.set_summary_length(it.st, v, *len);
    res.emplace_back(std::move(it.st), v);
  }
  return res;
}

// _tenscan.const_int(v): v if it is a known integer, else None
Outs const_int(Interpreter&, State&& st, Args& a) {
  if (!a.pos.empty())
    if (auto c = a.pos[0].const_int(); c && a.pos[0].kind == VKind::Int) return interp::one(std::move(st), Value::integer(*c));
  return interp::one(std::move(st), Value::none());
}

// _tenscan.unknown(label): an unknown value (I/O results); records nothing
Outs unknown(Interpreter&, State&& st, Args& a) {
  std::string label = !a.pos.empty() && a.pos[0].const_str() ? *a.pos[0].const_str() : "unknown";
  return interp::one(std::move(st), Value::unknown(label));
}

// _tenscan.set_tensor(obj, source_tensor): make an instance of a Tensor subclass (Parameter)
// carry another tensor's shape
Outs set_tensor(Interpreter& in, State&& st, Args& a) {
  if (a.pos.size() >= 2 && a.pos[0].is_obj()) {
    const TensorVal* t = in.tensor_of(st, a.pos[1]);
    interp::Object& o = st.heap.mut(a.pos[0].obj);
    if (t) o.tensor = *t;
    else o.tensor = TensorVal{std::nullopt, DType::Float32, in.site()};
  }
  return interp::one(std::move(st), Value::none());
}

// _tenscan.is_tensor(v)
Outs is_tensor(Interpreter& in, State&& st, Args& a) {
  bool r = !a.pos.empty() && in.tensor_of(st, a.pos[0]) != nullptr;
  return interp::one(std::move(st), Value::boolean(r));
}

// _tenscan.argv(): the script's command line (sys.argv)
Outs argv(Interpreter& in, State&& st, Args&) {
  std::vector<Value> items;
  items.push_back(Value::str(in.entry_path()));
  for (const auto& s : in.options().script_args) items.push_back(Value::str(s));
  Value v = in.new_list(st, std::move(items));
  return interp::one(std::move(st), v);
}

// _tenscan.unmodelled(name): record a call tenscan has no model for, return unknown
// _tenscan.is_unknown(v) / _tenscan.is_str(v): concrete tests for stubs (isinstance on an
// unknown value is itself unknown and would split the path)
Outs is_unknown(Interpreter&, State&& st, Args& a) {
  return interp::one(std::move(st), Value::boolean(!a.pos.empty() && a.pos[0].is_unknown()));
}
// _tenscan.is_summary(x): x is a summary list (built by a loop of unknown length; its elements
// stand for some of its elements, in no known order)
Outs is_summary(Interpreter& in, State&& st, Args& a) {
  bool summary = !a.pos.empty() && in.summary_items(st, a.pos[0]) != nullptr;
  return interp::one(std::move(st), Value::boolean(summary));
}
Outs is_str(Interpreter&, State&& st, Args& a) {
  return interp::one(std::move(st), Value::boolean(!a.pos.empty() && a.pos[0].kind == VKind::Str));
}
// _tenscan.unknown_str(): a string whose contents the data decides (a line read from a file)
Outs unknown_str(Interpreter&, State&& st, Args&) { return interp::one(std::move(st), Value::unknown_str()); }
// _tenscan.summary_zip(lists): zip() of lists one of which has an unknown length (a loop of
// unknown length built it): a summary list of tuples of their representatives (the k-th of each
// list, cycling through the ones with fewer), as long as the lists when they share one length
// symbol. None when every list is concrete (zip then pairs the elements themselves).
Outs summary_zip(Interpreter& in, State&& st, Args& a) {
  const auto* outer = a.pos.empty() ? nullptr : in.sequence_of(st, a.pos[0]);
  if (!outer) return interp::one(std::move(st), Value::none());
  const std::vector<Value> lists = *outer;
  std::vector<std::vector<Value>> reps;
  bool any_summary = false, same_length = true;
  std::optional<Expr> length;
  for (const Value& l : lists) {
    if (const auto* r = in.summary_items(st, l)) {
      any_summary = true;
      reps.push_back(*r);
      Expr n = in.summary_length(st, l);
      if (length && !(*length == n)) same_length = false;
      length = n;
    } else if (const auto* items = in.sequence_of(st, l)) {
      reps.push_back(*items);
      same_length = false;
    } else {
      return interp::one(std::move(st), Value::none());
    }
  }
  if (!any_summary) return interp::one(std::move(st), Value::none());
  std::size_t k = 0;
  for (const auto& r : reps) {
    if (r.empty()) return interp::one(std::move(st), in.new_list(st, {}));  // zip with an empty list
    k = std::max(k, r.size());
  }
  std::vector<Value> tuples;
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Value> t;
    for (const auto& r : reps) t.push_back(r[i % r.size()]);
    tuples.push_back(in.new_tuple(st, std::move(t)));
  }
  Value v = in.new_summary_list(st, std::move(tuples));
  if (same_length && length) in.set_summary_length(st, v, *length);
  return interp::one(std::move(st), v);
}

namespace {
// What an operation along an axis of size 1 gives whatever its input (shape/singleton-axis):
// a softmax normalises one element to 1, an argmax picks the only index, a softmax cross-entropy
// over one class is -log(1).
struct ConstantAlong {
  const char* op;
  const char* result;
  bool class_axis;  ///< no axis given: the class axis (1, or 0 for a 1-D input), else the last
};
constexpr ConstantAlong kConstantAlong[] = {
    {"softmax", "is 1.0 everywhere", false},
    {"log_softmax", "is 0.0 everywhere", false},
    {"softmin", "is 1.0 everywhere", false},
    {"argmax", "is 0 everywhere", false},
    {"argmin", "is 0 everywhere", false},
    {"cross_entropy", "is 0 for every input (a softmax over one class is 1.0), and fails for a label other than 0", true},
    {"softmax_cross_entropy_with_logits", "is 0 for every input (a softmax over one class is 1.0)", false},
    {"softmax_cross_entropy", "is 0 for every input (a softmax over one class is 1.0)", false},
    {"sparse_softmax_cross_entropy_with_logits",
     "is 0 for every input (a softmax over one class is 1.0), and fails for a label other than 0", false},
    {"categorical_crossentropy", "is 0 for every input (one probability normalised over one class is 1.0)", false},
    {"sparse_categorical_crossentropy",
     "is 0 for every input (one probability normalised over one class is 1.0), and fails for a label other than 0", false},
};
}  // namespace

// _tenscan.constant_along(x, axis, op[, word][, related=...][, at=...]): `op` (a row of
// kConstantAlong) works along `axis` of x (a tensor, or a tuple of sizes; None: its default
// axis); where that axis certainly has size 1 its result does not depend on the input, a
// warning, reported where the project made `at` (the layer whose activation it is) if it did.
// Returns None.
Outs constant_along(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "constant_along");
  const std::string op = p.str_arg(2).value_or("");
  const auto* row = std::find_if(std::begin(kConstantAlong), std::end(kConstantAlong),
                                 [&](const ConstantAlong& r) { return op == r.op; });
  if (row == std::end(kConstantAlong)) {
    in.note(Notification::Kind::Internal, in.site(), "a library model names the unknown operation '" + op + "'");
    return p.ret_none();
  }
  const TensorVal* t = p.tensor(0);
  std::optional<Shape> shape = t ? t->shape : p.ints(0);
  if (!shape || shape->empty()) return p.ret_none();
  const auto rank = static_cast<std::int64_t>(shape->size());
  const std::int64_t default_axis = row->class_axis && rank > 1 ? 1 : -1;
  std::optional<std::int64_t> axis = p.present(1) ? p.const_int(1) : std::optional<std::int64_t>(default_axis);
  if (!axis || *axis < -rank || *axis >= rank) return p.ret_none();
  const auto d = static_cast<std::size_t>(*axis < 0 ? *axis + rank : *axis);
  if (p.st.ranges.decide(Cond::eq((*shape)[d], Expr::constant(1))) != sym::Tri::True) return p.ret_none();
  // (TensorFlow's, Keras's and NumPy's axes, with their shapes as TensorShape and NumPy print
  // them, "(None, 1)"; PyTorch's dims)
  const std::string word = p.str_arg(3).value_or("dim");
  Msg m;
  m << op << " over " << word << " " << *axis << " of an input of shape ";
  if (word == "axis") {
    std::string text = "(";
    for (std::size_t i = 0; i < shape->size(); ++i) {
      auto c = (*shape)[i].as_const();
      text += (i ? ", " : "") + (c ? std::to_string(*c) : std::string("None"));
    }
    m << text + (shape->size() == 1 ? ",)" : ")");
  } else {
    m << *shape;
  }
  m << ", an axis of size 1, " << row->result << ": its result does not depend on the input";
  std::vector<RelatedMsg> rel = stated_related(in, p.st, a);
  if (t) {
    rel.push_back(p.origin_note(*t, "the input got its shape here"));
    if (const ir::Loc& made = t->dim_origin(d); made.line && made.line != t->origin.line)
      rel.push_back(RelatedMsg{made, Msg("the axis got its size 1 here")});
  }
  std::optional<ir::Loc> at;
  if (const Value* layer = p.arg(99, "at"); layer && layer->is_obj()) {
    const ir::Loc& made = p.st.heap.get(layer->obj).alloc_site;
    if (made.line) at = made;
  }
  if (at) {
    auto same_place = [&](const RelatedMsg& r) { return r.loc.file == at->file && r.loc.line == at->line; };
    rel.erase(std::remove_if(rel.begin(), rel.end(), same_place), rel.end());
    Msg where;
    where << "the layer runs here";
    if (in.site().line && !(in.site().file == at->file && in.site().line == at->line))
      rel.push_back(RelatedMsg{in.site(), where});
  }
  in.advise(p.st, Cond::truth(false), RuleId::SingletonAxis, m, std::move(rel), at);
  return p.ret_none();
}

// _tenscan.const_str(v): v if it is a known string, else None
Outs const_str(Interpreter&, State&& st, Args& a) {
  if (!a.pos.empty() && a.pos[0].const_str()) return interp::one(std::move(st), a.pos[0]);
  return interp::one(std::move(st), Value::none());
}

// _tenscan.opaque_tensor(label): a tensor read from data tenscan cannot see (torch.load): rank,
// dims and dtype unknown until an operation fixes them (TensorVal::opaque)
Outs opaque_tensor(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "opaque_tensor");
  TensorVal t{std::nullopt, DType::Unknown, in.site()};
  t.opaque = true;
  return p.ret(in.new_tensor(p.st, std::move(t)));
}

Outs unmodelled(Interpreter& in, State&& st, Args& a) {
  std::string name = !a.pos.empty() && a.pos[0].const_str() ? *a.pos[0].const_str() : "?";
  in.record_unmodelled(name);
  return interp::one(std::move(st), Value::unknown(name + "()"));
}

const PrimRow kRows[] = {
    {"class_loss", class_loss}, {"pointwise_loss", pointwise_loss}, {"require", require}, {"advise", advise}, {"fed", fed},   {"randint", randint},
    {"symbol", symbol},         {"summary_iter", summary_iter}, {"summary_enumerate", summary_enumerate}, {"length_of", length_of}, {"input_int", input_int},     {"unknown", unknown},   {"set_tensor", set_tensor},
    {"is_tensor", is_tensor},   {"argv", argv},                     {"unmodelled", unmodelled}, {"opaque_tensor", opaque_tensor}, {"is_unknown", is_unknown}, {"is_summary", is_summary}, {"is_str", is_str}, {"const_str", const_str}, {"summary_zip", summary_zip}, {"unknown_str", unknown_str},
    {"const_int", const_int}, {"max_of", max_of}, {"data_hint", data_hint}, {"constant_along", constant_along}, {"replay_at", replay_at},
};

}  // namespace

std::span<const PrimRow> loss_primitives() { return kRows; }

}  // namespace tenscan::models
