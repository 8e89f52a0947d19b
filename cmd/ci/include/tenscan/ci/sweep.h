// Sweep files: the hyperparameter spaces that sweep tools launch, read as tenscan's own
// (AnalysisOptions::space), so that `tenscan check --space-file sweep.yaml` checks exactly
// what the sweep will run.
#pragma once

#include <string>
#include <vector>

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// The space of a W&B sweep configuration (YAML or JSON, as `wandb sweep` reads it): each item
/// of `parameters` is a script option; `values` a set, `value` one value, `min`/`max` a range
/// (integers when both are, with `q` as the step of q_uniform; floats otherwise). Parameters the
/// space cannot say (a normal distribution, nested parameters) are left out, each with a line
/// in `skipped`. Throws ConfigError when the file is not such a configuration.
std::vector<SpaceParam> sweep_space(const DataValue& sweep, std::vector<std::string>& skipped);

}  // namespace tenscan::ci
