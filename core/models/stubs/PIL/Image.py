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

# bands per mode (Image.getmodebands)
_CHANNELS = {"1": 1, "L": 1, "P": 1, "I": 1, "F": 1, "I;16": 1, "I;16B": 1, "I;16L": 1, "I;16N": 1,
             "LA": 2, "La": 2, "PA": 2,
             "RGB": 3, "YCbCr": 3, "LAB": 3, "HSV": 3,
             "RGBA": 4, "RGBa": 4, "RGBX": 4, "CMYK": 4}
# the mode a file with this many channels is taken to have when the script asks for it
_MODE_OF = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}

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
        if mode is None:
            return self._with_size(self.size)
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
        if self._mode is None:
            return _b.tuple(self.mode)
        if self._mode in ("1", "L", "P", "I", "F"):
            return (self._mode,)
        return _b.tuple(self._mode)

    def split(self):
        return _b.tuple([Image("L", self.size) for _ in _b.range(_b.len(self.getbands()))])

    def getchannel(self, channel):
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
    _t.require(_b.len(bands) == _bands(mode), "hparam/invalid-value", "Image.merge: mode ", mode, " needs ", _bands(mode),
               " bands, but got ", _b.len(bands))
    return Image(mode, bands[0].size)
