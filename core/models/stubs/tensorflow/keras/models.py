# tf.keras.models is keras.models
from keras.models import (
    History, Model, Sequential,
)
