# torchtext.datasets (torchtext 0.12-0.18): each dataset is a function of (root, split) that
# returns a datapipe (a tuple of them for several splits) of samples of the dataset's kind,
# from each module's docstring `:returns:` / `:rtype:` (torchtext 0.15.2). Labels are ints in
# the documented range; texts are strings tenscan does not see.
import builtins as _b
import _tenscan as _t
from torchtext.datasets import _pipes
from torchtext.datasets import multi30k
from torchtext.datasets.multi30k import Multi30k


def _text(name):
    return _pipes.text("a text of " + name)


def _label(lo, hi):
    return _t.symbol("label", lo, kind="data", hi=hi)


# name -> (splits, kind, number of classes); kind: "label_text" yields (int label 1..k, str),
# "text" a str line, "pair" (str, str), "text_label" (str, int label 0..k-1)
_TABLE = {
    "AG_NEWS": (("train", "test"), "label_text", 4),
    "AmazonReviewFull": (("train", "test"), "label_text", 5),
    "AmazonReviewPolarity": (("train", "test"), "label_text", 2),
    "DBpedia": (("train", "test"), "label_text", 14),
    "IMDB": (("train", "test"), "label_text", 2),
    "SogouNews": (("train", "test"), "label_text", 5),
    "YahooAnswers": (("train", "test"), "label_text", 10),
    "YelpReviewFull": (("train", "test"), "label_text", 5),
    "YelpReviewPolarity": (("train", "test"), "label_text", 2),
    "WikiText2": (("train", "valid", "test"), "text", 0),
    "WikiText103": (("train", "valid", "test"), "text", 0),
    "PennTreebank": (("train", "valid", "test"), "text", 0),
    "EnWik9": (("train",), "text", 0),
    "SST2": (("train", "dev", "test"), "text_label", 2),
    "IWSLT2016": (("train", "valid", "test"), "pair", 0),
    "IWSLT2017": (("train", "valid", "test"), "pair", 0),
}


def _dataset(name, split):
    splits, kind, k = _TABLE[name]

    def sample(s):
        if kind == "label_text":
            return (_label(1, k), _text(name))
        if kind == "text":
            return _text(name)
        if kind == "pair":
            return (_text(name), _text(name))
        # SST2: the test split has no labels: (text,)
        if s == "test":
            return (_text(name),)
        return (_text(name), _label(0, k - 1))

    if split is None:
        split = splits
    return _pipes.make(name, splits, split, sample)


def AG_NEWS(root=".data", split=None):
    return _dataset("AG_NEWS", split)


def AmazonReviewFull(root=".data", split=None):
    return _dataset("AmazonReviewFull", split)


def AmazonReviewPolarity(root=".data", split=None):
    return _dataset("AmazonReviewPolarity", split)


def DBpedia(root=".data", split=None):
    return _dataset("DBpedia", split)


def IMDB(root=".data", split=None):
    return _dataset("IMDB", split)


def SogouNews(root=".data", split=None):
    return _dataset("SogouNews", split)


def YahooAnswers(root=".data", split=None):
    return _dataset("YahooAnswers", split)


def YelpReviewFull(root=".data", split=None):
    return _dataset("YelpReviewFull", split)


def YelpReviewPolarity(root=".data", split=None):
    return _dataset("YelpReviewPolarity", split)


def WikiText2(root=".data", split=None):
    return _dataset("WikiText2", split)


def WikiText103(root=".data", split=None):
    return _dataset("WikiText103", split)


def PennTreebank(root=".data", split=None):
    return _dataset("PennTreebank", split)


def EnWik9(root=".data", split=None):
    return _dataset("EnWik9", split)


def SST2(root=".data", split=None):
    return _dataset("SST2", split)


def IWSLT2016(root=".data", split=None, language_pair=("de", "en"), valid_set="tst2013", test_set="tst2014"):
    return _dataset("IWSLT2016", split)


def IWSLT2017(root=".data", split=None, language_pair=("de", "en")):
    return _dataset("IWSLT2017", split)


DATASETS = {name: None for name in _TABLE}
DATASETS["Multi30k"] = None
