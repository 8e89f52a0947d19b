# keras.losses: the target each loss takes, checked by Model.fit/evaluate against the model's
# output (y first, the output second, as Keras's messages put them).
import builtins as _b
import _tenscan as _t
from keras import _tensors as _k


class Loss:
    _kind = None

    def __init__(self, from_logits=False, reduction="auto", name=None, **kwargs):
        self.from_logits = from_logits

    def __call__(self, y_true, y_pred, sample_weight=None):
        yt, yp = _k.shape_of(y_true), _k.shape_of(y_pred)
        if yt is not None and yp is not None:
            check_target(self, yt, yp, ((y_true, "the targets got their shape here"),
                                        (y_pred, "the predictions got their shape here")),
                         rank_places(y_true, y_pred, "the predictions"))
        return _t.unknown("the loss")


class CategoricalCrossentropy(Loss):
    _kind = "categorical"


class SparseCategoricalCrossentropy(Loss):
    _kind = "sparse"


class BinaryCrossentropy(Loss):
    _kind = "elementwise"


class MeanSquaredError(Loss):
    _kind = "elementwise"


class MeanAbsoluteError(Loss):
    _kind = "elementwise"


class Huber(Loss):
    _kind = "elementwise"


_BY_NAME = {
    "categorical_crossentropy": "categorical", "sparse_categorical_crossentropy": "sparse",
    "binary_crossentropy": "elementwise", "mse": "elementwise", "mean_squared_error": "elementwise",
    "mae": "elementwise", "mean_absolute_error": "elementwise", "huber": "elementwise",
    "kl_divergence": "categorical", "kld": "categorical", "hinge": "elementwise", "squared_hinge": "elementwise",
}


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    return CategoricalCrossentropy()(y_true, y_pred)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1, ignore_class=None):
    return SparseCategoricalCrossentropy()(y_true, y_pred)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    return BinaryCrossentropy()(y_true, y_pred)


def mean_squared_error(y_true, y_pred):
    return MeanSquaredError()(y_true, y_pred)


mse = mean_squared_error
MSE = mean_squared_error


def _kind_of(loss):
    if _b.isinstance(loss, str):
        return _BY_NAME.get(loss.lower())
    if _b.isinstance(loss, Loss):
        return loss._kind
    if loss is categorical_crossentropy:
        return "categorical"
    if loss is sparse_categorical_crossentropy:
        return "sparse"
    if loss is binary_crossentropy or loss is mean_squared_error:
        return "elementwise"
    return None


def _crossentropy(loss):
    """The name of the softmax cross-entropy `loss` is, categorical or sparse (None: another)."""
    if _b.isinstance(loss, str):
        name = loss.lower()
        return name if name in ("categorical_crossentropy", "sparse_categorical_crossentropy") else None
    if _b.isinstance(loss, CategoricalCrossentropy) or loss is categorical_crossentropy:
        return "categorical_crossentropy"
    if _b.isinstance(loss, SparseCategoricalCrossentropy) or loss is sparse_categorical_crossentropy:
        return "sparse_categorical_crossentropy"
    return None


def rank_places(y, out, what, made=None):
    """Where the targets y and the output `out` (`what`: "the model's output", ...; `made`: what
    makes it, if not out itself) got their ranks, for a finding where the ranks differ: the
    array the targets' rank was made by (not the slice or split that made their length); for an
    output with more axes, a Dense layer applied to a wider input on its way (it maps the last
    axis only and passes the others on: a Flatten before it is often what is missing) or where
    its rank was made; and what makes its shape (the only place named for class indices
    against a (batch, classes) output, or for targets with more axes)."""
    places = [(y, "the targets got their rank here", "rank")]
    wider = _b.len(_k.shape_of(out)) > _b.len(_k.shape_of(y))
    if wider and _b.isinstance(out, _k.KerasTensor) and out._wide_dense is not None:
        places.append((out._wide_dense, "this Dense layer is applied to a rank-" + _b.str(out._wide_rank) +
                       " input: it maps the last axis only, the others reach " + what +
                       " (a Flatten before it would make its input 2-D)"))
    elif wider and _b.len(_k.shape_of(out)) > 2:
        places.append((out, what + " got its rank here", "rank"))
    places.append((made if made is not None else out, what + " gets its shape here"))
    return _b.tuple(places)


def check_target(loss, y, out, related=(), rank_related=None, chosen=None):
    """y's shape (the targets) against out's (the model's output) under `loss`; `related`: where
    they were made, for the finding (see _tenscan.require); `rank_related`: the same when the
    two have different ranks (rank_places); `chosen`: what was made where the loss was chosen
    (named when the targets look like the other cross-entropy's: the fix may be the loss)."""
    if not _fits(loss, y, out, related, rank_related, chosen):
        return False
    # (a softmax cross-entropy over a one-unit output is 0 whatever the model does)
    crossentropy = _crossentropy(loss)
    if crossentropy is not None and _b.len(out) > 0:
        _t.constant_along(out, -1, crossentropy, "axis", related=related)
    return True


def _fits(loss, y, out, related, rank_related, chosen):
    """check_target's shape rules."""
    kind = _kind_of(loss)
    if kind is None or _b.len(out) == 0:
        return True
    if rank_related is not None and _b.len(y) != _b.len(out) and not (kind == "sparse" and _b.len(y) == _b.len(out) - 1):
        related = rank_related  # (the ranks differ: where each got its rank is what to look at)
    if _b.len(y) == 1 and _b.len(out) == 2:
        y = y + (1,)  # (Keras expands a rank-1 target to a column: compile_utils.match_dtype_and_rank)
    # then a trailing 1 of the side with one axis more is squeezed (losses_utils.
    # squeeze_or_expand_dimensions, before every loss function)
    elif _b.len(out) == _b.len(y) + 1 and _t.const_int(out[-1]) == 1:
        out = out[:-1]
    elif _b.len(y) == _b.len(out) + 1 and _t.const_int(y[-1]) == 1:
        y = y[:-1]
    if kind == "sparse" and _b.len(y) == _b.len(out) - 1:
        y = y + (1,)  # (class indices without the class axis)
    # (class indices under the one-hot loss, one-hot rows under the sparse one: where the loss
    # is chosen is a place to fix it too)
    other_kind = _b.len(y) == _b.len(out) and (
        (kind == "categorical" and _t.const_int(y[-1]) == 1) or (kind == "sparse" and _t.const_int(y[-1] - out[-1]) == 0))
    if other_kind and chosen is not None:
        related = _b.tuple(related) + ((chosen, "the loss is chosen here"),)
    if kind == "categorical":
        # one-hot targets: exactly the output's shape
        return _t.require(_k.same_dims(y, out, 1), "shape/loss-target", "Shapes ", *(_k.shape_text(y) + [" and "] + _k.shape_text(out)),
                          " are incompatible", related=related)
    if kind == "sparse":
        # class indices: the output's shape without its class axis (or with a 1 there)
        ok = _b.len(y) == _b.len(out) and y[-1] == 1
        if ok:
            for i in _b.range(1, _b.len(y) - 1):
                ok = ok & (y[i] == out[i])
        return _t.require(ok, "shape/loss-target", "logits and labels must have the same first dimension, got logits shape ",
                          *(_k.shape_text(out) + [" and labels shape "] + _k.shape_text(y)),
                          " (sparse categorical cross-entropy takes class indices, not one-hot rows)", related=related)
    # elementwise: broadcastable, aligned from the right (the two batch dims, when they align,
    # are the same samples)
    ok = True
    for i in _b.range(1, _b.min(_b.len(y), _b.len(out)) + 1):
        a, b = y[-i], out[-i]
        if i < _b.len(y) or i < _b.len(out):
            ok = ok & ((a == b) | (a == 1) | (b == 1))
    if not _t.require(ok, "shape/loss-target", "Incompatible shapes: ", *(_k.shape_text(y) + [" vs. "] + _k.shape_text(out)),
                      related=related):
        return False
    # broadcast, every output compared with the same target: Keras 2.3 and earlier refuse it
    # (training_utils.check_loss_and_target_compatibility), later versions average over the
    # broadcast shape, which is rarely what was meant
    name = _name_of(loss)
    _t.advise(_k.same_dims(y, out, 1), "shape/loss-target", "A target array with shape ", *(_k.shape_text(y) + [" was passed for an output of shape "] +
              _k.shape_text(out)), " while using as loss `", name, "`: the loss broadcasts them and compares every output with",
              " the same target (Keras 2.3 and earlier raise: this loss expects targets to have the same shape as the output)",
              related=related)
    return True


_ALIASES = {"mse": "mean_squared_error", "mae": "mean_absolute_error"}


def _name_of(loss):
    if _b.isinstance(loss, str):
        return _ALIASES.get(loss.lower(), loss.lower())
    if _b.isinstance(loss, Loss):
        return _k.snake_case(_b.type(loss).__name__)
    return _b.getattr(loss, "__name__", "the loss")


def get(identifier):
    return identifier
