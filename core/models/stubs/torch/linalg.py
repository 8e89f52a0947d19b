# torch.linalg: the norms, as torch/linalg (1.13) checks them, over the reduction primitive.
import builtins as _b
import _tenscan as _t
import torch

inf = float("inf")
_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2)


def _float_input(A, op):
    d = _t.dtype(A)
    return _t.is_unknown(d) or _t.require(_t.if_integral(A, True) is None, "dtype/mismatch", op,
                                           ": Expected a floating point or complex tensor as input. Got ", d)


def _dims(dim):
    if dim is None:
        return None
    if _b.isinstance(dim, int):
        return [dim]
    return _b.list(dim)


def vector_norm(x, ord=2, dim=None, keepdim=False, dtype=None, out=None):
    if not _float_input(x, "linalg.vector_norm"):
        return _t.unranked("float32")
    return _t.reduce(x, _dims(dim), keepdim, torch._dtype_name(dtype), "linalg.vector_norm()", True)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, dtype=None, out=None):
    if not _float_input(A, "linalg.matrix_norm"):
        return _t.unranked("float32")
    r = _t.const_int(_t.ndim(A))
    if r is not None and not _t.require(r >= 2, "shape/rank", "linalg.matrix_norm: The input tensor A must have at least 2 ",
                                        "dimensions (got shape ", A, ")"):
        return _t.unranked(A)
    dims = _dims(dim)
    if not _t.require(_b.len(dims) == 2, "hparam/invalid-value", "linalg.matrix_norm: dim must be a 2-tuple. Got ",
                      _b.len(dims) if _b.len(dims) != 1 else dims[0]):
        return _t.unranked(A)
    if not _t.require(ord in _MATRIX_ORDS or ord == inf or ord == -inf, "hparam/invalid-value", "linalg.matrix_norm: Order ",
                      ord, " not supported (use 'fro', 'nuc', inf, -inf, 1, -1, 2 or -2)"):
        return _t.unranked(A)
    return _t.reduce(A, dims, keepdim, torch._dtype_name(dtype), "linalg.matrix_norm()", True)


def norm(A, ord=None, dim=None, keepdim=False, out=None, dtype=None):
    """linalg.norm: a vector norm over one dim (or the whole flattened tensor), a matrix norm
    over two; an ord without dim needs a 1-D or 2-D input."""
    if dim is not None:
        dims = _dims(dim)
        if not _t.require((_b.len(dims) == 1) | (_b.len(dims) == 2), "hparam/invalid-value", "linalg.norm: If dim is ",
                          "specified, it must be of length 1 or 2. Got ", dims):
            return _t.unranked(A)
        if _b.len(dims) == 1:
            if _b.isinstance(ord, str):
                _t.require(False, "hparam/invalid-value", "linalg.matrix_norm: dim must be a 2-tuple. Got ", dims[0],
                           " (ord='", ord, "' is a matrix norm; give two dims)")
                return _t.unranked(A)
            return vector_norm(A, 2 if ord is None else ord, dims, keepdim, dtype)
        return matrix_norm(A, "fro" if ord is None else ord, dims, keepdim, dtype)
    if ord is None:
        return vector_norm(A, 2, None, keepdim, dtype)
    r = _t.const_int(_t.ndim(A))
    if r is None:
        return _t.unranked(A)
    if not _t.require((r == 1) | (r == 2), "shape/rank", "linalg.norm: If dim is not specified but ord is, the input must ",
                      "be 1D or 2D. Got ", r, "D (shape ", A, ")"):
        return _t.unranked(A)
    if r == 2:
        return matrix_norm(A, ord, (-2, -1), keepdim, dtype)
    if _b.isinstance(ord, str):
        _t.require(False, "shape/rank", "linalg.matrix_norm: The input tensor A must have at least 2 dimensions (ord='", ord,
                   "' on the 1-D input ", A, ")")
        return _t.unranked(A)
    return vector_norm(A, ord, None, keepdim, dtype)
