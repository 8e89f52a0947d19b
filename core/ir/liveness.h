// Live variables (the classic backward analysis, on the IR's structured statements): which
// names a code object may still read, after a statement completes, before it binds them again.
// Path merging uses it to forget a binding no later statement can read, so that two paths that
// differ only in such a binding (the file handle of a `with open(...) as f:` taken on one side
// of an `if`) continue as one.
//
// Sound, never precise beyond need: a name is live when any later statement, loop iteration,
// exception handler, `finally` block or `with` exit may read it, when a nested function, lambda
// or class body reads it as a global (they run at unknown times), when it lives in a cell, and
// everything is live in code that calls globals(), locals(), vars(), eval() or exec().
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ir/ir.h"

namespace tenscan::ir {

class Liveness {
 public:
  /// The names code c may read after statement s (directly in c's body, at any depth) completes
  /// normally: its Fast slots by their slot names and, in a module body, its globals.
  [[nodiscard]] bool live_after(const Code& c, const Stmt* s, const std::string& name);
  /// The names code c may read at the head of loop s (before its condition, or before the
  /// next item is bound), where a loop iteration's paths meet.
  [[nodiscard]] bool live_at_head(const Code& c, const Stmt* s, const std::string& name);

  /// A set of names, or all names.
  struct Names {
    std::unordered_set<std::string> names;
    bool all = false;
    [[nodiscard]] bool contains(const std::string& n) const { return all || names.count(n) != 0; }
    bool add(const Names& o);  ///< true if this grew
  };

 private:
  struct Result {
    std::unordered_map<const Stmt*, Names> after, head;
    Names always;  ///< cells, and a module's globals that nested code reads
  };
  const Result& of(const Code& c);
  std::unordered_map<const Code*, std::unique_ptr<Result>> results_;
};

}  // namespace tenscan::ir
