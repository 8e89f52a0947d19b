# tf.sets: set operations along the last axis of tensors of rank >= 2 (DenseToDenseSetOperation).
import builtins as _b
import _tenscan as _t
from tensorflow._core import convert_to_tensor, graph_context, _shape, unknown_in


def _set_operation(op):
    def operation(a, b, validate_indices=True):
        if unknown_in(a, b):
            return _t.unknown(op + "()")
        xa, xb = convert_to_tensor(a), convert_to_tensor(b)
        context = graph_context("DenseToDenseSetOperation", "DenseToDenseSetOperation", [_shape(xa), _shape(xb)])
        for x in (xa, xb):
            s = _shape(x)
            if not _t.require(_b.len(s) >= 2, "shape/rank", "Shape must be at least rank 2 but is rank ", _b.len(s), *context,
                              related=((x, "this operand got its shape here"),)):
                return _t.unknown("a failed DenseToDenseSetOperation")
        return _t.unknown("a SparseTensor of the " + op)  # (its dense shape depends on the values)
    return operation


intersection = set_intersection = _set_operation("intersection")
union = set_union = _set_operation("union")
difference = set_difference = _set_operation("difference")
