# TensorFlow 1.x graph code (tf.compat.v1, and the TF1 programs that call it as tf.*):
# placeholders whose None dimensions are symbols, and Session.run / Tensor.eval / Operation.run
# with a feed_dict, whose values must have the placeholders' static shapes (TensorFlow: "Cannot
# feed value of shape (100, 28, 28) for Tensor 'Placeholder:0', which has shape '(?, 784)'").
# Ops on graph tensors are tensorflow/_core.py's, checked when the graph is built.
import builtins as _b
import _tenscan as _t
from tensorflow import _core
from tensorflow._core import Tensor, _new, _shape, dtype_name, unknown_in
from keras import _tensors as _k
from tensorflow.math import log  # noqa: F401 (TF1's tf.log)

_COUNTS = {}
_GRAPH = []  # non-empty once the program builds a TensorFlow 1 graph (a placeholder, a session)


def graph_code():
    """Whether the program is TensorFlow 1 graph code (it made a placeholder or a session, or
    turned v2 behaviour off): tf.losses are then losses_impl's, not Keras's."""
    return _b.len(_GRAPH) > 0


def _graph_built():
    if not _GRAPH:  # (once: a session made in a loop must leave the loop's state as it was)
        _GRAPH.append(True)


def _batch():
    # each placeholder's None first dimension is its own batch size, decided by the runs that
    # feed it (_tenscan.fed): the inputs and the labels of a step are usually fed together, but
    # not always alike (a GAN's discriminator targets are two batches long). TensorFlow builds
    # the graph for any sizes; a batch is never empty.
    return _t.symbol("the batch size (a placeholder's None dimension)", 1, "input", fed=True)


def _none_dim():
    # a None dimension after the first: not a batch, so not one the runs are taken to feed alike
    return _t.symbol("a placeholder's None dimension", 1, "input")


def _graph_name(base):
    if _t.const_str(base) is None:
        return base  # (a name tenscan cannot spell: counting it in _COUNTS would split the path)
    n = _COUNTS.get(base, 0)
    _COUNTS[base] = n + 1
    return (base if n == 0 else base + "_" + _b.str(n)) + ":0"


class _Placeholder(Tensor):
    def __init__(self, dtype, shape, name):
        _graph_built()
        # (an int is a 1-D shape, as tensor_shape.as_shape makes it: shape=(1) is [1])
        self._static = None if shape is None else (shape,) if _b.isinstance(shape, int) else _b.tuple(shape)
        dims = ()
        if self._static is not None:
            dims = _b.tuple([(_batch() if i == 0 else _none_dim())
                             if self._static[i] is None else self._static[i] for i in _b.range(_b.len(self._static))])
        Tensor.__init__(self, _tensor=_t.new(dims, dtype_name(dtype, "float32")) if self._static is not None
                        else _t.unranked(_t.new((), dtype_name(dtype, "float32"))))
        self.name = _graph_name(name if name is not None else "Placeholder")
        self._replays = []  # (the ops built on it while its rank is unknown: graph_op)

    def _static_text(self):
        return ["'"] + _core.static_text(self._static) + ["'"]


def placeholder(dtype, shape=None, name=None):
    return _Placeholder(dtype, shape, name)


def placeholder_with_default(input, shape, name=None):
    return _Placeholder(_t.dtype(_core.convert_to_tensor(input)), shape, name)


class _OpSite:
    """Made where the project builds a graph op (its allocation site is the op's place)."""


def graph_op(fn):
    """A TensorFlow 1 op whose operands may include a placeholder of unknown rank: nothing about
    that operand is known when the graph is built, so the op is checked again on the value each
    run feeds it (ShapeTracer: an unknown rank is decided by the value), its requirements
    reported at the op, as TensorFlow's run-time error names the op."""
    def op(*args, **kwargs):
        waiting = [a for a in _b.list(args) + _b.list(kwargs.values())
                   if _b.isinstance(a, _Placeholder) and a._static is None]
        if waiting:
            site = _OpSite()
            for p in waiting:
                if _b.len(p._replays) < 16:  # (a graph built in a loop: its first ops)
                    p._replays.append((fn, args, kwargs, site))
        return fn(*args, **kwargs)
    return op


def _replay(placeholder, value, sizes):
    """The ops built on a placeholder of unknown rank, checked on the value a run feeds it (and
    on the sizes it feeds the other placeholders' None dimensions, (dim, size) pairs)."""
    fed = _core.convert_to_tensor(value, dtype=_t.dtype(placeholder))  # (TensorFlow casts a fed value)
    if unknown_in(fed):
        return
    for fn, args, kwargs, site in placeholder._replays:
        _t.replay_at(site, sizes)
        try:
            fn(*[fed if x is placeholder else x for x in args],
               **{k: (fed if x is placeholder else x) for k, x in kwargs.items()})
        finally:
            _t.replay_at(None)


def _check_feed(feed_dict):
    """Each fed value against its placeholder, and the graph's requirements decided for the sizes
    fed; returns those sizes ((dim, size) pairs: what the run's results have)."""
    if _t.is_unknown(feed_dict) or not _b.isinstance(feed_dict, dict):
        return []
    # (the None dimensions' fed sizes: what the ops on a placeholder of unknown rank see; a size
    # tenscan does not know, a loop's last partial batch, leaves them unchecked on that run)
    sizes, exact = [], True
    for k, v in feed_dict.items():
        if not _b.isinstance(k, _Placeholder) or k._static is None or _t.is_unknown(v):
            continue
        if _t.is_tensor(v):
            if _t.const_int(_t.ndim(v)) is None:
                continue
            got = _b.tuple(_t.shape(v))
        elif _b.isinstance(v, (int, float)):
            got = ()
        else:
            import numpy as _np
            a = _np.asarray(v)
            if not _t.is_tensor(a) or _t.const_int(_t.ndim(a)) is None:
                continue
            got = _b.tuple(_t.shape(a))
        ok = _b.len(got) == _b.len(k._static)
        if ok:
            for i in _b.range(_b.len(got)):
                if k._static[i] is not None:
                    ok = ok & (got[i] == k._static[i])
        text = ["Cannot feed value of shape "] + _k.shape_text(got, False) + [" for Tensor '", k.name, "', which has shape "] + k._static_text()
        where = ((k, "the placeholder is declared here"), (v, "the fed value got its shape here"))
        if _b.len(got) != _b.len(k._static):
            _t.require(False, "shape/rank", *text, related=where)
        elif _t.require(ok, "shape/size-mismatch", *text, related=where):
            # the graph runs on the fed sizes: what it requires of the None dimensions is
            # decided for them (see _tenscan.fed)
            dims = _b.tuple(_t.shape(k))
            for i in _b.range(_b.len(got)):
                if k._static[i] is None and _t.const_int(got[i]) is not None:
                    sizes.append((dims[i], got[i]))
                elif k._static[i] is None:
                    exact = False
    _t.fed(sizes)
    for k, v in feed_dict.items():
        if exact and _b.isinstance(k, _Placeholder) and k._static is None and k._replays and not _t.is_unknown(v):
            _replay(k, v, sizes)
    return sizes


def _run_size(d, sizes):
    """A dim of a fetched tensor: the size the run fed, where it is a placeholder's None one."""
    for s, n in sizes:
        if _t.const_int(d - s) == 0:
            return n
    return d


def _fetch(f, sizes=()):
    if _t.is_unknown(f):
        return f  # (an op tenscan does not model: its value is unknown too)
    if _b.isinstance(f, (list, tuple)):
        return [_fetch(x, sizes) for x in f]
    if _b.isinstance(f, dict):
        return {k: _fetch(v, sizes) for k, v in f.items()}
    if _t.is_tensor(f) and _t.const_int(_t.ndim(f)) is not None:
        import numpy as _np
        return _np.zeros(_b.tuple([_run_size(d, sizes) for d in _t.shape(f)]), dtype=_t.dtype(f))
    return _t.unknown("a fetched value")


class Session:
    def __init__(self, target="", graph=None, config=None):
        _graph_built()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _fetch(fetches, _check_feed(feed_dict))

    def close(self):
        pass

    def as_default(self):
        return self


InteractiveSession = Session


class Operation:
    def run(self, feed_dict=None, session=None):
        _check_feed(feed_dict)


def evaluate(tensor, feed_dict=None):
    """Tensor.eval(feed_dict=...)"""
    return _fetch(tensor, _check_feed(feed_dict))


def global_variables_initializer():
    return Operation()


initialize_all_variables = global_variables_initializer
local_variables_initializer = global_variables_initializer


def reset_default_graph():
    pass


def set_random_seed(seed):
    pass


class variable_scope:
    """TensorFlow 1's variable and name scopes: names only, no shape depends on them."""

    def __init__(self, name_or_scope=None, default_name=None, values=None, reuse=None, **kwargs):
        self.name = name_or_scope if _b.isinstance(name_or_scope, str) else (default_name or "")
        self.reuse = reuse

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def reuse_variables(self):
        self.reuse = True


name_scope = variable_scope
AUTO_REUSE = "AUTO_REUSE"


def get_variable_scope():
    return variable_scope("")


def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    # TF1's Assign: with validate_shape, the default, its shape function merges the value's
    # shape into the variable's (InferenceContext::Merge)
    if validate_shape is False or not _b.isinstance(ref, _core.Variable) or unknown_in(value):
        return ref
    v = _core.convert_to_tensor(value)
    sr, sv = _shape(ref), _shape(v)
    context = _core.graph_context("Assign", "Assign", [sr, sv])
    where = ((v, "the value got its shape here"),)
    if _b.len(sr) != _b.len(sv):
        _t.require(False, "shape/rank", "Shapes must be equal rank, but are ", _b.len(sr), " and ", _b.len(sv), *context,
                   related=where)
        return ref
    for i in _b.range(_b.len(sr)):
        if not _t.require(sr[i] == sv[i], "shape/size-mismatch", "Dimension ", i, " in both shapes must be equal, but are ",
                          sr[i], " and ", sv[i], ". Shapes are ", *(_core.dims_text(sr) + [" and "] + _core.dims_text(sv) +
                                                                    ["."] + context), related=where):
            return ref
    return ref


def get_variable(name, shape=None, dtype=None, initializer=None, **kwargs):
    if shape is None:
        return _core.Variable(initializer) if initializer is not None and not _b.callable(initializer) else _t.unknown(name)
    return _core.Variable(_new(_b.tuple(shape), dtype or "float32"))


class _Optimizer:
    def __init__(self, *args, **kwargs):
        pass

    def minimize(self, loss, global_step=None, var_list=None, **kwargs):
        return Operation()

    def compute_gradients(self, loss, var_list=None, **kwargs):
        return _t.unknown("compute_gradients()")

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        return Operation()


class train:
    GradientDescentOptimizer = _Optimizer
    AdamOptimizer = _Optimizer
    MomentumOptimizer = _Optimizer
    RMSPropOptimizer = _Optimizer
    AdagradOptimizer = _Optimizer

    class Saver:
        def __init__(self, *args, **kwargs):
            pass

        def save(self, *args, **kwargs):
            return ""

        def restore(self, *args, **kwargs):
            pass




def disable_v2_behavior():
    _graph_built()


def disable_eager_execution():
    _graph_built()
