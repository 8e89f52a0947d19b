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
