# The datapipes torchtext 0.12-0.18 datasets return (torchtext/datasets/*.py,
# data/datasets_utils.py): iterables of samples whose number tenscan does not know.
# IterDataPipe has no __len__ (len() raises TypeError). DataLoader, list(), a for loop and the
# functional forms (map, filter, shuffle, batch, ...) work on one representative sample.
import builtins as _b
import _tenscan as _t
import torch.utils.data


class _Text:
    """A line of a dataset: a str whose contents tenscan does not see. The str methods a text
    pipeline calls keep it a _Text; split() gives a list of tokens of unknown length."""

    def __init__(self, what):
        self._what = what

    def _same(self, *args, **kwargs):
        return self

    rstrip = _same
    lstrip = _same
    strip = _same
    lower = _same
    upper = _same
    casefold = _same
    replace = _same
    title = _same
    capitalize = _same

    def split(self, sep=None, maxsplit=-1):
        return [_Text("a token of " + self._what)] * _t.symbol("len(tokens)", 0, kind="data")

    def splitlines(self, keepends=False):
        return self.split()

    def encode(self, encoding="utf-8", errors="strict"):
        return _t.unknown(self._what + ".encode()")

    def startswith(self, prefix, *args):
        return _t.unknown(self._what + ".startswith()")

    def endswith(self, suffix, *args):
        return _t.unknown(self._what + ".endswith()")

    def __contains__(self, x):
        return _t.unknown("in " + self._what)

    def __len__(self):
        return _t.symbol("len(" + self._what + ")", 0, kind="data")

    def __add__(self, other):
        return self

    def __radd__(self, other):
        return self

    def __getitem__(self, i):
        return self

    def __str__(self):
        return self

    def __iter__(self):
        return _t.summary_iter([self])


def text(what):
    return _Text(what)


class _DataPipe(torch.utils.data.IterableDataset):
    def __init__(self, name, sample):
        self._name = name
        self._sample = sample

    def __iter__(self):
        return _t.summary_iter([self._sample])

    def __getitem__(self, index):
        # not the real API (an IterDataPipe is not subscriptable): lets torch.utils.data's
        # DataLoader model, which collates `dataset[0]`, see a representative sample
        return self._sample

    def map(self, fn, input_col=None, output_col=None):
        return _DataPipe(self._name, fn(self._sample))

    def filter(self, filter_fn, input_col=None):
        return _DataPipe(self._name, self._sample)

    def shuffle(self, buffer_size=10000, unbatch_level=0):
        return self

    def set_shuffle(self, shuffle=True):
        return self

    def sharding_filter(self, *args, **kwargs):
        return self

    def header(self, limit=10):
        return self

    def cycle(self, count=None):
        return self

    def batch(self, batch_size, drop_last=False, wrapper_class=list):
        return _DataPipe(self._name, [self._sample] * batch_size)

    def rows2columnar(self, column_names=None):
        return _DataPipe(self._name, _t.unknown("rows2columnar()"))

    def zip(self, *others):
        return _DataPipe(self._name, _b.tuple([self._sample] + [o._sample for o in others]))


def _fmt_tuple(xs):
    # repr of a tuple of str: ('train',) / ('train', 'test')
    parts = ["'" + _b.str(x) + "'" for x in xs]
    if _b.len(parts) == 1:
        return "(" + parts[0] + ",)"
    return "(" + ", ".join(parts) + ")"


def make(name, splits, split, sample_fn):
    """_wrap_split_argument: one datapipe for a str split, a tuple of them for a tuple."""
    single = _t.is_str(split)
    chosen = (split,) if single else _b.tuple(split)
    ok = True
    for s in chosen:
        if _t.is_str(s) and s not in splits:
            ok = False
    # _check_default_set: raise TypeError(...)
    if not _t.require(ok, "hparam/invalid-value", "Given selection ", _fmt_tuple(chosen),
                      " of splits is not supported for dataset ", name, ". Please choose from ", _fmt_tuple(splits),
                      "."):
        return _t.unknown(name + "()")
    pipes = _b.tuple([_DataPipe(name + "(" + _b.str(s) + ")", sample_fn(s)) for s in chosen])
    if single:
        return pipes[0]
    return pipes
