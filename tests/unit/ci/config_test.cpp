// tenscan.json: the schema-driven validator, the typed configuration and path globs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tenscan/ci/config.h"

using namespace tenscan::ci;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "tenscan.json");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("an empty configuration gives the defaults", "[config]") {
  Config c = parse_config("{}", "tenscan.json");
  CHECK(c.entries.empty());
  CHECK(c.auto_detect);
  CHECK(c.jobs == 0);
  CHECK(c.timeout == 300);
  CHECK(c.max_memory_mb == 4096);
  CHECK(c.max_paths == 256);
  CHECK_FALSE(c.symbolic_args);
  CHECK(c.fail_on == "error");
  CHECK_FALSE(c.new_only);
  CHECK(c.category == "tenscan/");
  CHECK(c.source == "tenscan.json");
}

TEST_CASE("every key is read", "[config]") {
  Config c = parse_config(R"({
    "$schema": "https://github.com/tenscan/tenscan/blob/main/config/tenscan.schema.json",
    "entries": [{"path": "train.py", "args": ["--epochs", "1"], "timeout": 60, "symbolic_args": false},
                {"path": "tools/*.py"}],
    "auto_detect": false,
    "exclude": ["third_party/", "**/test_*.py"],
    "jobs": 3, "timeout": 90.5, "max_memory_mb": 0, "max_paths": 64, "symbolic_args": true,
    "fail_on": "warning", "new_only": true,
    "rules": {"shape/broadcast": "off", "hparam/invalid-value": "warning"},
    "stub_dirs": ["stubs"], "category": "tenscan/models/"
  })",
                          "tenscan.json");
  REQUIRE(c.entries.size() == 2);
  CHECK(c.entries[0].pattern == "train.py");
  CHECK(c.entries[0].args == std::vector<std::string>{"--epochs", "1"});
  CHECK(c.entries[0].timeout == 60);
  CHECK(c.entries[1].args.empty());
  CHECK_FALSE(c.entries[1].timeout);
  CHECK(c.entries[0].symbolic_args == false);
  CHECK_FALSE(c.entries[1].symbolic_args.has_value());
  CHECK_FALSE(c.auto_detect);
  CHECK(c.exclude == std::vector<std::string>{"third_party/", "**/test_*.py"});
  CHECK(c.jobs == 3);
  CHECK(c.timeout == 90.5);
  CHECK(c.max_memory_mb == 0);
  CHECK(c.max_paths == 64);
  CHECK(c.symbolic_args);
  CHECK(c.fail_on == "warning");
  CHECK(c.new_only);
  CHECK(c.rules.at("shape/broadcast") == "off");
  CHECK(c.rules.at("hparam/invalid-value") == "warning");
  CHECK(c.stub_dirs == std::vector<std::string>{"stubs"});
  CHECK(c.category == "tenscan/models/");
}

TEST_CASE("configuration errors name the key's path", "[config]") {
  CHECK(error_of(R"({"timout": 5})") == "tenscan.json: timout: unknown key (did you mean \"timeout\"?)");
  CHECK(error_of(R"({"colour": 5})") == "tenscan.json: colour: unknown key");
  CHECK(error_of(R"({"entries": [{"path": "a.py", "args": ["x", 3]}]})") ==
        "tenscan.json: entries[0].args[1]: expected string, got integer 3");
  CHECK(error_of(R"({"entries": [{"args": []}]})") == "tenscan.json: entries[0]: the key \"path\" is required");
  CHECK(error_of(R"({"entries": [{"path": "a.py", "timeout": -5}]})") ==
        "tenscan.json: entries[0].timeout: must be greater than 0, got -5");
  CHECK(error_of(R"({"jobs": 1.5})") == "tenscan.json: jobs: expected integer, got number 1.5");
  CHECK(error_of(R"({"jobs": "4"})") == "tenscan.json: jobs: expected integer, got string \"4\"");
  CHECK(error_of(R"({"fail_on": "fatal"})") ==
        "tenscan.json: fail_on: must be one of \"error\", \"warning\", \"note\", \"none\", got \"fatal\"");
  CHECK(error_of(R"({"rules": {"shape/broadcast": "loud"}})") ==
        "tenscan.json: rules[\"shape/broadcast\"]: must be one of \"off\", \"note\", \"warning\", \"error\", got \"loud\"");
  CHECK(error_of(R"({"rules": {"shape/nope": "off"}})") ==
        "tenscan.json: rules[\"shape/nope\"]: unknown rule id (`tenscan rules` lists them)");
  CHECK(error_of(R"({"category": "tenscan"})") ==
        "tenscan.json: category: does not match the pattern ^[A-Za-z0-9._/-]*/$: \"tenscan\"");
  CHECK(error_of(R"({"stub_dirs": ["../outside"]})") ==
        "tenscan.json: stub_dirs[0]: must be a repository-relative path without \"..\", got \"../outside\"");
  CHECK(error_of(R"({"entries": [{"path": "/etc/passwd"}]})") ==
        "tenscan.json: entries[0].path: must be a repository-relative path without \"..\", got \"/etc/passwd\"");
  CHECK(error_of("[]") == "tenscan.json: (top level): expected object, got array []");
  CHECK(error_of("{").rfind("tenscan.json: not valid JSON: ", 0) == 0);
  // a number no double holds is bad JSON too, not an uncaught exception (found by fuzz_config)
  CHECK(error_of("{\"jobs\": 9E0000000575429713}").rfind("tenscan.json: not valid JSON: ", 0) == 0);
  // several problems: all of them, one per line
  CHECK(error_of(R"({"jobs": -1, "auto_detect": "yes"})") ==
        "tenscan.json: auto_detect: expected boolean, got string \"yes\"\ntenscan.json: jobs: must be at least 0, got -1");
}

TEST_CASE("symbolic_args: a boolean, globally and per entry", "[config]") {
  Config c = parse_config(R"({"symbolic_args": true, "entries": [{"path": "train.py", "symbolic_args": false}]})",
                          "tenscan.json");
  CHECK(c.symbolic_args);
  REQUIRE(c.entries.size() == 1);
  CHECK(c.entries[0].symbolic_args == false);
  CHECK_FALSE(parse_config(R"({"symbolic_args": false})", "tenscan.json").symbolic_args);
  CHECK(error_of(R"({"symbolic_args": "yes"})") == "tenscan.json: symbolic_args: expected boolean, got string \"yes\"");
  CHECK(error_of(R"({"symbolic_args": 1})") == "tenscan.json: symbolic_args: expected boolean, got integer 1");
  CHECK(error_of(R"({"entries": [{"path": "a.py", "symbolic_args": null}]})") ==
        "tenscan.json: entries[0].symbolic_args: expected boolean, got null null");
  CHECK(error_of(R"({"symbolic_arg": true})") == "tenscan.json: symbolic_arg: unknown key (did you mean \"symbolic_args\"?)");
}

TEST_CASE("load_config finds tenscan.json at the root, or uses the defaults", "[config]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("tenscan-config-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  CHECK(load_config(dir, std::nullopt).source.empty());
  std::ofstream(dir / "tenscan.json") << R"({"jobs": 2})";
  Config c = load_config(dir, std::nullopt);
  CHECK(c.jobs == 2);
  CHECK(c.source == "tenscan.json");
  CHECK_THROWS_WITH(load_config(dir, dir / "missing.json"), Catch::Contains("no such configuration file"));
  fs::remove_all(dir);
}

TEST_CASE("the embedded schema is the one in config/", "[config]") {
  std::ifstream in(std::string(TENSCAN_SOURCE_DIR) + "/config/tenscan.schema.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(config_schema() == text);
}

TEST_CASE("globs", "[config]") {
  CHECK(glob_match("train.py", "train.py"));
  CHECK_FALSE(glob_match("train.py", "src/train.py"));
  CHECK(glob_match("*.py", "train.py"));
  CHECK_FALSE(glob_match("*.py", "src/train.py"));
  CHECK(glob_match("**/*.py", "train.py"));
  CHECK(glob_match("**/*.py", "a/b/c/train.py"));
  CHECK(glob_match("src/**/train_?.py", "src/x/y/train_a.py"));
  CHECK(glob_match("third_party/", "third_party/lib/x.py"));
  CHECK_FALSE(glob_match("third_party/", "third_party_x/y.py"));
  CHECK(glob_match("examples/[ab]*/main.py", "examples/beta/main.py"));
  CHECK_FALSE(glob_match("examples/[ab]*/main.py", "examples/gamma/main.py"));
  CHECK_FALSE(glob_match("*", ".hidden.py"));  // a leading dot must be matched explicitly
  CHECK(glob_match("**", "a/b"));
}

// The message of the ConfigError `call` throws ("" when it does not).
template <class F>
std::string error_of_call(F call) {
  try {
    call();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return {};
}

TEST_CASE("space: an entry's hyperparameter space, as the command line's options", "[config]") {
  Config c = parse_config(R"({"entries": [{"path": "train.py", "space": {
      "batch_size": {"min": 1, "max": 512, "step": 8}, "kernel": [3, 5, 7], "arch": ["resnet18", "vgg11"],
      "--dropout": "0.0..0.9", "amp": [true, false], "optimizer": true}}]})",
                          "tenscan.json");
  REQUIRE(c.entries.size() == 1);
  CHECK(c.entries[0].space == std::vector<std::string>{"--dropout=0.0..0.9", "amp=True,False", "arch=resnet18,vgg11",
                                                       "batch_size=1..512:8", "kernel=3,5,7", "optimizer"});
  // the command line's forms
  auto p = parse_space_option("batch_size=1..512:8");
  CHECK(p.name == "batch_size");
  CHECK(p.kind == tenscan::SpaceParam::Kind::Range);
  CHECK(p.lo == 1.0);
  CHECK(p.hi == 512.0);
  CHECK(p.step == 8);
  p = parse_space_option("--dropout=0.0..0.9");
  CHECK(p.kind == tenscan::SpaceParam::Kind::Range);
  CHECK(p.hi == 0.9);
  p = parse_space_option("lr=-1e-3..1e-1");
  CHECK(p.lo == -1e-3);
  p = parse_space_option("kernel=3,5,7");
  CHECK(p.kind == tenscan::SpaceParam::Kind::Set);
  CHECK(p.values == std::vector<std::string>{"3", "5", "7"});
  p = parse_space_option("arch");
  CHECK(p.kind == tenscan::SpaceParam::Kind::Choices);
  for (const char* text : {"batch_size=1..512:8", "kernel=3,5,7", "arch", "dropout=0..0.5", "x=a"})
    CHECK(space_option_text(parse_space_option(text)) == text);
  auto option_error = [](const char* text) { return error_of_call([&] { parse_space_option(text); }); };
  CHECK(option_error("=3").find("expected NAME, NAME=LOW..HIGH[:STEP] or NAME=VALUE,VALUE,...") == 0);
  CHECK(option_error("k=9..3") == "the range of k in \"k=9..3\" has its lower bound above its upper bound");
  CHECK(option_error("k=1..9:0") == "the step in \"k=1..9:0\" must be a positive integer, in a range of integers");
  CHECK(option_error("k=0.5..9:2") == "the step in \"k=0.5..9:2\" must be a positive integer, in a range of integers");
  CHECK(option_error("k=a..9") == "\"a\" in \"k=a..9\" is not a finite number");
  CHECK(option_error("k=3,,5") == "an empty value in \"k=3,,5\"");
  CHECK(option_error("k=3,") == "an empty value in \"k=3,\"");
  // the configuration's forms, checked as the command line's
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"k": {"min": 9, "max": 3}}}]})") ==
        "tenscan.json: entries[0].space.k: the range of k in \"k=9..3\" has its lower bound above its upper bound");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"k": false}}]})") ==
        "tenscan.json: entries[0].space.k: true (the option's choices) or its values, not false");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"k": ["a,b"]}}]})") ==
        "tenscan.json: entries[0].space.k[0]: a value must be non-empty and without ','");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"k": {"min": 1}}}]})") ==
        "tenscan.json: entries[0].space.k: the key \"max\" is required");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"k": []}}]})") ==
        "tenscan.json: entries[0].space.k: needs at least 1 items, got 0");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space": {"1k": [1]}}]})").find("the key does not match the pattern") !=
        std::string::npos);
}

TEST_CASE("space: space_parts, and --space-part's form", "[config]") {
  Config c = parse_config(R"({"entries": [{"path": "a.py", "space": {"k": [3, 5]}, "space_parts": 4},
                                          {"path": "b.py", "space": {"k": [3, 5]}, "space_parts": {"by": "k", "parts": 2}},
                                          {"path": "c.py"}]})",
                          "tenscan.json");
  REQUIRE(c.entries.size() == 3);
  CHECK(c.entries[0].space_parts == 4);
  CHECK(c.entries[0].space_split.empty());
  CHECK(c.entries[1].space_parts == 2);
  CHECK(c.entries[1].space_split == "k");
  CHECK(c.entries[2].space_parts == 1);
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space_parts": 0}]})") ==
        "tenscan.json: entries[0].space_parts: must be at least 1, got 0");
  CHECK(error_of(R"({"entries": [{"path": "t.py", "space_parts": {"parts": 2}}]})") ==
        "tenscan.json: entries[0].space_parts: the key \"by\" is required");
  auto part = parse_space_part("--kernel=2/4");
  CHECK(part.name == "--kernel");
  CHECK(part.index == 2);
  CHECK(part.count == 4);
  auto part_error = [](const char* text) { return error_of_call([&] { parse_space_part(text); }); };
  CHECK(part_error("kernel=5/4") == "the part in \"kernel=5/4\" must be between 1 and the number of parts");
  CHECK(part_error("kernel=0/4") == "the part in \"kernel=0/4\" must be between 1 and the number of parts");
  CHECK(part_error("kernel") == "expected NAME=K/M (e.g. kernel=2/4), got \"kernel\"");
}

TEST_CASE("ranges: what trained tensor attributes hold, validated, and round-tripped for the workers", "[config]") {
  Config c = parse_config(R"({"ranges": {"ActNorm.scale": [-3, 3], "VAE.log_var": [-10.5, 1e-3]}})", "tenscan.json");
  REQUIRE(c.ranges.size() == 2);
  CHECK(c.ranges[0].cls == "ActNorm");
  CHECK(c.ranges[0].attribute == "scale");
  CHECK(c.ranges[0].lo == -3.0);
  CHECK(c.ranges[0].hi == 3.0);
  CHECK(c.ranges[1].cls == "VAE");
  CHECK(c.ranges[1].attribute == "log_var");
  // what the CI driver passes to a worker (`check --range`) parses back to the same range
  for (const auto& r : c.ranges) {
    tenscan::AttributeRange back = parse_range_option(range_option_text(r));
    CHECK(back.cls == r.cls);
    CHECK(back.attribute == r.attribute);
    CHECK(back.lo == r.lo);
    CHECK(back.hi == r.hi);
  }
  CHECK(range_option_text(c.ranges[1]) == "VAE.log_var=-10.5..0.001");
  CHECK(error_of(R"({"ranges": {"scale": [0, 1]}})") ==
        "tenscan.json: ranges.scale: the key does not match the pattern "
        "^[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*$: \"scale\"");
  CHECK(error_of(R"({"ranges": {"A.b": [1]}})") == "tenscan.json: ranges[\"A.b\"]: needs at least 2 items, got 1");
  CHECK(error_of(R"({"ranges": {"A.b": [1, "x"]}})") == "tenscan.json: ranges[\"A.b\"][1]: expected number, got string \"x\"");
  CHECK(error_of(R"({"ranges": {"A.b": [2, 1]}})") == "range of A.b: [2, 1] has its lower bound above its upper bound");
  CHECK(error_of(R"({"ranges": [["A.b", 0, 1]]})").find("ranges: expected object") != std::string::npos);
  // the command line's form
  CHECK(parse_range_option("Net.w=-1e-3..2").lo == -1e-3);
  CHECK(parse_range_option("Net.w=-1e-3..2").hi == 2.0);
  auto option_error = [](const char* text) { return error_of_call([&] { parse_range_option(text); }); };
  CHECK(option_error("Net=0..1") == "expected Class.attribute=LOW..HIGH (e.g. VAE.log_var=-10..10), got \"Net=0..1\"");
  CHECK(option_error("Net.w=0") == "expected Class.attribute=LOW..HIGH (e.g. VAE.log_var=-10..10), got \"Net.w=0\"");
  CHECK(option_error("Net.w=a..1") == "\"a\" in \"Net.w=a..1\" is not a finite number");
  CHECK(option_error("Net.w=0..inf") == "\"inf\" in \"Net.w=0..inf\" is not a finite number");
  CHECK(option_error("Net.w=1..0") == "range of Net.w: [1, 0] has its lower bound above its upper bound");
}

TEST_CASE("data: hints of what data files hold, validated, and round-tripped for the workers", "[config]") {
  Config c = parse_config(R"({"data": [
      {"file": "traindata.pt", "shape": [100, 1000], "dtype": "float64", "as": "ndarray"},
      {"file": "data/features.pt", "shape": ["N", 128], "range": [0, 255]}]})",
                          "tenscan.json");
  REQUIRE(c.data.size() == 2);
  CHECK_FALSE(c.data[0].range.has_value());
  CHECK(c.data[1].range == std::make_pair(0.0, 255.0));
  CHECK(c.data[0].file == "traindata.pt");
  CHECK(c.data[0].shape == std::vector<std::string>{"100", "1000"});
  CHECK(c.data[0].dtype == "float64");
  CHECK(c.data[0].kind == "ndarray");
  CHECK(c.data[1].shape == std::vector<std::string>{"N", "128"});
  CHECK(c.data[1].dtype.empty());
  CHECK(c.data[1].kind.empty());
  // what the CI driver passes to a worker (`check --data JSON`) parses back to the same hint
  for (const auto& h : c.data) {
    tenscan::DataHint back = parse_data_hint(data_hint_json(h));
    CHECK(back.file == h.file);
    CHECK(back.shape == h.shape);
    CHECK(back.dtype == h.dtype);
    CHECK(back.kind == h.kind);
    CHECK(back.range == h.range);
  }
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": [3], "range": [1]}]})") ==
        "tenscan.json: data[0].range: needs at least 2 items, got 1");
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": [3], "range": [1, "a"]}]})") ==
        "tenscan.json: data[0].range[1]: expected number, got string \"a\"");
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": [3], "range": [2, 1]}]})") ==
        "data hint for x.pt: range [2, 1] has its lower bound above its upper bound");
  CHECK(error_of(R"({"data": [{"file": "x.pt"}]})") == "tenscan.json: data[0]: the key \"shape\" is required");
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": [-1]}]})") ==
        "tenscan.json: data[0].shape[0]: must be at least 0, got -1");
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": ["2 N"]}]})") ==
        "tenscan.json: data[0].shape[0]: does not match the pattern ^[A-Za-z_][A-Za-z0-9_]*$: \"2 N\"");
  CHECK(error_of(R"({"data": [{"file": "x.pt", "shape": [3], "dtype": "float"}]})").find("data[0].dtype: must be one of") !=
        std::string::npos);
  CHECK_THROWS_WITH(parse_data_hint(R"({"file": "x.pt", "shape": [3], "as": "list"})"),
                    "data hint as: must be one of \"tensor\", \"ndarray\", got \"list\"");
}

TEST_CASE("models: how module mode builds and calls a model, validated, and round-tripped for the workers",
          "[config]") {
  Config c = parse_config(R"({"models": [
      {"model": "ResNet", "file": "models/resnet.py", "args": "BasicBlock, [2, 2, 2, 2], num_classes=10",
       "inputs": {"x": ["B", 3, 32, 32]}},
      {"model": "TextEncoder", "inputs": {"tokens": ["B", "T"], "mask": ["B", "T"]}, "dtypes": {"tokens": "int64"}},
      {"model": "Head"}]})",
                          "tenscan.json");
  REQUIRE(c.models.size() == 3);
  CHECK(c.models[0].model == "ResNet");
  CHECK(c.models[0].file == "models/resnet.py");
  CHECK(c.models[0].args == "BasicBlock, [2, 2, 2, 2], num_classes=10");
  REQUIRE(c.models[0].inputs.size() == 1);
  CHECK(c.models[0].inputs[0].name == "x");
  CHECK(c.models[0].inputs[0].shape == std::vector<std::string>{"B", "3", "32", "32"});
  CHECK(c.models[0].inputs[0].dtype.empty());
  REQUIRE(c.models[1].inputs.size() == 2);
  for (const auto& in : c.models[1].inputs) CHECK(in.dtype == (in.name == "tokens" ? "int64" : ""));
  CHECK(c.models[2].args.empty());
  CHECK(c.models[2].inputs.empty());
  // what the CI driver passes to a worker (`check --model JSON`) parses back to the same declaration
  for (const auto& m : c.models) {
    tenscan::ModelDecl back = parse_model_decl(model_decl_json(m));
    CHECK(back.model == m.model);
    CHECK(back.file == m.file);
    CHECK(back.args == m.args);
    REQUIRE(back.inputs.size() == m.inputs.size());
    for (std::size_t i = 0; i < m.inputs.size(); ++i) {
      CHECK(back.inputs[i].name == m.inputs[i].name);
      CHECK(back.inputs[i].shape == m.inputs[i].shape);
      CHECK(back.inputs[i].dtype == m.inputs[i].dtype);
    }
  }
  CHECK(error_of(R"({"models": [{"args": "1"}]})") == "tenscan.json: models[0]: the key \"model\" is required");
  CHECK(error_of(R"({"models": [{"model": "resnet.ResNet"}]})").starts_with("tenscan.json: models[0].model: "));
  CHECK(error_of(R"({"models": [{"model": "Net", "inputs": {"x": [0]}}]})") ==
        "tenscan.json: models[0].inputs.x[0]: must be at least 1, got 0");
  // (a size no 64-bit integer holds is said at once, never read as a name nor dropped later)
  CHECK(error_of(R"({"models": [{"model": "Net", "inputs": {"x": ["B", 99999999999999999999]}}]})")
            .starts_with("tenscan.json: models[0].inputs.x[1]: must be at most 9007199254740992"));
  CHECK(error_of(R"({"data": [{"file": "x.npy", "shape": [1e30]}]})").starts_with("tenscan.json: data[0].shape[0]: "));
  CHECK(error_of(R"({"models": [{"model": "Net", "dtypes": {"x": "int64"}}]})") ==
        "tenscan.json: models[0]: model Net: dtypes.x without a shape: declare inputs.x too");
  CHECK(error_of(R"({"models": [{"model": "Net", "dtypes": {"x": "long"}}]})").starts_with("tenscan.json: models[0].dtypes.x: "));
  CHECK_THROWS_AS(parse_model_decl(R"({"model": "Net", "argz": "1"})"), ConfigError);
}
