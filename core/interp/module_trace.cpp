// The shape report's trace of nn.Module calls (Interpreter::module_enter / module_exit;
// AnalysisOptions::trace_modules): one row per module and place in the model, with every
// input and output shape that reached it on any path.
#include "interp/interpreter.h"

namespace tenscan::interp {
namespace {

// The arguments a layer is known by, as its class keeps them (torchinfo's "key arguments").
constexpr const char* kKeyArguments[] = {
    "in_features", "out_features", "in_channels", "out_channels", "kernel_size", "stride", "padding", "dilation",
    "groups", "num_features", "normalized_shape", "num_embeddings", "embedding_dim", "input_size", "hidden_size",
    "num_layers", "bidirectional", "batch_first", "embed_dim", "num_heads", "d_model", "nhead", "p", "output_size",
    "scale_factor", "start_dim", "end_dim", "dim",
};
constexpr std::size_t kVariants = 4;  // distinct shapes kept per row and column

// A path's shapes: on a DataLoader's last, smaller minibatch they say so. The first path to
// show a variant is kept with it.
void add_variant(std::vector<std::string>& to, std::vector<std::vector<PathStep>>& paths, const State& st,
                 std::string text) {
  if (text.empty()) return;
  if (st.last_batch >= 0) text += " (last minibatch)";
  if (std::find(to.begin(), to.end(), text) != to.end()) return;
  if (to.size() < kVariants) {
    to.push_back(text);
    paths.push_back(st.path);
  } else if (to.size() == kVariants) {
    to.push_back("…");
    paths.emplace_back();
  }
}

// The tensors a module takes or returns: a tensor, or those of a tuple or list (an LSTM's
// (output, (h, c))), two levels deep.
void tensors_in(const Interpreter& in, const State& st, const Value& v, std::vector<ObjId>& out, int depth = 0) {
  if (in.tensor_of(st, v)) {
    out.push_back(v.obj);
    return;
  }
  if (depth >= 2 || !v.is_obj()) return;
  if (const auto* items = in.sequence_of(st, v))
    for (const auto& item : *items) tensors_in(in, st, item, out, depth + 1);
}

void add_rows(std::vector<int>& to, const std::vector<int>& rows) {
  for (int r : rows)
    if (std::find(to.begin(), to.end(), r) == to.end()) to.insert(std::upper_bound(to.begin(), to.end(), r), r);
}

// The decisions of variant i's path that no other variant's path took (at most two): where
// shapes differ between paths, what tells them apart.
std::string path_label(const std::vector<std::vector<PathStep>>& paths, std::size_t i) {
  std::string out;
  int shown = 0;
  for (const auto& step : paths[i]) {
    bool unique = true;
    for (std::size_t j = 0; j < paths.size() && unique; ++j)
      if (j != i && !paths[j].empty() && std::find(paths[j].begin(), paths[j].end(), step) != paths[j].end()) unique = false;
    if (!unique || shown == 2) continue;
    out += (shown++ ? "; " : "") + step.text;
  }
  return out.empty() ? out : " (when " + out + ")";
}

void label_variants(std::vector<std::string>& variants, const std::vector<std::vector<PathStep>>& paths) {
  if (variants.size() < 2 || paths.size() != variants.size()) return;
  const std::string last = " (last minibatch)";
  for (std::size_t i = 0; i < variants.size(); ++i) {
    auto& v = variants[i];
    if (v == "…" || (v.size() > last.size() && v.compare(v.size() - last.size(), last.size(), last) == 0)) continue;
    v += path_label(paths, i);
  }
}

}  // namespace

std::string Interpreter::shapes_text(const State& st, const Value& v, int depth) const {
  if (tensor_of(st, v)) {
    std::string s = show(st, v);
    return s.substr(0, s.rfind("] ") + 1);  // (without the dtype)
  }
  if (depth > 0) return {};
  const auto* items = v.is_obj() ? sequence_of(st, v) : nullptr;
  if (!items) return {};
  std::string out;
  for (const auto& item : *items) {
    std::string t = shapes_text(st, item, depth + 1);
    if (!t.empty()) out += (out.empty() ? "" : ", ") + t;
  }
  return out;
}

void Interpreter::module_enter(State& st, const Value& self, const std::vector<Value>& args) {
  if (!entry_module_called_ && self.is_obj())  // (module mode's Auto: the script calls its own models)
    if (ObjId c = class_of(st, self); c && st.heap.get(c).module && st.heap.get(c).module->path == entry_path_)
      entry_module_called_ = true;
  if (!options_.trace_modules || !self.is_obj()) return;
  const Object& obj = st.heap.get(self.obj);
  // its class as the user knows it: a library model's private helper class (torchvision's
  // _Sequential) by the public class it stands for
  std::string type = type_name(st, self);
  if (ObjId cls = class_of(st, self))
    for (ObjId c : st.heap.get(cls).mro) {
      const Object& k = st.heap.get(c);
      if (k.name.empty() || k.name.front() != '_' || !k.module || !k.module->is_stub) {
        type = k.name;
        break;
      }
    }
  // its place: the attribute of the calling module that holds it ("fc1", Sequential's "0")
  std::string path = type;
  int depth = static_cast<int>(st.module_calls.size());
  if (st.module_calls.empty()) {
    // a submodule the program calls itself, or one a method of its model calls when the
    // program calls that method (model.decode(z)): the place in the model its calls through
    // the model gave it, so that it is one row and its parameters count once
    for (const auto& t : trace_)
      if (t.row.depth > 0 && t.row.type == type && t.built.file == obj.alloc_site.file && t.built.line == obj.alloc_site.line &&
          t.built.col == obj.alloc_site.col) {
        path = t.row.path;
        depth = t.row.depth;
        break;
      }
  } else {
    const auto& [parent, parent_row] = st.module_calls.back();
    std::string name;
    for (const auto& [k, v] : st.heap.get(parent).attrs)
      if (v.is_obj() && v.obj == self.obj && k.front() != '_') {
        name = k;
        break;
      }
    path = trace_[static_cast<std::size_t>(parent_row)].row.path + "." + (name.empty() ? type : name);
  }
  const std::string key = path + "|" + type + "|" + std::to_string(obj.alloc_site.file) + ":" +
                          std::to_string(obj.alloc_site.line) + ":" + std::to_string(obj.alloc_site.col);
  auto [at, fresh] = trace_index_.try_emplace(key, static_cast<int>(trace_.size()));
  if (fresh) {
    TracedModule t;
    t.row.path = path;
    t.row.type = type;
    t.row.depth = depth;
    t.call = site();
    t.built = obj.alloc_site;
    // its key arguments and its own parameters, as it holds them
    std::int64_t params = 0;
    bool known = true;
    for (const char* name : kKeyArguments) {
      auto it = obj.attrs.find(name);
      if (it == obj.attrs.end()) continue;
      const Value& v = it->second;
      const bool shown = v.kind == VKind::Int || v.kind == VKind::Bool || v.kind == VKind::Float ||
                         (v.is_obj() && sequence_of(st, v) && st.heap.get(v.obj).kind == OKind::Tuple);
      if (shown) t.row.args += (t.row.args.empty() ? "" : ", ") + std::string(name) + "=" + show(st, v);
    }
    for (const auto& [k, v] : obj.attrs) {
      if (!v.is_obj() || type_name(st, v) != "Parameter") continue;
      const TensorVal* p = tensor_of(st, v);
      std::int64_t n = 1;
      for (const auto& d : p && p->shape ? *p->shape : std::vector<sym::Expr>{}) {
        auto c = d.as_const();
        if (!c) known = false;
        else n *= *c;
      }
      if (!p || !p->shape) known = false;
      params += n;
    }
    t.row.params = known ? params : -1;
    trace_.push_back(std::move(t));
  }
  if (!st.module_calls.empty()) trace_[static_cast<std::size_t>(st.module_calls.back().second)].calls_modules = true;
  TracedModule& t = trace_[static_cast<std::size_t>(at->second)];
  std::string inputs;
  std::vector<ObjId> tensors;
  for (const auto& a : args) {
    std::string s = shapes_text(st, a, 0);
    if (!s.empty()) inputs += (inputs.empty() ? "" : ", ") + s;
    tensors_in(*this, st, a, tensors);
  }
  add_variant(t.row.inputs, t.input_paths, st, inputs);
  // the dataflow: which modules' outputs reach it
  for (ObjId id : tensors) {
    const auto& made_by = st.heap.get(id).tensor->modules;
    add_rows(t.row.from, made_by.empty() ? std::vector<int>{-1} : made_by);
  }
  st.module_calls.emplace_back(self.obj, at->second);
}

void Interpreter::module_exit(State& st, const Value& self, const Value& result) {
  // (module mode: a class whose forward returned inside another's check was checked there)
  if (st.module_check && self.is_obj())
    if (ObjId c = class_of(st, self)) forwarded_classes_[c].insert(st.module_check);
  if (!options_.trace_modules || !self.is_obj()) return;
  // (a call an exception left, and the program caught, has its entry still here: pass it)
  while (!st.module_calls.empty() && st.module_calls.back().first != self.obj) st.module_calls.pop_back();
  if (st.module_calls.empty()) return;
  const int row = st.module_calls.back().second;
  TracedModule& t = trace_[static_cast<std::size_t>(row)];
  add_variant(t.row.outputs, t.output_paths, st, shapes_text(st, result, 0));
  // what a module that calls no other returns was made by it, for the modules that take it
  // next (a container's result was made by the modules it called)
  if (!t.calls_modules) {
    std::vector<ObjId> tensors;
    tensors_in(*this, st, result, tensors);
    for (ObjId id : tensors) st.heap.mut(id).tensor->modules = {row};
  }
  st.module_calls.pop_back();
}

std::vector<ModuleCall> Interpreter::module_rows() const {
  std::vector<ModuleCall> rows;
  for (const auto& t : trace_) {
    ModuleCall row = t.row;
    label_variants(row.inputs, t.input_paths);
    label_variants(row.outputs, t.output_paths);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace tenscan::interp
