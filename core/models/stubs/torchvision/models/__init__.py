# torchvision.models: the classification architectures, built from the modelled torch.nn
# layers as torchvision 0.14/0.15 builds them (resnet, vgg, alexnet, mobilenet_v2, vit_b_16).
from torchvision.models import _api
from torchvision.models import _utils
from torchvision.models import resnet
from torchvision.models import vgg
from torchvision.models import mobilenetv2
from torchvision.models import vision_transformer
from torchvision.models._api import Weights, WeightsEnum, get_weight, get_model_weights
from torchvision.models.resnet import (ResNet, BasicBlock, Bottleneck, ResNet18_Weights, ResNet34_Weights,
                                       ResNet50_Weights, ResNet101_Weights, ResNet152_Weights, resnet18, resnet34,
                                       resnet50, resnet101, resnet152)
from torchvision.models.vgg import (VGG, VGG11_Weights, VGG11_BN_Weights, VGG13_Weights, VGG13_BN_Weights,
                                    VGG16_Weights, VGG16_BN_Weights, VGG19_Weights, VGG19_BN_Weights, vgg11, vgg11_bn,
                                    vgg13, vgg13_bn, vgg16, vgg16_bn, vgg19, vgg19_bn)
from torchvision.models.alexnet import AlexNet, AlexNet_Weights, alexnet
from torchvision.models.mobilenetv2 import MobileNetV2, MobileNet_V2_Weights, mobilenet_v2
from torchvision.models.vision_transformer import VisionTransformer, ViT_B_16_Weights, vit_b_16
import _tenscan as _t


# The other classification builders of torchvision 0.14: not modelled yet (calling one records
# it as an unmodelled API and gives an unknown model), but present, so that a script that picks
# its architecture by name (`models.__dict__[args.arch]`, `choices=model_names`) accepts every
# name the real package has.
def _unmodelled_builder(name):
    def builder(*args, **kwargs):
        return _t.unmodelled("torchvision.models." + name)
    return builder


convnext_tiny = _unmodelled_builder("convnext_tiny")
convnext_small = _unmodelled_builder("convnext_small")
convnext_base = _unmodelled_builder("convnext_base")
convnext_large = _unmodelled_builder("convnext_large")
densenet121 = _unmodelled_builder("densenet121")
densenet161 = _unmodelled_builder("densenet161")
densenet169 = _unmodelled_builder("densenet169")
densenet201 = _unmodelled_builder("densenet201")
efficientnet_b0 = _unmodelled_builder("efficientnet_b0")
efficientnet_b1 = _unmodelled_builder("efficientnet_b1")
efficientnet_b2 = _unmodelled_builder("efficientnet_b2")
efficientnet_b3 = _unmodelled_builder("efficientnet_b3")
efficientnet_b4 = _unmodelled_builder("efficientnet_b4")
efficientnet_b5 = _unmodelled_builder("efficientnet_b5")
efficientnet_b6 = _unmodelled_builder("efficientnet_b6")
efficientnet_b7 = _unmodelled_builder("efficientnet_b7")
efficientnet_v2_s = _unmodelled_builder("efficientnet_v2_s")
efficientnet_v2_m = _unmodelled_builder("efficientnet_v2_m")
efficientnet_v2_l = _unmodelled_builder("efficientnet_v2_l")
googlenet = _unmodelled_builder("googlenet")
inception_v3 = _unmodelled_builder("inception_v3")
maxvit_t = _unmodelled_builder("maxvit_t")
mnasnet0_5 = _unmodelled_builder("mnasnet0_5")
mnasnet0_75 = _unmodelled_builder("mnasnet0_75")
mnasnet1_0 = _unmodelled_builder("mnasnet1_0")
mnasnet1_3 = _unmodelled_builder("mnasnet1_3")
mobilenet_v3_large = _unmodelled_builder("mobilenet_v3_large")
mobilenet_v3_small = _unmodelled_builder("mobilenet_v3_small")
regnet_x_400mf = _unmodelled_builder("regnet_x_400mf")
regnet_x_800mf = _unmodelled_builder("regnet_x_800mf")
regnet_x_1_6gf = _unmodelled_builder("regnet_x_1_6gf")
regnet_x_3_2gf = _unmodelled_builder("regnet_x_3_2gf")
regnet_x_8gf = _unmodelled_builder("regnet_x_8gf")
regnet_x_16gf = _unmodelled_builder("regnet_x_16gf")
regnet_x_32gf = _unmodelled_builder("regnet_x_32gf")
regnet_y_400mf = _unmodelled_builder("regnet_y_400mf")
regnet_y_800mf = _unmodelled_builder("regnet_y_800mf")
regnet_y_1_6gf = _unmodelled_builder("regnet_y_1_6gf")
regnet_y_3_2gf = _unmodelled_builder("regnet_y_3_2gf")
regnet_y_8gf = _unmodelled_builder("regnet_y_8gf")
regnet_y_16gf = _unmodelled_builder("regnet_y_16gf")
regnet_y_32gf = _unmodelled_builder("regnet_y_32gf")
regnet_y_128gf = _unmodelled_builder("regnet_y_128gf")
resnext50_32x4d = _unmodelled_builder("resnext50_32x4d")
resnext101_32x8d = _unmodelled_builder("resnext101_32x8d")
resnext101_64x4d = _unmodelled_builder("resnext101_64x4d")
wide_resnet50_2 = _unmodelled_builder("wide_resnet50_2")
wide_resnet101_2 = _unmodelled_builder("wide_resnet101_2")
shufflenet_v2_x0_5 = _unmodelled_builder("shufflenet_v2_x0_5")
shufflenet_v2_x1_0 = _unmodelled_builder("shufflenet_v2_x1_0")
shufflenet_v2_x1_5 = _unmodelled_builder("shufflenet_v2_x1_5")
shufflenet_v2_x2_0 = _unmodelled_builder("shufflenet_v2_x2_0")
squeezenet1_0 = _unmodelled_builder("squeezenet1_0")
squeezenet1_1 = _unmodelled_builder("squeezenet1_1")
swin_t = _unmodelled_builder("swin_t")
swin_s = _unmodelled_builder("swin_s")
swin_b = _unmodelled_builder("swin_b")
swin_v2_t = _unmodelled_builder("swin_v2_t")
swin_v2_s = _unmodelled_builder("swin_v2_s")
swin_v2_b = _unmodelled_builder("swin_v2_b")
vit_b_32 = _unmodelled_builder("vit_b_32")
vit_l_16 = _unmodelled_builder("vit_l_16")
vit_l_32 = _unmodelled_builder("vit_l_32")
vit_h_14 = _unmodelled_builder("vit_h_14")
del _unmodelled_builder

_CLASSIFICATION = ["alexnet", "convnext_base", "convnext_large", "convnext_small", "convnext_tiny", "densenet121",
                   "densenet161", "densenet169", "densenet201", "efficientnet_b0", "efficientnet_b1",
                   "efficientnet_b2", "efficientnet_b3", "efficientnet_b4", "efficientnet_b5", "efficientnet_b6",
                   "efficientnet_b7", "efficientnet_v2_l", "efficientnet_v2_m", "efficientnet_v2_s", "googlenet",
                   "inception_v3", "maxvit_t", "mnasnet0_5", "mnasnet0_75", "mnasnet1_0", "mnasnet1_3",
                   "mobilenet_v2", "mobilenet_v3_large", "mobilenet_v3_small", "regnet_x_16gf", "regnet_x_1_6gf",
                   "regnet_x_32gf", "regnet_x_3_2gf", "regnet_x_400mf", "regnet_x_800mf", "regnet_x_8gf",
                   "regnet_y_128gf", "regnet_y_16gf", "regnet_y_1_6gf", "regnet_y_32gf", "regnet_y_3_2gf",
                   "regnet_y_400mf", "regnet_y_800mf", "regnet_y_8gf", "resnet101", "resnet152", "resnet18",
                   "resnet34", "resnet50", "resnext101_32x8d", "resnext101_64x4d", "resnext50_32x4d",
                   "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0",
                   "squeezenet1_0", "squeezenet1_1", "swin_b", "swin_s", "swin_t", "swin_v2_b", "swin_v2_s",
                   "swin_v2_t", "vgg11", "vgg11_bn", "vgg13", "vgg13_bn", "vgg16", "vgg16_bn", "vgg19", "vgg19_bn",
                   "vit_b_16", "vit_b_32", "vit_h_14", "vit_l_16", "vit_l_32", "wide_resnet101_2",
                   "wide_resnet50_2"]


def list_models(module=None):
    # the classification models (torchvision.models itself); the detection, segmentation,
    # video and quantization packages are not modelled
    if module is not None and getattr(module, "__name__", "") != "torchvision.models":
        return []
    return list(_CLASSIFICATION)


def get_model_builder(name):
    name = name.lower()
    if name not in _CLASSIFICATION:
        raise ValueError("Unknown model " + name)
    return globals()[name]


def get_model(name, **config):
    return get_model_builder(name)(**config)

