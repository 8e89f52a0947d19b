# torchvision.models.vgg (torchvision 0.14/0.15): make_layers over the configurations A/B/D/E
# (3 input channels), AdaptiveAvgPool2d((7, 7)), classifier Linear(512 * 7 * 7, 4096) ...
import torch
from torch import nn
from torchvision.ops.misc import _OrderedChildren, _Sequential
from torchvision.models._api import Weights, WeightsEnum
from torchvision.models._utils import _ovewrite_named_param, _weights_arg


class VGG(_OrderedChildren):
    _child_order = ("features", "avgpool", "classifier")

    def __init__(self, features, num_classes=1000, init_weights=True, dropout=0.5):
        nn.Module.__init__(self)
        self.features = features
        self.avgpool = nn.AdaptiveAvgPool2d((7, 7))
        self.classifier = _Sequential(
            nn.Linear(512 * 7 * 7, 4096),
            nn.ReLU(True),
            nn.Dropout(p=dropout),
            nn.Linear(4096, 4096),
            nn.ReLU(True),
            nn.Dropout(p=dropout),
            nn.Linear(4096, num_classes),
        )

    def forward(self, x):
        x = self.features(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x


def make_layers(cfg, batch_norm=False):
    layers = []
    in_channels = 3
    for v in cfg:
        if v == "M":
            layers += [nn.MaxPool2d(kernel_size=2, stride=2)]
        else:
            conv2d = nn.Conv2d(in_channels, v, kernel_size=3, padding=1)
            if batch_norm:
                layers += [conv2d, nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
            else:
                layers += [conv2d, nn.ReLU(inplace=True)]
            in_channels = v
    return _Sequential(*layers)


cfgs = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"],
    "E": [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M", 512, 512, 512, 512, "M"],
}


def _vgg(cfg, batch_norm, weights, progress, kwargs):
    if weights is not None:
        kwargs["init_weights"] = False
        if weights.meta["categories"] is not None:
            _ovewrite_named_param(kwargs, "num_classes", len(weights.meta["categories"]))
    model = VGG(make_layers(cfgs[cfg], batch_norm=batch_norm), **kwargs)
    if weights is not None:
        model.load_state_dict(weights.get_state_dict(progress=progress))
    return model


def _vgg_weights(name):
    return Weights(name + ".IMAGENET1K_V1", min_size=(32, 32))


class VGG11_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG11_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG11_BN_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG11_BN_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG13_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG13_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG13_BN_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG13_BN_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG16_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG16_Weights")
    # features-only weights: categories None, so any num_classes is accepted
    IMAGENET1K_FEATURES = Weights("VGG16_Weights.IMAGENET1K_FEATURES", min_size=(32, 32), categories=None)
    DEFAULT = IMAGENET1K_V1


class VGG16_BN_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG16_BN_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG19_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG19_Weights")
    DEFAULT = IMAGENET1K_V1


class VGG19_BN_Weights(WeightsEnum):
    IMAGENET1K_V1 = _vgg_weights("VGG19_BN_Weights")
    DEFAULT = IMAGENET1K_V1


def vgg11(weights=None, progress=True, **kwargs):
    return _vgg("A", False, _weights_arg(VGG11_Weights, weights, kwargs), progress, kwargs)


def vgg11_bn(weights=None, progress=True, **kwargs):
    return _vgg("A", True, _weights_arg(VGG11_BN_Weights, weights, kwargs), progress, kwargs)


def vgg13(weights=None, progress=True, **kwargs):
    return _vgg("B", False, _weights_arg(VGG13_Weights, weights, kwargs), progress, kwargs)


def vgg13_bn(weights=None, progress=True, **kwargs):
    return _vgg("B", True, _weights_arg(VGG13_BN_Weights, weights, kwargs), progress, kwargs)


def vgg16(weights=None, progress=True, **kwargs):
    return _vgg("D", False, _weights_arg(VGG16_Weights, weights, kwargs), progress, kwargs)


def vgg16_bn(weights=None, progress=True, **kwargs):
    return _vgg("D", True, _weights_arg(VGG16_BN_Weights, weights, kwargs), progress, kwargs)


def vgg19(weights=None, progress=True, **kwargs):
    return _vgg("E", False, _weights_arg(VGG19_Weights, weights, kwargs), progress, kwargs)


def vgg19_bn(weights=None, progress=True, **kwargs):
    return _vgg("E", True, _weights_arg(VGG19_BN_Weights, weights, kwargs), progress, kwargs)
