// Symbolic Python values and the per-path heap. A Value is small and copyable; mutable
// Python objects (lists, dicts, instances, modules, ...) live in the Heap and are shared
// copy-on-write between execution paths.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "domain/float_range.h"
#include "domain/tensor_values.h"
#include "ir/ir.h"
#include "symbolic/expr.h"

namespace tenscan::interp {

using ObjId = std::uint32_t;
constexpr ObjId kNoObj = 0;  // object 0 is never allocated

enum class DType : std::uint8_t {
  Unknown, Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64, Complex64, Complex128
};
const char* dtype_name(DType d);
bool dtype_is_float(DType d);
bool dtype_is_integer(DType d);  ///< integral, bool excluded

/// The assumption a tensor's values rest on and the operations that made them, newest first
/// ("in [0, 1] from ToTensor() at data.py:12", "torch.exp at train.py:40"): a finding on them
/// says where they came from. Shared and immutable: each operation adds a link.
struct ValueSource {
  std::string what;  ///< "in [0, 1) from torch.rand", "torch.exp"
  /// The operation that made them ("exp", "softmax", "-"; empty for an origin): what the
  /// idioms read (a log of a softmax, an exp of a difference).
  std::string op;
  ir::Loc loc;       ///< where (project code, or none)
  std::shared_ptr<const ValueSource> from;  ///< the operand's source (nullptr: the origin)
  int depth = 0;     ///< links behind this one
  /// A comparison's boolean result (`x > 0`): the tensor object it compared, the operator and
  /// the number, so that torch.where(x > 0, x, eps) knows where it takes x (ObjId 0: none).
  std::uint32_t compared = 0;
  std::string comparison;
  double against = 0;
};

/// Where a tensor's rank and each of its dims got their sizes (TensorVal::made).
struct ShapeOrigin {
  ir::Loc rank;
  std::vector<ir::Loc> dims;
};

/// An elementwise operation that broadcast a column against a vector of its length ([N, 1]
/// against [N] to [N, N]): every element of one paired with every element of the other
/// (TensorVal::paired).
struct PairedBroadcast {
  ir::Loc site;                     ///< the operation
  std::string op;                   ///< its name ("-", "==")
  std::vector<sym::Expr> left, right, result;
  ir::Loc left_at, right_at;        ///< where the operands got their shapes
};

/// A tensor's abstract value: a shape (a list of dimension expressions, or unknown rank)
/// and an element type. `origin` is where (in the project's code) it got this shape.
struct TensorVal {
  std::optional<std::vector<sym::Expr>> shape;  ///< nullopt: rank unknown
  DType dtype = DType::Float32;
  ir::Loc origin;
  /// Data tenscan cannot see (torch.load): its rank and dims are unknown properties of the
  /// data. The first operation that needs an exact rank fixes it, with fresh dims (Data
  /// symbols), on this path; later uses are checked against that (ShapeTracer's symbolic rank).
  bool opaque = false;
  /// The rank was fixed by a use (origin is that use), not by how the tensor was made.
  bool assumed = false;
  /// Module mode (AnalysisOptions::module_mode): an opaque tensor that is, or has the shape
  /// of, an argument of the forward being checked (its number in Interpreter::module_inputs,
  /// 0: none). Its rank is fixed by the first layer that takes it, batched, with dims named as
  /// that layer's documentation names them ([B, C, H, W] for a Conv2d).
  std::uint32_t module_input = 0;
  /// An opaque tensor with the shape of another (x.float(), F.relu(x), dropout): that tensor,
  /// whose rank is fixed too when this one's is (kNoObj: none).
  ObjId same_shape_as = kNoObj;
  /// The operations with open requirements this tensor was computed from (nearest ones, at
  /// most a few; see Requirement::after). Not part of the tensor's identity for merging.
  std::vector<std::uint32_t> after{};
  /// The shape report's dataflow (AnalysisOptions::trace_modules only): the rows of the module
  /// trace whose outputs this tensor was computed from, nearest ones, at most a few (empty: no
  /// module's; data the program made). Not part of the tensor's identity for merging.
  std::vector<int> modules{};
  /// What its elements hold (the numerical domain, models/numeric.h): DEBAR's partitions, each
  /// an interval (NaN if any may be NaN, its bounds reached or not: domain/float_range.h) and an
  /// affine form over summary variables (domain/tensor_values.h). Top, the default, is data
  /// nothing is known of. Paths whose tensors differ only in their values merge, their values
  /// joined (a Place::In::Values place).
  domain::TensorValues values{};
  /// Where `values` came from, for the findings that name it (nullptr: nowhere in particular).
  std::shared_ptr<const ValueSource> source{};
  /// Where its rank and dims were made, where an operation passed some on from an operand
  /// unchanged (x[:n] keeps x's rank and later dims, a Dense layer all but the last, a
  /// broadcast the trailing ones): the origins of the operand's (Interpreter::new_tensor). Null:
  /// all from `origin`. Not part of the tensor's identity for merging.
  std::shared_ptr<const ShapeOrigin> made{};
  /// The tensor is, or was computed by operations that keep its elements' pairs from (pointwise
  /// functions, a scalar operand, a dtype conversion), a column broadcast against a vector:
  /// a reduction over all its elements averages every pair (shape/pairwise-broadcast). Not part
  /// of the tensor's identity for merging.
  std::shared_ptr<const PairedBroadcast> paired{};
  /// Its last axis is a 1 the program inserted (unsqueeze, None in an index, expand_dims): a
  /// column made to be paired with a vector on purpose.
  bool inserted_unit = false;
  [[nodiscard]] bool ranked() const { return shape.has_value(); }
  [[nodiscard]] const ir::Loc& rank_origin() const { return made ? made->rank : origin; }
  [[nodiscard]] const ir::Loc& dim_origin(std::size_t d) const {
    return made && d < made->dims.size() ? made->dims[d] : origin;
  }
  [[nodiscard]] std::size_t rank() const { return shape ? shape->size() : 0; }
};

enum class VKind : std::uint8_t {
  Undef,    ///< an unbound local (reading it raises UnboundLocalError)
  None, Bool, Int, Float, Str,
  Obj,      ///< a heap object
  Unknown,  ///< a value the analyzer cannot know (unmodelled call, I/O); `label` says why
  /// One of two scalars of different kinds (None, int, float) that two merged paths held at the
  /// same place: the first under the condition `b`, the second otherwise (see Value::choice).
  /// Only stored, never operated on: reading it splits the path (Interpreter::eval).
  Choice,
};

struct Value {
  VKind kind = VKind::None;
  ObjId obj = kNoObj;
  sym::Expr i;   ///< Int
  sym::Cond b;   ///< Bool (possibly symbolic)
  domain::FloatRange f;  ///< Float
  std::shared_ptr<const std::string> s;  ///< Str (null = unknown string); Unknown: label

  static Value none() { return {}; }
  static Value undef() { Value v; v.kind = VKind::Undef; return v; }
  static Value boolean(bool x) { Value v; v.kind = VKind::Bool; v.b = sym::Cond::truth(x); return v; }
  static Value boolean(sym::Cond c) { Value v; v.kind = VKind::Bool; v.b = std::move(c); return v; }
  static Value integer(std::int64_t x) { Value v; v.kind = VKind::Int; v.i = sym::Expr::constant(x); return v; }
  static Value integer(sym::Expr e) { Value v; v.kind = VKind::Int; v.i = std::move(e); return v; }
  /// A float: x, or one the analyzer does not know (nullopt).
  static Value floating(std::optional<double> x) {
    return floating(x ? domain::FloatRange::point(*x) : domain::FloatRange::top());
  }
  static Value floating(domain::FloatRange r) { Value v; v.kind = VKind::Float; v.f = r; return v; }
  static Value str(std::string x) { Value v; v.kind = VKind::Str; v.s = std::make_shared<const std::string>(std::move(x)); return v; }
  static Value unknown_str() { Value v; v.kind = VKind::Str; return v; }
  static Value object(ObjId id) { Value v; v.kind = VKind::Obj; v.obj = id; return v; }
  static Value unknown(std::string label) { Value v; v.kind = VKind::Unknown; v.s = std::make_shared<const std::string>(std::move(label)); return v; }
  /// `x` when `when` holds, `y` otherwise: scalars of two different kinds among None, int and
  /// float (choosable). Stored in the fields a scalar uses: the condition in b, the int in i,
  /// the float in f, the two kinds (in increasing order) in obj.
  static Value choice(const sym::Cond& when, const Value& x, const Value& y) {
    if (x.kind > y.kind) return choice(!when, y, x);
    Value v;
    v.kind = VKind::Choice;
    v.b = when;
    v.obj = (static_cast<ObjId>(x.kind) << 8) | static_cast<ObjId>(y.kind);
    for (const Value* a : {&x, &y}) {
      if (a->kind == VKind::Int) v.i = a->i;
      if (a->kind == VKind::Float) v.f = a->f;
    }
    return v;
  }
  /// Whether a scalar of this kind can be one side of a choice.
  static bool choosable(VKind k) { return k == VKind::None || k == VKind::Int || k == VKind::Float; }
  /// A choice's first (which = 0, under b) or second alternative.
  [[nodiscard]] Value alternative(int which) const {
    auto k = static_cast<VKind>(which == 0 ? (obj >> 8) : (obj & 0xff));
    Value a;
    a.kind = k;
    if (k == VKind::Int) a.i = i;
    if (k == VKind::Float) a.f = f;
    return a;
  }
  /// The alternatives of a value: a choice's two, or the value itself.
  [[nodiscard]] std::vector<Value> alternatives() const {
    if (kind == VKind::Choice) return {alternative(0), alternative(1)};
    return {*this};
  }

  [[nodiscard]] bool is_none() const { return kind == VKind::None; }
  [[nodiscard]] bool is_obj() const { return kind == VKind::Obj; }
  [[nodiscard]] bool is_int() const { return kind == VKind::Int; }
  [[nodiscard]] bool is_str() const { return kind == VKind::Str; }
  [[nodiscard]] bool is_unknown() const { return kind == VKind::Unknown; }
  /// Unknown, or a string whose text is unknown: nothing tenscan can compare or spell.
  [[nodiscard]] bool is_unknown_or_unknown_str() const { return is_unknown() || (kind == VKind::Str && !s); }
  [[nodiscard]] std::optional<std::int64_t> const_int() const {
    if (kind == VKind::Int) return i.as_const();
    if (kind == VKind::Bool) {
      if (b.is_true()) return 1;
      if (b.is_false()) return 0;
    }
    return std::nullopt;
  }
  /// A float's value when it is known (one double, or NaN).
  [[nodiscard]] std::optional<double> const_float() const {
    return kind == VKind::Float ? f.constant() : std::nullopt;
  }
  [[nodiscard]] const std::string* const_str() const { return kind == VKind::Str ? s.get() : nullptr; }
};

/// Structural equality of two values as the analyzer sees them (used for path merging and
/// dict keys): same kind and same symbolic content; objects by identity.
bool same_value(const Value& a, const Value& b);

struct DictEntry;
/// The index of `key` among a dict's entries; -1 when it is certainly absent, -2 when an
/// unknown key (or string) makes that undecidable.
std::ptrdiff_t dict_find(const std::vector<DictEntry>& es, const Value& key);
/// d[key] = value on a dict's entries. A key tenscan does not know may be any of the others:
/// what they hold is then no longer known (`total[classes[label]] += 1` counts into some entry).
void dict_store(std::vector<DictEntry>& es, const Value& key, const Value& value);

enum class OKind : std::uint8_t {
  Module, Class, Instance, Function, BoundMethod, Builtin, Cell,
  List, Tuple, Set, Dict, Range, Slice, Iterator,
  Property, StaticMethod, ClassMethod, Super,
};

struct Function {
  const ir::Code* code = nullptr;
  const ir::Module* module = nullptr;
  ObjId globals = kNoObj;            ///< the module object whose attrs are the globals
  std::vector<Value> defaults;       ///< for the trailing positional params with defaults
  std::map<std::string, Value> kwdefaults;
  std::vector<ObjId> closure;        ///< cells, in code->free_slots order
  ObjId owner_class = kNoObj;        ///< the class whose body defined it (zero-arg super())
};

/// A native function: a Python builtin, a method of a builtin type, or a tenscan primitive.
struct Builtin {
  int id = -1;                 ///< index into the interpreter's native table
  std::string name;            ///< qualified, for messages and statistics
  std::optional<Value> self;   ///< bound receiver, for methods of builtin types
};

/// One dict entry. Keys are concrete (str, int, bool, None) or objects by identity.
struct DictEntry {
  Value key;
  Value value;
};

/// An object's __dict__: in insertion order, as Python keeps it (vars(), a module's
/// children(), class namespaces), with a hash index once it grows beyond a few names.
class AttrMap {
 public:
  using value_type = std::pair<std::string, Value>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  [[nodiscard]] iterator begin() { return items_.begin(); }
  [[nodiscard]] iterator end() { return items_.end(); }
  [[nodiscard]] const_iterator begin() const { return items_.begin(); }
  [[nodiscard]] const_iterator end() const { return items_.end(); }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  [[nodiscard]] bool empty() const { return items_.empty(); }

  [[nodiscard]] iterator find(const std::string& k) { return items_.begin() + static_cast<std::ptrdiff_t>(position(k)); }
  [[nodiscard]] const_iterator find(const std::string& k) const {
    return items_.begin() + static_cast<std::ptrdiff_t>(position(k));
  }
  [[nodiscard]] std::size_t count(const std::string& k) const { return position(k) < items_.size() ? 1 : 0; }
  [[nodiscard]] const Value& at(const std::string& k) const {
    std::size_t i = position(k);
    if (i == items_.size()) throw std::out_of_range("AttrMap::at: " + k);
    return items_[i].second;
  }
  Value& operator[](const std::string& k) {
    std::size_t i = position(k);
    if (i < items_.size()) return items_[i].second;
    items_.emplace_back(k, Value{});
    if (!index_.empty() || items_.size() > kLinear) index();
    return items_.back().second;
  }
  std::size_t erase(const std::string& k) {
    std::size_t i = position(k);
    if (i == items_.size()) return 0;
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(i));
    index_.clear();
    if (items_.size() > kLinear) index();
    return 1;
  }

 private:
  static constexpr std::size_t kLinear = 8;  ///< up to this many names, lookups scan
  [[nodiscard]] std::size_t position(const std::string& k) const {
    if (index_.empty()) {
      for (std::size_t i = 0; i < items_.size(); ++i)
        if (items_[i].first == k) return i;
      return items_.size();
    }
    auto it = index_.find(k);
    return it == index_.end() ? items_.size() : it->second;
  }
  void index() {
    if (index_.empty())
      for (std::size_t i = 0; i < items_.size(); ++i) index_.emplace(items_[i].first, i);
    else
      index_.emplace(items_.back().first, items_.size() - 1);
  }
  std::vector<value_type> items_;
  std::unordered_map<std::string, std::size_t> index_;
};

/// A Python object in the heap.
struct Object {
  OKind kind;
  ObjId cls = kNoObj;  ///< the object's class (Instance, and builtin containers if set)
  AttrMap attrs;  ///< __dict__ (module globals, class namespace, instance attributes)
  std::vector<Value> items;        ///< List/Tuple/Set elements; Iterator: the remaining sequence
  std::vector<DictEntry> entries;  ///< Dict, in insertion order
  std::optional<TensorVal> tensor; ///< set on instances of torch.Tensor (and subclasses)
  // Class
  std::string name;
  std::vector<ObjId> mro;          ///< Class: method resolution order, itself first
  int builtin_type = -1;           ///< Class: a builtin type tag (list, dict, int, ...) or -1
  // Module
  const ir::Module* module = nullptr;  ///< null for an unknown (unmodelled) module
  bool unmodelled_library = false;     ///< Module: neither the project, the user's stubs nor tenscan's have it
  // Function / BoundMethod / Builtin / Property / StaticMethod / ClassMethod / Super / Cell
  Function fn;
  Builtin builtin;
  Value a, b, c;                   ///< BoundMethod: (self, func); Property: (fget, fset, fdel);
                                   ///< Static/ClassMethod: a = func; Super: (start class, self); Cell: a
  // Range; a summary list keeps its length symbol in stop (see Interpreter::summary_length)
  sym::Expr start, stop, step;
  // Iterator over an unknown number of elements (DataLoader): each listed element stands for
  // "some iteration"; see interp for the loop semantics. On a List: a list built by a loop
  // over an unknown number of iterations (a summary list): its length is unknown and each
  // listed element stands for some of its elements.
  bool summary_iter = false;
  /// Dict: made by a display in the project's own code (`{"lr": 0.1}`) and changed only in ways
  /// that keep every key known, so a key it lacks is a certain KeyError (see known_keys); a
  /// dict a library model, a loop summary or an update with unknown keys made is not.
  bool project_keys = false;
  /// Summary iterator: its last element is a DataLoader's last, smaller minibatch, described by
  /// Interpreter::last_batch(last_batch); -1 otherwise.
  int last_batch = -1;
  ir::Loc alloc_site;              ///< where the project's code created it
};

/// Every key of dict `o` is known: made by the project's code (project_keys), no loop summary,
/// each key a constant string or integer. A key it lacks is then a certain KeyError.
bool known_keys(const Object& o);

/// The heap of one execution path. Objects are shared between paths and copied on write, in
/// chunks of kChunk object pointers, so forking a path copies size/kChunk pointers, not size.
class Heap {
 public:
  static constexpr std::size_t kChunk = 256;
  Heap() { alloc(Object{}); }  // id 0 is never a real object
  ObjId alloc(Object o) {
    std::size_t id = size_;
    if (id % kChunk == 0) chunks_.push_back(std::make_shared<Chunk>());
    Chunk& c = chunk_mut(id / kChunk);
    c.objects[id % kChunk] = std::make_shared<Object>(std::move(o));
    c.births[id % kChunk] = next_birth();
    ++size_;
    return static_cast<ObjId>(id);
  }
  [[nodiscard]] const Object& get(ObjId id) const { return *chunks_[id / kChunk]->objects[id % kChunk]; }
  /// A mutable reference, cloning the chunk and the object first if another path shares them.
  Object& mut(ObjId id) {
    auto& p = chunk_mut(id / kChunk).objects[id % kChunk];
    if (p.use_count() > 1) p = std::make_shared<Object>(*p);
    return *p;
  }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool valid(ObjId id) const { return id > 0 && id < size_; }
  /// Identity of the stored object (for structural comparison of two heaps).
  [[nodiscard]] const Object* ptr(ObjId id) const { return chunks_[id / kChunk]->objects[id % kChunk].get(); }
  /// Which allocation made the object at `id`: the same in two heaps exactly when both hold
  /// the object one allocation made there before they forked (changed since or not), never
  /// changed by writing or releasing the object. (A 32-bit count: two allocations far apart may
  /// share one, which only ever makes two paths' comparison stricter; see compare.cpp.)
  [[nodiscard]] std::uint32_t birth(ObjId id) const { return chunks_[id / kChunk]->births[id % kChunk]; }
  /// Calls f(id) for every id below both sizes whose object differs from `other`'s (this heap
  /// or `other` wrote it since they forked), skipping the chunks they still share; stops, and
  /// returns false, when f returns false.
  template <class F>
  bool for_each_changed(const Heap& other, F&& f) const {
    std::size_t n = std::min(size_, other.size_);
    for (std::size_t c = 0; c * kChunk < n; ++c) {
      if (chunks_[c] == other.chunks_[c]) continue;
      for (std::size_t i = c == 0 ? 1 : 0; i < kChunk && c * kChunk + i < n; ++i)
        if (chunks_[c]->objects[i] != other.chunks_[c]->objects[i] && !f(static_cast<ObjId>(c * kChunk + i)))
          return false;
    }
    return true;
  }
  /// Drops object id, which no value of this path reaches any more (see collect.cpp): its slot
  /// holds a shared empty object from now on, and the object is freed once no other path
  /// shares it.
  void release(ObjId id) { chunk_mut(id / kChunk).objects[id % kChunk] = reclaimed(); }
  [[nodiscard]] bool is_released(ObjId id) const { return ptr(id) == reclaimed().get(); }
  /// True when both heaps hold the very same objects (shared, unmodified since a fork).
  [[nodiscard]] bool same_as(const Heap& o) const {
    return size_ == o.size_ && for_each_changed(o, [](ObjId) { return false; });
  }

 private:
  struct Chunk {
    std::array<std::shared_ptr<Object>, kChunk> objects;
    std::array<std::uint32_t, kChunk> births{};
  };
  static std::uint32_t next_birth() {
    static std::atomic<std::uint32_t> count{0};
    return count.fetch_add(1, std::memory_order_relaxed) + 1;
  }
  static const std::shared_ptr<Object>& reclaimed() {
    static const std::shared_ptr<Object> tombstone = [] {
      auto o = std::make_shared<Object>();
      o->kind = OKind::Instance;
      o->name = "<reclaimed>";
      return o;
    }();
    return tombstone;
  }
  Chunk& chunk_mut(std::size_t c) {
    auto& p = chunks_[c];
    if (p.use_count() > 1) p = std::make_shared<Chunk>(*p);
    return *p;
  }
  std::vector<std::shared_ptr<Chunk>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace tenscan::interp
