# torch.nn.functional: the functional forms of the layers and losses.
import builtins as _b
import _tenscan as _t
import torch


def _tuple(x, n):
    if _b.isinstance(x, tuple) or _b.isinstance(x, list):
        return _b.tuple(x)
    return _b.tuple([x] * n)


def _reduction(name, reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        return "mean"
    _t.require(reduction in ("none", "mean", "sum"), "hparam/invalid-value", name, ": '", reduction,
               "' is not a valid value for reduction (expected 'none', 'mean' or 'sum')")
    return reduction


# ---- activations -----------------------------------------------------------------------------
def relu(input, inplace=False):
    return _t.same(input)


def relu6(input, inplace=False):
    return _t.same(input)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _t.same(input)


def elu(input, alpha=1.0, inplace=False):
    return _t.same(input)


def selu(input, inplace=False):
    return _t.same(input)


def gelu(input, approximate="none"):
    return _t.same(input)


def silu(input, inplace=False):
    return _t.same(input)


def mish(input, inplace=False):
    return _t.same(input)


def sigmoid(input):
    return _t.same(input)


def tanh(input):
    return _t.same(input)


def softplus(input, beta=1, threshold=20):
    return _t.same(input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    return _t.same(input)


def _softmax_dim(input, dim, name):
    if dim is None:
        dim = 0 if input.dim() in (0, 1, 3) else 1
    _t.check_dim(input, dim, name)
    return _t.same(input)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "softmax()")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "log_softmax()")


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_dim(input, dim, "softmin()")


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    _t.check_dim(input, dim, "normalize()")
    return _t.same(input)


def dropout(input, p=0.5, training=True, inplace=False):
    _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "dropout probability has to be between 0 and 1, but got ", p)
    return _t.same(input)


dropout1d = dropout
dropout2d = dropout
dropout3d = dropout


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


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction("binary_cross_entropy", reduction, size_average, reduce)
    return _t.pointwise_loss(input, target, "binary_cross_entropy", reduction, True)


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


def pad(input, pad, mode="constant", value=None):
    return _t.unmodelled("torch.nn.functional.pad")


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):
    return _t.unmodelled("torch.nn.functional.interpolate")


def one_hot(tensor, num_classes=-1):
    return _t.one_hot(tensor, num_classes)
