// Interpreter infrastructure: natives, constraints, the Python object model (attributes,
// calls, classes, argument binding) and the import system.
#include "interp/interpreter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cassert>
#include <set>
#include <sstream>

#include "interp/cpython_names.h"
#include "interp/join.h"
#include "ir/serialize.h"
#include "models/benign.h"
#include "models/stubs.h"

namespace tenscan::interp {

void register_builtins(Interpreter& in);
void register_primitives(Interpreter& in);

// ---- small helpers -------------------------------------------------------------------------

const Value* Args::get(std::size_t index, std::string_view name) const {
  for (const auto& [k, v] : kw)
    if (k == name) return &v;
  if (index < pos.size()) return &pos[index];
  return nullptr;
}

const char* dtype_name(DType d) {
  switch (d) {
    case DType::Unknown: return "unknown";
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int8: return "int8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::Complex64: return "complex64";
    case DType::Complex128: return "complex128";
  }
  return "unknown";
}
bool dtype_is_float(DType d) {
  return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32 || d == DType::Float64;
}
bool dtype_is_integer(DType d) {
  return d == DType::UInt8 || d == DType::Int8 || d == DType::Int16 || d == DType::Int32 || d == DType::Int64;
}

std::ptrdiff_t dict_find(const std::vector<DictEntry>& es, const Value& key) {
  for (std::size_t i = 0; i < es.size(); ++i)
    if (same_value(es[i].key, key)) return static_cast<std::ptrdiff_t>(i);  // (ints: the same expression)
  if (key.is_unknown_or_unknown_str()) return -2;
  return -1;
}

bool known_keys(const Object& o) {
  if (o.kind != OKind::Dict || !o.project_keys || o.summary_iter) return false;
  return std::all_of(o.entries.begin(), o.entries.end(), [](const DictEntry& e) {
    return e.key.const_str() || (e.key.kind == VKind::Int && e.key.const_int());
  });
}

void dict_store(std::vector<DictEntry>& es, const Value& key, const Value& value) {
  std::ptrdiff_t i = dict_find(es, key);
  if (i >= 0) {
    es[static_cast<std::size_t>(i)].value = value;
    return;
  }
  if (i == -2)
    for (auto& e : es) e.value = Value::unknown("a value a key tenscan does not know may have replaced");
  es.push_back({key, value});
}

bool same_value(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case VKind::Undef:
    case VKind::None: return true;
    case VKind::Bool: return a.b == b.b;
    case VKind::Int: return a.i == b.i;
    case VKind::Float:  // (the same NaN is the same value: math.nan held by two paths)
      return a.f == b.f;
    case VKind::Str: return a.s && b.s ? *a.s == *b.s : a.s == b.s;
    case VKind::Obj: return a.obj == b.obj;
    case VKind::Unknown: return a.s == b.s || (a.s && b.s && *a.s == *b.s);
    case VKind::Choice: return a.obj == b.obj && a.b == b.b && a.i == b.i && a.f == b.f;
  }
  return false;
}

Interpreter::Interpreter(const SourceProvider& sources, const AnalysisOptions& options, AnalysisResult& result)
    : sources_(sources), options_(options), result_(result) {
  if (options.max_seconds > 0)
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(options.max_seconds));
  modules_.emplace_back();  // file id 0 is "no file"
  register_builtins(*this);
  register_primitives(*this);
}

Interpreter::~Interpreter() = default;

int Interpreter::add_native(const std::string& name, NativeFn fn) {
  int id = static_cast<int>(natives_.size());
  natives_.push_back({name, fn});
  native_index_[name] = id;
  return id;
}

int Interpreter::native_id(const std::string& name) const {
  auto it = native_index_.find(name);
  return it == native_index_.end() ? -1 : it->second;
}

Value Interpreter::native_value(State& st, const std::string& name, std::optional<Value> self) {
  Object o;
  o.kind = OKind::Builtin;
  o.builtin.id = native_id(name);
  o.builtin.name = name;
  o.builtin.self = std::move(self);
  return Value::object(st.heap.alloc(std::move(o)));
}

bool Interpreter::out_of_time() const {
  if (!out_of_time_ && std::chrono::steady_clock::now() >= deadline_) out_of_time_ = true;
  return out_of_time_;
}

bool Interpreter::past_cutoff() const {
  if (options_.max_seconds <= 0) return false;
  const auto grace = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(0.15 * options_.max_seconds));
  return std::chrono::steady_clock::now() >= deadline_ + grace;
}

long Interpreter::work_done() const {
  // comparing paths for merging costs work too: kMergeVisits compared objects count as one
  // statement, so that many paths over a large heap cannot run unbounded
  constexpr std::size_t kMergeVisits = 32;
  return statements_ + static_cast<long>(merge_work_ / kMergeVisits);
}

bool Interpreter::over_work_budget() const {
  if (work_done() > options_.max_statements || over_check_budget()) return true;
  // the clock is read every 256 statements (and on every merge comparison, which is rarer)
  return out_of_time_ || ((statements_ & 255) == 0 && out_of_time());
}

bool Interpreter::over_check_budget() const { return work_done() > check_work_limit_; }

bool Interpreter::tick() {
  ++statements_;
  ++result_.stats.statements_executed;
  if (over_work_budget()) {
    if (!budget_reported_ && !over_check_budget()) {
      budget_reported_ = true;
      std::ostringstream seconds;
      seconds << options_.max_seconds;
      note(Notification::Kind::Budget, site(),
           out_of_time_ ? "analysis stopped at its time budget (" + seconds.str() +
                              " s); the remaining paths were not analysed"
                        : "analysis stopped at its work budget (" + std::to_string(options_.max_statements) +
                              " interpreted statements, or comparisons of paths for merging worth as much); the "
                              "remaining paths were not analysed");
    }
    return false;
  }
  return true;
}

Interpreter::SiteGuard::SiteGuard(Interpreter& i, const ir::Expr* e) : in(i), active(false) {
  const ir::Module* m = i.module_of_file(e->loc.file);
  if (m && !m->is_stub) {
    i.sites_.push_back(e);
    active = true;
  }
}
bool Interpreter::require_at(State& st, const ir::Loc& at, const sym::Cond& c, RuleId rule, Msg msg) {
  ir::Expr here;
  here.kind = ir::ExprKind::None;
  here.loc = at;
  sites_.push_back(&here);
  const bool ok = require(st, c, rule, std::move(msg));
  sites_.pop_back();
  return ok;
}

Interpreter::SiteGuard::~SiteGuard() {
  if (active) in.sites_.pop_back();
}

ir::Loc Interpreter::site() const { return sites_.empty() ? ir::Loc{} : sites_.back()->loc; }
std::string Interpreter::site_function() const { return site_functions_.empty() ? "<module>" : site_functions_.back(); }

const ir::Module* Interpreter::module_of_file(std::uint32_t file) const {
  return file < modules_.size() ? modules_[file].get() : nullptr;
}

void Interpreter::record_unmodelled(const std::string& name) {
  // an API is a dotted name; a label with anything else in it ("result of an operation on an
  // unknown value.find", "dict[...][i].items") is a value derived from an earlier gap, whose
  // methods are consequences of that gap, not gaps of their own
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_. ") !=
                          std::string::npos ||
      (name.find(' ') != std::string::npos && name.rfind("import ", 0) != 0))
    return;
  if (auto why = models::benign_reason(name); !why.empty()) ++result_.stats.benign_calls[std::string(why) + ": " + name];
  else ++result_.stats.unmodelled_calls[name];
}
namespace {
// Where the rank and dims of `t`, which an operation with ranked tensor operands `operands`
// made at t.origin, got their sizes: a dim equal to an operand's at the same place, counted
// from the front or from the back (x[:n] and Dense keep the leading ones, a broadcast or an
// unsqueeze(0) the trailing ones), was passed on from that operand, and was made where the
// operand's was; the rank likewise, from an operand of the same rank. (Equal sizes that merely
// coincide are taken as passed on: the place named is then an earlier one that made the size.)
std::shared_ptr<const ShapeOrigin> passed_on(const State& st, const TensorVal& t, const std::vector<ObjId>& operands) {
  const auto& out = *t.shape;
  ShapeOrigin made{t.origin, std::vector<ir::Loc>(out.size(), t.origin)};
  bool any = false;
  auto from = [&](const ir::Loc& loc, ir::Loc& to) {
    if (loc.line == 0 || (loc.file == t.origin.file && loc.line == t.origin.line)) return false;
    to = loc;
    any = true;
    return true;
  };
  for (std::size_t d = 0; d < out.size(); ++d)
    for (ObjId id : operands) {
      const auto& x = st.heap.get(id).tensor;
      if (!x || !x->shape) continue;
      const auto& in = *x->shape;
      std::size_t back = out.size() - d;  // (d counted from the back, 1 = the last)
      if (d < in.size() && in[d] == out[d] && from(x->dim_origin(d), made.dims[d])) break;
      if (back <= in.size() && in[in.size() - back] == out[d] && from(x->dim_origin(in.size() - back), made.dims[d]))
        break;
    }
  for (ObjId id : operands)
    if (const auto& x = st.heap.get(id).tensor; x && x->shape && x->shape->size() == out.size() &&
                                               from(x->rank_origin(), made.rank))
      break;
  return any ? std::make_shared<const ShapeOrigin>(std::move(made)) : nullptr;
}

// Adds a tensor operand's provenance (TensorVal::after) to an operation's, at most 4 ids.
void add_provenance(std::vector<std::uint32_t>& to, const TensorVal& t) {
  for (auto id : t.after)
    if (to.size() < 4 && std::find(to.begin(), to.end(), id) == to.end()) to.push_back(id);
}
}  // namespace

void Interpreter::begin_operation(std::string_view primitive, const State& st, const Args& args) {
  ++result_.stats.operations[std::string(primitive)];
  op_ = ++op_count_;
  op_reqs_ = st.reqs.size();
  op_after_.clear();
  op_modules_.clear();
  op_operands_.clear();
  int tensors = 0;  // (the direct tensor operands)
  auto add = [&](const Value& v) {
    const TensorVal* t = tensor_of(st, v);
    if (!t) return false;
    add_provenance(op_after_, *t);
    if (t->shape && op_operands_.size() < 4) op_operands_.push_back(v.obj);
    for (int row : t->modules)
      if (op_modules_.size() < 4 && std::find(op_modules_.begin(), op_modules_.end(), row) == op_modules_.end())
        op_modules_.push_back(row);
    return true;
  };
  auto add_value = [&](const Value& v) {
    tensors += add(v);
    if (const auto* items = sequence_of(st, v))  // torch.cat([a, b]) and the like
      for (const auto& x : *items) add(x);
  };
  for (const auto& v : args.pos) add_value(v);
  for (const auto& [k, v] : args.kw) add_value(v);
  // an opaque tensor that is the only tensor operand (F.relu(x), x.float(), x * 2): a result
  // with no rank either has its shape (new_tensor)
  op_name_ = primitive;
  op_shape_source_ = kNoObj;
  if (const TensorVal* t = args.pos.empty() ? nullptr : tensor_of(st, args.pos[0]); tensors == 1 && t && t->opaque && !t->shape)
    op_shape_source_ = args.pos[0].obj;
}

void Interpreter::note(Notification::Kind kind, const ir::Loc& loc, std::string message) {
  Notification n;
  n.kind = kind;
  n.level = Level::Note;
  n.message = std::move(message);
  if (const ir::Module* m = module_of_file(loc.file); m && !m->is_stub) {
    n.location.path = m->path;
    n.location.line = loc.line;
    n.location.col = loc.col + 1;
    n.location.end_line = loc.end_line;
    n.location.end_col = loc.end_col + 1;
  }
  for (const auto& existing : result_.notifications)
    if (existing.kind == n.kind && existing.message == n.message && existing.location == n.location) return;
  result_.notifications.push_back(std::move(n));
}

sym::SymbolNamer Interpreter::namer() const {
  return [this](sym::SymId id) { return id < symbols_.size() ? symbols_[id].name : "s" + std::to_string(id); };
}

// ---- constraints ---------------------------------------------------------------------------

namespace {
// Where a requirement made at `here` is reported: at the TF1 graph op being checked on the
// value a run feeds (State::graph_op), the run then a related place; else at `here`.
ir::Loc graph_place(const State& st, const ir::Loc& here, std::vector<RelatedMsg>& related) {
  if (!st.graph_op->line) return here;
  related.push_back(RelatedMsg{here, Msg("the graph runs here, fed a value the op fails on if the run computes it")});
  return *st.graph_op;
}
}  // namespace

bool Interpreter::require(State& st, const sym::Cond& stated, RuleId rule, Msg msg, std::vector<RelatedMsg> related,
                          std::optional<ArgumentFix> fix) {
  ++result_.stats.requirements_checked;
  if (fix) note_demand(*fix);
  // (a graph op checked again on what a run feeds: the fed sizes read as such, State::graph_fed)
  std::optional<sym::Cond> fed_cond;
  if (st.graph_op->line && !st.graph_fed->empty()) {
    auto value = [&](sym::SymId s) { return run_size(*st.graph_fed, s); };
    if (auto holds = stated.eval(value)) fed_cond = sym::Cond::truth(*holds);
    msg = msg.with_values(value);
  }
  const sym::Cond& c = fed_cond ? *fed_cond : stated;
  sym::Tri t = st.ranges.decide(c);
  if (t == sym::Tri::True) {
    ++result_.stats.requirements_online;
    return true;
  }
  // The same requirement at the same place (a loop's next iteration) adds nothing to the path.
  const ir::Loc here = graph_place(st, site(), related);
  // (module mode: a rank that fails is the one taken for the argument of a layer that takes any;
  // the class is not checked past it, and says so)
  if (t == sym::Tri::False && st.module_check && st.guessed_rank &&
      (rule == RuleId::DimOutOfRange || rule == RuleId::RankMismatch)) {
    stop(st, StopReason::GuessedRank, here);
    return false;
  }
  for (const auto& e : st.reqs)
    if (e->rule == rule && e->site.file == here.file && e->site.line == here.line && e->site.col == here.col &&
        e->cond == c)
      return t != sym::Tri::False;
  Requirement r;
  r.cond = c;
  r.rule = rule;
  r.msg = std::move(msg);
  r.site = here;
  r.related = std::move(related);
  r.function = site_function();
  r.definitely_false = t == sym::Tri::False;
  r.last_batch = st.last_batch;
  r.op = op_ != 0 ? op_ : library_call_.op;
  r.after = op_ != 0 ? op_after_ : library_call_.after;
  r.path = st.path;
  r.fix = std::move(fix);
  if (!st.module_calls.empty()) r.module_row = st.module_calls.back().second;
  // a TF1 graph op checked on what a run feeds fails only if the run computes it, which depends
  // on the fetches tenscan does not trace: a warning, and the path goes on
  if (st.graph_op->line) {
    r.advisory = true;
    r.op = 0;
    r.after.clear();
  }
  if (r.definitely_false) {
    ++result_.stats.requirements_online;
    if (!r.advisory) st.certain_error = true;
  }
  st.reqs.push_back(std::make_shared<const Requirement>(std::move(r)));
  return t != sym::Tri::False;
}

void Interpreter::note_demand(const ArgumentFix& f) {
  std::optional<std::string> value = f.text;
  if (f.value) {
    auto k = f.value->as_const();
    value = k ? std::optional<std::string>(std::to_string(*k)) : std::nullopt;
  }
  auto [it, fresh] = fix_values_.try_emplace({f.call.file, f.call.line, f.call.col, f.position, f.keyword}, value);
  if (!fresh && it->second != value) it->second = std::nullopt;
}

bool Interpreter::fix_agrees(const ArgumentFix& f) const {
  auto it = fix_values_.find({f.call.file, f.call.line, f.call.col, f.position, f.keyword});
  if (it == fix_values_.end() || !it->second) return false;
  if (!f.value) return *it->second == f.text;
  auto c = f.value->as_const();
  return c && *it->second == std::to_string(*c);
}

void Interpreter::advise(State& st, const sym::Cond& c, RuleId rule, Msg msg, std::vector<RelatedMsg> related,
                         std::optional<ir::Loc> at) {
  ++result_.stats.requirements_checked;
  const sym::Tri t = st.ranges.decide(c);
  if (t == sym::Tri::True) {
    ++result_.stats.requirements_online;
    return;
  }
  const ir::Loc here = at ? *at : graph_place(st, site(), related);
  for (const auto& e : st.reqs)  // (a loop's next iteration)
    if (e->rule == rule && e->site.file == here.file && e->site.line == here.line && e->site.col == here.col && e->cond == c)
      return;
  Requirement r;
  r.cond = c;
  r.rule = rule;
  r.msg = std::move(msg);
  r.related = std::move(related);
  r.site = here;
  r.function = site_function();
  r.definitely_false = t == sym::Tri::False;
  r.advisory = true;  // (op 0 and no `after`: no failure follows from it)
  r.path = st.path;
  if (r.definitely_false) ++result_.stats.requirements_online;
  st.reqs.push_back(std::make_shared<const Requirement>(std::move(r)));
}

void Interpreter::hazard(State& st, RuleId rule, Msg msg, std::vector<RelatedMsg> related, bool certain,
                         std::vector<CallRewrite> rewrite, std::optional<ArgumentFix> agree) {
  ++result_.stats.requirements_checked;
  ir::Loc here = site();
  for (const auto& e : st.reqs)  // (a loop's next iteration)
    if (e->rule == rule && e->site.file == here.file && e->site.line == here.line && e->site.col == here.col &&
        e->definitely_false)
      return;
  Requirement r;
  r.cond = sym::Cond::truth(false);
  r.rule = rule;
  r.msg = std::move(msg);
  r.site = here;
  r.related = std::move(related);
  r.function = site_function();
  r.definitely_false = true;
  r.possible = !certain;  // (r.last_batch stays -1: a value, not a shape of the last minibatch)
  // (op 0: the operation's result has its shape whatever its values are, so a requirement on
  // what is computed from it is no follow-on of the hazard: log(x) of zeros fed to a Linear
  // of the wrong width is two findings)
  r.op = 0;
  r.after = op_after_;
  r.path = st.path;
  r.rewrite = std::move(rewrite);
  r.agree = std::move(agree);
  if (!st.module_calls.empty()) r.module_row = st.module_calls.back().second;
  ++result_.stats.requirements_online;
  st.reqs.push_back(std::make_shared<const Requirement>(std::move(r)));
}

sym::Tri Interpreter::decide(const State& st, const sym::Cond& c) const {
  // boolean symbols (unknown conditions) are decided by earlier assumptions about them
  const sym::Cond* b = &c;
  bool negated = false;
  if (c.kind() == sym::Cond::Kind::Not && c.children()[0].kind() == sym::Cond::Kind::BoolSym) {
    b = &c.children()[0];
    negated = true;
  }
  if (b->kind() == sym::Cond::Kind::BoolSym) {
    sym::Interval iv = st.ranges.get(b->bool_symbol());
    if (iv.is_point()) return (iv.lo != 0) != negated ? sym::Tri::True : sym::Tri::False;
    return sym::Tri::Unknown;
  }
  sym::Tri t = st.ranges.decide(c);
  if (t != sym::Tri::Unknown) return t;
  // a condition the path already took (the DataLoader's `len % bs != 0` on the next epoch):
  // ranges cannot express it, but the path's constraints contain it or its negation
  sym::Cond neg = !c;
  for (const auto& h : st.hard) {
    if (h == c) return sym::Tri::True;
    if (h == neg) return sym::Tri::False;
  }
  return t;
}

bool Interpreter::assume(State& st, const sym::Cond& c) {
  if (c.is_true()) return true;
  if (c.kind() == sym::Cond::Kind::BoolSym || (c.kind() == sym::Cond::Kind::Not && c.children()[0].kind() == sym::Cond::Kind::BoolSym)) {
    sym::Tri t = decide(st, c);
    if (t == sym::Tri::False) return false;
    if (t == sym::Tri::True) return true;
    bool positive = c.kind() == sym::Cond::Kind::BoolSym;
    sym::SymId id = positive ? c.bool_symbol() : c.children()[0].bool_symbol();
    st.ranges.set(id, sym::Interval::point(positive ? 1 : 0));
    st.hard.push_back(c);
    return true;
  }
  if (!st.ranges.refine(c)) return false;
  if (st.ranges.decide(c) != sym::Tri::True || !c.symbols().empty()) st.hard.push_back(c);
  return true;
}

Value Interpreter::unknown_test(const Value& u, const std::string& test) {
  auto key = std::make_pair(u.s.get(), test);
  auto it = unknown_tests_.find(key);
  if (it == unknown_tests_.end()) {
    std::string label = (u.s ? *u.s : std::string("an unknown value")) + " " + test;
    sym::SymId id = fresh_bool_symbol(label, "a test of a value tenscan does not know", SymKind::Data);
    it = unknown_tests_.emplace(key, std::make_pair(u.s, sym::Cond::boolean_symbol(id))).first;
  }
  return Value::boolean(it->second.second);
}

sym::SymId Interpreter::fresh_bool_symbol(std::string name, std::string description, SymKind kind) {
  auto id = static_cast<sym::SymId>(symbols_.size());
  symbols_.push_back({std::move(name), std::move(description), kind});
  return id;
}

sym::Expr Interpreter::fresh_symbol(State& st, std::string name, std::string description, std::int64_t lo,
                                    std::int64_t hi, SymKind kind) {
  auto id = static_cast<sym::SymId>(symbols_.size());
  // Disambiguate printable names: the same source expression can create several symbols.
  int same = symbol_names_[name]++;
  if (same) name += "#" + std::to_string(same + 1);
  sym::Interval iv{lo, hi >= lo ? hi : sym::Interval::kPosInf};
  symbols_.push_back({std::move(name), std::move(description), kind, iv.lo, iv.hi});
  return within_domain(st, id);
}

sym::Expr Interpreter::within_domain(State& st, sym::SymId id) const {
  const SymbolInfo& info = symbols_.at(id);
  sym::Expr e = sym::Expr::symbol(id);
  st.ranges.set(id, sym::Interval{info.lo, info.hi});
  if (info.lo != sym::Interval::kNegInf) st.hard.push_back(sym::Cond::ge(e, sym::Expr::constant(info.lo)));
  if (info.hi != sym::Interval::kPosInf) st.hard.push_back(sym::Cond::le(e, sym::Expr::constant(info.hi)));
  return e;
}

sym::Expr Interpreter::space_symbol(State& st, SymbolInfo info) {
  if (auto it = space_symbols_.find(info.name); it != space_symbols_.end()) return within_domain(st, it->second);
  const std::string key = info.name;
  sym::Expr e = fresh_symbol(st, info.name, info.description, info.lo, info.hi, SymKind::Input);
  const sym::SymId id = e.symbols().front();
  info.name = symbols_[id].name;  // (as fresh_symbol disambiguated it)
  info.kind = SymKind::Input;
  info.space = true;
  symbols_[id] = std::move(info);
  space_symbols_.emplace(key, id);
  return e;
}

std::pair<std::size_t, std::size_t> Interpreter::space_part_of(const std::string& name, std::size_t n) {
  const SpacePart& part = options_.space_part;
  if (part.count < 2 || option_dest(part.name) != option_dest(name)) return {0, n};
  const auto k = static_cast<std::size_t>(part.index - 1), m = static_cast<std::size_t>(part.count);
  const std::size_t begin = k * n / m, end = (k + 1) * n / m;
  if (begin == end) {
    space_part_empty_ = name + " has " + std::to_string(n) + (n == 1 ? " value" : " values") + ", fewer than the " +
                        std::to_string(m) + " parts";
    return {0, n};
  }
  space_part_split_ = true;
  return {begin, end};
}

std::string Interpreter::space_part_note() const {
  const SpacePart& part = options_.space_part;
  if (part.count < 2 || space_part_split_) return {};
  const std::string what = "--space-part " + part.name + "=" + std::to_string(part.index) + "/" + std::to_string(part.count);
  if (!space_part_empty_.empty()) return what + ": " + space_part_empty_ + ", so this part was checked over all of them";
  return what + ": no option of the space with a finite set of values has that name (a float interval is not split), so "
                "this part was checked over the whole space";
}

// ---- objects -------------------------------------------------------------------------------

Value Interpreter::new_list(State& st, std::vector<Value> items, OKind kind) {
  Object o;
  o.kind = kind;
  o.items = std::move(items);
  return Value::object(st.heap.alloc(std::move(o)));
}

Value Interpreter::new_summary_list(State& st, std::vector<Value> items, OKind kind) {
  Value v = new_list(st, std::move(items), kind);
  st.heap.mut(v.obj).summary_iter = true;
  return v;
}

Value Interpreter::new_dict(State& st, std::vector<DictEntry> entries) {
  Object o;
  o.kind = OKind::Dict;
  o.entries = std::move(entries);
  return Value::object(st.heap.alloc(std::move(o)));
}

void Interpreter::summarise(domain::TensorValues& v) {
  for (auto& part : v.parts)
    if (!part.form) {
      part.form = domain::Affine::of({++summaries_, part.range});
    }
}

void Interpreter::summarise(State& st, const Value& v) {
  if (!v.is_obj() || !tensor_of(st, v)) return;
  const auto& parts = tensor_of(st, v)->values.parts;
  if (std::all_of(parts.begin(), parts.end(), [](const auto& p) { return p.form.has_value(); })) return;
  summarise(st.heap.mut(v.obj).tensor->values);
}

Value Interpreter::new_tensor(State& st, TensorVal t) {
  Object o;
  o.kind = OKind::Instance;
  o.cls = st.tensor_cls;
  if (t.origin.line == 0) t.origin = site();
  // made by the primitive call in progress: it depends on that call if the call left a
  // requirement open on this path, else on what the call's operands depended on
  if (op_ != 0 && t.after.empty()) {
    if (st.reqs.size() > op_reqs_) t.after = {op_};
    else t.after = op_after_;
  }
  if (op_ != 0 && !op_modules_.empty()) t.modules = op_modules_;  // (the shape report's dataflow)
  if (op_ != 0 && t.shape && !t.made && !op_operands_.empty()) t.made = passed_on(st, t, op_operands_);
  // (the operations whose result has their operand's shape, whatever it is)
  constexpr std::string_view kSameShape[] = {"pointwise", "same", "with_dtype", "elementwise", "values"};
  if (op_ != 0 && op_shape_source_ != kNoObj && t.opaque && !t.shape &&
      std::find(std::begin(kSameShape), std::end(kSameShape), op_name_) != std::end(kSameShape))
    t.same_shape_as = op_shape_source_;
  summarise(t.values);
  o.tensor = std::move(t);
  o.alloc_site = site();
  return Value::object(st.heap.alloc(std::move(o)));
}

Value Interpreter::new_summary_iterator(State& st, std::vector<Value> items, int last_batch) {
  Object o;
  o.kind = OKind::Iterator;
  o.items = std::move(items);
  o.summary_iter = true;
  o.last_batch = last_batch;
  return Value::object(st.heap.alloc(std::move(o)));
}

const TensorVal* Interpreter::tensor_of(const State& st, const Value& v) const {
  if (!v.is_obj()) return nullptr;
  const Object& o = st.heap.get(v.obj);
  if (o.kind != OKind::Instance || !o.tensor) return nullptr;
  return &*o.tensor;
}

const std::vector<Value>* Interpreter::sequence_of(const State& st, const Value& v) const {
  if (!v.is_obj()) return nullptr;
  const Object& o = st.heap.get(v.obj);
  if ((o.kind == OKind::List || o.kind == OKind::Tuple) && !o.summary_iter) return &o.items;
  return nullptr;
}

const std::vector<Value>* Interpreter::summary_items(const State& st, const Value& v) const {
  if (!v.is_obj()) return nullptr;
  const Object& o = st.heap.get(v.obj);
  if ((o.kind == OKind::List || o.kind == OKind::Tuple) && o.summary_iter) return &o.items;
  return nullptr;
}

static const char* const kListLength = "the length of a list built by a loop over an unknown number of elements";

// how many representatives a summary object lists (its length is remembered for that many)
static std::int64_t representatives(const Object& o) {
  return static_cast<std::int64_t>(o.kind == OKind::Dict ? o.entries.size() : o.items.size());
}

std::optional<sym::Expr> Interpreter::known_summary_length(const State& st, const Value& v) const {
  if (!v.is_obj()) return std::nullopt;
  const Object& o = st.heap.get(v.obj);
  // (a constant length is one a loop of known length left: a positive one; stop is 0 when unset)
  if (!o.summary_iter || o.stop.as_const().value_or(1) <= 0 || o.start.as_const() != representatives(o))
    return std::nullopt;
  return o.stop;
}

void Interpreter::set_summary_length(State& st, const Value& v, const sym::Expr& len) {
  Object& m = st.heap.mut(v.obj);
  m.start = sym::Expr::constant(representatives(m));
  m.stop = len;
}

sym::Expr Interpreter::summary_length(State& st, const Value& list) {
  if (auto len = known_summary_length(st, list)) return *len;
  sym::Expr len = fresh_symbol(st, "len(list)", kListLength, 0, -1, SymKind::Data);
  set_summary_length(st, list, len);
  return len;
}

// Whether v can be copied into another path that forked from the same heap `before`: not an
// object made after the fork (its id may mean something else there).
static bool portable(const Value& v, const Heap& before) { return !v.is_obj() || v.obj < before.size(); }

void Interpreter::widen_loop_exits(const Heap& before, States& live, States& exited, const std::optional<sym::Expr>& count,
                                   std::size_t runs) {
  std::vector<State*> all;
  for (auto& s : live) all.push_back(&s);
  for (auto& s : exited) all.push_back(&s);
  // one fresh symbol for every path out of the loop: made on the first, with the same range and
  // bounds on the others
  auto shared_symbol = [&](const char* name, const char* description, std::int64_t lo, std::int64_t hi) {
    std::size_t known = all[0]->hard.size();
    sym::Expr e = fresh_symbol(*all[0], name, description, lo, hi, SymKind::Data);
    for (State* s : all) {
      if (s == all[0]) continue;
      s->ranges.set(*e.as_symbol(), all[0]->ranges.get(*e.as_symbol()));
      s->hard.insert(s->hard.end(), all[0]->hard.begin() + static_cast<std::ptrdiff_t>(known), all[0]->hard.end());
    }
    return e;
  };
  // only the objects some path wrote since the fork can have grown
  std::vector<ObjId> written;
  for (State* s : all) s->heap.for_each_changed(before, [&](ObjId id) {
      written.push_back(id);
      return true;
    });
  std::sort(written.begin(), written.end());
  written.erase(std::unique(written.begin(), written.end()), written.end());
  for (ObjId id : written) {
    const Object& was = before.get(id);
    if (was.kind != OKind::List && was.kind != OKind::Dict) continue;
    bool changed = false, grew = false;
    for (State* s : all) {
      if (id >= s->heap.size() || s->heap.ptr(id) == before.ptr(id)) continue;  // untouched since the fork
      changed = true;
      const Object& now = s->heap.get(id);
      if (now.kind != was.kind) continue;
      grew = grew || now.items.size() > was.items.size() || now.entries.size() > was.entries.size();
    }
    if (!changed || (was.kind == OKind::List && !grew)) continue;
    if (was.kind == OKind::List) {
      // one element per iteration (a comprehension, `out.append(f(x))`): as long as the loop,
      // when every path that finished it appended once per run and none left it early
      bool exact = count && !was.summary_iter && !live.empty();
      for (const State& s : live) {
        const Object& now = s.heap.get(id);
        exact = exact && now.kind == OKind::List && !now.summary_iter && now.items.size() == was.items.size() + runs;
      }
      for (const State& s : exited) exact = exact && s.flow == Flow::Raise;  // a break ends it early
      std::optional<sym::Expr> exact_len;
      if (exact) exact_len = sym::Expr::constant(static_cast<std::int64_t>(was.items.size())) + *count;
      // Each path's list is any number of elements like the ones the paths appended: one summary
      // list for all of them (the same representatives and length symbol), so that paths that
      // differ only in how often the body appended continue as one.
      std::vector<Value> reps;
      bool ok = true;
      for (State* s : all) {
        if (id >= s->heap.size() || s->heap.get(id).kind != OKind::List) { ok = false; break; }
        for (const Value& v : s->heap.get(id).items) {
          if (!portable(v, before)) { ok = false; break; }
          if (std::none_of(reps.begin(), reps.end(), [&](const Value& r) { return same_value(r, v); })) reps.push_back(v);
        }
        if (!ok) break;
      }
      if (!ok) {
        // elements made inside the loop cannot be shared: each path keeps its own summary
        for (State* s : all) {
          if (id >= s->heap.size()) continue;
          const Object& now = s->heap.get(id);
          if (now.kind == OKind::List && !now.summary_iter && now.items.size() > was.items.size()) {
            s->heap.mut(id).summary_iter = true;
            if (exact_len) set_summary_length(*s, Value::object(id), *exact_len);
          }
        }
        continue;
      }
      sym::Expr len = exact_len ? *exact_len : shared_symbol("len(list)", kListLength, 0, -1);
      for (State* s : all) {
        Object& m = s->heap.mut(id);
        m.items = reps;
        m.summary_iter = true;
        set_summary_length(*s, Value::object(id), len);
      }
    } else {
      // A dict the body filled (`word2idx[word] = len(idx2word) - 1`): every path gets every
      // entry any path added, as if the loop had run often enough to add it; a key set to
      // different values on different paths gets one value that covers them all (an int the
      // data decides, else an unknown value). This gives up the KeyError of a path where the
      // loop ran too few times to add the key.
      std::vector<DictEntry> entries;
      std::vector<bool> differs;
      bool ok = true;
      for (State* s : all) {
        if (id >= s->heap.size() || s->heap.get(id).kind != OKind::Dict) { ok = false; break; }
        for (const DictEntry& e : s->heap.get(id).entries) {
          if (!portable(e.key, before) || !portable(e.value, before)) { ok = false; break; }
          auto it = std::find_if(entries.begin(), entries.end(), [&](const DictEntry& x) { return same_value(x.key, e.key); });
          if (it == entries.end()) {
            entries.push_back(e);
            differs.push_back(false);
          } else if (!same_value(it->value, e.value)) {
            auto k = static_cast<std::size_t>(it - entries.begin());
            differs[k] = true;
            if (!e.value.is_int()) it->value = Value::unknown("a value set differently on different paths");
          }
        }
        if (!ok) break;
      }
      // the entries stand for the ones an unknown number of iterations added (see getitem)
      if (!ok) {
        for (State* s : all)
          if (grew && id < s->heap.size() && s->heap.get(id).kind == OKind::Dict) s->heap.mut(id).summary_iter = true;
        continue;
      }
      for (std::size_t k = 0; k < entries.size(); ++k) {
        if (!differs[k] || !entries[k].value.is_int()) continue;
        entries[k].value = Value::integer(
            shared_symbol("value", "a value set differently on different paths", sym::Interval::kNegInf, sym::Interval::kPosInf));
      }
      for (State* s : all) {
        Object& m = s->heap.mut(id);
        m.entries = entries;
        m.project_keys = false;  // (as if the loop had run often enough: keys it may not have)
        m.summary_iter = m.summary_iter || grew;
      }
    }
  }
}

std::optional<Value> Interpreter::join_values(State& st, const std::vector<Value>& vs, int depth) {
  if (vs.empty()) return std::nullopt;
  if (std::all_of(vs.begin(), vs.end(), [&](const Value& v) { return same_value(v, vs[0]); })) return vs[0];
  if (depth > 3) return std::nullopt;
  if (std::none_of(vs.begin(), vs.end(), [](const Value& v) { return v.is_obj(); })) {
    // scalars: an int is a fresh one in the union of their ranges (a size stays a size), a float
    // the hull, a bool or the kind of a choice a fresh flag
    ScalarJoin hull;
    hull.ints = [&](const std::vector<Value>& ints) {
      sym::Interval iv = st.ranges.eval(ints[0].i);
      for (const Value& v : ints) iv = iv.join(st.ranges.eval(v.i));
      bool size = iv.lo >= 0;
      return Value::integer(fresh_symbol(st, size ? "size" : "value", "one of several values a lookup can give", iv.lo,
                                         iv.hi, SymKind::Data));
    };
    auto flag = [&] {
      return sym::Cond::boolean_symbol(fresh_bool_symbol("value", "one of several values a lookup can give", SymKind::Data));
    };
    hull.bools = [&](const std::vector<Value>&) { return Value::boolean(flag()); };
    hull.flag = [&](const std::vector<sym::Cond>&) { return flag(); };
    return join_scalars(hull, vs);
  }
  if (!std::all_of(vs.begin(), vs.end(), [](const Value& v) { return v.is_obj(); })) return std::nullopt;
  const Object& first = st.heap.get(vs[0].obj);
  if (first.kind == OKind::Tuple) {
    // tuples of one length (a table of ranges looked up at a random row): element by element
    std::vector<Value> items;
    for (std::size_t i = 0; i < first.items.size(); ++i) {
      std::vector<Value> column;
      for (const Value& v : vs) {
        const Object& o = st.heap.get(v.obj);
        if (o.kind != OKind::Tuple || o.items.size() != first.items.size()) return std::nullopt;
        column.push_back(o.items[i]);
      }
      auto j = join_values(st, column, depth + 1);
      if (!j) return std::nullopt;
      items.push_back(*j);
    }
    return new_list(st, std::move(items), OKind::Tuple);
  }
  if (first.kind != OKind::Instance) return std::nullopt;
  Object joined = first;
  for (const Value& v : vs) {
    const Object& o = st.heap.get(v.obj);
    if (o.kind != first.kind || o.cls != first.cls || o.attrs.size() != first.attrs.size() ||
        o.tensor.has_value() != first.tensor.has_value() || !o.items.empty() || !o.entries.empty())
      return std::nullopt;
    if (o.tensor && (o.tensor->dtype != first.tensor->dtype || !o.tensor->ranked() || !first.tensor->ranked() ||
                     o.tensor->rank() != first.tensor->rank() || o.tensor->opaque != first.tensor->opaque))
      return std::nullopt;
  }
  if (joined.tensor) {
    // a tensor: the same rank and dtype, and each dim that differs becomes a size that covers them
    for (std::size_t d = 0; d < joined.tensor->rank(); ++d) {
      std::vector<Value> dims;
      for (const Value& v : vs) dims.push_back(Value::integer((*st.heap.get(v.obj).tensor->shape)[d]));
      auto j = join_values(st, dims, depth + 1);
      if (!j || !j->is_int()) return std::nullopt;
      (*joined.tensor->shape)[d] = j->i;
    }
    joined.tensor->after.clear();
  }
  for (auto& [k, val] : joined.attrs) {
    std::vector<Value> members;
    for (const Value& v : vs) {
      const Object& o = st.heap.get(v.obj);
      auto it = o.attrs.find(k);
      if (it == o.attrs.end()) return std::nullopt;
      members.push_back(it->second);
    }
    auto j = join_values(st, members, depth + 1);
    if (!j) return std::nullopt;
    val = *j;
  }
  return Value::object(st.heap.alloc(std::move(joined)));
}

ObjId Interpreter::builtin_class(const std::string& name) const {
  auto it = builtin_classes_.find(name);
  return it == builtin_classes_.end() ? kNoObj : it->second;
}

ObjId Interpreter::class_of(const State& st, const Value& v) const {
  switch (v.kind) {
    case VKind::None: return builtin_class("NoneType");
    case VKind::Bool: return builtin_class("bool");
    case VKind::Int: return builtin_class("int");
    case VKind::Float: return builtin_class("float");
    case VKind::Str: return builtin_class("str");
    case VKind::Undef:
    case VKind::Choice:
    case VKind::Unknown: return kNoObj;
    case VKind::Obj: break;
  }
  const Object& o = st.heap.get(v.obj);
  switch (o.kind) {
    case OKind::Instance: return o.cls;
    case OKind::List: return builtin_class("list");
    case OKind::Tuple: return builtin_class("tuple");
    case OKind::Dict: return builtin_class("dict");
    case OKind::Set: return builtin_class("set");
    case OKind::Range: return builtin_class("range");
    case OKind::Slice: return builtin_class("slice");
    case OKind::Class: {
      // a class a user metaclass made is its instance (interp/classes.cpp)
      auto it = o.attrs.find(kMetaclassAttr);
      if (it != o.attrs.end() && it->second.is_obj()) return it->second.obj;
      return builtin_class("type");
    }
    case OKind::Module: return builtin_class("module");
    case OKind::Function:
    case OKind::BoundMethod:
    case OKind::Builtin: return builtin_class("function");
    case OKind::Iterator: return builtin_class("iterator");
    case OKind::Property: return builtin_class("property");
    case OKind::StaticMethod: return builtin_class("staticmethod");
    case OKind::ClassMethod: return builtin_class("classmethod");
    case OKind::Super:
    case OKind::Cell: return builtin_class("object");
  }
  return kNoObj;
}

std::string Interpreter::type_name(const State& st, const Value& v) const {
  if (v.kind == VKind::Unknown) return "unknown";
  ObjId c = class_of(st, v);
  return c ? st.heap.get(c).name : "object";
}

bool Interpreter::isinstance(const State& st, const Value& v, ObjId cls) const {
  ObjId c = class_of(st, v);
  if (!c || !cls) return false;
  const auto& mro = st.heap.get(c).mro;
  if (std::find(mro.begin(), mro.end(), cls) != mro.end()) return true;
  return cls == builtin_class("object");
}

std::optional<Value> Interpreter::class_lookup(const State& st, ObjId cls, const std::string& name, ObjId* owner) const {
  if (!cls) return std::nullopt;
  for (ObjId c : st.heap.get(cls).mro) {
    const auto& attrs = st.heap.get(c).attrs;
    auto it = attrs.find(name);
    if (it != attrs.end()) {
      if (owner) *owner = c;
      return it->second;
    }
  }
  return std::nullopt;
}

Outs Interpreter::raise(State&& st, const std::string& exc_class, const std::string& message) {
  ObjId cls = builtin_class(exc_class);
  Object o;
  o.kind = OKind::Instance;
  o.cls = cls ? cls : builtin_class("Exception");
  o.attrs["args"] = new_tuple(st, {Value::str(message)});
  o.attrs["message"] = Value::str(message);
  Value exc = Value::object(st.heap.alloc(std::move(o)));
  st.flow = Flow::Raise;
  st.raised = {exc, site(), false, false, site_function()};
  return one(std::move(st), Value::none());
}

Outs Interpreter::raise_program_error(State&& st, const std::string& exc_class, const std::string& message) {
  // (only where the project's code itself runs: in a library model, the same failure is a
  // gap of the model or a consequence of one)
  const bool project = !st.frames.empty() && st.frame().module && !st.frame().module->is_stub;
  Outs r = raise(std::move(st), exc_class, message);
  r[0].st.raised.mut().program_error = project;
  return r;
}

// ---- attributes ----------------------------------------------------------------------------

Value Interpreter::bind_builtin(State& st, const Value& method, const Value& self) {
  const Builtin& b = st.heap.get(method.obj).builtin;
  Object o;
  o.kind = OKind::Builtin;
  o.builtin.id = b.id;
  o.builtin.name = b.name;
  o.builtin.self = self;
  return Value::object(st.heap.alloc(std::move(o)));
}

Outs Interpreter::getattr_opt(State&& st, const Value& obj, const std::string& name, bool& found) {
  found = true;
  if (name == "__class__" && !obj.is_unknown() && obj.kind != VKind::Undef) {
    // type(x), for every value (instances of a user metaclass's classes included)
    if (ObjId c = class_of(st, obj)) return one(std::move(st), Value::object(c));
  }
  switch (obj.kind) {
    case VKind::Unknown: {
      const std::string& label = obj.s ? *obj.s : std::string("?");
      return one(std::move(st), Value::unknown(label + "." + name));
    }
    case VKind::Undef:
      found = false;
      return one(std::move(st), Value::none());
    case VKind::Obj: break;
    default: {
      // methods of builtin scalar types
      ObjId cls = class_of(st, obj);
      if (auto v = class_lookup(st, cls, name)) {
        if (v->is_obj() && st.heap.get(v->obj).kind == OKind::Builtin) return one(std::move(st), bind_builtin(st, *v, obj));
        return one(std::move(st), *v);
      }
      if (obj.kind == VKind::Float || obj.kind == VKind::Int) {
        if (name == "real") return one(std::move(st), obj);
      }
      found = false;
      return one(std::move(st), Value::none());
    }
  }
  const Object& o = st.heap.get(obj.obj);
  switch (o.kind) {
    case OKind::Module: {
      auto it = o.attrs.find(name);
      if (it != o.attrs.end()) return one(std::move(st), it->second);
      if (name == "__dict__") {
        // the module's names (`models.__dict__[args.arch]`): a copy, in definition order
        std::vector<DictEntry> es;
        for (const auto& [k, v] : o.attrs)
          if (v.kind != VKind::Undef) es.push_back({Value::str(k), v});
        return one(std::move(st), new_dict(st, std::move(es)));
      }
      if (!o.module || o.module->is_stub) {
        found = false;  // getattr() turns this into an unknown, unmodelled value
        return one(std::move(st), Value::none());
      }
      // a submodule that was not imported explicitly
      std::string sub = o.name + "." + name;
      Outs outs = import_module(std::move(st), sub, nullptr, 0);
      Outs res;
      for (auto& out : outs) {
        if (!out.st.normal() || out.v.is_none()) {
          found = false;
          out.st.flow = Flow::Normal;
          res.emplace_back(std::move(out.st), Value::none());
        } else {
          res.push_back(std::move(out));
        }
      }
      return res;
    }
    case OKind::Class: {
      if (name == "__name__") return one(std::move(st), Value::str(o.name));
      if (name == "__dict__") {
        // (a mappingproxy in CPython: a copy here) the class's own namespace, in definition
        // order, without tenscan's bookkeeping
        std::vector<DictEntry> es;
        for (const auto& [k, v] : o.attrs)
          if (v.kind != VKind::Undef && k.rfind("__tenscan_", 0) != 0) es.push_back({Value::str(k), v});
        Value d = new_dict(st, std::move(es));
        return one(std::move(st), d);
      }
      if (name == "__mro__") {
        std::vector<Value> items;
        for (ObjId c : o.mro) items.push_back(Value::object(c));
        return one(std::move(st), new_tuple(st, items));
      }
      ObjId owner = kNoObj;
      auto v = class_lookup(st, obj.obj, name, &owner);
      if (!v) {
        // then the metaclass's attributes, bound to the class (Enum's __members__, a
        // registry's lookup method)
        auto meta = o.attrs.find(kMetaclassAttr);
        if (meta != o.attrs.end() && meta->second.is_obj())
          if (auto mv = class_lookup(st, meta->second.obj, name))
            return bind_attribute(std::move(st), *mv, obj, meta->second.obj);
        found = false;
        return one(std::move(st), Value::none());
      }
      if (v->is_obj()) {
        const Object& d = st.heap.get(v->obj);
        if (d.kind == OKind::StaticMethod) return one(std::move(st), d.a);
        if (d.kind == OKind::ClassMethod) {
          Object bm;
          bm.kind = OKind::BoundMethod;
          bm.a = obj;
          bm.b = d.a;
          return one(std::move(st), Value::object(st.heap.alloc(std::move(bm))));
        }
      }
      return one(std::move(st), *v);
    }
    case OKind::Instance: {
      if (name == "__class__") return one(std::move(st), Value::object(o.cls));
      if (name == "__dict__") {
        std::vector<DictEntry> es;  // in the order the attributes were set, as in Python
        for (const auto& [k, v] : o.attrs)
          if (k.rfind("__tenscan_", 0) != 0) es.push_back({Value::str(k), v});
        // (a copy: what the program writes through it is not followed, so from now on a
        // missing attribute is not certainly missing)
        st.heap.mut(obj.obj).attrs[kOpenAttrsMarker] = Value::boolean(true);
        return one(std::move(st), new_dict(st, std::move(es)));
      }
      ObjId owner = kNoObj;
      auto cv = class_lookup(st, o.cls, name, &owner);
      if (cv && cv->is_obj() && st.heap.get(cv->obj).kind == OKind::Property) {
        Value fget = st.heap.get(cv->obj).a;
        Args args;
        args.pos.push_back(obj);
        return call(std::move(st), fget, std::move(args));
      }
      auto it = o.attrs.find(name);
      if (it != o.attrs.end()) return one(std::move(st), it->second);
      if (cv) return bind_attribute(std::move(st), *cv, obj, o.cls);
      if (auto ga = class_lookup(st, o.cls, "__getattr__")) {
        Args args;
        args.pos = {obj, Value::str(name)};
        return call(std::move(st), *ga, std::move(args));
      }
      found = false;
      return one(std::move(st), Value::none());
    }
    case OKind::Function: {
      // (an attribute set on it first: functools.wraps gives a wrapper its wrapped's __name__)
      auto it = o.attrs.find(name);
      if (it != o.attrs.end()) return one(std::move(st), it->second);
      if (name == "__name__") return one(std::move(st), Value::str(o.fn.code->name));
      if (name == "__qualname__") return one(std::move(st), Value::str(o.fn.code->qualname));
      if (name == "__module__") return one(std::move(st), o.fn.module ? Value::str(o.fn.module->name) : Value::none());
      found = false;
      return one(std::move(st), Value::none());
    }
    case OKind::BoundMethod:
      if (name == "__self__") return one(std::move(st), o.a);
      if (name == "__func__") return one(std::move(st), o.b);
      return getattr_opt(std::move(st), o.b, name, found);
    case OKind::Super: {
      // super(): look the name up in the MRO of type(self) after the start class
      ObjId start = o.a.obj;
      Value self = o.b;
      // super(C, x): x's own MRO when x is a subclass of C (a classmethod, __new__), else its
      // type's (an instance; a class whose metaclass is C)
      ObjId self_cls = class_of(st, self);
      if (self.is_obj() && st.heap.get(self.obj).kind == OKind::Class) {
        const auto& own = st.heap.get(self.obj).mro;
        if (std::find(own.begin(), own.end(), start) != own.end()) self_cls = self.obj;
      }
      const auto mro = st.heap.get(self_cls).mro;
      auto pos = std::find(mro.begin(), mro.end(), start);
      if (pos != mro.end()) ++pos;
      for (; pos != mro.end(); ++pos) {
        const auto& attrs = st.heap.get(*pos).attrs;
        auto it = attrs.find(name);
        if (it == attrs.end()) continue;
        const Value v = it->second;
        return bind_attribute(std::move(st), v, self, self_cls);
      }
      if (name == "__init__") {
        // object.__init__: accepts anything from super().__init__(...) chains
        return one(std::move(st), native_value(st, "object.__init__"));
      }
      found = false;
      return one(std::move(st), Value::none());
    }
    default: {
      ObjId cls = class_of(st, obj);
      if (auto v = class_lookup(st, cls, name)) {
        if (v->is_obj() && st.heap.get(v->obj).kind == OKind::Builtin) return one(std::move(st), bind_builtin(st, *v, obj));
        return one(std::move(st), *v);
      }
      if (o.kind == OKind::Slice) {
        if (name == "start") return one(std::move(st), o.a);
        if (name == "stop") return one(std::move(st), o.b);
        if (name == "step") return one(std::move(st), o.c);
      }
      found = false;
      return one(std::move(st), Value::none());
    }
  }
}

Outs Interpreter::getattr(State&& st, const Value& obj, const std::string& name) {
  bool found = true;
  Outs outs = getattr_opt(std::move(st), obj, name, found);
  if (found) return outs;
  Outs res;
  for (auto& o : outs) {
    if (!o.st.normal()) {
      res.push_back(std::move(o));
      continue;
    }
    std::string tn = type_name(o.st, obj);
    if (obj.is_obj())
      if (auto named = o.st.heap.get(obj.obj).attrs.find(kTypeNameAttr); named != o.st.heap.get(obj.obj).attrs.end())
        if (const std::string* n = named->second.const_str()) tn = *n;
    // Library objects (stub modules, classes and their instances) with a missing attribute:
    // an API tenscan does not model yet, so an unknown value named after it, not an error.
    if (obj.is_obj()) {
      const Object& ob = o.st.heap.get(obj.obj);
      std::string owner;
      if (ob.kind == OKind::Module && (!ob.module || ob.module->is_stub)) owner = ob.name;
      else if (ob.kind == OKind::Class && ob.builtin_type < 0 && is_stub_class_public(o.st, obj.obj)) owner = ob.name;
      else if (ob.kind == OKind::Instance && is_stub_class_public(o.st, ob.cls) && !closed_class(o.st, ob.cls, name))
        owner = o.st.heap.get(ob.cls).name;
      // (a class built on a base tenscan does not see, an unmodelled library's or a missing
      // import's: that base may well have it)
      else if (ob.kind == OKind::Instance && unknown_base(o.st, ob.cls)) owner = o.st.heap.get(ob.cls).name;
      else if (ob.kind == OKind::Class && unknown_base(o.st, obj.obj)) owner = ob.name;
      if (!owner.empty()) {
        res.emplace_back(std::move(o.st), Value::unknown(owner + "." + name));
        continue;
      }
    }
    // the message as CPython words it: a module's, a class's, an instance's
    std::string msg = "'" + tn + "' object has no attribute '" + name + "'";
    if (obj.is_obj() && o.st.heap.get(obj.obj).kind == OKind::Module)
      msg = "module '" + o.st.heap.get(obj.obj).name + "' has no attribute '" + name + "'";
    else if (obj.is_obj() && o.st.heap.get(obj.obj).kind == OKind::Class)
      msg = "type object '" + o.st.heap.get(obj.obj).name + "' has no attribute '" + name + "'";
    auto r = attribute_certainly_missing(o.st, obj, name) ? raise_program_error(std::move(o.st), "AttributeError", msg)
                                                          : raise(std::move(o.st), "AttributeError", msg);
    res.push_back(std::move(r[0]));
  }
  return res;
}

bool Interpreter::unknown_base(const State& st, ObjId cls) const {
  for (ObjId c : st.heap.get(cls).mro)
    if (st.heap.get(c).attrs.count("__tenscan_unknown_base__")) return true;
  return false;
}

bool Interpreter::closed_class(const State& st, ObjId cls, const std::string& name) const {
  for (ObjId c : st.heap.get(cls).mro) {
    const Object& k = st.heap.get(c);
    // (object's own __getattribute__ is the plain lookup: not a class that makes attributes up)
    if (k.attrs.count("__tenscan_unknown_base__") || k.attrs.count("__getattr__") ||
        (k.attrs.count("__getattribute__") && !(k.builtin_type >= 0 && k.name == "object")))
      return false;
    if (k.builtin_type >= 0) {
      // a builtin base (a dict subclass): its own attributes are CPython's
      if (k.name != "object" && cpython_type_has(k.name, name).value_or(true)) return false;
    } else if ((k.module && k.module->is_stub) || !k.module) {
      // a library class (or one type() made): only one whose model lists the real class's
      // attributes tells a missing one from one the model lacks
      auto listed = k.attrs.find(kCompleteClassAttr);
      if (listed == k.attrs.end() || !listed->second.is_obj()) return false;
      for (const Value& n : st.heap.get(listed->second.obj).items)
        if (n.const_str() && *n.const_str() == name) return false;
    }
  }
  return true;
}

bool Interpreter::attribute_certainly_missing(const State& st, const Value& obj, const std::string& name) const {
  if (obj.is_unknown() || obj.kind == VKind::Undef || obj.kind == VKind::Choice) return false;
  if (!obj.is_obj()) return !cpython_type_has(type_name(st, obj), name).value_or(true);
  const Object& o = st.heap.get(obj.obj);
  switch (o.kind) {
    case OKind::Instance:
      return !o.attrs.count(kOpenAttrsMarker) && closed_class(st, o.cls, name);
    case OKind::Class:
      // (a class's attributes are its MRO's, then its metaclass's)
      return closed_class(st, obj.obj, name) &&
             (!o.attrs.count(kMetaclassAttr) || !o.attrs.at(kMetaclassAttr).is_obj() ||
              closed_class(st, o.attrs.at(kMetaclassAttr).obj, name));
    case OKind::Module:
      // the project's own module: its globals are what its code bound
      return o.module && !o.module->is_stub && !o.attrs.count(kExecNamesMarker) && !o.attrs.count("__getattr__");
    default:
      return !cpython_type_has(type_name(st, obj), name).value_or(true);
  }
}

void Interpreter::setattr(State& st, const Value& obj, const std::string& name, const Value& v) {
  if (!obj.is_obj()) return;  // attributes of unknowns and scalars are not tracked
  // `self.__dict__ = mapping` (an attribute dict): its attributes are not followed
  if (name == "__dict__") st.heap.mut(obj.obj).attrs[kOpenAttrsMarker] = Value::boolean(true);
  st.heap.mut(obj.obj).attrs[name] = v;
}

Outs Interpreter::bind_attribute(State&& st, const Value& v, const Value& self, ObjId self_cls) {
  if (!v.is_obj()) return one(std::move(st), v);
  const Object& d = st.heap.get(v.obj);
  auto bound = [&](Value to, Value fn) {
    Object bm;
    bm.kind = OKind::BoundMethod;
    bm.a = std::move(to);
    bm.b = std::move(fn);
    return one(std::move(st), Value::object(st.heap.alloc(std::move(bm))));
  };
  if (d.kind == OKind::Function || (d.kind == OKind::Builtin && !d.builtin.self)) return bound(self, v);
  if (d.kind == OKind::ClassMethod) return bound(Value::object(self_cls), d.a);
  if (d.kind == OKind::StaticMethod) return one(std::move(st), d.a);
  if (d.kind == OKind::Property) {
    Args args;
    args.pos.push_back(self);
    const Value fget = d.a;
    return call(std::move(st), fget, std::move(args));
  }
  return one(std::move(st), v);
}

Outs Interpreter::store_attr(State&& st, const Value& obj, const std::string& name, const Value& v) {
  if (obj.is_obj() && st.heap.get(obj.obj).kind == OKind::Instance) {
    if (auto hook = user_function(st, class_lookup(st, st.heap.get(obj.obj).cls, "__setattr__"))) {
      Args args;
      args.pos = {obj, Value::str(name), v};
      Outs outs = call(std::move(st), *hook, std::move(args));
      for (auto& o : outs) o.v = Value::none();
      return outs;
    }
  }
  return object_setattr(std::move(st), obj, name, v);
}

Outs Interpreter::object_setattr(State&& st, const Value& obj, const std::string& name, const Value& v) {
  if (obj.is_obj() && st.heap.get(obj.obj).kind == OKind::Instance) {
    // a data descriptor of the class (a property) takes the assignment
    const ObjId cls = st.heap.get(obj.obj).cls;
    ObjId owner = kNoObj;
    auto cv = class_lookup(st, cls, name, &owner);
    if (cv && cv->is_obj() && st.heap.get(cv->obj).kind == OKind::Property) {
      const Value fset = st.heap.get(cv->obj).b;
      if (!fset.is_none()) {
        Args args;
        args.pos = {obj, v};
        Outs outs = call(std::move(st), fset, std::move(args));
        for (auto& o : outs) o.v = Value::none();
        return outs;
      }
      // the program's own property: CPython's error; a library class's (its model may lack the
      // setter): what the assignment would change is unknown, and it is counted as unmodelled
      if (!is_stub_class_public(st, owner))
        return raise_program_error(std::move(st), "AttributeError",
                                   "property '" + name + "' of '" + st.heap.get(cls).name + "' object has no setter");
      record_unmodelled(st.heap.get(owner).name + "." + name + ".setter");
      return one(std::move(st), Value::none());
    }
  }
  declared_values(st, obj, name, v);
  setattr(st, obj, name, v);
  return one(std::move(st), Value::none());
}

void Interpreter::declared_values(State& st, const Value& obj, const std::string& name, const Value& v) {
  if (options_.attribute_ranges.empty() || !obj.is_obj() || !v.is_obj() || !st.heap.get(v.obj).tensor) return;
  const Object& o = st.heap.get(obj.obj);
  if (o.kind != OKind::Instance) return;
  for (const AttributeRange& r : options_.attribute_ranges) {
    if (r.attribute != name) continue;
    const auto& mro = st.heap.get(o.cls).mro;
    if (std::none_of(mro.begin(), mro.end(), [&](ObjId c) { return st.heap.get(c).name == r.cls; })) continue;
    TensorVal& t = *st.heap.mut(v.obj).tensor;
    domain::FloatRange range = domain::FloatRange::between(r.lo, r.hi).with_reached(true, true, true);
    if (dtype_is_integer(t.dtype) && range.lo < range.hi) range.dense = false, range.integral = true;
    t.values = domain::TensorValues::of(range);
    auto source = std::make_shared<ValueSource>();
    auto text = [](double x) {
      char buf[32];
      auto [end, err] = std::to_chars(buf, buf + sizeof buf, x);
      return err == std::errc() ? std::string(buf, end) : domain::python_repr(x);
    };
    source->what = r.cls + "." + r.attribute + " is declared to hold " +
                   (r.lo == r.hi ? text(r.lo) : "[" + text(r.lo) + ", " + text(r.hi) + "]");
    source->loc = site();
    t.source = std::move(source);
    return;
  }
}

// ---- calls ---------------------------------------------------------------------------------

bool Interpreter::bind_arguments(State& st, const ir::Code* code, const Function& fn, Args& args,
                                 std::vector<Value>& slots, std::string& error) {
  const auto& params = code->params;
  std::vector<bool> filled(params.size(), false);
  std::size_t npos_params = 0;
  int varargs = -1, varkw = -1;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == ir::Param::Kind::Positional) ++npos_params;
    if (params[i].kind == ir::Param::Kind::VarArgs) varargs = static_cast<int>(i);
    if (params[i].kind == ir::Param::Kind::VarKeywords) varkw = static_cast<int>(i);
  }
  auto set = [&](std::size_t i, const Value& v) {
    slots[static_cast<std::size_t>(params[i].slot)] = v;
    filled[i] = true;
  };
  std::size_t pi = 0;
  std::vector<Value> extra;
  for (auto& v : args.pos) {
    if (pi < npos_params) {
      set(pi++, v);
    } else {
      extra.push_back(v);
    }
  }
  // (CPython 3.11's messages, with the function's qualified name)
  const std::string fname = code->qualname.empty() ? code->name : code->qualname;
  if (!extra.empty() && varargs < 0) {
    const std::size_t ndefaults = std::min(fn.defaults.size(), npos_params);
    std::string takes = ndefaults == 0 ? std::to_string(npos_params)
                                       : "from " + std::to_string(npos_params - ndefaults) + " to " + std::to_string(npos_params);
    error = fname + "() takes " + takes + " positional argument" + (npos_params == 1 && ndefaults == 0 ? "" : "s") +
            " but " + std::to_string(args.pos.size()) + (args.pos.size() == 1 ? " was" : " were") + " given";
    return false;
  }
  if (varargs >= 0) set(static_cast<std::size_t>(varargs), new_tuple(st, extra));
  std::vector<DictEntry> extra_kw;
  for (auto& [k, v] : args.kw) {
    bool matched = false;
    for (std::size_t i = 0; i < params.size(); ++i) {
      const auto& p = params[i];
      if ((p.kind == ir::Param::Kind::Positional && !p.positional_only) || p.kind == ir::Param::Kind::KeywordOnly) {
        if (p.name == k) {
          if (filled[i]) {
            error = fname + "() got multiple values for argument '" + k + "'";
            return false;
          }
          set(i, v);
          matched = true;
          break;
        }
      }
    }
    if (!matched) {
      if (varkw < 0) {
        error = fname + "() got an unexpected keyword argument '" + k + "'";
        return false;
      }
      extra_kw.push_back({Value::str(k), v});
    }
  }
  if (varkw >= 0) set(static_cast<std::size_t>(varkw), new_dict(st, std::move(extra_kw)));
  // defaults: fn.defaults align with the last positional params that have defaults
  std::size_t ndef = fn.defaults.size();
  std::size_t first_def = npos_params >= ndef ? npos_params - ndef : 0;
  std::size_t pos_index = 0;
  std::vector<std::string> missing_pos, missing_kw;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const auto& p = params[i];
    if (p.kind == ir::Param::Kind::Positional) {
      if (!filled[i] && pos_index >= first_def && pos_index - first_def < ndef) set(i, fn.defaults[pos_index - first_def]);
      ++pos_index;
    } else if (p.kind == ir::Param::Kind::KeywordOnly && !filled[i]) {
      auto it = fn.kwdefaults.find(p.name);
      if (it != fn.kwdefaults.end()) set(i, it->second);
    }
    if (!filled[i]) (p.kind == ir::Param::Kind::KeywordOnly ? missing_kw : missing_pos).push_back(p.name);
  }
  // "missing 2 required positional arguments: 'a' and 'b'"
  auto missing = [&](const std::vector<std::string>& names, const char* kind) {
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i) list += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
      list += "'" + names[i] + "'";
    }
    return fname + "() missing " + std::to_string(names.size()) + " required " + kind + " argument" +
           (names.size() == 1 ? "" : "s") + ": " + list;
  };
  if (!missing_pos.empty()) {
    error = missing(missing_pos, "positional");
    return false;
  }
  if (!missing_kw.empty()) {
    error = missing(missing_kw, "keyword-only");
    return false;
  }
  return true;
}

Outs Interpreter::call_function(State&& st, ObjId fid, Args args) {
  const Function fn = st.heap.get(fid).fn;
  const ir::Code* code = fn.code;
  if (call_depth >= options_.max_call_depth) {
    note(Notification::Kind::Budget, site(), "call depth limit reached in " + code->qualname + "; result treated as unknown");
    add_gap("the call-depth limit (" + std::to_string(options_.max_call_depth) + ")", site());
    return one(std::move(st), Value::unknown(code->qualname + "()"));
  }
  Frame f;
  f.code = code;
  f.module = fn.module;
  f.globals = fn.globals;
  f.function = fid;
  f.slots.assign(static_cast<std::size_t>(code->nslots), Value::undef());
  std::string error;
  if (!bind_arguments(st, code, fn, args, f.slots, error)) {
    // the project's own function called wrongly by the project's own code: Python's
    // TypeError; a library model's signature may be narrower than the real one
    if (fn.module && !fn.module->is_stub) return raise_program_error(std::move(st), "TypeError", error);
    return raise(std::move(st), "TypeError", error);
  }
  for (int cs : code->cell_slots) {
    Object cell;
    cell.kind = OKind::Cell;
    cell.a = f.slots[static_cast<std::size_t>(cs)];
    f.slots[static_cast<std::size_t>(cs)] = Value::object(st.heap.alloc(std::move(cell)));
  }
  for (std::size_t i = 0; i < code->free_slots.size() && i < fn.closure.size(); ++i)
    f.slots[static_cast<std::size_t>(code->free_slots[i])] = Value::object(fn.closure[i]);
  if (code->is_generator) {
    Object gen;
    gen.kind = OKind::List;
    f.generator = st.heap.alloc(std::move(gen));
  }
  // A comprehension over something of unknown length (an unmodelled call's result, a
  // DataLoader) runs its body once to check it, but its result has an unknown length too.
  bool unknown_length = false;
  if (code->kind == ir::Code::Kind::Comprehension && !args.pos.empty()) {
    const Value& src = args.pos[0];
    unknown_length = src.is_unknown() || (src.is_obj() && st.heap.get(src.obj).summary_iter);
  }
  bool user = fn.module && !fn.module->is_stub;
  if (user) site_functions_.push_back(code->qualname);
  LibraryCall outer = enter_call(st, fn, args);
  const bool library_call = library_call_.op != 0 && library_call_.op != outer.op;
  const std::size_t reqs_before = st.reqs.size();
  ++call_depth;
  st.frames.push_back(std::move(f));
  States states;
  states.push_back(std::move(st));
  exec_block(code->body, states);
  --call_depth;
  if (user) site_functions_.pop_back();
  Outs res;
  for (auto& s : states) {
    Value rv = Value::none();
    ObjId gen = s.frame().generator;
    if (s.flow == Flow::Return) {
      rv = s.ret;
      s.flow = Flow::Normal;
    }
    s.ret.reset();
    leave_frame(s);
    if (library_call) leave_library_call(s, rv, reqs_before);
    if (gen && s.normal()) {
      // an eager generator: iterating it yields what the body yielded
      Object it;
      it.kind = OKind::Iterator;
      it.items = s.heap.get(gen).items;
      rv = Value::object(s.heap.alloc(std::move(it)));
    }
    if (unknown_length && s.normal()) {
      // as many elements as the source has, each like the one the body made: a summary list
      // (see Object::summary_iter), or an unknown for a dict or set
      const Object* r = rv.is_obj() ? &s.heap.get(rv.obj) : nullptr;
      if (r && (r->kind == OKind::List || r->kind == OKind::Iterator)) s.heap.mut(rv.obj).summary_iter = true;
      else if (!r || r->kind != OKind::Dict || !r->summary_iter) rv = Value::unknown("a comprehension over an unknown number of elements");
    }
    res.emplace_back(std::move(s), rv);
  }
  library_call_ = std::move(outer);
  return res;
}

Interpreter::LibraryCall Interpreter::enter_call(const State& st, const Function& fn, const Args& args) {
  LibraryCall outer = library_call_;
  const bool callee_library = !fn.module || fn.module->is_stub;
  const bool caller_project = !st.frames.empty() && st.frame().module && !st.frame().module->is_stub;
  if (!callee_library) {
    library_call_ = {};  // (the project's code again: its library calls are operations of their own)
  } else if (caller_project) {
    library_call_ = {++op_count_, {}};
    auto add = [&](const Value& v) {
      if (const TensorVal* t = tensor_of(st, v)) add_provenance(library_call_.after, *t);
    };
    for (const auto& v : args.pos) add(v);
    for (const auto& [k, v] : args.kw) add(v);
  }
  return outer;
}

void Interpreter::leave_library_call(State& st, const Value& returned, std::size_t reqs_before) {
  const std::uint32_t op = library_call_.op;
  bool open = false;
  for (std::size_t i = reqs_before; i < st.reqs.size() && !open; ++i) open = st.reqs[i]->op == op;
  if (!open || !returned.is_obj()) return;
  auto tag = [&](const Value& v) {
    if (!v.is_obj() || !st.heap.get(v.obj).tensor) return;
    auto& after = st.heap.mut(v.obj).tensor->after;
    if (std::find(after.begin(), after.end(), op) == after.end()) after.push_back(op);
  };
  tag(returned);
  for (const Value& item : std::vector<Value>(st.heap.get(returned.obj).items)) tag(item);  // (a tuple of results)
}

Value Interpreter::allocate(State& st, ObjId cls) {
  Object o;
  o.kind = OKind::Instance;
  o.cls = cls;
  o.alloc_site = site();
  const auto& mro = st.heap.get(cls).mro;
  if (st.tensor_cls && std::find(mro.begin(), mro.end(), st.tensor_cls) != mro.end()) o.tensor = TensorVal{std::nullopt, DType::Float32, site()};
  return Value::object(st.heap.alloc(std::move(o)));
}

std::optional<Value> Interpreter::scalar_payload(const State& st, const Value& v) const {
  if (!v.is_obj()) return std::nullopt;
  const Object& o = st.heap.get(v.obj);
  if (o.kind != OKind::Instance) return std::nullopt;
  auto it = o.attrs.find(kScalarValueAttr);
  if (it == o.attrs.end()) return std::nullopt;
  return it->second;
}

namespace {
// The natives that see through an int/float/str subclass instance to its value: the library
// primitives and the numeric builtins (not isinstance, type, getattr and the like, which must
// see the instance).
bool takes_scalar_payloads(const std::string& native) {
  static const std::set<std::string> numeric = {"int()", "float()", "bool()", "range()", "abs", "min", "max",
                                                "round", "divmod", "pow", "sum"};
  for (const char* prefix : {"_tenscan.", "str.", "int.", "float.", "bool."})
    if (native.rfind(prefix, 0) == 0) return true;  // (the scalar types' own methods too)
  return numeric.count(native) > 0;
}
}  // namespace

void Interpreter::unwrap_scalar_payloads(State& st, Args& args) {
  auto unwrap = [&](Value& v) {
    if (auto p = scalar_payload(st, v)) {
      v = *p;
      return;
    }
    // one level into a tuple or list of sizes: torch.zeros((2, Size.IN))
    if (!v.is_obj()) return;
    const Object& o = st.heap.get(v.obj);
    if (o.kind != OKind::Tuple && o.kind != OKind::List) return;
    std::vector<Value> items = o.items;
    bool changed = false;
    for (auto& item : items)
      if (auto p = scalar_payload(st, item)) item = *p, changed = true;
    if (changed) {
      OKind kind = o.kind;
      v = new_list(st, std::move(items), kind);
    }
  };
  for (auto& v : args.pos) unwrap(v);
  for (auto& [k, v] : args.kw) unwrap(v);
}

Outs Interpreter::instantiate(State&& st, ObjId cls, Args args, bool metaclass_call) {
  const Object& c = st.heap.get(cls);
  if (c.builtin_type >= 0) {
    // builtin types construct through their native "<type>()"
    int id = native_id(c.name + "()");
    if (id >= 0) return natives_[static_cast<std::size_t>(id)].fn(*this, std::move(st), args);
  }
  // type(cls).__call__: a user metaclass's decides what calling the class does (an Enum's
  // lookup by value, a singleton); its super().__call__ comes back here (type.__call__)
  if (auto meta = c.attrs.find(kMetaclassAttr); metaclass_call && meta != c.attrs.end() && meta->second.is_obj()) {
    if (auto fn = user_function(st, class_lookup(st, meta->second.obj, "__call__"))) {
      args.pos.insert(args.pos.begin(), Value::object(cls));
      return call(std::move(st), *fn, std::move(args));
    }
  }
  // a user __new__ (implicitly static) makes the object; __init__ runs only on what is an
  // instance of the class, as type.__call__ does
  Outs made;
  if (auto new_fn = user_function(st, class_lookup(st, cls, "__new__"))) {
    Args new_args = args;
    new_args.pos.insert(new_args.pos.begin(), Value::object(cls));
    made = call(std::move(st), *new_fn, std::move(new_args));
  } else {
    Value self = allocate(st, cls);
    // a subclass of int, float, str or bool: the value the builtin type makes of the arguments
    ObjId scalar = kNoObj;
    for (ObjId b : st.heap.get(cls).mro)
      if (b != cls && (b == builtin_class("int") || b == builtin_class("float") || b == builtin_class("str") ||
                       b == builtin_class("bool"))) {
        scalar = b;
        break;
      }
    if (scalar) {
      Args value_args;
      if (!args.pos.empty()) value_args.pos.push_back(args.pos[0]);
      Outs v = instantiate(std::move(st), scalar, std::move(value_args), false);
      if (!v[0].st.normal()) return v;
      st = std::move(v[0].st);
      st.heap.mut(self.obj).attrs[kScalarValueAttr] = v[0].v;
    }
    made = one(std::move(st), self);
  }
  Outs res;
  for (auto& m : made) {
    if (!m.st.normal() || !isinstance(m.st, m.v, cls)) {
      res.push_back(std::move(m));
      continue;
    }
    const Value self = m.v;
    auto init = class_lookup(m.st, cls, "__init__");
    if (!init) {
      // object.__init__; exceptions keep their arguments
      m.st.heap.mut(self.obj).attrs["args"] = new_tuple(m.st, args.pos);
      res.push_back(std::move(m));
      continue;
    }
    Args init_args = args;
    init_args.pos.insert(init_args.pos.begin(), self);
    for (auto& out : call(std::move(m.st), *init, std::move(init_args))) {
      if (out.st.normal()) out.v = self;
      res.push_back(std::move(out));
    }
  }
  return res;
}

Outs Interpreter::call(State&& st, const Value& callee, Args args) {
  switch (callee.kind) {
    case VKind::Unknown: {
      std::string label = callee.s ? *callee.s : "?";
      // a library API tenscan has no model for; calls on values derived from an earlier
      // unknown result (label "f().g") are consequences of that gap, not new ones
      if (label.find('(') == std::string::npos) record_unmodelled(label);
      return one(std::move(st), Value::unknown(label + "()"));
    }
    case VKind::Obj: break;
    default:
      return raise(std::move(st), "TypeError", "'" + type_name(st, callee) + "' object is not callable");
  }
  const Object& o = st.heap.get(callee.obj);
  switch (o.kind) {
    case OKind::Function: return call_function(std::move(st), callee.obj, std::move(args));
    case OKind::BoundMethod: {
      Value self = o.a, fn = o.b;
      args.pos.insert(args.pos.begin(), self);
      return call(std::move(st), fn, std::move(args));
    }
    case OKind::Builtin: {
      if (o.builtin.id < 0) {
        record_unmodelled(o.builtin.name);
        return one(std::move(st), Value::unknown(o.builtin.name + "()"));
      }
      if (o.builtin.self) args.pos.insert(args.pos.begin(), *o.builtin.self);
      const auto& native = natives_[static_cast<std::size_t>(o.builtin.id)];
      if (takes_scalar_payloads(native.name)) unwrap_scalar_payloads(st, args);
      NativeFn fn = native.fn;
      return fn(*this, std::move(st), args);
    }
    case OKind::Class: return instantiate(std::move(st), callee.obj, std::move(args));
    case OKind::Instance: {
      auto c = class_lookup(st, o.cls, "__call__");
      if (!c) {
        if (is_stub_class_public(st, o.cls) || unknown_base(st, o.cls)) {
          std::string label = st.heap.get(o.cls).name + ".__call__";
          record_unmodelled(label);
          return one(std::move(st), Value::unknown(label + "()"));
        }
        return raise(std::move(st), "TypeError", "'" + st.heap.get(o.cls).name + "' object is not callable");
      }
      args.pos.insert(args.pos.begin(), callee);
      return call(std::move(st), *c, std::move(args));
    }
    case OKind::StaticMethod:
    case OKind::ClassMethod: return call(std::move(st), o.a, std::move(args));
    default: return raise(std::move(st), "TypeError", "'" + type_name(st, callee) + "' object is not callable");
  }
}

Outs Interpreter::dunder(State&& st, const Value& self, const char* name, Args args, bool& found) {
  found = false;
  if (!self.is_obj()) return one(std::move(st), Value::none());
  ObjId cls = class_of(st, self);
  auto m = class_lookup(st, cls, name);
  if (!m) return one(std::move(st), Value::none());
  found = true;
  args.pos.insert(args.pos.begin(), self);
  return call(std::move(st), *m, std::move(args));
}

// ---- classes -------------------------------------------------------------------------------

std::optional<std::vector<ObjId>> c3_merge(std::vector<std::vector<ObjId>> seqs) {
  std::vector<ObjId> out;
  while (true) {
    seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](auto& s) { return s.empty(); }), seqs.end());
    if (seqs.empty()) return out;
    ObjId pick = kNoObj;
    for (auto& s : seqs) {
      ObjId cand = s.front();
      bool in_tail = false;
      for (auto& t : seqs)
        if (std::find(t.begin() + 1, t.end(), cand) != t.end()) in_tail = true;
      if (!in_tail) {
        pick = cand;
        break;
      }
    }
    if (!pick) return std::nullopt;
    out.push_back(pick);
    for (auto& s : seqs)
      if (!s.empty() && s.front() == pick) s.erase(s.begin());
  }
}

Outs Interpreter::make_class(State&& st, const ir::Expr* e) {
  Outs res;
  // the bases, then the keywords (metaclass=..., and those for __init_subclass__)
  std::vector<ir::Expr*> operands = e->items;
  std::vector<std::string> keyword_names;
  for (const auto& k : e->keywords)
    if (!k.name.empty()) {
      operands.push_back(k.value);
      keyword_names.push_back(k.name);
    }
  for (auto& [s0, values] : eval_list(operands, std::move(st))) {
    State s = std::move(s0);
    if (!s.normal()) {
      res.emplace_back(std::move(s), Value::none());
      continue;
    }
    std::vector<Value> bases(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(e->items.size()));
    Value metaclass = Value::none();
    std::vector<std::pair<std::string, Value>> keywords;
    for (std::size_t k = 0; k < keyword_names.size(); ++k) {
      const Value& v = values[e->items.size() + k];
      if (keyword_names[k] == "metaclass") metaclass = v;
      else keywords.emplace_back(keyword_names[k], v);
    }
    Object cls;
    cls.kind = OKind::Class;
    cls.name = e->code->name;
    cls.module = s.frame().module;
    cls.alloc_site = e->loc;
    std::vector<std::vector<ObjId>> seqs;
    std::vector<ObjId> base_ids;
    bool unknown_base = false;
    for (const auto& b : bases) {
      if (b.is_obj() && s.heap.get(b.obj).kind == OKind::Class) {
        base_ids.push_back(b.obj);
        seqs.push_back(s.heap.get(b.obj).mro);
      } else {
        unknown_base = true;  // a base class from an unmodelled library
      }
    }
    if (base_ids.empty()) {
      ObjId obj = builtin_class("object");
      if (obj) {
        base_ids.push_back(obj);
        seqs.push_back(s.heap.get(obj).mro);
      }
    }
    seqs.push_back(base_ids);
    ObjId id = s.heap.alloc(std::move(cls));
    auto merged = c3_merge(seqs);
    std::vector<ObjId> mro{id};
    if (merged) {
      mro.insert(mro.end(), merged->begin(), merged->end());
    } else {
      for (ObjId b : base_ids) mro.push_back(b);
    }
    s.heap.mut(id).mro = std::move(mro);
    if (unknown_base) s.heap.mut(id).attrs["__tenscan_unknown_base__"] = Value::boolean(true);
    // run the class body with the class namespace as its locals
    Frame f;
    f.code = e->code;
    f.module = s.frame().module;
    f.globals = s.frame().globals;
    f.class_ns = id;
    f.slots.assign(static_cast<std::size_t>(e->code->nslots), Value::undef());
    const ir::Code* parent_code = s.frame().code;
    for (std::size_t i = 0; i < e->code->free_slots.size(); ++i) {
      int from = e->code->closure_from[i];
      if (from >= 0 && parent_code && static_cast<std::size_t>(from) < s.frame().slots.size())
        f.slots[static_cast<std::size_t>(e->code->free_slots[i])] = s.frame().slots[static_cast<std::size_t>(from)];
    }
    s.heap.mut(id).attrs["__module__"] = Value::str(f.module ? f.module->name : "");
    s.heap.mut(id).attrs["__qualname__"] = Value::str(e->code->qualname);
    bind_body_names(s, id, *e->code);
    s.frames.push_back(std::move(f));
    States states;
    states.push_back(std::move(s));
    exec_block(e->code->body, states);
    for (auto& r : states) {
      leave_frame(r);
      if (r.flow != Flow::Normal) {
        res.emplace_back(std::move(r), Value::none());
        continue;
      }
      // functions defined in the body know their class (zero-argument super())
      std::vector<ObjId> fns;
      for (auto& [k, v] : r.heap.get(id).attrs) {
        if (!v.is_obj()) continue;
        const Object& d = r.heap.get(v.obj);
        if (d.kind == OKind::Function) fns.push_back(v.obj);
        if ((d.kind == OKind::StaticMethod || d.kind == OKind::ClassMethod || d.kind == OKind::Property) && d.a.is_obj() &&
            r.heap.get(d.a.obj).kind == OKind::Function)
          fns.push_back(d.a.obj);
      }
      for (ObjId f2 : fns) r.heap.mut(f2).fn.owner_class = id;
      for (auto& o : finish_class(std::move(r), id, bases, metaclass, keywords)) res.push_back(std::move(o));
    }
  }
  return res;
}

// ---- imports -------------------------------------------------------------------------------

const ir::Module* Interpreter::lower_file(const std::string& path, const std::string& dotted, std::string source,
                                          bool is_stub, bool user_file) {
  auto fid = static_cast<std::uint32_t>(modules_.size());
  auto lr = python::lower_module(path, dotted, std::move(source), fid, is_stub);
  ++result_.stats.modules_loaded;
  modules_.push_back(std::move(lr.module));
  if (!is_stub) coverage_.add_module(*modules_.back());
  const ir::Module* m = modules_.back().get();
  by_path_[path] = m;
  for (const auto& d : lr.diags) {
    if (!user_file) continue;  // tenscan's stubs are tested separately; users cannot act on them
    if (d.kind == python::LowerDiag::Kind::SyntaxError) {
      Finding f;
      f.rule = RuleId::SyntaxError;
      f.level = Level::Error;
      f.message = d.error + ": " + d.message;
      f.location.path = path;
      f.location.line = d.loc.line;
      f.location.col = d.loc.col + 1;
      f.location.end_line = d.loc.end_line;
      f.location.end_col = d.loc.end_col + 1;
      f.identity = "python/syntax-error|" + path;
      result_.findings.push_back(std::move(f));
    } else {
      note(Notification::Kind::UnsupportedSyntax, d.loc, d.message);
    }
  }
  if (lr.syntax_error && user_file) const_cast<ir::Module*>(m)->top = nullptr;  // never execute it
  return m;
}

const ir::Module* Interpreter::load_stub(const models::EmbeddedStub& stub, const std::string& dotted) {
  auto fid = static_cast<std::uint32_t>(modules_.size());
  std::string path = "<stub>/" + std::string(stub.path);
  std::unique_ptr<ir::Module> m = ir::deserialize(stub.ir, fid);
  if (!m) return lower_file(path, dotted, std::string(stub.text), true, false);  // not lowered at build time
  m->path = path;
  m->name = dotted;
  m->source = std::string(stub.text);
  m->is_stub = true;
  ++result_.stats.modules_loaded;
  modules_.push_back(std::move(m));
  by_path_[path] = modules_.back().get();
  return modules_.back().get();
}

static std::string join_path(const std::string& dir, const std::string& rel) {
  if (dir.empty() || dir == ".") return rel;
  return dir + "/" + rel;
}

static std::string parent_dir(const std::string& path) {
  auto p = path.rfind('/');
  return p == std::string::npos ? "" : path.substr(0, p);
}

std::string Interpreter::package_of_dir(const std::string& dir) {
  std::string dotted;
  for (std::size_t i = 0; i < dir.size();) {
    std::size_t j = dir.find('/', i);
    if (j == std::string::npos) j = dir.size();
    const std::string part = dir.substr(i, j - i);
    const bool identifier = !part.empty() && !std::isdigit(static_cast<unsigned char>(part[0])) &&
                            std::all_of(part.begin(), part.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
    if (!identifier) return "";
    dotted += (dotted.empty() ? "" : ".") + part;
    i = j + 1;
  }
  return dotted;
}

void Interpreter::enclosing_packages(State& st, const std::string& dotted, ObjId leaf) {
  // The packages that enclose the imported entry, as modules whose __init__ did not run (a
  // package that imports every model file would otherwise run them all for each one checked):
  // a name they lack is looked for as a submodule, else unknown (ImportFrom).
  ObjId child = leaf;
  std::string name = dotted;
  for (std::size_t dot = name.rfind('.'); dot != std::string::npos; dot = name.rfind('.')) {
    const std::string leaf_name = name.substr(dot + 1);
    name = name.substr(0, dot);
    ObjId pkg;
    if (auto it = st.modules.find(name); it != st.modules.end()) {
      pkg = it->second;
    } else {
      Object o;
      o.kind = OKind::Module;
      o.name = name;
      o.attrs["__name__"] = Value::str(name);
      o.attrs["__package__"] = Value::str(name);
      o.attrs["__spec__"] = Value::unknown("the module's __spec__");
      pkg = st.heap.alloc(std::move(o));
      st.modules[name] = pkg;
    }
    st.heap.mut(pkg).attrs[leaf_name] = Value::object(child);
    child = pkg;
  }
}

ObjId Interpreter::load_module_object(State& st, const std::string& dotted, bool& fresh, const ir::Module*& mod,
                                      bool& is_pkg) {
  fresh = false;
  mod = nullptr;
  is_pkg = false;
  auto it = st.modules.find(dotted);
  if (it != st.modules.end()) return it->second;
  std::string rel = dotted;
  std::replace(rel.begin(), rel.end(), '.', '/');
  // 1. the project: the entry script's directory first, then the project root
  bool namespace_dir = false;
  std::vector<std::string> roots{entry_dir_};
  if (!entry_dir_.empty()) roots.push_back("");
  for (const auto& root : roots) {
    for (int pkg = 0; pkg < 2; ++pkg) {
      std::string cand = join_path(root, pkg ? rel + "/__init__.py" : rel + ".py");
      auto found = by_path_.find(cand);
      if (found != by_path_.end()) {
        mod = found->second;
      } else if (sources_.is_file(cand)) {
        std::string err;
        auto text = sources_.read(cand, err);
        if (!text) {
          note(Notification::Kind::UnreadableFile, site(), "cannot read " + cand + ": " + err);
          continue;
        }
        if (text->size() > options_.max_file_bytes) {
          note(Notification::Kind::UnreadableFile, site(),
               cand + " is larger than " + std::to_string(options_.max_file_bytes) + " bytes and was not analysed");
          continue;
        }
        if (text->find('\0') != std::string::npos) {
          note(Notification::Kind::UnreadableFile, site(), cand + " is a binary file and was not analysed");
          continue;
        }
        mod = lower_file(cand, dotted, std::move(*text), false, true);
      }
      if (mod) {
        is_pkg = pkg == 1;
        break;
      }
    }
    if (mod) break;
    // a namespace package (a directory without __init__.py): lowest priority, as in Python
    if (sources_.is_dir(join_path(root, rel))) namespace_dir = true;
  }
  // 2. the user's stubs for in-house libraries (AnalysisOptions::stub_dirs), read from the
  // project like its modules but treated as library models
  for (const auto& dir : options_.stub_dirs) {
    for (int pkg = 0; pkg < 2 && !mod; ++pkg) {
      std::string cand = join_path(dir, pkg ? rel + "/__init__.py" : rel + ".py");
      if (auto found = by_path_.find(cand); found != by_path_.end()) {
        mod = found->second;
      } else if (sources_.is_file(cand)) {
        std::string err;
        if (auto text = sources_.read(cand, err); text && text->size() <= options_.max_file_bytes &&
                                                  text->find('\0') == std::string::npos)
          mod = lower_file(cand, dotted, std::move(*text), true, true);
        else
          note(Notification::Kind::UnreadableFile, site(), "cannot read the stub " + cand + (err.empty() ? "" : ": " + err));
      }
      if (mod) is_pkg = pkg == 1;
    }
    if (mod) break;
  }
  // 3. tenscan's library stubs
  if (!mod) {
    for (int pkg = 0; pkg < 2 && !mod; ++pkg) {
      std::string cand = pkg ? rel + "/__init__.py" : rel + ".py";
      std::string key = "<stub>/" + cand;
      auto found = by_path_.find(key);
      if (found != by_path_.end()) {
        mod = found->second;
      } else {
        for (const auto& stub : models::embedded_stubs())
          if (stub.path == cand) {
            mod = load_stub(stub, dotted);
            break;
          }
      }
      if (mod) is_pkg = pkg == 1;
    }
  }
  if (!mod && namespace_dir) is_pkg = true;
  Object o;
  o.kind = OKind::Module;
  o.name = dotted;
  o.module = mod;
  o.unmodelled_library = !mod && !namespace_dir;
  o.attrs["__name__"] = Value::str(dotted);
  if (mod && !mod->is_stub) o.attrs["__file__"] = Value::str(mod->path);
  // (a package's __package__ is itself, a module's its parent; its __spec__ is a ModuleSpec
  // tenscan does not model)
  const std::size_t dot = dotted.rfind('.');
  o.attrs["__package__"] = Value::str(is_pkg ? dotted : dot == std::string::npos ? "" : dotted.substr(0, dot));
  o.attrs["__spec__"] = Value::unknown("the module's __spec__");
  ObjId id = st.heap.alloc(std::move(o));
  st.modules[dotted] = id;
  fresh = true;
  return id;
}

Outs Interpreter::import_module(State&& st, const std::string& dotted_in, const ir::Module* from, int level) {
  std::string dotted = dotted_in;
  if (level > 0) {
    // relative import: resolve against the importing module's package
    std::string base = from ? from->name : "";
    bool from_is_pkg = from && from->path.size() >= 11 && from->path.compare(from->path.size() - 11, 11, "__init__.py") == 0;
    if (from && from->name == "__main__") {
      // the entry script: its directory is the package (`python -m` style), and a level above
      // it the package its path from the project root names
      base = level >= 2 ? entry_package_ : "";
    } else if (!from_is_pkg) {
      auto p = base.rfind('.');
      base = p == std::string::npos ? "" : base.substr(0, p);
    }
    for (int i = 1; i < level; ++i) {
      auto p = base.rfind('.');
      base = p == std::string::npos ? "" : base.substr(0, p);
    }
    dotted = base.empty() ? dotted_in : (dotted_in.empty() ? base : base + "." + dotted_in);
  }
  if (dotted.empty()) return one(std::move(st), Value::none());
  // import every prefix: a, a.b, a.b.c
  std::vector<std::string> prefixes;
  for (std::size_t p = dotted.find('.'); p != std::string::npos; p = dotted.find('.', p + 1))
    prefixes.push_back(dotted.substr(0, p));
  prefixes.push_back(dotted);
  States states;
  states.push_back(std::move(st));
  for (std::size_t k = 0; k < prefixes.size(); ++k) {
    States next;
    for (auto& s : states) {
      if (!s.normal()) {
        next.push_back(std::move(s));
        continue;
      }
      bool fresh = false, is_pkg = false;
      const ir::Module* mod = nullptr;
      ObjId id = load_module_object(s, prefixes[k], fresh, mod, is_pkg);
      if (k > 0) {
        auto parent = s.modules.find(prefixes[k - 1]);
        if (parent != s.modules.end()) {
          std::string leaf = prefixes[k].substr(prefixes[k - 1].size() + 1);
          auto& pattrs = s.heap.get(parent->second).attrs;
          if (!pattrs.count(leaf)) s.heap.mut(parent->second).attrs[leaf] = Value::object(id);
        }
      }
      if (!fresh) {
        next.push_back(std::move(s));
        continue;
      }
      if (!mod && !is_pkg) {
        // neither the project nor the stubs have it: an unmodelled library
        record_unmodelled("import " + prefixes[k]);
        next.push_back(std::move(s));
        continue;
      }
      if (!mod || !mod->top) {
        next.push_back(std::move(s));  // namespace package, or a file that did not parse
        continue;
      }
      for (auto& b : run_module_body(std::move(s), mod, id)) next.push_back(std::move(b));
    }
    states = std::move(next);
  }
  Outs res;
  for (auto& s : states) {
    auto it = s.modules.find(dotted);
    Value v = it == s.modules.end() ? Value::none() : Value::object(it->second);
    res.emplace_back(std::move(s), v);
  }
  return res;
}

// ---- running the entry -----------------------------------------------------------------------

States Interpreter::run(const std::string& entry_path) {
  entry_dir_ = parent_dir(entry_path);
  entry_path_ = entry_path;
  State st;
  // builtins first: every module's globals fall back to it
  init_builtins(st);
  States out;
  std::string err;
  auto text = sources_.read(entry_path, err);
  if (!text) {
    result_.completed = false;
    Notification n;
    n.kind = Notification::Kind::UnreadableFile;
    n.level = Level::Error;
    n.message = "cannot read " + entry_path + ": " + err;
    n.location.path = entry_path;
    result_.notifications.push_back(std::move(n));
    return out;
  }
  if (text->size() > options_.max_file_bytes || text->find('\0') != std::string::npos) {
    result_.completed = false;
    Notification n;
    n.kind = Notification::Kind::UnreadableFile;
    n.level = Level::Error;
    n.message = text->find('\0') != std::string::npos
                    ? entry_path + " is a binary file, not a Python script"
                    : entry_path + " is larger than " + std::to_string(options_.max_file_bytes) + " bytes";
    n.location.path = entry_path;
    result_.notifications.push_back(std::move(n));
    return out;
  }
  entry_package_ = package_of_dir(entry_dir_);
  // (module mode: a file of models imported, not run; its `if __name__ == "__main__":` skipped,
  // and its name the one an import from the project root gives it: torchvision.models.resnet,
  // whose `from ..ops.misc import ...` is torchvision.ops.misc)
  const bool imported = options_.module_mode == AnalysisOptions::ModuleMode::On;
  std::string stem = entry_path.substr(entry_path.find_last_of('/') + 1);
  stem = stem.substr(0, stem.rfind('.'));
  const std::string dotted = !imported ? "__main__" : entry_package_.empty() ? stem : entry_package_ + "." + stem;
  const ir::Module* m = lower_file(entry_path, dotted, std::move(*text), false, true);
  if (!m->top) return out;
  Object mo;
  mo.kind = OKind::Module;
  mo.name = dotted;
  mo.module = m;
  mo.attrs["__name__"] = Value::str(dotted);
  mo.attrs["__file__"] = Value::str(entry_path);
  // a script run as `python train.py`: no package, no spec
  mo.attrs["__package__"] = imported ? Value::str(entry_package_) : Value::none();
  mo.attrs["__spec__"] = Value::none();
  ObjId id = st.heap.alloc(std::move(mo));
  st.modules["__main__"] = id;
  if (imported) {
    st.modules[dotted] = id;  // (sys.modules[cls.__module__], as an import has it)
    enclosing_packages(st, dotted, id);
  }
  States after = run_module_body(std::move(st), m, id);
  if (options_.module_mode == AnalysisOptions::ModuleMode::Off ||
      (options_.module_mode == AnalysisOptions::ModuleMode::Auto && entry_module_called_)) {
    // (a declaration for this very file that module mode did not use: said, not ignored)
    for (const ModelDecl& d : options_.model_decls)
      if (declared_for_file(d, entry_path))
        result_.notifications.push_back(
            {Notification::Kind::Configuration, Level::Warning,
             "tenscan.json declares how module mode builds " + d.model + " of " + d.file +
                 (options_.module_mode == AnalysisOptions::ModuleMode::Off
                      ? ", but module mode is off"
                      : ", but the file ran as a script that calls its models, so module mode did not check them "
                        "one by one (`--modules on` does)"),
             {}});
    return after;
  }
  return check_modules(std::move(after), m, id);
}

States Interpreter::run_module_body(State&& st, const ir::Module* m, ObjId globals) {
  Frame f;
  f.code = m->top;
  f.module = m;
  f.globals = globals;
  bind_body_names(st, globals, *m->top);
  st.frames.push_back(std::move(f));
  States states;
  states.push_back(std::move(st));
  exec_block(m->top->body, states);
  for (auto& s : states) leave_frame(s);
  return states;
}

void Interpreter::bind_body_names(State& st, ObjId ns, const ir::Code& code) {
  st.heap.mut(ns).attrs["__doc__"] = code.doc ? Value::str(*code.doc) : Value::none();
  if (code.annotates) {
    Value annotations = new_dict(st, {});
    st.heap.mut(ns).attrs["__annotations__"] = annotations;
  }
}

void Interpreter::leave_frame(State& st) {
  if ((st.flow == Flow::Raise || st.flow == Flow::Dead) && st.frame().at) st.unwound.mut().push_back(st.frame().at);
  st.frames.pop_back();
}

void Interpreter::stop(State& st, StopReason why, const ir::Loc& where) {
  st.flow = Flow::Dead;
  st.stopped = why;
  st.stop_site = where;
}

void Interpreter::add_gap(std::string what, const ir::Loc& where) {
  for (const auto& g : gaps_)
    if (g.what == what && g.where.file == where.file && g.where.line == where.line) return;
  gaps_.push_back({std::move(what), where});
}

}  // namespace tenscan::interp
