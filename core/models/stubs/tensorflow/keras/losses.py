# tf.keras.losses is keras.losses
from keras.losses import (
    Loss, CategoricalCrossentropy, SparseCategoricalCrossentropy, BinaryCrossentropy,
    MeanSquaredError, MeanAbsoluteError, Huber, categorical_crossentropy,
    sparse_categorical_crossentropy, binary_crossentropy, mean_squared_error, mse, MSE,
    check_target, get,
)
