# torchvision.transforms (torchvision 0.14): the transform classes with the checks their
# constructors and forward passes make and the image modes/sizes they produce. The work is in
# transforms/functional.py; PIL images are the PIL.Image stub (channels and (width, height)).
import builtins as _b
import _tenscan as _t
import torch
from PIL import Image as _Image
from torchvision.transforms import functional
from torchvision.transforms import functional as _F
from torchvision.transforms.functional import InterpolationMode


def _is_number(x):
    return _b.isinstance(x, int) or _b.isinstance(x, float)


def _is_seq(x):
    return _b.isinstance(x, list) or _b.isinstance(x, tuple)


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, img):
        for t in self.transforms:
            img = t(img)
        return img


class ToTensor:
    def __call__(self, pic):
        return _F.to_tensor(pic)


class PILToTensor:
    def __call__(self, pic):
        return _F.pil_to_tensor(pic)


class ToPILImage:
    def __init__(self, mode=None):
        self.mode = mode

    def __call__(self, pic):
        return _F.to_pil_image(pic, self.mode)


class ConvertImageDtype:
    def __init__(self, dtype):
        self.dtype = dtype

    def __call__(self, image):
        return _F.convert_image_dtype(image, self.dtype)


class Normalize:
    def __init__(self, mean, std, inplace=False):
        self.mean = mean
        self.std = std
        self.inplace = inplace

    def __call__(self, tensor):
        return _F.normalize(tensor, self.mean, self.std, self.inplace)


class Resize:
    def __init__(self, size, interpolation=InterpolationMode.BILINEAR, max_size=None, antialias=None):
        _F._check_resize_size(size, "Resize")
        self.size = size
        self.max_size = max_size

    def __call__(self, img):
        return _F.resize(img, self.size, None, self.max_size)


Scale = Resize


class CenterCrop:
    def __init__(self, size):
        self.size = _F._setup_size(size, "CenterCrop")

    def __call__(self, img):
        if self.size is None:
            return img
        return _F.center_crop(img, self.size)


class RandomCrop:
    def __init__(self, size, padding=None, pad_if_needed=False, fill=0, padding_mode="constant"):
        self.size = _F._setup_size(size, "RandomCrop")
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.padding_mode = padding_mode

    def __call__(self, img):
        if self.size is None:
            return img
        if self.padding is not None:
            img = _F.pad(img, self.padding, 0, self.padding_mode)
        th, tw = self.size
        c, h, w = _F.get_dimensions(img)
        if self.pad_if_needed:
            return _F._with_hw(img, th, tw)
        _t.require((h >= th) & (w >= tw), "shape/size-mismatch", "RandomCrop: Required crop size (", th, ", ", tw,
                   ") is larger than input image size (", h, ", ", w, ")")
        return _F._with_hw(img, th, tw)


class RandomResizedCrop:
    def __init__(self, size, scale=(0.08, 1.0), ratio=(0.75, 1.3333333333333333), interpolation=InterpolationMode.BILINEAR,
                 antialias=None):
        self.size = _F._setup_size(size, "RandomResizedCrop")
        _t.require(_is_seq(scale), "hparam/invalid-value", "RandomResizedCrop: Scale should be a sequence, but got ", scale)
        _t.require(_is_seq(ratio), "hparam/invalid-value", "RandomResizedCrop: Ratio should be a sequence, but got ", ratio)
        # (scale[0] > scale[1]) or (ratio[0] > ratio[1]) is only a UserWarning here; forward fails (below)
        self.scale = scale
        self.ratio = ratio

    def __call__(self, img):
        if not _is_seq(self.scale) or not _is_seq(self.ratio):
            return img
        s0, s1 = self.scale[0], self.scale[1]
        r0, r1 = self.ratio[0], self.ratio[1]
        # get_params: torch.empty(1).uniform_(scale[0], scale[1]) and uniform_(log(ratio[0]), log(ratio[1]))
        _t.require(s0 <= s1, "hparam/invalid-value", "RandomResizedCrop: uniform_ expects to return a [from, to) range, but ",
                   "found from=", s0, " > to=", s1, " (scale should be (min, max), got ", self.scale, ")")
        _t.require((r0 > 0) & (r1 > 0), "hparam/invalid-value", "RandomResizedCrop: the aspect ratios must be positive ",
                   "(log(ratio) is drawn from; from is out of bounds for float), got ratio=", self.ratio)
        _t.require(r0 <= r1, "hparam/invalid-value", "RandomResizedCrop: uniform_ expects to return a [from, to) range, but ",
                   "found log(ratio[0]) > log(ratio[1]) (ratio should be (min, max), got ", self.ratio, ")")
        _t.require(s0 >= 0, "hparam/invalid-value", "RandomResizedCrop: math domain error: a negative scale (", s0,
                   ") gives a negative crop area")
        if self.size is None:
            return img
        return _F._with_hw(img, self.size[0], self.size[1])


class FiveCrop:
    def __init__(self, size):
        self.size = _F._setup_size(size, "FiveCrop")

    def __call__(self, img):
        c = _F.center_crop(img, self.size)
        return (c, c, c, c, c)


class TenCrop:
    def __init__(self, size, vertical_flip=False):
        self.size = _F._setup_size(size, "TenCrop")

    def __call__(self, img):
        c = _F.center_crop(img, self.size)
        return (c, c, c, c, c, c, c, c, c, c)


class Pad:
    def __init__(self, padding, fill=0, padding_mode="constant"):
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def __call__(self, img):
        return _F.pad(img, self.padding, self.fill, self.padding_mode)


class _Flip:
    def __init__(self, p=0.5):
        self.p = p

    def __call__(self, img):
        return _F.hflip(img)


class RandomHorizontalFlip(_Flip):
    pass


class RandomVerticalFlip(_Flip):
    pass


def _check_degrees(degrees, name):
    if _is_number(degrees):
        return _t.require(degrees >= 0, "hparam/invalid-value", name, ": If degrees is a single number, it must be positive, ",
                          "but got ", degrees)
    return _t.require(_is_seq(degrees) and _b.len(degrees) == 2, "hparam/invalid-value", name,
                      ": degrees should be a sequence of length 2, but got ", degrees)


class RandomRotation:
    def __init__(self, degrees, interpolation=InterpolationMode.NEAREST, expand=False, center=None, fill=0,
                 resample=None):
        _check_degrees(degrees, "RandomRotation")
        self.expand = expand

    def __call__(self, img):
        return _F.rotate(img, 0.0, None, self.expand)


class RandomAffine:
    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation=InterpolationMode.NEAREST, fill=0,
                 fillcolor=None, resample=None, center=None):
        _check_degrees(degrees, "RandomAffine")
        if translate is not None:
            _t.require(_b.all([(t >= 0.0) & (t <= 1.0) for t in translate]), "hparam/invalid-value",
                       "RandomAffine: translation values should be between 0 and 1, but got ", translate)
        if scale is not None:
            _t.require(_b.all([s > 0 for s in scale]), "hparam/invalid-value",
                       "RandomAffine: scale values should be positive, but got ", scale)

    def __call__(self, img):
        return _F.affine(img)


class RandomPerspective:
    def __init__(self, distortion_scale=0.5, p=0.5, interpolation=InterpolationMode.BILINEAR, fill=0):
        pass

    def __call__(self, img):
        return _F.affine(img)


class GaussianBlur:
    def __init__(self, kernel_size, sigma=(0.1, 2.0)):
        ks = (kernel_size, kernel_size) if _is_number(kernel_size) else kernel_size
        for k in ks:
            _t.require((k > 0) & (k % 2 == 1), "hparam/invalid-value",
                       "GaussianBlur: Kernel size value should be an odd and positive number, but got ", kernel_size)
        if _is_number(sigma):
            _t.require(sigma > 0, "hparam/invalid-value", "GaussianBlur: If sigma is a single number, it must be positive, "
                       "but got ", sigma)
        else:
            _t.require((sigma[0] > 0) & (sigma[0] <= sigma[1]), "hparam/invalid-value",
                       "GaussianBlur: sigma values should be positive and of the form (min, max), but got ", sigma)

    def __call__(self, img):
        return _F.gaussian_blur(img, 3)


def _jitter_range(value, name, center, lo, hi, clip_first_on_zero):
    """ColorJitter._check_input: the [min, max] a factor is drawn from, None when it does nothing."""
    if _is_number(value):
        if not _t.require(value >= 0, "hparam/invalid-value", "ColorJitter: If ", name,
                          " is a single number, it must be non negative, but got ", value):
            return None
        v0 = center - _b.float(value)
        v1 = center + _b.float(value)
        if clip_first_on_zero and v0 < 0.0:
            v0 = 0.0
    elif _is_seq(value) and _b.len(value) == 2:
        v0, v1 = value[0], value[1]
        ok = (lo <= v0) & (v0 <= v1)
        if hi is not None:
            ok = ok & (v1 <= hi)
        if not _t.require(ok, "hparam/invalid-value", "ColorJitter: ", name, " values should be between (", lo, ", ",
                          "inf" if hi is None else hi, ") and of the form (min, max), but got ", value):
            return None
    else:
        _t.require(False, "hparam/invalid-value", "ColorJitter: ", name,
                   " should be a single number or a list/tuple with length 2, but got ", value)
        return None
    if v0 == center and v1 == center:
        return None
    return (v0, v1)


class ColorJitter:
    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0):
        self.brightness = _jitter_range(brightness, "brightness", 1.0, 0, None, True)
        self.contrast = _jitter_range(contrast, "contrast", 1.0, 0, None, True)
        self.saturation = _jitter_range(saturation, "saturation", 1.0, 0, None, True)
        self.hue = _jitter_range(hue, "hue", 0.0, -0.5, 0.5, False)

    def __call__(self, img):
        # the factors are drawn from the ranges; a draw outside [-0.5, 0.5] for hue (hue=0.7 as a
        # single number: [-0.7, 0.7]) raises in adjust_hue
        if self.brightness is not None:
            img = _F.adjust_brightness(img, self.brightness[0])
        if self.contrast is not None:
            img = _F.adjust_contrast(img, self.contrast[0])
        if self.saturation is not None:
            img = _F.adjust_saturation(img, self.saturation[0])
        if self.hue is not None:
            lo = self.hue[0] if self.hue[0] < -self.hue[1] else -self.hue[1]
            img = _F.adjust_hue(img, lo)
        return img


class Grayscale:
    def __init__(self, num_output_channels=1):
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        return _F.rgb_to_grayscale(img, self.num_output_channels)


class RandomGrayscale:
    def __init__(self, p=0.1):
        self.p = p

    def __call__(self, img):
        # with probability p: rgb_to_grayscale(img, num_output_channels=<the image's channels>)
        c = _F.get_dimensions(img)[0]
        if _t.is_tensor(img):
            _F._assert_channels(img, (1, 3), "RandomGrayscale")
            return _t.same(img)
        _t.require((c == 1) | (c == 3), "hparam/invalid-value", "RandomGrayscale: num_output_channels should be either 1 ",
                   "or 3 (the image has ", c, " channels; convert it first)")
        return img.copy()


class Lambda:
    def __init__(self, lambd):
        _t.require(_b.callable(lambd), "hparam/invalid-value", "Lambda: Argument lambd should be callable, got ", lambd)
        self.lambd = lambd

    def __call__(self, img):
        return self.lambd(img)


class RandomApply:
    def __init__(self, transforms, p=0.5):
        self.transforms = transforms
        self.p = p

    def __call__(self, img):
        # applied or not, at random: one path each
        if _t.randint(0, 1, "RandomApply") == 1:
            for t in self.transforms:
                img = t(img)
        return img


class RandomChoice:
    def __init__(self, transforms, p=None):
        self.transforms = transforms

    def __call__(self, *args):
        n = _b.len(self.transforms)
        i = _t.randint(0, n - 1, "RandomChoice")
        for j in _b.range(n - 1):
            if i == j:
                return self.transforms[j](*args)
        return self.transforms[n - 1](*args)


class RandomOrder(Compose):
    """Applies the transforms in a random order; modelled in the listed order, as Compose (a
    different order matters only when the transforms do not commute on shapes)."""


class RandomErasing:
    def __init__(self, p=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False):
        _t.require((p >= 0) & (p <= 1), "hparam/invalid-value", "RandomErasing: Random erasing probability should be ",
                   "between 0 and 1, but got ", p)
        _t.require((scale[0] >= 0) & (scale[1] <= 1), "hparam/invalid-value", "RandomErasing: Scale should be between 0 ",
                   "and 1, but got ", scale)

    def __call__(self, img):
        _t.require(_t.is_tensor(img), "dtype/mismatch", "RandomErasing: img should be a Tensor image (put it after ",
                   "ToTensor), but got ", img)
        return _t.same(img) if _t.is_tensor(img) else img


class _Same:
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, img):
        return _t.same(img) if _t.is_tensor(img) else img


AutoAugment = _Same
RandAugment = _Same
TrivialAugmentWide = _Same
AugMix = _Same
RandomInvert = _Same
RandomPosterize = _Same
RandomSolarize = _Same
RandomAdjustSharpness = _Same
RandomAutocontrast = _Same
RandomEqualize = _Same
