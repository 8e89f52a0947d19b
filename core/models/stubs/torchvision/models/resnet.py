# torchvision.models.resnet (torchvision 0.14/0.15): BasicBlock / Bottleneck (V1.5: stride on the
# 3x3 conv), _make_layer with a 1x1 projection shortcut, conv1 fixed at 3 input channels, `fc`
# a plain attribute (replaceable). Weight initialisation is omitted (no effect on shapes).
import torch
from torch import nn
from torchvision.ops.misc import _OrderedChildren, _Sequential
from torchvision.models._api import Weights, WeightsEnum
from torchvision.models._utils import _ovewrite_named_param, _weights_arg


def conv3x3(in_planes, out_planes, stride=1, groups=1, dilation=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=dilation, groups=groups, bias=False,
                     dilation=dilation)


def conv1x1(in_planes, out_planes, stride=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=1, stride=stride, bias=False)


class BasicBlock(_OrderedChildren):
    expansion = 1
    _child_order = ("conv1", "bn1", "relu", "conv2", "bn2", "downsample")

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64, dilation=1, norm_layer=None):
        nn.Module.__init__(self)
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        if groups != 1 or base_width != 64:
            raise ValueError("BasicBlock only supports groups=1 and base_width=64")
        if dilation > 1:
            raise NotImplementedError("Dilation > 1 not supported in BasicBlock")
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x
        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)
        out = self.conv2(out)
        out = self.bn2(out)
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        out = self.relu(out)
        return out


class Bottleneck(_OrderedChildren):
    expansion = 4
    _child_order = ("conv1", "bn1", "conv2", "bn2", "conv3", "bn3", "relu", "downsample")

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64, dilation=1, norm_layer=None):
        nn.Module.__init__(self)
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1 = conv1x1(inplanes, width)
        self.bn1 = norm_layer(width)
        self.conv2 = conv3x3(width, width, stride, groups, dilation)
        self.bn2 = norm_layer(width)
        self.conv3 = conv1x1(width, planes * self.expansion)
        self.bn3 = norm_layer(planes * self.expansion)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x
        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)
        out = self.conv2(out)
        out = self.bn2(out)
        out = self.relu(out)
        out = self.conv3(out)
        out = self.bn3(out)
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        out = self.relu(out)
        return out


class ResNet(_OrderedChildren):
    _child_order = ("conv1", "bn1", "relu", "maxpool", "layer1", "layer2", "layer3", "layer4", "avgpool", "fc")

    def __init__(self, block, layers, num_classes=1000, zero_init_residual=False, groups=1, width_per_group=64,
                 replace_stride_with_dilation=None, norm_layer=None):
        nn.Module.__init__(self)
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self._norm_layer = norm_layer
        self.inplanes = 64
        self.dilation = 1
        if replace_stride_with_dilation is None:
            replace_stride_with_dilation = [False, False, False]
        if len(replace_stride_with_dilation) != 3:
            raise ValueError("replace_stride_with_dilation should be None or a 3-element tuple")
        self.groups = groups
        self.base_width = width_per_group
        self.conv1 = nn.Conv2d(3, self.inplanes, kernel_size=7, stride=2, padding=3, bias=False)
        self.bn1 = norm_layer(self.inplanes)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2, dilate=replace_stride_with_dilation[0])
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2, dilate=replace_stride_with_dilation[1])
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2, dilate=replace_stride_with_dilation[2])
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(512 * block.expansion, num_classes)

    def _make_layer(self, block, planes, blocks, stride=1, dilate=False):
        norm_layer = self._norm_layer
        downsample = None
        previous_dilation = self.dilation
        if dilate:
            self.dilation *= stride
            stride = 1
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = _Sequential(conv1x1(self.inplanes, planes * block.expansion, stride),
                                     norm_layer(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample, self.groups, self.base_width, previous_dilation,
                        norm_layer)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(block(self.inplanes, planes, groups=self.groups, base_width=self.base_width,
                                dilation=self.dilation, norm_layer=norm_layer))
        return _Sequential(*layers)

    def _forward_impl(self, x):
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)
        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.layer4(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.fc(x)
        return x

    def forward(self, x):
        return self._forward_impl(x)


def _resnet(block, layers, weights, progress, kwargs):
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", len(weights.meta["categories"]))
    model = ResNet(block, layers, **kwargs)
    if weights is not None:
        model.load_state_dict(weights.get_state_dict(progress=progress))
    return model


class ResNet18_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ResNet18_Weights.IMAGENET1K_V1", num_params=11689512)
    DEFAULT = IMAGENET1K_V1


class ResNet34_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ResNet34_Weights.IMAGENET1K_V1", num_params=21797672)
    DEFAULT = IMAGENET1K_V1


class ResNet50_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ResNet50_Weights.IMAGENET1K_V1", num_params=25557032)
    IMAGENET1K_V2 = Weights("ResNet50_Weights.IMAGENET1K_V2", resize_size=232, num_params=25557032)
    DEFAULT = IMAGENET1K_V2


class ResNet101_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ResNet101_Weights.IMAGENET1K_V1", num_params=44549160)
    IMAGENET1K_V2 = Weights("ResNet101_Weights.IMAGENET1K_V2", resize_size=232, num_params=44549160)
    DEFAULT = IMAGENET1K_V2


class ResNet152_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ResNet152_Weights.IMAGENET1K_V1", num_params=60192808)
    IMAGENET1K_V2 = Weights("ResNet152_Weights.IMAGENET1K_V2", resize_size=232, num_params=60192808)
    DEFAULT = IMAGENET1K_V2


# the public builders: block type and blocks per stage, as in torchvision
def resnet18(weights=None, progress=True, **kwargs):
    return _resnet(BasicBlock, [2, 2, 2, 2], _weights_arg(ResNet18_Weights, weights, kwargs), progress, kwargs)


def resnet34(weights=None, progress=True, **kwargs):
    return _resnet(BasicBlock, [3, 4, 6, 3], _weights_arg(ResNet34_Weights, weights, kwargs), progress, kwargs)


def resnet50(weights=None, progress=True, **kwargs):
    return _resnet(Bottleneck, [3, 4, 6, 3], _weights_arg(ResNet50_Weights, weights, kwargs), progress, kwargs)


def resnet101(weights=None, progress=True, **kwargs):
    return _resnet(Bottleneck, [3, 4, 23, 3], _weights_arg(ResNet101_Weights, weights, kwargs), progress, kwargs)


def resnet152(weights=None, progress=True, **kwargs):
    return _resnet(Bottleneck, [3, 8, 36, 3], _weights_arg(ResNet152_Weights, weights, kwargs), progress, kwargs)
