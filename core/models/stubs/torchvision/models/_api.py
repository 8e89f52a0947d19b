# torchvision.models._api: pretrained-weight descriptors. A `Weights` value carries what the
# model builders and training scripts read (meta["categories"], meta["min_size"], transforms());
# the state dict itself is never loaded.
import builtins as _b
import _tenscan as _t


class _Categories:
    """meta["categories"]: the class names; only the count matters for shapes."""

    def __init__(self, n):
        self._n = n

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        return "category"

    def __iter__(self):
        return _b.iter(["category"] * self._n)


_IMAGENET_CATEGORIES = _Categories(1000)


class Weights:
    def __init__(self, name, crop_size=224, resize_size=256, min_size=(1, 1), categories=_IMAGENET_CATEGORIES,
                 num_params=0):
        self.name = name
        self.url = "https://download.pytorch.org/models/" + name
        self._crop_size = crop_size
        self._resize_size = resize_size
        self.meta = {"categories": categories, "min_size": min_size, "num_params": num_params}

    def transforms(self, *args, **kwargs):
        from torchvision.transforms._presets import ImageClassification
        return ImageClassification(crop_size=self._crop_size, resize_size=self._resize_size)

    def get_state_dict(self, progress=True, *args, **kwargs):
        return {}

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name


class WeightsEnum:
    @classmethod
    def verify(cls, obj):
        if obj is None or _b.isinstance(obj, Weights):
            return obj
        if _b.isinstance(obj, str):
            key = obj.replace(cls.__name__ + ".", "")
            if not _t.require(_b.hasattr(cls, key), "hparam/invalid-value", "Failed to find Weights '", obj, "' in ",
                              cls.__name__, " (use e.g. '", cls.__name__, ".DEFAULT')"):
                return None
            return _b.getattr(cls, key)
        return obj


def get_weight(name):
    return None


def get_model_weights(name):
    return WeightsEnum
