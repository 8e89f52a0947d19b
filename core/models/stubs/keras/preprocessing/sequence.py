# keras.preprocessing.sequence.pad_sequences: (len(sequences), maxlen) int32 (maxlen: the
# longest sequence's length when not given, which the data decides)
import builtins as _b
import _tenscan as _t


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    import numpy as _np
    if _t.is_unknown(sequences):
        return _t.unknown("pad_sequences()")
    n = _b.len(sequences)
    if maxlen is None:
        maxlen = _t.symbol("the longest sequence's length", 1, "data")
    return _np.zeros((n, maxlen), dtype=dtype)
