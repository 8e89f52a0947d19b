// Lowers a tree-sitter-python tree into tenscan's IR (ir/ir.h) and resolves every name to a
// frame slot, a cell or a global (Python's symtable rules).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace tenscan::python {

struct LowerDiag {
  enum class Kind { SyntaxError, Unsupported };
  Kind kind;
  ir::Loc loc;
  std::string message;
  /// SyntaxError: the exception CPython raises ("SyntaxError", "IndentationError",
  /// "RecursionError"); its text is `error + ": " + message`.
  std::string error = "SyntaxError";
};

struct LowerResult {
  std::unique_ptr<ir::Module> module;
  /// With a syntax error, that error alone (CPython stops at its first): no note about the
  /// constructs of a file that does not run.
  std::vector<LowerDiag> diags;
  bool syntax_error = false;  ///< the module must not be executed (Python would not run it)
};

/// Parses and lowers one file. Never throws for bad input: syntax errors and unsupported
/// constructs become diagnostics; unsupported constructs lower to conservative IR
/// (Unsupported statements/expressions that evaluate to unknown values). Nesting beyond
/// CPython's limits is CPython's error (python/limits.h); no depth of nesting exhausts the
/// stack (the lowering itself stops at a depth of its own, kMaxDepth in lower.cpp).
LowerResult lower_module(std::string path, std::string dotted_name, std::string source, std::uint32_t file_id,
                         bool is_stub);

}  // namespace tenscan::python
