# PyYAML 6.0, for the configurations a training script reads: safe_load() and its relatives of
# a text tenscan knows (a file of the project: builtins.open reads it) give its values, typed as
# PyYAML's safe loader types them (YAML 1.1: `yes` is True, `1e-3` a string); an unknown text
# gives an unknown value. Writing (dump, safe_dump) changes nothing tenscan follows.
import _configfile
import _tenscan as _t


class YAMLError(Exception):
    pass


class MarkedYAMLError(YAMLError):
    pass


class BaseLoader:
    def __init__(self, stream):
        self.stream = stream


class SafeLoader(BaseLoader):
    pass


class FullLoader(SafeLoader):
    pass


class UnsafeLoader(FullLoader):
    pass


Loader = UnsafeLoader
CLoader = UnsafeLoader
CSafeLoader = SafeLoader
CFullLoader = FullLoader


class SafeDumper:
    pass


Dumper = SafeDumper


def _text(stream):
    if isinstance(stream, str):
        return stream
    if isinstance(stream, bytes):
        return stream.decode()
    if hasattr(stream, "read"):
        read = stream.read()
        return read.decode() if isinstance(read, bytes) else read
    return _t.unknown_str()


def load(stream, Loader):
    # (the loaders differ in the Python objects they construct: a training configuration
    # holds the plain types every loader reads alike)
    return _configfile.parse(_text(stream), "yaml", "yaml.load()", YAMLError)


def safe_load(stream):
    return load(stream, SafeLoader)


def full_load(stream):
    return load(stream, FullLoader)


def unsafe_load(stream):
    return load(stream, UnsafeLoader)


def load_all(stream, Loader):
    return _t.unknown("yaml.load_all()")


def safe_load_all(stream):
    return _t.unknown("yaml.safe_load_all()")


def dump(data, stream=None, Dumper=Dumper, **kwds):
    return None if stream is not None else _t.unknown_str()


def safe_dump(data, stream=None, **kwds):
    return dump(data, stream)


def add_constructor(tag, constructor, Loader=None):
    return None


def add_representer(data_type, representer, Dumper=None):
    return None
