// Module mode (AnalysisOptions::module_mode): a file of models without a training script has its
// nn.Module classes checked one by one, each from the state the file's body left, so that one
// class's paths and failures never multiply or stop another's. The stub _tenscan_modules.py
// builds each and calls its forward on symbolic arguments; module_checked records what the
// forward returned and what its path required on the way (the inferred contract, analyze.cpp).
#include <algorithm>

#include "interp/interpreter.h"

namespace tenscan::interp {

std::uint32_t Interpreter::new_module_input(std::string prefix, std::int64_t position) {
  auto [it, fresh] = module_input_ids_.try_emplace({checking_class_, position}, 0);
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

sym::Expr Interpreter::constructor_argument(State& st, const std::string& name) {
  if (auto it = constructor_arguments_.find({checking_class_, name}); it != constructor_arguments_.end())
    return within_domain(st, it->second);
  sym::Expr e = fresh_symbol(st, name, kConstructorArgument, 1, 0, SymKind::Data);
  constructor_arguments_.emplace(std::make_pair(checking_class_, name), e.symbols().front());
  return e;
}

States Interpreter::check_modules(States after_body, const ir::Module* entry, ObjId globals) {
  // (asked for, and nothing to check it from: said, never a bare "no issues found")
  if (options_.module_mode == AnalysisOptions::ModuleMode::On &&
      std::none_of(after_body.begin(), after_body.end(), [](const State& s) { return s.normal(); }))
    add_gap("module mode: the file's body ran to its end on no path, so none of its classes was checked",
            ir::Loc{entry->top->loc.file, 1, 1});
  States out;
  for (auto& st : after_body) {
    if (!st.normal()) {
      out.push_back(std::move(st));
      continue;
    }
    // the file's own nn.Module subclasses, in the order the file defines them
    auto nn = st.modules.find("torch.nn");
    std::optional<Value> module_cls;
    if (nn != st.modules.end())
      if (auto it = st.heap.get(nn->second).attrs.find("Module"); it != st.heap.get(nn->second).attrs.end() && it->second.is_obj())
        module_cls = it->second;
    std::vector<std::pair<ir::Loc, ObjId>> classes;
    if (module_cls)
      for (const auto& entry_attr : st.heap.get(globals).attrs) {
        const Value& v = entry_attr.second;
        if (!v.is_obj()) continue;
        const Object& c = st.heap.get(v.obj);
        if (c.kind != OKind::Class || c.module != entry || v.obj == module_cls->obj) continue;
        if (std::find(c.mro.begin(), c.mro.end(), module_cls->obj) == c.mro.end()) continue;
        // (a mixin without a forward of the project's own is not a model to call)
        ObjId owner = kNoObj;
        if (!class_lookup(st, v.obj, "forward", &owner) || !owner || !st.heap.get(owner).module ||
            st.heap.get(owner).module->is_stub)
          continue;
        if (std::none_of(classes.begin(), classes.end(), [&](const auto& k) { return k.second == v.obj; }))
          classes.emplace_back(c.alloc_site, v.obj);
      }
    std::sort(classes.begin(), classes.end(), [](const auto& a, const auto& b) {
      return std::tie(a.first.line, a.first.col, a.second) < std::tie(b.first.line, b.first.col, b.second);
    });
    if (classes.empty()) {
      out.push_back(std::move(st));
      continue;
    }
    const auto names = symbol_names_;
    for (const auto& [loc, cls] : classes) {
      // (each class's symbols are named afresh: B, H, W, not B#2; no two classes' ever meet)
      symbol_names_ = names;
      // (the same class from another of the body's paths: the same arguments, the same dims)
      checking_class_ = cls;
      class_symbols_from_ = class_symbols_.try_emplace(cls, static_cast<sym::SymId>(symbols_.size())).first->second;
      State copy = st;
      copy.module_check = true;
      Outs harness = import_module(std::move(copy), "_tenscan_modules", nullptr, 0);
      for (auto& [s, mod] : harness) {
        if (!s.normal() || !mod.is_obj()) {
          out.push_back(std::move(s));
          continue;
        }
        for (auto& [s2, check] : getattr(std::move(s), mod, "check")) {
          if (!s2.normal()) {
            out.push_back(std::move(s2));
            continue;
          }
          Args args;
          args.pos.push_back(Value::object(cls));
          for (auto& [s3, r] : call(std::move(s2), check, std::move(args))) out.push_back(std::move(s3));
        }
      }
    }
  }
  return out;
}

void Interpreter::module_checked(const State& st, const Value& cls, const std::vector<std::string>& params,
                                 const std::vector<Value>& inputs, const Value& output) {
  if (!cls.is_obj()) return;
  CheckedForward c;
  c.cls = cls.obj;
  const Object& k = st.heap.get(cls.obj);
  c.module = k.name;
  c.where = k.alloc_site;
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
  c.path = st.path;
  checked_.push_back(std::move(c));
}

}  // namespace tenscan::interp
