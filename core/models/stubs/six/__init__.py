# six (1.16): the Python 2/3 compatibility shim. On Python 3 every name is what it stands for
# (six.moves.range is range, six.string_types is (str,), six.moves.urllib is urllib), so the
# script's calls through six are the calls they make, checked or counted as such.
import builtins as _b
import sys as _sys

from six import moves

PY2 = False
PY3 = True
PY34 = True
MAXSIZE = _sys.maxsize

string_types = (_b.str,)
integer_types = (_b.int,)
class_types = (_b.type,)
text_type = _b.str
binary_type = _b.getattr(_b, "bytes", _b.str)

next = _b.next
advance_iterator = _b.next
callable = _b.callable
print_ = _b.print


def iteritems(d, **kw):
    return _b.iter(d.items())


def iterkeys(d, **kw):
    return _b.iter(d.keys())


def itervalues(d, **kw):
    return _b.iter(d.values())


def viewitems(d):
    return d.items()


def viewkeys(d):
    return d.keys()


def viewvalues(d):
    return d.values()


def b(s):
    return s.encode("latin-1")


def u(s):
    return s


def ensure_str(s, encoding="utf-8", errors="strict"):
    return s


def ensure_text(s, encoding="utf-8", errors="strict"):
    return s


def get_unbound_function(unbound):
    return unbound


def get_function_code(f):
    return f.__code__


def reraise(tp, value, tb=None):
    raise value


def raise_from(value, from_value):
    raise value


def with_metaclass(meta, *bases):
    # class C(with_metaclass(Meta, Base)): tenscan keeps the bases, not the metaclass
    return bases[0] if bases else _b.object


def add_metaclass(metaclass):
    def wrapper(cls):
        return cls
    return wrapper


def python_2_unicode_compatible(klass):
    return klass
