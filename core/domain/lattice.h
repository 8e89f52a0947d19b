// The abstract-domain layer: the lattices the interpreter's values are drawn from (see
// ../../README.md, "What splits, what merges"). Each domain is a small value type with the
// operations of the `Lattice` concept; the interpreter joins two paths' values, widens a loop's
// values and tests a loop's fixpoint through them:
//
//   IntInterval  the range of an int symbol (symbolic/range.h keeps one per symbol per path)
//   FloatRange   a Python float: an interval of doubles and whether it may be NaN
//
// Ints and booleans themselves are symbolic expressions (symbolic/expr.h): their join is a fresh
// symbol constrained to either side's value, made by the interpreter (interp/merge.cpp), whose
// range is the IntInterval join. Strings, tensors and objects join only when equal.
//
// This layer depends on nothing else in tenscan.
#pragma once

#include <concepts>

namespace tenscan::domain {

/// A lattice with a widening. `a.widen(b)` is a ∇ b with a the earlier and b the later value:
/// an upper bound of both, and any ascending chain a0, a0 ∇ a1, (a0 ∇ a1) ∇ a2, ... is finite.
template <class D>
concept Lattice = std::equality_comparable<D> && requires(const D& a, const D& b) {
  { D::bottom() } -> std::same_as<D>;
  { D::top() } -> std::same_as<D>;
  { a.is_bottom() } -> std::same_as<bool>;
  { a.is_top() } -> std::same_as<bool>;
  { a.leq(b) } -> std::same_as<bool>;
  { a.join(b) } -> std::same_as<D>;
  { a.meet(b) } -> std::same_as<D>;
  { a.widen(b) } -> std::same_as<D>;
};

/// Three-valued truth: what a domain can say about a condition.
enum class Tri { False, True, Unknown };

inline Tri tri_not(Tri t) { return t == Tri::True ? Tri::False : t == Tri::False ? Tri::True : Tri::Unknown; }

}  // namespace tenscan::domain
