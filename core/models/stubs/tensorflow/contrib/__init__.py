# tf.contrib (TensorFlow 1.x only): its recurrent cells (contrib.rnn); any other name is an
# unmodelled API.
from tensorflow.contrib import rnn
