# torchvision.transforms: image -> tensor conversions and shape-changing transforms.
import builtins as _b
import _tenscan as _t
import torch
from PIL import Image as _Image


def _size_pair(size):
    if _b.isinstance(size, int):
        return (size, size)
    return (size[0], size[1])


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class ToTensor:
    def __call__(self, pic):
        if _b.isinstance(pic, _Image.Image):
            c = _Image._CHANNELS.get(pic.mode, 3)
            return torch.zeros(c, pic.height, pic.width)
        return _t.unmodelled("torchvision.transforms.ToTensor on a non-PIL input")


class PILToTensor(ToTensor):
    pass


class Normalize:
    def __init__(self, mean, std, inplace=False):
        self.mean = mean
        self.std = std

    def __call__(self, tensor):
        c = tensor.shape[0 if tensor.dim() == 3 else 1]
        n = _b.len(self.mean)
        _t.require((n == c) | (n == 1), "shape/broadcast", "Normalize: the mean has ", n,
                   " values but the image tensor ", tensor, " has ", c, " channels")
        return _t.same(tensor)


class Resize:
    def __init__(self, size, interpolation=None, max_size=None, antialias=None):
        self.size = size

    def __call__(self, img):
        if _b.isinstance(img, _Image.Image):
            if _b.isinstance(self.size, int):
                # the shorter edge becomes `size`, the aspect ratio is kept; computed exactly when
                # the image size is known, otherwise both edges are unknown (no branching on them)
                w = _t.const_int(img.width)
                h = _t.const_int(img.height)
                if w is None or h is None:
                    return _Image.Image(img.mode, (_t.symbol("resized width", 1), _t.symbol("resized height", 1)))
                if w <= h:
                    return _Image.Image(img.mode, (self.size, _b.int(self.size * h / w)))
                return _Image.Image(img.mode, (_b.int(self.size * w / h), self.size))
            return _Image.Image(img.mode, (self.size[1], self.size[0]))
        h, w = _size_pair(self.size)
        s = _b.list(img.shape)
        return torch.zeros(*(s[:-2] + [h, w]))


class CenterCrop:
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        h, w = _size_pair(self.size)
        if _b.isinstance(img, _Image.Image):
            return _Image.Image(img.mode, (w, h))
        s = _b.list(img.shape)
        return torch.zeros(*(s[:-2] + [h, w]))


RandomCrop = CenterCrop


class RandomResizedCrop(CenterCrop):
    def __init__(self, size, scale=(0.08, 1.0), ratio=(0.75, 1.3333333333333333), interpolation=None, antialias=None):
        CenterCrop.__init__(self, size)


class _Same:
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, img):
        return img


RandomHorizontalFlip = _Same
RandomVerticalFlip = _Same
RandomRotation = _Same
ColorJitter = _Same
RandomAffine = _Same
GaussianBlur = _Same
RandomErasing = _Same
AutoAugment = _Same


class Grayscale:
    def __init__(self, num_output_channels=1):
        self.n = num_output_channels

    def __call__(self, img):
        return _Image.Image("L" if self.n == 1 else "RGB", img.size)


class Lambda:
    def __init__(self, lambd):
        self.lambd = lambd

    def __call__(self, img):
        return self.lambd(img)


from torchvision.transforms import functional
