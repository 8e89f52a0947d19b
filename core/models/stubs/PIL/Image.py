# PIL.Image (Pillow 9.4): an image is its mode ("L", "RGB", "RGBA", ...), i.e. its number of
# channels (bands), and its (width, height).
#
# An image read from a file (`Image.open`) has whatever the file holds: 1 to 4 channels
# (PyTea's readImage rule: "1"/"L"/"P"/"I"/"F" grayscale or palette, "LA", "RGB"/"YCbCr",
# "RGBA"/"CMYK") and any size. Who picks them is whoever runs the script with their own files,
# so the channel count is an Input symbol in [1, 4] (a requirement that holds only for some
# channel counts is a warning naming them, as for the length of a dataset read from disk)
# until `.convert(mode)` fixes it; width and height are Data symbols (a requirement on them is
# an assumption about the files, as for a tensor from torch.load). Reading `.mode` of such an
# image splits the path into one per channel count ("L", "LA", "RGB", "RGBA").
import builtins as _b
import _tenscan as _t

# Pillow 9.4's modes (PIL/ImageMode.py getmode): the bands of each. Image.new accepts all of
# them but the BGR;* ones (only convert() makes those).
_BANDS = {"1": ("1",), "L": ("L",), "P": ("P",), "I": ("I",), "F": ("F",),
          "I;16": ("I",), "I;16L": ("I",), "I;16B": ("I",), "I;16N": ("I",),
          "LA": ("L", "A"), "La": ("L", "a"), "PA": ("P", "A"),
          "RGB": ("R", "G", "B"), "YCbCr": ("Y", "Cb", "Cr"), "LAB": ("L", "A", "B"), "HSV": ("H", "S", "V"),
          "BGR;15": ("B", "G", "R"), "BGR;16": ("B", "G", "R"), "BGR;24": ("B", "G", "R"),
          "RGBA": ("R", "G", "B", "A"), "RGBa": ("R", "G", "B", "a"), "RGBX": ("R", "G", "B", "X"),
          "CMYK": ("C", "M", "Y", "K")}
# bands per mode (Image.getmodebands)
_CHANNELS = {m: _b.len(_BANDS[m]) for m in _BANDS}
# the mode a file with this many channels is taken to have when the script asks for it
_MODE_OF = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}

# Image.convert (Pillow 9.4, Image.convert and libImaging/Convert.c, checked by converting an
# Image.new of every mode to every mode): the modes each kind of source converts to. A source
# whose direct conversion is missing is first normalised to its base mode (getmodebase), so
# the error message names the base: "conversion from L to LAB not supported" for "1", "I",
# "F", "LA"; "conversion from RGB to ..." for "CMYK", "YCbCr", "HSV", "PA", ...
_TO_COMMON = ("1", "L", "P", "RGB", "RGBA", "CMYK", "YCbCr", "HSV", "I", "F", "LA", "PA", "RGBX")
_FROM_GRAY = _TO_COMMON + ("I;16", "I;16L", "I;16B")
_FROM_RGB = _TO_COMMON + ("BGR;15", "BGR;16", "BGR;24")
_GRAY_SOURCES = ("1", "L", "I", "F", "LA", "I;16", "I;16L", "I;16B")


def _convertible(src, mode):
    """None if Pillow converts a `src` image to `mode`, else the message of its ValueError."""
    if mode == src:
        return None
    if src in _GRAY_SOURCES:
        if mode in _FROM_GRAY or (src == "LA" and mode == "La"):
            return None
        return "conversion from L to " + mode + " not supported"
    if src == "P":
        return None if mode in _TO_COMMON else "conversion not supported"
    if src == "LAB":
        return None if mode in ("RGB", "RGBA", "RGBX") else "conversion from LAB to RGB not supported"
    if src == "La":
        return None if mode == "LA" else "conversion from La to L not supported"
    if src == "I;16N":
        return "conversion from I;16N to L not supported"
    # the RGB family: RGB, RGBA, RGBX, RGBa, CMYK, YCbCr, HSV, PA, BGR;*
    if mode in _FROM_RGB:
        return None
    if mode == "LAB" and src in ("RGB", "RGBA", "RGBX"):
        return None  # through ImageCms
    if mode == "RGBa" and src == "RGBA":
        return None
    return "conversion from RGB to " + mode + " not supported"


def _modetype(mode):
    """The mode of one band of a `mode` image (ImageMode's basetype): what merge() wants."""
    if mode in ("I", "F"):
        return mode
    return "L"


NEAREST = 0
BOX = 4
BILINEAR = 2
LINEAR = 2
HAMMING = 5
BICUBIC = 3
CUBIC = 3
LANCZOS = 1
ANTIALIAS = 1

FLIP_LEFT_RIGHT = 0
FLIP_TOP_BOTTOM = 1
ROTATE_90 = 2
ROTATE_180 = 3
ROTATE_270 = 4
TRANSPOSE = 5
TRANSVERSE = 6


class Resampling:
    NEAREST = 0
    BOX = 4
    BILINEAR = 2
    HAMMING = 5
    BICUBIC = 3
    LANCZOS = 1


class Transpose:
    FLIP_LEFT_RIGHT = 0
    FLIP_TOP_BOTTOM = 1
    ROTATE_90 = 2
    ROTATE_180 = 3
    ROTATE_270 = 4
    TRANSPOSE = 5
    TRANSVERSE = 6


def _bands(mode):
    return _CHANNELS.get(mode, 3)


class Image:
    def __init__(self, mode, size, channels=None):
        # mode None: chosen by the file; `channels` is then the (symbolic) number of bands
        self._mode = mode
        self._channels = _bands(mode) if mode is not None else channels
        self.size = (size[0], size[1])
        self.width = size[0]
        self.height = size[1]
        self.info = {}
        self.format = None

    @property
    def mode(self):
        if self._mode is not None:
            return self._mode
        c = self._channels
        if c == 1:
            return "L"
        if c == 2:
            return "LA"
        if c == 3:
            return "RGB"
        return "RGBA"

    def _with_size(self, size):
        return Image(self._mode, size, self._channels)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def convert(self, mode=None, matrix=None, dither=None, palette=0, colors=256):
        if _t.is_unknown(mode):
            # a mode tenscan does not know (read from a file): an image of 1 to 4 bands
            return _after_failure(self.size)
        if not mode:
            # no mode: a copy, but a palette image is expanded ("P" -> "RGB")
            if self._mode == "P":
                return Image("RGB", self.size)
            return self._with_size(self.size)
        if not _t.require(mode in _BANDS, "hparam/invalid-value", "Image.convert raises ValueError: conversion from ",
                          self._mode if self._mode is not None else "the image's mode", " to ", mode,
                          " not supported (", mode, " is not a Pillow mode)"):
            return _after_failure(self.size)
        src = self._mode
        if matrix:
            if not _t.require((mode == "L") | (mode == "RGB"), "hparam/invalid-value",
                              "Image.convert raises ValueError: illegal conversion (a conversion matrix converts only to "
                              "\"L\" or \"RGB\", not to ", mode, ")"):
                return _after_failure(self.size)
            if src is None:
                ok = _t.require(self._channels == 3, "hparam/invalid-value", "Image.convert raises ValueError: image has "
                                "wrong mode (a conversion matrix applies only to an \"RGB\" image, and ",
                                "the file's mode decides)")
            else:
                ok = _t.require(src == "RGB", "hparam/invalid-value", "Image.convert raises ValueError: image has wrong "
                                "mode (a conversion matrix applies only to an \"RGB\" image, this one is ", src, ")")
            if not ok:
                return _after_failure(self.size)
            return Image(mode, self.size)
        if src is None and mode not in _TO_COMMON:
            # the file's mode ("L", "LA", "RGB" or "RGBA" by its channel count) decides
            c = self._channels
            works = False
            failing = []
            for k in (1, 2, 3, 4):
                if _convertible(_MODE_OF[k], mode) is None:
                    works = works | (c == k)
                else:
                    failing.append(_MODE_OF[k])
            if failing and not _t.require(works, "hparam/invalid-value", "Image.convert raises ValueError: ",
                                          _convertible(failing[0], mode), " (for a file of mode ", " or ".join(failing), ")"):
                return _after_failure(self.size)
            return Image(mode, self.size)
        if src is not None:
            problem = _convertible(src, mode)
            if problem is not None:
                _t.require(False, "hparam/invalid-value", "Image.convert raises ValueError: ", problem,
                           " (converting an image of mode ", src, " to ", mode, ")")
                return _after_failure(self.size)
        return Image(mode, self.size)

    def resize(self, size, resample=None, box=None, reducing_gap=None):
        _t.require(_b.len(size) == 2, "hparam/invalid-value", "Image.resize: size must be a (width, height) pair, but got ",
                   size)
        return self._with_size((size[0], size[1]))

    def crop(self, box=None):
        if box is None:
            return self._with_size(self.size)
        _t.require(box[2] >= box[0], "hparam/invalid-value", "Coordinate 'right' is less than 'left' in the crop box ", box)
        _t.require(box[3] >= box[1], "hparam/invalid-value", "Coordinate 'lower' is less than 'upper' in the crop box ", box)
        return self._with_size((box[2] - box[0], box[3] - box[1]))

    def thumbnail(self, size, resample=None, reducing_gap=2.0):
        # in place, keeps the aspect ratio, never enlarges: a size within `size`
        w = _t.const_int(self.width)
        h = _t.const_int(self.height)
        if w is not None and h is not None and w <= size[0] and h <= size[1]:
            return None
        self.size = (_t.symbol("thumbnail width", 1, "data"), _t.symbol("thumbnail height", 1, "data"))
        self.width = self.size[0]
        self.height = self.size[1]
        return None

    def copy(self):
        return self._with_size(self.size)

    def load(self):
        return None

    def close(self):
        return None

    def save(self, fp, format=None, **params):
        return None

    def show(self, title=None):
        return None

    def verify(self):
        return None

    def filter(self, filter):
        return self._with_size(self.size)

    def point(self, lut, mode=None):
        return self._with_size(self.size) if mode is None else Image(mode, self.size)

    def rotate(self, angle, resample=0, expand=0, center=None, translate=None, fillcolor=None):
        if expand:
            return self._with_size((_t.symbol("rotated width", 1, "data"), _t.symbol("rotated height", 1, "data")))
        return self._with_size(self.size)

    def transpose(self, method):
        if method in (ROTATE_90, ROTATE_270, TRANSPOSE, TRANSVERSE):
            return self._with_size((self.height, self.width))
        return self._with_size(self.size)

    def paste(self, im, box=None, mask=None):
        return None

    def putalpha(self, alpha):
        # in place: L -> LA, RGB -> RGBA (LA, RGBA, La, RGBa stay)
        self._mode = "LA" if self._channels <= 2 else "RGBA"
        self._channels = _bands(self._mode)
        return None

    def getbands(self):
        mode = self.mode  # an image read from a file: one path per channel count
        if mode in _BANDS:
            return _BANDS[mode]
        return _b.tuple(["?" for _ in _b.range(self._channels)])

    def split(self):
        # one single-band image per band: a copy of a single-band image (its mode kept: "1",
        # "I", "F", "P"), "L" bands of a multi-band one ("YCbCr" -> Y, Cb, Cr)
        bands = self.getbands()
        if _b.len(bands) == 1:
            return (self.copy(),)
        return _b.tuple([Image("L", self.size) for _ in bands])

    def getchannel(self, channel):
        bands = self.getbands()
        if _t.is_str(channel):
            if not _t.require(channel in bands, "hparam/invalid-value", "Image.getchannel raises ValueError: The image has no channel \"",
                              channel, "\" (its bands are ", bands, ")"):
                return _after_failure(self.size)
        elif not _t.is_unknown(channel):
            n = _b.len(bands)
            if not _t.require((channel >= 0) & (channel < n), "shape/index-out-of-range",
                              "Image.getchannel raises ValueError: band index out of range (band ", channel, " of an image with ",
                              n, " bands)"):
                return _after_failure(self.size)
        if _b.len(bands) == 1:
            return self.copy()
        return Image("L", self.size)

    def getpixel(self, xy):
        return _t.unknown("Image.getpixel()")

    def getextrema(self):
        return _t.unknown("Image.getextrema()")

    def tobytes(self, *args, **kwargs):
        return _t.unknown("Image.tobytes()")


def _after_failure(size):
    """The image a failed operation continues with: channels unknown (data, not checked)."""
    return Image(None, size, _t.symbol("channels", 1, "data", 4))


def new(mode, size, color=0):
    if _t.is_str(mode) and not mode.startswith("BGR;"):
        if not _t.require(mode in _BANDS, "hparam/invalid-value", "Image.new raises ValueError: unrecognized image mode ", mode):
            return _after_failure(size)
    return Image(mode, size)


def open(fp, mode="r", formats=None):
    _t.require(mode == "r", "hparam/invalid-value", "Image.open: bad mode ", mode, " (only 'r' is supported)")
    name = fp if _t.is_str(fp) else "the image file"
    c = _t.symbol("the channel count of " + name, 1, "input", 4)
    w = _t.symbol("width of " + name, 1, "data")
    h = _t.symbol("height of " + name, 1, "data")
    return Image(None, (w, h), c)


def fromarray(obj, mode=None):
    # Pillow's _fromarray_typemap: (H, W) uint8 -> "L", (H, W, 2/3/4) uint8 -> "LA"/"RGB"/"RGBA",
    # (H, W) bool -> "1", int -> "I", float32/float64 -> "F"; anything else is a TypeError
    if not _t.is_tensor(obj):
        return _t.unmodelled("PIL.Image.fromarray")
    s = obj.shape
    n = _b.len(s)
    dt = _t.dtype(obj)
    if mode is None:
        if n == 2:
            if dt == "uint8":
                mode = "L"
            elif dt == "bool":
                mode = "1"
            elif dt in ("float32", "float64"):
                mode = "F"
            elif dt in ("int8", "int16", "int32", "uint16", "uint32"):
                mode = "I"
            else:
                _t.require(False, "dtype/mismatch", "Image.fromarray: Cannot handle this data type: (1, 1), ", dt)
                return _t.unknown("Image.fromarray()")
        elif n == 3:
            if not _t.require(dt == "uint8", "dtype/mismatch", "Image.fromarray: Cannot handle this data type: (1, 1, ",
                              s[2], "), ", dt, " (an (H, W, C) array must be uint8)"):
                return _t.unknown("Image.fromarray()")
            if not _t.require((s[2] == 2) | (s[2] == 3) | (s[2] == 4), "shape/channels",
                              "Image.fromarray: Cannot handle this data type: (1, 1, ", s[2],
                              "), |u1 (an (H, W, C) array must have 2, 3 or 4 channels)"):
                return _t.unknown("Image.fromarray()")
            c = _t.const_int(s[2])
            if c is None:
                return Image(None, (s[1], s[0]), s[2])
            mode = _MODE_OF[c]
        else:
            _t.require(False, "shape/rank", "Image.fromarray: Cannot handle this data type: an array of shape ", s)
            return _t.unknown("Image.fromarray()")
    else:
        ndmax = 2 if mode in ("1", "L", "I", "P", "F") else (3 if mode == "RGB" else 4)
        if not _t.require(n <= ndmax, "shape/rank", "Image.fromarray: Too many dimensions: ", n, " > ", ndmax, "."):
            return _t.unknown("Image.fromarray()")
    return Image(mode, (s[1], s[0]))


def merge(mode, bands):
    # Pillow 9.4: getmodebands(mode) (a KeyError for an unknown mode), then "wrong number of
    # bands", then every band after the first must have the mode's band type and the first
    # band's size; the first band is checked by core.merge
    if _t.is_unknown(mode):
        return _after_failure(bands[0].size)
    if not _t.require(mode in _BANDS, "hparam/invalid-value", "Image.merge raises KeyError: ", mode,
                      " (not a Pillow mode)"):
        return _after_failure(bands[0].size)
    names = _BANDS[mode]
    n = _b.len(bands)
    if not _t.require(n == _b.len(names), "shape/channels", "Image.merge raises ValueError: wrong number of bands (mode ",
                      mode, " has ", _b.len(names), " bands ", names, ", but ", n, " images were given)"):
        return _after_failure(bands[0].size) if n else _after_failure((1, 1))
    want = _modetype(mode)
    first = bands[0]
    for band in bands[1:]:
        if not _t.require(_band_is(band, want), "shape/channels", "Image.merge raises ValueError: mode mismatch (the bands "
                          "of a ", mode, " image must be single-band ", want, " images)"):
            return _after_failure(first.size)
        if not _t.require((band.width == first.width) & (band.height == first.height), "shape/size-mismatch",
                          "Image.merge raises ValueError: size mismatch (band size ", band.size, " differs from the first band's ",
                          first.size, ")"):
            return _after_failure(first.size)
    if _b.len(names) == 1:
        ok = _t.require(_band_is(first, mode), "shape/channels", "Image.merge raises ValueError: images do not match (the band "
                        "of a ", mode, " image must be a ", mode, " image)")
    else:
        ok = _t.require(_band_is(first, "L"), "shape/channels", "Image.merge raises ValueError: image has wrong mode (the first "
                        "band of a ", mode, " image must be a single-band L image)")
    if not ok:
        return _after_failure(first.size)
    return Image(mode, first.size)


def _band_is(band, mode):
    """Whether `band` is a single-band image of this mode (an image read from a file: of one channel, "L")."""
    if band._mode is None:
        return band._channels == 1 if mode == "L" else False
    return band._mode == mode
