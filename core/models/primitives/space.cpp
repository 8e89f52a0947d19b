// Hyperparameter spaces (Refty): the values a sweep gives the script's command-line options
// (AnalysisOptions::space), as the argparse model asks for them.
#include <algorithm>
#include <cmath>

#include "models/prim.h"

namespace tenscan::models {
namespace {

using sym::Cond;
using sym::Expr;

// A split hyperparameter's whole domain is listed (for the regions of its parts) up to this many values.
constexpr std::uint64_t kListedWhole = 4096;

std::vector<Value> items_of(const State& st, const Value* v) {
  if (!v || !v->is_obj()) return {};
  const auto& o = st.heap.get(v->obj);
  if (o.kind != interp::OKind::List && o.kind != interp::OKind::Tuple) return {};
  return o.items;
}

// _tenscan.space(option_strings, dest): the declared domain of this option, or None:
// ("range", lo, hi, step) with lo and hi ints when they are whole numbers, ("set", (token, ...))
// or ("choices",).
Outs space(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "space");
  const auto& params = in.options().space;
  if (params.empty()) return p.ret_none();
  std::vector<std::string> keys;
  for (const Value& v : items_of(p.st, p.arg(0)))
    if (const std::string* s = v.const_str()) keys.push_back(option_dest(*s));
  if (auto dest = p.str_arg(1)) keys.push_back(option_dest(*dest));
  for (std::size_t i = 0; i < params.size(); ++i) {
    const SpaceParam& sp = params[i];
    if (std::find(keys.begin(), keys.end(), option_dest(sp.name)) == keys.end()) continue;
    in.space_matched(i);
    auto number = [](double x) {
      return x == std::floor(x) && std::fabs(x) < 9e15 ? Value::integer(static_cast<std::int64_t>(x)) : Value::floating(x);
    };
    switch (sp.kind) {
      case SpaceParam::Kind::Range:
        return p.ret(in.new_tuple(p.st, {Value::str("range"), number(sp.lo), number(sp.hi), Value::integer(sp.step)}));
      case SpaceParam::Kind::Set: {
        std::vector<Value> tokens;
        for (const auto& t : sp.values) tokens.push_back(Value::str(t));
        Value set = in.new_tuple(p.st, std::move(tokens));
        return p.ret(in.new_tuple(p.st, {Value::str("set"), set}));
      }
      case SpaceParam::Kind::Choices: return p.ret(in.new_tuple(p.st, {Value::str("choices")}));
    }
  }
  return p.ret_none();
}

// _tenscan.here(): under a declared space, where the project's code is (a tuple of the
// location's numbers: an option's add_argument, named in findings over the space); None
// otherwise.
Outs here(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "here");
  if (in.options().space.empty()) return p.ret_none();
  const ir::Loc l = in.site();
  std::vector<Value> parts;
  for (std::int64_t x : {static_cast<std::int64_t>(l.file), std::int64_t{l.line}, std::int64_t{l.col},
                         std::int64_t{l.end_line}, std::int64_t{l.end_col}})
    parts.push_back(Value::integer(x));
  return p.ret(in.new_tuple(p.st, std::move(parts)));
}

// The location _tenscan.here() gave (none: line 0).
ir::Loc loc_of(const State& st, const Value* v) {
  std::vector<Value> parts = items_of(st, v);
  ir::Loc l;
  if (parts.size() != 5) return l;
  std::int64_t x[5];
  for (std::size_t i = 0; i < 5; ++i) {
    auto c = parts[i].const_int();
    if (!c) return l;
    x[i] = *c;
  }
  l.file = static_cast<std::uint32_t>(x[0]);
  l.line = static_cast<int>(x[1]), l.col = static_cast<int>(x[2]);
  l.end_line = static_cast<int>(x[3]), l.end_col = static_cast<int>(x[4]);
  return l;
}

// _tenscan.space_int(name, lo, hi, step, values[, site]): an integer hyperparameter, a symbol the user
// picks (SymKind::Input) whose domain is every step-th integer of [lo, hi], or `values` when it
// is a list of ints (lo and hi are then ignored).
Outs space_int(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "space_int");
  const std::string name = p.str_arg(0).value_or("option");
  std::vector<std::int64_t> values;
  for (const Value& v : items_of(p.st, p.arg(4)))
    if (auto c = v.const_int()) values.push_back(*c);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::int64_t lo = 0, hi = 0, step = 1;
  if (!values.empty()) {
    lo = values.front(), hi = values.back();
  } else {
    auto int_arg = [&](std::size_t i) { return p.arg(i) ? p.arg(i)->const_int() : std::nullopt; };
    const auto l = int_arg(1), h = int_arg(2), s = int_arg(3);
    if (!l.has_value() || !h.has_value() || !s.has_value() || s.value() < 1 || l.value() > h.value())
      return p.ret(Value::unknown("space"));
    step = s.value();
    lo = l.value();
    hi = h.value() - (h.value() - lo) % step;
  }
  auto domain_text = [&] {
    std::string domain;
    if (!values.empty()) {
      for (std::size_t i = 0; i < values.size(); ++i) domain += (i ? ", " : "{") + std::to_string(values[i]);
      return domain + "}";
    }
    return std::to_string(lo) + ".." + std::to_string(hi) + (step != 1 ? " step " + std::to_string(step) : "");
  };
  std::string domain = domain_text();
  // a part of the space (AnalysisOptions::space_part): some of the values, the whole named
  const auto n = static_cast<std::uint64_t>(values.empty() ? (hi - lo) / step + 1 : static_cast<std::int64_t>(values.size()));
  const auto part = in.space_part_of(name, n);
  const std::uint64_t begin = part.first, end = part.second;
  std::vector<std::string> whole;
  if (end - begin < n) {
    if (n <= kListedWhole)
      for (std::uint64_t i = 0; i < n; ++i)
        whole.push_back(std::to_string(values.empty() ? lo + static_cast<std::int64_t>(i) * step : values[i]));
    if (!values.empty()) {
      values = std::vector<std::int64_t>(values.begin() + static_cast<std::ptrdiff_t>(begin),
                                         values.begin() + static_cast<std::ptrdiff_t>(end));
      lo = values.front(), hi = values.back();
    } else {
      hi = lo + static_cast<std::int64_t>(end - 1) * step;
      lo += static_cast<std::int64_t>(begin) * step;
    }
    domain += ", this part " + domain_text();
  }
  interp::SymbolInfo info{name, "the value of " + name + " in the declared space (" + domain + ")"};
  info.lo = lo, info.hi = hi, info.step = step, info.values = values, info.declared = loc_of(p.st, p.arg(5));
  if (end - begin < n) info.whole = std::move(whole), info.whole_size = n;
  Expr x = in.space_symbol(p.st, std::move(info));
  if (!values.empty() && values.size() < static_cast<std::size_t>(hi - lo + 1)) {
    std::vector<Cond> any;
    for (auto v : values) any.push_back(Cond::eq(x, Expr::constant(v)));
    in.assume(p.st, Cond::any(any));
  } else if (step > 1) {
    in.assume(p.st, Cond::eq(Expr::mod(x - Expr::constant(lo), Expr::constant(step)), Expr::constant(0)));
  }
  return p.ret(Value::integer(x));
}

std::string label_of(const Value& v, std::size_t i) {
  if (const std::string* s = v.const_str()) return "'" + *s + "'";
  if (v.kind == VKind::Bool && v.b.is_true()) return "True";
  if (v.kind == VKind::Bool && v.b.is_false()) return "False";
  if (auto c = v.const_int()) return std::to_string(*c);
  if (v.kind == VKind::Float && v.f.constant()) return domain::python_repr(*v.f.constant());
  if (v.is_none()) return "None";
  return "value " + std::to_string(i + 1);
}

// _tenscan.one_of(name, values[, site[, labels]]): a hyperparameter that takes each of `values`
// (strings, flags, floats of a set, the parts of a float interval), one path each, `labels`
// naming them where their values do not. The paths differ in a symbol the user picks that numbers the
// values, so that what fails on some of them is reported as the input's (a warning naming them).
Outs one_of(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "one_of");
  const std::string name = p.str_arg(0).value_or("option");
  std::vector<Value> values = items_of(p.st, p.arg(1));
  if (values.empty()) return p.ret(Value::unknown("space"));
  if (values.size() == 1) return p.ret(values[0]);
  std::vector<std::string> labels;
  const std::vector<Value> given = items_of(p.st, p.arg(3));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string* text = i < given.size() ? given[i].const_str() : nullptr;
    labels.push_back(text ? *text : label_of(values[i], i));
  }
  std::string domain;
  for (std::size_t i = 0; i < labels.size(); ++i) domain += (i ? ", " : "") + labels[i];
  // a part of the space (AnalysisOptions::space_part): some of the choices, the whole named
  std::vector<std::string> whole;
  const auto part = in.space_part_of(name, values.size());
  const std::size_t begin = part.first, end = part.second;
  if (end - begin < values.size()) {
    whole = labels;
    auto cut = [&](auto& v) {
      v = std::decay_t<decltype(v)>(v.begin() + static_cast<std::ptrdiff_t>(begin), v.begin() + static_cast<std::ptrdiff_t>(end));
    };
    cut(values), cut(labels);
    domain += "; this part ";
    for (std::size_t i = 0; i < labels.size(); ++i) domain += (i ? ", " : "") + labels[i];
  }
  const auto n = static_cast<std::int64_t>(values.size());
  interp::SymbolInfo info{name, "the choice of " + name + " in the declared space (" + domain + ")"};
  info.lo = 0, info.hi = n - 1, info.labels = labels, info.declared = loc_of(p.st, p.arg(2));
  if (!whole.empty()) info.whole_size = whole.size(), info.whole = std::move(whole);
  Expr x = in.space_symbol(p.st, std::move(info));
  Outs outs;
  const ir::Loc loc = in.site();
  for (std::int64_t i = 0; i < n; ++i) {
    State s = p.st;
    if (!in.assume(s, Cond::eq(x, Expr::constant(i)))) continue;
    s.contingent = true;  // (a choice of the input's: see State::contingent)
    s.path.push_back({name + " is " + labels[static_cast<std::size_t>(i)], loc, true});
    outs.emplace_back(std::move(s), values[static_cast<std::size_t>(i)]);
  }
  return outs;
}

const PrimRow kRows[] = {
    {"space", space},
    {"here", here},
    {"space_int", space_int},
    {"one_of", one_of},
};

}  // namespace

std::span<const PrimRow> space_primitives() { return kRows; }

}  // namespace tenscan::models
