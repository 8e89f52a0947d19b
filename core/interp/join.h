// How the scalars that several sides hold at one place join: two paths that merge, a loop's
// head before and after an iteration, the candidates of a lookup at an unknown index. The kinds
// are None, bools, ints, floats and choices between None, ints and floats (Value::choice); an
// int's range is an IntInterval and a float a FloatRange (core/domain). join_scalars is the
// one mechanism every merge site uses: it compares, dispatches on the kinds, builds choices
// kind by kind, and leaves to the site's ScalarJoin only what differs between sites, namely
// how an int or a bool that differs becomes a value of the joined side (a symbol equal to
// either side under the merge's flag, one over the hull of the sides, one widened towards
// where it moved) and how a choice's flag is made.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "interp/value.h"

namespace tenscan::interp {

struct ScalarJoin {
  /// Two or more ints (in side order, only the sides holding an int) that are not all the same.
  std::function<Value(const std::vector<Value>&)> ints;
  /// The same for bools.
  std::function<Value(const std::vector<Value>&)> bools;
  /// The same for floats (default: the hull of their ranges).
  std::function<domain::FloatRange(const std::vector<domain::FloatRange>&)> floats;
  /// The flag of a choice: `whens[i]` says when side i holds the choice's first kind (false
  /// when it does not hold it at all, true when it holds only that kind).
  std::function<sym::Cond(const std::vector<sym::Cond>&)> flag;
  /// A kind of a choice that only side `side` holds: its value in the choice (default: as it is).
  std::function<Value(const Value& v, std::size_t side, const std::vector<Value>& sides)> one_sided;
};

/// The value that stands for all of `sides` at one place, or nullopt when no scalar can (an
/// object, a string, three kinds, a bool beside another kind, a kind the site does not join).
std::optional<Value> join_scalars(const ScalarJoin& how, const std::vector<Value>& sides);

/// The kinds the alternatives of `sides` hold, in increasing order, when one scalar can stand
/// for them all (one kind among None, bool, int and float, or two among None, int and float:
/// a choice); nullopt otherwise.
std::optional<std::vector<VKind>> joinable_kinds(const std::vector<Value>& sides);

/// Whether x and y, of different kinds, can be one choice (Value::choice): between them they
/// hold two kinds, both among None, int and float.
bool choosable(const Value& x, const Value& y);

}  // namespace tenscan::interp
