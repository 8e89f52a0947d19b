# keras.preprocessing.image (keras_preprocessing): ImageDataGenerator's flow (arrays) and
# flow_from_directory (files: the images' size is its target_size, the number of classes the
# directory's, which tenscan cannot see), as iterators whose element is one batch (x, y) that
# Model.fit takes like a tf.data element; load_img and img_to_array read files.
import builtins as _b
import _tenscan as _t
from keras import _tensors as _k

_CHANNELS = {"rgb": 3, "grayscale": 1, "rgba": 4}


def _batch_dim():
    return _t.symbol("the batch size (the last batch is smaller)", 1, "data")


class _Iterator:
    def __init__(self, x, y):
        self._element = (x, y) if y is not None else x
        self._batched = True

    def __iter__(self):
        return self

    def __next__(self):
        return self._element

    def next(self):
        return self._element

    def __len__(self):
        return _t.unknown("the number of batches")


class ImageDataGenerator:
    def __init__(self, featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False, zca_epsilon=1e-06, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None, shear_range=0.0,
                 zoom_range=0.0, channel_shift_range=0.0, fill_mode="nearest", cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None, preprocessing_function=None, data_format=None,
                 validation_split=0.0, dtype=None):
        self.data_format = data_format or "channels_last"

    def fit(self, x, augment=False, rounds=1, seed=None):
        pass

    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None, save_to_dir=None,
             save_prefix="", save_format="png", subset=None):
        import numpy as _np
        s = _k.shape_of(x)
        if s is None:
            return _t.unknown("ImageDataGenerator.flow()")
        # keras_preprocessing's NumpyArrayIterator
        if not _t.require(_b.len(s) == 4, "shape/rank", "Input data in `NumpyArrayIterator` should have rank 4. You passed an array with shape ",
                          *_k.shape_text(s, False)):
            return _t.unknown("ImageDataGenerator.flow()")
        if y is not None and _k.shape_of(y) is not None:
            ys = _k.shape_of(y)
            _t.require(ys[0] == s[0], "shape/size-mismatch", "`x` (images tensor) and `y` (labels) should have the same length. Found: x.shape = ",
                       *(_k.shape_text(s, False) + [", y.shape = "] + _k.shape_text(ys, False)))
        n = _batch_dim()
        xb = _np.zeros((n,) + _b.tuple(s[1:]), dtype="float32")
        yb = None
        if y is not None and _k.shape_of(y) is not None:
            yb = _np.zeros((n,) + _b.tuple(_k.shape_of(y)[1:]), dtype=_t.dtype(y))
        return _Iterator(xb, yb)

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png", follow_links=False, subset=None,
                            interpolation="nearest", keep_aspect_ratio=False):
        import numpy as _np
        n = _batch_dim()
        c = _CHANNELS.get(color_mode, 3)
        h, w = target_size[0], target_size[1]
        shape = (n, c, h, w) if self.data_format == "channels_first" else (n, h, w, c)
        x = _np.zeros(shape, dtype="float32")
        if classes is not None and _b.isinstance(classes, (list, tuple)):
            k = _b.len(classes)
        else:
            k = _t.symbol("the number of classes (the directory's subdirectories)", 1, "data")
        y = None
        if class_mode == "categorical":
            y = _np.zeros((n, k), dtype="float32")
        elif class_mode == "binary" or class_mode == "sparse":
            y = _np.zeros((n,), dtype="float32")
        elif class_mode == "input":
            y = x
        return _Iterator(x, y)

    def flow_from_dataframe(self, dataframe, directory=None, x_col="filename", y_col="class", target_size=(256, 256),
                            color_mode="rgb", classes=None, class_mode="categorical", batch_size=32, **kwargs):
        return self.flow_from_directory(directory, target_size, color_mode, classes, class_mode, batch_size)


def load_img(path, grayscale=False, color_mode="rgb", target_size=None, interpolation="nearest", **kwargs):
    return _t.unknown("an image read from a file")


def img_to_array(img, data_format=None, dtype=None):
    import numpy as _np
    return _np.asarray(img, dtype=dtype or "float32")
