# tensorflow.examples (TensorFlow 1.x): only the tutorials' MNIST reader is modelled.
