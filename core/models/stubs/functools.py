# functools: partial application and the decorators training scripts use. The decorators
# change no value tenscan tracks (a cache returns what the function returns), so they give
# the function back.
import _tenscan as _t


class partial:
    def __init__(self, func, *args, **keywords):
        # (a function tenscan cannot see, from a module it does not have, may well be callable:
        # only one it knows is not callable is the program's error)
        if not _t.is_unknown(func) and not callable(func):
            raise TypeError("the first argument must be callable")
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*self.args, *args, **merged)


def reduce(function, iterable, *initial):
    items = list(iterable)
    if initial:
        acc = initial[0]
    elif not items:
        raise TypeError("reduce() of empty iterable with no initial value")
    else:
        acc = items[0]
        items = items[1:]
    for x in items:
        acc = function(acc, x)
    return acc


def _identity_decorator(f):
    return f


WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
WRAPPER_UPDATES = ("__dict__",)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    # the wrapper takes the wrapped function's name (a registry keyed by fn.__name__, as
    # torchvision's register_model is, sees each model under its own name)
    for attr in assigned:
        try:
            setattr(wrapper, attr, getattr(wrapped, attr))
        except (AttributeError, TypeError):
            pass
    try:
        wrapper.__wrapped__ = wrapped
    except (AttributeError, TypeError):
        pass
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)

    return decorator


def lru_cache(maxsize=128, typed=False):
    # @lru_cache and @lru_cache(maxsize=None)
    if callable(maxsize):
        return maxsize
    return _identity_decorator


def cache(user_function):
    return user_function


def total_ordering(cls):
    return cls


# computed on every read rather than once: the same value, as far as tenscan follows values
cached_property = property
