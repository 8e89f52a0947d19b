// Comparing two paths' heaps (compare.cpp): the quick walk that trusts the objects both paths
// still share must find what the full walk finds, and never call two paths the same when an
// object they share refers to one that they changed apart.
#include <catch2/catch.hpp>

#include <vector>

#include "interp/compare.h"

using namespace tenscan::interp;

namespace {

Object list_of(std::vector<Value> items) {
  Object o;
  o.kind = OKind::List;
  o.items = std::move(items);
  return o;
}

Object holder(ObjId target) {  // an instance whose attribute `x` refers to target
  Object o;
  o.kind = OKind::Instance;
  o.attrs["x"] = Value::object(target);
  return o;
}

// A path whose one frame holds `slots`, over a heap of `filler` objects that nothing changes
// afterwards (the program's modules and layers in a real run).
State program(std::size_t filler) {
  State st;
  for (std::size_t i = 0; i < filler; ++i) st.heap.alloc(list_of({Value::integer(static_cast<std::int64_t>(i))}));
  st.frames.emplace_back();
  return st;
}

bool same(const State& a, const State& b, Differ differ, std::vector<Place>& places) {
  std::size_t work = 0;
  return same_up_to_scalars(a, b, differ, places, work);
}

}  // namespace

TEST_CASE("sibling paths that made their objects in another order are one path", "[compare]") {
  State root = program(600);
  const ObjId shared = root.heap.alloc(list_of({Value::integer(1)}));
  State a = root, b = root;
  // a made a temporary first; both then made a list of the same contents, at other ids
  a.heap.alloc(list_of({}));
  const ObjId la = a.heap.alloc(list_of({Value::object(shared)}));
  const ObjId lb = b.heap.alloc(list_of({Value::object(shared)}));
  a.frame().slots = {Value::object(la), Value::object(shared)};
  b.frame().slots = {Value::object(lb), Value::object(shared)};
  std::vector<Place> places;
  CHECK(same(a, b, Differ::Scalars, places));
  CHECK(places.empty());
}

TEST_CASE("an object both paths share refers to one they changed apart: not one path", "[compare]") {
  State root = program(600);
  const ObjId inner = root.heap.alloc(list_of({Value::integer(1)}));
  const ObjId outer = root.heap.alloc(holder(inner));  // shared, never written again
  root.frames.back().slots = {Value::object(outer)};
  State a = root, b = root;
  b.heap.mut(inner).items.push_back(Value::integer(2));  // only `outer` reaches it
  std::vector<Place> places;
  CHECK_FALSE(same(a, b, Differ::Scalars, places));
  // ... and the same change on both sides is one path again
  a.heap.mut(inner).items.push_back(Value::integer(2));
  CHECK(same(a, b, Differ::Scalars, places));
}

TEST_CASE("a scalar changed apart in an object only a shared one reaches is a place to join", "[compare]") {
  State root = program(600);
  const ObjId inner = root.heap.alloc(list_of({Value::integer(1)}));
  const ObjId outer = root.heap.alloc(holder(inner));
  root.frames.back().slots = {Value::object(outer)};
  State a = root, b = root;
  a.heap.alloc(list_of({}));  // (the ids after the fork differ: the quick walk decides)
  a.heap.mut(inner).items[0] = Value::integer(3);
  b.heap.mut(inner).items[0] = Value::integer(4);
  std::vector<Place> places;
  REQUIRE(same(a, b, Differ::Scalars, places));
  REQUIRE(places.size() == 1);
  CHECK(places[0].in == Place::In::Item);
  CHECK(places[0].where == inner);
}

TEST_CASE("an old object on one side where the other has a new one of the same contents", "[compare]") {
  // (`x = dropout(x)` on one side only: the quick walk cannot pair them, the full walk does)
  State root = program(600);
  const ObjId x = root.heap.alloc(list_of({Value::integer(7)}));
  State a = root, b = root;
  b.heap.alloc(list_of({}));
  const ObjId fresh = b.heap.alloc(list_of({Value::integer(7)}));
  a.frame().slots = {Value::object(x)};
  b.frame().slots = {Value::object(fresh)};
  std::vector<Place> places;
  CHECK(same(a, b, Differ::Scalars, places));
}
