// CPython's limits on nesting, so that a program CPython refuses to compile is reported with
// CPython's error, once, where CPython reports it (3.11 and 3.12 agree on every limit here):
//
//   tokenizer  more than 99 indentation levels      IndentationError: too many levels of indentation
//              more than 200 open brackets           SyntaxError: too many nested parentheses
//   compiler   more than 20 blocks open in one       SyntaxError: too many statically nested blocks
//              function (loops, try, with, except)
//              statements and expressions nested     RecursionError: maximum recursion depth exceeded
//              more than 3000 deep                   during compilation
//
// The tokenizer's limits are checked on the text, the compiler's on a tree that parsed without
// an error. Both checks are iterative or bounded by those very limits: no depth of nesting can
// exhaust the stack.
#pragma once

#include <tree_sitter/api.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tenscan::python {

/// An error CPython raises because of nesting, where it raises it.
struct NestingError {
  std::string error;    ///< the exception: "IndentationError", "SyntaxError", "RecursionError"
  std::string message;  ///< CPython's message
  int line = 1, col = 0, end_line = 1, end_col = 0;  ///< 1-based lines, 0-based byte columns
};

/// What the tokenizer scan found.
struct TokenizerLimits {
  /// The first violation of a tokenizer limit in source order, if CPython's tokenizer gets that
  /// far (after an unterminated string, an unmatched bracket or an inconsistent dedent it stops
  /// with that error). Or, with too_deep, where the text nests deeper than tree-sitter can be
  /// trusted with: nothing from that logical line on may be parsed.
  std::optional<NestingError> error;
  bool too_deep = false;
  /// Where the logical line of the error starts: what comes before it is complete lines, and
  /// safe to parse.
  std::size_t logical_line_start = 0;
  /// Where the first line indented by 256 columns or more starts (npos: none). tree-sitter-
  /// python's external scanner stores indentation columns in a byte: from there on, what it
  /// reports about the file can be wrong.
  std::size_t wide_indent_start = std::string_view::npos;
};

/// Tokenizes `source` as CPython does as far as nesting is concerned (indentation with tabs to
/// multiples of 8, brackets, strings, comments, line continuations), and bounds what tree-
/// sitter's parse stack would hold (see kMaxPending in limits.cpp).
TokenizerLimits tokenizer_limits(std::string_view source);

/// The compiler's limits on a tree that parsed without an error: the recursion limit of the
/// symbol table (checked on the whole module first, as CPython does) and then, in CPython's
/// compilation order, the statically nested blocks. RecursionError has no position in CPython;
/// it is reported at the innermost statement that holds the first node beyond the limit.
std::optional<NestingError> compiler_limits(TSNode root);

}  // namespace tenscan::python
