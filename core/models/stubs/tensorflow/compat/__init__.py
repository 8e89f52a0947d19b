# tf.compat: v1 (TensorFlow 1.x's API under TensorFlow 2)
from tensorflow.compat import v1
