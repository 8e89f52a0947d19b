// Lowers the match statement (PEP 634) into if statements of the IR, so that the interpreter
// matches patterns with the statements it already has: each case becomes nested ifs that test
// the subject (a hidden variable) and bind the pattern's captures as they go, run the guard
// and then the case's body, and set a flag that the later cases test.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <string>
#include <string_view>

#include "ir/ir.h"

namespace tenscan::python {

/// What the match lowering needs from the statement lowerer (core/python/lower.cpp).
struct MatchHooks {
  std::function<ir::Expr*(TSNode)> expr;   ///< lowers an expression node
  std::function<ir::Block(TSNode)> block;  ///< lowers a block node
  /// a Name in the current scope; `store` binds it there
  std::function<ir::Expr*(const std::string&, ir::Loc, bool store)> name;
  std::function<ir::Loc(TSNode)> loc;
  std::function<std::string_view(TSNode)> text;
  /// reports a construct the lowering does not support (it is then treated as not matching)
  std::function<void(TSNode, const std::string&)> unsupported;
};

/// The statements a match statement lowers to. `counter` numbers the hidden variables
/// (`__match_N`) of one scope.
ir::Block lower_match(ir::Module& m, TSNode match_statement, const MatchHooks& hooks, int& counter);

}  // namespace tenscan::python
