# TensorFlow 1.x's recurrent cells and loops (tf.nn.rnn_cell, tf.contrib.rnn, tf.nn.dynamic_rnn,
# bidirectional_dynamic_rnn, static_rnn), as tensorflow/python/ops/rnn.py and rnn_cell_impl.py
# define them: a cell steps on a [batch, depth] input (its kernel is made for the first depth it
# sees), dynamic_rnn runs it over the time axis of a [batch, time, depth] input. The words of
# the errors are TensorFlow's.
import builtins as _b
import _tenscan as _t
from collections import namedtuple as _namedtuple
from tensorflow._core import convert_to_tensor as _tensor, _new, _shape, unknown_in, graph_text
from keras import _tensors as _k

LSTMStateTuple = _namedtuple("LSTMStateTuple", ["c", "h"])


class RNNCell:
    _base = "rnn_cell"

    def __init__(self, num_units, activation=None, reuse=None, name=None, dtype=None, **kwargs):
        _t.require(num_units > 0, "hparam/invalid-value", "num_units must be a positive integer, got ", num_units)
        self._num_units = num_units
        self._depth = None  # the input depth the kernel was made for
        self.name = name if name is not None else _k.unique_name(self._base)

    @property
    def output_size(self):
        return self._num_units

    @property
    def state_size(self):
        return self._num_units

    def _state(self, batch):
        return _new((batch, self._num_units), "float32")

    def zero_state(self, batch_size, dtype=None):
        return self._state(batch_size)

    def _step(self, x):
        """The cell's output for one step's input x, or None where TensorFlow raises."""
        s = _shape(x)
        if not _t.require(_b.len(s) == 2, "shape/rank", "Input 0 of layer ", self.name,
                          " is incompatible with the layer: expected ndim=2, found ndim=", _b.len(s),
                          ". Full shape received: ", *graph_text(s)):
            return None
        if self._depth is None:
            self._depth = s[1]
        elif not _t.require(s[1] == self._depth, "shape/matmul-inner-dim", "Dimensions must be equal, but are ",
                            s[1] + self._num_units, " and ", self._depth + self._num_units, " for '", self.name,
                            "/MatMul' (op: 'MatMul'): the cell's kernel was made for inputs of depth ", self._depth,
                            ", this input has depth ", s[1],
                            related=((self, "the cell is created here (one cell used twice shares its kernel)"),
                                     (x, "this input got its depth here", -1))):
            return None
        return _new((s[0], self.output_size), "float32")

    def __call__(self, inputs, state=None, scope=None):
        if unknown_in(inputs):
            return _t.unknown(self.name + "()"), state
        out = self._step(_tensor(inputs))
        if out is None:
            return _t.unknown(self.name + "()"), state
        return out, self._state(_shape(out)[0])


class BasicRNNCell(RNNCell):
    _base = "basic_rnn_cell"


class GRUCell(RNNCell):
    _base = "gru_cell"


class BasicLSTMCell(RNNCell):
    _base = "basic_lstm_cell"

    def __init__(self, num_units, forget_bias=1.0, state_is_tuple=True, activation=None, reuse=None, name=None,
                 dtype=None, **kwargs):
        RNNCell.__init__(self, num_units, activation, reuse, name, dtype)
        self._tuple = state_is_tuple

    @property
    def state_size(self):
        return LSTMStateTuple(self._num_units, self._num_units) if self._tuple else 2 * self._num_units

    def _state(self, batch):
        if self._tuple:
            return LSTMStateTuple(_new((batch, self._num_units), "float32"), _new((batch, self.output_size), "float32"))
        return _new((batch, self._num_units + self.output_size), "float32")


class LSTMCell(BasicLSTMCell):
    _base = "lstm_cell"

    def __init__(self, num_units, use_peepholes=False, cell_clip=None, initializer=None, num_proj=None,
                 proj_clip=None, num_unit_shards=None, num_proj_shards=None, forget_bias=1.0,
                 state_is_tuple=True, activation=None, reuse=None, name=None, dtype=None, **kwargs):
        BasicLSTMCell.__init__(self, num_units, forget_bias, state_is_tuple, activation, reuse, name, dtype)
        self._proj = num_proj

    @property
    def output_size(self):
        return self._proj if self._proj is not None else self._num_units


class MultiRNNCell(RNNCell):
    def __init__(self, cells, state_is_tuple=True):
        self._cells = _b.list(cells)
        self.name = _k.unique_name("multi_rnn_cell")

    @property
    def output_size(self):
        return self._cells[-1].output_size

    @property
    def state_size(self):
        return _b.tuple([c.state_size for c in self._cells])

    def _state(self, batch):
        return _b.tuple([c._state(batch) for c in self._cells])

    def _step(self, x):
        for c in self._cells:
            x = c._step(x)
            if x is None:
                return None
        return x


class DropoutWrapper(RNNCell):
    def __init__(self, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0, **kwargs):
        self._cell = cell
        self.name = cell.name

    @property
    def output_size(self):
        return self._cell.output_size

    @property
    def state_size(self):
        return self._cell.state_size

    def _state(self, batch):
        return self._cell._state(batch)

    def _step(self, x):
        return self._cell._step(x)


class ResidualWrapper(DropoutWrapper):
    """The cell's output plus its input (rnn_cell_impl.ResidualWrapper): the two add, so the
    cell's output size must be the input's depth."""

    def __init__(self, cell, residual_fn=None):
        DropoutWrapper.__init__(self, cell)

    def _step(self, x):
        out = self._cell._step(x)
        if out is None:
            return None
        d, u = _shape(x)[1], self._cell.output_size
        if not _t.require(d == u, "shape/size-mismatch", "Dimensions must be equal, but are ", d, " and ", u,
                          " for '", self.name, "/add' (op: 'Add'): a residual cell adds its input (depth ", d,
                          ") to its output (", u, " units)", related=((self._cell, "the cell is created here"),)):
            return None
        return out


def _run(cell, inputs, sequence_length, time_major):
    """(outputs, state) of cell run over inputs' time axis; None where TensorFlow raises (or the
    cell is one tenscan cannot see)."""
    if not _b.isinstance(cell, RNNCell):
        return None
    # (a list of inputs is a nested structure of tensors, each [batch, time, depth]: the first
    # decides the shapes here; a batch-major input of rank 2 is transposed, as
    # _transpose_batch_time does, before its rank is checked, so it prints swapped)
    x = _tensor(inputs[0] if _b.isinstance(inputs, (list, tuple)) and _b.len(inputs) > 0 else inputs)
    if unknown_in(x):
        return None
    s = _shape(x)
    shown = (s[1], s[0]) if _b.len(s) == 2 and not time_major else s
    if not _t.require(_b.len(s) >= 3, "shape/rank", "Shape ", *graph_text(shown), " must have rank at least 3",
                      related=((x, "the inputs got their rank here", "rank"),)):
        return None
    batch, time = (s[1], s[0]) if time_major else (s[0], s[1])
    if sequence_length is not None and not unknown_in(sequence_length):
        sl = _shape(_tensor(sequence_length))
        if not _t.require(_b.len(sl) == 1, "shape/rank", "sequence_length must be a vector of length batch_size, but saw shape: ",
                          *graph_text(sl)):
            return None
        if not _t.require(sl[0] == batch, "shape/size-mismatch", "Expected shape for Tensor sequence_length is [",
                          batch, "] but saw shape: [", sl[0], "]"):
            return None
    out = cell._step(_new((batch,) + _b.tuple(s[2:]), "float32"))
    if out is None:
        return None
    units = _shape(out)[1]
    outputs = _new((time, batch, units) if time_major else (batch, time, units), "float32")
    return outputs, cell._state(batch)


def dynamic_rnn(cell, inputs, sequence_length=None, initial_state=None, dtype=None, parallel_iterations=None,
                swap_memory=False, time_major=False, scope=None):
    if unknown_in(inputs):
        return _t.unknown("dynamic_rnn()"), _t.unknown("dynamic_rnn() state")
    r = _run(cell, inputs, sequence_length, time_major)
    if r is None:
        return _t.unknown("dynamic_rnn()"), _t.unknown("dynamic_rnn() state")
    return r


def bidirectional_dynamic_rnn(cell_fw, cell_bw, inputs, sequence_length=None, initial_state_fw=None,
                              initial_state_bw=None, dtype=None, parallel_iterations=None, swap_memory=False,
                              time_major=False, scope=None):
    lost = (_t.unknown("bidirectional_dynamic_rnn()"), _t.unknown("bidirectional_dynamic_rnn()")), \
        (_t.unknown("bidirectional_dynamic_rnn() state"), _t.unknown("bidirectional_dynamic_rnn() state"))
    if unknown_in(inputs):
        return lost
    fw = _run(cell_fw, inputs, sequence_length, time_major)
    bw = _run(cell_bw, inputs, sequence_length, time_major) if fw is not None else None
    if bw is None:
        return lost
    return (fw[0], bw[0]), (fw[1], bw[1])


def static_rnn(cell, inputs, initial_state=None, dtype=None, sequence_length=None, scope=None):
    if _t.is_unknown(inputs) or not _b.isinstance(inputs, (list, tuple)):
        return _t.unknown("static_rnn()"), _t.unknown("static_rnn() state")
    outputs = []
    batch = None
    if not _b.isinstance(cell, RNNCell):
        return _t.unknown("static_rnn()"), _t.unknown("static_rnn() state")
    for x in inputs:
        if unknown_in(x):
            return _t.unknown("static_rnn()"), _t.unknown("static_rnn() state")
        out = cell._step(_tensor(x))
        if out is None:
            return _t.unknown("static_rnn()"), _t.unknown("static_rnn() state")
        outputs.append(out)
        batch = _shape(out)[0]
    return outputs, (cell._state(batch) if batch is not None else initial_state)
