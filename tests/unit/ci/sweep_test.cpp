// W&B sweep configurations as hyperparameter spaces (tenscan check --space-file).
#include <catch2/catch.hpp>

#include "tenscan/ci/config.h"
#include "tenscan/ci/data_files.h"
#include "tenscan/ci/sweep.h"

namespace {

tenscan::DataValue yaml(const std::string& text) {
  std::string error;
  auto v = tenscan::ci::data_parser()(text, "yaml", error);
  REQUIRE(v.has_value());
  return *v;
}

std::vector<std::string> texts(const std::vector<tenscan::SpaceParam>& space) {
  std::vector<std::string> out;
  for (const auto& p : space) out.push_back(tenscan::ci::space_option_text(p));
  return out;
}

}  // namespace

TEST_CASE("sweep: a W&B sweep's parameters are the space, as the command line gives them", "[sweep]") {
  std::vector<std::string> skipped;
  auto space = tenscan::ci::sweep_space(yaml(R"(
program: train.py
method: bayes
metric: {name: val_loss, goal: minimize}
parameters:
  batch_size: {values: [16, 32, 64]}
  optimizer: {values: ["adam", "sgd"]}
  epochs: {value: 27}
  layers: {distribution: int_uniform, min: 1, max: 4}
  lr: {min: 0.0001, max: 0.1}
  dropout: {distribution: uniform, min: 0, max: 0.5}
  width: {distribution: q_uniform, min: 30, max: 260, q: 32}
  amp: {values: [true, false]}
  momentum: {distribution: normal, mu: 0.9, sigma: 0.01}
  encoder: {parameters: {depth: {values: [2, 4]}}}
  decay: {distribution: log_uniform, min: -9, max: -2}
)"),
                                        skipped);
  CHECK(texts(space) == std::vector<std::string>{"batch_size=16,32,64", "optimizer=adam,sgd", "epochs=27", "layers=1..4",
                                                 "lr=1e-04..0.1", "dropout=0..0.5", "width=32..256:32", "amp=True,False"});
  CHECK(skipped == std::vector<std::string>{"momentum: the distribution normal has no bounds the space can say",
                                            "encoder: nested parameters are not read",
                                            "decay: the distribution log_uniform has no bounds the space can say"});
  // every text is one the command line reads back
  for (const auto& t : texts(space)) CHECK(tenscan::ci::space_option_text(tenscan::ci::parse_space_option(t)) == t);
}

TEST_CASE("sweep: a file that is not a sweep, and bounds the wrong way round, are errors", "[sweep]") {
  std::vector<std::string> skipped;
  auto error_of = [&](const std::string& text) {
    try {
      tenscan::ci::sweep_space(yaml(text), skipped);
    } catch (const tenscan::ci::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of("lr: 0.1\n") == "not a W&B sweep configuration: it has no \"parameters\" mapping");
  CHECK(error_of("parameters: {lr: {min: 1, max: 0}}\n") == "parameters.lr: min 1 is above max 0");
}

TEST_CASE("sweep: an Optuna-style space and an NNI search space are read as well", "[sweep]") {
  std::vector<std::string> skipped;
  auto optuna = tenscan::ci::space_file(yaml(R"(
n_layers: {type: int, low: 1, high: 4}
width: {type: int, low: 32, high: 256, step: 32}
lr: {type: float, low: 1.0e-5, high: 0.1, log: true}
optimizer: {type: categorical, choices: [adam, sgd]}
momentum: {type: float}
)"),
                                        skipped);
  CHECK(texts(optuna) ==
        std::vector<std::string>{"n_layers=1..4", "width=32..256:32", "lr=1e-05..0.1", "optimizer=adam,sgd"});
  CHECK(skipped == std::vector<std::string>{"momentum: not a categorical, int or float parameter with its bounds"});
  skipped.clear();
  auto nni = tenscan::ci::space_file(yaml(R"({
  "dropout_rate": {"_type": "uniform", "_value": [0.5, 0.9]},
  "conv_size": {"_type": "choice", "_value": [2, 3, 5, 7]},
  "hidden": {"_type": "randint", "_value": [16, 65]},
  "noise": {"_type": "normal", "_value": [0, 1]}
})"),
                                     skipped);
  CHECK(texts(nni) == std::vector<std::string>{"dropout_rate=0.5..0.9", "conv_size=2,3,5,7", "hidden=16..64"});
  CHECK(skipped == std::vector<std::string>{"noise: the type normal has no bounds the space can say"});
  std::string error;
  try {
    tenscan::ci::space_file(yaml("lr: 0.1\n"), skipped);
  } catch (const tenscan::ci::ConfigError& e) {
    error = e.what();
  }
  CHECK(error.find("not a search space tenscan reads") == 0);
}

TEST_CASE("sweep: a finding over the space names the search-space file's line of each hyperparameter", "[sweep]") {
  const std::string wandb = "program: train.py\nmetric:\n  name: loss\nparameters:\n  kernel:\n    values: [3, 5]\n"
                            "  name:\n    values: [a, b]\n";
  const std::string optuna = "{\n  \"lr\": {\"type\": \"float\", \"low\": 0.001, \"high\": 0.1},\n"
                             "  \"kernel\": {\"type\": \"int\", \"low\": 1, \"high\": 7}\n}\n";
  tenscan::AnalysisResult result;
  tenscan::Finding f;
  f.region.hyperparameters = {"--kernel", "--name", "--width"};
  result.findings.push_back(f);
  result.findings.push_back(tenscan::Finding{});  // (no region: nothing to add)
  auto params = [](std::vector<std::string> texts) {
    std::vector<tenscan::SpaceParam> out;
    for (const auto& t : texts) out.push_back(tenscan::ci::parse_space_option(t));
    return out;
  };
  auto with_wandb = result;
  tenscan::ci::relate_space_file(with_wandb, "sweeps/a.yaml", wandb, params({"kernel=3,5", "name=a,b"}));
  const auto& related = with_wandb.findings[0].related;
  REQUIRE(related.size() == 2);
  CHECK(related[0].range == tenscan::SourceRange{"sweeps/a.yaml", 5, 3, 5, 9});
  CHECK(related[0].message == "the search space gives --kernel its values here");
  CHECK(related[1].range.line == 7);  // (the parameter, not the metric's "name" above "parameters")
  CHECK(with_wandb.findings[1].related.empty());
  auto with_optuna = result;
  tenscan::ci::relate_space_file(with_optuna, "space.json", optuna, params({"lr=0.001..0.1", "kernel=1..7"}));
  REQUIRE(with_optuna.findings[0].related.size() == 1);
  CHECK(with_optuna.findings[0].related[0].range == tenscan::SourceRange{"space.json", 3, 3, 3, 11});
}
