# torchtext.legacy.datasets (torchtext 0.11, torchtext/legacy/datasets/*.py): the splits()
# class methods build Datasets whose fields are the given Fields under the dataset's column
# names; the number of examples is a symbol (read from disk). Table-driven: the columns and
# the splits of each dataset.
import builtins as _b
import _tenscan as _t
from torchtext.legacy import data


class _Split(data.Dataset):
    def __init__(self, name, fields):
        data.Dataset.__init__(self, None, fields, None, name)


def _splits(cls, fields, names):
    """One dataset per split name that is not None."""
    return _b.tuple([cls(cls.__name__ + "." + _b.str(n), fields) for n in names if n is not None])


# ---- nli.py ---------------------------------------------------------------------------------

def _nli_splits(cls, text_field, label_field, parse_field, extra_fields, train, validation, test):
    # fields = {'sentence1': ('premise', text), 'sentence2': ('hypothesis', text), 'gold_label': ('label', label)}
    fields = [("premise", text_field), ("hypothesis", text_field), ("label", label_field)]
    if parse_field is not None:
        fields = fields + [("premise_transitions", parse_field), ("hypothesis_transitions", parse_field)]
    if extra_fields is not None:
        for key, val in extra_fields.items():
            fields.append(val)
    return _splits(cls, fields, [train, validation, test])


def _translation_splits(cls, exts, fields, train, validation, test):
    return _b.tuple([cls(_b.str(n), exts, fields) for n in [train, validation, test] if n is not None])


class NLIDataset(_Split):
    urls = []
    dirname = ""
    name = "nli"

    @staticmethod
    def sort_key(ex):
        return 0

    @classmethod
    def splits(cls, text_field, label_field, parse_field=None, extra_fields=None, root=".data", train="train.jsonl",
               validation="val.jsonl", test="test.jsonl"):
        return _nli_splits(cls, text_field, label_field, parse_field, extra_fields, train, validation, test)

    @classmethod
    def iters(cls, batch_size=32, device=0, root=".data", vectors=None, trees=False, **kwargs):
        if trees:
            TEXT = ParsedTextField()
            TRANSITIONS = ShiftReduceField()
        else:
            TEXT = data.Field(tokenize="spacy")
            TRANSITIONS = None
        LABEL = data.Field(sequential=False)
        train, val, test = cls.splits(TEXT, LABEL, TRANSITIONS, root=root, **kwargs)
        TEXT.build_vocab(train, vectors=vectors)
        LABEL.build_vocab(train)
        return data.BucketIterator.splits((train, val, test), batch_size=batch_size, device=device)


class SNLI(NLIDataset):
    urls = ["http://nlp.stanford.edu/projects/snli/snli_1.0.zip"]
    dirname = "snli_1.0"
    name = "snli"

    @classmethod
    def splits(cls, text_field, label_field, parse_field=None, root=".data", train="snli_1.0_train.jsonl",
               validation="snli_1.0_dev.jsonl", test="snli_1.0_test.jsonl"):
        return _nli_splits(cls, text_field, label_field, parse_field, None, train, validation, test)


class MultiNLI(NLIDataset):
    urls = ["http://www.nyu.edu/projects/bowman/multinli/multinli_1.0.zip"]
    dirname = "multinli_1.0"
    name = "multinli"

    @classmethod
    def splits(cls, text_field, label_field, parse_field=None, genre_field=None, root=".data",
               train="multinli_1.0_train.jsonl", validation="multinli_1.0_dev_matched.jsonl",
               test="multinli_1.0_dev_mismatched.jsonl"):
        extra = {}
        if genre_field is not None:
            extra["genre"] = ("genre", genre_field)
        return _nli_splits(cls, text_field, label_field, parse_field, extra, train, validation, test)


class XNLI(NLIDataset):
    urls = ["http://www.nyu.edu/projects/bowman/xnli/XNLI-1.0.zip"]
    dirname = "XNLI-1.0"
    name = "xnli"

    @classmethod
    def splits(cls, text_field, label_field, genre_field=None, language_field=None, root=".data",
               validation="xnli.dev.jsonl", test="xnli.test.jsonl"):
        extra = {}
        if genre_field is not None:
            extra["genre"] = ("genre", genre_field)
        if language_field is not None:
            extra["language"] = ("language", language_field)
        return _nli_splits(cls, text_field, label_field, None, extra, None, validation, test)


class ShiftReduceField(data.Field):
    def __init__(self):
        data.Field.__init__(self)
        self.build_vocab([["reduce"], ["shift"]])


class ParsedTextField(data.Field):
    def __init__(self, eos_token="<pad>", lower=False, reverse=False):
        data.Field.__init__(self, eos_token=eos_token, lower=lower, include_lengths=True)


# ---- text classification: (text, label) ------------------------------------------------------

class _TextLabel(_Split):
    @staticmethod
    def sort_key(ex):
        return 0

    @classmethod
    def iters(cls, batch_size=32, device=0, root=".data", vectors=None, **kwargs):
        return cls._iters(batch_size, device, root, vectors, **kwargs)

    @classmethod
    def _iters(cls, batch_size, device, root, vectors, **kwargs):
        TEXT = data.Field()
        LABEL = data.Field(sequential=False)
        splits = cls.splits(TEXT, LABEL, root=root, **kwargs)
        TEXT.build_vocab(splits[0], vectors=vectors)
        LABEL.build_vocab(splits[0])
        return data.BucketIterator.splits(splits, batch_size=batch_size, device=device)


class IMDB(_TextLabel):
    name = "imdb"
    dirname = "aclImdb"

    @classmethod
    def splits(cls, text_field, label_field, root=".data", train="train", test="test", **kwargs):
        return _splits(cls, [("text", text_field), ("label", label_field)], [train, test])


class SST(_TextLabel):
    name = "sst"
    dirname = "trees"

    @classmethod
    def splits(cls, text_field, label_field, root=".data", train="train.txt", validation="dev.txt", test="test.txt",
               train_subtrees=False, **kwargs):
        return _splits(cls, [("text", text_field), ("label", label_field)], [train, validation, test])


class TREC(_TextLabel):
    name = "trec"
    dirname = ""

    @classmethod
    def splits(cls, text_field, label_field, root=".data", train="train_5500.label", test="TREC_10.label", **kwargs):
        return _splits(cls, [("text", text_field), ("label", label_field)], [train, test])


# ---- translation.py: (src, trg) -----------------------------------------------------------------

class TranslationDataset(_Split):
    @staticmethod
    def sort_key(ex):
        return 0

    def __init__(self, path, exts=None, fields=None, **kwargs):
        if fields is not None and not _b.isinstance(fields[0], (tuple, list)):
            fields = [("src", fields[0]), ("trg", fields[1])]
        _Split.__init__(self, _b.type(self).__name__ + "(" + _b.str(path) + ")", fields if fields is not None else [])

    @classmethod
    def splits(cls, exts, fields, path=None, root=".data", train="train", validation="val", test="test", **kwargs):
        return _translation_splits(cls, exts, fields, train, validation, test)


class Multi30k(TranslationDataset):
    urls = ["http://www.quest.dcs.shef.ac.uk/wmt16_files_mmt/training.tar.gz",
            "http://www.quest.dcs.shef.ac.uk/wmt16_files_mmt/validation.tar.gz",
            "http://www.quest.dcs.shef.ac.uk/wmt17_files_mmt/mmt_task1_test2016.tar.gz"]
    name = "multi30k"
    dirname = ""

    @classmethod
    def splits(cls, exts, fields, root=".data", train="train", validation="val", test="test2016", **kwargs):
        return _translation_splits(cls, exts, fields, train, validation, test)


class IWSLT(TranslationDataset):
    name = "iwslt"

    @classmethod
    def splits(cls, exts, fields, root=".data", train="train", validation="IWSLT16.TED.tst2013",
               test="IWSLT16.TED.tst2014", **kwargs):
        return _translation_splits(cls, exts, fields, train, validation, test)


class WMT14(TranslationDataset):
    name = "wmt14"

    @classmethod
    def splits(cls, exts, fields, root=".data", train="train.tok.clean.bpe.32000", validation="newstest2013.tok.bpe.32000",
               test="newstest2014.tok.bpe.32000", **kwargs):
        return _translation_splits(cls, exts, fields, train, validation, test)


# ---- language_modeling.py: one field 'text' -----------------------------------------------------

class LanguageModelingDataset(_Split):
    def __init__(self, path, text_field, newline_eos=True, encoding="utf-8", **kwargs):
        _Split.__init__(self, _b.type(self).__name__ + "(" + _b.str(path) + ")", [("text", text_field)])

    @classmethod
    def splits(cls, text_field, root=".data", train="train", validation="valid", test="test", **kwargs):
        return _b.tuple([cls(_b.str(n), text_field) for n in [train, validation, test] if n is not None])

    @classmethod
    def iters(cls, batch_size=32, bptt_len=35, device=0, root=".data", vectors=None, **kwargs):
        TEXT = data.Field()
        train, val, test = cls.splits(TEXT, root=root, **kwargs)
        TEXT.build_vocab(train, vectors=vectors)
        return data.BPTTIterator.splits((train, val, test), batch_size=batch_size, bptt_len=bptt_len, device=device)


class WikiText2(LanguageModelingDataset):
    name = "wikitext-2"


class WikiText103(LanguageModelingDataset):
    name = "wikitext-103"


class PennTreebank(LanguageModelingDataset):
    name = "penn-treebank"


# ---- sequence_tagging.py: the given (name, field) columns ----------------------------------------

class SequenceTaggingDataset(_Split):
    @staticmethod
    def sort_key(example):
        return 0

    def __init__(self, path, fields, encoding="utf-8", separator="\t", **kwargs):
        _Split.__init__(self, _b.type(self).__name__ + "(" + _b.str(path) + ")", fields)

    @classmethod
    def splits(cls, fields, root=".data", train="train", validation="valid", test="test", **kwargs):
        return _b.tuple([cls(_b.str(n), fields) for n in [train, validation, test] if n is not None])


class UDPOS(SequenceTaggingDataset):
    name = "udpos"


class CoNLL2000Chunking(SequenceTaggingDataset):
    name = "conll2000"

    @classmethod
    def splits(cls, fields, root=".data", train="train.txt", test="test.txt", validation_frac=0.1, **kwargs):
        return _b.tuple([cls(n, fields) for n in ["train", "valid", "test"]])
