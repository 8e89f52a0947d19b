# torchvision.models.vision_transformer (torchvision 0.14/0.15): conv patch embedding
# (Conv2d(3, hidden_dim, patch_size, stride=patch_size)), class token, learned position
# embedding of (image_size // patch_size) ** 2 + 1 tokens, pre-norm encoder blocks, heads with
# `heads.head` replaceable. The input must be exactly image_size x image_size (the real model
# asserts "Wrong image height! Expected 224 but got 32!").
import builtins as _b
import _tenscan as _t
import torch
from torch import nn
from torchvision.ops.misc import MLP, _OrderedChildren, _Sequential
from torchvision.models._api import Weights, WeightsEnum
from torchvision.models._utils import _ovewrite_named_param, _weights_arg


class MLPBlock(MLP):
    def __init__(self, in_dim, mlp_dim, dropout):
        MLP.__init__(self, in_dim, [mlp_dim, in_dim], activation_layer=nn.GELU, inplace=None, dropout=dropout)


def _layer_norm(hidden_dim):
    return nn.LayerNorm(hidden_dim, eps=1e-6)


class EncoderBlock(_OrderedChildren):
    _child_order = ("ln_1", "self_attention", "dropout", "ln_2", "mlp")

    def __init__(self, num_heads, hidden_dim, mlp_dim, dropout, attention_dropout, norm_layer=_layer_norm):
        nn.Module.__init__(self)
        self.num_heads = num_heads
        self.ln_1 = norm_layer(hidden_dim)
        self.self_attention = nn.MultiheadAttention(hidden_dim, num_heads, dropout=attention_dropout, batch_first=True)
        self.dropout = nn.Dropout(dropout)
        self.ln_2 = norm_layer(hidden_dim)
        self.mlp = MLPBlock(hidden_dim, mlp_dim, dropout)

    def forward(self, input):
        if not _t.require(input.dim() == 3, "shape/rank", "Expected (batch_size, seq_length, hidden_dim) got ", input):
            return _t.unranked(input)
        x = self.ln_1(input)
        x, _ = self.self_attention(query=x, key=x, value=x, need_weights=False)
        x = self.dropout(x)
        x = x + input
        y = self.ln_2(x)
        y = self.mlp(y)
        return x + y


class Encoder(_OrderedChildren):
    _child_order = ("dropout", "layers", "ln")

    def __init__(self, seq_length, num_layers, num_heads, hidden_dim, mlp_dim, dropout, attention_dropout,
                 norm_layer=_layer_norm):
        nn.Module.__init__(self)
        self.pos_embedding = nn.Parameter(torch.empty(1, seq_length, hidden_dim))
        self.dropout = nn.Dropout(dropout)
        layers = {}
        for i in range(num_layers):
            layers["encoder_layer_" + _b.str(i)] = EncoderBlock(num_heads, hidden_dim, mlp_dim, dropout,
                                                                 attention_dropout, norm_layer)
        self.layers = _Sequential(layers)
        self.ln = norm_layer(hidden_dim)

    def forward(self, input):
        if not _t.require(input.dim() == 3, "shape/rank", "Expected (batch_size, seq_length, hidden_dim) got ", input):
            return _t.unranked(input)
        input = input + self.pos_embedding
        return self.ln(self.layers(self.dropout(input)))


class VisionTransformer(_OrderedChildren):
    _child_order = ("conv_proj", "encoder", "heads")

    def __init__(self, image_size, patch_size, num_layers, num_heads, hidden_dim, mlp_dim, dropout=0.0,
                 attention_dropout=0.0, num_classes=1000, representation_size=None, norm_layer=_layer_norm,
                 conv_stem_configs=None):
        nn.Module.__init__(self)
        _t.require(image_size % patch_size == 0, "hparam/invalid-value", "Input shape indivisible by patch size! ",
                   "(image_size=", image_size, ", patch_size=", patch_size, ")")
        self.image_size = image_size
        self.patch_size = patch_size
        self.hidden_dim = hidden_dim
        self.mlp_dim = mlp_dim
        self.attention_dropout = attention_dropout
        self.dropout = dropout
        self.num_classes = num_classes
        self.representation_size = representation_size
        self.norm_layer = norm_layer
        self.conv_proj = nn.Conv2d(in_channels=3, out_channels=hidden_dim, kernel_size=patch_size, stride=patch_size)
        seq_length = (image_size // patch_size) ** 2
        self.class_token = nn.Parameter(torch.zeros(1, 1, hidden_dim))
        seq_length += 1
        self.encoder = Encoder(seq_length, num_layers, num_heads, hidden_dim, mlp_dim, dropout, attention_dropout,
                               norm_layer)
        self.seq_length = seq_length
        if representation_size is None:
            heads_layers = {"head": nn.Linear(hidden_dim, num_classes)}
        else:
            heads_layers = {"pre_logits": nn.Linear(hidden_dim, representation_size), "act": nn.Tanh(),
                            "head": nn.Linear(representation_size, num_classes)}
        self.heads = _Sequential(heads_layers)

    def _process_input(self, x):
        if not _t.require(x.dim() == 4, "shape/rank", "VisionTransformer expects a batch of images (N, C, H, W), but got ",
                          x):
            return None
        n, c, h, w = x.shape
        p = self.patch_size
        fix = " (the model was built for image_size=" + _b.str(self.image_size) + \
              ": resize the images, e.g. transforms.Resize((" + _b.str(self.image_size) + ", " + \
              _b.str(self.image_size) + ")), or build the model with image_size=...)"
        if not _t.require(h == self.image_size, "shape/size-mismatch", "Wrong image height! Expected ", self.image_size,
                          " but got ", h, "!", fix):
            return None
        if not _t.require(w == self.image_size, "shape/size-mismatch", "Wrong image width! Expected ", self.image_size,
                          " but got ", w, "!", fix):
            return None
        n_h = h // p
        n_w = w // p
        x = self.conv_proj(x)
        x = x.reshape(n, self.hidden_dim, n_h * n_w)
        x = x.permute(0, 2, 1)
        return x

    def forward(self, x):
        y = self._process_input(x)
        if y is None:
            return _t.unranked(x)
        x = y
        n = x.shape[0]
        batch_class_token = self.class_token.expand(n, -1, -1)
        x = torch.cat([batch_class_token, x], dim=1)
        x = self.encoder(x)
        x = x[:, 0]
        x = self.heads(x)
        return x


def _vision_transformer(patch_size, num_layers, num_heads, hidden_dim, mlp_dim, weights, progress, kwargs):
    if weights is not None:
        _ovewrite_named_param(kwargs, "num_classes", len(weights.meta["categories"]))
        _ovewrite_named_param(kwargs, "image_size", weights.meta["min_size"][0])
    image_size = kwargs.pop("image_size", 224)
    model = VisionTransformer(image_size=image_size, patch_size=patch_size, num_layers=num_layers, num_heads=num_heads,
                              hidden_dim=hidden_dim, mlp_dim=mlp_dim, **kwargs)
    if weights is not None:
        model.load_state_dict(weights.get_state_dict(progress=progress))
    return model


class ViT_B_16_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights("ViT_B_16_Weights.IMAGENET1K_V1", min_size=(224, 224), num_params=86567656)
    IMAGENET1K_SWAG_E2E_V1 = Weights("ViT_B_16_Weights.IMAGENET1K_SWAG_E2E_V1", crop_size=384, resize_size=384,
                                     min_size=(384, 384), num_params=86859496)
    IMAGENET1K_SWAG_LINEAR_V1 = Weights("ViT_B_16_Weights.IMAGENET1K_SWAG_LINEAR_V1", crop_size=224, resize_size=224,
                                        min_size=(224, 224), num_params=86567656)
    DEFAULT = IMAGENET1K_V1


def vit_b_16(weights=None, progress=True, **kwargs):
    return _vision_transformer(16, 12, 12, 768, 3072, _weights_arg(ViT_B_16_Weights, weights, kwargs), progress, kwargs)
