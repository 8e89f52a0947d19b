# pathlib, as CPython 3.11 has it for the paths a training script builds: joins, names,
# suffixes and parents are computed from the string; whether a file exists, what a directory
# holds and what a file says are the file system's, unknown to a static analysis.
import _tenscan as _t


class PurePath:
    def __init__(self, *parts):
        text = ""
        for p in parts:
            p = str(p) if isinstance(p, PurePath) else p
            if not isinstance(p, str):
                raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)
            if p.startswith("/") or text == "":
                text = p
            elif p != "":
                text = text.rstrip("/") + "/" + p
        while len(text) > 1 and text.endswith("/"):
            text = text[:-1]
        self._text = "." if text == "" else text

    def __str__(self):
        return self._text

    def __fspath__(self):
        return self._text

    def __repr__(self):
        return type(self).__name__ + "(" + repr(self._text) + ")"

    def __truediv__(self, other):
        return type(self)(self._text, other)

    def __rtruediv__(self, other):
        return type(self)(other, self._text)

    def __eq__(self, other):
        return isinstance(other, PurePath) and self._text == other._text

    def __hash__(self):
        return hash(self._text)

    @property
    def parts(self):
        return tuple(p for p in self._text.split("/") if p != "")

    @property
    def name(self):
        return self._text.split("/")[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        i = self._text.rfind("/")
        if i < 0:
            return type(self)(".")
        if i == 0:
            return type(self)("/")
        return type(self)(self._text[:i])

    def joinpath(self, *others):
        return type(self)(self._text, *others)

    def with_suffix(self, suffix):
        return self.parent / (self.stem + suffix) if self._text.find("/") >= 0 else type(self)(self.stem + suffix)

    def with_name(self, name):
        return self.parent / name if self._text.find("/") >= 0 else type(self)(name)

    def as_posix(self):
        return self._text

    def is_absolute(self):
        return self._text.startswith("/")


class Path(PurePath):
    @classmethod
    def cwd(cls):
        return cls(str(_t.unknown("the working directory")))

    @classmethod
    def home(cls):
        return cls(str(_t.unknown("the home directory")))

    def resolve(self, strict=False):
        return self

    def absolute(self):
        return self

    def expanduser(self):
        return self

    def exists(self):
        return _t.unknown("whether " + self._text + " exists")

    def is_file(self):
        return _t.unknown("whether " + self._text + " is a file")

    def is_dir(self):
        return _t.unknown("whether " + self._text + " is a directory")

    def mkdir(self, mode=511, parents=False, exist_ok=False):
        return None

    def touch(self, mode=438, exist_ok=True):
        return None

    def unlink(self, missing_ok=False):
        return None

    def glob(self, pattern):
        return _t.unknown("Path.glob()")

    def rglob(self, pattern):
        return _t.unknown("Path.rglob()")

    def iterdir(self):
        return _t.unknown("Path.iterdir()")

    def read_text(self, encoding=None, errors=None):
        return str(_t.unknown("the text of " + self._text))

    def write_text(self, data, encoding=None, errors=None, newline=None):
        return len(data)

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return _t.unknown("Path.open()")


PosixPath = Path
PurePosixPath = PurePath
