# torchvision.transforms.functional (torchvision 0.14): the checks and output shapes of the
# functional transforms, for PIL images (PIL.Image stub: mode/channels and (width, height)),
# image tensors [..., C, H, W] and, where torchvision accepts them, NumPy arrays (H, W[, C]).
# The transform classes (transforms/__init__.py) call these.
import builtins as _b
import _tenscan as _t
import numpy as _np
import torch
from PIL import Image as _Image

_INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64", "bool")


class InterpolationMode:
    NEAREST = "nearest"
    BILINEAR = "bilinear"
    BICUBIC = "bicubic"
    BOX = "box"
    HAMMING = "hamming"
    LANCZOS = "lanczos"


def _is_pil_image(img):
    return _b.isinstance(img, _Image.Image)


def _is_numpy(img):
    return _b.isinstance(img, _np.ndarray)


def _is_number(x):
    return _b.isinstance(x, int) or _b.isinstance(x, float)


def _is_seq(x):
    return _b.isinstance(x, list) or _b.isinstance(x, tuple)


def get_dimensions(img):
    """[channels, height, width] of a PIL image or an image tensor."""
    if _is_pil_image(img):
        return [img._channels, img.height, img.width]
    s = _b.list(img.shape)
    c = 1 if _b.len(s) == 2 else s[-3]
    return [c, s[-2], s[-1]]


def get_image_size(img):
    c, h, w = get_dimensions(img)
    return [w, h]


def get_image_num_channels(img):
    return get_dimensions(img)[0]


def _with_hw(img, h, w):
    """img resized/cropped to height h and width w (same mode / leading dims)."""
    if _t.is_unknown(img):
        # (made by a call tenscan does not model: an image or a tensor, nobody knows which)
        return _t.unknown("an image")
    if _is_pil_image(img):
        return img._with_size((w, h))
    s = _b.list(img.shape)
    return _t.new(_b.tuple(s[:-2] + [h, w]), _t.dtype(img))


def _assert_image_tensor(img, name):
    return _t.require(img.dim() >= 2, "shape/rank", name, ": the tensor is not a torch image (it has ", img.dim(),
                      " dimensions, an image needs at least 2): ", img)


def _assert_channels(img, permitted, name):
    c = get_dimensions(img)[0]
    ok = c == permitted[0]
    for p in permitted[1:]:
        ok = ok | (c == p)
    return _t.require(ok, "shape/channels", name, ": Input image tensor permitted channel values are ", _b.list(permitted),
                      ", but found ", c, " (image ", img, ")")


# ---- conversions ---------------------------------------------------------------------------
def to_tensor(pic):
    if _t.is_unknown(pic):
        # (made by a call tenscan does not model: an image or an array, nobody knows which)
        return _t.unknown("to_tensor()")
    if _is_pil_image(pic):
        # float32 in [0, 1]; modes "I" and "I;16" keep their integer type
        dt = "int32" if pic._mode == "I" else ("int16" if pic._mode == "I;16" else "float32")
        t = _t.new((pic._channels, pic.height, pic.width), dt)
        # 8-bit images are scaled to [0, 1]; "F" images keep their floats
        return _t.values(t, 0.0, 1.0, "ToTensor()") if dt == "float32" and pic._mode != "F" else t
    if _is_numpy(pic):
        n = pic.ndim
        if not _t.require((n == 2) | (n == 3), "shape/rank", "to_tensor: pic should be 2/3 dimensional. Got ", n,
                          " dimensions."):
            return _t.unknown("to_tensor()")
        s = _b.list(pic.shape)
        if n == 2:
            s = s + [1]
        dt = _t.dtype(pic)
        # HWC -> CHW; uint8 becomes float in [0, 1], every other dtype is kept (float64 stays float64)
        t = _t.new((s[2], s[0], s[1]), "float32" if dt == "uint8" else dt)
        return _t.values(t, 0.0, 1.0, "ToTensor()") if dt == "uint8" else t
    if _t.is_tensor(pic):
        _t.require(False, "dtype/mismatch", "to_tensor: pic should be PIL Image or ndarray, but got a tensor ", pic,
                   " (it is already a tensor)")
        return _t.unknown("to_tensor()")
    return _t.unmodelled("torchvision.transforms.functional.to_tensor")


def pil_to_tensor(pic):
    if _t.is_unknown(pic):
        return _t.unknown("pil_to_tensor()")
    if not _is_pil_image(pic):
        return _t.unmodelled("torchvision.transforms.functional.pil_to_tensor")
    m = pic._mode
    dt = "bool" if m == "1" else ("int32" if m == "I" else ("int16" if m == "I;16" else ("float32" if m == "F" else "uint8")))
    return _t.new((pic._channels, pic.height, pic.width), dt)


def to_pil_image(pic, mode=None):
    if _is_numpy(pic):
        n = pic.ndim
        if not _t.require((n == 2) | (n == 3), "shape/rank", "to_pil_image: pic should be 2/3 dimensional. Got ", n,
                          " dimensions."):
            return _t.unknown("to_pil_image()")
        s = _b.list(pic.shape)
        c = 1 if n == 2 else s[2]
        h = s[0]
        w = s[1]
    elif _t.is_tensor(pic):
        n = pic.dim()
        if not _t.require((n == 2) | (n == 3), "shape/rank", "to_pil_image: pic should be 2/3 dimensional. Got ", n,
                          " dimensions (a batch must be converted one image at a time)"):
            return _t.unknown("to_pil_image()")
        s = _b.list(pic.shape)
        c = 1 if n == 2 else s[0]
        h = s[-2]
        w = s[-1]
    else:
        return _t.unmodelled("torchvision.transforms.functional.to_pil_image")
    if not _t.require(c <= 4, "shape/channels", "to_pil_image: pic should not have > 4 channels. Got ", c, " channels."):
        return _t.unknown("to_pil_image()")
    if mode is not None:
        return _Image.Image(mode, (w, h))
    return _Image.Image(None, (w, h), c)


def convert_image_dtype(image, dtype="float32"):
    return _t.with_dtype(image, dtype)


def normalize(tensor, mean, std, inplace=False):
    if _t.is_unknown(tensor):
        # (an image an unmodelled call made: nothing is known about it, so nothing fails)
        return _t.unknown("normalize()")
    if not _t.is_tensor(tensor):
        _t.require(False, "dtype/mismatch", "normalize: img should be a Tensor Image (apply ToTensor first), but got ",
                   tensor)
        return _t.unknown("normalize()")
    dt = _t.dtype(tensor)
    if not _t.require(dt not in _INT_DTYPES, "dtype/mismatch", "Normalize: Input tensor should be a float tensor. Got torch.",
                      dt, " (convert it with ConvertImageDtype(torch.float) or use ToTensor)"):
        return _t.same(tensor)
    if not _t.require(tensor.dim() >= 3, "shape/rank",
                      "Normalize: Expected tensor to be a tensor image of size (..., C, H, W). Got tensor.size() = ",
                      tensor):
        return _t.same(tensor)
    c = tensor.shape[-3]
    n = 1 if _is_number(mean) else _b.len(mean)
    m = 1 if _is_number(std) else _b.len(std)
    if _t.is_unknown(std) or _t.is_unknown(mean):
        return _t.same(tensor)  # (a mean or std tenscan does not know: nothing to check against)
    if _is_number(std):
        _t.require(std != 0, "hparam/invalid-value", "Normalize: std evaluated to zero, leading to division by zero.")
    elif not _t.is_tensor(std):
        _t.require(_b.all([x != 0 for x in std]), "hparam/invalid-value",
                   "Normalize: std evaluated to zero, leading to division by zero (std = ", std, ")")
    if _t.require((n == c) | (n == 1), "shape/broadcast", "Normalize: the mean has ", n, " values but the image tensor ",
                  tensor, " has ", c, " channels"):
        _t.require((m == c) | (m == 1), "shape/broadcast", "Normalize: the std has ", m, " values but the image tensor ",
                   tensor, " has ", c, " channels")
        cc = _t.const_int(c)
        if cc is not None and (n == cc or n == 1) and (m == cc or m == 1) and not _t.is_tensor(mean) and \
                not _t.is_tensor(std):
            # the values: (x - mean) / std channel by channel, as torchvision computes them (when
            # the channels are known to match: no requirement of its own)
            mean_t = torch.tensor([mean] if _is_number(mean) else _b.list(mean)).view(-1, 1, 1)
            std_t = torch.tensor([std] if _is_number(std) else _b.list(std)).view(-1, 1, 1)
            return (tensor - mean_t) / std_t
    return _t.same(tensor)


# ---- geometry ------------------------------------------------------------------------------
def _resized_hw(img, size, max_size):
    """(new_h, new_w) of resize(img, size), torchvision's _compute_resized_output_size."""
    if _is_seq(size) and _b.len(size) == 2:
        return size[0], size[1]
    requested = size if _b.isinstance(size, int) else size[0]
    if max_size is not None:
        _t.require(max_size > requested, "hparam/invalid-value", "Resize: max_size = ", max_size,
                   " must be strictly greater than the requested size for the smaller edge size = ", requested)
    c, h, w = get_dimensions(img)
    hc = _t.const_int(h)
    wc = _t.const_int(w)
    if hc is None or wc is None:
        # the shorter edge becomes `size`, which one it is depends on the image (data): both unknown
        return _t.symbol("resized height", 1, "data"), _t.symbol("resized width", 1, "data")
    short, long = (wc, hc) if wc <= hc else (hc, wc)
    new_short, new_long = requested, _b.int(requested * long / short)
    if max_size is not None and new_long > max_size:
        new_short, new_long = _b.int(max_size * new_short / new_long), max_size
    if wc <= hc:
        return new_long, new_short
    return new_short, new_long


def _check_resize_size(size, name):
    if _is_seq(size):
        return _t.require((_b.len(size) == 1) | (_b.len(size) == 2), "hparam/invalid-value", name,
                          ": If size is a sequence, it should have 1 or 2 values, but got ", size)
    return True


def resize(img, size, interpolation="bilinear", max_size=None, antialias=None):
    if not _check_resize_size(size, "resize"):
        return img
    h, w = _resized_hw(img, size, max_size)
    return _with_hw(img, h, w)


def _setup_size(size, name):
    """(h, w) of a crop size: an int, a 1-sequence or a 2-sequence (ValueError otherwise)."""
    if _is_number(size):
        return (_b.int(size), _b.int(size))
    if _b.len(size) == 1:
        return (size[0], size[0])
    if not _t.require(_b.len(size) == 2, "hparam/invalid-value", name, ": Please provide only two dimensions (h, w) for size, "
                      "but got ", size):
        return None
    return (size[0], size[1])


def center_crop(img, output_size):
    hw = _setup_size(output_size, "center_crop")
    if hw is None:
        return img
    # a crop larger than the image is padded with zeros: the output has exactly this size
    return _with_hw(img, hw[0], hw[1])


def crop(img, top, left, height, width):
    return _with_hw(img, height, width)


def resized_crop(img, top, left, height, width, size, interpolation="bilinear", antialias=None):
    return resize(crop(img, top, left, height, width), size, interpolation, None, antialias)


def pad(img, padding, fill=0, padding_mode="constant"):
    _t.require(padding_mode in ("constant", "edge", "reflect", "symmetric"), "hparam/invalid-value",
               "Padding mode should be either constant, edge, reflect or symmetric, but got ", padding_mode)
    if _is_number(padding):
        l = t = r = b = padding
    elif _b.len(padding) == 1:
        l = t = r = b = padding[0]
    elif _b.len(padding) == 2:
        l = r = padding[0]
        t = b = padding[1]
    else:
        if not _t.require(_b.len(padding) == 4, "hparam/invalid-value",
                          "Padding must be an int or a 1, 2, or 4 element tuple, not a ", _b.len(padding),
                          " element tuple"):
            return img
        l, t, r, b = padding[0], padding[1], padding[2], padding[3]
    c, h, w = get_dimensions(img)
    return _with_hw(img, h + t + b, w + l + r)


def hflip(img):
    return _t.same(img) if _t.is_tensor(img) else img.copy()


def vflip(img):
    return _t.same(img) if _t.is_tensor(img) else img.copy()


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=None):
    if expand:
        return _with_hw(img, _t.symbol("rotated height", 1, "data"), _t.symbol("rotated width", 1, "data"))
    return _t.same(img) if _t.is_tensor(img) else img.copy()


def affine(img, angle=0.0, translate=None, scale=1.0, shear=None, interpolation="nearest", fill=None, center=None):
    return _t.same(img) if _t.is_tensor(img) else img.copy()


def gaussian_blur(img, kernel_size, sigma=None):
    return _t.same(img) if _t.is_tensor(img) else img.copy()


# ---- colour --------------------------------------------------------------------------------
def rgb_to_grayscale(img, num_output_channels=1):
    if _is_pil_image(img):
        return to_grayscale(img, num_output_channels)
    if not _t.require(img.dim() >= 3, "shape/rank", "rgb_to_grayscale: Input image tensor should have at least 3 dimensions, "
                      "but found ", img.dim(), " (", img, ")"):
        return _t.same(img)
    if not _assert_channels(img, (1, 3), "Grayscale"):
        return _t.same(img)
    if not _t.require((num_output_channels == 1) | (num_output_channels == 3), "hparam/invalid-value",
                      "Grayscale: num_output_channels should be either 1 or 3, but got ", num_output_channels):
        return _t.same(img)
    s = _b.list(img.shape)
    if num_output_channels == 3:
        return _t.same(img)  # l_img.expand(img.shape): the input's channel count (1 stays 1)
    return _t.new(_b.tuple(s[:-3] + [1, s[-2], s[-1]]), _t.dtype(img))


def to_grayscale(img, num_output_channels=1):
    if not _t.require((num_output_channels == 1) | (num_output_channels == 3), "hparam/invalid-value",
                      "Grayscale: num_output_channels should be either 1 or 3, but got ", num_output_channels):
        return _Image._after_failure(img.size)
    return img.convert("L" if num_output_channels == 1 else "RGB")


def _check_factor(factor, name):
    return _t.require(factor >= 0, "hparam/invalid-value", name, "_factor (", factor, ") is not non-negative.")


def _check_pil_mode_for_enhance(img, name):
    if _is_pil_image(img) and img._mode is not None:
        return _t.require(img._mode not in ("1", "P", "I", "F"), "hparam/invalid-value", name,
                          ": image has wrong mode ", img._mode, " (ImageEnhance needs L, LA, RGB, RGBA or CMYK: ",
                          "convert it first)")
    return True


def adjust_brightness(img, brightness_factor):
    if _t.is_tensor(img):
        _check_factor(brightness_factor, "brightness")
        _assert_channels(img, (1, 3), "adjust_brightness")
        return _t.same(img)
    _check_pil_mode_for_enhance(img, "adjust_brightness")
    return img.copy()


def adjust_contrast(img, contrast_factor):
    if _t.is_tensor(img):
        _check_factor(contrast_factor, "contrast")
        _assert_channels(img, (1, 3), "adjust_contrast")
        return _t.same(img)
    _check_pil_mode_for_enhance(img, "adjust_contrast")
    return img.copy()


def adjust_saturation(img, saturation_factor):
    if _t.is_tensor(img):
        _check_factor(saturation_factor, "saturation")
        _assert_channels(img, (1, 3), "adjust_saturation")
        return _t.same(img)
    _check_pil_mode_for_enhance(img, "adjust_saturation")
    return img.copy()


def adjust_hue(img, hue_factor):
    _t.require((hue_factor >= -0.5) & (hue_factor <= 0.5), "hparam/invalid-value", "hue_factor (", hue_factor,
               ") is not in [-0.5, 0.5].")
    if _t.is_tensor(img):
        _assert_channels(img, (1, 3), "adjust_hue")
        return _t.same(img)
    return img.copy()
