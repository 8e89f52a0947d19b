# tensorflow.examples.tutorials (TensorFlow 1.x)
