// Structural comparison of execution paths (see compare.h).
#include "interp/compare.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "interp/join.h"

namespace tenscan::interp {

bool same_tensor(const Object& x, const Object& y) {
  if (x.tensor.has_value() != y.tensor.has_value()) return false;
  return !x.tensor || (x.tensor->shape == y.tensor->shape && x.tensor->dtype == y.tensor->dtype);
}

namespace {

bool equivalent_at(const State& a, const Value& x, const State& b, const Value& y, int depth) {
  if (x.kind != y.kind) return false;
  if (x.kind != VKind::Obj) return same_value(x, y);
  if (x.obj == y.obj) return true;
  if (depth > 3 || !a.heap.valid(x.obj) || !b.heap.valid(y.obj)) return false;
  const Object& ox = a.heap.get(x.obj);
  const Object& oy = b.heap.get(y.obj);
  if (ox.kind != oy.kind || ox.cls != oy.cls || !same_tensor(ox, oy)) return false;
  auto same = [&](const Value& u, const Value& v) { return equivalent_at(a, u, b, v, depth + 1); };
  if (!same_members(ox, oy, same)) return false;
  return ox.fn.code == oy.fn.code && ox.builtin.id == oy.builtin.id && ox.name == oy.name;
}

// Where a compared value is (a Place without the values: made for every comparison).
struct Where {
  Place::In in;
  std::size_t where = 0, index = 0;
  const std::string* attr = nullptr;
};

// Records the scalars that may differ: a leaf comparison that lists a differing pair of the
// allowed kinds as a place instead of failing.
class Recorder {
 public:
  Recorder(Differ differ, std::vector<Place>& places) : differ_(differ), places_(places) {}
  /// Whether x and y differ as scalars the comparison allows (then recorded at `p`).
  bool record(const Value& x, const Value& y, const Where& w) {
    if (same_value(x, y)) return false;
    bool ok = false;
    if (x.kind == y.kind)
      ok = x.kind == VKind::Float ||
           (differ_ != Differ::Floats && (x.kind == VKind::Int || x.kind == VKind::Bool ||
                                          (x.kind == VKind::Choice && x.obj == y.obj)));
    else  // (not in lists and dicts: the library models read their elements directly)
      ok = differ_ == Differ::Kinds && w.in != Place::In::Item && w.in != Place::In::Entry && choosable(x, y);
    if (!ok) return false;
    places_.push_back({w.in, w.where, w.index, w.attr ? *w.attr : std::string(), x, y});
    return true;
  }
  /// Whether two tensors' values are the same or may differ (recorded as a Values place of the
  /// first path's object `id`): they always may, as floats do.
  bool values(const TensorVal& x, const TensorVal& y, std::size_t id) {
    if (x.values == y.values) return true;
    places_.push_back({Place::In::Values, id, 0, std::string(), Value::floating(x.values.range()),
                       Value::floating(y.values.range()),
                       std::make_shared<const std::array<domain::TensorValues, 2>>(
                           std::array<domain::TensorValues, 2>{x.values, y.values})});
    return true;
  }

 private:
  Differ differ_;
  std::vector<Place>& places_;
};

Where slot(std::size_t frame, std::size_t k) { return {Place::In::Slot, frame, k, nullptr}; }
Where member(Place::In in, ObjId id, std::size_t i, const std::string* attr = nullptr) { return {in, id, i, attr}; }
const Where kRet{Place::In::Ret, 0, 0, nullptr};

// The fast comparison, when both paths hold their objects at the same ids (the arms of a branch
// that allocated alike): the frames' values, and each object either path wrote since they forked.
bool same_ids(const State& a, const State& b, Recorder& rec, std::size_t& work) {
  auto leaf = [&](const Value& x, const Value& y, const Where& w) {
    return equivalent_at(a, x, b, y, 0) || rec.record(x, y, w);
  };
  if (a.flow == Flow::Return && !leaf(a.ret, b.ret, kRet)) return false;
  if (a.flow == Flow::Raise && !equivalent(a, a.raised->exc, b, b.raised->exc)) return false;
  for (std::size_t i = 0; i < a.frames.size(); ++i) {
    const auto& fa = a.frames[i];
    const auto& fb = b.frames[i];
    if (fa.slots.size() != fb.slots.size() || fa.generator != fb.generator) return false;
    for (std::size_t k = 0; k < fa.slots.size(); ++k)
      if (!leaf(fa.slots[k], fb.slots[k], slot(i, k))) return false;
  }
  if (a.heap.same_as(b.heap)) return true;
  work += std::min(a.heap.size(), b.heap.size()) / 64;  // pointer comparisons: cheap
  return a.heap.for_each_changed(b.heap, [&](ObjId id) {
    ++work;
    const Object& x = a.heap.get(id);
    const Object& y = b.heap.get(id);
    if (x.kind != y.kind || !same_tensor(x, y) || x.items.size() != y.items.size() ||
        x.entries.size() != y.entries.size() || x.attrs.size() != y.attrs.size())
      return false;
    if (x.tensor && !rec.values(*x.tensor, *y.tensor, id)) return false;
    for (std::size_t i = 0; i < x.items.size(); ++i)
      if (!leaf(x.items[i], y.items[i], member(Place::In::Item, id, i))) return false;
    for (std::size_t i = 0; i < x.entries.size(); ++i)
      if (!equivalent(a, x.entries[i].key, b, y.entries[i].key) ||
          !leaf(x.entries[i].value, y.entries[i].value, member(Place::In::Entry, id, i)))
        return false;
    for (const auto& [k, v] : x.attrs) {
      auto it = y.attrs.find(k);
      if (it == y.attrs.end() || !leaf(v, it->second, member(Place::In::Attr, id, 0, &k))) return false;
    }
    return true;
  });
}

// A renaming of one path's young symbols onto another's (see covers_up_to_renaming), built
// while the two are compared: b's symbol -> a's.
class Renaming {
 public:
  Renaming(const State& a, const State& b, sym::SymId young, const std::function<int(sym::SymId)>& kind_of)
      : a_(a), b_(b), young_(young), kind_of_(kind_of) {}
  /// Whether b's expression or condition y is a's x under the renaming (extended as needed).
  template <typename E>
  bool match(const E& x, const E& y) {
    auto xs = x.symbols(), ys = y.symbols();
    if (xs.size() != ys.size()) return false;
    for (std::size_t i = 0; i < xs.size(); ++i)
      if (!pair(xs[i], ys[i])) return false;
    return x.str(plain_) == y.str(mapped_);
  }
  [[nodiscard]] bool is_image(sym::SymId id) const { return images_.count(id) != 0; }
  sym::SymbolNamer plain_ = [](sym::SymId id) { return "s" + std::to_string(id); };
  sym::SymbolNamer mapped_ = [this](sym::SymId id) {
    auto it = map_.find(id);
    return "s" + std::to_string(it == map_.end() ? id : it->second);
  };

 private:
  bool pair(sym::SymId x, sym::SymId y) {
    if (x < young_ || y < young_) return x == y;  // older symbols are the same on both
    auto it = map_.find(y);
    if (it != map_.end()) return it->second == x;
    if (images_.count(x) || kind_of_(x) != kind_of_(y) || !(a_.ranges.get(x) == b_.ranges.get(y))) return false;
    map_.emplace(y, x);
    images_.insert(x);
    return true;
  }
  const State& a_;
  const State& b_;
  sym::SymId young_;
  const std::function<int(sym::SymId)>& kind_of_;
  std::map<sym::SymId, sym::SymId> map_;
  std::set<sym::SymId> images_;
};

// The general comparison: a simultaneous walk of everything reachable from the frames,
// sys.modules and the pending return value or exception, pairing objects one to one. Paths
// whose allocation histories differ (one arm of a branch called a layer, the other did not) but
// that hold the same shapes and values from here on are then one path (PyTea §3.2.3, beyond
// positional equality).
//
// `shared` (a quicker walk, tried first; never with a renaming): the objects one allocation
// made before the paths forked (the same birth in both heaps, heap.birth) pair only with
// themselves, since such an object may be referred to by one that both paths still share
// unchanged, whose references name it on both sides. A shared unchanged object is then the
// same on both sides, given that what it refers to is: it is paired without a walk of its
// members, and every object of that kind that either path changed is compared at the end,
// reached or not (one that only a shared object refers to is not reached otherwise). Most of
// two sibling paths' heaps is shared: the walk then visits what the paths changed and made,
// not the whole program (torchvision's modules and every layer). It fails where an old object
// of one path stands where the other has a new one (`x = dropout(x)` on one side only): the
// full walk decides those.
class Isomorphism {
 public:
  Isomorphism(const State& a, const State& b, Recorder& rec, Renaming* renaming = nullptr, bool shared = false)
      : a_(a), b_(b), rec_(rec), renaming_(renaming), shared_(shared && !renaming),
        common_(std::min(a.heap.size(), b.heap.size())) {
    // the pairing tables are kept between walks (merging compares many pairs of large heaps):
    // grown here, and reset where this walk wrote them when it ends
    if (ab_.size() < a.heap.size()) ab_.resize(a.heap.size(), kNoObj);
    if (ba_.size() < b.heap.size()) ba_.resize(b.heap.size(), kNoObj);
  }
  ~Isomorphism() {
    for (ObjId x : paired_) {
      ba_[ab_[x]] = kNoObj;
      ab_[x] = kNoObj;
    }
  }
  Isomorphism(const Isomorphism&) = delete;
  Isomorphism& operator=(const Isomorphism&) = delete;

  bool states() {
    if (!obj(a_.tensor_cls, b_.tensor_cls) || a_.modules.size() != b_.modules.size()) return false;
    const bool same_table = a_.modules == b_.modules;  // (mostly one shared table: no name comparisons)
    for (auto ia = a_.modules.begin(), ib = b_.modules.begin(); ia != a_.modules.end(); ++ia, ++ib)
      if ((!same_table && ia->first != ib->first) || !obj(ia->second, ib->second)) return false;
    if (!leaf(a_.ret, b_.ret, kRet) || !value(a_.raised->exc, b_.raised->exc)) return false;
    for (std::size_t i = 0; i < a_.frames.size(); ++i) {
      const Frame& fa = a_.frames[i];
      const Frame& fb = b_.frames[i];
      if (fa.code != fb.code || fa.slots.size() != fb.slots.size()) return false;
      if (!obj(fa.globals, fb.globals) || !obj(fa.function, fb.function) || !obj(fa.class_ns, fb.class_ns) ||
          !obj(fa.generator, fb.generator) || !value(fa.handling.exc, fb.handling.exc))
        return false;
      for (std::size_t k = 0; k < fa.slots.size(); ++k)
        if (!leaf(fa.slots[k], fb.slots[k], slot(i, k))) return false;
    }
    if (!drain()) return false;
    if (!shared_) return true;
    // (the changed objects of before the fork that no walk reached: see above)
    const bool paired = a_.heap.for_each_changed(b_.heap, [&](ObjId id) {
      if (!old(id) || ab_[id] != kNoObj) return true;
      ++visited_;
      return obj(id, id);
    });
    return paired && drain();
  }
  /// Object pairs compared so far (the cost of the walk).
  [[nodiscard]] std::size_t visits() const { return visited_; }

 private:
  static constexpr std::size_t kMaxVisits = 200'000;

  bool drain() {
    while (!work_.empty()) {
      auto [x, y] = work_.back();
      work_.pop_back();
      if (++visited_ > kMaxVisits || !contents(x, y)) return false;
    }
    return true;
  }
  // (shared walk) made by the same allocation in both heaps, before the paths forked
  [[nodiscard]] bool old(ObjId id) const { return shared_ && id < common_ && a_.heap.birth(id) == b_.heap.birth(id); }
  bool obj(ObjId x, ObjId y) {
    if (x == kNoObj || y == kNoObj) return x == y;
    if (!a_.heap.valid(x) || !b_.heap.valid(y)) return false;
    if (x != y && (old(x) || old(y))) return false;
    if (ab_[x] != kNoObj) return ab_[x] == y;
    if (ba_[y] != kNoObj) return false;  // y is already the image of another object
    ab_[x] = y;
    ba_[y] = x;
    paired_.push_back(x);
    // (a shared unchanged object is the same on both sides: see above)
    if (!shared_ || x != y || a_.heap.ptr(x) != b_.heap.ptr(y)) work_.emplace_back(x, y);
    return true;
  }
  bool value(const Value& x, const Value& y) {
    if (x.kind != y.kind) return false;
    if (x.kind != VKind::Obj) {
      if (same_value(x, y)) return true;
      if (!renaming_) return false;
      if (x.kind == VKind::Int) return renaming_->match(x.i, y.i);
      if (x.kind == VKind::Bool) return renaming_->match(x.b, y.b);
      return false;
    }
    return obj(x.obj, y.obj);
  }
  // the same tensor payload, or (renaming) one the renaming makes the same
  bool tensors(const Object& x, const Object& y) {
    if (same_tensor(x, y)) return true;
    if (!renaming_ || !x.tensor || !y.tensor || x.tensor->dtype != y.tensor->dtype ||
        x.tensor->shape.has_value() != y.tensor->shape.has_value() || x.tensor->rank() != y.tensor->rank() ||
        x.tensor->opaque != y.tensor->opaque)
      return false;
    for (std::size_t d = 0; d < x.tensor->rank(); ++d)
      if (!renaming_->match((*x.tensor->shape)[d], (*y.tensor->shape)[d])) return false;
    return true;
  }
  bool leaf(const Value& x, const Value& y, const Where& w) { return value(x, y) || rec_.record(x, y, w); }
  bool values(const std::vector<Value>& x, const std::vector<Value>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!value(x[i], y[i])) return false;
    return true;
  }
  bool contents(ObjId ix, ObjId iy) {
    const Object& x = a_.heap.get(ix);
    const Object& y = b_.heap.get(iy);
    if (&x == &y) {
      // the very same stored object (shared since a fork): only its references can differ
      return references(ix, x, y);
    }
    if (x.kind != y.kind || x.name != y.name || x.module != y.module || x.builtin_type != y.builtin_type ||
        x.summary_iter != y.summary_iter || x.last_batch != y.last_batch || x.fn.code != y.fn.code ||
        x.fn.module != y.fn.module || x.builtin.id != y.builtin.id ||
        x.builtin.self.has_value() != y.builtin.self.has_value() || !(x.start == y.start) || !(x.stop == y.stop) ||
        !(x.step == y.step) || x.mro.size() != y.mro.size() || !tensors(x, y))
      return false;
    if (x.tensor && !rec_.values(*x.tensor, *y.tensor, ix)) return false;
    return references(ix, x, y);
  }
  bool members(ObjId ix, const Object& x, const Object& y) {
    if (x.items.size() != y.items.size() || x.entries.size() != y.entries.size() || x.attrs.size() != y.attrs.size())
      return false;
    for (std::size_t i = 0; i < x.items.size(); ++i)
      if (!leaf(x.items[i], y.items[i], member(Place::In::Item, ix, i))) return false;
    for (std::size_t i = 0; i < x.entries.size(); ++i) {
      const Value &kx = x.entries[i].key, &ky = y.entries[i].key;
      if (!(kx.is_obj() ? value(kx, ky) : same_value(kx, ky)) ||
          !leaf(x.entries[i].value, y.entries[i].value, member(Place::In::Entry, ix, i)))
        return false;
    }
    for (const auto& [k, v] : x.attrs) {
      if (&x == &y) {  // the very same stored object: no lookups by name
        if (!value(v, v)) return false;
        continue;
      }
      auto it = y.attrs.find(k);
      if (it == y.attrs.end() || !leaf(v, it->second, member(Place::In::Attr, ix, 0, &k))) return false;
    }
    return true;
  }
  bool references(ObjId ix, const Object& x, const Object& y) {
    if (!obj(x.cls, y.cls) || !members(ix, x, y)) return false;
    for (std::size_t i = 0; i < x.mro.size(); ++i)
      if (!obj(x.mro[i], y.mro[i])) return false;
    if (!value(x.a, y.a) || !value(x.b, y.b) || !value(x.c, y.c)) return false;
    if (x.builtin.self && !value(*x.builtin.self, *y.builtin.self)) return false;
    const Function& f = x.fn;
    const Function& g = y.fn;
    if (!obj(f.globals, g.globals) || !obj(f.owner_class, g.owner_class) || !values(f.defaults, g.defaults) ||
        f.kwdefaults.size() != g.kwdefaults.size() || f.closure.size() != g.closure.size())
      return false;
    for (auto i = f.kwdefaults.begin(), j = g.kwdefaults.begin(); i != f.kwdefaults.end(); ++i, ++j)
      if (i->first != j->first || !value(i->second, j->second)) return false;
    for (std::size_t i = 0; i < f.closure.size(); ++i)
      if (!obj(f.closure[i], g.closure[i])) return false;
    return true;
  }

  const State& a_;
  const State& b_;
  Recorder& rec_;
  Renaming* renaming_;
  bool shared_;
  std::size_t common_;  ///< the ids both heaps have
  static thread_local std::vector<ObjId> ab_, ba_;  ///< the pairing so far, by object id (kNoObj: none yet)
  std::vector<ObjId> paired_;                       ///< the ids of a this walk paired
  std::vector<std::pair<ObjId, ObjId>> work_;
  std::size_t visited_ = 0;
};

void mix(std::size_t& h, std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }

// The part of a value the signature sees, and of the objects it refers to down to `depth`.
void sign(const State& st, const Value& v, int depth, std::size_t& h) {
  // (None, ints, floats and choices between them may be joined into one choice: one kind here)
  mix(h, Value::choosable(v.kind) || v.kind == VKind::Choice ? static_cast<std::size_t>(VKind::Choice)
                                                               : static_cast<std::size_t>(v.kind));
  if (v.kind == VKind::Str || v.kind == VKind::Unknown) {
    mix(h, v.s ? std::hash<std::string>{}(*v.s) : 1);
    return;
  }
  if (v.kind != VKind::Obj || !st.heap.valid(v.obj)) return;
  const Object& o = st.heap.get(v.obj);
  mix(h, static_cast<std::size_t>(o.kind));
  mix(h, o.items.size());
  mix(h, o.entries.size());
  mix(h, o.attrs.size());
  if (o.tensor) {
    mix(h, static_cast<std::size_t>(o.tensor->dtype));
    mix(h, o.tensor->shape ? o.tensor->shape->size() + 1 : 0);
    if (o.tensor->shape)
      for (const auto& d : *o.tensor->shape) mix(h, d.hash());
  }
  if (depth == 0) return;
  constexpr std::size_t kMembers = 16;  // a bound on the cost: the first members only
  for (std::size_t i = 0; i < o.items.size() && i < kMembers; ++i) sign(st, o.items[i], depth - 1, h);
  for (std::size_t i = 0; i < o.entries.size() && i < kMembers; ++i) sign(st, o.entries[i].value, depth - 1, h);
  if (o.kind == OKind::Instance) {
    std::size_t sum = 0;  // attributes compare by name, in any order: an order-blind sum
    for (const auto& [k, m] : o.attrs) {
      std::size_t a = std::hash<std::string>{}(k);
      sign(st, m, depth - 1, a);
      sum += a;
    }
    mix(h, sum);
  }
}

thread_local std::vector<ObjId> Isomorphism::ab_;
thread_local std::vector<ObjId> Isomorphism::ba_;

}  // namespace

namespace {
// What two paths must share before their heaps are worth comparing: where they are, what they
// imported, and (module mode) the check they belong to. Two checks are never one path, nor a
// guessed rank a known one.
bool may_be_one(const State& a, const State& b) {
  return a.flow == b.flow && a.frames.size() == b.frames.size() && a.modules == b.modules &&
         a.tensor_cls == b.tensor_cls && a.module_check == b.module_check && a.module_decl == b.module_decl &&
         a.guessed_rank == b.guessed_rank;
}
}  // namespace

bool covers_up_to_renaming(const State& a, const State& b, sym::SymId young,
                           const std::function<int(sym::SymId)>& kind_of, std::size_t& work) {
  if (!may_be_one(a, b)) return false;
  // (the constraint check below prints every constraint: not for paths with thousands)
  constexpr std::size_t kMaxConstraints = 4096;
  if (a.hard.size() + b.hard.size() > kMaxConstraints) return false;
  std::vector<Place> floats;
  Recorder rec(Differ::Floats, floats);
  Renaming renaming(a, b, young, kind_of);
  {
    Isomorphism iso(a, b, rec, &renaming);
    bool same = iso.states();
    work += iso.visits();
    if (!same) return false;
  }
  // (floats and tensor values by their ranges: a tensor's affine forms are over summary
  // variables each iteration makes afresh, renamed like the symbols it made)
  for (const Place& p : floats)
    if (!p.y.f.leq(p.x.f)) return false;
  std::set<std::string> theirs;
  for (const auto& c : b.hard) theirs.insert(c.str(renaming.mapped_));
  for (const auto& c : a.hard) {
    auto ids = c.symbols();
    bool bears = std::any_of(ids.begin(), ids.end(), [&](sym::SymId id) { return id < young || renaming.is_image(id); });
    if (bears && !theirs.count(c.str(renaming.plain_))) return false;
  }
  return true;
}

std::size_t signature(const State& st) {
  std::size_t h = static_cast<std::size_t>(st.flow);
  mix(h, st.frames.size());
  for (const Frame& f : st.frames) {
    mix(h, std::hash<const void*>{}(f.code));
    mix(h, f.slots.size());
    for (const Value& v : f.slots) sign(st, v, 2, h);
  }
  if (st.flow == Flow::Return) sign(st, st.ret, 2, h);
  return h;
}

std::string place_name(const State& st, const Place& p, const std::string& what) {
  switch (p.in) {
    case Place::In::Slot: {
      const ir::Code* code = st.frames[p.where].code;
      if (code && p.index < code->slot_names.size()) return code->slot_names[p.index];
      return "a local variable";
    }
    case Place::In::Attr: return p.attr;
    case Place::In::Item: return "an element of a list";
    case Place::In::Entry: return "a value in a dict";
    case Place::In::Ret: return what.empty() ? std::string("a returned value") : what;
    case Place::In::Values: return "the values of a tensor";
    case Place::In::Exc: break;
  }
  return "a value";
}

std::size_t common_requirements(const State& a, const State& b) {
  std::size_t p = 0;
  while (p < a.reqs.size() && p < b.reqs.size() &&
         (a.reqs[p] == b.reqs[p] || (a.reqs[p]->cond == b.reqs[p]->cond && a.reqs[p]->guard == b.reqs[p]->guard &&
                                     a.reqs[p]->site.line == b.reqs[p]->site.line)))
    ++p;
  return p;
}

bool equivalent(const State& a, const Value& x, const State& b, const Value& y) {
  return equivalent_at(a, x, b, y, 0);
}

void assign_at(State& st, const Place& p, const Value& v) {
  switch (p.in) {
    case Place::In::Ret: st.ret = v; return;
    case Place::In::Exc: st.raised.mut().exc = v; return;
    case Place::In::Slot: st.frames[p.where].slots[p.index] = v; return;
    case Place::In::Item: st.heap.mut(static_cast<ObjId>(p.where)).items[p.index] = v; return;
    case Place::In::Entry: st.heap.mut(static_cast<ObjId>(p.where)).entries[p.index].value = v; return;
    case Place::In::Attr: st.heap.mut(static_cast<ObjId>(p.where)).attrs[p.attr] = v; return;
    case Place::In::Values: {
      Object& o = st.heap.mut(static_cast<ObjId>(p.where));
      if (o.tensor && v.kind == VKind::Float) o.tensor->values = domain::TensorValues::of(v.f);
      return;
    }
  }
}

void assign_values(State& st, const Place& p, const domain::TensorValues& v) {
  if (p.in != Place::In::Values) return;
  Object& o = st.heap.mut(static_cast<ObjId>(p.where));
  if (o.tensor) o.tensor->values = v;
}

bool within(const Place& p, bool y_in_x) {
  if (p.in == Place::In::Values && p.values) return (*p.values)[y_in_x ? 1 : 0].leq((*p.values)[y_in_x ? 0 : 1]);
  return y_in_x ? p.y.f.leq(p.x.f) : p.x.f.leq(p.y.f);
}

bool same_up_to_scalars(const State& a, const State& b, Differ differ, std::vector<Place>& places, std::size_t& work) {
  if (!may_be_one(a, b)) return false;
  places.clear();
  Recorder rec(differ, places);
  if (same_ids(a, b, rec, work)) return true;
  places.clear();
  {
    Isomorphism quick(a, b, rec, nullptr, true);
    const bool same = quick.states();
    work += quick.visits();
    if (same) return true;
  }
  places.clear();
  Isomorphism iso(a, b, rec);
  bool same = iso.states();
  work += iso.visits();
  return same;
}

}  // namespace tenscan::interp
