// The numerical side of the library models (DEBAR's unsafe operations, on source): what an
// operation does to the values its tensors hold (TensorVal::values: partitions with a FloatRange
// and an affine form each, domain/tensor_values.h) and which operand values make it produce an
// infinity or a NaN. Hazards are checked on an operand's whole range (the join of its parts).
//
// Values are computed in doubles and then saturate to the tensor's dtype: a bound beyond the
// dtype's largest finite value is an infinity, as the dtype's IEEE arithmetic makes it. Only
// reached values make findings (domain/float_range.h): data the analyzer cannot see is top and
// never by itself a finding; a library's documented range (torch.rand's [0, 1)), a known
// constant and an operation's saturation (relu's 0, sigmoid's 0 and 1 in float32) are reached.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "models/prim.h"

namespace tenscan::models {

using FloatRange = domain::FloatRange;
using TensorValues = domain::TensorValues;

/// The largest finite value of a floating dtype (float32's for an unknown or integral one).
double dtype_max(DType dt);
/// The smallest positive normal value of a floating dtype (float32's otherwise).
double dtype_tiny(DType dt);
/// The largest value below 1 of a floating dtype (what torch.rand reaches at most).
double below_one(DType dt);
/// r as a tensor of dtype dt holds it: beyond the largest finite value, an infinity.
FloatRange saturate(FloatRange r, DType dt);
/// The same part by part; a part that saturated loses its form (its elements are no longer
/// what the form computes).
TensorValues saturate(TensorValues v, DType dt);
/// The values of a tensor made holding r: one part, its constant form when r is one number.
TensorValues filled(const FloatRange& r);

/// The values an operand of a tensor operation holds: a tensor's values, a Python number's
/// range (a known number is reached, and is its own constant form), top otherwise.
TensorValues operand_values(const Interpreter& in, const State& st, const Value& v);
/// The same, all elements together.
FloatRange operand_range(const Interpreter& in, const State& st, const Value& v);

/// A set of operand values on which an operation makes an infinity or a NaN: [lo, hi], the
/// finding's rule, what the operation does there ("is -inf at 0 and NaN below") and the
/// standard fix.
struct Hazard {
  RuleId rule;
  double lo, hi;
  std::string unsafe;  ///< the set in words: "0 or negative", "above 88.72"
  std::string effect;  ///< "is -inf at 0 and NaN below"
  std::string fix;
  std::vector<interp::CallRewrite> rewrite{};  ///< the fix as an edit of the program, when it is one
  std::optional<interp::ArgumentFix> agree{};  ///< (see Requirement::agree)
};

/// Reports the hazard when the operand's reached values meet its set: certainly (an error)
/// when all of them do, possibly (a warning) otherwise. `op` names the operation
/// ("torch.log"), `operand` the operand in the message ("its input", "the divisor"); the
/// operand tensor's source, when there is one, gives the related locations.
void check_hazard(Prim& p, const Hazard& h, const FloatRange& values, const TensorVal* operand, const std::string& op,
                  const std::string& operand_text);

/// The source of values operation `op` made: `what` at the current site, after `from`'s source
/// (nullptr: an origin).
std::shared_ptr<const interp::ValueSource> value_source(Prim& p, const std::string& what, const TensorVal* from,
                                                         const std::string& op = {});

/// The outcomes with their tensor results given `values` from `source` (a part without a form
/// gets a fresh summary variable).
Outs with_values(Interpreter& in, Outs outs, const TensorValues& values, std::shared_ptr<const interp::ValueSource> source);
/// The same, keeping each result's source.
Outs with_values(Interpreter& in, Outs outs, const TensorValues& values);
/// One outcome's tensor result given `values` (and `*source`, unless source is null).
void set_values(Interpreter& in, interp::Out& o, const TensorValues& values,
                const std::shared_ptr<const interp::ValueSource>* source);

/// "[0, 0.99999994]", "0", "[0, inf]" (8 significant digits; NaN only when nothing else).
std::string values_text(const FloatRange& r);
/// "torch.rand makes values in [0, 0.99999994]", "torch.zeros makes 0": a source's text.
std::string made_text(const std::string& what, const FloatRange& values);
/// A number with 8 significant digits ("88.722839", "1e-08").
std::string number_text(double x);

/// How a binary operation divides by its second operand.
enum class Division : std::uint8_t { None, True, Floor, Remainder };

/// A binary elementwise operation's numerical model, one row of a table (numeric.cpp) next to the
/// shape rule every one of them shares (_tenscan.elementwise).
struct BinaryModel {
  std::array<const char*, 5> names;  ///< the op names the library models pass for it
  /// the result's range for operands holding x and y, in dtype dt (null: unknown values)
  FloatRange (*range)(const FloatRange& x, const FloatRange& y, DType dt);
  /// the result's affine form from the operands' ones, when it is affine (null: never)
  std::optional<domain::Affine> (*form)(const domain::Affine& x, const domain::Affine& y);
  Division division;
  const char* comparison;  ///< a comparison's operator ("<", "=="), as torch.where guards read it
};
/// The model of op, null when it has none.
const BinaryModel* binary_model(const std::string& op);

/// Whether op divides by its second operand (/, //, %, fmod, remainder and their forms).
bool divides(const std::string& op);
/// Reports the hazard of op (one that divides) on a divisor holding y (`divisor`: its tensor,
/// for the source), in a result of dtype dt.
void check_division(Prim& p, const std::string& op, const FloatRange& y, const TensorVal* divisor, DType dt);
/// Reports the hazards of a power of a base holding x to a known exponent e: beyond the dtype's
/// largest value (overflow to inf), and 0 to a negative power (inf).
void check_power(Prim& p, const FloatRange& x, const FloatRange& e, const TensorVal* base, DType dt);
/// The range of a binary elementwise operation (+, -, *, /, comparisons, max, min) of operands
/// holding x and y, in a result of dtype dt; top for an operation with no model.
FloatRange binary_range(const std::string& op, const FloatRange& x, const FloatRange& y, DType dt);
/// The values of that operation part by part, with the affine forms of + and -, and of a product
/// or quotient by a number. x and y are the operands' values as the result's elements see them
/// (broadcast_values), the result of rank `rank`.
TensorValues binary_values(const std::string& op, const TensorValues& x, const TensorValues& y, DType dt,
                           std::int64_t rank);
/// An operand's values as the elements of a result see them: its own when it has the result's
/// shape; broadcast (different positions), all its elements together and a form only if it is
/// a constant.
TensorValues broadcast_values(const TensorValues& v, bool same_shape);

/// The values of t after t[index] = value: the stored ones joined with t's (without forms); where
/// the index is a mask of t's elements equal to a number (t[t == 0] = eps, or a copy of t
/// compared), that number is no longer among them.
TensorValues stored_values(const Interpreter& in, const State& st, const Value& target, const Value& index,
                           const Value& value);
/// r without the number c: its bounds at c no longer reached (a value in the interior of a dense
/// range is never reached by itself), nothing when r is c.
FloatRange without(const FloatRange& r, double c);
/// Whether the tensor a comparison's result came from (ValueSource::compared) holds t's elements:
/// the same object, or one whose values have the same affine form (a clone).
bool compared_is(const State& st, const interp::ValueSource& guard, const Value& t);

/// The values of t[index] for basic indexing with known ints and unit-step slices (parts and
/// forms follow the selected positions); all of t's values, without forms, otherwise.
TensorValues indexed_values(const Interpreter& in, const State& st, const TensorVal& t, const Value& index);

/// The values of a reduction ("sum()", "mean()", "std()", "norm()", ...) of a tensor holding
/// x with n elements (nullopt: unknown count), in dtype dt.
FloatRange reduced_values(const std::string& op, const FloatRange& x, std::optional<std::int64_t> n, DType dt);

}  // namespace tenscan::models
