// Python operators and protocols over symbolic values: arithmetic, comparison, truthiness,
// subscription, iteration, len() and str(). Instances dispatch to their dunder methods
// (tensor operators are dunders of the torch.Tensor stub).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "interp/interpreter.h"

namespace tenscan::interp {

namespace {

const char* dunder_name(ir::BinOp op, bool reflected, bool inplace) {
  static const char* names[][3] = {
      {"__add__", "__radd__", "__iadd__"},       {"__sub__", "__rsub__", "__isub__"},
      {"__mul__", "__rmul__", "__imul__"},       {"__matmul__", "__rmatmul__", "__imatmul__"},
      {"__truediv__", "__rtruediv__", "__itruediv__"}, {"__floordiv__", "__rfloordiv__", "__ifloordiv__"},
      {"__mod__", "__rmod__", "__imod__"},       {"__pow__", "__rpow__", "__ipow__"},
      {"__lshift__", "__rlshift__", "__ilshift__"}, {"__rshift__", "__rrshift__", "__irshift__"},
      {"__and__", "__rand__", "__iand__"},       {"__or__", "__ror__", "__ior__"},
      {"__xor__", "__rxor__", "__ixor__"}};
  return names[static_cast<int>(op)][inplace ? 2 : reflected ? 1 : 0];
}

std::optional<sym::Expr> as_int_expr(const Value& v) {
  if (v.kind == VKind::Int) return v.i;
  if (v.kind == VKind::Bool) {
    if (v.b.is_true()) return sym::Expr::constant(1);
    if (v.b.is_false()) return sym::Expr::constant(0);
  }
  return std::nullopt;
}


domain::Tri tri_of(ir::CmpOp op, const domain::FloatRange& x, const domain::FloatRange& y) {
  using F = domain::FloatRange;
  switch (op) {
    case ir::CmpOp::Eq: return F::eq(x, y);
    case ir::CmpOp::Ne: return domain::tri_not(F::eq(x, y));
    case ir::CmpOp::Lt: return F::lt(x, y);
    case ir::CmpOp::Le: return F::le(x, y);
    case ir::CmpOp::Gt: return F::lt(y, x);
    case ir::CmpOp::Ge: return F::le(y, x);
    default: return domain::Tri::Unknown;
  }
}

}  // namespace

// A number as a float (state.h) (by its interval on this path; the bounds of
// a range too large for a double round outwards; an int is finite as a float, or float() raises)
// or a boolean's.
domain::FloatRange as_float(const State& st, const Value& v) {
  using F = domain::FloatRange;
  if (v.kind == VKind::Float) return v.f;
  if (auto i = v.const_int()) return F::point(static_cast<double>(*i));
  if (v.kind == VKind::Bool) return F::between(0.0, 1.0);
  sym::Interval r = st.ranges.eval(v.i);
  auto bound = [](std::int64_t b, double max) {
    if (b == sym::Interval::kNegInf || b == sym::Interval::kPosInf) return max;
    return std::nextafter(static_cast<double>(b), max);
  };
  if (r.is_bottom()) return F::finite();
  // (an int the program does not fix: its range is what the analysis knows of it, not values it
  // is known to reach)
  return F::between(bound(r.lo, -F::kMax), bound(r.hi, F::kMax), false, false);
}

namespace {
bool is_instance(const State& st, const Value& v) { return v.is_obj() && st.heap.get(v.obj).kind == OKind::Instance; }
}  // namespace

Outs Interpreter::instance_dunder(State&& st, const Value& self, const char* name, const Value& other, bool& found) {
  found = false;
  if (!is_instance(st, self)) return one(std::move(st), Value::none());
  Args args;
  args.pos.push_back(other);
  return dunder(std::move(st), self, name, std::move(args), found);
}

Outs Interpreter::binary(State&& st, ir::BinOp op, const Value& a, const Value& b, bool inplace) {
  // instances (tensors, user classes) first: a.__iop__(b), a.__op__(b), then b.__rop__(a)
  bool found = false;
  for (int step = inplace ? 0 : 1; step < 3; ++step) {
    const Value& self = step < 2 ? a : b;
    const Value& other = step < 2 ? b : a;
    if (!is_instance(st, self)) continue;  // (ints, floats, strings: no path through a dunder call)
    Outs r = instance_dunder(std::move(st), self, dunder_name(op, step == 2, step == 0), other, found);
    if (found) return r;
    st = std::move(r[0].st);
  }
  // an int/float/str subclass instance without the operator computes with its value
  if (auto pa = scalar_payload(st, a), pb = scalar_payload(st, b); pa || pb)
    return binary(std::move(st), op, pa ? *pa : a, pb ? *pb : b, inplace);
  if (a.is_unknown() || b.is_unknown()) return one(std::move(st), Value::unknown("result of an operation on an unknown value"));
  auto ia = as_int_expr(a), ib = as_int_expr(b);
  // ints (and bools as ints)
  if (ia && ib && (a.kind == VKind::Int || a.kind == VKind::Bool) && (b.kind == VKind::Int || b.kind == VKind::Bool)) {
    const sym::Expr& x = *ia;
    const sym::Expr& y = *ib;
    switch (op) {
      case ir::BinOp::Add: return one(std::move(st), Value::integer(x + y));
      case ir::BinOp::Sub: return one(std::move(st), Value::integer(x - y));
      case ir::BinOp::Mul: return one(std::move(st), Value::integer(x * y));
      case ir::BinOp::FloorDiv:
      case ir::BinOp::Mod: {
        if (auto c = y.as_const(); c && *c == 0)
          return raise_program_error(std::move(st), "ZeroDivisionError", "integer division or modulo by zero");
        return one(std::move(st), Value::integer(op == ir::BinOp::FloorDiv ? sym::Expr::floordiv(x, y) : sym::Expr::mod(x, y)));
      }
      case ir::BinOp::Div: {
        if (auto cy = y.as_const(); cy && *cy == 0) return raise_program_error(std::move(st), "ZeroDivisionError", "division by zero");
        return one(std::move(st), Value::floating(as_float(st, a) / as_float(st, b)));
      }
      case ir::BinOp::Pow: {
        auto cy = y.as_const();
        if (cy && *cy >= 0 && *cy <= 64) {
          sym::Expr r = sym::Expr::constant(1);
          for (std::int64_t k = 0; k < *cy; ++k) r = r * x;
          return one(std::move(st), Value::integer(r));
        }
        auto cx = x.as_const();
        // (0 to a negative power raises, as 0.0 does)
        if (cx && cy && *cx == 0 && *cy < 0)
          return raise_program_error(std::move(st), "ZeroDivisionError", "0.0 cannot be raised to a negative power");
        if (cx && cy) return one(std::move(st), Value::floating(std::pow(static_cast<double>(*cx), static_cast<double>(*cy))));
        return one(std::move(st), Value::unknown("power"));
      }
      default: {
        auto cx = x.as_const(), cy = y.as_const();
        if (!cx || !cy) return one(std::move(st), Value::unknown("bitwise result"));
        std::int64_t r = 0;
        switch (op) {
          case ir::BinOp::LShift: r = (*cy >= 0 && *cy < 63) ? (*cx << *cy) : 0; break;
          case ir::BinOp::RShift: r = (*cy >= 0 && *cy < 63) ? (*cx >> *cy) : 0; break;
          case ir::BinOp::BitAnd: r = *cx & *cy; break;
          case ir::BinOp::BitOr: r = *cx | *cy; break;
          case ir::BinOp::BitXor: r = *cx ^ *cy; break;
          default: break;
        }
        if (a.kind == VKind::Bool && b.kind == VKind::Bool &&
            (op == ir::BinOp::BitAnd || op == ir::BinOp::BitOr || op == ir::BinOp::BitXor))
          return one(std::move(st), Value::boolean(r != 0));
        return one(std::move(st), Value::integer(r));
      }
    }
  }
  // symbolic booleans combined with & and |
  if (a.kind == VKind::Bool && b.kind == VKind::Bool) {
    if (op == ir::BinOp::BitAnd) return one(std::move(st), Value::boolean(a.b && b.b));
    if (op == ir::BinOp::BitOr) return one(std::move(st), Value::boolean(a.b || b.b));
  }
  // floats
  bool numeric_a = a.kind == VKind::Float || a.kind == VKind::Int || a.kind == VKind::Bool;
  bool numeric_b = b.kind == VKind::Float || b.kind == VKind::Int || b.kind == VKind::Bool;
  if (numeric_a && numeric_b) {
    using F = domain::FloatRange;
    F x = as_float(st, a), y = as_float(st, b);
    // a divisor that is certainly zero raises; one that reaches 0 is a possible failure (a
    // warning: random.random() can return 0.0)
    bool zero = y.constant() == 0.0;
    const bool divides = op == ir::BinOp::Div || op == ir::BinOp::FloorDiv || op == ir::BinOp::Mod;
    if (divides && !zero && y.hazard(0.0, 0.0) != F::Reach::None)
      hazard(st, RuleId::ZeroDivision,
             Msg() << "ZeroDivisionError: the divisor can be 0 (it is " << y.describe()
                   << "), and Python raises for a division by zero; guard it or add an epsilon",
             {}, false);
    switch (op) {
      case ir::BinOp::Add: return one(std::move(st), Value::floating(x + y));
      case ir::BinOp::Sub: return one(std::move(st), Value::floating(x - y));
      case ir::BinOp::Mul: return one(std::move(st), Value::floating(x * y));
      case ir::BinOp::Div:
        if (zero) return raise_program_error(std::move(st), "ZeroDivisionError", "float division by zero");
        return one(std::move(st), Value::floating(x / y));
      case ir::BinOp::FloorDiv:
        if (zero) return raise_program_error(std::move(st), "ZeroDivisionError", "float floor division by zero");
        return one(std::move(st), Value::floating(F::floordiv(x, y)));
      case ir::BinOp::Mod:
        if (zero) return raise_program_error(std::move(st), "ZeroDivisionError", "float modulo");
        return one(std::move(st), Value::floating(F::mod(x, y)));
      case ir::BinOp::Pow: {
        // 0.0 to a negative power raises (certainly at a known 0, possibly at a reached one);
        // a known power that overflows raises OverflowError
        const bool negative = !y.empty() && y.hi < 0;
        if (negative && x.constant() == 0.0)
          return raise_program_error(std::move(st), "ZeroDivisionError", "0.0 cannot be raised to a negative power");
        if (negative && x.hazard(0.0, 0.0) != F::Reach::None)
          hazard(st, RuleId::ZeroDivision,
                 Msg() << "ZeroDivisionError: the base can be 0 (it is " << x.describe()
                       << ") and the exponent is negative: Python raises \"0.0 cannot be raised to a negative power\"; "
                          "guard it or add an epsilon",
                 {}, false);
        F r = F::pow(x, y);
        if (x.constant() && y.constant() && std::isfinite(*x.constant()) && std::isfinite(*y.constant()) && r.constant() &&
            std::isinf(*r.constant()))
          return raise_program_error(std::move(st), "OverflowError", "(34, 'Numerical result out of range')");
        return one(std::move(st), Value::floating(r));
      }
      default: return one(std::move(st), Value::unknown("float operation"));
    }
  }
  // strings
  if (a.kind == VKind::Str && b.kind == VKind::Str && op == ir::BinOp::Add) {
    if (a.s && b.s) return one(std::move(st), Value::str(*a.s + *b.s));
    return one(std::move(st), Value::unknown_str());
  }
  if (a.kind == VKind::Str && op == ir::BinOp::Mod) {
    // printf-style formatting of known values ("denselayer%d" % (i + 1): a module's name that a
    // dict is keyed by); anything else (a width, a float, an unknown value) is an unknown string
    std::vector<Value> values;
    if (const auto* items = b.is_obj() && st.heap.get(b.obj).kind == OKind::Tuple ? sequence_of(st, b) : nullptr) values = *items;
    else values.push_back(b);
    std::string out;
    std::size_t next = 0;
    bool known = a.s != nullptr;
    for (std::size_t i = 0; known && i < a.s->size(); ++i) {
      const char c = (*a.s)[i];
      if (c != '%') {
        out += c;
        continue;
      }
      const char spec = i + 1 < a.s->size() ? (*a.s)[++i] : '\0';
      if (spec == '%') {
        out += '%';
        continue;
      }
      if (next >= values.size() || (spec != 'd' && spec != 'i' && spec != 's')) {
        known = false;
        break;
      }
      const Value& v = values[next++];
      if (auto n = v.const_int(); n && (spec != 's' || v.kind == VKind::Int)) out += std::to_string(*n);
      else if (spec == 's' && v.const_str()) out += *v.const_str();
      else known = false;
    }
    if (known && next == values.size()) return one(std::move(st), Value::str(out));
    return one(std::move(st), Value::unknown_str());
  }
  if (a.kind == VKind::Str && op == ir::BinOp::Mul) {
    auto n = b.const_int();
    if (a.s && n && *n >= 0 && *n < 10000) {
      std::string r;
      for (std::int64_t k = 0; k < *n; ++k) r += *a.s;
      return one(std::move(st), Value::str(r));
    }
    return one(std::move(st), Value::unknown_str());
  }
  // sequences
  if (a.is_obj() && b.is_obj()) {
    const Object& oa = st.heap.get(a.obj);
    const Object& ob = st.heap.get(b.obj);
    if ((oa.kind == OKind::List || oa.kind == OKind::Tuple) && oa.kind == ob.kind && op == ir::BinOp::Add) {
      std::vector<Value> items = oa.items;
      items.insert(items.end(), ob.items.begin(), ob.items.end());
      bool summary = oa.summary_iter || ob.summary_iter;  // a length tenscan does not know
      if (inplace && oa.kind == OKind::List) {
        Object& m = st.heap.mut(a.obj);
        m.items = items;
        m.summary_iter = summary;
        return one(std::move(st), a);
      }
      Value r = summary ? new_summary_list(st, std::move(items), oa.kind) : new_list(st, std::move(items), oa.kind);
      return one(std::move(st), r);
    }
    if (oa.kind == OKind::Dict && ob.kind == OKind::Dict && op == ir::BinOp::BitOr) {
      auto es = oa.entries;
      for (const auto& e : ob.entries) {
        bool done = false;
        for (auto& x : es)
          if (same_value(x.key, e.key)) x.value = e.value, done = true;
        if (!done) es.push_back(e);
      }
      return one(std::move(st), new_dict(st, std::move(es)));
    }
  }
  if (a.is_obj() && op == ir::BinOp::Mul) {
    const Object& oa = st.heap.get(a.obj);
    auto n = b.const_int();
    if ((oa.kind == OKind::List || oa.kind == OKind::Tuple) && n && !oa.summary_iter) {
      std::vector<Value> items;
      for (std::int64_t k = 0; k < std::min<std::int64_t>(*n, 100000); ++k) items.insert(items.end(), oa.items.begin(), oa.items.end());
      return one(std::move(st), new_list(st, std::move(items), oa.kind));
    }
    if ((oa.kind == OKind::List || oa.kind == OKind::Tuple) && (b.kind == VKind::Int || b.is_unknown())) {
      // repeated a number of times tenscan does not know: a list of unknown length
      Value r = new_summary_list(st, oa.items, oa.kind);
      return one(std::move(st), r);
    }
  }
  if (b.is_obj() && op == ir::BinOp::Mul && (a.kind == VKind::Int)) return binary(std::move(st), op, b, a, false);
  return raise(std::move(st), "TypeError",
               std::string("unsupported operand type(s) for ") + ir::binop_symbol(op) + ": '" + type_name(st, a) + "' and '" +
                   type_name(st, b) + "'");
}

Outs Interpreter::compare(State&& st, ir::CmpOp op, const Value& a, const Value& b) {
  using ir::CmpOp;
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    bool same;
    if (a.is_unknown() || b.is_unknown()) {
      // In a library model, `x is None` asks whether an argument was given, and a value
      // tenscan does not know was given: not None (`randint(0, h - 128)` with h unknown is not
      // randint(high=0)). In the project's code the value may be None: both answers.
      // The same for any other object (a sentinel default): in the project's code an unknown
      // may be that very object (`fwAD.unpack_dual(d).tangent is tangent`).
      if (!st.frames.empty() && st.frame().module && st.frame().module->is_stub)
        return one(std::move(st), Value::boolean(op == CmpOp::IsNot));
      Value t = unknown_test(a.is_unknown() ? a : b, a.is_none() || b.is_none() ? "is None" : "is");
      if (op == CmpOp::IsNot) t.b = !t.b;
      return one(std::move(st), std::move(t));
    } else if (a.kind != b.kind) {
      same = false;
    } else if (a.kind == VKind::Obj) {
      same = a.obj == b.obj;
    } else {
      same = same_value(a, b);
    }
    return one(std::move(st), Value::boolean(op == CmpOp::Is ? same : !same));
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    bool negate = op == CmpOp::NotIn;
    if (a.is_unknown() && b.is_obj()) {
      // nothing is in an empty list or dict: `word not in vocab` before the first append
      const Object& ob = st.heap.get(b.obj);
      bool plain = (ob.kind == OKind::List || ob.kind == OKind::Tuple || ob.kind == OKind::Set) && !ob.summary_iter;
      if ((plain && ob.items.empty()) || (ob.kind == OKind::Dict && ob.entries.empty()))
        return one(std::move(st), Value::boolean(negate));
    }
    if (b.is_unknown() || a.is_unknown()) return one(std::move(st), Value::unknown("membership test"));
    if (b.kind == VKind::Str) {
      if (a.s && b.s) return one(std::move(st), Value::boolean((b.s->find(*a.s) != std::string::npos) != negate));
      return one(std::move(st), Value::unknown("membership test"));
    }
    if (b.is_obj()) {
      const Object& ob = st.heap.get(b.obj);
      if (ob.kind == OKind::Class) {
        // a class whose metaclass defines __contains__ (membership in an Enum)
        bool found = false;
        Args args;
        args.pos.push_back(a);
        Outs r = dunder(std::move(st), b, "__contains__", std::move(args), found);
        if (found) {
          Outs res;
          for (auto& o : r) {
            if (o.st.normal() && negate) {
              for (auto& t : truth(std::move(o.st), o.v)) {
                if (t.v.kind == VKind::Bool) t.v = Value::boolean(!t.v.b);
                res.push_back(std::move(t));
              }
            } else {
              res.push_back(std::move(o));
            }
          }
          return res;
        }
        return raise(std::move(r[0].st), "TypeError", "argument of type '" + type_name(r[0].st, b) + "' is not iterable");
      }
      if (ob.kind == OKind::Instance) {
        bool found = false;
        Args args;
        args.pos.push_back(a);
        Outs r = dunder(std::move(st), b, "__contains__", std::move(args), found);
        if (found) {
          if (negate)
            for (auto& o : r)
              if (o.v.kind == VKind::Bool) o.v = Value::boolean(!o.v.b);
          return r;
        }
        return one(std::move(r[0].st), Value::unknown("membership test"));
      }
      std::vector<Value> keys;
      if (ob.kind == OKind::Dict)
        for (const auto& e : ob.entries) keys.push_back(e.key);
      else
        keys = ob.items;
      sym::Cond any = sym::Cond::truth(false);
      bool unknown = false;
      for (const auto& k : keys) {
        if (same_value(k, a)) {
          any = sym::Cond::truth(true);
          break;
        }
        auto x = as_int_expr(k), y = as_int_expr(a);
        if (x && y) any = any || sym::Cond::eq(*x, *y);
        else if (k.is_unknown_or_unknown_str() || (a.kind == VKind::Str && !a.s)) unknown = true;
      }
      // a summary list or dict lists some of its elements: another value may be among the rest
      if ((unknown || ob.summary_iter) && !any.is_true()) return one(std::move(st), Value::unknown("membership test"));
      return one(std::move(st), Value::boolean(negate ? !any : any));
    }
    return raise(std::move(st), "TypeError", "argument of type '" + type_name(st, b) + "' is not iterable");
  }
  // rich comparisons on instances
  static const char* names[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};
  static const char* reflected[] = {"__eq__", "__ne__", "__gt__", "__ge__", "__lt__", "__le__"};
  int k = static_cast<int>(op);
  for (int step = 0; step < 2; ++step) {
    if (!is_instance(st, step == 0 ? a : b)) continue;
    bool found = false;
    Outs r = instance_dunder(std::move(st), step == 0 ? a : b, step == 0 ? names[k] : reflected[k], step == 0 ? b : a, found);
    if (found) return r;
    st = std::move(r[0].st);
  }
  // an int/float/str subclass instance without its own comparison compares as its value
  if (auto pa = scalar_payload(st, a), pb = scalar_payload(st, b); pa || pb)
    return compare(std::move(st), op, pa ? *pa : a, pb ? *pb : b);
  if (a.is_unknown() != b.is_unknown() && (op == CmpOp::Eq || op == CmpOp::Ne)) {
    // An unknown value against a constant. The unknown may be a plain Python value (an option
    // read from a file: two `if` tests of it must agree) or a tensor (`src == pad_idx` on data
    // tenscan does not see, whose result has tensor methods). So the result is an unknown
    // value, not a bool, but the same one for the same comparison: its truth (truth(),
    // branch()) is the memoized test `u == c`, and that of `u != c` is its negation.
    const Value& u = a.is_unknown() ? a : b;
    const Value& known = a.is_unknown() ? b : a;
    // (module mode: `x.dim() == 3` of a forward's argument whose rank is open gives it that rank)
    if (auto rank = known.const_int(); rank && known.kind == VKind::Int && bind_module_rank_of(st, u, *rank))
      return one(std::move(st), Value::boolean(op == CmpOp::Eq));
    std::string key, literal;
    if (known.kind == VKind::Str && known.s) literal = "'" + *known.s + "'";
    else if (auto c = known.const_int(); c && known.kind == VKind::Int) literal = std::to_string(*c);
    if (!literal.empty()) {
      key = "== " + literal;
      bool ne = op == CmpOp::Ne;
      sym::Cond eq = unknown_test(u, key).b;  // also keeps u's label (the key's address) alive
      auto result_key = std::make_pair(u.s.get(), std::string(ne ? "value of != " : "value of == ") + literal);
      auto it = unknown_tests_.find(result_key);
      if (it == unknown_tests_.end()) {
        std::string name = u.s ? *u.s : std::string("an unknown value");
        auto label = std::make_shared<const std::string>("(" + name + (ne ? " != " : " == ") + literal + ")");
        sym::Cond truth_of = ne ? !eq : eq;
        it = unknown_tests_.emplace(result_key, std::make_pair(label, truth_of)).first;
        unknown_tests_.emplace(std::make_pair(label.get(), std::string("is true")), std::make_pair(label, truth_of));
      }
      Value r;
      r.kind = VKind::Unknown;
      r.s = it->second.first;
      return one(std::move(st), std::move(r));
    }
  }
  if (a.is_unknown() || b.is_unknown()) return one(std::move(st), Value::unknown("comparison with an unknown value"));
  auto ia = as_int_expr(a), ib = as_int_expr(b);
  if (ia && ib) {
    sym::Cond c;
    switch (op) {
      case CmpOp::Eq: c = sym::Cond::eq(*ia, *ib); break;
      case CmpOp::Ne: c = sym::Cond::ne(*ia, *ib); break;
      case CmpOp::Lt: c = sym::Cond::lt(*ia, *ib); break;
      case CmpOp::Le: c = sym::Cond::le(*ia, *ib); break;
      case CmpOp::Gt: c = sym::Cond::gt(*ia, *ib); break;
      case CmpOp::Ge: c = sym::Cond::ge(*ia, *ib); break;
      default: break;
    }
    return one(std::move(st), Value::boolean(c));
  }
  if ((a.kind == VKind::Bool || b.kind == VKind::Bool) && (op == CmpOp::Eq || op == CmpOp::Ne) && a.kind == b.kind) {
    sym::Cond eq = (a.b && b.b) || (!a.b && !b.b);
    return one(std::move(st), Value::boolean(op == CmpOp::Eq ? eq : !eq));
  }
  bool numeric = (a.kind == VKind::Float || a.kind == VKind::Int || a.kind == VKind::Bool) &&
                 (b.kind == VKind::Float || b.kind == VKind::Int || b.kind == VKind::Bool);
  if (numeric) {
    domain::Tri r = tri_of(op, as_float(st, a), as_float(st, b));
    if (r == domain::Tri::Unknown) return one(std::move(st), Value::unknown(kFloatComparison));
    return one(std::move(st), Value::boolean(r == domain::Tri::True));
  }
  if (a.kind == VKind::Str && b.kind == VKind::Str) {
    if (!a.s || !b.s) return one(std::move(st), Value::unknown("string comparison"));
    int c = a.s->compare(*b.s);
    bool r = false;
    switch (op) {
      case CmpOp::Eq: r = c == 0; break;
      case CmpOp::Ne: r = c != 0; break;
      case CmpOp::Lt: r = c < 0; break;
      case CmpOp::Le: r = c <= 0; break;
      case CmpOp::Gt: r = c > 0; break;
      case CmpOp::Ge: r = c >= 0; break;
      default: break;
    }
    return one(std::move(st), Value::boolean(r));
  }
  // sequences order lexicographically: the first differing element decides, then the length
  if (op != CmpOp::Eq && op != CmpOp::Ne && a.is_obj() && b.is_obj()) {
    const auto* xs = sequence_of(st, a);
    const auto* ys = sequence_of(st, b);
    if (xs && ys && st.heap.get(a.obj).kind == st.heap.get(b.obj).kind) {
      std::vector<Value> x = *xs, y = *ys;
      for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (identical(x[i], y[i])) continue;
        Outs eq = compare(std::move(st), CmpOp::Eq, x[i], y[i]);
        st = std::move(eq[0].st);
        if (!st.normal()) return one(std::move(st), Value::none());
        if (eq[0].v.kind != VKind::Bool || !(eq[0].v.b.is_true() || eq[0].v.b.is_false()))
          return one(std::move(st), Value::unknown("sequence comparison"));
        if (eq[0].v.b.is_false()) return compare(std::move(st), op, x[i], y[i]);
      }
      return compare(std::move(st), op, Value::integer(static_cast<std::int64_t>(x.size())),
                     Value::integer(static_cast<std::int64_t>(y.size())));
    }
  }
  if (op == CmpOp::Eq || op == CmpOp::Ne) {
    bool eq = false;
    if (a.is_obj() && b.is_obj()) {
      const Object& oa = st.heap.get(a.obj);
      const Object& ob = st.heap.get(b.obj);
      if ((oa.kind == OKind::List || oa.kind == OKind::Tuple) && oa.kind == ob.kind) {
        if (oa.items.size() != ob.items.size()) return one(std::move(st), Value::boolean(op == CmpOp::Ne));
        sym::Cond all = sym::Cond::truth(true);
        auto items_a = oa.items, items_b = ob.items;
        for (std::size_t i = 0; i < items_a.size(); ++i) {
          if (identical(items_a[i], items_b[i])) continue;
          Outs c = compare(std::move(st), CmpOp::Eq, items_a[i], items_b[i]);
          st = std::move(c[0].st);
          if (c[0].v.kind != VKind::Bool) return one(std::move(st), Value::unknown("sequence comparison"));
          all = all && c[0].v.b;
        }
        return one(std::move(st), Value::boolean(op == CmpOp::Eq ? all : !all));
      }
      if (oa.kind == OKind::Dict && ob.kind == OKind::Dict && !oa.summary_iter && !ob.summary_iter) {
        // equal sizes, and each key of one maps to an equal value in the other
        if (oa.entries.size() != ob.entries.size()) return one(std::move(st), Value::boolean(op == CmpOp::Ne));
        sym::Cond all = sym::Cond::truth(true);
        auto entries_a = oa.entries, entries_b = ob.entries;
        for (const auto& e : entries_a) {
          std::ptrdiff_t i = dict_find(entries_b, e.key);
          if (i == -2) return one(std::move(st), Value::unknown("dict comparison"));
          if (i == -1) return one(std::move(st), Value::boolean(op == CmpOp::Ne));
          if (identical(e.value, entries_b[static_cast<std::size_t>(i)].value)) continue;
          Outs c = compare(std::move(st), CmpOp::Eq, e.value, entries_b[static_cast<std::size_t>(i)].value);
          st = std::move(c[0].st);
          if (c[0].v.kind != VKind::Bool) return one(std::move(st), Value::unknown("dict comparison"));
          all = all && c[0].v.b;
        }
        return one(std::move(st), Value::boolean(op == CmpOp::Eq ? all : !all));
      }
      eq = a.obj == b.obj;
    } else {
      eq = a.kind == b.kind && same_value(a, b);
    }
    return one(std::move(st), Value::boolean(op == CmpOp::Eq ? eq : !eq));
  }
  return raise(std::move(st), "TypeError",
               std::string("'") + ir::cmpop_symbol(op) + "' not supported between instances of '" + type_name(st, a) + "' and '" +
                   type_name(st, b) + "'");
}

// CPython compares the elements of two containers with PyObject_RichCompareBool, which takes
// an object as equal to itself before asking it: [x] == [x] and {"k": x} == {"k": x} hold for
// any x (an unknown one, a NaN), so a dict compared with itself never forks on what it holds.
bool Interpreter::identical(const Value& a, const Value& b) {
  if (a.is_obj() && b.is_obj()) return a.obj == b.obj;
  return a.kind == VKind::Unknown && b.kind == VKind::Unknown && a.s && a.s == b.s;
}

Outs Interpreter::truth(State&& st, const Value& v) {
  switch (v.kind) {
    case VKind::None: return one(std::move(st), Value::boolean(false));
    case VKind::Bool: return one(std::move(st), v);
    case VKind::Int: return one(std::move(st), Value::boolean(sym::Cond::ne(v.i, sym::Expr::constant(0))));
    case VKind::Float:
      if (domain::Tri t = v.f.truth(); t != domain::Tri::Unknown) return one(std::move(st), Value::boolean(t == domain::Tri::True));
      return one(std::move(st), Value::unknown("float truth"));
    case VKind::Str:
      if (v.s) return one(std::move(st), Value::boolean(!v.s->empty()));
      return one(std::move(st), Value::unknown("string truth"));
    case VKind::Undef: return one(std::move(st), Value::unknown("truth of an unknown value"));
    case VKind::Choice:
    {
      Outs res;
      for (auto& o : split_choices(one(std::move(st), v)))
        for (auto& t : truth(std::move(o.st), o.v)) res.push_back(std::move(t));
      return res;
    }
    case VKind::Unknown:
      // the same value tested twice gets the same answer (unknown_test, as branch() does); a
      // condition, so that `not u` is its negation
      if (v.s) return one(std::move(st), unknown_test(v, "is true"));
      return one(std::move(st), v);
    case VKind::Obj: break;
  }
  const Object& o = st.heap.get(v.obj);
  switch (o.kind) {
    case OKind::List:
    case OKind::Tuple:
    case OKind::Set: return one(std::move(st), Value::boolean(!o.items.empty()));
    case OKind::Dict: return one(std::move(st), Value::boolean(!o.entries.empty()));
    case OKind::Range: return one(std::move(st), Value::boolean(sym::Cond::lt(o.start, o.stop)));
    case OKind::Instance: {
      bool found = false;
      Outs r = dunder(std::move(st), v, "__bool__", {}, found);
      if (found) return then_truth(std::move(r));
      st = std::move(r[0].st);
      r = dunder(std::move(st), v, "__len__", {}, found);
      if (found) {
        Outs res;
        for (auto& x : r) {
          if (x.st.normal() && x.v.kind == VKind::Int) x.v = Value::boolean(sym::Cond::ne(x.v.i, sym::Expr::constant(0)));
          res.push_back(std::move(x));
        }
        return res;
      }
      return one(std::move(r[0].st), Value::boolean(true));
    }
    default: return one(std::move(st), Value::boolean(true));
  }
}

Outs Interpreter::then_truth(Outs&& outs) {
  Outs res;
  for (auto& o : outs) {
    if (o.st.normal() && o.v.kind != VKind::Bool) {
      Outs t = truth(std::move(o.st), o.v);
      append(res, std::move(t));
    } else {
      res.push_back(std::move(o));
    }
  }
  return res;
}

namespace {
// Python slice semantics on a concrete length.
bool concrete_slice(const Value& lo, const Value& hi, const Value& step, std::int64_t n, std::vector<std::int64_t>& idx) {
  std::int64_t s = 1;
  if (!step.is_none()) {
    auto c = step.const_int();
    if (!c || *c == 0) return false;
    s = *c;
  }
  auto clampv = [&](const Value& v, std::int64_t def, std::int64_t& out) {
    if (v.is_none()) {
      out = def;
      return true;
    }
    auto c = v.const_int();
    if (!c) return false;
    std::int64_t x = *c;
    if (x < 0) x += n;
    if (s > 0) out = std::clamp<std::int64_t>(x, 0, n);
    else out = std::clamp<std::int64_t>(x, -1, n - 1);
    return true;
  };
  std::int64_t a = 0, b = 0;
  if (!clampv(lo, s > 0 ? 0 : n - 1, a) || !clampv(hi, s > 0 ? n : -1, b)) return false;
  for (std::int64_t i = a; s > 0 ? i < b : i > b; i += s) idx.push_back(i);
  return true;
}
}  // namespace

Outs Interpreter::getitem(State&& st, const Value& obj, const Value& index) {
  if (obj.is_unknown()) return one(std::move(st), Value::unknown((obj.s ? *obj.s : std::string("value")) + "[...]"));
  if (obj.kind == VKind::Str) {
    if (obj.s && index.const_int()) {
      auto n = static_cast<std::int64_t>(obj.s->size());
      std::int64_t i = *index.const_int();
      if (i < 0) i += n;
      if (i < 0 || i >= n) return raise(std::move(st), "IndexError", "string index out of range");
      return one(std::move(st), Value::str(std::string(1, (*obj.s)[static_cast<std::size_t>(i)])));
    }
    if (obj.s && index.is_obj() && st.heap.get(index.obj).kind == OKind::Slice) {
      const Object& sl = st.heap.get(index.obj);
      std::vector<std::int64_t> idx;
      if (concrete_slice(sl.a, sl.b, sl.c, static_cast<std::int64_t>(obj.s->size()), idx)) {
        std::string r;
        for (auto i : idx) r.push_back((*obj.s)[static_cast<std::size_t>(i)]);
        return one(std::move(st), Value::str(r));
      }
    }
    return one(std::move(st), Value::unknown_str());
  }
  if (!obj.is_obj()) return raise(std::move(st), "TypeError", "'" + type_name(st, obj) + "' object is not subscriptable");
  const Object& o = st.heap.get(obj.obj);
  switch (o.kind) {
    case OKind::List:
    case OKind::Tuple: {
      auto n = static_cast<std::int64_t>(o.items.size());
      if (o.summary_iter) {
        // a list of unknown length: a slice is another such list, an element is one of the
        // representatives (the first one from the front, the last one from the back)
        if (index.is_obj() && st.heap.get(index.obj).kind == OKind::Slice) {
          Value copy = new_summary_list(st, o.items);
          return one(std::move(st), copy);
        }
        if (o.items.empty()) return one(std::move(st), Value::unknown("element"));
        auto ie = as_int_expr(index);
        auto c = ie ? ie->as_const() : std::nullopt;
        if (c && *c < 0) return one(std::move(st), o.items.back());
        if (c && *c < n) return one(std::move(st), o.items[static_cast<std::size_t>(*c)]);
        return one(std::move(st), o.items.size() == 1 ? o.items[0] : Value::unknown("element"));
      }
      if (index.is_obj() && st.heap.get(index.obj).kind == OKind::Slice) {
        const Object& sl = st.heap.get(index.obj);
        std::vector<std::int64_t> idx;
        // (any slice of an empty sequence is empty, whatever its bounds)
        if (n == 0) return one(std::move(st), new_list(st, {}, o.kind));
        if (!concrete_slice(sl.a, sl.b, sl.c, n, idx)) return one(std::move(st), Value::unknown("slice"));
        std::vector<Value> items;
        for (auto i : idx) items.push_back(o.items[static_cast<std::size_t>(i)]);
        OKind k = o.kind;
        return one(std::move(st), new_list(st, std::move(items), k));
      }
      auto ie = as_int_expr(index);
      if (!ie) {
        if (index.is_unknown()) return one(std::move(st), Value::unknown("element"));
        // an integer tensor of one element is an index (Tensor.__index__): `classes[labels[j]]`
        if (const TensorVal* t = tensor_of(st, index)) {
          const bool integer = t->dtype == DType::Unknown || dtype_is_integer(t->dtype) || t->dtype == DType::Bool;
          std::optional<std::int64_t> numel = 1;
          if (t->shape)
            for (const auto& d : *t->shape) numel = numel && d.as_const() ? std::optional(*numel * *d.as_const()) : std::nullopt;
          if (integer && (!t->shape || !numel || *numel == 1)) return one(std::move(st), Value::unknown("element"));
          return raise_program_error(std::move(st), "TypeError",
                                     "only integer tensors of a single element can be converted to an index");
        }
        return raise(std::move(st), "TypeError", "list indices must be integers or slices, not " + type_name(st, index));
      }
      if (auto c = ie->as_const()) {
        std::int64_t i = *c < 0 ? *c + n : *c;
        if (i < 0 || i >= n)
          return raise(std::move(st), "IndexError", std::string(o.kind == OKind::List ? "list" : "tuple") + " index out of range");
        return one(std::move(st), o.items[static_cast<std::size_t>(i)]);
      }
      // a symbolic index: the element if all elements agree, else one value that covers them
      // (join_values: a size among sizes, a tuple of such), else unknown
      if (!o.items.empty() && std::all_of(o.items.begin(), o.items.end(), [&](const Value& v) { return same_value(v, o.items[0]); }))
        return one(std::move(st), o.items[0]);
      if (!o.items.empty())
        if (auto joined = join_values(st, o.items)) return one(std::move(st), *joined);
      return one(std::move(st), Value::unknown("element at a symbolic index"));
    }
    case OKind::Dict: {
      for (const auto& e : o.entries) {
        if (same_value(e.key, index)) return one(std::move(st), e.value);
        auto x = as_int_expr(e.key), y = as_int_expr(index);
        if (x && y && *x == *y) return one(std::move(st), e.value);
      }
      if (o.summary_iter) {
        // a dict a loop of unknown length filled (`{w: i for i, w in enumerate(vocab)}`): its
        // entries stand for the ones it added, so another key is one of those, not a KeyError
        std::vector<Value> values;
        for (const auto& e : o.entries) values.push_back(e.value);
        if (auto joined = join_values(st, values)) return one(std::move(st), *joined);
        return one(std::move(st), Value::unknown("dict value"));
      }
      if (index.is_unknown_or_unknown_str()) {
        // a key tenscan cannot spell (a label drawn by np.random.choice from strings): on the
        // paths where it is one of the keys, the value is one of the values. When they are all
        // tensors (a one-hot row per class name), one tensor that covers them; any other value
        // is unknown (a count per class that the program updates under that key)
        std::vector<Value> values;
        for (const auto& e : o.entries)
          if (tensor_of(st, e.value)) values.push_back(e.value);
        if (!values.empty() && values.size() == o.entries.size())
          if (auto joined = join_values(st, values)) return one(std::move(st), *joined);
        return one(std::move(st), Value::unknown("dict value"));
      }
      if (auto ie = as_int_expr(index); ie && !ie->is_const()) {
        // a symbolic key (a random class): one path per integer key it can be, and a KeyError
        // path if it can be none of them
        constexpr std::size_t kMaxKeys = 16;
        std::vector<std::pair<std::int64_t, Value>> keys;
        for (const auto& e : o.entries)
          if (auto k = as_int_expr(e.key); k && k->as_const()) keys.emplace_back(*k->as_const(), e.value);
        if (keys.empty() || keys.size() > kMaxKeys) return one(std::move(st), Value::unknown("dict value"));
        for (const auto& m : *st.joined_lookups)
          if (m.dict == obj.obj && m.version == st.heap.ptr(obj.obj) && m.key == *ie) return one(std::move(st), m.value);
        Outs res;
        sym::Cond none_of = sym::Cond::truth(true);
        for (const auto& [k, v] : keys) none_of = none_of && !sym::Cond::eq(*ie, sym::Expr::constant(k));
        std::optional<Value> joined;
        std::optional<State> hit;
        if (keys.size() > 2) {
          // values of one shape (per-class index arrays): one path with a value that covers
          // them, instead of one per key
          std::vector<Value> vals;
          for (const auto& kv : keys) vals.push_back(kv.second);
          hit = st;
          joined = join_values(*hit, vals);
        }
        if (joined) {
          hit->joined_lookups.mut().push_back({obj.obj, hit->heap.ptr(obj.obj), *ie, *joined});
          if (assume(*hit, !none_of)) res.emplace_back(std::move(*hit), *joined);
        } else {
          for (const auto& [k, v] : keys) {
            State branch_st = st;
            if (assume(branch_st, sym::Cond::eq(*ie, sym::Expr::constant(k)))) res.emplace_back(std::move(branch_st), v);
          }
        }
        if (assume(st, none_of)) {
          // (CPython's message is the key; tenscan's names for a value it derived are its own)
          std::string key = ie->str(namer());
          if (key.find('#') != std::string::npos)
            key = "a value of " + key.substr(0, key.find('#')) + " that is not one of the dict's " +
                  std::to_string(keys.size()) + (keys.size() == 1 ? " key" : " keys");
          for (auto& r : raise(std::move(st), "KeyError", key)) res.push_back(std::move(r));
        }
        return res;
      }
      std::string key;
      if (index.const_str()) key = "'" + *index.const_str() + "'";
      // (a dict whose every key is known lacks it for certain: the program's own error)
      if (known_keys(o)) return raise_program_error(std::move(st), "KeyError", key);
      return raise(std::move(st), "KeyError", key);
    }
    case OKind::Range: {
      auto ie = as_int_expr(index);
      if (ie) return one(std::move(st), Value::integer(o.start + *ie * o.step));
      return one(std::move(st), Value::unknown("range element"));
    }
    case OKind::Instance: {
      bool found = false;
      Args args;
      args.pos.push_back(index);
      Outs r = dunder(std::move(st), obj, "__getitem__", std::move(args), found);
      if (found) return r;
      if (is_stub_class_public(r[0].st, st.heap.size() ? o.cls : kNoObj))
        return one(std::move(r[0].st), Value::unknown(r[0].st.heap.get(o.cls).name + "[...]"));
      return raise(std::move(r[0].st), "TypeError", "'" + type_name(r[0].st, obj) + "' object is not subscriptable");
    }
    case OKind::Class: {
      // a metaclass's __getitem__ (Enum's lookup by name), else the class's own
      // __class_getitem__ (an implicit classmethod), else the class itself: a typing generic
      // such as List[int] or Optional[Tensor] stands for its origin
      bool found = false;
      Args args;
      args.pos.push_back(index);
      Outs r = dunder(std::move(st), obj, "__getitem__", args, found);
      if (found) return r;
      State s = std::move(r[0].st);
      if (auto fn = user_function(s, class_lookup(s, obj.obj, "__class_getitem__"))) {
        args.pos.insert(args.pos.begin(), obj);
        return call(std::move(s), *fn, std::move(args));
      }
      return one(std::move(s), obj);
    }
    default: return raise(std::move(st), "TypeError", "'" + type_name(st, obj) + "' object is not subscriptable");
  }
}

bool Interpreter::is_stub_class_public(const State& st, ObjId cls) const {
  if (!cls) return true;
  const Object& c = st.heap.get(cls);
  return c.module == nullptr || c.module->is_stub;
}

Outs Interpreter::setitem(State&& st, const Value& obj, const Value& index, const Value& v) {
  if (!obj.is_obj()) return one(std::move(st), Value::none());
  const Object& o = st.heap.get(obj.obj);
  switch (o.kind) {
    case OKind::List: {
      auto n = static_cast<std::int64_t>(o.items.size());
      if (auto c = index.const_int()) {
        std::int64_t i = *c < 0 ? *c + n : *c;
        if (i < 0 || i >= n) return raise(std::move(st), "IndexError", "list assignment index out of range");
        st.heap.mut(obj.obj).items[static_cast<std::size_t>(i)] = v;
      }
      return one(std::move(st), Value::none());
    }
    case OKind::Dict:
      dict_store(st.heap.mut(obj.obj).entries, index, v);
      return one(std::move(st), Value::none());
    case OKind::Instance: {
      bool found = false;
      Args args;
      args.pos = {index, v};
      Outs r = dunder(std::move(st), obj, "__setitem__", std::move(args), found);
      return r;
    }
    default: return one(std::move(st), Value::none());
  }
}

Outs Interpreter::iterate(State&& st, const Value& v) {
  auto make_iter = [&](State& s, std::vector<Value> items, bool summary = false) {
    Object o;
    o.kind = OKind::Iterator;
    o.items = std::move(items);
    o.summary_iter = summary;
    return Value::object(s.heap.alloc(std::move(o)));
  };
  if (v.is_unknown()) return one(std::move(st), v);
  if (v.kind == VKind::Str) {
    if (!v.s) return one(std::move(st), Value::unknown("characters"));
    std::vector<Value> items;
    for (char c : *v.s) items.push_back(Value::str(std::string(1, c)));
    Value it = make_iter(st, std::move(items));
    return one(std::move(st), it);
  }
  if (!v.is_obj()) return raise(std::move(st), "TypeError", "'" + type_name(st, v) + "' object is not iterable");
  const Object& o = st.heap.get(v.obj);
  switch (o.kind) {
    case OKind::Iterator: return one(std::move(st), v);
    case OKind::List:
    case OKind::Tuple:
    case OKind::Set: {
      bool summary = o.summary_iter;
      Value it = make_iter(st, o.items, summary);
      // a summary list's iterations are as many as its elements (the same length symbol)
      if (summary && o.kind != OKind::Set) set_summary_length(st, it, summary_length(st, v));
      return one(std::move(st), it);
    }
    case OKind::Dict: {
      std::vector<Value> keys;
      for (const auto& e : o.entries) keys.push_back(e.key);
      bool summary = o.summary_iter;
      Value it = make_iter(st, std::move(keys), summary);
      if (summary) set_summary_length(st, it, summary_length(st, v));
      return one(std::move(st), it);
    }
    case OKind::Range: {
      auto a = o.start.as_const(), b = o.stop.as_const(), s = o.step.as_const();
      if (a && b && s && *s != 0) {
        std::vector<Value> items;
        constexpr std::int64_t cap = 1'000'000;  // beyond: an iteration of unknown length
        std::int64_t n = *s > 0 ? (*b > *a ? (*b - *a + *s - 1) / *s : 0) : (*a > *b ? (*a - *b - *s - 1) / -*s : 0);
        if (n <= cap) {
          for (std::int64_t i = *a; *s > 0 ? i < *b : i > *b; i += *s) items.push_back(Value::integer(i));
          Value it = make_iter(st, std::move(items));
          return one(std::move(st), it);
        }
      }
      // a bound the path confines to a few values (a random layer count, randint(1, 4)): one
      // path per value, each unrolled, so that a count that breaks a shape is found
      // (not a length the data decides, such as a list built by a loop of unknown length: that
      // loop runs once for a representative index, below)
      constexpr std::int64_t kSplitValues = 8;
      auto stop_syms = o.stop.symbols();
      bool data_bound = std::any_of(stop_syms.begin(), stop_syms.end(), [&](sym::SymId id) { return symbol(id).kind == SymKind::Data; });
      if (a && s && *s == 1 && !b && !data_bound) {
        sym::Interval iv = st.ranges.eval(o.stop);
        if (iv.lo != sym::Interval::kNegInf && iv.hi != sym::Interval::kPosInf && iv.hi >= iv.lo &&
            iv.hi - iv.lo < kSplitValues) {
          Outs res;
          for (std::int64_t n = iv.lo; n <= iv.hi; ++n) {
            State branch_st = st;
            if (!assume(branch_st, sym::Cond::eq(o.stop, sym::Expr::constant(n)))) continue;
            std::vector<Value> items;
            for (std::int64_t i = *a; i < n; ++i) items.push_back(Value::integer(i));
            std::int64_t count = n > *a ? n - *a : 0;
            branch_st.path.push_back({"`range(" + o.stop.str(namer()) + ")` has " + std::to_string(count) +
                                          (count == 1 ? " element" : " elements"),
                                      {}});
            Value it = make_iter(branch_st, std::move(items));
            res.emplace_back(std::move(branch_st), it);
          }
          if (!res.empty()) return res;
        }
      }
      // a symbolic bound: the body runs for a representative index start <= i < stop
      // (module mode: a range as long as a made-up constructor argument, `range(num_layers)`,
      // has an element as made up as its length: what it requires is assumed, as of the size)
      const bool made_up = st.module_check && std::ranges::any_of(o.stop.symbols(), [&](sym::SymId id) {
        return symbol(id).kind == SymKind::Data && symbol(id).description == kConstructorArgument;
      });
      sym::Expr i = fresh_symbol(st, "i", "a loop index", sym::Interval::kNegInf, sym::Interval::kPosInf,
                                 made_up ? SymKind::Data : SymKind::Program);
      assume(st, sym::Cond::ge(i, o.start));
      assume(st, sym::Cond::lt(i, o.stop));
      Value it = make_iter(st, {Value::integer(i)}, true);
      // as many iterations as the range has elements (the list a comprehension over it builds
      // is that long)
      if (s && *s == 1) set_summary_length(st, it, o.stop - o.start);
      return one(std::move(st), it);
    }
    case OKind::Instance: {
      bool found = false;
      Outs r = dunder(std::move(st), v, "__iter__", {}, found);
      if (found) {
        Outs res;
        for (auto& x : r) {
          if (!x.st.normal()) {
            res.push_back(std::move(x));
            continue;
          }
          // __iter__ returned self (an iterator class) or another iterable
          if (x.v.is_obj() && x.v.obj == v.obj) {
            res.emplace_back(std::move(x.st), Value::unknown("iterator"));
            continue;
          }
          for (auto& y : iterate(std::move(x.st), x.v)) res.push_back(std::move(y));
        }
        return res;
      }
      st = std::move(r[0].st);
      // the sequence protocol: __getitem__ with __len__ (map-style datasets)
      auto gi = class_lookup(st, o.cls, "__getitem__");
      if (gi) {
        Outs ln = len(std::move(st), v);
        Outs res;
        for (auto& l : ln) {
          if (!l.st.normal()) {
            res.push_back(std::move(l));
            continue;
          }
          std::vector<Value> items;
          auto n = l.v.const_int();
          if (n && *n <= options_.max_loop_unroll) {
            State cur = std::move(l.st);
            bool ok = true;
            for (std::int64_t k = 0; k < *n && ok; ++k) {
              Outs item = getitem(std::move(cur), v, Value::integer(k));
              cur = std::move(item[0].st);
              if (!cur.normal()) ok = false;
              items.push_back(item[0].v);
            }
            if (!ok) {
              res.emplace_back(std::move(cur), Value::none());
              continue;
            }
            Value it = make_iter(cur, std::move(items));
            res.emplace_back(std::move(cur), it);
          } else {
            State cur = std::move(l.st);
            sym::Expr i = fresh_symbol(cur, "index", "an element index", 0, sym::Interval::kNegInf);
            if (l.v.kind == VKind::Int) assume(cur, sym::Cond::lt(i, l.v.i));
            Outs item = getitem(std::move(cur), v, Value::integer(i));
            cur = std::move(item[0].st);
            Value it = make_iter(cur, {item[0].v}, true);
            res.emplace_back(std::move(cur), it);
          }
        }
        return res;
      }
      if (is_stub_class_public(st, o.cls)) return one(std::move(st), Value::unknown(st.heap.get(o.cls).name + " elements"));
      return raise(std::move(st), "TypeError", "'" + type_name(st, v) + "' object is not iterable");
    }
    case OKind::Class: {
      // a class whose metaclass defines __iter__ (an Enum's members)
      bool found = false;
      Outs r = dunder(std::move(st), v, "__iter__", {}, found);
      if (!found) return raise(std::move(r[0].st), "TypeError", "'" + type_name(r[0].st, v) + "' object is not iterable");
      Outs res;
      for (auto& x : r) {
        if (!x.st.normal()) res.push_back(std::move(x));
        else
          for (auto& y : iterate(std::move(x.st), x.v)) res.push_back(std::move(y));
      }
      return res;
    }
    default: return raise(std::move(st), "TypeError", "'" + type_name(st, v) + "' object is not iterable");
  }
}

Outs Interpreter::len(State&& st, const Value& v) {
  if (v.is_unknown()) return one(std::move(st), Value::unknown("len(" + (v.s ? *v.s : std::string("?")) + ")"));
  if (v.kind == VKind::Str) {
    if (v.s) {
      std::int64_t n = 0;
      for (unsigned char c : *v.s) n += (c & 0xC0) != 0x80;  // code points, not bytes
      return one(std::move(st), Value::integer(n));
    }
    return one(std::move(st), Value::unknown("string length"));
  }
  if (!v.is_obj()) return raise(std::move(st), "TypeError", "object of type '" + type_name(st, v) + "' has no len()");
  const Object& o = st.heap.get(v.obj);
  if (summary_items(st, v) || (o.kind == OKind::Dict && o.summary_iter))
    return one(std::move(st), Value::integer(summary_length(st, v)));
  switch (o.kind) {
    case OKind::List:
    case OKind::Tuple:
    case OKind::Set:
    case OKind::Iterator: return one(std::move(st), Value::integer(static_cast<std::int64_t>(o.items.size())));
    case OKind::Dict: return one(std::move(st), Value::integer(static_cast<std::int64_t>(o.entries.size())));
    case OKind::Range: {
      // max(0, ceil((stop - start) / step)) for a positive constant step
      auto s = o.step.as_const();
      if (s && *s > 0) {
        sym::Expr n = sym::Expr::floordiv(o.stop - o.start + sym::Expr::constant(*s - 1), o.step);
        return one(std::move(st), Value::integer(sym::Expr::max(n, sym::Expr::constant(0))));
      }
      if (s && *s < 0) {
        sym::Expr n = sym::Expr::floordiv(o.start - o.stop + sym::Expr::constant(-*s - 1), sym::Expr::constant(-*s));
        return one(std::move(st), Value::integer(sym::Expr::max(n, sym::Expr::constant(0))));
      }
      return one(std::move(st), Value::unknown("range length"));
    }
    case OKind::Instance: {
      bool found = false;
      Outs r = dunder(std::move(st), v, "__len__", {}, found);
      if (found) return r;
      if (is_stub_class_public(r[0].st, o.cls)) return one(std::move(r[0].st), Value::unknown("len(" + r[0].st.heap.get(o.cls).name + ")"));
      return raise(std::move(r[0].st), "TypeError", "object of type '" + type_name(r[0].st, v) + "' has no len()");
    }
    case OKind::Class: {
      // a class whose metaclass defines __len__ (an Enum's member count)
      bool found = false;
      Outs r = dunder(std::move(st), v, "__len__", {}, found);
      if (found) return r;
      return raise(std::move(r[0].st), "TypeError", "object of type '" + type_name(r[0].st, v) + "' has no len()");
    }
    default: return raise(std::move(st), "TypeError", "object of type '" + type_name(st, v) + "' has no len()");
  }
}

Outs Interpreter::str_of(State&& st, const Value& v, bool repr) {
  if (v.is_obj() && st.heap.get(v.obj).kind == OKind::Instance) {
    // a class's own __str__ (str() only) or __repr__: an Enum member, a dataclass
    ObjId cls = st.heap.get(v.obj).cls;
    for (const char* name : {"__str__", "__repr__"}) {
      if (repr && std::string_view(name) == "__str__") continue;
      auto fn = user_function(st, class_lookup(st, cls, name));
      if (!fn) continue;
      Args args;
      args.pos.push_back(v);
      Outs r = call(std::move(st), *fn, std::move(args));
      for (auto& o : r)
        if (o.st.normal() && o.v.kind != VKind::Str) o.v = Value::unknown_str();
      return r;
    }
  }
  switch (v.kind) {
    case VKind::Str: return one(std::move(st), v);
    case VKind::None: return one(std::move(st), Value::str("None"));
    case VKind::Bool:
      if (v.b.is_true()) return one(std::move(st), Value::str("True"));
      if (v.b.is_false()) return one(std::move(st), Value::str("False"));
      return one(std::move(st), Value::unknown_str());
    case VKind::Int:
      if (auto c = v.i.as_const()) return one(std::move(st), Value::str(std::to_string(*c)));
      return one(std::move(st), Value::unknown_str());
    case VKind::Float:
      if (auto f = v.const_float()) return one(std::move(st), Value::str(domain::python_repr(*f)));
      return one(std::move(st), Value::unknown_str());
    default: return one(std::move(st), Value::unknown_str());
  }
}

std::string Interpreter::show(const State& st, const Value& v) const {
  auto names = namer();
  if (const TensorVal* t = tensor_of(st, v)) {
    std::string s = "[";
    if (!t->shape) {
      s += "...";
    } else {
      for (std::size_t i = 0; i < t->shape->size(); ++i) {
        if (i) s += ", ";
        s += (*t->shape)[i].str(names);
      }
    }
    return s + "] " + dtype_name(t->dtype);
  }
  switch (v.kind) {
    case VKind::None: return "None";
    case VKind::Undef: return "<unbound>";
    case VKind::Bool: return v.b.is_true() ? "True" : v.b.is_false() ? "False" : v.b.str(names);
    case VKind::Int: return v.i.str(names);
    case VKind::Float: return v.f.is_top() ? "float" : v.f.describe();
    case VKind::Str: return v.s ? "'" + *v.s + "'" : "str";
    case VKind::Unknown: return "unknown";
    case VKind::Choice: return show(st, v.alternative(0)) + " or " + show(st, v.alternative(1));
    case VKind::Obj: break;
  }
  const Object& o = st.heap.get(v.obj);
  if (o.kind == OKind::List || o.kind == OKind::Tuple) {
    std::string s = o.kind == OKind::List ? "[" : "(";
    for (std::size_t i = 0; i < o.items.size(); ++i) {
      if (i) s += ", ";
      s += show(st, o.items[i]);
    }
    if (o.summary_iter) s += o.items.empty() ? "..." : ", ...";  // a list of unknown length
    else if (o.kind == OKind::Tuple && o.items.size() == 1) s += ",";
    return s + (o.kind == OKind::List ? "]" : ")");
  }
  if (o.kind == OKind::Class) return "<class '" + o.name + "'>";
  if (o.kind == OKind::Module) return "<module '" + o.name + "'>";
  if (o.kind == OKind::Instance) return "<" + st.heap.get(o.cls).name + " object>";
  return "<" + type_name(st, v) + ">";
}

}  // namespace tenscan::interp
