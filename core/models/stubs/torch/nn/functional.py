# torch.nn.functional: the functional forms of the layers and losses.
import builtins as _b
import _tenscan as _t
import torch


# _tuple(x, n): an int-or-tuple argument as a tuple of n
_tuple = _t.ntuple


def _reduction(name, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        return "mean"
    _t.require(reduction in ("none", "mean", "sum"), "hparam/invalid-value", name, ": '", reduction,
               "' is not a valid value for reduction (expected 'none', 'mean' or 'sum')")
    return reduction


# ---- activations -----------------------------------------------------------------------------
def relu(input, inplace=False):
    return _t.pointwise(input, "relu")


def relu6(input, inplace=False):
    return _t.pointwise(input, "relu6")


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _t.same(input)


def elu(input, alpha=1.0, inplace=False):
    return _t.pointwise(input, "elu")


def selu(input, inplace=False):
    return _t.same(input)


def gelu(input, approximate="none"):
    return _t.pointwise(input, "gelu")


def silu(input, inplace=False):
    return _t.pointwise(input, "silu")


def mish(input, inplace=False):
    return _t.same(input)


def sigmoid(input):
    return _t.pointwise(input, "sigmoid")


def logsigmoid(input):
    return _t.pointwise(input, "logsigmoid")


def tanh(input):
    return _t.pointwise(input, "tanh")


def softplus(input, beta=1, threshold=20):
    return _t.pointwise(input, "softplus")


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    return _t.same(input)


def _softmax_dim(input, dim, name):
    if dim is None:
        dim = 0 if input.dim() in (0, 1, 3) else 1
    if _t.check_dim(input, dim, name):
        _t.constant_along(input, dim, name[:-2])
    return _t.pointwise(input, name[:-2])


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "softmax()")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "log_softmax()")


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "softmin()")


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    _t.check_dim(input, dim, "normalize()")
    # the elements of a unit vector (eps keeps the division finite)
    return _t.values(_t.same(input), -1.0, 1.0, "F.normalize")


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    return _t.values(_t.reduce(_t.elementwise(x1, x2, "*"), dim, False, None, "cosine_similarity()"), -1.0, 1.0,
                     "F.cosine_similarity")


def dropout(input, p=0.5, training=True, inplace=False):
    _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "dropout probability has to be between 0 and 1, but got ", p)
    return _t.same(input)


def dropout1d(input, p=0.5, training=True, inplace=False):
    _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "dropout probability has to be between 0 and 1, but got ", p)
    r = _rank(input)
    if r is not None and not _t.require((r == 2) | (r == 3), "shape/rank", "dropout1d: Expected 2D or 3D input, but ",
                                        "received a ", r, "D input ", input, " (dropout1d zeroes whole channels of (N, C, L) ",
                                        "or (C, L) inputs)"):
        return _t.unranked(input)
    return _t.same(input)


# dropout2d/dropout3d accept any rank in 1.13 (a deprecation warning only)
dropout2d = dropout
dropout3d = dropout


def prelu(input, weight):
    """F.prelu (1.13): a weight of one element, or of as many elements as the input has channels
    (dim 1; a 0-D or 1-D input has one channel)."""
    r, rw = _rank(input), _rank(weight)
    if r is None or rw is None:
        return _t.unranked(input)
    n = _t.numel(weight)
    c = input.shape[1] if r >= 2 else 1
    if not _t.require((n == 1) | (n == c), "shape/channels", "Mismatch of parameter numbers and input channel size. Found ",
                      "parameter numbers = ", n, " and channel size = ", c, " (PReLU(num_parameters=", n, ") on the input ",
                      input, ", whose channels are dim 1; use num_parameters=1 or ", c, ")"):
        return _t.unranked(input)
    return _t.same(input)


def _instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, name, unbatched=False):
    """F.instance_norm and nn.InstanceNorm1d/2d/3d (1.13): with input statistics the (N, C, *)
    input needs more than one spatial element per channel; torch.instance_norm repeats the
    running statistics, weight and bias over the batch and normalises (1, N * C, *) with
    batch_norm, so each must have C elements (an unbatched input counts as N = 1)."""
    r = _rank(input)
    if r is None:
        return _t.unranked(input)
    s = _b.list(input.shape)
    if unbatched:
        s = [1] + s
    if not _t.require(_b.len(s) >= 2, "shape/rank", name, ": the input must be (N, C, ...), but got the ", r, "-D tensor ",
                      input):
        return _t.unranked(input)
    if use_input_stats:
        spatial = 1
        for d in s[2:]:
            spatial = spatial * d
        if not _t.require(spatial != 1, "shape/size-mismatch", name, ": Expected more than 1 spatial element when training, ",
                          "got input size ", s, " (instance statistics over a single element are undefined)"):
            return _t.unranked(input)
    n, c = s[0], s[1]
    for t, what in ((running_mean, "running_mean"), (running_var, "running_var"), (weight, "weight"), (bias, "bias")):
        if t is not None and _t.is_tensor(t):
            f = _t.numel(t)
            if not _t.require(f == c, "shape/channels", name, ": ", what, " should contain ", n * c, " elements not ", n * f,
                              ": the layer has ", f, " features (num_features) but the input ", input, " has ", c,
                              " channels at dim ", 0 if unbatched else 1):
                return _t.unranked(input)
    if not _t.require(_float_or_complex(input), "dtype/mismatch", name, ": \"batch_norm\" not implemented for ",
                      _t.dtype(input), " (instance norm needs a floating-point input; convert it with .float())"):
        return _t.unranked(input)
    return _t.same(input)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1,
                  eps=1e-05):
    return _instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, "instance_norm")


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """F.group_norm / nn.GroupNorm (1.13): at least (N, C); the channels split into num_groups
    groups; more than one value per group when normalising; weight and bias of C elements."""
    r = _rank(input)
    if r is None:
        return _t.unranked(input)
    if not _t.require(r >= 2, "shape/rank", "group_norm: Expected at least 2 dimensions for input tensor (N, C, ...) but ",
                      "received ", r, " (shape ", input, ")"):
        return _t.unranked(input)
    s = _b.list(input.shape)
    if not _t.require(num_groups != 0, "hparam/invalid-value", "group_norm: num_groups must not be 0"):
        return _t.unranked(input)
    c = s[1]
    if not _t.require(c % num_groups == 0, "shape/channels", "Expected number of channels in input to be divisible by ",
                      "num_groups, but got input of shape ", input, " and num_groups=", num_groups):
        return _t.unranked(input)
    per = s[0] * c // num_groups
    for d in s[2:]:
        per = per * d
    if not _t.require(per != 1, "shape/size-mismatch", "group_norm: Expected more than 1 value per channel when training, ",
                      "got input size ", [s[0] * c // num_groups, num_groups] + s[2:], " (input ", input, ", num_groups=",
                      num_groups, ")"):
        return _t.unranked(input)
    for t, what in ((weight, "weight"), (bias, "bias")):
        if t is not None and _t.is_tensor(t):
            if not _t.require(_t.numel(t) == c, "shape/channels", "Expected ", what, " to be a vector of size equal to the ",
                              "number of channels in input, but got ", what, " of shape ", t, " and input of shape ", input):
                return _t.unranked(input)
    return _t.same(input)


# ---- layers ----------------------------------------------------------------------------------
def linear(input, weight, bias=None):
    return _t.linear(input, weight, bias)


def _conv(input, weight, bias, stride, padding, dilation, groups, nd):
    stride = _tuple(stride, nd)
    if _b.isinstance(padding, str):
        # the string goes to the primitive: 'same' keeps the spatial size, 'valid' pads nothing
        if not _t.require(padding in ("same", "valid"), "hparam/invalid-value", "conv", nd, "d: invalid padding string '",
                          padding, "' (expected 'same' or 'valid')"):
            return _t.unranked(input)
        if padding == "same":
            if not _t.require(_b.all([s == 1 for s in stride]), "hparam/invalid-value", "conv", nd,
                              "d: padding='same' is not supported for strided convolutions (stride=", stride, ")"):
                return _t.unranked(input)
    else:
        padding = _tuple(padding, nd)
    return _t.conv(input, weight, bias, stride, padding, _tuple(dilation, nd), groups, nd, False, 0)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3)


def _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, nd):
    return _t.conv(input, weight, bias, _tuple(stride, nd), _tuple(padding, nd), _tuple(dilation, nd), groups, nd, True,
                   _tuple(output_padding, nd))


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 2)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 3)


def _pool(input, kernel_size, stride, padding, dilation, ceil_mode, nd, name):
    if stride is None or (_b.isinstance(stride, list) and _b.len(stride) == 0):
        stride = kernel_size
    return _t.pool(input, kernel_size, stride, padding, dilation, ceil_mode, nd, name)


def _with_indices(out, return_indices):
    # max pooling with return_indices=True returns (values, int64 indices of the same shape)
    if return_indices:
        return (out, _t.with_dtype(out, "int64"))
    return out


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _with_indices(_pool(input, kernel_size, stride, padding, dilation, ceil_mode, 1, "max_pool1d"), return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _with_indices(_pool(input, kernel_size, stride, padding, dilation, ceil_mode, 2, "max_pool2d"), return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _with_indices(_pool(input, kernel_size, stride, padding, dilation, ceil_mode, 3, "max_pool3d"), return_indices)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _pool(input, kernel_size, stride, padding, 1, ceil_mode, 1, "avg_pool1d")


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _pool(input, kernel_size, stride, padding, 1, ceil_mode, 2, "avg_pool2d")


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _pool(input, kernel_size, stride, padding, 1, ceil_mode, 3, "avg_pool3d")


def adaptive_avg_pool1d(input, output_size):
    return _t.adaptive_pool(input, output_size, 1, "adaptive_avg_pool1d")


def adaptive_avg_pool2d(input, output_size):
    return _t.adaptive_pool(input, output_size, 2, "adaptive_avg_pool2d")


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _with_indices(_t.adaptive_pool(input, output_size, 1, "adaptive_max_pool1d"), return_indices)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _with_indices(_t.adaptive_pool(input, output_size, 2, "adaptive_max_pool2d"), return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _with_indices(_t.adaptive_pool(input, output_size, 3, "adaptive_max_pool3d"), return_indices)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    if running_mean is not None:
        return _t.batch_norm(input, running_mean.shape[0], "batch_norm")
    return _t.same(input)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    # unlike nn.LayerNorm, the functional form takes no bare int (PyTorch raises a TypeError)
    if _b.isinstance(normalized_shape, int):
        _t.require(False, "hparam/invalid-value", "layer_norm(): normalized_shape must be a tuple or list of ints, not the int ",
                   normalized_shape, " (write (", normalized_shape, ",) or use nn.LayerNorm, which accepts an int)")
        return _t.unranked(input)
    return _t.layer_norm(input, _b.tuple(normalized_shape))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    s = weight.shape
    return _t.embedding(input, s[0], s[1])


def flatten(input, start_dim=0, end_dim=-1):
    return _t.flatten(input, start_dim, end_dim)


# ---- losses ----------------------------------------------------------------------------------
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    reduction = _reduction("cross_entropy", reduction, size_average, reduce)
    _t.require((label_smoothing >= 0) & (label_smoothing <= 1), "hparam/invalid-value",
               "cross_entropy: label_smoothing must be between 0.0 and 1.0, but got ", label_smoothing)
    _t.constant_along(input, None, "cross_entropy")
    return _t.class_loss(input, target, "cross_entropy", reduction, weight)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    reduction = _reduction("nll_loss", reduction, size_average, reduce)
    return _t.class_loss(input, target, "nll_loss", reduction, weight)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction("mse_loss", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "mse_loss", reduction, False)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction("l1_loss", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "l1_loss", reduction, False)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = _reduction("smooth_l1_loss", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "smooth_l1_loss", reduction, False)


def huber_loss(input, target, reduction="mean", delta=1.0):
    reduction = _reduction("huber_loss", reduction)
    return _t.pointwise_loss(input, target, "huber_loss", reduction, False)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean", *, _layer=None):
    """(`_layer`: the nn.BCELoss that calls it, whose construction is the fix of raw scores)"""
    reduction = _reduction("binary_cross_entropy", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "binary_cross_entropy", reduction, True, layer=_layer)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    reduction = _reduction("binary_cross_entropy_with_logits", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "binary_cross_entropy_with_logits", reduction, True)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction = "mean"
    _t.require(reduction in ("none", "batchmean", "mean", "sum"), "hparam/invalid-value", "kl_div: '", reduction,
               "' is not a valid value for reduction (expected 'none', 'batchmean', 'mean' or 'sum')")
    return _t.pointwise_loss(input, target, "kl_div", reduction, False)


_PAD_MODES = ("constant", "reflect", "replicate", "circular")


def _float_or_complex(t):
    """False when t certainly holds integers or bools (reflect/replicate padding kernels exist
    only for floating-point and complex tensors)."""
    return _t.if_integral(t, True) is None


def pad(input, pad, mode="constant", value=None):
    """F.pad as torch 1.13 checks it (torch._C._nn.pad, ATen PadNd.cpp), in its order: a known
    mode; an even number of padding values, at most two per input dim; no fill value with the
    non-constant modes; those pad 1, 2 or 3 trailing dims of an input with one or two more dims
    (N and C; circular needs both); reflect pads less than each padded dim, circular at most
    that dim; reflect/replicate need a floating-point input; no dim shrinks below zero. Every
    padding module (ReflectionPad2d, ReplicationPad1d, ZeroPad2d, ConstantPad3d ...) calls it."""
    if not _t.require(mode in _PAD_MODES, "hparam/invalid-value", "Unrecognised padding mode ", mode,
                      " (F.pad takes mode 'constant', 'reflect', 'replicate' or 'circular')"):
        return _t.unranked(input)
    r = _rank(input)
    if r is None:
        return _t.unranked(input)
    p = _b.list(pad)
    n = _b.len(p)
    if not _t.require(n % 2 == 0, "hparam/invalid-value", "Padding length must be divisible by 2: got ", n,
                      " padding values ", pad, " (one (left, right) pair per padded dim, last dim first)"):
        return _t.unranked(input)
    nd = n // 2
    if not _t.require(nd <= r, "shape/rank", "Padding length too large: ", n, " padding values pad the last ", nd,
                      " dims, but the input ", input, " has only ", r):
        return _t.unranked(input)
    s = _b.list(input.shape)
    if mode != "constant":
        if not _t.require(value is None or value == 0, "hparam/invalid-value", "Padding mode \"", mode,
                          "\" doesn't take in value argument (got value=", value, ")"):
            return _t.unranked(input)
        if not _t.require(((nd == 1) | (nd == 2) | (nd == 3)) & ((r == nd + 1) | (r == nd + 2)), "shape/rank",
                          "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now: mode '", mode,
                          "' with ", n, " padding values pads ", nd, " dims of a ", nd + 1, "-D or ", nd + 2,
                          "-D input, but got the ", r, "-D input ", input):
            return _t.unranked(input)
        if mode == "circular" and not _t.require(r == nd + 2, "shape/rank", "Invalid padding size, expected ", 2 * (r - 2),
                                                 " but got ", n, ": circular padding of ", nd, " dims needs a batched ",
                                                 nd + 2, "-D input (N, C, ...), got ", input):
            return _t.unranked(input)
        kernel = "reflection_pad" if mode == "reflect" else "replication_pad"
        if mode != "circular" and not _t.require(_float_or_complex(input), "dtype/mismatch", "\"", kernel, nd,
                                                 "d\" not implemented for ", _t.dtype(input), ": ", mode,
                                                 " padding needs a floating-point input (convert it with .float())"):
            return _t.unranked(input)
    out = _b.list(s)
    ok = True
    for i in _b.range(nd):
        d = r - 1 - i
        lo, hi, size = p[2 * i], p[2 * i + 1], s[d]
        if mode == "reflect":
            ok = ok and _t.require((lo < size) & (hi < size), "shape/size-mismatch", "Argument #", 4 + 2 * i,
                                   ": Padding size should be less than the corresponding input dimension, but got: padding (",
                                   lo, ", ", hi, ") at dimension ", d, " of input ", input)
        elif mode == "circular":
            ok = ok and _t.require((lo <= size) & (hi <= size), "shape/size-mismatch", "Padding value causes wrapping around ",
                                   "more than once: circular padding (", lo, ", ", hi, ") at dimension ", d, " of input ",
                                   input, " must be at most its size ", size)
        o = size + lo + hi
        ok = ok and _t.require(o >= 0, "shape/nonpositive-output", "F.pad (mode '", mode, "'): the padding (", lo, ", ", hi,
                               ") shrinks dimension ", d, " of input ", input, " to a negative size ", o)
        out[d] = o
    if not ok:
        return _t.unranked(input)
    return _t.new(_b.tuple(out), _t.dtype(input))


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):
    return _t.interpolate(input, size, scale_factor, mode, align_corners, antialias, recompute_scale_factor)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return _t.interpolate(input, size, scale_factor, mode, align_corners, False, None)


def upsample_nearest(input, size=None, scale_factor=None):
    return _t.interpolate(input, size, scale_factor, "nearest", None, False, None)


def upsample_bilinear(input, size=None, scale_factor=None):
    return _t.interpolate(input, size, scale_factor, "bilinear", True, False, None)


def _rank(t):
    """The rank of a tensor when known, else None (so that stubs never branch on an unknown)."""
    if not _t.is_tensor(t):
        return None
    return _t.const_int(_t.ndim(t))


def _shuffle(input, factor, down):
    """pixel_shuffle / pixel_unshuffle: [*, C, H, W] <-> [*, C / r^2, H * r, W * r]."""
    name = "pixel_unshuffle" if down else "pixel_shuffle"
    r = _rank(input)
    if r is None:
        return _t.unranked(input)
    if not _t.require(r >= 3, "shape/rank", name, " expects input to have at least 3 dimensions, but got input with ", r,
                      " dimension(s) (shape ", input, ")"):
        return _t.unranked(input)
    if not _t.require(factor > 0, "hparam/invalid-value", name, " expects a positive ",
                      "downscale_factor" if down else "upscale_factor", ", but got ", factor):
        return _t.unranked(input)
    s = _b.list(input.shape)
    c, h, w = s[-3], s[-2], s[-1]
    if down:
        if not _t.require(h % factor == 0, "shape/size-mismatch", "pixel_unshuffle expects height to be divisible by ",
                          "downscale_factor, but input.size(-2)=", h, " is not divisible by ", factor, " (input shape ", input, ")"):
            return _t.unranked(input)
        if not _t.require(w % factor == 0, "shape/size-mismatch", "pixel_unshuffle expects width to be divisible by ",
                          "downscale_factor, but input.size(-1)=", w, " is not divisible by ", factor, " (input shape ", input, ")"):
            return _t.unranked(input)
        return _t.reshape(input, _b.tuple(s[:-3] + [c * factor * factor, h // factor, w // factor]))
    if not _t.require(c % (factor * factor) == 0, "shape/channels", "pixel_shuffle expects its input's 'channel' dimension ",
                      "to be divisible by the square of upscale_factor, but input.size(-3)=", c, " is not divisible by ",
                      factor * factor, " (input shape ", input, ")"):
        return _t.unranked(input)
    return _t.reshape(input, _b.tuple(s[:-3] + [c // (factor * factor), h * factor, w * factor]))


def pixel_shuffle(input, upscale_factor):
    return _shuffle(input, upscale_factor, False)


def pixel_unshuffle(input, downscale_factor):
    return _shuffle(input, downscale_factor, True)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """F.embedding_bag as torch/nn/functional.py (1.13) checks it: per_sample_weights of the
    input's shape; a 2-D input (fixed-length bags) takes no offsets, a 1-D input needs 1-D
    offsets; mode sum, mean or max; per_sample_weights only with mode='sum'; integer indices
    and offsets. The result has one row per bag."""
    ws = _b.list(weight.shape) if _rank(weight) == 2 else None
    r = _rank(input)
    if ws is None or r is None:
        return _t.unranked("float32")
    if per_sample_weights is not None:
        if not _t.require(_rank(per_sample_weights) == r, "shape/size-mismatch", "embedding_bag: If per_sample_weights (",
                          per_sample_weights, ") is not None, then it must have the same shape as the input (", input, ")"):
            return _t.unranked(weight)
        same = True
        for a, b in _b.zip(_b.list(per_sample_weights.shape), _b.list(input.shape)):
            same = same & (a == b)
        if not _t.require(same, "shape/size-mismatch", "embedding_bag: If per_sample_weights (", per_sample_weights,
                          ") is not None, then it must have the same shape as the input (", input, ")"):
            return _t.unranked(weight)
    if r == 2:
        if not _t.require(offsets is None, "hparam/invalid-value", "embedding_bag: if input is 2D, then offsets has to be None, ",
                          "as input is treated is a mini-batch of fixed length sequences (input shape ", input, ")"):
            return _t.unranked(weight)
        bags = input.shape[0]
    elif r == 1:
        if not _t.require(offsets is not None, "hparam/invalid-value", "embedding_bag: offsets has to be a 1D Tensor but got ",
                          "None: a 1-D input (", input, ") is split into bags at the given offsets"):
            return _t.unranked(weight)
        ro = _rank(offsets)
        if ro is None:
            return _t.unranked(weight)
        if not _t.require(ro == 1, "shape/rank", "embedding_bag: offsets has to be a 1D Tensor, but got offsets of shape ",
                          offsets):
            return _t.unranked(weight)
        bags = offsets.shape[0] - 1 if include_last_offset else offsets.shape[0]
    else:
        _t.require(False, "shape/rank", "embedding_bag: input has to be 1D or 2D Tensor, but got Tensor of dimension ", r,
                   " (shape ", input, ")")
        return _t.unranked(weight)
    if not _t.require(mode in ("sum", "mean", "max"), "hparam/invalid-value", "embedding_bag: mode has to be one of sum, ",
                      "mean or max, but got '", mode, "'"):
        return _t.unranked(weight)
    if not _t.require(per_sample_weights is None or mode == "sum", "hparam/invalid-value", "embedding_bag: per_sample_weights ",
                      "was not None. per_sample_weights is only supported for mode='sum' (got mode='", mode, "')"):
        return _t.unranked(weight)
    for t, what in ((input, "indices"), (offsets, "offsets")):
        if t is not None and not _t.require(_t.if_integral(t, True) is not None, "dtype/mismatch", "embedding_bag: expected ",
                                            what, " to have one of the following scalar types: Long, Int; but got ",
                                            _t.dtype(t), " (convert it with .long())"):
            return _t.unranked(weight)
    return _t.new((bags, ws[1]), _t.dtype(weight))


# ---- attention -------------------------------------------------------------------------------
def _pair_of(t):
    return (_t.unranked(t), _t.unranked(t))


def _same_shape(a, b):
    sa, sb = _b.list(a.shape), _b.list(b.shape)
    if _b.len(sa) != _b.len(sb):
        return False
    ok = True
    for x, y in _b.zip(sa, sb):
        ok = ok & (x == y)
    return ok


def _mask_dtype_ok(m, allow_byte):
    d = _t.dtype(m)
    if _t.is_unknown(d):
        return True
    return d == "bool" or d.startswith("float") or d == "bfloat16" or (allow_byte and d == "uint8")


def _mha_forward(query, key, value, embed_dim, num_heads, kdim, vdim, key_padding_mask=None, need_weights=True,
                 attn_mask=None, average_attn_weights=True, batch_first=False, extra_kv=0, layer=None):
    """nn.MultiheadAttention.forward and F.multi_head_attention_forward (1.13), in PyTorch's
    order of checks. Returns (attn_output, attn_weights or None). `layer`: the
    nn.MultiheadAttention, whose embed_dim is the fix of a query of another width."""
    rq, rk, rv = _rank(query), _rank(key), _rank(value)
    if rq is None or rk is None or rv is None:
        return _pair_of(query)
    if key_padding_mask is not None and not _t.require(_mask_dtype_ok(key_padding_mask, True), "dtype/mismatch",
                                                       "only bool and floating types of key_padding_mask are supported ",
                                                       "(got ", _t.dtype(key_padding_mask), ")"):
        return _pair_of(query)
    rkpm = _rank(key_padding_mask) if key_padding_mask is not None else None
    ram = _rank(attn_mask) if attn_mask is not None else None
    if rq == 3:
        if not _t.require((rk == 3) & (rv == 3), "shape/rank", "For batched (3-D) `query`, expected `key` and `value` to be ",
                          "3-D but found ", rk, "-D and ", rv, "-D tensors respectively"):
            return _pair_of(query)
        if rkpm is not None and not _t.require(rkpm == 2, "shape/rank", "For batched (3-D) `query`, expected ",
                                               "`key_padding_mask` to be `None` or 2-D but found ", rkpm, "-D tensor instead"):
            return _pair_of(query)
        if ram is not None and not _t.require((ram == 2) | (ram == 3), "shape/rank", "For batched (3-D) `query`, expected ",
                                              "`attn_mask` to be `None`, 2-D or 3-D but found ", ram, "-D tensor instead"):
            return _pair_of(query)
        if batch_first:
            B, L, E = query.shape
            kb, S = key.shape[0], key.shape[1]
        else:
            L, B, E = query.shape
            S, kb = key.shape[0], key.shape[1]
    elif rq == 2:
        if not _t.require((rk == 2) & (rv == 2), "shape/rank", "For unbatched (2-D) `query`, expected `key` and `value` to be ",
                          "2-D but found ", rk, "-D and ", rv, "-D tensors respectively"):
            return _pair_of(query)
        if rkpm is not None and not _t.require(rkpm == 1, "shape/rank", "For unbatched (2-D) `query`, expected ",
                                               "`key_padding_mask` to be `None` or 1-D but found ", rkpm, "-D tensor instead"):
            return _pair_of(query)
        if ram is not None and not _t.require((ram == 2) | (ram == 3), "shape/rank", "For unbatched (2-D) `query`, expected ",
                                              "`attn_mask` to be `None`, 2-D or 3-D but found ", ram, "-D tensor instead"):
            return _pair_of(query)
        L, E = query.shape
        S = key.shape[0]
        B = 1
        kb = 1
        if ram == 3:
            ms = attn_mask.shape
            if not _t.require((ms[0] == num_heads) & (ms[1] == L) & (ms[2] == S), "shape/size-mismatch",
                              "Expected `attn_mask` shape to be (", num_heads, ", ", L, ", ", S, ") but got ", attn_mask):
                return _pair_of(query)
    else:
        _t.require(False, "shape/rank", "query should be unbatched 2D or batched 3D tensor but received ", rq,
                   "-D query tensor (shape ", query, ")")
        return _pair_of(query)
    # (the fix: embed_dim set to the query's width, when the heads divide it)
    e, h = _t.const_int(E), _t.const_int(num_heads)
    fix = (layer, "MultiheadAttention", 0, "embed_dim", e) if layer is not None and e is not None and h is not None \
        and h > 0 and e % h == 0 else None
    if not _t.require(E == embed_dim, "shape/channels", "was expecting embedding dimension of ", embed_dim, ", but got ", E,
                      " (query shape ", query, ")", fix=fix):
        return _pair_of(query)
    separate = not ((kdim == embed_dim) & (vdim == embed_dim))
    if separate:
        if not _t.require((key.shape[0] == value.shape[0]) & (key.shape[1] == value.shape[1]), "shape/size-mismatch",
                          "key's sequence and batch dims ", key, " do not match value's ", value):
            return _pair_of(query)
        if not _t.require(key.shape[-1] == kdim, "shape/channels", "expecting key weights shape of (", embed_dim, ", ",
                          key.shape[-1], "), but got (", embed_dim, ", ", kdim, "): the layer was built with kdim=", kdim,
                          " but the key ", key, " has ", key.shape[-1], " features"):
            return _pair_of(query)
        if not _t.require(value.shape[-1] == vdim, "shape/channels", "expecting value weights shape of (", embed_dim, ", ",
                          value.shape[-1], "), but got (", embed_dim, ", ", vdim, "): the layer was built with vdim=", vdim,
                          " but the value ", value, " has ", value.shape[-1], " features"):
            return _pair_of(query)
    else:
        if not _t.require(_same_shape(key, value), "shape/size-mismatch", "key shape ", key, " does not match value shape ",
                          value):
            return _pair_of(query)
        if not _t.require(key.shape[-1] == embed_dim, "shape/matmul-inner-dim", "mat1 and mat2 shapes cannot be multiplied: ",
                          "the key/value have ", key.shape[-1], " features but the attention's in-projection expects ",
                          embed_dim, " (embed_dim; key shape ", key, ")"):
            return _pair_of(query)
    if attn_mask is not None:
        if not _t.require(_mask_dtype_ok(attn_mask, True), "dtype/mismatch", "Only float, byte, and bool types are supported ",
                          "for attn_mask, not ", _t.dtype(attn_mask)):
            return _pair_of(query)
        ms = attn_mask.shape
        if ram == 2:
            if not _t.require((ms[0] == L) & (ms[1] == S), "shape/size-mismatch", "The shape of the 2D attn_mask is ",
                              attn_mask, ", but should be (", L, ", ", S, ") (target length, source length)"):
                return _pair_of(query)
        elif not _t.require((ms[0] == B * num_heads) & (ms[1] == L) & (ms[2] == S), "shape/size-mismatch",
                            "The shape of the 3D attn_mask is ", attn_mask, ", but should be (", B * num_heads, ", ", L, ", ",
                            S, ") (batch size * num_heads, target length, source length)"):
            return _pair_of(query)
    if not _t.require(kb == B, "shape/size-mismatch", "the key and value have batch size ", kb, " but the query has batch ",
                      "size ", B, " (query ", query, ", key ", key, ", batch_first=", batch_first, "); PyTorch fails ",
                      "reshaping the key into (", S, ", ", B * num_heads, ", ", embed_dim // num_heads, ")"):
        return _pair_of(query)
    if key_padding_mask is not None:
        ks = key_padding_mask.shape
        if rq == 3:
            ok = (ks[0] == B) & (ks[1] == S)
        else:
            ok = ks[0] == S
        if not _t.require(ok, "shape/size-mismatch", "expecting key_padding_mask shape of (", B, ", ", S, "), but got ",
                          key_padding_mask, " (batch size, source length)"):
            return _pair_of(query)
    dt = _t.dtype(query)
    if rq == 3:
        out = _t.new((B, L, E) if batch_first else (L, B, E), dt)
    else:
        out = _t.new((L, E), dt)
    if not need_weights:
        return (out, None)
    S = S + extra_kv
    if average_attn_weights:
        w = _t.new((B, L, S) if rq == 3 else (L, S), dt)
    else:
        w = _t.new((B, num_heads, L, S) if rq == 3 else (num_heads, L, S), dt)
    return (out, w)


def one_hot(tensor, num_classes=-1):
    return _t.one_hot(tensor, num_classes)
