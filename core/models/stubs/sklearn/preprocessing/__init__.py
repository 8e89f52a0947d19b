# sklearn.preprocessing: the scalers keep their input's shape (a 2-D array of samples x
# features, as sklearn's check_array requires); to_categorical-like encoders are not modelled.
import builtins as _b
import _tenscan as _t


def _two_d(x, who):
    if _t.is_unknown(x) or not _t.is_tensor(x):
        return True
    n = _t.const_int(_t.ndim(x))
    if n is None or n == 2:
        return True
    # (sklearn's check_array; a 3-D or higher array is "Found array with dim 3. <who> expected <= 2.")
    if n > 2:
        return _t.require(False, "shape/rank", "Found array with dim ", n, ". ", who, " expected <= 2.")
    return _t.require(False, "shape/rank", "Expected 2D array, got ", "1D" if n == 1 else "scalar", " array instead. Reshape",
                      " your data either using array.reshape(-1, 1) if your data has a single feature or",
                      " array.reshape(1, -1) if it contains a single sample.")


class _Scaler:
    def __init__(self, *args, **kwargs):
        pass

    def fit(self, X, y=None, **kwargs):
        _two_d(X, _b.type(self).__name__)
        return self

    def transform(self, X, *args, **kwargs):
        if not _two_d(X, _b.type(self).__name__):
            return _t.unknown("a failed transform")
        import numpy as _np
        return _np.array(X, dtype="float64")

    def fit_transform(self, X, y=None, **kwargs):
        return self.fit(X).transform(X)

    def inverse_transform(self, X, *args, **kwargs):
        return self.transform(X)


class StandardScaler(_Scaler):
    pass


class MinMaxScaler(_Scaler):
    pass


class RobustScaler(_Scaler):
    pass


class MaxAbsScaler(_Scaler):
    pass


class Normalizer(_Scaler):
    pass
