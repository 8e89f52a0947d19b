# torchtext.functional (torchtext 0.15, torchtext/functional.py): to_tensor, truncate,
# add_token, str_to_int on a sequence (List[int] / List[str]) or a batch of them
import builtins as _b
import _tenscan as _t
import torch
from torch.nn.utils.rnn import pad_sequence


def _is_batch(input):
    """A List[List[...]] (True), a List[...] of scalars (False), None when not a list."""
    if not (_b.isinstance(input, list) or _b.isinstance(input, tuple)):
        return None
    for x in input:
        return _b.isinstance(x, list) or _b.isinstance(x, tuple)
    return False


def to_tensor(input, padding_value=None, dtype=torch.long):
    b = _is_batch(input)
    if b is None:
        if _t.is_unknown(input):
            return _t.unranked(dtype)
        _t.require(False, "hparam/invalid-value", "to_tensor: Input type not supported")
        return _t.unranked(dtype)
    if not b:
        # List[int]: torch.tensor(input, dtype=torch.long), whatever `dtype` says
        return torch.tensor(input, dtype=torch.long)
    if padding_value is None:
        return torch.tensor(input, dtype=dtype)
    return pad_sequence([torch.tensor(ids, dtype=dtype) for ids in input], batch_first=True,
                        padding_value=_b.float(padding_value))


def truncate(input, max_seq_len):
    b = _is_batch(input)
    if b is None:
        return _t.unknown("truncate()")
    if not b:
        return input[:max_seq_len]
    return [ids[:max_seq_len] for ids in input]


def add_token(input, token_id, begin=True):
    b = _is_batch(input)
    if b is None:
        return _t.unknown("add_token()")
    if not b:
        return [token_id] + _b.list(input) if begin else _b.list(input) + [token_id]
    if begin:
        return [[token_id] + _b.list(ids) for ids in input]
    return [_b.list(ids) + [token_id] for ids in input]


def str_to_int(input):
    b = _is_batch(input)
    if b is None:
        return _t.unknown("str_to_int()")
    if not b:
        return [_b.int(x) for x in input]
    return [[_b.int(x) for x in ids] for ids in input]
