# tf.image: the ops whose operands have fixed ranks, with TensorFlow's checks. Pixel values and
# the boxes' coordinates are not modelled.
import builtins as _b
import _tenscan as _t
from tensorflow._core import convert_to_tensor, dims_text, graph_context, _new, _shape, unknown_in


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"), name=None):
    # (NonMaxSuppressionV3's shape function: boxes rank 2, scores rank 1, then one count of boxes
    # for both, then 4 coordinates a box)
    if unknown_in(boxes, scores):
        return _t.unknown("non_max_suppression()")
    b, s = convert_to_tensor(boxes), convert_to_tensor(scores)
    sb, ss = _shape(b), _shape(s)
    context = graph_context("NonMaxSuppressionV3", "NonMaxSuppressionV3", [sb, ss, (), (), ()])
    for x, sx, rank, what in ((b, sb, 2, "the boxes"), (s, ss, 1, "the scores")):
        if not _t.require(_b.len(sx) == rank, "shape/rank", "Shape must be rank ", rank, " but is rank ", _b.len(sx), *context,
                          related=((x, what + " got their shape here"),)):
            return _t.unknown("a failed NonMaxSuppressionV3")
    if not _t.require(sb[0] == ss[0], "shape/size-mismatch", "Dimensions must be equal, but are ", sb[0], " and ", ss[0],
                      *context):
        return _t.unknown("a failed NonMaxSuppressionV3")
    if not _t.require(sb[1] == 4, "shape/size-mismatch", "Dimension must be 4 but is ", sb[1], *context):
        return _t.unknown("a failed NonMaxSuppressionV3")
    n = _t.symbol("the number of boxes kept", 0, "data", max_output_size if _t.const_int(max_output_size) is not None else None)
    return _new((n,), "int32")


def random_crop(value, size, seed=None, name=None):
    # random_ops.random_crop compares tf.shape(value) >= size elementwise: a size of another
    # length than value's rank fails there, before the crop
    if unknown_in(value):
        return _t.unknown("random_crop()")
    v = convert_to_tensor(value)
    s = _shape(v)
    dims = _b.tuple(size)
    if not _t.require(_b.len(dims) == _b.len(s), "shape/rank", "Dimensions must be equal, but are ", _b.len(s), " and ",
                      _b.len(dims), *graph_context("random_crop/GreaterEqual", "GreaterEqual", [(_b.len(s),), (_b.len(dims),)]),
                      " (the size gives ", _b.len(dims), " dims for a tensor of rank ", _b.len(s), ")",
                      related=((v, "the tensor got its shape here"),)):
        return _t.unknown("a failed random_crop")
    ok = True
    for i in _b.range(_b.len(s)):
        ok = ok & (s[i] >= dims[i])
    if not _t.require(ok, "shape/size-mismatch", "assertion failed: [Need value.shape >= size, got ] ",
                      *(dims_text(s) + [" "] + dims_text(dims))):
        return _t.unknown("a failed random_crop")
    return _new(dims, _t.dtype(v))
