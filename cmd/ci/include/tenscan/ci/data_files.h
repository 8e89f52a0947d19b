// The parser of the configuration files an analysed program reads (AnalysisOptions::
// parse_data): the analyzer parses no data format itself.
#pragma once

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// Parses "json" (with nlohmann/json, keeping the file's key order); other formats are
/// reported as not supported.
DataParser data_parser();

}  // namespace tenscan::ci
