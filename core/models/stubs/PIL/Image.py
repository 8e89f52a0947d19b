# PIL.Image: an image is its mode ("L", "RGB", "RGBA", ...) and its (width, height).
import _tenscan as _t

_CHANNELS = {"1": 1, "L": 1, "P": 1, "I": 1, "F": 1, "LA": 2, "RGB": 3, "YCbCr": 3, "RGBA": 4, "CMYK": 4}

NEAREST = 0
BILINEAR = 2
BICUBIC = 3
LANCZOS = 1


class Image:
    def __init__(self, mode, size):
        self.mode = mode
        self.size = size
        self.width = size[0]
        self.height = size[1]

    def convert(self, mode=None, *args, **kwargs):
        return Image(mode if mode is not None else self.mode, self.size)

    def resize(self, size, resample=None, *args, **kwargs):
        return Image(self.mode, (size[0], size[1]))

    def crop(self, box=None):
        if box is None:
            return Image(self.mode, self.size)
        return Image(self.mode, (box[2] - box[0], box[3] - box[1]))

    def copy(self):
        return Image(self.mode, self.size)

    def getbands(self):
        return tuple(self.mode)


def new(mode, size, color=0):
    return Image(mode, size)


def open(fp, mode="r", formats=None):
    return _t.unmodelled("PIL.Image.open")
