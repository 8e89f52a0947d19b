# gymnasium.spaces (gymnasium 1.0, gymnasium/spaces/*.py; the same constructors and shapes in
# 0.26-0.29 and in gym 0.26). A space knows its shape and dtype; the values an environment
# returns for it (`_value`) and `sample()` are arrays of that shape (numpy.ndarray of the numpy
# stub) or, for Discrete, an int in [start, start + n) whose value the data decides.
# `contains(x)` is a truth the model can decide only for Discrete (by type and range) and for
# shape mismatches; otherwise it is unknown.
import builtins as _b
import _tenscan as _t
import numpy as _np


def _int_tuple(shape):
    if _t.is_unknown(shape):
        return shape
    if _b.isinstance(shape, _b.tuple) or _b.isinstance(shape, _b.list):
        return _b.tuple(shape)
    return (shape,)


def _is_torch_tensor(x):
    return _t.is_tensor(x) and not _b.isinstance(x, _np.ndarray)


def _same_shape(a, b):
    """A condition that the shapes a and b are equal; None when a rank is unknown."""
    if _t.is_unknown(a) or _t.is_unknown(b):
        return None
    if _b.len(a) != _b.len(b):
        return False
    c = True
    for i in _b.range(_b.len(a)):
        c = c & (a[i] == b[i])
    return c


class Space:
    def __init__(self, shape=None, dtype=None, seed=None):
        self._shape = None if shape is None else _int_tuple(shape)
        self.dtype = None if dtype is None else _np.dtype(dtype)

    @property
    def shape(self):
        return self._shape

    @property
    def np_random(self):
        return _np.random.default_rng()

    @property
    def is_np_flattenable(self):
        return False

    def seed(self, seed=None):
        return [seed]

    def sample(self, mask=None, probability=None):
        return self._value("a sample of " + self.__repr__())

    def _value(self, label):
        return _t.unknown(label)

    def _contains(self, x):
        """True, False, a condition, or None when the model cannot tell."""
        return None

    def contains(self, x):
        c = self._contains(x)
        if c is None:
            return _t.unknown("Space.contains()")
        return c

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return _b.type(self).__name__ + "()"


class _ArraySpace(Space):
    """Box, MultiDiscrete, MultiBinary: samples are arrays of the space's shape and dtype."""

    @property
    def is_np_flattenable(self):
        return True

    def _value(self, label):
        return _np.zeros(self._shape, self.dtype)

    def _contains(self, x):
        # contains: np.asarray(x), then its shape must be the space's (then dtype and bounds)
        if _t.is_tensor(x):
            c = _same_shape(_t.shape(x), self._shape)
            if c is False:
                return False
        return None


class Box(_ArraySpace):
    """Box(low, high, shape=None, dtype=np.float32): shape from `shape`, else from the array
    bounds, else (1,) for scalar bounds (spaces/box.py)."""

    def __init__(self, low, high, shape=None, dtype=_np.float32, seed=None):
        if dtype is None:
            _t.require(False, "hparam/invalid-value", "Box dtype must be explicitly provided, cannot be None.")
            dtype = _np.float32
        low_arr = _b.isinstance(low, _np.ndarray)
        high_arr = _b.isinstance(high, _np.ndarray)
        if shape is not None:
            shape = _int_tuple(shape)
            if low_arr:
                c = _same_shape(low.shape, shape)
                if c is not None:
                    _t.require(c, "shape/size-mismatch", "Box low.shape doesn't match provided shape, low.shape=",
                               low.shape, ", shape=", shape)
            if high_arr:
                c = _same_shape(high.shape, shape)
                if c is not None:
                    _t.require(c, "shape/size-mismatch", "Box high.shape doesn't match provided shape, high.shape=",
                               high.shape, ", shape=", shape)
        elif low_arr and high_arr:
            c = _same_shape(low.shape, high.shape)
            if c is not None:
                _t.require(c, "shape/size-mismatch", "Box low.shape and high.shape don't match, low.shape=",
                           low.shape, ", high.shape=", high.shape)
            shape = low.shape
        elif low_arr:
            shape = low.shape
        elif high_arr:
            shape = high.shape
        else:
            shape = (1,)
        Space.__init__(self, shape, dtype, seed)
        self.low = _np.zeros(self._shape, self.dtype)
        self.high = _np.zeros(self._shape, self.dtype)
        self.bounded_below = _np.zeros(self._shape, _np.bool_)
        self.bounded_above = _np.zeros(self._shape, _np.bool_)

    def is_bounded(self, manner="both"):
        return _t.unknown("Box.is_bounded()")

    def __repr__(self):
        return "Box(" + _b.str(self._shape) + ", " + _b.str(self.dtype) + ")"


class Discrete(Space):
    """Discrete(n, start=0): the integers start, ..., start + n - 1; n is asserted positive."""

    def __init__(self, n, seed=None, start=0):
        _t.require(n > 0, "hparam/invalid-value", "Discrete: n (counts) have to be positive, got n=", n)
        self.n = n
        self.start = start
        Space.__init__(self, (), _np.int64, seed)

    @property
    def is_np_flattenable(self):
        return True

    def _value(self, label):
        lo = _t.const_int(self.start)
        hi = _t.const_int(self.start + self.n - 1)
        if lo is None:
            return _b.int(_t.unknown(label))
        if hi is None:
            return _t.symbol(label, lo, "data")
        return _t.symbol(label, lo, "data", hi)

    def sample(self, mask=None, probability=None):
        lo = _t.const_int(self.start)
        hi = _t.const_int(self.start + self.n - 1)
        if lo is None or hi is None or mask is not None or probability is not None:
            return self._value("Discrete.sample()")
        return _t.randint(lo, hi, "Discrete(" + _b.str(self.n) + ").sample()")

    def _contains(self, x):
        # contains (spaces/discrete.py): an int, or a 0-d integer NumPy array/scalar, in range;
        # anything else (a float, a torch.Tensor, a list, a 1-element array) is not contained
        if _t.is_unknown(x):
            return None
        if _b.isinstance(x, _b.bool) or _b.isinstance(x, _b.int):
            return (x >= self.start) & (x < self.start + self.n)
        if _b.isinstance(x, _np.ndarray):
            r = _t.const_int(_t.ndim(x))
            if r is not None and r != 0:
                return False
            if _t.dtype(x) in ("float16", "float32", "float64", "bool", "complex64", "complex128"):
                return False
            return None
        if _is_torch_tensor(x):
            return False
        if x is None or _b.isinstance(x, _b.float) or _t.is_str(x):
            return False
        if _b.isinstance(x, _b.list) or _b.isinstance(x, _b.tuple) or _b.isinstance(x, _b.dict):
            return False
        return None

    def __repr__(self):
        if _t.const_int(self.start) == 0:
            return "Discrete(" + _b.str(self.n) + ")"
        return "Discrete(" + _b.str(self.n) + ", start=" + _b.str(self.start) + ")"


class MultiDiscrete(_ArraySpace):
    def __init__(self, nvec, dtype=_np.int64, seed=None, start=None):
        self.nvec = _np.array(nvec, dtype)
        self.start = _np.zeros(self.nvec.shape, dtype) if start is None else _np.array(start, dtype)
        Space.__init__(self, self.nvec.shape, dtype, seed)


    def __repr__(self):
        return "MultiDiscrete(" + _b.str(self._shape) + ")"


class MultiBinary(_ArraySpace):
    def __init__(self, n, seed=None):
        self.n = n
        Space.__init__(self, _int_tuple(n), _np.int8, seed)


    def __repr__(self):
        return "MultiBinary(" + _b.str(self.n) + ")"


class Tuple(Space):
    def __init__(self, spaces, seed=None):
        self.spaces = _b.tuple(spaces)
        Space.__init__(self, None, None, seed)

    def _value(self, label):
        return _b.tuple([s._value(label) for s in self.spaces])

    def sample(self, mask=None, probability=None):
        return _b.tuple([s.sample() for s in self.spaces])

    def __getitem__(self, index):
        return self.spaces[index]

    def __len__(self):
        return _b.len(self.spaces)

    def __iter__(self):
        return _b.iter(self.spaces)

    def __repr__(self):
        return "Tuple(" + ", ".join([s.__repr__() for s in self.spaces]) + ")"


class Dict(Space):
    def __init__(self, spaces=None, seed=None, **spaces_kwargs):
        if spaces is None:
            spaces = {}
        self.spaces = _b.dict(spaces)
        for k, v in spaces_kwargs.items():
            self.spaces[k] = v
        Space.__init__(self, None, None, seed)

    def _value(self, label):
        return {k: v._value(label) for k, v in self.spaces.items()}

    def sample(self, mask=None, probability=None):
        return {k: v.sample() for k, v in self.spaces.items()}

    def __getitem__(self, key):
        return self.spaces[key]

    def __len__(self):
        return _b.len(self.spaces)

    def __iter__(self):
        return _b.iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def values(self):
        return self.spaces.values()

    def items(self):
        return self.spaces.items()


class Text(Space):
    def __init__(self, max_length, min_length=1, charset=None, seed=None):
        Space.__init__(self, None, None, seed)

    def _value(self, label):
        return _b.str(_t.unknown(label))


def flatdim(space):
    """The size of the flattened space (spaces/utils.py): prod(shape) for Box and MultiBinary,
    n for Discrete, sum(nvec) for MultiDiscrete, the sum over a Tuple's or Dict's spaces."""
    if _b.isinstance(space, Discrete):
        return space.n
    if _b.isinstance(space, Box) or _b.isinstance(space, MultiBinary):
        n = 1
        for d in space.shape:
            n = n * d
        return n
    if _b.isinstance(space, Tuple):
        n = 0
        for s in space.spaces:
            n = n + flatdim(s)
        return n
    if _b.isinstance(space, Dict):
        n = 0
        for s in space.spaces.values():
            n = n + flatdim(s)
        return n
    return _t.unknown("gymnasium.spaces.flatdim()")
