// Python's logical lines, which tree-sitter's grammar does not enforce: a statement continues
// on the next physical line only inside brackets, in a triple-quoted string or after a
// backslash. tree-sitter's scanner skips a line break where the parser cannot end the statement
// yet, so `x =` followed by `y = 1` parses as `x = y = 1`, and `x =` before `pass` as `x = pass`
// (an exercise's blank, a half-typed line): CPython's SyntaxError, found here.
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <string_view>

#include "python/limits.h"

namespace tenscan::python {

/// The first place, in source order, where a statement of `root` runs on past a line break that
/// does not continue it: CPython's "invalid syntax" there (at the end of the line it breaks).
std::optional<NestingError> broken_logical_line(TSNode root, std::string_view source);

}  // namespace tenscan::python
