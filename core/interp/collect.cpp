// Reclaiming what a path can no longer reach, at the heads of the project's loops. A training
// loop allocates tensors, bound methods and batches in every iteration; without this, each
// path's heap grows with iterations × objects and peak memory with the length of the run.
//
// Generational, so that no value the interpreter holds in C++ is ever freed: only objects
// allocated since the loop's previous head (the young ones) are candidates. Everything the C++
// frames outside this iteration's body hold (the loop's items, a caller's arguments, a
// half-evaluated expression around the call that runs the loop) was allocated before that head,
// so it is old, and old objects are never freed here. The first head of each execution of a
// loop only takes the mark. A young object is kept when the path's roots reach it (its frames,
// pending return value or exception, sys.modules, the joined lookups) directly, through other
// young objects, or through an old object written since the head (found by comparing the heap
// with the one at the head; an old object nobody wrote cannot point at a younger one).
#include <vector>

#include "interp/interpreter.h"

namespace tenscan::interp {

namespace {

// Calls f on every object id a value or an object refers to.
template <typename F>
void refs_of(const Value& v, F&& f) {
  if (v.kind == VKind::Obj) f(v.obj);
}

template <typename F>
void refs_of(const Object& o, F&& f) {
  f(o.cls);
  for (const auto& [k, v] : o.attrs) refs_of(v, f);
  for (const Value& v : o.items) refs_of(v, f);
  for (const auto& e : o.entries) {
    refs_of(e.key, f);
    refs_of(e.value, f);
  }
  for (ObjId m : o.mro) f(m);
  f(o.fn.globals);
  f(o.fn.owner_class);
  for (const Value& v : o.fn.defaults) refs_of(v, f);
  for (const auto& [k, v] : o.fn.kwdefaults) refs_of(v, f);
  for (ObjId c : o.fn.closure) f(c);
  if (o.builtin.self) refs_of(*o.builtin.self, f);
  refs_of(o.a, f);
  refs_of(o.b, f);
  refs_of(o.c, f);
}

// Frees the objects of st allocated since `base` that its roots do not reach; returns how many.
int reclaim(State& st, const Heap& base) {
  const std::size_t young = base.size(), size = st.heap.size();
  if (size <= young) return 0;
  std::vector<bool> reached(size - young, false);
  std::vector<ObjId> work;
  auto reach = [&](ObjId id) {
    if (id >= young && id < size && !reached[id - young]) {
      reached[id - young] = true;
      work.push_back(id);
    }
  };
  for (const Frame& f : st.frames) {
    for (const Value& v : f.slots) refs_of(v, reach);
    for (ObjId id : {f.globals, f.function, f.class_ns, f.generator}) reach(id);
    refs_of(f.handling.exc, reach);
  }
  refs_of(st.ret, reach);
  refs_of(st.raised->exc, reach);
  reach(st.tensor_cls);
  for (const auto& [name, id] : st.modules) reach(id);
  for (const auto& j : *st.joined_lookups) {
    reach(j.dict);
    refs_of(j.value, reach);
  }
  // old objects written since the head
  st.heap.for_each_changed(base, [&](ObjId id) {
    refs_of(st.heap.get(id), reach);
    return true;
  });
  while (!work.empty()) {
    ObjId id = work.back();
    work.pop_back();
    refs_of(st.heap.get(id), reach);
  }
  int freed = 0;
  for (std::size_t id = young; id < size; ++id) {
    auto oid = static_cast<ObjId>(id);
    if (!reached[id - young] && !st.heap.is_released(oid)) {
      st.heap.release(oid);
      ++freed;
    }
  }
  return freed;
}

}  // namespace

void Interpreter::loop_head(States& live, std::uint64_t loop) {
  for (State& st : live) {
    if (!st.normal()) continue;
    auto& marks = st.loop_marks;
    if (!marks.empty() && marks.back().loop == loop)
      result_.stats.objects_reclaimed += reclaim(st, *marks.back().base);
    else
      marks.push_back({loop, nullptr});
    marks.back().base = std::make_shared<const Heap>(st.heap);
  }
}

void Interpreter::loop_exit(States& out, std::uint64_t loop) {
  for (State& st : out) {
    auto& marks = st.loop_marks;
    for (std::size_t i = marks.size(); i-- > 0;)
      if (marks[i].loop == loop) {
        marks.resize(i);  // (and the marks of loops inside it that an exception left)
        break;
      }
  }
}

}  // namespace tenscan::interp
