# TensorFlow 1.x's tutorial MNIST reader (tensorflow/contrib/learn/python/learn/datasets/
# mnist.py, re-exported as tensorflow.examples.tutorials.mnist.input_data): read_data_sets gives
# train (55000 images: the 60000 less the 5000 of validation_size), validation (5000) and test
# (10000); images float32 (N, 784) (reshape=True) or (N, 28, 28, 1), labels uint8 (N,) or
# one-hot float (N, 10). next_batch(n) returns n of them.
import builtins as _b
import _tenscan as _t


class DataSet:
    def __init__(self, n, one_hot, reshape, dtype):
        self._num_examples = n
        self._image_shape = (784,) if reshape else (28, 28, 1)
        self._one_hot = one_hot
        self._dtype = dtype
        self.images, self.labels = self._arrays(n)
        self.epochs_completed = 0

    def _arrays(self, n):
        """n images and their labels."""
        import numpy as _np
        labels = _np.zeros((n, 10), dtype="float64") if self._one_hot else _np.zeros((n,), dtype="uint8")
        return _np.zeros((n,) + self._image_shape, dtype=self._dtype), labels

    @property
    def num_examples(self):
        return self._num_examples

    def next_batch(self, batch_size, fake_data=False, shuffle=True):
        return self._arrays(batch_size)


class Datasets:
    def __init__(self, train, validation, test):
        self.train = train
        self.validation = validation
        self.test = test


def read_data_sets(train_dir=None, fake_data=False, one_hot=False, dtype="float32", reshape=True,
                   validation_size=5000, seed=None, source_url=None):
    name = dtype if _b.isinstance(dtype, str) else "float32"
    if one_hot is not True and one_hot is not False:
        one_hot = _b.bool(one_hot)
    return Datasets(DataSet(60000 - validation_size, one_hot, reshape, name),
                    DataSet(validation_size, one_hot, reshape, name),
                    DataSet(10000, one_hot, reshape, name))
