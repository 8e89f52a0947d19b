# torch.testing (torch 1.13): assert_close fails when the two tensors' shapes or dtypes differ
# (an AssertionError naming the attribute, as torch's message does); whether their values are
# close is the data's.
import _tenscan as _t
from torch.nn.functional import _same_shape

_NAMES = {"float32": "torch.float32", "float64": "torch.float64", "float16": "torch.float16",
          "bfloat16": "torch.bfloat16", "int64": "torch.int64", "int32": "torch.int32", "int16": "torch.int16",
          "int8": "torch.int8", "uint8": "torch.uint8", "bool": "torch.bool"}


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    if not (_t.is_tensor(actual) and _t.is_tensor(expected)):
        return None
    _t.require(_same_shape(actual, expected), "shape/size-mismatch", "assert_close: the values for attribute 'shape' ",
               "do not match: ", actual, " != ", expected)
    a, b = _t.dtype(actual), _t.dtype(expected)
    if check_dtype and not _t.is_unknown(a) and not _t.is_unknown(b):
        _t.require(a == b, "dtype/mismatch", "assert_close: the values for attribute 'dtype' do not match: ",
                   _NAMES.get(a, a), " != ", _NAMES.get(b, b))
    return None


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    # (deprecated in 1.12: the expected value is broadcast to the actual one's shape)
    if _t.is_tensor(actual) and _t.is_tensor(expected):
        _t.elementwise(actual, expected, "assert_allclose", "bool")
    return None


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False, memory_format=None):
    import torch
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = shape[0]
    return torch.empty(*shape, dtype=dtype, device=device)
