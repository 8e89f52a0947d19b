# torch.distributions: the shapes of samples and densities. A distribution has a batch_shape
# (from its parameters, broadcast together) and an event_shape; sample(sample_shape) has the
# shape sample_shape + batch_shape + event_shape. A one-element sample of a discrete
# distribution holds a bounded random integer (item() returns it: PyTea's randomness as a hard
# constraint). PyTorch validates arguments by default: log_prob's value must broadcast with
# batch_shape + event_shape.
import builtins as _b
import _tenscan as _t
import torch


def _param(x):
    """A parameter as a tensor (Python numbers are 0-d float tensors)."""
    if _t.is_tensor(x):
        return x
    return torch.tensor(_b.float(x))


def _tail(shape, n):
    """shape without its last n dims, and those dims."""
    if _t.is_unknown(shape):
        return shape, shape
    s = _b.tuple(shape)
    return s[:_b.len(s) - n], s[_b.len(s) - n:]


class Distribution:
    has_rsample = False
    _sample_dtype = "float32"

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        # shapes of parameters of unknown rank stay unknown (samples then have unknown rank)
        self._batch_shape = batch_shape if _t.is_unknown(batch_shape) else _b.tuple(batch_shape)
        self._event_shape = event_shape if _t.is_unknown(event_shape) else _b.tuple(event_shape)

    @property
    def batch_shape(self):
        return torch.Size(self._batch_shape)

    @property
    def event_shape(self):
        return torch.Size(self._event_shape)

    def _extended_shape(self, sample_shape=()):
        if _t.is_unknown(self._batch_shape) or _t.is_unknown(self._event_shape):
            return _t.unknown("a distribution's shape")
        if _b.isinstance(sample_shape, int):
            sample_shape = (sample_shape,)
        return _b.tuple(sample_shape) + self._batch_shape + self._event_shape

    def _draw_bounds(self):
        """(lo, hi) of a one-element sample's value, for discrete distributions."""
        return None

    def sample(self, sample_shape=()):
        s = _t.new(self._extended_shape(sample_shape), self._sample_dtype)
        bounds = self._draw_bounds()
        if bounds is not None:
            s = torch._draw(s, bounds[0], bounds[1], _b.type(self).__name__ + ".sample()")
        return s

    def rsample(self, sample_shape=()):
        return self.sample(sample_shape)

    def sample_n(self, n):
        return self.sample((n,))

    def log_prob(self, value):
        # the value must broadcast with batch_shape + event_shape; the density has the
        # broadcast shape without the event dims
        full = _t.new(self._batch_shape + self._event_shape, "float32")
        b = _t.elementwise(value, full, "log_prob", "float32")
        n = _b.len(self._event_shape)
        if n == 0:
            return b
        return _t.reduce(b, _b.tuple(_b.range(-n, 0)), False, None, "log_prob()")

    def entropy(self):
        return _t.new(self._batch_shape, "float32")

    def cdf(self, value):
        return self.log_prob(value)

    def icdf(self, value):
        return self.log_prob(value)

    def expand(self, batch_shape, _instance=None):
        self._batch_shape = _b.tuple(batch_shape)
        return self

    @property
    def mean(self):
        return _t.new(self._batch_shape + self._event_shape, "float32")

    @property
    def variance(self):
        return self.mean

    @property
    def stddev(self):
        return self.mean


class Bernoulli(Distribution):
    def __init__(self, probs=None, logits=None, validate_args=None):
        p = _param(probs if probs is not None else logits)
        self.probs = p
        self.logits = p
        super().__init__(_t.shape(p), ())

    def _draw_bounds(self):
        return (0, 1)


class Binomial(Distribution):
    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        p = _param(probs if probs is not None else logits)
        self.probs = p
        self.total_count = total_count
        super().__init__(_t.shape(p), ())

    def _draw_bounds(self):
        if _b.isinstance(self.total_count, int):
            return (0, self.total_count)
        return None


class Categorical(Distribution):
    _sample_dtype = "int64"

    def __init__(self, probs=None, logits=None, validate_args=None):
        p = _param(probs if probs is not None else logits)
        if not _t.require(_t.ndim(p) >= 1, "shape/rank", "Categorical: `probs` parameter must be at least one-dimensional (got shape ", p, ")"):
            p = _t.new((1,), "float32")
        self.probs = p
        self.logits = p
        batch, last = _tail(_t.shape(p), 1)
        self._num_events = last if _t.is_unknown(last) else last[0]
        super().__init__(batch, ())

    @property
    def param_shape(self):
        return _t.shape(self.probs)

    def _draw_bounds(self):
        if _t.is_unknown(self._num_events):
            return None
        return (0, self._num_events - 1)

    def log_prob(self, value):
        # value holds class indices: it broadcasts with batch_shape
        full = _t.new(self._batch_shape, "float32")
        return _t.elementwise(value, full, "log_prob", "float32")


class OneHotCategorical(Distribution):
    def __init__(self, probs=None, logits=None, validate_args=None):
        p = _param(probs if probs is not None else logits)
        if not _t.require(_t.ndim(p) >= 1, "shape/rank", "OneHotCategorical: `probs` parameter must be at least one-dimensional (got shape ", p, ")"):
            p = _t.new((1,), "float32")
        self.probs = p
        self.logits = p
        batch, last = _tail(_t.shape(p), 1)
        super().__init__(batch, last)


class _TwoParam(Distribution):
    """A distribution over two broadcast parameters (Normal(loc, scale), Uniform(low, high))."""

    def _init2(self, a, b):
        ta = _param(a)
        tb = _param(b)
        batch = _t.elementwise(ta, tb, _b.type(self).__name__, "float32")
        super().__init__(_t.shape(batch) if _t.is_tensor(batch) else (), ())
        return ta, tb


class Normal(_TwoParam):
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = self._init2(loc, scale)


class LogNormal(Normal):
    pass


class Laplace(Normal):
    pass


class Uniform(_TwoParam):
    has_rsample = True

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = self._init2(low, high)


class Beta(_TwoParam):
    has_rsample = True

    def __init__(self, concentration1, concentration0, validate_args=None):
        self.concentration1, self.concentration0 = self._init2(concentration1, concentration0)


class Gamma(_TwoParam):
    has_rsample = True

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = self._init2(concentration, rate)


class MultivariateNormal(Distribution):
    has_rsample = True

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None):
        self.loc = _param(loc)
        if not _t.require(_t.ndim(self.loc) >= 1, "shape/rank", "MultivariateNormal: loc must be at least one-dimensional (got shape ", self.loc, ")"):
            self.loc = _t.new((1,), "float32")
        batch, event = _tail(_t.shape(self.loc), 1)
        super().__init__(batch, event)


def kl_divergence(p, q):
    return _t.new(p._batch_shape, "float32")
