# tf.math: the ops of tensorflow/_core.py under their tf.math names, and confusion_matrix
import builtins as _b
import _tenscan as _t
from tensorflow._core import convert_to_tensor, _new, _shape, static_text, unknown_in
from tensorflow._core import (add, subtract, multiply, divide, pow, maximum, minimum, sqrt, exp, square, abs, reduce_sum,
                              reduce_mean, reduce_max, reduce_min, reduce_prod, argmax, argmin)
from tensorflow._core import exp as log
from tensorflow._core import exp as sigmoid
from tensorflow._core import exp as tanh


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype="int32", name=None):
    # (confusion_matrix.py: after removing a squeezable trailing 1, the labels and predictions
    # are stacked into the indices of a SparseTensor, which takes a matrix: 1-D inputs only)
    if unknown_in(labels, predictions):
        return _t.unknown("confusion_matrix()")
    lb, pr = convert_to_tensor(labels), convert_to_tensor(predictions)
    sl, sp = _shape(lb), _shape(pr)
    if _b.len(sl) == _b.len(sp) + 1 and _t.const_int(sl[-1]) == 1:
        sl = sl[:-1]
    elif _b.len(sp) == _b.len(sl) + 1 and _t.const_int(sp[-1]) == 1:
        sp = sp[:-1]
    if _b.len(sl) == _b.len(sp):
        indices = (sl[0], 2) + _b.tuple(sl[1:]) if _b.len(sl) > 0 else (2,)
        if not _t.require(_b.len(indices) == 2, "shape/rank", "Shape ", *(static_text(indices) + [" must have rank 2"]),
                          ": confusion_matrix takes 1-D labels and predictions (class indices), got ",
                          *(static_text(sl) + [" and "] + static_text(sp)),
                          related=((lb, "the labels got their shape here"), (pr, "the predictions got their shape here"))):
            return _t.unknown("a failed confusion_matrix")
    n = num_classes if num_classes is not None else _t.symbol("the number of classes", 1, "data")
    return _new((n, n), dtype)
