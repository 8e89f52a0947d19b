// The Python library stubs compiled into the binary, lowered when tenscan is built
// (cmd/stubc writes them).
#pragma once

#include <string_view>
#include <vector>

namespace tenscan::models {

struct EmbeddedStub {
  std::string_view path;  ///< relative to core/models/stubs, e.g. "torch/nn/functional.py"
  std::string_view text;
  std::string_view ir;    ///< the lowered module (ir/serialize.h)
};

const std::vector<EmbeddedStub>& embedded_stubs();

}  // namespace tenscan::models
