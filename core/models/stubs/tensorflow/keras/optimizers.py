# tf.keras.optimizers is keras.optimizers
from keras.optimizers import (
    Optimizer, Adam, AdamW, SGD, RMSprop, Adagrad, get,
)
