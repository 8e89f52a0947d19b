// One execution path: its heap, its Python frames, its control flow, and its constraints
// (PyTea's hard constraints H and soft constraints S, thesis §3.2.2).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/value.h"
#include "symbolic/range.h"
#include "tenscan/core/rules.h"
#include "tenscan/core/sanitizers.h"

namespace tenscan::interp {

/// A message whose numbers may be symbolic; rendered with the counterexample's values when
/// the solver finds one ("[64, 9216]" rather than "[B, 9216]").
struct Msg {
  struct Part {
    enum class Kind { Text, Int, Shape } kind;
    std::string text;
    sym::Expr value;
    std::vector<sym::Expr> shape;
  };
  std::vector<Part> parts;

  Msg() = default;
  Msg(const char* s) { *this << s; }           // NOLINT(google-explicit-constructor)
  Msg(std::string s) { *this << std::move(s); }  // NOLINT(google-explicit-constructor)
  Msg& operator<<(std::string s) {
    parts.push_back({Part::Kind::Text, std::move(s), {}, {}});
    return *this;
  }
  Msg& operator<<(const char* s) { return *this << std::string(s); }
  Msg& operator<<(const sym::Expr& e) {
    parts.push_back({Part::Kind::Int, {}, e, {}});
    return *this;
  }
  Msg& operator<<(std::int64_t v) { return *this << sym::Expr::constant(v); }
  Msg& operator<<(int v) { return *this << sym::Expr::constant(v); }
  Msg& operator<<(const std::vector<sym::Expr>& shape) {
    parts.push_back({Part::Kind::Shape, {}, {}, shape});
    return *this;
  }
  Msg& operator<<(const Msg& m) {
    parts.insert(parts.end(), m.parts.begin(), m.parts.end());
    return *this;
  }
  /// The message with the symbols `value` knows read as their values, wherever that makes a
  /// number or a dimension known.
  [[nodiscard]] Msg with_values(const std::function<std::optional<std::int64_t>(sym::SymId)>& value) const {
    auto known = [&](const sym::Expr& e) {
      auto v = e.eval(value);
      return v ? sym::Expr::constant(*v) : e;
    };
    Msg out = *this;
    for (auto& part : out.parts) {
      if (part.kind == Part::Kind::Int) part.value = known(part.value);
      for (auto& d : part.shape) d = known(d);
    }
    return out;
  }
};

/// A run's sizes of TensorFlow 1 placeholders' None dimensions, (symbol, size) pairs.
using RunSizes = std::vector<std::pair<sym::SymId, std::int64_t>>;
/// The size `sizes` gives symbol `s`, if any.
inline std::optional<std::int64_t> run_size(const RunSizes& sizes, sym::SymId s) {
  for (const auto& [id, n] : sizes)
    if (id == s) return n;
  return std::nullopt;
}

struct RelatedMsg {
  ir::Loc loc;
  Msg msg;
};

/// One decision on a path in the project's code, in source terms: "`mode == 0` is false", and
/// where the branch is (line 0 when the decision has no single place, e.g. a loop count).
struct PathStep {
  std::string text;
  ir::Loc loc;
  bool space_choice = false;  ///< a declared space's value for this path, not a branch (Interpreter's one_of)
  friend bool operator==(const PathStep& a, const PathStep& b) {
    return a.text == b.text && a.loc.file == b.loc.file && a.loc.line == b.loc.line && a.loc.col == b.loc.col;
  }
};

/// A fix the operation knows: an argument of a call in the project's code (the layer's
/// constructor) set to a value: the size that reaches the layer, a flag.
struct ArgumentFix {
  ir::Loc call;               ///< the call (the layer's construction)
  std::string callee;         ///< what the callee's name ends with ("Linear")
  int position = -1;          ///< the argument's position (-1: keyword only)
  std::string keyword;        ///< its keyword
  std::optional<sym::Expr> value{};  ///< the value, when it is a size (a fix only where constant)
  std::string text{};         ///< else the text to write ("True")
  std::string name{};         ///< what the argument is, in the fix's description (default: its keyword)
};

/// A fix that rewrites a call of the project's code: renames its callee (`softmax` becomes
/// `log_softmax`) or replaces the call by its one operand (`torch.log(p)` and `p.log()` become
/// `p`). A fix is a list of them, nested ones composed (findings/fixes.h).
struct CallRewrite {
  ir::Loc call;
  std::string callee;  ///< what the callee's name ends with ("log", "softmax")
  std::string rename;  ///< the callee's new last name; empty: the call becomes its operand
};

/// A soft constraint: what an operation requires to run without error.
struct Requirement {
  sym::Cond cond;
  RuleId rule;
  Msg msg;
  ir::Loc site;                  ///< the project-code operation that imposed it
  std::vector<RelatedMsg> related;
  std::string function;          ///< enclosing project function (for the finding's identity)
  bool definitely_false = false; ///< decided false by the online checker
  /// A numerical hazard that only some of the values the operand reaches meet (a warning;
  /// Interpreter::hazard).
  bool possible = false;
  /// A legal but wasteful value (Refty's improper value; Interpreter::advise): reported where it
  /// fails, but the program runs on either way, so the path neither assumes it afterwards nor
  /// counts what follows as a consequence of its failure.
  bool advisory = false;
  int last_batch = -1;           ///< imposed on a DataLoader's last minibatch (see State::last_batch)
  /// Provenance, to tell a follow-on failure from an independent one: the operation that
  /// imposed it (one id per primitive call) and the operations with open requirements that
  /// its tensor operands were computed from. When one of those fails for every value, this
  /// one is a consequence of that failure (its operands' shapes are not what the program
  /// would have computed) and is not reported.
  std::uint32_t op = 0;
  std::vector<std::uint32_t> after{};
  /// The path's decisions in the project's code when it was imposed (State::path then):
  /// merging paths later shortens the state's path, not this one.
  std::vector<PathStep> path{};
  /// When paths were merged by joining (Interpreter::merge_states): the condition under which
  /// the merged path is the one that imposed it. True otherwise.
  sym::Cond guard{};
  std::optional<ArgumentFix> fix{};
  std::vector<CallRewrite> rewrite{};  ///< (a fix of the other kind, when not empty)
  /// The rewrite holds only where every use recorded under this key asked the same of it
  /// (Interpreter::note_demand): a loss renamed for raw scores must not be one that is given
  /// probabilities elsewhere.
  std::optional<ArgumentFix> agree{};
  int module_row = -1;  ///< the module whose forward imposed it (its row of the ModuleTrace), -1: none
  /// A TensorFlow 1 graph's requirement on a placeholder's None dimension, checked at the runs
  /// that feed it (see the `fed` primitive): the condition as the graph was built; `cond` is then
  /// what the feeds so far made of it (true: every fed size fits; definitely false: one does not).
  std::optional<sym::Cond> graph_cond{};
};

/// The symbols that requirements mention: where the constraints that bear on them start (see
/// sym::constraints_on).
/// A path's requirements: shared between the paths that forked after they were imposed (a path
/// copies pointers, not requirements, and paths compare them by identity first).
using Requirements = std::vector<std::shared_ptr<const Requirement>>;

inline std::vector<sym::SymId> symbols_of(const Requirements& reqs) {
  std::vector<sym::SymId> ids;
  for (const auto& r : reqs) {
    for (auto id : r->cond.symbols()) ids.push_back(id);
    for (auto id : r->guard.symbols()) ids.push_back(id);
  }
  return ids;
}

/// A tenscan_reveal() probe result (tests and documentation).
struct Reveal {
  ir::Loc site;
  std::string text;
};

enum class Flow : std::uint8_t {
  Normal,
  Return,    ///< `ret` holds the value
  Break, Continue,
  Raise,     ///< `exc` holds the exception
  Exit,      ///< sys.exit() / SystemExit: the program ends normally on this path
  Dead,      ///< dropped (budget); counted as not analysed
  /// Ended at a loop's head whose widened state covers it (see widen.cpp): its future is that
  /// state's, analysed on another path. Kept only for the requirements its last iteration
  /// imposed; a completed path.
  Covered,
};

/// The global a module's namespace gets when code tenscan cannot see may have bound names in
/// it: exec() (models/primitives/python.cpp) or `from M import *` of a module tenscan does not
/// know in full. Its value says which; a name the module does not bind then reads as unknown,
/// not as a NameError.
inline constexpr const char* kExecNamesMarker = "__tenscan_exec_names__";
/// The attribute that records the user metaclass that made a class (interp/classes.cpp), so
/// that its subclasses are made by it too.
inline constexpr const char* kMetaclassAttr = "__tenscan_metaclass__";
/// The label of the unknown outcome of comparing floats whose ranges overlap. A branch on it
/// is a choice the run makes as it goes (a random draw, a loss against the best one): both
/// sides happen in a run, so the path is not contingent on the input (exec.cpp, branch).
inline constexpr const char* kFloatComparison = "float comparison";
/// A library model's class attribute: the tuple of every attribute name the real class has
/// (argparse.Namespace, torch.nn.Module). Reading an attribute that is neither set nor listed
/// is the program's AttributeError; one that is listed but missing is a gap of the model.
inline constexpr const char* kCompleteClassAttr = "__tenscan_complete__";
/// On an instance whose attributes may have been set in ways tenscan does not follow (its
/// __dict__ was handed out, setattr with a name tenscan does not know): a missing attribute
/// is then not certainly missing.
inline constexpr const char* kOpenAttrsMarker = "__tenscan_open_attrs__";
/// On an instance of a subclass of int, float, str or bool (an IntEnum member, `class
/// Meters(float)`): the builtin value it stands for, which the library models, the numeric
/// builtins and the operators the class does not define itself use.
inline constexpr const char* kScalarValueAttr = "__tenscan_value__";
/// The name a library model gives the type of a builtin object it hands out, for messages
/// only (a DataLoader's iterator is CPython's `_SingleProcessDataLoaderIter`, a list iterator
/// here): what the object can do is still its real type's.
inline constexpr const char* kTypeNameAttr = "__tenscan_type_name__";

/// An exception in flight, and where it came from: what a path that ends with it reports.
struct Raised {
  Value exc;
  ir::Loc site;  ///< where it is reported: the raise, or the project's call that reached the model that raised
  /// Raised by a `raise` statement of the project's own code (the script's own check), not by
  /// tenscan's models or the interpreter (a gap, or an error it hit).
  bool user_raise = false;
  /// A certain failure of the project's own code on this path, as Python raises it (a name it
  /// never defines, an attribute its own class never sets, a call that its own function's
  /// signature rejects, a division by zero): a finding, not a gap of tenscan's models
  /// (Interpreter::raise_program_error).
  bool program_error = false;
  std::string function;  ///< the project function it was raised in (identity)
};

struct Frame {
  const ir::Code* code = nullptr;
  const ir::Module* module = nullptr;
  ObjId globals = kNoObj;     ///< module object
  ObjId function = kNoObj;    ///< the Function object being run (kNoObj for module/class bodies)
  ObjId class_ns = kNoObj;    ///< class body: the namespace object being filled
  std::vector<Value> slots;
  ObjId generator = kNoObj;   ///< eager generator: the list that collects yielded values
  Raised handling;            ///< the exception an `except` block is handling (bare `raise`)
  const ir::Stmt* at = nullptr;  ///< the statement of the project's code it is executing (coverage)
};

/// Why a path stopped before the end of the program (see Flow::Dead), in the terms the
/// incomplete-analysis summary uses.
enum class StopReason : std::uint8_t {
  None, WorkBudget, TimeBudget, PathBudget, LoopCap, GuessedRank, CheckBudget,
  TrialBudget,  ///< a trial iteration split too often to be a summary: the trial is dropped (loops.cpp)
  NotMadeUp,    ///< module mode: a constructor argument of a kind no made-up value stands for
};
const char* stop_reason_text(StopReason r);

/// sys.modules of a path: shared between paths and copied on write. Paths seldom import
/// differently, so comparing two paths' tables (path merging does it for every pair) is mostly
/// a pointer comparison.
class ModuleTable {
 public:
  using Map = std::map<std::string, ObjId>;
  [[nodiscard]] Map::const_iterator find(const std::string& k) const { return map().find(k); }
  [[nodiscard]] Map::const_iterator begin() const { return map().begin(); }
  [[nodiscard]] Map::const_iterator end() const { return map().end(); }
  [[nodiscard]] std::size_t size() const { return map().size(); }
  ObjId& operator[](const std::string& k) {
    if (!map_) map_ = std::make_shared<Map>();
    else if (map_.use_count() > 1) map_ = std::make_shared<Map>(*map_);
    return (*map_)[k];
  }
  friend bool operator==(const ModuleTable& a, const ModuleTable& b) { return a.map_ == b.map_ || a.map() == b.map(); }

 private:
  [[nodiscard]] const Map& map() const {
    static const Map empty;
    return map_ ? *map_ : empty;
  }
  std::shared_ptr<Map> map_;
};

/// A member of State that most paths never set, held behind a pointer: every expression's
/// outcome moves its path's State, and an empty Rare moves as one pointer. Reading one never set
/// gives T{}; writing goes through mut() (or assigns a whole T).
template <class T>
class Rare {
 public:
  Rare() = default;
  Rare(const Rare& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Rare(Rare&&) noexcept = default;
  Rare& operator=(const Rare& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  Rare& operator=(Rare&&) noexcept = default;
  Rare& operator=(T v) {
    if (p_) *p_ = std::move(v);
    else p_ = std::make_unique<T>(std::move(v));
    return *this;
  }
  ~Rare() = default;
  const T& operator*() const { return p_ ? *p_ : empty(); }
  const T* operator->() const { return &**this; }
  operator const T&() const { return **this; }  // NOLINT(google-explicit-constructor)
  T& mut() {
    if (!p_) p_ = std::make_unique<T>();
    return *p_;
  }
  void reset() { p_.reset(); }

 private:
  static const T& empty() {
    static const T e{};
    return e;
  }
  std::unique_ptr<T> p_;
};

struct State {
  Heap heap;
  std::vector<Frame> frames;
  ModuleTable modules;                   ///< sys.modules
  ObjId tensor_cls = kNoObj;             ///< torch.Tensor, once the torch stub registered it
  Flow flow = Flow::Normal;
  Rare<Value> ret;  ///< Flow::Return
  Rare<Raised> raised;  ///< Flow::Raise (and Flow::Exit: the SystemExit)
  /// The context managers of the with statements the path is inside, innermost last, whose
  /// __exit__ an exception leaving the statement's body goes to (none: a manager without one)
  Rare<std::vector<Value>> exits;
  StopReason stopped = StopReason::None;  ///< Flow::Dead: what stopped it
  Rare<ir::Loc> stop_site;                      ///< Flow::Dead: where
  /// While a TensorFlow 1 graph op is checked again on the value a run feeds a placeholder of
  /// unknown rank (_tenscan.replay_at): where the project built the op, the place of what it
  /// requires (the run is a related place). Line 0 otherwise.
  Rare<ir::Loc> graph_op;
  /// ... and the sizes that run feeds the placeholders' None dimensions (symbol, size).
  Rare<RunSizes> graph_fed;
  /// The project statements this path executed (bit i: ir::Stmt::cov == i).
  std::vector<std::uint64_t> covered;
  /// ... of which it executed before its first certain error: after one, an operation on the
  /// failed operation's unknown result checks nothing (a baseline finding there is hidden, not
  /// fixed; AnalysisResult::completeness.executed).
  std::vector<std::uint64_t> covered_sound;
  bool certain_error = false;  ///< a requirement of the path failed for every value
  /// The path took a branch on the user's input or on the data whose other side was possible
  /// too (a channel count read from the files, a test of an unknown value): a failure on it is
  /// certain only if, whatever the input and data are, some path fails there (analyze.cpp,
  /// FindingCollector::settle_contingent).
  bool contingent = false;
  /// Raise or Dead: the statement each frame was executing when the flow left it, innermost
  /// first (what the path did not get to run; see Coverage::add_remainder).
  Rare<std::vector<const ir::Stmt*>> unwound;
  // constraints
  sym::RangeEnv ranges;
  std::vector<sym::Cond> hard;
  Requirements reqs;                       ///< undecided and definitely-false requirements, in order
  std::vector<PathStep> path;              ///< decisions in the project's code, in order
  Rare<std::vector<Reveal>> reveals;
  /// Lookups of a dict with a symbolic key that gave one joined value (Interpreter::getitem):
  /// the same lookup in the unchanged dict gives the same value again.
  struct JoinedLookup {
    ObjId dict = kNoObj;
    const Object* version = nullptr;  ///< the dict's stored object when it was looked up
    sym::Expr key;
    Value value;
  };
  Rare<std::vector<JoinedLookup>> joined_lookups;
  /// While the body of a DataLoader loop runs on the last, smaller minibatch: the index of its
  /// description (Interpreter::last_batch); -1 otherwise.
  int last_batch = -1;
  /// Module mode: the class (or model builder) of the file this path checks
  /// (Interpreter::check_modules), built from arguments the analysis made up: an exception it
  /// raises is a class it could not check, not a failure of the program. kNoObj otherwise.
  ObjId module_check = kNoObj;
  /// ... checked as declaration `module_decl` of AnalysisOptions::model_decls says (-1: as
  /// module mode makes it up).
  int module_decl = -1;
  /// Module mode: the forward's argument has the rank its first layer usually takes, though that
  /// layer takes any (Linear's [*, F]): a rank failure after it is the guess's, not the class's.
  bool guessed_rank = false;
  /// The nn.Module calls in progress on this path, innermost last: the module and its row of
  /// the trace (ModuleTrace; only when modules are traced).
  std::vector<std::pair<ObjId, int>> module_calls;
  /// The loops of the project's code this path is inside, innermost last, each with its heap at
  /// its latest head: what was allocated since is what the next head may reclaim (collect.cpp).
  struct LoopMark {
    std::uint64_t loop = 0;  ///< which execution of a loop statement
    std::shared_ptr<const Heap> base;
  };
  std::vector<LoopMark> loop_marks;

  [[nodiscard]] bool normal() const { return flow == Flow::Normal; }
  Frame& frame() { return frames.back(); }
  [[nodiscard]] const Frame& frame() const { return frames.back(); }
};

struct Out {
  // (a constructor so that emplace_back builds one in place: a State is large, and every
  // expression's outcome is one; a path's State is moved in, never copied)
  Out(State&& s, Value val) : st(std::move(s)), v(std::move(val)) {}
  State st;
  Value v;
};
/// The allocator of outcome vectors: every expression returns one, nearly always of a single
/// outcome, so the blocks of one outcome are kept for reuse on the thread that freed them (up
/// to kKept of them) instead of going back to malloc.
template <class T>
struct OutcomeAllocator {
  using value_type = T;
  OutcomeAllocator() = default;
  template <class U>
  OutcomeAllocator(const OutcomeAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)
  T* allocate(std::size_t n) {
    if (n != 1 || gone()) return std::allocator<T>{}.allocate(n);
    auto& kept = blocks();
    if (!kept.empty()) {
      void* p = kept.back();
      kept.pop_back();
      return static_cast<T*>(p);
    }
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (n == 1 && !gone() && blocks().size() < kKept) {
      blocks().push_back(p);
      return;
    }
    std::allocator<T>{}.deallocate(p, n);
  }
  friend bool operator==(const OutcomeAllocator&, const OutcomeAllocator&) { return true; }

 private:
  static constexpr std::size_t kKept = kAddressSanitizer ? 0 : 64;  // (AddressSanitizer sees every block freed)
  // (an outcome vector destroyed on a thread after its list of blocks, at its exit, goes to
  // the allocator: `gone`, trivially destructible, outlives the list)
  static bool& gone() {
    static thread_local bool g = false;
    return g;
  }
  struct Blocks {
    std::vector<void*> list;
    Blocks() { list.reserve(kKept); }
    ~Blocks() {
      gone() = true;
      for (void* p : list) std::allocator<T>{}.deallocate(static_cast<T*>(p), 1);
    }
  };
  static std::vector<void*>& blocks() {
    static thread_local Blocks b;
    return b.list;
  }
};
using Outs = std::vector<Out, OutcomeAllocator<Out>>;
using States = std::vector<State>;

/// Moves every element of `src` to the end of `dst` (outcomes and paths are large: when `dst` is
/// empty, as it usually is, the vector itself is taken and no element moves).
template <class T, class A>
void append(std::vector<T, A>& dst, std::vector<T, A>&& src) {
  if (dst.empty()) {
    dst = std::move(src);
    return;
  }
  dst.reserve(dst.size() + src.size());
  for (auto& x : src) dst.push_back(std::move(x));
}

/// A number as a float on path `st`: a float's range, an int's by its interval (every int is
/// finite as a float: float() raises where it would not be), a boolean's [0, 1].
domain::FloatRange as_float(const State& st, const Value& v);

}  // namespace tenscan::interp
