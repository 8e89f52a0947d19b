# torchtext.transforms (torchtext 0.15, torchtext/transforms.py): nn.Modules over token lists
import builtins as _b
import _tenscan as _t
import torch
from torch import nn
from torchtext import functional as F
from torchtext.vocab import Vocab


class VocabTransform(nn.Module):
    def __init__(self, vocab):
        nn.Module.__init__(self)
        self.vocab = vocab

    def forward(self, input):
        b = F._is_batch(input)
        if b is None:
            return self.vocab.lookup_indices(input)
        if not b:
            return self.vocab.lookup_indices(input)
        return [self.vocab.lookup_indices(tokens) for tokens in input]


class ToTensor(nn.Module):
    def __init__(self, padding_value=None, dtype=torch.long):
        nn.Module.__init__(self)
        self.padding_value = padding_value
        self.dtype = dtype

    def forward(self, input):
        return F.to_tensor(input, padding_value=self.padding_value, dtype=self.dtype)


class LabelToIndex(nn.Module):
    def __init__(self, label_names=None, label_path=None, sort_names=False):
        nn.Module.__init__(self)
        _t.require(label_names is not None or label_path is not None, "hparam/invalid-value",
                   "label_names or label_path is required")
        _t.require(label_names is None or label_path is None, "hparam/invalid-value",
                   "label_names and label_path are mutually exclusive")
        self._names = label_names

    def forward(self, input):
        if _t.is_str(input):
            if self._names is not None and _b.isinstance(self._names, list):
                _t.require(input in self._names, "hparam/invalid-value", "Token ", input,
                           " not found and default index is not set")
                if input in self._names:
                    return self._names.index(input)
            return _t.symbol("label index", 0, kind="data")
        return [self.forward(x) for x in input]

    @property
    def label_names(self):
        return self._names


class Truncate(nn.Module):
    def __init__(self, max_seq_len):
        nn.Module.__init__(self)
        self.max_seq_len = max_seq_len

    def forward(self, input):
        return F.truncate(input, self.max_seq_len)


class AddToken(nn.Module):
    def __init__(self, token, begin=True):
        nn.Module.__init__(self)
        self.token = token
        self.begin = begin

    def forward(self, input):
        return F.add_token(input, self.token, self.begin)


class PadTransform(nn.Module):
    def __init__(self, max_length, pad_value):
        nn.Module.__init__(self)
        self.max_length = max_length
        self.pad_value = _b.float(pad_value)

    def forward(self, x):
        max_encoded_length = x.size(-1)
        if max_encoded_length < self.max_length:
            pad_amount = self.max_length - max_encoded_length
            x = torch.nn.functional.pad(x, (0, pad_amount), value=self.pad_value)
        return x


class StrToIntTransform(nn.Module):
    def forward(self, input):
        return F.str_to_int(input)


class Sequential(nn.Sequential):
    def forward(self, input):
        for module in self._layers():
            input = module(input)
        return input


class SentencePieceTokenizer(nn.Module):
    def __init__(self, sp_model_path):
        nn.Module.__init__(self)

    def forward(self, input):
        return _t.unmodelled("torchtext.transforms.SentencePieceTokenizer")


class GPT2BPETokenizer(nn.Module):
    def __init__(self, encoder_json_path, vocab_bpe_path, return_tokens=False):
        nn.Module.__init__(self)

    def forward(self, input):
        return _t.unmodelled("torchtext.transforms.GPT2BPETokenizer")


class BERTTokenizer(nn.Module):
    def __init__(self, vocab_path, do_lower_case=True, strip_accents=None, return_tokens=False, never_split=None):
        nn.Module.__init__(self)

    def forward(self, input):
        return _t.unmodelled("torchtext.transforms.BERTTokenizer")
