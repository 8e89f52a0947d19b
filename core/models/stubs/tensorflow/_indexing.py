# tf.gather and tf.gather_nd: which axes of params the indices replace, with the checks of
# TensorFlow's shape functions (GatherV2, GatherNd). The indices' values are not checked here.
import builtins as _b
import _tenscan as _t
from tensorflow._core import convert_to_tensor, dims_text, graph_context, _new, _shape, unknown_in


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    if unknown_in(params, indices):
        return _t.unknown("gather()")
    p, ix = convert_to_tensor(params), convert_to_tensor(indices)
    sp, si = _shape(p), _shape(ix)
    r = _b.len(sp)
    ax = 0 if axis is None else axis
    if not _t.require((ax >= -r) & (ax < r), "shape/dim-out-of-range", "Shape must be at least rank ",
                      (ax if ax >= 0 else -ax - 1) + 1, " but is rank ", r,
                      *graph_context("GatherV2", "GatherV2", [sp, si, ()]),
                      related=((p, "params got its rank here", "rank"),)):
        return _t.unknown("a failed GatherV2")
    a = ax % r if r > 0 else 0
    return _new(sp[:a] + si[batch_dims:] + sp[a + 1:], _t.dtype(p), made_from=p)


def gather_nd(params, indices, batch_dims=0, name=None):
    if unknown_in(params, indices):
        return _t.unknown("gather_nd()")
    p, ix = convert_to_tensor(params), convert_to_tensor(indices)
    sp, si = _shape(p), _shape(ix)
    if not _t.require(_b.len(si) >= 1, "shape/rank", "Shape must be at least rank 1 but is rank 0",
                      *graph_context("GatherNd", "GatherNd", [sp, si])):
        return _t.unknown("a failed GatherNd")
    depth = si[-1]
    if not _t.require(depth <= _b.len(sp) - batch_dims, "shape/dim-out-of-range",
                      "indices.shape[-1] must be <= params.rank, but saw indices shape: ",
                      *(dims_text(si) + [" and params shape: "] + dims_text(sp) +
                        graph_context("GatherNd", "GatherNd", [sp, si])),
                      related=((ix, "the indices got their shape here"), (p, "params got its rank here", "rank"))):
        return _t.unknown("a failed GatherNd")
    k = _t.const_int(depth)
    if k is None:
        return _t.unknown("gather_nd()")
    return _new(si[:-1] + sp[batch_dims + k:], _t.dtype(p), made_from=p)
