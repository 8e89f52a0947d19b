# absl.flags (and TensorFlow 1's tf.app.flags / tf.flags, the same module): DEFINE_* declare
# flags with their defaults, FLAGS reads them from the command line given after
# `tenscan check SCRIPT --` (--name=value, --name value, and for booleans --name / --noname), as
# absl parses them. The flags are parsed when first read, again after more are defined.
import builtins as _b
import sys
import argparse as _argparse


class Error(Exception):
    pass


class IllegalFlagValueError(Error):
    pass


class UnrecognizedFlagError(Error):
    pass


def _boolean(text):
    t = text.lower()
    if t in ("true", "t", "1", "yes", "y"):
        return True
    if t in ("false", "f", "0", "no", "n"):
        return False
    raise ValueError("Non-boolean argument to boolean flag")


class FlagValues:
    def __init__(self):
        self._parser = _argparse.ArgumentParser(add_help=False)
        self._names = []
        self._values = None

    def _define(self, name, default, type_=None, boolean=False, choices=None):
        if name in self._names:
            raise Error("The flag '" + name + "' is defined twice.")
        self._names.append(name)
        if boolean:
            self._parser.add_argument("--" + name, dest=name, nargs="?", const=True, default=default, type=_boolean)
            self._parser.add_argument("--no" + name, dest=name, action="store_false")
        else:
            self._parser.add_argument("--" + name, dest=name, default=default, type=type_, choices=choices)
        self._values = None  # (parsed again when read)

    def _parsed(self):
        if self._values is None:
            ns, _ = self._parser.parse_known_args(sys.argv[1:])
            self._values = ns
        return self._values

    def __getattr__(self, name):
        # (only names not set on the object come here: a flag, or TensorFlow 1's FLAGS.__flags)
        if name == "__flags":
            return self.flag_values_dict()
        if name.startswith("_") or name not in self._names:
            raise AttributeError(name)
        return _b.getattr(self._parsed(), name)

    def __getitem__(self, name):
        return _Flag(name, self.__getattr__(name))

    def __contains__(self, name):
        return name in self._names

    def __call__(self, argv, known_only=False):
        self._parsed()
        return _b.list(argv)

    def flag_values_dict(self):
        return {n: self.__getattr__(n) for n in self._names}

    def is_parsed(self):
        return True

    def mark_as_parsed(self):
        pass

    def unparse_flags(self):
        pass


class _Flag:
    def __init__(self, name, value):
        self.name = name
        self.value = value


FLAGS = FlagValues()


def DEFINE_string(name, default, help=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default)


def DEFINE_integer(name, default, help=None, lower_bound=None, upper_bound=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default, _b.int)


def DEFINE_float(name, default, help=None, lower_bound=None, upper_bound=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default, _b.float)


def DEFINE_boolean(name, default, help=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default, boolean=True)


DEFINE_bool = DEFINE_boolean


def DEFINE_enum(name, default, enum_values, help=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default, choices=_b.list(enum_values))


def DEFINE_list(name, default, help=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default, lambda s: s.split(","))


def DEFINE_multi_string(name, default, help=None, flag_values=FLAGS, **kwargs):
    flag_values._define(name, default)


def mark_flag_as_required(name, flag_values=FLAGS):
    pass


def mark_flags_as_required(names, flag_values=FLAGS):
    pass
