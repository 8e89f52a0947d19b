# tf.layers (TensorFlow 1.x; tf.compat.v1.layers): each function builds the Keras layer of the
# same name and calls it on a graph tensor, as tensorflow/python/layers/core.py and
# convolutional.py do, so the checks and words are Keras's; the result is a graph tensor.
import builtins as _b
from keras import layers as _kl
from tensorflow._core import wrap as _wrap, unknown_in


def _apply(layer, inputs):
    if unknown_in(inputs):
        return inputs
    return _wrap(layer(inputs))


def dense(inputs, units, activation=None, use_bias=True, name=None, **kwargs):
    return _apply(_kl.Dense(units, activation=activation, use_bias=use_bias, name=name), inputs)


def conv1d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last", dilation_rate=1,
           activation=None, name=None, **kwargs):
    return _apply(_kl.Conv1D(filters, kernel_size, strides, padding, data_format, dilation_rate, activation=activation,
                             name=name), inputs)


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1), activation=None, name=None, **kwargs):
    return _apply(_kl.Conv2D(filters, kernel_size, strides, padding, data_format, dilation_rate, activation=activation,
                             name=name), inputs)


def conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     activation=None, name=None, **kwargs):
    return _apply(_kl.Conv2DTranspose(filters, kernel_size, strides, padding, data_format=data_format,
                                      activation=activation, name=name), inputs)


def max_pooling1d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return _apply(_kl.MaxPooling1D(pool_size, strides, padding, data_format, name=name), inputs)


def max_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return _apply(_kl.MaxPooling2D(pool_size, strides, padding, data_format, name=name), inputs)


def average_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return _apply(_kl.AveragePooling2D(pool_size, strides, padding, data_format, name=name), inputs)


def flatten(inputs, name=None, data_format="channels_last"):
    return _apply(_kl.Flatten(name=name), inputs)


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    return _apply(_kl.Dropout(rate, name=name), inputs)


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=0.001, training=False, name=None, **kwargs):
    return _apply(_kl.BatchNormalization(axis=axis, momentum=momentum, epsilon=epsilon, name=name), inputs)
