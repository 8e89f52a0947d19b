# os: the environment and the file system are unknown to a static analysis.
import _tenscan
from os import path

sep = "/"
environ = {}


def getenv(key, default=None):
    return default


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
