# sklearn.model_selection.train_test_split: each array split into its first n_train rows and its
# last n_test (the sizes as sklearn/model_selection/_split.py's _validate_shuffle_split computes
# them: a float test_size is ceil(test_size * n), a float train_size floor(train_size * n), the
# other the rest; 0.25 test when neither is given). Shuffling moves rows, not shapes.
import builtins as _b
import _tenscan as _t


def _sizes(n, test_size, train_size):
    import math
    if test_size is None and train_size is None:
        test_size = 0.25
    n_test = n_train = None
    if _b.isinstance(test_size, float):
        n_test = math.ceil(test_size * n)
    elif test_size is not None:
        n_test = test_size
    if _b.isinstance(train_size, float):
        n_train = math.floor(train_size * n)
    elif train_size is not None:
        n_train = train_size
    if n_train is None:
        n_train = n - n_test
    elif n_test is None:
        n_test = n - n_train
    return n_train, n_test


def train_test_split(*arrays, test_size=None, train_size=None, random_state=None, shuffle=True, stratify=None):
    if _b.len(arrays) == 0:
        return _t.unknown("train_test_split()")
    n = _b.len(arrays[0]) if not _t.is_unknown(arrays[0]) else None
    if n is None or _t.const_int(n) is None:
        return [_t.unknown("train_test_split()") for _ in _b.range(2 * _b.len(arrays))]
    n_train, n_test = _sizes(_t.const_int(n), test_size, train_size)
    out = []
    for a in arrays:
        if _t.is_unknown(a):
            out.extend([a, a])
        else:
            out.append(a[:n_train])
            out.append(a[n_train:n_train + n_test])
    return out
