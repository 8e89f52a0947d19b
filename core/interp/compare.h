// Structural comparison of execution paths: whether two values, or two whole paths, are the
// same up to where their objects live in the heap, and where two paths hold different scalars
// (ints, booleans, floats) that merging them can join. Used by path merging (merge.cpp) and by
// the loop fixpoints (loops.cpp).
#pragma once

#include <cstddef>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interp/state.h"

namespace tenscan::interp {

/// Same tensor payload: both tensors of the same shape and dtype, or both no tensor.
bool same_tensor(const Object& x, const Object& y);

/// The values an object holds directly (elements, dict entries, attributes), compared pairwise
/// by `same` once their counts agree. Non-object dict keys are compared exactly.
template <typename Same>
bool same_members(const Object& x, const Object& y, Same&& same) {
  if (x.items.size() != y.items.size() || x.entries.size() != y.entries.size() || x.attrs.size() != y.attrs.size())
    return false;
  for (std::size_t i = 0; i < x.items.size(); ++i)
    if (!same(x.items[i], y.items[i])) return false;
  for (std::size_t i = 0; i < x.entries.size(); ++i) {
    const Value &kx = x.entries[i].key, &ky = y.entries[i].key;
    if (!(kx.is_obj() ? same(kx, ky) : same_value(kx, ky)) || !same(x.entries[i].value, y.entries[i].value)) return false;
  }
  // (a cell's value, a bound method's self and function, a property's accessors)
  if (!same(x.a, y.a) || !same(x.b, y.b) || !same(x.c, y.c)) return false;
  if (&x == &y) {
    // the very same stored object (shared since a fork): no lookups by name
    for (const auto& [k, v] : x.attrs)
      if (!same(v, v)) return false;
    return true;
  }
  for (const auto& [k, v] : x.attrs) {
    auto it = y.attrs.find(k);
    if (it == y.attrs.end() || !same(v, it->second)) return false;
  }
  return true;
}

/// Whether value x of path a equals value y of path b: the same scalar, the same object, or
/// objects that are structurally the same (a fresh tensor of the same shape and dtype, ...).
bool equivalent(const State& a, const Value& x, const State& b, const Value& y);

/// The number of requirements two paths share from the start (the same one, or the same
/// condition, guard and line).
std::size_t common_requirements(const State& a, const State& b);

/// A place where two compared paths hold different scalars, in the first path's terms.
struct Place {
  /// Values: a tensor's values (TensorVal::values), x and y the floats of their ranges and
  /// `values` both sides' TensorValues.
  enum class In : std::uint8_t { Ret, Exc, Slot, Item, Entry, Attr, Values };
  In in = In::Slot;
  std::size_t where = 0;  ///< Slot: the frame; Item, Entry, Attr, Values: the object's id in the first path
  std::size_t index = 0;  ///< Slot: the slot; Item, Entry: the position
  std::string attr;       ///< Attr: the attribute
  Value x, y;             ///< the first path's value and the second's
  std::shared_ptr<const std::array<domain::TensorValues, 2>> values{};  ///< Values: both sides'
};

/// How the value at place p of path st is named in messages ("for example when `steps` = 3"):
/// the variable or attribute that holds it, or `what` for a pending return value.
std::string place_name(const State& st, const Place& p, const std::string& what = {});

/// Writes v at place p of path st (the object is copied on write); at a tensor's values, v is
/// the float whose range they become (one part, no form).
void assign_at(State& st, const Place& p, const Value& v);
/// Writes a tensor's values at a Values place.
void assign_values(State& st, const Place& p, const domain::TensorValues& v);
/// Whether one side's float (at a Values place: the tensor's values, forms included) is within
/// the other's: x within y, or with `y_in_x` y within x.
bool within(const Place& p, bool y_in_x);

/// Which scalars may differ between two paths that continue as one.
enum class Differ : std::uint8_t {
  Floats,  ///< floats only: a float decides no shape
  Scalars, ///< ints and booleans too: merging makes them depend on which path was taken
  Kinds,   ///< also None, ints and floats of each other's kinds in variables and attributes (a
           ///< learning rate that is an int until it is annealed): they become a choice
};

/// Whether paths a and b are the same program state up to where their objects live in the heap
/// and up to the scalars `differ` allows, which it lists in `places` (in a's terms): the same
/// control flow, frames, sys.modules, pending return value or exception, and everything
/// reachable from them. Constraints and requirements are not compared. `work` grows by the
/// number of objects compared (the analysis's work budget counts it).
bool same_up_to_scalars(const State& a, const State& b, Differ differ, std::vector<Place>& places, std::size_t& work);

/// Whether every state path b stands for is one path a stands for, up to renaming the symbols
/// numbered from `young` on (what a loop's iterations drew: an epoch's fresh batch lengths, the
/// channel count of each image file it opened): a one-to-one renaming of b's young symbols onto
/// a's, of the same kind (`kind_of`) and range, under which b holds the same values and objects
/// as a (floats within a's), and every constraint of a that bears on an older symbol or on a
/// renamed one is one of b's, renamed. (a's constraints on young symbols no value holds only
/// say that some earlier draws existed.) Requirements are not compared.
bool covers_up_to_renaming(const State& a, const State& b, sym::SymId young,
                           const std::function<int(sym::SymId)>& kind_of, std::size_t& work);

/// A hash of what same_up_to_scalars compares exactly, as far as the frames and the objects
/// near them show it (control flow, frames, the kinds of values, strings, tensor shapes, the
/// sizes of containers): paths it accepts share it, so paths that differ in it need no walk.
std::size_t signature(const State& st);

}  // namespace tenscan::interp
