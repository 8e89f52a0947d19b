# os.path: string manipulation is exact; questions about the file system are unknown.
import _tenscan

sep = "/"


def join(a, *p):
    out = a
    for b in p:
        if b.startswith("/"):
            out = b
        elif out == "" or out.endswith("/"):
            out = out + b
        else:
            out = out + "/" + b
    return out


def exists(path):
    return _tenscan.unknown("os.path.exists()")


def isfile(path):
    return _tenscan.unknown("os.path.isfile()")


def isdir(path):
    return _tenscan.unknown("os.path.isdir()")


def basename(p):
    parts = p.split("/")
    return parts[len(parts) - 1]


def dirname(p):
    parts = p.split("/")
    return "/".join(parts[: len(parts) - 1])


def abspath(p):
    return p


def realpath(p):
    return p


def expanduser(p):
    return p


def splitext(p):
    return (p, "")
