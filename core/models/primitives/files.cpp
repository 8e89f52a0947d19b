// Files the analysed program reads from its own repository: configuration files whose values
// decide shapes (json.load(open("config.json"))). A file is read only through the analysis's
// SourceProvider, so only inside the project (never through a link out of it); a path tenscan
// cannot resolve there, or a file it cannot read or parse, is an unknown, never an error.
#include <filesystem>

#include "models/prim.h"

namespace tenscan::models {
namespace {

using interp::Interpreter;
using interp::OKind;
using interp::State;

// The project-relative file a path the program opens names: relative to the entry script's
// directory (where the script is usually run from), then to the project's root. Absolute paths
// and paths that leave the project are not resolved.
std::optional<std::string> project_file(const Interpreter& in, const State& st, const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p(path);
  if (path.empty() || p.is_absolute()) return std::nullopt;
  std::vector<fs::path> bases;
  if (auto m = st.modules.find("__main__"); m != st.modules.end()) {
    const auto& attrs = st.heap.get(m->second).attrs;
    if (auto f = attrs.find("__file__"); f != attrs.end() && f->second.const_str())
      bases.push_back(fs::path(*f->second.const_str()).parent_path());
  }
  bases.emplace_back();
  for (const auto& base : bases) {
    fs::path rel = (base / p).lexically_normal();
    if (rel.empty() || *rel.begin() == "..") continue;
    std::string r = rel.generic_string();
    if (in.sources().is_file(r)) return r;
  }
  return std::nullopt;
}

// _tenscan.read_text(path): the text of a file of the project, or an unknown string
Outs read_text(Interpreter& in, State&& st, Args& a) {
  const std::string* path = a.pos.empty() ? nullptr : a.pos[0].const_str();
  if (!path) return interp::one(std::move(st), Value::unknown_str());
  auto rel = project_file(in, st, *path);
  if (!rel) return interp::one(std::move(st), Value::unknown_str());
  std::string err;
  auto text = in.sources().read(*rel, err);
  if (!text || text->size() > in.options().max_file_bytes) return interp::one(std::move(st), Value::unknown_str());
  return interp::one(std::move(st), Value::str(std::move(*text)));
}

Value to_value(Interpreter& in, State& st, const DataValue& d) {
  switch (d.kind) {
    case DataValue::Kind::Unknown: return Value::unknown(d.s);
    case DataValue::Kind::Null: return Value::none();
    case DataValue::Kind::Bool: return Value::boolean(d.b);
    case DataValue::Kind::Int: return Value::integer(d.i);
    case DataValue::Kind::Float: return Value::floating(d.f);
    case DataValue::Kind::String: return Value::str(d.s);
    case DataValue::Kind::List: {
      std::vector<Value> items;
      for (const auto& x : d.items) items.push_back(to_value(in, st, x));
      return in.new_list(st, std::move(items));
    }
    case DataValue::Kind::Map: {
      std::vector<interp::DictEntry> entries;
      for (std::size_t k = 0; k < d.keys.size() && k < d.items.size(); ++k)
        entries.push_back({to_value(in, st, d.keys[k]), to_value(in, st, d.items[k])});
      return in.new_dict(st, std::move(entries));
    }
  }
  return Value::none();
}

// _tenscan.parse_data(text, format): (True, value) for a text tenscan knows and can parse;
// (False, message) for one that is not valid in the format; an unknown when the text is
// unknown or no parser is configured
Outs parse_data(Interpreter& in, State&& st, Args& a) {
  const std::string* text = a.pos.size() > 0 ? a.pos[0].const_str() : nullptr;
  const std::string* format = a.pos.size() > 1 ? a.pos[1].const_str() : nullptr;
  if (!text || !format || !in.options().parse_data) return interp::one(std::move(st), Value::unknown("a parsed file"));
  std::string error;
  auto parsed = in.options().parse_data(*text, *format, error);
  Value result = parsed ? in.new_tuple(st, {Value::boolean(true), to_value(in, st, *parsed)})
                        : in.new_tuple(st, {Value::boolean(false), Value::str(error)});
  return interp::one(std::move(st), result);
}

const PrimRow kRows[] = {
    {"read_text", read_text},
    {"parse_data", parse_data},
};

}  // namespace

std::span<const PrimRow> file_primitives() { return kRows; }

}  // namespace tenscan::models
