# keras (Keras 3, and TensorFlow 2's tf.keras, which re-exports it: tensorflow/keras): layers that
# check what they are called on, Sequential and functional models, and the checks fit/evaluate/
# predict make of the data and the targets. Tensors are KerasTensors (keras/_tensors.py) over the
# same shape payload as torch's; NumPy arrays go in and out as the numpy stub's.
from keras import layers
from keras import models
from keras import losses
from keras import optimizers
from keras import callbacks
from keras import utils
from keras import datasets
from keras import preprocessing
from keras import initializers
from keras.models import Sequential, Model
from keras.layers import Input
