# torch.nn: Module and the layers, with PyTorch's constructor signatures and the
# hyperparameter checks PyTorch performs (Refty's illegal values), over native primitives.
import builtins as _b
import _tenscan as _t
import torch
from torch.nn import functional
from torch.nn import init

F = functional


def _pair(x, n=2):
    if _b.isinstance(x, tuple) or _b.isinstance(x, list):
        return _b.tuple(x)
    return _b.tuple([x] * n)


def _positive(value, what):
    _t.require(value > 0, "hparam/invalid-value", what, " must be positive, but got ", value)


class Parameter(torch.Tensor):
    def __init__(self, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        _t.set_tensor(self, data)


class Module:
    training = True

    def __init__(self, *args, **kwargs):
        self.training = True

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def forward(self, *args, **kwargs):
        raise NotImplementedError("Module [" + _b.type(self).__name__ + "] is missing the required \"forward\" function")

    def _children(self):
        out = []
        for k, v in _b.vars(self).items():
            if _b.isinstance(v, Module):
                out.append((k, v))
        return out

    def children(self):
        return [m for _, m in self._children()]

    def named_children(self):
        return self._children()

    def modules(self):
        out = [self]
        for m in self.children():
            out.extend(m.modules())
        return out

    def named_modules(self, memo=None, prefix=""):
        return [(prefix, m) for m in self.modules()]

    def parameters(self, recurse=True):
        out = []
        for k, v in _b.vars(self).items():
            if _b.isinstance(v, Parameter):
                out.append(v)
            elif _b.isinstance(v, Module) and recurse:
                out.extend(v.parameters())
        return out

    def named_parameters(self, prefix="", recurse=True):
        return [("", p) for p in self.parameters()]

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
        for k, v in _b.vars(self).items():
            if _b.isinstance(v, Parameter):
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


class ConvTranspose1d(_ConvNd):
    _nd = 1
    _transposed = True


class ConvTranspose2d(_ConvNd):
    _nd = 2
    _transposed = True


class ConvTranspose3d(_ConvNd):
    _nd = 3
    _transposed = True


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
        return _t.batch_norm(input, self.num_features, _b.type(self).__name__)


class BatchNorm1d(_BatchNorm):
    pass


class BatchNorm2d(_BatchNorm):
    pass


class BatchNorm3d(_BatchNorm):
    pass


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, device=None, dtype=None):
        Module.__init__(self)
        if _b.isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = _b.tuple(normalized_shape)
        self.eps = eps
        self.weight = Parameter(torch.empty(*self.normalized_shape)) if elementwise_affine else None

    def forward(self, input):
        return _t.layer_norm(input, self.normalized_shape)


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None):
        Module.__init__(self)
        _t.require(num_channels % num_groups == 0, "hparam/invalid-value", "GroupNorm: num_channels (", num_channels,
                   ") must be divisible by num_groups (", num_groups, ")")
        self.num_groups = num_groups
        self.num_channels = num_channels

    def forward(self, input):
        s = input.shape
        if not _t.require(_b.len(s) >= 2, "shape/rank", "GroupNorm expects an input with at least 2 dimensions (N, C, ...), but got ",
                          "a tensor of shape ", input):
            return _t.unranked(input)
        if not _t.require(s[1] == self.num_channels, "shape/channels", "GroupNorm expects ", self.num_channels,
                          " channels, but the input ", input, " has ", s[1], " channels at dim 1"):
            return _t.unranked(input)
        return _t.same(input)


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        Module.__init__(self)
        _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "dropout probability has to be between 0 and 1, but got ", p)
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return _t.same(input)


class Dropout(_DropoutNd):
    pass


class Dropout1d(_DropoutNd):
    pass


class Dropout2d(_DropoutNd):
    pass


class Dropout3d(_DropoutNd):
    pass


class AlphaDropout(_DropoutNd):
    pass


class _Elementwise(Module):
    def __init__(self, *args, **kwargs):
        Module.__init__(self)

    def forward(self, input):
        return _t.same(input)


class ReLU(_Elementwise):
    pass


class ReLU6(_Elementwise):
    pass


class LeakyReLU(_Elementwise):
    pass


class PReLU(_Elementwise):
    pass


class ELU(_Elementwise):
    pass


class SELU(_Elementwise):
    pass


class CELU(_Elementwise):
    pass


class GELU(_Elementwise):
    pass


class SiLU(_Elementwise):
    pass


class Mish(_Elementwise):
    pass


class Sigmoid(_Elementwise):
    pass


class Tanh(_Elementwise):
    pass


class Hardtanh(_Elementwise):
    pass


class Softplus(_Elementwise):
    pass


class Softsign(_Elementwise):
    pass


class Hardswish(_Elementwise):
    pass


class Hardsigmoid(_Elementwise):
    pass


class _SoftmaxLike(Module):
    def __init__(self, dim=None):
        Module.__init__(self)
        self.dim = dim

    def forward(self, input):
        dim = self.dim
        if dim is None:
            dim = 0 if input.dim() in (0, 1, 3) else 1
        _t.check_dim(input, dim, _b.type(self).__name__)
        return _t.same(input)


class Softmax(_SoftmaxLike):
    pass


class LogSoftmax(_SoftmaxLike):
    pass


class Softmin(_SoftmaxLike):
    pass


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
                      self.batch_first, self.proj_size)

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


class Sequential(Module):
    def __init__(self, *args):
        Module.__init__(self)
        if _b.len(args) == 1 and _b.isinstance(args[0], dict):
            self._layers = _b.list(args[0].values())
            for k, v in args[0].items():
                _b.setattr(self, k, v)
        else:
            self._layers = _b.list(args)
        i = 0
        for m in self._layers:
            _b.setattr(self, _b.str(i), m)
            i += 1

    def forward(self, input):
        for m in self._layers:
            input = m(input)
        return input

    def __getitem__(self, idx):
        if _b.isinstance(idx, slice):
            return Sequential(*self._layers[idx])
        return self._layers[idx]

    def __len__(self):
        return _b.len(self._layers)

    def __iter__(self):
        return _b.iter(self._layers)

    def append(self, module):
        self._layers.append(module)
        return self

    def add_module(self, name, module):
        self._layers.append(module)
        _b.setattr(self, name, module)

    def children(self):
        return _b.list(self._layers)

    def parameters(self, recurse=True):
        out = []
        for m in self._layers:
            out.extend(m.parameters())
        return out


class ModuleList(Module):
    def __init__(self, modules=None):
        Module.__init__(self)
        self._layers = _b.list(modules) if modules is not None else []

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

    def insert(self, index, module):
        self._layers.insert(index, module)

    def children(self):
        return _b.list(self._layers)

    def parameters(self, recurse=True):
        out = []
        for m in self._layers:
            out.extend(m.parameters())
        return out


class ModuleDict(Module):
    def __init__(self, modules=None):
        Module.__init__(self)
        self._dict = _b.dict(modules) if modules is not None else {}

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
        return out


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
        return F.binary_cross_entropy(input, target, self.weight, reduction=self.reduction)


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
