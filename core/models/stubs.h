// The Python library stubs compiled into the binary (see embed_stubs.cmake).
#pragma once

#include <string_view>
#include <vector>

namespace tenscan::models {

struct EmbeddedStub {
  std::string_view path;  ///< relative to core/models/stubs, e.g. "torch/nn/functional.py"
  std::string_view text;
};

const std::vector<EmbeddedStub>& embedded_stubs();

}  // namespace tenscan::models
