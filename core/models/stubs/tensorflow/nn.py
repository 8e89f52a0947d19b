# tf.nn: activations (shape-preserving), the cross-entropies with their labels/logits checks,
# conv2d on filter tensors and pooling, in TensorFlow's words.
import builtins as _b
import _tenscan as _t
from tensorflow._core import (convert_to_tensor as _tensor, wrap as _wrap, dims_text as _dims, _say, _new, _shape, unknown_in,
                              clashing_axes, graph_context)
from keras import _tensors as _k
from tensorflow._v1 import graph_op
from tensorflow import _rnn as rnn_cell  # (tf.nn.rnn_cell.BasicLSTMCell, ...)
from tensorflow._rnn import dynamic_rnn, bidirectional_dynamic_rnn, static_rnn


def _same(x, *args, **kwargs):
    if unknown_in(x):
        return x
    return _wrap(_t.like(_tensor(x)))


relu = _same
relu6 = _same
elu = _same
selu = _same
gelu = _same
sigmoid = _same
tanh = _same
softplus = _same
leaky_relu = _same
silu = _same


def _normalised(logits, axis, what):
    # (a softmax over an axis of size 1 is constant: shape/singleton-axis)
    if not unknown_in(logits):
        _t.constant_along(_tensor(logits), -1 if axis is None else axis, what, "axis")
    return _same(logits)


def softmax(logits, axis=None, name=None):
    return _normalised(logits, axis, "softmax")


def log_softmax(logits, axis=None, name=None):
    return _normalised(logits, axis, "log_softmax")


def dropout(x, *args, rate=None, keep_prob=None, noise_shape=None, seed=None, name=None):
    # TensorFlow 1's second parameter is keep_prob in (0, 1], TensorFlow 2's rate in [0, 1): a
    # positional one is checked against what both accept (a tensor, as a keep_prob
    # placeholder, not at all)
    if unknown_in(x):
        return _t.unknown("dropout()")
    if keep_prob is not None:
        _t.require(keep_prob > 0, "hparam/invalid-value", "keep_prob must be a scalar tensor or a float in the range (0, 1], got ", keep_prob)
        _t.require(keep_prob <= 1, "hparam/invalid-value", "keep_prob must be a scalar tensor or a float in the range (0, 1], got ", keep_prob)
    elif rate is not None:
        _t.require(rate >= 0, "hparam/invalid-value", "rate must be a scalar tensor or a float in the range [0, 1), got ", rate)
        _t.require(rate < 1, "hparam/invalid-value", "rate must be a scalar tensor or a float in the range [0, 1), got ", rate)
    elif _b.len(args) > 0:
        p = args[0]
        _t.require(p >= 0, "hparam/invalid-value", "rate (keep_prob in TensorFlow 1) must be a float in [0, 1], got ", p)
        _t.require(p <= 1, "hparam/invalid-value", "rate (keep_prob in TensorFlow 1) must be a float in [0, 1], got ", p)
    return _same(x)


def bias_add(value, bias, data_format=None, name=None):
    if unknown_in(value):
        return _t.unknown("bias_add()")
    v, b = _tensor(value), _tensor(bias)
    c = _shape(v)[1] if data_format == "NCHW" else _shape(v)[-1]
    _t.require(_shape(b)[0] == c, "shape/channels", *_say("Must provide as many biases as the last dimension of the input tensor: ",
                                                          _dims(_shape(b)), " vs. ", _dims(_shape(v))))
    return _same(v)


def _loss_where(lb, lg):
    """Where a cross-entropy's labels and logits were made (for a finding's related places): of
    the first axis where their sizes may differ (_core.clashing_axes), where each got that size."""
    sl, sg = _shape(lb), _shape(lg)
    clash = clashing_axes(sl, sg) if _b.len(sl) == _b.len(sg) else []
    if clash:
        i = clash[-1]  # (the first from the front)
        # (and where the logits were computed: the size may be right and its axis wrong)
        return ((lg, "the logits got this size here", i, lg), (lb, "the labels got this size here", i, lb),
                (lg, "the logits got their shape here"))
    return ((lg, "the logits got their shape here"), (lb, "the labels got their shape here"))


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    if unknown_in(labels, logits):
        return _t.unknown("a cross-entropy")
    lb, lg = _tensor(labels), _tensor(logits)
    sl, sg = _shape(lb), _shape(lg)
    same = _b.len(sl) == _b.len(sg)
    if same:
        for i in _b.range(_b.len(sl)):
            same = same & ((sl[i] == sg[i]) | (sl[i] == 1) | (sg[i] == 1))
    if not _t.require(same, "shape/loss-target", *_say("logits and labels must be broadcastable: logits_size=", _dims(sg),
                                                        " labels_size=", _dims(sl)), related=_loss_where(lb, lg)):
        return _t.unknown("a failed SoftmaxCrossEntropyWithLogits")
    # (logits of one class broadcast to more labels are no softmax over one)
    if -_b.len(sl) <= axis < _b.len(sl) and _t.const_int(sl[axis]) == 1:
        _t.constant_along(lg, axis, "softmax_cross_entropy_with_logits", "axis")
    return _new(sg[:-1], _t.dtype(lg))


# (a placeholder of unknown rank given to one is checked at the runs that feed it)
softmax_cross_entropy_with_logits = graph_op(softmax_cross_entropy_with_logits)
# (TensorFlow 1.5 to 1.15: the same op, its labels differentiable too)
softmax_cross_entropy_with_logits_v2 = softmax_cross_entropy_with_logits


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    if unknown_in(labels, logits):
        return _t.unknown("a cross-entropy")
    lb, lg = _tensor(labels), _tensor(logits)
    sl, sg = _shape(lb), _shape(lg)
    ok = _t.require(_b.len(sl) == _b.len(sg) - 1, "shape/loss-target", *_say(
        "Rank mismatch: Rank of labels (received ", _b.len(sl), ") should equal rank of logits minus 1 (received ",
        _b.len(sg), ")."), related=_loss_where(lb, lg))
    if ok:
        for i in _b.range(_b.len(sl)):
            ok = ok and _t.require(sl[i] == sg[i], "shape/loss-target", *_say(
                "logits and labels must have the same first dimension, got logits shape ", _dims(sg),
                " and labels shape ", _dims(sl)), related=_loss_where(lb, lg))
    if not ok:
        return _t.unknown("a failed SparseSoftmaxCrossEntropyWithLogits")
    _t.constant_along(lg, -1, "sparse_softmax_cross_entropy_with_logits", "axis")
    return _new(sl, _t.dtype(lg))


sparse_softmax_cross_entropy_with_logits = graph_op(sparse_softmax_cross_entropy_with_logits)


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    if unknown_in(labels, logits):
        return _t.unknown("a cross-entropy")
    lb, lg = _tensor(labels), _tensor(logits)
    sl, sg = _shape(lb), _shape(lg)
    if not _t.require(_k.same_dims(sl, sg), "shape/loss-target", *_say("logits and labels must have the same shape (", _dims(sg), " vs ",
                                                        _dims(sl), ")"), related=_loss_where(lb, lg)):
        return _t.unknown("a failed SigmoidCrossEntropyWithLogits")
    return _same(lg)


sigmoid_cross_entropy_with_logits = graph_op(sigmoid_cross_entropy_with_logits)


def l2_loss(t, name=None):
    return _new((), _t.dtype(_tensor(t)))


def _window(n, k, s, padding):
    if padding == "SAME":
        return (n + s - 1) // s
    _t.require(n >= k, "shape/nonpositive-output", "Computed output size would be negative: ", (n - k) // s + 1,
               " [input_size: ", n, ", effective_filter_size: ", k, ", stride: ", s, "]")
    return (n - k) // s + 1


def _pair(v, n):
    if _b.isinstance(v, (list, tuple)):
        v = _b.list(v)
        return v[1:3] if _b.len(v) == 4 else (v * n if _b.len(v) == 1 else v)
    return [v] * n


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    if unknown_in(input, filters):
        return _t.unknown("conv2d()")
    x, w = _tensor(input), _tensor(filters)
    sx, sw = _shape(x), _shape(w)
    if not _t.require(_b.len(sx) == 4, "shape/rank", *_say("input must be 4-dimensional", _dims(sx))):
        return _t.unknown("a failed Conv2D")
    if not _t.require(_b.len(sw) == 4, "shape/rank", *_say("filter must be 4-dimensional: ", _dims(sw))):
        return _t.unknown("a failed Conv2D")
    nchw = data_format == "NCHW"
    c = sx[1] if nchw else sx[3]
    if not _t.require(c % sw[2] == 0, "shape/channels", "input depth must be evenly divisible by filter depth: ", c, " vs ", sw[2]):
        return _t.unknown("a failed Conv2D")
    st = _pair(strides, 2)
    h = _window(sx[2] if nchw else sx[1], sw[0], st[0], padding)
    wd = _window(sx[3] if nchw else sx[2], sw[1], st[1], padding)
    return _new((sx[0], sw[3], h, wd) if nchw else (sx[0], h, wd, sw[3]), _t.dtype(x))


def _pool(input, ksize, strides, padding, data_format="NHWC", name=None):
    if unknown_in(input):
        return _t.unknown("_pool()")
    x = _tensor(input)
    sx = _shape(x)
    if not _t.require(_b.len(sx) == 4, "shape/rank", *_say("tensor_in must be 4-dimensional", _dims(sx))):
        return _t.unknown("a failed pool")
    k, s = _pair(ksize, 2), _pair(strides, 2)
    nchw = data_format == "NCHW"
    h = _window(sx[2] if nchw else sx[1], k[0], s[0], padding)
    wd = _window(sx[3] if nchw else sx[2], k[1], s[1], padding)
    return _new((sx[0], sx[1], h, wd) if nchw else (sx[0], h, wd, sx[3]), _t.dtype(x))


max_pool2d = _pool
avg_pool2d = _pool
max_pool = _pool
avg_pool = _pool


def moments(x, axes, shift=None, keepdims=False, name=None):
    from tensorflow._core import reduce_mean
    m = reduce_mean(x, axes, keepdims)
    return m, m


def embedding_lookup(params, ids, max_norm=None, name=None):
    if unknown_in(params, ids):
        return _t.unknown("embedding_lookup()")
    p, i = _tensor(params), _tensor(ids)
    return _new(_shape(i) + _shape(p)[1:], _t.dtype(p), made_from=p)


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, name="nce_loss"):
    # (_compute_sampled_logits: the sampled rows of weights, [num_sampled, dim], multiply the
    # inputs, [batch, dim], as matmul(inputs, sampled_w, transpose_b=True))
    if unknown_in(weights, inputs):
        return _t.unknown("nce_loss()")
    w, x = _tensor(weights), _tensor(inputs)
    sw, sx = _shape(w), _shape(x)
    if not _t.require((_b.len(sw) == 2) & (_b.len(sx) == 2), "shape/rank", "nce_loss takes weights [num_classes, dim] and ",
                      "inputs [batch_size, dim], got ", *(_dims(sw) + [" and "] + _dims(sx))):
        return _t.unknown("a failed nce_loss")
    if not _t.require(sx[1] == sw[1], "shape/matmul-inner-dim", "Dimensions must be equal, but are ", sx[1], " and ", sw[1],
                      *graph_context(name + "/MatMul", "MatMul", [sx, (num_sampled, sw[1])]),
                      related=((w, "the weights got their shape here", 1), (x, "the inputs got their shape here", 1))):
        return _t.unknown("a failed nce_loss")
    return _new((sx[0],), _t.dtype(x))


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                         remove_accidental_hits=True, seed=None, name="sampled_softmax_loss"):
    return nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true, name=name)
