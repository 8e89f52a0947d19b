# torch.nn: Module and the layers, with PyTorch's constructor signatures and the
# hyperparameter checks PyTorch performs (Refty's illegal values), over native primitives.
import builtins as _b
import _tenscan as _t
import torch
from torch.nn import functional
from torch.nn import init

F = functional


# _pair(x, n=2): an int-or-tuple hyperparameter as a tuple of n
_pair = _t.ntuple


def _rank(t):
    return F._rank(t)


def _positive(value, what):
    _t.require(value > 0, "hparam/invalid-value", what, " must be positive, but got ", value)


class Parameter(torch.Tensor):
    def __init__(self, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        # (training moves a parameter's values away from the ones it starts with: unknown)
        _t.set_tensor(self, _t.same(data) if requires_grad else data)


class Module:
    # every attribute the real class has (torch 1.13's dir(torch.nn.Module)): any other that
    # the module's own code never set is the program's AttributeError (as Module.__getattr__
    # raises it), while one of these that this model lacks is a gap of the model
    __tenscan_complete__ = (
        "T_destination", "__annotations__", "__call__", "__class__", "__delattr__", "__dict__", "__dir__",
        "__doc__", "__eq__", "__format__", "__ge__", "__getattr__", "__getattribute__", "__getstate__",
        "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__", "__lt__", "__module__", "__ne__",
        "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__setstate__", "__sizeof__",
        "__str__", "__subclasshook__", "__weakref__", "_apply", "_call_impl", "_get_backward_hooks",
        "_get_name", "_load_from_state_dict", "_maybe_warn_non_full_backward_hook", "_named_members",
        "_register_load_state_dict_pre_hook", "_register_state_dict_hook", "_replicate_for_data_parallel",
        "_save_to_state_dict", "_slow_forward", "_version", "add_module", "apply", "bfloat16", "buffers",
        "children", "cpu", "cuda", "double", "dump_patches", "eval", "extra_repr", "float", "forward",
        "get_buffer", "get_extra_state", "get_parameter", "get_submodule", "half", "ipu", "load_state_dict",
        "modules", "named_buffers", "named_children", "named_modules", "named_parameters", "parameters",
        "register_backward_hook", "register_buffer", "register_forward_hook", "register_forward_pre_hook",
        "register_full_backward_hook", "register_load_state_dict_post_hook", "register_module",
        "register_parameter", "requires_grad_", "set_extra_state", "share_memory", "state_dict", "to",
        "to_empty", "train", "type", "xpu", "zero_grad"
    )
    training = True

    def __init__(self, *args, **kwargs):
        self.training = True

    def __call__(self, *args, **kwargs):
        _t.module_enter(self, args)
        return _t.module_exit(self, self.forward(*args, **kwargs))

    def forward(self, *args, **kwargs):
        raise NotImplementedError("Module [" + _b.type(self).__name__ + "] is missing the required \"forward\" function")

    def _children(self):
        return _t.attrs_of(self, Module)

    def children(self):
        return _t.attrs_of(self, Module, False, True)

    def named_children(self):
        return self._children()

    def modules(self):
        return _t.modules_of(self, Module)

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        # ("", self), then each child's under its dotted name ("layer1.0.conv1"), as torch does
        out = [(prefix, self)]
        for name, m in self.named_children():
            out.extend(m.named_modules(prefix=prefix + "." + name if prefix else name))
        return out

    def parameters(self, recurse=True):
        # (its own first, then its children's, as torch's named_modules order gives them)
        out = _t.attrs_of(self, Parameter, False, True)
        if recurse:
            for m in self.children():
                out.extend(m.parameters())
        return _b.iter(out)  # a generator in PyTorch: next() works

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        # the module's own parameters first, then its children's under their dotted names
        # ("fc1.weight"), as torch's named_modules order gives them
        out = [(prefix + "." + k if prefix else k, v) for k, v in _t.attrs_of(self, Parameter)]
        if recurse:
            for name, m in self.named_children():
                out.extend(m.named_parameters(prefix + "." + name if prefix else name))
        return _b.iter(out)  # a generator in PyTorch: next() works

    def buffers(self, recurse=True):
        return []

    def register_buffer(self, name, tensor, persistent=True):
        _b.setattr(self, name, tensor)

    def register_parameter(self, name, param):
        _b.setattr(self, name, param)

    def add_module(self, name, module):
        _b.setattr(self, name, module)

    def register_module(self, name, module):
        _b.setattr(self, name, module)

    def train(self, mode=True):
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, *args, **kwargs):
        d = _t.dtype_in(args, kwargs.get("dtype"))
        if d is not None:
            return self._cast(d)
        return self

    def cuda(self, device=None):
        return self

    def cpu(self):
        return self

    def _cast(self, dtype):
        for k, v in _t.attrs_of(self, Parameter):
            _b.setattr(self, k, Parameter(_t.with_dtype(v, dtype)))
        for m in self.children():
            m._cast(dtype)
        return self

    def float(self):
        return self._cast("float32")

    def double(self):
        return self._cast("float64")

    def half(self):
        return self._cast("float16")

    def requires_grad_(self, requires_grad=True):
        return self

    def zero_grad(self, set_to_none=True):
        return None

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def state_dict(self, *args, **kwargs):
        return {}

    def load_state_dict(self, state_dict, strict=True):
        return None

    def extra_repr(self):
        return ""

    def share_memory(self):
        return self


class Identity(Module):
    def __init__(self, *args, **kwargs):
        Module.__init__(self)

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        _t.require(in_features >= 0, "hparam/invalid-value", "Linear: in_features must be non-negative, but got ", in_features)
        _t.require(out_features >= 0, "hparam/invalid-value", "Linear: out_features must be non-negative, but got ", out_features)
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in_features))
        self.bias = Parameter(torch.empty(out_features)) if bias else None

    def forward(self, input):
        return _t.linear(input, self.weight, self.bias)


class Bilinear(Module):
    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        self.weight = Parameter(torch.empty(out_features, in1_features, in2_features))
        self.out_features = out_features

    def forward(self, input1, input2):
        return _t.unmodelled("torch.nn.Bilinear.forward")


def _improper_strides(name, kernel_size, stride, dilation, transposed):
    """Refty's improper value: a stride larger than the kernel's extent skips input (a
    convolution or a pooling) or leaves output positions no input reaches (a transposed one).
    A 1x1 kernel with a stride subsamples by design (ResNet's projection shortcut, FPN's
    max_pool2d(x, 1, 2)): not advice."""
    effect = (": output positions between the kernel's footprints get no input" if transposed
              else ": rows and columns of the input between the windows are never read")
    for d in _b.range(_b.len(kernel_size)):
        span = dilation[d] * (kernel_size[d] - 1) + 1
        _t.advise((kernel_size[d] <= 1) | (stride[d] <= span), "hparam/improper-value", name, ": stride ", stride[d],
                  " is larger than the kernel's extent ", span, " at spatial dim ", d, effect)


class _ConvNd(Module):
    _nd = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None, output_padding=0):
        Module.__init__(self)
        nd = self._nd
        name = _b.type(self).__name__
        kernel_size = _pair(kernel_size, nd)
        stride = _pair(stride, nd)
        dilation = _pair(dilation, nd)
        # PyTorch raises in the constructor; a layer that failed a check yields unknown results
        # (so that its forward reports nothing more)
        ok = _t.require(groups > 0, "hparam/invalid-value", name, ": groups must be a positive integer, but got groups=", groups)
        if ok:
            ok = _t.require(in_channels % groups == 0, "hparam/invalid-value", name, ": in_channels (", in_channels,
                            ") must be divisible by groups (", groups, ")")
            ok = _t.require(out_channels % groups == 0, "hparam/invalid-value", name, ": out_channels (", out_channels,
                            ") must be divisible by groups (", groups, ")") and ok
        ok = _t.require(padding_mode in ("zeros", "reflect", "replicate", "circular"), "hparam/invalid-value", name,
                        ": padding_mode must be one of 'zeros', 'reflect', 'replicate' or 'circular', but got '", padding_mode,
                        "'") and ok
        if _b.isinstance(padding, str):
            # the string is kept (as PyTorch does) and passed to the primitive: 'same' keeps the
            # spatial size, 'valid' pads nothing
            if not _t.require(padding in ("same", "valid"), "hparam/invalid-value", name,
                              ": invalid padding string '", padding, "', should be one of {'valid', 'same'}"):
                ok = False
            elif padding == "same":
                ok = _t.require(_b.all([s == 1 for s in stride]), "hparam/invalid-value", name,
                                ": padding='same' is not supported for strided convolutions (stride=", stride, ")") and ok
        else:
            padding = _pair(padding, nd)
        self._failed = not ok
        if ok:
            _improper_strides(name, kernel_size, stride, dilation, self._transposed)
            if not _b.isinstance(padding, str) and not self._transposed:
                for d in _b.range(nd):
                    span = dilation[d] * (kernel_size[d] - 1) + 1
                    _t.advise((kernel_size[d] < 1) | (padding[d] < span), "hparam/improper-value", name, ": padding ", padding[d],
                              " is not smaller than the kernel's extent ", span, " at spatial dim ", d,
                              ": the outputs at the border see only padding")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.groups = groups
        self.output_padding = _pair(output_padding, nd)
        g = groups if ok else 1
        if self._transposed:
            self.weight = Parameter(torch.empty(in_channels, out_channels // g, *kernel_size))
        else:
            self.weight = Parameter(torch.empty(out_channels, in_channels // g, *kernel_size))
        self.bias = Parameter(torch.empty(out_channels)) if bias else None

    def forward(self, input):
        if self._failed:
            return _t.unranked(input)
        return _t.conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups, self._nd,
                       self._transposed, self.output_padding)


class Conv1d(_ConvNd):
    _nd = 1


class Conv2d(_ConvNd):
    _nd = 2


class Conv3d(_ConvNd):
    _nd = 3


class _ConvTransposeNd(_ConvNd):
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
                 dilation=1, padding_mode="zeros", device=None, dtype=None):
        name = _b.type(self).__name__
        ok = _t.require(padding_mode == "zeros", "hparam/invalid-value", "Only \"zeros\" padding mode is supported for ", name,
                        " (got padding_mode='", padding_mode, "')")
        _ConvNd.__init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, "zeros",
                         output_padding=output_padding)
        if not ok:
            self._failed = True

    def _output_padding(self, input, output_size):
        """The output_padding that makes the result output_size (ConvTranspose's forward(input,
        output_size)): output_size holds the spatial sizes (or all sizes), each between the
        smallest and the largest output this stride allows."""
        nd = self._nd
        s = _b.list(input.shape)
        size = _b.list(output_size)
        r = _b.len(s)
        if _b.len(size) == r:
            size = size[2:] if r == nd + 2 else size[1:]
        if not _t.require(_b.len(size) == nd, "hparam/invalid-value", "ConvTranspose", nd, "D: for ", r, "D input, output_size ",
                          "must have ", nd, " or ", r, " elements (got ", _b.len(output_size), ")"):
            return None
        lo, hi = [], []
        ok = True
        for d in _b.range(nd):
            n = s[r - nd + d]
            m = (n - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d] * (self.kernel_size[d] - 1) + 1
            lo.append(m)
            hi.append(m + self.stride[d] - 1)
            ok = ok & (size[d] >= m) & (size[d] <= m + self.stride[d] - 1)
        if not _t.require(ok, "hparam/invalid-value", "requested an output size of ", size, ", but valid sizes range from ",
                          lo, " to ", hi, " (for an input of ", s[r - nd:], ")"):
            return None
        return _b.tuple([size[d] - lo[d] for d in _b.range(nd)])

    def forward(self, input, output_size=None):
        if self._failed:
            return _t.unranked(input)
        output_padding = self.output_padding
        if output_size is not None:
            if _rank(input) is None:
                return _t.unranked(input)
            output_padding = self._output_padding(input, output_size)
            if output_padding is None:
                return _t.unranked(input)
        return _t.conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups, self._nd, True,
                       output_padding)


class ConvTranspose1d(_ConvTransposeNd):
    _nd = 1


class ConvTranspose2d(_ConvTransposeNd):
    _nd = 2


class ConvTranspose3d(_ConvTransposeNd):
    _nd = 3


class _PoolNd(Module):
    _nd = 2
    _kind = "MaxPool"

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        Module.__init__(self)
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.ceil_mode = ceil_mode
        self.return_indices = return_indices
        if stride is not None and stride != [] and stride != ():
            _improper_strides(_b.type(self).__name__, _pair(kernel_size, self._nd), _pair(stride, self._nd),
                              _pair(dilation, self._nd), False)

    def forward(self, input):
        out = _t.pool(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode, self._nd,
                      _b.type(self).__name__)
        if self.return_indices:
            return (out, _t.with_dtype(out, "int64"))
        return out


class MaxPool1d(_PoolNd):
    _nd = 1


class MaxPool2d(_PoolNd):
    _nd = 2


class MaxPool3d(_PoolNd):
    _nd = 3


class AvgPool1d(_PoolNd):
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        _PoolNd.__init__(self, kernel_size, stride, padding, 1, False, ceil_mode)


class AvgPool2d(_PoolNd):
    _nd = 2

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
        _PoolNd.__init__(self, kernel_size, stride, padding, 1, False, ceil_mode)


class AvgPool3d(_PoolNd):
    _nd = 3

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
        _PoolNd.__init__(self, kernel_size, stride, padding, 1, False, ceil_mode)


class _AdaptivePoolNd(Module):
    _nd = 2

    def __init__(self, output_size, return_indices=False):
        Module.__init__(self)
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input):
        out = _t.adaptive_pool(input, self.output_size, self._nd, _b.type(self).__name__)
        if self.return_indices:
            return (out, _t.with_dtype(out, "int64"))
        return out


class AdaptiveAvgPool1d(_AdaptivePoolNd):
    _nd = 1


class AdaptiveAvgPool2d(_AdaptivePoolNd):
    _nd = 2


class AdaptiveAvgPool3d(_AdaptivePoolNd):
    _nd = 3


class AdaptiveMaxPool1d(_AdaptivePoolNd):
    _nd = 1


class AdaptiveMaxPool2d(_AdaptivePoolNd):
    _nd = 2


class AdaptiveMaxPool3d(_AdaptivePoolNd):
    _nd = 3


class _BatchNorm(Module):
    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None):
        Module.__init__(self)
        _positive(num_features, _b.type(self).__name__ + ": num_features")
        self.num_features = num_features
        self.eps = eps
        self.weight = Parameter(torch.empty(num_features)) if affine else None
        self.bias = Parameter(torch.empty(num_features)) if affine else None

    def forward(self, input):
        return _t.batch_norm(input, self.num_features, _b.type(self).__name__, layer=self)


class BatchNorm1d(_BatchNorm):
    pass


class BatchNorm2d(_BatchNorm):
    pass


class BatchNorm3d(_BatchNorm):
    pass


class _InstanceNorm(Module):
    _nd = 2

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None):
        Module.__init__(self)
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        # like PyTorch's _NormBase, the parameters and buffers exist only when asked for (a negative
        # num_features fails creating them, and is accepted otherwise)
        self.weight = Parameter(torch.empty(num_features)) if affine else None
        self.bias = Parameter(torch.empty(num_features)) if affine else None
        self.running_mean = torch.zeros(num_features) if track_running_stats else None
        self.running_var = torch.ones(num_features) if track_running_stats else None

    def forward(self, input):
        r = _rank(input)
        if r is None:
            return _t.unranked(input)
        nd = self._nd
        if not _t.require((r == nd + 1) | (r == nd + 2), "shape/rank", _b.type(self).__name__, ": expected ", nd + 1, "D or ",
                          nd + 2, "D input (got ", r, "D input ", input, ")"):
            return _t.unranked(input)
        return F._instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                                self.training or not self.track_running_stats, _b.type(self).__name__, r == nd + 1)


class InstanceNorm1d(_InstanceNorm):
    _nd = 1


class InstanceNorm2d(_InstanceNorm):
    _nd = 2


class InstanceNorm3d(_InstanceNorm):
    _nd = 3


class _PadNd(Module):
    """The padding layers (torch/nn/modules/padding.py, 1.13): each keeps 2 * nd padding values
    (an int is repeated) and calls F.pad, which checks them against the input."""
    _nd = 2
    _mode = "constant"

    def __init__(self, padding):
        Module.__init__(self)
        self.padding = _pair(padding, 2 * self._nd)
        self.value = None

    def forward(self, input):
        return F.pad(input, self.padding, self._mode, self.value)


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        _PadNd.__init__(self, padding)
        self.value = value


class ConstantPad1d(_ConstantPadNd):
    _nd = 1


class ConstantPad2d(_ConstantPadNd):
    _nd = 2


class ConstantPad3d(_ConstantPadNd):
    _nd = 3


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        ConstantPad2d.__init__(self, padding, 0.0)


class ReflectionPad1d(_PadNd):
    _nd = 1
    _mode = "reflect"


class ReflectionPad2d(_PadNd):
    _nd = 2
    _mode = "reflect"


class ReflectionPad3d(_PadNd):
    _nd = 3
    _mode = "reflect"


class ReplicationPad1d(_PadNd):
    _nd = 1
    _mode = "replicate"


class ReplicationPad2d(_PadNd):
    _nd = 2
    _mode = "replicate"


class ReplicationPad3d(_PadNd):
    _nd = 3
    _mode = "replicate"


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, device=None, dtype=None):
        Module.__init__(self)
        if _b.isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = _b.tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        self.weight = Parameter(torch.empty(*self.normalized_shape)) if elementwise_affine else None
        self.bias = Parameter(torch.empty(*self.normalized_shape)) if elementwise_affine and bias else None

    def forward(self, input):
        return _t.layer_norm(input, self.normalized_shape)


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None):
        Module.__init__(self)
        # torch 1.13 computes num_channels % num_groups in the constructor (0 groups: ZeroDivisionError)
        ok = _t.require(num_groups != 0, "hparam/invalid-value", "GroupNorm: num_groups must not be 0 (integer modulo by ",
                        "zero: PyTorch divides num_channels by it)")
        if ok:
            ok = _t.require(num_channels % num_groups == 0, "hparam/invalid-value", "GroupNorm: num_channels must be ",
                            "divisible by num_groups, but got num_channels=", num_channels, " and num_groups=", num_groups)
        self._failed = not ok
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        self.weight = Parameter(torch.empty(num_channels)) if affine else None
        self.bias = Parameter(torch.empty(num_channels)) if affine else None

    def forward(self, input):
        if self._failed:
            return _t.unranked(input)
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        Module.__init__(self)
        if _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "dropout probability has to be between 0 and 1, but got ",
                      p):
            _t.advise(p != 1, "hparam/improper-value", _b.type(self).__name__,
                      ": p=1 zeroes every activation in training: nothing after it learns from the input")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return _t.same(input)


class Dropout(_DropoutNd):
    pass


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    pass


class Dropout3d(_DropoutNd):
    pass


class AlphaDropout(_DropoutNd):
    pass


class _Elementwise(Module):
    # the row of models/primitives/pointwise.cpp that gives the values (None: unknown values)
    _pointwise = None

    def __init__(self, *args, **kwargs):
        Module.__init__(self)

    def forward(self, input):
        if self._pointwise is None:
            return _t.same(input)
        return _t.pointwise(input, self._pointwise)


class ReLU(_Elementwise):
    _pointwise = "relu"


class ReLU6(_Elementwise):
    _pointwise = "relu6"


class LeakyReLU(_Elementwise):
    pass


class PReLU(Module):
    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        Module.__init__(self)
        self.num_parameters = num_parameters
        self.weight = Parameter(torch.empty(num_parameters))

    def forward(self, input):
        return F.prelu(input, self.weight)


class ELU(_Elementwise):
    pass


class SELU(_Elementwise):
    pass


class CELU(_Elementwise):
    pass


class GELU(_Elementwise):
    _pointwise = "gelu"


class SiLU(_Elementwise):
    _pointwise = "silu"


class Mish(_Elementwise):
    pass


class Sigmoid(_Elementwise):
    _pointwise = "sigmoid"


class Tanh(_Elementwise):
    _pointwise = "tanh"


class Hardtanh(_Elementwise):
    pass


class Softplus(_Elementwise):
    _pointwise = "softplus"


class Softsign(_Elementwise):
    pass


class Hardswish(_Elementwise):
    pass


class Hardsigmoid(_Elementwise):
    pass


class _SoftmaxLike(Module):
    _pointwise = None

    def __init__(self, dim=None):
        Module.__init__(self)
        self.dim = dim

    def forward(self, input):
        dim = self.dim
        if dim is None:
            dim = 0 if input.dim() in (0, 1, 3) else 1
        if _t.check_dim(input, dim, _b.type(self).__name__):
            _t.constant_along(input, dim, self._pointwise or "softmin")
        return _t.pointwise(input, self._pointwise) if self._pointwise else _t.same(input)


class Softmax(_SoftmaxLike):
    _pointwise = "softmax"


class LogSoftmax(_SoftmaxLike):
    _pointwise = "log_softmax"


class Softmin(_SoftmaxLike):
    pass


class Softmax2d(Module):
    def forward(self, input):
        r = _rank(input)
        if r is None:
            return _t.unranked(input)
        if not _t.require((r == 3) | (r == 4), "shape/rank", "Softmax2d requires a 3D or 4D tensor as input, but got the ", r,
                          "-D tensor ", input, " (it normalises over the channels of (N, C, H, W) or (C, H, W))"):
            return _t.unranked(input)
        return _t.same(input)


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        Module.__init__(self)
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return _t.flatten(input, self.start_dim, self.end_dim)


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        Module.__init__(self)
        self.dim = dim
        self.unflattened_size = _b.tuple(unflattened_size)

    def forward(self, input):
        if not _t.check_dim(input, self.dim, "unflatten()", False):
            return _t.unranked(input)
        s = _b.list(input.shape)
        d = self.dim if self.dim >= 0 else self.dim + _b.len(s)
        return input.reshape(*(s[:d] + _b.list(self.unflattened_size) + s[d + 1:]))


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None):
        Module.__init__(self)
        _t.require(num_embeddings >= 0, "hparam/invalid-value", "Embedding: num_embeddings must be non-negative, but got ",
                   num_embeddings)
        _t.require(embedding_dim >= 0, "hparam/invalid-value", "Embedding: embedding_dim must be non-negative, but got ",
                   embedding_dim)
        if padding_idx is not None:
            _t.require((padding_idx < num_embeddings) & (padding_idx >= -num_embeddings), "hparam/invalid-value",
                       "Embedding: padding_idx must be within num_embeddings (", num_embeddings, "), but got ", padding_idx)
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.padding_idx = padding_idx
        self.weight = Parameter(torch.empty(num_embeddings, embedding_dim))

    def forward(self, input):
        return _t.embedding(input, self.num_embeddings, self.embedding_dim)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, **kwargs):
        s = embeddings.shape
        return cls(s[0], s[1], padding_idx)


class EmbeddingBag(Module):
    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, mode="mean",
                 sparse=False, _weight=None, include_last_offset=False, padding_idx=None, device=None, dtype=None):
        Module.__init__(self)
        if padding_idx is not None:
            _t.require((padding_idx < num_embeddings) & (padding_idx >= -num_embeddings), "hparam/invalid-value",
                       "EmbeddingBag: padding_idx must be within num_embeddings (", num_embeddings, "), but got ", padding_idx)
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.mode = mode
        self.include_last_offset = include_last_offset
        self.padding_idx = padding_idx
        self.weight = Parameter(torch.empty(num_embeddings, embedding_dim))

    def forward(self, input, offsets=None, per_sample_weights=None):
        return F.embedding_bag(input, self.weight, offsets, mode=self.mode, per_sample_weights=per_sample_weights,
                               include_last_offset=self.include_last_offset, padding_idx=self.padding_idx)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, mode="mean",
                        sparse=False, include_last_offset=False, padding_idx=None):
        s = embeddings.shape
        return cls(s[0], s[1], mode=mode, include_last_offset=include_last_offset, padding_idx=padding_idx)


class _RNNBase(Module):
    _mode = "RNN"

    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        Module.__init__(self)
        name = self._mode
        _t.require(hidden_size > 0, "hparam/invalid-value", name, ": hidden_size must be greater than zero, but got ", hidden_size)
        _t.require(num_layers > 0, "hparam/invalid-value", name, ": num_layers must be greater than zero, but got ", num_layers)
        _t.require((dropout >= 0) & (dropout <= 1), "hparam/invalid-value", name,
                   ": dropout should be a number in range [0, 1] representing the probability of an element being zeroed, but got ",
                   dropout)
        if name == "RNN":
            _t.require(nonlinearity in ("tanh", "relu"), "hparam/invalid-value", "RNN: unknown nonlinearity '", nonlinearity, "'")
        if name == "LSTM":
            _t.require(proj_size >= 0, "hparam/invalid-value",
                       "LSTM: proj_size should be a positive integer or zero to disable projections, but got ", proj_size)
            _t.require(proj_size < hidden_size, "hparam/invalid-value", "LSTM: proj_size has to be smaller than hidden_size, but got ",
                       "proj_size=", proj_size, " and hidden_size=", hidden_size)
        else:
            _t.require(proj_size == 0, "hparam/invalid-value", "proj_size argument is only supported for LSTM, not ", name,
                       " (got proj_size=", proj_size, ")")
        self.proj_size = proj_size
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.batch_first = batch_first
        self.bidirectional = bidirectional
        self.dropout = dropout
        self.weight_ih_l0 = Parameter(torch.empty(hidden_size, input_size))

    def forward(self, input, hx=None):
        return _t.rnn(input, hx, self._mode, self.input_size, self.hidden_size, self.num_layers, self.bidirectional,
                      self.batch_first, self.proj_size, layer=self)

    def flatten_parameters(self):
        return None


class RNN(_RNNBase):
    _mode = "RNN"


class LSTM(_RNNBase):
    _mode = "LSTM"

    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        _RNNBase.__init__(self, input_size, hidden_size, num_layers, "tanh", bias, batch_first, dropout, bidirectional,
                          proj_size)


class GRU(_RNNBase):
    _mode = "GRU"

    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        _RNNBase.__init__(self, input_size, hidden_size, num_layers, "tanh", bias, batch_first, dropout, bidirectional,
                          proj_size)


class _RNNCellBase(Module):
    _mode = "RNNCell"
    _gates = 1

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        Module.__init__(self)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.nonlinearity = nonlinearity
        self.weight_ih = Parameter(torch.empty(self._gates * hidden_size, input_size))
        self.weight_hh = Parameter(torch.empty(self._gates * hidden_size, hidden_size))

    def _check_hidden(self, input, batched, h):
        """hx (and c for LSTMCell): (batch, hidden_size), or (hidden_size) for a 1-D input."""
        rh = _rank(h)
        if rh is None:
            return True
        want = 2 if batched else 1
        if not _t.require(rh == want, "shape/rank", self._mode, ": for ", "batched 2-D" if batched else "unbatched 1-D",
                          " input, the hidden state should be ", want, "-D, but got a ", rh, "-D tensor of shape ", h):
            return False
        hs = h.shape
        if batched and not _t.require(hs[0] == input.shape[0], "shape/size-mismatch", "Input batch size ", input.shape[0],
                                      " doesn't match hidden0 batch size ", hs[0], " (input ", input, ", hidden ", h, ")"):
            return False
        return _t.require(hs[-1] == self.hidden_size, "shape/size-mismatch", "hidden0 has inconsistent hidden_size: got ",
                          hs[-1], ", expected ", self.hidden_size, " (hidden shape ", h, ")")

    def _cell(self, input, hx):
        """The checks of RNNCell/GRUCell/LSTMCell.forward and the shape of the new hidden state, or None."""
        r = _rank(input)
        if r is None:
            return None
        if not _t.require((r == 1) | (r == 2), "shape/rank", self._mode, ": Expected input to be 1-D or 2-D but received ", r,
                          "-D tensor (shape ", input, ")"):
            return None
        batched = r == 2
        if hx is not None:
            hs = hx if _b.isinstance(hx, tuple) or _b.isinstance(hx, list) else (hx,)
            for h in hs:
                if not self._check_hidden(input, batched, h):
                    return None
        if not _t.require(input.shape[-1] == self.input_size, "shape/channels", "input has inconsistent input_size: got ",
                          input.shape[-1], " expected ", self.input_size, " (", self._mode, " input shape ", input, ")"):
            return None
        if self._mode == "RNNCell" and not _t.require(self.nonlinearity in ("tanh", "relu"), "hparam/invalid-value",
                                                      "Unknown nonlinearity: ", self.nonlinearity):
            return None
        # the input-to-hidden product checks the dtype as Linear does
        _t.linear(input, self.weight_ih, None)
        return (input.shape[0], self.hidden_size) if batched else (self.hidden_size,)

    def forward(self, input, hx=None):
        shape = self._cell(input, hx)
        if shape is None:
            return _t.unranked(input)
        return torch.zeros(shape, dtype=_t.dtype(input))


class RNNCell(_RNNCellBase):
    _mode = "RNNCell"
    _gates = 1


class GRUCell(_RNNCellBase):
    _mode = "GRUCell"
    _gates = 3

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        _RNNCellBase.__init__(self, input_size, hidden_size, bias)


class LSTMCell(_RNNCellBase):
    _mode = "LSTMCell"
    _gates = 4

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        _RNNCellBase.__init__(self, input_size, hidden_size, bias)

    def forward(self, input, hx=None):
        shape = self._cell(input, hx)
        if shape is None:
            return (_t.unranked(input), _t.unranked(input))
        return (torch.zeros(shape, dtype=_t.dtype(input)), torch.zeros(shape, dtype=_t.dtype(input)))


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        Module.__init__(self)
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor):
        Module.__init__(self)
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        Module.__init__(self)
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return _t.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners, False,
                              self.recompute_scale_factor)


class UpsamplingNearest2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        Upsample.__init__(self, size, scale_factor, "nearest")


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        Upsample.__init__(self, size, scale_factor, "bilinear", True)


class MultiheadAttention(Module):
    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False, kdim=None,
                 vdim=None, batch_first=False, device=None, dtype=None):
        Module.__init__(self)
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._kv_follow = kdim is None and vdim is None
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.add_bias_kv = add_bias_kv
        self.add_zero_attn = add_zero_attn
        ok = _t.require(num_heads > 0, "hparam/invalid-value", "MultiheadAttention: num_heads must be positive, but got ",
                        num_heads, " (PyTorch divides embed_dim by it)")
        if ok:
            ok = _t.require(embed_dim % num_heads == 0, "hparam/invalid-value", "embed_dim must be divisible by num_heads: ",
                            "embed_dim=", embed_dim, " and num_heads=", num_heads)
        if ok:
            ok = _t.require(embed_dim >= 0, "hparam/invalid-value", "Trying to create tensor with negative dimension ",
                            3 * embed_dim, ": MultiheadAttention embed_dim must be non-negative, but got ", embed_dim)
        self._failed = not ok
        self.head_dim = embed_dim // num_heads if ok else 0
        self.out_proj = Linear(embed_dim, embed_dim, bias=bias) if ok else None

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        if self._failed:
            return (_t.unranked(query), _t.unranked(query))
        extra = (1 if self.add_bias_kv else 0) + (1 if self.add_zero_attn else 0)
        # (embed_dim is the fix of a query of another width where key and value follow it)
        layer = self if self._kv_follow else None
        return F._mha_forward(query, key, value, self.embed_dim, self.num_heads, self.kdim, self.vdim, key_padding_mask,
                              need_weights, attn_mask, average_attn_weights, self.batch_first, extra, layer)


def _activation(activation, name):
    if _b.isinstance(activation, str):
        if not _t.require(activation in ("relu", "gelu"), "hparam/invalid-value", name, ": activation should be relu/gelu, ",
                          "not ", activation):
            return None
        return F.relu if activation == "relu" else F.gelu
    return activation


def _kpm_dtype(mask):
    return mask is None or _t.require(F._mask_dtype_ok(mask, False), "dtype/mismatch", "only bool and floating types of ",
                                      "key_padding_mask are supported (got ", _t.dtype(mask), ")")


class TransformerEncoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        Module.__init__(self)
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.linear1 = Linear(d_model, dim_feedforward)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.batch_first = batch_first
        self.activation = _activation(activation, "TransformerEncoderLayer")

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        if self.activation is None or self.self_attn._failed:
            return _t.unranked(src)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout2(x)


class TransformerDecoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        Module.__init__(self)
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.linear1 = Linear(d_model, dim_feedforward)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.batch_first = batch_first
        self.activation = _activation(activation, "TransformerDecoderLayer")

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None):
        if self.activation is None or self.self_attn._failed:
            return _t.unranked(tgt)
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout3(x)


class TransformerEncoder(Module):
    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        Module.__init__(self)
        # PyTorch deep-copies the layer: the copies have the same shapes
        self.layers = ModuleList([encoder_layer for _ in _b.range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, mask=None, src_key_padding_mask=None):
        if not _kpm_dtype(src_key_padding_mask):
            return _t.unranked(src)
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=mask, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerDecoder(Module):
    def __init__(self, decoder_layer, num_layers, norm=None):
        Module.__init__(self)
        self.layers = ModuleList([decoder_layer for _ in _b.range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None):
        output = tgt
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, tgt_key_padding_mask=tgt_key_padding_mask,
                         memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Module):
    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048, dropout=0.1,
                 activation="relu", custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5, batch_first=False,
                 norm_first=False, device=None, dtype=None):
        Module.__init__(self)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
                                            norm_first)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model, eps=layer_norm_eps))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps, batch_first,
                                            norm_first)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model, eps=layer_norm_eps))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None):
        rs, rt = _rank(src), _rank(tgt)
        if rs is None or rt is None:
            return _t.unranked(tgt)
        if rs == 3 and rt >= 2:
            b = 0 if self.batch_first else 1
            if not _t.require(src.shape[b] == tgt.shape[b], "shape/size-mismatch", "the batch number of src and tgt must ",
                              "be equal: src ", src, " and tgt ", tgt, " (batch_first=", self.batch_first, ")"):
                return _t.unranked(tgt)
        if not _t.require((src.shape[-1] == self.d_model) & (tgt.shape[-1] == self.d_model), "shape/channels",
                          "the feature number of src and tgt must be equal to d_model (", self.d_model, "): src ", src,
                          " and tgt ", tgt):
            return _t.unranked(tgt)
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask)

    @staticmethod
    def generate_square_subsequent_mask(sz, device="cpu"):
        return torch.zeros(sz, sz)


class DataParallel(Module):
    """nn.DataParallel / nn.parallel.DistributedDataParallel: scatter the inputs along `dim` over
    the devices, run the module on each piece and gather the outputs along `dim`: the shapes of
    one call of the module on the whole input (which is what runs without GPUs)."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0, **kwargs):
        Module.__init__(self)
        self.module = module
        self.device_ids = device_ids
        self.output_device = output_device
        self.dim = dim

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


class DistributedDataParallel(DataParallel):
    pass


def _data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if not _b.isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    if module_kwargs is None:
        module_kwargs = {}
    return module(*inputs, **module_kwargs)


class Sequential(Module):
    # The layers are the module's registered children in the order they were registered, as
    # PyTorch's _modules: those the constructor was given ("0", "1", ... or a dict's keys), then
    # any a subclass assigns as attributes (torchvision's _Transition sets self.norm, self.conv,
    # ...) or adds with add_module/append.
    def __init__(self, *args):
        Module.__init__(self)
        if _b.len(args) == 1 and _b.isinstance(args[0], dict):
            for k, v in args[0].items():
                _b.setattr(self, k, v)
        else:
            i = 0
            for m in args:
                _b.setattr(self, _b.str(i), m)
                i += 1

    def _layers(self):
        # (a layer tenscan cannot see, an unmodelled library's, is one too: PyTorch's
        # add_module takes modules only)
        return _t.attrs_of(self, Module, True, True)

    def forward(self, input):
        for m in self._layers():
            input = m(input)
        return input

    def __getitem__(self, idx):
        if _b.isinstance(idx, slice):
            return Sequential(*self._layers()[idx])
        return self._layers()[idx]

    def __len__(self):
        return _b.len(self._layers())

    def __iter__(self):
        return _b.iter(self._layers())

    def append(self, module):
        _b.setattr(self, _b.str(_b.len(self._layers())), module)
        return self

    def add_module(self, name, module):
        _b.setattr(self, name, module)

    def children(self):
        return self._layers()

    def parameters(self, recurse=True):
        out = []
        for m in self._layers():
            out.extend(m.parameters())
        return _b.iter(out)  # a generator in PyTorch: next() works


class ModuleList(Module):
    def __init__(self, modules=None):
        Module.__init__(self)
        self._layers = _b.list(modules) if modules is not None else []

    def _children(self):
        return [(_b.str(i), m) for i, m in _b.enumerate(self._layers)]

    def __getitem__(self, idx):
        if _b.isinstance(idx, slice):
            return ModuleList(self._layers[idx])
        return self._layers[idx]

    def __setitem__(self, idx, module):
        self._layers[idx] = module

    def __len__(self):
        return _b.len(self._layers)

    def __iter__(self):
        return _b.iter(self._layers)

    def append(self, module):
        self._layers.append(module)
        return self

    def extend(self, modules):
        self._layers.extend(modules)
        return self

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        # (a new ModuleList of both, as PyTorch 1.13's: any iterable of modules on the right)
        combined = ModuleList(self._layers)
        combined.extend(other)
        return combined

    def insert(self, index, module):
        self._layers.insert(index, module)

    def add_module(self, name, module):
        # (registered under its name, and iterated over with the others, as PyTorch does)
        self._layers.append(module)
        _b.setattr(self, name, module)

    def register_module(self, name, module):
        self.add_module(name, module)

    def children(self):
        return _b.list(self._layers)

    def parameters(self, recurse=True):
        out = []
        for m in self._layers:
            out.extend(m.parameters())
        return _b.iter(out)  # a generator in PyTorch: next() works


class ModuleDict(Module):
    def __init__(self, modules=None):
        Module.__init__(self)
        self._dict = _b.dict(modules) if modules is not None else {}

    def _children(self):
        return _b.list(self._dict.items())

    def add_module(self, name, module):
        # (PyTorch registers it in _modules, which the dict's items() are: torchvision's
        # _DenseBlock fills itself so)
        self._dict[name] = module
        _b.setattr(self, name, module)

    def register_module(self, name, module):
        self.add_module(name, module)

    def __getitem__(self, key):
        return self._dict[key]

    def __setitem__(self, key, module):
        self._dict[key] = module

    def __contains__(self, key):
        return key in self._dict

    def __len__(self):
        return _b.len(self._dict)

    def __iter__(self):
        return _b.iter(self._dict)

    def keys(self):
        return self._dict.keys()

    def values(self):
        return self._dict.values()

    def items(self):
        return self._dict.items()

    def children(self):
        return _b.list(self._dict.values())

    def parameters(self, recurse=True):
        out = []
        for m in self._dict.values():
            out.extend(m.parameters())
        return _b.iter(out)  # a generator in PyTorch: next() works


class ParameterList(Module):
    def __init__(self, values=None):
        Module.__init__(self)
        self._params = _b.list(values) if values is not None else []

    def __getitem__(self, idx):
        return self._params[idx]

    def __len__(self):
        return _b.len(self._params)

    def __iter__(self):
        return _b.iter(self._params)

    def parameters(self, recurse=True):
        return _b.list(self._params)


# ---- losses --------------------------------------------------------------------------------
def _reduction(name, reduction):
    _t.require(reduction in ("none", "mean", "sum"), "hparam/invalid-value", name, ": '", reduction,
               "' is not a valid value for reduction (expected 'none', 'mean' or 'sum')")


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        Module.__init__(self)
        self.reduction = reduction


class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean", label_smoothing=0.0):
        _Loss.__init__(self, size_average, reduce, reduction)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(input, target, self.weight, None, self.ignore_index, None, self.reduction, self.label_smoothing)


class NLLLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        _Loss.__init__(self, size_average, reduce, reduction)
        self.weight = weight
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss(input, target, self.weight, None, self.ignore_index, None, self.reduction)


class MSELoss(_Loss):
    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    def forward(self, input, target):
        return F.l1_loss(input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction="mean", beta=1.0):
        _Loss.__init__(self, size_average, reduce, reduction)

    def forward(self, input, target):
        return F.smooth_l1_loss(input, target, reduction=self.reduction)


class HuberLoss(_Loss):
    def __init__(self, reduction="mean", delta=1.0):
        _Loss.__init__(self, None, None, reduction)

    def forward(self, input, target):
        return F.huber_loss(input, target, reduction=self.reduction)


class BCELoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        _Loss.__init__(self, size_average, reduce, reduction)
        self.weight = weight

    def forward(self, input, target):
        return F.binary_cross_entropy(input, target, self.weight, reduction=self.reduction, _layer=self)


class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None):
        _Loss.__init__(self, size_average, reduce, reduction)
        self.weight = weight
        self.pos_weight = pos_weight

    def forward(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, reduction=self.reduction,
                                                  pos_weight=self.pos_weight)


class KLDivLoss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        _Loss.__init__(self, size_average, reduce, reduction)

    def forward(self, input, target):
        return F.kl_div(input, target, reduction=self.reduction)


# submodules that `import torch` makes reachable as torch.nn.parallel / torch.nn.utils /
# torch.nn.parameter
from torch.nn import parallel
from torch.nn import parameter
from torch.nn import utils
