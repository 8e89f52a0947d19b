# tf.app (TensorFlow 1.x): flags and run are absl's (TensorFlow 1.x wraps the same parser).
from absl import flags
from absl.app import run
