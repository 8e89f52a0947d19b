# tf.data: a Dataset is the structure (a tensor, a tuple or a dict of them) of the shapes of one
# element. from_tensor_slices drops the first axis (and checks the components agree on it);
# batch adds one, of the batch size with drop_remainder=True and of an unknown size without (the
# last batch is smaller); map calls its function on an element. Keras's fit/evaluate/predict take
# a Dataset's element as a batch (keras/models.py).
import builtins as _b
import _tenscan as _t
from tensorflow._core import Tensor, convert_to_tensor as _tensor, _new, _shape, dims_text as _dims, _say, unknown_in

AUTOTUNE = -1


def _map(spec, f):
    # (an element tenscan cannot see is one leaf: isinstance of an unknown value would split)
    if _t.is_unknown(spec):
        return f(spec)
    if _b.isinstance(spec, tuple):
        return _b.tuple([_map(s, f) for s in spec])
    if _b.isinstance(spec, list):
        return [_map(s, f) for s in spec]
    if _b.isinstance(spec, dict):
        return {k: _map(v, f) for k, v in spec.items()}
    return f(spec)


def _leaves(spec, out):
    if _t.is_unknown(spec):
        out.append(spec)
    elif _b.isinstance(spec, (tuple, list)):
        for s in spec:
            _leaves(s, out)
    elif _b.isinstance(spec, dict):
        for v in spec.values():
            _leaves(v, out)
    else:
        out.append(spec)
    return out


class Dataset:
    def __init__(self, element, batched=False):
        self._element = element  # tensors standing for one element
        self._batched = batched

    @property
    def element_spec(self):
        return self._element

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        comps = _map(tensors, _tensor)
        firsts = [_shape(c)[0] for c in _leaves(comps, []) if not unknown_in(c) and _b.len(_shape(c)) > 0]
        for i in _b.range(1, _b.len(firsts)):
            _t.require(firsts[i] == firsts[0], "shape/size-mismatch", "Dimensions ", firsts[0], " and ", firsts[i],
                       " are not compatible")
        return Dataset(_map(comps, lambda c: c if unknown_in(c) else _new(_shape(c)[1:], _t.dtype(c))))

    @staticmethod
    def from_tensors(tensors, name=None):
        return Dataset(_map(tensors, _tensor))

    @staticmethod
    def range(*args, **kwargs):
        return Dataset(_new((), "int64"))

    @staticmethod
    def zip(*datasets, name=None):
        ds = datasets[0] if _b.len(datasets) == 1 and _b.isinstance(datasets[0], (tuple, list)) else datasets
        return Dataset(_b.tuple([d._element for d in ds]), ds[0]._batched)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        _t.require(batch_size > 0, "hparam/invalid-value", "batch_size must be greater than zero, but got ", batch_size)
        n = batch_size if drop_remainder else _t.symbol("the batch size (the last batch is smaller)", 1, "data")
        return Dataset(_map(self._element, lambda c: c if unknown_in(c) else _new((n,) + _shape(c), _t.dtype(c))), True)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        return self.batch(batch_size, drop_remainder)

    def unbatch(self, name=None):
        return Dataset(_map(self._element, lambda c: c if unknown_in(c) else _new(_shape(c)[1:], _t.dtype(c))))

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        e = self._element
        out = map_func(*e) if _b.isinstance(e, tuple) else map_func(e)
        if _b.isinstance(out, list):
            out = _b.tuple(out)
        return Dataset(out, self._batched)

    def filter(self, predicate, name=None):
        return self

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        return self

    def repeat(self, count=None, name=None):
        return self

    def prefetch(self, buffer_size, name=None):
        return self

    def cache(self, filename="", name=None):
        return self

    def take(self, count, name=None):
        return self

    def skip(self, count, name=None):
        return self

    def with_options(self, options, name=None):
        return self

    def concatenate(self, dataset, name=None):
        return self

    def __iter__(self):
        # (one element stands for all of them: how many there are is the data's)
        return _b.iter([self._element])

    def as_numpy_iterator(self):
        return self.__iter__()

    # TensorFlow 1's iterators: get_next() is the next element (in a graph: a tensor standing for
    # every element, as the loop over the dataset's elements is the program's Session.run calls)
    def make_one_shot_iterator(self):
        return Iterator(self)

    def make_initializable_iterator(self, shared_name=None):
        return Iterator(self)


class Iterator:
    def __init__(self, dataset):
        self._dataset = dataset
        self.initializer = None

    def get_next(self, name=None):
        return self._dataset._element

    @property
    def output_shapes(self):
        return self._dataset._element

    def __iter__(self):
        return _b.iter(self._dataset)

    def __next__(self):
        return self._dataset._element


def make_one_shot_iterator(dataset):
    return Iterator(dataset)


def make_initializable_iterator(dataset, shared_name=None):
    return Iterator(dataset)


class Options:
    pass


class experimental:
    AUTOTUNE = -1
