// Layers with shape rules of their own: convolution and pooling (Refty's illegal-shape
// output-size rule), adaptive pooling, batch/layer norm, embedding and recurrent layers.
#include <cmath>

#include "models/prim.h"

namespace tenscan::models {
namespace {

using sym::Cond;
using sym::Expr;

Expr k(std::int64_t v) { return Expr::constant(v); }

// Expands an int-or-tuple hyperparameter to n values.
std::optional<Shape> tuple_n(Prim& p, std::size_t i, std::string_view kw, std::size_t n, std::int64_t def) {
  if (!p.present(i, kw)) return Shape(n, k(def));
  auto v = p.ints(i, kw);
  if (!v) return std::nullopt;
  if (v->size() == 1) return Shape(n, (*v)[0]);
  if (v->size() != n) return std::nullopt;
  return v;
}

// Output size of a sliding window: floor((in + 2p - d(k-1) - 1) / s) + 1 (ceil with ceil_mode).
Expr window_out(const Expr& in, const Expr& kernel, const Expr& stride, const Expr& pad, const Expr& dil, bool ceil) {
  Expr num = in + k(2) * pad - dil * (kernel - k(1)) - k(1);
  if (ceil) num = num + stride - k(1);
  return Expr::floordiv(num, stride) + k(1);
}

// _tenscan.conv(input, weight, bias, stride, padding, dilation, groups, nd, transposed, output_padding)
Outs conv(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "conv");
  const TensorVal* x = p.tensor(0);
  const TensorVal* w = p.tensor(1);
  auto nd = static_cast<std::size_t>(p.const_int(7).value_or(2));
  bool transposed = p.bool_arg(8).value_or(false);
  std::string name = std::string(transposed ? "ConvTranspose" : "Conv") + std::to_string(nd) + "d";
  if (!x || !w || !w->shape || w->shape->size() != nd + 2) return p.ret_unranked(x ? x->dtype : DType::Float32);
  std::vector<RelatedMsg> rel{RelatedMsg{w->origin, Msg(name + " is defined here")}};
  auto stride_v = tuple_n(p, 3, {}, nd, 1), dil_v = tuple_n(p, 5, {}, nd, 1);
  if (!stride_v || !dil_v) return p.ret_unranked(x->dtype);
  if (!interp::dtype_is_float(x->dtype) && x->dtype != DType::Unknown) {
    Msg m;
    m << name << " expects a floating-point input, but got dtype " << interp::dtype_name(x->dtype) << " (convert it with .float())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return p.ret_unranked(DType::Float32);
  }
  DType dt = x->dtype;
  if (x->dtype != w->dtype && x->dtype != DType::Unknown && w->dtype != DType::Unknown) {
    Msg m;
    m << name << ": the input type (" << interp::dtype_name(x->dtype) << ") and the weight type ("
      << interp::dtype_name(w->dtype) << ") should be the same";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return p.ret_unranked(w->dtype);
  }
  if (!x->shape) return p.ret_unranked(dt);
  const Shape s = *x->shape;
  if (!p.require_rank(*x, {nd + 1, nd + 2}, Msg(name))) return p.ret_unranked(dt);
  bool batched = s.size() == nd + 2;
  // kernel, stride and dilation are checked when the layer is first called
  for (const auto& [vals, what] : {std::pair{*stride_v, "stride"}, std::pair{*dil_v, "dilation"}})
    for (const auto& v : vals) {
      Msg mv;
      mv << name << ": " << what << " must be positive, but got " << vals;
      if (!p.require(Cond::gt(v, k(0)), RuleId::InvalidHyperparameter, mv, rel)) return p.ret_unranked(dt);
    }
  for (std::size_t i = 2; i < w->shape->size(); ++i) {
    Msg mk;
    mk << name << ": kernel_size must be positive, but the weight has shape " << *w->shape;
    if (!p.require(Cond::gt((*w->shape)[i], k(0)), RuleId::InvalidHyperparameter, mk, rel)) return p.ret_unranked(dt);
  }
  std::size_t cdim = batched ? 1 : 0;
  const Shape& ws = *w->shape;
  auto groups = p.int_arg(6).value_or(k(1));
  {
    Msg mg;
    mg << name << ": non-positive groups is not supported (got groups=" << groups << ")";
    if (!p.require(Cond::gt(groups, k(0)), RuleId::InvalidHyperparameter, mg, rel)) return p.ret_unranked(dt);
    Msg mw;
    mw << name << ": given groups=" << groups << ", expected the weight to be divisible by " << groups
       << " at dimension 0, but got a weight of shape " << ws << " (" << ws[0] << " is not a multiple of " << groups << ")";
    if (!p.require(Cond::eq(Expr::mod(ws[0], groups), k(0)), RuleId::InvalidHyperparameter, mw, rel))
      return p.ret_unranked(dt);
  }
  // padding='same' keeps the spatial size (PyTorch pads asymmetrically when it must) and
  // needs stride 1; 'valid' is no padding. The stubs report strided 'same' and unknown strings.
  std::optional<std::string> pad_mode = p.str_arg(4);
  if (pad_mode && ((*pad_mode != "same" && *pad_mode != "valid") || transposed)) return p.ret_unranked(dt);
  bool same = pad_mode && *pad_mode == "same";
  auto stride = tuple_n(p, 3, {}, nd, 1), dil = tuple_n(p, 5, {}, nd, 1);
  auto pad = pad_mode ? std::optional<Shape>(Shape(nd, k(0))) : tuple_n(p, 4, {}, nd, 0);
  auto outpad = tuple_n(p, 9, {}, nd, 0);
  if (!stride || !pad || !dil || !outpad) return p.ret_unranked(dt);
  if (transposed) {
    // each output_padding must be smaller than the stride or the dilation of its dim
    Cond c = Cond::truth(true);
    for (std::size_t i = 0; i < nd; ++i)
      c = c && (Cond::lt((*outpad)[i], (*stride)[i]) || Cond::lt((*outpad)[i], (*dil)[i]));
    Msg mp;
    mp << name << ": output padding must be smaller than either stride or dilation, but got output_padding=" << *outpad
       << ", stride=" << *stride << " and dilation=" << *dil;
    if (!p.require(c, RuleId::InvalidHyperparameter, mp, rel)) return p.ret_unranked(dt);
  }
  if (same)
    for (const auto& sv : *stride)
      if (sv.as_const() != 1) return p.ret_unranked(dt);
  // expected input channels: weight[1] * groups (conv) or weight[0] (transposed)
  Expr in_ch = transposed ? ws[0] : ws[1] * groups;
  Expr out_ch = transposed ? ws[1] * groups : ws[0];
  rel.insert(rel.begin(), p.origin_note(*x, "the input got its shape here"));
  // a channels-last input (Refty's unsupported format): the channel count is in the last dim
  const auto c_now = s[cdim].as_const(), c_last = s.back().as_const(), c_want = in_ch.as_const();
  if (c_now && c_last && c_want && *c_now != *c_want && *c_last == *c_want && cdim + 1 < s.size()) {
    std::string order = batched ? "0, " : "";
    order += std::to_string(s.size() - 1);
    for (std::size_t i = cdim; i + 1 < s.size(); ++i) order += ", " + std::to_string(i);
    Msg ml;
    const char* form = nd == 1 ? "[N, C, L]" : nd == 2 ? "[N, C, H, W]" : "[N, C, D, H, W]";
    ml << name << " takes channels first (" << form << ") with " << in_ch << " channels, but the input " << s
       << " is channels-last: its last dimension is the " << in_ch << " channels and dim " << static_cast<std::int64_t>(cdim)
       << " (" << s[cdim] << ") would be read as channels; move them with .permute(" << order << ")";
    p.require(Cond::truth(false), RuleId::LayoutMismatch, ml, rel);
    return p.ret_unranked(dt);
  }
  Msg m;
  m << name << " expects " << in_ch << " input channels, but the input " << s << " has " << s[cdim] << " channels (dim "
    << static_cast<std::int64_t>(cdim) << ")";
  // (the fix: the layer's in_channels, the channels that reach it, where there is one group)
  std::optional<interp::ArgumentFix> fix;
  if (groups.as_const() == 1) fix = interp::ArgumentFix{w->origin, name, 0, "in_channels", s[cdim]};
  if (!p.require(Cond::eq(s[cdim], in_ch), RuleId::ChannelMismatch, m, rel, std::move(fix))) return p.ret_unranked(dt);
  Shape out;
  if (batched) out.push_back(s[0]);
  out.push_back(out_ch);
  bool ok = true;
  for (std::size_t i = 0; i < nd; ++i) {
    const Expr& size = s[cdim + 1 + i];
    const Expr& kern = ws[2 + i];
    if (same && !transposed) {
      out.push_back(size);
      continue;
    }
    Expr o = transposed ? (size - k(1)) * (*stride)[i] - k(2) * (*pad)[i] + (*dil)[i] * (kern - k(1)) + (*outpad)[i] + k(1)
                        : window_out(size, kern, (*stride)[i], (*pad)[i], (*dil)[i], false);
    Msg mo;
    mo << name << ": the kernel size " << kern << " (dilation " << (*dil)[i] << ", padding " << (*pad)[i]
       << ") is larger than the padded input size " << (size + k(2) * (*pad)[i]) << " at spatial dim "
       << static_cast<std::int64_t>(i) << " of input " << s << "; the output size would be " << o;
    ok = p.require(Cond::ge(o, k(1)), RuleId::IllegalOutputSize, mo, rel) && ok;
    out.push_back(o);
  }
  if (!ok) return p.ret_unranked(dt);
  return p.ret_tensor(out, dt);
}

// _tenscan.pool(input, kernel, stride, padding, dilation, ceil_mode, nd, name)
Outs pool(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "pool");
  const TensorVal* x = p.tensor(0);
  auto nd = static_cast<std::size_t>(p.const_int(6).value_or(2));
  std::string name = p.str_arg(7).value_or("pool");
  if (!x) return p.ret_unranked(DType::Float32);
  DType dt = x->dtype;
  if (!x->shape) return p.ret_unranked(dt);
  const Shape s = *x->shape;
  if (!p.require_rank(*x, {nd + 1, nd + 2}, Msg(name))) return p.ret_unranked(dt);
  auto kern = tuple_n(p, 1, {}, nd, 1);
  if (!kern) return p.ret_unranked(dt);
  auto stride = p.present(2) ? tuple_n(p, 2, {}, nd, 1) : kern;
  auto pad = tuple_n(p, 3, {}, nd, 0), dil = tuple_n(p, 4, {}, nd, 1);
  bool ceil = p.bool_arg(5).value_or(false);
  if (!stride || !pad || !dil) return p.ret_unranked(dt);
  for (std::size_t i = 0; i < nd; ++i) {
    Msg ms;
    ms << name << ": stride should be greater than zero, but got " << *stride;
    if (!p.require(Cond::gt((*stride)[i], k(0)), RuleId::InvalidHyperparameter, ms)) return p.ret_unranked(dt);
    Msg mk;
    mk << name << ": kernel_size should be greater than zero, but got " << *kern;
    if (!p.require(Cond::gt((*kern)[i], k(0)), RuleId::InvalidHyperparameter, mk)) return p.ret_unranked(dt);
  }
  Shape out(s.begin(), s.end() - static_cast<long>(nd));
  bool ok = true;
  for (std::size_t i = 0; i < nd; ++i) {
    Msg mp;
    mp << name << ": pad should be at most half of the effective kernel size, but got pad=" << (*pad)[i] << " and kernel_size="
       << (*kern)[i];
    ok = p.require(Cond::le(k(2) * (*pad)[i], (*kern)[i]), RuleId::InvalidHyperparameter, mp) && ok;
    const Expr& size = s[s.size() - nd + i];
    Expr o = window_out(size, (*kern)[i], (*stride)[i], (*pad)[i], (*dil)[i], ceil);
    Msg mo;
    mo << name << ": the kernel size " << (*kern)[i] << " is larger than the padded input size " << (size + k(2) * (*pad)[i])
       << " at spatial dim " << static_cast<std::int64_t>(i) << " of input " << s << "; the output size would be " << o;
    ok = p.require(Cond::ge(o, k(1)), RuleId::IllegalOutputSize, mo, {p.origin_note(*x, "the input got its shape here")}) && ok;
    out.push_back(o);
  }
  if (!ok) return p.ret_unranked(dt);
  return p.ret_tensor(out, dt);
}

// _tenscan.adaptive_pool(input, output_size, nd, name)
Outs adaptive_pool(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "adaptive_pool");
  const TensorVal* x = p.tensor(0);
  auto nd = static_cast<std::size_t>(p.const_int(2).value_or(2));
  std::string name = p.str_arg(3).value_or("adaptive_pool");
  if (!x || !x->shape) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  const Shape s = *x->shape;
  if (!p.require_rank(*x, {nd + 1, nd + 2}, Msg(name))) return p.ret_unranked(dt);
  const Value* os = p.arg(1);
  Shape out(s.begin(), s.end() - static_cast<long>(nd));
  std::vector<Value> parts;
  if (const auto* seq = in.sequence_of(p.st, *os)) parts = *seq;
  else parts.assign(nd, *os);
  if (parts.size() != nd) return p.ret_unranked(dt);
  for (std::size_t i = 0; i < nd; ++i) {
    if (parts[i].is_none()) out.push_back(s[s.size() - nd + i]);
    else if (parts[i].kind == VKind::Int) out.push_back(parts[i].i);
    else return p.ret_unranked(dt);
  }
  return p.ret_tensor(out, dt);
}

// _tenscan.batch_norm(input, num_features, nd_name, layer=module) : ranks 2/3 (1d), 4 (2d), 5 (3d)
Outs batch_norm(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "batch_norm");
  const TensorVal* x = p.tensor(0);
  auto nf = p.int_arg(1);
  std::string name = p.str_arg(2).value_or("BatchNorm2d");
  if (!x || !x->shape || !nf) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  bool ok = name == "BatchNorm1d" ? p.require_rank(*x, {2, 3}, Msg(name))
            : name == "BatchNorm3d" ? p.require_rank(*x, {5}, Msg(name))
                                    : p.require_rank(*x, {4}, Msg(name));
  if (!ok) return p.ret_unranked(dt);
  const Shape s = *x->shape;
  Msg m;
  m << name << " expects " << *nf << " features (num_features), but the input " << s << " has " << s[1]
    << " channels at dim 1";
  if (!p.require(Cond::eq(s[1], *nf), RuleId::ChannelMismatch, m, {p.origin_note(*x, "the input got its shape here")},
                 name.rfind("BatchNorm", 0) == 0 ? p.layer_fix(name, 0, "num_features", s[1]) : std::nullopt))
    return p.ret_unranked(dt);
  return p.ret_tensor(s, dt);
}

// _tenscan.layer_norm(input, normalized_shape)
Outs layer_norm(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "layer_norm");
  const TensorVal* x = p.tensor(0);
  auto ns = p.ints(1);
  if (!x || !x->shape || !ns) return p.ret_unranked(x ? x->dtype : DType::Float32);
  DType dt = x->dtype;
  const Shape s = *x->shape;
  Msg m;
  m << "LayerNorm: the input " << s << " does not end with the normalized_shape " << *ns;
  sym::Cond c = sym::Cond::truth(ns->size() <= s.size());
  if (ns->size() <= s.size())
    for (std::size_t i = 0; i < ns->size(); ++i) c = c && Cond::eq(s[s.size() - ns->size() + i], (*ns)[i]);
  if (!p.require(c, RuleId::ChannelMismatch, m, {p.origin_note(*x, "the input got its shape here")})) return p.ret_unranked(dt);
  return p.ret_tensor(s, dt);
}

// _tenscan.embedding(indices, num_embeddings, embedding_dim)
Outs embedding(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "embedding");
  const TensorVal* x = p.tensor(0);
  auto dim = p.int_arg(2);
  if (!x || !dim) return p.ret_unranked(DType::Float32);
  if (x->dtype != DType::Unknown && !interp::dtype_is_integer(x->dtype)) {
    Msg m;
    m << "Embedding expects integer (Long or Int) indices, but got a tensor of dtype " << interp::dtype_name(x->dtype)
      << " (convert it with .long())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*x, "the indices got their dtype here")});
    return p.ret_unranked(DType::Float32);
  }
  if (!x->shape) return p.ret_unranked(DType::Float32);
  Shape out = *x->shape;
  out.push_back(*dim);
  return p.ret_tensor(out, DType::Float32);
}

// _tenscan.rnn(input, hx, mode, input_size, hidden_size, num_layers, bidirectional, batch_first, proj_size,
//              layer=module)
// -> (output, h_n) ; for LSTM h_n is (h_n, c_n)
Outs rnn(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "rnn");
  const TensorVal* x = p.tensor(0);
  std::string mode = p.str_arg(2).value_or("LSTM");
  auto input_size = p.int_arg(3), hidden = p.int_arg(4), layers = p.int_arg(5);
  bool bidir = p.bool_arg(6).value_or(false), batch_first = p.bool_arg(7).value_or(false);
  // LSTM with proj_size > 0 projects h (the output and h_n) to proj_size features; c_n keeps hidden_size
  auto proj = p.int_arg(8).value_or(k(0));
  bool projected = mode == "LSTM" && proj.as_const() != 0;
  auto unknown_result = [&]() {
    Value o = in.new_tensor(p.st, TensorVal{std::nullopt, DType::Float32, in.site()});
    Value h = in.new_tensor(p.st, TensorVal{std::nullopt, DType::Float32, in.site()});
    if (mode == "LSTM") h = p.tuple({h, in.new_tensor(p.st, TensorVal{std::nullopt, DType::Float32, in.site()})});
    return p.ret(p.tuple({o, h}));
  };
  if (!x || !x->shape || !input_size || !hidden || !layers) return unknown_result();
  std::vector<RelatedMsg> rel{p.origin_note(*x, "the input got its shape here")};
  if (!interp::dtype_is_float(x->dtype) && x->dtype != DType::Unknown) {
    Msg m;
    m << mode << " expects a floating-point input, but got dtype " << interp::dtype_name(x->dtype);
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, rel);
    return unknown_result();
  }
  if (!p.require_rank(*x, {2, 3}, Msg(mode))) return unknown_result();
  const Shape s = *x->shape;
  bool batched = s.size() == 3;
  Expr T = batched ? (batch_first ? s[1] : s[0]) : s[0];
  Expr B = batched ? (batch_first ? s[0] : s[1]) : k(1);
  Msg m;
  m << mode << ": input.size(-1) must be equal to input_size. Expected " << *input_size << ", got " << s.back()
    << " (input shape " << s << ")";
  if (!p.require(Cond::eq(s.back(), *input_size), RuleId::ChannelMismatch, m, rel, p.layer_fix(mode, 0, "input_size", s.back())))
    return unknown_result();
  if (projected && !proj.as_const()) return unknown_result();
  Expr dirs = k(bidir ? 2 : 1);
  const Expr h_size = projected ? proj : *hidden;
  Shape hshape = batched ? Shape{*layers * dirs, B, h_size} : Shape{*layers * dirs, h_size};
  Shape cshape = batched ? Shape{*layers * dirs, B, *hidden} : Shape{*layers * dirs, *hidden};
  // a given initial hidden state must have exactly this shape
  const Value* hx = p.arg(1);
  if (hx && !hx->is_none()) {
    std::vector<std::pair<const TensorVal*, const char*>> hs;
    if (const auto* seq = in.sequence_of(p.st, *hx)) {
      if (seq->size() >= 1) hs.push_back({in.tensor_of(p.st, (*seq)[0]), "h0"});
      if (seq->size() >= 2) hs.push_back({in.tensor_of(p.st, (*seq)[1]), "c0"});
    } else {
      hs.push_back({in.tensor_of(p.st, *hx), "hx"});
    }
    for (auto [h, label] : hs) {
      if (!h || !h->shape) continue;
      const Shape& want = std::string(label) == "c0" ? cshape : hshape;
      if (h->shape->size() != want.size()) {
        Msg mr;
        mr << mode << ": for " << (batched ? "batched 3-D" : "unbatched 2-D") << " input, " << label << " should also be "
           << static_cast<std::int64_t>(want.size()) << "-D but got a " << static_cast<std::int64_t>(h->shape->size())
           << "-D tensor of shape " << *h->shape;
        p.require(Cond::truth(false), RuleId::RankMismatch, mr, {p.origin_note(*h, std::string(label) + " got its shape here")});
        return unknown_result();
      }
      Cond c = Cond::truth(h->shape->size() == want.size());
      if (h->shape->size() == want.size())
        for (std::size_t i = 0; i < want.size(); ++i) c = c && Cond::eq((*h->shape)[i], want[i]);
      Msg mh;
      mh << mode << ": Expected hidden size " << want << " for " << label << ", got " << *h->shape
         << " (num_layers * num_directions, batch, "
         << (projected && std::string(label) != "c0" ? "proj_size" : "hidden_size") << ")";
      if (!p.require(c, RuleId::SizeMismatch, mh, {p.origin_note(*h, std::string(label) + " got its shape here")}))
        return unknown_result();
    }
  }
  Shape out = batched ? (batch_first ? Shape{B, T, h_size * dirs} : Shape{T, B, h_size * dirs}) : Shape{T, h_size * dirs};
  Value o = p.tensor_value(out, x->dtype);
  Value h = p.tensor_value(hshape, x->dtype);
  if (mode == "LSTM") h = p.tuple({h, p.tensor_value(cshape, x->dtype)});
  return p.ret(p.tuple({o, h}));
}

// _tenscan.interpolate(input, size, scale_factor, mode, align_corners, antialias, recompute_scale_factor)
// F.interpolate / nn.Upsample as torch/nn/functional.py (1.13) checks them, in its order:
// align_corners only with the interpolating modes; exactly one of size and scale_factor, with
// one value per spatial dim; antialias only for 4-D bilinear/bicubic; the mode must fit the
// rank (linear 3-D, bilinear/bicubic 4-D, trilinear 5-D; nearest/area any of 3-D..5-D);
// floating-point input; every output size positive (floor(in * scale_factor)).
Outs interpolate(Interpreter& in, State&& st, Args& a) {
  Prim p(in, std::move(st), a, "interpolate");
  const TensorVal* x = p.tensor(0);
  std::string mode = p.str_arg(3).value_or("nearest");
  DType dt = x ? x->dtype : DType::Float32;
  auto fail = [&](RuleId rule, const Msg& m) {
    p.require(Cond::truth(false), rule, m);
    return p.ret_unranked(dt);
  };
  const bool size_given = p.present(1), scale_given = p.present(2);
  const bool nearestish = mode == "nearest" || mode == "area" || mode == "nearest-exact";
  if (nearestish && p.present(4)) {
    return fail(RuleId::InvalidHyperparameter,
                Msg("align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear "
                    "(mode='" + mode + "')"));
  }
  if (!x || !x->shape) return p.ret_unranked(dt);
  const Shape s = *x->shape;
  const auto rank = static_cast<std::int64_t>(s.size());
  const std::size_t nsp = s.size() >= 2 ? s.size() - 2 : 0;
  const Shape spatial(s.begin() + static_cast<long>(s.size() - nsp), s.end());
  if (size_given && scale_given) return fail(RuleId::InvalidHyperparameter, Msg("only one of size or scale_factor should be defined"));
  if (!size_given && !scale_given) return fail(RuleId::InvalidHyperparameter, Msg("either size or scale_factor should be defined"));
  // the requested output sizes, or the scale factors (as doubles; nullopt: not known)
  std::optional<Shape> sizes;
  std::vector<Value> scales;
  const Value& arg = *p.arg(size_given ? 1 : 2);
  const auto* seq = in.sequence_of(p.st, arg);
  std::vector<Value> parts = seq ? *seq : std::vector<Value>(nsp, arg);
  if (seq && parts.size() != nsp) {
    Msg m;
    if (size_given)
      m << "Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of "
        << spatial << " and output size of " << in.show(p.st, arg);
    else
      m << "Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of "
        << spatial << " and scale_factor of shape " << in.show(p.st, arg);
    m << ". Please provide input tensor in (N, C, d1, d2, ...,dK) format";
    return fail(RuleId::RankMismatch, m);
  }
  if (size_given && p.bool_arg(6).value_or(false))
    return fail(RuleId::InvalidHyperparameter, Msg("recompute_scale_factor is not meaningful with an explicit size."));
  if (p.bool_arg(5).value_or(false) && !((mode == "bilinear" || mode == "bicubic") && rank == 4))
    return fail(RuleId::InvalidHyperparameter, Msg("Anti-alias option is only supported for bilinear and bicubic modes"));
  struct ModeRank {
    const char* mode;
    std::int64_t rank;  ///< 0: any of 3, 4, 5
  };
  static constexpr ModeRank kModes[] = {{"nearest", 0}, {"area", 0}, {"nearest-exact", 0}, {"linear", 3},
                                        {"bilinear", 4}, {"bicubic", 4}, {"trilinear", 5}};
  const ModeRank* mr = nullptr;
  for (const auto& r : kModes)
    if (mode == r.mode) mr = &r;
  if (!mr) {
    Msg m;
    m << "Input Error: Only 3D, 4D and 5D input Tensors supported (got " << rank
      << "D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got " << mode << ")";
    return fail(RuleId::InvalidHyperparameter, m);
  }
  if (mr->rank ? rank != mr->rank : (rank < 3 || rank > 5)) {
    Msg m;
    if (mr->rank && rank >= 3 && rank <= 5 && mode != "bicubic")
      m << "Got " << rank << "D input, but " << mode << " mode needs " << mr->rank << "D input (shape " << s << ")";
    else
      m << "Input Error: Only 3D, 4D and 5D input Tensors supported (got " << rank
        << "D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got " << mode
        << "); mode '" << mode << "' needs a " << (mr->rank ? std::to_string(mr->rank) + "D" : std::string("3D, 4D or 5D"))
        << " input (N, C, d1, ...), got shape " << s;
    p.require(Cond::truth(false), RuleId::RankMismatch, m, {p.origin_note(*x, "the input got its shape here")});
    return p.ret_unranked(dt);
  }
  if (dt != DType::Unknown && !interp::dtype_is_float(dt)) {
    Msg m;
    m << "interpolate (mode '" << mode << "') is not implemented for '" << dtype_title(dt)
      << "': the input must be floating-point (convert it with .float())";
    p.require(Cond::truth(false), RuleId::DtypeMismatch, m, {p.origin_note(*x, "the input got its dtype here")});
    return p.ret_unranked(dt);
  }
  Shape out(s.begin(), s.begin() + 2);
  Shape spatial_out;
  for (std::size_t i = 0; i < nsp; ++i) {
    const Value& v = parts[i];
    if (size_given) {
      if (v.kind != VKind::Int) return p.ret_unranked(dt);
      spatial_out.push_back(v.i);
      continue;
    }
    if (v.kind == VKind::Int) {
      spatial_out.push_back(spatial[i] * v.i);
    } else if (auto f = v.const_float(); f && std::isfinite(*f) && *f == static_cast<double>(static_cast<std::int64_t>(*f))) {
      spatial_out.push_back(spatial[i] * k(static_cast<std::int64_t>(*f)));
    } else if (f && std::isfinite(*f) && spatial[i].as_const()) {
      spatial_out.push_back(k(static_cast<std::int64_t>(std::floor(static_cast<double>(*spatial[i].as_const()) * *f))));
    } else {
      spatial_out.push_back(in.fresh_symbol(p.st, "interpolate", "the output size of interpolate", 0, -1, interp::SymKind::Data));
    }
  }
  Cond positive = Cond::truth(true);
  for (const auto& d : spatial_out) positive = positive && Cond::gt(d, k(0));
  Msg m;
  m << "Input and output sizes should be greater than 0, but got input " << spatial << " output " << spatial_out;
  if (!p.require(positive, RuleId::IllegalOutputSize, m, {p.origin_note(*x, "the input got its shape here")}))
    return p.ret_unranked(dt);
  out.insert(out.end(), spatial_out.begin(), spatial_out.end());
  return p.ret_tensor(out, dt);
}

const PrimRow kRows[] = {
    {"conv", conv},           {"pool", pool},           {"adaptive_pool", adaptive_pool}, {"batch_norm", batch_norm},
    {"layer_norm", layer_norm}, {"embedding", embedding}, {"rnn", rnn}, {"interpolate", interpolate},
};

}  // namespace

std::span<const PrimRow> nn_primitives() { return kRows; }

}  // namespace tenscan::models
