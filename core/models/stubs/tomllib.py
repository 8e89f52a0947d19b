# tomllib (Python 3.11): load() of a file of the project opened in binary mode, and loads() of
# a text tenscan knows, give the file's values (a table's keys in sorted order); an unknown
# text gives an unknown value.
import _configfile
import _tenscan as _t


class TOMLDecodeError(ValueError):
    pass


def loads(s, /, *, parse_float=float):
    if not isinstance(s, str) and not _t.is_unknown(s):
        raise TypeError("Expected str object, not '" + type(s).__name__ + "'")
    return _configfile.parse(s, "toml", "tomllib.loads()", TOMLDecodeError)


def load(fp, /, *, parse_float=float):
    b = fp.read()
    if isinstance(b, str):
        raise TypeError("File must be opened in binary mode, e.g. use `open('foo.toml', 'rb')`")
    return loads(b.decode(), parse_float=parse_float)
