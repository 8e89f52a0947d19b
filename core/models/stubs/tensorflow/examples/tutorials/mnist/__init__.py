# tensorflow.examples.tutorials.mnist (TensorFlow 1.x): input_data.read_data_sets
from tensorflow.examples.tutorials.mnist import input_data
