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

// A path's shapes: on a DataLoader's last, smaller minibatch they say so.
void add_variant(std::vector<std::string>& to, const State& st, std::string text) {
  if (text.empty()) return;
  if (st.last_batch >= 0) text += " (last minibatch)";
  if (std::find(to.begin(), to.end(), text) != to.end()) return;
  if (to.size() < kVariants) to.push_back(text);
  else if (to.size() == kVariants) to.push_back("…");
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
  if (!options_.trace_modules || !self.is_obj()) return;
  const Object& obj = st.heap.get(self.obj);
  const std::string type = type_name(st, self);
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
  TracedModule& t = trace_[static_cast<std::size_t>(at->second)];
  std::string inputs;
  for (const auto& a : args) {
    std::string s = shapes_text(st, a, 0);
    if (!s.empty()) inputs += (inputs.empty() ? "" : ", ") + s;
  }
  add_variant(t.row.inputs, st, inputs);
  st.module_calls.emplace_back(self.obj, at->second);
}

void Interpreter::module_exit(State& st, const Value& self, const Value& result) {
  if (!options_.trace_modules || !self.is_obj()) return;
  // (a call an exception left, and the program caught, has its entry still here: pass it)
  while (!st.module_calls.empty() && st.module_calls.back().first != self.obj) st.module_calls.pop_back();
  if (st.module_calls.empty()) return;
  add_variant(trace_[static_cast<std::size_t>(st.module_calls.back().second)].row.outputs, st, shapes_text(st, result, 0));
  st.module_calls.pop_back();
}

}  // namespace tenscan::interp
