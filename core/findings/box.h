// The combinations of a box of a hyperparameter space, as index vectors: what enumerating a
// space vector by vector (individual mode), listing where a requirement holds and growing the
// boxes of a region all walk.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace tenscan::findings {

/// [first, last] indices per dimension.
using Box = std::vector<std::pair<std::size_t, std::size_t>>;

/// The box of every index of dimensions with `sizes` values each (none empty).
inline Box whole_box(const std::vector<std::size_t>& sizes) {
  Box b;
  for (std::size_t n : sizes) b.emplace_back(0, n - 1);
  return b;
}

/// Calls fn with every index vector of `box`, the last dimension fastest, until fn returns
/// false; false when fn stopped it.
template <class Fn>
bool for_each_in_box(const Box& box, Fn fn) {
  std::vector<std::size_t> at(box.size());
  for (std::size_t d = 0; d < box.size(); ++d) at[d] = box[d].first;
  for (;;) {
    if (!fn(static_cast<const std::vector<std::size_t>&>(at))) return false;
    bool more = false;
    for (std::size_t d = box.size(); d-- > 0 && !more;) {
      more = at[d] < box[d].second;
      at[d] = more ? at[d] + 1 : box[d].first;
    }
    if (!more) return true;
  }
}

}  // namespace tenscan::findings
