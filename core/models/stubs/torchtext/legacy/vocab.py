# torchtext.legacy.vocab (torchtext 0.11, torchtext/legacy/vocab.py): the Vocab a Field builds
# from its datasets. len(vocab) = the specials + the data's tokens (a symbol >= the number of
# specials, <= max_size + specials); stoi/itos know the specials (specials_first puts them
# first); `vectors` is a [len(vocab), dim] float tensor once vectors are loaded.
import builtins as _b
import _tenscan as _t
import torch
from torchtext import vocab as _modern


class _DataCounter:
    """The Counter of a Field's tokens over its datasets: contents tenscan does not see."""

    def __init__(self, name):
        self.name = name


class _Stoi:
    """A defaultdict(token -> index) whose contents beyond the specials the data decides."""

    def __init__(self, owner):
        self._v = owner

    def _known(self, token):
        v = self._v
        if _t.is_str(token) and token in v._specials:
            i = v._specials.index(token)
            if v._specials_first:
                return i
            return v._size - _b.len(v._specials) + i
        return None

    def __getitem__(self, token):
        i = self._known(token)
        if i is not None:
            return i
        return _t.symbol("stoi[token]", 0, kind="data")

    def get(self, token, default=None):
        i = self._known(token)
        if i is not None:
            return i
        return _t.unknown("stoi.get()")

    def __contains__(self, token):
        if self._known(token) is not None:
            return True
        return _t.unknown("token in stoi")

    def __len__(self):
        return self._v._size

    def __iter__(self):
        return _t.summary_iter([_t.unknown("a token of the vocab")])

    def keys(self):
        return self.__iter__()

    def items(self):
        return _t.summary_iter([(_t.unknown("a token of the vocab"), _t.symbol("an index", 0, kind="data"))])


class _Itos:
    """The list of tokens in index order: len(vocab) of them, the specials known."""

    def __init__(self, owner):
        self._v = owner

    def __len__(self):
        return self._v._size

    def __getitem__(self, i):
        v = self._v
        c = _t.const_int(i) if _b.isinstance(i, _b.int) else None
        if c is not None and v._specials_first and 0 <= c < _b.len(v._specials):
            return v._specials[c]
        return _t.unknown("a token of the vocab")

    def __iter__(self):
        return _t.summary_iter([_t.unknown("a token of the vocab")])

    def index(self, token):
        return self._v.stoi[token]


class Vocab:
    UNK = "<unk>"

    def __init__(self, counter, max_size=None, min_freq=1, specials=("<unk>", "<pad>"), vectors=None, unk_init=None,
                 vectors_cache=None, specials_first=True):
        self.freqs = counter
        name = counter.name if _b.isinstance(counter, _DataCounter) else "Counter"
        specials = _b.list(specials)
        self._specials = specials
        self._specials_first = specials_first
        lo = _b.max(_b.len(specials), 1)
        # max_size counts the data's tokens: at most max_size + len(specials) in all
        if max_size is not None and _t.const_int(max_size) is not None:
            self._size = _t.symbol("len(" + name + ".vocab)", lo, kind="input", hi=_b.max(max_size + _b.len(specials), lo))
        else:
            self._size = _t.symbol("len(" + name + ".vocab)", lo, kind="input")
        self.unk_index = None
        if Vocab.UNK in specials:
            i = specials.index(Vocab.UNK)
            self.unk_index = i if specials_first else self._size - _b.len(specials) + i
        self.stoi = _Stoi(self)
        self.itos = _Itos(self)
        self.vectors = None
        if vectors is not None:
            self.load_vectors(vectors, unk_init=unk_init, cache=vectors_cache)

    def __getitem__(self, token):
        return self.stoi.get(token, self.stoi.get(Vocab.UNK))

    def __len__(self):
        return self._size

    def lookup_indices(self, tokens):
        return [self.__getitem__(t) for t in tokens]

    def extend(self, v, sort=False):
        # adds v's tokens not already here: some number of them
        self._size = self._size + _t.symbol("len(new tokens)", 0, kind="input")
        self.itos = _Itos(self)

    def load_vectors(self, vectors, **kwargs):
        if not _b.isinstance(vectors, list):
            vectors = [vectors]
        tot_dim = 0
        for v in vectors:
            d = _modern.vectors_dim(v)
            if d is None:
                return None
            tot_dim = tot_dim + d
        # self.vectors = torch.Tensor(len(self), tot_dim)
        self.vectors = torch.zeros(self._size, tot_dim)

    def set_vectors(self, stoi, vectors, dim, unk_init=None):
        self.vectors = torch.zeros(self._size, dim)


class SubwordVocab(Vocab):
    def __init__(self, counter, max_size=None, specials="<pad>", vectors=None, unk_init=None):
        Vocab.__init__(self, counter, None, 1, [specials] if _t.is_str(specials) else specials, vectors, unk_init)


Vectors = _modern.Vectors
GloVe = _modern.GloVe
FastText = _modern.FastText
CharNGram = _modern.CharNGram
pretrained_aliases = _modern.pretrained_aliases
