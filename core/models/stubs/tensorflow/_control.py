# TensorFlow's control flow: tf.while_loop and tf.cond build their branches once, on tensors of
# the shapes any iteration may have, as TensorFlow's graph construction does. A loop variable
# keeps its shape across iterations unless its shape invariant leaves some of it open; the
# checks and their words are control_flow_ops' (_SetShapeInvariants, _EnforceShapeInvariant).
import builtins as _b
import _tenscan as _t
from tensorflow._core import TensorShape, _new, _shape, static_text, unknown_in


def _invariant_dims(inv):
    """A shape invariant as a tuple of dims (None: any size), or None when it is not a shape
    (a tensor such as tf.shape(x) is what it must not be)."""
    if _b.isinstance(inv, TensorShape) and not inv._dynamic:
        return _b.tuple(inv._dims) if inv._dims is not None else None
    if _b.isinstance(inv, (list, tuple)):
        return _b.tuple(inv)
    return None


def _fits(shape, dims):
    """Whether a shape is at least as specific as a shape invariant (_ShapeLessThanOrEqual)."""
    if _b.len(shape) != _b.len(dims):
        return False
    ok = True
    for i in _b.range(_b.len(dims)):
        if dims[i] is not None:
            ok = ok & (shape[i] == dims[i])
    return ok


def _any_iteration(v, dims):
    """The loop variable as the body sees it: of the invariant's shape, a size it leaves open
    unknown (each iteration may have another)."""
    sizes = [d if d is not None else _t.symbol("a size the loop changes", 0, "data") for d in dims]
    return _new(_b.tuple(sizes), _t.dtype(v))


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None, return_same_structure=False):
    single = not _b.isinstance(loop_vars, (list, tuple))
    vars_ = [loop_vars] if single else _b.list(loop_vars)
    invs = None
    if shape_invariants is not None:
        invs = [shape_invariants] if single else _b.list(shape_invariants)
    state = []
    dims_of = []
    for i in _b.range(_b.len(vars_)):
        v = vars_[i]
        if not _t.is_tensor(v) or unknown_in(v):
            state.append(v)
            dims_of.append(None)
            continue
        s = _shape(v)
        dims = s
        if invs is not None and i < _b.len(invs) and invs[i] is not None:
            dims = _invariant_dims(invs[i])
            if dims is None:
                _t.require(False, "hparam/invalid-value", "`shapes` must be a (possibly nested) list of shapes.",
                           " (shape_invariants[", i, "] is not a TensorShape: a shape invariant is a static shape,",
                           " x.get_shape() or tf.TensorShape([None, 3]), not a tensor such as tf.shape(x))")
                return _t.unknown("a failed while_loop")
            text = (["The shape invariant specified for loop variable ", i, " is not compatible with the initial shape of ",
                     "the loop variable. It enters the loop with shape "] + static_text(s) +
                    [", but the specified shape invariant is "] + static_text(dims) + ["."])
            if _b.len(s) != _b.len(dims):
                _t.require(False, "shape/rank", *text)
                return _t.unknown("a failed while_loop")
            if not _t.require(_fits(s, dims), "shape/size-mismatch", *text):
                return _t.unknown("a failed while_loop")
        dims_of.append(dims)
        state.append(_any_iteration(v, dims) if None in dims else v)
    cond(*state)
    out = body(*state)
    outs = [out] if single else _b.list(out)
    for i in _b.range(_b.min(_b.len(outs), _b.len(state))):
        o, dims = outs[i], dims_of[i]
        if dims is None or not _t.is_tensor(o) or unknown_in(o):
            continue
        s = _shape(o)
        # (TensorFlow names the tensor, "Input tensor 'Const_1:0' enters ...": tenscan numbers it)
        if not _t.require(_fits(s, dims), "shape/size-mismatch", "Loop variable ", i, " enters the loop with shape ",
                          *(static_text(dims) + [", but has shape "] + static_text(s) + [
                              " after one iteration. To allow the shape to vary across iterations, use the ",
                              "`shape_invariants` argument of tf.while_loop to specify a less-specific shape."])):
            return _t.unknown("a failed while_loop")
    # after the loop: any iteration's values
    return state[0] if single else state


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None):
    a = true_fn() if true_fn is not None else None
    b = false_fn() if false_fn is not None else None
    if _t.is_tensor(a) and _t.is_tensor(b) and not unknown_in(a, b):
        sa, sb = _shape(a), _shape(b)
        if _b.len(sa) == _b.len(sb):
            # (the result has the two branches' shape where they agree, an unknown size elsewhere)
            agree = [_t.const_int(sa[i] - sb[i]) == 0 for i in _b.range(_b.len(sa))]
            if False not in agree:
                return a
            return _new(_b.tuple([sa[i] if agree[i] else _t.symbol("a size the branch decides", 0, "data")
                                  for i in _b.range(_b.len(sa))]), _t.dtype(a))
        return _t.unknown("cond()")
    return a if a is not None else b
