# torchvision.ops.misc (torchvision 0.14/0.15): ConvNormActivation blocks and MLP, built from the
# modelled torch.nn layers exactly as the real ones are.
import builtins as _b
import torch
from torch import nn


class _Sequential(nn.Sequential):
    """nn.Sequential keyed by child name, as torch.nn.Module._modules is: the torchvision models
    build their containers with it so that a fine-tuning script can replace a child by index
    (`model.classifier[1] = nn.Linear(...)`) or by name (`model.heads.head = nn.Linear(...)`),
    and forward() calls whatever module is there now."""

    def __init__(self, *args):
        nn.Module.__init__(self)
        if _b.len(args) == 1 and _b.isinstance(args[0], dict):
            items = _b.list(args[0].items())
        else:
            items = [(_b.str(i), m) for i, m in _b.enumerate(args)]
        self._names = [k for k, _ in items]
        for k, m in items:
            _b.setattr(self, k, m)

    def forward(self, input):
        for name in self._names:
            input = _b.getattr(self, name)(input)
        return input

    def _layer_list(self):
        return [_b.getattr(self, name) for name in self._names]

    def __getitem__(self, idx):
        if _b.isinstance(idx, slice):
            return _Sequential(*self._layer_list()[idx])
        return _b.getattr(self, self._names[idx])

    def __setitem__(self, idx, module):
        _b.setattr(self, self._names[idx], module)

    def __len__(self):
        return _b.len(self._names)

    def __iter__(self):
        return _b.iter(self._layer_list())

    def append(self, module):
        self.add_module(_b.str(_b.len(self._names)), module)
        return self

    def add_module(self, name, module):
        if name not in self._names:
            self._names.append(name)
        _b.setattr(self, name, module)

    def children(self):
        return self._layer_list()

    def named_children(self):
        return [(name, _b.getattr(self, name)) for name in self._names]

    def parameters(self, recurse=True):
        out = []
        for m in self._layer_list():
            out.extend(m.parameters())
        return _b.iter(out)  # a generator in PyTorch: next() works


class _OrderedChildren(nn.Module):
    """children() / named_children() in registration order, as torch.nn.Module._modules keeps
    them (the analyzer's instance dicts are not insertion-ordered): `_child_order` lists the
    constructor's assignment order, so `nn.Sequential(*list(model.children())[:-1])` gives the
    real feature extractor. Children not in the list (added later by a script) come last."""
    _child_order = ()

    def named_children(self):
        out = []
        for name in self._child_order:
            m = _b.getattr(self, name, None)
            if _b.isinstance(m, nn.Module):
                out.append((name, m))
        for name, m in nn.Module._children(self):
            if name not in self._child_order:
                out.append((name, m))
        return out

    def children(self):
        return [m for _, m in self.named_children()]


class ConvNormActivation(_Sequential):
    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None, groups=1,
                 norm_layer=nn.BatchNorm2d, activation_layer=nn.ReLU, dilation=1, inplace=True, bias=None,
                 conv_layer=nn.Conv2d):
        if padding is None:
            if _b.isinstance(kernel_size, int) and _b.isinstance(dilation, int):
                padding = (kernel_size - 1) // 2 * dilation
            else:
                n = _b.len(kernel_size) if not _b.isinstance(kernel_size, int) else _b.len(dilation)
                ks = kernel_size if not _b.isinstance(kernel_size, int) else [kernel_size] * n
                dl = dilation if not _b.isinstance(dilation, int) else [dilation] * n
                padding = _b.tuple([(ks[i] - 1) // 2 * dl[i] for i in range(n)])
        if bias is None:
            bias = norm_layer is None
        layers = [conv_layer(in_channels, out_channels, kernel_size, stride, padding, dilation=dilation, groups=groups,
                             bias=bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            if inplace is None:
                layers.append(activation_layer())
            else:
                layers.append(activation_layer(inplace=inplace))
        _Sequential.__init__(self, *layers)
        self.out_channels = out_channels


class Conv2dNormActivation(ConvNormActivation):
    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None, groups=1,
                 norm_layer=nn.BatchNorm2d, activation_layer=nn.ReLU, dilation=1, inplace=True, bias=None):
        ConvNormActivation.__init__(self, in_channels, out_channels, kernel_size, stride, padding, groups, norm_layer,
                                    activation_layer, dilation, inplace, bias, nn.Conv2d)


class MLP(_Sequential):
    def __init__(self, in_channels, hidden_channels, norm_layer=None, activation_layer=nn.ReLU, inplace=None, bias=True,
                 dropout=0.0):
        layers = []
        in_dim = in_channels
        for hidden_dim in hidden_channels[:-1]:
            layers.append(nn.Linear(in_dim, hidden_dim, bias=bias))
            if norm_layer is not None:
                layers.append(norm_layer(hidden_dim))
            if inplace is None:
                layers.append(activation_layer())
            else:
                layers.append(activation_layer(inplace=inplace))
            layers.append(nn.Dropout(dropout))
            in_dim = hidden_dim
        layers.append(nn.Linear(in_dim, hidden_channels[-1], bias=bias))
        layers.append(nn.Dropout(dropout))
        _Sequential.__init__(self, *layers)
