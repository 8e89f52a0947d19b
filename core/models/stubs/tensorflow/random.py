# tf.random: tensors of the requested shape (their values are not modelled)
import builtins as _b
import _tenscan as _t
from tensorflow._core import _new, _shape, convert_to_tensor as _tensor


def normal(shape, mean=0.0, stddev=1.0, dtype="float32", seed=None, name=None):
    return _new(_b.tuple(shape), dtype)


def uniform(shape, minval=0, maxval=None, dtype="float32", seed=None, name=None):
    return _new(_b.tuple(shape), dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype="float32", seed=None, name=None):
    return _new(_b.tuple(shape), dtype)


def shuffle(value, seed=None, name=None):
    t = _tensor(value)
    return _new(_shape(t), _t.dtype(t))


def set_seed(seed):
    pass
