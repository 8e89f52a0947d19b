# torch.sparse and sparse COO tensors, as Python that tenscan interprets. A sparse tensor has a
# shape and a dtype like a dense one (the shape primitives apply to it unchanged); what makes it
# sparse is its class, _SparseTensor, a Tensor subclass that torch.sparse_coo_tensor and
# Tensor.to_sparse make and that the operations keeping the layout (to, t, detach, x * 2,
# coalesce, ...) make again. Results of every other operation are dense: a sparse tensor that
# went through an operation not modelled here looks dense (is_sparse False), so only
# requirements on tensors known to be sparse are checked, never "this must be sparse".
import builtins as _b
import _tenscan as _t
import torch


class _SparseTensor(torch.Tensor):
    """A sparse COO tensor: `sparse_dim` leading sparse dims (the rest dense), `nnz` stored
    elements, coalesced or not (indices()/values() need a coalesced one)."""

    def __init__(self, _tensor=None, sparse_dim=None, nnz=None, coalesced=False):
        _t.set_tensor(self, _tensor)
        self._tenscan_sparse_dim = _t.ndim(self) if sparse_dim is None else sparse_dim
        self._tenscan_nnz = _t.symbol("nnz", 0, "data") if nnz is None else nnz
        self._tenscan_coalesced = coalesced

    def _keep(self, t, coalesced=None):
        # the same layout for an operation's result (a dense result stays dense)
        if not _t.is_tensor(t) or _b.isinstance(t, _SparseTensor):
            return t
        return _SparseTensor(t, self._tenscan_sparse_dim, self._tenscan_nnz,
                             self._tenscan_coalesced if coalesced is None else coalesced)

    # -- layout --
    @property
    def is_sparse(self):
        return True

    @property
    def layout(self):
        return torch.sparse_coo

    def sparse_dim(self):
        return self._tenscan_sparse_dim

    def dense_dim(self):
        return _t.ndim(self) - self._tenscan_sparse_dim

    def _nnz(self):
        return self._tenscan_nnz

    def is_coalesced(self):
        return self._tenscan_coalesced

    def coalesce(self):
        if self._tenscan_coalesced:
            return self
        return _SparseTensor(_t.same(self), self._tenscan_sparse_dim, None, True)

    def to_dense(self, dtype=None):
        d = torch._dtype_name(dtype)
        return _t.same(self) if d is None else _t.with_dtype(self, d)

    def to_sparse(self, sparse_dim=None):
        _t.require(False, "hparam/invalid-value", "to_sparse() of a tensor that is already sparse: aten::to_sparse has ",
                   "no SparseCPU kernel in torch 1.13 (call it on the dense tensor, or drop it)")
        return _t.unranked(self)

    def _components(self, what):
        if not _t.require(self._tenscan_coalesced, "hparam/invalid-value", "Cannot get ", what, " on an uncoalesced ",
                          "tensor, please call .coalesce() first"):
            return None
        return self._parts(what)

    def _parts(self, what):
        if what == "indices":
            return _t.new((self._tenscan_sparse_dim, self._tenscan_nnz), "int64")
        dense = _b.tuple(_t.shape(self))[self._tenscan_sparse_dim:]
        return _t.with_dtype(_t.new((self._tenscan_nnz,) + dense, "float32"), _t.dtype(self))

    def indices(self):
        r = self._components("indices")
        return _t.unranked("int64") if r is None else r

    def values(self):
        r = self._components("values")
        return _t.unranked(self) if r is None else r

    def _indices(self):
        return self._parts("indices")

    def _values(self):
        return self._parts("values")

    # -- operations that keep the layout --
    def to(self, *args, **kwargs):
        return self._keep(torch.Tensor.to(self, *args, **kwargs), False)

    def cuda(self, *args, **kwargs):
        return self

    def cpu(self):
        return self

    def float(self):
        return self._keep(_t.with_dtype(self, "float32"), False)

    def double(self):
        return self._keep(_t.with_dtype(self, "float64"), False)

    def half(self):
        return self._keep(_t.with_dtype(self, "float16"), False)

    def long(self):
        return self._keep(_t.with_dtype(self, "int64"), False)

    def int(self):
        return self._keep(_t.with_dtype(self, "int32"), False)

    def detach(self):
        return self._keep(_t.same(self), False)

    def clone(self, *args, **kwargs):
        return self._keep(_t.same(self), False)

    def requires_grad_(self, requires_grad=True):
        return self

    def t(self):
        return self._keep(torch.Tensor.t(self), False)

    def transpose(self, dim0, dim1):
        return self._keep(torch.Tensor.transpose(self, dim0, dim1), False)

    def __neg__(self):
        return self._keep(_t.same(self), False)

    def __mul__(self, other):
        r = torch.Tensor.__mul__(self, other)
        return r if _t.is_tensor(other) else self._keep(r, False)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __truediv__(self, other):
        r = torch.Tensor.__truediv__(self, other)
        return r if _t.is_tensor(other) else self._keep(r, False)

    def __add__(self, other):
        if _b.isinstance(other, _SparseTensor):
            if not _t.require(_same_size(self, other), "shape/size-mismatch", "add: expected sizes of ",
                              "'self' and 'other' to match, but ", self, " != ", other):
                return _t.unranked(self)
            return self._keep(_t.elementwise(self, other, "+"), False)
        if _t.is_tensor(other):
            _t.require(False, "hparam/invalid-value", "add(sparse, dense) is not supported. Use add(dense, sparse) instead.")
            return _t.unranked(self)
        return torch.Tensor.__add__(self, other)

    def mm(self, mat2):
        return mm(self, mat2)


def _same_size(a, b):
    """Whether two tensors have the same shape (true when either rank is not known)."""
    sa, sb = _t.shape(a), _t.shape(b)
    if _t.is_unknown(sa) or _t.is_unknown(sb):
        return True
    if _b.len(sa) != _b.len(sb):
        return False
    ok = True
    for x, y in _b.zip(sa, sb):
        ok = ok & (x == y)
    return ok


def _dense_plus_sparse(dense, sp):
    """dense + sparse: a dense result; no broadcasting between the two (torch 1.13)."""
    if not _t.require(_same_size(dense, sp), "shape/size-mismatch", "add: expected 'self' and 'other' ",
                      "to have same size, but self has size ", dense, " while other has size ", sp,
                      " (FYI: dense-sparse addition does not currently support broadcasting)"):
        return _t.unranked(dense)
    return _t.elementwise(dense, sp, "+")


def _as_tensor(x, dtype=None):
    if _t.is_tensor(x):
        return x
    return torch.tensor(x, dtype)


def _coo(indices, values, size, dtype):
    """torch.sparse_coo_tensor(indices, values, size): indices is sparse_dim x nnz, values is
    nnz followed by the dense dims; size has sparse_dim + dense_dim entries whose dense part is
    values' (without size, the sparse dims are the largest index + 1: data)."""
    indices = _as_tensor(indices)
    values = _as_tensor(values)
    d = torch._dtype_name(dtype)
    if d is not None:
        values = _t.with_dtype(values, d)
    ishape = _t.shape(indices)
    vshape = _t.shape(values)
    if _t.is_unknown(ishape) or _t.is_unknown(vshape):
        return _SparseTensor(_t.unranked(values), None, None, False)
    if not _t.require(_b.len(ishape) == 2, "shape/rank", "indices must be sparse_dim x nnz, but got: ", indices):
        return _SparseTensor(_t.unranked(values), None, None, False)
    sparse_dim = ishape[0]
    nnz = ishape[1]
    vnnz = vshape[0] if _b.len(vshape) >= 1 else 1
    if not _t.require(nnz == vnnz, "shape/size-mismatch", "indices and values must have same nnz, but got nnz from ",
                      "indices: ", nnz, ", nnz from values: ", vnnz, " (indices ", indices, ", values ", values, ")"):
        return _SparseTensor(_t.unranked(values), None, None, False)
    dense = _b.tuple(vshape)[1:]
    k = _t.const_int(sparse_dim)
    if size is None:
        if k is None:
            return _SparseTensor(_t.unranked(values), None, nnz, False)
        sparse = _b.tuple([_t.symbol("sparse size", 0, "data") for _ in _b.range(k)])
        return _SparseTensor(_t.new(sparse + dense, _t.dtype(values)), sparse_dim, nnz, False)
    size = _b.tuple(size)
    if not _t.require(_b.len(size) == sparse_dim + _b.len(dense), "shape/size-mismatch", "number of dimensions must be ",
                      "sparse_dim (", sparse_dim, ") + dense_dim (", _b.len(dense), "), but got ", _b.len(size),
                      " (size ", size, ")"):
        return _SparseTensor(_t.unranked(values), None, None, False)
    if k is not None and _b.len(dense) > 0:
        ok = True
        for x, y in _b.zip(size[k:], dense):
            ok = ok & (x == y)
        if not _t.require(ok, "shape/size-mismatch", "values has incorrect size, expected ", [nnz] + _b.list(size[k:]),
                          ", got ", values):
            return _SparseTensor(_t.unranked(values), None, None, False)
    return _SparseTensor(_t.new(size, _t.dtype(values)), sparse_dim, nnz, False)


def _to_sparse(t, sparse_dim):
    n = _t.ndim(t)
    if sparse_dim is not None and not _t.is_unknown(n) and \
            not _t.require(sparse_dim <= n, "hparam/invalid-value", "sparse_dim must be less than or equal to self.dim() ",
                           "(to_sparse(", sparse_dim, ") of a tensor of shape ", t, ")"):
        return _t.unranked(t)
    return _SparseTensor(_t.same(t), sparse_dim, None, True)


# ---- torch.sparse ----------------------------------------------------------------------------
def mm(mat1, mat2):
    """torch.sparse.mm / torch.spmm: the requirements of torch.mm (2-D operands, inner sizes
    equal, same dtype); sparse x sparse gives a sparse (coalesced) result, else dense."""
    r = _t.mm(mat1, mat2)
    if _b.isinstance(mat1, _SparseTensor) and _b.isinstance(mat2, _SparseTensor) and _t.is_tensor(r):
        return _SparseTensor(r, 2, None, True)
    return r


def sum(input, dim=None, dtype=None):
    """Sums over all dims (a dense 0-d result) or over `dim`: sparse while dims remain in the
    sparse part, dense once every sparse dim is summed."""
    if dim is None:
        return _t.reduce(input, None, False, torch._dtype_name(dtype))
    dims = [dim] if _b.isinstance(dim, int) else _b.list(dim)
    r = _t.reduce(input, dims, False, torch._dtype_name(dtype))
    if _b.isinstance(input, _SparseTensor) and _t.is_tensor(r):
        k = _t.const_int(input._tenscan_sparse_dim)
        n = _t.const_int(_t.ndim(input))
        if k is not None and n is not None:
            summed = _b.len([x for x in dims if (x + n if x < 0 else x) < k])
            if summed < k:
                return _SparseTensor(r, k - summed, None, True)
    return r


def softmax(input, dim, dtype=None):
    _t.check_dim(input, dim, "softmax()", False)
    r = _t.same(input) if dtype is None else _t.with_dtype(input, torch._dtype_name(dtype))
    return input._keep(r, True) if _b.isinstance(input, _SparseTensor) else r


def log_softmax(input, dim, dtype=None):
    return softmax(input, dim, dtype)
