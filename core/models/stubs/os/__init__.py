# os: the environment and the file system are unknown to a static analysis.
import _tenscan
from os import path

sep = "/"

_NO_DEFAULT = object()


class _Environ(dict):
    # The environment is not known to a static analysis: a variable the script did not set
    # itself reads as an unknown string, and get() with a default gives the default (the
    # variable taken as unset, as on a plain CI machine); without one, get() is unknown (a
    # string or None).
    def __getitem__(self, key):
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return str(_tenscan.unknown("os.environ[" + repr(key) + "]"))

    def get(self, key, default=_NO_DEFAULT):
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        if default is _NO_DEFAULT:
            return _tenscan.unknown("os.environ.get(" + repr(key) + ")")
        return default

    def __contains__(self, key):
        if dict.__contains__(self, key):
            return True
        return _tenscan.unknown("whether " + repr(key) + " is in os.environ")

    def setdefault(self, key, default=None):
        if not dict.__contains__(self, key):
            dict.__setitem__(self, key, default)
        return dict.__getitem__(self, key)


environ = _Environ()


def getenv(key, default=_NO_DEFAULT):
    if default is _NO_DEFAULT:
        return environ.get(key)
    return environ.get(key, default)


def makedirs(name, mode=511, exist_ok=False):
    return None


def mkdir(path, mode=511):
    return None


def listdir(path="."):
    return _tenscan.unknown("os.listdir()")


def cpu_count():
    return _tenscan.unknown("os.cpu_count()")


def getcwd():
    return str(_tenscan.unknown("os.getcwd()"))


def remove(path):
    return None
