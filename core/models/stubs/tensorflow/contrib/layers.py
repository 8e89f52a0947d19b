# tf.contrib.layers (TensorFlow 1.x only): fully_connected is a dense layer on the last axis
# (tensorflow/contrib/layers/python/layers/layers.py builds core_layers.Dense), flatten keeps the
# batch axis.
from tensorflow import layers as _layers


def fully_connected(inputs, num_outputs, activation_fn=None, normalizer_fn=None, normalizer_params=None,
                    weights_initializer=None, weights_regularizer=None, biases_initializer=None, biases_regularizer=None,
                    reuse=None, variables_collections=None, outputs_collections=None, trainable=True, scope=None):
    return _layers.dense(inputs, num_outputs)


def flatten(inputs, outputs_collections=None, scope=None):
    return _layers.flatten(inputs)
