# numpy.random: arrays of the requested size; a scalar draw without a size. A scalar integer
# draw is a fresh bounded symbol (PyTea: randomness becomes a hard constraint), so a shape
# that breaks for one of the values the program may pick is an error.
import builtins as _b
import _tenscan as _t
import numpy as _np


def _array(size, dtype):
    return _np._new(size, dtype)


def _float(label):
    return _b.float(_t.unknown(label))


def _randint(low, high, label):
    """A random integer in [low, high) (high exclusive, as NumPy's)."""
    _t.require(high > low, "hparam/invalid-value", label, ": low >= high (low=", low, ", high=", high, ")")
    return _t.randint(low, high - 1, label + "(" + _b.str(low) + ", " + _b.str(high) + ")")


def _pick(items, i):
    """items[i] for a random index i: one path per item, each knowing which index it took."""
    for j in _b.range(_b.len(items) - 1):
        if i == j:
            return items[j]
    return items[_b.len(items) - 1]


def seed(seed=None):
    return None


def get_state():
    return _t.unknown("numpy.random.get_state()")


def set_state(state):
    return None


def rand(*size):
    if not size:
        return _float("numpy.random.rand()")
    return _array(size, None)


def randn(*size):
    if not size:
        return _float("numpy.random.randn()")
    return _array(size, None)


def random(size=None):
    if size is None:
        return _float("numpy.random.random()")
    return _array(size, None)


random_sample = random
ranf = random
sample = random


def uniform(low=0.0, high=1.0, size=None):
    if size is None:
        return _float("numpy.random.uniform()")
    return _array(size, None)


def normal(loc=0.0, scale=1.0, size=None):
    if size is None:
        return _float("numpy.random.normal()")
    return _array(size, None)


def standard_normal(size=None):
    return normal(0.0, 1.0, size)


def exponential(scale=1.0, size=None):
    return normal(0.0, 1.0, size)


def beta(a, b, size=None):
    if size is None:
        return _float("numpy.random.beta()")
    return _array(size, None)


def binomial(n, p, size=None):
    if size is None:
        return _t.randint(0, n, "numpy.random.binomial(" + _b.str(n) + ", p)")
    return _array(size, "int64")


def poisson(lam=1.0, size=None):
    if size is None:
        return _t.unknown("numpy.random.poisson()")
    return _array(size, "int64")


def randint(low, high=None, size=None, dtype=int):
    if high is None:
        high = low
        low = 0
    if size is None:
        return _randint(low, high, "numpy.random.randint")
    _t.require(high > low, "hparam/invalid-value", "numpy.random.randint: low >= high (low=", low, ", high=", high, ")")
    return _array(size, dtype)


def choice(a, size=None, replace=True, p=None):
    if _b.isinstance(a, int):
        if size is None:
            return _randint(0, a, "numpy.random.choice")
        return _array(size, "int64")
    if size is None:
        if _t.is_tensor(a):
            return a[_randint(0, _b.len(a), "numpy.random.choice")]
        return _pick(_b.list(a), _randint(0, _b.len(a), "numpy.random.choice"))
    if not _t.is_tensor(a) and _b.any(_b.isinstance(e, str) for e in a):
        # an array of strings (which tenscan does not model as a tensor): each one of `a`'s
        n = _t.const_int(size) if _b.isinstance(size, int) else None
        if n is None or n > 1000:
            return _t.unknown("numpy.random.choice() of strings")
        return [_t.unknown_str() for _ in _b.range(n)]
    arr = _np.asarray(a)
    return _array(size, arr.dtype)


def permutation(x):
    if _b.isinstance(x, int):
        return _np.arange(x)
    return _np.array(x)


def shuffle(x):
    return None


class RandomState:
    def __init__(self, seed=None):
        pass

    def seed(self, seed=None):
        return None

    def rand(self, *size):
        return rand(*size)

    def randn(self, *size):
        return randn(*size)

    def random(self, size=None):
        return random(size)

    random_sample = random

    def uniform(self, low=0.0, high=1.0, size=None):
        return uniform(low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return normal(loc, scale, size)

    def randint(self, low, high=None, size=None, dtype=int):
        return randint(low, high, size, dtype)

    def exponential(self, scale=1.0, size=None):
        return exponential(scale, size)

    def beta(self, a, b, size=None):
        return beta(a, b, size)

    def binomial(self, n, p, size=None):
        return binomial(n, p, size)

    def poisson(self, lam=1.0, size=None):
        return poisson(lam, size)

    def choice(self, a, size=None, replace=True, p=None):
        return choice(a, size, replace, p)

    def permutation(self, x):
        return permutation(x)

    def shuffle(self, x):
        return None


class Generator(RandomState):
    """np.random.default_rng(): integers(low, high=None, size=None, endpoint=False)."""

    def integers(self, low, high=None, size=None, dtype="int64", endpoint=False):
        if high is None:
            high = low
            low = 0
        if endpoint:
            high = high + 1
        return randint(low, high, size, dtype)

    def standard_normal(self, size=None, dtype="float64"):
        return normal(0.0, 1.0, size)


def default_rng(seed=None):
    return Generator(seed)
