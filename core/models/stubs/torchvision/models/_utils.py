# torchvision.models._utils: the builder helpers shared by every architecture.
import builtins as _b
import _tenscan as _t


def _ovewrite_named_param(kwargs, param, new_value):
    # torchvision raises ValueError("The parameter 'num_classes' expected value 1000 but got 10
    # instead.") when pretrained weights and a different head size are both asked for; after a
    # reported failure the model is built with the caller's value (no follow-on findings).
    if param in kwargs:
        _t.require(kwargs[param] == new_value, "hparam/invalid-value", "The parameter '", param, "' expected value ",
                   new_value, " but got ", kwargs[param], " instead: the pretrained weights fix ", param, " to ",
                   new_value, ". Build the model without '", param, "' and replace the last layer afterwards (e.g. ",
                   "model.fc = nn.Linear(model.fc.in_features, n)), or pass weights=None to train from scratch")
    else:
        kwargs[param] = new_value


def _weights_arg(weights_enum, weights, kwargs):
    """handle_legacy_interface + WeightsEnum.verify: `pretrained=True` (keyword or positional)
    selects the legacy default IMAGENET1K_V1, `pretrained=False` none; strings are looked up."""
    legacy = kwargs.pop("pretrained", None)
    if _b.isinstance(weights, bool):
        legacy = weights
        weights = None
    if weights is None and legacy:
        weights = weights_enum.IMAGENET1K_V1
    return weights_enum.verify(weights)


def _make_divisible(v, divisor, min_value=None):
    if min_value is None:
        min_value = divisor
    new_v = _b.max(min_value, _b.int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v
