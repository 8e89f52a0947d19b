# typing, as CPython 3.11 has it at run time (Lib/typing.py) where a training script can tell:
# NamedTuple classes and TypedDicts behave as CPython builds them, cast() and the decorators
# return their argument, TYPE_CHECKING is False. Everything else is a marker: subscripting a
# generic (List[int], Optional[Tensor], Generic[T]) gives the marker back, and annotations are
# never evaluated by tenscan.
import _tenscan as _t
import collections

TYPE_CHECKING = False


class _SpecialForm:
    pass


class Any(_SpecialForm):
    pass


class Optional(_SpecialForm):
    pass


class Union(_SpecialForm):
    pass


class ClassVar(_SpecialForm):
    pass


class Final(_SpecialForm):
    pass


class Literal(_SpecialForm):
    pass


class Annotated(_SpecialForm):
    pass


class NoReturn(_SpecialForm):
    pass


class Never(_SpecialForm):
    pass


class Self(_SpecialForm):
    pass


class Concatenate(_SpecialForm):
    pass


class Callable(_SpecialForm):
    pass


class Generic:
    pass


class Protocol(Generic):
    pass


# An abstract collection's _abc_virtual: the builtin classes CPython registers as its virtual
# subclasses (collections.abc), which isinstance() accepts as it accepts real subclasses.
class Iterable(Generic):
    _abc_virtual = (list, tuple, dict, set, str, bytes, range)


class Iterator(Iterable):
    _abc_virtual = ()


class Generator(Iterator):
    _abc_virtual = ()


class Reversible(Iterable):
    _abc_virtual = (list, tuple, dict, str, bytes, range)


class Collection(Iterable):
    _abc_virtual = (list, tuple, dict, set, str, bytes, range)


class Sequence(Collection):
    _abc_virtual = (list, tuple, str, bytes, range)


class MutableSequence(Sequence):
    _abc_virtual = (list,)


class Mapping(Collection):
    _abc_virtual = (dict,)


class MutableMapping(Mapping):
    _abc_virtual = (dict,)


class AbstractSet(Collection):
    _abc_virtual = (set,)


class MutableSet(AbstractSet):
    _abc_virtual = (set,)


class Hashable:
    _abc_virtual = (int, float, bool, str, bytes, tuple, type(None))


class Sized:
    _abc_virtual = (list, tuple, dict, set, str, bytes, range)


class Container:
    _abc_virtual = (list, tuple, dict, set, str, bytes, range)


class Awaitable(Generic):
    pass


class Coroutine(Awaitable):
    pass


class AsyncIterator(Generic):
    pass


class ContextManager(Generic):
    pass


class IO(Generic):
    pass


class TextIO(IO):
    pass


class BinaryIO(IO):
    pass


class SupportsInt(Protocol):
    pass


class SupportsFloat(Protocol):
    pass


class SupportsIndex(Protocol):
    pass


List = list
Dict = dict
Tuple = tuple
Set = set
FrozenSet = set  # (tenscan has no frozenset type of its own)
Type = type
Text = str
DefaultDict = collections.defaultdict
OrderedDict = collections.OrderedDict
Counter = collections.Counter
Deque = collections.deque


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound


class ParamSpec:
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name


AnyStr = TypeVar("AnyStr")


class NewType:
    def __init__(self, name, tp):
        self.__name__ = name
        self.__supertype__ = tp

    def __call__(self, x):
        return x


def cast(typ, val):
    return val


def overload(func):
    return func


def final(f):
    return f


def no_type_check(arg):
    return arg


def runtime_checkable(cls):
    return cls


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    # the annotations as tenscan keeps them: their source text
    return dict(getattr(obj, "__annotations__", {}))


def get_origin(tp):
    return None


def get_args(tp):
    return ()


# ---- NamedTuple --------------------------------------------------------------------------
# `class Batch(NamedTuple): images: Tensor` makes collections.namedtuple("Batch", fields,
# defaults) from the annotations (in order), then copies the class body's other attributes
# onto it, as NamedTupleMeta does; NamedTuple("Batch", [("images", Tensor)]) is the functional
# form. (CPython reaches NamedTupleMeta through __mro_entries__; here NamedTuple is a class of
# that metaclass, with the same outcome.)

_NT_PROHIBITED = ("__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                  "_replace", "_asdict", "_source")
_NT_SPECIAL = ("__module__", "__name__", "__annotations__", "__qualname__", "__doc__")


def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    nm_tpl = collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = dict(types)
    return nm_tpl


class NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        if not bases:
            # NamedTuple itself
            return super().__new__(cls, typename, bases, ns)
        for base in bases:
            if base is not NamedTuple and base is not Generic:
                raise TypeError("can only inherit from a NamedTuple type and Generic")
        types = ns.get("__annotations__", {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError("Non-default namedtuple field " + field_name + " cannot follow default field" +
                                ("s" if len(default_names) > 1 else "") + " " + ", ".join(default_names))
        nm_tpl = _make_nmtuple(typename, list(types.items()), ns.get("__module__"),
                               defaults=[ns[n] for n in default_names])
        for key in ns:
            if key in _NT_PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _NT_SPECIAL and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        if ns.get("__doc__") is not None:
            nm_tpl.__doc__ = ns["__doc__"]
        return nm_tpl

    def __call__(cls, typename, fields=None, /, **kwargs):
        if fields is None:
            fields = list(kwargs.items())
        elif kwargs:
            raise TypeError("Either list of fields or keywords can be provided to NamedTuple, not both")
        return _make_nmtuple(typename, list(fields), _t.frame_module(1))


class NamedTuple(metaclass=NamedTupleMeta):
    pass


# ---- TypedDict ---------------------------------------------------------------------------
# A TypedDict class makes plain dicts: Config(lr=0.1) is {"lr": 0.1}.

class _TypedDictMeta(type):
    def __call__(cls, *args, **kwargs):
        if cls is TypedDict:
            # the functional form TypedDict("Config", {"lr": float}): a class
            name = args[0]
            fields = args[1] if len(args) > 1 else kwargs
            return type.__new__(_TypedDictMeta, name, (dict,), {"__annotations__": dict(fields)})
        return dict(*args, **kwargs)


class TypedDict(dict, metaclass=_TypedDictMeta):
    pass


def NotRequired(tp):
    return tp


def Required(tp):
    return tp
