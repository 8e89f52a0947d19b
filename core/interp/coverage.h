// Which statements of the project's code the analysis executed, and what the paths that did not
// reach the end of the program left unchecked: the coverage figure and the "lines ... were not
// checked" of an incomplete analysis (see AnalysisResult::completeness).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/state.h"

namespace tenscan::interp {

class Coverage {
 public:
  /// Numbers the statements of a project module (ir::Stmt::cov) and indexes its functions.
  void add_module(ir::Module& m);
  [[nodiscard]] std::size_t size() const { return stmts_.size(); }
  [[nodiscard]] const ir::Stmt* stmt(std::size_t i) const { return stmts_[i]; }

  /// Records that the path executes `s` (a statement of the project's code, or a model's: ignored).
  static void mark(State& st, const ir::Stmt* s) {
    if (s->cov < 0) return;
    set(st.covered, static_cast<std::size_t>(s->cov));
    if (!st.certain_error) set(st.covered_sound, static_cast<std::size_t>(s->cov));
  }
  static void set(std::vector<std::uint64_t>& bits, std::size_t i) {
    if (bits.size() <= i / 64) bits.resize(i / 64 + 1, 0);
    bits[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  static bool has(const std::vector<std::uint64_t>& bits, std::size_t i) {
    return i / 64 < bits.size() && ((bits[i / 64] >> (i % 64)) & 1) != 0;
  }
  static void unite(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
    if (into.size() < from.size()) into.resize(from.size(), 0);
    for (std::size_t i = 0; i < from.size(); ++i) into[i] |= from[i];
  }

  /// What a path that stopped (or ended with an uncaught exception) would have run next, as
  /// far as the code tells without running it: in each frame it left, the statements of that
  /// function after the one it was executing, and the project functions and classes those
  /// name, transitively. `unwound` is the innermost frame's statement first (State::unwound).
  void add_remainder(const std::vector<const ir::Stmt*>& unwound, std::vector<std::uint64_t>& out) const;

 private:
  struct CodeInfo {
    std::vector<std::size_t> stmts;  ///< statements of its body (nested functions' excluded)
    std::vector<std::string> names;  ///< names its statements refer to (calls, attributes)
    std::vector<const ir::Code*> nested;  ///< lambdas and comprehensions (run with it)
    std::vector<const ir::Code*> methods;  ///< a class body: the functions it defines
  };
  void index_block(const ir::Block& b, const ir::Code* code);
  void index_expr(const ir::Expr* e, const ir::Code* code);
  /// Adds code's statements to out, and (once) the functions it may call.
  void add_code(const ir::Code* code, std::vector<std::uint64_t>& out, std::vector<const ir::Code*>& seen) const;
  void add_names(const std::vector<std::string>& names, std::vector<std::uint64_t>& out,
                 std::vector<const ir::Code*>& seen) const;

  std::vector<const ir::Stmt*> stmts_;
  std::vector<const ir::Code*> code_of_;  ///< by statement index
  std::unordered_map<const ir::Code*, CodeInfo> codes_;
  std::unordered_multimap<std::string, const ir::Code*> by_name_;  ///< project functions and classes
};

}  // namespace tenscan::interp
