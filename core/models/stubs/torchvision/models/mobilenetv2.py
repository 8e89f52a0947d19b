# torchvision.models.mobilenetv2 (torchvision 0.14/0.15): inverted residual blocks (expand 1x1,
# depthwise 3x3, project 1x1; residual when stride 1 and inp == oup), features ending in
# last_channel = 1280, classifier = Sequential(Dropout, Linear(last_channel, num_classes)).
import builtins as _b
import torch
from torch import nn
from torchvision.ops.misc import Conv2dNormActivation, _OrderedChildren, _Sequential
from torchvision.models._api import Weights, WeightsEnum
from torchvision.models._utils import _make_divisible, _ovewrite_named_param, _weights_arg


class InvertedResidual(nn.Module):
    def __init__(self, inp, oup, stride, expand_ratio, norm_layer=None):
        nn.Module.__init__(self)
        self.stride = stride
        if stride not in [1, 2]:
            raise ValueError("stride should be 1 or 2 insted of " + _b.str(stride))
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        hidden_dim = _b.int(_b.round(inp * expand_ratio))
        self.use_res_connect = self.stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(Conv2dNormActivation(inp, hidden_dim, kernel_size=1, norm_layer=norm_layer,
                                               activation_layer=nn.ReLU6))
        layers.extend([
            Conv2dNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim, norm_layer=norm_layer,
                                 activation_layer=nn.ReLU6),
            nn.Conv2d(hidden_dim, oup, 1, 1, 0, bias=False),
            norm_layer(oup),
        ])
        self.conv = _Sequential(*layers)
        self.out_channels = oup
        self._is_cn = stride > 1

    def forward(self, x):
        if self.use_res_connect:
            return x + self.conv(x)
        return self.conv(x)


class MobileNetV2(_OrderedChildren):
    _child_order = ("features", "classifier")

    def __init__(self, num_classes=1000, width_mult=1.0, inverted_residual_setting=None, round_nearest=8, block=None,
                 norm_layer=None, dropout=0.2):
        nn.Module.__init__(self)
        if block is None:
            block = InvertedResidual
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        input_channel = 32
        last_channel = 1280
        if inverted_residual_setting is None:
            inverted_residual_setting = [
                [1, 16, 1, 1],
                [6, 24, 2, 2],
                [6, 32, 3, 2],
                [6, 64, 4, 2],
                [6, 96, 3, 1],
                [6, 160, 3, 2],
                [6, 320, 1, 1],
            ]
        if _b.len(inverted_residual_setting) == 0 or _b.len(inverted_residual_setting[0]) != 4:
            raise ValueError("inverted_residual_setting should be non-empty or a 4-element list")
        input_channel = _make_divisible(input_channel * width_mult, round_nearest)
        self.last_channel = _make_divisible(last_channel * _b.max(1.0, width_mult), round_nearest)
        features = [Conv2dNormActivation(3, input_channel, stride=2, norm_layer=norm_layer, activation_layer=nn.ReLU6)]
        for t, c, n, s in inverted_residual_setting:
            output_channel = _make_divisible(c * width_mult, round_nearest)
            for i in range(n):
                stride = s if i == 0 else 1
                features.append(block(input_channel, output_channel, stride, expand_ratio=t, norm_layer=norm_layer))
                input_channel = output_channel
        features.append(Conv2dNormActivation(input_channel, self.last_channel, kernel_size=1, norm_layer=norm_layer,
                                             activation_layer=nn.ReLU6))
        self.features = _Sequential(*features)
        self.classifier = _Sequential(
            nn.Dropout(p=dropout),
            nn.Linear(self.last_channel, num_classes),
        )

    def _forward_impl(self, x):
        x = self.features(x)
        x = nn.functional.adaptive_avg_pool2d(x, (1, 1))
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x

    def forward(self, x):
        return self._forward_impl(x)


class MobileNet_V2_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("MobileNet_V2_Weights.IMAGENET1K_V1", num_params=3504872)
    IMAGENET1K_V2 = Weights("MobileNet_V2_Weights.IMAGENET1K_V2", resize_size=232, num_params=3504872)
    DEFAULT = IMAGENET1K_V2


def mobilenet_v2(weights=None, progress=True, **kwargs):
    weights = _weights_arg(MobileNet_V2_Weights, weights, kwargs)
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", len(weights.meta["categories"]))
    model = MobileNetV2(**kwargs)
    if weights is not None:
        model.load_state_dict(weights.get_state_dict(progress=progress))
    return model
