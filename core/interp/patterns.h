// The natives the lowered match statement calls (see core/python/lower_match.h).
#pragma once

#include <utility>
#include <vector>

#include "interp/interpreter.h"

namespace tenscan::interp {

/// (reserved builtin name, native) pairs, registered with the builtins.
const std::vector<std::pair<const char*, NativeFn>>& pattern_natives();

}  // namespace tenscan::interp
