// The range domain: an interval per symbol, used by the online checker to decide most
// conditions without the solver (PyTea §3.3.1). Sound: an interval always contains every
// value the symbol can take under the hard constraints it was refined with.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "domain/int_interval.h"
#include "symbolic/expr.h"

namespace tenscan::sym {

/// The range of an int symbol (see domain/int_interval.h).
using Interval = domain::IntInterval;

/// Three-valued answer of the online checker.
using Tri = domain::Tri;

/// Symbol -> interval. Unlisted symbols are top. Cheap to copy (one per execution path): the
/// intervals live in chunks of kChunk consecutive symbols, shared between copies and copied on
/// write, so a path forked from another copies one pointer per chunk, not one node per symbol.
class RangeEnv {
 public:
  [[nodiscard]] Interval get(SymId s) const;
  void set(SymId s, Interval i);  ///< overwrites
  /// Interval of an expression by interval arithmetic over its polynomial form.
  [[nodiscard]] Interval eval(const Expr& e) const;
  /// Decides c under the current intervals (True/False only when certain).
  [[nodiscard]] Tri decide(const Cond& c) const;
  /// Assumes c holds (a hard constraint) and tightens the intervals it bounds directly:
  /// comparisons whose polynomial is linear in one symbol (k*s + c op 0) and conjunctions of
  /// such. Returns false if c is certainly false under the current intervals (the path is
  /// infeasible). Never unsound: conditions it cannot use leave the intervals unchanged.
  bool refine(const Cond& c);
  /// The symbol-wise join: every symbol's interval covers its intervals in both (the range
  /// environment of two paths merged into one).
  [[nodiscard]] RangeEnv join(const RangeEnv& o) const;
  friend bool operator==(const RangeEnv& a, const RangeEnv& b);

 private:
  static constexpr std::size_t kChunk = 256;
  using Chunk = std::array<Interval, kChunk>;  // default-constructed: all top
  [[nodiscard]] const Interval* find(SymId s) const;
  std::vector<std::shared_ptr<Chunk>> chunks_;
};

}  // namespace tenscan::sym
