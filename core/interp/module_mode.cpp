// Module mode (AnalysisOptions::module_mode): a file of models without a training script has its
// nn.Module classes checked one by one, each from the state the file's body left, so that one
// class's paths and failures never multiply or stop another's. The stub _tenscan_modules.py
// builds each and calls its forward on symbolic arguments; module_checked records what the
// forward returned and what its path required on the way (the inferred contract, analyze.cpp).
#include <algorithm>
#include <set>

#include "interp/interpreter.h"
#include "python/lower.h"

namespace tenscan::interp {

std::uint32_t Interpreter::new_module_input(std::string prefix, std::int64_t position) {
  auto [it, fresh] = module_input_ids_.try_emplace({check_key_, position}, 0);
  if (fresh) {
    module_inputs_.push_back(std::move(prefix));
    it->second = static_cast<std::uint32_t>(module_inputs_.size());
  }
  return it->second;
}

sym::Expr Interpreter::module_input_dim(State& st, std::uint32_t input, std::size_t rank, std::size_t k,
                                        const std::string& name) {
  if (auto it = module_dims_.find({input, rank, k}); it != module_dims_.end()) return within_domain(st, it->second);
  sym::Expr e = fresh_symbol(st, name, "a dimension of the argument of the forward being checked", 1, 0, SymKind::Data);
  module_dims_.emplace(std::make_tuple(input, rank, k), e.symbols().front());
  return e;
}

void Interpreter::bind_module_rank(State& st, ObjId t, const std::vector<std::string>& names, const std::string& layer) {
  const TensorVal* first = tensor_of(st, Value::object(t));
  if (!first || !first->opaque || first->shape || !first->module_input) return;
  const std::string prefix = module_input_prefix(first->module_input);
  if (layer == "linear" || layer == "embedding") st.guessed_rank = true;
  std::vector<sym::Expr> dims;
  for (std::size_t k = 0; k < names.size(); ++k)
    dims.push_back(module_input_dim(st, first->module_input, names.size(), k, prefix + names[k]));
  // it, and the tensors whose shape it has (the argument itself, before an F.relu)
  for (ObjId id = t; id != kNoObj && st.heap.valid(id);) {
    const TensorVal* u = tensor_of(st, Value::object(id));
    if (!u || !u->opaque || u->shape) break;
    TensorVal bound = *u;
    bound.shape = dims;
    bound.assumed = true;
    bound.origin = site();
    if (layer == "embedding" && bound.dtype == DType::Unknown) bound.dtype = DType::Int64;  // (indices)
    const ObjId next = u->same_shape_as;
    st.heap.mut(id).tensor = std::move(bound);
    id = next;
  }
}

sym::Expr Interpreter::check_size(State& st, const std::string& key, const std::string& name, const char* description) {
  if (auto it = check_sizes_.find({check_key_, key}); it != check_sizes_.end()) return within_domain(st, it->second);
  sym::Expr e = fresh_symbol(st, name, description, 1, 0, SymKind::Data);
  check_sizes_.emplace(std::make_pair(check_key_, key), e.symbols().front());
  return e;
}

sym::Expr Interpreter::annotated_dim(State& st, const std::string& name) {
  // (keyed apart from the constructor's arguments: a parameter is never named so)
  return check_size(st, "annotated " + name, name, "a size the forward's annotation names");
}

namespace {

// An unknown value that stands for a property of tensor t (its size, its rank), found again by
// its label's address (the map keeps the label alive).
using TensorProperties = std::map<const std::string*, std::pair<std::shared_ptr<const std::string>, ObjId>>;

Value property_of(TensorProperties& map, const char* label, ObjId t) {
  Value v = Value::unknown(label);
  map.emplace(v.s.get(), std::make_pair(v.s, t));
  return v;
}

std::optional<ObjId> tensor_behind(const TensorProperties& map, const Value& v) {
  if (v.kind != VKind::Unknown || !v.s) return std::nullopt;
  auto it = map.find(v.s.get());
  return it == map.end() ? std::nullopt : std::optional<ObjId>(it->second.second);
}

}  // namespace

Value Interpreter::module_input_shape(ObjId t) { return property_of(module_shapes_, "the size of the forward's argument", t); }

std::optional<ObjId> Interpreter::module_shape_of(const Value& v) const { return tensor_behind(module_shapes_, v); }

Value Interpreter::module_input_rank(ObjId t) { return property_of(module_ranks_, "the rank of the forward's argument", t); }

std::optional<ObjId> Interpreter::module_rank_of(const Value& v) const { return tensor_behind(module_ranks_, v); }

const std::vector<std::string>* Interpreter::rank_dim_names(std::size_t k) {
  static const std::vector<std::string> kNames[] = {
      {"N"}, {"B", "F"}, {"B", "T", "F"}, {"B", "C", "H", "W"}, {"B", "C", "D", "H", "W"}};
  return k >= 1 && k <= std::size(kNames) ? &kNames[k - 1] : nullptr;
}

bool Interpreter::bind_module_rank_of(State& st, const Value& rank, std::int64_t k) {
  auto t = module_rank_of(rank);
  const auto* names = k > 0 ? rank_dim_names(static_cast<std::size_t>(k)) : nullptr;
  if (!t || !names) return false;
  bind_module_rank(st, *t, *names);
  const TensorVal* tv = tensor_of(st, Value::object(*t));
  return tv && tv->shape;
}

sym::Expr Interpreter::constructor_argument(State& st, const std::string& name) {
  return check_size(st, name, name, kConstructorArgument);
}

namespace {

// Whether a statement list returns a value somewhere (not in a nested function: those are
// expressions, never statements here).
bool returns_value(const ir::Block& body) {
  for (const ir::Stmt* s : body) {
    if (s->kind == ir::StmtKind::Return && s->value) return true;
    if (returns_value(s->body) || returns_value(s->orelse) || returns_value(s->finalbody)) return true;
    for (const auto& h : s->handlers)
      if (returns_value(h.body)) return true;
  }
  return false;
}

}  // namespace

const ir::Code* Interpreter::builder_code(const State& st, ObjId f, const ir::Module* entry) const {
  // (a decorated builder is its wrapper; functools.wraps leads back to the file's function)
  // (a decorator of the file's own wraps it too: register_model's wrapper(*args, **kwargs))
  for (int hops = 0; hops < 4; ++hops) {
    const Object& o = st.heap.get(f);
    if (o.kind != OKind::Function || !o.fn.code) return nullptr;
    auto w = o.attrs.find("__wrapped__");
    if (w != o.attrs.end() && w->second.is_obj()) {
      f = w->second.obj;
      continue;
    }
    return o.fn.module == entry && o.fn.code->kind == ir::Code::Kind::Function ? o.fn.code : nullptr;
  }
  return nullptr;
}

bool Interpreter::is_builder(const ir::Code& code, const State& st,
                             std::span<const std::pair<ir::Loc, ObjId>> classes) const {
  // (every parameter has a default; one that gathers positional arguments, `*tensors`, says
  // the function is about what it is given)
  for (const auto& p : code.params)
    if ((!p.has_default && (p.kind == ir::Param::Kind::Positional || p.kind == ir::Param::Kind::KeywordOnly)) ||
        p.kind == ir::Param::Kind::VarArgs)
      return false;
  if (code.returns.empty()) return returns_value(code.body);
  // `-> ResNet`, `-> nn.Module`, `-> "VisionTransformer"`: a class of the file, or a module
  std::string r = code.returns;
  std::erase_if(r, [](char c) { return c == '"' || c == '\'' || c == ' '; });
  if (auto dot = r.rfind('.'); dot != std::string::npos) r = r.substr(dot + 1);
  if (r == "Module" || r == "Sequential") return true;
  return std::any_of(classes.begin(), classes.end(), [&](const auto& k) { return st.heap.get(k.second).name == r; });
}

bool Interpreter::is_container(const State& st, ObjId cls) const {
  for (ObjId c : st.heap.get(cls).mro) {
    const Object& k = st.heap.get(c);
    if (k.module && k.module->is_stub && k.name == "Sequential") return true;
  }
  return false;
}

std::vector<std::pair<ir::Loc, ObjId>> Interpreter::module_targets(const State& st, const ir::Module* entry,
                                                                  ObjId globals) const {
  std::vector<std::pair<ir::Loc, ObjId>> targets;
  // the file's own nn.Module subclasses
  auto nn = st.modules.find("torch.nn");
  std::optional<Value> module_cls;
  if (nn != st.modules.end())
    if (auto it = st.heap.get(nn->second).attrs.find("Module"); it != st.heap.get(nn->second).attrs.end() && it->second.is_obj())
      module_cls = it->second;
  auto add = [&](ir::Loc loc, ObjId id) {
    if (std::none_of(targets.begin(), targets.end(), [&](const auto& k) { return k.second == id; })) targets.emplace_back(loc, id);
  };
  if (module_cls)
    for (const auto& entry_attr : st.heap.get(globals).attrs) {
      const Value& v = entry_attr.second;
      if (!v.is_obj()) continue;
      const Object& c = st.heap.get(v.obj);
      if (c.kind != OKind::Class || c.module != entry || v.obj == module_cls->obj) continue;
      if (std::find(c.mro.begin(), c.mro.end(), module_cls->obj) == c.mro.end()) continue;
      // (a mixin without a forward of the project's own is not a model to call; a container
      // whose layers its own __init__ builds is: class Transition(nn.Sequential))
      auto own = [&](const char* method) {
        ObjId owner = kNoObj;
        return class_lookup(st, v.obj, method, &owner) && owner && st.heap.get(owner).module &&
               !st.heap.get(owner).module->is_stub;
      };
      if (!own("forward") && !(own("__init__") && is_container(st, v.obj))) continue;
      add(c.alloc_site, v.obj);
    }
  // and its model builders: public functions of the file that a call without arguments can
  // make (every parameter has a default), annotated to return a model or not annotated but
  // returning a value (torchvision's resnet18(), vit_b_16(): each a configuration of a class);
  // in a file without models of its own, only those that say they return one, unless asked
  const bool any_builder = !targets.empty() || options_.module_mode == AnalysisOptions::ModuleMode::On;
  const std::size_t own_classes = targets.size();
  for (const auto& [name, v] : st.heap.get(globals).attrs) {
    if (name.empty() || name[0] == '_' || !v.is_obj()) continue;
    if (const ir::Code* code = builder_code(st, v.obj, entry);
        code && (any_builder || !code->returns.empty()) && is_builder(*code, st, std::span(targets.data(), own_classes)))
      add(code->loc, v.obj);
  }
  // in the order the file defines them
  std::sort(targets.begin(), targets.end(), [](const auto& a, const auto& b) {
    return std::tie(a.first.line, a.first.col, a.second) < std::tie(b.first.line, b.first.col, b.second);
  });
  return targets;
}

States Interpreter::check_modules(States after_body, const ir::Module* entry, ObjId globals) {
  // (asked for, and nothing to check it from: said, never a bare "no issues found")
  if (options_.module_mode == AnalysisOptions::ModuleMode::On &&
      std::none_of(after_body.begin(), after_body.end(), [](const State& s) { return s.normal(); }))
    add_gap("module mode: the file's body ran to its end on no path, so none of its classes was checked",
            ir::Loc{entry->top->loc.file, 1, 1});
  States out;
  std::set<std::string> checked_names;
  std::vector<CheckGaps> made_up_gaps;
  for (auto& st : after_body) {
    auto targets = st.normal() ? module_targets(st, entry, globals) : std::vector<std::pair<ir::Loc, ObjId>>{};
    if (targets.empty()) {
      out.push_back(std::move(st));
      continue;
    }
    const auto names = symbol_names_;
    // (the model builders first: a class one of them built and ran needs its check with made-up
    // arguments only for the contract beyond the file's configurations, and gets a small budget)
    std::stable_partition(targets.begin(), targets.end(),
                          [&](const auto& t) { return st.heap.get(t.second).kind != OKind::Class; });
    for (const auto& [loc, target] : targets) {
      const bool is_class = st.heap.get(target).kind == OKind::Class;
      const ir::Code* builder = is_class ? nullptr : builder_code(st, target, entry);
      const std::string& name = is_class ? st.heap.get(target).name : builder->name;
      checked_names.insert(name);
      // (one check as module mode makes it up, or one per declaration of the model)
      std::vector<int> decls = model_decls_of(name, entry->path);
      if (decls.empty()) decls.push_back(-1);
      for (int d : decls) {
        // (each check's symbols are named afresh: B, H, W, not B#2; no two checks' ever meet)
        symbol_names_ = names;
        // (the same check from another of the body's paths: the same arguments, the same dims)
        check_key_ = {loc.file, loc.line, loc.col, d};
        class_symbols_from_ = class_symbols_.try_emplace(check_key_, static_cast<sym::SymId>(symbols_.size())).first->second;
        // (its share of the budgets: a tenth of the work and eight times the path budget in
        // splits; a hundredth and one time for a class a builder already ran)
        const bool covered = is_class && d < 0 && built_by_another_check(target);
        check_work_limit_ = work_done() + options_.max_statements / (covered ? 100 : 10);
        check_fork_limit_ = forks_ + static_cast<long>(options_.max_paths) * (covered ? 1 : 8);
        State copy = st;
        copy.module_check = target;
        copy.module_decl = d;
        class_path_from_ = copy.path.size();
        checking_builder_ = builder;
        checking_decl_ = d < 0 ? nullptr : &options_.model_decls[static_cast<std::size_t>(d)];
        std::optional<Value> maker;
        if (checking_decl_ && !checking_decl_->args.empty() && !(maker = declared_maker(copy, d, globals, loc))) continue;
        const char* how = maker ? "check_declared" : is_class ? "check" : "check_builder";
        const std::size_t gaps_before = gaps_.size(), notes_before = result_.notifications.size();
        for (auto& [s, mod] : import_module(std::move(copy), "_tenscan_modules", nullptr, 0)) {
          if (!s.normal() || !mod.is_obj()) {
            out.push_back(std::move(s));
            continue;
          }
          for (auto& [s2, check] : getattr(std::move(s), mod, how)) {
            if (!s2.normal()) {
              out.push_back(std::move(s2));
              continue;
            }
            Args args;
            args.pos.push_back(Value::object(target));
            if (maker) args.pos.push_back(*maker);
            for (auto& [s3, r] : call(std::move(s2), check, std::move(args))) out.push_back(std::move(s3));
          }
        }
        if (is_class && d < 0) {
          CheckGaps c{target, {gaps_.begin() + static_cast<std::ptrdiff_t>(gaps_before), gaps_.end()}, {}};
          gaps_.resize(gaps_before);
          auto& notes = result_.notifications;
          auto budget_note = [](const Notification& n) { return n.kind == Notification::Kind::Budget; };
          std::copy_if(notes.begin() + static_cast<std::ptrdiff_t>(notes_before), notes.end(), std::back_inserter(c.notes), budget_note);
          notes.erase(std::remove_if(notes.begin() + static_cast<std::ptrdiff_t>(notes_before), notes.end(), budget_note), notes.end());
          if (!c.gaps.empty() || !c.notes.empty()) made_up_gaps.push_back(std::move(c));
        }
      }
    }
    checking_decl_ = nullptr;
  }
  check_work_limit_ = check_fork_limit_ = std::numeric_limits<long>::max();
  // (a declaration for this file of a model it does not define, or not as a model: said)
  for (const ModelDecl& d : options_.model_decls)
    if (declared_for_file(d, entry->path) && !checked_names.count(d.model))
      add_gap("tenscan.json declares " + d.model + " for " + d.file + ", which defines no model of that name (a class "
                  "with a forward of its own, or a function that returns a model): the declaration was not used",
              ir::Loc{entry->top->loc.file, 1, 1});
  settle_module_raises(out, made_up_gaps);
  return out;
}

bool Interpreter::declared_for_file(const ModelDecl& d, const std::string& path) {
  return !d.file.empty() &&
         (path == d.file ||
          (path.size() > d.file.size() && path.ends_with(d.file) && path[path.size() - d.file.size() - 1] == '/'));
}

std::vector<int> Interpreter::model_decls_of(const std::string& name, const std::string& path) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < options_.model_decls.size(); ++i) {
    const ModelDecl& d = options_.model_decls[i];
    if (d.model == name && (d.file.empty() || declared_for_file(d, path))) out.push_back(static_cast<int>(i));
  }
  return out;
}

const ModelDecl::Input* Interpreter::declared_input(const std::string& name) const {
  if (checking_decl_)
    for (const auto& in : checking_decl_->inputs)
      if (in.name == name) return &in;
  return nullptr;
}

std::optional<Value> Interpreter::declared_maker(State& st, int d, ObjId globals, const ir::Loc& at) {
  const ModelDecl& decl = options_.model_decls[static_cast<std::size_t>(d)];
  auto [it, fresh] = declared_makers_.try_emplace(d, nullptr);
  if (fresh) {
    // (lowered as a function of the file's namespace; its code placed at the model's
    // definition, where a call the arguments do not fit is reported)
    const std::string text = "def __tenscan_declared__(__tenscan_model__):\n    return __tenscan_model__(" + decl.args + ")\n";
    auto fid = static_cast<std::uint32_t>(modules_.size());
    auto lr = python::lower_module("<tenscan.json>", "__tenscan_declared__", text, fid, false);
    const ir::Code* top = lr.module ? lr.module->top : nullptr;
    // (arguments that close the call and go on, `1)\nimport os\nx = (1`, are not arguments)
    const ir::Stmt* def = top && top->body.size() == 1 ? top->body[0] : nullptr;
    const ir::Code* fn = def && def->kind == ir::StmtKind::Assign && def->value && def->value->kind == ir::ExprKind::Function
                             ? def->value->code
                             : nullptr;
    const bool one_call = !lr.syntax_error && lr.diags.empty() && fn && fn->body.size() == 1 &&
                          fn->body[0]->kind == ir::StmtKind::Return && fn->body[0]->value &&
                          fn->body[0]->value->kind == ir::ExprKind::Call;
    if (one_call) {
      for (auto& e : lr.module->exprs) e.loc = at;
      for (auto& s : lr.module->stmts) s.loc = at;
      for (auto& c : lr.module->codes) c.loc = at;
      modules_.push_back(std::move(lr.module));
      it->second = modules_.back().get();
    }
  }
  if (!it->second) {
    add_gap("tenscan.json declares " + decl.model + "(" + decl.args + "), whose arguments are not Python call arguments: " +
                decl.model + " was not checked as declared",
            at);
    return std::nullopt;
  }
  for (auto& s : run_module_body(State(st), it->second, globals)) {
    if (!s.normal()) continue;
    auto& attrs = s.heap.mut(globals).attrs;
    auto f = attrs.find("__tenscan_declared__");
    if (f == attrs.end()) continue;
    Value maker = f->second;
    attrs.erase("__tenscan_declared__");
    st = std::move(s);
    return maker;
  }
  return std::nullopt;
}

bool Interpreter::built_by_another_check(ObjId cls) const {
  if (auto it = forwarded_classes_.find(cls); it != forwarded_classes_.end())
    if (std::any_of(it->second.begin(), it->second.end(), [cls](ObjId check) { return check != cls; })) return true;
  return std::any_of(checked_.begin(), checked_.end(), [cls](const CheckedForward& c) { return c.model_cls == cls && c.cls != cls; });
}

void Interpreter::settle_module_raises(States& out, std::vector<CheckGaps>& made_up_gaps) {
  // A check that raised is a class module mode could not check (a note; the verdict
  // incomplete), unless the class was checked all the same: it rejected the input or arguments
  // it raised for (its own `raise`, when another of its paths returned), or the arguments it
  // guessed were wrong and another check (a model builder's, a model's that contains it) ran
  // its forward to the end, as the file configures it. So is one that stopped at an argument
  // module mode does not make up (StopReason::NotMadeUp), or on its budgets (MNASNet's made-up
  // width multiplier splits every layer on a float comparison), when another check built the
  // class: the budgets it ran out of are then not the file's gaps.
  std::set<ObjId> returned, built, built_elsewhere;
  for (const auto& [cls, checks] : forwarded_classes_) built.insert(cls);
  for (const auto& c : checked_) {
    returned.insert(c.cls);
    built.insert(c.model_cls);
  }
  for (ObjId cls : built)
    if (built_by_another_check(cls)) built_elsewhere.insert(cls);
  auto budget = [](StopReason r) {
    return r == StopReason::NotMadeUp || r == StopReason::CheckBudget || r == StopReason::PathBudget;
  };
  // (a check with made-up arguments cut short whose class another check covers: its paths that
  // got through are a part of the class's made-up configurations, not a contract of it)
  std::set<ObjId> cut_short;
  for (const auto& st : out)
    if (st.module_check && st.flow == Flow::Dead && st.module_decl < 0 && budget(st.stopped)) cut_short.insert(st.module_check);
  for (const auto& c : made_up_gaps)
    if (!c.gaps.empty()) cut_short.insert(c.cls);
  std::erase_if(checked_, [&](const CheckedForward& c) {
    return c.made_up && cut_short.count(c.cls) && built_elsewhere.count(c.cls);
  });
  for (auto& st : out)
    if (st.module_check &&
        ((st.flow == Flow::Raise && ((st.raised->user_raise && returned.count(st.module_check)) || built.count(st.module_check))) ||
         (st.flow == Flow::Dead && st.module_decl < 0 && budget(st.stopped) && built_elsewhere.count(st.module_check))))
      st.flow = Flow::Covered;
  for (auto& c : made_up_gaps)
    if (!built_elsewhere.count(c.cls)) {
      for (auto& g : c.gaps) add_gap(std::move(g.what), g.where);
      for (auto& n : c.notes) result_.notifications.push_back(std::move(n));
    }
}

void Interpreter::module_checked(const State& st, const Value& cls, const std::vector<std::string>& params,
                                 const std::vector<Value>& inputs, const Value& output, const Value& model) {
  if (!cls.is_obj()) return;
  CheckedForward c;
  c.cls = cls.obj;
  c.model_cls = class_of(st, model);
  const Object& k = st.heap.get(cls.obj);
  c.module = k.name;
  c.where = k.alloc_site;
  if (checking_builder_) {  // (a model builder: what its call made)
    c.module = checking_builder_->name + "()";
    c.where = checking_builder_->loc;
  }
  if (checking_decl_ && !checking_decl_->args.empty())  // (as declared: `ResNet(BasicBlock, [2, 2, 2, 2])`)
    c.module = checking_decl_->model + "(" + checking_decl_->args + ")";
  c.made_up = !checking_builder_ && !checking_decl_;
  c.params = params;
  for (const auto& v : inputs) {
    const TensorVal* t = tensor_of(st, v);
    c.inputs.push_back(t ? t->shape : std::nullopt);
  }
  c.output = shapes_text(st, output, 0);
  if (const TensorVal* t = tensor_of(st, output)) c.output_shape = t->shape;
  if (c.output.empty()) c.output = type_name(st, output);
  c.hard = st.hard;
  c.reqs = st.reqs;
  c.symbols_from = class_symbols_from_;
  c.path.assign(st.path.begin() + static_cast<std::ptrdiff_t>(std::min(class_path_from_, st.path.size())), st.path.end());
  checked_.push_back(std::move(c));
}

}  // namespace tenscan::interp
