# tf.keras.callbacks is keras.callbacks
from keras.callbacks import (
    Callback, EarlyStopping, ModelCheckpoint, ReduceLROnPlateau, TensorBoard, LearningRateScheduler,
    CSVLogger,
)
