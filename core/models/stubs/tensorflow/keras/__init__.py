# tf.keras: the keras stub under TensorFlow's name
from tensorflow.keras import layers, models, losses, optimizers, callbacks, utils, datasets, preprocessing, initializers
from keras.models import Sequential, Model
from keras.layers import Input
