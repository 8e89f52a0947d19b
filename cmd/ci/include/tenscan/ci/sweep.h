// Search-space files: the hyperparameter spaces that sweep tools launch (W&B sweeps,
// Optuna-style spaces, NNI search spaces), read as tenscan's own (AnalysisOptions::space), so
// that `tenscan check --space-file sweep.yaml` checks exactly what the sweep will run.
#pragma once

#include <string>
#include <vector>

#include "tenscan/core/analyze.h"
#include "tenscan/core/finding.h"

namespace tenscan::ci {

/// The space of a W&B sweep configuration (YAML or JSON, as `wandb sweep` reads it): each item
/// of `parameters` is a script option; `values` a set, `value` one value, `min`/`max` a range
/// (integers when both are, with `q` as the step of q_uniform; floats otherwise). Parameters the
/// space cannot say (a normal distribution, nested parameters) are left out, each with a line
/// in `skipped`. Throws ConfigError when the file is not such a configuration.
std::vector<SpaceParam> sweep_space(const DataValue& sweep, std::vector<std::string>& skipped);

/// An Optuna-style search space written as a file: each parameter a mapping with `type` int
/// (`low`, `high`, `step`: Optuna's suggest_int), float (`low`, `high`: suggest_float) or
/// categorical (`choices`: suggest_categorical).
std::vector<SpaceParam> optuna_space(const DataValue& space, std::vector<std::string>& skipped);

/// An NNI search space (search_space.json): each parameter `_type` choice, randint ([lower,
/// upper)), uniform, quniform, loguniform or qloguniform, with its `_value`; the unbounded
/// types (normal, lognormal) are skipped.
std::vector<SpaceParam> nni_space(const DataValue& space, std::vector<std::string>& skipped);

/// Whichever of the three `file` is (a W&B sweep has "parameters"; an NNI space "_type"; an
/// Optuna-style one "type"). Throws ConfigError when it is none of them.
std::vector<SpaceParam> space_file(const DataValue& file, std::vector<std::string>& skipped);

/// Adds to each finding over a declared space a related location on the line of `text` (the
/// search-space file at project-relative `path`) where a hyperparameter of its region that the
/// file gives is declared (its key, after the "parameters" key of a W&B sweep): the
/// configuration line a reviewer changes to leave the failing values out.
void relate_space_file(AnalysisResult& result, const std::string& path, const std::string& text,
                       const std::vector<SpaceParam>& params);

}  // namespace tenscan::ci
