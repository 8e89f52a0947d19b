# collections: namedtuple, deque, OrderedDict, defaultdict, Counter, as CPython 3.11 has them
# (Lib/collections/__init__.py): the same argument checks and error messages. The dict
# subclasses keep their entries where a dict does (see the dict natives in
# core/interp/builtins.cpp), so dict's own methods and isinstance(x, dict) work on them.
import _tenscan as _t

_KEYWORDS = ["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
             "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
             "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"]


def _names_list(names):
    # "'a' and 'b'" / "'a', 'b', and 'c'", as CPython's argument errors list them
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


# ---- namedtuple --------------------------------------------------------------------------

def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        index = 0
        for name in field_names:
            if not name.isidentifier() or name in _KEYWORDS or name.startswith("_") or name in seen:
                field_names[index] = "_" + str(index)
            seen.add(name)
            index += 1
    for name in [typename] + field_names:
        if not name.isidentifier():
            raise ValueError("Type names and field names must be valid identifiers: " + repr(name))
        if name in _KEYWORDS:
            raise ValueError("Type names and field names cannot be a keyword: " + repr(name))
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError("Field names cannot start with an underscore: " + repr(name))
        if name in seen:
            raise ValueError("Encountered duplicate field name: " + repr(name))
        seen.add(name)
    fields = tuple(field_names)
    num_fields = len(fields)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > num_fields:
            raise TypeError("Got more default values than field names")
        # (a loop over names and values, not over indices: see __init__ below)
        for name, value in zip(fields[num_fields - len(defaults):], defaults):
            field_defaults[name] = value
    required = num_fields - len(field_defaults)

    def __init__(self, *args, **kwargs):
        # the checks of the generated __new__(_cls, <fields>) with its defaults
        if len(args) > num_fields:
            if required == num_fields:
                takes = str(num_fields + 1)
            else:
                takes = "from " + str(required + 1) + " to " + str(num_fields + 1)
            raise TypeError(typename + ".__new__() takes " + takes + " positional arguments but " +
                            str(len(args) + 1) + " were given")
        for k in kwargs:
            if k not in fields:
                raise TypeError(typename + ".__new__() got an unexpected keyword argument " + repr(k))
            if k in fields[:len(args)]:
                raise TypeError(typename + ".__new__() got multiple values for argument " + repr(k))
        values = list(args)
        missing = []
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs[name])
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing.append(name)
        if missing:
            raise TypeError(typename + ".__new__() missing " + str(len(missing)) + " required positional argument" +
                            ("" if len(missing) == 1 else "s") + ": " + _names_list(missing))
        values = tuple(values)
        self.__tenscan_values__ = values
        # over (name, value) pairs: a loop over range(n) that indexes a list could be summarised
        # by the interpreter after one iteration, leaving fields unset
        for name, value in zip(fields, values):
            setattr(self, name, value)

    def _make(cls, iterable):
        values = tuple(iterable)
        if len(values) != num_fields:
            raise TypeError("Expected " + str(num_fields) + " arguments, got " + str(len(values)))
        return cls(*values)

    def _replace(self, **kwargs):
        unexpected = [k for k in kwargs if k not in fields]
        if unexpected:
            raise ValueError("Got unexpected field names: " + repr(unexpected))
        values = [kwargs[name] if name in kwargs else getattr(self, name) for name in fields]
        return type(self)(*values)

    def _asdict(self):
        return dict(zip(fields, self.__tenscan_values__))

    def __getnewargs__(self):
        return self.__tenscan_values__

    def __repr__(self):
        parts = [name + "=" + repr(value) for name, value in zip(fields, self.__tenscan_values__)]
        return typename + "(" + ", ".join(parts) + ")"

    namespace = {
        "__doc__": typename + "(" + ", ".join(fields) + ")",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__match_args__": fields,
        "__init__": __init__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__repr__": __repr__,
        "__str__": __repr__,
        "__getitem__": _nt_getitem,
        "__len__": _nt_len,
        "__iter__": _nt_iter,
        "__contains__": _nt_contains,
        "__eq__": _nt_eq,
        "__ne__": _nt_ne,
        "__add__": _nt_add,
        "__hash__": _nt_hash,
        "index": _nt_index,
        "count": _nt_count,
    }
    if module is None:
        # the module that called namedtuple(), as CPython takes it from sys._getframe(1)
        module = _t.frame_module(1)
    if module is not None:
        namespace["__module__"] = module
    return type(typename, (tuple,), namespace)


# the tuple behaviour every namedtuple class shares: over the values its __init__ stored

def _nt_getitem(self, index):
    return self.__tenscan_values__[index]


def _nt_len(self):
    return len(self.__tenscan_values__)


def _nt_iter(self):
    return iter(self.__tenscan_values__)


def _nt_contains(self, value):
    return value in self.__tenscan_values__


def _nt_eq(self, other):
    if isinstance(other, tuple):
        return self.__tenscan_values__ == tuple(other)
    return False


def _nt_ne(self, other):
    return not _nt_eq(self, other)


def _nt_add(self, other):
    if not isinstance(other, tuple):
        raise TypeError('can only concatenate tuple (not "' + type(other).__name__ + '") to tuple')
    return self.__tenscan_values__ + tuple(other)


def _nt_hash(self):
    return hash(self.__tenscan_values__)


def _nt_index(self, value, *args):
    return self.__tenscan_values__.index(value, *args)


def _nt_count(self, value):
    return self.__tenscan_values__.count(value)


# ---- deque ---------------------------------------------------------------------------------

class deque:
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self.maxlen = maxlen
        self._items = []
        self.extend(iterable)

    def _trim_left(self):
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop(0)

    def _trim_right(self):
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop()

    def append(self, x):
        self._items.append(x)
        self._trim_left()

    def appendleft(self, x):
        self._items.insert(0, x)
        self._trim_right()

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def insert(self, i, x):
        if self.maxlen is not None and len(self._items) >= self.maxlen:
            raise IndexError("deque already at its maximum size")
        self._items.insert(i, x)

    def remove(self, value):
        i = 0
        for x in self._items:
            if x == value:
                self._items.pop(i)
                return None
            i += 1
        raise ValueError(repr(value) + " is not in deque")

    def index(self, x, start=0, stop=None):
        n = len(self._items)
        if stop is None:
            stop = n
        i = 0
        for y in self._items:
            if start <= i and i < stop and y == x:
                return i
            i += 1
        raise ValueError(repr(x) + " is not in deque")

    def count(self, x):
        return self._items.count(x)

    def clear(self):
        self._items = []

    def copy(self):
        return deque(self._items, self.maxlen)

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        size = len(self._items)
        if size:
            n = n % size
            if n:
                self._items = self._items[size - n:] + self._items[:size - n]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return len(self._items) > 0

    def __iter__(self):
        return iter(self._items)

    def __reversed__(self):
        return reversed(self._items)

    def __contains__(self, x):
        return x in self._items

    def _check_index(self, index):
        if isinstance(index, slice):
            raise TypeError("sequence index must be integer, not 'slice'")

    def __getitem__(self, index):
        self._check_index(index)
        try:
            return self._items[index]
        except IndexError:
            raise IndexError("deque index out of range")

    def __setitem__(self, index, value):
        self._check_index(index)
        try:
            self._items[index] = value
        except IndexError:
            raise IndexError("deque index out of range")

    def __eq__(self, other):
        if isinstance(other, deque):
            return self._items == other._items
        return False

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "' + type(other).__name__ + '") to deque')
        return deque(self._items + other._items, self.maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __repr__(self):
        if self.maxlen is None:
            return "deque(" + repr(self._items) + ")"
        return "deque(" + repr(self._items) + ", maxlen=" + str(self.maxlen) + ")"


# ---- dict subclasses -------------------------------------------------------------------------

class OrderedDict(dict):
    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("expected at most 1 argument, got " + str(len(args)))
        self.update(*args, **kwargs)

    def move_to_end(self, key, last=True):
        value = self[key]
        dict.pop(self, key)
        if last:
            self[key] = value
        else:
            items = [(key, value)] + list(self.items())
            dict.clear(self)
            for k, v in items:
                self[k] = v

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        keys = list(self.keys())
        key = keys[-1] if last else keys[0]
        return key, dict.pop(self, key)

    def copy(self):
        return type(self)(self)

    def __repr__(self):
        return "OrderedDict(" + repr(list(self.items())) + ")"


class defaultdict(dict):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not _t.is_unknown(default_factory) and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        self.update(*args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self)

    def __repr__(self):
        return "defaultdict(" + repr(self.default_factory) + ", " + repr(dict(self)) + ")"


class Counter(dict):
    def __init__(self, iterable=None, **kwds):
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        # by count, highest first; equal counts keep their insertion order (a stable sort)
        items = sorted(self.items(), key=lambda kv: -kv[1])
        if n is None:
            return items
        return items[:n]

    def elements(self):
        out = []
        for elem, count in self.items():
            for _ in range(count):
                out.append(elem)
        return out

    def update(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) + count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return Counter(self)

    def __add__(self, other):
        result = Counter()
        for elem, count in self.items():
            total = count + other[elem]
            if total > 0:
                result[elem] = total
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        result = Counter()
        for elem, count in self.items():
            diff = count - other[elem]
            if diff > 0:
                result[elem] = diff
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __repr__(self):
        return "Counter(" + repr(dict(self.most_common())) + ")"
