# sklearn.utils.shuffle: the arrays' rows in one random order; every array must hold as many
# (sklearn's check_consistent_length), and each keeps its shape.
import builtins as _b
import _tenscan as _t


def shuffle(*arrays, random_state=None, n_samples=None):
    if _b.len(arrays) == 0:
        return None
    lengths = [_b.len(a) for a in arrays if not _t.is_unknown(a)]
    for n in lengths[1:]:
        _t.require(n == lengths[0], "shape/size-mismatch", "Found input variables with inconsistent numbers of samples: ",
                   lengths)
    if n_samples is not None:
        out = [a if _t.is_unknown(a) else a[:n_samples] for a in arrays]
    else:
        out = [a if _t.is_unknown(a) else a[:] for a in arrays]
    return out[0] if _b.len(out) == 1 else out


def resample(*arrays, replace=True, n_samples=None, random_state=None, stratify=None):
    return shuffle(*arrays, n_samples=n_samples)
