// The symbolic interpreter: executes the IR of the entry script and the modules it imports
// (project modules and library stubs) over a set of execution paths that split at branches
// the online checker cannot decide (PyTea thesis §3.2) and merge when they become equal.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interp/compare.h"
#include "interp/coverage.h"
#include "interp/state.h"
#include "ir/liveness.h"
#include "models/stubs.h"
#include "python/lower.h"
#include "tenscan/core/analyze.h"

namespace tenscan::interp {

/// A user-written function stored in a class (directly, or as a staticmethod or classmethod).
std::optional<Value> user_function(const State& st, const std::optional<Value>& v);
/// A class's own __new__ is a staticmethod, as CPython makes it when the class is created.
void implicit_static_new(State& st, ObjId cls);

class Interpreter;

/// Arguments of a native call.
struct Args {
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
  /// The positional or keyword argument `name` at position `index`, or nullptr.
  [[nodiscard]] const Value* get(std::size_t index, std::string_view name) const;
};

using NativeFn = Outs (*)(Interpreter& in, State&& st, Args& args);

struct NativeEntry {
  std::string name;  ///< builtins: "len"; builtin-type methods: "list.append"; primitives: "_tenscan.linear"
  NativeFn fn;
};

/// How a symbol's value is chosen, which decides how a requirement that depends on it is
/// reported (ShapeTracer's warnings vs errors):
/// - Program: the program itself picks the value at run time (a random draw, a loop
///   iteration, a count that depends on tensor values). Every value can happen, so a value
///   that breaks a requirement is an error.
/// - Input: the user picks it (a command-line option under --symbolic-args, the length of a
///   dataset read from disk). A requirement that holds only for some values is a warning
///   that names them; one that holds for none is an error.
/// - Data: an unknown property of data tenscan cannot see (the shape of a tensor loaded from
///   a file, the truth of an unmodelled call). A requirement on it is taken as an assumption
///   about the data (counted in the statistics); only contradictory assumptions are errors.
enum class SymKind : std::uint8_t { Program, Input, Data };

/// Symbols of the whole analysis (shared by all paths): names for printing and their
/// source-level meaning for explanations.
struct SymbolInfo {
  std::string name;         ///< printable, e.g. "len(train_set)"
  std::string description;  ///< e.g. "the length of the dataset created at train.py:40"
  SymKind kind = SymKind::Program;
  /// The interval it was created with (its domain).
  std::int64_t lo = sym::Interval::kNegInf, hi = sym::Interval::kPosInf;
  /// A hyperparameter of a declared space (AnalysisOptions::space): its domain is finite, the
  /// values it takes (`values`, or every step-th of [lo, hi]) are the sweep's, and a requirement
  /// that fails for some of them is reported with its region. `labels`: the value each index
  /// stands for, when the symbol numbers the choices of a non-integer option ("'vgg11'").
  bool space = false;
  /// A TensorFlow 1 placeholder's None dimension: each placeholder has its own, and the runs
  /// that feed the graph decide them (_tenscan.fed); a relation between them that holds when
  /// they are fed alike is how the program feeds its graph, not a finding.
  bool fed = false;
  std::int64_t step = 1;
  std::vector<std::int64_t> values{};
  std::vector<std::string> labels{};
  ir::Loc declared{};  ///< where the option is declared (its add_argument), line 0 when unknown
  /// The hyperparameter split into parts (AnalysisOptions::space_part): this run takes one part
  /// of its values; these are all of them, as regions name them, so that the parts' regions join.
  std::vector<std::string> whole{};  ///< (when there are at most 4096)
  std::uint64_t whole_size = 0;      ///< how many there are (0: not split)
};

/// A DataLoader's last minibatch: len(dataset) % batch_size samples (PyTea assumption A3).
struct LastBatch {
  sym::Expr length;      ///< len(dataset), concrete or a symbol
  sym::Expr batch_size;
  ir::Loc loop;          ///< the project-code site that iterates the DataLoader
  ir::Loc loader{};      ///< the DataLoader's construction, where drop_last=True can go (line 0: none)
};

/// A row of the shape report's trace: the module's call, where the program's code called it.
struct TracedModule {
  ModuleCall row;  ///< (its `call` and `failures` are filled in when the result is made)
  ir::Loc call;
  ir::Loc built;   ///< where the module was created
  /// The decisions of the path that first showed each of row.inputs / row.outputs: what tells
  /// shapes that differ between paths apart (Interpreter::module_rows).
  std::vector<std::vector<PathStep>> input_paths{}, output_paths{};
  bool calls_modules = false;  ///< its forward called other modules (then its result is theirs)
};

/// Module mode: the description of a symbol that stands for a constructor's argument without a
/// default (the sizes a contract is written in besides the forward's argument dims).
inline constexpr const char* kConstructorArgument = "a constructor argument without a default";

/// Module mode: a forward that returned on a path (Interpreter::module_checked), with what the
/// path required until then.
struct CheckedForward {
  ObjId cls = kNoObj;                       ///< the class checked, or the model builder called
  ObjId model_cls = kNoObj;                 ///< the class of the model its forward belongs to
  std::string module;                       ///< the class's name
  ir::Loc where;                            ///< its class statement
  std::vector<std::string> params;          ///< forward's arguments
  std::vector<std::optional<std::vector<sym::Expr>>> inputs;  ///< their shapes (nullopt: rank not fixed)
  std::string output;                       ///< what it returned ("[B, 10]")
  std::optional<std::vector<sym::Expr>> output_shape;  ///< when that is one tensor of known rank
  std::vector<sym::Cond> hard;              ///< the path's constraints then
  Requirements reqs;                        ///< and its requirements
  sym::SymId symbols_from = 0;              ///< the symbols of this class's check: ids from here
  std::vector<PathStep> path;               ///< the decisions of its check (a constructor's branches;
                                            ///< not the file body's, which every class shares)
  bool made_up = false;                     ///< a class's check on arguments module mode made up
};

/// C3 linearisation (Python's MRO): the merge of the bases' MROs and the bases list, nullopt
/// when no consistent order exists (class statements and 3-argument type()).
std::optional<std::vector<ObjId>> c3_merge(std::vector<std::vector<ObjId>> seqs);

class Interpreter {
 public:
  Interpreter(const SourceProvider& sources, const AnalysisOptions& options, AnalysisResult& result);
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  /// Runs the entry script; returns every path's final state.
  States run(const std::string& entry_path);

  // ---- the Python object model (used by statements, expressions, natives, primitives) ----
  Outs call(State&& st, const Value& callee, Args args);
  Outs getattr(State&& st, const Value& obj, const std::string& name);
  /// Attribute lookup without raising: nullopt when absent (hasattr/getattr with default).
  Outs getattr_opt(State&& st, const Value& obj, const std::string& name, bool& found);
  /// A class attribute `v` looked up for `self` (whose class is self_cls), bound as Python's
  /// descriptors bind it: a function or native method to self, a classmethod to self_cls, a
  /// staticmethod to nothing, a property called on self; anything else as it is.
  Outs bind_attribute(State&& st, const Value& v, const Value& self, ObjId self_cls);
  /// Stores the attribute in the object's own namespace.
  void setattr(State& st, const Value& obj, const std::string& name, const Value& v);
  /// object.__setattr__: a property of the class takes the value (its setter, or the
  /// program's AttributeError when it has none); otherwise setattr.
  Outs object_setattr(State&& st, const Value& obj, const std::string& name, const Value& v);
  /// A tensor stored as an attribute that AnalysisOptions::attribute_ranges declares takes the
  /// declared values (in place: the tensor is the attribute).
  void declared_values(State& st, const Value& obj, const std::string& name, const Value& v);
  /// `obj.name = v` as Python runs it: an instance whose class defines __setattr__ (a frozen
  /// dataclass, a configuration class that checks its fields) gets the call; otherwise setattr.
  Outs store_attr(State&& st, const Value& obj, const std::string& name, const Value& v);
  Outs binary(State&& st, ir::BinOp op, const Value& a, const Value& b, bool inplace = false);
  Outs compare(State&& st, ir::CmpOp op, const Value& a, const Value& b);
  Outs getitem(State&& st, const Value& obj, const Value& index);
  Outs setitem(State&& st, const Value& obj, const Value& index, const Value& v);
  /// The same object or the same unknown value (CPython's identity test before ==).
  static bool identical(const Value& a, const Value& b);
  /// Truthiness as a condition (symbolic when it depends on symbols). Calls __bool__/__len__.
  Outs truth(State&& st, const Value& v);
  /// Materialises an iterable into its elements; `summary` is set when the elements stand
  /// for an unknown number of iterations (see For).
  Outs iterate(State&& st, const Value& v);
  Outs len(State&& st, const Value& v);
  /// str(v), or repr(v) with `repr`: a number's or string's text, an instance's own
  /// __str__/__repr__, else an unknown string.
  Outs str_of(State&& st, const Value& v, bool repr = false);
  Outs import_module(State&& st, const std::string& dotted, const ir::Module* from, int level);
  /// Calls self.<name>(*args) if type(self) defines it; `found` says whether it did.
  Outs dunder(State&& st, const Value& self, const char* name, Args args, bool& found);
  /// Whether reading `name` from `obj`, which does not have it, is certainly an AttributeError
  /// in Python (the program's error), not a gap of tenscan's models: a builtin type's value
  /// whose CPython type lacks it, an instance or class whose classes are all the project's (or
  /// library models marked complete) with no __getattr__, a project module.
  [[nodiscard]] bool attribute_certainly_missing(const State& st, const Value& obj, const std::string& name) const;
  [[nodiscard]] bool closed_class(const State& st, ObjId cls, const std::string& name) const;
  /// A class with a base tenscan does not see in its MRO (an unmodelled library's class).
  [[nodiscard]] bool unknown_base(const State& st, ObjId cls) const;
  /// Raises an exception that is a certain failure of the project's own code when the current
  /// frame is the project's (State::program_error), as raise() does otherwise.
  Outs raise_program_error(State&& st, const std::string& exc_class, const std::string& message);
  /// Calls a class: its metaclass's __call__ (unless `metaclass_call` is false: type.__call__
  /// itself), else __new__ and __init__.
  Outs instantiate(State&& st, ObjId cls, Args args, bool metaclass_call = true);
  /// The builtin value an instance of a subclass of int, float, str or bool carries
  /// (kScalarValueAttr), if `v` is one.
  [[nodiscard]] std::optional<Value> scalar_payload(const State& st, const Value& v) const;
  /// Replaces such instances among a native's arguments (and in a tuple or list argument)
  /// by their values.
  void unwrap_scalar_payloads(State& st, Args& args);
  /// A bare instance of a user class (object.__new__).
  Value allocate(State& st, ObjId cls);


  // ---- raising -------------------------------------------------------------------------
  Outs raise(State&& st, const std::string& exc_class, const std::string& message);
  [[nodiscard]] bool isinstance(const State& st, const Value& v, ObjId cls) const;
  [[nodiscard]] ObjId class_of(const State& st, const Value& v) const;
  [[nodiscard]] std::string type_name(const State& st, const Value& v) const;
  [[nodiscard]] ObjId builtin_class(const std::string& name) const;
  /// `name` looked up along the class's MRO (the owning class in *owner).
  [[nodiscard]] std::optional<Value> class_lookup(const State& st, ObjId cls, const std::string& name,
                                                  ObjId* owner = nullptr) const;
  /// True for classes defined by tenscan's library stubs (missing attributes are unmodelled
  /// API, not user errors).
  [[nodiscard]] bool is_stub_class_public(const State& st, ObjId cls) const;
  /// type.__new__(mcs, name, bases, ns) called by a metaclass's __new__ while class statement
  /// builds the class whose namespace is `ns` (classes.cpp): that class, else kNoObj.
  [[nodiscard]] ObjId class_being_made(ObjId ns) const {
    auto it = classes_being_made_.find(ns);
    return it == classes_being_made_.end() ? kNoObj : it->second;
  }

  // ---- objects ---------------------------------------------------------------------------
  Value new_list(State& st, std::vector<Value> items, OKind kind = OKind::List);
  /// A list of unknown length whose elements are like `items` (see Object::summary_iter).
  Value new_summary_list(State& st, std::vector<Value> items, OKind kind = OKind::List);
  Value new_tuple(State& st, std::vector<Value> items) { return new_list(st, std::move(items), OKind::Tuple); }
  Value new_dict(State& st, std::vector<DictEntry> entries);
  Value new_tensor(State& st, TensorVal t);
  /// Gives each part of `v` that has no affine form a fresh summary variable of its own (the
  /// elements as the current operation made them: domain/tensor_values.h).
  void summarise(domain::TensorValues& v);
  /// The same for the values of tensor v on path st, in place: a tensor whose form a join
  /// dropped gets a name again before an operation relates it to others (a clone of it, x - x).
  void summarise(State& st, const Value& v);
  /// A number used once (names one minibatch's gathering of rows: domain/tensor_values.h).
  std::uint64_t fresh_nonce() { return ++summaries_; }
  /// `last_batch`: its last element is a DataLoader's last minibatch (see Object::last_batch).
  Value new_summary_iterator(State& st, std::vector<Value> items, int last_batch = -1);
  /// The tensor payload if v is a tensor (an instance of torch.Tensor or a subclass).
  [[nodiscard]] const TensorVal* tensor_of(const State& st, const Value& v) const;
  [[nodiscard]] bool heap_kind_is_tuple(const State& st, const Value& v) const {
    return v.is_obj() && st.heap.get(v.obj).kind == OKind::Tuple;
  }
  [[nodiscard]] bool is_slice(const State& st, const Value& v) const {
    return v.is_obj() && st.heap.get(v.obj).kind == OKind::Slice;
  }
  void slice_parts(const State& st, const Value& v, Value& lo, Value& hi, Value& step) const {
    const Object& o = st.heap.get(v.obj);
    lo = o.a;
    hi = o.b;
    step = o.c;
  }
  /// Elements of a list/tuple (nullptr otherwise, and for a summary list, whose length is unknown).
  [[nodiscard]] const std::vector<Value>* sequence_of(const State& st, const Value& v) const;
  /// The representative elements of a summary list (see Object::summary_iter), else nullptr.
  [[nodiscard]] const std::vector<Value>* summary_items(const State& st, const Value& v) const;
  /// The length of a summary list (or dict, or iterator): a symbol >= 0 that the data
  /// decides, the same one while the list is not changed; or the length it was given
  /// (set_summary_length), such as the number of iterations of the loop that built it.
  sym::Expr summary_length(State& st, const Value& list);
  /// The length a summary object carries, if it has been given or asked for one.
  [[nodiscard]] std::optional<sym::Expr> known_summary_length(const State& st, const Value& v) const;
  /// Records `len` as the summary object's length, for its current representatives.
  void set_summary_length(State& st, const Value& v, const sym::Expr& len);
  /// After a loop whose iteration count is unknown, on all the paths that leave it: the lists
  /// that existed before it and grew in it (`losses.append(loss)`) become summary lists, shared
  /// by the paths where they can be; the dicts the loop filled get every path's entries.
  /// `count`: the number of iterations, when the iterator knows it; `runs`: how many times the
  /// body ran (once per representative element). A list every path that finished the loop
  /// grew by exactly one element per run has before + count elements.
  void widen_loop_exits(const Heap& before, States& live, States& exited, const std::optional<sym::Expr>& count = std::nullopt,
                        std::size_t runs = 0);
  /// One value that covers all of vs, when they have one shape: equal values, integers (a
  /// fresh data-decided one), or instances of one class whose tensors have one rank and dtype
  /// and whose attributes join (dims that differ become fresh sizes). nullopt otherwise.
  std::optional<Value> join_values(State& st, const std::vector<Value>& vs, int depth = 0);

  // ---- constraints -----------------------------------------------------------------------
  /// Imposes a soft constraint (an operation's requirement) at the current project-code site.
  /// Returns false when the online checker finds it certainly violated: the caller then
  /// produces an unknown result so that no follow-on finding comes from it.
  bool require(State& st, const sym::Cond& c, RuleId rule, Msg msg, std::vector<RelatedMsg> related = {},
               std::optional<ArgumentFix> fix = std::nullopt);
  /// The same at `at` (a requirement of the code there that no expression states: what a
  /// function's annotation says of what it returns).
  bool require_at(State& st, const ir::Loc& at, const sym::Cond& c, RuleId rule, Msg msg);
  /// Whether every requirement that named this argument (its call and keyword) as its fix, on
  /// every path and held or not, asked for the one value `f` asks for: only then does setting
  /// it mend the failure without breaking another use of the same layer (a test loader's
  /// other batch size, a second input of another width).
  [[nodiscard]] bool fix_agrees(const ArgumentFix& f) const;
  /// Records what one use asks of an argument or a call (what require does for its fix).
  void note_demand(const ArgumentFix& f);

  // ---- module mode (module_mode.cpp; AnalysisOptions::module_mode) -----------------------
  /// After the entry file's body ran: each of its nn.Module classes and model builders checked
  /// on every path, one by one (when module mode applies).
  States check_modules(States after_body, const ir::Module* entry, ObjId globals);
  /// Module mode: the file's own function behind a global (a decorated one through
  /// __wrapped__), nullptr when there is none.
  const ir::Code* builder_code(const State& st, ObjId f, const ir::Module* entry) const;
  /// Whether a call without arguments of it makes a model (module_mode.cpp).
  bool is_builder(const ir::Code& code, const State& st, std::span<const std::pair<ir::Loc, ObjId>> classes) const;
  /// A subclass of nn.Sequential: its forward is its layers', whatever its __init__ built.
  [[nodiscard]] bool is_container(const State& st, ObjId cls) const;
  /// Module mode: the classes and model builders of the entry file, in the order it defines them.
  std::vector<std::pair<ir::Loc, ObjId>> module_targets(const State& st, const ir::Module* entry, ObjId globals) const;
  /// The declarations (AnalysisOptions::model_decls) of model `name` of file `path`.
  [[nodiscard]] std::vector<int> model_decls_of(const std::string& name, const std::string& path) const;
  /// Whether declaration d names file `path` itself (its "file", matched by its last path
  /// components), not any file that defines the model.
  [[nodiscard]] static bool declared_for_file(const ModelDecl& d, const std::string& path);
  /// A function of the file's namespace `globals` that calls its argument with declaration d's
  /// arguments, its code placed at `at`; nullopt (and a gap) when they are not call arguments.
  std::optional<Value> declared_maker(State& st, int d, ObjId globals, const ir::Loc& at);
  /// The shape declared for argument `name` of the forward being checked, if any.
  [[nodiscard]] const ModelDecl::Input* declared_input(const std::string& name) const;
  /// The checks that raised although what they checked was checked all the same: covered.
  /// A new argument of the forward being checked, `prefix` before its dims' names (TensorVal::
  /// module_input); and that prefix.
  /// The same on every path of one class's check: argument `position` of its forward.
  std::uint32_t new_module_input(std::string prefix, std::int64_t position);
  [[nodiscard]] const std::string& module_input_prefix(std::uint32_t i) const { return module_inputs_.at(i - 1); }
  /// Dim k of argument `input` taken at rank `rank`, named `name`: the same symbol on every path
  /// that gives the argument that rank (so that the paths' contracts speak of the same dims).
  sym::Expr module_input_dim(State& st, std::uint32_t input, std::size_t rank, std::size_t k, const std::string& name);
  /// Gives the forward's argument `t` (and the tensors that share its shape, TensorVal::
  /// same_shape_as) the rank of `names`, a dim each named so (the prefix of its argument first).
  void bind_module_rank(State& st, ObjId t, const std::vector<std::string>& names, const std::string& layer = {});
  /// `x.shape` of a forward's argument whose rank is not fixed yet: an unknown value that an
  /// unpacking (`n, c, h, w = x.shape`) turns into the rank it unpacks to (module_shape_of).
  Value module_input_shape(ObjId t);
  [[nodiscard]] std::optional<ObjId> module_shape_of(const Value& v) const;
  /// `x.dim()` of such an argument: an unknown value that a comparison with a rank
  /// (`x.dim() == 3`) turns into that rank, its dims named as PyTorch's documentation names
  /// them for that rank ([B, T, F], [B, C, H, W]).
  Value module_input_rank(ObjId t);
  [[nodiscard]] std::optional<ObjId> module_rank_of(const Value& v) const;
  /// Gives the argument behind `rank` (module_input_rank) the rank `k` (1 to 5); false otherwise.
  bool bind_module_rank_of(State& st, const Value& rank, std::int64_t k);
  /// The names module mode gives the dims of an argument of rank k (1 to 5) that no layer
  /// names: [N], [B, F], [B, T, F], [B, C, H, W], [B, C, D, H, W]; nullptr for another rank.
  static const std::vector<std::string>* rank_dim_names(std::size_t k);
  /// The size that stands for the checked class's constructor argument `name` (without a
  /// default): the same on every path that checks the class.
  sym::Expr constructor_argument(State& st, const std::string& name);
  /// The size a jaxtyping annotation of the checked forward names `name` ("batch"): the same
  /// for every argument, and on every path, of the class's check.
  sym::Expr annotated_dim(State& st, const std::string& name);
  /// A size >= 1 of the class being checked, named `name`, the same for `key` on every path
  /// that checks the class (constructor_argument, annotated_dim).
  sym::Expr check_size(State& st, const std::string& key, const std::string& name, const char* description);
  /// The forward of `model`, which `cls` (a class or a model builder) made, returned `output`
  /// for `inputs` on path `st`.
  void module_checked(const State& st, const Value& cls, const std::vector<std::string>& params,
                      const std::vector<Value>& inputs, const Value& output, const Value& model);
  [[nodiscard]] const std::vector<CheckedForward>& checked_forwards() const { return checked_; }

  // ---- the shape report's trace (module_trace.cpp; AnalysisOptions::trace_modules) --------
  /// A call of nn.Module `self` on `args` begins, and one returns `result`.
  void module_enter(State& st, const Value& self, const std::vector<Value>& args);
  void module_exit(State& st, const Value& self, const Value& result);
  [[nodiscard]] const std::vector<TracedModule>& module_trace() const { return trace_; }
  /// The trace's rows as the report shows them: a shape that differs between paths says on which
  /// (the decisions its path took that another variant's did not).
  [[nodiscard]] std::vector<ModuleCall> module_rows() const;
  /// The shapes of a tensor, or of the tensors of a tuple or list: "[B, 10]", "[4, 8], [4]".
  [[nodiscard]] std::string shapes_text(const State& st, const Value& v, int depth) const;
  /// Reports a numerical hazard at the current project-code site (models/numeric.h): the
  /// operation makes an infinity or a NaN for every value its operand reaches (`certain`) or
  /// for some (Requirement::possible: a warning). The path goes on, with the values the
  /// hardware makes: no shape is wrong after it.
  void hazard(State& st, RuleId rule, Msg msg, std::vector<RelatedMsg> related, bool certain,
              std::vector<CallRewrite> rewrite = {}, std::optional<ArgumentFix> agree = std::nullopt);
  /// States a piece of advice (Requirement::advisory): `c` should hold (a stride no larger than
  /// the kernel), and where it does not the value is legal but wasteful, a warning of `rule`.
  /// Nothing about the path changes. `at`: where to report it, if not at the operation in
  /// progress (the project line that made the layer a Sequential calls).
  void advise(State& st, const sym::Cond& c, RuleId rule, Msg msg, std::vector<RelatedMsg> related = {},
              std::optional<ir::Loc> at = std::nullopt);
  /// Adds a hard constraint (an input range, a branch condition). False if infeasible.
  bool assume(State& st, const sym::Cond& c);
  /// A fresh integer symbol with lo <= s <= hi (hi < lo: no upper bound). Interval::kNegInf /
  /// kPosInf leave that side open: with lo = kNegInf, pass kPosInf for "no upper bound".
  sym::Expr fresh_symbol(State& st, std::string name, std::string description, std::int64_t lo, std::int64_t hi,
                         SymKind kind = SymKind::Program);
  /// Symbol `id` on path `st`, bounded there by the interval it was created with.
  sym::Expr within_domain(State& st, sym::SymId id) const;
  /// A fresh boolean symbol (an undecidable condition), for branching.
  sym::SymId fresh_bool_symbol(std::string name, std::string description, SymKind kind);
  [[nodiscard]] sym::Tri decide(const State& st, const sym::Cond& c) const;
  /// The innermost location in the project's code that the interpreter is executing.
  [[nodiscard]] ir::Loc site() const;
  [[nodiscard]] std::string site_function() const;
  void record_unmodelled(const std::string& name);
  /// A primitive call starts: counts it, and remembers which operations with open
  /// requirements its tensor operands come from (see Requirement::after).
  void begin_operation(std::string_view primitive, const State& st, const Args& args);
  void end_operation() {
    op_ = 0;
    op_after_.clear();  // (a stub-level requirement after it is not a follow-on of its operands)
    op_modules_.clear();
    op_operands_.clear();
    op_shape_source_ = kNoObj;
  }
  void note(Notification::Kind kind, const ir::Loc& loc, std::string message);
  [[nodiscard]] const SymbolInfo& symbol(sym::SymId id) const { return symbols_.at(id); }
  void mark_fed(sym::SymId id) { symbols_.at(id).fed = true; }
  /// The symbol that stands for a hyperparameter of the declared space (an Input, SymbolInfo::
  /// space), the same on every path: the first path that asks for `info.name` creates it as
  /// `info` describes it; a later one gets the domain's bounds as its own constraints.
  sym::Expr space_symbol(State& st, SymbolInfo info);
  /// AnalysisOptions::space[i] named an option of the script's parser.
  void space_matched(std::size_t i) {
    if (space_matched_.size() <= i) space_matched_.resize(i + 1, false);
    space_matched_[i] = true;
  }
  [[nodiscard]] bool space_was_matched(std::size_t i) const { return i < space_matched_.size() && space_matched_[i]; }
  /// The part of `n` values that AnalysisOptions::space_part gives hyperparameter `name`, as
  /// [begin, end) of their indices: all of them for another hyperparameter, or when the part
  /// would be empty (said in a notification, as is a part whose hyperparameter is never split).
  std::pair<std::size_t, std::size_t> space_part_of(const std::string& name, std::size_t n);
  /// What became of AnalysisOptions::space_part: empty when it was split as asked.
  [[nodiscard]] std::string space_part_note() const;
  int add_last_batch(LastBatch b) {
    last_batches_.push_back(std::move(b));
    return static_cast<int>(last_batches_.size()) - 1;
  }
  [[nodiscard]] const LastBatch& last_batch(int i) const { return last_batches_.at(static_cast<std::size_t>(i)); }
  [[nodiscard]] const std::vector<SymbolInfo>& symbols() const { return symbols_; }
  [[nodiscard]] sym::SymbolNamer namer() const;
  [[nodiscard]] std::string show(const State& st, const Value& v) const;  ///< tenscan_reveal format
  /// Project-relative path of a file id.
  [[nodiscard]] const ir::Module* module_of_file(std::uint32_t file) const;
  /// Whether `file` is of the project's own code (not one of the library models).
  [[nodiscard]] bool in_project(std::uint32_t file) const {
    const ir::Module* m = module_of_file(file);
    return m && !m->is_stub;
  }
  [[nodiscard]] const AnalysisOptions& options() const { return options_; }
  [[nodiscard]] const SourceProvider& sources() const { return sources_; }
  /// Whether the entry's wall-clock budget (AnalysisOptions::max_seconds) has run out.
  [[nodiscard]] bool out_of_time() const;
  /// Past the time budget's cut-off (the budget and 15 % more): the solver asks nothing more,
  /// so that the results are written before a CI worker's timeout (the budget is 80 % of it).
  [[nodiscard]] bool past_cutoff() const;
  [[nodiscard]] const std::string& entry_path() const { return entry_path_; }
  /// The project's statements, numbered (what the coverage bits of a State refer to).
  [[nodiscard]] const Coverage& coverage() const { return coverage_; }
  /// Stops the path (Flow::Dead) for `why`, at the statement it is executing.
  static void stop(State& st, StopReason why, const ir::Loc& where);
  /// Pops the innermost frame; a path leaving it abnormally (an exception, a stop) records
  /// the statement it was at (State::unwound).
  static void leave_frame(State& st);
  /// Budgets and limits that cut the analysis short without stopping a path (the call-depth
  /// limit, one side of a branch left unanalysed): what and where, once each.
  struct Gap {
    std::string what;
    ir::Loc where;
  };
  [[nodiscard]] const std::vector<Gap>& gaps() const { return gaps_; }
  /// The gaps one check with made-up arguments recorded (its budgets), and its notes of them,
  /// kept apart until it is known whether another check covers the class (settle_module_raises).
  struct CheckGaps {
    ObjId cls = kNoObj;
    std::vector<Gap> gaps;
    std::vector<Notification> notes;
  };

 private:
  void settle_module_raises(States& out, std::vector<CheckGaps>& made_up_gaps);
  /// Whether a check other than the class's own ran its forward to the end (a builder's, a
  /// model's that contains it).
  [[nodiscard]] bool built_by_another_check(ObjId cls) const;
  friend struct Exec;
  friend struct Eval;

  // statements and expressions (exec.cpp; loops summarised: loops.cpp)
  void exec_block(const ir::Block& b, States& states);
  void exec_stmt(const ir::Stmt* s, States& states);
  /// The outcomes of an expression; a choice it reads (Value::choice) splits the path.
  Outs eval(const ir::Expr* e, State&& st);
  Outs eval_node(const ir::Expr* e, State&& st);
  /// Outcomes whose values are choices split into one outcome per alternative, each assuming
  /// its condition (an alternative the path's constraints exclude is dropped).
  Outs split_choices(Outs&& outs);
  /// Evaluates a list of expressions left to right (with *starred expansion).
  std::vector<std::pair<State, std::vector<Value>>> eval_list(const std::vector<ir::Expr*>& es, State&& st);
  States assign(const ir::Expr* target, State&& st, const Value& v);
  States branch(State&& st, const Value& cond, const ir::Loc& loc, const ir::Expr* cond_expr,
                States* false_out);
  /// One iteration of a for loop on `item`; `last_batch` >= 0 when it is a DataLoader's last
  /// minibatch (LastBatch index).
  void run_loop_body(const ir::Stmt* s, States& live, States& exited, const Value& item, int last_batch = -1);
  /// After a loop body: what goes round again (merged; joined with `join`) and what leaves.
  /// `loop`: the loop statement (its head's dead bindings are forgotten before the merge).
  void split_loop_outcomes(States& body, States& live, States& exited, const ir::Stmt* loop, bool join = false);
  /// Before paths meet after statement s (at the head of loop s, if `head`) of the project's
  /// code: each binding of the current frame (and, in a module body, each global) that the
  /// paths do not all hold, or hold with different values, and that no later statement can
  /// read (ir::Liveness), is dropped from all of them, so that they may merge.
  void forget_dead(States& states, const ir::Stmt* s, bool head);
  /// At each head of an execution `loop` of a loop of the project's code (collect.cpp): frees
  /// what each path allocated since the previous head and no longer reaches, and marks the
  /// heap for the next head. loop_exit forgets the marks of the paths that leave it.
  void loop_head(States& live, std::uint64_t loop);
  void loop_exit(States& out, std::uint64_t loop);
  /// Iterations of a while loop of the project's code before its head is widened (widen.cpp).
  static constexpr int kWidenAfter = 8;
  /// Items beyond which a for loop of the project's code that is no fixpoint runs one
  /// representative iteration for the rest (see the For statement) instead of being unrolled.
  static constexpr std::size_t kRepresentAfter = 64;
  /// Runs a module's top-level code on `st` with `globals` as its namespace.
  States run_module_body(State&& st, const ir::Module* m, ObjId globals);
  /// What CPython binds in a module or class namespace when its body starts: __doc__, and an
  /// empty __annotations__ when the body annotates names.
  void bind_body_names(State& st, ObjId ns, const ir::Code& code);
  /// `representative`: where given, the symbols the value standing for the items was made of.
  /// `covered`: where given, the paths of an inner loop that ended as covered (summary_fixpoint)
  /// do not fail the trial; they go there.
  std::optional<States> trial_iteration(const ir::Stmt* s, const State& from_state, const std::vector<Value>& items,
                                        std::size_t from, std::pair<sym::SymId, sym::SymId>* representative = nullptr,
                                        States* covered = nullptr);
  /// `young`: the first symbol the loop made (see repeats_requirements). On success, the paths
  /// the trials ended as covered go to `covered`. `may_widen`: false for a short tuple or list
  /// (a shape's dims), whose few iterations are unrolled rather than widened (a product of the
  /// dims would become an unknown number).
  bool summarise_loop(const ir::Stmt* s, State& st, const std::vector<Value>& items, std::size_t from,
                      sym::SymId young, States& covered, bool may_widen = true);
  /// A tuple or list this short is unrolled, never widened (summarise_loop's may_widen).
  static constexpr std::size_t kUnrolledSequence = 16;
  bool summarise_widened(const ir::Stmt* s, State& st, const std::vector<Value>& items, std::size_t from,
                         sym::SymId young, States&& first, const std::vector<const ir::Expr*>& targets,
                         States& covered);
  bool repeats_requirements(const State& pre, const State& post, sym::SymId young) const;
  /// After a loop over a summary iterable (`for layer in self.layers` of unknown length): a
  /// local tensor whose shape one pass changed (`x = layer(x)`) has, after an unknown number of
  /// passes, a shape tenscan does not know: an opaque tensor of that dtype, never the one
  /// pass's shape.
  void widen_loop_tensors(const State& head, States& live);
  void summary_fixpoint(const ir::Stmt* s, const State& head, const States& live, States& exited,
                        const std::vector<Value>& items, int last_batch);
  /// Whether a condition of the project's code reads one of these names ("" stands for any).
  bool decides(const std::vector<std::string>& names);
  std::optional<std::unordered_set<std::string>> decision_names_;  ///< (decides)
  std::size_t decision_modules_ = 0;  ///< the modules decision_names_ was built from
  std::unordered_map<const ir::Stmt*, int> fixpoints_;  ///< summary_fixpoint runs per loop
  int trials_ = 0;  ///< trial iterations in progress (trial_iteration)
  /// While a trial iteration runs: the split count past which it is given up (trial_iteration).
  long trial_fork_limit_ = std::numeric_limits<long>::max();
  bool summarise_set(const ir::Stmt* s, States& live, States& exited, const std::vector<Value>& items,
                     std::size_t from, sym::SymId young);
  /// `grown` receives the places (in l's terms) where l holds a float that h's does not
  /// contain: l is then not at a fixpoint until they are widened.
  bool same_up_to_loop_draws(const State& h, const State& l, sym::SymId since, std::vector<Place>& grown);
  std::optional<Value> loop_representative(State& st, const ir::Stmt* s, const std::vector<Value>& items,
                                           std::size_t from);
  bool run_representative_iteration(const ir::Stmt* s, States& live, States& exited, const std::vector<Value>& items,
                                    std::size_t from);
  Outs call_function(State&& st, ObjId fn, Args args);
  Outs make_class(State&& st, const ir::Expr* e);
  /// The rest of the class-creation protocol for the class `cls` whose body has run
  /// (classes.cpp): the metaclass's __new__ and __init__, then the nearest base's
  /// __init_subclass__ with the class statement's keywords.
  Outs finish_class(State&& st, ObjId cls, const std::vector<Value>& bases, Value metaclass,
                    const std::vector<std::pair<std::string, Value>>& keywords);
  Outs load_name(State&& st, const ir::Expr* e);
  void store_name(State& st, const ir::Expr* e, const Value& v);
  bool bind_arguments(State& st, const ir::Code* code, const Function& fn, Args& args, std::vector<Value>& slots,
                      std::string& error);
  Outs then_truth(Outs&& outs);
  /// self.<name>(other) when self is an instance whose class defines it (operator dispatch).
  Outs instance_dunder(State&& st, const Value& self, const char* name, const Value& other, bool& found);
  /// A builtin-type method bound to its receiver.
  Value bind_builtin(State& st, const Value& method, const Value& self);
  ObjId load_module_object(State& st, const std::string& dotted, bool& fresh, const ir::Module*& mod, bool& is_pkg);
  /// The dotted package a project directory is ("torchvision/models": torchvision.models);
  /// empty for the root or a name that is no identifier.
  static std::string package_of_dir(const std::string& dir);
  /// Module mode: the packages that enclose the entry imported as `dotted`, registered as
  /// modules whose __init__ did not run, each holding the next.
  void enclosing_packages(State& st, const std::string& dotted, ObjId leaf);
  /// `is_stub`: a library model (findings inside are reported at the user's call site);
  /// `user_file`: a file of the project (its syntax errors are findings).
  const ir::Module* lower_file(const std::string& path, const std::string& dotted, std::string source, bool is_stub,
                               bool user_file);
  /// One of tenscan's library stubs: its IR lowered at build time (falls back to lowering).
  const ir::Module* load_stub(const models::EmbeddedStub& stub, const std::string& dotted);
  /// Folds paths that can continue as one into one (see merge.cpp); with `join`, also paths
  /// that differ in requirements and ints or booleans, by joining them (join_paths), and with
  /// `choices` too, paths whose variables and attributes hold scalars of other kinds (None,
  /// int, float: Value::choice). `what` names a joined pending return value in messages.
  void merge_states(States& states, bool join = false, const std::string& what = {}, bool choices = true);
  /// merge_states (joining) for the outcomes of an expression: paths and the values they got
  /// (`what`: the expression, for messages).
  void merge_outs(Outs& outs, const std::string& what);
  /// Whether merge_states may join o and s (k: their common hard constraints, p: their common
  /// requirements, places: where they hold different scalars): what tells them apart mentions
  /// no user input.
  /// Whether two paths took the same values of the declared space's choices (one_of): paths
  /// that did not stay apart, each the analysis of its own value (a float or string option's,
  /// which a merge would blur into their hull).
  [[nodiscard]] bool same_space_choices(const State& a, const State& b) const;
  [[nodiscard]] bool joinable(const State& o, const State& s, std::size_t k, std::size_t p,
                              const std::vector<Place>& places) const;
  /// o absorbs s under a fresh condition g (o's side when true): their own constraints and
  /// requirements hold under their side, and each int or boolean at `places` becomes one that
  /// is o's value if g, s's otherwise.
  void join_paths(State& o, const State& s, std::size_t k, std::size_t p, const std::vector<Place>& places,
                  const std::string& what);
  /// Widening at a while loop's head (widen.cpp): l, at the head after h, differs from h only
  /// in scalars; each becomes a fresh symbol over both values' ranges, open where it moved.
  /// False, with l unchanged, when they differ otherwise, or when what differs is all known (a
  /// loop that runs as written, exactly): for a while loop, every int and boolean that differs
  /// is known; for a for loop (a summary of its remaining iterations), no float differs either.
  /// EndlessLoop: `while True:` (or `while 1:`), which only a break, return or raise leaves: its
  /// known ints widen too (a step counter), since no exact count decides when it ends.
  enum class Widen : std::uint8_t { WhileLoop, EndlessLoop, ForLoop };
  bool widen_head(const State& h, State& l, Widen loop);
  /// Whether the widened head state w covers l: the same values but for scalars that lie within
  /// w's widened symbols, and w's requirements and then maybe more.
  bool covers(const State& w, const State& l);
  [[nodiscard]] bool widened_symbol(const sym::Expr& e) const;
  /// What `now` (in l) becomes when a loop widens it against `was` (in h): an int a fresh
  /// symbol `name` over the hull of both, unbounded where it moved; a boolean a fresh one; a
  /// float their widening (domain::FloatRange::widen). When the caller does not check the result
  /// by a further iteration (`checked` false), an int or a float may be anything: the direction
  /// of one step is no invariant.
  Value widened(const State& h, const Value& was, State& l, const Value& now, const std::string& name, bool checked);
  /// After a representative iteration from pre: each int, boolean or float that post holds at
  /// the same place with another value (a frame slot, a member of an object both hold at one
  /// id) stands for any iteration's: widened as widen_head does.
  void widen_changed_scalars(const State& pre, State& post);

  void init_builtins(State& st);
  friend void register_builtins(Interpreter& in);
  friend void register_primitives(Interpreter& in);

 public:
  /// Registers a native; returns its id. Used by builtins.cpp and models/registry.cpp.
  int add_native(const std::string& name, NativeFn fn);
  /// A Builtin object for the native registered under `name` (bound to `self` if given).
  Value native_value(State& st, const std::string& name, std::optional<Value> self = std::nullopt);
  [[nodiscard]] int native_id(const std::string& name) const;
  /// Executes a statement count step; false when the budget is exhausted.
  bool tick();
  struct SiteGuard {
    Interpreter& in;
    bool active;
    SiteGuard(Interpreter& i, const ir::Expr* e);
    ~SiteGuard();
  };
  int call_depth = 0;

 private:
  const SourceProvider& sources_;
  AnalysisOptions options_;
  AnalysisResult& result_;
  std::vector<std::unique_ptr<ir::Module>> modules_;  // lowered files, index = file id
  std::unordered_map<std::string, const ir::Module*> by_path_;
  std::vector<NativeEntry> natives_;
  std::unordered_map<std::string, int> native_index_;
  std::vector<SymbolInfo> symbols_;
  std::vector<bool> space_matched_;
  bool space_part_split_ = false;  ///< space_part's hyperparameter was split
  std::string space_part_empty_;   ///< ... or why its part would have been empty
  std::map<std::string, sym::SymId> space_symbols_;
  std::vector<LastBatch> last_batches_;
  std::vector<TracedModule> trace_;
  std::vector<std::string> module_inputs_;  // (module mode) the forward arguments' prefixes
  sym::SymId class_symbols_from_ = 0;       // the first symbol of the class being checked
  std::map<const std::string*, std::pair<std::shared_ptr<const std::string>, ObjId>> module_shapes_, module_ranks_;
  /// Module mode: classes whose forward returned in a check, each with the checks (their
  /// classes or builders) it returned in.
  std::map<ObjId, std::set<ObjId>> forwarded_classes_;
  std::size_t class_path_from_ = 0;         // the first path step of its check
  const ir::Code* checking_builder_ = nullptr;  // the model builder being checked (not a class)
  const ModelDecl* checking_decl_ = nullptr;    // the declaration it is checked as (tenscan.json)
  // a check: where the class or builder is defined (the same on every path of the file's body,
  // whichever object each made), and its declaration's index in model_decls (-1: none)
  using CheckKey = std::tuple<std::uint32_t, int, int, int>;
  CheckKey check_key_{0, 0, 0, -1};
  std::map<CheckKey, sym::SymId> class_symbols_;  // each check's first symbol
  std::map<std::pair<CheckKey, std::int64_t>, std::uint32_t> module_input_ids_;  // (check, position) -> input
  std::map<std::tuple<std::uint32_t, std::size_t, std::size_t>, sym::SymId> module_dims_;
  std::map<std::pair<CheckKey, std::string>, sym::SymId> check_sizes_;  // (check, key) -> size (check_size)
  std::map<int, const ir::Module*> declared_makers_;  // declaration -> its lowered maker (nullptr: invalid)
  std::vector<CheckedForward> checked_;
  bool entry_module_called_ = false;        // a forward of a class of the entry file ran
  std::map<std::string, int> trace_index_;  // (path, type, construction) -> row of trace_
  // the value each fixable argument was asked to have ((file, line, col, position, keyword) of
  // ArgumentFix), nullopt once two differ or one is not a constant (see fix_agrees)
  std::map<std::tuple<std::uint32_t, int, int, int, std::string>, std::optional<std::string>> fix_values_;
  std::unordered_map<std::string, int> symbol_names_;  ///< symbols made per printable name (fresh_symbol)
  /// Tests of one unknown value against a constant (`loss_type == 'ce'`), by the value's
  /// identity (its label's allocation, shared by every copy) and the test: testing the same
  /// value the same way again gives the same answer, so an option read from a file does not
  /// split the path anew on every epoch. The label is held so that its address stays unique.
  /// The answer is a condition (a fresh boolean symbol, or its negation for `u != c`, see
  /// Interpreter::compare), so a test can be registered as the negation of another.
  std::map<std::pair<const std::string*, std::string>, std::pair<std::shared_ptr<const std::string>, sym::Cond>>
      unknown_tests_;
  /// The boolean symbol of `test` on the unknown value u (see unknown_tests_).
  Value unknown_test(const Value& u, const std::string& test);
  std::vector<const ir::Expr*> sites_;       // project-code operation stack
  std::vector<std::string> site_functions_;  // enclosing project function per frame
  std::map<std::string, ObjId> builtin_classes_;
  ObjId builtins_module_ = kNoObj;
  std::map<ObjId, ObjId> classes_being_made_;  ///< namespace dict -> class (finish_class)
  std::string entry_dir_;
  std::string entry_path_;
  /// The package the entry's directory is, by its path from the project root ("torchvision.
  /// models"); empty at the root, or where a directory's name is no identifier.
  std::string entry_package_;
  long statements_ = 0;
  std::set<sym::SymId> widened_;  ///< symbols made by widen_head
  ir::Liveness liveness_;  ///< of the project's code objects, computed when first needed
  std::uint64_t loop_executions_ = 0;  ///< numbers the executions of loops (loop_head)
  std::uint64_t summaries_ = 0;        ///< numbers the summary variables (summarise)
  std::size_t merge_work_ = 0;  ///< objects compared while merging paths (see over_work_budget)
  [[nodiscard]] bool over_work_budget() const;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  mutable bool out_of_time_ = false;
  long forks_ = 0;
  // module mode: where the check of one model stops (its share of the work and split budgets,
  // so that one model's paths do not take every other model's time; see check_modules)
  long check_work_limit_ = std::numeric_limits<long>::max(), check_fork_limit_ = std::numeric_limits<long>::max();
  [[nodiscard]] bool over_check_budget() const;
  /// Statements run, and merge comparisons in statements' worth (what the work budgets count).
  [[nodiscard]] long work_done() const;
  // the primitive call in progress (see begin_operation)
  std::uint32_t op_count_ = 0, op_ = 0;
  std::size_t op_reqs_ = 0;                 ///< the path's requirement count when it began
  std::vector<std::uint32_t> op_after_;     ///< its operands' provenance
  std::vector<int> op_modules_;             ///< the trace rows its operands came from (TensorVal::modules)
  std::string_view op_name_;                ///< its primitive
  ObjId op_shape_source_ = kNoObj;          ///< its only tensor operand, when that is opaque and unranked
  std::vector<ObjId> op_operands_;          ///< its ranked tensor operands, the first few (TensorVal::made)
  // The library call in progress: a call from the project's code into a library model is one
  // operation for the requirements its model states itself (_tenscan.require outside a
  // primitive): they get its id and its tensor arguments' provenance, and the tensors it returns
  // depend on it when it left one open (what is computed from a failed tf.reshape is a follow-on).
  struct LibraryCall {
    std::uint32_t op = 0;                   ///< 0: no library call in progress
    std::vector<std::uint32_t> after;       ///< its tensor arguments' provenance
  };
  LibraryCall library_call_;
  /// The library call a call of `fn` from the current frame starts (see LibraryCall), or the
  /// one in progress; the caller restores the previous one when the call returns.
  LibraryCall enter_call(const State& st, const Function& fn, const Args& args);
  /// After a library call: the tensors it returned depend on it where it left a requirement open.
  void leave_library_call(State& st, const Value& returned, std::size_t reqs_before);
  Coverage coverage_;
  std::vector<Gap> gaps_;
  void add_gap(std::string what, const ir::Loc& where);
  bool fork_budget_reported_ = false;
  bool budget_reported_ = false;
};

/// Outs with a single outcome.
inline Outs one(State&& st, Value v) {
  Outs o;
  o.emplace_back(std::move(st), std::move(v));  // (a State is large: moved once, in place)
  return o;
}

}  // namespace tenscan::interp
