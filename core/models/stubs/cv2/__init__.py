# OpenCV (cv2): images are NumPy arrays, (height, width) or (height, width, channels), uint8 as
# imread makes them. imread's size is the file's (unknown here: the data's); resize makes it
# the size asked for, so what a training script builds from resized images has known shapes.
# cvtColor checks the input's channels as OpenCV's CvtHelper does. A file imread cannot read
# gives None at run time; tenscan takes the file as readable.
import builtins as _b
import _tenscan as _t
from numpy import ndarray as _ndarray

IMREAD_UNCHANGED, IMREAD_GRAYSCALE, IMREAD_COLOR = -1, 0, 1
INTER_NEAREST, INTER_LINEAR, INTER_CUBIC, INTER_AREA, INTER_LANCZOS4 = 0, 1, 2, 3, 4
COLOR_BGR2BGRA, COLOR_BGRA2BGR, COLOR_BGR2RGBA, COLOR_RGBA2BGR, COLOR_BGR2RGB, COLOR_RGB2BGR = 0, 1, 2, 3, 4, 4
COLOR_BGRA2RGBA = 5
COLOR_BGR2GRAY, COLOR_RGB2GRAY, COLOR_GRAY2BGR, COLOR_GRAY2RGB = 6, 7, 8, 8
COLOR_GRAY2BGRA, COLOR_BGRA2GRAY, COLOR_RGBA2GRAY = 9, 10, 11
COLOR_BGR2HSV, COLOR_BGR2LAB, COLOR_BGR2YCrCb, COLOR_RGB2HSV, COLOR_HSV2BGR, COLOR_HSV2RGB = 40, 44, 36, 41, 54, 55
BORDER_CONSTANT, BORDER_REPLICATE, BORDER_REFLECT, BORDER_DEFAULT = 0, 1, 2, 4
THRESH_BINARY, THRESH_BINARY_INV, THRESH_OTSU = 0, 1, 8
NORM_MINMAX, NORM_L2 = 32, 4

# cvtColor: the code's (input channels accepted, output channels; 0: a 2-D image)
_CONVERSIONS = {
    0: ((3,), 4), 1: ((4,), 3), 2: ((3,), 4), 3: ((4,), 3), 4: ((3, 4), 3), 5: ((4,), 4),
    6: ((3, 4), 0), 7: ((3, 4), 0), 8: ((1,), 3), 9: ((1,), 4), 10: ((4,), 0), 11: ((4,), 0),
    36: ((3,), 3), 40: ((3,), 3), 41: ((3,), 3), 44: ((3,), 3), 54: ((3,), 3), 55: ((3,), 3),
}


def _image(shape):
    return _ndarray(_tensor=_t.new(_b.tuple(shape), "uint8"))


def imread(filename, flags=IMREAD_COLOR):
    name = filename if _t.is_str(filename) else "the image file"
    h = _t.symbol("height of " + name, 1, "data")
    w = _t.symbol("width of " + name, 1, "data")
    if flags == IMREAD_GRAYSCALE:
        return _image((h, w))
    if flags == IMREAD_UNCHANGED:
        return _image((h, w, _t.symbol("the channel count of " + name, 1, "input", 4)))
    return _image((h, w, 3))


def imwrite(filename, img, params=None):
    return True


def _is_image(src):
    return _t.is_tensor(src) and _t.const_int(_t.ndim(src)) is not None


def resize(src, dsize, dst=None, fx=None, fy=None, interpolation=INTER_LINEAR):
    if not _is_image(src):
        return _t.unknown("cv2.resize()")
    s = _b.tuple(_t.shape(src))
    if not _t.require(_b.len(s) in (2, 3), "shape/rank", "OpenCV resize: an image is (height, width) or (height, width, ",
                      "channels), got an array of shape ", s):
        return _t.unknown("a failed cv2.resize")
    if dsize is None or (dsize[0] == 0 and dsize[1] == 0):
        if fx is None or fy is None:
            return _t.unknown("cv2.resize()")
        return _ndarray(_tensor=_t.new((_b.round(s[0] * fy), _b.round(s[1] * fx)) + s[2:], _t.dtype(src)))
    # (dsize is (width, height): the array's first axis is the height)
    return _ndarray(_tensor=_t.new((dsize[1], dsize[0]) + s[2:], _t.dtype(src)))


def cvtColor(src, code, dst=None, dstCn=0):
    if not _is_image(src) or _t.const_int(code) is None or code not in _CONVERSIONS:
        return _t.unknown("cv2.cvtColor()")
    s = _b.tuple(_t.shape(src))
    accepted, out = _CONVERSIONS[code]
    scn = s[2] if _b.len(s) == 3 else 1
    ok = False
    for c in accepted:
        ok = ok | (scn == c)
    if not _t.require(ok, "shape/channels", "OpenCV cvtColor: Invalid number of channels in input image: ",
                      "'VScn::contains(scn)' where 'scn' is ", scn, related=((src, "the image got its shape here"),)):
        return _t.unknown("a failed cv2.cvtColor")
    return _image(s[:2] if out == 0 else s[:2] + (out,))


def _same(src, *args, **kwargs):
    if not _is_image(src):
        return _t.unknown("an OpenCV filter's result")
    return _ndarray(_tensor=_t.new(_b.tuple(_t.shape(src)), _t.dtype(src)))


GaussianBlur = blur = medianBlur = bilateralFilter = flip = normalize = equalizeHist = _same
rectangle = circle = line = putText = dilate = erode = _same


def threshold(src, thresh, maxval, type):
    return 0.0, _same(src)


def split(m):
    if not _is_image(m):
        return _t.unknown("cv2.split()")
    s = _b.tuple(_t.shape(m))
    n = _t.const_int(s[2]) if _b.len(s) == 3 else 1
    if n is None:
        return _t.unknown("cv2.split()")
    return [_image(s[:2]) for _ in _b.range(n)]


def merge(mv):
    parts = _b.list(mv)
    if not parts or not _is_image(parts[0]):
        return _t.unknown("cv2.merge()")
    return _image(_b.tuple(_t.shape(parts[0]))[:2] + (_b.len(parts),))


def waitKey(delay=0):
    return -1


def imshow(winname, mat):
    pass


def destroyAllWindows():
    pass
