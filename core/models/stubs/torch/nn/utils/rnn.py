# torch.nn.utils.rnn.pad_sequence (1.13): a list of (L_i, *) tensors with the same trailing
# dims becomes one (max L_i, B, *) tensor, (B, max L_i, *) with batch_first.
import builtins as _b
import _tenscan as _t
import torch


def _rank(t):
    if not _t.is_tensor(t):
        return None
    return _t.const_int(_t.ndim(t))


def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    if _b.isinstance(sequences, tuple) or _b.isinstance(sequences, list):
        seqs = _b.list(sequences)
    else:
        seqs = None
    if not seqs:
        if seqs is not None:
            _t.require(False, "shape/size-mismatch", "pad_sequence: received an empty list of sequences")
        return _t.unranked("float32")
    first = seqs[0]
    r = _rank(first)
    if r is None or r < 1:
        return _t.unranked(first)
    trailing = _b.list(first.shape)[1:]
    lengths = []
    for s in seqs:
        rs = _rank(s)
        if rs is None:
            return _t.unranked(first)
        ok = rs == r
        if ok:
            for a, b in _b.zip(_b.list(s.shape)[1:], trailing):
                ok = ok & (a == b)
        if not _t.require(ok, "shape/size-mismatch", "pad_sequence: every sequence must have the trailing dims ", trailing,
                          " of the first (", first, "), but got ", s):
            return _t.unranked(first)
        lengths.append(s.shape[0])
    # the longest sequence's length (see _tenscan.max_of)
    t = _t.max_of(lengths, "max_len")
    b = _b.len(seqs)
    shape = [b, t] if batch_first else [t, b]
    return _t.new(_b.tuple(shape + trailing), _t.dtype(first))


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    return _t.unmodelled("torch.nn.utils.rnn.pack_padded_sequence")


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    return _t.unmodelled("torch.nn.utils.rnn.pad_packed_sequence")
