# The Python part of tenscan's builtins: the exception hierarchy and the iteration helpers.
# Natives (len, isinstance, getattr, super, min/max, int/str/list/dict, ...) are in
# core/interp/builtins.cpp and already bound in this module's namespace.
import _tenscan


class BaseException:
    def __init__(self, *args):
        self.args = args
        self.message = args[0] if args else ""


class Exception(BaseException):
    pass


class SystemExit(BaseException):
    def __init__(self, code=None, message=""):
        self.args = (code,)
        self.code = code
        self.message = message


class KeyboardInterrupt(BaseException):
    pass


class StopIteration(Exception):
    pass


class ArithmeticError(Exception):
    pass


class ZeroDivisionError(ArithmeticError):
    pass


class OverflowError(ArithmeticError):
    pass


class AssertionError(Exception):
    pass


class AttributeError(Exception):
    pass


class LookupError(Exception):
    pass


class IndexError(LookupError):
    pass


class KeyError(LookupError):
    pass


class NameError(Exception):
    pass


class UnboundLocalError(NameError):
    pass


class TypeError(Exception):
    pass


class ValueError(Exception):
    pass


class RuntimeError(Exception):
    pass


class NotImplementedError(RuntimeError):
    pass


class ImportError(Exception):
    pass


class ModuleNotFoundError(ImportError):
    pass


class OSError(Exception):
    pass


IOError = OSError
EnvironmentError = OSError


class FileNotFoundError(OSError):
    pass


class FileExistsError(OSError):
    pass


class Warning(Exception):
    pass


class UserWarning(Warning):
    pass


class DeprecationWarning(Warning):
    pass


def enumerate(iterable, start=0):
    s = _tenscan.summary_enumerate(iterable, start)
    if s is not None:
        return s
    return [(start + i, x) for i, x in _indexed(iterable)]


def _indexed(iterable):
    out = []
    i = 0
    for x in iterable:
        out.append((i, x))
        i += 1
    return out


def zip(*iterables):
    lists = [list(it) for it in iterables]
    if not lists:
        return []
    s = _tenscan.summary_zip(lists)
    if s is not None:
        return s
    n = min([len(l) for l in lists])
    return [tuple([l[i] for l in lists]) for i in range(n)]


def map(function, *iterables):
    if len(iterables) == 1:
        return [function(x) for x in iterables[0]]
    return [function(*args) for args in zip(*iterables)]


def filter(function, iterable):
    if function is None:
        return [x for x in iterable if x]
    return [x for x in iterable if function(x)]


def reversed(seq):
    items = list(seq)
    items.reverse()
    return items


def sorted(iterable, key=None, reverse=False):
    items = list(iterable)
    if _tenscan.is_unknown(items) or _tenscan.is_summary(items):
        # (a summary list's elements stand for some of its elements, in no known order: sorted,
        # it is the same summary)
        return items
    keys = [key(x) for x in items] if key is not None else list(items)
    # a stable insertion sort over the keys (values are usually few and often symbolic)
    for i in range(1, len(items)):
        j = i
        while j > 0 and keys[j - 1] > keys[j]:
            keys[j - 1], keys[j] = keys[j], keys[j - 1]
            items[j - 1], items[j] = items[j], items[j - 1]
            j -= 1
    if reverse:
        items.reverse()
    return items


def sum(iterable, start=0):
    total = start
    for x in iterable:
        total = total + x
    return total


def any(iterable):
    for x in iterable:
        if x:
            return True
    return False


def all(iterable):
    for x in iterable:
        if not x:
            return False
    return True


def divmod(a, b):
    return (a // b, a % b)


def pow(a, b, mod=None):
    if mod is None:
        return a ** b
    return (a ** b) % mod


def format(value, spec=""):
    return str(value)


def input(prompt=""):
    return _tenscan.unknown_str()


def exec(source, globals=None, locals=None, closure=None):
    # code tenscan does not see: the names it binds read as unknown (never a NameError)
    _tenscan.exec_names()
    return None


def eval(source, globals=None, locals=None):
    return _tenscan.unmodelled("eval")


def compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1):
    return _tenscan.unmodelled("compile")


def breakpoint(*args, **kws):
    return None


def __import__(name, globals=None, locals=None, fromlist=(), level=0):
    module = _tenscan.import_module(name)
    if fromlist or _tenscan.const_str(name) is None:
        return module
    return _tenscan.import_module(name.split(".")[0])


class TextIOWrapper:
    """What open() gives: a file tenscan does not read. Its lines and reads are strings the data
    decides, and a loop over it runs for as many lines as the file has (an unknown number).
    `name` is the path it was opened with: torch.load of a file torch.save wrote in the same
    run gives back what was saved, and tenscan.json's data hints apply to it."""

    def __init__(self, file, mode="r"):
        self.name = file
        self.mode = mode
        self.closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __iter__(self):
        return _tenscan.summary_iter([_tenscan.unknown_str()])

    def __next__(self):
        return _tenscan.unknown_str()

    def read(self, size=-1):
        # a text file of the project is read (a configuration json.load parses); any other
        # file's content is unknown
        if size == -1 and _tenscan.const_str(self.name) is not None and "r" in self.mode:
            if "b" in self.mode:
                return bytes._of_text(_tenscan.read_text(self.name))
            return _tenscan.read_text(self.name)
        if "b" in self.mode:
            return bytes()
        return _tenscan.unknown_str()

    def readline(self, size=-1):
        return _tenscan.unknown_str()

    def readlines(self, hint=-1):
        return list(self)

    def write(self, s):
        return len(s)

    def writelines(self, lines):
        return None

    def close(self):
        self.closed = True

    def flush(self):
        return None

    def seek(self, offset, whence=0):
        return _tenscan.unknown("file position")

    def tell(self):
        return _tenscan.unknown("file position")

    def fileno(self):
        return _tenscan.unknown("file descriptor")

    def isatty(self):
        return False

    def readable(self):
        return "r" in self.mode or "+" in self.mode

    def writable(self):
        return "r" not in self.mode or "+" in self.mode


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    return TextIOWrapper(file, mode)


def exit(code=None):
    raise SystemExit(code)


quit = exit


# the rest of CPython 3.11's exception hierarchy


class GeneratorExit(BaseException):
    pass


class BaseExceptionGroup(BaseException):
    pass


class ExceptionGroup(Exception):
    pass


class StopAsyncIteration(Exception):
    pass


class FloatingPointError(ArithmeticError):
    pass


class BufferError(Exception):
    pass


class EOFError(Exception):
    pass


class MemoryError(Exception):
    pass


class ReferenceError(Exception):
    pass


class SystemError(Exception):
    pass


class RecursionError(RuntimeError):
    pass


class SyntaxError(Exception):
    pass


class IndentationError(SyntaxError):
    pass


class TabError(IndentationError):
    pass


class UnicodeError(ValueError):
    pass


class UnicodeDecodeError(UnicodeError):
    pass


class UnicodeEncodeError(UnicodeError):
    pass


class UnicodeTranslateError(UnicodeError):
    pass


class BlockingIOError(OSError):
    pass


class ChildProcessError(OSError):
    pass


class ConnectionError(OSError):
    pass


class BrokenPipeError(ConnectionError):
    pass


class ConnectionAbortedError(ConnectionError):
    pass


class ConnectionRefusedError(ConnectionError):
    pass


class ConnectionResetError(ConnectionError):
    pass


class InterruptedError(OSError):
    pass


class IsADirectoryError(OSError):
    pass


class NotADirectoryError(OSError):
    pass


class PermissionError(OSError):
    pass


class ProcessLookupError(OSError):
    pass


class TimeoutError(OSError):
    pass


class PendingDeprecationWarning(Warning):
    pass


class RuntimeWarning(Warning):
    pass


class SyntaxWarning(Warning):
    pass


class FutureWarning(Warning):
    pass


class ImportWarning(Warning):
    pass


class UnicodeWarning(Warning):
    pass


class BytesWarning(Warning):
    pass


class ResourceWarning(Warning):
    pass


class EncodingWarning(Warning):
    pass


# ---- the remaining builtins of CPython 3.11 --------------------------------------------------

def chr(i):
    return _tenscan.unknown_str()


def ord(c):
    if _tenscan.const_str(c) is not None:
        if len(c) != 1:
            raise TypeError("ord() expected a character, but string of length " + str(len(c)) + " found")
    return _tenscan.unknown("ord()")


def _digits(x, base, prefix):
    if _tenscan.const_int(x) is None:
        return _tenscan.unknown_str()
    if x == 0:
        return prefix + "0"
    sign = "-" if x < 0 else ""
    x = -x if x < 0 else x
    out = ""
    while x > 0:
        out = "0123456789abcdef"[x % base] + out
        x = x // base
    return sign + prefix + out


def bin(x):
    return _digits(x, 2, "0b")


def oct(x):
    return _digits(x, 8, "0o")


def hex(x):
    return _digits(x, 16, "0x")


def ascii(obj):
    return repr(obj)


def dir(obj=None):
    # the names an object has: tenscan lists them only in part
    return _tenscan.summary_iter([_tenscan.unknown_str()])


def locals():
    return _tenscan.unknown("locals()")


class complex:
    def __init__(self, real=0, imag=0):
        self.real = real
        self.imag = imag


class bytes:
    def __init__(self, source=None, encoding=None, errors=None):
        self._source = source
        # the UTF-8 text these bytes encode, when tenscan knows it (a file of the project
        # read in binary mode)
        self._text = source if isinstance(source, str) and encoding is not None else None

    @staticmethod
    def _of_text(text):
        b = bytes()
        b._text = text if _tenscan.const_str(text) is not None else None
        return b

    def decode(self, encoding="utf-8", errors="strict"):
        if self._text is not None:
            return self._text
        return _tenscan.unknown_str()

    def __len__(self):
        return _tenscan.unknown("len(bytes)")


class bytearray(bytes):
    pass


class memoryview:
    def __init__(self, obj):
        self.obj = obj


class frozenset:
    def __init__(self, iterable=()):
        self._items = set(iterable)

    def __contains__(self, x):
        return x in self._items

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)


def help(*args, **kwds):
    return None


def aiter(x):
    return x


def anext(x, *default):
    return _tenscan.unknown("anext()")


copyright = None
credits = None
license = None
