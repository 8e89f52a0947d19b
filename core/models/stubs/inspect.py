# inspect (CPython 3.11, Lib/inspect.py): signature() of the functions and classes tenscan sees
# the code of (their parameters, kinds and defaults; through __wrapped__ as functools.wraps
# leaves it), and the is*() predicates. Other names of the module are unknown values. What has
# no code tenscan sees (a builtin, a library's C function) has an unknown signature.
import builtins as _b
import _tenscan as _t


class _empty:
    pass


class _ParameterKind:
    # (an IntEnum in CPython: ordered by value, printed by name)
    _names = ["POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD"]

    def __init__(self, value):
        self.value = value
        self.name = _ParameterKind._names[value]

    def __eq__(self, other):
        return _b.isinstance(other, _ParameterKind) and self.value == other.value

    def __ne__(self, other):
        return not self.__eq__(other)

    def __lt__(self, other):
        return self.value < other.value

    def __le__(self, other):
        return self.value <= other.value

    def __gt__(self, other):
        return self.value > other.value

    def __ge__(self, other):
        return self.value >= other.value

    def __hash__(self):
        return self.value

    def __int__(self):
        return self.value

    def __str__(self):
        return self.name

    def __repr__(self):
        return "<_ParameterKind." + self.name + ": " + _b.str(self.value) + ">"


class Parameter:
    POSITIONAL_ONLY = _ParameterKind(0)
    POSITIONAL_OR_KEYWORD = _ParameterKind(1)
    VAR_POSITIONAL = _ParameterKind(2)
    KEYWORD_ONLY = _ParameterKind(3)
    VAR_KEYWORD = _ParameterKind(4)
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._name = name
        self._kind = kind if _b.isinstance(kind, _ParameterKind) else _ParameterKind(kind)
        self._default = default
        self._annotation = annotation

    @property
    def name(self):
        return self._name

    @property
    def kind(self):
        return self._kind

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    def __repr__(self):
        return "<Parameter \"" + self._name + "\">"


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._parameters = {}
        if parameters is not None:
            for p in parameters:
                self._parameters[p.name] = p
        self._return_annotation = return_annotation

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=None, return_annotation=_empty):
        return Signature(self._parameters.values() if parameters is None else parameters,
                         return_annotation=return_annotation)


def unwrap(func, *, stop=None):
    seen = 0
    while _b.hasattr(func, "__wrapped__") and (stop is None or not stop(func)):
        func = func.__wrapped__
        seen += 1
        if seen > 100:
            raise ValueError("wrapper loop when unwrapping " + _b.repr(func))
    return func


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    if not _b.callable(obj):
        raise TypeError(_b.repr(obj) + " is not a callable object")
    if follow_wrapped:
        obj = unwrap(obj)
    params = _t.function_parameters(obj)
    if params is None:
        return _t.unknown("inspect.signature()")
    out = []
    for name, kind, has_default, default in params:
        out.append(Parameter(name, kind, default=default if has_default else _empty))
    return Signature(out)


def isclass(obj):
    return _b.isinstance(obj, _b.type)


def ismodule(obj):
    return _b.type(obj).__name__ == "module"


def isfunction(obj):
    return _b.type(obj).__name__ == "function"


def ismethod(obj):
    return _b.type(obj).__name__ == "method"


def isbuiltin(obj):
    return _b.type(obj).__name__ == "builtin_function_or_method"


def isroutine(obj):
    return isfunction(obj) or ismethod(obj) or isbuiltin(obj)


def isgeneratorfunction(obj):
    return _t.unknown("inspect.isgeneratorfunction()")


def iscoroutinefunction(obj):
    return False


def isabstract(obj):
    return False
