// tenscan.json: schema validation (a small interpreter of the JSON-schema subset our schemas
// use, driven by the embedded config/tenscan.schema.json) and the typed configuration.
#include "tenscan/ci/config.h"
#include "tenscan/ci/versions.h"

#include <cmath>
#include <fnmatch.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "tenscan/core/rules.h"

namespace tenscan::ci {
namespace {

using nlohmann::json;

// The type name a JSON value has in JSON-schema terms.
std::string type_of(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "integer";
    case json::value_t::number_float: return "number";
    case json::value_t::string: return "string";
    case json::value_t::array: return "array";
    case json::value_t::object: return "object";
    default: return "unknown";
  }
}

bool has_type(const json& v, const std::string& type) {
  std::string t = type_of(v);
  if (t == type) return true;
  if (type == "number" && t == "integer") return true;
  // 3.0 is an integer in JSON-schema terms (a float too large for an int64 is one too, when it
  // has no fraction: it is never cast, which would be undefined)
  if (type != "integer" || t != "number") return false;
  double d = v.get<double>();
  return std::isfinite(d) && std::trunc(d) == d;
}

std::string shown(const json& v) {
  std::string s = v.dump();
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

std::string child_path(const std::string& parent, const std::string& key) {
  static const std::regex plain("^[A-Za-z_][A-Za-z0-9_]*$");
  if (std::regex_match(key, plain)) return parent.empty() ? key : parent + "." + key;
  return parent + "[" + json(key).dump() + "]";
}

// Levenshtein distance, for "did you mean" on unknown keys.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

void validate(const json& schema, const json& v, const std::string& path, std::vector<std::string>& errors) {
  const std::string where = path.empty() ? "(top level)" : path;
  auto fail = [&](const std::string& msg) { errors.push_back(where + ": " + msg); };
  if (auto t = schema.find("type"); t != schema.end()) {
    std::vector<std::string> types = t->is_array() ? t->get<std::vector<std::string>>() : std::vector<std::string>{t->get<std::string>()};
    if (std::none_of(types.begin(), types.end(), [&](const std::string& ty) { return has_type(v, ty); })) {
      std::string want;
      for (std::size_t i = 0; i < types.size(); ++i) want += (i ? " or " : "") + types[i];
      fail("expected " + want + ", got " + type_of(v) + " " + shown(v));
      return;
    }
  }
  if (auto e = schema.find("enum"); e != schema.end()) {
    if (std::find(e->begin(), e->end(), v) == e->end()) {
      std::string allowed;
      for (std::size_t i = 0; i < e->size(); ++i) allowed += (i ? ", " : "") + (*e)[i].dump();
      fail("must be one of " + allowed + ", got " + shown(v));
      return;
    }
  }
  if (v.is_number()) {
    double x = v.get<double>();
    if (auto m = schema.find("minimum"); m != schema.end() && x < m->get<double>())
      fail("must be at least " + m->dump() + ", got " + shown(v));
    if (auto m = schema.find("exclusiveMinimum"); m != schema.end() && x <= m->get<double>())
      fail("must be greater than " + m->dump() + ", got " + shown(v));
    if (auto m = schema.find("maximum"); m != schema.end() && x > m->get<double>())
      fail("must be at most " + m->dump() + ", got " + shown(v));
  }
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (auto m = schema.find("minLength"); m != schema.end() && s.size() < m->get<std::size_t>())
      fail(s.empty() ? "must not be empty" : "is too short");
    if (auto p = schema.find("pattern"); p != schema.end() && !std::regex_search(s, std::regex(p->get<std::string>())))
      fail("does not match the pattern " + p->get<std::string>() + ": " + shown(v));
  }
  if (v.is_array()) {
    if (auto m = schema.find("minItems"); m != schema.end() && v.size() < m->get<std::size_t>())
      fail("needs at least " + m->dump() + " items, got " + std::to_string(v.size()));
    if (auto m = schema.find("maxItems"); m != schema.end() && v.size() > m->get<std::size_t>())
      fail("takes at most " + m->dump() + " items, got " + std::to_string(v.size()));
    if (auto items = schema.find("items"); items != schema.end())
      for (std::size_t i = 0; i < v.size(); ++i) validate(*items, v[i], path + "[" + std::to_string(i) + "]", errors);
  }
  if (v.is_object()) {
    const json* props = schema.contains("properties") ? &schema["properties"] : nullptr;
    if (auto r = schema.find("required"); r != schema.end())
      for (const auto& key : *r)
        if (!v.contains(key.get<std::string>())) fail("the key \"" + key.get<std::string>() + "\" is required");
    auto extra = schema.find("additionalProperties");
    auto names = schema.find("propertyNames");
    for (const auto& [key, value] : v.items()) {
      std::string sub = child_path(path, key);
      if (names != schema.end()) {
        std::vector<std::string> key_errors;
        validate(*names, json(key), sub, key_errors);
        for (auto& e : key_errors) errors.push_back(sub + ": the key " + e.substr(sub.size() + 2));
      }
      if (props && props->contains(key)) {
        validate((*props)[key], value, sub, errors);
      } else if (extra != schema.end() && extra->is_object()) {
        validate(*extra, value, sub, errors);
      } else if (extra != schema.end() && extra->is_boolean() && !extra->get<bool>()) {
        std::string msg = "unknown key";
        if (props) {
          std::string best;
          std::size_t best_d = 3;
          for (const auto& [known, _] : props->items())
            if (std::size_t d = distance(key, known); d < best_d) best_d = d, best = known;
          if (!best.empty()) msg += " (did you mean \"" + best + "\"?)";
        }
        errors.push_back(sub + ": " + msg);
      }
    }
  }
}

bool safe_relative(const std::string& p) {
  if (p.empty() || p.front() == '/' || p.find('\\') != std::string::npos) return false;
  std::stringstream ss(p);
  std::string seg;
  while (std::getline(ss, seg, '/'))
    if (seg == "..") return false;
  return true;
}

bool glob_segments(const std::vector<std::string>& pat, std::size_t pi, const std::vector<std::string>& segs, std::size_t si) {
  if (pi == pat.size()) return si == segs.size();
  if (pat[pi] == "**") {
    for (std::size_t k = si; k <= segs.size(); ++k)
      if (glob_segments(pat, pi + 1, segs, k)) return true;
    return false;
  }
  if (si == segs.size()) return false;
  return fnmatch(pat[pi].c_str(), segs[si].c_str(), FNM_PERIOD) == 0 && glob_segments(pat, pi + 1, segs, si + 1);
}

std::vector<std::string> split_path(std::string_view p) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= p.size()) {
    std::size_t slash = p.find('/', start);
    if (slash == std::string_view::npos) slash = p.size();
    if (slash > start) out.emplace_back(p.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

}  // namespace

std::vector<std::string> validate_against_schema(std::string_view schema_json, std::string_view value_json) {
  json schema = json::parse(schema_json);
  json value;
  try {
    value = json::parse(value_json);
  } catch (const json::exception& e) {
    // a syntax error, or a number no double holds (9E0000000575429713: out_of_range)
    return {std::string("not valid JSON: ") + e.what()};
  }
  std::vector<std::string> errors;
  validate(schema, value, "", errors);
  return errors;
}

namespace {
DataHint hint_of(const json& h) {
  DataHint d;
  d.file = h["file"].get<std::string>();
  for (const auto& dim : h["shape"]) d.shape.push_back(dim.is_string() ? dim.get<std::string>() : dim.dump());
  d.dtype = h.value("dtype", "");
  d.kind = h.value("as", "");
  if (h.contains("range")) {
    const double lo = h["range"][0].get<double>(), hi = h["range"][1].get<double>();
    if (lo > hi)
      throw ConfigError("data hint for " + d.file + ": range [" + h["range"][0].dump() + ", " + h["range"][1].dump() +
                        "] has its lower bound above its upper bound");
    d.range = std::make_pair(lo, hi);
  }
  return d;
}

ModelDecl model_decl_of(const json& m) {
  ModelDecl d;
  d.model = m["model"].get<std::string>();
  d.file = m.value("file", "");
  d.args = m.value("args", "");
  const json dtypes = m.value("dtypes", json::object()), inputs = m.value("inputs", json::object());
  for (const auto& [name, shape] : inputs.items()) {
    ModelDecl::Input in;
    in.name = name;
    for (const auto& dim : shape) in.shape.push_back(dim.is_string() ? dim.get<std::string>() : dim.dump());
    in.dtype = dtypes.value(name, "");
    d.inputs.push_back(std::move(in));
  }
  for (const auto& [name, dtype] : dtypes.items())
    if (!inputs.contains(name))
      throw ConfigError("model " + d.model + ": dtypes." + name + " without a shape: declare inputs." + name + " too");
  return d;
}
}  // namespace

std::string exact_number_text(double x) {
  char buf[32];
  auto [end, err] = std::to_chars(buf, buf + sizeof buf, x);
  return err == std::errc() ? std::string(buf, end) : std::to_string(x);
}

namespace {
// `s`, a part of option `t`, as a finite number; ConfigError otherwise
double finite_number(const std::string& s, const std::string& t) {
  double x = 0;
  auto [end, err] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (err != std::errc() || end != s.data() + s.size() || !std::isfinite(x))
    throw ConfigError("\"" + s + "\" in \"" + t + "\" is not a finite number");
  return x;
}
}  // namespace

AttributeRange attribute_range(const std::string& name, double lo, double hi) {
  const std::size_t dot = name.find('.');
  if (lo > hi)
    throw ConfigError("range of " + name + ": [" + exact_number_text(lo) + ", " + exact_number_text(hi) +
                      "] has its lower bound above its upper bound");
  return {name.substr(0, dot), name.substr(dot + 1), lo, hi};
}

AttributeRange parse_range_option(std::string_view text) {
  static const std::regex kForm(R"(^([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)=(.+?)\.\.(.+)$)");
  const std::string t(text);
  std::smatch m;
  if (!std::regex_match(t, m, kForm))
    throw ConfigError("expected Class.attribute=LOW..HIGH (e.g. VAE.log_var=-10..10), got \"" + t + "\"");
  auto number = [&](const std::string& s) { return finite_number(s, t); };
  return attribute_range(m[1].str() + "." + m[2].str(), number(m[3].str()), number(m[4].str()));
}

std::string range_option_text(const AttributeRange& r) {
  return r.cls + "." + r.attribute + "=" + exact_number_text(r.lo) + ".." + exact_number_text(r.hi);
}

SpacePart parse_space_part(std::string_view text) {
  static const std::regex kPart(R"(^(-{0,2}[A-Za-z_][A-Za-z0-9_-]*)=([0-9]{1,6})/([0-9]{1,6})$)");
  const std::string t(text);
  std::smatch m;
  if (!std::regex_match(t, m, kPart)) throw ConfigError("expected NAME=K/M (e.g. kernel=2/4), got \"" + t + "\"");
  SpacePart part{m[1].str(), std::stoi(m[2].str()), std::stoi(m[3].str())};
  if (part.index < 1 || part.index > part.count)
    throw ConfigError("the part in \"" + t + "\" must be between 1 and the number of parts");
  return part;
}

SpaceParam parse_space_option(std::string_view text) {
  static const std::regex kName(R"(^(-{0,2}[A-Za-z_][A-Za-z0-9_-]*)(=(.*))?$)");
  static const std::regex kRange(R"(^([^,]+?)\.\.([^,:]+)(:(.+))?$)");
  const std::string t(text);
  std::smatch m;
  if (!std::regex_match(t, m, kName))
    throw ConfigError("expected NAME, NAME=LOW..HIGH[:STEP] or NAME=VALUE,VALUE,... (e.g. batch_size=1..512, "
                      "kernel=3,5,7), got \"" + t + "\"");
  SpaceParam p;
  p.name = m[1].str();
  if (!m[2].matched) return p;
  const std::string spec = m[3].str();
  auto number = [&](const std::string& s) { return finite_number(s, t); };
  if (std::smatch r; std::regex_match(spec, r, kRange)) {
    p.kind = SpaceParam::Kind::Range;
    p.lo = number(r[1].str());
    p.hi = number(r[2].str());
    if (p.lo > p.hi) throw ConfigError("the range of " + p.name + " in \"" + t + "\" has its lower bound above its upper bound");
    if (r[3].matched) {
      const double step = number(r[4].str());
      if (step < 1 || step != std::floor(step) || p.lo != std::floor(p.lo) || p.hi != std::floor(p.hi))
        throw ConfigError("the step in \"" + t + "\" must be a positive integer, in a range of integers");
      p.step = static_cast<std::int64_t>(step);
    }
    return p;
  }
  p.kind = SpaceParam::Kind::Set;
  std::stringstream ss(spec);
  std::string v;
  while (std::getline(ss, v, ',')) {
    if (v.empty()) throw ConfigError("an empty value in \"" + t + "\"");
    p.values.push_back(v);
  }
  if (p.values.empty() || spec.back() == ',') throw ConfigError("an empty value in \"" + t + "\"");
  return p;
}

std::string space_option_text(const SpaceParam& p) {
  switch (p.kind) {
    case SpaceParam::Kind::Choices: return p.name;
    case SpaceParam::Kind::Range:
      return p.name + "=" + exact_number_text(p.lo) + ".." + exact_number_text(p.hi) + (p.step != 1 ? ":" + std::to_string(p.step) : "");
    case SpaceParam::Kind::Set: break;
  }
  std::string out = p.name + "=";
  for (std::size_t i = 0; i < p.values.size(); ++i) out += (i ? "," : "") + p.values[i];
  return out;
}

namespace {
// An entry's "space" item as the command line's text: an array is a set, an object a range,
// a string the command line's own form, true the option's choices.
std::string space_item_text(const std::string& name, const json& v) {
  if (v.is_boolean()) {
    if (!v.get<bool>()) throw ConfigError("space." + name + ": true (the option's choices) or its values, not false");
    return name;
  }
  if (v.is_string()) return name + "=" + v.get<std::string>();
  if (v.is_object()) {
    std::string text = name + "=" + exact_number_text(v["min"].get<double>()) + ".." + exact_number_text(v["max"].get<double>());
    if (v.contains("step")) text += ":" + exact_number_text(v["step"].get<double>());
    return text;
  }
  std::string text = name + "=";
  for (std::size_t i = 0; i < v.size(); ++i) {
    const json& x = v[i];
    std::string token = x.is_string() ? x.get<std::string>() : x.is_boolean() ? (x.get<bool>() ? "True" : "False")
                                                                               : exact_number_text(x.get<double>());
    if (token.empty() || token.find(',') != std::string::npos)
      throw ConfigError("space." + name + "[" + std::to_string(i) + "]: a value must be non-empty and without ','");
    text += (i ? "," : "") + token;
  }
  return text;
}
}  // namespace

namespace {
// One item of the configuration's array `key`, given alone as JSON text (how the CI driver
// passes it to a worker), validated against the schema's item; `what` names it in messages.
json configuration_item(const char* key, const char* what, std::string_view json_text) {
  const json schema = json::parse(config_schema());
  std::vector<std::string> errors = validate_against_schema(schema["properties"][key]["items"].dump(), json_text);
  if (!errors.empty()) {
    std::string msg;
    for (const auto& e : errors) msg += std::string(what) + " " + e + "\n";
    msg.pop_back();
    throw ConfigError(msg);
  }
  return json::parse(json_text);
}

// A shape's dims as JSON: a size as a number, a name as a string.
json shape_json(const std::vector<std::string>& dims) {
  json shape = json::array();
  for (const auto& d : dims) {
    const bool number = !d.empty() && std::all_of(d.begin(), d.end(), [](unsigned char ch) { return std::isdigit(ch); });
    shape.push_back(number ? json::parse(d) : json(d));
  }
  return shape;
}
}  // namespace

DataHint parse_data_hint(std::string_view json_text) { return hint_of(configuration_item("data", "data hint", json_text)); }

std::string data_hint_json(const DataHint& hint) {
  json h;
  h["file"] = hint.file;
  h["shape"] = shape_json(hint.shape);
  if (!hint.dtype.empty()) h["dtype"] = hint.dtype;
  if (!hint.kind.empty()) h["as"] = hint.kind;
  if (hint.range) h["range"] = {hint.range->first, hint.range->second};
  return h.dump();
}

ModelDecl parse_model_decl(std::string_view json_text) {
  return model_decl_of(configuration_item("models", "model declaration", json_text));
}

std::string model_decl_json(const ModelDecl& decl) {
  json m;
  m["model"] = decl.model;
  if (!decl.file.empty()) m["file"] = decl.file;
  if (!decl.args.empty()) m["args"] = decl.args;
  json inputs = json::object(), dtypes = json::object();
  for (const auto& in : decl.inputs) {
    inputs[in.name] = shape_json(in.shape);
    if (!in.dtype.empty()) dtypes[in.name] = in.dtype;
  }
  if (!inputs.empty()) m["inputs"] = inputs;
  if (!dtypes.empty()) m["dtypes"] = dtypes;
  return m.dump();
}

Config parse_config(std::string_view text, const std::string& name) {
  std::vector<std::string> errors = validate_against_schema(config_schema(), text);
  json j;
  if (errors.empty()) {
    j = json::parse(text);
    const json rules = j.value("rules", json::object());
    for (const auto& [rule, _] : rules.items())
      if (!rule_by_id(rule)) errors.push_back(child_path("rules", rule) + ": unknown rule id (`tenscan rules` lists them)");
    auto check_paths = [&](const char* key, const char* field) {
      const json& arr = j.value(key, json::array());
      for (std::size_t i = 0; i < arr.size(); ++i) {
        const json& v = field ? arr[i][field] : arr[i];
        if (!safe_relative(v.get<std::string>()))
          errors.push_back(std::string(key) + "[" + std::to_string(i) + "]" + (field ? std::string(".") + field : "") +
                           ": must be a repository-relative path without \"..\", got " + shown(v));
      }
    };
    check_paths("entries", "path");
    const json entries = j.value("entries", json::array());
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (entries[i].contains("space_file") && !safe_relative(entries[i]["space_file"].get<std::string>()))
        errors.push_back("entries[" + std::to_string(i) + "].space_file: must be a repository-relative path without \"..\", got " +
                         shown(entries[i]["space_file"]));
    check_paths("exclude", nullptr);
    check_paths("stub_dirs", nullptr);
  }
  if (!errors.empty()) {
    std::string msg;
    for (const auto& e : errors) msg += name + ": " + e + "\n";
    msg.pop_back();
    throw ConfigError(msg);
  }
  Config c;
  c.source = name;
  for (const auto& e : j.value("entries", json::array())) {
    EntrySpec spec;
    spec.pattern = e["path"].get<std::string>();
    spec.args = e.value("args", std::vector<std::string>{});
    if (e.contains("timeout")) spec.timeout = e["timeout"].get<double>();
    if (e.contains("symbolic_args")) spec.symbolic_args = e["symbolic_args"].get<bool>();
    spec.space_file = e.value("space_file", "");
    if (auto parts = e.find("space_parts"); parts != e.end()) {
      spec.space_parts = parts->is_object() ? parts->at("parts").get<int>() : parts->get<int>();
      if (parts->is_object()) spec.space_split = parts->at("by").get<std::string>();
    }
    const json space = e.value("space", json::object());
    for (const auto& [param, domain] : space.items()) {
      try {
        std::string option = space_item_text(param, domain);
        try {
          parse_space_option(option);
        } catch (const ConfigError& err) {
          throw ConfigError("space." + param + ": " + err.what());
        }
        spec.space.push_back(std::move(option));
      } catch (const ConfigError& err) {
        throw ConfigError(name + ": entries[" + std::to_string(c.entries.size()) + "]." + err.what());
      }
    }
    c.entries.push_back(std::move(spec));
  }
  c.auto_detect = j.value("auto_detect", c.auto_detect);
  c.exclude = j.value("exclude", c.exclude);
  c.jobs = j.value("jobs", c.jobs);
  c.timeout = j.value("timeout", c.timeout);
  c.max_memory_mb = j.value("max_memory_mb", c.max_memory_mb);
  c.max_paths = j.value("max_paths", c.max_paths);
  c.symbolic_args = j.value("symbolic_args", c.symbolic_args);
  c.fail_on = j.value("fail_on", c.fail_on);
  c.fail_on_incomplete = j.value("fail_on_incomplete", c.fail_on_incomplete);
  c.new_only = j.value("new_only", c.new_only);
  c.rules = j.value("rules", c.rules);
  c.stub_dirs = j.value("stub_dirs", c.stub_dirs);
  const json versions = j.value("versions", json::object());
  for (const auto& [lib, v] : versions.items()) c.versions[library_key(lib)] = v.get<std::string>();
  for (const auto& h : j.value("data", json::array())) c.data.push_back(hint_of(h));
  for (const auto& m : j.value("models", json::array())) {
    try {
      c.models.push_back(model_decl_of(m));
    } catch (const ConfigError& err) {
      throw ConfigError(name + ": models[" + std::to_string(c.models.size()) + "]: " + err.what());
    }
  }
  const json ranges = j.value("ranges", json::object());
  for (const auto& [attr, bounds] : ranges.items())
    c.ranges.push_back(attribute_range(attr, bounds[0].get<double>(), bounds[1].get<double>()));
  c.category = j.value("category", c.category);
  return c;
}

Config load_config(const std::filesystem::path& repo_root, const std::optional<std::filesystem::path>& explicit_path) {
  namespace fs = std::filesystem;
  fs::path file = explicit_path ? *explicit_path : repo_root / std::string(kConfigFileName);
  std::error_code ec;
  if (!explicit_path && fs::is_symlink(fs::symlink_status(file, ec))) {
    // the repository's own tenscan.json may be a link, but only to a file of the repository:
    // a pull request must not make tenscan read (and quote in its errors) a file of the machine
    fs::path root = fs::weakly_canonical(repo_root, ec);
    fs::path target = fs::weakly_canonical(file, ec);
    fs::path rel = target.lexically_relative(root);
    if (ec || rel.empty() || *rel.begin() == "..")
      throw ConfigError(std::string(kConfigFileName) +
                        " is a symbolic link to a file outside the repository; tenscan does not read it");
  }
  if (!fs::exists(file, ec)) {
    if (explicit_path) throw ConfigError(file.string() + ": no such configuration file");
    if (fs::is_symlink(fs::symlink_status(file, ec)))
      throw ConfigError(std::string(kConfigFileName) + " is a symbolic link to nothing");
    return Config{};
  }
  if (!std::filesystem::is_regular_file(file, ec)) throw ConfigError(file.string() + ": not a regular file");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw ConfigError(file.string() + ": cannot be read");
  std::string name = explicit_path ? file.string() : std::string(kConfigFileName);
  return parse_config(text.str(), name);
}

bool glob_match(std::string_view pattern, std::string_view path) {
  std::string pat(pattern);
  if (!pat.empty() && pat.back() == '/') pat += "**";
  return glob_segments(split_path(pat), 0, split_path(path), 0);
}

void check_stub_dirs(const Config& config, const SourceProvider& sources) {
  std::string missing;
  for (std::size_t i = 0; i < config.stub_dirs.size(); ++i)
    if (!sources.is_dir(std::filesystem::path(config.stub_dirs[i]).lexically_normal().generic_string()))
      missing += std::string(missing.empty() ? "" : "\n") + std::string(kConfigFileName) + ": stub_dirs[" +
                 std::to_string(i) + "]: no such directory in the repository: \"" + config.stub_dirs[i] + "\"";
  if (!missing.empty()) throw ConfigError(missing);
}

}  // namespace tenscan::ci
