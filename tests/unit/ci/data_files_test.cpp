// The parsers of the configuration files an analysed script reads: each file's values as the
// Python library that reads the format gives them (the expected texts are Python's repr() of
// what json.loads, PyYAML 6.0's yaml.safe_load and tomllib.loads return for the same text).
#include "tenscan/ci/data_files.h"

#include <catch2/catch.hpp>
#include <charconv>
#include <cmath>
#include <string>

using tenscan::DataValue;

namespace {

std::string repr(const DataValue& v) {
  switch (v.kind) {
    case DataValue::Kind::Unknown: return "unknown: " + v.s;
    case DataValue::Kind::Null: return "None";
    case DataValue::Kind::Bool: return v.b ? "True" : "False";
    case DataValue::Kind::Int: return std::to_string(v.i);
    case DataValue::Kind::Float: {
      if (std::isinf(v.f)) return v.f > 0 ? "inf" : "-inf";
      if (std::isnan(v.f)) return "nan";
      char buf[64];
      auto end = std::to_chars(buf, buf + sizeof buf, v.f).ptr;
      std::string s(buf, end);
      return s.find_first_of(".e") == std::string::npos ? s + ".0" : s;
    }
    case DataValue::Kind::String: return "'" + v.s + "'";
    case DataValue::Kind::List: {
      std::string s = "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) s += (i ? ", " : "") + repr(v.items[i]);
      return s + "]";
    }
    case DataValue::Kind::Map: {
      std::string s = "{";
      for (std::size_t i = 0; i < v.items.size(); ++i) s += (i ? ", " : "") + repr(v.keys[i]) + ": " + repr(v.items[i]);
      return s + "}";
    }
  }
  return "?";
}

std::string parsed(const std::string& text, const std::string& format) {
  std::string error;
  auto v = tenscan::ci::data_parser()(text, format, error);
  return v ? repr(*v) : "error: " + error;
}

}  // namespace

TEST_CASE("YAML is typed as PyYAML's safe_load types it", "[data]") {
  const std::string text = R"(defaults: &d
  lr: 1e-3
  lr2: 1.0e-3
  lr3: 1.0e3
  momentum: .9
  on: yes
  off_: Off
  n: ~
  e:
  octal: 010
  hex: 0x1F
  bin: 0b101
  sexa: 1:30
  sexf: 1:30.5
  under: 1_000
  inf: -.inf
  quoted: "12"
  tagged: !!str 12
  ti: !!int "7"
  tf: !!float 3
model:
  <<: *d
  lr: 0.1
  layers: [64, 128, {k: 3}]
  1: one
  2.5: x
  true: t
multi: [*d]
)";
  const std::string d =
      "{'lr': '1e-3', 'lr2': 0.001, 'lr3': '1.0e3', 'momentum': 0.9, True: True, 'off_': False, 'n': None, "
      "'e': None, 'octal': 8, 'hex': 31, 'bin': 5, 'sexa': 90, 'sexf': 90.5, 'under': 1000, 'inf': -inf, "
      "'quoted': '12', 'tagged': '12', 'ti': 7, 'tf': 3.0}";
  CHECK(parsed(text, "yaml") ==
        "{'defaults': " + d +
            ", 'model': {'lr': 0.1, 'lr2': 0.001, 'lr3': '1.0e3', 'momentum': 0.9, True: 't', 'off_': False, "
            "'n': None, 'e': None, 'octal': 8, 'hex': 31, 'bin': 5, 'sexa': 90, 'sexf': 90.5, 'under': 1000, "
            "'inf': -inf, 'quoted': '12', 'tagged': '12', 'ti': 7, 'tf': 3.0, 'layers': [64, 128, {'k': 3}], "
            "2.5: 'x'}, 'multi': [" + d + "]}");
}

TEST_CASE("YAML merge keys: the first mapping of a list wins, the mapping's own keys over all", "[data]") {
  CHECK(parsed("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n", "yaml") ==
        "{'a': {'x': 1, 'y': 1}, 'b': {'y': 2, 'z': 2}, 'c': {'y': 1, 'z': 3, 'x': 1}}");
}

TEST_CASE("YAML that safe_load refuses, or that would exhaust tenscan, is an error with the reason", "[data]") {
  CHECK(parsed("", "yaml") == "None");
  CHECK(parsed("- 1\n---\n- 2\n", "yaml") == "error: expected a single document in the stream, but found another document");
  CHECK(parsed("x: !!python/object:os.system ls\n", "yaml").starts_with("error: the tag tag:yaml.org,2002:python/object"));
  CHECK(parsed("x: !custom 1\n", "yaml") == "error: the tag !custom is not one yaml.safe_load constructs");
  CHECK(parsed("a: [1, 2\n", "yaml").starts_with("error: yaml-cpp: error at line"));
  CHECK(parsed("? [1, 2]\n: x\n", "yaml") == "error: a mapping's key is a list (unhashable in Python)");
  // a billion laughs: nine levels of ten aliases each
  std::string laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i < 9; ++i) {
    laughs += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) laughs += (k ? ", *a" : "*a") + std::to_string(i - 1);
    laughs += "]\n";
  }
  // beyond tenscan's limits the file is unknown, not an error PyYAML would raise
  CHECK(parsed(laughs, "yaml") == "unknown: a YAML file tenscan did not read: it makes more than 1000000 values (aliases expand it)");
  CHECK(parsed(std::string(300, '[') + std::string(300, ']'), "yaml") ==
        "unknown: a YAML file tenscan did not read: nested more than 256 levels deep");
  CHECK(parsed("x: !!binary aGVsbG8=\n", "yaml") == "{'x': unknown: a !!binary value of a YAML file}");
}

TEST_CASE("TOML is read as tomllib reads it, a table's keys sorted", "[data]") {
  CHECK(parsed("title = \"run\"\n[model]\nlayers = [64, 128]\nlr = 1e-3\ndropout = 0.5\nuse_bn = true\n"
               "[[stage]]\nepochs = 3\n[[stage]]\nepochs = 5\n",
               "toml") ==
        "{'model': {'dropout': 0.5, 'layers': [64, 128], 'lr': 0.001, 'use_bn': True}, 'stage': [{'epochs': 3}, "
        "{'epochs': 5}], 'title': 'run'}");
  CHECK(parsed("when = 1979-05-27T07:32:00Z\n", "toml") == "{'when': '1979-05-27T07:32:00Z'}");
  CHECK(parsed("x = \n", "toml").starts_with("error: "));
  CHECK(parsed("a = 1\na = 2\n", "toml").starts_with("error: "));
}

TEST_CASE("a format tenscan does not read is named", "[data]") {
  CHECK(parsed("x", "xml") == "error: tenscan does not read xml files");
  CHECK(parsed(std::string(300, '[') + std::string(300, ']'), "json") ==
        "unknown: a JSON file tenscan did not read: nested more than 256 levels deep");
  CHECK(parsed("{\"a\": [1, 2.5, null, true]}", "json") == "{'a': [1, 2.5, None, True]}");
}
