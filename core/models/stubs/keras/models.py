# keras.models: Sequential, the functional Model(inputs, outputs) and a subclassed Model's call,
# with what compile/fit/evaluate/predict/train_on_batch check before training: the data against
# the model's input, x against y (the number of samples), and y against the output under the
# loss (keras.losses).
import builtins as _b
import _tenscan as _t
from keras import _tensors as _k
from keras import losses as _losses
from keras.layers import Layer, Input, InputLayer


class History:
    def __init__(self):
        self.history = {"loss": [_t.unknown("the loss")], "val_loss": [_t.unknown("the loss")],
                        "accuracy": [_t.unknown("the accuracy")], "val_accuracy": [_t.unknown("the accuracy")]}
        self.epoch = []


def _listed(v):
    """A model's inputs or outputs, or the data for them: one, or a list or tuple of them."""
    return v if _b.isinstance(v, (list, tuple)) else [v]


def _batch_of(x):
    s = _k.shape_of(x)
    return s[0] if s is not None and _b.len(s) > 0 else None


class _Compiled:
    """Made by Model.compile: its creation is the compile call (a finding's related place)."""


def _same_cardinality(x, y):
    """Every array of x and y (each one or a list) holds the same number of samples, as Keras's
    data adapter requires (_check_data_cardinality)."""
    xs = [_batch_of(a) for a in _listed(x)]
    ys = [_batch_of(a) for a in _listed(y)] if y is not None else []
    sizes = [n for n in xs + ys if n is not None]
    if _b.len(sizes) < 2:
        return True
    ok = True
    for n in sizes[1:]:
        ok = ok & (n == sizes[0])
    parts = ["Data cardinality is ambiguous: x sizes: "] + _sizes_text(xs)
    if ys:
        parts = parts + [", y sizes: "] + _sizes_text(ys)
    return _t.require(ok, "shape/size-mismatch", *parts, ". Make sure all arrays contain the same number of samples.",
                      related=_where_samples("x", x) + (_where_samples("y", y) if y is not None else ()))


def _where_samples(name, data):
    """Where each array of the data got its number of samples (a finding's related places)."""
    arrays = _listed(data)
    if _b.len(arrays) == 1:
        return ((arrays[0], name + " got its number of samples here", 0),)
    return _b.tuple([(arrays[i], name + "[" + _b.str(i) + "] got its number of samples here", 0)
                     for i in _b.range(_b.len(arrays))])


def _sizes_text(sizes):
    parts = []
    for i in _b.range(_b.len(sizes)):
        parts = parts + ([", "] if i else []) + [sizes[i] if sizes[i] is not None else "?"]
    return parts


class Model(Layer):
    def __init__(self, inputs=None, outputs=None, name=None, **kwargs):
        Layer.__init__(self, name=name)
        self._inputs = inputs
        self._outputs = outputs
        self._loss = None
        self._seq = None  # Sequential: its layers
        self._input_layers = None  # a functional model's InputLayers (Model.layers)
        self._compiled = None

    @property
    def layers(self):
        """The functional model's layers, as Keras lists them: an InputLayer per input, then each
        layer after the layers it takes its inputs from (found from the outputs back through
        the layer calls that made them)."""
        if self._input_layers is None:  # (made once: each one takes a layer name)
            self._input_layers = [InputLayer(input_shape=_b.tuple(_k.shape_of(i)[1:])) for i in _listed(self._inputs)
                                  if self._inputs is not None and _k.shape_of(i) is not None]
        inputs = self._input_layers
        order = []
        seen = []
        stack = [(o, False) for o in _b.reversed(_listed(self._outputs))] if self._outputs is not None else []
        given = _listed(self._inputs) if self._inputs is not None else []
        while stack:
            t, ready = stack.pop()
            h = t._history if _b.isinstance(t, _k.KerasTensor) else None
            if h is None or t in given:  # (the model starts at its inputs, whatever made them)
                continue
            layer, ins = h
            if ready:
                if layer not in order:
                    order.append(layer)
                continue
            if t in seen:
                continue
            seen.append(t)
            stack.append((t, True))
            for x in _b.reversed(ins):
                stack.append((x, False))
        return inputs + order

    def get_layer(self, name=None, index=None):
        layers = self.layers
        if index is not None:
            return layers[index]
        for layer in layers:
            if layer.name == name:
                return layer
        raise ValueError("No such layer: " + _b.str(name) + ". Existing layers are: " +
                         _b.str([layer.name for layer in layers]) + ".")

    # -- what the model does to a batch ----------------------------------------------------
    def _made_output(self):
        """What makes the model's output (a graph's output tensor, or a Sequential's last
        layer), for a finding's related place; None for a subclassed model."""
        if self._seq:
            return self._seq[-1]
        outs = _listed(self._outputs)
        return outs[0] if _b.len(outs) == 1 else None

    def _made_input(self, i):
        """What declares the model's input i (its Input, or a Sequential's first layer)."""
        if self._seq:
            return self._seq[0] if i == 0 else None
        ins = _listed(self._inputs)
        return ins[i] if i < _b.len(ins) else None

    def _input_shapes(self):
        if self._inputs is None:
            return None
        ins = _listed(self._inputs)
        return [_k.shape_of(i) for i in ins]

    def _conforms(self, x, batched):
        """x against the model's inputs as Keras's Functional.input_spec checks them
        (allow_last_axis_squeeze: a trailing 1 of either side is dropped, then the dims both
        have are compared): "fail", "same" (the shapes the model was built for) or "other" (a
        shape Keras lets through: the layers then run on the data's own shape and check it with
        their own input specs, as Keras's Functional does)."""
        shapes = self._input_shapes()
        xs = _listed(x)
        verdict = "same"
        for i in _b.range(_b.min(_b.len(xs), _b.len(shapes))):
            got = _k.shape_of(xs[i])
            want = shapes[i]
            if got is None or want is None:
                return "other"
            g, w = _b.list(got), _b.list(want)
            if _b.len(g) > 0 and _t.const_int(g[-1]) == 1:
                g = g[:-1]
            if _b.len(w) > 0 and _t.const_int(w[-1]) == 1:
                w = w[:-1]
            same = True
            for j in _b.range(1, _b.min(_b.len(g), _b.len(w))):
                same = same & (g[j] == w[j])
            text = (["Input ", i, " of layer \"", self.name, "\" is incompatible with the layer: expected shape="] +
                    _k.shape_text(want) + [", found shape="] + _k.shape_text(got, batched))
            where = ((xs[i], "the data got this shape here"), (self._made_input(i), "the model's input is declared here"))
            for j in _b.range(1, _b.min(_b.len(g), _b.len(w))):
                a, b = _t.const_int(g[j]), _t.const_int(w[j])
                if a is not None and b is not None and a != b:
                    # (where the data's clashing dim got its size: an image resized, a column dropped)
                    where = ((xs[i], "the data got this size here", j, xs[i]),
                             (self._made_input(i), "the model's input is declared here"))
                    break
            if _b.len(got) != _b.len(want):
                if not _t.require(same, "shape/rank", *text, related=where):
                    return "fail"
                verdict = "other"
            elif not _t.require(same, "shape/channels", *text, related=where):
                return "fail"
            elif _b.len(g) != _b.len(w):
                verdict = "other"  # (a trailing 1 dropped on one side only: not every dim was compared)
        return verdict

    def _outputs_for(self, x, batched):
        """The model's outputs for data x that conforms to its inputs: of the data's batch (the
        model was built for any)."""
        xs = _listed(x)
        batch = _k.shape_of(xs[0])[0] if _k.shape_of(xs[0]) is not None and batched else None
        outs = _listed(self._outputs)
        outs = [_k.symbolic((batch,) + _b.tuple(_k.shape_of(o)[1:]), made_from=o) if batch is not None and _k.shape_of(o) is not None
                else o for o in outs]
        return outs[0] if _b.len(outs) == 1 else outs

    def _run(self, x, batched=True):
        """The model's output on data x (an array, a KerasTensor, a list of them), checked as
        Keras checks a functional model's inputs; None when tenscan cannot follow it."""
        if self._input_shapes() is not None:
            # (failed; or run on another rank, which tenscan does not follow for a graph)
            return self._outputs_for(x, batched) if self._conforms(x, batched) == "same" else None
        # a subclassed model: its call on a symbolic batch like the data
        s = _k.shape_of(x)
        if s is None:
            return None
        return self.call(_k.symbolic((_k.batch_symbol(),) + _b.tuple(s[1:])))

    def __call__(self, inputs, *args, **kwargs):
        out = self._run(inputs)
        return out if out is not None else _t.unknown(self.name + "()")

    def call(self, inputs, training=None, mask=None):
        return _t.unknown(self.name + ".call()")

    @property
    def output_shape(self):
        out = self._outputs
        return _k.shape_of(out) if out is not None and not _b.isinstance(out, (list, tuple)) else None

    @property
    def input_shape(self):
        shapes = self._input_shapes()
        return shapes[0] if shapes is not None and _b.len(shapes) == 1 else shapes

    @property
    def inputs(self):
        return self._inputs if _b.isinstance(self._inputs, list) else [self._inputs]

    @property
    def outputs(self):
        return self._outputs if _b.isinstance(self._outputs, list) else [self._outputs]

    # -- training --------------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None, weighted_metrics=None,
                run_eagerly=None, steps_per_execution=None, jit_compile=None, **kwargs):
        self._loss = loss
        self._compiled = _Compiled()  # (made here: where the loss is chosen, for findings)
        self.optimizer = optimizer

    def _check(self, x, y):
        """x through the model, y against the output under the loss: the model's output."""
        if x is None or _t.is_unknown(x):
            return None
        batched = True
        if not _t.is_tensor(x) and _b.hasattr(x, "_element") and _b.hasattr(x, "_batched"):
            # a tf.data.Dataset: its element is the batch (and holds the targets)
            e = x._element
            batched = x._batched
            if _b.isinstance(e, tuple) and _b.len(e) >= 2:
                x, y = e[0], e[1]
            else:
                x = e
            if not batched:
                self._run(x, False)  # (Keras sees one sample where it wants a batch)
                return None
            return self._check(x, y)
        _same_cardinality(x, y)
        out = self._run(x)
        if out is None or y is None or self._loss is None:
            return out
        yo = _k.shape_of(y)
        oo = _k.shape_of(out)
        if yo is not None and oo is not None:
            # (the output's last axis, the classes or units, is where it usually differs)
            _losses.check_target(self._loss, yo, oo, ((y, "the targets got their shape here"),
                                                      (out, "the model's output gets its shape here", -1, self._made_output())),
                                 _losses.rank_places(y, out, "the model's output", self._made_output()),
                                 self._compiled)
        return out

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1, **kwargs):
        _t.require(batch_size is None or batch_size > 0, "hparam/invalid-value",
                   "batch_size must be a positive integer, but got ", batch_size)
        self._check(x, y)
        if validation_data is not None and _b.isinstance(validation_data, (tuple, list)) and _b.len(validation_data) >= 2:
            self._check(validation_data[0], validation_data[1])
        elif validation_data is not None and _b.hasattr(validation_data, "_element"):
            self._check(validation_data, None)  # (a dataset or a generator of batches)
        return History()

    # Keras 2's generator methods (fit and the others take generators since 2.1)
    def fit_generator(self, generator, steps_per_epoch=None, epochs=1, verbose=1, callbacks=None,
                      validation_data=None, validation_steps=None, **kwargs):
        return self.fit(generator, epochs=epochs, validation_data=validation_data)

    def evaluate_generator(self, generator, steps=None, **kwargs):
        return self.evaluate(generator)

    def predict_generator(self, generator, steps=None, **kwargs):
        return self.predict(generator)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, reset_metrics=True, return_dict=False):
        self._check(x, y)
        return _t.unknown("the loss")

    def test_on_batch(self, x, y=None, sample_weight=None, reset_metrics=True, return_dict=False):
        self._check(x, y)
        return _t.unknown("the loss")

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False, **kwargs):
        self._check(x, y)
        return [_t.unknown("the loss"), _t.unknown("the accuracy")]

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None, **kwargs):
        import numpy as _np
        out = self._check(x, None)
        s = _k.shape_of(out) if out is not None else None
        n = _batch_of(x)
        if s is None or n is None:
            return _t.unknown("predict()")
        return _np.zeros((n,) + _b.tuple(s[1:]), dtype="float32")

    def predict_on_batch(self, x):
        return self.predict(x)

    def summary(self, *args, **kwargs):
        pass

    def save(self, *args, **kwargs):
        pass

    def save_weights(self, *args, **kwargs):
        pass

    def load_weights(self, *args, **kwargs):
        pass

    @property
    def trainable_variables(self):
        return _t.unknown("trainable_variables")

    @property
    def trainable_weights(self):
        return _t.unknown("trainable_weights")

    def get_weights(self):
        return _t.unknown("get_weights()")

    def set_weights(self, weights):
        pass

    def count_params(self):
        return _t.unknown("count_params()")


class Sequential(Model):
    def __init__(self, layers=None, name=None, **kwargs):
        Model.__init__(self, name=name if name is not None else _k.unique_name("sequential"))
        self._seq = []
        self._last = None  # the output so far, once an input shape is known
        for layer in layers or []:
            self.add(layer)

    @property
    def layers(self):
        return _b.list(self._seq)

    def add(self, layer):
        if _b.isinstance(layer, _k.KerasTensor):  # keras.Input(...) as the first "layer"
            self._inputs = layer
            self._last = layer
            return
        self._seq.append(layer)
        # (only the first layer's input_shape makes the model's Input: Keras ignores a later one's)
        if (_b.len(self._seq) == 1 and self._inputs is None and _b.isinstance(layer, Layer)
                and layer._given_input is not None):
            self._inputs = Input(shape=layer._given_input)
            self._last = self._inputs
        if self._last is not None:
            self._last = layer(self._last)
            self._outputs = self._last if _t.is_tensor(self._last) else None
            if self._outputs is None:
                self._inputs = None  # (tenscan lost the output: no check of what follows)

    def pop(self):
        self._seq.pop()

    def build(self, input_shape=None):
        if input_shape is not None and self._inputs is None:
            shape = _b.tuple(input_shape)
            self._deferred(_k.symbolic(shape))

    def _deferred(self, x):
        # a Sequential without an input shape builds on the first data it is given
        self._inputs = _k.symbolic((_k.batch_symbol(),) + _b.tuple(_k.shape_of(x)[1:]), source=x, made_from=x)
        out = self._inputs
        for layer in self._seq:
            out = layer(out)
            if not _t.is_tensor(out):
                self._inputs = None
                return
        self._outputs = out

    def _run(self, x, batched=True):
        if self._inputs is None and _k.shape_of(x) is not None and _b.len(self._seq) > 0:
            self._deferred(x)
            if self._inputs is None:
                return None
        if self._inputs is None:
            return None
        verdict = self._conforms(x, batched)
        if verdict == "same":
            return self._outputs_for(x, batched)
        if verdict == "other" and _k.shape_of(x) is not None and batched:
            # Keras runs the layers on the data's own shape
            out = _k.symbolic(_k.shape_of(x), source=x)
            for layer in self._seq:
                out = layer(out)
                if not _t.is_tensor(out):
                    return None
            return out
        return None
