# torchtext.legacy.data (torchtext 0.9-0.11: torchtext/legacy/data/field.py, dataset.py,
# iterator.py, batch.py). A Batch holds one tensor per field of the dataset, made by
# Field.process = pad + numericalize:
#   sequential Field:  torch.tensor(padded, dtype) -> [batch, seq_len], then t_() unless
#                      batch_first -> [seq_len, batch]; seq_len = fix_length if given, else the
#                      longest example of the batch (a data symbol, >= 1 + init/eos tokens)
#   sequential=False (LabelField):  [batch]
#   include_lengths:   (tensor, lengths [batch] of the field's dtype)
# An Iterator over a dataset of n examples yields batches of batch_size examples and, when
# batch_size does not divide n, a last one of n % batch_size (iterator.py: batch()/pool()).
import builtins as _b
import _tenscan as _t
import torch
import torch.utils.data
from torchtext.data.utils import get_tokenizer, interleave_keys, RandomShuffler
from torchtext.legacy.vocab import Vocab, SubwordVocab, _DataCounter

# Field.dtypes: the dtypes use_vocab=False can numericalize
_NUMERIC_DTYPES = ["float32", "float64", "float16", "uint8", "int8", "int16", "int32", "int64"]


class Pipeline:
    def __init__(self, convert_token=None):
        self.convert_token = convert_token
        self.pipes = [self]

    def __call__(self, x, *args):
        return x

    def call(self, x, *args):
        return x

    def add_before(self, pipeline):
        return self

    def add_after(self, pipeline):
        return self


class RawField:
    def __init__(self, preprocessing=None, postprocessing=None, is_target=False):
        self.preprocessing = preprocessing
        self.postprocessing = postprocessing
        self.is_target = is_target

    def preprocess(self, x):
        if self.preprocessing is not None:
            return self.preprocessing(x)
        return x

    def process(self, batch, *args, **kwargs):
        if self.postprocessing is not None:
            batch = self.postprocessing(batch)
        return batch

    def _example_value(self):
        return _t.unknown("a raw value")

    def _batch(self, n, name, device):
        # the examples' raw values, postprocessed
        return _t.unknown("the raw values of field '" + name + "'")


class Field(RawField):
    vocab_cls = Vocab
    ignore = ["dtype", "tokenize"]

    def __init__(self, sequential=True, use_vocab=True, init_token=None, eos_token=None, fix_length=None,
                 dtype=torch.long, preprocessing=None, postprocessing=None, lower=False, tokenize=None,
                 tokenizer_language="en", include_lengths=False, batch_first=False, pad_token="<pad>",
                 unk_token="<unk>", pad_first=False, truncate_first=False, stop_words=None, is_target=False):
        self.sequential = sequential
        self.use_vocab = use_vocab
        self.init_token = init_token
        self.eos_token = eos_token
        self.unk_token = unk_token
        self.fix_length = fix_length
        self.dtype = dtype
        self.preprocessing = preprocessing
        self.postprocessing = postprocessing
        self.lower = lower
        self.tokenizer_args = (tokenize, tokenizer_language)
        self.tokenize = get_tokenizer(tokenize, tokenizer_language)
        self.include_lengths = include_lengths
        self.batch_first = batch_first
        self.pad_token = pad_token if self.sequential else None
        self.pad_first = pad_first
        self.truncate_first = truncate_first
        self.stop_words = stop_words
        self.is_target = is_target

    def __hash__(self):
        return 42

    def __getattr__(self, name):
        # `vocab` exists once build_vocab() ran (field.py: self.vocab = self.vocab_cls(...))
        if name == "vocab":
            raise AttributeError("'" + _b.type(self).__name__ + "' object has no attribute 'vocab'")
        return _t.unknown("Field." + name)

    def preprocess(self, x):
        if self.sequential and _t.is_str(x):
            x = self.tokenize(x.rstrip("\n"))
        if self.preprocessing is not None:
            return self.preprocessing(x)
        return x

    def _example_value(self):
        if self.sequential:
            return [_t.unknown("a token")] * _t.symbol("len(example)", 0, kind="data")
        return _t.unknown("a label")

    def _specials(self, extra=()):
        # build_vocab: OrderedDict.fromkeys(tok for tok in [unk, pad, init, eos] + specials if tok is not None)
        out = []
        for tok in [self.unk_token, self.pad_token, self.init_token, self.eos_token] + _b.list(extra):
            if tok is not None and tok not in out:
                out.append(tok)
        return out

    def build_vocab(self, *args, **kwargs):
        name = "Field"
        for arg in args:
            if _b.isinstance(arg, Dataset):
                for n, f in arg.fields.items():
                    if f is self and name == "Field":
                        name = n
        specials = self._specials(kwargs.pop("specials", []))
        self.vocab = self.vocab_cls(_DataCounter(name), specials=specials, **kwargs)

    def pad(self, minibatch):
        return _t.unknown("Field.pad()")

    def numericalize(self, arr, device=None):
        if _t.is_tensor(arr):
            return arr
        return _t.unknown("Field.numericalize()")

    def process(self, batch, device=None):
        n = _b.len(batch)
        return self._batch(n, "field", device)

    def _batch(self, n, name, device):
        """Field.process(batch of n examples) = numericalize(pad(batch))."""
        if self.include_lengths and not self.sequential:
            # pad() returns the plain list when not sequential; numericalize then raises
            _t.require(False, "hparam/invalid-value", "Field has include_lengths set to True, but input data is not a ",
                       "tuple of (data batch, batch lengths).")
            return _t.unknown("Field.process()")
        dt = self.dtype
        if self.use_vocab:
            # arr = [[self.vocab.stoi[x] for x in ex] for ex in arr]: an AttributeError before build_vocab
            stoi = self.vocab.stoi
        elif not _t.require(dt in _NUMERIC_DTYPES, "hparam/invalid-value", "Specified Field dtype ", dt,
                            " can not be used with use_vocab=False because we do not know how to numericalize it. ",
                            "Please raise an issue at https://github.com/pytorch/text/issues"):
            return _t.unknown("Field.process()")
        if not self.sequential:
            return _t.new((n,), dt)
        if self.fix_length is not None:
            length = self.fix_length
        else:
            nspecial = (0 if self.init_token is None else 1) + (0 if self.eos_token is None else 1)
            length = _t.symbol("seq_len(" + name + ")", 1 + nspecial, kind="data")
        var = _t.new((n, length) if self.batch_first else (length, n), dt)
        if self.include_lengths:
            return (var, _t.new((n,), dt))
        return var


class ReversibleField(Field):
    def __init__(self, **kwargs):
        if kwargs.get("tokenize") is None:
            kwargs["tokenize"] = "revtok"
        if "unk_token" not in kwargs:
            kwargs["unk_token"] = " UNK "
        Field.__init__(self, **kwargs)

    def reverse(self, batch):
        return [_t.unknown("a sentence")] * _b.len(batch) if not self.batch_first else _t.unknown("reverse()")


class SubwordField(ReversibleField):
    vocab_cls = SubwordVocab

    def __init__(self, **kwargs):
        kwargs["tokenize"] = "subword"
        if "unk_token" not in kwargs:
            kwargs["unk_token"] = "\ufffd"
        ReversibleField.__init__(self, **kwargs)

    def segment(self, *args):
        return None


class LabelField(Field):
    def __init__(self, **kwargs):
        kwargs["sequential"] = False
        kwargs["unk_token"] = None
        kwargs["is_target"] = True
        Field.__init__(self, **kwargs)


class NestedField(Field):
    def __init__(self, nesting_field, use_vocab=True, init_token=None, eos_token=None, fix_length=None,
                 dtype=torch.long, preprocessing=None, postprocessing=None, tokenize=None, tokenizer_language="en",
                 include_lengths=False, pad_token="<pad>", pad_first=False, truncate_first=False):
        if not _t.require(not _b.isinstance(nesting_field, NestedField), "hparam/invalid-value",
                          "nesting field must not be another NestedField"):
            nesting_field = Field()
        _t.require(not nesting_field.include_lengths, "hparam/invalid-value",
                   "nesting field cannot have include_lengths=True")
        Field.__init__(self, use_vocab=use_vocab, init_token=init_token, eos_token=eos_token, fix_length=fix_length,
                       dtype=dtype, preprocessing=preprocessing, postprocessing=postprocessing, lower=nesting_field.lower,
                       tokenize=tokenize, tokenizer_language=tokenizer_language, batch_first=True, pad_token=pad_token,
                       unk_token=nesting_field.unk_token, pad_first=pad_first, truncate_first=truncate_first,
                       include_lengths=include_lengths)
        self.nesting_field = nesting_field

    def _batch(self, n, name, device):
        # [batch, seq_len, word_len]
        if self.use_vocab:
            stoi = self.vocab.stoi
        length = self.fix_length if self.fix_length is not None else _t.symbol("seq_len(" + name + ")", 1, kind="data")
        nf = self.nesting_field
        wlen = nf.fix_length if nf.fix_length is not None else _t.symbol("word_len(" + name + ")", 1, kind="data")
        var = _t.new((n, length, wlen), self.dtype)
        if self.include_lengths:
            return (var, _t.new((n,), self.dtype), _t.new((n, length), self.dtype))
        return var


# ---- examples and datasets ------------------------------------------------------------------

class Example:
    @classmethod
    def fromlist(cls, data, fields):
        ex = cls()
        for pair in fields:
            if pair is None:
                continue
            name, field = pair
            if field is not None:
                _b.setattr(ex, name, field._example_value())
        return ex

    @classmethod
    def fromdict(cls, data, fields):
        ex = cls()
        for key, vals in fields.items():
            if vals is None:
                continue
            if not _b.isinstance(vals, list):
                vals = [vals]
            for name, field in vals:
                _b.setattr(ex, name, field._example_value())
        return ex

    @classmethod
    def fromJSON(cls, data, fields):
        return cls.fromdict(data, fields)

    @classmethod
    def fromCSV(cls, data, fields, field_to_index=None):
        return cls.fromlist(data, fields)

    @classmethod
    def fromtree(cls, data, fields, subtrees=False):
        return cls.fromlist(data, fields)


def _field_items(fields):
    """Dataset fields as (name, Field) pairs, tuples of names unpacked."""
    out = []
    if _b.isinstance(fields, dict):
        items = _b.list(fields.items())
    else:
        items = _b.list(fields)
    for item in items:
        if item is None:
            continue
        n, f = item
        if _b.isinstance(n, tuple):
            for a, b in _b.zip(n, f):
                out.append((a, b))
        else:
            out.append((n, f))
    return out


class Dataset(torch.utils.data.Dataset):
    sort_key = None

    def __init__(self, examples, fields, filter_pred=None, _name=None):
        self.examples = examples
        self.fields = _b.dict(_field_items(fields))
        n = None
        if (_b.isinstance(examples, list) or _b.isinstance(examples, tuple)) and filter_pred is None:
            n = _t.const_int(_b.len(examples))
            if n is None:
                n = _b.len(examples)
        if _name is None:
            _name = _b.type(self).__name__
        self._n = _t.length_of(n, "len(" + _name + ")")

    def _example(self):
        ex = Example()
        for name, field in self.fields.items():
            if field is not None:
                _b.setattr(ex, name, field._example_value())
        return ex

    @classmethod
    def splits(cls, path=None, root=".data", train=None, validation=None, test=None, **kwargs):
        if path is None:
            path = root
        out = []
        for s in (train, validation, test):
            if s is not None:
                out.append(cls(_b.str(path) + "/" + _b.str(s), **kwargs))
        return _b.tuple(out)

    def split(self, split_ratio=0.7, stratified=False, strata_field="label", random_state=None):
        if _b.isinstance(split_ratio, float) or _b.isinstance(split_ratio, _b.int):
            _t.require((split_ratio > 0.0) & (split_ratio < 1.0), "hparam/invalid-value", "Split ratio ", split_ratio,
                       " not between 0 and 1")
            k = 2
        else:
            k = _b.len(split_ratio)
            _t.require((k == 2) | (k == 3), "hparam/invalid-value", "Length of split ratio list should be 2 or 3, got ",
                       split_ratio)
        base = _b.type(self).__name__
        names = ["train", "test", "valid"]
        out = []
        for i in _b.range(k):
            d = Dataset(None, _b.list(self.fields.items()), None, base + "." + names[i] if k == 3 or i < 2 else base)
            d.sort_key = self.sort_key
            out.append(d)
        if k == 3:
            # returned in the order train, validation, test
            return (out[0], out[2], out[1])
        return _b.tuple(out)

    def __getitem__(self, i):
        return self._example()

    def __len__(self):
        return self._n

    def __iter__(self):
        return _t.summary_iter([self._example()])

    @classmethod
    def download(cls, root, check=None):
        return root

    def filter_examples(self, field_names):
        return None


class TabularDataset(Dataset):
    def __init__(self, path, format, fields, skip_header=False, csv_reader_params={}, **kwargs):
        fmt = format.lower() if _t.is_str(format) else format
        _t.require(fmt in ["csv", "tsv", "json"], "hparam/invalid-value", "KeyError: '", fmt,
                   "' (TabularDataset formats: 'json', 'tsv', 'csv')")
        if _b.isinstance(fields, dict):
            pairs = []
            for key, vals in fields.items():
                if vals is None:
                    continue
                if _b.isinstance(vals, list):
                    pairs = pairs + vals
                else:
                    pairs.append(vals)
            fields = pairs
        Dataset.__init__(self, None, fields, None, "TabularDataset(" + _b.str(path) + ")")


# ---- batches and iterators ------------------------------------------------------------------

class Batch:
    def __init__(self, data=None, dataset=None, device=None):
        if data is not None:
            self._fill(dataset, _b.len(data), device)

    def _fill(self, dataset, n, device):
        self.batch_size = n
        self.dataset = dataset
        self.fields = dataset.fields.keys()
        self.input_fields = [k for k, v in dataset.fields.items() if v is not None and not v.is_target]
        self.target_fields = [k for k, v in dataset.fields.items() if v is not None and v.is_target]
        for name, field in dataset.fields.items():
            if field is not None:
                _b.setattr(self, name, field._batch(n, name, device))

    @classmethod
    def _make(cls, dataset, n, device):
        b = cls()
        b._fill(dataset, n, device)
        return b

    @classmethod
    def fromvars(cls, dataset, batch_size, train=None, **kwargs):
        batch = cls()
        batch.batch_size = batch_size
        batch.dataset = dataset
        batch.fields = dataset.fields.keys()
        for k, v in kwargs.items():
            _b.setattr(batch, k, v)
        return batch

    def __len__(self):
        return self.batch_size

    def _get_field_values(self, fields):
        if _b.len(fields) == 0:
            return None
        if _b.len(fields) == 1:
            return _b.getattr(self, fields[0])
        return _b.tuple([_b.getattr(self, f) for f in fields])

    def __iter__(self):
        return _b.iter([self._get_field_values(self.input_fields), self._get_field_values(self.target_fields)])


class Iterator:
    def __init__(self, dataset, batch_size, sort_key=None, device=None, batch_size_fn=None, train=True, repeat=False,
                 shuffle=None, sort=None, sort_within_batch=None):
        self.batch_size, self.train, self.dataset = batch_size, train, dataset
        self.batch_size_fn = batch_size_fn
        self.iterations = 0
        self.repeat = repeat
        self.shuffle = train if shuffle is None else shuffle
        self.sort = (not train) if sort is None else sort
        self.sort_within_batch = self.sort if sort_within_batch is None else sort_within_batch
        self.sort_key = dataset.sort_key if sort_key is None else sort_key
        if _b.isinstance(device, _b.int):
            device = None
        if device is None:
            device = torch.device("cpu")
        elif _t.is_str(device):
            device = torch.device(device)
        self.device = device
        self.random_shuffler = RandomShuffler()
        self._iterations_this_epoch = 0
        self._random_state_this_epoch = None
        self._restored_from_state = False

    @classmethod
    def splits(cls, datasets, batch_sizes=None, **kwargs):
        if batch_sizes is None:
            batch_sizes = [kwargs.pop("batch_size")] * _b.len(datasets)
        ret = []
        for i in _b.range(_b.len(datasets)):
            train = i == 0
            ret.append(cls(datasets[i], batch_size=batch_sizes[i], train=train, **kwargs))
        return _b.tuple(ret)

    def data(self):
        return self.dataset

    def init_epoch(self):
        if not self.repeat:
            self.iterations = 0

    def create_batches(self):
        return None

    @property
    def epoch(self):
        return self.iterations // _b.len(self)

    def __len__(self):
        if self.batch_size_fn is not None:
            raise NotImplementedError
        # math.ceil(len(self.dataset) / self.batch_size)
        n = _b.len(self.dataset)
        return (n + self.batch_size - 1) // self.batch_size

    def __iter__(self):
        if self.batch_size_fn is not None:
            # dynamic batching: how many examples fit the budget is up to the data
            n = _t.symbol("len(batch)", 1, kind="data")
            return _t.summary_iter([Batch._make(self.dataset, n, self.device)])
        b = self.batch_size
        n = _b.len(self.dataset)
        batches = [Batch._make(self.dataset, b, self.device)]
        # batch(): full minibatches, then the rest (pool() cuts chunks of 100 * batch_size)
        rest = n % b
        if rest != 0:
            batches.append(Batch._make(self.dataset, rest, self.device))
            return _t.summary_iter(batches, n, b)
        return _t.summary_iter(batches)

    def state_dict(self):
        return {"iterations": self.iterations, "iterations_this_epoch": self._iterations_this_epoch,
                "random_state_this_epoch": self._random_state_this_epoch}

    def load_state_dict(self, state_dict):
        self._restored_from_state = True


class BucketIterator(Iterator):
    pass


class BPTTIterator(Iterator):
    # language modelling: text and target are [bptt_len, batch_size] (the last chunk shorter)
    def __init__(self, dataset, batch_size, bptt_len, **kwargs):
        self.bptt_len = bptt_len
        Iterator.__init__(self, dataset, batch_size, **kwargs)

    def __len__(self):
        return _t.symbol("len(BPTTIterator)", 1)

    def _chunk(self, seq_len):
        text_field = self.dataset.fields["text"]
        stoi = text_field.vocab.stoi  # TEXT.numericalize: an AttributeError before build_vocab
        b = self.batch_size
        shape = (b, seq_len) if text_field.batch_first else (seq_len, b)
        batch = Batch.fromvars(self.dataset, b, text=_t.new(shape, text_field.dtype),
                               target=_t.new(shape, text_field.dtype))
        return batch

    def __iter__(self):
        bl = _t.const_int(self.bptt_len)
        if bl is not None:
            last = _t.symbol("seq_len(last chunk)", 1, kind="data", hi=_b.max(bl, 1))
        else:
            last = _t.symbol("seq_len(last chunk)", 1, kind="data")
        return _t.summary_iter([self._chunk(self.bptt_len), self._chunk(last)])


def batch(data, batch_size, batch_size_fn=None):
    return _t.summary_iter([[_t.unknown("an example")] * batch_size])


def pool(data, batch_size, key, batch_size_fn=None, random_shuffler=None, shuffle=False, sort_within_batch=False):
    return batch(data, batch_size, batch_size_fn)
