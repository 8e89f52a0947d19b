// What a native primitive sees: its arguments, decoded; a way to state requirements (soft
// constraints, stamped with the current project-code site); and ways to return tensors.
// Stubs (models/stubs/**.py) call primitives as _tenscan.<name>(...).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interp/interpreter.h"

namespace tenscan::models {

using interp::Args;
using interp::DType;
using interp::Interpreter;
using interp::Msg;
using interp::Outs;
using interp::RelatedMsg;
using interp::State;
using interp::TensorVal;
using interp::Value;
using interp::VKind;
using Shape = std::vector<sym::Expr>;

/// One row of the primitive table.
struct PrimRow {
  const char* name;  ///< called from stubs as _tenscan.<name>
  interp::NativeFn fn;
};

/// An operand of a type-promoting operation, with the priority torch.result_type gives it:
/// tensors with dimensions, then 0-d tensors, then Python scalars. An operand of a lower
/// priority changes the result only if its category (bool < integral < floating < complex)
/// is higher than that of the operands above it.
struct TypedOperand {
  enum class Priority { Tensor, ZeroDim, Scalar };
  DType dtype = DType::Unknown;
  Priority priority = Priority::Tensor;
};
/// How a value takes part in type promotion (a tensor, or a Python bool/int/float scalar,
/// which count as bool/int64/float32); nullopt for anything else.
std::optional<TypedOperand> typed_operand(const Interpreter& in, const State& st, const Value& v);
/// torch.result_type over the operands (Unknown if any operand's dtype is unknown).
DType result_type(std::initializer_list<TypedOperand> ops);

/// Argument decoding and results for one primitive call.
class Prim {
 public:
  Prim(Interpreter& in, State&& st, Args& args, const char* name) : in(in), st(std::move(st)), args(args), name(name) {
    in.begin_operation(name, this->st, args);
    bind_opaque_ranks();
  }
  ~Prim() { in.end_operation(); }
  Prim(const Prim&) = delete;
  Prim& operator=(const Prim&) = delete;
  Interpreter& in;
  State st;
  Args& args;
  const char* name;

  [[nodiscard]] const Value* arg(std::size_t i, std::string_view kw = {}) const { return args.get(i, kw); }
  [[nodiscard]] bool present(std::size_t i, std::string_view kw = {}) const {
    const Value* v = arg(i, kw);
    return v && !v->is_none();
  }
  /// The tensor payload of argument i, or nullptr if it is not a tensor.
  [[nodiscard]] const TensorVal* tensor(std::size_t i, std::string_view kw = {}) const {
    const Value* v = arg(i, kw);
    return v ? in.tensor_of(st, *v) : nullptr;
  }
  /// An integer argument (symbolic allowed); nullopt if absent or not an int.
  [[nodiscard]] std::optional<sym::Expr> int_arg(std::size_t i, std::string_view kw = {}) const;
  /// A concrete integer argument.
  [[nodiscard]] std::optional<std::int64_t> const_int(std::size_t i, std::string_view kw = {}) const;
  [[nodiscard]] std::optional<bool> bool_arg(std::size_t i, std::string_view kw = {}) const;
  [[nodiscard]] std::optional<std::string> str_arg(std::size_t i, std::string_view kw = {}) const;
  /// An int or a list/tuple of ints (a size); nullopt if not decodable.
  [[nodiscard]] std::optional<Shape> ints(std::size_t i, std::string_view kw = {}) const;
  [[nodiscard]] std::optional<Shape> ints_of(const Value& v) const;
  /// A list/tuple of tensors (nullopt if any element is not a tensor).
  /// The tensors of a list or tuple argument; with `summary`, also the representatives of a
  /// summary list (a list of unknown length), and *summary tells which it was.
  [[nodiscard]] std::optional<std::vector<TensorVal>> tensors(std::size_t i, std::string_view kw = {},
                                                              bool* summary = nullptr) const;
  /// The dtype argument's: `def` when there is none or it names no dtype, Unknown when it is a
  /// value tenscan does not know.
  [[nodiscard]] DType dtype_arg(std::size_t i, std::string_view kw, DType def) const;

  /// Imposes a requirement (see Interpreter::require). False: certainly violated.
  bool require(const sym::Cond& c, RuleId rule, Msg msg, std::vector<RelatedMsg> related = {},
               std::optional<interp::ArgumentFix> fix = std::nullopt) {
    return in.require(st, c, rule, std::move(msg), std::move(related), std::move(fix));
  }
  /// Normalises a dim argument against a rank, requiring it to be in range.
  /// `extra` is 1 for unsqueeze-like ops that may insert at rank.
  std::optional<std::int64_t> dim(const sym::Expr& d, std::size_t rank, const Msg& what, int extra = 0);
  /// A requirement that rank is one of the accepted ones (message names the op).
  bool require_rank(const TensorVal& t, std::initializer_list<std::size_t> ranks, const Msg& what);

  Outs ret(Value v) { return interp::one(std::move(st), std::move(v)); }
  Outs ret_tensor(Shape shape, DType dtype, std::optional<ir::Loc> origin = std::nullopt);
  Outs ret_unranked(DType dtype);
  /// The dtype of argument i as a type-promotion operand (see typed_operand).
  [[nodiscard]] std::optional<TypedOperand> operand(std::size_t i, std::string_view kw = {}) const {
    const Value* v = arg(i, kw);
    return v ? typed_operand(in, st, *v) : std::nullopt;
  }
  Outs ret_none() { return ret(Value::none()); }
  /// A new tensor. Dims that the path's ranges pin to one value become that constant, so
  /// that paths with the same shapes written differently ((28 - s) + s) merge.
  /// (`origin`: where the project's code made it, if not at the call in progress)
  Value tensor_value(Shape shape, DType dtype, std::optional<ir::Loc> origin = std::nullopt) {
    for (auto& d : shape)
      if (!d.as_const())
        if (auto iv = st.ranges.eval(d); iv.is_point()) d = sym::Expr::constant(iv.lo);
    TensorVal t{std::move(shape), dtype, origin ? *origin : in.site()};
    moved_values(t);
    return in.new_tensor(st, std::move(t));
  }
  Value tuple(std::vector<Value> items) { return in.new_tuple(st, std::move(items)); }
  /// Where the project's code created the layer this primitive is given as `layer=` (an
  /// nn.Module); nullopt when no layer is given.
  [[nodiscard]] std::optional<ir::Loc> layer_site() const;
  /// The fix that sets argument (`position`, `keyword`) of the call that built that layer to
  /// `value`; nullopt when no layer is given.
  [[nodiscard]] std::optional<interp::ArgumentFix> layer_fix(std::string callee, int position, std::string keyword,
                                                             sym::Expr value) const;
  /// A related note pointing at where a tensor got its shape.
  RelatedMsg origin_note(const TensorVal& t, const std::string& what) const;

 private:
  /// Operations that accept exactly one rank fix the rank of opaque tensor operands (see
  /// TensorVal::opaque), from the table in prim.cpp.
  void bind_opaque_ranks();
  /// Module mode: a layer that takes an argument of the forward being checked whose rank is not
  /// fixed yet fixes it, batched, with named dims (TensorVal::module_input).
  void bind_module_input();
  /// A result of an operation that only moves, copies or joins its operands' elements (views,
  /// indexing, cat, a dtype conversion) holds their values (numeric.h); others hold values
  /// their primitive sets, unknown by default.
  void moved_values(TensorVal& t) const;
};

/// Renders a shape like "[64, 9216]" (symbolic dims by name).
std::string shape_str(const Interpreter& in, const Shape& s);
sym::Expr numel(const Shape& s);
DType parse_dtype(const std::string& s);
/// PyTorch's promoteTypes: the smallest dtype both a and b convert to without losing their
/// category (uint8 + int8 -> int16, float16 + bfloat16 -> float32, int + float -> float).
DType promote(DType a, DType b);
bool dtype_is_integer_or_bool(DType d);
bool dtype_is_complex(DType d);
/// PyTorch's canCast: whether an in-place operation may store a `from` result into a `to`
/// tensor (it may not store complex into real, floating into integral, or non-bool into bool).
bool can_cast(DType from, DType to);
/// PyTorch's own name of a dtype in its messages ("Long", "Float", "Bool").
const char* dtype_title(DType d);

/// Broadcasts two shapes (NumPy rules), requiring compatibility; nullopt if certainly
/// incompatible. `what` names the operation for the message.
std::optional<Shape> broadcast_shapes(Prim& p, const Shape& a, const Shape& b, const Msg& what,
                                      RuleId rule = RuleId::Broadcast);

// The primitive families (models/primitives/*.cpp), collected by models/registry.cpp.
std::span<const PrimRow> shape_primitives();  // creation, views, joins, indexing
std::span<const PrimRow> math_primitives();   // elementwise, matmul, linear, reductions
std::span<const PrimRow> nn_primitives();     // conv, pool, norms, embedding, recurrent
std::span<const PrimRow> loss_primitives();   // losses, stub-level requirements, randomness
std::span<const PrimRow> pointwise_primitives();  // pointwise functions and their values
std::span<const PrimRow> space_primitives();   // hyperparameter spaces: the sweep's values of options
std::span<const PrimRow> scalar_primitives();  // Python floats: draws, the math module
std::span<const PrimRow> python_primitives();  // exec'd names, imports by a computed name
std::span<const PrimRow> argument_primitives();  // dtype names, sizes, int-or-tuple hyperparameters
std::span<const PrimRow> file_primitives();    // configuration files of the project
std::span<const PrimRow> trace_primitives();   // the shape report's trace of module calls
std::span<const PrimRow> module_mode_primitives();  // module mode's harness

}  // namespace tenscan::models
