# torchtext.data.functional (0.15): to_map_style_dataset and the sentencepiece helpers
import builtins as _b
import _tenscan as _t
import torch.utils.data


class _MapStyleDataset(torch.utils.data.Dataset):
    # to_map_style_dataset: list(iter_data) behind __getitem__/__len__
    def __init__(self, iter_data):
        self._data = iter_data
        name = _b.getattr(iter_data, "_name", None)
        if not _t.is_str(name):
            name = _b.type(iter_data).__name__
        self._n = _t.symbol("len(" + name + ")", 1)

    def __len__(self):
        return self._n

    def __getitem__(self, idx):
        for x in self._data:
            return x
        return _t.unknown("an element of a dataset")


def to_map_style_dataset(iter_data):
    return _MapStyleDataset(iter_data)


def simple_space_split(iterator):
    for line in iterator:
        yield _b.list(line.split())


def numericalize_tokens_from_iterator(vocab, iterator, removed_tokens=None):
    for tokens in iterator:
        yield _b.iter([vocab[t] for t in tokens])


def load_sp_model(spm):
    return _t.unmodelled("torchtext.data.functional.load_sp_model")


def sentencepiece_numericalizer(sp_model):
    return _t.unmodelled("torchtext.data.functional.sentencepiece_numericalizer")


def sentencepiece_tokenizer(sp_model):
    return _t.unmodelled("torchtext.data.functional.sentencepiece_tokenizer")
