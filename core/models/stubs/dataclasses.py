# dataclasses, as CPython 3.11 has them (Lib/dataclasses.py): fields collected from the class's
# annotations in order (a base dataclass's fields first), the same checks when the decorator
# runs and in the generated __init__, with CPython's messages. CPython generates the methods as
# source text; here each is one function over the field list. Annotations are kept as their
# source text (tenscan never evaluates them), so ClassVar, InitVar and KW_ONLY are recognised
# by name, as CPython does for string annotations.
# frozen=True: the class's __setattr__ and __delattr__ raise FrozenInstanceError, as CPython's do.
# Not modelled: slots=True keeps the same class. order=True's comparisons.
from collections import _names_list  # "'a' and 'b'", as CPython's argument errors list them
import _tenscan as _t


def _is_field(value):
    # (a Field comes from field(), which tenscan sees: a value from code it does not see, an
    # unmodelled library's enum member, is a plain default)
    return not _t.is_unknown(value) and isinstance(value, Field)


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return "MISSING"


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()

_FIELD = "_FIELD"
_FIELD_CLASSVAR = "_FIELD_CLASSVAR"
_FIELD_INITVAR = "_FIELD_INITVAR"


class InitVar:
    def __init__(self, type):
        self.type = type


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ("Field(name=" + repr(self.name) + ",type=" + repr(self.type) + ",default=" + repr(self.default) +
                ",default_factory=" + repr(self.default_factory) + ",init=" + repr(self.init) + ",repr=" +
                repr(self.repr) + ",hash=" + repr(self.hash) + ",compare=" + repr(self.compare) + ",metadata=" +
                repr(self.metadata) + ",kw_only=" + repr(self.kw_only) + ",_field_type=" + str(self._field_type) + ")")


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True, metadata=None,
          kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _annotation_is(annotation, name):
    # `ClassVar`, `ClassVar[int]`, `typing.ClassVar[int]`, `dataclasses.InitVar[int]`, ...
    if not isinstance(annotation, str):
        return False
    for prefix in ("", "typing.", "dataclasses."):
        full = prefix + name
        if annotation == full or annotation.startswith(full + "["):
            return True
    return False


def _get_field(cls, a_name, a_type, default_kw_only):
    default = cls.__dict__.get(a_name, MISSING)
    if _is_field(default):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    if _annotation_is(a_type, "ClassVar"):
        f._field_type = _FIELD_CLASSVAR
    elif _annotation_is(a_type, "InitVar"):
        f._field_type = _FIELD_INITVAR
    if f._field_type != _FIELD and f.default_factory is not MISSING:
        raise TypeError("field " + a_name + " cannot have a default factory")
    if f._field_type == _FIELD_CLASSVAR:
        if f.kw_only is not MISSING:
            raise TypeError("field " + a_name + " is a ClassVar but specifies kw_only")
    elif f.kw_only is MISSING:
        f.kw_only = default_kw_only
    if f._field_type == _FIELD and not _t.is_unknown(f.default) and isinstance(f.default, (list, dict, set)):
        raise ValueError("mutable default <class '" + type(f.default).__name__ + "'> for field " + a_name +
                         " is not allowed: use default_factory")
    return f


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _takes(qualname, params, given):
    # "C.__init__() takes 3 positional arguments but 4 were given" (self counted)
    required = len([f for f in params if not _has_default(f)])
    if required == len(params):
        takes = str(len(params) + 1) + " positional argument" + ("" if len(params) == 0 else "s")
    else:
        takes = "from " + str(required + 1) + " to " + str(len(params) + 1) + " positional arguments"
    return (qualname + ".__init__() takes " + takes + " but " + str(given + 1) +
            (" was given" if given == 0 else " were given"))


def _make_init(qualname, fields, std_params, kw_params, has_post_init, frozen=False):
    names = [f.name for f in std_params] + [f.name for f in kw_params]

    def __init__(self, *args, **kwargs):
        if len(args) > len(std_params):
            raise TypeError(_takes(qualname, std_params, len(args)))
        for k in kwargs:
            if k not in names:
                raise TypeError(qualname + ".__init__() got an unexpected keyword argument " + repr(k))
        given = {}
        for f, value in zip(std_params, args):
            given[f.name] = value
        for k in kwargs:
            if k in given:
                raise TypeError(qualname + ".__init__() got multiple values for argument " + repr(k))
            given[k] = kwargs[k]
        missing = [f.name for f in std_params if f.name not in given and not _has_default(f)]
        if missing:
            raise TypeError(qualname + ".__init__() missing " + str(len(missing)) + " required positional argument" +
                            ("" if len(missing) == 1 else "s") + ": " + _names_list(missing))
        missing = [f.name for f in kw_params if f.name not in given and not _has_default(f)]
        if missing:
            raise TypeError(qualname + ".__init__() missing " + str(len(missing)) + " required keyword-only argument" +
                            ("" if len(missing) == 1 else "s") + ": " + _names_list(missing))
        init_vars = []
        for f in fields:
            if f._field_type == _FIELD_CLASSVAR:
                continue
            if f.init and f.name in given:
                value = given[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.init and f.default is not MISSING:
                value = f.default
            else:
                # init=False without a factory: the class attribute (if any) provides it
                continue
            if f._field_type == _FIELD_INITVAR:
                init_vars.append(value)
            elif frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__(*init_vars)

    return __init__


def _make_repr(qualname, fields):
    def __repr__(self):
        parts = [f.name + "=" + repr(getattr(self, f.name)) for f in fields if f.repr]
        return qualname + "(" + ", ".join(parts) + ")"

    return __repr__


def _make_eq(fields):
    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return self is other
        return tuple(getattr(self, f.name) for f in fields) == tuple(getattr(other, f.name) for f in fields)

    return __eq__


def _set_new_attribute(cls, name, value):
    # the class's own definition wins, as in CPython
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _process_class(cls, init, repr, eq, frozen, match_args, kw_only):
    fields = {}
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, "__dataclass_fields__", None)
        if base_fields is not None:
            for f in base_fields.values():
                fields[f.name] = f
    annotations = cls.__dict__.get("__annotations__", {})
    cls_fields = []
    kw_only_seen = False
    for name, annotation in annotations.items():
        if annotation in ("KW_ONLY", "dataclasses.KW_ONLY"):
            if kw_only_seen:
                raise TypeError(repr(name) + " is KW_ONLY, but KW_ONLY has already been specified")
            kw_only_seen = True
            kw_only = True
            continue
        cls_fields.append(_get_field(cls, name, annotation, kw_only))
    for f in cls_fields:
        fields[f.name] = f
        if _is_field(cls.__dict__.get(f.name)):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if _is_field(value) and name not in annotations:
            raise TypeError(repr(name) + " is a field but has no type annotation")
    setattr(cls, "__dataclass_fields__", fields)
    all_fields = list(fields.values())
    init_fields = [f for f in all_fields if f._field_type != _FIELD_CLASSVAR]
    std_params = [f for f in init_fields if f.init and not f.kw_only]
    kw_params = [f for f in init_fields if f.init and f.kw_only]
    qualname = cls.__qualname__
    if init:
        seen_default = False
        for f in std_params:
            if _has_default(f):
                seen_default = True
            elif seen_default:
                raise TypeError("non-default argument " + repr(f.name) + " follows default argument")
        has_post_init = hasattr(cls, "__post_init__")
        _set_new_attribute(cls, "__init__", _make_init(qualname, all_fields, std_params, kw_params, has_post_init, frozen))
    plain = [f for f in all_fields if f._field_type == _FIELD]
    if repr:
        _set_new_attribute(cls, "__repr__", _make_repr(qualname, plain))
    if eq:
        _set_new_attribute(cls, "__eq__", _make_eq([f for f in plain if f.compare]))
    if match_args:
        _set_new_attribute(cls, "__match_args__", tuple(f.name for f in std_params))
    if frozen:
        _set_new_attribute(cls, "__setattr__", _make_frozen_setattr(cls, fields))
    return cls


def _make_frozen_setattr(cls, fields):
    def __setattr__(self, name, value):
        if type(self) is cls or name in fields:
            raise FrozenInstanceError("cannot assign to field " + repr(name))
        object.__setattr__(self, name, value)

    return __setattr__


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    if order and not eq:
        raise ValueError("eq must be true if order is true")

    def wrap(cls):
        return _process_class(cls, init, repr, eq, frozen, match_args, kw_only)

    if cls is None:
        return wrap
    return wrap(cls)


def _fields_of(class_or_instance):
    found = getattr(class_or_instance, "__dataclass_fields__", None)
    if found is None:
        raise TypeError("must be called with a dataclass type or instance")
    return found


def fields(class_or_instance):
    return tuple(f for f in _fields_of(class_or_instance).values() if f._field_type == _FIELD)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, "__dataclass_fields__")


def _is_dataclass_instance(obj):
    return not isinstance(obj, type) and hasattr(type(obj), "__dataclass_fields__")


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return obj


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return obj


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in _fields_of(obj).values():
        if f._field_type == _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError("field " + f.name + " is declared with init=False, it cannot be specified with replace()")
            continue
        if f.name not in changes:
            if f._field_type == _FIELD_INITVAR and f.default is MISSING:
                raise ValueError("InitVar " + repr(f.name) + " must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
