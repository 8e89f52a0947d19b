# tf.losses. In TensorFlow 1 graph code (tf.compat.v1.losses) each loss first asserts that the
# predictions' (or logits') static shape is compatible with the labels' (tensorflow/python/ops/
# losses/losses_impl.py: TensorShape.assert_is_compatible_with), which raises "Shapes (?, 1) and
# (?,) are incompatible"; sparse_softmax_cross_entropy removes a trailing 1 of the labels first.
# In TensorFlow 2, tf.losses is keras.losses: its classes are re-exported, and its functions
# broadcast their operands (no check here).
import builtins as _b
import _tenscan as _t
from tensorflow import nn as _nn
from tensorflow import _v1
from tensorflow._core import convert_to_tensor, _new, _shape, graph_text, unknown_in
from keras import _tensors as _k
from keras.losses import (  # noqa: F401 (TensorFlow 2's tf.losses)
    Loss, CategoricalCrossentropy, SparseCategoricalCrossentropy, BinaryCrossentropy, MeanSquaredError,
    MeanAbsoluteError, Huber,
)


def _compatible(pred, labels, what):
    """predictions.get_shape().assert_is_compatible_with(labels.get_shape())."""
    sp, sl = _shape(pred), _shape(labels)
    where = ((pred, what + " got their shape here"), (labels, "the labels got their shape here"))
    if _b.len(sp) != _b.len(sl):
        where = ((pred, what + " got their rank here", "rank"), (labels, "the labels got their rank here", "rank"))
    return _t.require(_k.same_dims(sp, sl), "shape/loss-target", "Shapes ",
                      *(graph_text(sp) + [" and "] + graph_text(sl) + [" are incompatible"]),
                      related=where)


def _pointwise_loss(labels, predictions, what="the predictions"):
    if unknown_in(labels, predictions):
        return _t.unknown("a loss")
    p, lb = convert_to_tensor(predictions), convert_to_tensor(labels)
    if _v1.graph_code() and not _compatible(p, lb, what):
        return _t.unknown("a failed loss")
    return _new((), "float32")


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _pointwise_loss(labels, predictions)


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _pointwise_loss(labels, predictions)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=None, reduction=None):
    return _pointwise_loss(labels, predictions)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=None, reduction=None):
    return _pointwise_loss(labels, predictions)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _pointwise_loss(labels, logits, "the logits")


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None, loss_collection=None,
                          reduction=None):
    return _pointwise_loss(multi_class_labels, logits, "the logits")


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None, loss_collection=None,
                          reduction=None):
    if not unknown_in(logits):
        _t.constant_along(convert_to_tensor(logits), -1, "softmax_cross_entropy", "axis")
    return _pointwise_loss(onehot_labels, logits, "the logits")


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=None, reduction=None):
    if unknown_in(labels, logits):
        return _t.unknown("a loss")
    lb, lg = convert_to_tensor(labels), convert_to_tensor(logits)
    sl, sg = _shape(lb), _shape(lg)
    if _b.len(sl) == _b.len(sg) and _b.len(sl) > 0 and _t.const_int(sl[-1]) == 1:
        from tensorflow._core import squeeze
        lb = squeeze(lb, [-1])
    out = _nn.sparse_softmax_cross_entropy_with_logits(labels=lb, logits=lg)
    return out if _t.is_unknown(out) else _new((), "float32")


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    return _t.unknown("the total loss")
