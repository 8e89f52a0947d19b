# keras.utils
import builtins as _b
import _tenscan as _t
from keras import _tensors as _k


def to_categorical(y, num_classes=None, dtype="float32"):
    """One-hot rows: (N,) or (N, 1) class indices -> (N, num_classes)."""
    import numpy as _np
    s = _k.shape_of(y)
    if s is None:
        return _t.unknown("to_categorical()")
    if _b.len(s) > 1 and s[-1] == 1:
        s = s[:-1]
    if num_classes is None:
        num_classes = _t.symbol("the number of classes (the largest label + 1)", 1, "data")
    return _np.zeros(_b.tuple(s) + (num_classes,), dtype=dtype)


def set_random_seed(seed):
    pass


def plot_model(*args, **kwargs):
    pass
