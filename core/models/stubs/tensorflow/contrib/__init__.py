# tf.contrib (TensorFlow 1.x only): its recurrent cells (contrib.rnn) and contrib.layers'
# fully_connected and flatten; any other name is an unmodelled API.
from tensorflow.contrib import rnn
from tensorflow.contrib import layers
