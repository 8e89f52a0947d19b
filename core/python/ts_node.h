// Small helpers over tree-sitter nodes shared by the frontend's readers (lowering, the syntax
// limits, a call's arguments).
#pragma once

#include <tree_sitter/api.h>

#include <cstring>
#include <string_view>

namespace tenscan::python {

/// The child of `n` in field `name` (a null node when there is none).
inline TSNode field(TSNode n, const char* name) {
  return ts_node_child_by_field_name(n, name, static_cast<std::uint32_t>(std::strlen(name)));
}

/// The bytes of `source` that node `n` spans.
inline std::string_view node_text(std::string_view source, TSNode n) {
  return source.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n));
}

}  // namespace tenscan::python
