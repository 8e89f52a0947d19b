// The parser of the configuration files an analysed program reads (AnalysisOptions::
// parse_data): the analyzer parses no data format itself.
#pragma once

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// Parses "json" (nlohmann/json, keeping the file's key order), "yaml" (yaml-cpp, typed as
/// PyYAML's safe loader types it) and "toml" (toml++); other formats are reported as not
/// supported.
DataParser data_parser();

}  // namespace tenscan::ci
