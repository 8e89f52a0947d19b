# torchtext.vocab (0.12-0.18: torchtext/vocab/vocab.py, vocab_factory.py, csrc/vocab.cpp;
# vectors.py): a Vocab maps tokens to indices. Built from data, its size is a symbol
# (>= the number of specials); the specials' indices are known. A Vocab built from tokens
# tenscan can see (literal lists) is exact, and indexing it with a token it does not hold and
# no default index raises like the real one.
import builtins as _b
import _tenscan as _t
import torch
from torch import nn


def _known_length(seq):
    """len(seq) if seq is a list/tuple whose length tenscan knows, else None."""
    if not (_b.isinstance(seq, list) or _b.isinstance(seq, tuple)):
        return None
    return _t.const_int(_b.len(seq))


def _concrete_tokens(seq):
    """seq as a list of known strings, or None."""
    n = _known_length(seq)
    if n is None:
        return None
    out = []
    for x in seq:
        if not _t.is_str(x):
            return None
        out.append(x)
    return out


class _VocabState:
    """What torchtext's C++ Vocab holds: itos (the tokens in index order) and the default index.
    `tokens` is the exact itos when `complete`; otherwise `head` holds the specials placed at the
    front (special_first) and `tail` those placed at the end."""

    def __init__(self, size, tokens=None, head=None, tail=None, default_index=None):
        self.size = size
        self.complete = tokens is not None
        self.tokens = tokens if tokens is not None else []
        self.head = head if head is not None else []
        self.tail = tail if tail is not None else []
        self.default_index = default_index

    def index_of(self, token):
        """The index of a token tenscan knows to be in the vocab, else None."""
        if not _t.is_str(token):
            return None
        if self.complete:
            if token in self.tokens:
                return self.tokens.index(token)
            return None
        if token in self.head:
            return self.head.index(token)
        if token in self.tail:
            return self.size - _b.len(self.tail) + self.tail.index(token)
        return None

    def surely_absent(self, token):
        return self.complete and _t.is_str(token) and token not in self.tokens

    def token_at(self, index):
        i = _t.const_int(index)
        if i is not None and self.complete and 0 <= i < _b.len(self.tokens):
            return self.tokens[i]
        if i is not None and 0 <= i < _b.len(self.head):
            return self.head[i]
        return _t.unknown("a token of the vocab")


def _check_unique(tokens):
    seen = []
    for tok in tokens:
        if not _t.require(tok not in seen, "hparam/invalid-value", "Duplicate token found in tokens list: ", tok):
            return False
        seen.append(tok)
    return True


class Vocab(nn.Module):
    def __init__(self, vocab):
        nn.Module.__init__(self)
        self.vocab = vocab

    @property
    def is_jitable(self):
        return False

    def forward(self, tokens):
        return self.lookup_indices(tokens)

    def __len__(self):
        return self.vocab.size

    def __contains__(self, token):
        v = self.vocab
        if v.index_of(token) is not None:
            return True
        if v.surely_absent(token):
            return False
        return _t.unknown("token in vocab")

    def __getitem__(self, token):
        v = self.vocab
        i = v.index_of(token)
        if i is not None:
            return i
        if v.surely_absent(token):
            # Vocab::__getitem__: TORCH_CHECK(default_index_.has_value(), ...) -> RuntimeError
            if v.default_index is None:
                _t.require(False, "hparam/invalid-value", "Token ", token, " not found and default index is not set")
                return _t.unknown("vocab[token]")
            return v.default_index
        # a token of the data: some index in [0, len(vocab)) (or the default index)
        return _t.symbol("vocab[token]", 0, kind="data")

    def set_default_index(self, index):
        self.vocab.default_index = index

    def get_default_index(self):
        return self.vocab.default_index

    def insert_token(self, token, index):
        v = self.vocab
        if not _t.require((index >= 0) & (index <= v.size), "shape/index-out-of-range", "Specified index ", index,
                          " is out of bounds for vocab of size ", v.size):
            return None
        # the C++ check is `!__contains__(token)`, with this (sic) message
        if not _t.require(v.index_of(token) is None, "hparam/invalid-value", "Token ", token, " not found in Vocab"):
            return None
        i = _t.const_int(index)
        if v.complete and i is not None:
            v.tokens.insert(i, token)
        else:
            # the indices before `index` keep their tokens, those counted from the end too
            v.complete = False
            v.head = v.head[:i] + [token] if i is not None and i <= _b.len(v.head) else []
        v.size = v.size + 1

    def append_token(self, token):
        v = self.vocab
        i = v.index_of(token)
        if not _t.require(i is None, "hparam/invalid-value", "Token ", token,
                          " already exists in the Vocab with index: ", i if i is not None else -1):
            return None
        if v.complete:
            v.tokens.append(token)
        v.size = v.size + 1

    def lookup_token(self, index):
        v = self.vocab
        if not _t.require((index >= 0) & (index < v.size), "shape/index-out-of-range", "Specified index ", index,
                          " is out of bounds for vocab of size ", v.size):
            return _t.unknown("lookup_token()")
        return v.token_at(index)

    def lookup_tokens(self, indices):
        v = self.vocab
        if _known_length(indices) is not None:
            out = []
            pos = 0
            for i in indices:
                if _b.isinstance(i, _b.int):
                    if not _t.require((i >= 0) & (i < v.size), "shape/index-out-of-range", "Specified index ", i,
                                      " at position ", pos, " is out of bounds for vocab of size ", v.size):
                        return _t.unknown("lookup_tokens()")
                out.append(v.token_at(i))
                pos += 1
            return out
        return [_t.unknown("a token of the vocab")] * _t.symbol("len(tokens)", 0, kind="data")

    def lookup_indices(self, tokens):
        if _t.is_unknown(tokens):
            return [_t.symbol("vocab[token]", 0, kind="data")] * _t.symbol("len(tokens)", 0, kind="data")
        return [self.__getitem__(t) for t in tokens]

    def get_stoi(self):
        return _Stoi(self)

    def get_itos(self):
        v = self.vocab
        if v.complete:
            return _b.list(v.tokens)
        return _Itos(self)


class _Stoi:
    """get_stoi(): a dict token -> index whose contents the data decides."""

    def __init__(self, owner):
        self._owner = owner

    def __len__(self):
        return self._owner.vocab.size

    def __getitem__(self, token):
        v = self._owner.vocab
        i = v.index_of(token)
        if i is not None:
            return i
        if not _t.require(not v.surely_absent(token), "hparam/invalid-value", "KeyError: ", token):
            return _t.unknown("stoi[token]")
        return _t.symbol("stoi[token]", 0, kind="data")

    def get(self, token, default=None):
        v = self._owner.vocab
        i = v.index_of(token)
        if i is not None:
            return i
        if v.surely_absent(token):
            return default
        return _t.unknown("stoi.get()")

    def __contains__(self, token):
        return self._owner.__contains__(token)

    def __iter__(self):
        return _t.summary_iter([_t.unknown("a token of the vocab")])

    def keys(self):
        return self.__iter__()

    def values(self):
        return _t.summary_iter([_t.symbol("an index of the vocab", 0, kind="data")])

    def items(self):
        return _t.summary_iter([(_t.unknown("a token of the vocab"), _t.symbol("an index of the vocab", 0, kind="data"))])


class _Itos:
    """get_itos(): the list of the vocab's tokens in index order, its length known only as len(vocab)."""

    def __init__(self, owner):
        self._owner = owner

    def __len__(self):
        return self._owner.vocab.size

    def __getitem__(self, i):
        if _b.isinstance(i, slice):
            return [_t.unknown("a token of the vocab")] * _t.symbol("len(itos slice)", 0, kind="data")
        return self._owner.lookup_token(i)

    def __iter__(self):
        return _t.summary_iter([_t.unknown("a token of the vocab")])

    def index(self, token):
        return self._owner.__getitem__(token)


def _from_tokens(tokens, specials, special_first, name, lo_extra=0, hi=None):
    """A Vocab over `specials` and tokens from data (None: unknown) or a known token list."""
    specials = _b.list(specials) if specials else []
    if tokens is not None:
        toks = [t for t in tokens if t not in specials]
        itos = specials + toks if special_first else toks + specials
        if not _check_unique(itos):
            return Vocab(_VocabState(_t.symbol(name, 0, kind="input")))
        return Vocab(_VocabState(_b.len(itos), tokens=itos))
    if not _check_unique(specials):
        # the real call raises; the analysis goes on with the distinct specials
        uniq = []
        for tok in specials:
            if tok not in uniq:
                uniq.append(tok)
        specials = uniq
    lo = _b.len(specials) + lo_extra
    if hi is None:
        size = _t.symbol(name, lo, kind="input")
    else:
        size = _t.symbol(name, lo, kind="input", hi=hi)
    if special_first:
        return Vocab(_VocabState(size, head=specials))
    return Vocab(_VocabState(size, tail=specials))


def vocab(ordered_dict, min_freq=1, specials=None, special_first=True):
    specials = specials or []
    tokens = None
    if _b.isinstance(ordered_dict, dict):
        keys = _concrete_tokens(_b.list(ordered_dict.keys()))
        if keys is not None:
            tokens = []
            for k in keys:
                f = ordered_dict[k]
                if _t.const_int(f) is None:
                    tokens = None
                    break
                if f >= min_freq and k not in specials:
                    tokens.append(k)
    return _from_tokens(tokens, specials, special_first, "len(vocab)")


def build_vocab_from_iterator(iterator, min_freq=1, specials=None, special_first=True, max_tokens=None):
    specials = specials or []
    hi = None
    if max_tokens is not None:
        if not _t.require(_b.len(specials) < max_tokens, "hparam/invalid-value",
                          "len(specials) >= max_tokens, so the vocab will be entirely special tokens."):
            return _t.unknown("build_vocab_from_iterator()")
        hi = max_tokens
    # counter.update(tokens) for every element: exact when every token list is known
    lists = _b.list(iterator)
    tokens = None
    if _known_length(lists) is not None:
        tokens = []
        freq = {}
        for toks in lists:
            known = _concrete_tokens(toks)
            if known is None:
                tokens = None
                break
            for tok in known:
                if tok in freq:
                    freq[tok] = freq[tok] + 1
                else:
                    freq[tok] = 1
                    tokens.append(tok)
        if tokens is not None:
            # sorted by descending frequency, then lexicographically; min_freq; max_tokens
            tokens = _b.sorted(tokens, key=lambda tok: (-freq[tok], tok))
            tokens = [tok for tok in tokens if freq[tok] >= min_freq and tok not in specials]
            if max_tokens is not None:
                tokens = tokens[:max_tokens - _b.len(specials)]
    return _from_tokens(tokens, specials, special_first, "len(vocab)", 0, hi)


# ---- pretrained vectors (torchtext/vocab/vectors.py) -----------------------------------------

# pretrained_aliases: name -> dimension of the vectors in the file
_ALIAS_DIMS = {
    "charngram.100d": 100,
    "fasttext.en.300d": 300,
    "fasttext.simple.300d": 300,
    "glove.42B.300d": 300,
    "glove.840B.300d": 300,
    "glove.twitter.27B.25d": 25,
    "glove.twitter.27B.50d": 50,
    "glove.twitter.27B.100d": 100,
    "glove.twitter.27B.200d": 200,
    "glove.6B.50d": 50,
    "glove.6B.100d": 100,
    "glove.6B.200d": 200,
    "glove.6B.300d": 300,
}

_GLOVE_URLS = ["42B", "840B", "twitter.27B", "6B"]


class Vectors:
    def __init__(self, name, cache=None, url=None, unk_init=None, max_vectors=None, _dim=None):
        self.name = name
        self.cache = cache
        self.url = url
        self.unk_init = unk_init
        # the dimension is that of the file's vectors
        self.dim = _dim if _dim is not None else _t.symbol("dim(" + (name if _t.is_str(name) else "Vectors") + ")", 1)
        n = _t.symbol("len(vectors)", 1) if max_vectors is None else max_vectors
        self.vectors = torch.zeros(n, self.dim)
        self.stoi = _t.unknown("Vectors.stoi")
        self.itos = _t.unknown("Vectors.itos")

    def __getitem__(self, token):
        return torch.zeros(self.dim)

    def __len__(self):
        return self.vectors.size(0)

    def get_vecs_by_tokens(self, tokens, lower_case_backup=False):
        if _t.is_str(tokens):
            return torch.zeros(self.dim)
        return torch.zeros(_b.len(tokens), self.dim)


class GloVe(Vectors):
    def __init__(self, name="840B", dim=300, **kwargs):
        # url = self.url[name]: a KeyError for another name
        _t.require(name in _GLOVE_URLS, "hparam/invalid-value", "KeyError: '", name, "' (GloVe releases: '42B', '840B', ",
                   "'twitter.27B', '6B')")
        Vectors.__init__(self, "glove." + _b.str(name) + "." + _b.str(dim) + "d.txt", _dim=_b.int(dim), **kwargs)


class FastText(Vectors):
    def __init__(self, language="en", **kwargs):
        Vectors.__init__(self, "wiki." + _b.str(language) + ".vec", _dim=300, **kwargs)


class CharNGram(Vectors):
    def __init__(self, **kwargs):
        Vectors.__init__(self, "charNgram.txt", _dim=100, **kwargs)


class _Alias:
    # partial(GloVe, name=..., dim=...), partial(FastText, language=...), partial(CharNGram)
    def __init__(self, name):
        self.name = name

    def __call__(self, **kwargs):
        return Vectors(self.name, _dim=_ALIAS_DIMS[self.name])


pretrained_aliases = {k: _Alias(k) for k in _ALIAS_DIMS}


def vectors_dim(v):
    """The dimension of a pretrained alias or a Vectors object (None when not one)."""
    if _t.is_str(v):
        if not _t.require(v in _ALIAS_DIMS, "hparam/invalid-value", "Got string input vector ", v,
                          ", but allowed pretrained vectors are ['charngram.100d', 'fasttext.en.300d', ",
                          "'fasttext.simple.300d', 'glove.42B.300d', 'glove.840B.300d', 'glove.twitter.27B.25d', ",
                          "'glove.twitter.27B.50d', 'glove.twitter.27B.100d', 'glove.twitter.27B.200d', 'glove.6B.50d', ",
                          "'glove.6B.100d', 'glove.6B.200d', 'glove.6B.300d']"):
            return None
        return _ALIAS_DIMS[v]
    if _b.isinstance(v, Vectors):
        return v.dim
    if _t.is_unknown(v):
        return _t.symbol("dim(vectors)", 1)
    _t.require(False, "hparam/invalid-value", "Got input vectors of type ", _b.type(v).__name__,
               ", expected str or Vectors object")
    return None
