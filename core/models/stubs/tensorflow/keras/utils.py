# tf.keras.utils is keras.utils
from keras.utils import (
    to_categorical, set_random_seed, plot_model,
)
