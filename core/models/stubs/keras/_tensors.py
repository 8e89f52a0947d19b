# Keras's symbolic tensors and the shape helpers its layers share. A KerasTensor (what
# keras.Input and a layer called on one return) carries the same payload as a torch tensor, so
# the shape primitives apply to it; its first dimension is the batch, which Keras leaves
# unknown (None) and tenscan makes a symbol. Messages print it as None, as Keras does.
import builtins as _b
import _tenscan as _t


class KerasTensor:
    _source = None  # the data a model made this batch for (for a finding's related places)
    # the first Dense layer on its way that was applied to an input of rank > 2 (it maps the
    # last axis only, the others pass through: often a missing Flatten), and that input's rank
    _wide_dense = None
    _wide_rank = 0
    # the layer call that made it: (layer, its input tensors); None for an Input (a functional
    # model's `layers` are found from its outputs back to its inputs through these)
    _history = None

    def __init__(self, _tensor=None, name=None):
        _t.set_tensor(self, _tensor)
        self.name = name

    @property
    def shape(self):
        return _b.tuple(_t.shape(self))

    @property
    def ndim(self):
        return _t.ndim(self)

    @property
    def dtype(self):
        return _t.dtype(self)

    def __repr__(self):
        return "<KerasTensor shape=" + _b.str(self.shape) + ">"


_BATCH = []


def batch_symbol():
    """Keras's None batch dimension: one symbol for every input and model, as a model's inputs
    (and its targets) are fed together."""
    if not _BATCH:
        _BATCH.append(_t.symbol("batch", 1))
    return _BATCH[0]


def symbolic(shape, dtype="float32", source=None, made_from=None, layer=None):
    """A KerasTensor of `shape` (its first dimension the batch); `source`: the data it stands
    for, if any; `made_from`: the tensor it was computed from (the dims it passes on unchanged
    keep where they were made, and a Dense layer applied to a wide input stays known); `layer`:
    the layer whose output it is (made where the project created the layer: a Sequential runs
    its layers where it is built, or at fit)."""
    if made_from is None:
        t = KerasTensor(_tensor=_t.new(_b.tuple(shape), dtype, layer))
    else:
        t = KerasTensor(_tensor=_t.new(_b.tuple(shape), dtype, layer, made_from=made_from))
        if _b.isinstance(made_from, KerasTensor):
            t._wide_dense = made_from._wide_dense
            t._wide_rank = made_from._wide_rank
    t._source = source
    return t


def same_dims(a, b, first=0, last=None):
    """Whether shapes a and b have one rank and the same dims from axis `first` up to `last`
    (excluded; default: to the end): a condition over their symbols, for a check to require."""
    same = _b.len(a) == _b.len(b)
    if same:
        for i in _b.range(first, _b.len(a) if last is None else last):
            same = same & (a[i] == b[i])
    return same


def shape_of(x):
    """The shape of what a layer or a model is given: a KerasTensor, an array, a tf tensor or a
    nested list of numbers (None when tenscan cannot see it)."""
    if _t.is_tensor(x) and _t.const_int(_t.ndim(x)) is not None:
        return _b.tuple(_t.shape(x))
    return None  # (not a tensor, or one whose rank nothing fixed)


def shape_text(shape, batched=True):
    """Message parts that print a shape as Keras does: (None, 28, 28), the batch as None (an
    unbatched dataset element's shape has no batch axis: printed as it is)."""
    parts = ["(None" if batched else "("]
    first = batched
    for d in (shape[1:] if batched else shape):
        if first or not batched:
            parts.append(", " if first else "")
        parts.append(d)
        first = True
    parts.append(",)" if _b.len(shape) == 1 else ")")  # (a 1-tuple: Python's "(None,)")
    return parts


def snake_case(name):
    """Keras's default layer names (to_snake_case): "Dense" -> "dense", "MaxPooling2D" ->
    "max_pooling2d", "SimpleRNN" -> "simple_rnn"."""
    # a capital that starts a word of lower-case letters or digits, after any character
    first = ""
    n = _b.len(name)
    for i in _b.range(n):
        c = name[i]
        if i > 0 and c.isupper() and i + 1 < n and (name[i + 1].islower() or name[i + 1].isdigit()):
            first += "_"
        first += c
    # then a capital right after a lower-case letter
    out = ""
    for i in _b.range(_b.len(first)):
        c = first[i]
        if i > 0 and c.isupper() and first[i - 1].islower():
            out += "_"
        out += c
    return out.lower()


_NAMES = {}


def unique_name(base):
    """Keras numbers the layers of a kind per session: dense, dense_1, dense_2, ..."""
    n = _NAMES.get(base, 0)
    _NAMES[base] = n + 1
    return base if n == 0 else base + "_" + _b.str(n)


def ints(x, n):
    """An int or a tuple of ints, as n ints (kernel_size=3 is (3, 3))."""
    if _b.isinstance(x, (tuple, list)):
        return _b.tuple(x)
    return _b.tuple([x] * n)
