# keras.layers: each layer checks what it is called on as Keras's InputSpec does (the rank, and
# once built the size of the axis its weights were made for) and computes its output's shape.
# A layer builds on its first call, as Keras's do: a Sequential given an input shape calls its
# layers at construction, one without builds on the data fit() gives it.
import builtins as _b
import _tenscan as _t
from keras import _tensors as _k


def _softmax_activation(activation):
    if _b.isinstance(activation, str):
        return activation == "softmax"
    return activation is not None and _b.getattr(activation, "__name__", None) == "softmax"


def _incompatible(layer, *parts):
    return ["Input 0 of layer \"", layer.name, "\" is incompatible with the layer: "] + _b.list(parts)


class Layer:
    def __init__(self, name=None, input_shape=None, input_dim=None, batch_input_shape=None, dtype=None,
                 trainable=True, **kwargs):
        self.name = name if name is not None else _k.unique_name(_k.snake_case(_b.type(self).__name__))
        self.built = False
        self.trainable = trainable
        if input_shape is not None:
            self._given_input = _b.tuple(input_shape) if _b.isinstance(input_shape, (tuple, list)) else (input_shape,)
        elif batch_input_shape is not None:
            self._given_input = _b.tuple(batch_input_shape)[1:]
        elif input_dim is not None:
            self._given_input = (input_dim,)
        else:
            self._given_input = None
        self._initial_weights = kwargs.get("weights")  # (Keras 2's weights=[...], set when built)

    # InputSpec: (min_ndim, ndim, {axis: size}) once built
    _min_ndim = None
    _ndim = None

    _input = None  # what the layer is being called on (for a finding's related places)
    _last_axis_only = False  # Dense: on a wider input it maps the last axis, the others pass through

    def _where(self):
        source = self._input._source if _b.isinstance(self._input, _k.KerasTensor) else None
        if source is not None:
            return ((source, "the data got this shape here"), (self, "the layer is created here"))
        return ((self._input, "the input got this shape here"), (self, "the layer is created here"))

    def _rank_ok(self, shape):
        r = _b.len(shape)
        if self._ndim is not None and r != self._ndim:
            return _t.require(False, "shape/rank", *_incompatible(
                self, "expected ndim=", self._ndim, ", found ndim=", r, ". Full shape received: ", *_k.shape_text(shape)),
                related=self._where())
        if self._min_ndim is not None and r < self._min_ndim:
            return _t.require(False, "shape/rank", *_incompatible(
                self, "expected min_ndim=", self._min_ndim, ", found ndim=", r, ". Full shape received: ", *_k.shape_text(shape)),
                related=self._where())
        return True

    def _axis_ok(self, shape, axis, size, features=False):
        # (a Dense layer's features are a matrix product's inner dimension; others, channels)
        text = _incompatible(self, "expected axis ", axis, " of input shape to have value ", size,
                             ", but received input with shape ", *_k.shape_text(shape))
        if features:
            return _t.require(shape[axis] == size, "shape/matmul-inner-dim", *text, related=self._where())
        return _t.require(shape[axis] == size, "shape/channels", *text, related=self._where())

    def build(self, shape):
        pass

    def check(self, shape):
        return True

    def output_shape_for(self, shape):
        return shape

    def __call__(self, inputs, *args, **kwargs):
        shape = _k.shape_of(inputs)
        if shape is None:
            return _t.unknown(self.name + "()")
        self._input = inputs
        if not self._rank_ok(shape):
            return _t.unknown(self.name + "()")
        if not self.built:
            self.build(shape)
            self.built = True
            if self._initial_weights is not None and not self.set_weights(self._initial_weights):
                return _t.unknown(self.name + "()")
        elif not self.check(shape):
            return _t.unknown(self.name + "()")
        out = self.output_shape_for(shape)
        if out is None:
            return _t.unknown(self.name + "()")
        if _softmax_activation(_b.getattr(self, "activation", None)):
            _t.constant_along(out, -1, "softmax", "axis", at=self)
        result = _k.symbolic(out, made_from=inputs, layer=self)
        result._history = (self, (inputs,))
        if self._last_axis_only and _b.len(shape) > 2 and result._wide_dense is None:
            result._wide_dense = self
            result._wide_rank = _b.len(shape)
        return result

    def get_config(self):
        return {"name": self.name}

    def _weight_shapes(self):
        """The shapes of the layer's weights once built, in get_weights() order (None: not
        modelled for this layer)."""
        return None

    def set_weights(self, weights):
        """Each array's shape against the weight's it sets (base_layer.set_weights)."""
        shapes = self._weight_shapes()
        if shapes is None or _t.is_unknown(weights) or not _b.isinstance(weights, (list, tuple)):
            return True
        if not _t.require(_b.len(weights) == _b.len(shapes), "shape/size-mismatch", "You called `set_weights(weights)` on layer \"",
                          self.name, "\" with a weight list of length ", _b.len(weights), ", but the layer was expecting ",
                          _b.len(shapes), " weights."):
            return False
        for i in _b.range(_b.len(shapes)):
            w = _k.shape_of(weights[i])
            if w is None:
                continue
            ref = _b.tuple(shapes[i])
            same = _k.same_dims(w, ref)
            text = (["Layer ", self.name, " weight shape "] + _k.shape_text(ref, False) +
                    [" is not compatible with provided weight shape "] + _k.shape_text(w, False) + ["."])
            if not _t.require(same, "shape/size-mismatch", *text,
                              related=((weights[i], "the weights got their shape here"), (self, "the layer is created here"))):
                return False
        return True

    def count_params(self):
        return _t.unknown("count_params()")


class InputLayer(Layer):
    def __init__(self, input_shape=None, batch_size=None, dtype=None, shape=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self._given_input = _b.tuple(shape if shape is not None else input_shape)


def Input(shape=None, batch_size=None, name=None, dtype=None, sparse=None, tensor=None, batch_shape=None, **kwargs):
    if batch_shape is not None:
        dims = _b.tuple(batch_shape)
    else:
        dims = (batch_size if batch_size is not None else _k.batch_symbol(),) + _b.tuple(shape if shape is not None else ())
    return _k.symbolic(dims, dtype if _b.isinstance(dtype, str) else "float32")


class Dense(Layer):
    _min_ndim = 2
    _last_axis_only = True

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(units > 0, "hparam/invalid-value",
                   "Received an invalid value for `units`, expected a positive integer. Received: units=", units)
        self.units = units
        self.activation = activation
        self.use_bias = use_bias

    def build(self, shape):
        self._in = shape[-1]

    def check(self, shape):
        return self._axis_ok(shape, -1, self._in, True)

    def _weight_shapes(self):
        if not self.built:
            return None
        return [(self._in, self.units), (self.units,)] if self.use_bias else [(self._in, self.units)]

    def output_shape_for(self, shape):
        return shape[:-1] + (self.units,)


def _conv_length(n, kernel, stride, padding, dilation, layer):
    # Keras's conv_output_length
    if padding == "same":
        return (n + stride - 1) // stride
    extent = dilation * (kernel - 1) + 1
    out = (n - extent) // stride + 1
    if not _t.require(n >= extent, "shape/nonpositive-output",
                      "Negative dimension size caused by subtracting ", extent, " from ", n, " in layer \"",
                      layer.name, "\""):
        return None
    return out


def _windowed(layer, shape, kernel, strides, dilation, channels):
    """The output shape of a convolution's or a pooling's windows over the layer's last `_rank`
    spatial axes (before the channels, or after them with channels_first), with `channels`
    channels; None where a window does not fit."""
    rank = layer._rank
    first = layer.data_format == "channels_first"
    spatial = shape[-rank:] if first else shape[-rank - 1:-1]
    out = []
    for i in _b.range(rank):
        n = _conv_length(spatial[i], kernel[i], strides[i], layer.padding, dilation[i], layer)
        if n is None:
            return None
        out.append(n)
    lead = _b.tuple(shape[:-(rank + 1)])
    return lead + (channels,) + _b.tuple(out) if first else lead + _b.tuple(out) + (channels,)


class _Conv(Layer):
    _rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(filters > 0, "hparam/invalid-value",
                   "Invalid value for argument `filters`. Expected a strictly positive value. Received filters=", filters)
        self.filters = filters
        self.kernel_size = _k.ints(kernel_size, self._rank)
        self.strides = _k.ints(strides, self._rank)
        self.dilation_rate = _k.ints(dilation_rate, self._rank)
        self.padding = padding.lower() if _b.isinstance(padding, str) else padding
        self.data_format = data_format or "channels_last"
        self.groups = groups
        self._min_ndim = self._rank + 2

    def _channel_axis(self):
        return 1 if self.data_format == "channels_first" else -1

    def build(self, shape):
        self._in = shape[self._channel_axis()]

    def check(self, shape):
        return self._axis_ok(shape, self._channel_axis(), self._in)

    def output_shape_for(self, shape):
        return _windowed(self, shape, self.kernel_size, self.strides, self.dilation_rate, self.filters)


class Conv1D(_Conv):
    _rank = 1


class Conv2D(_Conv):
    _rank = 2


class Conv3D(_Conv):
    _rank = 3


Convolution1D = Conv1D
Convolution2D = Conv2D
Convolution3D = Conv3D


def _deconv_length(n, kernel, stride, padding, output_padding, dilation):
    # Keras's conv_utils.deconv_output_length
    kernel = kernel + (kernel - 1) * (dilation - 1)
    if output_padding is None:
        if padding == "valid":
            return n * stride + _b.max(kernel - stride, 0)
        if padding == "full":
            return n * stride - (stride + kernel - 2)
        return n * stride
    pad = kernel // 2 if padding == "same" else 0 if padding == "valid" else kernel - 1
    return (n - 1) * stride + kernel - 2 * pad + output_padding


class Conv2DTranspose(_Conv):
    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, **kwargs):
        _Conv.__init__(self, filters, kernel_size, strides, padding, data_format, dilation_rate,
                       activation=activation, use_bias=use_bias, **kwargs)
        self.output_padding = _k.ints(output_padding, self._rank) if output_padding is not None else None
        self._ndim = 4

    def output_shape_for(self, shape):
        axes = _spatial_axes(self, shape)
        out = _b.list(shape)
        for i in _b.range(self._rank):
            op = self.output_padding[i] if self.output_padding is not None else None
            out[axes[i]] = _deconv_length(shape[axes[i]], self.kernel_size[i], self.strides[i], self.padding, op,
                                          self.dilation_rate[i])
        out[self._channel_axis()] = self.filters
        return _b.tuple(out)


Convolution2DTranspose = Conv2DTranspose


def _spatial_axes(layer, shape):
    """The positions of a layer's `_rank` spatial axes in `shape` (after the batch; before the
    channels, or after them with channels_first)."""
    first = 2 if layer.data_format == "channels_first" else 1
    return [first + i for i in _b.range(layer._rank)]


def _pairs(x, n):
    """ZeroPadding's and Cropping's argument as n (before, after) pairs: an int for every side,
    n ints (each symmetric) or n pairs."""
    if _b.isinstance(x, int):
        return [(x, x)] * n
    x = _b.list(x)
    if n == 1 and _b.len(x) == 2 and _b.isinstance(x[0], int):
        return [(x[0], x[1])]
    return [(p, p) if _b.isinstance(p, int) else (p[0], p[1]) for p in x]


class _Spatial(Layer):
    """ZeroPadding, Cropping, UpSampling (1D/2D/3D): each spatial axis resized, the others kept."""
    _rank = 2

    def __init__(self, data_format=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.data_format = data_format or "channels_last"
        self._ndim = self._rank + 2

    def output_shape_for(self, shape):
        out = _b.list(shape)
        axes = _spatial_axes(self, shape)
        for i in _b.range(self._rank):
            n = self.resize(i, shape[axes[i]], shape)
            if n is None:
                return None
            out[axes[i]] = n
        return _b.tuple(out)


class _ZeroPadding(_Spatial):
    def __init__(self, padding=1, data_format=None, **kwargs):
        _Spatial.__init__(self, data_format, **kwargs)
        self.padding = _pairs(padding, self._rank)

    def resize(self, i, n, shape):
        return n + self.padding[i][0] + self.padding[i][1]


class _Cropping(_Spatial):
    def __init__(self, cropping=0, data_format=None, **kwargs):
        _Spatial.__init__(self, data_format, **kwargs)
        self.cropping = _pairs(cropping, self._rank)

    def resize(self, i, n, shape):
        cut = self.cropping[i][0] + self.cropping[i][1]
        if not _t.require(n > cut, "shape/nonpositive-output", "Cropping ", cut, " of a spatial dimension of size ", n,
                          " in layer \"", self.name, "\" leaves nothing: input shape ", *_k.shape_text(shape)):
            return None
        return n - cut


class _UpSampling(_Spatial):
    def __init__(self, size=2, data_format=None, interpolation="nearest", **kwargs):
        _Spatial.__init__(self, data_format, **kwargs)
        self.size = _k.ints(size, self._rank)

    def resize(self, i, n, shape):
        return n * self.size[i]


class ZeroPadding1D(_ZeroPadding):
    _rank = 1


class ZeroPadding2D(_ZeroPadding):
    _rank = 2


class ZeroPadding3D(_ZeroPadding):
    _rank = 3


class Cropping1D(_Cropping):
    _rank = 1


class Cropping2D(_Cropping):
    _rank = 2


class Cropping3D(_Cropping):
    _rank = 3


class UpSampling1D(_UpSampling):
    _rank = 1


class UpSampling2D(_UpSampling):
    _rank = 2


class UpSampling3D(_UpSampling):
    _rank = 3


class _Pool(Layer):
    _rank = 2

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.pool_size = _k.ints(pool_size, self._rank)
        self.strides = _k.ints(strides, self._rank) if strides is not None else self.pool_size
        self.padding = padding.lower() if _b.isinstance(padding, str) else padding
        self.data_format = data_format or "channels_last"
        self._ndim = self._rank + 2

    def output_shape_for(self, shape):
        channels = shape[1] if self.data_format == "channels_first" else shape[-1]
        return _windowed(self, shape, self.pool_size, self.strides, (1,) * self._rank, channels)


class MaxPooling1D(_Pool):
    _rank = 1


class MaxPooling2D(_Pool):
    _rank = 2


class MaxPooling3D(_Pool):
    _rank = 3


class AveragePooling1D(_Pool):
    _rank = 1


class AveragePooling2D(_Pool):
    _rank = 2


MaxPool1D = MaxPooling1D
MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D


class _GlobalPool(Layer):
    _rank = 2

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        Layer.__init__(self, **kwargs)
        self.data_format = data_format or "channels_last"
        self.keepdims = keepdims
        self._ndim = self._rank + 2

    def output_shape_for(self, shape):
        c = shape[1] if self.data_format == "channels_first" else shape[-1]
        if self.keepdims:
            ones = (1,) * self._rank
            return (shape[0], c) + ones if self.data_format == "channels_first" else (shape[0],) + ones + (c,)
        return (shape[0], c)


class GlobalAveragePooling1D(_GlobalPool):
    _rank = 1


class GlobalAveragePooling2D(_GlobalPool):
    _rank = 2


class GlobalMaxPooling1D(_GlobalPool):
    _rank = 1


class GlobalMaxPooling2D(_GlobalPool):
    _rank = 2


class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        Layer.__init__(self, **kwargs)

    def output_shape_for(self, shape):
        n = 1
        for d in shape[1:]:
            n = n * d
        return (shape[0], n)


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        Layer.__init__(self, **kwargs)
        self.target_shape = _b.tuple(target_shape)

    def output_shape_for(self, shape):
        n = 1
        for d in shape[1:]:
            n = n * d
        known = 1
        unknown = 0
        for d in self.target_shape:
            if d == -1:
                unknown += 1
            else:
                known = known * d
        text = ["total size of new array must be unchanged, input_shape = ", _b.list(shape[1:]),
                ", output_shape = ", _b.list(self.target_shape)]
        if unknown == 0:
            if not _t.require(n == known, "shape/reshape-numel", *text):
                return None
            return (shape[0],) + self.target_shape
        if not _t.require(n % known == 0, "shape/reshape-numel", *text):
            return None
        return (shape[0],) + _b.tuple([n // known if d == -1 else d for d in self.target_shape])


class Permute(Layer):
    def __init__(self, dims, **kwargs):
        Layer.__init__(self, **kwargs)
        self.dims = _b.tuple(dims)

    def output_shape_for(self, shape):
        _t.require(_b.len(self.dims) == _b.len(shape) - 1, "shape/rank", "Permute: dims ", _b.list(self.dims),
                   " do not match an input of rank ", _b.len(shape))
        return (shape[0],) + _b.tuple([shape[d] for d in self.dims])


class RepeatVector(Layer):
    _ndim = 2

    def __init__(self, n, **kwargs):
        Layer.__init__(self, **kwargs)
        self.n = n

    def output_shape_for(self, shape):
        return (shape[0], self.n, shape[1])


class Dropout(Layer):
    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(rate >= 0, "hparam/invalid-value",
                   "Invalid value received for argument `rate`. Expected a float value between 0 and 1. Received: rate=", rate)
        _t.require(rate <= 1, "hparam/invalid-value",
                   "Invalid value received for argument `rate`. Expected a float value between 0 and 1. Received: rate=", rate)
        self.rate = rate


class SpatialDropout2D(Dropout):
    _ndim = 4


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        Layer.__init__(self, **kwargs)
        self.activation = activation


class ReLU(Layer):
    pass


class LeakyReLU(Layer):
    pass


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def output_shape_for(self, shape):
        _t.constant_along(shape, self.axis, "softmax", "axis", at=self)
        return shape


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=0.001, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def build(self, shape):
        self._in = shape[self.axis]

    def check(self, shape):
        return self._axis_ok(shape, self.axis, self._in)


class LayerNormalization(BatchNormalization):
    pass


class MultiHeadAttention(Layer):
    """keras.layers.MultiHeadAttention (keras/src/layers/attention/multi_head_attention.py):
    query [B, T..., dim] attends over value [B, S..., dim_v] (key, [B, S..., dim_k], is value
    when not given); the output has the query's shape with its last dim output_shape's, the
    scores are [B, num_heads, T..., S...]. Built on its first call: value and key must agree on
    every dim but the last."""

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(num_heads > 0, "hparam/invalid-value", "num_heads must be a positive integer, got ", num_heads)
        _t.require(key_dim > 0, "hparam/invalid-value", "key_dim must be a positive integer, got ", key_dim)
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._output_shape = output_shape

    def __call__(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
                 return_attention_scores=False, training=None, use_causal_mask=False):
        q, v = _k.shape_of(query), _k.shape_of(value)
        k = _k.shape_of(key) if key is not None else v
        if q is None or v is None or k is None:
            return _t.unknown(self.name + "()")
        if not self.built:
            same = _k.same_dims(v, k, 1, _b.len(v) - 1)
            text = (["All dimensions of `value` and `key`, except the last one, must be equal. Received: value_shape="] +
                    _k.shape_text(v) + [" and key_shape="] + _k.shape_text(k))
            if not _t.require(same, "shape/size-mismatch", *text,
                              related=((value, "the value got its shape here"), (key, "the key got its shape here"))):
                return _t.unknown(self.name + "()")
            self.built = True
        last = self._output_shape if self._output_shape is not None else q[-1]
        last = _b.tuple(last) if _b.isinstance(last, (list, tuple)) else (last,)
        out = _k.symbolic(q[:-1] + last, made_from=query, layer=self)
        out._history = (self, (query, value) if key is None else (query, value, key))
        if not return_attention_scores:
            return out
        scores = _k.symbolic((q[0], self._num_heads) + _b.tuple(q[1:-1]) + _b.tuple(v[1:-1]), layer=self)
        return out, scores


class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", mask_zero=False, input_length=None, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(input_dim > 0, "hparam/invalid-value", "Both `input_dim` and `output_dim` should be positive, Received input_dim = ",
                   input_dim, " and output_dim = ", output_dim)
        self.input_dim = input_dim
        self.output_dim = output_dim
        if self._given_input is None and input_length is not None:
            self._given_input = (input_length,)

    def output_shape_for(self, shape):
        return shape + (self.output_dim,)

    def _weight_shapes(self):
        return [(self.input_dim, self.output_dim)]


class _RNN(Layer):
    _ndim = 3

    def __init__(self, units, activation="tanh", return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, dropout=0.0, recurrent_dropout=0.0, **kwargs):
        Layer.__init__(self, **kwargs)
        _t.require(units > 0, "hparam/invalid-value", "Received an invalid value for argument `units`, expected a positive integer, got ", units)
        self.units = units
        self.return_sequences = return_sequences
        self.return_state = return_state

    def build(self, shape):
        self._in = shape[-1]

    def check(self, shape):
        return self._axis_ok(shape, -1, self._in)

    def output_shape_for(self, shape):
        if self.return_sequences:
            return (shape[0], shape[1], self.units)
        return (shape[0], self.units)

    def __call__(self, inputs, *args, **kwargs):
        out = Layer.__call__(self, inputs)
        if not self.return_state or not _t.is_tensor(out):
            return out
        shape = _k.shape_of(inputs)
        state = _k.symbolic((shape[0], self.units))
        if _b.isinstance(self, LSTM):
            return [out, state, _k.symbolic((shape[0], self.units))]
        return [out, state]


class SimpleRNN(_RNN):
    pass


class GRU(_RNN):
    pass


class LSTM(_RNN):
    pass


class Bidirectional(Layer):
    def __init__(self, layer, merge_mode="concat", backward_layer=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.layer = layer
        self.merge_mode = merge_mode

    def __call__(self, inputs, *args, **kwargs):
        out = self.layer(inputs)
        if not _t.is_tensor(out) or self.merge_mode != "concat":
            return out
        shape = _k.shape_of(out)
        result = _k.symbolic(shape[:-1] + (2 * shape[-1],), made_from=out)
        result._history = (self, (inputs,))
        return result


class TimeDistributed(Layer):
    def __init__(self, layer, **kwargs):
        Layer.__init__(self, **kwargs)
        self.layer = layer
        self._min_ndim = 3

    def output_shape_for(self, shape):
        inner = self.layer(_k.symbolic((shape[0],) + _b.tuple(shape[2:])))
        if not _t.is_tensor(inner):
            return None
        return (shape[0], shape[1]) + _b.tuple(_k.shape_of(inner)[1:])


class _Merge(Layer):
    def __call__(self, inputs, *args, **kwargs):
        shapes = [_k.shape_of(x) for x in inputs]
        for s in shapes:
            if s is None:
                return _t.unknown(self.name + "()")
        out = self._merge(shapes)
        # (a merge that fails raises in Keras: nothing after it is checked)
        if out is None:
            return _t.unknown(self.name + "()")
        result = _k.symbolic(out, made_from=inputs[0])
        result._history = (self, _b.tuple(inputs))
        return result

    def _merge(self, shapes):
        first = shapes[0]
        for s in shapes[1:]:
            ok = _b.len(s) == _b.len(first)
            if ok:
                for i in _b.range(1, _b.len(s)):
                    ok = ok & (s[i] == first[i])
            if not _t.require(ok, "shape/broadcast", "Inputs have incompatible shapes. Received shapes ",
                              *(_k.shape_text(first) + [" and "] + _k.shape_text(s))):
                return None
        return first


class Add(_Merge):
    pass


class Subtract(_Merge):
    pass


class Multiply(_Merge):
    pass


class Average(_Merge):
    pass


class Maximum(_Merge):
    pass


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def _merge(self, shapes):
        first = shapes[0]
        r = _b.len(first)
        axis = self.axis % r if r > 0 else 0
        total = 0
        for s in shapes:
            ok = _b.len(s) == r
            if ok:
                for i in _b.range(1, r):
                    ok = ok & ((i == axis) | (s[i] == first[i]))
            if not _t.require(ok, "shape/concat",
                              "A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. Received: input_shape=",
                              *(["["] + _k.shape_text(first) + [", "] + _k.shape_text(s) + ["]"])):
                return None
            total = total + s[axis]
        return _b.tuple([total if i == axis else first[i] for i in _b.range(r)])


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)
