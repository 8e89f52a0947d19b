# torchtext.data.utils (torchtext/data/utils.py, 0.11 and 0.15 agree): get_tokenizer. A
# tokenizer maps a text to a list of tokens whose number the text decides; str.split on a
# known string is exact.
import builtins as _b
import _tenscan as _t


def _tokens(owner):
    """The tokens of a text tenscan cannot see: a list of unknown length."""
    return [_t.unknown("a token")] * _t.symbol("len(" + owner + ")", 0, kind="data")


def _split_tokenizer(x):
    # x.split()
    if _b.isinstance(x, str) and _t.is_str(x):
        return x.split()
    return _tokens("tokens")


def _basic_english_normalize(line):
    # lower-cases, spaces out punctuation, then line.split()
    return _tokens("tokens")


class _LibraryTokenizer:
    """spacy / moses / toktok / revtok / subword: a callable str -> list of str."""

    def __init__(self, name, language):
        self.name = name
        self.language = language

    def __call__(self, x):
        return _tokens("tokens")

    def tokenize(self, x):
        return _tokens("tokens")


_LIBRARY_TOKENIZERS = ["spacy", "moses", "toktok", "revtok", "subword"]


def get_tokenizer(tokenizer, language="en"):
    if tokenizer is None:
        return _split_tokenizer
    if tokenizer == "basic_english":
        if not _t.require(language == "en", "hparam/invalid-value",
                          "Basic normalization is only available for Enlish(en)"):
            return _t.unknown("get_tokenizer()")
        return _basic_english_normalize
    if _b.callable(tokenizer):
        return tokenizer
    if tokenizer in _LIBRARY_TOKENIZERS:
        return _LibraryTokenizer(tokenizer, language)
    if _t.is_str(tokenizer):
        _t.require(False, "hparam/invalid-value", "Requested tokenizer ", tokenizer, ", valid choices are a ",
                   "callable that takes a single string as input, \"revtok\" for the revtok reversible tokenizer, ",
                   "\"subword\" for the revtok caps-aware tokenizer, \"spacy\" for the SpaCy English tokenizer, or ",
                   "\"moses\" for the NLTK port of the Moses tokenization script.")
    return _t.unknown("get_tokenizer()")


def is_tokenizer_serializable(tokenizer, language):
    return tokenizer != "spacy"


def interleave_keys(a, b):
    return _t.unknown("interleave_keys()")


def ngrams_iterator(token_list, ngrams):
    return _t.summary_iter([_t.unknown("an n-gram")])


class RandomShuffler:
    def __init__(self, random_state=None):
        self.random_state = random_state

    def __call__(self, data):
        return _b.list(data)
