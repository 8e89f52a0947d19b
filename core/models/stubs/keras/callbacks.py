# keras.callbacks: accepted by fit(); what they do to training is not modelled
class Callback:
    def __init__(self, *args, **kwargs):
        pass


class EarlyStopping(Callback):
    pass


class ModelCheckpoint(Callback):
    pass


class ReduceLROnPlateau(Callback):
    pass


class TensorBoard(Callback):
    pass


class LearningRateScheduler(Callback):
    pass


class CSVLogger(Callback):
    pass
